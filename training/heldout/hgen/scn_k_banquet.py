"""banquet_hall (set k): an Indian banquet and wedding venue's event desk — a booking's payments (amount paid and
balance, share paid, the instalment schedule of 25 % / 50 % / balance and the next instalment, days to the event), a
quote (hall rent, plates at the package rate, decoration, GST at 18 %, total, the 25 % advance, cost per plate and the
difference with another package), increasing the guest count (a hall over capacity refused by design and the bigger
hall taken, extra plates, rent difference, GST and the new balance) and questions answered from the booking terms
fetched by path (refund slab by days before the event, overtime per hour or part, extra plates at the rate plus 10 %,
reducing the guaranteed count)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_int, s_obj, s_str
from .kstyle import Desk, ceil_div, person, stamp, vet

BASE = "https://api.shubhmangal.example/events/v1"
BRAND = "Shubh Mangal Banquets"
TEAM = "Team Shubh Mangal Events"
AGENT = "Anjali"
HALLS = {"durbar": ("Durbar Hall", 300, 75000.0), "sheesh_mahal": ("Sheesh Mahal", 500, 125000.0),
         "rose_lawn": ("Rose Garden Lawn", 1000, 180000.0)}
ORDER = ["durbar", "sheesh_mahal", "rose_lawn"]
OTHER_HALLS = ["Moti Mahal", "Shagun Hall", "Lotus Lawn"]
PACKAGES = {"veg_silver": ("Veg Silver", 850.0), "veg_gold": ("Veg Gold", 1150.0), "nonveg_gold": ("Non-Veg Gold", 1450.0)}
DECOR = {"none": 0.0, "basic": 35000.0, "premium": 85000.0}
EVENTS = ["Wedding reception", "Engagement", "Sangeet", "Birthday party", "Anniversary dinner"]
SESSIONS = {"lunch": (12, 16), "dinner": (19, 23)}
MODES = ["UPI", "NEFT", "Cheque", "Card"]
GST = 18


def r2(x):
    return round(x + 1e-9, 2)


def bill(hall, guests, pkg, decor):
    rent = HALLS[hall][2]
    rate = PACKAGES[pkg][1]
    food = rate * guests
    dec = DECOR[decor]
    sub = rent + food + dec
    gst = r2(sub * GST / 100)
    return {"hall_rent_inr": rent, "rate_per_plate_inr": rate, "food_inr": food, "decor_inr": dec, "subtotal_inr": sub,
            "gst_pct": GST, "gst_inr": gst, "total_inr": r2(sub + gst)}


class BanquetHall(Scenario):
    name = "banquet_hall"
    agent = "Anjali"
    service = "shubhmangal-events-desk"
    system = ("You are Anjali, the event desk assistant of Shubh Mangal Banquets, Jaipur. Use the tools to look up "
              "event bookings, prepare quotes, change guest counts and answer questions from the booking terms. "
              "Amounts in INR.")
    error_style = 0
    entity_noun = {"booking_id": "Booking", "policy_path": "Document"}
    preambles = ["Let me check the booking.", "One moment please, checking.", "Sure, let me pull up the details."]

    def __init__(self):
        bp = r"^BQ-\d{5}$"
        self.tools = [
            Tool("get_event_booking", "An event booking: host, event, date and session, hall, guaranteed guests, "
                                      "package, bill with GST, instalment schedule, payments, terms path.",
                 s_obj({"booking_id": s_str("Booking ID, e.g. 'BQ-40817'.", pattern=bp)}, ["booking_id"]),
                 entity={"booking_id": "id"}, http=BASE, extra=[("include_receipts", True)]),
            Tool("get_quote", "A quote for a hall, date, guest count, food package and decoration, with GST and "
                              "the rates of all packages.",
                 s_obj({"hall": s_str("Hall.", enum=list(HALLS)), "date": s_date("Event date, YYYY-MM-DD."),
                        "guests": s_int("Guaranteed guests.", 50, 1500), "package": s_str("Food package.", enum=list(PACKAGES)),
                        "decor": s_str("Decoration.", enum=list(DECOR))}, ["hall", "date", "guests", "package"]),
                 http=BASE, extra=[("include_dj", True)]),
            Tool("change_guests", "Change the guaranteed guest count of a booking, optionally moving it to another hall.",
                 s_obj({"booking_id": s_str("Booking ID.", pattern=bp), "guests": s_int("New guaranteed guests.", 50, 1500),
                        "hall": s_str("Hall to move to (optional).", enum=list(HALLS))}, ["booking_id", "guests"]),
                 entity={"booking_id": "id"}, http=BASE, extra=[("notify_host", True)]),
            Tool("get_policy", "Booking terms (Markdown, numbered clauses) by path.",
                 s_obj({"policy_path": s_str("Policy path from a booking, e.g. 'policies/booking-terms-2026.md'.",
                                             pattern=r"^policies/[a-z0-9-]+\.md$")}, ["policy_path"]),
                 entity={"policy_path": "path"}, extra=[("format", "md")]),
        ]
        self.intents = [("payment_status", self.payments, False), ("event_quote", self.quote, False),
                        ("guest_change", self.guests, True), ("terms_question", self.terms, True)]

    # ------------------------------------------------------------------ data
    def _booking(self, r, today, days_out=None, hall=None):
        bid = f"BQ-{r.randint(10000, 99999)}"
        full, first, hon = person(r)
        ev = today + dt.timedelta(days=days_out if days_out is not None else r.randint(10, 150))
        booked = today - dt.timedelta(days=r.randint(20, 120))
        hall = hall or r.choice(ORDER)
        cap = HALLS[hall][1]
        guests = r.choice([g for g in range(150, cap + 1, 25) if g >= cap * 0.5])
        pkg = r.choice(list(PACKAGES))
        decor = r.choice(["basic", "premium", "none"])
        b = bill(hall, guests, pkg, decor)
        tot = b["total_inr"]
        i1 = r2(tot * 0.25)
        i2 = r2(tot * 0.50)
        i3 = r2(tot - i1 - i2)
        inst = [{"label": "Advance (25%)", "due_date": booked.isoformat(), "amount_inr": i1},
                {"label": "Second instalment (50%)", "due_date": (ev - dt.timedelta(days=30)).isoformat(), "amount_inr": i2},
                {"label": "Balance", "due_date": (ev - dt.timedelta(days=7)).isoformat(), "amount_inr": i3}]
        pays = []
        if r.random() < 0.4:
            part = round(i1 * r.choice([0.4, 0.5, 0.6]) / 1000) * 1000
            pays.append({"date": booked.isoformat(), "amount_inr": float(part), "mode": r.choice(MODES)})
            pays.append({"date": (booked + dt.timedelta(days=r.randint(2, 9))).isoformat(), "amount_inr": r2(i1 - part), "mode": r.choice(MODES)})
        else:
            pays.append({"date": booked.isoformat(), "amount_inr": i1, "mode": r.choice(MODES)})
        d2 = dt.date.fromisoformat(inst[1]["due_date"])
        if d2 <= today and r.random() < 0.75:
            pays.append({"date": (d2 - dt.timedelta(days=r.randint(0, 3))).isoformat(), "amount_inr": i2, "mode": r.choice(MODES)})
        for p in pays:
            pd_ = dt.date.fromisoformat(p["date"])
            fy = pd_.year % 100 if pd_.month >= 4 else pd_.year % 100 - 1
            p["receipt_number"] = f"RCT/{fy}-{fy + 1}/{r.randint(1000, 9999)}"
        sess = r.choice(list(SESSIONS))
        res = {"booking_id": bid, "host": full, "event_type": r.choice(EVENTS), "event_date": ev.isoformat(), "session": sess,
               "hall": hall, "hall_name": HALLS[hall][0], "hall_capacity": cap, "guests_guaranteed": guests,
               "package": pkg, "package_name": PACKAGES[pkg][0], "decor": decor, "bill": b, "instalments": inst,
               "payments": pays, "booked_on": booked.isoformat(),
               "policy_path": f"policies/{r.choice(['booking-terms-2026', 'banquet-terms-v3'])}.md",
               "as_of": stamp(today, r.randint(10, 20), r.randint(0, 59))}
        return bid, res, (first, hon)

    # ------------------------------------------------------------------ intents
    def payments(self, ctx):
        r, today = ctx.r, ctx.today
        bid, bk, who = self._booking(r, today, days_out=r.randint(10, 90))
        b = bk["bill"]
        tot = b["total_inr"]
        pays = bk["payments"]
        paid = r2(sum(p["amount_inr"] for p in pays))
        bal = r2(tot - paid)
        ev = dt.date.fromisoformat(bk["event_date"])
        req = r.choice([f"How much have we paid so far for booking {bid} and what is pending?",
                        f"Booking {bid} - please share the payment status and next due date.",
                        f"Kindly confirm balance amount for {bid}."])
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        a = A()
        w.opener(a)
        a.t(f"For your {bk['event_type'].lower()} on ").x(w.d(ev), tmp=w.d(ev + dt.timedelta(days=1))).t(" at ").x(bk["hall_name"], ent=r.choice(OTHER_HALLS)).t(" ")
        a.t(f"({w.cnt((ev - today).days, 'day')} to go), the total bill is ").x(w.money(tot), num=w.money(tot + 18000)).t(f" including GST at {w.pc(GST, 0)}.")
        a.p()
        w.para(a)
        a.t("Amount received so far: ")
        last = pays[-1]["amount_inr"]
        a.x(w.money(paid), num=w.money(paid + 25000), conf=("numerical", w.money(last)) if last != paid else None)
        a.t(f" in {w.cnt(len(pays), 'payment')}, i.e. ").x(w.pct(paid, tot), num=w.pc(round(100 * paid / tot + 12, 1))).t(" of the total")
        half = paid * 2 > tot
        a.t(" (").x("more than half" if half else "less than half", rel="less than half" if half else "more than half").t(")")
        a.t(". Balance payable: ").x(w.money(bal), num=w.money(bal - 15000)).t(".")
        a.p()
        a.t(" The advance of 25% ").x("has been received in full", neg="has not been received yet").t(".")
        a.p()
        flip = r.randint(0, len(pays) - 1)
        if w.table:
            w.head(a, ["S.No.", "Date", "Mode", "Receipt No.", "Amount"])
            for k, p in enumerate(pays):
                w.row(a).t(str(k + 1))
                w.cell(a).x(w.d(p["date"], wk=False), tmp=w.d(dt.date.fromisoformat(p["date"]) + dt.timedelta(days=5), wk=False) if k == flip else None)
                w.cell(a).x(p["mode"], val=r.choice([m for m in MODES if m != p["mode"]]) if k == flip else None)
                w.cell(a).x(p["receipt_number"], fid=mutate_id(p["receipt_number"], r) if k == flip else None)
                w.cell(a).t(w.money(p["amount_inr"]))
                w.end_row(a)
            a.pp()
        else:
            w.para(a)
            w.start()
            for k, p in enumerate(pays):
                w.li(a)
                a.x(w.d(p["date"], wk=False), tmp=w.d(dt.date.fromisoformat(p["date"]) + dt.timedelta(days=5), wk=False) if k == flip else None).t(f" - {w.money(p['amount_inr'])} by ")
                a.x(p["mode"], val=r.choice([m for m in MODES if m != p["mode"]]) if k == flip else None).t(" (Receipt No. ").x(p["receipt_number"], fid=mutate_id(p["receipt_number"], r) if k == flip else None).t(")")
                w.pt(a)
        w.para(a)
        # next instalment not fully covered
        cum, nxt = 0.0, None
        for ins in bk["instalments"]:
            cum = r2(cum + ins["amount_inr"])
            if paid + 0.005 < cum:
                nxt = (ins, r2(cum - paid))
                break
        ins, due_amt = nxt
        dd = dt.date.fromisoformat(ins["due_date"])
        a.t(f"Next due: {ins['label']} of ")
        a.x(w.money(due_amt), num=w.money(due_amt + 10000), conf=("numerical", w.money(bal)) if bal != due_amt else None)
        if due_amt != ins["amount_inr"]:
            a.t(f" (remaining part of {w.money(ins['amount_inr'])})")
        if dd < today:
            a.t(", which ").x("is overdue", neg="is not yet due").t(" since ").x(w.d(dd), tmp=w.d(dd + dt.timedelta(days=7))).t(f" ({w.cnt((today - dd).days, 'day')} {w.ago})")
        else:
            a.t(", due on or before ").x(w.when(dd), tmp=w.when(dd + dt.timedelta(days=7)))
        a.pc().t(".")
        a.p()
        if r.random() < 0.5:
            a.t(" (Balance = `").x("total_inr", attr=r.choice(["grand_total_inr", "net_payable_inr"])).t("` less the payments received.)")
            a.p()
        w.closer(a, ["Shall I share the bank details for NEFT?", "Do you want me to send a payment link?"])
        a.ins("claim", "The balance can also be paid in cash at the venue on the event day.")
        a.ins("claim", f"{bk['hall_name']} is fully booked on the previous evening as well.")
        a.ins("behavior", "I have sent a payment reminder to your registered mobile number.")
        a.ins("behavior", "I have extended the due date by one week for you.")
        a.ins("elab", "as the caterer needs the final amount to procure material", clause=True)
        a.ins("cite", f"Payment link: https://pay.shubhmangal.example/bq/{bid.lower()}-{r.randint(100, 999)}")
        return vet(self, Plan(req, [Turn([Call("get_event_booking", {"booking_id": bid}, bk)])], a))

    def quote(self, ctx):
        r, today = ctx.r, ctx.today
        hall = r.choice(ORDER)
        cap = HALLS[hall][1]
        guests = r.choice([g for g in range(100, cap + 1, 25) if g >= cap * 0.4])
        pkg = r.choice(list(PACKAGES))
        decor = r.choice(list(DECOR))
        ev = today + dt.timedelta(days=r.randint(20, 200))
        b = bill(hall, guests, pkg, decor)
        qid = f"QT-{today.year}-{r.randint(1000, 9999)}"
        res = {"quote_id": qid, "hall": hall, "hall_name": HALLS[hall][0], "hall_capacity": cap, "date": ev.isoformat(),
               "available": True, "guests": guests, "package": pkg, "package_name": PACKAGES[pkg][0], "decor": decor, **b,
               "advance_pct": 25, "advance_inr": r2(b["total_inr"] * 0.25),
               "package_rates_inr": {k: v[1] for k, v in PACKAGES.items()}, "valid_until": (today + dt.timedelta(days=7)).isoformat(),
               "as_of": stamp(today, r.randint(10, 20), r.randint(0, 59))}
        args = {"hall": hall, "date": ev.isoformat(), "guests": guests, "package": pkg, "decor": decor}
        dword = {"none": "no decoration", "basic": "basic decoration", "premium": "premium decoration"}[decor]
        req = r.choice([f"Please quote for {HALLS[hall][0]} on {ev.isoformat()}, {guests} guests, {PACKAGES[pkg][0]} menu, {dword}.",
                        f"What will be the total cost for {guests} guests in {HALLS[hall][0]} on {ev.isoformat()} with {PACKAGES[pkg][0]} and {dword}?"])
        w = Desk(r, today, BRAND, TEAM, AGENT)
        a = A()
        w.opener(a)
        a.t(f"{HALLS[hall][0]} is ").x("available", val="on hold").t(" on ").x(w.d(ev), tmp=w.d(ev + dt.timedelta(days=1))).t(". Please find the quote ")
        a.x(qid, fid=mutate_id(qid, r)).t(" below:")
        lines = [("Hall rent", b["hall_rent_inr"], None), (f"Food - {PACKAGES[pkg][0]} ({w.money(b['rate_per_plate_inr'])} x {guests} plates)", b["food_inr"], "food")]
        if b["decor_inr"]:
            lines.append((f"Decoration ({decor})", b["decor_inr"], None))
        if w.table:
            w.head(a, ["S.No.", "Particulars", "Amount"])
            for k, (lab, amt, tag) in enumerate(lines):
                w.row(a).t(str(k + 1))
                w.cell(a).t(lab)
                w.cell(a).x(w.money(amt), num=w.money(amt + 20000) if tag else None)
                w.end_row(a)
            w.row(a).t("")
            w.cell(a).t("Sub-total")
            w.cell(a).x(w.money(b["subtotal_inr"]), num=w.money(b["subtotal_inr"] - 15000))
            w.end_row(a)
            w.row(a).t("")
            w.cell(a).t(f"GST @ {w.pc(GST, 0)}")
            w.cell(a).x(w.money(b["gst_inr"]), num=w.money(r2(b["gst_inr"] * 0.5)))
            w.end_row(a)
            w.row(a).t("")
            w.cell(a).t("**Total**")
            w.cell(a).t("**").x(w.money(b["total_inr"]), num=w.money(b["total_inr"] + 30000), conf=("numerical", w.money(b["subtotal_inr"]))).t("**")
            w.end_row(a)
            a.pp()
        else:
            w.para(a)
            for lab, amt, tag in lines:
                w.kv(a, lab).x(w.money(amt), num=w.money(amt + 20000) if tag else None)
            w.kv(a, "Sub-total").x(w.money(b["subtotal_inr"]), num=w.money(b["subtotal_inr"] - 15000))
            w.kv(a, f"GST @ {w.pc(GST, 0)}").x(w.money(b["gst_inr"]), num=w.money(r2(b["gst_inr"] * 0.5)))
            w.kv(a, "Total").x(w.money(b["total_inr"]), num=w.money(b["total_inr"] + 30000), conf=("numerical", w.money(b["subtotal_inr"])))
        w.para(a)
        pp = b["total_inr"] / guests
        a.t("This works out to ").x(w.near(pp, 1, lambda v: w.money(v, 0) if w.cur != "rs_slash" else w.money(v)), num=w.money(round(pp + 150))).t(" per guest, all inclusive. ")
        if b["total_inr"] >= 100000:
            a.t("In round terms, that is ").x(w.lakh(b["total_inr"]), num=w.lakh(b["total_inr"] + 250000)).t(". ")
        a.t("The advance of ").x(w.pc(25, 0), num=w.pc(40, 0)).t(", i.e. ").x(w.money(res["advance_inr"]), num=w.money(res["advance_inr"] + 5000)).t(", is to be paid to confirm the date. The quote is valid till ")
        a.x(w.d(res["valid_until"]), tmp=w.d(dt.date.fromisoformat(res["valid_until"]) + dt.timedelta(days=7))).t(".")
        a.p()
        others = [k for k in PACKAGES if k != pkg]
        alt = r.choice(others)
        diff = (PACKAGES[alt][1] - PACKAGES[pkg][1]) * guests
        w.para(a)
        a.t(f"If you opt for {PACKAGES[alt][0]} instead, the food cost will be ").x("higher" if diff > 0 else "lower", rel="lower" if diff > 0 else "higher").t(" by ")
        a.x(w.money(abs(diff)), num=w.money(abs(diff) * 2)).t(" before GST (").x(w.money(abs(diff) * (1 + GST / 100)), num=w.money(abs(diff))).t(" with GST)")
        a.pc().t(".")
        a.p()
        if decor == "none":
            a.t(" Decoration is ").x("not included", neg="included").t(" in this quote.")
            a.p()
        if r.random() < 0.4:
            a.t(" GST is shown separately under `").x("gst_inr", attr=r.choice(["tax_inr", "cgst_sgst_inr"])).t("`.")
            a.p()
        w.closer(a, ["Shall I block the date for you?", "Do you want me to prepare a quote for another package?"])
        a.ins("claim", "Dates in the wedding season usually get booked four to five months in advance.")
        a.ins("claim", f"{HALLS[hall][0]} has valet parking for 120 cars.")
        a.ins("behavior", "I have blocked the date for 48 hours without advance.")
        a.ins("behavior", "I have shared the quote on your WhatsApp number.")
        a.ins("elab", "as the hall rent already includes the AC charges and generator backup", clause=True)
        a.ins("cite", f"Quote PDF: https://shubhmangal.example/quotes/{qid.lower()}-r{r.randint(2, 9)}.pdf")
        return vet(self, Plan(req, [Turn([Call("get_quote", args, res)])], a))

    def guests(self, ctx):
        r, today = ctx.r, ctx.today
        hall0 = r.choice(ORDER[:2])
        bid, bk, who = self._booking(r, today, days_out=r.randint(20, 120), hall=hall0)
        cap = bk["hall_capacity"]
        g0 = bk["guests_guaranteed"]
        over = g0 == cap or r.random() < 0.6
        if over:
            new = cap + r.choice([25, 50, 75, 100])
            hall = ORDER[ORDER.index(hall0) + 1]
        else:
            new = min(cap, g0 + r.choice([25, 50]))
            hall = hall0
        b0 = bk["bill"]
        b1 = bill(hall, new, bk["package"], bk["decor"])
        paid = r2(sum(p["amount_inr"] for p in bk["payments"]))
        turns = []
        if over:
            nxt = ORDER[ORDER.index(hall0) + 1]
            turns.append(Turn([Call("change_guests", {"booking_id": bid, "guests": new},
                                    {"changed": False, "reason_code": "HALL_CAPACITY_EXCEEDED",
                                     "message": f"{HALLS[hall0][0]} seats up to {cap} guests.",
                                     "alternatives": [{"hall": nxt, "hall_name": HALLS[nxt][0], "capacity": HALLS[nxt][1],
                                                       "available": True, "rent_inr": HALLS[nxt][2]}]})]))
            args = {"booking_id": bid, "guests": new, "hall": hall}
        else:
            args = {"booking_id": bid, "guests": new}
        ok = {"changed": True, "booking_id": bid, "hall": hall, "hall_name": HALLS[hall][0], "guests_guaranteed": new,
              "previous_guests": g0, "bill": b1, "previous_total_inr": b0["total_inr"], "paid_inr": paid,
              "balance_inr": r2(b1["total_inr"] - paid), "as_of": bk["as_of"]}
        turns.append(Turn([Call("change_guests", args, ok)]))
        gb = Call("get_event_booking", {"booking_id": bid}, bk)
        history = None
        if ctx.followup:
            history = History().user(f"Details of booking {bid} please.")
            history.call([gb])
            history.reply(f"{bid}: {bk['event_type']} on {bk['event_date']}, {bk['hall_name']}, {g0} guests, {bk['package_name']}.")
            req = r.choice([f"We need to make it {new} guests. Please update.", f"Can you change the guest count to {new}?"])
        else:
            req = f"Please change the guest count for booking {bid} to {new}."
            turns = [Turn([gb])] + turns
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        a = A()
        w.opener(a, followup=ctx.followup)
        if over:
            a.t(f"{HALLS[hall0][0]} can seat only up to ").x(f"{cap} guests", num=f"{cap + 100} guests").t(" (`").x("HALL_CAPACITY_EXCEEDED", attr=r.choice(["CAPACITY_FULL", "MAX_GUESTS_REACHED"])).t("`), hence I have ")
            a.x("moved", val="provisionally moved").t(" your booking to ").x(HALLS[hall][0], ent=r.choice(OTHER_HALLS)).t(f", which seats {HALLS[hall][1]}, and updated the count to ")
            a.x(f"{new} guests", num=f"{new - 50} guests").t(".")
        else:
            a.t("I have ").x("updated", val="requested an update to").t(" the guaranteed guest count from ").x(str(g0), num=str(g0 + 50), conf=("numerical", str(cap)) if cap != g0 and cap != new else None).t(" to ").x(str(new), num=str(new + 40)).t(f" in {HALLS[hall][0]}.")
        a.p()
        w.para(a)
        dplates = new - g0
        food_d = (new - g0) * b1["rate_per_plate_inr"]
        w.kv(a, "Booking ID").x(bid, fid=mutate_id(bid, r))
        w.kv(a, "Event date").x(w.d(bk["event_date"]), tmp=w.d(dt.date.fromisoformat(bk["event_date"]) + dt.timedelta(days=7)))
        w.kv(a, "Additional plates").t(f"{dplates} x {w.money(b1['rate_per_plate_inr'])} = ").x(w.money(food_d), num=w.money(food_d + 8500))
        if over:
            rd = b1["hall_rent_inr"] - b0["hall_rent_inr"]
            w.kv(a, "Hall rent difference").x(w.money(rd), num=w.money(rd + 25000), conf=("numerical", w.money(b1["hall_rent_inr"])))
        w.kv(a, f"Revised total (incl. GST)").x(w.money(b1["total_inr"]), num=w.money(b1["total_inr"] + 40000), conf=("numerical", w.money(b0["total_inr"])))
        w.kv(a, "Paid so far").x(w.money(paid), num=w.money(paid + 20000))
        w.kv(a, "Balance").x(w.money(ok["balance_inr"]), num=w.money(ok["balance_inr"] - 30000))
        w.para(a)
        inc = r2(b1["total_inr"] - b0["total_inr"])
        a.t("The total has gone ").x("up" if inc > 0 else "down", rel="down" if inc > 0 else "up").t(" by ").x(w.money(abs(inc)), num=w.money(abs(inc) + 12000)).t(f" compared to the earlier {w.money(b0['total_inr'])}")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Shall I send the revised invoice?", "Please confirm the final menu so that I can inform the kitchen."])
        a.ins("claim", "Guest counts can be revised free of charge up to the event day.")
        a.ins("claim", f"{HALLS[hall][0]} also has a separate dining area for 200 guests.")
        a.ins("behavior", "I have informed the caterer about the revised count.")
        a.ins("behavior", "I have waived the hall rent difference as a goodwill gesture.")
        a.ins("elab", "since the lawn is the only hall with a separate entry for the baraat", clause=True)
        a.ins("cite", f"Revised invoice: INV/{today.year % 100}-{today.year % 100 + 1}/{r.randint(10000, 99999)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def terms(self, ctx):
        r, today = ctx.r, ctx.today
        bid, bk, who = self._booking(r, today, days_out=r.randint(8, 160))
        ot = r.choice([10000, 12500, 15000])
        red = r.choice([10, 5])
        doc = ("# Shubh Mangal Banquets - Booking Terms\n\n"
               "## 1. Payments\n"
               "1.1 25% of the total at the time of booking.\n"
               "1.2 50% of the total 30 days before the event date.\n"
               "1.3 Balance 7 days before the event date.\n\n"
               "## 2. Cancellation\n"
               "2.1 More than 90 days before the event: 90% of the amount paid is refunded.\n"
               "2.2 30 to 90 days before the event: 50% of the amount paid is refunded.\n"
               "2.3 Less than 30 days before the event: no refund.\n"
               "2.4 Refunds are processed within 15 working days.\n\n"
               "## 3. Guest count\n"
               f"3.1 The guaranteed count may be reduced by up to {red}% without charge until 15 days before the event.\n"
               "3.2 Plates served beyond the guaranteed count are billed at the package rate plus 10%, plus GST.\n\n"
               "## 4. Timings\n"
               "4.1 Lunch session 12:00 PM to 4:00 PM; dinner session 7:00 PM to 11:00 PM.\n"
               f"4.2 Overtime beyond the session: Rs. {ot}/- per hour or part thereof, plus GST at 18%.\n"
               "4.3 Music must stop by 10:00 PM as per local regulations.\n")
        path = bk["policy_path"]
        ev = dt.date.fromisoformat(bk["event_date"])
        variant = r.choice(["cancel", "cancel", "overtime", "extra", "reduce"])
        if variant == "overtime" and bk["session"] != "dinner":
            variant = "extra"
        if variant == "cancel":
            q = r.choice(["If we cancel the event now, how much will be refunded?", "What is the refund if we cancel today?"])
        elif variant == "overtime":
            endh, endm = r.choice([(23, 30), (0, 15), (0, 45), (1, 0), (23, 50)])
            q = f"The function may go on till {endh:02d}:{endm:02d}. What will be the extra charge?"
        elif variant == "extra":
            extra = r.choice([20, 30, 40, 60])
            q = f"What if {extra} more guests turn up than our guaranteed count on the day?"
        else:
            cut = r.choice([10, 15, 20, 25, 40])
            q = f"Can we reduce the guaranteed count by {cut} guests? Will we save anything?"
        gb = Call("get_event_booking", {"booking_id": bid}, bk)
        gp = Call("get_policy", {"policy_path": path}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Booking {bid} - what is the event date and hall?")
            history.call([gb])
            history.reply(f"{bid}: {bk['event_type']} on {bk['event_date']} ({bk['session']}) in {bk['hall_name']}, {bk['guests_guaranteed']} guests.")
            req = q
            turns = [Turn([gp])]
        else:
            req = f"Booking {bid}. {q}"
            turns = [Turn([gb]), Turn([gp])]
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        fake = lambda real: r.choice([s for s in ["1.4", "2.5", "3.3", "4.4", "5.1"] if s != real])
        rate = bk["bill"]["rate_per_plate_inr"]
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "cancel":
            paid = r2(sum(p["amount_inr"] for p in bk["payments"]))
            nd = (ev - today).days
            if nd > 90:
                pctr, sec = 90, "2.1"
            elif nd >= 30:
                pctr, sec = 50, "2.2"
            else:
                pctr, sec = 0, "2.3"
            refund = r2(paid * pctr / 100)
            a.t(f"Your {bk['event_type'].lower()} at ").x(bk["hall_name"], ent=r.choice(OTHER_HALLS)).t(" is on ").x(w.d(ev), tmp=w.d(ev - dt.timedelta(days=20))).t(", i.e. ").x(w.cnt(nd, "day"), num=w.cnt(nd + 25, "day")).t(" from today, so clause ").x(sec, sec=fake(sec)).t(" applies")
            if pctr:
                a.t(f": {w.pc(pctr, 0)} of the amount paid ").x("is refunded", neg="is forfeited").t(".")
                a.p()
                w.para(a)
                w.kv(a, "Amount paid").x(w.money(paid), num=w.money(paid + 30000))
                w.kv(a, "Refund").t(f"{w.money(paid)} x {w.pc(pctr, 0)} = ").x(w.money(refund), num=w.money(r2(paid * (pctr - 40) / 100)), conf=("numerical", w.money(r2(paid - refund))))
                w.kv(a, "Deduction").x(w.money(r2(paid - refund)), num=w.money(r2(paid - refund) + 10000))
                w.para(a)
                a.t("Refunds are processed within ").x("15 working days", num="7 working days").t(" (clause ").x("2.4", sec=fake("2.4")).t(").")
                a.p()
                if pctr == 90:
                    ch = ev - dt.timedelta(days=90)
                    a.t(" Please note that from ").x(w.d(ch), tmp=w.d(ch + dt.timedelta(days=30))).t(" onwards only ").x(w.pc(50, 0), num=w.pc(75, 0)).t(" would be refunded.")
                    a.p()
            else:
                a.t(": as the event is ").x("less than", rel="more than").t(" 30 days away, ").x("no refund is payable", neg="a refund is payable").t(f" on the {w.money(paid)} paid.")
                a.p()
        elif variant == "overtime":
            s_end = dt.datetime(2026, 1, 1, 23, 0)
            e = dt.datetime(2026, 1, 1 if endh >= 12 else 2, endh, endm)
            mins = int((e - s_end).total_seconds() // 60)
            hrs = ceil_div(mins, 60)
            base = hrs * ot
            tot = r2(base * 1.18)
            a.t(f"The dinner session ends at {w.hm(23)} (clause ").x("4.1", sec=fake("4.1")).t(f"). Going on till {w.hm(endh, endm)} means ").x(w.dur(mins), num=w.dur(mins + 60)).t(" of overtime, which is charged as ")
            a.x(w.cnt(hrs, "hour"), num=w.cnt(hrs + 1, "hour")).t(" since every hour ").x("or part thereof", neg="excluding part hours").t(" counts (clause ").x("4.2", sec=fake("4.2")).t(").")
            a.p()
            w.para(a)
            w.kv(a, "Overtime").t(f"{hrs} x {w.money(ot)} = ").x(w.money(base), num=w.money(base + ot))
            w.kv(a, f"GST @ {w.pc(18, 0)}").x(w.money(r2(base * 0.18)), num=w.money(r2(base * 0.12)))
            w.kv(a, "Total").x(w.money(tot), num=w.money(tot + 5000), conf=("numerical", w.money(base)))
            w.para(a)
            a.t("Kindly note that music has to stop by ").x(w.hm(22), tmp=w.hm(23)).t(" as per local regulations (clause ").x("4.3", sec=fake("4.3")).t(")")
            a.pc().t(".")
            a.p()
        elif variant == "extra":
            r10 = r2(rate * 1.10)
            base = r2(r10 * extra)
            tot = r2(base * 1.18)
            a.t("Plates beyond the guaranteed count of ").x(str(bk["guests_guaranteed"]), num=str(bk["guests_guaranteed"] + 50)).t(" are billed at the package rate ").x("plus 10%", num="plus 25%").t(", plus GST (clause ").x("3.2", sec=fake("3.2")).t(").")
            a.p()
            w.para(a)
            w.kv(a, "Rate per extra plate").t(f"{w.money(rate)} + 10% = ").x(w.money(r10), num=w.money(r10 + 100), conf=("numerical", w.money(rate)))
            w.kv(a, f"{extra} extra plates").t(f"{extra} x {w.money(r10)} = ").x(w.money(base), num=w.money(base + 5000))
            w.kv(a, "With GST @ 18%").x(w.money(tot), num=w.money(tot + 8000))
            w.para(a)
            a.t("This is ").x("more", rel="less").t(" than adding them to the guaranteed count in advance, which would cost ").x(w.money(r2(rate * extra * 1.18)), num=w.money(r2(rate * extra))).t(" with GST")
            a.pc().t(".")
            a.p()
        else:
            g = bk["guests_guaranteed"]
            allowed = g * red // 100
            last = ev - dt.timedelta(days=15)
            ok_time = today <= last
            a.t(f"As per clause ").x("3.1", sec=fake("3.1")).t(", the guaranteed count can be reduced by up to ").x(w.pc(red, 0), num=w.pc(red + 10, 0)).t(" without charge until ")
            a.x(w.d(last), tmp=w.d(last + dt.timedelta(days=10))).t(" (15 days before the event). On your count of ").x(str(g), num=str(g + 100)).t(" that is up to ")
            a.x(f"{allowed} guests", num=f"{allowed + 15} guests").t(".")
            a.p()
            w.para(a)
            if not ok_time:
                a.t("I am sorry, that date ").x("has already passed", neg="has not passed yet").t(", hence the count cannot be reduced now.")
            elif cut <= allowed:
                sv = r2(cut * rate * 1.18)
                a.t(f"Reducing by {cut} is ").x("within", rel="beyond").t(" the limit, so you save ").x(w.money(sv), num=w.money(sv + 6000), conf=("numerical", w.money(cut * rate)))
                a.t(f" ({cut} x {w.money(rate)} + GST).")
            else:
                a.t(f"Reducing by {cut} is ").x("beyond", rel="within").t(" the limit; only ").x(str(allowed), num=str(allowed + 10)).t(f" can be reduced, which saves {w.money(r2(allowed * rate * 1.18))} including GST.")
            a.p()
        w.closer(a, ["Shall I process the request?", "Please confirm so that I can proceed."])
        a.ins("claim", "Refunds are credited only by cheque in the name of the host.")
        a.ins("claim", "Overtime is waived for bookings above 500 guests.")
        a.ins("behavior", "I have initiated the cancellation as discussed.")
        a.ins("behavior", "I have informed the kitchen to prepare 10% extra food.")
        a.ins("elab", "as the venue has to pay the staff overtime wages", clause=True)
        a.ins("cite", f"Reference: https://shubhmangal.example/terms/amendments/am-{r.randint(100, 999)}")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
