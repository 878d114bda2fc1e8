"""coop_members (set aa): the member-services desk of Greenfield Co-op, a member-owned grocery co-operative. The desk
assistant looks a member account up (when the member joined, equity paid against the equity required, the discount on
file, purchases this year, recent till receipts with the discount applied), sometimes fetches the numbered member
handbook by URL (the member discount once equity is paid in full, how old a receipt may be for a missed-discount credit,
the patronage dividend rate) and, for the write intent, credits a missed member discount on a receipt (refused by design
with ``EQUITY_NOT_PAID_IN_FULL`` / ``RECEIPT_TOO_OLD`` and the equity balance or a newer receipt as the alternative). The
answer is a case note for member services: the equity balance, the missed discount and the receipt's age with the
working, the dividend estimate, and the credit or the refusal."""
from __future__ import annotations

import datetime as dt

from .aastyle import AaScenario, Layout, Nw, bad_section, doc_keys, items, open_q
from .common import A, Call, Tool, mutate_id, s_bool, s_int, s_obj, s_str

STORES = ["Elm Street store", "Harbour Market store", "Northgate store", "Riverside store"]
STATUS = {"active": "active", "equity_pending": "active, equity pending", "lapsed": "lapsed"}


class CoopMembers(AaScenario):
    name = "coop_members"
    agent = "greenfield-member-services-agent"
    service = "greenfield-member-desk"
    system = ("You are the member-services assistant of Greenfield Co-op. Look member accounts up with the tools and "
              "write case notes and hand-off summaries for the member-services team: past tense, third person about the "
              "member, dates, the working for every figure, and only what the tools return.")
    error_style = 2
    preambles = ["Checking the member account.", "Looking the member up."]
    entity_noun = {"member_id": "Member", "handbook_url": "Page", "txn_id": "Receipt"}
    base = "https://api.greenfield-coop.example/members"

    def __init__(self):
        mid = s_str("Member number.", pattern=r"^GM-\d{5}$")
        self.tools = [
            Tool("get_member_account", "A member account with equity, discount, purchases and recent receipts.",
                 s_obj({"member_id": mid, "receipts": s_int("Number of recent receipts to return.", 1, 20)}, ["member_id"]),
                 entity={"member_id": "id"}, http=self.base, extra=[("include_household", True)]),
            Tool("get_member_handbook", "The numbered member handbook (plain text).",
                 s_obj({"handbook_url": s_str("Handbook page URL.", pattern=r"^https://greenfield-coop\.example/handbook/[a-z-]+$")},
                       ["handbook_url"]),
                 entity={"handbook_url": "url"}, http=self.base, extra=[("lang", "en")]),
            Tool("credit_missed_discount", "Credit a member discount missed at the till. Refused with a reason code and an "
                 "alternative when the handbook does not allow it.",
                 s_obj({"member_id": mid, "txn_id": s_str("Receipt id.", pattern=r"^TX-\d{6}$"),
                        "to_balance": s_bool("Credit the member balance instead of the card.")},
                       ["member_id", "txn_id"]),
                 entity={"member_id": "id", "txn_id": "id"}, http=self.base, extra=[("override", True)]),
        ]
        self.intents = [("review_member", self.review, True), ("credit_discount", self.credit, True)]

    def review(self, ctx):
        return self.build(ctx, False)

    def credit(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        cur = r.choice(["USD", "USD", "GBP"])
        cust = self.customer(r)
        colleague = r.choice(self.colleagues)
        disc = r.choice([5, 8, 10])
        max_age = r.choice([14, 30])
        div = r.choice([2, 3, 4])
        req_eq = float(r.choice([100, 150, 200, 250]))
        paid_eq = req_eq if r.random() < 0.6 else float(r.choice([x for x in (25, 50, 75, 100, 125) if x < req_eq]))
        full = paid_eq >= req_eq
        joined = today - dt.timedelta(days=r.randint(200, 1500))
        n_tx = r.choice([2, 3, 3, 4])
        ages = sorted(r.sample(range(1, max_age + 20), n_tx))
        txs = []
        for k in ages:
            txs.append({"txn_id": f"TX-{r.randint(100000, 999999)}", "date": (today - dt.timedelta(days=k)).isoformat(),
                        "store": r.choice(STORES), "total": round(r.uniform(18, 240), 2), "discount_applied": 0.0})
        for t in txs:
            if full and r.random() < 0.5:
                t["discount_applied"] = round(t["total"] * disc / 100, 2)
        missed = [t for t in txs if t["discount_applied"] == 0.0]
        if not missed:
            txs[0]["discount_applied"] = 0.0
            missed = [txs[0]]
        tgt = r.choice(missed)
        ytd = round(r.uniform(600, 4200), 2)
        mid = f"GM-{r.randint(10000, 99999)}"
        now = self.as_of(r, today)
        rec = {"member": {"member_id": mid, "name": cust, "joined": joined.isoformat(),
                          "status": "active" if full else "equity_pending",
                          "equity": {"required": req_eq, "paid": paid_eq}, "discount_pct_on_file": disc if full else 0,
                          "purchases_ytd": ytd, "currency": cur},
               "receipts": txs,
               "handbook_url": "https://greenfield-coop.example/handbook/" + r.choice(["member-benefits", "membership"]),
               "as_of": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
        c1 = Call("get_member_account", {"member_id": mid} | ({"receipts": n_tx} if r.random() < 0.5 else {}), rec)
        fetch = write or ctx.followup or r.random() < 0.6
        later, doc = [], None
        if fetch:
            doc = (f"GREENFIELD CO-OP MEMBER HANDBOOK\n\n1.1 Membership starts when the first equity payment is received.\n"
                   f"2.1 Members whose equity is paid in full receive a {disc}% discount at the till.\n"
                   f"2.2 A missed discount can be credited for receipts up to {max_age} days old.\n"
                   f"3.1 The patronage dividend is {div}% of the year's eligible purchases.\n")
            later.append(Call("get_member_handbook", {"handbook_url": rec["handbook_url"]}, doc))
        age = (today - dt.date.fromisoformat(tgt["date"])).days
        credit = round(tgt["total"] * disc / 100, 2)
        res = None
        if write:
            if not full:
                res = {"status": "refused", "reason_code": "EQUITY_NOT_PAID_IN_FULL", "member_id": mid,
                       "message": "Discount applies only once equity is paid in full.",
                       "alternative": {"type": "equity_payment", "amount_due": round(req_eq - paid_eq, 2)}}
            elif age > max_age:
                res = {"status": "refused", "reason_code": "RECEIPT_TOO_OLD", "member_id": mid,
                       "message": "The receipt is older than the handbook allows.",
                       "alternative": {"type": "goodwill_voucher", "amount": float(r.choice([5, 10]))}}
            else:
                res = {"status": "credited", "credit_id": f"CR-{r.randint(10000, 99999)}", "member_id": mid,
                       "txn_id": tgt["txn_id"], "amount": credit}
            later.append(Call("credit_missed_discount", {"member_id": mid, "txn_id": tgt["txn_id"]}, res))
        req = r.choice([f"Member {mid} says the discount didn't go through on receipt {tgt['txn_id']}. Write it up for {colleague}?",
                        f"Hand-off for {colleague} pls: {mid}, missing member discount on {tgt['txn_id']}.",
                        f"Case note on {mid} for {colleague} — member asking about their discount on {tgt['txn_id']}."])
        if write:
            req += r.choice([" Credit it if the handbook allows.", " If eligible, credit the missed discount."])
        fu = ("Credit it if allowed and write the note." if write else f"Check the handbook and write it up for {colleague}.")
        w = Nw(r, cur, year_in_dates=True if joined.year != today.year and r.random() < 0.5 else None)
        a = A()
        self.compose(w, a, r, rec, doc, res, tgt, disc, max_age, div, age, credit, full, colleague, write)
        return self.plan(ctx, req, c1, later, fu, f"Found {mid}. Want me to check the handbook?", w, a)

    def compose(self, w, a, r, rec, doc, res, tgt, disc, max_age, div, age, credit, full, colleague, write):
        m = rec["member"]
        eq = m["equity"]
        D = dt.date.fromisoformat
        L = Layout(r)
        tid = tgt["txn_id"]
        age_e = ("sub", ("day", ("g", "as_of")), ("r", tid, "date"))
        others = [t for t in rec["receipts"] if t is not tgt]
        if L.kind != "prose":
            a(r.choice([f"Member {m['member_id']} — hand-off", f"Case note `{m['member_id']}`", f"{m['member_id']}: missed discount"]))
            a("\n")
        L.head(a, "issue")
        a("Member ")
        a.x(m["name"], ent=r.choice(self.fake_customers))
        a(" said the member discount wasn't applied on receipt ")
        a.x(tid, fid=mutate_id(tid, r))
        a(" at the ")
        a.x(tgt["store"], ent=r.choice(["Westfield store", "Canal Road store", "Old Mill store"]))
        a(".")
        a.p()
        bl = L.list_head(a, "timeline")

        def jn():
            w.Date(a, D(m["joined"]), ("g", "member.joined"))
            a(" – joined")

        def tx():
            w.Date(a, D(tgt["date"]), ("r", tid, "date"), conf=[D(t["date"]) for t in others])
            a(" – receipt ")
            a(tid)
            a(", ")
            w.Money(a, tgt["total"], ("r", tid, "total"), conf=[t["total"] for t in others])
            a(", discount applied ")
            w.Money(a, 0.0, ("r", tid, "discount_applied"), edit=False)
            tots = [t["total"] for t in rec["receipts"]]
            if len(tots) > 2 and (tgt["total"] == max(tots) or tgt["total"] == min(tots)) and tots.count(tgt["total"]) == 1:
                big = tgt["total"] == max(tots)
                a(" (the ")
                a.x("largest" if big else "smallest", rel="smallest" if big else "largest")
                a(" of the recent receipts)")
                w.claim("cmp", op="eq", a=("r", tid, "total"),
                        b=(("max" if big else "min"), *[("r", t["txn_id"], "total") for t in rec["receipts"]]))
        items(a, L, bl, [jn, tx] if r.random() < 0.6 else [tx])
        bl = L.list_head(a, "findings")
        fns = []

        def eqf():
            a("equity ")
            w.Money(a, eq["paid"], ("g", "member.equity.paid"))
            a(" paid of ")
            w.Money(a, eq["required"], ("g", "member.equity.required"))
            if full:
                a(" — ")
                a.x("paid in full", neg="not paid in full")
                w.claim("cmp", op="ge", a=("g", "member.equity.paid"), b=("g", "member.equity.required"))
            else:
                a(" → ")
                a(w.m(eq["required"]) + " − " + w.m(eq["paid"]) + " = ")
                w.Money(a, round(eq["required"] - eq["paid"], 2), ("r2", ("sub", ("g", "member.equity.required"), ("g", "member.equity.paid"))))
                a(" still owed, so ")
                a.x("not yet entitled", neg="already entitled")
                a(" to the discount")
                w.claim("cmp", op="lt", a=("g", "member.equity.paid"), b=("g", "member.equity.required"))
            a("; acct ")
            a.x(STATUS[m["status"]], val=STATUS["lapsed"])
            w.claim("val", id=m["member_id"], key="status", value=m["status"])
            a(" (")
            a.x(f"`{m['status']}`", attr=f"`{r.choice(['member_hold', 'equity_partial', 'dormant'])}`")
            a(")")
        fns.append(eqf)
        if doc is not None:
            def mis():
                a("missed discount per ")
                a.x("§2.1", sec=f"§{bad_section('2.1', doc_keys(doc), r)}")
                a(" (members paid in full get the till discount): ")
                w.Money(a, tgt["total"], ("r", tid, "total"), edit=False)
                a(" × ")
                w.Pct(a, disc, ("doc", "2.1", 0))
                a(" = ")
                w.Money(a, credit, ("pct", ("r", tid, "total"), ("doc", "2.1", 0)))
            fns.append(mis)

            def agf():
                today = D(rec["as_of"][:10])
                a("receipt is ")
                w.Days(a, age, age_e)
                a(" old (" + w.d(D(tgt["date"])) + " → " + w.d(today) + f" = {age} days), ")
                a.x("inside" if age <= max_age else "outside", neg="outside" if age <= max_age else "inside")
                a(" the ")
                w.Num(a, max_age, ("doc", "2.2", 0))
                a("-day limit for credits on old receipts (")
                a.x("§2.2", sec=f"§{bad_section('2.2', doc_keys(doc), r)}")
                a(", missed-discount credits)")
                w.claim("cmp", op="le" if age <= max_age else "gt", a=age_e, b=("doc", "2.2", 0))
            fns.append(agf)
            if r.random() < 0.6:
                def dv():
                    a("dividend estimate so far: ")
                    w.Money(a, m["purchases_ytd"], ("g", "member.purchases_ytd"))
                    a(" YTD × ")
                    w.Pct(a, div, ("doc", "3.1", 0))
                    a(" = ")
                    w.Money(a, round(m["purchases_ytd"] * div / 100, 2), ("pct", ("g", "member.purchases_ytd"), ("doc", "3.1", 0)))
                fns.append(dv)
        applied = [t for t in rec["receipts"] if t["discount_applied"] > 0]
        if applied and r.random() < 0.7:
            def ap():
                k = len(applied)
                w.Num(a, k, ("len", "receipts", ("gt", ("self", "discount_applied"), ("c", 0))))
                a(" of the ")
                w.Num(a, len(rec["receipts"]), ("len", "receipts"), edit=False)
                a(" recent receipts ")
                a.x("did get" if k else "didn't get", neg="didn't get" if k else "did get")
                a(" the discount")
            fns.append(ap)
        items(a, L, bl, fns)
        if write:
            L.head(a, "action")
            if res["status"] == "credited":
                a("Credited ")
                w.Money(a, res["amount"], ("g", "amount"))
                a(" to the member, ref ")
                a.x(f"`{res['credit_id']}`", fid=f"`{mutate_id(res['credit_id'], r)}`")
                a(" (")
                a.x("done", val="pending")
                w.claim("val", id=res["credit_id"], key="status", value="credited")
                a(")")
                a.pc()
                a(".")
                a.p()
            else:
                alt = res["alternative"]
                a("Credit refused — ")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['DISCOUNT_NOT_ELIGIBLE', 'MEMBER_INACTIVE', 'RECEIPT_EXPIRED'])}`")
                if alt["type"] == "equity_payment":
                    a(". Told the member the discount starts once the remaining ")
                    w.Money(a, alt["amount_due"], ("g", "alternative.amount_due"))
                    a(" of equity is paid")
                else:
                    a(". Offered a goodwill voucher of ")
                    w.Money(a, alt["amount"], ("g", "alternative.amount"))
                    a(" instead")
                a.pc()
                a(".")
                a.p()
        open_q(a, L, r, ['Did the member show the member card at the till?', 'Does the household have a second card on the acct?', "Is the member's email still current? Not confirmed."])
        L.head(a, "next")
        a(r.choice([f"{colleague} to ", f"Owner {colleague}: "]))
        if write and res["status"] == "credited":
            a("nothing further unless the member calls back.")
        else:
            a("f/u w/ the member by email; N/A for the store team.")
        a.p()
        ref = f"GC-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Till log is attached to ticket {ref}.", ref))
        a.ins("claim", "Member mentioned the card reader at that store was down that day.")
        a.ins("claim", "The store manager confirmed the till had the wrong member price list.")
        a.ins("behavior", "Already asked the store to re-scan the receipt.")
        a.ins("behavior", "Updated the member's email address on the account.")
        a.ins("elab", r.choice(["most likely because the member card wasn't scanned", "probably due to the till update that week"]), clause=True)
