"""rebate_claims (set x): the integration agent of Corvane Tools' distributor rebate programme — a distributor's rebate
position (quarterly units and net sales, volume tiers with rebate rates, claims already filed, the claim window) read
against the programme terms (a plain-text page fetched by URL), and a request to file the rebate claim for a quarter
(refused by design after the claim window — reason code and a true-up in the next quarter's claim as the alternative).
Final answers are JSON objects with snake_case keys."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_num, s_obj, s_str
from .xstyle import JB, Js, O, S, V, emit, sentence, shuffle_keys, ts, vet

BASE = "https://api.corvane.example/channel/v1"
TERMS = "https://partners.corvane.example/rebate-programme/terms-cr-26"
DISTS = [("Baltic Tool Supply", "Europe/Stockholm"), ("Rhein Werkzeug Handel", "Europe/Berlin"),
         ("Iberia Ferretería Pro", "Europe/Madrid"), ("Northern Trade Tools", "Europe/London"),
         ("Alpen Industriebedarf", "Europe/Vienna")]
FAKE_DISTS = ["Severn Fasteners", "Lago Utensili"]
MANAGERS = ["Katrin Berg", "Paolo Conti", "Freya Lindqvist", "Gareth Evans", "Miriam Roth"]
FAKE_MANAGERS = ["Stefan Kraus", "Nora Quinn"]


def q_end(y, q):
    return dt.date(y, 3 * q, [31, 30, 30, 31][q - 1])


def q_prev(d):
    q = (d.month - 1) // 3 + 1
    return (d.year, q - 1) if q > 1 else (d.year - 1, 4)


class RebateClaims(Scenario):
    name = "rebate_claims"
    agent = "corvane-rebate-integration"
    service = "corvane-channel-desk"
    system = ("You are the integration agent of Corvane Tools' distributor rebate programme. Your final answer is posted to "
              "the partner portal and shown to the channel manager: reply with one JSON object only (response_format "
              "json_schema 'rebate_answer', strict), snake_case keys, no text outside the object. \"status\" is one of "
              "\"info\", \"submitted\", \"refused\"; \"summary\" is one or two plain sentences; amounts are JSON numbers with "
              "a currency key; dates are ISO; a refusal gives the \"reason_code\" and the alternative. Use only the rebate "
              "position, the programme terms and tool results.")
    error_style = 1
    entity_noun = {"distributor_id": "Distributor", "terms_url": "Page"}
    preambles = ["Pulling the rebate position.", "Checking the position and the programme terms."]

    def __init__(self):
        self.tools = [
            Tool("get_rebate_position", "A distributor's rebate position: quarters with units and net sales, volume tiers "
                                        "with rates, claims filed, claim window.",
                 s_obj({"distributor_id": s_str("Distributor id, e.g. 'DST-20418'.", pattern=r"^DST-\d{5}$"),
                        "quarters": s_str("Which quarters.", enum=["last", "ytd", "all"])}, ["distributor_id"]),
                 entity={"distributor_id": "id"}, http=BASE, extra=[("include_invoices", True)]),
            Tool("fetch_programme_terms", "The rebate programme terms (plain text, numbered clauses).",
                 s_obj({"terms_url": s_str("Terms page URL.", pattern=r"^https://partners\.corvane\.example/.+$")}, ["terms_url"]),
                 entity={"terms_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("submit_rebate_claim", "File the rebate claim for a quarter. After the claim window the claim is refused "
                                        "with a reason code and the alternative.",
                 s_obj({"distributor_id": s_str("Distributor id.", pattern=r"^DST-\d{5}$"),
                        "quarter": s_str("Quarter, e.g. '2026-Q1'.", pattern=r"^\d{4}-Q[1-4]$"),
                        "amount": s_num("Claimed amount in EUR.", 0, 1000000)},
                       ["distributor_id", "quarter", "amount"]),
                 entity={"distributor_id": "id"}, http=BASE, extra=[("expedite", True)]),
        ]
        self.intents = [("quarter_position", self.position, True), ("file_claim", self.claim, True)]

    def _P(self, r):
        return {"window": r.choice([30, 45]), "pay_days": r.choice([30, 60]), "rev": r.choice(["2026-A", "2026-B"])}

    def _pos(self, r, today, P, closed=False):
        dist, zone = r.choice(DISTS)
        y, q = q_prev(today)
        qe = q_end(y, q)
        if closed:
            y, q = q_prev(qe)
            qe = q_end(y, q)
        tiers = [{"tier": "T1", "min_units": 0, "rate_pct": 1.0}, {"tier": "T2", "min_units": 2000, "rate_pct": 2.5},
                 {"tier": "T3", "min_units": 5000, "rate_pct": 4.0}]
        units = r.randrange(800, 7800, 10)
        avg = r.choice([16.5, 18.2, 21.75, 24.4])
        net = round(units * avg, 2)
        return {"distributor_id": f"DST-{r.randint(10000, 99999)}", "distributor": dist, "channel_manager": r.choice(MANAGERS),
                "programme": "Corvane Channel Rebate 2026", "currency": "EUR", "tiers": tiers,
                "quarter": {"quarter": f"{y}-Q{q}", "ends": qe.isoformat(), "units": units, "net_sales": net},
                "claim_deadline": (qe + dt.timedelta(days=P["window"])).isoformat(), "claims_filed": [],
                "portal_sections": ["Rebates", "Claims", "Statements"], "terms_url": TERMS, "time_zone": zone,
                "as_of": ts(today, r.choice([9, 12, 15]), r.choice([0, 30]), zone)}

    def _doc(self, P):
        return ("CORVANE CHANNEL REBATE 2026 — PROGRAMME TERMS (" + P["rev"] + ")\n\n"
                "1. Tiers\n"
                "1.1 The tier is set by the units bought in the quarter: T1 from 0, T2 from 2,000, T3 from 5,000 units.\n"
                "1.2 The rebate is the quarter's net sales times the rate of the tier reached.\n\n"
                "2. Claims\n"
                f"2.1 A claim must be filed within {P['window']} days after the quarter ends.\n"
                "2.2 A late claim is not paid; the amount may be added as a true-up to the next quarter's claim.\n\n"
                "3. Payment\n"
                f"3.1 Approved claims are paid as a credit note within {P['pay_days']} days.\n")

    def _history(self, rec):
        h = History().user(f"Can you open the rebate position for {rec['distributor_id']}?")
        h.call([Call("get_rebate_position", {"distributor_id": rec["distributor_id"]}, rec)])
        h.reply('{"status": "info", "summary": "Rebate position for ' + rec["distributor"] + ' loaded for '
                + rec["quarter"]["quarter"] + '."}')
        return h

    def _inserts(self, a, w, r, elab="because returns were netted off in the last week of the quarter"):
        a.ins("claim", "Rates for T3 rise to 5% from next quarter.")
        a.ins("claim", "Distributors in this region get a marketing bonus on top of the rebate.")
        a.ins("behavior", "The credit note was already issued to the distributor's finance team.")
        a.ins("behavior", "The channel manager was notified and approved the claim.")
        fake = f"RC-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"This supersedes claim {fake} filed last quarter.", fake))
        a.ins("elab", elab, clause=True)

    def _tier(self, rec):
        t = [x for x in rec["tiers"] if rec["quarter"]["units"] >= x["min_units"]][-1]
        nxt = [x for x in rec["tiers"] if x["min_units"] > rec["quarter"]["units"]]
        return t, (nxt[0] if nxt else None)

    def position(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._pos(r, today, P)
        cg = Call("get_rebate_position", {"distributor_id": rec["distributor_id"], "quarters": "last"}, rec)
        cd = Call("fetch_programme_terms", {"terms_url": TERMS}, self._doc(P))
        qq = rec["quarter"]
        req = r.choice([f"What rebate has {rec['distributor_id']} earned for {qq['quarter']}?",
                        f"Rebate position for distributor {rec['distributor_id']}: tier, amount, claim deadline.",
                        f"{rec['distributor_id']} - how far from the next tier were they in {qq['quarter']}?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Which tier did they reach and what's the rebate?", "How much can they claim, and by when?"])
            turns = [Turn([cd])]
        w = Js(r, today)
        a = JB()
        t, nxt = self._tier(rec)
        units, net = qq["units"], qq["net_sales"]
        reb = w.declare(round(net * t["rate_pct"] / 100, 2))
        dl = dt.date.fromisoformat(rec["claim_deadline"])
        open_ = today <= dl
        w.declare(dl)
        summ = S(*sentence(V(rec["distributor"], ent=r.choice(FAKE_DISTS)), f" bought {units:,} units in {qq['quarter']}, reaching tier ",
                           V(t["tier"], val="T3" if t["tier"] != "T3" else "T2"), f" and a rebate of EUR ", V(f"{reb:,.2f}", num=f"{reb * 1.4:,.2f}")))
        if nxt is not None and r.random() < 0.6:
            gap = w.declare(nxt["min_units"] - units)
            summ.segs += [" "] + sentence(f"That is {gap:,} units ", V("below", rel="above"), f" the {nxt['tier']} threshold", clause=False)
        pairs = [("status", S(V("info", val="submitted"))),
                 ("summary", summ),
                 ("distributor_id", S(V(rec["distributor_id"], fid=w.fake_id(rec["distributor_id"], r)))),
                 ("quarter", qq["quarter"]),
                 ("units", V(str(units), num=str(units + r.choice([600, 1200])))),
                 ("net_sales", O([("amount", V(w.amt(net), num=w.amt(net * 1.25))), ("currency", "EUR")])),
                 ("tier", S(V(t["tier"], val="T1" if t["tier"] != "T1" else "T2"))),
                 ("rate_pct", V(f"{t['rate_pct']}", num=f"{t['rate_pct'] + 1.5}",
                                conf=("numerical", f"{nxt['rate_pct']}") if nxt else None)),
                 ("rebate", O([("amount", V(w.amt(reb), num=w.amt(reb + 350))), ("currency", "EUR")])),
                 ("calculation", S(f"{w.plain(net)} x {t['rate_pct']:g}% = ", V(w.plain(reb), num=w.plain(reb * 1.2)))),
                 ("claim_deadline", S(V(rec["claim_deadline"], tmp=(dl + dt.timedelta(days=r.choice([7, 15]))).isoformat(), conf=("temporal", qq["ends"])))),
                 ("deadline_working", S(f"{qq['ends']} + {P['window']} days = ", V(rec["claim_deadline"], tmp=(dl + dt.timedelta(days=10)).isoformat()))),
                 ("claim_window_open", V("true" if open_ else "false", neg="false" if open_ else "true")),
                 ("terms_ref", S("clause ", V("1.2", sec=r.choice(["1.4", "7.2"]))))]
        if nxt is not None:
            gap = w.declare(nxt["min_units"] - units)
            pairs.append(("units_to_next_tier", V(str(gap), num=str(gap + 500))))
        if r.random() < 0.4:
            pairs.append(("see_in_portal", S(V("Rebates", attr=r.choice(["Partner Wallet", "Incentive Hub"])))))
        if r.random() < 0.4:
            pairs.append(("channel_manager", S(V(rec["channel_manager"], ent=r.choice(FAKE_MANAGERS)))))
        if r.random() < 0.3:
            pairs.append(("claim_id", None))
        emit(a, w, O(shuffle_keys(w, pairs)))
        self._inserts(a, w, r)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def claim(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._pos(r, today, P, closed=not ok)
        dl = dt.date.fromisoformat(rec["claim_deadline"])
        if ok and today > dl:
            dl = today + dt.timedelta(days=r.randint(2, 9))
            rec["claim_deadline"] = dl.isoformat()
        if not ok and today <= dl:
            dl = today - dt.timedelta(days=r.randint(2, 9))
            rec["claim_deadline"] = dl.isoformat()
        t, nxt = self._tier(rec)
        qq = rec["quarter"]
        reb = round(qq["net_sales"] * t["rate_pct"] / 100, 2)
        args = {"distributor_id": rec["distributor_id"], "quarter": qq["quarter"], "amount": reb}
        if ok:
            pay = today + dt.timedelta(days=P["pay_days"])
            res = {"status": "submitted", "claim_id": f"RC-{r.randint(10000, 99999)}", "quarter": qq["quarter"],
                   "amount": reb, "currency": "EUR", "tier": t["tier"], "pay_by": pay.isoformat()}
        else:
            ny, nq = (int(qq["quarter"][:4]), int(qq["quarter"][-1]))
            ny, nq = (ny, nq + 1) if nq < 4 else (ny + 1, 1)
            nd = q_end(ny, nq) + dt.timedelta(days=P["window"])
            res = {"status": "refused", "reason_code": "CLAIM_WINDOW_CLOSED", "quarter": qq["quarter"],
                   "claim_deadline": rec["claim_deadline"],
                   "alternative": {"option": "true_up_next_quarter", "next_quarter": f"{ny}-Q{nq}",
                                   "next_claim_deadline": nd.isoformat(), "true_up_amount": reb}}
        cg = Call("get_rebate_position", {"distributor_id": rec["distributor_id"]}, rec)
        cd = Call("fetch_programme_terms", {"terms_url": TERMS}, self._doc(P))
        cx = Call("submit_rebate_claim", args, res)
        req = r.choice([f"File the {qq['quarter']} rebate claim for {rec['distributor_id']}.",
                        f"Please submit {rec['distributor_id']}'s rebate claim for {qq['quarter']}.",
                        f"{rec['distributor_id']}: claim the {qq['quarter']} rebate"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"OK, file the claim for {qq['quarter']}.", "Please submit the rebate claim for that quarter."])
            turns = [Turn([cd]), Turn([cx])]
        w = Js(r, today)
        a = JB()
        w.declare(reb)
        if ok:
            pay = dt.date.fromisoformat(res["pay_by"])
            w.declare(pay)
            summ = S(*sentence(f"The {qq['quarter']} claim for EUR ", V(f"{reb:,.2f}", num=f"{reb * 1.3:,.2f}"), " was filed ",
                               V("before", rel="after"), " the ", V(rec["claim_deadline"], tmp=(dl - dt.timedelta(days=r.choice([20, 40]))).isoformat()), " deadline"))
            if r.random() < 0.5:
                summ.segs += [" "] + sentence("It should be paid as a credit note by ", V(res["pay_by"], tmp=(pay + dt.timedelta(days=r.choice([10, 30]))).isoformat()), clause=False)
            pairs = [("status", S(V("submitted", val="refused"))),
                     ("summary", summ),
                     ("claim_id", S(V(res["claim_id"], fid=w.fake_id(res["claim_id"], r)))),
                     ("distributor_id", rec["distributor_id"]),
                     ("distributor", S(V(rec["distributor"], ent=r.choice(FAKE_DISTS)))),
                     ("quarter", qq["quarter"]),
                     ("tier", S(V(t["tier"], val="T3" if t["tier"] != "T3" else "T1"))),
                     ("amount", V(w.amt(reb), num=w.amt(reb + 420))),
                     ("currency", "EUR"),
                     ("calculation", S(f"{w.plain(qq['net_sales'])} x {t['rate_pct']:g}% = ", V(w.plain(reb), num=w.plain(reb + 100)))),
                     ("pay_by", S(V(res["pay_by"], tmp=(pay + dt.timedelta(days=14)).isoformat(), conf=("temporal", rec["claim_deadline"])))),
                     ("pay_working", S(f"{today.isoformat()} + {P['pay_days']} days = ", V(res["pay_by"], tmp=(pay + dt.timedelta(days=7)).isoformat()))),
                     ("within_window", V("true", neg="false")),
                     ("terms_ref", S("clause ", V("3.1", sec=r.choice(["3.3", "8.1"]))))]
            w.declare(today)
            if r.random() < 0.5:
                pairs.append(("next_steps", ["Wait for approval by the channel manager.",
                                             S("Download the credit note from ", V("Statements", attr=r.choice(["Payout Center", "Credit Desk"])), " once issued.")]))
        else:
            alt = res["alternative"]
            nd = dt.date.fromisoformat(alt["next_claim_deadline"])
            w.declare(nd)
            summ = S(*sentence(f"The {qq['quarter']} claim was refused because the window closed on ",
                               V(rec["claim_deadline"], tmp=(dl + dt.timedelta(days=r.choice([10, 20]))).isoformat()), clause=False))
            if r.random() < 0.6:
                summ.segs += [" "] + sentence(f"The EUR {reb:,.2f} can be added as a true-up to the {alt['next_quarter']} claim, due by ",
                                              V(alt["next_claim_deadline"], tmp=(nd + dt.timedelta(days=r.choice([15, 30]))).isoformat()))
            late = w.declare((today - dl).days)
            alt_o = O([("option", "true_up_next_quarter"),
                       ("next_quarter", S(V(alt["next_quarter"], tmp=None))),
                       ("next_claim_deadline", S(V(alt["next_claim_deadline"], tmp=(nd + dt.timedelta(days=r.choice([7, 31]))).isoformat(),
                                                   conf=("temporal", rec["claim_deadline"])))),
                       ("true_up_amount", O([("amount", V(w.amt(reb), num=w.amt(reb * 1.35))), ("currency", "EUR")]))])
            pairs = [("status", S(V("refused", val="submitted"))),
                     ("reason_code", S(V("CLAIM_WINDOW_CLOSED", attr=r.choice(["CLAIM_EXPIRED", "WINDOW_LAPSED"])))),
                     ("summary", summ),
                     ("distributor_id", S(V(rec["distributor_id"], fid=w.fake_id(rec["distributor_id"], r)))),
                     ("quarter", qq["quarter"]),
                     ("rebate_amount", V(w.amt(reb), num=w.amt(reb + 260))),
                     ("claim_deadline", S(V(rec["claim_deadline"], tmp=(dl + dt.timedelta(days=r.choice([5, 12]))).isoformat()))),
                     ("days_late", V(str(late), num=str(late + r.choice([6, 11])))),
                     ("paid", V("false", neg="true")),
                     ("terms_ref", S("clause ", V("2.2", sec=r.choice(["2.6", "9.2"])))),
                     ("alternative", alt_o)]
            if r.random() < 0.5:
                pairs.append(("next_steps", [S("Include the true-up when filing the ", alt["next_quarter"], " claim."),
                                             "Confirm the amount with the channel manager."]))
        emit(a, w, O(shuffle_keys(w, pairs, fixed_first=("status", "reason_code"))))
        self._inserts(a, w, r, elab="because the quarter-end sales report was posted late" if not ok else "because returns were netted off in the last week of the quarter")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
