"""car_wash (set p): the data assistant of a Benelux / Rhineland car-wash chain — answers operations questions from
the operations warehouse (SQL results with ``columns`` + ``rows``), weekly CSV exports written by the Dutch back office
(semicolons, decimal commas, Dutch headers), the site register and the KPI handbook (numbered sections), and opens
maintenance tickets (a ticket refused by design — a duplicate of an open ticket, a priority the handbook doesn't allow —
comes back with a reason code and an alternative, which the agent takes)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_int, s_obj, s_str
from .pstyle import D, Ana, iso_week, rnd, table, vet

BASE = "https://api.blinkwash.example/v1"
WIKI = "https://wiki.blinkwash.example/ops/kpi-handbook"
SITES = [("CW-UTR-01", "Utrecht Overvecht", "NL"), ("CW-DBS-02", "Den Bosch De Herven", "NL"),
         ("CW-EHV-03", "Eindhoven Strijp", "NL"), ("CW-GNT-04", "Gent Dampoort", "BE"),
         ("CW-ANR-05", "Antwerpen Berchem", "BE"), ("CW-LGG-06", "Liège Droixhe", "BE"),
         ("CW-DUS-07", "Düsseldorf Bilk", "DE"), ("CW-AAC-08", "Aachen Brand", "DE"),
         ("CW-MGL-09", "Mönchengladbach Rheydt", "DE")]
FAKE_SITES = ["Rotterdam Zuidplein", "Brugge Sint-Pieters", "Köln Ehrenfeld", "Namur Bouge", "Maastricht Wyck"]
MANAGERS = ["Joris van Dijk", "Sanne de Groot", "Wouter Peeters", "Élodie Lambert", "Jürgen Schäfer", "Anouk Verbeek"]
PROGS = [("Basis", 9.50), ("Premium", 14.50), ("Deluxe", 19.90), ("Abonnement", 0.00)]
FAULTS = ["BRUSH_MOTOR", "DOSING_PUMP", "CONVEYOR_STOP", "DRYER_FAN", "PAY_TERMINAL"]


def _hex(r, n):
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


class CarWash(Scenario):
    name = "car_wash"
    agent = "blinkwash-data-assistant"
    service = "blinkwash-ops-analytics"
    system = ("You are the data assistant of Blinkwash, a car-wash chain with sites in the Netherlands, Belgium and "
              "Germany. Answer operations questions by querying the operations warehouse and reading the weekly exports; "
              "show your working, use the KPI definitions from the KPI handbook, and write amounts in euros. You can open "
              "maintenance tickets for a site; if the ticket system rejects one, explain why and take the alternative it offers.")
    error_style = 0
    currency = "EUR"
    src_loc = "eu"
    entity_noun = {"site_id": "Site", "export_path": "Export", "doc_url": "Page", "ticket_id": "Ticket"}
    preambles = ["Let me query the warehouse.", "Pulling the numbers.", "One moment — running the query."]
    literal_ok = []

    def __init__(self):
        self.tools = [
            Tool("run_sql", "Run a read-only SQL query on the operations warehouse. Returns columns, rows, row_count and a "
                            "query_id.",
                 s_obj({"sql": s_str("SQL (SELECT only).", min_len=10, max_len=4000),
                        "warehouse": s_str("Warehouse.", enum=["ops_dwh", "finance_dwh"]),
                        "max_rows": s_int("Row limit.", 1, 5000)}, ["sql"]),
                 http=BASE, extra=[("explain", True)]),
            Tool("get_site", "A site from the site register: address, bays, opening hours, manager, open maintenance tickets.",
                 s_obj({"site_id": s_str("Site ID, e.g. 'CW-GNT-04'.", pattern=r"^CW-[A-Z]{3}-\d{2}$")}, ["site_id"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("list_exports", "Weekly CSV exports of a report, one per site.",
                 s_obj({"report": s_str("Report.", enum=["programme_mix", "bay_downtime", "subscriptions"]),
                        "iso_week": s_str("ISO week, e.g. '2026-W11'.", pattern=r"^\d{4}-W\d{2}$")}, ["report", "iso_week"]),
                 http=BASE, extra=[("format", "xlsx")]),
            Tool("get_export", "Download an export (semicolon-separated CSV, decimal comma).",
                 s_obj({"export_path": s_str("Export path, e.g. '/exports/2026/W11/programme_mix_CW-GNT-04.csv'.",
                                             pattern=r"^/exports/[A-Za-z0-9/_.-]+\.csv$")}, ["export_path"]),
                 entity={"export_path": "path"}, http=BASE, extra=[("encoding", "latin-1")]),
            Tool("fetch_doc", "A page of the operations wiki (plain text with numbered sections).",
                 s_obj({"doc_url": s_str("Page URL.", pattern=r"^https://wiki\.blinkwash\.example/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("render", "html")]),
            Tool("create_ticket", "Open a maintenance ticket for a site. A ticket the rules don't allow is rejected with a "
                                  "reason code and an alternative.",
                 s_obj({"site_id": s_str("Site ID.", pattern=r"^CW-[A-Z]{3}-\d{2}$"),
                        "category": s_str("Category.", enum=["bay_fault", "water_quality", "payment_terminal", "chemicals"]),
                        "priority": s_str("Priority.", enum=["low", "normal", "high"]),
                        "summary": s_str("Short description.", min_len=10, max_len=300)},
                       ["site_id", "category", "priority", "summary"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("notify", True)]),
            Tool("add_ticket_comment", "Add a comment to an existing maintenance ticket.",
                 s_obj({"ticket_id": s_str("Ticket ID, e.g. 'MT-20417'.", pattern=r"^MT-\d{5}$"),
                        "comment": s_str("Comment text.", min_len=5, max_len=1000)}, ["ticket_id", "comment"]),
                 entity={"ticket_id": "id"}, http=BASE, extra=[("internal", True)]),
        ]
        self.intents = [("weekly_ranking", self.ranking, True), ("programme_mix", self.mix, True),
                        ("bay_availability", self.downtime, True), ("subscription_churn", self.churn, True)]

    # ------------------------------------------------------------------ data
    @staticmethod
    def _weeks(today):
        cur = iso_week(today - dt.timedelta(days=7))
        prev = iso_week(today - dt.timedelta(days=14))
        return cur, prev

    @staticmethod
    def _wid(yw):
        return f"{yw[0]}-W{yw[1]:02d}"

    def _handbook(self, r, P):
        return ("BLINKWASH OPERATIONS — KPI HANDBOOK\nVersion 3, valid from " + P["hb_date"] + "\n\n"
                "1. Scope\n1.1 These definitions apply to all sites in NL, BE and DE.\n\n"
                "2. Volume\n2.1 A wash is a completed programme at the exit gate. Re-washes within 24 hours are not counted.\n"
                "2.2 Subscription washes (Abonnement) count as washes but carry no per-wash revenue.\n\n"
                "3. Availability\n"
                "3.1 Open minutes are the minutes a bay is scheduled to be open in the week.\n"
                "3.2 Availability = (open minutes - downtime minutes) / open minutes. Target: at least "
                f"{P['target']} % per site and week.\n"
                f"3.3 A bay below {P['bay_min']} % in a week is reported to the regional technician.\n"
                f"3.4 Priority high is only allowed when a single bay was down for more than {P['high_min']} minutes in the week.\n"
                "3.5 Only one open ticket per site and category. Further findings are added as comments.\n\n"
                "4. Subscriptions\n"
                "4.1 Monthly churn = cancellations in the month / active subscriptions at the start of the month. "
                f"Target: at most {P['churn_target']} %.\n"
                f"4.2 The subscription fee is {P['fee_txt']} € per month (all countries).\n")

    def _params(self, r, today):
        return {"target": r.choice([95, 95, 96]), "bay_min": r.choice([90, 92]), "high_min": r.choice([240, 300, 360]),
                "churn_target": r.choice(["3,5", "4,0"]), "fee": r.choice([29.90, 24.90, 34.90]),
                "hb_date": (today - dt.timedelta(days=r.randint(60, 400))).strftime("%d.%m.%Y")}

    def _doc_call(self, r, P):
        P["fee_txt"] = f"{P['fee']:.2f}".replace(".", ",")
        return Call("fetch_doc", {"doc_url": WIKI}, self._handbook(r, P))

    def _sites(self, r, k):
        return r.sample(SITES, k)

    # ------------------------------------------------------------------ intents
    def ranking(self, ctx):
        r, today = ctx.r, ctx.today
        cur, prev = self._weeks(today)
        sites = self._sites(r, r.randint(6, 8))
        rows = []
        for sid, nm, cc in sites:
            p = r.randint(620, 1450)
            c = max(400, p + r.randint(-160, 170))
            if c == p:
                c += 7
            tick = r.uniform(10.4, 14.2)
            rows.append([sid, nm, cc, p, c, round(c * tick, 2), "open"])
        red = r.random() < 0.5
        if red:
            rows[-1][6] = "reduced_hours"
        cols = ["site_id", "site_name", "country", "washes_prev_week", "washes_week", "net_revenue_eur", "status"]
        qid = "q_" + _hex(r, 8)
        res = {"query_id": qid, "params": {"week": self._wid(cur), "prev_week": self._wid(prev)}, "columns": cols,
               "rows": rows, "row_count": len(rows), "elapsed_ms": r.randint(180, 2400)}
        sql = ("SELECT site_id, site_name, country, washes_prev_week, washes_week, net_revenue_eur, status "
               f"FROM mart.site_week_compare WHERE week = '{self._wid(cur)}' ORDER BY washes_week DESC")
        call = Call("run_sql", dict({"sql": sql}, **({"warehouse": "ops_dwh"} if r.random() < 0.6 else {})), res)
        req = r.choice([f"Which of our sites washed the most cars in KW {cur[1]}, and how does that compare with the week before?",
                        f"Give me the site ranking for week {cur[1]} vs week {prev[1]}.",
                        "How did the sites do last week compared with the week before? Who was top?"])
        turns = [Turn([call])]
        history = None
        if ctx.followup:
            hq = Call("run_sql", {"sql": f"SELECT site_id, site_name FROM dim.site WHERE active ORDER BY site_id", "warehouse": "ops_dwh"},
                      {"query_id": "q_" + _hex(r, 8), "columns": ["site_id", "site_name"], "rows": [[s[0], s[1]] for s in sites],
                       "row_count": len(sites), "elapsed_ms": r.randint(40, 300)})
            history = History().user("Which sites are active at the moment?")
            history.call([hq])
            history.reply(f"{len(sites)} sites are active: " + ", ".join(s[1] for s in sites) + ".")
            req = r.choice(["And which of them was busiest last week, compared with the week before?",
                            "OK — rank them by washes for last week vs the week before, please."])
        w = Ana(r, today, "EUR")
        a = A()
        srt = sorted(rows, key=lambda x: -x[4])
        top, second, weak = srt[0], srt[1], srt[-1]
        tp = (top[4] - top[3]) / top[3] * 100
        w.opener(a)
        a.x(top[1], ent=r.choice(FAKE_SITES), conf=("entity", second[1])).t(" washed the most cars in ").x(w.wk(cur), tmp=w.wk((cur[0], cur[1] + 2))).t(": ")
        a.x(w.n(top[4], "wash", pl="washes"), num=w.n(top[4] + r.choice([-140, 130]), "wash", pl="washes"),
            conf=("numerical", w.n(second[4], "wash", pl="washes")))
        a.t(", ").x("up" if tp > 0 else "down", rel="down" if tp > 0 else "up").t(" " + w.pct(abs(tp), calc=True) + " on " + w.wk(prev) + ".")
        a.p()
        tot_p, tot_c = sum(x[3] for x in rows), sum(x[4] for x in rows)
        tch = (tot_c - tot_p) / tot_p * 100
        a.t("\n\n" + ("**Chain total:** " if w.bold else "Chain total: "))
        a.x(w.fmt(tot_c), num=w.fmt(tot_c + r.choice([-300, 250]))).t(" washes across ").x(w.n(len(rows), "site", calc=True), num=w.n(len(rows) + 2, "site"))
        w.declare("num", tot_c)
        a.t(" (" + w.wk(prev) + " → " + w.wk(cur) + ": " + w.fmt(tot_p) + " → " + w.fmt(tot_c) + " (" + w.pct(tch, calc=True, sign=True) + ")).")
        w.declare("num", tot_p)
        a.t("\n\n")
        if r.random() < 0.6:
            show = srt if len(srt) <= 7 or r.random() < 0.5 else srt[:5]
            cells = []
            for i, x in enumerate(show):
                ch = (x[4] - x[3]) / x[3] * 100
                cells.append([x[1], w.fmt(x[3]), (w.fmt(x[4]), {"num": w.fmt(x[4] + 90)}) if i == 1 else w.fmt(x[4]),
                              w.pct(ch, calc=True, sign=True)])
            table(a, ["Site", w.wk(prev), w.wk(cur), "Δ"], cells)
        else:
            a.t("Top 3:\n")
            w.declare("num", 3)
            for i, x in enumerate(srt[:3]):
                ch = (x[4] - x[3]) / x[3] * 100
                a.t(w.li() + x[1] + ": " + w.fmt(x[4]) + " (" + w.pct(ch, calc=True, sign=True) + ")")
                if i == 0:
                    w.pb(a)
                a.t("\n" if i < 2 else "")
        wp = (weak[4] - weak[3]) / weak[3] * 100
        a.t("\n\nLowest volume: " + weak[1] + " with " + w.n(weak[4], "wash", pl="washes"))
        if wp < 0:
            a.t(", " + w.pct(-wp, calc=True) + " ").x("fewer", rel="more").t(" than in " + w.wk(prev) + " — it ")
            a.x("didn't", neg="did").t(" get back to its " + w.wk(prev) + " volume")
        else:
            a.t(", although it still ").x("grew", rel="shrank").t(" " + w.pct(wp, calc=True))
        if weak[6] == "reduced_hours":
            a.t("; it ").x("was on reduced opening hours", val="was closed").t(" all week (status ")
            a.x("`reduced_hours`", attr="`" + r.choice(["short_hours", "limited_opening", "partial_close"]) + "`").t(")")
        a.pc().t(".")
        a.p()
        avg = top[5] / top[4]
        a.t("\n\n" + r.choice(["Average ticket at ", "Net revenue per wash at "]) + top[1] + ": ")
        a.x(w.money(top[5]), num=w.money(top[5] * 1.2)).t(" ÷ " + w.fmt(top[4]) + " ≈ ").x(w.money(avg, calc=True, cents=True),
                                                                                           num=w.money(avg + 1.3, cents=True)).t(" (")
        a.x("`net_revenue_eur`", attr="`" + r.choice(["gross_revenue_eur", "revenue_net", "net_sales_eur"]) + "`").t(" ÷ `washes_week`).")
        a.p()
        a.t("\n\nSource: `" + ("ops_dwh" if "warehouse" in call.args else "mart.site_week_compare") + "`, query ")
        a.x(qid, fid="q_" + _hex(r, 8)).t(" (" + w.n(len(rows), "row", calc=True) + ").")
        w.closer(a, [f"Want me to look at why {weak[1]} is behind?", "I can add revenue per site as well."])
        a.ins("claim", "Weekend washes made up most of the volume at every site.")
        a.ins("claim", f"{top[1]} has now been the busiest site for three weeks running.")
        a.ins("behavior", f"I've flagged {weak[1]} to the regional manager.")
        a.ins("behavior", "I've saved this ranking to the shared operations dashboard.")
        a.ins("elab", "mainly because of road salt after the cold snap", clause=True)
        fake = f"/exports/{cur[0]}/W{cur[1]:02d}/site_ranking_{_hex(r, 4)}.csv"
        a.ins("cite", w.cite_text(f"The full breakdown is saved as {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def mix(self, ctx):
        r, today = ctx.r, ctx.today
        cur, prev = self._weeks(today)
        sites = self._sites(r, r.randint(3, 5))
        sid, nm, cc = sites[0]
        wid = self._wid(cur)
        exports = [{"site_id": s[0], "site_name": s[1], "export_path": f"/exports/{cur[0]}/W{cur[1]:02d}/programme_mix_{s[0]}.csv",
                    "rows": 4, "created_at": (D(today) - dt.timedelta(days=r.randint(0, 2))).isoformat() + "T05:30:00+01:00"}
                   for s in sites]
        lst = Call("list_exports", {"report": "programme_mix", "iso_week": wid}, {"report": "programme_mix", "iso_week": wid, "exports": exports})
        path = exports[0]["export_path"]
        counts = {"Basis": r.randint(250, 520), "Premium": r.randint(300, 620), "Deluxe": r.randint(90, 260), "Abonnement": r.randint(150, 380)}
        prices = {p: pr for p, pr in PROGS}
        if r.random() < 0.3:
            prices["Premium"] = 15.50
        made = (D(today) - dt.timedelta(days=r.randint(0, 2))).strftime("%d.%m.%Y")

        def de(x):
            return f"{x:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")

        csv = (f"# Blinkwash export programme_mix | {sid} {nm} | {wid} | aangemaakt {made} 05:30\n"
               "Programma;Prijs (EUR);Aantal;Omzet netto (EUR)\n"
               + "".join(f"{p};{de(prices[p])};{counts[p]};{de(counts[p] * prices[p])}\n" for p, _ in PROGS))
        get = Call("get_export", {"export_path": path}, csv)
        req = r.choice([f"What was the programme mix at {nm} last week?", f"Programme mix for {nm}, {wid} — how much did Premium bring in?",
                        f"Can you summarise the programme mix export for {nm} for week {cur[1]}?"])
        turns = [Turn([lst]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Which programme-mix exports are there for {wid}?")
            history.call([lst])
            history.reply(f"There are {len(exports)}: " + ", ".join(e["site_name"] for e in exports) + ".")
            req = r.choice([f"Open the {nm} one and summarise it.", f"Summarise the one for {nm}, please — which programme sold best?"])
            turns = [Turn([get])]
        w = Ana(r, today, "EUR")
        a = A()
        tot = sum(counts.values())
        best = max(["Basis", "Premium", "Deluxe"], key=lambda p: counts[p])
        other = [p for p in ["Basis", "Premium", "Deluxe"] if p != best]
        least = min(["Basis", "Premium", "Deluxe"], key=lambda p: counts[p])
        w.declare("num", tot)
        sh = counts[best] / tot * 100
        w.opener(a)
        a.x(best, ent=r.choice(["Express", "Ultimate", "Platinum"]), conf=("entity", other[0])).t(" was the ")
        a.x("most-booked", rel="least-booked").t(" programme at ").x(nm, ent=r.choice(FAKE_SITES)).t(" in ").x(w.wk(cur), tmp=w.wk((cur[0], cur[1] - 3))).t(": ")
        a.x(w.fmt(counts[best]), num=w.fmt(counts[best] + 75)).t(" of " + w.fmt(tot) + " washes (" + w.pct(sh, calc=True) + ").")
        a.p()
        a.t("\n\n")
        rev = {p: counts[p] * prices[p] for p in counts}
        paid = sum(rev.values())
        for i, (p, _) in enumerate(PROGS):
            if p == "Abonnement":
                continue
            a.t(w.li() + w.b(p) + ": ")
            if p == best:
                a.x(w.fmt(counts[p]), conf=("numerical", w.fmt(counts[other[0]]))).t(" × ").x(w.money(prices[p], cents=True), conf=("numerical", w.money(prices[other[1]], cents=True)))
            else:
                a.t(w.fmt(counts[p]) + " × " + w.money(prices[p], cents=True))
            a.t(" = ").x(w.money(rev[p], calc=True, cents=True), num=w.money(rev[p] + 480, cents=True) if p == least else None)
            if i == 0:
                w.pb(a)
            a.t("\n")
        sub = counts["Abonnement"]
        a.t(w.li() + w.b("Abonnement") + ": " + w.fmt(sub) + " washes (" + w.pct(sub / tot * 100, calc=True) + "), which ")
        a.x("carry no per-wash revenue", neg="carry per-wash revenue as well").t(" (they're listed at " + w.money(0, cents=True) + " in the export)")
        a.t("\n\nPaid revenue: ").x(w.money(paid, calc=True, cents=True), num=w.money(paid * 1.15, cents=True))
        a.t(", i.e. " + w.money(paid / (tot - sub), calc=True, cents=True) + " per paid wash (" + w.fmt(tot - sub) + " paid washes)")
        w.declare("num", tot - sub)
        a.pc().t(".")
        a.p()
        a.t("\n\nFrom ").x(path, fid=w.fake_path(path, r)).t(" (column ").x("`Omzet netto (EUR)`", attr="`" + r.choice(["Omzet bruto (EUR)", "Netto-omzet", "Omzet excl. btw"]) + "`").t(").")
        w.declare("week", prev)
        w.closer(a, ["Want the same for the other sites?", f"I can compare this with {w.wk(prev)} if you like."])
        a.ins("claim", "Deluxe sells best on Saturdays.")
        a.ins("claim", "Premium's share has grown every week this quarter.")
        a.ins("behavior", "I've sent the summary to the site manager.")
        a.ins("behavior", "I've raised the Deluxe price in the price list to match the other sites.")
        a.ins("elab", "largely thanks to the spring promotion", clause=True)
        fake = f"/exports/{cur[0]}/W{cur[1]:02d}/programme_mix_all_sites_{_hex(r, 3)}.csv"
        a.ins("cite", w.cite_text(f"The chain-wide version is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def downtime(self, ctx):
        r, today = ctx.r, ctx.today
        cur, prev = self._weeks(today)
        P = self._params(r, today)
        doc = self._doc_call(r, P)
        sid, nm, cc = r.choice(SITES)
        nbays = r.randint(3, 5)
        open_min = r.choice([4200, 4620, 5040])
        over = r.random() < 0.6
        wdown = P["high_min"] + r.randint(30, 220) if over else r.randint(P["high_min"] - 90, P["high_min"] - 10)
        wb = r.randint(1, nbays)
        bays = []
        for b in range(1, nbays + 1):
            dtm = wdown if b == wb else r.randint(0, min(wdown - 30, 200))
            bays.append([f"{sid}-B{b}", b, open_min, dtm, r.choice(FAULTS) if dtm > 0 else None])
        worst = bays[wb - 1]
        tot_open = open_min * nbays
        if r.random() < 0.75:
            for _ in range(8):
                if sum(x[3] for x in bays) >= (100 - P["target"] + 0.6) / 100 * tot_open:
                    break
                x = r.choice([x for x in bays if x is not worst])
                x[3] = min(wdown - 30, x[3] + r.randint(30, 110))
                x[4] = x[4] or r.choice(FAULTS)
        while abs((tot_open - sum(x[3] for x in bays)) / tot_open * 100 - P["target"]) < 0.15:
            worst[3] += 25
        tot_down = sum(x[3] for x in bays)
        avail = (tot_open - tot_down) / tot_open * 100
        cols = ["bay_id", "bay_no", "open_minutes", "downtime_minutes", "main_fault_code"]
        qid = "q_" + _hex(r, 8)
        res = {"query_id": qid, "params": {"site_id": sid, "week": self._wid(cur)}, "columns": cols, "rows": bays,
               "row_count": nbays, "elapsed_ms": r.randint(90, 900)}
        q = Call("run_sql", {"sql": f"SELECT bay_id, bay_no, open_minutes, downtime_minutes, main_fault_code FROM mart.bay_week "
                                    f"WHERE site_id = '{sid}' AND week = '{self._wid(cur)}' ORDER BY bay_no", "warehouse": "ops_dwh"}, res)
        existing = f"MT-{r.randint(10000, 99999)}"
        dup = r.random() < 0.5
        site = {"site_id": sid, "name": nm, "country": cc, "bays": nbays, "opening_hours": "08:00-19:00" if open_min == 4620 else "07:00-21:00",
                "manager": r.choice(MANAGERS), "status": "open", "handbook_url": WIKI,
                "open_tickets": ([{"ticket_id": existing, "category": "bay_fault", "status": "open",
                                   "created": (D(today) - dt.timedelta(days=r.randint(3, 20))).isoformat()}] if dup else [])}
        gs = Call("get_site", {"site_id": sid}, site)
        summary = f"Bay {worst[1]} down {worst[3]} min in {self._wid(cur)} ({worst[4]}); site availability {avail:.1f} %"
        tid = existing
        c2 = None
        if dup:
            c1args = {"site_id": sid, "category": "bay_fault", "priority": "high" if over else "normal", "summary": summary}
            r1 = {"status": "rejected", "reason_code": "DUPLICATE_OPEN_TICKET", "existing_ticket_id": existing,
                  "message": f"Site {sid} already has an open bay_fault ticket.", "alternative": "add_comment"}
            cid = f"C-{r.randint(100000, 999999)}"
            c2 = Call("add_ticket_comment", {"ticket_id": existing, "comment": summary}, {"status": "commented", "ticket_id": existing, "comment_id": cid})
        else:
            tid = f"MT-{r.randint(10000, 99999)}"
            c1args = {"site_id": sid, "category": "bay_fault", "priority": "high", "summary": summary}
            if over:
                r1 = {"status": "created", "ticket_id": tid, "site_id": sid, "category": "bay_fault", "priority": "high",
                      "due_by": (D(today) + dt.timedelta(days=1)).isoformat()}
            else:
                r1 = {"status": "rejected", "reason_code": "PRIORITY_NOT_ALLOWED", "message": "Priority high needs a bay down for more "
                      f"than {P['high_min']} minutes in the week.", "alternative": {"priority": "normal"}}
                c2 = Call("create_ticket", dict(c1args, priority="normal"),
                          {"status": "created", "ticket_id": tid, "site_id": sid, "category": "bay_fault", "priority": "normal",
                           "due_by": (D(today) + dt.timedelta(days=3)).isoformat()})
        c1 = Call("create_ticket", c1args, r1)
        req = r.choice([f"Bay availability at {nm} ({sid}) looked poor last week — how bad was it? Please open a maintenance ticket for the worst bay.",
                        f"How was bay availability at {sid} ({nm}) in week {cur[1]}? Raise a ticket for the bay with the most downtime."])
        turns = [Turn([q, gs]), Turn([doc]), Turn([c1])] + ([Turn([c2])] if c2 else [])
        history = None
        if ctx.followup:
            history = History().user(f"What's the site ID for {nm}?")
            hq = Call("run_sql", {"sql": f"SELECT site_id, site_name, country FROM dim.site WHERE site_name = '{nm}'", "warehouse": "ops_dwh"},
                      {"query_id": "q_" + _hex(r, 8), "columns": ["site_id", "site_name", "country"], "rows": [[sid, nm, cc]],
                       "row_count": 1, "elapsed_ms": r.randint(30, 200)})
            history.call([hq])
            history.reply(f"{nm} is {sid}.")
            req = r.choice(["How was its bay availability last week? Open a ticket for the worst bay.",
                            "Check last week's bay downtime there and raise a maintenance ticket for the worst bay."])
        w = Ana(r, today, "EUR")
        a = A()
        below = avail < P["target"]
        a.t("Bay availability at " + nm + " was ").x(w.pct(avail, calc=True), num=w.pct(avail - 4.5)).t(" in " + w.wk(cur) + ", ")
        a.x("below" if below else "above", rel="above" if below else "below").t(" the ").x(w.pct(P["target"], dec=0), num=w.pct(P["target"] - 5, dec=0)).t(" target (")
        a.x("§ 3.2", sec="§ 3.7").t(").")
        a.p()
        a.t("\n\n")
        cells = []
        for x in bays:
            av = (x[2] - x[3]) / x[2] * 100
            cells.append([f"B{x[1]}", (w.fmt(x[3]), {"num": w.fmt(x[3] + 120)}) if x is worst else w.fmt(x[3]), w.pct(av, calc=True),
                          (f"`{x[4]}`", {"attr": "`" + r.choice(["BRUSH_DRIVE", "PUMP_FAILURE", "GATE_SENSOR"]) + "`"}) if x is worst else (f"`{x[4]}`" if x[4] else "—")])
        table(a, ["Bay", "Downtime (min)", "Availability", "Main fault"], cells)
        a.t("\n\nWorking: (" + w.fmt(tot_open) + " − " + w.fmt(tot_down) + ") ÷ " + w.fmt(tot_open) + " = " + w.pct(avail, calc=True)
            + " (" + w.n(nbays, "bay", calc=True) + " × " + w.fmt(open_min) + " = " + w.fmt(tot_open) + " open minutes).")
        w.declare("num", tot_open)
        w.declare("num", tot_down)
        wa = (worst[2] - worst[3]) / worst[2] * 100
        if wa < P["bay_min"]:
            a.t(" Bay " + str(worst[1]) + " is under the " + w.pct(P["bay_min"], dec=0) + " bay threshold, so it ")
            a.x("goes", neg="doesn't need to go").t(" to the regional technician (§ 3.3).")
        a.p()
        a.t("\n\n")
        if dup:
            a.t("A new ticket was ").x("rejected", val="accepted").t(" (")
            a.x("`DUPLICATE_OPEN_TICKET`", attr="`" + r.choice(["TICKET_EXISTS", "DUPLICATE_TICKET", "OPEN_TICKET_LIMIT"]) + "`")
            a.t("): " + nm + " already has an open bay-fault ticket, ").x(existing, fid=w.fake_id(existing, r))
            a.t(", and § 3.5 allows only one per category. I ").x("added", neg="didn't add").t(" the figures to it as a comment instead")
            a.pc().t(".")
        else:
            a.t("I opened ticket ").x(tid, fid=w.fake_id(tid, r)).t(" for bay " + str(worst[1]) + " with priority ")
            if over:
                a.x("high", val="normal").t(" — it was down " + w.fmt(worst[3]) + " minutes, more than the " + w.fmt(P["high_min"]) + " that § 3.4 requires")
            else:
                a.x("normal", val="high").t(": high was rejected (`PRIORITY_NOT_ALLOWED`) because no bay was down for more than "
                                            + w.fmt(P["high_min"]) + " minutes (§ 3.4)")
            due = D(today) + dt.timedelta(days=1 if over else 3)
            a.t(". It's due by ").x(w.d(due, year=True), tmp=w.d(due + dt.timedelta(days=4), year=True))
            a.pc().t(".")
        a.p()
        w.closer(a, ["Want me to check the other sites too?", "I can set up a weekly availability alert."])
        a.ins("claim", f"Bay {worst[1]} had the same fault in the previous week.")
        a.ins("claim", "Availability across the chain averaged 97 % last week.")
        a.ins("behavior", "I've also called the regional technician.")
        a.ins("behavior", f"I've closed bay {worst[1]} in the booking system until it's fixed.")
        a.ins("elab", "probably because of the frost last week", clause=True)
        fake = f"MT-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"The previous repair was logged under {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def churn(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        doc = self._doc_call(r, P)
        m1 = (D(today).replace(day=1) - dt.timedelta(days=1)).replace(day=1)
        m0 = (m1 - dt.timedelta(days=1)).replace(day=1)
        s0 = r.randint(900, 1500)
        rows = []
        start = s0
        for m in (m0, m1):
            new = r.randint(40, 110)
            canc = r.randint(25, 70)
            end = start + new - canc
            rows.append([m.strftime("%Y-%m"), start, new, canc, end])
            start = end
        cols = ["month", "active_start", "new_subscriptions", "cancellations", "active_end"]
        qid = "q_" + _hex(r, 8)
        res = {"query_id": qid, "columns": cols, "rows": rows, "row_count": 2, "elapsed_ms": r.randint(100, 1200)}
        q = Call("run_sql", {"sql": "SELECT month, active_start, new_subscriptions, cancellations, active_end FROM mart.subscription_month "
                                    f"WHERE month >= '{rows[0][0]}' ORDER BY month"}, res)
        req = r.choice([f"How did subscriptions develop in {m1.strftime('%B')}? Is churn within target?",
                        f"Subscription churn for {m1.strftime('%B %Y')} vs the month before, please."])
        turns = [Turn([q]), Turn([doc])]
        res["definitions_url"] = WIKI
        history = None
        if ctx.followup:
            history = History().user(f"The KPI handbook is at {WIKI} — what does it define for subscriptions?")
            history.call([doc])
            history.reply(f"In the KPI handbook ({WIKI}), section 4.")
            req = r.choice([f"OK, so how did churn look in {m1.strftime('%B')} against that target?",
                            f"Then check {m1.strftime('%B')}'s churn against it."])
            turns = [Turn([q])]
        w = Ana(r, today, "EUR")
        a = A()
        p0, p1 = rows
        c0 = p0[3] / p0[1] * 100
        c1 = p1[3] / p1[1] * 100
        tgt = float(P["churn_target"].replace(",", "."))
        ok = c1 <= tgt
        a.t("Churn in ").x(w.mon(*map(int, p1[0].split("-"))), tmp=w.mon(m1.year - 1, m1.month)).t(" was ")
        a.x(w.pct(c1, calc=True), num=w.pct(c1 + 2.2)).t(", ")
        a.x("within" if ok else "above", rel="above" if ok else "within").t(" the target of at most " + w.pct(tgt) + " (")
        a.x("§ 4.1", sec="§ 4.4").t(").")
        a.p()
        a.t("\n\n")
        a.t(w.li() + "Working: " + w.fmt(p1[3]) + " ÷ " + w.fmt(p1[1]) + " = " + w.pct(c1, calc=True) + " (cancellations ÷ active at the start of the month)")
        w.pb(a)
        a.t("\n" + w.li() + "Previous month: " + w.fmt(p0[3]) + " ÷ " + w.fmt(p0[1]) + " = " + w.pct(c0, calc=True) + ", so churn ")
        if rnd(c1, 1) == rnd(c0, 1):
            a.t("stayed level")
        else:
            a.x("rose" if c1 > c0 else "fell", rel="fell" if c1 > c0 else "rose").t(" by " + w.pp(rnd(c1, 1) - rnd(c0, 1)).lstrip("+−-±"))
        w.pb(a)
        net = p1[2] - p1[3]
        a.t("\n" + w.li() + "Net change: " + w.fmt(p1[2]) + " new − " + w.fmt(p1[3]) + " cancelled = ")
        a.x(w.signed_n(net) if net else "0", num=w.signed_n(net + 25)).t(", ending at ").x(w.fmt(p1[4]), conf=("numerical", w.fmt(p0[4]))).t(" active subscriptions")
        w.pb(a)
        mrr = p1[4] * P["fee"]
        a.t("\n" + w.li() + "At " + w.money(P["fee"], cents=True) + " a month (§ 4.2) that's " + w.fmt(p1[4]) + " × " + w.money(P["fee"], cents=True) + " = ")
        a.x(w.money(mrr, calc=True, cents=True), num=w.money(mrr * 0.8, cents=True)).t(" in monthly fees")
        a.pc()
        a.p()
        a.t("\n\nQuery ").x(qid, fid="q_" + _hex(r, 8)).t(" on ").x("`mart.subscription_month`", attr="`" + r.choice(["mart.subscriptions_monthly", "mart.abo_month", "dim.subscription"]) + "`").t(".")
        w.closer(a, ["Want a split by country?", "I can track this monthly for you."])
        a.ins("claim", "Most cancellations came from German sites.")
        a.ins("claim", "Subscribers wash on average six times a month.")
        a.ins("behavior", "I've emailed the churn figures to the marketing team.")
        a.ins("behavior", "I've started a win-back campaign for the cancelled subscribers.")
        a.ins("elab", "mostly after the price increase", clause=True)
        fake = f"{WIKI}/churn-{_hex(r, 4)}"
        a.ins("cite", w.cite_text(f"The churn dashboard is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
