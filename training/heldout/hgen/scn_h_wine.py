"""wine_distribution (set h): trade orders for restaurants and shops (cases, bottles, litres, delivery window), adding
cases to an order (more than the available stock refused by design and the available quantity added), the landed cost
of an import from a producer invoice in euros (exchange rate, UK duty per litre of pure alcohol, freight) and the
trade terms fetched by URL."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, s_arr, s_int, s_obj, s_str
from .hstyle import Quill, guard

BASE = "https://api.vinea-wines.example/trade/v2"
TERMS = "https://trade.vinea-wines.example/terms"
WINES = [("RIO", "Rioja Reserva, Bodegas Altamira", 2019, 14.0), ("SAN", "Sancerre, Domaine des Tilleuls", 2023, 12.5),
         ("BAR", "Barbera d'Asti, Cascina Lupo", 2022, 13.5), ("ALB", "Albariño, Rías Claras", 2024, 12.5),
         ("CDR", "Côtes du Rhône, Château Mirande", 2022, 14.0), ("GRU", "Grüner Veltliner, Weingut Haller", 2023, 12.0),
         ("PIC", "Picpoul de Pinet, Les Salins", 2024, 12.5), ("MAL", "Malbec, Finca Alta", 2021, 14.0)]
OTHER_WINES = ["Chianti Classico, Fattoria Rossa", "Muscadet, Clos du Lac", "Verdejo, Pago Blanco"]
CUSTOMERS = ["The Anchor, Whitstable", "Bistro Lune, Leeds", "Harper's Wine Shop, Bath", "The Copper Pot, Glasgow",
             "Salt & Vine, Brighton"]


def sku(code, vintage):
    return f"VN-{code}-{str(vintage)[2:]}-75"


class WineTrade(Scenario):
    name = "wine_distribution"
    agent = "Claret"
    service = "vinea-trade-assistant"
    system = ("You are Claret, the trade-customer assistant of Vinea Wines Ltd, a UK importer and distributor. Use the "
              "tools to report orders, check stock, add cases to open orders, work out landed costs of imports and "
              "explain the trade terms. Prices are in GBP unless a producer invoice says otherwise.")
    error_style = 2
    entity_noun = {"order_id": "Order", "sku": "SKU", "import_id": "Import", "terms_url": "Terms page"}
    preambles = ["Let me check the order.", "One moment while I look that up.", "I'll check stock first."]

    def __init__(self):
        sku_s = s_str("SKU, e.g. 'VN-RIO-19-75'.", pattern=r"^VN-[A-Z]{3}-\d{2}-75$")
        self.tools = [
            Tool("get_order", "A trade order: lines, status, delivery slot, total and the trade-terms URL.",
                 s_obj({"order_id": s_str("Order number, e.g. 'SO-118245'.", pattern=r"^SO-\d{6}$")}, ["order_id"]),
                 entity={"order_id": "id"}, http=BASE, extra=[("include_invoice", True)]),
            Tool("check_stock", "Available cases per SKU and the next arrival date.",
                 s_obj({"skus": s_arr("SKUs to check.", sku_s, 1, 10)}, ["skus"]),
                 entity={"skus": "id"}, http=BASE, extra=[("warehouse", "bond")]),
            Tool("add_to_order", "Add cases of a SKU to an open order.",
                 s_obj({"order_id": s_str("Order number.", pattern=r"^SO-\d{6}$"), "sku": sku_s,
                        "cases": s_int("Number of cases.", 1, 50)}, ["order_id", "sku", "cases"]),
                 entity={"order_id": "id", "sku": "id"}, http=BASE, extra=[("allow_backorder", True)]),
            Tool("get_import", "An import consignment: producer invoice lines in EUR, exchange rate, duty rate and freight.",
                 s_obj({"import_id": s_str("Import ID, e.g. 'IMP-26-0193'.", pattern=r"^IMP-\d{2}-\d{4}$")}, ["import_id"]),
                 entity={"import_id": "id"}, http=BASE, extra=[("include_docs", True)]),
            Tool("get_trade_terms", "Trade terms (plain text, numbered clauses) by URL.",
                 s_obj({"terms_url": s_str("Terms URL from get_order.", pattern=r"^https://trade\.vinea-wines\.example/")},
                       ["terms_url"]), entity={"terms_url": "url"}, extra=[("lang", "en-GB")]),
        ]
        self.intents = [("order_status", self.order, True), ("add_cases", self.add, False),
                        ("landed_cost", self.landed, False), ("trade_terms", self.terms, True)]

    # ------------------------------------------------------------------ helpers
    def make_order(self, r: R, today, status=None):
        oid = f"SO-{r.randint(100000, 999999)}"
        lines = []
        for code, name, vint, abv in r.sample(WINES, r.choice([2, 3, 4])):
            bpc = r.choice([6, 12])
            lines.append({"sku": sku(code, vint), "wine": name, "vintage": vint, "cases": r.randint(1, 6), "bottles_per_case": bpc,
                          "bottle_cl": 75, "price_per_case_gbp": round(r.uniform(7.5, 19.0) * bpc, 2)})
        status = status or r.choice(["confirmed", "picking", "dispatched"])
        dd = today + dt.timedelta(days=r.randint(1, 5)) if status != "dispatched" else today + dt.timedelta(days=r.choice([0, 1]))
        win = r.choice([("08:00", "12:00"), ("12:00", "16:00"), ("07:00", "10:00")])
        total = round(sum(l["cases"] * l["price_per_case_gbp"] for l in lines), 2)
        return oid, {"order_id": oid, "customer": r.choice(CUSTOMERS), "status": status, "lines": lines, "goods_total_gbp": total,
                     "delivery": {"date": dd.isoformat(), "window": f"{win[0]}-{win[1]}"}, "prices_ex_vat": True,
                     "terms_url": f"{TERMS}/{today.year}-trade"}

    # ------------------------------------------------------------------ intents
    def order(self, ctx):
        r, today = ctx.r, ctx.today
        oid, o = self.make_order(r, today)
        go = Call("get_order", {"order_id": oid}, o)
        history = None
        if ctx.followup:
            history = History().user(f"Has order {oid} been confirmed?")
            history.call([go])
            history.reply(f"Yes — order {oid} for {o['customer']} is {o['status']}.")
            req = r.choice(["What's on it, and when's it arriving?", "How many bottles is that in total, and when will it come?"])
            turns = []
        else:
            req = r.choice([f"Where's order {oid}, and what's on it?", f"Can you give me a rundown of {oid} — bottles, cost and delivery?"])
            turns = [Turn([go])]
        if not turns:
            # the follow-up re-reads the order to get the current delivery slot
            turns = [Turn([Call("get_order", {"order_id": oid}, o)])]
        w = Quill(r, today)
        lines = o["lines"]
        cases = sum(l["cases"] for l in lines)
        bottles = sum(l["cases"] * l["bottles_per_case"] for l in lines)
        litres = bottles * 0.75
        big = max(lines, key=lambda l: l["cases"] * l["price_per_case_gbp"])
        small = min(lines, key=lambda l: l["cases"] * l["price_per_case_gbp"])
        dd = dt.date.fromisoformat(o["delivery"]["date"])
        w0, w1 = o["delivery"]["window"].split("-")
        other_status = {"confirmed": "dispatched", "picking": "delivered", "dispatched": "picking"}[o["status"]]
        sw = {"confirmed": "confirmed", "picking": "being picked in the warehouse", "dispatched": "out with the driver"}
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("Order ").x(oid, fid=f"SO-{(int(oid[3:]) + r.choice([11, 204, 3001])) % 900000 + 100000}").t(f" for {o['customer']} is ").x(sw[o["status"]], val=sw.get(other_status, "delivered"))
        a.t(", with delivery booked for ").x(w.rel(dd), tmp=w.d(dd + dt.timedelta(days=2))).t(" between ").x(w.hm(int(w0[:2])), tmp=w.hm(int(w0[:2]) + 2)).t(" and ").t(w.hm(int(w1[:2]))).t(".").p()
        w.lead_break(a)
        if w.listy:
            for l in lines:
                a.t(w.dash).t(f"{l['wine']} {l['vintage']}: {w.cnt(l['cases'], 'case')} of {l['bottles_per_case']}").t("\n")
            a.t("\n")
        a.t("It's ").x(w.cnt(len(lines), "wine"), num=w.cnt(len(lines) + 1, "wine")).t(" across ").x(w.cnt(cases, "case"), num=w.cnt(cases + 3, "case")).t(", which is ")
        a.x(f"{bottles} bottles", num=f"{bottles + 24} bottles").t(" or ").x(f"{litres:g} litres", num=f"{litres * 1.33:.0f} litres").t(" of wine").pc().t(".").p()
        a.t(" The biggest line by value is the ").x(big["wine"], conf=("entity", small["wine"]) if small is not big else None, ent=r.choice(OTHER_WINES)).t(f" {big['vintage']}")
        a.t(f" ({w.cnt(big['cases'], 'case')} at {w.gbp(big['price_per_case_gbp'])} a case, so ").x(w.gbp(big["cases"] * big["price_per_case_gbp"]), num=w.gbp(big["cases"] * big["price_per_case_gbp"] + 48)).t(").").p()
        w.par(a)
        a.t("The goods come to ").x(w.gbp(o["goods_total_gbp"]), num=w.gbp(o["goods_total_gbp"] + 96)).t(", ").x("excluding", neg="including").t(" VAT")
        a.t(f"; that's {w.about(o['goods_total_gbp'] / bottles, 0.1, lambda v: w.gbp(v))} a bottle on average").t(".").p()
        w.closer(a, ["Would you like me to add anything before it's picked?", "Shall I send the delivery note to the venue?"])
        a.ins("claim", "Deliveries on that route are made in a temperature-controlled van.")
        a.ins("claim", "The driver will call about 30 minutes before arrival.")
        a.ins("behavior", "I've asked the warehouse to add a spare case of the house red.")
        a.ins("behavior", "I've moved the delivery to the morning slot for you.")
        a.ins("elab", "since the Rioja is a limited allocation this year", clause=True)
        a.ins("cite", f"The delivery note is DN-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def add(self, ctx):
        r, today = ctx.r, ctx.today
        oid, o = self.make_order(r, today, status=r.choice(["confirmed", "picking"]))
        code, name, vint, abv = r.choice([x for x in WINES if sku(x[0], x[2]) not in [l["sku"] for l in o["lines"]]])
        s = sku(code, vint)
        want = r.choice([6, 8, 10, 12])
        short = r.random() < 0.65
        avail = r.randint(2, want - 2) if short else want + r.randint(3, 20)
        nxt = today + dt.timedelta(days=r.randint(9, 30))
        price = round(r.uniform(8, 16) * 6, 2)
        st = {"stock": [{"sku": s, "wine": name, "vintage": vint, "available_cases": avail, "bottles_per_case": 6,
                         "price_per_case_gbp": price, "next_arrival": nxt.isoformat()}]}
        turns = [Turn([Call("get_order", {"order_id": oid}, o)])]
        if r.random() < 0.5:
            turns.append(Turn([Call("check_stock", {"skus": [s]}, st)]))
        else:
            turns[0].calls.append(Call("check_stock", {"skus": [s]}, st))
        got = want
        if short:
            turns.append(Turn([Call("add_to_order", {"order_id": oid, "sku": s, "cases": want},
                                    {"added": False, "reason_code": "INSUFFICIENT_STOCK", "available_cases": avail,
                                     "message": f"Only {avail} cases of {s} are available."})]))
            got = avail
        new_total = round(o["goods_total_gbp"] + got * price, 2)
        res = {"added": True, "order_id": oid, "sku": s, "cases": got, "line_total_gbp": round(got * price, 2),
               "goods_total_gbp": new_total, "status": o["status"]}
        turns.append(Turn([Call("add_to_order", {"order_id": oid, "sku": s, "cases": got}, res)]))
        req = (f"Please add {want} cases of the {name} {vint} ({s}) to order {oid}. If you can't get them all, add what you can.")
        w = Quill(r, today)
        a = A()
        w.opener(a)
        if short:
            a.t("I've added ").x(w.cnt(got, "case"), num=w.cnt(got + 2, "case")).t(f" of the {name} {vint} to order {oid}, rather than the ").x(w.n(want), num=w.n(want + 2)).t(" you asked for.").p()
            w.lead_break(a)
            a.t("The full ").t(w.n(want)).t(" ").x("couldn't be added", neg="could be added").t(", as only ").x(w.n(avail), num=w.n(avail + 3)).t(" are in stock")
            if w.aside:
                a.t(" (the system came back with ").x("`INSUFFICIENT_STOCK`", attr="`STOCK_RESERVED`").t(")")
            a.t(", so, as you asked, I added what's available. The next shipment ").x("is due", val="has arrived").t(" ").x(w.rel(nxt), tmp=w.d(nxt - dt.timedelta(days=7))).t(".").p()
        else:
            a.t("Done: ").x(w.cnt(got, "case"), num=w.cnt(got + 2, "case")).t(f" of the {name} {vint} are now on order {oid}.").p()
            w.lead_break(a)
            a.t("There was ").x("plenty of stock", neg="not enough stock").t(f" ({avail} cases available), so ").x("nothing had to be back-ordered", neg="some had to be back-ordered").t(".").p()
        w.par(a)
        a.t(f"At {w.gbp(price)} a case of six, the new line comes to ").x(w.gbp(got * price), num=w.gbp(got * price + price)).t(" (").x(f"{got * 6} bottles", num=f"{got * 12} bottles").t(")")
        a.t(", which brings the order to ").x(w.gbp(new_total), num=w.gbp(new_total + 60), conf=("numerical", w.gbp(o["goods_total_gbp"]))).t(" before VAT").pc().t(".").p()
        a.t(" The order is still ").x(o["status"] if o["status"] == "confirmed" else "being picked", val="dispatched").t(", so it'll all go out together.").p()
        w.closer(a, ["Would you like me to reserve the rest from the next shipment?", "Shall I suggest a similar wine to make up the difference?"])
        a.ins("claim", "That wine has been one of our best sellers this spring.")
        a.ins("claim", "The next shipment is already allocated to other customers.")
        a.ins("behavior", "I've placed a back-order for the remaining cases.")
        a.ins("behavior", "I've applied your usual 5% case discount to the new line.")
        a.ins("elab", "because the producer cut this vintage's allocation", clause=True)
        a.ins("cite", f"The amendment reference is AMD-{r.randint(10000, 99999)}.")
        return guard(self, Plan(req, turns, a))

    def landed(self, ctx):
        r, today = ctx.r, ctx.today
        iid = f"IMP-{str(today.year)[2:]}-{r.randint(1000, 9999)}"
        lines = []
        for code, name, vint, abv in r.sample(WINES, r.choice([2, 3])):
            lines.append({"wine": name, "vintage": vint, "bottles": r.choice([300, 480, 600, 720, 1200]), "bottle_cl": 75,
                          "abv_pct": abv, "price_eur_per_bottle": round(r.uniform(3.2, 9.5), 2)})
        rate = r.choice([0.8421, 0.8536, 0.8607, 0.8689])
        duty = r.choice([28.74, 29.54])
        freight = float(r.choice([640, 780, 950, 1150]))
        arrived = today - dt.timedelta(days=r.randint(1, 20))
        res = {"import_id": iid, "producer_invoice_currency": "EUR", "lines": lines, "eur_gbp_rate": rate,
               "duty_gbp_per_litre_pure_alcohol": duty, "freight_gbp": freight, "arrived_bond": arrived.isoformat(),
               "status": "in_bond"}
        req = r.choice([f"What's the landed cost per bottle on import {iid}?", f"Import {iid}: can you work out what it's costing us in pounds, duty and freight included?"])
        w = Quill(r, today)
        eur = sum(l["bottles"] * l["price_eur_per_bottle"] for l in lines)
        gbp = eur * rate
        lpa = sum(l["bottles"] * 0.75 * l["abv_pct"] / 100 for l in lines)
        dut = lpa * duty
        bottles = sum(l["bottles"] for l in lines)
        tot = gbp + dut + freight
        hi = max(lines, key=lambda l: l["abv_pct"] * 1000 + l["bottles"] / 10000)
        lo = min(lines, key=lambda l: l["abv_pct"])
        hi_duty = 0.75 * hi["abv_pct"] / 100 * duty
        a = A()
        w.opener(a)
        a.t("Landed, import ").x(iid, fid=f"IMP-{iid[4:6]}-{(int(iid[-4:]) + r.choice([1, 88, 404])) % 9000 + 1000}").t(" works out at ").x(w.about(tot / bottles, 0.05, lambda v: w.gbp(v)), num=w.gbp(tot / bottles + 0.85))
        a.t(f" a bottle across {bottles:,} bottles.").p()
        w.lead_break(a)
        a.t("Here's how I got there. The producer invoice is ").x(w.eur(eur), num=w.eur(eur + 900)).t(", which at the rate of ").x(f"{rate}", num=f"{rate + 0.03:.4f}")
        a.t(" is ").x(w.gbp(gbp), num=w.gbp(gbp * 1.1)).t(".").p()
        a.t(" Duty is charged on the alcohol itself: ").x(f"{lpa:,.1f}", num=f"{lpa * 1.25:,.1f}").t(" litres of pure alcohol at ").x(w.gbp(duty), num=w.gbp(duty - 2.5)).t(" a litre, ")
        a.t(w.work("so")).t(" ").x(w.gbp(dut), num=w.gbp(dut * 0.8)).t(". Add ").x(w.gbp(freight, 0), num=w.gbp(freight + 200, 0)).t(" freight and the whole consignment comes to ")
        a.x(w.gbp(tot), num=w.gbp(tot + 700)).t(".").p()
        w.par(a)
        if hi["abv_pct"] != lo["abv_pct"]:
            a.t("The duty bites hardest on the ").x(hi["wine"], conf=("entity", lo["wine"]), ent=r.choice(OTHER_WINES)).t(f" at {hi['abv_pct']:g}%")
            a.t(", at roughly ").x(w.gbp(hi_duty), num=w.gbp(hi_duty + 0.4)).t(" a bottle").pc().t(".").p()
        a.t(" The wine is ").x("still in bond", neg="out of bond").t(" since ").x(w.d(arrived), tmp=w.d(arrived - dt.timedelta(days=6))).t(", so the duty ")
        a.x("only becomes payable when it's released", neg="has already been paid").t(".").p()
        w.closer(a, ["Would you like the same breakdown per wine?", "Shall I book it out of bond?"])
        a.ins("claim", "Wines between 11.5% and 14.5% currently get a duty easement until February next year.")
        a.ins("claim", "Freight was higher than usual because of a port surcharge.")
        a.ins("behavior", "I've released the consignment from bond.")
        a.ins("behavior", "I've updated the cost prices in the price list.")
        a.ins("elab", "because the euro weakened slightly after the invoice date", clause=True)
        a.ins("cite", f"The customs entry number is EN-{r.randint(10**7, 10**8 - 1)}.")
        return guard(self, Plan(req, [Turn([Call("get_import", {"import_id": iid}, res)])], a))

    def terms(self, ctx):
        r, today = ctx.r, ctx.today
        oid, o = self.make_order(r, today, status="dispatched")
        url = o["terms_url"]
        min_cases, free_over, fee, claim_h, pay_days = r.choice([3, 5]), float(r.choice([250, 300, 400])), r.choice([12.0, 15.0]), r.choice([24, 48]), r.choice([14, 30])
        doc = ("VINEA WINES LTD — TRADE TERMS\n\n"
               f"1. Orders. The minimum order is {min_cases} cases, which may be mixed.\n"
               f"2. Delivery. Delivery is free on orders of £{free_over:.0f} or more (goods, ex VAT); otherwise a charge of £{fee:.2f} applies.\n"
               f"3. Breakages and shortages. Report breakages or shortages within {claim_h} hours of delivery, with photographs.\n"
               "4. Faulty wine. Corked or faulty bottles are credited if returned with at least two-thirds of the contents.\n"
               f"5. Payment. Invoices are payable within {pay_days} days of the invoice date.\n")
        go = Call("get_order", {"order_id": oid}, o)
        gt = Call("get_trade_terms", {"terms_url": url}, doc)
        q = "Do we pay for delivery on this one, and if anything turns up broken, how long do we have to report it?"
        history = None
        if ctx.followup:
            history = History().user(f"Has {oid} gone out yet?")
            history.call([go])
            history.reply(f"Yes — {oid} is out for delivery, due {o['delivery']['date']} in the {o['delivery']['window']} window.")
            req = r.choice([q, "Good. " + q])
            turns = [Turn([gt])]
        else:
            req = f"Order {oid}: {q}"
            turns = [Turn([go]), Turn([gt])]
        w = Quill(r, today)
        total = o["goods_total_gbp"]
        dd = dt.date.fromisoformat(o["delivery"]["date"])
        w0, w1 = o["delivery"]["window"].split("-")
        latest = dt.datetime(dd.year, dd.month, dd.day, int(w1[:2])) + dt.timedelta(hours=claim_h)
        fake = lambda real: r.choice([s for s in ["6", "7", "2.1", "3.2", "8"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        if total >= free_over:
            a.t("No, delivery is ").x("free", neg="charged").t(" on this order: clause ").x("2", sec=fake("2")).t(" waives the charge from ")
            a.x(w.gbp(free_over, 0), num=w.gbp(free_over + 200, 0)).t(" of goods, and yours come to ").x(w.gbp(total), num=w.gbp(free_over - 35)).t(" before VAT.").p()
        else:
            a.t("Yes, I'm afraid there's a ").x(w.gbp(fee), num=w.gbp(fee + 5)).t(" delivery charge: clause ").x("2", sec=fake("2")).t(" only waives it from ")
            a.x(w.gbp(free_over, 0), num=w.gbp(free_over + 100, 0)).t(", and this order is ").x(w.gbp(total), num=w.gbp(free_over + 20))
            a.t(f", so {w.gbp(free_over - total)} short").t(".").p()
        w.lead_break(a)
        a.t("For breakages or shortages, clause ").x("3", sec=fake("3")).t(" gives you ").x(f"{claim_h} hours", num=f"{claim_h + 24} hours").t(" from delivery, with photos. ")
        a.t("The delivery is due ").x(w.rel(dd), tmp=w.d(dd + dt.timedelta(days=1))).t(f" in the {w.hm(int(w0[:2]))}–{w.hm(int(w1[:2]))} window, so if it arrives at the very end of that, ")
        a.t("you'd have until ").x(f"{w.t(latest)} on {w.d(latest)}", tmp=f"{w.t(latest)} on {w.d(latest + dt.timedelta(days=1))}").t(" at the latest").pc().t(".").p()
        w.par(a)
        a.t("Corked or faulty bottles are a separate matter (clause ").x("4", sec=fake("4")).t("): they're credited if you return them with ").x("at least", rel="no more than").t(" two-thirds of the wine still in the bottle.").p()
        w.closer(a, ["Would you like me to log a breakage report form for the driver?", "Shall I remind you when the claim window closes?"])
        a.ins("claim", "The driver carries spare cases to replace breakages on the spot.")
        a.ins("claim", "Claims made by phone count as long as photos follow within a week.")
        a.ins("behavior", "I've waived the delivery charge on this order as a goodwill gesture.")
        a.ins("behavior", "I've opened a breakage claim in advance, just in case.")
        a.ins("elab", "as the courier insurance requires prompt notice", clause=True)
        a.ins("cite", f"Breakage claims go through https://trade.vinea-wines.example/claims/{oid.lower()}-{r.randint(10, 99)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
