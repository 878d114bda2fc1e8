"""hotel_booking: hotel search, room availability, reservations, cancellation policies."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, closer, d_full, d_long, d_med,
                     d_short, d_wd, fnum, money, mutate_id, nword, opener, other_than, plural, s_bool, s_date, s_int,
                     s_num, s_obj, s_str)

BASE = "https://partner-api.staywise.internal/v3"
CITIES = {
    "Lisbon": ("EUR", ["Casa do Rio Boutique Hotel", "Hotel Alfama Terrace", "Lumen Chiado", "Baixa Grand Hotel", "Miradouro Suites"],
               ["Alfama", "Chiado", "Baixa", "Príncipe Real", "Belém"]),
    "Barcelona": ("EUR", ["Hotel Mar Blau", "Casa Gràcia Rooms", "Eixample Boutique 1907", "Hotel Rambla Nova", "Poble Sec Lofts"],
                  ["Eixample", "Gràcia", "El Born", "Barceloneta", "Poble Sec"]),
    "Amsterdam": ("EUR", ["Canal House Keizer", "Hotel Jordaan Lane", "De Pijp Studios", "Hotel Amstel View", "Oosterpark Inn"],
                  ["Jordaan", "De Pijp", "Grachtengordel", "Oost", "Museumkwartier"]),
    "London": ("GBP", ["The Marylebone Rooms", "Southbank Quarters", "Hotel Clerkenwell", "Kensington Mews Hotel", "Shoreditch Loft Hotel"],
               ["Marylebone", "South Bank", "Clerkenwell", "Kensington", "Shoreditch"]),
    "Chicago": ("USD", ["The Wabash Hotel", "River North Suites", "Hotel Lincoln Park", "Fulton Market Inn", "Lakeshore Tower Hotel"],
                ["The Loop", "River North", "Lincoln Park", "West Loop", "Streeterville"]),
    "Tokyo": ("JPY", ["Hotel Shibuya Crossing", "Asakusa Riverside Inn", "Ginza Hanare", "Shinjuku Garden Hotel", "Ebisu Terrace Hotel"],
              ["Shibuya", "Asakusa", "Ginza", "Shinjuku", "Ebisu"]),
}
USD_RATE = {"EUR": 1.0842, "GBP": 1.2671, "JPY": 0.006693, "USD": 1.0}
OTHER_HOTELS = ["Hotel Aurora Plaza", "The Grand Meridian", "Parkview Suites", "Hotel Belvedere", "Harborlight Inn"]
LAST_NAMES = ["Okafor", "Lindqvist", "Moreau", "Castillo", "Nakamura", "Brennan", "Haddad", "Kowalski", "Ferreira", "Albright"]
FIRST = ["Amara", "Erik", "Julie", "Diego", "Yuki", "Siobhan", "Karim", "Anna", "Tiago", "Megan"]


def cur(x, c, dec=None):
    if dec is None:
        dec = 0 if c == "JPY" else 2
    return money(x, c, dec)


class Hotel(Scenario):
    name = "hotel_booking"
    agent = "StayWise Concierge"
    service = "staywise-concierge"
    system = ("You are the StayWise Concierge. Help travelers find hotels, check room availability, look up "
              "reservations and explain cancellation policies using the StayWise partner tools. Prices are per "
              "room in the hotel's currency unless a display currency is given. Never book or cancel without "
              "explicit confirmation.")
    error_style = 1
    entity_noun = {"hotel_id": "Hotel", "confirmation": "Reservation", "url": "Policy page"}
    preambles = ["Let me check availability.", "Searching now.", "Let me look that up.", "One moment."]

    def __init__(self):
        date = lambda d: s_date(d)
        hid = s_str("Hotel ID, e.g. 'HTL-4821'.", pattern=r"^HTL-\d{4}$")
        self.tools = [
            Tool("search_hotels", "Search hotels in a city for given dates.",
                 s_obj({"city": s_str("City name."), "check_in": date("Check-in date (YYYY-MM-DD)."),
                        "check_out": date("Check-out date (YYYY-MM-DD)."), "guests": s_int("Number of guests.", 1, 8),
                        "max_price_per_night": s_num("Maximum nightly price in the hotel currency.", 0),
                        "sort": s_str("Sort order.", enum=["price", "rating", "distance"]),
                        "display_currency": s_str("ISO currency for converted prices.", pattern=r"^[A-Z]{3}$")},
                       ["city", "check_in", "check_out", "guests"]),
                 http=BASE, extra=[("include_sold_out", False), ("page", 1)]),
            Tool("check_availability", "Rooms and rate plans available at one hotel.",
                 s_obj({"hotel_id": hid, "check_in": date("Check-in date (YYYY-MM-DD)."), "check_out": date("Check-out date (YYYY-MM-DD)."),
                        "guests": s_int("Number of guests.", 1, 8),
                        "room_type": s_str("Room type filter.", enum=["any", "king", "queen", "twin", "suite"])},
                       ["hotel_id", "check_in", "check_out", "guests"]),
                 entity={"hotel_id": "id"}, http=BASE, extra=[("rate_plan", "FLEX"), ("include_taxes", True)]),
            Tool("get_reservation", "Look up a reservation by confirmation code and guest last name.",
                 s_obj({"confirmation": s_str("Confirmation code, e.g. 'RSV-88K2Q'.", pattern=r"^RSV-[A-Z0-9]{5}$"),
                        "last_name": s_str("Guest last name.", min_len=1)}, ["confirmation", "last_name"]),
                 entity={"confirmation": "id"}, http=BASE, extra=[("include_payments", True)]),
            Tool("get_hotel_policy", "Fetch a hotel's policy page (cancellation, deposits, check-in) by URL.",
                 s_obj({"url": s_str("Policy page URL.", pattern=r"^https://www\.staywise\.example/hotels/", fmt="uri")}, ["url"]),
                 entity={"url": "url"}, http=BASE, extra=[("language", "en")]),
        ]
        self.intents = [("room_availability", self.availability, True), ("reservation_lookup", self.reservation, False),
                        ("cancellation_policy", self.policy, True), ("compare_hotels", self.compare, False)]

    # ------------------------------------------------------------------ data
    def stay(self, r: R, today):
        ci = today + dt.timedelta(days=r.randint(10, 90))
        n = r.randint(2, 6)
        return ci, ci + dt.timedelta(days=n), n

    def hotels(self, r: R, city, ci, co, n, k=4):
        c, names, hoods = CITIES[city]
        idx = r.sample(range(len(names)), k)
        out = []
        for i in idx:
            base = r.uniform(95, 340) if c != "JPY" else r.uniform(14000, 52000)
            p = round(base, 0 if c == "JPY" else 2)
            out.append({"hotel_id": f"HTL-{r.randint(1000, 9999)}", "name": names[i], "stars": r.choice([3, 4, 4, 5]),
                        "rating": round(r.uniform(7.6, 9.5), 1), "neighborhood": hoods[i], "distance_km": round(r.uniform(0.3, 4.8), 1),
                        "price_per_night": p, "total_price": round(p * n, 0 if c == "JPY" else 2), "currency": c,
                        "free_cancellation": r.random() < 0.6})
        return out

    # ------------------------------------------------------------------ intents
    def availability(self, ctx):
        r, today = ctx.r, ctx.today
        city = r.choice(list(CITIES))
        c = CITIES[city][0]
        ci, co, n = self.stay(r, today)
        guests = r.choice([1, 2, 2, 3])
        hs = self.hotels(r, city, ci, co, n)
        h = r.choice(hs)
        base = h["price_per_night"]
        dec = 0 if c == "JPY" else 2
        rooms = []
        free_until = ci - dt.timedelta(days=r.choice([2, 3, 7]))
        specs = [("DLXK", "Deluxe King", "1 king", 2, 1.0), ("SUPQ", "Superior Queen", "1 queen", 2, 0.88), ("TWN", "Classic Twin", "2 twin", 2, 0.82),
                 ("JSTE", "Junior Suite", "1 king + sofa bed", 3, 1.55)]
        for code, nm, bed, mx, f in r.sample(specs, 3):
            flex = round(base * f, dec)
            nonref = round(flex * 0.87, dec)
            rooms.append({"room_code": code, "name": nm, "bed": bed, "max_guests": mx, "remaining": r.randint(1, 5),
                          "rate_plans": [{"code": "FLEX", "name": "Flexible", "refundable": True, "free_cancel_until": free_until.isoformat(),
                                          "nightly_rate": flex, "total": round(flex * n, dec)},
                                         {"code": "NONREF", "name": "Non-refundable", "refundable": False, "free_cancel_until": None,
                                          "nightly_rate": nonref, "total": round(nonref * n, dec)}]})
        rooms = [x for x in rooms if x["max_guests"] >= guests] or rooms[:1]
        for x in rooms:
            x["max_guests"] = max(x["max_guests"], guests)
        avail = {"hotel": {"hotel_id": h["hotel_id"], "name": h["name"], "city": city}, "check_in": ci.isoformat(), "check_out": co.isoformat(),
                 "nights": n, "guests": guests, "currency": c, "taxes_included": False, "tax_rate_pct": r.choice([6, 10, 12.5, 15]), "rooms": rooms}
        s_args = {"city": city, "check_in": ci.isoformat(), "check_out": co.isoformat(), "guests": guests}
        if r.random() < 0.4:
            s_args["sort"] = "rating"
        sc = Call("search_hotels", s_args, {"city": city, "check_in": ci.isoformat(), "check_out": co.isoformat(), "nights": n, "hotels": hs})
        a_args = {"hotel_id": h["hotel_id"], "check_in": ci.isoformat(), "check_out": co.isoformat(), "guests": guests}
        if r.random() < 0.5:
            a_args["room_type"] = "any"
        ac = Call("check_availability", a_args, avail)
        history = None
        if ctx.followup:
            history = History().user(f"Find me a hotel in {city} from {d_med(ci)} to {d_med(co)} for {plural(guests, 'guest')}.")
            history.call([sc], "Searching now.")
            history.reply("Here are a few options: " + "; ".join(f"{x['name']} ({x['neighborhood']}, {cur(x['price_per_night'], c)}/night, rated {x['rating']})" for x in hs) + ".")
            req = r.choice([f"What rooms does {h['name']} have? I want free cancellation.", f"Let's look at {h['name']} — which rooms can I cancel for free?"])
            turns = [Turn([ac])]
        else:
            req = r.choice([f"I need a hotel in {city} {d_med(ci)}–{d_med(co)} for {plural(guests, 'person', 'people')}. What's available at {h['name']}? Free cancellation preferred.",
                            f"Can you check rooms at {h['name']} in {city}, checking in {d_med(ci)} and out {d_med(co)}, {guests} guest{'s' if guests > 1 else ''}?"])
            turns = [Turn([sc]), Turn([ac])]
        a = A()
        flexes = sorted([(x["rate_plans"][0]["total"], x) for x in rooms], key=lambda t: t[0])
        best_total, best = flexes[0]
        bf = best["rate_plans"][0]
        bn = best["rate_plans"][1]
        saving = round(bf["total"] - bn["total"], dec)
        other_room = flexes[1][1] if len(flexes) > 1 else None
        oth_h = other_than(r, OTHER_HOTELS, h["name"])
        fc = d_long(free_until)
        style = r.choice(["prose", "bullets", "table"])
        if style == "prose":
            opener(a, r)
            a.x(h["name"], ent=oth_h).t(" has ").x(nword(len(rooms)), num=nword(len(rooms) + 2)).t(f" room type{'s' if len(rooms) > 1 else ''} available for your ").x(plural(n, "night"), num=plural(n + 1, "night")).t(".").p()
            a(" The cheapest flexible option is the ").x(best["name"], conf=("entity", other_room["name"]) if other_room else None).t(" at ").x(cur(bf["nightly_rate"], c), num=cur(bump(bf["nightly_rate"], r, dec=dec), c)).t(" a night (")
            a.x(cur(bf["total"], c), num=cur(bump(bf["total"], r, dec=dec), c)).t(" total before taxes), and you can cancel for free until ").x(fc, tmp=d_long(free_until + dt.timedelta(days=r.choice([2, 4, 5])))).t(".").p()
            a(" If you're sure of your dates, the non-refundable rate saves ").x(cur(saving, c), num=cur(bump(saving, r, dec=dec), c)).t(" but ").x("can't be cancelled", neg="can be cancelled free of charge").t(".").p()
            if best["remaining"] <= 2:
                a(" Only ").x(nword(best["remaining"]), num=nword(best["remaining"] + 3)).t(" of those rooms ").t("is" if best["remaining"] == 1 else "are").t(" left.").p()
            closer(a, r, extra=["Want me to hold the flexible rate for you?", "Shall I book it?"])
        elif style == "bullets":
            a(f"Rooms at **{h['name']}**, {d_short(ci)}–{d_short(co)} ({plural(n, 'night')}):\n")
            for x in rooms:
                f0, n0 = x["rate_plans"]
                is_best = x is best
                a("\n- **").x(x["name"], conf=("entity", other_room["name"]) if is_best and other_room else None).t(f"** ({x['bed']}) — flexible ")
                a.x(cur(f0["nightly_rate"], c), num=cur(bump(f0["nightly_rate"], r, dec=dec), c) if is_best else None).t("/night, non-refundable ")
                a.x(cur(n0["nightly_rate"], c), num=cur(bump(n0["nightly_rate"], r, dec=dec), c) if not is_best else None).t("/night").pb()
            a("\n\nFlexible rates are free to cancel until ").x(d_med(free_until), tmp=d_med(free_until + dt.timedelta(days=3))).t("; taxes (").x(f"{avail['tax_rate_pct']:g}%", num=f"{avail['tax_rate_pct'] + 5:g}%").t(") are ")
            a.x("not included", neg="included").t(".").pp()
            closer(a, r, sep="\n\n", extra=["Want me to book one of these?"])
        else:
            a(f"{h['name']} — {d_short(ci)} to {d_short(co)}\n\n| Room | Flexible total | Non-refundable total |\n|---|---|---|\n")
            for x in rooms:
                f0, n0 = x["rate_plans"]
                a("| ").t(x["name"]).t(" | ").x(cur(f0["total"], c), num=cur(bump(f0["total"], r, dec=dec), c) if x is best else None, conf=("numerical", cur(other_room["rate_plans"][0]["total"], c)) if x is best and other_room else None)
                a(" | ").t(cur(n0["total"], c)).t(" |\n")
            a("\nThe ").x(best["name"], ent=None).t(" is the ").x("cheapest", rel="most expensive").t(" flexible choice; free cancellation runs until ").x(d_med(free_until), tmp=d_med(free_until - dt.timedelta(days=4))).t(".").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", "Breakfast is included with every rate at this hotel.")
        a.ins("claim", f"{h['name']} has a rooftop pool that's open year-round.")
        a.ins("behavior", f"I've placed a 24-hour courtesy hold on the {best['name']} for you.")
        a.ins("behavior", "I've applied your loyalty discount to these rates.")
        a.ins("elab", "which is unusually cheap for those dates because of a conference ending the day before", clause=True)
        a.ins("elab", f"Prices in {city} tend to rise closer to the date, so this is a good rate.")
        a.ins("cite", f"You can reserve it with quote code QT-{r.upalnum(6)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def make_res(self, r: R, today, status=None):
        city = r.choice(list(CITIES))
        c, names, hoods = CITIES[city]
        ci, co, n = self.stay(r, today)
        dec = 0 if c == "JPY" else 2
        rate = round(r.uniform(110, 330) if c != "JPY" else r.uniform(15000, 48000), dec)
        total = round(rate * n, dec)
        paid = round(total * r.choice([0, 0.2, 0.3, 1]), dec)
        last, first = r.choice(LAST_NAMES), r.choice(FIRST)
        hid = f"HTL-{r.randint(1000, 9999)}"
        free_until = ci - dt.timedelta(days=r.choice([2, 3, 7]))
        nm = r.choice(names)
        slug = nm.lower().replace(" ", "-").replace("ç", "c").replace("à", "a").replace("í", "i")
        res = {"confirmation": f"RSV-{r.upalnum(5)}", "status": status or r.choice(["confirmed", "confirmed", "confirmed", "pending_payment"]),
               "guest": {"first_name": first, "last_name": last}, "hotel": {"hotel_id": hid, "name": nm, "city": city,
                                                                            "address": f"{r.randint(2, 180)} {r.choice(['Rua', 'Calle', 'Street', 'Avenue'])} {r.choice(['Augusta', 'Mayor', 'Oak', 'Harbor', 'Central'])}"},
               "check_in": ci.isoformat(), "check_out": co.isoformat(), "nights": n, "guests": r.choice([1, 2, 2]),
               "room": {"name": r.choice(["Deluxe King", "Superior Queen", "Classic Twin", "Junior Suite"]), "rate_plan": "FLEX"},
               "nightly_rate": rate, "total": {"amount": total, "currency": c}, "paid": {"amount": paid, "currency": c},
               "balance_due": round(total - paid, dec), "check_in_time": "15:00", "check_out_time": r.choice(["11:00", "12:00"]),
               "cancellation": {"free_until": f"{free_until.isoformat()}T23:59:00", "penalty": "first night",
                                "policy_url": f"https://www.staywise.example/hotels/{hid.lower()}-{slug}/policies"}}
        return res

    def reservation(self, ctx):
        r, today = ctx.r, ctx.today
        res = self.make_res(r, today)
        c = res["total"]["currency"]
        dec = 0 if c == "JPY" else 2
        conf, last = res["confirmation"], res["guest"]["last_name"]
        req = r.choice([f"Can you pull up my booking {conf}? Last name {last}.", f"What are the details of reservation {conf} (name: {last})?",
                        f"hi, checking my hotel reservation {conf}, surname {last} — when is check-in and how much do I still owe?"])
        ci, co = res["check_in"], res["check_out"]
        free = res["cancellation"]["free_until"][:10]
        a = A()
        oth = other_than(r, OTHER_HOTELS, res["hotel"]["name"])
        style = r.choice(["prose", "bullets"])
        pending = res["status"] == "pending_payment"
        if style == "prose":
            opener(a, r)
            a("Your reservation ").x(conf, fid="RSV-" + mutate_id(conf[4:], r)).t(" at ").x(res["hotel"]["name"], ent=oth).t(" in ").t(res["hotel"]["city"]).t(" is ")
            a.x("confirmed" if not pending else "awaiting payment", val="awaiting payment" if not pending else "confirmed").t(".").p()
            a(" You check in on ").x(d_long(ci), tmp=d_long(dt.date.fromisoformat(ci) + dt.timedelta(days=1)), conf=("temporal", d_long(co))).t(" from ").x("3:00 PM", tmp="2:00 PM").t(" and check out on ").x(d_long(co), tmp=d_long(dt.date.fromisoformat(co) + dt.timedelta(days=1))).t(" — ")
            a.x(plural(res["nights"], "night"), num=plural(res["nights"] + 1, "night")).t(" in a ").t(res["room"]["name"]).t(".").p()
            if res["paid"]["amount"] == 0:
                a(" ").x("Nothing has been paid yet", neg="It's already been paid in full").t(", so the full ").x(cur(res["total"]["amount"], c), num=cur(bump(res["total"]["amount"], r, dec=dec), c)).t(" is due.").p()
            elif res["balance_due"] > 0:
                a(" The total is ").x(cur(res["total"]["amount"], c), num=cur(bump(res["total"]["amount"], r, dec=dec), c)).t(", of which you've paid ").x(cur(res["paid"]["amount"], c), num=cur(bump(res["paid"]["amount"], r, dec=dec) if res["paid"]["amount"] else round(res["total"]["amount"] * 0.5, dec), c))
                a(", so ").x(cur(res["balance_due"], c), num=cur(bump(res["balance_due"], r, dec=dec), c)).t(" is still due.").p()
            else:
                a(" It's ").x("fully paid", neg="not paid yet").t(" (").x(cur(res["total"]["amount"], c), num=cur(bump(res["total"]["amount"], r, dec=dec), c)).t(").").p()
            a(" Free cancellation is available until ").x(d_med(free), tmp=d_med(dt.date.fromisoformat(free) + dt.timedelta(days=r.choice([2, 5])))).t("; after that the ").x("first night", num="first two nights").t(" is charged.").p()
            closer(a, r, extra=["Would you like me to request early check-in?", "Anything you'd like me to change on the booking?"])
        else:
            a("**").x(res["hotel"]["name"], ent=oth).t("** — ").x(conf, fid="RSV-" + mutate_id(conf[4:], r)).t("\n\n")
            a("- **Status:** ").x("Confirmed" if not pending else "Pending payment", val="Cancelled").pb()
            a("\n- **Dates:** ").x(d_wd(ci), tmp=d_wd(dt.date.fromisoformat(ci) - dt.timedelta(days=1))).t(" → ").x(d_wd(co), tmp=d_wd(dt.date.fromisoformat(co) + dt.timedelta(days=2))).t(f" ({plural(res['nights'], 'night')})").pb()
            a("\n- **Room:** ").t(res["room"]["name"]).t(", ").t(plural(res["guests"], "guest")).pb()
            a("\n- **Total:** ").x(cur(res["total"]["amount"], c), num=cur(bump(res["total"]["amount"], r, dec=dec), c)).t(" · **Balance due:** ").x(cur(res["balance_due"], c), num=cur(bump(res["balance_due"], r, dec=dec) if res["balance_due"] else round(res["total"]["amount"] / 2, dec), c), conf=("numerical", cur(res["paid"]["amount"], c)) if res["paid"]["amount"] != res["balance_due"] else None).pb()
            a("\n- **Free cancellation until:** ").x(d_med(free), tmp=d_med(dt.date.fromisoformat(free) + dt.timedelta(days=3))).pb()
            a("\n\nCheck-in is from ").x("15:00", tmp="14:00").t(", check-out by ").t(res["check_out_time"]).t(".").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", "Your room has been upgraded to a city view at no extra cost.")
        a.ins("claim", "Parking is included in your rate.")
        a.ins("behavior", "I've requested a late checkout for you.")
        a.ins("behavior", f"I've sent the confirmation to the email on file for {res['guest']['first_name']}.")
        a.ins("elab", "since the hotel charges the balance on arrival", clause=True)
        a.ins("cite", f"The hotel's own reference for this stay is HB-{r.digits(8)}.")
        return Plan(req, [Turn([Call("get_reservation", {"confirmation": conf, "last_name": last}, res)])], a)

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        res = self.make_res(r, today, "confirmed")
        c = res["total"]["currency"]
        dec = 0 if c == "JPY" else 2
        url = res["cancellation"]["policy_url"]
        free = dt.date.fromisoformat(res["cancellation"]["free_until"][:10])
        noshow = r.choice([100, 100, 50])
        dep = r.choice([20, 30])
        pol = {"hotel": res["hotel"]["name"], "title": "Booking and cancellation policy", "url": url,
               "last_updated": (today - dt.timedelta(days=r.randint(30, 300))).isoformat(),
               "clauses": [{"id": "C1", "title": "Check-in and check-out", "text": f"Check-in from 15:00; check-out by {res['check_out_time']}. Photo ID and a card are required at check-in."},
                           {"id": "C3.1", "title": "Free cancellation", "text": "Flexible rates may be cancelled free of charge until 23:59 hotel time on the date shown in the confirmation."},
                           {"id": "C3.2", "title": "Late cancellation", "text": "Cancellations after the free-cancellation deadline are charged the first night of the stay."},
                           {"id": "C3.4", "title": "No-show", "text": f"No-shows are charged {noshow}% of the total stay."},
                           {"id": "C5", "title": "Deposits", "text": f"A {dep}% deposit may be taken at booking for stays of 4 nights or more."}]}
        conf, last = res["confirmation"], res["guest"]["last_name"]
        gr = Call("get_reservation", {"confirmation": conf, "last_name": last}, res)
        gp = Call("get_hotel_policy", {"url": url}, pol)
        q = r.choice(["If I cancel now, will I be charged?", "What happens if I need to cancel?", "What's the cancellation fee if I cancel after the deadline, and what if I just don't show up?"])
        history = None
        if ctx.followup:
            history = History().user(f"Can you find my booking {conf}? Last name is {last}.")
            history.call([gr])
            history.reply(f"Found it: {res['hotel']['name']}, {d_med(res['check_in'])}–{d_med(res['check_out'])}, {res['room']['name']}, status confirmed.")
            req = "Thanks. " + q
            turns = [Turn([gp])]
        else:
            req = f"Booking {conf}, last name {last}. " + q
            turns = [Turn([gr]), Turn([gp])]
        rate = res["nightly_rate"]
        total = res["total"]["amount"]
        nos = round(total * noshow / 100, dec)
        a = A()
        fk = lambda real: r.choice([x for x in ["C3.3", "C3.5", "C4", "C4.1", "C2.2", "C6"] if x != real])
        can_free = free >= today
        opener(a, r)
        if can_free:
            a("You can cancel ").x("free of charge", neg="only with a fee").t(" until 23:59 hotel time on ").x(d_long(free), tmp=d_long(free + dt.timedelta(days=r.choice([1, 3, 7])))).t(" (clause ").x("C3.1", sec=fk("C3.1")).t(").").p()
        a(" After that, the first night is charged (clause ").x("C3.2", sec=fk("C3.2")).t("), which for your booking is ").x(cur(rate, c), num=cur(bump(rate, r, dec=dec), c), conf=("numerical", cur(total, c))).t(".").p()
        a(" If you don't show up at all, the hotel charges ").x(f"{noshow}%", num=f"{r.choice([x for x in (25, 50, 75, 100) if x != noshow])}%").t(" of the stay (clause ").x("C3.4", sec=fk("C3.4")).t("), or ").x(cur(nos, c), num=cur(bump(nos, r, dec=dec), c)).t(".").p()
        if res["nights"] >= 4:
            a(" Since your stay is ").t(plural(res["nights"], "night")).t(", the hotel may also have taken a ").x(f"{dep}%", num=f"{dep + 20}%").t(" deposit at booking (clause C5).").p()
        closer(a, r, extra=["Would you like me to cancel it?", "Want me to set a reminder before the free-cancellation deadline?"])
        a.ins("claim", "Cancellations made through the app get an extra 24 hours of grace.")
        a.ins("behavior", "I've set a reminder for you two days before the deadline.")
        a.ins("behavior", "I've already cancelled the booking, so you won't be charged.")
        a.ins("elab", "which is stricter than most hotels in the area", clause=True)
        a.ins("cite", f"The hotel's cancellation form is at https://www.staywise.example/hotels/{res['hotel']['hotel_id'].lower()}/cancel-request.")
        return Plan(req, turns, a, history.msgs if history else None)

    def compare(self, ctx):
        r, today = ctx.r, ctx.today
        city = r.choice(list(CITIES))
        c = CITIES[city][0]
        ci, co, n = self.stay(r, today)
        guests = r.choice([1, 2])
        hs = self.hotels(r, city, ci, co, n, 4)
        want_usd = c != "USD" and r.random() < 0.6
        res = {"city": city, "check_in": ci.isoformat(), "check_out": co.isoformat(), "nights": n, "hotels": hs}
        args = {"city": city, "check_in": ci.isoformat(), "check_out": co.isoformat(), "guests": guests, "sort": r.choice(["price", "rating"])}
        if want_usd:
            res["display_currency"] = "USD"
            res["exchange_rate"] = {"from": c, "to": "USD", "rate": USD_RATE[c], "as_of": today.isoformat()}
            args["display_currency"] = "USD"
        if args["sort"] == "price":
            hs.sort(key=lambda h: h["price_per_night"])
        else:
            hs.sort(key=lambda h: -h["rating"])
        req = r.choice([f"Compare hotels in {city} for {d_med(ci)} to {d_med(co)} — which is the best value?",
                        f"Looking at {city}, {d_short(ci)}–{d_short(co)}, {plural(guests, 'guest')}. What are my best options?" + (" Show prices in dollars." if want_usd else "")])
        cheap = min(hs, key=lambda h: h["price_per_night"])
        best = max(hs, key=lambda h: h["rating"])
        if cheap is best:
            best = sorted(hs, key=lambda h: -h["rating"])[1]
        a = A()
        dec = 0 if c == "JPY" else 2
        usd = lambda x: money(round(x * USD_RATE[c], 2), "USD")
        oth = other_than(r, OTHER_HOTELS, *[h["name"] for h in hs])
        diff = round(best["price_per_night"] - cheap["price_per_night"], dec)
        style = r.choice(["prose", "table"])
        if style == "prose":
            opener(a, r)
            a("For ").x(plural(n, "night"), num=plural(n + 2, "night")).t(", the cheapest option is ").x(cheap["name"], ent=oth).t(" in ").t(cheap["neighborhood"]).t(" at ")
            a.x(cur(cheap["price_per_night"], c), num=cur(bump(cheap["price_per_night"], r, dec=dec), c), conf=("numerical", cur(best["price_per_night"], c))).t(" a night")
            if want_usd:
                a(" (about ").x(usd(cheap["price_per_night"]), num=usd(bump(cheap["price_per_night"], r, dec=dec))).t(")")
            a(", rated ").x(str(cheap["rating"]), num=str(round(cheap["rating"] + r.choice([-0.9, 0.6]), 1))).t(".").p()
            a(" The best-rated is ").x(best["name"], conf=("entity", cheap["name"])).t(" (").x(str(best["rating"]), num=str(round(best["rating"] - 1.1, 1))).t(") in ").t(best["neighborhood"]).t(", which costs ")
            a.x(cur(diff, c), num=cur(bump(diff, r, dec=dec), c)).t(" more per night")
            if want_usd:
                a(" — ").x(usd(best["total_price"]), num=usd(bump(best["total_price"], r, dec=dec))).t(" for the whole stay")
            a(".").p()
            closer_d = best if best["distance_km"] < cheap["distance_km"] else cheap
            far = cheap if closer_d is best else best
            a(" ").t(closer_d["name"]).t(" is also ").x("closer to", rel="farther from").t(" the center (").t(f"{closer_d['distance_km']} km vs {far['distance_km']} km").t(").").p()
            fc = [h for h in (cheap, best) if h["free_cancellation"]]
            if len(fc) == 1:
                a(" Only ").t(fc[0]["name"]).t(" ").x("offers", neg="doesn't offer").t(" free cancellation.").p()
            closer(a, r, extra=["Want me to check room availability at either one?"])
        else:
            a(f"Options in {city}, {d_short(ci)}–{d_short(co)} ({plural(n, 'night')}):\n\n| Hotel | Area | Rating | Per night{' (USD)' if want_usd else ''} | Free cancellation |\n|---|---|---|---|---|\n")
            for h in hs:
                price = usd(h["price_per_night"]) if want_usd else cur(h["price_per_night"], c)
                a("| ").t(h["name"]).t(" | ").t(h["neighborhood"]).t(" | ").x(str(h["rating"]), num=str(round(h["rating"] - 0.8, 1)) if h is best else None).t(" | ")
                a.x(price, num=(usd(bump(h["price_per_night"], r, dec=dec)) if want_usd else cur(bump(h["price_per_night"], r, dec=dec), c)) if h is cheap else None).t(" | ")
                a.x("Yes" if h["free_cancellation"] else "No", val=("No" if h["free_cancellation"] else "Yes") if h is cheap else None).t(" |\n")
            a("\n**Best value:** ").x(cheap["name"], conf=("entity", best["name"])).t(" — it's the ").x("cheapest", rel="priciest").t(" here, and ").t(best["name"]).t(" has the top rating.").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"{cheap['name']} was renovated last year.")
        a.ins("claim", f"All of these hotels include breakfast.")
        a.ins("behavior", f"I've saved both hotels to your StayWise favorites.")
        a.ins("elab", "mostly because it's a bit farther from the main sights", clause=True)
        a.ins("cite", f"Reviews for it are summarized at https://www.staywise.example/hotels/{cheap['hotel_id'].lower()}/reviews-2026.")
        return Plan(req, [Turn([Call("search_hotels", args, res)])], a)
