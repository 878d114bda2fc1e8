"""baggage_claims (set v): the customer helper of Aurora Air's baggage desk — a delayed-bag file (flight, bag, where the
bag is now, delivery window, days searched, the allowance for essentials and the receipts sent so far, the receipt
deadline) read against the delayed-baggage rules (a plain-text page fetched by URL), and a claim for essentials bought
while waiting (refused by design when it is more than what is left of the allowance — reason code and a payment of the
rest of the allowance as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_num, s_obj, s_str
from .vstyle import B, Plain, add_bdays, closing, means_list, opener, ts, vet

BASE = "https://bags.auroraair.example/api/v3"
RULES = "https://www.auroraair.example/help/delayed-baggage-rules-ab-3"
PASSENGERS = ["Dana Whitcomb", "Luis Ortega", "Mei Tanaka", "Priya Raman", "Owen Gallagher", "Fatima Haddad",
              "Colette Marchand", "Jordan Pike"]
FAKE_NAMES = ["Gloria Benton", "Marcus Hale"]
AIRPORTS = [("YVR", "Vancouver", "America/Vancouver"), ("YYC", "Calgary", "America/Edmonton"),
            ("YYZ", "Toronto", "America/Toronto"), ("YHZ", "Halifax", "America/Halifax"),
            ("YWG", "Winnipeg", "America/Winnipeg"), ("DEN", "Denver", "America/Denver"),
            ("PHX", "Phoenix", "America/Phoenix"), ("ORD", "Chicago", "America/Chicago"),
            ("BOS", "Boston", "America/New_York")]
FAKE_CITIES = ["Ottawa", "Seattle", "Montreal"]
BAGS = ["black upright suitcase", "blue duffel bag", "gray hard-shell suitcase", "red backpack", "green garment bag"]
PHONES = ["1-800-555-0147", "1-800-555-0162"]
STATUS = {"located": "we found your bag", "in_transit": "your bag is on its way to you",
          "out_for_delivery": "your bag is out for delivery", "searching": "we're still looking for your bag"}


class BaggageClaims(Scenario):
    name = "baggage_claims"
    agent = "aurora-bag-helper"
    service = "auroraair-baggage-desk"
    system = ("You are the baggage helper of Aurora Air. You explain a customer's delayed-bag file to them in plain, warm "
              "language that anyone can follow: short sentences, everyday words, no codes or jargon. Use only the bag file "
              "and the published baggage rules, and end with a clear next step.")
    error_style = 2
    entity_noun = {"file_number": "Bag file", "page_url": "Page"}
    preambles = ["Let me pull up your bag file.", "One moment while I check your bag file."]

    def __init__(self):
        self.tools = [
            Tool("get_bag_file", "A delayed-bag file: passenger, flight, bag, status, where the bag is, delivery window, "
                                 "days searched, allowance for essentials, receipts sent, receipt deadline.",
                 s_obj({"file_number": s_str("Bag file number, e.g. 'YYZAU48213'.", pattern=r"^[A-Z]{3}AU\d{5}$"),
                        "include_expenses": s_bool("Include the receipts sent so far.")}, ["file_number"]),
                 entity={"file_number": "id"}, http=BASE, extra=[("include_scans", True)]),
            Tool("fetch_baggage_rules", "The published delayed-baggage rules (plain text, numbered items).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://www\.auroraair\.example/help/.+$")}, ["page_url"]),
                 entity={"page_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("submit_expense_claim", "Claim essentials bought while the bag was delayed. A claim over the allowance left "
                                         "is refused with a reason code and the alternative.",
                 s_obj({"file_number": s_str("Bag file number.", pattern=r"^[A-Z]{3}AU\d{5}$"),
                        "amount": s_num("Amount claimed in dollars.", 1, 1000),
                        "category": s_str("What was bought.", enum=["toiletries", "clothing", "medication", "other"]),
                        "receipt_count": s_int("Receipts attached.", 1, 10)},
                       ["file_number", "amount", "category"]),
                 entity={"file_number": "id"}, http=BASE, extra=[("skip_review", True)]),
        ]
        self.intents = [("bag_status", self.status, True), ("claim_expenses", self.claim, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"daily": r.choice([50, 60, 75]), "days": 3, "trace": 21, "receipts": r.choice([21, 30]),
                "pay": r.choice([5, 7]), "rev": r.choice(["4", "5"])}

    def _file(self, r, today, P, status=None):
        org, dst = r.sample(AIRPORTS, 2)
        zone = dst[2]
        k = r.randint(2, 9)
        flown = today - dt.timedelta(days=k)
        status = status or r.choice(["located", "in_transit", "out_for_delivery", "searching"])
        limit = P["daily"] * P["days"]
        spent = round(r.uniform(0.25, 0.8) * limit, 2)
        if r.random() < 0.4:
            spent = float(round(spent))
        rec = {"file_number": f"{dst[0]}AU{r.randint(10000, 99999)}", "passenger": r.choice(PASSENGERS),
               "flight": {"number": f"AU {r.randint(100, 989)}", "from": org[0], "to": dst[0], "date": flown.isoformat()},
               "bag": {"tag": f"AU{r.randint(100000, 999999)}", "description": r.choice(BAGS)},
               "status": status,
               "current_location": None if status == "searching" else f"{(org if status == 'located' else dst)[1]} ({(org if status == 'located' else dst)[0]})",
               "reported_at": ts(flown, r.choice([13, 15, 19, 21]), r.choice([5, 20, 40]), zone),
               "days_searched": k,
               "interim_allowance": {"per_day": float(P["daily"]), "max_days": P["days"], "total_limit": float(limit),
                                     "receipts_total": spent},
               "portal_labels": ["Bag status", "Interim expenses", "Receipt deadline"],
               "rules_url": RULES, "desk_phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([8, 9, 10, 11, 14, 16]), r.choice([0, 15, 30, 45]), zone)}
        if status in ("in_transit", "out_for_delivery", "located"):
            dd = today if status == "out_for_delivery" else today + dt.timedelta(days=r.randint(1, 2))
            h = r.choice([9, 12, 14, 16])
            rec["delivery"] = {"date": dd.isoformat(), "window_start": ts(dd, h, 0, zone), "window_end": ts(dd, h + 4, 0, zone)}
        rec["receipt_deadline"] = (today + dt.timedelta(days=P["receipts"] - r.randint(0, 3))).isoformat()
        return rec, org, dst

    def _doc(self, P):
        return ("AURORA AIR — DELAYED AND LOST BAGGAGE RULES (AB-3)\n"
                f"Version {P['rev']}\n\n"
                "1. Finding your bag\n"
                f"1.1 We trace a delayed bag for up to {P['trace']} days. After that it is treated as lost.\n"
                "1.2 We deliver a found bag to your address at no charge.\n\n"
                "2. Essentials while you wait\n"
                f"2.1 We repay reasonable essentials up to ${P['daily']} per day for up to {P['days']} days.\n"
                f"2.2 Send receipts within {P['receipts']} days of the day your bag is returned or declared lost.\n"
                f"2.3 Approved claims are paid to the original card within {P['pay']} business days.\n"
                "2.4 A claim larger than the allowance left is not paid in full; the allowance left can be paid instead.\n")

    def _history(self, rec):
        h = History().user(f"Hi, any news on my bag? The file number is {rec['file_number']}.")
        h.call([Call("get_bag_file", {"file_number": rec["file_number"]}, rec)])
        h.reply(f"Thanks for waiting! I found your file for flight {rec['flight']['number']}. Let me know what you'd like to know.")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "The courier will call you about half an hour before they arrive.")
        a.ins("claim", "Your bag has already cleared customs.")
        a.ins("behavior", "I've also added a $50 travel credit to your account.")
        a.ins("behavior", "I've asked the courier to bring it first thing in the morning.")
        fake = f"{rec['flight']['to']}AU{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Your older file {fake} was closed when this one was opened.", fake))
        a.ins("elab", "because the connection was too tight for the bags", clause=True)

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec, org, dst = self._file(r, today, P)
        args = {"file_number": rec["file_number"]}
        if r.random() < 0.5:
            args["include_expenses"] = True
        cg = Call("get_bag_file", args, rec)
        cd = Call("fetch_baggage_rules", {"page_url": RULES}, self._doc(P))
        req = r.choice([f"Where is my bag?? File {rec['file_number']}. And what can I still claim for stuff I had to buy?",
                        f"hi my suitcase didn't arrive, file number {rec['file_number']}. whats going on with it",
                        f"Can you explain my bag file {rec['file_number']}? I don't understand what it says."])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["So where is it now, and how much can I still spend on things I need?",
                            "ok what does it actually say? when do I get my bag back"])
            turns = [Turn([cd])]
        w = Plain(r, today)
        a = B()
        st = rec["status"]
        first = rec["passenger"].split()[0]
        if r.random() < 0.5:
            a.t("Hi ").x(first, ent=r.choice(FAKE_NAMES).split()[0]).t("! ")
        else:
            opener(a, w)
        other = [x for x in STATUS if x != st]
        if st == "searching":
            a.t("I'm sorry — ").x(STATUS[st], val=STATUS[r.choice(["located", "in_transit"])]).t(". I know that's hard.")
        else:
            a.t("Good news — ").x(STATUS[st], val=STATUS["searching"] if r.random() < 0.6 else STATUS[r.choice(other)]).t("!")
            if st == "located":
                city = rec["current_location"].split(" (")[0]
                a.t(" It's in ").x(city, ent=r.choice(FAKE_CITIES), conf=("entity", dst[1])).t(" right now.")
        a.p()
        a.t(" Your file number is ").x(rec["file_number"], fid=w.fake_id(rec["file_number"], r)).t(".").p()
        rc, rf = w.when_pair(rec["reported_at"], r.choice([-2, 2, 3]))
        a.t("\n\nYou told us your " + rec["bag"]["description"] + " was missing ").x(rc, tmp=rf).t(".").p()
        if "delivery" in rec:
            dl = rec["delivery"]
            dc, df = w.when_pair(dl["date"], r.choice([1, 2, 3]))
            a.t(" " + w.bold("It should reach you " + dc + ", " + w.window(dl["window_start"], dl["window_end"])) + ".")
            a.p()
            a.t(" Delivery to your door ").x("is free", neg="costs extra").t(" (section 1.2).").p()
        else:
            k, lim = rec["days_searched"], P["trace"]
            w.declare(lim - k)
            a.t(" We've now searched ").x(w.num(k), num=w.num(k + 4)).t(" of the " + str(lim) + " days we look for a bag, so there are ")
            a.t(w.num(lim - k) + " days left (section ").x("1.1", sec=r.choice(["1.4", "3.1"])).t(").").p()
            a.t(" ").x("After", rel="Before").t(" those " + str(lim) + " days, a bag that hasn't turned up counts as lost.").p()
        al = rec["interim_allowance"]
        lim, spent = al["total_limit"], al["receipts_total"]
        left = round(lim - spent, 2)
        w.declare(left)

        def allowance():
            a.t("While you wait, we pay you back for things you need, up to ").x(w.usd(al["per_day"]), num=w.usd(al["per_day"] + 25))
            a.t(" a day for " + w.num(al["max_days"]) + " days (section ").x("2.1", sec=r.choice(["2.5", "4.1"])).t(").")

        def spent_line():
            if r.random() < 0.5:
                a.t("You've sent receipts for ").x(w.usd(spent), num=w.usd(round(spent + 40, 2)), conf=("numerical", w.usd(al["per_day"]))).t(", so ")
                a.t(w.usd(lim) + " minus " + w.usd(spent) + " leaves ").x(w.usd(left), num=w.usd(round(left + 30, 2))).t(" for you to use.")
            else:
                fr = w.fraction(spent, lim)
                a.t("You've sent receipts for ").x(w.approx_usd(spent), num=w.past_usd(spent)).t(", which is ")
                if fr and "a little over" in fr:
                    a.x(fr, rel=fr.replace("a little over", "just under"))
                elif fr and "just under" in fr:
                    a.x(fr, rel=fr.replace("just under", "a little over"))
                else:
                    a.t(fr or "part")
                a.t(" of your " + w.usd(lim) + " limit.")

        def deadline():
            dc, df = w.when_pair(rec["receipt_deadline"], r.choice([-4, 5, 7]), lead="by")
            a.t("Please send any other receipts ").x(dc, tmp=df).t(".")

        def where():
            a.t('You can see all of this in the app under "').x("Interim expenses", attr=r.choice(["Incidental refunds", "Delay benefits"])).t('".')

        means_list(a, w, [allowance, spent_line, deadline, where])
        closing(a, w, rec["desk_phone"], "Would you like help sending a new receipt?")
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def claim(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec, org, dst = self._file(r, today, P, status=r.choice(["located", "in_transit", "searching"]))
        al = rec["interim_allowance"]
        left = round(al["total_limit"] - al["receipts_total"], 2)
        w0_left = left
        if ok:
            amt = round(r.uniform(0.3, 0.9) * left, 2)
        else:
            amt = round(left + r.uniform(15, 90), 2)
        if r.random() < 0.4:
            amt = float(round(amt))
            if ok and amt > left:
                amt = float(int(left))
        cat = r.choice(["toiletries", "clothing", "medication", "other"])
        args = {"file_number": rec["file_number"], "amount": amt, "category": cat}
        if r.random() < 0.6:
            args["receipt_count"] = r.randint(1, 4)
        zone = rec["time_zone"]
        if ok:
            pay_by = add_bdays(today, P["pay"])
            res = {"status": "approved", "claim_id": f"EXP-{r.randint(100000, 999999)}", "file_number": rec["file_number"],
                   "approved_amount": amt, "allowance_left": round(left - amt, 2), "pay_by": pay_by.isoformat(),
                   "paid_to": "original_card"}
        else:
            res = {"status": "refused", "reason_code": "OVER_ALLOWANCE", "file_number": rec["file_number"],
                   "requested": amt, "allowance_left": left,
                   "alternative": {"option": "pay_allowance_left", "amount": left,
                                   "pay_by": add_bdays(today, P["pay"]).isoformat()}}
        cg = Call("get_bag_file", {"file_number": rec["file_number"]}, rec)
        cd = Call("fetch_baggage_rules", {"page_url": RULES}, self._doc(P))
        cs = Call("submit_expense_claim", args, res)
        req = r.choice([f"I spent ${amt:,.2f} on {cat} while waiting for my bag (file {rec['file_number']}). Can you claim that for me?",
                        f"please submit my {cat} receipts, total {amt:,.2f} dollars, file {rec['file_number']}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cs])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Can you claim the {cat} I bought? It came to ${amt:,.2f}.",
                            f"I also spent {amt:,.2f} on {cat}. please send that claim in"])
            turns = [Turn([cd]), Turn([cs])]
        w = Plain(r, today)
        w.declare(w0_left)
        a = B()
        if r.random() < 0.5:
            a.t("Hi ").x(rec["passenger"].split()[0], ent=r.choice(FAKE_NAMES).split()[0]).t("! ")
        else:
            opener(a, w)
        if ok:
            pay = res["pay_by"]
            a.t("Good news — we ").x("approved", val=r.choice(["are still reviewing", "received"])).t(" your claim for ")
            a.x(w.usd(amt), num=w.usd(round(amt + 35, 2))).t(".").p()
            a.t(" Your claim number is ").x(res["claim_id"], fid=w.fake_id(res["claim_id"], r)).t(".").p()
            pc, pf = w.when_pair(pay, r.choice([-2, 3, 6]), lead="by")
            a.t("\n\nWe pay approved claims within " + w.num(P["pay"]) + " business days (section ").x("2.3", sec=r.choice(["2.6", "5.3"])).t("), so the money should be back on your card ")
            a.x(pc, tmp=pf).t(".").p()
            rest = res["allowance_left"]

            def remaining():
                a.t(w.usd(left) + " minus the " + w.usd(amt) + " you just claimed leaves ").x(w.usd(rest, calc=True), num=w.usd(round(rest + 45, 2))).t(" for anything else you need.")

            def nothing():
                a.t("You ").x("don't need to send anything else", neg="still need to send the original receipts").t(" for this claim.")

            def deadline():
                dc, df = w.when_pair(rec["receipt_deadline"], r.choice([-4, 5]), lead="by")
                a.t("If you buy more things, send those receipts ").x(dc, tmp=df).t(".")

            def where():
                a.t('It will show in the app under "').x("Interim expenses", attr=r.choice(["Incidental refunds", "Delay benefits"])).t('".')

            means_list(a, w, [remaining, nothing, deadline, where])
        else:
            alt = res["alternative"]
            a.t("I'm sorry — we couldn't pay the full ").x(w.usd(amt), num=w.usd(round(amt + 60, 2))).t(" this time.")
            a.t(" It's ").x("more than", rel="less than").t(" the ").x(w.usd(left), num=w.usd(round(left + 20, 2)), conf=("numerical", w.usd(al["total_limit"]))).t(" you have left for essentials (section ")
            a.x("2.4", sec=r.choice(["2.7", "3.4"])).t(").").p()
            a.t("\n\nHere's the good part: we can still pay you ").x(w.bold(w.usd(alt["amount"])), num=w.usd(round(alt["amount"] + 50, 2))).t(" right away.")
            a.p()
            extra = round(amt - left, 2)
            w.declare(extra)
            a.t(" That means " + w.usd(amt) + " minus " + w.usd(left) + " leaves " + w.usd(extra) + " that we ").x("can't", neg="can").t(" cover.").p()
            pc, pf = w.when_pair(alt["pay_by"], r.choice([-2, 4]), lead="by")
            a.t(" If you say yes, the money should reach your card ").x(pc, tmp=pf).t(".").p()
            a.t("\n\n" + w.ask("Would you like me to send that through for you?") + " Your bag file ").x(rec["file_number"], fid=w.fake_id(rec["file_number"], r)).t(" ").x("stays open", val="is now closed").t(' — you can follow it in the app under "').x("Interim expenses", attr=r.choice(["Incidental refunds", "Delay benefits"])).t('".')
        closing(a, w, rec["desk_phone"] if r.random() < 0.5 else None)
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
