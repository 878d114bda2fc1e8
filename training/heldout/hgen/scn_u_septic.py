"""septic_pumping (set u): the dispatch assistant of Northfield Septic — a pumping route for the day (truck, driver,
stops with arrival windows, tank sizes, statuses, drive times) read against the service terms (a Markdown document
fetched by path: two-hour windows, per-gallon pricing with a minimum, a late-reschedule trip fee), and rescheduling a
pumping job (refused by design when the requested day's route is full — reason code and the next open window as the
alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .ustyle import M, Sms, add_min, emit_cta, hm, ts, vet

BASE = "https://routes.northfieldseptic.example/api"
TERMS = "/docs/terms/septic-service-terms-st-4.md"
DRIVERS = [("Dale Hutchins", "T-0412"), ("Marisol Ybarra", "T-0388"), ("Curtis Lindgren", "T-0451"),
           ("Renee Oyelaran", "T-0397")]
FAKE_DRIVERS = ["Wes Kowalski", "Tammy Brandt"]
CUSTOMERS = ["Linda Parr", "Gordon Fitch", "Aileen Marsh", "Tomas Ruiz", "Bev Okafor", "Hank Delgado", "Priya Nair",
             "Jolene Sutter", "Walt Brennan", "Cora Yates"]
FAKE_CUSTOMERS = ["Doreen Pike", "Lyle Casper"]
ROADS = ["County Rd 9", "Birch Hollow Ln", "Old Mill Rd", "Prairie View Dr", "Hwy 12", "Quarry Rd", "Lakeshore Trl",
         "Cedar Bluff Rd"]
TOWNS = ["Elk River", "Zimmerman", "Big Lake", "Princeton"]
FAKE_TOWNS = ["Cambridge", "Isanti"]
ZONES = ["America/Chicago", "America/Denver"]
PHONES = ["555-0142", "555-0176", "555-0119"]


class SepticPumping(Scenario):
    name = "septic_pumping"
    agent = "northfield-dispatch-assistant"
    service = "northfield-route-board"
    system = ("You are the dispatch assistant of Northfield Septic. Your replies go out as push notifications and SMS to "
              "drivers and customers: keep them short, use the route board and the service terms only, show quick math, "
              "and end with one call to action.")
    error_style = 0
    entity_noun = {"route_id": "Route", "job_id": "Job", "doc_path": "Document"}
    preambles = ["Checking the route board.", "Pulling up the route and the terms."]

    def __init__(self):
        self.tools = [
            Tool("get_route", "The day's pumping route: truck, driver, stops in order with job, customer, address, tank "
                              "size, arrival window, status and drive time from the previous stop.",
                 s_obj({"route_id": s_str("Route, e.g. 'RT-2207'.", pattern=r"^RT-\d{4}$"),
                        "include_completed": s_bool("Include completed stops.")}, ["route_id"]),
                 entity={"route_id": "id"}, http=BASE, extra=[("include_gps", True)]),
            Tool("read_service_terms", "A service-terms document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/docs/terms/[a-z0-9/_.-]+\.md$"),
                        "section": s_int("Only this section.", 1, 12)}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "pdf")]),
            Tool("reschedule_pumping", "Move a pumping job to another day and window. A full route is refused with a reason "
                                       "code and the next open window.",
                 s_obj({"job_id": s_str("Job, e.g. 'SP-48213'.", pattern=r"^SP-\d{5}$"),
                        "new_date": s_date("Requested day, YYYY-MM-DD."),
                        "window": s_str("Half day.", enum=["am", "pm"]),
                        "notify_customer": s_bool("Text the customer the new window.")},
                       ["job_id", "new_date", "window"]),
                 entity={"job_id": "id"}, http=BASE, extra=[("force", True)]),
        ]
        self.intents = [("route_status", self.status, True), ("reschedule_job", self.reschedule, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"rate": r.choice([0.32, 0.35, 0.38]), "min": r.choice([325, 350]), "fee": r.choice([75, 95]),
                "notice": r.choice([24, 48]), "rev": r.choice(["3", "4"])}

    def _route(self, r, today, nstops=None):
        zone = r.choice(ZONES)
        name, tid = r.choice(DRIVERS)
        n = nstops or r.randint(4, 6)
        custs = r.sample(CUSTOMERS, n)
        t = 7 * 60 + r.choice([30, 45, 60])
        stops = []
        done = r.randint(1, n - 2)
        for i in range(n):
            drive = r.choice([15, 20, 25, 30, 35, 40])
            ws = (t + drive) // 60 * 60
            svc = r.choice([45, 50, 60, 75])
            st = {"seq": i + 1, "job_id": f"SP-{r.randint(10000, 99999)}", "customer": custs[i],
                  "address": f"{r.randint(100, 9899)} {r.choice(ROADS)}, {r.choice(TOWNS)}",
                  "tank_gal": r.choice([750, 1000, 1250, 1500]), "drive_min": drive,
                  "window_start": ts(today, ws // 60, 0, zone), "window_end": ts(today, ws // 60 + 2, 0, zone),
                  "dig_required": r.random() < 0.3, "prepaid": r.random() < 0.3}
            if i < done:
                st["status"] = "completed"
                st["arrived_at"] = ts(today, (t + drive) // 60, (t + drive) % 60, zone)
                st["departed_at"] = ts(today, (t + drive + svc) // 60, (t + drive + svc) % 60, zone)
                st["gallons_pumped"] = st["tank_gal"] - r.choice([0, 20, 40, 60])
            elif i == done:
                st["status"] = "en_route"
            else:
                st["status"] = "scheduled"
            t += drive + svc
            stops.append(st)
        as_of_min = hm(stops[done - 1]["departed_at"])
        as_of = add_min(stops[done - 1]["departed_at"], r.randint(4, 12))
        del as_of_min
        return {"route_id": f"RT-{r.randint(1000, 9999)}", "service_date": today.isoformat(), "truck": f"TK-{r.randint(10, 48)}",
                "driver": {"name": name, "tech_id": tid}, "dispatch_phone": r.choice(PHONES), "time_zone": zone,
                "stops": stops, "terms_path": TERMS, "as_of": as_of}

    def _doc(self, P):
        return ("# Northfield Septic — Service Terms (ST-4)\n\n"
                f"Revision {P['rev']}\n\n"
                "## 2. Scheduling\n"
                "2.1 Arrival windows are 2 hours. The driver texts when en route.\n"
                f"2.3 A reschedule requested less than {P['notice']} hours before the window carries a ${P['fee']} trip fee.\n"
                "2.4 Lids must be exposed before arrival; digging is billed separately.\n\n"
                "## 4. Pricing\n"
                f"4.1 Pumping is billed at ${P['rate']:.2f} per gallon of tank capacity, minimum ${P['min']}.\n"
                "4.2 Payment is due on completion.\n")

    def _history(self, rec):
        h = History().user(f"who's driving route {rec['route_id']} today?")
        h.call([Call("get_route", {"route_id": rec["route_id"]}, rec)])
        h.reply(f"{rec['driver']['name']} ({rec['driver']['tech_id']}) on truck {rec['truck']}.")
        return h

    def _inserts(self, a, w, r, st):
        a.ins("claim", "Tank due for a baffle replacement per last inspection.")
        a.ins("claim", f"{st['customer'].split()[0]} prepaid by card this morning.")
        a.ins("behavior", "Texted the customer the new ETA.")
        a.ins("behavior", "Flagged the stop for a follow-up inspection.")
        fake = f"SP-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Ref job {fake} from the last pump-out still open.", fake))

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._route(r, today)
        stops = rec["stops"]
        nxt = next(s for s in stops if s["status"] == "en_route")
        k = nxt["seq"] - 1
        prev = stops[k - 1]
        args = {"route_id": rec["route_id"]}
        if r.random() < 0.5:
            args["include_completed"] = True
        cg = Call("get_route", args, rec)
        cd = Call("read_service_terms", {"doc_path": TERMS}, self._doc(P))
        req = r.choice([f"Customer on {nxt['job_id']} asking when the truck gets there. Route {rec['route_id']}.",
                        f"status on route {rec['route_id']}? need ETA for {nxt['customer']} ({nxt['job_id']}) + price"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"ok. when does he get to {nxt['customer']}? and what's the price",
                            f"ETA for job {nxt['job_id']} on that route + price?"])
            turns = [Turn([cd])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        done = sum(1 for s in stops if s["status"] == "completed")
        n = len(stops)
        w.declare(n - done)
        w.declare(done)
        w.declare(n)
        eta = add_min(prev["departed_at"], nxt["drive_min"])
        late = hm(eta)[0] * 60 + hm(eta)[1] - (hm(nxt["window_end"])[0] * 60)
        if w.emoji:
            a.t(w.emoji + " ")
        a.t("Route ").x(rec["route_id"], fid=w.fake_id(rec["route_id"], r)).t(" · truck " + rec["truck"] + " · ")
        a.x(rec["driver"]["name"], ent=r.choice(FAKE_DRIVERS)).t("\n")
        a.t(w.b()).x(str(done), num=str(done + 2)).t(" of " + str(n) + " stops done → " + str(n - done) + " left").pp().t("\n")
        a.t(w.b() + "Next: stop #" + str(nxt["seq"]) + " ")
        a.x(nxt["job_id"], fid=w.fake_id(nxt["job_id"], r)).t(", ")
        a.x(nxt["customer"], ent=r.choice(FAKE_CUSTOMERS), conf=("entity", stops[(k + 1) % n]["customer"])).t(" @ ")
        a.t(nxt["address"].split(", ")[0] + ", ").x(nxt["address"].split(", ")[1], ent=r.choice(FAKE_TOWNS)).t("\n")
        a.t(w.b() + "Status: ")
        if r.random() < 0.45:
            a.x("en_route", attr=r.choice(["in_transit", "enroute_delayed"]))
        else:
            a.x("en route", val=r.choice(["on site", "pumping now"]))
        a.t(", left stop #" + str(prev["seq"]) + " @ ")
        dc, df = w.tpair(prev["departed_at"], r.choice([-25, 30]))
        a.x(dc, tmp=df).pp().t("\n")
        ec, ef = w.tpair(eta, r.choice([-35, 40]), calc=True)
        a.t(w.b() + "ETA " + w.t(prev["departed_at"]) + " + " + w.dur(nxt["drive_min"]) + " → ~").x(ec, tmp=ef).t(" (window ")
        wc, wf = w.rpair(nxt["window_start"], nxt["window_end"], r.choice([-120, 120]))
        a.x(wc, tmp=wf).t(")")
        if late > 0:
            w.declare(late)
            a.t(" ⚠️ " if not w.emoji else " ").x("after", rel="before").t(" window by ~" + w.dur(late, calc=True)).pc().t("\n")
            a.ins("elab", "likely due to road work on the way", clause=True)
        else:
            a.t(" ✓ ").x("within window", rel="outside window").pc().t("\n")
            a.ins("elab", "likely due to road work on the way", clause=True)
        gal = nxt["tank_gal"]
        raw = round(gal * P["rate"], 2)
        price = max(raw, float(P["min"]))
        a.t(w.b() + "Est. price: ").x(f"{gal:,}", num=f"{gal + 500:,}", conf=("numerical", f"{stops[k - 1]['tank_gal']:,}") if stops[k - 1]["tank_gal"] != gal else None)
        a.t(" gal × " + w.usd(P["rate"]) + " = ")
        a.x(w.usd(raw, calc=True), num=w.usd(round(raw * 1.4, 2)))
        if raw < P["min"]:
            a.t(" → min " + w.usd(P["min"]) + " applies per ")
        else:
            a.t(" (over the " + w.usd(P["min"]) + " min) per ")
        a.x("§4.1", sec=r.choice(["§4.3", "§5.1"])).t("\n")
        if nxt["prepaid"]:
            a.t(w.b() + w.lc("prepaid, nothing to collect")).pp().t("\n")
        else:
            a.t(w.b()).x(w.lc("not prepaid"), neg=w.lc("prepaid")).t(w.lc(", collect on completion") + " (§4.2)").pp().t("\n")
        if nxt["dig_required"]:
            a.t(w.b() + w.lc("Heads up: lids ")).x("not exposed", neg="exposed").t(w.lc(", digging billed separately (")).t("§2.4)").pp().t("\n")
        else:
            a.t(w.b() + w.fy() + w.lc("no digging needed")).pp().t("\n")
        emit_cta(a, w, rec["dispatch_phone"] if r.random() < 0.6 else None)
        self._inserts(a, w, r, nxt)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def reschedule(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._route(r, today)
        stops = rec["stops"]
        st = r.choice([s for s in stops if s["status"] == "scheduled"] or stops[-1:])
        new = today + dt.timedelta(days=r.randint(1, 6))
        while new.weekday() >= 5:
            new += dt.timedelta(days=1)
        win = r.choice(["am", "pm"])
        zone = rec["time_zone"]
        h0 = r.choice([8, 10]) if win == "am" else r.choice([12, 13, 14])
        args = {"job_id": st["job_id"], "new_date": new.isoformat(), "window": win}
        if r.random() < 0.6:
            args["notify_customer"] = True
        notice_h = int((dt.datetime.combine(new, dt.time(h0)) - dt.datetime.combine(today, dt.time(hm(rec["as_of"])[0]))).total_seconds() // 3600)
        fee = P["fee"] if notice_h < P["notice"] else 0
        if ok:
            res = {"status": "rescheduled", "job_id": st["job_id"], "confirmation": f"CNF-{r.randint(100000, 999999)}",
                   "window_start": ts(new, h0, 0, zone), "window_end": ts(new, h0 + 2, 0, zone), "trip_fee": fee,
                   "notice_hours": notice_h, "customer_notified": bool(args.get("notify_customer"))}
        else:
            alt = new + dt.timedelta(days=1)
            while alt.weekday() >= 5:
                alt += dt.timedelta(days=1)
            ah = r.choice([8, 10, 13])
            res = {"status": "refused", "reason_code": "ROUTE_FULL", "job_id": st["job_id"],
                   "requested_date": new.isoformat(), "alternative": {"date": alt.isoformat(),
                                                                      "window_start": ts(alt, ah, 0, zone),
                                                                      "window_end": ts(alt, ah + 2, 0, zone)}}
        cg = Call("get_route", {"route_id": rec["route_id"]}, rec)
        cd = Call("read_service_terms", {"doc_path": TERMS}, self._doc(P))
        cr = Call("reschedule_pumping", args, res)
        req = r.choice([f"{st['customer']} ({st['job_id']}, route {rec['route_id']}) wants to move to {new.isoformat()} {win}. do it",
                        f"Move job {st['job_id']} on route {rec['route_id']} to {new.isoformat()}, {win} window pls"])
        turns = [Turn([cg]), Turn([cd]), Turn([cr])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"{st['customer']} on that route wants {new.isoformat()} {win} instead. move it",
                            f"pls move {st['job_id']} to {new.isoformat()} ({win})"])
            turns = [Turn([cd]), Turn([cr])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if ok:
            if w.emoji:
                a.t(w.emoji + " ")
            a.t("Job ").x(st["job_id"], fid=w.fake_id(st["job_id"], r)).t(" → ").x("rescheduled", val="pending approval").t(" ✓\n")
            dc, df = w.dpair(new, r.choice([-1, 2]))
            wc, wf = w.rpair(res["window_start"], res["window_end"], r.choice([-120, 120]))
            a.t(w.b() + "New appt: ").x(dc, tmp=df).t(", ").x(wc, tmp=wf).t(" window").pp().t("\n")
            a.t(w.b() + "Cust: ").x(st["customer"], ent=r.choice(FAKE_CUSTOMERS)).t(", " + st["address"].split(", ")[0]).t("\n")
            a.t(w.b() + "Conf. no. ").x(res["confirmation"], fid=w.fake_id(res["confirmation"], r)).t("\n")
            if fee:
                a.t(w.b() + "Trip fee " + w.usd(fee) + ": ").x("under", rel="over").t(" " + str(P["notice"]) + " hrs notice (")
                a.x("§2.3", sec=r.choice(["§2.6", "§3.3"])).t(")").pc().t("\n")
                a.ins("elab", "since the customer only called this morning", clause=True)
            else:
                a.t(w.b()).x("No trip fee", neg="Trip fee applies").t(w.lc(" — more than ") + str(P["notice"]) + " hrs notice (")
                a.x("§2.3", sec=r.choice(["§2.6", "§3.3"])).t(")").pc().t("\n")
                a.ins("elab", "since the customer called well ahead", clause=True)
            gal = st["tank_gal"]
            raw = round(gal * P["rate"], 2)
            if raw >= P["min"]:
                a.t(w.b() + "Est. " + f"{gal:,}" + " gal × " + w.usd(P["rate"]) + " = ").x(w.usd(raw, calc=True), num=w.usd(round(raw + 120, 2))).pp().t("\n")
            if args.get("notify_customer"):
                a.t(w.b() + w.lc("customer ")).x("texted", neg="not texted").t(w.lc(" w/ new window")).pp().t("\n")
            else:
                a.t(w.b() + w.lc("customer not texted yet")).pp().t("\n")
            emit_cta(a, w, rec["dispatch_phone"])
        else:
            alt = res["alternative"]
            if w.emoji:
                a.t(w.emoji + " ")
            a.t("Can't move ").x(st["job_id"], fid=w.fake_id(st["job_id"], r)).t(" to ")
            dc, df = w.dpair(new, r.choice([-1, 2]))
            a.x(dc, tmp=df).t(" ✗\n")
            a.t(w.b() + "Reason: route ").x("full", val="closed").t(" (").x("ROUTE_FULL", attr=r.choice(["ROUTE_AT_CAPACITY", "NO_TRUCK"])).t(")").pc().t("\n")
            a.ins("elab", "mostly due to the storm backlog from last week", clause=True)
            ac, af = w.dpair(alt["date"], r.choice([-2, 3]))
            wc, wf = w.rpair(alt["window_start"], alt["window_end"], r.choice([-120, 120]))
            a.t(w.b() + "Next open: ").x(ac, tmp=af, conf=("temporal", w.d(new))).t(", ").x(wc, tmp=wf).pp().t("\n")
            a.t(w.b() + w.fy() + w.lc("job stays on today's route for now, window ") + w.rng(st["window_start"], st["window_end"])).pp().t("\n")
            a.t(w.b() + "Cust: ").x(st["customer"], ent=r.choice(FAKE_CUSTOMERS)).t(", " + f"{st['tank_gal']:,}" + " gal tank").t("\n")
            a.t("Reply Y to book " + w.d(alt["date"]) + " instead")
        self._inserts(a, w, r, st)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
