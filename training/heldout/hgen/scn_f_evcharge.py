"""ev_charging (set f): charging sessions and receipts, monthly summaries, live connector status and
reservations, pricing terms with numbered sections."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_int, s_obj, s_str
from .fstyle import St, guard, hm, hm_long, m, pc

BASE = "https://api.voltstop.example/v2"
TERMS_URL = "https://voltstop.example/legal/pricing-terms-2026"
SITES = [("Larkspur Commons", "Larkspur, CA", "-07:00"), ("Dunmore Park & Ride", "Dunmore, PA", "-04:00"),
         ("Riverbend Outlet Mall", "Sparks, NV", "-07:00"), ("Hollis Street Garage", "Emeryville, CA", "-07:00"),
         ("Cedar Falls Travel Plaza", "Cedar Falls, IA", "-05:00"), ("Pinecrest Library Lot", "Pinecrest, FL", "-04:00")]
OTHER_SITES = ["Maple Grove Transit Center", "Quarry Lane Hub", "Westbrook Marina Lot", "Summit Ridge Plaza"]
CONNECTORS = ["CCS1", "NACS", "CHAdeMO", "J1772"]


def ts(d, h, mi, off):
    return f"{d.isoformat()}T{h:02d}:{mi:02d}:00{off}"


class EvCharging(Scenario):
    name = "ev_charging"
    agent = "Spark"
    service = "voltstop-driver-assistant"
    system = ("You are Spark, the VoltStop charging network assistant for drivers. Use the tools to look up charging "
              "sessions and receipts, summarize usage, check live connector status, hold connectors and explain the "
              "pricing terms. Only hold a connector when the driver asks. Quote amounts in USD.")
    error_style = 0
    entity_noun = {"session_id": "Session", "station_id": "Station", "connector_id": "Connector", "terms_url": "Document"}
    preambles = ["Looking that up now.", "One sec, checking the network.", "Pulling your session history."]

    def __init__(self):
        self.tools = [
            Tool("get_session", "One charging session: times, energy, prices, idle fees and payment.",
                 s_obj({"session_id": s_str("Session ID, e.g. 'CS-40918822'.", pattern=r"^CS-\d{8}$")}, ["session_id"]),
                 entity={"session_id": "id"}, http=BASE, extra=[("include_meter_values", True)]),
            Tool("list_sessions", "The driver's charging sessions in a calendar month with monthly totals.",
                 s_obj({"month": s_str("Month, YYYY-MM.", pattern=r"^\d{4}-(0[1-9]|1[0-2])$"),
                        "limit": s_int("Maximum sessions to return.", 1, 50)}, ["month"]),
                 http=BASE, extra=[("sort", "desc")]),
            Tool("get_station_status", "Live status of every connector at a station.",
                 s_obj({"station_id": s_str("Station ID, e.g. 'ST-4471'.", pattern=r"^ST-\d{4}$"),
                        "connector_type": s_str("Only connectors of this type.", enum=CONNECTORS)}, ["station_id"]),
                 entity={"station_id": "id"}, http=BASE, extra=[("refresh", True)]),
            Tool("hold_connector", "Hold an available connector for the driver for up to 20 minutes.",
                 s_obj({"connector_id": s_str("Connector ID from get_station_status.", pattern=r"^ST-\d{4}-\d$"),
                        "minutes": s_int("Hold length in minutes.", 5, 20)}, ["connector_id", "minutes"]),
                 entity={"connector_id": "id"}, http=BASE, extra=[("notify", "sms")]),
            Tool("get_pricing_terms", "The pricing terms document (numbered sections) from a receipt's terms URL.",
                 s_obj({"terms_url": s_str("Terms URL from a session receipt.", pattern=r"^https://")}, ["terms_url"]),
                 entity={"terms_url": "url"}, extra=[("lang", "en")]),
        ]
        self.intents = [("session_receipt", self.receipt, True), ("monthly_summary", self.monthly, False),
                        ("hold_connector", self.hold, True), ("idle_fee_terms", self.terms, True)]

    # ------------------------------------------------------------------ data
    def session(self, r: R, day, site=None):
        site = site or r.choice(SITES)
        sname, city, off = site
        h, mi = r.randint(7, 19), r.choice([2, 11, 18, 26, 34, 47, 53])
        charge_min = r.randint(22, 74)
        idle = r.choice([0, 0, r.randint(6, 31)])
        start = dt.datetime(day.year, day.month, day.day, h, mi)
        cend = start + dt.timedelta(minutes=charge_min)
        unplug = cend + dt.timedelta(minutes=idle + r.randint(0, 4) if idle == 0 else idle + 5)
        grace = 5
        idle_billable = max(0, (unplug - cend).seconds // 60 - grace)
        max_kw = r.choice([62.5, 150, 250])
        avg_kw = round(r.uniform(0.35, 0.8) * max_kw, 1)
        kwh = round(avg_kw * charge_min / 60, 2)
        price = r.choice([0.43, 0.48, 0.52, 0.56, 0.61])
        idle_rate = r.choice([0.40, 0.50, 1.00])
        sub = round(kwh * price, 2)
        idle_fee = round(idle_billable * idle_rate, 2)
        tax = round((sub + idle_fee) * 0.0725, 2)
        return {"session_id": f"CS-{r.digits(8)}", "station_id": f"ST-{r.randint(1000, 9999)}", "station_name": sname,
                "city": city, "connector": {"type": r.choice(["CCS1", "NACS"]), "max_kw": max_kw},
                "started_at": ts(day, start.hour, start.minute, off), "charging_ended_at": ts(day, cend.hour, cend.minute, off),
                "unplugged_at": ts(day, unplug.hour, unplug.minute, off), "energy_kwh": f"{kwh:.2f}",
                "price_per_kwh": price, "idle_fee": {"rate_per_min": idle_rate, "grace_min": grace,
                                                     "idle_minutes": idle_billable, "amount": idle_fee},
                "energy_cost": sub, "tax": tax, "total": round(sub + idle_fee + tax, 2), "currency": "USD",
                "payment": {"method": "card", "card_last4": r.digits(4), "status": r.choice(["captured", "captured", "pending"])},
                "status": "completed", "terms_url": TERMS_URL}

    def _kw(self, s):
        st, en = dt.datetime.fromisoformat(s["started_at"]), dt.datetime.fromisoformat(s["charging_ended_at"])
        mins = (en - st).seconds // 60
        return mins, float(s["energy_kwh"]) / (mins / 60)

    # ------------------------------------------------------------------ intents
    def receipt(self, ctx):
        r, today = ctx.r, ctx.today
        day = today - dt.timedelta(days=r.randint(1, 9))
        s = self.session(r, day)
        other = self.session(r, day - dt.timedelta(days=r.randint(2, 6)))
        sid = s["session_id"]
        st = St(r, today)
        history = None
        if ctx.followup:
            month = day.strftime("%Y-%m")
            lst = {"month": month, "as_of": today.isoformat(), "sessions": [
                {k: x[k] for k in ("session_id", "station_name", "started_at", "energy_kwh", "total")} for x in (s, other)],
                "totals": {"sessions": 2, "energy_kwh": round(float(s["energy_kwh"]) + float(other["energy_kwh"]), 2),
                           "amount": round(s["total"] + other["total"], 2)}}
            history = History().user("What did I charge recently?")
            history.call([Call("list_sessions", {"month": month}, lst)])
            history.reply(f"Two sessions so far in {month}: {s['station_name']} and {other['station_name']}.")
            req = r.choice([f"Why was the {s['station_name']} one so expensive?", f"Break down the {s['station_name']} charge for me."])
        else:
            req = r.choice([f"Can you explain the receipt for session {sid}?", f"What did session {sid} cost me and why?",
                            f"I was charged more than I expected for {sid} — what's in there?"])
        turns = [Turn([Call("get_session", {"session_id": sid}, s)])]
        mins, avg = self._kw(s)
        kwh = float(s["energy_kwh"])
        idle = s["idle_fee"]
        a = A()
        st.opener(a, followup=ctx.followup)
        a("Session ")
        st.idx(a, sid, fid=f"CS-{r.digits(8)}")
        a(" at ").x(s["station_name"], ent=r.choice(OTHER_SITES)).t(" came to ").x(m(s["total"]), num=m(bump(s["total"], r)),
                                                                                     conf=("numerical", m(other["total"]))).t(" in total.").p()
        a("\n\n")
        a(st.h("How it adds up"))
        a(st.bullet).t("Energy: ").x(f"{kwh:.1f} kWh", num=f"{bump(kwh, r, dec=1):.1f} kWh").t(" × ").t(m(s["price_per_kwh"])).t("/kWh = ").x(m(s["energy_cost"]), num=m(bump(s["energy_cost"], r))).pb().t("\n")
        if idle["amount"]:
            a(st.bullet).t("Idle fee: ").x(f"{idle['idle_minutes']} min", num=f"{idle['idle_minutes'] + r.choice([7, 12])} min").t(" past the ")
            a.x(f"{idle['grace_min']}-minute", num=f"{idle['grace_min'] + 10}-minute").t(" grace period at ").t(m(idle["rate_per_min"])).t("/min = ").t(m(idle["amount"])).pb().t("\n")
        else:
            a(st.bullet).x("No idle fee", neg="An idle fee applied").t(" — you unplugged within the grace period").pb().t("\n")
        a(st.bullet).t("Tax: ").t(m(s["tax"])).t("\n\n")
        a("You plugged in at ").x(st.t(s["started_at"]), tmp=st.t(dt.datetime.fromisoformat(s["started_at"]) - dt.timedelta(minutes=45))).t(" ")
        a.t(st.rel(s["started_at"])).t(" and charged for ").x(hm_long(mins), num=hm_long(mins + 25)).t(", which works out to an average of about ")
        a.x(f"{avg:.0f} kW", num=f"{avg * 1.6:.0f} kW").t(" — ").x("well below" if avg < 0.7 * s["connector"]["max_kw"] else "not far off",
                                                                   rel=("above" if avg < 0.7 * s["connector"]["max_kw"] else "far below")).t(f" the connector's {s['connector']['max_kw']:g} kW peak").pc().t(".")
        if idle["amount"]:
            a(" The idle charge is the part that's easy to avoid: the receipt's ")
            a.x("`idle_minutes`", attr="`idle_time_minutes`").t(" field counts only the time after the grace period.").p()
        pay = s["payment"]
        a("\n\nPayment on the card ending ").x(pay["card_last4"], fid=str((int(pay["card_last4"]) + 4321) % 10000).zfill(4)).t(" is ")
        a.x({"captured": "captured (settled)", "pending": "still pending"}[pay["status"]],
            val={"captured": "still pending", "pending": "captured (settled)"}[pay["status"]]).t(".").p()
        st.closer(a, ["Want me to pull up the pricing terms for idle fees?", "I can compare this with your other sessions this month."])
        a.ins("claim", "VoltStop refunds idle fees automatically on the first occurrence each month.")
        a.ins("claim", "This station lowers its price to $0.29/kWh after 9 p.m.")
        a.ins("behavior", "I've filed a dispute on the idle fee for you.")
        a.ins("behavior", "I've emailed a PDF copy of this receipt to the address on your account.")
        a.ins("elab", "since the charger was sharing power with the stall next to it", clause=True)
        a.ins("elab", "Charging speed usually tapers once the battery passes about 80%, which is normal.")
        a.ins("cite", f"Your receipt reference is RCT-{r.upalnum(7)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def monthly(self, ctx):
        r, today = ctx.r, ctx.today
        first = today.replace(day=1)
        prev = (first - dt.timedelta(days=1)).replace(day=1)
        month = prev.strftime("%Y-%m")
        n = r.randint(4, 7)
        days = sorted(r.sample(range(1, 28), n))
        ss = [self.session(r, prev.replace(day=d)) for d in days]
        rows = [{"session_id": x["session_id"], "station_name": x["station_name"], "started_at": x["started_at"],
                 "energy_kwh": x["energy_kwh"], "idle_fee": x["idle_fee"]["amount"], "total": x["total"]} for x in ss]
        tot_kwh = round(sum(float(x["energy_kwh"]) for x in ss), 2)
        tot = round(sum(x["total"] for x in ss), 2)
        prev_tot = round(tot * r.uniform(0.6, 1.4), 2)
        res = {"month": month, "as_of": today.isoformat(), "sessions": rows,
               "totals": {"sessions": n, "energy_kwh": tot_kwh, "amount": tot, "previous_month_amount": prev_tot}}
        args = {"month": month}
        if r.random() < 0.4:
            args["limit"] = 50
        req = r.choice([f"How much did I spend on charging in {prev.strftime('%B')}?", "Give me a summary of last month's charging.",
                        f"Charging recap for {month} please — sessions, kWh, cost."])
        st = St(r, today)
        idle_n = sum(1 for x in ss if x["idle_fee"]["amount"] > 0)
        big = max(ss, key=lambda x: x["total"])
        small = min(ss, key=lambda x: x["total"])
        chg = (tot - prev_tot) / prev_tot * 100
        a = A()
        st.opener(a)
        mon = prev.strftime("%B")
        a("In ").x(mon, tmp=first.strftime("%B")).t(" you charged ").x(f"{n} times", num=f"{n + 2} times").t(" for ")
        a.x(f"{tot_kwh:.0f} kWh", num=f"{bump(tot_kwh, r, dec=0):.0f} kWh").t(" and paid ").x(m(tot), num=m(bump(tot, r))).t(" — ")
        a.x(f"{abs(chg):.0f}% {'more' if chg > 0 else 'less'}", rel=f"{abs(chg):.0f}% {'less' if chg > 0 else 'more'}").t(" than the month before (").t(m(prev_tot)).t(").").p()
        a("\n\n")
        if r.random() < 0.5:
            a("| Date | Station | kWh | Total |\n|---|---|---|---|\n")
            for x in ss:
                a("| ").t(st.d(x["started_at"])).t(" | ").x(x["station_name"], ent=r.choice(OTHER_SITES) if x is big else None).t(" | ").t(x["energy_kwh"]).t(" | ").t(m(x["total"])).t(" |\n")
            a("\n")
        a("That's an average of ").x(m(tot / tot_kwh) + "/kWh", num=m(bump(tot / tot_kwh, r)) + "/kWh").t(" all-in (tax and idle fees included), or about ")
        a.x(m(tot / n), num=m(bump(tot / n, r))).t(" per session.").p()
        a(" The priciest session was ").x(st.d(big["started_at"]), tmp=st.d(dt.date.fromisoformat(big["started_at"][:10]) + dt.timedelta(days=3)),
                                          conf=("temporal", st.d(small["started_at"])) if small is not big else None).t(" at ").t(big["station_name"]).t(" (").x(m(big["total"]), num=m(bump(big["total"], r))).t(").")
        if idle_n:
            a(" ").x(f"{idle_n} of the {n}", num=f"{min(n, idle_n + 2)} of the {n}").t(" sessions picked up idle fees").pc().t(".").p()
        else:
            a(" ").x("None", neg="Two").t(" of them had idle fees.").p()
        st.closer(a, ["I can flag sessions with idle fees so you can spot a pattern."])
        a.ins("claim", "You're on track to qualify for the VoltStop Plus discount next month.")
        a.ins("claim", "Prices across the network went up by 4 cents per kWh mid-month.")
        a.ins("behavior", "I've set up a monthly spending alert at $150 for you.")
        a.ins("elab", "mostly because of the longer highway trips", clause=True)
        a.ins("elab", "Winter temperatures tend to push kWh per mile up, which shows in these totals.")
        a.ins("cite", f"The monthly statement is STM-{month.replace('-', '')}-{r.digits(4)}.")
        return guard(self, Plan(req, [Turn([Call("list_sessions", args, res)])], a))

    def hold(self, ctx):
        r, today = ctx.r, ctx.today
        site = r.choice(SITES)
        stn = f"ST-{r.randint(1000, 9999)}"
        ctype = r.choice(["CCS1", "NACS"])
        asof = f"{today.isoformat()}T{r.randint(8, 19):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}{site[2]}"
        conns = []
        for i in range(1, 5):
            status = r.choice(["available", "charging", "charging", "out_of_service"])
            c = {"connector_id": f"{stn}-{i}", "type": ctype if i <= 3 else r.choice(["CHAdeMO", "J1772"]),
                 "max_kw": r.choice([150, 250]) if i <= 3 else 50, "status": status}
            if status == "charging":
                c["est_free_in_min"] = r.randint(6, 40)
            conns.append(c)
        mine = [c for c in conns if c["type"] == ctype]
        if not any(c["status"] == "available" for c in mine):
            mine[-1]["status"] = "available"
            mine[-1].pop("est_free_in_min", None)
        avail = [c for c in mine if c["status"] == "available"]
        busy = [c for c in mine if c["status"] == "charging"]
        res = {"station_id": stn, "name": site[0], "city": site[1], "as_of": asof, "connectors": conns}
        gs = Call("get_station_status", {"station_id": stn, "connector_type": ctype} if r.random() < 0.5 else {"station_id": stn}, res)
        minutes = r.choice([10, 15, 20])
        target = avail[0]
        turns = [Turn([gs])]
        raced = len(avail) > 1 and r.random() < 0.6
        if raced:
            err = {"error": {"code": "connector_unavailable", "message": f"Connector {target['connector_id']} was taken moments ago."}}
            turns.append(Turn([Call("hold_connector", {"connector_id": target["connector_id"], "minutes": minutes}, err, error="not_found")]))
            target = avail[1]
        until = dt.datetime.fromisoformat(asof) + dt.timedelta(minutes=minutes + 1)
        hres = {"hold_id": f"HLD-{r.upalnum(6)}", "connector_id": target["connector_id"], "status": "held",
                "expires_at": until.isoformat(timespec="seconds"), "fee": 0}
        turns.append(Turn([Call("hold_connector", {"connector_id": target["connector_id"], "minutes": minutes}, hres)]))
        history = None
        if ctx.followup:
            history = History().user(f"Is anything free at {site[0]}? Station {stn}.")
            history.call([Call("get_station_status", {"station_id": stn}, res)])
            history.reply(f"Yes — {len(avail)} {ctype} connector(s) free at {site[0]} right now.")
            req = r.choice([f"Great, hold one for me for {minutes} minutes.", f"Can you hold a {ctype} plug there, {minutes} min?"])
        else:
            req = r.choice([f"Hold a {ctype} connector at station {stn} for {minutes} minutes please.",
                            f"I'm heading to {site[0]} ({stn}) — grab me a {ctype} spot for {minutes} min?"])
        st = St(r, today)
        a = A()
        if ctx.followup:
            st.opener(a, followup=True)
        a("Done — connector ")
        st.idx(a, target["connector_id"], fid=f"{stn}-{r.choice([x for x in '56789'])}", conf=None)
        a(" is ").x("held", val="charging").t(" for you until ").x(st.t(hres["expires_at"]), tmp=st.t(until + dt.timedelta(minutes=30))).t(".").p()
        if raced:
            a(" (My first try, ").t(avail[0]["connector_id"]).t(", ").x("got taken", neg="went through").t(" a moment before the hold landed, so I grabbed the next one.)").p()
        a("\n\n")
        a(st.h("At the station right now"))
        n_av = len(avail) - 1
        a(st.bullet).t(f"Other free {ctype} connectors: ").x(str(n_av), num=str(n_av + 2)).pb().t("\n")
        if busy:
            soon = min(busy, key=lambda c: c["est_free_in_min"])
            a(st.bullet).t("Next one freeing up: about ").x(f"{soon['est_free_in_min']} min", num=f"{soon['est_free_in_min'] + 15} min").pb().t("\n")
        oos = [c for c in conns if c["status"] == "out_of_service"]
        if oos:
            a(st.bullet).x(f"{len(oos)} out of service", num=f"{len(oos) + 1} out of service").t(" (").t(", ".join(c["connector_id"] for c in oos)).t(")").pb().t("\n")
        a("\nIt's a ").x(f"{target['max_kw']} kW", num=f"{target['max_kw'] + 100} kW", conf=None).t(" connector, and the hold itself is ").x("free", neg="billed at $1.00").t(".").p()
        a.t(" In the system the hold shows ").x("`held`", attr="`on_hold`").t(" under `status`.").p()
        st.closer(a, ["Want directions to the stall?", "I can release the hold if your plans change."])
        a.ins("claim", "Holds can be extended once by another 10 minutes from the app.")
        a.ins("claim", "This site has a 45-minute session limit during peak hours.")
        a.ins("behavior", "I've also sent the stall number to your car's navigation.")
        a.ins("behavior", "I've added a reminder to your phone 5 minutes before the hold expires.")
        a.ins("elab", "because the site is usually busiest around this time", clause=True)
        a.ins("cite", f"Your hold confirmation is HLC-{r.digits(7)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def terms(self, ctx):
        r, today = ctx.r, ctx.today
        day = today - dt.timedelta(days=r.randint(1, 6))
        s = self.session(r, day)
        s["idle_fee"]["idle_minutes"] = s["idle_fee"]["idle_minutes"] or r.randint(8, 25)
        s["idle_fee"]["amount"] = round(s["idle_fee"]["idle_minutes"] * s["idle_fee"]["rate_per_min"], 2)
        s["tax"] = round((s["energy_cost"] + s["idle_fee"]["amount"]) * 0.0725, 2)
        s["total"] = round(s["energy_cost"] + s["idle_fee"]["amount"] + s["tax"], 2)
        sid = s["session_id"]
        cap = r.choice([20, 25, 30])
        disp = r.choice([30, 60])
        doc = ("# VoltStop Pricing Terms (effective 2026-01-01)\n\n## 2. Energy pricing\n2.1 Energy is billed per kWh delivered at the "
               "price shown on the station screen when the session starts.\n2.3 Sales tax is added where required.\n\n## 3. Idle fees\n"
               f"3.1 An idle fee applies per minute after charging ends and the vehicle remains plugged in, after a grace period of {s['idle_fee']['grace_min']} minutes.\n"
               f"3.2 Idle fees are capped at ${cap:.2f} per session.\n3.4 Idle fees are not charged between 11 p.m. and 6 a.m. local time.\n\n"
               f"## 5. Billing disputes\n5.2 Disputes must be raised within {disp} days of the session date through the app or support.\n")
        gs = Call("get_session", {"session_id": sid}, s)
        gt = Call("get_pricing_terms", {"terms_url": TERMS_URL}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Look up session {sid}.")
            history.call([gs])
            history.reply(f"{sid}: {s['energy_kwh']} kWh at {s['station_name']}, {m(s['total'])} total including an idle fee of {m(s['idle_fee']['amount'])}.")
            req = r.choice(["What are the rules on that idle fee? Can I contest it?", "Is that idle fee even allowed? What do the terms say?"])
            turns = [Turn([gt])]
        else:
            req = r.choice([f"I got an idle fee on {sid}. What do the terms say, and can I dispute it?",
                            f"Explain the idle fee rules for session {sid}."])
            turns = [Turn([gs]), Turn([gt])]
        st = St(r, today)
        idle = s["idle_fee"]
        deadline = day + dt.timedelta(days=disp)
        fs = lambda real: r.choice([x for x in ["3.3", "3.5", "4.1", "5.1", "5.4", "2.2"] if x != real])
        a = A()
        st.opener(a, followup=ctx.followup)
        a("Per section ").x("3.1", sec=fs("3.1")).t(" of the pricing terms, the idle fee starts ").x(f"{idle['grace_min']} minutes", num=f"{idle['grace_min'] + 10} minutes").t(" after charging ")
        a.x("ends", rel="starts").t(" if the car is still plugged in. On ").t(sid).t(" that was ").x(f"{idle['idle_minutes']} billable minutes", num=f"{idle['idle_minutes'] + 9} billable minutes").t(" at ")
        a.t(m(idle["rate_per_min"])).t("/min, so ").x(m(idle["amount"]), num=m(bump(idle["amount"], r))).t(".").p()
        a("\n\n")
        a(st.h("Things that could help you"))
        a(st.bullet).t("The fee is capped at ").x(f"${cap:.2f}", num=f"${cap + 15:.2f}").t(" per session (section ").x("3.2", sec=fs("3.2")).t(")")
        a.t(" — yours is ").x("under the cap", neg="over the cap").t(", so it stands as billed").pb().t("\n")
        ended = dt.datetime.fromisoformat(s["charging_ended_at"])
        night = ended.hour >= 23 or ended.hour < 6
        a(st.bullet).t("No idle fees overnight, 11 p.m.–6 a.m. (section ").x("3.4", sec=fs("3.4")).t("); charging ended at ").x(st.t(ended), tmp=st.t(ended + dt.timedelta(hours=2))).t(", so that ").x("doesn't apply" if not night else "applies", neg="applies" if not night else "doesn't apply").pb().t("\n")
        a(st.bullet).t("Disputes have to be raised within ").x(f"{disp} days", num=f"{disp + 30} days").t(" (section ").x("5.2", sec=fs("5.2")).t("), which for a session on ").t(st.d(day)).t(" means by ")
        a.x(st.d(deadline), tmp=st.d(deadline + dt.timedelta(days=14))).pb().t("\n")
        a("\nHonestly, the grace-period math checks out, so a dispute would need another reason (say, the connector wouldn't release).").p()
        st.closer(a, ["I can draft the dispute text if you'd like to try anyway."])
        a.ins("claim", "First-time idle fees are usually waived if you ask support.")
        a.ins("claim", "Section 3 also exempts drivers with a disability placard.")
        a.ins("behavior", "I've opened a dispute on this fee for you already.")
        a.ins("elab", "because the fee exists to keep fast chargers turning over", clause=True)
        a.ins("cite", f"See the terms FAQ at https://voltstop.example/legal/idle-fee-faq-{r.digits(3)}.")
        a.ins("cite", f"Your dispute case is DSP-{r.digits(6)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
