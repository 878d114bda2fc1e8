"""vending_machines (set p): the data assistant of a Swiss vending-machine operator (machines at stations, campuses and
offices) — answers from the sales and telemetry warehouse (SQL results), machine records, planogram spreadsheets
(German headers, Swiss number format) and the service terms agreed with the hosts (numbered sections), and schedules
refill visits (a visit refused by design — route full that day, not a route day — comes back with a reason code and
the next possible date, which the agent books instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .pstyle import D, Ana, iso_week, table, vet

BASE = "https://api.snackomat.example/v3"
SHEETS = "https://sheets.snackomat.example/d/"
TERMS = "/docs/service-terms/host-agreement-2026.txt"
MACHINES = [("VM-ZH-0412", "Zürich HB, Gleis 7", "ZH"), ("VM-BE-0127", "Bern Bahnhofplatz", "BE"),
            ("VM-GE-0233", "Genève Cornavin", "GE"), ("VM-VD-0318", "Lausanne Flon", "VD"),
            ("VM-ZH-0455", "Winterthur Töss", "ZH"), ("VM-BE-0190", "Biel/Bienne Bahnhof", "BE"),
            ("VM-NE-0071", "Neuchâtel Gare", "NE"), ("VM-ZG-0058", "Zug Metalli", "ZG"),
            ("VM-LU-0142", "Luzern KKL Passage", "LU")]
FAKE_LOC = ["Basel SBB Passerelle", "St. Gallen Marktplatz", "Fribourg Gare", "Chur Postautostation"]
PRODUCTS = [("Alpenquelle Mineral", 2.80), ("Eistee Pfirsich", 3.20), ("Schoggi-Riegel Haselnuss", 2.50),
            ("Apfelchips Thurgau", 3.50), ("Birchermüesli-Becher", 4.90), ("Laugenbrezel", 3.00),
            ("Bergkäse-Sandwich", 6.50), ("Kaffee Crème Dose", 3.90)]
FAKE_PROD = ["Zitronen-Tonic", "Nussgipfel", "Rüeblitorte-Stück"]
ROUTES = {"ZH": ("R-ZH-2", [0, 2, 4]), "BE": ("R-BE-1", [1, 3]), "GE": ("R-RO-1", [0, 3]), "VD": ("R-RO-1", [0, 3]),
          "NE": ("R-RO-2", [1, 4]), "ZG": ("R-ZS-1", [1, 3]), "LU": ("R-ZS-1", [1, 3])}
WDN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def ch(x, dec=2):
    return f"{x:,.{dec}f}".replace(",", "’")


class VendingMachines(Scenario):
    name = "vending_machines"
    agent = "snackomat-data-assistant"
    service = "snackomat-fleet-analytics"
    system = ("You are the data assistant of Snackomat Schweiz AG, which runs vending machines at stations, campuses and "
              "offices across Switzerland. Answer questions about sales, stock-outs, prices and refills from the sales and "
              "telemetry warehouse, the machine records, the planogram sheets and the host service terms. Show the working "
              "and write amounts in Swiss francs. You can schedule refill visits; if one is refused, explain why and book "
              "the alternative the system offers.")
    error_style = 2
    currency = "CHF"
    src_loc = "ch"
    entity_noun = {"machine_id": "Machine", "sheet_url": "Sheet", "terms_path": "Document"}
    preambles = ["Checking the fleet data.", "Let me query the warehouse.", "One moment."]
    literal_ok = ["Gleis 7", "Zürich HB, Gleis 7"]

    def __init__(self):
        self.tools = [
            Tool("run_sql", "Read-only SQL on the sales or telemetry dataset.",
                 s_obj({"sql": s_str("SQL SELECT.", min_len=10, max_len=4000),
                        "dataset": s_str("Dataset.", enum=["sales", "telemetry"]),
                        "max_rows": s_int("Row limit.", 1, 5000)}, ["sql", "dataset"]),
                 http=BASE, extra=[("use_cache", True)]),
            Tool("get_machine", "A machine: location, canton, model, slots, status, route, last refill, planogram sheet.",
                 s_obj({"machine_id": s_str("Machine ID, e.g. 'VM-ZH-0412'.", pattern=r"^VM-[A-Z]{2}-\d{4}$")}, ["machine_id"]),
                 entity={"machine_id": "id"}, http=BASE, extra=[("with_telemetry", True)]),
            Tool("get_planogram", "A machine's planogram sheet (slots, products, prices, capacity, current stock).",
                 s_obj({"sheet_url": s_str("Sheet URL.", pattern=r"^https://sheets\.snackomat\.example/d/[A-Za-z0-9_-]+$"),
                        "tab": s_str("Tab name.", enum=["Aktuell", "Vorlage"])}, ["sheet_url"]),
                 entity={"sheet_url": "url"}, http=BASE, extra=[("formulas", True)]),
            Tool("fetch_terms", "The host service terms (plain text, numbered sections).",
                 s_obj({"terms_path": s_str("Path, e.g. '/docs/service-terms/host-agreement-2026.txt'.",
                                            pattern=r"^/docs/[a-z0-9/_.-]+\.txt$")}, ["terms_path"]),
                 entity={"terms_path": "path"}, http=BASE, extra=[("lang", "de")]),
            Tool("schedule_refill", "Schedule a refill visit. A visit the route plan can't take is refused with a reason "
                                    "code and the next possible date.",
                 s_obj({"machine_id": s_str("Machine ID.", pattern=r"^VM-[A-Z]{2}-\d{4}$"),
                        "date": s_date("Visit date, YYYY-MM-DD."),
                        "window": s_str("Time window.", enum=["morning", "afternoon"])}, ["machine_id", "date"]),
                 entity={"machine_id": "id"}, http=BASE, extra=[("urgent", True)]),
        ]
        self.intents = [("weekly_sales", self.sales, True), ("stockouts", self.stockouts, True),
                        ("refill_visit", self.refill, True), ("price_change", self.price, True)]

    def _terms(self, P):
        return ("SNACKOMAT SCHWEIZ AG — HOST SERVICE TERMS 2026\nIn force since: " + P["since"] + "\n\n"
                "1. Scope\n1.1 These terms apply to every machine Snackomat operates at a host's premises.\n\n"
                "2. Stock\n"
                f"2.1 Each machine gets at least {P['min_visits']} refill visit{'s' if P['min_visits'] > 1 else ''} per week on route days.\n"
                f"2.3 A slot is below minimum stock when it holds less than {P['min_pct']} % of its capacity.\n"
                "2.4 An empty slot counts as a stock-out.\n\n"
                "4. Visits\n"
                "4.1 Refill visits take place on the route days of the machine's route only.\n"
                f"4.2 A route takes at most {P['route_cap']} visits per day.\n\n"
                "5. Revenue share\n"
                f"5.1 The host receives {P['share']} % of the machine's net sales, paid quarterly.\n")

    def _tparams(self, r, today):
        return {"since": (D(today) - dt.timedelta(days=r.randint(40, 150))).strftime("%d.%m.%Y"), "min_visits": r.choice([1, 2]),
                "min_pct": r.choice([20, 25, 30]), "route_cap": r.choice([18, 22, 25]), "share": r.choice([10, 12, 15])}

    def _machine(self, r, today, m=None):
        mid, loc, canton = m or r.choice(MACHINES)
        sheet = SHEETS + "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789") for _ in range(20))
        route, days = ROUTES[canton]
        last = D(today) - dt.timedelta(days=r.randint(1, 3))
        while last.weekday() not in days:
            last -= dt.timedelta(days=1)
        return {"machine_id": mid, "location": loc, "canton": canton, "model": r.choice(["Necta Snakky", "Sielaff FK 184", "Azkoyen Vitro"]),
                "slots": 12, "status": "in_service", "route_id": route, "route_days": [WDN[d] for d in days],
                "last_refill": last.isoformat() + "T" + r.choice(["07:40", "08:15", "13:30"]) + ":00+01:00",
                "planogram_sheet": sheet, "host_terms": TERMS}

    # ------------------------------------------------------------------ intents
    def sales(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._tparams(r, today)
        wk = iso_week(D(today) - dt.timedelta(days=7))
        pw = iso_week(D(today) - dt.timedelta(days=14))
        ms = r.sample(MACHINES, r.randint(6, 8))
        rows = []
        for mid, loc, canton in ms:
            s0 = round(r.uniform(380, 2400), 2)
            s1 = round(max(200, s0 * r.uniform(0.78, 1.22)), 2)
            rows.append([mid, loc, canton, s0, s1, int(s1 / r.uniform(2.9, 3.8))])
        res = {"columns": ["machine_id", "location", "canton", "net_sales_prev_chf", "net_sales_chf", "units"], "rows": rows,
               "row_count": len(rows), "params": {"week": f"{wk[0]}-W{wk[1]:02d}", "prev_week": f"{pw[0]}-W{pw[1]:02d}"}}
        q = Call("run_sql", {"sql": "SELECT machine_id, location, canton, net_sales_prev_chf, net_sales_chf, units FROM mart.machine_week "
                                    f"WHERE iso_week = '{wk[0]}-W{wk[1]:02d}' ORDER BY net_sales_chf DESC", "dataset": "sales"}, res)
        tr = Call("fetch_terms", {"terms_path": TERMS}, self._terms(P))
        req = r.choice([f"Which machines sold the most last week, and how does that compare with the week before? What's the host share on the top one under {TERMS}?",
                        f"Top machines by net sales for week {wk[1]} vs week {pw[1]}, plus the host's revenue share for the best one (terms: {TERMS})."])
        turns = [Turn([q, tr])]
        history = None
        if ctx.followup:
            history = History().user(f"What revenue share do hosts get under the current terms ({TERMS})?")
            history.call([tr])
            history.reply(f"{P['share']} % of net sales, paid quarterly (section 5.1).")
            req = r.choice(["And which machines sold the most last week vs the week before? Work out the host share for the top one.",
                            "OK — rank last week's machines by net sales against the week before, and the host share on the best one."])
            turns = [Turn([q])]
        w = Ana(r, today, "CHF", locs=("ch", "ch", "ch", "en"), dstyles=("dot", "dot", "long", "iso"))
        a = A()
        srt = sorted(rows, key=lambda x: -x[4])
        top, sec = srt[0], srt[1]
        t0, t1 = sum(x[3] for x in rows), sum(x[4] for x in rows)
        tc = (t1 - t0) / t0 * 100
        tp = (top[4] - top[3]) / top[3] * 100
        a.x(top[1], ent=r.choice(FAKE_LOC), conf=("entity", sec[1])).t(" (" + top[0] + ") was the top machine in " + w.wk(wk) + " with ")
        a.x(w.money(top[4], cents=True), num=w.money(top[4] * 1.25, cents=True), conf=("numerical", w.money(sec[4], cents=True))).t(" net sales, ")
        a.x("up" if tp > 0 else "down", rel="down" if tp > 0 else "up").t(" " + w.pct(abs(tp), calc=True) + " on " + w.wk(pw) + ".")
        a.p()
        a.t("\n\n")
        cells = []
        for i, x in enumerate(srt[:5]):
            c = (x[4] - x[3]) / x[3] * 100
            cells.append([x[1], w.money(x[3], cents=True), (w.money(x[4], cents=True), {"num": w.money(x[4] * 0.8, cents=True)}) if i == 2 else w.money(x[4], cents=True),
                          w.pct(c, calc=True, sign=True)])
        w.declare("num", 5)
        table(a, ["Machine", w.wk(pw), w.wk(wk), "Δ"], cells)
        a.t("\n\nFleet (" + w.n(len(rows), "machine", calc=True) + "): " + w.money(t0, calc=True, cents=True) + " → " + w.money(t1, calc=True, cents=True)
            + " (" + w.pct(tc, calc=True, sign=True) + "), " + w.avg + " " + w.money(t1 / len(rows), calc=True, cents=True) + " per machine.")
        a.p()
        host = top[4] * P["share"] / 100
        a.t("\n\nHost share on " + top[1] + ": " + w.money(top[4], cents=True) + " × ").x(w.pct(P["share"], dec=0), num=w.pct(P["share"] + 5, dec=0)).t(" = ")
        a.x(w.money(host, calc=True, cents=True), num=w.money(host * 2, cents=True)).t(" (").x("§ 5.1", sec="§ 5.3").t("), paid ")
        a.x("quarterly", tmp="monthly").t(", not weekly")
        a.pc().t(".")
        a.p()
        a.t("\n\nSource: ").x("`mart.machine_week`", attr="`" + r.choice(["mart.machine_weekly", "mart.vending_week", "dim.machine_week"]) + "`").t(", column `net_sales_chf`.")
        w.closer(a, ["Want the product mix for the top machine?", "I can flag machines that dropped by more than 10 %."])
        a.ins("claim", "Sales at station machines always peak in the last week of the month.")
        a.ins("claim", f"{top[1]} has been the top machine for six weeks.")
        a.ins("behavior", "I've sent the host statement to the top machine's host.")
        a.ins("behavior", "I've added an extra refill visit for the top machine.")
        a.ins("elab", "helped by the Basel fair traffic", clause=True)
        fake = f"/docs/reports/{wk[0]}-w{wk[1]:02d}-host-statements.txt"
        a.ins("cite", w.cite_text(f"The host statements are in {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def _planogram(self, r, rec, P, low_bias=0.22):
        prods = r.sample(PRODUCTS, 6)
        rows = [["Slot", "Produkt", "Preis CHF", "Kapazität", "Bestand"]]
        data = []
        for i, (p, pr) in enumerate(prods):
            for j in range(2):
                slot = f"{'ABCDEF'[i]}{j + 1}"
                cap = r.choice([6, 8, 10, 12])
                st = 0 if r.random() < 0.07 else (r.randint(0, max(1, cap * P["min_pct"] // 100 - 1)) if r.random() < low_bias else r.randint(cap // 2, cap))
                data.append((slot, p, pr, cap, st))
                rows.append([slot, p, f"{pr:.2f}", str(cap), str(st)])
        return {"title": f"Planogramm {rec['machine_id']}", "tab": "Aktuell", "values": rows,
                "updated_at": rec["last_refill"]}, data

    def stockouts(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._tparams(r, today)
        rec = self._machine(r, today)
        sheet, data = self._planogram(r, rec, P)
        if not any(x[4] < x[3] * P["min_pct"] / 100 for x in data):
            x = data[3]
            data[3] = x[:4] + (0,)
            sheet["values"][4][4] = "0"
        gm = Call("get_machine", {"machine_id": rec["machine_id"]}, rec)
        gp = Call("get_planogram", dict({"sheet_url": rec["planogram_sheet"]}, **({"tab": "Aktuell"} if r.random() < 0.5 else {})), sheet)
        tr = Call("fetch_terms", {"terms_path": TERMS}, self._terms(P))
        req = r.choice([f"Which slots on {rec['machine_id']} are below minimum stock right now? Terms are at {TERMS}.",
                        f"Stock check for machine {rec['machine_id']} against the minimum in the host terms ({TERMS})."])
        turns = [Turn([gm, tr]), Turn([gp])]
        history = None
        if ctx.followup:
            history = History().user(f"Where's the planogram for {rec['machine_id']}?")
            history.call([gm])
            history.reply(f"It's {rec['planogram_sheet']}.")
            req = r.choice([f"Which slots are below minimum stock per the terms at {TERMS}?", f"Check it against the minimum stock rule in {TERMS}."])
            turns = [Turn([gp, tr])]
        w = Ana(r, today, "CHF", locs=("ch", "ch", "ch", "en"), dstyles=("dot", "dot", "long", "iso"))
        a = A()
        low = [x for x in data if x[4] < x[3] * P["min_pct"] / 100]
        empty = [x for x in low if x[4] == 0]
        a.t(w.b(rec["machine_id"]) + " (" + rec["location"] + ") has ").x(w.n(len(low), "slot", calc=True), num=w.n(len(low) + 3, "slot"))
        a.t(" of " + w.n(len(data), calc=True) + " below minimum stock (under ").x(w.pct(P["min_pct"], dec=0), num=w.pct(P["min_pct"] + 15, dec=0)).t(" of capacity, ")
        a.x("§ 2.3", sec="§ 2.7").t(")")
        if empty:
            a.t(", and ").x(w.n(len(empty), "slot", calc=True, word=True), num=w.n(len(empty) + 2, "slot", word=True)).t(" " + ("is" if len(empty) == 1 else "are") + " empty — a stock-out under § 2.4.")
        else:
            a.t("; ").x("no slot is empty yet", neg="several slots are already empty").t(".")
        a.p()
        a.t("\n\n")
        cells = []
        for i, x in enumerate(low):
            cells.append([(x[0], {"fid": x[0][0] + str(int(x[0][1]) + 3)}) if i == 0 else x[0],
                          (x[1], {"ent": r.choice(FAKE_PROD)}) if i == 0 else x[1],
                          (w.fmt(x[4]), {"num": w.fmt(x[4] + 5)}) if i == len(low) - 1 else w.fmt(x[4]), w.fmt(x[3]),
                          w.pct(x[4] / x[3] * 100, dec=0, calc=True)])
        table(a, ["Slot", "Product", "Stock", "Capacity", "Fill"], cells)
        lost = sum(x[2] * (x[3] - x[4]) for x in low)
        a.t("\n\nRefilling those to capacity means " + w.n(sum(x[3] - x[4] for x in low), "unit", calc=True) + ", worth " + w.money(lost, calc=True, cents=True) + " at current prices")
        a.pc().t(".")
        if low:
            x = low[0]
            a.t(" For example " + x[0] + ": (" + w.fmt(x[3]) + " − " + w.fmt(x[4]) + ") × ").x(w.money(x[2], cents=True), num=w.money(x[2] + 1.0, cents=True)).t(" = "
                + w.money(x[2] * (x[3] - x[4]), calc=True, cents=True) + ".")
        a.p()
        last = dt.datetime.fromisoformat(rec["last_refill"])
        a.t("\n\nThe last refill was on ").x(w.d(last, wd=True), tmp=w.d(last - dt.timedelta(days=r.choice([3, 6])), wd=True)).t(" at " + w.tm(last.hour, last.minute)
            + "; the machine is on route " + rec["route_id"] + " (" + ", ".join(rec["route_days"]) + ") and ").x("in service", val="out of service").t(".")
        w.closer(a, ["Want me to schedule a refill?", "I can check the other machines on the route."])
        a.ins("claim", "The empty slots usually sell out by Friday noon.")
        a.ins("claim", "This machine has the most stock-outs in the canton.")
        a.ins("behavior", "I've already scheduled a refill for tomorrow.")
        a.ins("behavior", "I've informed the host about the stock-outs.")
        a.ins("elab", "because the last delivery was short", clause=True)
        fake = f"RF-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"There's an open refill request, {fake}, for it.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def refill(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._tparams(r, today)
        rec = self._machine(r, today)
        route, days = ROUTES[rec["canton"]]
        want = D(today) + dt.timedelta(days=r.randint(1, 4))
        on_route = want.weekday() in days
        full = on_route and r.random() < 0.5
        nxt = want + dt.timedelta(days=1)
        while nxt.weekday() not in days:
            nxt += dt.timedelta(days=1)
        win = r.choice(["morning", "afternoon"])
        a1 = {"machine_id": rec["machine_id"], "date": want.isoformat(), "window": win}
        if not on_route:
            reason = "NOT_A_ROUTE_DAY"
        elif full:
            reason = "ROUTE_FULL"
        else:
            reason = None
        vid = f"RV-{r.randint(100000, 999999)}"
        final = dict(a1, date=nxt.isoformat()) if reason else a1
        fd = D(final["date"])
        calls = []
        if reason:
            calls.append(Call("schedule_refill", a1, f"Refused: {reason}. " + (f"{want.isoformat()} is not a route day for {route}."
                                                                              if reason == "NOT_A_ROUTE_DAY" else f"Route {route} is full on {want.isoformat()} ({P['route_cap']} visits).")
                              + f" Next possible date: {nxt.isoformat()}."))
        calls.append(Call("schedule_refill", final, f"Scheduled: visit {vid}, machine {rec['machine_id']}, {final['date']} ({win}), route {route}."))
        gm = Call("get_machine", {"machine_id": rec["machine_id"]}, rec)
        tr = Call("fetch_terms", {"terms_path": TERMS}, self._terms(P))
        req = r.choice([f"Please schedule a refill for {rec['machine_id']} on {want.isoformat()}, {win}.",
                        f"Book a refill visit at {rec['location']} ({rec['machine_id']}) for {want.strftime('%d.%m.%Y')} in the {win}."])
        turns = [Turn([gm]), Turn([tr])] + [Turn([c]) for c in calls]
        history = None
        if ctx.followup:
            history = History().user(f"Which route is {rec['location']} ({rec['machine_id']}) on?")
            history.call([gm])
            history.reply(f"{rec['machine_id']} is on route {route} ({', '.join(rec['route_days'])}).")
            req = r.choice([f"Then schedule a refill there on {want.isoformat()}, {win}.", f"Book it a refill for {want.strftime('%d.%m.%Y')}, {win}."])
            turns = [Turn([tr])] + [Turn([c]) for c in calls]
        w = Ana(r, today, "CHF", locs=("ch", "ch", "ch", "en"), dstyles=("dot", "dot", "long", "iso"))
        a = A()
        if reason == "NOT_A_ROUTE_DAY":
            a.t(w.d(want, wd=True, year=True) + " ").x("isn't", neg="is").t(" a route day for " + route + " (")
            a.x("`NOT_A_ROUTE_DAY`", attr="`" + r.choice(["NO_ROUTE_DAY", "OFF_ROUTE", "ROUTE_CLOSED"]) + "`").t("; visits only on route days, ")
            a.x("§ 4.1", sec="§ 4.4").t("), so I booked the next possible date instead: ")
        elif reason == "ROUTE_FULL":
            a.t("Route " + route + " was ").x("full", val="cancelled").t(" on " + w.d(want, wd=True, year=True) + " (")
            a.x("`ROUTE_FULL`", attr="`" + r.choice(["ROUTE_CAPACITY", "NO_CAPACITY", "ROUTE_BOOKED"]) + "`").t("; at most ")
            a.x(w.n(P["route_cap"], "visit"), num=w.n(P["route_cap"] + 8, "visit")).t(" a day, ").x("§ 4.2", sec="§ 4.6").t("), so I booked the next possible date instead: ")
        else:
            a.t("Booked for ")
        a.x(w.d(fd, wd=True, year=True), tmp=w.d(fd + dt.timedelta(days=7), wd=True, year=True),
            conf=("temporal", w.d(want, wd=True, year=True)) if reason else None).t(", " + win + ".")
        a.p()
        a.t("\n\n" + w.li() + "Visit: ").x(vid, fid=w.fake_id(vid, r))
        w.pb(a)
        a.t("\n" + w.li() + "Machine: " + rec["machine_id"] + ", ").x(rec["location"], ent=r.choice(FAKE_LOC))
        w.pb(a)
        a.t("\n" + w.li() + "Route: ").x(route, fid=w.fake_id(route, r)).t(" (" + ", ".join(rec["route_days"]) + ")")
        w.pb(a)
        a.t("\n" + w.li() + "Status: ").x("scheduled", val="pending approval")
        w.pb(a)
        last = dt.datetime.fromisoformat(rec["last_refill"])
        gap = (fd - last.date()).days
        a.t("\n" + w.li() + "Last refill: " + w.d(last, year=True) + ", so that's ").x(w.n(gap, "day", calc=True), num=w.n(gap + 4, "day")).t(" between visits")
        w.pb(a)
        if gap > 7:
            a.t("\n\nNote: § 2.1 asks for at least ").x(w.n(P["min_visits"], "visit"), num=w.n(P["min_visits"] + 2, "visit")).t(" a week, and a gap of more than a week ")
            a.x("doesn't meet", neg="meets").t(" that")
            a.pc().t(".")
        w.closer(a, ["Want me to check the planogram before the visit?", "Shall I add the other machines at that location?"])
        a.ins("claim", "Refill visits on that route usually take about 20 minutes.")
        a.ins("claim", "The host asked for morning visits only.")
        a.ins("behavior", "I've notified the host about the visit.")
        a.ins("behavior", "I've moved another machine's visit to make room.")
        a.ins("elab", "because the route driver is on holiday", clause=True)
        fake = f"RV-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"It replaces visit {fake}, which was cancelled.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def price(self, ctx):
        r, today = ctx.r, ctx.today
        prod, old = r.choice(PRODUCTS)
        new = round(old + r.choice([0.20, 0.30, 0.40, 0.50]), 2)
        chg = D(today) - dt.timedelta(days=r.randint(15, 30))
        b0, b1 = chg - dt.timedelta(days=14), chg - dt.timedelta(days=1)
        a0, a1_ = chg, chg + dt.timedelta(days=13)
        u0 = r.randint(600, 2400)
        u1 = int(u0 * r.uniform(0.80, 1.04))
        rows = [["before", b0.isoformat(), b1.isoformat(), old, u0, round(u0 * old, 2)],
                ["after", a0.isoformat(), a1_.isoformat(), new, u1, round(u1 * new, 2)]]
        res = {"columns": ["period", "from_date", "to_date", "price_chf", "units", "net_sales_chf"], "rows": rows, "row_count": 2,
               "params": {"product": prod, "price_change_on": chg.isoformat()}}
        q = Call("run_sql", {"sql": "SELECT period, from_date, to_date, price_chf, units, net_sales_chf FROM mart.price_change_eval "
                                    f"WHERE product = '{prod}' AND change_date = '{chg.isoformat()}'", "dataset": "sales"}, res)
        req = r.choice([f"How did the price increase on {prod} work out? Compare the two weeks before and after.",
                        f"Did raising the price of {prod} pay off? Units and sales, two weeks before vs after."])
        turns = [Turn([q])]
        history = None
        if ctx.followup:
            hq = Call("run_sql", {"sql": "SELECT product, old_price_chf, new_price_chf, change_date FROM price_change ORDER BY change_date DESC LIMIT 1",
                                  "dataset": "sales"},
                      {"columns": ["product", "old_price_chf", "new_price_chf", "change_date"], "rows": [[prod, old, new, chg.isoformat()]], "row_count": 1})
            history = History().user("What was the last price change?")
            history.call([hq])
            history.reply(f"{prod}: CHF {old:.2f} → {new:.2f} on {chg.strftime('%d.%m.%Y')}.")
            req = r.choice(["Did it pay off? Compare the two weeks before and after.", "How did units and sales react, two weeks before vs after?"])
        w = Ana(r, today, "CHF", locs=("ch", "ch", "ch", "en"), dstyles=("dot", "dot", "long", "iso"))
        a = A()
        uc = (u1 - u0) / u0 * 100
        s0, s1 = rows[0][5], rows[1][5]
        sc = (s1 - s0) / s0 * 100
        pc = (new - old) / old * 100
        paid = s1 > s0
        a.t("The price rise on " + prod + " ").x("paid off" if paid else "didn't pay off", neg="didn't pay off" if paid else "paid off").t(": net sales ")
        a.x("rose" if paid else "fell", rel="fell" if paid else "rose").t(" " + w.pct(abs(sc), calc=True) + " while units ").x("fell" if uc < 0 else "rose", rel="rose" if uc < 0 else "fell")
        a.t(" " + w.pct(abs(uc), calc=True) + ".")
        a.p()
        a.t("\n\n" + w.li() + "Price: ").x(w.money(old, cents=True), num=w.money(old - 0.5, cents=True)).t(" → " + w.money(new, cents=True) + " (" + w.pct(pc, calc=True, sign=True) + ") from ")
        a.x(w.d(chg, wd=True), tmp=w.d(chg + dt.timedelta(days=r.choice([-10, 9])), wd=True)).t("")
        w.pb(a)
        a.t("\n" + w.li() + "Units: " + w.fmt(u0) + " → ").x(w.fmt(u1), num=w.fmt(u1 + 300)).t(" (" + w.pct(uc, calc=True, sign=True) + ")")
        w.pb(a)
        a.t("\n" + w.li() + "Net sales: " + w.money(s0, cents=True) + " → ").x(w.money(s1, cents=True), num=w.money(s1 * 1.2, cents=True)).t(" (" + w.pct(sc, calc=True, sign=True) + ")")
        w.pb(a)
        a.t("\n\nCheck: " + w.fmt(u1) + " × " + w.money(new, cents=True) + " = " + w.money(s1, cents=True) + " vs " + w.fmt(u0) + " × " + w.money(old, cents=True)
            + " = " + w.money(s0, cents=True) + ", i.e. ").x(w.money(abs(s1 - s0), calc=True, cents=True), num=w.money(abs(s1 - s0) + 150, cents=True))
        a.t(" ").x("more" if s1 > s0 else "less", rel="less" if s1 > s0 else "more").t(" over ").x(w.n(14, "day"), num=w.n(21, "day")).t("")
        w.declare("num", 14)
        a.pc().t(".")
        a.p()
        a.t("\n\nPeriods: " + w.d(b0) + " to " + w.d(b1) + " vs " + w.d(a0) + " to " + w.d(a1_) + ", from ").x("`mart.price_change_eval`",
                                                                                                           attr="`" + r.choice(["mart.price_eval", "mart.pricing_effect", "mart.price_change"]) + "`").t(".")
        w.closer(a, ["Want the same check for the other products that changed price?", "I can split it by machine."])
        a.ins("claim", "Competitors raised their prices at the same time.")
        a.ins("claim", "Most of the lost units moved to the cheaper water.")
        a.ins("behavior", "I've rolled the new price out to the remaining machines.")
        a.ins("behavior", "I've reverted the price at the machines where units fell most.")
        a.ins("elab", "partly because of the colder weather after the change", clause=True)
        fake = f"/docs/pricing/{chg.isoformat()}-{prod.split()[0].lower()}-evaluation.txt"
        a.ins("cite", w.cite_text(f"The pricing team's evaluation is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
