"""waste_collection (set i): a city sanitation department's resident desk — the pickup schedule for an address
(weekly trash, every-other-week recycling, holiday weeks sliding a day), booking a bulk-item pickup (a full date
refused by design and the next date offered booked; free items per year and the fee beyond them), the quarterly
sanitation bill (cart charges, change against the previous quarter) and the collection guide fetched by URL."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_arr, s_int, s_obj, s_str, s_date
from .istyle import Desk, screen, stamp

BASE = "https://api.metrocity-sanitation.example/v1"
GUIDE = "https://www.metrocity.example/sanitation"
STD = -5    # Eastern
STREETS = ["Maple Ave", "Fulton St", "Briarwood Dr", "Cooper Rd", "Hemlock Ct", "Prospect Pl"]
HOLIDAYS = {"2026-02-16": "Presidents' Day", "2026-05-25": "Memorial Day", "2026-06-19": "Juneteenth",
            "2026-07-03": "Independence Day (observed)"}
ITEMS = ["sofa", "mattress", "box_spring", "recliner", "dresser", "refrigerator", "washer", "table", "grill"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]


def week_holiday(d):
    """Holiday in the Mon–Fri of d's week on or before d, if any."""
    mon = d - dt.timedelta(days=d.weekday())
    for k in range(d.weekday() + 1):
        x = (mon + dt.timedelta(days=k)).isoformat()
        if x in HOLIDAYS:
            return x
    return None


