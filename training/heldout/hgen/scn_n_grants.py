"""grant_funding (set n): an analyst assistant briefing a research-office / nonprofit finance manager from the
GrantDesk grants-management API — a portfolio (total awarded, spent to date against award-weighted time elapsed, the gap
in points, the largest funder's share, grants ending within 90 days, reports due), one grant's budget (lines spent
against budget, the largest line, over- and underspent lines, time elapsed, the monthly burn needed to finish on budget,
drawdowns and the balance available), questions answered from the grant terms fetched by path (the indirect-cost cap,
the reallocation threshold, the report deadline after a quarter end) and a drawdown request (an amount above the
available balance refused by design and the capped drawdown taken)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_num, s_obj, s_str
from .nstyle import Brief, D, add_months, poss, table, vet

BASE = "https://api.grantdesk.example/v3"
ORGS = [("Northbridge Research Institute", "GBP"), ("Riverside Community Trust", "GBP"), ("Calder Health Foundation", "USD"),
        ("Lakeshore Arts Collective", "USD"), ("Institut Valmont", "EUR"), ("Meridian Education Partners", "USD")]
FUNDERS = ["Wellspring Foundation", "National Science Fund", "Civic Futures Fund", "Marlowe Charitable Trust",
           "Greenway Environmental Fund", "State Arts Council", "Horizon Health Trust"]
OTHER_FUNDERS = ["Beacon Philanthropies", "Coastal Futures Trust", "Ashgrove Foundation"]
TITLES = ["Early Literacy Outreach", "Coastal Flood Modelling", "Community Health Navigators", "Youth Coding Clubs",
          "Urban Tree Canopy Survey", "Rural Broadband Access Study", "Mental Health First Responders",
          "Digital Archive Conservation", "Adult Numeracy Pilot", "Wetland Restoration Monitoring"]
LINES = ["Personnel", "Equipment", "Travel", "Consumables", "Subcontracts"]
TERMS_PATHS = ["grants/terms/standard-conditions-2025.md", "grants/terms/funder-general-terms.md"]


def terms_doc():
    return ("# Standard grant conditions (2025)\n\n"
            "## 3. Eligible costs\n"
            "3.1 Indirect costs may be charged at up to 10% of direct costs.\n"
            "3.2 Equipment items above the capitalisation threshold must be listed in the asset register.\n\n"
            "## 4. Budget changes\n"
            "4.1 Budget lines may be varied during the grant.\n"
            "4.2 Moving more than 10% of the total award between budget lines requires the funder's prior approval.\n\n"
            "## 5. Payments\n"
            "5.1 A drawdown may not exceed the balance available to draw shown in the grants system.\n\n"
            "## 6. Reporting\n"
            "6.1 Financial reports are due within 30 days of each quarter end.\n"
            "6.2 A no-cost extension must be requested at least 60 days before the end date.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["3.3", "4.3", "5.2", "6.3", "7.1", "2.4"] if s != real])


def months_between(a, b):
    return (b.year - a.year) * 12 + (b.month - a.month) + (b.day - a.day) / 30.0


class GrantFunding(Scenario):
    name = "grant_funding"
    agent = "grants-finance-analyst"
    service = "grantdesk-insights-agent"
    system = ("You are an analyst assistant for the grants finance team, with access to the GrantDesk API. Write short "
              "executive briefings: a one-line headline, then KPIs. Use only figures from the tools, show how derived "
              "figures were computed, flag risks plainly, and only submit drawdowns when asked.")
    error_style = 2
    entity_noun = {"portfolio_id": "Portfolio", "grant_id": "Grant", "doc_path": "Document"}
    preambles = ["Pulling the grant data.", "Let me check GrantDesk.", "Getting the portfolio first."]
    literal_ok = []
    unit_keys = {k: ("money", 1) for k in ("spent_to_date", "drawn_to_date", "available_to_draw", "drawn_to_date_after",
                                           "remaining_available", "requested_amount")}

    def __init__(self):
        gp = r"^GR-\d{4}-\d{4}$"
        self.tools = [
            Tool("list_grants", "Grants in a portfolio with award, spend to date, dates, status and the next report due.",
                 s_obj({"portfolio_id": s_str("Portfolio ID, e.g. 'PF-2041'.", pattern=r"^PF-\d{4}$"),
                        "status": s_str("Only grants in this status.", enum=["active", "closing", "closed", "all"]),
                        "limit": s_int("Maximum grants.", 1, 200)}, ["portfolio_id"]),
                 entity={"portfolio_id": "id"}, http=BASE, extra=[("include_pending", True)]),
            Tool("get_grant", "One grant: budget lines with spend, indirect rate, drawdowns, balance available to draw, "
                              "reports, and the path of its terms.",
                 s_obj({"grant_id": s_str("Grant ID, e.g. 'GR-2025-0417'.", pattern=gp)}, ["grant_id"]),
                 entity={"grant_id": "id"}, http=BASE, extra=[("expand", "transactions")]),
            Tool("get_terms", "Grant terms and conditions (Markdown, numbered sections) by path.",
                 s_obj({"doc_path": s_str("Path, e.g. 'grants/terms/standard-conditions-2025.md'.", pattern=r"^grants/terms/[a-z0-9_-]+\.md$")},
                       ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("version", "current")]),
            Tool("submit_drawdown", "Request a drawdown of grant funds. Amounts above the available balance are refused "
                                    "with the amount that can be drawn.",
                 s_obj({"grant_id": s_str("Grant ID.", pattern=gp),
                        "amount": s_num("Amount in the grant currency.", 1, 10000000),
                        "period_end": s_date("End of the expenditure period covered, YYYY-MM-DD."),
                        "reference": s_str("Internal reference.", max_len=60)},
                       ["grant_id", "amount", "period_end"]),
                 entity={"grant_id": "id"}, http=BASE, extra=[("priority", "high")]),
        ]
        self.intents = [("portfolio_briefing", self.portfolio, False), ("grant_budget", self.budget, True),
                        ("terms_question", self.terms, True), ("drawdown_request", self.drawdown, True)]

    # ------------------------------------------------------------------ data
    def _gid(self, r, start):
        return f"GR-{start.year}-{r.randint(100, 9999):04d}"

    def _grant_row(self, r, today, ending=False):
        if ending:
            end = today + dt.timedelta(days=r.randint(20, 85))
            start = add_months(end.year, end.month, -r.choice([18, 24, 36]))
            start = dt.date(start[0], start[1], 1)
        else:
            start = today - dt.timedelta(days=r.randint(60, 700))
            start = start.replace(day=1)
            end = dt.date(*add_months(start.year, start.month, r.choice([24, 30, 36])), 1) - dt.timedelta(days=1)
            if end <= today + dt.timedelta(days=90):
                end = today + dt.timedelta(days=r.randint(120, 500))
        award = round(r.uniform(60, 2400)) * 1000
        el = (today - start).days / (end - start).days
        spent = round(award * min(0.98, max(0.02, el * r.uniform(0.7, 1.15))), 2)
        return {"grant_id": self._gid(r, start), "funder": r.choice(FUNDERS), "title": r.choice(TITLES), "award_amount": award,
                "spent_to_date": spent, "start_date": start.isoformat(), "end_date": end.isoformat(),
                "status": "closing" if ending else "active"}

    def _portfolio(self, r, today):
        org, cur = r.choice(ORGS)
        pid = f"PF-{r.randint(1000, 9999)}"
        n = r.randint(5, 8)
        rows = [self._grant_row(r, today, ending=(i < r.choice([0, 1, 1, 2]))) for i in range(n)]
        titles = r.sample(TITLES, n)
        ids = set()
        for g, t in zip(rows, titles):
            g["title"] = t
            while g["grant_id"] in ids:
                g["grant_id"] = self._gid(r, D(g["start_date"]))
            ids.add(g["grant_id"])
            g["next_report_due"] = (today + dt.timedelta(days=r.randint(-5, 75))).isoformat()
        fy = today.year + 1 if today.month >= 4 else today.year
        res = {"portfolio_id": pid, "organisation": org, "currency": cur, "fiscal_year": f"FY{fy % 100:02d}",
               "grants": rows, "as_of": today.isoformat()}
        return pid, res

    def _detail(self, r, today, row, cur):
        award, spent = row["award_amount"], row["spent_to_date"]
        n = r.randint(4, 5)
        lines = r.sample(LINES, n)
        if "Personnel" not in lines:
            lines[0] = "Personnel"
        weights = [r.uniform(0.5, 1.5) * (3 if ln == "Personnel" else 1) for ln in lines]
        direct_budget = award / 1.1
        tw = sum(weights)
        budgets = [round(direct_budget * wt / tw / 100) * 100 for wt in weights]
        budgets[0] += round(direct_budget) - sum(budgets)
        direct_spent = spent / 1.1
        sp_shares = [b * r.uniform(0.6, 1.4) for b in budgets]
        ts = sum(sp_shares)
        bl = [{"line": ln, "budget": b, "spent": round(direct_spent * x / ts, 2)} for ln, b, x in zip(lines, budgets, sp_shares)]
        ind_budget = award - sum(budgets)
        ind_rate = r.choice([10.0, 10.0, 12.0, 8.0])
        ind_spent = round(sum(x["spent"] for x in bl) * ind_rate / 100, 2)
        bl.append({"line": "Indirect costs", "budget": ind_budget, "spent": ind_spent})
        spent_total = round(sum(x["spent"] for x in bl), 2)
        row = dict(row, spent_to_date=spent_total)
        drawn = round(spent_total * r.uniform(0.75, 0.95), -2)
        draws = []
        k = r.randint(2, 4)
        left = drawn
        d0 = D(row["start_date"])
        for i in range(k):
            amt = round(left / (k - i) * r.uniform(0.8, 1.2), -2) if i < k - 1 else left
            left -= amt
            dd = d0 + dt.timedelta(days=int((today - d0).days * (i + 1) / (k + 1)))
            draws.append({"date": dd.isoformat(), "amount": round(amt, 2), "status": "paid"})
        avail = round(min(award - drawn, spent_total - drawn + award * r.uniform(0.03, 0.08)), -2)
        qe = [(y, m) for y, m in [add_months(today.year, today.month, -k) for k in range(1, 7)] if m in (3, 6, 9, 12)]
        reports = []
        for (y, m) in qe[:2]:
            qend = dt.date(*add_months(y, m, 1), 1) - dt.timedelta(days=1)
            due = qend + dt.timedelta(days=30)
            fy = y + 1 if m >= 4 else y
            fq = ((m - 4) % 12) // 3 + 1
            sub = (due - dt.timedelta(days=r.randint(1, 12))).isoformat() if due < today and r.random() < 0.8 else None
            reports.append({"type": "financial", "period": f"FY{fy % 100:02d}-Q{fq}", "period_end": qend.isoformat(),
                            "due_date": due.isoformat(), "submitted_date": sub})
        det = dict(row)
        det.update({"currency": cur, "budget_lines": bl, "indirect_rate_pct": ind_rate, "drawdowns": draws,
                    "drawn_to_date": round(drawn, 2), "available_to_draw": avail, "reports": reports,
                    "terms_path": r.choice(TERMS_PATHS), "as_of": today.isoformat()})
        return det

    @staticmethod
    def _largs(res, r):
        a = {"portfolio_id": res["portfolio_id"]}
        if r.random() < 0.5:
            a["status"] = "all"        # the portfolio view includes grants that are closing
        return a

    # ------------------------------------------------------------------ intents
    def portfolio(self, ctx):
        r, today = ctx.r, ctx.today
        pid, res = self._portfolio(r, today)
        gs = res["grants"]
        req = r.choice([f"Can you give me a briefing on grant portfolio {pid}?",
                        f"Where are we on spend across {pid}? I need it for the finance committee.",
                        f"Portfolio {pid}: headline burn vs plan, and anything ending soon?"])
        w = Brief(r, today, res["currency"])
        aw = sum(g["award_amount"] for g in gs)
        sp = sum(g["spent_to_date"] for g in gs)
        el = {g["grant_id"]: min(1.0, (today - D(g["start_date"])).days / (D(g["end_date"]) - D(g["start_date"])).days) for g in gs}
        elw = sum(g["award_amount"] * el[g["grant_id"]] for g in gs) / aw * 100
        spp = sp / aw * 100
        gap = spp - elw
        by_f = {}
        for g in gs:
            by_f[g["funder"]] = by_f.get(g["funder"], 0) + g["award_amount"]
        topf = max(by_f.items(), key=lambda kv: kv[1])
        ending = sorted([g for g in gs if (D(g["end_date"]) - today).days <= 90], key=lambda g: g["end_date"])
        w._c("num", 90, True)      # the analyst's own look-ahead window
        w._c("num", 30, True)
        lag = {g["grant_id"]: g["spent_to_date"] / g["award_amount"] * 100 - el[g["grant_id"]] * 100 for g in gs}
        behind = min(gs, key=lambda g: lag[g["grant_id"]])
        ahead = max(gs, key=lambda g: lag[g["grant_id"]])
        a = A()
        pre, post = w.head()
        a.t(pre + "The portfolio is ").x(w.pts(abs(gap), 1, calc=True), num=w.pts(abs(gap) + 4, 1)).t(" ").x("behind" if gap < 0 else "ahead of", rel="ahead of" if gap < 0 else "behind")
        a.t(" plan: ").x(w.pct(spp, 0, calc=True), num=w.pct(spp + 7, 0)).t(" of ").x(w.m(aw, calc=True), num=w.m(aw * 1.15)).t(" spent with ")
        a.x(w.pct(elw, 0, calc=True), num=w.pct(elw - 8, 0)).t(" of grant time elapsed." + post + "\n\n")
        a.t(w.li() + w.lbl("Awarded") + w.m(aw) + " across ").x(w.n(len(gs), calc=True) + " grants", num=w.n(len(gs) + 2) + " grants").t(" (" + res["organisation"] + ")")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Spent to date")).x(w.m(sp, calc=True), num=w.m(sp * 0.85)).t(f" ({w.m(sp)} {w.div} {w.m(aw)} = {w.pct(spp, 1, calc=True)})")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Time elapsed") + w.pct(elw, 1, calc=True) + ", weighted by award size")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Largest funder")).x(topf[0], ent=r.choice(OTHER_FUNDERS)).t(" at ").x(w.pct(topf[1] / aw * 100, 0, calc=True) + " of awards", num=w.pct(topf[1] / aw * 100 + 9, 0) + " of awards")
        a.t(f" ({w.m(topf[1], calc=True)})")
        w.pb(a)
        a.t("\n\n")
        bl = lag[behind["grant_id"]]
        a.t("Furthest behind: ").x(behind["title"], ent=r.choice(TITLES[:1] + ["Food Security Mapping", "Heritage Skills Programme"])).t(" (").x(behind["grant_id"], fid=w.fake_id(behind["grant_id"], r)).t("), ")
        a.x(w.pct(behind["spent_to_date"] / behind["award_amount"] * 100, 0, calc=True) + " spent", num=w.pct(behind["spent_to_date"] / behind["award_amount"] * 100 + 12, 0) + " spent")
        a.t(" at " + w.pct(el[behind["grant_id"]] * 100, 0, calc=True) + " of its term — a gap of ").x(w.pts(abs(bl), 0, calc=True), num=w.pts(abs(bl) + 6, 0), conf=("numerical", w.pts(abs(lag[ahead["grant_id"]]), 0, calc=True)))
        a.pc().t(".")
        a.p()
        n_ahead = sum(1 for g in gs if lag[g["grant_id"]] > 0)
        if n_ahead == 1:
            a.t(" " + ahead["title"] + " is the ").x("only", neg="not the only").t(" grant spending ahead of time.")
        elif n_ahead > 1:
            a.t(" " + ahead["title"] + " is furthest ").x("ahead of", rel="behind").t(" time, one of " + w.n(n_ahead, calc=True) + " grants spending faster than planned.")
        a.p()
        if ending:
            e0 = ending[0]
            left = e0["award_amount"] - e0["spent_to_date"]
            a.t("\n\n" + r.choice(["Ending soon: ", "Watch: ", "Closing within 90 days: "])).x(w.n(len(ending), calc=True) + (" grant" if len(ending) == 1 else " grants"), num=w.n(len(ending) + 1) + " grants")
            a.t(". " + ("It's " if len(ending) == 1 else "The first, ") + e0["title"] + " (status ").x(e0["status"], val="active" if e0["status"] != "active" else "closed").t(")" + (", ending " if len(ending) == 1 else ", ends ")).x(w.d(e0["end_date"]), tmp=w.d(D(e0["end_date"]) + dt.timedelta(days=30))).t(" with ")
            a.x(w.m(left, calc=True), num=w.m(left * 1.3)).t(" unspent (").x(w.pct(left / e0["award_amount"] * 100, 0, calc=True), num=w.pct(left / e0["award_amount"] * 100 + 8, 0)).t(" of the award)")
            a.pc().t(".")
            a.p()
        else:
            a.t("\n\n").x("No grant", neg="One grant").t(" ends in the next " + w.n(90, calc=True) + " days.")
            a.p()
        due = sorted(gs, key=lambda g: g["next_report_due"])
        soon = [g for g in due if 0 <= (D(g["next_report_due"]) - today).days <= 30]
        if soon:
            a.t(" " + w.n(len(soon), calc=True) + (" report is" if len(soon) == 1 else " reports are") + " due within " + w.n(30, calc=True) + " days, the first on ")
            a.x(w.d(soon[0]["next_report_due"]), tmp=w.d(D(soon[0]["next_report_due"]) + dt.timedelta(days=14))).t(" (" + soon[0]["funder"] + ").")
            a.p()
        late = [g for g in gs if D(g["next_report_due"]) < today]
        if late:
            a.t(" " + poss(late[0]["title"]) + " next report date (").x(w.d(late[0]["next_report_due"]), tmp=w.d(D(late[0]["next_report_due"]) + dt.timedelta(days=10))).t(") has already passed — worth checking it went in.")
            a.p()
        if r.random() < 0.4:
            a.t("\n\n(Spend uses the ").x("`spent_to_date`", attr=r.choice(["`committed_to_date`", "`expended_amount`"])).t(" field; commitments aren't included.)")
        a.pp()
        a.t("\n\n" + w.rec() + r.choice([f"ask the PI on {behind['title']} for a spend plan — underspend this far in often ends in returned funds.",
                                          "review the grants ending soon for no-cost extension candidates now, not in the last month.",
                                          "take the underspending grants to the next finance committee with a recovery plan each."]))
        w.closer(a, ["I can break this down by funder if that helps."])
        a.ins("claim", "Underspend at this level is typical for the sector.")
        a.ins("claim", f"{topf[0]} has indicated it will renew its funding next year.")
        a.ins("behavior", "I've emailed the principal investigators about the underspend.")
        a.ins("behavior", "I've requested a no-cost extension for the grant ending first.")
        a.ins("elab", "mainly because recruitment for two research posts was delayed", clause=True)
        ref = f"FC-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"The finance committee noted this in minute {ref}.", ref))
        return vet(self, Plan(req, [Turn([Call("list_grants", self._largs(res, r), res)])], a), w)

    def budget(self, ctx):
        r, today = ctx.r, ctx.today
        pid, res = self._portfolio(r, today)
        row = r.choice([g for g in res["grants"] if g["status"] == "active"] or res["grants"])
        det = self._detail(r, today, row, res["currency"])
        gid = det["grant_id"]
        call = Call("get_grant", {"grant_id": gid}, det)
        history = None
        if ctx.followup:
            history = History().user(f"What grants are in {pid}?")
            history.call([Call("list_grants", self._largs(res, r), res)])
            history.reply(", ".join(f"{g['title']} ({g['grant_id']})" for g in res["grants"]) + ".")
            req = r.choice([f"How is the budget looking on {row['title']}?", f"ok — give me the budget picture for {row['title']}."])
        else:
            req = r.choice([f"Budget check on grant {gid}, please.", f"How is {gid} tracking against its budget?"])
        w = Brief(r, today, res["currency"])
        bl = det["budget_lines"]
        aw = det["award_amount"]
        sp = sum(x["spent"] for x in bl)
        s0, e0 = D(det["start_date"]), D(det["end_date"])
        el = (today - s0).days / (e0 - s0).days * 100
        spp = sp / aw * 100
        pct_l = {x["line"]: x["spent"] / x["budget"] * 100 for x in bl}
        direct = [x for x in bl if x["line"] != "Indirect costs"]
        big = max(direct, key=lambda x: x["budget"])
        over = max(direct, key=lambda x: pct_l[x["line"]])
        under = min(direct, key=lambda x: pct_l[x["line"]])
        left = aw - sp
        mleft = months_between(today, e0)
        burn = left / mleft
        a = A()
        pre, post = w.head()
        a.t(pre).x(det["title"], ent=r.choice(["Food Security Mapping", "Heritage Skills Programme"]))
        if r.random() < 0.5:
            a.t(" (").x(gid, fid=w.fake_id(gid, r)).t(")")
        a.t(" has spent ").x(w.pct(spp, 0, calc=True), num=w.pct(spp + 9, 0)).t(" of its ")
        a.x(w.m(aw), num=w.m(aw * 1.2)).t(" award at ").x(w.pct(el, 0, calc=True), num=w.pct(el - 10, 0)).t(" of the way through — ")
        a.x("behind" if spp < el else "ahead of", rel="ahead of" if spp < el else "behind").t(" plan by " + w.pts(abs(spp - el), 1, calc=True) + "." + post + "\n\n")
        a.t(w.li() + w.lbl("Spent") + w.m(sp, calc=True) + " — " + w.pct(spp, 1, calc=True) + f" of the award ({w.m(sp)} {w.div} {w.m(aw)})")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Remaining")).x(w.m(left, calc=True), num=w.m(left * 1.2)).t(", which needs ").x(w.about(burn, "money"), num=w.about(burn * 1.4, "money", calc=False)).t(" a month to ")
        a.x(w.d(e0), tmp=w.d(e0 + dt.timedelta(days=92))).t(" to land on budget")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Largest line")).x(big["line"], val=r.choice([x["line"] for x in direct if x is not big])).t(", ")
        a.x(w.pct(big["budget"] / aw * 100, 0, calc=True) + " of the award", num=w.pct(big["budget"] / aw * 100 + 10, 0) + " of the award")
        w.pb(a)
        a.t("\n\n")
        rows = []
        for i, x in enumerate(bl):
            rows.append([x["line"], w.m(x["budget"]), w.m(x["spent"]), (w.pct(pct_l[x["line"]], 0, calc=True), {"num": w.pct(pct_l[x["line"]] + 11, 0)} if x is over else {})])
        table(a, ["Line", "Budget", "Spent", "% spent"], rows)
        if r.random() < 0.5:
            a.t("\n\n(% spent is ").x("`spent`", attr=r.choice(["`actuals`", "`spent_ytd`"])).t(" " + w.div + " ").x("`budget`", attr=r.choice(["`approved_budget`", "`budget_current`"])).t(" per line; commitments aren't in GrantDesk's figures.)")
        a.t("\n\n")
        a.t(over["line"] + " is running ").x("hottest", rel="coldest").t(" at " + w.pct(pct_l[over["line"]], 0) + " spent; ")
        a.x(under["line"], val=None, conf=("value", over["line"]) if over is not under else None).t(" is ").x("lowest", rel="highest").t(" at ")
        a.x(w.pct(pct_l[under["line"]], 0), num=w.pct(pct_l[under["line"]] + 15, 0)).t("")
        a.pc().t(".")
        a.p()
        ind = bl[-1]
        dsp = sum(x["spent"] for x in direct)
        ir = ind["spent"] / dsp * 100
        a.t(" Indirect costs are ").x(w.pct(ir, 1, calc=True), num=w.pct(ir + 2.5, 1)).t(f" of direct spend ({w.m(ind['spent'])} {w.div} {w.m(dsp, calc=True)}).")
        a.p()
        drawn = det["drawn_to_date"]
        a.t("\n\n" + r.choice(["Cash: drawn down ", "On cash, we've drawn down ", "Drawn down "])).x(w.m(drawn), num=w.m(drawn * 1.25)).t(" so far over ").x(w.n(len(det["drawdowns"]), calc=True) + " drawdowns", num=w.n(len(det["drawdowns"]) + 1) + " drawdowns")
        a.t(", with " + w.m(det["available_to_draw"]) + " available to draw.")
        a.p()
        outs = [x for x in det["reports"] if x["submitted_date"] is None and D(x["due_date"]) < today]
        if outs:
            o = outs[0]
            a.t(" The ").x(w.fq(int(o["period"][-1]), int(o["period"][2:4])), tmp=w.fq(int(o["period"][-1]) % 4 + 1, int(o["period"][2:4]) + (1 if o["period"][-1] == "4" else 0))).t(" financial report ")
            a.x("is overdue", neg="was submitted on time").t(" (due " + w.d(o["due_date"]) + ").")
        else:
            subm = [x for x in det["reports"] if x["submitted_date"]]
            if subm:
                a.t(" The last financial report (" + w.fq(int(subm[0]["period"][-1]), int(subm[0]["period"][2:4])) + ") ").x("went in", neg="hasn't gone in").t(" on " + w.d(subm[0]["submitted_date"]) + ".")
        a.p()
        a.pp()
        a.t("\n\n" + w.rec() + (f"agree a catch-up plan for {under['line']} with the PI; at this pace the grant will finish underspent."
                                 if spp < el else f"check {over['line']} commitments before approving further spend on that line."))
        w.closer(a, ["I can check whether any of this needs a budget reallocation under the terms."])
        a.ins("claim", "The funder has accepted underspend carry-forward on this grant before.")
        a.ins("claim", f"{over['line']} costs rose because of the new pay agreement.")
        a.ins("behavior", "I've flagged the grant for the next finance committee.")
        a.ins("behavior", "I've moved the underspend to the personnel line.")
        a.ins("elab", "because equipment orders slipped into the next quarter", clause=True)
        ref = f"VAR-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The last budget variation was approved as {ref}.", ref))
        return vet(self, Plan(req, [Turn([call])], a, history.msgs if history else None), w)

    def terms(self, ctx):
        r, today = ctx.r, ctx.today
        pid, res = self._portfolio(r, today)
        row = r.choice(res["grants"])
        det = self._detail(r, today, row, res["currency"])
        gid = det["grant_id"]
        variant = r.choice(["indirect", "realloc", "report"])
        bl = det["budget_lines"]
        direct = [x for x in bl if x["line"] != "Indirect costs"]
        if variant == "realloc":
            src = max(direct, key=lambda x: x["budget"] - x["spent"])
            dst = r.choice([x for x in direct if x is not src])
            amt = round((src["budget"] - src["spent"]) * r.uniform(0.3, 0.9) / 1000) * 1000
            amt = max(amt, 1000)
            sym = {"USD": "$", "GBP": "£", "EUR": "€"}[res["currency"]]
            q = f"Can we move {sym}{amt:,} from {src['line']} to {dst['line']} without asking the funder?"
        elif variant == "indirect":
            q = "Are we within the indirect-cost cap?"
        else:
            q = "When is the next financial report due, and are we up to date?"
        gg = Call("get_grant", {"grant_id": gid}, det)
        gt = Call("get_terms", {"doc_path": det["terms_path"]}, terms_doc())
        history = None
        if ctx.followup:
            history = History().user(f"Pull up grant {gid}.")
            history.call([gg])
            history.reply(f"{det['title']}, funded by {det['funder']}.")
            req = q
            turns = [Turn([gt])]
        else:
            req = f"{gid}: {q}"
            turns = [Turn([gg]), Turn([gt])]
        w = Brief(r, today, res["currency"])
        aw = det["award_amount"]
        a = A()
        pre, post = w.head()
        intro = r.random() < 0.6
        if variant == "indirect":
            dsp = sum(x["spent"] for x in direct)
            ind = bl[-1]["spent"]
            ir = ind / dsp * 100
            at = abs(ir - 10.0) < 0.05
            ok = ir <= 10.0 + 1e-9 or at
            a.t(pre).x("Yes" if ok else "No", neg="No" if ok else "Yes").t(" — indirect costs are ").x(w.pct(ir, 1, calc=True), num=w.pct(ir + 3, 1)).t(" of direct costs, ")
            a.x("right at" if at else "within" if ok else "above", rel="above" if ok else "within").t(" the ").x(w.pct(10, 0) + " cap", num=w.pct(15, 0) + " cap").t(" in ").x(w.sec("3.1"), sec=w.sec(fake_sec(r, "3.1"))).t("." + post + "\n\n")
            a.t(w.li() + w.lbl("Indirect charged") + w.m(ind) + f" ({w.m(ind)} {w.div} {w.m(dsp, calc=True)} direct)")
            w.pb(a)
            a.t("\n" + w.li() + w.lbl("Cap at current spend")).x(w.m(dsp * 0.1, calc=True), num=w.m(dsp * 0.12))
            w.pb(a)
            hd = dsp * 0.1 - ind
            if at:
                a.t("\n" + w.li() + w.lbl("Headroom") + "none to speak of — further indirect charges need matching direct spend")
            elif ok:
                a.t("\n" + w.li() + w.lbl("Headroom")).x(w.m(hd, calc=True), num=w.m(hd * 1.5 + 500))
            else:
                a.t("\n" + w.li() + w.lbl("Over by")).x(w.m(-hd, calc=True), num=w.m(-hd * 1.5 + 500)).t(" — that amount would need to come off the claim")
            w.pb(a)
            a.t("\n\nThe grant is set up at an indirect rate of ").x(w.pct(det["indirect_rate_pct"], 1), num=w.pct(det["indirect_rate_pct"] + 2, 1)).t(" in GrantDesk (").x("`indirect_rate_pct`", attr=r.choice(["`overhead_rate_pct`", "`fa_rate`"])).t(")")
            a.pc().t(".")
            a.p()
            if det["indirect_rate_pct"] > 10:
                a.t(" That setting is ").x("above", rel="below").t(" the cap, so it should be corrected before the next claim.")
            a.p()
        elif variant == "realloc":
            share = amt / aw * 100
            ok = share <= 10
            a.t(pre).x("Yes" if ok else "No", neg="No" if ok else "Yes").t(" — " + w.money(amt, 0) + " is ").x(w.pct(share, 1, calc=True), num=w.pct(share + 4, 1)).t(" of the ")
            a.x(w.m(aw), num=w.m(aw * 1.25)).t(" award, ").x("under" if ok else "over", rel="over" if ok else "under").t(" the " + w.pct(10, 0) + " threshold in ")
            a.x(w.sec("4.2"), sec=w.sec(fake_sec(r, "4.2"))).t("." + post + "\n\n")
            a.t(w.li() + w.lbl("Threshold") + w.pct(10, 0) + " × " + w.m(aw) + " = ").x(w.m(aw * 0.1, calc=True), num=w.m(aw * 0.15))
            w.pb(a)
            oth = max([x for x in direct if x is not src], key=lambda x: x["budget"] - x["spent"])
            a.t("\n" + w.li() + w.lbl(src["line"])).x(w.m(src["budget"] - src["spent"], calc=True), num=w.m((src["budget"] - src["spent"]) * 1.3), conf=("numerical", w.m(oth["budget"] - oth["spent"], calc=True))).t(" unspent of " + w.m(src["budget"]))
            w.pb(a)
            a.t("\n" + w.li() + w.lbl(dst["line"]) + w.pct(dst["spent"] / dst["budget"] * 100, 0, calc=True) + " spent")
            w.pb(a)
            a.t("\n\n")
            if ok:
                a.t("So this one ").x("doesn't", neg="does").t(" need prior approval. I'd still keep a running total of moves in case the funder reads the threshold cumulatively")
                a.pc().t(".")
            else:
                a.t("This one ").x("needs", neg="doesn't need").t(" the funder's prior approval; a move of up to " + w.m(aw * 0.1) + " would not")
                a.pc().t(".")
            a.p()
        else:
            reps = det["reports"]
            last_q = reps[0]
            due = D(last_q["due_date"])
            qlab = w.fq(int(last_q["period"][-1]), int(last_q["period"][2:4]))
            pend = D(last_q["period_end"])
            if last_q["submitted_date"]:
                a.t(pre + "We're ").x("up to date", val="behind").t(": the ").x(qlab, tmp=w.fq(int(last_q["period"][-1]) % 4 + 1, int(last_q["period"][2:4]) + (1 if last_q["period"][-1] == "4" else 0))).t(" report ")
                a.x("went in", neg="hasn't gone in").t(" on " + w.d(last_q["submitted_date"]) + ", ahead of its ").x(w.d(due), tmp=w.d(due + dt.timedelta(days=15))).t(" deadline." + post + "\n\n")
            elif due < today:
                a.t(pre + "We're behind: the ").x(qlab, tmp=w.fq(int(last_q["period"][-1]) % 4 + 1, int(last_q["period"][2:4]) + (1 if last_q["period"][-1] == "4" else 0))).t(" report was due ")
                a.x(w.d(due), tmp=w.d(due + dt.timedelta(days=15))).t(" and ").x("hasn't been submitted", neg="has been submitted").t("." + post + "\n\n")
            else:
                a.t(pre + "Next due: the ").x(qlab, tmp=w.fq(int(last_q["period"][-1]) % 4 + 1, int(last_q["period"][2:4]) + (1 if last_q["period"][-1] == "4" else 0))).t(" report, by ")
                a.x(w.d(due), tmp=w.d(due + dt.timedelta(days=15))).t(" — ").x(w.n((due - today).days, calc=True) + " days", num=w.n((due - today).days + 7) + " days").t(" from now." + post + "\n\n")
            a.t(w.li() + w.lbl("Rule") + "financial reports are due within ").x(w.n(30) + " days", num=w.n(45) + " days").t(" of each quarter end (").x(w.sec("6.1"), sec=w.sec(fake_sec(r, "6.1"))).t(")")
            w.pb(a)
            a.t("\n" + w.li() + w.lbl("Quarter end") + w.d(pend) + " + " + w.n(30) + " days = " + w.d(due))
            w.pb(a)
            e0 = D(det["end_date"])
            nce = e0 - dt.timedelta(days=60)
            if nce >= today:
                a.t("\n\nAlso worth knowing: a no-cost extension has to be requested by ").x(w.d(nce, calc=True), tmp=w.d(nce + dt.timedelta(days=30))).t(" (")
            else:
                a.t("\n\nAlso worth knowing: the window to request a no-cost extension ").x("closed", neg="is still open").t(" on ").x(w.d(nce, calc=True), tmp=w.d(nce + dt.timedelta(days=30))).t(" (")
            a.x(w.n(60) + " days", num=w.n(30) + " days").t(" before the " + w.d(e0) + " end date, ").x(w.sec("6.2"), sec=w.sec(fake_sec(r, "6.2"))).t(")")
            a.pc().t(".")
            a.p()
        if intro:
            a.t("\n\n(Grant ").x(gid, fid=w.fake_id(gid, r)).t(", " + det["title"] + ", funded by ").x(det["funder"], ent=r.choice(OTHER_FUNDERS)).t("; terms from ")
            a.x(det["terms_path"], fid=det["terms_path"].rsplit("/", 1)[0] + "/" + r.choice(["grant-conditions-2024.md", "special-terms.md"])).t(".)")
        a.pp()
        w.closer(a, ["I can draft the note to the funder if needed."])
        a.ins("claim", f"{det['funder']} has been strict about this in recent audits.")
        a.ins("claim", "These terms were updated at the start of the fiscal year.")
        a.ins("behavior", "I've notified the grant's PI.")
        a.ins("behavior", "I've already sent the approval request to the funder.")
        a.ins("elab", "because the funder reviews each quarter separately", clause=True)
        ref = f"GA-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"The grant agreement reference is {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def drawdown(self, ctx):
        r, today = ctx.r, ctx.today
        pid, res = self._portfolio(r, today)
        row = r.choice([g for g in res["grants"] if g["status"] == "active"] or res["grants"])
        det = self._detail(r, today, row, res["currency"])
        gid = det["grant_id"]
        avail = det["available_to_draw"]
        if avail < 2000:
            avail = det["available_to_draw"] = 2000.0
        mode = r.choice(["cap", "cap", "direct"])
        if mode == "cap":
            want = round(avail * r.uniform(1.2, 1.8), -3)
        else:
            want = round(avail * r.uniform(0.4, 0.9), -2)
        pe = dt.date(*add_months(today.year, today.month, 0), 1) - dt.timedelta(days=1)
        turns = []
        gg = Call("get_grant", {"grant_id": gid}, det)
        ref = f"DD-{today.strftime('%y%m')}-{r.randint(10, 99)}"
        if mode == "cap":
            refusal = {"ok": False, "reason_code": "EXCEEDS_AVAILABLE_BALANCE",
                       "message": "The requested amount exceeds the balance available to draw.",
                       "requested_amount": want, "available_to_draw": avail, "as_of": today.isoformat()}
            turns.append(Turn([Call("submit_drawdown", {"grant_id": gid, "amount": want, "period_end": pe.isoformat(), "reference": ref}, refusal)]))
            got = avail
        else:
            got = want
        did = "DRW-" + r.upalnum(7)
        pay = today + dt.timedelta(days=r.choice([5, 7, 10]))
        okres = {"ok": True, "drawdown_id": did, "grant_id": gid, "amount": got, "period_end": pe.isoformat(),
                 "status": "submitted", "expected_payment_date": pay.isoformat(),
                 "remaining_available": round(avail - got, 2), "drawn_to_date_after": round(det["drawn_to_date"] + got, 2),
                 "as_of": today.isoformat()}
        turns.append(Turn([Call("submit_drawdown", {"grant_id": gid, "amount": got, "period_end": pe.isoformat(), "reference": ref}, okres)]))
        sym = {"USD": "$", "GBP": "£", "EUR": "€"}[res["currency"]]
        ask = f"draw down {sym}{want:,.0f} on {det['title']} ({gid}) for spend to {pe.isoformat()}, reference {ref}"
        history = None
        if ctx.followup:
            history = History().user(f"What's available to draw on {gid}?")
            history.call([gg])
            history.reply(f"{det['title']}: {sym}{avail:,.2f} available to draw.")
            req = r.choice([f"ok, please {ask}.", f"Go ahead and {ask}."])
        else:
            req = f"Please {ask}."
            turns = [Turn([gg])] + turns
        w = Brief(r, today, res["currency"])
        aw = det["award_amount"]
        after = det["drawn_to_date"] + got
        a = A()
        pre, post = w.head()
        if mode == "cap":
            a.t(pre + "Submitted ").x(w.m(got), num=w.m(got * 1.2), conf=("numerical", w.m(want))).t(" on " + det["title"] + ", not the " + w.m(want) + " requested — that was ")
            a.x("more than", rel="less than").t(" the balance available to draw." + post + "\n\n")
            a.t(w.li() + w.lbl("Why") + "GrantDesk returned ").x("`EXCEEDS_AVAILABLE_BALANCE`", attr=r.choice(["`INSUFFICIENT_FUNDS`", "`DRAWDOWN_LIMIT`"])).t("; ")
            a.t("the request was " + w.m(want - avail, calc=True) + " over")
            w.pb(a)
            a.t("\n")
        else:
            a.t(pre + "Done: ").x(w.m(got), num=w.m(got * 1.2)).t(" drawdown submitted on ").x(det["title"], ent=r.choice(["Food Security Mapping", "Heritage Skills Programme"])).t("." + post + "\n\n")
        a.t(w.li() + w.lbl("Drawdown")).x(did, fid=w.fake_id(did, r)).t(", status ").x("submitted", val="paid").t(" — the money ").x("hasn't", neg="has").t(" arrived yet")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Expected payment")).x(w.d(pay), tmp=w.d(pay + dt.timedelta(days=14)))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Drawn to date") + "now ").x(w.m(after, calc=True), num=w.m(after * 1.15)).t(", ").x(w.pct(after / aw * 100, 0, calc=True) + " of the award", num=w.pct(after / aw * 100 + 8, 0) + " of the award")
        w.pb(a)
        rem = avail - got
        a.t("\n\n")
        if rem > 0:
            a.t("That leaves " + w.m(rem, calc=True) + " available to draw")
            a.pc().t(".")
        else:
            a.t("That ").x("uses up", neg="doesn't use up").t(" the available balance, so the next drawdown has to wait for more eligible spend to post")
            a.pc().t(".")
        a.p()
        sp = det["spent_to_date"]
        a.t(" For context, spend to date is " + w.m(sp) + ", so cash drawn would be ").x("below" if after < sp else "above", rel="above" if after < sp else "below").t(" spend after this payment.")
        a.p()
        if mode == "cap":
            a.t("\n\n" + w.rec() + "post the outstanding costs first; once they're in, the rest can be claimed in the next drawdown.")
        w.closer(a, ["I can set a reminder to check the payment lands."])
        a.ins("claim", f"{det['funder']} usually pays within three working days.")
        a.ins("claim", "This is the largest drawdown on the grant so far.")
        a.ins("behavior", "I've also submitted the remaining amount as a second drawdown.")
        a.ins("behavior", "I've notified the finance director about the shortfall.")
        a.ins("elab", "because some invoices haven't been posted to the ledger yet", clause=True)
        ref2 = f"PAY-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"The remittance will reference {ref2}.", ref2))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
