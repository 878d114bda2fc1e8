"""tax_filing (set d): e-filed return status and refunds, the return's computation, tax documents on file, help articles."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, other_than, plural,
                     s_int, s_obj, s_str)
from .dstyle import (bye, datefmt, days_between, fake_attr, fake_section, head, hello, lab, listing, usd)

BASE = "https://api.fileright.example/v1"
HELP_URL = "https://help.fileright.example/articles/after-you-file"
EMPLOYERS = ["Northwind Logistics LLC", "Bramble & Finch Architects", "Cedar Valley School District", "Quarry Labs Inc.",
             "Sunfield Health Partners", "Meridian Outdoor Co.", "Tallgrass Software LLC", "Pioneer Mills Bakery"]
OTHER_EMPLOYERS = ["Lakemont Industries", "Blue Heron Consulting", "Granite Peak Foods", "Oakline Systems"]
BANKS = ["Harborview Credit Union", "First Prairie Bank", "Summit Federal Savings", "Coastal Trust Bank"]
OTHER_BANKS = ["Redwood Community Bank", "Keystone National Bank", "Bayside Savings"]
STATES = [("NY", "New York", 8), ("CA", "California", 3), ("IL", "Illinois", 4), ("GA", "Georgia", 6),
          ("VA", "Virginia", 4), ("OR", "Oregon", 6), ("MA", "Massachusetts", 5)]
OTHER_STATES = ["Ohio", "Colorado", "Michigan", "Arizona"]
STD = {"single": 15750, "married_filing_jointly": 31500, "head_of_household": 23625}
FS_WORDS = {"single": "single", "married_filing_jointly": "married filing jointly", "head_of_household": "head of household"}


def brackets_tax(taxable, fs):
    # simplified progressive schedule (for the synthetic service)
    tiers = [(11925, 0.10), (48475, 0.12), (103350, 0.22), (197300, 0.24), (10 ** 9, 0.32)]
    if fs == "married_filing_jointly":
        tiers = [(b * 2, t) for b, t in tiers]
    tax, prev = 0.0, 0
    for top, rate in tiers:
        if taxable > prev:
            tax += (min(taxable, top) - prev) * rate
        prev = top
    return round(tax, 2)


def help_doc(state_weeks, sname, pen):
    return ("# After you file: refunds, delays and balances due\n\n"
            "## 1. Acceptance\n1.1 An accepted e-file means the return passed the tax agency's initial checks; it is not a "
            "refund approval.\n1.2 A rejected e-file must be corrected and resubmitted.\n\n"
            "## 2. Federal refund timing\n2.1 Most e-filed returns with direct deposit are refunded within 21 days of acceptance.\n"
            "2.2 Paper checks add about one week for mailing.\n\n"
            "## 3. Delays\n3.1 Returns claiming the Earned Income Tax Credit or the Additional Child Tax Credit cannot be "
            "refunded before mid-February.\n3.2 A refund can be reduced (offset) to pay past-due federal or state debts.\n"
            "3.3 If 21 days have passed since acceptance, check the agency's refund tracker before contacting support.\n\n"
            f"## 4. State refunds\n4.1 {sname}: allow up to {state_weeks} weeks after acceptance.\n\n"
            f"## 5. Balances due\n5.1 Payment is due by the filing deadline, April 15.\n"
            f"5.2 A failure-to-pay penalty of {pen}% of the unpaid tax applies for each month or part of a month it remains unpaid.\n"
            "5.3 Interest accrues daily on unpaid tax.\n")


class Tax(Scenario):
    name = "tax_filing"
    agent = "FileRight Assistant"
    service = "fileright-tax-assistant"
    system = ("You are the FileRight Assistant for a consumer tax-filing service. Use the tools to check the status of "
              "the user's e-filed returns and refunds, explain how the return was computed, list the tax documents on file "
              "and answer questions from FileRight help articles. Do not give legal advice; quote help articles by section.")
    error_style = 1
    entity_noun = {"return_id": "Return", "article_url": "Article"}
    preambles = ["Let me check your return.", "Pulling up your filing status.", "One moment while I look that up."]

    def __init__(self):
        rid = s_str("Return id, e.g. 'TR-2025-7KQ2M9'.", pattern=r"^TR-\d{4}-[A-Z0-9]{6}$")
        self.tools = [
            Tool("get_return_status", "E-file and refund status of a return (federal and state).",
                 s_obj({"return_id": rid}, ["return_id"]),
                 entity={"return_id": "id"}, http=BASE, extra=[("include_history", True), ("ssn_last4", "0000")]),
            Tool("get_return_summary", "Computation of a return: income, deductions, tax, credits, payments, refund.",
                 s_obj({"return_id": rid, "jurisdiction": s_str("Which return.", enum=["federal", "state"])},
                       ["return_id", "jurisdiction"]),
                 entity={"return_id": "id"}, http=BASE, extra=[("round_to_dollars", True)]),
            Tool("list_tax_documents", "Tax forms imported or uploaded for a tax year, with key amounts and review status.",
                 s_obj({"tax_year": s_int("Tax year.", 2019, 2026),
                        "status": s_str("Filter by status.", enum=["all", "imported", "needs_review", "missing"])},
                       ["tax_year"]),
                 http=BASE, extra=[("form_type", "W-2"), ("include_images", True)]),
            Tool("get_help_article", "A FileRight help-center article (numbered sections) by URL.",
                 s_obj({"article_url": s_str("Article URL.", pattern=r"^https://help\.fileright\.example/")}, ["article_url"]),
                 entity={"article_url": "url"}, extra=[("locale", "en-US")]),
        ]
        self.intents = [("refund_status", self.status, True), ("return_breakdown", self.breakdown, True),
                        ("document_checklist", self.documents, False), ("refund_delay_help", self.help, True)]

    # ------------------------------------------------------------------ data
    def return_(self, r: R, today, ctc=None):
        year = today.year - 1
        rid = f"TR-{year}-{r.upalnum(6)}"
        fs = r.choice(list(STD))
        wages = round(r.uniform(42000, 148000), 2)
        interest = round(r.uniform(20, 900), 2)
        agi = round(wages + interest, 2)
        ded = STD[fs]
        taxable = max(0.0, round(agi - ded, 2))
        tax = brackets_tax(taxable, fs)
        kids = r.choice([0, 0, 1, 2]) if fs != "single" else 0
        ctc = kids * 2200 if ctc is None else ctc
        credits = [{"name": "Child Tax Credit", "amount": f"{ctc:.2f}"}] if ctc else []
        net = max(0.0, tax - ctc)
        refund_target = r.uniform(-400, 3200)
        withheld = round(max(500.0, net + refund_target), 2)
        res = round(withheld - net, 2)
        summary = {"return_id": rid, "tax_year": year, "jurisdiction": "federal", "filing_status": fs,
                   "income": {"wages": f"{wages:.2f}", "taxable_interest": f"{interest:.2f}"},
                   "adjusted_gross_income": f"{agi:.2f}", "deduction": {"type": "standard", "amount": f"{ded:.2f}"},
                   "taxable_income": f"{taxable:.2f}", "total_tax_before_credits": f"{tax:.2f}", "credits": credits,
                   "tax_after_credits": f"{net:.2f}", "payments": {"federal_withholding": f"{withheld:.2f}", "estimated_payments": "0.00"},
                   "refund": f"{res:.2f}" if res >= 0 else "0.00", "amount_owed": f"{-res:.2f}" if res < 0 else "0.00"}
        return rid, year, fs, summary, res, kids

    def status_record(self, r: R, today, rid, year, fs, res, kids):
        st_code, sname, weeks = r.choice(STATES)
        sub = today - dt.timedelta(days=r.randint(4, 45))
        acc = sub + dt.timedelta(days=r.choice([0, 1, 1, 2]))
        bank = r.choice(BANKS)
        fed_ref = max(res, 0)
        fstat = r.choice(["processing", "approved", "sent"]) if fed_ref > 0 else "no_refund"
        exp = acc + dt.timedelta(days=r.choice([14, 18, 21]))
        if fstat == "sent":
            exp = min(exp, today - dt.timedelta(days=1))
        fed = {"efile_status": "accepted", "submitted_at": f"{sub.isoformat()}T{r.randint(8, 22):02d}:{r.randint(10, 59)}:00Z",
               "accepted_at": f"{acc.isoformat()}T{r.randint(6, 23):02d}:{r.randint(10, 59)}:00Z"}
        if fed_ref > 0:
            fed["refund"] = {"amount": f"{fed_ref:.2f}", "method": "direct_deposit", "bank": bank,
                             "account_last4": r.digits(4), "status": fstat,
                             "expected_date": exp.isoformat() if fstat != "processing" else None}
        else:
            fed["balance_due"] = {"amount": f"{-res:.2f}", "due_date": f"{today.year}-04-15"}
        sstat = r.choice(["accepted", "accepted", "pending"])
        srec = {"state": st_code, "efile_status": sstat}
        if r.random() < 0.6:
            srec["refund"] = {"amount": f"{r.uniform(40, 900):.2f}", "status": "processing" if sstat == "accepted" else "not_started"}
        else:
            srec["balance_due"] = {"amount": f"{r.uniform(30, 700):.2f}", "due_date": f"{today.year}-04-15"}
        return {"return_id": rid, "tax_year": year, "filing_status": fs, "as_of": today.isoformat(), "federal": fed,
                "state": srec, "claims_actc_or_eitc": kids > 0 and r.random() < 0.5, "help_url": HELP_URL}, sname, weeks

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        rid, year, fs, summ, res, kids = self.return_(r, today)
        if res <= 0:
            res = round(r.uniform(150, 2600), 2)
        st, sname, weeks = self.status_record(r, today, rid, year, fs, res, kids)
        gs = Call("get_return_status", {"return_id": rid}, st)
        history = None
        if ctx.followup:
            history = History().user(f"Did my {year} return go through? It's {rid}.")
            history.call([Call("get_return_status", {"return_id": rid}, st)])
            history.reply(f"Yes — your federal return {rid} was accepted, and the {sname} return is {st['state']['efile_status']}.")
            req = r.choice(["Great. So when do I get my refund?", "How much is my refund and when will it arrive?"])
            turns = [Turn([gs])]
        else:
            req = r.choice([f"Where's my refund? Return {rid}.", f"Any update on my {year} taxes? {rid}",
                            f"Has my federal refund been sent yet? Return id {rid}"])
            turns = [Turn([gs])]
        return Plan(req, turns, self.status_answer(r, st, sname), history.msgs if history else None)

    def status_answer(self, r: R, st, sname):
        fd = datefmt(r, ["long", "med", "full"])
        fed = st["federal"]
        ref = fed["refund"]
        amt = float(ref["amount"])
        acc = fed["accepted_at"][:10]
        since = days_between(acc, st["as_of"])
        s = st["state"]
        blob = str(st)
        fstat = ref["status"]
        a = A()
        layout = r.choice(["headed", "prose", "bullets"])
        hs = (r.choice(["##", "###", "**"]),)
        if layout == "headed":
            a(head(r, "Federal return", styles=hs))
            a("Your ").t(f"{st['tax_year']} ").t("federal return ").x(st["return_id"], fid=st["return_id"][:8] + mutate_id(st["return_id"][8:], r)).t(" was ")
            a.x("accepted", val="rejected").t(" on ").x(fd(acc), tmp=fd(dt.date.fromisoformat(acc) + dt.timedelta(days=r.choice([4, 7, 10])))).t(f" — {plural(since, 'day')} ago.").p()
            a("\n\n")
        else:
            hello(a, r, sep=" " if layout == "prose" else "\n\n")
            a("Your federal return was ").x("accepted", val="rejected").t(" on ").x(fd(acc), tmp=fd(dt.date.fromisoformat(acc) + dt.timedelta(days=r.choice([4, 7, 10])))).t(", and your refund of ")
            a.x(usd(amt), num=usd(bump(amt, r)), conf=("numerical", usd(s["refund"]["amount"])) if "refund" in s else None).t(" is ")
        words = {"processing": "still being processed", "approved": "approved", "sent": "on its way"}
        if layout == "headed":
            a(lab("Refund")).x(usd(amt), num=usd(bump(amt, r)), conf=("numerical", usd(s["refund"]["amount"])) if "refund" in s else None).t(" — ")
        a.x(words[fstat], val=r.choice([v for k, v in words.items() if k != fstat]))
        if r.random() < 0.45:
            a(" (status ").x(f"`{fstat}`", attr=f"`{fake_attr(r, fstat, blob, ['pending_release', 'in_review', 'queued', 'refund_pending', 'issued', 'scheduled'])}`").t(")")
        if layout == "headed":
            a("  \n")
        else:
            a(".").p()
            a(" ")
        if fstat == "processing":
            a("There's ").x("no scheduled deposit date yet", neg="already a scheduled deposit date").t(", so the refund hasn't been approved").pc().t(".").p()
        else:
            exp = ref["expected_date"]
            verb = "was sent" if fstat == "sent" else "is scheduled to be deposited"
            a(f"It {verb} on ").x(fd(exp), tmp=fd(dt.date.fromisoformat(exp) + dt.timedelta(days=r.choice([5, 7, 10])))).t(" to your ").x(ref["bank"], ent=other_than(r, OTHER_BANKS, blob=blob)).t(" account ending ")
            a.x(ref["account_last4"], fid=None).pc().t(".").p()
        a("\n\n")
        if layout == "headed":
            a(head(r, f"{sname} return", styles=hs))
        else:
            a(lab(f"{sname}"))
        if s["efile_status"] == "accepted":
            a("Your state return was ").x("accepted", val="rejected")
        else:
            a("The state return is ").x("still pending", val="already accepted").t(" — it hasn't been accepted yet")
        if "refund" in s:
            a(", with a refund of ").x(usd(s["refund"]["amount"]), num=usd(bump(float(s["refund"]["amount"]), r)), conf=("numerical", usd(amt))).t(" ")
            a.x("being processed" if s["refund"]["status"] == "processing" else "not started yet", val="already sent")
        else:
            bd = s["balance_due"]
            a(", and there's a balance due of ").x(usd(bd["amount"]), num=usd(bump(float(bd["amount"]), r))).t(" by ").x(fd(bd["due_date"]), tmp=fd(dt.date.fromisoformat(bd["due_date"]) + dt.timedelta(days=r.choice([15, 30]))))
        a(".").p()
        if "refund" in s:
            tot = amt + float(s["refund"]["amount"])
            a(" Together that's ").x(usd(tot), num=usd(bump(tot, r))).t(" coming back to you.").p()
        a.pp()
        bye(a, r, offers=["Want me to check again in a few days?", "If you'd like, I can explain how your refund was calculated."])
        a.ins("claim", "Refunds on returns accepted this week are averaging 12 days.")
        a.ins("claim", "Your refund was reduced slightly to cover a prior-year balance.")
        a.ins("behavior", "I've set up a text alert for when the deposit posts.")
        a.ins("behavior", "I've asked the IRS to expedite your refund.")
        a.ins("elab", "since returns filed early in the season clear faster", clause=True)
        a.ins("elab", "State refunds often lag a week or two behind the federal one.")
        a.ins("cite", f"Your IRS refund trace number is RT-{r.digits(10)}.")
        return a

    def breakdown(self, ctx):
        r, today = ctx.r, ctx.today
        rid, year, fs, summ, res, kids = self.return_(r, today)
        gs = Call("get_return_summary", {"return_id": rid, "jurisdiction": "federal"}, summ)
        history = None
        if ctx.followup:
            st, sname, weeks = self.status_record(r, today, rid, year, fs, res, kids)
            history = History().user(f"What's the status of return {rid}?")
            history.call([Call("get_return_status", {"return_id": rid}, st)])
            history.reply(f"Your federal return {rid} was accepted on {datefmt(r, ['med'])(st['federal']['accepted_at'][:10])}.")
            req = r.choice(["How did you get to that number? Walk me through the calculation.",
                            "Can you break down how my federal tax was calculated?"])
            turns = [Turn([gs])]
        else:
            req = r.choice([f"Why am I {'getting a refund' if res >= 0 else 'paying'} on {rid}? Show me the math.",
                            f"Break down my {year} federal return {rid} for me.",
                            f"what's my effective tax rate on {rid}?"])
            turns = [Turn([gs])]
        return Plan(req, turns, self.breakdown_answer(r, summ, res), history.msgs if history else None)

    def breakdown_answer(self, r: R, sm, res):
        fs = sm["filing_status"]
        wages = float(sm["income"]["wages"])
        intr = float(sm["income"]["taxable_interest"])
        agi = float(sm["adjusted_gross_income"])
        ded = float(sm["deduction"]["amount"])
        taxable = float(sm["taxable_income"])
        tax = float(sm["total_tax_before_credits"])
        net = float(sm["tax_after_credits"])
        wh = float(sm["payments"]["federal_withholding"])
        cr = sm["credits"]
        eff = 100 * net / agi if agi else 0
        blob = str(sm)
        other_fs = r.choice([FS_WORDS[k] for k in FS_WORDS if k != fs])
        a = A()
        layout = r.choice(["table", "steps"])
        hello(a, r, sep="\n\n")
        if layout == "table":
            a(f"Here's how your {sm['tax_year']} federal return adds up (filing status: ").x(FS_WORDS[fs], val=other_fs).t("):\n\n")
            a("| Step | Amount |\n|---|---|\n")
            a("| Wages | ").x(usd(wages), num=usd(bump(wages, r, 0.08, 0.2)), conf=("numerical", usd(agi))).t(" |\n")
            a("| + Interest | ").x(usd(intr), num=usd(bump(intr, r))).t(" |\n")
            a("| = Adjusted gross income | ").x(usd(agi), num=usd(bump(agi, r, 0.08, 0.2))).t(" |\n")
            a("| − Standard deduction | ").x(usd(ded), num=usd(ded + r.choice([-1500, 1200, 2000]))).t(" |\n")
            a("| = Taxable income | ").x(usd(taxable), num=usd(bump(taxable, r, 0.08, 0.2))).t(" |\n")
            a("| Tax | ").x(usd(tax), num=usd(bump(tax, r))).t(" |\n")
            for c in cr:
                a(f"| − {c['name']} | ").x(usd(c["amount"]), num=usd(float(c["amount"]) + 1100)).t(" |\n")
            a("| = Tax after credits | ").x(usd(net), num=usd(bump(net, r))).t(" |\n")
            a("| Withheld from paychecks | ").x(usd(wh), num=usd(bump(wh, r)), conf=("numerical", usd(net))).t(" |\n\n")
        else:
            a("1. **Income:** ").x(usd(wages), num=usd(bump(wages, r, 0.08, 0.2))).t(" in wages plus ").x(usd(intr), num=usd(bump(intr, r))).t(" of interest gives an adjusted gross income of ")
            a.x(usd(agi), num=usd(bump(agi, r, 0.08, 0.2)), conf=("numerical", usd(wages))).t(".").pb().t("\n")
            a("2. **Deduction:** as ").x("single" if fs == "single" else FS_WORDS[fs], val=other_fs).t(" you took the ").x("standard", val="itemized").t(" deduction of ")
            a.x(usd(ded), num=usd(ded + r.choice([-1500, 1200, 2000]))).t(", leaving ").x(usd(taxable), num=usd(bump(taxable, r, 0.08, 0.2))).t(" of taxable income.").pb().t("\n")
            a("3. **Tax:** ").x(usd(tax), num=usd(bump(tax, r))).t(" before credits")
            if cr:
                a(", minus the ").x(usd(cr[0]["amount"]), num=usd(float(cr[0]["amount"]) + 1100)).t(f" {cr[0]['name']}, leaves ").x(usd(net), num=usd(bump(net, r)))
            a(".").pb().t("\n")
            a("4. **Payments:** ").x(usd(wh), num=usd(bump(wh, r)), conf=("numerical", usd(tax))).t(" was withheld from your paychecks")
            if r.random() < 0.45:
                a(" (the ").x("`federal_withholding`", attr=f"`{fake_attr(r, 'federal_withholding', blob, ['federal_tax_withheld', 'fed_withholding', 'withholding_total', 'tax_withheld_federal', 'federal_wh_amount'])}`").t(" line)")
            a(".").pb().t("\n\n")
        if res >= 0:
            a("Because you had ").x("more", rel="less").t(" withheld than you owe, you get the difference back: a refund of **").x(usd(res), num=usd(bump(res, r))).t("**.").p()
        else:
            a("You had ").x("less", rel="more").t(" withheld than the tax you owe, so there's a balance due of **").x(usd(-res), num=usd(bump(-res, r))).t("**.").p()
        a(" Your effective federal rate works out to about ").x(f"{eff:.1f}%", num=f"{eff + r.choice([3.5, 5.0, -2.5]):.1f}%").t(" of AGI").pc().t(".").p()
        a.pp()
        bye(a, r, offers=["Want me to estimate how a W-4 change would affect next year?", "Happy to explain any line in more detail."])
        a.ins("claim", "You're also eligible for a $500 saver's credit you didn't claim.")
        a.ins("claim", "Your withholding was about the same as last year.")
        a.ins("behavior", "I've updated your W-4 so less is withheld going forward.")
        a.ins("behavior", "I've amended the return to add the missing credit.")
        a.ins("elab", "which puts you in the 22% bracket for your last dollars of income", clause=True)
        a.ins("elab", "Most filers at your income level end up with a refund of a similar size.")
        a.ins("cite", f"The computation worksheet is saved as WS-{r.digits(8)}.")
        return a

    def documents(self, ctx):
        r, today = ctx.r, ctx.today
        year = today.year - 1
        n_w2 = r.choice([1, 2, 2, 3])
        emps = r.pick(EMPLOYERS, n_w2)
        docs = []
        for e in emps:
            w = round(r.uniform(8000, 92000), 2)
            docs.append({"doc_id": "DOC-" + r.upalnum(8), "form": "W-2", "issuer": e, "status": r.choice(["imported", "imported", "needs_review"]),
                         "amounts": {"wages": f"{w:.2f}", "federal_withheld": f"{w * r.uniform(0.07, 0.16):.2f}"}})
        bank = r.choice(BANKS)
        docs.append({"doc_id": "DOC-" + r.upalnum(8), "form": "1099-INT", "issuer": bank, "status": "imported",
                     "amounts": {"interest": f"{r.uniform(12, 640):.2f}"}})
        missing = []
        if r.random() < 0.5:
            missing.append({"form": "1099-NEC", "issuer": r.choice(["Upwork Global Inc.", "Lumen Design Studio", "Greenway Deliveries"]),
                            "reason": "expected from prior year"})
        if r.random() < 0.4:
            missing.append({"form": "1098-E", "issuer": r.choice(["Nelnet", "MOHELA"]), "reason": "expected from prior year"})
        res = {"tax_year": year, "as_of": today.isoformat(), "documents": docs, "missing": missing,
               "counts": {"imported": str(sum(d["status"] == "imported" for d in docs)), "needs_review": str(sum(d["status"] == "needs_review" for d in docs)),
                          "missing": str(len(missing))}}
        args = {"tax_year": year}
        if r.random() < 0.5:
            args["status"] = "all"
        req = r.choice([f"What tax documents do you have for {year}, and is anything missing?",
                        f"Am I ready to file my {year} return? What forms are in?",
                        f"Which {year} forms still need my attention?"])
        return Plan(req, [Turn([Call("list_tax_documents", args, res)])], self.documents_answer(r, res))

    def documents_answer(self, r: R, res):
        docs = res["documents"]
        w2 = [d for d in docs if d["form"] == "W-2"]
        rev = [d for d in docs if d["status"] == "needs_review"]
        miss = res["missing"]
        wages = sum(float(d["amounts"]["wages"]) for d in w2)
        wh = sum(float(d["amounts"]["federal_withheld"]) for d in w2)
        blob = str(res)
        a = A()
        hello(a, r, sep="\n\n")
        layout = r.choice(["sections", "table"])
        if layout == "sections":
            a(head(r, f"{res['tax_year']} documents on file"))
            for k, d in enumerate(docs):
                a("- ").t(f"**{d['form']}** from ").x(d["issuer"], ent=other_than(r, OTHER_EMPLOYERS if d["form"] == "W-2" else OTHER_BANKS, blob=blob) if k == 0 else None).t(" — ")
                if d["form"] == "W-2":
                    a.x(usd(d["amounts"]["wages"]), num=usd(bump(float(d["amounts"]["wages"]), r, 0.1, 0.3)) if k == 0 else None,
                        conf=("numerical", usd(w2[1]["amounts"]["wages"])) if k == 0 and len(w2) > 1 else None).t(" in wages, ")
                    a.x(usd(d["amounts"]["federal_withheld"]), num=usd(bump(float(d["amounts"]["federal_withheld"]), r)) if k == 0 else None).t(" withheld")
                else:
                    a.x(usd(d["amounts"]["interest"]), num=usd(bump(float(d["amounts"]["interest"]), r))).t(" of interest")
                a(" (").x("imported" if d["status"] == "imported" else "needs review", val=("needs review" if d["status"] == "imported" else "imported") if k == 0 or d["status"] != "imported" else None).t(")").pb().t("\n")
            a("\n")
        else:
            a("| Form | From | Key amount | Status |\n|---|---|---|---|\n")
            for k, d in enumerate(docs):
                amt = d["amounts"].get("wages") or d["amounts"].get("interest")
                a(f"| {d['form']} | ").x(d["issuer"], ent=other_than(r, OTHER_EMPLOYERS if d["form"] == "W-2" else OTHER_BANKS, blob=blob) if k == 0 else None).t(" | ")
                a.x(usd(amt), num=usd(bump(float(amt), r, 0.1, 0.3)) if k == 0 else None).t(" | ")
                a.x("imported" if d["status"] == "imported" else "needs review", val=("needs review" if d["status"] == "imported" else "imported") if k == 0 else None).t(" |\n")
            a("\n")
        if len(w2) > 1:
            a(f"Across your {len(w2)} W-2s that's ").x(usd(wages), num=usd(bump(wages, r, 0.08, 0.2))).t(" in wages with ").x(usd(wh), num=usd(bump(wh, r))).t(" of federal tax withheld").pc().t(".").p()
            a("\n\n")
        if rev:
            a(f"**Needs your review:** ").t(listing(f"the {d['form']} from {d['issuer']}" for d in rev))
            if r.random() < 0.5:
                a(" (flagged ").x("`needs_review`", attr=f"`{fake_attr(r, 'needs_review', blob, ['review_required', 'pending_review', 'needs_attention', 'unverified'])}`").t(")")
            a(" — give ").t("it" if len(rev) == 1 else "them").t(" a quick check before filing").pc().t(".").p()
            if r.random() < 0.5:
                a(" (Document ").x(rev[0]["doc_id"], fid="DOC-" + mutate_id(rev[0]["doc_id"][4:], r)).t(".)")
            a("\n\n")
        if miss:
            a("**Possibly missing:** ").t(listing(f"a {m['form']} from {m['issuer']}" for m in miss)).t(" — you had ").x("one" if len(miss) == 1 else "these", neg=None).t(" last year, so if ")
            a("it applies" if len(miss) == 1 else "they apply").t(" again this year you'll want to add ").t("it" if len(miss) == 1 else "them").t(".").p()
        else:
            a("Nothing ").x("appears to be missing", neg="appears to be complete").t(" compared with last year").pc().t(".").p()
        ready = not rev and not miss
        a("\n\n")
        if ready:
            a("So you ").x("look ready", neg="don't look ready").t(" to start your return.").p()
        else:
            n = len(rev) + len(miss)
            a("Once ").x("that item is" if n == 1 else f"those {n} items are", num=None).t(" sorted out, you should be ready to file.").p()
        a.pp()
        bye(a, r, offers=["Want me to walk you through reviewing the flagged form?", "I can remind you to check back once the missing forms arrive."])
        a.ins("claim", "Employers had to send W-2s by January 31, so a missing one is worth chasing now.")
        a.ins("claim", "Your 1099-INT interest is below the level where it needs to be reported.")
        a.ins("behavior", "I've requested the missing form from the issuer on your behalf.")
        a.ins("behavior", "I've marked the flagged form as reviewed.")
        a.ins("elab", "because the employer's address changed during the year", clause=True)
        a.ins("elab", "Imports from payroll providers are usually accurate, but box 12 codes sometimes need a second look.")
        a.ins("cite", f"Your document upload confirmation is UP-{r.upalnum(10)}.")
        return a

    def help(self, ctx):
        r, today = ctx.r, ctx.today
        rid, year, fs, summ, res, kids = self.return_(r, today)
        q = r.choice(["refund_late", "refund_late", "owe_late"])
        if q == "refund_late" and res <= 0:
            res = round(r.uniform(300, 2400), 2)
        if q == "owe_late" and res >= 0:
            res = -round(r.uniform(180, 1900), 2)
        st, sname, weeks = self.status_record(r, today, rid, year, fs, res, kids)
        if q == "refund_late":
            acc = today - dt.timedelta(days=r.choice([12, 17, 23, 26, 31, 38]))
            st["federal"]["accepted_at"] = f"{acc.isoformat()}T{r.randint(6, 23):02d}:{r.randint(10, 59)}:00Z"
            st["federal"]["submitted_at"] = f"{acc.isoformat()}T05:{r.randint(10, 59)}:00Z"
            st["federal"]["refund"]["status"] = "processing"
            st["federal"]["refund"]["expected_date"] = None
        pen = "0.5"
        doc = help_doc(weeks, sname, pen)
        gs = Call("get_return_status", {"return_id": rid}, st)
        gh = Call("get_help_article", {"article_url": st["help_url"]}, doc)
        history = None
        qtext = {"refund_late": "It's been a while and I still don't have my federal refund. Is something wrong?",
                 "owe_late": "I can't pay my federal balance until next month. What happens if I pay late?"}[q]
        if ctx.followup:
            history = History().user(f"Status of {rid}?")
            history.call([gs])
            history.reply(f"Your federal return {rid} was accepted on {datefmt(r, ['med'])(st['federal']['accepted_at'][:10])}.")
            req = qtext
            turns = [Turn([gh])]
        else:
            req = f"{qtext} Return {rid}."
            turns = [Turn([gs]), Turn([gh])]
        return Plan(req, turns, self.help_answer(r, st, doc, q, sname, weeks, pen), history.msgs if history else None)

    def help_answer(self, r: R, st, doc, q, sname, weeks, pen):
        fd = datefmt(r, ["long", "med", "full"])
        pool = ["2.3", "2.4", "3.4", "3.5", "4.2", "5.4", "5.5", "6.1", "1.3"]
        fed = st["federal"]
        acc = dt.date.fromisoformat(fed["accepted_at"][:10])
        asof = dt.date.fromisoformat(st["as_of"])
        a = A()
        hello(a, r, sep=" ")
        if q == "refund_late":
            since = (asof - acc).days
            d21 = acc + dt.timedelta(days=21)
            amt = float(fed["refund"]["amount"])
            a("Your federal return was accepted on ").x(fd(acc), tmp=fd(acc + dt.timedelta(days=r.choice([6, 9])))).t(", which was ").x(plural(since, "day"), num=f"{since + r.choice([-7, 8, 10])} days").t(" ago, and the ")
            a.x(usd(amt), num=usd(bump(amt, r))).t(" refund is ").x("still processing", val="already sent").t(".").p()
            a("\n\n")
            if since < 21:
                a("That's ").x("still within", rel="already past").t(" the normal window: section ").x("2.1", sec=fake_section(r, "2.1", doc, pool)).t(" of FileRight's help article says most e-filed returns with direct deposit are refunded within ")
                a.x("21 days", num="14 days").t(" of acceptance, which would be around ").x(fd(d21), tmp=fd(d21 + dt.timedelta(days=r.choice([7, 10])))).t(".").p()
                a(" So there's ").x("no sign of a problem yet", neg="already a sign of a problem").pc().t(".").p()
            else:
                a("That's ").x("past", rel="within").t(" the usual ").x("21-day", num="30-day").t(" window from section ").x("2.1", sec=fake_section(r, "2.1", doc, pool)).t(" (it ran out on ").x(fd(d21), tmp=fd(d21 + dt.timedelta(days=r.choice([7, 10])))).t(").").p()
                a(" Per section ").x("3.3", sec=fake_section(r, "3.3", doc, pool)).t(", the next step is to check the agency's refund tracker before contacting support").pc().t(".").p()
            if st.get("claims_actc_or_eitc"):
                a(" Also, because your return claims the Additional Child Tax Credit or EITC, section ").x("3.1", sec=fake_section(r, "3.1", doc, pool)).t(" notes those refunds ")
                a.x("can't", neg="can").t(" be issued before mid-February.").p()
            a(" A refund can also be reduced to cover past-due debts (section ").x("3.2", sec=fake_section(r, "3.2", doc, pool)).t("), though nothing in your status shows that.").p()
        else:
            bd = fed["balance_due"]
            amt = float(bd["amount"])
            due = dt.date.fromisoformat(bd["due_date"])
            m1 = round(amt * float(pen) / 100, 2)
            a(head(r, "Paying after the deadline", styles=("###", "**")))
            a("Your federal balance is ").x(usd(amt), num=usd(bump(amt, r))).t(", due ").x(fd(due), tmp=fd(due + dt.timedelta(days=r.choice([15, 30])))).t(". If it's paid late:\n\n")
            a("- a failure-to-pay penalty of ").x(f"{pen}%", num=r.choice(["1%", "5%", "0.25%"])).t(" of the unpaid tax applies for each month or part of a month (section ").x("5.2", sec=fake_section(r, "5.2", doc, pool)).t(")").pb().t("\n")
            a("- interest ").x("also accrues", neg="doesn't accrue").t(" daily on the unpaid amount (section ").x("5.3", sec=fake_section(r, "5.3", doc, pool)).t(")").pb().t("\n\n")
            a("For your balance, one month late would add about ").x(usd(m1), num=usd(bump(m1, r, 0.5, 1.5))).t(" in penalty, and two months about ").x(usd(2 * m1), num=usd(bump(2 * m1, r, 0.5, 1.5))).t(" — plus interest").pc().t(".").p()
            a(" If you can pay part of it by the deadline, that ").x("reduces", neg="doesn't change").t(" the amount the penalty is charged on.").p()
        a.pp()
        bye(a, r, offers=["Want me to check your status again next week?", "If you'd like, I can pull up the full article."])
        a.ins("claim", "The IRS is currently running about a week behind on refunds this season.")
        a.ins("claim", "You can avoid the penalty entirely by setting up an installment agreement online.")
        a.ins("behavior", "I've opened a refund trace with the IRS for you.")
        a.ins("behavior", "I've scheduled a partial payment from your bank account.")
        a.ins("elab", "since returns with credits get an extra identity check", clause=True)
        a.ins("elab", "Refund delays are most common for returns filed in the last two weeks before the deadline.")
        a.ins("cite", f"Your support ticket number is FR-{r.digits(7)}.")
        return a
