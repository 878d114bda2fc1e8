"""student_loans (set v): the helper of Crestline Student Loan Servicing — a borrower's account (loans with balances
and rates, monthly payment, next due date, amount past due, autopay and its rate discount, payments made out of the
plan, the last due-day change) read against the borrower terms (a plain-text page fetched by URL), and a request to
change the monthly due day (refused by design when the due day was changed in the last twelve months — reason code and
the first day a change is allowed again as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .vstyle import B, Plain, add_months, closing, means_list, opener, ts, vet

BASE = "https://api.crestlineloans.example/v2"
TERMS = "https://www.crestlineloans.example/borrower/terms-cl-5"
NAMES = ["Mei Tanaka", "Jamal Carter", "Sofia Reyes", "Ethan Brooks", "Nadia Petrov", "Liam O'Connor", "Aisha Bello",
         "Grace Whitfield"]
FAKE_NAMES = ["Trevor Lund", "Paula Grimes"]
LOAN_TYPES = ["subsidized", "unsubsidized", "private"]
ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Phoenix"]
PHONES = ["1-888-555-0126", "1-888-555-0183"]
PLAIN_TYPE = {"subsidized": "subsidized", "unsubsidized": "unsubsidized", "private": "private"}


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class StudentLoans(Scenario):
    name = "student_loans"
    agent = "crestline-loan-helper"
    service = "crestline-servicing"
    system = ("You are the helper of Crestline Student Loan Servicing. Explain each borrower's own account to them in "
              "plain, kind words at about a sixth-grade reading level: no jargon, no codes, round numbers where the exact "
              "figure doesn't matter. Use only the account and the borrower terms, and end with a next step.")
    error_style = 1
    entity_noun = {"account_number": "Account", "page_url": "Page"}
    preambles = ["Let me open your account.", "One moment while I look at your loans."]

    def __init__(self):
        self.tools = [
            Tool("get_loan_account", "A borrower's account: loans with balances and rates, monthly payment, next due date, "
                                     "amount past due, autopay, payments made and scheduled, last due-day change.",
                 s_obj({"account_number": s_str("Account number, 10 digits.", pattern=r"^\d{10}$"),
                        "include_loans": s_bool("Include each loan.")}, ["account_number"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("fetch_borrower_terms", "The borrower terms page (plain text, numbered items).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://www\.crestlineloans\.example/borrower/.+$")},
                       ["page_url"]),
                 entity={"page_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("change_due_day", "Change the day of the month payments are due. A change within 12 months of the last "
                                   "one is refused with a reason code and the first day a change is allowed.",
                 s_obj({"account_number": s_str("Account number.", pattern=r"^\d{10}$"),
                        "new_due_day": s_int("Day of the month, 1-28.", 1, 28),
                        "starting": s_str("When the change starts.", enum=["next_bill", "bill_after_next"])},
                       ["account_number", "new_due_day"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("force", True)]),
        ]
        self.intents = [("account_summary", self.summary, True), ("change_due_day", self.change, True)]

    def _P(self, r):
        return {"disc": 0.25, "months": 12, "late": r.choice([10, 15]), "grace": 15, "rev": r.choice(["5", "6"])}

    def _account(self, r, today, last_change=None):
        zone = r.choice(ZONES)
        n = r.randint(2, 3)
        loans = []
        for i in range(n):
            loans.append({"loan_id": f"{i + 1}-0{r.randint(1, 9)}", "type": r.choice(LOAN_TYPES),
                          "balance": round(r.uniform(2500, 9800), 2), "rate_pct": r.choice([3.73, 4.99, 5.5, 6.54, 7.05])})
        total = round(sum(x["balance"] for x in loans), 2)
        due_day = r.choice([1, 5, 10, 15, 20, 25])
        nd = dt.date(today.year, today.month, due_day)
        if nd <= today:
            nd = add_months(nd, 1)
        total_n = r.choice([120, 120, 180])
        made = r.randint(6, 70)
        past = 0.0 if r.random() < 0.7 else round(r.uniform(60, 240), 2)
        rec = {"account_number": str(r.randint(1000000000, 9999999999)), "borrower": r.choice(NAMES),
               "status": "in_repayment", "loans": loans, "total_balance": total,
               "monthly_payment": round(total / r.choice([70, 80, 95]), 2), "due_day": due_day, "next_due": nd.isoformat(),
               "past_due_amount": past, "autopay": r.random() < 0.5, "autopay_discount_pct": 0.25,
               "payments_made": made, "payments_scheduled": total_n,
               "last_due_day_change": last_change.isoformat() if last_change else None,
               "portal_labels": ["Amount due", "Current balance", "Payments remaining"],
               "terms_url": TERMS, "phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([8, 10, 12, 14, 17]), r.choice([5, 25, 50]), zone)}
        return rec

    def _doc(self, P):
        return ("CRESTLINE STUDENT LOAN SERVICING — BORROWER TERMS (CL-5)\n"
                f"Version {P['rev']}\n\n"
                "1. Payments\n"
                "1.1 Your monthly payment is due on your due day each month.\n"
                f"1.2 A payment more than {P['grace']} days late may carry a late fee of ${P['late']}.\n\n"
                "2. Autopay\n"
                "2.1 Autopay takes your payment from your bank account on your due day.\n"
                f"2.3 While autopay is on, your interest rate is lowered by {P['disc']}%.\n\n"
                "4. Due day\n"
                "4.1 You may pick any due day from the 1st to the 28th.\n"
                f"4.2 You may change your due day once every {P['months']} months.\n")

    def _history(self, rec):
        h = History().user(f"Hi, can you look at my student loan account {rec['account_number']}?")
        h.call([Call("get_loan_account", {"account_number": rec["account_number"]}, rec)])
        h.reply("Sure! I found your account. What would you like to know?")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "You also qualify for a lower payment plan.")
        a.ins("claim", "Your loans will be paid off about a year early at this pace.")
        a.ins("behavior", "I've also turned on paperless statements for you.")
        a.ins("behavior", "I've waived your next late fee.")
        fake = str(r.randint(1000000000, 9999999999))
        a.ins("cite", w.cite(f"Your older account {fake} was merged into this one.", fake))
        a.ins("elab", "because rates went down this year", clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.5:
            a.t("Hi ").x(rec["borrower"].split()[0], ent=r.choice(FAKE_NAMES).split()[0]).t("! ")
        else:
            opener(a, w)

    def summary(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._account(r, today)
        args = {"account_number": rec["account_number"]}
        if r.random() < 0.5:
            args["include_loans"] = True
        cg = Call("get_loan_account", args, rec)
        cd = Call("fetch_borrower_terms", {"page_url": TERMS}, self._doc(P))
        req = r.choice([f"Can you explain my student loans in simple words? Account {rec['account_number']}.",
                        f"how much do i owe and when is my next payment? acct {rec['account_number']}"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["How much do I owe in total, and when's my next payment?", "can you explain it simply? am I behind?"])
            turns = [Turn([cd])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        loans = rec["loans"]
        a.t("Here's a simple look at your student loans.").p()
        a.t(" You owe ").x(w.approx_usd(rec["total_balance"]), num=w.past_usd(rec["total_balance"])).t(" in total across your ")
        a.x(w.num(len(loans)), num=w.num(len(loans) + 2)).t(" loans.").p()
        nc, nf = w.when_pair(rec["next_due"], r.choice([-3, 4, 7]))
        a.t("\n\nYour next payment of ").x(w.bold(w.usd(rec["monthly_payment"])), num=w.usd(round(rec["monthly_payment"] + 40, 2)))
        a.t(" is due ").x(nc, tmp=nf).t(".").p()
        if rec["past_due_amount"]:
            a.t(" Right now you're ").x("behind", val="all paid up").t(" by ").x(w.usd(rec["past_due_amount"]), num=w.usd(round(rec["past_due_amount"] + 50, 2))).t(", so please pay that as soon as you can.").p()
        else:
            a.t(" You're ").x("all paid up", val="behind on a payment").t(" — nothing is late right now.").p()
        made, tot = rec["payments_made"], rec["payments_scheduled"]
        w.declare(tot - made)

        def progress():
            a.t("You've made ").x(str(made), num=str(made + r.choice([6, 12]))).t(" of your " + str(tot) + " payments, so you have " + str(tot - made) + " left.")
            fr = w.fraction(made, tot)
            if fr:
                a.t(" That's ").x(fr, rel=fr.replace("a little over", "just under") if "a little over" in fr else (fr.replace("just under", "a little over") if "just under" in fr else None)).t(" of the way there.")

        def autopay():
            if rec["autopay"]:
                a.t("Because you ").x("use", neg="don't use").t(" autopay, your interest rate is ").x("0.25%", num="0.5%").t(" lower (section ")
                a.x("2.3", sec=r.choice(["2.6", "3.3"])).t(").")
            else:
                a.t("You ").x("don't use", neg="already use").t(" autopay yet. If you turn it on, your rate would go down by 0.25% (section ")
                a.x("2.3", sec=r.choice(["2.6", "3.3"])).t(").")

        def rates():
            big = max(loans, key=lambda x: x["balance"])
            small = min(loans, key=lambda x: x["balance"])
            if big["rate_pct"] != small["rate_pct"]:
                hi = big["rate_pct"] > small["rate_pct"]
                a.t("Your biggest loan has a rate of ").x(f"{big['rate_pct']:g}%", conf=("numerical", f"{small['rate_pct']:g}%")).t(", which is ")
                a.x("higher" if hi else "lower", rel="lower" if hi else "higher").t(" than your smallest one.")
            else:
                a.t("Your biggest and smallest loans have the same rate, " + f"{big['rate_pct']:g}%.")

        def where():
            a.t('Online, your payment shows as "').x("Amount due", attr=r.choice(["Installment owed", "Billed principal"])).t('".')

        means_list(a, w, [progress, autopay, rates, where])
        closing(a, w, rec["phone"], "Would you like to set up autopay?" if not rec["autopay"] else None)
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def change(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        last = None if (ok and r.random() < 0.5) else (today - dt.timedelta(days=r.randint(400, 700) if ok else r.randint(40, 330)))
        rec = self._account(r, today, last)
        new_day = r.choice([d for d in (3, 8, 12, 18, 22, 26) if d != rec["due_day"]])
        args = {"account_number": rec["account_number"], "new_due_day": new_day}
        if r.random() < 0.5:
            args["starting"] = "next_bill"
        if ok:
            first = dt.date(today.year, today.month, new_day)
            while first <= today + dt.timedelta(days=10):
                first = add_months(first, 1)
            res = {"status": "changed", "account_number": rec["account_number"], "new_due_day": new_day,
                   "first_new_due_date": first.isoformat(), "confirmation": f"DD-{r.randint(100000, 999999)}",
                   "monthly_payment": rec["monthly_payment"], "next_change_allowed": add_months(today, 12).isoformat()}
        else:
            elig = add_months(last, 12)
            res = {"status": "refused", "reason_code": "CHANGED_RECENTLY", "account_number": rec["account_number"],
                   "last_change": last.isoformat(), "alternative": {"option": "request_after", "eligible_on": elig.isoformat()}}
        cg = Call("get_loan_account", {"account_number": rec["account_number"]}, rec)
        cd = Call("fetch_borrower_terms", {"page_url": TERMS}, self._doc(P))
        cc = Call("change_due_day", args, res)
        req = r.choice([f"Can you move my payment due date to the {ordinal(new_day)}? Account {rec['account_number']}.",
                        f"i get paid later in the month, please change my due day to {new_day}. acct {rec['account_number']}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cc])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Could my payments be due on the {ordinal(new_day)} instead?", f"please change my due day to the {ordinal(new_day)}"])
            turns = [Turn([cd]), Turn([cc])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        if ok:
            a.t("Done — your payments will now be due on the ").x(ordinal(new_day), num=ordinal(new_day + r.choice([2, 5])), conf=("numerical", ordinal(rec["due_day"]))).t(" of each month.").p()
            fc, ff = w.when_pair(res["first_new_due_date"], r.choice([-5, 7]))
            a.t(" Your first payment on the new day is due ").x(fc, tmp=ff).t(".").p()
            a.t("\n\nYour payment amount ").x("stays the same", val="goes up").t(": ").x(w.usd(rec["monthly_payment"]), num=w.usd(round(rec["monthly_payment"] + 25, 2))).t(".").p()
            a.t(" Your confirmation number is ").x(res["confirmation"], fid=w.fake_id(res["confirmation"], r)).t(".").p()
            ec, ef = w.when_pair(res["next_change_allowed"], r.choice([-30, 31]))
            a.t(" You can only change your due day once every 12 months (section ").x("4.2", sec=r.choice(["4.5", "1.4"])).t("), so the next time you can change it is ")
            a.x(ec.replace("on ", "", 1), tmp=ef.replace("on ", "", 1)).t(".").p()
            closing(a, w, rec["phone"] if r.random() < 0.5 else None, "Would you like a reminder before your first new due date?")
        else:
            elig = res["alternative"]["eligible_on"]
            a.t("I'm sorry — we ").x("couldn't", neg="could").t(" change your due day right now.").p()
            a.t(" You can only change it once every ").x("12", num="6").t(" months (section ").x("4.2", sec=r.choice(["4.5", "1.4"])).t("), and you last changed it ")
            lc, lf = w.when_pair(last, r.choice([-20, 25]))
            a.x(lc, tmp=lf).t(".").p()
            a.t("\n\nThat was ").x("less", rel="more").t(" than a year ago.").p()
            a.t(" 12 months after " + w.date(last, wd=False) + " is ").x(w.date(elig, wd=False, calc=True), conf=("temporal", w.date(last, wd=False))).t(".").p()
            ec, ef = w.when_pair(elig, r.choice([-10, 14]))
            a.t(" So you can ask again starting " + (ec[3:] if ec.startswith("on ") else ec) + ".").p()
            a.t(" Until then, your payments stay due on the ").x(ordinal(rec["due_day"]), num=ordinal(rec["due_day"] + 3)).t(" of each month, and you ")
            a.x("don't owe anything extra", neg="will owe a fee").t(" for asking.").p()
            a.t("\n\n" + w.ask("Would you like me to remind you when you can ask again?"))
            closing(a, w, rec["phone"] if r.random() < 0.5 else None)
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
