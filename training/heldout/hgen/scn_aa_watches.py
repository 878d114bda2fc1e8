"""watch_repairs (set aa): the repair desk of Tempo Watch Service, an independent watch-servicing workshop. The desk
assistant looks a repair job up (the watch, when it was received, the estimate with its lines and issue date, the
deposit, the promised date and the job stage), sometimes reads the workshop's numbered service terms by path (how long
an estimate stays valid, the service warranty, the storage charge for uncollected watches) and, for the write intent,
records the customer's approval of the estimate (refused by design with ``ESTIMATE_EXPIRED`` / ``PARTS_BACKORDERED``
and a re-quote or a later promised date as the alternative). The answer is a hand-off note for the bench or the front
desk: the dates, the estimate total and the balance after the deposit with the working, the estimate's age against its
validity, and the approval or refusal."""
from __future__ import annotations

import datetime as dt

from .aastyle import AaScenario, Layout, Nw, bad_section, doc_keys, items, open_q
from .common import A, Call, Tool, mutate_id, s_bool, s_int, s_obj, s_str

WATCHES = ["Aldane Meridian", "Corvo Tidemaster", "Halvard Field", "Sorrel Chronograph", "Vesna Classic", "Ortega Diver"]
LINES = [("SVC-1010", "full movement service", 240, 420), ("CRY-2020", "sapphire crystal", 95, 180),
         ("GSK-3030", "gasket set and pressure test", 45, 85), ("CRN-4040", "crown and stem", 60, 130),
         ("BRC-5050", "bracelet refinish", 70, 150), ("DIA-6060", "dial clean", 55, 95)]
STAGE = {"awaiting_approval": "awaiting approval", "in_repair": "in repair", "ready_for_collection": "ready for collection"}
FAKE_WATCHES = ["Brennick Aviator", "Lusso Regatta", "Taviston Moonphase"]


