"""furniture_claims (set aa): the delivery-damage desk of Oakline Home, a furniture retailer's home-delivery service.
The claims assistant looks a damage claim up (the order with its items, prices and quantities, the two-person delivery
with its carrier, scheduled date, delivery timestamp and proof-of-delivery note, when the customer reported the damage,
how many photos arrived, the SLA date), sometimes fetches the numbered delivery-damage policy by URL (report window in
days, partial-refund percentage for cosmetic damage, replacement lead time) and, for the write intent, resolves the claim
(a partial refund or a replacement; refused by design with ``REPORTED_LATE`` / ``PHOTOS_MISSING`` and a goodwill credit
as the alternative). The answer is a case note for the claims team: the timeline, the days between delivery and report,
the order total and the partial refund with the working, what was done or refused, and who owns the next step."""
from __future__ import annotations

import datetime as dt

from .aastyle import AaScenario, Layout, Nw, bad_section, doc_keys, items, open_q
from .common import A, Call, Tool, mutate_id, s_bool, s_int, s_num, s_obj, s_str

CATALOG = [("Harlow three-seat sofa", "SOF", 899, 1699), ("Fenwick oak dining table", "TBL", 649, 1299),
           ("Maren accent chair", "CHR", 229, 479), ("Ostend sideboard", "SBD", 549, 999),
           ("Linden bed frame", "BED", 699, 1199), ("Calder coffee table", "CTB", 189, 399),
           ("Brisa dining chair", "DCH", 119, 229), ("Tolland bookcase", "BKC", 259, 549)]
DAMAGE = {"torn_fabric": "cosmetic", "scratched_top": "cosmetic", "dented_panel": "cosmetic",
          "broken_leg": "structural", "cracked_frame": "structural"}
DAMAGE_WORDS = {"torn_fabric": "torn fabric", "scratched_top": "scratched top", "dented_panel": "dented panel",
                "broken_leg": "broken leg", "cracked_frame": "cracked frame"}
CARRIERS = ["Brightway Freight", "Kestrel Home Logistics", "Two Rivers Delivery", "Harbourline Carriers"]
FAKE_CARRIERS = ["Northgate Haulage", "Swiftmile Couriers", "Redfern Transport"]
STATUS = {"under_review": "under review", "awaiting_photos": "awaiting photos", "open": "open"}


def off(day, cur):
    if cur == "USD":
        return "-04:00" if day >= dt.date(2026, 3, 8) else "-05:00"
    return "+01:00" if day >= dt.date(2026, 3, 29) else "+00:00"


