"""farm_irrigation (set h): soil-moisture checks against refill points with rainfall totals, scheduling an irrigation
run (the pump station booked by design and the run moved to the next free start), the abstraction-licence water
account (m³, megalitres, cost) and crop irrigation guidance fetched by path."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, s_date, s_int, s_num, s_obj, s_str
from .hstyle import Quill, guard

BASE = "https://api.greenacre-growers.example/irrigation/v1"
FIELD_NAMES = ["Long Meadow", "Church Piece", "Top Forty", "Mill Field", "Hollow Bottom", "Sandpit Field", "Ten Acre",
               "Brook Furlong"]
OTHER_FIELDS = ["Windmill Close", "Great Ley", "Pond Field"]
CROPS = {"potatoes": ("maincrop potatoes", "Maris Piper"), "onions": ("onions", "Hybound"),
         "carrots": ("carrots", "Nairobi"), "sugar-beet": ("sugar beet", "Daphna")}


class Irrigation(Scenario):
    name = "farm_irrigation"
    agent = "Furrow"
    service = "greenacre-irrigation-assistant"
    system = ("You are Furrow, the irrigation assistant for Greenacre Growers (Fenland farms). Use the tools to read "
              "field sensors, schedule irrigation runs, report the abstraction-licence water account and look up crop "
              "irrigation guidance. Units are metric; 1 mm of water over 1 ha is 10 m³.")
    error_style = 2
    entity_noun = {"farm_id": "Farm", "field_id": "Field", "zone_id": "Zone", "doc_path": "Guide"}
    preambles = ["Let me check the sensors.", "I'll pull up the field list first.", "One moment."]

    def __init__(self):
        self.tools = [
            Tool("list_fields", "Fields on a farm with crop, area, irrigation zone and guidance path.",
                 s_obj({"farm_id": s_str("Farm ID, e.g. 'FM-204'.", pattern=r"^FM-\d{3}$")}, ["farm_id"]),
                 entity={"farm_id": "id"}, http=BASE, extra=[("include_fallow", True)]),
            Tool("get_soil_moisture", "Daily soil-moisture readings (% volumetric at 30 cm) and rainfall for a field.",
                 s_obj({"field_id": s_str("Field ID, e.g. 'FLD-204-07'.", pattern=r"^FLD-\d{3}-\d{2}$"),
                        "days": s_int("Days of history.", 1, 14)}, ["field_id", "days"]),
                 entity={"field_id": "id"}, http=BASE, extra=[("depth_cm", 60)]),
            Tool("schedule_irrigation", "Schedule an irrigation run for a zone.",
                 s_obj({"zone_id": s_str("Zone ID from list_fields, e.g. 'Z-204-07'.", pattern=r"^Z-\d{3}-\d{2}$"),
                        "date": s_date("Run date (YYYY-MM-DD)."),
                        "start": s_str("Start time (HH:MM, 24-hour).", pattern=r"^([01]\d|2[0-3]):[0-5]\d$"),
                        "depth_mm": s_num("Application depth in mm.", 5, 40)}, ["zone_id", "date", "start", "depth_mm"]),
                 entity={"zone_id": "id"}, http=BASE, extra=[("override_rain_delay", True)]),
            Tool("get_water_account", "Abstraction-licence account: cap, usage by month, price.",
                 s_obj({"farm_id": s_str("Farm ID.", pattern=r"^FM-\d{3}$")}, ["farm_id"]),
                 entity={"farm_id": "id"}, http=BASE, extra=[("units", "ML")]),
            Tool("get_guidance", "Crop irrigation guidance note (Markdown, numbered sections) by path.",
                 s_obj({"doc_path": s_str("Path from list_fields, e.g. 'guides/irrigation/potatoes.md'.",
                                          pattern=r"^guides/irrigation/[a-z-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("format", "html")]),
        ]
        self.intents = [("moisture_check", self.moisture, True), ("schedule_run", self.schedule, False),
                        ("water_licence", self.licence, False), ("crop_guidance", self.guidance, True)]

    # ------------------------------------------------------------------ helpers
    def farm(self, r: R):
        fid = f"FM-{r.randint(100, 999)}"
        names = r.sample(FIELD_NAMES, r.choice([3, 4]))
        fields = []
        for k, nm in enumerate(names):
            num = r.randint(1, 40)
            while any(f["field_id"].endswith(f"-{num:02d}") for f in fields):
                num += 1
            crop = r.choice(list(CROPS))
            fields.append({"field_id": f"FLD-{fid[3:]}-{num:02d}", "name": nm, "crop": crop, "variety": CROPS[crop][1],
                           "area_ha": round(r.uniform(4, 28), 1), "zone_id": f"Z-{fid[3:]}-{num:02d}",
                           "guide_path": f"guides/irrigation/{crop}.md"})
        return fid, {"farm_id": fid, "farm": r.choice(["Fen End Farm", "Northfield Farm", "Ouse Washes Farm"]), "fields": fields}

    # ------------------------------------------------------------------ intents
    def moisture(self, ctx):
        r, today = ctx.r, ctx.today
        fid, farm = self.farm(r)
        f = r.choice(farm["fields"])
        days = r.choice([5, 7])
        refill, full = r.choice([(22.0, 34.0), (20.0, 32.0), (24.0, 36.0)])
        m = refill + r.uniform(-3, 8)
        readings = []
        for k in range(days, 0, -1):
            d = today - dt.timedelta(days=k - 1)
            rain = r.choice([0.0, 0.0, 0.0, 0.4, 1.2, 3.5, 6.0])
            m = m - r.uniform(0.4, 1.3) + rain * 0.3
            readings.append({"date": d.isoformat(), "moisture_pct": round(m, 1), "rain_mm": rain})
        res = {"field_id": f["field_id"], "as_of": today.isoformat(), "depth_cm": 30, "refill_point_pct": refill,
               "full_point_pct": full, "readings": readings}
        lf = Call("list_fields", {"farm_id": fid}, farm)
        gm = Call("get_soil_moisture", {"field_id": f["field_id"], "days": days}, res)
        history = None
        if ctx.followup:
            history = History().user(f"What's planted on farm {fid}?")
            history.call([lf])
            history.reply("; ".join(f"{x['name']}: {CROPS[x['crop']][0]} ({x['area_ha']} ha)" for x in farm["fields"]) + ".")
            req = r.choice([f"How dry is {f['name']} looking this week?", f"Does {f['name']} need water?"])
            turns = [Turn([gm])]
        else:
            req = r.choice([f"Farm {fid}: how's the soil moisture on {f['name']}? Do we need to irrigate?",
                            f"Can you check {f['name']} on {fid} — is it below refill?"])
            turns = [Turn([lf]), Turn([gm])]
        w = Quill(r, today)
        latest, first = readings[-1], readings[0]
        rain = round(sum(x["rain_mm"] for x in readings), 1)
        change = round(latest["moisture_pct"] - first["moisture_pct"], 1)
        below = [x for x in readings if x["moisture_pct"] < refill]
        need = round(full - latest["moisture_pct"], 1)
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t(f"{f['name']} (").x(f["variety"], ent=r.choice(["Melody", "Sturon", "Nantes 2", "Cara"])).t(f" {CROPS[f['crop']][0]}) was reading ").x(f"{latest['moisture_pct']}%", num=f"{latest['moisture_pct'] + 4.5:.1f}%")
        a.t(" at 30 cm on ").x(w.d(latest["date"]), tmp=w.d(today - dt.timedelta(days=3))).t(", against a refill point of ").x(f"{refill:g}%", num=f"{refill - 4:g}%", conf=("numerical", f"{full:g}%"))
        if latest["moisture_pct"] < refill:
            a.t(", so it's ").x("below", rel="above").t(" refill and ").x("due for water", neg="not yet due for water").pc().t(".").p()
        else:
            a.t(", so it's still ").x("above", rel="below").t(" refill and ").x("doesn't need water just yet", neg="needs water straight away").pc().t(".").p()
        w.par(a)
        a.t(f"Over the last {w.n(days)} days it has ").t("dropped" if change < 0 else "risen").t(" by ").x(f"{abs(change):g} points", num=f"{abs(change) + 3:g} points")
        a.t(f" (from {first['moisture_pct']}% on {w.d(first['date'])}), with ").x(f"{rain:g} mm", num=f"{rain + 8:g} mm").t(" of rain in all")
        wet = max(readings, key=lambda x: x["rain_mm"])
        if wet["rain_mm"] > 0:
            a.t(", most of it on ").x(w.d(wet["date"]), tmp=w.d(dt.date.fromisoformat(wet["date"]) - dt.timedelta(days=2))).t(".").p()
        else:
            a.t(" — it's been ").x("completely dry", neg="fairly wet").t(".").p()
        if below:
            a.t(" It has been under refill on ").x(w.cnt(len(below), "day"), num=w.cnt(len(below) + 2, "day")).t(" of the ").t(w.n(days)).t(".").p()
        w.par(a)
        a.t("To bring it back to the full point of ").t(f"{full:g}%").t(" you'd be looking at roughly ").x(f"{need:g} points", num=f"{need + 5:g} points")
        a.t(" of recovery. On the ").x(f"{f['area_ha']} ha", num=f"{f['area_ha'] + 6:.1f} ha").t(" field (").x(w.about(f["area_ha"] * 2.471, 1, lambda v: f"{v:g} acres"), num=f"{f['area_ha'] * 2.471 + 9:.0f} acres")
        a.t("), every 10 mm applied is ").x(f"{f['area_ha'] * 100:,.0f} m³", num=f"{f['area_ha'] * 1000:,.0f} m³").t(" of water").t(".").p()
        if w.aside:
            a.t(" (The sensor ID for this field is ").x(f["field_id"], fid=f"FLD-{fid[3:]}-{(int(f['field_id'][-2:]) + 13) % 100:02d}").t(".)")
        w.closer(a, ["Would you like me to schedule a run tonight?", "Shall I check the other fields too?"])
        a.ins("claim", "The Met Office is forecasting 12 mm of rain later in the week.")
        a.ins("claim", "The neighbouring field was irrigated two days ago.")
        a.ins("behavior", "I've scheduled a 15 mm run for tonight to be safe.")
        a.ins("behavior", "I've recalibrated the sensor so tomorrow's readings are comparable.")
        a.ins("elab", "which is typical for sandy silt at this time of year", clause=True)
        a.ins("elab", "Crops at tuber initiation are most sensitive to that kind of dip.")
        a.ins("cite", f"The sensor maintenance ticket is SM-{r.randint(10000, 99999)}-GA.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def schedule(self, ctx):
        r, today = ctx.r, ctx.today
        fid, farm = self.farm(r)
        f = r.choice(farm["fields"])
        day = today + dt.timedelta(days=r.choice([0, 1, 1, 2]))
        depth = r.choice([10, 12, 15, 18, 20, 25])
        start_h = r.choice([19, 20, 21])
        vol = round(depth * f["area_ha"] * 10, 1)
        flow = float(max(20, round(vol / r.choice([5, 6, 7, 8]) / 5) * 5))
        hours = vol / flow
        clash = r.random() < 0.6
        turns = [Turn([Call("list_fields", {"farm_id": fid}, farm)])]
        start = f"{start_h:02d}:00"
        if clash:
            free_h, free_m = start_h + r.choice([1, 2]), r.choice([0, 30])
            pump = f"P{r.randint(1, 4)}"
            turns.append(Turn([Call("schedule_irrigation", {"zone_id": f["zone_id"], "date": day.isoformat(), "start": start, "depth_mm": depth},
                                    {"scheduled": False, "reason": "PUMP_BOOKED",
                                     "message": f"Pump station {pump} is committed to another zone from {start} to {free_h:02d}:{free_m:02d}.",
                                     "next_free_start": f"{free_h:02d}:{free_m:02d}"})]))
            start = f"{free_h:02d}:{free_m:02d}"
        s_dt = dt.datetime(day.year, day.month, day.day, int(start[:2]), int(start[3:]))
        e_dt = s_dt + dt.timedelta(minutes=round(hours * 60))
        run_id = f"IRR-{r.randint(100000, 999999)}"
        res = {"scheduled": True, "run_id": run_id, "zone_id": f["zone_id"], "date": day.isoformat(), "start": start,
               "end": e_dt.strftime("%Y-%m-%dT%H:%M"), "depth_mm": depth, "volume_m3": vol, "flow_m3_per_h": flow,
               "status": "queued"}
        turns.append(Turn([Call("schedule_irrigation", {"zone_id": f["zone_id"], "date": day.isoformat(), "start": start, "depth_mm": depth}, res)]))
        req = r.choice([f"Farm {fid}: please put {depth} mm on {f['name']} on {day.isoformat()}, starting {start_h:02d}:00 — or the next slot if the pump's busy.",
                        f"Schedule a {depth} mm irrigation for {f['name']} ({fid}) on {day.isoformat()} at {start_h:02d}:00, please."])
        w = Quill(r, today)
        a = A()
        w.opener(a)
        a.t("That's ").x("booked", val="pending approval").t(": ").x(f["name"], ent=r.choice(OTHER_FIELDS)).t(" will get ").x(f"{depth} mm", num=f"{depth + 5} mm").t(" ")
        a.x(w.rel(day), tmp=w.d(day + dt.timedelta(days=1))).t(", starting at ").x(w.t(s_dt), tmp=w.t(s_dt + dt.timedelta(hours=1))).t(".").p()
        if clash:
            w.par(a)
            a.t("I did ask for ").x(w.hm(start_h), tmp=w.hm(start_h - 1)).t(" first, but the pump station ").x("was already committed", neg="was free")
            a.t(" to another zone until then, so I took the ").x("next", rel="last").t(" free start instead")
            if w.aside:
                a.t(" (the scheduler replied ").x("`PUMP_BOOKED`", attr="`PUMP_OFFLINE`").t(")")
            a.t(".").p()
        w.par(a)
        a.t(f"{w.work('from')} the field's ").x(f"{f['area_ha']} ha", num=f"{f['area_ha'] + 4:.1f} ha").t(f": {depth} mm over that area is ")
        a.x(f"{vol:,.0f} m³", num=f"{vol * 1.5:,.0f} m³").t(" of water (").x(w.about(vol / 1000, 0.1, lambda v: f"{v:g} megalitres"), num=f"{vol / 100:.1f} megalitres").t(")")
        a.t(", and at ").x(f"{flow:g} m³ an hour", num=f"{flow + 30:g} m³ an hour").t(" the run should finish at ").x(w.t(e_dt), tmp=w.t(e_dt + dt.timedelta(hours=2)))
        if e_dt.date() != day:
            a.t(" the following morning")
        a.t(f", {w.about(hours, 0.5, lambda v: f'{v:g} hours')} in all").pc().t(".").p()
        a.t(" The run reference is ").x(run_id, fid=f"IRR-{int(run_id[4:]) + r.choice([1, 42, 900]):06d}").t(" and it's currently ").x("queued", val="running").t(".").p()
        w.closer(a, ["Would you like me to cancel it automatically if it rains?", "Shall I schedule the next field too?"])
        a.ins("claim", "Night runs lose about a third less to evaporation than daytime runs.")
        a.ins("claim", "The reservoir level is high enough for three more runs this week.")
        a.ins("behavior", "I've also told the night operator to check the hydrant at the start.")
        a.ins("behavior", "I've switched on the rain delay for this run.")
        a.ins("elab", "because the other zone has priority on that pump", clause=True)
        a.ins("cite", f"The pump station booking is PS-{r.randint(1000, 9999)}-{r.upper(2)}.")
        return guard(self, Plan(req, turns, a))

    def licence(self, ctx):
        r, today = ctx.r, ctx.today
        fid = f"FM-{r.randint(100, 999)}"
        y0 = today.year if today.month >= 4 else today.year - 1
        start = dt.date(y0, 4, 1)
        end = dt.date(y0 + 1, 3, 31)
        months, d = [], start
        while (d.year, d.month) < (today.year, today.month):
            heavy = d.month in (5, 6, 7, 8)
            months.append({"month": d.strftime("%Y-%m"), "used_m3": float(r.randint(18, 42) * 1000 if heavy else r.randint(0, 9) * 500)})
            d = (d.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
        if not months:
            months = [{"month": today.strftime("%Y-%m"), "used_m3": float(r.randint(2, 9) * 500)}]
        used = sum(m["used_m3"] for m in months)
        cap = float(max(60000, round(used * r.uniform(1.25, 2.2) / 10000) * 10000))
        price = r.choice([0.021, 0.026, 0.031])
        lic = f"AL/{r.randint(10, 99)}/{r.randint(100, 999)}"
        res = {"farm_id": fid, "licence_no": lic, "licence_period": {"start": start.isoformat(), "end": end.isoformat()},
               "annual_cap_m3": cap, "used_to_date_m3": used, "monthly": months, "charge_gbp_per_m3": price,
               "as_of": today.isoformat(), "status": "within_cap"}
        req = r.choice([f"How much of our abstraction licence have we used on {fid}?",
                        f"Farm {fid}: where are we on the water licence, and what has it cost so far?"])
        w = Quill(r, today)
        left = cap - used
        busiest = max(months, key=lambda m: m["used_m3"])
        quiet = min(months, key=lambda m: m["used_m3"])
        mon = lambda s: dt.date.fromisoformat(s + "-01").strftime("%B %Y")
        a = A()
        w.opener(a)
        a.t("You've used ").x(f"{used:,.0f} m³", num=f"{used + 12000:,.0f} m³").t(" of your ").x(f"{cap:,.0f} m³", num=f"{cap + 30000:,.0f} m³")
        a.t(" annual cap on licence ").x(lic, fid=f"AL/{lic[3:5]}/{(int(lic[-3:]) + r.choice([1, 17, 40])) % 900 + 100}").t(", which is ").x(w.about(used / cap * 100, 1, lambda v: f"{v:g}%"), num=f"{used / cap * 100 + 11:.0f}%").t(".").p()
        w.par(a)
        a.t("That leaves ").x(f"{left:,.0f} m³", num=f"{left - 15000:,.0f} m³").t(f" ({w.about(left / 1000, 1, lambda v: f'{v:g} megalitres')}) until the licence year ")
        a.x("ends", val="renews early").t(" on ").x(w.dy(end), tmp=w.dy(end - dt.timedelta(days=30))).t(", so you're ").x("within", rel="over").t(" the cap for now").pc().t(".").p()
        if len(months) > 1 and busiest["used_m3"] > quiet["used_m3"]:
            a.t(" The busiest month so far was ").x(mon(busiest["month"]), conf=("temporal", mon(quiet["month"]))).t(", at ").x(f"{busiest['used_m3']:,.0f} m³", num=f"{busiest['used_m3'] + 6000:,.0f} m³").t(".").p()
        w.par(a)
        a.t(f"At the abstraction charge of {price * 100:g}p per m³, ").t("that comes to ")
        a.x(w.gbp(used * price), num=w.gbp(used * price * 1.4)).t(" for the year to date").t(".").p()
        avg = used / len(months)
        a.t(f" Averaged over the {w.cnt(len(months), 'month')} on record, that's ").x(w.about(avg, 100, lambda v: f"{v:,.0f} m³"), num=f"{avg * 1.3:,.0f} m³").t(" a month.").p()
        w.closer(a, ["Would you like a month-by-month breakdown?", "Shall I set an alert at 80% of the cap?"])
        a.ins("claim", "The Environment Agency can impose a hands-off flow restriction in dry summers.")
        a.ins("claim", "Unused volume doesn't carry over into the next licence year.")
        a.ins("behavior", "I've set an alert for when you reach 90% of the cap.")
        a.ins("behavior", "I've sent the usage figures to the Environment Agency return.")
        a.ins("elab", "mainly because of the dry spell in early summer", clause=True)
        a.ins("cite", f"The meter return reference is MR-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, [Turn([Call("get_water_account", {"farm_id": fid}, res)])], a))

    def guidance(self, ctx):
        r, today = ctx.r, ctx.today
        fid, farm = self.farm(r)
        f = r.choice(farm["fields"])
        crop = f["crop"]
        path = f["guide_path"]
        deficit, max_app, ban = r.choice([18, 20, 25]), r.choice([20, 25, 30]), r.choice([(11, 16), (10, 17)])
        interval = r.choice([3, 4, 5])
        doc = (f"# Irrigation guidance — {CROPS[crop][0]}\n\n"
               f"## 1. When to irrigate\nIrrigate when the soil moisture deficit reaches {deficit} mm, or when sensors fall below the refill point.\n\n"
               f"## 2. Application depth\nApply no more than {max_app} mm in a single run on sandy or silty soils to avoid run-off.\n\n"
               f"## 3. Timing\nDo not run rain guns between {ban[0]:02d}:00 and {ban[1]:02d}:00 from June to August (evaporation and drift).\n\n"
               f"## 4. Interval\nLeave at least {interval} days between runs on the same zone unless the deficit exceeds {deficit + 10} mm.\n\n"
               "## 5. Records\nLog every run (date, zone, depth, volume) for the abstraction return.\n")
        lf = Call("list_fields", {"farm_id": fid}, farm)
        gg = Call("get_guidance", {"doc_path": path}, doc)
        q = "How much can we put on in one go, how often, and when can't we run the guns?"
        history = None
        if ctx.followup:
            history = History().user(f"Which fields on {fid} are in {CROPS[crop][0]}?")
            history.call([lf])
            history.reply(f"{f['name']} is in {CROPS[crop][0]} ({f['variety']}), {f['area_ha']} ha.")
            req = r.choice([f"What does the guidance say for that crop? {q}", q])
            turns = [Turn([gg])]
        else:
            req = f"Farm {fid}, {f['name']}: {q}"
            turns = [Turn([lf]), Turn([gg])]
        w = Quill(r, today)
        fake = lambda real: r.choice([s for s in ["6", "7", "2.3", "3.1", "8"] if s != real])
        vol = max_app * f["area_ha"] * 10
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t(f"The {CROPS[crop][0]} guidance covers all three of those.").p()
        w.lead_break(a)
        a.t("Section ").x("2", sec=fake("2")).t(" caps a single run at ").x(f"{max_app} mm", num=f"{max_app + 10} mm").t(" on sandy or silty soils, to avoid run-off")
        a.t("; on ").x(f"{f['name']}'s", ent=r.choice(OTHER_FIELDS) + "'s").t(f" {f['area_ha']} ha that's at most ").x(f"{vol:,.0f} m³", num=f"{vol * 1.2:,.0f} m³").t(" per run").t(".").p()
        a.t(" You should irrigate once the deficit reaches ").x(f"{deficit} mm", num=f"{deficit + 7} mm", conf=("numerical", f"{max_app} mm") if max_app != deficit else None).t(" (section ").x("1", sec=fake("1")).t(").").p()
        w.par(a)
        a.t("On frequency, section ").x("4", sec=fake("4")).t(" asks for at least ").x(w.cnt(interval, "day"), num=w.cnt(interval + 3, "day")).t(" between runs on the same zone, ")
        a.x("unless", rel="even if").t(" the deficit goes past ").x(f"{deficit + 10} mm", num=f"{deficit + 20} mm").t(".").p()
        w.par(a)
        a.t("And the guns ").x("mustn't run", neg="can run").t(" between ").x(w.hm(ban[0]), tmp=w.hm(ban[0] + 1)).t(" and ").x(w.hm(ban[1]), tmp=w.hm(ban[1] - 2))
        a.t(" from ").x("June to August", tmp="May to September").t(" (section 3)")
        if today.month in (6, 7, 8):
            a.t(", which ").x("applies", neg="doesn't apply").t(" right now")
        a.pc().t(".").p()
        w.closer(a, [f"Would you like me to schedule a run on {f['name']} within those limits?", "Shall I log the last run for the abstraction return?"])
        a.ins("claim", "Exceeding the per-run cap voids the crop assurance cover.")
        a.ins("claim", "The guidance was last revised after the 2025 drought.")
        a.ins("behavior", "I've updated the zone's scheduler to enforce the per-run limit.")
        a.ins("elab", "because run-off strips nitrogen from the ridges", clause=True)
        a.ins("elab", "Heavier soils can usually take a bit more per run.")
        a.ins("cite", f"The full agronomy note is at https://docs.greenacre-growers.example/agronomy/{crop}-irrigation-2026.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
