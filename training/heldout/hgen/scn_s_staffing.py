"""shift_staffing (set s): the operations reporting agent of Northgate Staffing reporting to a client site's operations
lead — the week's temp-worker shifts requested and filled, fill rate and billable hours against the master staffing
agreement (a Markdown agreement fetched by path, numbered sections), and shift bookings (a booking refused by design above
the per-shift worker cap — reason code and a split across two shifts as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .sstyle import Rep, ts, vet

BASE = "https://api.northgatestaffing.example/v2"
MSA = "/agreements/staffing/northgate-msa.md"
SITES = [("Riverside Fulfillment Center", "Allentown", "ET"), ("Midway Cross-Dock", "Joliet", "CT"),
         ("Front Range Distribution", "Aurora", "MT"), ("Inland Empire Returns Hub", "Ontario", "PT")]
ZONE = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
ROLES = {"picker": [21.5, 23.0], "forklift": [26.0, 27.75], "loader": [22.25, 24.0]}
SHIFTS = [("06:00", "14:30", 8.5), ("14:30", "23:00", 8.5), ("07:00", "15:00", 8.0)]
COORDS = ["Brenda Lyle", "Carlos Ruiz", "Fatima Noor", "Greg Olsen"]
FAKE_COORDS = ["Nadia Kerr", "Ivo Tran"]
FAKE_SITES = ["Lakeshore Parcel Hub", "Mesa Cold Store"]


class ShiftStaffing(Scenario):
    name = "shift_staffing"
    agent = "northgate-ops-reporter"
    service = "northgate-shift-staffing"
    system = ("You are the operations reporting agent of Northgate Staffing. Report to client sites in Markdown: a one-line "
              "summary, a table with units in the headers (workers, h, USD) and a totals row, key-value lines, footnotes "
              "citing the master staffing agreement and a Next steps list. Use only the roster, the agreement and the "
              "booking system; show the working.")
    error_style = 0
    entity_noun = {"site_id": "Site", "agreement_path": "Agreement"}
    preambles = ["Pulling the week's roster.", "Checking the roster and the staffing agreement."]

    def __init__(self):
        self.tools = [
            Tool("get_roster", "Temp-worker shifts of a client site for one week: role, times, workers requested and filled, "
                               "bill rate, coordinator and the agreement path.",
                 s_obj({"site_id": s_str("Site, e.g. 'ST-2041'.", pattern=r"^ST-\d{4}$"),
                        "week_start": s_date("Monday of the week, YYYY-MM-DD."),
                        "include_rates": s_bool("Include bill rates.")}, ["site_id"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("include_timesheets", True)]),
            Tool("read_agreement", "An agreement document (Markdown, numbered sections).",
                 s_obj({"agreement_path": s_str("Path, e.g. '/agreements/staffing/northgate-msa.md'.",
                                                pattern=r"^/agreements/staffing/[a-z0-9-]+\.md$")}, ["agreement_path"]),
                 entity={"agreement_path": "path"}, http=BASE, extra=[("version", "latest")]),
            Tool("book_shift", "Book temp workers for one shift at a site. A booking the agreement does not allow is refused "
                               "with a reason code and an alternative.",
                 s_obj({"site_id": s_str("Site.", pattern=r"^ST-\d{4}$"),
                        "date": s_date("Shift day, YYYY-MM-DD."),
                        "role": s_str("Role.", enum=list(ROLES)),
                        "workers": s_int("Workers.", 1, 60),
                        "start_time": s_str("Start, HH:MM local.", pattern=r"^\d{2}:\d{2}$")},
                       ["site_id", "date", "role", "workers", "start_time"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("allow_overtime", True)]),
        ]
        self.intents = [("coverage_report", self.coverage, True), ("book_shift", self.book, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today):
        site, city, tz = r.choice(SITES)
        role = r.choice(list(ROLES))
        rate = r.choice(ROLES[role])
        P = {"target": r.choice([90, 95]), "cap": r.choice([12, 15, 20]), "notice": r.choice([24, 48]), "ot": 40}
        monday = today - dt.timedelta(days=today.weekday())
        shifts = []
        for k in sorted(r.sample(range(0, 6), r.randint(3, 5))):
            st, en, hrs = r.choice(SHIFTS)
            req = r.randint(4, P["cap"])
            filled = req - (r.randint(1, 3) if r.random() < 0.45 else 0)
            day = monday + dt.timedelta(days=k)
            shifts.append({"shift_id": f"SH-{r.randint(100000, 999999)}", "date": day.isoformat(), "start": st, "end": en,
                           "paid_hours": hrs, "role": role, "requested": req, "filled": filled})
        rec = {"site_id": f"ST-{r.randint(1000, 9999)}", "site": site, "city": city, "time_zone": ZONE[tz],
               "week_start": monday.isoformat(), "role": role, "bill_rate_usd": rate, "coordinator": r.choice(COORDS),
               "shifts": shifts, "as_of": ts(today, r.randint(7, 16), r.choice([0, 15, 45]), tz), "agreement_path": MSA,
               "billing": "weekly_timesheet"}
        return rec, P, tz

    def _msa(self, rec, P):
        return ("# Master Staffing Agreement — Schedule B\n\n"
                "## 2. Rates and service levels\n"
                f"2.1 The {rec['role']} bill rate is ${rec['bill_rate_usd']:.2f} per paid hour.\n"
                f"2.2 Hours above {P['ot']} per worker per week are billed at 1.5 times the rate.\n"
                f"2.3 Northgate targets a fill rate of {P['target']}% of requested workers per week.\n\n"
                "## 3. Bookings\n"
                f"3.1 Shift requests need {P['notice']} hours' notice.\n"
                f"3.2 One shift takes at most {P['cap']} workers; larger requests are split across shifts.\n"
                "3.3 Cancellations within 24 hours are billed 4 hours per worker.\n")

    def _history(self, rec):
        h = History().user(f"who's our coordinator for site {rec['site_id']}?")
        h.call([Call("get_roster", {"site_id": rec["site_id"]}, rec)])
        h.reply(f"{rec['site']} (`{rec['site_id']}`) — coordinator {rec['coordinator']}, {len(rec['shifts'])} {rec['role']} shifts this week.")
        return h

    def _inserts(self, a, r, w, rec):
        a.ins("claim", "Agency turnover in this region is running at a five-year high.")
        a.ins("claim", f"Most {rec['role']} no-shows this month were on night shifts.")
        a.ins("behavior", "I've already asked two standby workers to cover the gaps.")
        a.ins("behavior", "I also sent the roster to your payroll contact.")
        a.ins("elab", "largely because a competing warehouse opened nearby", clause=True)
        fake = f"BK-{r.randint(300000, 399999)}"
        a.ins("cite", w.cite_text(f"The gaps were first flagged under booking `{fake}`.", fake))

    # ------------------------------------------------------------------ intents
    def coverage(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        sh = rec["shifts"]
        args = {"site_id": rec["site_id"]}
        if r.random() < 0.5:
            args["week_start"] = rec["week_start"]
        cr = Call("get_roster", args, rec)
        cm = Call("read_agreement", {"agreement_path": MSA}, self._msa(rec, P))
        req = r.choice([f"Coverage report for site {rec['site_id']} this week — how many shifts are short?",
                        f"Can you send this week's fill rate for {rec['site_id']}?"])
        turns = [Turn([cr]), Turn([cm])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["How's coverage looking this week?", "What's our fill rate this week?"])
            turns = [Turn([cm])]
        w = Rep(r, today, tz)
        a = A()
        tr, tf = sum(s["requested"] for s in sh), sum(s["filled"] for s in sh)
        hours = sum(s["filled"] * s["paid_hours"] for s in sh)
        for v in (tr, tf, tr - tf, len(sh)):
            w.declare(v)
        fill = tf / tr * 100
        short = [s for s in sh if s["filled"] < s["requested"]]
        w.declare(len(short))
        w.summary(a, rec["site"] + " (`", (rec["site_id"], {"fid": w.fake_id(rec["site_id"], r)}), "`): ",
                  (w.pct(fill), {"num": w.pct(fill - 11.5, calc=False)}), " fill rate for the week of ", w.dpair(rec["week_start"], r.choice([-7, 7])), ", "
                  + w.n(len(short), "shift") + " short.")
        rows = []
        k0 = r.randrange(len(sh))
        for i, s in enumerate(sh):
            hrs = s["filled"] * s["paid_hours"]
            w.declare(hrs)
            other = sh[(i + 1) % len(sh)]
            dc, df = w.dpair(s["date"], r.choice([-7, 7]), iso=True)
            rows.append([("`" + s["shift_id"] + "`", {"fid": "`" + w.fake_id(s["shift_id"], r) + "`"}) if i == k0 else "`" + s["shift_id"] + "`",
                         (dc, {"tmp": df}) if i == (k0 + 1) % len(sh) else dc,
                         s["start"] + "–" + s["end"],
                         str(s["requested"]),
                         (str(s["filled"]), {"num": str(s["filled"] + 3), "conf": ("numerical", str(other["filled"])) if other["filled"] != s["filled"] else None}) if i == k0 else str(s["filled"]),
                         w.num(hrs, 1)])
        w.declare(hours)
        w.table(a, ["Shift", "Date", "Time", "Requested (workers)", "Filled (workers)", "Paid (h)"], ["l", "c", "c", "r", "r", "r"],
                rows, total=["", "", str(tr), str(tf), (w.num(hours, 1), {"num": w.num(hours + 34, 1)})])
        a.t(f"\nFill rate: {tf:,} / {tr:,} = " + w.pct(fill) + ", ")
        met = fill >= P["target"]
        a.x("at or above" if met else "below", rel="below" if met else "above").t(f" the {P['target']:.1f}% target¹")
        a.pc().t(".")
        a.p()
        a.t("\n")
        cost = hours * rec["bill_rate_usd"]
        w.kv(a, "Billable estimate²", w.num(hours, 1) + " h × " + w.money(rec["bill_rate_usd"]) + " = ").x(w.money(cost, calc=True), num=w.money(cost * 1.5)).t(" before overtime")
        w.kv(a, "Role", rec["role"] + ", billing `").x("weekly_timesheet", attr=r.choice(["daily_timesheet", "weekly_invoice"])).t("`")
        w.kv(a, "Coordinator", "").x(rec["coordinator"], ent=r.choice(FAKE_COORDS))
        w.kv(a, "Status", "").x("short-staffed" if short else "fully staffed", val="fully staffed" if short else "short-staffed").t(" for the week")
        a.t("\n")
        w.foot(a, 1, "per ").x("§2.3", sec=r.choice(["§2.6", "§2.9"])).t(f" ({P['target']:.1f}% of requested workers per week)")
        w.foot(a, 2, "§2.1 rate; hours above " + str(P["ot"]) + " per worker per week ").x("are", neg="aren't").t(" billed at 1.5 times (§2.2)")
        w.steps(a, [["New shift requests need " + str(P["notice"]) + " hours' notice (§3.1)."],
                    ["Up to " + str(P["cap"]) + " workers per shift (§3.2); larger asks are split."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        role, rate = rec["role"], rec["bill_rate_usd"]
        st, en, hrs = r.choice(SHIFTS)
        day = today + dt.timedelta(days=r.randint(3, 9))
        ok = r.random() < 0.55
        workers = r.randint(3, P["cap"]) if ok else P["cap"] + r.randint(2, 8)
        args = {"site_id": rec["site_id"], "date": day.isoformat(), "role": role, "workers": workers, "start_time": st}
        cost = round(workers * hrs * rate, 2)
        if ok:
            res = {"status": "booked", "booking_id": f"BK-{r.randint(400000, 499999)}", "site_id": rec["site_id"], "date": day.isoformat(),
                   "start": st, "end": en, "role": role, "workers": workers, "paid_hours": hrs, "bill_rate_usd": rate,
                   "estimated_cost_usd": cost, "coordinator": rec["coordinator"]}
        else:
            rest = workers - P["cap"]
            st2, en2, _ = [x for x in SHIFTS if x[0] != st][0]
            res = {"status": "refused", "reason_code": "OVER_SHIFT_CAP", "requested_workers": workers, "cap": P["cap"],
                   "alternative": {"option": "split_shifts", "shifts": [{"start": st, "end": en, "workers": P["cap"]},
                                                                        {"start": st2, "end": en2, "workers": rest}]}}
        cr = Call("get_roster", {"site_id": rec["site_id"]}, rec)
        cm = Call("read_agreement", {"agreement_path": MSA}, self._msa(rec, P))
        cb = Call("book_shift", args, res)
        req = r.choice([f"Please book {workers} {role}s at {rec['site_id']} on {day.isoformat()}, {st} start.",
                        f"Need {workers} x {role} for site {rec['site_id']}, {day.isoformat()} from {st}."])
        turns = [Turn([cr]), Turn([cm]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Book {workers} {role}s for {day.isoformat()}, starting {st}.", f"Can you get us {workers} more {role}s on {day.isoformat()} at {st}?"])
            turns = [Turn([cm]), Turn([cb])]
        w = Rep(r, today, tz)
        a = A()
        w.declare(workers)
        if ok:
            w.summary(a, rec["site"] + ": ", ("booked", {"val": "waitlisted"}), " " + w.n(workers, role) + " for " + w.d(day) + ".")
            w.declare(workers * hrs)
            w.table(a, ["Shift", "Workers (workers)", "Paid (h)", "Rate (USD)", "Est. cost (USD)"], ["c", "r", "r", "r", "r"],
                    [[st + "–" + en, (str(workers), {"num": str(workers + 4), "conf": ("numerical", str(P["cap"])) if workers != P["cap"] else None}), w.num(hrs, 1), w.money(rate, sym=False),
                      (w.money(cost, calc=True, sym=False), {"num": w.money(cost + 210, sym=False)})]])
            a.t("\nWorking: " + str(workers) + " × " + w.num(hrs, 1) + " h × " + w.money(rate) + " = " + w.money(cost) + " (")
            a.x("§2.1", sec="§2.7").t(").")
            a.p()
            a.t("\n")
            w.kv(a, "Booking", "`").x(res["booking_id"], fid=w.fake_id(res["booking_id"], r)).t("`")
            w.kv(a, "Shift", "")
            dc, df = w.dpair(day, r.choice([-1, 2]))
            a.x(dc, tmp=df).t(", " + w.t(ts(day, int(st[:2]), int(st[3:]), tz), zone=False) + "–" + w.t(ts(day, int(en[:2]), int(en[3:]), tz)) + ", role `")
            a.x(role, attr=r.choice(["general_labor", "warehouse_associate"])).t("`")
            w.kv(a, "Cap", str(workers) + " workers is ").x("within", rel="over").t(f" the {P['cap']}-worker cap of ")
            a.x("§3.2", sec="§3.6").t(", so one shift ").x("covers", neg="doesn't cover").t(" it")
            a.pc().t(".")
            a.p()
            w.kv(a, "Coordinator", "").x(rec["coordinator"], ent=r.choice(FAKE_COORDS))
            w.yaml(a, [("booking_id", res["booking_id"]), ("date", w.iso(day)), ("role", role), ("workers", str(workers))])
        else:
            alt = res["alternative"]["shifts"]
            w.summary(a, rec["site"] + ": booking ", ("refused", {"val": "confirmed"}), " — `",
                      ("OVER_SHIFT_CAP", {"attr": r.choice(["SHIFT_FULL", "MAX_WORKERS_EXCEEDED"])}), "`.")
            rest = workers - P["cap"]
            w.declare(rest)
            rows = [[alt[0]["start"] + "–" + alt[0]["end"], str(P["cap"])],
                    [alt[1]["start"] + "–" + alt[1]["end"], (str(rest), {"num": str(rest + 3)})]]
            w.table(a, ["Alternative shift", "Workers (workers)"], ["c", "r"], rows, total=[str(workers)])
            a.t("\nSplit: " + str(workers) + " − " + str(P["cap"]) + " = " + str(rest) + " on the second shift.")
            a.p()
            a.t("\n")
            w.kv(a, "Status", "").x("refused", val="booked").t(f": {workers} workers is ")
            a.x("over", rel="within").t(f" the {P['cap']}-worker cap (")
            a.x("§3.2", sec="§3.6").t("), so one shift ").x("can't", neg="can").t(" take them")
            a.pc().t(".")
            a.p()
            w.kv(a, "Requested", w.d(day) + ", " + w.t(ts(day, int(st[:2]), int(st[3:]), tz)) + " start, role `" + role + "`")
            w.kv(a, "Coordinator", "").x(rec["coordinator"], ent=r.choice(FAKE_COORDS))
            w.yaml(a, [("reason_code", res["reason_code"]), ("requested_workers", str(workers)), ("cap", str(P["cap"]))])
        w.steps(a, [["Cancellations within 24 hours are billed 4 hours per worker (§3.3)."],
                    ["Reply to confirm the split." if not ok else "Timesheets are billed weekly."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
