"""marina_slips (set f): transient slip quotes by boat length, booking a slip (with a just-taken slip by design),
reservation details, and marina rules as plain text fetched by path."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_date, s_num, s_obj, s_str
from .fstyle import St, guard, m, pc

BASE = "https://book.saltmarsh-marina.example/api"
DOCKS = ["A", "B", "C", "D", "F"]
VESSELS = ["Second Wind", "Kittiwake", "Blue Heron II", "Salt & Pepper", "Halcyon", "Reel Therapy"]
OTHER_VESSELS = ["Sea Biscuit", "Wanderlust IV"]
RULES_PATH = "docs/marina/transient-rules.txt"


class Marina(Scenario):
    name = "marina_slips"
    agent = "Harbor"
    service = "saltmarsh-marina-assistant"
    system = ("You are Harbor, the dockmaster's assistant at Saltmarsh Marina. Use the tools to quote and book transient "
              "slips, look up reservations and answer questions from the marina rules. Rates are per foot of length "
              "overall (LOA) per night, in USD. Book only when the boater confirms.")
    error_style = 0
    entity_noun = {"slip_id": "Slip", "reservation_id": "Reservation", "rules_path": "File"}
    preambles = ["Checking the slip chart.", "Let me look at the dock availability.", "Pulling up the reservation."]

    def __init__(self):
        self.tools = [
            Tool("check_slips", "Available transient slips for a stay and a boat size.",
                 s_obj({"arrive": s_date("Arrival date (YYYY-MM-DD)."), "depart": s_date("Departure date (YYYY-MM-DD)."),
                        "loa_ft": s_num("Length overall in feet.", 10, 150), "power": s_str("Shore power.", enum=["30A", "50A", "100A"])},
                       ["arrive", "depart", "loa_ft"]),
                 http=BASE, extra=[("beam_ft", 14)]),
            Tool("book_slip", "Book a transient slip from check_slips for a vessel.",
                 s_obj({"slip_id": s_str("Slip ID, e.g. 'C-14'.", pattern=r"^[A-F]-\d{1,2}$"), "arrive": s_date("Arrival date."),
                        "depart": s_date("Departure date."), "vessel_name": s_str("Vessel name.", min_len=1, max_len=60)},
                       ["slip_id", "arrive", "depart", "vessel_name"]),
                 entity={"slip_id": "id"}, http=BASE, extra=[("hold_only", True)]),
            Tool("get_reservation", "A slip reservation by its confirmation ID.",
                 s_obj({"reservation_id": s_str("Reservation ID, e.g. 'SM-448120'.", pattern=r"^SM-\d{6}$")}, ["reservation_id"]),
                 entity={"reservation_id": "id"}, http=BASE, extra=[("include_invoice", True)]),
            Tool("get_rules", "A marina document (plain text, numbered rules) by path.",
                 s_obj({"rules_path": s_str("Document path.", pattern=r"^docs/marina/[a-z-]+\.txt$")}, ["rules_path"]),
                 entity={"rules_path": "path"}, extra=[("version", "latest")]),
        ]
        self.intents = [("slip_quote", self.quote, False), ("book_slip", self.book, True), ("reservation_rules", self.rules, True)]

    def slips(self, r: R, loa, power):
        out = []
        rates = r.sample([3.25, 3.75, 4.10, 4.50, 5.25], 3)
        for d in r.sample(DOCKS, 3):
            out.append({"slip_id": f"{d}-{r.randint(1, 40)}", "dock": d, "max_loa_ft": int(loa + r.choice([4, 8, 12, 20])),
                        "rate_per_ft_night": rates[len(out)], "power": power or "50A",
                        "water_depth_ft": r.choice([7, 8, 10, 12])})
        return out

    def quote(self, ctx):
        r, today = ctx.r, ctx.today
        arrive = today + dt.timedelta(days=r.randint(3, 25))
        nights = r.randint(2, 6)
        depart = arrive + dt.timedelta(days=nights)
        loa = r.choice([28, 32, 36, 41, 45, 52])
        power = r.choice([None, "30A", "50A"])
        sl = self.slips(r, loa, power)
        tax = r.choice([0.06, 0.07])
        res = {"arrive": arrive.isoformat(), "depart": depart.isoformat(), "nights": nights, "loa_ft": loa, "slips": sl,
               "tax_rate": tax, "electric_per_night": {"30A": 12.0, "50A": 20.0}.get(power or "50A", 20.0), "as_of": today.isoformat()}
        args = {"arrive": arrive.isoformat(), "depart": depart.isoformat(), "loa_ft": loa}
        if power:
            args["power"] = power
        req = r.choice([f"Need a transient slip for a {loa}' boat, {arrive.isoformat()} to {depart.isoformat()}. What's available and what would it cost?",
                        f"Quote for {nights} nights starting {arrive.isoformat()} (leaving {depart.isoformat()}), {loa} ft LOA" + (f", {power} power" if power else "") + "?"])
        st = St(r, today)
        cheap = min(sl, key=lambda s: s["rate_per_ft_night"])
        dear = max(sl, key=lambda s: s["rate_per_ft_night"])
        base = cheap["rate_per_ft_night"] * loa * nights
        elec = res["electric_per_night"] * nights
        total = (base + elec) * (1 + tax)
        a = A()
        st.opener(a)
        a(f"{len(sl)} slips fit a ").x(f"{loa}-foot", num=f"{loa + 6}-foot").t(f" boat (≈{loa * 0.3048:.1f} m) for ").x(f"{nights} nights", num=f"{nights + 1} nights").t(", ")
        a.x(st.d(arrive), tmp=st.d(arrive + dt.timedelta(days=1))).t(" to ").x(st.d(depart), tmp=st.d(depart + dt.timedelta(days=2))).t(".").p()
        a("\n\n| Slip | Max LOA | Depth | Rate |\n|---|---|---|---|\n")
        for s in sl:
            a("| ").x(s["slip_id"], fid=None).t(" | ").t(f"{s['max_loa_ft']} ft").t(" | ").t(f"{s['water_depth_ft']} ft").t(" | ")
            a.x(f"{m(s['rate_per_ft_night'])}/ft/night", num=f"{m(s['rate_per_ft_night'] + 1.25)}/ft/night" if s is cheap else None,
                conf=("numerical", f"{m(dear['rate_per_ft_night'])}/ft/night") if s is cheap and dear is not cheap else None).t(" |\n")
        a("\nThe ").x("cheapest", rel="priciest").t(" is ")
        st.idx(a, cheap["slip_id"], fid=f"{cheap['dock']}-{r.randint(41, 60)}")
        a(": ").t(m(cheap["rate_per_ft_night"])).t(f" × {loa} ft × {nights} nights = ").x(m(base), num=m(bump(base, r))).t(", plus ").x(m(elec), num=m(elec * 2)).t(" for ").t(power or "50A").t(" power and ")
        a.x(pc(tax * 100), num=pc(tax * 100 + 3)).t(" tax — about ").x(f"${round(total):,}", num=f"${round(total * 1.2):,}").t(" all in.").p()
        a("\n\nAvailability ").x("isn't held", neg="is held").t(" until you book, so it can change.").p()
        st.closer(a, ["Want me to book it? I'll need the vessel name.", "Shall I reserve one of these?"])
        a.ins("claim", "Fuel dock pricing includes a 10¢/gal discount for transient guests.")
        a.ins("claim", "Weekend nights carry a 15% surcharge in season.")
        a.ins("behavior", "I've put a 24-hour courtesy hold on the cheapest slip for you.")
        a.ins("elab", "because that dock is closest to the breakwater and sees more surge", clause=True)
        a.ins("elab", "Slips on the outer docks tend to book out first on holiday weekends.")
        a.ins("cite", f"Your quote number is QT-{r.digits(6)}.")
        return guard(self, Plan(req, [Turn([Call("check_slips", args, res)])], a))

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        arrive = today + dt.timedelta(days=r.randint(2, 20))
        nights = r.randint(1, 5)
        depart = arrive + dt.timedelta(days=nights)
        loa = r.choice([26, 30, 34, 38, 44])
        sl = self.slips(r, loa, "30A")
        res = {"arrive": arrive.isoformat(), "depart": depart.isoformat(), "nights": nights, "loa_ft": loa, "slips": sl,
               "tax_rate": 0.07, "electric_per_night": 12.0, "as_of": today.isoformat()}
        vessel = r.choice(VESSELS)
        cs = Call("check_slips", {"arrive": arrive.isoformat(), "depart": depart.isoformat(), "loa_ft": loa, "power": "30A"}, res)
        first = min(sl, key=lambda s: s["rate_per_ft_night"])
        rest = [s for s in sl if s is not first]
        taken = r.random() < 0.55
        turns = []
        target = first
        bargs = lambda s: {"slip_id": s["slip_id"], "arrive": arrive.isoformat(), "depart": depart.isoformat(), "vessel_name": vessel}
        if taken:
            err = {"error": {"code": "slip_unavailable", "message": f"Slip {first['slip_id']} was booked by another guest for these dates."}}
            turns.append(Turn([Call("book_slip", bargs(first), err, error="not_found")]))
            target = min(rest, key=lambda s: s["rate_per_ft_night"])
        nightly = round(target["rate_per_ft_night"] * loa + 12.0, 2)
        tot = round(nightly * nights * 1.07, 2)
        conf = {"reservation_id": f"SM-{r.digits(6)}", "slip_id": target["slip_id"], "vessel_name": vessel, "arrive": arrive.isoformat(),
                "depart": depart.isoformat(), "check_in_after": "14:00", "check_out_by": "11:00", "total_usd": tot, "status": "confirmed",
                "gate_code_sent_to": "email on file"}
        turns.append(Turn([Call("book_slip", bargs(target), conf)]))
        history = None
        if ctx.followup:
            history = History().user(f"What's open {arrive.isoformat()} to {depart.isoformat()} for a {loa}' boat with 30A?")
            history.call([cs])
            history.reply(f"{len(sl)} slips are open; the cheapest is {first['slip_id']} at {m(first['rate_per_ft_night'])}/ft/night.")
            req = r.choice([f"Book the cheapest one for {vessel}.", f"Go ahead with {first['slip_id']} for {vessel} please."])
        else:
            req = f"Book me the cheapest slip {arrive.isoformat()} to {depart.isoformat()}, {loa} ft, 30A, vessel {vessel}."
            turns.insert(0, Turn([cs]))
        st = St(r, today)
        a = A()
        st.opener(a, followup=ctx.followup, p=0.3)
        a.x("You're booked", val="You're waitlisted").t(": ")
        st.idx(a, conf["reservation_id"], fid=f"SM-{r.digits(6)}")
        a(", slip ").x(target["slip_id"], fid=f"{target['dock']}-{r.randint(41, 60)}").t(" for ").x(vessel, ent=r.choice(OTHER_VESSELS)).t(", ")
        a.x(st.d(arrive), tmp=st.d(arrive - dt.timedelta(days=1))).t("–").t(st.d(depart)).t(" (").x(f"{nights} night{'s' if nights > 1 else ''}", num=f"{nights + 2} nights").t(").").p()
        if taken:
            a("\n\nHeads-up: ").t(first["slip_id"]).t(" ").x("was snapped up", neg="was still free").t(" by another guest before the booking went through, so this is the next-cheapest at ")
            a.x(f"{m(target['rate_per_ft_night'])}/ft", num=f"{m(target['rate_per_ft_night'] - 0.5)}/ft", conf=("numerical", f"{m(first['rate_per_ft_night'])}/ft")).t(" instead of ").t(f"{m(first['rate_per_ft_night'])}/ft").t(".").p()
        a("\n\n")
        a(st.bullet).t("Total: ").x(m(tot), num=m(bump(tot, r))).t(" (").t(m(nightly)).t("/night incl. 30A power, plus 7% tax)").pb().t("\n")
        a(st.bullet).t("Check-in ").x("after", rel="before").t(" ").x(st.t(f"2026-01-01T{conf['check_in_after']}:00"), tmp=st.t("2026-01-01T12:00:00")).t(", check-out by ").t(st.t(f"2026-01-01T{conf['check_out_by']}:00")).pb().t("\n")
        a(st.bullet).t("Gate code goes to the ").x("email on file", ent="phone number on file").pb().t("\n")
        a("\nStatus shows ").x("`confirmed`", attr="`booked_ok`").t(".")
        st.closer(a, ["Need the fuel dock hours too?", "Want me to look up the transient rules?"])
        a.ins("claim", "The fee includes two pump-outs during your stay.")
        a.ins("claim", "Slip C-side docks have Wi-Fi coverage.")
        a.ins("behavior", "I've also booked you a spot at the fuel dock for arrival.")
        a.ins("elab", "since the outer docks are reserved for boats over 50 feet", clause=True)
        a.ins("cite", f"Your dock pass is DP-{r.upalnum(6)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def rules(self, ctx):
        r, today = ctx.r, ctx.today
        arrive = today + dt.timedelta(days=r.randint(3, 20))
        nights = r.randint(2, 5)
        depart = arrive + dt.timedelta(days=nights)
        rid = f"SM-{r.digits(6)}"
        quiet = r.choice(["22:00", "23:00"])
        cancel_h = r.choice([48, 72])
        fee = r.choice([25, 35, 50])
        rsv = {"reservation_id": rid, "slip_id": f"{r.choice(DOCKS)}-{r.randint(1, 40)}", "vessel_name": r.choice(VESSELS), "loa_ft": r.choice([30, 36, 42]),
               "arrive": arrive.isoformat(), "depart": depart.isoformat(), "status": "confirmed", "total_usd": round(r.uniform(300, 1500), 2),
               "rules_path": RULES_PATH}
        text = ("SALTMARSH MARINA — TRANSIENT RULES\n\n"
                f"R1. Quiet hours are {quiet} to 07:00. Generators may not run during quiet hours.\n"
                "R2. Pets must be leashed on all docks.\n"
                f"R4. Cancellations made at least {cancel_h} hours before arrival are refunded in full, less a ${fee} processing fee. "
                "Later cancellations are charged the first night.\n"
                "R6. Pump-out is available at the fuel dock; overboard discharge is prohibited.\n"
                "R7. Maximum transient stay is 14 consecutive nights.\n")
        gr = Call("get_reservation", {"reservation_id": rid}, rsv)
        gd = Call("get_rules", {"rules_path": RULES_PATH}, text)
        history = None
        if ctx.followup:
            history = History().user(f"Can you pull reservation {rid}?")
            history.call([gr])
            history.reply(f"{rid}: slip {rsv['slip_id']} for {rsv['vessel_name']}, arriving {arrive.isoformat()}.")
            req = r.choice(["If I cancel, do I get my money back? Also any rules I should know about?", "What's the cancellation policy, and are there quiet hours?"])
            turns = [Turn([gd])]
        else:
            req = r.choice([f"Reservation {rid}: what's the cancellation policy and any house rules?", f"If I cancel {rid}, what happens? And quiet hours?"])
            turns = [Turn([gr]), Turn([gd])]
        st = St(r, today)
        cutoff = dt.datetime.combine(arrive, dt.time(14, 0)) - dt.timedelta(hours=cancel_h)
        fs = lambda real: r.choice([x for x in ["R3", "R5", "R8", "R9", "R10"] if x != real])
        refund = rsv["total_usd"] - fee
        a = A()
        st.opener(a, followup=ctx.followup)
        a("For ").x(rid, fid=f"SM-{r.digits(6)}").t(" (arriving ").x(st.rel(arrive), tmp=st.d(arrive + dt.timedelta(days=2))).t("), rule ").x("R4", sec=fs("R4")).t(" says cancellations at least ")
        a.x(f"{cancel_h} hours", num=f"{cancel_h - 24} hours").t(" before arrival get a full refund ").x("less", rel="plus").t(" a ").x(f"${fee}", num=f"${fee + 25}").t(" processing fee")
        a(" — on your ").t(m(rsv["total_usd"])).t(" that's ").x(m(refund), num=m(bump(refund, r))).t(" back. Cancel later than that and you're charged the first night.").p()
        a("\n\n")
        a(st.h("House rules worth knowing"))
        a(st.bullet).t("Quiet hours ").x(quiet, tmp={"22:00": "23:00", "23:00": "22:00"}[quiet]).t("–07:00, and generators ").x("can't", neg="can").t(" run then (").x("R1", sec=fs("R1")).t(")").pb().t("\n")
        a(st.bullet).t("Pets on a leash on all docks (").x("R2", sec=fs("R2")).t(")").pb().t("\n")
        a(st.bullet).t("Pump-out at the fuel dock; ").x("no overboard discharge", neg="overboard discharge is allowed").t(" (").x("R6", sec=fs("R6")).t(")").pb().t("\n")
        a(st.bullet).t("Max transient stay ").x("14 nights", num="21 nights").t(f" — your {nights}-night stay is well ").x("within", rel="over").t(" that (").x("R7", sec=fs("R7")).t(")").pb().t("\n")
        st.closer(a, ["Want me to cancel it, or leave it as is?", "Anything else about the stay?"])
        a.ins("claim", "Transient guests get a free pump-out voucher at check-in.")
        a.ins("claim", "Cancellation fees are waived for weather-related cancellations.")
        a.ins("behavior", "I've added a note to your reservation that you might cancel.")
        a.ins("elab", "because most of the slips on that dock back onto the liveaboard section", clause=True)
        a.ins("cite", f"The full rules were last amended by board notice BN-{r.digits(4)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
