"""backer_pledges (set aa): the backer-support desk of Fundbright, a reward-crowdfunding platform. The support assistant
looks a pledge up (the backer, the campaign with its creator, end date and estimated delivery, the reward tier, add-ons
and shipping, when the card was charged, the reward's shipping status), sometimes reads the platform's numbered refund
rules by path (cancellation window after the campaign ends, how late a reward must be before a refund, the platform fee
kept, how long a refund takes) and, for the write intent, requests a refund of the pledge (refused by design with
``REWARD_SHIPPED`` / ``NOT_YET_ELIGIBLE`` and a creator credit or the date it becomes eligible as the alternative). The
answer is a case note for the next shift: the pledge total with the working, how late the reward is with the working,
the refund net of the fee, and what was done or refused."""
from __future__ import annotations

import datetime as dt

from .aastyle import AaScenario, Layout, Nw, bad_section, doc_keys, items, open_q
from .common import A, Call, Tool, mutate_id, s_bool, s_int, s_obj, s_str

CAMPAIGNS = [("Lumen desk lamp", "Halden Works"), ("Tessel modular planter", "Greyfern Studio"),
             ("Cobalt pocket synth", "Northbeam Audio"), ("Driftwood board game", "Owlgate Games"),
             ("Arden travel backpack", "Pellow & Finch"), ("Quill smart notebook", "Inkwell Labs")]
TIERS = [("Early Bird", 59, 99), ("Standard", 79, 129), ("Deluxe", 119, 189)]
ADDONS = [("spare shade", 12, 25), ("carry case", 15, 29), ("expansion pack", 18, 35), ("extra cable set", 8, 15)]
STATUS = {"charged": "charged, reward not shipped", "in_production": "in production", "shipped": "shipped"}


