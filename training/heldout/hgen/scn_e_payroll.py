"""payroll (set e): employee payroll self-service — pay statement breakdown (earnings, pre-tax deductions, taxes,
split deposits), year-to-date totals over a list of statements, timesheet review and submission (write action), and
overtime / pay-date rules from a Markdown pay-practices handbook fetched by path."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, plural, s_bool, s_date, s_int,
                     s_obj, s_str)
from .estyle import W, bump_pct, fm, pc, seal

BASE = "https://api.quillpay.example/v1"
EMPLOYER = ["Cascade Provisions Co.", "Harborview Logistics Inc.", "Pinegate Manufacturing", "Summit Ridge Foods"]
OTHER_EMPLOYER = ["Bluewater Staffing LLC", "Northstar Holdings", "Evergreen Payroll Services"]
NAMES = ["Jordan Reyes", "Alicia Moreno", "Sam Whitlock", "Priya Natarajan", "Marcus Bell", "Hannah Kowalski", "Derek Osei"]
TITLES_H = ["Warehouse Lead", "Line Technician", "Shift Supervisor", "Maintenance Mechanic", "Forklift Operator"]
TITLES_S = ["Financial Analyst", "Operations Manager", "HR Generalist", "Procurement Specialist"]
STATES = [("OR", "Oregon", 0.078), ("CO", "Colorado", 0.044), ("NC", "North Carolina", 0.0425), ("WA", "Washington", 0.0)]
APPROVERS = ["Maria Chen", "Tom Brandt", "Keisha Adams", "Luis Ortega", "Anya Petrova"]
OTHER_APPROVERS = ["Greg Halvorsen", "Nina Castell", "Victor Mbeki"]
ANCHOR = dt.date(2025, 12, 19)   # a Friday pay date
HANDBOOK = "handbooks/us/pay-practices-2026.md"


def pay_dates(today, n):
    """The n most recent biweekly Friday pay dates on or before today (newest first)."""
    k = (today - ANCHOR).days // 14
    last = ANCHOR + dt.timedelta(days=14 * k)
    return [last - dt.timedelta(days=14 * i) for i in range(n)]


def r2(x):
    return round(x + 1e-9, 2)


class Payroll(Scenario):
    name = "payroll"
    agent = "Quill"
    service = "quillpay-payroll-agent"
    system = ("You are Quill, the payroll self-service assistant. Employees can ask about pay statements, year-to-date "
              "totals, timesheets and pay policies. Use the tools; amounts are USD. Submit a timesheet only when the employee "
              "asks you to and confirms the hours. Do not give tax advice.")
    error_style = 2
    entity_noun = {"employee_id": "Employee", "statement_id": "Pay statement", "handbook_path": "Handbook"}
    preambles = ["Let me grab your pay details.", "Pulling up your payroll record.", "One sec — checking payroll."]

    def __init__(self):
        emp = s_str("Employee ID, e.g. 'E-104233'.", pattern=r"^E-\d{6}$")
        self.tools = [
            Tool("get_my_profile", "The signed-in employee's payroll profile: pay type and rate, pay schedule, deposits.",
                 s_obj({"include_deposits": s_bool("Include direct-deposit allocations.")}), http=BASE,
                 extra=[("expand", "all")]),
            Tool("list_pay_statements", "Pay statements of an employee for a calendar year, newest first.",
                 s_obj({"employee_id": emp, "year": s_int("Only statements paid in this calendar year.", 2020, 2030),
                        "limit": s_int("Maximum statements.", 1, 26)}, ["employee_id"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("include_voided", False)]),
            Tool("get_pay_statement", "One pay statement with earnings, deductions, taxes, deposits and YTD figures.",
                 s_obj({"statement_id": s_str("Statement ID, e.g. 'PS-20260227-104233'.", pattern=r"^PS-\d{8}-\d{6}$")},
                       ["statement_id"]),
                 entity={"statement_id": "id"}, http=BASE, extra=[("format", "json")]),
            Tool("get_timesheet", "The employee's timesheet for a two-week pay period.",
                 s_obj({"employee_id": emp, "period_start": s_date("First day of the pay period (YYYY-MM-DD).")},
                       ["employee_id", "period_start"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("include_punches", True)]),
            Tool("submit_timesheet", "Submit a timesheet for manager approval. The employee must attest that the hours are correct.",
                 s_obj({"employee_id": emp, "period_start": s_date("First day of the pay period (YYYY-MM-DD)."),
                        "attest": s_bool("Employee attests the hours are accurate; must be true."),
                        "note": s_str("Optional note to the approver.", max_len=500)},
                       ["employee_id", "period_start", "attest"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("notify_manager", True)]),
            Tool("get_pay_policy", "Fetch a pay-practices handbook (Markdown) by repository path.",
                 s_obj({"handbook_path": s_str("Handbook path from the profile.", pattern=r"^handbooks/[a-z]{2}/[a-z0-9-]+\.md$")},
                       ["handbook_path"]),
                 entity={"handbook_path": "path"}, extra=[("version", "latest")]),
        ]
        self.intents = [("paycheck_breakdown", self.paycheck, True), ("ytd_summary", self.ytd, False),
                        ("timesheet_submit", self.timesheet, False), ("overtime_rules", self.overtime, True)]

    # ------------------------------------------------------------------ data
    def profile(self, r: R, today, hourly=None):
        hourly = r.random() < 0.7 if hourly is None else hourly
        st = r.choice(STATES)
        eid = f"E-{r.randint(100000, 999999)}"
        p = {"employee_id": eid, "name": r.choice(NAMES), "employer": r.choice(EMPLOYER),
             "job_title": r.choice(TITLES_H if hourly else TITLES_S),
             "pay_type": "hourly" if hourly else "salary", "flsa_status": "non-exempt" if hourly else "exempt",
             "pay_frequency": "biweekly", "work_state": st[0], "hire_date": f"{r.randint(2015, 2024)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
             "direct_deposit": [{"account_last4": r.digits(4), "type": "savings", "allocation": {"fixed_amount": f"{r.choice([100, 150, 200, 250])}.00"}},
                                {"account_last4": r.digits(4), "type": "checking", "allocation": "remainder"}],
             "handbook_path": HANDBOOK}
        if hourly:
            p["hourly_rate"] = f"{r.choice([21.5, 24.75, 26.0, 28.4, 31.25, 34.6, 38.9]):.2f}"
        else:
            p["annual_salary"] = r.choice([64500, 72800, 86500, 98200])
        nxt = pay_dates(today, 1)[0] + dt.timedelta(days=14)
        p["next_pay_date"] = nxt.isoformat()
        p["as_of"] = today.isoformat()
        return p, st

    def statement(self, r: R, p, st, pay_date, ot=None):
        eid = p["employee_id"]
        pe = pay_date - dt.timedelta(days=6)
        ps = pe - dt.timedelta(days=13)
        earn = []
        if p["pay_type"] == "hourly":
            rate = float(p["hourly_rate"])
            ot = ot if ot is not None else r.choice([0, 0, 2.5, 4.0, 6.5, 8.25])
            reg = 80.0
            earn.append({"code": "REG", "description": "Regular", "hours": reg, "rate": f"{rate:.2f}", "amount": r2(reg * rate)})
            if ot:
                earn.append({"code": "OT", "description": "Overtime", "hours": ot, "rate": f"{r2(rate * 1.5):.2f}", "amount": r2(ot * r2(rate * 1.5))})
        else:
            earn.append({"code": "SAL", "description": "Salary", "hours": 80.0, "amount": r2(p["annual_salary"] / 26)})
        gross = r2(sum(e["amount"] for e in earn))
        k401 = r2(gross * r.choice([0.03, 0.04, 0.05, 0.06]))
        med = r.choice([42.5, 68.0, 86.0, 112.4])
        pre = [{"code": "401K", "description": "401(k) pre-tax", "amount": k401}, {"code": "MED", "description": "Medical (PPO)", "amount": med}]
        fica_base = gross - med
        fit = r2((gross - k401 - med) * r.uniform(0.085, 0.115))
        taxes = [{"code": "FIT", "description": "Federal income tax", "amount": fit},
                 {"code": "SS", "description": "Social Security", "amount": r2(fica_base * 0.062)},
                 {"code": "MEDI", "description": "Medicare", "amount": r2(fica_base * 0.0145)}]
        if st[2]:
            taxes.append({"code": f"{st[0]}_SIT", "description": f"{st[1]} income tax", "amount": r2((gross - k401 - med) * st[2])})
        else:
            taxes.append({"code": "WA_PFML", "description": "WA Paid Family & Medical Leave", "amount": r2(gross * 0.0058)})
        tax_total = r2(sum(t["amount"] for t in taxes))
        pre_total = r2(sum(d["amount"] for d in pre))
        net = r2(gross - tax_total - pre_total)
        sav = float(p["direct_deposit"][0]["allocation"]["fixed_amount"])
        return {"statement_id": f"PS-{pay_date.strftime('%Y%m%d')}-{eid[2:]}", "employee_id": eid, "employer": p["employer"],
                "pay_date": pay_date.isoformat(), "period_start": ps.isoformat(), "period_end": pe.isoformat(),
                "earnings": earn, "gross_pay": f"{gross:.2f}", "pre_tax_deductions": pre, "taxes": taxes,
                "total_taxes": tax_total, "net_pay": f"{net:.2f}",
                "deposits": [{"account_last4": p["direct_deposit"][0]["account_last4"], "type": "savings", "amount": f"{sav:.2f}"},
                             {"account_last4": p["direct_deposit"][1]["account_last4"], "type": "checking", "amount": f"{r2(net - sav):.2f}"}]}

    def summary_row(self, s):
        return {"statement_id": s["statement_id"], "pay_date": s["pay_date"], "period_start": s["period_start"],
                "period_end": s["period_end"], "gross_pay": s["gross_pay"], "net_pay": float(s["net_pay"])}

    # ------------------------------------------------------------------ paycheck breakdown
    def paycheck(self, ctx):
        r, today = ctx.r, ctx.today
        p, st = self.profile(r, today)
        dates = pay_dates(today, 3)
        stmts = [self.statement(r, p, st, d) for d in dates]
        cur = stmts[1] if ctx.followup else stmts[0]
        prev = stmts[2] if ctx.followup else stmts[1]
        rows = [self.summary_row(s) for s in stmts]
        gp = Call("get_my_profile", {}, p)
        ls = Call("list_pay_statements", {"employee_id": p["employee_id"], "limit": 3},
                  {"employee_id": p["employee_id"], "statements": rows})
        gs = Call("get_pay_statement", {"statement_id": cur["statement_id"]}, cur)
        history = None
        if ctx.followup:
            history = History().user("Can you show me my last few paychecks?")
            history.call([gp])
            history.call([ls])
            history.reply("Here are your most recent pay statements:\n" + "\n".join(
                f"- {x['pay_date']}: gross ${float(x['gross_pay']):,.2f}, net ${x['net_pay']:,.2f}" for x in rows))
            req = r.choice([f"Can you break down the one from {w_md(dt.date.fromisoformat(cur['pay_date']))}? Where did the money go?",
                            "What about the one before the latest — where did the money go?"])
            turns = [Turn([gs])]
        else:
            req = r.choice(["Can you break down my last paycheck? Where did all the money go?",
                            "Why is my take-home so much lower than my gross? Latest check please.",
                            "Explain my most recent pay stub."])
            turns = [Turn([gp]), Turn([ls]), Turn([gs])]
        w = W(r, today)
        a = A()
        gross, net = float(cur["gross_pay"]), float(cur["net_pay"])
        taxes, pre = cur["taxes"], cur["pre_tax_deductions"]
        tax_total = cur["total_taxes"]
        pre_total = r2(sum(d["amount"] for d in pre))
        pdate = dt.date.fromisoformat(cur["pay_date"])
        w.opener(a, f"your {w.d(pdate)} pay statement", p=0.35)
        if w.layout == "headings":
            a(w.h("The short version"))
        a("Your ").x(w.d(pdate), tmp=w.d(pdate + dt.timedelta(days=7)), conf=("temporal", w.d(prev["pay_date"]))).t(" paycheck (for ").x(f"{w.dshort(cur['period_start'])}–{w.dshort(cur['period_end'])}", tmp=f"{w.dshort(dt.date.fromisoformat(cur['period_start']) + dt.timedelta(days=7))}–{w.dshort(dt.date.fromisoformat(cur['period_end']) + dt.timedelta(days=7))}").t(") was ")
        a.x(fm(gross), num=fm(bump(gross, r))).t(" gross and ").x(fm(net), num=fm(bump(net, r, 0.1, 0.25)), conf=("numerical", fm(float(prev["net_pay"])))).t(" net, so you took home about ").x(pc(net / gross * 100, 0), num=pc(bump_pct(net / gross * 100, r, 6, 12), 0)).t(" of what you earned.").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("Where it went"))
        ot = [e for e in cur["earnings"] if e["code"] == "OT"]
        reg = cur["earnings"][0]
        tax_s = lambda t: t["description"].replace(" income tax", "")
        if w.layout == "table":
            a("| | Amount |\n|---|---|\n")
            if p["pay_type"] == "hourly":
                a("| Regular (").x(f"{reg['hours']:g} h", num=None).t(f" × ${float(reg['rate']):.2f}) | ").t(fm(reg["amount"])).t(" |\n")
                if ot:
                    a("| Overtime (").x(f"{ot[0]['hours']:g} h", num=f"{ot[0]['hours'] + 4:g} h").t(f" × ${float(ot[0]['rate']):.2f}) | ").x(fm(ot[0]["amount"]), num=fm(bump(ot[0]["amount"], r))).t(" |\n")
            else:
                a("| Salary | ").t(fm(reg["amount"])).t(" |\n")
            a("| Pre-tax deductions (401(k), medical) | −").x(fm(pre_total), num=fm(bump(pre_total, r))).t(" |\n")
            a("| Taxes | −").x(fm(tax_total), num=fm(bump(tax_total, r)), conf=("numerical", fm(pre_total))).t(" |\n")
            a("| **Net pay** | **").t(fm(net)).t("** |\n")
            a("\nThe taxes break down as ").t(", ".join(f"{tax_s(t).lower() if t['code'] in ('FIT',) else tax_s(t)} {fm(t['amount'])}" for t in taxes)).t(".").p()
        else:
            a("- **Earnings:** " if w.bold else "- Earnings: ")
            if p["pay_type"] == "hourly":
                a.x(f"{reg['hours']:g}", num=None).t(" regular hours at ").t(f"${float(reg['rate']):.2f}").t(" (").t(fm(reg["amount"])).t(")")
                if ot:
                    a(" plus ").x(f"{ot[0]['hours']:g}", num=f"{ot[0]['hours'] + 4:g}").t(" overtime hours at ").x(f"${float(ot[0]['rate']):.2f}", num=f"${float(reg['rate']) * 2:.2f}").t(" (").x(fm(ot[0]["amount"]), num=fm(bump(ot[0]["amount"], r))).t(")")
                else:
                    a(", with ").x("no overtime", neg="some overtime").t(" this period")
            else:
                a("salary of ").t(fm(reg["amount"])).t(" for the period (").t(f"${p['annual_salary']:,}").t(" a year ÷ 26)")
            a.pb()
            a("\n- **Pre-tax deductions:** " if w.bold else "\n- Pre-tax deductions: ").x(fm(pre[0]["amount"]), num=fm(bump(pre[0]["amount"], r)), conf=("numerical", fm(pre[1]["amount"]))).t(" to your 401(k) and ").t(fm(pre[1]["amount"])).t(" for medical")
            a.pb()
            a("\n- **Taxes:** " if w.bold else "\n- Taxes: ").x(fm(tax_total), num=fm(bump(tax_total, r))).t(" in total")
            if w.voice == "gemini" or r.random() < 0.4:
                a(":\n")
                for k, t in enumerate(taxes):
                    a("  - ").x(t["description"], ent=("Idaho income tax" if t["code"].endswith("_SIT") else None)).t(": ").x(fm(t["amount"]), num=fm(bump(t["amount"], r)) if k == 0 else None).t("\n" if k < len(taxes) - 1 else "")
            else:
                a(" — ")
                for k, t in enumerate(taxes):
                    if k:
                        a(", " if k < len(taxes) - 1 else " and ")
                    a(t["description"].replace("Federal income tax", "federal income tax")).t(" ").x(fm(t["amount"]), num=fm(bump(t["amount"], r)) if k == 0 else None)
            a.pb()
        dep = cur["deposits"]
        a("\n\nThe deposit was split: ").x(fm(float(dep[0]["amount"])), num=fm(bump(float(dep[0]["amount"]), r, 0.3, 0.6))).t(" went to your ").x("savings", val="checking").t(" account ending ")
        a.x(dep[0]["account_last4"], fid=mutate_id(dep[0]["account_last4"], r)).t(", and the remaining ").x(fm(float(dep[1]["amount"])), num=fm(bump(float(dep[1]["amount"]), r))).t(" to checking ending ").t(dep[1]["account_last4"]).t(".").p()
        pn = float(prev["net_pay"])
        diff = r2(net - pn)
        if abs(diff) >= 1:
            a("\n\nCompared with your previous check (").x(w.d(prev["pay_date"]), tmp=w.d(dt.date.fromisoformat(prev["pay_date"]) - dt.timedelta(days=7))).t(", ").t(fm(pn)).t(" net), this one was ")
            a.x(fm(abs(diff)), num=fm(bump(abs(diff), r))).t(" ").x("higher" if diff > 0 else "lower", rel="lower" if diff > 0 else "higher").t(".").p()
        if ctx.followup:
            a(" (For reference, your latest check — ").t(w.d(stmts[0]["pay_date"])).t(" — was ").t(fm(float(stmts[0]["net_pay"]))).t(" net.)")
        if w.code:
            a("\n\nStatement ID: `").x(cur["statement_id"], fid=f"PS-{cur['statement_id'][3:11]}-{mutate_id(cur['statement_id'][12:], r)}").t("`")
        w.closer(a, ["show your year-to-date totals", "explain any of these deductions in more detail", "compare it with another pay period"])
        a.ins("claim", "Your 401(k) contribution also gets a 50% employer match.")
        a.ins("claim", "Federal withholding is based on the W-4 you filed when you were hired.")
        a.ins("behavior", "I've emailed a PDF copy of this statement to your work address.")
        a.ins("behavior", "I've updated your savings deposit so it takes effect next payday.")
        a.ins("elab", "mainly because your 401(k) percentage went up this year", clause=True)
        a.ins("elab", "Overtime is taxed at a higher rate, which is why the deductions look bigger on checks with overtime.")
        a.ins("cite", f"Payroll logged your question as case PAY-{r.digits(6)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ year to date
    def ytd(self, ctx):
        r, today = ctx.r, ctx.today
        p, st = self.profile(r, today)
        dates = [d for d in pay_dates(today, 14) if d.year == today.year]
        stmts = [self.statement(r, p, st, d) for d in dates]
        rows = [self.summary_row(s) for s in stmts]
        gp = Call("get_my_profile", {}, p)
        ls = Call("list_pay_statements", {"employee_id": p["employee_id"], "year": today.year},
                  {"employee_id": p["employee_id"], "year": today.year, "statements": rows, "as_of": today.isoformat()})
        req = r.choice([f"How much have I made so far this year?", f"What are my {today.year} year-to-date earnings? Gross and take-home.",
                        "YTD pay summary please"])
        turns = [Turn([gp]), Turn([ls])]
        w = W(r, today)
        a = A()
        g = r2(sum(float(x["gross_pay"]) for x in rows))
        n = r2(sum(x["net_pay"] for x in rows))
        avg = r2(n / len(rows))
        top = max(rows, key=lambda x: float(x["gross_pay"]))
        low = min(rows, key=lambda x: float(x["gross_pay"]))
        w.opener(a, f"your {today.year} pay so far", p=0.5)
        if w.layout == "headings":
            a(w.h(f"{today.year} to date"))
        a("You've had ").x(plural(len(rows), "paycheck"), num=plural(len(rows) + 2, "paycheck")).t(" so far in ").t(str(today.year)).t(", the latest on ").x(w.d(rows[0]["pay_date"]), tmp=w.d(dt.date.fromisoformat(rows[0]["pay_date"]) + dt.timedelta(days=7))).t(". ")
        if w.layout in ("bullets", "table"):
            a("Totals:\n\n")
            a("- Gross: ").x(fm(g), num=fm(bump(g, r, 0.1, 0.3))).pb().t("\n")
            a("- Take-home: ").x(fm(n), num=fm(bump(n, r, 0.1, 0.3)), conf=("numerical", fm(g))).t(" (about ").x(pc(n / g * 100, 0), num=pc(bump_pct(n / g * 100, r, 6, 12), 0)).t(" of gross)").pb().t("\n")
            a("- Average net per check: ").x(fm(avg), num=fm(bump(avg, r))).pb()
        else:
            a("Together they add up to ").x(fm(g), num=fm(bump(g, r, 0.1, 0.3))).t(" gross and ").x(fm(n), num=fm(bump(n, r, 0.1, 0.3)), conf=("numerical", fm(g))).t(" take-home — roughly ")
            a.x(pc(n / g * 100, 0), num=pc(bump_pct(n / g * 100, r, 6, 12), 0)).t(" of gross, or an average of ").x(fm(avg), num=fm(bump(avg, r))).t(" net per check.").p()
        n_top = sum(1 for x in rows if x["gross_pay"] == top["gross_pay"])
        n_low = sum(1 for x in rows if x["gross_pay"] == low["gross_pay"])
        if float(top["gross_pay"]) - float(low["gross_pay"]) >= 1 and n_top == 1:
            a("\n\nYour ").x("biggest", rel="smallest").t(" check was ").x(w.d(top["pay_date"]), tmp=w.d(dt.date.fromisoformat(top["pay_date"]) - dt.timedelta(days=7)), conf=("temporal", w.d(low["pay_date"]))).t(" at ").x(fm(float(top["gross_pay"])), num=fm(bump(float(top["gross_pay"]), r))).t(" gross")
            if n_low == 1:
                a(", and the smallest was ").t(w.d(low["pay_date"])).t(" at ").t(fm(float(low["gross_pay"]))).t(".").p()
            else:
                a(", and the smallest was ").t(fm(float(low["gross_pay"]))).t(" (").t(plural(n_low, "check")).t(", most recently ").t(w.d(low["pay_date"])).t(").").p()
        elif float(top["gross_pay"]) - float(low["gross_pay"]) >= 1:
            a("\n\nGross per check ranged from ").x(fm(float(low["gross_pay"])), num=fm(bump(float(low["gross_pay"]), r))).t(" to ").x(fm(float(top["gross_pay"])), num=fm(bump(float(top["gross_pay"]), r))).t("; the top amount came up ")
            a.x(plural(n_top, "time"), num=plural(n_top + 2, "time")).t(", most recently on ").x(w.d(top["pay_date"]), tmp=w.d(dt.date.fromisoformat(top["pay_date"]) - dt.timedelta(days=7))).t(".").p()
        else:
            a("\n\nEvery check had ").x("the same gross", neg="a different gross").t(" (").t(fm(float(top["gross_pay"]))).t(")").t(", as you'd expect on a salary" if p["pay_type"] == "salary" else "").t(".").p()
        nxt = dt.date.fromisoformat(p["next_pay_date"])
        a("\n\nYour next payday is ").x(w.when(nxt), tmp=w.when(nxt + dt.timedelta(days=r.choice([3, 7])))).t(".").p()
        if w.code and r.random() < 0.7:
            a(" (These figures come from the `").x("gross_pay", attr="gross_amount").t("` and `net_pay` fields on each statement.)")
        w.closer(a, ["break out taxes for the year", "show a month-by-month view", "pull up any single statement"])
        a.ins("claim", "You're on track to hit the Social Security wage base by November.")
        a.ins("claim", f"Your {today.year} W-2 will be available in the portal at the end of January.")
        a.ins("behavior", "I've exported these statements to a spreadsheet in your documents folder.")
        a.ins("behavior", "I've set up a monthly YTD summary email for you.")
        a.ins("elab", "which is typical for the first quarter when bonuses haven't been paid yet", clause=True)
        a.ins("elab", "Take-home usually rises a little later in the year once the 401(k) annual limit is reached.")
        a.ins("cite", f"The YTD report reference is YTD-{today.year}-{r.digits(6)}.")
        return seal(Plan(req, turns, a), self)

    # ------------------------------------------------------------------ timesheet (+ submit)
    def timesheet(self, ctx):
        r, today = ctx.r, ctx.today
        p, st = self.profile(r, today, hourly=True)
        # the period that ended on the most recent Saturday before today (Sunday to Saturday, two weeks)
        pe = today - dt.timedelta(days=(today.weekday() - 5) % 7 or 7)
        ps = pe - dt.timedelta(days=13)
        days = []
        pto_day = None
        if r.random() < 0.4:
            pto_day = ps + dt.timedelta(days=r.choice([1, 2, 3, 8, 9, 10]))
        wk_hours = [0.0, 0.0]
        for i in range(14):
            d = ps + dt.timedelta(days=i)
            if d.weekday() >= 5:
                if r.random() < 0.15 and d < today:
                    h = r.choice([4.0, 5.5, 6.0])
                    days.append({"date": d.isoformat(), "hours": h, "code": "REG"})
                    wk_hours[i // 7] += h
                continue
            if d == pto_day:
                days.append({"date": d.isoformat(), "hours": 8.0, "code": "PTO"})
                continue
            h = r.choice([8.0, 8.0, 8.0, 8.5, 9.0, 9.5, 7.5])
            days.append({"date": d.isoformat(), "hours": h, "code": "REG"})
            wk_hours[i // 7] += h
        pto = sum(x["hours"] for x in days if x["code"] == "PTO")
        weeks = []
        for k in range(2):
            tot = wk_hours[k]
            weeks.append({"week_start": (ps + dt.timedelta(days=7 * k)).isoformat(), "worked_hours": tot,
                          "regular_hours": min(40.0, tot), "overtime_hours": max(0.0, round(tot - 40, 2))})
        deadline = today + dt.timedelta(days=r.choice([1, 2]))
        approver = r.choice(APPROVERS)
        sheet = {"employee_id": p["employee_id"], "period_start": ps.isoformat(), "period_end": pe.isoformat(),
                 "status": "draft", "days": days, "weeks": weeks, "pto_hours": pto,
                 "pay_rates": {"REG": p["hourly_rate"], "OT": f"{r2(float(p['hourly_rate']) * 1.5):.2f}"},
                 "submit_by": f"{deadline.isoformat()}T12:00:00-07:00", "approver": approver}
        gp = Call("get_my_profile", {}, p)
        gt = Call("get_timesheet", {"employee_id": p["employee_id"], "period_start": ps.isoformat()}, sheet)
        submit = r.random() < 0.6
        if submit:
            req = r.choice(["Can you check my timesheet for this period and submit it if it looks right? I've entered everything.",
                            "Please submit my current timesheet — the hours are correct. How much overtime is on it?"])
        else:
            req = r.choice(["How many hours do I have on my timesheet this period? Any overtime?",
                            "Check my current timesheet — will I get overtime?"])
        turns = [Turn([gp]), Turn([gt])]
        sub_at = f"{today.isoformat()}T{r.randint(9, 17):02d}:{r.choice(['04', '26', '48'])}:00-07:00"
        res = {"employee_id": p["employee_id"], "period_start": ps.isoformat(), "status": "submitted", "submitted_at": sub_at,
               "approver": approver, "submission_id": f"TS-{r.randint(1000000, 9999999)}"}
        if submit:
            turns.append(Turn([Call("submit_timesheet", {"employee_id": p["employee_id"], "period_start": ps.isoformat(), "attest": True}, res)]))
        w = W(r, today)
        a = A()
        worked = sum(wk_hours)
        ot_total = sum(x["overtime_hours"] for x in weeks)
        rate = float(p["hourly_rate"])
        if submit:
            a(r.choice(["Done — your", "All set. Your", "Your"])).t(" timesheet for ").x(f"{w.dshort(ps)}–{w.dshort(pe)}", tmp=f"{w.dshort(ps - dt.timedelta(days=14))}–{w.dshort(pe - dt.timedelta(days=14))}").t(" is ")
            a.x("submitted", val="approved").t(" and now ").x("waiting on", neg="no longer needs").t(" approval from ").x(approver, ent=r.choice(OTHER_APPROVERS)).t(" (submission ").t("`" if w.code else "").x(res["submission_id"], fid=f"TS-{mutate_id(res['submission_id'][3:], r)}").t("`" if w.code else "").t(").").p()
            a("\n\n")
        else:
            w.opener(a, "your current timesheet", p=0.5)
            a("Your timesheet for ").x(f"{w.dshort(ps)}–{w.dshort(pe)}", tmp=f"{w.dshort(ps - dt.timedelta(days=14))}–{w.dshort(pe - dt.timedelta(days=14))}").t(" is still a ").x("draft", val="submitted timesheet").t(", and it needs to be submitted by ").x(w.d(deadline), tmp=w.d(deadline + dt.timedelta(days=r.choice([2, 3])))).t(" at ").t(w.t(sheet["submit_by"])).t(".").p()
            a("\n\n")
        if w.layout == "table":
            a("| Week of | Worked | Regular | Overtime |\n|---|---|---|---|\n")
            for k, x in enumerate(weeks):
                a("| ").t(w.dshort(x["week_start"])).t(" | ").x(f"{x['worked_hours']:g} h", num=f"{x['worked_hours'] + 3:g} h" if k == 0 else None, conf=("numerical", f"{weeks[0]['worked_hours']:g} h") if k == 1 and weeks[0]['worked_hours'] != x['worked_hours'] else None).t(" | ").t(f"{x['regular_hours']:g} h").t(" | ").x(f"{x['overtime_hours']:g} h", num=f"{x['overtime_hours'] + 2:g} h" if k == 0 else None).t(" |\n")
            a("\n")
        else:
            for k, x in enumerate(weeks):
                a("- Week of ").t(w.d(x["week_start"])).t(": ").x(f"{x['worked_hours']:g} hours", num=f"{x['worked_hours'] + 3:g} hours" if k == 0 else None,
                                                               conf=("numerical", f"{weeks[0]['worked_hours']:g} hours") if k == 1 and weeks[0]['worked_hours'] != x['worked_hours'] else None)
                if x["overtime_hours"]:
                    a(", of which ").x(f"{x['overtime_hours']:g}", num=f"{x['overtime_hours'] + 2:g}").t(" ").t("is" if x["overtime_hours"] == 1 else "are").t(" overtime")
                else:
                    a(", ").x("no overtime", neg="some overtime")
                a.pb().t("\n")
            a("\n")
        if pto:
            a("That's ").x(f"{worked:g} hours worked", num=f"{worked + 8:g} hours worked").t(" plus ").x(f"{pto:g} hours of PTO", num=f"{pto + 8:g} hours of PTO").t(" (").x(w.d(pto_day), tmp=w.d(pto_day + dt.timedelta(days=1))).t(")")
            if w.code:
                a(", coded `").x("PTO", attr="VAC").t("`")
            a(". ")
        else:
            a("That's ").x(f"{worked:g} hours", num=f"{worked + 8:g} hours").t(" in total, with ").x("no PTO", neg="8 hours of PTO").t(" this period. ")
        if ot_total:
            ot_rate = r2(rate * 1.5)
            a("The ").x(f"{ot_total:g} overtime hours", num=f"{ot_total + 3:g} overtime hours").t(" should pay at ").x(f"${ot_rate:.2f}", num=f"${rate * 2:.2f}").t(" an hour — time and a half on your ")
            a(f"${rate:.2f} rate").t(" — or about ").x(fm(r2(ot_total * r2(ot_rate))), num=fm(bump(r2(ot_total * r2(ot_rate)), r))).t(" before taxes").pc().t(".").p()
        else:
            a("Neither week went ").x("over", rel="under" if min(wk_hours) < 40 else None).t(" 40 hours, so there's ").x("no overtime", neg="overtime").t(" on this one.").p()
        w.closer(a, ["check last period's timesheet too", "estimate your next paycheck", "add a note for your approver"] if not submit else
                 ["estimate your next paycheck", "remind you if it hasn't been approved by the deadline"])
        a.ins("claim", "Overtime has to be approved by your manager before it's paid.")
        a.ins("claim", "Timesheets submitted after the deadline are paid in the following cycle.")
        a.ins("behavior", "I've also sent your approver a reminder to sign off today." if submit else "I've submitted it for approval so you don't miss the deadline.")
        a.ins("behavior", "I've rounded your Friday hours to the nearest quarter hour.")
        a.ins("elab", "because the second week included the inventory count", clause=True)
        a.ins("elab", "Approvers usually sign off within a day of the deadline.")
        a.ins("cite", f"Your approval request number is APR-{r.digits(7)}.")
        return seal(Plan(req, turns, a), self)

    # ------------------------------------------------------------------ overtime and pay-date rules (handbook)
    def handbook(self, ot_mult, dt_after, approve, hol_mult):
        return (f"# Pay Practices Handbook (US)\n\nEffective January 1. Applies to all US employees.\n\n"
                "## 3. Pay schedule\n\n3.1 Employees are paid biweekly on Fridays for the two-week period ending the previous Saturday.\n"
                "3.2 If a payday falls on a bank holiday, pay is deposited on the preceding business day.\n\n"
                "## 4. Overtime\n\n"
                f"4.1 Non-exempt employees are paid {ot_mult}x their regular rate for hours worked over 40 in a workweek (Sunday-Saturday).\n"
                f"4.2 Hours worked over {dt_after} in a single workday are paid at 2x the regular rate.\n"
                f"4.3 Overtime must be approved in advance by the employee's manager{'' if approve else ' when it exceeds 5 hours in a week'}.\n"
                "4.4 Paid time off and holidays do not count as hours worked for overtime purposes.\n"
                "4.5 Exempt employees are not eligible for overtime pay.\n\n"
                "## 5. Holidays\n\n"
                f"5.1 Non-exempt employees who work on a company holiday are paid {hol_mult}x their regular rate for those hours, plus holiday pay.\n\n"
                "## 6. Corrections\n\n6.1 Report pay errors within 30 days of the pay date; corrections are paid in the next regular cycle.\n")

    def overtime(self, ctx):
        r, today = ctx.r, ctx.today
        p, st = self.profile(r, today)
        ot_mult, dt_after, approve, hol_mult = "1.5", r.choice([12, 12, 10]), r.random() < 0.6, r.choice(["1.5", "2"])
        doc = self.handbook(ot_mult, dt_after, approve, hol_mult)
        gp = Call("get_my_profile", {}, p)
        gh = Call("get_pay_policy", {"handbook_path": HANDBOOK}, doc)
        q = r.choice(["week", "pto", "holiday"]) if p["pay_type"] == "hourly" else "exempt"
        history = None
        if ctx.followup:
            history = History().user("What's my pay rate and when's my next payday?")
            history.call([gp])
            nxt = dt.date.fromisoformat(p["next_pay_date"])
            history.reply(f"You're {p['pay_type']}" + (f" at ${float(p['hourly_rate']):.2f}/hour" if p["pay_type"] == "hourly" else f" at ${p['annual_salary']:,} a year")
                          + f", paid biweekly. Your next payday is {nxt.strftime('%A')}, {w_md(nxt)}.")
            turns = [Turn([gh])]
        else:
            turns = [Turn([gp]), Turn([gh])]
        req = {"week": "If I work a 10-hour day on Saturday on top of my normal 40, how does overtime work for me?",
               "pto": "I'm taking a PTO day this week but working extra hours on the other days. Do I still get overtime?",
               "holiday": "What do I get paid if I work on a company holiday? And does overtime need approval?",
               "exempt": "Do I get overtime if I work late this week? And when do I get paid if payday lands on a holiday?"}[q]
        if ctx.followup:
            req = {"week": "Thanks. If I pick up a 10-hour Saturday shift on top of my usual 40, what would that pay?",
                   "pto": "Got it. I have a PTO day this week but I'll work longer on the other days — do I still get overtime?",
                   "holiday": "And if I work on a company holiday, what's the rate? Does overtime need sign-off?",
                   "exempt": "OK. Am I eligible for overtime if I stay late this week?"}[q]
        w = W(r, today)
        a = A()
        rate = float(p.get("hourly_rate", 0) or 0)
        fsec = lambda real: r.choice([x for x in ["4.6", "4.8", "7.2", "5.3", "3.4"] if x != real])
        w.opener(a, "the overtime rules in the pay-practices handbook", p=0.4)
        if ctx.followup and q != "exempt":
            a("Building on the rate I mentioned earlier (").t(f"${rate:.2f}").t(" an hour):\n\n")
        if q == "exempt":
            a("Because you're salaried and classified as ").x("exempt", val="non-exempt").t(", you ").x("aren't eligible", neg="are eligible").t(" for overtime pay — that's section ").x("4.5", sec=fsec("4.5")).t(" of the handbook.").p()
            if not ctx.followup:
                nxt = dt.date.fromisoformat(p["next_pay_date"])
                a("\n\nOn the holiday question: section ").x("3.2", sec=fsec("3.2")).t(" says that when a payday falls on a bank holiday, pay is deposited on the ")
                a.x("preceding", rel="following").t(" business day. Your next payday is ").x(w.when(nxt), tmp=w.when(nxt + dt.timedelta(days=7))).t(".").p()
        elif q == "week":
            reg_day = min(10, dt_after)
            ot_pay = r2(10 * r2(rate * 1.5))
            a("Under section ").x("4.1", sec=fsec("4.1")).t(", hours over 40 in a workweek (Sunday–Saturday) are paid at ").x("1.5×", num="2×").t(" your regular rate. At ").t(f"${rate:.2f}").t(" an hour, that's ")
            a.x(f"${r2(rate * 1.5):.2f}", num=f"${r2(rate * 1.75):.2f}").t(" an hour, so a 10-hour Saturday on top of 40 regular hours would add about ").x(fm(ot_pay), num=fm(bump(ot_pay, r))).t(" before taxes.").p()
            a("\n\nA few things to keep in mind:\n\n")
            a("- Only hours over ").x(f"{dt_after}", num=f"{dt_after - 2}").t(" in a single day are paid at double time (section ").x("4.2", sec=fsec("4.2")).t("), so a 10-hour day ").x("doesn't trigger", neg="does trigger").t(" that.").pb()
            if approve:
                a("\n- Overtime ").x("has to be approved in advance", neg="doesn't need advance approval").t(" by your manager (section ").x("4.3", sec=fsec("4.3")).t(").").pb()
            else:
                a("\n- Advance approval from your manager is only needed once overtime goes ").x("over", rel="under").t(" 5 hours in a week (section ").x("4.3", sec=fsec("4.3")).t(") — 10 hours would need it.").pb()
        elif q == "pto":
            a("Possibly not as much as you'd expect. Section ").x("4.4", sec=fsec("4.4")).t(" says paid time off ").x("doesn't count", neg="counts").t(" as hours worked for overtime, so the PTO day won't help you reach 40.").p()
            a(" Overtime at ").x("1.5×", num="2×").t(" (").t(f"${r2(rate * 1.5):.2f}").t(" an hour for you) only kicks in once you've actually worked more than ").x("40 hours", num="32 hours").t(" in the Sunday–Saturday week (section ").x("4.1", sec=fsec("4.1")).t(").").p()
            a("\n\nSo with one PTO day, you'd need to work ").x("more than 40 hours", num="more than 32 hours").t(" across the other four days before anything counts as overtime — for example, ")
            a("four 10.5-hour days" if dt_after >= 12 else "four 10-hour days plus 2 hours on Saturday").t(" would give you 2 hours of overtime.").p()
        else:
            a("If you work on a company holiday, section ").x("5.1", sec=fsec("5.1")).t(" pays ").x(f"{hol_mult}×", num="2.5×" if hol_mult == "2" else "2×").t(" your regular rate for those hours — ").x(f"${r2(rate * float(hol_mult)):.2f}", num=f"${r2(rate * (float(hol_mult) + 0.5)):.2f}").t(" an hour at your ")
            a(f"${rate:.2f}").t(" rate — ").x("plus", neg="but not").t(" your holiday pay.").p()
            a("\n\nOn approval: ")
            if approve:
                a("yes, overtime ").x("must be approved in advance", neg="doesn't need approval").t(" by your manager (section ").x("4.3", sec=fsec("4.3")).t(").").p()
            else:
                a("advance approval is only required once overtime ").x("exceeds", rel="stays under").t(" 5 hours in a week (section ").x("4.3", sec=fsec("4.3")).t(").").p()
        if w.code and r.random() < 0.6:
            a("\n\n(Source: `").x(HANDBOOK, fid=HANDBOOK.replace("pay-practices-2026", r.choice(["pay-practices-2025", "overtime-policy"]))).t("`.)")
        w.closer(a, ["estimate a specific paycheck with overtime", "check your current timesheet", "look up the holiday calendar"])
        a.ins("claim", "Overtime is paid on the same paycheck as the regular hours it was worked with.")
        a.ins("claim", "Weekend shifts also earn a $2.00-an-hour shift differential.")
        a.ins("behavior", "I've sent your manager a pre-approval request for the extra hours.")
        a.ins("behavior", "I've added the Saturday shift to your timesheet as a draft.")
        a.ins("elab", "which follows the state's daily overtime law", clause=True)
        a.ins("elab", "Most managers approve overtime requests within a day.")
        a.ins("cite", f"The policy was last revised under HR bulletin HRB-{r.digits(4)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)


def w_md(d):
    return f"{d.strftime('%B')} {d.day}"
