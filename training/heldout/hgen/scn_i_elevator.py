"""elevator_service (set i): a building manager's desk at an elevator maintenance contractor — the fleet of cars in a
building (status, capacity, certificates, preventive-maintenance due dates), callbacks on one car over a window
(entrapments, response times, time out of service, change against the prior window), booking a maintenance visit
(a window outside contract hours or without a technician refused by design, the offered slot booked), and findings of
the last state inspection from a Markdown report fetched by path."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_bool, s_date, s_int, s_obj, s_str
from .istyle import Desk, screen, stamp

BASE = "https://api.vertiq.example/v1"
STD = -6    # Central
BUILDINGS = ["Lakeshore Tower", "Halsted Medical Pavilion", "Riverside Lofts", "Wacker Plaza", "Grand Avenue Commons"]
OTHER_BUILDINGS = ["Monroe Center", "Clark Street Annex", "Union Station Offices"]
TECHS = ["D. Kowalski", "R. Okafor", "M. Alvarez", "T. Nguyen", "S. Brennan"]
OTHER_TECHS = ["J. Petrakis", "L. Haddad", "K. Lindqvist"]
CATS = ["entrapment", "door_fault", "leveling", "noise", "stuck_at_floor"]
WINDOWS = {"early": ("5:00", "7:00"), "morning": ("8:00", "12:00"), "afternoon": ("12:00", "16:00")}
FINDINGS = [
    ("Door restrictor inoperative", "2.12.5", 30), ("Pit light guard missing", "2.2.5", 30),
    ("Car emergency light battery below rated duration", "2.14.7", 14), ("Hoistway door gibs worn", "2.11.11", 30),
    ("Governor seal missing", "2.18.1", 14), ("Stop switch in pit not labeled", "2.2.6", 30),
    ("Hydraulic pressure gauge valve missing", "3.19.4", 60), ("Car door reopening device slow", "2.13.5", 14),
]


class ElevatorService(Scenario):
    name = "elevator_service"
    agent = "Hoist"
    service = "vertiq-elevator-service"
    system = ("You are Hoist, the customer desk for Vertiq Elevator Service. Building managers ask about their elevators. "
              "Use the tools to report unit status, callbacks, inspection findings and to book maintenance visits. "
              "Times are US Central.")
    error_style = 1
    entity_noun = {"building_id": "Building", "unit_id": "Unit", "report_path": "Report"}
    preambles = ["Checking the units.", "Let me look at the service log.", "Pulling the building record."]

    def __init__(self):
        unit_p = r"^U\d{4}-[EF]\d{1,2}$"
        self.tools = [
            Tool("list_units", "Elevators in a building: status, capacity, certificate, preventive maintenance and last inspection.",
                 s_obj({"building_id": s_str("Building ID, e.g. 'BLD-2210'.", pattern=r"^BLD-\d{4}$"),
                        "include_decommissioned": s_bool("Also list decommissioned units.")}, ["building_id"]),
                 entity={"building_id": "id"}, http=BASE, extra=[("page_size", 50)]),
            Tool("get_callbacks", "Callbacks (unplanned service calls) for one unit over the last N days.",
                 s_obj({"unit_id": s_str("Unit ID, e.g. 'U2210-E3'.", pattern=unit_p),
                        "days": s_int("Window in days.", 7, 365),
                        "category": s_str("Only this category.", enum=CATS)}, ["unit_id", "days"]),
                 entity={"unit_id": "id"}, http=BASE, extra=[("include_notes", True)]),
            Tool("schedule_visit", "Book a technician visit for a unit.",
                 s_obj({"unit_id": s_str("Unit ID.", pattern=unit_p), "date": s_date("Visit date (YYYY-MM-DD)."),
                        "window": s_str("Arrival window.", enum=list(WINDOWS)),
                        "visit_type": s_str("Visit type.", enum=["preventive", "repair_followup", "load_test"])},
                       ["unit_id", "date", "window", "visit_type"]),
                 entity={"unit_id": "id"}, http=BASE, extra=[("priority", "high")]),
            Tool("get_inspection_report", "An inspection report (Markdown) by path.",
                 s_obj({"report_path": s_str("Report path from list_units, e.g. 'reports/2026/BLD-2210/U2210-E3-annual.md'.",
                                             pattern=r"^reports/\d{4}/BLD-\d{4}/[A-Za-z0-9._-]+\.md$")}, ["report_path"]),
                 entity={"report_path": "path"}, extra=[("render", "html")]),
        ]
        self.intents = [("fleet_status", self.fleet, False), ("callback_report", self.callbacks, True),
                        ("book_visit", self.book, True), ("inspection_findings", self.findings, False)]

    # ------------------------------------------------------------------ data
    def _building(self, r, today):
        bno = r.randint(1000, 9999)
        bid = f"BLD-{bno}"
        n = r.randint(3, 6)
        units = []
        for k in range(n):
            freight = k == n - 1 and r.random() < 0.5
            uid = f"U{bno}-{'F' if freight else 'E'}{k + 1}"
            typ = r.choice(["traction", "traction", "hydraulic", "mrl"])
            cap = r.choice([4500, 5000, 6000]) if freight else r.choice([2500, 3000, 3500, 4000])
            pm_int = r.choice([30, 60, 90])
            last_pm = today - dt.timedelta(days=r.randint(6, pm_int + 25))
            insp = today - dt.timedelta(days=r.randint(12, 40))
            res = r.choice(["pass", "conditional", "conditional", "fail"]) if k == 0 or r.random() < 0.4 else "pass"
            units.append({"unit_id": uid, "name": "Freight" if freight else f"Car {k + 1}", "type": typ,
                          "capacity_lbs": cap, "floors_served": r.choice(["B-12", "1-18", "L-24", "B-6", "1-9"]),
                          "status": "in_service", "cert_expires": (today + dt.timedelta(days=r.randint(5, 300))).isoformat(),
                          "last_pm": last_pm.isoformat(), "pm_interval_days": pm_int,
                          "last_inspection": {"date": insp.isoformat(), "result": res,
                                              "report_path": f"reports/{insp.year}/{bid}/{uid}-annual.md"}})
        down = r.sample(range(n), r.choice([0, 1, 1, 2]) if n > 3 else r.choice([0, 1]))
        for i in down:
            units[i]["status"] = r.choice(["out_of_service", "restricted"])
        certs = [u["cert_expires"] for u in units]
        if len(set(certs)) < len(certs):
            for i, u in enumerate(units):
                u["cert_expires"] = (dt.date.fromisoformat(u["cert_expires"]) + dt.timedelta(days=i)).isoformat()
        res = {"building_id": bid, "building": r.choice(BUILDINGS), "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), STD),
               "contract": {"tier": r.choice(["full_maintenance", "oil_and_grease"]), "hours": "Mon-Fri 07:00-17:00",
                            "after_hours_rate_usd_per_hr": r.choice([195.0, 225.0, 260.0])},
               "units": units}
        return bid, res

    # ------------------------------------------------------------------ intents
    def fleet(self, ctx):
        r, today = ctx.r, ctx.today
        bid, res = self._building(r, today)
        units = res["units"]
        req = r.choice([f"Status of all elevators at {bid}?", f"Give me the rundown on the cars in building {bid} — anything expiring or overdue?",
                        f"{bid}: which elevators are down and what's coming due?"])
        w = Desk(r, today, "CT")
        n = len(units)
        up = [u for u in units if u["status"] == "in_service"]
        down = [u for u in units if u["status"] != "in_service"]
        soon = min(units, key=lambda u: u["cert_expires"])
        other_cert = sorted(units, key=lambda u: u["cert_expires"])[1]
        pm = []
        for u in units:
            due = dt.date.fromisoformat(u["last_pm"]) + dt.timedelta(days=u["pm_interval_days"])
            pm.append((due, u))
        pm.sort(key=lambda x: x[0])
        a = A()
        w.opener(a)
        w.tag(a)
        a.x(f"{len(up)} of {n}", num=f"{min(n, len(up) + 1) if len(up) < n else len(up) - 1} of {n}").t(" cars in service at ").x(res["building"], ent=r.choice(OTHER_BUILDINGS))
        fr = w.frac(len(up), n)
        if fr and 0 < len(up) < n:
            a.t(f" ({fr})")
        a.t(f"{w.sep}as of {res['as_of']}.")
        a.p()
        for u in down:
            w.li(a)
            a.t(f"{u['name']} ({u['unit_id']}): ").x(u["status"].replace("_", " "), val="in service")
            if r.random() < 0.5:
                a.t(" — status `").x(u["status"], attr=r.choice(["`offline`", "`out_of_order`", "`shutdown`"]).strip("`")).t("`")
            w.pt(a)
        w.li(a)
        kg = soon["capacity_lbs"] * 0.45359237
        a.t("Soonest certificate")
        if r.random() < 0.5:
            a.t(" (").x("`cert_expires`", attr=r.choice(["`certificate_expiry`", "`cert_valid_until`"])).t(")")
        a.t(": ").x(soon["name"], conf=("entity", other_cert["name"])).t(" (").x(soon["unit_id"], fid=mutate_id(soon["unit_id"], r)).t("), expires ").x(w.rel(soon["cert_expires"]), tmp=w.rel(dt.date.fromisoformat(soon["cert_expires"]) + dt.timedelta(days=30)), conf=("temporal", w.rel(other_cert["cert_expires"])))
        w.pt(a)
        w.li(a)
        due, u = pm[0]
        late = (today - due).days
        if late > 0:
            a.t(f"PM: {u['name']} is ").x("overdue", val="on schedule").t(" by ").x(w.days(late), num=w.days(late + 12)).t(f" (last PM {w.d(u['last_pm'])}, every {u['pm_interval_days']} days)")
        else:
            a.t(f"PM: next due is {u['name']} ").x(w.rel(due), tmp=w.rel(due + dt.timedelta(days=10))).t(f" (last {w.d(u['last_pm'])} + {u['pm_interval_days']} days)")
        w.pt(a)
        overdue = [x for x in pm if x[0] < today]
        if len(overdue) > 1:
            w.li(a)
            a.x(str(len(overdue)), num=str(len(overdue) + 2)).t(" units are past their PM interval in total")
            w.pt(a)
        w.li(a)
        big = max(units, key=lambda x: (x["capacity_lbs"], x["name"]))
        a.t(f"Largest capacity: {big['name']}, ").x(f"{big['capacity_lbs']:,} lbs", num=f"{big['capacity_lbs'] + 1000:,} lbs").t(" (")
        a.x(w.about(big["capacity_lbs"] * 0.45359237, 5, lambda v: f"{v:,.0f} kg"), num=f"{round(big['capacity_lbs'] * 0.6):,} kg").t(")")
        w.pt(a)
        worst = [u for u in units if u["last_inspection"]["result"] != "pass"]
        if worst:
            u = worst[0]
            a.t(f"\nLast inspection on {u['name']} came back ").x(u["last_inspection"]["result"], val="pass" if u["last_inspection"]["result"] != "pass" else "fail")
            a.t(f" ({w.d(u['last_inspection']['date'])}), so that one ").x("has open items", neg="has no open items").t(".")
            a.p()
        else:
            a.t("\nAll cars ").x("passed", val="failed").t(" their last inspection.")
            a.p()
        w.closer(a, ["Want me to book PM for the overdue car?", "I can pull the callback history for any of these."])
        a.ins("claim", f"{soon['name']} had a door operator replaced last quarter.")
        a.ins("claim", "The state inspector is scheduled back next month.")
        a.ins("behavior", "I've opened a renewal request with the state for the expiring certificate.")
        a.ins("behavior", "I've already dispatched a tech to the car that's down.")
        a.ins("elab", "because the building's fire service test is coming up", clause=True)
        a.ins("cite", f"Renewal case: SEU-{r.randint(2026000, 2026999)}.")
        return screen(self, Plan(req, [Turn([Call("list_units", {"building_id": bid}, res)])], a))

    def callbacks(self, ctx):
        r, today = ctx.r, ctx.today
        bid, bres = self._building(r, today)
        unit = r.choice(bres["units"])
        days = r.choice([30, 60, 90])
        k = r.randint(3, 7)
        cbs = []
        for i in range(k):
            d0 = today - dt.timedelta(days=r.randint(1, days - 1))
            h, m = r.randint(6, 21), r.choice([4, 12, 27, 38, 51])
            opened = dt.datetime.fromisoformat(stamp(d0, h, m, STD))
            resp = r.choice([18, 25, 32, 41, 55, 70, 95])
            fix = r.choice([35, 50, 80, 120, 165, 240])
            cat = r.choice(CATS if i else ["entrapment", "door_fault"])
            cbs.append({"ticket": f"CB-{r.randint(100000, 999999)}", "opened_at": opened.isoformat(),
                        "arrived_at": (opened + dt.timedelta(minutes=resp)).isoformat(),
                        "closed_at": (opened + dt.timedelta(minutes=resp + fix)).isoformat(),
                        "category": cat, "tech": r.choice(TECHS), "passengers_trapped": (r.randint(1, 4) if cat == "entrapment" else 0)})
        cbs.sort(key=lambda c: c["opened_at"])
        prior = r.choice([k * 2, max(1, k // 2), k + 1, k - 1 if k > 3 else k + 2, k])
        res = {"unit_id": unit["unit_id"], "window_days": days, "as_of": bres["as_of"], "prior_window_count": prior, "callbacks": cbs}
        lu = Call("list_units", {"building_id": bid}, bres)
        gc = Call("get_callbacks", {"unit_id": unit["unit_id"], "days": days}, res)
        history = None
        if ctx.followup:
            history = History().user(f"What elevators do we have at {bid}?")
            history.call([lu])
            history.reply(f"{len(bres['units'])} units at {bres['building']}: " + ", ".join(f"{u['name']} ({u['unit_id']})" for u in bres["units"]) + ".")
            req = r.choice([f"How many callbacks has {unit['name']} had in the last {days} days?", f"{unit['name']} keeps acting up — callback summary for the past {days} days?"])
            turns = [Turn([gc])]
        else:
            req = f"Building {bid}: callback summary for {unit['name']} over the last {days} days, please."
            turns = [Turn([lu]), Turn([gc])]
        w = Desk(r, today, "CT")
        resp = [(dt.datetime.fromisoformat(c["arrived_at"]) - dt.datetime.fromisoformat(c["opened_at"])).seconds // 60 for c in cbs]
        outm = [(dt.datetime.fromisoformat(c["closed_at"]) - dt.datetime.fromisoformat(c["opened_at"])).seconds // 60 for c in cbs]
        ent = [c for c in cbs if c["category"] == "entrapment"]
        from collections import Counter
        cc = Counter(c["category"] for c in cbs)
        topcat, topn = sorted(cc.items(), key=lambda kv: (-kv[1], kv[0]))[0]
        tie = sum(1 for v in cc.values() if v == topn) > 1
        last = cbs[-1]
        slow = max(range(k), key=lambda i: resp[i])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        a.t(f"{unit['name']} ({unit['unit_id']}): ").x(w.cnt(k, "callback"), num=w.cnt(k + 3, "callback")).t(f" in the last {days} days")
        cmpx = w.times(k, prior)
        if k == prior:
            a.t(" — ").x("same as", rel="double").t(" the prior window")
        elif cmpx in ("twice", "three times", "half", "1.5 times") or k >= 2 * prior:
            a.t(" — ").x(f"{cmpx} the {prior}", num=f"{w.times(k * 3, prior)} the {prior}").t(" in the window before")
        else:
            a.t(f" vs {prior} in the window before")
        a.t(".")
        a.p()
        w.li(a)
        a.t("Entrapments: ").x(str(len(ent)), num=str(len(ent) + 2))
        if ent:
            trapped = sum(c["passengers_trapped"] for c in ent)
            a.t(f" ({w.cnt(trapped, 'passenger')} total)")
        w.pt(a)
        w.li(a)
        a.t(f"{w.avg().capitalize()} response: ").x(w.about(sum(resp) / k, 1, w.mins), num=w.mins(round(sum(resp) / k) + 15))
        avg_r = sum(resp) / k
        if abs(avg_r - 60) >= 3:
            a.t(" (").x("under an hour" if avg_r < 60 else "over an hour", rel="over an hour" if avg_r < 60 else "under an hour").t(")")
        a.t(f"{w.sep}slowest ").x(w.mins(resp[slow]), num=w.mins(resp[slow] + 20)).t(" on ").x(w.d(cbs[slow]["opened_at"]), tmp=w.d(dt.date.fromisoformat(cbs[slow]["opened_at"][:10]) - dt.timedelta(days=2)))
        w.pt(a)
        w.pt(a)
        w.li(a)
        a.t("Out of service: ").x(w.about(sum(outm) / 60, 0.1, w.hrs), num=w.hrs(round(sum(outm) / 60 + 4, 1))).t(" total across all calls")
        w.pt(a)
        if not tie:
            w.li(a)
            a.t("Most common: ").x(topcat.replace("_", " "), val=r.choice([c for c in CATS if c != topcat]).replace("_", " ")).t(f" ({topn} of {k})")
            if r.random() < 0.5:
                a.t(" — `category` value `").x(topcat, attr=r.choice(["door_jam", "releveling", "car_stall"])).t("`")
            w.pt(a)
        a.t("\nLast one: ").x(last["category"].replace("_", " "), conf=("value", cbs[0]["category"].replace("_", " ")) if cbs[0]["category"] != last["category"] else None)
        a.t(" ").x(w.rel(last["opened_at"]), tmp=w.rel(dt.date.fromisoformat(last["opened_at"][:10]) - dt.timedelta(days=3))).t(" at ").t(w.t(last["opened_at"])).t(", handled by ")
        a.x(last["tech"], ent=r.choice(OTHER_TECHS), conf=("entity", cbs[0]["tech"]) if cbs[0]["tech"] != last["tech"] else None).t(f" (ticket ").x(last["ticket"], fid=mutate_id(last["ticket"], r)).t(").")
        a.p()
        a.t(f" All {k} ").x("are closed out", neg="are still open").pc().t(".")
        a.p()
        w.closer(a, ["Want me to book a repair follow-up on this car?", "I can compare it with the other cars if that helps."])
        a.ins("claim", "Most of these calls came in during the morning rush.")
        a.ins("claim", "The door operator on this car is original to the building.")
        a.ins("behavior", "I've flagged the car for an engineering review.")
        a.ins("behavior", "I've sent this summary to the building engineer.")
        a.ins("elab", "most of them after a door-operator adjustment", clause=True)
        a.ins("cite", f"Engineering review: ENG-{r.randint(10000, 99999)}.")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        bid, bres = self._building(r, today)
        unit = r.choice(bres["units"])
        vtype = r.choice(["preventive", "repair_followup", "load_test"])
        want = today + dt.timedelta(days=r.randint(1, 6))
        while want.weekday() >= 5:
            want += dt.timedelta(days=1)
        refuse = r.random() < 0.6
        reason = r.choice(["OUTSIDE_CONTRACT_HOURS", "TECH_UNAVAILABLE"]) if refuse else None
        wwin = "early" if reason == "OUTSIDE_CONTRACT_HOURS" else r.choice(["morning", "afternoon"])
        if reason == "OUTSIDE_CONTRACT_HOURS":
            got_d, got_w = want, "morning"
        elif reason == "TECH_UNAVAILABLE":
            got_d = want + dt.timedelta(days=1 if want.weekday() < 4 else 3)
            got_w = wwin
        else:
            got_d, got_w = want, wwin
        turns = []
        if refuse:
            msg = ("Requested window is outside contract hours (Mon-Fri 07:00-17:00)." if reason == "OUTSIDE_CONTRACT_HOURS"
                   else f"No technician free on {want.isoformat()} ({wwin}).")
            turns.append(Turn([Call("schedule_visit", {"unit_id": unit["unit_id"], "date": want.isoformat(), "window": wwin, "visit_type": vtype},
                                    {"scheduled": False, "reason_code": reason, "message": msg,
                                     "next_available": {"date": got_d.isoformat(), "window": got_w}})]))
        vid = f"WO-{r.randint(100000, 999999)}"
        dur = r.choice([60, 90, 120, 180, 240])
        tech = r.choice(TECHS)
        conf = {"scheduled": True, "visit_id": vid, "unit_id": unit["unit_id"], "date": got_d.isoformat(), "window": got_w,
                "arrival_window": "-".join(WINDOWS[got_w]), "est_duration_min": dur, "technician": tech,
                "unit_out_of_service": vtype != "preventive" or dur > 90, "as_of": bres["as_of"]}
        turns.append(Turn([Call("schedule_visit", {"unit_id": unit["unit_id"], "date": got_d.isoformat(), "window": got_w, "visit_type": vtype}, conf)]))
        lu = Call("list_units", {"building_id": bid}, bres)
        vt = {"preventive": "preventive maintenance", "repair_followup": "a repair follow-up", "load_test": "a load test"}[vtype]
        wtxt = {"early": "early (before 7)", "morning": "in the morning", "afternoon": "in the afternoon"}[wwin]
        history = None
        if ctx.followup:
            history = History().user(f"List the elevators at {bid}.")
            history.call([lu])
            history.reply(f"{bres['building']} has {len(bres['units'])} units: " + ", ".join(f"{u['name']} ({u['unit_id']})" for u in bres["units"]) + ".")
            req = f"Book {vt} for {unit['name']} on {want.isoformat()}, {wtxt}."
        else:
            req = f"Building {bid}: please book {vt} for {unit['name']} on {want.isoformat()}, {wtxt}."
            turns = [Turn([lu])] + turns
        w = Desk(r, today, "CT")
        st, en = WINDOWS[got_w]
        sh, sm = map(int, st.split(":"))
        eh, em = map(int, en.split(":"))
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        others = [u["name"] for u in bres["units"] if u["name"] != unit["name"]]
        a.x("Booked", val="Requested").t(" — ").x(unit["name"], conf=("entity", r.choice(others)) if others else None).t(", ")
        a.x(w.rel(got_d), tmp=w.rel(got_d + dt.timedelta(days=7)), conf=("temporal", w.rel(want)) if got_d != want else None).t(", arrival ")
        a.x(w.trange(sh, sm, eh, em), tmp=w.trange(sh + 1, sm, eh + 1, em)).t(".")
        a.p()
        if refuse:
            w.li(a)
            if reason == "OUTSIDE_CONTRACT_HOURS":
                a.t("Early slot was refused: ").x("`OUTSIDE_CONTRACT_HOURS`", attr="`AFTER_HOURS_BLOCKED`").t(" (contract covers Mon–Fri ").x(w.trange(7, 0, 17, 0), tmp=w.trange(8, 0, 18, 0))
                a.t("), so I took the ").x("morning", val="afternoon").t(" window the same day")
            else:
                a.t(f"{w.d(want)} had no tech free (").x("`TECH_UNAVAILABLE`", attr="`NO_CREW`").t("), so I took the next opening, ")
                a.x(w.cnt((got_d - want).days, "day"), num=w.cnt((got_d - want).days + 2, "day")).t(" later")
            w.pt(a)
        w.li(a)
        a.t("Tech: ").x(tech, ent=r.choice(OTHER_TECHS)).t(f"{w.sep}est. ").x(w.span(dur), num=w.span(dur + 60)).t(" on site")
        w.pt(a)
        w.li(a)
        if conf["unit_out_of_service"]:
            a.t("Car ").x("will be out of service", neg="stays in service").t(" during the visit — plan on ").x(w.span(dur), num=w.span(dur // 2)).t(" down")
        else:
            a.t("Car ").x("stays in service", neg="will be out of service").t(" during the visit")
        w.pt(a)
        rate = bres["contract"]["after_hours_rate_usd_per_hr"]
        w.li(a)
        a.t("Window is ").x("inside", rel="outside").t(" contract hours, so the ").x(f"${rate:.0f}/hr", num=f"${rate + 40:.0f}/hr").t(" after-hours rate ").x("doesn't apply", neg="applies")
        w.pt(a)
        w.li(a)
        a.t("Work order ").x(vid, fid=mutate_id(vid, r))
        w.pt(a)
        w.closer(a, ["Want a reminder the day before?", "I can add a note for the tech about access."])
        a.ins("claim", "Visits in this window usually finish early.")
        a.ins("claim", "The tech will need access to the machine room key.")
        a.ins("behavior", "I've notified the front desk about the visit.")
        a.ins("behavior", "I also posted an out-of-service notice in the lobby app.")
        a.ins("elab", "since the contract includes one free after-hours call a year", clause=True)
        a.ins("cite", f"Lobby notice ID: NTC-{r.randint(10000, 99999)}.")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def findings(self, ctx):
        r, today = ctx.r, ctx.today
        bid, bres = self._building(r, today)
        cands = [u for u in bres["units"] if u["last_inspection"]["result"] != "pass"] or bres["units"][:1]
        unit = cands[0]
        if unit["last_inspection"]["result"] == "pass":
            unit["last_inspection"]["result"] = "conditional"
        insp = unit["last_inspection"]
        path = insp["report_path"]
        items = r.sample(FINDINGS, r.randint(2, 4))
        fee = r.choice([150, 185, 225])
        inspector = r.choice(["J. Ruiz", "P. Mensah", "A. Volkov"])
        idate = dt.date.fromisoformat(insp["date"])
        lines = [f"# Annual inspection — {unit['name']} ({unit['unit_id']})", "",
                 f"Inspector: {inspector}, State Elevator Safety Unit",
                 f"Date: {insp['date']}", f"Result: {insp['result'].upper()}", "", "## Findings", ""]
        for i, (txt, sec, d) in enumerate(items, 1):
            lines.append(f"{i}. {txt} — ref. ASME A17.1 {sec} — correct within {d} days")
        lines.append(f"{len(items) + 1}. Machine room housekeeping — advisory, no correction date")
        lines += ["", "## Follow-up", "",
                  f"Corrections must be confirmed in writing. A re-inspection fee of ${fee} applies if a return visit is required.",
                  "The certificate of operation will not be renewed until all dated items are corrected."]
        doc = "\n".join(lines) + "\n"
        req = r.choice([f"What did the inspector flag on {unit['name']} at {bid}, and when are the fixes due?",
                        f"{bid} — findings from the last inspection on {unit['name']}? Deadlines?"])
        lu = Call("list_units", {"building_id": bid}, bres)
        gr = Call("get_inspection_report", {"report_path": path}, doc)
        w = Desk(r, today, "CT")
        dues = [(idate + dt.timedelta(days=d), txt, sec, d) for txt, sec, d in items]
        first = min(dues, key=lambda x: (x[0], x[1]))
        fake = lambda real: r.choice([s for s in ["2.12.9", "2.14.2", "3.4.1", "2.27.3", "8.6.4"] if s != real])
        a = A()
        w.opener(a)
        w.tag(a)
        a.t(f"{unit['name']} (").x(unit["unit_id"], fid=mutate_id(unit["unit_id"], r)).t(f") inspection {w.d(idate)} by ").x(inspector, ent=r.choice(["K. Osei", "B. Hartmann", "E. Salazar"])).t(": ").x(insp["result"].upper(), val="PASS").t(f"{w.sep}").x(w.cnt(len(items), "dated item"), num=w.cnt(len(items) + 2, "dated item")).t(" + 1 advisory.")
        a.p()
        for k, (due, txt, sec, d) in enumerate(dues):
            w.li(a)
            a.t(f"{txt} (A17.1 ").x(sec, sec=fake(sec)).t(") — fix within ").x(w.days(d), num=w.days(d + 15)).t(", due ")
            other = [x for x in dues if x[0] != due]
            a.x(w.rel(due), tmp=w.rel(due + dt.timedelta(days=7)), conf=("temporal", w.rel(other[0][0])) if other else None)
            w.pt(a)
        same = [x for x in dues if x[0] == first[0]]
        a.t("\n\nFirst deadline is ").x(w.d(first[0]), tmp=w.d(first[0] + dt.timedelta(days=14)))
        if len(same) == 1:
            a.t(" (").t(first[1].lower()).t(")")
        else:
            a.t(" (").x(w.cnt(len(same), "item"), num=w.cnt(len(same) + 1, "item")).t(")")
        past = (today - first[0]).days
        if past > 0:
            a.t(", which ").x("has already passed", neg="hasn't passed yet").t(".")
        else:
            a.t(", ").x(w.cnt(-past, "day"), num=w.cnt(-past + 5, "day")).t(" from now.")
        a.p()
        ds = sorted({d for _, _, d in items})
        if len(ds) > 1:
            a.t(f" The {ds[0]}-day items come due ").x("before", rel="after").t(f" the {ds[-1]}-day ones.")
        a.t(f" Re-inspection fee is ").x(f"${fee}", num=f"${fee + 60}").t(" if they need to come back, and the certificate ")
        a.x("won't renew", neg="will renew").t(" until every dated item is corrected").pc().t(".")
        a.t(f"\nReport: {path}")
        w.closer(a, ["Want me to book repair follow-ups for these?", "I can send the report to your engineer."])
        a.ins("claim", "All of these items are covered under your maintenance contract.")
        a.ins("claim", "The inspector noted the same door issue last year.")
        a.ins("behavior", "I've already scheduled the corrections with our repair team.")
        a.ins("behavior", "I've sent the correction plan to the state.")
        a.ins("elab", "because the state tightened door-protection checks this year", clause=True)
        a.ins("cite", f"Correction plan: https://portal.vertiq.example/corrections/{bid.lower()}-{r.randint(1000, 9999)}")
        return screen(self, Plan(req, [Turn([lu]), Turn([gr])], a))
