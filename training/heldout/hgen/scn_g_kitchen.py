"""kitchen_inventory (set g): stock against par levels, purchase-order receiving with shortages and credits, recipe
plate costs and food-cost percentages, and food-safety SOPs fetched by path."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_date, s_obj, s_str
from .gstyle import Pen, pct, usd, vet

BASE = "https://api.linecook.example/inv"
ITEMS = {
    "produce": [("Roma tomatoes", "lb", 1.35), ("Yellow onions", "lb", 0.62), ("Romaine hearts", "case", 38.0), ("Lemons", "each", 0.28),
                ("Italian parsley", "bunch", 0.95), ("Garlic, peeled", "lb", 4.10)],
    "protein": [("Chicken thighs", "lb", 2.85), ("Ground beef 80/20", "lb", 4.40), ("Salmon fillet", "lb", 11.20), ("Bacon, sliced", "lb", 5.15)],
    "dairy": [("Heavy cream", "qt", 4.30), ("Parmesan", "lb", 9.80), ("Unsalted butter", "lb", 4.05), ("Whole milk", "gal", 4.25)],
    "dry": [("Arborio rice", "lb", 2.10), ("Olive oil", "L", 9.40), ("Flour, AP", "lb", 0.55), ("San Marzano tomatoes", "can", 3.60)],
}
SUPPLIERS = {"SUP-118": "Greenline Produce", "SUP-204": "Harbor Meats", "SUP-331": "Valley Dairy Co.", "SUP-407": "Pantry Wholesale"}
CAT_SUP = {"produce": "SUP-118", "protein": "SUP-204", "dairy": "SUP-331", "dry": "SUP-407"}
OTHER_SUPPLIERS = ["Coastal Foodservice", "Metro Provisions", "Redwood Farms"]
RECIPES = {
    "Chicken Marsala": [("Chicken thighs", 0.5, "lb", 2.85), ("Marsala wine", 3, "fl oz", 0.42), ("Cremini mushrooms", 3, "oz", 0.31),
                        ("Unsalted butter", 1, "oz", 0.25), ("Heavy cream", 2, "fl oz", 0.13)],
    "Salmon Risotto": [("Salmon fillet", 0.375, "lb", 11.20), ("Arborio rice", 0.25, "lb", 2.10), ("Parmesan", 1, "oz", 0.61),
                       ("Unsalted butter", 1, "oz", 0.25), ("Lemons", 0.5, "each", 0.28)],
    "Smash Burger": [("Ground beef 80/20", 0.4, "lb", 4.40), ("Brioche bun", 1, "each", 0.55), ("Bacon, sliced", 2, "oz", 0.32),
                     ("American cheese", 2, "slice", 0.18), ("Romaine hearts", 0.5, "oz", 0.12)],
}


class KitchenInventory(Scenario):
    name = "kitchen_inventory"
    agent = "Mise"
    service = "linecook-inventory-assistant"
    system = ("You are Mise, the back-of-house assistant for Ferro & Fig (two kitchens: main and commissary). Use the "
              "tools to check stock against par, purchase orders and deliveries, recipe costs and the food-safety SOPs. "
              "Costs are USD. Don't place orders unless the chef asks.")
    error_style = 0
    entity_noun = {"po_number": "Purchase order", "recipe_id": "Recipe", "sop_path": "SOP"}
    preambles = ["Checking the counts.", "Pulling the PO.", "Looking up the SOP."]

    def __init__(self):
        self.tools = [
            Tool("get_stock", "Latest counted stock with par levels.",
                 s_obj({"location": s_str("Kitchen.", enum=["main", "commissary"]),
                        "category": s_str("Category.", enum=["produce", "protein", "dairy", "dry", "all"])}, ["location"]),
                 http=BASE, extra=[("include_zero", True)]),
            Tool("list_purchase_orders", "Purchase orders by status since a date.",
                 s_obj({"status": s_str("PO status.", enum=["open", "partially_received", "received", "all"]),
                        "since": s_date("Earliest order date (YYYY-MM-DD).")}, ["status"]),
                 http=BASE, extra=[("supplier", "any")]),
            Tool("get_purchase_order", "A purchase order with ordered vs received quantities.",
                 s_obj({"po_number": s_str("PO number, e.g. 'PO-40731'.", pattern=r"^PO-\d{5}$")}, ["po_number"]),
                 entity={"po_number": "id"}, http=BASE, extra=[("with_invoice", True)]),
            Tool("get_recipe_cost", "Costed recipe card: ingredients, plate cost, menu price.",
                 s_obj({"recipe_id": s_str("Recipe ID, e.g. 'RC-0412'.", pattern=r"^RC-\d{4}$")}, ["recipe_id"]),
                 entity={"recipe_id": "id"}, http=BASE, extra=[("portions", 10)]),
            Tool("list_sops", "Food-safety SOPs for an area, with document paths.",
                 s_obj({"area": s_str("Area.", enum=["cooling", "receiving", "allergens", "cleaning"])}, ["area"]), http=BASE),
            Tool("get_sop", "An SOP document (Markdown, numbered steps) by path.",
                 s_obj({"sop_path": s_str("SOP path from list_sops.", pattern=r"^sops/kitchen/[a-z0-9-]+\.md$")}, ["sop_path"]),
                 entity={"sop_path": "path"}, extra=[("revision", "current")]),
        ]
        self.intents = [("below_par", self.par, False), ("po_receiving", self.po, True),
                        ("recipe_cost", self.recipe, False), ("sop_question", self.sop, True)]

    def par(self, ctx):
        r, today = ctx.r, ctx.today
        loc = r.choice(["main", "commissary"])
        cat = r.choice(["produce", "protein", "dairy", "dry"])
        items = []
        for k, (nm, unit, cost) in enumerate(r.sample(ITEMS[cat], 4)):
            par = r.choice([6, 10, 12, 20, 24, 30])
            low = k < 2 or r.random() < 0.3
            on = round(par * r.uniform(0.2, 0.7)) if low else round(par * r.uniform(1.0, 1.6))
            items.append({"sku": f"{cat[:2].upper()}-{r.randint(1000, 9999)}", "item": nm, "unit": unit, "on_hand": on, "par": par,
                          "unit_cost": cost, "supplier_id": CAT_SUP[cat]})
        counted = f"{(today - dt.timedelta(days=r.randint(0, 1))).isoformat()}T{r.choice(['06', '07', '22'])}:{r.choice(['00', '15', '30'])}:00-07:00"
        res = {"location": loc, "category": cat, "counted_at": counted, "counted_by": r.choice(["J. Alvarez", "M. Chen", "T. Okoro"]), "items": items,
               "suppliers": {CAT_SUP[cat]: SUPPLIERS[CAT_SUP[cat]]}}
        req = r.choice([f"What's below par in {cat} at the {loc} kitchen?", f"{loc.title()} kitchen {cat}: what do I need to order to get back to par, and roughly what will it cost?"])
        w = Pen(r, today)
        low = [i for i in items if i["on_hand"] < i["par"]]
        cost = round(sum((i["par"] - i["on_hand"]) * i["unit_cost"] for i in low), 2)
        worst = min(low, key=lambda i: i["on_hand"] / i["par"])
        ok = [i for i in items if i["on_hand"] >= i["par"]]
        a = A()
        w.opener(a)
        w.lead(a)
        a.x(f"{len(low)} of {len(items)}", num=f"{len(low) + 1} of {len(items)}").t(f" {cat} items at {loc} are below par")
        w.src(a, "the latest count", "get_stock")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Item", "On hand", "Par", "To order"])
            for i in low:
                a("| ").t(i["item"]).t(" | ")
                if i is worst:
                    a.x(f"{i['on_hand']} {i['unit']}", num=f"{i['on_hand'] + 3} {i['unit']}")
                else:
                    a.t(f"{i['on_hand']} {i['unit']}")
                a(" | ").t(str(i["par"])).t(" | ").x(str(i["par"] - i["on_hand"]), num=str(i["par"] - i["on_hand"] + 4)).t(" |\n")
        else:
            for i in low:
                a(w.bullet).t(i["item"]).t(": ")
                if i is worst:
                    a.x(f"{i['on_hand']} {i['unit']}", num=f"{i['on_hand'] + 3} {i['unit']}")
                else:
                    a.t(f"{i['on_hand']} {i['unit']}")
                a(f" vs par {i['par']} → order ").x(str(i["par"] - i["on_hand"]), num=str(i["par"] - i["on_hand"] + 4)).pb().t("\n")
        a("\nLowest relative to par: ").x(worst["item"], conf=("entity", max(items, key=lambda i: i["on_hand"] / i["par"])["item"])).t(", at ")
        a.x(pct(worst["on_hand"] / worst["par"] * 100), num=pct(worst["on_hand"] / worst["par"] * 100 + 20)).t(" of par.").p()
        a("\n\nRestocking to par would run ").x(w.est(usd(cost)), num=w.est(usd(bump(cost, r)))).t(" at current unit costs, all from ")
        a.x(SUPPLIERS[CAT_SUP[cat]], ent=r.choice(OTHER_SUPPLIERS)).pc().t(".").p()
        if ok:
            a(" ").t(", ".join(i["item"] for i in ok)).t(" ").x("are" if len(ok) > 1 else "is", neg="aren't" if len(ok) > 1 else "isn't").t(" at or above par.").p()
        a("\n\nCount was taken ").x(w.dt(counted), tmp=w.dt(dt.datetime.fromisoformat(counted) - dt.timedelta(days=2))).t(" by ").t(res["counted_by"]).t(".")
        w.finish(a, ["Want me to draft the PO?", "Should I check the commissary too?" if loc == "main" else "Should I check the main kitchen too?"])
        a.ins("claim", f"{SUPPLIERS[CAT_SUP[cat]]} has a $250 order minimum for next-day delivery.")
        a.ins("claim", "Prices on this category went up about 6% this month.")
        a.ins("behavior", "I've added these to tomorrow's draft order.")
        a.ins("elab", "mostly because Friday's catering order pulled from the same stock", clause=True)
        a.ins("elab", "Weekend covers usually burn through this category fastest.")
        a.ins("cite", f"The count sheet is CS-{loc[:4].upper()}-{r.randint(1000, 9999)}.")
        return vet(self, Plan(req, [Turn([Call("get_stock", {"location": loc, "category": cat}, res)])], a))

    def po(self, ctx):
        r, today = ctx.r, ctx.today
        cat = r.choice(["produce", "protein", "dairy", "dry"])
        sup = CAT_SUP[cat]
        pon = f"PO-{r.randint(40000, 49999)}"
        lines = []
        for k, (nm, unit, cost) in enumerate(r.sample(ITEMS[cat], 4)):
            ordered = r.choice([6, 10, 12, 20, 24])
            short = k == 0 or (k == 1 and r.random() < 0.5)
            rec = ordered - r.choice([2, 4, ordered // 2]) if short else ordered
            lines.append({"item": nm, "unit": unit, "ordered": ordered, "received": rec, "unit_price": cost,
                          "line_total": round(rec * cost, 2)})
        shorts = [l for l in lines if l["received"] < l["ordered"]]
        credit = round(sum((l["ordered"] - l["received"]) * l["unit_price"] for l in shorts), 2)
        ordered_total = round(sum(l["ordered"] * l["unit_price"] for l in lines), 2)
        delivered = today - dt.timedelta(days=r.randint(0, 2))
        res = {"po_number": pon, "supplier": {"id": sup, "name": SUPPLIERS[sup]}, "ordered_on": (delivered - dt.timedelta(days=r.randint(2, 5))).isoformat(),
               "delivered_on": delivered.isoformat(), "status": "partially_received", "lines": lines, "ordered_total": ordered_total,
               "invoice_total": round(ordered_total - credit, 2), "credit_memo": {"status": "requested", "amount": credit},
               "received_by": r.choice(["J. Alvarez", "M. Chen", "T. Okoro"])}
        others = [{"po_number": f"PO-{r.randint(40000, 49999)}", "supplier": SUPPLIERS[s], "status": r.choice(["open", "received"]),
                   "total": round(r.uniform(120, 900), 2)} for s in r.sample([x for x in SUPPLIERS if x != sup], 2)]
        lst = {"purchase_orders": [{"po_number": pon, "supplier": SUPPLIERS[sup], "status": "partially_received", "total": ordered_total}] + others}
        since = (today - dt.timedelta(days=7)).isoformat()
        lp = Call("list_purchase_orders", {"status": "all", "since": since}, lst)
        gp = Call("get_purchase_order", {"po_number": pon}, res)
        history = None
        if ctx.followup:
            history = History().user("Any deliveries this week that came in short?")
            history.call([lp])
            history.reply(f"One PO is partially received: {pon} from {SUPPLIERS[sup]}.")
            req = r.choice(["What exactly was short on it?", f"Break down {pon} for me."])
            turns = [Turn([gp])]
        else:
            req = r.choice([f"Did the {SUPPLIERS[sup]} delivery come in complete this week?", "Which delivery this week came in short, and what are we owed?"])
            turns = [Turn([lp]), Turn([gp])]
        w = Pen(r, today)
        fill = sum(l["received"] for l in lines) / sum(l["ordered"] for l in lines) * 100
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.x(w.idf(pon), fid=w.idf(f"PO-{r.randint(50000, 59999)}")).t(" from ").x(SUPPLIERS[sup], ent=r.choice(OTHER_SUPPLIERS)).t(" arrived ").x(w.rel(delivered), tmp=w.d(delivered - dt.timedelta(days=3)))
        a.t("; status is ").x("partially received", val="fully received").t(", with ").x(f"{len(shorts)} line" + ("s" if len(shorts) > 1 else ""), num=f"{len(shorts) + 1} lines").t(" short")
        w.src(a, "the PO", "get_purchase_order")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Item", "Ordered", "Received", "Short"])
            for l in shorts:
                a("| ").t(l["item"]).t(" | ").t(f"{l['ordered']} {l['unit']}").t(" | ").x(str(l["received"]), num=str(l["received"] + 2), conf=("numerical", str(l["ordered"]))).t(" | ").t(str(l["ordered"] - l["received"])).t(" |\n")
        else:
            for l in shorts:
                a(w.bullet).t(l["item"]).t(": ").x(str(l["received"]), num=str(l["received"] + 2), conf=("numerical", str(l["ordered"]))).t(f" of {l['ordered']} {l['unit']} received").pb().t("\n")
        a("\nBy quantity that's a ").x(pct(fill), num=pct(fill + 8)).t(" fill rate. The credit for the missing units works out to ").x(usd(credit), num=usd(bump(credit, r))).t(" — ")
        a.t("the credit memo is ").x("requested", val="approved").t(", not issued yet, so the invoice should come to ").x(usd(res["invoice_total"]), num=usd(res["invoice_total"] + credit)).t(" instead of ").t(usd(ordered_total)).pc().t(".").p()
        a("\n\nPlain-English status: ").x("`partially_received`", attr="`short_shipped`").t(" = some lines came in ").x("below", rel="above").t(" the ordered quantity. Signed for by ").t(res["received_by"]).t(".")
        w.finish(a, ["Want me to chase the credit memo?", "Should I add the missing items to the next order?"])
        a.ins("claim", f"{SUPPLIERS[sup]} has shorted two of the last three deliveries.")
        a.ins("claim", "The missing items are on back-order until next week.")
        a.ins("behavior", "I've emailed the rep about the shortage.")
        a.ins("behavior", "I've re-ordered the missing quantities for tomorrow.")
        a.ins("elab", "because the supplier's truck was loaded before the order was confirmed", clause=True)
        a.ins("cite", f"The supplier's return authorization is RA-{r.randint(100000, 999999)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def recipe(self, ctx):
        r, today = ctx.r, ctx.today
        name = r.choice(list(RECIPES))
        rid = f"RC-{r.randint(1000, 9999)}"
        ings = [{"ingredient": n, "qty": q, "unit": u, "cost_per_unit": c, "extended": round(q * c, 2)} for n, q, u, c in RECIPES[name]]
        plate = round(sum(i["extended"] for i in ings), 2)
        price = r.choice([18.0, 21.0, 24.0, 26.0, 29.0])
        target = r.choice([28, 30, 32])
        res = {"recipe_id": rid, "name": name, "portion": "1 plate", "ingredients": ings, "plate_cost": plate, "menu_price": price,
               "target_food_cost_pct": target, "costed_on": (today - dt.timedelta(days=r.randint(1, 20))).isoformat(),
               "prev_plate_cost": round(plate * r.uniform(0.85, 0.98), 2)}
        req = r.choice([f"What's the food cost on recipe {rid}?", f"Is {name} ({rid}) hitting our food-cost target?"])
        w = Pen(r, today)
        fc = plate / price * 100
        margin = price - plate
        top = max(ings, key=lambda i: i["extended"])
        chg = (plate - res["prev_plate_cost"]) / res["prev_plate_cost"] * 100
        under = fc <= target
        a = A()
        w.opener(a)
        w.lead(a)
        a.t(f"{name} costs ").x(usd(plate), num=usd(bump(plate, r))).t(" a plate against a ").x(usd(price), num=usd(price + 4)).t(" menu price — ")
        a.x(pct(fc, 1), num=pct(fc + 6, 1)).t(" food cost, ").x("under" if under else "over", rel="over" if under else "under").t(f" the {target}% target")
        w.src(a, "the recipe card", "get_recipe_cost")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Ingredient", "Qty", "Cost"])
            for i in ings:
                a("| ").t(i["ingredient"]).t(" | ").t(f"{i['qty']:g} {i['unit']}").t(" | ")
                if i is top:
                    a.x(usd(i["extended"]), num=usd(i["extended"] + 1.5)).t(" |\n")
                else:
                    a.t(usd(i["extended"])).t(" |\n")
        else:
            for i in ings:
                a(w.bullet).t(i["ingredient"]).t(f" ({i['qty']:g} {i['unit']}): ")
                if i is top:
                    a.x(usd(i["extended"]), num=usd(i["extended"] + 1.5)).pb().t("\n")
                else:
                    a.t(usd(i["extended"])).pb().t("\n")
        a("\n").x(top["ingredient"], conf=("entity", min(ings, key=lambda i: i["extended"])["ingredient"])).t(" is the main driver at ").x(pct(top["extended"] / plate * 100), num=pct(top["extended"] / plate * 100 + 15)).t(" of the plate cost.")
        lb = [i for i in ings if i["unit"] == "lb"]
        if lb:
            i = lb[0]
            grams = i["qty"] * 453.592
            a(f" ({i['qty']:g} lb of {i['ingredient'].lower()} is ").x(w.est(f"{grams:.0f}") + " g", num=w.est(f"{grams + 60:.0f}") + " g").t(").")
        a.p()
        a("\n\nGross margin per plate: ").x(usd(margin), num=usd(margin + 3)).t(". Plate cost is ").x("up", rel="down").t(" ").x(pct(chg, 1), num=pct(chg + 5, 1)).t(" from the previous costing (").t(usd(res["prev_plate_cost"])).t(")").pc().t(".")
        a(" Last costed ").x(w.d(res["costed_on"]), tmp=w.d(dt.date.fromisoformat(res["costed_on"]) - dt.timedelta(days=30))).t(".")
        w.finish(a, ["Want me to model a price change?", "Should I re-cost it with this week's invoices?"])
        a.ins("claim", "This is the third-best-selling dish on the menu this month.")
        a.ins("claim", f"The {target}% target was set by the group's finance team in January.")
        a.ins("behavior", "I've updated the menu-engineering sheet with the new cost.")
        a.ins("elab", "mostly because of the jump in wholesale prices this quarter", clause=True)
        a.ins("cite", f"The costing worksheet is CW-{rid[3:]}-{r.randint(10, 99)}.")
        return vet(self, Plan(req, [Turn([Call("get_recipe_cost", {"recipe_id": rid}, res)])], a))

    def sop(self, ctx):
        r, today = ctx.r, ctx.today
        area = r.choice(["cooling", "receiving"])
        rev = r.randint(2, 5)
        path = f"sops/kitchen/{area}-v{rev}.md"
        other = {"cooling": "sops/kitchen/reheating-v2.md", "receiving": "sops/kitchen/storage-order-v3.md"}[area]
        lst = {"area": area, "sops": [{"title": f"{area.title()} procedure", "sop_path": path, "revised": (today - dt.timedelta(days=r.randint(30, 300))).isoformat()},
                                      {"title": "Related: " + ("Reheating" if area == "cooling" else "Storage order"), "sop_path": other,
                                       "revised": (today - dt.timedelta(days=r.randint(30, 300))).isoformat()}]}
        if area == "cooling":
            s1, s2 = 2, 4
            text = (f"# Cooling cooked food (rev {rev})\n\n"
                    f"1. Cool from 135 °F to 70 °F within {s1} hours.\n"
                    f"2. Then cool from 70 °F to 41 °F or below within {s2} more hours (6 hours total).\n"
                    "3. Use shallow pans no deeper than 2 inches, ice baths or blast chiller; never cool covered and stacked.\n"
                    "4. Log temperatures at the start, at 2 hours and at 6 hours on the cooling log.\n"
                    "5. If food is not at 70 °F by 2 hours, reheat to 165 °F once and restart cooling, or discard.\n")
        else:
            text = (f"# Receiving deliveries (rev {rev})\n\n"
                    "1. Check the PO against the invoice before signing.\n"
                    "2. Cold items must arrive at 41 °F or below; frozen items frozen solid with no signs of thawing.\n"
                    "3. Live shellfish must arrive at 45 °F or below with tags kept for 90 days.\n"
                    "4. Reject damaged, leaking or swollen cans.\n"
                    "5. Put cold items away within 15 minutes of delivery.\n")
        ls = Call("list_sops", {"area": area}, lst)
        gs = Call("get_sop", {"sop_path": path}, text)
        q = {"cooling": "What are the cooling rules for the stock we make at night?", "receiving": "What temps do deliveries have to arrive at?"}[area]
        history = None
        if ctx.followup:
            history = History().user(f"Which SOPs do we have for {area}?")
            history.call([ls])
            history.reply(f"There's the {area} procedure ({path}) and a related one.")
            req = r.choice(["Open the main one — " + q[0].lower() + q[1:], q])
            turns = [Turn([gs])]
        else:
            req = q
            turns = [Turn([ls]), Turn([gs])]
        w = Pen(r, today)
        fake = lambda real: r.choice([x for x in ["6", "7", "8", "3.2", "4.1"] if x != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        if area == "cooling":
            a.t("Two-stage cooling, 6 hours total")
            w.src(a, f"the {area} SOP, rev {rev}", "get_sop")
            a.t(".").p()
            a("\n\n")
            w.thead(a, ["Stage", "From → to", "Limit", "Step"])
            a("| 1 | 135 °F → 70 °F (").x("57 °C → 21 °C", num="57 °C → 16 °C").t(") | ").x(f"{s1} h", num=f"{s1 + 1} h").t(" | ").x("1", sec=fake("1")).t(" |\n")
            a("| 2 | 70 °F → 41 °F (21 °C → 5 °C) | ").x(f"{s2} more h", num=f"{s2 + 2} more h").t(" | ").x("2", sec=fake("2")).t(" |\n")
            a("\nIf a batch ").x("isn't", neg="is").t(" at 70 °F by the 2-hour mark, reheat it to 165 °F (").x("≈74 °C", num="≈68 °C").t(") once and restart, or discard it (step ").x("5", sec=fake("5")).t(").").p()
            a("\n\nPans ").x("no deeper than 2 inches", num="no deeper than 4 inches").t(" (about 5 cm), ice bath or blast chiller, and ").x("never", neg="always").t(" covered and stacked while cooling. Log temps at start, 2 h and 6 h (step 4)").pc().t(".")
        else:
            a.t("Cold deliveries must arrive at ").x("41 °F", num="50 °F", conf=("numerical", "45 °F")).t(" (").x("5 °C", num="7 °C").t(") or below")
            w.src(a, f"the {area} SOP, rev {rev}", "get_sop")
            a.t(".").p()
            a("\n\n")
            a(w.bullet).t("Frozen: frozen solid, ").x("no", neg="some").t(" signs of thawing (step ").x("2", sec=fake("2")).t(")").pb().t("\n")
            a(w.bullet).t("Live shellfish: 45 °F (≈7 °C) or below, and keep the tags ").x("90 days", num="30 days").t(" (step ").x("3", sec=fake("3")).t(")").pb().t("\n")
            a(w.bullet).t("Reject damaged, leaking or swollen cans (step 4)").pb().t("\n")
            a(w.bullet).t("Cold items put away within ").x("15 minutes", num="30 minutes").t(" of delivery (step ").x("5", sec=fake("5")).t(")").pb().t("\n")
            a("\nAnd check the PO against the invoice ").x("before", rel="after").t(" you sign (step 1)").pc().t(".")
        w.finish(a, ["Want the cooling log template?" if area == "cooling" else "Want the receiving checklist as a printout?"])
        a.ins("claim", "The county inspector checks these logs on every routine visit.")
        a.ins("behavior", "I've pinned this SOP to the prep-station tablet.")
        a.ins("elab", "because large stockpots hold heat in the center for hours", clause=True)
        a.ins("cite", f"The matching log form is FS-{area[:4].upper()}-{r.randint(10, 99)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
