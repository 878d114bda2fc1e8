"""park_bookings (set q): the correspondence assistant of the Ville de Sainte-Colombe's Parks & Recreation permits desk
(a bilingual Quebec town) — drafts replies about picnic-shelter, pavilion and sports-field rentals from the booking
record, the facility search, the Park Facility Rental Rules (a plain-text file fetched by path, numbered sections) and the
booking system (a booking refused by design when the group exceeds the facility's capacity — reason code and a larger
facility as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .qstyle import Clerk, vet

BASE = "https://loisirs.sainte-colombe.example/api/v1"
RULES = "/docs/parks/facility-rental-rules-2025-09.txt"
PEOPLE = [("Ms.", "Nathalie", "Bélanger"), ("Mr.", "Samuel", "Okonkwo"), ("Ms.", "Marie-Ève", "Gauthier"), ("Mr.", "David", "Lefebvre"),
          ("Ms.", "Anjali", "Kapoor"), ("Mr.", "Patrick", "Doucet")]
FAKE_NAMES = ["Thériault", "Morrison", "Ouellet", "Szabo"]
FACILITIES = [("PV-101", "Pavillon Riverain", "Parc de la Rivière", 80, 42.50), ("PV-102", "Grand Pavillon", "Parc Central", 150, 65.00),
              ("SH-201", "Abri pique-nique Nord", "Parc des Érables", 40, 22.00), ("SH-202", "Abri pique-nique Sud", "Parc des Érables", 40, 22.00),
              ("FD-301", "Terrain de soccer 1", "Complexe sportif Lachance", 60, 35.00)]
FAKE_FAC = ["Pavillon du Lac", "Abri des Pins", "Chalet du Parc Ouest"]
KIND = {"PV": "pavilion", "SH": "picnic_shelter", "FD": "sports_field"}
FAKE_KIND = {"PV": "event_pavilion", "SH": "picnic_area", "FD": "soccer_pitch"}
OFFICE = "Customer Service Office\nParks & Recreation (Parcs et loisirs), Ville de Sainte-Colombe"


class ParkBookings(Scenario):
    name = "park_bookings"
    agent = "stecolombe-correspondence-assistant"
    service = "stecolombe-park-permits"
    system = ("You are the correspondence assistant of the Parks & Recreation permits desk of the Ville de Sainte-Colombe. "
              "Draft the reply e-mail to the resident or group in English: a Subject line, a salutation, short numbered "
              "paragraphs with the booking and facility numbers, the sections of the Park Facility Rental Rules you rely on, "
              "amounts and refunds worked out in words, and a closing from the Customer Service Office.")
    error_style = 0
    entity_noun = {"booking_number": "Booking", "file_path": "File", "facility_id": "Facility"}
    preambles = ["Let me check the booking.", "Checking the facility calendar.", "One moment while I look at the rules."]

    def __init__(self):
        self.tools = [
            Tool("get_booking", "A facility booking: renter, facility, date and times, hours, rate, deposit, amount paid, status.",
                 s_obj({"booking_number": s_str("Booking, e.g. 'BK-204118'.", pattern=r"^BK-\d{6}$")}, ["booking_number"]),
                 entity={"booking_number": "id"}, http=BASE, extra=[("lang", "fr")]),
            Tool("read_rules", "A Parks & Recreation rules file (plain text, numbered sections).",
                 s_obj({"file_path": s_str("Path, e.g. '/docs/parks/facility-rental-rules-2025-09.txt'.", pattern=r"^/docs/parks/[a-z0-9-]+\.txt$")},
                       ["file_path"]),
                 entity={"file_path": "path"}, http=BASE, extra=[("format", "pdf")]),
            Tool("search_facilities", "Bookable park facilities on a date, with capacity, hourly rate and free time slots.",
                 s_obj({"date": s_date("Date, YYYY-MM-DD."), "min_capacity": s_int("Smallest capacity needed.", 1, 500),
                        "kind": s_str("Facility kind.", enum=["pavilion", "picnic_shelter", "sports_field", "any"])}, ["date"]),
                 http=BASE, extra=[("include_closed", True)]),
            Tool("cancel_booking", "Cancel a booking; returns the refund worked out under the rental rules.",
                 s_obj({"booking_number": s_str("Booking.", pattern=r"^BK-\d{6}$"),
                        "reason": s_str("Reason.", enum=["renter_request", "weather", "park_closure"])}, ["booking_number", "reason"]),
                 entity={"booking_number": "id"}, http=BASE, extra=[("waive_fee", True)]),
            Tool("book_facility", "Book a facility. A booking the rules do not allow is refused with a reason code and an alternative.",
                 s_obj({"facility_id": s_str("Facility, e.g. 'PV-101'.", pattern=r"^[A-Z]{2}-\d{3}$"), "date": s_date("Date, YYYY-MM-DD."),
                        "start_time": s_str("Start, HH:MM.", pattern=r"^\d{2}:\d{2}$"), "hours": s_int("Hours.", 1, 10),
                        "attendees": s_int("Expected attendees.", 1, 500)},
                       ["facility_id", "date", "start_time", "hours", "attendees"]),
                 entity={"facility_id": "id"}, http=BASE, extra=[("alcohol", True)]),
        ]
        self.intents = [("cancellation_refund", self.refund, True), ("new_booking", self.book, True)]

    def _rules(self, P):
        return ("VILLE DE SAINTE-COLOMBE\nPARK FACILITY RENTAL RULES (RÈGLEMENT 2025-09)\n\n"
                "2. Fees\n"
                "2(1) Rental is charged per hour at the rate posted for each facility.\n"
                f"2(2) A refundable damage deposit of ${P['deposit']:.2f} is payable with every booking.\n\n"
                "4. Cancellation\n"
                f"4(1) A booking cancelled at least {P['notice']} days before the rental date is refunded in full, less an "
                f"administration fee of ${P['admin']:.2f}.\n"
                f"4(2) A booking cancelled less than {P['notice']} days before the rental date is refunded the damage deposit only.\n\n"
                "5. Capacity\n"
                "5(1) The number of attendees may not exceed the posted capacity of the facility.\n")

    def _params(self, r):
        return {"deposit": r.choice([100.0, 150.0]), "notice": r.choice([14, 21]), "admin": r.choice([25.0, 30.0])}

    def _person(self, r):
        return r.choice(PEOPLE)

    def refund(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r)
        title, first, last = self._person(r)
        fid, fname, park, cap, rate = r.choice(FACILITIES)
        early = r.random() < 0.5
        date = today + dt.timedelta(days=r.randint(P["notice"] + 2, P["notice"] + 40) if early else r.randint(2, P["notice"] - 2))
        hours = r.randint(3, 6)
        start = r.choice([10, 11, 12, 13])
        rental = hours * rate
        paid = rental + P["deposit"]
        bk = {"booking_number": f"BK-{r.randint(100000, 999999)}", "renter": {"title": title, "first_name": first, "last_name": last},
              "facility_id": fid, "facility": fname, "facility_kind": KIND[fid[:2]], "park": park, "date": date.isoformat(), "start_time": f"{start:02d}:00",
              "end_time": f"{start + hours:02d}:00", "hours": hours, "hourly_rate": rate, "rental_fee": rental,
              "deposit": P["deposit"], "amount_paid": paid, "status": "confirmed", "rules_file": RULES}
        cb = Call("get_booking", {"booking_number": bk["booking_number"]}, bk)
        cr = Call("read_rules", {"file_path": RULES}, self._rules(P))
        refund = paid - P["admin"] if early else P["deposit"]
        cc = Call("cancel_booking", {"booking_number": bk["booking_number"], "reason": "renter_request"},
                  {"status": "cancelled", "booking_number": bk["booking_number"], "received": today.isoformat(),
                   "refund_amount": refund, "refund_to": "original_payment_method"})
        req = r.choice([f"{first} {last} wants to cancel booking {bk['booking_number']}. Please cancel it and draft the reply with the refund.",
                        f"Please cancel booking {bk['booking_number']} for {first} {last} and draft the reply with the refund."])
        turns = [Turn([cb]), Turn([cr]), Turn([cc])]
        history = None
        if ctx.followup:
            history = History().user(f"Can you look up booking {bk['booking_number']}?")
            history.call([cb])
            history.reply(f"Booking {bk['booking_number']} is {fname} in {park} on {date.isoformat()}, confirmed.")
            req = r.choice(["The renter wants to cancel it. Please cancel it and draft the reply with the refund.",
                            "They are cancelling — please cancel it and draft the reply with the refund."])
            turns = [Turn([cr]), Turn([cc])]
        days = (date - today).days
        w = Clerk(r, today, OFFICE)
        w.declare(days)
        a = A()
        w.subject(a, "Cancellation of booking ", (bk["booking_number"], {"fid": w.fake_id(bk["booking_number"], r)}))
        w.dear(a, title, first, last, ent=r.choice(FAKE_NAMES))
        w.para(a)
        a.t("We acknowledge your request to cancel the rental of ").x(fname, ent=r.choice(FAKE_FAC)).t(" (" + fid + ") in " + park + " on ")
        a.x(w.d(date, wd=w.dstyle == "long"), tmp=w.d(date + dt.timedelta(days=7))).t(", from " + bk["start_time"] + " to " + bk["end_time"] + ".")
        a.p()
        w.para(a)
        a.t("You paid ").x(w.money(paid), num=w.money(paid + 40)).t(": ").x(w.n(hours, "hour"), num=w.n(hours + 2, "hour")).t(" at " + w.money(rate, cents=True)
            + " per hour comes to " + w.money(rental, cents=True) + ", plus the damage deposit" + w.fr("dépôt de garantie") + " of ")
        a.x(w.money(P["deposit"]), conf=("numerical", w.money(P["admin"]))).t(" (s. 2(2)).")
        w.para(a)
        a.t("Your request was received on " + w.d2(today) + ", " + w.n(days, "day") + " before the rental date, which is ")
        if early:
            refund = paid - P["admin"]
            a.x("more than", rel="less than").t(" the " + str(P["notice"]) + " days' notice required by ")
            a.x("s. 4(1)", sec="s. 4(5)").t(". The booking is therefore refunded in full less the administration fee: " + w.money(paid)
                                            + " less the " + w.money(P["admin"]) + " fee leaves ")
        else:
            refund = P["deposit"]
            a.x("less than", rel="more than").t(" the " + str(P["notice"]) + " days' notice required by s. 4(1). Under ")
            a.x("s. 4(2)", sec="s. 4(6)").t(", only the damage deposit is refunded: " + w.money(paid) + " less the "
                                            + w.money(rental) + " rental fee leaves ")
        a.x(w.money(refund, calc=True), num=w.money(refund + 35)).t(" to be refunded")
        a.pc().t(".")
        a.p()
        w.para(a)
        a.t("The booking status is now shown as ").x("cancelled", val="confirmed").t(" in our records, and the refund ")
        a.x("will be", neg="will not be").t(" issued to the original method of payment.")
        a.t(" The facility is listed with type code ").x(KIND[fid[:2]], attr=FAKE_KIND[fid[:2]]).t(".")
        w.close(a, ["We hope to welcome you to our parks another time.", "Please reply to this e-mail if you have any questions."])
        a.ins("claim", "The facility has already been rebooked by another group.")
        a.ins("claim", "Refunds usually reach your account within two business days.")
        a.ins("behavior", "We have also cancelled the portable toilet rental you ordered.")
        a.ins("behavior", "We have informed the park attendant of the cancellation.")
        a.ins("elab", "as the park will be closed for maintenance that week", clause=True)
        fake = f"RF-{today.year}-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"The refund is processed under reference {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r)
        title, first, last = self._person(r)
        date = today + dt.timedelta(days=r.randint(10, 60))
        facs = r.sample(FACILITIES, 3)
        facs.sort(key=lambda f: f[3])
        want = facs[0]
        too_many = r.random() < 0.45
        attendees = want[3] + r.randint(10, 30) if too_many else want[3] - r.randint(5, 20)
        alt = next((f for f in facs if f[3] >= attendees and f is not want), None)
        if too_many and alt is None:
            too_many = False
            attendees = want[3] - 10
        hours = r.randint(3, 6)
        start = r.choice([10, 11, 12, 13])
        sres = {"date": date.isoformat(), "facilities": [{"facility_id": f[0], "name": f[1], "kind": KIND[f[0][:2]], "park": f[2], "capacity": f[3],
                                                          "hourly_rate": f[4], "free_slots": ["09:00-17:00"]} for f in facs]}
        args_s = {"date": date.isoformat()}
        if r.random() < 0.5:
            args_s["kind"] = "any"
        cs = Call("search_facilities", args_s, sres)
        args = {"facility_id": want[0], "date": date.isoformat(), "start_time": f"{start:02d}:00", "hours": hours, "attendees": attendees}
        if too_many:
            res = {"status": "refused", "reason_code": "CAPACITY_EXCEEDED", "facility_id": want[0], "capacity": want[3],
                   "alternative": {"facility_id": alt[0], "name": alt[1], "capacity": alt[3], "available": True}}
            fac = alt
        else:
            fac = want
            res = {"status": "confirmed", "booking_number": f"BK-{r.randint(100000, 999999)}", "facility_id": want[0],
                   "date": date.isoformat(), "start_time": f"{start:02d}:00", "end_time": f"{start + hours:02d}:00",
                   "rental_fee": hours * want[4], "deposit": P["deposit"], "total_due": hours * want[4] + P["deposit"],
                   "payment_due": (today + dt.timedelta(days=7)).isoformat()}
        cb = Call("book_facility", args, res)
        cr = Call("read_rules", {"file_path": RULES}, self._rules(P))
        sres["rules_file"] = RULES
        req = r.choice([f"{first} {last} would like to book {want[1]} on {date.isoformat()} from {start:02d}:00 for {hours} hours, for "
                        f"{attendees} people. Please book it and draft the reply.",
                        f"Please book {want[1]} for {first} {last} on {date.isoformat()}, {start:02d}:00, {hours} hours, {attendees} guests, and write back."])
        turns = [Turn([cs]), Turn([cb]), Turn([cr])]
        history = None
        if ctx.followup:
            history = History().user(f"What park facilities are free on {date.isoformat()}?")
            history.call([cs])
            history.reply(f"{len(facs)} facilities are free that day: " + ", ".join(f[1] for f in facs) + ".")
            req = r.choice([f"Please book {want[1]} for {first} {last}, {start:02d}:00 for {hours} hours, {attendees} people, and draft the reply.",
                            f"{first} {last} wants {want[1]} from {start:02d}:00 for {hours} hours for {attendees} guests. Book it and write back."])
            turns = [Turn([cb]), Turn([cr])]
        w = Clerk(r, today, OFFICE)
        a = A()
        w.subject(a, "Your request to book " + want[1] + " on " + w.d(date))
        w.dear(a, title, first, last, ent=r.choice(FAKE_NAMES))
        w.para(a)
        a.t("Thank you for your request to book ").x(want[1], ent=r.choice(FAKE_FAC)).t(" (" + want[0] + ") in " + want[2] + " on ")
        a.x(w.d(date), tmp=w.d(date + dt.timedelta(days=7))).t(" from " + f"{start:02d}:00" + " for " + w.n(hours, "hour") + ", for " + w.n(attendees, "guest") + ".")
        a.p()
        w.para(a)
        if too_many:
            a.t("The booking system ").x("refused", val="confirmed").t(" the request (reason code ")
            a.x("CAPACITY_EXCEEDED", attr=r.choice(["OVER_CAPACITY", "GROUP_TOO_LARGE", "MAX_ATTENDEES"])).t("): the facility holds ")
            a.x(w.n(want[3], "person", pl="people"), num=w.n(want[3] + 40, "person", pl="people"), conf=("numerical", w.n(alt[3], "person", pl="people")))
            a.t(", ").x("fewer", rel="more").t(" than your " + w.n(attendees, "guest") + ", and s. 5(1) does not allow the posted capacity to be exceeded.")
            a.p()
            w.para(a)
            a.t("As an alternative, " + alt[1] + " (").x(alt[0], fid=w.fake_id(alt[0], r)).t(") in " + alt[2] + " is ")
            a.x("available", neg="not available").t(" that day and holds " + w.n(alt[3], "person", pl="people") + ", at " + w.money(alt[4], cents=True)
                                                   + " per hour. " + w.n(hours, "hour").capitalize() + " at " + w.money(alt[4], cents=True) + " per hour comes to ")
            a.x(w.money(hours * alt[4], calc=True, cents=True), num=w.money(hours * alt[4] + 30, cents=True)).t(", plus the damage deposit of "
                                                                                                           + w.money(P["deposit"]) + " (s. 2(2))")
            a.pc().t(". Please let us know if you would like us to book it.")
        else:
            rent = hours * want[4]
            a.t("Booking ").x(res["booking_number"], fid=w.fake_id(res["booking_number"], r)).t(w.fr("réservation") + " is ")
            a.x("confirmed", val="pending approval").t(" for " + f"{start:02d}:00" + " to " + res["end_time"] + ". Your group of " + w.n(attendees, "guest")
                                                        + " is ").x("within", rel="above").t(" the facility's capacity of " + w.n(want[3], "person", pl="people") + " (s. 5(1)).")
            a.p()
            w.para(a)
            a.t(w.n(hours, "hour").capitalize() + " at ").x(w.money(want[4], cents=True), conf=("numerical", w.money(facs[1][4], cents=True)) if facs[1][4] != want[4] else None)
            a.t(" per hour comes to " + w.money(rent, cents=True) + ", and " + w.money(rent, cents=True) + " plus the damage deposit of "
                + w.money(P["deposit"]) + " (").x("s. 2(2)", sec="s. 2(5)").t(") comes to ")
            a.x(w.money(res["total_due"], cents=True), num=w.money(res["total_due"] + 50, cents=True)).t(", payable by ")
            a.x(w.d2(res["payment_due"]), tmp=w.d2(D2(res["payment_due"], 14))).t(". The deposit ").x("is", neg="is not").t(" refundable")
            a.pc().t(".")
            a.t(" The facility is listed with type code ").x(KIND[want[0][:2]], attr=FAKE_KIND[want[0][:2]]).t(".")
        a.p()
        w.close(a, ["We look forward to welcoming your group.", "Please reply to this e-mail if you have any questions."])
        a.ins("claim", "Barbecues are permitted at all of our pavilions.")
        a.ins("claim", "The pavilion was renovated last spring.")
        a.ins("behavior", "We have also reserved the parking lot next to the facility for your group.")
        a.ins("behavior", "We have notified the park patrol of your event.")
        a.ins("elab", "as that weekend is usually the busiest of the season", clause=True)
        fake = f"BK-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"Your previous rental, {fake}, is noted on your file.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)


def D2(s, days):
    return dt.date.fromisoformat(str(s)[:10]) + dt.timedelta(days=days)
