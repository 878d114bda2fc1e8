"""dry_cleaning (set j): a Melbourne dry cleaner's customer chat — an order's items (ready, in process, at the stain
specialist), the express surcharge worked out on the subtotal and what is left to pay; orders ready but not
collected against the free-storage and donation periods of the conditions of service fetched by URL; moving a home
delivery (a day without a run to the suburb refused by design and the next run taken); and a damage claim: the
liability cap of ten times the item's cleaning price up to a maximum per item, and the claim deadline after
collection."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_obj, s_str
from .jstyle import Yarn, WK, WKL, at, check, stamp

BASE = "https://api.pressedco.example/v1"
TERMS = "https://pressedco.example/terms"
Z = "VIC"
STORES = ["Fitzroy", "Brunswick", "Richmond", "St Kilda", "Northcote"]
OTHER_STORES = ["Carlton", "Hawthorn", "Footscray"]
GARMENTS = [("wool suit jacket", "dry_clean", 22.5), ("suit trousers", "dry_clean", 16.0),
            ("business shirt", "launder_press", 6.5), ("silk dress", "dry_clean", 32.0),
            ("winter coat", "dry_clean", 38.0), ("queen doona", "launder", 45.0),
            ("linen blazer", "dry_clean", 24.0), ("pleated skirt", "dry_clean", 19.5)]
STAFF = ["Mei Lin", "Georgia Papadopoulos", "Sam Okafor", "Ruth Adler"]
OTHER_STAFF = ["Nick Vella", "Tash Murray", "Omar Haddad"]
CUSTOMERS = ["Lachlan Reid", "Sophie Marchetti", "Anh Vo", "Fiona Gallagher", "Ben Kaplan"]
WINDOWS = {"morning": (8, 12), "afternoon": (12, 17), "evening": (17, 20)}
RUN_DAYS = {"Fitzroy": [1, 3, 5], "Brunswick": [0, 2, 4], "Richmond": [1, 3, 5], "St Kilda": [0, 2, 5], "Northcote": [1, 4]}


class DryCleaning(Scenario):
    name = "dry_cleaning"
    agent = "Dot"
    service = "pressedco-concierge"
    system = ("You are Dot, the customer chat assistant for Pressed & Co. dry cleaners in Melbourne. Use the tools to look "
              "up orders and their items, reschedule home deliveries and answer questions from the conditions of service. "
              "Times are Melbourne time; amounts in AUD including GST.")
    error_style = 2
    entity_noun = {"customer_id": "Customer", "order_number": "Order", "terms_url": "Terms page"}
    preambles = ["Let me check.", "One moment.", "Pulling up your account."]

    def __init__(self):
        ord_p = r"^PC\d{6}$"
        self.tools = [
            Tool("list_orders", "A customer's recent orders with status, ready and collection dates, and the terms URL.",
                 s_obj({"customer_id": s_str("Customer ID, e.g. 'C204817'.", pattern=r"^C\d{6}$"),
                        "status": s_str("Filter by status.", enum=["all", "ready", "in_process", "collected"])},
                       ["customer_id"]),
                 entity={"customer_id": "id"}, http=BASE, extra=[("page_size", 20)]),
            Tool("get_order", "One order: items with service, price and status, express surcharge, totals, payment, "
                              "delivery booking.",
                 s_obj({"order_number": s_str("Order number from the ticket, e.g. 'PC483920'.", pattern=ord_p)},
                       ["order_number"]),
                 entity={"order_number": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("reschedule_delivery", "Move an order's home delivery to another date and window.",
                 s_obj({"order_number": s_str("Order number.", pattern=ord_p), "date": s_date("Date, YYYY-MM-DD."),
                        "window": s_str("Delivery window.", enum=list(WINDOWS))}, ["order_number", "date", "window"]),
                 entity={"order_number": "id"}, http=BASE, extra=[("leave_at_door", True)]),
            Tool("get_terms", "Conditions of service (plain text, numbered clauses) by URL.",
                 s_obj({"terms_url": s_str("Terms URL from an order.", pattern=r"^https://pressedco\.example/terms")},
                       ["terms_url"]),
                 entity={"terms_url": "url"}, extra=[("format", "txt")]),
        ]
        self.intents = [("order_status", self.status, False), ("uncollected_orders", self.uncollected, False),
                        ("delivery_change", self.delivery, True), ("damage_claim", self.claim, True)]

    # ------------------------------------------------------------------ data
    def _terms(self, r):
        free = r.choice([30, 60])
        donate = free + r.choice([30, 60])
        mult, cap = r.choice([10, 8]), r.choice([300.0, 400.0, 500.0])
        days = r.choice([7, 14])
        doc = ("PRESSED & CO. — CONDITIONS OF SERVICE\n\n"
               "1. PRICES\n"
               "1.1 Prices include GST.\n"
               "1.2 Express service (ready the same day when dropped off by 09:00) adds 50% to the price of each item.\n"
               "2. LIABILITY\n"
               f"2.1 If an item is lost or damaged through our negligence, compensation is limited to {mult} times the cleaning "
               f"charge for that item, up to a maximum of ${cap:,.2f} per item.\n"
               f"2.2 Claims must be made within {days} days of collection, with the item and the ticket.\n"
               "2.3 We are not liable for trims, buttons or beading that are not colourfast or not fit to be cleaned.\n"
               "3. UNCOLLECTED ITEMS\n"
               f"3.1 Items are stored free for {free} days from the ready date; after that a storage fee of $2.00 per item per week applies.\n"
               f"3.2 Items not collected {donate} days after the ready date may be donated to charity.\n")
        return doc, {"free": free, "donate": donate, "mult": mult, "cap": cap, "days": days}

    def _order(self, r, today, n=None):
        on = f"PC{r.randint(100000, 999999)}"
        store = r.choice(STORES)
        n = n or r.randint(2, 5)
        picks = r.sample(GARMENTS, n)
        drop = today - dt.timedelta(days=r.randint(1, 5))
        express = r.random() < 0.35
        items = []
        for k, (g, svc, p) in enumerate(picks):
            items.append({"tag": f"T-{r.randint(1000, 9999)}", "garment": g, "service": svc, "price_aud": p,
                          "status": "ready", "note": None})
        sub = round(sum(i["price_aud"] for i in items), 2)
        sur = round(sub * 0.5, 2) if express else 0.0
        res = {"order_number": on, "customer_id": f"C{r.randint(100000, 999999)}", "store": store,
               "received_by": r.choice(STAFF),
               "dropped_off": stamp(drop, r.choice([7, 8, 12, 17]), r.choice([5, 20, 45]), Z),
               "express": express, "express_surcharge_pct": 50 if express else 0, "items": items,
               "subtotal_aud": sub, "express_surcharge_aud": sur, "total_aud": round(sub + sur, 2),
               "paid": r.random() < 0.5,
               "promised_ready": stamp(today + dt.timedelta(days=r.randint(-1, 2)), r.choice([12, 16, 17]), 0, Z),
               "delivery": None, "terms_url": f"{TERMS}/{r.choice(['2026', 'current'])}",
               "as_of": stamp(today, r.randint(8, 17), r.randint(0, 59), Z)}
        return on, res

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        on, o = self._order(r, today, n=r.randint(3, 5))
        items = o["items"]
        slow = r.sample(items, r.randint(0, 2))
        for it in slow:
            if r.random() < 0.5:
                it["status"], it["note"] = "at_specialist", r.choice(["Red wine stain sent to stain specialist.",
                                                                      "Oil mark, specialist treatment."])
            else:
                it["status"], it["note"] = "in_process", "Pressing."
            it["expected"] = (today + dt.timedelta(days=r.randint(1, 5))).isoformat()
        ready = [i for i in items if i["status"] == "ready"]
        req = r.choice([f"Is my dry cleaning ready? Order {on}.", f"Order {on} — what's ready and what do I owe?",
                        f"Hi! Can I pick up {on} today?"])
        w = Yarn(r, today, Z)
        promised = dt.datetime.fromisoformat(o["promised_ready"])
        a = A()
        w.opener(a)
        if len(ready) == len(items):
            a.t("Good news — ")
            w.b(a, f"all {w.n(len(items))} items", num=f"all {w.n(len(items) + 1)} items")
            a.t(" are ").x("ready", val="still being cleaned").t(" at ").x(o["store"], ent=r.choice(OTHER_STORES)).t(".")
        else:
            w.b(a, f"{len(ready)} of {len(items)} items", num=f"{len(ready) + 1} of {len(items)} items")
            a.t(" ").x("are" if len(ready) != 1 else "is", ent=None).t(" ready at ").x(o["store"], ent=r.choice(OTHER_STORES)).t("; ")
            s0 = [i for i in items if i["status"] != "ready"][0]
            a.t(f"the {s0['garment']} is ")
            a.x("with the stain specialist" if s0["status"] == "at_specialist" else "still being pressed",
                val="still being pressed" if s0["status"] == "at_specialist" else "with the stain specialist")
            a.t(", expected ").x(w.rel(s0["expected"]), tmp=w.rel(dt.date.fromisoformat(s0["expected"]) + dt.timedelta(days=3)))
            a.t(".")
        a.p()
        w.para(a)
        others = [i for i in items]
        for k, it in enumerate(items):
            w.li(a)
            a.t(f"{it['garment'].capitalize()} ({it['tag']}): ")
            alt = others[(k + 1) % len(others)]["price_aud"]
            a.x(w.money(it["price_aud"]), num=w.money(it["price_aud"] + 6), conf=("numerical", w.money(alt)) if alt != it["price_aud"] and k == 0 else None)
            if it["status"] != "ready":
                a.t(" — ")
                if r.random() < 0.5:
                    a.t("`").x(it["status"], attr=r.choice(["stain_hold", "rework"])).t("`")
                else:
                    a.t("not ready yet")
            w.pt(a)
        w.para(a)
        if o["express"]:
            a.t("It's an express order, so ").x(w.money(o["subtotal_aud"]), num=w.money(o["subtotal_aud"] + 12)).t(" plus ")
            a.x("50%", num="25%").t(" (").x(w.money(o["express_surcharge_aud"]), num=w.money(o["express_surcharge_aud"] + 8)).t(") comes to ")
            w.b(a, w.money(o["total_aud"]), num=w.money(o["total_aud"] + 20))
        else:
            a.t("Total is ")
            w.b(a, w.money(o["total_aud"]), num=w.money(o["total_aud"] + 15))
            a.t(" (standard service, no express surcharge)")
        if o["paid"]:
            a.t(", and it's ").x("already paid", neg="not paid yet")
        else:
            a.t(", ").x("payable at pickup", neg="already paid")
        a.pc().t(".")
        a.p()
        a.t(" The order was promised for ").x(f"{w.t(promised)} {w.rel(promised.date())}", tmp=f"{w.t(promised)} {w.rel(promised.date() + dt.timedelta(days=2))}")
        late = [i for i in items if i.get("expected") and dt.date.fromisoformat(i["expected"]) > promised.date()]
        if late:
            a.t(", so the ").x(late[0]["garment"], ent=None).t(" will be ").x("later", rel="earlier").t(" than that")
        a.t(". Ticket ").x(on, fid=mutate_id(on, r)).t(".")
        w.closer(a, ["Want me to book it in for home delivery?", "I can text you when the rest is ready."])
        a.ins("claim", "Stain treatment usually takes three working days.")
        a.ins("claim", f"The {o['store']} store is open until 19:00 on weekdays.")
        a.ins("behavior", "I've asked the team to bag it up so it's ready at the counter.")
        a.ins("behavior", "I've waived the express surcharge on the late item.")
        a.ins("elab", "because the specialist only collects twice a week", clause=True)
        a.ins("cite", f"Receipt: https://pressedco.example/r/{on.lower()}-{r.randint(100, 999)}")
        return check(self, Plan(req, [Turn([Call("get_order", {"order_number": on}, o)])], a))

    def uncollected(self, ctx):
        r, today = ctx.r, ctx.today
        doc, tm = self._terms(r)
        cid = f"C{r.randint(100000, 999999)}"
        orders = []
        n = r.randint(3, 5)
        ages = r.sample([3, 9, 16, 24, 38, 47, 66, 75, 95, 104], n)
        for k in range(n):
            ready = today - dt.timedelta(days=ages[k])
            coll = r.random() < 0.3
            orders.append({"order_number": f"PC{r.randint(100000, 999999)}", "store": r.choice(STORES),
                           "status": "collected" if coll else "ready", "items": r.randint(1, 6),
                           "total_aud": round(r.choice([22.5, 38.0, 54.5, 61.0, 83.5, 112.0]), 2),
                           "ready_since": ready.isoformat(),
                           "collected_on": (ready + dt.timedelta(days=r.randint(1, min(ages[k], 10)))).isoformat() if coll else None})
        if not any(o["status"] == "ready" for o in orders):
            orders[0]["status"], orders[0]["collected_on"] = "ready", None
        orders.sort(key=lambda o: o["ready_since"])
        url = f"{TERMS}/{r.choice(['2026', 'current'])}"
        res = {"customer_id": cid, "name": r.choice(CUSTOMERS), "orders": orders, "terms_url": url,
               "as_of": stamp(today, r.randint(8, 17), r.randint(0, 59), Z)}
        req = r.choice([f"Have I left anything at your shops? Customer {cid}.",
                        f"Customer {cid}: which orders haven't I picked up, and is there a storage fee?"])
        w = Yarn(r, today, Z)
        waiting = [o for o in orders if o["status"] == "ready"]
        a = A()
        w.opener(a)
        a.t("You've got ")
        w.b(a, w.cnt(len(waiting), "order"), num=w.cnt(len(waiting) + 1, "order"))
        a.t(" ready and waiting")
        if len(waiting) > 1:
            a.t(f" ({w.cnt(sum(o['items'] for o in waiting), 'item')} all up)")
        a.t(".")
        a.p()
        w.para(a)
        first_over = None
        for k, o in enumerate(waiting):
            rd = dt.date.fromisoformat(o["ready_since"])
            age = (today - rd).days
            w.li(a)
            a.x(o["order_number"], fid=mutate_id(o["order_number"], r) if k == 0 else None).t(" at ").x(o["store"], ent=r.choice(OTHER_STORES) if k == 0 else None).t(": ready since ")
            a.x(w.dd(rd), tmp=w.dd(rd + dt.timedelta(days=10))).t(" (").x(w.days(age), num=w.days(age + 12) if k == 0 else None).t(")")
            if age > tm["free"]:
                a.t(" — ").x("past", rel="inside").t(" the free period")
                first_over = first_over or o
            w.pt(a)
        w.para(a)
        a.t("Storage is free for ").x(f"{tm['free']} days", num=f"{tm['free'] - 16} days").t(" from the ready date (clause ").x("3.1", sec=r.choice(["3.3", "4.1", "2.4"])).t("), then ").x(w.money(2.0), num=w.money(3.5)).t(" per item per week.")
        a.p()
        if first_over:
            rd = dt.date.fromisoformat(first_over["ready_since"])
            don = rd + dt.timedelta(days=tm["donate"])
            a.t(" ").x(first_over["order_number"], ent=None).t(" went past that on ").x(w.dd(rd + dt.timedelta(days=tm["free"])), tmp=w.dd(rd + dt.timedelta(days=tm["free"] + 7))).t(", and after ").x(f"{tm['donate']} days", num=f"{tm['donate'] + 30} days").t(" (")
            a.x(w.dd(don), tmp=w.dd(don + dt.timedelta(days=14))).t(") it ")
            if don <= today:
                a.x("can already be", neg="can't yet be").t(" donated to charity")
            else:
                a.x("can be", neg="can't be").t(" donated to charity")
            a.pc().t(".")
            a.p()
        else:
            a.t(" ").x("None", neg="One").t(" of them is over the free period yet")
            a.pc().t(".")
            a.p()
        coll = [o for o in orders if o["status"] == "collected"]
        if coll and r.random() < 0.6:
            w.para(a)
            c = max(coll, key=lambda x: x["collected_on"])
            a.t("Your last pickup was ").x(c["order_number"], ent=None).t(" on ").x(w.dd(c["collected_on"]), tmp=w.dd(dt.date.fromisoformat(c["collected_on"]) - dt.timedelta(days=5))).t(".")
        w.closer(a, ["Want me to book a home delivery for them?", "I can hold them at the counter for you."])
        a.ins("claim", "Storage fees are waived for loyalty members.")
        a.ins("claim", "Donated items go to the Salvos op shop in Fitzroy.")
        a.ins("behavior", "I've paused the storage fee while you arrange pickup.")
        a.ins("behavior", "I've moved everything to the Fitzroy counter for you.")
        a.ins("elab", "because rack space is tight over winter", clause=True)
        a.ins("cite", f"Reminder notice RN-{r.randint(100000, 999999)} was emailed to you.")
        calls = [Turn([Call("list_orders", {"customer_id": cid, "status": "all"}, res)]),
                 Turn([Call("get_terms", {"terms_url": url}, doc)])]
        return check(self, Plan(req, calls, a))

    def delivery(self, ctx):
        r, today = ctx.r, ctx.today
        on, o = self._order(r, today)
        sub = r.choice(list(RUN_DAYS))
        days = RUN_DAYS[sub]
        cur = today + dt.timedelta(days=1)
        while cur.weekday() not in days:
            cur += dt.timedelta(days=1)
        cw = r.choice(list(WINDOWS))
        o["delivery"] = {"suburb": sub, "date": cur.isoformat(), "window": cw}
        want = cur + dt.timedelta(days=r.randint(1, 6))
        win = r.choice(list(WINDOWS))
        norun = want.weekday() not in days
        turns = []
        if norun:
            nxt = want + dt.timedelta(days=1)
            while nxt.weekday() not in days:
                nxt += dt.timedelta(days=1)
            turns.append(Turn([Call("reschedule_delivery", {"order_number": on, "date": want.isoformat(), "window": win},
                                    {"rescheduled": False, "reason_code": "NO_RUN",
                                     "message": f"No delivery run to {sub} on {want.isoformat()}.",
                                     "run_days": [WK[d] for d in days], "next_available": [{"date": nxt.isoformat(), "window": win}]})]))
            got = nxt
        else:
            got = want
        fee = r.choice([0.0, 0.0, 6.5])
        h1, h2 = WINDOWS[win]
        ok = {"rescheduled": True, "order_number": on, "suburb": sub, "date": got.isoformat(), "window": win,
              "window_times": f"{h1:02d}:00-{h2:02d}:00", "previous": {"date": cur.isoformat(), "window": cw},
              "change_fee_aud": fee, "as_of": o["as_of"]}
        turns.append(Turn([Call("reschedule_delivery", {"order_number": on, "date": got.isoformat(), "window": win}, ok)]))
        go = Call("get_order", {"order_number": on}, o)
        history = None
        if ctx.followup:
            history = History().user(f"When's order {on} being delivered?")
            history.call([go])
            history.reply(f"It's booked for delivery to {sub} on {cur.isoformat()} ({cw}).")
            req = r.choice([f"I won't be home then. Can you move it to {want.isoformat()}, {win}?",
                            f"Can we do {WKL[want.weekday()]} {want.isoformat()} in the {win} instead?"])
        else:
            req = f"Please move the delivery for {on} to {want.isoformat()} ({win})."
            turns = [Turn([go])] + turns
        w = Yarn(r, today, Z)
        a = A()
        w.opener(a, followup=ctx.followup)
        if norun:
            a.t(f"There's ").x("no run", neg="a run").t(f" to {sub} on {w.d(want)} — the van only goes ")
            a.x(", ".join(WKL[d] + "s" for d in days[:-1]) + " and " + WKL[days[-1]] + "s",
                tmp=", ".join(WKL[(d + 1) % 7] + "s" for d in days[:-1]) + " and " + WKL[(days[-1] + 1) % 7] + "s")
            a.t(" (`").x("NO_RUN", attr=r.choice(["ROUTE_CLOSED", "NO_DELIVERY_DAY"])).t("`). So I've moved it to the next run, ")
            w.b(a, w.when(got), tmp=w.when(got + dt.timedelta(days=7)), conf=("temporal", w.when(want)))
            a.t(".")
        else:
            a.t("All done — delivery's ").x("moved", val="cancelled").t(" to ")
            w.b(a, w.when(got), tmp=w.when(got + dt.timedelta(days=1)))
            a.t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.t(f"Window: {win}, ").x(w.trange(h1, 0, h2, 0), tmp=w.trange(h1 + 1, 0, h2 + 1, 0))
        w.pt(a)
        w.li(a)
        a.t("Was ").x(w.d(cur), tmp=w.d(cur - dt.timedelta(days=1))).t(f" ({cw}) — that's ").x(w.cnt((got - cur).days, "day"), num=w.cnt((got - cur).days + 2, "day")).t(" ").x("later", rel="earlier")
        w.pt(a)
        w.li(a)
        if fee:
            a.t("Change fee: ").x(w.money(fee), num=w.money(fee + 5))
        else:
            a.x("No change fee", neg="A change fee applies").t(" this time")
        w.pt(a)
        w.para(a)
        a.t("Order ").x(on, fid=mutate_id(on, r)).t(f" — {w.cnt(len(o['items']), 'item')}, ")
        if o["paid"]:
            a.x("already paid", neg="still to pay")
        else:
            a.x(w.money(o["total_aud"]), num=w.money(o["total_aud"] + 18)).t(" to pay on delivery")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want a text when the driver's on the way?", "Anything the driver should know, like an apartment code?"])
        a.ins("claim", "Drivers usually call about 30 minutes before they arrive.")
        a.ins("claim", f"The {sub} run is the last stop of the day.")
        a.ins("behavior", "I've told the driver to leave it with your building manager.")
        a.ins("behavior", "I've refunded the original delivery fee.")
        a.ins("elab", "since the van was reassigned after a breakdown", clause=True)
        a.ins("cite", f"Delivery confirmation DL-{r.randint(1000000, 9999999)}.")
        return check(self, Plan(req, turns, a, history.msgs if history else None))

    def claim(self, ctx):
        r, today = ctx.r, ctx.today
        on, o = self._order(r, today, n=r.randint(2, 4))
        doc, tm = self._terms(r)
        o["terms_url"] = f"{TERMS}/{r.choice(['2026', 'current'])}"
        coll = today - dt.timedelta(days=r.choice([1, 2, 4, 5, 9, 12, 20]))
        o["dropped_off"] = stamp(coll - dt.timedelta(days=r.randint(3, 6)), 8, 20, Z)
        o["promised_ready"] = stamp(coll - dt.timedelta(days=1), 16, 0, Z)
        for it in o["items"]:
            it["status"] = "collected"
        o["collected_on"] = coll.isoformat()
        o["paid"] = True
        o["express"], o["express_surcharge_pct"], o["express_surcharge_aud"] = False, 0, 0.0
        o["total_aud"] = o["subtotal_aud"]
        bad = r.choice(o["items"])
        other = [i for i in o["items"] if i is not bad][0]
        q = r.choice([f"My {bad['garment']} came back with a shrunk lining. What can I claim?",
                      f"The {bad['garment']} from my last order is damaged — a tear near the seam. Am I covered?"])
        go = Call("get_order", {"order_number": on}, o)
        gt = Call("get_terms", {"terms_url": o["terms_url"]}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Can you pull up order {on}?")
            history.call([go])
            history.reply(f"Order {on}: " + ", ".join(i["garment"] for i in o["items"]) + f", collected {coll.isoformat()}.")
            req = q
            turns = [Turn([gt])]
        else:
            req = f"Order {on}. {q}"
            turns = [Turn([go]), Turn([gt])]
        w = Yarn(r, today, Z)
        price = bad["price_aud"]
        comp = min(tm["mult"] * price, tm["cap"])
        deadline = coll + dt.timedelta(days=tm["days"])
        in_time = deadline >= today
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("Sorry about the ").x(bad["garment"], ent=None).t(". If it was our fault, the most we can pay is ")
        w.b(a, w.money(comp), num=w.money(comp + 100 if comp == tm["cap"] else comp * 1.5), conf=("numerical", w.money(min(tm["mult"] * other["price_aud"], tm["cap"]))) if min(tm["mult"] * other["price_aud"], tm["cap"]) != comp else None)
        a.t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Clause ").x("2.1", sec=r.choice(["2.4", "2.5", "5.2"])).t(": ").x(f"{tm['mult']} times", num=f"{tm['mult'] + 5} times").t(" the cleaning charge, capped at ").x(w.money(tm["cap"]), num=w.money(tm["cap"] + 250)).t(" per item")
        w.pt(a)
        w.li(a)
        a.t(f"Cleaning charge was ").x(w.money(price), num=w.money(price + 8), conf=("numerical", w.money(other["price_aud"])) if other["price_aud"] != price else None)
        a.t(f" ({tm['mult']} × {w.money(price)} = {w.money(tm['mult'] * price)}")
        if tm["mult"] * price > tm["cap"]:
            a.t(", so the cap ").x("applies", neg="doesn't apply").t(")")
        else:
            a.t(", ").x("under", rel="over").t(" the cap)")
        w.pt(a)
        w.li(a)
        a.t("Claims within ").x(f"{tm['days']} days", num=f"{tm['days'] + 7} days").t(" of collection (clause ").x("2.2", sec=r.choice(["2.6", "3.4", "6.1"])).t(") — you collected ")
        a.x(w.dd(coll), tmp=w.dd(coll - dt.timedelta(days=3)))
        a.t(", so the deadline " + ("was " if deadline < today else "is ")).x(w.rel(deadline) if abs((deadline - today).days) < 40 else w.dd(deadline), tmp=w.rel(deadline - dt.timedelta(days=2)) if abs((deadline - today).days) < 40 else w.dd(deadline - dt.timedelta(days=2)))
        w.pt(a)
        w.para(a)
        if in_time:
            a.t("You're ").x("still in time", neg="too late").t(" — bring the ").x(bad["garment"], ent=None).t(" and ticket ").x(on, fid=mutate_id(on, r)).t(" into ").x(o["store"], ent=r.choice(OTHER_STORES)).t(" and we'll assess it")
        else:
            a.t("That date has ").x("passed", neg="not passed").t(", so unfortunately it's outside the claim window — but bring ticket ").x(on, fid=mutate_id(on, r)).t(" into ").x(o["store"], ent=r.choice(OTHER_STORES)).t(" and the team can take a look")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want me to let the store know you're coming?", "Happy to send you the full conditions."])
        a.ins("claim", "Most claims are settled within ten business days.")
        a.ins("claim", "Linings are covered even when the care label says dry clean only.")
        a.ins("behavior", "I've opened a claim for you and attached your order.")
        a.ins("behavior", "I've asked the manager to call you today.")
        a.ins("elab", "since that fabric often reacts to the solvent", clause=True)
        a.ins("cite", f"Claim form: https://pressedco.example/claims/form-{r.randint(1000, 9999)}")
        return check(self, Plan(req, turns, a, history.msgs if history else None))
