"""expense_claims (set k): an Indian IT company's HR helpdesk for expense reimbursements — an employee's claims for
the financial year (claimed, approved and paid totals, pending claims and how long the oldest has waited, the share
approved), one claim's line items (amounts disallowed and why, the share approved, approver, payment), submitting a
local conveyance claim (kilometres × the rate for the vehicle, a monthly cap exceeded refused by design and resubmitted
with the cap accepted) and questions answered from the travel and expense policy fetched by path (per diem by city
class, hotel cap per night and the excess, the 30-day submission window, payment within 10 working days Monday to
Friday)."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_arr, s_bool, s_date, s_num, s_obj,
                     s_str)
from .kstyle import Desk, person, stamp, vet, working_days_after

BASE = "https://hrdesk.veritasinfotech.example/api/v3"
BRAND = "Veritas HR Helpdesk"
TEAM = "HR Shared Services, Veritas Infotech"
AGENT = "Kavya"
CATS = {"local_conveyance": "Local conveyance", "travel": "Outstation travel", "meals": "Team meals", "internet": "Internet",
        "hotel": "Hotel stay"}
APPROVERS = ["Ravi Shankar", "Neha Kapoor", "Arvind Menon", "Shalini Rao", "Gaurav Sethi"]
OTHER_APPROVERS = ["Manish Tiwari", "Pooja Bhatt", "Sameer Kulkarni"]
METROS = ["Mumbai", "Delhi", "Bengaluru", "Chennai", "Hyderabad", "Kolkata", "Pune"]
OTHERS = ["Nagpur", "Coimbatore", "Indore", "Jaipur", "Kochi", "Vadodara"]
RATE = {"car": 12.0, "two_wheeler": 6.0}
CAP = 4000.0
ST = {"submitted": "Pending approval", "approved": "Approved", "rejected": "Rejected", "paid": "Paid"}


def fy_of(d):
    y = d.year if d.month >= 4 else d.year - 1
    return f"{y}-{(y + 1) % 100:02d}"


class ExpenseClaims(Scenario):
    name = "expense_claims"
    agent = "Kavya"
    service = "veritas-hr-helpdesk"
    system = ("You are Kavya, the HR helpdesk assistant of Veritas Infotech Pvt. Ltd. (India). Use the tools to look up "
              "employees and their expense claims, submit local conveyance claims and answer questions from the travel "
              "and expense policy. Amounts in INR.")
    error_style = 0
    entity_noun = {"employee_id": "Employee", "claim_number": "Claim", "policy_path": "Document"}
    preambles = ["Let me check the same.", "Checking the claim details.", "One moment please."]

    def __init__(self):
        ep = r"^VI\d{5}$"
        self.tools = [
            Tool("get_employee", "An employee: name, grade, base location, reporting manager, registered vehicle, "
                                 "policy path.",
                 s_obj({"employee_id": s_str("Employee ID, e.g. 'VI40817'.", pattern=ep)}, ["employee_id"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("include_bank", True)]),
            Tool("list_claims", "An employee's expense claims for a financial year: number, category, dates, amounts "
                                "claimed and approved, status.",
                 s_obj({"employee_id": s_str("Employee ID.", pattern=ep),
                        "fy": s_str("Financial year, e.g. '2025-26'.", pattern=r"^\d{4}-\d{2}$"),
                        "status": s_str("Filter.", enum=["all", "submitted", "approved", "rejected", "paid"])},
                       ["employee_id", "fy"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("page_size", 50)]),
            Tool("get_claim", "One expense claim with its line items, amounts approved, remarks, approver and payment.",
                 s_obj({"claim_number": s_str("Claim number, e.g. 'EXP-2026-04817'.", pattern=r"^EXP-\d{4}-\d{5}$")},
                       ["claim_number"]),
                 entity={"claim_number": "id"}, http=BASE, extra=[("include_bills", True)]),
            Tool("submit_conveyance", "Submit a local conveyance claim for a month: trips with date and km, vehicle.",
                 s_obj({"employee_id": s_str("Employee ID.", pattern=ep),
                        "month": s_str("Month, YYYY-MM.", pattern=r"^\d{4}-\d{2}$"),
                        "vehicle": s_str("Vehicle.", enum=list(RATE)),
                        "trips": s_arr("Trips.", s_obj({"date": s_date("Trip date, YYYY-MM-DD."), "km": s_num("Kilometres.", 1, 500),
                                                         "purpose": s_str("Purpose.")}, ["date", "km"]), 1, 31),
                        "accept_cap": s_bool("Accept the monthly cap if the claim exceeds it.")},
                       ["employee_id", "month", "vehicle", "trips"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("attach_map", True)]),
            Tool("get_policy", "The travel and expense policy (Markdown, numbered clauses) by path.",
                 s_obj({"policy_path": s_str("Policy path from the employee record, e.g. 'policies/travel-expense-v4.md'.",
                                             pattern=r"^policies/[a-z0-9.-]+\.md$")}, ["policy_path"]),
                 entity={"policy_path": "path"}, extra=[("version", "current")]),
        ]
        self.intents = [("claims_overview", self.overview, False), ("claim_detail", self.detail, False),
                        ("conveyance_claim", self.conveyance, True), ("policy_question", self.policy, True)]

    # ------------------------------------------------------------------ data
    def _employee(self, r, today):
        eid = f"VI{r.randint(10000, 99999)}"
        full, first, hon = person(r)
        res = {"employee_id": eid, "name": full, "grade": r.choice(["L2", "L3", "L4", "M1"]),
               "base_location": r.choice(["Pune", "Bengaluru", "Hyderabad", "Chennai"]),
               "reporting_manager": r.choice(APPROVERS), "vehicle": r.choice(["car", "two_wheeler"]),
               "policy_path": f"policies/{r.choice(['travel-expense-v4.2', 'te-policy-2026'])}.md",
               "as_of": stamp(today, r.randint(9, 19), r.randint(0, 59))}
        return eid, res, (first, hon)

    def _claims(self, r, today, n):
        fy0 = dt.date(today.year if today.month >= 4 else today.year - 1, 4, 1)
        span = max((today - fy0).days, 20)
        rows = []
        days = sorted(r.sample(range(1, span), min(n, span - 1)))
        for k, dd in enumerate(days):
            sub = fy0 + dt.timedelta(days=dd)
            cat = r.choice(list(CATS))
            amt = float(r.choice([840, 1250, 2360, 3180, 4725, 6400, 12850, 18240]))
            age = (today - sub).days
            st = "submitted" if age < 12 and r.random() < 0.8 else r.choice(["paid", "paid", "paid", "approved", "rejected"]) if age >= 12 else "approved"
            if st == "approved" and age > 40:
                st = "paid"
            appr = 0.0 if st in ("submitted", "rejected") else (amt if r.random() < 0.6 else float(round(amt * r.choice([0.7, 0.8, 0.9]))))
            rows.append({"claim_number": f"EXP-{sub.year}-{r.randint(10000, 99999)}", "category": cat, "submitted_on": sub.isoformat(),
                         "amount_claimed_inr": amt, "amount_approved_inr": appr if st != "submitted" else None,
                         "status": st, "paid_on": (sub + dt.timedelta(days=r.randint(12, 25))).isoformat() if st == "paid" else None})
        if not any(x["status"] == "submitted" for x in rows):
            rows[-1].update({"status": "submitted", "amount_approved_inr": None, "paid_on": None})
        return rows

    # ------------------------------------------------------------------ intents
    def overview(self, ctx):
        r, today = ctx.r, ctx.today
        eid = f"VI{r.randint(10000, 99999)}"
        rows = self._claims(r, today, r.randint(4, 7))
        fy = fy_of(today)
        res = {"employee_id": eid, "fy": fy, "claims": rows, "currency": "INR", "as_of": stamp(today, r.randint(9, 19), r.randint(0, 59))}
        req = r.choice([f"Employee ID {eid}. Please share the status of all my expense claims for FY {fy}.",
                        f"How many of my claims are pending and how much has been paid so far this year? ({eid})"])
        w = Desk(r, today, BRAND, TEAM, AGENT)
        pend = [x for x in rows if x["status"] == "submitted"]
        paid = [x for x in rows if x["status"] == "paid"]
        decided = [x for x in rows if x["status"] in ("approved", "paid", "rejected")]
        tc = sum(x["amount_claimed_inr"] for x in rows)
        tp = sum(x["amount_approved_inr"] for x in paid)
        pa = sum(x["amount_claimed_inr"] for x in pend)
        a = A()
        w.opener(a)
        a.t(f"For FY {fy}, you have submitted ").x(w.cnt(len(rows), "claim"), num=w.cnt(len(rows) + 2, "claim")).t(" totalling ").x(w.money(tc), num=w.money(tc + 5000)).t(".")
        a.p()
        flip = r.randint(0, len(rows) - 1)
        if w.table:
            w.head(a, ["S.No.", "Claim No.", "Submitted", "Category", "Claimed", "Approved", "Status"])
            for k, x in enumerate(rows):
                w.row(a).t(str(k + 1))
                w.cell(a).x(x["claim_number"], fid=mutate_id(x["claim_number"], r) if k == flip else None)
                w.cell(a).x(w.d(x["submitted_on"], wk=False), tmp=w.d(dt.date.fromisoformat(x["submitted_on"]) + dt.timedelta(days=9), wk=False) if k == flip else None)
                w.cell(a).t(CATS[x["category"]])
                w.cell(a).t(w.money(x["amount_claimed_inr"]))
                w.cell(a).t("-" if x["amount_approved_inr"] is None else w.money(x["amount_approved_inr"]))
                w.cell(a).x(ST[x["status"]], val=("Rejected" if x["status"] != "rejected" else "Paid") if k == flip else None)
                w.end_row(a)
            a.pp()
        else:
            w.para(a)
            w.start()
            for k, x in enumerate(rows):
                w.li(a)
                a.x(x["claim_number"], fid=mutate_id(x["claim_number"], r) if k == flip else None).t(f" ({CATS[x['category']]}, ")
                a.x(w.d(x["submitted_on"], wk=False), tmp=w.d(dt.date.fromisoformat(x["submitted_on"]) + dt.timedelta(days=9), wk=False) if k == flip else None).t(f") - {w.money(x['amount_claimed_inr'])}: ")
                a.x(ST[x["status"]], val=("Rejected" if x["status"] != "rejected" else "Paid") if k == flip else None)
                if x["amount_approved_inr"] is not None and x["status"] != "rejected" and x["amount_approved_inr"] != x["amount_claimed_inr"]:
                    a.t(f" ({w.money(x['amount_approved_inr'])} approved)")
                w.pt(a)
        w.para(a)
        w.kv(a, "Paid so far").x(w.money(tp), num=w.money(tp + 3000), conf=("numerical", w.money(sum(x["amount_claimed_inr"] for x in paid))) if sum(x["amount_claimed_inr"] for x in paid) != tp else None).t(f" ({w.cnt(len(paid), 'claim')})")
        w.kv(a, "Pending approval").x(w.cnt(len(pend), "claim"), num=w.cnt(len(pend) + 1, "claim")).t(", ").x(w.money(pa), num=w.money(pa + 2000))
        if decided:
            cl = sum(x["amount_claimed_inr"] for x in decided)
            ap = sum(x["amount_approved_inr"] for x in decided)
            v = 100 * ap / cl
            w.kv(a, "Approval ratio").x(w.pct(ap, cl), num=w.pc(round(v - 15 if v > 50 else v + 15, 1))).t(" of the amount claimed on decided claims")
        w.para(a)
        old = min(pend, key=lambda x: x["submitted_on"])
        od = dt.date.fromisoformat(old["submitted_on"])
        a.t("The oldest pending claim, ").x(old["claim_number"], fid=mutate_id(old["claim_number"], r)).t(", was submitted ").x(w.rel(od), tmp=w.rel(od - dt.timedelta(days=6)))
        a.t(" and is ").x("still awaiting", neg="no longer awaiting").t(" approval")
        a.pc().t(".")
        a.p()
        rej = [x for x in rows if x["status"] == "rejected"]
        if rej:
            a.t(" ").x(w.cnt(len(rej), "claim"), num=w.cnt(len(rej) + 1, "claim")).t(" was" if len(rej) == 1 else " were").t(" ").x("rejected", val="put on hold").t(".")
            a.p()
        big = max(rows, key=lambda x: (x["amount_claimed_inr"], x["submitted_on"]))
        if sum(1 for x in rows if x["amount_claimed_inr"] == big["amount_claimed_inr"]) == 1:
            sm = min(rows, key=lambda x: x["amount_claimed_inr"])
            a.t(" The ").x("largest", rel="smallest").t(f" claim is {big['claim_number']} ({CATS[big['category']]}, ").x(w.money(big["amount_claimed_inr"]), num=w.money(big["amount_claimed_inr"] + 4000), conf=("numerical", w.money(sm["amount_claimed_inr"])) if sm is not big else None).t(").")
            a.p()
        if r.random() < 0.4:
            a.t(" (Paid total = sum of `").x("amount_approved_inr", attr=r.choice(["amount_paid_inr", "sanctioned_amount"])).t("` on paid claims.)")
            a.p()
        w.closer(a, ["Shall I send a reminder to your manager for the pending claim?", "Do you want the line items of any claim?"])
        a.ins("claim", "Claims pending for more than 15 days are auto-approved.")
        a.ins("claim", "Reimbursements are credited along with the salary on the last working day of the month.")
        a.ins("behavior", "I have sent a reminder to your reporting manager.")
        a.ins("behavior", "I have raised a query with the finance team on the rejected claim.")
        a.ins("elab", "as the approver was on leave last week", clause=True)
        a.ins("cite", f"Helpdesk ticket HRD-{r.randint(100000, 999999)} has been logged for this.")
        return vet(self, Plan(req, [Turn([Call("list_claims", {"employee_id": eid, "fy": fy, "status": "all"}, res)])], a))

    def detail(self, ctx):
        r, today = ctx.r, ctx.today
        sub = today - dt.timedelta(days=r.randint(8, 40))
        cn = f"EXP-{sub.year}-{r.randint(10000, 99999)}"
        full, first, hon = person(r)
        city = r.choice(METROS + OTHERS)
        metro = city in METROS
        pdm = 1500.0 if metro else 1000.0
        hcap = 6000.0 if metro else 4000.0
        start = sub - dt.timedelta(days=r.randint(4, 15))
        nd = r.randint(2, 4)
        items = []
        hrate = float(r.choice([hcap - 500, hcap, hcap + 800, hcap + 1400]))
        items.append({"line": 1, "date": start.isoformat(), "description": f"Flight to {city}", "category": "airfare",
                      "amount_inr": float(r.choice([4850, 5620, 7210])), "bill_attached": True})
        items.append({"line": 2, "date": start.isoformat(), "description": f"Hotel, {nd - 1} night{'s' if nd > 2 else ''}", "category": "hotel",
                      "amount_inr": hrate * (nd - 1), "bill_attached": True, "nights": nd - 1, "rate_per_night_inr": hrate})
        items.append({"line": 3, "date": start.isoformat(), "description": f"Per diem, {nd} days", "category": "per_diem",
                      "amount_inr": pdm * nd, "bill_attached": False})
        taxi = float(r.choice([640, 780, 1120]))
        items.append({"line": 4, "date": (start + dt.timedelta(days=1)).isoformat(), "description": "Local taxi", "category": "local_travel",
                      "amount_inr": taxi, "bill_attached": r.random() < 0.5})
        for it in items:
            ok = it["amount_inr"]
            rem = None
            if it["category"] == "hotel" and hrate > hcap:
                ok = hcap * (nd - 1)
                rem = f"Capped at Rs. {int(hcap)} per night ({'metro' if metro else 'non-metro'})"
            if it["category"] == "local_travel" and not it["bill_attached"] and it["amount_inr"] > 500:
                ok = 0.0
                rem = "Bill not attached (required above Rs. 500)"
            it["approved_inr"] = ok
            it["remark"] = rem
        tc = sum(it["amount_inr"] for it in items)
        ta = sum(it["approved_inr"] for it in items)
        st = r.choice(["approved", "paid"])
        appr_on = sub + dt.timedelta(days=r.randint(2, 6))
        paid_on = working_days_after(appr_on, 10, off=(5, 6)) if st == "paid" else None
        if paid_on and paid_on > today:
            st, paid_on = "approved", None
        approver = r.choice(APPROVERS)
        res = {"claim_number": cn, "employee": full, "category": "travel", "trip": {"city": city, "city_class": "metro" if metro else "non-metro",
               "from": start.isoformat(), "to": (start + dt.timedelta(days=nd - 1)).isoformat()},
               "submitted_on": sub.isoformat(), "items": items, "amount_claimed_inr": tc, "amount_approved_inr": ta,
               "status": st, "approver": approver, "approved_on": appr_on.isoformat(), "paid_on": paid_on.isoformat() if paid_on else None,
               "as_of": stamp(today, r.randint(9, 19), r.randint(0, 59))}
        req = r.choice([f"Why was less amount approved on my claim {cn}?", f"Please share the details of claim {cn} - how much was approved?",
                        f"Claim {cn}: what is the approved amount and when will it be paid?"])
        w = Desk(r, today, BRAND, TEAM, AGENT, (first, hon))
        a = A()
        w.opener(a)
        a.t(f"Your claim ").x(cn, fid=mutate_id(cn, r)).t(f" for the {city} trip ({w.d(start, wk=False)} to {w.d(start + dt.timedelta(days=nd - 1), wk=False)}) was ")
        a.x("approved", val="returned for correction").t(" by ").x(approver, ent=r.choice(OTHER_APPROVERS)).t(" on ").x(w.d(appr_on), tmp=w.d(appr_on + dt.timedelta(days=3))).t(".")
        a.p()
        w.para(a)
        w.kv(a, "Amount claimed").x(w.money(tc), num=w.money(tc + 2500))
        w.kv(a, "Amount approved").x(w.money(ta), num=w.money(ta + 1800), conf=("numerical", w.money(tc)) if ta != tc else None)
        if ta != tc:
            w.kv(a, "Disallowed").x(w.money(tc - ta), num=w.money(tc - ta + 1000)).t(", i.e. ").x(w.pct(tc - ta, tc), num=w.pc(round(100 * (tc - ta) / tc + 9, 1)))
        w.para(a)
        cut = [it for it in items if it["approved_inr"] != it["amount_inr"]]
        if cut:
            a.t("Line items not approved in full:")
            w.start()
            for it in cut:
                w.li(a)
                a.t(f"Line {it['line']}, {it['description']} - ")
                if it["category"] == "hotel":
                    a.x(w.money(it["rate_per_night_inr"]), num=w.money(it["rate_per_night_inr"] + 700)).t(" per night against the ")
                    a.x("metro" if metro else "non-metro", val="non-metro" if metro else "metro").t(" cap of ").x(w.money(hcap), num=w.money(hcap + 1000)).t(f" x {w.cnt(nd - 1, 'night')}, so ")
                    a.x(w.money(it["approved_inr"]), num=w.money(it["approved_inr"] + 1500)).t(" approved")
                else:
                    a.x(w.money(it["amount_inr"]), num=w.money(it["amount_inr"] + 300)).t(" disallowed as the bill ").x("was not attached", neg="was attached").t(" (required above Rs. 500)")
                w.pt(a)
        else:
            a.t("All line items were ").x("approved in full", neg="not approved in full").t(", including the per diem of ").x(w.money(pdm * nd), num=w.money(pdm * nd + 1000)).t(f" ({nd} x {w.money(pdm)}).")
            a.p()
        w.para(a)
        if st == "paid":
            a.t("The approved amount ").x("has been paid", neg="is yet to be paid").t(" on ").x(w.when(paid_on), tmp=w.when(paid_on + dt.timedelta(days=2))).t(", i.e. ").x(w.cnt((paid_on - appr_on).days, "day"), num=w.cnt((paid_on - appr_on).days - 5, "day")).t(" after approval")
        else:
            a.t("Payment ").x("is pending", neg="has been made").t(" as on date; the claim was approved ").x(w.cnt((today - appr_on).days, "day"), num=w.cnt((today - appr_on).days + 4, "day")).t(f" {w.ago}")
        a.pc().t(".")
        a.p()
        if r.random() < 0.45:
            a.t(" The per-item figure is under `").x("approved_inr", attr=r.choice(["sanctioned_inr", "allowed_amount"])).t("` in the claim.")
            a.p()
        w.closer(a, ["Do you want me to raise a re-verification request?"] + (["Please upload the missing bill and I can resubmit the line item."] if any(it["category"] == "local_travel" and it in cut for it in items) else []))
        a.ins("claim", "The disallowed amount can be claimed again in the next month's cycle.")
        a.ins("claim", f"{approver} approves claims only on Fridays.")
        a.ins("behavior", "I have resubmitted the disallowed line item for you.")
        a.ins("behavior", "I have shared the claim summary with your manager.")
        a.ins("elab", "as the finance team tightened the hotel caps this quarter", clause=True)
        a.ins("cite", f"Payment advice: https://hrdesk.veritasinfotech.example/advice/{cn.lower()}.pdf")
        return vet(self, Plan(req, [Turn([Call("get_claim", {"claim_number": cn}, res)])], a))

    def conveyance(self, ctx):
        r, today = ctx.r, ctx.today
        eid, emp, who = self._employee(r, today)
        veh = emp["vehicle"]
        rate = RATE[veh]
        m0 = today.replace(day=1) - dt.timedelta(days=1)
        month = m0.strftime("%Y-%m")
        n = r.randint(3, 6)
        days = sorted(r.sample(range(1, m0.day + 1), n))
        trips = [{"date": m0.replace(day=d).isoformat(), "km": float(r.choice([18, 24, 32, 45, 56, 64, 78, 96, 120])),
                  "purpose": r.choice(["Client visit", "Vendor meeting", "Site visit", "Bank work for office"])} for d in days]
        km = sum(t["km"] for t in trips)
        amt = km * rate
        over = amt > CAP
        args = {"employee_id": eid, "month": month, "vehicle": veh, "trips": trips}
        turns = []
        cn = f"EXP-{today.year}-{r.randint(10000, 99999)}"
        if over:
            turns.append(Turn([Call("submit_conveyance", args, {"submitted": False, "reason_code": "EXCEEDS_MONTHLY_CAP",
                                                                 "message": f"Local conveyance is capped at Rs. {int(CAP)} per month.",
                                                                 "amount_inr": amt, "cap_inr": CAP})]))
            args = dict(args, accept_cap=True)
        adm = min(amt, CAP)
        exp = working_days_after(today, 5, off=(5, 6))
        ok = {"submitted": True, "claim_number": cn, "employee_id": eid, "month": month, "vehicle": veh, "trips": len(trips),
              "km_total": km, "rate_per_km_inr": rate, "amount_inr": amt, "amount_admissible_inr": adm, "cap_inr": CAP,
              "status": "submitted", "approver": emp["reporting_manager"], "approval_due_by": exp.isoformat(), "as_of": emp["as_of"]}
        turns.append(Turn([Call("submit_conveyance", args, ok)]))
        ge = Call("get_employee", {"employee_id": eid}, emp)
        vword = "car" if veh == "car" else "two-wheeler"
        tl = "; ".join(f"{t['date']} {t['km']:g} km" for t in trips)
        history = None
        if ctx.followup:
            history = History().user(f"Which vehicle is registered against my ID {eid}?")
            history.call([ge])
            history.reply(f"Your registered vehicle is a {vword}; your reporting manager is {emp['reporting_manager']}.")
            req = f"Please submit my local conveyance for {m0.strftime('%B %Y')}: {tl}."
        else:
            req = f"Employee {eid}: kindly submit my local conveyance claim for {m0.strftime('%B %Y')} - {tl} (own {vword})."
            turns = [Turn([ge])] + turns
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("Your local conveyance claim for ").x(w.mon(m0), tmp=w.mon(today)).t(" has been ").x("submitted", val="saved as draft").t(" as claim ").x(cn, fid=mutate_id(cn, r)).t(".")
        a.p()
        w.para(a)
        w.kv(a, "Trips").x(str(len(trips)), num=str(len(trips) + 2)).t(f", {w.u(km, 'km')} in total")
        w.kv(a, "Rate").x(w.money(rate), num=w.money(rate + 3)).t(f" per km ({vword})")
        w.kv(a, "Amount").t(f"{w.num(km)} x {w.money(rate)} = ").x(w.money(amt), num=w.money(amt + 600))
        if over:
            w.kv(a, "Admissible").x(w.money(adm), num=w.money(adm + 500), conf=("numerical", w.money(amt))).t(" (monthly cap)")
            w.para(a)
            a.t("The amount was ").x("above", rel="below").t(" the monthly cap of ").x(w.money(CAP), num=w.money(CAP + 1000)).t(" (`").x("EXCEEDS_MONTHLY_CAP", attr=r.choice(["CAP_EXCEEDED", "LIMIT_BREACH"])).t("`), so I resubmitted it with the cap accepted; ")
            a.x(w.money(amt - adm), num=w.money(amt - adm + 250)).t(" will ").x("not be reimbursed", neg="also be reimbursed").t(".")
            a.p()
        else:
            w.para(a)
            a.t("This is ").x("within", rel="above").t(" the monthly cap of ").x(w.money(CAP), num=w.money(CAP - 1500)).t(", with ").x(w.money(CAP - amt), num=w.money(CAP - amt + 400)).t(" to spare.")
            a.p()
        w.para(a)
        longest = max(trips, key=lambda t: (t["km"], t["date"]))
        if sum(1 for t in trips if t["km"] == longest["km"]) == 1:
            a.t("The longest trip was on ").x(w.d(longest["date"]), tmp=w.d(dt.date.fromisoformat(longest["date"]) + dt.timedelta(days=1)) if longest["date"] != trips[-1]["date"] else w.d(dt.date.fromisoformat(longest["date"]) - dt.timedelta(days=1)))
            a.t(f" ({w.u(longest['km'], 'km')}). ")
        a.t("The claim is now with ").x(emp["reporting_manager"], ent=r.choice(OTHER_APPROVERS)).t(" for approval, due by ").x(w.d(exp), tmp=w.d(exp + dt.timedelta(days=3))).t(".")
        a.p()
        w.closer(a, ["Shall I notify your manager?", "Do you want to add the toll receipts as well?"])
        a.ins("claim", "Conveyance claims under Rs. 2,000 are approved automatically.")
        a.ins("claim", "The per-km rate for cars will be revised to Rs. 14 from April.")
        a.ins("behavior", "I have attached the Google Maps route for each trip.")
        a.ins("behavior", "I have marked the claim as urgent for your manager.")
        a.ins("elab", "as fuel prices were revised in the last quarter", clause=True)
        a.ins("cite", f"Acknowledgement ACK-{r.randint(1000000, 9999999)} has been generated.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        eid, emp, who = self._employee(r, today)
        doc = ("# Veritas Infotech - Travel & Expense Reimbursement Policy\n\n"
               "## 1. Submission and payment\n"
               "1.1 Claims must be submitted within 30 days of the expense date.\n"
               "1.2 Original bills are required for every item above Rs. 500/-.\n"
               "1.3 Approved claims are paid within 10 working days of approval (working days: Monday to Friday).\n\n"
               "## 2. Per diem (outstation travel)\n"
               f"2.1 Metro cities ({', '.join(METROS)}): Rs. 1,500/- per day.\n"
               "2.2 Other cities: Rs. 1,000/- per day.\n"
               "2.3 The days of departure and return count as full days.\n\n"
               "## 3. Hotel\n"
               "3.1 Metro cities: up to Rs. 6,000/- per night; other cities: up to Rs. 4,000/- per night.\n"
               "3.2 Any amount above the cap is borne by the employee.\n\n"
               "## 4. Local conveyance\n"
               "4.1 Own car: Rs. 12/- per km; two-wheeler: Rs. 6/- per km.\n"
               f"4.2 Monthly cap: Rs. {int(CAP):,}/-.\n")
        path = emp["policy_path"]
        variant = r.choice(["perdiem", "hotel", "deadline", "payment"])
        if variant == "perdiem":
            city = r.choice(METROS[1:] + OTHERS)
            d1 = today + dt.timedelta(days=r.randint(3, 20))
            nd = r.randint(2, 5)
            d2 = d1 + dt.timedelta(days=nd - 1)
            q = f"I am travelling to {city} from {d1.isoformat()} to {d2.isoformat()}. How much per diem can I claim?"
        elif variant == "hotel":
            city = r.choice(METROS[1:] + OTHERS)
            metro = city in METROS
            cap = 6000 if metro else 4000
            nights = r.randint(2, 4)
            nr = r.choice([cap - 700, cap + 500, cap + 1200, cap + 2000])
            q = f"I stayed {nights} nights in {city} at Rs. {nr} per night. How much will be reimbursed?"
        elif variant == "deadline":
            ed = today - dt.timedelta(days=r.choice([8, 15, 22, 27, 33, 41]))
            q = f"I have bills from {ed.isoformat()} that I forgot to claim. Can I still submit them?"
        else:
            ad = today - dt.timedelta(days=r.randint(1, 12))
            q = f"My claim was approved on {ad.isoformat()}. By when will I get the money?"
        ge = Call("get_employee", {"employee_id": eid}, emp)
        gp = Call("get_policy", {"policy_path": path}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Who is my reporting manager? ID {eid}")
            history.call([ge])
            history.reply(f"Your reporting manager is {emp['reporting_manager']} (grade {emp['grade']}, based in {emp['base_location']}).")
            req = q
            turns = [Turn([gp])]
        else:
            req = f"Employee ID {eid}. {q}"
            turns = [Turn([ge]), Turn([gp])]
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        fake = lambda real: r.choice([s for s in ["1.4", "2.4", "3.3", "4.3", "5.1"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "perdiem":
            metro = city in METROS
            rate = 1500 if metro else 1000
            sec = "2.1" if metro else "2.2"
            a.t(f"{city} is ").x("a metro city" if metro else "not a metro city", neg="not a metro city" if metro else "a metro city").t(" as per clause ").x(sec, sec=fake(sec)).t(", so the per diem is ")
            a.x(w.money(rate), num=w.money(rate + 500 if not metro else rate - 500)).t(" per day.")
            a.p()
            w.para(a)
            a.t(f"For {w.d(d1, wk=False)} to {w.d(d2, wk=False)}, i.e. ").x(w.cnt(nd, "day"), num=w.cnt(nd + 1, "day")).t(" (the days of departure and return ").x("count as full days", neg="do not count").t(", clause ")
            a.x("2.3", sec=fake("2.3")).t("), you can claim ").x(w.money(rate * nd), num=w.money(rate * nd + rate), conf=("numerical", w.money(rate))).t(f" ({nd} x {w.money(rate)}).")
            a.p()
        elif variant == "hotel":
            sec = "3.1"
            allowed = min(nr, cap) * nights
            a.t(f"As per clause ").x(sec, sec=fake(sec)).t(f", the hotel cap for {city} (").x("metro" if metro else "non-metro", val="non-metro" if metro else "metro").t(") is ").x(w.money(cap), num=w.money(cap + 1500)).t(" per night.")
            a.p()
            w.para(a)
            w.kv(a, "Claimed").t(f"{nights} x {w.money(nr)} = ").x(w.money(nr * nights), num=w.money(nr * nights + 1000))
            w.kv(a, "Reimbursable").x(w.money(allowed), num=w.money(allowed + 2000), conf=("numerical", w.money(nr * nights)) if nr > cap else None)
            w.para(a)
            if nr > cap:
                a.t("Your rate is ").x("above", rel="below").t(" the cap, so ").x(w.money((nr - cap) * nights), num=w.money((nr - cap) * nights + 800)).t(" will be ").x("borne by you", neg="reimbursed as well").t(" (clause ").x("3.2", sec=fake("3.2")).t(").")
            else:
                a.t("Your rate is ").x("within", rel="above").t(" the cap, so the full amount ").x("is reimbursable", neg="is not reimbursable").t(".")
            a.p()
        elif variant == "deadline":
            last = ed + dt.timedelta(days=30)
            a.t(f"As per clause ").x("1.1", sec=fake("1.1")).t(", claims must be submitted within ").x("30 days", num="45 days").t(" of the expense date. For expenses of ").x(w.d(ed), tmp=w.d(ed + dt.timedelta(days=10))).t(", the last date is ")
            a.x(w.d(last), tmp=w.d(last + dt.timedelta(days=15))).t(".")
            a.p()
            w.para(a)
            if last >= today:
                a.t("So yes, you ").x("can still submit", neg="can no longer submit").t(" them; ").x(w.cnt((last - today).days, "day"), num=w.cnt((last - today).days + 6, "day")).t(" are left" if (last - today).days != 1 else " is left").t(".")
            else:
                a.t("I am sorry, the window ").x("closed", neg="is still open").t(" ").x(w.cnt((today - last).days, "day"), num=w.cnt((today - last).days + 5, "day")).t(f" {w.ago}, so these bills cannot be claimed now.")
            a.p()
            a.t(" Please attach the original bills for items above ").x(w.money(500), num=w.money(1000)).t(" (clause ").x("1.2", sec=fake("1.2")).t(").")
            a.p()
        else:
            pay = working_days_after(ad, 10, off=(5, 6))
            a.t(f"As per clause ").x("1.3", sec=fake("1.3")).t(", approved claims are paid within ").x("10 working days", num="15 working days").t(" of approval, counting Monday to Friday only.")
            a.p()
            w.para(a)
            a.t("Since your claim was approved on ").x(w.d(ad), tmp=w.d(ad - dt.timedelta(days=4))).t(", the payment should reach you by ").x(w.rel(pay), tmp=w.rel(pay + dt.timedelta(days=4))).t(".")
            a.p()
            wk = sum(1 for k in range(1, (pay - ad).days + 1) if (ad + dt.timedelta(days=k)).weekday() >= 5)
            if wk:
                a.t(" (").x(w.cnt(wk, "weekend day"), num=w.cnt(wk + 2, "weekend day")).t(" in between ").x("are not counted" if wk > 1 else "is not counted", neg="are counted" if wk > 1 else "is counted").t(".)")
                a.p()
        w.closer(a, ["Shall I start the claim for you?", "Do you want me to share the policy document?"])
        a.ins("claim", "Per diem is paid in advance for trips longer than three days.")
        a.ins("claim", "Hotel bookings made through the travel desk are exempt from the cap.")
        a.ins("behavior", "I have raised an exception request with finance for you.")
        a.ins("behavior", "I have pre-filled the claim form in the portal.")
        a.ins("elab", "because the policy was revised after the last audit", clause=True)
        a.ins("cite", f"Policy FAQ: https://hrdesk.veritasinfotech.example/faq/te-{r.randint(100, 999)}")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
