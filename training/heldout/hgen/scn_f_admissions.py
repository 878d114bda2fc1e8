"""university_admissions (set f): application checklists and decision dates, financial aid offers with net cost,
deposit and deferral rules from a plain-text admissions policy fetched by URL."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_obj, s_str
from .fstyle import St, guard, m, m0, pc

BASE = "https://apply.elmridge.example/api"
POLICY_URL = "https://admissions.elmridge.example/policies/enrollment-deposit-and-deferral"
PROGRAMS = ["BS Computer Science", "BA Economics", "BS Nursing", "BFA Graphic Design", "BS Mechanical Engineering", "BA Linguistics"]
OTHER_PROGRAMS = ["BS Marine Biology", "BA Philosophy"]
ITEMS = ["Official high school transcript", "Counselor recommendation", "Teacher recommendation", "SAT/ACT scores",
         "Personal essay", "Mid-year report", "Portfolio", "English proficiency test"]


class Admissions(Scenario):
    name = "university_admissions"
    agent = "Quad"
    service = "elmridge-admissions-assistant"
    system = ("You are Quad, Elmridge University's undergraduate admissions assistant for applicants and families. Use the "
              "tools to check application checklists, decision dates, financial aid offers and the enrollment policies. "
              "Do not speculate about admission decisions.")
    error_style = 2
    entity_noun = {"application_id": "Application", "policy_url": "Page"}
    preambles = ["Let me pull up your application.", "Checking the aid offer.", "Looking at the policy page."]

    def __init__(self):
        self.tools = [
            Tool("get_application", "An application: program, term, status, checklist items and decision release date.",
                 s_obj({"application_id": s_str("Application ID, e.g. 'APP-2604417'.", pattern=r"^APP-\d{7}$")}, ["application_id"]),
                 entity={"application_id": "id"}, http=BASE, extra=[("include_notes", True)]),
            Tool("get_aid_offer", "The financial aid offer of an admitted applicant: cost of attendance and awards.",
                 s_obj({"application_id": s_str("Application ID.", pattern=r"^APP-\d{7}$"),
                        "year": s_str("Aid year.", enum=["2026-27", "2027-28"])}, ["application_id"]),
                 entity={"application_id": "id"}, http=BASE, extra=[("include_estimates", True)]),
            Tool("get_policy_page", "An admissions policy page (plain text, numbered sections) by URL.",
                 s_obj({"policy_url": s_str("Policy URL.", pattern=r"^https://")}, ["policy_url"]),
                 entity={"policy_url": "url"}, extra=[("format", "text")]),
        ]
        self.intents = [("checklist_status", self.checklist, True), ("aid_breakdown", self.aid, True), ("deferral_rules", self.deferral, True)]

    def app(self, r: R, today, decided=False):
        aid = f"APP-{r.digits(7)}"
        items = []
        for it in r.sample(ITEMS, 5):
            stt = r.choice(["received", "received", "received", "missing", "waived"])
            x = {"item": it, "status": stt}
            if stt == "received":
                x["received_on"] = (today - dt.timedelta(days=r.randint(5, 60))).isoformat()
            items.append(x)
        if decided:
            for x in items:
                if x["status"] == "missing":
                    x["status"] = "received"
                    x["received_on"] = (today - dt.timedelta(days=r.randint(20, 60))).isoformat()
        rel = today + dt.timedelta(days=r.randint(3, 40)) if not decided else today - dt.timedelta(days=r.randint(3, 30))
        return {"application_id": aid, "applicant": r.choice(["Maya Okonjo", "Theo Lindgren", "Priya Raman", "Lucas Ferreira", "Ava Kowalczyk"]),
                "program": r.choice(PROGRAMS), "term": "Fall 2026", "round": r.choice(["Early Action", "Regular Decision"]),
                "status": "admitted" if decided else r.choice(["under_review", "incomplete"]),
                "checklist": items, "decision_release_date": rel.isoformat(), "policy_url": POLICY_URL, "as_of": today.isoformat()}

    def checklist(self, ctx):
        r, today = ctx.r, ctx.today
        ap = self.app(r, today)
        missing = [x for x in ap["checklist"] if x["status"] == "missing"]
        ap["status"] = "incomplete" if missing else "under_review"
        got = [x for x in ap["checklist"] if x["status"] == "received"]
        waived = [x for x in ap["checklist"] if x["status"] == "waived"]
        ga = Call("get_application", {"application_id": ap["application_id"]}, ap)
        history = None
        if ctx.followup:
            history = History().user(f"Hi, my application number is {ap['application_id']}.")
            history.call([ga])
            history.reply(f"Thanks, {ap['applicant'].split()[0]} — I found your {ap['program']} application for {ap['term']}.")
            req = r.choice(["Is anything missing? And when do decisions come out?", "Did you get my transcript? What's still outstanding?"])
            turns = [Turn([Call("get_application", {"application_id": ap["application_id"]}, ap)])]
        else:
            req = r.choice([f"Is my application {ap['application_id']} complete?", f"What's still missing on {ap['application_id']} and when will I hear back?"])
            turns = [Turn([ga])]
        st = St(r, today)
        a = A()
        st.opener(a, followup=ctx.followup)
        if missing:
            a("Your application (")
            st.idx(a, ap["application_id"], fid=f"APP-{r.digits(7)}")
            a(") ").x("isn't complete yet", neg="is complete").t(" — ").x(f"{len(missing)} item{'s' if len(missing) > 1 else ''}", num=f"{len(missing) + 2} items").t(" still ").x("missing", val="under review").t(":\n\n")
            for x in missing:
                a(st.bullet).t(x["item"]).t("\n")
        else:
            a("Everything's in — application ")
        st.idx(a, ap["application_id"], fid=f"APP-{r.digits(7)}")
        a(" ").x("is complete", neg="still has missing items").t(" and ").x("under review", val="on hold").t(".\n")
        a("\n")
        a(st.h("Received"))
        for k, x in enumerate(got):
            a(st.bullet).t(x["item"]).t(" — ").x(st.d(x["received_on"]), tmp=st.d(dt.date.fromisoformat(x["received_on"]) + dt.timedelta(days=12)) if k == 0 else None,
                                               conf=("temporal", st.d(got[1]["received_on"])) if k == 0 and len(got) > 1 and got[1]["received_on"] != x["received_on"] else None).pb().t("\n")
        if waived:
            a(st.bullet).t(waived[0]["item"]).t(" — ").x("waived", val="received").t(", so nothing needed there\n")
        a("\n").t(ap["round"]).t(" decisions for ").x(ap["program"], ent=r.choice(OTHER_PROGRAMS)).t(" are released ").x(st.when(ap["decision_release_date"]), tmp=st.when(dt.date.fromisoformat(ap["decision_release_date"]) + dt.timedelta(days=14))).pc().t(".").p()
        if missing:
            a(" It's worth sending the missing piece").t("s" if len(missing) > 1 else "").t(" soon so the file is ").x("complete before", rel="complete after").t(" that date.").p()
        a("\n\n(Status codes on your file: ").x(f"`{ap['status']}`", attr="`pending_review`" if ap["status"] == "incomplete" else "`in_committee`").t(".)")
        st.closer(a, ["Want me to explain how to upload a document?", "Is there anything else on the application I can check?"])
        a.ins("claim", "Late documents are still accepted up to two weeks after the deadline.")
        a.ins("claim", "Your counselor's portal shows the transcript was sent last week.")
        a.ins("behavior", "I've sent a reminder to your counselor about the missing documents.")
        a.ins("elab", "because the committee reviews files in batches by region", clause=True)
        a.ins("elab", "Files that are complete early tend to get read first.")
        a.ins("cite", f"Your upload ticket is UPL-{r.digits(6)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def aid(self, ctx):
        r, today = ctx.r, ctx.today
        ap = self.app(r, today, decided=True)
        tuition = r.choice([38400, 41250, 44900, 52800])
        housing = r.choice([11200, 12650, 14100])
        fees = r.choice([1180, 1420, 1960])
        books = r.choice([900, 1100, 1250])
        coa = tuition + housing + fees + books
        awards = [{"name": "Elmridge Merit Scholarship", "type": "grant", "amount": r.choice([8000, 12000, 15000, 18000])},
                  {"name": "Federal Pell Grant", "type": "grant", "amount": r.choice([0, 2100, 4300, 7395])},
                  {"name": "Federal Direct Subsidized Loan", "type": "loan", "amount": 3500},
                  {"name": "Federal Work-Study", "type": "work_study", "amount": r.choice([2000, 2500, 3000])}]
        awards = [w for w in awards if w["amount"]]
        deposit_due = dt.date(2026, 5, 1) if today < dt.date(2026, 5, 1) else today + dt.timedelta(days=r.randint(5, 20))
        offer = {"application_id": ap["application_id"], "year": "2026-27", "cost_of_attendance": {"tuition": tuition, "housing_meals": housing,
                 "fees": fees, "books_supplies": books, "total": coa}, "awards": awards,
                 "enrollment_deposit": {"amount": 500, "due_date": deposit_due.isoformat(), "status": "unpaid"}, "as_of": today.isoformat()}
        ga = Call("get_application", {"application_id": ap["application_id"]}, ap)
        go = Call("get_aid_offer", {"application_id": ap["application_id"]} if r.random() < 0.5 else {"application_id": ap["application_id"], "year": "2026-27"}, offer)
        history = None
        if ctx.followup:
            history = History().user(f"I got in! Application {ap['application_id']}.")
            history.call([ga])
            history.reply(f"Congratulations! Your {ap['program']} admission for {ap['term']} is confirmed in the system.")
            req = r.choice(["What would I actually pay for the first year after aid?", "Can you break down my aid offer?"])
            turns = [Turn([go])]
        else:
            req = r.choice([f"Break down the aid offer on {ap['application_id']} — what's my real cost?", f"How much will year one cost me after aid? ({ap['application_id']})"])
            turns = [Turn([go])]
        st = St(r, today)
        grants = sum(w["amount"] for w in awards if w["type"] == "grant")
        loans = sum(w["amount"] for w in awards if w["type"] == "loan")
        ws = sum(w["amount"] for w in awards if w["type"] == "work_study")
        net = coa - grants
        after_all = net - loans - ws
        a = A()
        st.opener(a, followup=ctx.followup)
        a("About ").x(m0(net), num=m0(bump(net, r, dec=0))).t(" for ").t("2026–27").t(" once grants are taken off, and ").x(m0(after_all), num=m0(after_all - 4000)).t(" if you also count the loan and work-study.").p()
        a("\n\n| Cost of attendance | Amount |\n|---|---|\n")
        a("| Tuition | ").x(m0(tuition), num=m0(tuition + 3000)).t(" |\n| Housing & meals | ").x(m0(housing), num=None, conf=("numerical", m0(fees))).t(" |\n| Fees | ").t(m0(fees)).t(" |\n| Books & supplies | ").t(m0(books)).t(" |\n| **Total** | ").x(f"**{m0(coa)}**", num=f"**{m0(coa + 2500)}**").t(" |\n\n")
        a(st.bullet).t("Grants and scholarships (free money): ").x(m0(grants), num=m0(grants + 5000)).t(", about ").x(pc(grants / coa * 100), num=pc(grants / coa * 100 + 10)).t(" of the total").pb().t("\n")
        a(st.bullet).t("Loans: ").x(m0(loans), num=m0(loans + 2000)).t(" — this ").x("has to be repaid", neg="doesn't have to be repaid").pb().t("\n")
        a(st.bullet).t("Work-study: ").t(m0(ws)).pb().t("\n\n")
        dep = offer["enrollment_deposit"]
        a("The ").x(m0(dep["amount"]), num=m0(dep["amount"] + 250)).t(" enrollment deposit is ").x("unpaid", val="paid").t(" and due ").x(st.when(dep["due_date"]), tmp=st.when(deposit_due + dt.timedelta(days=14))).t(". Merit aid (")
        a.x("Elmridge Merit Scholarship", ent="Elmridge Presidential Award").t(") is ").x("larger", rel="smaller").t(" than any other single award in the offer").pc().t(".").p()
        st.closer(a, ["Want me to look up the deposit and deferral rules?", "I can explain the loan terms if that helps."])
        a.ins("claim", "The merit scholarship renews automatically if you keep a 3.0 GPA.")
        a.ins("claim", "Most students in your program receive a similar package.")
        a.ins("behavior", "I've submitted your acceptance of the grant portion for you.")
        a.ins("elab", "since tuition is frozen for your entering class", clause=True)
        a.ins("elab", "Housing is the easiest line to bring down, since the cheaper residence halls fill last.")
        a.ins("cite", f"Your aid offer letter is on file as AID-{r.digits(7)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def deferral(self, ctx):
        r, today = ctx.r, ctx.today
        ap = self.app(r, today, decided=True)
        dep = r.choice([400, 500])
        refund_by = r.choice(["May 1", "June 1"])
        req_by = r.choice(["June 15", "July 1"])
        gap = r.choice([1, 2])
        text = ("ELMRIDGE UNIVERSITY — ENROLLMENT DEPOSIT AND DEFERRAL POLICY\n\n"
                f"1. Enrollment deposit\n1.1 Admitted first-year students confirm enrollment with a ${dep} deposit.\n"
                f"1.2 The deposit is refundable if a written withdrawal is received by {refund_by}; afterwards it is non-refundable.\n\n"
                "2. Deferral\n"
                f"2.1 Admitted students may request to defer enrollment for up to {gap} academic year{'s' if gap > 1 else ''}.\n"
                f"2.2 Requests must be submitted in writing by {req_by} and include a gap-year plan.\n"
                "2.3 Students granted a deferral may not enroll full-time at another college during the deferral.\n"
                "2.4 Merit scholarships are held for deferred students; need-based aid must be reapplied for.\n")
        ga = Call("get_application", {"application_id": ap["application_id"]}, ap)
        gp = Call("get_policy_page", {"policy_url": POLICY_URL}, text)
        history = None
        if ctx.followup:
            history = History().user(f"Can you check application {ap['application_id']}?")
            history.call([ga])
            history.reply(f"Your {ap['program']} admission for {ap['term']} shows as admitted.")
            req = r.choice(["I'm thinking of a gap year. Can I defer, and what happens to my deposit and scholarship?", "What are the deferral rules?"])
            turns = [Turn([gp])]
        else:
            req = r.choice([f"Can I defer my admission ({ap['application_id']}) for a gap year?", f"Deferral and deposit refund rules for {ap['application_id']}?"])
            turns = [Turn([ga]), Turn([gp])]
        st = St(r, today)
        fs = lambda real: r.choice([x for x in ["2.5", "3.1", "1.3", "2.6", "4.2"] if x != real])
        a = A()
        st.opener(a, followup=ctx.followup)
        a("Yes — as an admitted student you can ask to defer for up to ").x(f"{gap} academic year{'s' if gap > 1 else ''}", num=f"{gap + 1} academic years").t(" (section ").x("2.1", sec=fs("2.1")).t(" of the deposit and deferral policy).").p()
        a("\n\n")
        a(st.h("What it takes"))
        a(st.bullet).t("A written request with a gap-year plan by ").x(req_by, tmp={"June 15": "July 15", "July 1": "August 1"}[req_by]).t(" (").x("2.2", sec=fs("2.2")).t(")").pb().t("\n")
        a(st.bullet).t("You ").x("can't", neg="can").t(" enroll full-time at another college during the deferral (").x("2.3", sec=fs("2.3")).t(")").pb().t("\n\n")
        a(st.h("Money"))
        a(st.bullet).t("The ").x(f"${dep}", num=f"${dep + 250}").t(" deposit is refundable only if you withdraw in writing by ").x(refund_by, tmp={"May 1": "June 1", "June 1": "July 1"}[refund_by]).t(" (").x("1.2", sec=fs("1.2")).t(")").pb().t("\n")
        a(st.bullet).t("Merit scholarships are ").x("held", val="forfeited").t(" for deferred students, but need-based aid ").x("has to be", neg="doesn't have to be").t(" reapplied for (").x("2.4", sec=fs("2.4")).t(")").pb().t("\n")
        a("\nThe policy page doesn't say how long a decision on a deferral request takes, so I can't promise a date for that.").p()
        st.closer(a, ["Want help outlining the gap-year plan?", "I can check what's on your aid offer too."])
        a.ins("claim", "Deferral requests are usually approved within two weeks.")
        a.ins("claim", "International students need to reapply for their visa documents after a deferral.")
        a.ins("behavior", "I've flagged your file as a likely deferral so your spot is held.")
        a.ins("elab", "because enrollment numbers for the fall class are already set", clause=True)
        a.ins("cite", f"Submit the request through form DEF-{r.digits(4)}-{r.upper(2)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
