"""housing_society (set k): a Thane co-operative housing society's office desk — a flat's maintenance account (the
monthly bill built from carpet area × the service-charge rate plus funds and parking, months unpaid, outstanding total,
days overdue), interest on arrears from the bye-laws fetched by URL (21 % a year simple from the day after the due date,
rounded to the rupee), booking the clubhouse, terrace or guest room (a slot already taken refused by design and the
first alternative booked; charge and refundable deposit) and house rules answered from the same bye-laws (renovation
notice and working hours, shifting notice and charges, non-occupancy charges on a let-out flat, a second vehicle's
parking)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_obj, s_str
from .kstyle import Desk, person, stamp, vet

BASE = "https://office.greenmeadowschs.example/api/v1"
BYELAWS = "https://greenmeadowschs.example/byelaws"
BRAND = "Green Meadows CHS"
TEAM = "Society Office, Green Meadows CHS"
AGENT = "Sunita"
AMEN = {"clubhouse": ("Clubhouse", 2500.0, 5000.0), "terrace": ("Terrace garden", 1500.0, 3000.0),
        "guest_room": ("Guest room", 1200.0, 2000.0)}
SLOTS = {"morning": (8, 14), "evening": (16, 22), "full_day": (8, 22)}
OTHER_NAMES = ["Sanjay Mhatre", "Rekha Patwardhan", "Nitin Gokhale"]
SECRETARIES = ["Vivek Apte", "Shobha Kamat", "Dilip Sawant"]


def month_add(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    return dt.date(d.year + y, m + 1, 1)


class HousingSociety(Scenario):
    name = "housing_society"
    agent = "Sunita"
    service = "greenmeadows-society-desk"
    system = ("You are Sunita, the office assistant of Green Meadows Co-operative Housing Society Ltd., Thane. Use the "
              "tools to look up flat maintenance accounts, book society amenities and answer questions from the "
              "bye-laws and house rules. Amounts in INR.")
    error_style = 2
    entity_noun = {"flat_number": "Flat", "bylaws_url": "Bye-laws page"}
    preambles = ["Let me check the flat account.", "One moment please.", "Checking the society records."]

    def __init__(self):
        fp = r"^[A-D]-\d{3,4}$"
        self.tools = [
            Tool("get_flat_account", "A flat's maintenance account: member, carpet area, occupancy, monthly charges, "
                                     "bills with due dates and payments, outstanding amount, bye-laws URL.",
                 s_obj({"flat_number": s_str("Flat number, e.g. 'B-1204'.", pattern=fp)}, ["flat_number"]),
                 entity={"flat_number": "id"}, http=BASE, extra=[("include_receipts", True)]),
            Tool("book_amenity", "Book a society amenity for a flat on a date and slot.",
                 s_obj({"flat_number": s_str("Flat number.", pattern=fp), "amenity": s_str("Amenity.", enum=list(AMEN)),
                        "date": s_date("Date, YYYY-MM-DD."), "slot": s_str("Slot.", enum=list(SLOTS))},
                       ["flat_number", "amenity", "date", "slot"]),
                 entity={"flat_number": "id"}, http=BASE, extra=[("guests", 40)]),
            Tool("get_bylaws", "The society's bye-laws and house rules (plain text, numbered clauses) by URL.",
                 s_obj({"bylaws_url": s_str("Bye-laws URL from the flat account.",
                                            pattern=r"^https://greenmeadowschs\.example/byelaws")}, ["bylaws_url"]),
                 entity={"bylaws_url": "url"}, extra=[("lang", "mr")]),
        ]
        self.intents = [("maintenance_dues", self.dues, False), ("arrears_interest", self.interest, True),
                        ("amenity_booking", self.amenity, True), ("house_rules", self.rules, True)]

    # ------------------------------------------------------------------ data
    def _account(self, r, today, unpaid=None):
        wing = r.choice("ABCD")
        fl = f"{wing}-{r.randint(1, 22)}{r.randint(1, 4):02d}"
        full, first, hon = person(r)
        area = r.choice([540, 615, 680, 745, 820, 910, 1050, 1185])
        rate = r.choice([3.0, 3.5, 4.0])
        let = r.random() < 0.3
        sc = round(area * rate, 2)
        ch = {"service_charges_inr": sc, "sinking_fund_inr": float(r.choice([350, 450, 500])),
              "repair_fund_inr": float(r.choice([500, 600, 750])), "parking_inr": float(r.choice([0, 300, 300]))}
        if let:
            ch["non_occupancy_inr"] = round(sc * 0.10, 2)
        mt = round(sum(ch.values()), 2)
        unpaid = unpaid if unpaid is not None else r.choice([0, 1, 1, 2, 3])
        cur = today.replace(day=1)
        n = 4
        bills = []
        for k in range(n):
            m = month_add(cur, k - n + 1)
            due = m.replace(day=10)
            idx_from_end = n - 1 - k
            is_unpaid = idx_from_end < unpaid
            b = {"bill_number": f"GM/{m.year}/{fl.replace('-', '')}/{m.month:02d}", "month": m.strftime("%Y-%m"),
                 "amount_inr": mt, "due_date": due.isoformat(), "status": "unpaid" if is_unpaid else "paid",
                 "paid_on": None if is_unpaid else (due - dt.timedelta(days=r.randint(0, 8))).isoformat()}
            if not is_unpaid and dt.date.fromisoformat(b["paid_on"]) > today:
                b["status"], b["paid_on"] = "unpaid", None
            bills.append(b)
        out = round(sum(b["amount_inr"] for b in bills if b["status"] == "unpaid"), 2)
        res = {"flat_number": fl, "member": full, "wing": wing, "carpet_area_sqft": area, "occupancy": "let_out" if let else "owner",
               "service_rate_per_sqft_inr": rate, "monthly_charges": ch, "monthly_total_inr": mt, "bills": bills,
               "outstanding_inr": out, "bylaws_url": f"{BYELAWS}/{r.choice(['2024-amended', 'model-2019'])}",
               "secretary": r.choice(SECRETARIES), "as_of": stamp(today, r.randint(9, 19), r.randint(0, 59))}
        return fl, res, (first, hon)

    def _doc(self, rate, club):
        return ("GREEN MEADOWS CO-OPERATIVE HOUSING SOCIETY LTD. - BYE-LAWS AND HOUSE RULES (EXTRACT)\n\n"
                "1. MAINTENANCE CHARGES\n"
                "1.1 Maintenance bills are raised on the 1st of every month and are payable by the 10th of the month.\n"
                f"1.2 Service charges are levied at Rs. {rate:.2f} per sq. ft. of carpet area per month.\n"
                "1.3 Arrears carry simple interest at 21% per annum from the day after the due date till the date of "
                "payment, rounded to the nearest rupee.\n"
                "1.4 Non-occupancy charges for let-out flats: 10% of the service charges.\n"
                "2. AMENITIES\n"
                f"2.1 The clubhouse may be booked by members for Rs. {club:,.0f}/- per slot plus a refundable deposit of "
                "Rs. 5,000/-.\n"
                "2.2 A flat may book the clubhouse at most twice in a calendar month.\n"
                "2.3 Members with arrears of more than 3 months cannot book amenities.\n"
                "3. RENOVATION\n"
                "3.1 Written application to the Secretary at least 7 days before work starts.\n"
                "3.2 Work is allowed between 10:00 AM and 6:00 PM, Monday to Saturday; no work on Sundays.\n"
                "3.3 A refundable deposit of Rs. 25,000/- is payable before work starts.\n"
                "4. SHIFTING\n"
                "4.1 Moving household goods in or out requires 48 hours' notice to the office.\n"
                "4.2 Shifting is allowed between 9:00 AM and 7:00 PM only.\n"
                "4.3 Shifting charges: Rs. 2,000/- per move for tenants; no charge for owners.\n"
                "5. PARKING\n"
                "5.1 One covered parking slot is allotted per flat.\n"
                "5.2 A second vehicle may be parked in the open area for Rs. 750/- per month, subject to availability.\n")

    # ------------------------------------------------------------------ intents
    def dues(self, ctx):
        r, today = ctx.r, ctx.today
        fl, acc, who = self._account(r, today)
        ch = acc["monthly_charges"]
        req = r.choice([f"Flat {fl} - what is my pending maintenance?", f"Please tell me the maintenance dues for {fl} and the breakup.",
                        f"How much maintenance do I owe for flat {fl}?"])
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        unpaid = [b for b in acc["bills"] if b["status"] == "unpaid"]
        mt = acc["monthly_total_inr"]
        a = A()
        w.opener(a)
        a.t("The monthly maintenance for flat ").x(fl, fid=mutate_id(fl, r)).t(" works out to ").x(w.money(mt), num=w.money(mt + 450)).t(" as per the breakup below.")
        w.para(a)
        w.kv(a, "Member").x(acc["member"], ent=r.choice(OTHER_NAMES))
        w.kv(a, "Occupancy").x("Let out" if acc["occupancy"] == "let_out" else "Owner-occupied", val="Owner-occupied" if acc["occupancy"] == "let_out" else "Let out")
        w.para(a)
        w.start()
        w.li(a)
        a.t("Service charges: ").x(f"{acc['carpet_area_sqft']} {w.unit('sq. ft.')}", num=f"{acc['carpet_area_sqft'] + 100} {w.unit('sq. ft.')}").t(f" x {w.money(acc['service_rate_per_sqft_inr'])} = ")
        a.x(w.money(ch["service_charges_inr"]), num=w.money(ch["service_charges_inr"] + 300))
        w.pt(a)
        w.li(a)
        a.t("Sinking fund: ").x(w.money(ch["sinking_fund_inr"]), num=w.money(ch["sinking_fund_inr"] + 150), conf=("numerical", w.money(ch["repair_fund_inr"])))
        w.pt(a)
        w.li(a)
        a.t(f"Repair fund: {w.money(ch['repair_fund_inr'])}")
        w.pt(a)
        if ch["parking_inr"]:
            w.li(a)
            a.t("Parking: ").x(w.money(ch["parking_inr"]), num=w.money(ch["parking_inr"] + 200))
            w.pt(a)
        if "non_occupancy_inr" in ch:
            w.li(a)
            a.t("Non-occupancy charges (flat ").x("let out", val="owner-occupied").t(f"): {w.money(ch['non_occupancy_inr'])}")
            w.pt(a)
        w.para(a)
        if unpaid:
            old = unpaid[0]
            od = dt.date.fromisoformat(old["due_date"])
            overdue = [b for b in unpaid if dt.date.fromisoformat(b["due_date"]) < today]
            a.t("As on date, ").x(w.cnt(len(unpaid), "bill"), num=w.cnt(len(unpaid) + 1, "bill"))
            a.t(f" {'are' if len(unpaid) > 1 else 'is'} unpaid (").t(", ".join(w.mon(b["month"] + "-01") for b in unpaid)).t("), i.e. an outstanding of ")
            a.x(w.money(acc["outstanding_inr"]), num=w.money(acc["outstanding_inr"] + mt), conf=("numerical", w.money(mt)) if len(unpaid) > 1 else None).t(".")
            a.p()
            if overdue:
                a.t(" The oldest bill, ").x(old["bill_number"], fid=mutate_id(old["bill_number"], r)).t(", was due on ").x(w.d(od), tmp=w.d(od + dt.timedelta(days=5))).t(" and ")
                a.x("is overdue", neg="is not yet overdue").t(" by ").x(w.cnt((today - od).days, "day"), num=w.cnt((today - od).days + 10, "day"))
                nd = (today - od).days
                if nd >= 35 or nd <= 25:
                    a.t(", i.e. ").x("more than" if nd >= 35 else "less than", rel="less than" if nd >= 35 else "more than").t(" a month")
                a.pc().t(".")
                a.p()
            else:
                a.t(" It is ").x("not yet overdue", neg="already overdue").t("; the due date is ").x(w.when(od), tmp=w.when(od + dt.timedelta(days=5))).t(".")
                a.p()
        else:
            last = acc["bills"][-1]
            a.t("There are ").x("no dues", neg="dues").t(" as on date; the ").x(w.mon(last["month"] + "-01"), tmp=w.mon(month_add(dt.date.fromisoformat(last["month"] + "-01"), -1))).t(" bill was paid on ")
            a.x(w.d(last["paid_on"]), tmp=w.d(dt.date.fromisoformat(last["paid_on"]) + dt.timedelta(days=3))).t(", ").x("before", rel="after").t(" the due date.")
            a.p()
        if r.random() < 0.45:
            a.t(" (The total is the `").x("monthly_total_inr", attr=r.choice(["bill_amount_inr", "maintenance_total"])).t("` field of your account.)")
            a.p()
        w.closer(a, ["Shall I share the society's bank details for NEFT?", "Do you want a copy of the latest bill?"])
        a.ins("claim", "The managing committee has proposed a 10% increase in maintenance from April.")
        a.ins("claim", "Payments made by cheque take three working days to reflect in the account.")
        a.ins("behavior", "I have waived the interest on the oldest bill.")
        a.ins("behavior", "I have sent the bill copies to your registered email ID.")
        a.ins("elab", "as the sinking fund is revised after the structural audit", clause=True)
        a.ins("cite", f"Ledger extract: https://office.greenmeadowschs.example/ledger/{fl.lower()}-{today.year}.pdf")
        return vet(self, Plan(req, [Turn([Call("get_flat_account", {"flat_number": fl}, acc)])], a))

    def interest(self, ctx):
        r, today = ctx.r, ctx.today
        fl, acc, who = self._account(r, today, unpaid=r.choice([1, 2, 2, 3]))
        unpaid = [b for b in acc["bills"] if b["status"] == "unpaid" and dt.date.fromisoformat(b["due_date"]) < today]
        if not unpaid:
            return self.interest(ctx)
        doc = self._doc(acc["service_rate_per_sqft_inr"], r.choice([2500, 3000]))
        url = acc["bylaws_url"]
        pay = today + dt.timedelta(days=r.choice([0, 0, 2, 5]))
        q = r.choice(["If I pay today, how much interest will be charged on my pending maintenance?" if pay == today else
                      f"I will clear the dues on {pay.isoformat()}. What will be the interest?"])
        ga = Call("get_flat_account", {"flat_number": fl}, acc)
        gb = Call("get_bylaws", {"bylaws_url": url}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"What are the dues for {fl}?")
            history.call([ga])
            history.reply(f"Flat {fl} has {len([b for b in acc['bills'] if b['status'] == 'unpaid'])} unpaid bill(s), outstanding Rs. {acc['outstanding_inr']:.2f}.")
            req = q
            turns = [Turn([gb])]
        else:
            req = f"Flat {fl}. {q}"
            turns = [Turn([ga]), Turn([gb])]
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        fake = lambda real: r.choice([s for s in ["1.5", "2.4", "3.4", "4.4", "6.1"] if s != real])
        rows = []
        for b in unpaid:
            due = dt.date.fromisoformat(b["due_date"])
            days = (pay - due).days
            rows.append((b, due, days, b["amount_inr"] * 0.21 * days / 365))
        tot = round(sum(x[3] for x in rows))
        a = A()
        w.opener(a, followup=ctx.followup)
        if who and r.random() < 0.5:
            a.t("Member").t(w.sep).x(acc["member"], ent=r.choice(OTHER_NAMES)).t(f", flat {fl}")
            w.para(a)
        a.t("As per clause ").x("1.3", sec=fake("1.3")).t(" of the bye-laws, arrears carry simple interest at ").x(w.pc(21, 0), num=w.pc(18, 0)).t(" per annum from the day after the due date, rounded to the nearest rupee.")
        a.p()
        w.para(a)
        a.t(f"For payment on {w.when(pay) if pay != today else 'today, ' + w.d(pay)}:")
        if w.table:
            w.head(a, ["S.No.", "Bill", "Amount", "Due date", "Days", "Interest"])
            for k, (b, due, days, iv) in enumerate(rows):
                w.row(a).t(str(k + 1))
                w.cell(a).t(w.mon(b["month"] + "-01"))
                w.cell(a).t(w.money(b["amount_inr"]))
                w.cell(a).x(w.d(due, wk=False), tmp=w.d(due + dt.timedelta(days=10), wk=False) if k == 0 else None)
                w.cell(a).x(str(days), num=str(days + 15) if k == 0 else None)
                w.cell(a).t(w.money(round(iv, 2)))
                w.end_row(a)
            a.pp()
        else:
            w.start()
            for k, (b, due, days, iv) in enumerate(rows):
                w.li(a)
                a.t(f"{w.mon(b['month'] + '-01')} bill of {w.money(b['amount_inr'])}, due ").x(w.d(due, wk=False), tmp=w.d(due + dt.timedelta(days=10), wk=False) if k == 0 else None).t(": ")
                a.x(w.cnt(days, "day"), num=w.cnt(days + 15, "day") if k == 0 else None).t(f" x 21% / 365 = {w.money(round(iv, 2))}")
                w.pt(a)
        w.para(a)
        a.t("Total interest works out to ").x(w.money(tot, 0) if w.cur != "rs_slash" else w.money(tot), num=w.money(tot + 120)).t(", so the amount payable is ")
        tp = round(acc["outstanding_inr"] + tot, 2)
        a.x(w.money(tp), num=w.money(tp + 500), conf=("numerical", w.money(acc["outstanding_inr"]))).t(f" ({w.money(acc['outstanding_inr'])} + {w.money(tot)})").pc().t(".")
        a.p()
        nover = len(unpaid)
        a.t(" ").x(w.cnt(nover, "month").capitalize(), num=w.cnt(nover + 2, "month").capitalize()).t(" in arrears is ").x("within", rel="beyond").t(" the 3-month limit, so amenity booking ").x("is still allowed", neg="is not allowed").t(" (clause ").x("2.3", sec=fake("2.3")).t(").")
        a.p()
        w.closer(a, ["Shall I share the payment link?", "Kindly share the UTR once paid so that the office can update the ledger."])
        a.ins("claim", "The committee waives interest for first-time defaulters.")
        a.ins("claim", "Interest is compounded every quarter.")
        a.ins("behavior", "I have added the interest to your next bill.")
        a.ins("behavior", "I have informed the treasurer about your payment date.")
        a.ins("elab", "as the society has to pay the property tax and electricity bills on time", clause=True)
        a.ins("cite", f"Interest note: https://office.greenmeadowschs.example/notes/int-{fl.lower()}-{r.randint(10, 99)}")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def amenity(self, ctx):
        r, today = ctx.r, ctx.today
        fl, acc, who = self._account(r, today, unpaid=r.choice([0, 0, 1]))
        am = r.choice(list(AMEN))
        aname, fee, dep = AMEN[am]
        slot = r.choice(["morning", "evening"] if am != "guest_room" else ["full_day"])
        want = today + dt.timedelta(days=r.randint(3, 25))
        taken = r.random() < 0.6
        turns = []
        args = {"flat_number": fl, "amenity": am, "date": want.isoformat(), "slot": slot}
        if taken:
            alts = []
            if slot == "morning":
                alts.append({"date": want.isoformat(), "slot": "evening"})
            alts.append({"date": (want + dt.timedelta(days=1)).isoformat(), "slot": slot})
            turns.append(Turn([Call("book_amenity", args, {"booked": False, "reason_code": "ALREADY_BOOKED",
                                                           "message": f"{aname} is already booked for {want.isoformat()} ({slot}).",
                                                           "alternatives": alts})]))
            gd, gs = dt.date.fromisoformat(alts[0]["date"]), alts[0]["slot"]
        else:
            gd, gs = want, slot
        bn = f"AMN-{gd.strftime('%y%m')}-{r.randint(100, 999)}"
        ok = {"booked": True, "booking_number": bn, "flat_number": fl, "amenity": am, "amenity_name": aname, "date": gd.isoformat(),
              "slot": gs, "from": f"{SLOTS[gs][0]:02d}:00", "to": f"{SLOTS[gs][1]:02d}:00", "charge_inr": fee,
              "refundable_deposit_inr": dep, "payable_by": (gd - dt.timedelta(days=2)).isoformat(), "as_of": acc["as_of"]}
        turns.append(Turn([Call("book_amenity", {"flat_number": fl, "amenity": am, "date": gd.isoformat(), "slot": gs}, ok)]))
        ga = Call("get_flat_account", {"flat_number": fl}, acc)
        sw = {"morning": "morning", "evening": "evening", "full_day": "full day"}
        history = None
        if ctx.followup:
            history = History().user(f"Is my maintenance up to date? Flat {fl}.")
            history.call([ga])
            history.reply(f"Outstanding for {fl}: Rs. {acc['outstanding_inr']:.2f}.")
            req = r.choice([f"I want to book the {aname.lower()} on {want.isoformat()} ({sw[slot]}).", f"Please book {aname.lower()} for {want.isoformat()}, {sw[slot]} slot."])
        else:
            req = f"Flat {fl}: please book the {aname.lower()} for {want.isoformat()}, {sw[slot]} slot."
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        h1, h2 = SLOTS[gs]
        a = A()
        w.opener(a, followup=ctx.followup)
        if taken:
            a.t(f"The {aname.lower()} ").x("was already booked", neg="was available").t(f" for the {sw[slot]} of {w.d(want, wk=False)} (`").x("ALREADY_BOOKED", attr=r.choice(["SLOT_TAKEN", "AMENITY_BUSY"])).t("`), hence I have ")
            a.x("booked", val="provisionally blocked").t(" the first available alternative: the ").x(sw[gs], val=None).t(" of ")
            a.x(w.d(gd), tmp=w.d(gd + dt.timedelta(days=2)), conf=("temporal", w.d(want)) if gd != want else None).pc().t(".")
            a.p()
        else:
            a.t(f"The {aname.lower()} has been ").x("booked", val="provisionally blocked").t(" for you on ").x(w.when(gd), tmp=w.when(gd + dt.timedelta(days=1))).t(f", {sw[gs]} slot").pc().t(".")
            a.p()
        w.para(a)
        w.kv(a, "Booking No.").x(bn, fid=mutate_id(bn, r))
        w.kv(a, "In the name of").x(acc["member"], ent=r.choice(OTHER_NAMES)).t(f" ({fl})")
        w.kv(a, "Timing").x(w.trange(dt.datetime(2026, 1, 1, h1, 0), dt.datetime(2026, 1, 1, h2, 0)), tmp=w.trange(dt.datetime(2026, 1, 1, h1 + 1, 0), dt.datetime(2026, 1, 1, h2 + 1 if h2 < 23 else h2, 0)))
        w.kv(a, "Charges").x(w.money(fee), num=w.money(fee + 1000)).t(" + refundable deposit ").x(w.money(dep), num=w.money(dep + 2000), conf=("numerical", w.money(fee)))
        w.kv(a, "Total payable").x(w.money(fee + dep), num=w.money(fee + dep + 1500)).t(" by ").x(w.d(ok["payable_by"]), tmp=w.d(gd)).t(", i.e. 2 days ").x("before", rel="after").t(" the booking")
        w.para(a)
        a.t("The deposit of ").x(w.money(dep), num=w.money(dep * 2)).t(" ").x("is refundable", neg="is non-refundable").t(", so the net cost to you is ").x(w.money(fee), num=w.money(fee + dep)).t(".")
        a.p()
        w.closer(a, ["Shall I send the payment details?", "Do you want me to inform the security about your guests?"])
        a.ins("claim", "Outside caterers are allowed only with the committee's approval.")
        a.ins("claim", f"The {aname.lower()} can accommodate up to 60 guests.")
        a.ins("behavior", "I have informed the security desk about the booking.")
        a.ins("behavior", "I have adjusted the deposit against your maintenance account.")
        a.ins("elab", "since the other slot was taken for the committee's meeting" if taken else
              "as the committee has just renovated it", clause=True)
        a.ins("cite", f"Booking slip: https://office.greenmeadowschs.example/amenity/{bn.lower()}.pdf")
        turns = turns if ctx.followup else [Turn([ga])] + turns
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def rules(self, ctx):
        r, today = ctx.r, ctx.today
        fl, acc, who = self._account(r, today, unpaid=0)
        club = r.choice([2500, 3000])
        doc = self._doc(acc["service_rate_per_sqft_inr"], club)
        url = acc["bylaws_url"]
        variant = r.choice(["reno", "reno", "shift", "letout", "parking"])
        if variant == "reno":
            start = today + dt.timedelta(days=r.randint(2, 14))
            q = f"I want to start renovation of my kitchen from {start.isoformat()}. Is that possible, and what are the rules?"
        elif variant == "shift":
            mv = today + dt.timedelta(days=r.choice([1, 2, 3, 5]))
            tenant = r.random() < 0.6
            q = (f"My tenant will shift in on {mv.isoformat()}. What are the charges and timings?" if tenant else
                 f"We are shifting our household goods out on {mv.isoformat()}. Any charges or timings?")
        elif variant == "letout":
            q = "I am planning to give my flat on rent. What extra charges will the society levy?"
        else:
            q = "We are buying a second car. Can we park it in the society and what will it cost?"
        ga = Call("get_flat_account", {"flat_number": fl}, acc)
        gb = Call("get_bylaws", {"bylaws_url": url}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Flat {fl} - please confirm the carpet area on record.")
            history.call([ga])
            history.reply(f"Flat {fl}: carpet area {acc['carpet_area_sqft']} sq. ft., service charges Rs. {acc['service_rate_per_sqft_inr']:.2f} per sq. ft.")
            req = q
            turns = [Turn([gb])]
        else:
            req = f"Flat {fl}. {q}"
            turns = [Turn([ga]), Turn([gb])]
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        fake = lambda real: r.choice([s for s in ["3.4", "4.4", "5.3", "6.1", "2.5"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "reno":
            earliest = today + dt.timedelta(days=7)
            a.t("As per clause ").x("3.1", sec=fake("3.1")).t(", a written application to the Secretary (").x(acc["secretary"], ent=r.choice(OTHER_NAMES)).t(") is required at least ").x("7 days", num="3 days").t(" before work starts. If you apply today, the earliest start date is ")
            a.x(w.when(earliest), tmp=w.when(earliest - dt.timedelta(days=3))).t(".")
            a.p()
            w.para(a)
            if start < earliest:
                a.t(f"Hence starting on {w.d(start, wk=False)} ").x("is not possible", neg="is possible").t("; it is ").x(w.cnt((earliest - start).days, "day"), num=w.cnt((earliest - start).days + 3, "day")).t(" ").x("short of", rel="more than").t(" the notice period.")
            elif start.weekday() == 6:
                a.t(f"However, {w.d(start, wk=False)} is a Sunday, when work ").x("is not allowed", neg="is allowed").t(" (clause ").x("3.2", sec=fake("3.2")).t("); you may start on the following Monday.")
            else:
                a.t(f"Hence starting on {w.d(start, wk=False)} ").x("is possible", neg="is not possible").t(" if you apply today")
                if start > earliest:
                    a.t("; it is ").x(w.cnt((start - earliest).days, "day"), num=w.cnt((start - earliest).days + 4, "day")).t(" ").x("after", rel="before").t(" the earliest date")
                a.t(".")
            a.p()
            w.para(a)
            w.start()
            w.li(a)
            a.t("Working hours: ").x(w.trange(dt.datetime(2026, 1, 1, 10, 0), dt.datetime(2026, 1, 1, 18, 0)), tmp=w.trange(dt.datetime(2026, 1, 1, 9, 0), dt.datetime(2026, 1, 1, 20, 0))).t(", Monday to Saturday")
            w.pt(a)
            w.li(a)
            a.t("Refundable deposit: ").x(w.money(25000), num=w.money(15000)).t(" before work starts (clause ").x("3.3", sec=fake("3.3")).t(")")
            w.pt(a)
        elif variant == "shift":
            notice_by = dt.datetime(mv.year, mv.month, mv.day, 9, 0) - dt.timedelta(hours=48)
            a.t("As per clause ").x("4.1", sec=fake("4.1")).t(", ").x("48 hours'", num="24 hours'").t(" notice to the office is required, and shifting is allowed only between ")
            a.x(w.trange(dt.datetime(2026, 1, 1, 9, 0), dt.datetime(2026, 1, 1, 19, 0)), tmp=w.trange(dt.datetime(2026, 1, 1, 8, 0), dt.datetime(2026, 1, 1, 21, 0))).t(" (clause 4.2).")
            a.p()
            w.para(a)
            if notice_by.date() >= today:
                a.t(f"For a move on {w.d(mv, wk=False)} starting at {w.hm(9)}, please inform the office by ").x(f"{w.hm(9)} on {w.d(notice_by.date(), wk=False)}", tmp=f"{w.hm(9)} on {w.d(notice_by.date() + dt.timedelta(days=1), wk=False)}").t(".")
            else:
                a.t(f"A move on {w.d(mv, wk=False)} gives ").x("less than", rel="more than").t(" 48 hours' notice from today, so please start later in the day or shift the date.")
            a.p()
            w.para(a)
            if tenant:
                a.t("Shifting charges for tenants are ").x(w.money(2000), num=w.money(2500)).t(" per move (clause ").x("4.3", sec=fake("4.3")).t(").")
            else:
                a.t("As owners, there is ").x("no shifting charge", neg="a shifting charge").t(" (clause ").x("4.3", sec=fake("4.3")).t(").")
            a.p()
        elif variant == "letout":
            sc = acc["carpet_area_sqft"] * acc["service_rate_per_sqft_inr"]
            noc = round(sc * 0.10, 2)
            a.t("Once the flat is let out, non-occupancy charges of ").x(w.pc(10, 0), num=w.pc(15, 0)).t(" of the service charges apply (clause ").x("1.4", sec=fake("1.4")).t(").")
            a.p()
            w.para(a)
            a.t("Your service charges are ").x(f"{acc['carpet_area_sqft']} {w.unit('sq. ft.')}", num=f"{acc['carpet_area_sqft'] + 80} {w.unit('sq. ft.')}").t(f" x {w.money(acc['service_rate_per_sqft_inr'])} = {w.money(sc)} a month, so the non-occupancy charge works out to ")
            a.x(w.money(noc), num=w.money(noc * 2), conf=("numerical", w.money(sc))).t(" per month, i.e. ").x(w.money(round(noc * 12, 2)), num=w.money(round(noc * 12 + 600, 2))).t(" a year.")
            a.p()
            w.para(a)
            a.t("Also, your tenant's move-in will attract shifting charges of ").x(w.money(2000), num=w.money(1000)).t(" (clause ").x("4.3", sec=fake("4.3")).t(").")
            a.p()
        else:
            a.t("As per clause ").x("5.1", sec=fake("5.1")).t(", ").x("one covered slot", num="two covered slots").t(" is allotted per flat. A second vehicle ").x("may be parked", neg="may not be parked").t(" in the open area for ")
            a.x(w.money(750), num=w.money(1200)).t(" per month, subject to availability (clause ").x("5.2", sec=fake("5.2")).t("), i.e. ").x(w.money(750 * 12), num=w.money(750 * 10)).t(" a year.")
            a.p()
        w.closer(a, ["Shall I send you the application format?", "Please submit the form at the society office."])
        a.ins("claim", "The society also requires a police verification form for tenants.")
        a.ins("claim", "Renovation work is not permitted during the monsoon months.")
        a.ins("behavior", "I have forwarded your request to the Secretary.")
        a.ins("behavior", "I have blocked the service lift for your shifting.")
        a.ins("elab", "as several residents complained about noise last year", clause=True)
        a.ins("cite", f"Circular: https://greenmeadowschs.example/circulars/gm-{today.year}-{r.randint(10, 99)}")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
