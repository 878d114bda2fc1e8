"""tee_times (set w): the texting assistant of Hollow Creek Golf — a public-course tee-time booking (course and layout,
day and tee time, check-in time, players, green fee per player, carts and cart fee, total, paid online or not, pace of
play) read against the player policies (a plain-text page fetched by URL), and a request to cancel the round for a
refund (refused by design inside 24 hours of the tee time — reason code and a free one-time move within 14 days as the
alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_obj, s_str
from .wstyle import B, Terse, end_li, hello, li, sign, ts, vet

BASE = "https://api.hollowcreekgolf.example/v1"
POLICY = "https://www.hollowcreekgolf.example/player-policies-gp-3"
GOLFERS = ["Rick Alvarez", "Janet Cho", "Pete Sullivan", "Maya Grant", "Derek Olsen", "Fiona Burke", "Arjun Mehta",
           "Colin Shaw"]
FAKE_NAMES = ["Wade", "Lorna"]
COURSES = [("Cedar Hollow", "America/Chicago"), ("Pine Bluff", "America/New_York"), ("Heron Marsh", "America/Los_Angeles"),
           ("Aspen Ridge", "America/Denver"), ("Maple Run", "America/Toronto")]
FAKE_COURSES = ["Eagle Crest", "Willow Glen"]
# layout, holes, green fees, cart fee, pace in minutes
LAYOUTS = [("North 9", 9, [24.0, 28.0, 32.0], 12.0, [120, 135]), ("South 9", 9, [26.0, 30.0], 12.0, [120, 135]),
           ("Full 18", 18, [42.0, 48.0, 58.0], 18.0, [240, 255, 270])]
PHONES = ["1-866-555-0193", "1-866-555-0107"]


class TeeTimes(Scenario):
    name = "tee_times"
    agent = "hollowcreek-golf-texts"
    service = "hollowcreek-tee-sheet"
    system = ("You are the texting assistant of Hollow Creek Golf's public courses. Golfers read your replies as text "
              "messages: very short lines, abbreviations and symbols OK, math on one line. Use only the booking, the "
              "player policies and tool results; never show internal codes.")
    error_style = 2
    entity_noun = {"booking_number": "Booking", "page_url": "Page"}
    preambles = ["Checking the tee sheet.", "One sec, pulling up your tee time."]

    def __init__(self):
        self.tools = [
            Tool("get_tee_time", "A tee-time booking: golfer, course and layout, day, tee time, check-in time, players, "
                                 "green fee, carts and cart fee, total, paid online or not, pace of play.",
                 s_obj({"booking_number": s_str("Booking number, e.g. 'GT-482193'.", pattern=r"^GT-\d{6}$"),
                        "include_pace": s_bool("Include the pace of play.")}, ["booking_number"]),
                 entity={"booking_number": "id"}, http=BASE, extra=[("include_weather", True)]),
            Tool("fetch_player_policies", "The published player policies (plain text, numbered items).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://www\.hollowcreekgolf\.example/.+$")}, ["page_url"]),
                 entity={"page_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("cancel_tee_time", "Cancel a tee time for a refund. A cancellation inside 24 hours is refused with a "
                                    "reason code and the alternative.",
                 s_obj({"booking_number": s_str("Booking number.", pattern=r"^GT-\d{6}$"),
                        "reason": s_str("Why.", enum=["weather", "schedule", "injury", "other"]),
                        "refund_to": s_str("Where the refund goes.", enum=["card", "course_credit"]),
                        "notify_players": s_bool("Text the other players.")},
                       ["booking_number", "reason"]),
                 entity={"booking_number": "id"}, http=BASE, extra=[("force", True)]),
        ]
        self.intents = [("tee_time_status", self.status, True), ("cancel_round", self.cancel, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"checkin": 20, "cancel_hrs": 24, "move_days": 14, "refund_min": 3, "refund_max": 5,
                "rev": r.choice(["2026", "Spring 2026"])}

    def _booking(self, r, today, P, days=None, paid=None, hh=None):
        course, zone = r.choice(COURSES)
        layout, holes, fees, cart_fee, paces = r.choice(LAYOUTS)
        d = today + dt.timedelta(days=r.randint(2, 10) if days is None else days)
        if hh is None:
            hh = r.choice([7, 8, 9, 10, 13, 15])
        mm = r.choice([0, 10, 20, 30, 40, 50])
        players = r.randint(2, 4)
        carts = (players + 1) // 2
        fee = r.choice(fees)
        tm = hh * 60 + mm - P["checkin"]
        total = round(players * fee + carts * cart_fee, 2)
        rec = {"booking_number": f"GT-{r.randint(100000, 999999)}", "operator": "Hollow Creek Golf",
               "course": course, "layout": layout, "holes": holes, "golfer": r.choice(GOLFERS), "date": d.isoformat(),
               "tee_time": ts(d, hh, mm, zone), "check_in_by": ts(d, tm // 60, tm % 60, zone), "players": players,
               "green_fee": fee, "carts": carts, "cart_fee": cart_fee, "green_fees_total": round(players * fee, 2),
               "carts_total": round(carts * cart_fee, 2), "total": total,
               "paid_online": r.random() < 0.5 if paid is None else paid, "status": "confirmed",
               "pace_mins": r.choice(paces), "app_labels": ["Tee Sheet", "My Rounds", "Rain Checks"],
               "policies_url": POLICY, "phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([8, 11, 14, 18]), 0, zone)}
        return rec

    def _doc(self, P):
        return ("HOLLOW CREEK GOLF — PLAYER POLICIES (GP-3)\n"
                f"Season {P['rev']}\n\n"
                "1. Check-in\n"
                f"1.1 Check in at the pro shop {P['checkin']} minutes before your tee time.\n"
                "1.2 Groups that miss their tee time may be moved to the next open slot.\n\n"
                "2. Fees\n"
                "2.1 Green fees are per player. Carts seat 2 and are charged per cart.\n"
                "2.2 Pay online or at check-in.\n\n"
                "3. Cancelling and moving\n"
                f"3.1 Cancel at least {P['cancel_hrs']} hours before your tee time for a full refund. Refunds reach your "
                f"card in {P['refund_min']} to {P['refund_max']} business days.\n"
                f"3.2 Inside {P['cancel_hrs']} hours, a booking can be moved once, free, to any day within "
                f"{P['move_days']} days of the original date.\n\n"
                "4. Weather\n"
                "4.1 If play is stopped for weather, unplayed holes are given as a rain check.\n")

    def _history(self, rec):
        h = History().user(f"hey whats my tee time? booking {rec['booking_number']}")
        h.call([Call("get_tee_time", {"booking_number": rec["booking_number"]}, rec)])
        h.reply(f"Found it ✓ {rec['course']}, {rec['players']} players. Anything else?")
        return h

    def _inserts(self, a, w, r, rec, elab="b/c of a tournament later that day"):
        a.ins("claim", "Greens were aerated this wk, expect slower putts")
        a.ins("claim", "Range balls incl. w/ every tee time")
        a.ins("behavior", "Upgraded your group to a cart w/ GPS ✓")
        a.ins("behavior", "Texted the other players the details ✓")
        fake = f"GT-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"Rain check #{fake} from last mo. applied", fake))
        a.ins("elab", elab, clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.4:
            hello(a, w, rec["golfer"].split()[0], r.choice(FAKE_NAMES))

    def _fees(self, a, w, r, rec):
        n, fee, c, cf = rec["players"], rec["green_fee"], rec["carts"], rec["cart_fee"]
        gt, ct, tot = rec["green_fees_total"], rec["carts_total"], rec["total"]
        if r.random() < 0.5:
            li(a, w).x(str(n), num=str(n + 2)).t(" players × ").x(w.usd(fee), num=w.usd(fee + 10), conf=("numerical", w.usd(cf))).t(" = " + w.usd(gt) + " green fees")
            end_li(a, w)
            li(a, w).t(str(c) + " cart" + ("s" if c > 1 else "") + " × " + w.usd(cf) + " = ").x(w.usd(ct), num=w.usd(ct + 12)).t(" (2 per cart, §")
            a.x("2.1", sec=r.choice(["2.4", "5.1"])).t(")")
            end_li(a, w)
            li(a, w).t(w.usd(gt) + " + " + w.usd(ct) + " = ").x(w.usd(tot), num=w.usd(tot + 30), conf=("numerical", w.usd(gt))).t(" total")
            end_li(a, w)
        else:
            li(a, w).t(str(n) + " × " + w.usd(fee) + " + " + str(c) + " × " + w.usd(cf) + " cart = ")
            a.x(w.usd(tot), num=w.usd(tot + 30)).t(" total")
            end_li(a, w)

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._booking(r, today, P)
        args = {"booking_number": rec["booking_number"]}
        if r.random() < 0.5:
            args["include_pace"] = True
        cg = Call("get_tee_time", args, rec)
        cd = Call("fetch_player_policies", {"page_url": POLICY}, self._doc(P))
        req = r.choice([f"what time do we tee off? booking {rec['booking_number']}",
                        f"Booking {rec['booking_number']} — time, cost, all that",
                        f"txt me the details for {rec['booking_number']} pls"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["how much is it all in, and when should we get there?", "what do we owe + when to check in"])
            turns = [Turn([cd])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        dc, df = w.when_pair(rec["date"], r.choice([1, -1, 2]))
        tee = w.time(rec["tee_time"])
        a.t("Tee time ").x("✓ confirmed", val=r.choice(["waitlisted", "cancelled"])).t(" · #").x(rec["booking_number"], fid=w.fake_id(rec["booking_number"], r)).nl()
        a.t("\n").x(dc, tmp=df).t(" @ " + tee + " · ").x(rec["course"], ent=r.choice(FAKE_COURSES)).t(" (" + rec["layout"] + ")").nl()
        a.t("\nCheck in by ").x(w.time(rec["check_in_by"]), conf=("temporal", tee)).t(" (").x("20", num="45").t(" mins ")
        a.x("before", rel="after").t(", §").x("1.1", sec=r.choice(["1.4", "6.1"])).t(")").nl()
        self._fees(a, w, r, rec)
        if rec["paid_online"]:
            li(a, w).t(r.choice(["", "Pmt: "])).x("paid online ✓", neg="not paid yet").t(" → nothing due at check-in")
        else:
            li(a, w).x("Not paid yet", neg="Paid online ✓").t(" → pay at check-in (§").x("2.2", sec=r.choice(["2.5", "8.2"])).t(")")
        end_li(a, w)
        pace = rec["pace_mins"]
        li(a, w).t(rec["layout"] + " pace ").x(w.approx_mins(pace) if r.random() < 0.5 else w.dur(pace), num=w.dur(pace + 60)).pc()
        end_li(a, w)
        if r.random() < 0.5:
            cut = dt.date.fromisoformat(rec["date"]) - dt.timedelta(days=1)
            cc, cf = w.when_pair(cut, r.choice([1, -1]), calc=True, forms=("abs",))
            li(a, w).t("Free cancel until " + tee + " ").x(cc, tmp=cf).t(" (24 hrs ").x("before", rel="after").t(", §")
            a.x("3.1", sec=r.choice(["3.5", "9.1"])).t(")")
            end_li(a, w)
        else:
            li(a, w).t("Weather stop → unplayed holes as a rain check (§").x("4.1", sec=r.choice(["4.3", "9.1"])).t(")")
            end_li(a, w)
        a.t('\nSee "').x(r.choice(["Tee Sheet", "My Rounds"]), attr=r.choice(["Round Planner", "Tee Wallet"])).t('" in the app').nl()
        sign(a, w, rec["phone"], ["Reply X to cancel", "Reply ADD to add a player"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def cancel(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        if ok:
            rec = self._booking(r, today, P, days=r.randint(2, 9), paid=True)
        else:
            rec = self._booking(r, today, P, days=1, paid=True, hh=r.choice([7, 8, 9, 10]))
            rec["as_of"] = ts(today, r.choice([12, 14, 16, 19]), 0, rec["time_zone"])
        reason = r.choice(["weather", "schedule", "injury", "other"])
        args = {"booking_number": rec["booking_number"], "reason": reason}
        if r.random() < 0.5:
            args["refund_to"] = "card"
        if r.random() < 0.3:
            args["notify_players"] = True
        d = dt.date.fromisoformat(rec["date"])
        if ok:
            res = {"status": "cancelled", "booking_number": rec["booking_number"], "refund": rec["total"],
                   "refund_to": "card", "refund_business_days": {"min": P["refund_min"], "max": P["refund_max"]},
                   "cancel_ref": f"CX-{r.randint(10000, 99999)}"}
        else:
            hrs = 24 - int(rec["as_of"][11:13]) + int(rec["tee_time"][11:13])
            res = {"status": "refused", "reason_code": "INSIDE_24_HOURS", "booking_number": rec["booking_number"],
                   "hours_until_tee": hrs,
                   "alternative": {"option": "move_once_free", "latest_date": (d + dt.timedelta(days=P["move_days"])).isoformat(),
                                   "fee": 0.0}}
        cg = Call("get_tee_time", {"booking_number": rec["booking_number"]}, rec)
        cd = Call("fetch_player_policies", {"page_url": POLICY}, self._doc(P))
        cx = Call("cancel_tee_time", args, res)
        why = {"weather": "looks like rain", "schedule": "something came up", "injury": "hurt my back", "other": "can't make it"}[reason]
        req = r.choice([f"need to cancel {rec['booking_number']}, {why}. refund to my card pls",
                        f"Cancel booking {rec['booking_number']} please ({why})"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"actually we need to cancel, {why}. can I get a refund?", f"cancel it pls, {why}"])
            turns = [Turn([cd]), Turn([cx])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        dc, df = w.when_pair(rec["date"], r.choice([1, -1, 2]))
        tee = w.time(rec["tee_time"])
        if ok:
            a.x("Cancelled ✓", val=r.choice(["Cancel pending", "On hold"])).t(" #").x(rec["booking_number"], fid=w.fake_id(rec["booking_number"], r)).t(" — ").x(dc, tmp=df).t(" @ " + tee).nl()
            a.t("\n").x(rec["course"], ent=r.choice(FAKE_COURSES)).t(" (" + rec["layout"] + "), " + str(rec["players"]) + " players").nl()
            n, fee, c, cf = rec["players"], rec["green_fee"], rec["carts"], rec["cart_fee"]
            li(a, w).t(str(n) + " × " + w.usd(fee) + " + " + str(c) + " × " + w.usd(cf) + " = ")
            a.x(w.usd(rec["total"]), num=w.usd(rec["total"] + 25), conf=("numerical", w.usd(rec["green_fees_total"]))).t(" refunded → card")
            end_li(a, w)
            li(a, w).x("Full", neg="No").t(" refund: ").x(">24 hrs", rel="<24 hrs").t(" notice (§").x("3.1", sec=r.choice(["3.4", "7.1"])).t(")").pc()
            end_li(a, w)
            li(a, w).t("Est. ").x(f"{P['refund_min']}–{P['refund_max']}", num=f"{P['refund_min'] + 4}–{P['refund_max'] + 5}").t(" biz days to post")
            end_li(a, w)
            a.t("\nRef ").x(res["cancel_ref"], fid=w.fake_id(res["cancel_ref"], r)).t(' · gone from "').x("My Rounds", attr=r.choice(["Round Planner", "Tee Wallet"])).t('"').nl()
            sign(a, w, rec["phone"] if r.random() < 0.5 else None, ["Reply BOOK for a new time"])
        else:
            alt = res["alternative"]
            a.t("Can't refund ✗ " + r.choice(["— tee time in ", "b/c tee time is in "])).x(str(res["hours_until_tee"]), num=str(res["hours_until_tee"] + 20)).t(" hrs, ")
            a.x("under", rel="over").t(" 24 (§").x("3.1", sec=r.choice(["3.4", "7.1"])).t(")").pc().nl()
            li(a, w).t("Option: move it once, ").x("free", neg="for a fee").t(" (§").x("3.2", sec=r.choice(["3.6", "7.2"])).t(")")
            end_li(a, w)
            last = dt.date.fromisoformat(alt["latest_date"])
            li(a, w).t(w.date(d, wd=False) + " + " + str(P["move_days"]) + " days = ")
            a.x(w.date(last, wd=False), tmp=w.date(last + dt.timedelta(days=r.choice([3, -4, 7])), wd=False), conf=("temporal", w.date(d, wd=False))).t(" latest")
            end_li(a, w)
            a.t("\n#").x(rec["booking_number"], fid=w.fake_id(rec["booking_number"], r)).t(" ").x("still on", val="cancelled").t(": ").x(dc, tmp=df).t(" @ " + tee).nl()
            a.t("\n" + str(rec["players"]) + " players, ").x(w.usd(rec["total"]), num=w.usd(rec["total"] + 25), conf=("numerical", w.usd(rec["green_fees_total"]))).t(" ")
            a.x("paid", neg="unpaid").t(' · "').x("Rain Checks", attr=r.choice(["Weather Credits", "Round Vault"])).t('" if weather stops play').nl()
            a.t("\n" + w.ask("Move it? Reply w/ a date")).nl()
        self._inserts(a, w, r, rec, "b/c the tee sheet is locked a day ahead")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
