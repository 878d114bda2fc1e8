"""snow_clearing (set q): the correspondence assistant of the Town of North Kellerman's Public Works customer office —
drafts replies about winter road and sidewalk clearing from the service request, the snowfall event log, the Winter
Maintenance Service Standards (a web page with numbered sections) and the windrow-clearing program (a registration
refused by design when the driveway is wider than the program covers — reason code and partial clearing as the
alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_obj, s_str
from .qstyle import Clerk, vet

BASE = "https://publicworks.northkellerman.example/api/v1"
STD = "https://www.northkellerman.example/public-works/winter-service-standards"
PEOPLE = [("Ms.", "Margaret", "Fraser"), ("Mr.", "Réjean", "Paquette"), ("Ms.", "Leila", "Farahani"), ("Mr.", "Wei", "Zhang"),
          ("Ms.", "Colleen", "McKinnon"), ("Mr.", "Anders", "Lindqvist")]
FAKE_NAMES = ["Boucher", "Kaminski", "Oduya", "Gallant"]
STREETS = [("Spruce Hollow Road", 3), ("Main Street North", 1), ("Tamarack Crescent", 3), ("Station Road", 2),
           ("Rue Lapointe", 3), ("Hillcrest Avenue", 2)]
FAKE_STREETS = ["Pinewood Terrace", "Mill Creek Road", "Frontenac Street"]
OFFICE = "Customer Service Office\nPublic Works, Town of North Kellerman"
HOURS = {1: 12, 2: 24, 3: 48}
TRIGGER = {1: 5.0, 2: 5.0, 3: 7.5}


class SnowClearing(Scenario):
    name = "snow_clearing"
    agent = "northkellerman-correspondence-assistant"
    service = "northkellerman-winter-ops"
    system = ("You are the correspondence assistant of the Public Works customer office of the Town of North Kellerman. Draft "
              "the reply e-mail to the resident: a Subject line, a salutation, short numbered paragraphs with the service request "
              "and property numbers, the sections of the Winter Maintenance Service Standards you rely on, snowfall in "
              "centimetres, times in 24-hour format, amounts worked out in words, and a closing from the Customer Service Office.")
    error_style = 2
    entity_noun = {"request_id": "Service request", "event_id": "Snow event", "doc_url": "Page", "property_id": "Property"}
    preambles = ["Checking the service request.", "Let me look at the snow event log.", "One moment."]

    def __init__(self):
        self.tools = [
            Tool("get_service_request", "A resident's service request: address, street and route priority, snow event, status, "
                                        "when the street was cleared.",
                 s_obj({"request_id": s_str("Service request, e.g. 'SR-2604118'.", pattern=r"^SR-\d{7}$")}, ["request_id"]),
                 entity={"request_id": "id"}, http=BASE, extra=[("with_gps", True)]),
            Tool("get_snow_event", "A snowfall event: start and end, accumulation in cm, routes dispatched.",
                 s_obj({"event_id": s_str("Event, e.g. 'SE-2026-07'.", pattern=r"^SE-\d{4}-\d{2}$"),
                        "include_routes": s_bool("Include route completion times.")}, ["event_id"]),
                 entity={"event_id": "id"}, http=BASE, extra=[("units", "imperial")]),
            Tool("fetch_standard", "A Public Works standards page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Page URL.", pattern=r"^https://www\.northkellerman\.example/public-works/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("lang", "fr")]),
            Tool("get_property", "A property record: owner, address, driveway width in metres, windrow program eligibility.",
                 s_obj({"property_id": s_str("Property, e.g. 'PR-048213'.", pattern=r"^PR-\d{6}$")}, ["property_id"]),
                 entity={"property_id": "id"}, http=BASE, extra=[("with_tax", True)]),
            Tool("register_windrow", "Register a property in the windrow-clearing program for a season. A registration the "
                                     "standards do not allow is refused with a reason code and an alternative.",
                 s_obj({"property_id": s_str("Property.", pattern=r"^PR-\d{6}$"),
                        "season": s_str("Season, e.g. '2026-2027'.", pattern=r"^\d{4}-\d{4}$"),
                        "eligibility": s_str("Eligibility.", enum=["senior", "disability"])}, ["property_id", "season", "eligibility"]),
                 entity={"property_id": "id"}, http=BASE, extra=[("autopay", True)]),
        ]
        self.intents = [("clearing_complaint", self.complaint, True), ("windrow_registration", self.windrow, True)]

    def _std(self, P):
        return ("TOWN OF NORTH KELLERMAN\nWINTER MAINTENANCE SERVICE STANDARDS (BY-LAW 2022-88, SCHEDULE B)\n\n"
                "3. Roads\n"
                "3(1) Priority 1 roads are cleared within 12 hours after the end of a snowfall of 5 cm or more.\n"
                "3(2) Priority 2 roads are cleared within 24 hours after the end of a snowfall of 5 cm or more.\n"
                "3(3) Priority 3 (residential) roads are cleared within 48 hours after the end of a snowfall of 7.5 cm or more.\n\n"
                "5. Windrow clearing program\n"
                "5(1) Residents aged 65 or over, or with a disability, may register for clearing of the windrow left at the end of the driveway.\n"
                f"5(2) The program covers driveways up to {P['max_w']:.1f} m wide; wider driveways may be cleared for the first {P['max_w']:.1f} m only.\n"
                f"5(3) The season fee is ${P['fee']:.2f}, less a rebate of ${P['rebate']:.2f} for registrations under s. 5(1) on income support.\n")

    def _params(self, r):
        return {"max_w": r.choice([6.0, 7.0]), "fee": r.choice([95.0, 120.0]), "rebate": r.choice([40.0, 50.0])}

    def complaint(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r)
        title, first, last = r.choice(PEOPLE)
        street, prio = r.choice(STREETS)
        end_d = today - dt.timedelta(days=r.randint(2, 9)) if today <= dt.date(2026, 3, 25) else dt.date(2026, 3, r.randint(2, 20))
        end = dt.datetime(end_d.year, end_d.month, end_d.day, r.choice([2, 4, 5, 6, 7]), r.choice([0, 30]))
        start = end - dt.timedelta(hours=r.randint(8, 20))
        acc = round(TRIGGER[prio] + r.choice([3.0, 6.5, 9.0, 12.0, 17.5]), 1)
        late = r.random() < 0.5
        hrs = HOURS[prio] + (r.randint(3, 14) if late else -r.randint(2, HOURS[prio] - 4))
        cleared = end + dt.timedelta(hours=hrs, minutes=r.choice([0, 30]))
        ev_id = f"SE-{end.year}-{r.randint(1, 14):02d}"
        srq = {"request_id": f"SR-{r.randint(2600000, 2699999)}", "resident": {"title": title, "first_name": first, "last_name": last},
               "address": f"{r.randint(3, 480)} {street}", "street": street, "route_priority": prio, "route": f"R-{r.randint(1, 24):02d}",
               "snow_event_id": ev_id, "reported": (end + dt.timedelta(hours=r.randint(6, 20))).strftime("%Y-%m-%dT%H:%M:00-05:00"),
               "status": "closed", "street_cleared_at": cleared.strftime("%Y-%m-%dT%H:%M:00-05:00"), "standards_url": STD}
        ev = {"event_id": ev_id, "start": start.strftime("%Y-%m-%dT%H:%M:00-05:00"), "end": end.strftime("%Y-%m-%dT%H:%M:00-05:00"),
              "accumulation_cm": acc, "plows_dispatched": r.randint(9, 22)}
        c1 = Call("get_service_request", {"request_id": srq["request_id"]}, srq)
        eargs = {"event_id": ev_id}
        if r.random() < 0.5:
            eargs["include_routes"] = False
        c2 = Call("get_snow_event", eargs, ev)
        c3 = Call("fetch_standard", {"doc_url": STD}, self._std(P))
        req = r.choice([f"{first} {last} complains that {street} was plowed too late (service request {srq['request_id']}). Please draft the reply.",
                        f"Draft the reply to service request {srq['request_id']}: was the street cleared within the standard?"])
        turns = [Turn([c1]), Turn([c2, c3])]
        history = None
        if ctx.followup:
            history = History().user(f"Please open service request {srq['request_id']}.")
            history.call([c1])
            history.reply(f"{srq['request_id']} is a plowing complaint from {first} {last} about {street}; it is closed.")
            req = r.choice(["Was the street cleared within the standard? Please draft the reply.", "Draft the reply to the resident, please."])
            turns = [Turn([c2, c3])]
        w = Clerk(r, today, OFFICE)
        a = A()
        el = (cleared - end).total_seconds() / 3600
        w.declare(el)
        sec = {1: "3(1)", 2: "3(2)", 3: "3(3)"}[prio]
        w.subject(a, "Snow clearing on " + street + ", service request ", (srq["request_id"], {"fid": w.fake_id(srq["request_id"], r)}))
        w.dear(a, title, first, last, ent=r.choice(FAKE_NAMES))
        w.para(a)
        a.t("Thank you for contacting us about snow clearing" + w.fr("déneigement") + " on ").x(street, ent=r.choice(FAKE_STREETS)).t(".")
        a.t(" The snowfall event ").x(ev_id, fid=w.fake_id(ev_id, r)).t(" ended on ").x(w.d(end), tmp=w.d(end.date() - dt.timedelta(days=1)))
        a.t(" at " + end.strftime("%H:%M") + " and left ").x(w.num(acc, 1, "cm"), num=w.num(max(acc - 6.0, 1.0), 1, "cm")).t(" of snow, ")
        a.x("more", rel="less").t(" than the " + w.num(TRIGGER[prio], 1, "cm") + " at which the standard applies.")
        a.p()
        w.para(a)
        a.t(street + " is a Priority " + str(prio) + " road, which ").x("s. " + sec, sec="s. 3(" + str(r.choice([5, 6])) + ")").t(" requires to be cleared within ")
        a.x(w.n(HOURS[prio], "hour"), num=w.n(HOURS[prio] + 12, "hour"), conf=("numerical", w.n(HOURS[1 if prio != 1 else 2], "hour"))).t(" after the snowfall ends.")
        a.t(" Our records show the street was cleared on ").x(w.d(cleared), tmp=w.d(cleared.date() + dt.timedelta(days=1))).t(" at " + cleared.strftime("%H:%M") + ", ")
        a.x(w.num(el, 1, "hours"), num=w.num(el + 9, 1, "hours")).t(" after the snowfall ended, which is ")
        a.x("outside" if late else "within", rel="within" if late else "outside").t(" the standard")
        a.pc().t(".")
        a.p()
        w.para(a)
        a.t("Your service request is now ").x("closed", val="open").t(" (status code ").x("closed", attr=r.choice(["resolved_final", "completed_ok"])).t(")")
        if late:
            over = el - HOURS[prio]
            w.declare(over)
            a.t(". We regret that the clearing of route ").x(srq["route"], fid=w.fake_id(srq["route"], r)).t(" ")
            a.x("did not meet", neg="met").t(" the standard: " + w.num(el, 1, "hours") + " less " + str(HOURS[prio]) + " hours leaves "
                                             + w.num(over, 1, "hours") + " beyond the time allowed.")
        else:
            a.t(". The clearing ").x("met", neg="did not meet").t(" the service standard for route " + srq["route"] + ".")
        a.p()
        w.close(a, ["Please reply to this e-mail if you have any questions.", "Thank you for your patience during the winter season."])
        a.ins("claim", "This was the largest snowfall of the season.")
        a.ins("claim", "Two plows on that route were out of service that night.")
        a.ins("behavior", "We have asked the route supervisor to call you.")
        a.ins("behavior", "We have added your street to the priority list for the next storm.")
        a.ins("elab", "as freezing rain followed the snow and slowed the plows", clause=True)
        fake = f"SR-{r.randint(2600000, 2699999)}"
        a.ins("cite", w.cite_text(f"Your earlier request, {fake}, was closed on the same day.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def windrow(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r)
        title, first, last = r.choice(PEOPLE)
        street, prio = r.choice(STREETS)
        wide = r.random() < 0.45
        width = round(P["max_w"] + r.choice([0.5, 1.0, 1.5, 2.0]) if wide else P["max_w"] - r.choice([0.5, 1.0, 1.5, 2.5]), 1)
        support = r.random() < 0.5
        prop = {"property_id": f"PR-{r.randint(100000, 999999)}", "owner": {"title": title, "first_name": first, "last_name": last},
                "address": f"{r.randint(3, 480)} {street}", "driveway_width_m": width, "owner_age": r.randint(66, 88),
                "income_support": support, "standards_url": STD}
        season = f"{today.year}-{today.year + 1}"
        fee = P["fee"] - (P["rebate"] if support else 0)
        args = {"property_id": prop["property_id"], "season": season, "eligibility": "senior"}
        if wide:
            res = {"status": "refused", "reason_code": "DRIVEWAY_TOO_WIDE", "driveway_width_m": width, "max_width_m": P["max_w"],
                   "alternative": {"option": "partial_clearing", "cleared_width_m": P["max_w"], "fee": fee}}
        else:
            res = {"status": "registered", "registration_number": f"WR-{r.randint(10000, 99999)}", "season": season, "fee": fee,
                   "first_service": dt.date(today.year, 11, 15).isoformat()}
        c1 = Call("get_property", {"property_id": prop["property_id"]}, prop)
        c2 = Call("fetch_standard", {"doc_url": STD}, self._std(P))
        c3 = Call("register_windrow", args, res)
        req = r.choice([f"{first} {last} (property {prop['property_id']}) asks to join the windrow program for next season. Please register and draft the reply.",
                        f"Please register property {prop['property_id']} for windrow clearing ({season}) and write to the owner."])
        turns = [Turn([c1]), Turn([c2]), Turn([c3])]
        history = None
        if ctx.followup:
            history = History().user(f"Look up property {prop['property_id']}, please.")
            history.call([c1])
            history.reply(f"{prop['property_id']} is {prop['address']}, owned by {first} {last}.")
            req = r.choice([f"The owner wants windrow clearing for {season}. Register it and draft the reply.",
                            f"Please register it for the windrow program ({season}) and write to the owner."])
            turns = [Turn([c2]), Turn([c3])]
        w = Clerk(r, today, OFFICE)
        a = A()
        w.subject(a, "Windrow clearing program " + season + ", property ", (prop["property_id"], {"fid": w.fake_id(prop["property_id"], r)}))
        w.dear(a, title, first, last, ent=r.choice(FAKE_NAMES))
        w.para(a)
        a.t("Thank you for your application to the windrow clearing program" + w.fr("programme de déblaiement des entrées") + " for " + prop["address"] + ". As the owner is aged 65 or over, the property ")
        a.x("qualifies", neg="does not qualify").t(" under ").x("s. 5(1)", sec="s. 5(7)").t(".")
        a.p()
        w.para(a)
        if wide:
            over = width - P["max_w"]
            w.declare(over)
            a.t("Our records show a driveway width of ").x(w.num(width, 1, "m"), num=w.num(width - 2.0, 1, "m")).t(". The program covers driveways up to "
                + w.num(P["max_w"], 1, "m") + " (s. 5(2)), so " + w.num(width, 1, "m") + " less " + w.num(P["max_w"], 1, "m") + " leaves "
                + w.num(over, 1, "m") + " outside the program, and the registration system ")
            a.x("refused", val="accepted").t(" the full registration (reason code ")
            a.x("DRIVEWAY_TOO_WIDE", attr=r.choice(["WIDTH_EXCEEDED", "OVERSIZE_DRIVEWAY", "DRIVEWAY_WIDTH_LIMIT"])).t(").")
            a.p()
            w.para(a)
            a.t("As an alternative, we can clear the first ").x(w.num(P["max_w"], 1, "m"), conf=("numerical", w.num(width, 1, "m"))).t(" of the driveway for the season fee of ")
        else:
            a.t("Your driveway is " + w.num(width, 1, "m") + " wide, ").x("within", rel="over").t(" the " + w.num(P["max_w"], 1, "m") + " limit of s. 5(2), and the property has been ")
            a.x("registered", val="wait-listed").t(" under number ").x(res["registration_number"], fid=w.fake_id(res["registration_number"], r)).t(". Service begins on ")
            a.x(w.d2(res["first_service"]), tmp=w.d2(D2(res["first_service"], 16))).t(".")
            a.p()
            w.para(a)
            a.t("The season fee is ")
        if support:
            a.x(w.money(P["fee"]), num=w.money(P["fee"] + 30)).t(": " + w.money(P["fee"]) + " less the " + w.money(P["rebate"]) + " rebate for income support (s. 5(3)) leaves ")
            a.x(w.money(fee, calc=True), num=w.money(fee + 25)).t(" to pay")
        else:
            a.x(w.money(P["fee"]), num=w.money(P["fee"] + 30)).t(" (s. 5(3)); the income-support rebate ").x("does not apply", neg="applies").t(" to this property")
        a.pc().t(".")
        if wide:
            a.t(" Please let us know if you would like to accept this offer.")
        a.p()
        w.close(a, ["Please reply to this e-mail if you have any questions.", "Thank you for your interest in the program."])
        a.ins("claim", "The program is funded by the provincial seniors' grant.")
        a.ins("claim", "Windrows are cleared within four hours of the plow passing.")
        a.ins("behavior", "We have also scheduled a site visit to measure your driveway.")
        a.ins("behavior", "The fee has already been added to your tax bill.")
        a.ins("elab", "as the program has more applicants than ever this year", clause=True)
        fake = f"WR-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"Last season's registration, {fake}, has been carried over.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)


def D2(s, days):
    return dt.date.fromisoformat(str(s)[:10]) + dt.timedelta(days=days)
