"""legal_ediscovery (set f): document review batches, productions with Bates ranges, ESI protocol sections."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_int, s_obj, s_str
from .fstyle import St, guard, pc

BASE = "https://api.docketlens.example/v1"
CAPTIONS = [("Harlow Freight Co. v. Castell Logistics LLC", "HFC"), ("In re Brightwater Pharmacy Data Breach", "BWP"),
            ("Okonkwo v. Meridian Turbine Systems", "MTS"), ("Salcedo Foods Inc. v. Tern Packaging", "SFI"),
            ("State of Ardent v. Pellucid Analytics", "PEL")]
CUSTODIANS = ["R. Okafor", "J. Lindqvist", "M. Tanaka-Webb", "S. Abernathy", "D. Castellanos", "P. Mbeki", "L. Fairbanks"]
OTHER_CUSTODIANS = ["K. Whitlock", "A. Oyelaran", "T. Brennan-Shaw"]
REVIEWERS = ["Dana Ruiz", "Owen Pratt", "Mei Chen", "Ibrahim Sall", "Grace Holloway", "Felix Aranda"]


class Ediscovery(Scenario):
    name = "legal_ediscovery"
    agent = "Lexa"
    service = "docketlens-review-assistant"
    system = ("You are Lexa, a litigation support assistant for the DocketLens review platform. Use the tools to report "
              "review progress, production status and what the matter's ESI protocol says. You do not give legal advice; "
              "flag deadlines for the case team.")
    error_style = 1
    entity_noun = {"matter_id": "Matter", "batch_id": "Review batch", "production_id": "Production", "doc_path": "Document"}
    preambles = ["Checking the review workspace.", "Let me pull the matter.", "Looking at the production log."]

    def __init__(self):
        self.tools = [
            Tool("get_matter", "A matter: caption, review batches, productions and the path of its ESI protocol.",
                 s_obj({"matter_id": s_str("Matter ID, e.g. 'M-20417'.", pattern=r"^M-\d{5}$")}, ["matter_id"]),
                 entity={"matter_id": "id"}, http=BASE, extra=[("include_closed", True)]),
            Tool("get_batch_stats", "Coding statistics of a review batch.",
                 s_obj({"batch_id": s_str("Batch ID, e.g. 'RB-0412'.", pattern=r"^RB-\d{4}$"),
                        "group_by": s_str("Breakdown of reviewer stats.", enum=["reviewer", "day", "none"])}, ["batch_id"]),
                 entity={"batch_id": "id"}, http=BASE, extra=[("include_overturns", True)]),
            Tool("get_production", "A production volume: Bates range, counts, status and dates.",
                 s_obj({"production_id": s_str("Production ID, e.g. 'PROD-007'.", pattern=r"^PROD-\d{3}$")}, ["production_id"]),
                 entity={"production_id": "id"}, http=BASE, extra=[("with_load_file", True)]),
            Tool("get_protocol_doc", "A matter document (Markdown) by its workspace path.",
                 s_obj({"doc_path": s_str("Workspace path, e.g. '/matters/M-20417/esi-protocol.md'.", pattern=r"^/matters/"),
                        "max_chars": s_int("Truncate after this many characters.", 500, 50000)}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("render", "html")]),
        ]
        self.intents = [("review_progress", self.progress, True), ("production_status", self.production, True),
                        ("protocol_deadlines", self.protocol, True)]

    def matter(self, r: R, today):
        cap, pfx = r.choice(CAPTIONS)
        mid = f"M-{r.randint(10000, 99999)}"
        custs = r.sample(CUSTODIANS, 3)
        batches = [{"batch_id": f"RB-{r.randint(1000, 9999)}", "custodian": c, "status": r.choice(["in_review", "in_review", "qc"])}
                   for c in custs]
        prods = [{"production_id": f"PROD-{k:03d}", "status": s} for k, s in
                 zip(range(r.randint(2, 6), 99), ["served", "served", "qc_in_progress"])]
        return {"matter_id": mid, "caption": cap, "bates_prefix": pfx, "court": r.choice(["N.D. Cal.", "D. Del.", "S.D.N.Y.", "Cook County Cir. Ct."]),
                "review_batches": batches, "productions": prods, "protocol_path": f"/matters/{mid}/esi-protocol.md",
                "as_of": today.isoformat()}

    def progress(self, ctx):
        r, today = ctx.r, ctx.today
        mt = self.matter(r, today)
        b = r.choice(mt["review_batches"])
        total = r.randint(1800, 9000)
        reviewed = int(total * r.uniform(0.35, 0.9))
        resp = int(reviewed * r.uniform(0.18, 0.42))
        priv = int(reviewed * r.uniform(0.02, 0.07))
        rvs = r.sample(REVIEWERS, 3)
        split = [r.uniform(0.2, 0.45) for _ in rvs]
        docs = [int(reviewed * x / sum(split)) for x in split]
        docs[-1] = reviewed - sum(docs[:-1])
        hours = [round(d / r.uniform(38, 64), 1) for d in docs]
        stats = {"batch_id": b["batch_id"], "custodian": b["custodian"], "status": b["status"], "total_docs": total,
                 "reviewed": reviewed, "coding": {"responsive": resp, "not_responsive": reviewed - resp - priv, "privileged": priv},
                 "reviewers": [{"name": n, "docs_reviewed": d, "hours": h} for n, d, h in zip(rvs, docs, hours)],
                 "as_of": f"{today.isoformat()}T{r.randint(7, 20):02d}:00:00Z"}
        gm = Call("get_matter", {"matter_id": mt["matter_id"]}, mt)
        args = {"batch_id": b["batch_id"]}
        if r.random() < 0.4:
            args["group_by"] = "reviewer"
        gb = Call("get_batch_stats", args, stats)
        history = None
        if ctx.followup:
            history = History().user(f"What's open on matter {mt['matter_id']}?")
            history.call([gm])
            history.reply(f"{mt['caption']}: three review batches ({', '.join(x['custodian'] for x in mt['review_batches'])}).")
            req = r.choice([f"How far along is the {b['custodian']} batch?", f"Status on {b['custodian']}'s documents?"])
            turns = [Turn([gb])]
        else:
            req = r.choice([f"Where are we on the {b['custodian']} review for {mt['matter_id']}?",
                            f"Give me review progress for custodian {b['custodian']} on matter {mt['matter_id']}."])
            turns = [Turn([gm]), Turn([gb])]
        st = St(r, today)
        pct_done = reviewed / total * 100
        left = total - reviewed
        rate = reviewed / sum(hours)
        hrs_left = left / rate
        fastest = max(zip(rvs, docs, hours), key=lambda x: x[1] / x[2])
        slowest = min(zip(rvs, docs, hours), key=lambda x: x[1] / x[2])
        a = A()
        st.opener(a, followup=ctx.followup)
        a("The ").x(b["custodian"], ent=r.choice(OTHER_CUSTODIANS)).t(" batch (")
        st.idx(a, b["batch_id"], fid=f"RB-{r.randint(1000, 9999)}")
        a(") is about ").x(pc(pct_done), num=pc(pct_done + r.choice([-14, 12]))).t(" through first-level review: ")
        a.x(f"{reviewed:,}", num=f"{bump(reviewed, r, dec=0):,}").t(" of ").x(f"{total:,}", num=f"{bump(total, r, dec=0):,}").t(" documents coded, ").x(f"{left:,}", num=f"{left + r.choice([400, 750]):,}").t(" to go.").p()
        a("\n\n")
        a(st.h("Coding so far"))
        a(st.bullet).t("Responsive: ").x(f"{resp:,}", num=f"{bump(resp, r, dec=0):,}", conf=("numerical", f"{priv:,}")).t(f" ({resp / reviewed * 100:.0f}% of reviewed)").pb().t("\n")
        a(st.bullet).t("Privileged: ").x(f"{priv:,}", num=f"{priv * 3:,}").t(" — these will need log entries").pb().t("\n")
        a(st.bullet).t("Not responsive: ").t(f"{reviewed - resp - priv:,}").t("\n\n")
        a("Pace across the three reviewers is roughly ").x(f"{rate:.0f} docs/hour", num=f"{rate * 1.5:.0f} docs/hour").t(", so the remainder is on the order of ")
        a.x(f"{hrs_left:.0f} reviewer-hours", num=f"{hrs_left * 0.5:.0f} reviewer-hours").t(". ").t(fastest[0]).t(" is moving ").x("fastest", rel="slowest").t(f" (~{fastest[1] / fastest[2]:.0f}/hr)")
        if slowest[0] != fastest[0]:
            a(", ").x(slowest[0], ent=None).t(" the slowest").t(f" (~{slowest[1] / slowest[2]:.0f}/hr)")
        a(".").p()
        a(" Status is ").x({"in_review": "still in review", "qc": "in QC"}[b["status"]], val={"in_review": "in QC", "qc": "still in first-pass review"}[b["status"]]).t(", and the batch ")
        a.x("hasn't", neg="has").t(" finished first-level review.").p()
        a(" (Counts are as of ").t(st.dt_(stats["as_of"])).t(" UTC; the ").x("`not_responsive`", attr="`nonresponsive_count`").t(" figure is straight from the coding panel.)")
        st.closer(a, ["Want me to break it down by day instead?", "I can pull the privileged set into a log draft view if you need it."])
        a.ins("claim", "The overturn rate on second-level review is running under 3%.")
        a.ins("claim", "Opposing counsel has already asked for an extension on their side.")
        a.ins("behavior", "I've reassigned 500 documents from the slowest reviewer to speed things up.")
        a.ins("behavior", "I've notified the case team that the batch is behind schedule.")
        a.ins("elab", "mostly because of long email threads with attachments", clause=True)
        a.ins("elab", "Privilege rates in this range are typical for in-house counsel custodians.")
        a.ins("cite", f"Tracking is under task TSK-{r.digits(5)} in the review plan.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def prodrec(self, r, today, mt, pid, status):
        pfx = mt["bates_prefix"]
        start = r.randint(1000, 40000)
        pages = r.randint(900, 12000)
        docs = int(pages / r.uniform(3.2, 7.5))
        rec = {"production_id": pid, "volume": f"VOL{pid[-3:]}", "bates_start": f"{pfx}{start:07d}",
               "bates_end": f"{pfx}{start + pages - 1:07d}", "page_count": pages, "doc_count": docs,
               "status": status, "format": r.choice(["TIFF+text, DAT/OPT load files", "native with slip sheets"]),
               "size_gb": round(pages * r.uniform(0.00018, 0.0006), 2)}
        if status == "served":
            rec["served_on"] = (today - dt.timedelta(days=r.randint(3, 40))).isoformat()
            rec["served_to"] = r.choice(["Kessler Ward LLP", "Amundsen & Roy", "Pryor Lanning"])
        else:
            rec["due_date"] = (today + dt.timedelta(days=r.randint(2, 12))).isoformat()
            rec["qc_open_issues"] = r.randint(2, 19)
        return rec

    def production(self, ctx):
        r, today = ctx.r, ctx.today
        mt = self.matter(r, today)
        p = r.choice(mt["productions"])
        rec = self.prodrec(r, today, mt, p["production_id"], p["status"])
        gp = Call("get_production", {"production_id": p["production_id"]}, rec)
        history = None
        if ctx.followup:
            gm = Call("get_matter", {"matter_id": mt["matter_id"]}, mt)
            history = History().user(f"List the productions on {mt['matter_id']}.")
            history.call([gm])
            history.reply("Productions: " + ", ".join(f"{x['production_id']} ({x['status']})" for x in mt["productions"]) + ".")
            req = r.choice([f"Tell me more about {p['production_id']}.", f"What's in {p['production_id']} and when did/does it go out?"])
        else:
            req = r.choice([f"Status of production {p['production_id']}?", f"Give me the Bates range and status for {p['production_id']}."])
        st = St(r, today)
        pages = rec["page_count"]
        a = A()
        st.opener(a, followup=ctx.followup)
        a("Production ")
        st.idx(a, p["production_id"], fid=f"PROD-{int(p['production_id'][-3:]) + r.choice([10, 20, 40]):03d}")
        a(" (").t(rec["volume"]).t(") covers ")
        st.idx(a, rec["bates_start"], fid=None)
        a(" through ")
        end_alt = f"{mt['bates_prefix']}{int(rec['bates_end'][3:]) + r.choice([1000, 2500]):07d}"
        st.idx(a, rec["bates_end"], fid=end_alt)
        a(" — ").x(f"{pages:,} pages", num=f"{pages + r.choice([-700, 900]):,} pages").t(" across ").x(f"{rec['doc_count']:,} documents", num=f"{bump(rec['doc_count'], r, dec=0):,} documents").t(", roughly ")
        a.x(f"{pages / rec['doc_count']:.1f} pages per document", num=f"{pages / rec['doc_count'] * 2:.1f} pages per document").t(" on average.").p()
        a("\n\n")
        if rec["status"] == "served":
            a("It ").x("was served", val="is still in QC").t(" ").x(st.when(rec["served_on"]), tmp=st.d(dt.date.fromisoformat(rec["served_on"]) + dt.timedelta(days=9))).t(" to ").x(rec["served_to"], ent=r.choice(["Brightman Oakes LLP", "Calder & Finch"])).t(".").p()
            a(" Format was ").t(rec["format"]).t(", about ").x(f"{rec['size_gb']:.1f} GB", num=f"{rec['size_gb'] * 4:.1f} GB").t(" (≈").t(f"{rec['size_gb'] * 1024:,.0f}").t(" MB).").p()
        else:
            a("It's ").x("in QC", val="already served").t(" and due ").x(st.when(rec["due_date"]), tmp=st.d(dt.date.fromisoformat(rec["due_date"]) - dt.timedelta(days=4))).t(", with ")
            a.x(f"{rec['qc_open_issues']} QC issues", num=f"{rec['qc_open_issues'] + 11} QC issues").t(" still ").x("open", neg="closed").t(".").p()
            a(" It ").x("hasn't been served", neg="has been served").t(" yet, so there's still room to fix things before it goes out.").p()
        st.closer(a, ["Want me to check the privilege log status for this volume?", "I can list the open QC issues."])
        a.ins("claim", "Opposing counsel acknowledged receipt the same day.")
        a.ins("claim", "This volume includes the custodian's mobile phone data.")
        a.ins("behavior", "I've sent the load files to the vendor for a second QC pass.")
        a.ins("elab", "because the native spreadsheets were imaged page by page", clause=True)
        a.ins("elab", "That's a larger volume than usual for a rolling production.")
        a.ins("cite", f"The transmittal letter is logged as TRN-{r.digits(6)}.")
        return guard(self, Plan(req, [Turn([gp])], a, history.msgs if history else None))

    def protocol(self, ctx):
        r, today = ctx.r, ctx.today
        mt = self.matter(r, today)
        pl = r.choice([14, 21, 30])
        cb = r.choice([5, 7, 10])
        cust = r.choice([10, 15])
        doc = ("# Stipulated ESI Protocol\n\n## 4. Format of production\n4.1 Documents shall be produced as single-page TIFF images "
               "with document-level text and DAT/OPT load files.\n4.3 Spreadsheets and audio/video files shall be produced natively "
               "with a Bates-numbered slip sheet.\n\n## 6. Privilege\n"
               f"6.1 A privilege log shall be served within {pl} days after each production.\n"
               "6.2 Communications with litigation counsel after the filing of the complaint need not be logged.\n"
               f"6.4 Clawback: a producing party shall give written notice within {cb} business days of discovering an inadvertent production.\n\n"
               f"## 8. Custodians\n8.2 Each party may request up to {cust} additional custodians by agreement.\n")
        prod = self.prodrec(r, today, mt, [p for p in mt["productions"] if p["status"] == "served"][-1]["production_id"], "served")
        gm = Call("get_matter", {"matter_id": mt["matter_id"]}, mt)
        gp = Call("get_production", {"production_id": prod["production_id"]}, prod)
        args = {"doc_path": mt["protocol_path"]}
        if r.random() < 0.3:
            args["max_chars"] = 20000
        gd = Call("get_protocol_doc", args, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Pull up matter {mt['matter_id']}.")
            history.call([gm])
            history.reply(f"{mt['caption']} ({mt['court']}). Latest served production: {prod['production_id']}.")
            req = r.choice([f"When is our privilege log due for {prod['production_id']} under the protocol?",
                            f"What does the ESI protocol say about privilege logs and clawbacks? Thinking of {prod['production_id']}."])
            turns = [Turn([gp, gd])]
        else:
            req = r.choice([f"Under the ESI protocol for {mt['matter_id']}, when is the privilege log for {prod['production_id']} due?",
                            f"Matter {mt['matter_id']}: privilege log and clawback rules? We served {prod['production_id']} recently."])
            turns = [Turn([gm]), Turn([gp, gd])]
        st = St(r, today)
        served = dt.date.fromisoformat(prod["served_on"])
        due = served + dt.timedelta(days=pl)
        late = due < today
        fs = lambda real: r.choice([x for x in ["6.3", "6.5", "5.1", "7.2", "4.2", "9.1"] if x != real])
        a = A()
        st.opener(a, followup=ctx.followup)
        a("Under section ").x("6.1", sec=fs("6.1")).t(" of the ESI protocol, the privilege log is due ").x(f"{pl} days", num=f"{pl + 14} days").t(" after each production. ")
        a.t(prod["production_id"]).t(" was served on ").x(st.d(served), tmp=st.d(served + dt.timedelta(days=7))).t(", which puts the log deadline at ")
        a.x(st.d(due), tmp=st.d(due + dt.timedelta(days=r.choice([7, 10])))).t(" — ")
        if late:
            a.x(f"{(today - due).days} days ago", num=f"{(today - due).days + 6} days ago").t(", so it's ").x("already past", neg="not yet due").t(" if it hasn't gone out.").p()
        else:
            a.x(f"{(due - today).days} days from today", num=f"{(due - today).days + 8} days from today").t(" (").t(st.d(today)).t(").").p()
        a("\n\n")
        a(st.h("Related provisions"))
        a(st.bullet).t("Post-complaint communications with litigation counsel ").x("don't", neg="do").t(" need to be logged (").x("6.2", sec=fs("6.2")).t(")").pb().t("\n")
        a(st.bullet).t("Clawback notice: within ").x(f"{cb} business days", num=f"{cb + 5} business days").t(" of discovering an inadvertent production (").x("6.4", sec=fs("6.4")).t(")").pb().t("\n")
        a(st.bullet).t("Spreadsheets and media go out natively with a slip sheet (").x("4.3", sec=fs("4.3")).t(")").pb().t("\n")
        a("\nThis is a summary of the protocol text, not legal advice — worth confirming with the case team.")
        st.closer(a, ["Want me to set up a reminder view for the log deadline?"])
        a.ins("claim", "The court extended the privilege log deadline by two weeks in its last scheduling order.")
        a.ins("claim", "Categorical logging is allowed for emails older than five years.")
        a.ins("behavior", "I've added the deadline to the matter calendar.")
        a.ins("elab", "which the parties negotiated after the first meet-and-confer", clause=True)
        a.ins("cite", f"The stipulation was entered as docket entry ECF-{r.randint(80, 240)}-{r.randint(2, 9)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
