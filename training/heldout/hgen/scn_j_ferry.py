"""ferry_bookings (set j): a Bass Strait vehicle-ferry's booking chat — sailings on a date compared (crossing time from
the timestamps, daylight saving included; fare for the party and vehicle; cabins; the deck; nautical miles → km), a
booking's details (check-in closing time before departure, days to go, vehicle size), changing to another sailing (a
full vehicle deck refused by design and the offered sailing taken, change fee plus fare difference) and the refund on
cancelling, from the conditions of carriage fetched by path (share of the fare kept by notice band)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_int, s_num, s_obj, s_str
from .jstyle import Yarn, WKL, at, check, stamp

BASE = "https://api.southstrait.example/v3"
Z = "VIC"
PORTS = {"GEE": "Geelong", "DEV": "Devonport"}
ROUTES = ["GEE-DEV", "DEV-GEE"]
VESSELS = ["Strait Venture", "Strait Horizon"]
OTHER_VESSELS = ["Strait Voyager", "Southern Cross II"]
VEHICLES = {"car": 139.0, "car_trailer": 229.0, "motorhome": 289.0, "motorcycle": 79.0}
VLABEL = {"car": "car", "car_trailer": "car and trailer", "motorhome": "motorhome", "motorcycle": "motorbike", "none": "no vehicle"}
CABINS = [("2-berth inside", 189.0), ("4-berth outside", 289.0), ("recliner seat", 39.0)]
LEADS = ["Aaron Whitlock", "Megan O'Neill", "Harrison Lee", "Priscilla Dawes", "Tane Walker"]
OTHER_LEADS = ["Jordan Blake", "Kirsty Hale", "Vikram Rao"]
NM = 232


def sid(d, kind):
    return f"SS-{d.strftime('%y%m%d')}-{kind}"


class FerryBookings(Scenario):
    name = "ferry_bookings"
    agent = "Marlin"
    service = "southstrait-bookings"
    system = ("You are Marlin, the booking assistant for Southern Strait Ferries (Geelong–Devonport). Use the tools to "
              "search sailings, look up and change bookings, and answer questions from the conditions of carriage. "
              "Times are local (Victoria and Tasmania share a time zone); fares in AUD.")
    error_style = 0
    entity_noun = {"booking_number": "Booking", "sailing_id": "Sailing", "conditions_path": "Document"}
    preambles = ["One moment, checking.", "Let me look that up.", "Checking now."]

    def __init__(self):
        ref_p = r"^SF\d{6}$"
        self.tools = [
            Tool("search_sailings", "Sailings on a route and date with times, fares for the party and vehicle, cabins and "
                                    "vehicle-deck availability.",
                 s_obj({"route": s_str("Route.", enum=ROUTES), "date": s_date("Departure date, YYYY-MM-DD."),
                        "adults": s_int("Adults.", 1, 9), "children": s_int("Children (3–15).", 0, 9),
                        "vehicle": s_str("Vehicle type.", enum=list(VEHICLES) + ["none"]),
                        "vehicle_length_m": s_num("Vehicle length in metres.", 2, 20)},
                       ["route", "date", "adults"]),
                 http=BASE, extra=[("include_sold_out", True)]),
            Tool("get_booking", "A booking: sailing, passengers, vehicle, cabin, amount paid, check-in closing, "
                                "conditions document path.",
                 s_obj({"booking_number": s_str("Booking reference, e.g. 'SF482913'.", pattern=ref_p)}, ["booking_number"]),
                 entity={"booking_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("change_booking", "Move a booking to another sailing.",
                 s_obj({"booking_number": s_str("Booking reference.", pattern=ref_p),
                        "sailing_id": s_str("Sailing ID from search_sailings, e.g. 'SS-260314-N'.", pattern=r"^SS-\d{6}-[DN]$")},
                       ["booking_number", "sailing_id"]),
                 entity={"booking_number": "id", "sailing_id": "id"}, http=BASE, extra=[("waive_fee", True)]),
            Tool("get_conditions", "Conditions of carriage (Markdown, numbered sections) by path.",
                 s_obj({"conditions_path": s_str("Document path from a booking, e.g. 'conditions/carriage-2026.md'.",
                                                 pattern=r"^conditions/[a-z0-9-]+\.md$")}, ["conditions_path"]),
                 entity={"conditions_path": "path"}, extra=[("version", "latest")]),
        ]
        self.intents = [("sailing_search", self.search, False), ("booking_details", self.details, False),
                        ("change_sailing", self.change, True), ("cancel_refund", self.cancel, True)]

    # ------------------------------------------------------------------ data
    def _sailings(self, r, route, day, adults, children, vehicle, both=None):
        out = []
        kinds = ["N"] if not (both if both is not None else r.random() < 0.55) else ["D", "N"]
        for k in kinds:
            if k == "D":
                dep, arr = at(day, 9, 0, Z), at(day, 19, 0, Z)
            else:
                dep, arr = at(day, 19, 30, Z), at(day + dt.timedelta(days=1), 6, 30, Z)
            fares = {"adult_seat": r.choice([99.0, 119.0, 139.0, 149.0]) + (20.0 if k == "D" else 0.0),
                     "child_seat": r.choice([49.0, 59.0, 69.0])}
            if vehicle != "none":
                fares["vehicle"] = VEHICLES[vehicle] + r.choice([0.0, 20.0, 40.0])
            cab = [{"type": t, "price_aud": p, "available": r.randint(0, 6)} for t, p in CABINS] if k == "N" else []
            out.append({"sailing_id": sid(day, k), "vessel": r.choice(VESSELS), "depart": dep.isoformat(), "arrive": arr.isoformat(),
                        "fares_aud": fares, "cabins": cab,
                        "vehicle_deck": r.choice(["available", "available", "limited"]) if vehicle != "none" else "n/a"})
        return out

    def _booking(self, r, today, days_out=None):
        ref = f"SF{r.randint(100000, 999999)}"
        route = r.choice(ROUTES)
        day = today + dt.timedelta(days=days_out if days_out is not None else r.randint(3, 40))
        kind = r.choice(["N", "N", "D"])
        veh = r.choice(["car", "car", "car_trailer", "motorhome", "motorcycle", "none"])
        adults, children = r.randint(1, 3), r.choice([0, 0, 1, 2])
        s = self._sailings(r, route, day, adults, children, veh, both=True)
        sl = [x for x in s if x["sailing_id"].endswith(kind)][0]
        cabin = r.choice(CABINS[:2]) if kind == "N" and r.random() < 0.5 else None
        total = adults * sl["fares_aud"]["adult_seat"] + children * sl["fares_aud"]["child_seat"] + sl["fares_aud"].get("vehicle", 0.0) + (cabin[1] if cabin else 0.0)
        lengths = {"car": (4.2, 5.2), "car_trailer": (8.5, 11.5), "motorhome": (6.5, 9.0), "motorcycle": (2.1, 2.4)}
        res = {"booking_number": ref, "lead_passenger": r.choice(LEADS), "status": "confirmed",
               "sailing": {"sailing_id": sl["sailing_id"], "route": route, "vessel": sl["vessel"], "depart": sl["depart"], "arrive": sl["arrive"]},
               "passengers": {"adults": adults, "children": children},
               "vehicle": None if veh == "none" else {"type": veh, "rego": f"{r.randint(1, 9)}{r.upper(2)}{r.randint(1, 9)}{r.upper(2)}",
                                                       "length_m": round(r.uniform(*lengths[veh]), 1), "height_m": round(r.uniform(1.2, 3.1) if veh == "motorhome" else r.uniform(1.2, 1.9), 1)},
               "cabin": cabin[0] if cabin else None, "total_paid_aud": round(total, 2),
               "check_in_closes_min": 90 if veh != "none" else 45,
               "conditions_path": f"conditions/{r.choice(['carriage-2026', 'conditions-of-carriage'])}.md",
               "as_of": stamp(today, r.randint(8, 18), r.randint(0, 59), Z)}
        return ref, res, sl

    # ------------------------------------------------------------------ intents
    def search(self, ctx):
        r, today = ctx.r, ctx.today
        route = r.choice(ROUTES)
        day = today + dt.timedelta(days=r.randint(3, 45))
        adults, children = r.randint(1, 4), r.choice([0, 0, 1, 2, 3])
        veh = r.choice(["car", "car", "car_trailer", "motorhome", "motorcycle", "none"])
        args = {"route": route, "date": day.isoformat(), "adults": adults, "children": children, "vehicle": veh}
        if veh != "none":
            args["vehicle_length_m"] = {"car": 4.8, "car_trailer": 9.5, "motorhome": 7.2, "motorcycle": 2.2}[veh]
        sl = self._sailings(r, route, day, adults, children, veh)
        res = {"route": route, "date": day.isoformat(), "distance_nm": NM, "sailings": sl,
               "as_of": stamp(today, r.randint(8, 20), r.randint(0, 59), Z)}
        o, d_ = route.split("-")
        party = f"{adults} adult{'s' if adults > 1 else ''}" + (f" and {children} kid{'s' if children > 1 else ''}" if children else "")
        req = r.choice([f"What sailings are there from {PORTS[o]} to {PORTS[d_]} on {day.isoformat()}? {party}" + (f" with a {VLABEL[veh]}." if veh != "none" else ", no vehicle."),
                        f"Price for {party}" + (f" plus a {VLABEL[veh]}" if veh != "none" else "") + f", {PORTS[o]} → {PORTS[d_]}, {day.isoformat()}?"])
        w = Yarn(r, today, Z)

        def cost(s):
            f = s["fares_aud"]
            return adults * f["adult_seat"] + children * f["child_seat"] + f.get("vehicle", 0.0)

        a = A()
        w.opener(a)
        if len(sl) == 1:
            s = sl[0]
            dep, arr = dt.datetime.fromisoformat(s["depart"]), dt.datetime.fromisoformat(s["arrive"])
            a.t(f"There's one sailing on {w.d(day)} — the overnight, departing ").x(w.t(dep), tmp=w.t(dep + dt.timedelta(hours=2))).t(" and arriving ")
            a.x(f"{w.t(arr)} {w.d(arr.date(), wk=False)}", tmp=f"{w.t(arr + dt.timedelta(hours=1))} {w.d(arr.date(), wk=False)}").t(". For your group that's ")
            w.b(a, w.money(cost(s)), num=w.money(cost(s) + 60))
            a.t(" in fares.")
            a.p()
        else:
            dsl, nsl = sl
            cd, cn = cost(dsl), cost(nsl)
            if cd == cn:
                a.t(f"Two sailings on {w.d(day)}, and both come to ")
                w.b(a, w.money(cd), num=w.money(cd + 30))
                a.t(" for your group.")
            else:
                a.t(f"Two sailings on {w.d(day)}. The ")
                cheap = "night" if cn < cd else "day"
                a.x(cheap, rel="day" if cheap == "night" else "night").t(" sailing is cheaper for your group by ")
                w.b(a, w.money(abs(cd - cn)), num=w.money(abs(cd - cn) + 30))
                a.t(".")
            a.p()
        w.para(a)
        for k, s in enumerate(sl):
            dep, arr = dt.datetime.fromisoformat(s["depart"]), dt.datetime.fromisoformat(s["arrive"])
            mins = (arr - dep).total_seconds() / 60
            w.li(a)
            nm = 'Day' if s['sailing_id'].endswith('D') else 'Night'
            a.t(f"**{nm}** ({s['sailing_id']}): " if w.bold else f"{nm} ({s['sailing_id']}): ")
            a.x(w.tspan(dep, arr), tmp=w.tspan(dep + dt.timedelta(hours=1), arr + dt.timedelta(hours=1)) if k == 0 else None).t(", ")
            other = sl[1 - k] if len(sl) > 1 else None
            om = (dt.datetime.fromisoformat(other["arrive"]) - dt.datetime.fromisoformat(other["depart"])).total_seconds() / 60 if other else None
            a.x(w.span(mins), num=w.span(mins + 60), conf=("numerical", w.span(om)) if other and om != mins else None).t(" on the ").x(s["vessel"], ent=r.choice(OTHER_VESSELS) if k == 0 else None)
            f = s["fares_aud"]
            a.t(f" — {adults} × {w.money(f['adult_seat'])}")
            if children:
                a.t(f" + {children} × {w.money(f['child_seat'])}")
            if veh != "none":
                a.t(" + ").x(w.money(f["vehicle"]), num=w.money(f["vehicle"] + 50) if k == 0 else None).t(f" {VLABEL[veh]}")
            a.t(" = ").x(w.money(cost(s)), num=w.money(cost(s) + 40) if k == 0 else None)
            if veh != "none":
                a.t("; deck ").x(s["vehicle_deck"], val="waitlist" if k == 0 else None)
            w.pt(a)
        w.para(a)
        ns = sl[-1]
        cabs = [c for c in ns["cabins"] if c["available"] > 0]
        if cabs:
            c = min(cabs, key=lambda c: c["price_aud"])
            a.t("On the night sailing the cheapest extra is a ").x(c["type"], ent=None).t(" at ").x(w.money(c["price_aud"]), num=w.money(c["price_aud"] + 50)).t(f" ({w.cnt(c['available'], 'left', 'left')})")
        else:
            a.t("Cabins on the night sailing are ").x("all gone", neg="still available")
        a.t(". The crossing is ").x(f"{NM} nautical miles", num=f"{NM + 40} nautical miles").t(" (").x(w.near(NM * 1.852, 10, lambda v: w.u(v, "km", 0)), num=w.u(round(NM * 1.609, -1), "km", 0)).t(")").pc().t(".")
        a.p()
        w.closer(a, ["Want me to hold one of these?", "Happy to check another date if that suits better."])
        a.ins("claim", "School holiday sailings usually sell out a month ahead.")
        a.ins("claim", "The day sailing has a kids' play area on deck 7.")
        a.ins("behavior", "I've put a 24-hour hold on the cheaper sailing for you.")
        a.ins("behavior", "I've added you to the waitlist for a cabin.")
        a.ins("elab", "since the day sailing runs only in the summer timetable", clause=True)
        a.ins("cite", f"Fare quote FQ-{r.randint(100000, 999999)} is saved for 48 hours.")
        return check(self, Plan(req, [Turn([Call("search_sailings", args, res)])], a))

    def details(self, ctx):
        r, today = ctx.r, ctx.today
        ref, b, sl = self._booking(r, today)
        s = b["sailing"]
        dep, arr = dt.datetime.fromisoformat(s["depart"]), dt.datetime.fromisoformat(s["arrive"])
        ci = dep - dt.timedelta(minutes=b["check_in_closes_min"])
        req = r.choice([f"Can you confirm my booking {ref}? What time do I need to be there?",
                        f"Booking {ref} — when does check-in close and when do we get in?"])
        w = Yarn(r, today, Z)
        o, d_ = s["route"].split("-")
        mins = (arr - dep).total_seconds() / 60
        a = A()
        w.opener(a)
        a.t(f"You're {'all ' if r.random() < 0.5 else ''}")
        a.x("confirmed", val="waitlisted").t(f" on the {PORTS[o]} → {PORTS[d_]} sailing ")
        w.b(a, w.rel(dep.date()), tmp=w.rel(dep.date() + dt.timedelta(days=1)))
        a.t(". Check-in closes ")
        w.b(a, w.at_t(ci), tmp=w.at_t(ci + dt.timedelta(minutes=45)))
        a.t(" — ").x(f"{b['check_in_closes_min']} minutes", num=f"{b['check_in_closes_min'] - 30} minutes").t(" ").x("before", rel="after").t(" the ").x(w.t(dep), tmp=w.t(dep + dt.timedelta(hours=1))).t(" departure.")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Arrive ").x(f"{w.t(arr)} {w.d(arr.date())}", tmp=f"{w.t(arr)} {w.d(arr.date() + dt.timedelta(days=1))}").t(f" — {w.span(mins)} on the ").x(s["vessel"], ent=r.choice(OTHER_VESSELS))
        w.pt(a)
        w.li(a)
        p = b["passengers"]
        a.t("Passengers: ").x(w.cnt(p["adults"], "adult"), num=w.cnt(p["adults"] + 1, "adult"))
        if p["children"]:
            a.t(" + ").x(w.cnt(p["children"], "child", "children"), num=w.cnt(p["children"] + 1, "child", "children"))
        a.t(f", lead passenger ").x(b["lead_passenger"], ent=r.choice(OTHER_LEADS))
        w.pt(a)
        v = b["vehicle"]
        if v:
            w.li(a)
            a.t(f"{VLABEL[v['type']].capitalize()} ").x(v["rego"], fid=mutate_id(v["rego"], r)).t(", ").x(w.u(v["length_m"], "m"), num=w.u(round(v["length_m"] + 1.5, 1), "m")).t(" long, ").x(w.u(v["height_m"], "m"), num=w.u(round(v["height_m"] + 0.8, 1), "m")).t(" high")
            w.pt(a)
        if b["cabin"]:
            w.li(a)
            a.t("Cabin: ").x(b["cabin"], val=[c[0] for c in CABINS[:2] if c[0] != b["cabin"]][0])
            w.pt(a)
        w.li(a)
        a.t("Paid ").x(w.money(b["total_paid_aud"]), num=w.money(b["total_paid_aud"] + 75))
        if r.random() < 0.4:
            a.t(" (`").x("total_paid_aud", attr=r.choice(["fare_total_aud", "amount_settled"])).t("`)")
        w.pt(a)
        w.para(a)
        a.t("Ref ").x(ref, fid=mutate_id(ref, r)).t(" — ").x(w.days((dep.date() - today).days), num=w.days((dep.date() - today).days + 3)).t(" to go")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want me to add a cabin?", "Need the directions to the terminal?"])
        a.ins("claim", "The terminal car park opens two hours before departure.")
        a.ins("claim", "Pets travel in the kennels on deck 5.")
        a.ins("behavior", "I've sent your boarding pass to your email.")
        a.ins("behavior", "I've added a breakfast voucher to the booking.")
        a.ins("elab", "since vehicles are loaded by height", clause=True)
        a.ins("cite", f"Boarding pass: https://southstrait.example/bp/{ref.lower()}-{r.randint(10, 99)}")
        return check(self, Plan(req, [Turn([Call("get_booking", {"booking_number": ref}, b)])], a))

    def change(self, ctx):
        r, today = ctx.r, ctx.today
        ref, b, _ = self._booking(r, today, days_out=r.randint(5, 30))
        s = b["sailing"]
        olddep = dt.datetime.fromisoformat(s["depart"])
        veh = b["vehicle"]["type"] if b["vehicle"] else "none"
        p = b["passengers"]
        newday = olddep.date() + dt.timedelta(days=r.choice([-2, -1, 1, 2, 3, 7]))
        if newday <= today:
            newday = olddep.date() + dt.timedelta(days=2)
        sl = self._sailings(r, s["route"], newday, p["adults"], p["children"], veh, both=True)
        kind = "N" if s["sailing_id"].endswith("N") else "D"
        tgt = [x for x in sl if x["sailing_id"].endswith(kind)][0]
        alt = [x for x in sl if x is not tgt][0]
        full = veh != "none" and r.random() < 0.6
        if full:
            tgt["vehicle_deck"] = "limited"
        args = {"route": s["route"], "date": newday.isoformat(), "adults": p["adults"], "children": p["children"], "vehicle": veh}
        ss = Call("search_sailings", args, {"route": s["route"], "date": newday.isoformat(), "distance_nm": NM, "sailings": sl, "as_of": b["as_of"]})
        turns = [Turn([ss])]
        if full:
            turns.append(Turn([Call("change_booking", {"booking_number": ref, "sailing_id": tgt["sailing_id"]},
                                    {"changed": False, "reason_code": "VEHICLE_DECK_FULL",
                                     "message": f"No vehicle space left on {tgt['sailing_id']}.",
                                     "alternatives": [{"sailing_id": alt["sailing_id"], "depart": alt["depart"]}]})]))
            got = alt
        else:
            got = tgt
        fee = 30.0
        diff = r.choice([0.0, 20.0, 40.0, 60.0])
        ok = {"changed": True, "booking_number": ref, "new_sailing": {"sailing_id": got["sailing_id"], "depart": got["depart"], "arrive": got["arrive"], "vessel": got["vessel"]},
              "previous_sailing": s["sailing_id"], "change_fee_aud": fee, "fare_difference_aud": diff, "amount_charged_aud": fee + diff,
              "as_of": b["as_of"]}
        turns.append(Turn([Call("change_booking", {"booking_number": ref, "sailing_id": got["sailing_id"]}, ok)]))
        gb = Call("get_booking", {"booking_number": ref}, b)
        history = None
        if ctx.followup:
            history = History().user(f"What's on booking {ref}?")
            history.call([gb])
            history.reply(f"{ref}: {s['route']} on {s['depart'][:10]} at {s['depart'][11:16]}, {p['adults']} adult(s)" + (f", {VLABEL[veh]}" if veh != "none" else "") + ".")
            req = r.choice([f"Can we move it to the {'night' if kind == 'N' else 'day'} sailing on {newday.isoformat()}?",
                            f"Something's come up — can you shift us to {WKL[newday.weekday()]} {newday.isoformat()}, same sailing time?"])
        else:
            req = f"Please move booking {ref} to the {'night' if kind == 'N' else 'day'} sailing on {newday.isoformat()}."
            turns = [Turn([gb])] + turns
        w = Yarn(r, today, Z)
        gdep, garr = dt.datetime.fromisoformat(got["depart"]), dt.datetime.fromisoformat(got["arrive"])
        tdep = dt.datetime.fromisoformat(tgt["depart"])
        a = A()
        w.opener(a, followup=ctx.followup)
        if full:
            a.t(f"The {'night' if kind == 'N' else 'day'} sailing on {w.d(newday)} ")
            a.x("had no vehicle space left", neg="had vehicle space").t(" (`").x("VEHICLE_DECK_FULL", attr=r.choice(["DECK_SOLD_OUT", "NO_VEHICLE_SPACE"])).t("`), so I've ")
            a.x("moved", val="waitlisted").t(" you to the other one that day: ")
            w.b(a, f"{w.d(newday)} {w.at_t(gdep)}", tmp=f"{w.d(newday)} {w.at_t(gdep + dt.timedelta(hours=2))}", conf=("temporal", f"{w.d(newday)} {w.at_t(tdep)}"))
            a.t(".")
        else:
            a.t("All sorted, you're ").x("moved", val="waitlisted").t(" to ")
            w.b(a, f"{w.d(newday)} {w.at_t(gdep)}", tmp=f"{w.d(newday + dt.timedelta(days=1))} {w.at_t(gdep)}")
            a.t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Sailing ").x(got["sailing_id"], fid=mutate_id(got["sailing_id"], r)).t(", arriving ").x(f"{w.t(garr)} {w.d(garr.date(), wk=False)}", tmp=f"{w.t(garr - dt.timedelta(hours=2))} {w.d(garr.date(), wk=False)}")
        w.pt(a)
        w.li(a)
        a.t("Change fee ").x(w.money(fee), num=w.money(fee + 15))
        if diff:
            a.t(" + fare difference ").x(w.money(diff), num=w.money(diff + 20)).t(" = ")
            w.b(a, w.money(fee + diff), num=w.money(fee + diff + 25), conf=("numerical", w.money(diff)))
            a.t(" charged")
        else:
            a.t(", ").x("no fare difference", neg="plus a fare difference").t(", so ")
            w.b(a, w.money(fee), num=w.money(fee + 20))
            a.t(" all up")
        w.pt(a)
        w.li(a)
        shift = (newday - olddep.date()).days
        a.t("That's ").x(w.cnt(abs(shift), "day"), num=w.cnt(abs(shift) + 1, "day")).t(" ").x("later" if shift > 0 else "earlier", rel="earlier" if shift > 0 else "later").t(f" than your original ({w.d(olddep.date())})")
        w.pt(a)
        if b["vehicle"]:
            w.para(a)
            a.t("Check-in for vehicles still closes ").x(f"{b['check_in_closes_min']} minutes", num=f"{b['check_in_closes_min'] + 30} minutes").t(" before departure, so be there by ").x(w.t(gdep - dt.timedelta(minutes=b["check_in_closes_min"])), tmp=w.t(gdep - dt.timedelta(minutes=30))).pc().t(".")
            a.p()
        w.closer(a, ["Want the updated boarding pass emailed?", "Anything else to change on the booking?"])
        a.ins("claim", "Changes are free if made more than 30 days out.")
        a.ins("claim", "The other sailing usually has spare deck space midweek.")
        a.ins("behavior", "I've refunded the original fare to your card.")
        a.ins("behavior", "I've also upgraded you to a cabin at no charge.")
        a.ins("elab", "since a freight booking took the last lanes", clause=True)
        a.ins("cite", f"Amendment receipt AR-{r.randint(1000000, 9999999)}.")
        return check(self, Plan(req, turns, a, history.msgs if history else None))

    def cancel(self, ctx):
        r, today = ctx.r, ctx.today
        far = r.random() < 0.5
        ref, b, _ = self._booking(r, today, days_out=r.randint(9, 40) if far else r.randint(1, 6))
        s = b["sailing"]
        dep = dt.datetime.fromisoformat(s["depart"])
        keep_pct = 10 if far else 50
        fee_chg = r.choice([25.0, 30.0, 35.0])
        hi_m = r.choice([2.1, 2.3])
        doc = ("# Conditions of Carriage\n\n"
               "## 1. Check-in\n"
               "1.1 Vehicles: check-in closes 90 minutes before departure.\n"
               "1.2 Foot passengers: check-in closes 45 minutes before departure.\n\n"
               "## 2. Changes and cancellations\n"
               f"2.1 Changes to another sailing: ${fee_chg:.2f} per booking plus any fare difference.\n"
               "2.2 Cancellations more than 7 days before departure: 10% of the fare is kept.\n"
               "2.3 Cancellations 7 days or less before departure: 50% of the fare is kept.\n"
               "2.4 No refund once check-in has closed.\n\n"
               "## 3. Vehicles\n"
               f"3.1 Vehicles over {hi_m} m high are charged the high-vehicle rate.\n"
               "3.2 Gas bottles must be turned off and declared at check-in.\n")
        path = b["conditions_path"]
        gb = Call("get_booking", {"booking_number": ref}, b)
        gc = Call("get_conditions", {"conditions_path": path}, doc)
        q = r.choice(["If I cancel, how much do I get back?", "What's the refund if we cancel now?"])
        history = None
        if ctx.followup:
            history = History().user(f"Pull up booking {ref} please.")
            history.call([gb])
            history.reply(f"{ref} is confirmed for {s['depart'][:10]} ({s['route']}), paid ${b['total_paid_aud']:.2f}.")
            req = q
            turns = [Turn([gc])]
        else:
            req = f"Booking {ref}. {q}"
            turns = [Turn([gb]), Turn([gc])]
        w = Yarn(r, today, Z)
        paid = b["total_paid_aud"]
        kept = round(paid * keep_pct / 100, 2)
        back = round(paid - kept, 2)
        ndays = (dep.date() - today).days
        fake = lambda real: r.choice([x for x in ["2.5", "2.6", "4.1", "1.4"] if x != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("If you cancel today you'd get back ")
        w.b(a, w.money(back), num=w.money(back - paid * 0.1 if far else back + paid * 0.4), conf=("numerical", w.money(kept)))
        a.t(f" of the {w.money(paid)} paid.")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Departure is ").x(w.rel(dep.date()), tmp=w.rel(dep.date() + dt.timedelta(days=3))).t(" — ")
        if far:
            a.x("more than", rel="less than").t(" 7 days out, so §").x("2.2", sec=fake("2.2")).t(" applies: ")
        else:
            a.x("7 days or less", rel="more than 7 days").t(" out, so §").x("2.3", sec=fake("2.3")).t(" applies: ")
        a.x(f"{keep_pct}%", num=f"{keep_pct + 15}%").t(" is kept (").x(w.money(kept), num=w.money(kept + 20)).t(")")
        w.pt(a)
        if far:
            w.li(a)
            cut = dep.date() - dt.timedelta(days=7)
            a.t("From ").x(f"{w.t(dep)} on {w.d(cut)}", tmp=f"{w.t(dep)} on {w.d(cut + dt.timedelta(days=3))}").t(" it's 7 days or less, and ").x("half", num="a quarter").t(" would be kept instead")
            w.pt(a)
        w.li(a)
        a.t(f"No refund at all once check-in closes (§").x("2.4", sec=fake("2.4")).t(")")
        w.pt(a)
        w.para(a)
        a.t("Moving to another sailing instead costs ").x(w.money(fee_chg), num=w.money(fee_chg + 20)).t(" plus any fare difference (§").x("2.1", sec=fake("2.1")).t(")")
        if fee_chg != kept:
            a.t(" — the fee on its own is ").x("less" if fee_chg < kept else "more", rel="more" if fee_chg < kept else "less").t(" than the ").x(w.money(kept), num=w.money(kept * 2 + 5)).t(" kept on a cancellation")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want me to go ahead and cancel?", "Shall I look at other dates instead?"])
        a.ins("claim", "Refunds take 5–7 business days to reach your card.")
        a.ins("claim", "Travel insurance usually covers the amount kept.")
        a.ins("behavior", "I've already started the cancellation for you.")
        a.ins("behavior", "I've held your vehicle space for 24 hours in case you change your mind.")
        a.ins("elab", "because cancelled vehicle space is hard to resell close to sailing", clause=True)
        a.ins("cite", f"Refund estimate RE-{r.randint(100000, 999999)} is on your account.")
        return check(self, Plan(req, turns, a, history.msgs if history else None))
