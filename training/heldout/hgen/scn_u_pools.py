"""pool_service (set u): the route assistant of BlueLagoon Pool Co — a weekly pool-route visit (tech, arrival and
departure, water readings, chemicals added with quantities and unit prices, filter work, visit status) read against
the service plan terms (a Markdown document fetched by path: target ranges, chemicals billed per unit, skip limit,
minimum pause), and putting a visit on a skip / vacation hold (refused by design once the season's skips are used up —
reason code and a plan pause from a later date as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .ustyle import M, Sms, add_min, emit_cta, hm, ts, vet

BASE = "https://api.bluelagoonpools.example/v1"
TERMS = "/plans/terms/weekly-service-plan-bl-5.md"
TECHS = [("Luis Carmona", "PT-61"), ("Shay Whitman", "PT-74"), ("Andre Boyle", "PT-58"), ("Tessa Nguyen", "PT-66")]
FAKE_TECHS = ["Corey Blaylock", "Mina Farrow"]
CUSTOMERS = ["Judy Kessler", "Marco Bianchi", "Ron Abernathy", "Keisha Grant", "Ellen Sato", "Vince Duarte"]
FAKE_CUSTOMERS = ["Phyllis Dorn", "Terrence Ault"]
STREETS = ["Palo Verde Dr", "Saguaro Ct", "E Camelback Rd", "Desert Willow Ln", "Ocotillo Way"]
CITIES = ["Scottsdale", "Tempe", "Mesa", "Chandler"]
FAKE_CITIES = ["Gilbert", "Peoria"]
CHEMS = [("liquid chlorine", "gal", 6.5), ("muriatic acid", "gal", 9.25), ("chlorine tabs", "bucket", 42.0),
         ("stabilizer", "lb", 5.75), ("shock", "bag", 7.5)]
ZONES = ["America/Phoenix", "America/Los_Angeles"]
PHONES = ["555-0109", "555-0195"]


class PoolService(Scenario):
    name = "pool_service"
    agent = "bluelagoon-route-assistant"
    service = "bluelagoon-route-ops"
    system = ("You are the route assistant of BlueLagoon Pool Co. Your replies are texts and push notifications to pool "
              "techs and customers: short lines, readings and quick math, the plan terms section when it matters, one call "
              "to action. Use only the route system and the plan terms.")
    error_style = 1
    entity_noun = {"visit_id": "Visit", "account_id": "Account", "doc_path": "Document"}
    preambles = ["Checking the visit log.", "Pulling the visit and the plan terms."]

    def __init__(self):
        self.tools = [
            Tool("get_visit", "A pool-route visit: account, customer, address, tech, arrival and departure, water readings, "
                              "chemicals added, filter work and status.",
                 s_obj({"visit_id": s_str("Visit, e.g. 'PV-204117'.", pattern=r"^PV-\d{6}$"),
                        "include_readings": s_bool("Include water readings.")}, ["visit_id"]),
                 entity={"visit_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("read_plan_terms", "A service plan terms document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/plans/terms/[a-z0-9/_.-]+\.md$"),
                        "section": s_int("Only this section.", 1, 10)}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "pdf")]),
            Tool("hold_visit", "Skip one weekly visit (vacation hold). Holds beyond the season's skip limit are refused with "
                               "a reason code and the alternative.",
                 s_obj({"account_id": s_str("Account, e.g. 'BL-30418'.", pattern=r"^BL-\d{5}$"),
                        "week_of": s_date("Monday of the week to skip, YYYY-MM-DD."),
                        "reason": s_str("Reason.", enum=["vacation", "construction", "other"]),
                        "weeks": s_int("Consecutive weeks.", 1, 4)},
                       ["account_id", "week_of"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("waive_limit", True)]),
        ]
        self.intents = [("visit_summary", self.summary, True), ("skip_visit", self.skip, True)]

    def _P(self, r):
        return {"cl_lo": 2, "cl_hi": 4, "ph_lo": 7.2, "ph_hi": 7.6, "skips": r.choice([2, 3]),
                "pause": r.choice([28, 30]), "rev": r.choice(["5", "6"])}

    def _visit(self, r, today):
        zone = r.choice(ZONES)
        tech, tid = r.choice(TECHS)
        arr = ts(today, r.choice([8, 9, 10, 11, 13, 14]), r.choice([0, 10, 25, 40]), zone)
        stay = r.choice([25, 30, 35, 40, 45])
        chems = []
        for name, unit, price in r.sample(CHEMS, r.randint(1, 3)):
            chems.append({"chemical": name, "qty": r.choice([1, 2, 3]), "unit": unit, "unit_price": price})
        return {"visit_id": f"PV-{r.randint(100000, 999999)}", "account_id": f"BL-{r.randint(10000, 99999)}",
                "customer": r.choice(CUSTOMERS), "address": f"{r.randint(100, 9899)} {r.choice(STREETS)}, {r.choice(CITIES)}",
                "tech": {"name": tech, "tech_id": tid}, "arrived_at": arr, "departed_at": add_min(arr, stay),
                "readings": {"free_chlorine_ppm": r.choice([0.8, 1.2, 1.5, 2.5, 3.0]), "ph": r.choice([7.0, 7.4, 7.8, 8.0])},
                "chemicals": chems, "filter_cleaned": r.random() < 0.5, "status": "completed",
                "skips_used": r.randint(0, 3), "terms_path": TERMS, "office_phone": r.choice(PHONES), "time_zone": zone,
                "as_of": add_min(arr, stay + r.randint(5, 40))}

    def _doc(self, P):
        return ("# BlueLagoon Pool Co — Weekly Service Plan Terms (BL-5)\n\n"
                f"Revision {P['rev']}\n\n"
                "## 3. Water chemistry\n"
                f"3.1 Free chlorine is kept between {P['cl_lo']} and {P['cl_hi']} ppm.\n"
                f"3.2 pH is kept between {P['ph_lo']} and {P['ph_hi']}.\n"
                "3.3 Chemicals added are billed per unit at the posted price.\n\n"
                "## 5. Holds\n"
                f"5.1 Up to {P['skips']} weekly visits per season may be skipped at no charge.\n"
                f"5.2 Beyond that, the plan may be paused for at least {P['pause']} days, starting on a Monday.\n")

    def _history(self, rec):
        h = History().user(f"who did visit {rec['visit_id']}?")
        h.call([Call("get_visit", {"visit_id": rec["visit_id"]}, rec)])
        h.reply(f"{rec['tech']['name']} ({rec['tech']['tech_id']}) at {rec['address']}, account {rec['account_id']}.")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "Pump motor making noise, replacement likely.")
        a.ins("claim", "Heater set to 84°F per customer.")
        a.ins("behavior", "Ordered a new skimmer basket for next visit.")
        a.ins("behavior", "Emailed the customer the water report.")
        fake = f"PV-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"Same issue noted on visit {fake}.", fake))

    def summary(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._visit(r, today)
        args = {"visit_id": rec["visit_id"]}
        if r.random() < 0.5:
            args["include_readings"] = True
        cg = Call("get_visit", args, rec)
        cd = Call("read_plan_terms", {"doc_path": TERMS}, self._doc(P))
        req = r.choice([f"customer asking about today's visit {rec['visit_id']}, readings + what we added?",
                        f"Summary of pool visit {rec['visit_id']} for the customer pls"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["what were the readings and what did he add? cost?", "send me a quick summary of that visit + chem cost"])
            turns = [Turn([cd])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        a.t("Visit ").x(rec["visit_id"], fid=w.fake_id(rec["visit_id"], r)).t(" ")
        if r.random() < 0.5:
            a.t("status: ").x("completed", attr=r.choice(["completed_partial", "serviced_full"])).t(" · ")
        else:
            a.x("done", val=r.choice(["in progress", "skipped"])).t(" ✓ · ")
        a.t(rec["address"].split(", ")[0] + ", ").x(rec["address"].split(", ")[1], ent=r.choice(FAKE_CITIES)).t("\n")
        stay = (hm(rec["departed_at"])[0] * 60 + hm(rec["departed_at"])[1]) - (hm(rec["arrived_at"])[0] * 60 + hm(rec["arrived_at"])[1])
        w.declare(stay)
        a.t(w.b()).x(rec["tech"]["name"], ent=r.choice(FAKE_TECHS)).t(" on site ")
        a.x(w.rng(rec["arrived_at"], rec["departed_at"]), tmp=w.rng(add_min(rec["arrived_at"], r.choice([-45, -30])), rec["departed_at"]))
        a.t(" (" + w.dur(stay) + ")").pp().t("\n")
        rd = rec["readings"]
        cl, ph = rd["free_chlorine_ppm"], rd["ph"]
        cl_pos = "under" if cl < P["cl_lo"] else ("over" if cl > P["cl_hi"] else "in range")
        a.t(w.b() + "Chlorine ").x(f"{cl:g}", num=f"{cl + 1.7:g}").t(" ppm → ")
        if cl_pos == "in range":
            a.x("in range", rel="under range").t(" " + f"{P['cl_lo']}-{P['cl_hi']}")
        else:
            a.x(cl_pos, rel="over" if cl_pos == "under" else "under").t(" " + f"{P['cl_lo']}-{P['cl_hi']}" + " target")
        a.t(" (").x("§3.1", sec=r.choice(["§3.4", "§2.1"])).t(")").pc().t("\n")
        a.ins("elab", "probably from the monsoon dust", clause=True)
        ph_pos = "low" if ph < P["ph_lo"] else ("high" if ph > P["ph_hi"] else "ok")
        a.t(w.b() + "pH ").x(f"{ph:g}", num=f"{ph - 0.9:g}", conf=None).t(" → ")
        if ph_pos == "ok":
            a.x("ok", val="high").t(" (" + f"{P['ph_lo']:g}–{P['ph_hi']:g}" + ")")
        else:
            a.x(ph_pos, val="ok" if r.random() < 0.5 else ("low" if ph_pos == "high" else "high")).t(", target " + f"{P['ph_lo']:g}–{P['ph_hi']:g}")
        a.pp().t("\n")
        ch = rec["chemicals"]
        total = 0.0
        for i, c in enumerate(ch):
            line = round(c["qty"] * c["unit_price"], 2)
            total += line
            a.t(w.b() + c["chemical"] + " ")
            if i == 0:
                a.x("x" + str(c["qty"]), num="x" + str(c["qty"] + 3))
            else:
                a.t("x" + str(c["qty"]))
            a.t(" " + c["unit"] + " × " + w.usd(c["unit_price"]) + " = ")
            if i == 0 and len(ch) > 1 and ch[1]["unit_price"] * c["qty"] != line:
                a.x(w.usd(line, calc=True), conf=("numerical", w.usd(round(ch[1]["unit_price"] * c["qty"], 2))))
            else:
                a.t(w.usd(line, calc=True))
            a.t("\n")
        total = round(total, 2)
        if len(ch) > 1:
            a.t(w.b() + "Chems total: " + " + ".join(w.usd(round(c["qty"] * c["unit_price"], 2)) for c in ch) + " = ")
            a.x(w.usd(total, calc=True), num=w.usd(round(total + 25, 2))).t(" (§3.3)").pp().t("\n")
        else:
            a.t(w.b() + w.lc("billed per unit (") + "§3.3)").pp().t("\n")
        if rec["filter_cleaned"]:
            a.t(w.b() + "Filter ").x("cleaned", neg="not cleaned").pp().t("\n")
        else:
            a.t(w.b() + w.fy()).x(w.lc("no filter clean"), neg=w.lc("filter cleaned")).t(w.lc(" this week")).pp().t("\n")
        emit_cta(a, w, rec["office_phone"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def skip(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._visit(r, today)
        ok = r.random() < 0.5
        rec["skips_used"] = r.randint(0, P["skips"] - 1) if ok else P["skips"]
        monday = today + dt.timedelta(days=(7 - today.weekday()) % 7 or 7)
        week = monday + dt.timedelta(days=7 * r.randint(0, 2))
        args = {"account_id": rec["account_id"], "week_of": week.isoformat()}
        if r.random() < 0.6:
            args["reason"] = "vacation"
        if ok:
            res = {"status": "held", "hold_id": f"HLD-{r.randint(10000, 99999)}", "account_id": rec["account_id"],
                   "week_of": week.isoformat(), "skips_used": rec["skips_used"] + 1, "skips_allowed": P["skips"],
                   "next_visit": (week + dt.timedelta(days=7 + r.randint(0, 4))).isoformat()}
        else:
            res = {"status": "refused", "reason_code": "SKIP_LIMIT_REACHED", "account_id": rec["account_id"],
                   "skips_used": rec["skips_used"], "skips_allowed": P["skips"],
                   "alternative": {"option": "pause_plan", "start": week.isoformat(),
                                   "end": (week + dt.timedelta(days=P["pause"])).isoformat()}}
        cg = Call("get_visit", {"visit_id": rec["visit_id"]}, rec)
        cd = Call("read_plan_terms", {"doc_path": TERMS}, self._doc(P))
        ch = Call("hold_visit", args, res)
        req = r.choice([f"{rec['customer']} (acct {rec['account_id']}, last visit {rec['visit_id']}) out of town week of {week.isoformat()} — skip it",
                        f"Skip the {week.isoformat()} visit for {rec['account_id']} pls. last visit was {rec['visit_id']}"])
        turns = [Turn([cg]), Turn([cd]), Turn([ch])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"they're away week of {week.isoformat()}, skip that one", f"skip week of {week.isoformat()} for that account"])
            turns = [Turn([cd]), Turn([ch])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        dc, df = w.dpair(week, r.choice([-7, 7]))
        if ok:
            used = res["skips_used"]
            w.declare(P["skips"] - used)
            a.t("Week of ").x(dc, tmp=df).t(" → ").x("skipped", val="pending review").t(" ✓\n")
            a.t(w.b() + "Hold ").x(res["hold_id"], fid=w.fake_id(res["hold_id"], r)).t(", acct " + rec["account_id"]).t("\n")
            a.t(w.b()).x(str(used), num=str(used + 2)).t(" of " + str(P["skips"]) + " skips used → " + str(P["skips"] - used) + " left (")
            a.x("§5.1", sec=r.choice(["§5.3", "§4.1"])).t(")").pc().t("\n")
            a.ins("elab", "after the two holds last summer", clause=True)
            a.t(w.b()).x(w.lc("no charge"), neg=w.lc("$25 charge")).t(w.lc(" for the skip")).pp().t("\n")
            nc, nf = w.dpair(res["next_visit"], r.choice([-3, 7]))
            a.t(w.b() + "Next visit ").x(nc, tmp=nf, conf=("temporal", w.d(week))).t(" w/ ").x(rec["tech"]["name"], ent=r.choice(FAKE_TECHS)).pp().t("\n")
            emit_cta(a, w, rec["office_phone"])
        else:
            alt = res["alternative"]
            a.t("Can't skip week of ").x(dc, tmp=df).t(" ✗\n")
            a.t(w.b() + "Reason: ").x(str(rec["skips_used"]), num=str(rec["skips_used"] + 2)).t(" of " + str(P["skips"]) + " skips ")
            a.x("already used", neg="not used yet").t(" (").x("SKIP_LIMIT_REACHED", attr=r.choice(["SKIPS_EXHAUSTED", "HOLD_LIMIT"])).t(")").pc().t("\n")
            a.ins("elab", "after the two holds last summer", clause=True)
            a.t(w.b() + "Limit per ").x("§5.1", sec=r.choice(["§5.3", "§4.1"])).t("\n")
            sc, sf = w.dpair(alt["start"], r.choice([-7, 14]))
            ec, ef = w.dpair(alt["end"], r.choice([-10, 12]), calc=True)
            a.t(w.b() + "Alt: pause plan ").x(sc, tmp=sf).t(" + " + str(P["pause"]) + " days = ").x(ec, tmp=ef).t(", min " + str(P["pause"]) + " days (")
            a.x("§5.2", sec=r.choice(["§5.5", "§6.2"])).t(")").pp().t("\n")
            a.t(w.b() + "Acct ").x(rec["account_id"], fid=w.fake_id(rec["account_id"], r)).t(", ").x(rec["customer"], ent=r.choice(FAKE_CUSTOMERS)).t("\n")
            a.t("Reply Y to pause instead")
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
