"""dental_lab (set h): case status for a dental practice's lab work, invoices (with a euro conversion for practices in
Ireland), remake requests (a warranty remake refused by design and lodged as a chargeable remake) and the lab's remake
and turnaround policy fetched by URL."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, s_obj, s_str
from .hstyle import Quill, guard

BASE = "https://api.brightbite-lab.example/v2"
POLICY = "https://docs.brightbite-lab.example/policies"
DENTISTS = ["Dr Aoife Brennan", "Dr Hamish Stewart", "Dr Sunita Rao", "Dr Gareth Pugh", "Dr Fiona McAllister",
            "Dr Oliver Hart"]
OTHER_DENTISTS = ["Dr Moira Quinlan", "Dr Rupert Ashdown", "Dr Leena Shah"]
ITEMS = [("zirconia crown", 165.0), ("e.max crown", 185.0), ("e.max veneer", 195.0), ("PFM bridge unit", 140.0),
         ("implant abutment", 210.0), ("night guard", 85.0)]
SHADES = ["A1", "A2", "A3", "B1", "B2", "A3.5", "C1"]
STAGES = ["received", "design", "milling", "sintering", "glazing", "quality_check", "dispatched"]
STAGE_WORDS = {"received": "booked in", "design": "in design", "milling": "being milled", "sintering": "in the sintering furnace",
               "glazing": "being glazed", "quality_check": "at quality check", "dispatched": "dispatched"}
PRACTICES = [("PR-2207", "Harbourside Dental", "GB"), ("PR-3381", "Meadowbank Smiles", "GB"),
             ("PR-4150", "Liffey Dental Care", "IE"), ("PR-5026", "Elm Row Dental", "GB"), ("PR-6612", "Galway Bay Dental", "IE")]


def add_workdays(d, n):
    while n > 0:
        d += dt.timedelta(days=1)
        if d.weekday() < 5:
            n -= 1
    return d


class DentalLab(Scenario):
    name = "dental_lab"
    agent = "Facet"
    service = "brightbite-lab-assistant"
    system = ("You are Facet, the practice-support assistant of Brightbite Dental Laboratory. You help dental practices "
              "with case status, invoices, remakes and lab policies using the tools. Prices are in GBP; practices in "
              "Ireland are shown euro equivalents at the rate on the invoice. Refer to patients only by the case's "
              "patient reference.")
    error_style = 1
    entity_noun = {"case_id": "Case", "practice_id": "Practice", "invoice_id": "Invoice", "policy_url": "Policy"}
    preambles = ["Let me check the lab system.", "Just a moment while I look that up.", "Checking the case now."]

    def __init__(self):
        case_id = s_str("Case number, e.g. 'BB-26-04817'.", pattern=r"^BB-\d{2}-\d{5}$")
        self.tools = [
            Tool("list_cases", "Cases for a practice, newest first.",
                 s_obj({"practice_id": s_str("Practice ID, e.g. 'PR-2207'.", pattern=r"^PR-\d{4}$"),
                        "status": s_str("Filter.", enum=["open", "dispatched", "all"])}, ["practice_id"]),
                 entity={"practice_id": "id"}, http=BASE, extra=[("page_size", 50)]),
            Tool("get_case", "One case: items, shades, production stage, dates, courier and the policy link.",
                 s_obj({"case_id": case_id}, ["case_id"]), entity={"case_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("get_invoice", "An invoice with its line items, discount, status and (for Irish practices) the EUR rate.",
                 s_obj({"invoice_id": s_str("Invoice number, e.g. 'INV-204518'.", pattern=r"^INV-\d{6}$")}, ["invoice_id"]),
                 entity={"invoice_id": "id"}, http=BASE, extra=[("format", "pdf")]),
            Tool("request_remake", "Lodge a remake for a case. Warranty remakes are free; chargeable remakes are billed.",
                 s_obj({"case_id": case_id,
                        "remake_type": s_str("Warranty or chargeable.", enum=["warranty", "chargeable"]),
                        "reason": s_str("Reason.", enum=["fit", "shade", "fracture", "contacts"]),
                        "notes": s_str("Notes for the technician.", max_len=280)}, ["case_id", "remake_type", "reason"]),
                 entity={"case_id": "id"}, http=BASE, extra=[("priority", "rush")]),
            Tool("get_lab_policy", "The lab's remake, warranty and turnaround policy (plain text, numbered clauses).",
                 s_obj({"policy_url": s_str("Policy URL from get_case.", pattern=r"^https://docs\.brightbite-lab\.example/")},
                       ["policy_url"]), entity={"policy_url": "url"}, extra=[("version", "latest")]),
        ]
        self.intents = [("case_status", self.status, True), ("invoice_check", self.invoice, False),
                        ("remake_request", self.remake, False), ("policy_question", self.policy, True)]

    # ------------------------------------------------------------------ helpers
    def case(self, r: R, today, stage=None, seated=False):
        cid = f"BB-26-{r.randint(10000, 99999)}"
        pid, pname, country = r.choice(PRACTICES)
        received = today - dt.timedelta(days=r.randint(2, 6)) if not seated else today - dt.timedelta(days=r.randint(40, 160))
        n = r.choice([1, 1, 2, 3])
        kind = r.choice(ITEMS[:5])
        teeth = sorted(r.sample(["11", "12", "21", "22", "14", "15", "16", "24", "25", "26", "36", "46"], n))
        shade = r.choice(SHADES)
        items = [{"tooth": t, "type": kind[0], "shade": shade, "fee_gbp": kind[1]} for t in teeth]
        stage = "dispatched" if seated else (stage or r.choice(STAGES))
        si = STAGES.index(stage)
        hist, t = [], dt.datetime(received.year, received.month, received.day, 9, r.choice([5, 20, 40]))
        step = max(3, min(26, ((today - received).days * 24 - 12) // (si + 1)))
        for k in range(si + 1):
            hist.append({"stage": STAGES[k], "at": t.strftime("%Y-%m-%dT%H:%M:00+01:00")})
            t += dt.timedelta(hours=step - r.choice([0, 1, 2]), minutes=r.choice([0, 15, 35]))
        due = add_workdays(received, r.choice([7, 8, 10]))
        rec = {"case_id": cid, "practice_id": pid, "practice": pname, "dentist": r.choice(DENTISTS),
               "patient_ref": f"{r.choice('ABCDEGHJKLMRST')}{r.choice('ABCDEGHJKLMRST')}-{r.randint(100, 999)}",
               "received": received.isoformat(), "due_date": due.isoformat(), "stage": stage, "stage_history": hist,
               "items": items, "policy_url": f"{POLICY}/remakes-and-turnaround-v{r.choice([3, 4])}"}
        if stage == "dispatched":
            rec["courier"] = {"service": "DPD Next Day", "tracking": f"{r.randint(10**13, 10**14 - 1)}",
                              "expected": add_workdays(dt.date.fromisoformat(hist[-1]["at"][:10]), 1).isoformat()}
        if seated:
            rec["stage"] = "seated"
            rec["seated_date"] = (received + dt.timedelta(days=r.randint(9, 14))).isoformat()
        return cid, rec

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        cid, case = self.case(r, today)
        stage = case["stage"]
        gc = Call("get_case", {"case_id": cid}, case)
        history = None
        if ctx.followup:
            others = []
            for _ in range(r.choice([1, 2])):
                _, o = self.case(r, today)
                others.append({"case_id": o["case_id"], "patient_ref": o["patient_ref"], "due_date": o["due_date"], "stage": o["stage"]})
            cases = [{"case_id": cid, "patient_ref": case["patient_ref"], "due_date": case["due_date"], "stage": stage}] + others
            r.shuffle(cases)
            lc = Call("list_cases", {"practice_id": case["practice_id"], "status": "open"}, {"practice_id": case["practice_id"], "cases": cases})
            history = History().user(f"What cases have we got open with you? Practice {case['practice_id']}.")
            history.call([lc])
            history.reply(f"You have {len(cases)} open cases: " + "; ".join(f"{c['case_id']} (patient {c['patient_ref']})" for c in cases) + ".")
            req = r.choice([f"Where's the one for patient {case['patient_ref']} up to?", f"Can you give me the detail on {case['patient_ref']}'s case?"])
        else:
            req = r.choice([f"Hi, could you tell me where case {cid} is up to?", f"Any update on {cid}? The patient's booked in soon."])
        w = Quill(r, today)
        due = dt.date.fromisoformat(case["due_date"])
        last = case["stage_history"][-1]
        prev_stage = case["stage_history"][-2]["stage"] if len(case["stage_history"]) > 1 else None
        items = case["items"]
        other_stage = r.choice([s for s in STAGES if s != stage])
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("Case ").x(cid, fid=f"BB-26-{int(cid[-5:]) + r.choice([13, 101, 7]):05d}").t(f" (patient {case['patient_ref']}) is currently ")
        a.x(STAGE_WORDS[stage], val=STAGE_WORDS[other_stage]).t(", and moved to that stage at ").x(w.t(last["at"]), tmp=w.hm(int(last["at"][11:13]) - 2, int(last["at"][14:16])))
        a.t(" on ").t(w.d(last["at"])).t(".").p()
        w.par(a)
        if len(items) == 1:
            a.t("It's a single ").x(items[0]["type"], ent=r.choice([x for x, _ in ITEMS if x != items[0]["type"]] + ["gold onlay"])).t(f" on tooth {items[0]['tooth']}")
        else:
            a.t("It's ").x(w.n(len(items)), num=w.n(len(items) + 1)).t(f" {items[0]['type']}s, on teeth ").t(", ".join(i["tooth"] for i in items[:-1])).t(f" and {items[-1]['tooth']}")
        a.t((", both in shade " if len(items) == 2 else ", all in shade ") if len(items) > 1 else ", in shade ").x(items[0]["shade"], val=r.choice([s for s in SHADES if s != items[0]["shade"]])).t(f", for {case['dentist']}.").p()
        if stage == "dispatched":
            c = case["courier"]
            a.t(" It ").x("has already left us", neg="hasn't left us yet").t(f" with {c['service']} (tracking {c['tracking']})")
            if dt.date.fromisoformat(c["expected"]) >= today:
                a.t(" and should arrive ").x(w.rel(c["expected"]), tmp=w.d(dt.date.fromisoformat(c["expected"]) + dt.timedelta(days=2))).t(".").p()
            else:
                a.t(" and was expected with you on ").x(w.d(c["expected"]), tmp=w.d(dt.date.fromisoformat(c["expected"]) + dt.timedelta(days=2))).t(".").p()
        else:
            left = STAGES.index("dispatched") - STAGES.index(stage)
            a.t(" It ").x("hasn't been dispatched yet", neg="has already been dispatched").t(f"; there are {w.n(left)} more stage{'s' if left > 1 else ''} to go")
            a.pc().t(".").p()
        w.par(a)
        days_in = (today - dt.date.fromisoformat(case["received"])).days
        a.t("We received it on ").x(w.d(case["received"]), tmp=w.d(dt.date.fromisoformat(case["received"]) - dt.timedelta(days=3)))
        a.t(f" ({w.cnt(days_in, 'day')} ago), and it's due back ").x(w.rel(due), tmp=w.d(due + dt.timedelta(days=3)))
        a.t(", which is ").x("on schedule" if today <= due else "past the due date", val="past the due date" if today <= due else "on schedule").t(" as things stand.").p()
        if prev_stage and w.aside:
            a.t(" (Before that it was ").t(STAGE_WORDS[prev_stage]).t(", recorded in the system as ").x(f"`{prev_stage}`", attr=f"`{prev_stage}_complete`").t(".)")
        w.closer(a, ["Would you like me to flag it as urgent for the technician?", "Shall I let you know when it's dispatched?"])
        a.ins("claim", "Our courier cut-off is 15:00, so anything passing QC after that goes the next day.")
        a.ins("claim", "Zirconia work usually needs a further day in the furnace.")
        a.ins("behavior", "I've asked the technician to prioritise it.")
        a.ins("behavior", "I've sent the shade photo to the ceramist as well.")
        a.ins("elab", "because the sintering furnace has been running a full load", clause=True)
        a.ins("elab", "The technician also double-checked the contact points.")
        a.ins("cite", f"The lab ticket for this case is LT-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, [Turn([gc])], a, history.msgs if history else None))

    def invoice(self, ctx):
        r, today = ctx.r, ctx.today
        iid = f"INV-{r.randint(100000, 999999)}"
        pid, pname, country = r.choice(PRACTICES)
        issued = today - dt.timedelta(days=r.randint(3, 40))
        due = issued + dt.timedelta(days=30)
        lines = []
        for k in range(r.choice([3, 4, 5])):
            it, fee = r.choice(ITEMS)
            units = r.choice([1, 1, 2, 3])
            lines.append({"case_id": f"BB-26-{r.randint(10000, 99999)}", "description": it, "units": units, "unit_price_gbp": fee})
        disc = r.choice([0, 5, 10])
        sub = round(sum(l["units"] * l["unit_price_gbp"] for l in lines), 2)
        total = round(sub * (1 - disc / 100), 2)
        paid = today > due and r.random() < 0.3
        status = "paid" if paid else ("overdue" if today > due else "unpaid")
        res = {"invoice_id": iid, "practice_id": pid, "practice": pname, "issued": issued.isoformat(), "due": due.isoformat(),
               "currency": "GBP", "lines": lines, "subtotal_gbp": sub, "volume_discount_pct": disc, "total_gbp": total,
               "status": status, "vat": "exempt (dental prosthetics)"}
        rate = None
        if country == "IE":
            rate = r.choice([1.1642, 1.1718, 1.1805, 1.1893])
            res["eur_rate"] = rate
        req = r.choice([f"Can you explain invoice {iid} for {pname}? What do we owe and by when?",
                        f"Please break down {iid} for me."])
        w = Quill(r, today)
        units = sum(l["units"] for l in lines)
        big = max(lines, key=lambda l: l["units"] * l["unit_price_gbp"])
        small = min(lines, key=lambda l: l["units"] * l["unit_price_gbp"])
        a = A()
        w.opener(a)
        a.t("Invoice ").x(iid, fid=f"INV-{int(iid[4:]) + r.choice([17, 230, 9]):06d}").t(" for ").x(pname, ent=r.choice([p[1] for p in PRACTICES if p[1] != pname])).t(" covers ").x(w.cnt(len(lines), "case"), num=w.cnt(len(lines) + 1, "case"))
        a.t(" and ").x(w.cnt(units, "unit"), num=w.cnt(units + 2, "unit")).t(" of work in all, issued on ").t(w.d(issued)).t(".").p()
        w.par(a)
        if w.listy:
            for l in lines:
                a.t(w.dash).t(f"{l['case_id']}: {w.n(l['units'])} × {l['description']} at {w.gbp(l['unit_price_gbp'])}").t("\n")
            a.t("\n")
        a.t("The largest line is ").x(big["case_id"], conf=("entity", small["case_id"]) if small is not big else None).t(", ")
        a.t(f"{w.n(big['units'])} × {big['description']}, at ").x(w.gbp(big["units"] * big["unit_price_gbp"]), num=w.gbp(big["units"] * big["unit_price_gbp"] + 85)).t(".").p()
        a.t(" The lines add up to ").x(w.gbp(sub), num=w.gbp(sub + 120))
        if disc:
            a.t(", and your ").x(f"{disc}%", num=f"{disc + 5}%").t(" volume discount takes off ").t(w.gbp(sub - total)).t(", ")
            a.t(w.work("so")).t(" the amount due is ").x(w.gbp(total), num=w.gbp(total + 60)).t(".").p()
        else:
            a.t("; there's ").x("no volume discount", neg="a volume discount").t(" on this one, so that's the amount due.").p()
        a.t(f" That works out at an average of {w.about(total / units, 1, lambda v: w.gbp(v, 0))} per unit.").p()
        if rate:
            a.t(" In euro, at the invoice rate of ").x(f"{rate}", num=f"{rate + 0.04:.4f}").t(", that's ").x(w.about(total * rate, 1, lambda v: w.eur(v, 0)), num=w.eur(total * rate * 1.08, 0)).t(".").p()
        w.par(a)
        if status == "paid":
            a.t("It's ").x("already been paid", neg="not been paid yet").t(", so there's nothing to do.").p()
        elif status == "overdue":
            a.t("It was due on ").x(w.d(due), tmp=w.d(due + dt.timedelta(days=14))).t(" and is now ").x("overdue", val="paid").t(f" by {w.cnt((today - due).days, 'day')}").pc().t(".").p()
        else:
            a.t("Payment is due ").x(w.rel(due), tmp=w.d(due + dt.timedelta(days=14))).t(", and it's currently ")
            a.x("unpaid", val="overdue").pc().t(".").p()
        if w.aside:
            a.t(" (There's no VAT on it, as dental prosthetics are ").x("exempt", val="zero-rated").t(".)")
        w.closer(a, ["Would you like a PDF copy sent over?", "Shall I send a payment link?"])
        a.ins("claim", "Payments received after the due date incur a 2% late fee.")
        a.ins("claim", "The volume discount applies automatically once you pass 20 units a month.")
        a.ins("behavior", "I've emailed a copy of the invoice to your practice manager.")
        a.ins("behavior", "I've set up a payment reminder for the due date.")
        a.ins("elab", "as the e.max prices went up in January", clause=True)
        a.ins("cite", f"You can pay online at https://pay.brightbite-lab.example/{iid.lower()}-{r.randint(100, 999)}.")
        a.ins("cite", f"The remittance reference to quote is RMT-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, [Turn([Call("get_invoice", {"invoice_id": iid}, res)])], a))

    def remake(self, ctx):
        r, today = ctx.r, ctx.today
        cid, case = self.case(r, today, seated=True)
        seated = dt.date.fromisoformat(case["seated_date"])
        window = 90
        inside = (today - seated).days <= window
        reason = r.choice(["fit", "shade", "contacts"])
        words = {"fit": "the margins don't seat properly", "shade": "the shade is too light", "contacts": "the contacts are too light"}[reason]
        fee = sum(i["fee_gbp"] for i in case["items"])
        pct_fee = 50
        gc = Call("get_case", {"case_id": cid}, case)
        turns = [Turn([gc])]
        new = f"BB-26-{r.randint(10000, 99999)}"
        due = add_workdays(today, r.choice([5, 7]))
        rejected = not inside
        if rejected:
            end = seated + dt.timedelta(days=window)
            turns.append(Turn([Call("request_remake", {"case_id": cid, "remake_type": "warranty", "reason": reason, "notes": words},
                                    {"accepted": False, "reason_code": "OUTSIDE_WARRANTY",
                                     "message": f"Seated {seated.isoformat()}; the {window}-day warranty for {reason} remakes ended {end.isoformat()}.",
                                     "chargeable_fee_pct": pct_fee})]))
            res = {"accepted": True, "remake_case_id": new, "remake_type": "chargeable", "fee_gbp": round(fee * pct_fee / 100, 2),
                   "due_date": due.isoformat(), "original_case_id": cid}
            turns.append(Turn([Call("request_remake", {"case_id": cid, "remake_type": "chargeable", "reason": reason, "notes": words}, res)]))
        else:
            res = {"accepted": True, "remake_case_id": new, "remake_type": "warranty", "fee_gbp": 0.0, "due_date": due.isoformat(),
                   "original_case_id": cid}
            turns.append(Turn([Call("request_remake", {"case_id": cid, "remake_type": "warranty", "reason": reason, "notes": words}, res)]))
        req = (f"We need a remake on case {cid} — {words}. Please put it through under warranty, and if that's not possible "
               f"go ahead as a chargeable remake.")
        w = Quill(r, today)
        a = A()
        w.opener(a)
        if rejected:
            end = seated + dt.timedelta(days=window)
            a.t("I've lodged the remake, but as a ").x("chargeable", val="warranty").t(" one rather than under warranty.").p()
            w.lead_break(a)
            a.t("The warranty request was ").x("turned down", neg="accepted").t(": the work was seated on ").x(w.d(seated), tmp=w.d(seated + dt.timedelta(days=30)))
            a.t(", and the ").x(f"{window}-day", num=f"{window + 30}-day").t(" warranty for this kind of remake ran out on ").x(w.d(end), tmp=w.d(end + dt.timedelta(days=30))).t(".")
            if w.aside:
                a.t(" (The system's reason code was ").x("`OUTSIDE_WARRANTY`", attr="`WARRANTY_EXPIRED`").t(".)")
            a.p()
            a.t(" As you asked, I then put it through as chargeable, which is billed at ").x(f"{pct_fee}%", num=f"{pct_fee + 25}%")
            a.t(" of the original fee of ").x(w.gbp(fee), num=w.gbp(fee + 60)).t(", ").t(w.work("so")).t(" ").x(w.gbp(fee * pct_fee / 100), num=w.gbp(fee * 0.75)).t(" for this remake.").p()
        else:
            a.t("Good news: the remake has gone through ").x("under warranty", val="as a chargeable remake").t(", so ").x("there's no charge", neg="there is a charge").t(".").p()
            w.lead_break(a)
            a.t("The work was seated on ").x(w.d(seated), tmp=w.d(seated - dt.timedelta(days=60))).t(", which is ").x(w.cnt((today - seated).days, "day"), num=w.cnt((today - seated).days + 40, "day"))
            a.t(" ago, comfortably ").x("inside", rel="outside").t(f" the {window}-day window.").p()
        w.par(a)
        a.t("The new case number is ").x(new, fid=f"BB-26-{int(new[-5:]) + r.choice([3, 58, 611]):05d}").t(" (for ").x(case["dentist"], ent=r.choice(OTHER_DENTISTS)).t("), and it's due back ").x(w.rel(due), tmp=w.d(due + dt.timedelta(days=4)))
        a.t(". I've passed on your note that ").t(words).pc().t(".").p()
        w.closer(a, ["Would you like a courier to collect the original work?", "Shall I send a fresh shade-photo request to the surgery?"])
        a.ins("claim", "Chargeable remakes are invoiced at the end of the month.")
        a.ins("claim", "The technician who made the original will handle the remake.")
        a.ins("behavior", "I've also booked a courier to collect the original crown tomorrow.")
        a.ins("behavior", "I've raised a complaint with the quality team on your behalf.")
        a.ins("elab", "because the original was milled from an older zirconia batch", clause=True)
        a.ins("cite", f"Your remake authorisation number is RA-{r.randint(10000, 99999)}.")
        return guard(self, Plan(req, turns, a))

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        cid, case = self.case(r, today, seated=True)
        url = case["policy_url"]
        tat = {"crown": r.choice([7, 8]), "veneer": r.choice([10, 12])}
        rush_pct, rush_days = r.choice([35, 40, 50]), r.choice([3, 4])
        fit_days, frac_years, charge_pct = r.choice([60, 90]), r.choice([2, 3, 5]), r.choice([40, 50])
        doc = ("BRIGHTBITE DENTAL LABORATORY — REMAKES, WARRANTY AND TURNAROUND\n\n"
               f"1. Turnaround. Crowns and bridge units: {tat['crown']} working days from receipt. Veneers: {tat['veneer']} working days. Working days are Monday to Friday.\n"
               f"2. Rush service. Crowns can be returned in {rush_days} working days for a surcharge of {rush_pct}% of the case fee, subject to capacity.\n"
               f"3. Warranty — fit and shade. Remakes for fit, shade or contacts are free within {fit_days} days of the seating date.\n"
               f"4. Warranty — fracture. Fractured zirconia and e.max restorations are remade free within {frac_years} years of seating.\n"
               f"5. Chargeable remakes. Outside the warranty, remakes are charged at {charge_pct}% of the original case fee.\n"
               "6. Shade. Shade remakes require a photo with a shade tab in view.\n")
        seated = dt.date.fromisoformat(case["seated_date"])
        fit_end = seated + dt.timedelta(days=fit_days)
        frac_end = seated.replace(year=seated.year + frac_years)
        fee = sum(i["fee_gbp"] for i in case["items"])
        gc = Call("get_case", {"case_id": cid}, case)
        gp = Call("get_lab_policy", {"policy_url": url}, doc)
        q = "How long are we covered for a remake on it, and what would rush turnaround on a crown cost us?"
        history = None
        if ctx.followup:
            history = History().user(f"When was case {cid} seated?")
            history.call([gc])
            history.reply(f"Case {cid} was seated on {case['seated_date']}.")
            req = r.choice(["Thanks. " + q, "And what does your remake policy say? " + q])
            turns = [Turn([gp])]
        else:
            req = f"Case {cid}: " + q
            turns = [Turn([gc]), Turn([gp])]
        w = Quill(r, today)
        fake = lambda real: r.choice([s for s in ["7", "8", "3.1", "4.2", "9"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("Here's how our remakes policy applies to case ").t(cid).t(".").p()
        w.lead_break(a)
        a.t("For fit, shade or contacts, clause ").x("3", sec=fake("3")).t(" gives you ").x(f"{fit_days} days", num=f"{fit_days + 30} days").t(" from seating; it was seated on ")
        a.t(w.d(seated)).t(", so that cover ")
        if today <= fit_end:
            a.x("runs until", rel="ran out on").t(" ").x(w.d(fit_end), tmp=w.d(fit_end + dt.timedelta(days=14))).t(f" ({w.cnt((fit_end - today).days, 'day')} from now)").t(".").p()
        else:
            a.x("ended on", rel="runs until").t(" ").x(w.d(fit_end), tmp=w.d(fit_end + dt.timedelta(days=14))).t(", so a fit or shade remake now ").x("would be chargeable", neg="would be free").t(".").p()
        a.t(" Fractures are covered for longer under clause ").x("4", sec=fake("4")).t(": ").x(w.cnt(frac_years, "year"), num=w.cnt(frac_years + 2, "year"))
        a.t(", which takes you to ").x(w.dy(frac_end), tmp=w.dy(frac_end.replace(year=frac_end.year + 1))).t(".").p()
        w.par(a)
        a.t("Outside the warranty, a remake costs ").x(f"{charge_pct}%", num=f"{charge_pct + 20}%", conf=("numerical", f"{rush_pct}%") if rush_pct != charge_pct else None)
        a.t(f" of the original fee (clause 5); on this case's {w.gbp(fee)} that would be ").x(w.gbp(fee * charge_pct / 100), num=w.gbp(fee * (charge_pct + 20) / 100)).t(".").p()
        w.par(a)
        crown_fee = case["items"][0]["fee_gbp"]
        a.t("For rush work, clause ").x("2", sec=fake("2")).t(" brings a crown back in ").x(w.cnt(rush_days, "working day"), num=w.cnt(rush_days + 2, "working day"))
        a.t(" instead of ").x(f"{tat['crown']}", conf=("numerical", f"{tat['veneer']}")).t(", for a ").x(f"{rush_pct}%", num=f"{rush_pct + 15}%").t(" surcharge")
        a.t(f". On this case's {w.gbp(crown_fee)} crown fee, that comes to ")
        a.x(w.gbp(crown_fee * (1 + rush_pct / 100)), num=w.gbp(crown_fee * (1 + (rush_pct + 15) / 100))).t(f" for a rushed crown (an extra {w.gbp(crown_fee * rush_pct / 100)})").t(".")
        a.t(" Rush is ").x("subject to capacity", neg="guaranteed regardless of capacity").t(", so it's worth asking early").pc().t(".").p()
        w.closer(a, ["Would you like me to check rush capacity for next week?", "Shall I email you the full policy?"])
        a.ins("claim", "Warranty cover is void if the restoration was adjusted chairside.")
        a.ins("claim", "Rush cases must reach the lab by 11:00 to start the same day.")
        a.ins("behavior", "I've noted the warranty dates on the case for you.")
        a.ins("behavior", "I've reserved a rush slot for next week just in case.")
        a.ins("elab", "as the policy was updated at the start of the year", clause=True)
        a.ins("elab", "Most practices find the rush option is only needed for anterior work.")
        a.ins("cite", f"The previous version is archived at {POLICY}/remakes-and-turnaround-v2-archive.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
