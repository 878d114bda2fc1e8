"""grain_receival (set j): a South Australian grain co-operative's grower desk — a season's wheat deliveries (loads,
tonnes, grade mix and shares, tonnage-weighted protein, wettest and biggest loads), a contract's settlement (tonnes ×
the grade's price, receival fee per tonne, net, tonnes still to deliver), booking a delivery slot (a full grade
segregation refused by design and the offered site or date taken) and why a load got its grade, from the receival
standards fetched by path (protein minimums, screenings and moisture limits). Adelaide time, with its half-hour
offsets and daylight saving."""
from __future__ import annotations

import datetime as dt
import math

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_num, s_obj, s_str
from .jstyle import Yarn, at, check, stamp

BASE = "https://api.malleegrain.example/v1"
Z = "SA"
SITES = ["Loxton", "Pinnaroo", "Lameroo", "Karoonda"]
OTHER_SITES = ["Tailem Bend", "Murray Bridge", "Waikerie"]
VARIETIES = ["Scepter", "Calibre", "Vixen", "Razor CL Plus"]
OTHER_VARIETIES = ["Mace", "Trojan", "Rockstar"]
GRADES = ["APH2", "H2", "APW1", "ASW1", "SFW1"]
PMIN = {"APH2": 13.0, "H2": 11.5, "APW1": 10.5}
GROWERS = ["Kowalick Farming Co", "R & J Schulz", "Trengove Pastoral", "Mallee Downs Partnership"]
SEASON = "2025-26"


def grade_of(protein, screenings):
    if screenings > 5.0:
        return "SFW1"
    for g in ("APH2", "H2", "APW1"):
        if protein >= PMIN[g]:
            return g
    return "ASW1"


