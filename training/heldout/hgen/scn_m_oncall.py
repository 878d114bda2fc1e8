"""on_call_schedules (set m): an SRE assistant working against the team's paging / on-call scheduler — who is on call
now (an override taken into account), until when and who is next, hours per person over the listed weeks with the
overrides subtracted and added; one engineer's shifts in a date range (count, hours, weekend hours, the next one);
creating an override (the covering engineer's rest period or the maximum override length refused by design; the offered
window taken) and questions answered from the on-call policy fetched by path (pay for a shift: weekday and weekend hours
at their rates plus night-page bonuses; consecutive days and rest)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .mstyle import Term, plural, row, table_head, utc, vet, zulu

BASE = "https://api.pagerline.example/v2"
TEAMS = {"payments-primary": "Payments", "platform-primary": "Platform", "search-oncall": "Search", "data-infra": "Data Infra",
         "mobile-backend": "Mobile Backend"}
PEOPLE = ["Priya Shah", "Marco Rossi", "Aisha Bello", "Tom Becker", "Lena Novak", "Kenji Sato", "Sofia Reyes", "Omar Haddad"]
OTHER_PEOPLE = ["Jonas Berg", "Chloe Martin", "Ravi Iyer"]
DOMAIN = "orbitpay.io"
POLICY = ("# On-call policy\n\n"
          "## 1. Shifts\n"
          "1.1 Primary shifts are 7 days, handing off on Monday at 09:00 UTC.\n"
          "1.2 Nobody is on call for more than 7 consecutive days, and there are at least 12 hours of rest between two "
          "shifts or overrides.\n"
          "1.3 A single override may not exceed 72 hours.\n\n"
          "## 2. Compensation\n"
          "2.1 Weekday on-call hours are paid at $4.00 per hour; weekend hours (Saturday and Sunday, UTC) at $6.50 per "
          "hour.\n"
          "2.2 Each page acknowledged between 22:00 and 07:00 UTC adds a $40 night-page bonus.\n\n"
          "## 3. Response\n"
          "3.1 Acknowledge a SEV-1 page within 5 minutes and a SEV-2 page within 15 minutes.\n"
          "3.2 Unacknowledged pages escalate to the secondary after 10 minutes.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.4", "2.3", "3.3", "4.1"] if s != real])


def weekend_hours(a, b):
    """Hours of [a, b) that fall on a Saturday or Sunday (UTC)."""
    h = 0.0
    t = a
    while t < b:
        nxt = min(b, (t + dt.timedelta(hours=1)).replace(minute=0, second=0))
        if t.weekday() >= 5:
            h += (nxt - t).total_seconds() / 3600
        t = nxt
    return h


class OnCallSchedules(Scenario):
    name = "on_call_schedules"
    agent = "oncall-assistant"
    service = "pagerline-agent"
    system = ("You are an SRE assistant in the engineer's terminal with access to the PagerLine on-call API. Check the "
              "schedule with the tools before answering or changing it. Reply in compact Markdown; IDs in backticks; all "
              "times are UTC.")
    error_style = 1
    entity_noun = {"schedule_id": "Schedule", "user_id": "User", "doc_path": "Document"}
    preambles = ["Checking the schedule.", "Let me pull the rotation.", "Querying PagerLine."]
    literal_ok = ["TL;DR", "SEV-1", "SEV-2"]

    def __init__(self):
        sp = r"^SCH-[0-9A-Z]{5}$"
        dtp = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$"
        self.tools = [
            Tool("get_schedule", "An on-call schedule: rotation, members, the current and next shifts, overrides, the "
                                 "previous shift with its pages, and the team policy path.",
                 s_obj({"schedule_id": s_str("Schedule ID, e.g. 'SCH-4K2Q9'.", pattern=sp),
                        "weeks": s_int("How many upcoming weekly shifts to include.", 1, 8)}, ["schedule_id"]),
                 entity={"schedule_id": "id"}, http=BASE, extra=[("include_layers", True)]),
            Tool("list_shifts", "One engineer's shifts and overrides on a schedule between two dates.",
                 s_obj({"schedule_id": s_str("Schedule ID.", pattern=sp),
                        "user_email": s_str("Engineer's email.", max_len=120),
                        "start_date": s_date("First day, YYYY-MM-DD."), "end_date": s_date("Last day, YYYY-MM-DD.")},
                       ["schedule_id", "user_email", "start_date", "end_date"]),
                 entity={"schedule_id": "id"}, http=BASE, extra=[("time_zone", "UTC")]),
            Tool("create_override", "Put another engineer on call for part of a shift.",
                 s_obj({"schedule_id": s_str("Schedule ID.", pattern=sp),
                        "user_id": s_str("User ID of the engineer who covers.", pattern=r"^usr_[a-z0-9]{6}$"),
                        "start": s_str("Start, UTC, YYYY-MM-DDTHH:MMZ.", pattern=dtp),
                        "end": s_str("End, UTC, YYYY-MM-DDTHH:MMZ.", pattern=dtp)},
                       ["schedule_id", "user_id", "start", "end"]),
                 entity={"schedule_id": "id", "user_id": "id"}, http=BASE, extra=[("notify", True)]),
            Tool("get_doc", "A Markdown document from the SRE handbook repo by path.",
                 s_obj({"doc_path": s_str("Path, e.g. 'handbook/oncall/policy.md'.", pattern=r"^handbook/[a-z0-9/_-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("ref", "main")]),
        ]
        self.intents = [("on_call_now", self.now_, False), ("shift_search", self.shifts, False),
                        ("override_request", self.override, True), ("policy_question", self.policy, True)]

    # ------------------------------------------------------------------ data
    def _now(self, r, today):
        return utc(today, r.randint(0, 23), r.randint(0, 59), r.randint(0, 59))

    def _schedule(self, r, now, n_over=None, weeks=4):
        name = r.choice(list(TEAMS))
        sid = "SCH-" + r.upalnum(5)
        ppl = r.sample(PEOPLE, r.randint(4, 6))
        members = [{"user_id": "usr_" + r.alnum(6, "abcdefghijkmnpqrstuvwxyz23456789"), "name": p,
                    "email": p.lower().replace(" ", ".") + "@" + DOMAIN} for p in ppl]
        mon = now.date() - dt.timedelta(days=now.date().weekday())
        start = utc(mon, 9, 0)
        if start > now:
            start -= dt.timedelta(days=7)
        k0 = r.randrange(len(members))
        shifts = []
        for k in range(weeks):
            m = members[(k0 + k) % len(members)]
            s = start + dt.timedelta(days=7 * k)
            shifts.append({"user_id": m["user_id"], "name": m["name"], "start": zulu(s), "end": zulu(s + dt.timedelta(days=7))})
        overs = []
        for j in range(n_over if n_over is not None else r.choice([0, 1, 1, 2])):
            k = j if j < len(shifts) else 0
            sh = shifts[k]
            s0 = dt.datetime.fromisoformat(sh["start"].replace("Z", "+00:00"))
            os_ = s0 + dt.timedelta(hours=r.choice([24, 48, 72, 96]) + r.choice([0, 9]))
            oh = r.choice([12, 24, 36, 48])
            cover = r.choice([m for m in members if m["user_id"] != sh["user_id"]])
            overs.append({"override_id": "ovr_" + r.alnum(8, "abcdefghjkmnpqrstuvwxyz23456789"), "user_id": cover["user_id"],
                          "name": cover["name"], "start": zulu(os_), "end": zulu(os_ + dt.timedelta(hours=oh)),
                          "replaces_user_id": sh["user_id"]})
        pm = members[(k0 - 1) % len(members)]
        prev = {"user_id": pm["user_id"], "name": pm["name"], "start": zulu(start - dt.timedelta(days=7)), "end": zulu(start),
                "pages_total": r.randint(0, 14)}
        prev["pages_night"] = r.randint(0, min(4, prev["pages_total"]))
        if r.random() < 0.5:
            ps = start - dt.timedelta(days=7)
            os_ = ps + r.choice([dt.timedelta(days=5, hours=-9), dt.timedelta(days=2, hours=9), dt.timedelta(days=4, hours=15)])
            oh = r.choice([12, 24])
            cover = r.choice([m for m in members if m["user_id"] != pm["user_id"]])
            prev["override"] = {"override_id": "ovr_" + r.alnum(8, "abcdefghjkmnpqrstuvwxyz23456789"), "user_id": cover["user_id"],
                                "name": cover["name"], "start": zulu(os_), "end": zulu(os_ + dt.timedelta(hours=oh))}
        res = {"schedule_id": sid, "name": name, "team": TEAMS[name],
               "rotation": {"type": "weekly", "handoff_day": "Monday", "handoff_time_utc": "09:00", "shift_hours": 168},
               "members": members, "shifts": shifts, "overrides": overs, "previous_shift": prev,
               "policy_path": r.choice(["handbook/oncall/policy.md", "handbook/sre/on-call-policy.md"]), "as_of": zulu(now)}
        return sid, res

    @staticmethod
    def _t(s):
        return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))

    # ------------------------------------------------------------------ intents
    def now_(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        sid, s = self._schedule(r, now)
        if r.random() < 0.35 and s["overrides"]:
            o = s["overrides"][0]
            sh0 = self._t(s["shifts"][0]["start"])
            if self._t(o["start"]) > now:
                # make the first override cover now
                st = now - dt.timedelta(hours=r.randint(1, 8), minutes=now.minute)
                st = max(st, sh0 + dt.timedelta(hours=1))
                en = st + dt.timedelta(hours=r.choice([12, 24]))
                if en < self._t(s["shifts"][0]["end"]) and en > now:
                    o["start"], o["end"] = zulu(st), zulu(en)
        req = r.choice([f"who's on call for {sid} right now?", f"Who's on call on {sid}, and who's next?",
                        f"Give me the on-call picture for {sid}: now, next, and hours per person over the next few weeks."])
        w = Term(r, now)
        cur = s["shifts"][0]
        nxt = s["shifts"][1]
        cov = next((o for o in s["overrides"] if self._t(o["start"]) <= now < self._t(o["end"])), None)
        a = A()
        if r.random() < 0.5:
            a.t(w.narrate("get_schedule", w.c(sid)) + f" ({w.c(s['name'])}).\n\n")
        cend = self._t(cur["end"])
        if cov:
            oe = self._t(cov["end"])
            a.t(w.b("Now") + ": ").x(cov["name"], ent=r.choice(OTHER_PEOPLE), conf=("entity", cur["name"])).t(", via override ").x(w.c(cov["override_id"]), fid=w.fake_id(cov["override_id"], r)).t(" until ")
            a.x(w.ts(oe), tmp=w.ts(oe + dt.timedelta(hours=r.choice([6, 12])))).t(" (").x(w.relh(oe), tmp=None).t("); the shift itself is ")
            a.x(cur["name"], ent=r.choice(OTHER_PEOPLE)).t("'s.")
        else:
            a.t(w.b("Now") + ": ").x(cur["name"], ent=r.choice(OTHER_PEOPLE), conf=("entity", nxt["name"])).t(" (").x(w.c(cur["user_id"]), fid=w.fake_id(cur["user_id"], r)).t(").")
        a.p()
        a.t("\n" + w.b("Handoff") + ": ").x(w.ts(cend), tmp=w.ts(cend + dt.timedelta(days=1))).t(", ").x(w.relh(cend) if (cend - now).total_seconds() < 86400 * 2 else w.rel(cend), tmp=None)
        a.t(f" {w.arrow} ").x(nxt["name"], ent=r.choice(OTHER_PEOPLE)).t(".")
        a.p()
        a.t("\n\n")
        # hours per person over the listed shifts
        hours = {}
        for sh in s["shifts"]:
            hours[sh["name"]] = hours.get(sh["name"], 0) + 168
        for o in s["overrides"]:
            oh = (self._t(o["end"]) - self._t(o["start"])).total_seconds() / 3600
            rep_ = next(m["name"] for m in s["members"] if m["user_id"] == o["replaces_user_id"])
            hours[rep_] -= oh
            hours[o["name"]] = hours.get(o["name"], 0) + oh
        f0 = self._t(s["shifts"][0]["start"])
        f1 = self._t(s["shifts"][-1]["end"])
        a.t(f"Hours on call, {w.d(f0)} {w.arrow} {w.d(f1)} ({w.n(len(s['shifts']), calc=True)} ").x("weekly", val=r.choice(["daily", "biweekly"])).t(" shifts, overrides applied):\n\n")
        table_head(a, ["engineer", "hours"])
        order = sorted(hours.items(), key=lambda kv: (-kv[1], kv[0]))
        for k, (nm, h) in enumerate(order):
            row(a, [nm, (w.n(h, calc=True), {"num": w.n(h + 24)} if k == 0 else {})])
        a.t("\n")
        if s["overrides"]:
            o = s["overrides"][0]
            oh = (self._t(o["end"]) - self._t(o["start"])).total_seconds() / 3600
            rep_ = next(m["name"] for m in s["members"] if m["user_id"] == o["replaces_user_id"])
            a.t(r.choice(["For example, ", "So "]) + rep_ + "'s week: 168 − ").x(w.n(oh, calc=True), num=w.n(oh + 12)).t(f" (override {w.c(o['override_id'])}) = ").x(w.hours(168 - oh, calc=True), num=w.hours(168 - oh + 12)).t(".")
            a.p()
        else:
            a.t("No overrides in that range, so it's a flat ").x("168h", num="144h").t(" per shift.")
            a.p()
        if len(order) > 1 and order[0][1] != order[1][1]:
            a.t(" " + order[0][0] + " has the ").x("most", rel="fewest").t(" hours in that window")
            a.pc().t(".")
            a.p()
        idle = [m["name"] for m in s["members"] if m["name"] not in hours]
        if idle:
            a.t("\n\n" + ", ".join(idle) + " ").x("aren't" if len(idle) > 1 else "isn't", neg="are" if len(idle) > 1 else "is").t(" on call in that window.")
            a.p()
        if r.random() < 0.35:
            a.t("\n\n(Shift length is the rotation's ").x(w.c("shift_hours"), attr=w.c(r.choice(["length_hours", "shift_length"]))).t(".)")
        w.closer(a, ["Want me to set up an override?", "I can post this in the team channel if useful."])
        a.ins("claim", "The secondary this week is the team lead.")
        a.ins("claim", "This rotation had the most pages in the org last month.")
        a.ins("behavior", "I've also sent the next person a handoff reminder.")
        a.ins("behavior", "I've paged the current on-call to confirm they're reachable.")
        a.ins("elab", "because the rotation was rebalanced after the last reorg", clause=True)
        ref = f"ovr_{r.alnum(8, 'abcdefghjkmnpqrstuvwxyz23456789')}"
        a.ins("cite", w.cite(f"There's also a pending override, `{ref}`, waiting for approval.", ref))
        return vet(self, Plan(req, [Turn([Call("get_schedule", {"schedule_id": sid}, s)])], a), w)

    def shifts(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        sid, s = self._schedule(r, now, n_over=0)
        m = r.choice(s["members"])
        n = len(s["members"])
        d0 = now.date()
        d1 = d0 + dt.timedelta(days=r.choice([42, 56, 60, 90]))
        mon = d0 - dt.timedelta(days=d0.weekday())
        base = utc(mon, 9, 0)
        idx = [mm["user_id"] for mm in s["members"]].index(m["user_id"])
        cur_idx = [mm["user_id"] for mm in s["members"]].index(s["shifts"][0]["user_id"])
        first = self._t(s["shifts"][0]["start"]) + dt.timedelta(days=7 * ((idx - cur_idx) % n))
        rows = []
        t = first
        while t.date() <= d1:
            e = t + dt.timedelta(days=7)
            if e.date() >= d0:
                rows.append({"kind": "shift", "start": zulu(t), "end": zulu(e), "hours": 168, "weekend_hours": round(weekend_hours(t, e))})
            t += dt.timedelta(days=7 * n)
        if r.random() < 0.5:
            ot = self._t(s["shifts"][1]["start"]) + dt.timedelta(days=r.choice([2, 3, 4]), hours=r.choice([0, 9]))
            if ot > now and not any(self._t(x["start"]) <= ot < self._t(x["end"]) for x in rows):
                oh = r.choice([12, 24])
                rows.append({"kind": "override", "override_id": "ovr_" + r.alnum(8, "abcdefghjkmnpqrstuvwxyz23456789"), "start": zulu(ot),
                             "end": zulu(ot + dt.timedelta(hours=oh)), "hours": oh, "weekend_hours": round(weekend_hours(ot, ot + dt.timedelta(hours=oh)))})
        rows.sort(key=lambda x: x["start"])
        if not rows:
            return self.shifts(ctx)
        res = {"schedule_id": sid, "user_id": m["user_id"], "name": m["name"], "email": m["email"], "start_date": d0.isoformat(),
               "end_date": d1.isoformat(), "entries": rows, "total_hours": sum(x["hours"] for x in rows), "as_of": zulu(now)}
        req = r.choice([f"How many on-call hours do I have on {sid} between {d0.isoformat()} and {d1.isoformat()}? I'm {m['email']}.",
                        f"list {m['email']}'s on-call shifts on {sid} from {d0.isoformat()} to {d1.isoformat()}"])
        w = Term(r, now)
        a = A()
        if r.random() < 0.5:
            a.t(w.narrate("list_shifts", w.c(m["email"])) + f" on {w.c(sid)}. ")
        tot = sum(x["hours"] for x in rows)
        we = sum(x["weekend_hours"] for x in rows)
        nsh = sum(1 for x in rows if x["kind"] == "shift")
        nov = len(rows) - nsh
        a.t(w.tldr() + " ").x(w.n(nsh, calc=True) + " " + plural(nsh, "shift"), num=w.n(nsh + 1) + " shifts")
        if nov:
            a.t(" + ").x(w.n(nov, calc=True) + " override", num=w.n(nov + 1) + " overrides")
        a.t(", ").x(w.hours(tot), num=w.hours(tot + 48)).t(" in total, ").x(w.hours(we, calc=True), num=w.hours(we + 24)).t(" of it on weekends")
        if tot and we * 2 != tot:
            a.t(" (").x("less" if we * 2 < tot else "more", rel="more" if we * 2 < tot else "less").t(" than half)")
        a.t(".")
        a.p()
        a.t("\n\n")
        table_head(a, ["", "from", "to", "hours", "weekend"])
        for k, x in enumerate(rows):
            st, en = self._t(x["start"]), self._t(x["end"])
            label = "shift" if x["kind"] == "shift" else "override " + w.c(x["override_id"])
            row(a, [(label, {"val": "override"} if x["kind"] == "shift" and k == 0 else {}),
                    (w.ts(st), {"tmp": w.ts(st + dt.timedelta(days=7))} if k == 0 else {}), w.ts(en),
                    (w.n(x["hours"]), {"num": w.n(x["hours"] + 24)} if k == 0 else {}), w.n(x["weekend_hours"])])
        a.t("\n")
        parts = " + ".join(w.n(x["hours"]) for x in rows)
        if len(rows) > 1:
            a.t("Total: " + parts + " = ").x(w.hours(tot, calc=True), num=w.hours(tot + 24))
            a.pc().t(".")
            a.p()
            a.t(" ")
        nx = next((x for x in rows if self._t(x["start"]) > now), None)
        if nx:
            ns = self._t(nx["start"])
            a.t("Next one starts ").x(w.when(ns, ts=True) if (ns - now).days >= 2 else w.ts(ns) + " (" + w.relh(ns) + ")",
                                      tmp=w.when(ns + dt.timedelta(days=7), ts=True)).t(".")
        else:
            a.t("You ").x("are", neg="aren't").t(" on call right now, until ").x(w.ts(self._t(rows[0]["end"])), tmp=w.ts(self._t(rows[0]["end"]) + dt.timedelta(days=1))).t(".")
        a.p()
        if nsh > 1:
            a.t(" With ").x(w.n(n) + " people", num=w.n(n + 2) + " people").t(" in the rotation, your shifts come around every ").x(w.n(n, calc=True) + " weeks", num=w.n(n + 1) + " weeks").t(".")
            a.p()
            w.calc["dur"].append(n * 7 * 86400.0)
        w.closer(a, ["Want me to swap one of these with someone?", "I can export these to your calendar as an .ics snippet."])
        a.ins("claim", "That's above the team average for the quarter.")
        a.ins("claim", "Weekend hours on this rotation usually see the fewest pages.")
        a.ins("behavior", "I've added these shifts to your calendar.")
        a.ins("behavior", "I've asked your manager to approve the override.")
        a.ins("elab", "since the rotation skips public holidays", clause=True)
        ref = f"SWAP-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"Your pending swap request is `{ref}`.", ref))
        args = {"schedule_id": sid, "user_email": m["email"], "start_date": d0.isoformat(), "end_date": d1.isoformat()}
        return vet(self, Plan(req, [Turn([Call("list_shifts", args, res)])], a), w)

    def override(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        sid, s = self._schedule(r, now, n_over=0)
        mode = r.choice(["rest", "rest", "long", "direct"])
        cur, nxt = s["shifts"][0], s["shifts"][1]
        owner = nxt
        ns, ne = self._t(nxt["start"]), self._t(nxt["end"])
        if mode == "rest":
            cover = next(m for m in s["members"] if m["user_id"] == cur["user_id"])
            want_s = ns + dt.timedelta(hours=r.choice([0, 3, 6]))
            want_e = want_s + dt.timedelta(hours=r.choice([24, 36, 48]))
        else:
            cover = r.choice([m for m in s["members"] if m["user_id"] not in (cur["user_id"], nxt["user_id"])])
            want_s = ns + dt.timedelta(days=r.randint(1, 3), hours=r.choice([0, 9]))
            want_e = want_s + dt.timedelta(hours=r.choice([96, 120]) if mode == "long" else r.choice([12, 24, 48]))
        fmt = lambda x: x.strftime("%Y-%m-%dT%H:%MZ")
        turns = []
        gs = Call("get_schedule", {"schedule_id": sid}, s)
        if mode == "rest":
            got_s = ns + dt.timedelta(hours=12)
            if got_s >= want_e:
                want_e = got_s + dt.timedelta(hours=12)
            got_e = want_e
            refusal = {"ok": False, "reason_code": "REST_PERIOD_VIOLATION",
                       "message": f"{cover['name']} is on call until {zulu(ns)}; 12 hours of rest are required before another shift.",
                       "rest_hours_required": 12, "earliest_start": zulu(got_s),
                       "alternatives": [{"start": fmt(got_s), "end": fmt(got_e)}], "as_of": zulu(now)}
            turns.append(Turn([Call("create_override", {"schedule_id": sid, "user_id": cover["user_id"], "start": fmt(want_s), "end": fmt(want_e)}, refusal)]))
        elif mode == "long":
            got_s, got_e = want_s, want_s + dt.timedelta(hours=72)
            refusal = {"ok": False, "reason_code": "OVERRIDE_TOO_LONG",
                       "message": f"Overrides are limited to 72 hours; {int((want_e - want_s).total_seconds() // 3600)} hours requested.",
                       "max_hours": 72, "requested_hours": int((want_e - want_s).total_seconds() // 3600),
                       "alternatives": [{"start": fmt(got_s), "end": fmt(got_e)}], "as_of": zulu(now)}
            turns.append(Turn([Call("create_override", {"schedule_id": sid, "user_id": cover["user_id"], "start": fmt(want_s), "end": fmt(want_e)}, refusal)]))
        else:
            got_s, got_e = want_s, want_e
        oid = "ovr_" + r.alnum(8, "abcdefghjkmnpqrstuvwxyz23456789")
        gh = (got_e - got_s).total_seconds() / 3600
        okres = {"ok": True, "override_id": oid, "schedule_id": sid, "user_id": cover["user_id"], "name": cover["name"],
                 "start": zulu(got_s), "end": zulu(got_e), "hours": int(gh), "replaces_user_id": owner["user_id"],
                 "replaces_name": owner["name"], "as_of": zulu(now)}
        turns.append(Turn([Call("create_override", {"schedule_id": sid, "user_id": cover["user_id"], "start": fmt(got_s), "end": fmt(got_e)}, okres)]))
        first = cover["name"].split()[0]
        ask = f"put {first} on call for {owner['name'].split()[0]} from {fmt(want_s)} to {fmt(want_e)} on {sid}"
        history = None
        if ctx.followup:
            history = History().user(f"Who's on call next week on {sid}?")
            history.call([gs])
            history.reply(f"{nxt['name']} takes over at {nxt['start']}.")
            req = r.choice([f"ok, {ask}", f"Can you {ask}?"])
        else:
            req = f"Please {ask}."
            turns = [Turn([gs])] + turns
        w = Term(r, now)
        a = A()
        if mode == "rest":
            a.t(r.choice(["PagerLine refused the override: ", "The first attempt was rejected — "])).x(w.c("REST_PERIOD_VIOLATION"), attr=w.c(r.choice(["MIN_REST_NOT_MET", "CONSECUTIVE_SHIFT"]))).t(". ")
            a.x(cover["name"], ent=r.choice(OTHER_PEOPLE)).t(" is on call until ").x(w.ts(ns), tmp=w.ts(ns - dt.timedelta(hours=r.choice([12, 24])))).t(" and needs ")
            a.x("12h", num="8h").t(" of rest before covering again.")
            a.p()
            a.t("\n\nI created it from the earliest allowed start instead:")
        elif mode == "long":
            rh = int((want_e - want_s).total_seconds() // 3600)
            a.t("Rejected with ").x(w.c("OVERRIDE_TOO_LONG"), attr=w.c(r.choice(["MAX_DURATION", "OVERRIDE_LIMIT"]))).t(": ").x(w.hours(rh), num=w.hours(rh - 24)).t(" requested, the limit is ")
            a.x("72h", num="96h").t(".")
            a.p()
            a.t("\n\nI took the offered 72h window:")
        else:
            a.t(r.choice(["Done:", "Override created:", "Created:"]))
        a.t("\n\n")
        a.t("- ").x(w.c(oid), fid=w.fake_id(oid, r)).t(" on ").x(w.c(sid), fid=w.fake_id(sid, r)).t(": ").x(cover["name"], ent=r.choice(OTHER_PEOPLE), conf=("entity", owner["name"])).t(" covers for ").x(owner["name"], ent=r.choice(OTHER_PEOPLE)).t("")
        a.pb()
        a.t("\n- ").x(w.ts(got_s), tmp=w.ts(got_s + dt.timedelta(hours=r.choice([6, 12]))), conf=("temporal", w.ts(want_s)) if got_s != want_s else None).t(f" {w.arrow} ")
        a.x(w.ts(got_e), tmp=w.ts(got_e + dt.timedelta(hours=r.choice([12, 24]))), conf=("temporal", w.ts(want_e)) if got_e != want_e else None).t(" = ").x(w.hours(gh, calc=True), num=w.hours(gh + 12))
        a.pb()
        if mode != "direct":
            gap_s, gap_e = (want_s, got_s) if mode == "rest" else (got_e, want_e)
            gh2 = (gap_e - gap_s).total_seconds() / 3600
            if gh2 > 0:
                a.t("\n\n⚠️ That leaves ").x(w.hours(gh2, calc=True), num=w.hours(gh2 + 6)).t(f" ({w.ts(gap_s)} {w.arrow} {w.ts(gap_e)}) with ")
                a.x(owner["name"], ent=r.choice(OTHER_PEOPLE)).t(" still on call")
                a.pc().t(".")
                a.p()
                a.t(" The override is ").x("shorter", rel="longer").t(" than you asked for, so ")
                a.x("nobody else", neg="someone else").t(" covers that part yet.")
                if mode == "long":
                    a.t(" If someone else can take it, I can add a second override.")
        w.closer(a, ["Want me to notify both of them in Slack?", "Anything else to change on the schedule?"])
        a.ins("claim", f"{first} has covered for this team twice already this month.")
        a.ins("claim", "Overrides on this schedule need manager approval after 48h.")
        a.ins("behavior", "I've messaged both of them about the change.")
        a.ins("behavior", "I've also moved the secondary to match.")
        a.ins("elab", "because the scheduler counts rest from the end of the last page", clause=True)
        ref = f"ovr_{r.alnum(8, 'abcdefghjkmnpqrstuvwxyz23456789')}"
        a.ins("cite", w.cite(f"The previous override for this week, `{ref}`, was replaced.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        sid, s = self._schedule(r, now, n_over=0)
        path = s["policy_path"]
        variant = r.choice(["pay", "pay", "consecutive"])
        prev = s["previous_shift"]
        if variant == "pay":
            q = f"How much on-call pay does {prev['name']} get for last week's shift?"
        else:
            cur = s["shifts"][0]
            q = f"Could {cur['name'].split()[0]} also take next week's shift?"
        gs = Call("get_schedule", {"schedule_id": sid}, s)
        gd = Call("get_doc", {"doc_path": path}, POLICY)
        history = None
        if ctx.followup:
            history = History().user(f"Who was on call last week on {sid}?")
            history.call([gs])
            history.reply(f"{prev['name']}, {prev['start']} to {prev['end']}, with {prev['pages_total']} pages.")
            req = q
            turns = [Turn([gd])]
        else:
            req = f"{sid}: {q}"
            turns = [Turn([gs]), Turn([gd])]
        w = Term(r, now)
        a = A()
        if r.random() < 0.6:
            a.t(r.choice([f"I read {w.c(path)} and applied it to the schedule.", f"Pulled {w.c(path)} via `get_doc`.",
                          f"Checked the policy ({w.c(path)}) against {w.c(sid)}."]) + "\n\n")
        if variant == "pay":
            ps, pe = self._t(prev["start"]), self._t(prev["end"])
            ov = prev.get("override")
            if ov:
                os_, oe = self._t(ov["start"]), self._t(ov["end"])
                oh = (oe - os_).total_seconds() / 3600
                tot = (pe - ps).total_seconds() / 3600 - oh
                wk = weekend_hours(ps, os_) + weekend_hours(oe, pe)
            else:
                tot = (pe - ps).total_seconds() / 3600
                wk = weekend_hours(ps, pe)
            wd = tot - wk
            night = prev["pages_night"]
            pay = wd * 4.0 + wk * 6.5 + night * 40
            a.t(prev["name"] + "'s shift ran ").x(w.ts(ps), tmp=w.ts(ps - dt.timedelta(days=1))).t(f" {w.arrow} {w.ts(pe)}")
            if ov:
                a.t(", minus ").x(w.hours(oh, calc=True), num=w.hours(oh + 12)).t(" covered by ").x(ov["name"], ent=r.choice(OTHER_PEOPLE)).t(" (" + w.c(ov["override_id"]) + f", {w.ts(os_)} {w.arrow} {w.ts(oe)})")
                a.t(", so ").x(w.hours(tot, calc=True), num=w.hours(tot + 24)).t(" on call. Under ")
            else:
                a.t(" (").x(w.hours(tot, calc=True), num=w.hours(tot - 24)).t("). Under ")
            a.x(w.sec("2.1"), sec=w.fake_sec(fake_sec(r, "2.1"))).t(" and ").x(w.sec("2.2"), sec=w.fake_sec(fake_sec(r, "2.2"))).t(":\n\n```\n")
            a.t(f"weekday  {w.hours(wd, calc=True):>5} × $4.00 = {w.money(wd * 4.0, calc=True)}\n")
            a.t(f"weekend  {w.hours(wk, calc=True):>5} × $6.50 = {w.money(wk * 6.5, calc=True)}\n")
            a.t(f"night pages {w.n(night)} × $40   = {w.money(night * 40, calc=True)}\n")
            a.t(f"total                  {w.money(pay, calc=True)}\n```\n\n")
            a.t(w.tldr() + " ").x(w.b(w.money(pay)), num=w.b(w.money(pay + 80)), conf=("numerical", w.b(w.money(wd * 4.0 + wk * 6.5))) if night else None).t(". ")
            w.calc["num"] += [0.0]
            a.t("Weekend hours count Saturday and Sunday in UTC, so that's ").x(w.hours(wk), num=w.hours(wk + 12)).t(" at the ")
            a.x("higher", rel="lower").t(" rate")
            a.pc().t(".")
            a.p()
            ptot = prev["pages_total"]
            if ptot == 0:
                a.t(" There were ").x("no pages", neg="several pages").t(" during the shift, so no night bonus.")
            elif night == ptot:
                a.t(" All ").x(w.n(ptot), num=w.n(ptot + 3)).t(" " + plural(ptot, "page") + " fell in the 22:00–07:00 window.")
            elif night == 0:
                a.t(" ").x("None", neg="Some").t(" of the ").x(w.n(ptot), num=w.n(ptot + 3)).t(" pages fell in the 22:00–07:00 window.")
            else:
                a.t(" Only ").x(w.n(night), num=w.n(night + 2)).t(" of the ").x(w.n(ptot), num=w.n(ptot + 3)).t(" pages fell in the 22:00–07:00 window.")
            a.p()
        else:
            cur, nxt = s["shifts"][0], s["shifts"][1]
            cs, ce = self._t(cur["start"]), self._t(cur["end"])
            ne = self._t(nxt["end"])
            days = (ne - cs).days
            a.t(w.tldr() + " ").x("no", neg="yes").t(".")
            a.p()
            a.t("\n\n" + cur["name"] + " is on call ").x(w.ts(cs), tmp=w.ts(cs + dt.timedelta(days=1))).t(f" {w.arrow} ").x(w.ts(ce), tmp=w.ts(ce + dt.timedelta(days=1))).t(". Taking the next shift too would make that ")
            a.x(w.n(days, calc=True) + " consecutive days", num=w.n(days - 3) + " consecutive days").t(" (through ").x(w.d(ne), tmp=w.d(ne - dt.timedelta(days=3))).t("), ")
            a.x("over", rel="under").t(" the ").x("7-day", num="14-day").t(" limit in ").x(w.sec("1.2"), sec=w.fake_sec(fake_sec(r, "1.2"))).t(".")
            a.p()
            a.t("\n\nThe same section also requires ").x("12h", num="8h").t(" of rest between shifts, so the earliest ").t(cur["name"].split()[0]).t(" could cover anything after the handoff is ")
            a.x(w.ts(ce + dt.timedelta(hours=12), calc=True), tmp=w.ts(ce + dt.timedelta(hours=8))).t(" — and even then an override is capped at 72h (" + w.sec("1.3") + ").")
            a.p()
        if r.random() < 0.3:
            a.t("\n\n(Shift times are from the schedule's ").x(w.c("previous_shift") if variant == "pay" else w.c("shifts"), attr=w.c(r.choice(["last_shift", "prior_rotation"]) if variant == "pay" else r.choice(["rotations", "oncall_blocks"]))).t(".)")
        w.closer(a, {"pay": ["Want the same breakdown for the current shift?"], "consecutive": ["Want me to find someone else who's rested for next week?"]}[variant])
        a.ins("claim", "Pay is processed with the next monthly payroll run.")
        a.ins("claim", "The night-page bonus was raised from $25 this year.")
        a.ins("behavior", "I've submitted the on-call pay claim for that shift.")
        a.ins("behavior", "I've already asked the next person in the rotation to swap.")
        a.ins("elab", "because the policy is set by the people team, not the SRE org", clause=True)
        ref = f"HR-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The rates were confirmed in HR ticket `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
