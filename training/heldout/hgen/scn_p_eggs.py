"""egg_farm (set p): the data assistant of a Greater Poland laying-hen cooperative — answers from the production
database (flock-level SQL-style results by day and by ISO week), flock records, the grading-machine CSV exports
(Polish headers, decimal commas) and a retail customer's egg specification (numbered sections), and books packing
orders (an order refused by design — after the 14:00 cut-off for next-day delivery, more trays than graded stock —
comes back with a reason code and an alternative, which the agent books instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_arr, s_date, s_int, s_obj, s_str
from .pstyle import D, Ana, iso_week, rnd, table, vet

BASE = "https://api.zlotokur.example/v2"
SPEC = "https://partners.zlotokur.example/specs/"
FARMS = {"srem": ("Śrem", ["Śrem A", "Śrem B"]), "kornik": ("Kórnik", ["Kórnik Północ", "Kórnik Południe"]),
         "wrzesnia": ("Września", ["Września Stara", "Września Nowa"])}
BREEDS = [("Lohmann Brown Classic", 1), ("Hy-Line Brown", 2), ("Dekalb White", 3)]
CUSTOMERS = [("C-2041", "Delikatesy Łużyce"), ("C-2077", "Hurtownia Świeżak"), ("C-2103", "Społem Gniezno"),
             ("C-2150", "Frischmarkt Polska")]
FAKE_BARNS = ["Kościan Górna", "Leszno Zachód", "Gostyń Mała"]
FAKE_CUST = ["Sklepy Żurawiej", "Hurtownia Mazurek", "Delikatesy Ślężan"]


def pl(x, dec=1):
    return f"{x:.{dec}f}".replace(".", ",")


class EggFarm(Scenario):
    name = "egg_farm"
    agent = "zlotokur-data-assistant"
    service = "zlotokur-production-analytics"
    system = ("You are the data assistant of the Złotokur laying-hen cooperative (farms in Śrem, Kórnik and Września). "
              "Answer production questions from the production database, the flock records, the grading exports and the "
              "customers' specifications. Show how each figure is worked out. Amounts are in złoty. You can book packing "
              "orders; if one is refused, explain why and book the alternative the system offers.")
    error_style = 2
    currency = "PLN"
    src_loc = "eu"
    entity_noun = {"flock_id": "Flock", "export_path": "Export", "spec_url": "Specification", "customer_id": "Customer"}
    preambles = ["Checking the production data.", "Let me look that up.", "Querying the flock data."]
    literal_ok = ["Hy-Line"]

    def __init__(self):
        self.tools = [
            Tool("query_production", "Production figures per flock and day or ISO week: hens, eggs, deaths, feed.",
                 s_obj({"flock_ids": s_arr("Flock IDs.", s_str("Flock ID.", pattern=r"^FL-\d{5}$"), 1, 6),
                        "date_from": s_date("First day, YYYY-MM-DD."), "date_to": s_date("Last day, YYYY-MM-DD."),
                        "granularity": s_str("Rows per day or per ISO week.", enum=["day", "week"])},
                       ["flock_ids", "date_from", "date_to"]),
                 entity={"flock_ids": "id"}, http=BASE, extra=[("include_estimates", True)]),
            Tool("get_flock", "A flock record: barn, breed, placement date, age, hens housed and current, breed standard.",
                 s_obj({"flock_id": s_str("Flock ID, e.g. 'FL-40213'.", pattern=r"^FL-\d{5}$")}, ["flock_id"]),
                 entity={"flock_id": "id"}, http=BASE, extra=[("with_vaccinations", True)]),
            Tool("list_flocks", "Flocks on a farm.",
                 s_obj({"farm": s_str("Farm.", enum=list(FARMS)), "status": s_str("Status.", enum=["in_lay", "rearing", "depleted"])}, ["farm"]),
                 http=BASE, extra=[("limit", 50)]),
            Tool("get_grading_export", "A grading-machine export (CSV, semicolons, decimal comma).",
                 s_obj({"export_path": s_str("Path, e.g. '/exports/grading/srem/2026-w11.csv'.",
                                             pattern=r"^/exports/grading/[a-z0-9_/-]+\.csv$")}, ["export_path"]),
                 entity={"export_path": "path"}, http=BASE, extra=[("delimiter", ",")]),
            Tool("fetch_spec", "A customer's product specification (plain text, numbered sections).",
                 s_obj({"spec_url": s_str("Specification URL.", pattern=r"^https://partners\.zlotokur\.example/specs/[a-z0-9-]+$")}, ["spec_url"]),
                 entity={"spec_url": "url"}, http=BASE, extra=[("lang", "pl")]),
            Tool("create_packing_order", "Book a packing order of 30-egg trays for a customer. An order the rules don't "
                                         "allow is refused with a reason code and an alternative.",
                 s_obj({"customer_id": s_str("Customer ID, e.g. 'C-2041'.", pattern=r"^C-\d{4}$"),
                        "size": s_str("Size class.", enum=["M", "L", "XL"]),
                        "trays": s_int("Number of 30-egg trays.", 1, 5000),
                        "delivery_date": s_date("Delivery date, YYYY-MM-DD.")},
                       ["customer_id", "size", "trays", "delivery_date"]),
                 entity={"customer_id": "id"}, http=BASE, extra=[("express", True)]),
        ]
        self.intents = [("laying_rate", self.laying, True), ("grading_quality", self.grading, True),
                        ("mortality_feed", self.mortality, True), ("packing_order", self.order, True)]

    # ------------------------------------------------------------------ data
    def _flock(self, r, today, farm=None):
        farm = farm or r.choice(list(FARMS))
        town, barns = FARMS[farm]
        breed, _ = r.choice(BREEDS)
        age = r.randint(24, 70)
        placed = D(today) - dt.timedelta(days=7 * (age - 17) + r.randint(0, 6))
        housed = r.choice([18000, 24000, 32000, 36000])
        mort = r.uniform(1.2, 6.5)
        cur = int(housed * (1 - mort / 100))
        std = round(max(78.0, min(95.0, 96.5 - 0.28 * max(0, age - 30))), 1)
        rec = {"flock_id": f"FL-{r.randint(10000, 99999)}", "farm": farm, "barn": r.choice(barns), "breed": breed,
               "placed_on": placed.isoformat(), "age_weeks": age, "hens_housed": housed, "hens_current": cur,
               "breed_standard_lay_pct": std, "status": "in_lay",
               "grading_export": f"/exports/grading/{farm}/{iso_week(today - dt.timedelta(days=7))[0]}-w{iso_week(today - dt.timedelta(days=7))[1]:02d}.csv"}
        return rec

    def _spec(self, P, cust):
        return (f"SPECYFIKACJA / PRODUCT SPECIFICATION — FRESH EGGS, CLASS A\nCustomer: {cust[1]} ({cust[0]})\nValid from: {P['valid']}\n\n"
                "1. Scope\n1.1 Class A eggs from barn-housed hens, packed in 30-egg trays.\n\n"
                "3. Size classes\n3.1 M: 53 g to under 63 g. L: 63 g to under 73 g. XL: 73 g and above.\n"
                f"3.2 At least {P['lxl']} % of each delivery must be size L or XL.\n\n"
                "5. Quality limits (per week of production)\n"
                f"5.1 Cracked eggs: at most {pl(P['crack'])} % of graded eggs.\n"
                f"5.2 Dirty eggs: at most {pl(P['dirty'])} % of graded eggs.\n"
                "5.3 A week over either limit must be reported to the customer's quality team within 48 hours.\n\n"
                "6. Prices\n"
                f"6.1 Price per 30-egg tray: M {pl(P['pm'], 2)} zł, L {pl(P['pl'], 2)} zł, XL {pl(P['px'], 2)} zł (net).\n"
                f"6.2 Orders for next-day delivery must be placed by {P['cutoff']}:00.\n")

    def _sparams(self, r, today):
        return {"valid": (D(today) - dt.timedelta(days=r.randint(30, 300))).strftime("%d.%m.%Y"), "lxl": r.choice([40, 45, 50]),
                "crack": r.choice([1.5, 2.0]), "dirty": r.choice([2.0, 2.5]), "pm": r.choice([19.80, 20.40, 21.00]),
                "pl": r.choice([22.50, 23.10, 23.70]), "px": r.choice([25.20, 26.40]), "cutoff": 14}

    # ------------------------------------------------------------------ intents
    def laying(self, ctx):
        r, today = ctx.r, ctx.today
        rec = self._flock(r, today)
        days = [D(today) - dt.timedelta(days=k) for k in range(7, 0, -1)]
        std = rec["breed_standard_lay_pct"]
        hens = rec["hens_current"]
        rows = []
        for d in days:
            rate = r.uniform(std - 5.5, std + 1.5)
            eggs = int(hens * rate / 100)
            dead = r.randint(0, 9)
            rows.append([d.isoformat(), rec["flock_id"], hens, eggs, dead])
            hens -= dead
        rec["hens_current"] = hens
        q = Call("query_production", {"flock_ids": [rec["flock_id"]], "date_from": days[0].isoformat(), "date_to": days[-1].isoformat(),
                                      "granularity": "day"},
                 {"columns": ["date", "flock_id", "hens", "eggs", "deaths"], "rows": rows, "row_count": 7})
        g = Call("get_flock", {"flock_id": rec["flock_id"]}, rec)
        req = r.choice([f"What was the laying rate of flock {rec['flock_id']} over the last seven days, and how does it compare with the breed standard?",
                        f"Laying rate for {rec['flock_id']} last 7 days vs standard, please."])
        turns = [Turn([g, q])]
        history = None
        if ctx.followup:
            town, barns = FARMS[rec["farm"]]
            lf = Call("list_flocks", {"farm": rec["farm"], "status": "in_lay"},
                      {"farm": rec["farm"], "flocks": [{"flock_id": rec["flock_id"], "barn": rec["barn"], "breed": rec["breed"], "age_weeks": rec["age_weeks"]}]})
            history = History().user(f"Which flock is in lay at {town} at the moment?")
            history.call([lf])
            history.reply(f"{rec['flock_id']} ({rec['breed']}, {rec['age_weeks']} weeks) in barn {rec['barn']}.")
            req = r.choice(["How has its laying rate been over the last seven days vs the breed standard?",
                            "What was its laying rate over the past week compared with the standard?"])
        w = Ana(r, today, "PLN", locs=("sp", "sp", "eu", "en"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        rates = [x[3] / x[2] * 100 for x in rows]
        eggs = sum(x[3] for x in rows)
        hd = sum(x[2] for x in rows)
        avg = eggs / hd * 100
        below = avg < std
        w.declare("num", eggs)
        w.declare("num", hd)
        a.t("Flock " + rec["flock_id"] + " (" + rec["breed"] + ", ").x(w.n(rec["age_weeks"], "week"), num=w.n(rec["age_weeks"] + 9, "week")).t(") laid at ")
        a.x(w.pct(avg, calc=True), num=w.pct(avg - 6.2)).t(" over the last seven days — ")
        w.declare("num", 7)
        a.x(w.pp(abs(rnd(avg, 1) - std)).lstrip("+−-±"), num=w.pp(abs(rnd(avg, 1) - std) + 3.0).lstrip("+−-±")).t(" ").x("below" if below else "above", rel="above" if below else "below")
        a.t(" the breed standard of " + w.pct(std) + " for its age.")
        a.p()
        a.t("\n\n" + w.li() + "Working: " + w.fmt(eggs) + " eggs ÷ " + w.fmt(hd) + " hen-days = " + w.pct(avg, calc=True))
        w.pb(a)
        bi = max(range(7), key=lambda i: rates[i])
        wi = min(range(7), key=lambda i: rates[i])
        a.t("\n" + w.li() + "Best day: ").x(w.d(rows[bi][0], wd=True), tmp=w.d(D(rows[bi][0]) + dt.timedelta(days=8), wd=True),
                                            conf=("temporal", w.d(rows[wi][0], wd=True))).t(", " + w.fmt(rows[bi][3]) + " eggs (" + w.pct(rates[bi], calc=True) + ")")
        w.pb(a)
        a.t("\n" + w.li() + "Weakest day: " + w.d(rows[wi][0], wd=True) + ", ").x(w.fmt(rows[wi][3]), num=w.fmt(rows[wi][3] + 1500)).t(" eggs (" + w.pct(rates[wi], calc=True) + ")")
        w.pb(a)
        dead = sum(x[4] for x in rows)
        a.t("\n" + w.li() + "Deaths: ").x(w.n(dead, "hen", calc=True), num=w.n(dead + 14, "hen")).t(", leaving ").x(w.fmt(hens), conf=("numerical", w.fmt(rows[0][2]))).t(" hens")
        w.pb(a)
        a.t("\n\n")
        if below:
            a.t("The flock ").x("is", neg="isn't").t(" running under standard, ")
            if avg < std - 3:
                a.t("by more than 3 points, so it's worth a look at feed and lighting")
                w.declare("num", 3)
            else:
                a.t("though within 3 points")
                w.declare("num", 3)
        else:
            a.t("The flock ").x("is", neg="isn't").t(" ahead of standard")
        a.pc().t(".")
        a.p()
        a.t("\n\nSource: ").x("`query_production`", attr="`" + r.choice(["get_production", "query_laying", "production_daily"]) + "`").t(" (daily rows for " + rec["flock_id"] + ").")
        w.closer(a, ["Want the same for the other flocks on the farm?", "I can chart the trend over the last month."])
        a.ins("claim", "Laying rates dipped on the hottest day of the week.")
        a.ins("claim", f"{rec['breed']} flocks usually peak around week 28.")
        a.ins("behavior", "I've notified the farm vet.")
        a.ins("behavior", "I've adjusted the lighting programme for the barn.")
        a.ins("elab", "likely due to the feed change on Monday", clause=True)
        fake = f"FL-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"The sister flock {fake} shows the same pattern.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def grading(self, ctx):
        r, today = ctx.r, ctx.today
        rec = self._flock(r, today)
        P = self._sparams(r, today)
        cust = r.choice(CUSTOMERS)
        wk = iso_week(today - dt.timedelta(days=7))
        mon = dt.date.fromisocalendar(wk[0], wk[1], 1)
        lines = []
        tot = {"S": 0, "M": 0, "L": 0, "XL": 0, "P": 0, "B": 0}
        hi_crack = r.random() < 0.45
        for k in range(7):
            d = mon + dt.timedelta(days=k)
            base = r.randint(14000, 30000)
            s_, m_ = int(base * r.uniform(0.03, 0.08)), int(base * r.uniform(0.30, 0.45))
            l_ = int(base * r.uniform(0.30, 0.42))
            xl = int(base * r.uniform(0.05, 0.15))
            p = int(base * (r.uniform(P["crack"] + 0.1, P["crack"] + 0.9) if hi_crack else r.uniform(0.5, P["crack"] - 0.2)) / 100)
            b = int(base * r.uniform(0.6, P["dirty"] - 0.2) / 100)
            razem = s_ + m_ + l_ + xl + p + b
            for kk, v in zip(["S", "M", "L", "XL", "P", "B"], [s_, m_, l_, xl, p, b]):
                tot[kk] += v
            lines.append(f"{d.strftime('%d.%m.%Y')};{s_};{m_};{l_};{xl};{p};{b};{razem}")
        allg = sum(tot.values())
        csv = (f"# Sortownia {FARMS[rec['farm']][0]} — tydzień {wk[0]}-W{wk[1]:02d}\n"
               "Data;S;M;L;XL;Pęknięte;Brudne;Razem\n" + "\n".join(lines) + "\n")
        path = rec["grading_export"]
        ex = Call("get_grading_export", {"export_path": path}, csv)
        slug = cust[1].lower().replace(" ", "-").replace("ł", "l").replace("ż", "z").replace("ś", "s").replace("ę", "e").replace("ó", "o")
        sp = Call("fetch_spec", {"spec_url": SPEC + slug}, self._spec(P, cust))
        g = Call("get_flock", {"flock_id": rec["flock_id"]}, rec)
        req = r.choice([f"How did last week's grading at {FARMS[rec['farm']][0]} look against {cust[1]}'s spec ({SPEC + slug})? Flock {rec['flock_id']}.",
                        f"Check last week's grading for flock {rec['flock_id']} against the spec at {SPEC + slug}."])
        turns = [Turn([g]), Turn([ex, sp])]
        history = None
        if ctx.followup:
            history = History().user(f"Where's the latest grading export for flock {rec['flock_id']}?")
            history.call([g])
            history.reply(f"It's {path}.")
            req = r.choice([f"Check it against {cust[1]}'s specification: {SPEC + slug}", f"How does it look against the spec at {SPEC + slug}?"])
            turns = [Turn([ex, sp])]
        w = Ana(r, today, "PLN", locs=("sp", "sp", "eu", "en"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        cr = tot["P"] / allg * 100
        dr = tot["B"] / allg * 100
        lx = (tot["L"] + tot["XL"]) / allg * 100
        w.declare("num", allg)
        over_c = cr > P["crack"]
        a.t("Cracked eggs were ").x(w.pct(cr, dec=2, calc=True), num=w.pct(cr + 1.1, dec=2)).t(" of graded eggs in " + w.wk(wk) + ", ")
        a.x("over" if over_c else "within", rel="within" if over_c else "over").t(" the ").x(w.pct(P["crack"]), num=w.pct(P["crack"] + 1.0)).t(" limit in ")
        a.x("§ 5.1", sec="§ 5.4").t(" of " + poss(cust[1]) + " spec.")
        a.p()
        a.t("\n\n")
        rows = [["Cracked (Pęknięte)", w.fmt(tot["P"]), (w.pct(cr, dec=2, calc=True), {"num": w.pct(cr * 0.5, dec=2)}), "≤ " + w.pct(P["crack"])],
                ["Dirty (Brudne)", w.fmt(tot["B"]), w.pct(dr, dec=2, calc=True), "≤ " + w.pct(P["dirty"])],
                ["L + XL", w.fmt(tot["L"] + tot["XL"]), (w.pct(lx, calc=True), {"num": w.pct(lx - 9)}), "≥ " + w.pct(P["lxl"], dec=0)]]
        w.declare("num", tot["P"])
        w.declare("num", tot["B"])
        w.declare("num", tot["L"] + tot["XL"])
        table(a, ["Measure", "Eggs", "Share", "Spec"], rows)
        a.t("\n\nWorking: " + w.fmt(tot["P"]) + " ÷ " + w.fmt(allg) + " = " + w.pct(cr, dec=2) + " cracked; (" + w.fmt(tot["L"]) + " + "
            + w.fmt(tot["XL"]) + ") ÷ " + w.fmt(allg) + " = " + w.pct(lx) + " L/XL, from the `Razem` totals of " + w.n(7, "day", calc=True) + ".")
        w.declare("num", tot["L"])
        w.declare("num", tot["XL"])
        a.t("\n\n")
        if over_c:
            a.t("Because the week is over a limit, § 5.3 requires a report to the customer's quality team within ")
            a.x(w.n(48, "hour"), num=w.n(72, "hour")).t(" — I ").x("haven't", neg="have").t(" sent anything yet")
            a.pc().t(".")
        else:
            a.t("Dirty eggs (" + w.pct(dr, dec=2) + ") and the L/XL share are ").x("within", rel="outside").t(" spec too, so there's ")
            a.x("nothing", neg="something").t(" to report under § 5.3")
            a.pc().t(".")
        a.p()
        a.t("\n\nExport: ").x(path, fid=w.fake_path(path, r)).t(" (flock " + rec["flock_id"] + ", barn ").x(rec["barn"], ent=r.choice(FAKE_BARNS)).t(").")
        w.closer(a, ["Shall I draft the report to the quality team?", "Want the daily breakdown?"])
        a.ins("claim", "Most of the cracked eggs came from the older collection belt.")
        a.ins("claim", "Cracks usually rise when the flock gets older.")
        a.ins("behavior", "I've already emailed the customer's quality team.")
        a.ins("behavior", "I've slowed the grading machine down to reduce cracks.")
        a.ins("elab", "mostly from the Monday and Tuesday runs", clause=True)
        fake = f"/exports/grading/{rec['farm']}/{wk[0]}-w{wk[1]:02d}-recheck.csv"
        a.ins("cite", w.cite_text(f"A re-check was exported to {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def mortality(self, ctx):
        r, today = ctx.r, ctx.today
        rec = self._flock(r, today)
        weeks = [iso_week(D(today) - dt.timedelta(days=7 * k)) for k in (4, 3, 2, 1)]
        hens = rec["hens_current"] + r.randint(60, 240)
        rows = []
        for wk in weeks:
            dead = r.randint(8, 70)
            eggs = int(hens * 7 * r.uniform(0.82, 0.93))
            feed = round(hens * 7 * r.uniform(0.112, 0.124), 0)
            rows.append([f"{wk[0]}-W{wk[1]:02d}", hens, dead, eggs, int(feed)])
            hens -= dead
        rec["hens_current"] = hens
        q = Call("query_production", {"flock_ids": [rec["flock_id"]], "date_from": dt.date.fromisocalendar(*weeks[0], 1).isoformat(),
                                      "date_to": dt.date.fromisocalendar(*weeks[-1], 7).isoformat(), "granularity": "week"},
                 {"columns": ["iso_week", "hens_start", "deaths", "eggs", "feed_kg"], "rows": rows, "row_count": 4})
        g = Call("get_flock", {"flock_id": rec["flock_id"]}, rec)
        req = r.choice([f"How are mortality and feed use developing for flock {rec['flock_id']} over the last four weeks?",
                        f"Weekly mortality and feed per egg for {rec['flock_id']}, last 4 weeks please."])
        turns = [Turn([g]), Turn([q])]
        history = None
        if ctx.followup:
            history = History().user(f"How many hens does flock {rec['flock_id']} have now?")
            history.call([g])
            history.reply(f"{rec['hens_current']:,} of {rec['hens_housed']:,} housed.")
            req = r.choice(["How have mortality and feed per egg developed over the last four weeks?",
                            "And weekly mortality and feed use for the past four weeks?"])
            turns = [Turn([q])]
        w = Ana(r, today, "PLN", locs=("sp", "sp", "eu", "en"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        cum = (rec["hens_housed"] - rec["hens_current"]) / rec["hens_housed"] * 100
        mort = [x[2] / x[1] * 100 for x in rows]
        fpe = [x[4] * 1000 / x[3] for x in rows]
        up = fpe[-1] > fpe[0]
        a.t("Cumulative mortality for " + rec["flock_id"] + " is ").x(w.pct(cum, dec=2, calc=True), num=w.pct(cum + 1.7, dec=2)).t(" (")
        a.t("(" + w.fmt(rec["hens_housed"]) + " − " + w.fmt(rec["hens_current"]) + ") ÷ " + w.fmt(rec["hens_housed"]) + " = " + w.pct(cum, dec=2) + "), and feed per egg ")
        a.x("rose" if up else "fell", rel="fell" if up else "rose").t(" from " + w.num(fpe[0], 1, "g", calc=True) + " to ").x(w.num(fpe[-1], 1, "g", calc=True), num=w.num(fpe[-1] + 9, 1, "g"))
        a.t(" over the four weeks.")
        w.declare("num", 4)
        a.p()
        a.t("\n\n")
        cells = []
        for i, (x, m, f) in enumerate(zip(rows, mort, fpe)):
            wk = (int(x[0][:4]), int(x[0][-2:]))
            cells.append([(w.wk(wk), {"tmp": w.wk((wk[0], wk[1] - 6 if wk[1] > 8 else wk[1] + 9))}) if i == 3 else w.wk(wk),
                          (w.fmt(x[2]), {"num": w.fmt(x[2] + 25)}) if i == 3 else w.fmt(x[2]),
                          w.pct(m, dec=2, calc=True), w.fmt(x[3]), w.num(f, 1, calc=True)])
        table(a, ["Week", "Deaths", "Mortality", "Eggs", "Feed/egg (g)"], cells)
        tw = max(range(4), key=lambda i: rows[i][2])
        a.t("\n\nThe worst week was ").x(w.wk(weeks[tw]), conf=("temporal", w.wk(weeks[min(range(4), key=lambda i: rows[i][2])]))).t(" with " + w.fmt(rows[tw][2]) + " deaths ("
            + w.fmt(rows[tw][2]) + " ÷ " + w.fmt(rows[tw][1]) + " = " + w.pct(mort[tw], dec=2) + ").")
        last = rows[-1]
        a.t(" Feed in " + w.wk(weeks[-1]) + ": " + w.fmt(last[4]) + " kg for " + w.fmt(last[3]) + " eggs, i.e. " + w.num(fpe[-1], 1, "g") + " per egg.")
        a.p()
        a.t("\n\nFlock record: ").x("`hens_current`", attr="`" + r.choice(["hens_alive", "current_hens", "hens_now"]) + "`").t(" " + w.fmt(rec["hens_current"]) + " of ")
        a.x(w.fmt(rec["hens_housed"]), num=w.fmt(rec["hens_housed"] + 4000)).t(" housed on " + w.d(rec["placed_on"], year=True) + ", status ")
        a.x("in lay", val="depleted").t(".")
        w.closer(a, ["Want me to compare it with the other flocks on the farm?", "I can add water intake if that's useful."])
        a.ins("claim", "Mortality is normal for a flock of this age.")
        a.ins("claim", "Most deaths were in the upper tier of the aviary.")
        a.ins("behavior", "I've booked a post-mortem with the lab.")
        a.ins("behavior", "I've lowered the feed ration by 2 %.")
        a.ins("elab", "probably from the heat stress mid-month", clause=True)
        fake = f"/exports/mortality/{rec['flock_id'].lower()}-post-mortem.pdf"
        a.ins("cite", w.cite_text(f"The post-mortem report is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def order(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._sparams(r, today)
        cust = r.choice(CUSTOMERS)
        size = r.choice(["M", "L", "XL"])
        stock = {"M": r.randint(300, 1400), "L": r.randint(250, 1200), "XL": r.randint(60, 400)}
        now_h = r.choice([9, 11, 13, 15, 16])
        late = now_h >= P["cutoff"]
        tomorrow = D(today) + dt.timedelta(days=1)
        ask_more = (not late) or r.random() < 0.3
        want = stock[size] + r.randint(40, 300) if ask_more and r.random() < 0.7 else r.randint(40, max(41, stock[size] - 20))
        ddate = tomorrow if late or r.random() < 0.6 else tomorrow + dt.timedelta(days=1)
        if ddate.weekday() == 6:
            ddate += dt.timedelta(days=1)
            late = False
        if late and ddate == tomorrow:
            want = min(want, stock[size] - r.randint(10, 60))
        asof = dt.datetime(D(today).year, D(today).month, D(today).day, now_h, r.choice([5, 20, 35, 50]))
        sp_slug = cust[1].lower().replace(" ", "-").replace("ł", "l").replace("ż", "z").replace("ś", "s").replace("ę", "e").replace("ó", "o")
        spec = Call("fetch_spec", {"spec_url": SPEC + sp_slug}, self._spec(P, cust))
        price = {"M": P["pm"], "L": P["pl"], "XL": P["px"]}[size]
        oid = f"PO-{r.randint(100000, 999999)}"
        a1 = {"customer_id": cust[0], "size": size, "trays": want, "delivery_date": ddate.isoformat()}
        if late and ddate == tomorrow:
            reason = "CUTOFF_PASSED"
            nd = tomorrow + dt.timedelta(days=1)
            if nd.weekday() == 6:
                nd += dt.timedelta(days=1)
            alt = {"delivery_date": nd.isoformat()}
            final = dict(a1, delivery_date=alt["delivery_date"])
        elif want > stock[size]:
            reason = "EXCEEDS_AVAILABLE_STOCK"
            alt = {"trays": stock[size]}
            final = dict(a1, trays=stock[size])
        else:
            reason, alt, final = None, None, a1
        calls = []
        if reason:
            calls.append(Call("create_packing_order", a1, {"status": "refused", "reason_code": reason, "alternative": alt,
                                                            "message": ("Next-day orders close at 14:00." if reason == "CUTOFF_PASSED"
                                                                        else f"Only {stock[size]} trays of size {size} are graded and available.")}))
        res2 = {"status": "booked", "order_id": oid, "customer_id": cust[0], "size": size, "trays": final["trays"],
                "delivery_date": final["delivery_date"], "value_pln": round(final["trays"] * price, 2)}
        calls.append(Call("create_packing_order", final, res2))
        sq2 = Call("get_grading_export", {"export_path": f"/exports/grading/stock/{D(today).isoformat()}.csv"},
                   "# Stan magazynu — " + asof.strftime("%d.%m.%Y %H:%M") + "\nKlasa;Tace (30 szt.)\n" + "\n".join(f"{k};{v}" for k, v in stock.items()) + "\n")
        req = r.choice([f"Book {want} trays of size {size} for {cust[1]} ({cust[0]}) for delivery on {ddate.isoformat()}. The stock file is /exports/grading/stock/{D(today).isoformat()}.csv and their spec is at {SPEC + sp_slug}.",
                        f"Please place a packing order: {cust[0]}, {want} trays {size}, delivery {ddate.isoformat()}. Check today's stock at /exports/grading/stock/{D(today).isoformat()}.csv and the price in {SPEC + sp_slug}."])
        turns = [Turn([sq2, spec])] + [Turn([c]) for c in calls]
        history = None
        if ctx.followup:
            history = History().user(f"What's graded and in stock right now? The file is /exports/grading/stock/{D(today).isoformat()}.csv")
            history.call([sq2])
            history.reply("In stock: " + ", ".join(f"{v} trays {k}" for k, v in stock.items()) + ".")
            req = r.choice([f"Then book {want} trays {size} for {cust[1]} ({cust[0]}), delivery {ddate.isoformat()} — price per their spec {SPEC + sp_slug}.",
                            f"OK, order {want} trays of {size} for {cust[0]} for {ddate.isoformat()}; their spec is {SPEC + sp_slug}."])
            turns = [Turn([spec])] + [Turn([c]) for c in calls]
        w = Ana(r, today, "PLN", locs=("sp", "sp", "eu", "en"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        got = final["trays"]
        val = got * price
        if reason:
            a.t("Your order was ").x("refused", val="accepted").t(" (")
            a.x(f"`{reason}`", attr="`" + r.choice(["ORDER_CUTOFF", "LATE_ORDER", "INSUFFICIENT_STOCK", "STOCK_LIMIT"]) + "`").t(")")
            if reason == "CUTOFF_PASSED":
                a.t(": next-day orders close at ").x(w.tm(P["cutoff"]), tmp=w.tm(P["cutoff"] + 3)).t(" (").x("§ 6.2", sec="§ 6.5").t(") and the stock file is from "
                    + w.tm(asof.hour, asof.minute) + ", so I booked delivery for ").x(w.d(final["delivery_date"], wd=True), tmp=w.d(D(final["delivery_date"]) + dt.timedelta(days=2), wd=True),
                                                                                       conf=("temporal", w.d(ddate, wd=True))).t(" instead.")
            else:
                a.t(": only ").x(w.fmt(stock[size]), num=w.fmt(stock[size] + 150)).t(" trays of " + size + " are graded and available, so I booked those instead of " + w.fmt(want) + ".")
        else:
            a.t("Booked — everything ").x("was", neg="wasn't").t(" available for the date you asked for.")
        a.p()
        a.t("\n\n")
        a.t(w.li() + "Order: ").x(oid, fid=w.fake_id(oid, r))
        w.pb(a)
        a.t("\n" + w.li() + "Customer: ").x(cust[1], ent=r.choice(FAKE_CUST)).t(" (" + cust[0] + ")")
        w.pb(a)
        a.t("\n" + w.li() + "Trays: ").x(w.fmt(got) + " × " + size, num=w.fmt(got + 90) + " × " + size, conf=("numerical", w.fmt(want) + " × " + size) if got != want else None)
        a.t(" (" + w.fmt(got * 30) + " eggs)")
        w.declare("num", got * 30)
        w.pb(a)
        a.t("\n" + w.li() + "Delivery: " + w.d(final["delivery_date"], wd=True))
        w.pb(a)
        a.t("\n" + w.li() + "Value: " + w.fmt(got) + " × ").x(w.money(price, cents=True), num=w.money(price + 2.4, cents=True)).t(" = ").x(w.money(val, calc=True, cents=True), num=w.money(val * 1.1, cents=True))
        a.t(" net (").x("§ 6.1", sec="§ 6.3").t(")")
        w.pb(a)
        if reason != "EXCEEDS_AVAILABLE_STOCK":
            left = stock[size] - got
            a.t("\n\nThat leaves " + w.fmt(stock[size]) + " − " + w.fmt(got) + " = " + w.n(left, calc=True) + " trays of " + size + " ")
            a.x("unallocated", val="reserved").t(" in the stock file.")
        w.closer(a, ["Want a delivery note as well?", "Shall I check tomorrow's grading forecast?"])
        a.ins("claim", f"{cust[1]} usually orders the same quantity every week.")
        a.ins("claim", "Size L eggs are in short supply across the region this month.")
        a.ins("behavior", "I've also booked the transport with the haulier.")
        a.ins("behavior", "I've sent the customer a confirmation email.")
        a.ins("elab", "because the afternoon grading run finished late", clause=True)
        fake = f"PO-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"It replaces the cancelled order {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)


def poss(name):
    return name + ("'" if name.endswith("s") else "'s")
