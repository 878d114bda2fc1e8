"""benefits_enrollment (set r): the people-ops chat bot of Quillfeather Media answering in #ask-people threads — what a
coverage change would cost per paycheck and per year from the employee's enrollment, the plan rates and the Benefits
Guide (a web page fetched by URL, numbered sections), and qualifying-life-event changes (a change refused by design when
it is filed after the window — reason code and open enrollment as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .rstyle import Bot, ts, vet

BASE = "https://hris.quillfeather.example/api/v3"
GUIDE = "https://people.quillfeather.example/benefits/2026-benefits-guide-us"
PEOPLE = [("Dana Ortiz", "dana.ortiz"), ("Chris Yamamoto", "chris.yamamoto"), ("Fatima Zahra", "fatima.zahra"),
          ("Owen Gallagher", "owen.gallagher"), ("Bianca Rossi", "bianca.rossi"), ("Tyler Brooks", "tyler.brooks"),
          ("Mei Lin", "mei.lin")]
KIDS = ["Ava", "Leo", "Nora", "Eli", "Zoe", "Theo"]
FAKE_KIDS = ["Mila", "Jonah", "Ruby"]
PLANS = [("MED-PPO-500", "Prairie Blue PPO 500", 500), ("MED-HDHP-2000", "Prairie Blue HDHP 2000", 2000)]
FAKE_PLANS = ["Prairie Blue PPO 250", "Lakeshore HMO 1000", "Prairie Gold PPO"]
TIERS = ["employee_only", "employee_spouse", "employee_children", "family"]
TIER_WORDS = {"employee_only": "employee only", "employee_spouse": "employee + spouse", "employee_children": "employee + children",
              "family": "family"}
MULT = {"employee_only": 1.0, "employee_spouse": 2.85, "employee_children": 2.4, "family": 3.9}
TZ = "CT"


class BenefitsEnrollment(Scenario):
    name = "benefits_enrollment"
    agent = "quillfeather-peoplebot"
    service = "quillfeather-benefits"
    system = ("You are Peoplebot, the people-ops bot of Quillfeather Media (HQ Chicago, America/Chicago), replying in Slack/"
              "Teams threads in #ask-people. Keep it short: a bold first line or a Summary line, status emoji, @mentions, "
              "`code` for employee IDs, plan codes, tiers and change IDs, dates with a relative date, per-paycheck and annual "
              "costs worked out as arrow chains. Use only the enrollment record, the plan rates, the Benefits Guide and the "
              "life-event system.")
    error_style = 0
    entity_noun = {"employee_id": "Employee", "doc_url": "Page"}
    preambles = ["Checking your enrollment…", "Pulling the 2026 rates.", "One sec — looking at the benefits guide."]

    def __init__(self):
        self.tools = [
            Tool("get_enrollment", "An employee's benefits enrollment: current plans, tiers and per-paycheck costs, dependents, "
                                   "pay frequency, open enrollment window, guide link.",
                 s_obj({"employee_id": s_str("Employee ID, e.g. 'EMP-20417'.", pattern=r"^EMP-\d{5}$"),
                        "include_dependents": s_bool("Include dependents.")}, ["employee_id"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("include_ssn", False)]),
            Tool("get_plan_rates", "Per-paycheck employee premiums by plan and coverage tier for a plan year.",
                 s_obj({"plan_year": s_int("Plan year.", 2024, 2027), "coverage": s_str("Coverage line.", enum=["medical", "dental", "vision"])},
                       ["plan_year", "coverage"]),
                 http=BASE, extra=[("state", "IL")]),
            Tool("fetch_benefits_guide", "A benefits guide page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Page URL.", pattern=r"^https://people\.quillfeather\.example/benefits/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("lang", "es")]),
            Tool("submit_life_event", "Submit a qualifying life event and the new coverage tier. A change the guide does not allow "
                                      "is refused with a reason code and an alternative.",
                 s_obj({"employee_id": s_str("Employee ID.", pattern=r"^EMP-\d{5}$"),
                        "event": s_str("Event.", enum=["birth", "adoption", "marriage", "loss_of_coverage"]),
                        "event_date": s_date("Date of the event, YYYY-MM-DD."),
                        "new_tier": s_str("New medical tier.", enum=TIERS),
                        "dependent_name": s_str("New dependent's first name.", min_len=1, max_len=60)},
                       ["employee_id", "event", "event_date", "new_tier"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("backdate", True)]),
        ]
        self.intents = [("tier_costs", self.costs, True), ("life_event", self.event, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today):
        name, handle = r.choice(PEOPLE)
        code, pname, ded = r.choice(PLANS)
        base = {"MED-PPO-500": r.choice([68.40, 72.15, 64.90]), "MED-HDHP-2000": r.choice([31.20, 28.75, 35.60])}
        P = {"window": r.choice([30, 31, 60]), "n": 26, "seed": r.choice([500, 750]), "seed2": r.choice([1000, 1500])}
        rates = {"plan_year": 2026, "coverage": "medical",
                 "plans": [{"plan_code": c, "name": n, "deductible": d,
                            "per_paycheck": {t: round(base[c] * MULT[t], 2) for t in TIERS}} for c, n, d in PLANS]}
        emp = {"employee_id": f"EMP-{r.randint(10000, 99999)}", "name": name, "handle": handle,
               "hire_date": (today - dt.timedelta(days=r.randint(200, 2400))).isoformat(), "pay_frequency": "biweekly",
               "paychecks_per_year": P["n"], "plan_year": 2026,
               "medical": {"plan_code": code, "plan_name": pname, "tier": "employee_only", "per_paycheck": round(base[code], 2),
                           "status": "active"},
               "dependents": [], "open_enrollment": {"start": "2026-11-02", "end": "2026-11-13", "coverage_start": "2027-01-01"},
               "as_of": ts(today, r.randint(8, 16), r.choice([10, 35, 55]), TZ), "guide_url": GUIDE}
        return emp, rates, P

    def _guide(self, P):
        return ("2026 BENEFITS GUIDE (US EMPLOYEES)\n\n"
                "2. Changes during the year\n"
                "2.1 Coverage changes outside open enrollment require a qualifying life event: birth, adoption, marriage or loss of other coverage.\n"
                f"2.2 The change must be submitted within {P['window']} days of the event.\n"
                "2.3 Coverage for a newborn or adopted child starts on the date of the event; other changes start on the first day of the following month.\n\n"
                "3. Costs\n"
                f"3.1 Premiums are deducted from each paycheck ({P['n']} paychecks a year).\n"
                f"3.2 The company puts ${P['seed']:,} into the HSA of HDHP members on employee-only coverage and ${P['seed2']:,} on any other tier.\n")

    def _history(self, emp):
        h = History().user(f"what medical plan am I on? I'm {emp['employee_id']}")
        h.call([Call("get_enrollment", {"employee_id": emp["employee_id"]}, emp)])
        m = emp["medical"]
        h.reply(f"You're on `{m['plan_code']}` ({m['plan_name']}), `{m['tier']}`.")
        return h

    # ------------------------------------------------------------------ intents
    def costs(self, ctx):
        r, today = ctx.r, ctx.today
        emp, rates, P = self._data(r, today)
        target = r.choice(TIERS[1:])
        m = emp["medical"]
        plan = next(p for p in rates["plans"] if p["plan_code"] == m["plan_code"])
        other = next(p for p in rates["plans"] if p["plan_code"] != m["plan_code"])
        cur, new = m["per_paycheck"], plan["per_paycheck"][target]
        diff = round(new - cur, 2)
        year = round(diff * P["n"], 2)
        ce = Call("get_enrollment", {"employee_id": emp["employee_id"]} | ({"include_dependents": True} if r.random() < 0.4 else {}), emp)
        cr = Call("get_plan_rates", {"plan_year": 2026, "coverage": "medical"}, rates)
        cg = Call("fetch_benefits_guide", {"doc_url": GUIDE}, self._guide(P))
        who = {"employee_spouse": "my spouse", "employee_children": "my kids", "family": "my spouse and kids"}[target]
        req = r.choice([f"how much more would it cost to add {who} to my medical? ({emp['employee_id']})",
                        f"@peoplebot I'm {emp['employee_id']} — what would {TIER_WORDS[target]} medical cost me per paycheck?"])
        turns = [Turn([ce]), Turn([cr, cg])]
        history = None
        if ctx.followup:
            history = self._history(emp)
            req = r.choice([f"how much more to add {who}?", f"and what would {TIER_WORDS[target]} cost per paycheck?"])
            turns = [Turn([cr, cg])]
        w = Bot(r, today, TZ)
        a = A()
        w.head(a, "Medical cost check for @" + emp["handle"])
        w.line(a, "📌")
        a.t("Current: `").x(m["plan_code"], fid=w.fake_id(m["plan_code"], r)).t("` (").x(m["plan_name"], ent=r.choice(FAKE_PLANS))
        a.t("), `").x("employee_only", attr="employee_single").t("`, ").x(w.money(cur, cents=True), num=w.money(cur + 22, cents=True)).t("/paycheck, coverage ")
        a.x("active", val=r.choice(["pending", "lapsed"])).t(".")
        a.p()
        w.bullet(a)
        a.t(TIER_WORDS[target].capitalize() + ": ").x(w.money(new, cents=True), conf=("numerical", w.money(other["per_paycheck"][target], cents=True)))
        a.t("/paycheck → " + w.money(new, cents=True) + " − " + w.money(cur, cents=True) + " → ")
        a.x(w.money(diff, calc=True, cents=True), num=w.money(diff + 40, cents=True)).t(" ").x("more", rel="less").t(" per paycheck.")
        a.pb()
        w.bullet(a)
        a.t("Per year: " + str(P["n"]) + " × " + w.money(diff, cents=True) + " → ")
        a.x(w.money(year, calc=True, cents=True), num=w.money(year * 1.5, cents=True)).t(" (" + str(P["n"]) + " paychecks, ").x("§3.1", sec="§3.4").t(").")
        a.pb()
        if m["plan_code"] == "MED-HDHP-2000":
            w.bullet(a)
            a.t(f"FYI the HSA seed goes from ${P['seed']:,} to ${P['seed2']:,} on any tier above employee only (§3.2).")
            a.pb()
        oe = emp["open_enrollment"]
        w.line(a, "⚠️")
        a.t("Mid-year this ").x("needs", neg="doesn't need").t(" a qualifying life event (birth, adoption, marriage, loss of coverage) filed within ")
        a.x(f"{P['window']} days", num=f"{P['window'] + 30} days").t(" (").x("§2.2", sec="§2.6").t(")")
        a.pc().t(".")
        a.p()
        w.line(a, "⏳")
        oc, of = w.dpair(oe["start"], r.choice([-14, 14]))
        a.t("Otherwise: open enrollment ").x(oc, tmp=of).t(" – " + w.d(oe["end"], rel=False) + ", coverage from " + w.d(oe["coverage_start"], rel=False) + ".")
        a.p()
        w.close(a, ["Want me to file a life event? Reply w/ the event and date.", "FYI rates are 2026 plan-year rates."])
        a.ins("claim", "Most employees on this plan switch to family coverage at open enrollment.")
        a.ins("claim", "Premiums are expected to rise about 6% next year.")
        a.ins("behavior", "I've already started a coverage change for you.")
        a.ins("behavior", "I also sent you the plan comparison by email.")
        a.ins("elab", "since spouses with their own employer plan pay a surcharge", clause=True)
        fake = f"BC-26-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"Your earlier quote is saved as `{fake}`.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def event(self, ctx):
        r, today = ctx.r, ctx.today
        emp, rates, P = self._data(r, today)
        m = emp["medical"]
        plan = next(p for p in rates["plans"] if p["plan_code"] == m["plan_code"])
        kind = r.choice(["birth", "birth", "adoption", "marriage"])
        late = r.random() < 0.45
        ev_date = today - dt.timedelta(days=(P["window"] + r.randint(3, 40)) if late else r.randint(2, P["window"] - 5))
        deadline = ev_date + dt.timedelta(days=P["window"])
        target = "employee_children" if kind in ("birth", "adoption") else "employee_spouse"
        kid = r.choice(KIDS)
        args = {"employee_id": emp["employee_id"], "event": kind, "event_date": ev_date.isoformat(), "new_tier": target}
        if kind != "marriage":
            args["dependent_name"] = kid
        cur, new = m["per_paycheck"], plan["per_paycheck"][target]
        if kind in ("birth", "adoption"):
            eff = ev_date
        else:
            eff = dt.date(ev_date.year + (ev_date.month == 12), ev_date.month % 12 + 1, 1)
        if not late:
            res = {"status": "approved", "change_id": f"BC-26-{r.randint(10000, 99999)}", "event": kind, "event_date": ev_date.isoformat(),
                   "submitted": today.isoformat(), "new_tier": target, "per_paycheck_new": new, "effective": eff.isoformat()}
        else:
            oe = emp["open_enrollment"]
            res = {"status": "refused", "reason_code": "QLE_WINDOW_CLOSED", "event_date": ev_date.isoformat(),
                   "deadline": deadline.isoformat(), "submitted": today.isoformat(),
                   "alternative": {"option": "open_enrollment", "window_start": oe["start"], "window_end": oe["end"],
                                   "coverage_start": oe["coverage_start"]}}
        ce = Call("get_enrollment", {"employee_id": emp["employee_id"]}, emp)
        cg = Call("fetch_benefits_guide", {"doc_url": GUIDE}, self._guide(P))
        cr = Call("get_plan_rates", {"plan_year": 2026, "coverage": "medical"}, rates)
        cs = Call("submit_life_event", args, res)
        what = {"birth": f"our baby {kid} was born", "adoption": f"we adopted {kid}", "marriage": "I got married"}[kind]
        iso = ev_date.isoformat()
        req = r.choice([f"{what} on {iso} — can you add them to my medical? I'm {emp['employee_id']}",
                        f"@peoplebot life event for {emp['employee_id']}: {what} ({iso}). please update my medical"])
        turns = [Turn([ce]), Turn([cg, cr]), Turn([cs])]
        history = None
        if ctx.followup:
            history = self._history(emp)
            req = r.choice([f"{what} on {iso}, can you add them?", f"ok — {what} ({iso}). please update my coverage"])
            turns = [Turn([cg, cr]), Turn([cs])]
        w = Bot(r, today, TZ)
        a = A()
        w.head(a, "Life event for `", (emp["employee_id"], {"fid": w.fake_id(emp["employee_id"], r)}), "`: " + ("✅ approved" if not late else "❌ refused"))
        ec, ef = w.dpair(ev_date, r.choice([-20, -35]))
        if not late:
            w.line(a, "✅")
            a.t("Change `").x(res["change_id"], fid=w.fake_id(res["change_id"], r)).t("` ").x("approved", val="pending review").t(": " + kind + " on ")
            a.x(ec, tmp=ef).t(" → tier `").x(target, attr={"employee_children": "employee_plus_kids", "employee_spouse": "employee_plus_one"}[target]).t("`")
            if kind != "marriage":
                a.t(", adding ").x(kid, ent=r.choice(FAKE_KIDS))
            a.t(".")
            a.p()
            w.bullet(a)
            dc, df = w.dpair(deadline, r.choice([-10, -12]), calc=True)
            a.t("Filed " + w.d(today, rel=False) + "; " + w.d(ev_date, rel=False) + f" + {P['window']} days → ").x(dc, tmp=df)
            a.t(" deadline, so it's ").x("within", rel="outside").t(" the window (").x("§2.2", sec="§2.7").t(").")
            a.pb()
            w.bullet(a)
            fc, ff = w.dpair(eff, r.choice([14, 30]), calc=True)
            a.t("Coverage starts ").x(fc, tmp=ff, conf=("temporal", w.d(today))).t(" (" + ("date of the event" if kind != "marriage" else "first of the following month") + ", §2.3).")
            a.pb()
            w.bullet(a)
            diff = round(new - cur, 2)
            a.t("New premium ").x(w.money(new, cents=True), num=w.money(new + 35, cents=True)).t("/paycheck: " + w.money(new, cents=True) + " − " + w.money(cur, cents=True) + " → ")
            a.x(w.money(diff, calc=True, cents=True), num=w.money(diff * 1.4, cents=True)).t(" more per paycheck")
            a.pc().t(".")
            a.pb()
            w.line(a, "📌")
            a.t("Nothing else ").x("needed", neg="still needed").t(" from you for now.")
            a.p()
        else:
            oe = res["alternative"]
            w.line(a, "❌")
            a.t("Change ").x("refused", val="approved").t(" — `").x("QLE_WINDOW_CLOSED", attr=r.choice(["LIFE_EVENT_EXPIRED", "QLE_LATE"])).t("`.")
            a.p()
            w.bullet(a)
            dc, df = w.dpair(deadline, r.choice([10, 21]), calc=True)
            a.t(kind.capitalize() + " on ").x(ec, tmp=ef).t(f" + {P['window']} days → ").x(dc, tmp=df).t("; filed " + w.d(today, rel=False) + ", ")
            a.x("after", rel="before").t(" the deadline (").x("§2.2", sec="§2.5").t(").")
            a.pb()
            w.bullet(a)
            a.t(TIER_WORDS[target].capitalize() + " would be ").x(w.money(new, cents=True), num=w.money(new + 35, cents=True), conf=("numerical", w.money(cur, cents=True)))
            a.t("/paycheck on `" + m["plan_code"] + "` (").x(m["plan_name"], ent=r.choice(FAKE_PLANS)).t("), so the change ").x("isn't", neg="is").t(" in effect")
            a.pc().t(".")
            a.pb()
            w.line(a, "📌")
            oc, of = w.dpair(oe["window_start"], r.choice([-14, 14]))
            a.t("Alternative: open enrollment ").x(oc, tmp=of).t(" – " + w.d(oe["window_end"], rel=False) + ", coverage from ")
            a.x(w.d(oe["coverage_start"], rel=False), tmp=w.d(dt.date(2027, 2, 1), rel=False)).t(".")
            a.p()
        w.close(a, ["Congrats, btw! 🎉 Reply here w/ questions.", "Ping #ask-people if payroll doesn't show the change."])
        a.ins("claim", "Newborns are covered at no extra cost for the first month.")
        a.ins("claim", "The new tier also includes vision coverage.")
        a.ins("behavior", "I've also updated your life insurance beneficiary.")
        a.ins("behavior", "I already told payroll to adjust your next paycheck.")
        a.ins("elab", "since the plan year renews in January", clause=True)
        fake = f"BC-26-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"This replaces change `{fake}`.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
