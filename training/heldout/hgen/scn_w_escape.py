"""escape_rooms (set w): the texting assistant of Lockbox Escapes — a group booking of an escape room (room, venue, day
and start time, arrive-by time, players, per-player price, deposit and balance, waivers signed) read against the house
rules (a plain-text page fetched by URL), and a request to change the group size (refused by design when the new size
is over the room's maximum — reason code and a larger room the same day as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .wstyle import B, Terse, end_li, hello, li, sign, ts, vet

BASE = "https://api.lockboxescapes.example/v2"
RULES = "https://www.lockboxescapes.example/house-rules-lx-2"
BOOKERS = ["Sam Ortiz", "Priya Nair", "Jake Müller", "Tessa Lind", "Omar Khalil", "Grace Obi", "Leo Fontaine", "Mia Kowal"]
FAKE_NAMES = ["Brent", "Carla"]
VENUES = [("Lockbox Riverside", "Portland", "America/Los_Angeles"), ("Lockbox Downtown", "Calgary", "America/Edmonton"),
          ("Lockbox Eastgate", "Columbus", "America/New_York"), ("Lockbox Harbour", "Halifax", "America/Halifax"),
          ("Lockbox Northside", "Madison", "America/Chicago")]
FAKE_VENUES = ["Lockbox Uptown", "Lockbox Westfield"]
# name, minutes, min players, max players, price per player
ROOMS = [("The Vault", 60, 4, 8, 32.0), ("Lost Temple", 60, 4, 10, 34.0), ("Night Train", 75, 3, 6, 36.0),
         ("Mad Lab", 60, 2, 6, 30.0), ("Pirate Cove", 90, 5, 12, 38.0)]
FAKE_ROOMS = ["The Crypt", "Clockwork Manor"]
PHONES = ["1-855-555-0142", "1-855-555-0119"]
STATUS = {"confirmed": "✓ confirmed", "waivers_pending": "confirmed, waivers pending"}


class EscapeRooms(Scenario):
    name = "escape_rooms"
    agent = "lockbox-text-helper"
    service = "lockbox-bookings"
    system = ("You are the texting assistant of Lockbox Escapes. Replies go out as SMS / push notifications: keep them "
              "very short, line by line, with abbreviations and symbols where they help, and show any math in one line. "
              "Use only the booking record, the house rules and tool results. Never show internal codes.")
    error_style = 2
    entity_noun = {"booking_number": "Booking", "page_url": "Page"}
    preambles = ["Checking your booking.", "One sec — pulling up the booking."]

    def __init__(self):
        self.tools = [
            Tool("get_booking", "A group booking: booker, venue, room (length, min/max players), day, start and arrive-by "
                                "times, players, per-player price, total, deposit, balance, waivers, status.",
                 s_obj({"booking_number": s_str("Booking number, e.g. 'LB-48213'.", pattern=r"^LB-\d{5}$"),
                        "view": s_str("How much detail.", enum=["summary", "full"])}, ["booking_number"]),
                 entity={"booking_number": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("fetch_house_rules", "The published house rules (plain text, numbered items).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://www\.lockboxescapes\.example/.+$")}, ["page_url"]),
                 entity={"page_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("change_party_size", "Change the number of players on a booking. A size over the room's maximum is refused "
                                      "with a reason code and an alternative.",
                 s_obj({"booking_number": s_str("Booking number.", pattern=r"^LB-\d{5}$"),
                        "players": s_int("New number of players.", 1, 12),
                        "notify_group": s_bool("Text the group about the change.")},
                       ["booking_number", "players"]),
                 entity={"booking_number": "id"}, http=BASE, extra=[("waive_fee", True)]),
        ]
        self.intents = [("booking_status", self.status, True), ("change_players", self.change, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"arrive": 15, "change_hrs": r.choice([12, 24]), "cancel_hrs": 48, "deposit": float(r.choice([40, 50])),
                "rev": r.choice(["Mar 2026", "Jan 2026"])}

    def _booking(self, r, today, P, room=None, players=None, days=None):
        venue, city, zone = r.choice(VENUES)
        room = room or r.choice(ROOMS)
        name, mins, lo, hi, ppp = room
        players = players or r.randint(lo, hi - 1)
        d = today + dt.timedelta(days=days or r.randint(3, 12))
        hh, mm = r.choice([(10, 0), (12, 30), (15, 15), (17, 45), (19, 30), (20, 0), (18, 15)])
        start = ts(d, hh, mm, zone)
        m2 = hh * 60 + mm - P["arrive"]
        arrive = ts(d, m2 // 60, m2 % 60, zone)
        total = round(players * ppp, 2)
        signed = r.randint(max(1, players - 4), players)
        rec = {"booking_number": f"LB-{r.randint(10000, 99999)}", "business": "Lockbox Escapes", "booker": r.choice(BOOKERS),
               "venue": {"name": venue, "city": city},
               "room": {"name": name, "length_mins": mins, "min_players": lo, "max_players": hi},
               "date": d.isoformat(), "start": start, "arrive_by": arrive, "players": players, "price_per_player": ppp,
               "total": total, "deposit_paid": P["deposit"], "balance_due": round(total - P["deposit"], 2),
               "waivers": {"signed": signed, "needed": players},
               "status": "confirmed" if signed == players else "waivers_pending",
               "app_labels": ["My Bookings", "Waivers", "Balance"], "rules_url": RULES, "phone": r.choice(PHONES),
               "time_zone": zone, "as_of": ts(today, r.choice([9, 11, 13, 16, 18]), r.choice([0, 10, 40]), zone)}
        return rec

    def _doc(self, P):
        return ("LOCKBOX ESCAPES — HOUSE RULES (LX-2)\n"
                f"Updated {P['rev']}\n\n"
                "1. Arrival\n"
                f"1.1 Arrive {P['arrive']} minutes before your start time for the briefing.\n"
                "1.2 Late groups play the time that is left; the clock is not extended.\n\n"
                "2. Groups and prices\n"
                "2.1 Each room has a minimum and a maximum group size, shown on your booking.\n"
                f"2.2 Every player pays the room's per-player price. The ${P['deposit']:.0f} deposit counts toward the total.\n"
                "2.3 Every player signs a waiver before play.\n\n"
                "3. Changes\n"
                f"3.1 The group size can change up to {P['change_hrs']} hours before the start, within the room's limits.\n"
                "3.2 A switch to another room keeps your deposit.\n\n"
                "4. Cancelling\n"
                f"4.1 Cancel at least {P['cancel_hrs']} hours before the start and the deposit is refunded; later, it is kept.\n")

    def _history(self, rec):
        h = History().user(f"hey can u check booking {rec['booking_number']}")
        h.call([Call("get_booking", {"booking_number": rec["booking_number"]}, rec)])
        h.reply(f"Found it ✓ {rec['room']['name']}, {rec['players']} players. What do you need?")
        return h

    def _inserts(self, a, w, r, rec, elab="b/c weekend pricing applies"):
        a.ins("claim", "Room gets a new puzzle set next mo.")
        a.ins("claim", "Free parking w/ validation at the front desk")
        a.ins("behavior", "Waiver links re-sent to the group ✓")
        a.ins("behavior", "Added a free photo pkg to your booking ✓")
        fake = f"LB-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Merged w/ your earlier booking #{fake}", fake))
        a.ins("elab", elab, clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.45:
            hello(a, w, rec["booker"].split()[0], r.choice(FAKE_NAMES))

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._booking(r, today, P)
        args = {"booking_number": rec["booking_number"]}
        if r.random() < 0.4:
            args["view"] = "full"
        cg = Call("get_booking", args, rec)
        cd = Call("fetch_house_rules", {"page_url": RULES}, self._doc(P))
        req = r.choice([f"whats the status of booking {rec['booking_number']}? how much do we still owe",
                        f"Can you text me the details for {rec['booking_number']}?",
                        f"booking {rec['booking_number']} - when do we need to be there and what's left to pay"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["what time should we show up and how much is left to pay?", "are we all set? anything still owed"])
            turns = [Turn([cd])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        room, st = rec["room"], rec["status"]
        a.t(r.choice(["Lockbox Escapes: booking ", "re: booking ", "Booking "]) + "#")
        a.x(rec["booking_number"], fid=w.fake_id(rec["booking_number"], r)).t(" ")
        a.x(STATUS[st], val=r.choice(["on hold", "cancelled"]) if st == "confirmed" else "✓ all set")
        a.nl()
        dc, df = w.when_pair(rec["date"], r.choice([1, 2, -1]))
        a.t('\n"').x(room["name"], ent=r.choice(FAKE_ROOMS)).t('" @ ')
        oth = [v for v in VENUES if v[0] != rec["venue"]["name"]]
        a.x(rec["venue"]["name"], ent=r.choice(FAKE_VENUES)).nl()
        a.t("\n").x(dc, tmp=df).t(" @ ").x(w.time(rec["start"]), tmp=w.time(rec["start"][:11] + f"{(int(rec['start'][11:13]) + 1):02d}" + rec["start"][13:]))
        a.t(", " + str(room["length_mins"]) + " mins").nl()
        arr = w.time(rec["arrive_by"])
        a.t("\nArrive by ").x(arr, conf=("temporal", w.time(rec["start"]))).t(" (").x("15", num="30").t(" mins ")
        a.x("before", rel="after").t(" start, §").x("1.1", sec=r.choice(["1.4", "5.1"])).t(")").nl()
        ppp, n = rec["price_per_player"], rec["players"]
        li(a, w).x(str(n), num=str(n + r.choice([2, 3]))).t(" players × " + w.usd(ppp) + " = ")
        a.x(w.usd(rec["total"]), num=w.usd(rec["total"] + 40)).pc()
        end_li(a, w)
        bal = rec["balance_due"]
        if r.random() < 0.5:
            li(a, w).t("Dep. " + w.usd(rec["deposit_paid"]) + " ").x("paid", neg="not paid yet").t(" → bal. ")
            a.x(w.usd(bal), num=w.usd(bal + 30), conf=("numerical", w.usd(rec["total"]))).t(" due at check-in")
        else:
            li(a, w).t(w.usd(rec["total"]) + " − " + w.usd(rec["deposit_paid"]) + " dep. = ")
            a.x(w.usd(bal), num=w.usd(bal + 30)).t(" bal. at check-in")
        end_li(a, w)
        wv = rec["waivers"]
        if wv["signed"] < wv["needed"]:
            left = wv["needed"] - wv["signed"]
            w.declare(left)
            li(a, w).t("Waivers: " + str(wv["signed"]) + " of " + str(wv["needed"]) + " signed → ")
            a.x(str(left), num=str(left + 2)).t(" to go")
            if r.random() < 0.5:
                fr = w.frac(wv["signed"], wv["needed"])
                if fr:
                    a.t(" (" + fr + " done)")
        else:
            li(a, w).t("Waivers: all " + str(wv["needed"]) + " signed ").x("✓", neg="✗ (2 missing)")
        end_li(a, w)
        cut = dt.date.fromisoformat(rec["date"]) - dt.timedelta(days=2)
        cc, cf = w.when_pair(cut, r.choice([1, -1]), calc=True, forms=("abs",))
        if r.random() < 0.5:
            li(a, w).t("Free cancel until " + w.time(rec["start"]) + " ").x(cc, tmp=cf).t(" (48 hrs ")
            a.x("before", rel="after").t(", §").x("4.1", sec=r.choice(["4.3", "6.1"])).t(")")
            end_li(a, w)
        else:
            li(a, w).t("Late? Clock ").x("not extended", neg="extended to make up the time").t(" (§").x("1.2", sec=r.choice(["1.6", "3.4"])).t(")")
            end_li(a, w)
        a.t('\nSee "').x("Waivers" if wv["signed"] < wv["needed"] else "My Bookings", attr=r.choice(["Player Forms", "Group Pass"]))
        a.t('" in the app').nl()
        sign(a, w, rec["phone"], ["Reply Y to get waiver links", "Reply CHANGE to edit the group"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def change(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        room = r.choice([x for x in ROOMS if x[3] < 12])
        name, mins, lo, hi, ppp = room
        if ok:
            old = r.randint(lo, hi - 1)
            new = r.randint(old + 1, hi)
        else:
            old = r.randint(max(lo, hi - 3), hi)
            new = r.randint(hi + 1, min(12, hi + 3))
        rec = self._booking(r, today, P, room=room, players=old, days=r.randint(2, 10))
        args = {"booking_number": rec["booking_number"], "players": new}
        if r.random() < 0.5:
            args["notify_group"] = True
        dep = rec["deposit_paid"]
        signed = rec["waivers"]["signed"]
        if ok:
            new_total = round(new * ppp, 2)
            res = {"status": "updated", "booking_number": rec["booking_number"], "players": new, "was": old,
                   "price_per_player": ppp, "added_cost": round((new - old) * ppp, 2), "new_total": new_total,
                   "deposit_paid": dep, "balance_due": round(new_total - dep, 2),
                   "waivers": {"signed": signed, "needed": new}, "change_ref": f"CH-{r.randint(10000, 99999)}"}
        else:
            bigger = [x for x in ROOMS if x[3] >= new and x[0] != name]
            alt = r.choice(bigger)
            zone = rec["time_zone"]
            hh = int(rec["start"][11:13])
            alt_start = ts(rec["date"], hh + r.choice([1, 2]) if hh < 20 else hh - 2, r.choice([0, 30]), zone)
            res = {"status": "refused", "reason_code": "OVER_ROOM_MAX", "booking_number": rec["booking_number"],
                   "requested_players": new, "max_players": hi,
                   "alternative": {"option": "larger_room", "room": alt[0], "max_players": alt[3], "date": rec["date"],
                                   "start": alt_start, "price_per_player": alt[4], "total": round(new * alt[4], 2),
                                   "deposit_carries_over": True}}
        cg = Call("get_booking", {"booking_number": rec["booking_number"]}, rec)
        cd = Call("fetch_house_rules", {"page_url": RULES}, self._doc(P))
        cx = Call("change_party_size", args, res)
        req = r.choice([f"we're now {new} people, can you update booking {rec['booking_number']}?",
                        f"Please change {rec['booking_number']} to {new} players",
                        f"add {new - old} more to our booking {rec['booking_number']} pls"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"ok can we make it {new} players?", f"{new - old} more friends are coming, can you add them?"])
            turns = [Turn([cd]), Turn([cx])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        d = new - old
        w.declare(d)
        if ok:
            rs = res
            a.t("Done ✓ #").x(rec["booking_number"], fid=w.fake_id(rec["booking_number"], r)).t(" ")
            a.x("updated", val=r.choice(["pending approval", "on hold"])).t(" → ").x(str(new), num=str(new + 2)).t(" players (was " + str(old) + ")").nl()
            li(a, w).t("+" + str(d) + " × " + w.usd(ppp) + " = ").x(w.usd(rs["added_cost"]), num=w.usd(rs["added_cost"] + 20)).t(" added").pc()
            end_li(a, w)
            li(a, w).t(str(new) + " × " + w.usd(ppp) + " = ").x(w.usd(rs["new_total"]), num=w.usd(rs["new_total"] + 36)).t(" new total")
            end_li(a, w)
            li(a, w).t(w.usd(rs["new_total"]) + " − " + w.usd(dep) + " dep. = ")
            a.x(w.usd(rs["balance_due"]), num=w.usd(rs["balance_due"] + 25), conf=("numerical", w.usd(rs["new_total"]))).t(" due at check-in")
            end_li(a, w)
            li(a, w).x("Nothing", neg="Full bal.").t(" to pay now")
            end_li(a, w)
            w.declare(new - signed)
            if new - signed > 0:
                li(a, w).t("Waivers: " + str(signed) + " of " + str(new) + " signed → ").x(str(new - signed), num=str(new - signed + 3)).t(" to go")
                end_li(a, w)
            w.declare(hi - new)
            if new < hi:
                li(a, w).t("Still ").x("under", rel="over").t(" the " + str(hi) + "-player max of ").x(name, ent=r.choice(FAKE_ROOMS))
                end_li(a, w)
            dc, df = w.when_pair(rec["date"], r.choice([1, -1, 2]))
            a.t("\nSame slot: ").x(dc, tmp=df).t(" @ " + w.time(rec["start"])).nl()
            if r.random() < 0.5:
                a.t("\nSize changes OK up to " + str(P["change_hrs"]) + " hrs before start (§").x("3.1", sec=r.choice(["3.5", "9.1"])).t(")").nl()
            a.t("\nRef ").x(rs["change_ref"], fid=w.fake_id(rs["change_ref"], r)).t(' · see "')
            a.x(r.choice(["Balance", "My Bookings"]), attr=r.choice(["Group Ledger", "Party Wallet"])).t('" tab').nl()
            sign(a, w, rec["phone"] if r.random() < 0.5 else None, ["Reply Y to text the group the new total"])
        else:
            alt = res["alternative"]
            a.t("Can't add " + str(d) + r.choice([" ✗ — \"", " ✗ b/c \""])).x(name, ent=r.choice(FAKE_ROOMS)).t("\" maxes out at ")
            a.x(str(hi), num=str(hi + 4), conf=("numerical", str(alt["max_players"]))).t(" (§").x("2.1", sec=r.choice(["2.5", "7.1"])).t(")").nl()
            a.t("\n" + str(old) + " + " + str(d) + " = " + str(new) + ", ").x("over", rel="under").t(" the max").nl()
            a.t('\nOption: "').x(alt["room"], ent=r.choice(FAKE_ROOMS)).t('" fits up to ').x(str(alt["max_players"]), num=str(alt["max_players"] + 4))
            a.t(", same day @ ").x(w.time(alt["start"]), conf=("temporal", w.time(rec["start"]))).nl()
            a.t("\n" + str(new) + " × ").x(w.usd(alt["price_per_player"]), num=w.usd(alt["price_per_player"] + 6), conf=("numerical", w.usd(ppp)) if ppp != alt["price_per_player"] else None)
            a.t(" = " + w.usd(alt["total"]) + "/group").pc().nl()
            a.t("\nDep. " + w.usd(dep) + " ").x("carries over", neg="doesn't carry over").t(" (§").x("3.2", sec=r.choice(["3.6", "8.2"])).t(")").nl()
            dc, df = w.when_pair(rec["date"], r.choice([1, -1, 2]))
            a.t("\n#").x(rec["booking_number"], fid=w.fake_id(rec["booking_number"], r)).t(" ").x("unchanged", val="cancelled")
            a.t(": still " + str(old) + " players, ").x(dc, tmp=df).nl()
            a.t("\nNew room would need a fresh waiver from all " + str(new) + " players").nl()
            a.t('\n' + w.ask("Switch rooms? Reply Y") + ' or see "').x("My Bookings", attr=r.choice(["Room Swap", "Upgrade Center"])).t('"')
            a.nl()
            if r.random() < 0.5:
                sign(a, w, rec["phone"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
