"""course_enrollment (set b): section search with seats and meeting times, schedules, waitlists, deadlines."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump_int, closer, d_long, d_med, d_wd, mutate_id,
                     nword, opener, other_than, plural, s_bool, s_obj, s_str)

BASE = "https://sis.northgate.example/api/registrar/v2"
COURSES = [("CS", "2110", "Object-Oriented Programming and Data Structures", 4), ("MATH", "2940", "Linear Algebra for Engineers", 4),
           ("PSYCH", "1101", "Introduction to Psychology", 3), ("ECON", "3030", "Intermediate Microeconomics", 4),
           ("BIOL", "1610", "Investigative Biology Laboratory", 2), ("HIST", "2500", "The Atlantic World, 1500–1800", 3),
           ("STAT", "2040", "Probability Models and Inference", 4), ("PHYS", "2213", "Electricity and Magnetism", 4)]
INSTRUCTORS = ["Prof. Anita Raman", "Dr. Felix Okoro", "Prof. Helen Strauss", "Dr. Wei Zhang", "Prof. Jorge Medina",
               "Dr. Leah Goldberg", "Prof. Samuel Osei", "Dr. Claire Dubois"]
OTHER_INSTR = ["Prof. Martin Hale", "Dr. Ines Duarte", "Prof. Kofi Mensah", "Dr. Yuki Tanaka"]
ROOMS = ["Gates Hall G01", "Upson 142", "Olin Library 107", "Phillips 203", "Statler Auditorium", "Malott 251"]
DAYS = ["MWF", "TR", "MW"]
DAYWORDS = {"MWF": "Monday/Wednesday/Friday", "TR": "Tuesday/Thursday", "MW": "Monday/Wednesday"}
TERMS = {"2026FA": "Fall 2026", "2027SP": "Spring 2027"}


def hm(h, m):
    return f"{h:02d}:{m:02d}"


def ampm(s):
    h, m = int(s[:2]), int(s[3:])
    return f"{h % 12 or 12}:{m:02d} {'AM' if h < 12 else 'PM'}"


class Courses(Scenario):
    name = "course_enrollment"
    agent = "Atlas"
    service = "northgate-registrar-assistant"
    system = ("You are Atlas, Northgate University's registration assistant. The student is signed in. Use the registrar "
              "tools to answer questions about course sections, seats, their schedule, waitlists and registration "
              "deadlines. You can look things up but you cannot enroll, drop or swap courses on the student's behalf.")
    error_style = 2
    entity_noun = {"section_id": "Section"}
    preambles = ["Let me check the class roster.", "Looking that up in the registrar system.", "One sec — checking seats."]

    def __init__(self):
        term = s_str("Term code.", enum=list(TERMS))
        self.tools = [
            Tool("search_sections", "Search course sections in a term by subject and catalog number.",
                 s_obj({"term": term, "subject": s_str("Subject code, e.g. 'CS'.", pattern=r"^[A-Z]{2,5}$"),
                        "catalog_number": s_str("Catalog number, e.g. '2110'.", pattern=r"^\d{4}$"),
                        "open_only": s_bool("Only sections with open seats.")}, ["term", "subject"]),
                 http=BASE, extra=[("campus", "main"), ("include_closed", True)]),
            Tool("get_section", "Seat counts, waitlist and meeting details of one section.",
                 s_obj({"section_id": s_str("Section id, e.g. 'CS-2110-002-2026FA'.", pattern=r"^[A-Z]{2,5}-\d{4}-\d{3}-\d{4}(FA|SP|SU)$")},
                       ["section_id"]),
                 entity={"section_id": "id"}, http=BASE, extra=[("include_roster", True)]),
            Tool("get_my_schedule", "The signed-in student's enrolled and waitlisted sections for a term.",
                 s_obj({"term": term, "include_waitlisted": s_bool("Include waitlisted sections.")}, ["term"]),
                 http=BASE, extra=[("student_id", "me")]),
            Tool("get_term_calendar", "Registration deadlines of a term.",
                 s_obj({"term": term}, ["term"]), http=BASE, extra=[("audience", "undergraduate")]),
        ]
        self.intents = [("open_seats", self.seats, True), ("my_schedule", self.schedule, True),
                        ("deadlines", self.deadlines, False)]

    def term_for(self, today):
        return "2026FA" if today.month < 9 else "2027SP"

    def sections(self, r: R, term, course, n):
        subj, num, title, cr = course
        out = []
        used = set()
        for i in range(n):
            days = r.choice(DAYS)
            h = r.choice([8, 9, 10, 11, 13, 14, 15])
            while (days, h) in used:
                h = r.choice([8, 9, 10, 11, 13, 14, 15])
            used.add((days, h))
            m0 = r.choice([0, 5, 10, 25, 40])
            length = 50 if days == "MWF" else 75
            end = dt.datetime(2026, 1, 1, h, m0) + dt.timedelta(minutes=length)
            cap = r.choice([30, 40, 60, 90, 120])
            enrolled = cap if r.random() < 0.4 else r.randint(int(cap * 0.6), cap - 1)
            sec = f"{i + 1:03d}"
            out.append({"section_id": f"{subj}-{num}-{sec}-{term}", "course": f"{subj} {num}", "title": title, "section": sec,
                        "credits": cr, "instructor": r.choice(INSTRUCTORS),
                        "meetings": [{"days": days, "start": hm(h, m0), "end": hm(end.hour, end.minute), "location": r.choice(ROOMS)}],
                        "capacity": cap, "enrolled": enrolled, "waitlist": {"count": r.randint(3, 25) if enrolled == cap else 0, "capacity": 30},
                        "status": "closed" if enrolled == cap else "open"})
        if all(s["status"] == "closed" for s in out):
            s = out[-1]
            s["enrolled"] = s["capacity"] - r.randint(2, 9)
            s["waitlist"]["count"] = 0
            s["status"] = "open"
        return out

    # ------------------------------------------------------------------ intents
    def seats(self, ctx):
        r, today = ctx.r, ctx.today
        term = self.term_for(today)
        course = r.choice(COURSES)
        subj, num, title, cr = course
        secs = self.sections(r, term, course, r.randint(2, 3))
        res = {"term": term, "results": secs, "total": len(secs)}
        args = {"term": term, "subject": subj, "catalog_number": num}
        if r.random() < 0.3:
            args["open_only"] = False
        ss = Call("search_sections", args, res)
        history = None
        if ctx.followup:
            history = History().user(f"Is {subj} {num} offered in {TERMS[term]}?")
            history.call([ss])
            history.reply(f"Yes — {subj} {num} ({title}) has {len(secs)} sections in {TERMS[term]}: " + ", ".join(
                f"{s['section']} ({s['meetings'][0]['days']} {ampm(s['meetings'][0]['start'])})" for s in secs) + ".")
            req = r.choice(["Which of those still have seats?", "Are any of them open? How full is each one?"])
            turns = []
        else:
            req = r.choice([f"Are there open seats in {subj} {num} for {TERMS[term]}?", f"which {subj} {num} sections still have room next term?",
                            f"I need {subj} {num} in {TERMS[term]}. What sections are open and when do they meet?"])
            turns = [Turn([ss])]
        # a detail lookup for one section (chained id)
        tgt = r.choice(secs)
        if r.random() < 0.6 or ctx.followup:
            det = dict(tgt)
            det["prerequisites"] = r.choice([["CS 1110"], ["MATH 1920"], [], ["ECON 1110", "MATH 1110"]])
            det["reserved_seats"] = {"majors_only": r.randint(0, 10)}
            turns.append(Turn([Call("get_section", {"section_id": tgt["section_id"]}, det)]))
        if not turns:
            turns = [Turn([Call("get_section", {"section_id": tgt["section_id"]}, tgt)])]
        openl = [s for s in secs if s["status"] == "open"]
        closed = [s for s in secs if s["status"] == "closed"]
        a = A()
        oth_instr = other_than(r, OTHER_INSTR, *[s["instructor"] for s in secs])
        style = r.choice(["bullets", "prose"])
        if style == "bullets":
            a(f"Here's {subj} {num} ({title}) for {TERMS[term]}:\n")
            for s in secs:
                mt = s["meetings"][0]
                free = s["capacity"] - s["enrolled"]
                foc = s is (openl[0] if openl else secs[0])
                a("\n- **Section ").t(s["section"]).t("** — ").x(mt["days"], tmp=r.choice([d for d in DAYS if d != mt["days"]]) if foc else None).t(" ")
                a.x(f"{ampm(mt['start'])}–{ampm(mt['end'])}", tmp=f"{ampm(hm((int(mt['start'][:2]) + 1), int(mt['start'][3:])))}–{ampm(hm((int(mt['end'][:2]) + 1), int(mt['end'][3:])))}" if foc else None)
                a(", ").x(s["instructor"], ent=oth_instr if foc else None).t(": ")
                if s["status"] == "open":
                    a.x(f"{free} of {s['capacity']} seats open", num=f"{bump_int(free, r, (5, 8))} of {s['capacity']} seats open" if foc else None)
                else:
                    a.x("full", val="open" if s is (closed[0] if closed else None) else None).t(", ").x(plural(s["waitlist"]["count"], "student"), num=plural(s["waitlist"]["count"] + 6, "student") if s is (closed[0] if closed else None) else None).t(" on the waitlist")
                a.pb()
            a("\n\n")
            if openl and closed:
                a("So ").x(plural(len(openl), "section") + (" has" if len(openl) == 1 else " have"), num=plural(len(openl) + 1, "section") + " have").t(" room right now.")
            elif openl:
                a("All of them ").x("have", neg="don't have").t(" open seats right now.")
            a.pp()
            closer(a, r, sep="\n\n", extra=["Want me to check whether any of these clash with your current schedule?"])
        else:
            opener(a, r)
            o = openl[0]
            mt = o["meetings"][0]
            free = o["capacity"] - o["enrolled"]
            a("Section ").x(o["section"], fid=f"{int(o['section']) + 3:03d}").t(f" of {subj} {num} ").x("still has seats", neg="is already full").t(" — ")
            a.x(plural(free, "seat"), num=plural(bump_int(free, r, (4, 6)), "seat")).t(" left out of ").x(str(o["capacity"]), num=str(o["capacity"] + 20)).t(". It meets ")
            a.x(DAYWORDS[mt["days"]], tmp=DAYWORDS[r.choice([d for d in DAYS if d != mt["days"]])]).t(" from ").x(ampm(mt["start"]), tmp=ampm(hm(int(mt["start"][:2]) + 2, int(mt["start"][3:])))).t(" to ").t(ampm(mt["end"]))
            a(" in ").t(mt["location"]).t(" with ").x(o["instructor"], ent=oth_instr).t(".").p()
            if closed:
                c = closed[0]
                a(" Section ").t(c["section"]).t(" is ").x("full", val="open").t(" with ").x(plural(c["waitlist"]["count"], "student"), num=plural(c["waitlist"]["count"] + 7, "student"), conf=("numerical", plural(free, "student")) if free != c["waitlist"]["count"] else None).t(" on the waitlist, so section ")
                a(o["section"]).t(" is your ").x("better", rel="worse").t(" bet.").p()
            if len(openl) > 1:
                o2 = openl[1]
                f2 = o2["capacity"] - o2["enrolled"]
                a(" Section ").t(o2["section"]).t(" also has ").t(plural(f2, "open seat")).t(", ").x("more" if f2 > free else "fewer", rel="fewer" if f2 > free else "more").t(" than section ").t(o["section"]).pc().t(".").p()
            closer(a, r, extra=["Seats can go quickly, so I'd register soon if you want one. Want me to check prerequisites?"])
        a.ins("claim", "Seats in this course usually fill by the end of the first registration week.")
        a.ins("claim", "The course counts toward the quantitative reasoning requirement.")
        a.ins("behavior", "I've added you to the waitlist for the full section as a backup.")
        a.ins("behavior", "I've placed a seat hold for you in the open section.")
        a.ins("elab", "since it's a prerequisite for most upper-level courses in the major", clause=True)
        a.ins("elab", "The department added the extra section this term because of high demand.")
        a.ins("cite", f"Your registration confirmation would be REG-{r.digits(8)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def schedule(self, ctx):
        r, today = ctx.r, ctx.today
        term = self.term_for(today)
        picks = r.sample(COURSES, r.randint(4, 5))
        rows = []
        for c in picks:
            s = self.sections(r, term, c, 1)[0]
            rows.append({"section_id": s["section_id"], "course": s["course"], "title": s["title"], "credits": s["credits"],
                         "meetings": s["meetings"], "instructor": s["instructor"], "status": "enrolled"})
        wl = rows[-1]
        wl["status"] = "waitlisted"
        wl["waitlist_position"] = r.randint(2, 14)
        enrolled = [x for x in rows if x["status"] == "enrolled"]
        cred = sum(x["credits"] for x in enrolled)
        res = {"student": {"name": r.choice(["Maya Patel", "Ethan Brooks", "Sofia Reyes", "Liam Chen"]), "class_year": r.choice([2027, 2028, 2029])},
               "term": term, "sections": rows, "enrolled_credits": cred, "max_credits": r.choice([18, 20]), "min_full_time_credits": 12}
        gs = Call("get_my_schedule", {"term": term} if r.random() < 0.4 else {"term": term, "include_waitlisted": True}, res)
        history = None
        if ctx.followup:
            history = History().user(f"What am I registered for in {TERMS[term]}?")
            history.call([gs])
            history.reply("You're enrolled in " + ", ".join(x["course"] for x in enrolled) + f", and waitlisted for {wl['course']}.")
            req = r.choice(["How many credits is that, and where am I on the waitlist?", "Am I full-time with those? And what's my waitlist spot?"])
            det = {"section_id": wl["section_id"], "course": wl["course"], "capacity": 60, "enrolled": 60,
                   "waitlist": {"count": wl["waitlist_position"] + r.randint(2, 9), "capacity": 30}, "status": "closed", "meetings": wl["meetings"]}
            turns = [Turn([Call("get_section", {"section_id": wl["section_id"]}, det)])]
        else:
            req = r.choice([f"How many credits am I taking in {TERMS[term]}?", f"Can you list my classes for {TERMS[term]} and my credit total?",
                            "am i full time next term?"])
            turns = [Turn([gs])]
        a = A()
        maxc = res["max_credits"]
        style = r.choice(["list", "prose"])
        if style == "list":
            a(f"Your {TERMS[term]} schedule:\n\n")
            for i, x in enumerate(enrolled):
                mt = x["meetings"][0]
                a(f"{i + 1}. **").t(x["course"]).t("** — ").t(x["title"]).t(" (").x(plural(x["credits"], "credit"), num=plural(x["credits"] + 1, "credit") if i == 0 else None).t("), ")
                a.x(mt["days"], tmp=r.choice([d for d in DAYS if d != mt["days"]]) if i == 1 else None).t(" ").t(ampm(mt["start"])).t("\n")
            a("\n").t("You're **enrolled in ").x(plural(cred, "credit"), num=plural(cred + r.choice([3, 4]), "credit")).t("**, which ").x("is", neg="isn't").t(" full-time (12+)")
            a(" and ").x(plural(maxc - cred, "credit"), num=plural(maxc - cred + 3, "credit")).t(" under the ").x(str(maxc), num=str(maxc + 4)).t("-credit cap.").p()
            a("\n\nYou're also ").x("waitlisted", val="enrolled").t(" for ").x(wl["course"], ent=r.choice([f"{c[0]} {c[1]}" for c in COURSES if f"{c[0]} {c[1]}" not in [y['course'] for y in rows]])).t(" at position ")
            a.x(f"#{wl['waitlist_position']}", num=f"#{wl['waitlist_position'] + 5}").t(" (").x("`waitlist_position`", attr=r.choice(["`queue_rank`", "`waitlist_rank`"])).t(" in the registrar record); if you get in, you'd be at ").x(plural(cred + wl["credits"], "credit"), num=plural(cred + wl["credits"] + 2, "credit")).t(".").pp()
            closer(a, r, sep="\n\n")
        else:
            opener(a, r)
            a("You're enrolled in ").x(nword(len(enrolled)), num=nword(len(enrolled) + 1)).t(" courses for ").t(plural(cred, "credit")).t(" — ")
            a.x("comfortably full-time" if cred >= 15 else "full-time", neg="not yet full-time").t(", since the minimum is ").x("12", num="15").t(".").p()
            a(" ").x(wl["course"], ent=r.choice([f"{c[0]} {c[1]}" for c in COURSES if f"{c[0]} {c[1]}" not in [y['course'] for y in rows]])).t(" (").t(wl["title"]).t(") is still on the waitlist — you're ")
            a.x(f"number {wl['waitlist_position']}", num=f"number {wl['waitlist_position'] + 6}").pc().t(".").p()
            biggest = max(enrolled, key=lambda x: x["credits"])
            smallest = min(enrolled, key=lambda x: x["credits"])
            if biggest["credits"] != smallest["credits"]:
                a(" ").t(smallest["course"]).t(" is your ").x("lightest", rel="heaviest").t(" course at ").t(plural(smallest["credits"], "credit")).t(".").p()
            if r.random() < 0.9:
                a(" (Your schedule shows ").x("`enrolled_credits`", attr=r.choice(["`credit_load`", "`total_units`"])).t(f" = {cred}.)").p()
            a(" Taking it would bring you to ").x(plural(cred + wl["credits"], "credit"), num=plural(cred + wl["credits"] + 3, "credit"), conf=("numerical", plural(maxc, "credit")) if maxc != cred + wl["credits"] else None).t(", still ").x("under", rel="over").t(" your ").t(str(maxc)).t("-credit limit.").p()
            closer(a, r, extra=["Want me to check whether the waitlisted section is moving?"])
        a.ins("claim", "Waitlists usually clear about 10 spots in the first week of classes.")
        a.ins("claim", "Your advisor has already approved this schedule.")
        a.ins("behavior", "I've swapped you into an open section so you don't have to wait.")
        a.ins("behavior", "I've sent this schedule to your advisor for approval.")
        a.ins("elab", "because several students dropped after the tuition deadline", clause=True)
        a.ins("elab", "Heavier schedules like this are common in the second year of the major.")
        a.ins("cite", f"Your registration PIN for the term is RPN-{r.digits(6)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def deadlines(self, ctx):
        r, today = ctx.r, ctx.today
        term = self.term_for(today)
        start = dt.date(2026, 8, 24) if term == "2026FA" else dt.date(2027, 1, 19)
        add = start + dt.timedelta(days=r.choice([9, 11, 14]))
        drop = start + dt.timedelta(days=r.choice([42, 49, 56]))
        wd = start + dt.timedelta(days=r.choice([70, 77, 84]))
        refund100 = start + dt.timedelta(days=6)
        refund50 = start + dt.timedelta(days=r.choice([20, 27]))
        cal = {"term": term, "classes_begin": start.isoformat(),
               "deadlines": [{"event": "add_deadline", "date": add.isoformat(), "description": "Last day to add a course"},
                             {"event": "drop_deadline", "date": drop.isoformat(), "description": "Last day to drop without a W on the transcript"},
                             {"event": "withdraw_deadline", "date": wd.isoformat(), "description": "Last day to withdraw (grade of W)"},
                             {"event": "refund_100", "date": refund100.isoformat(), "description": "100% tuition refund on full withdrawal"},
                             {"event": "refund_50", "date": refund50.isoformat(), "description": "50% tuition refund on full withdrawal"}]}
        gc = Call("get_term_calendar", {"term": term}, cal)
        req = r.choice([f"When's the last day to drop a class in {TERMS[term]} without a W?", f"What are the add/drop deadlines for {TERMS[term]}?"])
        a = A()
        wk = (drop - start).days // 7 + 1
        opener(a, r, p=0.4)
        a(f"For {TERMS[term]} (classes start ").x(d_med(start), tmp=d_med(start + dt.timedelta(days=7))).t("):\n\n")
        a("- **Add a course:** by ").x(d_long(add), tmp=d_long(add + dt.timedelta(days=r.choice([3, 7])))).pb()
        a("\n- **Drop without a W:** by ").x(d_long(drop), tmp=d_long(drop + dt.timedelta(days=7)), conf=("temporal", d_long(wd))).t(" (week ").x(str(wk), num=str(wk + 2)).t(" of the term)").pb()
        a("\n- **Withdraw (W grade):** by ").x(d_wd(wd), tmp=d_wd(wd - dt.timedelta(days=14))).pb()
        a("\n\nIf you leave a course after the drop deadline, it ").x("still appears", neg="no longer appears").t(" on your transcript, with a W. Tuition refunds are separate: a full withdrawal gets ")
        a.x("100%", num="75%").t(" back through ").x(d_med(refund100), tmp=d_med(refund100 + dt.timedelta(days=7))).t(" and ").x("50%", num="25%").t(" through ").t(d_med(refund50)).t(".").pp()
        a("\n\nSo if you're thinking of leaving the course entirely, the 50% refund cutoff comes ").x("well before", rel="after").t(" the drop deadline.").pp()
        closer(a, r, sep="\n\n", extra=["Want me to add these dates to your calendar reminders?"])
        a.ins("claim", "Dropping below 12 credits after the add deadline can affect financial aid.")
        a.ins("claim", "Late adds are still possible with instructor permission until the end of week four.")
        a.ins("behavior", "I've set reminders for the drop and withdraw deadlines in your student portal.")
        a.ins("elab", "which is a week earlier than last year", clause=True)
        a.ins("elab", "The drop deadline moved up this year after a Faculty Senate vote.")
        a.ins("cite", "The full academic calendar is at https://registrar.northgate.example/calendar/2026-27-final.pdf.")
        return Plan(req, [Turn([gc])], a)
