"""aircraft_maintenance (set g): inspections due by hours and calendar, MEL deferrals with expiry, work orders with
labor and parts, and airworthiness directives fetched by URL."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_bool, s_obj, s_str
from .gstyle import Pen, n1, pct, usd, vet

BASE = "https://mx.hangarline.example/api"
ADS = "https://mx.hangarline.example/ad"
TYPES = [("Cessna 172S", "Lycoming IO-360-L2A"), ("Piper PA-28-181", "Lycoming O-360-A4M"),
         ("Beechcraft A36", "Continental IO-550-B"), ("Cirrus SR22", "Continental IO-550-N")]
TECHS = ["R. Vasquez (A&P/IA)", "K. Donnelly (A&P)", "S. Iwata (A&P)", "M. Brandt (A&P/IA)"]
OTHER_TECHS = ["P. Larkin (A&P)", "D. Osei (A&P/IA)"]


def tail(r: R):
    return f"N{r.randint(1, 9)}{r.randint(10, 999)}{r.choice(['', 'A', 'K', 'TX', 'MP', 'CG'])}"


class AircraftMx(Scenario):
    name = "aircraft_maintenance"
    agent = "Logbook"
    service = "hangarline-mx-assistant"
    system = ("You are Logbook, the maintenance-tracking assistant for Hangarline Aviation's flight-school fleet. Use the "
              "tools to report inspections due, MEL deferrals, work orders and airworthiness directives (ADs). Times are "
              "Hobbs/tach hours. You cannot sign off maintenance or return an aircraft to service.")
    error_style = 1
    entity_noun = {"tail_number": "Aircraft", "wo_id": "Work order", "doc_url": "Document"}
    preambles = ["Checking the tracking records.", "Pulling the aircraft status.", "Opening the work order."]

    def __init__(self):
        tp = r"^N[1-9]\d{1,4}[A-Z]{0,2}$"
        self.tools = [
            Tool("get_aircraft", "Aircraft status: total time, engine time, open work order.",
                 s_obj({"tail_number": s_str("Registration, e.g. 'N4521K'.", pattern=tp)}, ["tail_number"]),
                 entity={"tail_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("list_inspections", "Recurring inspections and AD items with last done / next due.",
                 s_obj({"tail_number": s_str("Registration.", pattern=tp), "include_completed": s_bool("Include one-time items already complied with.")},
                       ["tail_number"]), entity={"tail_number": "id"}, http=BASE, extra=[("group", "all")]),
            Tool("list_deferrals", "MEL / inoperative-equipment deferrals for an aircraft.",
                 s_obj({"tail_number": s_str("Registration.", pattern=tp), "status": s_str("Deferral status.", enum=["open", "closed", "all"])},
                       ["tail_number", "status"]), entity={"tail_number": "id"}, http=BASE, extra=[("category", "C")]),
            Tool("get_work_order", "Work order with tasks, labor hours and parts.",
                 s_obj({"wo_id": s_str("Work order ID, e.g. 'WO-240118'.", pattern=r"^WO-\d{6}$")}, ["wo_id"]),
                 entity={"wo_id": "id"}, http=BASE, extra=[("include_signoffs", True)]),
            Tool("get_ad_document", "Airworthiness directive text (plain text, lettered paragraphs) by URL.",
                 s_obj({"doc_url": s_str("AD URL from list_inspections.", pattern=r"^https://mx\.hangarline\.example/ad/")}, ["doc_url"]),
                 entity={"doc_url": "url"}, extra=[("format", "pdf")]),
        ]
        self.intents = [("inspections_due", self.due, True), ("mel_deferrals", self.deferrals, False),
                        ("work_order", self.work_order, True), ("ad_compliance", self.ad, True)]

    def aircraft(self, r: R, today):
        tn = tail(r)
        typ, eng = r.choice(TYPES)
        ttaf = round(r.uniform(4200, 14800), 1)
        return tn, {"tail_number": tn, "type": typ, "serial": f"{r.randint(17200000, 17299999)}", "engine": eng,
                    "airframe_total_hours": ttaf, "engine_hours_since_overhaul": round(r.uniform(120, 1900), 1),
                    "engine_tbo_hours": 2000 if "Lycoming" in eng else 1700,
                    "status": r.choice(["airworthy", "airworthy", "in_maintenance"]), "base": r.choice(["KPAO", "KHWD", "KLVK"]),
                    "open_work_order": f"WO-{r.randint(240000, 249999)}", "as_of": today.isoformat()}

    def inspections(self, r: R, today, ac):
        h = ac["airframe_total_hours"]
        last100 = round(h - r.uniform(20, 96), 1)
        annual_last = today - dt.timedelta(days=r.randint(120, 350))
        ad_num = f"20{r.randint(20, 25)}-{r.randint(1, 26):02d}-{r.randint(1, 20):02d}"
        ad_int = r.choice([100, 500])
        ad_last = round(h - r.uniform(10, ad_int - 5), 1)
        elt_last = today - dt.timedelta(days=r.randint(60, 330))
        items = [
            {"item": "100-hour inspection", "interval": {"hours": 100}, "last_done": {"hours": last100},
             "next_due": {"hours": round(last100 + 100, 1)}},
            {"item": "Annual inspection", "interval": {"months": 12}, "last_done": {"date": annual_last.isoformat()},
             "next_due": {"date": (annual_last.replace(year=annual_last.year + 1) if not (annual_last.month == 2 and annual_last.day == 29) else annual_last + dt.timedelta(days=365)).isoformat()}},
            {"item": f"AD {ad_num} (oil filter adapter inspection)", "interval": {"hours": ad_int}, "last_done": {"hours": ad_last},
             "next_due": {"hours": round(ad_last + ad_int, 1)}, "reference_url": f"{ADS}/{ad_num}"},
            {"item": "ELT battery", "interval": {"months": 12}, "last_done": {"date": elt_last.isoformat()},
             "next_due": {"date": (elt_last + dt.timedelta(days=365)).isoformat()}},
        ]
        return items, ad_num, ad_int, ad_last

    def due(self, ctx):
        r, today = ctx.r, ctx.today
        tn, ac = self.aircraft(r, today)
        items, ad_num, ad_int, ad_last = self.inspections(r, today, ac)
        h = ac["airframe_total_hours"]
        res = {"tail_number": tn, "current_hours": h, "as_of": today.isoformat(), "items": items}
        ga = Call("get_aircraft", {"tail_number": tn}, ac)
        li = Call("list_inspections", {"tail_number": tn}, res)
        history = None
        if ctx.followup:
            history = History().user(f"Is {tn} airworthy right now?")
            history.call([ga])
            history.reply(f"{tn} ({ac['type']}) shows {ac['status'].replace('_', ' ')}, {h} hours total time.")
            req = r.choice(["What inspections are coming up on it?", "What's due next on that aircraft?"])
            turns = [Turn([li])]
        else:
            req = r.choice([f"What's coming due on {tn}?", f"{tn}: how many hours until the next 100-hour, and when's the annual?"])
            turns = [Turn([ga]), Turn([li])]
        w = Pen(r, today)
        items = [dict(i) for i in items]          # working copies; the tool result stays as returned
        hrs_items = [i for i in items if "hours" in i["next_due"]]
        for i in hrs_items:
            i["_left"] = round(i["next_due"]["hours"] - h, 1)
        date_items = [i for i in items if "date" in i["next_due"]]
        for i in date_items:
            i["_days"] = (dt.date.fromisoformat(i["next_due"]["date"]) - today).days
        soon_h = min(hrs_items, key=lambda i: i["_left"])
        soon_d = min(date_items, key=lambda i: i["_days"])
        other_h = max(hrs_items, key=lambda i: i["_left"])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.t("Next by hours: ").x(soon_h["item"], conf=("entity", other_h["item"]) if other_h is not soon_h else None).t(", ").x(f"{n1(soon_h['_left'])} h", num=f"{n1(soon_h['_left'] + 25)} h").t(" away")
        a.t("; next by calendar: ").t(soon_d["item"]).t(", ").x(w.rel(soon_d["next_due"]["date"]), tmp=w.d(dt.date.fromisoformat(soon_d["next_due"]["date"]) + dt.timedelta(days=31)))
        w.src(a, "the inspection list", "list_inspections")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Item", "Next due", "Remaining"])
            for i in items:
                a("| ").t(i["item"]).t(" | ")
                if "hours" in i["next_due"]:
                    a.t(f"{n1(i['next_due']['hours'])} h").t(" | ").x(f"{n1(i['_left'])} h", num=f"{n1(i['_left'] + 40)} h").t(" |\n")
                else:
                    a.x(w.d(i["next_due"]["date"]), tmp=w.d(dt.date.fromisoformat(i["next_due"]["date"]) - dt.timedelta(days=30))).t(" | ").t(f"{i['_days']} days").t(" |\n")
        else:
            for i in items:
                a(w.bullet).t(i["item"]).t(" — ")
                if "hours" in i["next_due"]:
                    a.t(f"due at {n1(i['next_due']['hours'])} h, ").x(f"{n1(i['_left'])} h", num=f"{n1(i['_left'] + 40)} h").t(" to go").pb().t("\n")
                else:
                    a.t("due ").x(w.d(i["next_due"]["date"]), tmp=w.d(dt.date.fromisoformat(i["next_due"]["date"]) - dt.timedelta(days=30))).t(f" ({i['_days']} days)").pb().t("\n")
        a(f"\nCurrent total time is {n1(h)} h. The engine is at ").x(f"{n1(ac['engine_hours_since_overhaul'])} h", num=f"{n1(ac['engine_hours_since_overhaul'] + 300)} h").t(" since overhaul, ")
        pct_tbo = ac["engine_hours_since_overhaul"] / ac["engine_tbo_hours"] * 100
        a.x(pct(pct_tbo), num=pct(pct_tbo + 18)).t(f" of the {ac['engine_tbo_hours']:,} h TBO").pc().t(".").p()
        before = items[0]["_left"] < items[2]["_left"]
        a("\n\nOn hours remaining, the 100-hour ").x("comes before" if before else "comes after", rel="comes after" if before else "comes before").t(" the AD recheck.")
        w.finish(a, ["Want me to check open deferrals too?", "Should I pull the AD text?"])
        a.ins("claim", "The 100-hour can be overflown by up to 10 hours only en route to the inspection.")
        a.ins("claim", f"{tn} flew 38 hours last month.")
        a.ins("behavior", "I've scheduled the 100-hour in the hangar calendar.")
        a.ins("elab", "mostly because the school's summer block adds a lot of pattern work", clause=True)
        a.ins("cite", f"The inspection tracking sheet is TRK-{tn}-{r.randint(10, 99)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def deferrals(self, ctx):
        r, today = ctx.r, ctx.today
        tn, ac = self.aircraft(r, today)
        pool = [("Landing light", "C", 10), ("Cabin dome light", "C", 10), ("Autopilot altitude hold", "C", 10),
                ("Pitot heat", "B", 3), ("Fuel quantity gauge, right", "B", 3), ("Hobbs meter", "D", 120)]
        defs = []
        for nm, cat, days in r.sample(pool, r.choice([2, 3])):
            d0 = today - dt.timedelta(days=r.randint(0, days - 1))
            defs.append({"deferral_id": f"DEF-{r.randint(1000, 9999)}", "item": nm, "mel_category": cat, "interval_days": days,
                         "deferred_on": d0.isoformat(), "expires_on": (d0 + dt.timedelta(days=days)).isoformat(),
                         "placard": "INOP", "deferred_by": r.choice(TECHS), "status": "open"})
        closed = {"deferral_id": f"DEF-{r.randint(1000, 9999)}", "item": "Strobe light", "mel_category": "C", "interval_days": 10,
                  "deferred_on": (today - dt.timedelta(days=30)).isoformat(), "expires_on": (today - dt.timedelta(days=20)).isoformat(),
                  "placard": "INOP", "deferred_by": r.choice(TECHS), "status": "closed", "closed_on": (today - dt.timedelta(days=24)).isoformat()}
        status = r.choice(["open", "all"])
        res = {"tail_number": tn, "as_of": today.isoformat(), "deferrals": defs + ([closed] if status == "all" else []),
               "category_intervals_days": {"B": 3, "C": 10, "D": 120}}
        req = r.choice([f"Any open MEL items on {tn}?", f"What's deferred on {tn} and when do the deferrals run out?"])
        w = Pen(r, today)
        first = min(defs, key=lambda d: d["expires_on"])
        last = max(defs, key=lambda d: d["expires_on"])
        a = A()
        w.opener(a)
        w.lead(a)
        a.t(f"{tn} has ").x(f"{len(defs)} open deferral" + ("s" if len(defs) > 1 else ""), num=f"{len(defs) + 1} open deferrals")
        if status == "all":
            a.t(" (plus one ").x("closed", val="open").t(" strobe-light item)")
        w.src(a, "the deferral list", "list_deferrals")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Item", "Cat.", "Deferred", "Expires"])
            for d in defs:
                a("| ").t(d["item"]).t(" | ")
                a.x(d["mel_category"], val={"B": "C", "C": "D", "D": "C"}[d["mel_category"]]).t(" | ").t(w.d(d["deferred_on"])).t(" | ")
                a.x(w.d(d["expires_on"]), tmp=w.d(dt.date.fromisoformat(d["expires_on"]) + dt.timedelta(days=7))).t(" |\n")
        else:
            for d in defs:
                a(w.bullet).t(d["item"]).t(" — category ").x(d["mel_category"], val={"B": "C", "C": "D", "D": "C"}[d["mel_category"]]).t(", expires ")
                a.x(w.d(d["expires_on"]), tmp=w.d(dt.date.fromisoformat(d["expires_on"]) + dt.timedelta(days=7))).pb().t("\n")
        left = (dt.date.fromisoformat(first["expires_on"]) - today).days
        a("\nFirst to run out: ").x(first["item"].lower(), conf=("entity", last["item"].lower()) if last is not first else None).t(", in ").x(f"{left} day" + ("s" if left != 1 else ""), num=f"{left + 5} days").t(" — ")
        a.t("category ").t(first["mel_category"]).t(" allows ").x(f"{first['interval_days']} days", num=f"{first['interval_days'] * 2} days").t(" from the deferral date").pc().t(".").p()
        a("\n\nAll open items are placarded ").x("`INOP`", attr="`DEFERRED`").t(". ")
        a.t("Deferred by ").x(first["deferred_by"], ent=r.choice(OTHER_TECHS)).t(" for the ").t(first["item"].lower()).t(".")
        a(" All open items ").x("are still within", neg="are already past").t(" their deferral period; the last one expires ").t(w.d(last["expires_on"])).t(".")
        w.finish(a, ["Want me to open a work order to clear the first one?", "Should I check inspections due as well?"])
        a.ins("claim", "Category C items can be extended once by the director of maintenance.")
        a.ins("claim", "The parts for the landing light are already on order.")
        a.ins("behavior", "I've notified dispatch so the aircraft isn't booked for night flights.")
        a.ins("elab", "since the hangar is short one avionics tech this month", clause=True)
        a.ins("cite", f"The MEL letter of authorization is LOA-{r.randint(100, 999)}-{tn[1:3]}.")
        return vet(self, Plan(req, [Turn([Call("list_deferrals", {"tail_number": tn, "status": status}, res)])], a))

    def work_order(self, ctx):
        r, today = ctx.r, ctx.today
        tn, ac = self.aircraft(r, today)
        wo = ac["open_work_order"]
        rate = r.choice([115.0, 125.0, 135.0])
        tasks = []
        for nm in r.sample(["100-hour inspection", "Replace left brake pads", "Oil and filter change", "Repair landing light wiring",
                            "Compression check", "Replace vacuum pump", "Re-torque propeller bolts"], r.choice([3, 4])):
            est = r.choice([0.8, 1.5, 2.0, 3.5, 6.0])
            done = r.random() < 0.6
            tasks.append({"task": nm, "est_hours": est, "actual_hours": round(est * r.uniform(0.8, 1.5), 1) if done else None,
                          "status": "complete" if done else "open", "tech": r.choice(TECHS)})
        if all(t["status"] == "complete" for t in tasks):
            tasks[-1]["status"], tasks[-1]["actual_hours"] = "open", None
        if all(t["status"] == "open" for t in tasks):
            tasks[0]["status"], tasks[0]["actual_hours"] = "complete", round(tasks[0]["est_hours"] * 1.2, 1)
        parts = [{"part_number": f"{r.randint(10, 99)}-{r.randint(1000, 9999)}", "description": d, "qty": q, "unit_price": p}
                 for d, q, p in r.sample([("Brake lining kit", 1, 64.5), ("Oil filter", 1, 28.9), ("Aeroshell 15W-50 (qt)", 8, 11.25),
                                          ("Vacuum pump", 1, 612.0), ("Spark plug", 4, 38.0)], 2)]
        opened = today - dt.timedelta(days=r.randint(1, 6))
        res = {"wo_id": wo, "tail_number": tn, "opened": opened.isoformat(), "labor_rate_usd": rate, "tasks": tasks, "parts": parts,
               "status": "in_progress", "promised": (today + dt.timedelta(days=r.randint(1, 4))).isoformat()}
        ga = Call("get_aircraft", {"tail_number": tn}, ac)
        gw = Call("get_work_order", {"wo_id": wo}, res)
        history = None
        if ctx.followup:
            history = History().user(f"What's the status of {tn}?")
            history.call([ga])
            history.reply(f"{tn} is {ac['status'].replace('_', ' ')} with open work order {wo}.")
            req = r.choice(["How far along is that work order, and what's it costing so far?", "Break down the open work order."])
            turns = [Turn([gw])]
        else:
            req = r.choice([f"Where's the work on {tn}? Look up its open work order.", f"{tn} — how's the open work order going?"])
            turns = [Turn([ga]), Turn([gw])]
        w = Pen(r, today)
        done = [t for t in tasks if t["status"] == "complete"]
        todo = [t for t in tasks if t["status"] == "open"]
        act = round(sum(t["actual_hours"] for t in done), 1)
        est_done = round(sum(t["est_hours"] for t in done), 1)
        est_left = round(sum(t["est_hours"] for t in todo), 1)
        labor = round(act * rate, 2)
        parts_tot = round(sum(p["qty"] * p["unit_price"] for p in parts), 2)
        var = (act - est_done) / est_done * 100
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.x(w.idf(wo), fid=w.idf(f"WO-{r.randint(250000, 259999)}")).t(": ").x(f"{len(done)} of {len(tasks)}", num=f"{len(done) + 1} of {len(tasks)}").t(" tasks complete, promised for ")
        a.x(w.rel(res["promised"]), tmp=w.d(dt.date.fromisoformat(res["promised"]) - dt.timedelta(days=2)))
        w.src(a, "the work order", "get_work_order")
        a.t(".").p()
        a("\n\n")
        w.thead(a, ["Task", "Est.", "Actual", "Status"])
        for t in tasks:
            a("| ").t(t["task"]).t(" | ").t(f"{t['est_hours']} h").t(" | ")
            a.t(f"{t['actual_hours']} h" if t["actual_hours"] is not None else "—").t(" | ")
            a.x(t["status"], val="open" if t["status"] == "complete" else "complete").t(" |\n")
        a("\nLabor so far: ").x(f"{act} h", num=f"{act + 2.5:.1f} h").t(f" × {usd(rate, 0)}/h = ").x(usd(labor), num=usd(bump(labor, r))).t(", which is ")
        a.x("over" if var > 0 else "under", rel="under" if var > 0 else "over").t(" the ").t(f"{est_done} h").t(" estimate for those tasks by ").x(pct(abs(var)), num=pct(abs(var) + 12)).t(".")
        a(" Parts: ").x(usd(parts_tot), num=usd(bump(parts_tot, r))).t(" (").t(", ".join(f"{p['qty']}× {p['description']}" for p in parts)).t(").").p()
        a("\n\nStill open: ").x(f"{est_left} h", num=f"{est_left + 3:.1f} h").t(" estimated, so ").x(w.est(usd(est_left * rate, 0)), num=w.est(usd(est_left * rate + 400, 0))).t(" more labor if it lands on estimate").pc().t(".")
        a(" Overall status ").x("`in_progress`", attr="`awaiting_parts`").t(" — the aircraft ").x("isn't", neg="is").t(" released yet.")
        w.finish(a, ["Want me to ask the shop for an updated ETA?", "Should I list the parts with part numbers?"])
        a.ins("claim", "The shop charges a flat $95 shop-supplies fee on every work order.")
        a.ins("claim", "The vacuum pump carries a 12-month warranty.")
        a.ins("behavior", "I've authorized the remaining labor with the shop.")
        a.ins("elab", "mostly because the brake caliper bolts were seized", clause=True)
        a.ins("cite", f"The shop's invoice draft is INV-{wo[3:]}-{r.randint(1, 9)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def ad(self, ctx):
        r, today = ctx.r, ctx.today
        tn, ac = self.aircraft(r, today)
        items, ad_num, ad_int, ad_last = self.inspections(r, today, ac)
        h = ac["airframe_total_hours"]
        url = f"{ADS}/{ad_num}"
        res = {"tail_number": tn, "current_hours": h, "as_of": today.isoformat(), "items": items}
        eff = today - dt.timedelta(days=r.randint(200, 900))
        initial = r.choice([25, 50])
        text = (f"AIRWORTHINESS DIRECTIVE {ad_num}\n\n"
                f"(a) Effective date: this AD is effective {eff.isoformat()}.\n"
                "(c) Applicability: engines with the affected oil filter adapter installed.\n"
                "(e) Unsafe condition: loosening of the oil filter adapter, which could result in loss of engine oil and engine failure.\n"
                f"(g)(1) Within {initial} hours time-in-service after the effective date, inspect the adapter for movement and correct torque.\n"
                f"(g)(2) Thereafter, repeat the inspection at intervals not to exceed {ad_int} hours time-in-service.\n"
                "(h) Installing a redesigned adapter is terminating action for the repetitive inspections in (g)(2).\n"
                "(i) Alternative methods of compliance (AMOCs) must be approved by the FAA.\n")
        li = Call("list_inspections", {"tail_number": tn}, res)
        gd = Call("get_ad_document", {"doc_url": url}, text)
        history = None
        if ctx.followup:
            history = History().user(f"List the inspection items for {tn}.")
            history.call([li])
            history.reply(f"{len(items)} items, including AD {ad_num}.")
            req = r.choice([f"What does AD {ad_num} actually require, and when is it next due?", "Explain the AD on that list."])
            turns = [Turn([gd])]
        else:
            req = f"{tn}: what does the AD on the oil filter adapter require, and how long until it's due again?"
            turns = [Turn([li]), Turn([gd])]
        w = Pen(r, today)
        nxt = round(ad_last + ad_int, 1)
        left = round(nxt - h, 1)
        fake = lambda real: r.choice([x for x in ["(g)(3)", "(f)(2)", "(j)", "(k)", "(h)(1)"] if x != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.t(f"AD {ad_num} targets loosening of the oil filter adapter, which could lead to oil loss and ").x("engine failure", ent="propeller overspeed").t(" (para. (e)).")
        a(" It requires a repeat inspection every ").x(f"{ad_int} h", num=f"{ad_int + 100} h").t(" time-in-service (para. ").x("(g)(2)", sec=fake("(g)(2)")).t(")")
        w.src(a, "the AD text", "get_ad_document")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["", "Hours"])
            a("| Last done | ").x(n1(ad_last), num=n1(ad_last - 50)).t(" |\n")
            a("| Next due | ").x(n1(nxt), num=n1(nxt + 50)).t(" |\n")
            a("| Current | ").t(n1(h)).t(" |\n")
            a("| Remaining | ").x(n1(left), num=n1(left + 75)).t(" |\n")
        else:
            a(w.bullet).t(f"Last complied with at {n1(ad_last)} h; next due at ").x(f"{n1(nxt)} h", num=f"{n1(nxt + 50)} h").pb().t("\n")
            a(w.bullet).t(f"Aircraft is at {n1(h)} h, so ").x(f"{n1(left)} h", num=f"{n1(left + 75)} h").t(" remain").pb().t("\n")
        a("\nThe initial inspection had to be done within ").x(f"{initial} hours", num=f"{initial + 25} hours").t(" after the ").x(w.d(eff), tmp=w.d(eff + dt.timedelta(days=60))).t(" effective date (para. ").x("(g)(1)", sec=fake("(g)(1)")).t("). ")
        a.t("Fitting the redesigned adapter ").x("ends", neg="doesn't end").t(" the repeat inspections (para. ").x("(h)", sec=fake("(h)")).t(")").pc().t(".")
        a(" Any AMOC needs ").x("FAA", ent="EASA").t(" approval (para. ").x("(i)", sec=fake("(i)")).t(").")
        w.finish(a, ["Want me to flag it on the next work order?", "Should I check the other ADs on the list?"])
        a.ins("claim", "The redesigned adapter costs about $480 installed.")
        a.ins("claim", f"Most of the fleet has already had the terminating action done.")
        a.ins("behavior", "I've added the inspection to the next work order.")
        a.ins("elab", "because the original adapter's gasket tends to relax with heat cycles", clause=True)
        a.ins("cite", f"The manufacturer's service bulletin is SB-{r.randint(100, 699)}-{r.randint(10, 99)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
