"""campground (set l): the phone reservations line of an Ontario provincial-park campground operator (Canadian dollars,
13 % HST, metres and kilometres) — campsites for a stay (available sites that fit the caller's equipment, nightly rate ×
nights plus the reservation fee and HST, the cheapest and the one closest to the beach), a reservation read back (site,
arrival and departure, check-in and check-out times, people and vehicles, what was paid and how it adds up), changing
the dates (the same site unavailable by design and the offered site taken; change fee and the difference in camping
fees with HST) and cancelling under the park policy fetched by path (days before arrival, which clause applies, the
refund less the cancellation fee, the reservation fee kept, the last day for the full refund)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .lstyle import Voice, cap, person, stamp, vet

BASE = "https://api.northwoodsparks.example/reservations/v1"
BRAND = "Northwoods Park Reservations"
AGENT = "Jordan"
ZONE = "ET"
PARKS = {"PRG": "Pine Ridge", "SLK": "Silver Lake", "CDP": "Cedar Point", "LNB": "Loon Bay"}
OTHER_PARKS = ["Maple Hollow", "Granite Falls", "Birch Narrows"]
EQUIP = {"tent": ["non-electrical", "walk-in"], "trailer_rv": ["electrical 30 amp", "electrical 50 amp"],
         "cabin": ["rustic cabin"]}
RATES = {"non-electrical": [39.75, 41.75, 44.25], "walk-in": [36.50, 38.50], "electrical 30 amp": [49.0, 52.0, 54.75],
         "electrical 50 amp": [56.25, 58.25, 61.0], "rustic cabin": [104.0, 112.0, 118.5]}
EQ_WORDS = {"tent": "tent", "trailer_rv": "RV", "cabin": "cabin"}
RES_FEE = 13.0
HST = 13
CHANGE_FEE = 10.5
CANCEL_FEE = 11.5
POLICY = ("# Northwoods Park Reservations - Camping Policy 2026\n\n"
          "## 1. Cancellations\n"
          "1.1 Cancel 3 or more days before the arrival date: camping fees and their HST are refunded, less a "
          "$11.50 cancellation fee.\n"
          "1.2 Cancel less than 3 days before the arrival date: the first night's camping fee and its HST are kept, "
          "as well as the $11.50 cancellation fee; the other nights are refunded with their HST.\n"
          "1.3 No-shows are not refunded.\n"
          "1.4 The reservation fee and its HST are not refundable.\n\n"
          "## 2. Changes\n"
          "2.1 Changes to the dates or the site cost $10.50 per change, plus any difference in camping fees with HST.\n\n"
          "## 3. At the campground\n"
          "3.1 Check-in is from 2:00 PM; check-out is by 11:00 AM.\n"
          "3.2 Quiet hours are 11:00 PM to 7:00 AM.\n"
          "3.3 A site holds up to 6 people and 2 vehicles.\n"
          "3.4 Firewood must be bought within 50 km of the park.\n\n"
          "## 4. Refunds\n"
          "4.1 Refunds go back to the original card within 10 business days.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.5", "2.2", "3.5", "4.2", "5.1"] if s != real])


class Campground(Scenario):
    name = "campground"
    agent = "Jordan"
    service = "northwoods-reservations-line"
    system = ("You are Jordan, the phone assistant of Northwoods Park Reservations (Ontario). Everything you say is read "
              "aloud by text-to-speech, so write plain spoken sentences with no formatting. Use the tools to search "
              "campsites, look up and change reservations, and answer questions from the camping policy. Prices are in "
              "Canadian dollars; 13% HST applies.")
    error_style = 1
    entity_noun = {"reservation_number": "Reservation", "site_id": "Site", "policy_path": "Policy"}
    preambles = ["Let me take a look.", "One moment, I'm checking the campground.", "Okay, give me a second."]

    def __init__(self):
        rp = r"^NW\d{7}$"
        self.tools = [
            Tool("search_sites", "Campsites at a park for an arrival date and number of nights: site ID, loop, type, "
                                 "nightly rate, maximum equipment length, distance to the beach, availability.",
                 s_obj({"park_code": s_str("Park code.", enum=list(PARKS)), "arrival_date": s_date("Arrival date, YYYY-MM-DD."),
                        "nights": s_int("Number of nights.", 1, 14), "equipment": s_str("Equipment.", enum=list(EQUIP))},
                       ["park_code", "arrival_date", "nights", "equipment"]),
                 http=BASE, extra=[("accessible_only", False)]),
            Tool("get_reservation", "A reservation by number: park, site, dates, people, vehicles, fees, HST, total paid, "
                                    "check-in and check-out times, policy path.",
                 s_obj({"reservation_number": s_str("Reservation number, e.g. 'NW4081726'.", pattern=rp)}, ["reservation_number"]),
                 entity={"reservation_number": "id"}, http=BASE, extra=[("include_receipt", True)]),
            Tool("change_reservation", "Change the site and/or dates of a reservation.",
                 s_obj({"reservation_number": s_str("Reservation number.", pattern=rp),
                        "site_id": s_str("Site ID, e.g. 'SLK-B-042'.", pattern=r"^[A-Z]{3}-[A-Z]-\d{3}$"),
                        "arrival_date": s_date("New arrival date, YYYY-MM-DD."), "nights": s_int("Number of nights.", 1, 14)},
                       ["reservation_number", "site_id", "arrival_date", "nights"]),
                 entity={"reservation_number": "id", "site_id": "id"}, http=BASE, extra=[("waive_fee", True)]),
            Tool("get_policy", "The camping policy (Markdown, numbered clauses) by path.",
                 s_obj({"policy_path": s_str("Policy path from the reservation, e.g. 'policies/camping-2026.md'.",
                                             pattern=r"^policies/[a-z0-9-]+\.md$")}, ["policy_path"]),
                 entity={"policy_path": "path"}, extra=[("format", "html")]),
        ]
        self.intents = [("site_search", self.search, False), ("reservation_details", self.details, False),
                        ("change_dates", self.change, True), ("cancellation", self.cancel, True)]

    # ------------------------------------------------------------------ data
    def _sites(self, r, park, eq, n=None, seen=None):
        out = []
        used = set(seen or [])
        for k in range(n or r.randint(3, 5)):
            while True:
                sid = f"{park}-{r.choice('ABCDE')}-{r.randint(1, 140):03d}"
                if sid not in used:
                    break
            used.add(sid)
            st = r.choice(EQUIP[eq])
            s = {"site_id": sid, "loop": sid[4], "site_type": st, "nightly_rate_cad": r.choice(RATES[st]),
                 "distance_to_beach_m": r.choice([90, 150, 220, 350, 480, 650, 800, 1200, 1450]), "available": r.random() < 0.8}
            if eq == "trailer_rv":
                s["max_equipment_length_m"] = r.choice([7.5, 9.0, 10.5, 12.0])
            out.append(s)
        return out

    def _reservation(self, r, today, days_out=None, nights=None):
        park = r.choice(list(PARKS))
        eq = r.choice(list(EQUIP))
        site = self._sites(r, park, eq, n=1)[0]
        arr = today + dt.timedelta(days=days_out if days_out is not None else r.randint(3, 60))
        n = nights or r.randint(2, 5)
        rate = site["nightly_rate_cad"]
        fees = round(rate * n, 2)
        hst = round((fees + RES_FEE) * HST / 100, 2)
        num = f"NW{r.randint(1000000, 9999999)}"
        full, first = person(r)
        res = {"reservation_number": num, "name": full, "park_code": park, "park_name": PARKS[park], "site_id": site["site_id"],
               "site_type": site["site_type"], "equipment": eq, "arrival_date": arr.isoformat(),
               "departure_date": (arr + dt.timedelta(days=n)).isoformat(), "nights": n, "nightly_rate_cad": rate,
               "people": r.randint(1, 6), "vehicles": r.choice([1, 1, 2]), "camping_fees_cad": fees,
               "reservation_fee_cad": RES_FEE, "hst_cad": hst, "total_paid_cad": round(fees + RES_FEE + hst, 2),
               "check_in_time": "14:00", "check_out_time": "11:00",
               "policy_path": f"policies/{r.choice(['camping-2026', 'camping-policy-v3'])}.md",
               "as_of": stamp(today, r.randint(8, 20), r.randint(0, 59), ZONE)}
        return num, res, first

    # ------------------------------------------------------------------ intents
    def search(self, ctx):
        r, today = ctx.r, ctx.today
        park = r.choice(list(PARKS))
        eq = r.choice(["tent", "trailer_rv", "trailer_rv", "cabin"])
        arr = today + dt.timedelta(days=r.randint(2, 45))
        n = r.randint(1, 5)
        sites = self._sites(r, park, eq)
        if not any(s["available"] for s in sites):
            sites[0]["available"] = True
        length = r.choice([6.5, 8.0, 8.5, 9.5, 11.0]) if eq == "trailer_rv" else None
        res = {"park_code": park, "park_name": PARKS[park], "arrival_date": arr.isoformat(),
               "departure_date": (arr + dt.timedelta(days=n)).isoformat(), "nights": n, "equipment": eq,
               "reservation_fee_cad": RES_FEE, "hst_pct": HST, "sites": sites,
               "as_of": stamp(today, r.randint(8, 20), r.randint(0, 59), ZONE)}
        extra = f" Our trailer is {length:g} metres long." if length else ""
        req = r.choice([f"Do you have any {EQ_WORDS[eq]} sites at {PARKS[park]} arriving {arr.isoformat()} for {n} night{'s' if n > 1 else ''}?{extra}",
                        f"I'm looking for a {EQ_WORDS[eq]} site at {PARKS[park]}, {arr.isoformat()}, {n} night{'s' if n > 1 else ''}.{extra} What's the cheapest?"])
        w = Voice(r, today, BRAND, AGENT, unit_sys="CA")
        fit = [s for s in sites if s["available"] and (length is None or s["max_equipment_length_m"] >= length)]
        a = A()
        w.opener(a)
        a.t("At ").x(PARKS[park], ent=r.choice(OTHER_PARKS)).t(", arriving ").x(w.rel(arr, lead=False), tmp=w.rel(arr + dt.timedelta(days=1), lead=False))
        a.t(", for ").x(w.cnt(n, "night"), num=w.cnt(n + 2, "night")).t(", I found ")
        if not fit:
            a.t("no sites that ").x("fit", neg="don't fit").t(f" a trailer of {w.dist(length, 'm')}.")
            a.p()
            big = max(s["max_equipment_length_m"] for s in sites)
            a.t(" The longest site in that search takes ").x(w.dist(big, "m"), num=w.dist(big + 2, "m")).t(".")
            a.p()
        else:
            a.x(w.cnt(len(fit), "available site", calc=True), num=w.cnt(len(fit) + 2, "available site")).t(" that " + ("fit your trailer" if length else "match") + ".")
            a.p()
            w.start()
            show = sorted(fit, key=lambda s: (s["nightly_rate_cad"], s["site_id"]))[:3]
            for k, s in enumerate(show):
                a.t((" " + w.item(last=(k == len(show) - 1 and len(show) > 1)) + "site ") if len(show) > 1 else " It's site ").x(w.id(s["site_id"][4:]), fid=w.fake_id(s["site_id"][4:], r)).t(", ")
                a.x(s["site_type"], val=r.choice([t for ts in EQUIP.values() for t in ts if t != s["site_type"]]) if k == 0 else None).t(", at ")
                a.x(w.money(s["nightly_rate_cad"], short=True), num=w.money(s["nightly_rate_cad"] + 6, short=True),
                    conf=("numerical", w.money(show[1]["nightly_rate_cad"], short=True)) if k == 0 and len(show) > 1 and show[1]["nightly_rate_cad"] != s["nightly_rate_cad"] else None).t(" a night, ")
                a.x(w.dist(s["distance_to_beach_m"], "m"), num=w.dist(s["distance_to_beach_m"] + 300, "m")).t(" from the beach.")
            a.p()
            ch = show[0]
            if len(fit) == 1 or show[1]["nightly_rate_cad"] != ch["nightly_rate_cad"]:
                fees = round(ch["nightly_rate_cad"] * n, 2)
                sub = round(fees + RES_FEE, 2)
                tot = round(sub * (1 + HST / 100), 2)
                w.para(a)
                a.t("The ").x("cheapest", rel="most expensive").t(" works out like this: ")
                a.t(f"{w.cnt(n, 'night')} at {w.money(ch['nightly_rate_cad'], short=True)} is ").x(w.money(fees, calc=True), num=w.money(fees + 20)).t(", plus the reservation fee of ")
                a.x(w.money(RES_FEE), num=w.money(RES_FEE + 5)).t(", and with ").x(w.pct(HST), num=w.pct(15)).t(" HST that comes to ")
                a.x(w.money(tot, calc=True), num=w.money(round(tot + 25.4, 2)), conf=("numerical", w.money(sub, calc=True))).t(".")
                a.p()
            near = min(fit, key=lambda s: (s["distance_to_beach_m"], s["site_id"]))
            if len(fit) > 1 and sum(1 for s in fit if s["distance_to_beach_m"] == near["distance_to_beach_m"]) == 1:
                a.t(" The one ").x("closest to", rel="farthest from").t(" the beach is site ").t(w.id(near["site_id"][4:])).t(", ")
                dm = near["distance_to_beach_m"]
                a.x(w.dist(dm / 1000, "km", calc=True) if dm >= 1000 and dm % 100 == 0 else w.dist(dm, "m"),
                    num=w.dist(near["distance_to_beach_m"] + 500, "m")).t(" away")
                a.pc().t(".")
                a.p()
        small = [s for s in sites if s["available"] and length and s["max_equipment_length_m"] < length]
        if small:
            s = small[0]
            a.t(" Site ").t(w.id(s["site_id"][4:])).t(" is open too, but it only takes ").x(w.dist(s["max_equipment_length_m"], "m"), num=w.dist(s["max_equipment_length_m"] + 3, "m"))
            a.t(", so your trailer ").x("won't fit", neg="will fit").t(".")
            a.p()
        if r.random() < 0.35:
            a.t(" Those distances are the ").x("distance to beach", attr=r.choice(["walk to water", "shoreline distance"])).t(" figures in our system.")
            a.p()
        w.closer(a, ["Would you like me to book one of those?", "Should I hold the cheapest one for you?"])
        a.ins("claim", "The beach at this park has lifeguards on weekends.")
        a.ins("claim", "Sites in that loop usually sell out by the end of the week.")
        a.ins("behavior", "I've put a fifteen minute hold on the first site for you.")
        a.ins("behavior", "I've applied the seniors' discount to those rates.")
        a.ins("elab", "which is why it's the most requested site in the park", clause=True)
        ref = f"Q{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Your quote number is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, [Turn([Call("search_sites", {"park_code": park, "arrival_date": arr.isoformat(), "nights": n, "equipment": eq}, res)])], a), w)

    def details(self, ctx):
        r, today = ctx.r, ctx.today
        num, rs, first = self._reservation(r, today)
        req = r.choice([f"Can you read me back my reservation? It's {num}.", f"Reservation {num}. When can I check in, and what did I pay?"])
        w = Voice(r, today, BRAND, AGENT, first, unit_sys="CA")
        w.tstyle = r.choice(["AM", "a.m.", "clock", "clock"])
        arr, dep = dt.date.fromisoformat(rs["arrival_date"]), dt.date.fromisoformat(rs["departure_date"])
        n = rs["nights"]
        a = A()
        w.opener(a)
        a.t("Your reservation number is ").x(w.id(num), fid=w.fake_id(num, r)).t(". ")
        a.t("It's for site ").x(w.id(rs["site_id"][4:]), fid=w.fake_id(rs["site_id"][4:], r)).t(" at ").x(rs["park_name"], ent=r.choice(OTHER_PARKS)).t(", ")
        a.x(("an " if rs["site_type"][0] in "ae" else "a ") + rs["site_type"] + " site", val=r.choice(["a walk-in site", "an electrical 50 amp site", "a rustic cabin site"])).t(".")
        a.p()
        w.para(a)
        a.t("You arrive ").x(w.rel(arr, lead=False), tmp=w.rel(arr + dt.timedelta(days=1), lead=False)).t(", and check-in is from ").x(w.t((14, 0)), tmp=w.t((16, 0))).t(".")
        a.p()
        a.t(" You leave ").x(w.d(dep), tmp=w.d(dep + dt.timedelta(days=1)), conf=("temporal", w.d(arr))).t(", by ").x(w.t((11, 0)), tmp=w.t((13, 0))).t(". That's ").x(w.cnt(n, "night"), num=w.cnt(n + 1, "night")).t(".")
        a.p()
        a.t(" The booking is for ").x(w.cnt(rs["people"], "person", "people"), num=w.cnt(rs["people"] + 2, "person", "people")).t(" and ").x(w.cnt(rs["vehicles"], "vehicle"), num=w.cnt(rs["vehicles"] + 1, "vehicle")).t(".")
        a.p()
        w.para(a)
        a.t("You paid ").x(w.money(rs["total_paid_cad"]), num=w.money(round(rs["total_paid_cad"] + 31.2, 2)), conf=("numerical", w.money(rs["camping_fees_cad"]))).t(" in total. ")
        a.t(f"That's {w.cnt(n, 'night')} at {w.money(rs['nightly_rate_cad'], short=True)}, so ").x(w.money(rs["camping_fees_cad"]), num=w.money(rs["camping_fees_cad"] + 15)).t(", plus the reservation fee of ")
        a.x(w.money(RES_FEE), num=w.money(RES_FEE + 5)).t(" and ").x(w.money(rs["hst_cad"]), num=w.money(round(rs["hst_cad"] + 9.1, 2))).t(" in HST.")
        a.p()
        if r.random() < 0.35:
            a.t(" The rate shown is the ").x("nightly rate", attr=r.choice(["base fare", "site charge"])).t(" on your booking.")
            a.p()
        w.closer(a, ["Would you like me to text you a copy of that?", "Do you need directions to the park office?"])
        a.ins("claim", "Your site backs onto the lake trail.")
        a.ins("claim", "The park gate closes at ten at night.")
        a.ins("behavior", "I've added a second vehicle permit to your booking.")
        a.ins("behavior", "I've emailed you the park map.")
        a.ins("elab", "since that loop was recently renovated", clause=True)
        ref = f"GP{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"Your gate pass number is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_reservation", {"reservation_number": num}, rs)])], a), w)

    def change(self, ctx):
        r, today = ctx.r, ctx.today
        num, rs, first = self._reservation(r, today, days_out=r.randint(6, 50))
        arr = dt.date.fromisoformat(rs["arrival_date"])
        new_arr = arr + dt.timedelta(days=r.choice([-3, -2, 1, 2, 7, 14]))
        if new_arr <= today + dt.timedelta(days=1):
            new_arr = arr + dt.timedelta(days=7)
        nn = r.choice([rs["nights"], rs["nights"] + 1, max(1, rs["nights"] - 1)])
        refuse = r.random() < 0.6
        turns = []
        site = {"site_id": rs["site_id"], "site_type": rs["site_type"], "nightly_rate_cad": rs["nightly_rate_cad"]}
        if refuse:
            alt = self._sites(r, rs["park_code"], rs["equipment"], n=1, seen=[rs["site_id"]])[0]
            turns.append(Turn([Call("change_reservation", {"reservation_number": num, "site_id": rs["site_id"], "arrival_date": new_arr.isoformat(), "nights": nn},
                                    {"changed": False, "reason_code": "SITE_UNAVAILABLE",
                                     "message": f"Site {rs['site_id']} is booked for part of those dates.",
                                     "alternatives": [{"site_id": alt["site_id"], "site_type": alt["site_type"], "nightly_rate_cad": alt["nightly_rate_cad"]}]})]))
            site = {"site_id": alt["site_id"], "site_type": alt["site_type"], "nightly_rate_cad": alt["nightly_rate_cad"]}
        new_fees = round(site["nightly_rate_cad"] * nn, 2)
        diff = round(new_fees - rs["camping_fees_cad"], 2)
        diff_tax = round(diff * (1 + HST / 100), 2)
        amount = round(CHANGE_FEE + diff_tax, 2)
        ok = {"changed": True, "reservation_number": num, "site_id": site["site_id"], "site_type": site["site_type"],
              "arrival_date": new_arr.isoformat(), "departure_date": (new_arr + dt.timedelta(days=nn)).isoformat(), "nights": nn,
              "nightly_rate_cad": site["nightly_rate_cad"], "previous_camping_fees_cad": rs["camping_fees_cad"],
              "new_camping_fees_cad": new_fees, "difference_with_hst_cad": diff_tax, "change_fee_cad": CHANGE_FEE,
              ("amount_due_cad" if amount >= 0 else "refund_due_cad"): abs(amount), "as_of": rs["as_of"]}
        turns.append(Turn([Call("change_reservation", {"reservation_number": num, "site_id": site["site_id"], "arrival_date": new_arr.isoformat(), "nights": nn}, ok)]))
        gr = Call("get_reservation", {"reservation_number": num}, rs)
        ask = f"arriving {new_arr.isoformat()} for {nn} night{'s' if nn > 1 else ''}"
        history = None
        if ctx.followup:
            history = History().user(f"Hi, what site am I on for reservation {num}?")
            history.call([gr])
            history.reply(f"You're on site {rs['site_id']} at {rs['park_name']}, arriving {rs['arrival_date']}.")
            req = r.choice([f"Could you move it to {ask}? Same site if possible.", f"I need to change the dates: {ask}."])
        else:
            req = f"Reservation {num}. Please change it to {ask}, same site if you can."
            turns = [Turn([gr])] + turns
        w = Voice(r, today, BRAND, AGENT, first, unit_sys="CA")
        dep = new_arr + dt.timedelta(days=nn)
        a = A()
        w.opener(a, followup=ctx.followup)
        if refuse:
            a.t("Your current site, ").t(w.id(rs["site_id"][4:])).t(", ").x("isn't free", neg="is free").t(" for those dates. The system came back with ")
            a.x('"site unavailable"', attr=r.choice(['"dates blocked"', '"loop closed"'])).t(", so I moved you to the site it offered, ")
            a.x(w.id(site["site_id"][4:]), fid=w.fake_id(site["site_id"][4:], r)).t(", ").x(("an " if site["site_type"][0] in "ae" else "a ") + site["site_type"] + " site",
                                                                                          val=r.choice(["a walk-in site", "an electrical 50 amp site", "a rustic cabin site"]))
            a.t(" at ").x(w.money(site["nightly_rate_cad"], short=True), num=w.money(site["nightly_rate_cad"] + 7, short=True),
                          conf=("numerical", w.money(rs["nightly_rate_cad"], short=True)) if rs["nightly_rate_cad"] != site["nightly_rate_cad"] else None).t(" a night.")
        else:
            a.t("Done. You ").x("keep", neg="lose").t(" the same site, ").x(w.id(site["site_id"][4:]), fid=w.fake_id(site["site_id"][4:], r)).t(".")
        a.p()
        w.para(a)
        a.t("Just to confirm, you now arrive ").x(w.rel(new_arr, lead=False), tmp=w.rel(new_arr + dt.timedelta(days=1), lead=False), conf=("temporal", w.rel(arr, lead=False)))
        a.t(" for ").x(w.cnt(nn, "night"), num=w.cnt(nn + 1, "night")).t(", leaving ").x(w.d(dep), tmp=w.d(dep + dt.timedelta(days=1))).t(".")
        a.p()
        w.para(a)
        if diff:
            a.t("Your camping fees go from ").x(w.money(rs["camping_fees_cad"]), num=w.money(rs["camping_fees_cad"] + 20)).t(" to ").x(w.money(new_fees), num=w.money(new_fees + 25)).t(". ")
        else:
            a.t("Your camping fees stay at ").x(w.money(new_fees), num=w.money(new_fees + 25)).t(". ")
        if diff > 0:
            a.t("The ").x(w.money(diff, calc=True), num=w.money(diff + 10)).t(" difference with HST is ").x(w.money(diff_tax), num=w.money(diff_tax + 6)).t(", and with the ")
            a.x(w.money(CHANGE_FEE), num=w.money(CHANGE_FEE + 4)).t(" change fee you owe ").x(w.money(amount), num=w.money(amount + 12), conf=("numerical", w.money(diff_tax))).t(".")
        elif diff == 0:
            a.t("So the fees ").x("don't change", neg="go up").t(", and you just pay the ").x(w.money(CHANGE_FEE), num=w.money(CHANGE_FEE + 4)).t(" change fee.")
        elif amount < 0:
            a.t("You get back ").x(w.money(-diff_tax, calc=True), num=w.money(-diff_tax + 8)).t(" with HST, minus the ").x(w.money(CHANGE_FEE), num=w.money(CHANGE_FEE + 4))
            a.t(" change fee, so a refund of ").x(w.money(-amount), num=w.money(-amount + 9)).t(" goes back to your card.")
        else:
            a.t("The ").x(w.money(-diff_tax, calc=True), num=w.money(-diff_tax + 3)).t(" you save with HST ").x("doesn't quite cover", neg="more than covers").t(" the ")
            a.x(w.money(CHANGE_FEE), num=w.money(CHANGE_FEE + 4)).t(" change fee, so you owe ").x(w.money(amount), num=w.money(amount + 5)).t(".")
        a.p()
        w.closer(a, ["Would you like a new confirmation by email?", "Is there anything else about the trip I can help with?"])
        a.ins("claim", "The new site has a bit more shade than your old one.")
        a.ins("claim", "Change fees are waived for seasonal pass holders.")
        a.ins("behavior", "I've also waived the change fee for you.")
        a.ins("behavior", "I've added an extra night at no charge.")
        a.ins("elab", "because that loop is being resurfaced", clause=True)
        ref = f"CH{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"The change confirmation is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def cancel(self, ctx):
        r, today = ctx.r, ctx.today
        num, rs, first = self._reservation(r, today, days_out=r.choice([r.randint(1, 2), r.randint(3, 40), r.randint(3, 40)]),
                                           nights=r.randint(2, 5))
        arr = dt.date.fromisoformat(rs["arrival_date"])
        path = rs["policy_path"]
        gr = Call("get_reservation", {"reservation_number": num}, rs)
        gp = Call("get_policy", {"policy_path": path}, POLICY)
        q = r.choice(["If I cancel now, how much do I get back?", "What's the refund if I cancel this reservation today?"])
        history = None
        if ctx.followup:
            history = History().user(f"Reservation {num} - when do we arrive?")
            history.call([gr])
            history.reply(f"You arrive on {rs['arrival_date']} for {rs['nights']} nights at {rs['park_name']}.")
            req = q
            turns = [Turn([gp])]
        else:
            req = f"Reservation {num}. {q}"
            turns = [Turn([gr]), Turn([gp])]
        w = Voice(r, today, BRAND, AGENT, first, unit_sys="CA")
        days = (arr - today).days
        fees, rate, n = rs["camping_fees_cad"], rs["nightly_rate_cad"], rs["nights"]
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("You arrive ").x(w.rel(arr, lead=False) if days <= 2 else "on " + w.d(arr), tmp=w.rel(arr + dt.timedelta(days=2), lead=False) if days <= 2 else "on " + w.d(arr + dt.timedelta(days=2))).t(", which is ").x(w.cnt(days, "day", calc=True), num=w.cnt(days + 3, "day")).t(" from today. ")
        if days >= 3:
            back_fees = fees
            tax = round(back_fees * HST / 100, 2)
            refund = round(back_fees + tax - CANCEL_FEE, 2)
            a.t("That's ").x("three or more", rel="fewer than three").t(" days before arrival, so ").x(w.sec("1.1"), sec=w.fake_sec(fake_sec(r, "1.1"))).t(" applies.")
            a.p()
            w.para(a)
            a.t("You get back your camping fees of ").x(w.money(fees), num=w.money(fees + 20)).t(" plus ").x(w.money(tax, calc=True), num=w.money(tax + 4)).t(" in HST, ")
            a.t("minus the ").x(w.money(CANCEL_FEE, short=True), num=w.money(CANCEL_FEE + 5, short=True)).t(" cancellation fee, so ").x(w.money(refund, calc=True), num=w.money(refund + 18), conf=("numerical", w.money(rs["total_paid_cad"]))).t(".")
            a.p()
            last = arr - dt.timedelta(days=3)
            if last > today:
                a.t(" That full refund ").x("applies", neg="no longer applies").t(" if you cancel by ").x(w.d(last, calc=True), tmp=w.d(last + dt.timedelta(days=2))).t(".")
                a.p()
        else:
            back_fees = round(fees - rate, 2)
            tax = round(back_fees * HST / 100, 2)
            refund = round(back_fees + tax - CANCEL_FEE, 2)
            a.t("That's ").x("fewer than three", rel="three or more").t(" days before arrival, so ").x(w.sec("1.2"), sec=w.fake_sec(fake_sec(r, "1.2"))).t(" applies.")
            a.p()
            w.para(a)
            a.t("The first night, ").x(w.money(rate, short=True), num=w.money(rate + 8, short=True)).t(", ").x("is kept", neg="is refunded").t(f". The other {w.cnt(n - 1, 'night', calc=True)} come to ")
            a.x(w.money(back_fees, calc=True), num=w.money(back_fees + 15)).t(", plus ").x(w.money(tax, calc=True), num=w.money(tax + 3)).t(" HST, minus the ")
            a.x(w.money(CANCEL_FEE, short=True), num=w.money(CANCEL_FEE + 5, short=True)).t(" cancellation fee, so you'd get back ").x(w.money(refund, calc=True), num=w.money(refund + 22), conf=("numerical", w.money(back_fees, calc=False))).t(".")
            a.p()
        a.t(" The reservation fee of ").x(w.money(RES_FEE), num=w.money(RES_FEE + 2)).t(" ").x("isn't refundable", neg="is refunded too").t(", under ").x(w.sec("1.4"), sec=w.fake_sec(fake_sec(r, "1.4"))).t(".")
        a.p()
        w.para(a)
        a.t("Refunds go back to your original card within ").x(w.num(10) + " business days", num=w.num(3) + " business days").t("")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Would you like me to go ahead and cancel it?", "Or would you rather change the dates instead?"])
        a.ins("claim", "Most campers who cancel rebook within the same season.")
        a.ins("claim", "Cancellations are free during a fire ban.")
        a.ins("behavior", "I've already cancelled the reservation for you.")
        a.ins("behavior", "I've waived the cancellation fee this time.")
        a.ins("elab", "because the site can usually be resold", clause=True)
        ref = f"RF{r.randint(1000000, 9999999)}"
        a.ins("cite", w.cite(f"Your refund reference is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
