"""nda_requests (set t): the legal assistant of Corvane Technologies' commercial legal team — NDA requests from the
business reviewed against the NDA playbook (a page fetched by URL: standard and maximum term, survival of confidentiality
obligations, approved governing laws, turnaround in business days, the templates in a schedule), and issuing an NDA for
signature (refused by design when the requested terms are non-standard — reason code, the issues found and the standard
terms as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .tstyle import Memo, add_bdays, ts, vet, words_fig

BASE = "https://legal-api.corvane.example/v1"
PLAYBOOK = "https://legal.corvane.example/playbooks/nda-playbook-leg-pb-04"
ZONE = "America/Los_Angeles"
COUNTERPARTIES = [("Helix Biologics GmbH", "DE", "Lena Brandt"), ("Marisol Retail Group SA", "ES", "Carmen Ortega"),
                  ("Stonebridge Robotics Inc", "US", "Peter Alvarez"), ("Ashgrove Analytics Ltd", "GB", "Imogen Hale")]
FAKE_CPS = ["Vantor Medical AG", "Kilnsey Data Ltd", "Brightline Foods Inc"]
FAKE_SIGNATORIES = ["Elena Marsh", "Robert Quill"]
REQUESTERS = [("Priya Raman", "Business Development"), ("Tomás Ferreira", "Research and Development"),
              ("Grace Whitfield", "Partnerships"), ("Owen Blake", "Sales")]
FAKE_REQUESTERS = ["Harriet Lowe", "Samuel Okoro"]
COUNSEL = ["Marcus Lee", "Anita Shah", "Jonah Price"]
PURPOSES = ["the evaluation of a joint research programme", "discussions about a possible distribution arrangement",
            "a pilot of the counterparty's analytics platform", "due diligence for a potential supply agreement"]
LAWS = {"new_york": ("the State of New York", "a"), "delaware": ("the State of Delaware", "b"),
        "england_wales": ("England and Wales", "c"), "california": ("the State of California", None),
        "texas": ("the State of Texas", None), "germany": ("Germany", None)}
FAKE_LAWS = ["the State of Florida", "Switzerland", "the Province of Quebec"]
TYPES = {"mutual": ("MNDA-7", "1", "a mutual NDA"),
         "one_way_disclosing": ("OWNDA-4", "2", "a one-way NDA (the Company disclosing)"),
         "one_way_receiving": ("OWNDA-5", "3", "a one-way NDA (the Company receiving)")}
ISSUE_TEXT = {"term_exceeds_maximum": "term", "survival_exceeds_limit": "survival", "governing_law_not_approved": "law"}
ROMAN = ["(i)", "(ii)", "(iii)"]


class NdaRequests(Scenario):
    name = "nda_requests"
    agent = "corvane-legal-assistant"
    service = "corvane-nda-desk"
    system = ("You are the legal assistant of the commercial legal team of Corvane Technologies. Answer business users in a "
              "formal, careful register: defined terms in quotes, figures in words followed by digits, references to the "
              "clauses of the NDA playbook, the working for every date, and a closing recommendation. Rely only on the NDA "
              "request record, the playbook and the NDA issuing system.")
    error_style = 0
    entity_noun = {"request_id": "NDA request", "doc_url": "Page"}
    preambles = ["Retrieving the NDA request.", "Reviewing the request against the NDA playbook."]

    def __init__(self):
        self.tools = [
            Tool("get_nda_request", "An NDA request from the business: requester, counterparty, purpose, NDA type, requested "
                                    "term, survival and governing law, submission and needed-by dates, status and the "
                                    "playbook link.",
                 s_obj({"request_id": s_str("Request, e.g. 'NDR-20417'.", pattern=r"^NDR-\d{5}$"),
                        "include_history": s_bool("Include the status history.")}, ["request_id"]),
                 entity={"request_id": "id"}, http=BASE, extra=[("expand", "counterparty")]),
            Tool("fetch_playbook", "A legal playbook page (plain text, numbered clauses and schedules).",
                 s_obj({"doc_url": s_str("Playbook URL.", pattern=r"^https://legal\.corvane\.example/playbooks/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("issue_nda", "Issue an NDA for electronic signature. Non-standard terms are refused with a reason code, the "
                              "issues found and an alternative.",
                 s_obj({"request_id": s_str("Request.", pattern=r"^NDR-\d{5}$"),
                        "template": s_str("Template.", enum=["MNDA-7", "OWNDA-4", "OWNDA-5"]),
                        "term_months": s_int("Term in months.", 1, 60),
                        "survival_years": s_int("Survival of confidentiality obligations in years.", 1, 10),
                        "governing_law": s_str("Governing law.", enum=sorted(LAWS)),
                        "countersign_first": s_bool("The Company signs first.")},
                       ["request_id", "template", "term_months", "survival_years", "governing_law"]),
                 entity={"request_id": "id"}, http=BASE, extra=[("send_reminders", True)]),
        ]
        self.intents = [("request_review", self.review, True), ("issue_nda", self.issue, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"std": r.choice([12, 24]), "max": 36, "surv": r.choice([2, 3]), "smax": 5, "tat": r.choice([2, 3]),
                "rev": r.choice(["D", "E", "F"])}

    def _data(self, r, today, P, conforming):
        cp, country, signatory = r.choice(COUNTERPARTIES)
        req, dept = r.choice(REQUESTERS)
        typ = r.choice(list(TYPES))
        for _ in range(100):
            term = r.choice([12, 24, 36, 48])
            surv = r.choice([2, 3, 5, 7])
            law = r.choice(sorted(LAWS))
            good = term <= P["max"] and surv <= P["smax"] and LAWS[law][1] is not None
            if conforming is None or good == conforming:
                break
        sub = add_bdays(today, -r.randint(0, 4))
        target = add_bdays(sub, P["tat"])
        needed = sub + dt.timedelta(days=r.randint(2, 16))
        if needed == target:
            needed += dt.timedelta(days=1)
        rec = {"request_id": f"NDR-{r.randint(10000, 99999)}", "requester": req, "department": dept, "counterparty": cp,
               "counterparty_country": country, "counterparty_signatory": signatory, "purpose": r.choice(PURPOSES),
               "nda_type": typ, "requested_term_months": term, "requested_survival_years": surv,
               "requested_governing_law": LAWS[law][0], "law_code": law,
               "submitted_at": ts(sub, r.randint(8, 17), r.choice([2, 18, 41]), ZONE), "needed_by": needed.isoformat(),
               "status": "in_review", "assigned_counsel": r.choice(COUNSEL), "playbook_url": PLAYBOOK, "time_zone": ZONE,
               "as_of": ts(today, r.randint(8, 17), r.choice([0, 25, 50]), ZONE)}
        return rec

    def _doc(self, P):
        return ("NDA PLAYBOOK (LEG-PB-04)\n"
                f"Revision {P['rev']}\n\n"
                "2. Term\n"
                f"2.1 The standard term of an NDA is {words_fig(P['std'], 'month')}.\n"
                f"2.2 Legal may approve a term of up to {words_fig(P['max'], 'month')}; a longer term is non-standard.\n\n"
                "3. Confidentiality\n"
                f"3.1 Confidentiality obligations survive expiry for {words_fig(P['surv'], 'year')}.\n"
                f"3.2 Survival of more than {words_fig(P['smax'], 'year')} is non-standard and needs the approval of the "
                "General Counsel.\n\n"
                "4. Governing law\n"
                "4.1 The approved governing laws are:\n"
                "  (a) the State of New York;\n"
                "  (b) the State of Delaware;\n"
                "  (c) England and Wales.\n"
                "4.2 Any other governing law is non-standard.\n\n"
                "5. Turnaround\n"
                f"5.1 Standard NDAs are issued within {words_fig(P['tat'], 'business day')} of submission.\n\n"
                "SCHEDULE 1 — Templates\n"
                "1. MNDA-7: mutual NDA.\n"
                "2. OWNDA-4: one-way NDA, the Company discloses.\n"
                "3. OWNDA-5: one-way NDA, the Company receives.\n")

    def _history(self, rec):
        h = History().user(f"who is handling NDA request {rec['request_id']}?")
        h.call([Call("get_nda_request", {"request_id": rec["request_id"]}, rec)])
        h.reply(f"NDA request {rec['request_id']} (counterparty {rec['counterparty']}) is assigned to "
                f"{rec['assigned_counsel']} and is currently under review.")
        return h

    def _inserts(self, a, r, w, rec):
        cp = rec["counterparty"]
        a.ins("claim", f"{cp} has previously refused to sign the Company's standard mutual template.")
        a.ins("claim", f"{cp} is currently in litigation with a distributor of the Company.")
        a.ins("behavior", f"We have already sent a draft of the NDA to {cp} for comment.")
        a.ins("behavior", "I have also asked the General Counsel to pre-approve the requested terms.")
        a.ins("elab", "principally because the counterparty's own template was used as the starting point", clause=True)
        fake = f"NDR-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"An earlier NDA with this counterparty was handled under request {fake}.", fake))

    # ------------------------------------------------------------------ pieces
    def _term(self, a, r, w, P, term, lead):
        a.t(lead).x(w.n(term, "month"), num=w.n(term + 6, "month"))
        if term <= P["std"]:
            a.t(" is ").x("within", rel="beyond").t(" the standard term of " + w.n(P["std"], "month") + " in ")
            a.x("Clause 2.1", sec="Clause 2.4").t(".")
        elif term <= P["max"]:
            a.t(" ").x("exceeds", rel="falls short of").t(" the standard term of " + w.n(P["std"], "month")
                                                          + " in Clause 2.1 but ")
            a.x("does not exceed", neg="exceeds").t(" the maximum of " + w.n(P["max"], "month") + " that Legal may approve under ")
            a.x("Clause 2.2", sec="Clause 2.5").t(".")
        else:
            a.t(" ").x("exceeds", rel="falls short of").t(" the maximum of " + w.n(P["max"], "month") + " that Legal may approve under ")
            a.x("Clause 2.2", sec="Clause 2.5").t(" and is therefore ").x("non-standard", val="standard").t(".")
        a.p()

    def _surv(self, a, r, w, P, surv, lead):
        a.t(lead).x(w.n(surv, "year"), num=w.n(surv + 4, "year")).t(" after expiry, which ")
        if surv <= P["smax"]:
            a.x("is within", rel="exceeds").t(" the limit of " + w.n(P["smax"], "year") + " in ")
            a.x("Clause 3.2", sec="Clause 3.6").t(" and therefore ").x("does not require", neg="requires").t(" the approval of the General Counsel")
        else:
            a.x("exceeds", rel="is within").t(" the limit of " + w.n(P["smax"], "year") + " in ")
            a.x("Clause 3.2", sec="Clause 3.6").t(" and therefore ").x("requires", neg="does not require").t(" the approval of the General Counsel")
        a.pc().t(".")
        a.p()

    def _law(self, a, r, w, code):
        name, letter = LAWS[code]
        a.t("The requested governing law, ").x(name, ent=r.choice(FAKE_LAWS)).t(", ")
        if letter:
            a.x("is approved", neg="is not approved").t(" under ").x(f"Clause 4.1({letter})", sec=f"Clause 4.3({letter})").t(".")
        else:
            a.x("is not among", neg="is among").t(" the approved governing laws listed in ")
            a.x("Clause 4.1", sec="Clause 4.5").t(", namely (a) the State of New York, (b) the State of Delaware and (c) England "
                                                 "and Wales, and is therefore non-standard under Clause 4.2.")
        a.p()

    # ------------------------------------------------------------------ intents
    def review(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._data(r, today, P, None)
        args = {"request_id": rec["request_id"]}
        if r.random() < 0.3:
            args["include_history"] = False
        cg = Call("get_nda_request", args, rec)
        cp_ = Call("fetch_playbook", {"doc_url": PLAYBOOK}, self._doc(P))
        req = r.choice([f"Can you review NDA request {rec['request_id']} against the playbook?",
                        f"Is NDA request {rec['request_id']} standard, and when can it be issued?"])
        turns = [Turn([cg]), Turn([cp_])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Thanks. Are the requested terms standard, and when can it go out?",
                            "Please review it against the playbook."])
            turns = [Turn([cp_])]
        w = Memo(r, today)
        a = A()
        cp = rec["counterparty"]
        tmpl, para, phrase = TYPES[rec["nda_type"]]
        other_phrase = TYPES["mutual" if rec["nda_type"] != "mutual" else "one_way_receiving"][2]
        sub = dt.date.fromisoformat(rec["submitted_at"][:10])
        target = add_bdays(sub, P["tat"])
        needed = dt.date.fromisoformat(rec["needed_by"])
        w.head(a, "NDA request " + rec["request_id"] + " — " + cp)
        w.lead(a, "we have reviewed NDA request ")
        a.x(rec["request_id"], fid=w.fake_id(rec["request_id"], r)).t(", submitted by ")
        a.x(rec["requester"], ent=r.choice(FAKE_REQUESTERS)).t(" (" + rec["department"] + ") for ")
        a.x(phrase, val=other_phrase).t(" with ").x(cp, ent=r.choice(FAKE_CPS)).t(" in connection with " + rec["purpose"] + ".")
        a.p()
        a.t(" The request is recorded as ").x('"in_review"', attr=r.choice(['"pending_approval"', '"awaiting_counsel"']))
        a.t(" and is assigned to " + rec["assigned_counsel"] + ".")
        a.p()
        a.t("\n\n")
        self._term(a, r, w, P, rec["requested_term_months"], "The requested term of ")
        a.t(" Confidentiality obligations would survive for ")
        self._surv(a, r, w, P, rec["requested_survival_years"], "")
        a.t(" ")
        self._law(a, r, w, rec["law_code"])
        good = rec["requested_term_months"] <= P["max"] and rec["requested_survival_years"] <= P["smax"] \
            and LAWS[rec["law_code"]][1] is not None
        a.t("\n\nUnder ").x("Clause 5.1", sec="Clause 5.3").t(", standard NDAs are issued within " + w.n(P["tat"], "business day")
                                                             + " of submission; the request was submitted on ")
        sc, sf = w.dpair(sub, r.choice([-2, 3]))
        a.x(sc, tmp=sf).t(", and " + w.n(P["tat"], "business day") + " after " + w.d(sub) + " is ")
        tc, tf = w.dpair(target, r.choice([-1, 6]), calc=True)
        a.x(tc, tmp=tf).t(", which falls ").x("before" if target < needed else "after", rel="after" if target < needed else "before")
        a.t(" the needed-by date of ")
        a.x(w.d(needed), conf=("temporal", w.d(sub)) if sub != needed else None).t(".")
        a.p()
        if good:
            a.t(" Subject to your confirmation of the purpose, the request ").x("may proceed", neg="may not proceed")
            a.t(" on template ").x(tmpl, fid=w.fake_id(tmpl, r)).t(" (").x(f"Schedule 1, paragraph {para}", sec=f"Schedule 3, paragraph {para}")
            a.t(") without escalation to the General Counsel.")
        else:
            a.t(" " + w.note + "the request is ").x("non-standard", val="standard").t(" in the respects set out above and, unless "
                                                                                     "otherwise agreed by the General Counsel, "
                                                                                     "cannot proceed on template ")
            a.x(tmpl, fid=w.fake_id(tmpl, r)).t(" as requested.")
        a.p()
        a.t(" For the avoidance of doubt, no NDA has yet been sent to " + cp + ".")
        a.p()
        a.t("\n\n" + w.rec)
        if good:
            a.t(rec["requester"] + " confirm that no confidential information will be shared with " + cp + " before the NDA is signed. ")
        else:
            a.t(rec["requester"] + " invite " + cp + " to accept the standard terms, provided that the commercial timetable allows. ")
        a.t(w.confirm + "whether you would like us to proceed on that basis.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def issue(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.55
        rec = self._data(r, today, P, ok)
        cp = rec["counterparty"]
        tmpl, para, phrase = TYPES[rec["nda_type"]]
        args = {"request_id": rec["request_id"], "template": tmpl, "term_months": rec["requested_term_months"],
                "survival_years": rec["requested_survival_years"], "governing_law": rec["law_code"]}
        if r.random() < 0.3:
            args["countersign_first"] = r.random() < 0.5
        window = 10
        issues = []
        if rec["requested_term_months"] > P["max"]:
            issues.append("term_exceeds_maximum")
        if rec["requested_survival_years"] > P["smax"]:
            issues.append("survival_exceeds_limit")
        if LAWS[rec["law_code"]][1] is None:
            issues.append("governing_law_not_approved")
        if ok:
            due = today + dt.timedelta(days=window)
            res = {"status": "issued", "envelope_id": f"ENV-{r.randint(100000, 999999)}", "template": tmpl,
                   "sent_to": rec["counterparty_signatory"], "signature_window_days": window,
                   "term_months": rec["requested_term_months"], "survival_years": rec["requested_survival_years"],
                   "governing_law": rec["law_code"]}
        else:
            res = {"status": "refused", "reason_code": "NONSTANDARD_TERMS", "request_id": rec["request_id"], "issues": issues,
                   "alternative": {"option": "standard_terms", "template": tmpl, "term_months": P["std"],
                                   "survival_years": P["surv"], "governing_law": "new_york"}}
        cg = Call("get_nda_request", {"request_id": rec["request_id"]}, rec)
        cp_ = Call("fetch_playbook", {"doc_url": PLAYBOOK}, self._doc(P))
        ci = Call("issue_nda", args, res)
        req = r.choice([f"Please issue the NDA for request {rec['request_id']} as requested.",
                        f"Can you send out the NDA on {rec['request_id']} for signature?"])
        turns = [Turn([cg]), Turn([cp_]), Turn([ci])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Please go ahead and issue it for signature.", "Can you send that NDA out for signature now?"])
            turns = [Turn([cp_]), Turn([ci])]
        w = Memo(r, today)
        a = A()
        law, letter = LAWS[rec["law_code"]]
        w.head(a, "Issue of NDA — " + cp + " (request " + rec["request_id"] + ")")
        if ok:
            w.declare(due)
            w.lead(a, "we confirm that the NDA with ")
            a.x(cp, ent=r.choice(FAKE_CPS)).t(" ").x("has been issued", val="is being prepared").t(" for signature on template ")
            a.x(tmpl, fid=w.fake_id(tmpl, r)).t(" (").x(f"Schedule 1, paragraph {para}", sec=f"Schedule 4, paragraph {para}")
            a.t("), under envelope reference ").x(res["envelope_id"], fid=w.fake_id(res["envelope_id"], r)).t(".")
            a.p()
            a.t("\n\nThe NDA has a term of ").x(w.n(rec["requested_term_months"], "month"), num=w.n(rec["requested_term_months"] + 6, "month"))
            a.t(", which ").x("does not exceed", neg="exceeds").t(" the maximum of " + w.n(P["max"], "month") + " in ")
            a.x("Clause 2.2", sec="Clause 2.5").t(", and confidentiality obligations survive for ")
            a.x(w.n(rec["requested_survival_years"], "year"), num=w.n(rec["requested_survival_years"] + 4, "year"))
            a.t(" after expiry, ").x("within", rel="beyond").t(" the limit of " + w.n(P["smax"], "year") + " in Clause 3.2; it is governed by the laws of ")
            a.x(law, ent=r.choice(FAKE_LAWS)).t(' ("').x(rec["law_code"], attr=r.choice(["english_law", "ny_law", "state_law"]))
            a.t('"), which is approved under ').x(f"Clause 4.1({letter})", sec=f"Clause 4.4({letter})").t(".")
            a.p()
            a.t("\n\nThe envelope has been sent to ").x(rec["counterparty_signatory"], ent=r.choice(FAKE_SIGNATORIES))
            a.t(" at " + cp + ", and signature is requested within ").x(w.n(window, "day"), num=w.n(window + 4, "day"))
            a.t("; " + w.n(window, "day") + " after " + w.d(today) + " is ")
            dc, dfk = w.dpair(due, r.choice([-3, 4]), calc=True)
            nb = dt.date.fromisoformat(rec["needed_by"])
            a.x(dc, tmp=dfk, conf=("temporal", w.d(nb)) if nb != due else None).t(".")
            a.p()
            a.t(" " + w.note + "the NDA takes effect only once signed by both parties, and no confidential information should be "
                               "disclosed to " + cp + " before then")
            a.pc().t(".")
            a.p()
            a.t("\n\n" + w.rec + rec["requester"] + " follow up with " + cp + " if the envelope has not been signed by "
                + w.d(due) + ". " + w.confirm + "receipt of this note.")
        else:
            w.lead(a, "we regret to advise that the NDA with ")
            a.x(cp, ent=r.choice(FAKE_CPS)).t(" ").x("could not be issued", val="has been issued").t(": the system refused request ")
            a.x(rec["request_id"], fid=w.fake_id(rec["request_id"], r)).t(" with reason code ")
            a.x("NONSTANDARD_TERMS", attr=r.choice(["TERMS_NOT_APPROVED", "PLAYBOOK_DEVIATION"])).t(", citing ")
            for i, iss in enumerate(issues):
                if i and i == len(issues) - 1:
                    a.t(" and ")
                elif i:
                    a.t(", ")
                a.t(ROMAN[i] + " ")
                if i == 0:
                    a.x('"' + iss + '"', attr=r.choice(['"' + iss.replace("_", "_policy_", 1) + '"', '"nonstandard_' + ISSUE_TEXT[iss] + '"']))
                else:
                    a.t('"' + iss + '"')
            a.t(".")
            a.p()
            sub = dt.date.fromisoformat(rec["submitted_at"][:10])
            a.t(" The request was submitted on ")
            sc, sf = w.dpair(sub, r.choice([-3, 5]))
            a.x(sc, tmp=sf).t(" and is needed by " + w.d(rec["needed_by"]) + ".")
            a.p()
            a.t("\n\n")
            first = True
            if "term_exceeds_maximum" in issues:
                self._term(a, r, w, P, rec["requested_term_months"], "The requested term of ")
                first = False
            if "survival_exceeds_limit" in issues:
                a.t("" if first else " ")
                self._surv(a, r, w, P, rec["requested_survival_years"], "Confidentiality obligations would survive for ")
                first = False
            if "governing_law_not_approved" in issues:
                a.t("" if first else " ")
                self._law(a, r, w, rec["law_code"])
            a.t("\n\nAs an alternative, the system proposes issuing template ").x(tmpl, fid=w.fake_id(tmpl, r))
            a.t(" on standard terms, namely a term of ")
            a.x(w.n(P["std"], "month"), conf=("numerical", w.n(rec["requested_term_months"], "month"))
                if rec["requested_term_months"] != P["std"] else None)
            a.t(", survival of ").x(w.n(P["surv"], "year"), num=w.n(P["surv"] + 3, "year")).t(" and the laws of the State of New York (")
            a.x("Clause 4.1(a)", sec="Clause 4.1(e)").t("), provided that " + cp + " accepts those terms")
            a.pc().t(".")
            a.p()
            a.t(" Unless otherwise agreed, terms that are non-standard under Clauses 2.2, 3.2 and 4.2 cannot be issued on the standard template.")
            a.t("\n\n" + w.rec + rec["requester"] + " put the standard terms to " + cp + " before any confidential information "
                "is exchanged. " + w.confirm + "whether you would like us to reissue the request on that basis.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
