"""sawmill (set p): the data assistant of a sawmill group on Sweden's High Coast — answers from the mill data
warehouse (SQL results), the log-intake CSV exports of the timber-purchase system (Swedish headers, decimal commas,
m³fub), kiln records and the group's production and quality rules (numbered sections), and books drying-kiln charges
(a booking refused by design — kiln occupied, charge over capacity — comes back with a reason code and an alternative,
which the agent books instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_int, s_obj, s_str
from .pstyle import D, Ana, iso_week, rnd, table, vet

BASE = "https://api.norrsag.example/v1"
RULES = "https://docs.norrsag.example/production/rules-2026"
MILLS = {"harnosand": "Härnösand", "kramfors": "Kramfors", "solleftea": "Sollefteå"}
SUPPLIERS = ["Ådalens Skogsägare", "Höga Kusten Virke AB", "Sörbygdens Timmer", "Ångermanlands Skog ek. för.",
             "Nordingrå Skogstjänst"]
FAKE_SUP = ["Jämtlands Virke AB", "Örnsköldsviks Timmer", "Medelpads Skog"]
CUSTOMERS = [("KU-311", "Byggvaruhuset Umeå"), ("KU-327", "Trähus Gävle AB"), ("KU-340", "Holzhandel Lübeck GmbH"),
             ("KU-352", "Tømmer & Trelast Trondheim"), ("KU-368", "Puutalo Vaasa Oy")]
FAKE_CUST = ["Byggmax Sundsvall", "Trävaror Luleå AB", "Holzbau Kiel"]
DIMS = ["50×150", "47×200", "45×95", "63×175", "22×100"]
LINES = ["Line 1 (large logs)", "Line 2 (small logs)", "Line 3 (pine)"]


def sv(x, dec=2):
    return f"{x:.{dec}f}".replace(".", ",")


class Sawmill(Scenario):
    name = "sawmill"
    agent = "norrsag-data-assistant"
    service = "norrsag-mill-analytics"
    system = ("You are the data assistant of Norrsåg AB, a sawmill group with mills in Härnösand, Kramfors and Sollefteå. "
              "Answer production, timber-intake, kiln and quality questions from the mill data warehouse, the intake "
              "exports, the kiln records and the production rules. Show the working and write amounts in Swedish kronor. "
              "You can book kiln charges; if a booking is refused, explain why and book the alternative offered.")
    error_style = 1
    currency = "SEK"
    src_loc = "eu"
    entity_noun = {"kiln_id": "Kiln", "export_path": "Export", "rules_url": "Document", "batch_id": "Batch"}
    preambles = ["Querying the mill warehouse.", "Let me pull that.", "Checking the data."]
    literal_ok = LINES + ["Line 1", "Line 2", "Line 3", "m³fub", "C24", "C18"]

    def __init__(self):
        self.tools = [
            Tool("run_sql", "Read-only SQL against the mill data warehouse or the timber-purchase database.",
                 s_obj({"sql": s_str("SQL SELECT statement.", min_len=10, max_len=4000),
                        "source": s_str("Database.", enum=["mill_dw", "timber_purchase"]),
                        "max_rows": s_int("Row limit.", 1, 5000)}, ["sql", "source"]),
                 http=BASE, extra=[("dry_run", True)]),
            Tool("get_intake_export", "A daily log-intake export (CSV, semicolons, decimal comma, volumes in m³fub).",
                 s_obj({"export_path": s_str("Path, e.g. '/exports/intake/kramfors/2026-w11.csv'.",
                                             pattern=r"^/exports/intake/[a-z0-9_/-]+\.csv$")}, ["export_path"]),
                 entity={"export_path": "path"}, http=BASE, extra=[("encoding", "cp1252")]),
            Tool("list_intake_exports", "Intake exports of a mill for an ISO week.",
                 s_obj({"mill": s_str("Mill.", enum=list(MILLS)), "iso_week": s_str("ISO week, e.g. '2026-W11'.", pattern=r"^\d{4}-W\d{2}$")},
                       ["mill", "iso_week"]),
                 http=BASE, extra=[("include_corrections", True)]),
            Tool("get_kiln", "A drying kiln: capacity, current charge, programme, end time, next free start.",
                 s_obj({"kiln_id": s_str("Kiln ID, e.g. 'TK-04'.", pattern=r"^TK-\d{2}$")}, ["kiln_id"]),
                 entity={"kiln_id": "id"}, http=BASE, extra=[("with_sensors", True)]),
            Tool("fetch_rules", "A page of the production and quality rules (plain text, numbered sections).",
                 s_obj({"rules_url": s_str("Page URL.", pattern=r"^https://docs\.norrsag\.example/.+$")}, ["rules_url"]),
                 entity={"rules_url": "url"}, http=BASE, extra=[("version", "draft")]),
            Tool("book_kiln", "Book a sawn-timber batch into a kiln. A booking the rules don't allow is refused with a "
                              "reason code and an alternative.",
                 s_obj({"kiln_id": s_str("Kiln ID.", pattern=r"^TK-\d{2}$"),
                        "batch_id": s_str("Batch ID, e.g. 'B-260311'.", pattern=r"^B-\d{6}$"),
                        "start": s_str("Start, 'YYYY-MM-DDTHH:MM'.", pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$"),
                        "volume_m3": s_int("Volume to load in m³ (whole m³).", 1, 400)},
                       ["kiln_id", "batch_id", "start"]),
                 entity={"kiln_id": "id", "batch_id": "id"}, http=BASE, extra=[("priority", "rush")]),
        ]
        self.intents = [("intake_week", self.intake, True), ("line_yield", self.yields, True),
                        ("kiln_booking", self.kiln, True), ("quality_claims", self.claims, True)]

    def _rules(self, P):
        return ("NORRSÅG AB — PRODUCTION AND QUALITY RULES 2026\nApproved: " + P["approved"] + "\n\n"
                "1. Scope\n1.1 Applies to the mills in Härnösand, Kramfors and Sollefteå.\n\n"
                "2. Yield\n"
                f"2.1 Target volume yield (sawn m³ / log m³fub): Line 1 {P['t1']} %, Line 2 {P['t2']} %, Line 3 {P['t3']} %.\n"
                f"2.2 A line more than {P['dev']} percentage points below its target for a week is reviewed by the mill manager.\n\n"
                "4. Kilns\n"
                f"4.1 A kiln charge may not exceed {P['fill']} % of the kiln's capacity.\n"
                f"4.2 Target moisture after drying: {P['moist']} % for construction timber.\n\n"
                "6. Claims\n"
                f"6.1 Claimed volume should stay below {sv(P['claim'], 1)} % of the volume delivered to a customer per quarter.\n"
                "6.2 Credits are booked against the customer's next invoice.\n")

    def _rparams(self, r, today):
        return {"approved": (D(today) - dt.timedelta(days=r.randint(40, 120))).strftime("%d.%m.%Y"),
                "t1": r.choice([49, 50, 51]), "t2": r.choice([44, 45, 46]), "t3": r.choice([47, 48]),
                "dev": r.choice([2, 3]), "fill": r.choice([90, 95]), "moist": r.choice([16, 18]), "claim": r.choice([0.8, 1.0, 1.2])}

    # ------------------------------------------------------------------ intents
    def intake(self, ctx):
        r, today = ctx.r, ctx.today
        mill = r.choice(list(MILLS))
        wk = iso_week(D(today) - dt.timedelta(days=7))
        mon = dt.date.fromisocalendar(wk[0], wk[1], 1)
        sups = r.sample(SUPPLIERS, r.randint(3, 4))
        pr = {"Gran": r.choice([580.0, 600.0, 615.0]), "Tall": r.choice([560.0, 575.0, 590.0])}
        lines = []
        for k in range(r.randint(7, 10)):
            d = mon + dt.timedelta(days=min(4, k // 2))
            sp = r.choice(["Gran", "Gran", "Tall"])
            vol = round(r.uniform(45, 260), 1)
            p = pr[sp] + r.choice([0, 0, 10, -5])
            lines.append((d, r.choice(sups), sp, vol, p, round(vol * p, 2)))
        path = f"/exports/intake/{mill}/{wk[0]}-w{wk[1]:02d}.csv"
        csv = (f"# Virkesinmätning {MILLS[mill]} vecka {wk[1]} ({wk[0]}-W{wk[1]:02d})\n"
               "Datum;Leverantör;Trädslag;Volym m³fub;Pris kr/m³fub;Belopp kr\n"
               + "".join(f"{d.strftime('%d.%m.%Y')};{s};{sp};{sv(v, 1)};{sv(p)};{sv(b)}\n" for d, s, sp, v, p, b in lines))
        ex = Call("get_intake_export", {"export_path": path}, csv)
        lst = Call("list_intake_exports", {"mill": mill, "iso_week": f"{wk[0]}-W{wk[1]:02d}"},
                   {"mill": mill, "iso_week": f"{wk[0]}-W{wk[1]:02d}", "exports": [{"export_path": path, "rows": len(lines),
                    "created_at": (mon + dt.timedelta(days=7)).isoformat() + "T06:00:00+01:00"}]})
        req = r.choice([f"How much timber came into {MILLS[mill]} last week, and what did it cost?",
                        f"Summarise last week's log intake at {MILLS[mill]}: volume by species, average price, biggest supplier."])
        turns = [Turn([lst]), Turn([ex])]
        history = None
        if ctx.followup:
            history = History().user(f"Is the intake export for {MILLS[mill]}, week {wk[1]}, out yet?")
            history.call([lst])
            history.reply(f"Yes: {path} ({len(lines)} rows).")
            req = r.choice(["Summarise it — volume by species, average price and the biggest supplier.",
                            "What does it say: total volume, cost and who delivered most?"])
            turns = [Turn([ex])]
        w = Ana(r, today, "SEK", locs=("sp", "sp", "sp", "en"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        tv = sum(x[3] for x in lines)
        tc = sum(x[5] for x in lines)
        avg = tc / tv
        bysp = {}
        for x in lines:
            bysp[x[2]] = bysp.get(x[2], 0) + x[3]
        bysup = {}
        for x in lines:
            bysup[x[1]] = bysup.get(x[1], 0) + x[3]
        top = max(bysup, key=bysup.get)
        sec = sorted(bysup, key=bysup.get)[-2]
        w.opener(a)
        a.t(MILLS[mill] + " took in ").x(w.num(tv, 1, "m³fub", calc=True), num=w.num(tv * 1.3, 1, "m³fub")).t(" of logs in " + w.wk(wk) + " for ")
        a.x(w.money(tc, calc=True), num=w.money(tc * 0.8)).t(", i.e. ").x(w.money(avg, calc=True, cents=True), num=w.money(avg + 45, cents=True)).t(" per m³fub on average.")
        a.p()
        a.t("\n\n")
        for i, sp in enumerate(sorted(bysp, key=bysp.get, reverse=True)):
            en = {"Gran": "spruce", "Tall": "pine"}[sp]
            a.t(w.li() + en.capitalize() + " (" + sp + "): ")
            a.x(w.num(bysp[sp], 1, "m³", calc=True), num=w.num(bysp[sp] + 80, 1, "m³") if i == 0 else None).t(" (" + w.pct(bysp[sp] / tv * 100, calc=True) + ")")
            w.pb(a)
            a.t("\n")
        a.t(w.li() + "Deliveries: ").x(w.n(len(lines), "load", calc=True), num=w.n(len(lines) + 4, "load")).t(" from " + w.n(len(bysup), "supplier", calc=True))
        w.pb(a)
        a.t("\n\nBiggest supplier: ").x(top, ent=r.choice(FAKE_SUP), conf=("entity", sec)).t(" with " + w.num(bysup[top], 1, "m³", calc=True) + " — "
            + w.num(bysup[top], 1) + " of " + w.num(tv, 1) + " m³ (" + w.pct(bysup[top] / tv * 100, calc=True) + ")")
        a.pc().t(".")
        a.p()
        big = max(lines, key=lambda x: x[3])
        a.t(" The largest single load was " + w.num(big[3], 1, "m³fub") + " of " + {"Gran": "spruce", "Tall": "pine"}[big[2]] + " on ")
        a.x(w.d(big[0], wd=True), tmp=w.d(big[0] + dt.timedelta(days=r.choice([-7, 8])), wd=True)).t(" (" + w.num(big[3], 1) + " × " + w.money(big[4], cents=True)
            + " = " + w.money(big[5], cents=True) + ").")
        a.p()
        a.t("\n\nFrom ").x(path, fid=w.fake_path(path, r)).t("; volumes are ").x("`Volym m³fub`", attr="`" + r.choice(["Volym m³to", "Volym m³sub", "Kubik fub"]) + "`")
        a.t(", i.e. solid volume ").x("under", rel="over").t(" bark.")
        w.closer(a, ["Want the same for the other mills?", "I can compare this with the previous week."])
        a.ins("claim", "Pine prices have risen every week this year.")
        a.ins("claim", f"{top} also delivered the most in the previous week.")
        a.ins("behavior", "I've forwarded the summary to the timber buyers.")
        a.ins("behavior", f"I've approved the outstanding invoices from {top}.")
        a.ins("elab", "thanks to a large final felling close to the mill", clause=True)
        fake = f"/exports/intake/{mill}/{wk[0]}-w{wk[1]:02d}-corrections.csv"
        a.ins("cite", w.cite_text(f"Corrections are listed in {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def yields(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._rparams(r, today)
        mill = r.choice(list(MILLS))
        wk = iso_week(D(today) - dt.timedelta(days=7))
        tgt = [P["t1"], P["t2"], P["t3"]]
        rows = []
        bad = r.randrange(3)
        for i, ln in enumerate(LINES):
            logs = round(r.uniform(900, 2600), 1)
            y = tgt[i] + (r.uniform(-0.8, 1.6) if i != bad else -r.uniform(P["dev"] + 0.4, P["dev"] + 3.0) if r.random() < 0.7 else r.uniform(-1.5, -0.3))
            sawn = round(logs * y / 100, 1)
            rows.append([ln, logs, sawn])
        cols = ["line", "logs_m3fub", "sawn_m3"]
        qid = f"q{r.randint(100000, 999999)}"
        res = {"query_id": qid, "params": {"mill": mill, "week": f"{wk[0]}-W{wk[1]:02d}"}, "columns": cols, "rows": rows, "row_count": 3}
        q = Call("run_sql", {"sql": f"SELECT line, SUM(log_volume_m3fub) AS logs_m3fub, SUM(sawn_volume_m3) AS sawn_m3 FROM fact_sawing "
                                    f"WHERE mill = '{mill}' AND iso_week = '{wk[0]}-W{wk[1]:02d}' GROUP BY line ORDER BY line", "source": "mill_dw"}, res)
        doc = Call("fetch_rules", {"rules_url": RULES}, self._rules(P))
        req = r.choice([f"What was the sawing yield per line at {MILLS[mill]} last week? Any line below the targets in {RULES}?",
                        f"Yield by line for {MILLS[mill]}, week {wk[1]}, against the targets in the rules ({RULES})."])
        turns = [Turn([q, doc])]
        history = None
        if ctx.followup:
            history = History().user(f"Can you open the current production rules? {RULES}")
            history.call([doc])
            history.reply(f"Here: {RULES} (approved {P['approved']}).")
            req = r.choice([f"Using those targets, how did the lines at {MILLS[mill]} do last week?",
                            f"Check last week's yield per line at {MILLS[mill]} against them."])
            turns = [Turn([q])]
        w = Ana(r, today, "SEK", locs=("sp", "sp", "sp", "en"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        ys = [x[2] / x[1] * 100 for x in rows]
        gaps = [rnd(y, 1) - t for y, t in zip(ys, tgt)]
        worst = min(range(3), key=lambda i: gaps[i])
        tl = sum(x[1] for x in rows)
        ts = sum(x[2] for x in rows)
        w.declare("num", tl)
        w.declare("num", ts)
        below = gaps[worst] < 0
        a.t(("Lowest against target: " if below else "All three lines met their yield targets; closest call: ") + rows[worst][0].split(" (")[0] + " at ")
        a.x(w.pct(ys[worst], calc=True), num=w.pct(ys[worst] + 4.2)).t(" vs a target of ").x(w.pct(tgt[worst], dec=0), conf=("numerical", w.pct(tgt[(worst + 1) % 3], dec=0)) if tgt[(worst + 1) % 3] != tgt[worst] else None)
        a.t(" (").x("§ 2.1", sec="§ 2.4").t(")" + (", " + w.pp(gaps[worst]).lstrip("+") + "." if below else "."))
        a.p()
        a.t("\n\n")
        cells = []
        for i, (x, y) in enumerate(zip(rows, ys)):
            cells.append([x[0], w.num(x[1], 1), w.num(x[2], 1), (w.pct(y, calc=True), {"num": w.pct(y - 5)}) if i == (worst + 1) % 3 else w.pct(y, calc=True),
                          w.pct(tgt[i], dec=0), w.pp(rnd(y, 1) - tgt[i])])
        table(a, ["Line", "Logs (m³fub)", "Sawn (m³)", "Yield", "Target", "Gap"], cells)
        a.t("\n\nMill total: " + w.num(ts, 1) + " ÷ " + w.num(tl, 1) + " = " + w.pct(ts / tl * 100, calc=True) + ".")
        if below and -gaps[worst] > P["dev"]:
            a.t(" " + rows[worst][0].split(" (")[0] + " is more than ").x(w.fmt(P["dev"]) + " percentage points", num=w.fmt(P["dev"] + 3) + " percentage points")
            a.t(" under target, so under § 2.2 it ").x("goes", neg="doesn't go").t(" to the mill manager for review")
            a.pc().t(".")
        elif below:
            a.t(" The gap is ").x("within", rel="beyond").t(" the " + w.fmt(P["dev"]) + " percentage points that would trigger a review under § 2.2")
            a.pc().t(".")
        else:
            a.t(" No review ").x("is needed", neg="is skipped").t(" under § 2.2.")
        a.p()
        a.t("\n\nQuery ").x(qid, fid=f"q{r.randint(100000, 999999)}").t(" on ").x("`fact_sawing`", attr="`" + r.choice(["fact_sawmill", "sawing_fact", "fact_yield"]) + "`").t(".")
        w.closer(a, ["Want the weekly trend as well?", "I can split it by log diameter class."])
        a.ins("claim", "Line 2 had a saw-blade change mid-week.")
        a.ins("claim", "Yields are usually lower in winter because of frozen logs.")
        a.ins("behavior", "I've notified the mill manager.")
        a.ins("behavior", "I've adjusted the optimiser settings for the weakest line.")
        a.ins("elab", "mainly due to a higher share of small-diameter logs", clause=True)
        fake = f"{RULES}/appendix-{r.randint(2, 9)}"
        a.ins("cite", w.cite_text(f"The log-class breakdown is in {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def kiln(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._rparams(r, today)
        kid = f"TK-{r.randint(1, 12):02d}"
        cap = r.choice([180, 220, 260, 300])
        maxv = cap * P["fill"] // 100
        bid = f"B-{str(D(today).year)[2:]}{D(today).month:02d}{r.randint(10, 99):02d}"
        dim = r.choice(DIMS)
        vol = r.randint(int(maxv * 0.6), maxv) if r.random() < 0.6 else r.randint(maxv + 5, maxv + 40)
        busy = r.random() < 0.5 and vol <= maxv
        want = dt.datetime(D(today).year, D(today).month, D(today).day, r.choice([6, 14, 18]), 0) + dt.timedelta(days=r.randint(0, 2))
        end = want + dt.timedelta(hours=r.randint(6, 40))
        nfree = end + dt.timedelta(hours=2)
        nfree = nfree.replace(minute=0)
        kiln = {"kiln_id": kid, "mill": r.choice(list(MILLS)), "capacity_m3": cap, "status": "drying" if busy else "idle",
                "current_batch": f"B-{str(D(today).year)[2:]}{D(today).month:02d}{r.randint(10, 99):02d}" if busy else None,
                "programme": r.choice(["C24 16 %", "C24 18 %", "Joinery 12 %"]) if busy else None,
                "ends_at": end.strftime("%Y-%m-%dT%H:%M:00+01:00") if busy else None,
                "next_free_start": (nfree if busy else want).strftime("%Y-%m-%dT%H:%M"), "rules_url": RULES}
        if kiln["current_batch"] == bid:
            kiln["current_batch"] = bid[:-1] + str((int(bid[-1]) + 1) % 10)
        batch_rows = [[bid, dim, "Gran", vol, r.choice([48, 52, 55, 60])]]
        bq = Call("run_sql", {"sql": f"SELECT batch_id, dimension_mm, species, volume_m3, moisture_pct FROM sawn_batch WHERE batch_id = '{bid}'",
                              "source": "mill_dw"},
                  {"columns": ["batch_id", "dimension_mm", "species", "volume_m3", "moisture_pct"], "rows": batch_rows, "row_count": 1})
        gk = Call("get_kiln", {"kiln_id": kid}, kiln)
        doc = Call("fetch_rules", {"rules_url": RULES}, self._rules(P))
        a1 = {"kiln_id": kid, "batch_id": bid, "start": want.strftime("%Y-%m-%dT%H:%M"), "volume_m3": vol}
        if busy:
            reason = "KILN_OCCUPIED"
            final = dict(a1, start=nfree.strftime("%Y-%m-%dT%H:%M"))
            r1 = {"status": "refused", "reason_code": reason, "message": f"{kid} is drying another charge until {end.strftime('%Y-%m-%d %H:%M')}.",
                  "alternative": {"start": final["start"]}}
        elif vol > maxv:
            reason = "EXCEEDS_CAPACITY"
            final = dict(a1, volume_m3=maxv)
            r1 = {"status": "refused", "reason_code": reason, "message": f"Charge limit for {kid} is {maxv} m³ ({P['fill']} % of {cap} m³).",
                  "alternative": {"volume_m3": maxv}}
        else:
            reason, final, r1 = None, a1, None
        bkid = f"KB-{r.randint(10000, 99999)}"
        fs = dt.datetime.fromisoformat(final["start"])
        hours = r.choice([60, 72, 84, 96])
        done = fs + dt.timedelta(hours=hours)
        r2 = {"status": "booked", "booking_id": bkid, "kiln_id": kid, "batch_id": bid, "start": final["start"],
              "volume_m3": final["volume_m3"], "programme": "C24 " + str(P["moist"]) + " %", "estimated_end": done.strftime("%Y-%m-%dT%H:%M")}
        calls = ([Call("book_kiln", a1, r1)] if reason else []) + [Call("book_kiln", final, r2)]
        req = r.choice([f"Book batch {bid} into kiln {kid} starting {want.strftime('%Y-%m-%d %H:%M')}, full volume.",
                        f"Please put {bid} in {kid} from {want.strftime('%d.%m. %H:%M')} — all of it."])
        turns = [Turn([bq, gk]), Turn([doc])] + [Turn([c]) for c in calls]
        history = None
        if ctx.followup:
            history = History().user(f"What's in batch {bid}?")
            history.call([bq])
            history.reply(f"{bid}: {vol} m³ of {dim} spruce at {batch_rows[0][4]} % moisture.")
            req = r.choice([f"Book it into {kid} from {want.strftime('%Y-%m-%d %H:%M')}, the whole batch.",
                            f"Put it in kiln {kid} starting {want.strftime('%d.%m. %H:%M')}, please."])
            turns = [Turn([gk]), Turn([doc])] + [Turn([c]) for c in calls]
        w = Ana(r, today, "SEK", locs=("sp", "sp", "sp", "en"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        if reason == "KILN_OCCUPIED":
            a.t(kid + " ").x("is still drying", val="is idle, not drying").t(" another charge until " + w.d(end, wd=True) + " " + w.tm(end.hour, end.minute) + " (")
            a.x("`KILN_OCCUPIED`", attr="`" + r.choice(["KILN_BUSY", "SLOT_TAKEN", "KILN_IN_USE"]) + "`").t("), so I booked the next free start instead: ")
            a.x(w.d(fs, wd=True), tmp=w.d(fs + dt.timedelta(days=2), wd=True), conf=("temporal", w.d(want, wd=True))).t(" " + w.tm(fs.hour, fs.minute) + ".")
        elif reason == "EXCEEDS_CAPACITY":
            a.t("The full batch of " + w.fmt(vol) + " m³ was ").x("refused", val="accepted").t(" (")
            a.x("`EXCEEDS_CAPACITY`", attr="`" + r.choice(["OVER_CAPACITY", "CHARGE_TOO_LARGE", "VOLUME_LIMIT"]) + "`").t("): a charge may not exceed ")
            a.x(w.pct(P["fill"], dec=0), num=w.pct(P["fill"] - 15, dec=0)).t(" of capacity (").x("§ 4.1", sec="§ 4.6").t("), i.e. " + w.pct(P["fill"], dec=0) + " × " + w.fmt(cap)
                + " m³ = " + w.fmt(maxv) + " m³. I booked ").x(w.fmt(maxv) + " m³", conf=("numerical", w.fmt(vol) + " m³")).t(" instead; ")
            a.x(w.n(vol - maxv, "m³", calc=True, pl="m³"), num=w.n(vol - maxv + 20, "m³", pl="m³")).t(" " + "stay" + " behind for the next charge.")
        else:
            a.t("Booked: " + bid + " goes into " + kid + " on ").x(w.d(fs, wd=True), tmp=w.d(fs + dt.timedelta(days=1), wd=True)).t(" at " + w.tm(fs.hour, fs.minute) + ", with the whole ")
            a.x(w.fmt(vol) + " m³", num=w.fmt(vol + 30) + " m³").t(".")
        a.p()
        a.t("\n\n" + w.li() + "Booking: ").x(bkid, fid=w.fake_id(bkid, r))
        w.pb(a)
        a.t("\n" + w.li() + "Batch: " + bid + ", " + dim + " mm spruce, ").x(w.pct(batch_rows[0][4], dec=0), num=w.pct(batch_rows[0][4] - 20, dec=0)).t(" moisture")
        w.pb(a)
        a.t("\n" + w.li() + "Programme: ").x("C24 " + str(P["moist"]) + " %", ent="C24 " + str(P["moist"] - 4) + " %").t(", to the ")
        a.t(w.pct(P["moist"], dec=0) + " target in § 4.2")
        w.pb(a)
        a.t("\n" + w.li() + "Estimated end: ").x(w.d(done, wd=True), tmp=w.d(done + dt.timedelta(days=2), wd=True)).t(" " + w.tm(done.hour, done.minute)
            + " (" + w.n(hours, "hour", calc=True) + ")")
        w.pb(a)
        if busy:
            a.t("\n\nThe charge in there now, " + kiln["current_batch"] + ", ").x("hasn't", neg="has").t(" finished yet")
            a.pc().t(".")
        w.closer(a, ["Want me to book the remainder too?", "I can check the other kilns for an earlier slot."])
        a.ins("claim", f"{kid} is the fastest kiln at the mill.")
        a.ins("claim", "Spruce at this moisture usually dries a day faster.")
        a.ins("behavior", "I've told the kiln operator to prepare the stickers.")
        a.ins("behavior", "I've moved the other charge to a different kiln.")
        a.ins("elab", "because the kiln's fans were serviced last week", clause=True)
        fake = f"KB-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"It replaces the cancelled booking {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def claims(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._rparams(r, today)
        q_end = dt.date(D(today).year, ((D(today).month - 1) // 3) * 3 + 1, 1) - dt.timedelta(days=1)
        q_no = (q_end.month - 1) // 3 + 1
        custs = r.sample(CUSTOMERS, 4)
        rows = []
        for cid, nm in custs:
            deliv = round(r.uniform(800, 4200), 1)
            rate = r.uniform(0.2, P["claim"] - 0.1) if r.random() < 0.7 else r.uniform(P["claim"] + 0.15, P["claim"] + 1.2)
            cl = round(deliv * rate / 100, 1)
            credit = round(cl * r.choice([2850.0, 3100.0, 3350.0]), 2)
            rows.append([cid, nm, deliv, cl, credit, r.choice(["C24", "C18"])])
        cols = ["customer_id", "customer_name", "delivered_m3", "claimed_m3", "credit_sek", "main_grade"]
        period = f"{q_end.year}-Q{q_no}"
        res = {"columns": cols, "rows": rows, "row_count": 4, "params": {"quarter": period,
               "from": dt.date(q_end.year, 3 * q_no - 2, 1).isoformat(), "to": q_end.isoformat()}}
        q = Call("run_sql", {"sql": "SELECT customer_id, customer_name, delivered_m3, claimed_m3, credit_sek, main_grade FROM v_claims_quarter "
                                    f"WHERE quarter = '{period}' ORDER BY claimed_m3 DESC", "source": "mill_dw", "max_rows": 50}, res)
        doc = Call("fetch_rules", {"rules_url": RULES}, self._rules(P))
        req = r.choice([f"Which customers claimed most last quarter ({period}), and is anyone over the claim threshold in the rules at {RULES}?",
                        f"Quality claims by customer for {period} — any above the limit in {RULES}?"])
        turns = [Turn([q, doc])]
        history = None
        if ctx.followup:
            hq = Call("run_sql", {"sql": f"SELECT customer_id, customer_name FROM v_claims_quarter WHERE quarter = '{period}'", "source": "mill_dw"},
                      {"columns": ["customer_id", "customer_name"], "rows": [x[:2] for x in rows], "row_count": 4})
            history = History().user(f"Which customers had claims in {period}?")
            history.call([hq])
            history.reply("Four: " + ", ".join(x[1] for x in rows) + ".")
            req = r.choice([f"How much did each claim, and is anyone over the threshold in {RULES}?",
                            f"Rank them by claimed volume and check the claim rate against {RULES}."])
        w = Ana(r, today, "SEK", locs=("sp", "sp", "sp", "en"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        rates = [x[3] / x[2] * 100 for x in rows]
        over = [i for i in range(4) if rates[i] >= P["claim"]]
        srt = sorted(range(4), key=lambda i: -rows[i][3])
        tot_cr = sum(x[4] for x in rows)
        if over:
            i = max(over, key=lambda k: rates[k])
            a.x(rows[i][1], ent=r.choice(FAKE_CUST), conf=("entity", rows[srt[-1]][1]) if srt[-1] not in over else None).t(" ").x("is", neg="isn't").t(" ").x("over", rel="under")
            a.t(" the claim threshold: " + w.num(rows[i][3], 1) + " of " + w.num(rows[i][2], 1) + " m³ (")
            a.x(w.pct(rates[i], dec=2, calc=True), num=w.pct(rates[i] - 0.9, dec=2)).t(") against ").x(w.pct(P["claim"]), num=w.pct(P["claim"] + 1.0)).t(" in ")
            a.x("§ 6.1", sec="§ 6.5").t(".")
            if len(over) > 1:
                t = w.n(len(over) - 1, "other customer", calc=True, word=True)
                a.t(" " + t[0].upper() + t[1:] + " " + ("is" if len(over) == 2 else "are") + " over as well.")
        else:
            a.t("Every customer ").x("stayed under", rel="went over").t(" the claim threshold of ")
            a.x(w.pct(P["claim"]), num=w.pct(P["claim"] - 0.5)).t(" in ").x("§ 6.1", sec="§ 6.5").t(" for " + period + ".")
        a.p()
        a.t("\n\n")
        cells = []
        for k, i in enumerate(srt):
            x = rows[i]
            cells.append([(x[1], {"ent": r.choice(FAKE_CUST)}) if k == 1 else x[1], w.num(x[2], 1), (w.num(x[3], 1), {"num": w.num(x[3] + 12, 1)}) if k == 0 else w.num(x[3], 1),
                          w.pct(rates[i], dec=2, calc=True), w.money(x[4])])
        table(a, ["Customer", "Delivered (m³)", "Claimed (m³)", "Claim rate", "Credit"], cells)
        a.t("\n\nTotal credits: " + " + ".join(w.money(rows[i][4]) for i in srt) + " = ").x(w.money(tot_cr, calc=True), num=w.money(tot_cr * 1.25))
        a.t(", booked against each customer's ").x("next", rel="previous").t(" invoice (§ 6.2).")
        a.p()
        a.t("\n\nSource: ").x("`v_claims_quarter`", attr="`" + r.choice(["v_quality_claims", "v_claims_q", "claims_quarterly"]) + "`").t(" for " + period + ".")
        w.closer(a, ["Want the claims split by grade?", "I can list the individual claims for the top customer."])
        a.ins("claim", "Most claims were about wane on the C24 boards.")
        a.ins("claim", "Claims fell compared with the previous quarter.")
        a.ins("behavior", "I've informed the key-account managers.")
        a.ins("behavior", "I've put the over-threshold customer on a quality watch list.")
        a.ins("elab", "mostly because of moisture after long storage at the port", clause=True)
        fake = f"REK-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"The largest single claim is case {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
