"""hr_leave: leave balances, leave requests, policy documents with numbered clauses, public holidays."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, closer, d_full, d_long, d_med,
                     d_short, d_uk, d_wd, mutate_id, nword, opener, other_than, plural, s_date, s_int, s_obj, s_str)

BASE = "https://hrapi.acme-corp.internal/v1"
DOCS = "https://people.acme-corp.example/policies"
PEOPLE = {"UK": [("Dana Whitfield", "London"), ("Tom Ashworth", "Manchester"), ("Priya Kapoor", "London")],
          "US": [("Jordan Ellis", "Austin"), ("Maria Gonzalez", "Denver"), ("Kevin O'Brien", "Boston")],
          "DE": [("Lena Hoffmann", "Berlin"), ("Felix Wagner", "Munich")],
          "IN": [("Arjun Mehta", "Bengaluru"), ("Sneha Iyer", "Pune")]}
MANAGERS = ["Rachel Kim", "Samuel Okafor", "Ines Duarte", "Marcus Feld", "Hannah Cole", "Ahmed Siddiqui", "Claire Dubois"]
OTHER_NAMES = ["Laura Chen", "Peter Novak", "Sofia Russo", "David Mensah", "Emily Carter"]
HOLIDAYS = {
    "UK": [("2026-01-01", "New Year's Day"), ("2026-04-03", "Good Friday"), ("2026-04-06", "Easter Monday"),
           ("2026-05-04", "Early May bank holiday"), ("2026-05-25", "Spring bank holiday"),
           ("2026-08-31", "Summer bank holiday"), ("2026-12-25", "Christmas Day"), ("2026-12-28", "Boxing Day substitute holiday")],
    "US": [("2026-01-01", "New Year's Day"), ("2026-01-19", "Martin Luther King Jr. Day"), ("2026-05-25", "Memorial Day"),
           ("2026-06-19", "Juneteenth"), ("2026-07-03", "Independence Day observed"), ("2026-09-07", "Labor Day"),
           ("2026-11-26", "Thanksgiving Day"), ("2026-11-27", "Day after Thanksgiving"), ("2026-12-25", "Christmas Day")],
    "DE": [("2026-01-01", "Neujahr"), ("2026-04-03", "Karfreitag"), ("2026-04-06", "Ostermontag"),
           ("2026-05-01", "Tag der Arbeit"), ("2026-05-14", "Christi Himmelfahrt"), ("2026-05-25", "Pfingstmontag"),
           ("2026-10-03", "Tag der Deutschen Einheit"), ("2026-12-25", "1. Weihnachtstag"), ("2026-12-26", "2. Weihnachtstag")],
    "IN": [("2026-01-26", "Republic Day"), ("2026-03-04", "Holi"), ("2026-05-01", "Maharashtra Day / Labour Day"),
           ("2026-08-15", "Independence Day"), ("2026-10-02", "Gandhi Jayanti"), ("2026-11-09", "Diwali"),
           ("2026-12-25", "Christmas Day")],
}
WINDOWS = {"UK": [("2026-03-30", "2026-04-10"), ("2026-05-22", "2026-05-29"), ("2026-08-24", "2026-09-04"), ("2026-12-21", "2026-12-31")],
           "US": [("2026-05-22", "2026-05-29"), ("2026-06-29", "2026-07-10"), ("2026-11-23", "2026-11-27"), ("2026-12-21", "2026-12-31")],
           "DE": [("2026-03-30", "2026-04-10"), ("2026-05-11", "2026-05-15"), ("2026-05-22", "2026-05-29"), ("2026-12-21", "2026-12-31")],
           "IN": [("2026-08-10", "2026-08-21"), ("2026-09-28", "2026-10-09"), ("2026-11-02", "2026-11-13"), ("2026-12-21", "2026-12-31")]}


def workdays(a, b, hol):
    d, n, skipped = a, 0, []
    while d <= b:
        if d.weekday() < 5:
            if d.isoformat() in hol:
                skipped.append(d)
            else:
                n += 1
        d += dt.timedelta(days=1)
    return n, skipped


def fmt_days(x):
    return f"{x:g}"


class HrLeave(Scenario):
    name = "hr_leave"
    agent = "PeopleDesk"
    service = "peopledesk-hr-agent"
    system = ("You are PeopleDesk, Acme Corp's HR assistant in Slack. Answer employees' questions about leave balances, "
              "leave requests, public holidays and HR policies using the HR tools. Quote policy clause numbers when you "
              "rely on a policy. The employee is identified by their Slack session; call get_current_employee first "
              "when you need their employee ID.")
    error_style = 1
    entity_noun = {"employee_id": "Employee", "url": "Policy document"}
    preambles = ["Let me check that for you.", "Looking that up now.", "One sec — checking the HR system.",
                 "I'll check your record."]

    def __init__(self):
        emp = s_str("Employee ID, e.g. 'E10432'.", pattern=r"^E\d{5}$")
        self.tools = [
            Tool("get_current_employee", "Profile of the employee in the current Slack session.", s_obj({}), http=BASE,
                 extra=[("include_manager", True)]),
            Tool("get_leave_balance", "Leave balances for an employee and leave year.",
                 s_obj({"employee_id": emp, "year": s_int("Leave year.", 2024, 2030),
                        "leave_type": s_str("Leave type.", enum=["annual", "sick", "personal", "parental", "all"])},
                       ["employee_id", "year"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("unit", "days"), ("include_history", True)]),
            Tool("list_leave_requests", "An employee's leave requests, newest first.",
                 s_obj({"employee_id": emp, "status": s_str("Status filter.", enum=["pending", "approved", "rejected", "cancelled", "any"]),
                        "from_date": s_date("Only requests starting on or after this date (YYYY-MM-DD)."),
                        "limit": s_int("Maximum number of requests.", 1, 50)}, ["employee_id"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("include_comments", True)]),
            Tool("search_policies", "Search the HR policy library.",
                 s_obj({"query": s_str("Search terms.", min_len=2), "country": s_str("Country policy set.", enum=["UK", "US", "DE", "IN", "global"]),
                        "max_results": s_int("Maximum number of results.", 1, 10)}, ["query"]),
                 http=BASE, extra=[("language", "en")]),
            Tool("fetch_policy", "Fetch the full text of a policy document by URL.",
                 s_obj({"url": s_str("Policy document URL from search_policies.", pattern=r"^https://people\.acme-corp\.example/policies/", fmt="uri")}, ["url"]),
                 entity={"url": "url"}, http=BASE, extra=[("format", "markdown")]),
            Tool("get_public_holidays", "Public holidays observed by the company in a country and year.",
                 s_obj({"country": s_str("Country code.", enum=["UK", "US", "DE", "IN"]), "year": s_int("Calendar year.", 2024, 2030)},
                       ["country", "year"]),
                 http=BASE, extra=[("region", "all")]),
        ]
        self.intents = [("leave_balance", self.balance, True), ("policy_question", self.policy, True),
                        ("leave_requests", self.requests, False), ("holiday_planning", self.planning, True)]

    # ------------------------------------------------------------------ data
    def employee(self, r: R, today):
        country = r.choice(["UK", "UK", "US", "US", "DE", "IN"])
        name, office = r.choice(PEOPLE[country])
        eid = f"E{r.randint(10000, 99999)}"
        return {"employee_id": eid, "name": name, "email": name.lower().replace(" ", ".").replace("'", "") + "@acme-corp.example",
                "location": {"country": country, "office": office}, "department": r.choice(["Engineering", "Finance", "Sales", "Marketing", "Operations"]),
                "manager": {"name": r.choice(MANAGERS), "employee_id": f"E{r.randint(10000, 99999)}"},
                "hire_date": (today - dt.timedelta(days=r.randint(200, 3000))).isoformat(), "fte": 1.0}

    def balances(self, r: R, emp, today):
        country = emp["location"]["country"]
        ent = {"UK": 25, "US": 20, "DE": 28, "IN": 21}[country]
        carried = r.choice([0, 2, 3, 5]) if today <= dt.date(today.year, 3, 31) else 0
        used = r.choice([1, 2, 3, 4.5, 5, 6, 7.5, 8, 9.5])
        pending = r.choice([0, 0, 1, 2, 3])
        avail = ent + carried - used - pending
        sick_ent = {"UK": 10, "US": 8, "DE": 30, "IN": 12}[country]
        sick_used = r.choice([0, 1, 2, 3])
        bal = {"employee_id": emp["employee_id"], "year": today.year, "as_of": today.isoformat(), "unit": "days",
               "balances": [{"leave_type": "annual", "entitlement": ent, "carried_over": carried, "used": used,
                             "pending": pending, "available": avail,
                             "carryover_expires": f"{today.year}-03-31" if carried else None},
                            {"leave_type": "sick", "entitlement": sick_ent, "used": sick_used, "pending": 0,
                             "available": sick_ent - sick_used},
                            {"leave_type": "personal", "entitlement": 2, "used": r.choice([0, 1]), "pending": 0,
                             "available": None}]}
        bal["balances"][2]["available"] = 2 - bal["balances"][2]["used"]
        return bal

    def who(self, r, emp):
        return Call("get_current_employee", {}, emp)

    # ------------------------------------------------------------------ intents
    def balance(self, ctx):
        r, today = ctx.r, ctx.today
        emp = self.employee(r, today)
        bal = self.balances(r, emp, today)
        an, sk, pe = bal["balances"]
        args = {"employee_id": emp["employee_id"], "year": today.year}
        if r.random() < 0.4:
            args["leave_type"] = "all"
        bc = Call("get_leave_balance", args, bal)
        history = None
        if ctx.followup:
            history = History().user(r.choice(["Who's my manager on file?", "What does HR have as my office location?"]))
            history.call([self.who(r, emp)])
            history.reply(f"You're listed in {emp['department']} at the {emp['location']['office']} office, reporting to {emp['manager']['name']}.")
            req = r.choice(["Thanks! And how much holiday do I have left this year?", "ok cool. how many leave days do I have left?"])
            turns = [Turn([bc])]
        else:
            req = r.choice(["How many vacation days do I have left?", "What's my leave balance?",
                            "how much annual leave have I got left this year", "Can you check my remaining PTO and sick days?"])
            turns = [Turn([self.who(r, emp)]), Turn([bc])]
        a = A()
        avail = an["available"]
        after = None
        exp = an["carryover_expires"]
        style = r.choice(["prose", "bullets", "terse"])
        if style == "terse":
            a("You have ").x(fmt_days(avail), num=fmt_days(bump_int(int(avail), r) + (avail % 1)), conf=("numerical", fmt_days(sk["available"]))).t(" days of annual leave available")
            if an["pending"]:
                a(" (").x(fmt_days(an["pending"]), num=fmt_days(an["pending"] + r.choice([1, 2]))).t(" more " + ("is" if an["pending"] == 1 else "are") + " pending approval)")
            a(" and ").x(plural(sk["available"], "sick day"), num=plural(bump_int(sk["available"], r), "sick day")).t(".").p()
        elif style == "prose":
            first = emp["name"].split()[0]
            if r.random() < 0.5:
                a(f"Hi {first}! ")
            else:
                opener(a, r)
            a("For ").t(str(today.year)).t(" you have ").x(fmt_days(avail), num=fmt_days(avail + r.choice([2, 3, 5])), conf=("numerical", fmt_days(sk["available"])))
            a(" days of annual leave left: a ").x(str(an["entitlement"]), num=str(an["entitlement"] + r.choice([-5, 3, 5]))).t("-day entitlement")
            if an["carried_over"]:
                a(" plus ").x(str(an["carried_over"]), num=str(an["carried_over"] + 2)).t(" carried over")
            a(", minus ").x(fmt_days(an["used"]), num=fmt_days(an["used"] + r.choice([2, 3]))).t(" used")
            if an["pending"]:
                a(" and ").x(fmt_days(an["pending"]), num=fmt_days(an["pending"] + 2)).t(" pending approval")
            a(".").p()
            if an["carried_over"] and exp:
                d = dt.date.fromisoformat(exp)
                a(" Heads up: the carried-over days expire on ").x(d_long(d) if emp["location"]["country"] == "US" else d_uk(d), tmp=d_med(d + dt.timedelta(days=r.choice([30, 61])))).t(", so plan to use those first.").p()
            a(" You've also used ").x(nword(sk["used"]) if sk["used"] else "none", num=nword(sk["used"] + 2)).t(" of your ").x(str(sk["entitlement"]), num=str(sk["entitlement"] + 5)).t(" sick days")
            a.pc().t(".").p()
            closer(a, r, extra=["Want me to check which public holidays are coming up?", "Would you like help planning time off around the holidays?"])
        else:
            a(f"Here's your {today.year} leave balance:\n\n")
            a("- **Annual leave:** ").x(fmt_days(avail), num=fmt_days(avail + r.choice([2, 4]))).t(" days available (").x(fmt_days(an["used"]), num=fmt_days(an["used"] + 3)).t(" used")
            if an["pending"]:
                a(", ").x(fmt_days(an["pending"]), num=fmt_days(an["pending"] + 1)).t(" pending")
            a(")").pb()
            a("\n- **Sick leave:** ").x(str(sk["available"]), num=str(bump_int(sk["available"], r)), conf=("numerical", fmt_days(avail))).t(" of ").t(str(sk["entitlement"])).t(" days left").pb()
            a("\n- **Personal days:** ").x(str(pe["available"]), num=str(pe["available"] + 2)).t(" of 2 left").pb()
            if an["carried_over"] and exp and dt.date.fromisoformat(exp) >= today:
                a("\n\nYour ").t(str(an["carried_over"])).t(" carried-over days expire on ").x(d_med(exp), tmp=d_med(dt.date.fromisoformat(exp) + dt.timedelta(days=30))).t(".").pp()
            elif an["pending"]:
                a("\n\nThe pending ").x("days aren't approved yet", neg="days are already approved").t(", so they're not counted as used.").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", "Unused annual leave is paid out at the end of the year.")
        a.ins("claim", f"Your entitlement increases to {an['entitlement'] + 2} days next year.")
        a.ins("behavior", f"I've also let {emp['manager']['name']} know about your remaining balance.")
        a.ins("behavior", "I've blocked the pending days on your team calendar.")
        a.ins("elab", "which is above the company average", clause=True)
        a.ins("elab", "Balances are a little lower this year because of the new accrual schedule.")
        a.ins("cite", f"You can see the breakdown in HR ticket HR-{r.randint(10000, 99999)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        country = r.choice(["UK", "US", "DE"])
        topic = r.choice(["carryover", "parental", "sick"])
        cid = {"UK": "UK", "US": "US", "DE": "DE"}[country]
        if topic == "carryover":
            cap = r.choice([5, 5, 8, 10])
            deadline = r.choice(["31 March", "30 April"])
            doc_id = f"POL-LV-{r.randint(100, 199)}"
            title = f"Annual Leave Policy ({cid})"
            secs = [{"number": "2", "heading": "Entitlement", "clauses": [{"id": "2.1", "text": "Full-time employees receive the annual leave entitlement set out in their contract."},
                                                                           {"id": "2.3", "text": "Entitlement is pro-rated for part-time employees and for joiners and leavers."}]},
                    {"number": "3", "heading": "Carry-over", "clauses": [{"id": "3.1", "text": f"Up to {cap} days of unused annual leave may be carried over into the next leave year."},
                                                                         {"id": "3.2", "text": f"Carried-over days must be taken by {deadline}; any carried-over days not taken by then lapse."},
                                                                         {"id": "3.4", "text": "Carry-over above the limit requires written approval from the HR Director."}]},
                    {"number": "5", "heading": "Payment in lieu", "clauses": [{"id": "5.1", "text": "Untaken leave is not paid out except on termination of employment."}]}]
            q = r.choice(["Can I carry over unused holiday into next year?", "How many vacation days can I roll over?",
                          "what happens to leave I don't use this year?"])
            query = "carry over annual leave"
        elif topic == "parental":
            weeks_full = r.choice([16, 18, 20])
            weeks_total = r.choice([26, 52]) if country != "US" else r.choice([16, 20])
            weeks_full = min(weeks_full, weeks_total)
            partner = r.choice([4, 6])
            notice = r.choice([8, 12, 15])
            doc_id = f"POL-PL-{r.randint(200, 299)}"
            title = f"Parental Leave Policy ({cid})"
            secs = [{"number": "2", "heading": "Eligibility", "clauses": [{"id": "2.1", "text": "Employees with at least 26 weeks of continuous service by the expected week of childbirth or placement are eligible for enhanced pay."}]},
                    {"number": "4", "heading": "Leave and pay", "clauses": [{"id": "4.1", "text": f"Birth parents may take up to {weeks_total} weeks of parental leave, of which the first {weeks_full} weeks are at full pay."},
                                                                           {"id": "4.3", "text": f"Non-birth parents receive {partner} weeks of leave at full pay, to be taken within 12 months of the birth or placement."}]},
                    {"number": "6", "heading": "Notice", "clauses": [{"id": "6.2", "text": f"Employees must notify their manager and People Operations at least {notice} weeks before the intended start date."}]}]
            q = r.choice(["How much parental leave do I get?", "My partner is due in the autumn — what's the parental leave policy for me as the non-birth parent?",
                          "What's the paid parental leave here and how much notice do I need to give?"])
            query = "parental leave pay"
        else:
            days_note = r.choice([3, 5, 7])
            doc_id = f"POL-SL-{r.randint(300, 399)}"
            title = f"Sickness Absence Policy ({cid})"
            secs = [{"number": "3", "heading": "Reporting absence", "clauses": [{"id": "3.1", "text": "Notify your manager before 10:00 on the first day of absence."}]},
                    {"number": "5", "heading": "Evidence", "clauses": [{"id": "5.1", "text": f"Self-certification covers absences of up to {days_note} calendar days."},
                                                                       {"id": "5.2", "text": f"A doctor's note is required for absences longer than {days_note} calendar days."}]},
                    {"number": "7", "heading": "Return to work", "clauses": [{"id": "7.1", "text": "A return-to-work conversation with your manager is held after every absence of more than 3 days."}]}]
            q = r.choice(["Do I need a doctor's note if I'm off sick?", "When do I need a sick note?", "How do I report a sick day and when do I need a doctor's note?"])
            query = "sick leave doctor note"
        url = f"{DOCS}/{doc_id}"
        updated = (today - dt.timedelta(days=r.randint(40, 400))).isoformat()
        results = {"results": [{"doc_id": doc_id, "title": title, "url": url, "updated": updated,
                                "snippet": secs[1]["clauses"][0]["text"][:90] + "…"},
                               {"doc_id": f"POL-GEN-{r.randint(10, 99)}", "title": "Employee Handbook", "url": f"{DOCS}/handbook-{cid.lower()}",
                                "updated": (today - dt.timedelta(days=r.randint(100, 500))).isoformat(), "snippet": "General terms of employment…"}]}
        doc = {"doc_id": doc_id, "title": title, "version": f"{r.randint(2, 6)}.{r.randint(0, 3)}", "effective_date": updated,
               "owner": "People Operations", "sections": secs}
        s_args = {"query": query, "country": country}
        if r.random() < 0.3:
            s_args["max_results"] = 5
        sc = Call("search_policies", s_args, results)
        fc = Call("fetch_policy", {"url": url}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Where can I find the {title.split(' (')[0].lower()}?")
            history.call([sc])
            history.reply(f"The current version is \"{title}\" ({doc_id}), last updated {d_med(updated)}: {url}")
            req = r.choice(["Can you open it and tell me: " + q[0].lower() + q[1:], "Thanks — based on that policy, " + q[0].lower() + q[1:]])
            turns = [Turn([fc])]
        else:
            req = q + ("" if r.random() < 0.6 else f" I'm based in the {'UK' if country == 'UK' else ('US' if country == 'US' else 'Berlin office')}.")
            turns = [Turn([sc]), Turn([fc])]
        a = A()
        fake = lambda real: r.choice([x for x in ["3.3", "3.5", "4.2", "4.4", "5.3", "5.4", "6.1", "2.2", "7.2", "8.1"] if x not in real])
        ids = {c["id"] for s in secs for c in s["clauses"]}
        opener(a, r, p=0.35)
        extra = ["Want me to check how many days you could carry over this year?"]
        if topic == "carryover":
            style = r.choice(["prose", "bullets"])
            if style == "prose":
                a("Yes — under clause ").x("3.1", sec=fake(ids)).t(" of the ").x(title, ent=title.replace(cid, other_than(r, ["IE", "FR", "NL", "ES"], cid))).t(", you can carry over up to ")
                a.x(f"{cap} days", num=f"{cap + r.choice([2, 3, 5])} days").t(" of unused leave into next year. Those days must be used by ")
                a.x(deadline, tmp=r.choice([x for x in ["28 February", "31 May", "30 June", "31 January"] if x != deadline])).t(" or they lapse (clause ").x("3.2", sec=fake(ids)).t(").").p()
                a(" Anything above ").t(str(cap)).t(" days needs written approval from the HR Director (clause 3.4), and unused leave ").x("isn't paid out", neg="is paid out").t(" unless you leave the company (clause 5.1).").p()
            else:
                a(f"From the **{title}**:\n\n")
                a("- **Carry-over limit:** ").x(f"{cap} days", num=f"{cap + 5} days").t(" (clause ").x("3.1", sec=fake(ids)).t(")").pb()
                a("\n- **Deadline:** use them by ").x(deadline, tmp=r.choice([x for x in ["28 February", "31 May", "30 June"] if x != deadline])).t(", otherwise they lapse (clause 3.2)").pb()
                a("\n- **More than ").t(str(cap)).t(" days:** needs the HR Director's written approval (clause ").x("3.4", sec=fake(ids)).t(")").pb()
                a("\n\nUnused leave ").x("is not paid out", neg="is paid out").t(" except when you leave Acme (clause 5.1).").pp()
            a.ins("claim", "Most teams approve carry-over requests within two working days.")
            a.ins("behavior", "I've submitted a carry-over request for your remaining days.")
            a.ins("elab", "a limit that was introduced after the 2024 policy review", clause=True)
            a.ins("cite", f"The HR Director approval form is HRF-{r.randint(100, 999)}.")
        elif topic == "parental":
            non_birth = "non-birth" in q
            if non_birth:
                a("As the non-birth parent you get ").x(f"{partner} weeks", num=f"{partner + r.choice([2, 4])} weeks").t(" of leave at full pay (clause ")
                a.x("4.3", sec=fake(ids)).t("), and it needs to be taken within ").x("12 months", tmp="6 months").t(" of the birth.").p()
            else:
                a("Birth parents can take up to ").x(f"{weeks_total} weeks", num=f"{weeks_total + r.choice([4, 6])} weeks").t(" of parental leave, with the first ")
                a.x(f"{weeks_full} weeks", num=f"{weeks_full + 4} weeks").t(" at full pay (clause ").x("4.1", sec=fake(ids)).t(").").p()
                a(" Non-birth parents get ").x(f"{partner} weeks", num=f"{partner + 2} weeks", conf=("numerical", f"{weeks_full} weeks")).t(" at full pay (clause 4.3).").p()
            a(" To qualify for enhanced pay you need ").x("26 weeks", num="52 weeks").t(" of continuous service (clause 2.1), and you should tell your manager and People Operations at least ")
            a.x(f"{notice} weeks", num=f"{notice + 4} weeks").t(" before you want to start (clause ").x("6.2", sec=fake(ids)).t(").").p()
            extra = ["Congratulations, by the way! Want me to find the notification form?", "Would you like me to check your service dates?"]
            a.ins("claim", "You can also request a phased return of up to four weeks at 80% hours.")
            a.ins("behavior", f"I've notified People Operations that you're planning parental leave.")
            a.ins("elab", "which is more generous than the statutory minimum", clause=True)
            a.ins("cite", f"The leave request form is available at {DOCS}/forms/PL-{r.randint(10, 99)}.")
        else:
            a("You can self-certify for up to ").x(f"{days_note} calendar days", num=f"{days_note + r.choice([2, 3])} calendar days").t(" (clause ").x("5.1", sec=fake(ids)).t("). ")
            a("For anything longer ").x("you'll need a doctor's note", neg="you won't need a doctor's note").t(" (clause ").x("5.2", sec=fake(ids)).t(").").p()
            a(" Either way, let your manager know before ").x("10:00", tmp=r.choice(["09:00", "12:00"])).t(" on your first day off (clause 3.1), and after more than ")
            a.x("3 days", num="5 days").t(" away there's a short return-to-work chat (clause ").x("7.1", sec=fake(ids)).t(").").p()
            extra = ["Feel better soon if you're unwell!", "Want me to log a sick day for you?"]
            a.ins("claim", "Sick days don't count against your annual leave balance.")
            a.ins("behavior", "I've logged today as a sick day for you.")
            a.ins("elab", "mainly so payroll can process statutory sick pay correctly", clause=True)
            a.ins("cite", f"You can upload your note through HR case HRC-{r.randint(10000, 99999)}.")
        if r.random() < 0.35:
            a(" Source: ").x(url, fid=f"{DOCS}/{mutate_id(doc_id, r)}").t(f" (updated {d_short(updated)}).").p()
        closer(a, r, extra=extra)
        a.ins("elab", "This was clarified in the latest revision after several questions from managers.")
        return Plan(req, turns, a, history.msgs if history else None)

    def requests(self, ctx):
        r, today = ctx.r, ctx.today
        emp = self.employee(r, today)
        mgr = emp["manager"]["name"]
        reqs = []
        base = today + dt.timedelta(days=r.randint(10, 40))
        plan = [("pending", "annual"), ("approved", "annual"), (r.choice(["rejected", "approved", "cancelled"]), r.choice(["annual", "personal"]))]
        r.shuffle(plan)
        for i, (st, lt) in enumerate(plan):
            start = base + dt.timedelta(days=i * r.randint(9, 25) + r.randint(0, 4)) if st != "approved" or i else base
            while start.weekday() >= 5:
                start += dt.timedelta(days=1)
            length = r.choice([1, 2, 3, 5]) if lt == "annual" else 1
            end = start
            n = 1
            while n < length:
                end += dt.timedelta(days=1)
                if end.weekday() < 5:
                    n += 1
            sub = today - dt.timedelta(days=r.randint(1, 20))
            rq = {"request_id": f"LR-{today.year}-{r.randint(1000, 9999)}", "leave_type": lt, "start_date": start.isoformat(),
                  "end_date": end.isoformat(), "working_days": length, "status": st, "submitted_at": sub.isoformat() + "T09:14:00Z",
                  "approver": {"name": mgr}, "decided_at": None if st == "pending" else (sub + dt.timedelta(days=1)).isoformat() + "T16:02:00Z",
                  "comment": "Team offsite that week — please pick another date." if st == "rejected" else None}
            reqs.append(rq)
        reqs.sort(key=lambda x: x["start_date"])
        req = r.choice(["What's the status of my leave requests?", "Has my time off been approved yet?",
                        "any update on my holiday requests?"])
        args = {"employee_id": emp["employee_id"]}
        if r.random() < 0.5:
            args["status"] = "any"
        if r.random() < 0.3:
            args["from_date"] = today.isoformat()
        turns = [Turn([self.who(r, emp)]), Turn([Call("list_leave_requests", args, {"employee_id": emp["employee_id"], "requests": reqs})])]
        a = A()
        oth = other_than(r, OTHER_NAMES + MANAGERS, mgr)
        rng = lambda q: (d_med(q["start_date"]) if q["start_date"] == q["end_date"] else f"{d_med(q['start_date'])}–{D2(q['start_date'], q['end_date'])}")
        pend = [q for q in reqs if q["status"] == "pending"][0]
        style = r.choice(["bullets", "prose", "table"])
        word = {"pending": "Pending", "approved": "Approved", "rejected": "Rejected", "cancelled": "Cancelled"}
        alt = {"pending": "Approved", "approved": "Pending", "rejected": "Approved", "cancelled": "Approved"}
        if style == "bullets":
            a("You have ").x(nword(len(reqs)), num=nword(len(reqs) + 1)).t(" leave requests on file:\n")
            for q in reqs:
                a("\n- ").x(rng(q), tmp=f"{d_med(dt.date.fromisoformat(q['start_date']) + dt.timedelta(days=7))}" if q is pend else None)
                a(f" ({plural(q['working_days'], 'day')}, {q['leave_type']}) — **").x(word[q["status"]], val=alt[q["status"]]).t("**")
                if q["status"] == "rejected":
                    a(": ").t(mgr).t(" noted a team offsite that week")
                a.pb()
            a("\n\nThe ").t(rng(pend)).t(" request is waiting on ").x(mgr, ent=oth).t(".").pp()
            closer(a, r, sep="\n\n", extra=["Want me to send a reminder to your manager?"])
        elif style == "table":
            a("Here are your requests:\n\n| Dates | Type | Days | Status |\n|---|---|---|---|\n")
            for q in reqs:
                a("| ").x(rng(q), tmp=d_med(dt.date.fromisoformat(q['start_date']) - dt.timedelta(days=7)) if q is pend else None).t(f" | {q['leave_type'].capitalize()} | ")
                a.x(str(q["working_days"]), num=str(q["working_days"] + 2) if q is pend else None).t(" | ").x(word[q["status"]], val=alt[q["status"]]).t(" |\n")
            a("\nAll of them go to ").x(mgr, ent=oth).t(" for approval.").pp()
            closer(a, r, sep="\n\n")
        else:
            opener(a, r)
            appr = [q for q in reqs if q["status"] == "approved"]
            if appr:
                q = appr[0]
                a("Your ").x(rng(q), tmp=d_med(dt.date.fromisoformat(q['start_date']) + dt.timedelta(days=14))).t(" leave ").x("is approved", val="is still pending").t(".").p()
            a(" The request for ").x(rng(pend), tmp=d_med(dt.date.fromisoformat(pend['start_date']) + dt.timedelta(days=7))).t(" (").x(plural(pend["working_days"], "day"), num=plural(pend["working_days"] + 2, "day")).t(") ")
            a.x("hasn't been decided yet", neg="has already been approved").t(" — it's with ").x(mgr, ent=oth).t(".").p()
            other = [q for q in reqs if q not in appr[:1] and q is not pend]
            for q in other:
                if q["status"] == "rejected":
                    a(" Your ").t(rng(q)).t(" request was ").x("declined", val="approved").t(" because of a team offsite that week.").p()
                elif q["status"] == "cancelled":
                    a(" The ").t(rng(q)).t(" request shows as ").x("cancelled", val="approved").t(".").p()
                else:
                    a(" The ").t(rng(q)).t(" request is approved too.").p()
            closer(a, r, extra=["Would you like me to nudge your manager about the pending one?", "I can check your remaining balance too if that helps."])
        a.ins("claim", "Requests are auto-approved if the manager doesn't respond within five working days.")
        a.ins("behavior", f"I've sent {mgr} a reminder about the pending request.")
        a.ins("elab", "probably because several teammates are off the same week", clause=True)
        a.ins("elab", f"{mgr} is out of office this week, which may slow things down.")
        a.ins("cite", f"The pending request is also tracked as HR ticket HR-{r.randint(10000, 99999)}.")
        return Plan(req, turns, a)

    def planning(self, ctx):
        r, today = ctx.r, ctx.today
        emp = self.employee(r, today)
        country = emp["location"]["country"]
        bal = self.balances(r, emp, today)
        an = bal["balances"][0]
        wins = [(dt.date.fromisoformat(s), dt.date.fromisoformat(e)) for s, e in WINDOWS[country]]
        wins = [w for w in wins if w[0] > today + dt.timedelta(days=7)]
        hol = {d: n for d, n in HOLIDAYS[country]}
        w0, w1 = r.choice(wins)
        need, skipped = workdays(w0, w1, hol)
        if not skipped:
            return self.planning(ctx)
        hres = {"country": country, "year": today.year, "holidays": [{"date": d, "name": n} for d, n in HOLIDAYS[country]]}
        bal["balances"] = [an]
        bc = Call("get_leave_balance", {"employee_id": emp["employee_id"], "year": today.year, "leave_type": "annual"}, bal)
        hc = Call("get_public_holidays", {"country": country, "year": today.year}, hres)
        req_txt = r.choice([f"I'm thinking of taking {d_med(w0)} to {d_med(w1)} off. How many leave days would that use, and do I have enough?",
                            f"If I book {d_short(w0)}–{d_short(w1)} as holiday, how many days does that cost me?"])
        history = None
        if ctx.followup:
            history = History().user("What's my employee ID? I need it for a form.")
            history.call([self.who(r, emp)])
            history.reply(f"Your employee ID is {emp['employee_id']}.")
            req = "Thanks. Also — " + req_txt[0].lower() + req_txt[1:]
            turns = [Turn([bc, hc])]
        else:
            req = req_txt
            turns = [Turn([self.who(r, emp)]), Turn([bc, hc])]
        avail = an["available"]
        left = avail - need
        a = A()
        hn = [(d, hol[d.isoformat()]) for d in skipped]
        style = r.choice(["prose", "bullets"])
        fakes = ["Whit Monday", "St Patrick's Day", "Columbus Day", "Ascension Day", "Reformation Day", "Pongal", "Victoria Day"]
        if style == "prose":
            opener(a, r)
            a(d_med(w0)).t(" to ").t(d_med(w1)).t(" would use ").x(plural(need, "leave day"), num=plural(need + r.choice([1, 2]), "leave day")).t(", because ")
            if len(hn) == 1:
                a.x(hn[0][1], ent=other_than(r, fakes, hn[0][1], blob=str(hres))).t(" (").x(d_wd(hn[0][0]), tmp=d_wd(hn[0][0] + dt.timedelta(days=1))).t(") ").x("is", neg="isn't").t(" a public holiday")
            else:
                a.x(hn[0][1], ent=other_than(r, fakes, hn[0][1], blob=str(hres))).t(" (").x(d_wd(hn[0][0]), tmp=d_wd(hn[0][0] + dt.timedelta(days=7))).t(") and ").t(hn[1][1]).t(" (").t(d_wd(hn[1][0])).t(") ").x("are", neg="aren't").t(" public holidays")
            a(" and weekends don't count.").p()
            if left >= 0:
                a(" You have ").x(fmt_days(avail), num=fmt_days(avail + 3)).t(" days available, which is ").x("more than enough", rel="not enough").t(" — you'd have ").x(fmt_days(left), num=fmt_days(left + 2)).t(" left afterwards.").p()
            else:
                a(" You only have ").x(fmt_days(avail), num=fmt_days(avail + 4)).t(" days available, so you'd be ").x(fmt_days(-left), num=fmt_days(-left + 2)).t(" short.").p()
            closer(a, r, extra=["Want me to submit the request?", "Shall I draft the leave request for your manager?"])
        else:
            a(f"**{d_med(w0)} – {d_med(w1)}**\n\n")
            a("- Working days off needed: ").x(str(need), num=str(need + 1)).pb()
            a("\n- Public holidays in that window: ")
            for k, (d, n) in enumerate(hn):
                if k:
                    a(", ")
                a.x(n, ent=other_than(r, fakes, n, blob=str(hres)) if k == 0 else None).t(" (").x(d_short(d), tmp=d_short(d + dt.timedelta(days=2)) if k == 0 else None).t(")")
            a.pb()
            a("\n- Annual leave available: ").x(fmt_days(avail), num=fmt_days(avail + 2), conf=("numerical", fmt_days(an["used"]))).pb()
            if left >= 0:
                a("\n\nYou'd have ").x(fmt_days(left), num=fmt_days(left + 3)).t(" days left after this trip.").pp()
            else:
                a("\n\nYou're ").x(fmt_days(-left), num=fmt_days(-left + 1)).t(" days short, so you'd need to shorten the trip or ask about unpaid leave.").pp()
            closer(a, r, sep="\n\n", extra=["Want me to submit it?"])
        a.ins("claim", "Requests over five days need to be submitted at least four weeks in advance.")
        a.ins("behavior", f"I've submitted the request to {emp['manager']['name']} for approval.")
        a.ins("behavior", "I've also added the dates to your calendar as tentative.")
        a.ins("elab", "which makes it one of the best-value weeks of the year to book", clause=True)
        a.ins("cite", f"Your draft request is saved as LR-{today.year}-{r.randint(1000, 9999)}.")
        return Plan(req, turns, a, history.msgs if history else None)


def D2(s, e):
    sd, ed = dt.date.fromisoformat(s), dt.date.fromisoformat(e)
    return str(ed.day) if sd.month == ed.month else d_med(ed)
