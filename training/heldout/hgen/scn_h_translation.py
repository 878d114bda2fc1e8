"""translation_agency (set h): quotes with weighted word counts (new, fuzzy and repeated words), VAT and a GBP
equivalent; project progress per target language; a deadline change (refused by design below the minimum turnaround
and re-requested for the earliest feasible date); the client's style guide fetched by path. Euro amounts are written
continental-style throughout (``1.234,50 €``)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, s_date, s_obj, s_str
from .hstyle import Quill, guard

BASE = "https://api.polyglot-bureau.example/v1"
LANGS = {"FR": "French", "DE": "German", "NL": "Dutch", "ES": "Spanish", "IT": "Italian", "PL": "Polish"}
TRANSLATORS = ["Camille Lefèvre", "Jonas Becker", "Sanne Vermeulen", "Lucía Romero", "Giulia Ferri", "Marta Zielińska",
               "Pieter Claes", "Anaïs Dubois"]
OTHER_TRANSLATORS = ["Hugo Lambert", "Katrin Vogel", "Elena Russo"]
CLIENTS = [("northwind-optics", "Northwind Optics"), ("baltic-ferries", "Baltic Ferries"), ("orchard-pharma", "Orchard Pharma"),
           ("tessel-bank", "Tessel Bank")]
STATUS_W = {"translating": "in translation", "revising": "with the reviser", "delivered": "delivered", "on_hold": "on hold"}


class Translation(Scenario):
    name = "translation_agency"
    agent = "Verba"
    service = "polyglot-bureau-assistant"
    system = ("You are Verba, the client assistant of Polyglot Bureau, a translation agency in Brussels. Use the tools "
              "to explain quotes, report project progress, request deadline changes and look up client style guides. "
              "Amounts are in EUR; write euro amounts in the continental style (1.234,50 €).")
    error_style = 1
    entity_noun = {"quote_id": "Quote", "project_id": "Project", "doc_path": "Document"}
    preambles = ["Let me look that up.", "One moment, please.", "I'll check the project."]

    def __init__(self):
        pid = s_str("Project ID, e.g. 'PRJ-58213'.", pattern=r"^PRJ-\d{5}$")
        self.tools = [
            Tool("get_quote", "A quote: word counts per target language by match band, rates, DTP, VAT and validity.",
                 s_obj({"quote_id": s_str("Quote ID, e.g. 'Q-2026-0417'.", pattern=r"^Q-\d{4}-\d{4}$")}, ["quote_id"]),
                 entity={"quote_id": "id"}, http=BASE, extra=[("currency", "EUR")]),
            Tool("get_project", "A project: jobs per target language with translator, status, progress and due time.",
                 s_obj({"project_id": pid}, ["project_id"]), entity={"project_id": "id"}, http=BASE, extra=[("include_files", True)]),
            Tool("change_deadline", "Request a new due date for one target language of a project.",
                 s_obj({"project_id": pid, "lang": s_str("Target language code.", enum=list(LANGS)),
                        "new_due": s_date("Requested due date (YYYY-MM-DD).")}, ["project_id", "lang", "new_due"]),
                 entity={"project_id": "id"}, http=BASE, extra=[("notify_translator", True)]),
            Tool("get_style_guide", "A client's style guide (Markdown, numbered sections) by path.",
                 s_obj({"doc_path": s_str("Path from get_project, e.g. 'clients/tessel-bank/style-guide.md'.",
                                          pattern=r"^clients/[a-z-]+/style-guide\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("format", "pdf")]),
        ]
        self.intents = [("quote_breakdown", self.quote, False), ("project_progress", self.progress, False),
                        ("rush_deadline", self.rush, False), ("style_guide", self.guide, True)]

    # ------------------------------------------------------------------ helpers
    def project(self, r: R, today):
        pid = f"PRJ-{r.randint(10000, 99999)}"
        slug, client = r.choice(CLIENTS)
        langs = r.sample(list(LANGS), r.choice([2, 3]))
        jobs = []
        tr = r.sample(TRANSLATORS, len(langs))
        for k, lg in enumerate(langs):
            words = r.randint(18, 90) * 100
            st = r.choice(["translating", "translating", "revising", "delivered", "on_hold"])
            prog = 100 if st == "delivered" else (r.choice([80, 90, 95]) if st == "revising" else r.choice([15, 30, 45, 60, 70]))
            due = today + dt.timedelta(days=r.randint(2, 12))
            jobs.append({"lang": lg, "translator": tr[k], "status": st, "progress_pct": prog, "words": words,
                         "due": f"{due.isoformat()}T{r.choice([12, 17, 18])}:00:00+02:00"})
        return pid, {"project_id": pid, "client": client, "source_lang": "EN", "jobs": jobs,
                     "style_guide_path": f"clients/{slug}/style-guide.md", "project_manager": r.choice(["Ines Peeters", "Tom Wouters"])}

    # ------------------------------------------------------------------ intents
    def quote(self, ctx):
        r, today = ctx.r, ctx.today
        qid = f"Q-{today.year}-{r.randint(1000, 9999)}"
        slug, client = r.choice(CLIENTS)
        fuzzy_pct, rep_pct = r.choice([50, 60]), r.choice([20, 25, 30])
        targets = []
        for lg in r.sample(list(LANGS), r.choice([2, 3])):
            targets.append({"lang": lg, "words_new": r.randint(20, 80) * 100, "words_fuzzy": r.randint(3, 20) * 100,
                            "words_repeat": r.randint(2, 15) * 100, "rate_eur_per_word": r.choice([0.11, 0.12, 0.13, 0.14, 0.16])})
        dtp_h, dtp_rate = r.choice([0, 2, 3, 4]), 45.0
        vat = 21
        gbp = r.choice([0.8412, 0.8537, 0.8609])
        valid = today + dt.timedelta(days=r.choice([14, 30]))
        res = {"quote_id": qid, "client": client, "source_lang": "EN", "targets": targets,
               "billing": {"fuzzy_billed_pct": fuzzy_pct, "repetitions_billed_pct": rep_pct},
               "dtp_hours": dtp_h, "dtp_rate_eur_per_hour": dtp_rate, "vat_pct": vat, "eur_gbp_rate": gbp,
               "valid_until": valid.isoformat(), "status": "sent"}
        req = r.choice([f"Could you walk me through quote {qid}? What's the total, and roughly what is that in pounds?",
                        f"Quote {qid} — how did you arrive at the price?"])
        w = Quill(r, today, euro_comma=True)
        costs = []
        for t in targets:
            eff = t["words_new"] + t["words_fuzzy"] * fuzzy_pct / 100 + t["words_repeat"] * rep_pct / 100
            costs.append((t, eff, round(eff * t["rate_eur_per_word"], 2)))
        sub = round(sum(c for _, _, c in costs) + dtp_h * dtp_rate, 2)
        tot = round(sub * (1 + vat / 100), 2)
        big = max(costs, key=lambda x: x[2])
        small = min(costs, key=lambda x: x[2])
        a = A()
        w.opener(a)
        a.t("Quote ").x(qid, fid=f"Q-{today.year}-{(int(qid[-4:]) + r.choice([3, 70, 512])) % 9000 + 1000}").t(f" covers {w.n(len(targets))} target languages from English.").p()
        a.t(f" {w.work('from')} the word counts in each match band.").p()
        w.lead_break(a)
        a.t("New words are charged in full, fuzzy matches at ").x(f"{fuzzy_pct}%", num=f"{fuzzy_pct + 15}%", conf=("numerical", f"{rep_pct}%")).t(" and repetitions at ")
        a.x(f"{rep_pct}%", num=f"{rep_pct + 20}%").t(" of the rate.").p()
        if w.listy:
            a.t("\n\n")
            for t, eff, c in costs:
                a.t(w.dash).t(f"{LANGS[t['lang']]}: {eff:,.0f} weighted words at {w.eur(t['rate_eur_per_word'])} = {w.eur(c)}").t("\n")
            a.t("\n")
        else:
            a.t(" ")
        bt, beff, bc = big
        a.t("The largest share is ").x(LANGS[bt["lang"]], conf=("entity", LANGS[small[0]["lang"]]) if small is not big else None, ent=r.choice([LANGS[x] for x in LANGS if x not in [t["lang"] for t in targets]]))
        a.t(": ").x(f"{beff:,.0f}", num=f"{beff + 1500:,.0f}").t(" weighted words at ").x(w.eur(bt["rate_eur_per_word"]), num=w.eur(bt["rate_eur_per_word"] + 0.03)).t(" a word, which comes to ")
        a.x(w.eur(bc), num=w.eur(bc * 1.2)).t(".").p()
        if dtp_h:
            a.t(" Layout work (DTP) adds ").x(w.cnt(dtp_h, "hour"), num=w.cnt(dtp_h + 2, "hour")).t(" at ").t(w.eur(dtp_rate)).t(f", so {w.eur(dtp_h * dtp_rate)}").t(".").p()
        else:
            a.t(" There's ").x("no DTP", neg="some DTP").t(" on this one.").p()
        w.par(a)
        a.t("All told, the net total is ").x(w.eur(sub), num=w.eur(sub + 240)).t(", and with ").x(f"{vat}%", num=f"{vat - 2}%").t(" VAT that's ")
        a.x(w.eur(tot), num=w.eur(tot * 1.1)).t(". At the quote's rate of ").x(f"{gbp}".replace(".", ","), num=f"{gbp + 0.05:.4f}".replace(".", ",")).t(" that's ")
        a.x(w.about(tot * gbp, 10, lambda v: f"£{v:,.0f}"), num=f"£{tot * gbp * 1.15:,.0f}").pc().t(".").p()
        a.t(" The quote is ").x("valid until", rel="valid from").t(" ").x(w.d(valid), tmp=w.d(valid + dt.timedelta(days=14))).t(".").p()
        w.closer(a, ["Would you like me to confirm the order?", "Shall I ask the project manager about a volume discount?"])
        a.ins("claim", "Fuzzy matches are based on your existing translation memory from last year.")
        a.ins("claim", "The rates include a second-linguist review.")
        a.ins("behavior", "I've extended the validity of the quote by a fortnight.")
        a.ins("behavior", "I've forwarded the quote to your finance team.")
        a.ins("elab", "because legal texts attract a higher per-word rate", clause=True)
        a.ins("cite", f"The purchase order number to quote is PO-PB-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, [Turn([Call("get_quote", {"quote_id": qid}, res)])], a))

    def progress(self, ctx):
        r, today = ctx.r, ctx.today
        pid, prj = self.project(r, today)
        req = r.choice([f"How is project {pid} coming along?", f"Can I have an update on {pid}, language by language?"])
        w = Quill(r, today, euro_comma=True)
        jobs = prj["jobs"]
        done_words = sum(round(j["words"] * j["progress_pct"] / 100) for j in jobs)
        all_words = sum(j["words"] for j in jobs)
        nxt = min([j for j in jobs if j["status"] != "delivered"] or jobs, key=lambda j: j["due"])
        late = max(jobs, key=lambda j: j["due"])
        a = A()
        w.opener(a)
        a.t(f"Project ").x(pid, fid=f"PRJ-{int(pid[4:]) + r.choice([1, 64, 311]):05d}").t(f" for {prj['client']} is ").x(w.about(done_words / all_words * 100, 5, lambda v: f"{v:g}%"), num=f"{done_words / all_words * 100 + 20:.0f}%")
        a.t(f" done overall: I worked that out from the word counts, {done_words:,} of {all_words:,} words.").p()
        w.par(a)
        for k, j in enumerate(jobs):
            due = dt.datetime.fromisoformat(j["due"])
            alt = r.choice([s for s in STATUS_W if s != j["status"]])
            a.t("The " if k == 0 else ("Then the " if k == 1 else "Finally, the ")).t(f"{LANGS[j['lang']]} job, with ")
            a.x(j["translator"], ent=r.choice(OTHER_TRANSLATORS)).t(", is ").x(STATUS_W[j["status"]], val=STATUS_W[alt])
            if j["status"] == "delivered":
                a.t(".").p()
            else:
                a.t(" at ").x(f"{j['progress_pct']}%", num=f"{min(99, j['progress_pct'] + 25)}%").t(" and due ").x(f"{w.d(due)} at {w.t(due)}", tmp=f"{w.d(due - dt.timedelta(days=2))} at {w.t(due)}").t(".").p()
            a.t(" " if k < len(jobs) - 1 else "")
        w.par(a)
        if nxt["status"] != "delivered":
            a.t("The ").x("next", rel="last").t(" deadline is ").t(LANGS[nxt["lang"]]).t(f", {w.rel(nxt['due'])}")
            on_hold = [j for j in jobs if j["status"] == "on_hold"]
            if on_hold:
                a.t(f"; note that the {LANGS[on_hold[0]['lang']]} job ").x("is paused", neg="is running normally").t(", so I'd check with ").t(prj["project_manager"]).t(" before relying on that date")
            a.pc().t(".").p()
        else:
            a.t("Everything ").x("has been delivered", neg="hasn't been delivered").t(".").p()
        w.closer(a, ["Would you like me to ask for an interim file?", "Shall I let you know when the next language is delivered?"])
        a.ins("claim", "The reviser is running about a day ahead of schedule.")
        a.ins("claim", "The translation memory is updated nightly from finished segments.")
        a.ins("behavior", "I've asked the project manager to send you a progress report each Friday.")
        a.ins("behavior", "I've moved the on-hold job back into the queue.")
        a.ins("elab", "as the source files were updated halfway through", clause=True)
        a.ins("cite", f"The delivery portal link is https://portal.polyglot-bureau.example/projects/{pid.lower()}-{r.randint(100, 999)}.")
        return guard(self, Plan(req, [Turn([Call("get_project", {"project_id": pid}, prj)])], a))

    def rush(self, ctx):
        r, today = ctx.r, ctx.today
        pid, prj = self.project(r, today)
        jobs = [j for j in prj["jobs"] if j["status"] in ("translating", "revising")]
        if not jobs:
            prj["jobs"][0]["status"], prj["jobs"][0]["progress_pct"] = "translating", 45
            jobs = [prj["jobs"][0]]
        j = r.choice(jobs)
        due = dt.datetime.fromisoformat(j["due"])
        want = today + dt.timedelta(days=1)
        earliest = today + dt.timedelta(days=r.choice([2, 3]))
        if earliest >= due.date():
            due = dt.datetime.combine(earliest + dt.timedelta(days=3), due.time(), due.tzinfo)
            j["due"] = due.isoformat()
        gp = Call("get_project", {"project_id": pid}, prj)
        turns = [Turn([gp])]
        surcharge_pct = r.choice([25, 30, 40])
        remaining = round(j["words"] * (100 - j["progress_pct"]) / 100)
        rate = r.choice([0.12, 0.13, 0.14])
        fee = round(j["words"] * rate * surcharge_pct / 100, 2)
        turns.append(Turn([Call("change_deadline", {"project_id": pid, "lang": j["lang"], "new_due": want.isoformat()},
                                {"accepted": False, "reason_code": "BELOW_MIN_TURNAROUND", "earliest_feasible": earliest.isoformat(),
                                 "message": f"{remaining} words remain; the earliest feasible delivery is {earliest.isoformat()}."})]))
        ok = {"accepted": True, "lang": j["lang"], "old_due": j["due"], "new_due": f"{earliest.isoformat()}T17:00:00+02:00",
              "rush_surcharge_pct": surcharge_pct, "rate_eur_per_word": rate, "surcharge_eur": fee}
        turns.append(Turn([Call("change_deadline", {"project_id": pid, "lang": j["lang"], "new_due": earliest.isoformat()}, ok)]))
        req = (f"Project {pid}: we need the {LANGS[j['lang']]} by {want.isoformat()} — can you bring it forward? "
               f"If that's impossible, the earliest you can manage.")
        w = Quill(r, today, euro_comma=True)
        nd = dt.datetime.fromisoformat(ok["new_due"])
        a = A()
        w.opener(a)
        a.t(f"I couldn't get the {LANGS[j['lang']]} for ").x(w.d(want), tmp=w.d(want + dt.timedelta(days=1))).t(", but I've brought it forward to ")
        a.x(f"{w.d(nd)} at {w.t(nd)}", tmp=f"{w.d(nd + dt.timedelta(days=1))} at {w.t(nd)}").t(", the earliest date the team can manage.").p()
        w.lead_break(a)
        a.t("The first request ").x("was refused", neg="was accepted").t(" because ").x(f"{remaining:,}", num=f"{remaining + 1200:,}").t(" words are still to do")
        if w.aside:
            a.t(" (reason ").x("`BELOW_MIN_TURNAROUND`", attr="`CAPACITY_LIMIT`").t(")")
        a.t(", so I re-submitted it for the earliest feasible date, which was accepted. That's ")
        a.x(w.cnt((due.date() - nd.date()).days, "day"), num=w.cnt((due.date() - nd.date()).days + 2, "day")).t(" ").x("earlier", rel="later").t(" than the original ")
        a.x(w.d(due), tmp=w.d(due + dt.timedelta(days=3))).t(".").p()
        w.par(a)
        a.t("There's a rush surcharge of ").x(f"{surcharge_pct}%", num=f"{surcharge_pct + 10}%").t(f": on {j['words']:,} words at {w.eur(rate)} a word, {w.work('so')} ")
        a.x(w.eur(fee), num=w.eur(fee * 1.5)).t(" extra, before VAT").pc().t(".").p()
        a.t(f" The job itself is ").x(STATUS_W[j["status"]], val=STATUS_W["delivered"]).t(f", at {j['progress_pct']}%, with {j['translator']}.").p()
        w.closer(a, ["Would you like me to check whether the other languages can move too?", "Shall I let the project manager know?"])
        a.ins("claim", "Rush jobs are reviewed by a second linguist overnight.")
        a.ins("claim", "The surcharge is waived for orders above 10.000 words.")
        a.ins("behavior", "I've also asked for the other languages to be brought forward.")
        a.ins("behavior", "I've updated the purchase order with the surcharge.")
        a.ins("elab", "because the translator is splitting the file with a colleague", clause=True)
        a.ins("cite", f"The change request number is CR-{r.randint(10000, 99999)}.")
        return guard(self, Plan(req, turns, a))

    def guide(self, ctx):
        r, today = ctx.r, ctx.today
        pid, prj = self.project(r, today)
        path = prj["style_guide_path"]
        client = prj["client"]
        tone = r.choice(["formal (vous / Sie / u)", "informal (tu / du / je)"])
        unit_sec, max_chars = r.choice(["3.2", "3.4"]), r.choice([60, 70, 80])
        doc = (f"# {client} — Translation style guide\n\n"
               "## 1. Audience and tone\n"
               f"1.1 Address the reader in the {tone} form.\n1.2 Avoid exclamation marks.\n\n"
               "## 2. Terminology\n"
               f"2.1 Never translate the brand name \"{client}\" or product names.\n2.2 Use the approved glossary; flag missing terms to the project manager.\n\n"
               "## 3. Numbers, dates and units\n"
               "3.1 Follow the target locale's decimal separator.\n"
               f"{unit_sec} Dates are written day-month-year; times use the 24-hour clock.\n\n"
               "## 4. Layout\n"
               f"4.1 UI strings must not exceed {max_chars} characters including spaces.\n")
        gp = Call("get_project", {"project_id": pid}, prj)
        gs = Call("get_style_guide", {"doc_path": path}, doc)
        q = "What does the client's style guide say about tone, the brand name, dates and string length?"
        history = None
        if ctx.followup:
            history = History().user(f"Who's working on project {pid}?")
            history.call([gp])
            history.reply("; ".join(f"{LANGS[j['lang']]}: {j['translator']}" for j in prj["jobs"]) + ".")
            req = r.choice([q, "Thanks. " + q])
            turns = [Turn([gs])]
        else:
            req = f"Project {pid}: {q}"
            turns = [Turn([gp]), Turn([gs])]
        w = Quill(r, today, euro_comma=True)
        fake = lambda real: r.choice([s for s in ["1.3", "2.4", "3.6", "4.3", "5.1"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t(f"Here's what the style guide for {client} says on those four points.").p()
        w.lead_break(a)
        a.t("On tone, section ").x("1.1", sec=fake("1.1")).t(" asks for the ").x(tone.split(" (")[0], val="informal" if tone.startswith("formal") else "formal")
        a.t(f" form of address ({tone.split('(')[1]}, and 1.2 says ").x("no exclamation marks", neg="exclamation marks are fine").t(".").p()
        a.t(" The brand name ").x(f"\u201c{client}\u201d", ent=f"\u201c{client.split()[0]} Group\u201d").t(" and product names are ").x("never translated", neg="translated")
        a.t(" (section ").x("2.1", sec=fake("2.1")).t("), and any term missing from the glossary goes to the project manager under 2.2.").p()
        w.par(a)
        a.t("Dates are written ").x("day-month-year", val="month-day-year").t(" with the ").x("24-hour", val="12-hour").t(" clock (section ").x(unit_sec, sec=fake(unit_sec)).t(")")
        a.t(", and decimals follow the target locale (3.1)").pc().t(".").p()
        a.t(" UI strings can be ").x("at most", rel="at least").t(" ").x(str(max_chars), num=str(max_chars + 20)).t(" characters, spaces ").x("included", neg="excluded").t(" (section ").x("4.1", sec=fake("4.1")).t(")").t(".").p()
        w.closer(a, ["Would you like me to send the guide to the translators again?", "Shall I check the glossary for a particular term?"])
        a.ins("claim", "The guide was last updated in January.")
        a.ins("claim", "The client's reviewers check every string against the glossary.")
        a.ins("behavior", "I've shared the guide with the translators on the project.")
        a.ins("behavior", "I've added the brand name to the do-not-translate list in the CAT tool.")
        a.ins("elab", "because several UI strings overflowed the buttons last year", clause=True)
        a.ins("cite", f"The glossary is at https://portal.polyglot-bureau.example/glossaries/{path.split('/')[1]}-v{r.randint(5, 9)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
