"""mobile_plans (set d): lines on a mobile account, data usage in the bill cycle, roaming passes, monthly bill, plan terms."""
from __future__ import annotations

import datetime as dt
import math

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, mutate_id, other_than, plural, s_bool,
                     s_int, s_obj, s_str)
from .dstyle import (bye, datefmt, days_between, fake_attr, fake_section, head, hello, lab, listing,
                     pct_of, usd)

BASE = "https://api.brightwave.example/v2"
TERMS_URL = "https://www.brightwave.example/legal/plan-terms"
NICKS = ["Maya", "Jonah", "Priya", "Theo", "Lena", "Marcus", "Ines", "Grandpa", "Rosie", "Kenji", "Amara", "Felix"]
OTHER_NICKS = ["Oliver", "Hannah", "Diego", "Chloe", "Mateo", "Aisha", "Bruno", "Clara"]
DEVICES = ["Pixel 9", "iPhone 16", "Galaxy S25", "iPhone 15", "Moto g 5G", "Galaxy A55", "Pixel 8a", "iPhone 16 Pro"]
OTHER_DEVICES = ["Galaxy Z Flip6", "OnePlus 13", "iPhone 14 Plus", "Pixel 9 Pro Fold", "Nothing Phone (3)"]
PLANS = [{"code": "FLEX5", "name": "Flex 5", "monthlyPrice": "25.00", "dataAllowanceGb": 5},
         {"code": "FLEX15", "name": "Flex 15", "monthlyPrice": "40.00", "dataAllowanceGb": 15},
         {"code": "UNL-START", "name": "Unlimited Starter", "monthlyPrice": "55.00", "dataAllowanceGb": 35},
         {"code": "UNL-PLUS", "name": "Unlimited Plus", "monthlyPrice": "70.00", "dataAllowanceGb": 60}]
COUNTRIES = [("PT", "Portugal", "Europe"), ("JP", "Japan", "Asia Pacific"), ("IT", "Italy", "Europe"),
             ("TH", "Thailand", "Asia Pacific"), ("GR", "Greece", "Europe"), ("KR", "South Korea", "Asia Pacific"),
             ("CO", "Colombia", "Latin America"), ("IS", "Iceland", "Europe"), ("MA", "Morocco", "Africa & Middle East")]
OTHER_COUNTRIES = ["Spain", "Vietnam", "Croatia", "Peru", "Turkey", "Ireland", "Indonesia"]
ALERTS = {"normal": "USAGE_NORMAL", "approaching_limit": "USAGE_APPROACHING_LIMIT", "over_limit": "USAGE_OVER_LIMIT"}
FAKE_ALERTS = ["USAGE_CAP_WARNING", "DATA_LIMIT_NEAR", "USAGE_THRESHOLD_80", "HIGH_USAGE_FLAG", "USAGE_SOFT_CAP"]


def cycle_of(today, bill_day):
    if today.day >= bill_day:
        start = today.replace(day=bill_day)
    else:
        prev = today.replace(day=1) - dt.timedelta(days=1)
        start = prev.replace(day=bill_day)
    nxt = (start.replace(day=1) + dt.timedelta(days=32)).replace(day=bill_day)
    return start, nxt - dt.timedelta(days=1)


def terms_doc(r: R, kbps, cap_gb):
    return (f"# Brightwave Mobile — Plan Terms (rev. 2026-01)\n\n"
            f"## 1. Allowances\n1.1 Data allowances reset on the account's bill cycle day.\n"
            f"1.2 Unused data does not roll over to the next cycle.\n\n"
            f"## 2. Usage beyond your allowance\n2.1 Flex plans: once the monthly allowance is used, data speeds are reduced "
            f"to {kbps} kbps until the cycle resets. No overage charges apply.\n"
            f"2.2 Unlimited plans: after {cap_gb} GB of high-speed data in a cycle, data may be deprioritized during "
            f"network congestion.\n\n"
            f"## 3. International roaming\n3.1 Roaming must be enabled on the line before travel.\n"
            f"3.2 Travel passes start at first use abroad and last for the stated validity.\n"
            f"3.3 Without a pass, pay-as-you-go rates apply.\n\n"
            f"## 4. Device installment plans\n4.1 Device installments are billed monthly over 24 months.\n"
            f"4.2 If a line is cancelled, the remaining installment balance becomes due on the next bill.\n"
            f"4.3 A device can be unlocked once its installment balance is paid in full.\n\n"
            f"## 5. Cancellation\n5.1 A line may be cancelled at any time; service ends at the end of the current bill cycle.\n"
            f"5.2 No early termination fee applies.\n")


