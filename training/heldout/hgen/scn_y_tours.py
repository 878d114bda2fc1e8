"""guided_tours (set y): the assistant of Wandr, a marketplace for guided city tours in Rome — a search for tours on a
date for a group (3-6 tours: price per ticket, one-off booking fee, rating and review count, distance of the meeting point,
maximum group size, skip-the-line / wheelchair / free-for-under-6s flags, availability, badge), the operator's numbered
booking conditions fetched by path, and a reservation (refused by design when the tour is sold out or below its minimum
group — reason code and another tour as the alternative). Answers compare and recommend (see hgen/ystyle.py)."""
from __future__ import annotations

from .ystyle import Market


class GuidedTours(Market):
    name = "guided_tours"
    agent = "wandr-tour-advisor"
    service = "wandr-marketplace"
    system = ("You are Wandr's tour advisor. Help travellers find and compare guided tours in Rome with the tools: total "
              "cost for the group, ticket price, ratings, meeting point distance, group size and inclusions. Recommend one "
              "and reserve it when asked. Never invent tours, prices or conditions.")
    error_style = 0
    preambles = ["Let me see which tours run that day.", "Searching tours."]
    cur, zone = "EUR", "Europe/Rome"
    noun, noun_pl = "tour", "tours"
    unit, unit_pl = "ticket", "tickets"
    price_key, fee_key, fee_label = "price_per_ticket", "booking_fee", "booking fee"
    dist_key, dist_fmt, dist_word, dist_head = "meeting_point_km", "{} km to the meeting point", ("closest", "farthest"), "km"
    cap_key, cap_word, people_word = "max_group", "people", "travellers"
    cap_words, cap_tail = ("largest group", "smallest group"), " of the {n}, up to {v} {w}."
    cap_ratio, cap_bullet = "the group size", ", groups of up to {} {w}"
    flags = [("skip_the_line", "includes skip-the-line entry", "has no skip-the-line entry", "skip-line",
              "include skip-the-line entry"),
             ("wheelchair_access", "is wheelchair accessible", "isn't wheelchair accessible", "wheelchair",
              "are wheelchair accessible"),
             ("kids_free", "lets under-sixes go free", "charges for under-sixes", "kids free", "let under-sixes go free")]
    badges = ["Top Rated", "Licensed Guide", "Small Group"]
    fake_badges = ["Gold Guide", "Caesar Select"]
    names = ["Colosseum Underground", "Vatican at Dawn", "Trastevere Food Walk", "Ancient Rome Highlights",
             "Borghese Gallery Tour", "Appian Way by Bike", "Pantheon and Piazzas", "Catacombs Evening"]
    fake_names = ["Forum by Moonlight", "Tiber River Stroll"]
    id_key, id_pat = "tour_id", r"^WT-\d{5}$"
    areas = ["Centro Storico", "Vatican", "Trastevere", "Monti"]
    qtys, peoples = [2, 3, 4, 5, 6], [2, 3, 4, 5, 6]
    qty_key, people_key, qty_desc, people_desc = "tickets", "group_size", "Tickets to buy.", "People in the group."
    qty_range, people_range = (1, 20), (1, 20)
    search_tool, search_args = "search_tours", ("area", "Area of Rome.")
    search_desc = "Search guided tours starting in an area of Rome on a date for a group."
    terms_tool, terms_arg, terms_kind = "read_tour_conditions", "conditions_path", "path"
    terms_pat = r"^/operators/.+\.md$"
    terms_desc = "The operator's numbered booking conditions (Markdown)."
    write_tool, write_status, hold_key, hold_prefix = "reserve_tour", "held", "reservation_id", "WR"
    write_desc = "Reserve tickets (held until paid). Refused with a reason code and an alternative tour when not possible."
    reason_codes = ["TOUR_SOLD_OUT", "MIN_GROUP_NOT_MET"]
    fake_codes = ["GUIDE_UNASSIGNED", "TOUR_PAUSED"]
    refuse_msg = "The tour cannot be reserved on that date."
    done_word = ("reserved tickets on", "reserve")
    base = "https://api.wandr.example/v2"
    terms_title = "# Booking conditions"
    terms_general = "Tours start at the meeting point shown on the ticket."
    terms_extra = "Sites may close at short notice; the route is then adapted."
    cancel_tpl = "Cancellations at least {h} hours before the tour starts are refunded in full."
    deposit_tpl = "A deposit of {p}% of the order is charged to confirm the reservation."
    event_word = "the tour"
    claims_pool = ["{name} was voted best tour in Rome last year.", "{name} includes an espresso stop."]
    elabs = ["because the queues are shorter early in the day", "since the guides are all art historians"]
    cite_prefix = "TR"
    entity_noun = {"tour_id": "Tour", "conditions_path": "Document"}
    followups = ["Which of those would you recommend, and what's the cancellation policy?",
                 "Compare them for us and check the conditions of your top pick."]
    followups_write = ["Reserve the best one for us, please.", "Compare them and reserve the one you'd choose."]

    def __init__(self):
        self.tools = self.make_tools()
        self.intents = [("compare_tours", self.compare, True), ("reserve_tour", self.book, True)]

    def request_params(self, r, today):
        req = super().request_params(r, today)
        req["qty"] = req["people"]
        return req

    def opt(self, r, today, req, name, i):
        tid = f"WT-{r.randint(10000, 99999)}"
        o = {"tour_id": tid, "name": name, "duration_h": r.choice([2, 2.5, 3, 4]),
             "price_per_ticket": r.choice([29, 35, 39, 42, 48, 55, 59, 64, 69, 75, 89]),
             "booking_fee": r.choice([2, 3, 4, 5, 6, 8]),
             "rating": round(r.uniform(3.9, 4.9), 1), "reviews": r.randint(20, 2400),
             "meeting_point_km": round(r.uniform(0.3, 6.0), 1), "max_group": r.choice([8, 10, 12, 15, 20, 25]),
             "skip_the_line": r.random() < 0.5, "wheelchair_access": r.random() < 0.4, "kids_free": r.random() < 0.3,
             "availability": r.choice(["available", "available", "limited", "waitlist"]),
             "conditions_path": f"/operators/{tid}/conditions.md"}
        if r.random() < 0.5:
            o["badge"] = r.choice(self.badges)
        return o

    def request_text(self, r, req, write):
        d = self._d(req["start"])
        b = f" Our budget is €{req['budget']} for everyone." if req.get("budget") else ""
        ask = r.choice([f"We're {req['people']} people in Rome on {d}. Which guided tours around {req['area']} are worth it?",
                        f"Compare guided tours in {req['area']} for a group of {req['people']} on {d}."])
        tail = r.choice([" Please reserve the best one.", " Reserve whichever you'd pick."]) if write else ""
        return ask + b + tail
