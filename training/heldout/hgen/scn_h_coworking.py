"""coworking_desks (set h): desk bookings (a desk taken by design and the next suitable one booked), monthly credit and
meeting-room usage with overage charges, a site's house rules fetched by path, and plan comparison (sq ft -> m²)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .hstyle import Quill, guard

BASE = "https://api.hiveworks.example/v1"
SITES = {"ancoats": "Ancoats", "shoreditch": "Shoreditch", "leith": "Leith", "clifton": "Clifton"}
SITE_CODE = {"ancoats": "AN", "shoreditch": "SH", "leith": "LE", "clifton": "CL"}
NAMES = ["Imogen Farrell", "Rhys Pritchard", "Niamh Doyle", "Callum Baird", "Priya Mistry", "Tomasz Nowak",
         "Elodie Marchand", "Kwame Asante"]
ZONES = ["Quiet zone", "Garden room", "Mezzanine", "Library corner", "Atrium"]
OTHER_ZONES = ["Roof terrace", "Studio wing", "Courtyard"]
PLANS = [("flex_10", "Flex 10", 129.0, 10, 4), ("flex_20", "Flex 20", 219.0, 20, 8), ("resident", "Resident", 349.0, 0, 12)]


class Coworking(Scenario):
    name = "coworking_desks"
    agent = "Perch"
    service = "hiveworks-member-assistant"
    system = ("You are Perch, the member assistant for Hiveworks coworking (Ancoats, Shoreditch, Leith and Clifton). Use "
              "the tools to look up members, find and book desks, report usage and explain each site's house rules. "
              "Prices are in GBP. Write in friendly British English.")
    error_style = 0
    entity_noun = {"member_id": "Member", "desk_id": "Desk", "rules_path": "Document"}
    preambles = ["Let me check that for you.", "One moment while I look.", "I'll just pull up your membership."]

    def __init__(self):
        self.tools = [
            Tool("get_member", "Membership record: plan, home site, credits and the path of the home site's house rules.",
                 s_obj({"member_id": s_str("Member ID, e.g. 'HM-40213'.", pattern=r"^HM-\d{5}$")}, ["member_id"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("include_billing", True)]),
            Tool("find_desks", "Free desks at a site on a date.",
                 s_obj({"site": s_str("Site.", enum=list(SITES)),
                        "date": s_date("Date (YYYY-MM-DD)."),
                        "desk_type": s_str("Desk type.", enum=["hot_desk", "fixed_desk", "phone_booth"]),
                        "limit": s_int("Maximum number of desks to return.", 1, 20)}, ["site", "date", "desk_type"]),
                 http=BASE, extra=[("floor", 2)]),
            Tool("book_desk", "Book a desk from find_desks for a member on a date.",
                 s_obj({"desk_id": s_str("Desk ID from find_desks, e.g. 'DK-AN-0412'.", pattern=r"^DK-[A-Z]{2}-\d{4}$"),
                        "member_id": s_str("Member ID.", pattern=r"^HM-\d{5}$"),
                        "date": s_date("Date (YYYY-MM-DD).")}, ["desk_id", "member_id", "date"]),
                 entity={"desk_id": "id", "member_id": "id"}, http=BASE, extra=[("notify", "email")]),
            Tool("get_usage", "Desk bookings and meeting-room hours for a member in one month, with allowances and rates.",
                 s_obj({"member_id": s_str("Member ID.", pattern=r"^HM-\d{5}$"),
                        "month": s_str("Month (YYYY-MM).", pattern=r"^\d{4}-\d{2}$")}, ["member_id", "month"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("group_by", "site")]),
            Tool("get_house_rules", "A site's house rules (Markdown, numbered sections) by document path.",
                 s_obj({"rules_path": s_str("Document path from get_member, e.g. '/docs/sites/leith/house-rules.md'.",
                                            pattern=r"^/docs/sites/[a-z]+/[a-z-]+\.md$")}, ["rules_path"]),
                 entity={"rules_path": "path"}, extra=[("render", "html")]),
            Tool("list_plans", "Membership plans on offer at a site.",
                 s_obj({"site": s_str("Site.", enum=list(SITES)),
                        "include_offices": {"type": "boolean", "description": "Include private-office plans."}}, ["site"]),
                 http=BASE, extra=[("currency", "GBP")]),
        ]
        self.intents = [("book_desk", self.book, True), ("monthly_usage", self.usage, False),
                        ("house_rules", self.rules, True), ("plan_compare", self.plans, False)]

    # ------------------------------------------------------------------ helpers
    def member(self, r: R, plan=None):
        mid = f"HM-{r.randint(10000, 99999)}"
        site = r.choice(list(SITES))
        code, pname, fee, credits, hours = plan or r.choice(PLANS[:2])
        return mid, {"member_id": mid, "name": r.choice(NAMES), "home_site": site,
                     "plan": {"code": code, "name": pname, "monthly_fee_gbp": fee, "desk_credits": credits,
                              "meeting_room_hours": hours},
                     "house_rules_path": f"/docs/sites/{site}/house-rules.md", "status": "active"}

    # ------------------------------------------------------------------ intents
    def book(self, ctx):
        r, today = ctx.r, ctx.today
        mid, mem = self.member(r)
        site = mem["home_site"]
        day = today + dt.timedelta(days=r.randint(1, 9))
        desks = []
        used = set()
        for k in range(r.choice([4, 5])):
            n = r.randint(100, 899)
            while n in used:
                n += 1
            used.add(n)
            desks.append({"desk_id": f"DK-{SITE_CODE[site]}-{n:04d}", "zone": r.choice(ZONES), "floor": r.randint(1, 3),
                          "monitor": r.random() < 0.55, "window": r.random() < 0.4, "credits": 1})
        mons = [d for d in desks if d["monitor"]]
        if len(mons) < 2:
            for d in desks[:2]:
                d["monitor"] = True
            mons = [d for d in desks if d["monitor"]]
        fd = {"site": site, "date": day.isoformat(), "desk_type": "hot_desk", "desks": desks}
        fcall = Call("find_desks", {"site": site, "date": day.isoformat(), "desk_type": "hot_desk"}, fd)
        taken = r.random() < 0.55
        first = mons[0]
        target = mons[1] if taken else first
        credits_left = r.randint(2, mem["plan"]["desk_credits"] - 1)
        turns = []
        if taken:
            who = f"{r.randint(7, 9):02d}:{r.randint(0, 59):02d}"
            turns.append(Turn([Call("book_desk", {"desk_id": first["desk_id"], "member_id": mid, "date": day.isoformat()},
                                    {"status": "unavailable", "reason_code": "DESK_TAKEN",
                                     "message": f"Desk {first['desk_id']} was booked by another member at {who} today."})]))
        release = r.choice([(10, 30), (11, 0), (10, 0)])
        conf = {"status": "confirmed", "booking_ref": f"BK-{r.upalnum(6)}", "desk_id": target["desk_id"],
                "date": day.isoformat(), "check_in_from": "08:00", "released_if_no_check_in_by": f"{release[0]:02d}:{release[1]:02d}",
                "credits_charged": 1, "credits_left_this_month": credits_left}
        turns.append(Turn([Call("book_desk", {"desk_id": target["desk_id"], "member_id": mid, "date": day.isoformat()}, conf)]))
        gm = Call("get_member", {"member_id": mid}, mem)
        history = None
        if ctx.followup:
            history = History().user(f"Any hot desks at {SITES[site]} on {day.isoformat()}? I'm {mid}.")
            history.call([gm])
            history.call([fcall])
            history.reply(f"There are {len(desks)} free hot desks at {SITES[site]} that day; {len(mons)} of them have a monitor.")
            req = r.choice(["Book me the first one with a monitor, please.", "Great — grab the first monitor desk for me."])
        else:
            req = r.choice([f"I'm member {mid}. Could you book me a hot desk with a monitor at {SITES[site]} on {day.isoformat()}?",
                            f"Member {mid} here — please book a monitor desk at {SITES[site]} for {day.isoformat()}."])
            turns = [Turn([gm]), Turn([fcall])] + turns
        w = Quill(r, today)
        other = [d for d in desks if d is not target]
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("You're ").x("booked in", val="on the waiting list").t(f" at {SITES[site]} ").x(w.rel(day), tmp=w.d(day + dt.timedelta(days=1)))
        a.t(": desk ").x(target["desk_id"], fid=f"DK-{SITE_CODE[site]}-{int(target['desk_id'][-4:]) + r.choice([7, 11, 30]):04d}")
        a.t(", on the ").x(f"{w.ordw(target['floor'])} floor", num=f"{w.ordw(target['floor'] % 3 + 1)} floor",
                           conf=("numerical", f"{w.ordw(other[0]['floor'])} floor") if other[0]["floor"] != target["floor"] else None)
        a.t(" in the ").x(target["zone"], ent=r.choice(OTHER_ZONES)).t(", and it ").x("has a monitor", neg="doesn't have a monitor")
        if target["window"]:
            a.t(" as well as a window seat")
        a.t(".").p()
        if taken:
            a("\n\n").t("I did try ").t(first["desk_id"]).t(" first, as it was the ").x("first", rel="last").t(" desk with a monitor on the list, but it ")
            a.x("had just been booked by another member", neg="was still free").t(", so I went for the next one with a monitor instead")
            if w.aside:
                a.t(" (the system gave the reason as ").x("`DESK_TAKEN`", attr="`DESK_LOCKED`").t(")")
            a.t(".").p()
        w.par(a)
        a.t("Your booking reference is ").x(conf["booking_ref"], fid=f"BK-{r.upalnum(6)}").t(". You can check in from ")
        a.x(w.hm(8), tmp=w.hm(9)).t(", and if you haven't checked in by ").x(w.hm(*release), tmp=w.hm(release[0] + 1, release[1]))
        a.t(" the desk is released to other members").pc().t(".").p()
        a.t(" The booking used ").x(w.cnt(1, "credit"), num=w.cnt(2, "credit")).t(", which leaves you ")
        a.x(w.n(credits_left), num=w.n(credits_left + 3)).t(" for the rest of the month.").p()
        w.closer(a, ["Would you like me to book a meeting room that day too?", "Shall I set a reminder for check-in?"])
        a.ins("claim", "Monitor desks come with a USB-C dock as standard.")
        a.ins("claim", f"{SITES[site]} is usually quietest before 09:30.")
        a.ins("behavior", "I've also added the booking to your calendar.")
        a.ins("behavior", "I've let reception know you're coming in.")
        a.ins("elab", "because monitor desks tend to go first on that floor", clause=True)
        a.ins("elab", "as the site is running at full capacity that week", clause=True)
        a.ins("cite", f"Your door pass for the day is DP-{r.randint(100000, 999999)}.")
        a.ins("cite", f"You can manage it at https://members.hiveworks.example/bookings/{conf['booking_ref'].lower()}-{r.randint(10, 99)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def usage(self, ctx):
        r, today = ctx.r, ctx.today
        mid, mem = self.member(r)
        first_this = today.replace(day=1)
        last_month = (first_this - dt.timedelta(days=1)).replace(day=1)
        month = last_month.strftime("%Y-%m")
        plan = mem["plan"]
        sites = [mem["home_site"], r.choice([s for s in SITES if s != mem["home_site"]])]
        n_book = plan["desk_credits"] + r.choice([-3, -1, 1, 2, 4])
        days = sorted(r.sample(range(1, 28), n_book))
        bookings = []
        for k, dd in enumerate(days):
            typ = "fixed_desk" if r.random() < 0.15 else "hot_desk"
            bookings.append({"date": last_month.replace(day=dd).isoformat(), "site": sites[0] if r.random() < 0.7 else sites[1],
                             "desk_type": typ, "credits": 2 if typ == "fixed_desk" else 1})
        rooms = [{"date": last_month.replace(day=dd).isoformat(), "room": r.choice(["Boardroom", "Pod 2", "Snug", "Studio"]),
                  "hours": r.choice([0.5, 1.0, 1.5, 2.0])} for dd in sorted(r.sample(range(1, 28), r.randint(2, 5)))]
        over_rate = r.choice([12.5, 14.0, 15.0])
        room_rate = r.choice([18.0, 22.0, 25.0])
        res = {"member_id": mid, "month": month, "plan": plan["name"], "desk_credit_allowance": plan["desk_credits"],
               "bookings": bookings, "meeting_room_allowance_hours": plan["meeting_room_hours"], "meeting_rooms": rooms,
               "overage_rate_gbp_per_credit": over_rate, "meeting_room_rate_gbp_per_hour": room_rate,
               "invoice_status": "draft"}
        used = sum(b["credits"] for b in bookings)
        over = max(0, used - plan["desk_credits"])
        hrs = sum(x["hours"] for x in rooms)
        room_over = max(0.0, hrs - plan["meeting_room_hours"])
        extra = over * over_rate + room_over * room_rate
        by_site = {s: sum(1 for b in bookings if b["site"] == s) for s in sites}
        top = max(sites, key=lambda s: (by_site[s], s == sites[0]))
        low = [s for s in sites if s != top][0]
        req = r.choice([f"I'm {mid}. How did I do on desk credits and meeting rooms in {last_month.strftime('%B')}? Will I be charged extra?",
                        f"Member {mid} — can you summarise my usage for {month} and any overage?"])
        turns = [Turn([Call("get_member", {"member_id": mid}, mem)]), Turn([Call("get_usage", {"member_id": mid, "month": month}, res)])]
        w = Quill(r, today)
        mname = last_month.strftime("%B")
        a = A()
        w.opener(a)
        prev = (last_month - dt.timedelta(days=1)).strftime("%B")
        if r.random() < 0.5:
            a.t("For membership ").x(mid, fid=f"HM-{int(mid[3:]) + r.choice([11, 37, 402]):05d}").t(", in ").x(mname, tmp=prev).t(" you booked ")
        else:
            a.t("In ").x(mname, tmp=prev).t(" you booked ").x(w.cnt(len(bookings), "desk day"), num=w.cnt(len(bookings) + 2, "desk day")).t(" and used ")
        a.x(w.cnt(used, "credit"), num=w.cnt(used + 3, "credit")).t(" against the ").x(str(plan["desk_credits"]), num=str(plan["desk_credits"] + 5))
        a.t(f" included in your {plan['name']} plan").t(".").p()
        if over:
            a.t(" That's ").x(w.cnt(over, "credit"), num=w.cnt(over + 2, "credit")).t(" over, and at ").x(w.gbp(over_rate), num=w.gbp(over_rate + 4))
            a.t(" per extra credit that adds ").x(w.gbp(over * over_rate), num=w.gbp(over * over_rate + over_rate)).t(" to the bill.").p()
        elif used == plan["desk_credits"]:
            a.t(" So you used ").x("exactly", rel="more than").t(" your allowance, and ").x("there's no desk overage to pay", neg="there's a desk overage to pay").t(".").p()
        else:
            a.t(" So you ").x("stayed within", rel="went over").t(" your allowance, with ").x(w.n(plan["desk_credits"] - used), num=w.n(plan["desk_credits"] - used + 2))
            a.t(" to spare, and ").x("there's no desk overage to pay", neg="there's a desk overage to pay").t(".").p()
        w.par(a)
        if by_site[low] == by_site[top]:
            a.t(f"Your days were split evenly between {SITES[top]} and {SITES[low]}, ").x(w.n(by_site[top]), num=w.n(by_site[top] + 1)).t(" each.").p()
        elif by_site[low]:
            a.t("Most of your days were at ").x(SITES[top], conf=("entity", SITES[low])).t(f" ({w.n(by_site[top])} of them)")
            a.t(", with ").x(w.n(by_site[low]), num=w.n(by_site[low] + 2)).t(" at ").t(SITES[low]).t(".").p()
        else:
            a.t(f"All of your days were at {SITES[top]}.").p()
        a.t(" For meeting rooms, you had ").x(f"{hrs:g} hours", num=f"{hrs + 2:g} hours").t(" against an allowance of ")
        a.x(f"{plan['meeting_room_hours']}", conf=("numerical", f"{plan['desk_credits']}")).t(" hours")
        if w.aside:
            a.t(" (the ").x("`meeting_room_allowance_hours`", attr="`meeting_room_quota_hours`").t(" figure on your account)")
        if room_over:
            a.t(", so ").x(f"{room_over:g} hour{'s' if room_over != 1 else ''}", num=f"{room_over + 1:g} hours").t(f" {'are' if room_over != 1 else 'is'} chargeable at {w.gbp(room_rate)} an hour, which is ")
            a.x(w.gbp(room_over * room_rate), num=w.gbp(room_over * room_rate + room_rate)).t(".").p()
        elif hrs == plan["meeting_room_hours"]:
            a.t(", so you used it up ").x("exactly", rel="and then some").pc().t(".").p()
        else:
            a.t(", which ").x("is within it", neg="goes beyond it").pc().t(".").p()
        w.par(a)
        if extra:
            a.t(w.work("comes")).t(" ").x(w.gbp(extra), num=w.gbp(extra + 25)).t(" in extras on top of the ").t(w.gbp(plan["monthly_fee_gbp"]))
            a.t(f" plan fee, {w.work('so')} ").x(w.gbp(extra + plan["monthly_fee_gbp"]), num=w.gbp(extra + plan["monthly_fee_gbp"] + 30)).t(" for the month.")
        else:
            a.t("So there's nothing extra this time; you'll just see the ").x(w.gbp(plan["monthly_fee_gbp"]), num=w.gbp(plan["monthly_fee_gbp"] + 40)).t(" plan fee.")
        a.t(" The invoice is still a ").x("draft", val="paid").t(", so it hasn't been issued yet.").p()
        w.closer(a, ["Would you like me to compare plans in case a bigger one works out cheaper?", "Shall I break it down by day?"])
        a.ins("claim", "Unused credits roll over for one month on your plan.")
        a.ins("claim", "Overage is billed on the 5th of the following month.")
        a.ins("behavior", "I've emailed you a copy of the usage report.")
        a.ins("behavior", "I've flagged the meeting-room overage to billing so they can review it.")
        a.ins("elab", "mostly because of the two fixed-desk days", clause=True)
        a.ins("elab", "Meeting rooms are in heavy demand mid-week, which is why hours fill up quickly.")
        a.ins("cite", f"The draft invoice number is INV-HW-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, turns, a))

    def rules(self, ctx):
        r, today = ctx.r, ctx.today
        mid, mem = self.member(r)
        site = mem["home_site"]
        path = mem["house_rules_path"]
        guests, fee, cut, pages, pp = r.choice([1, 2, 3]), r.choice([15.0, 20.0, 25.0]), r.choice([17, 18, 20]), r.choice([50, 100]), r.choice([8, 10, 12])
        quiet = r.choice([(9, 17), (10, 16)])
        doc = (f"# Hiveworks {SITES[site]} — House Rules (rev. {today.year}-01)\n\n"
               "## 1. Opening hours\nThe building is staffed 08:00–18:00 Monday to Friday. Resident members have 24/7 access.\n\n"
               f"## 2. Quiet zone\nThe Quiet zone is phone-free between {quiet[0]:02d}:00 and {quiet[1]:02d}:00. Take calls in a phone booth or the lounge.\n\n"
               f"## 3. Guests\nMembers may bring up to {guests} guest{'s' if guests > 1 else ''} per day free of charge. Further guests need a day pass at £{fee:.2f} each. All guests must sign in at reception.\n\n"
               f"## 4. Cancellations\nDesk bookings can be cancelled free of charge until {cut}:00 on the day before the booking. Later cancellations forfeit the credit.\n\n"
               f"## 5. Printing\nEach member gets {pages} free pages a month; after that, printing costs {pp}p per page.\n\n"
               "## 6. Lockers\nDay lockers must be emptied by 20:00. Items left overnight are removed to reception.\n")
        bdate = today + dt.timedelta(days=r.randint(2, 10))
        n_guests = guests + r.choice([1, 2])
        pages_used = pages + r.choice([20, 40, 60])
        gm = Call("get_member", {"member_id": mid}, mem)
        gr = Call("get_house_rules", {"rules_path": path}, doc)
        q = (f"I'm bringing {n_guests} guests on {bdate.isoformat()}, and I might need to cancel that day's desk. "
             f"Also, I'll print about {pages_used} pages this month — what will that cost?")
        history = None
        if ctx.followup:
            history = History().user(f"Which site am I based at? Member {mid}.")
            history.call([gm])
            history.reply(f"You're based at {SITES[site]}, on the {mem['plan']['name']} plan.")
            req = "What do the house rules there say? " + q
            turns = [Turn([gr])]
        else:
            req = f"Member {mid}. " + q
            turns = [Turn([gm]), Turn([gr])]
        w = Quill(r, today)
        paid = n_guests - guests
        pcost = (pages_used - pages) * pp / 100
        fake = lambda real: r.choice([s for s in ["7", "8", "3.2", "4.1", "9"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t(f"I've checked the {SITES[site]} house rules for you.")
        w.lead_break(a)
        a.t("On guests (section ").x("3", sec=fake("3")).t("), you can bring ").x(w.cnt(guests, "guest"), num=w.cnt(guests + 1, "guest"))
        a.t(" a day ").x("free of charge", neg="at a charge").t(", so with ").t(w.n(n_guests)).t(" coming on ").t(w.d(bdate)).t(", ")
        a.x(w.n(paid), num=w.n(paid + 1)).t(" of them will need a day pass at ").x(w.gbp(fee), num=w.gbp(fee + 5)).t(" each")
        a.t(f" — {w.gbp(paid * fee)} in total").t(". Everyone needs to sign in at reception.").p()
        w.par(a)
        cut_day = bdate - dt.timedelta(days=1)
        a.t("If you need to cancel the desk, section ").x("4", sec=fake("4")).t(" lets you do it free of charge until ")
        a.x(w.hm(cut), tmp=w.hm(cut - 3)).t(" on ").x(w.d(cut_day), tmp=w.d(cut_day - dt.timedelta(days=1))).t(", the day ")
        a.x("before", rel="after").t(" the booking; after that the credit ").x("is forfeited", neg="is refunded").pc().t(".").p()
        w.par(a)
        a.t("Printing is covered by section 5: ").x(str(pages), num=str(pages + 50)).t(" free pages a month, then ")
        a.x(f"{pp}p", num=f"{pp + 5}p").t(" a page. ")
        a.t(f"With about {pages_used} pages you'd pay for ").x(str(pages_used - pages), num=str(pages_used - pages + 10)).t(", ")
        a.t(w.work("so")).t(" ").x(w.gbp(pcost), num=w.gbp(pcost * 2)).t(" for the month.").p()
        if w.aside:
            a.t(" (Worth knowing too: the Quiet zone is phone-free from ").x(w.hm(quiet[0]), tmp=w.hm(quiet[0] - 1)).t(" to ").t(w.hm(quiet[1])).t(".)")
        w.closer(a, ["Would you like me to cancel the desk now?", "Shall I register your guests with reception?"])
        a.ins("claim", "Guests can use the meeting rooms only when a member books them.")
        a.ins("claim", "Day passes include tea and coffee.")
        a.ins("behavior", "I've pre-registered your guests with reception.")
        a.ins("behavior", "I've already cancelled the desk to be safe.")
        a.ins("elab", "since reception closes at 18:00", clause=True)
        a.ins("elab", "because the policy was tightened after a run of no-shows", clause=True)
        a.ins("cite", f"The full guest policy is at https://members.hiveworks.example/policies/guests-{site}-{r.randint(2, 9)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def plans(self, ctx):
        r, today = ctx.r, ctx.today
        mid, mem = self.member(r, PLANS[0])
        site = mem["home_site"]
        over_rate = r.choice([12.5, 14.0, 15.0])
        office_sqft = r.choice([90, 120, 150, 180])
        office_fee = float(r.choice([550, 650, 720, 890]))
        plans = [{"code": c, "name": n, "monthly_fee_gbp": f, "desk_credits": cr, "meeting_room_hours": h,
                  "access": "24/7" if c == "resident" else "staffed hours"} for c, n, f, cr, h in PLANS]
        plans[2]["fixed_desk"] = True
        plans.append({"code": "office_s", "name": f"Studio office ({office_sqft} sq ft)", "monthly_fee_gbp": office_fee,
                      "desk_credits": 0, "meeting_room_hours": 10, "access": "24/7", "private_office_sqft": office_sqft, "seats": 2})
        lp = {"site": site, "plans": plans, "overage_rate_gbp_per_credit": over_rate, "prices_include_vat": True}
        use = r.choice([13, 14, 16, 18, 22, 24])
        req = r.choice([f"I'm {mid} on Flex 10, but I'm in about {use} days a month. Would another plan be cheaper? And how big is the studio office?",
                        f"Member {mid}: I use roughly {use} desk days a month. Compare the plans at my site for me, please."])
        turns = [Turn([Call("get_member", {"member_id": mid}, mem)]),
                 Turn([Call("list_plans", {"site": site, "include_offices": True}, lp)])]
        w = Quill(r, today)
        cur = 129.0 + max(0, use - 10) * over_rate
        f20 = 219.0 + max(0, use - 20) * over_rate
        res_fee = 349.0
        best = min([("Flex 10", cur), ("Flex 20", f20), ("Resident", res_fee)], key=lambda x: x[1])
        m2 = office_sqft * 0.092903
        a = A()
        w.opener(a)
        a.t(f"At about {use} desk days a month, staying on Flex 10 would cost you ").x(w.gbp(cur), num=w.gbp(cur - 40)).t(" a month: the ")
        a.t(w.gbp(129.0)).t(" fee plus ").x(w.n(use - 10) if use - 10 < 13 else str(use - 10), num=str(use - 7)).t(" extra credits at ")
        a.x(w.gbp(over_rate), num=w.gbp(over_rate - 3)).t(" each.").p()
        w.par(a)
        a.t("Flex 20 is ").x(w.gbp(219.0), conf=("numerical", w.gbp(349.0))).t(" and covers ").x("20", num="25").t(" credits")
        if use > 20:
            a.t(", so you'd still pay for ").t(w.n(use - 20) if use - 20 < 13 else str(use - 20)).t(" extra, ").t(w.gbp(f20)).t(" in all")
        a.t(", which is ")
        diff = cur - f20
        if diff == 0:
            a.x("exactly the same as", rel="cheaper than").t(" staying on Flex 10.").p()
        elif diff > 0:
            a.x(f"{w.gbp(diff)} cheaper", rel=f"{w.gbp(diff)} dearer").t(" than staying on Flex 10.").p()
        else:
            a.x(f"{w.gbp(-diff)} dearer", rel=f"{w.gbp(-diff)} cheaper").t(" than staying where you are.").p()
        a.t(" Resident, at ").t(w.gbp(res_fee)).t(", gives you a fixed desk and ").x("24/7 access", val="staffed-hours access").t(".").p()
        w.par(a)
        a.t(w.work("so").capitalize()).t(" on cost alone ").x(best[0], ent="Flex 15").t(" comes out best for you")
        if best[0] == "Flex 10":
            a.t(", so there's ").x("no saving", neg="a real saving").t(" in switching")
        a.pc().t(".").p()
        a.t(f" The studio office is {office_sqft} sq ft, which is ").x(w.about(m2, 0.5, lambda v: f"{v:g} m²"), num=f"{m2 * 1.6:.1f} m²")
        a.t(f", with two seats, at ").x(w.gbp(office_fee, 0), num=w.gbp(office_fee + 100, 0)).t(" a month.").p()
        if w.aside:
            a.t(" (All of these prices include VAT.)")
        w.closer(a, ["Would you like me to switch your plan from next month?", "Shall I arrange a viewing of the studio?"])
        a.ins("claim", "Plan changes take effect from the first of the next month with no fee.")
        a.ins("claim", "Flex 20 members also get priority booking for monitor desks.")
        a.ins("behavior", "I've put a provisional hold on the studio office for you.")
        a.ins("behavior", "I've switched you to Flex 20 from next month.")
        a.ins("elab", "since overage credits are priced above the plan rate", clause=True)
        a.ins("cite", f"Your quote reference is QT-{r.randint(10000, 99999)}-HW.")
        return guard(self, Plan(req, turns, a))