class GrainReceival(Scenario):
    name = "grain_receival"
    agent = "Harvey"
    service = "malleegrain-grower-desk"
    system = ("You are Harvey, the grower desk assistant for Mallee Grain Co-operative in South Australia. Use the tools "
              "to look up a grower's loads and contracts, book delivery slots and answer questions from the receival "
              "standards. Times are Adelaide time; amounts in AUD; weights in tonnes.")
    error_style = 1
    entity_noun = {"grower_id": "Grower", "contract_id": "Contract", "standards_path": "Document"}
    preambles = ["Checking now.", "One moment.", "Let me look that up."]

    def __init__(self):
        gp = r"^G\d{5}$"
        self.tools = [
            Tool("list_loads", "A grower's delivered loads for a season: ticket, site, time, variety, net tonnes, "
                               "moisture, protein, screenings and grade; receival standards path.",
                 s_obj({"grower_id": s_str("Grower ID, e.g. 'G40817'.", pattern=gp),
                        "season": s_str("Season, e.g. '2025-26'.", pattern=r"^\d{4}-\d{2}$"),
                        "commodity": s_str("Commodity.", enum=["wheat", "barley", "canola"])}, ["grower_id", "season"]),
                 entity={"grower_id": "id"}, http=BASE, extra=[("include_samples", True)]),
            Tool("get_contract", "A grain contract: tonnes contracted, price per tonne by grade, deliveries against it, "
                                 "receival fee per tonne, payment terms.",
                 s_obj({"contract_id": s_str("Contract ID, e.g. 'CT-204817'.", pattern=r"^CT-\d{6}$")}, ["contract_id"]),
                 entity={"contract_id": "id"}, http=BASE, extra=[("include_invoices", True)]),
            Tool("book_delivery", "Book a delivery slot at a receival site for a grade segregation.",
                 s_obj({"grower_id": s_str("Grower ID.", pattern=gp), "site": s_str("Receival site.", enum=SITES),
                        "date": s_date("Date, YYYY-MM-DD."), "grade": s_str("Grade segregation.", enum=GRADES),
                        "est_tonnes": s_num("Estimated tonnes.", 1, 600)},
                       ["grower_id", "site", "date", "grade", "est_tonnes"]),
                 entity={"grower_id": "id"}, http=BASE, extra=[("truck_rego", "XYZ123")]),
            Tool("get_standards", "Receival standards (Markdown, numbered sections) by path.",
                 s_obj({"standards_path": s_str("Standards path from a loads result, e.g. 'standards/wheat-2025-26.md'.",
                                                pattern=r"^standards/[a-z0-9-]+\.md$")}, ["standards_path"]),
                 entity={"standards_path": "path"}, extra=[("format", "md")]),
        ]
        self.intents = [("delivery_summary", self.summary, False), ("settlement", self.settlement, False),
                        ("book_delivery", self.book, True), ("grade_check", self.grade, True)]

    # ------------------------------------------------------------------ data
    def _loads(self, r, n):
        start = dt.date(2025, 11, r.randint(12, 28))
        loads = []
        for k in range(n):
            d = start + dt.timedelta(days=r.randint(0, 40))
            p = round(r.uniform(9.6, 13.6), 1)
            sc = round(r.choice([r.uniform(1.0, 4.8), r.uniform(1.0, 4.8), r.uniform(5.2, 7.5)]), 1)
            loads.append({"ticket": f"T{r.randint(100000, 999999)}", "site": r.choice(SITES),
                          "delivered": stamp(d, r.randint(7, 18), r.randint(0, 59), Z), "commodity": "wheat",
                          "variety": r.choice(VARIETIES), "net_tonnes": round(r.uniform(24.0, 42.0), 2),
                          "moisture_pct": round(r.uniform(9.5, 12.4), 1), "protein_pct": p, "screenings_pct": sc,
                          "grade": grade_of(p, sc), "status": "received"})
        loads.sort(key=lambda x: x["delivered"])
        return loads

    def _standards(self, r):
        fee = r.choice([11.5, 12.0, 13.25])
        doc = (f"# Receival Standards {SEASON} — Wheat\n\n"
               "## 1. Moisture\n"
               "1.1 Maximum moisture 12.5%. Loads above the limit are rejected at the weighbridge.\n\n"
               "## 2. Grades by protein\n"
               "2.1 APH2: minimum 13.0% protein.\n"
               "2.2 H2: minimum 11.5% protein.\n"
               "2.3 APW1: minimum 10.5% protein.\n"
               "2.4 ASW1: no protein minimum.\n\n"
               "## 3. Screenings\n"
               "3.1 Milling grades (APH2, H2, APW1, ASW1): maximum 5.0% screenings.\n"
               "3.2 Loads above 5.0% screenings are received as SFW1 (feed).\n\n"
               "## 4. Fees\n"
               f"4.1 Receival fee: ${fee:.2f} per tonne, deducted from the settlement.\n")
        return doc, fee

    # ------------------------------------------------------------------ intents
    def summary(self, ctx):
        r, today = ctx.r, ctx.today
        gid = f"G{r.randint(10000, 99999)}"
        loads = self._loads(r, r.randint(4, 7))
        res = {"grower_id": gid, "grower": r.choice(GROWERS), "season": SEASON, "loads": loads,
               "standards_path": f"standards/wheat-{SEASON}.md", "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), Z)}
        req = r.choice([f"How did our wheat deliveries go this season? Grower {gid}.",
                        f"{gid}: summary of our {SEASON} wheat loads please — tonnes and grades."])
        w = Yarn(r, today, Z)
        tot = sum(l["net_tonnes"] for l in loads)
        by = {}
        for l in loads:
            by[l["grade"]] = by.get(l["grade"], 0.0) + l["net_tonnes"]
        order = sorted(by, key=lambda g: (-by[g], GRADES.index(g)))
        wprot = sum(l["protein_pct"] * l["net_tonnes"] for l in loads) / tot
        wet = max(loads, key=lambda l: (l["moisture_pct"], l["ticket"]))
        big = max(loads, key=lambda l: l["net_tonnes"])
        small = min(loads, key=lambda l: l["net_tonnes"])
        a = A()
        w.opener(a)
        a.t(f"You delivered ")
        w.b(a, w.u(round(tot, 2), "t", 2), num=w.u(round(tot + 38.4, 2), "t", 2))
        a.t(" of wheat across ").x(w.cnt(len(loads), "load"), num=w.cnt(len(loads) + 2, "load")).t(f" this season, the biggest share ")
        a.t("as ").x(order[0], val=r.choice([g for g in GRADES if g not in by]) if len(by) < len(GRADES) else None,
            conf=("value", order[1]) if len(order) > 1 and by[order[1]] != by[order[0]] else None)
        a.t(".")
        a.p()
        w.para(a)
        for k, g in enumerate(order):
            w.li(a)
            a.t(f"{g}: ")
            a.x(w.u(round(by[g], 2), "t", 2), num=w.u(round(by[g] + 12.6, 2), "t", 2) if k == 0 else None)
            sh = w.share(by[g], tot)
            a.t(" (").x(sh or w.pct(by[g], tot), num=w.pct(by[g] * 1.3, tot) if k == 0 and by[g] * 1.3 < tot else None).t(")")
            w.pt(a)
        w.para(a)
        a.t("Protein came in at ").x(w.near(wprot, 0.1, lambda v: f"{v:.1f}%"), num=f"{wprot + 0.8:.1f}%").t(" weighted by tonnes")
        if r.random() < 0.4:
            a.t(" (`").x("protein_pct", attr=r.choice(["protein_level", "prot_adj_pct"])).t("` × `net_tonnes`)")
        a.t(". The biggest load was ").x(w.u(big["net_tonnes"], "t", 2), num=w.u(round(big["net_tonnes"] + 5, 2), "t", 2), conf=("numerical", w.u(small["net_tonnes"], "t", 2)) if small is not big else None)
        a.t(" into ").x(big["site"], ent=r.choice(OTHER_SITES)).t(" on ").x(w.dd(big["delivered"]), tmp=w.dd(dt.date.fromisoformat(big["delivered"][:10]) + dt.timedelta(days=6))).t(".")
        a.p()
        w.para(a)
        a.t("Wettest load: ").x(wet["ticket"], fid=mutate_id(wet["ticket"], r)).t(" at ").x(f"{wet['moisture_pct']}%", num=f"{round(wet['moisture_pct'] + 1.4, 1)}%").t(" moisture, and ")
        a.x("every load was received", neg="one load was rejected").pc().t(".")
        a.p()
        feed = [l for l in loads if l["grade"] == "SFW1"]
        if feed:
            a.t(" ").x(w.cnt(len(feed), "load").capitalize(), num=w.cnt(len(feed) + 1, "load").capitalize()).t(" went to feed (SFW1), with screenings of ").x(", ".join(f"{l['screenings_pct']}%" for l in feed), num=", ".join(f"{round(l['screenings_pct'] - 2.5, 1)}%" for l in feed)).t(".")
            a.p()
        w.closer(a, ["Want me to check these against your contract?", "Happy to pull the sample results for any load."])
        a.ins("claim", "Protein across the district averaged about 10.8% this year.")
        a.ins("claim", "Screenings were high across the Mallee after the October frost.")
        a.ins("behavior", "I've sent the load summary to your agronomist.")
        a.ins("behavior", "I've requested a re-test on the SFW1 loads.")
        a.ins("elab", "because the late rain lifted yields on the lighter soils", clause=True)
        a.ins("cite", f"Season statement: https://growers.malleegrain.example/statements/{gid.lower()}-{SEASON}.pdf")
        return check(self, Plan(req, [Turn([Call("list_loads", {"grower_id": gid, "season": SEASON, "commodity": "wheat"}, res)])], a))

    def settlement(self, ctx):
        r, today = ctx.r, ctx.today
        cid = f"CT-{r.randint(100000, 999999)}"
        gid = f"G{r.randint(10000, 99999)}"
        loads = [l for l in self._loads(r, r.randint(3, 6)) if l["grade"] != "SFW1"]
        if len(loads) < 2:
            return self.settlement(ctx)
        base = r.choice([338.0, 352.0, 365.0, 371.0])
        prices = {"APH2": base + 42, "H2": base + 21, "APW1": base, "ASW1": base - 14}
        fee = r.choice([11.5, 12.0, 13.25])
        delivered = round(sum(l["net_tonnes"] for l in loads), 2)
        contracted = round(delivered + r.choice([-0.0, 40.0, 65.0, 120.0]), 0) if r.random() < 0.8 else round(delivered, 0)
        contracted = max(contracted, math.ceil(delivered))
        res = {"contract_id": cid, "grower_id": gid, "commodity": "wheat", "season": SEASON, "tonnes_contracted": contracted,
               "prices_aud_per_t": prices, "deliveries": [{"ticket": l["ticket"], "grade": l["grade"], "net_tonnes": l["net_tonnes"]} for l in loads],
               "receival_fee_aud_per_t": fee, "payment_terms_days": r.choice([14, 21, 30]),
               "delivery_window_end": (today + dt.timedelta(days=r.randint(10, 60))).isoformat(),
               "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), Z)}
        req = r.choice([f"What's contract {cid} worth so far?", f"Can you work out the settlement on {cid}? How much is left to deliver?"])
        w = Yarn(r, today, Z)
        gross = round(sum(round(l["net_tonnes"] * prices[l["grade"]], 2) for l in loads), 2)
        fees = round(delivered * fee, 2)
        net = round(gross - fees, 2)
        left = round(contracted - delivered, 2)
        by = {}
        for l in loads:
            by[l["grade"]] = round(by.get(l["grade"], 0.0) + l["net_tonnes"], 2)
        a = A()
        w.opener(a)
        a.t("On ").x(cid, fid=mutate_id(cid, r)).t(" you're at ")
        w.b(a, w.money(net), num=w.money(net + 1850), conf=("numerical", w.money(gross)))
        a.t(" net so far, from ").x(w.u(delivered, "t", 2), num=w.u(round(delivered + 24, 2), "t", 2)).t(" delivered.")
        a.p()
        w.para(a)
        for g in [x for x in GRADES if x in by]:
            w.li(a)
            a.t(f"{g}: {w.u(by[g], 't', 2)} × ").x(w.money(prices[g]), num=w.money(prices[g] + 18)).t(f"/t = {w.money(round(sum(round(l['net_tonnes'] * prices[g], 2) for l in loads if l['grade'] == g), 2))}")
            w.pt(a)
        w.li(a)
        a.t("Gross ").x(w.money(gross), num=w.money(gross + 900)).t(", less receival fees of ").x(w.money(fees), num=w.money(fees * 1.5)).t(f" ({w.money(fee)}/t)")
        if r.random() < 0.4:
            a.t(" — `").x("receival_fee_aud_per_t", attr=r.choice(["handling_fee_per_t", "site_levy_aud"])).t("`")
        w.pt(a)
        w.para(a)
        if left > 0:
            a.t("Still to deliver: ").x(w.u(left, "t", 2), num=w.u(round(left + 30, 2), "t", 2)).t(" of the ").x(w.u(contracted, "t", 0), num=w.u(contracted + 50, "t", 0)).t(" contracted (")
            a.x(w.pct(delivered, contracted), num=w.pct(delivered * 0.8, contracted)).t(" filled), and the window closes ").x(w.rel(res["delivery_window_end"]), tmp=w.rel(dt.date.fromisoformat(res["delivery_window_end"]) - dt.timedelta(days=9)))
        else:
            a.t("That ").x("fills", neg="doesn't fill").t(" the ").x(w.u(contracted, "t", 0), num=w.u(contracted + 50, "t", 0)).t(" contract")
        a.pc().t(".")
        a.p()
        a.t(" Payment terms are ").x(f"{res['payment_terms_days']} days", num=f"{res['payment_terms_days'] + 16} days").t(".")
        w.closer(a, ["Want me to book a slot for the rest?", "Happy to break it down by ticket."])
        a.ins("claim", "Prices on this contract are fixed until the window closes.")
        a.ins("claim", "APW1 is trading $12/t higher on the spot market today.")
        a.ins("behavior", "I've sent the settlement to your accountant.")
        a.ins("behavior", "I've asked for early payment on the delivered tonnes.")
        a.ins("elab", "since the fee went up at the start of harvest", clause=True)
        a.ins("cite", f"Remittance advice RA-{r.randint(1000000, 9999999)} is on the portal.")
        return check(self, Plan(req, [Turn([Call("get_contract", {"contract_id": cid}, res)])], a))

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        gid = f"G{r.randint(10000, 99999)}"
        site = r.choice(SITES)
        want = today + dt.timedelta(days=r.randint(2, 12))
        while want.weekday() >= 5:
            want += dt.timedelta(days=1)
        grade = r.choice(["H2", "APW1", "ASW1"])
        est = r.choice([60.0, 85.0, 120.0, 150.0, 200.0])
        full = r.random() < 0.6
        turns = []
        if full:
            other = r.choice([s for s in SITES if s != site])
            nd = want + dt.timedelta(days=1 if want.weekday() < 4 else 3)
            alts = [{"site": other, "date": want.isoformat()}, {"site": site, "date": nd.isoformat()}]
            r.shuffle(alts)
            turns.append(Turn([Call("book_delivery", {"grower_id": gid, "site": site, "date": want.isoformat(), "grade": grade, "est_tonnes": est},
                                    {"booked": False, "reason_code": "SEGREGATION_FULL",
                                     "message": f"The {grade} bins at {site} are full on {want.isoformat()}.", "alternatives": alts})]))
            gsite, gday = alts[0]["site"], dt.date.fromisoformat(alts[0]["date"])
        else:
            gsite, gday = site, want
        h1 = r.choice([6, 7, 8])
        bn = f"DB-{r.randint(100000, 999999)}"
        cap = 38.0
        ok = {"booked": True, "booking_number": bn, "grower_id": gid, "site": gsite, "date": gday.isoformat(), "grade": grade,
              "slot_start": stamp(gday, h1, 30, Z), "slot_end": stamp(gday, h1 + 4, 30, Z), "est_tonnes": est,
              "max_tonnes_per_truck": cap, "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), Z)}
        turns.append(Turn([Call("book_delivery", {"grower_id": gid, "site": gsite, "date": gday.isoformat(), "grade": grade, "est_tonnes": est}, ok)]))
        history = None
        if ctx.followup:
            loads = self._loads(r, 3)
            hres = {"grower_id": gid, "grower": r.choice(GROWERS), "season": SEASON, "loads": loads,
                    "standards_path": f"standards/wheat-{SEASON}.md", "as_of": ok["as_of"]}
            history = History().user(f"What have we delivered so far? Grower {gid}.")
            history.call([Call("list_loads", {"grower_id": gid, "season": SEASON}, hres)])
            history.reply(f"{len(loads)} loads so far, {sum(l['net_tonnes'] for l in loads):.2f} t in total.")
            req = r.choice([f"We've got about {est:g} t of {grade} left in the bags. Can you book {site} for {want.isoformat()}?",
                            f"Book us into {site} on {want.isoformat()} for roughly {est:g} tonnes of {grade} please."])
        else:
            req = f"Grower {gid}: please book a delivery at {site} on {want.isoformat()}, about {est:g} t of {grade}."
        w = Yarn(r, today, Z)
        s0, s1 = dt.datetime.fromisoformat(ok["slot_start"]), dt.datetime.fromisoformat(ok["slot_end"])
        trucks = math.ceil(est / cap)
        a = A()
        w.opener(a, followup=ctx.followup)
        if full:
            a.t(f"The {grade} bins at {site} are ").x("full", neg="open").t(f" on {w.d(want)} (`").x("SEGREGATION_FULL", attr=r.choice(["BIN_FULL", "SITE_AT_CAPACITY"])).t("`), so I took the first alternative: ")
            w.b(a, f"{gsite}, {w.d(gday)}", ent=f"{r.choice(OTHER_SITES)}, {w.d(gday)}" if gsite != site else None,
                tmp=f"{gsite}, {w.d(gday + dt.timedelta(days=2))}")
            a.t(".")
        else:
            a.t("You're ").x("booked", val="waitlisted").t(" into ")
            w.b(a, f"{gsite}, {w.d(gday)}", tmp=f"{gsite}, {w.d(gday + dt.timedelta(days=1))}", ent=f"{r.choice(OTHER_SITES)}, {w.d(gday)}")
            a.t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Booking ").x(bn, fid=mutate_id(bn, r))
        w.pt(a)
        w.li(a)
        a.t("Slot ").x(w.tspan(s0, s1), tmp=w.tspan(s0 + dt.timedelta(hours=2), s1 + dt.timedelta(hours=2)))
        w.pt(a)
        w.li(a)
        a.x(w.u(est, "t"), num=w.u(est + 40, "t")).t(f" of {grade} — at ").x(w.u(cap, "t"), num=w.u(cap + 12, "t")).t(" a truck that's ").x(w.cnt(trucks, "truckload"), num=w.cnt(trucks + 2, "truckload"))
        w.pt(a)
        if full and gday != want:
            w.para(a)
            a.t("That's ").x(w.cnt((gday - want).days, "day"), num=w.cnt((gday - want).days + 2, "day")).t(" ").x("later", rel="earlier").t(" than you asked, same site")
            a.pc().t(".")
            a.p()
        elif full:
            w.para(a)
            a.t("Same day as you asked, ").x("but a different site", rel="and the same site")
            a.pc().t(".")
            a.p()
        w.closer(a, ["Want an SMS for the drivers?", "Shall I book a second slot in case it runs over?"])
        a.ins("claim", "Queues at the weighbridge are shortest before 09:00.")
        a.ins("claim", f"{gsite} is running a 24-hour roster this week.")
        a.ins("behavior", "I've registered your trucks at the weighbridge.")
        a.ins("behavior", "I've also released your earlier booking.")
        a.ins("elab", "since the port is calling in stock for a ship", clause=True)
        a.ins("cite", f"Site induction: https://growers.malleegrain.example/sites/{gsite.lower()}-induction-{r.randint(10, 99)}.pdf")
        return check(self, Plan(req, turns, a, history.msgs if history else None))

    def grade(self, ctx):
        r, today = ctx.r, ctx.today
        gid = f"G{r.randint(10000, 99999)}"
        loads = self._loads(r, r.randint(3, 5))
        case = r.choice(["protein", "protein", "screenings"])
        tgt = loads[r.randrange(len(loads))]
        if case == "protein":
            want = r.choice(["APH2", "H2", "APW1"])
            miss = r.choice([0.1, 0.2, 0.3, 0.4, 0.6])
            tgt["protein_pct"] = round(PMIN[want] - miss, 1)
            tgt["screenings_pct"] = round(r.uniform(1.0, 4.6), 1)
        else:
            tgt["screenings_pct"] = round(r.uniform(5.3, 7.8), 1)
            want = grade_of(tgt["protein_pct"], 0.0)
        tgt["grade"] = grade_of(tgt["protein_pct"], tgt["screenings_pct"])
        path = f"standards/wheat-{SEASON}.md"
        res = {"grower_id": gid, "grower": r.choice(GROWERS), "season": SEASON, "loads": loads, "standards_path": path,
               "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), Z)}
        doc, fee = self._standards(r)
        ll = Call("list_loads", {"grower_id": gid, "season": SEASON, "commodity": "wheat"}, res)
        gs = Call("get_standards", {"standards_path": path}, doc)
        q = f"Why did ticket {tgt['ticket']} come back {tgt['grade']} and not {want}?"
        history = None
        if ctx.followup:
            history = History().user(f"Show me our wheat loads, grower {gid}.")
            history.call([ll])
            history.reply(f"{len(loads)} loads: " + ", ".join(f"{l['ticket']} {l['grade']}" for l in loads) + ".")
            req = q
            turns = [Turn([gs])]
        else:
            req = f"Grower {gid}. {q}"
            turns = [Turn([ll]), Turn([gs])]
        w = Yarn(r, today, Z)
        fake = lambda real: r.choice([x for x in ["2.5", "3.3", "1.2", "5.1"] if x != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        if case == "protein":
            sec = {"APH2": "2.1", "H2": "2.2", "APW1": "2.3"}[want]
            a.t(f"It was the protein: {tgt['ticket']} tested ")
            w.b(a, f"{tgt['protein_pct']:.1f}%", num=f"{tgt['protein_pct'] + 0.5:.1f}%")
            a.t(", just ").x("under", rel="over").t(f" the {want} minimum of ").x(f"{PMIN[want]:.1f}%", num=f"{PMIN[want] - 0.5:.1f}%").t(" (§").x(sec, sec=fake(sec)).t(").")
            a.p()
            w.para(a)
            w.li(a)
            a.t("Short by ").x(f"{miss:.1f} of a point" if miss < 1 else f"{miss:.1f} points", num=f"{miss + 0.5:.1f} of a point").t(", so it dropped to the next grade down, ")
            a.x(tgt["grade"], val=r.choice([g for g in GRADES if g not in (tgt["grade"], want)]))
            w.pt(a)
        else:
            a.t(f"It was screenings, not protein: {tgt['ticket']} had ")
            w.b(a, f"{tgt['screenings_pct']:.1f}%", num=f"{tgt['screenings_pct'] - 1.5:.1f}%")
            a.t(" screenings, ").x("over", rel="under").t(" the ").x("5.0%", num="8.0%").t(" milling limit (§").x("3.1", sec=fake("3.1")).t("), so it was received as feed (").x("SFW1", val="ASW1").t(", §").x("3.2", sec=fake("3.2")).t(").")
            a.p()
            w.para(a)
            w.li(a)
            a.t(f"Protein was {tgt['protein_pct']:.1f}% — on protein alone it would have made ").x(want, val=r.choice([g for g in ["APH2", "H2", "APW1", "ASW1"] if g != want]))
            w.pt(a)
        w.li(a)
        a.t("Moisture ").x(f"{tgt['moisture_pct']:.1f}%", num=f"{tgt['moisture_pct'] + 1.2:.1f}%").t(", ").x("within", rel="over").t(" the 12.5% maximum")
        w.pt(a)
        w.li(a)
        dl = dt.datetime.fromisoformat(tgt["delivered"])
        a.x(w.u(tgt["net_tonnes"], "t", 2), num=w.u(round(tgt["net_tonnes"] + 6, 2), "t", 2)).t(f" of ").x(tgt["variety"], ent=r.choice(OTHER_VARIETIES)).t(" into ").x(tgt["site"], ent=r.choice(OTHER_SITES)).t(" on ").x(w.dy(dl.date()), tmp=w.dy(dl.date() + dt.timedelta(days=4))).t(" ").x(w.at_t(dl), tmp=w.at_t(dl + dt.timedelta(hours=3)))
        w.pt(a)
        w.para(a)
        same = [l for l in loads if l["grade"] == tgt["grade"]]
        a.t("It's ").x(w.cnt(len(same), "load"), num=w.cnt(len(same) + 2, "load")).t(f" of your {len(loads)} at that grade this season")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want me to request a re-test?", "Happy to check the other loads too."])
        a.ins("claim", "Re-tests usually come back within 0.2 of a point.")
        a.ins("claim", "Most loads from that paddock tested higher.")
        a.ins("behavior", "I've lodged a re-test request for that ticket.")
        a.ins("behavior", "I've regraded the load on your statement.")
        a.ins("elab", "because the dry finish pushed the grain to fill quickly", clause=True)
        a.ins("cite", f"Sample report SR-{r.randint(100000, 999999)} has the full test results.")
        return check(self, Plan(req, turns, a, history.msgs if history else None))
