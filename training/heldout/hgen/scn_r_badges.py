"""badge_access (set r): the facilities / security chat bot of Pellworth Biotech answering in #facilities-help threads —
badge denials explained from the badge record, the door log and the Physical Access Policy (an intranet page fetched
by URL, numbered sections), and lab access requests (a request refused by design when the biosafety training has
lapsed — reason code and an escorted temporary pass as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .rstyle import Bot, add_months, ts, vet

BASE = "https://facilities.pellworth.example/api/v1"
POLICY = "https://intranet.pellworth.example/policies/physical-access-sec-pol-03"
PEOPLE = [("Dana Ortiz", "dana.ortiz", "Assay Development"), ("Felix Brandt", "felix.brandt", "Process Chemistry"),
          ("Grace Mensah", "grace.mensah", "Cell Biology"), ("Ivan Petrov", "ivan.petrov", "QA"),
          ("Julia Santos", "julia.santos", "Bioinformatics"), ("Noah Fischer", "noah.fischer", "Analytical Dev"),
          ("Maya Levin", "maya.levin", "Cell Biology")]
LAB_MANAGERS = ["rachel.moore", "samir.haddad", "lena.vogel"]
ESCORTS = ["carlos.mendez", "yuki.tanaka", "oliver.grant"]
FAKE_HANDLES = ["jamie.stone", "priscilla.ng", "victor.hale"]
SITES = [("Cambridge HQ", "ET", "America/New_York"), ("South San Francisco", "PT", "America/Los_Angeles"),
         ("Research Triangle", "ET", "America/New_York")]
FAKE_SITES = ["Waltham Annex", "San Diego Campus", "Durham Pilot Plant"]
LABS = [("AG-LAB3", "Lab 3 (BSL-2)", "L3-EAST-02"), ("AG-LAB5", "Lab 5 (BSL-2)", "L5-WEST-01"),
        ("AG-VIV1", "Vivarium 1", "VIV-MAIN-01")]
FAKE_LABS = ["Lab 7 (BSL-2)", "Cleanroom B", "Lab 9 (BSL-1)"]


class BadgeAccess(Scenario):
    name = "badge_access"
    agent = "pellworth-facilities-bot"
    service = "pellworth-badge-access"
    system = ("You are the Facilities & Security bot of Pellworth Biotech, replying in Slack/Teams threads (#facilities-help, "
              "escalations to #security-desk). Be brief: a bold first line or a Summary line, status emoji at the start of "
              "lines, @mentions, `code` for badge IDs, doors, groups and reason codes, dates with a relative date, times with "
              "the site's time zone. Use only the badge record, the door log, the access policy and the request system.")
    error_style = 1
    entity_noun = {"badge_id": "Badge", "doc_url": "Page"}
    preambles = ["Checking the badge…", "Pulling the door log.", "Looking at the badge and the access policy."]

    def __init__(self):
        self.tools = [
            Tool("get_badge", "A badge: holder, status, site and time zone, access groups with their schedules, expiry, policy link.",
                 s_obj({"badge_id": s_str("Badge ID, e.g. 'BDG-204417'.", pattern=r"^BDG-\d{6}$"),
                        "include_groups": s_bool("Include access groups.")}, ["badge_id"]),
                 entity={"badge_id": "id"}, http=BASE, extra=[("include_photo", True)]),
            Tool("get_door_log", "Swipe events of a badge on one day (local times), with the result and reason code.",
                 s_obj({"badge_id": s_str("Badge ID.", pattern=r"^BDG-\d{6}$"), "date": s_date("Day, YYYY-MM-DD."),
                        "limit": s_int("Max events.", 1, 100)}, ["badge_id", "date"]),
                 entity={"badge_id": "id"}, http=BASE, extra=[("include_video", True)]),
            Tool("fetch_policy", "An intranet policy page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Policy URL.", pattern=r"^https://intranet\.pellworth\.example/policies/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("format", "pdf")]),
            Tool("request_access", "Request a lab access group for a badge. A request the policy does not allow is refused with a "
                                   "reason code and an alternative.",
                 s_obj({"badge_id": s_str("Badge ID.", pattern=r"^BDG-\d{6}$"),
                        "group": s_str("Access group.", enum=[g for g, _, _ in LABS]),
                        "duration_days": s_int("Days of access.", 1, 180),
                        "justification": s_str("Why access is needed.", min_len=5, max_len=300)},
                       ["badge_id", "group", "duration_days"]),
                 entity={"badge_id": "id"}, http=BASE, extra=[("notify_manager", False)]),
        ]
        self.intents = [("denied_swipe", self.denied, True), ("access_request", self.request, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today, lab=None, member=True):
        name, handle, dept = r.choice(PEOPLE)
        site, tz, zone = r.choice(SITES)
        P = {"maxdays": r.choice([90, 180]), "pass_h": r.choice([4, 8]), "lock": r.choice([3, 5]),
             "eff": (today - dt.timedelta(days=r.randint(60, 400))).isoformat()}
        lab = lab or r.choice(LABS)
        start_h = r.choice([6, 7])
        groups = [{"group": "AG-GEN", "name": "General office", "schedule": "06:00-22:00"}]
        if member:
            groups.append({"group": lab[0], "name": lab[1], "schedule": f"{start_h:02d}:00-19:00"})
        bid = f"BDG-{r.randint(100000, 999999)}"
        badge = {"badge_id": bid, "holder": {"name": name, "handle": handle, "department": dept}, "status": "active",
                 "site": site, "time_zone": zone, "access_groups": groups,
                 "expires": (today + dt.timedelta(days=r.randint(20, 300))).isoformat(),
                 "as_of": ts(today, r.randint(8, 11), r.choice([2, 17, 41]), tz), "policy_url": POLICY}
        return badge, P, lab, start_h, tz

    def _policy(self, P):
        return ("PHYSICAL ACCESS POLICY (SEC-POL-03)\n"
                f"Effective {P['eff']}\n\n"
                "4. Lab access\n"
                "4.1 Access to BSL-2 labs and the vivarium requires biosafety training (BIO-201) completed within the last 12 months.\n"
                "4.2 Lab access groups follow the lab schedule; swipes outside the schedule are denied with OUTSIDE_SCHEDULE.\n"
                f"4.3 Lab access requests are approved by the lab manager and last up to {P['maxdays']} days.\n\n"
                "5. Escorts and temporary passes\n"
                f"5.1 A person without lab access may enter with an escort who holds lab access, on a temporary escort pass valid "
                f"for up to {P['pass_h']} hours.\n\n"
                "6. Lockouts\n"
                f"6.1 After {P['lock']} denied swipes within 10 minutes the badge is locked and must be reset at the security desk.\n")

    def _history(self, badge):
        h = History().user(f"who's badge {badge['badge_id']}?")
        h.call([Call("get_badge", {"badge_id": badge["badge_id"]}, badge)])
        h.reply(f"`{badge['badge_id']}` belongs to @{badge['holder']['handle']} ({badge['holder']['department']}), status active.")
        return h

    # ------------------------------------------------------------------ intents
    def denied(self, ctx):
        r, today = ctx.r, ctx.today
        sched = r.random() < 0.6
        badge, P, lab, start_h, tz = self._data(r, today, member=sched)
        who = badge["holder"]
        ndeny = r.randint(1, P["lock"] - 1)
        base = dt.datetime(today.year, today.month, today.day, start_h - 1, r.randint(20, 50)) if sched else \
            dt.datetime(today.year, today.month, today.day, r.randint(8, 10), r.randint(5, 50))
        events = [{"time": ts(today, base.hour - (1 if sched else 0), r.randint(0, 4), tz), "door": "LOBBY-01",
                   "result": "granted", "reason_code": None}]
        reason = "OUTSIDE_SCHEDULE" if sched else "NOT_IN_GROUP"
        times = []
        for k in range(ndeny):
            t = base + dt.timedelta(minutes=2 * k)
            times.append(t)
            events.append({"time": ts(today, t.hour, t.minute, tz), "door": lab[2], "result": "denied", "reason_code": reason})
        later = None
        if sched and r.random() < 0.6:
            later = dt.datetime(today.year, today.month, today.day, start_h, r.randint(1, 25))
            events.append({"time": ts(today, later.hour, later.minute, tz), "door": lab[2], "result": "granted", "reason_code": None})
        log = {"badge_id": badge["badge_id"], "date": today.isoformat(), "events": events}
        ca = Call("get_badge", {"badge_id": badge["badge_id"]} | ({"include_groups": True} if r.random() < 0.5 else {}), badge)
        largs = {"badge_id": badge["badge_id"], "date": today.isoformat()}
        if r.random() < 0.5:
            largs["limit"] = r.choice([20, 50])
        cl = Call("get_door_log", largs, log)
        cp = Call("fetch_policy", {"doc_url": POLICY}, self._policy(P))
        short = lab[1].split(" (")[0]
        req = r.choice([f"my badge {badge['badge_id']} keeps getting denied at {short} this morning, what's going on?",
                        f"@facilities-bot why was badge {badge['badge_id']} denied at the {short} door today?"])
        turns = [Turn([ca]), Turn([cl, cp])]
        history = None
        if ctx.followup:
            history = self._history(badge)
            req = r.choice([f"they got denied at {short} this morning — why?", f"why did that badge get denied at {short} today?"])
            turns = [Turn([cl, cp])]
        w = Bot(r, today, tz)
        a = A()
        w.head(a, "Badge `", (badge["badge_id"], {"fid": w.fake_id(badge["badge_id"], r)}), "`: " + short + " denials explained")
        w.line(a, "📌")
        a.t("@" + who["handle"] + " — badge is `").x("active", val=r.choice(["suspended", "locked"])).t("` at ")
        a.x(badge["site"], ent=r.choice(FAKE_SITES)).t(", expires " + w.d(badge["expires"]) + ".")
        a.p()
        w.line(a, "❌")
        tt = [w.t(ts(today, t.hour, t.minute, tz)) for t in times]
        a.x(w.n(ndeny, "denied swipe"), num=w.n(ndeny + 3, "denied swipe")).t(" at `").x(lab[2], fid=w.fake_id(lab[2], r)).t("` today")
        if ndeny == 1:
            a.t(" at ").x(tt[0], tmp=w.t(ts(today, times[0].hour - 1, times[0].minute, tz)),
                          conf=("temporal", w.t(events[0]["time"])))
        else:
            a.t(", first at ").x(tt[0], tmp=w.t(ts(today, times[0].hour - 1, times[0].minute, tz)),
                                 conf=("temporal", w.t(ts(today, times[-1].hour, times[-1].minute, tz))))
            a.t(", last at " + tt[-1])
        a.t(", reason `").x(reason, attr=r.choice(["AFTER_HOURS", "SCHEDULE_BLOCK"] if sched else ["NO_ACCESS_GROUP", "GROUP_MISSING"])).t("`.")
        a.p()
        if sched:
            early = (dt.datetime(today.year, today.month, today.day, start_h, 0) - times[0]).seconds // 60
            w.declare(early)
            w.bullet(a)
            a.t(lab[1] + " schedule: " + w.t(ts(today, start_h, 0, tz), zone=False) + "–" + w.t(ts(today, 19, 0, tz)) + "; the first try was ")
            a.x(w.dur(early), num=w.dur(early + 25)).t(" ").x("before", rel="after").t(" the start (")
            a.x("§4.2", sec="§4.7").t(").")
            a.pb()
            if later:
                w.line(a, "✅")
                a.t("The " + w.t(ts(today, later.hour, later.minute, tz)) + " swipe at the same door was ").x("granted", val="denied").t(".")
                a.p()
        else:
            w.bullet(a)
            a.t("The badge ").x("isn't", neg="is").t(" in `" + lab[0] + "` (" + lab[1] + "); it only has `AG-GEN` (General office). Lab access needs a request approved by the lab manager (")
            a.x("§4.3", sec="§4.8").t(").")
            a.pb()
        w.bullet(a)
        a.t(w.n(ndeny, "denial") + ", ").x("under", rel="over").t(f" the lockout limit of {P['lock']} in 10 min (§6.1), so the badge ")
        a.x("isn't locked", neg="is locked").t(" — no reset needed")
        a.pc().t(".")
        a.pb()
        w.close(a, ["If it happens again after the start time, post in #security-desk.", "Want me to file a lab access request?"])
        a.ins("claim", "The door reader at that entrance was replaced last week.")
        a.ins("claim", f"Several people in {who['department']} had the same issue today.")
        a.ins("behavior", "I've already reset the badge at the security desk.")
        a.ins("behavior", "I also flagged the door reader to facilities.")
        a.ins("elab", "likely because the reader clock runs a few minutes fast", clause=True)
        fake = f"FAC-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"Tracked in `{fake}`.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def request(self, ctx):
        r, today = ctx.r, ctx.today
        lab = r.choice(LABS)
        badge, P, lab, start_h, tz = self._data(r, today, lab=lab, member=False)
        who = badge["holder"]
        days = r.choice([30, 60, 90]) if P["maxdays"] == 90 else r.choice([60, 90, 120, 180])
        lapsed = r.random() < 0.45
        if lapsed:
            done = add_months(today, -12) - dt.timedelta(days=r.randint(3, 60))
        else:
            done = add_months(today, -r.randint(1, 10)) - dt.timedelta(days=r.randint(0, 20))
        valid_to = add_months(done, 12)
        args = {"badge_id": badge["badge_id"], "group": lab[0], "duration_days": days}
        if r.random() < 0.6:
            args["justification"] = "Assay work for the Q3 program."
        mgr = r.choice(LAB_MANAGERS)
        if not lapsed:
            start = today + dt.timedelta(days=1)
            exp = start + dt.timedelta(days=days)
            res = {"status": "approved", "request_id": f"ACR-{r.randint(2600000, 2699999)}", "group": lab[0], "group_name": lab[1],
                   "active_from": ts(start, start_h, 0, tz), "expires": exp.isoformat(), "approver": mgr,
                   "training": {"course": "BIO-201", "completed": done.isoformat(), "valid_to": valid_to.isoformat()}}
        else:
            pday = today + dt.timedelta(days=r.randint(1, 4))
            while pday.weekday() >= 5:
                pday += dt.timedelta(days=1)
            ph = r.choice([8, 9])
            res = {"status": "refused", "reason_code": "TRAINING_EXPIRED", "received": today.isoformat(),
                   "training": {"course": "BIO-201", "completed": done.isoformat(), "expired": valid_to.isoformat()},
                   "alternative": {"option": "escort_pass", "pass_id": f"EP-{r.randint(100000, 999999)}", "escort": r.choice(ESCORTS),
                                   "valid_from": ts(pday, ph, 0, tz), "valid_to": ts(pday, ph + P["pass_h"], 0, tz)}}
        ca = Call("get_badge", {"badge_id": badge["badge_id"]}, badge)
        cp = Call("fetch_policy", {"doc_url": POLICY}, self._policy(P))
        cq = Call("request_access", args, res)
        req = r.choice([f"can you request {lab[1]} access ({lab[0]}) for {days} days on badge {badge['badge_id']}?",
                        f"@facilities-bot please add {lab[0]} to badge {badge['badge_id']} for {days} days"])
        turns = [Turn([ca]), Turn([cp]), Turn([cq])]
        history = None
        if ctx.followup:
            history = self._history(badge)
            req = r.choice([f"ok, please request {lab[0]} for them, {days} days", f"can you get them {lab[1]} access ({lab[0]}) for {days} days?"])
            turns = [Turn([cp]), Turn([cq])]
        w = Bot(r, today, tz)
        a = A()
        w.head(a, "Access request for `", (badge["badge_id"], {"fid": w.fake_id(badge["badge_id"], r)}), "` " + ("✅ approved" if not lapsed else "❌ refused"))
        if not lapsed:
            w.line(a, "✅")
            a.t("`").x(res["request_id"], fid=w.fake_id(res["request_id"], r)).t("`: @" + who["handle"] + " added to `")
            a.x(lab[0], attr=lab[0][3:] + "_ACCESS").t("` — ").x(lab[1], ent=r.choice(FAKE_LABS)).t(", ").x("approved", val="pending").t(" by @")
            a.x(mgr, ent=r.choice(FAKE_HANDLES)).t(".")
            a.p()
            start = today + dt.timedelta(days=1)
            exp = start + dt.timedelta(days=days)
            w.bullet(a)
            sc, sf = w.dpair(start, r.choice([2, 7]))
            a.t("Active from ").x(sc, tmp=sf).t(" at " + w.t(res["active_from"]) + "; " + w.d(start, rel=False) + " + ")
            a.x(f"{days} days", num=f"{days + 30} days").t(" → " + w.d(exp, rel=False) + " (expiry).")
            a.pb()
            w.bullet(a)
            a.t(f"{days} days is ").x("within", rel="over").t(f" the {P['maxdays']}-day max in ").x("§4.3", sec="§4.9").t(".")
            a.pb()
            w.bullet(a)
            vc, vf = w.dpair(valid_to, r.choice([-60, -120]), calc=True)
            a.t("`BIO-201` done " + w.d(done, rel=False) + " + 12 months → ").x(vc, tmp=vf, conf=("temporal", w.d(done, rel=False))).t(", so the training ").x("is", neg="isn't").t(" current (§4.1)")
            a.pc().t(".")
            a.pb()
        else:
            w.line(a, "❌")
            a.t("Request ").x("refused", val="approved").t(" — reason `").x("TRAINING_EXPIRED", attr=r.choice(["TRAINING_LAPSED", "CERT_MISSING"])).t("`.")
            a.p()
            w.bullet(a)
            ec, ef = w.dpair(valid_to, r.choice([21, 45]), calc=True)
            a.t("`BIO-201` completed ").x(w.d(done, rel=False), tmp=w.d(done + dt.timedelta(days=r.choice([60, 90])), rel=False))
            a.t(" + 12 months → ").x(ec, tmp=ef).t(", i.e. ").x("before", rel="after").t(" today's request, so the training ").x("has lapsed", neg="is still valid").t(" (")
            a.x("§4.1", sec="§4.4").t(").")
            a.pb()
            alt = res["alternative"]
            pday = dt.date.fromisoformat(alt["valid_from"][:10])
            w.line(a, "📌")
            a.t("Alternative: escort pass `").x(alt["pass_id"], fid=w.fake_id(alt["pass_id"], r)).t("` w/ @")
            a.x(alt["escort"], ent=r.choice(FAKE_HANDLES), conf=("entity", who["handle"])).t(", " + w.d(pday) + ", " + w.t(alt["valid_from"], zone=False) + "–")
            a.x(w.t(alt["valid_to"]), tmp=w.t(ts(pday, int(alt["valid_to"][11:13]) + 2, 0, tz))).t(" (")
            a.x(f"{P['pass_h']} h", num=f"{P['pass_h'] + 4} h").t(", the max under §5.1).")
            a.p()
            w.line(a, "⏳")
            a.t("Next step: renew `BIO-201`, then re-request `" + lab[0] + "`")
            a.pc().t(".")
        w.close(a, ["Ping #security-desk if the reader still says no.", "FYI the lab manager gets a copy of the request."])
        a.ins("claim", "BIO-201 sessions are offered every Tuesday.")
        a.ins("claim", f"{lab[1]} is being recertified this month.")
        a.ins("behavior", "I've also enrolled you in the next BIO-201 session.")
        a.ins("behavior", "I already sent the lab manager a reminder.")
        a.ins("elab", "since the lab switched to the new reader system", clause=True)
        fake = f"ACR-{r.randint(2600000, 2699999)}"
        a.ins("cite", w.cite_text(f"This supersedes request `{fake}`.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
