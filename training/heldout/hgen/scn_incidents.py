"""it_incidents: incidents, service health, deploys, on-call schedules, runbooks, postmortems."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, closer, d_long, d_med, d_short,
                     d_wd, dur_hm, mutate_id, nword, opener, other_than, plural, s_date, s_int, s_obj, s_str, t24)

BASE = "https://ops-api.opspilot.internal"
WIKI = "https://wiki.opspilot.example/postmortems"
SERVICES = {"checkout-api": "payments", "payments-gateway": "payments", "search-indexer": "search",
            "auth-service": "identity", "notifications-worker": "messaging", "inventory-sync": "fulfillment",
            "ledger-writer": "finance-platform"}
ENGINEERS = [("Priya Raman", "@priya.r"), ("Marco Bellini", "@marco"), ("Aisha Bello", "@aisha.b"),
             ("Tomasz Zielinski", "@tomasz"), ("Grace Liu", "@grace.liu"), ("Daniel Osei", "@dosei"),
             ("Hiro Tanaka", "@hiro"), ("Sam Keller", "@sam.k"), ("Nadia Petrova", "@nadia")]
OTHER_ENG = ["Lucas Meyer", "Chloe Martin", "Omar Haddad", "Ella Svensson", "Ben Carter"]
REGIONS = ["us-east-1", "eu-west-1", "ap-southeast-2", "us-west-2"]
CAUSES = {
    "payments": ("a bad config push to the PSP connection pool", "connection pool size was set to 4 instead of 40 in the new config"),
    "search": ("an index mapping change that triggered full reindexing", "a mapping change forced a full reindex during peak traffic"),
    "identity": ("an expired intermediate TLS certificate", "the intermediate certificate on the token signer expired"),
    "messaging": ("a poison message blocking the queue consumer", "a malformed payload made the consumer crash-loop"),
    "fulfillment": ("a schema migration that locked the stock table", "a migration took an exclusive lock on the stock table"),
    "finance-platform": ("a disk filling up on the primary database", "WAL files filled the primary's data volume"),
}


def ts(d, h, m, s=0):
    return f"{d.isoformat()}T{h:02d}:{m:02d}:{s:02d}Z"


def T(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def utc(s):
    return t24(s) + " UTC"


class Incidents(Scenario):
    name = "it_incidents"
    agent = "OpsPilot"
    service = "opspilot-sre-agent"
    system = ("You are OpsPilot, the SRE assistant for the platform team. Use the incident, health, deploy, on-call, "
              "runbook and postmortem tools to answer. Times in tool results are UTC; report them in UTC. Do not "
              "page anyone or change incident state unless explicitly asked.")
    error_style = 0
    entity_noun = {"incident_id": "Incident", "path": "Runbook", "url": "Postmortem"}
    preambles = ["Checking.", "Let me look.", "Pulling that up.", "On it."]

    def __init__(self):
        svc = s_str("Service name, e.g. 'checkout-api'.", pattern=r"^[a-z][a-z0-9-]{2,40}$")
        self.tools = [
            Tool("get_incident", "Details and timeline of one incident.",
                 s_obj({"incident_id": s_str("Incident ID, e.g. 'INC-20417'.", pattern=r"^INC-\d{5}$")}, ["incident_id"]),
                 entity={"incident_id": "id"}, http=BASE, extra=[("include_timeline", True)]),
            Tool("list_incidents", "Incidents for a service, newest first.",
                 s_obj({"service": svc, "status": s_str("Status filter.", enum=["open", "resolved", "any"]),
                        "since": s_date("Only incidents opened on or after this date (YYYY-MM-DD)."),
                        "limit": s_int("Maximum number of incidents.", 1, 50)}, ["service"]),
                 http=BASE, extra=[("severity", "SEV2")]),
            Tool("get_service_health", "SLO status and golden signals of a service over a window.",
                 s_obj({"service": svc, "window": s_str("Aggregation window.", enum=["1h", "24h", "7d"])}, ["service", "window"]),
                 http=BASE, extra=[("region", "all"), ("percentile", 99)]),
            Tool("list_deploys", "Recent deploys of a service.",
                 s_obj({"service": svc, "environment": s_str("Environment.", enum=["production", "staging"]),
                        "limit": s_int("Maximum number of deploys.", 1, 20)}, ["service"]),
                 http=BASE, extra=[("include_commits", True)]),
            Tool("get_oncall", "Current on-call shift for a PagerDuty-style schedule.",
                 s_obj({"schedule": s_str("Schedule name, e.g. 'payments-primary'.", pattern=r"^[a-z][a-z0-9-]+$")}, ["schedule"]),
                 http=BASE, extra=[("include_overrides", True)]),
            Tool("get_runbook", "Markdown text of a runbook in the ops repository.",
                 s_obj({"path": s_str("Runbook path, e.g. 'runbooks/payments/gateway-5xx.md'.", pattern=r"^runbooks/[a-z0-9/_-]+\.md$")}, ["path"]),
                 entity={"path": "path"}, http=BASE, extra=[("ref", "main")]),
            Tool("fetch_postmortem", "Fetch a published postmortem by URL.",
                 s_obj({"url": s_str("Postmortem URL.", pattern=r"^https://wiki\.opspilot\.example/postmortems/", fmt="uri")}, ["url"]),
                 entity={"url": "url"}, http=BASE, extra=[("format", "json")]),
        ]
        self.intents = [("incident_status", self.incident, True), ("service_health", self.health, False),
                        ("oncall", self.oncall, False), ("runbook", self.runbook, True), ("postmortem", self.postmortem, True)]

    # ------------------------------------------------------------------ data
    def make_incident(self, r: R, today, status=None, service=None):
        service = service or r.choice(list(SERVICES))
        team = SERVICES[service]
        status = status or r.choice(["investigating", "identified", "monitoring", "resolved"])
        day = today if status != "resolved" else today - dt.timedelta(days=r.randint(0, 6))
        h, m = r.randint(1, 18), r.randint(0, 59)
        opened = dt.datetime(day.year, day.month, day.day, h, m, tzinfo=dt.timezone.utc)
        steps = [("investigating", 0, f"Elevated 5xx on {service}; {r.choice(['checkout', 'login', 'search', 'webhook'])} requests affected"),
                 ("identified", r.randint(6, 25), f"Cause identified: {CAUSES[team][0]}"),
                 ("monitoring", r.randint(30, 70), "Fix deployed; error rate back under 0.5%"),
                 ("resolved", r.randint(80, 160), "No errors for 30 minutes; closing")]
        order = ["investigating", "identified", "monitoring", "resolved"]
        tl = []
        for st, off, note in steps[: order.index(status) + 1]:
            t = opened + dt.timedelta(minutes=off)
            tl.append({"at": t.strftime("%Y-%m-%dT%H:%M:%SZ"), "status": st, "note": note})
        cmd = r.choice(ENGINEERS)
        region = r.choice(REGIONS)
        impact = r.choice([2, 3, 4, 6, 8, 12, 15])
        inc = {"id": f"INC-{r.randint(10000, 99999)}", "title": f"{service}: elevated error rate", "severity": r.choice(["SEV1", "SEV2", "SEV2", "SEV3"]),
               "status": status, "service": service, "team": team, "opened_at": tl[0]["at"],
               "resolved_at": tl[-1]["at"] if status == "resolved" else None,
               "commander": {"name": cmd[0], "handle": cmd[1]},
               "customer_impact": f"~{impact}% of requests failing in {region}", "timeline": tl,
               "runbook_path": f"runbooks/{team}/{service}-5xx.md",
               "postmortem_url": f"{WIKI}/{day.isoformat()}-{service}" if status == "resolved" else None}
        return inc, impact, region

    # ------------------------------------------------------------------ intents
    def incident(self, ctx):
        r, today = ctx.r, ctx.today
        inc, impact, region = self.make_incident(r, today)
        iid = inc["id"]
        gc = Call("get_incident", {"incident_id": iid}, inc)
        history = None
        if ctx.followup:
            other, _, _ = self.make_incident(r, today, "resolved", inc["service"])
            lst = {"incidents": [{"id": x["id"], "title": x["title"], "severity": x["severity"], "status": x["status"], "opened_at": x["opened_at"]}
                                 for x in sorted([inc, other], key=lambda x: x["opened_at"], reverse=True)]}
            history = History().user(f"Any incidents on {inc['service']} recently?")
            history.call([Call("list_incidents", {"service": inc["service"], "status": "any", "limit": 10}, lst)])
            history.reply(f"Two: {inc['id']} ({inc['status']}) and {other['id']} (resolved).")
            req = r.choice([f"What's going on with {iid}?", "Tell me more about the first one.", f"status of {iid}?"])
            if req == "Tell me more about the first one." and lst["incidents"][0]["id"] != iid:
                req = f"Tell me more about {iid}."
        else:
            req = r.choice([f"What's the status of {iid}?", f"any update on {iid}?", f"Give me a summary of {iid} — who's running it?",
                            f"Is {iid} resolved yet?"])
        tl = inc["timeline"]
        st = inc["status"]
        oth = other_than(r, OTHER_ENG, inc["commander"]["name"])
        alt_st = {"investigating": "resolved", "identified": "resolved", "monitoring": "resolved", "resolved": "monitoring"}[st]
        a = A()
        style = r.choice(["prose", "bullets", "terse"])
        shift_t = lambda s: utc((T(s) + dt.timedelta(minutes=r.choice([-45, -20, 25, 60]))).strftime("%Y-%m-%dT%H:%M:%SZ"))
        if style == "terse":
            a.x(iid, fid=mutate_id(iid, r)).t(" is ").x(st, val=alt_st).t(f" ({inc['severity']}, {inc['service']}) — IC ").x(inc["commander"]["name"], ent=oth).t(".").p()
            a(" Latest: ").t(tl[-1]["note"].split(";")[0]).t(" at ").x(utc(tl[-1]["at"]), tmp=shift_t(tl[-1]["at"])).t(".").p()
        elif style == "bullets":
            a("**").x(iid, fid=mutate_id(iid, r)).t(f" — {inc['title']}**\n\n")
            a("- **Status:** ").x(st.capitalize(), val=alt_st.capitalize()).t(" (").t(inc["severity"]).t(")").pb()
            a("\n- **Opened:** ").x(utc(inc["opened_at"]), tmp=shift_t(inc["opened_at"])).t(" on ").t(d_med(inc["opened_at"])).pb()
            if st == "resolved":
                mins = int((T(inc["resolved_at"]) - T(inc["opened_at"])).total_seconds() // 60)
                a("\n- **Resolved:** ").x(utc(inc["resolved_at"]), tmp=shift_t(inc["resolved_at"])).t(" (").x(dur_hm(mins), num=dur_hm(mins + r.choice([30, 45, 60]))).t(" total)").pb()
            a("\n- **Incident commander:** ").x(inc["commander"]["name"], ent=oth).t(f" ({inc['commander']['handle']})").pb()
            a("\n- **Impact:** ~").x(f"{impact}%", num=f"{impact + r.choice([5, 10, 20])}%").t(" of requests failing in ").x(region, ent=other_than(r, REGIONS + ["eu-central-1", "ap-northeast-1"], region, blob=str(inc))).pb()
            a("\n\nLatest update (").x(utc(tl[-1]["at"]), tmp=shift_t(tl[-1]["at"]), conf=("temporal", utc(tl[0]["at"])) if len(tl) > 1 else None).t("): ").t(tl[-1]["note"]).t(".").pp()
            closer(a, r, sep="\n\n", extra=["Want me to pull the runbook for this?", "Should I check the service's SLO dashboard too?"])
        else:
            opener(a, r, p=0.3)
            a.x(iid, fid=mutate_id(iid, r)).t(" (").t(inc["severity"]).t(" on ").t(inc["service"]).t(") ")
            if st == "resolved":
                mins = int((T(inc["resolved_at"]) - T(inc["opened_at"])).total_seconds() // 60)
                a("is ").x("resolved", val="still being monitored").t(". It opened at ").x(utc(inc["opened_at"]), tmp=shift_t(inc["opened_at"])).t(" on ").t(d_long(inc["opened_at"]))
                a(" and was closed at ").x(utc(inc["resolved_at"]), tmp=shift_t(inc["resolved_at"])).t(", so it lasted ").x(dur_hm(mins), num=dur_hm(mins + r.choice([40, 60, 90]))).t(".").p()
                a(" The cause was ").t(CAUSES[inc["team"]][0]).pc().t(".").p()
            else:
                open_alt = {"investigating": "monitoring", "identified": "monitoring", "monitoring": "investigating"}[st]
                phrase = lambda x: x if x != "identified" else "in the identified stage"
                a("is ").x(phrase(st), val=phrase(open_alt)).t(" — it ").x("isn't resolved yet", neg="has been resolved").t(".").p()
                a(" It was opened at ").x(utc(inc["opened_at"]), tmp=shift_t(inc["opened_at"])).t(" by the ").t(inc["team"]).t(" team")
                if len(tl) > 1:
                    a("; the last update, at ").x(utc(tl[-1]["at"]), tmp=shift_t(tl[-1]["at"]), conf=("temporal", utc(tl[0]["at"]))).t(", says: \"").t(tl[-1]["note"]).t("\"")
                a(".").p()
            a(" ").x(inc["commander"]["name"], ent=oth).t(f" ({inc['commander']['handle']}) is the incident commander. Impact: about ").x(f"{impact}%", num=f"{impact + r.choice([5, 10, 20])}%").t(" of requests failing in ").t(region).t(".").p()
            closer(a, r, extra=["I'll keep an eye on the timeline if you want updates.", "Want me to fetch the runbook?"])
        a.ins("claim", f"The on-call secondary has already joined the bridge.")
        a.ins("claim", f"Around {r.randint(200, 900)} customers opened support tickets during the incident.")
        a.ins("behavior", f"I've paged the {inc['team']} secondary to help.")
        a.ins("behavior", "I've posted a summary in #incidents for visibility.")
        a.ins("elab", f"most likely triggered by the {r.choice(['morning', 'evening'])} traffic peak", clause=True)
        a.ins("elab", "A similar issue happened last month after a config change.")
        a.ins("cite", f"The status page entry is https://status.opspilot.example/incidents/{r.alnum(12).lower()}.")
        a.ins("cite", f"It's linked to Jira ticket OPS-{r.randint(1000, 9999)}.")
        return Plan(req, [Turn([gc])], a, history.msgs if history else None)

    def health(self, ctx):
        r, today = ctx.r, ctx.today
        service = r.choice(list(SERVICES))
        window = r.choice(["1h", "24h", "24h", "7d"])
        objective = r.choice([99.9, 99.95, 99.5])
        degraded = r.random() < 0.6
        avail = round(objective - r.uniform(0.05, 0.4), 2) if degraded else round(min(99.99, objective + r.uniform(0.02, 0.3)), 2)
        err = round(r.uniform(0.6, 3.5), 2) if degraded else round(r.uniform(0.01, 0.2), 2)
        p99 = r.randint(650, 2400) if degraded else r.randint(90, 400)
        budget = r.randint(5, 45) if degraded else r.randint(55, 95)
        regs = r.sample(REGIONS, 3)
        bad = regs[0]
        regions = [{"region": g, "status": ("degraded" if (degraded and g == bad) else "healthy"), "p99_latency_ms": (p99 if g == bad else r.randint(90, 380))} for g in regs]
        health = {"service": service, "window": window, "status": "degraded" if degraded else "healthy",
                  "slo": {"objective_pct": objective, "availability_pct": avail}, "error_rate_pct": err,
                  "p99_latency_ms": p99, "error_budget_remaining_pct": budget, "regions": regions}
        deploys = []
        t = dt.datetime(today.year, today.month, today.day, r.randint(9, 16), r.randint(0, 59), tzinfo=dt.timezone.utc)
        maj, mnr = r.randint(1, 5), r.randint(10, 60)
        people = r.sample(ENGINEERS, 3)
        for i in range(3):
            st = "succeeded" if i else r.choice(["succeeded", "succeeded", "rolled_back"])
            deploys.append({"deploy_id": f"dpl_{r.alnum(8).lower()}", "version": f"v{maj}.{mnr - i}.{r.randint(0, 4)}",
                            "commit_sha": r.hexid(20)[:7], "author": people[i][0],
                            "started_at": t.strftime("%Y-%m-%dT%H:%M:%SZ"), "finished_at": (t + dt.timedelta(minutes=r.randint(4, 14))).strftime("%Y-%m-%dT%H:%M:%SZ"),
                            "status": st})
            t -= dt.timedelta(hours=r.randint(5, 40))
        req = r.choice([f"Is {service} healthy right now? Anything deployed recently?", f"how's {service} doing? any recent deploys?",
                        f"Check {service}'s SLO over the last {window} and tell me what shipped last."])
        hc = Call("get_service_health", {"service": service, "window": window}, health)
        dargs = {"service": service}
        if r.random() < 0.6:
            dargs["environment"] = "production"
        if r.random() < 0.6:
            dargs["limit"] = r.choice([3, 5, 10])
        dc = Call("list_deploys", dargs, {"service": service, "environment": "production", "deploys": deploys})
        a = A()
        d0, d1 = deploys[0], deploys[1]
        oth = other_than(r, OTHER_ENG, *[p[0] for p in people])
        style = r.choice(["prose", "bullets", "table"])
        wtxt = {"1h": "the last hour", "24h": "the last 24 hours", "7d": "the last 7 days"}[window]
        used = 100 - budget
        if style == "prose":
            opener(a, r, p=0.3)
            a.t(service).t(" is ").x(health["status"], val="healthy" if degraded else "degraded").t(": availability over ").t(wtxt).t(" is ").x(f"{avail}%", num=f"{round(avail - 0.6, 2)}%")
            a(", ").x("below" if degraded else "above", rel="above" if degraded else "below").t(" its ").x(f"{objective}%", num=f"{objective - 0.4:.2f}%").t(" SLO, with a ").x(f"{err}%", num=f"{round(err * 3, 2)}%").t(" error rate and p99 latency of ")
            a.x(f"{p99:,} ms", num=f"{bump(p99, r, dec=0):,} ms").t(".").p()
            a(" About ").x(f"{used}%", num=f"{min(99, used + 25)}%").t(" of the error budget is used up").pc().t(".").p()
            if degraded:
                a(" The trouble is in ").x(bad, ent=other_than(r, REGIONS + ["eu-central-1"], *regs)).t("; ").t(regs[1]).t(" and ").t(regs[2]).t(" ").x("look healthy", val="are degraded too").t(".").p()
            a(" The latest production deploy was ").x(d0["version"], conf=("value", d1["version"])).t(" by ").x(d0["author"], ent=oth).t(" at ").x(utc(d0["started_at"]), tmp=utc((T(d0["started_at"]) - dt.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ"))).t(" on ").t(d_med(d0["started_at"]))
            if d0["status"] == "rolled_back":
                a(", and it was ").x("rolled back", val="completed successfully").t(".").p()
            else:
                a(", and it ").x("completed successfully", val="was rolled back").t(".").p()
            closer(a, r, extra=["Want me to check for open incidents on it?", "Should I page the on-call?"] if degraded else [])
        elif style == "bullets":
            a(f"**{service}** ({wtxt}):\n\n")
            a("- Status: ").x(health["status"], val="healthy" if degraded else "down").pb()
            a("\n- Availability: ").x(f"{avail}%", num=f"{round(avail - 0.7, 2)}%").t(" vs ").t(f"{objective}%").t(" objective").pb()
            a("\n- Error rate: ").x(f"{err}%", num=f"{round(err * 2.5, 2)}%").t(" · p99: ").x(f"{p99:,} ms", num=f"{bump(p99, r, dec=0):,} ms", conf=("numerical", f"{regions[1]['p99_latency_ms']:,} ms")).pb()
            a("\n- Error budget left: ").x(f"{budget}%", num=f"{min(99, budget + 30)}%").t(" (").x("`error_budget_remaining_pct`", attr="`error_budget_burn_pct`").t(")").pb()
            a("\n\nRecent deploys:\n")
            for i, d in enumerate(deploys[:2]):
                a("\n- ").x(d["version"], conf=("value", deploys[1 - i]["version"]) if i == 0 else None).t(" by ").x(d["author"], ent=oth if i == 0 else None).t(" — ")
                a.x(d["status"].replace("_", " "), val=("rolled back" if d["status"] == "succeeded" else "succeeded") if i == 0 else None).t(", ").x(d_short(d["started_at"]) + " " + utc(d["started_at"]), tmp=(d_short(d["started_at"]) + " " + utc((T(d["started_at"]) + dt.timedelta(hours=3)).strftime("%Y-%m-%dT%H:%M:%SZ"))) if i == 0 else None).pb()
            closer(a, r, sep="\n\n")
        else:
            a(f"Here's {service} over {wtxt}:\n\n| Signal | Value |\n|---|---|\n")
            a("| Status | ").x(health["status"], val="healthy" if degraded else "degraded").t(" |\n")
            a("| Availability | ").x(f"{avail}%", num=f"{round(avail - 0.5, 2)}%").t(" (SLO ").t(f"{objective}%").t(") |\n")
            a("| Error rate | ").x(f"{err}%", num=f"{round(err * 2, 2)}%").t(" |\n| p99 latency | ").x(f"{p99:,} ms", num=f"{bump(p99, r, dec=0):,} ms").t(" |\n\n")
            a("Availability is ").x("under" if degraded else "over", rel="over" if degraded else "under").t(" the objective. The last deploy was ").x(d0["version"], conf=("value", d1["version"])).t(" (`").x(d0["commit_sha"], fid=mutate_id(d0["commit_sha"], r)).t("`) by ").t(d0["author"]).t(".").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"The {d0['version']} deploy changed the connection pool settings.")
        a.ins("claim", "Traffic is about 30% above a normal weekday.")
        a.ins("behavior", f"I've opened an incident and paged the {SERVICES[service]} on-call.")
        a.ins("behavior", f"I've paused further deploys to {service} for now.")
        a.ins("elab", f"probably because of the {d0['version']} deploy", clause=True)
        a.ins("elab", "Latency spikes like this usually come from the nightly batch jobs.")
        a.ins("cite", f"Grafana dashboard: https://grafana.opspilot.example/d/{r.alnum(9).lower()}/{service}.")
        return Plan(req, [Turn([hc, dc])], a)

    def oncall(self, ctx):
        r, today = ctx.r, ctx.today
        teams = r.sample(["payments", "identity", "search", "messaging", "fulfillment", "finance-platform"], 2)
        two = r.random() < 0.5
        res = []
        people = r.sample(ENGINEERS, 4)
        end = dt.datetime(today.year, today.month, today.day, 9, 0, tzinfo=dt.timezone.utc) + dt.timedelta(days=r.randint(1, 6))
        for i, tm in enumerate(teams[: 2 if two else 1]):
            p, s = people[2 * i], people[2 * i + 1]
            res.append({"schedule": f"{tm}-primary", "timezone": "UTC",
                        "primary": {"name": p[0], "handle": p[1], "shift_start": (end - dt.timedelta(days=7)).strftime("%Y-%m-%dT%H:%M:%SZ"), "shift_end": end.strftime("%Y-%m-%dT%H:%M:%SZ")},
                        "secondary": {"name": s[0], "handle": s[1]},
                        "escalation_policy": {"name": f"{tm}-eng-managers", "escalate_after_minutes": r.choice([10, 15, 30])}})
        calls = [Call("get_oncall", {"schedule": x["schedule"]}, x) for x in res]
        req = (f"Who's on call for {teams[0]} and {teams[1]} right now?" if two else
               r.choice([f"Who's on call for {teams[0]}?", f"who is primary on {teams[0]}-primary this week", f"Need the {teams[0]} on-call — who is it?"]))
        a = A()
        oth = other_than(r, OTHER_ENG, *[p[0] for p in people])
        if two:
            x0, x1 = res
            a("**").t(teams[0]).t("** — primary ").x(x0["primary"]["name"], ent=oth, conf=("entity", x1["primary"]["name"])).t(f" ({x0['primary']['handle']}), secondary ").t(x0["secondary"]["name"]).pb()
            a("\n**").t(teams[1]).t("** — primary ").x(x1["primary"]["name"], conf=("entity", x0["secondary"]["name"])).t(f" ({x1['primary']['handle']}), secondary ").x(x1["secondary"]["name"], ent=oth).pb()
            a("\n\nBoth shifts hand over ").x(d_wd(end) + " at 09:00 UTC", tmp=d_wd(end + dt.timedelta(days=1)) + " at 09:00 UTC").t(".").pp()
            closer(a, r, sep="\n\n", extra=["Want me to page either of them?"])
        else:
            x0 = res[0]
            opener(a, r, p=0.3)
            a.x(x0["primary"]["name"], ent=oth, conf=("entity", x0["secondary"]["name"])).t(f" ({x0['primary']['handle']}) is primary on ").t(x0["schedule"]).t(" until ").x(d_long(end), tmp=d_long(end + dt.timedelta(days=r.choice([1, 2])))).t(" at ")
            a.x("09:00 UTC", tmp=r.choice(["17:00 UTC", "21:00 UTC"])).t(", with ").x(x0["secondary"]["name"], ent=other_than(r, OTHER_ENG, oth, *[p[0] for p in people])).t(" as secondary.").p()
            a(" If neither acknowledges, it escalates to ").x(x0["escalation_policy"]["name"], ent=f"{r.choice(['platform', 'sre', 'infra'])}-leads").t(" after ").x(f"{x0['escalation_policy']['escalate_after_minutes']} minutes", num=f"{x0['escalation_policy']['escalate_after_minutes'] + 15} minutes").t(".").p()
            closer(a, r, extra=["Want me to page them?", "I can open a Slack DM with them if that helps."])
        a.ins("claim", f"{res[0]['primary']['name']} is also covering the weekend shift.")
        a.ins("behavior", f"I've paged {res[0]['primary']['name']} so they're aware.")
        a.ins("elab", "because the usual rotation was swapped this week", clause=True)
        a.ins("cite", f"The override is recorded as PD-OVR-{r.randint(10000, 99999)}.")
        return Plan(req, [Turn(calls)], a)

    def runbook(self, ctx):
        r, today = ctx.r, ctx.today
        inc, impact, region = self.make_incident(r, today, r.choice(["investigating", "identified"]))
        path = inc["runbook_path"]
        svc, team = inc["service"], inc["team"]
        thr = r.choice([1, 2, 5])
        mins = r.choice([10, 15, 20])
        flag = r.choice(["psp_failover_enabled", "read_only_mode", "queue_drain_enabled", "circuit_breaker_forced_open"])
        text = (f"# {svc}: elevated 5xx\n\nOwner: {team}\n\n## 1. Triage\n1.1 Open the {svc} dashboard and confirm which regions are affected.\n"
                f"1.2 Check `list_deploys` for a deploy in the last 60 minutes.\n\n## 2. Mitigation\n"
                f"2.1 If a recent deploy is implicated, roll back: `deployctl rollback {svc} --to previous`.\n"
                f"2.2 If a dependency is failing, set the `{flag}` flag to true in the ops console.\n"
                f"2.3 Do not restart pods in more than one region at a time.\n\n## 3. Escalation\n"
                f"3.1 Page the {team} secondary if the error rate stays above {thr}% for {mins} minutes.\n"
                f"3.2 Declare SEV1 if checkout or login success rate drops below 95%.\n")
        gi = Call("get_incident", {"incident_id": inc["id"]}, inc)
        gr = Call("get_runbook", {"path": path}, text)
        history = None
        if ctx.followup:
            history = History().user(f"What's {inc['id']} about?")
            history.call([gi])
            history.reply(f"{inc['id']} is a {inc['severity']} on {svc}: {inc['customer_impact']}. Status: {inc['status']}.")
            req = r.choice(["What does the runbook say we should do?", "Pull up the runbook for it — what are the mitigation steps?"])
            turns = [Turn([gr])]
        else:
            req = r.choice([f"What does the runbook say to do for {inc['id']}?", f"We're on {inc['id']}. Walk me through the runbook mitigation steps."])
            turns = [Turn([gi]), Turn([gr])]
        a = A()
        fk = lambda real: r.choice([x for x in ["2.4", "2.5", "1.3", "3.3", "4.1", "4.2"] if x != real])
        fake_flag = {"psp_failover_enabled": "psp_fallback_enabled", "read_only_mode": "maintenance_mode",
                     "queue_drain_enabled": "queue_pause_enabled", "circuit_breaker_forced_open": "circuit_breaker_enabled"}[flag]
        style = r.choice(["numbered", "prose"])
        if style == "numbered":
            a("From `").x(path, fid=path.replace("-5xx", r.choice(["-errors", "-outage"]))).t("`:\n\n")
            a("1. **Check for a recent deploy** (step ").x("1.2", sec=fk("1.2")).t(") — if one shipped in the last ").x("60 minutes", num="30 minutes").t(", roll it back with `deployctl rollback ").t(svc).t(" --to previous` (step ").x("2.1", sec=fk("2.1")).t(").")
            a("\n2. **If a dependency is failing**, set ").x(f"`{flag}`", attr=f"`{fake_flag}`").t(" to true in the ops console (step 2.2).")
            a("\n3. ").x("Don't restart pods in more than one region at a time", neg="Restart pods in all regions at once").t(" (step 2.3).")
            a("\n\nEscalate to the ").t(team).t(" secondary if errors stay above ").x(f"{thr}%", num=f"{thr + r.choice([3, 5])}%").t(" for ").x(f"{mins} minutes", num=f"{mins + 15} minutes").t(" (section ").x("3", sec=r.choice(["4", "5"])).t(").").pp()
            closer(a, r, sep="\n\n", extra=["Want me to check the deploy history now?"])
        else:
            opener(a, r, p=0.3)
            a("The runbook for ").t(svc).t(" says to start by checking for a deploy in the last hour (step ").x("1.2", sec=fk("1.2")).t("). If one is implicated, roll it back")
            a(" (step ").x("2.1", sec=fk("2.1")).t("); if a dependency is the problem, flip ").x(f"`{flag}`", attr=f"`{fake_flag}`").t(" to true instead (step ").x("2.2", sec=fk("2.2")).t(").").p()
            a(" It also warns ").x("against", neg="in favor of").t(" restarting pods in more than one region at a time.").p()
            a(" Page the ").t(team).t(" secondary if the error rate is still above ").x(f"{thr}%", num=f"{thr + 4}%").t(" after ").x(f"{mins} minutes", num=f"{mins + 20} minutes").pc().t(", and declare a ").x("SEV1", val="SEV3").t(" if checkout or login success drops below ").x("95%", num="90%").t(".").p()
            closer(a, r, extra=["Want me to check recent deploys?"])
        a.ins("claim", "The rollback usually takes about 4 minutes per region.")
        a.ins("behavior", f"I've already rolled back the latest {svc} deploy.")
        a.ins("behavior", f"I've set `{flag}` to true for you.")
        a.ins("elab", "since that was the fix for the last two incidents on this service", clause=True)
        a.ins("cite", f"See also the companion runbook runbooks/{team}/{svc}-latency.md.")
        return Plan(req, turns, a, history.msgs if history else None)

    def postmortem(self, ctx):
        r, today = ctx.r, ctx.today
        inc, impact, region = self.make_incident(r, today - dt.timedelta(days=r.randint(5, 20)), "resolved")
        url = inc["postmortem_url"]
        svc, team = inc["service"], inc["team"]
        tl = inc["timeline"]
        ttd = r.randint(3, 12)
        ttm = int((T(tl[2]["at"]) - T(tl[0]["at"])).total_seconds() // 60)
        owners = r.sample(ENGINEERS, 4)
        base = dt.date.fromisoformat(inc["opened_at"][:10])
        items = [("Alert on error-budget burn rate", "done"), ("Add a pre-deploy validation check", r.choice(["in_progress", "done"])),
                 ("Document rollback steps in the runbook", r.choice(["open", "in_progress"])), ("Run a game day for this failure mode", "open")]
        ais = [{"id": f"AI-{r.randint(100, 999)}", "title": t, "owner": owners[i][0], "due": (base + dt.timedelta(days=7 * (i + 1))).isoformat(), "status": s}
               for i, (t, s) in enumerate(items)]
        pm = {"title": f"Postmortem: {inc['id']} {svc} elevated error rate", "url": url, "published": (base + dt.timedelta(days=r.randint(2, 4))).isoformat(),
              "incident_id": inc["id"], "summary": f"For {ttm} minutes, {inc['customer_impact']}.",
              "root_cause": CAUSES[team][1], "detection": {"time_to_detect_minutes": ttd, "detected_by": "alert"},
              "action_items": ais}
        gi = Call("get_incident", {"incident_id": inc["id"]}, inc)
        fp = Call("fetch_postmortem", {"url": url}, pm)
        history = None
        if ctx.followup:
            history = History().user(f"Was {inc['id']} closed out?")
            history.call([gi])
            history.reply(f"Yes — {inc['id']} was resolved on {d_med(inc['resolved_at'])}, and a postmortem is linked.")
            req = r.choice(["What did the postmortem find, and are the action items done?", "Summarize the postmortem for me."])
            turns = [Turn([fp])]
        else:
            req = r.choice([f"Summarize the postmortem for {inc['id']}. Are the action items done?", f"what was the root cause of {inc['id']}, and what's still open from the postmortem?"])
            turns = [Turn([gi]), Turn([fp])]
        done = [x for x in ais if x["status"] == "done"]
        open_ = [x for x in ais if x["status"] != "done"]
        a = A()
        oth = other_than(r, OTHER_ENG, *[o[0] for o in owners])
        opener(a, r, p=0.3)
        a("Root cause: ").x(CAUSES[team][1], ent=None).t(".").p()
        a(" It was caught by an alert after ").x(f"{ttd} minutes", num=f"{ttd + r.choice([10, 20])} minutes").t(", and mitigation took ").x(dur_hm(ttm), num=dur_hm(ttm + 30)).t(" from the first page")
        if ttm > ttd:
            a(" — detection was much ").x("faster", rel="slower").t(" than the fix")
        a(".").p()
        a(" ").x(f"{len(done)} of {len(ais)}", num=f"{min(len(ais), len(done) + 2)} of {len(ais)}").t(" action items are done")
        if open_:
            a("; still open:\n")
            for x in open_:
                a("\n- ").x(x["id"], fid=mutate_id(x["id"], r) if x is open_[0] else None).t(" ").t(x["title"]).t(" — ").x(x["owner"], ent=oth if x is open_[0] else None, conf=("entity", done[0]["owner"]) if x is open_[0] and done else None).t(", due ")
                a.x(d_short(x["due"]), tmp=d_short(dt.date.fromisoformat(x["due"]) + dt.timedelta(days=14)) if x is open_[-1] else None).t(" (").x(x["status"].replace("_", " "), val="done" if x is open_[-1] else None).t(")").pb()
            closer(a, r, sep="\n\n", extra=["Want me to ping the owners?"])
        else:
            a(".").p()
            closer(a, r)
        a.ins("claim", "The same root cause affected the staging environment a week earlier.")
        a.ins("behavior", "I've reminded the owners of the open items in #postmortems.")
        a.ins("elab", "mostly because the rollback had to wait for a config freeze approval", clause=True)
        a.ins("cite", f"The full review recording is at https://wiki.opspilot.example/recordings/{inc['id'].lower()}-review.")
        return Plan(req, turns, a, history.msgs if history else None)
