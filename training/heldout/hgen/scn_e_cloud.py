"""cloud_costs (set e): FinOps assistant — monthly spend by service, budgets and alerts, rightsizing recommendations
(with an apply action), untagged spend against a Markdown cost-allocation policy fetched by path."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, plural, s_bool, s_int, s_obj,
                     s_str)
from .estyle import W, about_money, bump_pct, fm, pc, seal
from .faults import error_result

BASE = "https://api.cloudledger.example/v2"
ACCOUNTS = [("payments-prod", "payments"), ("search-staging", "search"), ("data-platform", "data-eng"),
            ("mobile-backend-prod", "mobile"), ("ml-training", "ml-research"), ("web-frontend-prod", "web"),
            ("identity-prod", "identity"), ("ledger-batch", "finance-systems")]
SERVICES = ["Amazon EC2", "Amazon RDS", "Amazon S3", "AWS Lambda", "Amazon CloudFront", "Amazon EKS",
            "Amazon DynamoDB", "Amazon ElastiCache", "AWS Data Transfer", "Amazon CloudWatch", "Amazon OpenSearch Service"]
OTHER_SERVICES = ["Amazon Redshift", "Amazon SageMaker", "AWS Glue", "Amazon Kinesis", "Amazon MSK", "AWS Fargate"]
TEAMS = ["payments", "search", "data-eng", "mobile", "ml-research", "web", "platform", "growth", "identity", "checkout"]
OTHER_TEAMS = ["billing-core", "observability", "partner-api", "fraud-ops", "devex"]
INSTANCE_FAMILIES = [("m5.2xlarge", "m5.xlarge", 0.384), ("r6g.4xlarge", "r6g.2xlarge", 0.806), ("c5.4xlarge", "c5.2xlarge", 0.68),
                     ("m6i.xlarge", "m6i.large", 0.192), ("r5.2xlarge", "r5.xlarge", 0.504), ("t3.2xlarge", "t3.xlarge", 0.3328)]
RESOURCE_NAMES = ["checkout-api", "search-indexer", "etl-runner", "report-worker", "session-cache", "image-resizer",
                  "feature-store", "ledger-sync", "notif-dispatch"]
OTHER_RESOURCES = ["billing-gateway", "audit-exporter", "geo-router", "kyc-worker"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
          "December"]


def month_start(d, back=0):
    y, m = d.year, d.month - back
    while m < 1:
        m += 12
        y -= 1
    return dt.date(y, m, 1)


def month_end(first):
    nxt = month_start(first.replace(day=28) + dt.timedelta(days=8))
    return nxt - dt.timedelta(days=1)


class Cloud(Scenario):
    name = "cloud_costs"
    agent = "Tally"
    service = "cloudledger-finops-agent"
    system = ("You are Tally, the FinOps assistant for engineering and finance teams. Use the tools to report cloud spend, "
              "budgets, recommendations and the cost-allocation policy. Amounts are in USD unless the tool says otherwise. "
              "Only apply a recommendation when the user explicitly asks for it, and never schedule changes outside the "
              "account's maintenance window policy.")
    error_style = 0
    entity_noun = {"account_id": "Account", "recommendation_id": "Recommendation", "policy_path": "Document",
                   "budget_id": "Budget"}
    preambles = ["Let me pull the cost data.", "Checking the billing data for that account.", "One moment — fetching the numbers."]

    def __init__(self):
        acct = s_str("12-digit cloud account ID.", pattern=r"^\d{12}$")
        self.tools = [
            Tool("list_cost_accounts", "List the cloud accounts visible to the user, with owners and budgets.",
                 s_obj({"provider": s_str("Filter by provider.", enum=["aws", "gcp", "azure"]),
                        "include_closed": s_bool("Include closed accounts.")}),
                 http=BASE, extra=[("page_size", 50)]),
            Tool("get_cost_breakdown", "Cost of one account for a calendar month, grouped by a dimension.",
                 s_obj({"account_id": acct,
                        "month": s_str("Calendar month, YYYY-MM.", pattern=r"^\d{4}-(0[1-9]|1[0-2])$"),
                        "group_by": s_str("Grouping dimension.", enum=["service", "region", "team_tag", "usage_type"]),
                        "top_n": s_int("Return at most this many groups.", 1, 25)},
                       ["account_id", "month", "group_by"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("granularity", "DAILY"), ("include_forecast", True)]),
            Tool("list_budgets", "Budgets of an account with spend to date, forecast and alert thresholds.",
                 s_obj({"account_id": acct, "period": s_str("Budget period.", enum=["monthly", "quarterly", "annual"])},
                       ["account_id"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("list_recommendations", "Open cost-saving recommendations for an account.",
                 s_obj({"account_id": acct,
                        "category": s_str("Recommendation category.", enum=["rightsizing", "idle", "commitment"]),
                        "min_monthly_savings": s_int("Only recommendations saving at least this much per month (USD).", 0, 100000)},
                       ["account_id", "category"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("sort", "savings_desc")]),
            Tool("apply_recommendation", "Apply a rightsizing recommendation now or in the account's next maintenance window.",
                 s_obj({"recommendation_id": s_str("Recommendation ID, e.g. 'rec-7f3a9c21'.", pattern=r"^rec-[0-9a-f]{8}$"),
                        "schedule": s_str("When to apply.", enum=["now", "next_maintenance_window"]),
                        "confirm": s_bool("Must be true; the user has confirmed the change.")},
                       ["recommendation_id", "schedule", "confirm"]),
                 entity={"recommendation_id": "id"}, http=BASE, extra=[("dry_run", False), ("notify", True)]),
            Tool("get_policy_doc", "Fetch an internal FinOps policy document (Markdown) by its repository path.",
                 s_obj({"policy_path": s_str("Path of the policy document, e.g. 'policies/finops/x.md'.",
                                             pattern=r"^policies/[a-z0-9_/-]+\.md$")}, ["policy_path"]),
                 entity={"policy_path": "path"}, extra=[("ref", "main")]),
        ]
        self.intents = [("monthly_spend", self.spend, True), ("budget_status", self.budget, False),
                        ("rightsizing", self.rightsizing, True), ("untagged_spend", self.untagged, False)]

    # ------------------------------------------------------------------ data
    def accounts(self, r: R, n=None):
        picks = r.sample(ACCOUNTS, n or r.randint(3, 5))
        out = []
        for name, team in picks:
            out.append({"account_id": r.choice("3456789") + r.digits(11), "name": name, "provider": "aws",
                        "owner_team": team, "status": "active",
                        "monthly_budget": float(r.choice([8000, 12000, 15000, 20000, 25000, 40000])),
                        "policy_path": "policies/finops/cost-allocation-policy.md",
                        "maintenance_window": r.choice(["Sat 02:00-04:00 UTC", "Sun 03:00-05:00 UTC"])})
        return out

    def as_of(self, r, today):
        return f"{today.isoformat()}T{r.randint(5, 9):02d}:{r.choice(['00', '15', '30'])}:00Z"

    # ------------------------------------------------------------------ monthly spend
    def spend(self, ctx):
        r, today = ctx.r, ctx.today
        accts = self.accounts(r)
        acct = r.choice(accts)
        month = month_start(today, 1)
        prevm = month_start(today, 2)
        svcs = r.sample(SERVICES, r.randint(5, 6))
        weights = sorted([r.uniform(0.05, 1.0) for _ in svcs], reverse=True)
        weights[0] *= 2.2
        total_target = r.uniform(6000, 48000)
        ws = sum(weights)
        items = []
        for s, w in zip(svcs, weights):
            cost = round(total_target * w / ws, 2)
            prev = round(cost * r.uniform(0.78, 1.12), 2)
            items.append([s, cost, prev])
        jump = r.choice(items[1:4])
        jump[2] = round(jump[1] / r.uniform(1.25, 1.6), 2)
        total = round(sum(i[1] for i in items), 2)
        prev_total = round(sum(i[2] for i in items), 2)
        mover = max(items, key=lambda i: i[1] - i[2])
        anomaly = None
        if r.random() < 0.6:
            anomaly = {"anomaly_id": f"anm-{r.hexid(3)}", "service": mover[0],
                       "detected_on": (month + dt.timedelta(days=r.randint(8, 24))).isoformat(),
                       "estimated_impact": round((mover[1] - mover[2]) * r.uniform(0.6, 0.95), 2),
                       "status": r.choice(["open", "open", "acknowledged", "resolved"])}
        res = {"account_id": acct["account_id"], "account_name": acct["name"],
               "period": {"start": month.isoformat(), "end": month_end(month).isoformat()}, "currency": "USD",
               "is_final": True, "total_cost": f"{total:.2f}", "previous_period_total": prev_total,
               "groups": [{"key": s, "cost": f"{c:.2f}", "previous_cost": p} for s, c, p in items],
               "anomalies": [anomaly] if anomaly else [], "generated_at": self.as_of(r, today)}
        mname, pname, nname = MONTHS[month.month - 1], MONTHS[prevm.month - 1], MONTHS[today.month - 1]
        lc = Call("list_cost_accounts", {"provider": "aws"} if r.random() < 0.4 else {}, {"accounts": accts, "count": len(accts)})
        gc = Call("get_cost_breakdown", {"account_id": acct["account_id"], "month": month.strftime("%Y-%m"), "group_by": "service"}, res)
        if r.random() < 0.3:
            gc.args["top_n"] = 10
        history = None
        if ctx.followup:
            history = History().user(r.choice(["Which AWS accounts do we have and who owns them?",
                                               "Can you list our cloud accounts with their owners?"]))
            history.call([lc])
            history.reply("Here are the accounts I can see:\n\n" + "\n".join(
                f"- {x['name']} ({x['account_id']}) — owned by {x['owner_team']}" for x in accts))
            req = r.choice([f"How much did {acct['name']} cost us last month? Anything jump out?",
                            f"OK, and what did {acct['name']} spend in {mname}?"])
            turns = [Turn([gc])]
        else:
            req = r.choice([f"How much did the {acct['name']} account cost in {mname}, and what went up?",
                            f"Can you break down last month's AWS bill for {acct['name']} by service?",
                            f"{acct['name']} spend for {mname} — what changed vs {pname}?"])
            turns = [Turn([lc]), Turn([gc])]
        w = W(r, today)
        a = A()
        up = total >= prev_total
        diff = round(abs(total - prev_total), 2)
        chg = diff / prev_total * 100
        top = sorted(items, key=lambda i: -i[1])[:3]
        other = [i for i in items if i is not mover]
        conf_cost = lambda i: ("numerical", fm(r.choice([j for j in items if j is not i])[1]))
        w.opener(a, f"{mname} spend for {acct['name']}", p=0.5 if w.layout in ("prose", "headings") else 0)
        if w.layout in ("prose", "headings"):
            if w.layout == "headings":
                a(w.h("Total"))
            a(f"{acct['name'] if not w.code else '`' + acct['name'] + '`'} came to ").t("**" if w.bold else "")
            a.x(fm(total), num=fm(bump(total, r))).t("**" if w.bold else "").t(" in ").x(mname, tmp=nname).t(", ")
            a.x("up" if up else "down", rel="down" if up else "up").t(" ").x(pc(chg), num=pc(bump_pct(chg, r, 4, 12)) if chg > 3 else None)
            a(f" ({'+' if up else '-'}").t(fm(diff)).t(") from ").t(pname).t("'s ").t(fm(prev_total)).t(".").p()
            share = top[0][1] / total * 100
            a(" The biggest line is ").x(top[0][0], ent=r.choice(OTHER_SERVICES)).t(" at ").x(fm(top[0][1]), num=fm(bump(top[0][1], r)), conf=conf_cost(top[0]))
            a(f" (roughly {round(share)}% of the bill), followed by ").t(top[1][0]).t(" (").x(fm(top[1][1]), num=fm(bump(top[1][1], r))).t(") and ").t(top[2][0]).t(" (").t(fm(top[2][1])).t(").").p()
            a("\n\n")
            if w.layout == "headings":
                a(w.h("What changed"))
            mv_pct = (mover[1] - mover[2]) / mover[2] * 100
            if mover is top[0]:
                a(top[0][0]).t(" was also the biggest mover, going from ")
            else:
                a("The biggest mover was ").x(mover[0], ent=r.choice(OTHER_SERVICES)).t(", which went from ")
            a(fm(mover[2])).t(" to ").t(fm(mover[1]))
            a(" (").x(f"+{fm(mover[1] - mover[2])}", num=f"+{fm(bump(mover[1] - mover[2], r))}").t(", about ").x(pc(mv_pct, 0), num=pc(bump_pct(mv_pct, r, 8, 20), 0)).t(")").pc().t(".").p()
        else:
            a(f"Here's {mname} for ").t(w.b(acct["name"])).t(" (").t("`" if w.code else "").x(acct["account_id"], fid=mutate_id(acct["account_id"], r)).t("`" if w.code else "").t("):\n\n")
            if w.layout == "bullets":
                a("- **Total:** ").x(fm(total), num=fm(bump(total, r))).t(" — ").x("up" if up else "down", rel="down" if up else "up").t(" ").x(pc(chg), num=pc(bump_pct(chg, r, 4, 12)) if chg > 3 else None).t(f" from {pname} ({fm(prev_total)})").pb()
                a("\n- **Top services:**\n")
                for k, i in enumerate(top):
                    a("  - ").x(i[0], ent=r.choice(OTHER_SERVICES) if k == 1 else None).t(" — ").x(fm(i[1]), num=fm(bump(i[1], r)) if k == 0 else None, conf=conf_cost(i) if k == 1 else None).t("\n")
                mv_pct = (mover[1] - mover[2]) / mover[2] * 100
                a("- **Biggest increase:** ").x(mover[0], ent=r.choice(OTHER_SERVICES) if mover not in top[:2] else None).t(", ").x(f"+{fm(mover[1] - mover[2])}", num=f"+{fm(bump(mover[1] - mover[2], r))}")
                a(" (").x(pc(mv_pct, 0), num=pc(bump_pct(mv_pct, r, 8, 20), 0)).t(f", {fm(mover[2])} → {fm(mover[1])})").pb()
            else:
                a("| Service | " + mname + " | " + pname + " | Change |\n|---|---|---|---|\n")
                for k, i in enumerate(sorted(items, key=lambda i: -i[1])[:4]):
                    ch = (i[1] - i[2]) / i[2] * 100
                    a("| ").x(i[0], ent=r.choice(OTHER_SERVICES) if k == 0 else None).t(" | ").x(fm(i[1]), num=fm(bump(i[1], r)) if k == 1 else None, conf=conf_cost(i) if k == 0 else None).t(" | ").t(fm(i[2])).t(" | ")
                    a.x(f"{'+' if ch >= 0 else '−'}{abs(ch):.1f}%", num=f"{'+' if ch >= 0 else '−'}{abs(ch) + r.choice([6, 9, 11]):.1f}%" if k == 2 else None).t(" |\n")
                a("\nOverall the account came to ").x(fm(total), num=fm(bump(total, r))).t(", ").x("up" if up else "down", rel="down" if up else "up").t(" ").t(pc(chg)).t(" on ").t(pname).t(".").p()
                if mover not in sorted(items, key=lambda i: -i[1])[:4]:
                    a(" The largest increase was actually further down the list: ").x(mover[0], ent=r.choice(OTHER_SERVICES)).t(" rose by ").x(fm(mover[1] - mover[2]), num=fm(bump(mover[1] - mover[2], r))).t(".").p()
        if anomaly:
            st = anomaly["status"]
            a("\n\n")
            a("There's ").x({"open": "an open", "acknowledged": "an acknowledged", "resolved": "a resolved"}[st] + " cost anomaly",
                            val={"open": "a resolved", "acknowledged": "an open", "resolved": "an open"}[st] + " cost anomaly").t(" on ").t(anomaly["service"])
            a(" (").t("`" if w.code else "").x(anomaly["anomaly_id"], fid=f"anm-{mutate_id(anomaly['anomaly_id'][4:], r)}").t("`" if w.code else "").t("), detected on ")
            a.x(w.d(anomaly["detected_on"]), tmp=w.d(dt.date.fromisoformat(anomaly["detected_on"]) + dt.timedelta(days=r.choice([-6, -3, 4, 7])))).t(", with an estimated impact of ").x(fm(anomaly["estimated_impact"]), num=fm(bump(anomaly["estimated_impact"], r))).t(".")
            if st == "open":
                a(" Nobody has ").x("acknowledged it yet", neg="already acknowledged it").t(", so it's probably worth a look.").p()
            elif st == "resolved":
                a(" ").x("It's already been marked resolved", neg="It hasn't been resolved yet").t(", so no action needed there.").p()
            else:
                a(" It has been acknowledged but ").x("isn't resolved yet", neg="is already resolved").t(".").p()
        else:
            a("\n\nThere are ").x("no cost anomalies", neg="two open cost anomalies").t(f" flagged for {mname}.").p()
        if w.r.random() < 0.4:
            a(" (These are final figures for the month, not an estimate.)")
        w.closer(a, [f"break {mname} down by region instead", f"pull the daily trend for {mover[0]}",
                     "check whether there are rightsizing recommendations for this account"])
        a.ins("claim", f"Savings Plans covered about {r.choice([55, 62, 70])}% of the EC2 usage this month.")
        a.ins("claim", f"{mover[0]} usage is billed at on-demand rates for this account.")
        a.ins("behavior", "I've also set up a weekly cost digest for this account so you'll see changes like this sooner.")
        a.ins("behavior", f"I've flagged the {mover[0]} increase to the {acct['owner_team']} team's on-call.")
        a.ins("elab", "mostly driven by the new autoscaling policy on the checkout cluster", clause=True)
        a.ins("elab", f"which is typical for {mname}, when batch jobs run longer", clause=True)
        a.ins("cite", f"The full invoice is INV-{month.year}-{r.digits(6)} in the billing console.")
        a.ins("cite", f"I've logged this in the FinOps tracker as FIN-{r.digits(5)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ budgets
    def budget(self, ctx):
        r, today = ctx.r, ctx.today
        accts = self.accounts(r)
        acct = r.choice(accts)
        first = today.replace(day=1)
        last = month_end(first)
        elapsed = today.day
        days_left = (last - today).days
        limit = acct["monthly_budget"]
        pace = r.uniform(0.7, 1.3)
        actual = round(limit * elapsed / last.day * pace * r.uniform(0.9, 1.0), 2)
        forecast = round(actual / elapsed * last.day * r.uniform(0.97, 1.04), 2)
        thresholds = []
        offs = sorted(r.sample(range(0, max(3, min(9, elapsed))), 3), reverse=True)
        for (p, kind), off in zip([(80, "actual"), (100, "forecasted"), (100, "actual")], offs):
            trig = (actual >= limit * p / 100) if kind == "actual" else (forecast >= limit)
            th = {"percent": p, "type": kind, "state": "triggered" if trig else "ok"}
            if trig:
                day = max(first, today - dt.timedelta(days=off))
                th["triggered_at"] = f"{day.isoformat()}T{r.randint(0, 23):02d}:{r.choice(['05', '20', '41'])}:00Z"
            thresholds.append(th)
        status = "EXCEEDED" if actual > limit else ("AT_RISK" if forecast > limit else "ON_TRACK")
        q_limit = limit * 3 * r.uniform(0.95, 1.1)
        q_first = month_start(dt.date(today.year, (today.month - 1) // 3 * 3 + 1, 1))
        q_actual = round(actual + limit * r.uniform(0.8, 1.1) * ((today.month - 1) % 3), 2)
        owner = acct["owner_team"]
        budgets = [{"budget_id": f"bud-{r.hexid(3)}", "name": f"{acct['name']} monthly", "period": "monthly",
                    "limit": f"{limit:.2f}", "actual_to_date": actual, "forecast": f"{forecast:.2f}", "status": status,
                    "thresholds": thresholds, "owner_team": owner, "period_start": first.isoformat(), "period_end": last.isoformat()},
                   {"budget_id": f"bud-{r.hexid(3)}", "name": f"{owner} quarterly", "period": "quarterly",
                    "limit": f"{round(q_limit, -2):.2f}", "actual_to_date": q_actual, "forecast": None,
                    "status": "ON_TRACK" if q_actual < q_limit * 0.9 else "AT_RISK", "thresholds": [],
                    "owner_team": owner, "period_start": q_first.isoformat(),
                    "period_end": month_end(month_start(dt.date(q_first.year, q_first.month + 2, 1))).isoformat()}]
        asof = self.as_of(r, today)
        res = {"account_id": acct["account_id"], "account_name": acct["name"], "currency": "USD", "as_of": asof, "budgets": budgets}
        by_id = r.random() < 0.5
        lc = Call("list_cost_accounts", {}, {"accounts": accts, "count": len(accts)})
        lb = Call("list_budgets", {"account_id": acct["account_id"]}, res)
        if by_id:
            req = r.choice([f"Are we going to blow the budget on account {acct['account_id']} this month?",
                            f"Budget check for {acct['account_id']} please — where are we for {MONTHS[today.month - 1]}?"])
            turns = [Turn([lb])]
        else:
            req = r.choice([f"Is {acct['name']} on track against its budget this month?",
                            f"How close is {acct['name']} to its monthly budget?"])
            turns = [Turn([lc]), Turn([lb])]
        b = budgets[0]
        used = actual / limit * 100
        over = round(forecast - limit, 2)
        w = W(r, today)
        a = A()
        st_word = {"EXCEEDED": "over budget", "AT_RISK": "at risk", "ON_TRACK": "on track"}[status]
        st_alt = {"EXCEEDED": "on track", "AT_RISK": "on track", "ON_TRACK": "at risk"}[status]
        if w.layout == "headings" or (w.voice == "gemini" and w.layout != "prose"):
            a(w.h("Budget status"))
        elif w.voice == "claude" and r.random() < 0.5:
            a("Short answer: it's ").x(st_word, val=st_alt).t(".\n\n")
        w.opener(a, f"the {acct['name']} budget", p=0.35)
        a("As of ").x(w.d(today), tmp=w.d(today - dt.timedelta(days=r.choice([2, 3, 5])))).t(", ").t(acct["name"] if not w.code else f"`{acct['name']}`").t(" has spent ")
        a.x(fm(actual), num=fm(bump(actual, r)), conf=("numerical", fm(q_actual))).t(" of its ").x(fm(limit, 0), num=fm(bump(limit, r, dec=0), 0)).t(" monthly budget — about ")
        a.x(pc(used, 0), num=pc(bump_pct(used, r, 6, 15), 0))
        if days_left == 0:
            a(", and today is the ").x("last day", tmp="second-to-last day").t(" of the month.").p()
        else:
            a(", with ").x(plural(days_left, "day"), num=plural(days_left + r.choice([3, 5, -2]) if days_left > 3 else days_left + 4, "day")).t(" left in the month.").p()
        a("\n\n")
        if forecast > limit:
            a("The forecast for the full month is ").x(fm(forecast), num=fm(bump(forecast, r, 0.12, 0.3))).t(", which is ")
            a.x(fm(over), num=fm(bump(over, r))).t(" (").t(pc(over / limit * 100)).t(") ").x("over", rel="under").t(" the limit").pc().t(".").p()
        else:
            a("The full-month forecast is ").x(fm(forecast), num=fm(bump(forecast, r, 0.12, 0.3))).t(", so it's expected to finish ")
            a.x(fm(-over), num=fm(bump(-over, r))).t(" ").x("under", rel="over").t(" the limit").pc().t(".").p()
        trig = [t for t in thresholds if t["state"] == "triggered"]
        a("\n\n")
        if not trig:
            a.x("None of the alert thresholds have fired yet", neg="The 80% actual-spend alert has already fired").t(".").p()
        else:
            listed = False
            if w.layout == "bullets" or len(trig) > 1:
                a("Alerts that have fired:\n")
                for k, t in enumerate(trig):
                    a("\n- " if k else "- ").x(f"{t['percent']}%", num=f"{t['percent'] - 30}%" if t["percent"] == 100 else None).t(" ")
                    if w.code:
                        a("`").x(t["type"], attr=("projected" if t["type"] == "forecasted" else "actual_spend")).t("`")
                    else:
                        a(t["type"])
                    a(" threshold — triggered ").x(w.d(t["triggered_at"]), tmp=w.d(dt.date.fromisoformat(t["triggered_at"][:10]) - dt.timedelta(days=r.choice([3, 5, 8])))).pb()
                a.pp()
                listed = True
            else:
                t = trig[0]
                a("The ").x(f"{t['percent']}%", num=f"{t['percent'] - 20}%").t(f" {t['type']}-spend alert fired on ").x(w.d(t["triggered_at"]), tmp=w.d(dt.date.fromisoformat(t["triggered_at"][:10]) - dt.timedelta(days=r.choice([3, 5, 8])))).t(".").p()
            untrig = [t for t in thresholds if t["state"] != "triggered"]
            if untrig and r.random() < 0.7:
                t = untrig[0]
                a("\n\nThe " if listed else " The ").t(f"{t['percent']}% {t['type']}").t(" threshold ").x("hasn't been reached", neg="has been reached").t(".").p()
        q = budgets[1]
        if r.random() < 0.6:
            a("\n\n(For context, the ").x(q["name"], ent=f"{r.choice(OTHER_TEAMS)} quarterly").t(" budget is at ").x(fm(q_actual), num=fm(bump(q_actual, r))).t(" of ").t(fm(float(q["limit"]), 0)).t(" for the quarter.)")
        a(f"\n\nThis budget belongs to the {owner} team").t(" (").t("`" if w.code else "").x(b["budget_id"], fid=f"bud-{mutate_id(b['budget_id'][4:], r)}").t("`" if w.code else "").t(").")
        w.closer(a, ["list the rightsizing recommendations for this account", "show which services are driving the spend",
                     "draft a note to the budget owners"])
        a.ins("claim", "Budgets on this account reset at midnight UTC on the first of the month.")
        a.ins("claim", "The forecast already accounts for the reserved-instance renewal due this month.")
        a.ins("behavior", f"I've raised the 100% alert so it also notifies the {owner} team's Slack channel.")
        a.ins("behavior", "I've paused the non-production autoscaling groups to slow the burn.")
        a.ins("elab", "mainly because of the load test that ran over the weekend", clause=True)
        a.ins("elab", "Spend in the last week of the month is usually lighter, so the forecast may be a little high.")
        a.ins("cite", f"The budget owner was notified under alert ALR-{r.digits(6)}.")
        return seal(Plan(req, turns, a), self)

    # ------------------------------------------------------------------ rightsizing (+ apply)
    def recs(self, r, acct):
        out = []
        for k in range(r.randint(3, 5)):
            cur, rec, hourly = r.choice(INSTANCE_FAMILIES)
            save = round(hourly / 2 * 730 * r.choice([1, 1, 2, 3]), 2)
            out.append({"recommendation_id": f"rec-{r.hexid(4)}", "resource_id": f"i-0{r.hexid(8)}",
                        "resource_name": f"{r.choice(RESOURCE_NAMES)}-{r.randint(1, 9)}", "current_type": cur,
                        "recommended_type": rec, "cpu_p95_pct": round(r.uniform(6, 34), 1),
                        "mem_p95_pct": round(r.uniform(12, 41), 1), "lookback_days": 14,
                        "est_monthly_savings": f"{save:.2f}", "risk": r.choice(["low", "low", "medium"]), "status": "open"})
        names = set()
        for x in out:
            while x["resource_name"] in names:
                x["resource_name"] = f"{r.choice(RESOURCE_NAMES)}-{r.randint(1, 9)}"
            names.add(x["resource_name"])
        out.sort(key=lambda x: -float(x["est_monthly_savings"]))
        if len(out) > 1 and out[0]["est_monthly_savings"] == out[1]["est_monthly_savings"]:
            out[0]["est_monthly_savings"] = f"{float(out[0]['est_monthly_savings']) + 36.5:.2f}"
        return out

    def rightsizing(self, ctx):
        r, today = ctx.r, ctx.today
        accts = self.accounts(r)
        acct = r.choice(accts)
        recs = self.recs(r, acct)
        lr = Call("list_recommendations", {"account_id": acct["account_id"], "category": "rightsizing"},
                  {"account_id": acct["account_id"], "account_name": acct["name"], "category": "rightsizing", "recommendations": recs,
                   "generated_at": self.as_of(r, today)})
        apply = ctx.followup or r.random() < 0.55
        denied = apply and not ctx.followup and r.random() < 0.35
        target = recs[0] if not ctx.followup else r.choice(recs[:2])
        days_to_sat = (5 - today.weekday()) % 7 or 7
        win_day = today + dt.timedelta(days=days_to_sat + (1 if "Sun" in acct["maintenance_window"] else 0))
        win_h = acct["maintenance_window"].split()[1][:5]
        win_ts = f"{win_day.isoformat()}T{win_h}:00Z"
        history = None
        turns = []
        if ctx.followup:
            history = History().user(f"What rightsizing recommendations are open for {acct['name']} ({acct['account_id']})?")
            history.call([lr])
            history.reply(f"There are {len(recs)} open rightsizing recommendations:\n" + "\n".join(
                f"{k + 1}. {x['resource_name']}: {x['current_type']} → {x['recommended_type']}, saves ${float(x['est_monthly_savings']):,.2f}/mo"
                for k, x in enumerate(recs)))
            pos = recs.index(target) + 1
            req = r.choice([f"Go ahead and apply #{pos} ({target['resource_name']}) in the maintenance window.",
                            f"Let's do the {target['resource_name']} one — schedule it for the next maintenance window please."])
        elif denied:
            req = r.choice([f"Show me the rightsizing recommendations for account {acct['account_id']} and apply the one with the biggest savings.",
                            f"Rightsizing for {acct['account_id']}: what's open? Go ahead and apply the top saver."])
            turns.append(Turn([lr]))
        elif apply:
            req = r.choice([f"Show me the rightsizing recommendations for account {acct['account_id']} and apply the one with the biggest savings. It's fine to do it in the maintenance window.",
                            f"Rightsizing for {acct['account_id']}: what's open? Please apply the top saver (maintenance window is fine)."])
            turns.append(Turn([lr]))
        else:
            req = r.choice([f"Any rightsizing opportunities on account {acct['account_id']}?",
                            f"What could we downsize in {acct['account_id']}?"])
            turns.append(Turn([lr]))
        if apply:
            result = {"change_id": f"chg-{r.hexid(5)}", "recommendation_id": target["recommendation_id"],
                      "resource_id": target["resource_id"], "status": "scheduled", "scheduled_for": win_ts,
                      "from_type": target["current_type"], "to_type": target["recommended_type"],
                      "requires_restart": True, "estimated_downtime_minutes": r.choice([3, 5, 8])}
            if denied:
                tool = self.tool("apply_recommendation")
                bad = Call("apply_recommendation", {"recommendation_id": target["recommendation_id"], "schedule": "now", "confirm": True},
                           self.policy_error(r, tool), error="not_allowed")
                turns.append(Turn([bad]))
                turns.append(Turn([Call("apply_recommendation", {"recommendation_id": target["recommendation_id"],
                                                                "schedule": "next_maintenance_window", "confirm": True}, result)],
                                  "Immediate changes aren't allowed here; scheduling it for the maintenance window instead."))
            else:
                turns.append(Turn([Call("apply_recommendation", {"recommendation_id": target["recommendation_id"],
                                                                "schedule": "next_maintenance_window", "confirm": True}, result)]))
        w = W(r, today)
        a = A()
        total = sum(float(x["est_monthly_savings"]) for x in recs)
        if apply:
            if ctx.followup and r.random() < 0.6:
                a("Done — as you asked, I went with ").x(target["resource_name"], ent=f"{r.choice(OTHER_RESOURCES)}-{r.randint(1, 9)}").t(".\n\n")
            else:
                w.opener(a, "the rightsizing change", p=0.4)
            if denied:
                a("My first attempt to apply it immediately was ").x("rejected", neg="accepted").t(" — the account only allows changes in its maintenance window — so I ")
                a("scheduled it for the window instead. ")
            a("The change ").t("`" if w.code else "").x(result["change_id"], fid=f"chg-{mutate_id(result['change_id'][4:], r)}").t("`" if w.code else "").t(" is ")
            a.x("scheduled", val="already applied").t(" for ").x(w.when(win_day), tmp=w.when(win_day + dt.timedelta(days=7))).t(" at ").t(win_h).t(" UTC")
            a(": ").x(target["resource_name"], ent=f"{r.choice(OTHER_RESOURCES)}-{r.randint(1, 9)}").t(" goes from ")
            a.x(target["current_type"], ent=None).t(" to ").x(target["recommended_type"], conf=("value", r.choice([x for x in recs if x["recommended_type"] != target["recommended_type"]])["recommended_type"]) if any(x["recommended_type"] != target["recommended_type"] for x in recs) else None)
            a(", saving an estimated ").x(fm(float(target["est_monthly_savings"])), num=fm(bump(float(target["est_monthly_savings"]), r))).t(" a month.").p()
            a(" Heads up: it ").x("will need a restart", neg="won't need a restart").t(" (about ").x(f"{result['estimated_downtime_minutes']} minutes", num=f"{result['estimated_downtime_minutes'] + 12} minutes").t(" of downtime).").p()
            if not ctx.followup and len(recs) > 1:
                rest = recs[1:]
                a("\n\nThe other ").x(f"{len(rest)}", num=f"{len(rest) + 2}").t(" recommendation" + ("s are" if len(rest) > 1 else " is") + " still open, worth another ")
                a.x(fm(total - float(target["est_monthly_savings"])), num=fm(bump(total - float(target["est_monthly_savings"]), r))).t("/month combined.").p()
        else:
            w.opener(a, f"rightsizing for {acct['name']}", p=0.5)
            a("There ").t("are " if len(recs) > 1 else "is ").x(str(len(recs)), num=str(len(recs) + 2)).t(" open rightsizing recommendation" + ("s" if len(recs) > 1 else ""))
            a(" on ").t("`" if w.code else "").x(acct["account_id"], fid=mutate_id(acct["account_id"], r)).t("`" if w.code else "").t(", together worth about ").x(about_money(total), num=about_money(bump(total, r))).t(" a month.").p()
            a("\n\n")
            if w.layout == "table":
                a("| Resource | Current → Recommended | CPU p95 | Est. savings/mo |\n|---|---|---|---|\n")
                for k, x in enumerate(recs):
                    a("| ").x(x["resource_name"], ent=f"{r.choice(OTHER_RESOURCES)}-{r.randint(1, 9)}" if k == 0 else None).t(f" | {x['current_type']} → ").x(x["recommended_type"], conf=("value", recs[1]["recommended_type"]) if k == 0 and len(recs) > 1 else None).t(" | ")
                    a.x(f"{x['cpu_p95_pct']}%", num=f"{round(x['cpu_p95_pct'] + 31, 1)}%" if k == 1 else None).t(" | ").x(fm(float(x["est_monthly_savings"])), num=fm(bump(float(x["est_monthly_savings"]), r)) if k == 0 else None).t(" |\n")
            else:
                for k, x in enumerate(recs):
                    a("- ").x(x["resource_name"], ent=f"{r.choice(OTHER_RESOURCES)}-{r.randint(1, 9)}" if k == 0 else None).t(f": {x['current_type']} → ").x(x["recommended_type"], conf=("value", recs[1]["recommended_type"]) if k == 0 and len(recs) > 1 else None)
                    a(" (p95 CPU ").x(f"{x['cpu_p95_pct']}%", num=f"{round(x['cpu_p95_pct'] + 31, 1)}%" if k == 1 else None).t("), saves ").x(fm(float(x["est_monthly_savings"])), num=fm(bump(float(x["est_monthly_savings"]), r)) if k == 0 else None).t("/mo").pb().t("\n")
            top = recs[0]
            med = [x for x in recs if x["risk"] == "medium"]
            a("\nThe ").x("biggest", rel="smallest").t(" single saving is ").t(top["resource_name"]).t(".")
            if med:
                a(" ").t(f"{len(med)} of them {'is' if len(med) == 1 else 'are'}").t(" flagged ").x("medium", val="low" if 2 * len(med) != len(recs) else None).t(" risk, so I'd start with the low-risk ones.").p()
            else:
                a(" All of them are ").x("rated low risk", neg="rated medium risk or higher").t(".").p()
            if w.code:
                a(" The CPU figures are the `").x("cpu_p95_pct", attr="cpu_avg_pct").t("` values over a ").x("14-day", num="30-day").t(" lookback.")
            else:
                a(" The CPU figures are 95th-percentile values over a ").x("14-day", num="30-day").t(" lookback.")
        if not ctx.followup:
            w.closer(a, ["apply another one in the same window", "check the idle-resource recommendations too",
                         "estimate the annual savings across all of them"])
        a.ins("claim", "All of these instances are covered by the current Savings Plan, so the savings will show up as lower coverage waste.")
        a.ins("claim", "The recommended types are available in every availability zone the account uses.")
        if apply:
            a.ins("behavior", "I've also notified the service owners about the maintenance window.")
            a.ins("behavior", "I've snapshotted the instance beforehand so it can be rolled back.")
        else:
            a.ins("behavior", "I've also sent this list to the account owners.")
            a.ins("behavior", f"I've already scheduled {recs[0]['resource_name']} for the next maintenance window.")
        a.ins("elab", "since traffic on these services dropped after the holiday season", clause=True)
        a.ins("elab", "The recommendation engine also factors in next quarter's traffic forecast for these services.")
        a.ins("cite", f"The change ticket is CHG-{r.digits(7)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    def policy_error(self, r, tool):
        msg = "Immediate changes are not allowed on this account; use schedule=next_maintenance_window"
        if self.error_style == 0:
            return {"error": {"code": "change_not_allowed", "message": msg}}
        return f"Error: {msg}"

    # ------------------------------------------------------------------ untagged spend vs policy
    def policy_text(self, thr, stale, notice, ver, eff):
        return (f"# Cost Allocation & Tagging Policy\n\nVersion {ver} — effective {eff}\n\n"
                "## 1. Scope\n\n1.1 Applies to every AWS account in the organization, production and non-production.\n\n"
                "## 2. Required tags\n\n2.1 Every billable resource must carry the `team`, `env` and `cost-center` tags.\n"
                "2.2 Tag values must match the service catalog; free-text values are treated as untagged.\n\n"
                "## 3. Untagged spend\n\n3.1 Untagged spend is reported weekly to each account's owner team.\n"
                f"3.2 If untagged spend exceeds {thr}% of an account's monthly total, the excess is charged back to the owner "
                "team's cost center at month end.\n"
                f"3.3 Resources that remain untagged for more than {stale} days may be stopped by the platform team after "
                f"{notice} days' written notice.\n\n"
                "## 4. Exceptions\n\n4.1 Exceptions are requested through the FinOps queue and expire after 90 days.\n")

    def untagged(self, ctx):
        r, today = ctx.r, ctx.today
        accts = self.accounts(r)
        acct = r.choice(accts)
        month = month_start(today, 1)
        thr = r.choice([5, 5, 8, 10])
        stale, notice = r.choice([30, 45, 60]), r.choice([7, 14])
        ver = r.choice(["3.2", "3.4", "4.0"])
        eff = dt.date(today.year if today.month > 1 else today.year - 1, 1, r.choice([1, 15])).isoformat()
        teams = r.sample([t for t in TEAMS if t != acct["owner_team"]], 2) + [acct["owner_team"]]
        costs = {t: round(r.uniform(1500, 9000), 2) for t in teams}
        total_t = sum(costs.values())
        upct = r.choice([r.uniform(1.5, thr - 1), r.uniform(thr + 1, thr + 9)])
        untag = round(total_t * upct / (100 - upct), 2)
        total = round(total_t + untag, 2)
        share = untag / total * 100
        groups = [{"key": t, "cost": f"{c:.2f}"} for t, c in sorted(costs.items(), key=lambda kv: -kv[1])]
        groups.append({"key": "(untagged)", "cost": f"{untag:.2f}", "resource_count": r.randint(6, 40)})
        res = {"account_id": acct["account_id"], "account_name": acct["name"], "group_by": "team_tag",
               "period": {"start": month.isoformat(), "end": month_end(month).isoformat()}, "currency": "USD",
               "total_cost": f"{total:.2f}", "groups": groups, "generated_at": self.as_of(r, today)}
        doc = self.policy_text(thr, stale, notice, ver, eff)
        lc = Call("list_cost_accounts", {}, {"accounts": accts, "count": len(accts)})
        gc = Call("get_cost_breakdown", {"account_id": acct["account_id"], "month": month.strftime("%Y-%m"), "group_by": "team_tag"}, res)
        gp = Call("get_policy_doc", {"policy_path": acct["policy_path"]}, doc)
        mname = MONTHS[month.month - 1]
        req = r.choice([f"How much of {acct['name']}'s {mname} spend was untagged, and does that get us in trouble with the tagging policy?",
                        f"Untagged spend on {acct['name']} last month — are we over the policy limit? What happens if we are?"])
        turns = [Turn([lc]), Turn([gc, gp]) if r.random() < 0.6 else Turn([gc]), ]
        if len(turns[1].calls) == 1:
            turns.append(Turn([gp]))
        w = W(r, today)
        a = A()
        over = share > thr
        excess = round(untag - total * thr / 100, 2)
        w.opener(a, f"untagged spend on {acct['name']}", p=0.45)
        if w.layout == "headings":
            a(w.h(f"{mname} numbers"))
        a("In ").x(mname, tmp=MONTHS[today.month - 1]).t(", ").x(fm(untag), num=fm(bump(untag, r)), conf=("numerical", fm(costs[teams[0]]))).t(" of ")
        a.t(acct["name"] if not w.code else f"`{acct['name']}`").t("'s ").x(fm(total), num=fm(bump(total, r))).t(" was untagged — ").x(pc(share), num=pc(bump_pct(share, r, 3, 6))).t(" of the total, spread over ")
        a.x(str(groups[-1]["resource_count"]), num=str(groups[-1]["resource_count"] + r.choice([9, 14]))).t(" resources.").p()
        biggest = max(costs, key=costs.get)
        a(" The largest tagged team was ").x(biggest, ent=r.choice(OTHER_TEAMS)).t(" at ").t(fm(costs[biggest])).t(".").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("What the policy says"))
        a("Under section ").x("3.2", sec=r.choice(["3.5", "3.6", "5.2"])).t(" of the policy (v").t(ver).t("), any untagged spend in excess of ").x(f"{thr}%", num=f"{thr + r.choice([5, 10])}%").t(" of the monthly total is charged back to the owner team's cost center at month end. ")
        if over:
            a("At ").t(pc(share)).t(" you're ").x("above", rel="below").t(" that line, so the excess — roughly ").x(fm(excess), num=fm(bump(excess, r))).t(" — ")
            a.x("would be charged back", neg="wouldn't be charged back").t(" to the ").t(acct["owner_team"]).t(" team.").p()
        else:
            a("At ").t(pc(share)).t(" you're ").x("below", rel="above").t(" that line, so ").x("nothing gets charged back", neg="the excess gets charged back").t(" for ").t(mname).t(".").p()
        a("\n\n")
        if w.layout == "bullets" or w.voice == "gemini":
            a("A couple of other points from the policy:\n\n")
            a("- Resources untagged for more than ").x(f"{stale} days", num=f"{stale + 30} days").t(" can be stopped by the platform team after ").x(f"{notice} days'", num=f"{notice + 7} days'").t(" written notice (section ").x("3.3", sec=r.choice(["3.7", "6.3"])).t(").").pb()
            a("\n- Every resource needs the ")
            a("`team`, `env` and `").x("cost-center", attr=r.choice(["cost_centre", "billing-code"])).t("`") if w.code else a("team, env and cost-center")
            a(" tags; free-text values ").x("count as untagged", neg="don't count as untagged").t(".").pb()
            a("\n- Untagged spend is reported ").x("weekly", val="monthly").t(" to the owner team.").pb()
        else:
            a("Also worth knowing: resources that stay untagged for more than ").x(f"{stale} days", num=f"{stale + 30} days").t(" can be stopped by the platform team after ")
            a.x(f"{notice} days'", num=f"{notice + 7} days'").t(" written notice (section ").x("3.3", sec=r.choice(["3.7", "6.3"])).t("), and free-text tag values ").x("count as untagged", neg="don't count as untagged").t(" (").x("2.2", sec="2.4").t(").").p()
            a(" The required tags are ")
            a("`team`, `env` and `").x("cost-center", attr=r.choice(["cost_centre", "billing-code"])).t("`") if w.code else a("team, env and cost-center")
            a(".")
        a("\n\n(Policy source: ").t("`" if w.code else "").x(acct["policy_path"], fid=acct["policy_path"].replace("cost-allocation-policy", r.choice(["tagging-standard", "cost-allocation-v2"]))).t("`" if w.code else "").t(".)")
        w.closer(a, ["list the untagged resources", "draft the tagging reminder for the owner team",
                     "check the same numbers for another account"])
        a.ins("claim", f"Exceptions are granted automatically for accounts under {fm(5000, 0)} a month.")
        a.ins("claim", "Untagged spend on this account has been going down for three months in a row.")
        a.ins("behavior", "I've already opened an exception request with the FinOps queue for you.")
        a.ins("behavior", "I've tagged the largest untagged resources with the owner team's tag.")
        a.ins("elab", "most of it from short-lived CI runners that are created without tags", clause=True)
        a.ins("elab", "The platform team usually waits for the end of the quarter before stopping anything.")
        a.ins("cite", f"See the FinOps queue item FINOPS-{r.digits(4)} for the list of affected resources.")
        return seal(Plan(req, turns, a), self)
