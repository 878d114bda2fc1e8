"""lab_safety (set o): the assistant of a university's environmental health & safety office — answers researchers'
questions from the safety document library (searched, then fetched by path: a standard operating procedure for
hydrofluoric acid, the flammable liquids storage policy in its current and previous revision, the safety training
requirements, the chemical waste collection guide) together with the person's training record, and requests chemical
waste collections (a request outside the rules — too many containers, no collection that day — is refused by design with
the limit or the next collection day, which the agent requests instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .ostyle import D, Kb, Src, add_months, table, vet

BASE = "https://ehs.northbridge.example/api"
LABS = [("LAB-C214", "Chemistry C214"), ("LAB-B118", "Biosciences B118"), ("LAB-M305", "Materials M305"),
        ("LAB-E022", "Earth Sciences E022")]
PEOPLE = ["Dr. Helen Carter", "Yusuf Demir", "Ana Lima", "Kwame Boateng", "Chloe Martin", "Ravi Menon", "Isla Grant"]
COURSES = [("EHS-101", "General Laboratory Safety", 36), ("EHS-120", "Fire Safety for Laboratories", 24),
           ("EHS-210", "Hydrofluoric Acid Handling", 12), ("EHS-305", "Biosafety Level 2", 24)]
STREAMS = {"halogenated_solvent": "halogenated solvent", "non_halogenated_solvent": "non-halogenated solvent",
           "acid": "acid", "sharps": "sharps"}
OTHER_TITLES = ["Laboratory Safety Handbook", "Chemical Hygiene Plan", "Hazardous Substances Policy", "Lab Inspection Checklist"]


class LabSafety(Scenario):
    name = "lab_safety"
    agent = "northbridge-ehs-assistant"
    service = "northbridge-safety-kb-agent"
    system = ("You are the Northbridge University EHS assistant. Answer researchers' safety questions from the EHS "
              "document library (search it, then read the document) and their training record. Be precise: quote "
              "safety rules word for word where it matters, cite the documents and sections you used, and never relax "
              "a rule. You can request chemical waste collections for a lab.")
    error_style = 1
    entity_noun = {"staff_id": "Staff member", "doc_path": "Document", "lab_id": "Lab"}
    preambles = ["Let me check the EHS library.", "Searching the safety documents.", "One moment — looking that up."]
    literal_ok = []

    def __init__(self):
        self.tools = [
            Tool("search_safety_docs", "Search the EHS document library (SOPs, policies, training, guides). Returns "
                                       "ranked hits with title, document ID, path, snippet and last-updated date.",
                 s_obj({"query": s_str("Search words.", min_len=3, max_len=200),
                        "doc_type": s_str("Document type.", enum=["sop", "policy", "training", "guide"]),
                        "limit": s_int("Maximum hits.", 1, 10)}, ["query"]),
                 http=BASE, extra=[("include_archived", True)]),
            Tool("get_document", "A document from the EHS library by path (Markdown).",
                 s_obj({"doc_path": s_str("Path, e.g. '/ehs/sop/hydrofluoric-acid.md'.",
                                          pattern=r"^/ehs/(sop|policy|training|guide)/[a-z0-9-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("version", "latest")]),
            Tool("get_training_record", "A staff member's or student's safety training record: lab, courses and "
                                        "completion dates.",
                 s_obj({"staff_id": s_str("Staff or student ID, e.g. 'NB2041187'.", pattern=r"^NB\d{7}$")}, ["staff_id"]),
                 entity={"staff_id": "id"}, http=BASE, extra=[("include_expired", True)]),
            Tool("request_waste_collection", "Request a chemical waste collection for a lab. A request outside the "
                                             "collection rules is returned as not accepted, with a reason code and "
                                             "what can be accepted instead.",
                 s_obj({"lab_id": s_str("Lab ID, e.g. 'LAB-C214'.", pattern=r"^LAB-[A-Z]\d{3}$"),
                        "waste_stream": s_str("Waste stream.", enum=list(STREAMS)),
                        "containers": s_int("Number of containers.", 1, 20),
                        "date": s_date("Collection date, YYYY-MM-DD.")}, ["lab_id", "waste_stream", "containers", "date"]),
                 entity={"lab_id": "id"}, http=BASE, extra=[("out_of_hours", True)]),
        ]
        self.intents = [("sop_procedure", self.sop, True), ("storage_limits", self.storage, True),
                        ("training_status", self.training, True), ("waste_collection", self.waste, True)]

    # ------------------------------------------------------------------ data
    def _params(self, r, today):
        return {"hf_m": r.choice([12, 12, 24]), "hood_ml": r.choice([25, 50]), "stock_ml": r.choice([250, 500]),
                "rinse": r.choice([5, 10, 15]), "ext": r.choice(["2222", "4444"]), "gel": "2.5",
                "new_l": r.choice([15, 18, 20]), "old_l": r.choice([25, 30]), "cont_l": r.choice([2.5, 4]),
                "bench_ml": r.choice([500, 1000]), "cab_l": 250, "comply": r.choice([7, 14]),
                "grace": r.choice([30, 30, 14]), "max_c": r.choice([6, 8]), "fill": r.choice([75, 80]),
                "ooh": r.choice([45, 60]), "days": r.choice([("Tuesdays", "Thursdays", (1, 3)), ("Mondays", "Wednesdays", (0, 2))]),
                "rev": r.randint(4, 7),
                "upd": [(today - dt.timedelta(days=r.randint(15, 300))).isoformat() for _ in range(6)]}

    def _docs(self, P):
        d = {}
        months = {c: m for c, _, m in COURSES}
        months["EHS-210"] = P["hf_m"]
        sop = ("# Hydrofluoric Acid (HF) — Safe Use\n\n"
               f"Document SOP-CH-014, revision {P['rev']}. Updated: {P['upd'][0]}\n\n"
               "## 1. Before you start\n"
               f"1.1 Complete course EHS-210 (Hydrofluoric Acid Handling) before first use. The course must be refreshed every {P['hf_m']} months.\n"
               "1.2 Never work with HF alone: a second person who has completed EHS-210 must be in the lab.\n"
               f"1.3 Check that the calcium gluconate gel ({P['gel']}%) on the bench is in date.\n\n"
               "## 2. Protective equipment\n"
               "2.1 Wear a lab coat, a chemical-resistant apron, splash goggles and a face shield.\n"
               "2.2 Wear nitrile gloves under long neoprene gloves. Change the outer gloves at once if they are splashed.\n\n"
               "## 3. Working rules\n"
               f"3.1 Work with more than {P['hood_ml']} mL of HF only in a fume hood.\n"
               "3.2 Use plastic (PTFE or polypropylene) containers; HF etches glass.\n"
               f"3.3 Keep HF stock bottles in the acid cabinet, no more than {P['stock_ml']} mL per lab.\n\n"
               "## 4. If HF touches your skin\n"
               f"4.1 Rinse with running water for {P['rinse']} minutes.\n"
               "4.2 Apply calcium gluconate gel and keep applying it while you get medical help.\n"
               f"4.3 Call {P['ext']} (internal emergency line) and say it is a hydrofluoric acid exposure.\n")
        d["sop"] = ("Hydrofluoric Acid (HF) — Safe Use", "/ehs/sop/hydrofluoric-acid.md", sop,
                    "Never work with HF alone: a second person who has completed EHS-210 must be in the lab.", P["upd"][0], "SOP-CH-014")
        cl = f"{P['cont_l']:g}"
        pol = (f"# Flammable Liquids Storage Policy (Revision {P['rev']})\n\n"
               f"Effective: {P['upd'][1]}. Replaces Revision {P['rev'] - 1}.\n\n"
               "1. Scope: liquids with a flash point below 60 °C.\n"
               f"2. Outside a flammables cabinet, a lab may hold no more than {P['new_l']} L in total, and no single container may exceed {cl} L.\n"
               f"3. At the bench, keep only what you need for the day's work, and no more than {P['bench_ml']} mL unless it is in use.\n"
               f"4. Each flammables cabinet holds up to {P['cab_l']} L. Cabinets must be closed when not in use.\n"
               f"5. Labs found over these limits at inspection are given {P['comply']} days to comply.\n")
        d["pol"] = (f"Flammable Liquids Storage Policy (Revision {P['rev']})", "/ehs/policy/flammable-liquids-storage.md", pol,
                    f"Outside a flammables cabinet, a lab may hold no more than {P['new_l']} L in total.", P["upd"][1], f"POL-FL-{P['rev']:02d}")
        old = (f"# Flammable Liquids Storage Policy (Revision {P['rev'] - 1})\n\nStatus: superseded.\n\n"
               f"2. Outside a flammables cabinet, a lab may hold no more than {P['old_l']} L in total.\n")
        oldd = (D(P["upd"][1]) - dt.timedelta(days=700)).isoformat()
        d["old"] = (f"Flammable Liquids Storage Policy (Revision {P['rev'] - 1})", f"/ehs/policy/flammable-liquids-storage-rev{P['rev'] - 1}.md", old,
                    f"Superseded. Outside a flammables cabinet, a lab may hold no more than {P['old_l']} L in total.", oldd, f"POL-FL-{P['rev'] - 1:02d}")
        tr = ("# Safety Training Requirements\n\nUpdated: " + P["upd"][2] + "\n\n"
              "Everyone working in a laboratory must hold the courses below for the work they do.\n\n"
              "| Course | Title | Refresh every |\n|---|---|---|\n"
              + "".join(f"| {c} | {t} | {months[c]} months |\n" for c, t, _ in COURSES)
              + f"\nIf a required course lapses, lab access on your card is suspended after a {P['grace']}-day grace period.\n"
              "Book refresher courses on the training portal.\n")
        d["train"] = ("Safety Training Requirements", "/ehs/training/training-requirements.md", tr,
                      "Everyone working in a laboratory must hold the courses below for the work they do.", P["upd"][2], "TRN-001")
        d1, d2, _ = P["days"]
        wst = ("# Chemical Waste Collection\n\nUpdated: " + P["upd"][3] + "\n\n"
               f"- Collections run on {d1} and {d2}.\n"
               f"- Up to {P['max_c']} containers per lab per collection.\n"
               f"- Fill containers no more than {P['fill']}% full and keep the lid closed.\n"
               "- Label every container with the full chemical names, not formulas or abbreviations.\n"
               "- Keep halogenated and non-halogenated solvents separate.\n"
               f"- Out-of-hours collections cost £{P['ooh']} and need 24 hours' notice.\n")
        d["waste"] = ("Chemical Waste Collection", "/ehs/guide/chemical-waste-collection.md", wst,
                      f"Collections run on {d1} and {d2}. Up to {P['max_c']} containers per lab per collection.", P["upd"][3], "GDE-WS-03")
        return d

    def _search(self, r, d, want, query, dtype, extra=()):
        keys = [want] + [k for k in extra if k != want]
        keys += r.sample([k for k in d if k not in keys], max(0, r.randint(3, 4) - len(keys)))
        if r.random() < 0.3 and not extra:
            keys[0], keys[1] = keys[1], keys[0]
        res = []
        for i, k in enumerate(keys):
            title, path, text, snip, upd, did = d[k]
            res.append({"rank": i + 1, "doc_id": did, "title": title, "path": path, "snippet": snip, "updated_at": upd,
                        "score": round(0.95 - 0.1 * i - r.uniform(0, 0.04), 2)})
        args = {"query": query}
        if r.random() < 0.5:
            args["doc_type"] = dtype
        if r.random() < 0.3:
            args["limit"] = r.choice([3, 5, 10])
        srcs = {k: Src(h["rank"], h["title"], h["path"], h["updated_at"]) for k, h in zip(keys, res)}
        return Call("search_safety_docs", args, {"query": query, "results": res}), srcs

    @staticmethod
    def _get(d, k):
        return Call("get_document", {"doc_path": d[k][1]}, d[k][2])

    def _person(self, r, today, P, hf=True):
        sid = f"NB{r.randint(1000000, 9999999)}"
        lab = r.choice(LABS)
        done = []
        for c, t, m in COURSES:
            if c == "EHS-210" and not hf:
                continue
            mm = P["hf_m"] if c == "EHS-210" else m
            ago = r.randint(20, int(mm * 30.4) + 120)
            done.append({"course": c, "title": t, "completed": (today - dt.timedelta(days=ago)).isoformat()})
        rec = {"staff_id": sid, "name": r.choice(PEOPLE), "lab_id": lab[0], "lab_name": lab[1], "courses": done,
               "as_of": today.isoformat()}
        return sid, rec

    # ------------------------------------------------------------------ intents
    def sop(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        d = self._docs(P)
        sid, rec = self._person(r, today, P, hf=r.random() < 0.7)
        hf = next((c for c in rec["courses"] if c["course"] == "EHS-210"), None)
        search, srcs = self._search(r, d, "sop", "hydrofluoric acid HF procedure", "sop")
        src = srcs["sop"]
        get = self._get(d, "sop")
        tr = Call("get_training_record", {"staff_id": sid}, rec)
        req = r.choice([f"I need to use HF next week for the first time in a while. What do I need to do? My ID is {sid}.",
                        f"{sid}: what are the rules for working with hydrofluoric acid, and am I cleared?"])
        turns = [Turn([tr, search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Is there an SOP for hydrofluoric acid?")
            history.call([search])
            history.reply(f"Yes — {d['sop'][0]} ({d['sop'][5]}), at {d['sop'][1]}.")
            req = r.choice([f"What does it say I need before I start? I'm {sid}.", f"Can you summarise it for me, and check my training? ({sid})"])
            turns = [Turn([tr, get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        if r.random() < 0.4:
            a.t("### Working with HF\n\n")
        if hf:
            exp = add_months(hf["completed"], P["hf_m"])
            ok = exp >= today
            a.t("First, training: you completed EHS-210 on ").x(w.d(hf["completed"]), tmp=w.d(D(hf["completed"]) - dt.timedelta(days=r.choice([60, 95]))))
            a.t(", and it must be refreshed every ").x(w.n(P["hf_m"], "month"), num=w.n(P["hf_m"] + 12, "month"))
            w.tail(a, src, sec="1.1", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="1.4", fake_title=r.choice(OTHER_TITLES))
            a.t(f", so it {'runs' if ok else 'ran'} out on {w.d(exp, calc=True, year=True)} ({w.d(hf['completed'], year=True)} + {w.n(P['hf_m'], 'month')} = {w.d(exp, year=True)}).")
            a.t(" You're " + ("still in date." if ok else "not cleared until you've done the refresher."))
        else:
            a.t("First, training: your record ").x("doesn't show", neg="shows").t(" EHS-210 (Hydrofluoric Acid Handling), and you must complete it before first use")
            w.tail(a, src, sec="1.1", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="1.4", fake_title=r.choice(OTHER_TITLES))
            a.t(". Until then you're not cleared to use HF.")
        a.p()
        a.t("\n\nThe key rules from ")
        a.x(d["sop"][5], fid=w.fake_id(d["sop"][5], r)).t(":\n")
        a.t(w.li() + w.q("Never work with HF alone") + " — a second person who has completed EHS-210 ").x("must", val="should ideally").t(" be in the lab")
        w.pb(a)
        a.t("\n" + w.li() + "PPE: lab coat, chemical-resistant apron, splash goggles and a face shield, with nitrile gloves ")
        a.x("under", rel="over").t(" long neoprene gloves")
        w.pb(a)
        a.t("\n" + w.li() + "Anything ").x("more than", rel="less than").t(" ").x(f"{P['hood_ml']} mL", num=f"{P['hood_ml'] * 4} mL", conf=("numerical", f"{P['stock_ml']} mL"))
        a.t(" only in a fume hood, in plastic (PTFE or polypropylene) containers, because HF etches glass")
        w.pb(a)
        a.t("\n" + w.li() + "Check the calcium gluconate gel (").x(w.pct(float(P["gel"]), 1), num=w.pct(float(P["gel"]) + 2.5, 1)).t(") on the bench is in date")
        w.pb(a)
        a.t("\n\nIf HF gets on your skin:\n")
        a.t(w.step(1) + "Rinse under running water for ").x(w.n(P["rinse"], "minute"), num=w.n(P["rinse"] + 10, "minute")).t(".\n")
        a.t(w.step(2) + "Apply the gel and keep applying it while you get medical help.\n")
        a.t(w.step(3) + "Call ").x(P["ext"], num="2" + P["ext"][1:] if P["ext"][0] != "2" else "4" + P["ext"][1:]).t(" and say it's a hydrofluoric acid exposure")
        w.tail(a, src, sec="4", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="4.5", fake_title=r.choice(OTHER_TITLES))
        a.pc().t(".")
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to check who else in your lab holds EHS-210?", "I can look up the refresher course dates if you need them."])
        a.ins("claim", "EHS-210 refreshers run every Tuesday morning.")
        a.ins("claim", "Most HF incidents happen when decanting from stock bottles.")
        a.ins("behavior", "I've booked you onto the next EHS-210 refresher.")
        a.ins("behavior", "I've told your lab manager you'll be working with HF.")
        a.ins("elab", "because HF burns can be delayed by several hours", clause=True)
        fake = f"/ehs/sop/hydrofluoric-acid-spill-kit.md"
        a.ins("cite", w.cite_text(f"The spill kit checklist is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def storage(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        d = self._docs(P)
        lab = r.choice(LABS)
        have = P["new_l"] + r.choice([-6, -3, 2, 4, 7])
        search, srcs = self._search(r, d, "pol", "flammable solvent storage limit outside cabinet", "policy", extra=["old"])
        src, osrc = srcs["pol"], srcs["old"]
        get = self._get(d, "pol")
        req = r.choice([f"We've got about {have} L of solvents on open shelves in {lab[0]}. Is that within the limit?",
                        f"What's the current limit for flammables outside the cabinet? {lab[0]} has roughly {have} L out."])
        turns = [Turn([search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user("Has the flammable storage policy changed recently?")
            history.call([search])
            history.reply(f"Yes — {d['pol'][0]} replaced Revision {P['rev'] - 1}.")
            req = r.choice([f"What's the limit now? We have about {have} L outside the cabinet in {lab[0]}.",
                            f"So are we OK with roughly {have} L on the shelves in {lab[0]}?"])
            turns = [Turn([get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        over = have - P["new_l"]
        w.declare("num", abs(over))
        if over > 0:
            a.t("No — at about " + str(have) + " L you're roughly ").x(f"{over} L", num=f"{over + 3} L").t(f" over ({have} L − {P['new_l']} L = {over} L).")
        else:
            a.t("Yes, about " + str(have) + " L is within the limit, with ").x(f"{-over} L", num=f"{-over + 3} L").t(f" to spare ({P['new_l']} L − {have} L = {-over} L).")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, sec="2", fake_sec="2.3", fake_title=r.choice(OTHER_TITLES))
        a.t("O" if not led else "o").t("utside a flammables cabinet, a lab may hold ").x("no more than", rel="at least").t(" ")
        a.x(f"{P['new_l']} L", num=f"{P['new_l'] + 5} L", conf=("numerical", f"{P['old_l']} L")).t(" in total")
        w.tail(a, src, sec="2", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="2.4", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t(" That's ").x("lower", rel="higher").t(" than before: Revision " + str(P["rev"] - 1) + " allowed ")
        a.x(f"{P['old_l']} L", num=f"{P['old_l'] + 10} L")
        if w.can_num(osrc):
            a.t(" [" + str(osrc.rank) + "]")
        a.t(". Revision " + str(P["rev"]) + " took effect on ").x(w.d(src.updated), tmp=w.d(D(src.updated) + dt.timedelta(days=r.choice([-31, 30])))).t(".")
        a.t("\n\nOther limits worth checking at the same time:\n")
        a.t(w.li() + "no single container over ").x(f"{P['cont_l']:g} L", num=f"{P['cont_l'] + 2.5:g} L")
        w.pb(a)
        a.t("\n" + w.li() + "at the bench, only what you need for the day, and no more than ").x(f"{P['bench_ml']} mL", num=f"{P['bench_ml'] * 2} mL").t(" unless it's in use")
        w.pb(a)
        a.t("\n" + w.li() + "cabinets hold up to " + f"{P['cab_l']} L" + " and must be ").x("closed", val="locked").t(" when not in use")
        w.pb(a)
        if over > 0:
            a.t("\n\nIf an inspection finds you over the limit, the lab gets ").x(w.n(P["comply"], "day"), num=w.n(P["comply"] + 14, "day"))
            a.t(" to comply, so I'd move the excess into a cabinet now")
            a.pc().t(".")
        a.p()
        if w.cstyle == "num" and r.random() < 0.6:
            w.sources(a, sorted([src, osrc], key=lambda s_: s_.rank) if f"[{osrc.rank}]" in a.text else [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to request a waste collection for any solvent you don't need?", "Anything else about storage?"])
        a.ins("claim", "The limit was lowered after a fire in another university's lab.")
        a.ins("claim", "Most labs in the building have two flammables cabinets.")
        a.ins("behavior", "I've logged your current quantity with the EHS office.")
        a.ins("behavior", "I've asked facilities to fit a second cabinet in your lab.")
        a.ins("elab", "which matches the building's fire certificate", clause=True)
        fake = f"/ehs/policy/flammable-liquids-faq.md"
        a.ins("cite", w.cite_text(f"There's an FAQ on the change at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def training(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        d = self._docs(P)
        sid, rec = self._person(r, today, P, hf=r.random() < 0.6)
        search, srcs = self._search(r, d, "train", "training requirements refresher", "training")
        src = srcs["train"]
        get = self._get(d, "train")
        tr = Call("get_training_record", {"staff_id": sid}, rec)
        months = {c: m for c, _, m in COURSES}
        months["EHS-210"] = P["hf_m"]
        rows = []
        for c in rec["courses"]:
            exp = add_months(c["completed"], months[c["course"]])
            rows.append((c, exp, exp >= today))
        lapsed = [x for x in rows if not x[2]]
        upcoming = sorted([x for x in rows if x[2]], key=lambda x: x[1])
        req = r.choice([f"Is all my safety training in date? {sid}", f"{sid}: which of my safety courses need refreshing?"])
        turns = [Turn([tr]), Turn([search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Which safety courses have I done? {sid}")
            history.call([tr])
            history.reply(", ".join(f"{c['course']} ({c['completed']})" for c in rec["courses"]) + ".")
            req = r.choice(["Are they all still valid?", "Do any of those need refreshing soon?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        if lapsed:
            a.t("Not all of it: ").x(w.n(len(lapsed), "course", calc=True), num=w.n(len(lapsed) + 1, "course")).t(" ").x("has" if len(lapsed) == 1 else "have", neg=None)
            a.t(" lapsed.")
        else:
            a.t(("None right now" if "which" in req else "Yes") + " — everything on your record is ").x("in date", val="overdue").t(" today.")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES))
        a.t(("Each course has its own refresh interval" if not led else "each course has its own refresh interval"))
        w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
        a.t(", so here's where you stand:\n\n")
        trows = []
        for i, (c, exp, ok) in enumerate(rows):
            m = months[c["course"]]
            trows.append([c["course"], (w.d(c["completed"], year=True), {"tmp": w.d(D(c["completed"]) - dt.timedelta(days=r.choice([90, 120])), year=True)} if i == 0 else {}),
                          (w.n(m, "month", word=False), {"num": w.n(m + 12, "month", word=False)} if i == 1 else {}),
                          (w.d(exp, calc=True, year=True), {}), ("valid" if ok else "lapsed", {"val": "lapsed" if ok else "valid"} if i == len(rows) - 1 else {})])
        table(a, ["Course", "Completed", "Refresh every", "Valid until", "Status"], trows)
        a.t("\n\n")
        if lapsed:
            c, exp, ok = lapsed[0]
            a.t(c["course"] + " ran out on " + w.d(exp, year=True) + ". ")
            a.t("If a required course lapses, lab access on your card is suspended after a ").x(f"{P['grace']}-day", num=f"{P['grace'] + 30}-day")
            a.t(" grace period")
            g_end = exp + dt.timedelta(days=P["grace"])
            a.t(f" — for this one that's {w.d(g_end, calc=True, year=True)} ({w.d(exp, year=True)} + {w.n(P['grace'], 'day')} = {w.d(g_end, year=True)})")
            a.pc().t(".")
        if upcoming:
            c, exp, ok = upcoming[0]
            left = (exp - today).days
            a.t((" " if lapsed else "") + "The next to expire is " + c["course"] + ", in ").x(w.n(left, "day", calc=True), num=w.n(left + 40, "day"))
            a.t(" (" + w.d(exp) + ").")
        a.p()
        a.t(" Refreshers are booked on the training portal.")
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to check which courses your lab's work requires?", "Anything else about your training?"])
        a.ins("claim", "Refresher courses take about two hours online.")
        a.ins("claim", "Your department usually pays for refresher courses.")
        a.ins("behavior", "I've booked your refresher on the training portal.")
        a.ins("behavior", "I've extended your grace period by two weeks.")
        a.ins("elab", "because the university's insurer requires current training", clause=True)
        fake = f"TRN-{r.randint(100, 999)}"
        a.ins("cite", w.cite_text(f"Your training plan is filed as {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def waste(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        d = self._docs(P)
        lab = r.choice(LABS)
        stream = r.choice(list(STREAMS))
        d1, d2, wds = P["days"]
        reason = r.choice(["CONTAINER_LIMIT", "NO_COLLECTION_THAT_DAY"])
        day = today + dt.timedelta(days=r.randint(2, 8))
        if reason == "CONTAINER_LIMIT":
            while day.weekday() not in wds:
                day += dt.timedelta(days=1)
            n = P["max_c"] + r.randint(2, 5)
            n2, day2 = P["max_c"], day
            r1 = {"status": "not_accepted", "reason_code": reason, "message": f"Maximum {P['max_c']} containers per lab per collection.",
                  "max_containers": P["max_c"]}
        else:
            while day.weekday() in wds:
                day += dt.timedelta(days=1)
            n = r.randint(2, P["max_c"])
            day2 = day
            while day2.weekday() not in wds:
                day2 += dt.timedelta(days=1)
            n2 = n
            r1 = {"status": "not_accepted", "reason_code": reason, "message": f"No collections on {day.strftime('%A')}s.",
                  "next_collection_date": day2.isoformat()}
        cref = f"WC-{r.randint(100000, 999999)}"
        r2 = {"status": "accepted", "collection_ref": cref, "lab_id": lab[0], "waste_stream": stream, "containers": n2,
              "date": day2.isoformat(), "window": "09:00-12:00"}
        c1 = Call("request_waste_collection", {"lab_id": lab[0], "waste_stream": stream, "containers": n, "date": day.isoformat()}, r1)
        c2 = Call("request_waste_collection", {"lab_id": lab[0], "waste_stream": stream, "containers": n2, "date": day2.isoformat()}, r2)
        search, srcs = self._search(r, d, "waste", "chemical waste collection rules", "guide")
        src = srcs["waste"]
        get = self._get(d, "waste")
        sw = STREAMS[stream]
        req = r.choice([f"Please book a waste collection for {lab[0]}: {n} containers of {sw} waste on {day.isoformat()}.",
                        f"Can you arrange collection of {n} {sw} waste containers from {lab[0]} on {day.isoformat()}?"])
        turns = [Turn([search]), Turn([get]), Turn([c1]), Turn([c2])]
        history = None
        if ctx.followup:
            history = History().user("How do chemical waste collections work?")
            history.call([search])
            history.reply(f"They're covered in {d['waste'][0]} ({d['waste'][1]}).")
            req = r.choice([f"OK — book one for {lab[0]}, {n} containers of {sw} waste, on {day.isoformat()}.",
                            f"Please request {n} containers of {sw} waste from {lab[0]} for {day.isoformat()}."])
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        if reason == "CONTAINER_LIMIT":
            a.t("The request for " + w.n(n, "container") + " was ").x("refused", val="queued").t(" (")
            a.x(f"`{reason}`", attr="`" + r.choice(["TOO_MANY_CONTAINERS", "QUANTITY_EXCEEDED", "LIMIT_REACHED"]) + "`").t("): ")
            led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
            a.t("each collection takes up to ").x(w.n(P["max_c"], "container"), num=w.n(P["max_c"] + 4, "container")).t(" per lab")
            w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
            a.t(". So I booked ").x(w.n(n2, "container"), num=w.n(n2 + 2, "container")).t(" for the same day, and the other ")
            a.x(w.n(n - n2, calc=True), num=w.n(n - n2 + 3)).t(f" ({w.n(n)} − {w.n(n2)} = {w.n(n - n2)}) will need a second collection.")
        else:
            a.t(w.d(day, wd=True) + " ").x("isn't", neg="is").t(" a collection day (")
            a.x(f"`{reason}`", attr="`" + r.choice(["NOT_A_COLLECTION_DAY", "INVALID_DATE", "NO_ROUND"]) + "`").t("): ")
            led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
            a.t("collections run on ").x(d1 + " and " + d2, val=r.choice(["Mondays and Fridays", "Tuesdays and Fridays", "Wednesdays and Fridays"]))
            w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
            a.t(". So I booked the next one, ").x(w.d(day2, wd=True), tmp=w.d(day2 + dt.timedelta(days=7), wd=True)).t(", for all " + w.n(n2, "container") + ".")
        a.p()
        a.t("\n\n")
        a.t(w.li() + "Reference: ").x(cref, fid=w.fake_id(cref, r))
        w.pb(a)
        a.t("\n" + w.li() + "Lab: ").x(lab[0], fid=w.fake_id(lab[0], r)).t(", " + sw + " waste")
        w.pb(a)
        a.t("\n" + w.li() + "Collection window: ").x("09:00", tmp="13:00").t("–12:00 on " + w.d(day2))
        w.pb(a)
        a.t("\n\nBefore then: fill containers no more than ").x(w.pct(P["fill"]), num=w.pct(P["fill"] + 15)).t(" full with the lid closed, and ")
        a.t(w.q("Label every container with the full chemical names, not formulas or abbreviations") + ".")
        if "solvent" in stream:
            a.t(" Keep halogenated and non-halogenated solvents ").x("separate", val="together").t(".")
        a.p()
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to book the second collection too?" if reason == "CONTAINER_LIMIT" else "Anything else for the collection?",
                     "Shall I check the out-of-hours option?"])
        a.ins("claim", "The waste team usually arrives early in the window.")
        a.ins("claim", f"{lab[1]} is on the first round of the morning.")
        a.ins("behavior", "I've booked the second collection for the following week as well.")
        a.ins("behavior", "I've ordered replacement containers for your lab.")
        a.ins("elab", "because the contractor's van has limited space", clause=True)
        fake = f"/ehs/guide/waste-labels-{stream.replace('_', '-')}.md"
        a.ins("cite", w.cite_text(f"Label templates are at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
