"""fitness_club (set d): gym membership and dues, class search and booking, visit history, house rules (freeze/cancel)."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, mutate_id, other_than, plural,
                     s_bool, s_date, s_int, s_obj, s_str)
from .dstyle import (bye, datefmt, days_between, fake_attr, fake_section, head, hello, in_days, lab, listing, ordinal,
                     shift_time, timefmt, usd)

BASE = "https://api.ironleaf.example/member/v3"
CLUBS = [("CLB-014", "Ironleaf Riverside"), ("CLB-027", "Ironleaf Midtown"), ("CLB-031", "Ironleaf Westfield"),
         ("CLB-008", "Ironleaf Harborside"), ("CLB-042", "Ironleaf Union Square")]
OTHER_CLUBS = ["Ironleaf Lakeview", "Ironleaf Northpoint", "Ironleaf Old Town"]
INSTRUCTORS = ["Keisha Moran", "Tomás Ibarra", "Leah Brandt", "Ravi Menon", "Sofia Lindgren", "Marcus Ode", "Hana Sato",
               "Dmitri Volkov", "Ama Boateng"]
OTHER_INSTRUCTORS = ["Jenna Whitlock", "Carlos Reyes", "Priya Anand", "Ben Hollis"]
CLASSES = {"spin": ["Rhythm Ride", "Power Climb", "Endurance Ride"], "yoga": ["Vinyasa Flow", "Yin & Restore", "Power Yoga"],
           "hiit": ["Metcon 30", "Tabata Blast", "Bootcamp"], "pilates": ["Mat Pilates", "Reformer Foundations"],
           "strength": ["Barbell Basics", "Total Body Strength", "Kettlebell Circuit"]}
ROOMS = {"spin": "Cycle Studio", "yoga": "Studio B", "hiit": "Turf Zone", "pilates": "Reformer Room", "strength": "Studio A"}
TIERS = [("Core", "34.99", 4, 0), ("Plus", "54.99", 8, 2), ("Elite", "79.99", 16, 4)]
FAKE_STATUS = ["waitlist_pending", "booked_waitlist", "queued", "reserved", "pending_confirmation", "held", "confirmed"]


def rules_doc(hours, fee, maxm, freeze_fee, notice, cn, etf):
    return ("# Ironleaf Fitness — Membership & House Rules\n\n"
            "## 1. Club access\n1.1 Members may use any Ironleaf club during staffed hours.\n"
            "1.2 24-hour access is available at the member's home club only.\n\n"
            "## 3. Class bookings\n3.1 Classes can be booked up to 7 days in advance.\n"
            f"3.2 Bookings cancelled less than {hours} hours before the class starts forfeit the class credit and incur a "
            f"${fee} late-cancellation fee.\n3.3 Waitlisted members are moved into the class automatically when a spot "
            "opens and are notified in the app.\n\n"
            f"## 5. Membership freezes\n5.1 A membership may be frozen for 1 to {maxm} months per calendar year.\n"
            f"5.2 A frozen membership is billed ${freeze_fee} per month.\n"
            f"5.3 Freeze requests must be made at least {notice} days before the next billing date.\n\n"
            f"## 6. Cancellation\n6.1 Month-to-month memberships may be cancelled with {cn} days' notice.\n"
            "6.2 Dues continue to be billed during the notice period.\n"
            f"6.3 Memberships under a 12-month commitment may be cancelled early for a fee of ${etf}.\n")


def next_billing(today, day):
    d = today.replace(day=day)
    if d <= today:
        d = (today.replace(day=1) + dt.timedelta(days=32)).replace(day=day)
    return d


class Fitness(Scenario):
    name = "fitness_club"
    agent = "Coach Ivy"
    service = "ironleaf-member-concierge"
    system = ("You are Coach Ivy, the Ironleaf Fitness member assistant. Use the tools to answer questions about the "
              "member's plan, dues, class credits and visits, to find and book group classes, and to explain the "
              "house rules. Book classes only when the member asks you to.")
    error_style = 0
    entity_noun = {"member_id": "Member", "class_id": "Class", "club_id": "Club", "rules_path": "Document"}
    preambles = ["Let me check your membership.", "Looking at the class schedule.", "Pulling up your account."]

    def __init__(self):
        mid = s_str("Member number, 'M' followed by 7 digits.", pattern=r"^M\d{7}$")
        self.tools = [
            Tool("get_membership", "A member's plan, dues, billing date, class credits, guest passes and home club.",
                 s_obj({"member_id": mid}, ["member_id"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("include_payment_method", True)]),
            Tool("search_classes", "Group classes at a club on a date.",
                 s_obj({"club_id": s_str("Club id, e.g. 'CLB-014'.", pattern=r"^CLB-\d{3}$"),
                        "date": s_date("Class date (YYYY-MM-DD)."),
                        "category": s_str("Class type.", enum=["spin", "yoga", "hiit", "pilates", "strength"]),
                        "time_of_day": s_str("Part of the day.", enum=["morning", "afternoon", "evening", "any"])},
                       ["club_id", "date"]),
                 entity={"club_id": "id"}, http=BASE, extra=[("instructor", "any"), ("limit", 10)]),
            Tool("book_class", "Book a class (or join its waitlist when full) for a member.",
                 s_obj({"member_id": mid, "class_id": s_str("Class id from search_classes.", pattern=r"^C\d{8}$"),
                        "join_waitlist": s_bool("Join the waitlist if the class is full.")},
                       ["member_id", "class_id"]),
                 entity={"member_id": "id", "class_id": "id"}, http=BASE, extra=[("notify", "sms")]),
            Tool("get_visit_log", "Club check-ins of a member between two dates.",
                 s_obj({"member_id": mid, "from_date": s_date("First day (YYYY-MM-DD)."), "to_date": s_date("Last day (YYYY-MM-DD)."),
                        "limit": s_int("Maximum number of visits.", 1, 100)},
                       ["member_id", "from_date", "to_date"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("club_id", "all")]),
            Tool("get_club_rules", "Membership and house rules document of a club (Markdown, numbered sections).",
                 s_obj({"rules_path": s_str("Path of the rules document, from get_membership.",
                                            pattern=r"^/clubs/clb-\d{3}/[a-z0-9-]+\.md$")}, ["rules_path"]),
                 entity={"rules_path": "path"}, extra=[("version", "latest")]),
        ]
        self.intents = [("membership_summary", self.summary, False), ("book_class", self.book, True),
                        ("visit_stats", self.visits, False), ("freeze_or_cancel", self.rules, True)]

    # ------------------------------------------------------------------ data
    def member(self, r: R, today, commit=None):
        mid = "M" + r.digits(7)
        cid, cname = r.choice(CLUBS)
        tier, dues, credits, guests = r.choice(TIERS)
        bday = r.choice([1, 5, 12, 15, 20, 26])
        nb = next_billing(today, bday)
        used = r.randint(0, credits)
        commit = commit if commit is not None else r.random() < 0.4
        start = today - dt.timedelta(days=r.randint(60, 700))
        addons = r.pick([{"name": "Towel service", "monthly": "6.00"}, {"name": "Locker rental", "monthly": "9.50"},
                         {"name": "Recovery lounge", "monthly": "15.00"}], r.choice([0, 1, 1, 2]))
        m = {"memberId": mid, "firstName": r.choice(["Jordan", "Avery", "Sam", "Riley", "Noor", "Elliot", "Mei", "Dario"]),
             "asOf": today.isoformat(), "status": "active", "tier": tier, "monthlyDues": dues, "billingDay": bday,
             "nextBillingDate": nb.isoformat(), "memberSince": start.isoformat(),
             "commitment": {"type": "12_month" if commit else "month_to_month",
                            "endsOn": (start + dt.timedelta(days=365 * (1 + (today - start).days // 365))).isoformat() if commit else None},
             "classCredits": {"monthlyAllowance": credits, "used": used, "remaining": credits - used, "resetsOn": nb.isoformat()},
             "guestPasses": {"perMonth": guests, "remaining": r.randint(0, guests)},
             "addOns": addons,
             "homeClub": {"clubId": cid, "name": cname, "rulesPath": f"/clubs/{cid.lower()}/house-rules.md"}}
        return m

    # ------------------------------------------------------------------ intents
    def summary(self, ctx):
        r, today = ctx.r, ctx.today
        m = self.member(r, today)
        req = r.choice([f"What am I paying each month and how many class credits do I have left? Member {m['memberId']}",
                        f"Quick summary of my membership please — {m['memberId']}",
                        f"When's my next payment and what does it cover? I'm {m['memberId']}."])
        return Plan(req, [Turn([Call("get_membership", {"member_id": m["memberId"]}, m)])], self.summary_answer(r, m))

    def summary_answer(self, r: R, m):
        fd = datefmt(r, ["long", "med", "wd"])
        dues = float(m["monthlyDues"])
        adds = m["addOns"]
        add_tot = sum(float(x["monthly"]) for x in adds)
        total = dues + add_tot
        nb = m["nextBillingDate"]
        dleft = days_between(m["asOf"], nb)
        cr = m["classCredits"]
        gp = m["guestPasses"]
        blob = str(m)
        other_tier = r.choice([t[0] for t in TIERS if t[0] != m["tier"]])
        a = A()
        layout = r.choice(["labels", "table", "prose"])
        if layout == "labels":
            hello(a, r, sep="\n\n")
            a(head(r, f"Your {m['tier']} membership"))
            a("- ", lab("Monthly dues")).x(usd(dues), num=usd(bump(dues, r)), conf=("numerical", usd(total)) if adds else None).pb().t("\n")
            if adds:
                a("- ", lab("Add-ons")).t(listing(f"{x['name'].lower()} ({usd(x['monthly'])})" for x in adds)).pb().t("\n")
                a("- ", lab("Total each month")).x(usd(total), num=usd(bump(total, r))).pb().t("\n")
            a("- ", lab("Next charge")).x(fd(nb), tmp=fd(dt.date.fromisoformat(nb) + dt.timedelta(days=r.choice([3, 7, 14])))).t(" (").x(in_days(dleft), num=f"in {dleft + r.choice([5, 9])} days" if dleft > 1 else None).t(")").pb().t("\n")
            a("- ", lab("Class credits")).x(f"{cr['remaining']} of {cr['monthlyAllowance']}", num=f"{bump_int(cr['remaining'], r, (1, 2, 3)) if cr['remaining'] < cr['monthlyAllowance'] else cr['remaining'] - 2} of {cr['monthlyAllowance']}").t(" left, resetting on ").x(fd(cr["resetsOn"]), tmp=fd(dt.date.fromisoformat(cr["resetsOn"]) + dt.timedelta(days=r.choice([1, 7])))).pb().t("\n")
            if gp["perMonth"]:
                a("- ", lab("Guest passes")).x(f"{gp['remaining']} of {gp['perMonth']}", num=f"{gp['perMonth'] + 1} of {gp['perMonth'] + 1}" if gp['remaining'] == gp['perMonth'] else f"{gp['perMonth']} of {gp['perMonth']}").t(" remaining").pb().t("\n")
            a("- ", lab("Home club")).x(m["homeClub"]["name"], ent=other_than(r, OTHER_CLUBS, blob=blob)).pb().t("\n\n")
        elif layout == "table":
            hello(a, r, sep="\n\n")
            a("Here's what you're billed each month:\n\n| Item | Monthly |\n|---|---|\n")
            a(f"| {m['tier']} membership | ").x(usd(dues), num=usd(bump(dues, r))).t(" |\n")
            for x in adds:
                a(f"| {x['name']} | {usd(x['monthly'])} |\n")
            a("| **Total** | **").x(usd(total), num=usd(bump(total, r)), conf=("numerical", usd(dues)) if adds else None).t("** |\n\n")
            a("The next charge goes through on ").x(fd(nb), tmp=fd(dt.date.fromisoformat(nb) + dt.timedelta(days=r.choice([3, 7, 14])))).t(", ").x(in_days(dleft), num=f"in {dleft + r.choice([5, 9])} days" if dleft > 1 else None).t(".").p()
            a(" You have ").x(plural(cr["remaining"], "class credit"), num=plural(cr["remaining"] + r.choice([2, 3]), "class credit")).t(" left this cycle (you've used ")
            a.x(str(cr["used"]), num=str(cr["used"] + r.choice([2, 3]))).t(f" of {cr['monthlyAllowance']})").pc().t(".").p()
            a("\n\n")
        else:
            hello(a, r, sep=" ")
            a("You're on the ").x(m["tier"], val=other_tier).t(" plan at ").x(m["homeClub"]["name"], ent=other_than(r, OTHER_CLUBS, blob=blob)).t(", paying ").x(usd(dues), num=usd(bump(dues, r))).t(" a month")
            if adds:
                a(" plus ").t(listing(f"{x['name'].lower()} ({usd(x['monthly'])})" for x in adds)).t(", so ").x(usd(total), num=usd(bump(total, r)), conf=("numerical", usd(dues))).t(" in total")
            a(".").p()
            a(" Your next payment is on the ").x(ordinal(dt.date.fromisoformat(nb).day), tmp=ordinal(dt.date.fromisoformat(nb).day + r.choice([1, 2, 3]))).t(f" ({fd(nb)})")
            if cr["remaining"]:
                a(", and your ").x(str(cr["remaining"]), num=str(cr["remaining"] + r.choice([2, 4])))
                a(" remaining class credit" + ("s reset" if cr["remaining"] != 1 else " resets") + " that same day").pc().t(".").p()
            else:
                a(", which is also when your class credits reset").pc().t(".").p()
            a("\n\n")
        if m["commitment"]["type"] == "12_month":
            a("You're ").x("on a 12-month commitment", neg="not on a commitment").t(" that runs until ").x(fd(m["commitment"]["endsOn"]), tmp=fd(dt.date.fromisoformat(m["commitment"]["endsOn"]) + dt.timedelta(days=r.choice([30, 61])))).t(".").p()
        else:
            a("Your plan is ")
            if r.random() >= 0.45:
                a.x("month-to-month, so there's no long-term contract", val="on a 12-month commitment").t(".").p()
            else:
                a("month-to-month")
                a(" (commitment type ").x("`month_to_month`", attr=f"`{fake_attr(r, 'month_to_month', blob, ['monthly_rolling', 'no_commitment', 'rolling_monthly', 'flex_monthly'])}`").t(")")
                a(", so there's no long-term contract.").p()
        if cr["used"] * 2 != cr["monthlyAllowance"] and cr["remaining"] > 0:
            a(" So far you've used ").x("more than" if cr["used"] * 2 > cr["monthlyAllowance"] else "less than", rel="less than" if cr["used"] * 2 > cr["monthlyAllowance"] else "more than").t(" half of this month's credits.").p()
        if cr["remaining"] == 0:
            a(" You've ").x("used all", neg="still got some").t(" of this month's class credits; they reset on ").t(fd(cr["resetsOn"])).t(".").p()
        elif cr["remaining"] <= 2:
            a(" Credits are getting low, so it might be worth saving them for the classes you care about most.").p()
        a.pp()
        bye(a, r, offers=["Want me to look for classes this week?", f"If you'd like, I can compare the {m['tier']} plan with the other tiers."])
        a.ins("claim", "Unused class credits roll over for one month.")
        a.ins("claim", "Your plan also includes two free personal training sessions a year.")
        a.ins("behavior", "I've switched your billing to the 1st of the month to line up with your paycheck.")
        a.ins("behavior", "I've added a guest pass to your account for this month.")
        a.ins("elab", "which is the most popular plan at your club", clause=True)
        a.ins("elab", "Dues for this tier went up at the start of the year for all members.")
        a.ins("cite", f"Your billing reference is IL-{r.upalnum(8)}.")
        return a

    def classes(self, r: R, today, club, cat, day):
        out = []
        hours = sorted(r.sample([6, 7, 9, 12, 17, 18, 19], 3))
        for h in hours:
            name = r.choice(CLASSES[cat])
            dur = r.choice([30, 45, 45, 60])
            cap = r.choice([20, 24, 28, 30]) if cat != "pilates" else 12
            left = r.choice([0, 0, 1, 2, 3, 5, 8])
            start = dt.datetime(day.year, day.month, day.day, h, r.choice([0, 15, 30]))
            out.append({"classId": "C" + r.digits(8), "name": f"{name} {dur}", "category": cat, "instructor": r.choice(INSTRUCTORS),
                        "start": start.strftime("%Y-%m-%dT%H:%M:00") + "-05:00", "durationMin": dur, "room": ROOMS[cat],
                        "capacity": cap, "spotsLeft": left, "waitlistCount": r.randint(1, 6) if left == 0 else 0,
                        "creditCost": 1})
        return out

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        m = self.member(r, today)
        mid = m["memberId"]
        cid, cname = m["homeClub"]["clubId"], m["homeClub"]["name"]
        cat = r.choice(list(CLASSES))
        day = today + dt.timedelta(days=r.randint(1, 5))
        cls = self.classes(r, today, cid, cat, day)
        pick = r.choice(cls)
        full = pick["spotsLeft"] == 0
        st = dt.datetime.fromisoformat(pick["start"])
        hours = r.choice([8, 12])
        cutoff = st - dt.timedelta(hours=hours)
        res = {"bookingId": "BK-" + r.upalnum(7), "classId": pick["classId"], "memberId": mid,
               "status": "waitlisted" if full else "booked",
               "waitlistPosition": pick["waitlistCount"] + 1 if full else None,
               "lateCancelCutoff": cutoff.isoformat(), "creditsCharged": 0 if full else 1,
               "creditsRemaining": m["classCredits"]["remaining"] - (0 if full else 1)}
        if full:
            res["autoPromoteFromWaitlist"] = True
        if m["classCredits"]["remaining"] == 0:
            m["classCredits"]["remaining"] = 1
            m["classCredits"]["used"] = m["classCredits"]["monthlyAllowance"] - 1
            res["creditsRemaining"] = 1 - (0 if full else 1)
        sargs = {"club_id": cid, "date": day.isoformat(), "category": cat}
        if r.random() < 0.5:
            sargs["time_of_day"] = "any"
        sc = Call("search_classes", sargs, {"clubId": cid, "clubName": cname, "date": day.isoformat(), "classes": cls})
        bargs = {"member_id": mid, "class_id": pick["classId"]}
        if full or r.random() < 0.3:
            bargs["join_waitlist"] = True
        bk = Call("book_class", bargs, res)
        tf = timefmt(r, ["12", "12c", "24"])
        fd = datefmt(r, ["long", "med", "wd"])
        history = None
        if ctx.followup:
            history = History().user(f"I'm member {mid}. What {cat} classes are there at {cname} ({cid}) on {fd(day)}?")
            history.call([sc])
            history.reply(f"On {fd(day)} at {cname}: " + "; ".join(f"{c['name']} at {tf(c['start'])} with {c['instructor']} ({c['spotsLeft']} spots left)" for c in cls) + ".")
            req = r.choice([f"Book me into the {tf(pick['start'])} one please.", f"Great, sign me up for {pick['name']} at {tf(pick['start'])}."])
            turns = [Turn([bk])]
        else:
            req = r.choice([f"Can you book me a {cat} class at {cname} on {fd(day)} around {tf(pick['start'])}? Member {mid}, club {cid}.",
                            f"Member {mid}: I'd like the {tf(pick['start'])} {cat} class on {fd(day)} at {cname} ({cid})."])
            turns = [Turn([sc]), Turn([bk])]
        return Plan(req, turns, self.book_answer(r, m, cls, pick, res, tf, fd), history.msgs if history else None)

    def book_answer(self, r: R, m, cls, pick, res, tf, fd):
        st = dt.datetime.fromisoformat(pick["start"])
        end = st + dt.timedelta(minutes=pick["durationMin"])
        cut = dt.datetime.fromisoformat(res["lateCancelCutoff"])
        full = res["status"] == "waitlisted"
        blob = str(m) + str(cls) + str(res)
        others = [c for c in cls if c is not pick]
        open_other = [c for c in others if c["spotsLeft"] > 0]
        a = A()
        layout = r.choice(["card", "prose"])
        if layout == "card":
            hello(a, r, sep="\n\n")
            if full:
                a("That class is full, so I've added you to the ").x("waitlist", val="class roster").t(":\n\n")
            else:
                a("You're ").x("booked", val="waitlisted").t("! Here are the details:\n\n")
            a(lab("Class")).t(pick["name"]).t(" with ").x(pick["instructor"], ent=other_than(r, OTHER_INSTRUCTORS, blob=blob),
                                                        conf=("entity", others[0]["instructor"]) if others[0]["instructor"] != pick["instructor"] else None).t("  \n")
            a(lab("When")).t(f"{fd(st.date())}, ").x(tf(pick["start"]), tmp=tf(shift_time(pick["start"], r.choice([-60, 30, 60])))).t("–").x(tf(end.strftime("%H:%M")), tmp=None).t("  \n")
            a(lab("Where")).t(f"{pick['room']}, {m['homeClub']['name']}  \n")
            if full:
                a(lab("Waitlist position")).x(f"#{res['waitlistPosition']}", num=f"#{res['waitlistPosition'] + r.choice([2, 3])}").t("  \n")
            a(lab("Booking")).x(res["bookingId"], fid="BK-" + mutate_id(res["bookingId"][3:], r)).t(" (status ").x(f"`{res['status']}`", attr=f"`{fake_attr(r, res['status'], blob, FAKE_STATUS)}`").t(")\n\n")
        else:
            hello(a, r, sep=" ")
            if full:
                a(f"The {tf(pick['start'])} {pick['name']} with ").x(pick["instructor"], ent=other_than(r, OTHER_INSTRUCTORS, blob=blob)).t(" is ").x("full", val="open").t(", so you're on the waitlist at position ")
                a.x(str(res["waitlistPosition"]), num=str(res["waitlistPosition"] + r.choice([2, 3]))).t(" — ")
                a.x("no credit has been used yet", neg="a credit has already been used").t(".").p()
            else:
                a("Done — you're booked into ").t(pick["name"]).t(" with ").x(pick["instructor"], ent=other_than(r, OTHER_INSTRUCTORS, blob=blob)).t(" on ").t(fd(st.date())).t(" at ")
                a.x(tf(pick["start"]), tmp=tf(shift_time(pick["start"], r.choice([-60, 30, 60])))).t(f" ({pick['room']}).").p()
                a(" It runs ").x(f"{pick['durationMin']} minutes", num=f"{pick['durationMin'] + 15} minutes").t(", so you'll be done by ").x(tf(end.strftime("%H:%M")), tmp=tf((end + dt.timedelta(minutes=30)).strftime("%H:%M"))).t(".").p()
            a(" Your booking reference is ").x(res["bookingId"], fid="BK-" + mutate_id(res["bookingId"][3:], r)).t(".").p()
            a("\n\n")
        if full:
            a("If a spot opens up you'll be moved in automatically").pc().t(".").p()
            if open_other:
                oc = open_other[0]
                a(" If you'd rather have a guaranteed spot, the ").x(tf(oc["start"]), tmp=tf(shift_time(oc["start"], r.choice([-60, 60])))).t(f" {oc['name']} still has ")
                a.x(plural(oc["spotsLeft"], "spot"), num=plural(oc["spotsLeft"] + r.choice([3, 5]), "spot"), conf=("numerical", plural(pick["capacity"], "spot"))).t(" left.").p()
        else:
            a("That used ").x("1 class credit", num="2 class credits").t(", leaving you ").x(plural(res["creditsRemaining"], "credit") if res["creditsRemaining"] else "no credits", num=plural(res["creditsRemaining"] + r.choice([2, 3]), "credit")).t(" for the rest of this cycle.").p()
            a(" If your plans change, cancel before ").x(tf(cut.strftime("%H:%M")), tmp=tf((cut + dt.timedelta(hours=r.choice([2, 4]))).strftime("%H:%M"))).t(" on ").t(fd(cut.date()))
            a(" — that's ").x(f"{int((st - cut).total_seconds() // 3600)} hours", num=f"{int((st - cut).total_seconds() // 3600) + r.choice([4, 12])} hours").t(" before class — so the late-cancel rules don't kick in.").p()
        a.pp()
        bye(a, r, offers=["Want me to add it to your calendar?", "Should I look for a class on another day too?"])
        a.ins("claim", "Bikes in the front row are reserved for members who arrive 10 minutes early.")
        a.ins("claim", f"{pick['instructor']} is subbing for the regular instructor that day.")
        a.ins("behavior", "I've also booked you into the same class next week.")
        a.ins("behavior", "I've reserved a towel and a locker for you.")
        a.ins("elab", "since evening classes at this club tend to fill up a day ahead", clause=True)
        a.ins("elab", "This class has been one of the busiest on the schedule this month.")
        a.ins("cite", f"Your check-in code for the class is QR-{r.upalnum(8)}.")
        return a

    def visits(self, ctx):
        r, today = ctx.r, ctx.today
        m = self.member(r, today)
        mid = m["memberId"]
        weeks = r.choice([2, 4, 4, 6])
        start = today - dt.timedelta(days=7 * weeks)
        end = today - dt.timedelta(days=1)
        visits = []
        d = start
        clubs = [m["homeClub"]["name"]] * 4 + [r.choice([c[1] for c in CLUBS if c[1] != m["homeClub"]["name"]])]
        while d <= end:
            if r.random() < r.choice([0.3, 0.45, 0.55]):
                h = r.choice([6, 7, 12, 17, 18, 19])
                mi = r.choice([0, 5, 12, 20, 34, 41, 50])
                dur = r.randint(38, 105)
                ci = dt.datetime(d.year, d.month, d.day, h, mi)
                co = ci + dt.timedelta(minutes=dur)
                visits.append({"date": d.isoformat(), "checkIn": ci.strftime("%H:%M"), "checkOut": co.strftime("%H:%M"),
                               "club": r.choice(clubs)})
            d += dt.timedelta(days=1)
        if len(visits) < 3:
            for k in range(3 - len(visits)):
                dd = end - dt.timedelta(days=2 * k + 1)
                visits.append({"date": dd.isoformat(), "checkIn": "07:10", "checkOut": "08:05", "club": m["homeClub"]["name"]})
            visits.sort(key=lambda v: v["date"])
        res = {"memberId": mid, "from": start.isoformat(), "to": end.isoformat(), "visitCount": str(len(visits)),
               "weeklyGoal": r.choice([2, 3, 3, 4]), "visits": visits}
        args = {"member_id": mid, "from_date": start.isoformat(), "to_date": end.isoformat()}
        if r.random() < 0.4:
            args["limit"] = 100
        fd = datefmt(r, ["med", "uk"])
        req = r.choice([f"How often have I been to the gym over the last {weeks} weeks? Member {mid}",
                        f"Am I hitting my weekly goal? Check my visits since {fd(start)} — {mid}",
                        f"{mid}: give me my gym stats for the past {weeks} weeks"])
        return Plan(req, [Turn([Call("get_visit_log", args, res)])], self.visits_answer(r, m, res, weeks))

    def visits_answer(self, r: R, m, res, weeks):
        fd = datefmt(r, ["med", "wd", "uk"])
        vs = res["visits"]
        n = len(vs)
        mins = [(dt.datetime.strptime(v["checkOut"], "%H:%M") - dt.datetime.strptime(v["checkIn"], "%H:%M")).seconds // 60 for v in vs]
        avg = sum(mins) / n
        per_week = n / weeks
        goal = res["weeklyGoal"]
        longest = max(range(n), key=lambda i: mins[i])
        total_h = sum(mins) / 60
        from collections import Counter
        wd = Counter(dt.date.fromisoformat(v["date"]).strftime("%A") for v in vs)
        top_day, top_n = sorted(wd.items(), key=lambda kv: (-kv[1], kv[0]))[0]
        tie = sum(1 for v in wd.values() if v == top_n) > 1
        away = [v for v in vs if v["club"] != m["homeClub"]["name"]]
        blob = str(m) + str(res)
        a = A()
        layout = r.choice(["stats", "prose"])
        if layout == "stats":
            a(head(r, f"Your last {weeks} weeks"))
            a("| | |\n|---|---|\n")
            a("| Visits | ").x(str(n), num=str(n + r.choice([3, 4, 5]))).t(" |\n")
            a("| Per week | ").x(f"{per_week:.1f}", num=f"{per_week + r.choice([1.0, 1.5]):.1f}").t(" |\n")
            a("| Average session | ").x(f"{avg:.0f} min", num=f"{avg + r.choice([15, 20, -15]):.0f} min").t(" |\n")
            a("| Total time | ").x(f"about {total_h:.0f} hours" if total_h >= 2 else f"{sum(mins)} minutes", num=f"about {total_h + r.choice([4, 6]):.0f} hours" if total_h >= 2 else None).t(" |\n\n")
        else:
            hello(a, r, sep=" ")
            a(f"Since {fd(res['from'])} you've checked in ").x(plural(n, "time"), num=plural(n + r.choice([3, 4, 5]), "time")).t(" — that's about ")
            a.x(f"{per_week:.1f} visits a week", num=f"{per_week + r.choice([1.0, 1.5]):.1f} visits a week").t(", with an average session of ").x(f"{avg:.0f} minutes", num=f"{avg + r.choice([15, 20, -15]):.0f} minutes").t(".").p()
            a("\n\n")
        a("Your weekly goal is ").x(plural(goal, "visit"), num=plural(goal + 2, "visit")).t(", so you're ")
        if per_week >= goal:
            a.x("on track", val="falling short").t(" — ").x("ahead of" if per_week > goal else "right at", rel="behind" if per_week > goal else None).t(" the target").pc().t(".").p()
        else:
            a.x("behind", rel="ahead of").t(" it").t(f" (about {plural(goal * weeks - n, 'visit')} short over {weeks} weeks).").p()
        a(" Your longest session was ").x(f"{mins[longest]} minutes", num=f"{mins[longest] + r.choice([20, 30])} minutes").t(" on ").x(fd(vs[longest]["date"]), tmp=fd(dt.date.fromisoformat(vs[longest]["date"]) + dt.timedelta(days=r.choice([1, 2, 3]))))
        a(".").p()
        if not tie and top_n > 1:
            a(" ").t(top_day).t("s are your most frequent day, with ").x(str(top_n), num=str(top_n + 2)).t(" visits.").p()
        if away:
            a(" You also visited ").x(away[0]["club"], ent=other_than(r, OTHER_CLUBS, blob=blob)).t(f" {plural(len(away), 'time') if len(away) > 1 else 'once'}").t(".").p()
        else:
            a(" Every visit ").x("was at", neg="wasn't at").t(f" your home club, {m['homeClub']['name']}.").p()
        a.pp()
        bye(a, r, offers=["Want me to suggest a few classes to help you hit your goal?", "If you'd like, I can set a weekly reminder."])
        a.ins("claim", "Members who hit their goal for eight weeks in a row get a free month.")
        a.ins("claim", "Your visits are up compared with the previous period.")
        a.ins("behavior", "I've raised your weekly goal to match your recent pace.")
        a.ins("behavior", "I've shared this summary with your personal trainer.")
        a.ins("elab", "mostly thanks to your early-morning sessions", clause=True)
        a.ins("elab", "Mid-week mornings are usually the quietest time at your club.")
        a.ins("cite", f"Your activity report ID is AR-{r.digits(7)}.")
        return a

    def rules(self, ctx):
        r, today = ctx.r, ctx.today
        m = self.member(r, today)
        mid = m["memberId"]
        hours = r.choice([8, 12])
        fee = r.choice(["10.00", "12.00", "15.00"])
        maxm = r.choice([2, 3])
        ffee = r.choice(["9.99", "12.00", "15.00"])
        notice = r.choice([5, 7, 10])
        cn = 30
        etf = r.choice(["99.00", "149.00", "199.00"])
        doc = rules_doc(hours, fee, maxm, ffee, notice, cn, etf)
        gm = Call("get_membership", {"member_id": mid}, m)
        gr = Call("get_club_rules", {"rules_path": m["homeClub"]["rulesPath"]}, doc)
        q = r.choice(["freeze", "cancel", "late_cancel"])
        history = None
        qtext = {"freeze": "I'm travelling for work for a while — can I freeze my membership, and what does it cost?",
                 "cancel": "How do I cancel, and when would my last payment be?",
                 "late_cancel": "What happens if I cancel a class booking at the last minute?"}[q]
        if ctx.followup:
            history = History().user(f"What plan am I on? Member {mid}.")
            history.call([gm])
            history.reply(f"You're on the {m['tier']} plan at {m['homeClub']['name']}, {usd(m['monthlyDues'])} a month, billed on the {ordinal(m['billingDay'])}.")
            req = qtext
            turns = [Turn([gr])]
        else:
            req = f"{qtext} I'm member {mid}."
            turns = [Turn([gm]), Turn([gr])]
        return Plan(req, turns, self.rules_answer(r, m, doc, q, hours, fee, maxm, ffee, notice, cn, etf), history.msgs if history else None)

    def rules_answer(self, r: R, m, doc, q, hours, fee, maxm, ffee, notice, cn, etf):
        fd = datefmt(r, ["long", "med", "full"])
        pool = ["3.4", "3.5", "5.4", "5.5", "6.4", "6.5", "7.1", "4.2", "2.1"]
        nb = dt.date.fromisoformat(m["nextBillingDate"])
        asof = dt.date.fromisoformat(m["asOf"])
        dues = float(m["monthlyDues"])
        blob = str(m) + doc
        a = A()
        hello(a, r, sep=" ")
        if q == "freeze":
            deadline = nb - dt.timedelta(days=notice)
            a("Yes, you can. Under the house rules:\n\n")
            a("- **How long:** ").x(f"1 to {maxm} months", num=f"1 to {maxm + 3} months").t(" per calendar year (section ").x("5.1", sec=fake_section(r, "5.1", doc, pool)).t(")").pb().t("\n")
            a("- **Cost:** ").x(usd(ffee), num=usd(bump(float(ffee), r))).t(" a month while frozen, instead of your usual ").x(usd(dues), num=usd(bump(dues, r))).t(" (section ").x("5.2", sec=fake_section(r, "5.2", doc, pool)).t(")").pb().t("\n")
            a("- **Notice:** at least ").x(f"{notice} days", num=f"{notice + r.choice([5, 9])} days").t(" before your next billing date (section ").x("5.3", sec=fake_section(r, "5.3", doc, pool)).t(")").pb().t("\n\n")
            save = dues - float(ffee)
            a("Your next billing date is ").x(fd(nb), tmp=fd(nb + dt.timedelta(days=r.choice([7, 14])))).t(", so to freeze from then you'd need to ask by ")
            if deadline >= asof:
                a.x(fd(deadline), tmp=fd(deadline + dt.timedelta(days=r.choice([3, 5])))).pc().t(".").p()
            else:
                a.x(fd(deadline), tmp=fd(deadline + dt.timedelta(days=r.choice([3, 5])))).t(" — which has already passed, so the earliest freeze would start the billing date after that").pc().t(".").p()
            a(" Over a ").t(f"{maxm}-month").t(" freeze you'd save ").x(usd(save * maxm), num=usd(bump(save * maxm, r))).t(f" compared with paying full dues ({usd(save)} a month).").p()
        elif q == "cancel":
            if m["commitment"]["type"] == "12_month":
                ends = dt.date.fromisoformat(m["commitment"]["endsOn"])
                a("You're on a 12-month commitment that ").x("runs until", val="ended on").t(" ").x(fd(ends), tmp=fd(ends + dt.timedelta(days=r.choice([30, 61])))).t(", so cancelling before then means the early-cancellation fee of ")
                a.x(usd(etf), num=usd(bump(float(etf), r))).t(" under section ").x("6.3", sec=fake_section(r, "6.3", doc, pool)).t(".").p()
                a(f"\n\nIf you'd prefer to avoid the fee, you could wait until the commitment ends on {fd(ends)} and then give ")
                a.x(f"{cn} days' notice", num=f"{cn + 30} days' notice").t(" (section ").x("6.1", sec=fake_section(r, "6.1", doc, pool)).t(").").p()
            else:
                end = asof + dt.timedelta(days=cn)
                bills = []
                d = nb
                while d <= end:
                    bills.append(d)
                    d = (d.replace(day=1) + dt.timedelta(days=32)).replace(day=m["billingDay"])
                a("Since you're ").x("month-to-month", val="on a 12-month commitment").t(", you can cancel with ").x(f"{cn} days' notice", num=f"{cn + 30} days' notice").t(" (section ").x("6.1", sec=fake_section(r, "6.1", doc, pool)).t(").").p()
                a(" Dues are ").x("still billed", neg="not billed").t(" during the notice period (section ").x("6.2", sec=fake_section(r, "6.2", doc, pool)).t("), so if you give notice today:\n\n")
                a("- notice period ends: ").x(fd(end), tmp=fd(end + dt.timedelta(days=r.choice([7, 14])))).pb().t("\n")
                if bills:
                    a("- remaining payments: ").x(listing(fd(b) for b in bills), tmp=None).t(" (").x(usd(dues * len(bills)), num=usd(bump(dues * len(bills), r))).t(" in dues)").pb()
                else:
                    a("- no further payments fall inside that window").pb()
                a("\n\nThere's ").x("no cancellation fee", neg="a cancellation fee").t(" on a month-to-month plan.").p()
        else:
            a("Section ").x("3.2", sec=fake_section(r, "3.2", doc, pool)).t(" covers this: if you cancel ").x(f"less than {hours} hours", num=f"less than {hours + r.choice([4, 12])} hours").t(" before a class starts, you ")
            a.x("lose the class credit", neg="keep the class credit").t(" and pay a ").x(usd(fee), num=usd(bump(float(fee), r))).t(" late-cancellation fee.").p()
            a(f"\n\nSo for an evening class at 6:00 PM, you'd want to cancel by ").x(f"{(18 - hours) % 12 or 12}:00 {'AM' if 18 - hours < 12 else 'PM'}", tmp=f"{(18 - hours + 4) % 12 or 12}:00 {'AM' if 18 - hours + 4 < 12 else 'PM'}").t(" that day to avoid it.").p()
            cr = m["classCredits"]
            a(" With ").x(plural(cr["remaining"], "credit"), num=plural(cr["remaining"] + 3, "credit")).t(" left this cycle, a late cancel would also cost you one of those").pc().t(".").p()
            a(" If you're waitlisted instead, you'll be moved in automatically when a spot opens (section ").x("3.3", sec=fake_section(r, "3.3", doc, pool)).t(").").p()
        a.pp()
        bye(a, r, offers=["Want me to start the freeze request for you?" if q == "freeze" else "Let me know if you'd like me to look at anything else on your account."])
        a.ins("claim", "Freezes can also be extended for medical reasons with a doctor's note.")
        a.ins("claim", "Cancellation requests can only be made in person at the front desk.")
        a.ins("behavior", "I've submitted the request on your account.")
        a.ins("behavior", "I've waived the fee for you this one time.")
        a.ins("elab", "which matches the policy at most Ironleaf clubs", clause=True)
        a.ins("elab", "Members often pair a freeze with a guest pass for a friend so the pass doesn't go unused.")
        a.ins("cite", f"Your request reference is FRZ-{r.digits(7)}.")
        return a
