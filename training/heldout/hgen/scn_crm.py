"""crm_sales: accounts, opportunities, pipeline totals, quarter comparisons, saved reports."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, approx_money, bump, bump_int, closer, d_full,
                     d_long, d_med, d_short, fnum, money, mutate_id, nword, opener, other_than, pct, plural, s_date,
                     s_int, s_obj, s_str)

BASE = "https://crm-gateway.dealdesk.internal/api"
COMPANIES = [("Brightline Health", "Healthcare"), ("Cobalt Freight", "Logistics"), ("Meridian Foods", "Consumer Goods"),
             ("Kestrel Robotics", "Manufacturing"), ("Harbor & Vale Insurance", "Insurance"), ("Larkspur Retail", "Retail"),
             ("Tidewater Energy", "Energy"), ("Quillon Software", "Technology"), ("Ashgrove University", "Education"),
             ("Fernhill Bank", "Financial Services")]
OTHER_COMPANIES = ["Redwood Analytics", "Blue Heron Media", "Granite Peak Mining", "Sunfield Agritech"]
REPS = [("Jenna Morales", "jenna.morales"), ("Chris Patel", "chris.patel"), ("Aaron Whitaker", "aaron.whitaker"),
        ("Lina Zhou", "lina.zhou"), ("Mateo Silva", "mateo.silva"), ("Rebecca Stone", "rebecca.stone")]
OTHER_REPS = ["Tyler Brooks", "Monica Reyes", "Hugo Lambert", "Dana Fox"]
STAGES = ["Prospecting", "Qualification", "Proposal", "Negotiation", "Closed Won", "Closed Lost"]
PROB = {"Prospecting": 10, "Qualification": 20, "Proposal": 50, "Negotiation": 75, "Closed Won": 100, "Closed Lost": 0}
FCAT = {"Prospecting": "Pipeline", "Qualification": "Pipeline", "Proposal": "Best Case", "Negotiation": "Commit",
        "Closed Won": "Closed", "Closed Lost": "Omitted"}
PRODUCTS = ["Platform Expansion", "Analytics Add-on", "Renewal", "Premium Support", "EMEA Rollout", "Data Connectors",
            "Security Suite", "Pilot"]


def sfid(r: R, prefix):
    return prefix + "Hs0000" + r.alnum(9)


def quarter_of(d):
    return f"{d.year}-Q{(d.month - 1) // 3 + 1}"


def q_prev(q):
    y, n = int(q[:4]), int(q[-1])
    return f"{y - 1}-Q4" if n == 1 else f"{y}-Q{n - 1}"


def q_label(q):
    return f"Q{q[-1]} {q[:4]}"


def q_bounds(q):
    y, n = int(q[:4]), int(q[-1])
    start = dt.date(y, 3 * (n - 1) + 1, 1)
    end = (dt.date(y + (n == 4), (3 * n) % 12 + 1, 1) - dt.timedelta(days=1))
    return start, end


class Crm(Scenario):
    name = "crm_sales"
    agent = "DealDesk Copilot"
    service = "dealdesk-crm-copilot"
    system = ("You are DealDesk Copilot, a sales assistant connected to the company CRM. Answer questions about accounts, "
              "opportunities, pipeline and quota attainment with the CRM tools. Amounts are in USD. Use record IDs only "
              "from tool results; never invent them.")
    error_style = 0
    entity_noun = {"account_id": "Account", "report_path": "Report"}
    preambles = ["Let me check the CRM.", "Pulling that from Salesforce.", "One sec.", "Looking it up."]

    def __init__(self):
        acc = s_str("18-character account ID (starts with 001).", pattern=r"^001[A-Za-z0-9]{15}$")
        qtr = s_str("Fiscal quarter, e.g. '2026-Q2'.", pattern=r"^\d{4}-Q[1-4]$")
        self.tools = [
            Tool("search_accounts", "Find accounts by name.",
                 s_obj({"query": s_str("Account name or part of it.", min_len=2), "limit": s_int("Maximum results.", 1, 25)}, ["query"]),
                 http=BASE, extra=[("include_inactive", False)]),
            Tool("get_account", "Account record with ownership, ARR, renewal and health.",
                 s_obj({"account_id": acc}, ["account_id"]), entity={"account_id": "id"}, http=BASE,
                 extra=[("fields", "all")]),
            Tool("list_opportunities", "Opportunities for an account, optionally filtered.",
                 s_obj({"account_id": acc, "stage": s_str("Stage filter.", enum=STAGES + ["open", "any"]),
                        "close_quarter": qtr, "limit": s_int("Maximum results.", 1, 100)}, ["account_id"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("include_line_items", True)]),
            Tool("get_pipeline_summary", "Pipeline, weighted pipeline, bookings and quota for a team and quarter.",
                 s_obj({"quarter": qtr, "team": s_str("Sales team.", enum=["enterprise", "mid_market", "smb", "all"]),
                        "group_by": s_str("Breakdown.", enum=["stage", "owner", "region"])}, ["quarter", "team"]),
                 http=BASE, extra=[("currency", "USD"), ("include_forecast", True)]),
            Tool("list_reports", "Saved reports in a folder.",
                 s_obj({"folder": s_str("Report folder.", enum=["sales", "sales_ops", "exec"])}, ["folder"]), http=BASE),
            Tool("run_report", "Run a saved report by path.",
                 s_obj({"report_path": s_str("Report path from list_reports.", pattern=r"^reports/[a-z0-9_/-]+$"),
                        "max_rows": s_int("Maximum rows.", 1, 500)}, ["report_path"]),
                 entity={"report_path": "path"}, http=BASE, extra=[("format", "csv")]),
        ]
        self.intents = [("account_overview", self.account, True), ("account_deals", self.deals, True),
                        ("pipeline_total", self.pipeline, False), ("quarter_comparison", self.compare, False),
                        ("saved_report", self.report, True)]

    # ------------------------------------------------------------------ data
    def accounts(self, r: R, k=3):
        picks = r.sample(COMPANIES, k)
        return [{"account_id": sfid(r, "001"), "name": n, "industry": ind, "owner": r.choice(REPS)[0],
                 "tier": r.choice(["Strategic", "Enterprise", "Growth"])} for n, ind in picks]

    def search_call(self, r, accs, name):
        words = name.split()
        q = words[0] if r.random() < 0.6 else name
        hits = [a for a in accs if q.lower() in a["name"].lower()] or accs[:1]
        args = {"query": q}
        if r.random() < 0.3:
            args["limit"] = 5
        return Call("search_accounts", args, {"total": len(hits), "accounts": hits})

    # ------------------------------------------------------------------ intents
    def account(self, ctx):
        r, today = ctx.r, ctx.today
        accs = self.accounts(r)
        acc = accs[0]
        owner = [x for x in REPS if x[0] == acc["owner"]][0]
        arr = round(r.uniform(120_000, 2_400_000), -2)
        renew = today + dt.timedelta(days=r.randint(20, 300))
        health = r.randint(38, 94)
        rec = {"as_of": today.isoformat(), "account_id": acc["account_id"], "name": acc["name"], "industry": acc["industry"], "tier": acc["tier"],
               "billing_country": r.choice(["US", "US", "GB", "DE", "CA"]), "owner": {"name": owner[0], "email": owner[1] + "@dealdesk.example"},
               "employees": r.choice([850, 1200, 2400, 5300, 12000, 31000]), "arr_usd": arr,
               "renewal_date": renew.isoformat(), "health_score": health,
               "health_trend": r.choice(["up", "flat", "down"]), "open_opportunities": r.randint(1, 5),
               "last_activity": {"type": r.choice(["meeting", "email", "call"]), "date": (today - dt.timedelta(days=r.randint(1, 20))).isoformat()}}
        sc = self.search_call(r, accs, acc["name"])
        gc = Call("get_account", {"account_id": acc["account_id"]}, rec)
        history = None
        if ctx.followup:
            history = History().user(f"Do we have {acc['name']} in the CRM?")
            history.call([sc])
            history.reply(f"Yes — {acc['name']} ({acc['industry']}, {acc['tier']} tier), owned by {acc['owner']}.")
            req = r.choice(["Give me the account overview — ARR, renewal, health.", "What's their ARR and when do they renew?"])
            turns = [Turn([gc])]
        else:
            req = r.choice([f"Give me a quick overview of {acc['name']}.", f"Who owns {acc['name']} and when is their renewal?",
                            f"what's the ARR and health score for {acc['name']}?"])
            turns = [Turn([sc]), Turn([gc])]
        days = (renew - today).days
        band = "healthy" if health >= 70 else ("at risk" if health < 50 else "neutral")
        a = A()
        oth = other_than(r, OTHER_REPS, owner[0])
        style = r.choice(["prose", "bullets"])
        if style == "prose":
            opener(a, r, p=0.3)
            a.x(acc["name"], ent=other_than(r, OTHER_COMPANIES, acc["name"])).t(" is an " if acc["tier"][0] in "AEIOU" else " is a ").t(acc["tier"]).t(" account owned by ").x(owner[0], ent=oth).t(", with ").x(approx_money(arr), num=approx_money(bump(arr, r, 0.3, 0.7, 0))).t(" in ARR.").p()
            a(" It renews on ").x(d_full(renew), tmp=d_full(renew + dt.timedelta(days=r.choice([30, 61, 92])))).t(" — ").x(f"{days} days", num=f"{days + r.choice([30, 45, 60])} days").t(" from today").pc().t(".").p()
            a(" The health score is ").x(str(health), num=str(max(5, health + r.choice([-25, 20])) if health < 80 else health - 30)).t(", trending ").x(rec["health_trend"], val={"up": "down", "down": "up", "flat": "down"}[rec["health_trend"]]).t(".").p()
            a(" There ").t("is" if rec["open_opportunities"] == 1 else "are").t(" ").x(plural(rec["open_opportunities"], "open opportunity", "open opportunities"), num=plural(rec["open_opportunities"] + 3, "open opportunity", "open opportunities")).t(", and the last touch was a ").t(rec["last_activity"]["type"]).t(" on ").x(d_med(rec["last_activity"]["date"]), tmp=d_med(dt.date.fromisoformat(rec["last_activity"]["date"]) - dt.timedelta(days=10))).t(".").p()
            closer(a, r, extra=["Want me to pull their open deals?", "Should I draft a renewal prep note?"])
        else:
            a(f"**{acc['name']}** (").x(acc["account_id"], fid=mutate_id(acc["account_id"], r)).t(")\n\n")
            a("- **Owner:** ").x(owner[0], ent=oth).pb()
            a("\n- **ARR:** ").x(money(arr, dec=0), num=money(bump(arr, r, 0.2, 0.5, 0), dec=0)).pb()
            a("\n- **Renewal:** ").x(d_med(renew), tmp=d_med(renew + dt.timedelta(days=30))).t(f", {renew.year} (in ").x(f"{days} days", num=f"{days + 45} days").t(")").pb()
            a("\n- **Health:** ").x(f"{health}/100", num=f"{min(99, health + 22)}/100").t(" (").x(band, val={"healthy": "at risk", "at risk": "healthy", "neutral": "at risk"}[band]).t(", trending ").t(rec["health_trend"]).t(")").pb()
            a("\n- **Industry:** ").t(acc["industry"]).t(f", ~{fnum(rec['employees'])} employees").pb()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"They're also evaluating a competitor for the {renew.year} renewal.")
        a.ins("claim", "Their executive sponsor changed last quarter.")
        a.ins("behavior", f"I've created a renewal task for {owner[0]}.")
        a.ins("behavior", "I've updated the account's next-step field with the renewal date.")
        a.ins("elab", "mostly due to low adoption of the analytics module", clause=True)
        a.ins("cite", f"The renewal quote is Q-{r.randint(10000, 99999)} in CPQ.")
        return Plan(req, turns, a, history.msgs if history else None)

    def deals(self, ctx):
        r, today = ctx.r, ctx.today
        accs = self.accounts(r)
        acc = accs[0]
        n = r.randint(3, 5)
        opps = []
        for i in range(n):
            st = r.choice(["Prospecting", "Qualification", "Proposal", "Proposal", "Negotiation", "Negotiation", "Closed Won"])
            close = today + dt.timedelta(days=r.randint(-20, 120)) if st != "Closed Won" else today - dt.timedelta(days=r.randint(3, 60))
            amt = float(round(r.uniform(18_000, 420_000), -3))
            opps.append({"opportunity_id": sfid(r, "006"), "name": f"{acc['name']} — {PRODUCTS[i]}", "amount": amt, "currency": "USD",
                         "stage": st, "probability": PROB[st], "forecast_category": FCAT[st], "close_date": close.isoformat(),
                         "owner": r.choice(REPS)[0]})
        if all(o["stage"] == "Closed Won" for o in opps) or sum(1 for o in opps if o["stage"] != "Closed Won") < 2:
            return self.deals(ctx)
        opps.sort(key=lambda o: o["close_date"])
        sc = self.search_call(r, accs, acc["name"])
        args = {"account_id": acc["account_id"]}
        if r.random() < 0.4:
            args["stage"] = "any"
        lc = Call("list_opportunities", args, {"account_id": acc["account_id"], "as_of": today.isoformat(), "total": n, "opportunities": opps})
        history = None
        if ctx.followup:
            history = History().user(f"Find the {acc['name']} account.")
            history.call([sc])
            history.reply(f"Found it: {acc['name']} ({acc['account_id']}), owner {acc['owner']}.")
            req = r.choice(["What deals do we have open with them?", "Show me their pipeline."])
            turns = [Turn([lc])]
        else:
            req = r.choice([f"What open deals do we have with {acc['name']}?", f"Summarize the {acc['name']} pipeline.",
                            f"how much is in play at {acc['name']} right now?"])
            turns = [Turn([sc]), Turn([lc])]
        open_ = [o for o in opps if o["stage"] != "Closed Won"]
        won = [o for o in opps if o["stage"] == "Closed Won"]
        total = sum(o["amount"] for o in open_)
        weighted = sum(o["amount"] * o["probability"] / 100 for o in open_)
        big = max(open_, key=lambda o: o["amount"])
        other = [o for o in open_ if o is not big][0]
        future = [o for o in open_ if o["close_date"] >= today.isoformat()]
        nxt = future[0] if future else None
        overdue = [o for o in open_ if o["close_date"] < today.isoformat()]
        a = A()
        short = lambda o: o["name"].split(" — ")[1]
        oth = other_than(r, OTHER_REPS, *[o["owner"] for o in opps])
        style = r.choice(["prose", "table", "bullets"])
        if style == "table":
            a(f"Open opportunities at {acc['name']}:\n\n| Opportunity | Stage | Amount | Close date |\n|---|---|---|---|\n")
            for o in open_:
                a("| ").t(short(o)).t(" | ").x(o["stage"], val=r.choice([s for s in STAGES[:4] if s != o["stage"]]) if o is big else None).t(" | ")
                a.x(money(o["amount"], dec=0), num=money(bump(o["amount"], r, dec=0), dec=0) if o is big else None, conf=("numerical", money(other["amount"], dec=0)) if o is big else None).t(" | ")
                a.x(d_short(o["close_date"]), tmp=d_short(dt.date.fromisoformat(o["close_date"]) + dt.timedelta(days=31)) if o is other else None).t(" |\n")
            a("\nThat's ").x(approx_money(total), num=approx_money(bump(total, r, 0.3, 0.6, 0))).t(" open across ").x(nword(len(open_)), num=nword(len(open_) + 2)).t(" deals")
            if won:
                a(", plus ").t(short(won[0])).t(" already ").x("closed won", val="closed lost").t(" at ").t(money(won[0]["amount"], dec=0))
            a(".").pp()
            closer(a, r, sep="\n\n")
        elif style == "bullets":
            a("There are ").x(nword(len(open_)), num=nword(len(open_) + 1)).t(" open deals worth ").x(money(total, dec=0), num=money(bump(total, r, dec=0), dec=0)).t(" in total (").x(money(round(weighted, -2), dec=0), num=money(round(bump(weighted, r, dec=0), -2), dec=0)).t(" weighted):\n")
            for o in open_:
                a("\n- **").t(short(o)).t("** — ").x(money(o["amount"], dec=0), num=money(bump(o["amount"], r, dec=0), dec=0) if o is other else None).t(", ").x(o["stage"].lower(), val=("closed won" if o is other else None)).t(", ").t(f"{o['probability']}%").t(", closes ").x(d_short(o["close_date"]), tmp=d_short(dt.date.fromisoformat(o["close_date"]) - dt.timedelta(days=21)) if o is big else None).pb()
            if overdue:
                a("\n\n").x(short(overdue[0]), conf=("entity", short(nxt)) if nxt and nxt is not overdue[0] else None).t(" is past its close date and ").x("hasn't been updated", neg="was updated recently").t(" — worth a nudge to ").t(overdue[0]["owner"]).t(".").pp()
            closer(a, r, sep="\n\n")
        else:
            opener(a, r)
            a("We have ").x(nword(len(open_)), num=nword(len(open_) + 2)).t(" open opportunities with ").t(acc["name"]).t(", totaling ").x(approx_money(total), num=approx_money(bump(total, r, 0.3, 0.6, 0))).pc().t(".").p()
            a(" The largest is ").x(short(big), conf=("entity", short(other))).t(" at ").x(money(big["amount"], dec=0), num=money(bump(big["amount"], r, dec=0), dec=0), conf=("numerical", money(other["amount"], dec=0))).t(", in ").x(big["stage"], val=r.choice([s for s in STAGES[:4] if s != big["stage"]])).t(" with ").x(big["owner"], ent=oth).t(".").p()
            if nxt:
                a(" Next up to close is ").t(short(nxt)).t(" on ").x(d_long(nxt["close_date"]), tmp=d_long(dt.date.fromisoformat(nxt["close_date"]) + dt.timedelta(days=r.choice([7, 14, 30])))).t(".").p()
            if len(open_) >= 2:
                a(" ").t(short(big)).t(" is ").x("bigger", rel="smaller").t(" than ").t(short(other)).t(" by ").x(money(big["amount"] - other["amount"], dec=0), num=money(bump(big["amount"] - other["amount"], r, dec=0), dec=0)).t(".").p()
            closer(a, r, extra=["Want me to flag any that look stale?", "Should I pull the contacts on the biggest one?"])
        a.ins("claim", f"Procurement at {acc['name']} requires a security review for anything over $100k.")
        a.ins("claim", f"{short(big)} was pushed from last quarter.")
        a.ins("behavior", f"I've moved {short(other)} to the next stage for you.")
        a.ins("behavior", f"I've sent {big['owner']} a reminder to update the close dates.")
        a.ins("elab", "largely because their budget cycle resets in July", clause=True)
        a.ins("cite", f"The mutual action plan for it is doc MAP-{r.randint(1000, 9999)} in the shared drive.")
        return Plan(req, turns, a, history.msgs if history else None)

    def summary(self, r: R, q, team, quota=None):
        quota = quota or float(r.choice([4_000_000, 6_000_000, 8_500_000, 12_000_000, 2_500_000]))
        won = round(quota * r.uniform(0.25, 0.95), -3)
        stages = []
        for st in ["Qualification", "Proposal", "Negotiation"]:
            c = r.randint(6, 40)
            stages.append({"stage": st, "count": c, "amount": round(c * r.uniform(40_000, 160_000), -3)})
        pipe = sum(s["amount"] for s in stages)
        weighted = round(sum(s["amount"] * PROB[s["stage"]] / 100 for s in stages), -3)
        start, end = q_bounds(q)
        return {"quarter": q, "team": team, "currency": "USD", "quota": quota, "closed_won": won, "open_pipeline": pipe,
                "weighted_pipeline": weighted, "deals_won": r.randint(8, 60), "win_rate_pct": round(r.uniform(18, 41), 1),
                "period": {"start": start.isoformat(), "end": end.isoformat()}, "by_stage": stages}

    def pipeline(self, ctx):
        r, today = ctx.r, ctx.today
        q = quarter_of(today)
        team = r.choice(["enterprise", "mid_market", "smb", "all"])
        sm = self.summary(r, q, team)
        args = {"quarter": q, "team": team}
        if r.random() < 0.5:
            args["group_by"] = "stage"
        tname = {"enterprise": "Enterprise", "mid_market": "Mid-Market", "smb": "SMB", "all": "the whole team"}[team]
        req = r.choice([f"What's our {q_label(q)} pipeline for {tname}?", f"How are we tracking against quota this quarter ({tname})?",
                        f"pipeline + attainment for {tname}, {q_label(q)}"])
        quota, won, pipe, wtd = sm["quota"], sm["closed_won"], sm["open_pipeline"], sm["weighted_pipeline"]
        att = round(won / quota * 100, 1)
        gap = quota - won
        cov = round(pipe / gap, 1)
        a = A()
        big = max(sm["by_stage"], key=lambda s: s["amount"])
        small = min(sm["by_stage"], key=lambda s: s["amount"])
        style = r.choice(["prose", "bullets", "table"])
        if style == "prose":
            opener(a, r, p=0.3)
            a(f"For {q_label(q)}, {tname} has closed ").x(approx_money(won), num=approx_money(bump(won, r, 0.3, 0.6, 0)), conf=("numerical", approx_money(wtd))).t(" against a ").x(approx_money(quota), num=approx_money(quota * r.choice([1.5, 0.6]))).t(" quota — ")
            a.x(f"{att:g}%", num=f"{round(att + r.choice([12, 18, -15]), 1):g}%").t(" attainment.").p()
            a(" Open pipeline is ").x(approx_money(pipe), num=approx_money(bump(pipe, r, 0.3, 0.6, 0))).t(" (").x(approx_money(wtd), num=approx_money(bump(wtd, r, 0.3, 0.6, 0))).t(" weighted), which covers the remaining ")
            a.x(approx_money(gap), num=approx_money(bump(gap, r, 0.3, 0.6, 0))).t(" gap ").x(f"{cov:g}x", num=f"{round(cov + r.choice([1.5, 2.0, -0.8]) if cov > 1 else cov + 2, 1):g}x").pc().t(".").p()
            a(" Most of it sits in ").x(big["stage"], conf=("value", small["stage"])).t(" (").x(approx_money(big["amount"]), num=approx_money(bump(big["amount"], r, 0.3, 0.6, 0))).t(" across ").x(str(big["count"]), num=str(big["count"] + 9)).t(" deals).").p()
            closer(a, r, extra=["Want the breakdown by rep?", "Should I list the Negotiation-stage deals?"])
        elif style == "bullets":
            a(f"**{q_label(q)} — {tname}**\n\n")
            a("- Closed won: ").x(money(won, dec=0), num=money(bump(won, r, dec=0), dec=0)).t(" of ").x(money(quota, dec=0), num=money(quota * 1.25, dec=0)).t(" quota (").x(f"{att:g}%", num=f"{round(att + 14, 1):g}%").t(")").pb()
            a("\n- Open pipeline: ").x(money(pipe, dec=0), num=money(bump(pipe, r, dec=0), dec=0), conf=("numerical", money(wtd, dec=0))).t(" · weighted ").x(money(wtd, dec=0), num=money(bump(wtd, r, dec=0), dec=0)).pb()
            a("\n- Coverage of the remaining gap: ").x(f"{cov:g}x", num=f"{round(cov * 1.8, 1):g}x").pb()
            a("\n- Win rate: ").x(f"{sm['win_rate_pct']}%", num=f"{round(sm['win_rate_pct'] + 11, 1)}%").t(" on ").t(str(sm["deals_won"])).t(" deals won").pb()
            a("\n\nNote: weighted pipeline here is the ").x("`weighted_pipeline`", attr="`forecast_weighted_amount`").t(" field, i.e. stage-probability adjusted.").pp()
            closer(a, r, sep="\n\n")
        else:
            a(f"{q_label(q)} pipeline for {tname} by stage:\n\n| Stage | Deals | Amount |\n|---|---|---|\n")
            for s in sm["by_stage"]:
                a("| ").t(s["stage"]).t(" | ").x(str(s["count"]), num=str(s["count"] + 7) if s is big else None).t(" | ").x(money(s["amount"], dec=0), num=money(bump(s["amount"], r, dec=0), dec=0) if s is big else None, conf=("numerical", money(small["amount"], dec=0)) if s is big else None).t(" |\n")
            a("| **Total** | ").t(str(sum(s["count"] for s in sm["by_stage"]))).t(" | **").x(money(pipe, dec=0), num=money(bump(pipe, r, dec=0), dec=0)).t("** |\n\n")
            a("You're at ").x(f"{att:g}%", num=f"{round(att + 20, 1):g}%").t(" of quota with ").x(approx_money(won), num=approx_money(bump(won, r, 0.3, 0.6, 0))).t(" closed; ").t(big["stage"]).t(" holds ").x("the most", rel="the least").t(" value.").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", "That's the strongest pipeline position at this point in a quarter since 2024.")
        a.ins("claim", "Two large Negotiation deals are expected to slip to next quarter.")
        a.ins("behavior", "I've shared this summary in the #sales-leadership channel.")
        a.ins("behavior", "I've scheduled a pipeline review with the team leads for Friday.")
        a.ins("elab", "driven mainly by the new partner-sourced deals", clause=True)
        a.ins("cite", f"The full forecast is in Clari snapshot FS-{r.randint(100000, 999999)}.")
        return Plan(req, [Turn([Call("get_pipeline_summary", args, sm)])], a)

    def compare(self, ctx):
        r, today = ctx.r, ctx.today
        q2 = quarter_of(today)
        q1 = q_prev(q2)
        if r.random() < 0.5:
            q2, q1 = q1, q_prev(q1)
        team = r.choice(["enterprise", "mid_market", "all"])
        quota = float(r.choice([4_000_000, 6_000_000, 8_500_000]))
        s1, s2 = self.summary(r, q1, team, quota), self.summary(r, q2, team, quota * r.choice([1.0, 1.1]))
        c1 = Call("get_pipeline_summary", {"quarter": q1, "team": team}, s1)
        c2 = Call("get_pipeline_summary", {"quarter": q2, "team": team}, s2)
        tname = {"enterprise": "Enterprise", "mid_market": "Mid-Market", "all": "the overall team"}[team]
        req = r.choice([f"Compare {q_label(q2)} vs {q_label(q1)} bookings for {tname}.", f"How did {q_label(q2)} closed-won compare to {q_label(q1)} ({tname})?",
                        f"{q_label(q1)} vs {q_label(q2)} — bookings, pipeline and win rate for {tname}?"])
        w1, w2 = s1["closed_won"], s2["closed_won"]
        ch = round((w2 - w1) / w1 * 100, 1)
        up = w2 > w1
        p1, p2 = s1["open_pipeline"], s2["open_pipeline"]
        a = A()
        style = r.choice(["prose", "table"])
        if style == "prose":
            opener(a, r)
            a(f"Closed-won bookings {'rose' if up else 'fell'} from ").x(approx_money(w1), num=approx_money(bump(w1, r, 0.3, 0.6, 0)), conf=("numerical", approx_money(p1))).t(f" in {q_label(q1)} to ")
            a.x(approx_money(w2), num=approx_money(bump(w2, r, 0.3, 0.6, 0))).t(f" in {q_label(q2)}, ").x(f"{'an increase' if up else 'a drop'} of {abs(ch):g}%", num=f"{'an increase' if up else 'a drop'} of {abs(round(ch * 1.6 + 3, 1)):g}%").t(".").p()
            a(" Win rate moved from ").x(f"{s1['win_rate_pct']}%", conf=("numerical", f"{s2['win_rate_pct']}%")).t(" to ").x(f"{s2['win_rate_pct']}%", num=f"{round(s2['win_rate_pct'] + 9, 1)}%").t(", and ").t(q_label(q2)).t(" has ")
            a.x("more" if p2 > p1 else "less", rel="less" if p2 > p1 else "more").t(" open pipeline (").x(approx_money(p2), num=approx_money(bump(p2, r, 0.3, 0.6, 0))).t(" vs ").t(approx_money(p1)).t(")").pc().t(".").p()
            closer(a, r, extra=["Want me to break this down by rep?"])
        else:
            a(f"{tname[0].upper() + tname[1:]}, {q_label(q1)} vs {q_label(q2)}:\n\n| Metric | {q_label(q1)} | {q_label(q2)} | Change |\n|---|---|---|---|\n")
            a("| Closed won | ").x(money(w1, dec=0), num=money(bump(w1, r, dec=0), dec=0)).t(" | ").x(money(w2, dec=0), conf=("numerical", money(w1, dec=0))).t(" | ").x(f"{ch:+g}%", num=f"{round(-ch if abs(ch) > 3 else ch + 15, 1):+g}%").t(" |\n")
            a("| Open pipeline | ").t(money(p1, dec=0)).t(" | ").x(money(p2, dec=0), num=money(bump(p2, r, dec=0), dec=0)).t(" | ").t(f"{round((p2 - p1) / p1 * 100, 1):+g}%").t(" |\n")
            a("| Win rate | ").t(f"{s1['win_rate_pct']}%").t(" | ").x(f"{s2['win_rate_pct']}%", num=f"{round(s2['win_rate_pct'] - 7, 1)}%").t(" | ").t(f"{round(s2['win_rate_pct'] - s1['win_rate_pct'], 1):+g} pts").t(" |\n\n")
            a(q_label(q2)).t(" bookings were ").x("ahead of" if up else "behind", rel="behind" if up else "ahead of").t(" ").t(q_label(q1)).t(".").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"{q_label(q2)} also had the largest single deal of the year.")
        a.ins("behavior", "I've added this comparison to the QBR deck.")
        a.ins("elab", "mainly because two large renewals landed early", clause=True)
        a.ins("elab", "Seasonality explains most of the swing, as it does every year.")
        a.ins("cite", f"See the board report at https://bi.dealdesk.example/reports/qbr-{q2.lower()}.")
        return Plan(req, [Turn([c1, c2])], a)

    def report(self, ctx):
        r, today = ctx.r, ctx.today
        reps = [{"path": "reports/sales/win_rate_by_segment", "title": "Win rate by segment (trailing 2 quarters)", "last_run": (today - dt.timedelta(days=r.randint(0, 6))).isoformat()},
                {"path": "reports/sales/pipeline_by_source", "title": "Pipeline by lead source", "last_run": (today - dt.timedelta(days=r.randint(0, 9))).isoformat()},
                {"path": "reports/sales/stale_opportunities", "title": "Opportunities with no activity in 30 days", "last_run": (today - dt.timedelta(days=r.randint(0, 4))).isoformat()}]
        segs = ["Enterprise", "Mid-Market", "SMB"]
        rows = []
        for sname in segs:
            won = r.randint(8, 70)
            lost = r.randint(15, 120)
            rows.append({"segment": sname, "won": won, "lost": lost, "win_rate_pct": round(won / (won + lost) * 100, 1),
                         "avg_deal_usd": float(round(r.uniform(8_000, 180_000), -2)), "avg_cycle_days": r.randint(24, 140)})
        res = {"report_path": reps[0]["path"], "columns": ["segment", "won", "lost", "win_rate_pct", "avg_deal_usd", "avg_cycle_days"],
               "rows": rows, "generated_at": f"{today.isoformat()}T{r.randint(7, 18):02d}:00:00Z"}
        lc = Call("list_reports", {"folder": "sales"}, {"folder": "sales", "reports": reps})
        args = {"report_path": reps[0]["path"]}
        if r.random() < 0.4:
            args["max_rows"] = 100
        rc = Call("run_report", args, res)
        history = None
        if ctx.followup:
            history = History().user("What saved reports do we have in the sales folder?")
            history.call([lc])
            history.reply("There are three: " + "; ".join(f"{x['title']} ({x['path']})" for x in reps) + ".")
            req = r.choice(["Run the win rate one.", "Can you run the win-rate-by-segment report?"])
            turns = [Turn([rc])]
        else:
            req = r.choice(["What are our win rates by segment? There should be a saved report for it.", "Run the win rate by segment report."])
            turns = [Turn([lc]), Turn([rc])]
        best = max(rows, key=lambda x: x["win_rate_pct"])
        worst = min(rows, key=lambda x: x["win_rate_pct"])
        tw, tl = sum(x["won"] for x in rows), sum(x["lost"] for x in rows)
        overall = round(tw / (tw + tl) * 100, 1)
        longest = max(rows, key=lambda x: x["avg_cycle_days"])
        a = A()
        style = r.choice(["prose", "table"])
        if style == "prose":
            opener(a, r)
            a.x(best["segment"], conf=("entity", worst["segment"])).t(" has the ").x("highest", rel="lowest").t(" win rate at ").x(f"{best['win_rate_pct']}%", num=f"{round(best['win_rate_pct'] + 12, 1)}%").t(" (").x(f"{best['won']} won", num=f"{best['won'] + 15} won").t(", ").t(f"{best['lost']} lost").t("), while ")
            a.t(worst["segment"]).t(" trails at ").x(f"{worst['win_rate_pct']}%", num=f"{round(worst['win_rate_pct'] - 7, 1)}%", conf=("numerical", f"{best['win_rate_pct']}%")).t(".").p()
            a(" Across all segments that's ").x(f"{tw} wins out of {tw + tl} decided deals", num=f"{tw + 20} wins out of {tw + tl} decided deals").t(", or ").x(f"{overall}%", num=f"{round(overall + 8, 1)}%").t(" overall.").p()
            a(" ").t(longest["segment"]).t(" deals take the longest to close — ").x(f"{longest['avg_cycle_days']} days", num=f"{longest['avg_cycle_days'] + 40} days").t(" on average").pc().t(".").p()
            closer(a, r, extra=["Want me to compare this with last quarter?"])
        else:
            a("From `").x(res["report_path"], fid="reports/sales/" + r.choice(["win_rates", "segment_win_rate", "win_rate_segments"])).t("`:\n\n| Segment | Won | Lost | Win rate | Avg deal | Avg cycle |\n|---|---|---|---|---|---|\n")
            for x in rows:
                a("| ").t(x["segment"]).t(" | ").t(str(x["won"])).t(" | ").t(str(x["lost"])).t(" | ").x(f"{x['win_rate_pct']}%", num=f"{round(x['win_rate_pct'] + 10, 1)}%" if x is best else None).t(" | ")
                a.x(money(x["avg_deal_usd"], dec=0), num=money(bump(x["avg_deal_usd"], r, dec=0), dec=0) if x is worst else None).t(" | ").x(f"{x['avg_cycle_days']} days", num=f"{x['avg_cycle_days'] + 30} days" if x is longest else None).t(" |\n")
            a("\nOverall win rate: ").x(f"{overall}%", num=f"{round(overall - 6, 1)}%").t(". ").t(best["segment"]).t(" converts ").x("best", rel="worst").t(".").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", "The SMB numbers exclude self-serve signups.")
        a.ins("behavior", "I've scheduled this report to run every Monday for you.")
        a.ins("elab", "largely because of the new pricing introduced this year", clause=True)
        a.ins("cite", "The methodology is documented in reports/sales/README_win_rates.")
        return Plan(req, turns, a, history.msgs if history else None)
