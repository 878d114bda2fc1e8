"""vendor_diligence (set t): the third-party risk assistant of Brightwater Health Systems' legal and compliance office —
vendor due-diligence questionnaires (return deadline computed from the issue date, sections completed, the overall score
against the minimum, findings with severity and remediation dates, the validity of the independent assurance report,
annual spend against the sign-off threshold) against the third-party risk standard (a page fetched by URL, numbered
clauses and a schedule), and approving a vendor (refused by design while a high-severity finding is open — reason code
and a conditional approval with a re-review date as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_obj, s_str
from .tstyle import Memo, add_bdays, add_months, ts, vet, words_fig, words_pct

BASE = "https://tprm-api.brightwater.example/v1"
STANDARD = "https://grc.brightwater.example/standards/tprs-3-third-party-risk"
ZONE = "Europe/London"
VENDORS = [("Harcourt Payroll Services Ltd", "outsourced payroll processing"),
           ("Meridian Imaging Archive Ltd", "radiology image archiving"),
           ("Thornbury Catering Ltd", "patient catering"), ("Oakfield Records Ltd", "electronic document storage")]
FAKE_VENDORS = ["Wexley Digital Ltd", "Carrow Facilities Ltd", "Pembury Data Services Ltd"]
FINDINGS = ["administrator accounts without multi-factor authentication", "an untested business continuity plan",
            "no encryption of backup media", "subcontractors not covered by the data protection terms",
            "an expired employer's liability insurance certificate"]
REPORTS = ["SOC 2 Type II", "ISAE 3402 Type II"]
REVIEWERS = ["Oliver Grant", "Hannah Moss", "Priti Desai"]
FAKE_REVIEWERS = ["Gavin Rowe", "Leah Marsden"]
ROMAN = ["(i)", "(ii)", "(iii)"]


class VendorDiligence(Scenario):
    name = "vendor_diligence"
    agent = "brightwater-tprm-assistant"
    service = "brightwater-vendor-risk"
    system = ("You are the third-party risk assistant of the legal and compliance office of Brightwater Health Systems. Answer "
              "business users in a formal, careful register: defined terms in quotes, figures in words followed by digits, "
              "references to the clauses and schedule of the third-party risk standard, the working for every date, and a "
              "closing recommendation. Rely only on the questionnaire record, the standard and the approval system.")
    error_style = 2
    entity_noun = {"questionnaire_id": "Questionnaire", "doc_url": "Page"}
    preambles = ["Retrieving the questionnaire record.", "Reviewing the questionnaire and the third-party risk standard."]

    def __init__(self):
        self.tools = [
            Tool("get_questionnaire", "A vendor due-diligence questionnaire: vendor, service, issue and return dates, "
                                      "sections, score, findings, assurance report, annual spend, proposed risk tier, "
                                      "reviewer and the link to the standard.",
                 s_obj({"questionnaire_id": s_str("Questionnaire, e.g. 'VDQ-20417'.", pattern=r"^VDQ-\d{5}$"),
                        "include_findings": s_bool("Include the findings.")}, ["questionnaire_id"]),
                 entity={"questionnaire_id": "id"}, http=BASE, extra=[("include_attachments", True)]),
            Tool("fetch_standard", "A risk standard page (plain text, numbered clauses and schedules).",
                 s_obj({"doc_url": s_str("Standard URL.", pattern=r"^https://grc\.brightwater\.example/standards/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("lang", "en-GB")]),
            Tool("approve_vendor", "Approve a vendor after due diligence. An approval the standard does not allow is refused "
                                   "with a reason code and an alternative.",
                 s_obj({"questionnaire_id": s_str("Questionnaire.", pattern=r"^VDQ-\d{5}$"),
                        "risk_tier": s_str("Risk tier.", enum=["tier_1", "tier_2", "tier_3"]),
                        "conditions_accepted": s_bool("The business accepts the approval conditions.")},
                       ["questionnaire_id", "risk_tier"]),
                 entity={"questionnaire_id": "id"}, http=BASE, extra=[("fast_track", True)]),
        ]
        self.intents = [("questionnaire_review", self.review, True), ("approve_vendor", self.approve, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"ret": r.choice([14, 21]), "min": r.choice([70, 75]), "valid": 12, "assure": 12,
                "thr": 100000.0, "rereview": 5, "rev": r.choice(["C", "D"])}

    def _data(self, r, today, P, open_high, good_score=None):
        vendor, service = r.choice(VENDORS)
        issued = today - dt.timedelta(days=r.randint(20, 60))
        due = issued + dt.timedelta(days=P["ret"])
        returned = due + dt.timedelta(days=r.choice([-9, -5, -2, 3, 6]))
        if returned > today:
            returned = today - dt.timedelta(days=1)
        if returned == due:
            returned -= dt.timedelta(days=1)
        total = r.choice([10, 12])
        complete = total - r.choice([0, 0, 1, 2])
        for _ in range(50):
            score = r.randint(58, 94)
            if score != P["min"] and (good_score is None or (score > P["min"]) == good_score):
                break
        k = r.randint(1, 3)
        fnd, used = [], set()
        for i, summ in enumerate(r.sample(FINDINGS, k)):
            rdue = today + dt.timedelta(days=r.randint(-20, 70))
            while rdue in used:
                rdue += dt.timedelta(days=2)
            used.add(rdue)
            if i == 0:
                sev = "high"
                st = "open" if open_high else "remediated"
            else:
                sev = r.choice(["medium", "low"])
                st = r.choice(["open", "remediated"])
            fnd.append({"finding_id": f"FND-{r.randint(10000, 99999)}", "summary": summ, "severity": sev,
                        "remediation_due": rdue.isoformat(), "status": st})
        r.shuffle(fnd)
        pe = add_months(today, -r.randint(2, 16))
        spend = float(r.choice([38000, 64500, 88000, 126000, 215000, 340000]))
        rec = {"questionnaire_id": f"VDQ-{r.randint(10000, 99999)}", "vendor": vendor, "service": service,
               "issued": issued.isoformat(), "returned": returned.isoformat(), "sections_total": total,
               "sections_complete": complete, "score_pct": score, "proposed_risk_tier": r.choice(["tier_2", "tier_3"]),
               "findings": fnd, "assurance": {"report": r.choice(REPORTS), "period_end": pe.isoformat()},
               "annual_spend": spend, "currency": "GBP", "reviewer": r.choice(REVIEWERS), "standard_url": STANDARD,
               "time_zone": ZONE, "as_of": ts(today, r.randint(8, 17), r.choice([0, 20, 40]), ZONE)}
        return rec

    def _doc(self, P):
        return ("THIRD-PARTY RISK STANDARD (TPRS-3)\n"
                f"Issued by Group Risk; revision {P['rev']}\n\n"
                "5. Due-diligence questionnaires\n"
                f"5.1 Vendors return the questionnaire within {words_fig(P['ret'], 'day')} of issue.\n"
                "5.2 A questionnaire returned late is noted in the risk file.\n"
                f"5.3 The minimum acceptable overall score is {words_pct(P['min'])}.\n\n"
                "6. Findings\n"
                "6.1 Findings are rated high, medium or low.\n"
                "6.3 No vendor with an open high-severity finding may be approved.\n\n"
                "7. Approval\n"
                f"7.1 An approval is valid for {words_fig(P['valid'], 'month')}.\n"
                f"7.2 Vendors with annual spend above GBP {P['thr']:,.2f} need the sign-off of the Chief Risk Officer.\n\n"
                "SCHEDULE 3 — Assurance evidence\n"
                "1. A completed questionnaire.\n"
                "2. Evidence of insurance.\n"
                "3. A business continuity plan.\n"
                f"4. An independent assurance report whose period ended within the last {words_fig(P['assure'], 'month')}.\n")

    def _history(self, rec):
        h = History().user(f"who is reviewing questionnaire {rec['questionnaire_id']}?")
        h.call([Call("get_questionnaire", {"questionnaire_id": rec["questionnaire_id"]}, rec)])
        h.reply(f"Questionnaire {rec['questionnaire_id']} ({rec['vendor']}, {rec['service']}) is being reviewed by "
                f"{rec['reviewer']}.")
        return h

    def _inserts(self, a, r, w, rec):
        v = rec["vendor"]
        a.ins("claim", f"{v} suffered a ransomware incident at a data centre last year.")
        a.ins("claim", f"{v} is also used by two (2) other hospital trusts in the region.")
        a.ins("behavior", f"We have already asked {v} to provide its latest penetration test report.")
        a.ins("behavior", "I have also notified the Chief Risk Officer of the outcome.")
        a.ins("elab", "principally because the vendor's information security team was restructured during the review", clause=True)
        fake = f"APR-{r.randint(100000, 499999)}"
        a.ins("cite", w.cite_text(f"An earlier approval of this vendor is recorded under reference {fake}.", fake))

    def _spend(self, a, r, w, P, rec, lead):
        sp = rec["annual_spend"]
        above = sp > P["thr"]
        a.t(lead + w.amt(sp) + " is ").x("above" if above else "below", rel="below" if above else "above")
        a.t(" the GBP " + f"{P['thr']:,.2f}" + " threshold in ").x("Clause 7.2", sec=r.choice(["Clause 7.4", "Clause 8.2"]))
        a.t(", the approval ").x("requires" if above else "does not require", neg="does not require" if above else "requires")
        a.t(" the sign-off of the Chief Risk Officer")
        a.pc().t(".")
        a.p()
        return above

    # ------------------------------------------------------------------ intents
    def review(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._data(r, today, P, r.random() < 0.5)
        args = {"questionnaire_id": rec["questionnaire_id"]}
        if r.random() < 0.5:
            args["include_findings"] = True
        cg = Call("get_questionnaire", args, rec)
        cs = Call("fetch_standard", {"doc_url": STANDARD}, self._doc(P))
        req = r.choice([f"Could you review due-diligence questionnaire {rec['questionnaire_id']} — can we approve the vendor?",
                        f"What is the outcome of the due diligence on {rec['questionnaire_id']}?"])
        turns = [Turn([cg]), Turn([cs])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Thanks. Could you review the questionnaire — can we approve them?",
                            "What is the outcome of that due diligence?"])
            turns = [Turn([cs])]
        w = Memo(r, today, "GBP")
        a = A()
        v = rec["vendor"]
        issued, returned = dt.date.fromisoformat(rec["issued"]), dt.date.fromisoformat(rec["returned"])
        due = issued + dt.timedelta(days=P["ret"])
        w.declare(due)
        w.head(a, "Due-diligence questionnaire ", (rec["questionnaire_id"], {"fid": w.fake_id(rec["questionnaire_id"], r)}), " — " + v)
        w.lead(a, "we have reviewed due-diligence questionnaire " + rec["questionnaire_id"] + ", issued to ")
        a.x(v, ent=r.choice(FAKE_VENDORS)).t(" in respect of " + rec["service"] + ", for which the register proposes risk tier ")
        a.x('"' + rec["proposed_risk_tier"] + '"', attr=r.choice(['"tier_2b"', '"tier_low"'])).t(".")
        a.p()
        a.t(" Under ").x("Clause 5.1", sec=r.choice(["Clause 5.4", "Clause 4.1"])).t(", the questionnaire was to be returned within ")
        a.x(w.n(P["ret"], "day"), num=w.n(P["ret"] + 9, "day")).t(" of issue; " + w.n(P["ret"], "day") + " after the issue date of "
                                                                  + w.d(issued) + " is ")
        dc, dfk = w.dpair(due, r.choice([-4, 6]), calc=True)
        a.x(dc, tmp=dfk).t(", and " + v + " returned it on ")
        rc, rf = w.dpair(returned, r.choice([-8, 10]))
        a.x(rc, tmp=rf, conf=("temporal", w.d(issued))).t(", ")
        late = returned > due
        a.x("after" if late else "before", rel="before" if late else "after").t(" that date")
        if late:
            a.t(", so the late return is to be noted in the risk file under Clause 5.2")
        a.pc().t(".")
        a.p()
        score = rec["score_pct"]
        good = score > P["min"]
        cap = lambda x: x[0].upper() + x[1:]
        if rec["sections_complete"] == rec["sections_total"]:
            a.t("\n\nAll ").x(w.n(rec["sections_total"]), num=w.n(rec["sections_total"] + 3)).t(" sections were completed, and the "
                                                                                              "overall score of ")
        else:
            a.t("\n\n").x(cap(w.n(rec["sections_complete"])), num=cap(w.n(rec["sections_complete"] - 3)))
            a.t(" of the " + w.n(rec["sections_total"]) + " sections were completed, and the overall score of ")
        a.x(w.pct(score), num=w.pct(score + r.choice([-11, 13]))).t(" is ").x("above" if good else "below", rel="below" if good else "above")
        a.t(" the minimum of " + w.pct(P["min"]) + " in ").x("Clause 5.3", sec=r.choice(["Clause 5.6", "Clause 6.3"])).t(".")
        a.p()
        fnd = rec["findings"]
        a.t(" The review identified ").x(w.n(len(fnd), "finding"), num=w.n(len(fnd) + 2, "finding")).t(": ")
        w.declare(len(fnd))
        k0 = r.randrange(len(fnd))
        for i, f in enumerate(fnd):
            other = fnd[(i + 1) % len(fnd)]
            if i and i == len(fnd) - 1:
                a.t("and ")
            if len(fnd) > 1:
                a.t(ROMAN[i] + " ")
            a.t("finding ")
            a.x(f["finding_id"], fid=w.fake_id(f["finding_id"], r)) if i == k0 else a.t(f["finding_id"])
            a.t(", concerning " + f["summary"] + ', rated "')
            a.x(f["severity"], val="low" if f["severity"] == "high" else "high") if i == k0 else a.t(f["severity"])
            a.t('" severity, with remediation due by ')
            fc, ff = w.dpair(f["remediation_due"], r.choice([-12, 17]))
            if i == k0:
                a.x(fc, tmp=ff)
            elif i == (k0 + 1) % len(fnd):
                a.x(fc, conf=("temporal", w.d(other["remediation_due"])))
            else:
                a.t(fc)
            a.t(", which ")
            txt = "remains open" if f["status"] == "open" else "has been remediated"
            alt = "has been remediated" if f["status"] == "open" else "remains open"
            a.x(txt, val=alt) if i == (k0 + 1) % len(fnd) or len(fnd) == 1 else a.t(txt)
            a.t("; " if i < len(fnd) - 1 else ".")
        a.p()
        pe = dt.date.fromisoformat(rec["assurance"]["period_end"])
        valid_to = add_months(pe, P["assure"])
        w.declare(valid_to)
        a.t("\n\n" + v + " provided a " + rec["assurance"]["report"] + " report for the period ending on ")
        pc_, pf = w.dpair(pe, r.choice([-60, 45]))
        a.x(pc_, tmp=pf).t("; " + w.n(P["assure"], "month") + " after " + w.d(pe) + " is ")
        vc, vf = w.dpair(valid_to, r.choice([-31, 40]), calc=True)
        a.x(vc, tmp=vf).t(", so, as at the date of this note, the report ")
        ok_rep = valid_to >= today
        a.x("satisfies" if ok_rep else "no longer satisfies", neg="no longer satisfies" if ok_rep else "satisfies").t(" ")
        a.x("Schedule 3, paragraph 4", sec=r.choice(["Schedule 3, paragraph 6", "Schedule 4, paragraph 4"])).t(".")
        a.p()
        a.t(" ")
        self._spend(a, r, w, P, rec, "As the annual spend of ")
        openh = [f for f in fnd if f["severity"] == "high" and f["status"] == "open"]
        a.t("\n\n")
        if openh:
            a.t(w.note.rstrip() + ", under Clause 6.3, " + v + " ").x("may not be approved", neg="may be approved").t(" while finding "
                                                                                                          + openh[0]["finding_id"]
                                                                                                          + " remains open, "
                                                                                                          "notwithstanding its "
                                                                                                          "score.")
        elif not good:
            a.t(w.note + "the score is below the minimum in Clause 5.3, and approval is therefore ")
            a.x("not recommended", neg="recommended").t(" unless otherwise agreed by Group Risk.")
        elif not ok_rep:
            a.t(w.note + "the assurance report no longer satisfies Schedule 3, paragraph 4, and an updated report should be "
                         "obtained from " + v + " before any approval is submitted.")
        else:
            a.t("Subject to the above, " + v + " ").x("may be approved", neg="may not be approved").t(" at the proposed risk tier.")
        a.p()
        a.t(" " + w.rec)
        a.x(rec["reviewer"], ent=r.choice(FAKE_REVIEWERS)).t(", as reviewer, record these conclusions in the risk file. "
                                                            + w.confirm + "whether you would like us to submit the approval.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def approve(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._data(r, today, P, not ok, good_score=True)
        tier = rec["proposed_risk_tier"]
        args = {"questionnaire_id": rec["questionnaire_id"], "risk_tier": tier}
        if r.random() < 0.4:
            args["conditions_accepted"] = True
        high = [f for f in rec["findings"] if f["severity"] == "high"][0]
        rdue = dt.date.fromisoformat(high["remediation_due"])
        if ok:
            until = add_months(today, P["valid"])
            res = {"status": "approved", "approval_id": f"APR-{r.randint(500000, 999999)}", "risk_tier": tier,
                   "valid_months": P["valid"], "cro_signoff_required": rec["annual_spend"] > P["thr"]}
        else:
            rr = add_bdays(rdue, P["rereview"])
            res = {"status": "refused", "reason_code": "OPEN_HIGH_FINDING", "finding_id": high["finding_id"],
                   "alternative": {"option": "conditional_approval", "condition": "remediate_before_go_live",
                                   "remediation_due": rdue.isoformat(), "re_review_business_days": P["rereview"]}}
        cg = Call("get_questionnaire", {"questionnaire_id": rec["questionnaire_id"]}, rec)
        cs = Call("fetch_standard", {"doc_url": STANDARD}, self._doc(P))
        ca = Call("approve_vendor", args, res)
        req = r.choice([f"Please approve the vendor on questionnaire {rec['questionnaire_id']} at {tier.replace('_', ' ')}.",
                        f"Can you record the approval for {rec['questionnaire_id']} ({tier})?"])
        turns = [Turn([cg]), Turn([cs]), Turn([ca])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Please go ahead and approve them at {tier.replace('_', ' ')}.", f"Can you record the approval ({tier})?"])
            turns = [Turn([cs]), Turn([ca])]
        w = Memo(r, today, "GBP")
        a = A()
        v = rec["vendor"]
        w.head(a, "Approval of " + v + " (questionnaire " + rec["questionnaire_id"] + ")")
        score = rec["score_pct"]
        if ok:
            w.declare(until)
            w.lead(a, "we confirm that ")
            a.x(v, ent=r.choice(FAKE_VENDORS)).t(" ").x("has been approved", val="is awaiting approval").t(" at risk tier ")
            a.x('"' + tier + '"', attr=r.choice(['"tier_2b"', '"tier_low"'])).t(" under approval reference ")
            a.x(res["approval_id"], fid=w.fake_id(res["approval_id"], r)).t(", following due-diligence questionnaire "
                                                                            + rec["questionnaire_id"] + ".")
            a.p()
            a.t("\n\nUnder ").x("Clause 7.1", sec=r.choice(["Clause 7.3", "Clause 8.1"])).t(", an approval is valid for ")
            a.x(w.n(P["valid"], "month"), num=w.n(P["valid"] + 6, "month")).t("; " + w.n(P["valid"], "month") + " after " + w.d(today) + " is ")
            uc, uf = w.dpair(until, r.choice([-30, 31]), calc=True)
            a.x(uc, tmp=uf, conf=("temporal", w.d(high["remediation_due"]))).t(", by which date a fresh review will be required.")
            a.p()
            a.t(" The overall score of ").x(w.pct(score), num=w.pct(score + r.choice([-11, 13]))).t(" is ")
            a.x("above", rel="below").t(" the minimum of " + w.pct(P["min"]) + " in Clause 5.3, and ")
            a.x("no high-severity finding remains open", neg="a high-severity finding remains open").t(", finding "
                                                                                                     + high["finding_id"]
                                                                                                     + " having been remediated.")
            a.p()
            a.t("\n\n")
            self._spend(a, r, w, P, rec, "As the annual spend of ")
            a.t("\n\n" + w.rec + rec["reviewer"] + " diarise the renewal review well before " + w.d(until)
                + ". " + w.confirm + "receipt of this note.")
        else:
            rr = add_bdays(rdue, P["rereview"])
            w.declare(rr)
            w.lead(a, "we regret to advise that ")
            a.x(v, ent=r.choice(FAKE_VENDORS)).t(" ").x("could not be approved", val="has been approved").t(": the system refused "
                                                                                                           "questionnaire ")
            a.x(rec["questionnaire_id"], fid=w.fake_id(rec["questionnaire_id"], r)).t(" with reason code ")
            a.x("OPEN_HIGH_FINDING", attr=r.choice(["UNRESOLVED_FINDING", "HIGH_RISK_OPEN"])).t(", as finding ")
            a.x(high["finding_id"], fid=w.fake_id(high["finding_id"], r)).t(", concerning " + high["summary"] + ', is rated "high" '
                                                                            "severity and ")
            a.x("remains open", val="has been remediated").t(".")
            a.p()
            a.t(" Under ").x("Clause 6.3", sec=r.choice(["Clause 6.5", "Clause 7.3"])).t(", ")
            a.x("no vendor", neg="a vendor").t(" with an open high-severity finding may be approved.")
            a.p()
            a.t('\n\nAs an alternative, the system proposes a conditional approval ("conditional_approval"), on condition that '
                'the finding be remediated before go-live ("')
            a.x("remediate_before_go_live", attr=r.choice(["fix_within_grace", "remediate_post_launch"])).t('") by its remediation '
                                                                                                      "date of ")
            rc, rf = w.dpair(rdue, r.choice([-14, 21]))
            a.x(rc, tmp=rf).t("; " + w.n(P["rereview"], "business day") + " after " + w.d(rdue) + " is ")
            ec, ef = w.dpair(rr, r.choice([-1, 6]), calc=True)
            a.x(ec, tmp=ef, conf=("temporal", w.d(rdue))).t(", when the vendor would be reviewed again")
            a.pc().t(".")
            a.p()
            a.t("\n\nFor the avoidance of doubt, the overall score of ").x(w.pct(score), num=w.pct(score + r.choice([-11, 13])))
            a.t(" is ").x("above", rel="below").t(" the minimum of " + w.pct(P["min"]) + " in Clause 5.3; the refusal rests solely "
                                                                                         "on the open finding.")
            a.p()
            a.t(" " + w.rec + rec["reviewer"] + " agree a remediation plan with " + v + ", provided that the go-live date "
                "allows, and that no patient data be shared with " + v + " in the meantime. " + w.confirm
                + "whether the business accepts the proposed condition.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
