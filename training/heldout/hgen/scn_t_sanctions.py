"""sanctions_screening (set t): the trade compliance assistant of Pellworth Industrial — a sanctions screening case
(hits against the screening lists with their match scores against the threshold, the review deadline in business days,
the hold on the sales order, rescreening computed from the risk rating) against the screening procedure (a Markdown
document fetched by path, numbered clauses and a schedule of lists), and releasing a held sales order (refused by design
while a potential match is unresolved — reason code and escalation to the second-level review with a deadline as the
alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .tstyle import Memo, add_bdays, ts, vet, words_fig, words_pct

BASE = "https://compliance-api.pellworth.example/v2"
PROC = "/compliance/sanctions/screening-procedure-cmp-san-03.md"
COUNTERPARTIES = [("Marlow Trading FZE", "the United Arab Emirates", ["Marlow Trading FZC", "Marlo Trade Company"]),
                  ("Kestrel Marine Supplies Ltd", "Cyprus", ["Kestrel Maritime Supply", "Kestrel Marine Services"]),
                  ("Altai Machinery LLP", "Kazakhstan", ["Altay Machinery", "Altai Machine Works"]),
                  ("Borealis Equipment Oy", "Finland", ["Borealis Equip Holding", "Borealis Trading Oy"])]
FAKE_CPS = ["Caspian Industrial Partners", "Lindenhof Handels GmbH", "Sable Ridge Exports"]
FAKE_COUNTRIES = ["Turkey", "Georgia", "Armenia"]
LISTS = ["OFAC SDN List", "EU Consolidated Financial Sanctions List", "UK Sanctions List"]
FAKE_LISTS = ["Swiss SECO Sanctions List", "UN Security Council Consolidated List"]
GOODS = ["industrial pumps", "spare parts for compressors", "hydraulic valves", "control panels"]
ANALYSTS = [("Kevin Doyle", "EMP-4471"), ("Rosa Jimenez", "EMP-5128"), ("Aaron Whitley", "EMP-3390")]
FAKE_ANALYSTS = ["Melanie Hurst", "Trevor Banks"]
ZONES = ["America/New_York", "America/Chicago"]
ROMAN = ["(i)", "(ii)", "(iii)"]


class SanctionsScreening(Scenario):
    name = "sanctions_screening"
    agent = "pellworth-compliance-assistant"
    service = "pellworth-screening-hub"
    system = ("You are the trade compliance assistant of Pellworth Industrial. Answer business users in a formal, careful "
              "register: defined terms in quotes, figures in words followed by digits, references to the clauses and "
              "schedule of the screening procedure, the working for every date, and a closing recommendation. Rely only on "
              "the screening case, the procedure and the order release system.")
    error_style = 1
    entity_noun = {"case_id": "Screening case", "order_id": "Sales order", "approver_id": "Approver", "doc_path": "Document"}
    preambles = ["Retrieving the screening case.", "Reviewing the case and the screening procedure."]

    def __init__(self):
        self.tools = [
            Tool("get_screening_case", "A sanctions screening case: counterparty, the sales order, hits with list, matched "
                                       "name, score and status, risk rating, analyst, case status and the procedure path.",
                 s_obj({"case_id": s_str("Case, e.g. 'SCR-204117'.", pattern=r"^SCR-\d{6}$"),
                        "include_closed_hits": s_bool("Include hits already closed.")}, ["case_id"]),
                 entity={"case_id": "id"}, http=BASE, extra=[("include_audit_trail", True)]),
            Tool("read_procedure", "A compliance procedure (Markdown, numbered clauses and schedules).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/compliance/[a-z0-9/_-]+\.md$"),
                        "max_clauses": s_int("Most clauses to return.", 1, 40)}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "docx")]),
            Tool("release_order", "Release a sales order held by a screening case. A release the procedure does not allow is "
                                  "refused with a reason code and an alternative.",
                 s_obj({"case_id": s_str("Case.", pattern=r"^SCR-\d{6}$"),
                        "order_id": s_str("Sales order, e.g. 'SO-20417'.", pattern=r"^SO-\d{5}$"),
                        "approver_id": s_str("Approving analyst, e.g. 'EMP-2041'.", pattern=r"^EMP-\d{4}$"),
                        "note": s_str("Release note.", max_len=200)},
                       ["case_id", "order_id", "approver_id"]),
                 entity={"case_id": "id", "order_id": "id", "approver_id": "id"}, http=BASE, extra=[("override", True)]),
        ]
        self.intents = [("case_review", self.review, True), ("release_order", self.release, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"thr": r.choice([80, 85, 90]), "rev": r.choice([1, 2, 3]), "high": 90, "other": 180}

    def _data(self, r, today, P, open_match):
        cp, country, variants = r.choice(COUNTERPARTIES)
        zone = r.choice(ZONES)
        screen = add_bdays(today, -r.randint(0, 6))
        k = r.randint(1, 3)
        hits, used = [], set()
        lists = r.sample(LISTS, k)
        for i in range(k):
            if i == 0:
                score = r.randint(P["thr"], 99)
                st = "potential_match" if open_match else "false_positive"
            else:
                score = r.randint(55, 99)
                while score in used:
                    score = r.randint(55, 99)
                st = "below_threshold" if score < P["thr"] else "false_positive"
            used.add(score)
            hits.append({"hit_id": f"HIT-{r.randint(100000, 999999)}", "list": lists[i], "matched_name": variants[i % 2],
                         "score": score, "status": st})
        r.shuffle(hits)
        risk = r.choice(["high", "medium"])
        name, emp = r.choice(ANALYSTS)
        rec = {"case_id": f"SCR-{r.randint(100000, 999999)}", "counterparty": cp, "counterparty_country": country,
               "role": "customer", "order": {"order_id": f"SO-{r.randint(10000, 99999)}",
                                             "amount": float(r.choice([48250, 96500, 184250, 312800, 75400])) + r.choice([0, 0.5, 0.75]),
                                             "currency": "USD", "description": r.choice(GOODS)},
               "screened_at": ts(screen, r.randint(8, 17), r.choice([3, 27, 48]), zone), "hits": hits, "risk_rating": risk,
               "analyst": {"name": name, "employee_id": emp},
               "case_status": "on_hold" if any(h["status"] == "potential_match" for h in hits) else "cleared",
               "procedure_path": PROC, "time_zone": zone, "as_of": ts(today, r.randint(8, 17), r.choice([0, 15, 45]), zone)}
        return rec

    def _doc(self, P):
        return ("# Sanctions Screening Procedure (CMP-SAN-03)\n\n"
                "## 2. Alert review\n"
                f"2.1 A hit scoring {words_pct(P['thr'])} or more is treated as a potential match.\n"
                "2.2 A hit scoring below that threshold is closed automatically.\n"
                f"2.3 Potential matches are reviewed within {words_fig(P['rev'], 'business day')} of screening.\n\n"
                "## 3. Holds and release\n"
                "3.1 A transaction with an unresolved potential match stays on hold.\n"
                "3.2 A release is approved by the assigned analyst and, for high-risk counterparties, also by the Head of "
                "Trade Compliance.\n\n"
                "## 4. Rescreening\n"
                f"4.1 High-risk counterparties are rescreened every {words_fig(P['high'], 'day')}.\n"
                f"4.2 Other counterparties are rescreened every {words_fig(P['other'], 'day')}.\n\n"
                "## Schedule 1 — Screening lists\n"
                "1. OFAC SDN List\n"
                "2. EU Consolidated Financial Sanctions List\n"
                "3. UK Sanctions List\n")

    def _history(self, rec):
        h = History().user(f"who is the analyst on screening case {rec['case_id']}?")
        h.call([Call("get_screening_case", {"case_id": rec["case_id"]}, rec)])
        h.reply(f"Screening case {rec['case_id']} ({rec['counterparty']}) is assigned to {rec['analyst']['name']} "
                f"({rec['analyst']['employee_id']}).")
        return h

    def _inserts(self, a, r, w, rec):
        cp = rec["counterparty"]
        a.ins("claim", f"{cp} was added to a regional watch list earlier this month.")
        a.ins("claim", f"The ultimate beneficial owner of {cp} is a politically exposed person.")
        a.ins("behavior", "We have already filed a voluntary disclosure with the regulator.")
        a.ins("behavior", f"I have also notified the bank that payments from {cp} should be blocked.")
        a.ins("elab", "most likely because the counterparty's name closely resembles a listed entity", clause=True)
        fake = f"SCR-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"An earlier screening of this counterparty is recorded under case {fake}.", fake))

    def _hits(self, a, r, w, P, rec, screen):
        hits = rec["hits"]
        a.t("Screening on " + w.d(screen) + " returned ").x(w.n(len(hits), "hit"), num=w.n(len(hits) + 2, "hit")).t(": ")
        w.declare(len(hits))
        k0 = r.randrange(len(hits))
        for i, h in enumerate(hits):
            other = hits[(i + 1) % len(hits)]
            if i and i == len(hits) - 1:
                a.t("and ")
            if len(hits) > 1:
                a.t(ROMAN[i] + " ")
            a.t("hit ")
            a.x(h["hit_id"], fid=w.fake_id(h["hit_id"], r)) if i == k0 else a.t(h["hit_id"])
            a.t(" against the ")
            a.x(h["list"], ent=r.choice(FAKE_LISTS)) if i == k0 else a.t(h["list"])
            a.t(' for the name "' + h["matched_name"] + '", with a score of ')
            sc = w.pct(h["score"])
            if i == k0:
                a.x(sc, num=w.pct(h["score"] - 17))
            elif i == (k0 + 1) % len(hits) and other["score"] != h["score"]:
                a.x(sc, conf=("numerical", w.pct(other["score"])))
            else:
                a.t(sc)
            above = h["score"] >= P["thr"]
            a.t(", which is ")
            if i == k0:
                a.x("at or above" if above else "below", rel="below" if above else "at or above")
            else:
                a.t("at or above" if above else "below")
            a.t(" the threshold of " + w.pct(P["thr"]) + " in Clause 2.1 and is recorded as ")
            q = '"' + h["status"] + '"'
            if i == k0:
                a.x(q, attr=r.choice(['"confirmed_match"', '"true_hit"', '"escalated_match"']))
            else:
                a.t(q)
            a.t("; " if i < len(hits) - 1 else ".")
        a.p()

    # ------------------------------------------------------------------ intents
    def review(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._data(r, today, P, r.random() < 0.6)
        args = {"case_id": rec["case_id"]}
        if r.random() < 0.4:
            args["include_closed_hits"] = True
        cg = Call("get_screening_case", args, rec)
        cd = Call("read_procedure", {"doc_path": PROC}, self._doc(P))
        req = r.choice([f"What is the position on screening case {rec['case_id']}? Can the order ship?",
                        f"Please summarise sanctions case {rec['case_id']} and tell me what happens next."])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Thanks. What is the position on that case — can the order ship?",
                            "Please summarise the case and the next steps."])
            turns = [Turn([cd])]
        w = Memo(r, today, "USD")
        a = A()
        cp, o = rec["counterparty"], rec["order"]
        screen = dt.date.fromisoformat(rec["screened_at"][:10])
        due = add_bdays(screen, P["rev"])
        w.declare(due)
        held = rec["case_status"] == "on_hold"
        w.head(a, "Sanctions screening case ", (rec["case_id"], {"fid": w.fake_id(rec["case_id"], r)}), " — " + cp)
        w.lead(a, "we have reviewed screening case " + rec["case_id"] + " concerning ")
        a.x(cp, ent=r.choice(FAKE_CPS)).t(", a customer of the Company established in ")
        a.x(rec["counterparty_country"], ent=r.choice(FAKE_COUNTRIES)).t(", in connection with sales order ")
        a.x(o["order_id"], fid=w.fake_id(o["order_id"], r)).t(" for ")
        amt = w.amt(o["amount"])
        a.x(amt, num=w.amt(round(o["amount"] * 1.37, 2), words=False)).t(" (" + o["description"] + ").")
        a.p()
        a.t("\n\n")
        self._hits(a, r, w, P, rec, screen)
        if held:
            a.t(' The case is recorded as "on_hold" and, pursuant to ').x("Clause 3.1", sec=r.choice(["Clause 3.4", "Clause 2.7"]))
            a.t(", the sales order ").x("stays on hold", val="may be released").t(" while a potential match remains unresolved.")
        else:
            a.t(' The case is recorded as "cleared", and ').x("no potential match remains", neg="a potential match remains")
            a.t(" unresolved, so ").x("Clause 3.1", sec=r.choice(["Clause 3.4", "Clause 2.7"])).t(" ")
            a.x("does not require", neg="requires").t(" the sales order to be held.")
        a.p()
        a.t("\n\nUnder ").x("Clause 2.3", sec=r.choice(["Clause 2.5", "Clause 2.9"])).t(", potential matches are reviewed within ")
        a.x(w.n(P["rev"], "business day"), num=w.n(P["rev"] + 4, "business day")).t(" of screening; " + w.n(P["rev"], "business day")
                                                                                  + " after " + w.d(screen) + " is ")
        dc, dfk = w.dpair(due, r.choice([-1, 7]), calc=True)
        a.x(dc, tmp=dfk, conf=("temporal", w.d(screen)) if screen != due else None).t(".")
        a.p()
        if held:
            a.t(" As at the date of this note, " + w.d(today) + ", that review deadline ")
            a.x("has passed" if due < today else "has not yet passed", neg="has not yet passed" if due < today else "has passed")
            a.pc().t(".")
            a.p()
        days = P["high"] if rec["risk_rating"] == "high" else P["other"]
        nxt = screen + dt.timedelta(days=days)
        w.declare(nxt)
        a.t("\n\nAs " + cp + " is rated ").x('"' + rec["risk_rating"] + '"', attr=r.choice(['"elevated"', '"severe"']))
        a.t(" risk, ").x("Clause 4.1" if rec["risk_rating"] == "high" else "Clause 4.2", sec="Clause 4.6")
        a.t(" requires rescreening every " + w.n(days, "day") + "; " + w.n(days, "day") + " after the screening on " + w.d(screen) + " is ")
        nc, nf = w.dpair(nxt, r.choice([-12, 15]), calc=True)
        a.x(nc, tmp=nf).t(".")
        a.p()
        a.t("\n\n" + w.rec)
        an = rec["analyst"]
        if held:
            a.x(an["name"], ent=r.choice(FAKE_ANALYSTS)).t(", as the assigned analyst, complete the review of the open potential "
                                                          "match without delay. For the avoidance of doubt, no goods should be "
                                                          "shipped under sales order " + o["order_id"] + " until the case is closed.")
        else:
            a.t("the release of sales order " + o["order_id"] + " be approved by ")
            a.x(an["name"], ent=r.choice(FAKE_ANALYSTS)).t(" in accordance with Clause 3.2")
            if rec["risk_rating"] == "high":
                a.t(", which, for a high-risk counterparty, also requires the approval of the Head of Trade Compliance")
            a.t(".")
        a.p()
        a.t(" " + w.confirm + "whether you would like us to take any further step.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def release(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._data(r, today, P, not ok)
        cp, o, an = rec["counterparty"], rec["order"], rec["analyst"]
        args = {"case_id": rec["case_id"], "order_id": o["order_id"], "approver_id": an["employee_id"]}
        if r.random() < 0.3:
            args["note"] = "Hits reviewed; releasing."
        screen = dt.date.fromisoformat(rec["screened_at"][:10])
        l2 = add_bdays(today, P["rev"])
        if ok:
            res = {"status": "released", "release_id": f"REL-{r.randint(100000, 999999)}", "order_id": o["order_id"],
                   "released_at": rec["as_of"], "second_approval_required": rec["risk_rating"] == "high"}
            if rec["risk_rating"] == "high":
                res["second_approver_role"] = "Head of Trade Compliance"
        else:
            opened = [h for h in rec["hits"] if h["status"] == "potential_match"]
            res = {"status": "refused", "reason_code": "UNRESOLVED_POTENTIAL_MATCH", "order_id": o["order_id"],
                   "open_hits": [h["hit_id"] for h in opened],
                   "alternative": {"option": "escalate_second_level", "queue": "sanctions_l2_review",
                                   "review_due": l2.isoformat()}}
        cg = Call("get_screening_case", {"case_id": rec["case_id"]}, rec)
        cd = Call("read_procedure", {"doc_path": PROC}, self._doc(P))
        cr = Call("release_order", args, res)
        req = r.choice([f"Please release sales order {o['order_id']} held under case {rec['case_id']}; {an['name']} ({an['employee_id']}) approves.",
                        f"Can you release {o['order_id']} (case {rec['case_id']})? Approver {an['employee_id']}."])
        turns = [Turn([cg]), Turn([cd]), Turn([cr])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"They approve. Please release sales order {o['order_id']} on that case.",
                            f"Please release {o['order_id']} now, with that analyst as approver."])
            turns = [Turn([cd]), Turn([cr])]
        w = Memo(r, today, "USD")
        a = A()
        w.head(a, "Release of sales order " + o["order_id"] + " — " + cp)
        top = [h for h in rec["hits"] if h["score"] >= P["thr"] and h["status"] != "below_threshold"][0]
        if ok:
            w.lead(a, "we confirm that sales order ")
            a.x(o["order_id"], fid=w.fake_id(o["order_id"], r)).t(" for ")
            a.x(w.amt(o["amount"]), num=w.amt(round(o["amount"] * 1.37, 2), words=False)).t(", placed by ")
            a.x(cp, ent=r.choice(FAKE_CPS)).t(", ").x("has been released", val="remains on hold").t(" under release reference ")
            a.x(res["release_id"], fid=w.fake_id(res["release_id"], r)).t(", on the approval of ")
            a.x(an["name"], ent=r.choice(FAKE_ANALYSTS)).t(" (" + an["employee_id"] + "), following screening case " + rec["case_id"] + ".")
            a.p()
            a.t('\n\nThe case is recorded as "cleared": the hit against the ').x(top["list"], ent=r.choice(FAKE_LISTS))
            a.t(" scored ").x(w.pct(top["score"]), num=w.pct(top["score"] - 17)).t(", ")
            a.x("at or above", rel="below").t(" the threshold of " + w.pct(P["thr"]) + " in ")
            a.x("Clause 2.1", sec=r.choice(["Clause 2.6", "Clause 1.1"])).t(", but it was reviewed and recorded as ")
            a.x('"false_positive"', attr=r.choice(['"cleared_match"', '"no_match"'])).t(", and ")
            a.x("no potential match remains", neg="a potential match remains").t(" unresolved.")
            a.p()
            if rec["risk_rating"] == "high":
                a.t(" " + w.note.rstrip() + ", as " + cp + ' is rated "high" risk, ')
                a.x("Clause 3.2", sec=r.choice(["Clause 3.5", "Clause 4.2"])).t(" also requires the approval of the Head of Trade "
                                                                             "Compliance, which the system records as ")
                a.x("still required", neg="not required").t(".")
            else:
                a.t(" " + w.note.rstrip() + ", as " + cp + ' is rated "medium" risk, the approval of the assigned analyst ')
                a.x("suffices", neg="does not suffice").t(" under ").x("Clause 3.2", sec=r.choice(["Clause 3.5", "Clause 4.2"])).t(".")
            a.p()
            days = P["high"] if rec["risk_rating"] == "high" else P["other"]
            nxt = screen + dt.timedelta(days=days)
            w.declare(nxt)
            a.t("\n\nThe counterparty is to be rescreened every ").x(w.n(days, "day"), num=w.n(days + 30, "day"))
            a.t("; " + w.n(days, "day") + " after the screening on " + w.d(screen) + " is ")
            nc, nf = w.dpair(nxt, r.choice([-12, 15]), calc=True)
            a.x(nc, tmp=nf, conf=("temporal", w.d(screen))).t(", and any further order placed after that date ")
            a.x("should await", neg="need not await").t(" the rescreening")
            a.pc().t(".")
            a.p()
            a.t("\n\n" + w.rec + "the shipping team be informed that the order may now proceed, subject to any export licensing "
                "requirements. " + w.confirm + "receipt of this note.")
        else:
            opened = [h for h in rec["hits"] if h["status"] == "potential_match"]
            h = opened[0]
            w.declare(l2)
            w.lead(a, "we regret to advise that sales order ")
            a.x(o["order_id"], fid=w.fake_id(o["order_id"], r)).t(" for " + w.amt(o["amount"]) + ", placed by ")
            a.x(cp, ent=r.choice(FAKE_CPS)).t(", ").x("could not be released", val="has been released")
            a.t(": the system refused the request with reason code ")
            a.x("UNRESOLVED_POTENTIAL_MATCH", attr=r.choice(["OPEN_SANCTIONS_HIT", "MATCH_UNDER_REVIEW"])).t(", as hit ")
            a.x(h["hit_id"], fid=w.fake_id(h["hit_id"], r)).t(" against the ").x(h["list"], ent=r.choice(FAKE_LISTS))
            a.t(', for the name "' + h["matched_name"] + '", with a score of ').x(w.pct(h["score"]), num=w.pct(h["score"] - 17))
            a.t(", ").x("remains", neg="no longer remains").t(" an unresolved potential match.")
            a.p()
            a.t("\n\nThat score is ").x("at or above", rel="below").t(" the threshold of " + w.pct(P["thr"]) + " in ")
            a.x("Clause 2.1", sec=r.choice(["Clause 2.6", "Clause 1.1"])).t(", and, under ").x("Clause 3.1", sec=r.choice(["Clause 3.4", "Clause 2.7"]))
            a.t(", a transaction with an unresolved potential match ").x("stays on hold", val="may be released").t(".")
            a.p()
            a.t("\n\nAs an alternative, the system proposes escalating the case to the second-level review queue (")
            a.x('"sanctions_l2_review"', attr=r.choice(['"sanctions_escalations"', '"l2_sanctions_queue"']))
            a.t("); " + w.n(P["rev"], "business day") + " after " + w.d(today) + " is ")
            lc, lf = w.dpair(l2, r.choice([-1, 6]), calc=True)
            a.x(lc, tmp=lf, conf=("temporal", w.d(screen)) if screen != l2 else None).t(", by which date that review is to be completed")
            a.pc().t(".")
            a.p()
            a.t(" For the avoidance of doubt, no goods should be shipped under sales order " + o["order_id"] + " in the meantime.")
            a.p()
            a.t("\n\n" + w.rec)
            a.x(an["name"], ent=r.choice(FAKE_ANALYSTS)).t(", as the assigned analyst, provide the second-level reviewers with "
                                                          "the identifying documents held for " + cp + ". " + w.confirm
                                                          + "whether you would like us to escalate the case.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