class Mobile(Scenario):
    name = "mobile_plans"
    agent = "Wavelength"
    service = "brightwave-mobile-assistant"
    system = ("You are Wavelength, Brightwave Mobile's account assistant. Use the tools to look up the customer's lines, "
              "data usage, roaming options, bills and plan terms. Never add passes, change plans or cancel lines "
              "without the customer's explicit confirmation, and quote plan terms by section number.")
    error_style = 1
    entity_noun = {"account_number": "Account", "line_id": "Line", "terms_url": "Document"}
    preambles = ["Let me pull up the account.", "Checking the lines on your account first.", "One moment while I look that up."]

    def __init__(self):
        line_id = s_str("Line identifier from list_lines, e.g. 'LN-7Q2K9D'.", pattern=r"^LN-[A-Z0-9]{6}$")
        acct = s_str("Brightwave account number, 'BW' followed by 8 digits.", pattern=r"^BW\d{8}$")
        self.tools = [
            Tool("list_lines", "Lines on a Brightwave account with plan, device installment and roaming setting.",
                 s_obj({"account_number": acct, "include_devices": s_bool("Include device installment details.")},
                       ["account_number"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("status", "active"), ("page_size", 20)]),
            Tool("get_usage", "Data, voice and messaging usage of one line in a bill cycle.",
                 s_obj({"line_id": line_id, "cycle": s_str("Which bill cycle.", enum=["current", "previous"])},
                       ["line_id"]),
                 entity={"line_id": "id"}, http=BASE, extra=[("granularity", "daily"), ("units", "GB")]),
            Tool("get_roaming_options", "Roaming passes and pay-as-you-go rates for a line in a destination country.",
                 s_obj({"line_id": line_id,
                        "country_code": s_str("ISO 3166-1 alpha-2 country code.", pattern=r"^[A-Z]{2}$"),
                        "trip_days": s_int("Length of the trip in days.", 1, 60)},
                       ["line_id", "country_code"]),
                 entity={"line_id": "id"}, http=BASE, extra=[("currency", "USD"), ("include_zone", True)]),
            Tool("get_bill", "A monthly statement of the account with per-line charges.",
                 s_obj({"account_number": acct,
                        "statement": s_str("Which statement.", enum=["latest", "previous"]),
                        "include_line_detail": s_bool("Break the charges down per line.")},
                       ["account_number"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("format", "pdf"), ("months", 2)]),
            Tool("get_plan_terms", "Plan terms and conditions (numbered sections) from the terms URL of the account.",
                 s_obj({"terms_url": s_str("Terms URL returned by list_lines.", pattern=r"^https://"),
                        "format": s_str("Document format.", enum=["markdown", "text"])},
                       ["terms_url"]),
                 entity={"terms_url": "url"}, extra=[("lang", "en-US")]),
        ]
        self.intents = [("data_usage", self.usage, True), ("roaming_options", self.roaming, True),
                        ("bill_breakdown", self.bill, False), ("plan_terms", self.terms, True)]

    # ------------------------------------------------------------------ data
    def account(self, r: R, today, n=None):
        acct = "BW" + r.digits(8)
        n = n or r.choice([2, 2, 3, 3, 4])
        nicks = r.pick(NICKS, n)
        lines = []
        for nick in nicks:
            plan = dict(r.choice(PLANS))
            dev = None
            if r.random() < 0.75:
                monthly = r.choice([18.75, 22.50, 27.75, 33.34, 41.67, 12.50])
                rem = r.randint(3, 22)
                dev = {"model": r.choice(DEVICES), "installment": {"monthly": f"{monthly:.2f}", "remainingPayments": rem,
                                                                   "remainingBalance": f"{monthly * rem:.2f}"}}
            lines.append({"lineId": "LN-" + r.upalnum(6), "nickname": nick,
                          "maskedNumber": f"***-***-{r.digits(4)}", "status": "active", "plan": plan,
                          "device": dev, "roamingEnabled": r.random() < 0.7})
        if n >= 3 and r.random() < 0.3:
            lines[-1]["status"] = "suspended"
        bill_day = r.choice([1, 3, 8, 12, 15, 19, 22, 26])
        return {"accountNumber": acct, "asOf": today.isoformat(), "billCycleDay": bill_day, "termsUrl": TERMS_URL, "lines": lines}

    def usage_of(self, r: R, line, today, bill_day):
        start, end = cycle_of(today, bill_day)
        elapsed = (today - start).days + 1
        allow = line["plan"]["dataAllowanceGb"]
        rate = allow / 30 * r.uniform(0.35, 1.45)
        used = round(min(allow * 1.0, rate * elapsed), 2)
        if used <= 0.3:
            used = round(allow * 0.2, 2)
        if allow - used < 0.3:
            used = float(allow)
        share = used / allow
        alert = "normal" if share < 0.75 else ("approaching_limit" if share < 1 else "over_limit")
        return {"lineId": line["lineId"], "asOf": f"{today.isoformat()}T{r.randint(6, 20):02d}:{r.choice([5, 18, 32, 47])}:00Z",
                "cycle": {"start": start.isoformat(), "end": end.isoformat()},
                "data": {"usedGb": f"{used:.2f}", "allowanceGb": allow,
                         "throttledSpeedKbps": 512 if allow <= 15 else None,
                         "lastCycleUsedGb": f"{allow * r.uniform(0.3, 0.95):.2f}"},
                "usageAlert": ALERTS[alert],
                "voice": {"minutes": r.randint(40, 900), "unlimited": True},
                "messaging": {"sms": r.randint(20, 700), "unlimited": True},
                "overageCharges": "0.00"}

    def pick_line(self, r: R, acc, need=None):
        cands = [ln for ln in acc["lines"] if ln["status"] == "active" and (need is None or need(ln))]
        return r.choice(cands) if cands else None

    # ------------------------------------------------------------------ intents
    def usage(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today)
        acct = acc["accountNumber"]
        ll = Call("list_lines", {"account_number": acct}, acc)
        fam = not ctx.followup and r.random() < 0.35
        history = None
        if fam:
            lines = [ln for ln in acc["lines"] if ln["status"] == "active"][:3]
            if len(lines) < 2:
                fam = False
        if fam:
            uses = {ln["lineId"]: self.usage_of(r, ln, today, acc["billCycleDay"]) for ln in lines}
            req = r.choice([f"How's data looking across the lines on {acct} this month?",
                            f"Account {acct} — can you show me how much data each line has used so far?",
                            f"who's using the most data on my account {acct}?"])
            turns = [Turn([ll]), Turn([Call("get_usage", {"line_id": ln["lineId"], "cycle": "current"} if r.random() < 0.5
                                            else {"line_id": ln["lineId"]}, uses[ln["lineId"]]) for ln in lines])]
            return Plan(req, turns, self.usage_family(r, acc, lines, uses))
        line = self.pick_line(r, acc)
        u = self.usage_of(r, line, today, acc["billCycleDay"])
        nick = line["nickname"]
        args = {"line_id": line["lineId"]}
        if r.random() < 0.5:
            args["cycle"] = "current"
        gu = Call("get_usage", args, u)
        if ctx.followup:
            history = History().user(f"Can you list the lines on account {acct}?")
            history.call([ll])
            history.reply("There are " + str(len(acc["lines"])) + " lines on the account: "
                          + listing(f"{ln['nickname']} ({ln['maskedNumber'][-4:]}, {ln['plan']['name']})" for ln in acc["lines"]) + ".")
            req = r.choice([f"How much data has {nick} used so far this cycle?", f"Is {nick} about to run out of data?",
                            f"ok and {nick}'s data usage?"])
            turns = [Turn([gu])]
        else:
            req = r.choice([f"How much data has {nick}'s line used this month? Account {acct}.",
                            f"Is {nick} close to the data limit? My account is {acct}.",
                            f"Account {acct}: check {nick}'s data usage please"])
            turns = [Turn([ll]), Turn([gu])]
        return Plan(req, turns, self.usage_answer(r, acc, line, u), history.msgs if history else None)

    def usage_answer(self, r: R, acc, line, u):
        nick = line["nickname"]
        fd = datefmt(r, ["med", "long", "uk", "wd"])
        used = float(u["data"]["usedGb"])
        allow = u["data"]["allowanceGb"]
        last = float(u["data"]["lastCycleUsedGb"])
        asof = u["asOf"][:10]
        start, end = u["cycle"]["start"], u["cycle"]["end"]
        left_days = days_between(asof, end)
        elapsed = days_between(start, asof) + 1
        total_days = days_between(start, end) + 1
        left = round(allow - used, 1)
        share = pct_of(used, allow)
        proj = used / elapsed * total_days
        alert = u["usageAlert"]
        kbps = u["data"]["throttledSpeedKbps"]
        blob = str(acc) + str(u)
        oth_nick = other_than(r, OTHER_NICKS, blob=blob)
        a = A()
        layout = r.choice(["prose", "bullets", "bullets"])
        if layout == "prose":
            hello(a, r, sep=" ")
            a.x(nick, ent=oth_nick).t("'s line has used ").x(f"{used:.1f} GB", num=f"{bump(used, r, dec=1):.1f} GB",
                                             conf=("numerical", f"{last:.1f} GB")).t(f" of its {allow} GB allowance so far this cycle — about ")
            a.x(share, num=f"{round(100 * used / allow) + r.choice([-18, -12, 12, 15])}%" if round(100 * used / allow) > 20 else None).t(".").p()
            if r.random() < 0.5:
                a(" The account has it flagged with the usage alert ").x(f"`{alert}`", attr=f"`{fake_attr(r, alert, blob, FAKE_ALERTS)}`").t(".").p()
            if left > 0:
                a(" That leaves roughly ").x(f"{left:.1f} GB", num=f"{bump(left, r, dec=1):.1f} GB").t(" for the last ")
                a.x(plural(left_days, "day"), num=f"{left_days + r.choice([5, 7, 9])} days").t(" of the cycle, which runs through ")
                a.x(fd(end), tmp=fd(dt.date.fromisoformat(end) + dt.timedelta(days=r.choice([4, 7, 10])))).pc().t(".").p()
            else:
                a(" The allowance is used up, with ").x(plural(left_days, "day"), num=f"{left_days + r.choice([5, 8])} days").t(" left in a cycle that runs through ")
                a.x(fd(end), tmp=fd(dt.date.fromisoformat(end) + dt.timedelta(days=r.choice([4, 7, 10])))).t(".").p()
            if left > 0 and left_days > 0:
                over = proj > allow
                a("\n\nAt the current pace (about ").x(f"{used / elapsed:.1f} GB a day", num=None).t(f"), {nick} would reach around ")
                a.x(f"{proj:.0f} GB", num=f"{bump(proj, r, dec=0):.0f} GB").t(" by the end of the cycle, which is ")
                a.x("more than" if over else "less than", rel="less than" if over else "more than").t(" the allowance")
                if over and kbps:
                    a(", so speeds would likely slow to ").x(f"{kbps} kbps", num=f"{r.choice([128, 256, 1024])} kbps").t(" for the last few days.").p()
                elif over:
                    a(", so it might be worth keeping an eye on streaming.").p()
                else:
                    a(", so there's no need to worry.").p()
            a(" There ").x("are no overage charges", neg="are overage charges").t(" on the line this cycle.").p()
            a.pp()
            bye(a, r, offers=[f"Want me to compare plans with a bigger allowance for {nick}?",
                              "Would you like a weekly usage summary for the other lines too?"])
        else:
            a(head(r, f"Data usage — {nick}'s line"))
            a("- ", lab("Used")).x(f"{used:.1f} GB", num=f"{bump(used, r, dec=1):.1f} GB", conf=("numerical", f"{last:.1f} GB")).t(f" of {allow} GB (")
            a.x(share, num=f"{round(100 * used / allow) + r.choice([-18, -12, 12, 15])}%" if round(100 * used / allow) > 20 else None).t(")").pb().t("\n")
            if left > 0:
                a("- ", lab("Left")).t("about ").x(f"{left:.1f} GB", num=f"{bump(left, r, dec=1):.1f} GB").pb().t("\n")
            a("- ", lab("Cycle")).t(f"{fd(start)} – ").x(fd(end), tmp=fd(dt.date.fromisoformat(end) + dt.timedelta(days=r.choice([3, 6, 9])))).t(" (")
            a.x(plural(left_days, "day") + " to go", num=f"{left_days + r.choice([4, 6, 8])} days to go").t(")").pb().t("\n")
            a("- ", lab("Status")).t("flagged as ").x(alert.lower().replace("usage_", "").replace("_", " "),
                                                     val=r.choice([v for v in ("normal", "approaching limit", "over limit") if v != alert.lower().replace("usage_", "").replace("_", " ")]))
            a(" (").x(f"`{alert}`", attr=f"`{fake_attr(r, alert, blob, FAKE_ALERTS)}`").t(")").pb().t("\n")
            a("- ", lab("Calls & texts")).x("unlimited", val="capped").t(f" — {u['voice']['minutes']} minutes and {u['messaging']['sms']} texts so far").pb()
            if r.random() < 0.5:
                a(f"\n- {lab('Line ID')}").x(line["lineId"], fid="LN-" + mutate_id(line["lineId"][3:], r))
            a("\n\n")
            if used > last:
                a(f"That's already ").x("more than", rel="less than").t(" the ").x(f"{last:.1f} GB", num=f"{bump(last, r, dec=1):.1f} GB").t(" used in the whole previous cycle")
            else:
                a("For comparison, the previous cycle came in at ").x(f"{last:.1f} GB", num=f"{bump(last, r, dec=1):.1f} GB").t(", and at the current pace this one would end up ")
                a.x("below" if proj < last else "above", rel="above" if proj < last else "below").t(" that")
            a.pc().t(".").p()
            if kbps and left <= 0:
                a(f" Since the allowance is used up, speeds are reduced to {kbps} kbps until the cycle resets — ").x("you won't", neg="you will").t(" be charged extra.").p()
            elif kbps:
                a(" If ").x(nick, ent=oth_nick).t(f" goes over, speeds drop to {kbps} kbps for the rest of the cycle.").p()
            a.pp()
            bye(a, r, offers=[f"If you'd like, I can check whether a bigger plan would make sense for {nick}."])
        a.ins("claim", "Unused data from this cycle will roll over to the next one.")
        a.ins("claim", f"Most of {nick}'s usage this month came from video streaming.")
        a.ins("behavior", f"I've also set up a text alert for when {nick} reaches 90% of the allowance.")
        a.ins("behavior", "I've added a 2 GB data top-up to the line so it doesn't slow down.")
        a.ins("elab", "mostly from usage over the last weekend", clause=True)
        a.ins("elab", "Usage on family accounts tends to spike in the last week of a cycle.")
        a.ins("cite", f"I've logged this check as usage review UR-{r.digits(7)}.")
        a.ins("cite", f"You can see the daily breakdown at https://my.brightwave.example/usage/{r.alnum(10)}.")
        _ = oth_nick
        return a

    def usage_family(self, r: R, acc, lines, uses):
        a = A()
        blob = str(acc) + str(uses)
        rows = []
        for ln in lines:
            u = uses[ln["lineId"]]
            rows.append((ln, float(u["data"]["usedGb"]), u["data"]["allowanceGb"]))
        top = max(rows, key=lambda x: x[1] / x[2])
        other = [x for x in rows if x is not top]
        end = uses[lines[0]["lineId"]]["cycle"]["end"]
        asof = uses[lines[0]["lineId"]]["asOf"][:10]
        fd = datefmt(r, ["med", "uk", "abbr"])
        hello(a, r, sep="\n\n")
        a("Here's where each line stands this cycle:\n\n| Line | Used | Allowance | Share used |\n|---|---|---|---|\n")
        for i, (ln, used, allow) in enumerate(rows):
            a(f"| {ln['nickname']} | ").x(f"{used:.1f} GB", num=f"{bump(used, r, dec=1):.1f} GB" if ln is top else None,
                                          conf=("numerical", f"{other[0][1]:.1f} GB") if ln is top else None)
            a(f" | {allow} GB | ").x(pct_of(used, allow), num=None).t(" |\n")
        tn = top[0]["nickname"]
        a("\n**").x(tn, ent=other_than(r, OTHER_NICKS, blob=blob)).t("** is using the largest share of their allowance, at ")
        a.x(pct_of(top[1], top[2]), num=f"{min(99, round(100 * top[1] / top[2]) + r.choice([-15, 11, 14]))}%").t(".").p()
        total = sum(x[1] for x in rows)
        a(" Together the ").t(f"{len(rows)} lines have used ").x(f"{total:.1f} GB", num=f"{bump(total, r, dec=1):.1f} GB").pc().t(". The cycle ends on ")
        a.x(fd(end), tmp=fd(dt.date.fromisoformat(end) + dt.timedelta(days=r.choice([5, 8])))).t(f" — {plural(days_between(asof, end), 'day')} from now.").p()
        if top[1] >= top[2]:
            a(f" {tn}'s allowance is ").x("already used up", neg="not used up yet").t(".").p()
        else:
            a(f" Nobody has run out yet").t(".").p()
        bye(a, r, offers=["Want me to look at moving anyone to a bigger plan?"])
        a.ins("claim", "Data on this account is shared, so any line can use the others' leftover allowance.")
        a.ins("behavior", f"I've sent {tn} a text letting them know they're close to the limit.")
        a.ins("elab", "mostly from streaming on cellular rather than Wi-Fi", clause=True)
        a.ins("cite", f"The usage report for this check is UR-{r.digits(7)}.")
        return a

    def roaming(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today)
        acct = acc["accountNumber"]
        line = self.pick_line(r, acc)
        nick = line["nickname"]
        code, cname, zone = r.choice(COUNTRIES)
        days = r.choice([4, 5, 6, 8, 10, 12, 14, 16, 21])
        leave = today + dt.timedelta(days=r.randint(5, 40))
        day_price = r.choice([10.0, 12.0])
        p7 = r.choice([35.0, 40.0, 45.0])
        p30 = r.choice([65.0, 70.0, 80.0])
        passes = [{"passId": "TP-DAY", "name": "Day Pass", "dataGb": r.choice([0.5, 1]), "validityDays": 1, "price": f"{day_price:.2f}"},
                  {"passId": "TP-WEEK", "name": "Travel Week", "dataGb": r.choice([3, 5]), "validityDays": 7, "price": f"{p7:.2f}"},
                  {"passId": "TP-MONTH", "name": "Travel Month", "dataGb": r.choice([10, 12, 15]), "validityDays": 30, "price": f"{p30:.2f}"}]
        res = {"lineId": line["lineId"], "country": {"code": code, "name": cname, "zone": zone},
               "roamingEnabled": line["roamingEnabled"], "includedInPlan": False, "passes": passes,
               "payAsYouGo": {"dataPerMb": r.choice(["2.05", "1.50", "2.50"]), "callPerMin": r.choice(["0.25", "0.35"]),
                              "smsEach": "0.10"}, "currency": "USD"}
        args = {"line_id": line["lineId"], "country_code": code, "trip_days": days}
        if r.random() < 0.3:
            del args["trip_days"]
        gr = Call("get_roaming_options", args, res)
        ll = Call("list_lines", {"account_number": acct} if r.random() < 0.6 else {"account_number": acct, "include_devices": False}, acc)
        fd = datefmt(r, ["med", "long", "uk"])
        history = None
        if ctx.followup:
            history = History().user(f"What lines do I have on {acct}?")
            history.call([ll])
            history.reply("You have " + listing(f"{ln['nickname']}'s line ({ln['plan']['name']})" for ln in acc["lines"]) + ".")
            req = r.choice([f"{nick} is heading to {cname} for {days} days starting {fd(leave)}. What roaming options are there?",
                            f"What would it cost for {nick} to use data in {cname}? {days}-day trip from {fd(leave)}."])
            turns = [Turn([gr])]
        else:
            req = r.choice([f"{nick} is going to {cname} for {days} days from {fd(leave)} — what are the roaming options? Account {acct}.",
                            f"Account {acct}. Cheapest way for {nick} to have data in {cname}? It's a {days}-day trip starting {fd(leave)}."])
            turns = [Turn([ll]), Turn([gr])]
        return Plan(req, turns, self.roaming_answer(r, acc, line, res, days, leave, fd), history.msgs if history else None)

    def roaming_answer(self, r: R, acc, line, res, days, leave, fd):
        nick = line["nickname"]
        cname = res["country"]["name"]
        passes = res["passes"]
        blob = str(acc) + str(res)
        back = leave + dt.timedelta(days=days - 1)
        opts = []
        for p in passes:
            k = math.ceil(days / p["validityDays"])
            opts.append((p, k, k * float(p["price"]), k * p["dataGb"]))
        best = min(opts, key=lambda o: (o[2], -o[3]))
        worst = max(opts, key=lambda o: o[2])
        alt = [o for o in opts if o is not best]
        second = min(alt, key=lambda o: o[2])
        a = A()
        layout = r.choice(["table", "prose"])
        if layout == "table":
            a(head(r, f"Roaming in {cname}"))
            if r.random() < 0.5:
                a(f"Checked for {nick}'s line (").x(line["lineId"], fid="LN-" + mutate_id(line["lineId"][3:], r)).t(f") on account {acc['accountNumber']}. ")
            a(f"For a {days}-day trip ({fd(leave)} to ").x(fd(back), tmp=fd(back + dt.timedelta(days=r.choice([2, 3, 7])))).t("), here's how the passes compare:\n\n")
            a("| Pass | Data | Valid for | Cost for the trip |\n|---|---|---|---|\n")
            for p, k, cost, gb in opts:
                valid = "1 day" if p["validityDays"] == 1 else f"{p['validityDays']} days"
                a(f"| {p['name']} | {p['dataGb']:g} GB{' per day' if p['validityDays'] == 1 else ''} | {valid} | ")
                a.x(usd(cost, cents=False) + (f" ({k} × {usd(p['price'], cents=False)})" if k > 1 else ""),
                    num=(usd(bump(cost, r, dec=0), cents=False) + (f" ({k} × {usd(p['price'], cents=False)})" if k > 1 else "")) if p is best[0] else None).t(" |\n")
            a("\nThe **").x(best[0]["name"], conf=("entity", second[0]["name"])).t("** is the ").x("cheapest", rel="most expensive").t(" way to cover the whole trip at ")
            a.x(usd(best[2], cents=False), num=usd(bump(best[2], r, dec=0), cents=False), conf=("numerical", usd(second[2], cents=False))).t(", which is ")
            if worst[2] > best[2]:
                a.x(usd(worst[2] - best[2], cents=False), num=usd(bump(worst[2] - best[2], r, dec=0), cents=False)).t(" less than the priciest option.").p()
            else:
                a("the same as the other options.").p()
        else:
            hello(a, r, sep=" ")
            a(f"Roaming ").x("isn't included", neg="is included").t(f" in {nick}'s {line['plan']['name']} plan, so for {cname} you'd need a travel pass or pay-as-you-go rates.").p()
            a(f" For {days} days, your best bet is the ").x(best[0]["name"], conf=("entity", second[0]["name"])).t(" — ")
            if best[1] > 1:
                a(f"{best[1]} of them at {usd(best[0]['price'], cents=False)} each comes to ")
            a.x(usd(best[2], cents=False), num=usd(bump(best[2], r, dec=0), cents=False), conf=("numerical", usd(second[2], cents=False))).t(" for ")
            a.x(f"{best[3]:g} GB", num=f"{bump(best[3], r, dec=0):g} GB").t(" of data in total").pc().t(".").p()
            if second[2] > best[2]:
                a(" The next cheapest, the ").t(second[0]["name"]).t(", would cost ").x(usd(second[2], cents=False), num=usd(bump(second[2], r, dec=0), cents=False)).t(".").p()
            else:
                a(" The ").t(second[0]["name"]).t(" would cost the same, but for ").x(f"{second[3]:g} GB", num=f"{second[3] + 4:g} GB").t(".").p()
            a(f" Pay-as-you-go data is ").x(f"${res['payAsYouGo']['dataPerMb']} per MB", num=f"${float(res['payAsYouGo']['dataPerMb']) + r.choice([0.5, 1.0]):.2f} per MB").t(", so even light use adds up quickly.").p()
        a("\n\n")
        if res["roamingEnabled"]:
            a("Roaming is ").x("already turned on", val="currently turned off").t(f" for {nick}'s line, so once a pass is added {nick} should be all set.").p()
        else:
            a("One thing to note: roaming is ").x("switched off", val="switched on").t(f" on {nick}'s line right now, so it would need to be enabled before the trip.").p()
        a.pp()
        bye(a, r, offers=[f"Want me to add the {best[0]['name']} to {nick}'s line? I'd just need your go-ahead.",
                          "If you'd prefer, I can compare these with a local eSIM option too."])
        a.ins("claim", f"Incoming calls in {cname} are free on all Brightwave plans.")
        a.ins("claim", f"The {best[0]['name']} also includes unlimited calls back to the US.")
        a.ins("behavior", f"I've already added the {best[0]['name']} to {nick}'s line.")
        a.ins("behavior", "I've turned on a spending cap of $50 for roaming on the line.")
        a.ins("elab", f"since coverage in {cname} is provided through a partner network", clause=True)
        a.ins("elab", "Passes tend to be the better deal for anyone who uses maps or messaging while travelling.")
        a.ins("cite", f"Your quote reference is RQ-{r.upalnum(8)}.")
        return a

    def bill(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today)
        acct = acc["accountNumber"]
        issue = today - dt.timedelta(days=r.randint(1, 12))
        end = issue - dt.timedelta(days=1)
        start = (issue.replace(day=1) - dt.timedelta(days=1)).replace(day=min(issue.day, 28))
        due = issue + dt.timedelta(days=21)
        lines = []
        addon_line = r.choice(acc["lines"])
        for ln in acc["lines"]:
            d = {"lineId": ln["lineId"], "nickname": ln["nickname"], "planCharge": ln["plan"]["monthlyPrice"],
                 "deviceInstallment": ln["device"]["installment"]["monthly"] if ln["device"] else "0.00", "addOns": []}
            if ln is addon_line and r.random() < 0.7:
                d["addOns"].append({"name": r.choice(["Travel Week pass", "International calling", "Cloud storage 200 GB"]),
                                    "amount": r.choice(["35.00", "15.00", "4.99"])})
            if ln["status"] == "suspended":
                d["planCharge"] = "10.00"
            lines.append(d)
        line_tot = {d["lineId"]: round(float(d["planCharge"]) + float(d["deviceInstallment"]) + sum(float(x["amount"]) for x in d["addOns"]), 2) for d in lines}
        acct_ch = [{"description": "Regulatory cost recovery fee", "amount": f"{1.25 * len(lines):.2f}"}]
        autopay = r.random() < 0.65
        if autopay:
            acct_ch.append({"description": "Autopay discount", "amount": f"{-5.0 * len(lines):.2f}"})
        taxes = round(sum(line_tot.values()) * r.uniform(0.06, 0.11), 2)
        total = round(sum(line_tot.values()) + sum(float(x["amount"]) for x in acct_ch) + taxes, 2)
        prev = round(total * r.uniform(0.78, 1.15), 2)
        card = r.choice(["Visa", "Mastercard", "Amex"])
        stmt = {"statementId": f"ST-{issue.strftime('%Y%m')}-{r.digits(6)}", "accountNumber": acct,
                "period": {"from": start.isoformat(), "to": end.isoformat()}, "issueDate": issue.isoformat(),
                "dueDate": due.isoformat(), "asOf": today.isoformat(),
                "autopay": {"enabled": autopay, "method": f"{card} ending {r.digits(4)}" if autopay else None},
                "lines": lines, "accountCharges": acct_ch, "taxesAndFees": f"{taxes:.2f}", "totalDue": f"{total:.2f}",
                "previousStatementTotal": f"{prev:.2f}"}
        args = {"account_number": acct}
        if r.random() < 0.5:
            args["statement"] = "latest"
        if r.random() < 0.4:
            args["include_line_detail"] = True
        req = r.choice([f"Why is my bill {usd(total)} this month? Account {acct}",
                        f"Can you break down the latest bill on {acct}?",
                        f"When's my bill due and how much is it? account {acct}",
                        f"Bill for {acct} — what changed from last month?"])
        return Plan(req, [Turn([Call("get_bill", args, stmt)])], self.bill_answer(r, stmt, line_tot, total, prev))

    def bill_answer(self, r: R, st, line_tot, total, prev):
        fd = datefmt(r, ["med", "long", "full", "abbr"])
        due = st["dueDate"]
        asof = st["asOf"]
        left = days_between(asof, due)
        diff = round(total - prev, 2)
        chg = 100 * diff / prev
        lines = st["lines"]
        blob = str(st)
        top = max(lines, key=lambda d: line_tot[d["lineId"]])
        other = [d for d in lines if d is not top]
        addons = [(d, x) for d in lines for x in d["addOns"]]
        a = A()
        layout = r.choice(["summary", "table"])
        if layout == "summary":
            hello(a, r, sep="\n\n")
            a(lab("Total due")).x(usd(total), num=usd(bump(total, r))).t("  \n")
            a(lab("Due date")).x(fd(due), tmp=fd(dt.date.fromisoformat(due) + dt.timedelta(days=r.choice([7, 10, 14])))).t(" (")
            a.x(f"{left} days from today" if left > 1 else ("tomorrow" if left == 1 else "today"), num=f"{left + 9} days from today" if left > 1 else None).t(")  \n")
            a(lab("Statement")).x(st["statementId"], fid=st["statementId"][:10] + mutate_id(st["statementId"][10:], r)).t("\n\n")
        else:
            a(head(r, "Your latest bill")).t("Here's the statement for account ").x(st["accountNumber"], fid="BW" + mutate_id(st["accountNumber"][2:], r)).t(":\n\n")
            a("| Line | Plan | Device | Add-ons | Line total |\n|---|---|---|---|---|\n")
            for d in lines:
                addt = sum(float(x["amount"]) for x in d["addOns"])
                a(f"| {d['nickname']} | {usd(d['planCharge'])} | {usd(d['deviceInstallment'])} | {usd(addt) if addt else '—'} | ")
                a.x(usd(line_tot[d["lineId"]]), num=usd(bump(line_tot[d["lineId"]], r)) if d is top else None,
                    conf=("numerical", usd(line_tot[other[0]["lineId"]])) if d is top and other else None).t(" |\n")
            a("\nWith account fees and ").x(f"{usd(st['taxesAndFees'])} in taxes", num=f"{usd(bump(float(st['taxesAndFees']), r))} in taxes").t(", the total comes to **")
            a.x(usd(total), num=usd(bump(total, r))).t("**, due ").x(fd(due), tmp=fd(dt.date.fromisoformat(due) + dt.timedelta(days=r.choice([7, 10, 14])))).t(".").p()
            a("\n\n")
        if diff > 0:
            a("That's ").x(usd(diff), num=usd(bump(diff, r))).t(" (about ").x(f"{chg:.0f}%", num=f"{chg + r.choice([9, 14, 20]):.0f}%").t(") ")
            a.x("more than", rel="less than").t(" last month's ").x(usd(prev), num=usd(bump(prev, r))).t(" bill")
            a.pc().t(".").p()
            if addons:
                d, x = addons[0]
                a(f" This statement includes a {x['name']} add-on (").x(usd(x["amount"]), num=usd(bump(float(x["amount"]), r))).t(f") on {d['nickname']}'s line.").p()
        else:
            a("It's ").x(usd(-diff), num=usd(bump(-diff, r))).t(" ").x("lower than", rel="higher than").t(" last month's ").x(usd(prev), num=usd(bump(prev, r))).t(" bill").pc().t(".").p()
        if st["autopay"]["enabled"]:
            method = st["autopay"]["method"]
            brand = method.split()[0]
            rest = method[len(brand):]
            a(" Autopay is ").x("on", val="off").t(", so it'll be charged to your ").x(brand, ent=other_than(r, ["Discover", "Capital One card", "PayPal"], blob=blob)).t(rest)
            a(" — ").x("no need to do anything", neg="you'll need to pay it manually").t(".").p()
        else:
            a(" Autopay ").x("isn't set up", neg="is set up").t(", so you'll need to pay it yourself by the due date").pc().t(".").p()
        if layout == "summary":
            a("\n\n**Per line:**\n")
            for d in lines:
                a(f"- {d['nickname']}: ").x(usd(line_tot[d["lineId"]]), num=usd(bump(line_tot[d["lineId"]], r)) if d is top else None,
                                            conf=("numerical", usd(line_tot[other[0]["lineId"]])) if d is top and other else None).pb().t("\n")
            a("\nPlus account fees and taxes of ").x(usd(round(total - sum(line_tot.values()), 2)), num=None).t(".")
        a.pp()
        bye(a, r, offers=["Want me to set up autopay for the next bill?" if not st["autopay"]["enabled"] else "Would you like me to email you a copy of the statement?"])
        a.ins("claim", "A late fee of $7 applies if it's paid after the due date.")
        a.ins("claim", "This statement also includes a one-time activation fee.")
        a.ins("behavior", "I've also emailed a PDF of the statement to the address on file.")
        a.ins("elab", "which reflects the price increase that took effect this month", clause=True)
        a.ins("elab", "Bills usually run a little higher in months when an add-on starts mid-cycle.")
        a.ins("cite", f"Your payment confirmation number will be PAY-{r.upalnum(9)}.")
        return a

    def terms(self, ctx):
        r, today = ctx.r, ctx.today
        acc = self.account(r, today)
        acct = acc["accountNumber"]
        kbps = 512
        cap = r.choice([35, 50, 60])
        doc = terms_doc(r, kbps, cap)
        ll = Call("list_lines", {"account_number": acct, "include_devices": True} if r.random() < 0.6 else {"account_number": acct}, acc)
        args = {"terms_url": acc["termsUrl"]}
        if r.random() < 0.4:
            args["format"] = "markdown"
        gt = Call("get_plan_terms", args, doc)
        line = self.pick_line(r, acc, lambda ln: ln["device"] is not None) or self.pick_line(r, acc)
        nick = line["nickname"]
        q = r.choice(["cancel", "unlock"]) if line["device"] else "cancel"
        history = None
        if ctx.followup:
            history = History().user(f"Show me the lines on {acct} with their phones.")
            history.call([ll])
            history.reply("Here they are: " + listing(f"{ln['nickname']} — {ln['device']['model'] if ln['device'] else 'no device on installment'}" for ln in acc["lines"]) + ".")
            req = {"cancel": f"If I cancel {nick}'s line, what would I still owe?", "unlock": f"Can {nick}'s phone be unlocked yet?"}[q]
            turns = [Turn([gt])]
        else:
            req = {"cancel": r.choice([f"What happens if I cancel {nick}'s line? Account {acct}.",
                                       f"I want to cancel {nick}'s line on {acct} — any fees or anything left to pay?"]),
                   "unlock": f"Can I get {nick}'s phone unlocked? Account {acct}."}[q]
            turns = [Turn([ll]), Turn([gt])]
        return Plan(req, turns, self.terms_answer(r, acc, line, doc, q, today), history.msgs if history else None)

    def terms_answer(self, r: R, acc, line, doc, q, today):
        nick = line["nickname"]
        dev = line["device"]
        start, end = cycle_of(today, acc["billCycleDay"])
        fd = datefmt(r, ["med", "long", "full"])
        blob = str(acc) + doc
        pool = ["4.4", "4.5", "5.3", "6.1", "6.2", "2.4", "3.5", "7.1"]
        others = [ln for ln in acc["lines"] if ln is not line and ln["device"]]
        a = A()
        hello(a, r, sep="\n\n" if q == "cancel" else " ")
        if q == "cancel":
            a(head(r, f"Cancelling {nick}'s line", styles=("###", "**")))
            if r.random() < 0.5:
                a("Line ").x(line["lineId"], fid="LN-" + mutate_id(line["lineId"][3:], r)).t(f" (number ending {line['maskedNumber'][-4:]}) is on the {line['plan']['name']} plan. Here's what cancelling would mean:\n\n")
            a("1. **Service end:** under section ").x("5.1", sec=fake_section(r, "5.1", doc, pool)).t(", the line would stay active until the end of the current bill cycle, which is ")
            a.x(fd(end), tmp=fd(end + dt.timedelta(days=r.choice([3, 7, 14])))).t(".").p().t("\n")
            a("2. **Fees:** there's ").x("no early termination fee", neg="an early termination fee").t(" (section ").x("5.2", sec=fake_section(r, "5.2", doc, pool)).t(").").p().t("\n")
            if dev:
                inst = dev["installment"]
                a("3. **The phone:** the ").x(dev["model"], ent=other_than(r, OTHER_DEVICES, blob=blob)).t(" still has ")
                a.x(f"{inst['remainingPayments']} payments", num=f"{bump_int(inst['remainingPayments'], r)} payments").t(" of ")
                a.x(usd(inst["monthly"]), num=usd(bump(float(inst["monthly"]), r))).t(" left, so per section ").x("4.2", sec=fake_section(r, "4.2", doc, pool)).t(" the remaining ")
                a.x(usd(inst["remainingBalance"]), num=usd(bump(float(inst["remainingBalance"]), r)),
                    conf=("numerical", usd(others[0]["device"]["installment"]["remainingBalance"])) if others else None).t(" would ")
                a("become due on your ").x("next bill", tmp="bill after next").pc().t(".").p()
            a("\n\n")
            if dev:
                a("So in short: no cancellation fee, but you'd pay off the phone balance in one go. ")
            a("If you'd rather keep the number, let me know and we can look at other options first.")
        else:
            inst = dev["installment"]
            a(f"{nick}'s phone ").x("can't be unlocked yet", neg="can be unlocked now").t(": section ").x("4.3", sec=fake_section(r, "4.3", doc, pool))
            a(" of the plan terms says a device can only be unlocked once its installment balance is paid in full.").p()
            a(f"\n\n{nick}'s ").x(dev["model"], ent=other_than(r, OTHER_DEVICES, blob=blob)).t(" has:\n\n")
            a("- ").x(f"{inst['remainingPayments']} monthly payments", num=f"{bump_int(inst['remainingPayments'], r)} monthly payments").t(" left at ")
            a.x(usd(inst["monthly"]), num=usd(bump(float(inst["monthly"]), r))).t(" each").pb().t("\n")
            a("- a remaining balance of ").x(usd(inst["remainingBalance"]), num=usd(bump(float(inst["remainingBalance"]), r)),
                                              conf=("numerical", usd(others[0]["device"]["installment"]["remainingBalance"])) if others else None).pb().t("\n\n")
            a("If you pay off the ").x(usd(inst["remainingBalance"]), num=None).t(" balance early, it becomes eligible for unlocking right away; otherwise the last installment would be in about ")
            a.x(f"{inst['remainingPayments']} months", num=f"{inst['remainingPayments'] + r.choice([6, 12])} months").t(".").p()
        a.pp()
        bye(a, r, offers=["Want me to go ahead and start the cancellation? I'd just need you to confirm." if q == "cancel"
                          else "Would you like me to set up a one-time payment for the remaining balance?"])
        a.ins("claim", "Cancelled numbers can be reactivated within 30 days at no cost.")
        a.ins("claim", "The remaining device balance can also be split over three bills on request.")
        a.ins("behavior", f"I've already submitted the request for {nick}'s line.")
        a.ins("behavior", "I've placed a hold on the account so no new charges are added.")
        a.ins("elab", "because the device was financed through our partner lender", clause=True)
        a.ins("elab", "Most customers in this situation choose to pay the device off before switching carriers.")
        a.ins("cite", f"Your case number for this is CS-{r.digits(8)}.")
        return a
