"""rail_travel (set b): journey search with legs and connections, bookings, live train delays, compensation rules."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, closer, d_long, d_med, d_uk, d_wd, dur_hm,
                     money, mutate_id, opener, other_than, pct, plural, s_date, s_int, s_obj, s_str)

BASE = "https://api.railmate.example/v1"
ROUTES = [("Paris Gare de Lyon", "Milano Centrale", "Lyon Part-Dieu", "EUR", "+01:00", "+01:00", ["TGV INOUI", "Frecciarossa"]),
          ("Amsterdam Centraal", "München Hbf", "Köln Hbf", "EUR", "+01:00", "+01:00", ["ICE", "IC"]),
          ("London St Pancras", "Brussels-Midi", None, "GBP", "+00:00", "+01:00", ["Eurostar"]),
          ("Zürich HB", "Wien Hbf", "Innsbruck Hbf", "EUR", "+01:00", "+01:00", ["Railjet", "EuroCity"]),
          ("Berlin Hbf", "Praha hl.n.", "Dresden Hbf", "EUR", "+01:00", "+01:00", ["EuroCity", "ICE"])]
OTHER_STATIONS = ["Frankfurt (Main) Hbf", "Basel SBB", "Strasbourg", "Salzburg Hbf", "Torino Porta Nuova", "Lille Europe"]
POLICY_URL = "https://www.railmate.example/legal/passenger-rights-compensation"


def hhmm(t):
    return t.strftime("%H:%M")


class Rail(Scenario):
    name = "rail_travel"
    agent = "RailMate"
    service = "railmate-travel-agent"
    system = ("You are RailMate, a European rail booking assistant. Use the tools to search journeys, look up the "
              "traveller's bookings, check live train running information and explain compensation rules. Times are "
              "local to each station. Do not book or change tickets without explicit confirmation.")
    error_style = 0
    entity_noun = {"booking_id": "Booking", "train_number": "Train", "policy_url": "Policy"}
    preambles = ["Let me check the timetable.", "Looking up your booking.", "Checking live running information."]

    def __init__(self):
        self.tools = [
            Tool("search_journeys", "Search rail journeys between two stations on a date.",
                 s_obj({"origin": s_str("Origin station name."), "destination": s_str("Destination station name."),
                        "date": s_date("Travel date (YYYY-MM-DD)."),
                        "depart_after": s_str("Earliest departure, HH:MM local time.", pattern=r"^([01]\d|2[0-3]):[0-5]\d$"),
                        "passengers": s_int("Number of adult passengers.", 1, 9),
                        "travel_class": s_str("Travel class.", enum=["standard", "first"])},
                       ["origin", "destination", "date"]),
                 http=BASE, extra=[("currency", "EUR"), ("max_changes", 2)]),
            Tool("get_booking", "A booking by its reference: legs, seats, fare and ticket conditions.",
                 s_obj({"booking_id": s_str("Booking reference, e.g. 'RM-7K2Q9X'.", pattern=r"^RM-[A-Z0-9]{6}$")}, ["booking_id"]),
                 entity={"booking_id": "id"}, http=BASE, extra=[("include_tickets", True)]),
            Tool("get_train_status", "Live running information of one train on a date.",
                 s_obj({"train_number": s_str("Train number as printed on the ticket, e.g. 'ICE 123'.", pattern=r"^[A-Za-z]{2,12}( [A-Z]+)? \d{1,5}$"),
                        "date": s_date("Service date (YYYY-MM-DD).")}, ["train_number", "date"]),
                 entity={"train_number": "id"}, http=BASE, extra=[("include_formation", True)]),
            Tool("get_compensation_rules", "Delay compensation rules (numbered articles) from the conditions URL of a booking.",
                 s_obj({"policy_url": s_str("Conditions URL from the booking.", pattern=r"^https://")}, ["policy_url"]),
                 entity={"policy_url": "url"}, extra=[("lang", "en")]),
        ]
        self.intents = [("journey_search", self.search, False), ("booking_details", self.booking, True),
                        ("delay_compensation", self.compensation, True)]

    def journeys(self, r: R, day, route):
        o, d, via, cur, tzo, tzd, ops = route
        out = []
        t = dt.datetime(day.year, day.month, day.day, r.randint(6, 8), r.choice([4, 13, 22, 37, 46]))
        for k in range(3):
            op = r.choice(ops)
            dur = r.randint(180, 420) if cur == "EUR" else r.randint(118, 140)
            direct = via is None or r.random() < 0.35
            legs = []
            if direct:
                legs.append({"train_number": f"{op} {r.randint(100, 9899)}", "from": o, "to": d,
                             "departure": hhmm(t), "arrival": hhmm(t + dt.timedelta(minutes=dur + (60 if tzo != tzd else 0)))})
            else:
                l1 = int(dur * r.uniform(0.35, 0.55))
                change = r.choice([9, 14, 22, 31])
                l2 = dur - l1 - change
                legs.append({"train_number": f"{op} {r.randint(100, 9899)}", "from": o, "to": via, "departure": hhmm(t),
                             "arrival": hhmm(t + dt.timedelta(minutes=l1))})
                legs.append({"train_number": f"{r.choice(ops)} {r.randint(100, 9899)}", "from": via, "to": d,
                             "departure": hhmm(t + dt.timedelta(minutes=l1 + change)), "arrival": hhmm(t + dt.timedelta(minutes=dur))})
            fare = round(r.uniform(39, 149), 2) if cur == "EUR" else round(r.uniform(52, 160), 2)
            out.append({"journey_id": f"J{r.digits(9)}", "departure": legs[0]["departure"], "arrival": legs[-1]["arrival"],
                        "duration_minutes": dur, "changes": len(legs) - 1, "legs": legs,
                        "fares": [{"class": "standard", "amount": fare, "currency": cur},
                                  {"class": "first", "amount": round(fare * r.uniform(1.35, 1.8), 2), "currency": cur}]})
            t = t + dt.timedelta(minutes=r.choice([60, 90, 120, 150]))
        return out

    # ------------------------------------------------------------------ intents
    def search(self, ctx):
        r, today = ctx.r, ctx.today
        route = r.choice(ROUTES)
        o, d, via, cur = route[:4]
        day = today + dt.timedelta(days=r.randint(3, 30))
        js = self.journeys(r, day, route)
        args = {"origin": o, "destination": d, "date": day.isoformat()}
        if r.random() < 0.5:
            args["depart_after"] = "06:00"
        if r.random() < 0.3:
            args["passengers"] = 1
        req = r.choice([f"Trains from {o} to {d} on {d_med(day)}? I want the fastest one.",
                        f"What are my options {o} → {d} on {day.isoformat()}, cheapest and fastest?",
                        f"I need to get from {o.split()[0]} to {d.split()[0]} on {d_uk(day)}. Which train should I take?"])
        if o.split()[0] not in req or d.split()[0] not in req:
            req = f"Trains from {o} to {d} on {d_med(day)}?"
        fast = min(js, key=lambda j: j["duration_minutes"])
        cheap = min(js, key=lambda j: j["fares"][0]["amount"])
        slow = max(js, key=lambda j: j["duration_minutes"])
        a = A()
        oth = other_than(r, OTHER_STATIONS, o, d, via or "")
        sym = {"EUR": "€", "GBP": "£"}[cur]
        fm = lambda x: f"{sym}{x:,.2f}"
        style = r.choice(["table", "prose"])
        if style == "table":
            a(f"Here are the options for {d_long(day)}:\n\n| Departs | Arrives | Duration | Changes | Standard fare |\n|---|---|---|---|---|\n")
            for j in js:
                foc = j is fast
                a("| ").x(j["departure"], tmp=hhmm(dt.datetime(2026, 1, 1, int(j["departure"][:2]), int(j["departure"][3:])) + dt.timedelta(minutes=40)) if foc else None).t(" | ").t(j["arrival"]).t(" | ")
                a.x(dur_hm(j["duration_minutes"]), num=dur_hm(j["duration_minutes"] - 55) if foc else None, conf=("numerical", dur_hm(slow["duration_minutes"])) if foc and slow is not fast else None).t(" | ")
                a.x("direct" if not j["changes"] else f"1 (at {j['legs'][0]['to'].split()[0]})", ent=(f"1 (at {oth.split()[0]})" if j["changes"] and foc else None)).t(" | ")
                a.x(fm(j["fares"][0]["amount"]), num=fm(bump(j["fares"][0]["amount"], r)) if j is cheap else None).t(" |\n")
            a("\nThe **").x(fast["departure"], tmp=None).t("** is the ").x("fastest", rel="slowest").t(" at ").t(dur_hm(fast["duration_minutes"]))
            if fast["changes"]:
                a(" — it ").x("isn't direct", neg="is direct").t(", with a change at ").t(fast["legs"][0]["to"])
            if cheap is fast:
                a(", and it's also the cheapest.")
            else:
                diff = round(fast["fares"][0]["amount"] - cheap["fares"][0]["amount"], 2)
                a(", but the ").t(cheap["departure"]).t(" is ").x(fm(diff), num=fm(bump(diff, r))).t(" ").x("cheaper", rel="more expensive").t(".")
            a.pp()
            closer(a, r, sep="\n\n", extra=["Would you like me to hold seats on one of these?"])
        else:
            opener(a, r)
            fl = fast["legs"]
            a("The fastest option leaves ").t(o).t(" at ").x(fast["departure"], tmp=hhmm(dt.datetime(2026, 1, 1, int(fast["departure"][:2]), int(fast["departure"][3:])) - dt.timedelta(minutes=35))).t(" and gets into ").t(d).t(" at ")
            a.x(fast["arrival"], tmp=hhmm(dt.datetime(2026, 1, 1, int(fast["arrival"][:2]), int(fast["arrival"][3:])) + dt.timedelta(minutes=50))).t(" — ").x(dur_hm(fast["duration_minutes"]), num=dur_hm(fast["duration_minutes"] + 70))
            if len(fl) == 1:
                a(", ").x("direct", val="with one change").t(" on the ").t(fl[0]["train_number"]).t(".").p()
            else:
                ch = (dt.datetime.strptime(fl[1]["departure"], "%H:%M") - dt.datetime.strptime(fl[0]["arrival"], "%H:%M")).seconds // 60
                a(", with one change at ").x(fl[0]["to"], ent=oth).t(" (").x(f"{ch} minutes", num=f"{ch + 25} minutes").t(" to connect).").p()
            a(" Standard class is ").x(fm(fast["fares"][0]["amount"]), num=fm(bump(fast["fares"][0]["amount"], r)), conf=("numerical", fm(fast["fares"][1]["amount"]))).t(".").p()
            if cheap is not fast:
                diff = round(fast["fares"][0]["amount"] - cheap["fares"][0]["amount"], 2)
                a(" If price matters more, the ").t(cheap["departure"]).t(" departure is ").x(fm(cheap["fares"][0]["amount"]), num=fm(bump(cheap["fares"][0]["amount"], r))).t(", saving ").x(fm(diff), num=fm(bump(diff, r))).t(", but it takes ").x(dur_hm(cheap["duration_minutes"]), num=dur_hm(cheap["duration_minutes"] - 45)).t(".").p()
            closer(a, r, extra=["Shall I check seat availability in first class too?"])
        a.ins("claim", "Seat reservations are included in all of these fares.")
        a.ins("claim", "There's a dining car on the fastest train.")
        a.ins("behavior", "I've put a 20-minute hold on the fastest option for you.")
        a.ins("elab", "because it skips the stop-and-go section through the Alps", clause=True)
        a.ins("elab", "Fares on this route tend to rise sharply in the last week before travel.")
        a.ins("cite", f"Your quote reference is QTE-{r.upalnum(8)}.")
        return Plan(req, [Turn([Call("search_journeys", args, {"journeys": js, "currency": cur})])], a)

    def make_booking(self, r, today, route=None):
        route = route or r.choice(ROUTES)
        day = today + dt.timedelta(days=r.randint(0, 12))
        j = r.choice(self.journeys(r, day, route))
        ref = f"RM-{r.upalnum(6)}"
        pax = r.choice([1, 2, 2, 3])
        coach = r.randint(2, 18)
        seats = [f"{r.randint(11, 88)}" for _ in range(pax)]
        fare = j["fares"][0]["amount"] * pax
        return {"booking_id": ref, "status": "confirmed", "travel_date": day.isoformat(), "passengers": pax,
                "legs": [{**leg, "coach": coach + 3 * i, "seats": seats} for i, leg in enumerate(j["legs"])],
                "class": "standard", "total_price": {"amount": round(fare, 2), "currency": route[3]},
                "ticket_type": r.choice(["Semi-flex", "Saver", "Flex"]), "conditions_url": POLICY_URL}, route

    def booking(self, ctx):
        r, today = ctx.r, ctx.today
        bk, route = self.make_booking(r, today)
        ref = bk["booking_id"]
        gb = Call("get_booking", {"booking_id": ref}, bk)
        day = dt.date.fromisoformat(bk["travel_date"])
        history = None
        if ctx.followup:
            history = History().user(f"Can you look up booking {ref}?")
            history.call([gb])
            history.reply(f"Found it — {ref}, {route[0]} to {route[1]} on {d_med(day)}, {plural(bk['passengers'], 'passenger')}, status confirmed.")
            req = r.choice(["Which coach and seats are we in, and how long is the change?", "What time do we leave and where do we sit?"])
            turns = []
            # the follow-up re-reads the booking (fresh seat data)
            turns.append(Turn([Call("get_booking", {"booking_id": ref}, bk)]))
        else:
            req = r.choice([f"What are the details of booking {ref}?", f"When does my train leave? Booking {ref}", f"seats for {ref}?"])
            turns = [Turn([gb])]
        legs = bk["legs"]
        cur = bk["total_price"]["currency"]
        sym = {"EUR": "€", "GBP": "£"}[cur]
        per = round(bk["total_price"]["amount"] / bk["passengers"], 2)
        a = A()
        opener(a, r, p=0.4)
        a(f"Booking **").x(ref, fid=f"RM-{mutate_id(ref[3:], r)}").t("** is ").x("confirmed", val="cancelled").t(" for ").x(d_long(day), tmp=d_long(day + dt.timedelta(days=1))).t(":\n\n")
        for i, leg in enumerate(legs):
            a(f"- **{leg['train_number']}** ").x(leg["from"], ent=other_than(r, OTHER_STATIONS, leg["from"]) if i == 0 else None).t(" ").t(leg["departure"]).t(" → ").t(leg["to"]).t(" ").x(leg["arrival"], tmp=hhmm(dt.datetime.strptime(leg["arrival"], "%H:%M") + dt.timedelta(minutes=30)) if i == len(legs) - 1 else None,
                                                                 conf=("temporal", legs[-1]["arrival"]) if i == 0 and len(legs) > 1 else None)
            a(", coach ").x(str(leg["coach"]), num=str(leg["coach"] + 3) if i == 0 else None).t(", seat").t("s " if len(leg["seats"]) > 1 else " ").t(", ".join(leg["seats"])).pb()
            a("\n")
        if len(legs) > 1:
            ch = (dt.datetime.strptime(legs[1]["departure"], "%H:%M") - dt.datetime.strptime(legs[0]["arrival"], "%H:%M")).seconds // 60
            a("\nYou have ").x(f"{ch} minutes", num=f"{ch + 20} minutes").t(" to change at ").t(legs[0]["to"]).t(" — ").x("tight" if ch < 15 else "comfortable", rel="comfortable" if ch < 15 else "tight").t(", so ").t("head straight to the next platform" if ch < 15 else "no need to rush").t(".")
        else:
            a("\nIt's a ").x("direct", val="connecting").t(" train, so ").x("no changes", neg="you'll change once on the way").t(".")
        a(" You paid ").x(f"{sym}{bk['total_price']['amount']:,.2f}", num=f"{sym}{bump(bk['total_price']['amount'], r):,.2f}").t(" in total")
        if bk["passengers"] > 1:
            a(" (").x(f"{sym}{per:,.2f}", num=f"{sym}{bump(per, r):,.2f}").t(" per person)")
        a(" on a ").x(bk["ticket_type"], val=r.choice([x for x in ["Saver", "Flex", "Semi-flex"] if x != bk["ticket_type"]])).t(" ticket.").pp()
        closer(a, r, sep="\n\n", extra=["Want me to check the live status on the day?"])
        a.ins("claim", "Your seats are in the quiet coach.")
        a.ins("claim", "The ticket includes free cancellation until 24 hours before departure.")
        a.ins("behavior", "I've added the tickets to your mobile wallet.")
        a.ins("behavior", "I've upgraded your seats to a table for the same price.")
        a.ins("elab", "which is the coach closest to the station exit", clause=True)
        a.ins("elab", "Trains on this line are usually busiest on Friday afternoons.")
        a.ins("cite", f"Your e-ticket number is ETK-{r.digits(10)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def compensation(self, ctx):
        r, today = ctx.r, ctx.today
        bk, route = self.make_booking(r, today - dt.timedelta(days=14))
        day = dt.date.fromisoformat(bk["travel_date"])
        if day > today:
            day = today - dt.timedelta(days=1)
            bk["travel_date"] = day.isoformat()
        ref = bk["booking_id"]
        leg = bk["legs"][-1]
        delay = r.choice([r.randint(25, 58), r.randint(61, 118), r.randint(121, 190)])
        sched = dt.datetime.strptime(leg["arrival"], "%H:%M")
        actual = sched + dt.timedelta(minutes=delay)
        status = {"train_number": leg["train_number"], "date": day.isoformat(), "status": "arrived",
                  "stops": [{"station": leg["from"], "scheduled_departure": leg["departure"], "actual_departure": hhmm(dt.datetime.strptime(leg["departure"], "%H:%M") + dt.timedelta(minutes=max(0, delay - r.randint(5, 20))))},
                            {"station": leg["to"], "scheduled_arrival": leg["arrival"], "actual_arrival": hhmm(actual), "delay_minutes": delay}],
                  "disruption": {"cause": r.choice(["signal failure", "points failure near the border", "late-running previous service", "trespasser on the line"])}}
        rules = {"title": "Passenger rights — delay compensation", "articles": [
            {"number": "4.1", "text": "Compensation is calculated on the price paid for the delayed journey."},
            {"number": "4.2", "text": "Arrival delay of 60 to 119 minutes: 25% of the ticket price."},
            {"number": "4.3", "text": "Arrival delay of 120 minutes or more: 50% of the ticket price."},
            {"number": "4.5", "text": "Amounts below 4.00 are not paid."},
            {"number": "6.2", "text": "Claims must be submitted within 3 months of the journey."}]}
        gb = Call("get_booking", {"booking_id": ref}, bk)
        gs = Call("get_train_status", {"train_number": leg["train_number"], "date": day.isoformat()}, status)
        gr = Call("get_compensation_rules", {"policy_url": POLICY_URL}, rules)
        history = None
        if ctx.followup:
            history = History().user(f"Pull up my booking {ref} please.")
            history.call([gb])
            history.reply(f"{ref}: {route[0]} to {route[1]} on {d_med(day)}, arriving {leg['arrival']} on the {leg['train_number']}.")
            req = r.choice(["That train was really late. Am I owed anything?", "We got in super late on that one — can I claim compensation?"])
            turns = [Turn([gs, gr]) if r.random() < 0.5 else Turn([gs]), ]
            if len(turns[0].calls) == 1:
                turns.append(Turn([gr]))
        else:
            req = r.choice([f"My train on booking {ref} was delayed. Do I get compensation?", f"Booking {ref} arrived late — how much can I claim back?"])
            turns = [Turn([gb]), Turn([gs, gr])]
        price = bk["total_price"]["amount"]
        cur = bk["total_price"]["currency"]
        sym = {"EUR": "€", "GBP": "£"}[cur]
        share = 0 if delay < 60 else (25 if delay < 120 else 50)
        comp = round(price * share / 100, 2)
        deadline = (day.replace(day=1) + dt.timedelta(days=95)).replace(day=min(day.day, 28))
        fs = lambda real: r.choice([x for x in ["4.4", "4.6", "5.1", "3.2", "6.4"] if x != real])
        a = A()
        opener(a, r, p=0.35)
        a("The ").x(leg["train_number"], fid=f"{leg['train_number'].rsplit(' ', 1)[0]} {int(leg['train_number'].rsplit(' ', 1)[1]) + r.choice([2, 10, 100])}").t(" reached ").t(leg["to"]).t(" at ").x(hhmm(actual), tmp=hhmm(actual - dt.timedelta(minutes=35))).t(" instead of ").t(leg["arrival"])
        a(" — ").x(dur_hm(delay) + " late", num=dur_hm(delay + r.choice([-20, 25])) + " late").t(", due to a ").x(status["disruption"]["cause"], ent=r.choice(["strike", "storm damage to overhead lines", "rolling stock shortage"])).t(".").p()
        if share:
            art = "4.2" if share == 25 else "4.3"
            a(" That ").x("qualifies", neg="doesn't qualify").t(" for ").x(f"{share}%", num=f"{75 - share}%").t(" compensation under article ").x(art, sec=fs(art)).t(" of the conditions")
            a(", so on the ").x(f"{sym}{price:,.2f}", num=f"{sym}{bump(price, r):,.2f}").t(" you paid you can claim ").x(f"{sym}{comp:,.2f}", num=f"{sym}{bump(comp, r):,.2f}").pc().t(".").p()
        else:
            a(" Unfortunately that's ").x("below", rel="above").t(" the 60-minute threshold in article ").x("4.2", sec=fs("4.2")).t(", so ").x("no compensation is due", neg="you're owed 25% back").t(".").p()
        if share:
            a(" Claims have to be made within ").x("3 months", num="6 months").t(" of the journey (article ").x("6.2", sec=fs("6.2")).t(").").p()
        closer(a, r, extra=["Would you like me to start the claim form for you?"] if share else ["Sorry I don't have better news!"])
        a.ins("claim", "Compensation is paid as a voucher unless you ask for cash.")
        a.ins("claim", "You'd also be entitled to a free meal voucher for the delay.")
        a.ins("behavior", "I've already submitted the compensation claim for you.")
        a.ins("elab", "since the operator has had repeated signal problems on this stretch", clause=True)
        a.ins("elab", "Delays on this line have become more common since the timetable change in December.")
        a.ins("cite", f"Your claim reference is CMP-{r.upalnum(8)}.")
        return Plan(req, turns, a, history.msgs if history else None)
