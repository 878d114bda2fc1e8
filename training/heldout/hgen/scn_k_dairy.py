"""dairy_collection (set k): a Maharashtra milk producers' co-operative's member desk — a member's milk pourings over
a few days (litres per shift and day, accepted and rejected pourings, litre-weighted fat and SNF, morning against
evening, the best day, amount and rate per litre), a ten-day payment statement (gross, quality incentive, deductions
for cattle feed, loan and insurance, net credited, share deducted, change against the previous cycle), booking cattle
feed bags at the collection centre (a stock shortage refused by design and the restock date taken; bags × 50 kg in kg
and quintals, price, deduction from the next payment) and questions answered from the rate chart fetched by URL (the
rate for a fat and SNF reading, why milk was not accepted, the quality incentive, when a cycle is paid)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_int, s_obj, s_str
from .kstyle import Desk, person, stamp, vet

BASE = "https://api.sahyadridairy.example/member/v1"
CHART = "https://sahyadridairy.example/rate-chart"
BRAND = "Sahyadri Dairy"
TEAM = "Member Services, Sahyadri Dairy"
AGENT = "Ganesh"
CENTRES = {"CC-NRY": "Narayangaon", "CC-JNR": "Junnar", "CC-OTR": "Otur", "CC-ALE": "Ale"}
OTHER_CENTRES = ["Manchar", "Rajuri", "Belhe"]
FEEDS = {"pellet_50kg": ("Sahyadri Pashu Aahar pellets", 50, 1450.0), "bypass_50kg": ("Bypass protein feed", 50, 1780.0)}
# milk type -> base rate, base fat, base snf, fat step (per 0.1 %), min fat, min snf, incentive fat
PARAMS = {"cow": (33.0, 3.5, 8.5, 0.30, 3.0, 8.0, 4.2), "buffalo": (48.0, 6.0, 9.0, 0.50, 5.0, 8.5, 7.0)}
SNF_STEP = 0.20


def rate_for(kind, fat, snf, base=None):
    b, bf, bs, fs, _, _, _ = PARAMS[kind]
    b = base if base is not None else b
    return round(b + round((fat - bf) * 10) * fs + round((snf - bs) * 10) * SNF_STEP, 2)


def cycle_end(d):
    if d.day <= 10:
        return d.replace(day=10)
    if d.day <= 20:
        return d.replace(day=20)
    nxt = (d.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return nxt - dt.timedelta(days=1)


def cycle_start(end):
    return end.replace(day=1 if end.day == 10 else 11 if end.day == 20 else 21)


class DairyCollection(Scenario):
    name = "dairy_collection"
    agent = "Ganesh"
    service = "sahyadri-member-desk"
    system = ("You are Ganesh, the member services assistant of Sahyadri Milk Producers' Co-operative (Pune district). "
              "Use the tools to look up members, milk pourings, ten-day payment statements and cattle feed bookings, and "
              "answer questions from the rate chart. Amounts in INR; milk in litres.")
    error_style = 1
    entity_noun = {"member_id": "Member", "chart_url": "Rate chart"}
    preambles = ["Checking your pouring records.", "One moment please.", "Let me check the same."]

    def __init__(self):
        mp = r"^SM\d{5}$"
        self.tools = [
            Tool("get_member", "A member: name, village, collection centre, milk type, animals, bank account (masked), "
                               "cattle feed credit, rate chart URL.",
                 s_obj({"member_id": s_str("Member ID, e.g. 'SM40817'.", pattern=mp)}, ["member_id"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("include_bank", True)]),
            Tool("list_collections", "A member's milk pourings between two dates: date, shift, litres, fat %, SNF %, "
                                     "rate per litre, amount, accepted or not.",
                 s_obj({"member_id": s_str("Member ID.", pattern=mp), "from_date": s_date("First date, YYYY-MM-DD."),
                        "to_date": s_date("Last date, YYYY-MM-DD.")}, ["member_id", "from_date", "to_date"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("shift", "both")]),
            Tool("get_payment_statement", "A member's ten-day payment statement: litres, gross amount, incentive, "
                                          "deductions, net, credit date and UTR.",
                 s_obj({"member_id": s_str("Member ID.", pattern=mp),
                        "cycle_end": s_date("Last day of the cycle (10th, 20th or month end), YYYY-MM-DD.")},
                       ["member_id", "cycle_end"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("format", "pdf")]),
            Tool("book_cattle_feed", "Book cattle feed bags for pickup at a collection centre; the cost is deducted "
                                     "from the next payment.",
                 s_obj({"member_id": s_str("Member ID.", pattern=mp), "centre": s_str("Collection centre code.", enum=list(CENTRES)),
                        "product": s_str("Feed product.", enum=list(FEEDS)), "bags": s_int("Number of 50 kg bags.", 1, 40),
                        "pickup_date": s_date("Pickup date, YYYY-MM-DD.")},
                       ["member_id", "centre", "product", "bags", "pickup_date"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("home_delivery", True)]),
            Tool("get_rate_chart", "The milk procurement rate chart (plain text, numbered clauses) by URL.",
                 s_obj({"chart_url": s_str("Rate chart URL from the member record.",
                                           pattern=r"^https://sahyadridairy\.example/rate-chart/")}, ["chart_url"]),
                 entity={"chart_url": "url"}, extra=[("lang", "mr")]),
        ]
        self.intents = [("pouring_summary", self.pourings, False), ("payment_statement", self.statement, False),
                        ("feed_booking", self.feed, True), ("rate_question", self.rates, True)]

    # ------------------------------------------------------------------ data
    def _member(self, r, today, kind=None):
        mid = f"SM{r.randint(10000, 99999)}"
        full, first, hon = person(r)
        kind = kind or r.choice(["cow", "cow", "buffalo"])
        cc = r.choice(list(CENTRES))
        base = PARAMS[kind][0] + r.choice([0.0, 0.5, 1.0])
        res = {"member_id": mid, "name": full, "village": CENTRES[cc], "centre": cc, "centre_name": CENTRES[cc],
               "milk_type": kind, "animals": r.randint(3, 14), "bank_account": f"XXXXXX{r.randint(1000, 9999)}",
               "feed_credit_limit_inr": r.choice([15000.0, 25000.0, 40000.0]),
               "rate_chart_url": f"{CHART}/{r.choice(['2026-27', 'w-e-f-2026-01-11'])}",
               "base_rate_inr": base, "as_of": stamp(today, r.randint(8, 19), r.randint(0, 59))}
        return mid, res, (first, hon)

    def _pour(self, r, kind, base, day, shift, reject=False):
        _, bf, bs, _, mf, ms, _ = PARAMS[kind]
        fat = round(bf + r.uniform(-0.4, 0.8), 1)
        snf = round(bs + r.uniform(-0.3, 0.3), 1)
        if reject:
            snf = round(ms - r.choice([0.1, 0.2, 0.3]), 1)
        qty = round(r.uniform(4.0, 14.0) * (1.0 if shift == "morning" else 0.8), 1)
        ok = fat >= mf and snf >= ms
        rate = rate_for(kind, fat, snf, base) if ok else 0.0
        return {"date": day.isoformat(), "shift": shift, "litres": qty, "fat_pct": fat, "snf_pct": snf,
                "accepted": ok, "reason": None if ok else "SNF below minimum", "rate_per_litre": rate,
                "amount_inr": round(qty * rate, 2)}

    # ------------------------------------------------------------------ intents
    def pourings(self, ctx):
        r, today = ctx.r, ctx.today
        mid, mem, who = self._member(r, today)
        kind, base = mem["milk_type"], mem["base_rate_inr"]
        ndays = r.randint(3, 5)
        end = today - dt.timedelta(days=1)
        start = end - dt.timedelta(days=ndays - 1)
        rows = []
        rej_at = r.randint(0, 2 * ndays - 1) if r.random() < 0.4 else -1
        for k in range(ndays):
            d = start + dt.timedelta(days=k)
            for j, sh in enumerate(["morning", "evening"]):
                rows.append(self._pour(r, kind, base, d, sh, reject=(2 * k + j == rej_at)))
        res = {"member_id": mid, "milk_type": kind, "centre": mem["centre"], "from_date": start.isoformat(), "to_date": end.isoformat(),
               "pourings": rows, "as_of": mem["as_of"]}
        req = r.choice([f"Member {mid}. How much milk did I pour from {start.isoformat()} to {end.isoformat()} and what is the amount?",
                        f"Please give me my milk collection details for the last {ndays} days ({start.isoformat()} to {end.isoformat()}), member no. {mid}."])
        w = Desk(r, today, BRAND, TEAM, AGENT)
        acc = [x for x in rows if x["accepted"]]
        rej = [x for x in rows if not x["accepted"]]
        lit = round(sum(x["litres"] for x in acc), 1)
        amt = round(sum(x["amount_inr"] for x in acc), 2)
        fat = sum(x["litres"] * x["fat_pct"] for x in acc) / lit
        snf = sum(x["litres"] * x["snf_pct"] for x in acc) / lit
        morn = round(sum(x["litres"] for x in acc if x["shift"] == "morning"), 1)
        eve = round(lit - morn, 1)
        days = {}
        for x in acc:
            days[x["date"]] = round(days.get(x["date"], 0.0) + x["litres"], 1)
        best = max(sorted(days), key=lambda d: days[d])
        tie = list(days.values()).count(days[best]) > 1
        a = A()
        w.opener(a)
        a.t(f"From {w.d(start, wk=False)} to {w.d(end, wk=False)}, a total of ").x(w.u(lit, "litres", 1), num=w.u(round(lit + 12.5, 1), "litres", 1), conf=("numerical", w.u(morn, "litres", 1)))
        a.t(f" of {kind} milk was accepted in ").x(w.cnt(len(acc), "pouring"), num=w.cnt(len(acc) + 2, "pouring")).t(", amounting to ")
        a.x(w.money(amt), num=w.money(amt + 350)).t(".")
        a.p()
        w.para(a)
        if w.table:
            w.head(a, ["S.No.", "Date", f"Morning ({w.unit('L')})", f"Evening ({w.unit('L')})", "Amount"])
            for k, d in enumerate(sorted({x["date"] for x in rows})):
                m = [x for x in rows if x["date"] == d and x["shift"] == "morning"][0]
                e = [x for x in rows if x["date"] == d and x["shift"] == "evening"][0]
                w.row(a).t(str(k + 1))
                w.cell(a).t(w.d(d, wk=False))
                w.cell(a).t(w.num(m["litres"], 1) if m["accepted"] else "not accepted")
                w.cell(a).t(w.num(e["litres"], 1) if e["accepted"] else "not accepted")
                w.cell(a).t(w.money(round(m["amount_inr"] + e["amount_inr"], 2)))
                w.end_row(a)
            a.pp()
            w.para(a)
        w.kv(a, "Average fat").x(w.apx(fat, 2, lambda v: w.pc(v, 2)), num=w.pc(round(fat + 0.6, 2), 2)).t(" (litre-weighted)")
        w.kv(a, "Average SNF").x(w.apx(snf, 2, lambda v: w.pc(v, 2)), num=w.pc(round(snf - 0.5, 2), 2))
        w.kv(a, "Average rate").x(w.apx(amt / lit, 2, w.money), num=w.money(round(amt / lit + 2.5, 2))).t(" per litre")
        w.para(a)
        if morn != eve:
            a.t("Morning pourings (").x(w.u(morn, "L", 1), num=w.u(round(morn + 6, 1), "L", 1)).t(") were ").x("more" if morn > eve else "less", rel="less" if morn > eve else "more")
            a.t(f" than evening ({w.u(eve, 'L', 1)})")
            if not tie:
                a.t(", and the best day was ").x(w.d(best), tmp=w.d(dt.date.fromisoformat(best) - dt.timedelta(days=1)) if best != start.isoformat() else w.d(dt.date.fromisoformat(best) + dt.timedelta(days=1)))
                a.t(" with ").x(w.u(days[best], "L", 1), num=w.u(round(days[best] + 3, 1), "L", 1))
            a.pc().t(".")
            a.p()
        if rej:
            x = rej[0]
            w.para(a)
            a.t(f"Please note that the {x['shift']} pouring of {w.d(x['date'], wk=False)} (").x(w.u(x["litres"], "L", 1), num=w.u(round(x["litres"] + 2, 1), "L", 1)).t(") was ")
            a.x("not accepted", neg="accepted").t(" as SNF was ").x(w.pc(x["snf_pct"], 1), num=w.pc(x["snf_pct"] + 0.4, 1)).t(", below the minimum")
            if r.random() < 0.5:
                a.t(" (`").x("snf_pct", attr=r.choice(["snf_percent", "solids_not_fat"])).t("`)")
            a.t(".")
            a.p()
        else:
            w.para(a)
            a.t("All pourings in this period were ").x("accepted", val="on hold").t(" at the ").x(CENTRES[mem["centre"]], ent=r.choice(OTHER_CENTRES)).t(" centre.")
            a.p()
        w.closer(a, ["Shall I share the slip-wise details?", "Do you want the payment statement for this cycle as well?"])
        a.ins("claim", "Evening milk usually has higher fat in summer.")
        a.ins("claim", f"The {CENTRES[mem['centre']]} centre has the highest average fat in the taluka.")
        a.ins("behavior", "I have sent the pouring slips to your registered mobile number.")
        a.ins("behavior", "I have raised a re-test request for the rejected sample.")
        a.ins("elab", "mainly because of the change in green fodder this week", clause=True)
        a.ins("cite", f"Slip book: https://sahyadridairy.example/slips/{mid.lower()}-{end.strftime('%Y%m%d')}")
        calls = [Turn([Call("list_collections", {"member_id": mid, "from_date": start.isoformat(), "to_date": end.isoformat()}, res)])]
        return vet(self, Plan(req, calls, a))

    def statement(self, ctx):
        r, today = ctx.r, ctx.today
        mid, mem, who = self._member(r, today)
        kind = mem["milk_type"]
        ce = cycle_end(today)
        while ce >= today - dt.timedelta(days=3):
            ce = cycle_end(cycle_start(ce) - dt.timedelta(days=1))
        cs = cycle_start(ce)
        lit = round(r.uniform(180, 420), 1)
        avg_rate = round(PARAMS[kind][0] + r.uniform(-1.5, 3.0), 2)
        gross = round(lit * avg_rate, 2)
        inc_on = r.random() < 0.4
        incentive = round(lit * 1.0, 2) if inc_on else 0.0
        deds = [{"head": "Cattle feed", "amount_inr": float(r.choice([1450, 2900, 3560]))}]
        if r.random() < 0.6:
            deds.append({"head": "Loan EMI", "amount_inr": float(r.choice([1500, 2000, 2500]))})
        if r.random() < 0.5:
            deds.append({"head": "Cattle insurance premium", "amount_inr": float(r.choice([250, 320, 410]))})
        dsum = round(sum(x["amount_inr"] for x in deds), 2)
        net = round(gross + incentive - dsum, 2)
        prev = round(net * r.uniform(0.8, 1.2), 2)
        credit = ce + dt.timedelta(days=r.randint(1, 3))
        assert net > 0 and credit < today
        res = {"member_id": mid, "name": mem["name"], "cycle": {"start": cs.isoformat(), "end": ce.isoformat()},
               "milk_type": kind, "litres": lit, "average_rate_inr": avg_rate, "gross_inr": gross,
               "quality_incentive_inr": incentive, "deductions": deds, "total_deductions_inr": dsum, "net_inr": net,
               "previous_cycle_net_inr": prev, "status": "credited", "credited_on": credit.isoformat(),
               "utr_number": f"SBIN{credit.strftime('%y%j')}{r.randint(10000000, 99999999)}",
               "bank_account": mem["bank_account"], "centre": mem["centre"], "centre_name": CENTRES[mem["centre"]],
               "as_of": mem["as_of"]}
        req = r.choice([f"How much was credited for the last payment cycle? Member {mid}.",
                        f"Member no. {mid} - please explain the deductions in my payment for {cs.isoformat()} to {ce.isoformat()}."])
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        a = A()
        w.opener(a)
        a.t(f"For the cycle {w.d(cs, wk=False)} to {w.d(ce, wk=False)}, a net amount of ")
        a.x(w.money(net), num=w.money(net + 1200), conf=("numerical", w.money(gross))).t(" ").x("has been credited", neg="is yet to be credited").t(" to your account ")
        a.t(f"{mem['bank_account']} on ").x(w.when(credit), tmp=w.when(credit + dt.timedelta(days=2))).t(".")
        a.p()
        w.para(a)
        w.kv(a, "Collection centre").x(CENTRES[mem["centre"]], ent=r.choice(OTHER_CENTRES))
        w.kv(a, "Milk").x(w.u(lit, "litres", 1), num=w.u(round(lit + 20, 1), "litres", 1)).t(f" @ avg. {w.money(avg_rate)}")
        w.kv(a, "Gross amount").x(w.money(gross), num=w.money(gross + 900))
        if incentive:
            w.kv(a, "Quality incentive").x(w.money(incentive), num=w.money(incentive * 2))
        w.para(a)
        a.t("Deductions:")
        w.start()
        flip = r.randint(0, len(deds) - 1)
        for k, dd in enumerate(deds):
            w.li(a)
            a.t(dd["head"]).t(f"{w.sep}").x(w.money(dd["amount_inr"]), num=w.money(dd["amount_inr"] + 500) if k == flip else None)
            w.pt(a)
        w.para(a)
        a.t("Total deductions come to ").x(w.money(dsum), num=w.money(dsum + 750), conf=("numerical", w.money(deds[0]["amount_inr"])) if len(deds) > 1 else None)
        a.t(", i.e. ").x(w.pct(dsum, gross + incentive), num=w.pc(round(100 * dsum / (gross + incentive) + 8, 1))).t(" of the gross")
        a.t(f"{' plus incentive' if incentive else ''}.")
        a.p()
        diff = round(net - prev, 2)
        if abs(diff) >= 1:
            a.t(" This is ").x(w.money(abs(diff)), num=w.money(abs(diff) + 400)).t(" ").x("more" if diff > 0 else "less", rel="less" if diff > 0 else "more").t(f" than the previous cycle ({w.money(prev)}).")
            a.p()
        w.para(a)
        w.kv(a, "UTR No.").x(res["utr_number"], fid=mutate_id(res["utr_number"], r))
        w.kv(a, "Status").x("Credited", val="Under process")
        if r.random() < 0.4:
            a.t(" (`").x("credited_on", attr=r.choice(["paid_date", "neft_date"])).t("` as per bank)")
        w.closer(a, ["Shall I send the statement PDF?", "Do you want the feed deduction details?"])
        a.ins("claim", "The next cycle's payment will include the Diwali bonus.")
        a.ins("claim", "The loan EMI will end after two more cycles.")
        a.ins("behavior", "I have requested accounts to reverse the insurance deduction.")
        a.ins("behavior", "I have emailed the statement to your registered email ID.")
        a.ins("elab", "as the cattle feed rate was revised this month", clause=True)
        a.ins("cite", f"Statement: https://sahyadridairy.example/statements/{mid.lower()}/{ce.strftime('%Y%m%d')}.pdf")
        return vet(self, Plan(req, [Turn([Call("get_payment_statement", {"member_id": mid, "cycle_end": ce.isoformat()}, res)])], a))

    def feed(self, ctx):
        r, today = ctx.r, ctx.today
        mid, mem, who = self._member(r, today)
        cc = mem["centre"]
        prod = r.choice(list(FEEDS))
        pname, kg, price = FEEDS[prod]
        bags = r.choice([2, 4, 5, 6, 8, 10, 12])
        want = today + dt.timedelta(days=r.randint(1, 4))
        short = r.random() < 0.6
        turns = []
        if short:
            avail = r.randint(1, bags - 1)
            restock = want + dt.timedelta(days=r.randint(2, 5))
            turns.append(Turn([Call("book_cattle_feed", {"member_id": mid, "centre": cc, "product": prod, "bags": bags, "pickup_date": want.isoformat()},
                                    {"booked": False, "reason_code": "STOCK_SHORT",
                                     "message": f"Only {avail} bags of {pname} at {CENTRES[cc]} on {want.isoformat()}.",
                                     "available_bags": avail, "next_restock_date": restock.isoformat()})]))
            got = restock
        else:
            got = want
        total = bags * price
        ce = cycle_end(got)
        bn = f"CF{got.strftime('%y%m')}{r.randint(1000, 9999)}"
        ok = {"booked": True, "booking_number": bn, "member_id": mid, "centre": cc, "centre_name": CENTRES[cc], "product": prod,
              "product_name": pname, "bags": bags, "bag_weight_kg": kg, "price_per_bag_inr": price, "amount_inr": total,
              "pickup_date": got.isoformat(), "pickup_time": "07:00-10:00", "deduct_from_cycle_ending": ce.isoformat(),
              "feed_credit_limit_inr": mem["feed_credit_limit_inr"], "as_of": mem["as_of"]}
        turns.append(Turn([Call("book_cattle_feed", {"member_id": mid, "centre": cc, "product": prod, "bags": bags, "pickup_date": got.isoformat()}, ok)]))
        gm = Call("get_member", {"member_id": mid}, mem)
        pword = "pellet feed" if prod == "pellet_50kg" else "bypass protein feed"
        history = None
        if ctx.followup:
            history = History().user(f"Which centre am I registered at? Member {mid}.")
            history.call([gm])
            history.reply(f"You are registered at the {CENTRES[cc]} collection centre ({cc}).")
            req = r.choice([f"I need {bags} bags of {pword} on {want.isoformat()}. Please book.", f"Book {bags} bags {pword} for pickup {want.isoformat()}."])
        else:
            req = f"Member {mid}: please book {bags} bags of {pword} for pickup on {want.isoformat()} at my centre."
            turns = [Turn([gm])] + turns
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        a = A()
        w.opener(a, followup=ctx.followup)
        if short:
            a.t("Only ").x(w.cnt(avail, "bag"), num=w.cnt(avail + 3, "bag")).t(f" {'is' if avail == 1 else 'are'} available at {CENTRES[cc]} on {w.d(want, wk=False)} (`").x("STOCK_SHORT", attr=r.choice(["OUT_OF_STOCK", "INSUFFICIENT_STOCK"])).t("`), hence I have ")
            a.x("booked", val="wait-listed").t(f" all {bags} bags for pickup on ").x(w.when(got), tmp=w.when(got + dt.timedelta(days=2)), conf=("temporal", w.when(want))).t(", after the restock.")
            a.p()
            a.t(" That is ").x(w.cnt((got - want).days, "day"), num=w.cnt((got - want).days + 2, "day")).t(" ").x("later", rel="earlier").t(" than requested.")
            a.p()
        else:
            a.t("Your cattle feed booking is ").x("confirmed", val="wait-listed").t(" for pickup on ").x(w.when(got), tmp=w.when(got + dt.timedelta(days=1))).t(".")
            a.p()
        w.para(a)
        w.kv(a, "Booking No.").x(bn, fid=mutate_id(bn, r))
        w.kv(a, "Product").t(f"{pname} ({kg} {w.unit('kg')} bags)")
        w.kv(a, "Quantity").x(f"{bags} bags", num=f"{bags + 2} bags").t(" = ").x(w.u(bags * kg, "kg"), num=w.u(bags * kg + 100, "kg")).t(f" ({(bags * kg) / 100:g} quintal{'' if bags * kg == 100 else 's'})")
        w.kv(a, "Amount").t(f"{bags} x {w.money(price)} = ").x(w.money(total), num=w.money(total + price * 2), conf=("numerical", w.money(price)))
        w.kv(a, "Pickup").x(CENTRES[cc], ent=r.choice(OTHER_CENTRES)).t(" centre, ").x(w.trange(dt.datetime(2026, 1, 1, 7, 0), dt.datetime(2026, 1, 1, 10, 0)), tmp=w.trange(dt.datetime(2026, 1, 1, 10, 0), dt.datetime(2026, 1, 1, 13, 0)))
        w.para(a)
        a.t("The amount will be ").x("deducted", neg="not deducted").t(" from the payment for the cycle ending ").x(w.d(ce), tmp=w.d(cycle_end(ce + dt.timedelta(days=1))))
        lim = mem["feed_credit_limit_inr"]
        a.t(", and it is ").x("within" if total <= lim else "above", rel="above" if total <= lim else "within").t(" your feed credit limit of ").x(w.money(lim), num=w.money(lim - 10000 if lim > 15000 else lim + 10000))
        a.pc().t(".")
        a.p()
        w.closer(a, ["Shall I book mineral mixture as well?", "Please carry your member card at the time of pickup."])
        a.ins("claim", "Feed prices will increase by Rs. 50 per bag from next month.")
        a.ins("claim", f"The {CENTRES[cc]} centre gets feed stock every Tuesday.")
        a.ins("behavior", "I have arranged home delivery of the bags free of cost.")
        a.ins("behavior", "I have informed the centre secretary to keep the bags aside.")
        a.ins("elab", "since the feed plant at Manchar was shut for maintenance", clause=True)
        a.ins("cite", f"Gate pass: GP-{got.strftime('%d%m')}-{r.randint(1000, 9999)} will be issued at the centre.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def rates(self, ctx):
        r, today = ctx.r, ctx.today
        mid, mem, who = self._member(r, today)
        kind, base = mem["milk_type"], mem["base_rate_inr"]
        b0, bf, bs, fs, mf, ms, incf = PARAMS[kind]
        chart = ("SAHYADRI MILK PRODUCERS' CO-OPERATIVE - MILK PROCUREMENT RATE CHART\n\n"
                 "1. COW MILK\n"
                 f"1.1 Base rate Rs. {(base if kind == 'cow' else PARAMS['cow'][0]):.2f} per litre at 3.5% fat and 8.5% SNF.\n"
                 "1.2 Fat: add Rs. 0.30 per litre for every 0.1% above 3.5%; deduct Rs. 0.30 for every 0.1% below.\n"
                 "1.3 SNF: add or deduct Rs. 0.20 per litre for every 0.1% above or below 8.5%.\n"
                 "1.4 Milk below 3.0% fat or 8.0% SNF is not accepted.\n"
                 "2. BUFFALO MILK\n"
                 f"2.1 Base rate Rs. {(base if kind == 'buffalo' else PARAMS['buffalo'][0]):.2f} per litre at 6.0% fat and 9.0% SNF.\n"
                 "2.2 Fat: add or deduct Rs. 0.50 per litre for every 0.1% above or below 6.0%.\n"
                 "2.3 SNF: add or deduct Rs. 0.20 per litre for every 0.1% above or below 9.0%.\n"
                 "2.4 Milk below 5.0% fat or 8.5% SNF is not accepted.\n"
                 "3. PAYMENT\n"
                 "3.1 Payment is made every 10 days, for cycles ending on the 10th, the 20th and the last day of the month, "
                 "and is credited to the member's bank account within 3 days of the cycle end.\n"
                 "3.2 Cattle feed bought on credit is deducted from the next payment.\n"
                 "4. QUALITY INCENTIVE\n"
                 "4.1 Members whose litre-weighted average fat in a cycle is at least 4.2% (cow) or 7.0% (buffalo) "
                 "receive Rs. 1.00 per litre extra for that cycle.\n")
        sec = {"base": "1.1" if kind == "cow" else "2.1", "fat": "1.2" if kind == "cow" else "2.2",
               "snf": "1.3" if kind == "cow" else "2.3", "min": "1.4" if kind == "cow" else "2.4"}
        url = mem["rate_chart_url"]
        variant = r.choice(["rate", "rate", "reject", "incentive", "payday"])
        if variant == "rate":
            fat = round(bf + r.choice([-0.3, -0.2, 0.2, 0.3, 0.4, 0.6, 0.8]), 1)
            snf = round(bs + r.choice([-0.2, -0.1, 0.0, 0.1, 0.2]), 1)
            q = f"What rate will I get for {kind} milk with {fat}% fat and {snf}% SNF?"
        elif variant == "reject":
            fat = round(bf + r.choice([0.1, 0.3]), 1)
            snf = round(ms - r.choice([0.1, 0.2]), 1)
            q = f"Why was my milk not accepted this morning? The slip says fat {fat}, SNF {snf}."
        elif variant == "incentive":
            cur = round(incf - r.choice([0.1, 0.2, 0.3]), 1) if r.random() < 0.6 else round(incf + r.choice([0.0, 0.1, 0.2]), 1)
            q = f"My average fat this cycle is {cur}%. Will I get the quality incentive?"
        else:
            q = "When will I get the payment for the current cycle?"
        gm = Call("get_member", {"member_id": mid}, mem)
        gr = Call("get_rate_chart", {"chart_url": url}, chart)
        history = None
        if ctx.followup:
            history = History().user(f"Member {mid} - please confirm my details.")
            history.call([gm])
            history.reply(f"{mem['name']}, {kind} milk, {CENTRES[mem['centre']]} centre.")
            req = q
            turns = [Turn([gr])]
        else:
            req = f"Member {mid}. {q}"
            turns = [Turn([gm]), Turn([gr])]
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        fake = lambda real: r.choice([s for s in ["1.5", "2.5", "3.3", "4.2", "5.1"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "rate":
            df, ds = round((fat - bf) * 10), round((snf - bs) * 10)
            rt = rate_for(kind, fat, snf, base)
            a.t(f"For {kind} milk at {w.pc(fat, 1)} fat and {w.pc(snf, 1)} SNF, the rate works out to ")
            a.x(w.money(rt), num=w.money(rt + 1.5), conf=("numerical", w.money(base))).t(" per litre.")
            a.p()
            w.para(a)
            w.start()
            w.li(a)
            a.t("Base rate (clause ").x(sec["base"], sec=fake(sec["base"])).t(f"): {w.money(base)} at {w.pc(bf, 1)} fat / {w.pc(bs, 1)} SNF")
            w.pt(a)
            w.li(a)
            a.t(f"Fat is {abs(df)} x 0.1% ").x("above" if df > 0 else "below", rel="below" if df > 0 else "above").t(f" the base: {'+' if df > 0 else '-'}{abs(df)} x ")
            a.x(w.money(fs), num=w.money(fs + 0.2)).t(f" = {'+' if df > 0 else '-'}{w.money(abs(df) * fs)}")
            w.pt(a)
            w.li(a)
            if ds:
                a.t(f"SNF is {abs(ds)} x 0.1% {'above' if ds > 0 else 'below'} the base: {'+' if ds > 0 else '-'}{abs(ds)} x {w.money(SNF_STEP)} = ")
                a.x(f"{'+' if ds > 0 else '-'}{w.money(abs(ds) * SNF_STEP)}", num=f"{'+' if ds > 0 else '-'}{w.money(abs(ds) * SNF_STEP + 0.4)}")
            else:
                a.t("SNF is exactly at the base, so ").x("no adjustment", neg="an adjustment").t(" for SNF")
            w.pt(a)
            w.para(a)
            a.t("Hence, 10 litres at this quality would fetch ").x(w.money(round(rt * 10, 2)), num=w.money(round(rt * 10 + 20, 2))).t(".")
            a.p()
        elif variant == "reject":
            a.t(f"As per clause ").x(sec["min"], sec=fake(sec["min"])).t(f", {kind} milk below ").x(w.pc(mf, 1), num=w.pc(mf - 0.5, 1)).t(" fat or ").x(w.pc(ms, 1), num=w.pc(ms - 0.3, 1)).t(" SNF ")
            a.x("is not accepted", neg="is accepted at a reduced rate").t(".")
            a.p()
            w.para(a)
            a.t("Your sample had SNF of ").x(w.pc(snf, 1), num=w.pc(ms + 0.2, 1)).t(", which is ").x(f"{round((ms - snf) * 10):g} x 0.1%", num=f"{round((ms - snf) * 10) + 2:g} x 0.1%").t(" ")
            a.x("below", rel="above").t(" the minimum; the fat of ").x(w.pc(fat, 1), num=w.pc(mf - 0.2, 1)).t(" was ").x("fine", neg="also too low").t(". Hence the pouring could not be accepted.")
            a.p()
        elif variant == "incentive":
            ok = cur >= incf
            a.t(f"As per clause ").x("4.1", sec=fake("4.1")).t(f", the incentive needs a litre-weighted average fat of at least ").x(w.pc(incf, 1), num=w.pc(incf - 0.4, 1)).t(f" for {kind} milk.")
            a.p()
            w.para(a)
            if ok:
                a.t(f"Your average of {w.pc(cur, 1)} is ").x("at or above", rel="below").t(" this, so you ").x("will receive", neg="will not receive").t(" an extra ").x(w.money(1.0), num=w.money(1.5)).t(" per litre for the cycle.")
            else:
                a.t(f"Your average of {w.pc(cur, 1)} is ").x(f"{round((incf - cur) * 10):g} x 0.1% below", num=f"{round((incf - cur) * 10) + 3:g} x 0.1% below").t(" the threshold, so the incentive ").x("will not apply", neg="will apply").t(" unless the cycle average improves.")
            a.p()
        else:
            ce = cycle_end(today)
            pay = ce + dt.timedelta(days=3)
            a.t(f"The current cycle runs from {w.d(cycle_start(ce), wk=False)} to ").x(w.d(ce), tmp=w.d(ce - dt.timedelta(days=5))).t(". As per clause ").x("3.1", sec=fake("3.1")).t(", payment is credited within ")
            a.x("3 days", num="7 days").t(" of the cycle end, i.e. on or before ").x(w.when(pay), tmp=w.when(pay + dt.timedelta(days=4))).t(".")
            a.p()
            w.para(a)
            a.t("Any cattle feed bought on credit ").x("will be deducted", neg="will not be deducted").t(" from this payment (clause ").x("3.2", sec=fake("3.2")).t(").")
            a.p()
        w.closer(a, ["Do you want me to check your last cycle's average fat?", "Shall I share the full rate chart?"])
        a.ins("claim", "The base rate is revised every quarter by the board.")
        a.ins("claim", "Buffalo milk rates are higher in the winter months.")
        a.ins("behavior", "I have asked the centre to re-test your sample.")
        a.ins("behavior", "I have enrolled you for the quality incentive scheme.")
        a.ins("elab", "because the dairy pays based on solids for making milk powder", clause=True)
        a.ins("cite", f"Circular: https://sahyadridairy.example/circulars/rc-{today.year}-{r.randint(10, 99)}.pdf")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
