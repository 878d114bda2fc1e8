"""hair_salon (set p): the data assistant of an Iberian hair-salon chain (salons in Spain and Portugal) — answers from
the salon operations database (SQL results per stylist and per service category), monthly booking exports of the
booking system (CSV with Spanish headers, DD/MM/YYYY dates, decimal commas), stylist records and the staff & client
policy (numbered sections), and changes weekly rosters (a change refused by design — over the weekly maximum, stylist
on leave — comes back with a reason code and an alternative, which the agent applies instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_int, s_obj, s_str
from .pstyle import D, Ana, iso_week, rnd, table, vet

BASE = "https://api.tijeraecor.example/v1"
POLICY = "https://intranet.tijeraecor.example/policies/staff-and-clients"
SALONS = [("SAL-101", "Sevilla Triana"), ("SAL-104", "Málaga Centro"), ("SAL-107", "Cádiz Viña"),
          ("SAL-112", "Valencia Ruzafa"), ("SAL-118", "A Coruña Riazor"), ("SAL-121", "Lisboa Alcântara"),
          ("SAL-125", "Porto Foz")]
FAKE_SALONS = ["Granada Albaicín", "Bilbao Deusto", "Braga Sé", "Murcia Santa Eulalia"]
STYLISTS = ["Lucía Fernández", "João Gonçalves", "Inês Araújo", "Marta Íñiguez", "Álvaro Peña", "Begoña Ruiz",
            "Conceição Lima", "Sofía Muñoz", "Nuno Sequeira", "Iñaki Garzón"]
FAKE_STYLISTS = ["Carmen Olmedo", "Duarte Pestana", "Rocío Valverde"]
SERVICES = [("Corte", "cut", 28.0), ("Color", "colour", 55.0), ("Mechas", "highlights", 72.0), ("Tratamiento", "treatment", 35.0),
            ("Peinado", "styling", 22.0)]


def es(x, dec=2):
    return f"{x:,.{dec}f}".replace(",", "X").replace(".", ",").replace("X", ".")


class HairSalon(Scenario):
    name = "hair_salon"
    agent = "tijeraecor-data-assistant"
    service = "tijeraecor-salon-insights"
    system = ("You are the data assistant of Tijera & Cor, a chain of hair salons in Spain and Portugal. Answer managers' "
              "questions about utilisation, bookings, no-shows and revenue from the salon database, the booking exports, "
              "the stylist records and the staff & client policy. Show the working and write amounts in euros. You can "
              "change weekly rosters; if a change is refused, explain why and apply the alternative offered.")
    error_style = 0
    currency = "EUR"
    src_loc = "eu"
    entity_noun = {"stylist_id": "Stylist", "salon_id": "Salon", "export_path": "Export", "policy_url": "Page"}
    preambles = ["Let me check the salon data.", "Pulling the numbers.", "One moment."]
    literal_ok = []

    def __init__(self):
        self.tools = [
            Tool("run_query", "Read-only SQL on the salon operations or finance schema.",
                 s_obj({"sql": s_str("SQL SELECT.", min_len=10, max_len=4000),
                        "schema": s_str("Schema.", enum=["salon_ops", "finance"]),
                        "limit": s_int("Maximum rows.", 1, 10000)}, ["sql"]),
                 http=BASE, extra=[("cache", False)]),
            Tool("get_stylist", "A stylist: salon, contract hours, commission rate, services, status.",
                 s_obj({"stylist_id": s_str("Stylist ID, e.g. 'ST-2041'.", pattern=r"^ST-\d{4}$")}, ["stylist_id"]),
                 entity={"stylist_id": "id"}, http=BASE, extra=[("include_reviews", True)]),
            Tool("list_booking_exports", "Monthly booking exports of a salon.",
                 s_obj({"salon_id": s_str("Salon ID, e.g. 'SAL-101'.", pattern=r"^SAL-\d{3}$"),
                        "month": s_str("Month, 'YYYY-MM'.", pattern=r"^\d{4}-\d{2}$")}, ["salon_id", "month"]),
                 entity={"salon_id": "id"}, http=BASE, extra=[("format", "xlsx")]),
            Tool("get_booking_export", "A booking export (CSV, semicolons, decimal comma, DD/MM/YYYY).",
                 s_obj({"export_path": s_str("Path, e.g. '/exports/bookings/sal-101/2026-03.csv'.",
                                             pattern=r"^/exports/bookings/[a-z0-9_/-]+\.csv$")}, ["export_path"]),
                 entity={"export_path": "path"}, http=BASE, extra=[("encoding", "utf-16")]),
            Tool("fetch_policy", "A page of the staff & client policy (plain text, numbered sections).",
                 s_obj({"policy_url": s_str("Page URL.", pattern=r"^https://intranet\.tijeraecor\.example/.+$")}, ["policy_url"]),
                 entity={"policy_url": "url"}, http=BASE, extra=[("lang", "es")]),
            Tool("update_roster", "Set a stylist's rostered hours for an ISO week. A change the rules don't allow is "
                                  "refused with a reason code and an alternative.",
                 s_obj({"stylist_id": s_str("Stylist ID.", pattern=r"^ST-\d{4}$"),
                        "iso_week": s_str("ISO week, e.g. '2026-W14'.", pattern=r"^\d{4}-W\d{2}$"),
                        "hours": s_int("Rostered hours.", 0, 60)}, ["stylist_id", "iso_week", "hours"]),
                 entity={"stylist_id": "id"}, http=BASE, extra=[("notify_stylist", True)]),
        ]
        self.intents = [("utilisation", self.util, True), ("no_shows", self.noshow, True),
                        ("service_revenue", self.revenue, True), ("roster_change", self.roster, True)]

    def _policy(self, P):
        return ("TIJERA & COR — STAFF AND CLIENT POLICY\nLast revised: " + P["rev"] + "\n\n"
                "1. Scope\n1.1 Applies to all salons in Spain and Portugal.\n\n"
                "2. Client no-shows\n"
                f"2.1 A client who does not attend is charged {P['fee']} % of the booked service price.\n"
                f"2.2 No fee is charged when the client cancels at least {P['cancel_h']} hours before the appointment.\n"
                f"2.3 A salon whose monthly no-show rate is above {es(P['ns_target'], 1)} % reviews its reminder settings.\n\n"
                "3. Commission\n"
                "3.1 Commission is paid on service revenue only; retail sales are excluded.\n\n"
                "4. Working time\n"
                f"4.1 Rostered hours may not exceed {P['max_h']} hours per stylist and ISO week.\n"
                "4.2 Stylists on leave cannot be rostered for the weeks of their leave.\n")

    def _pparams(self, r, today):
        return {"rev": (D(today) - dt.timedelta(days=r.randint(30, 200))).strftime("%d/%m/%Y"), "fee": r.choice([50, 50, 30]),
                "cancel_h": r.choice([24, 48]), "ns_target": r.choice([4.0, 5.0, 6.0]), "max_h": 40}

    # ------------------------------------------------------------------ intents
    def util(self, ctx):
        r, today = ctx.r, ctx.today
        sid, snm = r.choice(SALONS)
        wk = iso_week(D(today) - dt.timedelta(days=7))
        sts = r.sample(STYLISTS, r.randint(4, 6))
        rows = []
        for k, nm in enumerate(sts):
            avail = r.choice([1800, 2100, 2400])
            booked = int(avail * r.uniform(0.52, 0.93))
            rows.append([f"ST-{r.randint(1000, 9999)}", nm, avail, booked])
        res = {"columns": ["stylist_id", "stylist_name", "available_minutes", "booked_minutes"], "rows": rows, "row_count": len(rows),
               "params": {"salon_id": sid, "week": f"{wk[0]}-W{wk[1]:02d}"}}
        q = Call("run_query", {"sql": "SELECT stylist_id, stylist_name, available_minutes, booked_minutes FROM v_stylist_week "
                                      f"WHERE salon_id = '{sid}' AND iso_week = '{wk[0]}-W{wk[1]:02d}'", "schema": "salon_ops"}, res)
        req = r.choice([f"How well were the stylists at {snm} booked last week?", f"Utilisation per stylist at {snm} ({sid}) for week {wk[1]}, please."])
        turns = [Turn([q])]
        history = None
        if ctx.followup:
            hq = Call("run_query", {"sql": f"SELECT salon_id, salon_name FROM salon WHERE salon_name = '{snm}'", "schema": "salon_ops"},
                      {"columns": ["salon_id", "salon_name"], "rows": [[sid, snm]], "row_count": 1})
            history = History().user(f"What's the salon ID of {snm}?")
            history.call([hq])
            history.reply(f"{snm} is {sid}.")
            req = r.choice(["How well booked were its stylists last week?", "Show me last week's utilisation per stylist there."])
        w = Ana(r, today, "EUR", dstyles=("dot", "slash", "long", "iso"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        ut = [x[3] / x[2] * 100 for x in rows]
        ta, tb = sum(x[2] for x in rows), sum(x[3] for x in rows)
        tot = tb / ta * 100
        w.declare("num", ta)
        w.declare("num", tb)
        hi = max(range(len(rows)), key=lambda i: ut[i])
        lo = min(range(len(rows)), key=lambda i: ut[i])
        a.t(snm + " was ").x(w.pct(tot, calc=True), num=w.pct(tot + 8.5)).t(" booked in " + w.wk(wk) + " (" + w.fmt(tb) + " ÷ " + w.fmt(ta) + " minutes).")
        a.p()
        a.t("\n\n")
        order = sorted(range(len(rows)), key=lambda i: -ut[i])
        cells = []
        for k, i in enumerate(order):
            x = rows[i]
            cells.append([(x[1], {"ent": r.choice(FAKE_STYLISTS)}) if k == 1 else x[1],
                          w.num(x[3] / 60, 1, "h", calc=True), w.num(x[2] / 60, 1, "h", calc=True),
                          (w.pct(ut[i], calc=True), {"num": w.pct(ut[i] - 12)}) if k == 0 else w.pct(ut[i], calc=True)])
        table(a, ["Stylist", "Booked", "Available", "Utilisation"], cells)
        a.t("\n\n")
        a.x(rows[hi][1], conf=("entity", rows[lo][1])).t(" had the ").x("fullest", rel="emptiest").t(" book, " + w.num(rows[hi][3] / 60, 1, "hours") + " of "
                                                                                                       + w.num(rows[hi][2] / 60, 1) + ".")
        gap = rnd(ut[hi], 1) - rnd(ut[lo], 1)
        a.t(" " + rows[lo][1] + " was the least booked at " + w.pct(ut[lo]) + ", ")
        a.x(w.pp(gap).lstrip("+"), num=w.pp(gap + 7).lstrip("+")).t(" ").x("below", rel="above").t(" the top")
        a.pc().t(".")
        a.p()
        free = (rows[lo][2] - rows[lo][3]) / 60
        a.t(" That's " + w.num(free, 1, "hours", calc=True) + " of unbooked time (" + w.fmt(rows[lo][2]) + " − " + w.fmt(rows[lo][3]) + " = "
            + w.n(rows[lo][2] - rows[lo][3], calc=True) + " minutes).")
        a.t("\n\nSource: ").x("`v_stylist_week`", attr="`" + r.choice(["v_stylist_weekly", "v_staff_week", "stylist_week_fact"]) + "`").t(", columns `booked_minutes` and `available_minutes`.")
        w.closer(a, ["Want the same for the other salons?", "I can compare it with the previous week."])
        a.ins("claim", "Saturdays were fully booked for every stylist.")
        a.ins("claim", "Colour appointments took up most of the booked time.")
        a.ins("behavior", f"I've asked the salon manager to move walk-ins to {rows[lo][1]}.")
        a.ins("behavior", "I've opened extra online booking slots for next week.")
        a.ins("elab", "mainly because of the Semana Santa holidays", clause=True)
        fake = f"/exports/bookings/{sid.lower()}/{wk[0]}-w{wk[1]:02d}-utilisation.csv"
        a.ins("cite", w.cite_text(f"The day-by-day view is in {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def noshow(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._pparams(r, today)
        sid, snm = r.choice(SALONS)
        m = (D(today).replace(day=1) - dt.timedelta(days=1)).replace(day=1)
        mid = m.strftime("%Y-%m")
        path = f"/exports/bookings/{sid.lower()}/{mid}.csv"
        lst = Call("list_booking_exports", {"salon_id": sid, "month": mid},
                   {"salon_id": sid, "month": mid, "exports": [{"export_path": path, "rows": 0, "created_at": D(today).isoformat() + "T05:00:00Z"}],
                    "no_show_policy": POLICY})
        sts = r.sample(STYLISTS, 3)
        n = r.randint(36, 60)
        n_ns = r.randint(1, 5)
        n_ca = r.randint(0, 3)
        states = ["no_presentado"] * n_ns + ["cancelada"] * n_ca + ["completada"] * (n - n_ns - n_ca)
        r.shuffle(states)
        lines = []
        for k in range(n):
            d = m + dt.timedelta(days=r.randint(0, 26))
            svc = r.choice(SERVICES)
            lines.append((d, f"{r.choice([9, 10, 11, 12, 16, 17, 18]):02d}:{r.choice(['00', '30'])}", r.choice(sts), svc, states[k]))
        lines.sort(key=lambda x: (x[0], x[1]))
        lst.result["exports"][0]["rows"] = n
        csv = ("Fecha;Hora;Estilista;Servicio;Precio (€);Estado\n"
               + "".join(f"{d.strftime('%d/%m/%Y')};{h};{s};{svc[0]};{es(svc[2])};{st}\n" for d, h, s, svc, st in lines))
        ex = Call("get_booking_export", {"export_path": path}, csv)
        pol = Call("fetch_policy", {"policy_url": POLICY}, self._policy(P))
        req = r.choice([f"What was the no-show rate at {snm} ({sid}) in {m.strftime('%B')}, and how much can we charge under the policy?",
                        f"No-shows at {sid} for {mid}: rate and the fees we're entitled to."])
        turns = [Turn([lst]), Turn([ex, pol])]
        history = None
        if ctx.followup:
            history = History().user(f"Is the {m.strftime('%B')} booking export for {snm} ({sid}) ready?")
            history.call([lst])
            history.reply(f"Yes: {path}.")
            req = r.choice(["What's the no-show rate in it, and what fees can we charge under the policy?",
                            "Check it for no-shows and work out the fees per the staff & client policy."])
            turns = [Turn([ex, pol])]
        w = Ana(r, today, "EUR", dstyles=("dot", "slash", "long", "iso"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        ns = [x for x in lines if x[4] == "no_presentado"]
        canc = [x for x in lines if x[4] == "cancelada"]
        rate = len(ns) / n * 100
        fee_sum = sum(x[3][2] for x in ns) * P["fee"] / 100
        over = rate > P["ns_target"]
        w.declare("num", n)
        a.t(snm + " had ").x(w.n(len(ns), "no-show", calc=True), num=w.n(len(ns) + 3, "no-show")).t(" out of " + w.fmt(n) + " bookings in ")
        a.x(w.mon(m.year, m.month), tmp=w.mon(m.year - 1, m.month)).t(", a rate of " + w.fmt(len(ns)) + " ÷ " + w.fmt(n) + " = ")
        a.x(w.pct(rate, calc=True), num=w.pct(rate / 2)).t(" — ").x("above" if over else "below", rel="below" if over else "above")
        a.t(" the " + w.pct(P["ns_target"]) + " review level in ").x("§ 2.3", sec="§ 2.6").t(".")
        a.p()
        a.t("\n\n")
        for i, x in enumerate(ns):
            a.t(w.li()).x(w.d(x[0]), tmp=w.d(x[0] + dt.timedelta(days=r.choice([-3, 4]))) if i == 0 else None).t(" " + x[1] + ", ")
            a.x(x[2], ent=r.choice(FAKE_STYLISTS) if i == 0 else None).t(", " + x[3][1] + " (" + x[3][0] + ") at ").x(w.money(x[3][2], cents=True), num=w.money(x[3][2] + 20, cents=True) if i == 0 else None)
            if i == 0:
                w.pb(a)
            a.t("\n")
        prices = [x[3][2] for x in ns]
        a.t("\nFees at ").x(w.pct(P["fee"], dec=0), num=w.pct(P["fee"] + 25, dec=0)).t(" of the service price (").x("§ 2.1", sec="§ 2.5").t("): (")
        a.t(" + ".join(w.money(p, cents=True) for p in prices) + ") × " + w.pct(P["fee"], dec=0) + " = ").x(w.money(fee_sum, calc=True, cents=True), num=w.money(fee_sum * 1.4, cents=True))
        w.declare("money", sum(prices))
        a.t(".")
        a.p()
        if canc:
            a.t(" The " + w.n(len(canc), "cancellation", calc=True, word=True) + " (`cancelada`) ").x("aren't" if len(canc) > 1 else "isn't", neg="are" if len(canc) > 1 else "is").t(" charged if the client cancelled at least ")
            a.x(w.n(P["cancel_h"], "hour"), num=w.n(P["cancel_h"] + 24, "hour")).t(" ahead (§ 2.2); the export doesn't show when they cancelled")
            a.pc().t(".")
        a.t("\n\nFrom ").x(path, fid=w.fake_path(path, r)).t(", column ").x("`Estado`", attr="`" + r.choice(["Situación", "Estado_cita", "Resultado"]) + "`").t(" = `no_presentado`.")
        w.closer(a, ["Shall I check the reminder settings for this salon?", "Want the same for the other salons?"])
        a.ins("claim", "Most no-shows were first-time clients.")
        a.ins("claim", "No-shows peak on Monday mornings across the chain.")
        a.ins("behavior", "I've already charged the fees to the clients' cards.")
        a.ins("behavior", "I've switched on SMS reminders for this salon.")
        a.ins("elab", "probably because the reminder SMS failed that week", clause=True)
        fake = f"INC-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"The SMS outage is tracked as {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def revenue(self, ctx):
        r, today = ctx.r, ctx.today
        sid, snm = r.choice(SALONS)
        m1 = (D(today).replace(day=1) - dt.timedelta(days=1)).replace(day=1)
        m0 = (m1 - dt.timedelta(days=1)).replace(day=1)
        rows = []
        for es_, en, p in SERVICES[:4]:
            n0 = r.randint(40, 220)
            n1 = max(20, n0 + r.randint(-40, 45))
            rows.append([es_, n0, round(n0 * p * r.uniform(0.97, 1.03), 2), n1, round(n1 * p * r.uniform(0.97, 1.03), 2)])
        ret0 = round(r.uniform(900, 3200), 2)
        ret1 = round(ret0 * r.uniform(0.8, 1.25), 2)
        rows.append(["Venta (retail)", None, ret0, None, ret1])
        res = {"columns": ["category", "services_prev", "revenue_prev_eur", "services_month", "revenue_month_eur"], "rows": rows,
               "row_count": len(rows), "params": {"salon_id": sid, "month": m1.strftime("%Y-%m"), "prev_month": m0.strftime("%Y-%m")}}
        q = Call("run_query", {"sql": "SELECT category, services_prev, revenue_prev_eur, services_month, revenue_month_eur FROM v_category_month "
                                      f"WHERE salon_id = '{sid}' AND month = '{m1.strftime('%Y-%m')}'", "schema": "finance"}, res)
        req = r.choice([f"How did revenue by service category develop at {snm} in {m1.strftime('%B')} vs {m0.strftime('%B')}?",
                        f"Revenue mix for {snm} ({sid}), {m1.strftime('%B %Y')} against the previous month."])
        turns = [Turn([q])]
        history = None
        if ctx.followup:
            hq = Call("run_query", {"sql": f"SELECT salon_id, salon_name, manager FROM salon WHERE salon_id = '{sid}'", "schema": "salon_ops"},
                      {"columns": ["salon_id", "salon_name", "manager"], "rows": [[sid, snm, r.choice(STYLISTS)]], "row_count": 1})
            history = History().user(f"Who manages {sid}?")
            history.call([hq])
            history.reply(f"{sid} is {snm}; its manager is {hq.result['rows'][0][2]}.")
            req = r.choice([f"How did its revenue by category develop in {m1.strftime('%B')} vs {m0.strftime('%B')}?",
                            "Give me its revenue mix for last month against the month before."])
        w = Ana(r, today, "EUR", dstyles=("dot", "slash", "long", "iso"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        svc = rows[:4]
        t0 = sum(x[2] for x in rows)
        t1 = sum(x[4] for x in rows)
        s1 = sum(x[4] for x in svc)
        ch = (t1 - t0) / t0 * 100
        top = max(svc, key=lambda x: x[4])
        sec = sorted(svc, key=lambda x: x[4])[-2]
        en = {x[0]: x[1] for x in SERVICES}
        a.t("Total revenue at " + snm + " ").x("rose" if ch > 0 else "fell", rel="fell" if ch > 0 else "rose").t(" from " + w.money(t0, calc=True) + " to ")
        a.x(w.money(t1, calc=True), num=w.money(t1 * 1.2)).t(" (" + w.pct(ch, calc=True, sign=True) + ") in ").x(w.mon(m1.year, m1.month), tmp=w.mon(m1.year - 1, m1.month)).t(".")
        a.p()
        a.t("\n\n")
        cells = []
        for x in svc:
            c = (x[4] - x[2]) / x[2] * 100
            cells.append([en[x[0]] + " (" + x[0] + ")", w.fmt(x[3]), (w.money(x[4]), {"num": w.money(x[4] * 0.7)}) if x is sec else w.money(x[4]),
                          w.pct(x[4] / t1 * 100, calc=True), w.pct(c, calc=True, sign=True)])
        c = (rows[4][4] - rows[4][2]) / rows[4][2] * 100
        cells.append(["Retail (Venta)", "—", w.money(rows[4][4]), w.pct(rows[4][4] / t1 * 100, calc=True), w.pct(c, calc=True, sign=True)])
        table(a, ["Category", "Services", "Revenue", "Share", "Δ vs " + w.mon(m0.year, m0.month)], cells)
        a.t("\n\n")
        a.x(en[top[0]].capitalize(), ent=r.choice(["Perms", "Keratin", "Extensions"]), conf=("entity", en[sec[0]].capitalize())).t(" brought in the ")
        a.x("most", rel="least").t(": " + w.money(top[4]) + " from " + w.fmt(top[3]) + " services, i.e. ")
        a.x(w.money(top[4] / top[3], calc=True, cents=True), num=w.money(top[4] / top[3] + 9, cents=True)).t(" per service on average.")
        a.p()
        a.t(" Service revenue alone was " + " + ".join(w.money(x[4]) for x in svc) + " = " + w.money(s1, calc=True) + "; retail ")
        if c < 0:
            a.x("didn't", neg="did").t(" keep pace (" + w.pct(c, calc=True, sign=True) + ")")
        else:
            a.t("grew as well (" + w.pct(c, calc=True, sign=True) + ")")
        a.pc().t(".")
        a.t("\n\nQuery on ").x("`v_category_month`", attr="`" + r.choice(["v_category_monthly", "v_revenue_category", "category_month"]) + "`").t(" (" + w.n(len(rows), "row", calc=True) + ").")
        w.closer(a, ["Want it per stylist?", "I can add the average ticket per client."])
        a.ins("claim", "Colour revenue was driven by the spring balayage promotion.")
        a.ins("claim", f"{snm} had the highest retail share in the chain.")
        a.ins("behavior", "I've shared the figures with the regional manager.")
        a.ins("behavior", "I've raised the colour prices for next month.")
        a.ins("elab", "mainly thanks to two extra Saturdays", clause=True)
        fake = f"/exports/finance/{sid.lower()}/{m1.strftime('%Y-%m')}-categories.csv"
        a.ins("cite", w.cite_text(f"The detailed export is at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def roster(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._pparams(r, today)
        sid, snm = r.choice(SALONS)
        stid = f"ST-{r.randint(1000, 9999)}"
        nm = r.choice(STYLISTS)
        wk = iso_week(D(today) + dt.timedelta(days=7 * r.randint(1, 3)))
        leave = r.random() < 0.4
        lstart = dt.date.fromisocalendar(wk[0], wk[1], 1) - dt.timedelta(days=r.randint(0, 2))
        lend = lstart + dt.timedelta(days=r.choice([9, 11, 13]))
        rec = {"stylist_id": stid, "name": nm, "salon_id": sid, "salon_name": snm, "contract_hours_week": r.choice([30, 35, 40]),
               "commission_pct": r.choice([8, 10, 12]), "status": "active", "policy_url": POLICY,
               "leave": ([{"from": lstart.isoformat(), "to": lend.isoformat(), "type": "vacaciones"}] if leave else [])}
        want = r.choice([38, 42, 44, 45]) if not leave else r.choice([32, 36, 40])
        gs = Call("get_stylist", {"stylist_id": stid}, rec)
        pol = Call("fetch_policy", {"policy_url": POLICY}, self._policy(P))
        wid = f"{wk[0]}-W{wk[1]:02d}"
        a1 = {"stylist_id": stid, "iso_week": wid, "hours": want}
        if leave:
            reason = "STYLIST_ON_LEAVE"
            nxt = iso_week(lend + dt.timedelta(days=7 - lend.weekday()))
            final = dict(a1, iso_week=f"{nxt[0]}-W{nxt[1]:02d}")
            alt = {"iso_week": final["iso_week"]}
        elif want > P["max_h"]:
            reason = "EXCEEDS_WEEKLY_MAX"
            final = dict(a1, hours=P["max_h"])
            alt = {"hours": P["max_h"]}
        else:
            reason, final, alt = None, a1, None
        calls = []
        if reason:
            calls.append(Call("update_roster", a1, {"status": "refused", "reason_code": reason, "alternative": alt,
                                                     "message": ("Stylist is on leave in that week." if leave else f"Maximum is {P['max_h']} hours per week.")}))
        calls.append(Call("update_roster", final, {"status": "updated", "stylist_id": stid, "iso_week": final["iso_week"], "hours": final["hours"],
                                                    "previous_hours": rec["contract_hours_week"]}))
        req = r.choice([f"Roster {nm} ({stid}) for {want} hours in week {wk[1]}, please.", f"Set {stid} to {want} h for {wid}."])
        turns = [Turn([gs]), Turn([pol])] + [Turn([c]) for c in calls]
        history = None
        if ctx.followup:
            hq = Call("run_query", {"sql": f"SELECT stylist_id, stylist_name FROM stylist WHERE salon_id = '{sid}' AND active", "schema": "salon_ops"},
                      {"columns": ["stylist_id", "stylist_name"], "rows": [[stid, nm]], "row_count": 1})
            history = History().user(f"Who's the colour specialist at {snm}?")
            history.call([hq])
            history.reply(f"{nm} ({stid}).")
            req = r.choice([f"Roster {nm.split()[0]} for {want} hours in week {wk[1]}.", f"Put {nm} on {want} hours for {wid}, please."])
        w = Ana(r, today, "EUR", dstyles=("dot", "slash", "long", "iso"), wstyles=("week", "week", "W", "iso", "CW"))
        a = A()
        fw = (int(final["iso_week"][:4]), int(final["iso_week"][-2:]))
        if reason == "STYLIST_ON_LEAVE":
            a.t("I couldn't roster " + nm + " for " + w.wk(wk) + ": the change was ").x("refused", val="accepted").t(" (")
            a.x("`STYLIST_ON_LEAVE`", attr="`" + r.choice(["ON_VACATION", "LEAVE_CONFLICT", "STAFF_ABSENT"]) + "`").t(") because " + nm.split()[0] + " is on leave from ")
            a.x(w.d(lstart), tmp=w.d(lstart + dt.timedelta(days=5))).t(" to " + w.d(lend) + " (").x("§ 4.2", sec="§ 4.5").t(").")
            a.p()
            a.t(" As the system suggested, I set the ").x(w.n(want, "hour"), num=w.n(want + 6, "hour")).t(" for the first full week back, ")
            a.x(w.wk(fw), tmp=w.wk((fw[0], fw[1] + 3)), conf=("temporal", w.wk(wk))).t(", instead.")
        elif reason == "EXCEEDS_WEEKLY_MAX":
            a.t("A roster of " + w.fmt(want) + " hours was ").x("refused", val="accepted").t(" (")
            a.x("`EXCEEDS_WEEKLY_MAX`", attr="`" + r.choice(["MAX_HOURS_EXCEEDED", "HOURS_LIMIT", "OVERTIME_BLOCKED"]) + "`").t("): § 4.1 caps rosters at ")
            a.x(w.n(P["max_h"], "hour"), num=w.n(P["max_h"] + 5, "hour")).t(" per stylist and week, so I set " + nm + " to ")
            a.x(w.n(P["max_h"], "hour"), conf=("numerical", w.n(want, "hour"))).t(" for " + w.wk(wk) + " — " + w.fmt(want) + " − " + w.fmt(P["max_h"]) + " = "
                                                                                                     + w.n(want - P["max_h"], "hour", calc=True) + " short of what you asked.")
            a.p()
        else:
            a.t("Done: " + nm + " ").x("is", neg="isn't").t(" now rostered for ").x(w.n(want, "hour"), num=w.n(want + 4, "hour")).t(" in ")
            a.x(w.wk(wk), tmp=w.wk((wk[0], wk[1] + 2))).t(", within the ").x(w.n(P["max_h"], "hour"), num=w.n(P["max_h"] - 4, "hour")).t(" limit in § 4.1.")
            a.p()
        a.t("\n\n" + w.li() + "Stylist: " + nm + " (").x(stid, fid=w.fake_id(stid, r)).t("), ").x(snm, ent=r.choice(FAKE_SALONS)).t("")
        w.pb(a)
        a.t("\n" + w.li() + "Contract hours: " + w.n(rec["contract_hours_week"], "hour") + " a week, so the roster is ")
        diff = final["hours"] - rec["contract_hours_week"]
        if diff:
            a.x(w.n(abs(diff), "hour", calc=True), num=w.n(abs(diff) + 5, "hour")).t(" ").x("above" if diff > 0 else "below", rel="below" if diff > 0 else "above").t(" contract")
        else:
            a.t("exactly on contract")
        a.pc()
        w.pb(a)
        a.t("\n" + w.li() + "Status: ").x("`active`", attr="`" + r.choice(["enabled", "on_roster", "working"]) + "`")
        w.pb(a)
        w.closer(a, ["Want me to notify the salon manager?", "Shall I check the salon's total hours for that week?"])
        a.ins("claim", f"{nm} has the highest client rating at the salon.")
        a.ins("claim", "The salon is short-staffed that week anyway.")
        a.ins("behavior", "I've also sent the new roster to the payroll team.")
        a.ins("behavior", f"I've blocked {nm}'s online booking calendar for the extra hours.")
        a.ins("elab", "since two colleagues are on leave that week", clause=True)
        fake = f"RQ-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"The change is logged as request {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
