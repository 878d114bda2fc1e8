"""royalty_statements (set x): the integration agent of Quillstone Press's rights & royalties desk — an author's
half-year royalty statement (titles by format with units sold and royalty per unit, a reserve against returns, the
advance and how much of it was recouped) read against the contract terms (a Markdown document fetched by path), and a
request to release the payment of a statement (refused by design while the advance is not earned out — reason code and
the next statement as the alternative). Final answers are JSON objects with camelCase keys."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_obj, s_str
from .xstyle import JB, Js, O, S, V, emit, sentence, shuffle_keys, ts, vet

BASE = "https://api.quillstonepress.example/royalties/v1"
TERMS = "/contracts/terms/quillstone-author-terms-qa-5.md"
AUTHORS = [("Maren Holt", "Europe/London"), ("Declan Reilly", "Europe/Dublin"), ("Sofia Marchetti", "Europe/London"),
           ("Anouk Visser", "Europe/Amsterdam"), ("Tobias Engel", "Europe/Berlin")]
FAKE_AUTHORS = ["Imogen Vale", "Rufus Carrow"]
TITLES = [("The Salt Road", "978-1-80412-031-6"), ("Harbour of Glass", "978-1-80412-118-4"),
          ("A Winter Ledger", "978-1-80412-207-5"), ("Lanterns at Low Tide", "978-1-80412-342-3"),
          ("The Cartographer's Son", "978-1-80412-455-0")]
FAKE_TITLES = ["The Iron Orchard", "Echoes of Marram"]
FORMATS = [("hardback", 2.15), ("paperback", 0.89), ("ebook", 1.62), ("audiobook", 2.4)]


class RoyaltyStatements(Scenario):
    name = "royalty_statements"
    agent = "quillstone-royalty-integration"
    service = "quillstone-royalty-desk"
    system = ("You are the integration agent of Quillstone Press's rights & royalties desk. Your final answer updates the "
              "author portal and is shown to the royalties officer: reply with one JSON object only (response_format "
              "json_schema 'royaltyAnswer', strict), camelCase keys, no text outside the object. \"status\" is one of "
              "\"info\", \"scheduled\", \"refused\"; \"summary\" is one or two plain sentences; amounts are strings with the "
              "currency code or JSON numbers; dates are ISO; a refusal gives the \"reasonCode\" and the alternative. Use "
              "only the statement, the contract terms and tool results.")
    error_style = 2
    entity_noun = {"statement_id": "Statement", "contract_path": "Document"}
    preambles = ["Opening the royalty statement.", "Checking the statement and the contract terms."]

    def __init__(self):
        self.tools = [
            Tool("get_royalty_statement", "A half-year royalty statement: author, period, titles by format with units and "
                                          "royalty per unit, reserve against returns, advance and recouped amount.",
                 s_obj({"statement_id": s_str("Statement id, e.g. 'RS-26H1-0412'.", pattern=r"^RS-\d{2}H[12]-\d{4}$"),
                        "detail": s_str("Detail level.", enum=["summary", "lines"])}, ["statement_id"]),
                 entity={"statement_id": "id"}, http=BASE, extra=[("include_pdf", True)]),
            Tool("read_contract_terms", "Read a contract-terms document by path (Markdown, numbered clauses).",
                 s_obj({"contract_path": s_str("Document path.", pattern=r"^/contracts/terms/[a-z0-9-]+\.md$")}, ["contract_path"]),
                 entity={"contract_path": "path"}, http=BASE, extra=[("version", "latest")]),
            Tool("release_payment", "Release the payment of a statement. A statement whose advance is not earned out is "
                                    "refused with a reason code and the next statement as the alternative.",
                 s_obj({"statement_id": s_str("Statement id.", pattern=r"^RS-\d{2}H[12]-\d{4}$"),
                        "method": s_str("Payment method.", enum=["bank_transfer", "cheque"])},
                       ["statement_id", "method"]),
                 entity={"statement_id": "id"}, http=BASE, extra=[("urgent", True)]),
        ]
        self.intents = [("statement_review", self.review, True), ("release_payment", self.release, True)]

    def _P(self, r):
        return {"reserve": r.choice([10, 15]), "pay_days": r.choice([30, 45]), "rev": r.choice(["5.0", "5.1"])}

    def _stmt(self, r, today, P, earned=None):
        author, zone = r.choice(AUTHORS)
        h = 1 if today.month >= 7 else 2
        y = today.year if h == 1 else today.year - 1
        pend = dt.date(y, 6, 30) if h == 1 else dt.date(y, 12, 31)
        title, isbn = r.choice(TITLES)
        lines = []
        for fmt, rpu in r.sample(FORMATS, r.choice([2, 3])):
            lines.append({"format": fmt, "units": r.randrange(300, 4000, 5), "royalty_per_unit": rpu})
        gross = round(sum(l["units"] * l["royalty_per_unit"] for l in lines), 2)
        reserve = round(gross * P["reserve"] / 100, 2)
        net = round(gross - reserve, 2)
        advance = r.choice([5000.0, 8000.0, 12000.0, 15000.0])
        if earned is None:
            earned = r.random() < 0.5
        if earned:
            recouped_before = round(advance - r.uniform(0.1, 0.8) * net, 2)
        else:
            recouped_before = round(advance - net - r.uniform(500, 3000), 2)
        unrec = round(advance - recouped_before, 2)
        payable = round(max(0.0, net - unrec), 2)
        return {"statement_id": f"RS-{y % 100:02d}H{h}-{r.randint(1000, 9999)}", "publisher": "Quillstone Press",
                "author": author, "title": title, "isbn": isbn, "period": {"from": dt.date(y, 1 if h == 1 else 7, 1).isoformat(),
                                                                          "to": pend.isoformat()},
                "lines": lines, "gross_royalties": gross, "reserve_pct": P["reserve"], "reserve": reserve,
                "net_royalties": net, "advance": advance, "recouped_before_period": recouped_before,
                "unrecouped_before_period": unrec, "payable": payable, "currency": "GBP",
                "statement_date": (pend + dt.timedelta(days=60)).isoformat(),
                "next_statement_date": (dt.date(y, 12, 31) + dt.timedelta(days=60) if h == 1 else dt.date(y + 1, 6, 30) + dt.timedelta(days=62)).isoformat(),
                "portal_sections": ["Statements", "Payments", "Tax Forms"], "contract_path": TERMS, "time_zone": zone,
                "as_of": ts(today, r.choice([9, 11, 15]), r.choice([0, 20]), zone)}

    def _doc(self, P):
        return ("# Quillstone Press — author contract terms (QA-" + P["rev"] + ")\n\n"
                "## 1. Statements\n"
                "1.1 Royalties are accounted twice a year, for January to June and July to December.\n"
                f"1.2 A reserve of {P['reserve']}% of gross royalties is held against returns and released on the next statement.\n\n"
                "## 2. Advances\n"
                "2.1 Net royalties first recoup the unrecouped advance; only the remainder is payable.\n"
                "2.2 No payment is released while the advance is not earned out.\n\n"
                "## 3. Payment\n"
                f"3.1 Payable amounts are paid within {P['pay_days']} days of release.\n")

    def _history(self, rec):
        h = History().user(f"Could you open royalty statement {rec['statement_id']}?")
        h.call([Call("get_royalty_statement", {"statement_id": rec["statement_id"]}, rec)])
        h.reply('{"status": "info", "summary": "Statement ' + rec["statement_id"] + ' for ' + rec["author"] + ' is loaded."}')
        return h

    def _inserts(self, a, w, r, elab="because a large retailer returned unsold stock"):
        a.ins("claim", "The title was shortlisted for a regional prize this spring.")
        a.ins("claim", "Audiobook rates rise to 25% of receipts from next year.")
        a.ins("behavior", "The statement PDF was already sent to the author's agent.")
        a.ins("behavior", "A tax form reminder was added to the author's account.")
        fake = f"RS-{r.randint(10, 29)}H{r.randint(1, 2)}-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"Corrects the figures on statement {fake}.", fake))
        a.ins("elab", elab, clause=True)

    def review(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._stmt(r, today, P)
        cg = Call("get_royalty_statement", {"statement_id": rec["statement_id"], "detail": "lines"}, rec)
        cd = Call("read_contract_terms", {"contract_path": TERMS}, self._doc(P))
        req = r.choice([f"What does statement {rec['statement_id']} come to, and is anything payable?",
                        f"Breakdown of royalty statement {rec['statement_id']} please.",
                        f"{rec['statement_id']}: net royalties, reserve and advance position?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["What's the net after the reserve, and has the advance earned out?", "Is anything payable on it?"])
            turns = [Turn([cd])]
        w = Js(r, today, "camel")
        a = JB()
        rows, works = [], []
        for i, l in enumerate(rec["lines"]):
            lt = w.declare(round(l["units"] * l["royalty_per_unit"], 2))
            oth = rec["lines"][(i + 1) % len(rec["lines"])]
            rows.append(O([("format", S(V(l["format"], val=oth["format"]))),
                           ("units", V(str(l["units"]), num=str(l["units"] + r.choice([250, 400])),
                                       conf=("numerical", str(oth["units"])) if oth["units"] != l["units"] else None)),
                           ("royaltyPerUnit", V(w.amt(l["royalty_per_unit"]), num=w.amt(l["royalty_per_unit"] + 0.5))),
                           ("royalties", V(w.amt(lt), num=w.amt(lt * 1.3)))]))
            works.append(f"{l['units']:,} x {w.plain(l['royalty_per_unit'])} = {w.plain(lt)}")
        gross, res_, net = rec["gross_royalties"], rec["reserve"], rec["net_royalties"]
        unrec, pay = rec["unrecouped_before_period"], rec["payable"]
        for x in (gross, res_, net, pay):
            w.declare(x)
        earned = pay > 0
        left = w.declare(round(max(0.0, unrec - net), 2))
        summ = S(*sentence(V(rec["title"], ent=r.choice(FAKE_TITLES)), f" earned GBP {net:,.2f} net for the period, and the advance ",
                           V("has earned out" if earned else "has not earned out yet", neg="has not earned out yet" if earned else "has earned out")))
        if r.random() < 0.6:
            summ.segs += [" "] + sentence(f"GBP ", V(f"{pay:,.2f}", num=f"{pay + 900:,.2f}", conf=("numerical", f"{net:,.2f}") if pay != net else None), " is payable" if earned else " is payable until it does", clause=False)
        pairs = [("status", S(V("info", val="scheduled"))),
                 ("summary", summ),
                 ("statementId", S(V(rec["statement_id"], fid=w.fake_id(rec["statement_id"], r)))),
                 ("author", S(V(rec["author"], ent=r.choice(FAKE_AUTHORS)))),
                 ("isbn", S(V(rec["isbn"], fid=w.fake_id(rec["isbn"], r)))),
                 ("periodTo", S(V(rec["period"]["to"], tmp=(dt.date.fromisoformat(rec["period"]["to"]) - dt.timedelta(days=r.choice([30, 61]))).isoformat()))),
                 ("lines", rows),
                 ("grossRoyalties", S(V(w.money(gross, "GBP"), num=w.money(gross * 1.2, "GBP")))),
                 ("reserve", S(V(w.money(res_, "GBP"), num=w.money(res_ * 2, "GBP")))),
                 ("netRoyalties", S(V(w.money(net, "GBP"), num=w.money(net + 800, "GBP"), conf=("numerical", w.money(gross, "GBP"))))),
                 ("calculation", "; ".join(works) + f"; reserve: {w.plain(gross)} x {rec['reserve_pct']}% = {w.plain(res_)}; net: {w.plain(gross)} - {w.plain(res_)} = {w.plain(net)}"),
                 ("unrecoupedAdvanceBefore", S(V(w.money(unrec, "GBP"), num=w.money(unrec + 1500, "GBP")))),
                 ("advanceEarnedOut", V("true" if earned else "false", neg="false" if earned else "true")),
                 ("payable", S(V(w.money(pay, "GBP"), num=w.money(pay + 650, "GBP")))),
                 ("termsRef", S("clause ", V("2.1", sec=r.choice(["2.5", "4.1"]))))]
        if not earned:
            pairs.append(("advanceStillUnrecouped", S(V(w.money(left, "GBP"), num=w.money(left + 700, "GBP")))))
            pairs.append(("recoupWorking", f"{w.plain(unrec)} - {w.plain(net)} = {w.plain(left)}"))
        else:
            pairs.append(("recoupWorking", S(f"{w.plain(net)} - {w.plain(unrec)} = ", V(w.plain(pay), num=w.plain(pay + 300)))))
        if r.random() < 0.4:
            pairs.append(("seeInPortal", S(V("Statements", attr=r.choice(["Earnings Hub", "Royalty Vault"])))))
        if r.random() < 0.4:
            pairs.append(("nextStatementDate", S(V(rec["next_statement_date"], tmp=(dt.date.fromisoformat(rec["next_statement_date"]) + dt.timedelta(days=r.choice([14, 31]))).isoformat()))))
        if r.random() < 0.3:
            pairs.append(("agent", None))
        emit(a, w, O(shuffle_keys(w, pairs)))
        self._inserts(a, w, r)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def release(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._stmt(r, today, P, earned=ok)
        method = r.choice(["bank_transfer", "bank_transfer", "cheque"])
        args = {"statement_id": rec["statement_id"], "method": method}
        net, unrec, pay = rec["net_royalties"], rec["unrecouped_before_period"], rec["payable"]
        if ok:
            pdate = today + dt.timedelta(days=P["pay_days"])
            res = {"status": "scheduled", "payment_id": f"PAY-{r.randint(100000, 999999)}", "statement_id": rec["statement_id"],
                   "amount": pay, "currency": "GBP", "method": method, "pay_by": pdate.isoformat()}
        else:
            left = round(unrec - net, 2)
            res = {"status": "refused", "reason_code": "ADVANCE_NOT_EARNED_OUT", "statement_id": rec["statement_id"],
                   "unrecouped_after_period": left,
                   "alternative": {"option": "next_statement", "statement_date": rec["next_statement_date"],
                                   "needed_net_royalties": left, "reserve_released": rec["reserve"]}}
        cg = Call("get_royalty_statement", {"statement_id": rec["statement_id"]}, rec)
        cd = Call("read_contract_terms", {"contract_path": TERMS}, self._doc(P))
        cx = Call("release_payment", args, res)
        req = r.choice([f"Please release the payment for statement {rec['statement_id']} by {method.replace('_', ' ')}.",
                        f"{rec['author']} is asking to be paid on {rec['statement_id']} - can you release it?",
                        f"Release payment {rec['statement_id']} ({method.replace('_', ' ')})"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Can you release the payment on it?", f"Please release that payment by {method.replace('_', ' ')}."])
            turns = [Turn([cd]), Turn([cx])]
        w = Js(r, today, "camel")
        a = JB()
        if ok:
            pdate = dt.date.fromisoformat(res["pay_by"])
            w.declare(pdate)
            w.declare(pay)
            w.declare(today)
            summ = S(*sentence(f"Payment of GBP ", V(f"{pay:,.2f}", num=f"{pay + 500:,.2f}", conf=("numerical", f"{net:,.2f}")),
                               " to ", V(rec["author"], ent=r.choice(FAKE_AUTHORS)), " is scheduled for ",
                               V(res["pay_by"], tmp=(pdate + dt.timedelta(days=r.choice([7, 14]))).isoformat())))
            pairs = [("status", S(V("scheduled", val="refused"))),
                     ("summary", summ),
                     ("paymentId", S(V(res["payment_id"], fid=w.fake_id(res["payment_id"], r)))),
                     ("statementId", rec["statement_id"]),
                     ("amount", O([("value", V(w.amt(pay), num=w.amt(pay + 350))), ("currency", "GBP")])),
                     ("calculation", S(f"{w.plain(net)} - {w.plain(unrec)} = ", V(w.plain(pay), num=w.plain(pay + 200)))),
                     ("method", S(V(method, val="cheque" if method == "bank_transfer" else "bank_transfer"))),
                     ("payBy", S(V(res["pay_by"], tmp=(pdate + dt.timedelta(days=10)).isoformat()))),
                     ("payWorking", S(f"{today.isoformat()} + {P['pay_days']} days = ", V(res["pay_by"], tmp=(pdate + dt.timedelta(days=5)).isoformat()))),
                     ("advanceEarnedOut", V("true", neg="false")),
                     ("termsRef", S("clause ", V("3.1", sec=r.choice(["3.4", "6.1"]))))]
            if r.random() < 0.5:
                pairs.append(("nextSteps", [S("The remittance will appear under ", V("Payments", attr=r.choice(["Payout Center", "Earnings Hub"])), "."),
                                            "Check the bank details on file before the pay date."]))
        else:
            alt = res["alternative"]
            left = w.declare(res["unrecouped_after_period"])
            w.declare(net)
            nd = dt.date.fromisoformat(alt["statement_date"])
            summ = S(*sentence("No payment was released because the advance is still GBP ", V(f"{left:,.2f}", num=f"{left + 1200:,.2f}"),
                               " short of earning out", clause=False))
            if r.random() < 0.6:
                summ.segs += [" "] + sentence("The next statement is due on ", V(alt["statement_date"], tmp=(nd + dt.timedelta(days=r.choice([30, 45]))).isoformat()))
            alt_o = O([("option", "next_statement"),
                       ("statementDate", S(V(alt["statement_date"], tmp=(nd - dt.timedelta(days=r.choice([31, 62]))).isoformat()))),
                       ("neededNetRoyalties", V(w.amt(left), num=w.amt(left * 1.4))),
                       ("reserveReleased", V(w.amt(rec["reserve"]), num=w.amt(rec["reserve"] + 120))),
                       ("currency", "GBP")])
            pairs = [("status", S(V("refused", val="scheduled"))),
                     ("reasonCode", S(V("ADVANCE_NOT_EARNED_OUT", attr=r.choice(["ADVANCE_UNRECOUPED", "NOT_EARNED_OUT"])))),
                     ("summary", summ),
                     ("statementId", S(V(rec["statement_id"], fid=w.fake_id(rec["statement_id"], r)))),
                     ("author", S(V(rec["author"], ent=r.choice(FAKE_AUTHORS)))),
                     ("netRoyalties", V(w.amt(net), num=w.amt(net + 600))),
                     ("unrecoupedBefore", V(w.amt(unrec), num=w.amt(unrec + 900), conf=("numerical", w.amt(rec["advance"])))),
                     ("working", S(f"{w.plain(unrec)} - {w.plain(net)} = ", V(w.plain(left), num=w.plain(left + 400)))),
                     ("netVsUnrecouped", S(V("below", rel="above"))),
                     ("paymentReleased", V("false", neg="true")),
                     ("termsRef", S("clause ", V("2.2", sec=r.choice(["2.7", "5.2"])))),
                     ("alternative", alt_o)]
        emit(a, w, O(shuffle_keys(w, pairs, fixed_first=("status", "reasonCode"))))
        self._inserts(a, w, r, elab="because the returns reserve was raised this period" if not ok else "because a large retailer returned unsold stock")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
