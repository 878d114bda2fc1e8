"""intercity_bus (set k): an Indian overnight-bus operator's booking desk — buses on a route and date compared
(departure, arrival the next morning, journey time across midnight, average speed over the route's km, fare for the
party with 5 % GST on AC buses, the cheapest and the fastest, seats left, boarding points), a ticket's details
(reporting time before boarding, days to go, berths, passengers, fare and GST, bus registration), changing the journey
to another date (a sold-out bus refused by design and the first alternative taken; rescheduling fee per seat plus fare
difference) and the refund on cancelling from the cancellation policy fetched by path (deduction slab by hours before
departure, GST refunded in full, when the next slab starts, rescheduling instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_int, s_obj, s_str
from .kstyle import Desk, at, person, stamp, vet

BASE = "https://api.rajhanstravels.example/v2"
BRAND = "Rajhans Travels"
TEAM = "Team Rajhans Travels"
AGENT = "Rohan"
ROUTES = {("pune", "bengaluru"): 840, ("mumbai", "goa"): 590, ("hyderabad", "chennai"): 630, ("bengaluru", "kochi"): 550}
CITY = {"pune": "Pune", "bengaluru": "Bengaluru", "mumbai": "Mumbai", "goa": "Goa (Panaji)", "hyderabad": "Hyderabad",
        "chennai": "Chennai", "kochi": "Kochi"}
BOARD = {"pune": ["Swargate", "Katraj", "Wakad Bridge"], "mumbai": ["Dadar TT", "Sion Circle", "Vashi Plaza"],
         "hyderabad": ["Ameerpet", "Kukatpally", "LB Nagar"], "bengaluru": ["Majestic", "Silk Board", "Electronic City"]}
TYPES = {"ac_sleeper": ("AC Sleeper (2+1)", True), "volvo_semi": ("Volvo Multi-Axle AC Semi-Sleeper (2+2)", True),
         "nonac_seater": ("Non-AC Seater (2+2)", False)}
OTHER_TYPES = ["Volvo AC Sleeper (1+1)", "AC Seater (2+2)"]
OTHER_POINTS = ["Hadapsar", "Chembur", "Dilsukhnagar", "Hebbal"]
NAMES = ["Vikas", "Pallavi", "Rohit", "Aarti", "Manoj", "Swati"]


def h(x):
    return dt.datetime.fromisoformat(x)


class IntercityBus(Scenario):
    name = "intercity_bus"
    agent = "Rohan"
    service = "rajhans-bus-desk"
    system = ("You are Rohan, the booking assistant of Rajhans Travels (overnight intercity buses). Use the tools to "
              "search buses, look up and change tickets, and answer questions from the cancellation policy. Times are "
              "IST; fares in INR.")
    error_style = 1
    entity_noun = {"pnr_number": "PNR", "service_id": "Service", "policy_path": "Document"}
    preambles = ["Checking the availability.", "One moment please.", "Let me check the same."]

    def __init__(self):
        pp = r"^RJ\d{8}$"
        cities = sorted(CITY)
        self.tools = [
            Tool("search_buses", "Buses on a route and date: service ID, bus type, departure and arrival, fares per "
                                 "seat or berth, GST, seats left, boarding points.",
                 s_obj({"from_city": s_str("From city.", enum=cities), "to_city": s_str("To city.", enum=cities),
                        "date": s_date("Journey date, YYYY-MM-DD."), "seats": s_int("Seats required.", 1, 6)},
                       ["from_city", "to_city", "date"]),
                 http=BASE, extra=[("sort", "departure")]),
            Tool("get_ticket", "A ticket by PNR: journey, bus, boarding point and time, berths, passengers, fare, GST, "
                               "status, policy path.",
                 s_obj({"pnr_number": s_str("PNR, e.g. 'RJ40817263'.", pattern=pp)}, ["pnr_number"]),
                 entity={"pnr_number": "id"}, http=BASE, extra=[("include_bus_location", True)]),
            Tool("change_journey", "Move a ticket to another bus service (same route).",
                 s_obj({"pnr_number": s_str("PNR.", pattern=pp),
                        "service_id": s_str("Service ID from search_buses, e.g. 'SVC-2614-260314'.", pattern=r"^SVC-\d{4}-\d{6}$")},
                       ["pnr_number", "service_id"]),
                 entity={"pnr_number": "id", "service_id": "id"}, http=BASE, extra=[("waive_fee", True)]),
            Tool("get_cancellation_policy", "Cancellation and rescheduling policy (Markdown, numbered clauses) by path.",
                 s_obj({"policy_path": s_str("Policy path from a ticket, e.g. 'policies/cancellation-2026.md'.",
                                             pattern=r"^policies/[a-z0-9-]+\.md$")}, ["policy_path"]),
                 entity={"policy_path": "path"}, extra=[("format", "md")]),
        ]
        self.intents = [("bus_search", self.search, False), ("ticket_details", self.ticket, False),
                        ("change_journey", self.change, True), ("cancellation_refund", self.cancel, True)]

    # ------------------------------------------------------------------ data
    def _route(self, r):
        (a, b), km = r.choice(list(ROUTES.items()))
        return (a, b, km) if r.random() < 0.5 or b not in BOARD else (b, a, km)

    def _buses(self, r, frm, to, km, day, n=None, seats=1):
        out = []
        n = n or r.randint(2, 3)
        deps = sorted(r.sample([(19, 30), (20, 15), (21, 0), (21, 45), (22, 30), (23, 15)], n))
        for k, (hh, mm) in enumerate(deps):
            typ = r.choice(list(TYPES))
            mins = int(km / r.uniform(52, 68) * 60 / 5) * 5
            dep = at(day, hh, mm)
            arr = dep + dt.timedelta(minutes=mins)
            base = float(r.choice([899, 1049, 1199, 1349, 1499] if TYPES[typ][1] else [649, 749, 849]))
            gst = round(base * 0.05, 2) if TYPES[typ][1] else 0.0
            pts = BOARD[frm]
            bp = [{"point": p, "time": (dep + dt.timedelta(minutes=25 * j)).isoformat()} for j, p in enumerate(pts)]
            out.append({"service_id": f"SVC-{r.randint(1000, 9999)}-{day.strftime('%y%m%d')}", "bus_type": typ,
                        "bus_type_name": TYPES[typ][0], "departure": dep.isoformat(), "arrival": arr.isoformat(),
                        "base_fare_inr": base, "gst_inr": gst, "seats_available": r.randint(max(0, seats - 2), 14),
                        "boarding_points": bp})
        return out

    def _ticket(self, r, today, hours_out=None):
        frm, to, km = self._route(r)
        if hours_out is None:
            day = today + dt.timedelta(days=r.randint(2, 20))
        else:
            day = (dt.datetime(today.year, today.month, today.day, 12, 0) + dt.timedelta(hours=hours_out)).date()
        bus = self._buses(r, frm, to, km, day, n=1)[0]
        pnr = f"RJ{r.randint(10000000, 99999999)}"
        full, first, hon = person(r)
        n = r.choice([1, 2, 2, 3])
        berths = sorted(r.sample(range(1, 16), n))
        pref = "L" if r.random() < 0.6 else "U"
        pax = [{"name": full if k == 0 else f"{r.choice(NAMES)} {full.split()[1]}", "age": r.randint(8, 70), "seat": f"{pref}{berths[k]}"} for k in range(n)]
        bpi = r.randint(0, len(bus["boarding_points"]) - 1)
        res = {"pnr_number": pnr, "status": "confirmed", "from_city": frm, "to_city": to, "journey_date": day.isoformat(),
               "service_id": bus["service_id"], "bus_type": bus["bus_type"], "bus_type_name": bus["bus_type_name"],
               "bus_registration": f"{r.choice(['MH-12', 'MH-14', 'KA-01', 'TS-09'])}-{r.upper(2)}-{r.randint(1000, 9999)}",
               "departure": bus["departure"], "arrival": bus["arrival"], "boarding_point": bus["boarding_points"][bpi]["point"],
               "boarding_time": bus["boarding_points"][bpi]["time"], "reporting_min_before": 15, "passengers": pax,
               "base_fare_per_seat_inr": bus["base_fare_inr"], "gst_per_seat_inr": bus["gst_inr"],
               "total_paid_inr": round(n * (bus["base_fare_inr"] + bus["gst_inr"]), 2),
               "policy_path": f"policies/{r.choice(['cancellation-2026', 'cancel-reschedule-v2'])}.md",
               "as_of": stamp(today, r.randint(8, 20), r.randint(0, 59))}
        return pnr, res, (first, hon), km

    # ------------------------------------------------------------------ intents
    def search(self, ctx):
        r, today = ctx.r, ctx.today
        frm, to, km = self._route(r)
        while frm not in BOARD:
            frm, to, km = self._route(r)
        day = today + dt.timedelta(days=r.randint(1, 25))
        seats = r.choice([1, 2, 2, 3, 4])
        buses = self._buses(r, frm, to, km, day, seats=seats)
        res = {"from_city": frm, "to_city": to, "date": day.isoformat(), "distance_km": km, "buses": buses,
               "as_of": stamp(today, r.randint(8, 21), r.randint(0, 59))}
        args = {"from_city": frm, "to_city": to, "date": day.isoformat(), "seats": seats}
        req = r.choice([f"Buses from {CITY[frm]} to {CITY[to]} on {day.isoformat()} for {seats} {'person' if seats == 1 else 'people'}?",
                        f"Please check {CITY[frm]} to {CITY[to]} buses, {day.isoformat()}, {seats} seat{'s' if seats > 1 else ''}. Which is cheapest?"])
        w = Desk(r, today, BRAND, TEAM, AGENT)
        avail = [b for b in buses if b["seats_available"] >= seats]
        a = A()
        w.opener(a)
        a.t(f"For {CITY[frm]} to {CITY[to]} on ").x(w.d(day), tmp=w.d(day + dt.timedelta(days=1))).t(", ").x(w.cnt(len(buses), "bus", "buses"), num=w.cnt(len(buses) + 2, "bus", "buses")).t(" are available" if len(buses) > 1 else " is available").t(":")
        dur = lambda b: int((h(b["arrival"]) - h(b["departure"])).total_seconds() // 60)
        cost = lambda b: round(seats * (b["base_fare_inr"] + b["gst_inr"]), 2)
        if w.table:
            w.head(a, ["S.No.", "Bus", "Departs", "Arrives", "Journey", f"Fare x {seats}", "Seats left"])
            for k, b in enumerate(buses):
                oth = buses[1 - k] if k < 2 else None
                w.row(a).t(str(k + 1))
                w.cell(a).x(b["bus_type_name"], val=r.choice([TYPES[t][0] for t in TYPES if t != b["bus_type"]]) if k == 0 else None)
                w.cell(a).x(w.t(b["departure"]), tmp=w.t(h(b["departure"]) + dt.timedelta(minutes=45)) if k == 0 else None)
                w.cell(a).t(f"{w.t(b['arrival'])} (next day)")
                w.cell(a).x(w.dur(dur(b)), num=w.dur(dur(b) + 90) if k == 0 else None, conf=("numerical", w.dur(dur(oth))) if k == 0 and oth and dur(oth) != dur(b) else None)
                w.cell(a).x(w.money(cost(b)), num=w.money(cost(b) + 400) if k == 1 else None)
                w.cell(a).t(str(b["seats_available"]))
                w.end_row(a)
            a.pp()
        else:
            w.start()
            for k, b in enumerate(buses):
                oth = buses[1 - k] if k < 2 else None
                w.li(a)
                a.x(b["bus_type_name"], val=r.choice([TYPES[t][0] for t in TYPES if t != b["bus_type"]]) if k == 0 else None).t(" - departs ")
                a.x(w.t(b["departure"]), tmp=w.t(h(b["departure"]) + dt.timedelta(minutes=45)) if k == 0 else None).t(f", arrives {w.t(b['arrival'])} next day (")
                a.x(w.dur(dur(b)), num=w.dur(dur(b) + 90) if k == 0 else None, conf=("numerical", w.dur(dur(oth))) if k == 0 and oth and dur(oth) != dur(b) else None).t("), ")
                a.x(w.money(cost(b)), num=w.money(cost(b) + 400) if k == 1 else None).t(f" for {w.cnt(seats, 'seat')}, {b['seats_available']} seats left")
                w.pt(a)
        w.para(a)
        if avail:
            ch = min(avail, key=lambda b: (cost(b), b["departure"]))
            uniq = sum(1 for b in avail if cost(b) == cost(ch)) == 1
            if uniq and len(avail) > 1:
                a.t("The ").x("cheapest", rel="costliest").t(" option with enough seats is the ").x(w.t(ch["departure"]), tmp=w.t(h(ch["departure"]) + dt.timedelta(hours=1))).t(f" {TYPES[ch['bus_type']][0].split(' (')[0]} at ")
                a.x(w.money(cost(ch)), num=w.money(cost(ch) - 300)).t(f" ({seats} x {w.money(ch['base_fare_inr'])}")
                if ch["gst_inr"]:
                    a.t(" + ").x(w.pc(5, 0), num=w.pc(12, 0)).t(" GST")
                a.t(")")
                if not TYPES[ch["bus_type"]][1]:
                    a.t("; being non-AC, it ").x("attracts no GST", neg="attracts GST")
                a.t(".")
                a.p()
            fast = min(buses, key=dur)
            if sum(1 for b in buses if dur(b) == dur(fast)) == 1:
                a.t(" The ").x("fastest", rel="slowest").t(" is the ").x(w.t(fast["departure"]), tmp=w.t(h(fast["departure"]) + dt.timedelta(minutes=30))).t(" departure, covering ")
                a.x(w.u(km, "km"), num=w.u(km + 120, "km")).t(" in ").x(w.dur(dur(fast)), num=w.dur(dur(fast) - 60)).t(", i.e. ").x(w.near(km / (dur(fast) / 60), 1, lambda v: f"{v:g} km/h"), num=f"{round(km / (dur(fast) / 60)) + 12} km/h").t(" on average")
                a.pc().t(".")
                a.p()
        full = [b for b in buses if b["seats_available"] < seats]
        if full:
            w.para(a)
            a.t(f"The {w.t(full[0]['departure'])} bus ").x("does not have", neg="has").t(f" {w.cnt(seats, 'seat')} left.")
            a.p()
        bp = buses[0]["boarding_points"]
        w.para(a)
        a.t("Boarding points for the first bus: ").t(", ".join(f"{p['point']} {w.t(p['time'])}" for p in bp[:-1])).t(" and ").x(bp[-1]["point"], ent=r.choice(OTHER_POINTS)).t(f" {w.t(bp[-1]['time'])}.")
        a.p()
        if r.random() < 0.4:
            a.t(" (Seats as per `").x("seats_available", attr=r.choice(["seats_left", "vacant_berths"])).t("` at the time of search.)")
            a.p()
        w.closer(a, ["Shall I block the seats for you?", "Do you want lower berths specifically?"])
        a.ins("claim", "The Volvo service has a washroom on board.")
        a.ins("claim", "Buses on this route usually run 30 minutes late during the monsoon.")
        a.ins("behavior", "I have blocked the seats for 15 minutes.")
        a.ins("behavior", "I have applied a 10% festive discount to the fares.")
        a.ins("elab", "since the ghat section is slower at night", clause=True)
        a.ins("cite", f"Fare quote: https://rajhanstravels.example/q/{day.strftime('%y%m%d')}-{r.randint(10000, 99999)}")
        return vet(self, Plan(req, [Turn([Call("search_buses", args, res)])], a))

    def ticket(self, ctx):
        r, today = ctx.r, ctx.today
        pnr, tk, who, km = self._ticket(r, today)
        req = r.choice([f"Please share my ticket details for PNR {pnr}. What time should I reach?", f"PNR {pnr} - boarding point and timing?"])
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        bt = h(tk["boarding_time"])
        rep = bt - dt.timedelta(minutes=tk["reporting_min_before"])
        dep, arr = h(tk["departure"]), h(tk["arrival"])
        day = dt.date.fromisoformat(tk["journey_date"])
        n = len(tk["passengers"])
        a = A()
        w.opener(a)
        a.t("Your ticket ").x(pnr, fid=mutate_id(pnr, r)).t(f" from {CITY[tk['from_city']]} to {CITY[tk['to_city']]} is ").x("confirmed", val="waitlisted").t(" for ")
        a.x(w.when(day), tmp=w.when(day + dt.timedelta(days=1))).t(".")
        a.p()
        w.para(a)
        w.kv(a, "Bus").x(tk["bus_type_name"], val=r.choice(OTHER_TYPES)).t(", ").x(tk["bus_registration"], fid=mutate_id(tk["bus_registration"], r))
        w.kv(a, "Boarding point").x(tk["boarding_point"], ent=r.choice(OTHER_POINTS)).t(" at ").x(w.t(bt), tmp=w.t(bt + dt.timedelta(minutes=30)))
        w.kv(a, "Reporting time").x(w.t(rep), tmp=w.t(rep - dt.timedelta(minutes=30)), conf=("temporal", w.t(bt))).t(f" ({tk['reporting_min_before']} min before boarding)")
        w.kv(a, "Arrival").x(f"{w.t(arr)}, {w.d(arr.date(), wk=False)}", tmp=f"{w.t(arr + dt.timedelta(hours=2))}, {w.d(arr.date(), wk=False)}")
        w.kv(a, "Seats").t(", ".join(p["seat"] for p in tk["passengers"])).t(" (").x(w.cnt(n, "passenger"), num=w.cnt(n + 1, "passenger")).t(")")
        w.para(a)
        tot = tk["total_paid_inr"]
        if tk["gst_per_seat_inr"]:
            a.t(f"Fare paid: {n} x ({w.money(tk['base_fare_per_seat_inr'])} + ").x(w.money(tk["gst_per_seat_inr"]), num=w.money(tk["gst_per_seat_inr"] + 40)).t(" GST) = ").x(w.money(tot), num=w.money(tot + 250), conf=("numerical", w.money(tk["base_fare_per_seat_inr"] * n)))
        else:
            a.t(f"Fare paid: {n} x {w.money(tk['base_fare_per_seat_inr'])} = ").x(w.money(tot), num=w.money(tot + 250)).t("; being a non-AC bus, there ").x("is no GST", neg="is GST")
        a.t(".")
        a.p()
        mins = int((arr - dep).total_seconds() // 60)
        a.t(" The journey takes ").x(w.dur(mins), num=w.dur(mins + 75)).t(" and arrives ").x("the next morning" if arr.hour < 12 else "the next afternoon" if arr.hour < 17 else "the next evening", tmp="the same night").pc().t(".")
        a.p()
        if r.random() < 0.4:
            a.t(" (Boarding time is the `").x("boarding_time", attr=r.choice(["pickup_time", "board_at"])).t("` of your ticket.)")
            a.p()
        w.closer(a, ["Shall I share the live tracking link on the day of travel?", "Do you need the boarding point location?"])
        a.ins("claim", "The bus usually waits up to 10 minutes at each boarding point.")
        a.ins("claim", "Blankets and water bottles are provided on this service.")
        a.ins("behavior", "I have sent the ticket to your WhatsApp number.")
        a.ins("behavior", "I have upgraded your seats to lower berths.")
        a.ins("elab", "as the bus starts from the depot 30 minutes earlier", clause=True)
        a.ins("cite", f"Live tracking: https://rajhanstravels.example/track/{tk['service_id'].lower()}-{r.randint(10, 99)}")
        return vet(self, Plan(req, [Turn([Call("get_ticket", {"pnr_number": pnr}, tk)])], a))

    def change(self, ctx):
        r, today = ctx.r, ctx.today
        pnr, tk, who, km = self._ticket(r, today)
        while tk["from_city"] not in BOARD:
            pnr, tk, who, km = self._ticket(r, today)
        old = dt.date.fromisoformat(tk["journey_date"])
        nd = old + dt.timedelta(days=r.choice([-1, 1, 2, 3, 7]))
        if nd <= today:
            nd = old + dt.timedelta(days=2)
        n = len(tk["passengers"])
        buses = self._buses(r, tk["from_city"], tk["to_city"], km, nd, n=r.randint(2, 3), seats=n)
        for b in buses:
            b["seats_available"] = max(b["seats_available"], n)
        same = [b for b in buses if b["bus_type"] == tk["bus_type"]]
        tgt = same[0] if same else buses[0]
        alt = [b for b in buses if b is not tgt][0]
        full = r.random() < 0.6
        args = {"from_city": tk["from_city"], "to_city": tk["to_city"], "date": nd.isoformat(), "seats": n}
        turns = [Turn([Call("search_buses", args, {"from_city": tk["from_city"], "to_city": tk["to_city"], "date": nd.isoformat(),
                                                    "distance_km": km, "buses": buses, "as_of": tk["as_of"]})])]
        if full:
            turns.append(Turn([Call("change_journey", {"pnr_number": pnr, "service_id": tgt["service_id"]},
                                    {"changed": False, "reason_code": "SEATS_UNAVAILABLE",
                                     "message": f"Only {max(0, n - 1)} seat(s) left together on {tgt['service_id']}.",
                                     "alternatives": [{"service_id": alt["service_id"], "departure": alt["departure"]}]})]))
            got = alt
        else:
            got = tgt
        fee = 100.0 * n
        old_fare = tk["base_fare_per_seat_inr"] + tk["gst_per_seat_inr"]
        new_fare = got["base_fare_inr"] + got["gst_inr"]
        diff = round(max(0.0, new_fare - old_fare) * n, 2)
        ok = {"changed": True, "pnr_number": pnr, "new_service_id": got["service_id"], "journey_date": nd.isoformat(),
              "departure": got["departure"], "arrival": got["arrival"], "bus_type_name": got["bus_type_name"],
              "boarding_point": got["boarding_points"][0]["point"], "boarding_time": got["boarding_points"][0]["time"],
              "reschedule_fee_inr": fee, "fare_difference_inr": diff, "amount_charged_inr": round(fee + diff, 2),
              "previous_service_id": tk["service_id"], "as_of": tk["as_of"]}
        turns.append(Turn([Call("change_journey", {"pnr_number": pnr, "service_id": got["service_id"]}, ok)]))
        gt = Call("get_ticket", {"pnr_number": pnr}, tk)
        history = None
        if ctx.followup:
            history = History().user(f"What are the details of PNR {pnr}?")
            history.call([gt])
            history.reply(f"PNR {pnr}: {CITY[tk['from_city']]} to {CITY[tk['to_city']]} on {tk['journey_date']}, {tk['bus_type_name']}, {n} seat(s).")
            req = r.choice([f"Please shift the journey to {nd.isoformat()}, same type of bus if possible.", f"Can I change it to {nd.isoformat()}?"])
        else:
            req = f"PNR {pnr}: please reschedule my journey to {nd.isoformat()}."
            turns = [Turn([gt])] + turns
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        gdep = h(got["departure"])
        a = A()
        w.opener(a, followup=ctx.followup)
        if full:
            a.t(f"The {w.t(tgt['departure'])} {TYPES[tgt['bus_type']][0]} on {w.d(nd, wk=False)} ").x("did not have", neg="had").t(f" {w.cnt(n, 'seat')} together (`").x("SEATS_UNAVAILABLE", attr=r.choice(["SOLD_OUT", "NO_SEATS_TOGETHER"])).t("`), hence I have ")
            a.x("moved", val="wait-listed").t(" your ticket to the next option, the ").x(w.t(gdep), tmp=w.t(gdep + dt.timedelta(minutes=60)), conf=("temporal", w.t(tgt["departure"]))).t(" ").x(got["bus_type_name"], val=r.choice(OTHER_TYPES)).t(".")
        else:
            a.t("Your journey has been ").x("rescheduled", val="wait-listed").t(" to ").x(w.when(nd), tmp=w.when(nd + dt.timedelta(days=1))).t(f" on the {w.t(gdep)} {got['bus_type_name']}.")
        a.p()
        w.para(a)
        w.kv(a, "PNR").x(pnr, fid=mutate_id(pnr, r)).t(" (unchanged)")
        w.kv(a, "Journey date").x(w.d(nd), tmp=w.d(nd - dt.timedelta(days=1)))
        w.kv(a, "Boarding").x(got["boarding_points"][0]["point"], ent=r.choice(OTHER_POINTS)).t(" at ").x(w.t(got["boarding_points"][0]["time"]), tmp=w.t(h(got["boarding_points"][0]["time"]) + dt.timedelta(minutes=30)))
        w.kv(a, "Rescheduling fee").t(f"{n} x {w.money(100)} = ").x(w.money(fee), num=w.money(fee + 100))
        if diff:
            w.kv(a, "Fare difference").x(w.money(diff), num=w.money(diff + 150))
            w.kv(a, "Total charged").x(w.money(fee + diff), num=w.money(fee + diff + 200), conf=("numerical", w.money(diff)))
        else:
            w.kv(a, "Fare difference").x("Nil", num=w.money(150)).t(" (the new fare is ").x("not higher", rel="higher").t(")")
        w.para(a)
        shift = (nd - old).days
        a.t("This is ").x(w.cnt(abs(shift), "day"), num=w.cnt(abs(shift) + 1, "day")).t(" ").x("later" if shift > 0 else "earlier", rel="earlier" if shift > 0 else "later").t(f" than your original journey ({w.d(old, wk=False)})")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Shall I send the updated ticket by SMS?", "Please confirm if the boarding point suits you."])
        a.ins("claim", "A ticket can be rescheduled any number of times.")
        a.ins("claim", "The new bus has charging points at every berth.")
        a.ins("behavior", "I have refunded the fare difference to your wallet.")
        a.ins("behavior", "I have waived the rescheduling fee as a one-time gesture.")
        a.ins("elab", "since the earlier bus was reserved for a group booking", clause=True)
        a.ins("cite", f"Updated e-ticket: https://rajhanstravels.example/eticket/{pnr.lower()}-r{r.randint(2, 9)}.pdf")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def cancel(self, ctx):
        r, today = ctx.r, ctx.today
        pnr, tk, who, km = self._ticket(r, today, hours_out=r.choice([r.randint(60, 400), r.randint(26, 46), r.randint(13, 23), r.randint(14, 40)]))
        now = h(tk["as_of"])
        dep = h(tk["departure"])
        if dep <= now + dt.timedelta(hours=2):
            return self.cancel(ctx)
        doc = ("# Rajhans Travels - Cancellation and Rescheduling Policy\n\n"
               "## 1. Cancellation charges (per seat, on the base fare)\n"
               "1.1 More than 48 hours before departure: 10% of the base fare.\n"
               "1.2 24 to 48 hours before departure: 25% of the base fare.\n"
               "1.3 12 to 24 hours before departure: 50% of the base fare.\n"
               "1.4 Less than 12 hours before departure: no refund.\n"
               "1.5 GST is refunded in full whenever a refund is due.\n\n"
               "## 2. Rescheduling\n"
               "2.1 Allowed up to 24 hours before departure, once per ticket.\n"
               "2.2 Rescheduling fee: Rs. 100/- per seat plus any fare difference.\n\n"
               "## 3. Refunds\n"
               "3.1 Refunds are credited to the original payment mode within 5 to 7 working days.\n\n"
               "## 4. Reporting\n"
               "4.1 Passengers must report at the boarding point 15 minutes before the boarding time.\n")
        path = tk["policy_path"]
        gt = Call("get_ticket", {"pnr_number": pnr}, tk)
        gp = Call("get_cancellation_policy", {"policy_path": path}, doc)
        q = r.choice(["If I cancel now, how much refund will I get?", "What is the cancellation charge if I cancel the ticket today?"])
        history = None
        if ctx.followup:
            history = History().user(f"Check PNR {pnr} please.")
            history.call([gt])
            history.reply(f"PNR {pnr} is confirmed for {tk['journey_date']}, departure {tk['departure'][11:16]}, {len(tk['passengers'])} seat(s).")
            req = q
            turns = [Turn([gp])]
        else:
            req = f"PNR {pnr}. {q}"
            turns = [Turn([gt]), Turn([gp])]
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        hrs = (dep - now).total_seconds() / 3600
        n = len(tk["passengers"])
        base, gst = tk["base_fare_per_seat_inr"], tk["gst_per_seat_inr"]
        if hrs > 48:
            pc_, sec = 10, "1.1"
        elif hrs >= 24:
            pc_, sec = 25, "1.2"
        elif hrs >= 12:
            pc_, sec = 50, "1.3"
        else:
            pc_, sec = 100, "1.4"
        ded = round(n * base * pc_ / 100, 2)
        refund = round(n * (base - base * pc_ / 100 + gst), 2) if pc_ < 100 else 0.0
        fake = lambda real: r.choice([s for s in ["1.6", "2.3", "3.2", "4.2", "5.1"] if s != real])
        hw = int(hrs)
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("Your bus departs at ").x(f"{w.t(dep)} on {w.d(dep.date(), wk=False)}", tmp=f"{w.t(dep)} on {w.d(dep.date() + dt.timedelta(days=1), wk=False)}").t(", i.e. ")
        if hrs > 72:
            a.x(f"more than {int(hrs // 24)} days", num=f"more than {int(hrs // 24) + 3} days")
        else:
            a.x(f"over {hw} hours" if hrs != hw else f"{hw} hours", num=f"over {hw + 30} hours").t(" from now, so clause ").x(sec, sec=fake(sec)).t(" applies")
        if pc_ < 100:
            a.t(": a deduction of ").x(w.pc(pc_, 0), num=w.pc(pc_ + 15, 0)).t(" of the base fare.")
            a.p()
            w.para(a)
            w.kv(a, "Base fare").t(f"{n} x {w.money(base)} = {w.money(n * base)}")
            w.kv(a, "Cancellation charge").x(w.money(ded), num=w.money(ded + 200))
            if gst:
                w.kv(a, "GST refunded").x(w.money(n * gst), num=w.money(n * gst + 50)).t(" (in full, clause ").x("1.5", sec=fake("1.5")).t(")")
            w.kv(a, "Refund").x(w.money(refund), num=w.money(refund + 300), conf=("numerical", w.money(ded)))
            w.para(a)
            a.t("The refund ").x("will be credited", neg="will not be credited").t(" to the original payment mode within ").x("5 to 7 working days", num="2 to 3 working days").t(" (clause ").x("3.1", sec=fake("3.1")).t(").")
            a.p()
            if pc_ in (10, 25):
                nxt = dep - dt.timedelta(hours=48 if pc_ == 10 else 24)
                a.t(" Please note that " + ("from " if pc_ == 10 else "after ")).x(f"{w.t(nxt)} on {w.d(nxt.date(), wk=False)}", tmp=f"{w.t(nxt)} on {w.d(nxt.date() + dt.timedelta(days=1), wk=False)}").t(" the deduction goes up to ").x(w.pc(25 if pc_ == 10 else 50, 0), num=w.pc(75, 0)).t(".")
                a.p()
        else:
            a.t(": as it is ").x("less than", rel="more than").t(" 12 hours to departure, ").x("no refund is payable", neg="a partial refund is payable").t(f" on the {w.money(tk['total_paid_inr'])} paid.")
            a.p()
        w.para(a)
        if hrs >= 24:
            a.t("Alternatively, you ").x("can", neg="cannot").t(" reschedule once for ").x(w.money(100 * n), num=w.money(100 * n + 200)).t(f" ({n} x {w.money(100)}) plus any fare difference (clause ").x("2.2", sec=fake("2.2")).t(")")
        else:
            a.t("Rescheduling is ").x("no longer possible", neg="still possible").t(" as it is allowed only up to ").x("24 hours", num="6 hours").t(" before departure (clause ").x("2.1", sec=fake("2.1")).t(")")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Shall I go ahead and cancel the ticket?", "Do you want to reschedule instead?"])
        a.ins("claim", "Refunds to UPI are usually credited the same day.")
        a.ins("claim", "Cancellation charges are waived if the bus is delayed by more than 2 hours.")
        a.ins("behavior", "I have already cancelled the ticket for you.")
        a.ins("behavior", "I have released the seats back to the counter.")
        a.ins("elab", "because the seats cannot be resold so close to departure", clause=True)
        a.ins("cite", f"Refund reference: RF{r.randint(10000000, 99999999)} has been created.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
