"""coffee_roastery (set p): the data assistant of a Hamburg speciality-coffee roastery that supplies cafés in
Germany and Austria — answers from the roasting and sales databases (SQL results), the roast-log spreadsheets (German
headers, formatted cells), green-coffee lot records and supplier framework contracts (numbered clauses), and adjusts
reorder settings (a change refused by design — below the contract's minimum call-off, above the buyer's approval
limit — comes back with a reason code and an allowed quantity, which the agent sets instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_int, s_obj, s_str
from .pstyle import D, Ana, iso_week, rnd, table, vet

BASE = "https://data.roestwerk-hafenkante.example/api"
SHEETS = "https://sheets.roestwerk-hafenkante.example/d/"
LOTS = [("Sidamo", "Ethiopia", "Heirloom", "washed"), ("Huila", "Colombia", "Caturra", "washed"),
        ("Cerrado Mineiro", "Brazil", "Mundo Novo", "natural"), ("Kiambu", "Kenya", "SL28", "washed"),
        ("Antigua", "Guatemala", "Bourbon", "washed"), ("Minas Gerais", "Brazil", "Catuaí", "pulped natural")]
SUPPLIERS = [("SUP-104", "Nordkaffee Import GmbH"), ("SUP-117", "Hanseatic Green Coffee AG"), ("SUP-121", "Café Verde Trading B.V.")]
BLENDS = ["Hausmischung Elbe", "Espresso Speicherstadt", "Filter Övelgönne", "Espresso Süderelbe", "Single Origin Sidamo",
          "Crema Altona"]
ROASTERS = ["Probat P25", "Giesen W15A"]
CAFES = [("K-1041", "Café Löwengrube", "Hamburg"), ("K-1077", "Kaffeestube Süderelbe", "Hamburg"),
         ("K-1102", "Café Zuckerl", "Wien"), ("K-1135", "Bäckerei Mühlbauer", "München"),
         ("K-1160", "Elbkind Kaffeebar", "Hamburg"), ("K-1188", "Kaffeehaus Grünauer", "Wien"),
         ("K-1203", "Café Jürgensen", "Lübeck"), ("K-1219", "Rösterei-Bistro Fährhaus", "Kiel")]
FAKE_CAFES = ["Café Schönblick", "Kaffeebar Möwe", "Café Kranich", "Espressobar Hafenlicht"]
FAKE_ORIGINS = ["Yirgacheffe", "Nariño", "Tarrazú", "Chiapas"]


def de(x, dec=2):
    return f"{x:,.{dec}f}".replace(",", "X").replace(".", ",").replace("X", ".")


class CoffeeRoastery(Scenario):
    name = "coffee_roastery"
    agent = "roestwerk-data-assistant"
    service = "roestwerk-analytics-copilot"
    system = ("You are the data assistant of Röstwerk Hafenkante, a speciality-coffee roastery in Hamburg. Answer "
              "questions about roasting, green-coffee stock and café sales from the databases, the roast-log sheets, "
              "the lot records and the supplier contracts. Show the working for every figure you derive and keep "
              "amounts in euros. You can change a lot's reorder settings; if a change is refused, explain the reason "
              "and apply the allowed alternative.")
    error_style = 1
    currency = "EUR"
    src_loc = "eu"
    entity_noun = {"lot_id": "Lot", "sheet_url": "Sheet", "contract_path": "Contract"}
    preambles = ["Let me check the data.", "Querying the roastery database.", "One moment."]
    literal_ok = ROASTERS + ["SL28"]

    def __init__(self):
        self.tools = [
            Tool("run_query", "Run a read-only SQL query. Returns columns, rows and row_count.",
                 s_obj({"sql": s_str("SQL SELECT statement.", min_len=10, max_len=4000),
                        "database": s_str("Database.", enum=["roastery", "sales"]),
                        "limit": s_int("Maximum rows.", 1, 10000)}, ["sql", "database"]),
                 http=BASE, extra=[("timeout_s", 30)]),
            Tool("list_sheets", "Spreadsheets in a shared folder, newest first.",
                 s_obj({"folder": s_str("Folder.", enum=["roasting", "quality", "purchasing"]),
                        "limit": s_int("Maximum entries.", 1, 50)}, ["folder"]),
                 http=BASE, extra=[("include_archived", True)]),
            Tool("get_sheet", "Cell values of a spreadsheet (formatted as displayed).",
                 s_obj({"sheet_url": s_str("Sheet URL.", pattern=r"^https://sheets\.roestwerk-hafenkante\.example/d/[A-Za-z0-9_-]+$"),
                        "range": s_str("A1 range, e.g. 'A1:G20'.", pattern=r"^[A-Z]+\d+:[A-Z]+\d+$")}, ["sheet_url"]),
                 entity={"sheet_url": "url"}, http=BASE, extra=[("value_render", "unformatted")]),
            Tool("get_green_lot", "A green-coffee lot: origin, supplier, contract, stock, reorder settings, price.",
                 s_obj({"lot_id": s_str("Lot ID, e.g. 'GC-2026-014'.", pattern=r"^GC-\d{4}-\d{3}$")}, ["lot_id"]),
                 entity={"lot_id": "id"}, http=BASE, extra=[("with_movements", True)]),
            Tool("get_contract", "A supplier framework contract (plain text with numbered clauses).",
                 s_obj({"contract_path": s_str("Path, e.g. '/contracts/2026/sup-104-rv-2026-031.txt'.",
                                               pattern=r"^/contracts/[a-z0-9/_.-]+\.txt$")}, ["contract_path"]),
                 entity={"contract_path": "path"}, http=BASE, extra=[("lang", "de")]),
            Tool("adjust_reorder", "Change a lot's reorder point and order quantity. A change the rules don't allow is "
                                   "refused with a reason code and the allowed quantity.",
                 s_obj({"lot_id": s_str("Lot ID.", pattern=r"^GC-\d{4}-\d{3}$"),
                        "reorder_point_kg": s_int("Reorder point in kg.", 0, 20000),
                        "order_qty_kg": s_int("Order quantity in kg.", 1, 20000)}, ["lot_id", "order_qty_kg"]),
                 entity={"lot_id": "id"}, http=BASE, extra=[("dry_run", False)]),
        ]
        self.intents = [("roast_loss", self.roast_loss, True), ("stock_cover", self.stock, True),
                        ("cafe_sales", self.sales, True), ("contract_price", self.price, True)]

    # ------------------------------------------------------------------ data
    def _lot(self, r, today):
        reg, country, var, proc = r.choice(LOTS)
        sup = r.choice(SUPPLIERS)
        year = today.year if r.random() < 0.7 else today.year - 1
        lot_id = f"GC-{year}-{r.randint(1, 60):03d}"
        cid = f"RV-{year}-{r.randint(10, 99):03d}"
        price = round(r.choice([6.40, 7.15, 7.85, 8.60, 9.25, 11.40]) + r.choice([0, 0.05, 0.10]), 2)
        rec = {"lot_id": lot_id, "origin": f"{reg}, {country}", "variety": var, "process": proc,
               "supplier": {"supplier_id": sup[0], "name": sup[1]}, "contract_id": cid,
               "contract_path": f"/contracts/{year}/{sup[0].lower()}-{cid.lower()}.txt",
               "stock_kg": r.randint(380, 2400), "reorder_point_kg": r.choice([600, 800, 1000, 1200]),
               "order_qty_kg": r.choice([690, 1380, 2070]), "lead_time_days": r.choice([28, 35, 42, 56]),
               "price_eur_per_kg": price, "status": "active", "bag_kg": 69}
        return rec

    def _contract(self, r, rec, P):
        sup = rec["supplier"]
        return (f"RAHMENVERTRAG / FRAMEWORK CONTRACT {rec['contract_id']}\n"
                f"Supplier: {sup['name']} ({sup['supplier_id']}) — Buyer: Röstwerk Hafenkante GmbH\n"
                f"Signed: {P['signed']}\n\n"
                "1. Subject\n"
                f"1.1 Green coffee, lot {rec['lot_id']} ({rec['origin']}, {rec['variety']}, {rec['process']}), in 69 kg jute bags.\n\n"
                "3. Price and quantities\n"
                f"3.1 Price: {de(P['cprice'])} EUR per kg, free on truck Hamburg, fixed until {P['fixed']}.\n"
                f"3.2 Minimum call-off: {P['min_bags']} bags ({P['min_bags'] * 69} kg). Call-offs in whole bags only.\n"
                f"3.3 Call-offs above {de(P['limit'], 0)} kg need written approval by the buyer's head of purchasing.\n\n"
                "5. Payment\n"
                f"5.1 Payment {P['net']} days net from the invoice date.\n"
                f"5.2 {de(P['skonto'], 0)} % discount for payment within {P['skonto_days']} days of the invoice date.\n"
                "5.3 Price differences must be claimed within 14 days of delivery.\n")

    def _cparams(self, r, today, rec):
        return {"signed": (today - dt.timedelta(days=r.randint(60, 300))).strftime("%d.%m.%Y"),
                "fixed": (today + dt.timedelta(days=r.randint(60, 240))).strftime("%d.%m.%Y"),
                "cprice": rec["price_eur_per_kg"], "min_bags": r.choice([10, 10, 12]), "limit": r.choice([2760, 3450]),
                "net": r.choice([30, 30, 45]), "skonto": r.choice([2, 2, 3]), "skonto_days": r.choice([8, 10, 14])}

    # ------------------------------------------------------------------ intents
    def roast_loss(self, ctx):
        r, today = ctx.r, ctx.today
        wk = iso_week(today - dt.timedelta(days=7))
        mon = dt.date.fromisocalendar(wk[0], wk[1], 1)
        target = r.choice([17.0, 17.5, 18.0])
        n = r.randint(7, 11)
        rows = [["Datum", "Charge", "Sorte", "Röster", "Grün (kg)", "Geröstet (kg)", "Verlust"]]
        data = []
        for i in range(n):
            day = mon + dt.timedelta(days=min(4, i * 5 // n))
            green = r.choice([30.0, 45.0, 60.0, 60.0, 15.0])
            loss = r.uniform(13.8, 17.2) if r.random() > 0.25 else r.uniform(target + 0.2, target + 2.2)
            roasted = round(green * (1 - loss / 100), 1)
            lp = round((green - roasted) / green * 100, 1)
            ch = f"R-{wk[0] % 100:02d}{wk[1]:02d}-{i + 1:02d}"
            data.append((day, ch, r.choice(BLENDS), r.choice(ROASTERS), green, roasted, lp))
            rows.append([day.strftime("%d.%m.%Y"), ch, data[-1][2], data[-1][3], de(green, 1), de(roasted, 1), de(lp, 1) + " %"])
        if not any(x[6] > target for x in data):
            d0 = data[0]
            roasted = round(d0[4] * (1 - (target + 1.1) / 100), 1)
            lp = round((d0[4] - roasted) / d0[4] * 100, 1)
            data[0] = d0[:5] + (roasted, lp)
            rows[1] = rows[1][:5] + [de(roasted, 1), de(lp, 1) + " %"]
        sid = "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789") for _ in range(18))
        url = SHEETS + sid
        title = f"Röstprotokoll KW {wk[1]}"
        sheet = {"title": title, "range": f"A1:G{n + 1}", "notes": f"Zielwert Röstverlust: höchstens {de(target, 1)} %",
                 "values": rows}
        lst = Call("list_sheets", {"folder": "roasting"}, {"folder": "roasting", "sheets": [
            {"title": title, "sheet_url": url, "updated_at": (mon + dt.timedelta(days=5)).isoformat() + "T16:40:00+01:00"},
            {"title": f"Röstprotokoll KW {wk[1] - 1}", "sheet_url": SHEETS + sid[::-1],
             "updated_at": (mon - dt.timedelta(days=2)).isoformat() + "T15:10:00+01:00"}]})
        get = Call("get_sheet", dict({"sheet_url": url}, **({"range": f"A1:G{n + 1}"} if r.random() < 0.4 else {})), sheet)
        req = r.choice(["What was our average roast loss last week, and which batches were over target?",
                        f"Roast loss for KW {wk[1]} please — any batches above the target?"])
        turns = [Turn([lst]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user("Is last week's roast log in the sheets folder yet?")
            history.call([lst])
            history.reply(f"Yes — \"{title}\" is there.")
            req = r.choice(["Good. What was the average loss, and which batches went over target?",
                            "Summarise it: average loss and any batches above target."])
            turns = [Turn([get])]
        w = Ana(r, today, "EUR")
        a = A()
        gin = sum(x[4] for x in data)
        gout = sum(x[5] for x in data)
        wl = (gin - gout) / gin * 100
        over = [x for x in data if x[6] > target]
        w.opener(a)
        a.t("Weighted roast loss in " + w.wk(wk) + " was ").x(w.pct(wl, calc=True), num=w.pct(wl + 2.4)).t(" across ")
        a.x(w.n(n, "batch", calc=True, pl="batches"), num=w.n(n + 3, "batch", pl="batches")).t("; ")
        a.x(w.n(len(over), "batch", calc=True, pl="batches", word=r.random() < 0.5), num=w.n(len(over) + 2, "batch", pl="batches"))
        a.t(" " + ("was" if len(over) == 1 else "were") + " ").x("above", rel="below").t(" the target of ").x(w.pct(target), num=w.pct(target - 1.5)).t(".")
        a.p()
        a.t("\n\n" + w.li() + "Working: " + w.num(gin, 1, "kg") + " green → " + w.num(gout, 1, "kg") + " roasted, (" + w.num(gin, 1) + " − "
            + w.num(gout, 1) + ") ÷ " + w.num(gin, 1) + " = " + w.pct(wl, calc=True))
        w.declare("num", gin)
        w.declare("num", gout)
        w.pb(a)
        byr = {}
        for x in data:
            byr.setdefault(x[3], []).append(x)
        if len(byr) == 2:
            ra, rb = sorted(byr, key=lambda k: sum(x[4] - x[5] for x in byr[k]) / sum(x[4] for x in byr[k]))
            la = sum(x[4] - x[5] for x in byr[ra]) / sum(x[4] for x in byr[ra]) * 100
            lb = sum(x[4] - x[5] for x in byr[rb]) / sum(x[4] for x in byr[rb]) * 100
            a.t("\n" + w.li() + "By roaster: " + ra + " " + w.pct(la, calc=True) + " (" + w.n(len(byr[ra]), "batch", calc=True, pl="batches") + "), "
                + rb + " " + w.pct(lb, calc=True) + " (" + w.n(len(byr[rb]), "batch", calc=True, pl="batches") + ") — the ")
            a.x(ra, ent=r.choice(["Loring S35", "Diedrich IR-12"]), conf=("entity", rb)).t(" had the ").x("lower", rel="higher").t(" loss this week")
            w.pb(a)
        a.t("\n\n")
        over.sort(key=lambda x: -x[6])
        cells = []
        for i, x in enumerate(over):
            cells.append([(x[1], {"fid": w.fake_id(x[1], r)}) if i == 0 else x[1],
                          (x[2], {"ent": r.choice(["Espresso Blankenese", "Filter Wilhelmsburg"])}) if i == 0 else x[2],
                          (w.d(x[0]), {"tmp": w.d(x[0] + dt.timedelta(days=r.choice([-9, 10])))}) if i == 0 else w.d(x[0]),
                          (w.pct(x[6]), {"num": w.pct(x[6] - 3.1)}) if i == 0 else w.pct(x[6])])
        table(a, ["Batch", "Blend", "Date", "Loss"], cells)
        a.t("\n\n")
        worst = over[0]
        a.t("The highest was ").x(worst[1], conf=("entity", over[1][1]) if len(over) > 1 else None).t(" (" + worst[2] + ", " + worst[3] + "): "
            + w.num(worst[4], 1, "kg") + " in, " + w.num(worst[5], 1, "kg") + " out")
        a.pc().t(".")
        a.p()
        a.t(" That's " + w.pp(worst[6] - target).lstrip("+") + " ").x("over", rel="under").t(" target, so it may be worth cupping before release.")
        a.t("\n\nSource: sheet ").x(f"“{title}”", ent=f"“Röstprotokoll KW {wk[1] + 2}”").t(", column ")
        a.x("`Verlust`", attr="`" + r.choice(["Schwund", "Verlust (kg)", "Röstverlust %"]) + "`").t(".")
        w.closer(a, ["Want the same for the previous week?", "I can list the over-target batches by blend."])
        a.ins("claim", "Most of the over-target batches were roasted on Friday afternoons.")
        a.ins("claim", "Roast loss has been rising for three weeks.")
        a.ins("behavior", "I've put the over-target batches on quality hold.")
        a.ins("behavior", "I've messaged the head roaster about it.")
        a.ins("elab", "probably because the new crop is drier", clause=True)
        fake = SHEETS + "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789") for _ in range(18))
        a.ins("cite", w.cite_text(f"The cupping notes are in {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def stock(self, ctx):
        r, today = ctx.r, ctx.today
        rec = self._lot(r, today)
        P = self._cparams(r, today, rec)
        weeks = [iso_week(today - dt.timedelta(days=7 * k)) for k in (4, 3, 2, 1)]
        use = [r.randint(120, 420) for _ in weeks]
        avg = sum(use) / 4
        rec["stock_kg"] = int(avg * r.uniform(2.2, 9.5))
        cover = rec["stock_kg"] / avg
        lead_w = rec["lead_time_days"] / 7
        res = {"columns": ["iso_week", "green_used_kg"], "rows": [[f"{y}-W{x:02d}", u] for (y, x), u in zip(weeks, use)],
               "row_count": 4}
        q = Call("run_query", {"sql": f"SELECT iso_week, SUM(green_kg) AS green_used_kg FROM roast_batch WHERE lot_id = '{rec['lot_id']}' "
                                      "AND roast_date >= current_date - 28 GROUP BY iso_week ORDER BY iso_week", "database": "roastery"}, res)
        gl = Call("get_green_lot", {"lot_id": rec["lot_id"]}, rec)
        ct = Call("get_contract", {"contract_path": rec["contract_path"]}, self._contract(r, rec, P))
        need = cover < lead_w + 2
        minq = P["min_bags"] * 69
        want = r.choice([minq - 69 * r.randint(2, 5), 69 * r.randint(20, 34), 69 * r.randint(48, 60)])
        if want <= minq - 69:
            reason, allowed = "BELOW_MIN_CALL_OFF", minq
        elif want > P["limit"]:
            reason, allowed = "ABOVE_APPROVAL_LIMIT", P["limit"]
        else:
            reason, allowed = None, want
        new_rp = int(rnd(rnd(avg, 1) * (rnd(lead_w, 1) + 1)))
        a1 = {"lot_id": rec["lot_id"], "reorder_point_kg": new_rp, "order_qty_kg": want}
        if reason:
            r1 = {"status": "refused", "reason_code": reason, "requested_kg": want, "allowed_order_qty_kg": allowed,
                  "message": ("Order quantity is below the contract's minimum call-off." if reason == "BELOW_MIN_CALL_OFF"
                              else "Order quantity needs approval by the head of purchasing.")}
            r2 = {"status": "updated", "lot_id": rec["lot_id"], "reorder_point_kg": new_rp, "order_qty_kg": allowed,
                  "reorder_triggered": need}
            calls = [Call("adjust_reorder", a1, r1), Call("adjust_reorder", dict(a1, order_qty_kg=allowed), r2)]
        else:
            r1 = {"status": "updated", "lot_id": rec["lot_id"], "reorder_point_kg": new_rp, "order_qty_kg": want, "reorder_triggered": need}
            calls = [Call("adjust_reorder", a1, r1)]
        req = r.choice([f"How many weeks of cover do we have on {rec['lot_id']}? Set the reorder point to lead time plus a week of usage and the order quantity to {want} kg.",
                        f"Check stock cover for lot {rec['lot_id']} and update its reorder settings: reorder point = usage over the lead time + 1 week, order {want} kg."])
        turns = [Turn([gl, q]), Turn([ct])] + [Turn([c]) for c in calls]
        history = None
        if ctx.followup:
            history = History().user(f"Which lot is our {rec['origin'].split(',')[0]} at the moment?")
            hq = Call("run_query", {"sql": "SELECT lot_id, origin, status FROM green_lot WHERE status = 'active'", "database": "roastery"},
                      {"columns": ["lot_id", "origin", "status"], "rows": [[rec["lot_id"], rec["origin"], "active"]], "row_count": 1})
            history.call([hq])
            history.reply(f"It's {rec['lot_id']} ({rec['origin']}).")
            req = r.choice([f"How many weeks of cover do we have on it? Set the reorder point to lead time plus a week of usage, order quantity {want} kg.",
                            f"Check its stock cover and set the reorder point to usage over the lead time + 1 week, with an order of {want} kg."])
        w = Ana(r, today, "EUR")
        a = A()
        a.t(w.b(rec["lot_id"]) + " (").x(rec["origin"].split(",")[0], ent=r.choice(FAKE_ORIGINS)).t(") has ")
        a.x(w.num(cover, 1, "weeks", calc=True), num=w.num(cover + 3.5, 1, "weeks")).t(" of cover — ")
        a.x("less" if cover < lead_w else "more", rel="more" if cover < lead_w else "less").t(" than the lead time of ")
        a.x(w.n(rec["lead_time_days"], "day", pl="days"), num=w.n(rec["lead_time_days"] + 14, "day", pl="days"))
        a.t(" (" + w.num(lead_w, 1, "weeks", calc=True) + ").")
        a.p()
        a.t("\n\n" + w.li() + "Stock: ").x(w.fmt(rec["stock_kg"]) + " kg", num=w.fmt(rec["stock_kg"] + 420) + " kg")
        w.pb(a)
        a.t("\n" + w.li() + "Usage " + w.wk(weeks[0]) + "–" + w.wk(weeks[-1]).replace("KW ", "").replace("CW ", "").replace("week ", "") + ": "
            + " + ".join(w.fmt(u) for u in use) + " = " + w.fmt(sum(use)) + " kg, " + w.avg + " " + w.num(avg, 1, "kg", calc=True) + " a week")
        w.declare("num", sum(use))
        w.pb(a)
        a.t("\n" + w.li() + "Cover: " + w.fmt(rec["stock_kg"]) + " ÷ " + w.num(avg, 1) + " ≈ " + w.num(cover, 1, "weeks"))
        w.pb(a)
        a.t("\n\n")
        if reason:
            a.t("The order quantity of " + w.fmt(want) + " kg was ").x("refused", val="accepted").t(" (")
            a.x(f"`{reason}`", attr="`" + r.choice(["MIN_ORDER_NOT_MET", "QTY_LIMIT_EXCEEDED", "APPROVAL_REQUIRED"]) + "`").t("): ")
            if reason == "BELOW_MIN_CALL_OFF":
                a.t("the contract's minimum call-off is ").x(w.n(P["min_bags"], "bag"), num=w.n(P["min_bags"] - 4, "bag")).t(" of 69 kg (")
                a.x("§ 3.2", sec="§ 3.6").t("), so I set ").x(w.fmt(allowed) + " kg", conf=("numerical", w.fmt(want) + " kg")).t(" instead — "
                    + w.n(P["min_bags"], "bag") + " × 69 kg = " + w.fmt(allowed) + " kg.")
            else:
                a.t("anything above ").x(w.fmt(P["limit"]) + " kg", num=w.fmt(P["limit"] + 1000) + " kg").t(" needs the head of purchasing's approval (")
                a.x("§ 3.3", sec="§ 3.8").t("), so I set ").x(w.fmt(allowed) + " kg", conf=("numerical", w.fmt(want) + " kg")).t(", the most allowed without it")
                a.t(" (" + w.n(allowed // 69, "bag", calc=True) + ").")
        else:
            a.t("I ").x("set", neg="didn't change").t(" the order quantity to ").x(w.fmt(want) + " kg", num=w.fmt(want + 690) + " kg")
            a.t(" (" + w.n(want // 69, "bag", calc=True) + " of 69 kg, above the minimum call-off in ").x("§ 3.2", sec="§ 3.5").t(").")
        a.t(" The reorder point is now ").x(w.fmt(new_rp) + " kg", num=w.fmt(new_rp + 300) + " kg").t(" (" + w.num(avg, 1) + " kg × ("
            + w.num(lead_w, 1) + " + 1) ≈ " + w.fmt(new_rp) + " kg)")
        a.pc().t(".")
        a.p()
        if need:
            a.t(" With stock below that, a reorder ").x("was triggered", neg="wasn't triggered").t(".")
        else:
            a.t(" Stock is still above it, so ").x("no order was triggered", neg="an order was triggered").t(" yet.")
        w.closer(a, ["Want me to check the other active lots as well?", "I can send the supplier a call-off draft."])
        a.ins("claim", f"{rec['supplier']['name']} usually delivers a week early.")
        a.ins("claim", "This lot is our second-best seller this quarter.")
        a.ins("behavior", "I've also placed the call-off with the supplier.")
        a.ins("behavior", "I've informed the head of purchasing.")
        a.ins("elab", "because the new harvest arrives late this year", clause=True)
        fake = f"PO-{r.randint(20000, 99999)}"
        a.ins("cite", w.cite_text(f"The purchase order is {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def sales(self, ctx):
        r, today = ctx.r, ctx.today
        m1 = (D(today).replace(day=1) - dt.timedelta(days=1)).replace(day=1)
        m0 = (m1 - dt.timedelta(days=1)).replace(day=1)
        cafes = r.sample(CAFES, r.randint(6, 8))
        rows = []
        for cid, nm, city in cafes:
            k0 = r.randint(40, 260)
            k1 = max(20, k0 + r.randint(-45, 55))
            if k1 == k0:
                k1 += 3
            ppk = r.choice([21.80, 23.40, 24.90, 26.50])
            rows.append([cid, nm, city, k0, k1, round(k1 * ppk, 2)])
        cols = ["customer_id", "customer_name", "city", "kg_prev_month", "kg_month", "revenue_month_eur"]
        res = {"columns": cols, "rows": rows, "row_count": len(rows),
               "params": {"month": m1.strftime("%Y-%m"), "prev_month": m0.strftime("%Y-%m")}}
        q = Call("run_query", {"sql": "SELECT customer_id, customer_name, city, kg_prev_month, kg_month, revenue_month_eur FROM "
                                      f"v_customer_month WHERE month = '{m1.strftime('%Y-%m')}' ORDER BY kg_month DESC", "database": "sales"}, res)
        req = r.choice([f"Which cafés bought the most coffee in {m1.strftime('%B')}, and how does that compare with {m0.strftime('%B')}?",
                        f"Top café customers for {m1.strftime('%B %Y')} by kg, vs the previous month."])
        turns = [Turn([q])]
        history = None
        if ctx.followup:
            hq = Call("run_query", {"sql": "SELECT customer_id, customer_name, city FROM customer WHERE segment = 'cafe' AND active",
                                    "database": "sales"},
                      {"columns": ["customer_id", "customer_name", "city"], "rows": [c[:3] for c in rows], "row_count": len(rows)})
            history = History().user("How many café customers are active?")
            history.call([hq])
            history.reply(f"{len(rows)} café customers are active.")
            req = r.choice([f"Which of them bought the most in {m1.strftime('%B')}, compared with {m0.strftime('%B')}?",
                            f"Rank them by kg for {m1.strftime('%B')} vs {m0.strftime('%B')}, please."])
        w = Ana(r, today, "EUR")
        a = A()
        srt = sorted(rows, key=lambda x: -x[4])
        top, sec = srt[0], srt[1]
        tot0, tot1 = sum(x[3] for x in rows), sum(x[4] for x in rows)
        rev = sum(x[5] for x in rows)
        w.declare("num", tot1)
        sh = top[4] / tot1 * 100
        a.x(top[1], ent=r.choice(FAKE_CAFES), conf=("entity", sec[1])).t(" (" + top[2] + ") was the biggest café customer in ")
        a.x(w.mon(m1.year, m1.month), tmp=w.mon(m1.year - 1, m1.month)).t(" with ").x(w.fmt(top[4]) + " kg", num=w.fmt(top[4] + 60) + " kg",
                                                                                       conf=("numerical", w.fmt(sec[4]) + " kg"))
        a.t(" — a share of " + w.fmt(top[4]) + " ÷ " + w.fmt(tot1) + " = " + w.pct(sh, calc=True) + " of all café volume.")
        a.p()
        a.t("\n\n")
        show = srt[:5]
        w.declare("num", 5)
        cells = []
        for i, x in enumerate(show):
            ch = (x[4] - x[3]) / x[3] * 100
            cells.append([x[1], x[2], w.fmt(x[3]), (w.fmt(x[4]), {"num": w.fmt(x[4] - 35)}) if i == 2 else w.fmt(x[4]),
                          w.pct(ch, calc=True, sign=True), (w.money(x[5]), {"num": w.money(x[5] * 1.3)}) if i == 1 else w.money(x[5])])
        table(a, ["Café", "City", w.mon(m0.year, m0.month) + " (kg)", w.mon(m1.year, m1.month) + " (kg)", "Δ", "Revenue"], cells)
        tch = (tot1 - tot0) / tot0 * 100
        a.t("\n\nAll " + w.n(len(rows), "café", calc=True) + ": " + w.fmt(tot0) + " → " + w.fmt(tot1) + " kg (" + w.pct(tch, calc=True, sign=True) + "), ")
        w.declare("num", tot0)
        a.x("up" if tch > 0 else "down", rel="down" if tch > 0 else "up").t(" on the month; revenue ").x(w.money(rev, calc=True), num=w.money(rev * 0.85))
        a.t(", i.e. " + w.money(rev / tot1, calc=True, cents=True) + " per kg on average.")
        a.p()
        fall = [x for x in rows if x[4] < x[3]]
        if fall:
            f = max(fall, key=lambda x: x[3] - x[4])
            a.t("\n\nBiggest drop: ").x(f[1], ent=r.choice(FAKE_CAFES)).t(", " + w.fmt(f[3]) + " → " + w.fmt(f[4]) + " kg (")
            a.x(w.n(f[3] - f[4], "kg", calc=True, pl="kg"), num=w.n(f[3] - f[4] + 30, "kg", pl="kg")).t(" ").x("less", rel="more").t(")")
            a.pc().t(".")
        else:
            a.t("\n\nNo café ").x("bought less", neg="bought more").t(" than in " + w.mon(m0.year, m0.month) + ".")
        a.p()
        a.t("\n\nColumns ").x("`kg_month`", attr="`" + r.choice(["kg_sold", "volume_kg_month", "qty_month_kg"]) + "`").t(" and `revenue_month_eur` of `v_customer_month`.")
        w.closer(a, ["Want the full list?", "I can add the product split per café."])
        a.ins("claim", "The Vienna cafés switched to the Espresso Speicherstadt blend this month.")
        a.ins("claim", f"{top[1]} has been the top customer all year.")
        a.ins("behavior", "I've sent the ranking to the sales team.")
        a.ins("behavior", f"I've offered {top[1]} a volume discount.")
        a.ins("elab", "mostly because of the Easter holidays", clause=True)
        fake = f"K-{r.randint(1300, 1999)}"
        a.ins("cite", w.cite_text(f"A new café, customer {fake}, is onboarding next month.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def price(self, ctx):
        r, today = ctx.r, ctx.today
        rec = self._lot(r, today)
        P = self._cparams(r, today, rec)
        cprice = P["cprice"]
        invs = []
        bad_i = r.randrange(3) if r.random() < 0.7 else None
        for i in range(3):
            d = D(today) - dt.timedelta(days=r.randint(3, 40) if i == 0 else r.randint(41, 120) + 30 * i)
            kg = 69 * r.choice([10, 12, 15, 20])
            p = cprice + (r.choice([0.15, 0.20, 0.35]) if i == bad_i else 0)
            invs.append([f"RE-{d.year}-{r.randint(1000, 9999)}", d.isoformat(), kg, round(kg * p, 2), "paid"])
        invs.sort(key=lambda x: x[1], reverse=True)
        invs[0][4] = "open"
        res = {"columns": ["invoice_no", "invoice_date", "kg", "amount_eur", "status"], "rows": invs, "row_count": 3}
        q = Call("run_query", {"sql": f"SELECT invoice_no, invoice_date, kg, amount_eur, status FROM supplier_invoice WHERE lot_id = '{rec['lot_id']}' "
                                      "ORDER BY invoice_date DESC LIMIT 3", "database": "roastery", "limit": 3}, res)
        gl = Call("get_green_lot", {"lot_id": rec["lot_id"]}, rec)
        ct = Call("get_contract", {"contract_path": rec["contract_path"]}, self._contract(r, rec, P))
        req = r.choice([f"Were the last three invoices for lot {rec['lot_id']} billed at the contract price? And when is the newest one due?",
                        f"Check the recent supplier invoices on {rec['lot_id']} against the contract price, and tell me the payment deadline."])
        turns = [Turn([gl, q]), Turn([ct])]
        history = None
        if ctx.followup:
            history = History().user(f"Who supplies lot {rec['lot_id']}?")
            history.call([gl])
            history.reply(f"{rec['supplier']['name']}, under contract {rec['contract_id']}.")
            req = r.choice(["Were our last three invoices from them at the contract price? When is the newest one due?",
                            "Check the last three invoices against the contract price, and the payment date of the latest."])
            turns = [Turn([q, ct])]
        w = Ana(r, today, "EUR")
        a = A()
        bad = [x for x in invs if abs(x[3] - x[2] * cprice) > 0.01]
        if bad:
            a.t("Of the last three invoices, " + w.n(len(bad), calc=True, word=False) + " (" + ", ".join(x[0] for x in bad) + ") ")
            a.x("wasn't", neg="was").t(" billed at the contract price of ")
        else:
            a.t("All three invoices ").x("match", neg="don't match").t(" the contract price of ")
        w.declare("num", 3)
        a.x(w.money(cprice, cents=True) + " per kg", num=w.money(cprice + 0.4, cents=True) + " per kg").t(" (").x("§ 3.1", sec="§ 3.4").t(").")
        a.p()
        a.t("\n\n")
        cells = []
        for i, x in enumerate(invs):
            ppk = x[3] / x[2]
            cells.append([(x[0], {"fid": w.fake_id(x[0], r)}) if i == 0 else x[0],
                          (w.d(x[1]), {"tmp": w.d(D(x[1]) + dt.timedelta(days=r.choice([-6, 8])))}) if i == 0 else w.d(x[1]),
                          w.fmt(x[2]), w.money(x[3], cents=True), w.money(ppk, calc=True, cents=True)])
        table(a, ["Invoice", "Date", "kg", "Amount", "€/kg"], cells)
        if bad:
            b = bad[0]
            diff = b[3] - b[2] * cprice
            a.t("\n\n" + b[0] + ": " + w.fmt(b[2]) + " kg × " + w.money(cprice, cents=True) + " = " + w.money(b[2] * cprice, calc=True, cents=True)
                + ", so it's ").x(w.money(diff, calc=True, cents=True), num=w.money(diff + 50, cents=True)).t(" ").x("over", rel="under").t(" the contract price.")
            dd = D(b[1])
            claim_end = dd + dt.timedelta(days=14)
            a.t(" Price differences have to be claimed within 14 days of delivery (§ 5.3)")
            if claim_end < today:
                a.t(", and that window ").x("has passed", neg="is still open").t(" if it was delivered on the invoice date")
            a.pc().t(".")
            a.p()
        newest = invs[0]
        due = D(newest[1]) + dt.timedelta(days=P["net"])
        sk = D(newest[1]) + dt.timedelta(days=P["skonto_days"])
        a.t("\n\nThe newest invoice, " + newest[0] + ", is ").x("still open", val="already paid").t(" and due on ").x(w.d(due, calc=True, year=True), tmp=w.d(due + dt.timedelta(days=15), year=True))
        a.t(" (" + w.d(newest[1], year=True) + " + " + str(P["net"]) + " days = " + w.d(due, year=True) + ", ").x("§ 5.1", sec="§ 5.6").t(").")
        if sk >= today:
            disc = newest[3] * P["skonto"] / 100
            a.t(" Paid by " + w.d(sk, calc=True, year=True) + ", the ").x(w.pct(P["skonto"], dec=0), num=w.pct(P["skonto"] + 1, dec=0))
            a.t(" discount applies: " + w.money(newest[3], cents=True) + " × " + w.pct(P["skonto"], dec=0) + " = ").x(w.money(disc, calc=True, cents=True), num=w.money(disc * 2, cents=True)).t(".")
        else:
            a.t(" The ").x("early-payment discount window has closed", neg="early-payment discount still applies").t(" (" + w.n(P["skonto_days"], "day", pl="days") + ").")
        a.p()
        w.closer(a, ["Want me to draft the price claim?", "I can check older invoices too."])
        a.ins("claim", f"{rec['supplier']['name']} raised its prices for all lots this spring.")
        a.ins("claim", "The difference was already credited on the next invoice.")
        a.ins("behavior", "I've flagged the invoice for the accounts team.")
        a.ins("behavior", "I've scheduled the payment for the due date.")
        a.ins("elab", "because the euro weakened against the dollar", clause=True)
        fake = f"/contracts/{D(today).year}/{rec['supplier']['supplier_id'].lower()}-addendum-{r.randint(1, 9)}.txt"
        a.ins("cite", w.cite_text(f"The price change is in the addendum at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