class BackerPledges(AaScenario):
    name = "backer_pledges"
    agent = "fundbright-backer-support"
    service = "fundbright-backer-desk"
    system = ("You are the backer-support assistant of Fundbright. Look pledges up with the tools and write case notes "
              "and hand-off summaries for the support team: past tense, third person about the backer, a dated timeline, "
              "the working for every figure, and only what the tools return.")
    error_style = 1
    preambles = ["Looking up the pledge.", "Pulling the pledge record."]
    entity_noun = {"pledge_id": "Pledge", "rules_path": "File"}
    base = "https://api.fundbright.example/support"

    def __init__(self):
        pid = s_str("Pledge id.", pattern=r"^PL-\d{6}$")
        self.tools = [
            Tool("get_pledge", "A pledge with backer, campaign, reward tier, add-ons, shipping and charge.",
                 s_obj({"pledge_id": pid, "include_campaign": s_bool("Include campaign details."),
                        "history_limit": s_int("Events to return.", 1, 25)}, ["pledge_id"]),
                 entity={"pledge_id": "id"}, http=self.base, extra=[("expand", "backer")]),
            Tool("read_refund_rules", "The platform's numbered backer refund rules (Markdown).",
                 s_obj({"rules_path": s_str("Path of the rules file.", pattern=r"^help/[a-z-]+\.md$")}, ["rules_path"]),
                 entity={"rules_path": "path"}, http=self.base, extra=[("format", "markdown")]),
            Tool("request_pledge_refund", "Refund a pledge. Refused with a reason code and an alternative when the rules "
                 "do not allow it.",
                 s_obj({"pledge_id": pid, "reason": s_str("Reason.", enum=["late_reward", "cancellation", "damaged_reward"]),
                        "note": s_str("Internal note.", max_len=200)},
                       ["pledge_id", "reason"]),
                 entity={"pledge_id": "id"}, http=self.base, extra=[("notify_creator", True)]),
        ]
        self.intents = [("review_pledge", self.review, True), ("refund_pledge", self.refund, True)]

    def review(self, ctx):
        return self.build(ctx, False)

    def refund(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        cur = r.choice(["USD", "USD", "EUR", "GBP"])
        cust = self.customer(r)
        colleague = r.choice(self.colleagues)
        cancel_days = r.choice([7, 14])
        late_days = r.choice([30, 60, 90])
        fee_pct = r.choice([5, 8, 10])
        refund_days = r.choice([5, 7, 10])
        overdue = r.randint(max(5, late_days - 40), late_days + 50)
        est = today - dt.timedelta(days=overdue)
        ended = est - dt.timedelta(days=r.randint(90, 200))
        charged = ended + dt.timedelta(days=r.randint(1, 3))
        camp, creator = r.choice(CAMPAIGNS)
        tn, lo, hi = r.choice(TIERS)
        tier = {"name": tn, "price": float(r.randint(lo, hi))}
        adds = [{"name": n, "price": float(r.randint(a_, b_))} for n, a_, b_ in r.sample(ADDONS, r.choice([0, 1, 2]))]
        ship = float(r.choice([8, 12, 15, 18]))
        status = r.choice(["charged", "in_production", "charged"]) if (write and r.random() < 0.75) else r.choice(list(STATUS))
        pid = f"PL-{r.randint(100000, 999999)}"
        now = self.as_of(r, today)
        rec = {"pledge": {"pledge_id": pid, "status": status,
                          "backer": {"name": cust, "backer_id": f"BK-{r.randint(10000, 99999)}"},
                          "campaign": {"campaign_id": f"CMP-{r.randint(1000, 9999)}", "title": camp, "creator": creator,
                                       "ended": ended.isoformat(), "est_delivery": est.isoformat()},
                          "tier": tier, "add_ons": adds, "shipping": ship, "currency": cur,
                          "charged_on": charged.isoformat(),
                          "rules_path": "help/" + r.choice(["backer-refunds", "refund-rules"]) + ".md"},
               "as_of": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
        if status == "shipped":
            rec["pledge"]["shipped_on"] = (today - dt.timedelta(days=r.randint(1, 4))).isoformat()
        c1 = Call("get_pledge", {"pledge_id": pid} | ({"include_campaign": True} if r.random() < 0.5 else {}), rec)
        fetch = write or ctx.followup or r.random() < 0.6
        later, doc = [], None
        if fetch:
            doc = (f"# Fundbright backer refund rules\n\n## 1.1 Pledges can be cancelled for a full refund within {cancel_days} days of the campaign's end.\n"
                   f"## 2.1 If a reward has not shipped {late_days} days after its estimated delivery date, the backer may request a refund.\n"
                   f"## 2.2 Refunds under 2.1 are net of the {fee_pct}% platform fee.\n"
                   f"## 3.1 Refunds reach the backer's card within {refund_days} days.\n")
            later.append(Call("read_refund_rules", {"rules_path": rec["pledge"]["rules_path"]}, doc))
        total = round(tier["price"] + sum(x["price"] for x in adds) + ship, 2)
        fee = round(total * fee_pct / 100, 2)
        res = None
        eligible = status != "shipped" and overdue >= late_days
        if write:
            if status == "shipped":
                res = {"status": "refused", "reason_code": "REWARD_SHIPPED", "pledge_id": pid,
                       "message": "The reward has already shipped.",
                       "alternative": {"type": "creator_credit", "amount": float(r.choice([10, 15, 20]))}}
            elif not eligible:
                res = {"status": "refused", "reason_code": "NOT_YET_ELIGIBLE", "pledge_id": pid,
                       "message": "The reward is not late enough for a refund.",
                       "alternative": {"type": "eligible_from", "date": (est + dt.timedelta(days=late_days)).isoformat()}}
            else:
                res = {"status": "issued", "refund_id": f"RF-{r.randint(10000, 99999)}", "pledge_id": pid,
                       "amount": round(total - fee, 2), "fee_kept": fee,
                       "expected_by": (today + dt.timedelta(days=refund_days)).isoformat()}
            later.append(Call("request_pledge_refund", {"pledge_id": pid, "reason": "late_reward"}, res))
        req = r.choice([f"Backer on {pid} is asking where their reward is — can you write it up for {colleague}?",
                        f"Pls leave a hand-off on pledge {pid} for {colleague}; backer wants a refund or an ETA.",
                        f"{colleague} is on the late-rewards queue tomorrow. Case note on {pid}, please."])
        if write:
            req += r.choice([" If the rules allow it, refund the pledge.", " Go ahead and request the refund if eligible."])
        fu = ("Request the refund if the rules allow it and write the note." if write else f"Check the refund rules and write it up for {colleague}.")
        w = Nw(r, cur, year_in_dates=True if ended.year != today.year else None)
        a = A()
        self.compose(w, a, r, rec, doc, res, late_days, fee_pct, overdue, total, fee, colleague, write)
        return self.plan(ctx, req, c1, later, fu, f"Found {pid}. Want me to check the refund rules?", w, a)

    def compose(self, w, a, r, rec, doc, res, late_days, fee_pct, overdue, total, fee, colleague, write):
        p = rec["pledge"]
        cp = p["campaign"]
        D = dt.date.fromisoformat
        L = Layout(r)
        today = D(rec["as_of"][:10])
        over_e = ("sub", ("day", ("g", "as_of")), ("g", "pledge.campaign.est_delivery"))
        parts = [(p["tier"]["price"], ("g", "pledge.tier.price"))] + \
                [(x["price"], ("r", x["name"], "price")) for x in p["add_ons"]] + [(p["shipping"], ("g", "pledge.shipping"))]
        tot_e = ("r2", ("add", *[x[1] for x in parts]))
        if L.kind != "prose":
            a(r.choice([f"Pledge {p['pledge_id']} — hand-off", f"Case note `{p['pledge_id']}`", f"{p['pledge_id']} / {cp['title']}"]))
            a("\n")
        L.head(a, "issue")
        a("Backer ")
        a.x(p["backer"]["name"], ent=r.choice(self.fake_customers))
        a(" (")
        a.x(p["backer"]["backer_id"], fid=mutate_id(p["backer"]["backer_id"], r))
        a(") asked about the " + cp["title"] + " reward from ")
        a.x(cp["creator"], ent=r.choice(["Brightleaf Makers", "Copperline Co.", "Saltmarsh Studio"]))
        a(" (campaign ")
        a.x(cp["campaign_id"], fid=mutate_id(cp["campaign_id"], r))
        a("); says it hasn't arrived yet." if p["status"] == "shipped" else
          r.choice(["); wants an ETA or a refund.", ") — no reward yet, wants to know options."]))
        a.p()
        bl = L.list_head(a, "timeline")

        def en():
            w.Date(a, D(cp["ended"]), ("g", "pledge.campaign.ended"), conf=[D(p["charged_on"])])
            a(" – campaign ended")

        def ch():
            w.Date(a, D(p["charged_on"]), ("g", "pledge.charged_on"), conf=[D(cp["ended"])])
            a(" – card charged")

        def es():
            w.Date(a, D(cp["est_delivery"]), ("g", "pledge.campaign.est_delivery"))
            a(" – estimated delivery")

        def sh():
            w.Date(a, D(p["shipped_on"]), ("g", "pledge.shipped_on"))
            a(" – reward shipped")
        fns = [en, ch, es] if r.random() < 0.6 else [ch, es]
        if p["status"] == "shipped":
            fns.append(sh)
        items(a, L, bl, fns)
        bl = L.list_head(a, "findings")
        fns = []

        def tot():
            a("pledge ")
            for i, (v, e) in enumerate(parts):
                if i:
                    a(" + ")
                w.Money(a, v, e, edit=False)
            a(" = ")
            w.Money(a, total, tot_e)
            a(" (" + p["tier"]["name"] + " tier" + "".join(" + " + x["name"] for x in p["add_ons"]) + " + shipping)")
        fns.append(tot)

        def od():
            if p["status"] == "shipped":
                a("reward ")
                a.x("has shipped", neg="has not shipped")
                a(", so nothing is overdue")
                w.claim("val", id=p["pledge_id"], key="status", value="shipped")
                return
            a("reward is ")
            w.Days(a, overdue, over_e)
            a(" ")
            a.x("past", rel="ahead of")
            a(" its estimated delivery (" + w.d(D(cp["est_delivery"])) + " → " + w.d(today) + f" = {overdue} days)")
            w.claim("cmp", op="gt", a=("day", ("g", "as_of")), b=("g", "pledge.campaign.est_delivery"))
            if doc is not None:
                a("; ")
                ok = overdue >= late_days
                a.x("meets" if ok else "does not meet yet", neg="does not meet yet" if ok else "meets")
                a(" the ")
                w.Num(a, late_days, ("doc", "2.1", 0))
                a("-day late-reward rule (")
                a.x("§2.1", sec=f"§{bad_section('2.1', doc_keys(doc), r)}")
                a(" reward not shipped)")
                w.claim("cmp", op="ge" if ok else "lt", a=over_e, b=("doc", "2.1", 0))
        fns.append(od)

        def st():
            a("pledge status ")
            a.x(STATUS[p["status"]], val=STATUS[r.choice([s for s in STATUS if s != p["status"]])])
            w.claim("val", id=p["pledge_id"], key="status", value=p["status"])
            a(" (")
            a.x(f"`{p['status']}`", attr=f"`{r.choice(['backer_hold', 'awaiting_fulfilment', 'disputed'])}`")
            a(")")
        fns.append(st)
        if doc is not None and p["status"] != "shipped":
            def fe():
                a("a late-reward refund is net of the platform fee (")
                a.x("§2.2", sec=f"§{bad_section('2.2', doc_keys(doc), r)}")
                a(" refunds net): ")
                w.Money(a, total, tot_e, edit=False)
                a(" × ")
                w.Pct(a, fee_pct, ("doc", "2.2", 1))
                a(" = ")
                w.Money(a, fee, ("pct", tot_e, ("doc", "2.2", 1)))
                a(" fee, so ")
                a(w.m(total) + " − " + w.m(fee) + " = ")
                w.Money(a, round(total - fee, 2), ("r2", ("sub", tot_e, ("pct", tot_e, ("doc", "2.2", 1)))))
                a(" back to the backer")
            fns.append(fe)
        items(a, L, bl, fns)
        if write:
            L.head(a, "action")
            if res["status"] == "issued":
                a("Refund ")
                a.x("issued", val="queued for review")
                w.claim("val", id=res["refund_id"], key="status", value="issued")
                a(" — ")
                a.x(f"`{res['refund_id']}`", fid=f"`{mutate_id(res['refund_id'], r)}`")
                a(", ")
                w.Money(a, res["amount"], ("g", "amount"))
                a(" to the card, expected by ")
                w.Date(a, D(res["expected_by"]), ("g", "expected_by"))
                a.pc()
                a(".")
                a.p()
            else:
                a("Refund not issued — ")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['REFUND_WINDOW_CLOSED', 'PLEDGE_LOCKED', 'INELIGIBLE_TIER'])}`")
                alt = res["alternative"]
                if alt["type"] == "creator_credit":
                    a(". Offered a creator credit of ")
                    w.Money(a, alt["amount"], ("g", "alternative.amount"))
                    a(" instead")
                else:
                    a(". Backer becomes eligible on ")
                    w.Date(a, D(alt["date"]), ("add", ("g", "pledge.campaign.est_delivery"), ("doc", "2.1", 0)))
                    a(" (" + w.d(D(cp["est_delivery"])) + f" + {late_days} days)")
                a.pc()
                a(".")
                a.p()
        open_q(a, L, r, ['Has the creator posted a new shipping update?', 'Does the backer still want the reward if it ships soon?', 'Is the shipping address still current? Not confirmed yet.'])
        L.head(a, "next")
        a(r.choice([f"{colleague} to ", f"Owner: {colleague} — pls "]))
        if write and res["status"] == "issued":
            a("close the case once the refund settles.")
        elif write:
            a("reply to the backer w/ the above; no refund pending.")
        else:
            a("reply to the backer w/ the ETA and options.")
        a.p()
        ref = f"FB-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Creator's shipping update is logged as {ref}.", ref))
        a.ins("claim", "The creator posted that the factory resumed production last week.")
        a.ins("claim", "Backer said a friend on the same tier already got theirs.")
        a.ins("behavior", "Already messaged the creator for a tracking number.")
        a.ins("behavior", "Flagged the campaign to the trust & safety team.")
        a.ins("elab", r.choice(["most likely because of the creator's factory delay", "probably due to a customs hold on the shipment"]), clause=True)
