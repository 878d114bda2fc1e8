"""flower_wholesale (set x): the integration agent of Bloomhaus Wholesale's trade desk — a florist's standing order for
the next delivery (lines of varieties with stems, bunch size and price per stem, a delivery fee, the order cut-off) read
against the trade terms (a Markdown document fetched by path), and a request to add stems to the order (refused by
design after the cut-off — reason code and the next delivery as the alternative). Final answers are JSON objects with
snake_case keys; amounts are strings such as "GBP 312.40"."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .xstyle import JB, Js, O, S, V, emit, sentence, shuffle_keys, ts, vet

BASE = "https://api.bloomhaus.example/trade/v1"
TERMS = "/trade/terms/bloomhaus-trade-terms-bt-7.md"
SHOPS = [("Petal & Stem", "Leeds", "Europe/London"), ("Wildwood Florist", "Bristol", "Europe/London"),
         ("Fleur Atelier", "Dublin", "Europe/Dublin"), ("The Flower Loft", "Manchester", "Europe/London"),
         ("Ivy Lane Flowers", "Cork", "Europe/Dublin")]
FAKE_SHOPS = ["Blossom Yard", "Thistle & Fern"]
VARIETIES = [("RS-FRD-50", "Rose Freedom red 50cm", 20, 0.62), ("RS-AVA-60", "Rose Avalanche white 60cm", 20, 0.71),
             ("TL-STR-40", "Tulip Strong Gold 40cm", 10, 0.38), ("EU-WHT-70", "Eucalyptus Cinerea 70cm", 10, 0.45),
             ("CH-BAL-60", "Chrysanthemum Baltica 60cm", 10, 0.52), ("LS-ALB-50", "Lisianthus Alissa white 50cm", 10, 0.95),
             ("GY-XLN-60", "Gypsophila Xlence 60cm", 25, 0.29), ("PE-SAR-50", "Peony Sarah Bernhardt 50cm", 10, 1.85)]
FAKE_VARIETIES = ["Rose Red Naomi 60cm", "Ranunculus Elegance 40cm"]
CONTACTS = ["Amy Clarke", "Ben Hughes", "Siobhan Kelly", "Daniel Moss", "Ruth Patel"]


class FlowerWholesale(Scenario):
    name = "flower_wholesale"
    agent = "bloomhaus-order-integration"
    service = "bloomhaus-trade-desk"
    system = ("You are the integration agent of Bloomhaus Wholesale's trade desk. Your final answer is read by the order "
              "system and shown to the account manager: reply with one JSON object only (response_format json_schema "
              "'order_answer', strict), snake_case keys, no text outside the object. \"status\" is one of \"info\", "
              "\"updated\", \"refused\"; \"summary\" is one or two plain sentences; amounts are strings with the currency "
              "code; dates are ISO; a refusal gives the \"reason_code\" and the alternative. Use only the order, the trade "
              "terms and tool results.")
    error_style = 2
    entity_noun = {"order_id": "Order", "terms_path": "Document", "sku": "SKU"}
    preambles = ["Opening the standing order.", "Checking the order and the trade terms."]

    def __init__(self):
        self.tools = [
            Tool("get_standing_order", "A florist's standing order for its next delivery: shop, delivery date, cut-off, "
                                       "lines (SKU, variety, stems, bunch size, price per stem), delivery fee.",
                 s_obj({"order_id": s_str("Standing order id, e.g. 'SO-58213'.", pattern=r"^SO-\d{5}$"),
                        "with_prices": s_bool("Include prices.")}, ["order_id"]),
                 entity={"order_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("read_trade_terms", "Read a trade-terms document by path (Markdown, numbered sections).",
                 s_obj({"terms_path": s_str("Document path.", pattern=r"^/trade/terms/[a-z0-9-]+\.md$")}, ["terms_path"]),
                 entity={"terms_path": "path"}, http=BASE, extra=[("format", "html")]),
            Tool("add_stems", "Add stems of a catalogue SKU to the next delivery of a standing order. After the cut-off "
                              "the request is refused with a reason code and the next delivery as the alternative.",
                 s_obj({"order_id": s_str("Standing order id.", pattern=r"^SO-\d{5}$"),
                        "sku": s_str("Catalogue SKU.", pattern=r"^[A-Z]{2}-[A-Z]{3}-\d{2}$"),
                        "stems": s_int("Stems to add (whole bunches).", 1, 2000)},
                       ["order_id", "sku", "stems"]),
                 entity={"order_id": "id", "sku": "id"}, http=BASE, extra=[("allow_substitutes", True)]),
        ]
        self.intents = [("order_summary", self.summary, True), ("add_stems", self.add, True)]

    def _P(self, r):
        return {"cutoff_h": 12, "fee_free": r.choice([250, 300]), "rev": r.choice(["7.1", "7.2"])}

    def _order(self, r, today, P, late=False):
        shop, city, zone = r.choice(SHOPS)
        deliv = today + dt.timedelta(days=1 if late else r.randint(3, 6))
        cut = deliv - dt.timedelta(days=2)
        lines = []
        for sku, var, bunch, pps in r.sample(VARIETIES, r.choice([2, 3, 3])):
            lines.append({"sku": sku, "variety": var, "stems": bunch * r.randint(2, 10), "bunch_size": bunch,
                          "price_per_stem": pps})
        sub = round(sum(l["stems"] * l["price_per_stem"] for l in lines), 2)
        fee = 0.0 if sub >= P["fee_free"] else r.choice([12.5, 15.0])
        return {"order_id": f"SO-{r.randint(10000, 99999)}", "shop": shop, "city": city, "contact": r.choice(CONTACTS),
                "delivery_date": deliv.isoformat(), "cutoff": ts(cut, P["cutoff_h"], 0, zone), "lines": lines,
                "subtotal": sub, "delivery_fee": fee, "currency": "GBP", "catalogue": [{"sku": v[0], "variety": v[1], "bunch_size": v[2], "price_per_stem": v[3]} for v in VARIETIES],
                "account_sections": ["Standing Orders", "Invoices", "Claims"], "terms_path": TERMS,
                "time_zone": zone, "as_of": ts(today, r.choice([7, 9, 13, 16]), r.choice([0, 30]), zone)}

    def _doc(self, P):
        return ("# Bloomhaus Wholesale — trade terms (BT-" + P["rev"] + ")\n\n"
                "## 1. Orders\n"
                f"1.1 Changes to a delivery close at {P['cutoff_h']}:00 two days before the delivery date (the cut-off).\n"
                "1.2 Stems are sold in whole bunches of the size shown for each variety.\n\n"
                "## 2. Prices and delivery\n"
                "2.1 Prices are per stem, before VAT, and fixed for the delivery once the cut-off passes.\n"
                f"2.2 Delivery is free for subtotals of GBP {P['fee_free']}.00 or more; otherwise the delivery fee on the order applies.\n\n"
                "## 3. Quality\n"
                "3.1 Quality claims are made within 24 hours of delivery, with photos.\n")

    def _history(self, rec):
        h = History().user(f"Can you open standing order {rec['order_id']}?")
        h.call([Call("get_standing_order", {"order_id": rec["order_id"]}, rec)])
        h.reply('{"status": "info", "summary": "Standing order ' + rec["order_id"] + ' for ' + rec["shop"] + ' is open."}')
        return h

    def _inserts(self, a, w, r, elab="because the Dutch auction prices rose this week"):
        a.ins("claim", "Peonies are out of season from next month.")
        a.ins("claim", "The grower guarantees a vase life of 10 days for these stems.")
        a.ins("behavior", "A substitute variety was already reserved in case of shortages.")
        a.ins("behavior", "The delivery driver has been told to arrive before 07:00.")
        fake = f"CL-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Quality claim {fake} from the last delivery was credited.", fake))
        a.ins("elab", elab, clause=True)

    def summary(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._order(r, today, P)
        cg = Call("get_standing_order", {"order_id": rec["order_id"], "with_prices": True}, rec)
        cd = Call("read_trade_terms", {"terms_path": TERMS}, self._doc(P))
        req = r.choice([f"What's on standing order {rec['order_id']} for the next delivery and what will it cost?",
                        f"Order {rec['order_id']}: lines, total and cut-off please.",
                        f"Summary of {rec['order_id']} for {rec['shop']}, incl. delivery fee"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["What will the next delivery cost, and when is the cut-off?", "Give me the lines and the total."])
            turns = [Turn([cd])]
        w = Js(r, today)
        a = JB()
        lines = rec["lines"]
        rows, works = [], []
        for i, l in enumerate(lines):
            lt = w.declare(round(l["stems"] * l["price_per_stem"], 2))
            bunches = w.declare(l["stems"] // l["bunch_size"])
            oth = lines[(i + 1) % len(lines)]
            row = O([("sku", S(V(l["sku"], fid=w.fake_id(l["sku"], r)))),
                     ("variety", S(V(l["variety"], ent=r.choice(FAKE_VARIETIES)))),
                     ("stems", V(str(l["stems"]), num=str(l["stems"] + l["bunch_size"] * r.choice([2, 3])),
                                 conf=("numerical", str(oth["stems"])) if oth["stems"] != l["stems"] else None)),
                     ("bunches", V(str(bunches), num=str(bunches + 2))),
                     ("line_total", S(V(w.money(lt, "GBP"), num=w.money(lt * 1.35, "GBP"))))])
            rows.append(row)
            works.append(f"{l['stems']} x {w.plain(l['price_per_stem'])} = {w.plain(lt)}")
        sub, fee = rec["subtotal"], rec["delivery_fee"]
        total = w.declare(round(sub + fee, 2))
        w.declare(sub)
        free = fee == 0
        cut = rec["cutoff"]
        summ = S(*sentence(f"The {rec['delivery_date']} delivery for ", V(rec["shop"], ent=r.choice(FAKE_SHOPS)), f" has {len(lines)} lines and comes to ",
                           V(w.money(total, "GBP"), num=w.money(total * 1.3, "GBP"), conf=("numerical", w.money(sub, "GBP")) if fee else None)))
        w.declare(len(lines))
        if r.random() < 0.5:
            summ.segs += [" "] + sentence("The subtotal is ", V("above" if free else "below", rel="below" if free else "above"),
                                          f" the GBP {P['fee_free']}.00 free-delivery line", clause=False)
        pairs = [("status", S(V("info", val="updated"))),
                 ("summary", summ),
                 ("order_id", S(V(rec["order_id"], fid=w.fake_id(rec["order_id"], r)))),
                 ("delivery_date", S(V(w.date(rec["delivery_date"]), tmp=w.date(dt.date.fromisoformat(rec["delivery_date"]) + dt.timedelta(days=r.choice([1, 2])))))),
                 ("cutoff", S(V(cut, tmp=cut.replace(cut[:10], (dt.date.fromisoformat(cut[:10]) + dt.timedelta(days=1)).isoformat())))),
                 ("lines", rows),
                 ("calculation", "; ".join(works) + f"; total with fee: {w.plain(sub)} + {w.plain(fee)} = {w.plain(total)}"),
                 ("subtotal", S(V(w.money(sub, "GBP"), num=w.money(sub + 40, "GBP")))),
                 ("delivery_fee", S(V(w.money(fee, "GBP"), num=w.money(fee + 12.5, "GBP")))),
                 ("free_delivery", V("true" if free else "false", neg="false" if free else "true")),
                 ("total", S(V(w.money(total, "GBP"), num=w.money(total + 25, "GBP")))),
                 ("terms_ref", S("section ", V("2.2", sec=r.choice(["2.6", "4.2"]))))]
        if r.random() < 0.4:
            pairs.append(("changes_open", V("true", neg="false")))
        if r.random() < 0.4:
            pairs.append(("see_in_account", S(V("Standing Orders", attr=r.choice(["Order Planner", "Stem Basket"])))))
        if r.random() < 0.3:
            pairs.append(("vat", None))
        emit(a, w, O(shuffle_keys(w, pairs)))
        self._inserts(a, w, r)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def add(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._order(r, today, P, late=not ok)
        sku, var, bunch, pps = r.choice(VARIETIES)
        stems = bunch * r.randint(2, 6)
        args = {"order_id": rec["order_id"], "sku": sku, "stems": stems}
        add_cost = round(stems * pps, 2)
        if ok:
            existing = [l for l in rec["lines"] if l["sku"] == sku]
            before = existing[0]["stems"] if existing else 0
            new_sub = round(rec["subtotal"] + add_cost, 2)
            fee = 0.0 if new_sub >= P["fee_free"] else rec["delivery_fee"]
            res = {"status": "updated", "order_id": rec["order_id"], "sku": sku, "variety": var, "stems_added": stems,
                   "stems_on_line": before + stems, "added_cost": add_cost, "new_subtotal": new_sub, "delivery_fee": fee,
                   "new_total": round(new_sub + fee, 2), "delivery_date": rec["delivery_date"]}
        else:
            nxt = dt.date.fromisoformat(rec["delivery_date"]) + dt.timedelta(days=7)
            res = {"status": "refused", "reason_code": "CUTOFF_PASSED", "order_id": rec["order_id"], "cutoff": rec["cutoff"],
                   "alternative": {"option": "next_delivery", "delivery_date": nxt.isoformat(),
                                   "cutoff": ts(nxt - dt.timedelta(days=2), P["cutoff_h"], 0, rec["time_zone"]),
                                   "sku": sku, "stems": stems, "price_per_stem": pps, "line_total": add_cost}}
        cg = Call("get_standing_order", {"order_id": rec["order_id"]}, rec)
        cd = Call("read_trade_terms", {"terms_path": TERMS}, self._doc(P))
        cx = Call("add_stems", args, res)
        req = r.choice([f"Please add {stems} stems of {sku} ({var}) to order {rec['order_id']}.",
                        f"{rec['shop']} needs {stems} more {var} on {rec['order_id']} - can you add them?",
                        f"add {stems} x {sku} to {rec['order_id']}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Add {stems} stems of {sku} to it, please.", f"Can we get {stems} {var} on that delivery too? SKU {sku}."])
            turns = [Turn([cd]), Turn([cx])]
        w = Js(r, today)
        a = JB()
        w.declare(add_cost)
        if ok:
            nt, ns = w.declare(res["new_total"]), w.declare(res["new_subtotal"])
            fee = w.declare(res["delivery_fee"])
            w.declare(res["stems_on_line"])
            summ = S(*sentence(f"Added {stems} stems of ", V(var, ent=r.choice(FAKE_VARIETIES)), f" to the {rec['delivery_date']} delivery, so the order now comes to ",
                               V(w.money(nt, "GBP"), num=w.money(nt + 35, "GBP"))))
            pairs = [("status", S(V("updated", val="refused"))),
                     ("summary", summ),
                     ("order_id", S(V(rec["order_id"], fid=w.fake_id(rec["order_id"], r)))),
                     ("shop", S(V(rec["shop"], ent=r.choice(FAKE_SHOPS)))),
                     ("added", O([("sku", S(V(sku, fid=w.fake_id(sku, r)))), ("stems", V(str(stems), num=str(stems + bunch))),
                                  ("bunches", V(w.int_(stems // bunch, calc=True), num=str(stems // bunch + 2))),
                                  ("cost", S(V(w.money(add_cost, "GBP"), num=w.money(add_cost * 1.4, "GBP"))))])),
                     ("stems_on_line", V(str(res["stems_on_line"]), num=str(res["stems_on_line"] + 20), conf=("numerical", str(stems)) if res["stems_on_line"] != stems else None)),
                     ("working", S(f"{stems} x {w.plain(pps)} = {w.plain(add_cost)}; {w.plain(rec['subtotal'])} + {w.plain(add_cost)} + {w.plain(fee)} = ",
                                   V(w.plain(nt), num=w.plain(nt + 20)))),
                     ("new_subtotal", S(V(w.money(ns, "GBP"), num=w.money(ns + 30, "GBP")))),
                     ("delivery_fee", S(V(w.money(fee, "GBP"), num=w.money(fee + 15, "GBP")))),
                     ("new_total", S(V(w.money(nt, "GBP"), num=w.money(nt + 45, "GBP"), conf=("numerical", w.money(ns, "GBP")) if fee else None))),
                     ("delivery_date", S(V(w.date(rec["delivery_date"]), tmp=w.date(dt.date.fromisoformat(rec["delivery_date"]) + dt.timedelta(days=1))))),
                     ("before_cutoff", V("true", neg="false")),
                     ("terms_ref", S("section ", V("1.2", sec=r.choice(["1.5", "5.2"]))))]
            if r.random() < 0.5:
                pairs.append(("next_steps", ["No action needed; the stems ship with the next delivery.",
                                             S("The updated order is visible under ", V("Standing Orders", attr=r.choice(["Order Planner", "Delivery Board"])), ".")]))
        else:
            alt = res["alternative"]
            summ = S(*sentence(f"The stems were not added because the cut-off for the {rec['delivery_date']} delivery ", V("has passed", neg="has not passed yet"), clause=False))
            if r.random() < 0.6:
                summ.segs += [" "] + sentence("They can go on the ", V(alt["delivery_date"], tmp=(dt.date.fromisoformat(alt["delivery_date"]) + dt.timedelta(days=2)).isoformat()), " delivery instead")
            alt_o = O([("option", "next_delivery"),
                       ("delivery_date", S(V(w.date(alt["delivery_date"]), tmp=w.date(dt.date.fromisoformat(alt["delivery_date"]) + dt.timedelta(days=r.choice([1, 7]))),
                                           conf=("temporal", w.date(rec["delivery_date"]))))),
                       ("cutoff", S(V(alt["cutoff"], conf=("temporal", rec["cutoff"])))),
                       ("sku", sku), ("stems", V(str(stems), num=str(stems + 2 * bunch))),
                       ("line_total", S(V(w.money(add_cost, "GBP"), num=w.money(add_cost + 18, "GBP")))),
                       ("working", S(f"{stems} x {w.plain(pps)} = ", V(w.plain(add_cost), num=w.plain(add_cost * 1.3))))])
            pairs = [("status", S(V("refused", val="updated"))),
                     ("reason_code", S(V("CUTOFF_PASSED", attr=r.choice(["ORDER_LOCKED", "CUTOFF_EXCEEDED"])))),
                     ("summary", summ),
                     ("order_id", S(V(rec["order_id"], fid=w.fake_id(rec["order_id"], r)))),
                     ("shop", S(V(rec["shop"], ent=r.choice(FAKE_SHOPS)))),
                     ("cutoff", S(V(rec["cutoff"], tmp=rec["cutoff"].replace(rec["cutoff"][:10], (dt.date.fromisoformat(rec["cutoff"][:10]) + dt.timedelta(days=2)).isoformat())))),
                     ("cutoff_passed", V("true", neg="false")),
                     ("order_changed", V("false", neg="true")),
                     ("terms_ref", S("section ", V("1.1", sec=r.choice(["1.6", "3.4"])))),
                     ("alternative", alt_o)]
            if r.random() < 0.5:
                pairs.append(("next_steps", ["Confirm the next delivery to book the stems.", "Call the trade desk for same-week stock."]))
        emit(a, w, O(shuffle_keys(w, pairs, fixed_first=("status", "reason_code"))))
        self._inserts(a, w, r, elab="because the grower shipment was brought forward" if not ok else "because the Dutch auction prices rose this week")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