class FurnitureClaims(AaScenario):
    name = "furniture_claims"
    agent = "oakline-claims-agent"
    service = "oakline-claims-desk"
    system = ("You are the claims assistant of Oakline Home's delivery-damage desk. Look claims up with the tools and "
              "write case notes and hand-off summaries for the human claims team: past tense, third person about the "
              "customer, a dated timeline, the working for every figure, and only what the tools return.")
    error_style = 0
    preambles = ["Pulling up the claim.", "Checking the claim record first."]
    entity_noun = {"claim_id": "Claim", "policy_url": "Page", "sku": "Item"}
    base = "https://api.oakline.example/claims/v1"

    def __init__(self):
        cid = s_str("Damage claim id.", pattern=r"^DC-\d{5}$")
        self.tools = [
            Tool("get_damage_claim", "A delivery-damage claim with its order, items, delivery and customer.",
                 s_obj({"claim_id": cid, "include_items": s_bool("Include the order items."),
                        "max_events": s_int("Maximum history events.", 1, 50)}, ["claim_id"]),
                 entity={"claim_id": "id"}, http=self.base, extra=[("expand", "customer"), ("locale", "en")]),
            Tool("get_claims_policy", "The numbered delivery-damage policy (plain text).",
                 s_obj({"policy_url": s_str("Policy page URL.", pattern=r"^https://help\.oakline\.example/policies/[a-z-]+$")},
                       ["policy_url"]),
                 entity={"policy_url": "url"}, http=self.base, extra=[("format", "text")]),
            Tool("resolve_damage_claim", "Resolve a claim with a partial refund or a replacement. Refused with a reason "
                 "code and an alternative when the policy does not allow it.",
                 s_obj({"claim_id": cid, "sku": s_str("Damaged item SKU.", pattern=r"^[A-Z]{3}-\d{4}$"),
                        "resolution": s_str("Resolution.", enum=["partial_refund", "replacement"]),
                        "amount": s_num("Refund amount (partial_refund only).", 0, 10000),
                        "notify_customer": s_bool("E-mail the customer.")},
                       ["claim_id", "sku", "resolution"]),
                 entity={"claim_id": "id", "sku": "id"}, http=self.base, extra=[("dry_run", False)]),
        ]
        self.intents = [("review_claim", self.review, True), ("resolve_claim", self.resolve, True)]

    def review(self, ctx):
        return self.build(ctx, False)

    def resolve(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        cur = r.choice(["USD", "USD", "GBP"])
        cust = self.customer(r)
        colleague = r.choice(self.colleagues)
        n_items = r.choice([1, 2, 2, 3])
        chosen = r.sample(CATALOG, n_items)
        its = []
        for nm, pre, lo, hi in chosen:
            qty = r.choice([2, 4]) if pre == "DCH" else 1
            its.append({"sku": f"{pre}-{r.randint(1000, 9999)}", "name": nm, "qty": qty,
                        "price": float(r.randint(lo, hi)) + r.choice([0.0, 0.0, 0.5, 0.99]), "damaged": False})
        dmg = its[0] if n_items == 1 or r.random() < 0.6 else r.choice(its)
        dmg["damaged"] = True
        dmg["damage"] = r.choice(sorted(DAMAGE))
        window = r.choice([3, 5, 7])
        pct = r.choice([10, 15, 20, 25])
        lead = r.choice([7, 10, 14])
        lag = r.randint(1, window + 4)
        delivered_day = today - dt.timedelta(days=lag + r.randint(0, 3))
        sched = delivered_day - dt.timedelta(days=r.choice([0, 0, 1, 2]))
        placed = sched - dt.timedelta(days=r.randint(8, 30))
        reported_day = delivered_day + dt.timedelta(days=lag)
        dh, dm = r.randint(8, 17), r.choice([0, 5, 10, 20, 25, 35, 40, 50, 55])
        rh, rm = r.randint(8, 20), r.choice([2, 14, 27, 33, 41, 48, 56])
        delivered_at = f"{delivered_day.isoformat()}T{dh:02d}:{dm:02d}:00{off(delivered_day, cur)}"
        reported_at = f"{reported_day.isoformat()}T{rh:02d}:{rm:02d}:00{off(reported_day, cur)}"
        photos = r.choice([0, 2, 3, 4, 5]) if write else r.choice([0, 2, 3, 4])
        fee = float(r.choice([49, 59, 79, 99]))
        claim_id = f"DC-{r.randint(10000, 99999)}"
        status = "awaiting_photos" if photos == 0 else r.choice(["under_review", "open"])
        slug = r.choice(["delivery-damage", "damaged-deliveries"])
        now = self.as_of(r, today)
        rec = {"claim": {"claim_id": claim_id, "status": status, "opened": reported_day.isoformat(),
                         "reported_at": reported_at, "channel": r.choice(["phone", "email", "chat"]),
                         "photos_received": photos, "sla_due": (reported_day + dt.timedelta(days=r.choice([3, 5]))).isoformat(),
                         "customer": {"name": cust, "account_id": f"CU-{r.randint(10000, 99999)}"},
                         "order": {"order_id": f"OK-{r.randint(100000, 999999)}", "placed": placed.isoformat(),
                                   "currency": cur, "delivery_fee": fee, "items": its},
                         "delivery": {"carrier": r.choice(CARRIERS), "scheduled": sched.isoformat(),
                                      "delivered_at": delivered_at, "signed_by": cust.split()[0] if r.random() < 0.7 else "neighbour",
                                      "pod_note": r.choice(["signed clean", "signed clean", "damage noted"])},
                         "policy_url": f"https://help.oakline.example/policies/{slug}"},
               "as_of": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
        c1 = Call("get_damage_claim", {"claim_id": claim_id} | ({"include_items": True} if r.random() < 0.5 else {}), rec)
        fetch = write or ctx.followup or r.random() < 0.6
        later, doc = [], None
        if fetch:
            doc = (f"OAKLINE HOME — DELIVERY DAMAGE POLICY\n\n1.1 Damage must be reported within {window} days of delivery.\n"
                   f"1.2 Photos of the damaged item and its packaging are required before a claim is resolved.\n"
                   f"2.1 Cosmetic damage: a partial refund of {pct}% of the item price, or a replacement.\n"
                   f"2.2 Structural damage: a replacement; the delivery fee of the original order is refunded.\n"
                   f"3.1 Replacements ship within {lead} days of approval.\n")
            later.append(Call("get_claims_policy", {"policy_url": rec["claim"]["policy_url"]}, doc))
        res = None
        late = lag > window
        cosmetic = DAMAGE[dmg["damage"]] == "cosmetic"
        refund = round(dmg["price"] * pct / 100, 2)
        if write:
            args = {"claim_id": claim_id, "sku": dmg["sku"], "resolution": "partial_refund" if cosmetic else "replacement"}
            if cosmetic:
                args["amount"] = refund
            if r.random() < 0.5:
                args["notify_customer"] = True
            if late or photos == 0:
                res = {"status": "refused", "reason_code": "REPORTED_LATE" if late else "PHOTOS_MISSING",
                       "message": "The claim does not meet the delivery-damage policy.", "claim_id": claim_id,
                       "alternative": {"type": "goodwill_credit", "amount": float(r.choice([25, 40, 50, 75]))}}
            elif cosmetic:
                res = {"status": "approved", "resolution_id": f"RS-{r.randint(10000, 99999)}", "claim_id": claim_id,
                       "resolution": "partial_refund", "amount": refund, "refund_to": "original payment method"}
            else:
                res = {"status": "approved", "resolution_id": f"RS-{r.randint(10000, 99999)}", "claim_id": claim_id,
                       "resolution": "replacement", "replacement_eta": (today + dt.timedelta(days=lead)).isoformat(),
                       "fee_refund": fee}
            later.append(Call("resolve_damage_claim", args, res))
        req = r.choice([f"{colleague} here — can you write up {claim_id} for the next shift? Cust. says the delivery arrived damaged.",
                        f"Pls pull {claim_id} and leave a hand-off note for {colleague}; damage claim on a recent delivery.",
                        f"Write a case note on claim {claim_id} (delivery damage) so {colleague} can pick it up tomorrow."])
        if write:
            req += r.choice([" If the policy allows it, resolve it (partial refund for cosmetic damage, replacement otherwise).",
                             " Go ahead and resolve it per policy and note the outcome."])
        fu = (f"Resolve {claim_id} per the policy and write the hand-off." if write
              else f"Thanks. Check the damage policy and write the note for {colleague}.")
        w = Nw(r, cur, year_in_dates=True if placed.year != today.year else None)
        a = A()
        self.compose(w, a, r, rec, dmg, doc, res, window, pct, lead, late, refund, colleague, write)
        return self.plan(ctx, req, c1, later, fu, f"Found {claim_id}. Want me to check the policy too?", w, a)

    def compose(self, w, a, r, rec, dmg, doc, res, window, pct, lead, late, refund, colleague, write):
        c = rec["claim"]
        cid, o, dl = c["claim_id"], c["order"], c["delivery"]
        its = o["items"]
        sku = dmg["sku"]
        L = Layout(r)
        D = lambda s: dt.date.fromisoformat(s[:10])
        ddl, drep = D(dl["delivered_at"]), D(c["reported_at"])
        lag = (drep - ddl).days
        if L.kind != "prose":
            a(r.choice([f"Case note — `{cid}`", f"Hand-off: claim {cid}", f"{cid} — delivery damage"]))
            a("\n")
            L.first = True
        # issue
        L.head(a, "issue")
        a(r.choice(["Cust. ", "Customer "]))
        a.x(c["customer"]["name"], ent=r.choice(self.fake_customers))
        a(" (acct ")
        a.x(c["customer"]["account_id"], fid=mutate_id(c["customer"]["account_id"], r))
        said = r.random() < 0.5
        a(") said the " if said else ") reported damage to the ")
        a(dmg["name"])
        a(" on order ")
        a.x(o["order_id"], fid=mutate_id(o["order_id"], r))
        a(" arrived damaged — " if said else " — ")
        a.x(DAMAGE_WORDS[dmg["damage"]], val=DAMAGE_WORDS[r.choice([k for k in DAMAGE_WORDS if k != dmg["damage"]])])
        w.claim("val", id=sku, key="damage", value=dmg["damage"])
        a(", ")
        a.x(f"`{dmg['damage']}`", attr=f"`{r.choice(['surface_scuff', 'transit_damage', 'frame_split'])}`")
        a(".")
        a.p()
        # timeline
        bl = L.list_head(a, "timeline")
        fns = []

        def placed():
            w.Date(a, D(o["placed"]), ("g", "claim.order.placed"), conf=[D(dl["scheduled"])])
            a(" – order placed")

        def delivered():
            w.Date(a, ddl, ("day", ("g", "claim.delivery.delivered_at")), conf=[D(o["placed"])])
            a(r.choice([" – delivered ", " – delivered at "]))
            w.Time(a, dt.datetime.fromisoformat(dl["delivered_at"]), ("g", "claim.delivery.delivered_at"))
            a(" by ")
            a.x(dl["carrier"], ent=r.choice(FAKE_CARRIERS))
            a(", POD: ")
            a.x(dl["pod_note"], val="damage noted" if dl["pod_note"] == "signed clean" else "signed clean")
            w.claim("val", id=cid, key="delivery.pod_note", value=dl["pod_note"])

        def reported():
            w.Date(a, drep, ("day", ("g", "claim.reported_at")))
            a(" – cust. reported it by " + c["channel"] + " at ")
            w.Time(a, dt.datetime.fromisoformat(c["reported_at"]), ("g", "claim.reported_at"))
        fns = [placed, delivered, reported] if r.random() < 0.6 else [delivered, reported]
        items(a, L, bl, fns)
        # findings
        bl = L.list_head(a, "findings")
        fns = []

        def gap():
            if r.random() < 0.5:
                a("reported ")
                w.Days(a, lag, ("sub", ("day", ("g", "claim.reported_at")), ("day", ("g", "claim.delivery.delivered_at"))))
                a(" ")
                a.x("after", rel="before")
                a(" delivery (")
                a(w.d(ddl) + " → " + w.d(drep) + f" = {lag} day{'s' if lag != 1 else ''})")
            else:
                a(w.d(ddl) + " → " + w.d(drep) + " = ")
                w.Days(a, lag, ("sub", ("day", ("g", "claim.reported_at")), ("day", ("g", "claim.delivery.delivered_at"))))
                a(" from delivery to report")
            w.claim("cmp", op="ge", a=("day", ("g", "claim.reported_at")), b=("day", ("g", "claim.delivery.delivered_at")))
            if doc is not None:
                a("; ")
                a.x("within" if not late else "outside", neg="outside" if not late else "within")
                a(" the ")
                w.Num(a, window, ("doc", "1.1", 0))
                a("-day report window (")
                a.x("§1.1", sec=f"§{bad_section('1.1', doc_keys(doc), r)}")
                a(": damage must be reported in time)")
                w.claim("cmp", op="gt" if late else "le", a=("sub", ("day", ("g", "claim.reported_at")),
                                                            ("day", ("g", "claim.delivery.delivered_at"))), b=("doc", "1.1", 0))
        fns.append(gap)

        def total():
            a("order total ")
            first = True
            for it in its:
                if not first:
                    a(" + ")
                first = False
                if it["qty"] > 1:
                    w.Num(a, it["qty"], ("r", it["sku"], "qty"), edit=False)
                    a(" × ")
                w.Money(a, it["price"], ("r", it["sku"], "price"), edit=False)
            a(" + ")
            w.Money(a, o["delivery_fee"], ("g", "claim.order.delivery_fee"), edit=False)
            a(" = ")
            tot = round(sum(x["price"] * x["qty"] for x in its) + o["delivery_fee"], 2)
            w.Money(a, tot, ("r2", ("add", *[("mul", ("r", x["sku"], "price"), ("r", x["sku"], "qty")) for x in its],
                                         ("g", "claim.order.delivery_fee"))))
            a(" incl. delivery")
        fns.append(total)

        def photos():
            k = c["photos_received"]
            if k:
                w.Num(a, k, ("g", "claim.photos_received"))
                a(" photos ")
                a.x("received", neg="not received")
            else:
                a.x("no photos received yet", neg="photos received")
            w.claim("cmp", op="gt" if k else "eq", a=("g", "claim.photos_received"), b=("c", 0))
            a("; claim ")
            a.x(STATUS[c["status"]], val=STATUS[r.choice([s for s in STATUS if s != c["status"]])])
            w.claim("val", id=cid, key="status", value=c["status"])
        fns.append(photos)
        if doc is not None and DAMAGE[dmg["damage"]] == "cosmetic":
            def pr():
                a("cosmetic damage → partial refund per ")
                a.x("§2.1", sec=f"§{bad_section('2.1', doc_keys(doc), r)}")
                a(": ")
                w.Money(a, dmg["price"], ("r", sku, "price"), conf=[x["price"] for x in its if x is not dmg])
                a(" × ")
                w.Pct(a, pct, ("doc", "2.1", 0))
                a(" = ")
                w.Money(a, refund, ("pct", ("r", sku, "price"), ("doc", "2.1", 0)))
            fns.append(pr)
        elif doc is not None:
            def rp():
                a("structural damage → replacement per ")
                a.x("§2.2", sec=f"§{bad_section('2.2', doc_keys(doc), r)}")
                a(", plus the ")
                w.Money(a, o["delivery_fee"], ("g", "claim.order.delivery_fee"))
                a(" delivery fee refunded")
            fns.append(rp)
        items(a, L, bl, fns)
        # action / outcome
        if write:
            L.head(a, "action")
            if res["status"] == "refused":
                a(r.choice(["Resolution not processed — ", "Tried to resolve; refused — "]))
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['WINDOW_EXPIRED', 'CLAIM_INELIGIBLE', 'NO_EVIDENCE'])}`")
                a(". ")
                a("Offered")
                a(" the cust. a goodwill credit of ")
                w.Money(a, res["alternative"]["amount"], ("g", "alternative.amount"))
                a(" instead (the desk's alternative)")
                a.pc()
                a(".")
                a.p()
            elif res["resolution"] == "partial_refund":
                a("Partial refund of ")
                w.Money(a, res["amount"], ("g", "amount"))
                a(" ")
                a.x("approved", val="pending approval")
                w.claim("val", id=res["resolution_id"], key="status", value="approved")
                a(", ref ")
                a.x(f"`{res['resolution_id']}`", fid=f"`{mutate_id(res['resolution_id'], r)}`")
                a("; goes back to the original payment method")
                a.pc()
                a(".")
                a.p()
            else:
                a("Replacement ")
                a.x("approved", val="pending approval")
                w.claim("val", id=res["resolution_id"], key="status", value="approved")
                a(", ref ")
                a.x(f"`{res['resolution_id']}`", fid=f"`{mutate_id(res['resolution_id'], r)}`")
                a("; ETA ")
                w.Date(a, dt.date.fromisoformat(res["replacement_eta"]), ("g", "replacement_eta"))
                a(" (")
                w.Days(a, lead, ("doc", "3.1", 0))
                a(" per ")
                a.x("§3.1", sec=f"§{bad_section('3.1', doc_keys(doc), r)}")
                a(": replacements ship after approval); delivery fee of ")
                w.Money(a, res["fee_refund"], ("g", "fee_refund"))
                a(" refunded")
                a.pc()
                a(".")
                a.p()
        open_q(a, L, r, ['Did the cust. keep the original packaging?', 'Is the cust. OK w/ a replacement if stock is short?', 'Was the damage visible on the carton at drop-off? Not noted anywhere.'])
        L.head(a, "next")
        owner = r.choice([colleague, "Claims team", f"{colleague} / claims team"])
        a(f"{owner} — ")
        if write and res["status"] == "approved":
            a("nothing pending beyond confirming w/ cust.; SLA ")
        elif write:
            a("pls call cust. re the goodwill credit; SLA ")
        elif c["photos_received"] == 0:
            a("pls chase photos (")
            a("required before resolving" if doc is None else "required under ")
            if doc is not None:
                a.x("§1.2", sec=f"§{bad_section('1.2', doc_keys(doc), r)}")
            a("); SLA ")
        else:
            a("review photos and decide; SLA ")
        w.Date(a, dt.date.fromisoformat(c["sla_due"]), ("g", "claim.sla_due"))
        a(".")
        a.p()
        ref = f"BW-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Driver's notes are in carrier ref {ref}.", ref))
        a.ins("claim", f"Cust. mentioned the {dmg['name'].split()[-1]} had already been repaired once.")
        a.ins("claim", "The carrier has had two other damage claims from the same route this week.")
        a.ins("behavior", "Already emailed the carrier for the driver's photos.")
        a.ins("behavior", "Sent the cust. a prepaid return label.")
        a.ins("elab", r.choice(["most likely from the stairwell turn at drop-off", "probably because the packaging was too thin"]), clause=True)
