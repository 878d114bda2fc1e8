"""board_minutes (set t): the company secretarial assistant of Harrowgate Holdings plc — the minute book entry of a
board meeting (quorum against the directors in office, the resolutions and their votes, matters reserved to the board
above the thresholds of a schedule, the circulation deadline of the draft minutes) against the board procedures (a page
fetched by URL, numbered clauses and a schedule), and certifying a resolution (refused by design while the minutes
recording it are still in draft — reason code and certification after the next meeting, with an interim extract, as the
alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .tstyle import Memo, add_bdays, ts, vet, words_fig

BASE = "https://cosec-api.harrowgate.example/v1"
ARTICLES = "https://cosec.harrowgate.example/governance/gov-02-board-procedures"
ZONE = "Europe/London"
COMPANY = "Harrowgate Holdings plc"
DIRECTORS = ["Sir Malcolm Reid", "Anne Pritchard", "David Osei", "Harriet Knowles", "Rupert Vane", "Meera Iyer",
             "Tom Ashworth", "Claire Donnelly", "Niall Byrne", "Sophie Laurent"]
FAKE_DIRECTORS = ["Lord Pemberton", "Gillian Shore", "Marcus Thorne"]
SECRETARIES = ["Fiona Gallagher", "Robert Haines"]
FAKE_SECRETARIES = ["Alison Crewe", "Neil Barraclough"]
LOCATIONS = ["the Boardroom, Calder House, Leeds", "the Council Room, Wharf Street offices, Sheffield",
             "the Chairman's Room, Kings Yard, York"]
FAKE_LOCATIONS = ["the Mercer Suite, Dean Street, Manchester", "the Long Room, Lowther Hall, Carlisle"]
RESOLUTIONS = [("approval of the annual budget", None, None), ("entry into a revolving credit facility", "borrow", [12_000_000, 8_500_000, 6_000_000]),
               ("appointment of a new external auditor", None, None), ("acquisition of Pennine Fasteners Ltd", "deal", [3_200_000, 4_750_000]),
               ("approval of the modern slavery statement", None, None), ("disposal of the Wakefield warehouse", "deal", [2_750_000, 1_400_000]),
               ("guarantee of a subsidiary's lease obligations", "borrow", [3_500_000, 7_250_000])]
ROMAN = ["(i)", "(ii)", "(iii)"]


class BoardMinutes(Scenario):
    name = "board_minutes"
    agent = "harrowgate-cosec-assistant"
    service = "harrowgate-minute-book"
    system = ("You are the assistant of the company secretariat of Harrowgate Holdings plc. Answer business users in a formal, "
              "careful register: defined terms in quotes, figures in words followed by digits, references to the clauses "
              "and schedule of the board procedures, the working for every date, and a closing recommendation. Rely only "
              "on the minute book, the board procedures and the certification system.")
    error_style = 0
    entity_noun = {"meeting_id": "Meeting", "resolution_id": "Resolution", "doc_url": "Page"}
    preambles = ["Retrieving the minute book entry.", "Reviewing the minute book and the board procedures."]

    def __init__(self):
        self.tools = [
            Tool("get_board_meeting", "A board meeting in the minute book: date and start time, location, directors in "
                                      "office, attendance and apologies, resolutions with votes and status, minutes status "
                                      "and the link to the board procedures.",
                 s_obj({"meeting_id": s_str("Meeting, e.g. 'BM-2041'.", pattern=r"^BM-\d{4}$"),
                        "include_votes": s_bool("Include the votes on each resolution.")}, ["meeting_id"]),
                 entity={"meeting_id": "id"}, http=BASE, extra=[("include_papers", True)]),
            Tool("fetch_procedures", "A governance page (plain text, numbered clauses and schedules).",
                 s_obj({"doc_url": s_str("Page URL.", pattern=r"^https://cosec\.harrowgate\.example/governance/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("version", "latest")]),
            Tool("certify_resolution", "Issue certified copies of a board resolution. A resolution whose minutes are not "
                                       "approved is refused with a reason code and an alternative.",
                 s_obj({"meeting_id": s_str("Meeting.", pattern=r"^BM-\d{4}$"),
                        "resolution_id": s_str("Resolution, e.g. 'RES-20417'.", pattern=r"^RES-\d{5}$"),
                        "purpose": s_str("Purpose of the copies.", enum=["bank_mandate", "registry_filing", "counterparty_request"]),
                        "copies": s_int("Number of certified copies.", 1, 5)},
                       ["meeting_id", "resolution_id", "purpose"]),
                 entity={"meeting_id": "id", "resolution_id": "id"}, http=BASE, extra=[("express", True)]),
        ]
        self.intents = [("meeting_summary", self.summary, True), ("certify_resolution", self.certify, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"circ": r.choice([10, 14]), "cert": r.choice([2, 3]), "rev": r.choice(["4", "5"])}

    def _data(self, r, today, P, approved):
        n = r.randint(7, 10)
        board = r.sample(DIRECTORS[1:], n - 1)
        chair = DIRECTORS[0]
        p = r.randint(n // 2 + 1, n)
        present = [chair] + board[:p - 1]
        apologies = board[p - 1:]
        if approved:
            mdate = today - dt.timedelta(days=r.randint(40, 110))
            nxt = mdate + dt.timedelta(days=r.randint(28, 35))
            while nxt >= today:
                nxt -= dt.timedelta(days=3)
        else:
            mdate = today - dt.timedelta(days=r.randint(3, 25))
            nxt = today + dt.timedelta(days=r.randint(10, 60))
        while mdate.weekday() >= 5:
            mdate -= dt.timedelta(days=1)
        while nxt.weekday() >= 5:
            nxt += dt.timedelta(days=1)
        circ = mdate + dt.timedelta(days=r.randint(2, P["circ"] - 1))
        if not approved and circ > today:
            circ = today
        res, used = [], set()
        k = r.randint(2, 3)
        for i, (title, kind, amts) in enumerate(r.sample(RESOLUTIONS, k)):
            rid = f"RES-{r.randint(10000, 99999)}"
            deferred = i > 0 and r.random() < 0.25
            if deferred:
                vf = va = ab = 0
                st = "deferred"
            else:
                va = r.choice([0, 0, 1, 1, 2])
                ab = r.choice([0, 0, 1])
                va = min(va, max(0, (p - ab - 1) // 2))
                vf = p - va - ab
                st = "passed"
            rr = {"resolution_id": rid, "title": title, "votes_for": vf, "votes_against": va, "abstentions": ab, "status": st}
            if amts:
                rr["amount"] = float(r.choice(amts))
                rr["currency"] = "GBP"
            res.append(rr)
        rec = {"meeting_id": f"BM-{r.randint(1000, 9999)}", "company": COMPANY, "meeting_type": "quarterly board meeting",
               "meeting_date": mdate.isoformat(), "start_time": ts(mdate, r.choice([9, 10, 14]), r.choice([0, 30]), ZONE),
               "location": r.choice(LOCATIONS), "directors_in_office": n, "present": present, "apologies": apologies,
               "chair": chair, "company_secretary": r.choice(SECRETARIES), "resolutions": res,
               "minutes_status": "approved" if approved else "draft", "minutes_circulated": circ.isoformat(),
               "minutes_approved_on": nxt.isoformat() if approved else None,
               "next_meeting": None if approved else nxt.isoformat(), "procedures_url": ARTICLES, "time_zone": ZONE,
               "as_of": ts(today, r.randint(8, 16), r.choice([5, 35, 50]), ZONE)}
        return rec

    def _doc(self, P):
        return ("BOARD PROCEDURES AND ARTICLES EXTRACT (GOV-02)\n"
                f"Adopted by the board; version {P['rev']}\n\n"
                "3. Board meetings\n"
                "3.4 The quorum for a board meeting is a majority of the directors in office.\n"
                "3.6 A resolution is passed by a simple majority of the votes cast; the chair has a casting vote.\n"
                f"3.7 Draft minutes are circulated within {words_fig(P['circ'], 'day')} after the meeting and approved at the "
                "next meeting.\n\n"
                "5. Certification\n"
                "5.1 The company secretary certifies a resolution only after the minutes recording it have been approved.\n"
                f"5.2 Certified copies are issued within {words_fig(P['cert'], 'business day')} of the request.\n\n"
                "SCHEDULE 1 — Matters reserved to the board\n"
                "1. Borrowing or guarantees above GBP 5,000,000.00.\n"
                "2. Acquisitions or disposals above GBP 2,500,000.00.\n"
                "3. Appointment or removal of the auditors.\n")

    def _history(self, rec):
        h = History().user(f"who chaired board meeting {rec['meeting_id']}?")
        h.call([Call("get_board_meeting", {"meeting_id": rec["meeting_id"]}, rec)])
        h.reply(f"Meeting {rec['meeting_id']} of {rec['company']} was chaired by {rec['chair']}; the company secretary is "
                f"{rec['company_secretary']}.")
        return h

    def _inserts(self, a, r, w, rec):
        a.ins("claim", "The board also resolved to suspend the interim dividend.")
        a.ins("claim", "Two (2) directors declared a conflict of interest and left the meeting before the vote.")
        a.ins("behavior", "We have already filed the resolutions with the registrar of companies.")
        a.ins("behavior", "I have also circulated the signed minutes to the external auditors.")
        a.ins("elab", "principally because the board papers were circulated late", clause=True)
        fake = f"CERT-{r.randint(100000, 499999)}"
        a.ins("cite", w.cite_text(f"A certified copy of an earlier resolution was issued under reference {fake}.", fake))

    def _votes(self, a, r, w, rr, edit, other):
        if rr["status"] == "deferred":
            a.t("which was ").x("deferred to the next meeting", val="passed") if edit else a.t("which was deferred to the next meeting")
            return
        a.t("which was ")
        a.x("passed", val=r.choice(["defeated", "withdrawn"])) if edit else a.t("passed")
        a.t(" by ")
        vf = w.n(rr["votes_for"], "vote")
        if edit:
            a.x(vf, num=w.n(rr["votes_for"] + 3, "vote"))
        elif other is not None and other["status"] != "deferred" and other["votes_for"] != rr["votes_for"]:
            a.x(vf, conf=("numerical", w.n(other["votes_for"], "vote")))
        else:
            a.t(vf)
        a.t(" to " + (w.n(rr["votes_against"]) if rr["votes_against"] else "none") + ", with ")
        a.t(w.n(rr["abstentions"], "abstention") if rr["abstentions"] else "no abstentions")

    # ------------------------------------------------------------------ intents
    def summary(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._data(r, today, P, r.random() < 0.35)
        args = {"meeting_id": rec["meeting_id"]}
        if r.random() < 0.5:
            args["include_votes"] = True
        cg = Call("get_board_meeting", args, rec)
        cp_ = Call("fetch_procedures", {"doc_url": ARTICLES}, self._doc(P))
        req = r.choice([f"Could you summarise board meeting {rec['meeting_id']} — quorum, resolutions and the minutes position?",
                        f"What was decided at board meeting {rec['meeting_id']}, and where are the minutes?"])
        turns = [Turn([cg]), Turn([cp_])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Thanks. Could you summarise that meeting — quorum, resolutions and minutes?",
                            "And what was decided at it? Are the minutes approved?"])
            turns = [Turn([cp_])]
        w = Memo(r, today, "GBP")
        a = A()
        mdate = dt.date.fromisoformat(rec["meeting_date"])
        n, present, apol = rec["directors_in_office"], rec["present"], rec["apologies"]
        p = len(present)
        w.declare(p)
        w.head(a, "Board meeting of " + COMPANY + " (meeting ", (rec["meeting_id"], {"fid": w.fake_id(rec["meeting_id"], r)}), ")")
        w.lead(a, "we have reviewed the minute book entry for the " + rec["meeting_type"] + " of " + COMPANY + " held on ")
        dc, dfk = w.dpair(mdate, r.choice([-7, 7]), wd=True)
        a.x(dc, tmp=dfk).t(" at " + w.clock(rec["start_time"]) + " (London time) in ")
        a.x(rec["location"], ent=r.choice(FAKE_LOCATIONS)).t(".")
        a.p()
        a.t("\n\nOf the " + w.n(n, "director") + " in office, ").x(w.n(p), num=w.n(p + 3)).t(" were present, with ")
        a.x(rec["chair"], ent=r.choice(FAKE_DIRECTORS)).t(" in the chair; this is ").x("more than half", rel="fewer than half")
        a.t(" of the directors in office and therefore ").x("constitutes", neg="does not constitute").t(" a quorum under ")
        a.x("Clause 3.4", sec=r.choice(["Clause 3.2", "Clause 4.4"])).t(".")
        a.p()
        if apol:
            a.t(" Apologies were received from ")
            for i, d in enumerate(apol):
                if i and i == len(apol) - 1:
                    a.t(" and ")
                elif i:
                    a.t(", ")
                if i == 0:
                    a.x(d, conf=("entity", present[-1]))
                else:
                    a.t(d)
            a.t(".")
        else:
            a.t(" No apologies were recorded.")
        a.p()
        res = rec["resolutions"]
        a.t("\n\nThe board considered ").x(w.n(len(res), "resolution"), num=w.n(len(res) + 2, "resolution")).t(": ")
        w.declare(len(res))
        k0 = r.randrange(len(res))
        for i, rr in enumerate(res):
            if i == len(res) - 1:
                a.t("and ")
            a.t(ROMAN[i] + " resolution ")
            a.x(rr["resolution_id"], fid=w.fake_id(rr["resolution_id"], r)) if i == k0 else a.t(rr["resolution_id"])
            a.t(" on the " + rr["title"])
            if "amount" in rr:
                a.t(" of " + w.amt(rr["amount"], words=False))
            a.t(", ")
            self._votes(a, r, w, rr, i == k0, res[(i + 1) % len(res)] if i == (k0 + 1) % len(res) else None)
            a.t("; " if i < len(res) - 1 else ".")
        a.p()
        big = [rr for rr in res if "amount" in rr]
        if big:
            rr = big[0]
            thr, para = (5_000_000.0, "1") if rr["title"].startswith(("entry", "guarantee")) else (2_500_000.0, "2")
            above = rr["amount"] > thr
            a.t(" As the amount of " + w.amt(rr["amount"]) + " is ").x("above" if above else "below", rel="below" if above else "above")
            a.t(" the GBP " + f"{thr:,.2f}" + " threshold in ").x(f"Schedule 1, paragraph {para}", sec=f"Schedule 2, paragraph {para}")
            a.t(", the " + rr["title"] + " ").x("is" if above else "is not", neg="is not" if above else "is")
            a.t(" a matter reserved to the board.")
            a.p()
        due = mdate + dt.timedelta(days=P["circ"])
        w.declare(due)
        circ = dt.date.fromisoformat(rec["minutes_circulated"])
        a.t("\n\nUnder ").x("Clause 3.7", sec=r.choice(["Clause 3.9", "Clause 5.7"])).t(", draft minutes are to be circulated within ")
        a.x(w.n(P["circ"], "day"), num=w.n(P["circ"] + 7, "day")).t(" after the meeting; " + w.n(P["circ"], "day") + " after "
                                                                    + w.d(mdate) + " is ")
        uc, uf = w.dpair(due, r.choice([-4, 5]), calc=True)
        a.x(uc, tmp=uf).t(", and the draft minutes were circulated on ")
        cc_, cf = w.dpair(circ, r.choice([-6, 9]))
        a.x(cc_, tmp=cf).t(", ").x("before", rel="after").t(" that deadline.")
        a.p()
        if rec["minutes_status"] == "draft":
            a.t(" The minutes remain in ").x('"draft"', attr=r.choice(['"pending_signature"', '"circulated_final"']))
            a.t(" status and are to be approved at the next meeting on ")
            nc, nf = w.dpair(rec["next_meeting"], r.choice([-7, 14]))
            a.x(nc, tmp=nf).t(".")
        else:
            a.t(" The minutes were approved on ")
            nc, nf = w.dpair(rec["minutes_approved_on"], r.choice([-7, 14]))
            a.x(nc, tmp=nf).t(" and are recorded as ").x('"approved"', attr=r.choice(['"signed_final"', '"adopted"'])).t(".")
        a.p()
        a.t("\n\n" + w.rec)
        a.x(rec["company_secretary"], ent=r.choice(FAKE_SECRETARIES)).t(", as company secretary, ")
        if rec["minutes_status"] == "draft":
            a.t("table the draft minutes for approval at the next meeting, provided that no director has raised comments")
        else:
            a.t("file the signed minutes in the minute book, unless that has already been done")
        a.pc().t(". " + w.confirm + "whether you require certified copies of any resolution.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def certify(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._data(r, today, P, ok)
        passed = [rr for rr in rec["resolutions"] if rr["status"] == "passed"]
        rr = r.choice(passed)
        purpose = r.choice(["bank_mandate", "registry_filing", "counterparty_request"])
        copies = r.randint(1, 3)
        args = {"meeting_id": rec["meeting_id"], "resolution_id": rr["resolution_id"], "purpose": purpose}
        if r.random() < 0.7:
            args["copies"] = copies
        else:
            copies = 1
        mdate = dt.date.fromisoformat(rec["meeting_date"])
        if ok:
            issue_by = add_bdays(today, P["cert"])
            res = {"status": "certified", "certificate_id": f"CERT-{r.randint(500000, 999999)}", "resolution_id": rr["resolution_id"],
                   "copies": copies, "purpose": purpose, "signed_by": rec["company_secretary"]}
        else:
            nxt = dt.date.fromisoformat(rec["next_meeting"])
            res = {"status": "refused", "reason_code": "MINUTES_NOT_APPROVED", "resolution_id": rr["resolution_id"],
                   "minutes_status": "draft",
                   "alternative": {"option": "certify_after_approval", "next_meeting": nxt.isoformat(), "interim": "secretary_extract"}}
        cg = Call("get_board_meeting", {"meeting_id": rec["meeting_id"]}, rec)
        cp_ = Call("fetch_procedures", {"doc_url": ARTICLES}, self._doc(P))
        cc = Call("certify_resolution", args, res)
        req = r.choice([f"The bank needs a certified copy of resolution {rr['resolution_id']} from meeting {rec['meeting_id']}. Can you arrange it?",
                        f"Please certify resolution {rr['resolution_id']} ({rec['meeting_id']}) — we need it for a {purpose.replace('_', ' ')}."])
        turns = [Turn([cg]), Turn([cp_]), Turn([cc])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"We need a certified copy of resolution {rr['resolution_id']} from that meeting. Can you arrange it?",
                            f"Please certify {rr['resolution_id']} for us."])
            turns = [Turn([cp_]), Turn([cc])]
        w = Memo(r, today, "GBP")
        a = A()
        w.head(a, "Certification of resolution " + rr["resolution_id"] + " — " + COMPANY)
        if ok:
            w.declare(issue_by)
            w.lead(a, "we confirm that resolution ")
            a.x(rr["resolution_id"], fid=w.fake_id(rr["resolution_id"], r)).t(" on the " + rr["title"] + ", passed at the "
                                                                              + rec["meeting_type"] + " held on ")
            dc, dfk = w.dpair(mdate, r.choice([-7, 7]))
            a.x(dc, tmp=dfk).t(", ").x("has been certified", val="is awaiting certification").t(" under certificate reference ")
            a.x(res["certificate_id"], fid=w.fake_id(res["certificate_id"], r)).t(", and that ")
            a.x(w.n(copies, "certified copy", pl="certified copies"), num=w.n(copies + 3, "certified copy", pl="certified copies"))
            a.t(" will be issued for the stated purpose (")
            a.x('"' + purpose + '"', attr=r.choice(['"kyc_refresh"', '"bank_onboarding"'])).t(").")
            a.p()
            a.t("\n\nThe resolution was passed by ").x(w.n(rr["votes_for"], "vote"), num=w.n(rr["votes_for"] + 3, "vote"))
            a.t(" to " + (w.n(rr["votes_against"]) if rr["votes_against"] else "none") + ", a simple majority of the votes cast under ")
            a.x("Clause 3.6", sec=r.choice(["Clause 3.8", "Clause 4.6"])).t(", and the minutes recording it were approved on ")
            ac, af = w.dpair(rec["minutes_approved_on"], r.choice([-9, 12]))
            a.x(ac, tmp=af, conf=("temporal", w.d(rec["minutes_circulated"]))).t(", as ")
            a.x("Clause 5.1", sec=r.choice(["Clause 5.3", "Clause 6.1"])).t(" requires.")
            a.p()
            a.t(" Under Clause 5.2, certified copies are issued within ").x(w.n(P["cert"], "business day"), num=w.n(P["cert"] + 4, "business day"))
            a.t(" of the request; " + w.n(P["cert"], "business day") + " after " + w.d(today) + " is ")
            ic, ifk = w.dpair(issue_by, r.choice([-1, 5]), calc=True)
            a.x(ic, tmp=ifk).t(", by which date the copies ").x("will be", neg="will not be").t(" available")
            a.pc().t(".")
            a.p()
            a.t("\n\n" + w.rec + "the copies be collected from ")
            a.x(rec["company_secretary"], ent=r.choice(FAKE_SECRETARIES)).t(", as company secretary, and that they be presented "
                                                                           "only for the stated purpose. " + w.confirm
                                                                           + "the name of the recipient at the bank or registry.")
        else:
            nxt = dt.date.fromisoformat(rec["next_meeting"])
            eta = add_bdays(nxt, P["cert"])
            w.declare(eta)
            w.lead(a, "we regret to advise that resolution ")
            a.x(rr["resolution_id"], fid=w.fake_id(rr["resolution_id"], r)).t(" on the " + rr["title"] + " ")
            a.x("could not be certified", val="has been certified").t(": the minute book refused the request with reason code ")
            a.x("MINUTES_NOT_APPROVED", attr=r.choice(["MINUTES_UNSIGNED", "DRAFT_MINUTES_PENDING"])).t(", as the minutes of the "
                                                                                                      "meeting held on ")
            dc, dfk = w.dpair(mdate, r.choice([-7, 7]))
            a.x(dc, tmp=dfk).t(' remain in "draft" status.')
            a.p()
            a.t("\n\nUnder ").x("Clause 5.1", sec=r.choice(["Clause 5.3", "Clause 6.1"])).t(", the company secretary certifies a "
                                                                                      "resolution ")
            a.x("only after", rel="before").t(" the minutes recording it have been approved, and the minutes are to be approved at "
                                              "the next meeting on ")
            nc, nf = w.dpair(nxt, r.choice([-7, 14]))
            a.x(nc, tmp=nf).t(".")
            a.p()
            a.t("\n\nAs an alternative, the system proposes that certification follow approval of the minutes at that meeting; "
                + w.n(P["cert"], "business day") + " after " + w.d(nxt) + " is ")
            ec, ef = w.dpair(eta, r.choice([-1, 6]), calc=True)
            a.x(ec, tmp=ef, conf=("temporal", w.d(nxt))).t(", by which date the certified copies could be issued. In the interim, "
                                                          "the company secretary may provide an extract of the draft minutes (")
            a.x('"secretary_extract"', attr=r.choice(['"certified_extract"', '"interim_certificate"'])).t("), provided that it is "
                                                                                                       "not presented as a "
                                                                                                       "certified copy.")
            a.p()
            a.t("\n\nFor the avoidance of doubt, the resolution itself was passed by ")
            a.x(w.n(rr["votes_for"], "vote"), num=w.n(rr["votes_for"] + 3, "vote"))
            a.t(" to " + (w.n(rr["votes_against"]) if rr["votes_against"] else "none") + "; only its certification ")
            a.x("is", neg="is not").t(" affected.")
            a.p()
            a.t(" " + w.rec + "the recipient be informed of the expected date, unless otherwise agreed with ")
            a.x(rec["company_secretary"], ent=r.choice(FAKE_SECRETARIES)).t(". " + w.confirm + "whether an interim extract would "
                                                                           "be acceptable to the recipient.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
