"""blood_donation (set l): the donor phone line of a Midwest blood-donation centre network — a donor's history (donations
in the last twelve months by type, lifetime count, the last donation, when each type is possible again, reward points),
open appointment times at a centre (chairs open, earliest and latest, how long the donation takes, the donor's preferred
time), booking an appointment (a date before the donor is eligible or a full time refused by design and the offered
alternative booked; read-back with confirmation code, end time and arrival time) and questions answered from the
eligibility guide fetched by URL (waiting periods between donation types, annual limits, tattoo deferral, minimum
weight and hemoglobin)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_obj, s_str
from .lstyle import Voice, add_months, at, cap, person, stamp, vet

BASE = "https://api.lifelineblood.example/donor/v3"
GUIDE = "https://lifelineblood.example/eligibility"
BRAND = "Lifeline Blood Centers"
AGENT = "Robin"
ZONE = "CT"
CENTERS = {"MTN": "Midtown Donor Center", "NLD": "Northland Donor Center", "OPK": "Overland Park Donor Center",
           "LSM": "Lee's Summit Donor Center"}
OTHER_CENTERS = ["Independence Donor Center", "Olathe Donor Center", "Liberty Donor Center"]
TYPES = {"whole_blood": ("whole blood", 60), "power_red": ("Power Red", 90), "platelets": ("platelets", 150),
         "plasma": ("plasma", 75)}
WAIT = {"whole_blood": {"whole_blood": 56, "power_red": 56, "platelets": 7, "plasma": 28},
        "power_red": {"whole_blood": 112, "power_red": 112, "platelets": 7, "plasma": 28},
        "platelets": {t: 7 for t in TYPES}, "plasma": {t: 28 for t in TYPES}}
ADJ = {"whole_blood": "whole blood", "power_red": "Power Red", "platelets": "platelet", "plasma": "plasma"}
SEC_WAIT = {"whole_blood": "1.1", "power_red": "1.2", "platelets": "1.3", "plasma": "1.4"}
ANNUAL = {"power_red": 3, "platelets": 24, "plasma": 13}
SEC_ANNUAL = {"power_red": "2.1", "platelets": "2.2", "plasma": "2.3"}
BLOOD = {"O-": "O negative", "O+": "O positive", "A+": "A positive", "A-": "A negative", "B+": "B positive",
         "AB+": "AB positive"}
DOC = ("LIFELINE BLOOD CENTERS - DONOR ELIGIBILITY GUIDE\n\n"
       "1. WAITING PERIODS BETWEEN DONATIONS (each rule counts from the date of that donation)\n"
       "1.1 After whole blood: 56 days before whole blood or Power Red, 7 days before platelets, 28 days before plasma.\n"
       "1.2 After Power Red: 112 days before whole blood or Power Red, 7 days before platelets, 28 days before plasma.\n"
       "1.3 After platelets: 7 days before any donation.\n"
       "1.4 After plasma: 28 days before any donation.\n"
       "2. ANNUAL LIMITS (PER CALENDAR YEAR)\n"
       "2.1 Power Red: up to 3 donations.\n"
       "2.2 Platelets: up to 24 donations.\n"
       "2.3 Plasma: up to 13 donations.\n"
       "3. DEFERRALS\n"
       "3.1 Tattoo or piercing done at a facility that is not state-licensed: wait 3 months from the date of the tattoo "
       "or piercing.\n"
       "3.2 Tattoo done at a state-licensed facility: no waiting period.\n"
       "3.3 Travel to a malaria-risk area: wait 3 months after returning.\n"
       "4. DONOR REQUIREMENTS\n"
       "4.1 Whole blood: weigh at least 110 pounds; hemoglobin at least 12.5 g/dL for women and 13.0 g/dL for men.\n"
       "4.2 Power Red: weigh at least 130 pounds (women) or 150 pounds (men); hemoglobin at least 13.3 g/dL.\n"
       "4.3 Platelets and plasma: weigh at least 110 pounds; platelet count checked at each visit.\n"
       "5. ON THE DAY\n"
       "5.1 Arrive 15 minutes before your appointment time and drink an extra 16 ounces of water.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.5", "2.4", "3.4", "4.4", "5.2", "6.1"] if s != real])


class BloodDonation(Scenario):
    name = "blood_donation"
    agent = "Robin"
    service = "lifeline-donor-line"
    system = ("You are Robin, the voice assistant on the donor phone line of Lifeline Blood Centers. Your replies are "
              "read aloud by text-to-speech: no formatting, no lists with symbols, short spoken sentences. Use the tools "
              "to look up donor records, find and book donation appointments, and answer eligibility questions from the "
              "eligibility guide. Times are local (Central Time).")
    error_style = 0
    entity_noun = {"donor_id": "Donor", "guide_url": "Guide"}
    preambles = ["One moment while I pull that up.", "Let me check that for you.", "Okay, checking now."]

    def __init__(self):
        dp = r"^D\d{7}$"
        self.tools = [
            Tool("get_donor", "A donor's record: blood type, home center, donations with dates and types, lifetime "
                              "count, next eligible date per donation type, reward points, eligibility guide URL.",
                 s_obj({"donor_id": s_str("Donor ID, e.g. 'D4081726'.", pattern=dp)}, ["donor_id"]),
                 entity={"donor_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("search_slots", "Open appointment times at a donor center on a date for a donation type.",
                 s_obj({"center_code": s_str("Donor center code.", enum=list(CENTERS)),
                        "date": s_date("Date, YYYY-MM-DD."),
                        "donation_type": s_str("Donation type.", enum=list(TYPES))},
                       ["center_code", "date", "donation_type"]),
                 http=BASE, extra=[("max_results", 10)]),
            Tool("book_appointment", "Book a donation appointment for a donor.",
                 s_obj({"donor_id": s_str("Donor ID.", pattern=dp), "center_code": s_str("Donor center code.", enum=list(CENTERS)),
                        "start_time": s_str("Local start time, YYYY-MM-DDTHH:MM.", pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$"),
                        "donation_type": s_str("Donation type.", enum=list(TYPES))},
                       ["donor_id", "center_code", "start_time", "donation_type"]),
                 entity={"donor_id": "id"}, http=BASE, extra=[("send_sms", True)]),
            Tool("get_eligibility_guide", "The donor eligibility guide (plain text, numbered sections) by URL.",
                 s_obj({"guide_url": s_str("Guide URL from the donor record.",
                                           pattern=r"^https://lifelineblood\.example/eligibility/")}, ["guide_url"]),
                 entity={"guide_url": "url"}, extra=[("lang", "es")]),
        ]
        self.intents = [("donation_history", self.history, False), ("appointment_slots", self.slots, False),
                        ("book_appointment", self.book, True), ("eligibility_question", self.guide, True)]

    # ------------------------------------------------------------------ data
    def _donor(self, r, today, last_type=None):
        did = f"D{r.randint(1000000, 9999999)}"
        full, first = person(r)
        cc = r.choice(list(CENTERS))
        dons = []
        d = today - dt.timedelta(days=r.randint(3, 120))
        kinds = list(TYPES)
        t = last_type or r.choice(kinds)
        for k in range(r.randint(4, 9)):
            dons.append({"date": d.isoformat(), "type": t, "center_code": r.choice([cc, cc, r.choice(list(CENTERS))])})
            prev = r.choice(kinds)
            d = d - dt.timedelta(days=WAIT[prev][t] + r.randint(0, 60))
            t = prev
        dons.reverse()
        nxt = {}
        for tt in TYPES:
            nxt[tt] = max(dt.date.fromisoformat(x["date"]) + dt.timedelta(days=WAIT[x["type"]][tt]) for x in dons).isoformat()
        goal = r.choice([1000, 1500, 2000])
        pts = r.randint(2, goal // 100 - 1) * 100 + r.choice([0, 50])
        res = {"donor_id": did, "name": full, "blood_type": r.choice(list(BLOOD)), "home_center_code": cc,
               "home_center": CENTERS[cc], "donations": dons, "lifetime_donations": len(dons) + r.randint(0, 40),
               "next_eligible": nxt, "reward_points": pts, "next_reward_at_points": goal,
               "eligibility_guide_url": f"{GUIDE}/{r.choice(['2026', 'v7'])}", "as_of": stamp(today, r.randint(8, 19), r.randint(0, 59), ZONE)}
        return did, res, first

    def _slots(self, r, day, ctype, n=None):
        hours = sorted(r.sample([(7, 30), (8, 0), (8, 45), (9, 15), (10, 0), (10, 30), (11, 15), (12, 0), (13, 30),
                                 (14, 15), (15, 0), (16, 30), (17, 15)], n or r.randint(4, 6)))
        return [{"start_time": stamp(day, h, m, ZONE), "open_chairs": r.choice([0, 1, 1, 2, 2, 3, 4])} for h, m in hours]

    # ------------------------------------------------------------------ intents
    def history(self, ctx):
        r, today = ctx.r, ctx.today
        did, don, first = self._donor(r, today)
        req = r.choice([f"Hi, my donor ID is {did}. How many times have I donated in the last year, and when can I give blood again?",
                        f"Donor {did}. When am I eligible to donate whole blood next?"])
        w = Voice(r, today, BRAND, AGENT, first)
        dons = don["donations"]
        yr = [x for x in dons if (today - dt.date.fromisoformat(x["date"])).days <= 365]
        by = {}
        for x in yr:
            by[x["type"]] = by.get(x["type"], 0) + 1
        last = dons[-1]
        ld = dt.date.fromisoformat(last["date"])
        nw = dt.date.fromisoformat(don["next_eligible"]["whole_blood"])
        a = A()
        w.opener(a)
        a.t("I have your record, donor ID ").x(w.id(did), fid=w.fake_id(did, r)).t(". ")
        a.t(f"In the last {w.num(12, calc=True)} months you've donated ").x(w.cnt(len(yr), "time", calc=True), num=w.cnt(len(yr) + 2, "time"))
        a.t(" in all")
        if len(by) > 1:
            parts = [f"{w.n(k, calc=True)} {TYPES[t][0]}" for t, k in sorted(by.items(), key=lambda kv: (-kv[1], kv[0]))]
            a.t(": ").t(", ".join(parts[:-1]) + " and " + parts[-1])
        a.t(".")
        a.p()
        a.t(" That's ").x(w.cnt(don["lifetime_donations"], "donation"), num=w.cnt(don["lifetime_donations"] + 10, "donation")).t(" over your lifetime with us")
        a.pc().t(".")
        a.p()
        w.para(a)
        a.t("Your last donation was ").x(TYPES[last["type"]][0], val=r.choice([TYPES[t][0] for t in TYPES if t != last["type"]])).t(", ")
        a.x(w.rel(ld), tmp=w.rel(ld - dt.timedelta(days=r.choice([7, 14]))), conf=("temporal", w.rel(dt.date.fromisoformat(dons[-2]["date"]))))
        a.t(", at the ").x(CENTERS[last["center_code"]], ent=r.choice(OTHER_CENTERS)).t(".")
        a.p()
        a.t(" ")
        if nw <= today:
            a.t("You ").x("are already eligible", neg="are not yet eligible").t(" for whole blood, since your waiting period ended ")
            a.x(w.rel(nw) if (today - nw).days <= 40 else "on " + w.d(nw), tmp=w.rel(nw + dt.timedelta(days=9)) if (today - nw).days > 9 else None).t(".")
        else:
            a.t("You can give whole blood again ").x(w.rel(nw), tmp=w.rel(nw + dt.timedelta(days=r.choice([7, 14]))),
                                                        conf=("temporal", w.rel(dt.date.fromisoformat(don["next_eligible"]["plasma"])))
                                                        if don["next_eligible"]["plasma"] != don["next_eligible"]["whole_blood"] else None)
            a.t(".")
            if not (w.relp(nw) or "").startswith("in "):
                a.t(" That's ").x(w.cnt((nw - today).days, "day", calc=True), num=w.cnt((nw - today).days + 5, "day")).t(" from now.")
        a.p()
        npl = dt.date.fromisoformat(don["next_eligible"]["platelets"])
        if npl != nw and npl > today:
            a.t(" Platelets open up ").x("sooner" if npl < nw else "later", rel="later" if npl < nw else "sooner").t(", ").x(w.rel(npl), tmp=w.rel(npl + dt.timedelta(days=3))).t(".")
            a.p()
        if r.random() < 0.4:
            a.t(" That date comes from the ").x("next eligible", attr=r.choice(["next donation", "deferral end"])).t(" field on your record.")
            a.p()
        w.para(a)
        pts, goal = don["reward_points"], don["next_reward_at_points"]
        a.t("You have ").x(w.num(pts) + " reward points", num=w.num(pts + 300) + " reward points").t(", so you're ")
        a.x(w.num(goal - pts, calc=True), num=w.num(goal - pts + 150)).t(" points ").x("short of", rel="past").t(" the next reward at ").x(w.num(goal), num=w.num(goal + 500)).t(".")
        a.p()
        w.closer(a, ["Would you like me to book your next appointment?", "Do you want me to find an open time at your home center?"])
        a.ins("claim", "Your blood type is in especially high demand this month.")
        a.ins("claim", "Donors with your number of visits get a free T-shirt at the next donation.")
        a.ins("behavior", "I've also added fifty bonus points to your account.")
        a.ins("behavior", "I've gone ahead and put a hold on a chair for you this Saturday.")
        a.ins("elab", "which is about average for donors at your center", clause=True)
        ref = f"R{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"Your reference number for this call is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_donor", {"donor_id": did}, don)])], a), w)

    def slots(self, ctx):
        r, today = ctx.r, ctx.today
        cc = r.choice(list(CENTERS))
        ctype = r.choice(list(TYPES))
        day = today + dt.timedelta(days=r.randint(1, 12))
        sl = self._slots(r, day, ctype)
        if all(s["open_chairs"] == 0 for s in sl):
            sl[0]["open_chairs"] = 2
        mins = TYPES[ctype][1]
        res = {"center_code": cc, "center_name": CENTERS[cc], "date": day.isoformat(), "donation_type": ctype,
               "appointment_minutes": mins, "slots": sl, "as_of": stamp(today, r.randint(8, 19), r.randint(0, 59), ZONE)}
        pref = r.choice(sl)
        ptime = dt.datetime.fromisoformat(pref["start_time"])
        w = Voice(r, today, BRAND, AGENT)
        req = r.choice([f"Are there any {TYPES[ctype][0]} appointments at the {CENTERS[cc]} on {day.isoformat()}? I'd like {w.t(ptime)} if possible.",
                        f"I want to donate {TYPES[ctype][0]} at {CENTERS[cc].replace(' Donor Center', '')} on {day.isoformat()}, around {w.t(ptime)}. What's open?"])
        w = Voice(r, today, BRAND, AGENT)
        w.tstyle = r.choice(["AM", "a.m.", "spoken", "clock"])
        openl = [s for s in sl if s["open_chairs"] > 0]
        full = [s for s in sl if s["open_chairs"] == 0]
        a = A()
        w.opener(a)
        a.t(f"For {TYPES[ctype][0]} at the ").x(CENTERS[cc], ent=r.choice(OTHER_CENTERS)).t(" ")
        a.x(w.rel(day, lead=False) if (day - today).days <= 14 else "on " + w.d(day), tmp=w.rel(day + dt.timedelta(days=1), lead=False)).t(", I see ")
        a.x(w.cnt(len(openl), "time", calc=True), num=w.cnt(len(openl) + 2, "time")).t(" with open chairs.")
        a.p()
        w.start()
        show = openl[:4]
        for k, s in enumerate(show):
            st = dt.datetime.fromisoformat(s["start_time"])
            oth = [x for x in show if x is not s and x["open_chairs"] != s["open_chairs"]]
            a.t(" " + w.item(last=(k == len(show) - 1 and len(show) > 1)))
            a.x(w.t(st), tmp=w.t(st + dt.timedelta(minutes=30)) if k == 0 else None).t(", with ")
            a.x(w.cnt(s["open_chairs"], "chair"), num=w.cnt(s["open_chairs"] + 2, "chair"),
                conf=("numerical", w.cnt(oth[0]["open_chairs"], "chair")) if oth and k == 0 else None).t(" open.")
        if len(openl) > len(show):
            a.t(" There ").x("are" if len(openl) - len(show) > 1 else "is", neg="aren't" if len(openl) - len(show) > 1 else "isn't").t(f" {w.cnt(len(openl) - len(show), 'more time', 'more times', calc=True)} later in the day.")
        a.p()
        w.para(a)
        if pref["open_chairs"] > 0:
            a.t("Your preferred time, ").x(w.t(ptime), tmp=w.t(ptime + dt.timedelta(minutes=45))).t(", ").x("is available", neg="is fully booked").t(".")
        else:
            a.t("Your preferred time, ").x(w.t(ptime), tmp=w.t(ptime + dt.timedelta(minutes=45))).t(", ").x("is fully booked", neg="still has a chair open").t(".")
            nxt = [s for s in openl if s["start_time"] > pref["start_time"]]
            if nxt:
                nt = dt.datetime.fromisoformat(nxt[0]["start_time"])
                a.t(" The next opening after that is ").x(w.t(nt), tmp=w.t(nt + dt.timedelta(minutes=60))).t(".")
        a.p()
        a.t(f" A {ADJ[ctype]} donation takes ").x(w.dur(mins, calc=False), num=w.dur(mins + 45, calc=False)).t(" from check-in to finish")
        a.pc().t(".")
        a.p()
        if len(openl) > 1:
            e0 = dt.datetime.fromisoformat(openl[0]["start_time"])
            e1 = dt.datetime.fromisoformat(openl[-1]["start_time"])
            a.t(" The ").x("earliest", rel="latest").t(" opening is ").x(w.t(e0), tmp=w.t(e0 - dt.timedelta(minutes=30))).t(" and the last one is ").x(w.t(e1), tmp=w.t(e1 + dt.timedelta(minutes=60))).t(".")
            a.p()
        if full and r.random() < 0.5:
            a.t(" The counts come from the ").x("open chairs", attr=r.choice(["open beds", "available donors"])).t(" figure in the schedule.")
            a.p()
        w.closer(a, ["Would you like me to book one of those?", "Shall I reserve a chair for you?"])
        a.ins("claim", "Weekend mornings usually fill up by Thursday.")
        a.ins("claim", "This center offers free parking in the garage next door.")
        a.ins("behavior", "I've held the first time for you for ten minutes.")
        a.ins("behavior", "I've added you to the waitlist for your preferred time.")
        a.ins("elab", "because a blood drive bus is using some of the staff that day", clause=True)
        ref = f"H{r.randint(100, 999)}{r.choice('KMPQ')}"
        a.ins("cite", w.cite(f"The hold number is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, [Turn([Call("search_slots", {"center_code": cc, "date": day.isoformat(), "donation_type": ctype}, res)])], a), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        ctype = r.choice(list(TYPES))
        did, don, first = self._donor(r, today)
        cc = don["home_center_code"]
        el = dt.date.fromisoformat(don["next_eligible"][ctype])
        refuse = r.choice(["early", "full", "none", "early", "full"])
        if refuse == "early" and el <= today + dt.timedelta(days=1):
            refuse = "full"
        if refuse == "early":
            want = today + dt.timedelta(days=r.randint(1, max(1, (el - today).days - 1)))
        else:
            want = max(el, today + dt.timedelta(days=1)) + dt.timedelta(days=r.randint(0, 10))
        wh, wm = r.choice([(8, 0), (9, 0), (10, 30), (13, 0), (16, 30)])
        wst = at(want, wh, wm, ZONE)
        key = lambda x: x.strftime("%Y-%m-%dT%H:%M")
        turns = []
        mins = TYPES[ctype][1]
        if refuse == "early":
            gd = el
            ah, am = r.choice([(8, 45), (9, 15), (10, 0), (14, 15)])
            got = at(gd, ah, am, ZONE)
            alts = [{"start_time": key(got), "center_code": cc}, {"start_time": key(at(gd + dt.timedelta(days=1), 10, 30, ZONE)), "center_code": cc}]
            turns.append(Turn([Call("book_appointment", {"donor_id": did, "center_code": cc, "start_time": key(wst), "donation_type": ctype},
                                    {"booked": False, "reason_code": "NOT_ELIGIBLE_ON_DATE", "eligible_from": el.isoformat(),
                                     "message": f"Donor {did} is not eligible for {ctype} until {el.isoformat()}.", "alternatives": alts})]))
        elif refuse == "full":
            got = wst + dt.timedelta(minutes=r.choice([45, 75, 90, 120]))
            alts = [{"start_time": key(got), "center_code": cc}]
            turns.append(Turn([Call("book_appointment", {"donor_id": did, "center_code": cc, "start_time": key(wst), "donation_type": ctype},
                                    {"booked": False, "reason_code": "SLOT_FULL", "message": f"No chairs open at {key(wst)[11:]}.",
                                     "alternatives": alts})]))
        else:
            got = wst
        code = f"LB-{r.upalnum(5)}"
        ok = {"booked": True, "confirmation_code": code, "donor_id": did, "center_code": cc, "center_name": CENTERS[cc],
              "start_time": got.isoformat(), "donation_type": ctype, "appointment_minutes": mins,
              "arrive_minutes_before": 15, "as_of": don["as_of"]}
        turns.append(Turn([Call("book_appointment", {"donor_id": did, "center_code": cc, "start_time": key(got), "donation_type": ctype}, ok)]))
        gd_call = Call("get_donor", {"donor_id": did}, don)
        w0 = Voice(r, today, BRAND, AGENT)
        ask = f"{TYPES[ctype][0]} on {want.isoformat()} at {w0.t(wst)}"
        history = None
        if ctx.followup:
            history = History().user(f"My donor ID is {did}. Which center am I registered at?")
            history.call([gd_call])
            history.reply(f"Your home center is the {CENTERS[cc]}.")
            req = r.choice([f"Great. Please book me there for {ask}.", f"Can you book {ask} there?"])
        else:
            req = f"Donor {did}. Please book {ask} at my home center."
            turns = [Turn([gd_call])] + turns
        w = Voice(r, today, BRAND, AGENT, first)
        a = A()
        w.opener(a, followup=ctx.followup)
        end = got + dt.timedelta(minutes=mins)
        arrive = got - dt.timedelta(minutes=15)
        if refuse == "early":
            a.t("I tried ").x(w.d(want), tmp=w.d(want + dt.timedelta(days=2))).t(", but you ").x("aren't eligible", neg="are eligible").t(f" for {TYPES[ctype][0]} until ")
            a.x(w.rel(el, lead=False), tmp=w.rel(el + dt.timedelta(days=7), lead=False)).t(". The scheduler returned the code ")
            a.x('"not eligible on date"', attr=r.choice(['"deferral active"', '"donor on hold"'])).t(".")
            a.p()
            a.t(" So I booked the first opening it offered instead.")
        elif refuse == "full":
            a.t("The ").x(w.t(wst), tmp=w.t(wst - dt.timedelta(minutes=30))).t(" time ").x("was full", neg="had chairs open").t(", with the code ")
            a.x('"slot full"', attr=r.choice(['"center closed"', '"staff unavailable"'])).t(". So I took the next opening, ")
            a.x(w.dur(int((got - wst).total_seconds() // 60)), num=w.dur(int((got - wst).total_seconds() // 60) + 30, calc=False)).t(" ").x("later", rel="earlier").t(".")
        else:
            a.t("You're ").x("all set", neg="not booked yet").t(".")
        a.p()
        w.para(a)
        a.t("Just to confirm, that's ").x(TYPES[ctype][0], val=r.choice([TYPES[t][0] for t in TYPES if t != ctype])).t(" at the ")
        a.x(CENTERS[cc], ent=r.choice(OTHER_CENTERS)).t(", ").x(w.rel(got.date(), lead=False), tmp=w.rel(got.date() + dt.timedelta(days=1), lead=False),
                                                            conf=("temporal", w.rel(want, lead=False)) if want != got.date() else None)
        a.t(", at ").x(w.t(got), tmp=w.t(got + dt.timedelta(minutes=30)), conf=("temporal", w.t(wst)) if got != wst else None).t(".")
        a.p()
        a.t(" It takes ").x(w.dur(mins, calc=False), num=w.dur(mins + 30, calc=False)).t(", so you should be done by ")
        a.x(w.t(end, calc=True), tmp=w.t(end + dt.timedelta(minutes=45))).t(".")
        a.p()
        a.t(" Please arrive ").x(w.num(15) + " minutes early", num=w.num(30) + " minutes early").t(", at ").x(w.t(arrive, calc=True), tmp=w.t(arrive - dt.timedelta(minutes=15))).t(".")
        a.p()
        w.para(a)
        a.t("Your confirmation code is ").x(w.id(code), fid=w.fake_id(code, r)).t(".")
        a.p()
        w.closer(a, ["Would you like a reminder call the day before?", "Is there anything else I can help with?"])
        a.ins("claim", "Power Red donors get double reward points this month.")
        a.ins("claim", "That center has a new parking garage entrance on the north side.")
        a.ins("behavior", "I've sent the confirmation to your email as well.")
        a.ins("behavior", "I've also booked your next donation eight weeks after this one.")
        a.ins("elab", "since the morning times are usually held for first-time donors", clause=True)
        ref = f"LB-{r.upalnum(5)}"
        a.ins("cite", w.cite(f"I also set up a reminder under code {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def guide(self, ctx):
        r, today = ctx.r, ctx.today
        variant = r.choice(["tattoo", "annual", "after", "after", "reqs"])
        did, don, first = self._donor(r, today, last_type="power_red" if variant == "annual" and r.random() < 0.5 else None)
        url = don["eligibility_guide_url"]
        if variant == "tattoo":
            td = today - dt.timedelta(days=r.randint(5, 60))
            q = f"I got a tattoo on {td.isoformat()} at a studio that isn't state-licensed. When can I donate whole blood?"
        elif variant == "annual":
            q = "How many more Power Red donations can I make this year?"
        elif variant == "after":
            target = r.choice(["whole_blood", "platelets", "plasma", "power_red"])
            q = f"When can I donate {TYPES[target][0]} next, and why that date?"
        else:
            sex = r.choice(["woman", "man"])
            q = f"I'm a {sex}. What's the minimum weight and hemoglobin for Power Red?"
        gd = Call("get_donor", {"donor_id": did}, don)
        gg = Call("get_eligibility_guide", {"guide_url": url}, DOC)
        history = None
        if ctx.followup:
            history = History().user(f"Hi, donor ID {did}. What's my blood type?")
            history.call([gd])
            history.reply(f"Your record shows blood type {BLOOD[don['blood_type']]}.")
            req = q
            turns = [Turn([gg])]
        else:
            req = f"My donor ID is {did}. {q}"
            turns = [Turn([gd]), Turn([gg])]
        w = Voice(r, today, BRAND, AGENT, first)
        a = A()
        w.opener(a, followup=ctx.followup)
        dons = don["donations"]
        if variant == "tattoo":
            tok = add_months(td, 3)
            nw = dt.date.fromisoformat(don["next_eligible"]["whole_blood"])
            w.calc_dates.append(tok)
            a.t("According to ").x(w.sec("3.1"), sec=w.fake_sec(fake_sec(r, "3.1"))).t(" of the eligibility guide, after a tattoo from a facility that isn't state-licensed you wait ")
            a.x(w.num(3) + " months", num=w.num(6) + " months").t(" from the tattoo date.")
            a.p()
            a.t(" For a tattoo on ").x(w.d(td), tmp=w.d(td + dt.timedelta(days=3))).t(", that runs until ").x(w.d(tok), tmp=w.d(add_months(td, 4))).t(".")
            a.p()
            w.para(a)
            later = max(tok, nw)
            a.t("Your regular waiting period from your last donation ends ").x("on " + w.d(nw), tmp="on " + w.d(nw + dt.timedelta(days=14))).t(". ")
            if tok == nw:
                a.t("Both end the same day, so ")
            else:
                a.t("The ").x("tattoo deferral" if tok > nw else "donation waiting period", rel="donation waiting period" if tok > nw else "tattoo deferral").t(" is the later of the two, so ")
            if later <= today:
                a.t("you ").x("can already donate whole blood", neg="can't donate whole blood yet").t(".")
            else:
                a.t("the earliest you can give whole blood is ").x(w.rel(later, lead=False), tmp=w.rel(later + dt.timedelta(days=7), lead=False)).t(".")
            a.p()
        elif variant == "annual":
            this_year = [x for x in dons if x["type"] == "power_red" and x["date"][:4] == str(today.year)]
            k = len(this_year)
            left = max(0, 3 - k)
            a.t(f"The guide allows up to ").x(w.num(3) + " Power Red donations", num=w.num(4) + " Power Red donations").t(" per calendar year, in ").x(w.sec("2.1"), sec=w.fake_sec(fake_sec(r, "2.1"))).t(".")
            a.p()
            a.t(f" You've made ").x(w.n(k, calc=True), num=w.n(k + 1)).t(" so far this year, so you have ").x(w.n(left, calc=True), num=w.n(left + 1)).t(" left.")
            a.p()
            if left:
                npr = dt.date.fromisoformat(don["next_eligible"]["power_red"])
                w.para(a)
                if npr <= today:
                    a.t("And you ").x("are eligible", neg="are not eligible").t(" for Power Red right now.")
                else:
                    a.t("Your next Power Red is possible ").x(w.rel(npr, lead=False), tmp=w.rel(npr + dt.timedelta(days=14), lead=False)).t(", because ")
                    binding = max(dons, key=lambda x: dt.date.fromisoformat(x["date"]) + dt.timedelta(days=WAIT[x["type"]]["power_red"]))
                    a.t(f"{w.sec(SEC_WAIT[binding['type']])} sets a ").x(w.num(WAIT[binding["type"]]["power_red"]) + "-day", num=w.num(WAIT[binding["type"]]["power_red"] + 28) + "-day").t(f" wait after your {TYPES[binding['type']][0]} donation on {w.d(binding['date'])}.")
                a.p()
        elif variant == "after":
            nx = dt.date.fromisoformat(don["next_eligible"][target])
            binding = max(dons, key=lambda x: dt.date.fromisoformat(x["date"]) + dt.timedelta(days=WAIT[x["type"]][target]))
            bd = dt.date.fromisoformat(binding["date"])
            wait = WAIT[binding["type"]][target]
            a.t(f"The donation that sets your {TYPES[target][0]} date is your ").x(TYPES[binding["type"]][0], val=r.choice([TYPES[t][0] for t in TYPES if t != binding["type"]])).t(" donation on ")
            a.x(w.d(bd), tmp=w.d(bd - dt.timedelta(days=5))).t(".")
            a.p()
            a.t(" ").t(cap(w.sec(SEC_WAIT[binding["type"]]))).t(" of the guide says to wait ").x(w.num(wait) + " days", num=w.num(wait + 14) + " days").t(f" after that before {TYPES[target][0]}")
            a.pc().t(".")
            a.p()
            w.para(a)
            if nx <= today:
                a.t(f"{cap(w.num(wait))} days after {w.d(bd)} was ").x(w.d(nx, calc=False), tmp=w.d(nx + dt.timedelta(days=7))).t(", so you ").x("can donate", neg="can't donate").t(f" {TYPES[target][0]} now.")
            else:
                a.t(f"{cap(w.num(wait))} days after {w.d(bd)} brings you to ").x(w.rel(nx, lead=False), tmp=w.rel(nx + dt.timedelta(days=7), lead=False)).t(".")
            a.p()
            lk = dt.date.fromisoformat(dons[-1]["date"]) + dt.timedelta(days=WAIT[dons[-1]["type"]][target])
            if lk < nx:
                a.t(" Your more recent ").x(TYPES[dons[-1]["type"]][0], val=r.choice([TYPES[t][0] for t in TYPES if t not in (dons[-1]["type"], binding["type"])])).t(" donation allows an ")
                a.x("earlier", rel="later").t(" date, so it isn't the one that counts here.")
                a.p()
        else:
            if sex == "woman":
                wt = 130
            else:
                wt = 150
            a.t("For Power Red, ").x(w.sec("4.2"), sec=w.fake_sec(fake_sec(r, "4.2"))).t(" says you need to weigh at least ").x(w.num(wt) + " pounds", num=w.num(wt + 20) + " pounds", conf=("numerical", w.num(280 - wt) + " pounds")).t(f" as a {sex}")
            a.t(", and your hemoglobin has to be at least ").x(w.num(13.3) + " grams per deciliter", num=w.num(12.5) + " grams per deciliter").t(".")
            a.p()
            w.para(a)
            a.t("That's ").x("higher", rel="lower").t(" than for whole blood, where the weight minimum is ").x(w.num(110) + " pounds", num=w.num(120) + " pounds").t(".")
            a.p()
            a.t(" On the day, arrive ").x(w.num(15) + " minutes", num=w.num(20) + " minutes").t(" early and drink an extra ").x(w.num(16) + " ounces", num=w.num(24) + " ounces").t(" of water")
            a.pc().t(".")
            a.p()
        if r.random() < 0.35:
            a.t(" I read that from the ").x("next eligible", attr=r.choice(["next donation", "deferral end"])).t(" dates on your record and the guide.")
            a.p()
        w.closer(a, ["Would you like me to book an appointment for that date?", "Do you want me to check open times?"])
        a.ins("claim", "Most donors in your age group are eligible again after four weeks.")
        a.ins("claim", "The guide is being updated next month to shorten these waiting periods.")
        a.ins("behavior", "I've noted the tattoo on your donor record.")
        a.ins("behavior", "I've sent a copy of the guide to your email.")
        a.ins("elab", "because iron levels take that long to recover", clause=True)
        ref = f"EG-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"You can find that under bulletin {w._id_text(ref)} on our website.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
