"""contract_renewals (set t): the legal assistant of Aldermoor Group's contracts office — the renewal position of a
commercial agreement in the contract register (term, automatic renewal, notice of non-renewal computed back from the
expiry date, the capped fee increase, open obligations) against the agreement's own text (a Markdown document fetched by
path, numbered clauses with lettered sub-clauses and schedules), and notices of non-renewal (a notice refused by design
once the notice window has closed — reason code and the notice for the following term as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .tstyle import Memo, add_months, month_end, spell, ts, vet, words_fig, words_pct

BASE = "https://legal-api.aldermoor.example/v2"
COUNTERPARTIES = [("Northwind Analytics LLC", "the State of New York", "USD", "America/New_York"),
                  ("Bellhaven Facilities Corporation", "the State of Delaware", "USD", "America/Chicago"),
                  ("Quorra Cloud Services Ltd", "England and Wales", "GBP", "Europe/London"),
                  ("Tessaline Logistics LLC", "the State of Illinois", "USD", "America/Chicago")]
FAKE_CPS = ["Westmarch Data Partners LLC", "Orvieto Systems Corporation", "Pellucid Networks Ltd"]
FAKE_LAWS = ["the State of California", "the Province of Ontario", "Scotland"]
AGREEMENTS = [("Master Services Agreement", "MSA", "msa"), ("Software Subscription Agreement", "SSA", "ssa"),
              ("Facilities Management Agreement", "FMA", "fma")]
OWNERS = [("Helen Carter", "Procurement"), ("Rajiv Menon", "Information Technology"), ("Sofia Almeida", "Operations"),
          ("Daniel Okafor", "Finance")]
FAKE_OWNERS = ["Gregory Vance", "Ines Moreau", "Callum Reid"]
OBLIGATIONS = ["quarterly service report", "annual security attestation", "insurance certificate renewal",
               "price review meeting", "business continuity test report"]
DELIVERY = ["courier_and_email", "registered_mail", "email_only"]


class ContractRenewals(Scenario):
    name = "contract_renewals"
    agent = "aldermoor-contracts-assistant"
    service = "aldermoor-contract-register"
    system = ("You are the legal assistant of the contracts office of Aldermoor Group. Reply to in-house business users "
              "in a formal, careful register: defined terms in quotes, figures in words followed by digits, clause and "
              "schedule references, the working for every date and amount, and a closing recommendation. Rely only on "
              "the contract register, the text of the agreement and the notice system.")
    error_style = 1
    entity_noun = {"contract_id": "Contract", "doc_path": "Document"}
    preambles = ["Retrieving the contract register entry.", "Reviewing the register entry and the agreement text."]

    def __init__(self):
        self.tools = [
            Tool("get_contract", "A contract register entry: counterparty, term dates, renewal and notice terms, fees, "
                                 "business owner, obligations and the path of the agreement text.",
                 s_obj({"contract_id": s_str("Contract, e.g. 'CTR-20417'.", pattern=r"^CTR-\d{5}$"),
                        "include_obligations": s_bool("List the contractual obligations.")}, ["contract_id"]),
                 entity={"contract_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("read_contract_text", "The text of an agreement (Markdown, numbered clauses and schedules).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/contracts/[a-z0-9/_-]+\.md$"),
                        "max_sections": s_int("Most sections to return.", 1, 50)}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "pdf")]),
            Tool("serve_non_renewal_notice", "Serve written notice of non-renewal on the counterparty of a contract. A notice "
                                             "outside the notice window is refused with a reason code and an alternative.",
                 s_obj({"contract_id": s_str("Contract.", pattern=r"^CTR-\d{5}$"),
                        "term_end": s_date("End of the term the notice applies to, YYYY-MM-DD."),
                        "delivery": s_str("Delivery method.", enum=DELIVERY),
                        "copy_business_owner": s_bool("Copy the business owner.")},
                       ["contract_id", "term_end"]),
                 entity={"contract_id": "id"}, http=BASE, extra=[("urgent", True)]),
        ]
        self.intents = [("renewal_position", self.position, True), ("non_renewal_notice", self.notice, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today, ok):
        cp, law, cur, zone = r.choice(COUNTERPARTIES)
        title, short, slug = r.choice(AGREEMENTS)
        owner, dept = r.choice(OWNERS)
        renew = r.choice([12, 12, 24])
        for _ in range(200):
            notice = r.choice([30, 60, 90, 120])
            term_end = month_end(*_ym(add_months(today, r.randint(0, 14))))
            deadline = term_end - dt.timedelta(days=notice)
            if term_end > today and (deadline >= today) == ok and deadline != today:
                break
        else:
            raise RuntimeError("no term end")
        fee = float(r.choice([18000, 24500, 36000, 48000, 62500, 75000, 96000]) + r.choice([0, 0, 250, 750]))
        inc = r.choice([3, 4, 5, 6])
        start = add_months(term_end, -12 * r.randint(1, 3)) + dt.timedelta(days=1)
        cid = f"CTR-{r.randint(10000, 99999)}"
        obls, used = [], set()
        for i, desc in enumerate(r.sample(OBLIGATIONS, r.randint(2, 3))):
            due = today + dt.timedelta(days=r.randint(-60, 150))
            while due in used:
                due += dt.timedelta(days=3)
            used.add(due)
            st = "open" if i == 0 or r.random() < 0.6 else "completed"
            obls.append({"ref": f"OBL-{r.randint(1000, 9999)}", "description": desc, "due_date": due.isoformat(),
                         "owner": r.choice(OWNERS)[0], "status": st})
        rec = {"contract_id": cid, "title": title, "short_name": short, "counterparty": cp, "governing_law": law,
               "business_owner": owner, "department": dept, "effective_date": start.isoformat(),
               "current_term_end": term_end.isoformat(), "auto_renewal": True, "renewal_term_months": renew,
               "notice_days": notice, "annual_fee": fee, "currency": cur, "max_increase_pct": inc,
               "billing": "annual_in_advance", "status": "active", "time_zone": zone,
               "document_path": f"/contracts/{slug}/{cid.lower()}.md", "obligations": obls,
               "as_of": ts(today, r.randint(8, 16), r.choice([5, 20, 45]), zone)}
        return rec

    def _doc(self, rec):
        return (f"# {rec['title']} — {rec['counterparty']}\n\nContract reference: {rec['contract_id']}\n\n"
                "## 7. Fees\n"
                "7.1 The Customer shall pay the annual fee set out in Schedule 2.\n"
                "7.2 Fee adjustments:\n"
                "  (a) the fees are fixed for the initial term;\n"
                f"  (b) on each renewal the annual fee may increase by no more than {words_pct(rec['max_increase_pct'])}.\n\n"
                "## 12. Term and Renewal\n"
                "12.1 The initial term runs from the Effective Date until the expiry date stated in Schedule 1.\n"
                f"12.2 This Agreement renews automatically for successive periods of {words_fig(rec['renewal_term_months'], 'month')} "
                f"unless either party gives written notice of non-renewal no later than {words_fig(rec['notice_days'], 'day')} "
                "before the end of the then-current term.\n\n"
                "## 18. Notices\n"
                "18.1 Notices are in writing and in English.\n"
                "18.3 Notices are delivered by courier with a copy by email to the addresses in Schedule 1.\n\n"
                "## Schedule 1 — Key Dates and Addresses\n"
                f"1. Effective Date: {rec['effective_date']}.\n"
                f"2. Governing law: {rec['governing_law']}.\n\n"
                "## Schedule 2 — Fees\n"
                f"1. Annual fee: {rec['currency']} {rec['annual_fee']:,.2f}, invoiced annually in advance.\n")

    def _history(self, rec):
        h = History().user(f"who is the business owner of contract {rec['contract_id']}?")
        h.call([Call("get_contract", {"contract_id": rec["contract_id"]}, rec)])
        h.reply(f"The business owner of contract {rec['contract_id']} ({rec['title']} with {rec['counterparty']}) is "
                f"{rec['business_owner']} of {rec['department']}.")
        return h

    def _inserts(self, a, r, w, rec):
        cp = rec["counterparty"]
        a.ins("claim", f"{cp} has indicated informally that it intends to raise its prices at the next renewal.")
        a.ins("claim", f"{cp} was acquired by a private equity sponsor earlier this year.")
        a.ins("behavior", f"We have already informed the legal department of {cp} of the Company's position by email.")
        a.ins("behavior", f"I have placed a hold on further purchase orders under the {rec['short_name']}.")
        a.ins("elab", "largely because the renewal mechanism was carried over from the Company's earlier agreement with "
                      "the counterparty", clause=True)
        fake = f"NTC-{r.randint(100000, 399999)}"
        a.ins("cite", w.cite_text(f"A prior notice concerning this agreement is on file under reference {fake}.", fake))

    def _fee_para(self, a, r, w, rec):
        fee, inc, cur = rec["annual_fee"], rec["max_increase_pct"], rec["currency"]
        up = round(fee * inc / 100, 2)
        w.declare(up)
        w.declare(fee + up)
        a.t("Under ").x("Clause 7.2(b)", sec=r.choice(["Clause 7.2(d)", "Clause 7.4(b)"])).t(", the annual fee stated in ")
        a.x("Schedule 2, paragraph 1", sec="Schedule 4, paragraph 1").t(", being " + w.amt(fee) + ", may increase on each renewal by ")
        a.x("no more than", rel="no less than").t(" ").x(w.pct(inc), num=w.pct(inc + r.choice([2, 4]))).t("; ")
        a.t(w.pct(inc) + " of " + w.amt(fee, words=False) + " is " + w.amt(up, words=False) + ", and " + w.amt(fee, words=False)
            + " plus " + w.amt(up, words=False) + " comes to ")
        a.x(w.amt(fee + up, words=False), num=w.amt(fee + up + r.choice([1200, 2500, 4800]), words=False))
        a.t(", which is therefore the highest annual fee that may be charged for the renewal term")
        a.pc().t(".")
        a.p()
        a.t(" " + w.note + "the fee is recorded as payable ")
        a.x('"annual_in_advance"', attr=r.choice(['"quarterly_in_arrears"', '"monthly_in_advance"'])).t(".")

    def _obl_para(self, a, r, w, rec):
        obls = rec["obligations"]
        w.declare(len(obls))
        a.t("The register also records ").x(w.n(len(obls), "obligation"), num=w.n(len(obls) + 2, "obligation"))
        a.t(" under the " + rec["short_name"] + ": ")
        k0 = r.randrange(len(obls))
        romans = ["(i)", "(ii)", "(iii)"]
        for i, o in enumerate(obls):
            other = obls[(i + 1) % len(obls)]
            if i == len(obls) - 1:
                a.t("and ")
            a.t(romans[i] + " the " + o["description"] + " (reference ")
            a.x(o["ref"], fid=w.fake_id(o["ref"], r)) if i == k0 else a.t(o["ref"])
            a.t("), due on ")
            dc, df = w.dpair(o["due_date"], r.choice([-21, 35]))
            if i == k0:
                a.x(dc, tmp=df)
            elif i == (k0 + 1) % len(obls):
                a.x(dc, conf=("temporal", w.d(other["due_date"])))
            else:
                a.t(dc)
            a.t(", for which ")
            if i == (k0 + 1) % len(obls) and other["owner"] != o["owner"]:
                a.x(o["owner"], conf=("entity", other["owner"]))
            else:
                a.t(o["owner"])
            a.t(" is responsible and which ")
            if o["status"] == "open":
                a.x("remains outstanding", val="has been discharged") if i == k0 else a.t("remains outstanding")
            else:
                a.x("has been completed", val="remains outstanding") if i == k0 else a.t("has been completed")
            a.t("; " if i < len(obls) - 1 else ".")
        a.p()

    # ------------------------------------------------------------------ intents
    def position(self, ctx):
        r, today = ctx.r, ctx.today
        ok = r.random() < 0.6
        rec = self._data(r, today, ok)
        args = {"contract_id": rec["contract_id"]}
        if r.random() < 0.5:
            args["include_obligations"] = True
        cg = Call("get_contract", args, rec)
        dargs = {"doc_path": rec["document_path"]}
        if r.random() < 0.3:
            dargs["max_sections"] = 20
        cd = Call("read_contract_text", dargs, self._doc(rec))
        req = r.choice([f"What is the renewal position on contract {rec['contract_id']}? Can we still get out of it?",
                        f"Please advise on the renewal and notice dates for {rec['contract_id']}.",
                        f"When do we need to give notice if we don't want {rec['contract_id']} to renew?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["And what is the renewal position on it — can we still give notice?",
                            "Thanks. Please advise on its renewal and notice dates."])
            turns = [Turn([cd])]
        w = Memo(r, today, rec["currency"])
        a = A()
        cp, short = rec["counterparty"], rec["short_name"]
        end = dt.date.fromisoformat(rec["current_term_end"])
        nd, rm = rec["notice_days"], rec["renewal_term_months"]
        deadline = end - dt.timedelta(days=nd)
        w.declare(deadline)
        w.head(a, rec["title"] + " with " + cp + " (", (rec["contract_id"], {"fid": w.fake_id(rec["contract_id"], r)}),
               ") — renewal position")
        w.lead(a, "we have reviewed the contract register entry and the text of the " + rec["title"] + " between the Company and ")
        a.x(cp, ent=r.choice(FAKE_CPS)).t(' (the "' + short + '"), contract ' + rec["contract_id"] + ". The " + short + " is recorded as ")
        a.x('"active"', val='"suspended"').t(", is governed by the laws of ").x(rec["governing_law"], ent=r.choice(FAKE_LAWS))
        a.t(", and its business owner is ").x(rec["business_owner"], ent=r.choice(FAKE_OWNERS)).t(" (" + rec["department"] + ").")
        a.p()
        a.t("\n\nPursuant to ").x("Clause 12.2", sec=r.choice(["Clause 12.6", "Clause 14.2"])).t(", the " + short + " ")
        a.x("renews automatically", neg="does not renew automatically").t(" for successive periods of ")
        a.x(w.n(rm, "month"), num=w.n(rm + 6, "month")).t(" unless either party gives written notice of non-renewal no later than ")
        a.x(w.n(nd, "day"), num=w.n(nd + 15, "day")).t(" before the end of the then-current term.")
        a.p()
        ec, ef = w.dpair(end, r.choice([-30, 31]))
        a.t(' The current term ends on ').x(ec, tmp=ef).t(' (the "Expiry Date"), and ' + w.n(nd, "day") + " before the Expiry Date of "
                                                        + w.d(end) + " is ")
        dc, dfk = w.dpair(deadline, r.choice([-14, 21]), calc=True)
        a.x(dc, tmp=dfk).t(", which is the last day on which notice of non-renewal may be given.")
        a.p()
        if ok:
            left = (deadline - today).days
            w.declare(left)
            a.t(" As at the date of this note, " + w.d(today) + ", that deadline ")
            a.x("has not yet passed", neg="has already passed").t(": between " + w.d(today) + " and " + w.d(deadline) + " there are ")
            a.x(w.n(left, "day"), num=w.n(left + 19, "day")).t(", so notice ").x("may still be served", neg="may no longer be served")
            a.pc().t(".")
        else:
            nxt = add_months(end, rm)
            nxt_dl = nxt - dt.timedelta(days=nd)
            w.declare(nxt)
            w.declare(nxt_dl)
            a.t(" That deadline fell ").x("before", rel="after").t(" the date of this note (" + w.d(today) + "); accordingly, and unless "
                                                                  "otherwise agreed with " + cp + ", the " + short + " ")
            a.x("will renew", neg="will not renew").t(" at the end of the current term, and " + w.n(rm, "month") + " after "
                                                      + w.d(end) + " is ")
            nc, nf = w.dpair(nxt, r.choice([-31, 30]), calc=True)
            a.x(nc, tmp=nf).t(". For that following term, " + w.n(nd, "day") + " before " + w.d(nxt) + " is ")
            lc, lf = w.dpair(nxt_dl, r.choice([-10, 12]), calc=True)
            a.x(lc, tmp=lf, conf=("temporal", w.d(deadline))).t(", by which date any notice of non-renewal must be given")
            a.pc().t(".")
        a.p()
        a.t("\n\n")
        self._fee_para(a, r, w, rec)
        a.pp()
        a.t("\n\n")
        self._obl_para(a, r, w, rec)
        a.t("\n\nFor the avoidance of doubt, this note does not constitute a waiver of any of the Company's rights under the "
            + short + ".")
        a.p()
        a.t("\n\n" + w.rec)
        if ok:
            a.t("if the business does not wish to continue beyond the Expiry Date, notice be served by courier with a copy by "
                "email, as required by ").x("Clause 18.3", sec=r.choice(["Clause 18.5", "Clause 19.3"])).t(", well before " + w.d(deadline) + ".")
        else:
            a.t("any renegotiation of the fee be raised with " + cp + " before the renewal takes effect, provided that the "
                "business owner agrees, and that a reminder be diarised well ahead of " + w.d(nxt_dl) + ".")
        a.p()
        a.t(" " + w.confirm + "whether you wish us to prepare a notice or take any further step.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def notice(self, ctx):
        r, today = ctx.r, ctx.today
        ok = r.random() < 0.55
        rec = self._data(r, today, ok)
        cp, short, cid = rec["counterparty"], rec["short_name"], rec["contract_id"]
        end = dt.date.fromisoformat(rec["current_term_end"])
        nd, rm = rec["notice_days"], rec["renewal_term_months"]
        deadline = end - dt.timedelta(days=nd)
        delivery = r.choice(DELIVERY[:2])
        args = {"contract_id": cid, "term_end": end.isoformat()}
        if r.random() < 0.7:
            args["delivery"] = delivery
        else:
            delivery = "courier_and_email"
        if r.random() < 0.3:
            args["copy_business_owner"] = True
        ack_days = 10
        if ok:
            ack = today + dt.timedelta(days=ack_days)
            res = {"status": "served", "notice_id": f"NTC-{r.randint(400000, 799999)}", "contract_id": cid,
                   "served_on": today.isoformat(), "term_end": end.isoformat(), "delivery": delivery,
                   "acknowledgement_due_days": ack_days}
        else:
            nxt = add_months(end, rm)
            nxt_dl = nxt - dt.timedelta(days=nd)
            res = {"status": "refused", "reason_code": "NOTICE_WINDOW_CLOSED", "contract_id": cid,
                   "notice_deadline": deadline.isoformat(), "term_end": end.isoformat(),
                   "alternative": {"option": "notice_for_following_term", "next_term_end": nxt.isoformat(),
                                   "next_notice_deadline": nxt_dl.isoformat()}}
        cg = Call("get_contract", {"contract_id": cid}, rec)
        cd = Call("read_contract_text", {"doc_path": rec["document_path"]}, self._doc(rec))
        cn = Call("serve_non_renewal_notice", args, res)
        req = r.choice([f"Please serve notice of non-renewal on {cid} so that it ends on {end.isoformat()}.",
                        f"We do not want {cid} to renew — please send the non-renewal notice for the term ending {end.isoformat()}."])
        turns = [Turn([cg]), Turn([cd]), Turn([cn])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"We don't want it to renew. Please serve notice for the term ending {end.isoformat()}.",
                            f"Please send the non-renewal notice so the term ends {end.isoformat()}."])
            turns = [Turn([cd]), Turn([cn])]
        w = Memo(r, today, rec["currency"])
        a = A()
        w.declare(deadline)
        w.head(a, "Notice of non-renewal — " + rec["title"] + " with " + cp)
        if ok:
            ack = today + dt.timedelta(days=ack_days)
            w.declare(ack)
            how = "by courier with a copy by email" if delivery == "courier_and_email" else "by registered mail"
            w.lead(a, "we confirm that notice of non-renewal of the " + rec["title"] + " with ")
            a.x(cp, ent=r.choice(FAKE_CPS)).t(' (the "' + short + '", contract ' + cid + ") ")
            a.x("has been served", val="is awaiting dispatch").t(" under reference ").x(res["notice_id"], fid=w.fake_id(res["notice_id"], r))
            a.t(" on ")
            sc, sf = w.dpair(today, r.choice([-3, 4]))
            a.x(sc, tmp=sf).t(", " + how + " (")
            a.x('"' + delivery + '"', attr=r.choice(['"hand_delivery"', '"registered_courier"'])).t(").")
            a.p()
            a.t("\n\n").x("Clause 12.2", sec=r.choice(["Clause 12.7", "Clause 13.2"])).t(" requires notice no later than ")
            a.x(w.n(nd, "day"), num=w.n(nd + 15, "day")).t(" before the end of the then-current term; " + w.n(nd, "day")
                                                              + " before the Expiry Date of " + w.d(end) + " is ")
            dc, dfk = w.dpair(deadline, r.choice([-12, 16]), calc=True)
            a.x(dc, tmp=dfk).t(", which falls ").x("after", rel="before").t(" the date of service, and the notice was therefore ")
            a.x("served in time", neg="not served in time").t(".")
            a.p()
            a.t(" Accordingly, the " + short + " will expire on ")
            ec, ef = w.dpair(end, r.choice([-31, 30]))
            a.x(ec, tmp=ef, conf=("temporal", w.d(deadline))).t(" and ").x("will not renew", neg="will renew").t(" for a further term of " + w.n(rm, "month"))
            a.pc().t(".")
            a.p()
            a.t("\n\n" + w.note + cp + " is asked to acknowledge receipt within ")
            a.x(w.n(ack_days, "day"), num=w.n(ack_days + 4, "day")).t("; " + w.n(ack_days, "day") + " after " + w.d(today) + " is ")
            kc, kf = w.dpair(ack, r.choice([-2, 5]), calc=True)
            a.x(kc, tmp=kf).t(". For the avoidance of doubt, the annual fee of " + w.amt(rec["annual_fee"])
                              + " remains payable in respect of the current term, which ends on " + w.d(end) + ".")
            a.p()
            a.t("\n\n" + w.rec)
            a.x(rec["business_owner"], ent=r.choice(FAKE_OWNERS)).t(", as business owner, begin planning the transition or "
                                                                   "replacement of the services now, subject to any exit "
                                                                   "assistance the " + short + " may provide. " + w.confirm
                                                                   + "receipt of this note.")
        else:
            nxt = add_months(end, rm)
            nxt_dl = nxt - dt.timedelta(days=nd)
            w.declare(nxt)
            w.declare(nxt_dl)
            w.lead(a, "we regret to advise that the notice of non-renewal of the " + rec["title"] + " with ")
            a.x(cp, ent=r.choice(FAKE_CPS)).t(' (the "' + short + '", contract ').x(cid, fid=w.fake_id(cid, r)).t(") ")
            a.x("was not served", val="was served").t(": the notice system refused the request with reason code ")
            a.x("NOTICE_WINDOW_CLOSED", attr=r.choice(["NOTICE_PERIOD_LAPSED", "DEADLINE_EXPIRED"])).t(".")
            a.p()
            a.t("\n\nUnder ").x("Clause 12.2", sec=r.choice(["Clause 12.7", "Clause 13.2"])).t(", notice must be given no later than ")
            a.x(w.n(nd, "day"), num=w.n(nd + 15, "day")).t(" before the end of the then-current term, and " + w.n(nd, "day")
                                                              + " before the Expiry Date of " + w.d(end) + " is ")
            dc, dfk = w.dpair(deadline, r.choice([-12, 16]), calc=True)
            a.x(dc, tmp=dfk).t(", a date which ").x("precedes", rel="follows").t(" the date of this note (" + w.d(today) + ").")
            a.p()
            a.t(" Accordingly, and unless otherwise agreed with " + cp + ", the " + short + " ")
            a.x("will renew", neg="will not renew").t(" at the end of the current term for a further ")
            a.x(w.n(rm, "month"), num=w.n(rm + 12, "month")).t(".")
            a.p()
            a.t("\n\nAs an alternative, the system proposes serving notice for the following term: " + w.n(rm, "month") + " after "
                + w.d(end) + " is ")
            nc, nf = w.dpair(nxt, r.choice([-31, 30]), calc=True)
            a.x(nc, tmp=nf).t(", and " + w.n(nd, "day") + " before " + w.d(nxt) + " is ")
            lc, lf = w.dpair(nxt_dl, r.choice([-10, 12]), calc=True)
            a.x(lc, tmp=lf, conf=("temporal", w.d(deadline))).t(", by which date notice must be served")
            a.pc().t(".")
            a.p()
            a.t("\n\n")
            self._fee_para(a, r, w, rec)
            a.pp()
            a.t("\n\n" + w.rec + "a reminder be diarised well before " + w.d(nxt_dl) + ", and that ")
            a.x(rec["business_owner"], ent=r.choice(FAKE_OWNERS)).t(" consider whether the commercial terms should be "
                                                                   "renegotiated with " + cp + " in the meantime. "
                                                                   + w.confirm + "how you wish to proceed.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)


def _ym(d):
    return d.year, d.month
