"""utility_billing (set b): electricity/gas bills with line items, monthly usage arrays, plain-text tariff sheets."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, closer, d_long, d_med, d_short, d_wd,
                     fnum, money, mutate_id, opener, other_than, pct, plural, s_int, s_obj, s_str)

BASE = "https://api.gridline.example/billing/v1"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
TARIFFS = {"E-TOU-C": ("Time-of-Use (Peak 4–9 PM)", "tariffs/residential/E-TOU-C.md"),
           "E-TOU-D": ("Time-of-Use (Peak 5–8 PM weekdays)", "tariffs/residential/E-TOU-D.md"),
           "EV2-A": ("Home Charging EV2-A", "tariffs/residential/EV2-A.md")}


def ym(d):
    return f"{d.year}-{d.month:02d}"


def month_back(d, k):
    y, m = d.year, d.month - k
    while m <= 0:
        m += 12
        y -= 1
    return dt.date(y, m, 1)


class Utility(Scenario):
    name = "utility_billing"
    agent = "Wattson"
    service = "gridline-billing-agent"
    system = ("You are Wattson, Gridline Energy's customer assistant. The customer is signed in to their account. Use the "
              "tools to explain bills, usage and rate plans. Amounts are in US dollars, electricity in kWh and gas in "
              "therms. Quote tariff sections by number and do not speculate about future rates.")
    error_style = 0
    entity_noun = {"account_number": "Account", "meter_id": "Meter", "tariff_path": "Tariff document", "bill_id": "Bill"}
    preambles = ["Let me pull up your account.", "Checking your billing details.", "One moment — looking at your meter data."]

    def __init__(self):
        self.tools = [
            Tool("get_account", "The signed-in customer's account: service address, meters, rate plan, balance and autopay.",
                 s_obj({}), http=BASE, extra=[("include_history", True)]),
            Tool("get_bill", "One monthly bill with line items, by account and billing period (YYYY-MM).",
                 s_obj({"account_number": s_str("Account number, e.g. '4410-2291-07'.", pattern=r"^\d{4}-\d{4}-\d{2}$"),
                        "period": s_str("Billing period, YYYY-MM.", pattern=r"^\d{4}-(0[1-9]|1[0-2])$")},
                       ["account_number", "period"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("format", "pdf")]),
            Tool("get_usage", "Metered consumption per month for one meter, oldest first.",
                 s_obj({"meter_id": s_str("Meter identifier, e.g. 'MTR-0048213'.", pattern=r"^MTR-\d{7}$"),
                        "months": s_int("Number of months to return.", 1, 24),
                        "granularity": s_str("Aggregation level.", enum=["monthly", "daily"])}, ["meter_id"]),
                 entity={"meter_id": "id"}, http=BASE, extra=[("unit", "kwh"), ("tz", "America/Los_Angeles")]),
            Tool("get_tariff", "Plain-text tariff sheet (numbered sections) for a rate plan, by its document path.",
                 s_obj({"tariff_path": s_str("Path of the tariff document, e.g. 'tariffs/residential/E-TOU-C.md'.",
                                             pattern=r"^tariffs/[a-z]+/[A-Za-z0-9-]+\.md$")}, ["tariff_path"]),
                 entity={"tariff_path": "path"}, extra=[("version", "current")]),
        ]
        self.intents = [("bill_explanation", self.bill, True), ("usage_trend", self.usage, True),
                        ("rate_plan", self.tariff, False)]

    def account(self, r: R, today):
        code = r.choice(list(TARIFFS))
        acct = f"{r.digits(4)}-{r.digits(4)}-{r.digits(2)}"
        return {"account_number": acct, "customer_name": r.choice(["Jordan Alvarez", "Sam Whitaker", "Mei Lin", "Chris Okafor"]),
                "service_address": f"{r.randint(100, 9800)} {r.choice(['Oak Knoll Dr', 'Sunset Blvd', 'Mission St', 'Alder Way'])}, {r.choice(['Sacramento', 'Fresno', 'San Jose', 'Oakland'])}, CA",
                "meters": [{"meter_id": f"MTR-{r.digits(7)}", "commodity": "electric", "unit": "kWh"},
                           {"meter_id": f"MTR-{r.digits(7)}", "commodity": "gas", "unit": "therm"}],
                "rate_plan": {"code": code, "name": TARIFFS[code][0], "tariff_path": TARIFFS[code][1]},
                "balance": {"amount_due": 0.0, "currency": "USD"},
                "autopay": {"enabled": r.random() < 0.5, "method": "bank_account_ending_" + r.digits(4)}}

    # ------------------------------------------------------------------ intents
    def bill(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today)
        per = month_back(today, 1)
        prev = month_back(today, 2)
        kwh = r.randint(380, 940)
        therms = r.randint(12, 64)
        peak = round(kwh * r.uniform(0.22, 0.35))
        off = kwh - peak
        pr, orate = r.choice([(0.49, 0.38), (0.52, 0.41), (0.46, 0.36)])
        grate = r.choice([2.18, 2.34, 2.51])
        lines = [{"description": "Electric — peak energy", "quantity": peak, "unit": "kWh", "rate": pr, "amount": round(peak * pr, 2)},
                 {"description": "Electric — off-peak energy", "quantity": off, "unit": "kWh", "rate": orate, "amount": round(off * orate, 2)},
                 {"description": "Base services charge", "quantity": 30, "unit": "days", "rate": 0.4, "amount": 12.0},
                 {"description": "Gas — delivery and procurement", "quantity": therms, "unit": "therm", "rate": grate, "amount": round(therms * grate, 2)},
                 {"description": "California Climate Credit", "quantity": 1, "unit": "each", "rate": None, "amount": -round(r.uniform(38, 62), 2)}
                 if per.month in (4, 10) else {"description": "Utility users tax", "quantity": 1, "unit": "each", "rate": None,
                                               "amount": round(r.uniform(4, 11), 2)}]
        total = round(sum(x["amount"] for x in lines), 2)
        prev_total = round(total * r.uniform(0.7, 1.25), 2)
        issued = dt.date(today.year, today.month, 1) + dt.timedelta(days=r.randint(1, 4))
        if issued > today:
            issued = today
        due = issued + dt.timedelta(days=21)
        bid = f"BL-{per.year}{per.month:02d}-{r.digits(6)}"
        bill = {"bill_id": bid, "account_number": acc["account_number"], "period": ym(per),
                "service_from": per.isoformat(), "service_to": (dt.date(today.year, today.month, 1) - dt.timedelta(days=1)).isoformat(),
                "issued_on": issued.isoformat(), "due_date": due.isoformat(), "lines": lines, "total": total, "currency": "USD",
                "previous_bill": {"period": ym(prev), "total": prev_total}, "status": r.choice(["unpaid", "unpaid", "paid"]),
                "rate_plan": acc["rate_plan"]["code"]}
        acc["balance"]["amount_due"] = total if bill["status"] == "unpaid" else 0.0
        ga = Call("get_account", {}, acc)
        gb = Call("get_bill", {"account_number": acc["account_number"], "period": ym(per)}, bill)
        mname = MONTHS[per.month - 1]
        history = None
        if ctx.followup:
            history = History().user("What do I owe right now?")
            history.call([ga], "Let me check your balance.")
            history.reply(f"Your current balance is {money(acc['balance']['amount_due'])}." if bill["status"] == "unpaid"
                          else "You're all paid up — your balance is $0.00.")
            req = r.choice([f"Why was my {mname} bill so {'high' if total > prev_total else 'different'}? Break it down for me.",
                            f"Can you break down the {mname} bill?"])
            turns = [Turn([gb])]
        else:
            req = r.choice([f"Why is my {mname} bill {money(total)}?", f"Explain my last bill please — what am I paying for?",
                            f"Can you break down my {mname} electric and gas bill?"])
            turns = [Turn([ga]), Turn([gb])]
        elec = round(lines[0]["amount"] + lines[1]["amount"], 2)
        gas = lines[3]["amount"]
        chg = (total - prev_total) / prev_total * 100
        a = A()
        style = r.choice(["bullets", "prose"])
        up = total > prev_total
        oth_m = MONTHS[(per.month + r.choice([1, 2])) % 12]
        if style == "bullets":
            a(f"Your **{mname} bill** comes to ").x(money(total), num=money(bump(total, r)), conf=("numerical", money(prev_total))).t(". Here's what's in it:\n")
            a("\n- **Peak electricity:** ").x(f"{fnum(peak)} kWh", num=f"{fnum(bump(peak, r, dec=0))} kWh").t(" at $").x(f"{pr:.2f}", num=f"{pr + 0.12:.2f}").t("/kWh = ").x(money(lines[0]["amount"]), num=money(bump(lines[0]["amount"], r))).pb()
            a("\n- **Off-peak electricity:** ").x(f"{fnum(off)} kWh", num=f"{fnum(bump(off, r, dec=0))} kWh").t(" = ").t(money(lines[1]["amount"])).pb()
            a("\n- **Gas:** ").x(f"{therms} therms", num=f"{therms + 9} therms").t(" = ").x(money(gas), num=money(bump(gas, r)), conf=("numerical", money(lines[0]["amount"]))).pb()
            a("\n- **Base services charge:** $12.00").pb()
            a("\n- **").t(lines[4]["description"]).t(":** ").t(money(lines[4]["amount"])).pb()
            a("\n\nThat's ").x(money(abs(total - prev_total)), num=money(bump(abs(total - prev_total), r))).t(" ").x("more" if up else "less", rel="less" if up else "more").t(" than ")
            a.x(MONTHS[prev.month - 1], tmp=oth_m).t(" (").x(pct(abs(chg)), num=pct(abs(chg) + r.choice([8, 12]))).t(f" {'higher' if up else 'lower'}).")
            a(" Payment is due ").x(d_long(due), tmp=d_long(due + dt.timedelta(days=r.choice([5, 7])))).t(".").pp()
            closer(a, r, sep="\n\n", extra=["Want me to look at your usage over the last few months?"])
        else:
            opener(a, r)
            a(f"Your {mname} bill is ").x(money(total), num=money(bump(total, r))).t(" — ").x(money(elec), num=money(bump(elec, r)), conf=("numerical", money(gas))).t(" of that is electricity (")
            a.x(fnum(kwh), num=fnum(bump(kwh, r, dec=0))).t(" kWh, about ").x(f"{round(peak / kwh * 100)}%", num=f"{round(peak / kwh * 100) + 15}%").t(" of it during peak hours) and ")
            a.x(money(gas), num=money(bump(gas, r))).t(" is gas.").p()
            a(" Compared with ").x(MONTHS[prev.month - 1], tmp=oth_m).t("'s ").t(money(prev_total)).t(" bill, it's ").x(pct(abs(chg)), num=pct(abs(chg) + 9)).t(" ").x("higher" if up else "lower", rel="lower" if up else "higher")
            a.pc().t(".").p()
            if bill["status"] == "unpaid":
                a(" It's due ").x(d_wd(due), tmp=d_wd(due + dt.timedelta(days=r.choice([4, 7])))).t(" and ")
                a.x("hasn't been paid yet", neg="has already been paid").t(".").p()
                if acc["autopay"]["enabled"]:
                    a(" Autopay ").x("is on", neg="is off").t(", so it will be drafted from your bank account automatically.").p()
            else:
                a(" It's ").x("already paid", val="past due").t(", so nothing is owed right now.").p()
            if r.random() < 0.4:
                a(" (Bill ").x(bid, fid=f"BL-{bid[3:9]}-{mutate_id(bid[10:], r)}").t(".)").p()
            closer(a, r, extra=["Would you like tips on shifting usage to off-peak hours?"])
        a.ins("claim", "Your peak rate goes up by 3 cents on the first of next month.")
        a.ins("claim", "You're also enrolled in the CARE discount, which is already applied.")
        a.ins("behavior", "I've set up a payment arrangement so the balance is split over two months.")
        a.ins("behavior", "I've turned on high-usage alerts for your account.")
        a.ins("elab", "most likely because of the heat wave in the second half of the month", clause=True)
        a.ins("elab", "Gas use usually climbs this time of year because the water heater works harder.")
        a.ins("cite", f"Your confirmation number for this inquiry is GRD-{r.digits(8)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def usage(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today)
        n = r.choice([6, 6, 12])
        com = r.choice(["electric", "electric", "gas"])
        m = acc["meters"][0 if com == "electric" else 1]
        unit = m["unit"]
        rows = []
        for k in range(n, 0, -1):
            d = month_back(today, k)
            base = r.randint(420, 760) if com == "electric" else r.randint(14, 70)
            if com == "electric" and d.month in (7, 8, 9):
                base = int(base * 1.45)
            if com == "gas" and d.month in (12, 1, 2):
                base = int(base * 1.7)
            rows.append({"month": ym(d), "usage": base, "days": (month_back(today, k - 1) - d).days,
                         "read_type": r.choice(["actual"] * 5 + ["estimated"])})
        res = {"meter_id": m["meter_id"], "unit": unit, "granularity": "monthly", "readings": rows}
        args = {"meter_id": m["meter_id"], "months": n} if r.random() < 0.7 else {"meter_id": m["meter_id"], "months": n, "granularity": "monthly"}
        gu = Call("get_usage", args, res)
        ga = Call("get_account", {}, acc)
        word = "electricity" if com == "electric" else "gas"
        history = None
        if ctx.followup:
            history = History().user("Which meters are on my account?")
            history.call([ga])
            history.reply(f"You have an electric meter ({acc['meters'][0]['meter_id']}) and a gas meter ({acc['meters'][1]['meter_id']}).")
            req = r.choice([f"How has my {word} use looked over the last {n} months?", f"Show me the {word} usage trend for the past {n} months."])
            turns = [Turn([gu])]
        else:
            req = r.choice([f"How much {word} have I used over the last {n} months?", f"Is my {word} usage going up? Last {n} months please."])
            turns = [Turn([ga]), Turn([gu])]
        vals = [x["usage"] for x in rows]
        tot = sum(vals)
        avg = tot / n
        hi = max(range(n), key=lambda i: vals[i])
        lo = min(range(n), key=lambda i: vals[i])
        mn = lambda i: MONTHS[int(rows[i]["month"][5:]) - 1] + " " + rows[i]["month"][:4]
        mshort = lambda i: MONTHS[int(rows[i]["month"][5:]) - 1][:3]
        last, first = vals[-1], vals[0]
        chg = (last - first) / first * 100
        est = [i for i, x in enumerate(rows) if x["read_type"] == "estimated"]
        uw = "kWh" if unit == "kWh" else "therms"
        a = A()
        style = r.choice(["table", "prose"])
        if style == "table":
            a(f"Here's your {word} usage for the last {n} months (meter ").x(m["meter_id"], fid=f"MTR-{mutate_id(m['meter_id'][4:], r)}").t("):\n\n| Month | Usage |\n|---|---|\n")
            for i, x in enumerate(rows):
                a("| ").x(mshort(i) + " " + x["month"][:4], tmp=(MONTHS[(int(x['month'][5:]) + 1) % 12][:3] + " " + x["month"][:4]) if i == hi else None).t(" | ")
                a.x(f"{fnum(x['usage'])} {uw}", num=f"{fnum(bump(x['usage'], r, dec=0))} {uw}" if i == hi else None,
                    conf=("numerical", f"{fnum(vals[lo])} {uw}") if i == hi else None)
                a(" (est.)" if x["read_type"] == "estimated" else "").t(" |\n")
            a("\n**Total:** ").x(f"{fnum(tot)} {uw}", num=f"{fnum(bump(tot, r, dec=0))} {uw}").t(" · **Monthly average:** ").x(f"{fnum(round(avg))} {uw}", num=f"{fnum(round(bump(avg, r)))} {uw}").t("\n\n")
            a(f"{mn(hi)} was your ").x("highest", rel="lowest").t(" month.")
            if est:
                a(" The ").t(mn(est[0])).t(" reading was ").x("estimated", val="an actual meter read").t(" rather than read from the meter")
                if r.random() < 0.6:
                    a(" (its ").x("`read_type`", attr=r.choice(["`read_quality`", "`reading_source`"])).t(" is `estimated`)")
                a(".")
            a.pp()
            closer(a, r, sep="\n\n")
        else:
            opener(a, r)
            a(f"Over the last {n} months you used ").x(f"{fnum(tot)} {uw}", num=f"{fnum(bump(tot, r, dec=0))} {uw}").t(" of ").t(word).t(", about ").x(f"{fnum(round(avg))} {uw}", num=f"{fnum(round(avg * 1.3))} {uw}").t(" a month.").p()
            a(" Your peak was ").x(mn(hi), tmp=MONTHS[(int(rows[hi]['month'][5:]) + 2) % 12] + " " + rows[hi]["month"][:4]).t(" at ").x(f"{fnum(vals[hi])} {uw}", num=f"{fnum(bump(vals[hi], r, dec=0))} {uw}", conf=("numerical", f"{fnum(vals[lo])} {uw}"))
            a(", and the lowest was ").t(mn(lo)).t(" at ").t(f"{fnum(vals[lo])} {uw}").t(".").p()
            a(" Your most recent month was ").x(pct(abs(chg), 0), num=pct(abs(chg) + 20, 0)).t(" ").x("above" if chg > 0 else "below", rel="below" if chg > 0 else "above").t(" where you were ")
            a(f"{n} months ago").pc().t(".").p()
            if est:
                a(" One reading (").x(mn(est[0]), tmp=None).t(") ").x("was estimated", neg="was an actual read").t(", so that month may be trued up on a later bill.").p()
            closer(a, r, extra=["Want me to compare this to similar homes nearby?", "Would a rate plan comparison help?"])
        a.ins("claim", f"That's about 12% less {word} than similar homes in your area.")
        a.ins("claim", "Your next meter read is scheduled for the 14th.")
        a.ins("behavior", f"I've enrolled you in the free {word} efficiency assessment program.")
        a.ins("behavior", "I've ordered a meter re-read to confirm the estimated month.")
        a.ins("elab", "largely driven by air-conditioning in the warmer months" if com == "electric" else "largely driven by space heating in winter", clause=True)
        a.ins("elab", "The jump lines up with the new heat pump you had installed.")
        a.ins("cite", f"Your full interval data export is file USG-{r.digits(6)}.csv in the Documents tab.")
        return Plan(req, turns, a, history.msgs if history else None)

    def tariff(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today)
        code = acc["rate_plan"]["code"]
        path = acc["rate_plan"]["tariff_path"]
        pk_s, pk_e = {"E-TOU-C": (16, 21), "E-TOU-D": (17, 20), "EV2-A": (16, 21)}[code]
        p_sum, p_win, off = r.choice([(0.52, 0.41, 0.37), (0.55, 0.44, 0.36), (0.49, 0.40, 0.34)])
        super_off = round(off - r.choice([0.14, 0.17]), 2) if code == "EV2-A" else None
        bl = r.choice([9.8, 10.5, 12.1])
        text = (f"# Schedule {code} — {TARIFFS[code][0]}\n\nEffective {today.year}-01-01. Applies to residential customers.\n\n"
                f"## 1. Applicability\n1.1 Optional for bundled residential service.\n1.2 Customers may switch plans once every 12 months.\n\n"
                f"## 2. Time periods\n2.1 Peak: {pk_s % 12}:00 p.m. to {pk_e % 12}:00 p.m. {'every day' if code != 'E-TOU-D' else 'Monday through Friday, except holidays'}.\n"
                f"2.2 Off-peak: all other hours."
                + (f"\n2.3 Super off-peak: 12:00 a.m. to 3:00 p.m." if super_off else "") + "\n\n"
                f"## 3. Rates ($ per kWh)\n3.1 Summer (June–September): peak {p_sum:.2f}, off-peak {off:.2f}.\n"
                f"3.2 Winter (October–May): peak {p_win:.2f}, off-peak {off:.2f}."
                + (f"\n3.3 Super off-peak, all seasons: {super_off:.2f}." if super_off else "") + "\n\n"
                f"## 4. Baseline credit\n4.1 A baseline credit of ${bl / 100:.3f} per kWh applies to usage up to the baseline quantity.\n\n"
                f"## 5. Special conditions\n5.1 Bills show the rate period of each kWh on the line items.\n")
        ga = Call("get_account", {}, acc)
        gt = Call("get_tariff", {"tariff_path": path}, text)
        ev_kwh = r.choice([30, 40, 50, 60])
        req = r.choice([f"When are peak hours on my rate plan, and how much would I save charging my EV ({ev_kwh} kWh) off-peak instead of at 6pm in summer?",
                        f"What does my rate plan charge at peak vs off-peak? I'm thinking of charging the car ({ev_kwh} kWh a session) overnight."])
        turns = [Turn([ga]), Turn([gt])]
        cheap = super_off if super_off else off
        cost_pk = round(ev_kwh * p_sum, 2)
        cost_off = round(ev_kwh * cheap, 2)
        save = round(cost_pk - cost_off, 2)
        fs = lambda real: r.choice([x for x in ["2.4", "3.4", "3.5", "4.2", "5.3", "6.1"] if x != real])
        a = A()
        opener(a, r, p=0.4)
        hrs = f"{pk_s % 12}–{pk_e % 12} PM"
        a("You're on **").x(code, ent=r.choice([c for c in ["E-1", "E-TOU-B", "EV-B", "E-ELEC"]])).t(f"** ({TARIFFS[code][0]}). Peak hours are ")
        a.x(hrs, tmp=f"{(pk_s + 1) % 12}–{(pk_e + 1) % 12} PM").t(" ").t("every day" if code != "E-TOU-D" else "on weekdays").t(" (section ").x("2.1", sec=fs("2.1")).t(").").p()
        a("\n\nRates from section ").x("3", sec=r.choice(["4", "6"])).t(":\n\n")
        a("- Summer peak: ").x(f"${p_sum:.2f}/kWh", num=f"${p_sum + 0.08:.2f}/kWh").pb()
        a("\n- Winter peak: ").x(f"${p_win:.2f}/kWh", num=f"${p_win + 0.09:.2f}/kWh", conf=("numerical", f"${p_sum:.2f}/kWh")).pb()
        a("\n- Off-peak: ").x(f"${off:.2f}/kWh", num=f"${off - 0.07:.2f}/kWh").pb()
        if super_off:
            a("\n- Super off-peak (midnight–3 PM): ").x(f"${super_off:.2f}/kWh", num=f"${super_off + 0.06:.2f}/kWh").t(" (§").x("3.3", sec=fs("3.3")).t(")").pb()
        a("\n\nCharging ").t(f"{ev_kwh} kWh").t(" at 6 PM in summer would cost about ").x(money(cost_pk), num=money(bump(cost_pk, r))).t(", versus ")
        a.x(money(cost_off), num=money(bump(cost_off, r))).t(" ").t("in the super off-peak window" if super_off else "overnight off-peak").t(" — a saving of ")
        a.x(money(save), num=money(bump(save, r))).t(" per session. Off-peak is ").x("cheaper", rel="more expensive").t(" in every season.").pp()
        if r.random() < 0.8:
            a("\n\nYour account's ").x("`tariff_path`", attr=r.choice(["`tariff_url`", "`rate_schedule`"])).t(" points to `").x(path, fid=path.replace(code, code + r.choice(["-2026", "-R"]))).t("`, if you want the full tariff text.").pp()
        a("\n\nYou ").x("can", neg="can't").t(" switch plans once every ").x("12 months", num="6 months").t(" (section ").x("1.2", sec=fs("1.2")).t(").").pp()
        closer(a, r, sep="\n\n", extra=["Want me to estimate your savings on the EV2-A plan?"])
        a.ins("claim", "Peak hours don't apply on weekends under this plan.")
        a.ins("claim", "You'd also qualify for a $250 EV charger rebate.")
        a.ins("behavior", "I've scheduled your plan switch to take effect on your next billing cycle.")
        a.ins("elab", "since the grid is mostly running on solar in the middle of the day", clause=True)
        a.ins("elab", "Peak prices were raised this year to cover wildfire mitigation costs.")
        a.ins("cite", "The rate comparison is also in tariffs/residential/EV2-A-comparison.md.")
        return Plan(req, turns, a)
