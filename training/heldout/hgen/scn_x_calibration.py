"""gauge_calibration (set x): the integration agent of Metrix Calibration Services — a customer's calibration certificate
for a measuring instrument (asset, calibration date, interval and due date, result, measurement points with nominal and
measured values and tolerances, the lab's service prices and turnarounds) read against the calibration procedure (a
Markdown document fetched by path), and a request to book the next calibration (refused by design when express
capacity is full — reason code and the standard service as the alternative). Final answers are JSON objects with
snake_case keys."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_date, s_obj, s_str
from .xstyle import JB, Js, O, S, V, _add_months, add_bdays, emit, sentence, shuffle_keys, ts, vet

BASE = "https://api.metrixcal.example/lims/v2"
PROC = "/procedures/metrix-calibration-procedure-mc-4.md"
CUSTOMERS = [("Aurelia Precision GmbH", "Europe/Berlin"), ("Nordvik Marine AS", "Europe/Stockholm"),
             ("Castellan Aero S.A.", "Europe/Madrid"), ("Brookfield Tooling Ltd", "Europe/London"),
             ("Van Dijk Hydraulics B.V.", "Europe/Amsterdam")]
FAKE_CUSTOMERS = ["Ridgeway Components", "Talos Engineering"]
INSTRUMENTS = [("Digital caliper 0-150 mm", [10.0, 50.0, 100.0, 150.0], 0.02),
               ("Outside micrometer 25-50 mm", [25.0, 30.0, 40.0, 50.0], 0.004),
               ("Dial indicator 0-10 mm", [1.0, 5.0, 10.0], 0.01),
               ("Height gauge 0-300 mm", [50.0, 150.0, 300.0], 0.03)]
TECHS = ["Jana Novak", "Pieter Smit", "Lucia Romero", "Erik Lund", "Aoife Byrne"]
FAKE_TECHS = ["Mats Berg", "Olga Petrova"]


class GaugeCalibration(Scenario):
    name = "gauge_calibration"
    agent = "metrix-lims-integration"
    service = "metrix-calibration-desk"
    system = ("You are the integration agent of Metrix Calibration Services. Your final answer is written to the customer's "
              "quality system and shown to its quality engineer: reply with one JSON object only (response_format "
              "json_schema 'calibration_answer', strict), snake_case keys, no text outside the object. \"status\" is one of "
              "\"info\", \"booked\", \"refused\"; \"summary\" is one or two plain sentences; measurements are JSON numbers "
              "in millimetres; dates are ISO; a refusal gives the \"reason_code\" and the alternative. Use only the "
              "certificate, the procedure and tool results.")
    error_style = 0
    entity_noun = {"certificate_id": "Certificate", "asset_id": "Asset", "procedure_path": "Document"}
    preambles = ["Fetching the certificate.", "Checking the certificate against the procedure."]

    def __init__(self):
        self.tools = [
            Tool("get_calibration_certificate", "A calibration certificate: customer, asset, calibration date, interval, "
                                                "due date, result, measurement points, technician, service prices.",
                 s_obj({"certificate_id": s_str("Certificate id, e.g. 'CAL-25-08812'.", pattern=r"^CAL-\d{2}-\d{5}$"),
                        "include_points": s_str("Measurement points to include.", enum=["all", "failed_only", "none"])},
                       ["certificate_id"]),
                 entity={"certificate_id": "id"}, http=BASE, extra=[("include_pdf", True)]),
            Tool("read_procedure", "Read a calibration procedure document by path (Markdown, numbered sections).",
                 s_obj({"procedure_path": s_str("Document path.", pattern=r"^/procedures/[a-z0-9-]+\.md$")}, ["procedure_path"]),
                 entity={"procedure_path": "path"}, http=BASE, extra=[("revision", "latest")]),
            Tool("book_calibration", "Book the next calibration of an asset. Express bookings without lab capacity are "
                                     "refused with a reason code and the standard service as the alternative.",
                 s_obj({"asset_id": s_str("Asset id, e.g. 'AST-0412'.", pattern=r"^AST-\d{4}$"),
                        "service": s_str("Service level.", enum=["standard", "express"]),
                        "drop_off_date": s_date("Drop-off date, YYYY-MM-DD.")},
                       ["asset_id", "service", "drop_off_date"]),
                 entity={"asset_id": "id"}, http=BASE, extra=[("priority", "high")]),
        ]
        self.intents = [("certificate_review", self.review, True), ("book_calibration", self.book, True)]

    def _P(self, r):
        return {"std_days": r.choice([5, 7]), "exp_days": 2, "std_price": r.choice([85.0, 95.0]),
                "exp_price": r.choice([140.0, 155.0]), "rev": r.choice(["4.1", "4.3"])}

    def _cert(self, r, today, P):
        cust, zone = r.choice(CUSTOMERS)
        inst, noms, tol = r.choice(INSTRUMENTS)
        interval = r.choice([6, 12])
        cal = _add_months(today, -interval) + dt.timedelta(days=r.randint(8, 70))
        due = _add_months(cal, interval)
        pts = []
        step = 0.001 if tol < 0.01 else 0.002
        for n in noms:
            k = r.randint(-int(tol / step * 0.8), int(tol / step * 0.8))
            pts.append({"nominal_mm": n, "measured_mm": round(n + k * step, 3), "tolerance_mm": tol})
        return {"certificate_id": f"CAL-{cal.year % 100:02d}-{r.randint(10000, 99999)}", "lab": "Metrix Calibration Services",
                "customer": cust, "asset": {"asset_id": f"AST-{r.randint(1000, 9999)}", "type": inst,
                                            "serial": f"SN{r.randint(100000, 999999)}"},
                "calibrated_on": cal.isoformat(), "interval_months": interval, "due_date": due.isoformat(),
                "result": r.choice(["pass", "pass", "pass_adjusted"]), "points": pts, "technician": r.choice(TECHS),
                "services": {"standard": {"price": P["std_price"], "turnaround_business_days": P["std_days"]},
                             "express": {"price": P["exp_price"], "turnaround_business_days": P["exp_days"]}},
                "currency": "EUR", "portal_sections": ["Certificates", "Assets", "Bookings"], "procedure_path": PROC,
                "time_zone": zone, "as_of": ts(today, r.choice([8, 10, 14]), r.choice([0, 25, 50]), zone)}

    def _doc(self, P):
        return ("# Metrix Calibration Services — calibration procedure MC-" + P["rev"] + "\n\n"
                "## 1. Scope\n"
                "1.1 Dimensional instruments are calibrated at the nominal points on the certificate.\n\n"
                "## 2. Acceptance\n"
                "2.1 A point passes when the error (measured minus nominal) is within plus or minus the tolerance.\n"
                "2.2 An instrument adjusted before passing is reported as pass_adjusted.\n\n"
                "## 3. Intervals and bookings\n"
                "3.1 The due date is the calibration date plus the interval on the certificate.\n"
                f"3.2 Standard service: {P['std_days']} business days from drop-off. Express: {P['exp_days']} business days, "
                "subject to lab capacity.\n")

    def _history(self, rec):
        h = History().user(f"Please look up certificate {rec['certificate_id']}.")
        h.call([Call("get_calibration_certificate", {"certificate_id": rec["certificate_id"]}, rec)])
        h.reply('{"status": "info", "summary": "Certificate ' + rec["certificate_id"] + ' covers asset '
                + rec["asset"]["asset_id"] + '."}')
        return h

    def _inserts(self, a, w, r, elab="because the instrument was dropped in transit"):
        a.ins("claim", "The instrument model is due for a firmware recall next quarter.")
        a.ins("claim", "Accreditation covers this instrument type until 2028.")
        a.ins("behavior", "A reminder was already added to the customer's maintenance calendar.")
        a.ins("behavior", "The courier pickup for the instrument has been arranged.")
        fake = f"NC-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Nonconformance report {fake} is attached to this certificate.", fake))
        a.ins("elab", elab, clause=True)

    def _fmt(self, x):
        return f"{x:.3f}"

    def review(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._cert(r, today, P)
        cg = Call("get_calibration_certificate", {"certificate_id": rec["certificate_id"], "include_points": "all"}, rec)
        cd = Call("read_procedure", {"procedure_path": PROC}, self._doc(P))
        req = r.choice([f"Is the instrument on certificate {rec['certificate_id']} still in calibration, and how big were the errors?",
                        f"Review certificate {rec['certificate_id']}: due date and measurement errors.",
                        f"{rec['certificate_id']} - when is it due and did all points pass?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["When is it due again, and were all points within tolerance?", "How large were the errors on that one?"])
            turns = [Turn([cd])]
        w = Js(r, today)
        a = JB()
        due = dt.date.fromisoformat(rec["due_date"])
        days = w.declare((due - today).days)
        w.declare(due)
        rows, worst = [], 0.0
        for i, p in enumerate(rec["points"]):
            err = round(p["measured_mm"] - p["nominal_mm"], 3) + 0.0
            w.declare(err)
            worst = max(worst, abs(err))
            oth = rec["points"][(i + 1) % len(rec["points"])]
            rows.append(O([("nominal_mm", V(self._fmt(p["nominal_mm"]))),
                           ("measured_mm", V(self._fmt(p["measured_mm"]), num=self._fmt(p["measured_mm"] + 0.05),
                                             conf=("numerical", self._fmt(oth["measured_mm"])))),
                           ("error_mm", V(self._fmt(err), num=self._fmt(err + 0.041))),
                           ("working", S(f"{self._fmt(p['measured_mm'])} - {self._fmt(p['nominal_mm'])} = ", V(self._fmt(err), num=self._fmt(err + 0.03)))),
                           ("within_tolerance", V("true", neg="false"))]))
        tol = rec["points"][0]["tolerance_mm"]
        w.declare(worst)
        summ = S(*sentence("Certificate ", V(rec["certificate_id"], fid=w.fake_id(rec["certificate_id"], r)), " is valid until ",
                           V(rec["due_date"], tmp=(due + dt.timedelta(days=r.choice([14, 30]))).isoformat()),
                           f", and the largest error of {worst:.3f} mm is ", V("within", rel="outside"), f" the {tol} mm tolerance"))
        pairs = [("status", S(V("info", val="booked"))),
                 ("summary", summ),
                 ("certificate_id", S(V(rec["certificate_id"], fid=w.fake_id(rec["certificate_id"], r)))),
                 ("customer", S(V(rec["customer"], ent=r.choice(FAKE_CUSTOMERS)))),
                 ("asset_id", S(V(rec["asset"]["asset_id"], fid=w.fake_id(rec["asset"]["asset_id"], r)))),
                 ("instrument", rec["asset"]["type"]),
                 ("result", S(V(rec["result"], val="fail"))),
                 ("calibrated_on", S(V(rec["calibrated_on"], tmp=(dt.date.fromisoformat(rec["calibrated_on"]) - dt.timedelta(days=r.choice([10, 31]))).isoformat()))),
                 ("due_date", S(V(rec["due_date"], tmp=(due + dt.timedelta(days=r.choice([7, 30]))).isoformat(), conf=("temporal", rec["calibrated_on"])))),
                 ("due_working", S(f"{rec['calibrated_on']} + {rec['interval_months']} months = ", V(rec["due_date"], tmp=(due + dt.timedelta(days=31)).isoformat()))),
                 ("days_until_due", V(str(days), num=str(days + r.choice([20, 45])))),
                 ("overdue", V("false", neg="true")),
                 ("points", rows),
                 ("max_abs_error_mm", V(self._fmt(worst), num=self._fmt(worst + 0.012))),
                 ("tolerance_mm", V(f"{tol}", num=f"{tol * 2}")),
                 ("procedure_ref", S("§", V("2.1", sec=r.choice(["2.4", "6.1"]))))]
        if r.random() < 0.5:
            pairs.append(("technician", S(V(rec["technician"], ent=r.choice(FAKE_TECHS)))))
        if r.random() < 0.4:
            pairs.append(("see_in_portal", S(V("Certificates", attr=r.choice(["Cert Vault", "Quality Locker"])))))
        if r.random() < 0.3:
            pairs.append(("deviation_report", None))
        emit(a, w, O(shuffle_keys(w, pairs)))
        self._inserts(a, w, r)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._cert(r, today, P)
        ok = r.random() < 0.5
        service = r.choice(["standard", "express"]) if ok else "express"
        drop = add_bdays(today, r.randint(2, 8))
        aid = rec["asset"]["asset_id"]
        args = {"asset_id": aid, "service": service, "drop_off_date": drop.isoformat()}
        svc = rec["services"][service]
        if ok:
            ready = add_bdays(drop, svc["turnaround_business_days"])
            res = {"status": "booked", "job_id": f"JOB-{r.randint(10000, 99999)}", "asset_id": aid, "service": service,
                   "drop_off_date": drop.isoformat(), "ready_by": ready.isoformat(), "price": svc["price"], "currency": "EUR"}
        else:
            std = rec["services"]["standard"]
            ready = add_bdays(drop, std["turnaround_business_days"])
            res = {"status": "refused", "reason_code": "EXPRESS_NO_CAPACITY", "asset_id": aid,
                   "requested": {"service": "express", "drop_off_date": drop.isoformat()},
                   "alternative": {"option": "standard_service", "drop_off_date": drop.isoformat(),
                                   "ready_by": ready.isoformat(), "price": std["price"], "currency": "EUR"}}
        cg = Call("get_calibration_certificate", {"certificate_id": rec["certificate_id"]}, rec)
        cd = Call("read_procedure", {"procedure_path": PROC}, self._doc(P))
        cx = Call("book_calibration", args, res)
        req = r.choice([f"Book the next calibration ({service}) for the instrument on {rec['certificate_id']}, drop-off {drop.isoformat()}.",
                        f"Certificate {rec['certificate_id']}: please book {service} calibration, we can drop it off on {drop.isoformat()}.",
                        f"{rec['certificate_id']} -> book {service}, drop-off {drop.isoformat()}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Book it in for {service} calibration, drop-off {drop.isoformat()}.",
                            f"Please book the {service} service for it; we drop it off on {drop.isoformat()}."])
            turns = [Turn([cd]), Turn([cx])]
        w = Js(r, today)
        a = JB()
        w.declare(ready)
        tdays = svc["turnaround_business_days"] if ok else rec["services"]["standard"]["turnaround_business_days"]
        if ok:
            summ = S(*sentence(f"The {service} calibration of ", V(aid, fid=w.fake_id(aid, r)), " is booked for drop-off on ",
                               V(drop.isoformat(), tmp=(drop + dt.timedelta(days=r.choice([1, 7]))).isoformat()), " and will be ready by ",
                               V(ready.isoformat(), tmp=(ready + dt.timedelta(days=r.choice([2, 3]))).isoformat())))
            price = O([("amount", V(w.amt(svc["price"]), num=w.amt(svc["price"] + 30))), ("currency", "EUR")]) if r.random() < 0.6 else \
                S(V(w.money(svc["price"], "EUR"), num=w.money(svc["price"] + 25, "EUR")))
            other = rec["services"]["express" if service == "standard" else "standard"]
            pairs = [("status", S(V("booked", val="refused"))),
                     ("summary", summ),
                     ("job_id", S(V(res["job_id"], fid=w.fake_id(res["job_id"], r)))),
                     ("asset_id", aid),
                     ("certificate_id", S(V(rec["certificate_id"], fid=w.fake_id(rec["certificate_id"], r)))),
                     ("service", S(V(service, val="express" if service == "standard" else "standard"))),
                     ("drop_off_date", S(V(drop.isoformat(), tmp=(drop + dt.timedelta(days=2)).isoformat()))),
                     ("ready_by", S(V(ready.isoformat(), tmp=(ready + dt.timedelta(days=r.choice([1, 4]))).isoformat()))),
                     ("working", S(f"{drop.isoformat()} + {tdays} business days = ", V(ready.isoformat(), tmp=(ready + dt.timedelta(days=2)).isoformat()))),
                     ("turnaround_business_days", V(str(tdays), num=str(tdays + 3), conf=("numerical", str(other["turnaround_business_days"])))),
                     ("price", price),
                     ("before_due_date", V("true" if ready <= dt.date.fromisoformat(rec["due_date"]) else "false",
                                           neg="false" if ready <= dt.date.fromisoformat(rec["due_date"]) else "true")),
                     ("procedure_ref", S("§", V("3.2", sec=r.choice(["3.5", "8.2"]))))]
            if r.random() < 0.5:
                pairs.append(("next_steps", ["Ship the instrument with its case and accessories.",
                                             S("Track the job under ", V("Bookings", attr=r.choice(["Job Tracker", "Lab Queue"])), " in the portal.")]))
        else:
            alt = res["alternative"]
            summ = S(*sentence("Express calibration ", V("was not booked", neg="was booked"), " because the lab has no express capacity", clause=False))
            if r.random() < 0.6:
                summ.segs += [" "] + sentence("The standard service would have it ready by ", V(alt["ready_by"], tmp=(ready - dt.timedelta(days=2)).isoformat()), clause=False)
            exp = rec["services"]["express"]
            std = rec["services"]["standard"]
            diff = w.declare(round(exp["price"] - std["price"], 2))
            alt_o = O([("option", "standard_service"),
                       ("drop_off_date", S(V(drop.isoformat(), tmp=(drop + dt.timedelta(days=3)).isoformat()))),
                       ("ready_by", S(V(alt["ready_by"], tmp=(ready + dt.timedelta(days=r.choice([2, 5]))).isoformat()))),
                       ("working", S(f"{drop.isoformat()} + {std['turnaround_business_days']} business days = ", V(alt["ready_by"], tmp=(ready + dt.timedelta(days=1)).isoformat()))),
                       ("price", V(w.amt(std["price"]), num=w.amt(std["price"] + 20), conf=("numerical", w.amt(exp["price"])))),
                       ("currency", "EUR"),
                       ("cheaper_than_express_by", V(w.amt(diff), num=w.amt(diff + 15))),
                       ("price_working", S(f"{w.plain(exp['price'])} - {w.plain(std['price'])} = ", V(w.plain(diff), num=w.plain(diff + 10))))])
            due = dt.date.fromisoformat(rec["due_date"])
            pairs = [("status", S(V("refused", val="booked"))),
                     ("reason_code", S(V("EXPRESS_NO_CAPACITY", attr=r.choice(["LAB_FULL", "EXPRESS_UNAVAILABLE"])))),
                     ("summary", summ),
                     ("asset_id", S(V(aid, fid=w.fake_id(aid, r)))),
                     ("customer", S(V(rec["customer"], ent=r.choice(FAKE_CUSTOMERS)))),
                     ("requested_service", "express"),
                     ("due_date", S(V(rec["due_date"], tmp=(due + dt.timedelta(days=r.choice([9, 21]))).isoformat()))),
                     ("ready_before_due_date", V("true" if ready <= due else "false", neg="false" if ready <= due else "true")),
                     ("procedure_ref", S("§", V("3.2", sec=r.choice(["3.7", "9.2"])))),
                     ("alternative", alt_o)]
        emit(a, w, O(shuffle_keys(w, pairs, fixed_first=("status", "reason_code"))))
        self._inserts(a, w, r, elab="because two technicians are on leave" if not ok else "because the instrument was dropped in transit")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
