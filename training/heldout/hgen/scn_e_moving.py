"""moving_services (set e): household moving company — move details with estimate arithmetic, in-transit tracking of a
long-distance move (miles, km, ETA window), valuation coverage computed from the plain-text service terms fetched by
path, and changes to a booking (add a service or reschedule, with an unavailable-date rejection) as write actions."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, plural, s_date, s_int, s_obj,
                     s_str)
from .estyle import W, bump_pct, fm, pc, seal
from .faults import error_result

BASE = "https://api.bluecrate.example/v2"
TERMS = "contracts/bluecrate/household-goods-terms-v4.txt"
CITIES = [("Portland, OR", "-07:00"), ("Denver, CO", "-06:00"), ("Austin, TX", "-05:00"), ("Sacramento, CA", "-07:00"),
          ("Salt Lake City, UT", "-06:00"), ("Phoenix, AZ", "-07:00"), ("Minneapolis, MN", "-05:00"), ("Raleigh, NC", "-04:00")]
ROUTES = [("Portland, OR", "Denver, CO", 1243, ["Boise, ID", "Twin Falls, ID", "Rock Springs, WY"]),
          ("Sacramento, CA", "Salt Lake City, UT", 651, ["Reno, NV", "Winnemucca, NV", "Elko, NV"]),
          ("Austin, TX", "Raleigh, NC", 1380, ["Shreveport, LA", "Jackson, MS", "Atlanta, GA"]),
          ("Phoenix, AZ", "Denver, CO", 821, ["Flagstaff, AZ", "Gallup, NM", "Albuquerque, NM"]),
          ("Minneapolis, MN", "Denver, CO", 915, ["Sioux Falls, SD", "North Platte, NE"])]
OTHER_CITIES = ["Cheyenne, WY", "Omaha, NE", "Tulsa, OK", "Spokane, WA"]
STREETS = ["Maple Ave", "Juniper St", "Foxhollow Rd", "Lakeshore Dr", "Oakmont Ct", "Pine Terrace"]
CUSTOMERS = ["Priya Raman", "Daniel Brooks", "Mei Tanaka", "Olu Adebayo", "Clara Jensen", "Ravi Menon"]
COORDS = ["Jess Morales", "Andre Whitaker", "Bea Lindholm", "Kofi Mensah"]
OTHER_COORDS = ["Tara Quinlan", "Marco Delacroix"]
DRIVERS = ["Carlos M.", "Dee R.", "Hank P.", "Yusuf K."]
HIGH_VALUE = [("65-inch TV", 55, 1400), ("Upright piano", 480, 3200), ("Exercise bike (Peloton)", 135, 1900), ("Antique armoire", 210, 2600),
              ("Espresso machine", 28, 3100), ("Gaming PC", 40, 4800), ("Camera and lens kit", 18, 5400)]
SERVICES = {"PACK_FRAGILE": ("Fragile-item packing (kitchen and glassware)", 185.0), "CRATE_TV": ("Custom TV crate", 129.0),
            "APPLIANCE_DISCONNECT": ("Washer/dryer disconnect and reconnect", 95.0), "PACK_FULL": ("Full packing service", 640.0),
            "STORAGE_30": ("30 days of storage-in-transit", 310.0)}
WINDOWS = ["08:00-10:00", "10:00-12:00", "12:00-14:00"]


def low(name):
    """Lower-case the first letter unless the word is an acronym or starts with a digit ('Gaming PC' -> 'gaming PC')."""
    return name[0].lower() + name[1:] if len(name) > 1 and name[1].islower() else name


def tz_ts(d, hm, off):
    return f"{d.isoformat()}T{hm}:00{off}"


class Moving(Scenario):
    name = "moving_services"
    agent = "Dolly"
    service = "bluecrate-moving-assistant"
    system = ("You are Dolly, the customer assistant of BlueCrate Movers. Use the tools to look up moves, quotes, live "
              "tracking and the service terms, and to add services or reschedule when the customer asks. Quote the terms "
              "accurately; estimates are not final invoices.")
    error_style = 2
    entity_noun = {"move_id": "Move", "terms_path": "Document"}
    preambles = ["Let me pull up your move.", "Checking your booking.", "One moment — looking at the move record."]

    def __init__(self):
        mid = s_str("Move ID, e.g. 'MV-58213'.", pattern=r"^MV-\d{5}$")
        self.tools = [
            Tool("get_move", "A move booking: dates, arrival window, crew, estimate, inventory summary, valuation and deposit.",
                 s_obj({"move_id": mid}, ["move_id"]), entity={"move_id": "id"}, http=BASE, extra=[("expand", "inventory")]),
            Tool("get_quote", "Itemized quote of a move with deposit and balance due.",
                 s_obj({"move_id": mid, "currency": s_str("Currency.", enum=["USD"])}, ["move_id"]), entity={"move_id": "id"},
                 http=BASE, extra=[("include_taxes", True)]),
            Tool("track_shipment", "Live position and ETA window of a long-distance shipment.",
                 s_obj({"move_id": mid, "history_limit": s_int("Maximum tracking events.", 1, 50)}, ["move_id"]),
                 entity={"move_id": "id"}, http=BASE, extra=[("units", "metric")]),
            Tool("add_service", "Add an optional service to a booked move and return the new estimate total.",
                 s_obj({"move_id": mid, "service_code": s_str("Service.", enum=list(SERVICES)),
                        "quantity": s_int("Quantity.", 1, 10)}, ["move_id", "service_code", "quantity"]),
                 entity={"move_id": "id"}, http=BASE, extra=[("notify_crew", True)]),
            Tool("reschedule_move", "Move a booking to another date and arrival window.",
                 s_obj({"move_id": mid, "new_date": s_date("New move date (YYYY-MM-DD)."),
                        "arrival_window": s_str("Crew arrival window.", enum=WINDOWS)}, ["move_id", "new_date", "arrival_window"]),
                 entity={"move_id": "id"}, http=BASE, extra=[("waive_fee", True)]),
            Tool("get_terms", "Fetch the customer's service terms (plain text) by document path.",
                 s_obj({"terms_path": s_str("Terms document path from the move record.", pattern=r"^contracts/[a-z0-9_/.-]+\.txt$")},
                       ["terms_path"]), entity={"terms_path": "path"}, extra=[("version", "current")]),
        ]
        self.intents = [("move_details", self.details, True), ("shipment_tracking", self.tracking, False),
                        ("valuation_coverage", self.valuation, True), ("change_booking", self.change, False)]

    # ------------------------------------------------------------------ data
    def move(self, r: R, today, long=None, when=None):
        long = r.random() < 0.5 if long is None else long
        if long:
            o, d, miles, stops = r.choice(ROUTES)
        else:
            o = d = r.choice(CITIES)[0]
            miles, stops = r.randint(6, 28), []
        off = dict(CITIES)[o]
        mdate = when or today + dt.timedelta(days=r.randint(3, 25))
        win = r.choice(WINDOWS)
        crew = r.choice([2, 3, 3, 4])
        rate = {2: 149.0, 3: 189.0, 4: 239.0}[crew]
        hours = r.choice([4.5, 5.0, 6.5, 7.0, 8.5]) if not long else r.choice([9.0, 10.5, 12.0])
        travel = 95.0
        items = r.randint(70, 190)
        vol = r.randint(650, 1500)
        weight = vol * r.choice([6, 7, 7])
        hv = r.sample(HIGH_VALUE, r.randint(1, 2))
        mv = {"move_id": f"MV-{r.randint(10000, 99999)}", "customer": r.choice(CUSTOMERS), "status": "booked",
              "type": "long_distance" if long else "local",
              "origin": {"address": f"{r.randint(100, 9899)} {r.choice(STREETS)}", "city": o,
                         "access": r.choice(["ground floor, driveway parking", "3rd floor, elevator", "2nd floor walk-up, street parking"])},
              "destination": {"address": f"{r.randint(100, 9899)} {r.choice(STREETS)}", "city": d,
                              "access": r.choice(["ground floor", "2nd floor walk-up", "loading dock, freight elevator"])},
              "distance_miles": miles, "move_date": mdate.isoformat(),
              "arrival_window": {"start": tz_ts(mdate, win[:5], off), "end": tz_ts(mdate, win[6:], off)},
              "crew_size": crew, "truck": r.choice(["20 ft box truck", "26 ft box truck"]) if not long else "53 ft tractor-trailer (shared load)",
              "estimate": {"type": "non_binding", "hourly_rate": f"{rate:.2f}", "estimated_hours": hours, "travel_fee": f"{travel:.2f}",
                           "total_estimate": f"{rate * hours + travel:.2f}"},
              "inventory_summary": {"items": items, "boxes": r.randint(30, 90), "volume_cuft": vol, "weight_lb": weight},
              "high_value_inventory": [{"item": n, "weight_lb": w_, "declared_value": f"{v:.2f}"} for n, w_, v in hv],
              "deposit": {"amount": "250.00", "paid_on": (today - dt.timedelta(days=r.randint(5, 40))).isoformat()},
              "valuation": {"option": "released_value"}, "coordinator": r.choice(COORDS), "terms_path": TERMS,
              "as_of": today.isoformat()}
        if long:
            dd = mdate + dt.timedelta(days=r.randint(3, 5))
            mv["delivery_window"] = {"from": dd.isoformat(), "to": (dd + dt.timedelta(days=r.choice([2, 3, 4]))).isoformat()}
            lh = round(weight * r.uniform(0.55, 0.75), 2)
            fs = round(lh * 0.06, 2)
            mv["estimate"] = {"type": "binding_not_to_exceed", "linehaul": f"{lh:.2f}", "fuel_surcharge_pct": 6,
                              "fuel_surcharge": f"{fs:.2f}", "total_estimate": f"{round(lh + fs, 2):.2f}"}
        return mv

    # ------------------------------------------------------------------ move details
    def details(self, ctx):
        r, today = ctx.r, ctx.today
        mv = self.move(r, today, long=r.random() < 0.35)
        gm = Call("get_move", {"move_id": mv["move_id"]}, mv)
        history = None
        if ctx.followup:
            history = History().user(f"Can you confirm my move {mv['move_id']} is still on?")
            history.call([gm])
            md = dt.date.fromisoformat(mv["move_date"])
            history.reply(f"Yes — {mv['move_id']} is booked for {md.strftime('%A')}, {w_md(md)}.")
            req = r.choice(["Great. What time does the crew arrive, and roughly what will it cost? I'm worried about the stairs at the new place.",
                            "Thanks. How many movers are coming and what's the estimate?"])
            turns = [Turn([Call("get_move", {"move_id": mv["move_id"]}, mv)])]
        else:
            req = r.choice([f"What are the details for move {mv['move_id']}? When do they arrive and what's it going to cost?",
                            f"Can you remind me what's booked for {mv['move_id']}?", f"Move {mv['move_id']} — time, crew, and estimate please"])
            turns = [Turn([gm])]
        w = W(r, today)
        a = A()
        md = dt.date.fromisoformat(mv["move_date"])
        est = mv["estimate"]
        total = float(est["total_estimate"])
        dep = float(mv["deposit"]["amount"])
        win_s, win_e = mv["arrival_window"]["start"], mv["arrival_window"]["end"]
        long = mv["type"] == "long_distance"
        w.opener(a, f"move {mv['move_id']}", p=0.4)
        if w.layout == "headings":
            a(w.h("Move day"))
        a("Your move is ").x("booked", val="still pending confirmation").t(" for ").x(w.when(md), tmp=w.when(md + dt.timedelta(days=r.choice([1, 7])))).t(". A crew of ").x(str(mv["crew_size"]), num=str(mv["crew_size"] + 2)).t(" with a ").t(mv["truck"]).t(" is scheduled to arrive between ")
        a.x(w.t(win_s), tmp=w.t(dt.datetime.fromisoformat(win_s) + dt.timedelta(hours=2))).t(" and ").x(w.t(win_e), tmp=w.t(dt.datetime.fromisoformat(win_e) + dt.timedelta(hours=2))).t(" at ").x(mv["origin"]["address"], ent=f"{mv['origin']['address'].split()[0]} {r.choice([s for s in STREETS if s not in mv['origin']['address']])}").t(".").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("Estimate"))
        if long:
            dw = mv["delivery_window"]
            a("It's a long-distance move (").x(mv["origin"]["city"], ent=r.choice(OTHER_CITIES)).t(" to ").t(mv["destination"]["city"]).t(", about ").x(f"{mv['distance_miles']:,} miles", num=f"{mv['distance_miles'] + 310:,} miles").t("), with delivery expected between ")
            a.x(w.d(dw["from"]), tmp=w.d(dt.date.fromisoformat(dw["from"]) - dt.timedelta(days=2))).t(" and ").x(w.d(dw["to"]), tmp=w.d(dt.date.fromisoformat(dw["to"]) + dt.timedelta(days=3))).t(".").p()
            a(" The estimate is ").x("binding not-to-exceed", val="non-binding").t(" at ").x(fm(total), num=fm(bump(total, r))).t(" — ").t(fm(float(est["linehaul"]))).t(" linehaul plus a ").x(f"{est['fuel_surcharge_pct']}%", num=f"{est['fuel_surcharge_pct'] + 4}%").t(" fuel surcharge (").t(fm(float(est["fuel_surcharge"]))).t(").").p()
        else:
            rate, hrs = float(est["hourly_rate"]), est["estimated_hours"]
            if w.layout in ("bullets", "table"):
                a("Here's how the estimate works out:\n\n")
                a("- Labor: ").x(f"{hrs:g} hours", num=f"{hrs + 2:g} hours").t(" × ").x(f"${rate:.2f}/hour", num=f"${rate + 40:.2f}/hour").t(" = ").t(fm(rate * hrs)).pb().t("\n")
                a("- Travel fee: ").x(fm(float(est["travel_fee"])), num=fm(float(est["travel_fee"]) + 60)).pb().t("\n")
                a("- **Estimated total: " if w.bold else "- Estimated total: ").x(fm(total), num=fm(bump(total, r))).t("**" if w.bold else "").pb()
            else:
                a("The crew bills ").x(f"${rate:.2f} an hour", num=f"${rate + 40:.2f} an hour").t(" and the estimate assumes ").x(f"{hrs:g} hours", num=f"{hrs + 2:g} hours").t(", so with the ").t(fm(float(est["travel_fee"]))).t(" travel fee it comes to about ")
                a.x(fm(total), num=fm(bump(total, r))).pc().t(".").p()
            a("\n\nThat's a ").x("non-binding", val="binding").t(" estimate, so the final bill depends on the actual hours.")
        a("\n\n")
        a("You've ").x("already paid", neg="not yet paid").t(" the ").x(fm(dep), num=fm(dep + 150)).t(" deposit (on ").x(w.d(mv["deposit"]["paid_on"]), tmp=w.d(dt.date.fromisoformat(mv["deposit"]["paid_on"]) + dt.timedelta(days=r.choice([-6, 5])))).t("), so about ").x(fm(total - dep), num=fm(bump(total - dep, r))).t(" would be left on the estimate.").p()
        if ctx.followup and "stairs" in req:
            acc = mv["destination"]["access"]
            a("\n\nOn the stairs you mentioned: the booking lists the new place as \"").x(acc, val=None).t("\"")
            if "walk-up" in acc:
                a(", so the stairs at that end ").x("are already on the booking", neg="aren't on the booking").t(".")
            else:
                a(" — ").x("no stairs are noted", neg="a walk-up is noted").t(" for that end, so it's worth calling your coordinator, ").x(mv["coordinator"], ent=r.choice(OTHER_COORDS)).t(", if there are some.")
        elif r.random() < 0.5:
            a("\n\nYour coordinator is ").x(mv["coordinator"], ent=r.choice(OTHER_COORDS)).t(", and the inventory on file is ").x(f"{mv['inventory_summary']['items']} items", num=f"{mv['inventory_summary']['items'] + 40} items").t(" (roughly ").x(f"{mv['inventory_summary']['volume_cuft']:,} cu ft", num=f"{mv['inventory_summary']['volume_cuft'] + 350:,} cu ft").t(").")
        if w.code and r.random() < 0.5:
            a(" (Move ID `").x(mv["move_id"], fid=f"MV-{mutate_id(mv['move_id'][3:], r)}").t("`.)")
        w.closer(a, ["add packing help", "check the valuation coverage on your high-value items", "send you a reminder the day before"])
        a.ins("claim", "The crew will bring floor runners and door jamb protectors at no extra charge.")
        a.ins("claim", "Parking permits at the pickup address are the customer's responsibility.")
        a.ins("behavior", "I've let the crew lead know about the access details at both addresses.")
        a.ins("behavior", "I've added a reminder text for the evening before the move.")
        a.ins("elab", "since the crew is coming straight from another job nearby", clause=True)
        a.ins("elab", "Moves this size usually run a little under the estimate when the boxes are packed and labeled ahead of time.")
        a.ins("cite", f"Your crew assignment is CRW-{r.digits(5)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ tracking
    def tracking(self, ctx):
        r, today = ctx.r, ctx.today
        mdate = today - dt.timedelta(days=r.randint(1, 3))
        mv = self.move(r, today, long=True, when=mdate)
        mv["status"] = "in_transit"
        o, d = mv["origin"]["city"], mv["destination"]["city"]
        route = next(x for x in ROUTES if x[0] == o and x[1] == d)
        miles = route[2]
        done_frac = r.uniform(0.3, 0.75)
        rem = int(miles * (1 - done_frac))
        stop = route[3][min(len(route[3]) - 1, int(done_frac * len(route[3])))]
        off = dict(CITIES)[o]
        ping = dt.datetime.combine(today, dt.time(r.randint(6, 11) if mdate + dt.timedelta(days=1) < today else r.randint(12, 17), r.choice([5, 22, 47])))
        events = [{"at": tz_ts(mdate, "13:40", off), "event": f"Loaded at origin ({o})"},
                  {"at": tz_ts(mdate + dt.timedelta(days=1), "07:15", off), "event": f"Departed {o}"},
                  {"at": f"{ping.isoformat()}{off}", "event": f"Checkpoint: {stop}"}]
        dw = mv["delivery_window"]
        tr = {"move_id": mv["move_id"], "status": "in_transit", "driver": r.choice(DRIVERS), "truck_id": f"BC-T-{r.randint(1000, 9999)}",
              "last_ping": {"at": f"{ping.isoformat()}{off}", "location": f"near {stop}"}, "miles_total": miles,
              "miles_remaining": rem, "eta_window": {"from": dw["from"], "to": dw["to"]}, "events": events}
        gm = Call("get_move", {"move_id": mv["move_id"]}, mv)
        ts_ = Call("track_shipment", {"move_id": mv["move_id"]}, tr)
        req = r.choice([f"Where's my stuff? Move {mv['move_id']}.", f"Can you track {mv['move_id']}? When will it get to {d.split(',')[0]}?",
                        f"Any update on the truck for {mv['move_id']}?"])
        turns = [Turn([gm, ts_]) if r.random() < 0.5 else Turn([ts_])]
        w = W(r, today)
        a = A()
        done = miles - rem
        km = round(rem * 1.609)
        pct_done = done / miles * 100
        ef, et = dt.date.fromisoformat(dw["from"]), dt.date.fromisoformat(dw["to"])
        w.opener(a, f"the truck for {mv['move_id']}", p=0.45)
        a("Your shipment is ").x("in transit", val="out for delivery").t(" — the last position update was ").x(w.t(tr["last_ping"]["at"]), tmp=w.t(ping - dt.timedelta(hours=3))).t(" ").t("today" if ping.date() == today else w.d(ping.date())).t(", ")
        a.x(f"near {stop}", ent=f"near {r.choice(OTHER_CITIES)}").t(".").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("Distance"))
        a("That leaves about ").x(f"{rem:,} miles", num=f"{rem + 280:,} miles", conf=("numerical", f"{done:,} miles")).t(" (roughly ").x(f"{km:,} km", num=f"{round((rem + 280) * 1.609):,} km").t(") of the ").x(f"{miles:,}-mile", num=None).t(" trip to ").t(d).t(", so it's about ")
        a.x(pc(pct_done, 0), num=pc(bump_pct(pct_done, r, 10, 20), 0)).t(" of the way there")
        if pct_done > 55:
            a(" — ").x("more than halfway", rel="less than halfway").t(".").p()
        elif pct_done < 45:
            a(" — ").x("not quite halfway yet", neg="already past the halfway point").t(".").p()
        else:
            a(".").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("Delivery"))
        a("The delivery window is still ").x(w.d(ef), tmp=w.d(ef + dt.timedelta(days=2))).t(" to ").x(w.d(et), tmp=w.d(et + dt.timedelta(days=3)), conf=None).t(" (").t(w.rel(ef) or w.d(ef)).t(" at the earliest).").p()
        if r.random() < 0.5:
            a(" Your driver is ").x(tr["driver"], ent=r.choice(["Pete L.", "Maria S."])).t(", on truck ")
            w.idt(a, tr["truck_id"], fid=f"BC-T-{mutate_id(tr['truck_id'][5:], r)}")
            a(".")
        if w.layout in ("bullets", "headings") or r.random() < 0.4:
            a("\n\nTracking history:\n")
            for k, e in enumerate(events):
                t = dt.datetime.fromisoformat(e["at"])
                a("\n- ").x(f"{w.dshort(t.date())}, {w.t(t)}", tmp=f"{w.dshort(t.date() + dt.timedelta(days=1))}, {w.t(t)}" if k == 1 else None).t(": ").t(e["event"])
            a.pb()
        w.closer(a, ["let you know when it's a day out", "check what the delivery-day balance will be", "update the delivery contact number"])
        a.ins("claim", "The driver will call about an hour before arriving.")
        a.ins("claim", "Your items are loaded at the back of the trailer, so they'll be unloaded first.")
        a.ins("behavior", "I've asked the driver to call you when the truck is a day away.")
        a.ins("behavior", "I've moved your delivery to the first day of the window.")
        a.ins("elab", "because the driver had to wait out a road closure overnight", clause=True)
        a.ins("elab", "Shared loads like this one usually arrive near the end of the delivery window.")
        a.ins("cite", f"The carrier's bill of lading number is BOL-{r.digits(8)}.")
        a.ins("cite", f"Live tracking is also available at https://track.bluecrate.example/t/{r.hexid(5)}.")
        return seal(Plan(req, turns, a), self)

    # ------------------------------------------------------------------ valuation coverage (terms by path)
    def terms(self, per_lb, fvp_pct, claim_months, change_fee, cancel_days):
        return ("BLUECRATE MOVERS — HOUSEHOLD GOODS SERVICE TERMS (v4)\n\n"
                "5. CANCELLATION AND RESCHEDULING\n"
                f"5.1 A move cancelled or rescheduled more than {cancel_days} days before the move date: the deposit is refunded or carried over in full.\n"
                f"5.2 A move cancelled {cancel_days} days or fewer before the move date forfeits the deposit.\n"
                f"5.3 Rescheduling {cancel_days} days or fewer before the move date carries a change fee of ${change_fee}.\n\n"
                "7. LIABILITY AND VALUATION\n"
                f"7.1 Released value protection is included at no charge. Under released value, the carrier's liability is limited to ${per_lb:.2f} per pound per article.\n"
                f"7.2 Full value protection is available for {fvp_pct}% of the declared value of the shipment; the carrier will repair, replace or pay the current market value of lost or damaged articles.\n"
                "7.3 Articles worth more than $100 per pound must be listed on the high-value inventory form to be covered above the released value.\n"
                f"7.4 Claims for loss or damage must be filed in writing within {claim_months} months of delivery.\n\n"
                "9. PAYMENT\n"
                "9.1 The balance is due at delivery by card or certified check.\n"
                "9.2 For non-binding estimates, the amount collected at delivery may not exceed 110% of the estimate; any remainder is billed 30 days after delivery.\n")

    def valuation(self, ctx):
        r, today = ctx.r, ctx.today
        mv = self.move(r, today)
        per_lb, fvp_pct, claim_months = 0.60, r.choice([1.0, 1.2, 1.5]), r.choice([6, 9])
        change_fee, cancel_days = r.choice([75, 100]), r.choice([7, 10])
        doc = self.terms(per_lb, fvp_pct, claim_months, change_fee, cancel_days)
        declared = r.choice([40000, 55000, 75000, 90000])
        mv["valuation"] = {"option": "released_value", "full_value_quote": {"declared_value": f"{declared:.2f}",
                                                                            "price": f"{declared * fvp_pct / 100:.2f}"}}
        hv = mv["high_value_inventory"][0]
        gm = Call("get_move", {"move_id": mv["move_id"]}, mv)
        gt = Call("get_terms", {"terms_path": TERMS}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"What's in my booking {mv['move_id']}?")
            history.call([gm])
            history.reply(f"{mv['move_id']}: {mv['inventory_summary']['items']} items, about {mv['inventory_summary']['weight_lb']:,} lb, "
                          f"with released value protection. You listed {', '.join(x['item'] for x in mv['high_value_inventory'])} as high-value items.")
            req = r.choice([f"If the movers break my {low(hv['item'])}, what would I actually get back? Should I upgrade?",
                            f"How much coverage does the basic option give me for the {low(hv['item'])}?"])
            turns = [Turn([gt])]
        else:
            req = r.choice([f"Move {mv['move_id']}: if my {low(hv['item'])} gets damaged, how much am I covered for? Is full value protection worth it?",
                            f"What does the included insurance cover on {mv['move_id']}? I'm nervous about the {low(hv['item'])}."])
            turns = [Turn([gm]), Turn([gt])]
        w = W(r, today)
        a = A()
        cov = round(hv["weight_lb"] * per_lb, 2)
        val = float(hv["declared_value"])
        kg = round(hv["weight_lb"] * 0.4536)
        fvp = declared * fvp_pct / 100
        w.opener(a, "your coverage", p=0.4)
        if w.voice == "claude" and r.random() < 0.5:
            a("Short answer: under the included coverage, very little.\n\n")
        a("Your booking uses ").x("released value protection", val="full value protection").t(", which is included at no charge. Under section ").x("7.1", sec=r.choice(["7.5", "7.6", "8.1"])).t(" of the terms, liability is limited to ")
        a.x(f"${per_lb:.2f} per pound", num="$1.00 per pound").t(" per article. Your ").x(low(hv["item"]), ent=None, conf=("entity", low(mv["high_value_inventory"][1]["item"])) if len(mv["high_value_inventory"]) > 1 else None).t(" is listed at ")
        a.x(f"{hv['weight_lb']} lb", num=f"{hv['weight_lb'] + 30} lb").t(" (about ").x(f"{kg} kg", num=f"{kg + 14} kg").t("), so the most you'd get for it is ").x(fm(cov), num=fm(bump(cov, r)))
        a(" — against a declared value of ").x(fm(val, 0), num=fm(bump(val, r, 0.2, 0.4), 0)).t(".").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("Full value protection"))
        a("The upgrade is full value protection (section ").x("7.2", sec=r.choice(["7.7", "8.2"])).t("): the mover would repair, replace or pay current market value for anything lost or damaged. It costs ").x(f"{fvp_pct:g}%", num=f"{fvp_pct + 1:g}%").t(" of the shipment's declared value — your quote is ")
        a.x(fm(fvp), num=fm(bump(fvp, r))).t(" on a declared value of ").x(fm(declared, 0), num=fm(declared + 25000, 0)).t(".").p()
        if val / hv["weight_lb"] > 100:
            a(" Since the ").t(low(hv["item"])).t(" is worth ").x(f"more than $100 per pound", rel="less than $100 per pound").t(" (").t(f"${val / hv['weight_lb']:.0f}/lb").t("), section ").x("7.3", sec=r.choice(["7.8", "6.3"])).t(" also requires it to be on the high-value inventory to be covered above the released value — it's ").x("already listed there", neg="not listed there yet").t(" on your booking.").p()
        a("\n\n")
        a("Whichever you choose, damage claims have to be filed in writing within ").x(f"{claim_months} months", num=f"{claim_months + 6} months").t(" of delivery (section ").x("7.4", sec=r.choice(["7.9", "9.4"])).t(").")
        if w.voice != "gemini" and r.random() < 0.6:
            a(" Whether the upgrade is worth it is your call — it comes down to how much of the ").t(fm(val, 0)).t(" you'd want to be able to recover.")
        w.closer(a, ["switch the booking to full value protection", "list the other high-value items on file", "explain how to file a claim"])
        a.ins("claim", "Full value protection has a $250 deductible per claim.")
        a.ins("claim", "Electronics are only covered if they're packed by the crew.")
        a.ins("behavior", "I've switched your booking to full value protection so you're covered.")
        a.ins("behavior", "I've asked the crew to crate it at no extra charge.")
        a.ins("elab", "which is the federal minimum for interstate moves", clause=True)
        a.ins("elab", "Most damage claims on moves like this involve TVs and glass-top furniture.")
        a.ins("cite", f"Your valuation certificate number is VAL-{r.digits(7)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ change booking (write)
    def change(self, ctx):
        r, today = ctx.r, ctx.today
        mv = self.move(r, today, long=False)
        w = W(r, today)
        a = A()
        md = dt.date.fromisoformat(mv["move_date"])
        if r.random() < 0.55:
            code = r.choice(["PACK_FRAGILE", "CRATE_TV", "APPLIANCE_DISCONNECT", "PACK_FULL"])
            desc, price = SERVICES[code]
            qty = 1
            items = [{"code": "LABOR", "description": f"{mv['crew_size']} movers, {mv['estimate']['estimated_hours']:g} h @ ${mv['estimate']['hourly_rate']}/h",
                      "amount": round(float(mv["estimate"]["hourly_rate"]) * mv["estimate"]["estimated_hours"], 2)},
                     {"code": "TRAVEL", "description": "Travel fee", "amount": float(mv["estimate"]["travel_fee"])}]
            old_total = round(sum(x["amount"] for x in items), 2)
            dep = 250.0
            quote = {"move_id": mv["move_id"], "estimate_type": "non_binding", "lines": items, "total": f"{old_total:.2f}",
                     "deposit_paid": f"{dep:.2f}", "balance_due": f"{old_total - dep:.2f}", "move_date": mv["move_date"],
                     "as_of": today.isoformat()}
            new_total = round(old_total + price * qty, 2)
            res = {"move_id": mv["move_id"], "status": "added", "service_code": code, "description": desc, "quantity": qty,
                   "price": f"{price:.2f}", "previous_total": f"{old_total:.2f}", "new_total": f"{new_total:.2f}",
                   "balance_due": f"{new_total - dep:.2f}"}
            gq = Call("get_quote", {"move_id": mv["move_id"]}, quote)
            asv = Call("add_service", {"move_id": mv["move_id"], "service_code": code, "quantity": qty}, res)
            want = {"PACK_FRAGILE": "have you guys pack the kitchen and glassware", "CRATE_TV": "get a crate for the TV",
                    "APPLIANCE_DISCONNECT": "have the washer and dryer disconnected and hooked back up",
                    "PACK_FULL": "add full packing — I've run out of time"}[code]
            req = f"For move {mv['move_id']}, can I {want}? What does that do to my total?"
            turns = [Turn([gq]), Turn([asv])]
            a(r.choice(["Done — ", "All set. ", "Added! "])).x(desc[0].upper() + desc[1:], ent=None).t(" is now on your move for ").x(fm(price), num=fm(price + r.choice([45, 60, 80]))).t(".").p()
            a("\n\n")
            if w.layout in ("table",):
                a("| | Amount |\n|---|---|\n| Previous estimate | ").t(fm(old_total)).t(" |\n| Added service | ").t(fm(price)).t(" |\n| **New estimate** | **").x(fm(new_total), num=fm(bump(new_total, r))).t("** |\n| Deposit paid | −").x(fm(dep), num=fm(dep + 100)).t(" |\n| Balance due | ").x(fm(new_total - dep), num=fm(bump(new_total - dep, r))).t(" |")
                a.pp()
            else:
                a("Your estimate goes from ").x(fm(old_total), num=fm(bump(old_total, r))).t(" to ").x(fm(new_total), num=fm(bump(new_total, r))).t(" — ")
                a.x(f"{price / old_total * 100:.0f}% more", num=f"{price / old_total * 100 + 9:.0f}% more").t(". With the ").x(fm(dep), num=fm(dep + 100)).t(" deposit you ").x("already paid", neg="haven't paid yet").t(", the balance would be ").x(fm(new_total - dep), num=fm(bump(new_total - dep, r))).pc().t(".").p()
            a("\n\nIt's still a ").x("non-binding", val="binding").t(" estimate, so the labor part depends on the actual hours on ").x(w.when(md), tmp=w.when(md + dt.timedelta(days=7))).t(".")
            a.ins("claim", "Packing is done the day before the move, so the crew will come out twice.")
            a.ins("claim", "Packing materials are included in that price.")
            a.ins("behavior", "I've also charged the new amount to the card on file.")
            a.ins("behavior", "I've let the crew lead know to bring extra dish packs.")
            a.ins("elab", "since kitchens are usually the slowest room to pack", clause=True)
            a.ins("elab", "Most customers who add this end up finishing the move faster overall.")
            a.ins("cite", f"The change order number is CO-{r.digits(6)}.")
            w.closer(a, ["add anything else", "email you the updated quote", "check the valuation coverage"])
            return seal(Plan(req, turns, a), self)
        # reschedule, with a first choice that's unavailable
        gm = Call("get_move", {"move_id": mv["move_id"]}, mv)
        ask = md + dt.timedelta(days=r.choice([7, 14]))
        while ask.weekday() == 6:
            ask += dt.timedelta(days=1)
        win = r.choice(WINDOWS)
        full = r.random() < 0.5
        got = ask + dt.timedelta(days=1) if full else ask
        while got.weekday() == 6:
            got += dt.timedelta(days=1)
        days_out = (md - today).days
        fee = 0.0
        if days_out <= 7:
            fee = 75.0
        off = dict(CITIES)[mv["origin"]["city"]]
        res = {"move_id": mv["move_id"], "status": "rescheduled", "previous_date": mv["move_date"], "move_date": got.isoformat(),
               "arrival_window": {"start": tz_ts(got, win[:5], off), "end": tz_ts(got, win[6:], off)}, "crew_size": mv["crew_size"],
               "change_fee": f"{fee:.2f}", "deposit_status": "carried_over"}
        req = r.choice([f"I need to push move {mv['move_id']} back — can you move it to {ask.strftime('%A')}, {w_md(ask)}? {win[:5]} arrival if possible.",
                        f"Please reschedule {mv['move_id']} to {ask.isoformat()}, same crew if you can, {win[:5]}–{win[6:]} window."])
        turns = [Turn([gm])]
        tool = self.tool("reschedule_move")
        if full:
            msg = f"No crews available on {ask.isoformat()} for a {mv['crew_size']}-person move; next available date: {got.isoformat()}"
            turns.append(Turn([Call("reschedule_move", {"move_id": mv["move_id"], "new_date": ask.isoformat(), "arrival_window": win},
                                    f"Error: {msg}", error="unavailable")]))
            turns.append(Turn([Call("reschedule_move", {"move_id": mv["move_id"], "new_date": got.isoformat(), "arrival_window": win}, res)],
                              "That date is full; trying the next available day."))
        else:
            turns.append(Turn([Call("reschedule_move", {"move_id": mv["move_id"], "new_date": got.isoformat(), "arrival_window": win}, res)]))
        if full:
            a("I tried ").t(w.d(ask)).t(" first, but there ").x("weren't any crews available", neg="were crews available").t(" for a ").t(f"{mv['crew_size']}-person move").t(" that day, so I booked the next available date instead. ")
        else:
            a(r.choice(["Done — ", "You're all set. ", ""]))
        a("Your move is now ").x("rescheduled", val="tentatively held").t(" for ").x(w.when(got), tmp=w.when(got + dt.timedelta(days=r.choice([1, 7])))).t(", with the crew arriving between ")
        a.x(w.t(res["arrival_window"]["start"]), tmp=w.t(dt.datetime.fromisoformat(res["arrival_window"]["start"]) + dt.timedelta(hours=2))).t(" and ").t(w.t(res["arrival_window"]["end"])).t(" (it was ").x(w.d(md), tmp=w.d(md - dt.timedelta(days=2))).t(" before).").p()
        a("\n\n")
        if fee:
            a("There's a ").x(fm(fee), num=fm(fee + 50)).t(" change fee for this one, and your ")
        else:
            a("There's ").x("no change fee", neg="a $75 change fee").t(" for this one, and your ")
        a.x("deposit carries over", neg="deposit doesn't carry over").t(" to the new date.").p()
        a(" The crew size stays at ").x(str(mv["crew_size"]), num=str(mv["crew_size"] + 1)).t(".").p()
        if w.code:
            a("\n\n(Move ").t("`").x(mv["move_id"], fid=f"MV-{mutate_id(mv['move_id'][3:], r)}").t("`").t(" — status `").x("rescheduled", attr="RESCHEDULED_PENDING").t("`.)")
        w.closer(a, ["send the new date to your building manager", "check the arrival window options for that day", "set a reminder"])
        a.ins("claim", "The same crew lead will be assigned on the new date.")
        a.ins("claim", "The estimate stays the same for the new date.")
        a.ins("behavior", "I've also updated the elevator booking with your building.")
        a.ins("behavior", "I've emailed the new confirmation to you and your coordinator.")
        a.ins("elab", "since weekend dates in that month book up quickly", clause=True)
        a.ins("elab", "Mid-month dates are usually quieter, so the crew should arrive on time.")
        a.ins("cite", f"Your new booking confirmation is BKC-{r.digits(6)}.")
        return seal(Plan(req, turns, a), self)


def w_md(d):
    return f"{d.strftime('%B')} {d.day}"
