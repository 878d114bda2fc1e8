"""insurance_claims (set b): claim lifecycle, payouts net of deductible, policy wording with numbered clauses."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, closer, d_full, d_long, d_med,
                     d_short, d_uk, money, mutate_id, nword, opener, other_than, plural, s_bool, s_date, s_obj, s_str)

BASE = "https://api.harborline.example/claims/v3"
ADJUSTERS = ["Dana Whitfield", "Marcus Oyelaran", "Priya Castellanos", "Tom Brennan", "Keiko Sato", "Luis Ferreira"]
OTHER_ADJUSTERS = ["Rachel Kim", "Gordon Pike", "Sofia Marchetti", "Ian Doyle", "Nadia Haddad"]
CONTRACTORS = ["BlueLine Restoration", "ServiceMaster of Fairview", "DryTech Water Removal", "Apex Roofing Co."]
OTHER_CONTRACTORS = ["Paul Davis Restoration", "Belfor", "RestorePro", "Summit Builders"]
LOSSES = {"water_damage": ("water damage", "burst pipe under the kitchen sink"),
          "hail": ("hail damage", "hail damage to the roof and gutters"),
          "theft": ("theft", "bicycle and laptop stolen from the garage"),
          "wind": ("wind damage", "fallen tree branch through the back fence")}
POLICY_RE = r"^(HO|AU)-\d{4}-\d{4}$"


class Insurance(Scenario):
    name = "insurance_claims"
    agent = "ClaimPilot"
    service = "harborline-claims-agent"
    system = ("You are ClaimPilot, Harborline Mutual's claims assistant for policyholders. The customer is signed in. "
              "Use the tools to look up their policies, claims and policy wording. Quote amounts exactly as the claim "
              "system reports them, cite policy sections by number, and never promise coverage the wording does not give.")
    error_style = 1
    entity_noun = {"claim_id": "Claim", "policy_number": "Policy", "document_url": "Document"}
    preambles = ["Let me pull up your claim.", "One moment while I check the claim system.", "Checking your policy now.",
                 "I'll look that up."]

    def __init__(self):
        pol = s_str("Policy number, e.g. 'HO-4471-2290'.", pattern=POLICY_RE)
        self.tools = [
            Tool("list_policies", "List the signed-in policyholder's policies with deductibles and document links.",
                 s_obj({"status": s_str("Policy status filter.", enum=["active", "lapsed", "all"])}), http=BASE,
                 extra=[("customer_id", "me"), ("expand", "coverages")]),
            Tool("get_claim", "Full record of one claim: status history, estimate, approved amount, payments.",
                 s_obj({"claim_id": s_str("Claim number, e.g. 'CLM-2026-004817'.", pattern=r"^CLM-\d{4}-\d{6}$"),
                        "include_payments": s_bool("Include the payment ledger.")}, ["claim_id"]),
                 entity={"claim_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("list_claims", "Claims filed under one policy.",
                 s_obj({"policy_number": pol, "status": s_str("Claim status filter.", enum=["open", "closed", "all"]),
                        "since": s_date("Only claims reported on or after this date (YYYY-MM-DD).")}, ["policy_number"]),
                 entity={"policy_number": "id"}, http=BASE, extra=[("page_size", 50)]),
            Tool("get_policy_document", "Fetch the policy wording (numbered sections) from its document URL.",
                 s_obj({"document_url": s_str("Document URL as returned by list_policies.", pattern=r"^https://"),
                        "section": s_str("Optional section number to jump to, e.g. '4.2'.", pattern=r"^\d+(\.\d+)*$")},
                       ["document_url"]),
                 entity={"document_url": "url"}, extra=[("format", "text")]),
        ]
        self.intents = [("claim_status", self.claim_status, True), ("coverage_question", self.coverage, False),
                        ("claims_history", self.history, True)]

    # ------------------------------------------------------------------ data
    def policies(self, r: R, today):
        start = today - dt.timedelta(days=r.randint(40, 300))
        ho = f"HO-{r.digits(4)}-{r.digits(4)}"
        au = f"AU-{r.digits(4)}-{r.digits(4)}"
        yr = start.year
        return {"policies": [
            {"policy_number": ho, "product": "homeowners", "status": "active", "insured": {"address": f"{r.randint(12, 980)} {r.choice(['Maple', 'Birch', 'Harbor', 'Linden', 'Cedar'])} {r.choice(['St', 'Ave', 'Ln'])}, {r.choice(['Fairview, OR', 'Ashland, OR', 'Bend, OR', 'Salem, OR'])}"},
             "term": {"start": start.isoformat(), "end": start.replace(year=start.year + 1).isoformat()},
             "premium": {"amount": float(r.choice([1184, 1312, 1460, 1596, 1720])), "currency": "USD", "interval": "annual"},
             "deductibles": {"all_perils": float(r.choice([500, 1000, 1500, 2500])), "wind_hail": r.choice(["1%", "2%"])},
             "dwelling_limit": r.choice([385000, 420000, 510000, 640000]),
             "document_url": f"https://docs.harborline.example/policies/{ho.lower()}/wording-HO3-{yr}.pdf"},
            {"policy_number": au, "product": "auto", "status": "active",
             "insured": {"vehicle": r.choice(["2021 Subaru Outback", "2019 Honda CR-V", "2022 Toyota RAV4 Hybrid"])},
             "term": {"start": start.isoformat(), "end": (start + dt.timedelta(days=182)).isoformat()},
             "premium": {"amount": float(r.choice([612, 688, 745, 820])), "currency": "USD", "interval": "semiannual"},
             "deductibles": {"collision": float(r.choice([500, 1000])), "comprehensive": float(r.choice([250, 500]))},
             "document_url": f"https://docs.harborline.example/policies/{au.lower()}/wording-PAP-{yr}.pdf"}]}

    def make_claim(self, r: R, today, policy_number, deductible, status=None):
        loss = r.choice(list(LOSSES))
        status = status or r.choice(["under_review", "approved", "partially_paid", "paid", "awaiting_documents", "denied"])
        if loss == "theft":
            status = status if status != "partially_paid" else "approved"
        loss_date = today - dt.timedelta(days=r.randint(12, 50))
        reported = loss_date + dt.timedelta(days=r.randint(0, 3))
        est = round(r.uniform(3200, 18500), 2)
        approved = round(est * r.uniform(0.78, 0.97), 2)
        hist = [{"status": "submitted", "at": f"{reported.isoformat()}T{r.randint(8, 20):02d}:{r.randint(0, 59):02d}:00-07:00"}]
        t = reported
        steps = {"under_review": ["under_review"], "awaiting_documents": ["under_review", "awaiting_documents"],
                 "approved": ["under_review", "approved"], "partially_paid": ["under_review", "approved", "partially_paid"],
                 "paid": ["under_review", "approved", "paid"], "denied": ["under_review", "denied"]}[status]
        for s in steps:
            t = t + dt.timedelta(days=r.randint(1, 4))
            if t > today:
                t = today
            hist.append({"status": s, "at": f"{t.isoformat()}T{r.randint(8, 17):02d}:{r.randint(0, 59):02d}:00-07:00"})
        cid = f"CLM-{reported.year}-{r.digits(6)}"
        claim = {"claim_id": cid, "policy_number": policy_number, "loss_type": loss, "description": LOSSES[loss][1],
                 "date_of_loss": loss_date.isoformat(), "reported_at": hist[0]["at"], "status": status,
                 "status_history": hist, "adjuster": {"name": r.choice(ADJUSTERS), "phone": f"+1-503-555-{r.digits(4)}"},
                 "estimate": {"amount": est, "currency": "USD", "source": r.choice(CONTRACTORS) if loss != "theft" else "receipts"},
                 "deductible": deductible}
        payments = []
        if status in ("approved", "partially_paid", "paid"):
            claim["approved_amount"] = approved
            net = round(approved - deductible, 2)
            if status == "partially_paid":
                first = round(net * r.choice([0.5, 0.6, 0.4]), 2)
                payments.append({"payment_id": f"PAY-{r.digits(7)}", "amount": first, "method": "ach",
                                 "issued_on": t.isoformat(), "memo": "advance payment"})
            elif status == "paid":
                payments.append({"payment_id": f"PAY-{r.digits(7)}", "amount": net, "method": r.choice(["ach", "check"]),
                                 "issued_on": t.isoformat(), "memo": "final payment"})
        if status == "awaiting_documents":
            claim["missing_documents"] = r.sample(["repair invoice", "photos of the damage", "police report",
                                                   "proof of ownership", "signed proof of loss"], 2)
            claim["documents_due"] = (today + dt.timedelta(days=r.randint(5, 14))).isoformat()
        if status == "denied":
            claim["denial"] = {"reason_code": "EXCL_WEAR_TEAR", "reason": "Damage results from long-term seepage, excluded under the policy",
                               "appeal_deadline": (today + dt.timedelta(days=r.randint(20, 55))).isoformat()}
        claim["payments"] = payments
        return claim

    # ------------------------------------------------------------------ intents
    def claim_status(self, ctx):
        r, today = ctx.r, ctx.today
        pols = self.policies(r, today)
        ho = pols["policies"][0]
        ded = ho["deductibles"]["all_perils"]
        cl = self.make_claim(r, today, ho["policy_number"], ded)
        cid, st = cl["claim_id"], cl["status"]
        adj = cl["adjuster"]["name"]
        lossw = LOSSES[cl["loss_type"]][0]
        gc = Call("get_claim", {"claim_id": cid} if r.random() < 0.5 else {"claim_id": cid, "include_payments": True}, cl)
        history = None
        if ctx.followup:
            listing = {"policy_number": ho["policy_number"], "claims": [{"claim_id": cid, "loss_type": cl["loss_type"], "status": st,
                                                                       "date_of_loss": cl["date_of_loss"]}]}
            history = History().user("Do I have any claims open on my home policy?")
            history.call([Call("list_policies", {}, pols), ], "Let me find your home policy.")
            history.call([Call("list_claims", {"policy_number": ho["policy_number"], "status": "all"}, listing)])
            history.reply(f"You have one claim on {ho['policy_number']}: {cid} for {lossw} on {d_med(cl['date_of_loss'])}, currently {st.replace('_', ' ')}.")
            req = r.choice(["Where is that one at? When do I get paid?", "Can you give me the details on that claim — how much are they paying?"])
        else:
            req = r.choice([f"What's the status of claim {cid}?", f"Any update on my {lossw} claim {cid}?",
                            f"claim {cid} — has it been paid yet?", f"How much is Harborline paying on {cid}?"])
        a = A()
        oth_adj = other_than(r, OTHER_ADJUSTERS, adj)
        shiftd = lambda s, f=d_long: f(dt.date.fromisoformat(s[:10]) + dt.timedelta(days=r.choice([-3, -2, 2, 4])))
        last = cl["status_history"][-1]["at"]
        md = "**" if r.random() < 0.4 else ""
        opener(a, r, p=0.35 if st != "denied" else 0)
        if st in ("approved", "partially_paid", "paid"):
            appr = cl["approved_amount"]
            net = round(appr - ded, 2)
            paid = sum(p["amount"] for p in cl["payments"])
            a(f"Your {lossw} claim {md}").x(cid, fid=f"CLM-{cid[4:8]}-{mutate_id(cid[9:], r)}").t(f"{md} was ")
            a.x("approved", val="denied").t(" on ").x(d_long(cl["status_history"][2]["at"][:10]), tmp=shiftd(cl["status_history"][2]["at"])).t(" for ")
            a.x(money(appr), num=money(bump(appr, r)), conf=("numerical", money(cl["estimate"]["amount"]))).t(", ")
            gap = round(cl["estimate"]["amount"] - appr, 2)
            a.x(money(gap), num=money(bump(gap, r))).t(" ").x("below", rel="above").t(" the ").t("contractor's estimate" if cl["estimate"]["source"] != "receipts" else "receipts you submitted").t(" (")
            a.x(money(cl["estimate"]["amount"]), num=money(bump(cl["estimate"]["amount"], r))).t(").").p()
            a(" After your ").x(money(ded, dec=0), num=money(ded + r.choice([500, 1000]), dec=0)).t(" deductible, the payout comes to ")
            a.x(money(net), num=money(bump(net, r))).pc().t(".").p()
            if st == "paid":
                p0 = cl["payments"][0]
                a(" That amount ").x("has been paid in full", neg="hasn't been paid yet").t(f" — {'a direct deposit' if p0['method'] == 'ach' else 'a check'} went out on ")
                a.x(d_med(p0["issued_on"]), tmp=shiftd(p0["issued_on"], d_med)).t(".").p()
            elif st == "partially_paid":
                p0 = cl["payments"][0]
                rem = round(net - paid, 2)
                a(" So far you've received an advance of ").x(money(paid), num=money(bump(paid, r))).t(" (").x(d_short(p0["issued_on"]), tmp=shiftd(p0["issued_on"], d_short)).t(")")
                a(", which leaves ").x(money(rem), num=money(bump(rem, r)), conf=("numerical", money(paid))).t(" still to come.").p()
            else:
                a(" No payment ").x("has been issued yet", neg="has already been issued").t(", so the full amount is still outstanding.").p()
            a(" Your adjuster is ").x(adj, ent=oth_adj).t(".").p()
            closer(a, r, extra=[f"Would you like {adj.split()[0]}'s direct number?", "Want me to check on the payment timing?"])
        elif st == "awaiting_documents":
            docs = cl["missing_documents"]
            a(f"Claim {md}").x(cid, fid=f"CLM-{cid[4:8]}-{mutate_id(cid[9:], r)}").t(f"{md} is ").x("on hold waiting for documents", val="approved and waiting for payment").t(" — ")
            a.x(adj, ent=oth_adj).t(" needs the following before it can move forward:\n\n")
            a("- ").t(docs[0][0].upper() + docs[0][1:]).pb()
            a("\n- ").t(docs[1][0].upper() + docs[1][1:]).pb()
            a("\n\nPlease upload them by ").x(d_long(cl["documents_due"]), tmp=shiftd(cl["documents_due"])).t(" — that's ")
            dl = (dt.date.fromisoformat(cl["documents_due"]) - today).days
            a.x(plural(dl, "day"), num=plural(bump_int(dl, r, (3, 4, 6)), "day")).t(" from today.")
            if r.random() < 0.85:
                a(" (The claim file lists these under ").x("`missing_documents`", attr=r.choice(["`pending_uploads`", "`required_documents`"])).t(".)")
            a.p()
            a(" The estimate on file is ").x(money(cl["estimate"]["amount"]), num=money(bump(cl["estimate"]["amount"], r))).t(", but ").x("nothing has been approved yet", neg="it has already been approved").t(".").pp()
            closer(a, r, sep="\n\n", extra=["Do you want me to send you the upload link instructions?"])
        elif st == "denied":
            dn = cl["denial"]
            a(f"I'm sorry — claim {md}").x(cid, fid=f"CLM-{cid[4:8]}-{mutate_id(cid[9:], r)}").t(f"{md} was ").x("denied", val="approved")
            a(" on ").x(d_med(last[:10]), tmp=shiftd(last, d_med)).t(". The reason given is that the damage came from long-term seepage, which the policy excludes")
            if r.random() < 0.85:
                a(" (reason code ").x("`EXCL_WEAR_TEAR`", attr="`EXCL_GRADUAL_LEAK`").t(")")
            a.pc().t(".").p()
            a(" You ").x("can still appeal", neg="can no longer appeal").t(" until ").x(d_long(dn["appeal_deadline"]), tmp=shiftd(dn["appeal_deadline"])).t(".").p()
            a(" ").x(adj, ent=oth_adj).t(" handled the review.").p()
            closer(a, r, p=0.7, extra=["Would you like help preparing an appeal?"])
        else:
            a(f"Claim {md}").x(cid, fid=f"CLM-{cid[4:8]}-{mutate_id(cid[9:], r)}").t(f"{md} is ").x("still under review", val="closed").t(" with ").x(adj, ent=oth_adj)
            a(" — it moved into review on ").x(d_long(last[:10]), tmp=shiftd(last)).t(".").p()
            if cl["estimate"]["source"] == "receipts":
                a(" The receipts you submitted total ")
            else:
                a(" The estimate from ").x(cl["estimate"]["source"], ent=other_than(r, OTHER_CONTRACTORS, cl["estimate"]["source"])).t(" is ")
            a.x(money(cl["estimate"]["amount"]), num=money(bump(cl["estimate"]["amount"], r))).t("; with your ").x(money(ded, dec=0), num=money(ded + 500, dec=0))
            est_net = round(cl["estimate"]["amount"] - ded, 2)
            a(" deductible, you'd receive about ").x(money(round(est_net, -1), dec=0), num=money(round(bump(est_net, r), -1), dec=0)).t(" if it's approved as estimated.").p()
            a(" No decision ").x("has been made yet", neg="has been made").t(".").p()
            closer(a, r, extra=["I can check back on it later this week if you'd like."])
        a.ins("claim", "Claims like this are usually settled within 10 business days of approval.")
        a.ins("claim", "Your premium won't go up because of this claim.")
        a.ins("behavior", "I've asked your adjuster to expedite the payment.")
        a.ins("behavior", "I've also emailed you a copy of the claim file.")
        a.ins("elab", "because the contractor's estimate included code-upgrade work", clause=True)
        a.ins("elab", "Water claims in your area have been taking longer this season because of a backlog of storm claims.")
        a.ins("cite", f"Your payment reference is PAY-{r.digits(7)}.")
        a.ins("cite", f"You can track it at https://claims.harborline.example/track/{cid}-{r.upalnum(4)}.")
        return Plan(req, [Turn([gc])], a, history.msgs if history else None)

    def coverage(self, ctx):
        r, today = ctx.r, ctx.today
        pols = self.policies(r, today)
        ho = pols["policies"][0]
        url = ho["document_url"]
        ded = ho["deductibles"]["all_perils"]
        lou_days = r.choice([12, 18, 24])
        lou_pct = r.choice([20, 30])
        mold = r.choice([5000, 10000])
        sp = r.choice([1500, 2500])
        dl = ho["dwelling_limit"]
        doc = {"title": "Harborline Homeowners Policy (HO-3) — Policy Wording", "edition": f"HO3-{today.year}-01",
               "sections": [
                   {"number": "3.1", "heading": "Coverage A — Dwelling", "text": "We cover sudden and accidental direct physical loss to the dwelling."},
                   {"number": "4.2", "heading": "Water damage", "text": "We cover sudden and accidental discharge of water from a plumbing, heating or air-conditioning system. We do not cover continuous or repeated seepage or leakage over a period of 14 days or more."},
                   {"number": "4.5", "heading": "Mold", "text": f"Mold remediation resulting from a covered water loss is covered up to ${mold:,} per policy term."},
                   {"number": "5.3", "heading": "Coverage D — Loss of use", "text": f"If a covered loss makes the home uninhabitable we pay additional living expenses up to {lou_pct}% of the dwelling limit, for no longer than {lou_days} months."},
                   {"number": "6.1", "heading": "Special limits", "text": f"Jewelry and watches: ${sp:,} for theft."},
                   {"number": "8.4", "heading": "Duties after loss", "text": "Give us prompt notice and protect the property from further damage."}]}
        topic = r.choice(["water", "lou", "jewelry"])
        req = {"water": r.choice(["A pipe burst in my bathroom. Am I covered, and what about mold?",
                                  "Does my home policy cover water damage from a leaking pipe?"]),
               "lou": r.choice(["If my house became unlivable after a fire, would the policy pay for a hotel? For how long?",
                                "Does my homeowners policy cover living expenses if I have to move out during repairs?"]),
               "jewelry": ["Is my wife's engagement ring covered if it's stolen?", "How much would I get if my jewelry got stolen?"][r.randint(0, 1)]}[topic]
        calls = [Turn([Call("list_policies", {"status": "active"} if r.random() < 0.5 else {}, pols)]),
                 Turn([Call("get_policy_document", {"document_url": url} if r.random() < 0.6 else {"document_url": url, "section": {"water": "4.2", "lou": "5.3", "jewelry": "6.1"}[topic]}, doc)])]
        a = A()
        fs = lambda real: r.choice([x for x in ["4.3", "4.7", "5.1", "5.6", "6.4", "7.2", "3.4"] if x != real])
        opener(a, r, p=0.4)
        if topic == "water":
            a("Yes — under your HO-3 policy (").x(ho["policy_number"], fid=mutate_id(ho["policy_number"], r)).t("), sudden and accidental discharge from a plumbing system ")
            a.x("is covered", neg="isn't covered").t(" (section ").x("4.2", sec=fs("4.2")).t("). A burst pipe fits that.").p()
            a(" What's ").x("not", neg="also").t(" covered is slow seepage or leakage that went on for ").x("14 days or more", num=r.choice(["30 days or more", "7 days or more"])).pc().t(".").p()
            a(" Mold cleanup after a covered water loss is included up to ").x(f"${mold:,}", num=f"${mold * 2:,}").t(" per policy term (section ").x("4.5", sec=fs("4.5")).t(").").p()
            a(" Your ").x(money(ded, dec=0), num=money(ded * 2, dec=0)).t(" deductible (").x("`all_perils`", attr=r.choice(["`water_damage`", "`standard_peril`"])).t(" on the policy) applies.").p()
            a(" In the meantime, section ").x("8.4", sec=fs("8.4")).t(" asks you to protect the property from further damage — so shut off the water and dry things out as best you can.").p()
            closer(a, r, p=0.7, extra=["Would you like me to start a claim for you?", "Want me to walk you through filing a claim?"])
        elif topic == "lou":
            cap = round(dl * lou_pct / 100)
            a("Yes. **Coverage D — Loss of use** (section ").x("5.3", sec=fs("5.3")).t(") pays additional living expenses, such as a hotel or rental, if a covered loss makes your home uninhabitable.\n\n")
            a("- **Limit:** ").x(f"{lou_pct}%", num=f"{lou_pct + 10}%").t(" of your dwelling limit — with Coverage A at ").x(money(dl, dec=0), num=money(bump(dl, r, dec=0), dec=0)).t(", that's up to ")
            a.x(money(cap, dec=0), num=money(bump(cap, r, dec=0), dec=0)).pb()
            a("\n- **Time limit:** no longer than ").x(f"{lou_days} months", num=f"{lou_days + 12} months").pb()
            a("\n\nA fire is a covered peril under section ").x("3.1", sec=fs("3.1")).t(", so a fire that forced you out would qualify.").pp()
            closer(a, r, sep="\n\n")
        else:
            a("Jewelry theft is covered, but with a special limit: ").x(f"${sp:,}", num=f"${sp * 2:,}").t(" for jewelry and watches combined (section ")
            a.x("6.1", sec=fs("6.1")).t(" of your policy wording).").p()
            a(" After your ").x(money(ded, dec=0), num=money(ded + 500, dec=0)).t(" deductible, the most you'd receive for a stolen ring is ")
            net = sp - ded
            if net > 0:
                a.x(money(net, dec=0), num=money(net + 500, dec=0)).t(".").p()
            else:
                a("nothing — the deductible is ").x("larger than", rel="smaller than").t(" the limit.").p()
            a(" If the ring is worth more, a scheduled-items endorsement is the usual fix; ").x("your policy doesn't have one", neg="your policy already has one").t(".").p()
            closer(a, r, extra=["Want me to get you a quote for scheduling it?"])
        a.ins("claim", "Flood damage from outside water is also covered under the same section.")
        a.ins("claim", "There's no deductible for water claims under this policy.")
        a.ins("behavior", "I've opened a claim for you so an adjuster can reach out today.")
        a.ins("behavior", "I've added a scheduled-items endorsement quote to your account.")
        a.ins("elab", "which is higher than most carriers in Oregon", clause=True)
        a.ins("elab", "Harborline added this wording in the latest edition after a rise in plumbing claims.")
        a.ins("cite", "See endorsement HL-WB-204 for the water backup add-on.")
        a.ins("cite", f"The full wording is at https://docs.harborline.example/policies/ho3-{today.year}-wording-summary.pdf.")
        return Plan(req, calls, a)

    def history(self, ctx):
        r, today = ctx.r, ctx.today
        pols = self.policies(r, today)
        ho = pols["policies"][0]
        ded = ho["deductibles"]["all_perils"]
        n = r.randint(3, 4)
        claims = []
        for i in range(n):
            d = today - dt.timedelta(days=r.randint(30, 700))
            c = self.make_claim(r, d + dt.timedelta(days=40), ho["policy_number"], ded, r.choice(["paid", "paid", "denied"]))
            claims.append(c)
        open_c = self.make_claim(r, today, ho["policy_number"], ded, r.choice(["under_review", "awaiting_documents"]))
        claims.append(open_c)
        claims.sort(key=lambda c: c["date_of_loss"], reverse=True)
        since = (today - dt.timedelta(days=730)).isoformat()
        rows = [{"claim_id": c["claim_id"], "loss_type": c["loss_type"], "date_of_loss": c["date_of_loss"], "status": c["status"],
                 "paid_total": round(sum(p["amount"] for p in c["payments"]), 2)} for c in claims]
        res = {"policy_number": ho["policy_number"], "since": since, "claims": rows, "count": len(rows)}
        lc = Call("list_claims", {"policy_number": ho["policy_number"], "status": "all", "since": since}
                  if r.random() < 0.5 else {"policy_number": ho["policy_number"]}, res)
        history = None
        if ctx.followup:
            history = History().user("What policies do I have with you?")
            history.call([Call("list_policies", {}, pols)])
            history.reply(f"You have two active policies: homeowners {ho['policy_number']} and auto {pols['policies'][1]['policy_number']}.")
            req = r.choice(["How many claims have I made on the home one, and how much have you paid out?",
                            "What's my claims history on the homeowners policy?"])
            turns = [Turn([lc])]
        else:
            req = r.choice(["How many home insurance claims have I filed in the last two years and how much was paid?",
                            "Can you summarize my homeowners claims history?"])
            turns = [Turn([Call("list_policies", {}, pols)]), Turn([lc])]
        paid = [x for x in rows if x["status"] == "paid"]
        denied = [x for x in rows if x["status"] == "denied"]
        tot = round(sum(x["paid_total"] for x in paid), 2)
        big = max(paid, key=lambda x: x["paid_total"]) if paid else None
        orow = [x for x in rows if x["claim_id"] == open_c["claim_id"]][0]
        a = A()
        style = r.choice(["bullets", "prose"])
        lw = lambda x: LOSSES[x["loss_type"]][0]
        if style == "bullets":
            a(f"You've filed **{len(rows)} claims** on {ho['policy_number']} since ").x(d_full(since), tmp=d_full(dt.date.fromisoformat(since) + dt.timedelta(days=365))).t(":\n")
            for x in rows:
                a("\n- ").x(x["claim_id"], fid=mutate_id(x["claim_id"], r) if x is big else None).t(" — ").t(lw(x)).t(", ")
                a.x(d_short(x["date_of_loss"]), tmp=d_short(dt.date.fromisoformat(x["date_of_loss"]) - dt.timedelta(days=r.choice([5, 9]))) if x is orow else None).t(": ")
                if x["status"] == "paid":
                    a("paid ").x(money(x["paid_total"]), num=money(bump(x["paid_total"], r)) if x is big else None)
                else:
                    a.x(x["status"].replace("_", " "), val=("paid" if x["status"] != "denied" else "paid") if x is orow or x["status"] == "denied" else None)
                a.pb()
            a("\n\nTotal paid out: ").x(money(tot), num=money(bump(tot, r))).t(".")
            if big and len(paid) > 1:
                a(" The ").t(d_short(big["date_of_loss"])).t(" ").t(lw(big)).t(" claim was the ").x("largest", rel="smallest").t(" payout.")
            a.pp()
            closer(a, r, sep="\n\n")
        else:
            opener(a, r)
            a("Since ").x(d_full(since), tmp=d_full(dt.date.fromisoformat(since) + dt.timedelta(days=r.choice([30, 60])))).t(" you've filed ").x(nword(len(rows)), num=nword(len(rows) + 2)).t(" claims on your homeowners policy. ")
            a.x(nword(len(paid)).capitalize(), num=nword(bump_int(len(paid), r, (1, 2))).capitalize()).t(" were paid, for a total of ").x(money(tot), num=money(bump(tot, r)))
            if denied:
                a(", and ").x(nword(len(denied)), num=nword(len(denied) + 1)).t(" ").t("was" if len(denied) == 1 else "were").t(" ").x("denied", val="withdrawn")
            a(".").p()
            if big:
                a(" The biggest payout was ").x(money(big["paid_total"]), num=money(bump(big["paid_total"], r)), conf=("numerical", money(min(paid, key=lambda x: x["paid_total"])["paid_total"])) if len(paid) > 1 else None)
                a(" for ").x(lw(big), ent=r.choice([v[0] for k, v in LOSSES.items() if v[0] != lw(big) and v[0] not in [lw(x) for x in rows]] or ["fire damage"])).t(" in ").x(d_uk(big["date_of_loss"]).split()[1] + " " + big["date_of_loss"][:4], tmp=d_uk(dt.date.fromisoformat(big["date_of_loss"]) + dt.timedelta(days=62)).split()[1] + " " + big["date_of_loss"][:4]).t(".").p()
            a(" Your most recent claim, ").x(orow["claim_id"], fid=mutate_id(orow["claim_id"], r)).t(", ").x("is still open", neg="has been closed").t(" (").x(orow["status"].replace("_", " "), val="paid").t(").").p()
            closer(a, r, extra=["Want details on the open claim?"])
        a.ins("claim", "That puts you below the threshold for a claims surcharge at renewal.")
        a.ins("claim", "Your claims-free discount was removed after the second claim.")
        a.ins("behavior", "I've sent a claims history report (CLUE) to your email.")
        a.ins("elab", "mostly from storm season", clause=True)
        a.ins("elab", "Most of these were weather-related, which is common in the Pacific Northwest.")
        a.ins("cite", f"Your loss-history report number is LHR-{r.digits(8)}.")
        return Plan(req, turns, a, history.msgs if history else None)
