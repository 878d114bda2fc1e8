"""ebike_warranty (set aa): the warranty desk of Voltaro, an e-bike maker. The warranty assistant looks a warranty claim
up (the bike and its purchase date, the failed component, the battery's charge cycles, when the fault was reported, the
service centre's diagnosis with parts and labour), sometimes fetches the numbered warranty terms by URL (coverage days
per component, the battery's cycle limit, the labour cover) and, for the write intent, approves the warranty repair
(refused by design with ``OUT_OF_WARRANTY`` / ``CYCLE_LIMIT_EXCEEDED`` and a loyalty discount as the alternative). The
answer is a case note for the service centre or the next shift: the bike's age at the report with the working, the
coverage window and cycle limit, the repair cost with the working, and the decision."""
from __future__ import annotations

import datetime as dt

from .aastyle import AaScenario, Layout, Nw, bad_section, doc_keys, items, open_q
from .common import A, Call, Tool, mutate_id, s_bool, s_int, s_obj, s_str

MODELS = ["Voltaro Strada", "Voltaro Cargo", "Voltaro Trail", "Voltaro Pendler", "Voltaro Fold"]
CENTRES = ["Eastside Cycle Works", "Riverside E-Bike Service", "Northfield Bikes", "Canal Street Cycles"]
FAKE_CENTRES = ["Hillcrest Spokes", "Greenway Cycle Hub", "Marlow Bike Clinic"]
PARTS = {"battery": [("BAT-5120", "battery pack", 380, 560)],
         "motor": [("MOT-7310", "hub motor", 290, 450), ("CBL-1140", "motor cable", 25, 45)],
         "display": [("DSP-2260", "handlebar display", 85, 160), ("CBL-1150", "display cable", 18, 35)]}
SEC = {"battery": "2.2", "motor": "2.3", "display": "2.3"}
STATUS = {"diagnosed": "diagnosed", "awaiting_decision": "awaiting a warranty decision", "received": "received"}