class WasteCollection(Scenario):
    name = "waste_collection"
    agent = "Tidy"
    service = "metrocity-sanitation-desk"
    system = ("You are Tidy, the resident help desk for Metro City Sanitation. Use the tools to look up service addresses, "
              "pickup schedules, bulk-item pickups, sanitation bills and the collection guide. Times are US Eastern; "
              "amounts in USD.")
    error_style = 2
    entity_noun = {"address_id": "Address", "account_number": "Account", "guide_url": "Guide page"}
    preambles = ["Looking up the address.", "Checking the route calendar.", "Pulling the account."]

    def __init__(self):
        addr_p = r"^ADR-\d{6}$"
        self.tools = [
            Tool("lookup_address", "Find a service address: route, pickup day, carts and fees, account number, guide URL.",
                 s_obj({"street_address": s_str("Street address, e.g. '412 Maple Ave'.", min_len=5, max_len=80),
                        "zip": s_str("ZIP code.", pattern=r"^\d{5}$")}, ["street_address", "zip"]),
                 http=BASE, extra=[("fuzzy", True)]),
            Tool("get_schedule", "Upcoming pickups for an address over the next N weeks, with holiday shifts.",
                 s_obj({"address_id": s_str("Address ID, e.g. 'ADR-304172'.", pattern=addr_p),
                        "weeks": s_int("Weeks ahead.", 1, 8)}, ["address_id", "weeks"]),
                 entity={"address_id": "id"}, http=BASE, extra=[("include_past", True)]),
            Tool("book_bulk_pickup", "Book a bulk-item pickup for an address.",
                 s_obj({"address_id": s_str("Address ID.", pattern=addr_p), "date": s_date("Pickup date (YYYY-MM-DD)."),
                        "items": s_arr("Items to collect.", s_str("Item.", enum=ITEMS), 1, 5)},
                       ["address_id", "date", "items"]),
                 entity={"address_id": "id"}, http=BASE, extra=[("contact_phone", "555-0100")]),
            Tool("get_bill", "Quarterly sanitation statement for an account.",
                 s_obj({"account_number": s_str("Account number, e.g. 'SAN-2041-88213'.", pattern=r"^SAN-\d{4}-\d{5}$"),
                        "quarter": s_str("Quarter, e.g. '2026-Q1'.", pattern=r"^\d{4}-Q[1-4]$")}, ["account_number"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("format", "pdf")]),
            Tool("get_guide", "Collection guide page (plain text, numbered sections) by URL.",
                 s_obj({"guide_url": s_str("Guide URL from an address record.", pattern=r"^https://www\.metrocity\.example/")},
                       ["guide_url"]),
                 entity={"guide_url": "url"}, extra=[("lang", "en")]),
        ]
        self.intents = [("pickup_schedule", self.schedule, True), ("bulk_pickup", self.bulk, False),
                        ("bill_check", self.bill, False), ("guide_rules", self.guide, True)]

    # ------------------------------------------------------------------ data
    def _address(self, r, today):
        street = f"{r.randint(12, 2899)} {r.choice(STREETS)}"
        zipc = f"{r.randint(14201, 14228)}"
        aid = f"ADR-{r.randint(100000, 999999)}"
        day = r.randrange(5)
        carts = [{"stream": "trash", "size_gal": r.choice([35, 64, 96]), "monthly_fee_usd": 0.0},
                 {"stream": "recycling", "size_gal": r.choice([64, 96]), "monthly_fee_usd": 0.0}]
        carts[0]["monthly_fee_usd"] = {35: 14.5, 64: 19.0, 96: 24.5}[carts[0]["size_gal"]]
        carts[1]["monthly_fee_usd"] = 4.0
        if r.random() < 0.5:
            carts.append({"stream": "yard", "size_gal": 96, "monthly_fee_usd": 6.0})
        res = {"address_id": aid, "address": f"{street}, Metro City {zipc}", "route": f"R-{r.randint(1, 40)}",
               "pickup_day": WEEKDAYS[day], "recycling_weeks": r.choice(["odd", "even"]), "carts": carts,
               "account_number": f"SAN-{r.randint(1000, 9999)}-{r.randint(10000, 99999)}",
               "guide_url": f"{GUIDE}/collection-guide-{r.choice(['2026', '2026-rev1'])}",
               "as_of": stamp(today, r.randint(7, 19), r.randint(0, 59), STD)}
        return street, zipc, res

    def _pickups(self, today, res, weeks):
        day = WEEKDAYS.index(res["pickup_day"])
        d = today + dt.timedelta(days=(day - today.weekday()) % 7)
        if d == today:
            d += dt.timedelta(days=7)
        out = []
        for k in range(weeks):
            base = d + dt.timedelta(days=7 * k)
            wk = base.isocalendar()[1]
            streams = ["trash"] + (["recycling"] if (wk % 2 == 1) == (res["recycling_weeks"] == "odd") else [])
            if any(c["stream"] == "yard" for c in res["carts"]) and base.month >= 4:
                streams.append("yard")
            h = week_holiday(base)
            if h:
                out.append({"date": (base + dt.timedelta(days=1)).isoformat(), "streams": streams,
                            "shifted_from": base.isoformat(), "reason": HOLIDAYS[h]})
            else:
                out.append({"date": base.isoformat(), "streams": streams, "shifted_from": None, "reason": None})
        return out

    # ------------------------------------------------------------------ intents
    def schedule(self, ctx):
        r, today = ctx.r, ctx.today
        for _ in range(30):
            street, zipc, ares = self._address(r, today)
            weeks = r.choice([3, 4, 6])
            pk = self._pickups(today, ares, weeks)
            if any(p["shifted_from"] for p in pk) or r.random() < 0.35:
                break
        res = {"address_id": ares["address_id"], "as_of": ares["as_of"], "weeks": weeks, "pickups": pk}
        la = Call("lookup_address", {"street_address": street, "zip": zipc}, ares)
        gs = Call("get_schedule", {"address_id": ares["address_id"], "weeks": weeks}, res)
        history = None
        if ctx.followup:
            history = History().user(f"Is {street}, {zipc} on your system?")
            history.call([la])
            history.reply(f"Yes — {ares['address']} is on route {ares['route']}, pickup day {ares['pickup_day']}.")
            req = r.choice([f"What are the next {weeks} weeks of pickups there?", f"Give me the pickup dates for the next {weeks} weeks, with any holiday changes."])
            turns = [Turn([gs])]
        else:
            req = f"Pickup schedule for {street}, {zipc} for the next {weeks} weeks?"
            turns = [Turn([la]), Turn([gs])]
        w = Desk(r, today, "ET")
        nxt = pk[0]
        rec = [p for p in pk if "recycling" in p["streams"]]
        sh = [p for p in pk if p["shifted_from"]]
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        a.t("Next pickup ").x(w.rel(nxt["date"]), tmp=w.rel(dt.date.fromisoformat(nxt["date"]) + dt.timedelta(days=1)), conf=("temporal", w.rel(pk[1]["date"]))).t(": ")
        a.x(" + ".join(nxt["streams"]), val=" + ".join(["trash", "recycling"] if "recycling" not in nxt["streams"] else ["trash"])).t(".")
        a.p()
        for p in pk:
            w.li(a)
            d = dt.date.fromisoformat(p["date"])
            a.t(w.d(d)).t(": ").t(", ".join(p["streams"]))
            if p["shifted_from"]:
                a.t(" — ").x("moved", neg="not moved").t(" from ").x(w.d(p["shifted_from"]), tmp=w.d(dt.date.fromisoformat(p["shifted_from"]) - dt.timedelta(days=1))).t(" for ").x(p["reason"], ent=r.choice(["Labor Day", "Columbus Day", "Veterans Day"]))
            w.pt(a)
        a.t("\n\n")
        a.x(w.cnt(len(rec), "recycling pickup"), num=w.cnt(len(rec) + 2, "recycling pickup")).t(f" in {weeks} weeks (").x("every other week", val="every week")
        if r.random() < 0.4:
            a.t(", `").x("recycling_weeks", attr=r.choice(["recycle_cycle", "alt_weeks"])).t(f"` = {ares['recycling_weeks']}")
        a.t(")")
        if sh:
            a.t(f"; {w.cnt(len(sh), 'holiday shift')}, each ").x("one day later", rel="one day earlier")
        else:
            a.t("; ").x("no holiday shifts", neg="one holiday shift").t(" in this stretch")
        a.pc().t(".")
        a.p()
        a.t(f"\nRoute {ares['route']}{w.sep}address ID ").x(ares["address_id"], fid=mutate_id(ares["address_id"], r)).t(".")
        w.closer(a, ["Want a reminder text the night before?", "I can book a bulk pickup on one of those days."])
        a.ins("claim", "Crews on this route usually come through before 9 AM.")
        a.ins("claim", "Recycling carts set out late are picked up the next day.")
        a.ins("behavior", "I've signed you up for night-before text reminders.")
        a.ins("behavior", "I've added your address to the holiday alert list.")
        a.ins("elab", "because the route was rebalanced in January", clause=True)
        a.ins("cite", f"Route calendar: {GUIDE}/routes/{ares['route'].lower()}-{r.randint(1000, 9999)}.pdf")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def bulk(self, ctx):
        r, today = ctx.r, ctx.today
        street, zipc, ares = self._address(r, today)
        items = r.sample(ITEMS, r.randint(1, 3))
        want = today + dt.timedelta(days=r.randint(3, 10))
        while want.weekday() >= 5:
            want += dt.timedelta(days=1)
        full = r.random() < 0.55
        turns = [Turn([Call("lookup_address", {"street_address": street, "zip": zipc}, ares)])]
        got = want
        if full:
            got = want + dt.timedelta(days=7)
            turns.append(Turn([Call("book_bulk_pickup", {"address_id": ares["address_id"], "date": want.isoformat(), "items": items},
                                    {"booked": False, "reason_code": "DATE_FULL", "message": f"Bulk route is full on {want.isoformat()}.",
                                     "next_available": got.isoformat()})]))
        free_left_before = r.choice([0, 1, 2])
        free_used = min(free_left_before, len(items))
        paid = len(items) - free_used
        per = 25.0
        fridge = 40.0 if "refrigerator" in items else 0.0
        fee = paid * per + fridge
        conf = f"BLK-{r.randint(100000, 999999)}"
        ok = {"booked": True, "confirmation": conf, "address_id": ares["address_id"], "date": got.isoformat(), "items": items,
              "free_items_used": free_used, "free_items_left_this_year": free_left_before - free_used,
              "fee_per_extra_item_usd": per, "refrigerant_tag_usd": fridge if fridge else None,
              "set_out_by": "06:00", "set_out_earliest": "18:00 the evening before", "as_of": ares["as_of"]}
        turns.append(Turn([Call("book_bulk_pickup", {"address_id": ares["address_id"], "date": got.isoformat(), "items": items}, ok)]))
        names = [i.replace("_", " ") for i in items]
        req = f"Can I get a bulk pickup at {street}, {zipc} on {want.isoformat()}? It's a " + ", ".join(names) + "."
        w = Desk(r, today, "ET")
        a = A()
        w.opener(a)
        w.tag(a)
        a.x("Booked", val="Requested").t(" — bulk pickup ").x(w.rel(got), tmp=w.rel(got + dt.timedelta(days=2)), conf=("temporal", w.rel(want)) if full else None).t(f" for {w.cnt(len(items), 'item')}").pc().t(".")
        a.p()
        if full:
            w.li(a)
            a.t(f"{w.d(want)} was ").x("full", neg="open").t(" (").x("`DATE_FULL`", attr=r.choice(["`ROUTE_FULL`", "`NO_SLOTS`"])).t("), so I took the next date offered, ")
            a.x("a week later", rel="a week earlier")
            w.pt(a)
        w.li(a)
        a.t("Items: ").t(", ".join(names)).t(" at ").x(street, ent=f"{r.randint(12, 2899)} {r.choice(['Linden Blvd', 'Garfield Ave', 'Spruce Ter'])}")
        w.pt(a)
        w.li(a)
        if fee:
            parts = []
            if paid:
                parts.append(f"{paid} × {w.usd(per)}")
            if fridge:
                parts.append(f"{w.usd(fridge)} refrigerant tag")
            a.t("Fee: ").x(w.usd(fee), num=w.usd(fee + per)).t(f" ({' + '.join(parts)})")
            if free_used:
                a.t(f"; {w.cnt(free_used, 'free item')} applied")
        else:
            a.t("Fee: ").x("none", neg="$25.00").t(f" — {w.cnt(free_used, 'free item')} applied")
        w.pt(a)
        w.li(a)
        if ok["free_items_left_this_year"] == 0:
            a.t("Free items: you've ").x("used up", neg="still got some of").t(" this year's allowance")
        else:
            a.t("Free items left this year: ").x(str(ok["free_items_left_this_year"]), num=str(ok["free_items_left_this_year"] + 2))
        w.pt(a)
        w.li(a)
        a.t("Set out ").x("no earlier than", rel="no later than").t(" ").x(w.hm(18), tmp=w.hm(16)).t(" the evening before and ").x("by", rel="after").t(" ").x(w.hm(6), tmp=w.hm(8)).t(" that morning")
        w.pt(a)
        a.t("\nConfirmation ").x(conf, fid=mutate_id(conf, r)).t(".")
        w.closer(a, ["Want a reminder the evening before?", "I can check your regular pickup days too."])
        a.ins("claim", "Mattresses need to be wrapped in plastic before pickup.")
        a.ins("claim", "Bulk crews don't go inside garages or backyards.")
        a.ins("behavior", "I've charged the fee to the card on your sanitation account.")
        a.ins("behavior", "I've added an e-waste pickup for the same day.")
        a.ins("elab", "since the bulk truck runs a separate route on Saturdays", clause=True)
        a.ins("cite", f"Receipt: RCPT-{r.randint(1000000, 9999999)}.")
        return screen(self, Plan(req, turns, a))

    def bill(self, ctx):
        r, today = ctx.r, ctx.today
        street, zipc, ares = self._address(r, today)
        acc = ares["account_number"]
        q = (today.month - 1) // 3
        qs = f"{today.year}-Q{q}" if q else f"{today.year - 1}-Q4"
        qy, qn = int(qs[:4]), int(qs[-1])
        start = dt.date(qy, 3 * (qn - 1) + 1, 1)
        end = (dt.date(qy + (qn == 4), (3 * qn) % 12 + 1, 1) - dt.timedelta(days=1))
        charges = [{"description": f"{c['stream'].title()} cart {c['size_gal']} gal (3 mo × ${c['monthly_fee_usd']:.2f})",
                    "amount_usd": round(3 * c["monthly_fee_usd"], 2)} for c in ares["carts"]]
        extra = r.choice([0, 0, 1, 2, 3])
        if extra:
            charges.append({"description": f"Extra bag tags ({extra} × $3.00)", "amount_usd": 3.0 * extra})
        if r.random() < 0.3:
            charges.append({"description": "Contamination fine (3rd tag in 12 months)", "amount_usd": 50.0})
        total = round(sum(c["amount_usd"] for c in charges), 2)
        prev = round(total * r.choice([0.8, 0.9, 1.0, 1.1, 1.25]), 2)
        if prev == total:
            prev = round(total - 6.0, 2)
        due = end + dt.timedelta(days=r.choice([35, 40, 45]))
        if due <= today:
            due = today + dt.timedelta(days=r.randint(3, 20))
        res = {"account_number": acc, "quarter": qs, "period_start": start.isoformat(), "period_end": end.isoformat(),
               "charges": charges, "total_usd": total, "previous_quarter_total_usd": prev, "due_date": due.isoformat(),
               "autopay": r.random() < 0.4, "status": "open", "as_of": ares["as_of"]}
        req = r.choice([f"Why is my sanitation bill what it is? Account {acc}, {qs}.", f"Break down {qs} for account {acc} please."])
        w = Desk(r, today, "ET")
        big = max(charges, key=lambda c: c["amount_usd"])
        chg = total - prev
        a = A()
        w.opener(a)
        w.tag(a)
        a.t(f"{qs}: ").x(w.usd(total), num=w.usd(total + 12)).t(f" for {w.cnt(len(charges), 'charge')}, due ").x(w.rel(due), tmp=w.rel(due + dt.timedelta(days=10))).t(".")
        a.p()
        for c in charges:
            w.li(a)
            a.t(c["description"]).t(": ").x(w.usd(c["amount_usd"]), num=w.usd(c["amount_usd"] + 9))
            w.pt(a)
        a.t("\n\n")
        a.t("vs last quarter: ").x(w.usd(abs(chg)), num=w.usd(abs(chg) + 10)).t(" ").x("higher" if chg > 0 else "lower", rel="lower" if chg > 0 else "higher")
        a.t(" (").x(w.pct(abs(chg), prev), num=w.pct(abs(chg) * 2, prev)).t(f", from {w.usd(prev)}).")
        a.p()
        share = w.frac(big["amount_usd"], total)
        a.t(" Biggest line is ").x(big["description"].split(" (")[0].lower(), conf=("entity", [c for c in charges if c is not big][0]["description"].split(" (")[0].lower())).t(", ")
        a.x(share or w.pct(big["amount_usd"], total), num=w.pct(big["amount_usd"] * 1.4, total)).t(" of the bill").pc().t(".")
        a.p()
        if not any("fine" in c["description"].lower() for c in charges):
            a.t(" ").x("No fines", neg="A contamination fine").t(" on this statement.")
            a.p()
        if r.random() < 0.4:
            a.t(" (Prior figure is `").x("previous_quarter_total_usd", attr=r.choice(["last_quarter_usd", "prior_total_usd"])).t("`.)")
        a.t(f"\nWorks out to ").x(w.about(total / 3, 0.01, lambda v: w.usd(v)), num=w.usd(total / 3 + 6)).t("/mo. Autopay is ")
        a.x("on" if res["autopay"] else "off", val="off" if res["autopay"] else "on").t(f"{w.sep}account ").x(acc, fid=mutate_id(acc, r)).t(".")
        w.closer(a, ["Want me to set up autopay?", "I can look at a smaller trash cart if you want to bring this down."])
        a.ins("claim", "Rates went up 4% on January 1.")
        a.ins("claim", "Seniors over 65 qualify for a 20% discount.")
        a.ins("behavior", "I've requested a smaller trash cart for you.")
        a.ins("behavior", "I've disputed the contamination fine on your behalf.")
        a.ins("elab", "mostly because of a midyear rate change", clause=True)
        a.ins("cite", f"Statement PDF: {GUIDE}/billing/{acc.lower()}-{qs.lower()}-{r.randint(10, 99)}.pdf")
        return screen(self, Plan(req, [Turn([Call("get_bill", {"account_number": acc, "quarter": qs}, res)])], a))

    def guide(self, ctx):
        r, today = ctx.r, ctx.today
        street, zipc, ares = self._address(r, today)
        url = ares["guide_url"]
        free = r.choice([2, 3, 4])
        per = 25
        fine = r.choice([50, 75])
        tags = r.choice([3, 2])
        ys, ye = r.choice([("April 1", "November 30"), ("March 15", "December 15")])
        doc = ("METRO CITY SANITATION — RESIDENT COLLECTION GUIDE\n\n"
               "1. Carts\n"
               "1.1 Set carts at the curb by 6:00 AM on your collection day and bring them in by 8:00 PM.\n"
               "1.2 Lids must close; overflow bags need an extra bag tag ($3.00 each).\n"
               "2. Recycling\n"
               "2.1 Accepted: paper, cardboard, metal cans, glass bottles and jars, plastic bottles and tubs.\n"
               "2.2 Not accepted: plastic bags, foam, hoses, batteries, food waste.\n"
               f"2.3 Carts with non-accepted items are tagged. The {['first', 'second', 'third'][tags - 1]} tag in 12 months carries a ${fine} fine.\n"
               "3. Yard waste\n"
               f"3.1 Yard-waste subscribers are collected weekly from {ys} to {ye}.\n"
               "4. Bulk items\n"
               f"4.1 Each household receives {free} free bulk items per calendar year; additional items are ${per} each.\n"
               "4.2 Appliances containing refrigerant need a $40 refrigerant tag.\n"
               "5. Holidays\n"
               "5.1 In a week with a city holiday on or before your collection day, collection moves one day later.\n")
        la = Call("lookup_address", {"street_address": street, "zip": zipc}, ares)
        gg = Call("get_guide", {"guide_url": url}, doc)
        item = r.choice(["plastic bags", "a garden hose", "pizza boxes", "glass jars"])
        bulk_n = r.randint(free + 1, free + 3)
        q = f"Do {item} go in recycling? And if I put out {bulk_n} bulk items this year, what do I pay?"
        history = None
        if ctx.followup:
            history = History().user(f"Look up {street}, {zipc} for me.")
            history.call([la])
            history.reply(f"Found it: {ares['address']}, route {ares['route']}, {ares['pickup_day']} pickup.")
            req = q
            turns = [Turn([gg])]
        else:
            req = f"{street}, {zipc}: " + q
            turns = [Turn([la]), Turn([gg])]
        w = Desk(r, today, "ET")
        ok_items = {"pizza boxes": True, "glass jars": True, "plastic bags": False, "a garden hose": False}
        yes = ok_items[item]
        cost = (bulk_n - free) * per
        fake = lambda real: r.choice([s for s in ["2.4", "4.3", "6.1", "1.3", "3.2"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        if yes:
            a.x(item.capitalize(), ent=r.choice(["Styrofoam trays", "Bubble wrap", "Paint cans"])).t(": ").x("yes", neg="no").t(", recycling (§").x("2.1", sec=fake("2.1")).t(").")
        else:
            a.x(item.capitalize(), ent=r.choice(["Styrofoam trays", "Bubble wrap", "Paint cans"])).t(": ").x("no", neg="yes").t(" — ").x("not accepted", neg="accepted").t(" in recycling (§").x("2.2", sec=fake("2.2")).t(").")
        a.p()
        w.li(a)
        a.t(f"Bulk: {bulk_n} items − ").x(f"{free} free", num=f"{free + 1} free").t(" (§").x("4.1", sec=fake("4.1")).t(") = ").x(f"{bulk_n - free}", num=f"{bulk_n - free + 1}").t(" × ").x(f"${per}", num=f"${per + 10}").t(" = ")
        a.x(w.usd(cost, 0), num=w.usd(cost + per, 0))
        w.pt(a)
        w.li(a)
        a.t("Fridge/freezer counts as an appliance: ").x("+$40 refrigerant tag", num="+$60 refrigerant tag").t(" (§4.2)")
        w.pt(a)
        w.li(a)
        a.t("Contamination: carts get tagged; the ").x(["1st", "2nd", "3rd"][tags - 1], num=["2nd", "3rd", "4th"][tags - 1]).t(" tag in 12 months = ").x(f"${fine} fine", num=f"${fine + 25} fine", conf=("numerical", "$40 fine")).t(" (§").x("2.3", sec=fake("2.3")).t(")")
        w.pt(a)
        if any(c["stream"] == "yard" for c in ares["carts"]):
            w.li(a)
            a.t("Your yard cart runs weekly ").x(f"{ys}–{ye}", tmp=r.choice(["May 1–October 31", "April 15–November 15"])).t(" (§3.1)")
            w.pt(a)
        w.li(a)
        a.t("Carts out ").x("by", rel="after").t(" 6:00 AM on ").x(ares["pickup_day"], ent=None, conf=None, tmp=r.choice([d for d in WEEKDAYS if d != ares["pickup_day"]])).t("s, back in by 8:00 PM")
        w.pt(a)
        if r.random() < 0.6:
            a.t("\nSource: ").x(url, fid=url.replace("collection-guide", r.choice(["recycling-guide", "bulk-guide"])))
        w.closer(a, ["Want me to book the bulk pickup?", "I can send you the full guide link."])
        a.ins("claim", "Plastic bags can be dropped at most grocery stores.")
        a.ins("claim", "The bulk-item fee is billed on your next quarterly statement.")
        a.ins("behavior", "I've reserved a bulk pickup date for you.")
        a.ins("behavior", "I've mailed you a recycling sticker for your cart lid.")
        a.ins("elab", "since foam and film jam the sorting machines", clause=True)
        a.ins("cite", f"Printable guide: {GUIDE}/docs/guide-{r.randint(1000, 9999)}.pdf")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))
