"""journal_submissions (set o): the author help desk of an academic publisher — answers authors' questions from the
author guides (searched, then fetched by URL: article types and length limits, article processing charges, waivers and
discounts, revisions and deadlines, peer review) together with the manuscript record, and files revision-deadline
extensions (a request over the policy limit is refused by design with the maximum allowed, which the agent then
requests instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_int, s_obj, s_str
from .ostyle import D, Kb, Src, vet

BASE = "https://authors.meridianpress.example"
JOURNALS = [("JCE", "Journal of Coastal Ecology", 2450), ("AHL", "Applied Hydrology Letters", 1980),
            ("UHR", "Urban Health Review", 2890), ("SSR", "Soil Systems Research", 2150)]
TYPES = [("Research Article", 7000, 8, 250), ("Review", 9000, 10, 300), ("Short Communication", 3000, 3, 150),
         ("Data Paper", 5000, 6, 200)]
GROUP_A = ["Malawi", "Nepal", "Haiti", "Mozambique", "Bhutan"]
GROUP_B = ["Ghana", "Bolivia", "Vietnam", "Kenya", "Sri Lanka"]
OTHER_C = ["Canada", "Germany", "Australia", "Japan", "Chile"]
AUTHORS = ["Dr. Amina Bello", "Dr. Lucas Ferreira", "Prof. Mei Lin", "Dr. Tomasz Zielinski", "Dr. Grace Mwangi",
           "Dr. Anil Perera", "Prof. Sofia Alvarez"]
TITLES = ["Seagrass recovery after dredging in a temperate estuary", "Groundwater recharge under changing rainfall regimes",
          "Heat exposure and emergency admissions in mid-sized cities", "Microbial carbon use in restored grassland soils",
          "Salt-marsh accretion rates along a sediment gradient", "Nitrate leaching from cover-cropped fields"]
OTHER_TITLES = ["Author Handbook", "Open Access Policy", "Editorial Policies", "Submission Checklist"]


class JournalSubmissions(Scenario):
    name = "journal_submissions"
    agent = "meridian-author-helpdesk"
    service = "meridian-author-services-agent"
    system = ("You are the author help desk of Meridian Press. Answer authors' questions from the author guides "
              "(search, then read the guide) and the manuscript record. Paraphrase the guides accurately, quote the "
              "exact wording of rules, cite the guides you used and show your working for counts, charges and "
              "dates. You can request revision-deadline extensions.")
    error_style = 0
    entity_noun = {"manuscript_id": "Manuscript", "guide_url": "Guide"}
    preambles = ["Let me check the author guides.", "Looking at the guides now.", "One moment — searching the author guides."]
    literal_ok = []

    def __init__(self):
        self.tools = [
            Tool("search_guides", "Search the author guides. Returns ranked hits with title, URL, snippet and "
                                  "last-updated date.",
                 s_obj({"query": s_str("Search words.", min_len=3, max_len=200),
                        "journal": s_str("Journal code.", enum=[j[0] for j in JOURNALS]),
                        "limit": s_int("Maximum hits.", 1, 10)}, ["query"]),
                 http=BASE, extra=[("lang", "en")]),
            Tool("fetch_guide", "An author guide by URL (HTML).",
                 s_obj({"guide_url": s_str("Guide URL.", pattern=r"^https://authors\.meridianpress\.example/guides/[a-z0-9-]+$")},
                       ["guide_url"]),
                 entity={"guide_url": "url"}, extra=[("format", "text")]),
            Tool("get_manuscript", "A manuscript record: journal, article type, status, decision and revision dates, "
                                   "word and figure counts, corresponding author, waiver and membership flags.",
                 s_obj({"manuscript_id": s_str("Manuscript ID, e.g. 'JCE-2026-0417'.", pattern=r"^[A-Z]{3}-\d{4}-\d{4}$")},
                       ["manuscript_id"]),
                 entity={"manuscript_id": "id"}, http=BASE, extra=[("include_reviews", True)]),
            Tool("request_extension", "Request an extension of a revision deadline. A request outside the policy is "
                                      "returned as not granted, with a reason code and the maximum that can be granted.",
                 s_obj({"manuscript_id": s_str("Manuscript ID.", pattern=r"^[A-Z]{3}-\d{4}-\d{4}$"),
                        "extra_days": s_int("Days requested.", 1, 60),
                        "reason": s_str("Reason.", enum=["fieldwork", "illness", "co_author_availability", "additional_experiments"])},
                       ["manuscript_id", "extra_days", "reason"]),
                 entity={"manuscript_id": "id"}, http=BASE, extra=[("notify_editor", True)]),
        ]
        self.intents = [("length_check", self.length, True), ("apc_waiver", self.apc, True),
                        ("revision_deadline", self.deadline, True), ("extension_request", self.extension, True)]

    # ------------------------------------------------------------------ data
    def _params(self, r, today):
        P = {"apc": {j[0]: j[2] + r.choice([-50, 0, 0, 100]) for j in JOURNALS}, "minor": 30, "major": 60,
             "ext": r.choice([14, 14, 21]), "soc": r.choice([10, 15, 15, 20]), "b": 50,
             "wk_lo": r.choice([5, 6]), "wk_hi": r.choice([8, 10]),
             "upd": [(today - dt.timedelta(days=r.randint(15, 400))).isoformat() for _ in range(5)]}
        return P

    def _guides(self, P):
        g = {}
        rows = "".join(f"<tr><td>{t}</td><td>{wd:,}</td><td>{f}</td><td>{ab} words</td></tr>\n" for t, wd, f, ab in TYPES)
        types = ("<h1>Article Types and Length Limits</h1>\n<p>Last updated: " + P["upd"][0] + "</p>\n"
                 "<p>Word counts include the main text only; they exclude the abstract, references, tables and figure legends.</p>\n"
                 "<table>\n<tr><th>Article type</th><th>Words</th><th>Figures and tables</th><th>Abstract</th></tr>\n" + rows + "</table>\n"
                 "<h2>Over the limit</h2>\n"
                 "<p>Manuscripts over the word limit are returned to the authors before review unless the handling editor has agreed a longer article in advance. "
                 "Extra figures can go in the supplementary material, which has no limit.</p>\n")
        g["types"] = ("Article Types and Length Limits", f"{BASE}/guides/article-types", types,
                      "Word counts include the main text only; they exclude the abstract, references, tables and figure legends.", P["upd"][0])
        items = "".join(f"<li>{n}: ${P['apc'][c]:,}</li>\n" for c, n, _ in JOURNALS)
        apc = ("<h1>Article Processing Charges and Waivers</h1>\n<p>Last updated: " + P["upd"][1] + "</p>\n"
               "<h2>1. Charges</h2>\n<p>1.1 The APC is payable only after acceptance. Current charges (USD):</p>\n<ul>\n" + items + "</ul>\n"
               "<h2>2. Waivers</h2>\n"
               f"<p>2.1 Corresponding authors based in a Group A country receive a full waiver; authors in a Group B country receive a {P['b']}% waiver. The country lists are in the Annex.</p>\n"
               "<p>2.2 Waivers must be requested at submission. Requests made after acceptance are not considered.</p>\n"
               "<h2>3. Discounts</h2>\n"
               f"<p>3.1 Members of a partner society get {P['soc']}% off the APC. The society discount cannot be combined with a waiver.</p>\n"
               "<h2>Annex</h2>\n"
               f"<p>Group A: {', '.join(GROUP_A)}. Group B: {', '.join(GROUP_B)}.</p>\n")
        g["apc"] = ("Article Processing Charges and Waivers", f"{BASE}/guides/apc-and-waivers", apc,
                    "The APC is payable only after acceptance. Waivers must be requested at submission.", P["upd"][1])
        rev = ("<h1>Revisions and Deadlines</h1>\n<p>Last updated: " + P["upd"][2] + "</p>\n<ol>\n"
               f"<li>After a minor revision decision you have {P['minor']} days to resubmit; after a major revision decision, {P['major']} days. Deadlines run from the decision date.</li>\n"
               f"<li>You can ask for one extension of up to {P['ext']} days, as long as you ask before the deadline passes.</li>\n"
               "<li>Revisions received after the deadline, including any extension, are treated as new submissions.</li>\n"
               "<li>Include a point-by-point response to the reviewers with your revision.</li>\n</ol>\n")
        g["rev"] = ("Revisions and Deadlines", f"{BASE}/guides/revisions", rev,
                    f"You can ask for one extension of up to {P['ext']} days, as long as you ask before the deadline passes.", P["upd"][2])
        pr = ("<h1>Peer Review at Meridian Press</h1>\n<p>Last updated: " + P["upd"][3] + "</p>\n"
              f"<p>First decisions typically take {P['wk_lo']} to {P['wk_hi']} weeks. All journals use single-anonymous review with at least two reviewers.</p>\n")
        g["review"] = ("Peer Review at Meridian Press", f"{BASE}/guides/peer-review", pr,
                       f"First decisions typically take {P['wk_lo']} to {P['wk_hi']} weeks.", P["upd"][3])
        return g

    def _search(self, r, g, want, query, jcode):
        keys = [want] + r.sample([k for k in g if k != want], r.randint(2, 3))
        if r.random() < 0.3:
            keys[0], keys[1] = keys[1], keys[0]
        res = []
        for i, k in enumerate(keys):
            title, url, text, snip, upd = g[k]
            res.append({"rank": i + 1, "title": title, "url": url, "snippet": snip, "updated_at": upd,
                        "score": round(0.92 - 0.1 * i - r.uniform(0, 0.04), 2)})
        args = {"query": query}
        if r.random() < 0.5:
            args["journal"] = jcode
        if r.random() < 0.3:
            args["limit"] = r.choice([3, 5, 10])
        srcs = {k: Src(h["rank"], h["title"], h["url"], h["updated_at"]) for k, h in zip(keys, res)}
        return Call("search_guides", args, {"query": query, "results": res}), srcs

    @staticmethod
    def _fetch(g, k):
        return Call("fetch_guide", {"guide_url": g[k][1]}, g[k][2])

    def _ms(self, r, today, status=None, atype=None):
        jc, jn, _ = r.choice(JOURNALS)
        t = next(x for x in TYPES if x[0] == atype) if atype else r.choice(TYPES)
        mid = f"{jc}-{today.year}-{r.randint(1000, 9999)}"
        sub = today - dt.timedelta(days=r.randint(40, 160))
        rec = {"manuscript_id": mid, "journal": jn, "article_type": t[0], "title": r.choice(TITLES),
               "status": status or r.choice(["under review", "minor revision", "major revision", "accepted"]),
               "submitted": sub.isoformat(), "decision_date": None, "revision_due": None,
               "word_count_main_text": int(t[1] * r.uniform(0.85, 1.2) // 10 * 10), "figures": r.randint(2, t[2] + 2),
               "tables": r.randint(0, 3), "corresponding_author": {"name": r.choice(AUTHORS), "country": r.choice(GROUP_A + GROUP_B + OTHER_C)},
               "waiver_requested_at_submission": r.random() < 0.6, "society_member": r.random() < 0.4,
               "extensions_granted": 0, "as_of": today.isoformat()}
        return mid, rec, t, jc

    # ------------------------------------------------------------------ intents
    def length(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        g = self._guides(P)
        mid, rec, t, jc = self._ms(r, today, status="draft check")
        wc, figs, tabs = rec["word_count_main_text"], rec["figures"], rec["tables"]
        over = wc - t[1]
        ft = figs + tabs
        search, srcs = self._search(r, g, "types", "word limit figures article type", jc)
        src = srcs["types"]
        get = self._fetch(g, "types")
        ms = Call("get_manuscript", {"manuscript_id": mid}, rec)
        req = r.choice([f"Is {mid} within the length limits?", f"Can you check my manuscript {mid} against the word and figure limits?"])
        turns = [Turn([ms]), Turn([search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"What article type is {mid} registered as?")
            history.call([ms])
            history.reply(f"It's registered as a {t[0]} for {rec['journal']}.")
            req = r.choice(["Is it within the limits for that type?", "What are the word and figure limits for that, and am I under?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "USD", num_ok=True)
        a = A()
        if over > 0 or ft > t[2]:
            a.t("Not quite — ")
            a.t("it's over on " + ("words and figures." if over > 0 and ft > t[2] else "words." if over > 0 else "figures and tables."))
        else:
            a.t("Yes, it's within both limits.")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES))
        a.t(("A " if not led else "a ") + t[0] + " can have up to ").x(w.n(t[1], "word"), num=w.n(t[1] + 1000, "word"),
                                                                       conf=("numerical", w.n(next(x for x in TYPES if x[0] != t[0])[1], "word")))
        a.t(" and ").x(w.n(t[2], word=False), num=w.n(t[2] + 2, word=False)).t(" figures and tables combined")
        w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t(" Word counts cover the main text ").x("only", val="plus the abstract").t(", excluding the abstract, references, tables and figure legends.")
        a.t("\n\n")
        a.t(w.li() + "Words: ").x(w.n(wc), num=w.n(wc + 600)).t(" in the main text")
        if over > 0:
            a.t(", ").x(w.n(over, calc=True), num=w.n(over + 250)).t(f" over ({w.n(wc)} − {w.n(t[1])} = {w.n(over)})")
        else:
            a.t(", ").x(w.n(-over, calc=True), num=w.n(-over + 250)).t(f" under ({w.n(t[1])} − {w.n(wc)} = {w.n(-over)})")
        w.pb(a)
        a.t("\n" + w.li() + "Figures and tables: ").x(w.n(ft, calc=True), num=w.n(ft + 3))
        a.t(f" ({w.n(figs)} + {w.n(tabs)} = {w.n(ft)}), " if tabs else " (all figures), ")
        if ft > t[2]:
            a.t("so ").x(w.n(ft - t[2], calc=True), num=w.n(ft - t[2] + 2)).t(" ").x("more", rel="fewer").t(" than allowed")
        else:
            a.t("within the limit")
        w.pb(a)
        if over > 0:
            a.t("\n\nThis matters: manuscripts over the word limit ").x("are returned", val="are flagged").t(" to the authors before review ")
            a.x("unless", neg="even if").t(" the handling editor has agreed a longer article in advance")
            a.pc().t(".")
            a.p()
        if ft > t[2]:
            a.t(" " if over > 0 else "\n\n")
            a.t("The easiest fix for figures is the supplementary material, which ").x("has no limit", neg="has its own limit").t(".")
            a.p()
        if r.random() < 0.4:
            a.t("\n\n(I used ").x("`word_count_main_text`", attr="`" + r.choice(["word_total", "main_word_count", "text_words"]) + "`").t(" from the record for " + mid + ".)")
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to check the abstract limit as well?", "I can look up how to move figures to the supplement if useful."])
        a.ins("claim", "Most editors allow about 10% over the limit without asking.")
        a.ins("claim", f"{rec['journal']} rarely agrees longer articles.")
        a.ins("behavior", "I've asked the handling editor whether a longer article is acceptable.")
        a.ins("behavior", "I've flagged the manuscript as over length in the system.")
        a.ins("elab", "because the typesetting budget is fixed per article", clause=True)
        fake = f"{BASE}/guides/supplementary-material-{jc.lower()}"
        a.ins("cite", w.cite_text(f"The supplementary material rules are at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def apc(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        g = self._guides(P)
        mid, rec, t, jc = self._ms(r, today, status=r.choice(["accepted", "under review", "minor revision"]))
        country = rec["corresponding_author"]["country"]
        fee = P["apc"][jc]
        grp = "A" if country in GROUP_A else "B" if country in GROUP_B else None
        asked = rec["waiver_requested_at_submission"]
        search, srcs = self._search(r, g, "apc", "APC waiver discount", jc)
        src = srcs["apc"]
        get = self._fetch(g, "apc")
        ms = Call("get_manuscript", {"manuscript_id": mid}, rec)
        req = r.choice([f"How much will the APC be for {mid}? Can I get a waiver?", f"{mid}: what will I have to pay to publish, and is there a waiver?"])
        turns = [Turn([ms, search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Which journal is {mid} with?")
            history.call([ms])
            history.reply(f"{mid} is with {rec['journal']}.")
            req = r.choice(["What's the APC there, and could I get a waiver?", "How much would publishing cost me? Any waiver?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "USD", num_ok=True)
        a = A()
        if grp and asked:
            pay = 0.0 if grp == "A" else fee * P["b"] / 100
        elif rec["society_member"]:
            pay = fee * (100 - P["soc"]) / 100
        else:
            pay = float(fee)
        acc = rec["status"] == "accepted"
        if pay == 0:
            a.t("Nothing: with the waiver, the charge comes to ").x(w.money(pay, calc=True), num=w.money(pay + 400)).t(".")
        else:
            a.t("You'd pay " if acc else "If it's accepted, you'd pay ").x(w.money(pay, calc=True), num=w.money(pay + 400)).t(".")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, sec="1.1", fake_sec="1.3", fake_title=r.choice(OTHER_TITLES))
        jn = ("the " if rec["journal"].startswith("Journal") else "") + rec["journal"]
        a.t("T" if not led else "t").t("he APC for " + jn + " is ").x(w.money(fee), num=w.money(fee + 300),
                                                                              conf=("numerical", w.money(P["apc"][next(j[0] for j in JOURNALS if j[0] != jc)])))
        a.t(", and it ").x("is payable only after acceptance", neg="is payable at submission")
        w.tail(a, src, sec="1.1", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="1.4", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t("\n\n")
        a.t("Your corresponding author is based in " + country + ", ")
        if grp:
            a.t("which is on the Group ").x(grp, val="B" if grp == "A" else "A").t(" list, so ")
            if grp == "A":
                a.t("a ").x("full", val="50%").t(" waiver is available")
            else:
                a.t("a ").x(w.pct(P["b"]), num=w.pct(P["b"] - 25)).t(" waiver is available")
            if asked:
                a.t(" — and the record shows it ").x("was", neg="wasn't").t(" requested at submission, which is what the guide requires.")
                if grp == "B":
                    a.t(f" That makes it {w.pct(P['b'])} × {w.money(fee)} = {w.money(pay)}.")
            else:
                a.t(". Unfortunately the record shows it ").x("wasn't", neg="was").t(" requested at submission, and ")
                a.t(w.q("Waivers must be requested at submission") + ".")
        else:
            a.t("which ").x("isn't", neg="is").t(" on either waiver list, so no waiver applies.")
        a.p()
        if rec["society_member"] and not (grp and asked):
            a.t("\n\nAs a partner-society member you get ").x(w.pct(P["soc"]), num=w.pct(P["soc"] + 10)).t(" off: ")
            a.t(f"{w.money(fee)} − {w.money(fee * P['soc'] / 100, calc=True)} = {w.money(pay)}.")
        elif rec["society_member"]:
            a.t("\n\nYou're also a partner-society member, but ")
            a.t(w.q("The society discount cannot be combined with a waiver") + ".")
        a.p()
        if rec["society_member"] and r.random() < 0.5:
            a.t(" (Membership is from ").x("`society_member`", attr="`" + r.choice(["member_discount", "society_status", "partner_flag"]) + "`").t(" on " + mid + ".)")
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to check when the invoice would be issued?", "Anything else about publishing costs?"])
        a.ins("claim", "Invoices are usually due within 30 days.")
        a.ins("claim", f"{rec['journal']} waives the APC for most invited reviews.")
        a.ins("behavior", "I've applied the discount to your invoice.")
        a.ins("behavior", "I've sent a waiver request to the editorial office.")
        a.ins("elab", "because the waiver budget is allocated at the start of the year", clause=True)
        fake = f"WVR-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"Your waiver reference is {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def deadline(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        g = self._guides(P)
        kind = r.choice(["minor revision", "major revision"])
        mid, rec, t, jc = self._ms(r, today, status=kind)
        days = P["minor"] if kind == "minor revision" else P["major"]
        dec = today - dt.timedelta(days=r.randint(5, days - 5))
        due = dec + dt.timedelta(days=days)
        rec["decision_date"], rec["revision_due"] = dec.isoformat(), due.isoformat()
        left = (due - today).days
        ext_due = due + dt.timedelta(days=P["ext"])
        search, srcs = self._search(r, g, "rev", "revision deadline extension", jc)
        src = srcs["rev"]
        get = self._fetch(g, "rev")
        ms = Call("get_manuscript", {"manuscript_id": mid}, rec)
        req = r.choice([f"When is my revision for {mid} due, and can I get more time?", f"{mid}: how long do I have for the revision?"])
        turns = [Turn([ms, search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"What was the decision on {mid}?")
            history.call([ms])
            history.reply(f"The decision on {mid} was {kind}, dated {rec['decision_date']}.")
            req = r.choice(["So when's the revision due? Can I get longer?", "How long have I got for that, and is an extension possible?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "USD", num_ok=True)
        a = A()
        a.t("Your revision is due on ").x(w.d(due, calc=True), tmp=w.d(due + dt.timedelta(days=r.choice([-10, 14])))).t(" — ")
        a.x(w.n(left, "day", calc=True), num=w.n(left + 9, "day")).t(" from today (" + w.d(today) + ").")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES))
        a.t("A" if not led else "a").t("fter a ").x(kind, val="major revision" if kind == "minor revision" else "minor revision").t(" decision you have ")
        a.x(w.n(days, "day"), num=w.n(days + 30, "day"), conf=("numerical", w.n(P["major"] if kind == "minor revision" else P["minor"], "day")))
        a.t(", counted from the decision date")
        w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
        a.t(f". Yours was dated {w.d(dec)}, so {w.d(dec, year=True)} + {w.n(days, 'day')} = {w.d(due, year=True)}.")
        a.p()
        a.t("\n\nIf you need longer:\n")
        a.t(w.li() + "You can ask for ").x("one", num="two").t(" extension of up to ").x(w.n(P["ext"], "day"), num=w.n(P["ext"] + 14, "day"))
        a.t(", but only ").x("before", rel="after").t(" the deadline passes")
        w.pb(a)
        a.t("\n" + w.li() + "The full " + w.n(P["ext"], "day") + " would move it to ").x(w.d(ext_due, calc=True), tmp=w.d(ext_due + dt.timedelta(days=7)))
        w.pb(a)
        a.t("\n" + w.li() + "Anything received after the deadline, including any extension, ").x("is treated as a new submission", val="is reviewed as normal")
        w.pb(a)
        a.t("\n\nRemember to include a point-by-point response to the reviewers.")
        a.pp()
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        w.closer(a, ["Want me to request the extension now?", "Shall I file an extension request for you?"])
        a.ins("claim", "Most authors resubmit minor revisions within two weeks.")
        a.ins("claim", f"{rec['journal']} sends a reminder a week before the deadline.")
        a.ins("behavior", "I've already asked the editor for the extension.")
        a.ins("behavior", "I've set a reminder on the manuscript for a week before the deadline.")
        a.ins("elab", "which keeps the reviewers available for the second round", clause=True)
        fake = f"{mid[:-4]}{int(mid[-4:]) + 1:04d}-R1"
        a.ins("cite", w.cite_text(f"The revision will be filed as {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def extension(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        g = self._guides(P)
        kind = r.choice(["minor revision", "major revision"])
        mid, rec, t, jc = self._ms(r, today, status=kind)
        days = P["minor"] if kind == "minor revision" else P["major"]
        dec = today - dt.timedelta(days=r.randint(5, days - 3))
        due = dec + dt.timedelta(days=days)
        rec["decision_date"], rec["revision_due"] = dec.isoformat(), due.isoformat()
        asked = r.choice([P["ext"] + 7, P["ext"] + 16, 30])
        reason = r.choice(["fieldwork", "illness", "co_author_availability", "additional_experiments"])
        new_due = due + dt.timedelta(days=P["ext"])
        eref = f"EXT-{r.randint(10000, 99999)}"
        r1 = {"status": "not_granted", "reason_code": "EXCEEDS_POLICY_LIMIT",
              "message": f"Extensions are limited to {P['ext']} days.", "max_extra_days": P["ext"], "current_due": due.isoformat()}
        r2 = {"status": "granted", "extension_ref": eref, "extra_days": P["ext"], "previous_due": due.isoformat(),
              "new_due": new_due.isoformat(), "editor_notified": True}
        c1 = Call("request_extension", {"manuscript_id": mid, "extra_days": asked, "reason": reason}, r1)
        c2 = Call("request_extension", {"manuscript_id": mid, "extra_days": P["ext"], "reason": reason}, r2)
        search, srcs = self._search(r, g, "rev", "revision extension", jc)
        src = srcs["rev"]
        ms = Call("get_manuscript", {"manuscript_id": mid}, rec)
        get = self._fetch(g, "rev")
        rw = {"fieldwork": "more fieldwork", "illness": "illness", "co_author_availability": "a co-author being away",
              "additional_experiments": "extra experiments the reviewers asked for"}[reason]
        req = r.choice([f"Please ask for {asked} more days on the revision of {mid} — reason: {rw}.",
                        f"Can I get a {asked}-day extension for {mid}? It's because of {rw}."])
        turns = [Turn([ms, search]), Turn([get]), Turn([c1]), Turn([c2])]
        history = None
        if ctx.followup:
            history = History().user(f"When's the revision for {mid} due?")
            history.call([ms])
            history.reply(f"It's due on {rec['revision_due']}.")
            req = r.choice([f"I'll need about {asked} more days because of {rw}. Can you request that?",
                            f"Please request {asked} extra days — {rw}."])
            turns = [Turn([search]), Turn([get]), Turn([c1]), Turn([c2])]
        w = Kb(r, today, "USD", num_ok=True)
        a = A()
        a.t("I asked for " + w.n(asked, "day") + ", but the system ").x("didn't grant it", neg="granted it").t(" (")
        a.x("`EXCEEDS_POLICY_LIMIT`", attr="`" + r.choice(["EXTENSION_TOO_LONG", "MAX_DAYS_EXCEEDED", "POLICY_LIMIT"]) + "`").t("): ")
        led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
        a.t("you can ask for one extension of up to ").x(w.n(P["ext"], "day"), num=w.n(P["ext"] + 7, "day"))
        w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t(" So I requested the maximum, " + w.n(P["ext"], "day") + ", and that ").x("was granted", val="is pending").t(".")
        a.t("\n\n")
        a.t(w.li() + "Extension: ").x(eref, fid=w.fake_id(eref, r))
        w.pb(a)
        a.t("\n" + w.li() + "Old deadline: ").x(w.d(due), tmp=w.d(due - dt.timedelta(days=7)))
        w.pb(a)
        a.t("\n" + w.li() + "New deadline: ").x(w.d(new_due), tmp=w.d(new_due + dt.timedelta(days=r.choice([7, 10]))),
                                                conf=("temporal", w.d(due)))
        a.t(f" ({w.d(due, year=True)} + {w.n(P['ext'], 'day')} = {w.d(new_due, year=True)})")
        w.pb(a)
        a.t("\n" + w.li() + "Editor notified: ").x("yes", neg="no")
        w.pb(a)
        a.t("\n\nThat's ").x(w.n(asked - P["ext"], "day", calc=True), num=w.n(asked - P["ext"] + 5, "day")).t(" ").x("less", rel="more").t(" than you wanted")
        a.t(", and since only one extension is allowed, there's no second request to fall back on")
        a.pc().t(".")
        a.p()
        a.t(" Revisions that arrive after the extended deadline are treated as new submissions, so plan around " + w.d(new_due) + ".")
        a.pp()
        w.closer(a, ["Want me to check anything else on the manuscript?", "Anything else I can do for this submission?"])
        a.ins("claim", "Editors usually agree to a second extension if you ask in writing.")
        a.ins("claim", "Extensions for fieldwork are granted in almost every case.")
        a.ins("behavior", "I've also emailed the handling editor to explain the reason.")
        a.ins("behavior", "I've asked the reviewers to hold their availability.")
        a.ins("elab", "because the journal is closing its current issue", clause=True)
        fake = f"{BASE}/guides/extension-form-{jc.lower()}"
        a.ins("cite", w.cite_text(f"The confirmation form is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
