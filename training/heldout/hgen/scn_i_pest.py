"""pest_control (set i): a residential pest-control company's service desk — visit history with products applied
(fl oz → mL) and rodent-station activity, rescheduling the next visit (a full route refused by design and the first
open slot taken), re-entry and pet-safety questions answered from a product label excerpt fetched by path, and the
plan's yearly cost with the autopay discount and the termite-bond renewal."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_bool, s_date, s_obj, s_str
from .istyle import Desk, screen, stamp

BASE = "https://api.bugshield.example/v1"
STD = -8    # Pacific
TECHS = ["Marcus Reyes", "Lena Park", "Tony Okoro", "Jill Santos", "Ben Wilder"]
OTHER_TECHS = ["Carl Dietz", "Priya Natarajan", "Sam Holloway"]
CUSTOMERS = ["Dana Whitfield", "Luis Ortega", "Karen Mbeki", "Greg Tanaka", "Alicia Moreno"]
STREETS = ["Alder Ct", "Sycamore Ln", "Mesa Verde Dr", "Olive Ave", "Harbor View Rd"]
CITIES = ["Fresno CA", "Clovis CA", "Visalia CA", "Modesto CA"]
PRODUCTS = [
    # name, reg no., slug, re-entry hours, pets hours, mix (fl oz per gal low, high)
    ("Perimex 7.9", "88412-7", "perimex-7-9", 4, 4, (0.33, 1.0)),
    ("Cyzone WP", "90127-22", "cyzone-wp", 2, 4, (0.5, 1.0)),
    ("Lambdacor CS", "77301-5", "lambdacor-cs", 4, 6, (0.2, 0.8)),
    ("Fipranex SC", "81266-14", "fipranex-sc", 6, 12, (0.4, 0.8)),
]
OTHER_PRODUCTS = ["Deltacide EC", "Permastop 10", "Talonix Pro"]
PLANS = [("Quarterly Home Shield", 4, (119.0, 129.0, 139.0)), ("Bi-Monthly Home Shield", 6, (89.0, 99.0)),
         ("Monthly Commercial Lite", 12, (65.0, 75.0))]
WINDOWS = {"am": (8, 12), "pm": (12, 16), "late": (15, 18)}


class PestControl(Scenario):
    name = "pest_control"
    agent = "Scout"
    service = "bugshield-service-desk"
    system = ("You are Scout, the customer service desk for BugShield Pest Control. Use the tools to look up accounts, "
              "service visits and products applied, reschedule visits, and answer safety questions from product labels. "
              "Times are US Pacific; amounts in USD.")
    error_style = 2
    entity_noun = {"account_id": "Account", "visit_id": "Visit", "label_path": "Label"}
    preambles = ["Pulling up the account.", "Checking the service history.", "Looking at the route."]

    def __init__(self):
        acc_p = r"^BS-\d{7}$"
        self.tools = [
            Tool("get_account", "Customer account: plan and pricing, autopay, termite bond, next scheduled visit, balance.",
                 s_obj({"account_id": s_str("Account ID, e.g. 'BS-3381920'.", pattern=acc_p)}, ["account_id"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("expand", "plan")]),
            Tool("list_visits", "Completed service visits since a date, with products applied and rodent-station checks.",
                 s_obj({"account_id": s_str("Account ID.", pattern=acc_p), "since": s_date("Start date (YYYY-MM-DD)."),
                        "include_products": s_bool("Include products applied.")}, ["account_id", "since"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("limit", 20)]),
            Tool("reschedule_visit", "Move a scheduled visit to another date and window.",
                 s_obj({"visit_id": s_str("Visit ID, e.g. 'V482913'.", pattern=r"^V\d{6}$"), "date": s_date("New date (YYYY-MM-DD)."),
                        "window": s_str("Arrival window.", enum=list(WINDOWS)),
                        "reason": s_str("Reason for the change.", enum=["customer_request", "weather", "access_issue"])},
                       ["visit_id", "date", "window", "reason"]),
                 entity={"visit_id": "id"}, http=BASE, extra=[("notify", "sms")]),
            Tool("get_product_label", "Product label excerpt (plain text, numbered sections) by path.",
                 s_obj({"label_path": s_str("Label path from a visit record, e.g. 'labels/perimex-7-9/label.txt'.",
                                            pattern=r"^labels/[a-z0-9-]+/[a-z0-9-]+\.txt$")}, ["label_path"]),
                 entity={"label_path": "path"}, extra=[("lang", "en")]),
        ]
        self.intents = [("visit_history", self.history, False), ("reschedule", self.reschedule, True),
                        ("reentry_safety", self.reentry, True), ("plan_costs", self.costs, False)]

    # ------------------------------------------------------------------ data
    def _account(self, r, today):
        acc = f"BS-{r.randint(10**6, 10**7 - 1)}"
        plan, vpy, prices = r.choice(PLANS)
        price = r.choice(prices)
        nxt = today + dt.timedelta(days=r.randint(2, 12))
        while nxt.weekday() == 6:
            nxt += dt.timedelta(days=1)
        bond = r.random() < 0.6
        res = {"account_id": acc, "customer": r.choice(CUSTOMERS),
               "service_address": f"{r.randint(100, 9999)} {r.choice(STREETS)}, {r.choice(CITIES)}",
               "as_of": stamp(today, r.randint(7, 18), r.randint(0, 59), STD),
               "plan": {"name": plan, "visits_per_year": vpy, "price_per_visit_usd": price,
                        "autopay": r.random() < 0.6, "autopay_discount_pct": r.choice([5, 10])},
               "termite_bond": {"active": bond, "annual_renewal_usd": r.choice([240.0, 275.0, 320.0]) if bond else None,
                                "renews_on": (today + dt.timedelta(days=r.randint(10, 200))).isoformat() if bond else None},
               "next_visit": {"visit_id": f"V{r.randint(100000, 999999)}", "date": nxt.isoformat(), "window": r.choice(["am", "pm"]),
                              "service": "exterior_perimeter"},
               "balance_usd": r.choice([0.0, 0.0, price])}
        return acc, res

    def _visits(self, r, today, acc, n=None):
        n = n or r.randint(2, 4)
        gap = r.choice([30, 45, 60, 90])
        vs = []
        for k in range(n):
            d = today - dt.timedelta(days=r.randint(3, 12) + gap * (n - 1 - k))
            ti = r.choice([(8, 40), (9, 15), (10, 5), (11, 30), (13, 20), (14, 45)])
            dur = r.choice([25, 35, 45, 55])
            tout = (dt.datetime(2026, 1, 1, *ti) + dt.timedelta(minutes=dur))
            prods = []
            for p in r.sample(PRODUCTS, r.randint(1, 2)):
                prods.append({"name": p[0], "epa_reg_no": p[1], "amount_fl_oz": r.choice([1.5, 2.0, 3.0, 4.5, 6.0, 8.0]),
                              "area": r.choice(["exterior perimeter", "garage", "eaves", "kitchen cracks and crevices"]),
                              "label_path": f"labels/{p[2]}/label.txt"})
            checked = r.choice([4, 6, 8])
            vs.append({"visit_id": f"V{r.randint(100000, 999999)}", "date": d.isoformat(),
                       "time_in": stamp(d, ti[0], ti[1], STD), "time_out": stamp(d, tout.hour, tout.minute, STD),
                       "tech": r.choice(TECHS), "service": "exterior_perimeter", "products": prods,
                       "rodent_stations": {"checked": checked, "with_activity": r.randint(0, checked // 2)},
                       "notes": r.choice(["Knocked down webs at eaves.", "Ant trails along driveway treated.",
                                          "Sealed gap under garage door seal.", "Light roach activity in garage."])})
        vs.sort(key=lambda v: v["date"])
        return vs

    # ------------------------------------------------------------------ intents
    def history(self, ctx):
        r, today = ctx.r, ctx.today
        acc, ares = self._account(r, today)
        vs = self._visits(r, today, acc)
        since = (dt.date.fromisoformat(vs[0]["date"]) - dt.timedelta(days=r.randint(1, 20))).isoformat()
        res = {"account_id": acc, "since": since, "as_of": ares["as_of"], "visits": vs}
        req = r.choice([f"What did you guys do at my place since {since}? Account {acc}.",
                        f"Account {acc}: service history since {since} — what was sprayed and how are the rodent stations?"])
        w = Desk(r, today, "PT")
        last, prev = vs[-1], vs[-2]
        oz = sum(p["amount_fl_oz"] for v in vs for p in v["products"])
        names = sorted({p["name"] for v in vs for p in v["products"]})
        la, pa = last["rodent_stations"]["with_activity"], prev["rodent_stations"]["with_activity"]
        ltin, ltout = dt.datetime.fromisoformat(last["time_in"]), dt.datetime.fromisoformat(last["time_out"])
        a = A()
        w.opener(a)
        w.tag(a)
        a.x(w.cnt(len(vs), "visit"), num=w.cnt(len(vs) + 2, "visit")).t(f" since {w.d(since)}{w.sep}last one ").x(w.rel(last["date"]), tmp=w.rel(dt.date.fromisoformat(last["date"]) - dt.timedelta(days=7)), conf=("temporal", w.rel(prev["date"])))
        a.t(".")
        a.p()
        w.li(a)
        a.t("Last visit: ").x(last["tech"], ent=r.choice(OTHER_TECHS), conf=("entity", prev["tech"]) if prev["tech"] != last["tech"] else None).t(", ")
        a.x(w.tspan(ltin, ltout), tmp=w.tspan(ltin + dt.timedelta(hours=2), ltout + dt.timedelta(hours=2))).t(" (").x(w.span((ltout - ltin).seconds // 60), num=w.span((ltout - ltin).seconds // 60 + 30)).t(")")
        w.pt(a)
        w.li(a)
        a.t("Products across those visits: ").x(", ".join(names), ent=", ".join([r.choice(OTHER_PRODUCTS)] + names[1:])).t(f"{w.sep}").x(f"{oz:g} fl oz", num=f"{oz + 4:g} fl oz").t(" total (")
        a.x(w.about(oz * 29.5735, 10, lambda v: f"{v:,.0f} mL"), num=f"{round(oz * 40, -1):,.0f} mL").t(")")
        w.pt(a)
        w.li(a)
        a.t("Rodent stations: ").x(f"{la} of {last['rodent_stations']['checked']}", num=f"{la + 3} of {last['rodent_stations']['checked'] + 2}", conf=("numerical", f"{pa} of {prev['rodent_stations']['checked']}") if pa != la else None).t(" showed activity last time")
        if la == 0 and pa > 0:
            a.t(", ").x("down from", rel="up from").t(f" {pa} the visit before")
        elif la and pa and la != pa:
            cmpx = w.times(la, pa)
            if cmpx in ("twice", "three times", "half", "four times"):
                a.t(" — ").x(cmpx, num="three times" if cmpx != "three times" else "twice").t(" as many as the visit before")
            else:
                a.t(", ").x("up from" if la > pa else "down from", rel="down from" if la > pa else "up from").t(f" {pa} the visit before")
        elif la == pa:
            a.t(", ").x("same as", rel="double").t(" the visit before")
        if r.random() < 0.45:
            a.t(" (`").x("with_activity", attr=r.choice(["activity_count", "hits"])).t("`)")
        w.pt(a)
        w.li(a)
        a.t("Tech note: \u201c").t(last["notes"]).t("\u201d")
        w.pt(a)
        nv = ares["next_visit"]
        a.t("\nNext visit: ").x(w.rel(nv["date"]), tmp=w.rel(dt.date.fromisoformat(nv["date"]) + dt.timedelta(days=7))).t(", visit ").x(nv["visit_id"], fid=mutate_id(nv["visit_id"], r)).t(".")
        calls = [Turn([Call("get_account", {"account_id": acc}, ares)]),
                 Turn([Call("list_visits", {"account_id": acc, "since": since, "include_products": True}, res)])]
        w.closer(a, ["Want the label for any of those products?", "I can move the next visit if the date doesn't work."])
        a.ins("claim", "Activity in the stations is typical for this time of year.")
        a.ins("claim", f"{last['tech']} is your regular tech on this route.")
        a.ins("behavior", "I've added a rodent follow-up to your next visit.")
        a.ins("behavior", "I've asked the tech to re-treat the garage at no charge.")
        a.ins("elab", "since the station bait was swapped to a stronger formula", clause=True)
        a.ins("cite", f"Service report: https://my.bugshield.example/reports/{last['visit_id'].lower()}-{r.randint(100, 999)}.pdf")
        return screen(self, Plan(req, calls, a))

    def reschedule(self, ctx):
        r, today = ctx.r, ctx.today
        acc, ares = self._account(r, today)
        nv = ares["next_visit"]
        cur = dt.date.fromisoformat(nv["date"])
        want = cur + dt.timedelta(days=r.randint(2, 9))
        if want.weekday() == 6:
            want += dt.timedelta(days=1)
        win = r.choice(["am", "pm", "late"])
        full = r.random() < 0.6
        turns = []
        if full:
            o1 = want + dt.timedelta(days=1 if want.weekday() < 5 else 2)
            o2 = o1 + dt.timedelta(days=1 if o1.weekday() < 5 else 2)
            opts = [{"date": o1.isoformat(), "window": win}, {"date": o2.isoformat(), "window": r.choice(list(WINDOWS))}]
            turns.append(Turn([Call("reschedule_visit", {"visit_id": nv["visit_id"], "date": want.isoformat(), "window": win, "reason": "customer_request"},
                                    {"rescheduled": False, "reason_code": "ROUTE_FULL",
                                     "message": f"The {win} route on {want.isoformat()} is full.", "next_open": opts})]))
            got, gwin = o1, win
        else:
            got, gwin = want, win
        tech = r.choice(TECHS)
        ok = {"rescheduled": True, "visit_id": nv["visit_id"], "date": got.isoformat(), "window": gwin,
              "arrival_window": f"{WINDOWS[gwin][0]:02d}:00-{WINDOWS[gwin][1]:02d}:00", "tech": tech,
              "previous_date": cur.isoformat(), "as_of": ares["as_of"], "customer_present_required": r.random() < 0.3}
        turns.append(Turn([Call("reschedule_visit", {"visit_id": nv["visit_id"], "date": got.isoformat(), "window": gwin, "reason": "customer_request"}, ok)]))
        ga = Call("get_account", {"account_id": acc}, ares)
        wtxt = {"am": "in the morning", "pm": "in the afternoon", "late": "late afternoon"}[win]
        history = None
        if ctx.followup:
            history = History().user(f"When's my next pest visit? Account {acc}.")
            history.call([ga])
            history.reply(f"Your next visit ({nv['visit_id']}) is on {nv['date']}, {nv['window'].upper()} window.")
            req = r.choice([f"Can you push it to {want.isoformat()}, {wtxt}?", f"That doesn't work — move it to {want.isoformat()} {wtxt} please."])
        else:
            req = f"Account {acc}: please move my next visit to {want.isoformat()}, {wtxt}."
            turns = [Turn([ga])] + turns
        w = Desk(r, today, "PT")
        h1, h2 = WINDOWS[gwin]
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        a.t("Visit ").x(nv["visit_id"], fid=mutate_id(nv["visit_id"], r)).t(" ").x("moved", val="cancelled").t(" — now ")
        a.x(w.rel(got), tmp=w.rel(got + dt.timedelta(days=7)), conf=("temporal", w.rel(want)) if full else None).t(", ")
        a.x(w.trange(h1, 0, h2, 0), tmp=w.trange(h1 + 1, 0, h2 + 1, 0)).t(".")
        a.p()
        if full:
            w.li(a)
            a.t(f"{w.d(want)} was ").x("full", neg="open").t(" (").x("`ROUTE_FULL`", attr=r.choice(["`NO_CAPACITY`", "`ROUTE_CLOSED`"])).t("), so I took the first opening the system offered, ")
            a.x(w.cnt((got - want).days, "day"), num=w.cnt((got - want).days + 2, "day")).t(" ").x("later", rel="earlier")
            w.pt(a)
        w.li(a)
        shift = (got - cur).days
        a.t("That's ").x(w.cnt(shift, "day"), num=w.cnt(shift + 3, "day")).t(f" after the original date ({w.d(cur)})")
        w.pt(a)
        w.li(a)
        a.t("Tech: ").x(tech, ent=r.choice(OTHER_TECHS))
        w.pt(a)
        w.li(a)
        if ok["customer_present_required"]:
            a.t("Someone ").x("needs to be home", neg="doesn't need to be home").t(" for this one")
        else:
            a.t("You ").x("don't need to be home", neg="need to be home").t(" — it's an exterior service")
        w.pt(a)
        w.closer(a, ["Want a text reminder the evening before?", "Anything to note for the tech, like a gate code?"])
        a.ins("claim", "Rescheduling within 48 hours of a visit carries a $25 fee.")
        a.ins("claim", "Afternoon slots usually run about 30 minutes late.")
        a.ins("behavior", "I've sent the new time to your phone.")
        a.ins("behavior", "I've also added an interior treatment to that visit.")
        a.ins("elab", "since the route was rebalanced this week", clause=True)
        a.ins("cite", f"Change confirmation: CHG-{r.randint(100000, 999999)}.")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def reentry(self, ctx):
        r, today = ctx.r, ctx.today
        acc, ares = self._account(r, today)
        vs = self._visits(r, today, acc, n=r.randint(1, 2))
        last = vs[-1]
        # last visit is today or yesterday so re-entry is a live question
        d = today - dt.timedelta(days=r.choice([0, 0, 1]))
        tin = dt.datetime.fromisoformat(stamp(d, r.choice([8, 9, 10]), r.choice([5, 20, 40]), STD))
        last["date"] = d.isoformat()
        last["time_in"] = tin.isoformat()
        last["time_out"] = (tin + dt.timedelta(minutes=r.choice([30, 40, 50]))).isoformat()
        prod = last["products"][0]
        prod["area"] = r.choice(["exterior perimeter", "eaves", "side yard", "front beds"])
        pinfo = [p for p in PRODUCTS if p[0] == prod["name"]][0]
        _, reg, slug, reh, peth, (mlo, mhi) = pinfo
        since = (dt.date.fromisoformat(vs[0]["date"]) - dt.timedelta(days=3)).isoformat()
        res = {"account_id": acc, "since": since, "as_of": stamp(today, 16 if d < today else max(tin.hour + 2, 13), 10, STD), "visits": vs}
        path = prod["label_path"]
        doc = (f"{prod['name'].upper()} — SPECIMEN LABEL (EXCERPT)\nEPA Reg. No. {reg}\n\n"
               "1. PRECAUTIONARY STATEMENTS\n"
               "1.1 CAUTION. Harmful if swallowed or absorbed through skin. Wash hands after handling.\n"
               f"1.2 Keep children and pets off treated surfaces until sprays have dried, and for at least {peth} hours after application.\n"
               "2. ENVIRONMENTAL HAZARDS\n"
               "2.1 Do not apply directly to water or to areas where surface water is present. Do not water treated areas to the point of runoff.\n"
               "3. DIRECTIONS FOR USE\n"
               f"3.1 Perimeter treatment: mix {mlo:g} to {mhi:g} fl oz per gallon of water; apply up to 10 gallons of solution per 1,000 sq ft.\n"
               f"3.2 Re-entry: people may re-enter treated areas after sprays have dried, and no sooner than {reh} hours after application.\n"
               "4. STORAGE AND DISPOSAL\n"
               "4.1 Store in original container in a cool, dry place inaccessible to children.\n")
        lv = Call("list_visits", {"account_id": acc, "since": since}, res)
        gl = Call("get_product_label", {"label_path": path}, doc)
        pet = r.choice(["dog", "cat", "dogs", "kids and the dog"])
        q = f"When can the {pet} go back out where you sprayed {prod['name']}?"
        history = None
        if ctx.followup:
            history = History().user(f"What did the tech spray at my house? Account {acc}, anything since {since}.")
            history.call([lv])
            history.reply(f"On {last['date']} {last['tech']} applied " + ", ".join(f"{p['name']} ({p['area']})" for p in last["products"]) + ".")
            req = q
            turns = [Turn([gl])]
        else:
            req = f"Account {acc} — " + q
            turns = [Turn([lv]), Turn([gl])]
        w = Desk(r, today, "PT")
        tout = dt.datetime.fromisoformat(last["time_out"])
        # application assumed finished by time_out; count from time_out to be safe
        safe_pet = tout + dt.timedelta(hours=peth)
        safe_ppl = tout + dt.timedelta(hours=reh)
        fake = lambda real: r.choice([s for s in ["1.4", "3.3", "3.5", "5.1", "2.3"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        pets_word = "kids and pets" if "kids" in pet else "pets"
        now = dt.datetime.fromisoformat(res["as_of"])
        when = w.rel(safe_pet.date())
        if safe_pet <= now:
            a.t(f"{pets_word.capitalize()} have been OK to go back out since ")
        else:
            a.t(f"{pets_word.capitalize()} can go back out after ")
        a.x(w.t(safe_pet), tmp=w.t(safe_pet + dt.timedelta(hours=2)), conf=("temporal", w.t(safe_ppl)) if peth != reh else None)
        a.t(f" {when}, as long as the spray has dried.")
        a.p()
        w.li(a)
        a.t(f"Applied {w.d(last['date'])}, tech checked out at ").x(w.t(tout), tmp=w.t(tout - dt.timedelta(hours=1))).t(f" — counting from then to be safe")
        w.pt(a)
        w.li(a)
        a.t("Label §").x("1.2", sec=fake("1.2")).t(": ").x(w.hrs(peth), num=w.hrs(peth + 4)).t(" minimum for kids and pets")
        w.pt(a)
        w.li(a)
        a.t("People: §").x("3.2", sec=fake("3.2")).t(", ").x(w.hrs(reh), num=w.hrs(reh + 2), conf=("numerical", w.hrs(peth)) if peth != reh else None).t(" → ").t(w.t(safe_ppl))
        if peth != reh:
            a.t(" (").x("shorter" if reh < peth else "longer", rel="longer" if reh < peth else "shorter").t(" than the pet window)")
        w.pt(a)
        w.li(a)
        a.t("Product: ").x(prod["name"], ent=r.choice(OTHER_PRODUCTS)).t(f", EPA Reg. No. ").x(reg, fid=mutate_id(reg, r)).t(f", {prod['amount_fl_oz']:g} fl oz on the {prod['area']}")
        w.pt(a)
        a.t("\nDon't water the treated strip to the point of runoff (§2.1)")
        if r.random() < 0.5:
            a.t(", and ").x("don't", neg="go ahead and").t(" hose it down before it dries")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want the full label sent to you?", "I can ask the tech to call you if you have more questions."])
        a.ins("claim", "This product is odorless once dry.")
        a.ins("claim", "Rain within 24 hours won't reduce how well it works.")
        a.ins("behavior", "I've asked the tech to put up a lawn flag at the treated area.")
        a.ins("behavior", "I've logged your pets on the account so future visits use pet-safe products.")
        a.ins("elab", "since runoff carries the product into the storm drains", clause=True)
        a.ins("cite", f"Safety sheet: https://docs.bugshield.example/sds/{slug}-{r.randint(2019, 2024)}.pdf")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def costs(self, ctx):
        r, today = ctx.r, ctx.today
        acc, ares = self._account(r, today)
        p = ares["plan"]
        tb = ares["termite_bond"]
        req = r.choice([f"Account {acc}: what am I paying per year all in, and what would autopay save me?",
                        f"How much does my plan cost annually? Acct {acc}."])
        w = Desk(r, today, "PT")
        yearly = p["price_per_visit_usd"] * p["visits_per_year"]
        disc = round(yearly * p["autopay_discount_pct"] / 100, 2)
        net = yearly - disc if p["autopay"] else yearly
        bond = tb["annual_renewal_usd"] or 0.0
        allin = net + bond
        a = A()
        w.opener(a)
        w.tag(a)
        a.t(f"{p['name']} for ").x(ares["customer"], ent=r.choice(["Maria Lopez", "Kevin Hart", "Janet Cole"])).t(": ").x(f"{p['visits_per_year']} visits/yr", num=f"{p['visits_per_year'] + 2} visits/yr").t(" × ").x(w.usd(p["price_per_visit_usd"]), num=w.usd(p["price_per_visit_usd"] + 20)).t(" = ")
        a.x(w.usd(yearly), num=w.usd(yearly + 60)).t(".")
        a.p()
        w.li(a)
        if p["autopay"]:
            a.t("Autopay is ").x("on", val="off").t(": ").x(f"{p['autopay_discount_pct']}%", num=f"{p['autopay_discount_pct'] + 5}%").t(" off saves ").x(w.usd(disc), num=w.usd(disc * 2)).t(f"/yr → {w.usd(net)}")
        else:
            a.t("Autopay is ").x("off", val="on").t(" — turning it on takes ").x(f"{p['autopay_discount_pct']}%", num=f"{p['autopay_discount_pct'] + 5}%").t(" off, ").x(w.usd(disc), num=w.usd(disc * 2)).t("/yr")
            a.t(f" ({w.usd(disc / p['visits_per_year'])} per visit)")
        if r.random() < 0.5:
            a.t(" — rate from `").x("autopay_discount_pct", attr=r.choice(["autopay_rate", "ach_discount_pct"])).t("`")
        a.t(", ").x("less than", rel="more than").t(" one visit's price")
        w.pt(a)
        w.li(a)
        if tb["active"]:
            a.t("Termite bond: ").x(w.usd(bond), num=w.usd(bond + 55)).t("/yr, renews ").x(w.rel(tb["renews_on"]), tmp=w.rel(dt.date.fromisoformat(tb["renews_on"]) + dt.timedelta(days=30)), conf=("temporal", w.rel(ares["next_visit"]["date"])) if tb["renews_on"] != ares["next_visit"]["date"] else None)
        else:
            a.t("Termite bond: ").x("none on the account", neg="active on the account")
        w.pt(a)
        w.li(a)
        a.t("All in: ").x(w.usd(allin), num=w.usd(allin + 100)).t("/yr").t(f", {w.about(allin / 12, 1, lambda v: w.usd(v, 0))}/mo")
        if tb["active"]:
            a.t(" — the bond is ").x(w.frac(bond, allin) or w.pct(bond, allin), num=w.pct(bond * 1.6, allin)).t(" of that")
        w.pt(a)
        if ares["balance_usd"]:
            w.li(a)
            a.t("Open balance: ").x(w.usd(ares["balance_usd"]), num=w.usd(ares["balance_usd"] + 30), conf=("numerical", w.usd(bond)) if bond else None).t(" — that's one visit's charge")
            w.pt(a)
        nv = ares["next_visit"]
        a.t("\nNext visit ").x(w.rel(nv["date"]), tmp=w.rel(dt.date.fromisoformat(nv["date"]) + dt.timedelta(days=14))).t(f"{w.sep}account ").x(acc, fid=mutate_id(acc, r)).t(".")
        w.closer(a, ["Want me to turn on autopay?", "I can email a yearly statement if that helps."])
        a.ins("claim", "Plan prices are locked for the first two years.")
        a.ins("claim", "The termite bond covers repair costs up to $250,000.")
        a.ins("behavior", "I've switched you to autopay starting next month.")
        a.ins("behavior", "I've applied a loyalty credit to your next invoice.")
        a.ins("elab", "since bond pricing is based on the home's square footage", clause=True)
        a.ins("cite", f"Statement: STMT-{r.randint(2026000, 2026999)}.")
        return screen(self, Plan(req, [Turn([Call("get_account", {"account_id": acc}, ares)])], a))
