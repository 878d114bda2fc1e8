"""mortgage_servicing (set d): loan details and the next payment, escrow analysis, payoff quotes, servicing terms (plain-text note)."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, other_than,
                     s_bool, s_date, s_int, s_obj, s_str)
from .dstyle import (about_usd, bye, datefmt, fake_attr, fake_section, head, hello, lab, ordinal, usd)

BASE = "https://api.keystoneservicing.example/v1"
STREETS = ["418 Larkspur Ln, Boise, ID", "72 Orchard Hill Rd, Concord, NH", "1509 Cypress Bend Dr, Tallahassee, FL",
           "33 Juniper Ct, Fort Collins, CO", "2207 W Sycamore St, Tulsa, OK", "9 Heron Point Way, Beaufort, SC",
           "604 Maple Terrace, Ann Arbor, MI", "1180 Quarry Ridge Ave, Spokane, WA"]
COUNTIES = {"ID": "Ada County Treasurer", "NH": "City of Concord Tax Collector", "FL": "Leon County Tax Collector",
            "CO": "Larimer County Treasurer", "OK": "Tulsa County Treasurer", "SC": "Beaufort County Treasurer",
            "MI": "Washtenaw County Treasurer", "WA": "Spokane County Treasurer"}
INSURERS = ["Cascade Mutual Insurance", "Harbor Point Home Insurance", "Bluestem Property & Casualty",
            "Granite State Insurance Co."]
OTHER_INSURERS = ["Northfield Home Assurance", "Summit Ridge Insurance", "Lakeshore Casualty Group"]
OTHER_CITIES = ["Nampa", "Manchester", "Pensacola", "Loveland", "Broken Arrow", "Bluffton", "Ypsilanti", "Yakima"]
LOAN_TYPES = ["30-year fixed", "15-year fixed", "30-year fixed (FHA)", "20-year fixed"]


def money2(x):
    return f"{x:.2f}"


def terms_doc(grace, late_pct, spread):
    return ("KEYSTONE LOAN SERVICING — NOTE AND SERVICING TERMS (SUMMARY)\n\n"
            "1. PAYMENTS\n1.1 Monthly payments are due on the first day of each month.\n"
            "1.2 Payments are applied first to interest, then principal, then escrow.\n\n"
            f"4. LATE CHARGES\n4.1 If a full monthly payment is not received by the end of {grace} calendar days after "
            f"the due date, a late charge of {late_pct}% of the overdue principal and interest will be assessed.\n"
            "4.2 Only one late charge is assessed per overdue payment.\n\n"
            "5. PREPAYMENT\n5.1 The borrower may prepay all or part of the principal at any time without penalty.\n"
            "5.2 Partial prepayments are applied to principal and do not change the due date of later monthly payments.\n\n"
            f"6. ESCROW\n6.1 The servicer analyses the escrow account once a year.\n"
            f"6.3 An escrow shortage may be paid in a lump sum or spread over {spread} monthly payments.\n\n"
            "8. PARTIAL PAYMENTS\n8.2 A payment of less than the full monthly amount is held in a suspense account until "
            "the balance of that payment is received.\n")


class Mortgage(Scenario):
    name = "mortgage_servicing"
    agent = "Keystone Assist"
    service = "keystone-loan-servicing"
    system = ("You are Keystone Assist, the virtual assistant of Keystone Loan Servicing. Use the tools to answer "
              "borrowers' questions about their mortgage: payments, escrow, payoff quotes and the loan's servicing terms. "
              "Quote amounts exactly as the servicing system reports them and cite the terms by section.")
    error_style = 0
    entity_noun = {"loan_number": "Loan", "doc_path": "Document"}
    preambles = ["Let me pull up the loan.", "Checking the servicing system.", "One moment — looking at the loan record."]

    def __init__(self):
        ln = s_str("10-digit loan number.", pattern=r"^\d{10}$")
        self.tools = [
            Tool("get_loan", "Loan record: balance, rate, next payment with its breakdown, autopay, documents.",
                 s_obj({"loan_number": ln, "include_documents": s_bool("Include the list of loan documents.")}, ["loan_number"]),
                 entity={"loan_number": "id"}, http=BASE, extra=[("borrower_ssn_last4", "1234"), ("verbose", True)]),
            Tool("get_escrow_analysis", "Annual escrow analysis: projected disbursements, shortage and the new payment.",
                 s_obj({"loan_number": ln, "analysis_year": s_int("Year of the analysis.", 2020, 2030)},
                       ["loan_number", "analysis_year"]),
                 entity={"loan_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("get_payoff_quote", "Payoff quote good through a date, with per-diem interest and fees.",
                 s_obj({"loan_number": ln, "payoff_date": s_date("Date the payoff funds will arrive (YYYY-MM-DD)."),
                        "delivery": s_str("How to deliver the quote letter.", enum=["api", "email", "mail"])},
                       ["loan_number", "payoff_date"]),
                 entity={"loan_number": "id"}, http=BASE, extra=[("fee_waiver", True)]),
            Tool("get_loan_document", "Plain-text loan document by its path (from get_loan documents).",
                 s_obj({"doc_path": s_str("Document path, e.g. '/docs/loans/0048213376/servicing-terms.txt'.",
                                          pattern=r"^/docs/loans/\d{10}/[a-z0-9-]+\.txt$"),
                        "max_chars": s_int("Truncate the text to this many characters.", 500, 20000)},
                       ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("encoding", "utf-8")]),
        ]
        self.intents = [("next_payment", self.next_payment, True), ("escrow_change", self.escrow, True),
                        ("payoff_quote", self.payoff, True), ("servicing_terms", self.terms, True)]

    # ------------------------------------------------------------------ data
    def loan(self, r: R, today):
        num = r.digits(10)
        addr = r.choice(STREETS)
        state = addr[-2:]
        ltype = r.choice(LOAN_TYPES)
        years = int(ltype.split("-")[0])
        orig_date = dt.date(r.randint(2016, 2023), r.randint(1, 12), r.choice([1, 10, 15, 22]))
        original = r.choice(range(180000, 620000, 5000)) * 1.0
        rate = r.choice([2.875, 3.25, 3.5, 4.125, 5.75, 6.125, 6.5, 6.875, 7.25])
        i = rate / 1200
        n = years * 12
        pi = round(original * i / (1 - (1 + i) ** -n), 2)
        months = (today.year - orig_date.year) * 12 + today.month - orig_date.month
        bal = original * (1 + i) ** months - pi * ((1 + i) ** months - 1) / i
        bal = round(bal, 2)
        interest = round(bal * i, 2)
        principal = round(pi - interest, 2)
        escrow = round(r.uniform(280, 820), 2)
        due = (today.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
        late_pct = r.choice([4, 5])
        grace = 15
        maturity = dt.date(orig_date.year + years, orig_date.month, 1)
        docs = [{"title": "Note and servicing terms", "path": f"/docs/loans/{num}/servicing-terms.txt"},
                {"title": f"{today.year} escrow analysis", "path": f"/docs/loans/{num}/escrow-analysis-{today.year}.txt"}]
        return {"loan_number": num, "as_of": today.isoformat(), "property": {"address": addr},
                "loan_type": ltype, "interest_rate": f"{rate:.3f}", "original_amount": money2(original),
                "principal_balance": money2(bal), "origination_date": orig_date.isoformat(), "maturity_date": maturity.isoformat(),
                "next_payment": {"due_date": due.isoformat(), "amount": money2(pi + escrow),
                                 "breakdown": {"principal": money2(principal), "interest": money2(interest), "escrow": money2(escrow)}},
                "grace_period_days": grace, "late_charge": {"pct": str(late_pct), "basis": "principal_and_interest"},
                "autopay": {"enrolled": r.random() < 0.6, "draft_day": r.choice([1, 1, 5, 10])},
                "escrow_balance": money2(r.uniform(900, 4200)), "documents": docs}, state

    # ------------------------------------------------------------------ intents
    def next_payment(self, ctx):
        r, today = ctx.r, ctx.today
        ln, state = self.loan(r, today)
        num = ln["loan_number"]
        args = {"loan_number": num}
        if r.random() < 0.3:
            args["include_documents"] = False
        gl = Call("get_loan", args, ln)
        history = None
        if ctx.followup:
            history = History().user(f"Hi, what's my current balance? Loan {num}.")
            history.call([Call("get_loan", {"loan_number": num}, ln)])
            history.reply(f"The principal balance on loan {num} is {usd(ln['principal_balance'])} as of today.")
            req = r.choice(["And what's my next payment, and how much of it actually goes to principal?",
                            "When is the next payment due and what happens if I'm a few days late?"])
            turns = [Turn([gl])]
        else:
            req = r.choice([f"When is my next mortgage payment due and how is it split? Loan #{num}",
                            f"Loan {num}: how much is due next month, and how much of it is interest?",
                            f"next payment on {num}?"])
            turns = [Turn([gl])]
        return Plan(req, turns, self.next_answer(r, ln), history.msgs if history else None)

    def next_answer(self, r: R, ln):
        fd = datefmt(r, ["long", "med", "full"])
        np = ln["next_payment"]
        b = np["breakdown"]
        amt, pr, it, es = float(np["amount"]), float(b["principal"]), float(b["interest"]), float(b["escrow"])
        pi = pr + it
        due = dt.date.fromisoformat(np["due_date"])
        grace_end = due + dt.timedelta(days=ln["grace_period_days"])
        late = round(pi * int(ln["late_charge"]["pct"]) / 100, 2)
        bal = float(ln["principal_balance"])
        orig = float(ln["original_amount"])
        paid = 100 * (orig - bal) / orig
        auto = ln["autopay"]
        a = A()
        layout = r.choice(["labels", "table", "prose"])
        if layout in ("labels", "table"):
            hello(a, r, sep="\n\n")
            a(head(r, "Your next payment"))
            a(lab("Amount")).x(usd(amt), num=usd(bump(amt, r))).t("  \n")
            a(lab("Due")).x(fd(due), tmp=fd(due + dt.timedelta(days=r.choice([5, 10, 20])))).t("  \n")
            if r.random() < 0.5:
                addr = ln["property"]["address"]
                street, city, st = [x.strip() for x in addr.split(",")]
                a(lab("Property")).t(street + ", ").x(city, ent=other_than(r, OTHER_CITIES, blob=str(ln))).t(f", {st}  \n")
            a(lab("Loan")).x(ln["loan_number"], fid=mutate_id(ln["loan_number"], r)).t(f" ({ln['loan_type']}, ")
            a.x(f"{float(ln['interest_rate']):g}%", num=f"{float(ln['interest_rate']) + r.choice([0.5, 0.75, -0.625]):g}%").t(")\n\n")
            if layout == "table":
                a("| Part | Amount | Share |\n|---|---|---|\n")
                a("| Principal | ").x(usd(pr), num=usd(bump(pr, r)), conf=("numerical", usd(it))).t(f" | {100 * pr / amt:.0f}% |\n")
                a("| Interest | ").x(usd(it), num=usd(bump(it, r))).t(f" | {100 * it / amt:.0f}% |\n")
                a("| Escrow (taxes & insurance) | ").x(usd(es), num=usd(bump(es, r))).t(f" | {100 * es / amt:.0f}% |\n\n")
            else:
                a("- Principal: ").x(usd(pr), num=usd(bump(pr, r)), conf=("numerical", usd(it))).pb().t("\n")
                a("- Interest: ").x(usd(it), num=usd(bump(it, r))).pb().t("\n")
                a("- Escrow: ").x(usd(es), num=usd(bump(es, r))).t(" (property taxes and insurance)").pb().t("\n\n")
            a("So about ").x(f"{100 * pr / amt:.0f}%", num=f"{100 * pr / amt + r.choice([12, 18, 25]):.0f}%").t(" of this payment reduces your balance, which is ")
            a.x("less" if pr < it else "more", rel="more" if pr < it else "less").t(" than the portion that goes to interest.").p()
        else:
            hello(a, r, sep=" ")
            a("Your next payment of ").x(usd(amt), num=usd(bump(amt, r))).t(" is due ").x(fd(due), tmp=fd(due + dt.timedelta(days=r.choice([5, 10, 20])))).t(".").p()
            a(" Of that, ").x(usd(pr), num=usd(bump(pr, r)), conf=("numerical", usd(it))).t(" goes to principal, ").x(usd(it), num=usd(bump(it, r))).t(" to interest and ")
            a.x(usd(es), num=usd(bump(es, r))).t(" into escrow for taxes and insurance").pc().t(".").p()
            a(" Right now interest is the ").x("bigger" if it > pr else "smaller", rel="smaller" if it > pr else "bigger").t(" share of the principal-and-interest portion of this ")
            a.x(ln["loan_type"], val=r.choice([t for t in LOAN_TYPES if t != ln["loan_type"]])).t(" loan.").p()
        a("\n\n")
        if auto["enrolled"]:
            a("You're ").x("enrolled in autopay", neg="not enrolled in autopay").t(f", drafted on the {ordinal(auto['draft_day'])} of the month, so there's nothing you need to do.").p()
        else:
            a("Autopay ").x("isn't turned on", neg="is turned on").t(" for this loan, so make sure the payment is made by the due date.").p()
        a(" If it's late, there's a ").x(f"{ln['grace_period_days']}-day", num=f"{ln['grace_period_days'] + r.choice([-5, 5, 15])}-day").t(" grace period — a late charge of ")
        a.x(f"{ln['late_charge']['pct']}%", num=f"{int(ln['late_charge']['pct']) + r.choice([1, 2, 3])}%").t(" of principal and interest (")
        a.x(usd(late), num=usd(bump(late, r))).t(") applies only if it hasn't arrived by ").x(fd(grace_end), tmp=fd(grace_end + dt.timedelta(days=r.choice([5, 7, 10])))).t(".").p()
        if r.random() < 0.6:
            a(f"\n\nFor context, your principal balance is ").x(usd(bal), num=usd(bump(bal, r, 0.05, 0.2))).t(", so you've paid off about ")
            a.x(f"{paid:.0f}%", num=f"{paid + r.choice([10, 15, 20]):.0f}%").t(" of the original ").x(about_usd(orig).replace("about ", ""), num=None).t(" loan.").p()
        a.pp()
        bye(a, r, offers=["Want me to show how an extra principal payment would change things?",
                          "If you'd like, I can set up autopay for you — just confirm."])
        a.ins("claim", "Payments made after 5 p.m. Eastern are credited the next business day.")
        a.ins("claim", "Your interest rate is scheduled to adjust next year.")
        a.ins("behavior", "I've scheduled this payment from your checking account on file.")
        a.ins("behavior", "I've turned on paperless statements for this loan.")
        a.ins("elab", "because county tax bills in your area went up this year", clause=True)
        a.ins("elab", "The interest share will drop below half in roughly three years.")
        a.ins("cite", f"Your payment confirmation number is KP-{r.digits(9)}.")
        return a

    def escrow(self, ctx):
        r, today = ctx.r, ctx.today
        ln, state = self.loan(r, today)
        num = ln["loan_number"]
        year = today.year
        county = COUNTIES[state]
        ins = r.choice(INSURERS)
        tax_half = round(r.uniform(900, 2600), 2)
        tax2 = round(tax_half * r.uniform(1.0, 1.06), 2)
        prem = round(r.uniform(1100, 3100), 2)
        total = round(tax_half + tax2 + prem, 2)
        prior = round(total * r.uniform(0.8, 0.95), 2)
        spread = 12
        shortage = round(r.uniform(180, 1400), 2)
        new_es = round(total / 12 + shortage / spread, 2)
        cur_es = round(new_es - r.uniform(25, 160), 2)
        bd = ln["next_payment"]["breakdown"]
        bd["escrow"] = money2(cur_es)
        ln["next_payment"]["amount"] = money2(float(bd["principal"]) + float(bd["interest"]) + cur_es)
        pi = round(float(ln["next_payment"]["breakdown"]["principal"]) + float(ln["next_payment"]["breakdown"]["interest"]), 2)
        eff = dt.date.fromisoformat(ln["next_payment"]["due_date"])
        m1 = dt.date(year, 6, r.choice([1, 15, 20]))
        m2 = dt.date(year, 11, r.choice([1, 15, 30]))
        m3 = dt.date(year, r.choice([8, 9, 10]), 1)
        res = {"loan_number": num, "analysis_date": (today - dt.timedelta(days=r.randint(3, 20))).isoformat(),
               "effective_date": eff.isoformat(),
               "projected_disbursements": [
                   {"payee": county, "type": "property_tax", "due_date": m1.isoformat(), "amount": money2(tax_half)},
                   {"payee": county, "type": "property_tax", "due_date": m2.isoformat(), "amount": money2(tax2)},
                   {"payee": ins, "type": "hazard_insurance", "due_date": m3.isoformat(), "amount": money2(prem)}],
               "total_projected_disbursements": money2(total), "prior_year_disbursements": money2(prior),
               "escrow_shortage": money2(shortage), "shortage_spread_months": spread,
               "current_escrow_payment": money2(cur_es), "new_escrow_payment": money2(new_es),
               "principal_and_interest": money2(pi), "new_total_payment": money2(pi + new_es),
               "shortage_options": ["pay_in_full", "spread"]}
        gl = Call("get_loan", {"loan_number": num}, ln)
        ge = Call("get_escrow_analysis", {"loan_number": num, "analysis_year": year}, res)
        history = None
        if ctx.followup:
            history = History().user(f"Can you look up loan {num}?")
            history.call([gl])
            history.reply(f"Sure — loan {num} is a {ln['loan_type']} at {float(ln['interest_rate']):g}%, with the next payment of {usd(ln['next_payment']['amount'])} due {datefmt(r, ['med'])(eff)}.")
            req = r.choice(["I got a letter saying my payment is going up. Why?", "Why is my escrow changing this year?"])
            turns = [Turn([ge])]
        else:
            req = r.choice([f"Why is my mortgage payment going up? Loan {num}.", f"Can you explain the escrow analysis for loan {num}?",
                            f"loan {num} — my escrow went up, what happened?"])
            turns = [Turn([ge])] if r.random() < 0.5 else [Turn([gl, ge])]
        return Plan(req, turns, self.escrow_answer(r, ln, res), history.msgs if history else None)

    def escrow_answer(self, r: R, ln, res):
        fd = datefmt(r, ["med", "full", "abbr"])
        cur, new = float(res["current_escrow_payment"]), float(res["new_escrow_payment"])
        pi = float(res["principal_and_interest"])
        total, prior = float(res["total_projected_disbursements"]), float(res["prior_year_disbursements"])
        short = float(res["escrow_shortage"])
        spread = res["shortage_spread_months"]
        eff = res["effective_date"]
        d = res["projected_disbursements"]
        tax = round(float(d[0]["amount"]) + float(d[1]["amount"]), 2)
        prem = float(d[2]["amount"])
        inc = round(new - cur, 2)
        blob = str(ln) + str(res)
        a = A()
        layout = r.choice(["sections", "prose"])
        if layout == "sections":
            a(head(r, "Why your payment is changing"))
            a("Your escrow account pays your property taxes and homeowners insurance, and this year's analysis projects ")
            a.x(usd(total), num=usd(bump(total, r, 0.1, 0.3))).t(" in bills, up from ").x(usd(prior), num=usd(bump(prior, r, 0.1, 0.3))).t(" last year:\n\n")
            a("- **Property tax** (").x(d[0]["payee"], ent=other_than(r, list(COUNTIES.values()), blob=blob)).t("): ")
            a.x(usd(float(d[0]["amount"])), num=usd(bump(float(d[0]["amount"]), r)), conf=("numerical", usd(prem))).t(" due ")
            a.x(fd(d[0]["due_date"]), tmp=fd(dt.date.fromisoformat(d[0]["due_date"]) + dt.timedelta(days=r.choice([30, 61]))), conf=("temporal", fd(d[1]["due_date"]))).t(" and ")
            a.x(usd(float(d[1]["amount"])), num=usd(bump(float(d[1]["amount"]), r))).t(f" due {fd(d[1]['due_date'])}").pb().t("\n")
            a("- **Homeowners insurance** (").x(d[2]["payee"], ent=other_than(r, OTHER_INSURERS, blob=blob)).t("): ")
            a.x(usd(prem), num=usd(bump(prem, r))).t(" due ").x(fd(d[2]["due_date"]), tmp=fd(dt.date.fromisoformat(d[2]["due_date"]) + dt.timedelta(days=r.choice([31, 61])))).pb().t("\n\n")
            a(head(r, "The shortage", styles=("###", "**")))
            a("The analysis found a shortage of ").x(usd(short), num=usd(bump(short, r))).t(" (the ").x("`escrow_shortage`", attr=f"`{fake_attr(r, 'escrow_shortage', blob, ['escrow_deficit', 'shortage_amount', 'escrow_shortfall', 'projected_shortage'])}`").t(" line), which is spread over ")
            a.x(f"{spread} months", num=f"{spread + r.choice([6, 12])} months").t(" — that adds about ").x(usd(short / spread), num=usd(bump(short / spread, r))).t(" a month.").p()
            a("\n\n")
            a(head(r, "Your new payment", styles=("###", "**")))
            a("Starting ").x(fd(eff), tmp=fd(dt.date.fromisoformat(eff) + dt.timedelta(days=r.choice([31, 61])))).t(", the escrow part goes from ")
            a.x(usd(cur), num=usd(bump(cur, r)), conf=("numerical", usd(new))).t(" to ").x(usd(new), num=usd(bump(new, r))).t(", an increase of ")
            a.x(usd(inc), num=usd(bump(inc, r))).t(". With principal and interest ").x("unchanged", val="also rising").t(f" at {usd(pi)}, your total monthly payment will be **")
            a.x(usd(pi + new), num=usd(bump(pi + new, r, 0.05, 0.15))).t("**.").p()
        else:
            hello(a, r, sep=" ")
            a("Your payment is going up because of escrow, not your loan itself — the principal-and-interest part ").x("stays", val="also goes up").t(f" at {usd(pi)}.").p()
            a(" This year's analysis projects ").x(usd(total), num=usd(bump(total, r, 0.1, 0.3))).t(" in tax and insurance bills, ")
            a.x(usd(total - prior), num=usd(bump(total - prior, r))).t(" ").x("more than", rel="less than").t(" last year").pc().t(".").p()
            a(" Property taxes to the ").x(d[0]["payee"], ent=other_than(r, list(COUNTIES.values()), blob=blob)).t(" come to ")
            a.x(usd(tax), num=usd(bump(tax, r)), conf=("numerical", usd(prem))).t(" across two installments, and the ").x(d[2]["payee"], ent=other_than(r, OTHER_INSURERS, blob=blob)).t(" premium is ")
            a.x(usd(prem), num=usd(bump(prem, r))).t(".").p()
            a("\n\nThere's also a ").x(usd(short), num=usd(bump(short, r))).t(" shortage, which the analysis spreads over ").x(f"{spread} months", num=f"{spread + r.choice([6, 12])} months").t(".").p()
            a(" Put together, escrow rises from ").x(usd(cur), num=usd(bump(cur, r)), conf=("numerical", usd(new))).t(" to ").x(usd(new), num=usd(bump(new, r))).t(" a month, so starting ")
            a.x(fd(eff), tmp=fd(dt.date.fromisoformat(eff) + dt.timedelta(days=r.choice([31, 61])))).t(" your total payment will be ").x(usd(pi + new), num=usd(bump(pi + new, r, 0.05, 0.15))).t(f" (about {100 * inc / (pi + cur):.0f}% more than now).").p()
        a("\n\nIf you'd prefer, you can pay the shortage in one lump sum instead; your monthly escrow would then be just the ")
        a.x(usd(round(total / 12, 2)), num=usd(bump(total / 12, r))).t(" monthly share of the projected bills (").t(usd(round(total / 12 - cur, 2)) + " more" if total / 12 > cur else usd(round(cur - total / 12, 2)) + " less").t(" than today).").p()
        a.pp()
        bye(a, r, offers=["Want me to send you the shortage payment coupon details?",
                          "Happy to walk through the full analysis line by line if that helps."])
        a.ins("claim", "Your county reassessed the property's value last spring.")
        a.ins("claim", "The insurance premium went up because your policy's dwelling coverage was increased.")
        a.ins("behavior", "I've already applied the lump-sum option to your account.")
        a.ins("behavior", "I've asked the insurer for a re-quote on your policy.")
        a.ins("elab", "mainly because of a countywide school levy", clause=True)
        a.ins("elab", "Shortages like this are common in the first analysis after a tax reassessment.")
        a.ins("cite", f"The analysis reference is EA-{r.digits(4)}-{r.upalnum(6)}.")
        return a

    def payoff(self, ctx):
        r, today = ctx.r, ctx.today
        ln, state = self.loan(r, today)
        num = ln["loan_number"]
        pdate = today + dt.timedelta(days=r.randint(10, 40))
        bal = float(ln["principal_balance"])
        per_diem = round(bal * float(ln["interest_rate"]) / 100 / 365, 2)
        last_due = dt.date.fromisoformat(ln["next_payment"]["due_date"]) - dt.timedelta(days=1)
        days_int = max(1, (pdate - (last_due.replace(day=1))).days)
        accrued = round(per_diem * days_int, 2)
        fees = {"recording_fee": r.choice(["35.00", "45.00", "52.00"]), "payoff_statement_fee": r.choice(["0.00", "25.00"])}
        total = round(bal + accrued + sum(float(v) for v in fees.values()), 2)
        res = {"loan_number": num, "quote_id": f"PQ-{r.digits(8)}", "good_through": pdate.isoformat(),
               "principal_balance": money2(bal), "interest_through_good_through": money2(accrued),
               "per_diem": money2(per_diem), "fees": fees, "prepayment_penalty": "0.00", "total_payoff": money2(total),
               "escrow_balance_refund": {"amount": ln["escrow_balance"], "note": "refunded separately within 20 business days"}}
        args = {"loan_number": num, "payoff_date": pdate.isoformat()}
        if r.random() < 0.4:
            args["delivery"] = "api"
        gp = Call("get_payoff_quote", args, res)
        fdq = datefmt(r, ["med", "full"])
        history = None
        if ctx.followup:
            history = History().user(f"What's left on loan {num}?")
            history.call([Call("get_loan", {"loan_number": num}, ln)])
            history.reply(f"The principal balance is {usd(bal)}, at {float(ln['interest_rate']):g}%.")
            req = r.choice([f"We're selling — what would the payoff be if it closes {fdq(pdate)}?",
                            f"If I pay it all off on {fdq(pdate)}, how much do I send?"])
            turns = [Turn([gp])]
        else:
            req = r.choice([f"Payoff amount for loan {num} if we close on {fdq(pdate)}?",
                            f"I'd like a payoff quote for {num}, funds arriving {fdq(pdate)}."])
            turns = [Turn([Call("get_loan", {"loan_number": num}, ln)]), Turn([gp])] if r.random() < 0.5 else [Turn([gp])]
        return Plan(req, turns, self.payoff_answer(r, ln, res), history.msgs if history else None)

    def payoff_answer(self, r: R, ln, res):
        fd = datefmt(r, ["long", "med", "full"])
        total = float(res["total_payoff"])
        gt = dt.date.fromisoformat(res["good_through"])
        pdm = float(res["per_diem"])
        fees = res["fees"]
        fee_sum = sum(float(v) for v in fees.values())
        extra = r.choice([2, 3, 5])
        esc = float(res["escrow_balance_refund"]["amount"])
        a = A()
        layout = r.choice(["breakdown", "prose"])
        if layout == "breakdown":
            hello(a, r, sep="\n\n")
            a("To pay off the loan with funds arriving by ").x(fd(gt), tmp=fd(gt + dt.timedelta(days=r.choice([3, 7, 14])))).t(", you'd send **")
            a.x(usd(total), num=usd(bump(total, r, 0.03, 0.12))).t("**:\n\n")
            a("1. Principal: ").x(usd(res["principal_balance"]), num=usd(bump(float(res["principal_balance"]), r, 0.03, 0.12))).pb().t("\n")
            a("2. Interest through that date: ").x(usd(res["interest_through_good_through"]), num=usd(bump(float(res["interest_through_good_through"]), r))).pb().t("\n")
            a("3. Fees: ").x(usd(fee_sum), num=usd(fee_sum + r.choice([25, 40])), conf=("numerical", usd(res["per_diem"])) if fee_sum else None).t(" (recording" + (" and payoff statement)" if float(fees["payoff_statement_fee"]) else ")")).pb().t("\n\n")
            a("There's ").x("no prepayment penalty", neg="a prepayment penalty").t(".").p()
            a(" Quote ").x(res["quote_id"], fid="PQ-" + mutate_id(res["quote_id"][3:], r)).t(" is good through ").t(fd(gt)).t(".").p()
        else:
            hello(a, r, sep=" ")
            a("Your payoff quote (").x(res["quote_id"], fid="PQ-" + mutate_id(res["quote_id"][3:], r)).t(") comes to ").x(usd(total), num=usd(bump(total, r, 0.03, 0.12))).t(", good through ")
            a.x(fd(gt), tmp=fd(gt + dt.timedelta(days=r.choice([3, 7, 14])))).t(".").p()
            a(" That's the ").x(usd(res["principal_balance"]), num=usd(bump(float(res["principal_balance"]), r, 0.03, 0.12))).t(" principal balance plus ")
            a.x(usd(res["interest_through_good_through"]), num=usd(bump(float(res["interest_through_good_through"]), r))).t(" of interest and ").x(usd(fee_sum), num=usd(fee_sum + r.choice([25, 40]))).t(" in fees")
            a(" — and ").x("no prepayment penalty", neg="a prepayment penalty").pc().t(".").p()
        a("\n\n")
        a("**If closing slips:** interest accrues at ").x(usd(pdm), num=usd(bump(pdm, r)), conf=("numerical", usd(fee_sum)) if fee_sum else None).t(" per day")
        if r.random() < 0.5:
            a(" (the quote's ").x("`per_diem`", attr=f"`{fake_attr(r, 'per_diem', str(res), ['daily_interest', 'per_diem_interest', 'interest_per_day', 'diem_rate', 'daily_accrual'])}`").t(")")
        a(", so if the funds arrive ")
        a(f"{extra} days later than {fd(gt)}, add ").x(usd(pdm * extra), num=usd(bump(pdm * extra, r))).t(" — about ")
        a.x(usd(total + pdm * extra), num=usd(bump(total + pdm * extra, r, 0.03, 0.12))).t(" in total.").p()
        a(" Your escrow balance of ").x(usd(esc), num=usd(bump(esc, r))).t(" isn't part of the payoff; it's ")
        a.x("refunded separately", neg="deducted from the payoff").t(" within ").x("20 business days", num=f"{r.choice([5, 10, 45])} business days").t(".").p()
        a.pp()
        bye(a, r, offers=["Would you like me to email the official quote letter to your closing agent?",
                          "If the closing date changes, I can run a fresh quote."])
        a.ins("claim", "Payoff funds must be sent by wire; personal checks aren't accepted.")
        a.ins("claim", "The lien release will be recorded with the county within 10 days of payoff.")
        a.ins("behavior", "I've sent the quote to your title company.")
        a.ins("behavior", "I've locked this payoff amount for you through the end of the month.")
        a.ins("elab", "since interest on mortgages is charged in arrears", clause=True)
        a.ins("elab", "Most closings in your state fund within one business day of signing.")
        a.ins("cite", f"Wire instructions are in document WI-{r.digits(7)}.")
        return a

    def terms(self, ctx):
        r, today = ctx.r, ctx.today
        ln, state = self.loan(r, today)
        num = ln["loan_number"]
        doc = terms_doc(ln["grace_period_days"], ln["late_charge"]["pct"], 12)
        path = ln["documents"][0]["path"]
        args = {"doc_path": path}
        if r.random() < 0.3:
            args["max_chars"] = 8000
        gd = Call("get_loan_document", args, doc)
        gl = Call("get_loan", {"loan_number": num, "include_documents": True} if r.random() < 0.6 else {"loan_number": num}, ln)
        q = r.choice(["late", "prepay", "partial"])
        history = None
        if ctx.followup:
            history = History().user(f"Which documents do you have for loan {num}?")
            history.call([gl])
            history.reply("I can see: " + "; ".join(d["title"] for d in ln["documents"]) + ".")
            req = {"late": "What does the note say about late payments?",
                   "prepay": "Can I pay extra toward principal without a penalty? What does the note say?",
                   "partial": "What happens if I can only pay part of this month's payment?"}[q]
            turns = [Turn([gd])]
        else:
            req = {"late": f"How much is the late fee on loan {num}, and when does it kick in?",
                   "prepay": f"Loan {num}: is there a penalty for paying extra principal?",
                   "partial": f"If I send a partial payment on {num}, what happens to it?"}[q]
            turns = [Turn([gl]), Turn([gd])]
        return Plan(req, turns, self.terms_answer(r, ln, doc, q), history.msgs if history else None)

    def terms_answer(self, r: R, ln, doc, q):
        fd = datefmt(r, ["long", "med", "full"])
        pool = ["4.3", "4.4", "5.3", "5.4", "6.2", "7.1", "8.1", "8.4", "9.2"]
        np = ln["next_payment"]
        pi = round(float(np["breakdown"]["principal"]) + float(np["breakdown"]["interest"]), 2)
        pct = int(ln["late_charge"]["pct"])
        late = round(pi * pct / 100, 2)
        due = dt.date.fromisoformat(np["due_date"])
        grace_end = due + dt.timedelta(days=ln["grace_period_days"])
        a = A()
        hello(a, r, sep=" ")
        if q == "late":
            a("Here's what your note and servicing terms say:\n\n")
            a("- **When it applies:** section ").x("4.1", sec=fake_section(r, "4.1", doc, pool)).t(" gives you ").x(f"{ln['grace_period_days']} calendar days", num=f"{ln['grace_period_days'] + r.choice([-5, 5, 15])} calendar days").t(" after the due date before a late charge is assessed.").pb().t("\n")
            a("- **How much:** ").x(f"{pct}%", num=f"{pct + r.choice([1, 2, 5])}%").t(" of the overdue principal and interest. For your ").x(usd(pi), num=usd(bump(pi, r)), conf=("numerical", usd(np["amount"]))).t(" of principal and interest, that's ")
            a.x(usd(late), num=usd(bump(late, r))).t(" — escrow isn't included in the calculation.").pb().t("\n")
            a("- **How often:** ").x("only one", num="up to two").t(" late charge per overdue payment (section ").x("4.2", sec=fake_section(r, "4.2", doc, pool)).t(").").pb().t("\n\n")
            a("So for the payment due ").x(fd(due), tmp=fd(due + dt.timedelta(days=r.choice([7, 14])))).t(", you'd ").x("only be charged", neg="not be charged").t(" if it hasn't arrived by the end of ")
            a.x(fd(grace_end), tmp=fd(grace_end + dt.timedelta(days=r.choice([5, 10])))).pc().t(".").p()
        elif q == "prepay":
            a("Yes — there's ").x("no penalty", neg="a penalty").t(" for paying extra. Section ").x("5.1", sec=fake_section(r, "5.1", doc, pool)).t(" of your servicing terms lets you prepay all or part of the principal at any time.").p()
            a("\n\nA couple of things to keep in mind:\n\n")
            a("1. Extra payments go ").x("straight to principal", val="toward future interest").t(", which lowers your ").x(usd(ln["principal_balance"]), num=usd(bump(float(ln["principal_balance"]), r, 0.05, 0.2))).t(" balance right away.").pb().t("\n")
            a("2. Under section ").x("5.2", sec=fake_section(r, "5.2", doc, pool)).t(", a partial prepayment ").x("doesn't change", neg="does change").t(" the due dates of your later payments, so you'd still owe the regular ")
            a.x(usd(np["amount"]), num=usd(bump(float(np["amount"]), r)), conf=("numerical", usd(pi))).t(" on ").x(fd(due), tmp=fd(due + dt.timedelta(days=r.choice([10, 31])))).t(".").pb()
            a("\n\nIf you'd like, it's usually clearest to send the extra amount as a separate principal-only payment.")
        else:
            a("Under section ").x("8.2", sec=fake_section(r, "8.2", doc, pool)).t(" of your note, a payment that's less than the full monthly amount ")
            a.x("isn't applied", neg="is applied").t(" to the loan right away — it's held in a suspense account until the rest of that payment arrives.").p()
            a(f"\n\nFor your next payment that means sending the full ").x(usd(np["amount"]), num=usd(bump(float(np["amount"]), r)), conf=("numerical", usd(pi))).t(" due ")
            a.x(fd(due), tmp=fd(due + dt.timedelta(days=r.choice([7, 14])))).t(". If the full amount hasn't been received within the ").x(f"{ln['grace_period_days']}-day", num=f"{ln['grace_period_days'] + r.choice([-5, 15])}-day")
            a(" grace period (section ").x("4.1", sec=fake_section(r, "4.1", doc, pool)).t("), a late charge of ").x(usd(late), num=usd(bump(late, r))).t(" would apply").pc().t(".").p()
        a.pp()
        bye(a, r, offers=["Want me to pull up your payment history as well?", "Let me know if you'd like the full text of any section."])
        a.ins("claim", "Late charges are also reported to the credit bureaus after 30 days.")
        a.ins("claim", "Keystone waives the first late charge on any loan.")
        a.ins("behavior", "I've added a note to your loan file about this question.")
        a.ins("behavior", "I've set up a payment reminder five days before each due date.")
        a.ins("elab", "which is the standard under your state's mortgage servicing rules", clause=True)
        a.ins("elab", "Most borrowers who hit this issue set up autopay to avoid it.")
        a.ins("cite", f"This is also covered in servicing bulletin SB-{r.digits(5)}.")
        return a
