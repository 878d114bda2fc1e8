"""fleet_maintenance (set c): vehicle telematics — service schedules, health and fault codes with a plain-text manual, trip logs, depot status."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, fnum, mutate_id, nword, other_than, plural,
                     s_date, s_int, s_obj, s_str)
from .cstyle import (day_of, day_ord, dur_words, hm24, hm12, lead, mdy, month_ord, nudge, nudge_int, pct1, stamp, tail)

BASE = "https://api.torque-fleet.example/v1"
MODELS = [("Ford Transit 350", 2023, "ford-transit-2023", 95), ("Mercedes-Benz Sprinter 2500", 2022, "mb-sprinter-2022", 93),
          ("Ram ProMaster 2500", 2024, "ram-promaster-2024", 90), ("Ford F-150", 2022, "ford-f150-2022", 98),
          ("Toyota Hiace", 2023, "toyota-hiace-2023", 70)]
OTHER_MODELS = ["Nissan NV200", "Chevrolet Express 2500", "Isuzu NPR"]
DRIVERS = ["K. Osei", "M. Duarte", "R. Lindgren", "S. Patel", "J. Moreau", "A. Novak", "T. Brennan"]
OTHER_DRIVERS = ["D. Ferreira", "L. Okafor", "P. Quinn"]
DEPOTS = {"north": "North Yard", "south": "Southside Depot", "east": "East Hub", "airport": "Airport Cargo"}
DTCS = [("P0420", "Catalyst system efficiency below threshold (bank 1)", "warning", "6.1",
         "The vehicle may be driven. Schedule an inspection of the catalytic converter and downstream O2 sensor within 1,000 km."),
        ("P0171", "System too lean (bank 1)", "warning", "6.2",
         "Check for vacuum leaks and a dirty mass air flow sensor. The vehicle may be driven; inspect within 500 km."),
        ("P0300", "Random/multiple cylinder misfire detected", "critical", "6.3",
         "Reduce load and speed. If the check-engine light flashes, stop driving and arrange a tow."),
        ("P0128", "Coolant thermostat below regulating temperature", "info", "6.4",
         "Not urgent. Replace the thermostat at the next scheduled service."),
        ("C0035", "Left front wheel speed sensor circuit", "warning", "6.5",
         "ABS and stability control may be disabled. Repair before the next long-distance trip.")]
CAUSE = {"P0420": "which usually points to a worn oxygen sensor rather than the converter itself",
         "P0171": "most likely from a cracked vacuum hose", "P0300": "most likely from a failing ignition coil",
         "P0128": "probably because the thermostat is sticking open in the cold",
         "C0035": "most likely from road salt corroding the sensor connector"}
SEV_WORDS = {"info": "informational", "warning": "a warning", "critical": "critical"}
SERVICES = [("Engine oil and filter", 15000, 12), ("Tyre rotation", 10000, 6), ("Brake inspection", 20000, 12),
            ("Cabin air filter", 30000, 24), ("Coolant flush", 60000, 48), ("Transmission fluid", 90000, 60)]
KM_MI = 0.621371


def fid_v(v, r):
    return "FL-" + mutate_id(v[3:], r)


class Fleet(Scenario):
    name = "fleet_maintenance"
    agent = "Torque"
    service = "torque-fleet-assistant"
    system = ("You are Torque, the fleet operations assistant for Meridian Deliveries. The user is a fleet or depot manager. "
              "Use the telematics and maintenance tools to answer questions about vehicles, faults, service schedules and trips. "
              "Distances are in kilometres and pressures in kPa unless you convert them. Cite manual sections by number. "
              "Never clear fault codes or book services without being asked.")
    error_style = 2
    entity_noun = {"vehicle_id": "Vehicle", "manual_path": "Manual section"}
    preambles = ["Checking the telematics feed.", "Pulling the vehicle record.", "Let me look at the logs."]

    def __init__(self):
        vid = s_str("Fleet vehicle id, e.g. 'FL-2041'.", pattern=r"^FL-\d{4}$")
        self.tools = [
            Tool("list_vehicles", "Vehicles at a depot with status, odometer and assigned driver.",
                 s_obj({"depot": s_str("Depot code.", enum=list(DEPOTS)),
                        "status": s_str("Status filter.", enum=["in_service", "in_shop", "out_of_service", "all"])}, ["depot"]),
                 http=BASE, extra=[("include_trailers", True)]),
            Tool("get_vehicle_health", "Latest telematics snapshot: odometer, fuel, battery, tyre pressures and active fault codes.",
                 s_obj({"vehicle_id": vid}, ["vehicle_id"]), entity={"vehicle_id": "id"}, http=BASE, extra=[("history_hours", 24)]),
            Tool("get_maintenance_schedule", "Service items for a vehicle with intervals, last service and next due point.",
                 s_obj({"vehicle_id": vid}, ["vehicle_id"]), entity={"vehicle_id": "id"}, http=BASE, extra=[("include_completed", True)]),
            Tool("get_trip_log", "Trips recorded for a vehicle on one day.",
                 s_obj({"vehicle_id": vid, "date": s_date("Day (YYYY-MM-DD)."),
                        "min_distance_km": s_int("Ignore trips shorter than this.", 0, 50)}, ["vehicle_id", "date"]),
                 entity={"vehicle_id": "id"}, http=BASE, extra=[("tz", "local"), ("include_gps", True)]),
            Tool("get_manual_section", "Plain-text excerpt of a vehicle service manual, by path.",
                 s_obj({"manual_path": s_str("Manual path, e.g. 'manuals/ford-transit-2023/fault-codes.md'.",
                                             pattern=r"^manuals/[a-z0-9-]+/[a-z0-9-]+\.md$")}, ["manual_path"]),
                 entity={"manual_path": "path"}, extra=[("lang", "en")]),
        ]
        self.intents = [("service_due", self.service_due, True), ("fault_codes", self.faults, True),
                        ("trip_summary", self.trips, False), ("depot_status", self.depot, False)]

    # ------------------------------------------------------------------ data
    def vehicle(self, r: R):
        model, year, slug, tank = r.choice(MODELS)
        return {"vehicle_id": f"FL-{r.digits(4)}", "plate": f"{r.upper(3)}-{r.digits(4)}", "make_model": model, "year": year,
                "odometer_km": r.randint(18000, 240000), "status": "in_service", "driver": r.choice(DRIVERS),
                "depot": r.choice(list(DEPOTS)), "_slug": slug, "_tank": tank}

    @staticmethod
    def pub(v):
        return {k: x for k, x in v.items() if not k.startswith("_")}

    # ------------------------------------------------------------------ intents
    def service_due(self, ctx):
        r, today = ctx.r, ctx.today
        v = self.vehicle(r)
        odo = v["odometer_km"]
        items = []
        for name, km, months in r.sample(SERVICES, 4):
            state = r.choice(["ok", "ok", "due_soon", "overdue"])
            if state == "overdue" and km > odo:
                state = "due_soon"
            if state == "overdue":
                next_km = odo - r.randint(300, 2500)
            elif state == "due_soon":
                next_km = odo + r.randint(200, 1400)
            else:
                next_km = odo + r.randint(3000, km - 500)
            last_km = next_km - km
            last_on = today - dt.timedelta(days=r.randint(40, months * 30 - 10))
            next_on = last_on + dt.timedelta(days=months * 30)
            items.append({"service": name, "interval_km": km, "interval_months": months, "last_done_km": max(0, last_km),
                          "last_done_on": last_on.isoformat(), "next_due_km": next_km, "next_due_on": next_on.isoformat(), "status": state})
        if not any(i["status"] != "ok" for i in items):
            items[0]["status"] = "due_soon"
            items[0]["next_due_km"] = odo + r.randint(200, 1400)
            items[0]["last_done_km"] = max(0, items[0]["next_due_km"] - items[0]["interval_km"])
        sched = {"vehicle_id": v["vehicle_id"], "odometer_km": odo, "as_of": today.isoformat(), "items": items}
        gs = Call("get_maintenance_schedule", {"vehicle_id": v["vehicle_id"]}, sched)
        history = None
        if ctx.followup:
            others = [self.vehicle(r) for _ in range(2)]
            for o in others:
                o["depot"] = v["depot"]
            lst = {"depot": v["depot"], "vehicles": [self.pub(x) for x in [v] + others]}
            history = History().user(f"What vehicles do we have at {DEPOTS[v['depot']]}?")
            history.call([Call("list_vehicles", {"depot": v["depot"], "status": "all"}, lst)])
            history.reply(f"Three: {v['vehicle_id']} ({v['make_model']}), {others[0]['vehicle_id']} and {others[1]['vehicle_id']}.")
            req = r.choice([f"What maintenance is coming up on the {v['make_model']}?",
                            f"Anything due on {v['vehicle_id']}?"])
        else:
            req = r.choice([f"What service is due on {v['vehicle_id']}?", f"Is {v['vehicle_id']} overdue for anything?",
                            f"maintenance status for {v['vehicle_id']} please"])
        over = [i for i in items if i["status"] == "overdue"]
        soon = [i for i in items if i["status"] == "due_soon"]
        ok = [i for i in items if i["status"] == "ok"]
        a = A()
        lead(a, r, p=0.25)
        vid = v["vehicle_id"]
        a(vid + " is" if r.random() < 0.5 else "It's").t(" at ").x(f"{fnum(odo)} km", num=f"{fnum(nudge(odo, r, 0.05, 0.15, dec=0))} km").t(".").p()
        if over:
            a(" ").x(nword(len(over)).capitalize() + (" item is" if len(over) == 1 else " items are"), num=nword(len(over) + 1).capitalize() + " items are").t(" overdue:\n")
            for i in over:
                past = odo - i["next_due_km"]
                a("\n- **").x(i["service"], ent=r.choice([s for s, _, _ in SERVICES if s not in [x["service"] for x in items]] or ["Spark plugs"])).t("** — was due at ").x(f"{fnum(i['next_due_km'])} km", num=f"{fnum(i['next_due_km'] + r.choice([1500, 2500]))} km").t(", so ").x(f"{fnum(past)} km", num=f"{fnum(past + r.choice([600, 900]))} km").t(" past it").pb()
        for i in soon:
            left = i["next_due_km"] - odo
            a("\n\n").x(i["service"], ent=r.choice(["Spark plugs", "Wheel alignment", "DEF top-up"])).t(" is ").x("due soon", val="overdue").t(": ").x(f"{fnum(left)} km", num=f"{fnum(left + r.choice([800, 1200]))} km").t(" to go (about ").x(f"{fnum(round(left * KM_MI))} miles", num=f"{fnum(round(left * KM_MI * 1.6))} miles").t("), or by ").x(mdy(dt.date.fromisoformat(i["next_due_on"])), tmp=mdy(dt.date.fromisoformat(i["next_due_on"]) + dt.timedelta(days=r.choice([30, 45])))).t(", whichever comes ").x("first", rel="last").pc().t(".").p()
        if ok:
            a("\n\n").x(nword(len(ok)).capitalize(), num=nword(len(ok) + 1).capitalize()).t(" other ").t("item is" if len(ok) == 1 else "items are").t(" fine for now")
            nxt = min(ok, key=lambda i: i["next_due_km"])
            oth = [x for x in items if x is not nxt]
            a(" — the ").x("nearest", rel="furthest").t(" is ").t(nxt["service"].lower()).t(" at ").x(f"{fnum(nxt['next_due_km'])} km", num=f"{fnum(nxt['next_due_km'] + 4000)} km", conf=("numerical", f"{fnum(oth[0]['next_due_km'])} km"))
            a(".").p()
        if r.random() < 0.55:
            a(" (Statuses are from each item's ").x("`status`", attr=r.choice(["`due_state`", "`service_status`", "`health`"])).t(" field.)").p()
        a.pp()
        tail(a, r, p=0.5, sep="\n\n", own=["Want me to check the shop's availability?", "Should I pull the service history as well?"])
        a.ins("claim", f"The {v['make_model']} has a manufacturer recall open for the rear brake lines.")
        a.ins("claim", "Overdue oil changes void the powertrain warranty on this model.")
        a.ins("claim", "The warranty covers the next two oil services.")
        a.ins("behavior", f"I just booked {vid} into the shop for Thursday morning.")
        a.ins("behavior", f"{v['driver']} knows the van is due in — I messaged them a minute ago.")
        a.ins("elab", "because it's been doing longer motorway routes lately", clause=True)
        a.ins("elab", "Vans on this route tend to reach service intervals faster in winter.")
        a.ins("cite", f"The work order for this is WO-{r.digits(6)}.")
        return Plan(req, [Turn([gs])], a, history.msgs if history else None)

    def faults(self, ctx):
        r, today = ctx.r, ctx.today
        v = self.vehicle(r)
        code, desc, sev, msec, guide = r.choice(DTCS)
        first = today - dt.timedelta(days=r.randint(0, 9))
        rec = r.choice([380, 400, 420])
        tyres = {k: rec + r.choice([-5, 0, 5]) for k in ("front_left", "front_right", "rear_left", "rear_right")}
        low_k = r.choice(list(tyres))
        tyres[low_k] = rec - r.choice([45, 60, 70])
        fuel_pct = r.randint(12, 85)
        off = r.choice(["-05:00", "-06:00"])
        mpath = f"manuals/{v['_slug']}/fault-codes.md"
        health = {"vehicle_id": v["vehicle_id"], "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), off),
                  "odometer_km": v["odometer_km"], "engine_hours": r.randint(900, 7800),
                  "fuel": {"level_pct": fuel_pct, "tank_capacity_l": v["_tank"]}, "battery_v": r.choice([12.1, 12.4, 12.6, 13.9, 14.1]),
                  "tyre_pressure_kpa": tyres, "recommended_kpa": rec,
                  "active_dtcs": [{"code": code, "description": desc, "severity": sev, "first_seen": first.isoformat(), "manual_path": mpath}],
                  "driver": v["driver"]}
        manual = (f"# {v['make_model']} ({v['year']}) — Diagnostic trouble codes\n\n"
                  f"## 5. Reading codes\n5.1 Active codes are reported by the telematics unit within 5 minutes.\n"
                  f"5.2 Codes clear automatically after three fault-free drive cycles.\n\n"
                  f"## 6. Common codes\n" + "\n".join(f"{d[3]} {d[0]} — {d[1]}. {d[4]}" for d in DTCS if d[3] in ("6.1", "6.2", "6.3", msec)) + "\n\n"
                  f"## 7. Tyres\n7.1 Recommended cold pressure: {rec} kPa on all wheels.\n7.2 Do not drive with a tyre more than 20% below the recommended pressure.\n")
        gh = Call("get_vehicle_health", {"vehicle_id": v["vehicle_id"]}, health)
        gm = Call("get_manual_section", {"manual_path": mpath}, manual)
        history = None
        if ctx.followup:
            history = History().user(f"Who's driving {v['vehicle_id']} today?")
            history.call([gh])
            history.reply(f"{v['driver']} has it today.")
            req = r.choice(["The dash light is on — what's wrong with it and can it keep driving?", "There's a fault light on it. Is it safe to keep going?"])
            turns = [Turn([gm])]
        else:
            req = r.choice([f"{v['vehicle_id']} is showing a check-engine light. What is it and can it stay on the road?",
                            f"What's the fault on {v['vehicle_id']}?"])
            turns = [Turn([gh]), Turn([gm])]
        low = tyres[low_k]
        drop = (rec - low) / rec * 100
        psi = lambda k: round(k * 0.145038)
        litres = round(fuel_pct / 100 * v["_tank"], 1)
        a = A()
        lead(a, r, p=0.25)
        fake_code = r.choice([c for c in ["P0455", "P0442", "P0507", "P0335", "C0040"] if c != code])
        fsec = r.choice([s for s in ["6.6", "6.8", "8.1", "5.4", "7.3"]])
        a("The active code is **").x(code, fid=fake_code).t("** — ").t(desc[0].lower() + desc[1:]).t(", flagged as ").x(SEV_WORDS[sev], val=SEV_WORDS["critical" if sev != "critical" else "info"]).t(" since ").x(month_ord(first), tmp=month_ord(first - dt.timedelta(days=r.choice([4, 6, 10])))).pc().t(".").p()
        a.ins("elab", CAUSE[code], clause=True)
        a(" Per section ").x(msec, sec=fsec).t(" of the manual: ")
        if sev == "critical":
            a.x("reduce load and speed", neg="there's no need to reduce load or speed").t(", and if the check-engine light flashes, stop and arrange a tow.").p()
        elif code == "P0128":
            a.x("it's not urgent", neg="it needs attention right away").t(" — replace the thermostat at the next scheduled service.").p()
        else:
            limit = "1,000 km" if code == "P0420" else ("500 km" if code == "P0171" else None)
            if limit:
                a("it ").x("can keep driving", neg="shouldn't be driven").t(", but should be inspected within ").x(limit, num="1,500 km" if code == "P0420" else "1,000 km").t(f" (about {round(int(limit.replace(',', '').split()[0]) * KM_MI)} miles).").p()
            else:
                a("ABS and stability control ").x("may be disabled", neg="stay fully active").t(", so get it repaired before any long-distance trip.").p()
        a("\n\nWhile I was in there, one other thing: the ").x(low_k.replace("_", " "), val=r.choice([k.replace("_", " ") for k in tyres if k != low_k])).t(" tyre is at ")
        a.x(f"{low} kPa", num=f"{low + 30} kPa").t(" (").x(f"{psi(low)} psi", num=f"{psi(low) + 6} psi").t("), ").x(f"{drop:.0f}%", num=f"{drop + r.choice([7, 9]):.0f}%").t(" ").x("below", rel="above").t(" the recommended ").x(f"{rec} kPa", num=f"{rec + 20} kPa").t(".").p()
        if drop > 20:
            a(" That's ").x("more", rel="less").t(" than the 20% limit in section ").x("7.2", sec=r.choice(["7.4", "8.2"])).t(", so it ").x("shouldn't", neg="can").t(" be driven until it's inflated.").p()
        else:
            a(" That's ").x("within", neg="outside").t(" the 20% limit in section ").x("7.2", sec=r.choice(["7.4", "8.2"])).t(", but worth topping up.").p()
        if r.random() < 0.5:
            a(" Fuel is at ").x(f"{fuel_pct}%", num=f"{fuel_pct + r.choice([10, 15])}%").t(", roughly ").x(f"{litres:g} L", num=f"{round(litres * 1.3, 1):g} L").t(" of its ").t(f"{v['_tank']} L").t(" tank.").p()
        a.pp()
        tail(a, r, p=0.5, sep="\n\n", own=[f"Want me to message {v['driver']} about the tyre?", "Should I find the nearest workshop on its route?"], generic=False)
        a.ins("claim", "This code often comes back within a week even after a repair.")
        a.ins("claim", f"Two other vans of the same model in the fleet logged {code} last month.")
        a.ins("claim", "The repair is covered under the emissions warranty.")
        a.ins("behavior", "Code cleared on my end, so we can see whether it comes back.")
        a.ins("behavior", f"I've opened a workshop ticket and told {v['driver']} to head back to the depot.")
        a.ins("elab", "Cold mornings make this kind of fault show up more often.")
        a.ins("cite", f"The full procedure is in manuals/{v['_slug']}/exhaust-system.md.")
        a.ins("cite", f"The telematics alert ID is ALR-{r.digits(7)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def trips(self, ctx):
        r, today = ctx.r, ctx.today
        v = self.vehicle(r)
        day = today - dt.timedelta(days=r.randint(1, 6))
        off = r.choice(["-05:00", "-06:00", "-07:00"])
        n = r.randint(3, 5)
        t = dt.datetime.fromisoformat(stamp(day, r.randint(6, 8), r.choice([0, 10, 20, 35, 45]), off))
        trips = []
        for k in range(n):
            dur = r.randint(18, 95)
            dist = round(dur * r.uniform(0.45, 0.95), 1)
            fuel = round(dist * r.uniform(0.09, 0.14), 1)
            idle = r.randint(2, max(3, dur // 4))
            end = t + dt.timedelta(minutes=dur)
            trips.append({"trip_id": f"TR-{r.digits(7)}", "start": t.isoformat(), "end": end.isoformat(), "distance_km": dist,
                          "fuel_used_l": fuel, "idle_min": idle, "max_speed_kmh": r.randint(72, 118), "harsh_events": r.choice([0, 0, 0, 1, 2])})
            t = end + dt.timedelta(minutes=r.randint(15, 90))
        log = {"vehicle_id": v["vehicle_id"], "date": day.isoformat(), "driver": v["driver"], "trips": trips}
        gt = Call("get_trip_log", {"vehicle_id": v["vehicle_id"], "date": day.isoformat()} if r.random() < 0.7
                  else {"vehicle_id": v["vehicle_id"], "date": day.isoformat(), "min_distance_km": 0}, log)
        req = r.choice([f"Summarize {v['vehicle_id']}'s driving on {day.isoformat()}.", f"How much did {v['vehicle_id']} drive on {day.isoformat()}, and how efficiently?",
                        f"trip report for {v['vehicle_id']}, {day.isoformat()}"])
        dist = round(sum(x["distance_km"] for x in trips), 1)
        fuel = round(sum(x["fuel_used_l"] for x in trips), 1)
        l100 = fuel / dist * 100
        drive = sum(int((dt.datetime.fromisoformat(x["end"]) - dt.datetime.fromisoformat(x["start"])).total_seconds() // 60) for x in trips)
        idle = sum(x["idle_min"] for x in trips)
        idle_pct = idle / drive * 100
        longest = max(trips, key=lambda x: x["distance_km"])
        shortest = min(trips, key=lambda x: x["distance_km"])
        harsh = sum(x["harsh_events"] for x in trips)
        top = max(x["max_speed_kmh"] for x in trips)
        t_first = dt.datetime.fromisoformat(trips[0]["start"])
        t_last = dt.datetime.fromisoformat(trips[-1]["end"])
        a = A()
        lead(a, r, p=0.25)
        style = r.choice(["bullets", "prose"])
        if style == "bullets":
            a("**").x(v["vehicle_id"], fid=fid_v(v["vehicle_id"], r)).t(" on ").x(day_of(day), tmp=day_of(day - dt.timedelta(days=1))).t("** (").x(v["driver"], ent=r.choice(OTHER_DRIVERS)).t(")\n\n")
            a("- **Trips:** ").x(str(n), num=str(n + 1)).t(", first out at ").x(hm24(t_first), tmp=hm24(t_first - dt.timedelta(minutes=r.choice([40, 60])))).t(", last back at ").x(hm24(t_last), tmp=hm24(t_last + dt.timedelta(minutes=r.choice([45, 70])))).pb()
            a("\n- **Distance:** ").x(f"{dist:g} km", num=f"{nudge(dist, r, 0.12, 0.3, dec=1):g} km").t(" (").x(f"{dist * KM_MI:.0f} mi", num=f"{dist * KM_MI * 1.25:.0f} mi").t(")").pb()
            a("\n- **Fuel:** ").x(f"{fuel:g} L", num=f"{nudge(fuel, r, 0.15, 0.35, dec=1):g} L").t(", or ").x(f"{l100:.1f} L/100 km", num=f"{l100 + r.choice([1.8, 2.6]):.1f} L/100 km").pb()
            a("\n- **Idling:** ").x(f"{idle} min", num=f"{idle + r.choice([9, 14])} min").t(" of ").x(dur_words(drive), num=dur_words(drive + 40)).t(" on the road (").x(pct1(idle_pct), num=pct1(idle_pct + 6)).t(")").pb()
            a("\n- **Harsh events:** ").x(str(harsh) if harsh else "none", num=str(harsh + 2))
            if r.random() < 0.4:
                a(" (summed from each trip's ").x("`harsh_events`", attr=r.choice(["`harsh_braking`", "`safety_events`", "`harsh_count`"])).t(")")
            a.pb()
            a("\n\nThe ").x("longest", rel="shortest").t(" trip was ").x(f"{longest['distance_km']:g} km", num=f"{longest['distance_km'] + 11:g} km", conf=("numerical", f"{shortest['distance_km']:g} km")).t(", starting at ").x(hm24(dt.datetime.fromisoformat(longest["start"])), tmp=hm24(dt.datetime.fromisoformat(longest["start"]) + dt.timedelta(hours=2))).t(".").pp()
        else:
            a(v["driver"]).t(" took ").x(v["vehicle_id"], fid=fid_v(v["vehicle_id"], r)).t(" out ").x(nword(n) + " times", num=nword(n + 1) + " times").t(" on ").x(day_ord(day), tmp=day_ord(day + dt.timedelta(days=1))).t(", covering ").x(f"{dist:g} km", num=f"{nudge(dist, r, 0.12, 0.3, dec=1):g} km").t(" between ")
            a.x(hm12(t_first), tmp=hm12(t_first + dt.timedelta(minutes=r.choice([50, 80])))).t(" and ").x(hm12(t_last), tmp=hm12(t_last - dt.timedelta(minutes=r.choice([50, 80])))).t(".").p()
            a(" It burned ").x(f"{fuel:g} litres", num=f"{nudge(fuel, r, 0.15, 0.35, dec=1):g} litres").t(", which works out to ").x(f"{l100:.1f} L/100 km", num=f"{l100 + r.choice([1.8, 2.6]):.1f} L/100 km").t(".").p()
            a(" Idling took up ").x(f"{idle} minutes", num=f"{idle + r.choice([9, 14])} minutes").t(" — about ").x(f"{round(idle_pct)}%", num=f"{round(idle_pct) + 7}%").t(" of the ").t(dur_words(drive)).t(" of trip time").pc().t(".").p()
            a(" Top speed was ").x(f"{top} km/h", num=f"{top + 12} km/h").t(", and ").x(f"there were {plural(harsh, 'harsh event')}" if harsh else "there were no harsh events", neg=("there were no harsh events" if harsh else "there were two harsh events")).t(".").p()
            if r.random() < 0.4:
                a(" (Idle time is the sum of each trip's ").x("`idle_min`", attr=r.choice(["`idle_seconds`", "`idle_time`", "`engine_idle`"])).t(".)").p()
        tail(a, r, p=0.45, sep="\n\n" if style == "bullets" else " ", own=["Want to compare this with the rest of the week?", "Should I flag the idling to the driver's supervisor?"])
        a.ins("claim", "That fuel figure is about 8% better than the fleet average for this model.")
        a.ins("claim", f"{v['driver']} has the lowest idle time of any driver at the depot this month.")
        a.ins("behavior", "A copy of this summary went to the depot manager when I pulled it.")
        a.ins("behavior", f"I've added a coaching note to {v['driver']}'s profile about idling.")
        a.ins("elab", "mostly from waiting at the loading dock between drops", clause=True)
        a.ins("elab", "Stop-start city routes usually push fuel use above 12 L/100 km.")
        a.ins("cite", f"The full route replay is at https://app.torque-fleet.example/replay/{r.alnum(10)}.")
        return Plan(req, [Turn([gt])], a)

    def depot(self, ctx):
        r, today = ctx.r, ctx.today
        dep = r.choice(list(DEPOTS))
        vs = [self.vehicle(r) for _ in range(r.randint(5, 7))]
        for v in vs:
            v["depot"] = dep
            v["status"] = r.choice(["in_service", "in_service", "in_service", "in_shop", "out_of_service"])
        if not any(v["status"] == "in_shop" for v in vs):
            vs[0]["status"] = "in_shop"
        while sum(v["status"] == "in_service" for v in vs) < 2:
            next(v for v in vs[1:] if v["status"] != "in_service")["status"] = "in_service"
        for v in vs:
            if v["status"] == "in_shop":
                v["shop_eta"] = (today + dt.timedelta(days=r.randint(1, 6))).isoformat()
        lv = Call("list_vehicles", {"depot": dep, "status": "all"} if r.random() < 0.6 else {"depot": dep}, {"depot": dep, "as_of": today.isoformat(),
                                                                                                             "vehicles": [self.pub(v) for v in vs]})
        req = r.choice([f"How many vehicles at {DEPOTS[dep]} are available right now?", f"Status of the {dep} depot fleet?",
                        f"Which vans at {DEPOTS[dep]} are off the road?"])
        ins = [v for v in vs if v["status"] == "in_service"]
        shop = [v for v in vs if v["status"] == "in_shop"]
        oos = [v for v in vs if v["status"] == "out_of_service"]
        hi = max(vs, key=lambda v: v["odometer_km"])
        lo = min(vs, key=lambda v: v["odometer_km"])
        avg = sum(v["odometer_km"] for v in vs) / len(vs)
        a = A()
        lead(a, r, p=0.25)
        a(f"{DEPOTS[dep]} has ").x(nword(len(vs)), num=nword(len(vs) + 1)).t(" vehicles: ").x(str(len(ins)), num=str(len(ins) + 1)).t(" in service, ").x(str(len(shop)), num=str(len(shop) + 1)).t(" in the shop")
        a(" and ").x(str(len(oos)) if oos else "none", num=str(len(oos) + 1)).t(" out of service.").p()
        a(" That's ").x(pct1(len(ins) / len(vs) * 100), num=pct1(len(ins) / len(vs) * 100 + 10)).t(" availability").pc().t(".").p()
        if shop:
            a("\n\nIn the shop:\n")
            for v in shop:
                eta = dt.date.fromisoformat(v["shop_eta"])
                a("\n- ").x(v["vehicle_id"], fid=fid_v(v["vehicle_id"], r)).t(" (").x(v["make_model"], ent=r.choice(OTHER_MODELS)).t(") — expected back ").x(day_of(eta), tmp=day_of(eta + dt.timedelta(days=r.choice([2, 3])))).t(", ").x(plural((eta - today).days, "day"), num=plural((eta - today).days + 2, "day")).t(" from now").pb()
        if oos:
            a("\n\n").x(", ".join(v["vehicle_id"] for v in oos), fid=", ".join(fid_v(v["vehicle_id"], r) for v in oos)).t(" ").t("is" if len(oos) == 1 else "are").t(" out of service with ").x("no", neg="a").t(" return date listed.").pp()
        a("\n\nHighest mileage is ").x(hi["vehicle_id"], fid=fid_v(hi["vehicle_id"], r), conf=("entity", lo["vehicle_id"])).t(" at ").x(f"{fnum(hi['odometer_km'])} km", num=f"{fnum(nudge(hi['odometer_km'], r, 0.08, 0.2, dec=0))} km")
        if hi["odometer_km"] > avg * 1.25:
            a(", ").x("well above", rel="well below").t(" the depot average of about ")
        else:
            a("; the depot average is about ")
        a.x(f"{fnum(round(avg, -3))} km", num=f"{fnum(round(avg * 1.2, -3))} km").t(".").pp()
        tail(a, r, p=0.45, sep="\n\n", own=["Want me to check what's holding up the shop jobs?", "Should I look at reassigning routes for tomorrow?"])
        a.ins("claim", "The depot needs at least five vans in service to cover tomorrow's routes.")
        a.ins("claim", "Both shop jobs are waiting on the same parts order.")
        a.ins("behavior", "I've moved a spare van over from the neighbouring depot.")
        a.ins("behavior", "I've asked the workshop for an updated ETA on each repair.")
        a.ins("elab", "because the workshop is running one technician short this week", clause=True)
        a.ins("elab", "Availability usually dips at this depot ahead of the monthly inspections.")
        a.ins("cite", f"The depot's availability dashboard is https://app.torque-fleet.example/depots/{dep}-{r.digits(3)}.")
        return Plan(req, [Turn([lv])], a)
