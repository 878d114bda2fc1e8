"""pothole_claims (set q): the correspondence assistant of the City of Westbrook's Risk Management claims office — drafts
replies to residents who claim for vehicle damage caused by a pothole, from the claim file, the road segment's inspection
and repair log, the Road Maintenance Standards policy (a web page with numbered sections) and the claims system (a payment
refused by design when it exceeds the claims officer's settlement authority — reason code and a referral to the
insurer's adjuster as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_num, s_obj, s_str
from .qstyle import Clerk, vet

BASE = "https://claims.westbrook.example/api/v3"
STD = "https://www.westbrook.example/public-works/road-maintenance-standards-rm-2024-03"
PEOPLE = [("Ms.", "Rebecca", "Sinclair"), ("Mr.", "Mohammed", "Al-Khatib"), ("Ms.", "Sophie", "Lavoie"), ("Mr.", "Brandon", "Whitfield"),
          ("Ms.", "Yuki", "Tanaka"), ("Mr.", "Francis", "Arsenault")]
FAKE_NAMES = ["Morin", "Delacroix", "Henderson", "Ferreira"]
ROADS = [("RS-10412", "Dundas Street West", 2), ("RS-20877", "Concession Road 4", 3), ("RS-31205", "Maple Grove Drive", 4),
         ("RS-40533", "King Street", 2), ("RS-51760", "Baseline Road", 3)]
FAKE_ROADS = ["Lakeshore Boulevard", "Sideroad 15", "Wellington Crescent"]
GARAGES = ["Westbrook Auto Centre", "Kingsway Tire & Brake", "Dundas Collision Ltd"]
OFFICE = "Customer Service Office\nRisk Management and Claims, City of Westbrook"


class PotholeClaims(Scenario):
    name = "pothole_claims"
    agent = "westbrook-correspondence-assistant"
    service = "westbrook-claims-desk"
    system = ("You are the correspondence assistant of the Risk Management and Claims office of the City of Westbrook. Draft "
              "the reply e-mail to the claimant: a Subject line, a salutation, short numbered paragraphs with the claim and road "
              "segment numbers, the sections of the Road Maintenance Standards you rely on, depths in centimetres and amounts "
              "worked out in words, and a closing from the Customer Service Office.")
    error_style = 1
    entity_noun = {"claim_number": "Claim", "segment_id": "Road segment", "doc_url": "Page"}
    preambles = ["Opening the claim file.", "Let me check the claim and the road log.", "Checking the inspection records."]

    def __init__(self):
        self.tools = [
            Tool("get_claim", "A damage claim: claimant, incident date and location, road segment, damage, repair estimate, status.",
                 s_obj({"claim_number": s_str("Claim, e.g. 'CL-26-0412'.", pattern=r"^CL-\d{2}-\d{4}$")}, ["claim_number"]),
                 entity={"claim_number": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("get_road_log", "Inspection and repair log of a road segment: road class, inspections with defects and depths, repairs.",
                 s_obj({"segment_id": s_str("Segment, e.g. 'RS-10412'.", pattern=r"^RS-\d{5}$"),
                        "from_date": {"type": "string", "description": "First date, YYYY-MM-DD.", "pattern": r"^\d{4}-\d{2}-\d{2}$"}},
                       ["segment_id"]),
                 entity={"segment_id": "id"}, http=BASE, extra=[("limit", 100)]),
            Tool("fetch_standard", "A Public Works policy page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Page URL.", pattern=r"^https://www\.westbrook\.example/public-works/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("print", True)]),
            Tool("settle_claim", "Record a settlement payment on a claim. A payment above the officer's authority is refused with a "
                                 "reason code and an alternative.",
                 s_obj({"claim_number": s_str("Claim.", pattern=r"^CL-\d{2}-\d{4}$"),
                        "amount": s_num("Amount in CAD.", 0, 100000),
                        "method": s_str("Payment method.", enum=["cheque", "eft"])}, ["claim_number", "amount", "method"]),
                 entity={"claim_number": "id"}, http=BASE, extra=[("expedite", True)]),
        ]
        self.intents = [("claim_review", self.review, True), ("claim_settlement", self.settle, True)]

    def _data(self, r, today):
        title, first, last = r.choice(PEOPLE)
        seg, road, cls = r.choice(ROADS)
        P = {"depth": {2: 8, 3: 8, 4: 10}[cls], "days": {2: 4, 3: 7, 4: 14}[cls], "notice": 10,
             "authority": r.choice([1500.0, 2000.0, 2500.0])}
        found = today - dt.timedelta(days=r.randint(20, 60))
        late_fix = r.random() < 0.55
        fix = found + dt.timedelta(days=P["days"] + r.randint(3, 9) if late_fix else r.randint(1, P["days"] - 1))
        incident = found + dt.timedelta(days=r.randint(1, (fix - found).days - 1)) if (fix - found).days > 1 else found
        depth = P["depth"] + r.choice([2, 3, 4, 5, 6])
        est = round(r.uniform(380, 3200), 2)
        claim = {"claim_number": f"CL-{today.year % 100:02d}-{r.randint(1000, 9999)}",
                 "claimant": {"title": title, "first_name": first, "last_name": last},
                 "incident_date": incident.isoformat(), "segment_id": seg, "location": f"{road} near no. {r.randint(10, 900)}",
                 "notice_received": (incident + dt.timedelta(days=r.randint(1, 8))).isoformat(),
                 "damage": r.choice(["front right tire and rim", "front left rim and alignment", "rear tire and suspension arm"]),
                 "repair_estimate": est, "estimate_from": r.choice(GARAGES), "status": "under_review", "standard_url": STD}
        log = {"segment_id": seg, "road": road, "road_class": cls,
               "entries": [{"date": found.isoformat(), "type": "inspection", "defect": "pothole", "depth_cm": depth,
                            "work_order": f"WO-{r.randint(100000, 999999)}"},
                           {"date": fix.isoformat(), "type": "repair", "defect": "pothole", "method": "hot_mix_patch"}]}
        return claim, log, P, late_fix

    def _std(self, P):
        return ("CITY OF WESTBROOK\nROAD MAINTENANCE STANDARDS, POLICY RM-2024-03\n\n"
                "4. Potholes\n"
                "4(1) On a Class 2 or Class 3 road, a pothole deeper than 8 cm is to be repaired within "
                "4 days (Class 2) or 7 days (Class 3) after the City becomes aware of it.\n"
                "4(2) On a Class 4 road, a pothole deeper than 10 cm is to be repaired within 14 days after the City becomes aware of it.\n\n"
                "7. Claims\n"
                f"7(1) Notice of a claim must be given within {P['notice']} days of the incident.\n"
                "7(2) Where a defect was repaired within the period in section 4, the City is not liable for damage caused by it.\n"
                f"7(3) Settlements above ${P['authority']:.2f} are referred to the City's insurer.\n")

    def _calls(self, r, claim, log, P):
        args = {"segment_id": log["segment_id"]}
        if r.random() < 0.4:
            args["from_date"] = log["entries"][0]["date"]
        return (Call("get_claim", {"claim_number": claim["claim_number"]}, claim), Call("get_road_log", args, log),
                Call("fetch_standard", {"doc_url": STD}, self._std(P)))

    def _history(self, claim, call):
        h = History().user(f"Please open claim {claim['claim_number']}.")
        h.call([call])
        h.reply(f"Claim {claim['claim_number']} ({claim['claimant']['first_name']} {claim['claimant']['last_name']}) is under review.")
        return h

    def _facts(self, a, w, r, claim, log, P, late_fix):
        ins, rep = log["entries"]
        sec = "4(2)" if log["road_class"] == 4 else "4(1)"
        w.para(a)
        a.t("Your claim concerns damage to the " + claim["damage"] + " of your vehicle on ")
        a.x(w.d(claim["incident_date"]), tmp=w.d(D2(claim["incident_date"], -9))).t(" on ")
        a.x(log["road"], ent=r.choice(FAKE_ROADS)).t(" (road segment ").x(log["segment_id"], fid=w.fake_id(log["segment_id"], r)).t(", a Class "
                                                                                                 + str(log["road_class"]) + " road).")
        a.p()
        w.para(a)
        deadline = D2(ins["date"], P["days"])
        a.t("Our inspection log shows that the pothole was found on " + w.d(ins["date"]) + " with a depth of ")
        a.x(w.n(ins["depth_cm"], "cm", pl="cm"), num=w.n(ins["depth_cm"] - 5, "cm", pl="cm")).t(", ")
        a.x("deeper", rel="shallower").t(" than the " + str(P["depth"]) + " cm threshold in ").x("s. " + sec, sec="s. 4(" + str(r.choice([5, 6])) + ")")
        a.t(". The standard allows " + w.n(P["days"], "day") + " for the repair: " + w.d(ins["date"], style="iso") + " plus " + str(P["days"])
            + " days is " + w.d(deadline, calc=True, style="iso") + ". The repair was made on ")
        a.x(w.d(rep["date"]), tmp=w.d(D2(rep["date"], 6 if not late_fix else -8)), conf=("temporal", w.d(ins["date"]))).t(", ")
        a.x("after" if late_fix else "before", rel="before" if late_fix else "after").t(" that date")
        a.t(" (work order ").x(ins["work_order"], fid=w.fake_id(ins["work_order"], r)).t(")")
        a.pc().t(".")
        a.p()

    def review(self, ctx):
        r, today = ctx.r, ctx.today
        claim, log, P, late_fix = self._data(r, today)
        cc, cl, cs = self._calls(r, claim, log, P)
        c = claim["claimant"]
        req = r.choice([f"Please draft a status reply on claim {claim['claim_number']} for {c['first_name']} {c['last_name']}, explaining how the standard applies.",
                        f"Draft the reply to the claimant on {claim['claim_number']}: where does the claim stand under the road standards?"])
        turns = [Turn([cc]), Turn([cl, cs])]
        history = None
        if ctx.followup:
            history = self._history(claim, cc)
            req = r.choice(["Please draft the status reply, explaining how the road standard applies.", "Draft the reply to the claimant, please."])
            turns = [Turn([cl, cs])]
        w = Clerk(r, today, OFFICE)
        a = A()
        w.subject(a, "Your claim ", (claim["claim_number"], {"fid": w.fake_id(claim["claim_number"], r)}), " (réclamation)" if w.french else "")
        w.dear(a, c["title"], c["first_name"], c["last_name"], ent=r.choice(FAKE_NAMES))
        self._facts(a, w, r, claim, log, P, late_fix)
        w.para(a)
        nd = (D2(claim["notice_received"], 0) - D2(claim["incident_date"], 0)).days
        w.declare(nd)
        a.t("Your notice was received on " + w.d2(claim["notice_received"]) + ", " + w.n(nd, "day") + " after the incident, ")
        a.x("within", rel="outside").t(" the " + str(P["notice"]) + " days required by s. 7(1).")
        a.p()
        w.para(a)
        if late_fix:
            a.t("As the repair was not made within the period in section 4, s. 7(2) ").x("does not bar", neg="bars").t(" your claim. ")
        else:
            a.t("As the repair was made within the period in section 4, s. 7(2) provides that the City ")
            a.x("is not liable", neg="is liable").t(" for the damage. ")
        a.t("The repair estimate of ").x(w.money(claim["repair_estimate"], cents=True), num=w.money(claim["repair_estimate"] + 410, cents=True))
        a.t(" from ").x(claim["estimate_from"], ent=r.choice(["Northgate Motors", "Rapid Rim Repair"])).t(" is on file, and the claim status is ")
        a.x("under_review", attr=r.choice(["pending_adjuster", "in_assessment"])).t(" (").x("under review", val="approved").t(")")
        a.pc().t(".")
        a.p()
        w.close(a, ["We will write to you again once a decision has been made.", "Please reply to this e-mail if you have further documents."])
        a.ins("claim", "Potholes on this road are inspected every week.")
        a.ins("claim", "Several other drivers reported damage at the same location.")
        a.ins("behavior", "We have asked Public Works to inspect the whole street again.")
        a.ins("behavior", "We have forwarded your photographs to the City's insurer.")
        a.ins("elab", "as the freeze-thaw cycle that week opened many new potholes", clause=True)
        fake = f"WO-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"A follow-up inspection was logged under work order {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def settle(self, ctx):
        r, today = ctx.r, ctx.today
        claim, log, P, late_fix = self._data(r, today)
        late_fix = True
        ins = log["entries"][0]
        log["entries"][1]["date"] = D2(ins["date"], P["days"] + r.randint(3, 9)).isoformat()
        fix = D2(log["entries"][1]["date"], 0)
        if D2(claim["incident_date"], 0) >= fix or D2(claim["incident_date"], 0) <= D2(ins["date"], 0):
            claim["incident_date"] = D2(ins["date"], r.randint(1, (fix - D2(ins["date"], 0)).days - 1)).isoformat()
            claim["notice_received"] = D2(claim["incident_date"], r.randint(1, 8)).isoformat()
        cc, cl, cs = self._calls(r, claim, log, P)
        c = claim["claimant"]
        est = claim["repair_estimate"]
        over = est > P["authority"]
        method = r.choice(["cheque", "eft"])
        args = {"claim_number": claim["claim_number"], "amount": est, "method": method}
        if over:
            res = {"status": "refused", "reason_code": "EXCEEDS_SETTLEMENT_AUTHORITY", "limit": P["authority"],
                   "alternative": {"option": "refer_to_insurer", "referral_number": f"INS-{r.randint(100000, 999999)}"}}
        else:
            res = {"status": "paid", "payment_reference": f"PAY-{r.randint(1000000, 9999999)}", "amount": est, "method": method,
                   "expected_date": (today + dt.timedelta(days=r.randint(5, 10))).isoformat()}
        cp = Call("settle_claim", args, res)
        req = r.choice([f"Claim {claim['claim_number']}: the repair came late, so please settle the repair estimate by {method} and draft the reply to {c['first_name']} {c['last_name']}.",
                        f"Please pay out claim {claim['claim_number']} at the estimate ({method}) and write to the claimant."])
        turns = [Turn([cc]), Turn([cl, cs]), Turn([cp])]
        history = None
        if ctx.followup:
            history = self._history(claim, cc)
            req = r.choice([f"Please settle it at the repair estimate by {method} and draft the reply.",
                            f"Go ahead and pay the estimate by {method}, then write to the claimant."])
            turns = [Turn([cl, cs]), Turn([cp])]
        w = Clerk(r, today, OFFICE)
        a = A()
        w.subject(a, "Settlement of claim ", (claim["claim_number"], {"fid": w.fake_id(claim["claim_number"], r)}))
        w.dear(a, c["title"], c["first_name"], c["last_name"], ent=r.choice(FAKE_NAMES))
        self._facts(a, w, r, claim, log, P, True)
        w.para(a)
        if over:
            a.t("The repair estimate of " + w.money(est, cents=True) + " is ").x("above", rel="below").t(" the settlement limit of ")
            a.x(w.money(P["authority"]), num=w.money(P["authority"] + 1000)).t(" in s. 7(3), and the claims system ")
            a.x("refused", val="approved").t(" the payment (reason code ")
            a.x("EXCEEDS_SETTLEMENT_AUTHORITY", attr=r.choice(["OVER_LIMIT", "AUTHORITY_EXCEEDED", "AMOUNT_TOO_HIGH"])).t(").")
            a.p()
            w.para(a)
            a.t("Your claim has instead been ").x("referred", neg="not referred").t(" to the City's insurer under referral number ")
            a.x(res["alternative"]["referral_number"], fid=w.fake_id(res["alternative"]["referral_number"], r)).t("; the insurer's adjuster will contact you")
            a.pc().t(".")
        else:
            diff = P["authority"] - est
            w.declare(diff)
            a.t("The repair estimate of ").x(w.money(est, cents=True), num=w.money(est + 260, cents=True)).t(" is ")
            a.x("within", rel="above").t(" the settlement limit in s. 7(3) (" + w.money(P["authority"], cents=True) + " less the "
                                         + w.money(est, cents=True) + " estimate leaves " + w.money(diff, cents=True) + " of headroom), and the payment has been ")
            a.x("approved", val="refused").t(" under reference ").x(res["payment_reference"], fid=w.fake_id(res["payment_reference"], r)).t(".")
            a.p()
            w.para(a)
            a.t("The amount will be paid by ").x("cheque" if method == "cheque" else "electronic funds transfer (eft)", val="electronic funds transfer" if method == "cheque" else "cheque")
            a.t(" and should reach you by ").x(w.d2(res["expected_date"]), tmp=w.d2(D2(res["expected_date"], 10))).t(". No further action ")
            a.x("is", neg="is still").t(" required on your part (payment method code ")
            a.x(method, attr={"cheque": "paper_cheque", "eft": "direct_deposit"}[method]).t(")")
            a.pc().t(".")
        a.p()
        w.close(a, ["Please keep this e-mail for your records.", "Please reply to this e-mail if you have any questions."])
        a.ins("claim", "The City's insurer usually responds within ten business days.")
        a.ins("claim", "The road has since been resurfaced.")
        a.ins("behavior", "We have also reimbursed your towing costs.")
        a.ins("behavior", "We have sent a copy of this decision to your insurance company.")
        a.ins("elab", "as the estimate includes a replacement rim", clause=True)
        fake = f"CL-{today.year % 100:02d}-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite_text(f"A related claim, {fake}, was filed for the same pothole.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)


def D2(s, days):
    return dt.date.fromisoformat(str(s)[:10]) + dt.timedelta(days=days)
