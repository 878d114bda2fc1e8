"""school_portal (set e): K-12 parent portal — grades per course with assignments to aggregate, attendance against the
family handbook's thresholds, upcoming work and field-trip permission forms (sign action), and late-work penalties
computed from the handbook (Markdown with numbered sections fetched by URL)."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, plural, s_bool, s_date, s_int,
                     s_obj, s_str)
from .estyle import W, bump_pct, fm, pc, seal

BASE = "https://portal.brookfieldusd.example/api/v3"
HB_URL = "https://www.brookfieldusd.example/handbook/2025-26/middle-school"
FAMILIES = [("Okafor", ["Maya", "Leo"]), ("Lindqvist", ["Ella", "Noah"]), ("Ramírez", ["Sofia", "Mateo"]),
            ("Chen", ["Grace", "Ethan"]), ("Haddad", ["Layla", "Omar"]), ("Novak", ["Zoe", "Jakub"])]
TEACHERS = {"Math": "Mr. Patel", "English": "Ms. Rivera", "Science": "Dr. Lindgren", "Social Studies": "Mr. Abara",
            "Spanish I": "Sra. Molina", "Art": "Ms. Kowalski"}
OTHER_TEACHERS = ["Mrs. Whitfield", "Mr. Oyelaran", "Ms. Brandt"]
ASSIGN = {"Math": ["Ch. 6 problem set", "Ratios quiz", "Unit 5 test", "Proportions worksheet", "Ch. 7 warm-ups"],
          "English": ["Narrative essay draft", "Vocabulary quiz 9", "Reading log (Feb)", "Poetry analysis", "Book talk"],
          "Science": ["Density lab report", "Cells quiz", "Ecosystem poster", "Lab safety test", "Energy transfer worksheet"],
          "Social Studies": ["Ancient Rome map", "Primary source analysis", "Unit 4 test", "Trade routes project"],
          "Spanish I": ["Vocabulario quiz 6", "Family tree presentation", "Listening practice 4", "Verb chart"],
          "Art": ["Perspective drawing", "Color wheel", "Sketchbook check"]}
TRIPS = [("Science Center field trip", "Science", "14.00"), ("youth symphony concert", "Art", "8.50"),
         ("State Capitol visit", "Social Studies", "12.00"), ("tide pool field study", "Science", "18.00")]
OTHER_PLACES = ["Brookfield High School", "Lakeview Middle School"]
T2 = (dt.date(2025, 12, 1), dt.date(2026, 3, 13))
T3 = (dt.date(2026, 3, 16), dt.date(2026, 6, 30))


def _breaks():
    out = set()
    for a, b in [("2025-11-26", "2025-11-28"), ("2025-12-22", "2026-01-02"), ("2026-01-19", "2026-01-19"),
                 ("2026-02-16", "2026-02-16"), ("2026-03-30", "2026-04-03"), ("2026-05-25", "2026-05-25")]:
        d, e = dt.date.fromisoformat(a), dt.date.fromisoformat(b)
        while d <= e:
            out.add(d)
            d += dt.timedelta(days=1)
    return out


BREAKS = _breaks()   # district holidays and breaks (used for attendance day counts)


def letter(p):
    for cut, l in [(93, "A"), (90, "A-"), (87, "B+"), (83, "B"), (80, "B-"), (77, "C+"), (73, "C"), (70, "C-"), (60, "D")]:
        if p >= cut:
            return l
    return "F"


def is_school_day(d):
    return d.weekday() < 5 and d not in BREAKS


def school_days(a, b):
    """School days (weekdays outside the breaks listed in the handbook) after a, up to and including b."""
    n, d = 0, a
    while d < b:
        d += dt.timedelta(days=1)
        if is_school_day(d):
            n += 1
    return n


def weekday_before(d, k):
    """The date k school days before d."""
    while k:
        d -= dt.timedelta(days=1)
        if is_school_day(d):
            k -= 1
    return d


class School(Scenario):
    name = "school_portal"
    agent = "Pip"
    service = "brookfield-usd-parent-assistant"
    system = ("You are Pip, the Brookfield Unified School District assistant for parents and guardians. Use the tools to "
              "report grades, attendance, upcoming work and school policies for the guardian's own students, and sign "
              "permission forms only when the guardian asks. Teachers' comments are private; do not speculate about grades.")
    error_style = 1
    entity_noun = {"student_id": "Student", "form_id": "Form", "handbook_url": "Handbook"}
    preambles = ["Let me check the portal.", "Pulling up the gradebook.", "One moment — checking the school records."]

    def __init__(self):
        sid = s_str("Student ID, e.g. 'S-3307142'.", pattern=r"^S-\d{7}$")
        self.tools = [
            Tool("list_students", "Students linked to the signed-in guardian, with school, grade and the handbook URL.",
                 s_obj({}), http=BASE, extra=[("include_inactive", False)]),
            Tool("get_grades", "Current term grades of a student: courses, percentages and assignments.",
                 s_obj({"student_id": sid, "term": s_str("Term.", enum=["T1", "T2", "T3"]),
                        "include_assignments": s_bool("Include assignment detail.")}, ["student_id", "term"]),
                 entity={"student_id": "id"}, http=BASE, extra=[("show_comments", True)]),
            Tool("get_attendance", "Attendance of a student between two dates: absences with codes, tardies and totals.",
                 s_obj({"student_id": sid, "from": s_date("Start date (YYYY-MM-DD)."), "to": s_date("End date (YYYY-MM-DD).")},
                       ["student_id", "from", "to"]),
                 entity={"student_id": "id"}, http=BASE, extra=[("by_period", True)]),
            Tool("list_upcoming", "Upcoming assignments, tests and events for a student, with permission forms to sign.",
                 s_obj({"student_id": sid, "days": s_int("Look-ahead window in days.", 1, 30)}, ["student_id", "days"]),
                 entity={"student_id": "id"}, http=BASE, extra=[("include_past_due", True)]),
            Tool("sign_permission_form", "Sign a permission form on behalf of the guardian.",
                 s_obj({"student_id": sid, "form_id": s_str("Form ID, e.g. 'PF-2026-0412'.", pattern=r"^PF-\d{4}-\d{4}$"),
                        "consent": s_bool("True to give permission."),
                        "emergency_phone": s_str("Emergency contact phone, digits only.", pattern=r"^\d{10}$")},
                       ["student_id", "form_id", "consent"]),
                 entity={"student_id": "id", "form_id": "id"}, http=BASE, extra=[("send_copy", True)]),
            Tool("get_handbook", "Fetch the family handbook (Markdown) by URL.",
                 s_obj({"handbook_url": s_str("Handbook URL.", pattern=r"^https://www\.brookfieldusd\.example/handbook/")}, ["handbook_url"]),
                 entity={"handbook_url": "url"}, extra=[("section", "all")]),
        ]
        self.intents = [("grades_summary", self.grades, True), ("attendance_check", self.attendance, False),
                        ("permission_forms", self.forms, True), ("late_work", self.late_work, False)]

    # ------------------------------------------------------------------ data
    def family(self, r: R, today):
        last, kids = r.choice(FAMILIES)
        grades = r.sample([6, 7, 8], 2)
        studs = [{"student_id": f"S-{r.randint(3000000, 3999999)}", "name": f"{k} {last}", "first_name": k, "grade": g,
                  "school": "Brookfield Middle School", "homeroom": f"{g}{r.choice('ABCD')}"} for k, g in zip(kids, grades)]
        return {"guardian_id": f"G-{r.randint(10000, 99999)}", "students": studs, "handbook_url": HB_URL}

    def term(self, today):
        """The gradebook term: T2 until two weeks into T3 (T3 has too few grades before that)."""
        return ("T2", T2) if today < T3[0] + dt.timedelta(days=14) else ("T3", T3)

    def courses(self, r: R, today, grade, n=None, force_missing=False, force_late=False):
        tname, (ts, te) = self.term(today)
        subj = r.sample(list(TEACHERS), n or r.choice([4, 5]))
        out = []
        made_missing = made_late = False
        for k, s in enumerate(subj):
            items = []
            titles = r.sample(ASSIGN[s], min(len(ASSIGN[s]), r.choice([3, 4])))
            due = today - dt.timedelta(days=r.randint(20, 30))
            for j, t in enumerate(titles):
                due = due + dt.timedelta(days=r.randint(3, 6))
                while not is_school_day(due):
                    due += dt.timedelta(days=1)
                if due >= today:
                    due = weekday_before(today, 1)
                mx = r.choice([10, 20, 20, 25, 50, 100])
                it = {"title": t, "due": due.isoformat(), "max_points": mx}
                frac = r.uniform(0.62, 1.0)
                if (force_missing and not made_missing and k == 0 and j == len(titles) - 1) or (not force_missing and not made_missing and r.random() < 0.05):
                    it.update({"status": "missing", "score": 0, "max_points": r.choice([10, 15, 20, 25])})
                    made_missing = True
                elif (force_late and not made_late and k == 1 and j == 0) or r.random() < 0.05:
                    raw = round(mx * frac * 2) / 2
                    dl = r.randint(1, 3)
                    it.update({"status": "late", "raw_score": raw, "days_late": dl, "score": round(raw * (1 - 0.1 * dl), 2)})
                    made_late = True
                else:
                    it.update({"status": "graded", "score": round(mx * frac * 2) / 2})
                items.append(it)
            earned = sum(i["score"] for i in items)
            possible = sum(i["max_points"] for i in items)
            p = round(earned / possible * 100, 1)
            name = f"{s} {grade}" if s in ("Math", "English", "Science", "Social Studies") else s
            out.append({"course": name, "teacher": TEACHERS[s], "current_pct": p, "letter": letter(p), "assignments": items})
        return tname, (ts, te), out

    # ------------------------------------------------------------------ grades
    def grades(self, ctx):
        r, today = ctx.r, ctx.today
        fam = self.family(r, today)
        st = fam["students"][1] if ctx.followup else fam["students"][0]
        tname, (ts, te), cs = self.courses(r, today, st["grade"], force_missing=r.random() < 0.6)
        res = {"student_id": st["student_id"], "term": tname, "term_dates": {"start": ts.isoformat(), "end": te.isoformat()},
               "courses": cs, "as_of": f"{today.isoformat()}T06:30:00-08:00"}
        ls = Call("list_students", {}, fam)
        gg = Call("get_grades", {"student_id": st["student_id"], "term": tname}, res)
        history = None
        if ctx.followup:
            sib = fam["students"][0]
            history = History().user(f"How is {sib['first_name']} doing in school?")
            history.call([ls])
            history.call([Call("get_grades", {"student_id": sib["student_id"], "term": tname},
                               {"student_id": sib["student_id"], "term": tname, "courses": self.courses(r, today, sib["grade"])[2]})])
            history.reply(f"{sib['first_name']} is doing well this term — all of her classes are in good shape.")
            req = r.choice([f"Thanks! And {st['first_name']}?", f"What about {st['first_name']}? Anything missing?"])
            turns = [Turn([gg])]
        else:
            req = r.choice([f"How are {st['first_name']}'s grades looking this term?", f"Is {st['first_name']} missing any assignments? How are the grades?",
                            f"Quick grade check for {st['first_name']} please"])
            turns = [Turn([ls]), Turn([gg])]
        w = W(r, today)
        a = A()
        fn = st["first_name"]
        avg = sum(c["current_pct"] for c in cs) / len(cs)
        hi = max(cs, key=lambda c: c["current_pct"])
        lo = min(cs, key=lambda c: c["current_pct"])
        missing = [(c, i) for c in cs for i in c["assignments"] if i["status"] == "missing"]
        late = [(c, i) for c in cs for i in c["assignments"] if i["status"] == "late"]
        w.opener(a, f"{fn}'s {tname} grades", p=0.45)
        if w.layout == "headings":
            a(w.h("Overview"))
        if today <= te:
            a(fn).t(" is taking ").x(str(len(cs)), num=str(len(cs) + 2)).t(" graded classes this term, with an average of about ")
        else:
            a(tname).t(" ended on ").x(w.d(te), tmp=w.d(te + dt.timedelta(days=7))).t(", so these are the final ").t(tname).t(" grades: ").t(fn).t(" took ").x(str(len(cs)), num=str(len(cs) + 2)).t(" graded classes, with an average of about ")
        a.x(pc(avg, 0), num=pc(bump_pct(avg, r, 5, 9), 0)).t(" across them.").p()
        if hi["current_pct"] != lo["current_pct"]:
            a(" The ").x("strongest", rel="weakest").t(" is ").x(hi["course"], ent=None, conf=("entity", lo["course"])).t(" (").x(pc(hi["current_pct"]), num=pc(bump_pct(hi["current_pct"], r, 6, 12) if hi["current_pct"] > 80 else hi["current_pct"] + 9)).t(", ").t(hi["letter"]).t(") and the lowest is ").t(lo["course"]).t(" (").x(pc(lo["current_pct"]), num=pc(lo["current_pct"] + r.choice([-8, 7]))).t(", ").x(lo["letter"], val=letter(lo["current_pct"] + 12)).t(").").p()
        a("\n\n")
        if w.layout == "table":
            a("| Class | Teacher | Grade |\n|---|---|---|\n")
            for k, c in enumerate(cs):
                a("| ").t(c["course"]).t(" | ").x(c["teacher"], ent=r.choice(OTHER_TEACHERS) if k == 0 else None).t(" | ").x(f"{c['current_pct']}% ({c['letter']})", num=f"{round(c['current_pct'] - 7, 1)}% ({letter(c['current_pct'] - 7)})" if k == 1 else None).t(" |\n")
            a("\n")
        elif w.layout in ("bullets", "headings"):
            for k, c in enumerate(cs):
                a("- ").t(f"**{c['course']}**" if w.bold else c["course"]).t(" (").x(c["teacher"], ent=r.choice(OTHER_TEACHERS) if k == 0 else None).t("): ").x(f"{c['current_pct']}%", num=f"{round(c['current_pct'] - 7, 1)}%" if k == 1 else None).t(f" — {c['letter']}").pb().t("\n")
            a("\n")
        if missing:
            c, i = missing[0]
            due = dt.date.fromisoformat(i["due"])
            if len(missing) == 1:
                a("One thing to follow up on: ").x(f"\"{i['title']}\"", ent=None).t(" in ").x(c["course"], ent=None, conf=("entity", r.choice([x for x in cs if x is not c])["course"])).t(" is marked ").x("missing", val="late").t(". It was due ").x(w.d(due), tmp=w.d(due + dt.timedelta(days=r.choice([3, 7])))).t(", it's worth ").x(f"{i['max_points']} points", num=f"{i['max_points'] * 2} points").t(", and it counts as a zero until it's turned in")
                a(" — that's part of why ").t(c["course"]).t(" is at ").t(pc(c["current_pct"])).t(".").p() if c is lo else a(".").p()
            else:
                a.x(f"{len(missing)} assignments", num=f"{len(missing) + 1} assignments").t(" are marked missing and count as zeros for now:\n\n")
                for k, (c2, i2) in enumerate(missing):
                    a("- ").t(f"\"{i2['title']}\"").t(" (").t(c2["course"]).t(", due ").x(w.dshort(i2["due"]), tmp=w.dshort(dt.date.fromisoformat(i2["due"]) + dt.timedelta(days=4)) if k == 0 else None).t(f", {i2['max_points']} points)").pb().t("\n" if k < len(missing) - 1 else "")
        else:
            a("Good news: there are ").x("no missing assignments", neg="two missing assignments").t(" right now.").p()
        if late:
            c, i = late[0]
            a("\n\n")
            a(f"\"{i['title']}\"").t(" in ").t(c["course"]).t(" was turned in ").x(plural(i["days_late"], "day"), num=plural(i["days_late"] + 2, "day")).t(" late, so the ").x(str(i["raw_score"]).replace(".0", "") + f"/{i['max_points']}", num=None).t(" it earned was recorded as ").x(f"{i['score']:g}", num=f"{i['raw_score'] * 0.5:g}" if i["days_late"] < 5 else None).t(".")
        if w.code and r.random() < 0.5:
            a(" (Assignments in the gradebook have a `").x("status", attr="submission_state").t("` of graded, late or missing.)")
        w.closer(a, [f"draft a note to {lo['teacher']}" if lo["teacher"] else "draft a note to the teacher", "list what's due in the next two weeks",
                     "check attendance for the term"])
        a.ins("claim", f"{lo['teacher']} allows one retake per unit test.")
        a.ins("claim", "Progress reports go home at the midpoint of each term.")
        a.ins("behavior", f"I've sent {fn} a reminder about the missing work through the student app." if missing else f"I've subscribed you to weekly grade updates for {fn}.")
        a.ins("behavior", f"I've asked {lo['teacher']} for a conference time next week.")
        a.ins("elab", "mostly because the last unit was the hardest one of the year", clause=True)
        a.ins("elab", f"{fn} usually does better on projects than on timed quizzes.")
        a.ins("cite", f"The teacher's note about this is in message MSG-{r.digits(6)} in your inbox.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ attendance vs handbook
    def handbook(self, tardy_n, letter_n, meeting_n, late_pct, late_days):
        return ("# Brookfield Middle School — Family Handbook 2025–26\n\n"
                "## 2. School calendar\n\n2.1 No school on: November 26–28 (Thanksgiving break), December 22 – January 2 "
                "(winter break), January 19 (Martin Luther King Jr. Day), February 16 (Presidents' Day), March 30 – April 3 "
                "(spring break) and May 25 (Memorial Day).\n2.2 School days are Monday to Friday outside these dates.\n\n"
                "## 4. Attendance\n\n4.1 Report an absence by 9:00 AM through the portal or the attendance line.\n"
                "4.2 Absences are excused for illness, medical appointments, religious observance and family emergencies. "
                "Notes must be submitted within 3 school days of the absence.\n"
                f"4.3 Every {tardy_n} tardies in a term count as one unexcused absence.\n"
                f"4.4 At {letter_n} unexcused absences in a school year the school sends a letter home; at {meeting_n}, a meeting "
                "with the attendance team is required.\n\n"
                "## 6. Homework and late work\n\n"
                f"6.1 Late work is accepted up to {late_days} school days after the due date.\n"
                f"6.2 Late work loses {late_pct}% of the points earned for each school day it is late.\n"
                "6.3 Missing work is recorded as a zero until it is turned in.\n"
                "6.4 Work missed during an excused absence may be made up without penalty.\n\n"
                "## 7. Field trips\n\n7.1 A signed permission form is required for every field trip.\n"
                "7.2 No student is excluded from a trip for inability to pay; contact the office about fee waivers.\n")

    def attendance(self, ctx):
        r, today = ctx.r, ctx.today
        fam = self.family(r, today)
        st = r.choice(fam["students"])
        start = dt.date(2025, 8, 27)
        tardy_n, letter_n, meeting_n = r.choice([3, 3, 4]), r.choice([5, 6]), 10
        doc = self.handbook(tardy_n, letter_n, meeting_n, 10, 5)
        open_days = [d for d in (start + dt.timedelta(days=k) for k in range((today - start).days))
                     if d.weekday() < 5 and d not in BREAKS]
        sdays = len(open_days)
        n_ex, n_ux = r.randint(1, 6), r.randint(0, 4)
        abs_days = sorted(r.sample(open_days, n_ex + n_ux))
        codes = ["EX"] * n_ex + ["UX"] * n_ux
        r.shuffle(codes)
        absences = [{"date": d.isoformat(), "code": c, "reason": (r.choice(["illness", "medical appointment", "family emergency"]) if c == "EX" else None)}
                    for d, c in zip(abs_days, codes)]
        tname, (ts, te) = ("T3", T3) if today >= T3[0] else ("T2", T2)
        pool = [d for d in open_days if d >= ts and d not in abs_days]
        n_t = min(r.randint(1, 8), len(pool))
        tard_days = sorted(r.sample(pool, n_t))
        tardies = [{"date": d.isoformat(), "period": r.randint(1, 3), "minutes_late": r.choice([3, 5, 8, 12])} for d in tard_days]
        present = sdays - n_ex - n_ux
        res = {"student_id": st["student_id"], "range": {"from": start.isoformat(), "to": today.isoformat()}, "school_days": sdays,
               "days_present": present, "absences": absences, "tardies_this_term": tardies,
               "totals": {"excused": n_ex, "unexcused": n_ux, "tardies_this_term": n_t},
               "attendance_rate_pct": round(present / sdays * 100, 1)}
        ls = Call("list_students", {}, fam)
        ga = Call("get_attendance", {"student_id": st["student_id"], "from": start.isoformat(), "to": today.isoformat()}, res)
        gh = Call("get_handbook", {"handbook_url": HB_URL}, doc)
        fn = st["first_name"]
        req = r.choice([f"Is {fn} close to getting an attendance letter? How many absences does she have?" if fn in ("Maya", "Ella", "Sofia", "Grace", "Layla", "Zoe") else f"Is {fn} close to getting an attendance letter? How many absences does he have?",
                        f"How's {fn}'s attendance this year? I heard tardies count against them somehow."])
        turns = [Turn([ls]), Turn([ga, gh]) if r.random() < 0.6 else Turn([ga])]
        if len(turns[1].calls) == 1:
            turns.append(Turn([gh]))
        w = W(r, today)
        a = A()
        conv = n_t // tardy_n
        eff = n_ux + conv
        w.opener(a, f"{fn}'s attendance", p=0.4)
        if w.layout == "headings":
            a(w.h("This school year"))
        a("Since ").x(w.d(start), tmp=w.d(start + dt.timedelta(days=7))).t(", ").t(fn).t(" has been present ").x(f"{present} of {sdays} school days", num=f"{present - 6} of {sdays} school days").t(" (").x(pc(present / sdays * 100), num=pc(present / sdays * 100 - 4)).t("). ")
        a("There ").t("are" if n_ex + n_ux != 1 else "is").t(" ").x(plural(n_ex + n_ux, "absence", "absences"), num=plural(n_ex + n_ux + 3, "absence", "absences")).t(": ")
        a.x(f"{n_ex} excused", num=None, conf=("numerical", f"{n_ux} excused") if n_ux != n_ex else None).t(" and ").x(f"{n_ux} unexcused", num=f"{n_ux + 2} unexcused").t(".").p()
        a("\n\n")
        a("Tardies do count: under section ").x("4.3", sec=r.choice(["4.5", "4.6", "5.3"])).t(" of the handbook, every ").x(str(tardy_n), num=str(tardy_n + 2)).t(" tardies in a term count as one unexcused absence. ").t(fn).t(" has ")
        a.x(plural(n_t, "tardy", "tardies"), num=plural(n_t + 3, "tardy", "tardies")).t(" this term, ")
        if conv:
            a("which adds ").x(plural(conv, "unexcused absence", "unexcused absences"), num=plural(conv + 1, "unexcused absence", "unexcused absences")).t(", for ").x(f"{eff} unexcused in total", num=f"{eff + 2} unexcused in total").t(" once this term's tardies are counted.").p()
        else:
            a("which ").x("isn't enough", neg="is enough").t(" to add an absence yet.").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("The thresholds"))
        a("Section ").x("4.4", sec=r.choice(["4.7", "4.8", "6.4"])).t(" says the school sends a letter home at ").x(f"{letter_n} unexcused absences", num=f"{letter_n + 3} unexcused absences").t(" in a school year, and a meeting with the attendance team is required at ").x(str(meeting_n), num=str(meeting_n + 5)).t(". ")
        if eff >= letter_n:
            a("Counting the tardies, ").t(fn).t(" is ").x("at or past", rel="below").t(" the letter threshold, so you may already have one coming.").p()
        else:
            gap = letter_n - eff
            a("Counting the tardies, ").t(fn).t(" is ").x(plural(gap, "absence", "absences"), num=plural(gap + 2, "absence", "absences")).t(" ").x("below", rel="above").t(" the letter threshold.").p()
        if n_ux and r.random() < 0.7:
            ux = [x for x in absences if x["code"] == "UX"]
            a("\n\nIf any of the unexcused days (").t(", ".join(w.dshort(x["date"]) for x in ux)).t(") were actually illness or a medical appointment, section ").x("4.2", sec=r.choice(["4.9", "3.2"])).t(" lists those as excusable — though notes are supposed to come in within ")
            a.x("3 school days", num="10 school days").t(", so older ones may not be accepted.")
        w.closer(a, [f"list {fn}'s tardies by date", "explain how to submit an absence note", "check attendance for your other student"])
        a.ins("claim", "Unexcused absences reset at the start of each term.")
        a.ins("claim", "The attendance office is open until 4:30 PM for questions.")
        a.ins("behavior", "I've submitted an absence note for the most recent unexcused day.")
        a.ins("behavior", f"I've asked the attendance office to send you {fn}'s full record by email.")
        a.ins("elab", "most of them on Mondays, which is common after long weekends", clause=True)
        a.ins("elab", "Most families never reach the meeting threshold, so this is mostly a heads-up.")
        a.ins("cite", f"The attendance office logged your inquiry as ATT-{r.digits(5)}.")
        return seal(Plan(req, turns, a), self)

    # ------------------------------------------------------------------ upcoming work + permission forms (write)
    def forms(self, ctx):
        r, today = ctx.r, ctx.today
        fam = self.family(r, today)
        st = fam["students"][0]
        fn = st["first_name"]
        tname, (ts, te), cs = self.courses(r, today, st["grade"], n=4)
        items = []
        last_day = T3[1] if today >= T3[0] else T2[1]
        for c in cs[:3]:
            d = today + dt.timedelta(days=r.randint(1, 12))
            while not is_school_day(d):
                d += dt.timedelta(days=1)
            d = min(d, last_day)
            while not is_school_day(d) or d <= today:
                d += dt.timedelta(days=1)
            subj = next(k for k in TEACHERS if c["course"].startswith(k))
            kind = r.choice(["test", "assignment", "assignment"]) if subj != "Art" else "assignment"
            title = {"test": f"{subj} unit test" if subj != "Spanish I" else "Spanish unit test",
                     "assignment": {"Math": "Problem set", "English": "Reading response", "Science": "Lab write-up",
                                    "Social Studies": "Project checkpoint", "Spanish I": "Vocabulary practice",
                                    "Art": "Still-life drawing"}[subj]}[kind]
            items.append({"type": kind, "title": title, "course": c["course"], "date": d.isoformat()})
        trip, tcourse, fee = r.choice(TRIPS)
        tday = today + dt.timedelta(days=r.randint(6, 14))
        while not is_school_day(tday):
            tday += dt.timedelta(days=1)
        if tday > T3[1]:
            tday = T3[1]
            while not is_school_day(tday):
                tday -= dt.timedelta(days=1)
        form_id = f"PF-{today.year}-{r.randint(1000, 9999)}"
        due = weekday_before(tday, 3)
        if due <= today:
            due = tday if weekday_before(tday, 1) <= today else weekday_before(tday, 1)
        items.append({"type": "event", "title": trip, "course": next((c["course"] for c in cs if c["course"].startswith(tcourse)), tcourse),
                      "date": tday.isoformat(), "depart": "08:15", "return": "14:30",
                      "permission": {"form_id": form_id, "status": "unsigned", "due_by": due.isoformat(), "fee": fee}})
        items.sort(key=lambda x: x["date"])
        up = {"student_id": st["student_id"], "window_days": 14, "as_of": today.isoformat(), "items": items}
        ls = Call("list_students", {}, fam)
        lu = Call("list_upcoming", {"student_id": st["student_id"], "days": 14}, up)
        sign = ctx.followup or r.random() < 0.6
        signed = {"form_id": form_id, "student_id": st["student_id"], "status": "signed", "consent": True,
                  "signed_at": f"{today.isoformat()}T{r.randint(7, 21):02d}:{r.choice(['02', '19', '44'])}:00-08:00",
                  "fee_due": fee, "payment_status": "unpaid"}
        sf = Call("sign_permission_form", {"student_id": st["student_id"], "form_id": form_id, "consent": True}, signed)
        history = None
        if ctx.followup:
            history = History().user(f"What does {fn} have coming up in the next two weeks?")
            history.call([ls])
            history.call([lu])
            history.reply(f"{fn} has {len(items)} things coming up, including the {trip} on {tday.strftime('%A')}, {w_md(tday)} — that one needs a signed permission form.")
            req = r.choice(["Please sign the permission form for the trip. Yes, she can go." if fn in ("Maya", "Ella", "Sofia", "Grace", "Layla", "Zoe") else "Please sign the permission form for the trip. Yes, he can go.",
                            "Go ahead and sign the trip form, thanks."])
            turns = [Turn([sf])]
        else:
            req = (f"What's coming up for {fn} in the next two weeks? If there's a permission slip, please sign it — I'm fine with it." if sign
                   else f"What does {fn} have coming up over the next two weeks?")
            turns = [Turn([ls]), Turn([lu])]
            if sign:
                turns.append(Turn([sf]))
        w = W(r, today)
        a = A()
        ev = items[[i for i, x in enumerate(items) if x["type"] == "event"][0]]
        others = [x for x in items if x["type"] != "event"]
        if sign:
            a(r.choice(["Done — ", "All set: ", ""])).t("I signed the permission form for the ").x(trip, ent=r.choice([t[0] for t in TRIPS if t[0] != trip])).t(" (")
            w.idt(a, form_id, fid=f"PF-{today.year}-{mutate_id(form_id[8:], r)}")
            a("), so ").t(fn).t(" ").x("is cleared to go", neg="still isn't cleared to go").t(". The ").x(f"${fee}", num=f"${float(fee) + 6:.2f}").t(" trip fee is ").x("still unpaid", val="already paid").t(", so that's the one thing left on your side.").p()
            a("\n\n")
            a("The trip is ").x(w.when(tday), tmp=w.when(tday + dt.timedelta(days=r.choice([1, 7])))).t(", leaving at ").x(w.t(f"{tday.isoformat()}T08:15:00"), tmp=w.t(f"{tday.isoformat()}T09:15:00")).t(" and returning around ").x(w.t(f"{tday.isoformat()}T14:30:00"), tmp=w.t(f"{tday.isoformat()}T16:30:00")).t(".").p()
            if not ctx.followup:
                a("\n\nEverything else in the next two weeks:\n")
                for k, x in enumerate(others):
                    a("\n- ").t(w.when(x["date"]) if k == 0 else w.dshort(x["date"])).t(": ").x(x["title"], ent=None).t(" (").x(x["course"], ent=None, conf=("entity", others[(k + 1) % len(others)]["course"]) if k == 0 and others[1]["course"] != x["course"] else None).t(")").pb()
        else:
            w.opener(a, f"what's coming up for {fn}", p=0.5)
            a("Here's the next two weeks for ").t(fn).t(":\n\n")
            for k, x in enumerate(items):
                if x["type"] == "event":
                    a("- ").t(f"**{w.when(x['date'])}**" if w.bold else w.when(x["date"])).t(": ").x(x["title"], ent=r.choice([t[0] for t in TRIPS if t[0] != trip])).t(" — permission form ").x("not signed yet", val="already signed").t(", due ").x(w.d(due), tmp=w.d(due + dt.timedelta(days=r.choice([2, 3])))).t(", ").x(f"${fee}", num=f"${float(fee) + 6:.2f}").t(" fee").pb().t("\n")
                else:
                    a("- ").t(f"**{w.when(x['date'])}**" if w.bold else w.when(x["date"])).t(": ").x(x["title"], ent=None).t(" (").x(x["course"], ent=None, conf=("entity", items[(k + 1) % len(items)]["course"]) if k == 0 and items[(k + 1) % len(items)]["course"] != x["course"] else None).t(")").pb().t("\n")
            tests = [x for x in items if x["type"] == "test"]
            a("\n")
            if tests:
                a("There's a test in the mix" if len(tests) == 1 else f"There are {len(tests)} tests in the mix").t(", so it might be worth checking in about studying.").p()
            else:
                a("There are ").x("no tests", neg="two tests").t(" in that window — just assignments and the trip.").p()
            a(" The permission form (").t("`" if w.code else "").x(form_id, fid=f"PF-{today.year}-{mutate_id(form_id[8:], r)}").t("`" if w.code else "").t(") needs to be signed by ").t(w.d(due)).t(".")
        w.closer(a, ["pay the trip fee" if sign else "sign the permission form for you", "add these dates to your calendar", "check grades in those classes"])
        a.ins("claim", "Students should bring a packed lunch on the trip.")
        a.ins("claim", "Parent chaperones are still needed for this trip.")
        a.ins("behavior", "I've also paid the trip fee from the card on file." if sign else "I've already signed the trip form for you.")
        a.ins("behavior", "I've added all of these dates to your family calendar.")
        a.ins("elab", "since the trip ties into the unit they're finishing now", clause=True)
        a.ins("elab", "Trips like this usually fill the whole school day, so homework that night is light.")
        a.ins("cite", f"Your payment reference for the fee is PAY-{r.digits(8)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ late-work penalties (handbook)
    def late_work(self, ctx):
        r, today = ctx.r, ctx.today
        fam = self.family(r, today)
        st = fam["students"][0]
        fn = st["first_name"]
        late_pct, late_days = r.choice([10, 10, 15]), r.choice([4, 5])
        tname, (ts, te), cs = self.courses(r, today, st["grade"], force_missing=True)
        doc = self.handbook(3, 5, 10, late_pct, late_days)
        for c in cs:
            for i in c["assignments"]:
                if i["status"] == "late":
                    i["score"] = round(i["raw_score"] * (1 - late_pct / 100 * i["days_late"]), 2)
            earned = sum(i["score"] for i in c["assignments"])
            possible = sum(i["max_points"] for i in c["assignments"])
            c["current_pct"] = round(earned / possible * 100, 1)
            c["letter"] = letter(c["current_pct"])
        c, miss = next((c, i) for c in cs for i in c["assignments"] if i["status"] == "missing")
        # make the missing work recent enough to be acceptable sometimes
        if r.random() < 0.6:
            miss["due"] = weekday_before(today, r.randint(1, late_days - 1)).isoformat()
        due = dt.date.fromisoformat(miss["due"])
        res = {"student_id": st["student_id"], "term": tname, "courses": cs, "as_of": f"{today.isoformat()}T06:30:00-08:00"}
        ls = Call("list_students", {}, fam)
        gg = Call("get_grades", {"student_id": st["student_id"], "term": tname}, res)
        gh = Call("get_handbook", {"handbook_url": HB_URL}, doc)
        hand_in = today + dt.timedelta(days=1)
        while not is_school_day(hand_in):
            hand_in += dt.timedelta(days=1)
        when = "tomorrow" if hand_in == today + dt.timedelta(days=1) else f"on {hand_in.strftime('%A')}" if (hand_in - today).days < 7 else f"on {w_md(hand_in)}"
        pro = "she" if fn in ("Maya", "Ella", "Sofia", "Grace", "Layla", "Zoe") else "he"
        req = r.choice([f"{fn} says {pro}'ll turn in the {miss['title']} {when}. How much will {pro} lose for it being late?",
                        f"What's the late penalty if {fn} hands in the {miss['title']} {when}?"])
        turns = [Turn([ls]), Turn([gg, gh])]
        w = W(r, today)
        a = A()
        days_late = school_days(due, hand_in)
        ok = days_late <= late_days
        mx = miss["max_points"]
        w.opener(a, "the late-work rules", p=0.35)
        a(f"\"{miss['title']}\"").t(" in ").x(c["course"], ent=None, conf=("entity", r.choice([x for x in cs if x is not c])["course"])).t(" was due ").x(w.d(due), tmp=w.d(due + dt.timedelta(days=r.choice([2, 5])))).t(" and is currently marked ").x("missing", val="late").t(", which counts as a zero (section ").x("6.3", sec=r.choice(["6.5", "6.7", "5.3"])).t(").").p()
        a("\n\n")
        if ok:
            a(f"If it's handed in {when}, it'll be ").x(plural(days_late, "school day"), num=plural(days_late + 2, "school day")).t(" late. The handbook takes ").x(f"{late_pct}%", num=f"{late_pct + 10}%").t(" of the points earned for each school day late (section ").x("6.2", sec=r.choice(["6.6", "6.8", "7.2"])).t("), so ").t(fn).t(" would lose ")
            a.x(f"{late_pct * days_late}%", num=f"{late_pct * days_late + 15}%").t(" of whatever the assignment earns.").p()
            ex = mx * 0.9
            a(" For example, if it would have scored ").t(f"{ex:g}/{mx}").t(", it would be recorded as ").x(f"{round(ex * (1 - late_pct * days_late / 100), 2):g}/{mx}", num=f"{round(ex * (1 - (late_pct * days_late + 15) / 100), 2):g}/{mx}").t(".").p()
            a("\n\nIt's still ").x("within", rel="past").t(" the ").x(f"{late_days}-school-day", num=f"{late_days + 5}-school-day").t(" window for late work (section ").x("6.1", sec=r.choice(["6.9", "4.1"])).t("), so it ").x("will be accepted", neg="won't be accepted").t(" — just don't let it slip much longer.").p()
        else:
            a(f"Unfortunately {when} would be " if when == "tomorrow" else f"Unfortunately {when[3:]} would be ").x(plural(days_late, "school day"), num=plural(late_days - 1, "school day")).t(" after the due date, and late work is only accepted up to ").x(f"{late_days} school days", num=f"{days_late + 3} school days").t(" after it's due (section ").x("6.1", sec=r.choice(["6.9", "4.1"])).t("). So under the handbook it ").x("wouldn't be accepted", neg="would still be accepted").t(" anymore and the zero would stand.").p()
            a(" The one exception is work missed during an excused absence, which can be made up without penalty (section ").x("6.4", sec=r.choice(["6.6", "6.8"])).t(") — worth asking ").x(c["teacher"], ent=r.choice(OTHER_TEACHERS)).t(" if that applies.").p()
        a("\n\n")
        cur = c["current_pct"]
        a(c["course"]).t(" is at ").x(f"{cur}% ({c['letter']})", num=f"{round(cur - 6, 1)}% ({letter(cur - 6)})").t(" right now with the zero included.")
        if w.code and r.random() < 0.5:
            a(" (In the gradebook the assignment shows `status: ").x("missing", attr="not_submitted").t("`.)")
        w.closer(a, [f"draft a note to {c['teacher']}", f"check whether {fn} has other missing work", "explain how the class percentage is calculated"])
        a.ins("claim", "Teachers can waive the late penalty once per term.")
        a.ins("claim", f"{c['teacher']} accepts late work by email as well as on paper.")
        a.ins("behavior", f"I've let {c['teacher']} know it's coming tomorrow.")
        a.ins("behavior", "I've marked the assignment as in progress in the portal.")
        a.ins("elab", "which is stricter than most schools in the district", clause=True)
        a.ins("elab", "Late penalties are applied automatically once the teacher enters the score.")
        a.ins("cite", f"The handbook change that set this rule is board resolution BR-{r.digits(4)}.")
        return seal(Plan(req, turns, a), self)


def w_md(d):
    return f"{d.strftime('%B')} {d.day}"
