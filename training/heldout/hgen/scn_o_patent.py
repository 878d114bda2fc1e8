"""patent_filing (set o): the applicant help desk of a (fictional) national intellectual property office — answers
applicants' questions from the office's guidance pages (searched, then fetched by URL: the fee schedule for this year
and last, key deadlines, examiner interviews) together with the application record, and books examiner interviews (a
booking refused by design — slot less than five working days away, format not available — comes back with an offered
slot or format, which the agent books instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_obj, s_str, s_int
from .ostyle import D, Kb, Src, add_months, vet

BASE = "https://www.nipo.example"
TITLES = ["Modular heat exchanger with removable plates", "Low-noise impeller for ventilation fans",
          "Method for recycling carbon-fibre composites", "Wearable sensor for gait analysis",
          "Self-cleaning filter for rainwater tanks", "Battery enclosure with passive cooling channels"]
APPLICANTS = [("Fjordline Engineering AS", "small entity"), ("Kestrel Robotics Ltd", "small entity"),
              ("University of Northland", "small entity"), ("Borealis Energy Systems AB", "standard"),
              ("Helix Medical Devices GmbH", "standard"), ("Dr. Ingrid Solberg", "small entity")]
OTHER_TITLES = ["Patent Application Guide", "Fees Manual", "Examination Practice Notes", "Applicant Handbook"]


def add_workdays(d, n):
    k = 0
    while k < n:
        d += dt.timedelta(days=1)
        if d.weekday() < 5:
            k += 1
    return d


class PatentFiling(Scenario):
    name = "patent_filing"
    agent = "nipo-guidance-assistant"
    service = "nipo-applicant-help-agent"
    system = ("You are the applicant help assistant of the Northland Intellectual Property Office (NIPO). Answer "
              "questions from NIPO's published guidance (search it, then read the page) and the application record. "
              "Paraphrase accurately, quote the guidance where the wording matters, cite the pages and paragraphs "
              "you used, and show the arithmetic for fees and deadlines. You can book examiner interviews.")
    error_style = 2
    entity_noun = {"application_number": "Application", "page_url": "Page", "slot_id": "Slot"}
    preambles = ["Let me check NIPO's guidance.", "Searching the guidance pages.", "One moment — looking that up."]
    literal_ok = []

    def __init__(self):
        self.tools = [
            Tool("search_guidance", "Search NIPO's published guidance. Returns ranked hits with title, URL, snippet and "
                                    "last-updated date.",
                 s_obj({"query": s_str("Search words.", min_len=3, max_len=200),
                        "topic": s_str("Topic filter.", enum=["fees", "deadlines", "forms", "examination", "interviews"]),
                        "limit": s_int("Maximum hits.", 1, 10)}, ["query"]),
                 http=BASE, extra=[("lang", "en")]),
            Tool("fetch_guidance", "A guidance page by URL (plain text, numbered paragraphs).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://www\.nipo\.example/guidance/[a-z0-9-]+$")}, ["page_url"]),
                 entity={"page_url": "url"}, extra=[("print_view", True)]),
            Tool("get_application", "A patent application record: title, applicant and size, filing and priority dates, "
                                    "claims, status, examination request and report dates.",
                 s_obj({"application_number": s_str("Application number, e.g. 'NP-2025-004173'.", pattern=r"^NP-\d{4}-\d{6}$")},
                       ["application_number"]),
                 entity={"application_number": "id"}, http=BASE, extra=[("include_documents", True)]),
            Tool("get_interview_slots", "Open examiner-interview slots for an application from a date.",
                 s_obj({"application_number": s_str("Application number.", pattern=r"^NP-\d{4}-\d{6}$"),
                        "from_date": s_date("First date to list, YYYY-MM-DD.")}, ["application_number", "from_date"]),
                 entity={"application_number": "id"}, http=BASE, extra=[("examiner", "any")]),
            Tool("book_interview", "Book an examiner interview. A booking the rules don't allow comes back as not "
                                   "booked, with a reason code and an offered alternative.",
                 s_obj({"application_number": s_str("Application number.", pattern=r"^NP-\d{4}-\d{6}$"),
                        "slot_id": s_str("Slot ID, e.g. 'SLT-4K2Q9B'.", pattern=r"^SLT-[A-Z0-9]{6}$"),
                        "format": s_str("Interview format.", enum=["video", "in_person"])},
                       ["application_number", "slot_id", "format"]),
                 entity={"application_number": "id", "slot_id": "id"}, http=BASE, extra=[("attendees", 2)]),
        ]
        self.intents = [("fee_estimate", self.fees, True), ("deadline_check", self.deadlines, True),
                        ("interview_rules", self.rules, True), ("interview_booking", self.booking, True)]

    # ------------------------------------------------------------------ data
    def _params(self, r, today):
        P = {"filing": r.choice([300, 310, 320]), "search": r.choice([1080, 1120, 1150]), "exam": r.choice([860, 880, 900]),
             "claim": r.choice([50, 55, 60]), "indep": r.choice([220, 240, 250]), "free_claims": 15, "free_indep": 3,
             "pay_m": 1, "exam_m": 24, "reinst_m": 2, "reinst": r.choice([200, 220]), "resp_m": 4, "ext_m": 2,
             "ext_fee": r.choice([120, 150]), "prio": 12, "iv_days": r.choice([5, 5, 10]), "iv_h": 1,
             "upd": [(today - dt.timedelta(days=r.randint(15, 60))).isoformat()] +
                    [(today - dt.timedelta(days=r.randint(15, 400))).isoformat() for _ in range(4)]}
        P["old_exam"] = P["exam"] - r.choice([40, 60])
        P["old_search"] = P["search"] - r.choice([30, 50])
        return P

    def _pages(self, P, today):
        pg = {}
        h = lambda x: f"€{x / 2:,.2f}" if x % 2 else f"€{x // 2:,}"
        eff = dt.date(today.year, 4, 1) if today.month >= 4 else dt.date(today.year - 1, 4, 1)
        ef = f"{eff.day} {eff.strftime('%B')} {eff.year}"
        fees = ("NORTHLAND INTELLECTUAL PROPERTY OFFICE\n"
                f"Patent Fees (from {ef})\nLast updated: {P['upd'][0]}\n\n"
                "1. APPLICATION FEES\n"
                f"1.1 Filing fee: €{P['filing']:,} (small entities {h(P['filing'])}).\n"
                f"1.2 Search fee: €{P['search']:,} (small entities {h(P['search'])}).\n"
                f"1.3 Examination fee: €{P['exam']:,} (small entities {h(P['exam'])}).\n"
                "2. CLAIMS FEES\n"
                f"2.1 Each claim beyond the {P['free_claims']}th: €{P['claim']} (small entities {h(P['claim'])}).\n"
                f"2.2 Each independent claim beyond the {P['free_indep']}rd: €{P['indep']} (small entities {h(P['indep'])}).\n"
                "3. REDUCTIONS AND PAYMENT\n"
                "3.1 The small-entity rate applies to applicants with fewer than 50 employees, universities and individual inventors. It does not apply to renewal fees.\n"
                f"3.2 Fees are due within {P['pay_m']} month of the date the fee becomes payable; unpaid fees lead to the application being treated as withdrawn.\n")
        pg["fees"] = (f"Patent Fees (from {ef})", f"{BASE}/guidance/patent-fees", fees,
                      f"Examination fee: €{P['exam']:,} (small entities {h(P['exam'])}).", P["upd"][0])
        old = ("NORTHLAND INTELLECTUAL PROPERTY OFFICE\n"
               f"Patent Fees ({eff.year - 1}) - archived\n\n"
               f"1.2 Search fee: €{P['old_search']:,}.\n1.3 Examination fee: €{P['old_exam']:,}.\n")
        pg["old"] = (f"Patent Fees ({eff.year - 1}) - archived", f"{BASE}/guidance/patent-fees-{eff.year - 1}", old,
                     f"Search fee: €{P['old_search']:,}. Examination fee: €{P['old_exam']:,}.", (eff - dt.timedelta(days=370)).isoformat())
        dl = ("NORTHLAND INTELLECTUAL PROPERTY OFFICE\nKey Deadlines for Patent Applications\nLast updated: " + P["upd"][1] + "\n\n"
              "1. REQUESTING EXAMINATION\n"
              f"1.1 You must request examination (Form NP7) and pay the examination fee within {P['exam_m']} months of the filing date.\n"
              f"1.2 If you miss this deadline the application is treated as withdrawn. It can be reinstated within {P['reinst_m']} months of the missed deadline for a fee of €{P['reinst']}.\n"
              "2. RESPONDING TO AN EXAMINATION REPORT\n"
              f"2.1 You have {P['resp_m']} months from the date of an examination report to respond.\n"
              f"2.2 You can extend this once by {P['ext_m']} months, for a fee of €{P['ext_fee']}, if you ask before the original deadline.\n"
              "3. PRIORITY\n"
              f"3.1 An application claiming priority must be filed within {P['prio']} months of the earliest priority date.\n")
        pg["deadlines"] = ("Key Deadlines for Patent Applications", f"{BASE}/guidance/key-deadlines", dl,
                           f"You must request examination (Form NP7) and pay the examination fee within {P['exam_m']} months of the filing date.", P["upd"][1])
        iv = ("NORTHLAND INTELLECTUAL PROPERTY OFFICE\nExaminer Interviews\nLast updated: " + P["upd"][2] + "\n\n"
              "1. You can ask for an interview with the examiner once the first examination report has been issued.\n"
              f"2. Interviews are held by video or in person at the Northland office and last up to {P['iv_h']} hour.\n"
              f"3. Book at least {P['iv_days']} working days ahead.\n"
              "4. An interview does not extend any deadline. You must still file a written response on time.\n")
        pg["interviews"] = ("Examiner Interviews", f"{BASE}/guidance/examiner-interviews", iv,
                            f"Book at least {P['iv_days']} working days ahead. An interview does not extend any deadline.", P["upd"][2])
        forms = ("NORTHLAND INTELLECTUAL PROPERTY OFFICE\nForms for Patent Applications\nLast updated: " + P["upd"][3] + "\n\n"
                 "Form NP1: request for grant. Form NP7: request for examination. Form NP9: request for an extension of time.\n")
        pg["forms"] = ("Forms for Patent Applications", f"{BASE}/guidance/patent-forms", forms,
                       "Form NP7: request for examination. Form NP9: request for an extension of time.", P["upd"][3])
        return pg

    def _search(self, r, pg, want, query, topic, extra=()):
        keys = [want] + [k for k in extra if k != want]
        keys += r.sample([k for k in pg if k not in keys], max(0, r.randint(3, 4) - len(keys)))
        if r.random() < 0.3 and not extra:
            keys[0], keys[1] = keys[1], keys[0]
        res = []
        for i, k in enumerate(keys):
            title, url, text, snip, upd = pg[k]
            res.append({"rank": i + 1, "title": title, "url": url, "snippet": snip, "updated_at": upd,
                        "score": round(0.91 - 0.1 * i - r.uniform(0, 0.04), 2)})
        args = {"query": query}
        if r.random() < 0.5:
            args["topic"] = topic
        if r.random() < 0.3:
            args["limit"] = r.choice([3, 5, 10])
        srcs = {k: Src(h["rank"], h["title"], h["url"], h["updated_at"]) for k, h in zip(keys, res)}
        return Call("search_guidance", args, {"query": query, "results": res}), srcs

    @staticmethod
    def _fetch(pg, k):
        return Call("fetch_guidance", {"page_url": pg[k][1]}, pg[k][2])

    def _app(self, r, today, status=None):
        appl, size = r.choice(APPLICANTS)
        filed = today - dt.timedelta(days=r.randint(200, 650))
        num = f"NP-{filed.year}-{r.randint(1000, 999999):06d}"
        rec = {"application_number": num, "title": r.choice(TITLES), "applicant": appl, "applicant_size": size,
               "filing_date": filed.isoformat(), "priority_date": (filed - dt.timedelta(days=r.randint(90, 350))).isoformat(),
               "claims_total": r.randint(12, 30), "claims_independent": r.randint(2, 5),
               "status": status or "search report issued", "examination_requested": False, "examination_report_date": None,
               "as_of": today.isoformat()}
        return num, rec

    # ------------------------------------------------------------------ intents
    def fees(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        pg = self._pages(P, today)
        num, rec = self._app(r, today)
        rec["claims_total"] = r.randint(17, 30)
        small = rec["applicant_size"] == "small entity"
        f = (lambda x: x / 2) if small else (lambda x: x)
        xc = max(0, rec["claims_total"] - P["free_claims"])
        xi = max(0, rec["claims_independent"] - P["free_indep"])
        exam, cl, ind = f(P["exam"]), f(P["claim"]), f(P["indep"])
        total = exam + xc * cl + xi * ind
        search, srcs = self._search(r, pg, "fees", "examination fee claims fees", "fees", extra=["old"])
        src, osrc = srcs["fees"], srcs["old"]
        get = self._fetch(pg, "fees")
        ap = Call("get_application", {"application_number": num}, rec)
        req = r.choice([f"What will it cost to request examination on {num}, including the claims fees?",
                        f"{num}: how much do I pay when I request examination?"])
        turns = [Turn([ap, search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"How many claims does {num} have?")
            history.call([ap])
            history.reply(f"{num} has {rec['claims_total']} claims, {rec['claims_independent']} of them independent.")
            req = r.choice(["What will requesting examination cost me, with those claims?", "So what's the bill when I request examination?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "EUR", num_ok=True)
        a = A()
        a.t("It comes to ").x(w.money(total, calc=True), num=w.money(total + 300)).t(".")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, sec="1.3", fake_sec="1.5", fake_title=r.choice(OTHER_TITLES))
        a.t("T" if not led else "t").t("he examination fee is ").x(w.money(P["exam"]), num=w.money(P["exam"] + 100), conf=("numerical", w.money(P["search"])))
        if small:
            a.t(", or ").x(w.money(exam), num=w.money(exam + 60)).t(" for small entities")
        w.tail(a, src, sec="1.3", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="1.6", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        if small:
            a.t(" " + rec["applicant"] + " is recorded as a ").x("small entity", val="standard applicant").t(", so the reduced rates apply.")
        else:
            a.t(" " + rec["applicant"] + " is recorded as a ").x("standard", val="small-entity").t(" applicant, so the full rates apply.")
        a.t("\n\nClaims fees on top:\n")
        a.t(w.li() + "Claims beyond the " + str(P["free_claims"]) + "th: you have ").x(w.n(rec["claims_total"]), num=w.n(rec["claims_total"] + 4))
        a.t(", so " + w.n(xc, "excess claim", calc=True) + f" × {w.money(cl)} = {w.money(xc * cl, calc=True)}")
        w.pb(a)
        a.t("\n" + w.li() + "Independent claims beyond the " + str(P["free_indep"]) + "rd: you have ").x(w.n(rec["claims_independent"]), num=w.n(rec["claims_independent"] + 2))
        if xi:
            a.t(", so " + w.n(xi, "extra independent claim", calc=True) + f" × {w.money(ind)} = {w.money(xi * ind, calc=True)}")
        else:
            a.t(", so ").x("nothing extra", val="one extra fee")
        w.pb(a)
        parts = [w.money(exam)] + [w.money(xc * cl)] + ([w.money(xi * ind)] if xi else [])
        a.t("\n\nTotal: " + " + ".join(parts) + " = " + w.money(total) + ".")
        a.p()
        if r.random() < 0.6:
            a.t(" For comparison, the examination fee was ").x(w.money(P["old_exam"]), num=w.money(P["old_exam"] - 100), conf=("numerical", w.money(P["old_search"])))
            a.t(" before this schedule")
            if w.can_num(osrc):
                a.t(" [" + str(osrc.rank) + "]")
            a.t(", so it ").x("went up", rel="went down").t(" by " + w.money(P["exam"] - P["old_exam"], calc=True) + ".")
        a.t("\n\nOn timing, ").x(w.q(f"Fees are due within {P['pay_m']} month of the date the fee becomes payable"),
                                  num=w.q(f"Fees are due within {P['pay_m'] + 2} months of the date the fee becomes payable"))
        a.t(", and unpaid fees lead to the application ").x("being treated as withdrawn", val="being suspended").t(".")
        if small:
            a.t(" Note the small-entity rate ").x("does not apply", neg="also applies").t(" to renewal fees.")
        a.p()
        if r.random() < 0.4:
            a.t(" (Counts are from ").x("`claims_total`", attr="`" + r.choice(["claim_count", "total_claims", "n_claims"]) + "`").t(" and `claims_independent` on " + num + ".)")
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, sorted([src, osrc], key=lambda s_: s_.rank) if f"[{osrc.rank}]" in a.text else [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to check the deadline for requesting examination?", "Anything else on the fees?"])
        a.ins("claim", "Most applicants pay the examination fee by card on the online portal.")
        a.ins("claim", "NIPO reviews its fees every two years.")
        a.ins("behavior", "I've generated a payment reference for the examination fee.")
        a.ins("behavior", "I've filed Form NP7 for you.")
        a.ins("elab", "because examination is the most labour-intensive stage", clause=True)
        fake = f"{BASE}/guidance/fee-calculator-{rec['claims_total']}"
        a.ins("cite", w.cite_text(f"You can double-check this with the calculator at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def deadlines(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        pg = self._pages(P, today)
        stage = r.choice(["exam_request", "report_response"])
        num, rec = self._app(r, today, status="search report issued" if stage == "exam_request" else "examination report issued")
        filed = D(rec["filing_date"])
        if stage == "exam_request":
            due = add_months(filed, P["exam_m"])
            if due <= today:
                filed = add_months(today, -P["exam_m"]) + dt.timedelta(days=r.randint(20, 120))
                rec["filing_date"] = filed.isoformat()
                due = add_months(filed, P["exam_m"])
        else:
            rep = today - dt.timedelta(days=r.randint(10, 100))
            rec["examination_requested"] = True
            rec["examination_report_date"] = rep.isoformat()
            due = add_months(rep, P["resp_m"])
        left = (due - today).days
        search, srcs = self._search(r, pg, "deadlines", "deadline examination report response", "deadlines")
        src = srcs["deadlines"]
        get = self._fetch(pg, "deadlines")
        ap = Call("get_application", {"application_number": num}, rec)
        req = r.choice([f"What's my next deadline on {num}?", f"{num}: when do I have to act by, and can it be extended?"])
        turns = [Turn([ap]), Turn([search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"What's the status of {num}?")
            history.call([ap])
            history.reply(f"{num} is at: {rec['status']}.")
            req = r.choice(["So what's the next deadline?", "When do I need to act by?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "EUR", num_ok=True)
        a = A()
        a.t("Your next deadline is ").x(w.d(due, calc=True), tmp=w.d(add_months(due, r.choice([-1, 1])))).t(" — ")
        a.x(w.n(left, "day", calc=True), num=w.n(left + 31, "day")).t(" from today.")
        a.p()
        a.t("\n\n")
        if stage == "exam_request":
            a.t("Your application's status is " + w.qo).x("search report issued", val="examination report issued").t(w.qc + " and examination ").x("hasn't been", neg="has been").t(" requested yet. ")
            led = w.lead(a, src, sec="1.1", fake_sec="1.4", fake_title=r.choice(OTHER_TITLES))
            a.t("Y" if not led else "y").t("ou must request examination (Form NP7) and pay the fee within ").x(w.n(P["exam_m"], "month"), num=w.n(P["exam_m"] + 12, "month"),
                                                                                                         conf=("numerical", w.n(P["prio"], "month")))
            a.t(" of the filing date")
            w.tail(a, src, sec="1.1", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="1.5", fake_title=r.choice(OTHER_TITLES))
            a.t(f". Filed {w.d(filed, year=True)}, so {w.d(filed, year=True)} + {w.n(P['exam_m'], 'month')} = {w.d(due, year=True)}.")
            a.t("\n\nIf you miss it, the application ").x("is treated as withdrawn", val="is suspended").t(", but it can be reinstated within ")
            a.x(w.n(P["reinst_m"], "month"), num=w.n(P["reinst_m"] + 4, "month")).t(" of the missed deadline for ").x(w.money(P["reinst"]), num=w.money(P["reinst"] + 100))
            a.pc().t(".")
            a.p()
            a.t(" There's ").x("no", neg="a").t(" extension for this one in the guidance — the extension rule only covers responses to examination reports.")
        else:
            rep = D(rec["examination_report_date"])
            a.t("An examination report was issued on ").x(w.d(rep), tmp=w.d(rep - dt.timedelta(days=r.choice([14, 21])))).t(". ")
            led = w.lead(a, src, sec="2.1", fake_sec="2.4", fake_title=r.choice(OTHER_TITLES))
            a.t("Y" if not led else "y").t("ou have ").x(w.n(P["resp_m"], "month"), num=w.n(P["resp_m"] + 2, "month"), conf=("numerical", w.n(P["ext_m"], "month")))
            a.t(" from the date of the report to respond")
            w.tail(a, src, sec="2.1", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="2.5", fake_title=r.choice(OTHER_TITLES))
            a.t(f", so {w.d(rep, year=True)} + {w.n(P['resp_m'], 'month')} = {w.d(due, year=True)}.")
            ext = add_months(due, P["ext_m"])
            a.t("\n\nYou can extend it ").x("once", num="twice").t(" by ").x(w.n(P["ext_m"], "month"), num=w.n(P["ext_m"] + 1, "month"))
            a.t(", for ").x(w.money(P["ext_fee"]), num=w.money(P["ext_fee"] + 50), conf=("numerical", w.money(P["reinst"]))).t(", ")
            a.x("if", neg="even if").t(" you ask before " + w.d(due) + "; that would move it to " + w.d(ext, calc=True) + ".")
            a.p()
        a.pp()
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        w.closer(a, ["Want me to check the fee for that step?", "Shall I look up the form you'll need?"])
        a.ins("claim", "Most applicants request examination at the same time as filing.")
        a.ins("claim", "NIPO sends a reminder two months before this deadline.")
        a.ins("behavior", "I've added the deadline to your account's reminders.")
        a.ins("behavior", "I've requested the extension for you.")
        a.ins("elab", "since the examiner's queue is currently about six months", clause=True)
        fake = f"{BASE}/guidance/deadline-calculator"
        a.ins("cite", w.cite_text(f"NIPO's deadline calculator is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def rules(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        pg = self._pages(P, today)
        reported = r.random() < 0.7
        num, rec = self._app(r, today, status="examination report issued" if reported else "search report issued")
        if reported:
            rep = today - dt.timedelta(days=r.randint(10, 80))
            rec["examination_requested"] = True
            rec["examination_report_date"] = rep.isoformat()
            due = add_months(rep, P["resp_m"])
            rec["response_due"] = due.isoformat()
        earliest = add_workdays(today, P["iv_days"])
        search, srcs = self._search(r, pg, "interviews", "examiner interview", "interviews")
        src = srcs["interviews"]
        get = self._fetch(pg, "interviews")
        ap = Call("get_application", {"application_number": num}, rec)
        req = r.choice([f"Can I talk to the examiner about {num}? Would that give me more time to respond?",
                        f"{num}: is an examiner interview possible, and does it pause the deadline?"])
        turns = [Turn([ap, search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Where is {num} at?")
            history.call([ap])
            history.reply(f"It's at: {rec['status']}.")
            req = r.choice(["Could I get an interview with the examiner? Does it stop the clock?", "Can I ask for an examiner interview now, and would it extend my deadline?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "EUR", num_ok=True)
        a = A()
        if reported:
            a.t("Yes to the interview, ").x("no", neg="yes").t(" to more time.")
        else:
            a.t("Not yet — interviews are only possible once the first examination report has been issued, and yours ").x("hasn't been", neg="has been").t(".")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, sec="1", fake_sec="5", fake_title=r.choice(OTHER_TITLES))
        a.t("Y" if not led else "y").t("ou can ask for an interview ").x("once", rel="before").t(" the first examination report has been issued")
        w.tail(a, src, sec="1", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="6", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        if reported:
            a.t(" Yours was issued on ").x(w.d(rep), tmp=w.d(rep + dt.timedelta(days=r.choice([9, 16])))).t(", so you qualify.")
        a.t("\n\n")
        a.t(w.li() + "Format: video or in person at the Northland office, up to ").x(w.n(P["iv_h"], "hour"), num=w.n(P["iv_h"] + 1, "hour"))
        w.pb(a)
        a.t("\n" + w.li() + "Notice: book at least ").x(w.n(P["iv_days"], "working day"), num=w.n(P["iv_days"] + 5, "working day"))
        a.t(" ahead, so the earliest would be around " + w.d(earliest, calc=True))
        w.pb(a)
        a.t("\n\nOn the deadline: " + w.q("An interview does not extend any deadline") + ", and you ")
        a.x("must still", neg="no longer need to").t(" file a written response on time")
        if reported:
            a.t(" — for you, by ").x(w.d(due), tmp=w.d(add_months(due, r.choice([-1, 1])))).t(" (the ")
            a.x("`response_due`", attr="`" + r.choice(["reply_deadline", "response_deadline", "due_date"]) + "`").t(" date on your file)")
        a.pc().t(".")
        a.p()
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to look for interview slots?", "Shall I check the open slots for you?"])
        a.ins("claim", "Interviews usually resolve most of the examiner's objections.")
        a.ins("claim", "Video interviews are normally held on Tuesdays and Thursdays.")
        a.ins("behavior", "I've asked the examiner's unit to hold a slot for you.")
        a.ins("behavior", "I've noted on the file that you'd like an interview.")
        a.ins("elab", "because examiners' diaries fill up weeks in advance", clause=True)
        fake = f"{BASE}/guidance/interview-request-form"
        a.ins("cite", w.cite_text(f"The request form is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def booking(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        pg = self._pages(P, today)
        num, rec = self._app(r, today, status="examination report issued")
        rep = today - dt.timedelta(days=r.randint(10, 80))
        rec["examination_requested"] = True
        rec["examination_report_date"] = rep.isoformat()
        reason = r.choice(["TOO_SHORT_NOTICE", "FORMAT_UNAVAILABLE"])
        slots = []
        day = today + dt.timedelta(days=1)
        k = 0
        while len(slots) < 4:
            if day.weekday() < 5:
                k += 1
                if k in (2, 4, P["iv_days"] + 1, P["iv_days"] + 3):
                    hh = r.choice([9, 10, 14, 15])
                    slots.append({"slot_id": "SLT-" + r.upalnum(6), "start": f"{day.isoformat()}T{hh:02d}:00:00",
                                  "formats": ["video", "in_person"] if r.random() < 0.5 else ["video"]})
            day += dt.timedelta(days=1)
        if reason == "TOO_SHORT_NOTICE":
            s1 = slots[0]
            fmt1 = "video"
            s2 = next(s for s in slots if D(s["start"]) >= add_workdays(today, P["iv_days"]))
            fmt2 = "video"
            r1 = {"status": "not_booked", "reason_code": reason, "message": f"Interviews must be booked at least {P['iv_days']} working days ahead.",
                  "offered_slot_id": s2["slot_id"], "offered_start": s2["start"]}
        else:
            late = [s for s in slots if D(s["start"]) >= add_workdays(today, P["iv_days"])]
            s1 = late[0]
            s1["formats"] = ["video"]
            fmt1 = "in_person"
            s2, fmt2 = s1, "video"
            r1 = {"status": "not_booked", "reason_code": reason, "message": "No in-person room is available for this slot.",
                  "offered_format": "video", "offered_slot_id": s1["slot_id"]}
        iref = f"INT-{r.randint(100000, 999999)}"
        r2 = {"status": "booked", "interview_ref": iref, "slot_id": s2["slot_id"], "start": s2["start"], "format": fmt2,
              "duration_min": 60 * P["iv_h"], "video_link_sent": fmt2 == "video"}
        lst = Call("get_interview_slots", {"application_number": num, "from_date": today.isoformat()},
                   {"application_number": num, "slots": slots})
        c1 = Call("book_interview", {"application_number": num, "slot_id": s1["slot_id"], "format": fmt1}, r1)
        c2 = Call("book_interview", {"application_number": num, "slot_id": s2["slot_id"], "format": fmt2}, r2)
        search, srcs = self._search(r, pg, "interviews", "examiner interview booking", "interviews")
        src = srcs["interviews"]
        wd1 = dt.date.fromisoformat(s1["start"][:10])
        ask = (f"the first available slot" if reason == "TOO_SHORT_NOTICE" else f"an in-person interview on {s1['start'][:10]}")
        req = r.choice([f"Please book {ask} with the examiner for {num}.", f"{num}: can you get me {ask}?"])
        turns = [Turn([lst]), Turn([c1]), Turn([search]), Turn([c2])]
        history = None
        if ctx.followup:
            history = History().user(f"Are there any examiner interview slots for {num}?")
            history.call([lst])
            history.reply("Open slots: " + ", ".join(f"{s['start'][:16].replace('T', ' ')} ({s['slot_id']})" for s in slots) + ".")
            req = r.choice([f"Book {ask.replace('the first available slot', 'the first one')}, please.", f"Please take {ask.replace('the first available slot', 'the earliest')}."])
            turns = [Turn([c1]), Turn([search]), Turn([c2])]
        w = Kb(r, today, "EUR", num_ok=True)
        a = A()
        if reason == "TOO_SHORT_NOTICE":
            a.t("The first slot (" + w.d(wd1) + ") was ").x("too soon", rel="too late").t(": the booking came back with ")
            a.x(f"`{reason}`", attr="`" + r.choice(["NOTICE_PERIOD", "SLOT_TOO_EARLY", "LEAD_TIME_NOT_MET"]) + "`").t(", and ")
            led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
            a.t("interviews have to be booked at least ").x(w.n(P["iv_days"], "working day"), num=w.n(P["iv_days"] + 3, "working day")).t(" ahead")
            w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
            a.t(". I took the slot it offered instead.")
        else:
            a.t("An in-person room ").x("wasn't", neg="was").t(" available for that slot (")
            a.x(f"`{reason}`", attr="`" + r.choice(["ROOM_UNAVAILABLE", "IN_PERSON_FULL", "FORMAT_NOT_OFFERED"]) + "`").t("), so I booked the same slot by video, which it offered instead.")
        a.p()
        a.t("\n\n")
        a.t(w.li() + "Reference: ").x(iref, fid=w.fake_id(iref, r))
        w.pb(a)
        a.t("\n" + w.li() + "When: ").x(w.d(s2["start"], wd=True), tmp=w.d(D(s2["start"]) + dt.timedelta(days=7), wd=True)).t(" at ").x(w.tm(s2["start"]), tmp=w.tm((int(s2["start"][11:13]) + 2, 0)))
        w.pb(a)
        a.t("\n" + w.li() + "Format: ").x(fmt2, val="in person")
        a.t(", up to ").x(w.n(P["iv_h"], "hour"), num=w.n(P["iv_h"] + 1, "hour"))
        w.pb(a)
        a.t("\n" + w.li() + "Application: ").x(num, fid=w.fake_id(num, r))
        w.pb(a)
        a.t("\n\n" + r.choice(["One reminder: ", "Keep in mind: "]))
        a.t(w.q("An interview does not extend any deadline") + ", so the written response is still due on time.")
        a.p()
        if fmt2 == "video":
            a.t(" The video link ").x("has been sent", neg="hasn't been sent").t(" according to the booking.")
        a.pp()
        w.closer(a, ["Want me to add the response deadline to this summary?", "Anything else for the interview?"])
        a.ins("claim", "Examiners usually send an agenda the day before.")
        a.ins("claim", "Video interviews are recorded for the file.")
        a.ins("behavior", "I've invited your patent attorney to the interview as well.")
        a.ins("behavior", "I've uploaded your draft claims for the examiner.")
        a.ins("elab", "since in-person rooms are reserved for multi-party hearings", clause=True)
        fake = f"{BASE}/guidance/interview-etiquette"
        a.ins("cite", w.cite_text(f"NIPO's interview guidance is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
