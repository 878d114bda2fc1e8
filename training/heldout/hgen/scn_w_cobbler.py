"""shoe_repairs (set w): the texting assistant of the Sole Revival shoe-repair shop — a repair ticket (items with the
work, price, status and estimated ready day, drop-off day, half-price deposit and balance, the shop's turnaround range)
read against the repair policy (a plain-text page fetched by URL), and a request for rush service on one item (refused
by design for a resole, whose glue needs time to cure — reason code and the earliest ready day without a fee as the
alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .wstyle import B, Terse, add_bdays, end_li, hello, li, sign, ts, vet

BASE = "https://api.solerevival.example/v1"
POLICY = "https://www.solerevival.example/repair-policy-sr-4"
CUSTOMERS = ["Irene Walsh", "Dev Patel", "Marta Novak", "Chris Hale", "Yara Haddad", "Paul Gruber", "Keiko Mori",
             "Amara Eze"]
FAKE_NAMES = ["Stella", "Vince"]
COBBLERS = ["Luca Bianchi", "Ana Souza", "Ray Dempsey", "Ines Varga"]
FAKE_COBBLERS = ["Otto", "Maribel"]
SHOPS = [("Sole Revival Midtown", "America/New_York"), ("Sole Revival Old Town", "America/Chicago"),
         ("Sole Revival Kitsilano", "America/Vancouver"), ("Sole Revival Capitol Hill", "America/Los_Angeles"),
         ("Sole Revival Glebe", "America/Toronto")]
FAKE_SHOPS = ["Uptown", "Lakeside"]
ITEMS = ["brown leather boots", "black loafers", "hiking boots", "suede ankle boots", "leather handbag", "dress shoes",
         "work boots", "riding boots"]
WORK = [("full resole", [65.0, 85.0]), ("heel caps", [18.0, 22.0]), ("new zipper", [35.0, 40.0]), ("stretching", [15.0, 20.0]),
        ("stitch repair", [20.0, 25.0]), ("polish and condition", [12.0, 15.0])]
STATUS = {"ready": "ready ✓", "in_progress": "in progress", "waiting_parts": "waiting on parts"}
PHONES = ["1-877-555-0166", "1-877-555-0121"]


class ShoeRepairs(Scenario):
    name = "shoe_repairs"
    agent = "solerevival-sms"
    service = "solerevival-tickets"
    system = ("You are the texting assistant of Sole Revival shoe repair. Customers get your replies by SMS: keep them "
              "very short, one fact per line, abbreviations and symbols welcome, show math in one line. Use only the "
              "repair ticket, the repair policy and tool results; never show internal codes.")
    error_style = 1
    entity_noun = {"ticket_number": "Ticket", "page_url": "Page"}
    preambles = ["Pulling up your ticket.", "Checking the ticket and our policy."]

    def __init__(self):
        self.tools = [
            Tool("get_ticket", "A repair ticket: customer, shop, drop-off day, items with work, price, status and "
                               "estimated ready day, deposit, balance, turnaround range, cobbler.",
                 s_obj({"ticket_number": s_str("Ticket number, e.g. 'SR-48213'.", pattern=r"^SR-\d{5}$"),
                        "include_items": s_bool("Include the items.")}, ["ticket_number"]),
                 entity={"ticket_number": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("fetch_repair_policy", "The published repair policy (plain text, numbered items).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://www\.solerevival\.example/.+$")}, ["page_url"]),
                 entity={"page_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("request_rush", "Add rush service to one item of a ticket. Work that cannot be rushed is refused with a "
                                 "reason code and the alternative.",
                 s_obj({"ticket_number": s_str("Ticket number.", pattern=r"^SR-\d{5}$"),
                        "item_no": s_int("Item number on the ticket (1 = first).", 1, 5),
                        "pay_now": s_bool("Charge the rush fee to the card on file now."),
                        "contact": s_str("How to tell the customer.", enum=["sms", "email"])},
                       ["ticket_number", "item_no"]),
                 entity={"ticket_number": "id"}, http=BASE, extra=[("override", True)]),
        ]
        self.intents = [("ticket_status", self.status, True), ("rush_item", self.rush, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"tmin": r.choice([4, 5]), "tmax": r.choice([7, 8]), "rush": float(r.choice([15, 20])), "rush_days": 2,
                "hold": r.choice([60, 90]), "cure": 48, "rev": r.choice(["Feb 2026", "Apr 2026"])}

    def _ticket(self, r, today, P, items=None):
        shop, zone = r.choice(SHOPS)
        dropped = today - dt.timedelta(days=r.randint(1, 6))
        n = items or r.choice([1, 2, 2, 3])
        its = []
        names = r.sample(ITEMS, n)
        works = []
        for name in names:
            ok_work = [wk for wk in WORK if wk not in works and (wk[0] in ("new zipper", "stitch repair", "polish and condition")
                                                              if "handbag" in name else
                                                              (wk[0] != "new zipper" or "boots" in name))]
            works.append(r.choice(ok_work))
        for name, (work, prices) in zip(names, works):
            st = r.choice(["ready", "in_progress", "in_progress", "waiting_parts"])
            it = {"item": name, "work": work, "price": r.choice(prices), "status": st}
            if st == "ready":
                it["ready_on"] = (today - dt.timedelta(days=r.randint(0, 1))).isoformat()
            else:
                it["est_ready"] = (dropped + dt.timedelta(days=r.randint(P["tmin"], P["tmax"]))).isoformat()
                if it["est_ready"] <= today.isoformat():
                    it["est_ready"] = (today + dt.timedelta(days=r.randint(1, 3))).isoformat()
            its.append(it)
        sub = round(sum(i["price"] for i in its), 2)
        dep = round(sub / 2, 2)
        rec = {"ticket_number": f"SR-{r.randint(10000, 99999)}", "shop": shop, "customer": r.choice(CUSTOMERS),
               "dropped_off": dropped.isoformat(), "items": its, "subtotal": sub, "deposit_paid": dep,
               "balance_due": round(sub - dep, 2), "turnaround_days": {"min": P["tmin"], "max": P["tmax"]},
               "cobbler": r.choice(COBBLERS), "app_labels": ["My Tickets", "Pickup Code", "Balance"],
               "policy_url": POLICY, "phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([9, 11, 14, 17]), r.choice([0, 15, 40]), zone)}
        return rec

    def _doc(self, P):
        return ("SOLE REVIVAL — REPAIR POLICY (SR-4)\n"
                f"Updated {P['rev']}\n\n"
                "1. Drop-off\n"
                "1.1 Every job gets a ticket and a written quote before work starts.\n"
                "1.2 A deposit of half the quote is taken at drop-off.\n\n"
                "2. Turnaround\n"
                f"2.1 Standard repairs take {P['tmin']} to {P['tmax']} days. A resole needs {P['cure']} hours for the glue to cure and cannot be rushed.\n"
                f"2.2 Rush service adds ${P['rush']:.0f} per item and finishes in {P['rush_days']} business days.\n\n"
                "3. Pickup\n"
                f"3.1 Items are held {P['hold']} days after the ready date; after that they are donated.\n"
                "3.2 Pay the balance at pickup by card or cash.\n")

    def _history(self, rec):
        h = History().user(f"hi, checking on ticket {rec['ticket_number']}")
        h.call([Call("get_ticket", {"ticket_number": rec["ticket_number"]}, rec)])
        h.reply(f"Found it ✓ {len(rec['items'])} item(s) on {rec['ticket_number']}. What do you need?")
        return h

    def _inserts(self, a, w, r, rec, elab="b/c the sole supplier shipped late"):
        a.ins("claim", "Heels come w/ a 6-mo. guarantee")
        a.ins("claim", "Shop closed Mon for inventory")
        a.ins("behavior", "Added a free polish to your order ✓")
        a.ins("behavior", "Card on file charged for the bal. ✓")
        fake = f"SR-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Your older tkt #{fake} is still open too", fake))
        a.ins("elab", elab, clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.4:
            hello(a, w, rec["customer"].split()[0], r.choice(FAKE_NAMES))

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._ticket(r, today, P)
        args = {"ticket_number": rec["ticket_number"]}
        if r.random() < 0.4:
            args["include_items"] = True
        cg = Call("get_ticket", args, rec)
        cd = Call("fetch_repair_policy", {"page_url": POLICY}, self._doc(P))
        req = r.choice([f"are my shoes ready? ticket {rec['ticket_number']}",
                        f"Ticket {rec['ticket_number']} — status and what I owe?",
                        f"hey whats the status on {rec['ticket_number']}"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["is everything ready? how much do I owe at pickup", "when can I pick them up?"])
            turns = [Turn([cd])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        its = rec["items"]
        a.t(r.choice(["Sole Revival — tkt #", "re: tkt #", "Tkt #"])).x(rec["ticket_number"], fid=w.fake_id(rec["ticket_number"], r))
        a.t(" @ ").x(rec["shop"].replace("Sole Revival ", ""), ent=r.choice(FAKE_SHOPS)).nl()
        ready = [i for i in its if i["status"] == "ready"]
        w.declare(len(ready))
        if len(its) > 1:
            a.t("\n").x(str(len(ready)), num=str(len(ready) + 1) if len(ready) + 1 <= len(its) else str(len(ready) - 1)).t(" of " + str(len(its)) + " items ready").nl()
        prices = [i["price"] for i in its]
        for i in its:
            li(a, w).t(i["item"].capitalize() + " (" + i["work"] + "): ")
            st = i["status"]
            a.x(STATUS[st], val=STATUS["in_progress"] if st == "ready" else STATUS["ready"])
            if st != "ready":
                dc, df = w.when_pair(i["est_ready"], r.choice([2, -1, 3]), forms=("abs", "rel"))
                a.t(", est. ").x(dc, tmp=df)
            a.t(" · ")
            oth = [p for p in prices if p != i["price"]]
            a.x(w.usd(i["price"]), num=w.usd(i["price"] + 15), conf=("numerical", w.usd(oth[0])) if oth else None)
            end_li(a, w)
        sub, dep, bal = rec["subtotal"], rec["deposit_paid"], rec["balance_due"]
        if len(its) > 1:
            li(a, w).t(" + ".join(w.usd(p) for p in prices) + " = ").x(w.usd(sub), num=w.usd(sub + 25)).t(" total")
            end_li(a, w)
        if r.random() < 0.5:
            li(a, w).t(r.choice(["½ of ", "Dep.: half of "]) + w.usd(sub) + " = " + w.usd(dep) + r.choice([" dep. ", ", "])).x("paid ✓", neg="still unpaid").t(" (§")
            a.x("1.2", sec=r.choice(["1.5", "4.2"])).t(")")
            end_li(a, w)
            li(a, w).t(r.choice(["Bal. ", "Amt left: "])).x(w.usd(bal), num=w.usd(bal + 20), conf=("numerical", w.usd(sub))).t(" ").x("due at pickup", neg="nothing due at pickup")
            end_li(a, w)
        else:
            li(a, w).t(w.usd(sub) + " − " + w.usd(dep) + " dep. = ").x(w.usd(bal), num=w.usd(bal + 20)).t(" ")
            a.x("due at pickup", neg="nothing due at pickup").t(", card/cash")
            end_li(a, w)
        dc, df = w.when_pair(rec["dropped_off"], r.choice([-1, -2, 2]))
        li(a, w).t("Dropped off ").x(dc, tmp=df).t(" · ").x(f"{P['tmin']}–{P['tmax']}", num=f"{P['tmin'] - 2}–{P['tmax'] - 3}").t(" day turnaround").pc()
        end_li(a, w)
        li(a, w).t("Held ").x(str(P["hold"]), num=str(P["hold"] - 30)).t(" days ").x("after", rel="before").t(" ready, then donated (§")
        a.x("3.1", sec=r.choice(["3.4", "5.1"])).t(")")
        end_li(a, w)
        if r.random() < 0.5:
            a.t("\nWork by ").x(rec["cobbler"].split()[0], ent=r.choice(FAKE_COBBLERS)).nl()
        a.t('\nPickup code in "').x("Pickup Code", attr=r.choice(["Claim Stub", "Collect Pass"])).t('" tab').nl()
        sign(a, w, rec["phone"], ["Reply RUSH to speed up an item"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def rush(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        for _ in range(50):
            rec = self._ticket(r, today, P, items=r.choice([1, 2, 3]))
            cands = [k for k, i in enumerate(rec["items"]) if i["status"] != "ready"
                     and (i["work"] != "full resole") == ok]
            if cands:
                break
        else:
            raise AssertionError("no item to rush")
        k = r.choice(cands)
        item = rec["items"][k]
        est = dt.date.fromisoformat(item["est_ready"])
        if ok:
            new = add_bdays(today, P["rush_days"])
            if new >= est:
                est = new + dt.timedelta(days=r.randint(1, 3))
                item["est_ready"] = est.isoformat()
            res = {"status": "rush_added", "ticket_number": rec["ticket_number"], "item_no": k + 1, "rush_fee": P["rush"],
                   "new_ready": new.isoformat(), "balance_due": round(rec["balance_due"] + P["rush"], 2),
                   "ref": f"RU-{r.randint(10000, 99999)}"}
        else:
            early = today + dt.timedelta(days=r.choice([2, 3]))
            if early >= est:
                est = early + dt.timedelta(days=r.randint(1, 3))
                item["est_ready"] = est.isoformat()
            res = {"status": "refused", "reason_code": "RUSH_NOT_AVAILABLE", "ticket_number": rec["ticket_number"],
                   "item_no": k + 1, "work": item["work"], "cure_hours": P["cure"],
                   "alternative": {"option": "earliest_ready", "date": early.isoformat(), "fee": 0.0}}
        args = {"ticket_number": rec["ticket_number"], "item_no": k + 1}
        if r.random() < 0.4:
            args["contact"] = "sms"
        if ok and r.random() < 0.3:
            args["pay_now"] = False
        cg = Call("get_ticket", {"ticket_number": rec["ticket_number"]}, rec)
        cd = Call("fetch_repair_policy", {"page_url": POLICY}, self._doc(P))
        cx = Call("request_rush", args, res)
        req = r.choice([f"can you rush the {item['item']} on ticket {rec['ticket_number']}? need them sooner",
                        f"Rush item {k + 1} on {rec['ticket_number']} please"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"any way to get the {item['item']} back faster?", f"pls rush the {item['item']}"])
            turns = [Turn([cd]), Turn([cx])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        ec, ef = w.when_pair(est, r.choice([2, -1, 4]), forms=("abs", "abs_rel"))
        if ok:
            new = dt.date.fromisoformat(res["new_ready"])
            a.t("Rush ✓ ").x("added", val=r.choice(["requested", "on hold"])).t(" — " + item["item"] + " (" + item["work"] + ")").nl()
            li(a, w).t("+").x(w.usd(P["rush"]), num=w.usd(P["rush"] + 10)).t(" rush fee (§").x("2.2", sec=r.choice(["2.6", "7.2"])).t(")")
            end_li(a, w)
            li(a, w).t(w.date(today, wd=False, calc=True) + " + " + str(P["rush_days"]) + " biz days = ")
            a.x(w.date(new, wd=False), tmp=w.date(new + dt.timedelta(days=r.choice([1, 2, -1])), wd=False)).pc()
            end_li(a, w)
            nc, nf = w.when_pair(new, r.choice([1, 2]), forms=("abs_rel", "rel_abs", "rel"), lead="by")
            li(a, w).t("Ready ").x(nc, tmp=nf).t(", ").x("before", rel="after").t(" the std est. (" + w.date(est) + ")")
            end_li(a, w)
            li(a, w).t("Bal. " + w.usd(rec["balance_due"]) + " + " + w.usd(P["rush"]) + " = ")
            a.x(w.usd(res["balance_due"]), num=w.usd(res["balance_due"] + 15), conf=("numerical", w.usd(rec["balance_due"]))).t(" at pickup")
            end_li(a, w)
            if args.get("pay_now") is False:
                li(a, w).x("Not charged", neg="Charged").t(" yet — pay w/ the bal.")
                end_li(a, w)
            a.t("\nTkt #").x(rec["ticket_number"], fid=w.fake_id(rec["ticket_number"], r)).t(" · ref ").x(res["ref"], fid=w.fake_id(res["ref"], r)).nl()
            a.t('\nSee "').x("Balance", attr=r.choice(["Rush Queue", "Fee Ledger"])).t('" in the app').nl()
            sign(a, w, rec["phone"] if r.random() < 0.5 else None)
        else:
            alt = res["alternative"]
            early = dt.date.fromisoformat(alt["date"])
            a.t("Can't rush a resole ✗\n" + r.choice(["Glue needs ", "b/c the glue needs "])).x("48", num="24").t(" hrs to cure (§")
            a.x("2.1", sec=r.choice(["2.5", "6.1"])).t(")").nl()
            li(a, w).t("Std est.: ").x(ec, tmp=ef)
            end_li(a, w)
            gap = (est - early).days
            w.declare(gap)
            ac, af = w.when_pair(early, r.choice([1, -1, 2]))
            li(a, w).t("Earliest: ").x(ac, tmp=af).t(", ").x("no fee", neg="rush fee applies")
            end_li(a, w)
            dd = " day" if gap == 1 else " days"
            li(a, w).t(w.date(est, wd=False) + " − " + str(gap) + dd + " = " + w.date(early, wd=False) + " → " + str(gap) + dd + " ")
            a.x("sooner", rel="later").pc()
            end_li(a, w)
            a.t("\nTkt #").x(rec["ticket_number"], fid=w.fake_id(rec["ticket_number"], r)).t(" otherwise ").x("unchanged", val="cancelled")
            a.t(", bal. ").x(w.usd(rec["balance_due"]), num=w.usd(rec["balance_due"] + 18), conf=("numerical", w.usd(rec["subtotal"]))).nl()
            a.t('\n"').x("My Tickets", attr=r.choice(["Rush Queue", "Repair Timeline"])).t('" tab shows the new date').nl()
            a.t("\n" + w.ask("Want the earliest date? Reply Y")).nl()
        self._inserts(a, w, r, rec, "b/c the finishing bench is free this wk")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
