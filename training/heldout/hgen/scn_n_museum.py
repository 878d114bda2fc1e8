"""museum_visits (set n): an analyst assistant briefing a museum group's director of operations / finance from the
Harbourside visitor-analytics API — a month across the group's sites (visits and the YoY change, each site's share, paid
admissions, members and school groups as shares of visits, admissions revenue per paid visitor, retail spend per visitor,
the weakest site), one site's weekly attendance (WoW change, the peak week, the weekly range and average, school groups'
share, dwell time), an exhibition's pace against its visitor target (visitors per day so far and over the last week,
the projection to closing day as a share of target) and questions answered from the visitor-reporting guidelines fetched
by URL (retail spend per visitor against the target, membership conversion against the target, the exhibition review
rule)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .nstyle import Brief, add_months, chg_pct, iso_week, poss, table, vet, week_label, week_monday

BASE = "https://api.harbourside-analytics.example/v1"
GUIDE_URLS = ["https://intranet.harbourside.example/guidelines/visitor-reporting-2026",
              "https://intranet.harbourside.example/guidelines/commercial-kpis"]
NETWORKS = [("Harbourside Museums", "GBP"), ("Musées de la Vallée", "EUR"), ("Lakefront Museum Group", "USD"),
            ("Rheinufer Museen", "EUR")]
SITES = [("RVG", "Riverside Gallery"), ("MTM", "Maritime Museum"), ("SCI", "Science Centre"), ("HHM", "Harbour History Museum"),
         ("MAH", "Modern Art House"), ("TXM", "Textile Mill Museum"), ("OBS", "Observatory"), ("CHM", "Children's Museum")]
OTHER_SITES = ["Railway Heritage Centre", "Botanic Glasshouse", "Old Customs House"]
EXHIBITIONS = ["Tides of Trade", "Light and Shadow: Dutch Prints", "Dinosaurs Up Close", "The Weaver's Hand",
               "Futures: Design 2050", "Stars Over the Harbour", "Shipwrecks & Salvage", "Colour Theory"]
OTHER_EXH = ["Ice Age Giants", "Silk Roads", "Pixel Worlds"]


def guide(cur):
    s = {"USD": "$", "GBP": "£", "EUR": "€"}[cur]
    return ("VISITOR REPORTING AND COMMERCIAL KPI GUIDELINES (2026)\n\n"
            "1. COUNTING\n"
            "1.1 Visits include paid admissions, member visits, school groups and free admissions.\n"
            "1.2 Weekly figures use ISO weeks (Monday to Sunday).\n"
            "2. PRICING\n"
            f"2.1 Standard adult admission is {s}18.00; concessions {s}12.00; members and under-16s are free.\n"
            "3. COMMERCIAL TARGETS\n"
            f"3.1 Retail spend per visit target: {s}4.50 (shop and cafe revenue divided by all visits).\n"
            "3.2 Membership conversion target: 1.5% of paid admissions each month.\n"
            "4. EXHIBITIONS\n"
            "4.1 An exhibition projected to finish below 90% of its visitor target is reviewed by the programming "
            "board.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.3", "2.2", "3.3", "3.4", "4.2", "5.1"] if s != real])


class MuseumVisits(Scenario):
    name = "museum_visits"
    agent = "visitor-insights-analyst"
    service = "harbourside-insights-agent"
    system = ("You are an analyst assistant for a museum group's operations and finance leads, with read access to the "
              "visitor-analytics API. Write executive briefings: a one-line headline, then KPIs and short paragraphs. "
              "Use only figures from the tools and show the working for derived figures.")
    error_style = 1
    entity_noun = {"network_id": "Network", "site_id": "Site", "exhibition_id": "Exhibition", "doc_url": "Document"}
    preambles = ["Pulling the visitor numbers.", "Let me get the attendance data.", "Checking the analytics."]
    literal_ok = ["YoY", "WoW", "MoM"]
    unit_keys = {"admissions_revenue": ("money", 1), "retail_revenue": ("money", 1), "ticket_revenue": ("money", 1)}

    def __init__(self):
        sp = r"^SITE-[A-Z]{3}$"
        self.tools = [
            Tool("get_visitor_summary", "Visits, paid admissions, member and school-group visits, admissions and retail "
                                        "revenue and new memberships per site for a month, with the same month a year "
                                        "earlier, current exhibitions and the guidelines URL.",
                 s_obj({"network_id": s_str("Network ID, e.g. 'NET-204'.", pattern=r"^NET-\d{3}$"),
                        "month": s_str("Month, YYYY-MM.", pattern=r"^\d{4}-\d{2}$"),
                        "include_closed_sites": s_bool("Include sites closed for the whole month.")},
                       ["network_id", "month"]),
                 entity={"network_id": "id"}, http=BASE, extra=[("breakdown", "ticket_type")]),
            Tool("get_weekly_attendance", "One site's visits per ISO week (paid, members, school groups, average dwell "
                                          "time), most recent last.",
                 s_obj({"site_id": s_str("Site ID, e.g. 'SITE-RVG'.", pattern=sp), "weeks": s_int("How many weeks.", 2, 12)},
                       ["site_id", "weeks"]),
                 entity={"site_id": "id"}, http=BASE, extra=[("include_events", True)]),
            Tool("get_exhibition", "An exhibition's dates, visitor target, visitors and ticket revenue to date and the "
                                   "last seven days.",
                 s_obj({"exhibition_id": s_str("Exhibition ID, e.g. 'EXH-2041'.", pattern=r"^EXH-\d{4}$")}, ["exhibition_id"]),
                 entity={"exhibition_id": "id"}, http=BASE, extra=[("include_forecast", True)]),
            Tool("get_guidelines", "A guidelines document (plain text, numbered sections) by URL.",
                 s_obj({"doc_url": s_str("Document URL.", pattern=r"^https://intranet\.harbourside\.example/guidelines/")}, ["doc_url"]),
                 entity={"doc_url": "url"}, extra=[("format", "text")]),
        ]
        self.intents = [("network_briefing", self.briefing, False), ("site_weekly", self.weekly, True),
                        ("exhibition_pace", self.exhibition, True), ("guideline_question", self.guideline, True)]

    # ------------------------------------------------------------------ data
    def _network(self, r, today, n=None):
        nname, cur = r.choice(NETWORKS)
        nid = f"NET-{r.randint(100, 999)}"
        y, m = add_months(today.year, today.month, -1)
        days = (dt.date(*add_months(y, m, 1), 1) - dt.timedelta(days=1)).day
        sites = []
        for code, nm in r.sample(SITES, n or r.randint(4, 6)):
            v = int(r.uniform(4000, 48000))
            paid = int(v * r.uniform(0.45, 0.7))
            mem = int(v * r.uniform(0.08, 0.2))
            sch = int(v * r.uniform(0.03, 0.12))
            sites.append({"site_id": f"SITE-{code}", "name": nm, "visits": v, "prior_year_visits": int(v / r.uniform(0.85, 1.18)),
                          "paid_admissions": paid, "member_visits": mem, "school_group_visits": sch,
                          "admissions_revenue": round(paid * r.uniform(11.5, 16.5), 2),
                          "retail_revenue": round(v * r.uniform(2.6, 6.2), 2),
                          "new_memberships": int(paid * r.uniform(0.006, 0.024)), "open_days": days - r.choice([0, 4, 5, 8])})
        ex = []
        for s in r.sample(sites, min(len(sites), r.randint(2, 3))):
            ex.append({"exhibition_id": f"EXH-{r.randint(1000, 9999)}", "title": r.choice([t for t in EXHIBITIONS if t not in [e["title"] for e in ex]]),
                       "site_id": s["site_id"], "status": r.choice(["running", "running", "closing soon", "opening soon"])})
        res = {"network_id": nid, "network_name": nname, "currency": cur, "month": f"{y}-{m:02d}",
               "prior_year_month": f"{y - 1}-{m:02d}", "sites": sites, "current_exhibitions": ex,
               "guidelines_url": r.choice(GUIDE_URLS), "data_through": (dt.date(*add_months(y, m, 1), 1) - dt.timedelta(days=1)).isoformat(),
               "as_of": today.isoformat()}
        return nid, res

    @staticmethod
    def _args(res):
        return {"network_id": res["network_id"], "month": res["month"]}

    # ------------------------------------------------------------------ intents
    def briefing(self, ctx):
        r, today = ctx.r, ctx.today
        nid, res = self._network(r, today)
        ss = res["sites"]
        y, m = [int(x) for x in res["month"].split("-")]
        mname = dt.date(y, m, 1).strftime("%B %Y")
        req = r.choice([f"Can I get the visitor briefing for {res['network_name']} ({nid}) for {mname}?",
                        f"How did our sites do in {mname}? Network {nid}.",
                        f"{nid}, {res['month']}: headline numbers and anything I should raise at the board."])
        w = Brief(r, today, res["currency"])
        v = sum(s["visits"] for s in ss)
        pv = sum(s["prior_year_visits"] for s in ss)
        dv = chg_pct(pv, v)
        paid = sum(s["paid_admissions"] for s in ss)
        mem = sum(s["member_visits"] for s in ss)
        sch = sum(s["school_group_visits"] for s in ss)
        adm = sum(s["admissions_revenue"] for s in ss)
        ret = sum(s["retail_revenue"] for s in ss)
        rank = sorted(ss, key=lambda s: -s["visits"])
        top = rank[0]
        yoy = {s["site_id"]: chg_pct(s["prior_year_visits"], s["visits"]) for s in ss}
        weak = min(ss, key=lambda s: yoy[s["site_id"]])
        a = A()
        pre, post = w.head()
        mon = w.mon(y, m)
        a.t(pre + "Visits ").x(w.updown(dv), rel=w.updown(-dv)).t(" ").x(w.pct(abs(dv), 1, calc=True), num=w.pct(abs(dv) + 5, 1)).t(" YoY to ")
        a.x(w.k(v, calc=True), num=w.k(v * 1.13), conf=("numerical", w.k(pv, calc=True))).t(" in ").x(mon, tmp=w.mon(y, m - 2) if m > 2 else w.mon(y - 1, m + 10)).t("; ")
        a.x(top["name"], ent=r.choice(OTHER_SITES), conf=("entity", rank[1]["name"])).t(" drew ").x(w.pct(top["visits"] / v * 100, 0, calc=True) + " of them", num=w.pct(top["visits"] / v * 100 + 8, 0) + " of them").t("." + post + "\n\n")
        a.t(w.li() + w.lbl("Visits") + w.k(v) + " vs " + w.k(pv) + " in " + w.mon(y - 1, m))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Mix") + "paid ").x(w.pct(paid / v * 100, 0, calc=True), num=w.pct(paid / v * 100 + 9, 0)).t(", members " + w.pct(mem / v * 100, 0, calc=True) + ", school groups ")
        a.x(w.pct(sch / v * 100, 0, calc=True), num=w.pct(sch / v * 100 + 4, 0))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Admissions revenue")).x(w.m(adm, calc=True), num=w.m(adm * 1.2)).t(", or ").x(w.money(adm / paid, 2, calc=True), num=w.money(adm / paid + 1.6, 2)).t(" per paid visit")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Retail") + w.m(ret, calc=True) + ", " + w.money(ret / v, 2, calc=True) + " per visit")
        w.pb(a)
        a.t("\n\n")
        wy = yoy[weak["site_id"]]
        grew = [s for s in ss if yoy[s["site_id"]] > 0]
        if wy < 0:
            a.t("The weak spot is ").x(weak["name"], ent=r.choice(OTHER_SITES)).t(" (").x(weak["site_id"], fid=w.fake_id(weak["site_id"], r)).t("), ")
            a.x("down", rel="up").t(" ").x(w.pct(-wy, 1, calc=True), num=w.pct(-wy + 6, 1)).t(" YoY")
            if weak["open_days"] < max(s["open_days"] for s in ss):
                a.t(" — it was open ").x(w.n(weak["open_days"]) + " days", num=w.n(weak["open_days"] + 4) + " days").t(", fewer than the other sites, which explains part of it")
            a.pc().t(".")
        else:
            a.t(("Both sites" if len(ss) == 2 else "Every site") + " grew YoY; the slowest was ").x(weak["name"], ent=r.choice(OTHER_SITES)).t(" at ").x(w.pct(wy, 1, calc=True, sign=True), num=w.pct(wy + 5, 1, sign=True))
            a.pc().t(".")
        a.p()
        a.t(" ").x(w.n(len(grew), calc=True) + " of " + w.n(len(ss), calc=True) + " sites", num=w.n(min(len(ss), len(grew) + 1)) + " of " + w.n(len(ss)) + " sites" if len(grew) < len(ss) else w.n(len(grew) - 1) + " of " + w.n(len(ss)) + " sites").t(" were up on last year.")
        a.p()
        if r.random() < 0.5:
            a.t("\n\n")
            rows = []
            for i, s in enumerate(rank):
                rows.append([s["name"], (w.k(s["visits"]), {"num": w.k(s["visits"] * 1.2)} if i == 1 else {}), w.pct(yoy[s["site_id"]], 1, calc=True, sign=True),
                             w.pct(s["visits"] / v * 100, 0, calc=True)])
            table(a, ["Site", "Visits", "YoY", "Share"], rows)
        e0 = res["current_exhibitions"][0]
        es = next(x for x in ss if x["site_id"] == e0["site_id"])
        a.t("\n\nOn the programme: " + e0["title"] + " at " + es["name"] + " (").x(e0["status"], val=r.choice([x for x in ["running", "closing soon", "opening soon"] if x != e0["status"]])).t(")")
        if len(res["current_exhibitions"]) > 1:
            a.t(", plus " + w.n(len(res["current_exhibitions"]) - 1, calc=True) + " more")
        a.t(".")
        more = mem > sch
        full = top["open_days"] == max(x["open_days"] for x in ss)
        a.t(" Member visits ").x("outnumbered" if more else "trailed", rel="trailed" if more else "outnumbered").t(" school groups, and " + top["name"] + " ")
        a.x("had" if full else "didn't have", neg="didn't have" if full else "had").t(" the full " + w.n(max(x["open_days"] for x in ss)) + " opening days.")
        a.t("\n\n(Visits are the ").x("`visits`", attr=r.choice(["`footfall`", "`ticketed_visits`"])).t(" field, which counts members, school groups and free entries as well as paid admissions.)")
        a.pp()
        a.t("\n\n" + w.rec() + r.choice([f"dig into {poss(weak['name'])} programming before the summer season.",
                                          "push membership at the busiest sites; that's where the conversions are cheapest.",
                                          f"keep {top['name']} as the anchor in marketing, but plan the next exhibition for a weaker site."]))
        w.closer(a, ["I can pull the weekly pattern for any site."])
        a.ins("claim", f"{top['name']} had its busiest month since reopening.")
        a.ins("claim", "Tourism numbers across the city were also up this month.")
        a.ins("behavior", "I've shared the numbers with the site managers.")
        a.ins("behavior", f"I've asked {poss(weak['name'])} manager for a recovery plan.")
        a.ins("elab", "helped by the school holidays falling in the month", clause=True)
        ref = f"BRD-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"The board paper on this is {ref}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_visitor_summary", self._args(res), res)])], a), w)

    def weekly(self, ctx):
        r, today = ctx.r, ctx.today
        nid, res = self._network(r, today)
        s = r.choice(res["sites"])
        n = r.randint(5, 8)
        yw = iso_week(today - dt.timedelta(days=7))
        mon0 = week_monday(*yw)
        rows = []
        base = s["visits"] / 4.3
        dwell0 = r.uniform(55, 100)
        for k in range(n - 1, -1, -1):
            wk = week_label(mon0 - dt.timedelta(days=7 * k))
            vv = int(base * r.uniform(0.75, 1.3))
            rows.append({"week": wk, "school_holiday": r.random() < 0.25, "visits": vv, "paid": int(vv * r.uniform(0.45, 0.7)), "members": int(vv * r.uniform(0.08, 0.2)),
                         "school_groups": int(vv * r.uniform(0.0, 0.14)), "avg_dwell_min": round(dwell0 + r.uniform(-7, 7))})
        out = {"site_id": s["site_id"], "name": s["name"], "weeks": rows, "as_of": today.isoformat()}
        call = Call("get_weekly_attendance", {"site_id": s["site_id"], "weeks": n}, out)
        history = None
        if ctx.followup:
            history = History().user(f"Which sites are in {nid}?")
            history.call([Call("get_visitor_summary", self._args(res), res)])
            history.reply(", ".join(f"{x['name']} ({x['site_id']})" for x in res["sites"]) + ".")
            req = r.choice([f"How has {s['name']} been trending week to week?", f"ok — weekly picture for {s['name']}, please."])
        else:
            req = r.choice([f"Weekly attendance for {s['site_id']} over the last {n} weeks?", f"How is {s['site_id']} ({s['name']}) trending WoW?"])
        w = Brief(r, today, res["currency"])
        cur, prv = rows[-1], rows[-2]
        d = chg_pct(prv["visits"], cur["visits"])
        pk = max(rows, key=lambda x: x["visits"])
        lo = min(rows, key=lambda x: x["visits"])
        tot = sum(x["visits"] for x in rows)
        a = A()
        pre, post = w.head()
        a.t(pre).x(s["name"], ent=r.choice(OTHER_SITES))
        if r.random() < 0.5:
            a.t(" (").x(s["site_id"], fid=w.fake_id(s["site_id"], r)).t(")")
        a.t(": ").x(w.n(cur["visits"]), num=w.n(cur["visits"] * 1.15), conf=("numerical", w.n(prv["visits"]))).t(" visits in ")
        a.x(w.wk(cur["week"]), tmp=w.wk(int(cur["week"][-2:]) + 1)).t(", ").x(w.updown(d), rel=w.updown(-d)).t(" ").x(w.pct(abs(d), 1, calc=True), num=w.pct(abs(d) + 7, 1)).t(" WoW." + post + "\n\n")
        a.t(w.li() + w.lbl("Peak week")).x(w.wk(pk["week"]), tmp=None, conf=("temporal", w.wk(lo["week"]))).t(" with " + w.n(pk["visits"]))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Range") + w.rng(lo["visits"], pk["visits"], w.n) + " a week, averaging ").x(w.n(tot / n, calc=True), num=w.n(tot / n * 1.15))
        w.pb(a)
        sg = sum(x["school_groups"] for x in rows)
        a.t("\n" + w.li() + w.lbl("School groups")).x(w.pct(sg / tot * 100, 1, calc=True) + " of visits", num=w.pct(sg / tot * 100 + 4, 1) + " of visits").t(f" ({w.n(sg, calc=True)} {w.div} {w.n(tot, calc=True)}) over the {w.n(n, calc=True)} weeks")
        w.pb(a)
        dd = cur["avg_dwell_min"] - prv["avg_dwell_min"]
        a.t("\n" + w.li() + w.lbl("Dwell time")).x(w.dur(cur["avg_dwell_min"] * 60, style="min0"), num=w.dur((cur["avg_dwell_min"] + 12) * 60, style="min0")).t(" on average, ")
        if dd:
            a.x(w.updown(dd), rel=w.updown(-dd)).t(" " + w.dur(abs(dd) * 60, calc=True, style="min0") + " on the week before")
        else:
            a.t("flat on the week before")
        w.pb(a)
        a.t("\n\n")
        pm = cur["paid"] / cur["visits"] * 100
        a.t("Paid admissions were ").x(w.pct(pm, 0, calc=True), num=w.pct(pm + 10, 0)).t(" of " + w.wk(cur["week"]) + "'s visits")
        a.pc().t(".")
        a.p()
        above = cur["visits"] > tot / n
        a.t(" The latest week was ").x("above" if above else "below", rel="below" if above else "above").t(" the " + w.n(n) + "-week average, and it ")
        a.x("was" if cur["school_holiday"] else "wasn't", neg="wasn't" if cur["school_holiday"] else "was").t(" a school-holiday week.")
        a.p()
        if r.random() < 0.4:
            a.t("\n\n")
            tr = [[w.wk(x["week"]), w.n(x["visits"]), w.n(x["paid"]), w.n(x["school_groups"])] for x in rows[-5:]]
            table(a, ["Week", "Visits", "Paid", "School groups"], tr)
        if r.random() < 0.5:
            a.t("\n\n(Dwell time is ").x("`avg_dwell_min`", attr=r.choice(["`median_dwell_min`", "`dwell_time_avg`"])).t(", from the entry and exit counters.)")
        a.pp()
        a.t("\n\n" + w.rec() + r.choice(["nothing to act on from one week; watch the next two.", "line up a weekday promotion if the dip continues.",
                                          "use the peak-week programme as the template for the next school holiday."]))
        w.closer(a, ["Happy to line this up against last year's weeks."])
        a.ins("claim", "The dip lines up with the regional rail strike.")
        a.ins("claim", f"{s['name']} is now the group's fastest-growing site.")
        a.ins("behavior", "I've asked the site team to add weekend tours.")
        a.ins("behavior", "I've sent the weekly numbers to the marketing team.")
        a.ins("elab", "largely because of the half-term school holiday", clause=True)
        ref = f"EVT-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The late-opening event that week was {ref}.", ref))
        return vet(self, Plan(req, [Turn([call])], a, history.msgs if history else None), w)

    def exhibition(self, ctx):
        r, today = ctx.r, ctx.today
        nid, res = self._network(r, today)
        ex = r.choice(res["current_exhibitions"])
        site = next(s for s in res["sites"] if s["site_id"] == ex["site_id"])
        opened = today - dt.timedelta(days=r.randint(30, 90))
        closes = today + dt.timedelta(days=r.randint(25, 120))
        days_open = (today - opened).days
        days_left = (closes - today).days + 1
        pace = r.uniform(180, 900)
        vis = int(pace * days_open)
        proj_ratio = r.uniform(0.75, 1.15)
        target = round(vis / days_open * (days_open + days_left) / proj_ratio, -3)
        last7 = []
        for k in range(7, 0, -1):
            dd = today - dt.timedelta(days=k)
            last7.append({"date": dd.isoformat(), "visitors": int(pace * r.uniform(0.7, 1.3) * (0.6 if dd.weekday() == 0 else 1))})
        price = r.uniform(9, 15)
        det = {"exhibition_id": ex["exhibition_id"], "title": ex["title"], "site_id": ex["site_id"], "site_name": site["name"],
               "opened": opened.isoformat(), "closes": closes.isoformat(), "target_visitors": int(target),
               "visitors_to_date": vis, "ticket_revenue": round(vis * price * r.uniform(0.55, 0.75), 2),
               "days_open": days_open, "days_remaining": days_left, "last_7_days": last7, "currency": res["currency"],
               "as_of": today.isoformat()}
        call = Call("get_exhibition", {"exhibition_id": ex["exhibition_id"]}, det)
        history = None
        if ctx.followup:
            history = History().user(f"What exhibitions are on across {nid}?")
            history.call([Call("get_visitor_summary", self._args(res), res)])
            history.reply(", ".join(f"{x['title']} ({x['exhibition_id']})" for x in res["current_exhibitions"]) + ".")
            req = r.choice([f"Is {ex['title']} on track for its visitor target?", f"ok — how is {ex['title']} pacing against target?"])
        else:
            req = r.choice([f"Is exhibition {ex['exhibition_id']} going to hit its visitor target?", f"Pace check on {ex['exhibition_id']}, please."])
        w = Brief(r, today, res["currency"])
        pday = vis / days_open
        w._c("num", 7, True)
        l7 = sum(x["visitors"] for x in last7) / 7
        proj = vis + pday * days_left
        pr = proj / target * 100
        proj7 = vis + l7 * days_left
        pr7 = proj7 / target * 100
        a = A()
        pre, post = w.head()
        on = pr >= 100
        a.t(pre).x(ex["title"], ent=r.choice(OTHER_EXH)).t(" is ").x("on track" if on else "pacing short", val="pacing short" if on else "on track").t(": at the current rate it finishes around ")
        a.x(w.k(proj, calc=True, force=True), num=w.k(proj * 1.2, force=True), conf=("numerical", w.k(target, force=True))).t(" visitors, ").x(w.pct(pr, 0, calc=True), num=w.pct(pr + 12, 0)).t(" of its " + w.k(target, force=True) + " target." + post + "\n\n")
        a.t(w.li() + w.lbl("Exhibition")).x(ex["exhibition_id"], fid=w.fake_id(ex["exhibition_id"], r)).t(" at ").x(site["name"], ent=r.choice(OTHER_SITES)).t(", opened " + w.d(opened))
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("To date")).x(w.n(vis), num=w.n(vis * 1.15)).t(" visitors over " + w.n(days_open) + " days, ").x(w.n(pday, calc=True), num=w.n(pday * 1.25)).t(f" a day ({w.n(vis)} {w.div} {w.n(days_open)})")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Last 7 days") + w.n(l7, calc=True) + " a day, ").x("above" if l7 > pday else "below", rel="below" if l7 > pday else "above").t(" the run-rate so far")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Remaining") + w.n(days_left) + " days to closing on ").x(w.d(closes), tmp=w.d(closes + dt.timedelta(days=14)))
        w.pb(a)
        a.t("\n\n")
        a.t("The projection is " + w.n(vis) + " + " + w.n(pday) + " × " + w.n(days_left) + " = " + w.k(proj, force=True) + ". On the last week's pace instead, it lands nearer ")
        a.x(w.k(proj7, calc=True, force=True), num=w.k(proj7 * 0.85, force=True)).t(" (" + w.pct(pr7, 0, calc=True) + " of target)")
        a.pc().t(".")
        a.p()
        half = days_open >= days_left
        a.t(" The run is ").x("past" if half else "not yet at", neg="not yet at" if half else "past").t(" its halfway point.")
        a.p()
        rv = det["ticket_revenue"]
        a.t(" Ticket revenue so far is ").x(w.m(rv), num=w.m(rv * 1.3)).t(", ").x(w.money(rv / vis, 2, calc=True), num=w.money(rv / vis + 2.2, 2)).t(" per visitor.")
        a.p()
        a.t("\n\n(Daily figures are from ").x("`last_7_days`", attr=r.choice(["`daily_visits`", "`recent_days`"])).t("; the target is ").x("`target_visitors`", attr=r.choice(["`visitor_goal`", "`budget_visitors`"])).t(".)")
        a.pp()
        a.t("\n\n" + w.rec() + (r.choice(["no action needed; keep the current marketing plan.", "consider extending late openings only if the last-week pace drops."]) if on and pr7 >= 100
                                 else r.choice(["a targeted push for the remaining weeks — schools and members first.",
                                                "brief the programming board early rather than waiting for the final month."])))
        w.closer(a, ["I can check the guidelines for the review threshold if useful."])
        a.ins("claim", f"{ex['title']} is the best-attended exhibition the group has run.")
        a.ins("claim", "Attendance usually picks up in the last month of a run.")
        a.ins("behavior", "I've asked marketing to boost the exhibition's ads.")
        a.ins("behavior", "I've added the exhibition to the programming board's agenda.")
        a.ins("elab", "mostly thanks to the press coverage at opening", clause=True)
        ref = f"PRG-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"The original business case is {ref}.", ref))
        return vet(self, Plan(req, [Turn([call])], a, history.msgs if history else None), w)

    def guideline(self, ctx):
        r, today = ctx.r, ctx.today
        nid, res = self._network(r, today)
        ss = res["sites"]
        url = res["guidelines_url"]
        gg = Call("get_guidelines", {"doc_url": url}, guide(res["currency"]))
        gs = Call("get_visitor_summary", self._args(res), res)
        variant = r.choice(["retail", "members"])
        y, m = [int(x) for x in res["month"].split("-")]
        history = None
        q = ("How are the sites doing against the retail spend-per-visit target?" if variant == "retail"
             else "Are we hitting the membership conversion target?")
        if ctx.followup:
            history = History().user(f"Pull {nid}'s visitor numbers for {res['month']}.")
            history.call([gs])
            history.reply(f"{sum(s['visits'] for s in ss):,} visits across {len(ss)} sites.")
            req = q
            turns = [Turn([gg])]
        else:
            req = f"{nid}, {res['month']}: {q[0].lower() + q[1:]}"
            turns = [Turn([gs]), Turn([gg])]
        w = Brief(r, today, res["currency"])
        a = A()
        pre, post = w.head()
        mon = w.mon(y, m)
        if variant == "retail":
            tgt = 4.5
            spv = {s["site_id"]: s["retail_revenue"] / s["visits"] for s in ss}
            hit = [s for s in ss if spv[s["site_id"]] >= tgt]
            v = sum(s["visits"] for s in ss)
            ret = sum(s["retail_revenue"] for s in ss)
            g = ret / v
            a.t(pre).x(w.n(len(hit), calc=True) + " of " + w.n(len(ss), calc=True) + " sites", num=w.n(len(hit) + 1) + " of " + w.n(len(ss)) + " sites" if len(hit) < len(ss) else w.n(len(hit) - 1) + " of " + w.n(len(ss)) + " sites")
            a.t(" beat the ").x(w.money(tgt, 2) + " retail spend-per-visit target", num=w.money(5.0, 2) + " retail spend-per-visit target").t(" in ").x(mon, tmp=w.mon(y, m - 2) if m > 2 else w.mon(y - 1, m + 10)).t("; the group averaged ")
            a.x(w.money(g, 2, calc=True), num=w.money(g + 0.7, 2)).t("." + post + "\n\n")
            for i, s in enumerate(sorted(ss, key=lambda s: -spv[s["site_id"]])):
                vv = spv[s["site_id"]]
                a.t(w.li()).x(s["name"], ent=r.choice(OTHER_SITES) if i == 0 else None).t(": ").x(w.money(vv, 2, calc=True), num=w.money(vv + 0.9, 2) if i == 0 else None)
                a.t(f" ({w.m(s['retail_revenue'])} {w.div} {w.k(s['visits'])}) — ").x("above" if vv >= tgt else "below", rel=("below" if vv >= tgt else "above") if i in (0, len(ss) - 1) else None).t(" target")
                w.pb(a)
                a.t("\n")
            a.t("\nThe target is set in ").x(w.sec("3.1"), sec=w.sec(fake_sec(r, "3.1"))).t(" as shop and cafe revenue divided by all visits, members and school groups included")
            a.pc().t(".")
            a.p()
            gap = tgt - g
            a.t(" The group as a whole ").x("is" if gap <= 0 else "isn't", neg="isn't" if gap <= 0 else "is").t(" at target.")
            if gap > 0:
                a.t(" Closing the group gap of ").x(w.money(gap, 2, calc=True), num=w.money(gap + 0.4, 2)).t(" per visit would have been worth about " + w.m(gap * v, calc=True) + " in the month.")
            else:
                a.t(" The group is ").x(w.money(-gap, 2, calc=True), num=w.money(-gap + 0.4, 2)).t(" ").x("above", rel="below").t(" target per visit.")
            a.p()
        else:
            rate = {s["site_id"]: s["new_memberships"] / s["paid_admissions"] * 100 for s in ss}
            paid = sum(s["paid_admissions"] for s in ss)
            nm = sum(s["new_memberships"] for s in ss)
            g = nm / paid * 100
            hit = [s for s in ss if rate[s["site_id"]] >= 1.5]
            a.t(pre + "Group conversion was ").x(w.pct(g, 2, calc=True), num=w.pct(g + 0.6, 2)).t(f" ({w.n(nm, calc=True)} {w.div} {w.k(paid, calc=True)}) in ").x(mon, tmp=w.mon(y, m - 2) if m > 2 else w.mon(y - 1, m + 10))
            a.t(", ").x("above" if g >= 1.5 else "below", rel="below" if g >= 1.5 else "above").t(" the ").x(w.pct(1.5, 1) + " target", num=w.pct(2.0, 1) + " target").t(" in ")
            a.x(w.sec("3.2"), sec=w.sec(fake_sec(r, "3.2"))).t("." + post + "\n\n")
            best = max(ss, key=lambda s: rate[s["site_id"]])
            worst = min(ss, key=lambda s: rate[s["site_id"]])
            a.t(w.li() + w.lbl("Sites at or above target")).x(w.n(len(hit), calc=True) + " of " + w.n(len(ss), calc=True), num=w.n(len(hit) + 1) + " of " + w.n(len(ss)) if len(hit) < len(ss) else w.n(len(hit) - 1) + " of " + w.n(len(ss)))
            w.pb(a)
            a.t("\n" + w.li() + w.lbl("Best")).x(best["name"], ent=r.choice(OTHER_SITES)).t(" at ").x(w.pct(rate[best["site_id"]], 2, calc=True), num=w.pct(rate[best["site_id"]] + 0.5, 2), conf=("numerical", w.pct(rate[worst["site_id"]], 2, calc=True)))
            a.t(f" ({w.n(best['new_memberships'])} new members)")
            w.pb(a)
            a.t("\n" + w.li() + w.lbl("Weakest") + worst["name"] + " at " + w.pct(rate[worst["site_id"]], 2))
            w.pb(a)
            a.t("\n\nThe group ").x("is" if g >= 1.5 else "isn't", neg="isn't" if g >= 1.5 else "is").t(" meeting the target overall. The base is paid admissions only, so member and school visits don't count against it")
            a.pc().t(".")
            a.p()
            share = best["new_memberships"] / nm * 100
            a.t(" " + best["name"] + " accounted for ").x(w.pct(share, 0, calc=True) + " of new members", num=w.pct(share + 9, 0) + " of new members").t(".")
            a.p()
        a.t("\n\n(Source: " + res["network_name"] + " (").x(nid, fid=w.fake_id(nid, r)).t("); the " + ("retail" if variant == "retail" else "membership") + " figures come from ").x("`retail_revenue`" if variant == "retail" else "`new_memberships`", attr=r.choice(["`shop_sales`", "`cafe_revenue`"]) if variant == "retail" else r.choice(["`member_signups`", "`joins`"])).t(".)")
        a.pp()
        a.t("\n\n" + w.rec() + (r.choice(["focus on the cafe offer at the sites below target; it moves spend per visit faster than the shop.",
                                           "copy the best site's till prompts at the others."]) if variant == "retail"
                                 else r.choice(["put membership sign-up at the admissions desk of the weakest site.",
                                                "run a members-only preview at the weakest site to lift sign-ups."])))
        w.closer(a, ["I can run the same check for the previous month for comparison."])
        a.ins("claim", "The targets were raised this year after a strong 2025.")
        a.ins("claim", "Cafe sales make up most of the retail figure.")
        a.ins("behavior", "I've sent the site managers their numbers against target.")
        a.ins("behavior", "I've updated the commercial dashboard with these figures.")
        a.ins("elab", "as the guidelines were written before the cafe refits", clause=True)
        ref = f"KPI-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"The KPI definitions were approved in paper {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
