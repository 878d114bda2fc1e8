"""home_solar (set d): rooftop PV + home battery monitoring: energy summaries, live battery state, alerts, warranty document."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, other_than, plural,
                     s_date, s_obj, s_str)
from .dstyle import (bye, datefmt, days_between, fake_attr, fake_section, head, hello, lab, timefmt)

BASE = "https://api.sunvault.example/v1"
PANELS = ["Helion HX-400", "Brightcell BC-410M", "Solenne S6-395"]
INVERTERS = ["SunVault Hybrid 7.6", "SunVault Hybrid 11.4", "Voltaic HV-10"]
BATTERIES = [("VaultCell 13", 13.5), ("VaultCell 10", 10.0), ("Ember Stack 16", 16.0)]
OTHER_MODELS = ["PowerNest 12", "Ampera Home 15", "Solace Core 9"]
UTILITIES = ["Cascade Power & Light", "Mesa Electric Cooperative", "Tri-County Energy", "Bayline Utilities"]
CITIES = ["Sacramento, CA", "Tucson, AZ", "Boulder, CO", "Austin, TX", "Raleigh, NC", "Albuquerque, NM"]
ALERTS = [("STRING_UNDERPERFORMING", "warning", "String 2", "String 2 output {p}% below string 1 over the last {d} days"),
          ("INVERTER_GRID_FAULT", "critical", "Inverter", "Inverter disconnected from the grid {n} times in 24 h (voltage out of range)"),
          ("BATTERY_COMM_LOSS", "warning", "Battery", "No telemetry from the battery for {h} hours"),
          ("GATEWAY_OFFLINE", "info", "Gateway", "Gateway missed {n} consecutive check-ins"),
          ("PANEL_SOILING_SUSPECTED", "info", "Array", "Production {p}% below the clear-sky model for {d} sunny days")]
FAKE_CODES = ["STRING_MISMATCH", "INVERTER_GRID_LOSS", "BATTERY_OFFLINE", "GATEWAY_TIMEOUT", "PANEL_DIRT_ALERT",
              "STRING_LOW_OUTPUT", "GRID_VOLTAGE_FAULT", "BMS_COMM_ERROR"]
MODES = {"self_consumption": "self-consumption", "backup_only": "backup-only", "time_of_use": "time-of-use"}


def warranty_doc(panel_yrs, out_pct, inv_yrs, bat_yrs, mwh, cap_pct, claim_days):
    return ("SUNVAULT HOME ENERGY SYSTEM — LIMITED WARRANTY\n\n"
            f"1. SOLAR MODULES\n1.1 Product warranty: {panel_yrs} years from the installation date.\n"
            f"1.2 Power output: at least {out_pct}% of rated power at the end of year {panel_yrs}.\n\n"
            f"2. INVERTER\n2.1 The inverter is warranted for {inv_yrs} years from the installation date.\n\n"
            f"3. BATTERY\n3.1 The battery is warranted for {bat_yrs} years or {mwh} MWh of energy throughput, whichever comes first.\n"
            f"3.2 The battery will retain at least {cap_pct}% of its nominal capacity during the warranty period.\n\n"
            "5. EXCLUSIONS\n5.1 Damage caused by improper installation, flooding, fire or unauthorized modification is not covered.\n"
            "5.2 Cosmetic wear that does not affect output is not covered.\n\n"
            f"6. CLAIMS\n6.1 Claims must be submitted within {claim_days} days of discovering the defect.\n"
            "6.2 Warranty service includes parts and labor for covered repairs.\n")


class Solar(Scenario):
    name = "home_solar"
    agent = "Helio"
    service = "sunvault-home-energy-agent"
    system = ("You are Helio, SunVault's home-energy assistant. Use the tools to report on the homeowner's solar "
              "production, battery, alerts and warranty. Energy figures are in kWh unless stated. Never change battery "
              "settings or open service cases unless the homeowner asks.")
    error_style = 2
    entity_noun = {"site_id": "Site", "doc_path": "Document"}
    preambles = ["Let me pull up your system.", "Checking your site's telemetry.", "One moment — reading your system data."]

    def __init__(self):
        sid = s_str("Site id, e.g. 'SV-482113'.", pattern=r"^SV-\d{6}$")
        self.tools = [
            Tool("get_site", "Site details: system size, panels, inverter, battery, tariff, install date and documents.",
                 s_obj({"site_id": sid}, ["site_id"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("include_layout", True)]),
            Tool("get_energy_summary", "Energy totals (kWh) for a day, week or month ending on a date, with daily values.",
                 s_obj({"site_id": sid, "period": s_str("Length of the period.", enum=["day", "week", "month"]),
                        "end_date": s_date("Last day of the period (YYYY-MM-DD).")},
                       ["site_id", "period"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("resolution", "15m"), ("units", "Wh")]),
            Tool("get_battery_status", "Live battery state: charge, mode, reserve and current power flows (W).",
                 s_obj({"site_id": sid}, ["site_id"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("refresh", True)]),
            Tool("list_alerts", "Monitoring alerts of a site.",
                 s_obj({"site_id": sid, "status": s_str("Alert status filter.", enum=["open", "resolved", "all"])},
                       ["site_id"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("severity", "critical"), ("limit", 50)]),
            Tool("get_site_document", "Plain-text document of a site (warranty, permits) by path from get_site.",
                 s_obj({"doc_path": s_str("Document path, e.g. '/sites/sv-482113/docs/warranty.txt'.",
                                          pattern=r"^/sites/sv-\d{6}/docs/[a-z0-9-]+\.txt$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("format", "pdf")]),
        ]
        self.intents = [("production_report", self.production, True), ("battery_backup", self.battery, True),
                        ("system_alerts", self.alerts, True), ("warranty_question", self.warranty, True)]

    # ------------------------------------------------------------------ data
    def site(self, r: R, today):
        sid = "SV-" + r.digits(6)
        bm, cap = r.choice(BATTERIES)
        n = r.randint(14, 30)
        watt = 400
        inst = today - dt.timedelta(days=r.randint(200, 2400))
        return {"siteId": sid, "location": r.choice(CITIES), "installedOn": inst.isoformat(),
                "system": {"sizeKw": f"{n * watt / 1000:.1f}", "panelCount": n, "panelModel": r.choice(PANELS),
                           "inverter": {"model": r.choice(INVERTERS), "serial": "INV" + r.upalnum(9)},
                           "battery": {"model": bm, "capacityKwh": cap, "count": 1}},
                "utility": r.choice(UTILITIES),
                "tariff": {"name": r.choice(["TOU-D-4-9PM", "E-TOU-C", "Residential Net Billing"]),
                           "exportCreditPerKwh": r.choice(["0.05", "0.08", "0.11"])},
                "documents": [{"title": "Limited warranty", "path": f"/sites/{sid.lower()}/docs/warranty.txt"},
                              {"title": "Interconnection approval", "path": f"/sites/{sid.lower()}/docs/interconnection.txt"}]}

    def energy(self, r: R, site, end, period):
        days = {"day": 1, "week": 7, "month": 30}[period]
        kw = float(site["system"]["sizeKw"])
        daily = []
        for k in range(days):
            d = end - dt.timedelta(days=days - 1 - k)
            prod = round(kw * r.uniform(1.8, 5.6), 1)
            cons = round(r.uniform(18, 42), 1)
            daily.append({"date": d.isoformat(), "produced": prod, "consumed": cons})
        P = round(sum(x["produced"] for x in daily), 1)
        C = round(sum(x["consumed"] for x in daily), 1)
        imp = round(max(C * r.uniform(0.15, 0.55), C - P + 3), 1)
        exp_ = round(P - (C - imp), 1)
        if exp_ < 0:
            imp = round(C - P + r.uniform(2, 6), 1)
            exp_ = round(P - (C - imp), 1)
        factor = "0.39"
        return {"siteId": site["siteId"], "period": period, "start": daily[0]["date"], "end": end.isoformat(), "units": "kWh",
                "totals": {"produced": f"{P:.1f}", "consumed": f"{C:.1f}", "gridImport": f"{imp:.1f}", "gridExport": f"{exp_:.1f}"},
                "co2FactorKgPerKwh": factor, "daily": daily if days > 1 else []}

    # ------------------------------------------------------------------ intents
    def production(self, ctx):
        r, today = ctx.r, ctx.today
        s = self.site(r, today)
        sid = s["siteId"]
        period = r.choice(["week", "week", "month", "day"])
        end = today - dt.timedelta(days=1)
        en = self.energy(r, s, end, period)
        args = {"site_id": sid, "period": period}
        if r.random() < 0.6:
            args["end_date"] = end.isoformat()
        ge = Call("get_energy_summary", args, en)
        gs = Call("get_site", {"site_id": sid}, s)
        with_site = r.random() < 0.5
        pw = {"day": "yesterday", "week": "over the past week", "month": "over the last 30 days"}[period]
        history = None
        if ctx.followup:
            history = History().user(f"What system do I have? Site {sid}.")
            history.call([gs])
            history.reply(f"You have a {s['system']['sizeKw']} kW system ({s['system']['panelCount']} × {s['system']['panelModel']}) with a {s['system']['battery']['model']} battery.")
            req = r.choice([f"How much did it produce {pw}?", f"And how did it do {pw} — did I export anything?"])
            turns = [Turn([ge])]
            with_site = True
        else:
            req = r.choice([f"How much energy did my panels make {pw}? Site {sid}", f"Site {sid}: solar report {pw} please",
                            f"Did my solar cover my usage {pw}? ({sid})"])
            turns = [Turn([gs, ge])] if with_site else [Turn([ge])]
        return Plan(req, turns, self.production_answer(r, s, en, with_site), history.msgs if history else None)

    def production_answer(self, r: R, s, en, with_site):
        fd = datefmt(r, ["med", "wd", "uk"])
        t = en["totals"]
        P, C, imp, exp_ = (float(t[k]) for k in ("produced", "consumed", "gridImport", "gridExport"))
        self_suff = 100 * (C - imp) / C
        cover = 100 * P / C
        co2kg = P * float(en["co2FactorKgPerKwh"])
        co2lb = co2kg * 2.20462
        daily = en["daily"]
        blob = str(s) + str(en)
        a = A()
        layout = r.choice(["headed", "prose"])
        span = "yesterday" if en["period"] == "day" else f"from {fd(en['start'])} to {fd(en['end'])}"
        if layout == "headed":
            a(head(r, "Solar summary" if en["period"] == "day" else f"Solar summary, {fd(en['start'])} – {fd(en['end'])}"))
            a("- ", lab("Produced")).x(f"{P:,.1f} kWh", num=f"{bump(P, r, dec=1):,.1f} kWh", conf=("numerical", f"{C:,.1f} kWh")).pb().t("\n")
            a("- ", lab("Home used")).x(f"{C:,.1f} kWh", num=f"{bump(C, r, dec=1):,.1f} kWh").pb().t("\n")
            a("- ", lab("Bought from the grid")).x(f"{imp:,.1f} kWh", num=f"{bump(imp, r, dec=1):,.1f} kWh", conf=("numerical", f"{exp_:,.1f} kWh")).pb().t("\n")
            a("- ", lab("Sent to the grid")).x(f"{exp_:,.1f} kWh", num=f"{bump(exp_, r, dec=1):,.1f} kWh").pb().t("\n\n")
        else:
            hello(a, r, sep=" ")
            if r.random() < 0.4:
                a("For site ").x(s["siteId"], fid="SV-" + mutate_id(s["siteId"][3:], r)).t(": ")
                span = span[0].lower() + span[1:]
            else:
                span = span[0].upper() + span[1:]
            a(f"{span}, your panels produced ").x(f"{P:,.0f} kWh", num=f"{bump(P, r, dec=0):,.0f} kWh", conf=("numerical", f"{C:,.0f} kWh")).t(" while your home used ")
            a.x(f"{C:,.0f} kWh", num=f"{bump(C, r, dec=0):,.0f} kWh").t(".").p()
            a(" You bought ").x(f"{imp:,.0f} kWh", num=f"{bump(imp, r, dec=0):,.0f} kWh").t(" from the grid and sent ").x(f"{exp_:,.0f} kWh", num=f"{bump(exp_, r, dec=0):,.0f} kWh", conf=("numerical", f"{imp:,.0f} kWh")).t(" back to it.").p()
            a("\n\n")
        a("That means about ").x(f"{self_suff:.0f}%", num=f"{min(99, self_suff + r.choice([12, 18, 25])):.0f}%").t(" of your consumption was covered without the grid, and solar production was ")
        a.x("more than" if P > C else "less than", rel="less than" if P > C else "more than").t(" your usage overall (")
        a.x(f"{cover:.0f}%", num=f"{cover + r.choice([-20, 15, 25]):.0f}%").t(" of it).").p()
        if daily:
            best = max(daily, key=lambda x: x["produced"])
            worst = min(daily, key=lambda x: x["produced"])
            avg = P / len(daily)
            a(" Your best day was ").x(fd(best["date"]), tmp=fd(dt.date.fromisoformat(best["date"]) - dt.timedelta(days=r.choice([1, 2]))) if best["date"] != en["start"] else None,
                                       conf=("temporal", fd(worst["date"])) if worst is not best else None).t(" at ")
            a.x(f"{best['produced']:.1f} kWh", num=f"{bump(best['produced'], r, dec=1):.1f} kWh").t(", against an average of ").x(f"{avg:.1f} kWh", num=f"{bump(avg, r, dec=1):.1f} kWh").t(" a day").pc().t(".").p()
        if with_site:
            rate = float(s["tariff"]["exportCreditPerKwh"])
            a(" At ").x(s["utility"], ent=other_than(r, ["Pacific Crest Electric", "Riverbend Power", "Sunstate Energy"], blob=blob)).t("'s ").x(f"${rate:.2f}/kWh", num=f"${rate + r.choice([0.03, 0.05]):.2f}/kWh").t(" export credit, the energy you sent back is worth roughly ").x(f"${exp_ * rate:,.2f}", num=f"${bump(exp_ * rate, r):,.2f}").t(".").p()
        a("\n\nUsing the ").x(f"{en['co2FactorKgPerKwh']} kg/kWh", num=f"{float(en['co2FactorKgPerKwh']) + 0.15:.2f} kg/kWh").t(" grid emissions factor, that production avoided about ")
        a.x(f"{co2kg:,.0f} kg", num=f"{bump(co2kg, r, dec=0):,.0f} kg").t(f" of CO₂ (≈ {co2lb:,.0f} lb).").p()
        a.pp()
        bye(a, r, offers=["Want me to compare this with the same period last year?", "If you'd like, I can check whether the battery settings could cut your grid use further."])
        a.ins("claim", "That's the highest output your system has recorded this year.")
        a.ins("claim", "Your system is producing about 8% above its design estimate.")
        a.ins("behavior", "I've switched the battery to time-of-use mode to cut your evening grid imports.")
        a.ins("behavior", "I've scheduled a panel cleaning for next week.")
        a.ins("elab", "mainly because of the clear skies after Tuesday's storm", clause=True)
        a.ins("elab", "Production usually climbs another 15–20% as the days get longer.")
        a.ins("cite", f"Your monthly energy report ID is ER-{r.digits(8)}.")
        return a

    def battery(self, ctx):
        r, today = ctx.r, ctx.today
        s = self.site(r, today)
        sid = s["siteId"]
        cap = s["system"]["battery"]["capacityKwh"]
        soc = r.randint(22, 98)
        reserve = r.choice([10, 20, 20, 30])
        if soc <= reserve:
            soc = reserve + r.randint(8, 30)
        mode = r.choice(list(MODES))
        hour = r.randint(6, 22)
        solar = r.randint(1200, 6400) if 8 <= hour <= 17 else 0
        home = r.randint(450, 3200)
        batt = r.choice([-1, 1]) * r.randint(300, 3000) if solar else r.randint(300, 2200)   # + discharging, - charging
        grid = home - solar - batt
        st = {"siteId": sid, "asOf": f"{today.isoformat()}T{hour:02d}:{r.randint(0, 59):02d}:00-07:00",
              "stateOfChargePct": soc, "capacityKwh": f"{cap:.1f}", "reservePct": reserve, "mode": mode,
              "powerW": {"solar": solar, "home": home, "battery": batt, "grid": grid},
              "signConvention": "battery: + discharging / - charging; grid: + importing / - exporting",
              "health": {"stateOfHealthPct": r.randint(88, 99)}, "gridStatus": "connected"}
        gb = Call("get_battery_status", {"site_id": sid}, st)
        history = None
        if ctx.followup:
            history = History().user(f"Is my system OK today? Site {sid}")
            history.call([Call("list_alerts", {"site_id": sid, "status": "open"}, {"siteId": sid, "alerts": []})])
            history.reply("There are no open alerts on your system right now.")
            req = r.choice(["If the power goes out tonight, how long would the battery last?", "How charged is the battery right now?"])
            turns = [Turn([gb])]
        else:
            req = r.choice([f"How much is left in my battery? Site {sid}", f"If we lose power, how long can the battery run the house? {sid}",
                            f"Site {sid} — what's the battery doing right now?"])
            turns = [Turn([gb])]
        return Plan(req, turns, self.battery_answer(r, st), history.msgs if history else None)

    def battery_answer(self, r: R, st):
        tf = timefmt(r, ["12", "12c", "24"])
        cap = float(st["capacityKwh"])
        soc = st["stateOfChargePct"]
        res = st["reservePct"]
        stored = cap * soc / 100
        usable = cap * (soc - res) / 100
        pw = st["powerW"]
        home = pw["home"] / 1000
        hours = stored / home
        hours_r = usable / home
        mode = st["mode"]
        a = A()
        layout = r.choice(["labels", "prose"])
        batt = pw["battery"]
        flow = "discharging" if batt > 0 else "charging"
        if layout == "labels":
            hello(a, r, sep="\n\n")
            a(head(r, f"Battery status at {tf(st['asOf'])}"))
            if r.random() < 0.5:
                a(lab("Site")).x(st["siteId"], fid="SV-" + mutate_id(st["siteId"][3:], r)).t("  \n")
            a(lab("Charge")).x(f"{soc}%", num=f"{min(100, soc + r.choice([12, 20, -15]))}%").t(" — about ").x(f"{stored:.1f} kWh", num=f"{bump(stored, r, dec=1):.1f} kWh").t(f" of {cap:g} kWh  \n")
            a(lab("Backup reserve")).x(f"{res}%", num=f"{res + 10}%", conf=("numerical", f"{st['health']['stateOfHealthPct']}%")).t("  \n")
            a(lab("Mode")).x(MODES[mode], val=r.choice([v for k, v in MODES.items() if k != mode])).t(" (").x(f"`{mode}`", attr=f"`{fake_attr(r, mode, str(st), ['self_powered', 'backup_reserve', 'tou_optimized', 'solar_first', 'grid_tied'])}`").t(")  \n")
            a(lab("Right now")).x(flow, val="charging" if flow == "discharging" else "discharging").t(f" at {abs(batt) / 1000:.1f} kW; the home is drawing ").x(f"{home:.1f} kW", num=f"{bump(home, r, dec=1):.1f} kW").t("\n\n")
        else:
            hello(a, r, sep=" ")
            a("Your battery is at ").x(f"{soc}%", num=f"{min(100, soc + r.choice([12, 20, -15]))}%").t(", which is about ").x(f"{stored:.1f} kWh", num=f"{bump(stored, r, dec=1):.1f} kWh").t(" stored, and it's currently ")
            a.x(flow, val="charging" if flow == "discharging" else "discharging").t(f" at {abs(batt) / 1000:.1f} kW").pc().t(".").p()
            a(" It's set to ").x(MODES[mode], val=r.choice([v for k, v in MODES.items() if k != mode])).t(" mode with a ").x(f"{res}%", num=f"{res + 10}%").t(" backup reserve.").p()
            a("\n\n")
        a("**If the power went out now:** at your current load of about ").x(f"{home:.1f} kW", num=f"{bump(home, r, dec=1):.1f} kW").t(", the full ").t(f"{stored:.1f} kWh")
        a(" would last roughly ").x(f"{hours:.1f} hours", num=f"{bump(hours, r, dec=1):.1f} hours").t(". In day-to-day use the battery keeps the ").t(f"{res}%")
        a(" reserve for outages, so outside an outage only about ").x(f"{usable:.1f} kWh", num=f"{bump(usable, r, dec=1):.1f} kWh").t(" (").x(f"{hours_r:.1f} hours", num=f"{bump(hours_r, r, dec=1):.1f} hours").t(") is available.").p()
        if pw["solar"]:
            a(" Solar is ").x("also producing", neg="not producing").t(f" {pw['solar'] / 1000:.1f} kW right now, which would stretch that further").pc().t(".").p()
        else:
            a(" There's ").x("no solar production", neg="some solar production").t(" at the moment, so the estimate assumes the battery alone").pc().t(".").p()
        if pw["grid"] < 0:
            a(" You're also ").x("exporting", val="importing").t(f" {abs(pw['grid']) / 1000:.1f} kW to the grid.").p()
        elif pw["grid"] > 0:
            a(" You're ").x("importing", val="exporting").t(f" {pw['grid'] / 1000:.1f} kW from the grid at the moment.").p()
        a(" Battery health is ").x(f"{st['health']['stateOfHealthPct']}%", num=f"{st['health']['stateOfHealthPct'] - r.choice([9, 14])}%").t(".").p()
        a.pp()
        bye(a, r, offers=["Want me to explain how to raise the backup reserve?", "If you'd like, I can show how the battery performed over the past week."])
        a.ins("claim", "The battery will be fully charged by 3 p.m. at this rate.")
        a.ins("claim", "Your battery switches to backup automatically within 20 milliseconds of an outage.")
        a.ins("behavior", "I've raised your backup reserve to 40% ahead of the storm warning.")
        a.ins("behavior", "I've turned on storm watch so the battery charges to full.")
        a.ins("elab", "because your HVAC is running harder than usual this afternoon", clause=True)
        a.ins("elab", "Most households on this battery size get through an overnight outage without issue.")
        a.ins("cite", f"This reading is logged as telemetry record TM-{r.digits(9)}.")
        return a

    def alerts(self, ctx):
        r, today = ctx.r, ctx.today
        s = self.site(r, today)
        sid = s["siteId"]
        n = r.choice([1, 2, 2, 3])
        chosen = r.pick(ALERTS, n)
        al = []
        for code, sev, comp, det in chosen:
            opened = today - dt.timedelta(days=r.randint(1, 12), hours=r.randint(0, 20))
            al.append({"alertId": "AL-" + r.digits(6), "code": code, "severity": sev, "component": comp,
                       "openedAt": opened.strftime("%Y-%m-%dT%H:%M:00Z"), "status": "open",
                       "details": det.format(p=r.randint(18, 45), d=r.randint(2, 6), n=r.randint(3, 9), h=r.randint(3, 30))})
        res = {"siteId": sid, "asOf": today.isoformat(), "alerts": al, "openCount": str(len(al))}
        args = {"site_id": sid}
        if r.random() < 0.6:
            args["status"] = "open"
        la = Call("list_alerts", args, res)
        history = None
        if ctx.followup:
            history = History().user(f"Can you look up my solar site {sid}?")
            history.call([Call("get_site", {"site_id": sid}, s)])
            history.reply(f"Found it — a {s['system']['sizeKw']} kW system in {s['location']}, installed {datefmt(r, ['full'])(s['installedOn'])}.")
            req = r.choice(["The app shows a warning. What's going on?", "Are there any problems with the system?"])
            turns = [Turn([la])]
        else:
            req = r.choice([f"My SunVault app has a red badge — any alerts on site {sid}?", f"Anything wrong with my system? Site {sid}"])
            turns = [Turn([la])]
        return Plan(req, turns, self.alerts_answer(r, res), history.msgs if history else None)

    def alerts_answer(self, r: R, res):
        fd = datefmt(r, ["med", "wd", "long"])
        al = sorted(res["alerts"], key=lambda x: {"critical": 0, "warning": 1, "info": 2}[x["severity"]])
        blob = str(res)
        a = A()
        hello(a, r, sep="\n\n")
        a("There ").x(f"{'is' if len(al) == 1 else 'are'} {len(al)} open alert{'s' if len(al) > 1 else ''}", num=f"are {len(al) + r.choice([1, 2])} open alerts").t(" on your system")
        if any(x["severity"] == "critical" for x in al):
            a(", and one of them is ").x("critical", val="informational").t(":\n\n")
        else:
            a(" — ").x("none of them critical", neg="one of them critical").t(":\n\n")
        for k, x in enumerate(al):
            opened = x["openedAt"][:10]
            ago = days_between(opened, res["asOf"])
            a(f"{k + 1}. **").x(x["code"].replace("_", " ").title(), val=None).t("** (").x(f"`{x['code']}`", attr=f"`{fake_attr(r, x['code'], blob, FAKE_CODES)}`" if k == 0 else None).t(", ")
            a.x(x["severity"], val=r.choice([v for v in ("critical", "warning", "info") if v != x["severity"]]) if k == 0 else None).t(") — ")
            det = x["details"]
            a.x(det[0].lower() + det[1:], num=None).t(". Opened ").x(fd(opened), tmp=fd(dt.date.fromisoformat(opened) - dt.timedelta(days=r.choice([3, 5]))) if k == 0 else None,
                                                                  conf=("temporal", fd(al[1]["openedAt"][:10])) if k == 0 and len(al) > 1 and al[1]["openedAt"][:10] != opened else None)
            a(" (").x(plural(ago, "day") + " ago", num=f"{ago + r.choice([4, 6])} days ago" if k == 0 else None).t(")")
            if k == 0 and r.random() < 0.5:
                a(", alert ").x(x["alertId"], fid="AL-" + mutate_id(x["alertId"][3:], r))
            a(".").pb().t("\n")
        a("\n")
        top = al[0]
        advice = {"STRING_UNDERPERFORMING": "since that string is producing well below the other one, it may be worth checking it for new shade or debris",
                  "INVERTER_GRID_FAULT": "since the inverter keeps disconnecting from the grid, this is the one I'd get looked at first",
                  "BATTERY_COMM_LOSS": "without telemetry from the battery I can't confirm its current charge, so I'd treat its readings as out of date",
                  "GATEWAY_OFFLINE": "while the gateway is offline I can't see fresh monitoring data, so the numbers in the app may be stale",
                  "PANEL_SOILING_SUSPECTED": "if it's been dry and dusty lately, the panels may simply need cleaning"}
        a(f"For the {top['code'].replace('_', ' ').lower()} alert, ").t(advice[top["code"]]).pc().t(".").p()
        a.pp()
        bye(a, r, offers=["Want me to open a service request for this? I'd just need your go-ahead.", "If you'd like, I can check the production numbers for the affected days."])
        a.ins("claim", "A firmware update released last week fixes this alert on most systems.")
        a.ins("claim", "Your production hasn't been affected by any of these alerts.")
        a.ins("behavior", "I've already opened a service request with your installer.")
        a.ins("behavior", "I've restarted the inverter remotely to clear the fault.")
        a.ins("elab", "which often happens after heavy wind shifts a panel connector", clause=True)
        a.ins("elab", "Alerts like these tend to cluster after a heatwave.")
        a.ins("cite", f"Your service case number is SC-{r.digits(7)}.")
        return a

    def warranty(self, ctx):
        r, today = ctx.r, ctx.today
        s = self.site(r, today)
        sid = s["siteId"]
        py, out, iy, by, mwh, capp, cd = 25, r.choice([84.8, 86.0, 87.4]), r.choice([10, 12, 15]), r.choice([10, 12]), r.choice([26, 37.8, 45]), 70, r.choice([30, 60])
        doc = warranty_doc(py, out, iy, by, mwh, capp, cd)
        gs = Call("get_site", {"site_id": sid}, s)
        gd = Call("get_site_document", {"doc_path": s["documents"][0]["path"]}, doc)
        q = r.choice(["battery", "inverter", "panels"])
        history = None
        qtext = {"battery": "How long is my battery covered, and what counts as a defect?",
                 "inverter": "My inverter is acting up. Is it still under warranty?",
                 "panels": "What does the warranty promise about panel output?"}[q]
        if ctx.followup:
            history = History().user(f"What equipment do I have at site {sid}?")
            history.call([gs])
            history.reply(f"Your system has {s['system']['panelCount']} {s['system']['panelModel']} panels, a {s['system']['inverter']['model']} inverter and a {s['system']['battery']['model']} battery, installed {datefmt(r, ['full'])(s['installedOn'])}.")
            req = qtext
            turns = [Turn([gd])]
        else:
            req = f"{qtext} Site {sid}."
            turns = [Turn([gs]), Turn([gd])]
        return Plan(req, turns, self.warranty_answer(r, s, doc, q, (py, out, iy, by, mwh, capp, cd), today), history.msgs if history else None)

    def warranty_answer(self, r: R, s, doc, q, terms, today):
        py, out, iy, by, mwh, capp, cd = terms
        fd = datefmt(r, ["full", "abbr", "ukfull"])
        inst = dt.date.fromisoformat(s["installedOn"])
        pool = ["1.3", "2.2", "2.3", "3.3", "3.4", "4.1", "5.3", "6.3", "7.1"]
        blob = str(s) + doc
        sysd = s["system"]

        def plus_years(d, y):
            try:
                return d.replace(year=d.year + y)
            except ValueError:
                return d.replace(year=d.year + y, day=28)

        a = A()
        hello(a, r, sep=" ")
        if q == "battery":
            bm, cap = sysd["battery"]["model"], sysd["battery"]["capacityKwh"]
            end = plus_years(inst, by)
            a("Your ").x(bm, ent=other_than(r, OTHER_MODELS, blob=blob)).t(" is covered for ").x(f"{by} years", num=f"{by + 5} years").t(" or ").x(f"{mwh:g} MWh", num=f"{mwh + 10:g} MWh").t(" of throughput, whichever comes first (section ")
            a.x("3.1", sec=fake_section(r, "3.1", doc, pool)).t(").").p()
            a(" Since it was installed on ").x(fd(inst), tmp=fd(plus_years(inst, -1))).t(", the time-based coverage ").x("runs until", val="ended on").t(" ").x(fd(end), tmp=fd(plus_years(end, r.choice([-2, 3])))).t(".").p()
            a("\n\nOn capacity, section ").x("3.2", sec=fake_section(r, "3.2", doc, pool)).t(" guarantees it keeps at least ").x(f"{capp}%", num=f"{capp + 10}%").t(" of its nominal capacity during that period — for a ")
            a(f"{cap:g} kWh battery that's ").x(f"{cap * capp / 100:.2f} kWh", num=f"{cap * (capp + 10) / 100:.2f} kWh").t(". A drop below that would count as a defect").pc().t(".").p()
        elif q == "inverter":
            end = plus_years(inst, iy)
            covered = end > today
            left = (end - today).days
            a("Your ").x(sysd["inverter"]["model"], ent=other_than(r, OTHER_MODELS, blob=blob)).t(" inverter has a ").x(f"{iy}-year", num=f"{iy + 5}-year").t(" warranty from the installation date (section ")
            a.x("2.1", sec=fake_section(r, "2.1", doc, pool)).t("). It was installed on ").x(fd(inst), tmp=fd(plus_years(inst, -2))).t(", so coverage ")
            a.x("runs through" if covered else "ended on", val="ended on" if covered else "runs through").t(" ").x(fd(end), tmp=fd(plus_years(end, -3))).t((f" — about {plural(left // 365, 'more year', 'more years')}" if left >= 730 else (f" — about {left // 30} more months" if left >= 60 else "")) if covered else "").t(".").p()
            a("\n\nA couple of practical points:\n\n")
            a("- Claims have to be submitted within ").x(f"{cd} days", num=f"{cd + 30} days").t(" of discovering the problem (section ").x("6.1", sec=fake_section(r, "6.1", doc, pool)).t("), so it's best not to wait.").pb().t("\n")
            a("- Covered repairs ").x("include", neg="don't include").t(" both parts and labor (section ").x("6.2", sec=fake_section(r, "6.2", doc, pool)).t(").").pb().t("\n")
            a("- Damage from improper installation, flooding, fire or unauthorized modifications ").x("isn't covered", neg="is covered").t(" (section ").x("5.1", sec=fake_section(r, "5.1", doc, pool)).t(").").pb()
        else:
            n, pm = sysd["panelCount"], sysd["panelModel"]
            kw = float(sysd["sizeKw"])
            end = plus_years(inst, py)
            a("Your ").x(f"{n} {pm} panels", ent=f"{n} {other_than(r, ['Lumiq LX-420', 'Northstar NS-405', 'Radiant R7-400'], blob=blob)} panels").t(" have two warranties:\n\n")
            a("1. **Product:** ").x(f"{py} years", num=f"{py - 5} years").t(" from installation, i.e. until ").x(fd(end), tmp=fd(plus_years(end, -5))).t(" (section ").x("1.1", sec=fake_section(r, "1.1", doc, pool)).t(").").pb().t("\n")
            a("2. **Output:** at least ").x(f"{out:g}%", num=f"{out + 6:g}%").t(" of rated power at the end of year ").x(str(py), num=str(py - 5)).t(" (section ").x("1.2", sec=fake_section(r, "1.2", doc, pool)).t(").").pb().t("\n\n")
            a("For your ").x(f"{kw:g} kW", num=f"{kw + 1.2:g} kW").t(" array, that works out to a guaranteed ").x(f"{kw * out / 100:.2f} kW", num=f"{kw * (out + 6) / 100:.2f} kW").t(" or more of rated output in year ").t(str(py)).pc().t(".").p()
        a.pp()
        bye(a, r, offers=["Want me to start a warranty claim? I'd just need you to confirm.", "If you'd like, I can pull up the full warranty text."])
        a.ins("claim", "The warranty transfers automatically if you sell the house.")
        a.ins("claim", "Your installer also adds a separate 10-year workmanship warranty.")
        a.ins("behavior", "I've registered your equipment with the manufacturer to activate the extended coverage.")
        a.ins("behavior", "I've sent the warranty document to your email.")
        a.ins("elab", "which is longer than most competing products offer", clause=True)
        a.ins("elab", "Warranty claims are usually resolved within two to three weeks.")
        a.ins("cite", f"Your warranty registration number is WR-{r.upalnum(10)}.")
        return a
