"""bike_share (set g): trip receipts, monthly ride summaries, reserving a bike at a nearby dock (an e-bike taken by
design) and membership pass terms fetched by URL."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_int, s_obj, s_str
from .gstyle import Pen, pct, usd, vet

BASE = "https://api.loopbike.example/v1"
TERMS = "https://loopbike.example/legal/passes"
STATIONS = ["Harbor & 3rd", "Union Market", "City Hall Plaza", "Elm St Library", "Riverside Park North", "Tech Campus Gate",
            "Central Station East", "Maple Ave & 14th", "Old Mill Square", "Stadium Lot B"]
PLACES = ["Union Market", "City Hall Plaza", "Central Station", "the stadium"]
KM_MI = 0.621371


class BikeShare(Scenario):
    name = "bike_share"
    agent = "Spoke"
    service = "loopbike-rider-assistant"
    system = ("You are Spoke, the rider assistant for Loopbike, a city bike-share with classic bikes and e-bikes. Use the "
              "tools to explain trips and charges, summarize riding, find and reserve bikes and answer questions about "
              "passes. Prices are USD; distances come in km.")
    error_style = 0
    entity_noun = {"trip_id": "Trip", "station_id": "Station", "terms_url": "Terms page"}
    preambles = ["Looking at your rides.", "Checking the docks near you.", "Pulling your membership."]

    def __init__(self):
        self.tools = [
            Tool("list_trips", "Rider's trips in a calendar month, newest first.",
                 s_obj({"month": s_str("Month as YYYY-MM.", pattern=r"^\d{4}-\d{2}$"), "limit": s_int("Max trips.", 1, 50)},
                       ["month"]), http=BASE, extra=[("include_cancelled", True)]),
            Tool("get_trip", "One trip with its fare breakdown.",
                 s_obj({"trip_id": s_str("Trip ID, e.g. 'TR-7Q4K2M9'.", pattern=r"^TR-[0-9A-Z]{7}$")}, ["trip_id"]),
                 entity={"trip_id": "id"}, http=BASE, extra=[("with_map", True)]),
            Tool("nearby_stations", "Docks near a place with bikes and free docks.",
                 s_obj({"near": s_str("Place or address.", min_len=3), "radius_m": s_int("Search radius in meters.", 100, 2000),
                        "bike_type": s_str("Bike type wanted.", enum=["classic", "ebike", "any"])}, ["near"]),
                 http=BASE, extra=[("sort", "distance")]),
            Tool("reserve_bike", "Hold a bike at a station for 10 minutes.",
                 s_obj({"station_id": s_str("Station ID from nearby_stations, e.g. 'ST-0412'.", pattern=r"^ST-\d{4}$"),
                        "bike_type": s_str("Bike type.", enum=["classic", "ebike"])}, ["station_id", "bike_type"]),
                 entity={"station_id": "id"}, http=BASE, extra=[("minutes", 15)]),
            Tool("get_membership", "The rider's current pass, usage and the link to its terms.",
                 s_obj({}, []), http=BASE, extra=[("verbose", True)]),
            Tool("get_pass_terms", "Pass terms (Markdown, numbered sections) by URL.",
                 s_obj({"terms_url": s_str("Terms URL from get_membership.", pattern=r"^https://loopbike\.example/legal/")},
                       ["terms_url"]), entity={"terms_url": "url"}, extra=[("format", "html")]),
        ]
        self.intents = [("trip_receipt", self.receipt, True), ("month_summary", self.month, False),
                        ("reserve_bike", self.reserve, True), ("pass_terms", self.terms, False)]

    def trips(self, r: R, today, n):
        out = []
        t = dt.datetime.combine(today, dt.time(8, 0)) - dt.timedelta(days=1)
        for _ in range(n):
            t -= dt.timedelta(hours=r.randint(10, 60), minutes=r.randint(0, 59))
            mins = r.randint(6, 48)
            kind = r.choice(["classic", "classic", "ebike"])
            a, b = r.sample(STATIONS, 2)
            unlock = 1.0 if kind == "classic" else 1.5
            rate = 0.0 if kind == "classic" else 0.25
            included = 45 if kind == "classic" else 0
            over = max(0, mins - included)
            fare = round((unlock if kind == "ebike" else 0.0) + over * (0.15 if kind == "classic" else rate), 2)
            out.append({"trip_id": "TR-" + r.upalnum(7), "start_station": a, "end_station": b,
                        "started_at": t.strftime("%Y-%m-%dT%H:%M:00-04:00"),
                        "ended_at": (t + dt.timedelta(minutes=mins)).strftime("%Y-%m-%dT%H:%M:00-04:00"),
                        "bike_type": kind, "distance_km": round(mins * r.uniform(0.16, 0.27), 1), "fare_usd": fare})
        return out

    def receipt(self, ctx):
        r, today = ctx.r, ctx.today
        kind = r.choice(["classic", "ebike"])
        mins = r.randint(48, 75) if kind == "classic" else r.randint(9, 35)
        a_st, b_st = r.sample(STATIONS, 2)
        start = dt.datetime.combine(today - dt.timedelta(days=r.randint(1, 6)), dt.time(r.randint(7, 20), r.choice([2, 14, 27, 41, 53])))
        end = start + dt.timedelta(minutes=mins)
        km = round(mins * r.uniform(0.17, 0.26), 1)
        tid = "TR-" + r.upalnum(7)
        if kind == "classic":
            lines = [{"code": "UNLOCK", "label": "Unlock (included in pass)", "amount": 0.0},
                     {"code": "OVERTIME", "label": "Minutes over 45 included", "minutes": max(0, mins - 45), "rate": 0.15,
                      "amount": round(max(0, mins - 45) * 0.15, 2)}]
        else:
            lines = [{"code": "UNLOCK", "label": "E-bike unlock", "amount": 1.5},
                     {"code": "EBIKE_MIN", "label": "E-bike minutes", "minutes": mins, "rate": 0.25, "amount": round(mins * 0.25, 2)}]
        total = round(sum(l["amount"] for l in lines), 2)
        last4 = r.digits(4)
        res = {"trip_id": tid, "bike_type": kind, "bike_number": r.randint(10000, 99999), "start_station": a_st, "end_station": b_st,
               "started_at": start.strftime("%Y-%m-%dT%H:%M:00-04:00"), "ended_at": end.strftime("%Y-%m-%dT%H:%M:00-04:00"),
               "distance_km": km, "fare_lines": lines, "total_usd": total,
               "payment": {"method": "card", "last4": last4, "status": "captured"}}
        gt = Call("get_trip", {"trip_id": tid}, res)
        history = None
        if ctx.followup:
            others = self.trips(r, today, 3)
            mine = {"trip_id": tid, "start_station": a_st, "end_station": b_st, "started_at": res["started_at"],
                    "ended_at": res["ended_at"], "bike_type": kind, "distance_km": km, "fare_usd": total}
            lst = sorted(others + [mine], key=lambda t: t["started_at"], reverse=True)
            history = History().user(f"Show my rides for {start.strftime('%Y-%m')}.")
            history.call([Call("list_trips", {"month": start.strftime("%Y-%m"), "limit": 10}, {"month": start.strftime("%Y-%m"), "trips": lst})])
            history.reply(f"{len(lst)} rides this month; the {a_st} → {b_st} one was {usd(total)}.")
            req = r.choice([f"Why was the {a_st} ride {usd(total)}?", f"Break down the {a_st} to {b_st} trip for me."])
        else:
            req = r.choice([f"Can you explain the charge on trip {tid}?", f"Trip {tid} — why did it cost that much?"])
        w = Pen(r, today)
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.t(f"{a_st} → {b_st} came to ").x(usd(total), num=usd(bump(total, r)))
        w.src(a, "the trip receipt", "get_trip")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Item", "Detail", "Amount"])
            for l in lines:
                a("| ").t(l["label"]).t(" | ")
                if "minutes" in l:
                    a.x(f"{l['minutes']} min", num=f"{l['minutes'] + 10} min").t(f" × {usd(l['rate'])}")
                else:
                    a.t("—")
                a(" | ").t(usd(l["amount"])).t(" |\n")
        else:
            for l in lines:
                a(w.bullet).t(l["label"]).t(": ")
                if "minutes" in l:
                    a.x(f"{l['minutes']} min", num=f"{l['minutes'] + 10} min").t(f" × {usd(l['rate'])} = ")
                a.t(usd(l["amount"])).pb().t("\n")
        a("\nRide time was ").x(f"{mins} minutes", num=f"{mins - 12} minutes").t(" (").x(w.t(start), tmp=w.t(start - dt.timedelta(minutes=30))).t("–").t(w.t(end)).t(" on ").x(w.d(start), tmp=w.d(start - dt.timedelta(days=1))).t(")")
        if kind == "classic":
            a.t(", which is ").x("over", rel="under").t(" the 45 minutes your pass includes on classic bikes")
        else:
            a.t(f"; all {mins} e-bike minutes ").x("are billed", neg="aren't billed").t(" at $0.25")
        a.pc().t(".").p()
        a("\n\nDistance: ").t(f"{km} km").t(" (").x(f"{w.est(f'{km * KM_MI:.1f}')} mi", num=f"{w.est(f'{km * KM_MI + 2.2:.1f}')} mi").t("), an average of ")
        a.x(f"{km / (mins / 60):.1f} km/h", num=f"{km / (mins / 60) + 4:.1f} km/h").t(".")
        a(" Charged to the card ending ").x(last4, fid=r.digits(4)).t(", payment ").x("`captured`", attr="`settled_final`").t(" — meaning it's gone through, not just a hold.").p()
        w.finish(a, ["Want me to compare it with your other rides this month?", "Need a PDF receipt?"])
        a.ins("claim", "Rides that end at a station with a full dock get a 10-minute courtesy extension.")
        a.ins("claim", "E-bike minutes are half price after 9 p.m.")
        a.ins("behavior", "I've requested a partial refund for the overtime minutes.")
        a.ins("behavior", "I've emailed you an itemized receipt.")
        a.ins("elab", "because the dock at the start station was reporting slow unlocks that morning", clause=True)
        a.ins("cite", f"The billing reference is BL-{r.upalnum(8)}.")
        return vet(self, Plan(req, [Turn([gt])], a, history.msgs if history else None))

    def month(self, ctx):
        r, today = ctx.r, ctx.today
        n = r.randint(5, 9)
        ts = self.trips(r, today, n)
        month = ts[0]["started_at"][:7]
        ts = [t for t in ts if t["started_at"][:7] == month]
        if len(ts) < 3:
            ts = self.trips(r, today + dt.timedelta(days=20), 4)
            month = ts[0]["started_at"][:7]
            ts = [t for t in ts if t["started_at"][:7] == month]
        prev_total = round(r.uniform(8, 40), 2)
        res = {"month": month, "trips": ts, "summary": {"previous_month_spend_usd": prev_total}}
        args = {"month": month}
        if r.random() < 0.5:
            args["limit"] = 50
        req = r.choice([f"How much did I ride in {month}?", f"Summarize my {month} trips — spend, distance, e-bike vs classic."])
        w = Pen(r, today)
        durs = [(dt.datetime.fromisoformat(t["ended_at"]) - dt.datetime.fromisoformat(t["started_at"])).seconds // 60 for t in ts]
        spend = round(sum(t["fare_usd"] for t in ts), 2)
        km = round(sum(t["distance_km"] for t in ts), 1)
        eb = [t for t in ts if t["bike_type"] == "ebike"]
        longest = max(range(len(ts)), key=lambda i: durs[i])
        shortest = min(range(len(ts)), key=lambda i: durs[i])
        avg = sum(durs) / len(durs)
        chg = (spend - prev_total) / prev_total * 100
        a = A()
        w.opener(a)
        w.lead(a)
        a.t(f"{len(ts)} rides in {month}").t(", ").x(f"{km:.1f} km", num=f"{km + 9.5:.1f} km").t(" total (").x(f"{w.est(f'{km * KM_MI:.0f}')} mi", num=f"{w.est(f'{km * KM_MI * 1.6:.0f}')} mi").t(") and ")
        a.x(usd(spend), num=usd(bump(spend, r))).t(" spent")
        w.src(a, "the trip list", "list_trips")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Metric", "Value"])
            a("| E-bike rides | ").x(str(len(eb)), num=str(len(eb) + 2)).t(f" of {len(ts)} |\n")
            a("| Avg ride | ").x(f"{avg:.0f} min", num=f"{avg + 7:.0f} min").t(" |\n")
            a("| Longest | ").x(f"{durs[longest]} min", num=f"{durs[longest] + 15} min", conf=("numerical", f"{durs[shortest]} min") if durs[shortest] != durs[longest] else None)
            a.t(f" ({ts[longest]['start_station']} → ").x(ts[longest]["end_station"], ent=r.choice([s for s in ["Westgate Depot", "Pier 9", "Hilltop Reservoir"]])).t(") |\n")
        else:
            a(w.bullet).x(str(len(eb)), num=str(len(eb) + 2)).t(f" of the {len(ts)} were e-bike rides").pb().t("\n")
            a(w.bullet).t("Average ride ").x(f"{avg:.0f} min", num=f"{avg + 7:.0f} min").pb().t("\n")
            a(w.bullet).t("Longest: ").x(f"{durs[longest]} min", num=f"{durs[longest] + 15} min", conf=("numerical", f"{durs[shortest]} min") if durs[shortest] != durs[longest] else None)
            a.t(f", {ts[longest]['start_station']} → ").x(ts[longest]["end_station"], ent=r.choice(["Westgate Depot", "Pier 9", "Hilltop Reservoir"])).pb().t("\n")
        up = spend > prev_total
        a("\nSpend is ").x("up" if up else "down", rel="down" if up else "up").t(" ").x(pct(abs(chg)), num=pct(abs(chg) + 14)).t(" on last month's ").t(usd(prev_total)).t(".")
        if eb:
            eb_sp = round(sum(t["fare_usd"] for t in eb), 2)
            a(" E-bikes account for ").x(usd(eb_sp), num=usd(bump(eb_sp, r))).t(" of it")
            free = [t for t in ts if t["fare_usd"] == 0]
            if free:
                a.t(", and ").x(f"{len(free)} classic ride" + ("s" if len(free) > 1 else ""), num=f"{len(free) + 1} classic rides").t(" cost ").x("nothing", neg="a fee")
            a.pc().t(".").p()
        else:
            a(" ").x("No", neg="Some").t(" e-bike rides this month.").p()
        first = min(ts, key=lambda t: t["started_at"])
        a("\n\nFirst ride of the month was ").x(w.d(first["started_at"]), tmp=w.d(dt.date.fromisoformat(first["started_at"][:10]) - dt.timedelta(days=3))).t(", from ").t(first["start_station"]).t(".")
        w.finish(a, ["Want the same view for last month?", "Should I list the e-bike rides separately?"])
        a.ins("claim", "You're on track to hit the Gold rider tier next month.")
        a.ins("claim", "Your rides saved an estimated 11 kg of CO₂.")
        a.ins("behavior", "I've set up a monthly summary email for you.")
        a.ins("elab", "mostly because of the rain days mid-month", clause=True)
        a.ins("elab", "Weekday commute rides make up most of the distance.")
        a.ins("cite", f"Your statement number for the month is ST-{month.replace('-', '')}-{r.digits(4)}.")
        return vet(self, Plan(req, [Turn([Call("list_trips", args, res)])], a))

    def reserve(self, ctx):
        r, today = ctx.r, ctx.today
        place = r.choice(PLACES)
        want = r.choice(["ebike", "classic"])
        sts = []
        for nm in r.sample(STATIONS, 3):
            sts.append({"station_id": f"ST-{r.randint(100, 9999):04d}", "name": nm, "distance_m": r.randint(80, 900),
                        "classic_available": r.randint(0, 9), "ebikes_available": r.randint(1, 4), "docks_free": r.randint(0, 12)})
        sts.sort(key=lambda s: s["distance_m"])
        for s in sts:
            if want == "classic" and s["classic_available"] == 0:
                s["classic_available"] = 2
        res = {"near": place, "stations": sts, "as_of": f"{today.isoformat()}T{r.randint(7, 19):02d}:{r.randint(0, 59):02d}:00-04:00"}
        nargs = {"near": place, "radius_m": r.choice([500, 800, 1000]), "bike_type": want}
        ns = Call("nearby_stations", nargs, res)
        taken = r.random() < 0.5
        first = sts[0]
        target = sts[1] if taken else first
        turns = []
        if taken:
            # a business outcome returned as a normal (HTTP 200) result, not a tool error
            err = {"status": "not_reserved", "reason": "no_bike_available",
                   "message": f"The last {want} at {first['station_id']} was just unlocked by another rider."}
            turns.append(Turn([Call("reserve_bike", {"station_id": first["station_id"], "bike_type": want}, err)]))
        hold_until = dt.datetime.fromisoformat(res["as_of"]) + dt.timedelta(minutes=r.randint(2, 4) + 10)
        conf = {"reservation_code": f"{r.randint(1000, 9999)}", "station_id": target["station_id"], "bike_type": want,
                "dock": r.randint(1, 20), "hold_minutes": 10, "held_until": hold_until.strftime("%Y-%m-%dT%H:%M:00-04:00"), "status": "held"}
        turns.append(Turn([Call("reserve_bike", {"station_id": target["station_id"], "bike_type": want}, conf)]))
        history = None
        if ctx.followup:
            history = History().user(f"Any {'e-bikes' if want == 'ebike' else 'bikes'} near {place}?")
            history.call([ns])
            history.reply(f"Closest is {first['name']} ({first['distance_m']} m).")
            req = r.choice(["Reserve one at the closest dock.", "Hold one for me there."])
        else:
            req = f"Reserve me {'an e-bike' if want == 'ebike' else 'a classic bike'} at the closest dock to {place}."
            turns = [Turn([ns])] + turns
        w = Pen(r, today)
        label = "e-bike" if want == "ebike" else "classic bike"
        a = A()
        w.opener(a, followup=ctx.followup, p=0.3)
        a.x("Held", val="Queued").t(f": {label} at {target['name']}, dock ").x(str(conf["dock"]), num=str(conf["dock"] + 3)).t(", unlock code ")
        a.x(w.idf(conf["reservation_code"]), fid=w.idf(str(r.randint(1000, 9999)))).t(".").p()
        a(" The hold lasts until ").x(w.t(hold_until), tmp=w.t(hold_until + dt.timedelta(minutes=20))).t(" (").x("10 minutes", num="30 minutes").t(")")
        w.src(a, "the reservation response", "reserve_bike")
        a.t(".").p()
        if taken:
            a("\n\n").t(first["name"]).t(" was closer (").t(f"{first['distance_m']} m").t(") but its last ").t(label).t(" ").x("was unlocked", neg="was still free").t(" just before I tried, so I went to the ").x("next-closest", rel="farthest").t(" dock, ")
            a.x(f"{target['distance_m']} m", num=f"{target['distance_m'] - 60} m", conf=("numerical", f"{sts[2]['distance_m']} m") if sts[2]["distance_m"] != target["distance_m"] else None).t(" away").pc().t(".").p()
        else:
            a("\n\nIt's the ").x("closest", rel="farthest").t(" of the ").t(str(len(sts))).t(" docks I found, ").x(f"{target['distance_m']} m", num=f"{target['distance_m'] + 250} m").t(" away").pc().t(".").p()
        spare = [s for s in sts if s is not target]
        a("\n\n")
        a(w.bullet).t("Free docks there right now: ").x(str(target["docks_free"]), num=str(target["docks_free"] + 4)).pb().t("\n")
        a(w.bullet).t("Backup: ").t(spare[-1]["name"]).t(" has ").x(str(spare[-1]["ebikes_available"] if want == "ebike" else spare[-1]["classic_available"]), num=str((spare[-1]["ebikes_available"] if want == "ebike" else spare[-1]["classic_available"]) + 3)).t(f" {label}s").pb()
        w.finish(a, ["Want walking directions?", "Should I check docks near your destination too?"])
        a.ins("claim", "Reservations are free for pass holders up to three times a day.")
        a.ins("behavior", "I've also reserved a dock at your destination.")
        a.ins("elab", "since that station is usually restocked by 8 a.m.", clause=True)
        a.ins("cite", f"Your hold reference is HD-{r.upalnum(6)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def terms(self, ctx):
        r, today = ctx.r, ctx.today
        plan_name = r.choice(["Annual Commuter", "Monthly Flex", "Annual Plus"])
        price = {"Annual Commuter": 129.0, "Monthly Flex": 19.0, "Annual Plus": 189.0}[plan_name]
        renew = today + dt.timedelta(days=r.randint(5, 80))
        incl = r.choice([45, 60])
        over = r.choice([0.15, 0.20])
        eb = r.choice([0.20, 0.25])
        late = r.choice([250, 300])
        url = f"{TERMS}/{plan_name.lower().replace(' ', '-')}-2026"
        mem = {"member_since": f"{r.randint(2021, 2025)}-{r.randint(1, 12):02d}-01", "pass": plan_name, "price_usd": price,
               "renews_on": renew.isoformat(), "auto_renew": r.choice([True, False]), "rides_this_period": r.randint(4, 120),
               "terms_url": url}
        doc = (f"# Loopbike {plan_name} — Terms\n\n"
               f"## 2. Included riding\n2.1 Classic-bike rides are included up to {incl} minutes each.\n"
               f"2.2 Each extra minute on a classic bike is ${over:.2f}.\n"
               f"## 3. E-bikes\n3.1 E-bike rides cost $1.50 to unlock plus ${eb:.2f} per minute for pass holders.\n"
               f"## 5. Lost or unreturned bikes\n5.1 A bike not docked within 24 hours is treated as lost and a ${late} fee applies.\n"
               "## 6. Renewal and cancellation\n6.1 Passes renew automatically when auto-renew is on. You can cancel up to the day before renewal; no partial refunds.\n")
        gm = Call("get_membership", {}, mem)
        gt = Call("get_pass_terms", {"terms_url": url}, doc)
        req = r.choice(["What does my pass actually cover? And what happens if I keep a bike too long?",
                        "How long can I ride before paying extra on my pass, and when does it renew?"])
        w = Pen(r, today)
        days = (renew - today).days
        sec = lambda real: r.choice([x for x in ["2.3", "3.4", "4.1", "5.3", "7.2"] if x != real])
        ex30 = round(30 * over, 2)
        a = A()
        w.opener(a)
        w.lead(a)
        a.t(f"You're on {plan_name}; the renewal date is ").x(w.d(renew), tmp=w.d(renew + dt.timedelta(days=30)))
        a.t(" (").x(f"{days} days", num=f"{days + 5} days").t(" from today)")
        w.src(a, "your membership", "get_membership")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Rule", "Terms", "§"])
            a("| Classic rides | free up to ").x(f"{incl} min", num=f"{incl + 15} min").t(" | ").x("2.1", sec=sec("2.1")).t(" |\n")
            a("| Extra classic minutes | ").x(f"${over:.2f}/min", num=f"${over + 0.10:.2f}/min").t(" | ").t("2.2").t(" |\n")
            a("| E-bikes | $1.50 unlock + ").x(f"${eb:.2f}/min", num=f"${eb + 0.15:.2f}/min", conf=("numerical", f"${over:.2f}/min") if over != eb else None).t(" | ").x("3.1", sec=sec("3.1")).t(" |\n")
            a("| Not docked in 24 h | treated as lost, ").x(f"${late} fee", num=f"${late + 150} fee").t(" | ").x("5.1", sec=sec("5.1")).t(" |\n")
        else:
            a(w.bullet).t("Classic rides are free up to ").x(f"{incl} minutes", num=f"{incl + 15} minutes").t(", then ").x(f"${over:.2f}/min", num=f"${over + 0.10:.2f}/min").t(" (§").x("2.1", sec=sec("2.1")).t("–2.2)").pb().t("\n")
            a(w.bullet).t("E-bikes: $1.50 to unlock plus ").x(f"${eb:.2f}/min", num=f"${eb + 0.15:.2f}/min", conf=("numerical", f"${over:.2f}/min") if over != eb else None).t(" (§").x("3.1", sec=sec("3.1")).t(")").pb().t("\n")
            a(w.bullet).t("Keep a bike more than 24 hours and it's treated as lost: ").x(f"${late}", num=f"${late + 150}").t(" (§").x("5.1", sec=sec("5.1")).t(")").pb().t("\n")
        a("\nExample: a classic ride 30 minutes past the included time would add ").x(usd(ex30), num=usd(ex30 * 2)).t(".").p()
        a("\n\nAuto-renew is ").x("on" if mem["auto_renew"] else "off", val="off" if mem["auto_renew"] else "on").t("; you can cancel up to the day ").x("before", rel="after").t(" renewal, and ")
        a.x("there are no", neg="there are").t(" partial refunds (§6.1).")
        w.finish(a, [f"Want me to turn auto-renew {'off' if mem['auto_renew'] else 'on'}?", "Should I compare this with the other passes?"])
        a.ins("claim", "Pass holders also get 10% off helmet rentals.")
        a.ins("behavior", "I've switched your pass to auto-renew so it doesn't lapse.")
        a.ins("elab", "since the fleet was upgraded to the new e-bikes this spring", clause=True)
        a.ins("elab", "Most riders on this pass stay under the included time.")
        a.ins("cite", f"The full terms are also at {TERMS}/archive/{plan_name.lower().replace(' ', '-')}-2025.")
        return vet(self, Plan(req, [Turn([gm]), Turn([gt])], a))
