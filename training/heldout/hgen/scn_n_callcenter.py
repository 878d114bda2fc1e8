"""call_center (set n): an analyst assistant briefing a contact-centre operations manager from the QueueWise
workforce-management API — a centre's period (calls offered and the change against the prior period, service level
weighted by calls offered and its change in points, abandonment rate, handle time and speed of answer, the weakest queue,
the busiest queue's share of calls, a queue table), one queue's daily volume over one or two ISO weeks (WoW change, the
peak day, days under the service-level target, the daily range and average), the queues against the service standards
fetched by path (80 % in 30 seconds, abandonment below 5 %, handle-time targets, first-contact resolution) and an overtime
request (the weekly cap or the 48-hour notice refused by design and the capped or later booking taken, with its cost)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_arr, s_bool, s_date, s_int, s_obj, s_str
from .nstyle import Brief, D, chg_pct, iso_week, poss, table, vet, week_label

BASE = "https://api.queuewise.example/v2"
CENTERS = [("Leeds Customer Hub", "GBP"), ("Phoenix Service Center", "USD"), ("Dublin Contact Centre", "EUR"),
           ("Tampa Care Center", "USD"), ("Glasgow Support Centre", "GBP"), ("Rotterdam Klantenservice", "EUR")]
QUEUES = [("Billing", "BIL", 360), ("Tech Support", "TEC", 360), ("Sales", "SAL", 240), ("Retentions", "RET", 240),
          ("Claims", "CLM", 240), ("General Enquiries", "GEN", 240)]
OTHER_QUEUES = ["Collections", "Onboarding", "Priority Accounts"]
POLICY_PATHS = ["policies/service-standards.md", "policies/contact-centre/service-levels.md"]
RATE = {"USD": 28.0, "GBP": 19.5, "EUR": 22.0}
SYMS = {"USD": "$", "GBP": "£", "EUR": "€"}


def policy(cur):
    s = SYMS[cur]
    return ("# Contact centre service standards\n\n"
            "## 1. Service level\n"
            "1.1 Target: 80% of calls answered within 30 seconds, measured per queue per period.\n"
            "1.2 Abandonment must stay below 5% of calls offered.\n\n"
            "## 2. Handling\n"
            "2.1 Average handle time target: 6 minutes for Billing and Tech Support, 4 minutes for all other queues.\n"
            "2.2 First-contact resolution target: 75%.\n\n"
            "## 3. Staffing\n"
            f"3.1 Overtime is paid at 1.5x the base rate of {s}{RATE[cur]:.2f} per agent hour.\n"
            "3.2 Overtime requests need 48 hours' notice and are capped at 60 agent hours per queue per ISO week.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.3", "1.4", "2.3", "2.4", "3.3", "4.1"] if s != real])


class CallCenter(Scenario):
    name = "call_center"
    agent = "ops-briefing-analyst"
    service = "queuewise-insights-agent"
    system = ("You are an operations analyst assistant for contact-centre managers, with access to the QueueWise "
              "workforce-management API. Answer as a short executive briefing: a one-line headline first, then the "
              "KPIs. Only use figures from the tools, show the working for derived figures, and do not book overtime "
              "unless asked.")
    error_style = 1
    entity_noun = {"center_id": "Center", "queue_id": "Queue", "doc_path": "Document"}
    preambles = ["Pulling the queue stats.", "Let me check QueueWise.", "Getting the numbers first."]
    literal_ok = ["AHT", "ASA", "FCR", "CSAT", "SL", "WoW", "FTE"]
    unit_keys = {"target_sl_pct": ("pct", 1), "rate_per_hour": ("money", 1)}

    def __init__(self):
        qp = r"^Q-[A-Z]{3}-\d{2}$"
        self.tools = [
            Tool("get_queue_stats", "Per-queue contact statistics of a centre between two dates (calls offered, "
                                    "handled, abandoned, handle time, speed of answer, service level, FCR, CSAT), with "
                                    "the prior period's centre totals and the service-standards path.",
                 s_obj({"center_id": s_str("Centre ID, e.g. 'CC-LDS01'.", pattern=r"^CC-[A-Z]{3}\d{2}$"),
                        "start_date": s_date("First day, YYYY-MM-DD."), "end_date": s_date("Last day, YYYY-MM-DD."),
                        "queues": s_arr("Only these queue IDs.", s_str("Queue ID.", pattern=qp), 1, 12),
                        "include_prior": s_bool("Include the prior period of the same length.")},
                       ["center_id", "start_date", "end_date"]),
                 entity={"center_id": "id"}, http=BASE, extra=[("interval", "day")]),
            Tool("get_daily_volume", "One queue's daily offered / handled / abandoned calls, service level, handle time "
                                     "and scheduled agents.",
                 s_obj({"queue_id": s_str("Queue ID, e.g. 'Q-BIL-04'.", pattern=qp),
                        "start_date": s_date("First day."), "end_date": s_date("Last day."),
                        "max_days": s_int("At most this many days.", 1, 31)},
                       ["queue_id", "start_date", "end_date"]),
                 entity={"queue_id": "id"}, http=BASE, extra=[("timezone", "local")]),
            Tool("get_policy", "A policy document (Markdown, numbered sections) from the operations handbook by path.",
                 s_obj({"doc_path": s_str("Path, e.g. 'policies/service-standards.md'.", pattern=r"^policies/[a-z0-9/_-]+\.md$")},
                       ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("ref", "main")]),
            Tool("request_overtime", "Book overtime agent hours for a queue on a date. Requests outside the service "
                                     "standards are refused with the closest allowed option.",
                 s_obj({"queue_id": s_str("Queue ID.", pattern=qp), "date": s_date("Day of the overtime."),
                        "agent_hours": s_int("Agent hours to book.", 1, 200),
                        "shift": s_str("Part of the day.", enum=["early", "day", "late"]),
                        "reason": s_str("Why it is needed.", max_len=200)},
                       ["queue_id", "date", "agent_hours"]),
                 entity={"queue_id": "id"}, http=BASE, extra=[("approver", "auto")]),
        ]
        self.intents = [("center_briefing", self.briefing, False), ("queue_daily", self.daily, True),
                        ("standards_check", self.standards, True), ("overtime_request", self.overtime, True)]

    # ------------------------------------------------------------------ data
    def _queue(self, r, qname, code, days, weak=False):
        offered = int(r.uniform(120, 900) * days)
        sl = round(r.uniform(62, 78) if weak else r.uniform(76, 93), 1)
        ab_rate = (r.uniform(5.5, 11) if weak else r.uniform(1.5, 6)) / 100
        abandoned = int(offered * ab_rate)
        target = dict((q, t) for q, _, t in QUEUES)[qname]
        return {"queue_id": f"Q-{code}-{r.randint(1, 9):02d}", "name": qname, "calls_offered": offered,
                "calls_handled": offered - abandoned, "abandoned": abandoned,
                "aht_sec": int(target * r.uniform(0.85, 1.3)), "asa_sec": int(r.uniform(35, 95) if weak else r.uniform(12, 40)),
                "service_level_pct": sl, "fcr_pct": round(r.uniform(64, 86), 1), "csat_pct": round(r.uniform(72, 92), 1),
                "agents_fte": round(offered / days / r.uniform(38, 60), 1),
                "staffing_status": "understaffed" if weak else r.choice(["balanced", "balanced", "overstaffed"])}

    def _center(self, r, today, n=None):
        name, cur = r.choice(CENTERS)
        cid = "CC-" + name[:3].upper() + f"{r.randint(1, 9):02d}"
        end = today - dt.timedelta(days=1)
        span = r.choice([7, 14, 28])
        start = end - dt.timedelta(days=span - 1)
        qs = r.sample(QUEUES, n or r.randint(4, 6))
        weak = r.randrange(len(qs))
        queues = [self._queue(r, qn, code, span, weak=(i == weak)) for i, (qn, code, _) in enumerate(qs)]
        off = sum(q["calls_offered"] for q in queues)
        sl = sum(q["service_level_pct"] * q["calls_offered"] for q in queues) / off
        prior = {"start": (start - dt.timedelta(days=span)).isoformat(), "end": (start - dt.timedelta(days=1)).isoformat(),
                 "calls_offered": int(off * r.uniform(0.82, 1.12)), "service_level_pct": round(sl + r.uniform(-6, 6), 1),
                 "abandoned": 0, "aht_sec": 0}
        prior["abandoned"] = int(prior["calls_offered"] * r.uniform(0.02, 0.07))
        prior["aht_sec"] = int(sum(q["aht_sec"] * q["calls_handled"] for q in queues) / sum(q["calls_handled"] for q in queues) * r.uniform(0.92, 1.08))
        res = {"center_id": cid, "center_name": name, "currency": cur, "period": {"start": start.isoformat(), "end": end.isoformat()},
               "target_sl_pct": 80, "target_answer_sec": 30, "queues": queues, "prior_period": prior,
               "policy_path": r.choice(POLICY_PATHS), "data_through": end.isoformat(), "as_of": today.isoformat()}
        return cid, res

    @staticmethod
    def _args(res, r):
        args = {"center_id": res["center_id"], "start_date": res["period"]["start"], "end_date": res["period"]["end"]}
        if r.random() < 0.5:
            args["include_prior"] = True
        return args

    @staticmethod
    def _tot(queues):
        off = sum(q["calls_offered"] for q in queues)
        hd = sum(q["calls_handled"] for q in queues)
        ab = sum(q["abandoned"] for q in queues)
        sl = sum(q["service_level_pct"] * q["calls_offered"] for q in queues) / off
        aht = sum(q["aht_sec"] * q["calls_handled"] for q in queues) / hd
        asa = sum(q["asa_sec"] * q["calls_handled"] for q in queues) / hd
        return off, hd, ab, sl, aht, asa

    # ------------------------------------------------------------------ intents
    def briefing(self, ctx):
        r, today = ctx.r, ctx.today
        cid, res = self._center(r, today)
        qs = res["queues"]
        pr = res["prior_period"]
        start, end = D(res["period"]["start"]), D(res["period"]["end"])
        req = r.choice([f"Give me a briefing on {res['center_name']} ({cid}) for {start.isoformat()} to {end.isoformat()}.",
                        f"How did {cid} do from {start.isoformat()} to {end.isoformat()}? I need it for the ops review.",
                        f"Headline numbers for {cid}, {start.isoformat()}–{end.isoformat()}, vs the prior period please."])
        w = Brief(r, today, res["currency"])
        off, hd, ab, sl, aht, asa = self._tot(qs)
        d_off = chg_pct(pr["calls_offered"], off)
        d_sl = sl - pr["service_level_pct"]
        abr = ab / off * 100
        abr_p = pr["abandoned"] / pr["calls_offered"] * 100
        weakest = min(qs, key=lambda q: q["service_level_pct"])
        strongest = max(qs, key=lambda q: q["service_level_pct"])
        busiest = max(qs, key=lambda q: q["calls_offered"])
        a = A()
        pre, post = w.head()
        a.t(pre + "Service level ").x("slipped" if d_sl < 0 else "improved", rel="improved" if d_sl < 0 else "slipped").t(" to ")
        a.x(w.pct(sl, 1, calc=True), num=w.pct(sl + 4.2, 1), conf=("numerical", w.pct(pr["service_level_pct"], 1))).t(" (")
        a.x(w.pts(d_sl, 1, calc=True, sign=True), num=w.pts(d_sl + (2.5 if d_sl >= 0 else -2.5), 1, sign=True)).t(" vs the prior period) on ")
        a.x(w.k(off, calc=True) + " calls", num=w.k(off * 1.15) + " calls").t("; ").x(weakest["name"], ent=r.choice(OTHER_QUEUES), conf=("entity", strongest["name"])).t(" is the ")
        a.x("weakest", rel="strongest").t(" queue.")
        a.t(post + "\n\n")
        if r.random() < 0.5:
            a.t(r.choice(["Period: ", "Covers "])).x(w.d(start), tmp=w.d(start + dt.timedelta(days=2))).t(" to " + w.d(end) + ", compared with the " + w.n((end - start).days + 1, calc=True) + " days before.\n\n")
        a.t(w.li() + w.lbl("Volume") + w.k(off) + " offered, ").x(w.updown(d_off), rel=w.updown(-d_off)).t(" ")
        a.x(w.pct(abs(d_off), 1, calc=True), num=w.pct(abs(d_off) + 6, 1)).t(" on the prior period (" + w.k(pr["calls_offered"]) + ")")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Service level") + w.pct(sl, 1) + " weighted by calls offered, vs the ")
        a.x(w.pct(80, 0), num=w.pct(85, 0)).t(" target — ")
        a.x("below" if sl < 80 else "above", rel="above" if sl < 80 else "below").t(" it by " + w.pts(abs(sl - 80), 1, calc=True))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Abandonment")).x(w.pct(abr, 1, calc=True), num=w.pct(abr + 2.1, 1)).t(f" ({w.n(ab, calc=True)} {w.div} {w.k(off)})")
        a.t(", " + w.updown(abr - abr_p) + " from " + w.pct(abr_p, 1, calc=True))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Handle time") + "AHT ").x(w.dur(aht, calc=True), num=w.dur(aht + 45)).t(", ASA ").x(w.dur(asa, calc=True), num=w.dur(asa + 20))
        w.pb(a)
        a.t("\n\n")
        share = busiest["calls_offered"] / off * 100
        a.t(busiest["name"] + " carried the most volume at ").x(w.pct(share, 0, calc=True) + " of calls", num=w.pct(share + 8, 0) + " of calls")
        a.t(f" ({w.k(busiest['calls_offered'])} {w.div} {w.k(off)}).")
        a.p()
        if busiest is weakest:
            a.t(" It is also the weakest queue (").x(weakest["queue_id"], fid=w.fake_id(weakest["queue_id"], r)).t("): only ")
        else:
            a.t(" " + weakest["name"] + " (").x(weakest["queue_id"], fid=w.fake_id(weakest["queue_id"], r)).t(") answered only ")
        a.x(w.pct(weakest["service_level_pct"], 1), num=w.pct(weakest["service_level_pct"] + 5, 1)).t(" answered within " if busiest is weakest else " within ").x(w.dur(30), num=w.dur(60)).t(", with ASA at ")
        a.x(w.dur(weakest["asa_sec"]), num=w.dur(weakest["asa_sec"] * 0.6)).t(" and ")
        wab = weakest["abandoned"] / weakest["calls_offered"] * 100
        a.t(w.pct(wab, 1, calc=True) + " abandoned")
        a.pc().t(".")
        a.p()
        a.t(" QueueWise has it marked ").x(weakest["staffing_status"], val="balanced" if weakest["staffing_status"] != "balanced" else "overstaffed").t(".")
        a.p()
        under = [q for q in qs if q["service_level_pct"] < 80]
        if len(under) > 1:
            a.t(" ").x(w.n(len(under), calc=True) + " of " + w.n(len(qs), calc=True) + " queues", num=w.n(len(under) + 1) + " of " + w.n(len(qs)) + " queues").t(" missed the ")
            a.t(w.pct(80, 0) + " target.")
        else:
            a.t(" It was the ").x("only", neg="not the only").t(" queue under " + w.pct(80, 0) + ".")
        a.p()
        if r.random() < 0.5:
            a.t("\n\n")
            rows = []
            for q in sorted(qs, key=lambda q: -q["calls_offered"]):
                rows.append([q["name"], w.k(q["calls_offered"]), (w.pct(q["service_level_pct"], 1), {}),
                             w.pct(q["abandoned"] / q["calls_offered"] * 100, 1, calc=True), w.dur(q["aht_sec"])])
            table(a, ["Queue", "Offered", "SL", "Abandon", "AHT"], rows)
            a.t("\n\n(SL is the ").x("`service_level_pct`", attr=r.choice(["`sl_30s_pct`", "`answered_in_sla_pct`"])).t(" field: share of calls answered within " + w.dur(30) + ".)")
        a.pp()
        a.t("\n\n" + w.rec() + r.choice([f"move a few agents from {strongest['name']} to {weakest['name']} in the peak hours before asking for overtime.",
                                          f"review {poss(weakest['name'])} schedule against its intraday volume this week.",
                                          f"focus on {weakest['name']} first; it drags the centre's service level down most."]))
        w.closer(a, ["I can break this down by day if useful."])
        a.ins("claim", "That's the lowest service level the centre has had this year.")
        a.ins("claim", f"{weakest['name']} lost two experienced agents last month.")
        a.ins("behavior", f"I've asked the {weakest['name']} team lead for a recovery plan.")
        a.ins("behavior", "I've booked extra agent hours for next week to cover the gap.")
        a.ins("elab", "mainly because of the outage on the customer portal", clause=True)
        ref = f"OPS-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The staffing gap is already tracked in {ref}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_queue_stats", self._args(res, r), res)])], a), w)

    def _days(self, r, q, start, n):
        rows = []
        base = q["calls_offered"] / n
        for k in range(n):
            d = start + dt.timedelta(days=k)
            wkend = d.weekday() >= 5
            off = int(base * (r.uniform(0.35, 0.6) if wkend else r.uniform(0.85, 1.3)))
            ab = int(off * r.uniform(0.015, 0.09))
            sl = round(min(97.0, max(55.0, q["service_level_pct"] + r.uniform(-9, 8) + (6 if wkend else 0))), 1)
            rows.append({"date": d.isoformat(), "offered": off, "handled": off - ab, "abandoned": ab,
                         "service_level_pct": sl, "aht_sec": int(q["aht_sec"] * r.uniform(0.9, 1.1)),
                         "agents_scheduled": max(3, int(off / r.uniform(38, 55)))})
        return rows

    def daily(self, ctx):
        r, today = ctx.r, ctx.today
        cid, res = self._center(r, today)
        q = r.choice(res["queues"])
        # the last two full ISO weeks (Mon-Sun), or the last 7-10 days
        last_sun = today - dt.timedelta(days=today.weekday() + 1)
        two = r.random() < 0.6
        if two:
            start = last_sun - dt.timedelta(days=13)
            n = 14
        else:
            n = r.randint(7, 10)
            start = today - dt.timedelta(days=n)
        days = self._days(r, q, start, n)
        end = start + dt.timedelta(days=n - 1)
        out = {"queue_id": q["queue_id"], "name": q["name"], "center_id": cid, "target_sl_pct": 80, "max_abandon_pct": 5,
               "staffing_status": q["staffing_status"],
               "days": days, "as_of": today.isoformat()}
        call = Call("get_daily_volume", {"queue_id": q["queue_id"], "start_date": start.isoformat(), "end_date": end.isoformat()}, out)
        history = None
        if ctx.followup:
            history = History().user(f"Which queues does {cid} have?")
            history.call([Call("get_queue_stats", self._args(res, r), res)])
            history.reply(", ".join(f"{x['name']} ({x['queue_id']})" for x in res["queues"]) + ".")
            req = r.choice([f"How has {q['name']} been doing day by day?", f"ok — show me the daily picture for {q['name']}."])
        else:
            req = r.choice([f"Daily volume for {q['queue_id']} from {start.isoformat()} to {end.isoformat()}, please — anything I should worry about?",
                            f"How did queue {q['queue_id']} run between {start.isoformat()} and {end.isoformat()}?"])
        w = Brief(r, today, res["currency"])
        a = A()
        pre, post = w.head()
        off = sum(x["offered"] for x in days)
        under = [x for x in days if x["service_level_pct"] < 80]
        peak = max(days, key=lambda x: x["offered"])
        low = min(days, key=lambda x: x["offered"])
        worst = min(days, key=lambda x: x["service_level_pct"])
        if two:
            w1, w2 = days[:7], days[7:]
            o1, o2 = sum(x["offered"] for x in w1), sum(x["offered"] for x in w2)
            s1 = sum(x["service_level_pct"] * x["offered"] for x in w1) / o1
            s2 = sum(x["service_level_pct"] * x["offered"] for x in w2) / o2
            wk1, wk2 = w.wk(week_label(start), calc=True), w.wk(week_label(start + dt.timedelta(days=7)), calc=True)
            d_o = chg_pct(o1, o2)
            a.t(pre).x(q["name"], ent=r.choice(OTHER_QUEUES)).t(": volume ").x(w.updown(d_o), rel=w.updown(-d_o)).t(" ").x(w.pct(abs(d_o), 1, calc=True), num=w.pct(abs(d_o) + 8, 1)).t(" WoW in ")
            a.x(wk2, tmp=w.wk(int(wk2[1:]) + 2)).t(", and service level ")
            a.x("fell" if s2 < s1 else "rose", rel="rose" if s2 < s1 else "fell").t(" " + w.pts(abs(s2 - s1), 1, calc=True) + " to ").x(w.pct(s2, 1, calc=True), num=w.pct(s2 + 3.5, 1), conf=("numerical", w.pct(s1, 1, calc=True))).t("." + post + "\n\n")
            a.t(w.li() + w.lbl(wk1) + w.n(o1, calc=True) + " calls offered, SL " + w.pct(s1, 1))
            w.pb(a)
            a.t("\n" + w.li() + w.lbl(wk2)).x(w.n(o2, calc=True), num=w.n(o2 * 1.12)).t(" calls offered, SL " + w.pct(s2, 1))
            w.pb(a)
            a.t("\n")
        else:
            sl = sum(x["service_level_pct"] * x["offered"] for x in days) / off
            a.t(pre).x(q["name"], ent=r.choice(OTHER_QUEUES)).t(" handled ").x(w.k(off, calc=True) + " calls", num=w.k(off * 1.2) + " calls").t(" over " + w.n(n) + " days at a ")
            a.x(w.pct(sl, 1, calc=True), num=w.pct(sl + 4, 1)).t(" service level, ").x("below" if sl < 80 else "above", rel="above" if sl < 80 else "below").t(" the " + w.pct(80, 0) + " target." + post + "\n\n")
        avg = off / n
        w.n(n, calc=True)
        w.n(off, calc=True)
        a.t(w.li() + w.lbl("Daily volume") + "averaged ").x(w.n(avg, calc=True), num=w.n(avg * 1.15)).t(", ranging " + w.rng(low["offered"], peak["offered"], w.n))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Peak day")).x(w.d(peak["date"]), tmp=w.d(D(peak["date"]) - dt.timedelta(days=7)), conf=("temporal", w.d(low["date"]))).t(" with ").x(w.n(peak["offered"]), num=w.n(peak["offered"] * 1.2)).t(" calls")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Below target"))
        if under:
            a.x(w.n(len(under), calc=True) + " of " + w.n(n) + " days", num=w.n(len(under) + 2) + " of " + w.n(n) + " days").t(", worst on " + w.d(worst["date"]) + " at ")
            a.x(w.pct(worst["service_level_pct"], 1), num=w.pct(worst["service_level_pct"] - 6, 1)).t("")
        else:
            a.x("none", neg="two").t(" of the " + w.n(n) + " days")
        w.pb(a)
        wk = [x for x in days if D(x["date"]).weekday() >= 5]
        if wk:
            wd = [x for x in days if D(x["date"]).weekday() < 5]
            r_we = (sum(x["offered"] for x in wk) / len(wk)) / (sum(x["offered"] for x in wd) / len(wd))
            vb = w.verbal(r_we)
            a.t("\n\nWeekends are quiet: ")
            a.t("about " + w.pct(r_we * 100, 0, calc=True) if not vb else vb).t(" of a weekday's volume on average")
            a.pc().t(".")
            a.p()
        ab = sum(x["abandoned"] for x in days)
        abr = ab / off * 100
        adec = 2 if round(abr, 1) == 5.0 else 1
        a.t(" Abandonment ran at ").x(w.pct(abr, adec, calc=True), num=w.pct(abr + 1.8, 1)).t(f" ({w.n(ab, calc=True)} {w.div} {w.n(off)}), ")
        a.x("under" if abr < 5 else "over", rel="over" if abr < 5 else "under").t(" the " + w.pct(5, 0) + " ceiling.")
        a.p()
        a.t(" Queue ").x(q["queue_id"], fid=w.fake_id(q["queue_id"], r)).t(" is currently marked ").x(q["staffing_status"], val="balanced" if q["staffing_status"] != "balanced" else "understaffed").t(" in QueueWise.")
        a.p()
        if r.random() < 0.4:
            a.t("\n\n")
            rows = []
            for x in days[-7:]:
                rows.append([w.d(x["date"]), w.n(x["offered"]), w.pct(x["service_level_pct"], 1), w.n(x["agents_scheduled"])])
            table(a, ["Day", "Offered", "SL", "Agents"], rows)
            a.t("\n\n(Agents = ").x("`agents_scheduled`", attr=r.choice(["`agents_logged_in`", "`fte_rostered`"])).t(", not logged-in headcount.)")
        a.pp()
        a.t("\n\n" + w.rec() + r.choice(["shift one or two agents into the peak days rather than adding overtime across the week.",
                                          "watch the Monday peaks; that's where service level breaks first.",
                                          "hold staffing as is for now and re-check after next week."]))
        w.closer(a, ["Want the same view for another queue?"])
        a.ins("claim", f"{q['name']} had a system outage during the peak day.")
        a.ins("claim", "Volumes like this are typical for the week after a billing run.")
        a.ins("behavior", "I've added two agents to the roster for next Monday.")
        a.ins("behavior", f"I've notified the {q['name']} team lead about the dip.")
        a.ins("elab", "likely because of the marketing email that went out that week", clause=True)
        ref = f"WFM-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"The forecast for this queue is in WFM plan {ref}.", ref))
        return vet(self, Plan(req, [Turn([call])], a, history.msgs if history else None), w)

    def standards(self, ctx):
        r, today = ctx.r, ctx.today
        cid, res = self._center(r, today)
        qs = res["queues"]
        path = res["policy_path"]
        gp = Call("get_policy", {"doc_path": path}, policy(res["currency"]))
        gq = Call("get_queue_stats", self._args(res, r), res)
        start, end = D(res["period"]["start"]), D(res["period"]["end"])
        history = None
        if ctx.followup:
            history = History().user(f"How did {cid} do from {start.isoformat()} to {end.isoformat()}?")
            history.call([gq])
            history.reply(f"{sum(q['calls_offered'] for q in qs):,} calls offered across {len(qs)} queues.")
            req = r.choice(["Which queues are meeting our service standards?", "ok, and how do the queues stack up against the service standards doc?"])
            turns = [Turn([gp])]
        else:
            req = r.choice([f"Check {cid} against our service standards for {start.isoformat()} to {end.isoformat()}.",
                            f"For {cid} ({start.isoformat()}–{end.isoformat()}), which queues meet the service standards?"])
            turns = [Turn([gq]), Turn([gp])]
        w = Brief(r, today, res["currency"])
        tgt = {qn: t for qn, _, t in QUEUES}
        ok_sl = [q for q in qs if q["service_level_pct"] >= 80]
        ok_ab = [q for q in qs if q["abandoned"] / q["calls_offered"] * 100 < 5]
        ok_aht = [q for q in qs if q["aht_sec"] <= tgt[q["name"]]]
        full = [q for q in qs if q in ok_sl and q in ok_ab and q in ok_aht]
        a = A()
        pre, post = w.head()
        if full:
            a.t(pre).x(w.n(len(full), calc=True) + " of " + w.n(len(qs), calc=True) + " queues", num=w.n(len(full) + 1) + " of " + w.n(len(qs)) + " queues")
            a.t(" " + ("meets" if len(full) == 1 else "meet") + " all three standards (service level, abandonment, handle time)." + post + "\n\n")
        else:
            a.t(pre).x("No queue", neg="One queue").t(" meets all three standards (service level, abandonment, handle time) this period." + post + "\n\n")
        a.t("Period: ").x(w.d(start), tmp=w.d(start - dt.timedelta(days=14))).t(" to ").x(w.d(end), tmp=w.d(end + dt.timedelta(days=7))).t(".\n\n")
        a.t(w.li() + w.lbl("Service level") + "target " + w.pct(80, 0) + " within " + w.dur(30) + " (").x(w.sec("1.1"), sec=w.sec(fake_sec(r, "1.1"))).t("): ")
        a.x(w.n(len(ok_sl), calc=True), num=w.n(len(ok_sl) + 1) if len(ok_sl) < len(qs) else w.n(len(ok_sl) - 1)).t(" of " + w.n(len(qs)) + " queues pass")
        miss = sorted([q for q in qs if q not in ok_sl], key=lambda q: q["service_level_pct"])
        if miss:
            m0 = miss[0]
            a.t("; ").x(m0["name"], ent=r.choice(OTHER_QUEUES)).t(" (").x(m0["queue_id"], fid=w.fake_id(m0["queue_id"], r)).t(") " + ("is the one miss at " if len(miss) == 1 else "is furthest off at "))
            oth = max(qs, key=lambda q: q["service_level_pct"])
            a.x(w.pct(m0["service_level_pct"], 1), num=w.pct(m0["service_level_pct"] + 3, 1), conf=("numerical", w.pct(oth["service_level_pct"], 1)))
            a.t(" (").x(w.pts(80 - m0["service_level_pct"], 1, calc=True), num=w.pts(80 - m0["service_level_pct"] + 2, 1)).t(" short)")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Abandonment") + "below " + w.pct(5, 0) + " (").x(w.sec("1.2"), sec=w.sec(fake_sec(r, "1.2"))).t("): ")
        a.x(w.n(len(ok_ab), calc=True), num=w.n(len(ok_ab) + 1) if len(ok_ab) < len(qs) else w.n(len(ok_ab) - 1)).t(" of " + w.n(len(qs)) + " pass")
        bad_ab = sorted([q for q in qs if q not in ok_ab], key=lambda q: -q["abandoned"] / q["calls_offered"])
        if bad_ab:
            b0 = bad_ab[0]
            br = b0["abandoned"] / b0["calls_offered"] * 100
            a.t("; worst is " + b0["name"] + " at ").x(w.pct(br, 1, calc=True), num=w.pct(br - 2, 1)).t(f" ({w.n(b0['abandoned'])} {w.div} {w.n(b0['calls_offered'])})")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Handle time") + w.dur(360) + " for Billing and Tech Support, " + w.dur(240) + " elsewhere (").x(w.sec("2.1"), sec=w.sec(fake_sec(r, "2.1"))).t("): ")
        a.x(w.n(len(ok_aht), calc=True), num=w.n(len(ok_aht) + 1) if len(ok_aht) < len(qs) else w.n(len(ok_aht) - 1)).t(" of " + w.n(len(qs)) + " pass")
        bad_aht = sorted([q for q in qs if q not in ok_aht], key=lambda q: -(q["aht_sec"] - tgt[q["name"]]))
        if bad_aht:
            h0 = bad_aht[0]
            over = h0["aht_sec"] - tgt[h0["name"]]
            a.t("; " + h0["name"] + " runs ").x(w.dur(h0["aht_sec"]), num=w.dur(h0["aht_sec"] + 40)).t(", ")
            a.x(w.dur(over, calc=True, style="sec"), num=w.dur(over + 25, style="sec")).t(" ").x("over", rel="under").t(" target")
        w.pb(a)
        if miss:
            a.t("\n\nThe WFM status agrees: " + miss[0]["name"] + " is flagged ").x(miss[0]["staffing_status"], val="balanced" if miss[0]["staffing_status"] != "balanced" else "overstaffed").t(" for the period")
            a.pc().t(".")
            a.p()
        if r.random() < 0.5:
            a.t("\n\n(Handle time is the ").x("`aht_sec`", attr=r.choice(["`talk_time_sec`", "`handle_time_avg`"])).t(" field, talk plus wrap-up.)")
        fcr_miss = [q for q in qs if q["fcr_pct"] < 75]
        a.t("\n\n")
        if fcr_miss:
            f0 = min(fcr_miss, key=lambda q: q["fcr_pct"])
            a.t("Not formally part of the three, but FCR is also ").x("below", rel="above").t(" the " + w.pct(75, 0) + " target (")
            a.x(w.sec("2.2"), sec=w.sec(fake_sec(r, "2.2"))).t(") in " + w.n(len(fcr_miss), calc=True) + " " + ("queue" if len(fcr_miss) == 1 else "queues") + ", lowest in ")
            a.x(f0["name"], ent=r.choice(OTHER_QUEUES)).t(" at ").x(w.pct(f0["fcr_pct"], 1), num=w.pct(f0["fcr_pct"] + 6, 1)).t(".")
        else:
            a.t("FCR clears the " + w.pct(75, 0) + " target (").x(w.sec("2.2"), sec=w.sec(fake_sec(r, "2.2"))).t(") in ").x("every", neg="no").t(" queue.")
        a.p()
        a.pp()
        if miss:
            a.t("\n\n" + w.rec() + f"prioritise {miss[0]['name']}; it fails on service level, which is the standard the board reviews.")
        w.closer(a, ["I can check the daily pattern for the failing queues next."])
        a.ins("claim", "The standards were last revised at the start of the fiscal year.")
        a.ins("claim", "Two of these queues also missed the standard last quarter.")
        a.ins("behavior", "I've logged the breaches with the quality team.")
        a.ins("behavior", "I've scheduled a coaching session for the failing queues.")
        a.ins("elab", "since the standards measure each queue separately rather than the centre as a whole", clause=True)
        ref = f"QA-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The last audit against these standards is {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def overtime(self, ctx):
        r, today = ctx.r, ctx.today
        cid, res = self._center(r, today)
        q = r.choice(res["queues"])
        mode = r.choice(["cap", "cap", "notice", "direct"])
        rate = RATE[res["currency"]] * 1.5
        if mode == "notice":
            day = today + dt.timedelta(days=1)
        else:
            day = today + dt.timedelta(days=r.randint(3, 6))
        used = r.choice([0, 12, 20, 24, 36])
        remaining = 60 - used
        if mode == "cap":
            want = remaining + r.choice([8, 16, 20, 40])
        else:
            want = r.choice([8, 12, 16, 24])
            if want > remaining:
                want = remaining
        turns = []
        gq = Call("get_queue_stats", self._args(res, r), res)
        y, wkn = iso_week(day)
        wlab = f"{y}-W{wkn:02d}"
        reason = r.choice(["Service level below target", "Forecast volume spike", "Backlog recovery"])
        if mode == "cap":
            refusal = {"ok": False, "reason_code": "OVERTIME_CAP_EXCEEDED",
                       "message": f"Queue {q['queue_id']} has {used} of 60 overtime agent hours booked for {wlab}.",
                       "week": wlab, "cap_hours": 60, "booked_hours": used, "remaining_hours": remaining,
                       "requested_hours": want, "as_of": today.isoformat()}
            turns.append(Turn([Call("request_overtime", {"queue_id": q["queue_id"], "date": day.isoformat(), "agent_hours": want, "reason": reason}, refusal)]))
            got_h, got_d = remaining, day
        elif mode == "notice":
            earliest = today + dt.timedelta(days=2)
            refusal = {"ok": False, "reason_code": "INSUFFICIENT_NOTICE",
                       "message": "Overtime needs 48 hours' notice.", "notice_hours_required": 48,
                       "earliest_date": earliest.isoformat(), "requested_date": day.isoformat(), "as_of": today.isoformat()}
            turns.append(Turn([Call("request_overtime", {"queue_id": q["queue_id"], "date": day.isoformat(), "agent_hours": want, "reason": reason}, refusal)]))
            got_h, got_d = want, earliest
        else:
            got_h, got_d = want, day
        bid = "OT-" + r.upalnum(6)
        cost = got_h * rate
        y2, wk2 = iso_week(got_d)
        okres = {"ok": True, "booking_id": bid, "queue_id": q["queue_id"], "date": got_d.isoformat(),
                 "agent_hours": got_h, "rate_per_hour": rate, "estimated_cost": round(cost, 2),
                 "week": f"{y2}-W{wk2:02d}", "status": "confirmed", "cap_hours": 60,
                 "week_booked_hours": (used if (y2, wk2) == (y, wkn) else 0) + got_h, "as_of": today.isoformat()}
        turns.append(Turn([Call("request_overtime", {"queue_id": q["queue_id"], "date": got_d.isoformat(), "agent_hours": got_h, "reason": reason}, okres)]))
        ask = f"book {want} hours of overtime for {q['name']} ({q['queue_id']}) on {day.isoformat()}"
        history = None
        if ctx.followup:
            history = History().user(f"How are the queues at {cid} doing?")
            history.call([gq])
            history.reply(f"{q['name']} is at {q['service_level_pct']}% service level.")
            req = r.choice([f"ok, please {ask}.", f"Can you {ask}?"])
        else:
            req = r.choice([f"Please {ask}. Centre {cid}.", f"{cid}: {ask}, please."])
            turns = [Turn([gq])] + turns
        w = Brief(r, today, res["currency"])
        a = A()
        pre, post = w.head()
        if mode == "cap":
            a.t(pre + "Booked ").x(w.n(got_h) + " agent hours", num=w.n(got_h + 8) + " agent hours", conf=("numerical", w.n(want) + " agent hours")).t(" for ").x(q["name"], ent=r.choice(OTHER_QUEUES)).t(" on ")
            a.x(w.d(got_d), tmp=w.d(got_d + dt.timedelta(days=7))).t(", not the " + w.n(want) + " you asked for — the weekly cap got in the way." + post + "\n\n")
            a.t(w.li() + w.lbl("Why") + "QueueWise returned ").x("`OVERTIME_CAP_EXCEEDED`", attr=r.choice(["`WEEKLY_LIMIT`", "`BUDGET_EXCEEDED`"])).t(": ")
            a.x(w.n(used), num=w.n(used + 12)).t(" hours of the " + w.n(60) + "-hour weekly cap for ").x(w.wk(wlab), tmp=w.wk(wkn + 1)).t(" were already booked, leaving " + w.n(remaining, calc=True))
            w.pb(a)
        elif mode == "notice":
            a.t(pre + "Booked for ").x(w.d(got_d), tmp=w.d(got_d + dt.timedelta(days=7)), conf=("temporal", w.d(day))).t(" instead of " + w.d(day) + ": " + w.n(got_h) + " agent hours for " + q["name"] + "." + post + "\n\n")
            a.t(w.li() + w.lbl("Why") + "the first request was refused with ").x("`INSUFFICIENT_NOTICE`", attr=r.choice(["`LATE_REQUEST`", "`NOTICE_PERIOD`"])).t(" — overtime needs ")
            a.x(w.dur(48 * 3600, style="hours"), num=w.dur(24 * 3600, style="hours")).t("' notice, so " + w.d(got_d) + " is the ").x("earliest", rel="latest").t(" allowed date")
            w.pb(a)
        else:
            a.t(pre + "Done: ").x(w.n(got_h) + " agent hours", num=w.n(got_h + 8) + " agent hours").t(" of overtime booked for " + q["name"] + " on ").x(w.d(got_d), tmp=w.d(got_d + dt.timedelta(days=7))).t("." + post + "\n\n")
        a.t(("\n" if mode != "direct" else "") + w.li() + w.lbl("Booking")).x(bid, fid=w.fake_id(bid, r)).t(", status ").x("confirmed", val="pending approval")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Cost")).x(w.money(cost, 2, calc=True), num=w.money(cost * 1.5, 2)).t(f" ({w.n(got_h)} × {w.money(rate)}) at the overtime rate")
        w.pb(a)
        ahh = q["aht_sec"]
        calls = got_h * 3600 / ahh
        a.t("\n\nAt " + poss(q["name"]) + " AHT of ").x(w.dur(ahh), num=w.dur(ahh + 50)).t(", that's capacity for ")
        a.x(w.about(calls, "num", step=10), num=w.about(calls * 1.4, "num", calc=False, step=10)).t(" calls if agents are fully occupied — realistically fewer")
        a.pc().t(".")
        a.p()
        wb = okres["week_booked_hours"]
        a.t(" That puts ").x(w.wk(okres["week"]), tmp=w.wk(wk2 + 2)).t(" at " + w.n(wb) + " of " + w.n(60) + " overtime hours, so there ")
        a.x("is no" if wb >= 60 else "is still", neg="is still" if wb >= 60 else "is no").t(" room for more that week.")
        a.p()
        sl = q["service_level_pct"]
        a.t(" For context, the queue ran at " + w.pct(sl, 1) + " service level in the period, ")
        a.x("below" if sl < 80 else "above", rel="above" if sl < 80 else "below").t(" the " + w.pct(80, 0) + " target.")
        a.p()
        a.t("\n\n" + w.rec() + r.choice(["put the hours into the late-morning peak, where most calls wait.",
                                          "check the service level the day after before booking more."]))
        a.ins("claim", "Overtime on this queue has paid back within a week before.")
        a.ins("claim", "Finance has already approved the overtime budget for this quarter.")
        a.ins("behavior", "I've notified the agents on the overtime list.")
        a.ins("behavior", "I've also booked the same hours for the following week.")
        a.ins("elab", "because the forecast shows a billing-run spike that day", clause=True)
        ref = f"HR-OT-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The approval for the extra budget is {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
