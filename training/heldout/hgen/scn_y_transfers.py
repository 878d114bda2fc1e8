"""airport_transfers (set y): the assistant of Shuttlo, a US airport-transfer broker — a search for private transfers
from an airport (3-6 operators: price per trip, one-off meet-and-greet fee, rating and review count, pickup wait, seats,
flight tracking / child seat / free waiting flags, availability, badge), the operator's numbered service terms fetched by
URL, and a booking (refused by design when the vehicle is too small or no driver is free — reason code and another
operator as the alternative). Answers compare and recommend, with US dates (see hgen/ystyle.py)."""
from __future__ import annotations

from .ystyle import Market


class AirportTransfers(Market):
    name = "airport_transfers"
    agent = "shuttlo-transfer-assistant"
    service = "shuttlo-broker"
    system = ("You are Shuttlo's transfer assistant. Search private airport transfers, compare operators on total price, "
              "per-trip price, ratings, pickup wait, seats and inclusions, recommend one and book it when asked. Quote "
              "only what the tools return.")
    error_style = 1
    preambles = ["Checking transfer operators.", "Let me search transfers for that flight."]
    cur, zone = "USD", "America/New_York"
    noun, noun_pl = "operator", "operators"
    unit, unit_pl = "trip", "trips"
    price_key, fee_key, fee_label = "price_per_trip", "meet_greet_fee", "meet-and-greet fee"
    dist_key, dist_fmt, dist_head = "pickup_wait_min", "pickup within {} min", "pickup min"
    dist_word = ("fastest to pick up", "slowest to pick up")
    dist_verb = "offers "
    cap_key, cap_word, people_word = "seats", "seats", "passengers"
    cap_tail = " of the {n}, with {v} {w}."
    cap_ratio, cap_bullet = "the seats", ", {} {w}"
    flags = [("flight_tracking", "tracks your flight", "doesn't track flights", "flight tracking", "track your flight"),
             ("child_seat", "provides a child seat", "has no child seat", "child seat", "provide a child seat"),
             ("free_waiting", "includes free waiting time", "charges for waiting", "free wait", "include free waiting time")]
    badges = ["Top Rated", "Licensed Operator", "Eco Fleet"]
    fake_badges = ["Gold Chauffeur", "Premier Partner"]
    names = ["Metro Black Car", "Harbor Shuttle Co", "JetLink Rides", "Skyline Sedans", "Gateway Vans",
             "BlueLine Transfers", "Runway Limo", "Northgate Car Service"]
    fake_names = ["Eagle Airport Cars", "Liberty Limousines"]
    id_key, id_pat = "operator_id", r"^OP-\d{4}[A-Z]$"
    areas = ["JFK", "EWR", "LGA", "BOS"]
    qtys, peoples = [1, 2], [2, 3, 4, 5, 6]
    qty_key, people_key, qty_desc, people_desc = "trips", "passengers", "1 = one way, 2 = return.", "Passengers."
    qty_range, people_range = (1, 2), (1, 14)
    search_tool, search_args = "search_transfers", ("airport", "Airport code.")
    search_desc = "Search private transfers from an airport on a date for passengers and trips."
    terms_tool, terms_arg, terms_kind = "get_service_terms", "terms_url", "url"
    terms_pat = r"^https://shuttlo\.example/operators/.+$"
    terms_desc = "An operator's numbered service terms (plain text)."
    write_tool, write_status, hold_key, hold_prefix = "book_transfer", "confirmed", "booking_id", "SH"
    write_desc = "Book a transfer. Refused with a reason code and an alternative operator when not possible."
    reason_codes = ["VEHICLE_TOO_SMALL", "NO_DRIVER_AVAILABLE"]
    fake_codes = ["ROUTE_BLOCKED", "DRIVER_SUSPENDED"]
    refuse_msg = "The operator cannot take this booking."
    done_word = ("booked", "book")
    base = "https://api.shuttlo.example/v1"
    terms_title = "SERVICE TERMS"
    terms_general = "The driver meets passengers at arrivals with a name sign."
    terms_extra = "Tolls and airport access fees are included in the price."
    cancel_tpl = "Bookings cancelled at least {h} hours before pickup are refunded in full."
    deposit_tpl = "A prepayment of {p}% of the fare is charged at booking."
    event_word = "pickup"
    claims_pool = ["{name} uses only new hybrid sedans.", "{name} has a dedicated JFK arrivals desk."]
    elabs = ["because traffic into the city is heavy at that hour", "since its drivers wait at baggage claim"]
    cite_prefix = "CS"
    entity_noun = {"operator_id": "Operator", "terms_url": "Page"}
    followups = ["Which one is the best deal, and what happens if we cancel?",
                 "Compare those and check the terms of the one you'd choose."]
    followups_write = ["Go ahead and book the best option.", "Book the one you'd pick, please."]

    def __init__(self):
        self.tools = self.make_tools()
        self.intents = [("compare_transfers", self.compare, True), ("book_transfer", self.book, True)]

    def opt(self, r, today, req, name, i):
        oid = f"OP-{r.randint(1000, 9999)}{r.choice('ABCDEFGHJK')}"
        o = {"operator_id": oid, "name": name, "vehicle": r.choice(["sedan", "SUV", "minivan", "sprinter van"]),
             "price_per_trip": r.randrange(45, 185, 5), "meet_greet_fee": r.choice([0, 10, 15, 20, 25]),
             "rating": round(r.uniform(3.8, 4.9), 1), "reviews": r.randint(12, 900),
             "pickup_wait_min": r.randint(5, 45), "seats": r.choice([3, 4, 6, 7, 8, 12]),
             "flight_tracking": r.random() < 0.6, "child_seat": r.random() < 0.4, "free_waiting": r.random() < 0.5,
             "availability": r.choice(["available", "available", "limited", "waitlist"]),
             "terms_url": f"https://shuttlo.example/operators/{oid}/terms"}
        if r.random() < 0.5:
            o["badge"] = r.choice(self.badges)
        return o

    def request_text(self, r, req, write):
        d = self._d(req["start"])
        b = f" Budget is ${req['budget']} total." if req.get("budget") else ""
        way = "return" if req["qty"] == 2 else "one way"
        ask = r.choice([f"We land at {req['area']} on {d}, {req['people']} passengers. Compare private transfers ({way}).",
                        f"Need a car from {req['area']} on {d} for {req['people']}, {way}. What are my options?"])
        tail = r.choice([" Book the best one.", " Please book whichever you'd pick."]) if write else ""
        return ask + b + tail
