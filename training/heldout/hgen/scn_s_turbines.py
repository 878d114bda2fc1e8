"""turbine_maintenance (set s): the operations reporting agent of Ridgeback Wind reporting to site managers — a wind
turbine's downtime events of the month, availability and energy lost at rated power, and the next scheduled service
against the operations & safety manual (a Markdown manual fetched by path, numbered sections), and climb work orders (a
work order refused by design when the forecast wind exceeds the climbing limit — reason code and the next calm day as
the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .sstyle import Rep, add_months, ts, vet

BASE = "https://scada.ridgebackwind.example/api/v2"
MANUAL = "/manuals/ridgeback/ops-safety-manual.md"
SITES = [("Coyote Ridge Wind Farm", "Amarillo", "CT"), ("Blue Mesa Wind", "Cheyenne", "MT"),
         ("Allegheny Crest Wind", "Somerset", "ET"), ("Tehachapi Pass Wind", "Tehachapi", "PT")]
ZONE = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
MODELS = [("V117-4.2", 4200), ("GE 2.8-127", 2800), ("SG 3.4-132", 3400)]
FAKE_MODELS = ["N149-5.7", "V150-4.5"]
CAUSES = ["PITCH_FAULT", "GRID_CURTAILMENT", "GEARBOX_OVERTEMP", "YAW_MISALIGN", "ICE_DETECTED"]
LEADS = ["Cody Barrett", "Elena Ruiz", "Marcus Webb", "Tessa Lund"]
FAKE_LEADS = ["Wade Collier", "Hana Sorensen"]
TASKS = ["gearbox_inspection", "blade_inspection", "scheduled_service"]


class TurbineMaintenance(Scenario):
    name = "turbine_maintenance"
    agent = "ridgeback-ops-reporter"
    service = "ridgeback-turbine-maintenance"
    system = ("You are the operations reporting agent of Ridgeback Wind. Report to site managers in Markdown: a one-line "
              "summary, a table with units in the headers (h, kW, MWh) and a totals row, key-value lines, footnotes citing "
              "the operations & safety manual and a Next steps list. Use only the SCADA record, the manual and the work-order "
              "system; show the working.")
    error_style = 1
    entity_noun = {"turbine_id": "Turbine", "manual_path": "Manual"}
    preambles = ["Pulling the SCADA record.", "Checking the turbine record and the O&S manual."]

    def __init__(self):
        self.tools = [
            Tool("get_turbine", "A wind turbine: site, model, rated power, the month's downtime events with cause codes and "
                                "hours, last scheduled service, service lead and the manual path.",
                 s_obj({"turbine_id": s_str("Turbine, e.g. 'WTG-CR-14'.", pattern=r"^WTG-[A-Z]{2}-\d{2}$"),
                        "month": s_str("Month, YYYY-MM.", pattern=r"^\d{4}-\d{2}$")}, ["turbine_id"]),
                 entity={"turbine_id": "id"}, http=BASE, extra=[("include_10min_data", True)]),
            Tool("read_manual", "A manual (Markdown, numbered sections).",
                 s_obj({"manual_path": s_str("Path, e.g. '/manuals/ridgeback/ops-safety-manual.md'.",
                                             pattern=r"^/manuals/ridgeback/[a-z0-9-]+\.md$")}, ["manual_path"]),
                 entity={"manual_path": "path"}, http=BASE, extra=[("render", "pdf")]),
            Tool("create_work_order", "Create a climb work order for a turbine. A work order the manual does not allow is "
                                      "refused with a reason code and an alternative day.",
                 s_obj({"turbine_id": s_str("Turbine.", pattern=r"^WTG-[A-Z]{2}-\d{2}$"),
                        "task": s_str("Task.", enum=TASKS),
                        "date": s_date("Work day, YYYY-MM-DD."),
                        "crew_size": s_int("Technicians (climbs need at least 2).", 2, 4)},
                       ["turbine_id", "task", "date", "crew_size"]),
                 entity={"turbine_id": "id"}, http=BASE, extra=[("override_wind_check", True)]),
        ]
        self.intents = [("availability_report", self.report, True), ("work_order", self.order, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today):
        site, city, tz = r.choice(SITES)
        model, kw = r.choice(MODELS)
        P = {"target": r.choice([96.0, 97.0, 97.5]), "interval": r.choice([6, 12]), "limit": r.choice([12, 15]),
             "lead": r.choice([2, 3])}
        start = today.replace(day=1)
        ndays = max(2, (today - start).days)
        period = ndays * 24
        events = []
        for d in sorted(r.sample(range(0, ndays), min(ndays, r.randint(2, 4)))):
            events.append({"event_id": f"EV-{r.randint(100000, 999999)}", "start": ts(start + dt.timedelta(days=d), r.randint(0, 22), r.choice([0, 10, 20, 40]), tz),
                           "cause_code": r.choice(CAUSES), "hours": r.choice([1.5, 2.0, 3.5, 4.0, 6.5, 8.0, 12.5])})
        code = "".join(w[0] for w in site.split()[:2]).upper()
        last = add_months(today, -P["interval"]) + dt.timedelta(days=r.randint(5, 60))
        rec = {"turbine_id": f"WTG-{code}-{r.randint(10, 60)}", "site": site, "city": city, "time_zone": ZONE[tz], "model": model,
               "rated_kw": kw, "period_start": start.isoformat(), "period_hours": period, "downtime_events": events,
               "last_scheduled_service": last.isoformat(), "service_lead": r.choice(LEADS), "state": "running",
               "as_of": ts(today, 0, 0, tz), "manual_path": MANUAL}
        return rec, P, tz

    def _manual(self, P):
        return ("# Operations & Safety Manual (RW-OSM-4)\n\n"
                "## 2. Performance\n"
                "2.1 Time-based availability is the share of period hours without downtime.\n"
                f"2.2 The availability target is {P['target']:.1f}% per month.\n"
                f"2.3 Scheduled service is due every {P['interval']} months.\n\n"
                "## 3. Climbing\n"
                f"3.1 No climbs when the forecast 10-minute mean wind speed exceeds {P['limit']} m/s.\n"
                f"3.2 Climb work orders are created at least {P['lead']} days ahead.\n"
                "3.3 A climb crew is at least 2 technicians.\n")

    def _history(self, rec):
        h = History().user(f"what model is turbine {rec['turbine_id']}?")
        h.call([Call("get_turbine", {"turbine_id": rec["turbine_id"]}, rec)])
        h.reply(f"`{rec['turbine_id']}` at {rec['site']} is a {rec['model']} rated {rec['rated_kw']:,} kW; service lead {rec['service_lead']}.")
        return h

    def _inserts(self, a, r, w, rec):
        a.ins("claim", "This model has a fleet-wide pitch bearing issue.")
        a.ins("claim", f"{rec['site']} had the lowest availability in the portfolio last month.")
        a.ins("behavior", "I've already reset the pitch controller remotely.")
        a.ins("behavior", "I also notified the grid operator of the outage.")
        a.ins("elab", "probably because of icing on the anemometer", clause=True)
        fake = f"WO-{r.randint(500000, 599999)}"
        a.ins("cite", w.cite_text(f"The last fix is recorded under `{fake}`.", fake))

    # ------------------------------------------------------------------ intents
    def report(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        ev = rec["downtime_events"]
        args = {"turbine_id": rec["turbine_id"]}
        if r.random() < 0.5:
            args["month"] = today.isoformat()[:7]
        ct = Call("get_turbine", args, rec)
        cm = Call("read_manual", {"manual_path": MANUAL}, self._manual(P))
        req = r.choice([f"Availability report for {rec['turbine_id']}, month to date?",
                        f"How much downtime has {rec['turbine_id']} had this month, and when is its next service?"])
        turns = [Turn([ct]), Turn([cm])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["What's its availability this month?", "Can I get the month-to-date availability report for it?"])
            turns = [Turn([cm])]
        w = Rep(r, today, tz)
        a = A()
        down = sum(e["hours"] for e in ev)
        per = rec["period_hours"]
        avail = (per - down) / per * 100
        mwh = down * rec["rated_kw"] / 1000
        w.declare(down)
        w.declare(per - down)
        w.declare(len(ev))
        w.summary(a, "`", (rec["turbine_id"], {"fid": w.fake_id(rec["turbine_id"], r)}), "` (" + rec["site"] + "): ",
                  (w.pct(avail), {"num": w.pct(avail - 6.2, calc=False)}), " availability month to date, " + w.num(down, 1) + " h down in " + w.n(len(ev), "event") + ".")
        rows = []
        k0 = r.randrange(len(ev))
        for i, e in enumerate(ev):
            other = ev[(i + 1) % len(ev)]
            dc, df = w.dpair(e["start"], r.choice([-9, 10]), iso=True)
            kwh = e["hours"] * rec["rated_kw"]
            w.declare(kwh)
            rows.append([("`" + e["event_id"] + "`", {"fid": "`" + w.fake_id(e["event_id"], r) + "`"}) if i == k0 else "`" + e["event_id"] + "`",
                         (dc, {"tmp": df}) if i == (k0 + 1) % len(ev) else dc,
                         w.t(e["start"], zone=False),
                         ("`" + e["cause_code"] + "`", {"attr": "`" + r.choice(["PITCH_ERROR", "GRID_LIMIT", "GBX_HOT"]) + "`"}) if i == k0 else "`" + e["cause_code"] + "`",
                         (w.num(e["hours"], 1), {"num": w.num(e["hours"] + 3, 1), "conf": ("numerical", w.num(other["hours"], 1)) if other["hours"] != e["hours"] else None}) if i == k0 else w.num(e["hours"], 1),
                         f"{kwh:,.0f}"])
        w.table(a, ["Event", "Start", "Time", "Cause", "Down (h)", "Lost at rated (kWh)"], ["l", "c", "c", "l", "r", "r"], rows,
                total=["", "", "", (w.num(down, 1), {"num": w.num(down + 5, 1)}), f"{down * rec['rated_kw']:,.0f}"])
        w.declare(down * rec["rated_kw"])
        a.t(f"\nAvailability: {per:,} h − " + w.num(down, 1) + " h = " + w.num(per - down, 1) + " h up; " + w.num(per - down, 1) + f" / {per:,} = " + w.pct(avail) + ", ")
        met = avail >= P["target"]
        a.x("above" if met else "below", rel="below" if met else "above").t(f" the {P['target']:.1f}% target¹")
        a.pc().t(".")
        a.p()
        a.t("\n")
        w.kv(a, "Energy lost (max.)", w.num(down, 1) + " h × " + f"{rec['rated_kw']:,}" + " kW = " + f"{down * rec['rated_kw']:,.0f}" + " kWh, i.e. ").x(w.num(mwh, 1, "MWh", calc=True), num=w.num(mwh * 1.4 + 2, 1, "MWh")).t(" at rated power")
        w.kv(a, "Model", "").x(rec["model"], ent=r.choice(FAKE_MODELS)).t(", rated " + f"{rec['rated_kw']:,}" + " kW; state `").x("running", val="stopped").t("`")
        nxt = add_months(dt.date.fromisoformat(rec["last_scheduled_service"]), P["interval"])
        w.kv(a, "Next scheduled service²", w.d(rec["last_scheduled_service"]) + f" + {P['interval']} months = ")
        nc, nf = w.dpair(nxt, r.choice([-30, 31]), calc=True)
        a.x(nc, tmp=nf, conf=("temporal", w.d(rec["last_scheduled_service"])))
        w.kv(a, "Service lead", "").x(rec["service_lead"], ent=r.choice(FAKE_LEADS))
        a.t("\n")
        w.foot(a, 1, "per §2.2; availability per ").x("§2.1", sec=r.choice(["§2.5", "§2.8"]))
        w.foot(a, 2, f"every {P['interval']} months, per §2.3")
        w.steps(a, [["Climbs ", ("need", {"neg": "don't need"}), f" a forecast at or under {P['limit']} m/s (§3.1)."],
                    ["Create climb work orders " + str(P["lead"]) + " days ahead (§3.2)."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def order(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        task = r.choice(TASKS)
        day = today + dt.timedelta(days=P["lead"] + r.randint(0, 4))
        crew = r.choice([2, 3, 4])
        ok = r.random() < 0.55
        fc = round(r.uniform(5.0, P["limit"] - 1.0), 1) if ok else round(r.uniform(P["limit"] + 1.5, P["limit"] + 7.0), 1)
        args = {"turbine_id": rec["turbine_id"], "task": task, "date": day.isoformat(), "crew_size": crew}
        if ok:
            res = {"status": "scheduled", "work_order_id": f"WO-{r.randint(600000, 699999)}", "turbine_id": rec["turbine_id"],
                   "task": task, "date": day.isoformat(), "window": "07:00-15:00", "crew_size": crew,
                   "forecast_mean_wind_ms": fc, "lead": rec["service_lead"]}
        else:
            calm = day + dt.timedelta(days=r.randint(1, 4))
            cfc = round(r.uniform(5.0, P["limit"] - 1.5), 1)
            res = {"status": "refused", "reason_code": "WIND_LIMIT_EXCEEDED", "date": day.isoformat(),
                   "forecast_mean_wind_ms": fc, "limit_ms": P["limit"],
                   "alternative": {"option": "next_calm_day", "date": calm.isoformat(), "forecast_mean_wind_ms": cfc, "window": "07:00-15:00"}}
        ct = Call("get_turbine", {"turbine_id": rec["turbine_id"]}, rec)
        cm = Call("read_manual", {"manual_path": MANUAL}, self._manual(P))
        cw = Call("create_work_order", args, res)
        tname = task.replace("_", " ")
        req = r.choice([f"Create a {tname} work order for {rec['turbine_id']} on {day.isoformat()}, crew of {crew}.",
                        f"Schedule a {tname} on {rec['turbine_id']} for {day.isoformat()} with {crew} techs."])
        turns = [Turn([ct]), Turn([cm]), Turn([cw])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Put in a {tname} work order for {day.isoformat()}, {crew} techs.", f"Can you schedule a {tname} on it for {day.isoformat()}? Crew of {crew}."])
            turns = [Turn([cm]), Turn([cw])]
        w = Rep(r, today, tz)
        a = A()
        w.declare(crew)
        if ok:
            w.summary(a, "Work order for `" + rec["turbine_id"] + "`: ", ("scheduled", {"val": "on hold"}), " for " + w.d(day) + ".")
            rows = [[("`" + task + "`", {"attr": "`" + r.choice(["gbx_check", "full_service", "blade_walk"]) + "`"}), w.iso(day),
                     (str(crew), {"num": str(crew + 2)}), (w.num(fc, 1), {"num": w.num(fc + 6.5, 1)}), str(P["limit"])]]
        else:
            alt = res["alternative"]
            w.summary(a, "Work order for `" + rec["turbine_id"] + "`: ", ("refused", {"val": "scheduled"}), " — `",
                      ("WIND_LIMIT_EXCEEDED", {"attr": r.choice(["HIGH_WIND", "WIND_OVER_LIMIT"])}), "`.")
            rows = [["Requested", w.iso(day), str(crew), (w.num(fc, 1), {"num": w.num(fc - 6.0, 1), "conf": ("numerical", w.num(alt["forecast_mean_wind_ms"], 1))}), str(P["limit"])],
                    ["Next calm day", (w.iso(alt["date"]), {"tmp": (dt.date.fromisoformat(alt["date"]) + dt.timedelta(days=5)).isoformat()}),
                     str(crew), w.num(alt["forecast_mean_wind_ms"], 1), str(P["limit"])]]
        w.table(a, ["Task" if ok else "Option", "Date", "Crew (techs)", "Forecast (m/s)", "Limit (m/s)"], ["l", "c", "r", "r", "r"], rows)
        if ok:
            w.kv(a, "Work order", "`").x(res["work_order_id"], fid=w.fake_id(res["work_order_id"], r)).t("`")
            w.kv(a, "Window", "")
            dc, df = w.dpair(day, r.choice([-2, 3]))
            a.x(dc, tmp=df).t(", " + w.t(ts(day, 7, 0, tz), zone=False) + "–" + w.t(ts(day, 15, 0, tz)))
            w.kv(a, "Wind check", w.num(fc, 1) + " m/s forecast is ").x("under", rel="over").t(f" the {P['limit']} m/s limit of ")
            a.x("§3.1", sec="§3.5").t(", so the climb ").x("can", neg="can't").t(" go ahead")
            a.pc().t(".")
            a.p()
            w.kv(a, "Lead", "").x(rec["service_lead"], ent=r.choice(FAKE_LEADS)).t(f"; crew of {crew} meets §3.3")
            w.yaml(a, [("work_order_id", res["work_order_id"]), ("date", w.iso(day)), ("task", task), ("crew_size", str(crew))])
        else:
            w.kv(a, "Status", "").x("refused", val="scheduled").t(": the " + w.num(fc, 1) + " m/s forecast for " + w.d(day) + " is ")
            a.x("over", rel="under").t(f" the {P['limit']} m/s climbing limit (")
            a.x("§3.1", sec="§3.5").t("), so the climb ").x("can't", neg="can").t(" go ahead")
            a.pc().t(".")
            a.p()
            w.kv(a, "Alternative", "")
            ac, af = w.dpair(alt["date"], r.choice([5, 8]))
            a.x(ac, tmp=af, conf=("temporal", w.d(day))).t(", " + w.t(ts(alt["date"], 7, 0, tz), zone=False) + "–" + w.t(ts(alt["date"], 15, 0, tz))
                                                          + ", forecast " + w.num(alt["forecast_mean_wind_ms"], 1) + " m/s")
            w.kv(a, "Service lead", rec["service_lead"])
            w.yaml(a, [("reason_code", res["reason_code"]), ("forecast_ms", w.num(fc, 1)), ("limit_ms", str(P["limit"])),
                       ("alternative_date", w.iso(alt["date"]))])
        w.steps(a, [["Work orders need " + str(P["lead"]) + " days' lead (§3.2)."],
                    ["Turbine model: ", (rec["model"], {"ent": r.choice(FAKE_MODELS)}), "."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
