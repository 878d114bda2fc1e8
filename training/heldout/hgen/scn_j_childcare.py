"""childcare_centre (set j): a Brisbane early-learning centre's family chat — the fortnightly statement (fees, Child
Care Subsidy at the family's percentage, the gap debited, absence days used of the 42 a financial year), a week of
sign-in and sign-out times (hours per day, average, longest day, pickups against closing time), booking a casual day
(a room at its educator ratio refused by design and the first alternative taken) and questions answered from the
family handbook fetched by URL (late-collection fee per five minutes, illness exclusion, notice to drop a day)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_obj, s_str
from .jstyle import Yarn, at, ceil_div, check, stamp, WK, WKL

BASE = "https://api.gumnut.example/v2"
HANDBOOK = "https://families.gumnut.example/handbook"
Z = "QLD"
CENTRES = ["Paddington", "Ashgrove", "Wynnum", "Carindale"]
ROOMS = {"joeys": "Joeys", "possums": "Possums", "koalas": "Koalas", "kindy": "Kindy"}
AGES = {"joeys": (2025, 2025), "possums": (2023, 2024), "koalas": (2022, 2023), "kindy": (2021, 2022)}
FIRST = ["Isla", "Noah", "Matilda", "Archie", "Ruby", "Hamish", "Zara", "Leo"]
LAST = ["Nguyen", "O'Brien", "Patel", "Kowalski", "Tran", "Fitzgerald"]
PARENTS = ["Sarah", "Tom", "Priya", "Dan", "Mel", "Josh"]
EDUCATORS = ["Bec Lawson", "Aroha Williams", "Jess Hartley", "Minh Pham", "Claire Dunn"]
OTHER_EDUCATORS = ["Kylie Morgan", "Sione Taufa", "Hannah Reid"]
OTHER_NAMES = ["Ava Thompson", "Oliver Grant", "Chloe Bennett"]


class ChildcareCentre(Scenario):
    name = "childcare_centre"
    agent = "Wren"
    service = "gumnut-family-desk"
    system = ("You are Wren, the family chat assistant for Gumnut Early Learning centres in Brisbane. Use the tools to "
              "look up a child's enrolment, fortnightly statements, sign-in records and casual bookings, and answer "
              "questions from the family handbook. Times are Brisbane time (AEST); amounts in AUD.")
    error_style = 0
    entity_noun = {"child_id": "Child", "account_id": "Account", "handbook_url": "Handbook page"}
    preambles = ["Let me look that up.", "One moment, checking.", "Pulling up the enrolment."]

    def __init__(self):
        ch_p = r"^CH-\d{6}$"
        self.tools = [
            Tool("get_child", "A child's enrolment: room, booked days, session hours, daily fee, CCS percentage, "
                              "absence days used this financial year, handbook URL.",
                 s_obj({"child_id": s_str("Child ID, e.g. 'CH-482913'.", pattern=ch_p)}, ["child_id"]),
                 entity={"child_id": "id"}, http=BASE, extra=[("include_contacts", True)]),
            Tool("get_statement", "Fortnightly statement for a family account: sessions with fee, CCS and gap, amount "
                                  "due and debit date.",
                 s_obj({"account_id": s_str("Family account ID, e.g. 'FAM-30417'.", pattern=r"^FAM-\d{5}$"),
                        "period_end": s_date("Last day (Sunday) of the fortnight, YYYY-MM-DD.")},
                       ["account_id", "period_end"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("format", "pdf")]),
            Tool("list_sign_ins", "Sign-in and sign-out times for a child for one week (Monday to Friday).",
                 s_obj({"child_id": s_str("Child ID.", pattern=ch_p), "week_start": s_date("Monday of the week, YYYY-MM-DD.")},
                       ["child_id", "week_start"]),
                 entity={"child_id": "id"}, http=BASE, extra=[("include_photos", False)]),
            Tool("book_casual_day", "Book an extra (casual) day for a child in their room.",
                 s_obj({"child_id": s_str("Child ID.", pattern=ch_p), "date": s_date("Date, YYYY-MM-DD."),
                        "room": s_str("Room.", enum=list(ROOMS))}, ["child_id", "date", "room"]),
                 entity={"child_id": "id"}, http=BASE, extra=[("notify_parent", True)]),
            Tool("get_handbook", "The family handbook (plain text, numbered sections) by URL.",
                 s_obj({"handbook_url": s_str("Handbook URL from the enrolment record.",
                                              pattern=r"^https://families\.gumnut\.example/")}, ["handbook_url"]),
                 entity={"handbook_url": "url"}, extra=[("lang", "en-AU")]),
        ]
        self.intents = [("fee_statement", self.statement, False), ("sign_in_times", self.sign_ins, False),
                        ("casual_day", self.casual, True), ("handbook_question", self.handbook, True)]

    # ------------------------------------------------------------------ data
    def _child(self, r, today, room=None):
        cid = f"CH-{r.randint(100000, 999999)}"
        room = room or r.choice(list(ROOMS))
        days = sorted(r.sample(range(5), r.randint(2, 4)))
        hours = r.choice([(7, 0, 18, 0), (6, 30, 18, 0)])
        fee = r.choice([128.0, 135.0, 142.0, 149.0, 156.0])
        y0, y1 = AGES[room]
        dob = dt.date(r.randint(y0, y1), r.randint(1, 12), r.randint(1, 28))
        if dob >= today:
            dob = dob.replace(year=dob.year - 1)
        res = {"child_id": cid, "name": f"{r.choice(FIRST)} {r.choice(LAST)}", "date_of_birth": dob.isoformat(),
               "centre": r.choice(CENTRES), "room": room, "room_name": ROOMS[room],
               "lead_educator": r.choice(EDUCATORS), "account_id": f"FAM-{r.randint(10000, 99999)}",
               "booked_days": [WK[d] for d in days],
               "session": {"start": f"{hours[0]:02d}:{hours[1]:02d}", "end": f"{hours[2]:02d}:{hours[3]:02d}"},
               "daily_fee_aud": fee, "ccs_percentage": r.choice([50, 65, 72, 80, 85, 90]),
               "absences_used_fy": r.randint(5, 36), "absences_allowed_fy": 42,
               "handbook_url": f"{HANDBOOK}/{r.choice(['2026', '2025-26'])}",
               "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), Z)}
        return cid, res

    # ------------------------------------------------------------------ intents
    def statement(self, ctx):
        r, today = ctx.r, ctx.today
        cid, ch = self._child(r, today)
        first = ch["name"].split()[0]
        end = today - dt.timedelta(days=today.weekday() + 1)          # the Sunday before today
        if (today - end).days < 2:
            end -= dt.timedelta(days=7)
        start = end - dt.timedelta(days=13)
        booked = [WK.index(x) for x in ch["booked_days"]]
        fee, pct = ch["daily_fee_aud"], ch["ccs_percentage"]
        ccs1 = round(fee * pct / 100, 2)
        gap1 = round(fee - ccs1, 2)
        sessions = []
        for k in range(14):
            d = start + dt.timedelta(days=k)
            if d.weekday() in booked:
                st = "absent" if r.random() < 0.18 else "attended"
                sessions.append({"date": d.isoformat(), "status": st, "fee_aud": fee, "ccs_aud": ccs1, "gap_aud": gap1,
                                 "counts_as_absence": st == "absent"})
        if not any(s["status"] == "absent" for s in sessions) and r.random() < 0.6:
            s = r.choice(sessions)
            s["status"], s["counts_as_absence"] = "absent", True
        n = len(sessions)
        fees = round(fee * n, 2)
        ccs = round(ccs1 * n, 2)
        gap = round(gap1 * n, 2)
        debit = end + dt.timedelta(days=r.choice([2, 3]))
        res = {"account_id": ch["account_id"], "child_id": cid, "period": {"start": start.isoformat(), "end": end.isoformat()},
               "sessions": sessions, "ccs_percentage": pct, "amount_due_aud": gap,
               "payment": {"method": "direct_debit", "date": debit.isoformat()}, "as_of": ch["as_of"]}
        req = r.choice([f"Can you explain our latest statement? It's for {first}, child ID {cid}.",
                        f"What are we paying this fortnight for {first} ({cid}) after the subsidy?",
                        f"Hi, {cid} — how much is coming out for the last fortnight and why?"])
        w = Yarn(r, today, Z)
        absent = [s for s in sessions if s["status"] == "absent"]
        attended = [s for s in sessions if s["status"] == "attended"]
        used, allowed = ch["absences_used_fy"], ch["absences_allowed_fy"]
        a = A()
        w.opener(a)
        a.t(f"{first}'s fortnight ({w.d(start, wk=False)} – {w.d(end, wk=False)}) comes to ")
        w.b(a, w.money(gap), num=w.money(gap + gap1), conf=("numerical", w.money(ccs)))
        a.t(" out of pocket, taken by ").x("direct debit", val="card payment").t(" ")
        w.b(a, w.rel(debit), tmp=w.rel(debit + dt.timedelta(days=7)))
        a.t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.x(w.cnt(n, "session").capitalize(), num=w.cnt(n + 2, "session").capitalize()).t(" booked")
        if absent:
            a.t(f": {w.n(len(attended)) if attended else 'none'} attended, ").x(w.cnt(len(absent), "absence"), num=w.cnt(len(absent) + 1, "absence")).t(" (")
            other = attended[0]["date"] if attended else None
            a.x(w.d(absent[0]["date"]), tmp=w.d(dt.date.fromisoformat(absent[0]["date"]) + dt.timedelta(days=1)),
                conf=("temporal", w.d(other)) if other else None)
            if len(absent) > 1:
                a.t(f" and {len(absent) - 1} more")
            a.t(")")
        else:
            a.t(", all ").x("attended", val="marked absent")
        w.pt(a)
        w.li(a)
        a.t("Fees ").x(w.money(fees), num=w.money(fees + fee)).t(f" ({n} × {w.money(fee)}), less CCS of ").x(w.money(ccs), num=w.money(ccs - 40)).t(" at ")
        a.x(f"{pct}%", num=f"{pct - 15}%")
        w.pt(a)
        w.li(a)
        a.t("That's ").x(w.money(gap1), num=w.money(gap1 + 6)).t(" a day after the subsidy")
        w.pt(a)
        w.li(a)
        a.t("Absences this financial year: ").x(f"{used} of {allowed}", num=f"{used + 6} of {allowed}").t(" used")
        if used != allowed / 2:
            a.t(", ").x("well under half" if used < 19 else ("under half" if used < 21 else "over half"),
                        rel="over half" if used < 21 else "under half")
        if r.random() < 0.5:
            a.t(" (`").x("absences_used_fy", attr=r.choice(["absence_days_ytd", "absences_claimed"])).t("`)")
        w.pt(a)
        if absent:
            w.para(a)
            a.t("Absent days are ").x("still charged", neg="not charged").t(" and the subsidy ").x("still applies", neg="doesn't apply").t(", but each one counts toward the ").x(str(allowed), num=str(allowed - 12)).t(" allowed a year").pc().t(".")
            a.p()
        w.para(a)
        a.t("Account ").x(ch["account_id"], fid=mutate_id(ch["account_id"], r)).t(" · ").x(ch["centre"], ent=r.choice(["Toowong", "Bulimba", "Indooroopilly"])).t(f" centre, {ROOMS[ch['room']]} room.")
        a.p()
        w.closer(a, ["Want me to send the full statement through?", "Happy to check the previous fortnight too."])
        a.ins("claim", "CCS percentages are reassessed every July.")
        a.ins("claim", f"The {ch['centre']} centre's fees rise by 4% from 1 July.")
        a.ins("behavior", "I've emailed a copy of the statement to you.")
        a.ins("behavior", "I've flagged the absence so it won't count toward your 42.")
        a.ins("elab", "because the subsidy is paid straight to the centre each week", clause=True)
        a.ins("cite", f"Statement PDF: https://families.gumnut.example/statements/{ch['account_id'].lower()}-{end.isoformat()}.pdf")
        calls = [Turn([Call("get_child", {"child_id": cid}, ch)]),
                 Turn([Call("get_statement", {"account_id": ch["account_id"], "period_end": end.isoformat()}, res)])]
        return check(self, Plan(req, calls, a))

    def sign_ins(self, ctx):
        r, today = ctx.r, ctx.today
        cid, ch = self._child(r, today)
        first = ch["name"].split()[0]
        booked = [WK.index(x) for x in ch["booked_days"]]
        monday = today - dt.timedelta(days=today.weekday())
        if today.weekday() <= max(booked) or r.random() < 0.5:
            monday -= dt.timedelta(days=7)
        sh, sm = map(int, ch["session"]["start"].split(":"))
        days = []
        for wd in booked:
            d = monday + dt.timedelta(days=wd)
            if r.random() < 0.12 and len(days) >= 1:
                days.append({"date": d.isoformat(), "status": "absent", "signed_in": None, "signed_out": None})
                continue
            tin = at(d, r.choice([7, 7, 8, 8, 9]), r.choice([5, 12, 20, 34, 41, 48, 55]), Z)
            if tin.hour * 60 + tin.minute < sh * 60 + sm:
                tin = at(d, sh, sm + 10, Z)
            tout = at(d, r.choice([15, 16, 16, 17, 17]), r.choice([2, 15, 25, 38, 44, 51]), Z)
            days.append({"date": d.isoformat(), "status": "attended", "signed_in": tin.isoformat(), "signed_out": tout.isoformat(),
                         "in_by": r.choice(PARENTS), "out_by": r.choice(PARENTS)})
        if not any(x["status"] == "attended" for x in days):
            return self.sign_ins(ctx)
        res = {"child_id": cid, "week_start": monday.isoformat(), "days": days, "centre_closes": "18:00", "as_of": ch["as_of"]}
        req = r.choice([f"How long was {first} at the centre each day {'last week' if monday < today - dt.timedelta(days=today.weekday()) else 'this week'}? ID {cid}.",
                        f"Can I get {first}'s sign-in and pick-up times for the week of {monday.isoformat()}? ({cid})"])
        w = Yarn(r, today, Z)
        att = [x for x in days if x["status"] == "attended"]
        mins = [(dt.datetime.fromisoformat(x["signed_out"]) - dt.datetime.fromisoformat(x["signed_in"])).seconds // 60 for x in att]
        total = sum(mins)
        longest = max(range(len(att)), key=lambda k: (mins[k], -k))
        tie = mins.count(mins[longest]) > 1
        a = A()
        w.opener(a)
        a.t(f"{first} was in for ")
        w.b(a, w.span(total), num=w.span(total + 95))
        a.t(f" across {w.cnt(len(att), 'day')} that week")
        if len(att) > 1:
            a.t(", ").x(w.near(total / len(att) / 60, 0.5, lambda v: f"{v:g} hours"), num=f"about {round(total / len(att) / 60 + 1.5):g} hours").t(" a day on average")
        a.t(".")
        a.p()
        w.para(a)
        for k, x in enumerate(att):
            tin, tout = dt.datetime.fromisoformat(x["signed_in"]), dt.datetime.fromisoformat(x["signed_out"])
            w.li(a)
            a.t(f"{w.d(x['date'])}: ")
            if k == 0:
                a.x(w.tspan(tin, tout), tmp=w.tspan(tin, tout + dt.timedelta(minutes=50)))
            else:
                a.t(w.tspan(tin, tout))
            a.t(" (").x(w.span(mins[k]), num=w.span(mins[k] + 40) if k == longest else None).t(")")
            if k == 0:
                a.t(", picked up by ").x(x["out_by"], ent=r.choice([p for p in ["Nicole", "Gareth", "Aunty Lou"]]))
            w.pt(a)
        for x in days:
            if x["status"] == "absent":
                w.li(a)
                a.t(f"{w.d(x['date'])}: ").x("absent", val="signed in late")
                w.pt(a)
        w.para(a)
        lt = att[longest]
        if not tie and len(att) > 1:
            other = [k for k in range(len(att)) if k != longest][0]
            a.t("The ").x("longest", rel="shortest").t(" day was ").x(w.d(lt["date"]), tmp=w.d(dt.date.fromisoformat(lt["date"]) + dt.timedelta(days=7)), conf=("temporal", w.d(att[other]["date"]))).t(".")
            a.p()
            a.t(" ")
        latest = max(dt.datetime.fromisoformat(x["signed_out"]) for x in att)
        a.t("Every pick-up was " if len(att) > 1 else "Pick-up was ").x("before", rel="after").t(f" the {w.hm(18)} close (latest ").x(w.t(latest), tmp=w.t(latest + dt.timedelta(minutes=45))).t(")")
        if r.random() < 0.45:
            a.t(" — times are the `").x("signed_out", attr=r.choice(["checkout_time", "collected_at"])).t("` stamps")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want the week before as well?", "I can send these as a PDF for your records."])
        a.ins("claim", f"{first} usually has a sleep from 12:30 to about 14:00.")
        a.ins("claim", f"{ch['lead_educator']} signed {first} in on the Monday.")
        a.ins("behavior", "I've updated the authorised pick-up list for you.")
        a.ins("behavior", "I've let the room know about the later pick-ups.")
        a.ins("elab", "which is about average for the room", clause=True)
        a.ins("cite", f"Attendance record ATT-{r.randint(100000, 999999)} has the full log.")
        calls = [Turn([Call("get_child", {"child_id": cid}, ch)]),
                 Turn([Call("list_sign_ins", {"child_id": cid, "week_start": monday.isoformat()}, res)])]
        return check(self, Plan(req, calls, a))

    def casual(self, ctx):
        r, today = ctx.r, ctx.today
        cid, ch = self._child(r, today)
        first = ch["name"].split()[0]
        booked = [WK.index(x) for x in ch["booked_days"]]
        free = [wd for wd in range(5) if wd not in booked]
        if not free:
            return self.casual(ctx)
        want = today + dt.timedelta(days=r.randint(2, 12))
        while want.weekday() not in free:
            want += dt.timedelta(days=1)
        full = r.random() < 0.6
        room = ch["room"]
        turns = []
        if full:
            alts = []
            d = want + dt.timedelta(days=1)
            while len(alts) < 2:
                if d.weekday() in free:
                    alts.append({"date": d.isoformat(), "spots": r.randint(1, 3)})
                d += dt.timedelta(days=1)
            turns.append(Turn([Call("book_casual_day", {"child_id": cid, "date": want.isoformat(), "room": room},
                                    {"booked": False, "reason_code": "ROOM_AT_RATIO",
                                     "message": f"{ROOMS[room]} is at its educator-to-child ratio on {want.isoformat()}.",
                                     "alternatives": alts})]))
            got = dt.date.fromisoformat(alts[0]["date"])
        else:
            got = want
        fee, pct = ch["daily_fee_aud"], ch["ccs_percentage"]
        gapx = round(fee - round(fee * pct / 100, 2), 2)
        bid = f"CB-{r.randint(100000, 999999)}"
        edu = r.choice(EDUCATORS)
        cut = got - dt.timedelta(days=1)
        ok = {"booked": True, "booking_id": bid, "child_id": cid, "date": got.isoformat(), "room": room,
              "educator_on_shift": edu, "fee_aud": fee, "ccs_percentage": pct, "estimated_gap_aud": gapx,
              "free_cancel_until": stamp(cut, 12, 0, Z), "as_of": ch["as_of"]}
        turns.append(Turn([Call("book_casual_day", {"child_id": cid, "date": got.isoformat(), "room": room}, ok)]))
        gc = Call("get_child", {"child_id": cid}, ch)
        history = None
        if ctx.followup:
            history = History().user(f"Which days is {first} booked in for? {cid}")
            history.call([gc])
            history.reply(f"{first} is booked {', '.join(ch['booked_days'])} in {ROOMS[room]} at {ch['centre']}.")
            req = r.choice([f"Could we add a casual day on {want.isoformat()}?", f"Can {first} come in extra on {WKL[want.weekday()]} {want.isoformat()}?"])
        else:
            req = f"Hi, can I book a casual day for {first} ({cid}) on {want.isoformat()}?"
            turns = [Turn([gc])] + turns
        w = Yarn(r, today, Z)
        a = A()
        w.opener(a, followup=ctx.followup)
        if full:
            a.t(f"{w.d(want)} was ")
            w.b(a, "full", neg="available")
            a.t(" in ").x(ROOMS[room], ent=None).t(" (`").x("ROOM_AT_RATIO", attr=r.choice(["ROOM_FULL", "RATIO_EXCEEDED"])).t("` — the room's at its educator ratio that day), so I've ")
            a.x("booked", val="waitlisted").t(" ")
            w.b(a, w.when(got), tmp=w.when(got + dt.timedelta(days=7)), conf=("temporal", w.when(want)))
            a.t(" instead, the first alternative it offered — ").x(w.cnt((got - want).days, "day"), num=w.cnt((got - want).days + 2, "day")).t(" ").x("after", rel="before").t(" the day you asked for.")
        else:
            a.t(f"Done — {first} is ")
            a.x("booked", val="waitlisted").t(" in for ")
            w.b(a, w.when(got), tmp=w.when(got + dt.timedelta(days=1)))
            a.t(" in ").x(ROOMS[room], ent=None).t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Booking ").x(bid, fid=mutate_id(bid, r))
        if r.random() < 0.5:
            a.t(", ").x(edu, ent=r.choice(OTHER_EDUCATORS)).t(" on shift")
        w.pt(a)
        w.li(a)
        a.t("Day fee ").x(w.money(fee), num=w.money(fee + 14)).t(", about ").x(w.money(gapx), num=w.money(gapx + 9)).t(f" after CCS at {pct}%")
        w.pt(a)
        w.li(a)
        a.t("Free to cancel until ").x(w.hm(12), tmp=w.hm(17)).t(" on ").x(w.d(cut), tmp=w.d(cut - dt.timedelta(days=1))).t(" (the day before)")
        w.pt(a)
        w.closer(a, ["Want me to add it to your calendar invite list?", "Shall I let the room know to expect them?"])
        a.ins("claim", "Casual days don't count toward your 42 absence days.")
        a.ins("claim", f"{ROOMS[room]} usually has a spot free on Fridays.")
        a.ins("behavior", "I've also put you on the waitlist for a permanent extra day.")
        a.ins("behavior", "I've sent the booking confirmation to your email.")
        a.ins("elab", "since two children moved up a room this week", clause=True)
        a.ins("cite", f"Receipt: https://families.gumnut.example/receipts/{bid.lower()}-{r.randint(10, 99)}")
        return check(self, Plan(req, turns, a, history.msgs if history else None))

    def handbook(self, ctx):
        r, today = ctx.r, ctx.today
        cid, ch = self._child(r, today)
        first = ch["name"].split()[0]
        booked = [WK.index(x) for x in ch["booked_days"]]
        late5 = r.choice([10.0, 15.0, 20.0])
        excl = r.choice([24, 48])
        notice = r.choice([2, 3, 4])
        close = ch["session"]["end"]
        opn = ch["session"]["start"]
        doc = ("GUMNUT EARLY LEARNING — FAMILY HANDBOOK\n\n"
               "1. HOURS AND SESSIONS\n"
               f"1.1 Centres are open {opn} to {close}, Monday to Friday, except Queensland public holidays.\n"
               f"1.2 A late collection fee of ${late5:.2f} applies for each 5 minutes, or part of 5 minutes, after {close}.\n"
               "2. FEES AND ABSENCES\n"
               "2.1 Fees are charged for every booked day, including absences and public holidays.\n"
               "2.2 Child Care Subsidy can be paid for up to 42 absence days per child each financial year (1 July to 30 June).\n"
               "2.3 Casual days may be cancelled without charge until 12:00 the day before.\n"
               "3. ILLNESS\n"
               f"3.1 Children who have had vomiting or diarrhoea must stay home until {excl} hours after the last episode.\n"
               "3.2 Children with a temperature of 38.0 °C or higher will be sent home.\n"
               "4. CHANGES TO BOOKINGS\n"
               f"4.1 {notice} weeks' notice is required to reduce booked days or to withdraw; fees are charged for booked days during the notice period.\n")
        url = ch["handbook_url"]
        variant = r.choice(["late", "ill", "notice"])
        drop_opts = [wd for wd in booked if wd != today.weekday()]
        if variant == "notice" and (not drop_opts or len(booked) < 2):
            variant = "late"
        ch_h, ch_m = map(int, close.split(":"))
        if variant == "late":
            late = r.choice([7, 12, 20, 25, 33, 40])
            arr = dt.datetime(2026, 1, 1, ch_h, ch_m) + dt.timedelta(minutes=late)
            q = r.choice([f"I'm stuck in traffic and won't get there till {arr.hour:02d}:{arr.minute:02d} tonight. What's the late fee?",
                          f"If I pick {first} up at {arr.hour:02d}:{arr.minute:02d}, how much extra is that?"])
        elif variant == "ill":
            ep = r.choice([(-1, 21, 30), (-1, 23, 10), (0, 5, 40), (0, 6, 15)])
            epi = at(today + dt.timedelta(days=ep[0]), ep[1], ep[2], Z)
            q = (f"{first} was sick (vomiting) {'last night' if ep[0] else 'this morning'} — last time was "
                 f"{epi.hour:02d}:{epi.minute:02d}. When can {'she' if first in ('Isla', 'Matilda', 'Ruby', 'Zara') else 'he'} come back?")
        else:
            drop = r.choice(drop_opts)
            q = f"We'd like to drop {WKL[drop]}s. If I give notice today, when does that kick in?"
        gc = Call("get_child", {"child_id": cid}, ch)
        gh = Call("get_handbook", {"handbook_url": url}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Can you check {first}'s enrolment? {cid}")
            history.call([gc])
            history.reply(f"{first} is in {ROOMS[ch['room']]} at {ch['centre']}, booked {', '.join(ch['booked_days'])}, {opn}–{close}.")
            req = q
            turns = [Turn([gh])]
        else:
            req = f"{cid}: {q}"
            turns = [Turn([gc]), Turn([gh])]
        w = Yarn(r, today, Z)
        fake = lambda real: r.choice([s for s in ["1.3", "2.4", "3.3", "4.2", "5.1"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "late":
            blocks = ceil_div(late, 5)
            fee = blocks * late5
            a.t(f"Arriving at {w.hm(arr.hour, arr.minute)} would be ").x(f"{late} minutes", num=f"{late + 10} minutes").t(" after close, so the late fee is ")
            w.b(a, w.money(fee), num=w.money(fee + late5 * 2))
            a.t(".")
            a.p()
            w.para(a)
            w.li(a)
            a.t("Handbook §").x("1.2", sec=fake("1.2")).t(": ").x(w.money(late5), num=w.money(late5 + 5)).t(" per 5 minutes ").x("or part of", neg="not counting part of").t(" 5 minutes after ").x(w.hm(ch_h, ch_m), tmp=w.hm(ch_h - 1, ch_m))
            w.pt(a)
            w.li(a)
            a.t(f"({w.n(blocks) if blocks < 11 else blocks} blocks × {w.money(late5)} = {w.money(fee)}")
            if late % 5:
                a.t(" — the last block is only part-used but still counts")
            a.t(")")
            w.pt(a)
            w.para(a)
            a.t("Even ").x("5 minutes earlier", rel="5 minutes later").t(" would save ").x(w.money(late5), num=w.money(late5 * 3)).t(", so it's worth a quick call to the room if you can get someone else there")
            a.pc().t(".")
            a.p()
        elif variant == "ill":
            back = epi + dt.timedelta(hours=excl)
            nxt = back.date()
            sh, sm = map(int, opn.split(":"))
            while nxt.weekday() not in booked or at(nxt, sh, sm, Z) < back:
                nxt += dt.timedelta(days=1)
            a.t(f"{first} needs to stay home until ")
            w.b(a, f"{w.t(back)} {w.rel(back.date())}", tmp=f"{w.t(back)} {w.rel(back.date() - dt.timedelta(days=1))}")
            a.t(" — that's ").x(f"{excl} hours", num=f"{excl // 2 if excl == 48 else 12} hours").t(" after the last episode.")
            a.p()
            w.para(a)
            w.li(a)
            a.t("Handbook §").x("3.1", sec=fake("3.1")).t(" (vomiting or diarrhoea)")
            w.pt(a)
            w.li(a)
            a.t("Next booked day after that: ").x(w.rel(nxt), tmp=w.rel(nxt + dt.timedelta(days=7)))
            w.pt(a)
            w.li(a)
            a.t("Booked days while home are ").x("still charged", neg="not charged").t(" (§").x("2.1", sec=fake("2.1")).t(") and count as absences")
            w.pt(a)
            w.para(a)
            a.t("If a temperature turns up, the cut-off is ").x("38.0 °C" if not w.tight else "38.0°C", num="37.5 °C" if not w.tight else "37.5°C").t(" or ").x("higher", rel="lower").pc().t(".")
            a.p()
        else:
            eff = today + dt.timedelta(weeks=notice)
            left = [today + dt.timedelta(days=k) for k in range(1, notice * 7) if (today + dt.timedelta(days=k)).weekday() == drop]
            a.t(f"With {w.n(notice)} weeks' notice from today, the change kicks in ")
            w.b(a, w.rel(eff), tmp=w.rel(eff + dt.timedelta(days=7)))
            a.t(".")
            a.p()
            w.para(a)
            w.li(a)
            a.t("Handbook §").x("4.1", sec=fake("4.1")).t(": ").x(f"{notice} weeks", num=f"{notice + 2} weeks").t(" to reduce days")
            w.pt(a)
            w.li(a)
            a.t(f"{WKL[drop]}s before then are ").x("still charged", neg="not charged").t(": ").x(", ".join(w.d(d, wk=False) for d in left), tmp=", ".join(w.d(d + dt.timedelta(days=7), wk=False) for d in left)).t(f" ({w.cnt(len(left), 'day')})")
            w.pt(a)
            w.li(a)
            a.t(f"That leaves {w.cnt(len(booked) - 1, 'booked day')} a week ").x("after", rel="before").t(" the change")
            w.pt(a)
        w.closer(a, ["Want me to let the room know?", "Happy to put that in writing for you."])
        a.ins("claim", "The centre waives the first late fee each year.")
        a.ins("claim", "Queensland Health sets the same exclusion periods for all centres.")
        a.ins("behavior", "I've noted this on the account so the room knows.")
        a.ins("behavior", "I've already lodged the change request for you.")
        a.ins("elab", "because educators have to stay until every child is collected", clause=True)
        a.ins("cite", f"Policy note: https://families.gumnut.example/handbook/notes/pol-{r.randint(100, 999)}")
        return check(self, Plan(req, turns, a, history.msgs if history else None))
