"""arborist_crews (set u): the crew dispatch assistant of Canopy & Crown Tree Care — a tree-care work order (crew lead,
crew size, equipment, tasks with status, labor hours, the city permit for removals) read against the crew handbook (a
Markdown document fetched by path: labor rate, crane minimum, permit review time, debris haul-off), and scheduling a
crew for a removal (refused by design while the city permit is still in review — reason code and the earliest date
after the permit review as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .ustyle import M, Sms, add_bdays, add_min, emit_cta, ts, vet

BASE = "https://ops.canopycrown.example/v2"
HANDBOOK = "/handbook/crews/tree-work-standards-cc-7.md"
LEADS = [("Rafael Pineda", "CL-117"), ("Brooke Tanner", "CL-124"), ("Jonah Whitfield", "CL-131"), ("Imani Greer", "CL-109")]
FAKE_LEADS = ["Casey Morrow", "Dwight Haskins"]
CUSTOMERS = ["Eleanor Voss", "Raj Mehta", "Nadia Kowal", "Bill Strand", "Fiona Oduya", "Greg Lattimore"]
FAKE_CUSTOMERS = ["Martha Quill", "Stan Purcell"]
STREETS = ["Maple Crest Dr", "Juniper Ct", "W Alder St", "Ridgeview Rd", "Sycamore Ln"]
CITIES = ["Beaverton", "Tigard", "Lake Oswego"]
FAKE_CITIES = ["Hillsboro", "Gresham"]
SPECIES = ["Douglas fir", "bigleaf maple", "western red cedar", "Oregon white oak", "silver birch"]
TASKS = [("removal", "removal"), ("crown_reduction", "crown reduction"), ("deadwood", "deadwood trim"),
         ("stump_grind", "stump grind"), ("cabling", "cabling")]
ZONES = ["America/Los_Angeles", "America/Phoenix", "America/Denver"]
PHONES = ["555-0131", "555-0164"]


class ArboristCrews(Scenario):
    name = "arborist_crews"
    agent = "canopycrown-crew-assistant"
    service = "canopycrown-work-orders"
    system = ("You are the crew dispatch assistant of Canopy & Crown Tree Care. Replies go to crew leads and customers as "
              "push notifications and texts: short lines, quick math, the crew handbook section when it matters, one call "
              "to action. Use only the work-order system and the handbook.")
    error_style = 1
    entity_noun = {"order_id": "Work order", "doc_path": "Document"}
    preambles = ["Checking the work order.", "Pulling the work order and the handbook."]

    def __init__(self):
        self.tools = [
            Tool("get_work_order", "A tree-care work order: customer, site, crew lead and crew size, equipment, tasks with "
                                   "tree species and status, labor hours, permit and timestamps.",
                 s_obj({"order_id": s_str("Work order, e.g. 'WO-30418'.", pattern=r"^WO-\d{5}$"),
                        "include_tasks": s_bool("Include the task list.")}, ["order_id"]),
                 entity={"order_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("read_handbook", "A crew handbook document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/handbook/[a-z0-9/_.-]+\.md$"),
                        "max_sections": s_int("Most sections to return.", 1, 30)}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "html")]),
            Tool("schedule_crew", "Book a crew day for a work order. A removal whose permit is not approved is refused with "
                                  "a reason code and the earliest possible date.",
                 s_obj({"order_id": s_str("Work order.", pattern=r"^WO-\d{5}$"),
                        "date": s_date("Crew day, YYYY-MM-DD."),
                        "crew_size": s_int("Crew members.", 2, 6),
                        "equipment": s_str("Main equipment.", enum=["bucket_truck", "crane", "climber_only"])},
                       ["order_id", "date", "crew_size"]),
                 entity={"order_id": "id"}, http=BASE, extra=[("override_permit", True)]),
        ]
        self.intents = [("work_order_status", self.status, True), ("schedule_crew", self.schedule, True)]

    def _P(self, r):
        return {"rate": r.choice([85, 90, 95]), "crane": r.choice([4, 5]), "review": r.choice([5, 10]),
                "haul": r.choice([150, 175]), "rev": r.choice(["6", "7"])}

    def _order(self, r, today, permit=None):
        zone = r.choice(ZONES)
        lead, lid = r.choice(LEADS)
        k = r.randint(3, 4)
        tasks = []
        done = r.randint(1, k - 1)
        for i, (code, _) in enumerate(r.sample(TASKS, k)):
            tasks.append({"task_id": f"TK{r.randint(1000, 9999)}", "type": code, "species": r.choice(SPECIES),
                          "dbh_in": r.choice([14, 18, 22, 26, 30]), "est_hours": r.choice([1.5, 2, 2.5, 3, 4]),
                          "status": "done" if i < done else ("in_progress" if i == done else "not_started")})
        start = ts(today, r.choice([7, 8]), r.choice([0, 30]), zone)
        permit = permit or r.choice(["approved", "approved", "not_required"])
        rec = {"order_id": f"WO-{r.randint(10000, 99999)}", "customer": r.choice(CUSTOMERS),
               "site": f"{r.randint(100, 9899)} {r.choice(STREETS)}, {r.choice(CITIES)}",
               "crew_lead": {"name": lead, "lead_id": lid}, "crew_size": r.randint(2, 4),
               "equipment": r.choice(["bucket_truck", "crane", "climber_only"]), "tasks": tasks,
               "labor_hours_logged": r.choice([3, 4, 5, 6, 7]), "on_site_since": start,
               "permit": {"permit_no": f"TRP-{r.randint(2025, 2026)}-{r.randint(1000, 9999)}", "status": permit,
                          "submitted": (today - dt.timedelta(days=r.randint(1, 6))).isoformat()},
               "debris_haul": r.random() < 0.6, "handbook_path": HANDBOOK, "office_phone": r.choice(PHONES), "time_zone": zone,
               "as_of": add_min(start, r.randint(150, 300))}
        return rec

    def _doc(self, P):
        return ("# Canopy & Crown — Tree Work Standards (CC-7)\n\n"
                f"Rev {P['rev']}\n\n"
                "## 3. Billing\n"
                f"3.1 Labor is billed at ${P['rate']} per crew-hour logged.\n"
                f"3.2 Crane days carry a {P['crane']}-hour minimum.\n"
                f"3.3 Debris haul-off is a flat ${P['haul']} per visit.\n\n"
                "## 5. Permits\n"
                "5.1 Removals in city limits need an approved city tree permit before the crew day.\n"
                f"5.2 The city reviews permits within {P['review']} business days of submission.\n")

    def _history(self, rec):
        h = History().user(f"who's leading {rec['order_id']}?")
        h.call([Call("get_work_order", {"order_id": rec["order_id"]}, rec)])
        h.reply(f"{rec['crew_lead']['name']} ({rec['crew_lead']['lead_id']}), crew of {rec['crew_size']}.")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "Neighbor signed off on the overhang work.")
        a.ins("claim", "Root rot found on the second tree.")
        a.ins("behavior", "Booked the chipper for tomorrow AM.")
        a.ins("behavior", "Sent the customer the updated quote.")
        fake = f"WO-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Same crew finished {fake} here last fall.", fake))

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._order(r, today)
        args = {"order_id": rec["order_id"]}
        if r.random() < 0.5:
            args["include_tasks"] = True
        cg = Call("get_work_order", args, rec)
        cd = Call("read_handbook", {"doc_path": HANDBOOK}, self._doc(P))
        req = r.choice([f"how's {rec['order_id']} going? customer wants a cost so far",
                        f"Status + labor cost so far on work order {rec['order_id']}?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["how far along are they? cost so far?", "status on that job + labor so far pls"])
            turns = [Turn([cd])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        tasks = rec["tasks"]
        done = sum(1 for t in tasks if t["status"] == "done")
        n = len(tasks)
        w.declare(n - done)
        w.declare(done)
        w.declare(n)
        cur = next(t for t in tasks if t["status"] == "in_progress")
        if w.emoji:
            a.t(w.emoji + " ")
        a.x(rec["order_id"], fid=w.fake_id(rec["order_id"], r)).t(" @ " + rec["site"].split(", ")[0] + ", ")
        a.x(rec["site"].split(", ")[1], ent=r.choice(FAKE_CITIES)).t("\n")
        w.declare(rec["crew_size"] - 1)
        a.t(w.b() + "Crew: ").x(rec["crew_lead"]["name"], ent=r.choice(FAKE_LEADS)).t(" + " + str(rec["crew_size"] - 1))
        a.t(", on site since ")
        sc, sf = w.tpair(rec["on_site_since"], r.choice([-60, 45]))
        a.x(sc, tmp=sf).t("\n")
        a.t(w.b()).x(str(done), num=str(done + 2)).t(" of " + str(n) + " tasks done → " + str(n - done) + " left").pp().t("\n")
        other = [t for t in tasks if t is not cur]
        a.t(w.b() + "Now: " + dict(TASKS)[cur["type"]] + ", ").x(cur["species"], ent=r.choice(["Sitka spruce", "black cottonwood"]),
                                                               conf=("entity", other[0]["species"]) if other[0]["species"] != cur["species"] else None)
        a.t(" (" + str(cur["dbh_in"]) + " in. DBH), ").x("in progress", val=r.choice(["done", "not started"])).t("\n")
        hrs, rate = rec["labor_hours_logged"], P["rate"]
        cost = hrs * rate
        a.t(w.b() + "Labor so far: ").x(str(hrs), num=str(hrs + 3)).t(" crew-hrs × " + w.usd(rate) + " = ")
        a.x(w.usd(cost, calc=True), num=w.usd(cost + 170)).t(" (").x("§3.1", sec=r.choice(["§3.4", "§4.1"])).t(")").pc().t("\n")
        a.ins("elab", "mostly from the extra rigging on the big limbs", clause=True)
        est = sum(t["est_hours"] for t in tasks)
        w.declare(est)
        under = hrs < est
        a.t(w.b() + "Est. total " + w.dur(round(est * 60)) + " → ").x("under" if under else "over", rel="over" if under else "under")
        a.t(" est. so far").pp().t("\n")
        if rec["equipment"] == "crane":
            a.t(w.b() + "Crane day: " + str(P["crane"]) + "-hr min applies (§3.2)").pp().t("\n")
        else:
            a.t(w.b() + w.lc("equipment: ")).x(rec["equipment"], attr=r.choice(["aerial_lift", "bucket_lift"])).pp().t("\n")
        if rec["debris_haul"]:
            a.t(w.b() + "Haul-off ").x(w.usd(P["haul"]), num=w.usd(P["haul"] + 60)).t(" flat, ").x("included", neg="not included").t(" in order").pp().t("\n")
        else:
            a.t(w.b()).x(w.lc("no haul-off"), neg=w.lc("haul-off")).t(w.lc(" on this order — debris stays on site")).pp().t("\n")
        p = rec["permit"]
        if p["status"] == "approved":
            a.t(w.b() + "Permit " + p["permit_no"] + " ").x("approved", val="in review").pp().t("\n")
        else:
            a.t(w.b() + w.fy() + w.lc("no city permit needed")).pp().t("\n")
        emit_cta(a, w, rec["office_phone"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def schedule(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._order(r, today, permit="approved" if ok else "in_review")
        sub = dt.date.fromisoformat(rec["permit"]["submitted"])
        earliest = add_bdays(sub, P["review"])
        want = today + dt.timedelta(days=r.randint(1, 4))
        while want.weekday() >= 5:
            want += dt.timedelta(days=1)
        if not ok:
            P["review"] = 10
            earliest = add_bdays(sub, P["review"])
        crew = r.randint(2, 5)
        eq = r.choice(["bucket_truck", "crane", "climber_only"])
        args = {"order_id": rec["order_id"], "date": want.isoformat(), "crew_size": crew}
        if r.random() < 0.6:
            args["equipment"] = eq
        zone = rec["time_zone"]
        if ok:
            res = {"status": "scheduled", "order_id": rec["order_id"], "booking_id": f"CB-{r.randint(100000, 999999)}",
                   "date": want.isoformat(), "arrival_window_start": ts(want, 7, 30, zone),
                   "arrival_window_end": ts(want, 9, 0, zone), "crew_size": crew, "lead": rec["crew_lead"]["name"]}
        else:
            res = {"status": "refused", "reason_code": "PERMIT_PENDING", "order_id": rec["order_id"],
                   "permit_status": "in_review", "alternative": {"earliest_date": earliest.isoformat(),
                                                                 "basis": "permit_review_sla"}}
        cg = Call("get_work_order", {"order_id": rec["order_id"]}, rec)
        cd = Call("read_handbook", {"doc_path": HANDBOOK}, self._doc(P))
        cs = Call("schedule_crew", args, res)
        req = r.choice([f"book a crew of {crew} for {rec['order_id']} on {want.isoformat()}",
                        f"Schedule {rec['order_id']} for {want.isoformat()}, {crew} guys"])
        turns = [Turn([cg]), Turn([cd]), Turn([cs])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"ok book that job for {want.isoformat()}, crew of {crew}", f"schedule it {want.isoformat()} w/ {crew}"])
            turns = [Turn([cd]), Turn([cs])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        if ok:
            a.x(rec["order_id"], fid=w.fake_id(rec["order_id"], r)).t(" ").x("booked", val="tentative").t(" ✓\n")
            dc, df = w.dpair(want, r.choice([-1, 1]))
            wc, wf = w.rpair(res["arrival_window_start"], res["arrival_window_end"], r.choice([-60, 90]))
            a.t(w.b() + "Crew day: ").x(dc, tmp=df).t(", arrive ").x(wc, tmp=wf).pp().t("\n")
            a.t(w.b() + "Crew of ").x(str(crew), num=str(crew + 2)).t(" w/ ").x(rec["crew_lead"]["name"], ent=r.choice(FAKE_LEADS)).t(" leading").pp().t("\n")
            if eq == "crane" and "equipment" in args:
                a.t(w.b() + "Crane day → " + str(P["crane"]) + "-hr min (§3.2)").pp().t("\n")
            elif "equipment" in args:
                a.t(w.b()).x(w.lc("no crane needed"), neg=w.lc("crane needed")).pp().t("\n")
            a.t(w.b() + "Booking ").x(res["booking_id"], fid=w.fake_id(res["booking_id"], r)).t("\n")
            a.t(w.b() + "Permit " + rec["permit"]["permit_no"] + " ").x("approved", val="in review").t(" (§5.1)").pc().t("\n")
            a.ins("elab", "after the city waived the arborist report", clause=True)
            emit_cta(a, w, rec["office_phone"])
        else:
            a.t("Can't book ").x(rec["order_id"], fid=w.fake_id(rec["order_id"], r)).t(" for ")
            dc, df = w.dpair(want, r.choice([-1, 1]))
            a.x(dc, tmp=df).t(" ✗\n")
            a.t(w.b() + "Reason: permit " + rec["permit"]["permit_no"] + " still ").x("in review", val="approved").t(" (")
            a.x("PERMIT_PENDING", attr=r.choice(["PERMIT_REQUIRED", "AWAITING_CITY"])).t(")").pc().t("\n")
            a.ins("elab", "as the city is short-staffed this month", clause=True)
            a.t(w.b() + "Removals need approved permit first per ").x("§5.1", sec=r.choice(["§5.4", "§6.1"])).t("\n")
            sc_, sf_ = w.dpair(sub, r.choice([-3, 2]))
            ec, ef = w.dpair(earliest, r.choice([-2, 4]), calc=True)
            a.t(w.b() + "City review: submitted ").x(sc_, tmp=sf_).t(" + " + str(P["review"]) + " business days = ")
            a.x(ec, tmp=ef, conf=("temporal", w.d(sub)) if False else None).pp().t("\n")
            a.t(w.b() + "Earliest crew day: " + w.d(earliest) + " (")
            a.x("§5.2", sec=r.choice(["§5.5", "§2.2"])).t(")").pp().t("\n")
            a.t("Reply Y to book " + w.d(earliest) + " instead")
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
