"""recruiting (set c): applicant tracking — requisition pipelines, interview scorecards, offer approvals under a Markdown policy."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, fnum, money, mutate_id, nword, other_than, plural,
                     s_int, s_obj, s_str)
from .cstyle import (day_of, lead, mdy, month_ord, nudge, nudge_int, pct1, tail)

BASE = "https://ats.hirewell.example/api/v1"
ROLES = [("Senior Backend Engineer", "Engineering", (145000, 185000)), ("Product Designer", "Design", (110000, 140000)),
         ("Data Analyst", "Analytics", (85000, 110000)), ("Engineering Manager", "Engineering", (175000, 215000)),
         ("Customer Success Lead", "Customer Success", (90000, 118000)), ("Site Reliability Engineer", "Infrastructure", (150000, 190000))]
PEOPLE = ["Jordan Ellis", "Mei Tanaka", "Olusegun Bakare", "Clara Jensen", "Diego Marín", "Hana Novak", "Ravi Iyer", "Sophie Laurent",
          "Marcus Hale", "Ines Duarte", "Tobias Wren", "Amaka Obi", "Lucas Petit", "Yara Haddad"]
OTHER_PEOPLE = ["Nina Brooks", "Ethan Cole", "Farah Siddiqui", "Kenji Mori"]
INTERVIEWERS = ["Alex Chen", "Priya Shah", "Sam Rivera", "Dana Kowalski", "Lee Park", "Morgan Fry"]
OTHER_INTERVIEWERS = ["Chris Baker", "Jamie Lowe", "Taylor Quinn"]
MANAGERS = ["Rachel Kim", "Omar Farouk", "Beth Lindqvist", "Victor Osei"]
STAGES = ["applied", "screen", "onsite", "offer", "hired", "rejected"]
STAGE_WORDS = {"applied": "new applicants", "screen": "in phone screens", "onsite": "at the onsite stage", "offer": "at offer",
               "hired": "hired", "rejected": "rejected"}
REC_WORDS = {"strong_yes": "strong yes", "yes": "yes", "no": "no", "strong_no": "strong no"}
SOURCES = ["referral", "linkedin", "careers_site", "agency"]


def business_days_after(d, n):
    k = 0
    while k < n:
        d += dt.timedelta(days=1)
        if d.weekday() < 5:
            k += 1
    return d


class Recruiting(Scenario):
    name = "recruiting"
    agent = "Scout"
    service = "hirewell-ats-copilot"
    system = ("You are Scout, the recruiting copilot inside the Hirewell applicant tracking system. The user is a recruiter or "
              "hiring manager. Use the tools to report on requisitions, candidates, interview feedback and offer policy. "
              "Quote policy sections by number. Do not move candidates between stages or send offers.")
    error_style = 0
    entity_noun = {"req_id": "Requisition", "candidate_id": "Candidate", "doc_path": "Policy document"}
    preambles = ["Pulling that from the ATS.", "Let me check the pipeline.", "Looking at the scorecards."]

    def __init__(self):
        req = s_str("Requisition id, e.g. 'REQ-26-0417'.", pattern=r"^REQ-\d{2}-\d{4}$")
        self.tools = [
            Tool("search_requisitions", "Requisitions matching a title or keyword.",
                 s_obj({"query": s_str("Job title or keyword.", min_len=2, max_len=80),
                        "status": s_str("Requisition status.", enum=["open", "on_hold", "filled", "any"])}, ["query"]),
                 http=BASE, extra=[("department", "all"), ("include_closed", True)]),
            Tool("list_candidates", "Candidates on a requisition with their stage, source and last activity.",
                 s_obj({"req_id": req, "stage": s_str("Stage filter.", enum=STAGES + ["all"]),
                        "limit": s_int("Maximum candidates to return.", 1, 100)}, ["req_id"]),
                 entity={"req_id": "id"}, http=BASE, extra=[("include_archived", True), ("sort", "last_activity")]),
            Tool("get_candidate", "One candidate: current role, stage, interviews with scorecards, expectations and notice period.",
                 s_obj({"candidate_id": s_str("Candidate id, e.g. 'cnd_7f3a9e21'.", pattern=r"^cnd_[0-9a-f]{8}$")}, ["candidate_id"]),
                 entity={"candidate_id": "id"}, http=BASE, extra=[("include_resume", True)]),
            Tool("get_policy_doc", "Markdown text of an internal hiring policy, by path.",
                 s_obj({"doc_path": s_str("Policy path, e.g. 'policies/talent/offer-approvals.md'.",
                                          pattern=r"^policies/[a-z-]+/[a-z0-9-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("version", "latest")]),
        ]
        self.intents = [("pipeline_summary", self.pipeline, True), ("candidate_feedback", self.feedback, True),
                        ("offer_approval", self.offer, False), ("stale_candidates", self.stale, False)]

    # ------------------------------------------------------------------ data
    def requisition(self, r: R, today):
        title, dept, band = r.choice(ROLES)
        rid = f"REQ-{today.year % 100:02d}-{r.digits(4)}"
        opened = today - dt.timedelta(days=r.randint(18, 120))
        openings = r.choice([1, 1, 2, 3])
        return {"req_id": rid, "title": title, "department": dept, "location": r.choice(["Remote (US)", "New York, NY", "Austin, TX", "Hybrid — Denver"]),
                "status": "open", "openings": openings, "hires": r.randint(0, openings - 1), "opened_on": opened.isoformat(),
                "hiring_manager": r.choice(MANAGERS), "recruiter": r.choice(INTERVIEWERS),
                "salary_band": {"min": band[0], "max": band[1], "currency": "USD"},
                "policy_path": "policies/talent/offer-approvals.md"}

    def cands(self, r: R, today, rq, n):
        people = r.sample(PEOPLE, n)
        out = []
        opened = dt.date.fromisoformat(rq["opened_on"])
        span = (today - opened).days
        for p in people:
            st = r.choice(["applied", "applied", "screen", "screen", "onsite", "onsite", "offer", "rejected", "rejected"])
            ap = opened + dt.timedelta(days=r.randint(0, span - 3))
            last = ap + dt.timedelta(days=r.randint(0, max(0, (today - ap).days)))
            out.append({"candidate_id": "cnd_" + r.hexid(4), "name": p, "stage": st, "applied_on": ap.isoformat(),
                        "source": r.choice(SOURCES), "last_activity": last.isoformat()})
        return out

    # ------------------------------------------------------------------ intents
    def pipeline(self, ctx):
        r, today = ctx.r, ctx.today
        rq = self.requisition(r, today)
        cs = self.cands(r, today, rq, r.randint(7, 11))
        counts = {s: sum(1 for c in cs if c["stage"] == s) for s in STAGES}
        sr = Call("search_requisitions", {"query": rq["title"], "status": "open"} if r.random() < 0.5 else {"query": rq["title"]},
                  {"requisitions": [rq], "total": 1})
        lc = Call("list_candidates", {"req_id": rq["req_id"], "stage": "all"} if r.random() < 0.5 else {"req_id": rq["req_id"], "limit": 50},
                  {"req_id": rq["req_id"], "candidates": cs, "counts": counts, "total": len(cs)})
        history = None
        if ctx.followup:
            history = History().user(f"Is the {rq['title']} req still open?")
            history.call([sr])
            history.reply(f"Yes — {rq['req_id']} ({rq['title']}, {rq['department']}) is open with {plural(rq['openings'], 'opening')}.")
            req = r.choice(["How's the pipeline looking on it?", "Give me a quick pipeline summary for that one."])
            turns = [Turn([lc])]
        else:
            req = r.choice([f"How's the pipeline for the {rq['title']} role?", f"Pipeline summary for {rq['title']} please",
                            f"Where are we on hiring a {rq['title']}?"])
            turns = [Turn([sr]), Turn([lc])]
        opened = dt.date.fromisoformat(rq["opened_on"])
        days_open = (today - opened).days
        active = [c for c in cs if c["stage"] in ("applied", "screen", "onsite", "offer")]
        refs = sum(1 for c in cs if c["source"] == "referral")
        remaining = rq["openings"] - rq["hires"]
        a = A()
        lead(a, r, p=0.25)
        style = r.choice(["table", "prose"])
        big = max(["applied", "screen", "onsite"], key=lambda s: counts[s])
        if style == "table":
            a("**").x(rq["req_id"], fid=f"REQ-{rq['req_id'][4:6]}-{mutate_id(rq['req_id'][7:], r)}").t(" — ").t(rq["title"]).t("**, open ").x(plural(days_open, "day"), num=plural(days_open + r.choice([7, 12, 20]), "day")).t(" (since ").x(mdy(opened), tmp=mdy(opened - dt.timedelta(days=r.choice([14, 21])))).t(")\n\n")
            a("| Stage | Candidates |\n|---|---|\n")
            for s in ["applied", "screen", "onsite", "offer", "rejected"]:
                oth = [x for x in ["applied", "screen", "onsite", "offer", "rejected"] if x != s and counts[x] != counts[s]]
                a("| ").t(s.title() if s != "screen" else "Phone screen").t(" | ").x(str(counts[s]), num=str(counts[s] + r.choice([1, 2])), conf=("numerical", str(counts[oth[0]])) if oth else None).t(" |\n")
            a("\n").x(nword(len(active)).capitalize(), num=nword(len(active) + r.choice([1, 2])).capitalize()).t(" candidates are still active, ").x(nword(refs) if refs else "none", num=nword(refs + 2)).t(" of the ").t(str(len(cs))).t(" came in as referrals").pc().t(".").p()
        else:
            a("The ").x(rq["title"], ent=r.choice(["Staff Frontend Engineer", "Marketing Manager", "QA Lead"])).t(" req has been open ").x(plural(days_open, "day"), num=plural(days_open + r.choice([9, 15]), "day")).t(" and has ").x(nword(len(cs)), num=nword(len(cs) + 2)).t(" candidates in total").pc().t(".").p()
            isare = lambda n: " is" if n == 1 else " are"
            a(" Right now ").x(str(counts["applied"]), num=str(counts["applied"] + 2)).t(isare(counts["applied"]) + (" a new applicant, " if counts["applied"] == 1 else " new applicants, ")).x(str(counts["screen"]), num=str(counts["screen"] + 1)).t(isare(counts["screen"]) + " in phone screens and ").x(str(counts["onsite"]), num=str(counts["onsite"] + 2), conf=("numerical", str(counts["screen"])) if counts["screen"] != counts["onsite"] else None).t(isare(counts["onsite"]) + " at the onsite stage")
            if counts["offer"]:
                a("; ").x(nword(counts["offer"]), num=nword(counts["offer"] + 1)).t(" ").t("has" if counts["offer"] == 1 else "have").t(" an offer out")
            a(".").p()
            if sum(1 for x in ["applied", "screen", "onsite"] if counts[x] == counts[big]) == 1:
                a(" The biggest group is ").x(STAGE_WORDS[big], val=STAGE_WORDS["offer"]).t(", and ")
            else:
                a(" Across all stages, ")
            a.x(nword(counts["rejected"]) if counts["rejected"] else "nobody", num=nword(counts["rejected"] + 2)).t(" ").t("has" if counts["rejected"] <= 1 else "have").t(" been rejected so far.").p()
        if remaining:
            a(" ").x(rq["hiring_manager"], ent=r.choice(OTHER_PEOPLE)).t(" still has ").x(plural(remaining, "opening"), num=plural(remaining + 1, "opening")).t(" to fill").t(f" out of {rq['openings']}" if rq["openings"] > 1 else "").t(".").p()
        if counts["offer"] == 0 and counts["onsite"]:
            a(" ").x("No one is at the offer stage yet", neg="One candidate is already at the offer stage").t(".").p()
        a.pp()
        tail(a, r, p=0.5, sep="\n\n", own=["Want the list of onsite candidates with their scores?", "Should I flag anyone who's been waiting a while?"])
        a.ins("claim", f"The average time to fill for {rq['department']} roles this year is 52 days.")
        a.ins("claim", "Referral candidates have converted to onsite at twice the rate of other sources on this req.")
        a.ins("claim", "Two of the applicants were sourced from last quarter's career fair.")
        a.ins("behavior", "I've moved the two oldest applicants into phone screens.")
        a.ins("behavior", f"I've sent {rq['hiring_manager']} a summary of this pipeline.")
        a.ins("elab", "largely because the salary band was raised last month", clause=True)
        a.ins("elab", "since the posting went live on two extra job boards", clause=True)
        a.ins("elab", "Pipelines for this role usually slow down after the first month.")
        a.ins("cite", f"The pipeline report is saved at https://ats.hirewell.example/reports/{r.alnum(10)}.")
        a.ins("cite", f"This matches headcount plan HC-{today.year}-{r.digits(3)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def candidate(self, r: R, today, rq, name=None, stage="onsite"):
        name = name or r.choice(PEOPLE)
        ivs = []
        d = today - dt.timedelta(days=r.randint(8, 20))
        rounds = ["Recruiter screen", "Technical", "System design", "Hiring manager", "Values"]
        for k, rd in enumerate(rounds[:r.randint(3, 5)]):
            score = r.choice([2, 3, 3, 4, 4])
            rec = {4: r.choice(["strong_yes", "yes"]), 3: "yes", 2: r.choice(["no", "no", "yes"]), 1: "strong_no"}[score]
            ivs.append({"round": rd, "interviewer": INTERVIEWERS[(k + r.randint(0, 5)) % len(INTERVIEWERS)], "date": d.isoformat(),
                        "score": score, "scale_max": 4, "recommendation": rec})
            d += dt.timedelta(days=r.randint(1, 4))
        names = set()
        for iv in ivs:
            while iv["interviewer"] in names:
                iv["interviewer"] = r.choice(INTERVIEWERS)
            names.add(iv["interviewer"])
        band = rq["salary_band"]
        exp = int(round(r.uniform(band["min"] * 0.95, band["max"] * 1.08), -3))
        return {"candidate_id": "cnd_" + r.hexid(4), "name": name, "req_id": rq["req_id"], "stage": stage,
                "requisition": {"req_id": rq["req_id"], "title": rq["title"], "salary_band": dict(rq["salary_band"])},
                "current_title": r.choice(["Software Engineer II", "Senior Designer", "Analyst", "Team Lead", "Senior Engineer"]),
                "current_company": r.choice(["Northwind", "Lumen Labs", "Parcelly", "Brightpath", "Quorum Health"]),
                "applied_on": (today - dt.timedelta(days=r.randint(25, 60))).isoformat(), "source": r.choice(SOURCES),
                "interviews": ivs, "expected_salary": {"amount": exp, "currency": "USD"},
                "notice_period_weeks": r.choice([2, 3, 4, 6, 8])}

    def feedback(self, ctx):
        r, today = ctx.r, ctx.today
        rq = self.requisition(r, today)
        c = self.candidate(r, today, rq)
        gc = Call("get_candidate", {"candidate_id": c["candidate_id"]}, c)
        history = None
        turns = []
        if ctx.followup:
            cs = self.cands(r, today, rq, 5)
            cs[0].update({"candidate_id": c["candidate_id"], "name": c["name"], "stage": "onsite"})
            lc = Call("list_candidates", {"req_id": rq["req_id"], "stage": "onsite"}, {"req_id": rq["req_id"], "candidates": [cs[0]], "total": 1})
            history = History().user(f"Who's at onsite on {rq['req_id']}?")
            history.call([lc])
            history.reply(f"Just one: {c['name']}.")
            req = r.choice(["How did their interviews go?", f"What did the panel think of {c['name'].split()[0]}?"])
            turns = [Turn([gc])]
        else:
            lc = Call("list_candidates", {"req_id": rq["req_id"], "stage": "onsite"},
                      {"req_id": rq["req_id"], "candidates": [{"candidate_id": c["candidate_id"], "name": c["name"], "stage": "onsite",
                                                              "applied_on": c["applied_on"], "source": c["source"], "last_activity": c["interviews"][-1]["date"]}], "total": 1})
            req = r.choice([f"Summarize the interview feedback for {c['name']} on {rq['req_id']}.",
                            f"How did {c['name']} do in the loop for {rq['req_id']}?"])
            turns = [Turn([lc]), Turn([gc])]
        ivs = c["interviews"]
        avg = sum(i["score"] for i in ivs) / len(ivs)
        yes = sum(1 for i in ivs if i["recommendation"] in ("yes", "strong_yes"))
        no = len(ivs) - yes
        hi = max(ivs, key=lambda i: i["score"])
        lo = min(ivs, key=lambda i: i["score"])
        uniq_hi = sum(1 for i in ivs if i["score"] == hi["score"]) == 1
        uniq_lo = sum(1 for i in ivs if i["score"] == lo["score"]) == 1
        start = today + dt.timedelta(weeks=c["notice_period_weeks"])
        exp = c["expected_salary"]["amount"]
        band = rq["salary_band"]
        first = c["name"].split()[0]
        a = A()
        lead(a, r, p=0.25)
        style = r.choice(["bullets", "prose"])
        if style == "bullets":
            a(f"{c['name']} had ").x(plural(len(ivs), "interview"), num=plural(len(ivs) + 1, "interview")).t(", averaging ").x(f"{avg:.2f}".rstrip("0").rstrip("."), num=f"{avg + r.choice([0.4, 0.6]):.2f}".rstrip("0").rstrip(".")).t(" out of 4:\n")
            for i in ivs:
                oth = [x for x in ivs if x["score"] != i["score"]]
                a("\n- ").t(i["round"]).t(" (").x(i["interviewer"], ent=r.choice(OTHER_INTERVIEWERS)).t("): ").x(str(i["score"]), num=str(i["score"] + 1 if i["score"] < 4 else 2), conf=("numerical", str(oth[0]["score"])) if oth else None).t(", ").x(REC_WORDS[i["recommendation"]], val=REC_WORDS["no" if i["recommendation"] in ("yes", "strong_yes") else "yes"]).pb()
            a("\n\nThat's ").x(f"{yes} yes", num=f"{yes + 1} yes" if no else f"{yes - 1} yes").t(" and ").x(f"{no} no", num=f"{no + 1} no" if yes else f"{no - 1} no").t(" votes").pc().t(".").p()
            if uniq_hi and uniq_lo:
                a(" The ").x("strongest", rel="weakest").t(" round was ").t(hi["round"]).t(" and the ").x("weakest", rel="strongest").t(" was ").t(lo["round"]).t(".").p()
        else:
            a(first).t(" came out ").x("positive" if yes > no else ("split" if yes == no else "negative"), val="negative" if yes > no else "positive").t(": ").x(f"{yes} of {len(ivs)}", num=f"{yes + 1 if yes < len(ivs) else yes - 1} of {len(ivs)}").t(" interviewers said yes, with an average score of ").x(f"{avg:.1f}", num=f"{avg + 0.5:.1f}").t("/4").pc().t(".").p()
            if uniq_hi and uniq_lo:
                a(" ").x(hi["interviewer"], ent=r.choice(OTHER_INTERVIEWERS), conf=("entity", lo["interviewer"])).t(" scored ").t(first).t(" highest (").x(str(hi["score"]), num=str(hi["score"] - 1)).t(" in the ").t(hi["round"]).t(" round), while ").x(lo["interviewer"], ent=r.choice(OTHER_INTERVIEWERS)).t(" gave the ").x("lowest", rel="highest").t(" score, ").t(str(lo["score"])).t(".").p()
            if r.random() < 0.45:
                a(" (Those are the ").x("`score`", attr=r.choice(["`rating`", "`overall_score`", "`panel_score`"])).t(" values on a ").t("`scale_max`").t(" of 4.)").p()
        a("\n\nThey're asking for ").x(f"${exp / 1000:.0f}k", num=f"${(exp + r.choice([8000, 12000, 15000])) / 1000:.0f}k").t(", which is ")
        if exp > band["max"]:
            a.x("above", rel="below").t(" the top of the band (").x(f"${band['max'] / 1000:.0f}k", num=f"${(band['max'] + 10000) / 1000:.0f}k").t(")")
        elif exp < band["min"]:
            a.x("below", rel="above").t(" the bottom of the band (").t(f"${band['min'] / 1000:.0f}k").t(")")
        else:
            a.x("inside", neg="outside").t(" the ").x(f"${band['min'] / 1000:.0f}k–${band['max'] / 1000:.0f}k", num=f"${(band['min'] + 10000) / 1000:.0f}k–${(band['max'] + 10000) / 1000:.0f}k").t(" band")
        a(". With a ").x(f"{c['notice_period_weeks']}-week", num=f"{c['notice_period_weeks'] + 2}-week").t(" notice period, the earliest realistic start would be around ").x(month_ord(start), tmp=month_ord(start + dt.timedelta(days=r.choice([10, 14])))).t(".").pp()
        tail(a, r, p=0.5, sep="\n\n", own=["Want me to pull the offer approval rules for this band?", "Should I compare them with the other onsite candidates?"])
        a.ins("claim", f"{first} also has a competing offer that expires at the end of the week.")
        a.ins("claim", f"{first}'s references have already been checked.")
        a.ins("behavior", f"Done: {first} is now in the offer stage.")
        a.ins("behavior", "I went ahead and scheduled a debrief with the panel for tomorrow.")
        if yes > no:
            a.ins("elab", "mostly on the strength of the system design discussion", clause=True)
        else:
            a.ins("elab", "mostly because of doubts about the candidate's hands-on experience", clause=True)
        a.ins("elab", "Panels for this role tend to score the technical round harshly.")
        a.ins("cite", f"The debrief notes are in doc DBF-{r.digits(5)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def offer(self, ctx):
        r, today = ctx.r, ctx.today
        rq = self.requisition(r, today)
        c = self.candidate(r, today, rq, stage="onsite")
        band = rq["salary_band"]
        mid = (band["min"] + band["max"]) / 2
        vp_pct = r.choice([5, 8, 10])
        exp_days = r.choice([3, 5, 7])
        min_cards = r.choice([3, 4])
        case = r.choice(["within", "above_mid", "above_max"])
        if case == "within":
            base = int(round(r.uniform(band["min"], mid * (1 + vp_pct / 100) - 2000), -3))
        elif case == "above_mid":
            base = int(round(r.uniform(mid * (1 + vp_pct / 100) + 2000, band["max"]), -3))
        else:
            base = int(round(band["max"] * r.uniform(1.02, 1.08), -3))
        if case != "above_max" and base > band["max"]:
            base = band["max"]
        doc = (f"# Offer approvals\n\n_Owner: Talent Operations · last reviewed {today.year}-01-15_\n\n"
               f"## 1. Scope\n1.1 Applies to all full-time offers in the US.\n\n"
               f"## 2. Before an offer\n2.1 At least {min_cards} completed interview scorecards are required.\n"
               f"2.2 A reference check must be completed before the offer letter is sent.\n\n"
               f"## 3. Approval levels (base salary)\n"
               f"3.1 Up to {vp_pct}% above the band midpoint: hiring manager approval.\n"
               f"3.2 More than {vp_pct}% above the midpoint, up to the band maximum: department VP approval.\n"
               f"3.3 Above the band maximum: Compensation Committee approval, which meets every Thursday.\n\n"
               f"## 4. Offer letters\n4.1 Offers expire {exp_days} business days after they are sent unless extended by the recruiter.\n")
        gc = Call("get_candidate", {"candidate_id": c["candidate_id"]}, c)
        sr = Call("search_requisitions", {"query": rq["title"], "status": "open"}, {"requisitions": [rq], "total": 1})
        gp = Call("get_policy_doc", {"doc_path": rq["policy_path"]}, doc)
        req = (f"We want to offer {c['name']} ({c['candidate_id']}) ${base:,} base for the {rq['title']} role. "
               + r.choice(["Who needs to approve that?", "What approvals do we need, and can we send it this week?", "Is that within policy?"]))
        ncards = len(c["interviews"])
        over_mid = (base - mid) / mid * 100
        sent = today
        expires = business_days_after(sent, exp_days)
        fs = lambda real: r.choice([s for s in ["3.4", "2.3", "4.2", "5.1", "3.5", "1.2"] if s != real])
        who = {"within": "the hiring manager", "above_mid": "the department VP", "above_max": "the Compensation Committee"}[case]
        who_bad = {"within": "the department VP", "above_mid": "the hiring manager", "above_max": "the department VP"}[case]
        sec = {"within": "3.1", "above_mid": "3.2", "above_max": "3.3"}[case]
        a = A()
        lead(a, r, p=0.25)
        a(f"${base:,} is ").x(f"{abs(over_mid):.1f}%", num=f"{abs(over_mid) + r.choice([3, 4.5]):.1f}%").t(" ").x("above" if over_mid >= 0 else "below", rel="below" if over_mid >= 0 else "above").t(" the band midpoint of ").x(f"${mid:,.0f}", num=f"${mid + 7500:,.0f}").t(" (band ").t(f"${band['min']:,}–${band['max']:,}").t(")")
        if case == "above_max":
            a(", and ").x(f"${base - band['max']:,}", num=f"${base - band['max'] + 4000:,}").t(" over the maximum")
        a(", so under section ").x(sec, sec=fs(sec)).t(" it needs ").x(who, val=who_bad).t(" to sign off").pc().t(".").p()
        if case == "above_max":
            a(" The committee ").x("meets every Thursday", tmp="meets every Monday").t(", so plan around that.").p()
        enough = ncards >= min_cards
        a("\n\nTwo other checks from section ").x("2", sec=r.choice(["5", "6"])).t(":\n\n")
        a("1. Scorecards — ").x(first_name(c) + " has " + plural(ncards, "completed scorecard"), num=first_name(c) + " has " + plural(ncards + 1, "completed scorecard")).t(" and the policy needs ").x(str(min_cards), num=str(min_cards + 1)).t(", so that's ").x("covered" if enough else "not covered yet", neg="not covered yet" if enough else "covered").t(".").pb()
        a("\n2. References — a reference check ").x("must", neg="doesn't need to").t(" be done before the letter goes out (").x("2.2", sec=fs("2.2")).t(").").pb()
        a("\n\nIf the letter goes out today (").x(day_of(sent), tmp=day_of(sent + dt.timedelta(days=1))).t("), it would expire on ").x(day_of(expires), tmp=day_of(expires + dt.timedelta(days=r.choice([2, 3])))).t(" — ").x(f"{exp_days} business days", num=f"{exp_days + 2} business days").t(" under ").x("4.1", sec=fs("4.1")).t(".").pp()
        tail(a, r, p=0.45, sep="\n\n", own=["Want me to draft the approval request text?", "I can line up the reference check details if that helps."])
        a.ins("claim", f"{rq['hiring_manager']} has already pre-approved offers up to the band maximum for this req.")
        a.ins("claim", "Sign-on bonuses under $10,000 don't need extra approval.")
        a.ins("claim", "Offers above the midpoint also need a finance review.")
        a.ins("behavior", f"I've submitted the approval request to {who}.")
        a.ins("behavior", "I've started the reference check with the candidate's two referees.")
        a.ins("elab", "since the band for this level was last updated in January", clause=True)
        a.ins("elab", "Most offers in this department land just under the midpoint.")
        a.ins("cite", f"Section 3.6 covers equity approvals separately.")
        a.ins("cite", "The template is at policies/talent/offer-letter-template.md.")
        return Plan(req, [Turn([gc, sr]), Turn([gp])] if r.random() < 0.5 else [Turn([gc]), Turn([sr]), Turn([gp])], a)

    def stale(self, ctx):
        r, today = ctx.r, ctx.today
        rq = self.requisition(r, today)
        cs = self.cands(r, today, rq, r.randint(6, 9))
        thr = r.choice([7, 10, 14])
        active = [c for c in cs if c["stage"] in ("applied", "screen", "onsite", "offer")]
        if len(active) < 3:
            for c in cs[:3]:
                c["stage"] = r.choice(["applied", "screen", "onsite"])
            active = [c for c in cs if c["stage"] in ("applied", "screen", "onsite", "offer")]
        stale_c = [c for c in active if (today - dt.date.fromisoformat(c["last_activity"])).days > thr]
        if not stale_c:
            c0 = active[0]
            c0["last_activity"] = (today - dt.timedelta(days=thr + r.randint(3, 12))).isoformat()
            if c0["applied_on"] > c0["last_activity"]:
                c0["applied_on"] = c0["last_activity"]
            stale_c = [c0]
        if len(stale_c) == len(active):
            c1 = [c for c in active if c not in stale_c[:1]][0]
            c1["last_activity"] = (today - dt.timedelta(days=r.randint(0, 3))).isoformat()
            stale_c = [c for c in active if (today - dt.date.fromisoformat(c["last_activity"])).days > thr]
        lc = Call("list_candidates", {"req_id": rq["req_id"], "stage": "all"}, {"req_id": rq["req_id"], "as_of": today.isoformat(),
                                                                                "candidates": cs, "total": len(cs)})
        req = f"On {rq['req_id']}, which active candidates haven't had any activity in over {thr} days?"
        stale_c.sort(key=lambda c: c["last_activity"])
        oldest = stale_c[0]
        a = A()
        lead(a, r, p=0.25)
        a(f"Of the ").x(nword(len(active)), num=nword(len(active) + 1)).t(" active candidates on ").x(rq["req_id"], fid=f"REQ-{rq['req_id'][4:6]}-{mutate_id(rq['req_id'][7:], r)}").t(", ").x(nword(len(stale_c)), num=nword(len(stale_c) + 1)).t(" ").t("has" if len(stale_c) == 1 else "have").t(f" gone quiet for more than {thr} days:\n")
        for k, c in enumerate(stale_c):
            d = dt.date.fromisoformat(c["last_activity"])
            idle = (today - d).days
            ost = r.choice([s for s in ["applied", "screen", "onsite", "offer"] if s != c["stage"]])
            a("\n").t(f"{k + 1}. ").x(c["name"], ent=r.choice(OTHER_PEOPLE)).t(" — ").x(STAGE_WORDS[c["stage"]].replace("new applicants", "new applicant"), val=STAGE_WORDS[ost].replace("new applicants", "new applicant")).t(", last activity ").x(month_ord(d), tmp=month_ord(d + dt.timedelta(days=r.choice([5, 8])))).t(" (").x(plural(idle, "day"), num=plural(max(1, idle - r.choice([4, 6])), "day")).t(" ago)").pb()
        a("\n\n").x(oldest["name"].split()[0], ent=r.choice(OTHER_PEOPLE).split()[0]).t(" has waited the ").x("longest", rel="shortest").t("").pc().t(".").p()
        if r.random() < 0.5:
            a(" (I went by each candidate's ").x("`last_activity`", attr=r.choice(["`updated_at`", "`last_touch`", "`last_contacted`"])).t(" date.)").p()
        fresh = [c for c in active if c not in stale_c]
        if fresh:
            a(" Everyone else ").x("has", neg="hasn't").t(" had activity within the last ").t(f"{thr} days").t(".").p()
        tail(a, r, p=0.5, sep="\n\n", own=["Want me to draft check-in emails for them?", "Should I flag these to the recruiter?"], generic=False)
        a.ins("claim", f"{oldest['name']} has since withdrawn from two other processes.")
        a.ins("claim", "Candidates idle for more than three weeks are auto-archived on this req.")
        a.ins("behavior", "I sent each of them a check-in email from your account.")
        a.ins("behavior", f"I've reassigned {oldest['name'].split()[0]} to another recruiter.")
        a.ins("elab", "probably because the hiring manager was out last week", clause=True)
        a.ins("elab", "Candidates who wait this long usually drop out of the process.")
        a.ins("cite", f"The follow-up task is TSK-{r.digits(5)} in the ATS.")
        return Plan(req, [Turn([lc])], a)


def first_name(c):
    return c["name"].split()[0]