class EbikeWarranty(AaScenario):
    name = "ebike_warranty"
    agent = "voltaro-warranty-agent"
    service = "voltaro-warranty-desk"
    system = ("You are the warranty assistant of Voltaro's e-bike warranty desk. Look claims up with the tools and write "
              "case notes and hand-off summaries for the service centres and the next shift: past tense, third person "
              "about the customer, dates, the working for every figure, and only what the tools return.")
    error_style = 2
    preambles = ["Checking the warranty claim.", "Looking the claim up."]
    entity_noun = {"claim_id": "Warranty claim", "terms_url": "Page"}
    base = "https://api.voltaro.example/warranty"

    def __init__(self):
        wid = s_str("Warranty claim id.", pattern=r"^WC-\d{5}$")
        self.tools = [
            Tool("get_warranty_claim", "A warranty claim with the bike, component, diagnosis, parts and labour.",
                 s_obj({"claim_id": wid, "include_diagnosis": s_bool("Include the service centre's diagnosis.")},
                       ["claim_id"]),
                 entity={"claim_id": "id"}, http=self.base, extra=[("expand", "bike")]),
            Tool("get_warranty_terms", "The numbered warranty terms (plain text).",
                 s_obj({"terms_url": s_str("Terms page URL.", pattern=r"^https://voltaro\.example/warranty/[a-z0-9-]+$")},
                       ["terms_url"]),
                 entity={"terms_url": "url"}, http=self.base, extra=[("lang", "en")]),
            Tool("approve_warranty_repair", "Approve a warranty repair. Refused with a reason code and an alternative "
                 "when the claim is outside the warranty.",
                 s_obj({"claim_id": wid, "coverage": s_str("Coverage to apply.", enum=["parts_and_labour", "parts_only"]),
                        "priority": s_int("Queue priority (1 = highest).", 1, 5)},
                       ["claim_id", "coverage"]),
                 entity={"claim_id": "id"}, http=self.base, extra=[("notify_centre", True)]),
        ]
        self.intents = [("review_warranty", self.review, True), ("approve_repair", self.approve, True)]

    def review(self, ctx):
        return self.build(ctx, False)

    def approve(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        cur = r.choice(["EUR", "EUR", "GBP"])
        cust = self.customer(r)
        colleague = r.choice(self.colleagues)
        comp = r.choice(sorted(PARTS))
        cover = {"2.1": r.choice([1825, 1460]), "2.2": r.choice([730, 1095]), "2.3": r.choice([730, 1095])}
        cycles_lim = r.choice([500, 800, 1000])
        labour_days = r.choice([365, 730])
        limit = cover[SEC[comp]]
        age = r.randint(limit - 200, limit + 120)
        reported = today - dt.timedelta(days=r.randint(3, 15))
        purchased = reported - dt.timedelta(days=age)
        cycles = r.randint(int(cycles_lim * 0.5), int(cycles_lim * 1.15)) if comp == "battery" else None
        parts = [{"part_no": pn, "description": d, "price": float(r.randint(lo, hi))} for pn, d, lo, hi in PARTS[comp]]
        hours, rate = r.choice([0.5, 1.0, 1.5, 2.0]), float(r.choice([48, 55, 60, 65]))
        claim_id = f"WC-{r.randint(10000, 99999)}"
        now = self.as_of(r, today)
        diag_day = reported + dt.timedelta(days=r.randint(1, 2))
        rec = {"claim": {"claim_id": claim_id, "status": r.choice(["diagnosed", "awaiting_decision"]) if write or r.random() < 0.8 else "received",
                         "customer": {"name": cust, "account_id": f"VC-{r.randint(10000, 99999)}"},
                         "bike": {"model": f"{r.choice(MODELS)} {r.choice([2, 3, 4])}", "purchased": purchased.isoformat()},
                         "component": comp, "reported": reported.isoformat(),
                         "service_centre": r.choice(CENTRES),
                         "diagnosis": {"date": diag_day.isoformat(), "fault_code": {"battery": "E-BMS-04", "motor": "E-MOT-12",
                                                                                   "display": "E-DSP-02"}[comp],
                                       "parts": parts, "labour_hours": hours, "labour_rate": rate},
                         "terms_url": "https://voltaro.example/warranty/" + r.choice(["terms", "ebike-terms"])},
               "as_of": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
        if cycles is not None:
            rec["claim"]["battery_cycles"] = cycles
        c1 = Call("get_warranty_claim", {"claim_id": claim_id} | ({"include_diagnosis": True} if r.random() < 0.5 else {}), rec)
        fetch = write or ctx.followup or r.random() < 0.6
        later, doc = [], None
        if fetch:
            doc = (f"VOLTARO E-BIKE WARRANTY\n\n1.1 The warranty runs from the purchase date on the proof of purchase.\n"
                   f"2.1 Frame: covered for {cover['2.1']} days from purchase.\n"
                   f"2.2 Battery: covered for {cover['2.2']} days from purchase or {cycles_lim} charge cycles, whichever comes first.\n"
                   f"2.3 Motor and display: covered for {cover['2.3']} days from purchase.\n"
                   f"3.1 Labour is covered for the first {labour_days} days from purchase.\n")
            later.append(Call("get_warranty_terms", {"terms_url": rec["claim"]["terms_url"]}, doc))
        out_age = age > limit
        out_cyc = cycles is not None and cycles > cycles_lim
        parts_sum = sum(p["price"] for p in parts)
        labour = round(hours * rate, 2)
        res = None
        if write:
            if out_age or out_cyc:
                disc = r.choice([15, 20, 25])
                res = {"status": "refused", "reason_code": "OUT_OF_WARRANTY" if out_age else "CYCLE_LIMIT_EXCEEDED",
                       "claim_id": claim_id, "message": "The component is outside the warranty.",
                       "alternative": {"type": "loyalty_discount", "discount_pct": disc,
                                       "customer_pays": round((parts_sum + labour) * (100 - disc) / 100, 2)}}
            else:
                lab_cov = age <= labour_days
                res = {"status": "approved", "repair_order_id": f"RO-{r.randint(10000, 99999)}", "claim_id": claim_id,
                       "coverage": "parts_and_labour" if lab_cov else "parts_only",
                       "customer_pays": 0.0 if lab_cov else labour}
            later.append(Call("approve_warranty_repair", {"claim_id": claim_id, "coverage": "parts_and_labour"}, res))
        req = r.choice([f"Pls write up warranty claim {claim_id} for {colleague} — the service centre is waiting on us.",
                        f"{colleague} takes over the warranty queue tomorrow; can you leave a note on {claim_id}?",
                        f"Case note needed on {claim_id} ({comp} fault) for the next shift — {colleague} is on."])
        if write:
            req += r.choice([" If it's in warranty, approve the repair.", " Approve the warranty repair if the terms allow."])
        fu = ("Approve it if the terms allow and write the hand-off." if write else "Check it against the warranty terms and write the note.")
        w = Nw(r, cur, year_in_dates=True)
        a = A()
        self.compose(w, a, r, rec, doc, res, limit, cycles_lim, age, parts_sum, labour, colleague, write, comp)
        return self.plan(ctx, req, c1, later, fu, f"Found {claim_id}. Want me to check the terms?", w, a)

    def compose(self, w, a, r, rec, doc, res, limit, cycles_lim, age, parts_sum, labour, colleague, write, comp):
        c = rec["claim"]
        dg = c["diagnosis"]
        D = dt.date.fromisoformat
        L = Layout(r)
        sec = SEC[comp]
        age_e = ("sub", ("g", "claim.reported"), ("g", "claim.bike.purchased"))
        if L.kind != "prose":
            a(r.choice([f"Warranty claim {c['claim_id']} — hand-off", f"Case note: `{c['claim_id']}`",
                        f"{c['claim_id']} / {c['bike']['model']}"]))
            a("\n")
        L.head(a, "issue")
        a(r.choice(["Cust. ", "Rider "]))
        a.x(c["customer"]["name"], ent=r.choice(self.fake_customers))
        a(" (acct ")
        a.x(c["customer"]["account_id"], fid=mutate_id(c["customer"]["account_id"], r))
        a(") reported a " + comp + " fault on a " + c["bike"]["model"] + "; ")
        a.x(c["service_centre"], ent=r.choice(FAKE_CENTRES))
        a(" logged fault code ")
        a.x(f"`{dg['fault_code']}`", attr=f"`{r.choice(['E-PWR-09', 'E-CTL-07', 'E-BRK-03'])}`")
        a(".")
        a.p()
        bl = L.list_head(a, "timeline")

        def pur():
            w.Date(a, D(c["bike"]["purchased"]), ("g", "claim.bike.purchased"))
            a(" – bike purchased")

        def rep():
            w.Date(a, D(c["reported"]), ("g", "claim.reported"), conf=[D(dg["date"])])
            a(" – fault reported")

        def dia():
            w.Date(a, D(dg["date"]), ("g", "claim.diagnosis.date"), conf=[D(c["reported"])])
            a(" – diagnosed at the service centre")
        items(a, L, bl, [pur, rep, dia])
        bl = L.list_head(a, "findings")
        fns = []

        def agef():
            a("bike was ")
            w.Days(a, age, age_e)
            a(" old at the report (" + w.d(D(c["bike"]["purchased"])) + " → " + w.d(D(c["reported"])) + f" = {age} days)")
            if doc is not None:
                a("; ")
                a.x("outside" if age > limit else "inside", neg="inside" if age > limit else "outside")
                a(" the ")
                w.Num(a, limit, ("doc", sec, 0))
                a(f"-day {comp} cover in ")
                a.x(f"§{sec}", sec=f"§{bad_section(sec, doc_keys(doc), r)}")
                a(" (" + ("battery" if comp == "battery" else "motor and display") + " covered from purchase)")
                w.claim("cmp", op="gt" if age > limit else "le", a=age_e, b=("doc", sec, 0))
        fns.append(agef)
        if comp == "battery":
            def cyc():
                cy = c["battery_cycles"]
                a("battery shows ")
                w.Num(a, cy, ("g", "claim.battery_cycles"), deltas=(-120, -60, 60, 120))
                a(" charge cycles")
                if doc is not None:
                    a(", ")
                    a.x("above" if cy > cycles_lim else "below", rel="below" if cy > cycles_lim else "above")
                    a(" the ")
                    w.Num(a, cycles_lim, ("doc", "2.2", 1), deltas=(-200, -100, 100, 200))
                    a("-cycle limit")
                    w.claim("cmp", op="gt" if cy > cycles_lim else "le", a=("g", "claim.battery_cycles"), b=("doc", "2.2", 1))
            fns.append(cyc)

        def cost():
            a("repair cost: parts ")
            for i, p in enumerate(dg["parts"]):
                if i:
                    a(" + ")
                w.Money(a, p["price"], ("r", p["part_no"], "price"), conf=[x["price"] for x in dg["parts"] if x is not p])
            if len(dg["parts"]) > 1:
                a(" = ")
                w.Money(a, parts_sum, ("sum", "claim.diagnosis.parts", "price"))
            a("; labour ")
            a(str(dg["labour_hours"]).rstrip("0").rstrip(".") + " h × ")
            w.Money(a, dg["labour_rate"], ("g", "claim.diagnosis.labour_rate"), edit=False)
            a(" = ")
            w.Money(a, labour, ("r2", ("mul", ("g", "claim.diagnosis.labour_hours"), ("g", "claim.diagnosis.labour_rate"))))
            a("; total ")
            w.Money(a, round(parts_sum + labour, 2), ("r2", ("add", ("sum", "claim.diagnosis.parts", "price"),
                                                           ("mul", ("g", "claim.diagnosis.labour_hours"), ("g", "claim.diagnosis.labour_rate")))))
        fns.append(cost)

        def st():
            a("claim ")
            a.x(STATUS[c["status"]], val=STATUS[r.choice([s for s in STATUS if s != c["status"]])])
            w.claim("val", id=c["claim_id"], key="status", value=c["status"])
        fns.append(st)
        items(a, L, bl, fns)
        if write:
            L.head(a, "action")
            if res["status"] == "approved":
                a("Warranty repair ")
                a.x("approved", val="pending approval")
                w.claim("val", id=res["repair_order_id"], key="status", value="approved")
                a(", repair order ")
                a.x(f"`{res['repair_order_id']}`", fid=f"`{mutate_id(res['repair_order_id'], r)}`")
                a(", coverage ")
                a.x(f"`{res['coverage']}`", attr=f"`{r.choice(['full_cover', 'parts_labour_travel'])}`")
                a("; cust. pays ")
                w.Money(a, res["customer_pays"], ("g", "customer_pays"), edit=res["customer_pays"] > 0)
                if res["customer_pays"] > 0:
                    a(" (labour no longer covered)")
                a(".")
                a.p()
            else:
                alt = res["alternative"]
                a("Repair not approved — ")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['WARRANTY_LAPSED', 'BATTERY_WORN', 'NOT_COVERED'])}`")
                a(". Offered a loyalty discount instead: ")
                w.Pct(a, alt["discount_pct"], ("g", "alternative.discount_pct"))
                a(" off, so cust. would pay ")
                w.Money(a, alt["customer_pays"], ("g", "alternative.customer_pays"))
                a(" for the repair")
                a.pc()
                a(".")
                a.p()
        open_q(a, L, r, ['Has the rider been using a third-party charger?', 'Does the centre need a loan bike for the rider?', 'Is the proof of purchase on file? Not attached to the claim.'])
        L.head(a, "next")
        a(r.choice([f"{colleague} to ", "Next shift to ", f"Owner {colleague} — "]))
        if write and res["status"] == "approved":
            a("confirm the booking w/ " + c["service_centre"] + ".")
        elif write:
            a("call cust. re the discount offer; no work booked.")
        else:
            a("decide once the terms are checked." if doc is None else "decide and let " + c["service_centre"] + " know.")
        a.p()
        ref = f"SC-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Centre's photos are attached to job {ref}.", ref))
        a.ins("claim", "Cust. said the bike is mostly stored outdoors.")
        a.ins("claim", f"This {comp} batch has a known fault on the {c['bike']['model']}.")
        a.ins("behavior", "Already asked the centre to order the part.")
        a.ins("behavior", "Emailed the cust. the warranty terms.")
        a.ins("elab", r.choice(["probably from water getting into the connector", "likely caused by a firmware glitch"]), clause=True)
