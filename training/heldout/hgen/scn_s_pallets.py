"""pallet_pool (set s): the operations reporting agent of Tarrant Pallet Pool reporting to a customer's logistics team —
the month's pallet movements and balance of a hire account, daily hire cost and lost-pallet exposure against the pool
hire terms (a page fetched by URL, numbered sections), and collection requests (a collection refused by design below
the minimum quantity — reason code and a consolidated route collection as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .sstyle import Rep, add_bdays, ts, vet

BASE = "https://api.tarrantpool.example/v1"
TERMS = "https://www.tarrantpool.example/terms/pool-hire-2026"
CUSTOMERS = [("Brookfield Foods DC", "Harrisburg", "ET"), ("Prairie Grocers Warehouse", "Wichita", "CT"),
             ("Summit Beverage Depot", "Pueblo", "MT"), ("Coastline Produce Hub", "Fresno", "PT")]
ZONE = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
DEPOTS = {"ET": "Carlisle depot", "CT": "Salina depot", "MT": "Colorado Springs depot", "PT": "Modesto depot"}
FAKE_DEPOTS = ["Joliet depot", "Reno depot", "Macon depot"]
CARRIERS = ["Redline Haulage", "Crossroads Freight", "Bluestem Transport"]
FAKE_CARRIERS = ["Ironhorse Logistics", "Pinewood Carriers"]
MANAGERS = ["Alicia Gomez", "Derek Shaw", "Mina Cho", "Paul Hartley"]


class PalletPool(Scenario):
    name = "pallet_pool"
    agent = "tarrant-pool-reporter"
    service = "tarrant-pallet-pool"
    system = ("You are the account reporting agent of Tarrant Pallet Pool. Reply to customers' logistics teams with a short "
              "Markdown report: a one-line summary, a movements table with units in the headers and a totals row, "
              "key-value lines, footnotes citing the pool hire terms and a Next steps list. Use only the hire account, "
              "the terms and the collection system; show the working.")
    error_style = 2
    entity_noun = {"account_id": "Account", "doc_url": "Page"}
    preambles = ["Pulling the hire account.", "Checking the movements and the hire terms."]

    def __init__(self):
        self.tools = [
            Tool("get_pool_account", "A pallet hire account: customer site, depot, opening balance, movements of the month "
                                     "(issues and returns), daily hire rate and the hire terms link.",
                 s_obj({"account_id": s_str("Account, e.g. 'PA-204417'.", pattern=r"^PA-\d{6}$"),
                        "include_movements": s_bool("List the month's movements.")}, ["account_id"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("include_invoices", True)]),
            Tool("fetch_terms", "A terms page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Terms URL.", pattern=r"^https://www\.tarrantpool\.example/terms/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("request_collection", "Ask the pool to collect empty pallets from the customer site. A request the terms do "
                                       "not allow is refused with a reason code and an alternative.",
                 s_obj({"account_id": s_str("Account.", pattern=r"^PA-\d{6}$"),
                        "quantity": s_int("Pallets to collect.", 1, 2000),
                        "collection_date": s_date("Day, YYYY-MM-DD."),
                        "dock": s_str("Pickup point.", enum=["dock_1", "dock_2", "yard"])},
                       ["account_id", "quantity", "collection_date"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("tail_lift", True)]),
        ]
        self.intents = [("balance_report", self.balance, True), ("collection", self.collect, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today):
        cust, city, tz = r.choice(CUSTOMERS)
        P = {"rate": r.choice([0.045, 0.052, 0.06]), "lost_days": r.choice([60, 90]), "lost": r.choice([18.5, 21.0]),
             "minq": r.choice([120, 200, 250]), "lead": r.choice([2, 3])}
        opening = r.randint(600, 2400)
        start = today.replace(day=1)
        days = sorted(r.sample(range(0, max(2, (today - start).days)), min(r.randint(3, 5), max(2, (today - start).days))))
        moves = []
        for k, d in enumerate(days):
            typ = "issue" if (k % 2 == 0) == (r.random() < 0.7) else "return"
            moves.append({"ref": f"MV-{r.randint(700000, 799999)}", "date": (start + dt.timedelta(days=d)).isoformat(),
                          "type": typ, "qty": r.choice([24, 48, 96, 120, 144, 240, 360, 480])})
        if all(m["type"] == "issue" for m in moves):
            moves[-1]["type"] = "return"
        if all(m["type"] == "return" for m in moves):
            moves[0]["type"] = "issue"
        net = sum(m["qty"] if m["type"] == "issue" else -m["qty"] for m in moves)
        if opening + net < 400:
            opening += 400 - (opening + net) + r.randint(0, 300)
        ageing = r.randint(20, 180)
        acc = {"account_id": f"PA-{r.randint(100000, 999999)}", "customer": cust, "city": city, "time_zone": ZONE[tz],
               "depot": DEPOTS[tz], "account_manager": r.choice(MANAGERS), "pallet_type": "CHEP-style 48x40 block",
               "period_start": start.isoformat(), "opening_balance": opening, "movements": moves,
               "daily_hire_rate_usd": P["rate"], "pallets_over_lost_days": ageing, "account_status": "open",
               "as_of": ts(today, r.randint(8, 15), r.choice([0, 20, 40]), tz), "terms_url": TERMS}
        return acc, P, tz

    def _terms(self, P):
        return ("TARRANT PALLET POOL — HIRE TERMS 2026\n\n"
                "2. Hire charges\n"
                f"2.1 Hire is charged per pallet per day at ${P['rate']:.3f}.\n"
                f"2.2 Pallets not returned within {P['lost_days']} days of issue are charged as lost at ${P['lost']:.2f} each.\n\n"
                "3. Collections\n"
                f"3.1 A collection is for at least {P['minq']} pallets.\n"
                f"3.2 Collections are booked at least {P['lead']} business days ahead.\n"
                "3.3 Smaller quantities are picked up on the depot's next consolidated route day.\n")

    def _history(self, acc):
        h = History().user(f"which depot serves account {acc['account_id']}?")
        h.call([Call("get_pool_account", {"account_id": acc["account_id"]}, acc)])
        h.reply(f"`{acc['account_id']}` ({acc['customer']}) is served by the {acc['depot']}; account manager {acc['account_manager']}.")
        return h

    def _inserts(self, a, r, w, acc):
        a.ins("claim", "Pool-wide pallet losses doubled this quarter.")
        a.ins("claim", f"The {acc['depot']} is short of trucks this month.")
        a.ins("behavior", "I've already raised a lost-pallet dispute on your behalf.")
        a.ins("behavior", "I also asked the depot to send a replacement load.")
        a.ins("elab", "mainly because the returns were held back for the stock count", clause=True)
        fake = f"COL-{r.randint(800000, 899999)}"
        a.ins("cite", w.cite_text(f"The last pickup was `{fake}`.", fake))

    def _balance(self, acc):
        iss = sum(m["qty"] for m in acc["movements"] if m["type"] == "issue")
        ret = sum(m["qty"] for m in acc["movements"] if m["type"] == "return")
        return iss, ret, acc["opening_balance"] + iss - ret

    # ------------------------------------------------------------------ intents
    def balance(self, ctx):
        r, today = ctx.r, ctx.today
        acc, P, tz = self._data(r, today)
        args = {"account_id": acc["account_id"]}
        if r.random() < 0.5:
            args["include_movements"] = True
        ca = Call("get_pool_account", args, acc)
        ct = Call("fetch_terms", {"doc_url": TERMS}, self._terms(P))
        req = r.choice([f"Pallet balance report for {acc['account_id']}, month to date?",
                        f"How many pallets are we holding on account {acc['account_id']} and what's it costing per day?"])
        turns = [Turn([ca]), Turn([ct])]
        history = None
        if ctx.followup:
            history = self._history(acc)
            req = r.choice(["What's our pallet balance month to date?", "Can I get the balance report and daily hire cost?"])
            turns = [Turn([ct])]
        w = Rep(r, today, tz)
        a = A()
        iss, ret, close = self._balance(acc)
        for v in (iss, ret, close):
            w.declare(v)
        daily = close * P["rate"]
        w.summary(a, acc["customer"] + " (`", (acc["account_id"], {"fid": w.fake_id(acc["account_id"], r)}), "`) holds ",
                  (w.n(close, "pallet"), {"num": w.n(close + 240, "pallet")}), " as of " + w.d(today) + ", costing " + w.money(daily, calc=True) + " a day in hire.")
        rows = []
        mv = acc["movements"]
        k0 = r.randrange(len(mv))
        for i, m in enumerate(mv):
            other = mv[(i + 1) % len(mv)]
            q = f"{m['qty']:,}"
            qc = (q, {"num": f"{m['qty'] + 36:,}", "conf": ("numerical", f"{other['qty']:,}") if other["qty"] != m["qty"] else None}) if i == k0 else q
            dc, df = w.dpair(m["date"], r.choice([-4, 5]), iso=True)
            rows.append([("`" + m["ref"] + "`", {"fid": "`" + w.fake_id(m["ref"], r) + "`"}) if i == k0 else "`" + m["ref"] + "`",
                         (dc, {"tmp": df}) if i == (k0 + 1) % len(mv) else dc,
                         (m["type"], {"val": "return" if m["type"] == "issue" else "issue"}) if i == k0 else m["type"],
                         qc if m["type"] == "issue" else "—", qc if m["type"] == "return" else "—"])
        w.table(a, ["Ref", "Date", "Type", "Issued (pallets)", "Returned (pallets)"], ["l", "c", "l", "r", "r"], rows,
                total=["", "", f"{iss:,}", f"{ret:,}"])
        a.t(f"\nBalance: {acc['opening_balance']:,} opening + {iss:,} − {ret:,} = {close:,} pallets")
        a.pc().t(".")
        a.p()
        a.t("\n")
        w.kv(a, "Daily hire¹", f"{close:,} × ${P['rate']:.3f} = " + w.money(daily))
        lost = acc["pallets_over_lost_days"]
        w.kv(a, "Lost-pallet exposure²", "").x(w.n(lost, "pallet"), num=w.n(lost + 40, "pallet")).t(f" held over {P['lost_days']} days; "
                                                                                                      f"{lost:,} × ${P['lost']:.2f} = " + w.money(lost * P["lost"], calc=True))
        w.kv(a, "Depot", "").x(acc["depot"], ent=r.choice(FAKE_DEPOTS)).t(", account `").x("open", attr=r.choice(["active_hire", "live"])).t("`")
        w.kv(a, "Account manager", acc["account_manager"])
        a.t("\n")
        w.foot(a, 1, "per ").x("§2.1", sec=r.choice(["§2.4", "§2.6"])).t(" (per pallet per day)")
        w.foot(a, 2, "per §2.2 — these ").x("are", neg="aren't").t(" charged as lost unless returned first")
        above = close >= P["minq"]
        w.steps(a, [["Returning empties cuts the daily hire; a collection needs at least " + f"{P['minq']:,}" + " pallets (§3.1), and you hold ",
                     ("more" if above else "fewer", {"rel": "fewer" if above else "more"}), " than that."],
                    ["Book collections " + str(P["lead"]) + " business days ahead (§3.2)."]])
        self._inserts(a, r, w, acc)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def collect(self, ctx):
        r, today = ctx.r, ctx.today
        acc, P, tz = self._data(r, today)
        iss, ret, close = self._balance(acc)
        ok = r.random() < 0.55
        qty = r.choice([P["minq"], P["minq"] + 48, P["minq"] + 120]) if ok else r.choice([48, 72, 96])
        qty = min(qty, close)
        ok = qty >= P["minq"]
        cdate = add_bdays(today, P["lead"] + r.randint(0, 3))
        dock = r.choice(["dock_1", "dock_2", "yard"])
        args = {"account_id": acc["account_id"], "quantity": qty, "collection_date": cdate.isoformat()}
        if r.random() < 0.6:
            args["dock"] = dock
        else:
            dock = "dock_1"
        saving = qty * P["rate"]
        if ok:
            res = {"status": "booked", "collection_id": f"COL-{r.randint(900000, 999999)}", "account_id": acc["account_id"],
                   "quantity": qty, "collection_date": cdate.isoformat(), "window": "10:00-14:00", "dock": dock,
                   "carrier": r.choice(CARRIERS), "balance_after": close - qty}
        else:
            route = add_bdays(cdate, r.randint(1, 3))
            res = {"status": "refused", "reason_code": "BELOW_MINIMUM", "quantity": qty, "minimum": P["minq"],
                   "alternative": {"option": "consolidated_route", "route_date": route.isoformat(), "window": "07:00-17:00"}}
        ca = Call("get_pool_account", {"account_id": acc["account_id"]}, acc)
        ct = Call("fetch_terms", {"doc_url": TERMS}, self._terms(P))
        cc = Call("request_collection", args, res)
        req = r.choice([f"Please book a collection of {qty} empty pallets for account {acc['account_id']} on {cdate.isoformat()}.",
                        f"Collect {qty} pallets from us ({acc['account_id']}) on {cdate.isoformat()}, please."])
        turns = [Turn([ca]), Turn([ct]), Turn([cc])]
        history = None
        if ctx.followup:
            history = self._history(acc)
            req = r.choice([f"Can they collect {qty} empties on {cdate.isoformat()}?", f"Book a pickup of {qty} pallets for {cdate.isoformat()} please."])
            turns = [Turn([ct]), Turn([cc])]
        w = Rep(r, today, tz)
        a = A()
        w.declare(close)
        if ok:
            w.summary(a, "Collection for " + acc["customer"] + ": ", ("booked", {"val": "requested"}), " for " + w.d(cdate) + ", " + w.n(qty, "pallet") + ".")
        else:
            w.summary(a, "Collection for " + acc["customer"] + ": ", ("not booked", {"val": "booked"}), " — `",
                      ("BELOW_MINIMUM", {"attr": r.choice(["QTY_TOO_LOW", "MIN_LOAD_NOT_MET"])}), "`.")
        after = close - qty
        w.declare(after)
        w.table(a, ["Item", "Count (pallets)", "Hire per day (USD)"], ["l", "r", "r"],
                [["Held now", f"{close:,}", w.money(close * P["rate"], calc=True, sym=False)],
                 ["After collection", (f"{after:,}", {"num": f"{after + 96:,}"}), w.money(after * P["rate"], calc=True, sym=False)]])
        a.t(f"\nSaving: {qty:,} × ${P['rate']:.3f} = " + w.money(saving, calc=True) + " a day once collected.")
        a.p()
        a.t("\n")
        if ok:
            w.kv(a, "Collection", "`").x(res["collection_id"], fid=w.fake_id(res["collection_id"], r)).t("`")
            w.kv(a, "Pickup", "")
            cc_, cf = w.dpair(cdate, r.choice([-1, 2]))
            a.x(cc_, tmp=cf).t(", " + w.t(ts(cdate, 10, 0, tz), zone=False) + "–" + w.t(ts(cdate, 14, 0, tz)) + " at `" + dock + "`")
            w.kv(a, "Carrier", "").x(res["carrier"], ent=r.choice(FAKE_CARRIERS))
            w.kv(a, "Minimum", f"{qty:,} is ").x("at or above" if qty >= P["minq"] else "below", rel="below").t(f" the {P['minq']:,}-pallet minimum of ")
            a.x("§3.1", sec="§3.5").t(", so the pickup ").x("goes", neg="doesn't go").t(" ahead")
            a.pc().t(".")
            a.p()
            w.yaml(a, [("collection_id", res["collection_id"]), ("collection_date", w.iso(cdate)), ("quantity", str(qty)),
                       ("balance_after", str(after))])
        else:
            alt = res["alternative"]
            w.kv(a, "Status", "").x("refused", val="booked").t(f": {qty:,} pallets is ")
            a.x("below", rel="above").t(f" the {P['minq']:,}-pallet minimum (")
            a.x("§3.1", sec="§3.5").t("), so a dedicated pickup ").x("isn't", neg="is").t(" possible")
            a.pc().t(".")
            a.p()
            w.kv(a, "Alternative", "consolidated route day ")
            rc, rf = w.dpair(alt["route_date"], r.choice([3, 7]))
            a.x(rc, tmp=rf, conf=("temporal", w.d(cdate))).t(", " + w.t(ts(cdate, 7, 0, tz), zone=False) + "–" + w.t(ts(cdate, 17, 0, tz)) + " (§3.3)")
            w.yaml(a, [("reason_code", res["reason_code"]), ("quantity", str(qty)), ("minimum", str(P["minq"])),
                       ("route_date", w.iso(alt["route_date"]))])
        w.steps(a, [["Have the empties stacked and counted before pickup."],
                    ["Questions: account manager ", (acc["account_manager"], {"ent": r.choice(["Holly Brandt", "Jared Quinn"])}), ", ",
                     (acc["depot"], {"ent": r.choice(FAKE_DEPOTS)}), "."]])
        self._inserts(a, r, w, acc)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
