"""hospital_linen (set s): the operations reporting agent of Cleanline Textile Services reporting to hospital ward
managers — par levels, stock on hand, shortfalls and rejects of a ward's linen against the linen service agreement (a
Markdown contract fetched by path, numbered sections), and extra deliveries (an order refused by design after the
ordering cut-off — reason code and the next route day as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .sstyle import Rep, ts, vet

BASE = "https://ops.cleanline.example/api/v2"
SLA = "/contracts/linen/mercy-ridge-sla.md"
HOSPITALS = [("Mercy Ridge Hospital", "Columbus", "ET"), ("St. Agnes Medical Center", "Tulsa", "CT"),
             ("Pinecrest General", "Flagstaff", "MT"), ("Harborview Community Hospital", "Tacoma", "PT")]
ZONE = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
WARDS = ["4 West (Medical)", "5 East (Surgical)", "ICU 2", "Maternity", "Orthopedics 3N", "Pediatrics"]
FAKE_WARDS = ["Oncology 6S", "Cardiac Step-Down", "Burns Unit"]
ITEMS = [("LN-SHT-01", "Flat sheet", 0.62), ("LN-PIL-02", "Pillowcase", 0.28), ("LN-GWN-03", "Patient gown", 0.85),
         ("LN-BLK-04", "Bath blanket", 1.10), ("LN-TWL-05", "Bath towel", 0.45), ("LN-DRW-06", "Draw sheet", 0.54)]
FAKE_ITEMS = ["Fitted sheet", "Scrub top", "Isolation gown"]
MANAGERS = ["Helen Brooks", "Omar Haddad", "Lucia Moreno", "Kevin Walsh"]
FAKE_PEOPLE = ["Rita Okafor", "Glen Hobbs"]


class HospitalLinen(Scenario):
    name = "hospital_linen"
    agent = "cleanline-ops-reporter"
    service = "cleanline-linen-service"
    system = ("You are the operations reporting agent of Cleanline Textile Services. Report to ward managers in Markdown: "
              "a one-line summary, a table with units in the headers (pieces, USD) and a totals row, key-value lines, "
              "footnotes citing the linen service agreement and a Next steps list. Use only the ward record, the agreement "
              "and the ordering system; show the working.")
    error_style = 1
    entity_noun = {"ward_id": "Ward", "contract_path": "Contract"}
    preambles = ["Pulling the ward's linen record.", "Checking the par levels and the agreement."]

    def __init__(self):
        self.tools = [
            Tool("get_ward_linen", "Linen of a hospital ward: par levels, pieces on hand, last delivery with rejects, unit "
                                   "prices, route, next delivery and the service agreement path.",
                 s_obj({"ward_id": s_str("Ward, e.g. 'WD-412'.", pattern=r"^WD-\d{3}$"),
                        "include_rejects": s_bool("Include reject counts of the last delivery.")}, ["ward_id"]),
                 entity={"ward_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("read_contract", "A contract document (Markdown, numbered sections).",
                 s_obj({"contract_path": s_str("Path, e.g. '/contracts/linen/mercy-ridge-sla.md'.",
                                               pattern=r"^/contracts/linen/[a-z0-9-]+\.md$")}, ["contract_path"]),
                 entity={"contract_path": "path"}, http=BASE, extra=[("render", "html")]),
            Tool("order_extra_delivery", "Order an extra linen delivery for a ward. An order the agreement does not allow is "
                                         "refused with a reason code and an alternative.",
                 s_obj({"ward_id": s_str("Ward.", pattern=r"^WD-\d{3}$"),
                        "item_code": s_str("Item.", enum=[c for c, _, _ in ITEMS]),
                        "quantity": s_int("Pieces.", 1, 300),
                        "delivery_date": s_date("Day, YYYY-MM-DD."),
                        "priority": s_str("Priority.", enum=["standard", "urgent"])},
                       ["ward_id", "item_code", "quantity", "delivery_date"]),
                 entity={"ward_id": "id"}, http=BASE, extra=[("split_cart", True)]),
        ]
        self.intents = [("par_report", self.report, True), ("extra_delivery", self.extra, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today):
        hosp, city, tz = r.choice(HOSPITALS)
        P = {"rej": r.choice([2.0, 2.5, 3.0]), "cutoff": r.choice([13, 14, 15]), "fee": r.choice([35.0, 42.5, 48.0]),
             "maxq": r.choice([200, 250])}
        items = []
        for code, name, price in r.sample(ITEMS, r.randint(3, 4)):
            par = r.choice([40, 60, 80, 100, 120, 150])
            on = par - r.randint(4, par // 2)
            deliv = r.randint(par // 2, par)
            items.append({"item_code": code, "item": name, "par_level": par, "on_hand": on, "delivered_last": deliv,
                          "rejects_last": r.randint(0, 5), "unit_price": price})
        route_day = today + dt.timedelta(days=r.randint(2, 4))
        last = today - dt.timedelta(days=r.randint(1, 3))
        rec = {"ward_id": f"WD-{r.randint(100, 899)}", "ward": r.choice(WARDS), "hospital": hosp, "city": city,
               "time_zone": ZONE[tz], "ward_manager": r.choice(MANAGERS), "route": f"R-{r.randint(10, 39)}",
               "last_delivery": {"delivery_id": f"DLV-{r.randint(500000, 599999)}", "date": last.isoformat(),
                                 "time": ts(last, r.randint(5, 7), r.choice([15, 30, 45]), tz)},
               "next_delivery": route_day.isoformat(), "items": items,
               "billing_mode": "per_piece", "as_of": ts(today, r.randint(8, 17), r.choice([5, 25, 50]), tz), "contract_path": SLA}
        return rec, P, tz

    def _sla(self, P):
        return ("# Linen Service Agreement (CTS-MR-2025)\n\n"
                "## 2. Scheduled deliveries\n"
                "2.1 Each scheduled delivery tops the ward up to its par level.\n"
                f"2.2 Rejects above {P['rej']:.1f}% of the pieces delivered are credited at the unit price.\n"
                "2.3 Rejected pieces are collected with the next delivery.\n\n"
                "## 3. Extra deliveries\n"
                f"3.1 Extra deliveries must be ordered by {P['cutoff']}:00 local time on the day before delivery.\n"
                f"3.2 An extra delivery is billed a ${P['fee']:.2f} trip fee plus the unit prices.\n"
                f"3.3 An extra delivery carries at most {P['maxq']} pieces.\n")

    def _history(self, rec):
        h = History().user(f"when is the next linen delivery for {rec['ward_id']}?")
        h.call([Call("get_ward_linen", {"ward_id": rec["ward_id"]}, rec)])
        h.reply(f"{rec['ward']} (`{rec['ward_id']}`) is on route {rec['route']}; next delivery {rec['next_delivery']}.")
        return h

    def _inserts(self, a, r, w, rec):
        a.ins("claim", "Gown usage on this ward is up sharply since the flu season started.")
        a.ins("claim", f"{rec['hospital']} is switching to disposable pillowcases next quarter.")
        a.ins("behavior", "I've already added a top-up cart to tomorrow's route.")
        a.ins("behavior", "I also emailed the reject photos to the plant supervisor.")
        a.ins("elab", "mostly because the laundry line was short-staffed that week", clause=True)
        fake = f"DLV-{r.randint(600000, 699999)}"
        a.ins("cite", w.cite_text(f"The shortfall was first logged on delivery `{fake}`.", fake))

    # ------------------------------------------------------------------ intents
    def report(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        items = rec["items"]
        args = {"ward_id": rec["ward_id"]}
        if r.random() < 0.5:
            args["include_rejects"] = True
        cw = Call("get_ward_linen", args, rec)
        cc = Call("read_contract", {"contract_path": SLA}, self._sla(P))
        req = r.choice([f"Par report for ward {rec['ward_id']} please — what are we short on?",
                        f"Can you send the linen status for {rec['ward_id']}? Shortfalls and rejects."])
        turns = [Turn([cw]), Turn([cc])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["What are we short on right now?", "Can I get the par report for that ward?"])
            turns = [Turn([cc])]
        w = Rep(r, today, tz)
        a = A()
        short = [it["par_level"] - it["on_hand"] for it in items]
        for s in short:
            w.declare(s)
        tp, to, ts_, tr, td = (sum(it["par_level"] for it in items), sum(it["on_hand"] for it in items), sum(short),
                               sum(it["rejects_last"] for it in items), sum(it["delivered_last"] for it in items))
        for v in (tp, to, ts_, tr, td, len(items)):
            w.declare(v)
        cov = to / tp * 100
        w.summary(a, rec["ward"] + " (`", (rec["ward_id"], {"fid": w.fake_id(rec["ward_id"], r)}), "`) holds ",
                  (w.pct(cov), {"num": w.pct(cov + 14.5, calc=False)}), " of par — " + w.n(ts_, "piece") + " short across " + w.n(len(items), "item") + ".")
        rows = []
        k0 = r.randrange(len(items))
        for i, it in enumerate(items):
            other = items[(i + 1) % len(items)]
            rows.append([(it["item"], {"ent": r.choice(FAKE_ITEMS)}) if i == k0 else it["item"],
                         "`" + it["item_code"] + "`",
                         str(it["par_level"]),
                         (str(it["on_hand"]), {"num": str(it["on_hand"] + 9), "conf": ("numerical", str(other["on_hand"])) if other["on_hand"] != it["on_hand"] else None}) if i == k0 else str(it["on_hand"]),
                         str(short[i]),
                         str(it["rejects_last"])])
        w.table(a, ["Item", "Code", "Par (pcs)", "On hand (pcs)", "Short (pcs)", "Rejects (pcs)"], ["l", "l", "r", "r", "r", "r"],
                rows, total=["", str(tp), str(to), (str(ts_), {"num": str(ts_ + 12)}), str(tr)])
        a.t("\nCoverage: " + f"{to:,} / {tp:,} = " + w.pct(cov) + ".")
        a.p()
        a.t("\n")
        rate = tr / td * 100
        w.kv(a, "Reject rate", f"{tr:,} / {td:,} = " + w.pct(rate) + ", ")
        above = rate > P["rej"]
        a.x("above" if above else "at or below", rel="below" if above else "above").t(f" the {P['rej']:.1f}% credit line¹")
        if above:
            credit = sum(it["rejects_last"] * it["unit_price"] for it in items)
            a.t(", so the rejects ").x("are", neg="aren't").t(" credited: " + w.money(credit, calc=True))
        else:
            a.t(", so ").x("no credit", neg="a credit").t(" is due")
        a.pc().t(".")
        a.p()
        ld = rec["last_delivery"]
        w.kv(a, "Last delivery", "`").x(ld["delivery_id"], fid=w.fake_id(ld["delivery_id"], r)).t("`, ")
        lc, lf = w.dpair(ld["date"], r.choice([-3, 4]))
        a.x(lc, tmp=lf).t(" at " + w.t(ld["time"]))
        w.kv(a, "Next delivery²", "")
        nc, nf = w.dpair(rec["next_delivery"], r.choice([2, 5]))
        a.x(nc, tmp=nf, conf=("temporal", w.d(ld["date"]))).t(", route `").x(rec["route"], fid=w.fake_id(rec["route"], r)).t("`")
        w.kv(a, "Ward manager", "").x(rec["ward_manager"], ent=r.choice(FAKE_PEOPLE))
        w.kv(a, "Status", "").x("short", val="at par").t(" on every listed item; billing `")
        a.x("per_piece", attr=r.choice(["per_kg", "flat_rate"])).t("`")
        a.t("\n")
        w.foot(a, 1, "per ").x("§2.2", sec=r.choice(["§2.5", "§2.8"])).t(" (rejects credited at the unit price)")
        w.foot(a, 2, "tops the ward up to par, per §2.1")
        w.steps(a, [["Order an extra delivery if the gap can't wait — cut-off is " + f"{P['cutoff']}:00" + " the day before (§3.1)."],
                    ["Extra trips cost a " + w.money(P["fee"]) + " fee plus unit prices (§3.2)."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def extra(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        it = r.choice(rec["items"])
        qty = it["par_level"] - it["on_hand"] + r.choice([0, 10, 20])
        hh = int(rec["as_of"][11:13])
        late = hh >= P["cutoff"]
        tomorrow = today + dt.timedelta(days=1)
        ddate = tomorrow if (late or r.random() < 0.6) else today + dt.timedelta(days=2)
        ok = not (late and ddate == tomorrow)
        lines = round(qty * it["unit_price"], 2)
        tot = round(lines + P["fee"], 2)
        args = {"ward_id": rec["ward_id"], "item_code": it["item_code"], "quantity": qty, "delivery_date": ddate.isoformat()}
        if r.random() < 0.5:
            args["priority"] = r.choice(["standard", "urgent"])
        if ok:
            res = {"status": "confirmed", "order_id": f"XD-{r.randint(100000, 199999)}", "ward_id": rec["ward_id"],
                   "item_code": it["item_code"], "quantity": qty, "delivery_date": ddate.isoformat(),
                   "window": "06:00-08:00", "trip_fee_usd": P["fee"], "lines_usd": lines, "total_usd": tot}
        else:
            alt = today + dt.timedelta(days=2)
            res = {"status": "refused", "reason_code": "CUTOFF_PASSED", "received": rec["as_of"],
                   "cutoff": f"{P['cutoff']:02d}:00", "alternative": {"option": "next_available", "delivery_date": alt.isoformat(),
                                                                     "window": "06:00-08:00"}}
        cw = Call("get_ward_linen", {"ward_id": rec["ward_id"]}, rec)
        cc = Call("read_contract", {"contract_path": SLA}, self._sla(P))
        co = Call("order_extra_delivery", args, res)
        req = r.choice([f"Please order an extra delivery of {qty} {it['item'].lower()}s ({it['item_code']}) for {rec['ward_id']} on {ddate.isoformat()}.",
                        f"Need {qty} x {it['item_code']} extra for ward {rec['ward_id']}, deliver {ddate.isoformat()}"])
        turns = [Turn([cw]), Turn([cc]), Turn([co])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Order {qty} extra {it['item'].lower()}s ({it['item_code']}) for {ddate.isoformat()}, please.",
                            f"Can you get us {qty} x {it['item_code']} on {ddate.isoformat()}?"])
            turns = [Turn([cc]), Turn([co])]
        w = Rep(r, today, tz)
        a = A()
        w.declare(it["par_level"] - it["on_hand"])
        if ok:
            w.summary(a, "Extra delivery for " + rec["ward"] + ": ", ("confirmed", {"val": "waitlisted"}), " for " + w.d(ddate) + ".")
        else:
            w.summary(a, "Extra delivery for " + rec["ward"] + ": ", ("refused", {"val": "confirmed"}), " — `",
                      ("CUTOFF_PASSED", {"attr": r.choice(["ORDER_TOO_LATE", "PAST_DEADLINE"])}), "`.")
        w.table(a, ["Item", "Code", "Qty (pcs)", "Unit price (USD)", "Line (USD)"], ["l", "l", "r", "r", "r"],
                [[(it["item"], {"ent": r.choice(FAKE_ITEMS)}), "`" + it["item_code"] + "`", (str(qty), {"num": str(qty + 25), "conf": ("numerical", str(it["par_level"])) if qty != it["par_level"] else None}),
                  w.money(it["unit_price"], sym=False), w.money(lines, calc=True, sym=False)],
                 ["Trip fee", "—", "1", w.money(P["fee"], sym=False), w.money(P["fee"], sym=False)]],
                total=["", "", "", (w.money(tot, calc=True, sym=False), {"num": w.money(tot + 20, sym=False)})])
        w.declare(1)
        a.t("\nWorking: " + str(qty) + " × " + w.money(it["unit_price"]) + " + " + w.money(P["fee"]) + " = " + w.money(tot) + " (")
        a.x("§3.2", sec="§3.6").t(").")
        a.p()
        a.t("\n")
        if ok:
            w.kv(a, "Order", "`").x(res["order_id"], fid=w.fake_id(res["order_id"], r)).t("`")
            w.kv(a, "Delivery", "")
            dc, df = w.dpair(ddate, r.choice([1, 3]))
            a.x(dc, tmp=df).t(", " + w.t(ts(ddate, 6, 0, tz), zone=False) + "–" + w.t(ts(ddate, 8, 0, tz)))
            w.kv(a, "Cut-off", f"ordered at {w.t(rec['as_of'], zone=False)}, ")
            a.x("before", rel="after").t(f" the {P['cutoff']}:00 cut-off of §3.1, so it ").x("makes", neg="misses").t(" the run")
            a.pc().t(".")
            a.p()
            w.kv(a, "Limit", str(qty) + " pieces is ").x("within", rel="over").t(f" the {P['maxq']}-piece cap (§3.3).")
            w.yaml(a, [("order_id", res["order_id"]), ("delivery_date", w.iso(ddate)), ("total_usd", w.money(tot, sym=False))])
        else:
            alt = res["alternative"]
            w.kv(a, "Cut-off", f"received at {w.t(rec['as_of'], zone=False)}, ")
            a.x("after", rel="before").t(f" the {P['cutoff']}:00 cut-off for {w.d(ddate)} (")
            a.x("§3.1", sec="§3.4").t("), so the order ").x("can't", neg="can").t(" run tomorrow")
            a.pc().t(".")
            a.p()
            w.kv(a, "Alternative", "next available run ")
            ac, af = w.dpair(alt["delivery_date"], r.choice([2, 4]))
            a.x(ac, tmp=af).t(", " + w.t(ts(ddate, 6, 0, tz), zone=False) + "–" + w.t(ts(ddate, 8, 0, tz)))
            w.kv(a, "Next scheduled delivery", w.d(rec["next_delivery"]) + " on route `" + rec["route"] + "`")
            w.yaml(a, [("reason_code", res["reason_code"]), ("cutoff", f'"{res["cutoff"]}"'),
                       ("alternative_date", w.iso(alt["delivery_date"]))])
        w.steps(a, [["Ward manager on file: ", (rec["ward_manager"], {"ent": r.choice(FAKE_PEOPLE)}), "; billing `",
                     ("per_piece", {"attr": r.choice(["per_kg", "flat_rate"])}), "`."],
                    ["Rejects go back with the next delivery (§2.3)."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
