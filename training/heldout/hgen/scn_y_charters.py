"""boat_charters (set y): the assistant of Bluewake, a boat-charter marketplace — a search for day charters of sailing
yachts and motor boats in a Greek island harbour (3-6 boats: day rate, end-of-charter cleaning fee, rating and review
count, distance from the harbour, guest capacity, skipper / fuel / dogs flags, availability, badge), the owner's numbered
charter terms fetched by URL, and a hold on a boat (refused by design when the boat is not free — reason code and
another boat as the alternative). Answers compare and recommend (see hgen/ystyle.py)."""
from __future__ import annotations

from .ystyle import Market


class BoatCharters(Market):
    name = "boat_charters"
    agent = "bluewake-charter-assistant"
    service = "bluewake-marketplace"
    system = ("You are Wake, the assistant of Bluewake, a boat-charter marketplace. Help users find, compare and hold "
              "charters with the tools. Compare the boats on total cost, day rate, ratings, distance, capacity and "
              "policies, recommend one, and report the result of any hold. Never invent boats, prices or terms.")
    error_style = 0
    preambles = ["Searching the charter listings.", "Let me pull the available boats."]
    cur, zone = "EUR", "Europe/Athens"
    noun, noun_pl = "boat", "boats"
    unit, unit_pl = "day", "days"
    price_key, fee_key, fee_label = "day_rate", "cleaning_fee", "cleaning fee"
    dist_key, dist_fmt, dist_word, dist_head = "distance_km", "{} km from the harbour", ("closest", "farthest"), "km"
    cap_key, cap_word, people_word = "max_guests", "guests", "guests"
    flags = [("skipper_included", "includes a skipper", "comes without a skipper", "skipper", "include a skipper"),
             ("fuel_included", "includes fuel", "charges fuel separately", "fuel incl.", "include fuel"),
             ("dogs_allowed", "allows dogs on board", "doesn't allow dogs", "dogs OK", "allow dogs on board")]
    badges = ["Top Rated", "Verified Owner", "Eco Certified"]
    fake_badges = ["Gold Fleet", "Harbour Pick"]
    names = ["Aegean Breeze", "Blue Halcyon", "Meltemi Star", "Kalypso", "Sea Poppy", "Nereid", "Porto Wind", "Levante"]
    fake_names = ["Thalassa Dream", "Silver Dolphin"]
    id_key, id_pat = "boat_id", r"^BW-\d{4}$"
    areas = ["Lefkada", "Corfu", "Naxos", "Paros"]
    qtys, peoples = [1, 2, 3, 5, 7], [2, 4, 5, 6, 8]
    qty_key, people_key, qty_desc, people_desc = "days", "guests", "Number of charter days.", "Number of guests."
    qty_range, people_range = (1, 14), (1, 12)
    search_tool, search_args = "search_charters", ("harbour", "Harbour.")
    search_desc = "Search day charters in a harbour for dates, days and guests; returns boats with prices and policies."
    terms_tool, terms_arg, terms_kind = "get_charter_terms", "terms_url", "url"
    terms_pat = r"^https://bluewake\.example/charters/.+$"
    terms_desc = "The owner's numbered charter terms (plain text)."
    write_tool, write_status, hold_key, hold_prefix = "hold_charter", "held", "hold_id", "HLD"
    write_desc = "Place a free 24-48 h hold on a boat. Refused with a reason code and an alternative when not possible."
    reason_codes = ["BOAT_UNAVAILABLE", "OWNER_APPROVAL_REQUIRED"]
    fake_codes = ["FLEET_FULL", "CHARTER_LOCKED"]
    refuse_msg = "The boat cannot be held for these dates."
    done_word = ("placed a free hold on", "hold")
    base = "https://api.bluewake.example/v2"
    terms_title = "BLUEWAKE CHARTER TERMS"
    terms_general = "The charter runs from 09:30 to 18:30 each day."
    terms_extra = "The skipper may cancel or shorten a trip for safety reasons."
    cancel_tpl = "Cancellations made at least {h} hours before departure are refunded in full."
    deposit_tpl = "A deposit of {p}% of the total is charged at booking; the rest is due on boarding."
    event_word = "departure"
    claims_pool = ["{name} was refitted last winter.", "Sunset trips on {name} sell out weeks ahead."]
    elabs = ["because the harbour gets busy in summer", "since its skipper knows the quieter bays"]
    cite_prefix = "RV"
    entity_noun = {"boat_id": "Boat", "terms_url": "Terms page"}
    followups = ["Which of those is the best deal, and what are its cancellation terms?",
                 "Can you compare them properly and check the terms of the one you'd pick?"]
    followups_write = ["Compare them and put a hold on the one you'd pick, please.",
                       "Go ahead and hold your favourite of those."]

    def __init__(self):
        self.tools = self.make_tools()
        self.intents = [("compare_boats", self.compare, True), ("hold_boat", self.book, True)]

    def opt(self, r, today, req, name, i):
        bid = f"BW-{r.randint(1000, 9999)}"
        o = {"boat_id": bid, "name": name, "type": r.choice(["sailing yacht", "motor boat", "catamaran"]),
             "day_rate": r.randrange(180, 950, 5), "cleaning_fee": r.randrange(40, 180, 5),
             "rating": round(r.uniform(3.8, 4.9), 1), "reviews": r.randint(8, 310),
             "distance_km": round(r.uniform(0.5, 25.0), 1), "max_guests": r.choice([4, 6, 8, 10, 12]),
             "skipper_included": r.random() < 0.5, "fuel_included": r.random() < 0.4,
             "dogs_allowed": r.random() < 0.3, "availability": r.choice(["available", "available", "limited", "waitlist"]),
             "terms_url": f"https://bluewake.example/charters/{bid}/terms"}
        if r.random() < 0.5:
            o["badge"] = r.choice(self.badges)
        return o

    def request_text(self, r, req, write):
        d = self._d(req["start"])
        b = f" Budget about €{req['budget']} all-in." if req.get("budget") else ""
        ask = r.choice([f"Can you compare boat charters in {req['area']} for {req['people']} of us, {self.qn(req['qty'])} from {d}?",
                        f"Looking for a boat in {req['area']}: {req['people']} guests, {self.qn(req['qty'])} starting {d}. What are the options?"])
        tail = r.choice([" Please hold the best one.", " If one stands out, put a hold on it."]) if write else ""
        return ask + b + tail
