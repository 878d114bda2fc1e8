"""rehearsal_studios (set y): the assistant of Loudroom, a rehearsal-studio booking platform in Berlin — a search for
rooms for a band session (3-6 rooms: hourly rate, one-off backline fee, rating and review count, distance, how many
players fit, drum kit / recording / late-night flags, availability, badge), the studio's numbered house rules fetched by
URL, and an instant booking (refused by design when the room is taken or the band is too large — reason code and another
room as the alternative). Answers compare and recommend (see hgen/ystyle.py)."""
from __future__ import annotations

from .ystyle import Market


class RehearsalStudios(Market):
    name = "rehearsal_studios"
    agent = "loudroom-booking-assistant"
    service = "loudroom-platform"
    system = ("You are the Loudroom assistant for musicians in Berlin. Find rehearsal rooms, compare them on the total for "
              "the session, hourly rate, ratings, distance, room size and equipment, recommend one and book it when "
              "asked. Only state what the tools return.")
    error_style = 2
    preambles = ["Checking free rooms.", "Searching Loudroom for your session."]
    cur, zone = "EUR", "Europe/Berlin"
    noun, noun_pl = "room", "rooms"
    unit, unit_pl = "hour", "hours"
    price_key, fee_key, fee_label = "hourly_rate", "backline_fee", "backline fee"
    dist_key, dist_fmt, dist_word, dist_head = "distance_km", "{} km away", ("closest", "farthest"), "km"
    cap_key, cap_word, people_word = "max_players", "players", "band members"
    cap_ratio, cap_bullet = "the room size", ", fits {} {w}"
    flags = [("drum_kit", "comes with a drum kit", "has no drum kit", "drums", "come with a drum kit"),
             ("recording", "offers recording", "doesn't offer recording", "recording", "offer recording"),
             ("late_night", "is open after midnight", "closes at midnight", "late", "are open after midnight")]
    badges = ["Top Rated", "Soundproof Certified", "Musician's Pick"]
    fake_badges = ["Gold Stage", "Platinum Room"]
    names = ["Raum Kreuzberg", "Basement Tapes", "Studio Neukölln", "Kellerklang", "Spree Sound", "Blue Cable",
             "Hinterhof Proberaum", "Wedding Noise"]
    fake_names = ["Tempelhof Beats", "Echo Garage"]
    id_key, id_pat = "room_id", r"^LR-[A-Z]\d{3}$"
    areas = ["Kreuzberg", "Neukölln", "Friedrichshain", "Wedding"]
    qtys, peoples = [2, 3, 4, 6], [3, 4, 5, 6]
    qty_key, people_key, qty_desc, people_desc = "hours", "players", "Session length in hours.", "Band members."
    qty_range, people_range = (1, 12), (1, 12)
    search_tool, search_args = "search_rooms", ("district", "Berlin district.")
    search_desc = "Search rehearsal rooms in a district for a date, session length and band size."
    terms_tool, terms_arg, terms_kind = "get_house_rules", "rules_url", "url"
    terms_pat = r"^https://loudroom\.example/rooms/.+$"
    terms_desc = "A studio's numbered house rules (plain text)."
    write_tool, write_status, hold_key, hold_prefix = "book_room", "confirmed", "booking_ref", "LB"
    write_desc = "Book a room instantly. Refused with a reason code and an alternative room when not possible."
    reason_codes = ["ROOM_TAKEN", "BAND_TOO_LARGE"]
    fake_codes = ["ROOM_LOCKED", "NOISE_CURFEW"]
    refuse_msg = "The room cannot be booked for this session."
    done_word = ("booked", "book")
    base = "https://api.loudroom.example/v3"
    terms_title = "HOUSE RULES"
    terms_general = "Bands leave the room as they found it and switch off all amps."
    terms_extra = "Damaged equipment is charged at replacement cost."
    cancel_tpl = "Bookings cancelled at least {h} hours before the session are refunded in full."
    deposit_tpl = "A deposit of {p}% of the booking is charged when the booking is made."
    event_word = "the session"
    claims_pool = ["{name} was acoustically treated last year.", "{name} has free parking for vans."]
    elabs = ["because the neighbours there don't complain", "since it has the better PA"]
    cite_prefix = "BR"
    entity_noun = {"room_id": "Room", "rules_url": "Page"}
    followups = ["Which of those would you take, and what are its cancellation rules?",
                 "Compare them properly and check the rules of the best one."]
    followups_write = ["Book the best one for us.", "Compare them and book the room you'd pick."]

    def __init__(self):
        self.tools = self.make_tools()
        self.intents = [("compare_rooms", self.compare, True), ("book_room", self.book, True)]

    def opt(self, r, today, req, name, i):
        rid = f"LR-{r.choice('ABCDEFGH')}{r.randint(100, 999)}"
        o = {"room_id": rid, "name": name, "size_m2": r.randint(14, 60),
             "hourly_rate": r.choice([12, 14, 15, 16, 18, 19.5, 22, 24, 26, 28.5, 32, 38, 45]),
             "backline_fee": r.choice([5, 8, 10, 12, 15, 20, 25, 30]),
             "rating": round(r.uniform(3.7, 4.9), 1), "reviews": r.randint(5, 420),
             "distance_km": round(r.uniform(0.4, 12.0), 1), "max_players": r.choice([3, 4, 5, 6, 8, 10]),
             "drum_kit": r.random() < 0.6, "recording": r.random() < 0.35, "late_night": r.random() < 0.4,
             "availability": r.choice(["available", "available", "limited", "waitlist"]),
             "rules_url": f"https://loudroom.example/rooms/{rid}/house-rules"}
        if r.random() < 0.5:
            o["badge"] = r.choice(self.badges)
        return o

    def request_text(self, r, req, write):
        d = self._d(req["start"])
        b = f" We'd like to stay under €{req['budget']}." if req.get("budget") else ""
        ask = r.choice([f"We're a {req['people']}-piece band looking for a rehearsal room in {req['area']} on {d}, {self.qn(req['qty'])}. What's there?",
                        f"Compare rehearsal rooms in {req['area']} for {req['people']} players, {self.qn(req['qty'])} on {d}."])
        tail = r.choice([" Book the best one.", " If there's a clear winner, book it."]) if write else ""
        return ask + b + tail
