"""water_quality (set n): an analyst assistant briefing a water utility's operations / compliance manager from the
AquaTrace sampling API — a month's sampling across a system's stations (compliance rate and its change in points against
the prior month, exceedances, the worst station, E. coli positives, lab spend and cost per sample, each station's share of
samples), one station's monthly history (MoM change of average turbidity, the peak month, the range, exceedances, the
chlorine residual trend), the month's results against the monitoring standard fetched by path (the 1.0 NTU single-sample
limit, the 95 % at or below 0.3 NTU rule, the 0.2 mg/L chlorine minimum, E. coli repeats and the monthly violation rule,
the reporting deadline) and a resample booking (a full lab day refused by design and the next available date taken)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_arr, s_bool, s_date, s_int, s_obj, s_str
from .nstyle import Brief, D, add_months, chg_pct, table, vet

BASE = "https://api.aquatrace.example/v1"
SYSTEMS = [("Northgate Water", "GBP"), ("Cedar Valley Utilities", "USD"), ("Eaux du Plateau", "EUR"),
           ("Millbrook Water Authority", "USD"), ("Severnside Water", "GBP")]
STATIONS = ["Northgate Reservoir Outlet", "Hillcrest Booster", "Mill Lane Tap", "Riverside Treatment Works",
            "Elm Park Standpipe", "Quarry Road Tank", "Harbour Street Hydrant", "Oakfield School Tap", "Westgate Service Reservoir"]
OTHER_STATIONS = ["Ashby Pumping Station", "Kingsway Hydrant", "Lowfield Tank"]
STD_PATHS = ["standards/drinking-water-monitoring.md", "standards/regulatory/monitoring-standard-2025.md"]


def standard_doc():
    return ("# Drinking water quality monitoring standard\n\n"
            "## 2. Turbidity\n"
            "2.1 No single sample may exceed 1.0 NTU.\n"
            "2.2 At least 95% of a station's samples each month must be at or below 0.3 NTU.\n\n"
            "## 3. Disinfection\n"
            "3.1 Free chlorine residual must be at least 0.2 mg/L in every distribution sample.\n"
            "3.2 Free chlorine must not exceed 4.0 mg/L.\n\n"
            "## 4. Microbiology\n"
            "4.1 Any E. coli positive sample requires a repeat sample within 24 hours.\n"
            "4.2 More than one E. coli positive sample in a month is a violation for the system.\n\n"
            "## 5. Reporting\n"
            "5.1 Monthly results are reported to the regulator by the 10th day of the following month.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["2.3", "3.3", "4.3", "5.2", "6.1", "1.4"] if s != real])


class WaterQuality(Scenario):
    name = "water_quality"
    agent = "water-compliance-analyst"
    service = "aquatrace-insights-agent"
    system = ("You are an analyst assistant for a water utility's operations and compliance managers, with access to "
              "the AquaTrace sampling API. Write executive briefings: a one-line headline, then KPIs and short "
              "paragraphs. Use only figures from the tools, show the working for derived figures, and book lab work only "
              "when asked.")
    error_style = 0
    entity_noun = {"system_id": "System", "station_id": "Station", "doc_path": "Document"}
    preambles = ["Pulling the sampling results.", "Let me check AquaTrace.", "Getting the lab data."]
    literal_ok = ["mg/L", "NTU", "E. coli", "MoM"]
    unit_keys = {"cost_per_sample": ("money", 1), "lab_cost": ("money", 1)}

    def __init__(self):
        stp = r"^ST-\d{3}$"
        self.tools = [
            Tool("get_monthly_results", "Sampling results of a water system for a month, per station: samples, samples "
                                        "within limits, turbidity (NTU), free chlorine (mg/L), E. coli positives and lab "
                                        "cost, with the prior month's totals and the monitoring-standard path.",
                 s_obj({"system_id": s_str("System ID, e.g. 'PWS-40213'.", pattern=r"^PWS-\d{5}$"),
                        "month": s_str("Month, YYYY-MM.", pattern=r"^\d{4}-\d{2}$"),
                        "include_raw": s_bool("Include individual sample records.")}, ["system_id", "month"]),
                 entity={"system_id": "id"}, http=BASE, extra=[("units", "metric")]),
            Tool("get_station_history", "One station's monthly averages and exceedances, most recent last.",
                 s_obj({"station_id": s_str("Station ID, e.g. 'ST-114'.", pattern=stp), "months": s_int("How many months.", 3, 24)},
                       ["station_id", "months"]),
                 entity={"station_id": "id"}, http=BASE, extra=[("include_raw", True)]),
            Tool("get_standard", "A monitoring standard (Markdown, numbered sections) by path.",
                 s_obj({"doc_path": s_str("Path, e.g. 'standards/drinking-water-monitoring.md'.", pattern=r"^standards/[a-z0-9/_-]+\.md$")},
                       ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("ref", "main")]),
            Tool("schedule_resample", "Book a resample at a station with the contracted lab. A date the lab cannot take "
                                      "is refused with the next available date.",
                 s_obj({"station_id": s_str("Station ID.", pattern=stp), "date": s_date("Sampling date, YYYY-MM-DD."),
                        "analytes": s_arr("What to test.", s_str("Analyte.", enum=["turbidity", "chlorine", "ecoli", "lead"]), 1, 4),
                        "priority": s_str("Priority.", enum=["routine", "urgent"])},
                       ["station_id", "date", "analytes"]),
                 entity={"station_id": "id"}, http=BASE, extra=[("notify_lab", True)]),
        ]
        self.intents = [("monthly_briefing", self.briefing, False), ("station_trend", self.trend, True),
                        ("standard_check", self.standard, True), ("resample_request", self.resample, True)]

    # ------------------------------------------------------------------ data
    def _station(self, r, nm, bad=False):
        n = r.randint(18, 70)
        tmax = round(r.uniform(1.05, 1.8), 2) if bad and r.random() < 0.6 else round(r.uniform(0.25, 0.95), 2)
        tavg = round(min(tmax - 0.05, r.uniform(0.08, 0.3) + (0.08 if bad else 0)), 2)
        le03 = n - (r.randint(2, 6) if bad else r.randint(0, 2))
        cmin = round(r.uniform(0.1, 0.19), 2) if bad and r.random() < 0.5 else round(r.uniform(0.22, 0.6), 2)
        ecoli = r.choice([0, 1, 1, 2]) if bad else r.choice([0] * 9 + [1])
        exc = (1 if tmax > 1.0 else 0) + (1 if cmin < 0.2 else 0) + ecoli
        cps = r.choice([38.0, 42.5, 46.0])
        return {"station_id": f"ST-{r.randint(100, 999)}", "name": nm, "samples": n, "samples_compliant": n - exc,
                "samples_turbidity_le_0_3": le03, "turbidity_ntu_avg": tavg, "turbidity_ntu_max": tmax,
                "chlorine_mg_l_avg": round(r.uniform(0.45, 1.3), 2), "chlorine_mg_l_min": cmin,
                "ecoli_positive_samples": ecoli, "cost_per_sample": cps, "lab_cost": round(n * cps, 2)}

    def _system(self, r, today, n=None):
        sname, cur = r.choice(SYSTEMS)
        sid = f"PWS-{r.randint(10000, 99999)}"
        y, m = add_months(today.year, today.month, -1)
        names = r.sample(STATIONS, n or r.randint(4, 6))
        bad = r.randrange(len(names))
        sts = [self._station(r, nm, bad=(i == bad)) for i, nm in enumerate(names)]
        ids = set()
        for s in sts:
            while s["station_id"] in ids:
                s["station_id"] = f"ST-{r.randint(100, 999)}"
            ids.add(s["station_id"])
        tot = sum(s["samples"] for s in sts)
        pm = {"month": f"{y if m > 1 else y - 1}-{(m - 1 if m > 1 else 12):02d}", "samples": int(tot * r.uniform(0.85, 1.15))}
        pm["samples_compliant"] = pm["samples"] - r.randint(0, 4)
        pm["lab_cost"] = round(pm["samples"] * 42.0, 2)
        end = dt.date(*add_months(y, m, 1), 1) - dt.timedelta(days=1)
        res = {"system_id": sid, "system_name": sname, "currency": cur, "month": f"{y}-{m:02d}", "stations": sts,
               "prior_month": pm, "standard_path": r.choice(STD_PATHS), "data_through": end.isoformat(),
               "as_of": today.isoformat()}
        return sid, res

    @staticmethod
    def _args(res, r):
        a = {"system_id": res["system_id"], "month": res["month"]}
        if r.random() < 0.3:
            a["include_raw"] = False
        return a

    # ------------------------------------------------------------------ intents
    def briefing(self, ctx):
        r, today = ctx.r, ctx.today
        sid, res = self._system(r, today)
        sts = res["stations"]
        pm = res["prior_month"]
        y, m = [int(x) for x in res["month"].split("-")]
        mname = dt.date(y, m, 1).strftime("%B %Y")
        req = r.choice([f"Can you give me the water-quality briefing for {res['system_name']} ({sid}), {mname}?",
                        f"How did {sid} do on sampling in {mname}?",
                        f"{sid}, {res['month']}: compliance headline and anything the board should know."])
        w = Brief(r, today, res["currency"])
        n = sum(s["samples"] for s in sts)
        c = sum(s["samples_compliant"] for s in sts)
        rate = c / n * 100
        prate = pm["samples_compliant"] / pm["samples"] * 100
        exc = n - c
        ec = sum(s["ecoli_positive_samples"] for s in sts)
        cost = sum(s["lab_cost"] for s in sts)
        worst = min(sts, key=lambda s: (s["samples_compliant"] / s["samples"], -s["turbidity_ntu_max"]))
        best = max(sts, key=lambda s: s["samples_compliant"] / s["samples"])
        busiest = max(sts, key=lambda s: s["samples"])
        a = A()
        pre, post = w.head()
        mon = w.mon(y, m)
        a.t(pre).x(w.pct(rate, 1, calc=True), num=w.pct(min(99.9, rate + 2.4) if rate < 99 else rate - 3, 1), conf=("numerical", w.pct(prate, 1, calc=True))).t(" of samples met every limit in ").x(mon, tmp=w.mon(y - 1, m)).t(", ")
        d = rate - prate
        if abs(round(d, 1)) >= 0.1:
            a.x(w.updown(d), rel=w.updown(-d)).t(" " + w.pts(abs(d), 1, calc=True) + " on the prior month")
        else:
            a.t("flat on the prior month")
        a.t("; ").x(worst["name"], ent=r.choice(OTHER_STATIONS), conf=("entity", best["name"])).t(" is the ").x("problem", val="best").t(" station." + post + "\n\n")
        a.t(w.li() + w.lbl("Samples")).x(w.n(n, calc=True), num=w.n(n + 24)).t(" across " + w.n(len(sts), calc=True) + " stations, " + w.n(exc, calc=True) + " with an exceedance")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("E. coli"))
        if ec:
            pos = [s for s in sts if s["ecoli_positive_samples"]]
            a.x(w.n(ec, calc=True) + (" positive sample" if ec == 1 else " positive samples"), num=w.n(ec + 2) + " positive samples")
            if len(pos) == 1:
                a.t((", both at " if ec == 2 else ", all at " if ec > 2 else " at ") + pos[0]["name"])
            else:
                a.t(" across " + w.n(len(pos), calc=True) + " stations")
        else:
            a.x("no positives", neg="two positives")
        w.pb(a)
        tmx = max(sts, key=lambda s: s["turbidity_ntu_max"])
        a.t("\n" + w.li() + w.lbl("Turbidity peak")).x(w.num(tmx["turbidity_ntu_max"], 2) + " NTU", num=w.num(tmx["turbidity_ntu_max"] + 0.35, 2) + " NTU").t(" at " + tmx["name"])
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Lab spend")).x(w.m(cost, calc=True), num=w.m(cost * 1.2)).t(", ").x(w.money(cost / n, 2, calc=True), num=w.money(cost / n + 4, 2)).t(" per sample, ")
        dc = chg_pct(pm["lab_cost"], cost)
        a.t(w.updown(dc) + " " + w.pct(abs(dc), 1, calc=True) + " MoM")
        w.pb(a)
        a.t("\n\n")
        wr = worst["samples_compliant"] / worst["samples"] * 100
        a.t(worst["name"] + " (").x(worst["station_id"], fid=w.fake_id(worst["station_id"], r)).t(") had ").x(w.n(worst["samples"] - worst["samples_compliant"], calc=True) + " exceedances", num=w.n(worst["samples"] - worst["samples_compliant"] + 3) + " exceedances")
        a.t(" out of " + w.n(worst["samples"]) + " samples (" + w.pct(wr, 1, calc=True) + " compliant)")
        a.pc().t(".")
        a.p()
        others = [s for s in sts if s is not worst and s["samples_compliant"] < s["samples"]]
        if not others:
            a.t(" Every other station ").x("was", neg="wasn't").t(" fully compliant.")
        else:
            a.t(" " + w.n(len(others), calc=True) + " other " + ("station" if len(others) == 1 else "stations") + " also had exceedances.")
        a.p()
        sh = busiest["samples"] / n * 100
        a.t(" " + busiest["name"] + " took the ").x("largest", rel="smallest").t(" share of sampling at ").x(w.pct(sh, 0, calc=True), num=w.pct(sh + 8, 0)).t(f" ({w.n(busiest['samples'])} {w.div} {w.n(n)}).")
        a.p()
        if r.random() < 0.5:
            a.t("\n\n")
            rows = []
            for s in sorted(sts, key=lambda s: s["samples_compliant"] / s["samples"]):
                rows.append([s["name"], w.n(s["samples"]), w.pct(s["samples_compliant"] / s["samples"] * 100, 1, calc=True),
                             w.num(s["turbidity_ntu_max"], 2), w.num(s["chlorine_mg_l_min"], 2)])
            table(a, ["Station", "Samples", "Compliant", "Max NTU", "Min Cl mg/L"], rows)
        a.t("\n\n(Compliance = ").x("`samples_compliant`", attr=r.choice(["`samples_passed`", "`compliant_count`"])).t(" " + w.div + " ").x("`samples`", attr=None).t(".)")
        a.pp()
        a.t("\n\n" + w.rec() + r.choice([f"prioritise {worst['name']} for a flushing and resampling round this week.",
                                          f"ask operations for a root-cause note on {worst['name']} before the regulator asks.",
                                          "keep the sampling frequency as is; the problem is concentrated in one station."]))
        w.closer(a, ["I can check these against the monitoring standard section by section."])
        a.ins("claim", "That's the system's best compliance month this year.")
        a.ins("claim", f"{worst['name']} had a main repair during the month.")
        a.ins("behavior", "I've already booked resamples at the failing stations.")
        a.ins("behavior", "I've notified the regulator of the exceedances.")
        a.ins("elab", "probably because of the heavy rainfall that week", clause=True)
        ref = f"INC-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"The exceedance is logged as incident {ref}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_monthly_results", self._args(res, r), res)])], a), w)

    def trend(self, ctx):
        r, today = ctx.r, ctx.today
        sid, res = self._system(r, today)
        st = r.choice(res["stations"])
        n = r.choice([6, 6, 9, 12])
        last = add_months(today.year, today.month, -1)
        months = [add_months(*last, -k) for k in range(n - 1, -1, -1)]
        t0, c0 = r.uniform(0.1, 0.3), r.uniform(0.45, 1.1)
        rows = []
        for y, m in months:
            rows.append({"month": f"{y}-{m:02d}", "samples": r.randint(18, 70),
                         "turbidity_ntu_avg": round(t0 * r.uniform(0.7, 1.45), 2), "chlorine_mg_l_avg": round(c0 * r.uniform(0.85, 1.15), 2),
                         "exceedances": r.choice([0, 0, 0, 1, 1, 2])})
        out = {"station_id": st["station_id"], "name": st["name"], "system_id": sid, "months": rows, "as_of": today.isoformat()}
        call = Call("get_station_history", {"station_id": st["station_id"], "months": n}, out)
        history = None
        if ctx.followup:
            history = History().user(f"Which stations does {sid} sample?")
            history.call([Call("get_monthly_results", self._args(res, r), res)])
            history.reply(", ".join(f"{x['name']} ({x['station_id']})" for x in res["stations"]) + ".")
            req = r.choice([f"How has {st['name']} been trending?", f"ok — show me the history for {st['name']}."])
        else:
            req = r.choice([f"Trend for station {st['station_id']} over the last {n} months?", f"How is {st['station_id']} ({st['name']}) trending on turbidity?"])
        w = Brief(r, today, "USD" if res["currency"] == "USD" else res["currency"])
        cur, prv = rows[-1], rows[-2]
        while cur["turbidity_ntu_avg"] == prv["turbidity_ntu_avg"]:
            cur["turbidity_ntu_avg"] = round(cur["turbidity_ntu_avg"] + 0.01, 2)
        d = chg_pct(prv["turbidity_ntu_avg"], cur["turbidity_ntu_avg"])
        pk = max(rows, key=lambda x: x["turbidity_ntu_avg"])
        lo = min(rows, key=lambda x: x["turbidity_ntu_avg"])
        avg = sum(x["turbidity_ntu_avg"] for x in rows) / n
        exc = sum(x["exceedances"] for x in rows)
        a = A()
        pre, post = w.head()
        a.t(pre).x(st["name"], ent=r.choice(OTHER_STATIONS)).t(": average turbidity ").x(w.updown(d), rel=w.updown(-d)).t(" ").x(w.pct(abs(d), 0, calc=True), num=w.pct(abs(d) + 15, 0)).t(" MoM to ")
        a.x(w.num(cur["turbidity_ntu_avg"], 2) + " NTU", num=w.num(cur["turbidity_ntu_avg"] + 0.12, 2) + " NTU", conf=("numerical", w.num(prv["turbidity_ntu_avg"], 2) + " NTU")).t(" in ")
        a.x(w.mon(cur["month"]), tmp=w.mon(int(cur["month"][:4]) - 1, int(cur["month"][5:]))).t("." + post + "\n\n")
        a.t(w.li() + w.lbl(f"{w.n(n, calc=True)}-month average") + w.num(avg, 2, calc=True) + " NTU, ranging " + w.rng(lo["turbidity_ntu_avg"], pk["turbidity_ntu_avg"], lambda v: w.num(v, 2)) + " NTU")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Highest month")).x(w.mon(pk["month"]), tmp=None, conf=("temporal", w.mon(lo["month"]))).t(" at " + w.num(pk["turbidity_ntu_avg"], 2) + " NTU")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Exceedances")).x(w.n(exc, calc=True) + " in total", num=w.n(exc + 3) + " in total")
        if exc:
            em = [x for x in rows if x["exceedances"]]
            a.t(", in " + w.n(len(em), calc=True) + " of the " + w.n(n) + " months")
        w.pb(a)
        dc = cur["chlorine_mg_l_avg"] - rows[0]["chlorine_mg_l_avg"]
        a.t("\n" + w.li() + w.lbl("Chlorine residual") + w.num(cur["chlorine_mg_l_avg"], 2) + " mg/L, ")
        a.x(w.updown(dc), rel=w.updown(-dc)).t(" from " + w.num(rows[0]["chlorine_mg_l_avg"], 2) + " mg/L in " + w.mon(rows[0]["month"]))
        w.pb(a)
        a.t("\n\n")
        above = cur["turbidity_ntu_avg"] > avg
        a.t("The latest month sits ").x("above" if above else "below", rel="below" if above else "above").t(" the period average")
        a.pc().t(".")
        a.p()
        a.t(" ").x("None" if not cur["exceedances"] else w.n(cur["exceedances"]), neg=None if cur["exceedances"] else "Two", num=w.n(cur["exceedances"] + 2) if cur["exceedances"] else None)
        a.t(" of its samples " + ("exceeded a limit." if cur["exceedances"] != 1 else "exceeded a limit."))
        a.p()
        if r.random() < 0.4:
            a.t("\n\n")
            tr = [[w.mon(x["month"]), w.n(x["samples"]), w.num(x["turbidity_ntu_avg"], 2), w.num(x["chlorine_mg_l_avg"], 2), w.n(x["exceedances"])] for x in rows[-4:]]
            table(a, ["Month", "Samples", "NTU avg", "Cl mg/L", "Exceedances"], tr)
        a.t("\n\n(Station ").x(st["station_id"], fid=w.fake_id(st["station_id"], r)).t("; turbidity is the monthly ").x("`turbidity_ntu_avg`", attr=r.choice(["`turbidity_ntu_p95`", "`ntu_median`"])).t(".)")
        a.pp()
        a.t("\n\n" + w.rec() + (r.choice(["schedule a flush and watch the next month; one step up isn't a trend yet.", "check the upstream works' filter runs for the same month."])
                                 if d > 0 else r.choice(["no action; the trend is moving the right way.", "keep the current flushing programme."])))
        w.closer(a, ["I can pull the same history for the other stations."])
        a.ins("claim", f"{st['name']} is the oldest station on the network.")
        a.ins("claim", "The filters at the treatment works were replaced this quarter.")
        a.ins("behavior", "I've scheduled a flushing run for next week.")
        a.ins("behavior", "I've asked the lab to add a turbidity check to the next visit.")
        a.ins("elab", "likely because of the seasonal rise in river turbidity", clause=True)
        ref = f"WO-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"The last maintenance on this station is work order {ref}.", ref))
        return vet(self, Plan(req, [Turn([call])], a, history.msgs if history else None), w)

    def standard(self, ctx):
        r, today = ctx.r, ctx.today
        sid, res = self._system(r, today)
        sts = res["stations"]
        gr = Call("get_monthly_results", self._args(res, r), res)
        gd = Call("get_standard", {"doc_path": res["standard_path"]}, standard_doc())
        y, m = [int(x) for x in res["month"].split("-")]
        history = None
        if ctx.followup:
            history = History().user(f"Pull {sid}'s sampling results for {res['month']}.")
            history.call([gr])
            history.reply(f"{sum(s['samples'] for s in sts):,} samples across {len(sts)} stations.")
            req = r.choice(["Are we compliant with the monitoring standard?", "ok — check those against the monitoring standard, please."])
            turns = [Turn([gd])]
        else:
            req = r.choice([f"Check {sid}'s {res['month']} results against the monitoring standard.",
                            f"Is {sid} compliant with the monitoring standard for {res['month']}?"])
            turns = [Turn([gr]), Turn([gd])]
        w = Brief(r, today, res["currency"])
        t_bad = [s for s in sts if s["turbidity_ntu_max"] > 1.0]
        r95 = {s["station_id"]: s["samples_turbidity_le_0_3"] / s["samples"] * 100 for s in sts}
        p_bad = [s for s in sts if r95[s["station_id"]] < 95]
        c_bad = [s for s in sts if s["chlorine_mg_l_min"] < 0.2]
        ec = sum(s["ecoli_positive_samples"] for s in sts)
        viol = ec > 1
        issues = len(t_bad) + len(p_bad) + len(c_bad) + (1 if ec else 0)
        due = dt.date(*add_months(y, m, 1), 10)
        a = A()
        pre, post = w.head()
        mon = w.mon(y, m)
        if issues:
            a.t(pre + "Not fully compliant in ").x(mon, tmp=w.mon(y - 1, m)).t(": ").x(w.n(len(set(s["station_id"] for s in t_bad + p_bad + c_bad + [s for s in sts if s["ecoli_positive_samples"]])), calc=True) + " of " + w.n(len(sts), calc=True) + " stations", num=None)
            nb = len(set(s["station_id"] for s in t_bad + p_bad + c_bad + [s for s in sts if s["ecoli_positive_samples"]]))
            a.t(" " + ("breaches" if nb == 1 else "breach") + " at least one rule" + (", and the E. coli count is a system violation" if viol else "") + "." + post + "\n\n")
        else:
            a.t(pre + "Fully compliant in ").x(mon, tmp=w.mon(y - 1, m)).t(": ").x("no station", neg="one station").t(" breaches the standard." + post + "\n\n")
        a.t(w.li() + w.b("Single-sample turbidity ≤ 1.0 NTU") + " (").x(w.sec("2.1"), sec=w.sec(fake_sec(r, "2.1"))).t("): ")
        if t_bad:
            s0 = max(t_bad, key=lambda s: s["turbidity_ntu_max"])
            oth = min(sts, key=lambda s: s["turbidity_ntu_max"])
            a.x(s0["name"], ent=r.choice(OTHER_STATIONS)).t(" peaked at ").x(w.num(s0["turbidity_ntu_max"], 2) + " NTU", num=w.num(s0["turbidity_ntu_max"] - 0.4, 2) + " NTU", conf=("numerical", w.num(oth["turbidity_ntu_max"], 2) + " NTU")).t(" — ").x("breach", val="pass")
            if len(t_bad) > 1:
                a.t(", one of " + w.n(len(t_bad), calc=True) + " stations over the limit")
        else:
            a.t("max was " + w.num(max(s["turbidity_ntu_max"] for s in sts), 2) + " NTU — ").x("pass", val="breach")
        w.pb(a)
        a.t("\n" + w.li() + w.b("95% of samples at or below 0.3 NTU") + " (").x(w.sec("2.2"), sec=w.sec(fake_sec(r, "2.2"))).t("): ")
        if p_bad:
            s1 = min(p_bad, key=lambda s: r95[s["station_id"]])
            a.x(w.n(len(p_bad), calc=True) + (" station misses" if len(p_bad) == 1 else " stations miss"), num=w.n(len(p_bad) + 1) + " stations miss").t("; lowest is " + s1["name"] + " at ")
            a.x(w.pct(r95[s1["station_id"]], 1, calc=True), num=w.pct(r95[s1["station_id"]] + 4, 1)).t(f" ({w.n(s1['samples_turbidity_le_0_3'])} {w.div} {w.n(s1['samples'])})")
        else:
            a.t("every station is at or above " + w.pct(95, 0) + " — ").x("pass", val="breach")
        w.pb(a)
        a.t("\n" + w.li() + w.b("Chlorine at least 0.2 mg/L") + " (").x(w.sec("3.1"), sec=w.sec(fake_sec(r, "3.1"))).t("): ")
        if c_bad:
            s2 = min(c_bad, key=lambda s: s["chlorine_mg_l_min"])
            a.x(s2["name"], ent=r.choice(OTHER_STATIONS)).t(" dropped to ").x(w.num(s2["chlorine_mg_l_min"], 2) + " mg/L", num=w.num(s2["chlorine_mg_l_min"] + 0.15, 2) + " mg/L").t(" — ").x("below", rel="above").t(" the minimum")
        else:
            lowc = min(sts, key=lambda s: s["chlorine_mg_l_min"])
            a.t("lowest reading " + w.num(lowc["chlorine_mg_l_min"], 2) + " mg/L at " + lowc["name"] + " — ").x("pass", val="breach")
        w.pb(a)
        a.t("\n" + w.li() + w.b("E. coli") + " (").x(w.sec("4.1"), sec=w.sec(fake_sec(r, "4.1"))).t(", ").x(w.sec("4.2"), sec=w.sec(fake_sec(r, "4.2"))).t("): ")
        if ec:
            a.x(w.n(ec, calc=True) + (" positive" if ec == 1 else " positives"), num=w.n(ec + 1) + " positives").t("; each needs a repeat sample within ").x(w.dur(24 * 3600, style="hours"), num=w.dur(48 * 3600, style="hours"))
            a.t(", and " + ("more than one in a month " if viol else "a single positive ")).x("is" if viol else "isn't", neg="isn't" if viol else "is").t(" a system violation")
        else:
            a.x("no positives", neg="one positive")
        w.pb(a)
        if r.random() < 0.5:
            a.t("\n\n(The 0.3 NTU share uses ").x("`samples_turbidity_le_0_3`", attr=r.choice(["`samples_below_0_3_ntu`", "`turbidity_pass_count`"])).t(" " + w.div + " ").x("`samples`", attr=None).t(" per station.)")
        a.t("\n\nThe month's report for system ").x(sid, fid=w.fake_id(sid, r)).t(" goes to the regulator by ").x(w.d(due, calc=True), tmp=w.d(due + dt.timedelta(days=5))).t(" (").x(w.sec("5.1"), sec=w.sec(fake_sec(r, "5.1"))).t(")")
        a.t("; " + ("that date has passed, so it should already be filed" if due < today else "that's " + w.n((due - today).days, calc=True) + " days away"))
        a.pc().t(".")
        a.p()
        a.pp()
        if issues:
            a.t("\n\n" + w.rec() + r.choice(["get the repeat samples and a short cause note into the report rather than filing the numbers bare.",
                                              "brief the compliance lead today; the breaches need to be explained in the filing."]))
        w.closer(a, ["I can book the resamples if you want."])
        a.ins("claim", "The regulator has flagged this system before.")
        a.ins("claim", "These limits are stricter than the national minimum.")
        a.ins("behavior", "I've already filed the monthly report with the regulator.")
        a.ins("behavior", "I've booked repeat samples at the failing stations.")
        a.ins("elab", "because the limits apply to each sample rather than the monthly average", clause=True)
        ref = f"REG-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The regulator's reference for this system is {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def resample(self, ctx):
        r, today = ctx.r, ctx.today
        sid, res = self._system(r, today)
        st = min(res["stations"], key=lambda s: s["samples_compliant"] / s["samples"])
        mode = r.choice(["full", "full", "direct"])
        want = today + dt.timedelta(days=r.randint(1, 3))
        analytes = r.choice([["turbidity"], ["turbidity", "chlorine"], ["ecoli"], ["ecoli", "chlorine"]])
        prio = r.choice(["routine", "urgent"])
        cps = st["cost_per_sample"]
        turns = []
        gr = Call("get_monthly_results", self._args(res, r), res)
        if mode == "full":
            nxt = want + dt.timedelta(days=r.randint(1, 4))
            refusal = {"ok": False, "reason_code": "LAB_CAPACITY_FULL", "message": f"The lab has no {prio} capacity on {want.isoformat()}.",
                       "requested_date": want.isoformat(), "next_available_date": nxt.isoformat(), "as_of": today.isoformat()}
            turns.append(Turn([Call("schedule_resample", {"station_id": st["station_id"], "date": want.isoformat(), "analytes": analytes, "priority": prio}, refusal)]))
            got = nxt
        else:
            got = want
        bid = "RS-" + r.upalnum(6)
        fee = cps * len(analytes) * (1.5 if prio == "urgent" else 1.0)
        okres = {"ok": True, "booking_id": bid, "station_id": st["station_id"], "date": got.isoformat(), "analytes": analytes,
                 "priority": prio, "cost_per_sample": cps, "estimated_cost": round(fee, 2),
                 "urgent_multiplier": 1.5 if prio == "urgent" else 1.0,
                 "results_expected": (got + dt.timedelta(days=2 if prio == "urgent" else 5)).isoformat(),
                 "status": "booked", "as_of": today.isoformat()}
        turns.append(Turn([Call("schedule_resample", {"station_id": st["station_id"], "date": got.isoformat(), "analytes": analytes, "priority": prio}, okres)]))
        an = " and ".join({"turbidity": "turbidity", "chlorine": "chlorine", "ecoli": "E. coli"}[x] for x in analytes)
        ask = f"book {'an' if prio == 'urgent' else 'a'} {prio} {an} resample at {st['name']} ({st['station_id']}) for {want.isoformat()}"
        history = None
        if ctx.followup:
            history = History().user(f"Which station was worst on {sid} last month?")
            history.call([gr])
            history.reply(f"{st['name']} ({st['station_id']}) had the lowest compliance.")
            req = r.choice([f"ok, please {ask}.", f"Can you {ask}?"])
        else:
            req = r.choice([f"Please {ask}. System {sid}.", f"{sid}: {ask}, please."])
            turns = [Turn([gr])] + turns
        w = Brief(r, today, res["currency"])
        a = A()
        pre, post = w.head()
        if mode == "full":
            a.t(pre + "Booked for ").x(w.d(got), tmp=w.d(got + dt.timedelta(days=7)), conf=("temporal", w.d(want))).t(" at ").x(st["name"], ent=r.choice(OTHER_STATIONS)).t(", not " + w.d(want) + " — the lab was full that day." + post + "\n\n")
            a.t(w.li() + w.lbl("Why") + "AquaTrace returned ").x("`LAB_CAPACITY_FULL`", attr=r.choice(["`NO_SLOTS`", "`LAB_UNAVAILABLE`"])).t(" and offered " + w.d(got) + " as the ")
            a.x("next", rel="last").t(" available date")
            w.pb(a)
            a.t("\n")
        else:
            a.t(pre + "Done: ").x(w.d(got), tmp=w.d(got + dt.timedelta(days=7))).t(" resample booked at ").x(st["name"], ent=r.choice(OTHER_STATIONS)).t("." + post + "\n\n")
        a.t(w.li() + w.lbl("Booking")).x(bid, fid=w.fake_id(bid, r)).t(", status ").x("booked", val="completed").t(", ").x(prio, val="routine" if prio == "urgent" else "urgent").t(" priority")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Tests") + an)
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Cost")).x(w.money(fee, 2, calc=True), num=w.money(fee * 1.5, 2))
        if prio == "urgent":
            a.t(f" ({w.n(len(analytes), calc=True)} × {w.money(cps, 2)} × 1.5), with the urgent uplift")
        else:
            a.t(f" ({w.n(len(analytes), calc=True)} × {w.money(cps, 2)})")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Results expected")).x(w.d(okres["results_expected"]), tmp=w.d(D(okres["results_expected"]) + dt.timedelta(days=3)))
        w.pb(a)
        a.t("\n\nFor context, " + st["name"] + " was the ").x("least", rel="most").t(" compliant station last month at ")
        a.x(w.pct(st["samples_compliant"] / st["samples"] * 100, 1, calc=True), num=w.pct(st["samples_compliant"] / st["samples"] * 100 + 3, 1)).t(f" ({w.n(st['samples_compliant'])} {w.div} {w.n(st['samples'])})")
        a.pc().t(".")
        a.p()
        if "ecoli" in analytes and st["ecoli_positive_samples"]:
            a.t(" It had " + w.n(st["ecoli_positive_samples"]) + " E. coli " + ("positive" if st["ecoli_positive_samples"] == 1 else "positives") + ", so the repeat ").x("matters", neg="doesn't matter").t(" for the compliance report.")
            a.p()
        if mode == "full" and "ecoli" in analytes:
            a.t("\n\n" + w.rec() + "if this is a repeat for an E. coli positive, check whether the later date still meets the repeat-sample deadline in the standard.")
        w.closer(a, ["I can add the booking to the compliance tracker."])
        a.ins("claim", "The lab usually returns urgent results the same day.")
        a.ins("claim", f"{st['name']} failed its last resample as well.")
        a.ins("behavior", "I've notified the field team to collect the sample.")
        a.ins("behavior", "I've also booked a resample at the next-worst station.")
        a.ins("elab", "since the lab prioritises regulatory repeats over routine work", clause=True)
        ref = f"LAB-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"The lab's job number is {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
