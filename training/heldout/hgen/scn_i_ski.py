"""ski_resort (set i): a ski resort's guest desk — the morning snow report (new snow in → cm, base depth, share of
lifts and trails open, °F → °C, lift waits), booking a ski lesson (a session that just filled refused by design and
the next session with room booked, pass discount applied), season-pass value (cost per day against the window
rate, days left, upcoming blackout dates, buddy tickets) and the resort's guest policy fetched by URL (lesson
cancellation deadlines, buddy-ticket rules)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_int, s_obj, s_str
from .istyle import Desk, screen, stamp

BASE = "https://api.summitline.example/v1"
POLICY = "https://guest.summitline.example/policies"
STD = -7    # Mountain
RESORTS = {"copper-ridge": "Copper Ridge", "bald-mountain": "Bald Mountain", "elk-basin": "Elk Basin"}
LIFTS = ["Summit Express", "Aspen Quad", "Timberline Triple", "Eagle Six", "Bear Cub Carpet", "Ridge Runner",
         "Powder Bowl T-Bar", "Gold Rush Gondola"]
OTHER_LIFTS = ["Cornice Chair", "Northstar Quad", "Glacier Gondola"]
INSTRUCTORS = ["Kai Lindgren", "Maya Brooks", "Tomas Ruiz", "Erin Walsh", "Jonah Pike"]
OTHER_INSTRUCTORS = ["Hana Sato", "Owen Fitch", "Rita Kowal"]
LEVELS = ["beginner", "intermediate", "advanced"]
PRODUCTS = [("Summit Flex 4-Day", 4, 389.0), ("Summit Flex 7-Day", 7, 579.0), ("Summit Unlimited", None, 899.0),
            ("Summit Midweek", None, 649.0)]


class SkiResort(Scenario):
    name = "ski_resort"
    agent = "Summit"
    service = "summitline-guest-desk"
    system = ("You are Summit, the guest services desk for SummitLine resorts (Copper Ridge, Bald Mountain, Elk Basin). "
              "Use the tools to report snow and lift conditions, book ski lessons, look up season passes and answer "
              "questions from the guest policy. Times are US Mountain; amounts in USD.")
    error_style = 0
    entity_noun = {"pass_id": "Pass", "lesson_id": "Lesson", "policy_url": "Policy page"}
    preambles = ["Checking the mountain report.", "Looking at lesson availability.", "Pulling up the pass."]

    def __init__(self):
        resort = s_str("Resort.", enum=list(RESORTS))
        pass_p = r"^SP-\d{4}-\d{4}$"
        self.tools = [
            Tool("get_snow_report", "Current snow and lift report for a resort.",
                 s_obj({"resort": resort, "units": s_str("Units.", enum=["imperial", "metric"])}, ["resort"]),
                 http=BASE, extra=[("include_forecast", True)]),
            Tool("list_lessons", "Lesson sessions at a resort on a date for a level, with spots left and prices.",
                 s_obj({"resort": resort, "date": s_date("Date (YYYY-MM-DD)."), "level": s_str("Level.", enum=LEVELS),
                        "guests": s_int("Number of guests.", 1, 6)}, ["resort", "date", "level"]),
                 http=BASE, extra=[("private_only", False)]),
            Tool("book_lesson", "Book guests into a lesson session, charged to a season pass holder.",
                 s_obj({"lesson_id": s_str("Lesson ID from list_lessons, e.g. 'LS-482913'.", pattern=r"^LS-\d{6}$"),
                        "pass_id": s_str("Season pass ID, e.g. 'SP-2026-0413'.", pattern=pass_p),
                        "guests": s_int("Number of guests.", 1, 6)}, ["lesson_id", "pass_id", "guests"]),
                 entity={"lesson_id": "id", "pass_id": "id"}, http=BASE, extra=[("rental_package", True)]),
            Tool("get_pass", "A season pass: product, price, days used, blackout dates, buddy tickets, policy URL.",
                 s_obj({"pass_id": s_str("Season pass ID.", pattern=pass_p)}, ["pass_id"]),
                 entity={"pass_id": "id"}, http=BASE, extra=[("include_scans", True)]),
            Tool("get_policy", "Guest policy page (plain text, numbered sections) by URL.",
                 s_obj({"policy_url": s_str("Policy URL from a pass record.", pattern=r"^https://guest\.summitline\.example/")},
                       ["policy_url"]),
                 entity={"policy_url": "url"}, extra=[("lang", "en-US")]),
        ]
        self.intents = [("snow_report", self.snow, False), ("book_lesson", self.lesson, True),
                        ("pass_value", self.pass_value, False), ("pass_policy", self.policy, True)]

    # ------------------------------------------------------------------ data
    def _pass(self, r, today):
        pid = f"SP-{r.randint(1000, 9999)}-{r.randint(1000, 9999)}"
        name, days, price = r.choice(PRODUCTS)
        used = r.randint(1, days - 1) if days else r.randint(3, 22)
        window = r.choice([149.0, 169.0, 189.0, 209.0])
        bl = []
        for k in range(3):
            d = today + dt.timedelta(days=r.randint(-30, 45))
            while d.weekday() != 5 or d.isoformat() in bl:
                d += dt.timedelta(days=1)
            bl.append(d.isoformat())
        bl.sort()
        res = {"pass_id": pid, "holder": r.choice(["Jordan Ellis", "Sam Whitaker", "Riley Chen", "Morgan Diaz"]),
               "product": name, "price_paid_usd": price, "days_included": days, "days_used": used,
               "window_rate_usd": window, "blackout_dates": bl, "buddy_tickets_left": r.randint(0, 4),
               "buddy_discount_pct": 50, "lesson_discount_pct": r.choice([10, 15, 20]),
               "season_ends": "2026-04-19" if today < dt.date(2026, 4, 19) else "2026-06-07",
               "policy_url": f"{POLICY}/guest-policy-{r.choice(['2025-26', '2026'])}",
               "as_of": stamp(today, r.randint(7, 16), r.randint(0, 59), STD)}
        return pid, res

    # ------------------------------------------------------------------ intents
    def snow(self, ctx):
        r, today = ctx.r, ctx.today
        key = r.choice(list(RESORTS))
        n24 = r.choice([0, 2, 3, 5, 6, 8, 11, 14])
        n48 = n24 + r.choice([0, 2, 4, 7])
        n7 = n48 + r.choice([3, 6, 10, 15])
        lifts = []
        for nm in r.sample(LIFTS, r.choice([6, 8])):
            st = r.choice(["open", "open", "open", "open", "hold", "closed"])
            lifts.append({"name": nm, "status": st, "wait_min": r.choice([0, 5, 10, 15, 20, 25]) if st == "open" else None})
        if not any(l["status"] == "open" for l in lifts):
            lifts[0]["status"], lifts[0]["wait_min"] = "open", 10
        tt = r.choice([90, 120, 140, 150])
        to = tt - r.choice([10, 30, 40, 60])
        tb, ts = r.choice([14, 19, 23, 28, 32]), r.choice([5, 9, 12, 16, 21])
        res = {"resort": key, "as_of": stamp(today, r.choice([6, 7]), r.choice([0, 15, 30, 45]), STD),
               "new_snow_in": {"24h": n24, "48h": n48, "7d": n7},
               "base_depth_in": {"lower": r.choice([38, 44, 51, 57]), "upper": r.choice([66, 72, 80, 88])},
               "surface": r.choice(["packed powder", "powder", "machine groomed", "variable"]),
               "lifts": lifts, "trails_open": to, "trails_total": tt,
               "temp_f": {"base": tb, "summit": ts}, "wind_mph_summit": r.choice([8, 15, 22, 35])}
        req = r.choice([f"How's {RESORTS[key]} looking this morning?", f"Snow report for {RESORTS[key]}? Anything on hold?",
                        f"Worth heading up to {RESORTS[key]} today?"])
        w = Desk(r, today, "MT")
        op = [l for l in lifts if l["status"] == "open"]
        hold = [l for l in lifts if l["status"] == "hold"]
        longest = max(op, key=lambda l: (l["wait_min"], l["name"]))
        tie = sum(1 for l in op if l["wait_min"] == longest["wait_min"]) > 1
        a = A()
        w.opener(a)
        w.tag(a)
        asof = dt.datetime.fromisoformat(res["as_of"])
        a.t(f"{RESORTS[key]} as of ").x(res["as_of"], tmp=(asof + dt.timedelta(hours=r.choice([2, 3]))).isoformat()).t(": ")
        if n24:
            a.x(f'{n24}"', num=f'{n24 + 4}"', conf=("numerical", f'{n48}"') if n48 != n24 else None).t(" new in 24 hrs (").x(w.about(n24 * 2.54, 1, lambda v: f"{v:g} cm"), num=f"{round(n24 * 2.54 + 8)} cm").t(")")
        else:
            a.x("no new snow", neg="fresh snow").t(" overnight")
        a.t(f"{w.sep}").x(f'{n7}"', num=f'{n7 + 6}"').t(" over 7 days").pc().t(".")
        a.p()
        w.li(a)
        a.t("Base: ").x(f'{res["base_depth_in"]["lower"]}"', num=f'{res["base_depth_in"]["lower"] + 12}"').t(" lower / ").x(f'{res["base_depth_in"]["upper"]}"', num=f'{res["base_depth_in"]["upper"] - 15}"').t(f", {res['surface']}")
        w.pt(a)
        w.li(a)
        fr = w.frac(len(op), len(lifts))
        a.t("Lifts: ").x(f"{len(op)} of {len(lifts)} open", num=f"{len(op) - 1} of {len(lifts)} open" if len(op) > 1 else f"{len(op) + 1} of {len(lifts)} open")
        if fr:
            a.t(f" ({fr})")
        if hold:
            a.t(w.sep).x("on hold", val="closed").t(": ").x(hold[0]["name"], ent=r.choice(OTHER_LIFTS), conf=("entity", op[0]["name"]))
            if len(hold) > 1:
                a.t(f" +{len(hold) - 1} more")
        w.pt(a)
        w.li(a)
        a.t("Trails: ").x(f"{to}/{tt}", num=f"{to + 15}/{tt}").t(" (").x(w.pct(to, tt), num=w.pct(to + 15, tt)).t(")")
        w.pt(a)
        w.li(a)
        cb, cs = (tb - 32) * 5 / 9, (ts - 32) * 5 / 9
        a.t("Temps: ").x(f"{tb}°F", num=f"{tb + 9}°F").t(" base (").x(w.about(cb, 1, lambda v: f"{v:g}°C"), num=f"{round(cb + 6):g}°C").t("), ")
        a.x(f"{ts}°F", num=f"{ts + 9}°F", conf=("numerical", f"{tb}°F")).t(f" up top{w.sep}summit wind ").x(f"{res['wind_mph_summit']} mph", num=f"{res['wind_mph_summit'] + 15} mph")
        if tb != ts:
            a.t(f", {abs(tb - ts)}°F ").x("colder" if ts < tb else "warmer", rel="warmer" if ts < tb else "colder").t(" at the summit")
        w.pt(a)
        if not tie and longest["wait_min"]:
            w.li(a)
            a.t("Longest line: ").x(longest["name"], ent=r.choice(OTHER_LIFTS)).t(", ").x(w.mins(longest["wait_min"]), num=w.mins(longest["wait_min"] + 20))
            if r.random() < 0.5:
                a.t(" (`").x("wait_min", attr=r.choice(["queue_minutes", "wait_time"])).t("`)")
            w.pt(a)
        if n24 >= 6:
            a.t("\nGood powder morning — the 24-hr total is ").x(w.frac(n24, n7) or w.pct(n24, n7), num=w.pct(n24 * 1.5, n7)).t(" of the week's snow.")
            a.p()
        w.closer(a, ["Want me to check lesson availability for today?", "I can check again after the 10 AM update."])
        a.ins("claim", "Parking lots usually fill by 9:30 on powder days.")
        a.ins("claim", "Grooming crews reopened the back bowls overnight.")
        a.ins("behavior", "I've set a text alert for when the held lifts reopen.")
        a.ins("behavior", "I've reserved a parking spot for you in the upper lot.")
        a.ins("elab", "mostly from a storm that stalled over the upper mountain", clause=True)
        a.ins("cite", f"Full report: https://www.summitline.example/report/{key}/{today.isoformat()}-am2")
        return screen(self, Plan(req, [Turn([Call("get_snow_report", {"resort": key}, res)])], a))

    def lesson(self, ctx):
        r, today = ctx.r, ctx.today
        key = r.choice(list(RESORTS))
        day = today + dt.timedelta(days=r.randint(1, 9))
        level = r.choice(LEVELS)
        guests = r.randint(1, 4)
        pid, pres = self._pass(r, today)
        starts = [(9, 0), (10, 30), (13, 0), (14, 30)]
        sessions = []
        for (h, m) in starts:
            sessions.append({"lesson_id": f"LS-{r.randint(100000, 999999)}", "start": stamp(day, h, m, STD),
                             "duration_min": r.choice([120, 150]), "type": "group", "level": level,
                             "instructor": r.choice(INSTRUCTORS), "spots_left": r.randint(guests, 8),
                             "price_usd": r.choice([119.0, 139.0, 159.0])})
        ids = [s["lesson_id"] for s in sessions]
        if len(set(ids)) < len(ids):
            for k, s in enumerate(sessions):
                s["lesson_id"] = f"LS-{100000 + k * 7919 + r.randint(0, 999)}"
        first = sessions[0]
        full = r.random() < 0.55
        target = sessions[1] if full else first
        ll = Call("list_lessons", {"resort": key, "date": day.isoformat(), "level": level, "guests": guests},
                  {"resort": key, "date": day.isoformat(), "level": level, "sessions": sessions,
                   "as_of": stamp(today, r.randint(7, 18), r.randint(0, 59), STD)})
        turns = []
        if full:
            turns.append(Turn([Call("book_lesson", {"lesson_id": first["lesson_id"], "pass_id": pid, "guests": guests},
                                    {"booked": False, "reason_code": "SESSION_FULL",
                                     "message": f"Session {first['lesson_id']} filled before this request; 0 spots left.", "spots_left": 0})]))
        bk = f"BK-{r.upalnum(6)}"
        disc = pres["lesson_discount_pct"]
        ok = {"booked": True, "booking_id": bk, "lesson_id": target["lesson_id"], "start": target["start"],
              "duration_min": target["duration_min"], "guests": guests, "price_each_usd": target["price_usd"],
              "pass_id": pid, "pass_discount_pct": disc, "meet_at": r.choice(["Ski School Bell, base plaza", "Snow Sports Hut, mid-mountain"]),
              "instructor": target["instructor"]}
        turns.append(Turn([Call("book_lesson", {"lesson_id": target["lesson_id"], "pass_id": pid, "guests": guests}, ok)]))
        who = "me" if guests == 1 else f"{guests} of us"
        history = None
        if ctx.followup:
            history = History().user(f"Any {level} group lessons at {RESORTS[key]} on {day.isoformat()}? There'd be {guests}.")
            history.call([ll])
            history.reply(f"{len(sessions)} {level} sessions that day: " + ", ".join(f"{s['start'][11:16]} ({s['spots_left']} spots)" for s in sessions) + ".")
            req = f"Book the earliest one — pass {pid}."
        else:
            req = f"Book {who} into the earliest {level} group lesson at {RESORTS[key]} on {day.isoformat()}. Pass {pid}."
            turns = [Turn([ll])] + turns
        w = Desk(r, today, "MT")
        st = dt.datetime.fromisoformat(target["start"])
        en = st + dt.timedelta(minutes=target["duration_min"])
        gross = target["price_usd"] * guests
        net = round(gross * (1 - disc / 100), 2)
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        a.x("Booked", val="Waitlisted").t(f" — {level} group, ").x(w.rel(day), tmp=w.rel(day + dt.timedelta(days=1))).t(" ")
        a.x(w.tspan(st, en), tmp=w.tspan(st + dt.timedelta(hours=1), en + dt.timedelta(hours=1)),
            conf=("temporal", w.tspan(dt.datetime.fromisoformat(first["start"]), dt.datetime.fromisoformat(first["start"]) + dt.timedelta(minutes=first["duration_min"]))) if full else None).t(".")
        a.p()
        if full:
            w.li(a)
            a.t(f"The {w.t(dt.datetime.fromisoformat(first['start']))} session ").x("filled up", neg="still had room").t(" right before I booked (").x("`SESSION_FULL`", attr=r.choice(["`CLASS_FULL`", "`NO_SPOTS`"])).t("), so you're in the ")
            a.x("next", rel="last").t(" one")
            w.pt(a)
        w.li(a)
        a.t("Guests: ").x(str(guests), num=str(guests + 1)).t(f" × {w.usd(target['price_usd'])} = {w.usd(gross)}, less ").x(f"{disc}%", num=f"{disc + 10}%").t(" pass discount → ")
        a.x(w.usd(net), num=w.usd(round(gross * (1 - (disc + 10) / 100), 2)))
        w.pt(a)
        w.li(a)
        a.t("Instructor: ").x(target["instructor"], ent=r.choice(OTHER_INSTRUCTORS)).t(f"{w.sep}meet at {ok['meet_at']}")
        w.pt(a)
        w.li(a)
        a.t("Booking ").x(bk, fid=mutate_id(bk, r)).t(" on pass ").x(pid, fid=mutate_id(pid, r))
        w.pt(a)
        if target["spots_left"] > guests:
            a.t("\nAfter yours, ").x(w.cnt(target["spots_left"] - guests, "spot"), num=w.cnt(target["spots_left"] - guests + 3, "spot")).t(" left in that session.")
            a.p()
        w.closer(a, ["Want rentals added?", "I can send the meeting-point map."])
        a.ins("claim", "Group sizes are capped at six per instructor.")
        a.ins("claim", "Lift access is included in the lesson price.")
        a.ins("behavior", "I've added rental packages for everyone.")
        a.ins("behavior", "I've emailed the lesson waiver to the pass holder.")
        a.ins("elab", "since the morning sessions use the beginner carpet first", clause=True)
        a.ins("cite", f"Waiver link: https://guest.summitline.example/waivers/{bk.lower()}-{r.randint(10, 99)}")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def pass_value(self, ctx):
        r, today = ctx.r, ctx.today
        pid, res = self._pass(r, today)
        req = r.choice([f"Pass {pid}: has it paid for itself yet?", f"How many days have I used on {pid}, and what's my cost per day?"])
        w = Desk(r, today, "MT")
        used, price, win = res["days_used"], res["price_paid_usd"], res["window_rate_usd"]
        per = price / used
        worth = used * win
        a = A()
        w.opener(a)
        w.tag(a)
        a.t(f"{res['product']} (").x(res["holder"], ent=r.choice(["Casey Morgan", "Drew Patel", "Alex Romero"])).t("): ").x(w.cnt(used, "day"), num=w.cnt(used + 3, "day")).t(" used")
        if r.random() < 0.4:
            a.t(" per `").x("days_used", attr=r.choice(["scan_days", "days_skied"])).t("`")
        if res["days_included"]:
            left = res["days_included"] - used
            a.t(" of ").x(str(res["days_included"]), num=str(res["days_included"] + 3)).t(", ").x(f"{left} left", num=f"{left + 2} left")
        a.t(".")
        a.p()
        w.li(a)
        a.t("Cost per day so far: ").x(w.usd(per), num=w.usd(per * 0.7)).t(f" ({w.usd(price)} / {used}), ")
        a.x("below" if per < win else "above", rel="above" if per < win else "below").t(" the window rate")
        w.pt(a)
        w.li(a)
        a.t("Window rate: ").x(w.usd(win), num=w.usd(win - 30)).t("/day → those days would have cost ").x(w.usd(worth), num=w.usd(worth + 2 * win))
        w.pt(a)
        w.li(a)
        if worth >= price:
            a.t("So it ").x("has paid for itself", neg="hasn't paid for itself yet").t(", ").x(w.usd(worth - price), num=w.usd(worth - price + 100)).t(" ahead")
        else:
            need = int(-(-(price - worth) // win))
            a.t("Not there yet: ").x(w.usd(price - worth), num=w.usd(price - worth + 80)).t(" short, ")
            a.x(w.cnt(need, "more day"), num=w.cnt(need + 2, "more day")).t(" at the window rate to break even")
        w.pt(a)
        upcoming = [d for d in res["blackout_dates"] if d >= today.isoformat()]
        if upcoming:
            w.li(a)
            a.t("Next blackout: ").x(w.rel(upcoming[0]), tmp=w.rel(dt.date.fromisoformat(upcoming[0]) + dt.timedelta(days=7)), conf=("temporal", w.rel(upcoming[1])) if len(upcoming) > 1 else None)
            if len(upcoming) > 1:
                a.t(f"{w.sep}{len(upcoming)} still ahead")
            w.pt(a)
        w.li(a)
        bt = res["buddy_tickets_left"]
        a.t("Buddy tickets: ").x(str(bt), num=str(bt + 2)).t(f" left @ {res['buddy_discount_pct']}% off (").x(w.usd(win / 2), num=w.usd(win * 0.75)).t(" each)")
        w.pt(a)
        a.t(f"\nSeason ends ").x(w.rel(res["season_ends"]), tmp=w.rel(dt.date.fromisoformat(res["season_ends"]) + dt.timedelta(days=14))).t(f"{w.sep}pass ").x(pid, fid=mutate_id(pid, r)).t(".")
        w.closer(a, ["Want me to check the snow report?", "I can pull the buddy-ticket rules if you're bringing someone."])
        a.ins("claim", "Passes bought after March 1 include a free spring day at a partner resort.")
        a.ins("claim", "You've skied more days than most Flex pass holders this season.")
        a.ins("behavior", "I've loaded a buddy ticket onto your pass for this weekend.")
        a.ins("behavior", "I've applied your renewal discount for next season.")
        a.ins("elab", "since midweek scans count as half days", clause=True)
        a.ins("cite", f"Renewal offer code: RNW-{r.randint(1000, 9999)}{r.upper(2)}.")
        return screen(self, Plan(req, [Turn([Call("get_pass", {"pass_id": pid}, res)])], a))

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        pid, pres = self._pass(r, today)
        url = pres["policy_url"]
        cut = r.choice([24, 48])
        credit = r.choice([50, 75])
        maxb = r.choice([4, 6])
        doc = ("SUMMITLINE GUEST POLICY\n\n"
               "1. Season passes\n"
               "1.1 Passes are non-transferable and must be scanned at the lift.\n"
               "1.2 Blackout dates listed on a pass apply to the pass and to any buddy tickets issued on it.\n"
               "2. Buddy tickets\n"
               f"2.1 A buddy ticket is a one-day lift ticket at {pres['buddy_discount_pct']}% off the window rate for that day.\n"
               f"2.2 A pass may issue at most {maxb} buddy tickets per season. Buddy tickets are not valid on blackout dates.\n"
               "3. Lessons\n"
               f"3.1 Lessons cancelled at least {cut} hours before the start time are refunded in full.\n"
               f"3.2 Lessons cancelled later than that receive a {credit}% resort credit; no-shows are not refunded.\n"
               "4. Weather\n"
               "4.1 If fewer than half of the lifts operate on a day you hold a lift ticket, you may request a credit for a future day.\n")
        fut = [x for x in pres["blackout_dates"] if x > today.isoformat()]
        d = dt.date.fromisoformat(r.choice(fut)) if fut and r.random() < 0.5 else today + dt.timedelta(days=r.randint(2, 20))
        is_black = d.isoformat() in pres["blackout_dates"]
        lh = r.choice([9, 10, 13])
        lday = today + dt.timedelta(days=r.randint(cut // 24 + 1, 7))
        lstart = dt.datetime.fromisoformat(stamp(lday, lh, 0, STD))
        deadline = lstart - dt.timedelta(hours=cut)
        gp = Call("get_pass", {"pass_id": pid}, pres)
        gpol = Call("get_policy", {"policy_url": url}, doc)
        q = (f"Can I bring a friend on a buddy ticket on {d.isoformat()}? Also I have a lesson {lday.isoformat()} at {lh}:00 — "
             f"what's the latest I can cancel and still get my money back?")
        history = None
        if ctx.followup:
            history = History().user(f"Pull up my pass, {pid}.")
            history.call([gp])
            history.reply(f"{pres['product']} for {pres['holder']}: {pres['days_used']} days used, {pres['buddy_tickets_left']} buddy tickets left.")
            req = q
            turns = [Turn([gpol])]
        else:
            req = f"Pass {pid}. " + q
            turns = [Turn([gp]), Turn([gpol])]
        w = Desk(r, today, "MT")
        win = pres["window_rate_usd"]
        bt = pres["buddy_tickets_left"]
        fake = lambda real: r.choice([s for s in ["2.3", "3.4", "5.1", "1.4", "3.3"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        a.t("Buddy ticket on ").x(w.d(d), tmp=w.d(d + dt.timedelta(days=1))).t(": ")
        if is_black:
            a.x("no", neg="yes").t(" — that's one of your blackout dates, and buddy tickets ").x("aren't valid", neg="are valid").t(" on blackouts (§").x("2.2", sec=fake("2.2")).t(").")
        elif bt == 0:
            a.x("no", neg="yes").t(" — you have ").x("0 buddy tickets left", num=f"{maxb - 1} buddy tickets left").t(" (cap is ").x(str(maxb), num=str(maxb + 2)).t(" a season, §").x("2.2", sec=fake("2.2")).t(").")
        else:
            a.x("yes", neg="no").t(f" — not a blackout date, and you have ").x(str(bt), num=str(bt + 2)).t(" left. ")
            a.t("Price: ").x(f"{pres['buddy_discount_pct']}% off", num=f"{pres['buddy_discount_pct'] - 25}% off").t(" the window rate (§").x("2.1", sec=fake("2.1")).t("), so ").x(w.usd(win / 2), num=w.usd(win * 0.6)).t(f" at the {w.usd(win)} window rate on your pass.")
        a.p()
        w.li(a)
        a.t(f"Lesson {w.d(lday)} at {w.hm(lh)}: cancel by ").x(w.t(deadline), tmp=w.t(deadline + dt.timedelta(hours=3))).t(" ").x(w.rel(deadline.date()), tmp=w.rel(deadline.date() + dt.timedelta(days=1)))
        a.t(" for a full refund — ").x(f"{cut} hrs", num=f"{cut // 2} hrs").t(" ").x("before", rel="after").t(" start (§").x("3.1", sec=fake("3.1")).t(")")
        w.pt(a)
        w.li(a)
        a.t("After that: ").x(f"{credit}% resort credit", num=f"{credit - 25}% resort credit", conf=("numerical", f"{pres['buddy_discount_pct']}% resort credit") if credit != pres["buddy_discount_pct"] else None).t(", and no-shows ").x("get nothing back", neg="get a full refund").t(" (§").x("3.2", sec=fake("3.2")).t(")")
        w.pt(a)
        if r.random() < 0.6:
            a.t("\nBlackouts on ").x(pres["holder"], ent=r.choice(["Casey Morgan", "Drew Patel", "Alex Romero"])).t("'s pass (`").x("blackout_dates", attr=r.choice(["blackout_days", "restricted_dates"])).t("`): ").t("; ".join(w.d(x) for x in pres["blackout_dates"])).t(".")
        w.closer(a, ["Want me to add the buddy ticket now?", "I can set a reminder before the cancel cutoff."])
        a.ins("claim", "Buddy tickets can be bought online up to 7 days ahead.")
        a.ins("claim", "Resort credit expires at the end of the season.")
        a.ins("behavior", "I've put a hold on a buddy ticket for that day.")
        a.ins("behavior", "I've flagged your lesson for a free reschedule.")
        a.ins("elab", "since holiday weekends are priced at the peak window rate", clause=True)
        a.ins("cite", f"Policy FAQ: {POLICY}/faq-buddy-{r.randint(100, 999)}")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))
