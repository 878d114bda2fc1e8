"""franchise_sales (set n): an analyst assistant briefing a franchise operations / finance manager from the BrightBake
franchise-reporting API — a region's fiscal quarter (net sales and YoY change, transactions, average ticket, the top
stores and their share of sales, the weakest store, how many stores grew), one store's monthly trend (MoM and YoY,
average ticket, the best month, the last three months against the three before), stores against their quarterly targets
under the franchise agreement fetched by URL (attainment, the 85 % watch line, two consecutive quarters below it means a
performance plan) and the fees a region's stores owe for a quarter (royalty 6 %, brand fund 2 %, a monthly technology
fee, the due date of the last month's fees)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .nstyle import Brief, add_months, chg_pct, poss, table, vet

BASE = "https://api.brightbake.example/franchise/v1"
TERMS_URLS = ["https://franchise.brightbake.example/terms/fee-schedule-2025",
              "https://franchise.brightbake.example/terms/agreement-schedule-b"]
REGIONS = [
    ("FR", "France North", "EUR", ["Lyon Part-Dieu", "Lille Europe", "Rouen Centre", "Amiens Gare", "Reims Cathédrale",
                                   "Caen Saint-Pierre", "Le Havre Docks", "Orléans Martroi", "Tours Halles"]),
    ("UK", "UK Midlands", "GBP", ["Birmingham New Street", "Leicester Highcross", "Nottingham Victoria", "Coventry Precinct",
                                  "Derby Riverlights", "Wolverhampton Mander", "Northampton Market", "Stoke Hanley"]),
    ("US", "US Northeast", "USD", ["Hartford Downtown", "Providence Station", "Albany Empire Plaza", "Worcester Common",
                                   "Stamford Harbor Point", "New Haven Green", "Springfield Tower", "Portland Old Port"]),
    ("DE", "Germany West", "EUR", ["Köln Dom", "Düsseldorf Kö", "Bonn Markt", "Essen Limbecker", "Dortmund Westenhellweg",
                                   "Duisburg Königstraße", "Aachen Elisenbrunnen", "Münster Prinzipalmarkt"]),
]
FRANCHISEES = {"FR": ["Martel Foods SARL", "Boulange Nord SAS", "Maison Dufour SARL"],
               "UK": ["Greenleaf Hospitality Ltd", "Crown Bakehouse Ltd", "Midland Café Group Ltd"],
               "US": ["Harbor Bakeries LLC", "Granite State Foods LLC", "Elm Street Hospitality Inc"],
               "DE": ["Rhein Gastro GmbH", "Westback Betriebs GmbH", "Kaffeehaus Ruhr GmbH"]}
OTHER_STORES = ["Bristol Cabot Circus", "Nantes Graslin", "Boston Seaport", "Frankfurt Zeil"]
OTHER_FRANCHISEES = ["Sunrise Bakeries Ltd", "Atlas Food Partners LLC", "Nordlicht Gastro GmbH"]
SYMS = {"USD": "$", "GBP": "£", "EUR": "€"}


def terms(cur):
    s = SYMS[cur]
    return ("BRIGHTBAKE FRANCHISE AGREEMENT - SCHEDULE OF FEES AND PERFORMANCE (2025 EDITION)\n\n"
            "5. FEES\n"
            "5.1 Royalty: 6.0% of net sales, payable monthly.\n"
            "5.2 Brand fund contribution: 2.0% of net sales, payable monthly.\n"
            f"5.3 Technology fee: {s}450 per store per month.\n"
            "6. PAYMENT\n"
            "6.1 Fees for a calendar month are due by the 15th day of the following month.\n"
            "6.2 Late payments accrue interest at 1.5% per month.\n"
            "7. PERFORMANCE\n"
            "7.1 Each store has an annual net sales target, split into quarterly targets.\n"
            "7.2 A store below 85% of its quarterly target is placed on watch.\n"
            "7.3 A store below 85% of its quarterly target for two consecutive quarters enters a performance "
            "improvement plan.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["5.4", "6.3", "7.4", "7.5", "8.1", "4.2"] if s != real])


def fq_of(y, m):
    """Fiscal year starting in July: (fy, q)."""
    fy = y + 1 if m >= 7 else y
    q = ((m - 7) % 12) // 3 + 1
    return fy, q


def fq_months(fy, q):
    y, m = add_months(fy - 1, 7, 3 * (q - 1))
    return [add_months(y, m, k) for k in range(3)]


class FranchiseSales(Scenario):
    name = "franchise_sales"
    agent = "franchise-finance-analyst"
    service = "brightbake-insights-agent"
    system = ("You are an analyst assistant for BrightBake's franchise operations and finance managers, with read "
              "access to the franchise-reporting API. Brief like an analyst: a one-line headline, then KPIs, short "
              "paragraphs and small tables. Use only tool figures, show the working for derived numbers, and keep "
              "recommendations separate from facts. The fiscal year starts on 1 July.")
    error_style = 0
    entity_noun = {"region_id": "Region", "store_id": "Store", "terms_url": "Document"}
    preambles = ["Pulling the region's numbers.", "Let me get the sales data.", "Checking the franchise reports."]
    literal_ok = ["YoY", "MoM", "QoQ"]

    def __init__(self):
        self.tools = [
            Tool("get_region_sales", "Net sales, transactions and quarterly targets per store of a franchise region for "
                                     "a fiscal quarter ('FY26-Q3') or a month ('2026-03'), with the prior-year figures "
                                     "and the franchise terms URL.",
                 s_obj({"region_id": s_str("Region ID, e.g. 'RGN-FR01'.", pattern=r"^RGN-[A-Z]{2}\d{2}$"),
                        "period": s_str("Fiscal quarter 'FYnn-Qn' or month 'YYYY-MM'.", pattern=r"^(FY\d{2}-Q[1-4]|\d{4}-\d{2})$"),
                        "include_closed": s_bool("Include stores closed during the period."),
                        "limit": s_int("Maximum stores.", 1, 100)}, ["region_id", "period"]),
                 entity={"region_id": "id"}, http=BASE, extra=[("currency", "local")]),
            Tool("get_store_monthly", "One store's monthly net sales and transactions, with the same month a year earlier.",
                 s_obj({"store_id": s_str("Store ID, e.g. 'FR-1042'.", pattern=r"^[A-Z]{2}-\d{4}$"),
                        "months": s_int("How many months, ending with the last closed month.", 3, 24)},
                       ["store_id", "months"]),
                 entity={"store_id": "id"}, http=BASE, extra=[("include_forecast", True)]),
            Tool("get_terms", "The franchise agreement schedule (plain text, numbered sections) by URL.",
                 s_obj({"terms_url": s_str("Terms URL.", pattern=r"^https://franchise\.brightbake\.example/terms/")},
                       ["terms_url"]),
                 entity={"terms_url": "url"}, extra=[("lang", "en")]),
        ]
        self.intents = [("region_briefing", self.briefing, False), ("store_trend", self.trend, True),
                        ("target_check", self.targets, True), ("fee_statement", self.fees, True)]

    # ------------------------------------------------------------------ data
    def _quarter(self, today):
        fy, q = fq_of(today.year, today.month)
        q -= 1
        if q == 0:
            fy, q = fy - 1, 4
        return fy, q

    def _region(self, r, today, n=None):
        code, rname, cur, names = r.choice(REGIONS)
        rid = f"RGN-{code}{r.randint(1, 9):02d}"
        fy, q = self._quarter(today)
        months = fq_months(fy, q)
        last_y, last_m = months[-1]
        end = (dt.date(*add_months(last_y, last_m, 1), 1) - dt.timedelta(days=1))
        stores = []
        ids = set()
        for nm in r.sample(names, n or r.randint(5, 8)):
            sid = f"{code}-{r.randint(1000, 9999)}"
            while sid in ids:
                sid = f"{code}-{r.randint(1000, 9999)}"
            ids.add(sid)
            sales = round(r.uniform(280000, 1100000), 2)
            yoy = r.uniform(-0.14, 0.16)
            ticket = r.uniform(8.0, 14.0)
            tx = int(sales / ticket)
            ptx = int(tx / (1 + yoy) * r.uniform(0.95, 1.05))
            att = r.uniform(0.76, 1.12)
            stores.append({"store_id": sid, "name": nm, "franchisee": r.choice(FRANCHISEES[code]),
                           "net_sales": sales, "prior_year_net_sales": round(sales / (1 + yoy), 2),
                           "transactions": tx, "prior_year_transactions": ptx,
                           "target_net_sales": round(sales / att / 1000) * 1000,
                           "prior_quarter_attainment_pct": round(r.uniform(78, 108), 1), "status": "open"})
        res = {"region_id": rid, "region_name": rname, "currency": cur, "period": f"FY{fy % 100:02d}-Q{q}",
               "months": [f"{y}-{m:02d}" for y, m in months], "prior_year_period": f"FY{(fy - 1) % 100:02d}-Q{q}",
               "stores": stores, "terms_url": r.choice(TERMS_URLS), "data_through": end.isoformat(),
               "as_of": today.isoformat()}
        return rid, res, (fy, q)

    @staticmethod
    def _args(res, r):
        args = {"region_id": res["region_id"], "period": res["period"]}
        if r.random() < 0.3:
            args["limit"] = 100
        return args

    # ------------------------------------------------------------------ intents
    def briefing(self, ctx):
        r, today = ctx.r, ctx.today
        rid, res, (fy, q) = self._region(r, today)
        st = res["stores"]
        req = r.choice([f"Can you brief me on {res['region_name']} ({rid}) for {res['period']}?",
                        f"How did {rid} do in {res['period']}? Headline, YoY and which stores stood out.",
                        f"I need a one-pager on region {rid}, quarter {res['period']}, for the franchise review."])
        w = Brief(r, today, res["currency"])
        ns = sum(s["net_sales"] for s in st)
        pns = sum(s["prior_year_net_sales"] for s in st)
        tx = sum(s["transactions"] for s in st)
        ptx = sum(s["prior_year_transactions"] for s in st)
        d_ns, d_tx = chg_pct(pns, ns), chg_pct(ptx, tx)
        tk, ptk = ns / tx, pns / ptx
        rank = sorted(st, key=lambda s: -s["net_sales"])
        top = rank[0]
        yoys = {s["store_id"]: chg_pct(s["prior_year_net_sales"], s["net_sales"]) for s in st}
        weak = min(st, key=lambda s: yoys[s["store_id"]])
        best_g = max(st, key=lambda s: yoys[s["store_id"]])
        grew = [s for s in st if yoys[s["store_id"]] > 0]
        qlab = w.fq(q, fy)
        alt_q = w.fq(q % 4 + 1, fy if q < 4 else fy + 1)
        a = A()
        pre, post = w.head()
        a.t(pre + res["region_name"] + " did ").x(w.m(ns, calc=True), num=w.m(ns * 1.12), conf=("numerical", w.m(pns, calc=True))).t(" in ").x(qlab, tmp=alt_q).t(", ")
        a.x(w.updown(d_ns), rel=w.updown(-d_ns)).t(" ").x(w.pct(abs(d_ns), 1, calc=True) + " YoY", num=w.pct(abs(d_ns) + 4.5, 1) + " YoY").t("; ")
        a.x(top["name"], ent=r.choice(OTHER_STORES), conf=("entity", rank[1]["name"])).t(" led with ")
        a.x(w.pct(top["net_sales"] / ns * 100, 0, calc=True) + " of sales", num=w.pct(top["net_sales"] / ns * 100 + 7, 0) + " of sales").t("." + post + "\n\n")
        a.t(w.li() + w.lbl("Net sales") + w.m(ns) + " vs " + w.m(pns) + " in " + w.fq(q, fy - 1) + " (").x(w.pct(d_ns, 1, sign=True), num=w.pct(d_ns - 3.8, 1, sign=True)).t(")")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Transactions")).x(w.k(tx, calc=True), num=w.k(tx * 0.87)).t(", " + w.pct(d_tx, 1, calc=True, sign=True) + " YoY")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Average ticket")).x(w.money(tk, calc=True), num=w.money(tk + 0.85)).t(f" ({w.m(ns)} {w.div} {w.k(tx)}), ")
        a.x(w.updown(tk - ptk), rel=w.updown(ptk - tk)).t(" from " + w.money(ptk, calc=True))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Breadth")).x(w.n(len(grew), calc=True) + " of " + w.n(len(st), calc=True) + " stores", num=w.n(len(grew) + 2) + " of " + w.n(len(st)) + " stores").t(" grew YoY")
        w.pb(a)
        a.t("\n\n")
        if d_tx < 0 < d_ns:
            a.t("Growth came from ").x("ticket size, not traffic", rel="traffic, not ticket size").t(": fewer transactions at a higher average spend")
            a.pc().t(".")
        elif d_tx > 0 and d_ns > 0:
            a.t("Traffic ").x("and", neg="but not").t(" ticket both contributed" if tk > ptk else " drove the growth; average ticket slipped").t("")
            a.pc().t(".")
        else:
            a.t("Both sales and ").x("traffic", val="ticket size" if tk < ptk else None).t(" were " + ("down" if d_tx < 0 else "mixed") + " on last year")
            a.pc().t(".")
        a.p()
        wy = yoys[weak["store_id"]]
        a.t(" The weakest store was ").x(weak["name"], ent=r.choice(OTHER_STORES)).t(" (").x(weak["store_id"], fid=w.fake_id(weak["store_id"], r)).t(", run by ")
        a.x(weak["franchisee"], ent=r.choice(OTHER_FRANCHISEES)).t("), ").x(w.updown(wy), rel=w.updown(-wy)).t(" ")
        a.x(w.pct(abs(wy), 1, calc=True), num=w.pct(abs(wy) + 5, 1), conf=("numerical", w.pct(abs(yoys[best_g["store_id"]]), 1, calc=True))).t(" YoY; ")
        a.t(best_g["name"] + " grew fastest at " + w.pct(yoys[best_g["store_id"]], 1, calc=True, sign=True) + ".")
        a.p()
        if r.random() < 0.55:
            a.t("\n\nTop " + w.n(3, calc=True) + " stores:\n\n")
            rows = []
            for i, s in enumerate(rank[:3]):
                rows.append([s["name"], (w.m(s["net_sales"]), {"num": w.m(s["net_sales"] * 0.86)} if i == 1 else {}),
                             w.pct(yoys[s["store_id"]], 1, calc=True, sign=True), w.pct(s["net_sales"] / ns * 100, 1, calc=True)])
            table(a, ["Store", "Net sales", "YoY", "Share"], rows)
            t3 = sum(s["net_sales"] for s in rank[:3]) / ns * 100
            a.t("\n\nTogether they are ").x(w.pct(t3, 0, calc=True), num=w.pct(t3 + 6, 0)).t(" of the region.")
        if r.random() < 0.35:
            a.t("\n\n(Net sales are the ").x("`net_sales`", attr=r.choice(["`gross_sales`", "`sales_ex_vat`"])).t(" field, after discounts and tax.)")
        a.pp()
        a.t("\n\n" + w.rec() + r.choice([f"a call with {weak['franchisee']} about {poss(weak['name'])} trend before the next quarter closes.",
                                          f"use {best_g['name']} as the case study for the region's next franchisee meeting.",
                                          ("keep an eye on traffic; growth that comes from ticket size alone is worth watching." if d_tx < 0 < d_ns
                                           else "push traffic-building promotions with the franchisees that are down YoY.")]))
        w.closer(a, ["Happy to add the monthly split for the quarter."])
        a.ins("claim", f"{top['name']} also had the best customer-satisfaction score in the region.")
        a.ins("claim", "The region is now the second-largest in the network.")
        a.ins("behavior", f"I've sent {weak['franchisee']} a note about the decline.")
        a.ins("behavior", "I've added these numbers to the quarterly board pack.")
        a.ins("elab", "helped by the new breakfast menu that launched in the quarter", clause=True)
        ref = f"FRN-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The price increase behind this was approved under change {ref}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_region_sales", self._args(res, r), res)])], a), w)

    def trend(self, ctx):
        r, today = ctx.r, ctx.today
        rid, res, (fy, q) = self._region(r, today)
        s = r.choice(res["stores"])
        n = r.choice([6, 6, 9, 12])
        last = add_months(today.year, today.month, -1)
        months = [add_months(*last, -k) for k in range(n - 1, -1, -1)]
        base = s["net_sales"] / 3
        tk0 = s["net_sales"] / s["transactions"]
        rows = []
        for i, (y, m) in enumerate(months):
            season = 1 + 0.12 * [0, -0.6, -0.2, 0.3, 0.5, 0.8, 1.0, 0.9, 0.4, 0.1, 0.2, 1.1][m - 1]
            ns = round(base * season * r.uniform(0.9, 1.1), 2)
            tx = int(ns / (tk0 * r.uniform(0.96, 1.04)))
            pns = round(ns / r.uniform(0.88, 1.15), 2)
            rows.append({"month": f"{y}-{m:02d}", "net_sales": ns, "transactions": tx, "prior_year_net_sales": pns})
        out = {"store_id": s["store_id"], "name": s["name"], "franchisee": s["franchisee"], "currency": res["currency"],
               "months": rows, "as_of": today.isoformat()}
        call = Call("get_store_monthly", {"store_id": s["store_id"], "months": n}, out)
        history = None
        if ctx.followup:
            history = History().user(f"Which stores are in {rid}?")
            history.call([Call("get_region_sales", self._args(res, r), res)])
            history.reply(", ".join(f"{x['name']} ({x['store_id']})" for x in res["stores"]) + ".")
            req = r.choice([f"How has {s['name']} been trending month to month?", f"ok — monthly trend for {s['name']}, please."])
        else:
            req = r.choice([f"Monthly trend for store {s['store_id']} over the last {n} months?",
                            f"How is {s['store_id']} ({s['name']}) doing month on month and against last year?"])
        w = Brief(r, today, res["currency"])
        cur, prv = rows[-1], rows[-2]
        mom = chg_pct(prv["net_sales"], cur["net_sales"])
        yoy = chg_pct(cur["prior_year_net_sales"], cur["net_sales"])
        best = max(rows, key=lambda x: x["net_sales"])
        worst = min(rows, key=lambda x: x["net_sales"])
        lab = w.mon(cur["month"])
        a = A()
        pre, post = w.head()
        a.t(pre).x(s["name"], ent=r.choice(OTHER_STORES))
        if r.random() < 0.5:
            a.t(" (").x(s["store_id"], fid=w.fake_id(s["store_id"], r)).t(")")
        a.t(": ").x(w.m(cur["net_sales"]), num=w.m(cur["net_sales"] * 1.14), conf=("numerical", w.m(prv["net_sales"]))).t(" in ")
        a.x(lab, tmp=w.mon(int(cur["month"][:4]) - 1, int(cur["month"][5:]))).t(", ").x(w.updown(mom), rel=w.updown(-mom)).t(" " + w.pct(abs(mom), 1, calc=True) + " MoM and ")
        a.x(w.updown(yoy), rel=w.updown(-yoy)).t(" ").x(w.pct(abs(yoy), 1, calc=True), num=w.pct(abs(yoy) + 5.5, 1)).t(" YoY." + post + "\n\n")
        tk, ptk = cur["net_sales"] / cur["transactions"], prv["net_sales"] / prv["transactions"]
        a.t(w.li() + w.lbl("Transactions") + w.n(cur["transactions"]) + " vs " + w.n(prv["transactions"]) + " (" + w.pct(chg_pct(prv["transactions"], cur["transactions"]), 1, calc=True, sign=True) + ")")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Average ticket")).x(w.money(tk, calc=True), num=w.money(tk + 0.9)).t(f" ({w.m(cur['net_sales'])} {w.div} {w.n(cur['transactions'])}) vs " + w.money(ptk, calc=True))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Best month")).x(w.mon(best["month"]), tmp=None, conf=("temporal", w.mon(worst["month"]))).t(" at " + w.m(best["net_sales"]) + "; weakest ")
        a.x(w.mon(worst["month"]), tmp=None).t(" at ").x(w.m(worst["net_sales"]), num=w.m(worst["net_sales"] * 0.8))
        w.pb(a)
        if n >= 6:
            l3 = sum(x["net_sales"] for x in rows[-3:])
            p3 = sum(x["net_sales"] for x in rows[-6:-3])
            d3 = chg_pct(p3, l3)
            a.t("\n\nThe last three months (" + w.mon(rows[-3]["month"]) + w.dash + w.mon(rows[-1]["month"]) + ") totalled ")
            a.x(w.m(l3, calc=True), num=w.m(l3 * 1.1)).t(", ").x(w.updown(d3), rel=w.updown(-d3)).t(" ").x(w.pct(abs(d3), 1, calc=True), num=w.pct(abs(d3) + 4, 1)).t(" on the three before (" + w.m(p3, calc=True) + ")")
            a.pc().t(".")
            a.p()
        ups = sum(1 for x in rows if x["net_sales"] > x["prior_year_net_sales"])
        a.t(" ").x(w.n(ups, calc=True) + " of the " + w.n(n, calc=True) + " months", num=w.n(min(n, ups + 2)) + " of the " + w.n(n) + " months" if ups + 2 <= n else w.n(max(0, ups - 2)) + " of the " + w.n(n) + " months").t(" were ahead of the same month last year")
        a.pc().t(".")
        a.p()
        ahead = cur["net_sales"] > cur["prior_year_net_sales"]
        a.t(" The latest month ").x("was" if ahead else "wasn't", neg="wasn't" if ahead else "was").t(" one of them.")
        a.p()
        if r.random() < 0.4:
            a.t("\n\n")
            rows_t = []
            for x in rows[-4:]:
                rows_t.append([w.mon(x["month"]), w.m(x["net_sales"]), w.n(x["transactions"]),
                               w.pct(chg_pct(x["prior_year_net_sales"], x["net_sales"]), 1, calc=True, sign=True)])
            table(a, ["Month", "Net sales", "Transactions", "YoY"], rows_t)
        a.t("\n\n(YoY compares with the ").x("`prior_year_net_sales`", attr=r.choice(["`ly_net_sales`", "`comp_sales_prior`"])).t(" field for each month.)")
        a.pp()
        d3 = chg_pct(sum(x["net_sales"] for x in rows[-6:-3]), sum(x["net_sales"] for x in rows[-3:]))
        if mom < 0 and d3 < 0:
            rec = r.choice(["check staffing and opening hours with the franchisee; the softness is more than one month.",
                            "ask the area manager for a store visit this month."])
        elif mom > 0 and d3 > 0:
            rec = r.choice(["keep the current plan; momentum is positive.", "worth sharing what's working here with the other stores."])
        else:
            rec = r.choice(["nothing to act on yet; the signals are mixed.", "wait for one more month before drawing conclusions."])
        a.t("\n\n" + w.rec() + rec)
        w.closer(a, ["I can compare it with the region average if you like."])
        a.ins("claim", "The store was refitted earlier this year.")
        a.ins("claim", f"{s['franchisee']} is the region's largest operator.")
        a.ins("behavior", "I've flagged the store for the area manager's next visit.")
        a.ins("behavior", f"I've emailed {s['franchisee']} the monthly numbers.")
        a.ins("elab", "partly because of roadworks outside the store", clause=True)
        ref = f"SR-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"The store review on file is {ref}.", ref))
        return vet(self, Plan(req, [Turn([call])], a, history.msgs if history else None), w)

    def targets(self, ctx):
        r, today = ctx.r, ctx.today
        rid, res, (fy, q) = self._region(r, today)
        st = res["stores"]
        if r.random() < 0.8:   # a couple of weak stores
            for s in r.sample(st, r.choice([1, 2])):
                s["target_net_sales"] = round(s["net_sales"] / r.uniform(0.72, 0.84) / 1000) * 1000
                s["prior_quarter_attainment_pct"] = round(r.uniform(76, 90), 1)
        url = res["terms_url"]
        gt = Call("get_terms", {"terms_url": url}, terms(res["currency"]))
        gr = Call("get_region_sales", self._args(res, r), res)
        history = None
        if ctx.followup:
            history = History().user(f"How did {rid} do in {res['period']}?")
            history.call([gr])
            history.reply(f"{len(st)} stores reported {res['period']}.")
            req = r.choice(["Which stores are below target, and does anyone go onto a performance plan?",
                            "ok — against targets, who's on watch under the franchise agreement?"])
            turns = [Turn([gt])]
        else:
            req = r.choice([f"For {rid} in {res['period']}, which stores missed target badly enough to matter under the franchise agreement?",
                            f"Check {rid}'s {res['period']} sales against targets and the agreement's performance rules."])
            turns = [Turn([gr]), Turn([gt])]
        w = Brief(r, today, res["currency"])
        att = {s["store_id"]: s["net_sales"] / s["target_net_sales"] * 100 for s in st}
        watch = sorted([s for s in st if att[s["store_id"]] < 85], key=lambda s: att[s["store_id"]])
        pip = [s for s in watch if s["prior_quarter_attainment_pct"] < 85]
        ns, tg = sum(s["net_sales"] for s in st), sum(s["target_net_sales"] for s in st)
        ra = ns / tg * 100
        qlab = w.fq(q, fy)
        a = A()
        pre, post = w.head()
        if watch:
            a.t(pre).x(w.n(len(watch), calc=True) + " " + ("store is" if len(watch) == 1 else "stores are"), num=w.n(len(watch) + 1) + " stores are").t(" below the ")
            a.x(w.pct(85, 0), num=w.pct(80, 0)).t(" watch line in ").x(qlab, tmp=w.fq(q % 4 + 1, fy if q < 4 else fy + 1)).t(", and ")
            if pip:
                a.x(w.n(len(pip), calc=True), num=w.n(len(pip) + 1)).t(" of them " + ("goes" if len(pip) == 1 else "go") + " onto a performance plan." + post + "\n\n")
            else:
                if len(watch) == 1:
                    a.t("it ").x("doesn't", neg="does").t(" qualify for a performance plan yet." + post + "\n\n")
                else:
                    a.x("none", neg="one").t(" of them qualifies for a performance plan yet." + post + "\n\n")
        else:
            a.t(pre).x("Every store", neg="Not every store").t(" cleared the " + w.pct(85, 0) + " watch line in ").x(qlab, tmp=w.fq(q % 4 + 1, fy if q < 4 else fy + 1)).t("." + post + "\n\n")
        a.t(w.li() + w.lbl("Region") + w.m(ns, calc=True) + " against a " + w.m(tg, calc=True) + " target, ").x(w.pct(ra, 1, calc=True), num=w.pct(ra + 6, 1)).t(" attainment")
        w.pb(a)
        for i, s in enumerate(watch[:3]):
            v = att[s["store_id"]]
            a.t("\n" + w.li()).x(s["name"], ent=r.choice(OTHER_STORES) if i == 0 else None).t(" (").x(s["store_id"], fid=w.fake_id(s["store_id"], r) if i == 0 else None).t("): ")
            oth = max(st, key=lambda x: att[x["store_id"]])
            a.x(w.pct(v, 1, calc=True), num=w.pct(v + 8, 1) if i == 0 else None, conf=("numerical", w.pct(att[oth["store_id"]], 1, calc=True)) if i == 0 else None)
            a.t(f" ({w.m(s['net_sales'])} {w.div} {w.m(s['target_net_sales'])}), prior quarter ")
            a.x(w.pct(s["prior_quarter_attainment_pct"], 1), num=w.pct(s["prior_quarter_attainment_pct"] + 9, 1) if i == 0 else None)
            a.t(" → ").x("performance plan" if s in pip else "watch", val=("watch" if s in pip else "performance plan") if i == 0 else None)
            w.pb(a)
        if len(watch) > 3:
            a.t("\n" + w.li() + "and " + w.n(len(watch) - 3, calc=True) + " more on watch")
        a.t("\n\n")
        a.t("The rules: ").x(w.sec("7.2"), sec=w.sec(fake_sec(r, "7.2"))).t(" puts a store ").x("below", rel="above").t(" " + w.pct(85, 0) + " of its quarterly target on watch; ")
        a.x(w.sec("7.3"), sec=w.sec(fake_sec(r, "7.3"))).t(" moves it to a performance improvement plan after ").x("two", num="three").t(" consecutive quarters.")
        a.p()
        if watch and not pip:
            a.t(" Both conditions need the prior quarter too, and ").x("no", neg="every").t(" store on watch was below " + w.pct(85, 0) + " last quarter")
            a.pc().t(".")
            a.p()
        if r.random() < 0.5:
            a.t("\n\n(Attainment = ").x("`net_sales`", attr=r.choice(["`comp_sales`", "`gross_sales`"])).t(" " + w.div + " ").x("`target_net_sales`", attr=r.choice(["`quarter_target`", "`budget_net_sales`"])).t(".)")
        topa = max(st, key=lambda x: att[x["store_id"]])
        a.t("\n\nAt the other end, " + topa["name"] + " ran at " + w.pct(att[topa["store_id"]], 1, calc=True) + " of target, the ").x("best", rel="worst").t(" in the region.")
        a.p()
        a.pp()
        if pip:
            a.t("\n\n" + w.rec() + f"schedule the plan kick-off with {pip[0]['franchisee']} within the month, and check the target was set on a like-for-like basis.")
        elif watch:
            a.t("\n\n" + w.rec() + "a light-touch check-in with the watch-list stores now is cheaper than a plan next quarter.")
        w.closer(a, ["I can pull the monthly trend for the stores on watch."])
        a.ins("claim", "Stores on watch usually recover within two quarters.")
        a.ins("claim", "Targets for this fiscal year were raised by 5% across the network.")
        a.ins("behavior", "I've notified the franchisees on the watch list.")
        a.ins("behavior", "I've opened the performance-plan paperwork for the affected stores.")
        a.ins("elab", "which the agreement applies per store rather than per franchisee", clause=True)
        ref = f"PIP-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"The last performance plan in the region was {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def fees(self, ctx):
        r, today = ctx.r, ctx.today
        rid, res, (fy, q) = self._region(r, today, n=r.randint(4, 6))
        st = res["stores"]
        url = res["terms_url"]
        gt = Call("get_terms", {"terms_url": url}, terms(res["currency"]))
        gr = Call("get_region_sales", self._args(res, r), res)
        history = None
        if ctx.followup:
            history = History().user(f"Pull {rid}'s sales for {res['period']}.")
            history.call([gr])
            history.reply(f"Done — {len(st)} stores for {res['period']}.")
            req = r.choice(["What do these stores owe in fees for the quarter under the agreement?",
                            "ok, and what's the fee bill for that quarter per the franchise terms?"])
            turns = [Turn([gt])]
        else:
            req = r.choice([f"What do the {rid} stores owe in franchise fees for {res['period']}?",
                            f"Work out the {res['period']} royalty and brand-fund bill for region {rid}, please."])
            turns = [Turn([gr]), Turn([gt])]
        w = Brief(r, today, res["currency"])
        ns = sum(s["net_sales"] for s in st)
        roy, bf, tech = ns * 0.06, ns * 0.02, 450 * 3 * len(st)
        tot = roy + bf + tech
        big = max(st, key=lambda s: s["net_sales"])
        ly, lm = [int(x) for x in res["months"][-1].split("-")]
        due = dt.date(*add_months(ly, lm, 1), 15)
        a = A()
        pre, post = w.head()
        a.t(pre + "The region's " + res["period"].replace("FY", "FY").split("-")[1] + " " + w.fy(fy) + " fee bill is ").x(w.m(tot, calc=True), num=w.m(tot * 1.15), conf=("numerical", w.m(roy + bf, calc=True)))
        a.t(" on " + w.m(ns, calc=True) + " of net sales — ").x(w.pct(tot / ns * 100, 1, calc=True), num=w.pct(tot / ns * 100 + 1.5, 1)).t(" of sales all in." + post + "\n\n")
        a.t(w.li() + w.lbl("Royalty") + "at ").x(w.pct(6.0, 1), num=w.pct(6.5, 1)).t(" (").x(w.sec("5.1"), sec=w.sec(fake_sec(r, "5.1"))).t("), ").x(w.m(roy, calc=True), num=w.m(roy * 1.2))
        a.t(f" ({w.pct(6.0, 1)} × {w.m(ns)})")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Brand fund") + "at ").x(w.pct(2.0, 1), num=w.pct(2.5, 1)).t(" (").x(w.sec("5.2"), sec=w.sec(fake_sec(r, "5.2"))).t("), " + w.m(bf, calc=True))
        a.t(f" ({w.pct(2.0, 1)} × {w.m(ns)})")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Technology fee")).x(w.money(tech, 0, calc=True), num=w.money(tech + 2700, 0)).t(" (" + w.money(450, 0) + " × " + w.n(len(st), calc=True) + " × " + w.n(3, calc=True) + "), per store per month over the quarter")
        w.pb(a)
        a.t("\n\n")
        rows = []
        for i, s in enumerate(sorted(st, key=lambda s: -s["net_sales"])):
            f = s["net_sales"] * 0.08 + 1350
            rows.append([s["name"], w.m(s["net_sales"]), (w.m(f, calc=True), {"num": w.m(f * 1.2)} if i == 0 else {})])
        table(a, ["Store", "Net sales", "Fees"], rows)
        a.t("\n\n(Fees per store = " + w.pct(8, 0) + " of net sales + " + w.money(1350, 0) + " technology fee.)")
        w._c("pct", 8, True)
        w._c("money", 1350, True)
        a.t("\n\n").x(big["name"], ent=r.choice(OTHER_STORES)).t(" (").x(big["store_id"], fid=w.fake_id(big["store_id"], r)).t(") is the ").x("largest", rel="smallest").t(" payer at ")
        bs = big["net_sales"] * 0.08 + 1350
        a.x(w.pct(bs / tot * 100, 0, calc=True) + " of the bill", num=w.pct(bs / tot * 100 + 8, 0) + " of the bill")
        a.pc().t(".")
        a.p()
        lm_name = w.mname(ly, lm)
        a.t(" Fees are monthly, so the " + lm_name + " instalment is due by ").x(w.d(due, calc=True), tmp=w.d(due + dt.timedelta(days=15))).t(" (")
        a.x(w.sec("6.1"), sec=w.sec(fake_sec(r, "6.1"))).t("); late payment accrues ").x(w.pct(1.5, 1) + " a month", num=w.pct(2.5, 1) + " a month").t(".")
        a.p()
        if due < today:
            a.t(" That date has ").x("already passed", neg="not passed yet").t(", so the " + lm_name + " fees should be in.")
        else:
            a.t(" That date ").x("hasn't passed yet", neg="has already passed").t(".")
        a.p()
        a.t("\n\nCaveat: this is computed from the reported ").x("`net_sales`", attr=r.choice(["`gross_sales`", "`royalty_base`"])).t(" figures; I don't have payment records, so I can't tell you what's actually been paid.")
        a.pp()
        w.closer(a, ["I can turn this into a statement per franchisee."])
        a.ins("claim", "The royalty rate is the same across all BrightBake regions.")
        a.ins("claim", f"{big['franchisee']} paid late last quarter.")
        a.ins("behavior", "I've sent the statements to the franchisees.")
        a.ins("behavior", "I've raised the invoices in the finance system.")
        a.ins("elab", "because the brand fund is ring-fenced for national marketing", clause=True)
        ref = f"INV-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"The last statement for this region was invoice {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
