"""chimney_sweeps (set u): the scheduling assistant of Ember & Flue Chimney Service — a sweep appointment (customer,
address, sweep tech, arrival window, flues, inspection level, creosote stage, findings with quotes, status) read against
the service guide (a plain-text page fetched by URL: sweep price per flue, inspection levels, creosote stages, booking
lead time), and booking a sweep (refused by design inside the booking lead time — reason code and the earliest bookable
date as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .ustyle import M, Sms, add_bdays, add_min, emit_cta, ts, vet

BASE = "https://sched.emberflue.example/api"
GUIDE = "https://emberflue.example/help/service-guide-ef-3"
TECHS = [("Gus Moreland", "SW-14"), ("Hollis Grant", "SW-22"), ("Bridget Crowe", "SW-19")]
FAKE_TECHS = ["Tobias Wren", "Lacey Dunmore"]
CUSTOMERS = ["Martin Lowe", "Agnes Pruitt", "Dev Raman", "Colleen Hart", "Felix Wong", "Ruth Alder"]
FAKE_CUSTOMERS = ["Harold Finch", "Opal Greene"]
STREETS = ["Chestnut Hill Rd", "Old Post Rd", "Elm St", "Brookside Ave", "Whittier Ln"]
TOWNS = ["Concord", "Sudbury", "Acton", "Lincoln"]
FAKE_TOWNS = ["Wayland", "Maynard"]
FINDINGS = [("cracked crown", 450.0), ("missing rain cap", 185.0), ("damper not sealing", 240.0), ("loose flue tile", 320.0)]
ZONES = ["America/New_York", "America/Chicago"]
PHONES = ["555-0138", "555-0172"]


class ChimneySweeps(Scenario):
    name = "chimney_sweeps"
    agent = "emberflue-scheduling-assistant"
    service = "emberflue-scheduler"
    system = ("You are the scheduling assistant of Ember & Flue Chimney Service. You reply by text and push notification to "
              "customers and sweep techs: short lines, times and quick math, the service-guide item when it matters, one "
              "call to action. Use only the scheduler and the service guide.")
    error_style = 0
    entity_noun = {"appointment_id": "Appointment", "guide_url": "Page", "customer_id": "Customer"}
    preambles = ["Checking the appointment.", "Looking up the appointment and the service guide."]

    def __init__(self):
        self.tools = [
            Tool("get_appointment", "A sweep appointment: customer, address, tech, arrival window, flues, inspection level, "
                                    "creosote stage, findings with quotes, status.",
                 s_obj({"appointment_id": s_str("Appointment, e.g. 'EF-20417'.", pattern=r"^EF-\d{5}$"),
                        "include_findings": s_bool("Include inspection findings.")}, ["appointment_id"]),
                 entity={"appointment_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("fetch_service_guide", "The public service guide (plain text, numbered items).",
                 s_obj({"guide_url": s_str("Page URL.", pattern=r"^https://emberflue\.example/help/.+$")}, ["guide_url"]),
                 entity={"guide_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("book_sweep", "Book a sweep. A date inside the booking lead time is refused with a reason code and the "
                               "earliest bookable date.",
                 s_obj({"customer_id": s_str("Customer, e.g. 'C-204117'.", pattern=r"^C-\d{6}$"),
                        "date": s_date("Requested day, YYYY-MM-DD."),
                        "flues": s_int("Number of flues.", 1, 4),
                        "inspection": s_str("Inspection level.", enum=["level_1", "level_2"])},
                       ["customer_id", "date", "flues"]),
                 entity={"customer_id": "id"}, http=BASE, extra=[("rush", True)]),
        ]
        self.intents = [("appointment_status", self.status, True), ("book_sweep", self.book, True)]

    def _P(self, r):
        return {"flue": r.choice([189, 209, 229]), "l2": r.choice([295, 350]), "lead": r.choice([3, 5]),
                "rev": r.choice(["3", "4"])}

    def _appt(self, r, today):
        zone = r.choice(ZONES)
        tech, tid = r.choice(TECHS)
        h = r.choice([8, 10, 12, 14])
        found = r.sample(FINDINGS, r.randint(1, 3))
        return {"appointment_id": f"EF-{r.randint(10000, 99999)}", "customer_id": f"C-{r.randint(100000, 999999)}",
                "customer": r.choice(CUSTOMERS), "address": f"{r.randint(10, 899)} {r.choice(STREETS)}, {r.choice(TOWNS)}",
                "tech": {"name": tech, "tech_id": tid}, "date": today.isoformat(),
                "window_start": ts(today, h, 0, zone), "window_end": ts(today, h + 2, 0, zone), "flues": r.randint(1, 3),
                "inspection": r.choice(["level_1", "level_1", "level_2"]), "creosote_stage": r.choice([1, 2, 3]),
                "findings": [{"item": f, "quote": q} for f, q in found],
                "status": r.choice(["completed", "completed", "en_route"]), "guide_url": GUIDE, "office_phone": r.choice(PHONES),
                "time_zone": zone, "as_of": ts(today, h + r.choice([2, 3]), r.choice([5, 20, 40]), zone)}

    def _doc(self, P):
        return ("EMBER & FLUE CHIMNEY SERVICE — SERVICE GUIDE (EF-3)\n"
                f"Updated, version {P['rev']}\n\n"
                "1. Pricing\n"
                f"1.1 Sweep ${P['flue']} per flue, includes a Level 1 inspection.\n"
                f"1.2 Level 2 inspection (camera scan) ${P['l2']}, required after a chimney fire or before a sale.\n"
                "1.3 Repairs are quoted separately after the inspection.\n\n"
                "2. Booking\n"
                f"2.1 Sweeps are booked at least {P['lead']} business days ahead.\n"
                "2.2 Please do not use the fireplace for 24 hours before the visit.\n\n"
                "3. Creosote\n"
                "3.1 Stage 1 is light soot; stage 2 is flaky; stage 3 is glazed and needs chemical removal.\n")

    def _history(self, rec):
        h = History().user(f"who's doing appt {rec['appointment_id']}?")
        h.call([Call("get_appointment", {"appointment_id": rec["appointment_id"]}, rec)])
        h.reply(f"{rec['tech']['name']} ({rec['tech']['tech_id']}) for {rec['customer']} ({rec['customer_id']}).")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "Bird nest found in the smoke shelf.")
        a.ins("claim", "Insurance will cover the crown repair.")
        a.ins("behavior", "Ordered the rain cap for next week.")
        a.ins("behavior", "Sent the photos to the customer's insurer.")
        fake = f"EF-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Last sweep here was appt {fake}.", fake))

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._appt(r, today)
        args = {"appointment_id": rec["appointment_id"]}
        if r.random() < 0.5:
            args["include_findings"] = True
        cg = Call("get_appointment", args, rec)
        cd = Call("fetch_service_guide", {"guide_url": GUIDE}, self._doc(P))
        req = r.choice([f"how did appt {rec['appointment_id']} go? customer wants the bill + repair quotes",
                        f"Status of chimney appt {rec['appointment_id']} and total?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["how'd it go? total + any repairs?", "status on that appt + what's owed?"])
            turns = [Turn([cd])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        a.t("Appt ").x(rec["appointment_id"], fid=w.fake_id(rec["appointment_id"], r)).t(" · ")
        a.x(rec["customer"], ent=r.choice(FAKE_CUSTOMERS)).t(", ").x(rec["address"].split(", ")[1], ent=r.choice(FAKE_TOWNS)).t("\n")
        done = rec["status"] == "completed"
        wc, wf = w.rpair(rec["window_start"], rec["window_end"], r.choice([-120, 120]))
        a.t(w.b()).x(rec["tech"]["name"], ent=r.choice(FAKE_TECHS)).t(", window ").x(wc, tmp=wf).t(", ")
        if r.random() < 0.4:
            a.x(rec["status"], attr=r.choice(["completed_ok", "swept_done"] if done else ["on_the_way", "dispatched_late"]))
        else:
            a.x("done" if done else "en route", val="en route" if done else "on site")
        a.pp().t("\n")
        fl = rec["flues"]
        sweep = fl * P["flue"]
        a.t(w.b() + "Sweep: ").x(str(fl), num=str(fl + 2)).t(" flue" + ("s" if fl > 1 else "") + " × " + w.usd(P["flue"]) + " = ")
        a.x(w.usd(sweep, calc=True), num=w.usd(sweep + 100)).t(" (").x("§1.1", sec=r.choice(["§1.4", "§4.1"])).t(")").t("\n")
        if rec["inspection"] == "level_2":
            tot = sweep + P["l2"]
            a.t(w.b() + "Level 2 camera scan " + w.usd(P["l2"]) + " (§1.2)\n")
            a.t(w.b() + "Total " + w.usd(sweep) + " + " + w.usd(P["l2"]) + " = ").x(w.usd(tot, calc=True), num=w.usd(tot + 75)).pp().t("\n")
        else:
            a.t(w.b() + "Level 1 insp. ").x("included", neg="not included").t(", ").x(w.lc("no camera scan"), neg=w.lc("camera scan done")).pp().t("\n")
        stg = rec["creosote_stage"]
        a.t(w.b() + "Creosote stage ").x(str(stg), num=str(stg % 3 + 1) if False else None).t(" → ")
        if stg == 3:
            a.x("glazed", val="light soot").t(", needs chemical removal (").x("§3.1", sec="§3.3").t(")").pc().t("\n")
            a.ins("elab", "mainly from burning unseasoned wood", clause=True)
        elif stg == 2:
            a.x("flaky", val="glazed").t(", swept (§3.1)").pc().t("\n")
            a.ins("elab", "mainly from burning unseasoned wood", clause=True)
        else:
            a.x("light soot", val="glazed").t(" only (§3.1)").pc().t("\n")
            a.ins("elab", "mainly from burning unseasoned wood", clause=True)
        f = rec["findings"]
        a.t(w.b() + "Findings: ").x(str(len(f)), num=str(len(f) + 2)).t(" → ")
        w.declare(len(f))
        for i, x in enumerate(f):
            if i:
                a.t(", ")
            a.t(x["item"] + " ")
            if i == 0 and len(f) > 1 and f[1]["quote"] != x["quote"]:
                a.x(w.usd(x["quote"]), conf=("numerical", w.usd(f[1]["quote"])))
            elif i == 0:
                a.x(w.usd(x["quote"]), num=w.usd(x["quote"] + 95))
            else:
                a.t(w.usd(x["quote"]))
        a.t(w.lc(" (quoted separately, ") + "§1.3)").pp().t("\n")
        if len(f) > 1:
            qt = round(sum(x["quote"] for x in f), 2)
            a.t(w.b() + "Repairs est. " + " + ".join(w.usd(x["quote"]) for x in f) + " = " + w.usd(qt, calc=True)).pp().t("\n")
        emit_cta(a, w, rec["office_phone"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._appt(r, today)
        ok = r.random() < 0.5
        earliest = add_bdays(today, P["lead"])
        if ok:
            want = earliest + dt.timedelta(days=r.randint(0, 8))
        else:
            want = today + dt.timedelta(days=r.randint(1, 2))
        while want.weekday() >= 5:
            want += dt.timedelta(days=1)
        if not ok and want >= earliest:
            want = add_bdays(today, 1)
        fl = r.randint(1, 3)
        insp = r.choice(["level_1", "level_2"])
        args = {"customer_id": rec["customer_id"], "date": want.isoformat(), "flues": fl}
        if r.random() < 0.6:
            args["inspection"] = insp
        else:
            insp = "level_1"
        zone = rec["time_zone"]
        h = r.choice([8, 10, 12, 14])
        if ok:
            res = {"status": "booked", "appointment_id": f"EF-{r.randint(10000, 99999)}", "customer_id": rec["customer_id"],
                   "window_start": ts(want, h, 0, zone), "window_end": ts(want, h + 2, 0, zone), "flues": fl,
                   "inspection": insp, "tech": rec["tech"]["name"]}
        else:
            res = {"status": "refused", "reason_code": "INSIDE_LEAD_TIME", "customer_id": rec["customer_id"],
                   "requested": want.isoformat(), "alternative": {"earliest_date": earliest.isoformat(),
                                                                  "window_start": ts(earliest, h, 0, zone),
                                                                  "window_end": ts(earliest, h + 2, 0, zone)}}
        cg = Call("get_appointment", {"appointment_id": rec["appointment_id"]}, rec)
        cd = Call("fetch_service_guide", {"guide_url": GUIDE}, self._doc(P))
        cb = Call("book_sweep", args, res)
        req = r.choice([f"{rec['customer']} ({rec['customer_id']}, last appt {rec['appointment_id']}) wants a sweep {want.isoformat()}, {fl} flue(s)",
                        f"Book customer {rec['customer_id']} for {want.isoformat()}, {fl} flues. Prev appt {rec['appointment_id']}."])
        turns = [Turn([cg]), Turn([cd]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"they want another sweep {want.isoformat()}, {fl} flue(s). book it", f"book them for {want.isoformat()} ({fl} flues)"])
            turns = [Turn([cd]), Turn([cb])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        price = fl * P["flue"] + (P["l2"] if insp == "level_2" else 0)
        if ok:
            a.t("Sweep ").x("booked", val="waitlisted").t(" ✓ ").x(res["appointment_id"], fid=w.fake_id(res["appointment_id"], r)).t("\n")
            dc, df = w.dpair(want, r.choice([-2, 1]))
            wc, wf = w.rpair(res["window_start"], res["window_end"], r.choice([-120, 120]))
            a.t(w.b()).x(dc, tmp=df).t(", ").x(wc, tmp=wf).t(" w/ ").x(rec["tech"]["name"], ent=r.choice(FAKE_TECHS)).pp().t("\n")
            a.t(w.b() + "Est. ").x(str(fl), num=str(fl + 2)).t(" × " + w.usd(P["flue"]))
            if insp == "level_2":
                a.t(" + " + w.usd(P["l2"]))
            a.t(" = ").x(w.usd(price, calc=True), num=w.usd(price + 90))
            if insp == "level_2":
                a.t(" incl. Level 2 scan")
            a.pp().t("\n")
            a.t(w.b() + "Booked ").x("after", rel="before").t(" the " + str(P["lead"]) + "-business-day lead time (")
            a.x("§2.1", sec=r.choice(["§2.4", "§5.1"])).t(")").pc().t("\n")
            a.ins("elab", "since the spring rush is over", clause=True)
            a.t(w.b() + w.lc("pls no fires 24 hrs before (") + "§2.2)").pp().t("\n")
            emit_cta(a, w, rec["office_phone"])
        else:
            alt = res["alternative"]
            a.t("Can't book ").x(rec["customer_id"], fid=w.fake_id(rec["customer_id"], r)).t(" for ")
            dc, df = w.dpair(want, r.choice([-2, 1]))
            a.x(dc, tmp=df).t(" ✗\n")
            a.t(w.b() + "Reason: ").x("inside", rel="outside").t(" " + str(P["lead"]) + "-business-day lead time (")
            a.x("INSIDE_LEAD_TIME", attr=r.choice(["LEAD_TIME_VIOLATION", "TOO_SOON"])).t(", ").x("§2.1", sec=r.choice(["§2.4", "§5.1"])).t(")").pc().t("\n")
            a.ins("elab", "since the fall rush is fully booked", clause=True)
            ec, ef = w.dpair(earliest, r.choice([-1, 3]), calc=True)
            wc, wf = w.rpair(alt["window_start"], alt["window_end"], r.choice([-120, 120]))
            a.t(w.b() + "Earliest: " + w.d(today) + " + " + str(P["lead"]) + " business days = ").x(ec, tmp=ef, conf=("temporal", w.d(want))).t(", ").x(wc, tmp=wf).pp().t("\n")
            a.t(w.b() + "Est. " + str(fl) + " × " + w.usd(P["flue"]))
            if insp == "level_2":
                a.t(" + " + w.usd(P["l2"]))
            a.t(" = ").x(w.usd(price, calc=True), num=w.usd(price + 90)).pp().t("\n")
            a.t("Reply Y to book " + w.d(earliest) + " instead")
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