class WatchRepairs(AaScenario):
    name = "watch_repairs"
    agent = "tempo-repair-desk-agent"
    service = "tempo-watch-service"
    system = ("You are the desk assistant of Tempo Watch Service. Look repair jobs up with the tools and write case notes "
              "and hand-off summaries for the bench and the front desk: past tense, third person about the customer, "
              "dates, the working for every figure, and only what the tools return.")
    error_style = 1
    preambles = ["Looking up the job.", "Pulling the repair job."]
    entity_noun = {"job_id": "Job", "terms_path": "File", "estimate_id": "Estimate"}
    base = "https://api.tempo-watch.example/desk"

    def __init__(self):
        jid = s_str("Repair job id.", pattern=r"^WR-\d{5}$")
        self.tools = [
            Tool("get_repair_job", "A repair job with the watch, estimate, deposit, dates and stage.",
                 s_obj({"job_id": jid, "include_estimate": s_bool("Include the estimate lines."),
                        "history_limit": s_int("Events to return.", 1, 20)}, ["job_id"]),
                 entity={"job_id": "id"}, http=self.base, extra=[("expand", "customer")]),
            Tool("read_service_terms", "The workshop's numbered service terms (Markdown).",
                 s_obj({"terms_path": s_str("Path of the terms file.", pattern=r"^terms/[a-z-]+\.md$")}, ["terms_path"]),
                 entity={"terms_path": "path"}, http=self.base, extra=[("format", "markdown")]),
            Tool("approve_estimate", "Record the customer's approval of an estimate. Refused with a reason code and an "
                 "alternative when the estimate cannot be approved.",
                 s_obj({"job_id": jid, "estimate_id": s_str("Estimate id.", pattern=r"^ES-\d{5}$"),
                        "approved_via": s_str("How the customer approved.", enum=["phone", "email", "in_store"]),
                        "notify_customer": s_bool("Send the confirmation e-mail.")},
                       ["job_id", "estimate_id", "approved_via"]),
                 entity={"job_id": "id", "estimate_id": "id"}, http=self.base, extra=[("priority", "normal")]),
        ]
        self.intents = [("review_job", self.review, True), ("approve_estimate", self.approve, True)]

    def review(self, ctx):
        return self.build(ctx, False)

    def approve(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        cur = r.choice(["GBP", "GBP", "EUR", "USD"])
        cust = self.customer(r)
        colleague = r.choice(self.colleagues)
        valid = r.choice([14, 21, 30])
        warranty = r.choice([12, 18, 24])
        storage = float(r.choice([5, 8, 10]))
        grace = r.choice([30, 60])
        received = today - dt.timedelta(days=r.randint(10, 40))
        issued = received + dt.timedelta(days=r.randint(2, 6))
        age = (today - issued).days
        if age < 3:
            issued = today - dt.timedelta(days=3)
            age = 3
        lines = []
        for code, desc, lo, hi in r.sample(LINES, r.choice([2, 2, 3])):
            lines.append({"code": code, "description": desc, "amount": float(r.randint(lo, hi))})
        total = sum(x["amount"] for x in lines)
        deposit = float(r.choice([50, 75, 100]))
        stage = "awaiting_approval" if write else r.choice(list(STAGE))
        promised = today + dt.timedelta(days=r.randint(7, 21))
        job_id = f"WR-{r.randint(10000, 99999)}"
        est_id = f"ES-{r.randint(10000, 99999)}"
        slug = r.choice(["service-terms", "repair-terms"])
        now = self.as_of(r, today)
        rec = {"job": {"job_id": job_id, "stage": stage,
                       "customer": {"name": cust, "account_id": f"TC-{r.randint(10000, 99999)}"},
                       "watch": {"model": f"{r.choice(WATCHES)} {r.choice([36, 38, 40, 42])}", "year": r.randint(1998, 2021)},
                       "received": received.isoformat(), "complaint": r.choice(["losing time", "stopped overnight",
                                                                               "condensation under crystal", "crown loose"]),
                       "estimate": {"estimate_id": est_id, "issued": issued.isoformat(), "lines": lines, "currency": cur},
                       "deposit_paid": deposit, "promised": promised.isoformat(), "terms_path": f"terms/{slug}.md"},
               "as_of": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
        c1 = Call("get_repair_job", {"job_id": job_id} | ({"include_estimate": True} if r.random() < 0.5 else {}), rec)
        fetch = write or ctx.followup or r.random() < 0.6
        later, doc = [], None
        if fetch:
            doc = (f"# Tempo Watch Service — service terms\n\n## 2.1 Estimates are valid for {valid} days from the date issued.\n"
                   f"## 2.2 Work starts only after the customer approves the estimate.\n"
                   f"## 3.1 Completed repairs carry a {warranty}-month service warranty.\n"
                   f"## 4.2 Watches not collected within {grace} days of the ready date are charged {Nw(r, cur).m(storage)} per week of storage.\n")
            later.append(Call("read_service_terms", {"terms_path": rec["job"]["terms_path"]}, doc))
        res = None
        expired = age > valid
        if write:
            if expired:
                res = {"status": "refused", "reason_code": "ESTIMATE_EXPIRED", "job_id": job_id,
                       "message": "The estimate is no longer valid.",
                       "alternative": {"type": "requote", "new_total": round(total * r.choice([1.05, 1.08, 1.1]), 2),
                                       "valid_until": (today + dt.timedelta(days=valid)).isoformat()}}
            elif r.random() < 0.3:
                res = {"status": "refused", "reason_code": "PARTS_BACKORDERED", "job_id": job_id,
                       "message": "A part on the estimate is back-ordered.",
                       "alternative": {"type": "later_date", "promised": (promised + dt.timedelta(days=r.choice([7, 10, 14]))).isoformat()}}
            else:
                res = {"status": "approved", "approval_id": f"AP-{r.randint(10000, 99999)}", "job_id": job_id,
                       "balance_due": round(total - deposit, 2), "promised": promised.isoformat()}
            later.append(Call("approve_estimate", {"job_id": job_id, "estimate_id": est_id,
                                                   "approved_via": r.choice(["phone", "email", "in_store"])}, res))
        req = r.choice([f"Can you write up {job_id} for {colleague} on the bench? Cust. is asking where the repair stands.",
                        f"Hand-off pls: repair job {job_id}, {colleague} takes it over tomorrow.",
                        f"{colleague} needs a case note on {job_id} — what's been quoted and what's outstanding."])
        if write:
            req += r.choice([" Cust. approved the estimate by phone just now — record the approval.",
                             " The customer has OK'd the estimate; please approve it in the system."])
        fu = ("Record the approval and write the hand-off." if write else f"Check the terms too and write it up for {colleague}.")
        w = Nw(r, cur, year_in_dates=True if received.year != today.year else None)
        a = A()
        self.compose(w, a, r, rec, doc, res, valid, age, total, colleague, write)
        return self.plan(ctx, req, c1, later, fu, f"Found {job_id}. Shall I check the terms as well?", w, a)

    def compose(self, w, a, r, rec, doc, res, valid, age, total, colleague, write):
        j = rec["job"]
        est = j["estimate"]
        D = dt.date.fromisoformat
        L = Layout(r)
        lines = est["lines"]
        if L.kind != "prose":
            a(r.choice([f"Job {j['job_id']} — hand-off", f"Case note `{j['job_id']}`", f"{j['job_id']} / {j['watch']['model']}"]))
            a("\n")
        L.head(a, "issue")
        a(r.choice(["Cust. ", ""]))
        a.x(j["customer"]["name"], ent=r.choice(self.fake_customers))
        a(" (")
        a.x(j["customer"]["account_id"], fid=mutate_id(j["customer"]["account_id"], r))
        a(") asked where the repair of the ")
        a.x(j["watch"]["model"], ent=f"{r.choice(FAKE_WATCHES)} {j['watch']['model'].split()[-1]}")
        a(" stands; watch came in with \"" + j["complaint"] + "\".")
        a.p()
        bl = L.list_head(a, "timeline")

        def rcv():
            w.Date(a, D(j["received"]), ("g", "job.received"), conf=[D(est["issued"])])
            a(" – watch received")

        def iss():
            w.Date(a, D(est["issued"]), ("g", "job.estimate.issued"), conf=[D(j["received"])])
            a(" – estimate ")
            a.x(est["estimate_id"], fid=mutate_id(est["estimate_id"], r))
            a(" sent")

        def prom():
            w.Date(a, D(j["promised"]), ("g", "job.promised"))
            a(" – promised date")
        items(a, L, bl, [rcv, iss, prom] if r.random() < 0.7 else [rcv, iss])
        bl = L.list_head(a, "findings")
        fns = []

        def tot():
            a("estimate ")
            for i, ln in enumerate(lines):
                if i:
                    a(" + ")
                w.Money(a, ln["amount"], ("r", ln["code"], "amount"), edit=False)
            a(" = ")
            w.Money(a, total, ("r2", ("sum", "job.estimate.lines", "amount")))
            a(" (" + ", ".join(ln["description"] for ln in lines) + ")")
        fns.append(tot)

        def bal():
            a("deposit ")
            w.Money(a, j["deposit_paid"], ("g", "job.deposit_paid"))
            a(" already paid, so balance ")
            a(w.m(total) + " − " + w.m(j["deposit_paid"]) + " = ")
            w.Money(a, round(total - j["deposit_paid"], 2), ("r2", ("sub", ("sum", "job.estimate.lines", "amount"), ("g", "job.deposit_paid"))))
            if j["deposit_paid"] * 2 != total and r.random() < 0.6:
                lt = j["deposit_paid"] * 2 < total
                a(" (deposit covers ")
                a.x("less" if lt else "more", rel="more" if lt else "less")
                a(" than half the estimate)")
                w.claim("cmp", op="lt" if lt else "gt", a=("mul", ("g", "job.deposit_paid"), ("c", 2)),
                        b=("sum", "job.estimate.lines", "amount"))
        fns.append(bal)

        def agef():
            today = D(rec["as_of"][:10])
            a("estimate is ")
            w.Days(a, age, ("sub", ("day", ("g", "as_of")), ("g", "job.estimate.issued")))
            a(" old (" + w.d(D(est["issued"])) + " → " + w.d(today) + f" = {age} days)")
            if doc is not None:
                a(", ")
                a.x("past" if age > valid else "still inside", neg="still inside" if age > valid else "past")
                a(" the ")
                w.Num(a, valid, ("doc", "2.1", 0))
                a("-day validity in ")
                a.x("§2.1", sec=f"§{bad_section('2.1', doc_keys(doc), r)}")
                a(" (estimates valid from the date issued)")
                w.claim("cmp", op="gt" if age > valid else "le", a=("sub", ("day", ("g", "as_of")), ("g", "job.estimate.issued")),
                        b=("doc", "2.1", 0))
        fns.append(agef)

        def stg():
            a("stage: ")
            a.x(STAGE[j["stage"]], val=STAGE[r.choice([s for s in STAGE if s != j["stage"]])])
            w.claim("val", id=j["job_id"], key="stage", value=j["stage"])
            a(" (")
            a.x(f"`{j['stage']}`", attr=f"`{r.choice(['on_bench', 'qc_pending', 'parts_hold'])}`")
            a(")")
        fns.append(stg)
        if doc is not None and r.random() < 0.6:
            def stor():
                a("once ready, storage of ")
                w.Money(a, float(doc.split("charged ")[1].split(" per")[0].lstrip("£€$")), ("doc", "4.2", 1))
                a(" per week applies after ")
                w.Days(a, int(doc.split("within ")[1].split(" days")[0]), ("doc", "4.2", 0))
                a(" uncollected (")
                a.x("§4.2", sec=f"§{bad_section('4.2', doc_keys(doc), r)}")
                a(" storage for watches not collected)")
            fns.append(stor)
        items(a, L, bl, fns)
        if write:
            L.head(a, "outcome")
            if res["status"] == "approved":
                a("Approval recorded — ")
                a.x(f"`{res['approval_id']}`", fid=f"`{mutate_id(res['approval_id'], r)}`")
                a("; balance due at collection ")
                w.Money(a, res["balance_due"], ("g", "balance_due"))
                a(", promised ")
                w.Date(a, D(res["promised"]), ("g", "promised"))
                a(". Work ")
                a.x("can start", neg="can't start yet")
                a(" now")
                a.pc()
                a(".")
                a.p()
            else:
                a("Approval not recorded — ")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['QUOTE_STALE', 'APPROVAL_BLOCKED', 'PARTS_UNAVAILABLE'])}`")
                alt = res["alternative"]
                if alt["type"] == "requote":
                    a(". System offered a re-quote of ")
                    w.Money(a, alt["new_total"], ("g", "alternative.new_total"))
                    a(" (vs ")
                    w.Money(a, total, ("r2", ("sum", "job.estimate.lines", "amount")), edit=False)
                    a(" before), valid until ")
                    w.Date(a, D(alt["valid_until"]), ("g", "alternative.valid_until"))
                else:
                    a(". A part is back-ordered; system offered a later promised date of ")
                    w.Date(a, D(alt["promised"]), ("g", "alternative.promised"))
                    a(", ")
                    late = (D(alt["promised"]) - D(j["promised"])).days
                    w.Days(a, late, ("sub", ("g", "alternative.promised"), ("g", "job.promised")))
                    a(" ")
                    a.x("later", rel="earlier")
                    a(" than promised")
                    w.claim("cmp", op="gt", a=("g", "alternative.promised"), b=("g", "job.promised"))
                a(". Work ")
                a.x("has not started", neg="has started")
                a(".")
                a.p()
        open_q(a, L, r, ['Does the cust. want the old parts back?', 'Is a courier return wanted or will the cust. collect?', 'Any other faults the cust. mentioned? None logged so far.'])
        L.head(a, "next")
        a(r.choice([f"Owner: {colleague}. ", f"{colleague} to pick up. "]))
        if write and res["status"] != "approved":
            a("Pls call cust. to confirm the new terms before anything goes to the bench.")
        elif j["stage"] == "ready_for_collection" and not write:
            a("Cust. to be told it's ready; f/u if not collected.")
        else:
            a("F/u w/ cust. on the promised date.")
        a.p()
        ref = f"ZT-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Photos of the movement are on ticket {ref}.", ref))
        a.ins("claim", "Cust. mentioned the watch was serviced elsewhere two years ago.")
        a.ins("claim", "The crystal on this model is usually in stock at the supplier.")
        a.ins("behavior", "Already ordered the gasket set from the supplier.")
        a.ins("behavior", "Left a voicemail for the cust. to confirm.")
        a.ins("elab", r.choice(["probably because of a worn mainspring", "likely after water got in past the crown"]), clause=True)
