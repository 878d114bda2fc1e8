"""driving_lessons (set y): the assistant of Learnerly, a UK driving-instructor marketplace — a search for instructors
near a postcode area for a block of lessons (3-6 instructors: price per lesson, one-off registration fee, rating and
review count, travel time to the pickup, lesson length, automatic / mock test / weekend flags, availability, badge), the
instructor's numbered booking terms fetched by path, and a booking request (refused by design when the instructor's diary
is full or the address is outside the area — reason code and another instructor as the alternative). Answers compare and
recommend (see hgen/ystyle.py)."""
from __future__ import annotations

import datetime as dt

from .ystyle import Market


class DrivingLessons(Market):
    name = "driving_lessons"
    agent = "learnerly-match-assistant"
    service = "learnerly-marketplace"
    system = ("You are the Learnerly assistant. Learnerly matches learner drivers with independent instructors. Use the "
              "tools to search instructors, read their booking terms and send booking requests. Compare instructors on "
              "price for the whole block, ratings, travel time, lesson length and what's included, then recommend one. "
              "Do not invent instructors, prices or terms.")
    error_style = 1
    preambles = ["Looking up instructors near you.", "Searching Learnerly instructors."]
    cur, zone = "GBP", "Europe/London"
    noun, noun_pl = "instructor", "instructors"
    unit, unit_pl = "lesson", "lessons"
    price_key, fee_key, fee_label = "price_per_lesson", "registration_fee", "registration fee"
    dist_key, dist_fmt, dist_word, dist_head = "travel_min", "{} min from your postcode", ("nearest", "farthest"), "travel min"
    cap_key, cap_word, people_word = "lesson_minutes", "minutes", "learners"
    cap_verb, cap_words, cap_tail = " has the ", ("longest lessons", "shortest lessons"), " of the {n}, at {v} {w} each."
    cap_ratio, cap_bullet = "the lesson length", ", {}-minute lessons"
    flags = [("automatic", "teaches in an automatic", "teaches in a manual only", "automatic", "teach in an automatic"),
             ("mock_test", "includes a mock test", "has no mock test", "mock test", "include a mock test"),
             ("weekends", "offers weekend lessons", "doesn't teach at weekends", "weekends", "offer weekend lessons")]
    badges = ["Top Rated", "DVSA Approved", "Pass Plus"]
    fake_badges = ["Gold Instructor", "Learner's Choice"]
    names = ["Clearway Driving", "Ace Lane School", "Mirror Signal Tuition", "Greenlight Tuition", "Roundabout Driving",
             "Steady Wheels", "Kerbside Academy", "Parallel Driving"]
    fake_names = ["Fastpass Motoring", "Highway Code Hub"]
    id_key, id_pat = "instructor_id", r"^DI-\d{5}$"
    areas = ["LS6", "M14", "BS7", "NG7", "SE15"]
    qtys, peoples = [5, 6, 10, 12, 20], [1, 1, 2]
    qty_key, people_key, qty_desc, people_desc = "lessons", "learners", "Number of lessons in the block.", "Number of learners."
    qty_range, people_range = (1, 40), (1, 3)
    search_tool, search_args = "search_instructors", ("postcode_area", "Postcode area, e.g. 'LS6'.")
    search_desc = "Search driving instructors covering a postcode area; returns prices, ratings and policies."
    terms_tool, terms_arg, terms_kind = "read_instructor_terms", "terms_path", "path"
    terms_pat = r"^/instructors/.+\.md$"
    terms_desc = "An instructor's numbered booking terms (Markdown file)."
    write_tool, write_status, hold_key, hold_prefix = "request_booking", "requested", "request_id", "REQ"
    write_desc = ("Send a booking request for a block of lessons; the instructor confirms within a window. Refused with a "
                  "reason code and an alternative instructor when not possible.")
    reason_codes = ["INSTRUCTOR_FULL", "OUTSIDE_AREA"]
    fake_codes = ["DIARY_CLOSED", "AREA_LOCKED"]
    refuse_msg = "This instructor cannot take the block."
    done_word = ("sent a booking request to", "book")
    base = "https://api.learnerly.example/v1"
    terms_title = "# Booking terms"
    terms_general = "Lessons start and end at the pickup address agreed at booking."
    terms_extra = "The instructor may move a lesson once with at least a day's notice."
    cancel_tpl = "Lessons cancelled at least {h} hours before the start are not charged."
    deposit_tpl = "A prepayment of {p}% of the block is taken when the request is accepted."
    event_word = "the lesson"
    claims_pool = ["{name} has a pass rate well above the local average.", "{name} is booked solid from next month."]
    elabs = ["because test centres nearby have long waiting lists", "since it also covers motorway lessons"]
    cite_prefix = "FB"
    entity_noun = {"instructor_id": "Instructor", "terms_path": "File"}
    followups = ["Which one would you pick for the block, and what's their cancellation policy?",
                 "Compare those for me and check the terms of the best one."]
    followups_write = ["Compare them and send a booking request to the best one.",
                       "Please book the one you'd recommend."]

    def __init__(self):
        self.tools = self.make_tools()
        self.intents = [("compare_instructors", self.compare, True), ("request_lessons", self.book, True)]

    def status_word(self, s):
        return {"requested": "awaiting the instructor's reply", "confirmed": "confirmed"}[s]

    def other_status(self, s):
        return "confirmed"

    def opt(self, r, today, req, name, i):
        iid = f"DI-{r.randint(10000, 99999)}"
        o = {"instructor_id": iid, "name": name, "car": r.choice(["Ford Fiesta", "VW Polo", "Toyota Yaris"]),
             "price_per_lesson": r.randrange(32, 58), "registration_fee": r.randrange(10, 45, 5),
             "rating": round(r.uniform(3.9, 4.9), 1), "reviews": r.randint(6, 240),
             "travel_min": r.randint(4, 35), "lesson_minutes": r.choice([60, 90, 120]),
             "automatic": r.random() < 0.4, "mock_test": r.random() < 0.5, "weekends": r.random() < 0.5,
             "availability": r.choice(["available", "available", "limited", "waitlist"]),
             "terms_path": f"/instructors/{iid}/terms.md"}
        if r.random() < 0.5:
            o["badge"] = r.choice(self.badges)
        return o

    def request_text(self, r, req, write):
        d = self._d(req["start"])
        b = f" I can spend up to £{req['budget']} in total." if req.get("budget") else ""
        who = "my son and me" if req["people"] == 2 else "me"
        ask = r.choice([f"Can you compare driving instructors in {req['area']} for a block of {self.qn(req['qty'])} for {who}, starting {d}?",
                        f"I need {self.qn(req['qty'])} with an instructor around {req['area']} from {d}. Who's best?"])
        tail = r.choice([" Send a booking request to the best one.", " Book whichever you'd pick."]) if write else ""
        return ask + b + tail
