"""language_tutors (set y): the assistant of Lingofy, a UK marketplace for online language tutors — a search for tutors
of a language for a package of lessons (3-6 tutors: price per lesson, one-off platform fee, rating and review count,
reply time, years of teaching, native speaker / exam prep / free trial flags, availability, badge), the tutor's numbered
lesson policy fetched by path, and a lesson-package request (refused by design when the tutor is fully booked or does not
offer the slot — reason code and another tutor as the alternative). Answers compare and recommend (see hgen/ystyle.py)."""
from __future__ import annotations

from .ystyle import Market


class LanguageTutors(Market):
    name = "language_tutors"
    agent = "lingofy-tutor-matcher"
    service = "lingofy-marketplace"
    system = ("You are Lingofy's tutor-matching assistant. Search tutors, read their lesson policies and send package "
              "requests with the tools. Compare tutors on package cost, price per lesson, ratings, reply time, "
              "experience and what they offer, then recommend one. Do not invent tutors, prices or policies.")
    error_style = 2
    preambles = ["Searching tutors.", "Let me find tutors for that language."]
    cur, zone = "GBP", "Europe/London"
    noun, noun_pl = "tutor", "tutors"
    unit, unit_pl = "lesson", "lessons"
    price_key, fee_key, fee_label = "price_per_lesson", "platform_fee", "platform fee"
    dist_key, dist_fmt, dist_head = "reply_hours", "replies within {} h", "reply h"
    dist_word = ("quickest to reply", "slowest to reply")
    dist_verb, pron = "", None
    cap_key, cap_word, people_word = "years_teaching", "years", "learners"
    cap_words, cap_tail = ("most experienced", "least experienced"), " of the {n}, with {v} {w} of teaching."
    cap_ratio, cap_bullet = "the teaching experience", ", {} {w} teaching"
    flags = [("native_speaker", "is a native speaker", "isn't a native speaker", "native", "are native speakers"),
             ("exam_prep", "offers exam prep", "doesn't do exam prep", "exam prep", "offer exam prep"),
             ("free_trial", "offers a free trial lesson", "has no free trial", "free trial", "offer a free trial lesson")]
    badges = ["Top Rated", "Certified Teacher", "Rising Star"]
    fake_badges = ["Gold Tutor", "Polyglot Pro"]
    names = ["Marta Ruiz", "Jean-Luc Morel", "Aiko Tanaka", "Giulia Conti", "Hannah Weber", "Rafael Souza",
             "Chloé Martin", "Yuki Sato"]
    fake_names = ["Elena Petrova", "Tomás Ibarra"]
    id_key, id_pat = "tutor_id", r"^TU-[A-Z]{2}\d{4}$"
    areas = ["Spanish", "French", "Japanese", "Italian", "German", "Portuguese"]
    qtys, peoples = [4, 5, 8, 10, 12], [1, 1, 2]
    qty_key, people_key, qty_desc, people_desc = "lessons", "learners", "Lessons in the package.", "Learners per lesson."
    qty_range, people_range = (1, 50), (1, 4)
    search_tool, search_args = "search_tutors", ("language", "Language to learn.")
    search_desc = "Search online tutors of a language for a lesson package starting on a date."
    terms_tool, terms_arg, terms_kind = "read_lesson_policy", "policy_path", "path"
    terms_pat = r"^/tutors/.+\.md$"
    terms_desc = "A tutor's numbered lesson policy (Markdown)."
    write_tool, write_status, hold_key, hold_prefix = "request_package", "requested", "request_id", "LQ"
    write_desc = "Request a lesson package from a tutor. Refused with a reason code and an alternative tutor when not possible."
    reason_codes = ["TUTOR_FULLY_BOOKED", "SLOT_NOT_OFFERED"]
    fake_codes = ["TUTOR_INACTIVE", "PACKAGE_LOCKED"]
    refuse_msg = "The tutor cannot take this package."
    done_word = ("sent a package request to", "book")
    base = "https://api.lingofy.example/v2"
    terms_title = "# Lesson policy"
    terms_general = "Lessons take place on the Lingofy video classroom."
    terms_extra = "Unused lessons in a package expire after six months."
    cancel_tpl = "Lessons cancelled at least {h} hours before the start are not charged."
    deposit_tpl = "{p}% of the package price is paid upfront when the tutor accepts."
    event_word = "the lesson"
    claims_pool = ["{name} also teaches business vocabulary.", "{name} has a waiting list for evening slots."]
    elabs = ["because evening slots fill up fast", "since the lessons follow the CEFR levels"]
    cite_prefix = "TR"
    entity_noun = {"tutor_id": "Tutor", "policy_path": "File"}
    followups = ["Which of them would you pick, and what's their cancellation policy?",
                 "Compare them and check the policy of the best one."]
    followups_write = ["Send a request to the one you'd pick.", "Compare them and book the best tutor."]

    def __init__(self):
        self.tools = self.make_tools()
        self.intents = [("compare_tutors", self.compare, True), ("request_package", self.book, True)]

    def status_word(self, s):
        return {"requested": "waiting for the tutor to accept", "confirmed": "confirmed"}[s]

    def other_status(self, s):
        return "confirmed"

    def opt(self, r, today, req, name, i):
        tid = f"TU-{r.choice(['ES', 'FR', 'JP', 'IT', 'DE', 'PT'])}{r.randint(1000, 9999)}"
        o = {"tutor_id": tid, "name": name, "price_per_lesson": r.choice([18, 20, 22, 24, 25, 28, 30, 32, 35, 38, 42, 45, 55]),
             "platform_fee": r.choice([5, 6, 8, 9.5, 12, 15]),
             "rating": round(r.uniform(4.0, 5.0), 1), "reviews": r.randint(4, 380),
             "reply_hours": r.randint(1, 24), "years_teaching": r.randint(1, 18),
             "native_speaker": r.random() < 0.6, "exam_prep": r.random() < 0.5, "free_trial": r.random() < 0.4,
             "availability": r.choice(["available", "available", "limited", "waitlist"]),
             "policy_path": f"/tutors/{tid}/policy.md"}
        if r.random() < 0.5:
            o["badge"] = r.choice(self.badges)
        return o

    def request_text(self, r, req, write):
        d = self._d(req["start"])
        b = f" I'd rather keep the package under £{req['budget']}." if req.get("budget") else ""
        who = "my partner and me" if req["people"] == 2 else "me"
        ask = r.choice([f"Find me {req['area']} tutors for a package of {self.qn(req['qty'])} for {who}, starting {d}.",
                        f"Compare {req['area']} tutors: {self.qn(req['qty'])}, starting {d}, for {who}."])
        tail = r.choice([" Send a request to the best one.", " Book whoever you'd pick."]) if write else ""
        return ask + b + tail
