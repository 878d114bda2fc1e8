"""laptop_refresh (set r): the IT service-desk chat bot of Corvane Systems answering in #it-help threads — laptop
refresh eligibility from the asset record and the Hardware Refresh Policy (a KB article fetched by path, numbered
sections), and refresh orders (an order refused by design when the laptop is not yet eligible — reason code and a
battery replacement appointment as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .rstyle import Bot, add_months, ts, vet

BASE = "https://itsm.corvane.example/api/v2"
KB = "/kb/it/hardware-refresh-policy.md"
PEOPLE = [("Dana Ortiz", "dana.ortiz", "Finance"), ("Marcus Bell", "marcus.bell", "Sales"),
          ("Priya Nair", "priya.nair", "Engineering"), ("Tom Becker", "tom.becker", "Legal"),
          ("Aisha Khan", "aisha.khan", "Marketing"), ("Luis Romero", "luis.romero", "Support"),
          ("Hannah Weiss", "hannah.weiss", "People Ops"), ("Kenji Sato", "kenji.sato", "Engineering")]
MANAGERS = ["kim.lee", "raj.patel", "sofia.greco", "ben.adler"]
OFFICES = [("Boston", "ET"), ("Chicago", "CT"), ("Denver", "MT"), ("Seattle", "PT")]
ZONE = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
FAKE_OFFICES = ["Hartford", "Atlanta", "Phoenix", "Portland"]
MODELS = [("Lumen 14 G4", "LUM14-G6"), ("Stratos 16 Pro", "STR16-PRO3"), ("Kestrel 13", "KES13-G3")]
FAKE_MODELS = ["Lumen 15 G2", "Stratos 14 Air", "Kestrel 15"]
NEW = {"LUM14-G6": "Lumen 14 G6", "STR16-PRO3": "Stratos 16 Pro (gen 3)", "KES13-G3": "Kestrel 13 G3"}


class LaptopRefresh(Scenario):
    name = "laptop_refresh"
    agent = "corvane-helpbot"
    service = "corvane-it-assets"
    system = ("You are Helpbot, the IT service desk bot of Corvane Systems, replying in Slack/Teams threads (#it-help). "
              "Keep replies short: a bold first line or a Summary line, status emoji at the start of lines, @mentions, "
              "`code` for asset tags, hostnames, tickets and codes, dates with a relative date, times with the time zone. "
              "Base every fact on the asset record, the KB policy and the ordering system, and show the working.")
    error_style = 0
    entity_noun = {"asset_id": "Asset", "kb_path": "KB article"}
    preambles = ["Looking up the asset…", "Checking the asset record and the refresh policy.", "On it — pulling the record."]

    def __init__(self):
        self.tools = [
            Tool("get_asset", "A hardware asset: model, hostname, assignee, office and time zone, purchase date, warranty, "
                              "battery health from the asset agent, and the refresh policy path.",
                 s_obj({"asset_id": s_str("Asset tag, e.g. 'LT-04417'.", pattern=r"^LT-\d{5}$"),
                        "include_agent_data": s_bool("Include battery/health data from the asset agent.")}, ["asset_id"]),
                 entity={"asset_id": "id"}, http=BASE, extra=[("expand", "all")]),
            Tool("read_kb", "A KB article (Markdown, numbered sections).",
                 s_obj({"kb_path": s_str("Article path, e.g. '/kb/it/hardware-refresh-policy.md'.", pattern=r"^/kb/[a-z]+/[a-z0-9-]+\.md$")},
                       ["kb_path"]),
                 entity={"kb_path": "path"}, http=BASE, extra=[("render", "html")]),
            Tool("create_refresh_order", "Order a refresh laptop for an asset. An order the policy does not allow is refused with a "
                                         "reason code and an alternative.",
                 s_obj({"asset_id": s_str("Asset tag.", pattern=r"^LT-\d{5}$"),
                        "model": s_str("Replacement model code.", enum=list(NEW)),
                        "ship_to": s_str("Office.", enum=[o for o, _ in OFFICES]),
                        "reason": s_str("Reason.", enum=["age", "battery", "performance"]),
                        "quantity": s_int("Units (always 1 for a refresh).", 1, 1)},
                       ["asset_id", "model", "ship_to", "reason"]),
                 entity={"asset_id": "id"}, http=BASE, extra=[("expedite", True)]),
        ]
        self.intents = [("refresh_check", self.check, True), ("refresh_order", self.order, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today, eligible=None):
        name, handle, dept = r.choice(PEOPLE)
        office, tz = r.choice(OFFICES)
        P = {"cycle": r.choice([36, 48]), "floor": r.choice([70, 75]), "ship": r.choice([3, 5]), "ret": r.choice([10, 14]),
             "loan": r.choice([14, 30]), "rev": (today - dt.timedelta(days=r.randint(30, 200))).isoformat()}
        if eligible is None:
            eligible = r.random() < 0.55
        if eligible:
            age = P["cycle"] + r.randint(1, 14)
        else:
            age = P["cycle"] - r.randint(3, 16)
        purchase = add_months(today, -age) - dt.timedelta(days=r.randint(0, 20))
        batt = r.randint(P["floor"] + 4, 93) if (eligible or r.random() < 0.8) else r.randint(55, P["floor"] - 3)
        model, new = r.choice(MODELS)
        tag = f"LT-{r.randint(10000, 99999)}"
        warranty_end = add_months(purchase, 36)
        asset = {"asset_tag": tag, "hostname": f"cv-lt-{tag[3:]}", "model": model, "serial": "C" + r.upalnum(9),
                 "status": "in_service", "assigned_to": {"name": name, "handle": handle, "department": dept,
                                                         "manager": r.choice(MANAGERS)},
                 "office": office, "time_zone": ZONE[tz], "purchase_date": purchase.isoformat(),
                 "warranty": {"end": warranty_end.isoformat(), "status": "active" if warranty_end >= today else "expired"},
                 "agent": {"battery_health_pct": batt, "battery_cycles": r.randint(240, 980),
                           "last_check_in": ts(today - dt.timedelta(days=r.randint(0, 2)), r.randint(8, 17), r.choice([5, 20, 40]), tz)},
                 "as_of": ts(today, r.randint(8, 16), r.choice([0, 15, 30, 45]), tz), "refresh_policy": KB}
        return asset, P, new, tz

    def _kb(self, P):
        return ("# Hardware Refresh Policy (IT-POL-007)\n"
                f"Last reviewed: {P['rev']}\n\n"
                "## 2. Eligibility\n"
                f"2.1 Standard laptops are refreshed {P['cycle']} months after the purchase date.\n"
                f"2.2 A laptop may be refreshed early when its battery health is below {P['floor']}% as reported by the asset agent.\n"
                "2.3 Refresh orders need the manager's approval in the ticket.\n\n"
                "## 3. Orders\n"
                f"3.1 Refresh laptops ship to the employee's office within {P['ship']} business days of the order.\n"
                f"3.2 The old laptop must be returned to the IT bar within {P['ret']} days of delivery.\n\n"
                "## 4. Alternatives\n"
                "4.1 A laptop that is not yet eligible can get a battery replacement at the IT bar.\n"
                f"4.2 Loaner laptops are available for up to {P['loan']} days.\n")

    def _history(self, asset):
        h = History().user(f"can you pull up {asset['asset_tag']}?")
        args = {"asset_id": asset["asset_tag"]}
        h.call([Call("get_asset", args, asset)])
        who = asset["assigned_to"]
        h.reply(f"`{asset['asset_tag']}` is a {asset['model']} assigned to @{who['handle']} ({who['department']}, {asset['office']}).")
        return h

    def _facts(self, a, w, r, asset, P, eligible_by_age, eligible_by_batt, today):
        """Shared lines: purchase date, cycle working, battery vs floor."""
        purchase = dt.date.fromisoformat(asset["purchase_date"])
        elig = add_months(purchase, P["cycle"])
        w.declare(elig)
        batt = asset["agent"]["battery_health_pct"]
        w.bullet(a)
        a.t("Purchased ")
        pc, pf = w.dpair(purchase, -r.choice([35, 62, 91]), year=True)
        a.x(pc, tmp=pf).t(f"; cycle is {P['cycle']} months (§2.1): {w.d(purchase, rel=False, year=True)} + {P['cycle']} months → ")
        ec, ef = w.dpair(elig, r.choice([-120, 95, 150]), calc=True, year=True)
        a.x(ec, tmp=ef).t(".")
        a.p()
        w.bullet(a)
        a.t("Battery health ").x(w.pct(batt), num=w.pct(batt - 17 if batt > 70 else batt + 19),
                                 conf=("numerical", w.pct(P["floor"]))).t(" after " + w.n(asset["agent"]["battery_cycles"], "cycle") + ", ")
        below = batt < P["floor"]
        a.x("below" if below else "above", rel="above" if below else "below").t(f" the {P['floor']}% floor in ")
        a.x("§2.2", sec=r.choice(["§2.5", "§2.7"])).t(".")
        a.pb()
        return elig, below

    # ------------------------------------------------------------------ intents
    def check(self, ctx):
        r, today = ctx.r, ctx.today
        asset, P, new, tz = self._data(r, today)
        who = asset["assigned_to"]
        args = {"asset_id": asset["asset_tag"]}
        if r.random() < 0.5:
            args["include_agent_data"] = True
        ca = Call("get_asset", args, asset)
        cb = Call("read_kb", {"kb_path": KB}, self._kb(P))
        req = r.choice([f"is my laptop {asset['asset_tag']} due for a refresh yet? it's getting slow",
                        f"@helpbot can you check if {asset['asset_tag']} is eligible for a refresh?",
                        f"Quick one: refresh eligibility for asset {asset['asset_tag']} pls"])
        turns = [Turn([ca]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(asset)
            req = r.choice(["is it due for a refresh yet?", "ok — is that one eligible for a refresh?"])
            turns = [Turn([cb])]
        w = Bot(r, today, tz)
        a = A()
        purchase = dt.date.fromisoformat(asset["purchase_date"])
        elig_date = add_months(purchase, P["cycle"])
        by_age = elig_date <= today
        batt = asset["agent"]["battery_health_pct"]
        by_batt = batt < P["floor"]
        ok = by_age or by_batt
        w.head(a, "Refresh check: `", (asset["asset_tag"], {"fid": w.fake_id(asset["asset_tag"], r)}),
               "` " + ("✅ eligible" if ok else "⏳ not yet"))
        w.line(a, "📌")
        a.t("`" + asset["asset_tag"] + "` / `" + asset["hostname"] + "` — ")
        a.x(asset["model"], ent=r.choice(FAKE_MODELS)).t(", assigned to @" + who["handle"] + " (" + who["department"] + ", ")
        a.x(asset["office"], ent=r.choice(FAKE_OFFICES)).t("), status `")
        a.x("in_service", attr=r.choice(["in_use", "deployed_active"])).t("`.")
        self._facts(a, w, r, asset, P, by_age, by_batt, today)
        if by_age:
            w.line(a, "✅")
            a.t("Past the " + str(P["cycle"]) + "-month mark, so a refresh ").x("can", neg="can't").t(" be ordered now")
            a.pc().t(".")
            a.p()
        elif by_batt:
            w.line(a, "✅")
            a.t("Not at " + str(P["cycle"]) + " months yet, but the battery rule ").x("applies", neg="doesn't apply").t(" → early refresh OK")
            a.pc().t(".")
            a.p()
        else:
            w.line(a, "⏳")
            a.t("Not eligible ").x("until", rel="since").t(" " + w.d(elig_date) + " and the battery rule ")
            a.x("doesn't apply", neg="applies").t(", so no early refresh")
            a.pc().t(".")
            a.p()
        wst = asset["warranty"]["status"]
        w.line(a, "⚠️" if wst == "expired" else "📌")
        a.t("Warranty ").x(wst, val="active" if wst == "expired" else "expired").t(" (end date ")
        a.x(w.d(asset["warranty"]["end"], rel=False), conf=("temporal", w.d(purchase, rel=False))).t(").")
        a.p()
        w.line(a, "📌")
        a.t(f"FYI: refresh laptops ship within {P['ship']} business days (")
        a.x("§3.1", sec="§3.4").t(f"); the old one goes back to the IT bar within {P['ret']} days of delivery.")
        a.p()
        w.close(a, ["Want me to place the order? Reply w/ the model and ship-to office.", "Say the word and I'll open the order."])
        a.ins("claim", f"The {asset['model']} has a known battery swelling issue.")
        a.ins("claim", f"Most of {who['department']} was refreshed last quarter.")
        a.ins("behavior", "I've already opened a refresh ticket for you.")
        a.ins("behavior", "I also asked the IT bar to hold a loaner for you.")
        a.ins("elab", "likely because of heavy video-call use", clause=True)
        fake = f"ITSD-{r.randint(40000, 59999)}"
        a.ins("cite", w.cite_text(f"See `{fake}` for the last battery check.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def order(self, ctx):
        r, today = ctx.r, ctx.today
        asset, P, new, tz = self._data(r, today, eligible=r.random() < 0.5)
        who = asset["assigned_to"]
        purchase = dt.date.fromisoformat(asset["purchase_date"])
        elig_date = add_months(purchase, P["cycle"])
        batt = asset["agent"]["battery_health_pct"]
        by_age, by_batt = elig_date <= today, batt < P["floor"]
        ok = by_age or by_batt
        ca = Call("get_asset", {"asset_id": asset["asset_tag"]}, asset)
        cb = Call("read_kb", {"kb_path": KB}, self._kb(P))
        reason = "age" if by_age else ("battery" if by_batt else r.choice(["age", "performance"]))
        args = {"asset_id": asset["asset_tag"], "model": new, "ship_to": asset["office"], "reason": reason}
        if r.random() < 0.4:
            args["quantity"] = 1
        if ok:
            eta, left = today, P["ship"]
            while left:
                eta += dt.timedelta(days=1)
                if eta.weekday() < 5:
                    left -= 1
            ret = eta + dt.timedelta(days=P["ret"])
            res = {"status": "placed", "order_id": f"RO-{r.randint(2600000, 2699999)}", "ticket": f"ITSD-{r.randint(60000, 79999)}",
                   "model": new, "model_name": NEW[new], "ship_to": asset["office"], "ordered": today.isoformat(),
                   "eta": eta.isoformat(), "return_old_by": ret.isoformat(),
                   "approval": {"approver": who["manager"], "status": "pending"}}
        else:
            slot_day = today + dt.timedelta(days=r.randint(1, 6))
            while slot_day.weekday() >= 5:
                slot_day += dt.timedelta(days=1)
            res = {"status": "refused", "reason_code": "NOT_ELIGIBLE_YET", "received": today.isoformat(),
                   "eligible_from": elig_date.isoformat(), "battery_health_pct": batt, "battery_floor_pct": P["floor"],
                   "alternative": {"option": "battery_replacement", "ticket": f"ITSD-{r.randint(60000, 79999)}",
                                   "slot": ts(slot_day, r.choice([9, 10, 11, 13, 14, 15]), r.choice([0, 30]), tz),
                                   "location": "IT bar, floor 4"}}
        cc = Call("create_refresh_order", args, res)
        req = r.choice([f"please order a refresh for {asset['asset_tag']} — {NEW[new]} ({new}), ship to {asset['office']}",
                        f"@helpbot place a refresh order for laptop {asset['asset_tag']}: model {new}, {asset['office']} office"])
        turns = [Turn([ca]), Turn([cb]), Turn([cc])]
        history = None
        if ctx.followup:
            history = self._history(asset)
            req = r.choice([f"ok please order the refresh — {new}, ship to {asset['office']}",
                            f"can you place the refresh order for it? {NEW[new]} ({new}) to {asset['office']}"])
            turns = [Turn([cb]), Turn([cc])]
        w = Bot(r, today, tz)
        a = A()
        w.head(a, "Refresh order for `", (asset["asset_tag"], {"fid": w.fake_id(asset["asset_tag"], r)}),
               "`: " + ("placed ✅" if ok else "not placed ❌"))
        if ok:
            w.line(a, "✅")
            a.t("Order `").x(res["order_id"], fid=w.fake_id(res["order_id"], r)).t("` ")
            a.x("placed", val="on hold").t(" for a " + NEW[new] + " (`" + new + "`), shipping to ")
            a.x(asset["office"], ent=r.choice(FAKE_OFFICES)).t(". Ticket `" + res["ticket"] + "`.")
            a.p()
            w.bullet(a)
            a.t("Reason `").x(reason, attr={"age": "end_of_life", "battery": "battery_wear", "performance": "slow_device"}[reason]).t("`: ")
            if by_age:
                a.t(w.d(elig_date, calc=True, rel=False, year=True) + " is ").x("before", rel="after").t(" today (" + w.d(purchase, rel=False, year=True) + " + ")
                a.x(f"{P['cycle']} months", num=f"{P['cycle'] - 12} months").t(" → " + w.d(elig_date, rel=False, year=True) + ").")
            else:
                a.t("battery at ").x(w.pct(batt), num=w.pct(batt + 21)).t(", ").x("below", rel="above").t(f" the {P['floor']}% floor (§2.2).")
            a.pb()
            w.bullet(a)
            ec, ef = w.dpair(eta, r.choice([4, 7, 9]))
            a.t("ETA ").x(ec, tmp=ef).t(" — " + w.d(today, rel=False) + " + ").x(f"{P['ship']} business days", num=f"{P['ship'] + 4} business days")
            a.t(" → " + w.d(eta, rel=False) + " (")
            a.x("§3.1", sec="§3.6").t(").")
            a.pb()
            w.bullet(a)
            rc, rf = w.dpair(ret, r.choice([-5, 6, 12]))
            a.t("Old laptop ").x("needs to go", neg="doesn't need to go").t(" back to the IT bar by ").x(rc, tmp=rf, conf=("temporal", w.d(eta))).t(": " + w.d(eta, rel=False)
                                                                                                  + f" + {P['ret']} days → " + w.d(ret, calc=True, rel=False) + ".")
            a.pb()
            w.line(a, "⏳")
            a.t("Manager approval from @").x(who["manager"], ent=r.choice(["jordan.hale", "erin.walsh", "omar.farouk"]))
            a.t(" is still ").x("pending", val="approved").t(" (§2.3)")
            a.pc().t(".")
            a.p()
        else:
            w.line(a, "❌")
            a.t("Order ").x("refused", val="approved").t(" — reason `").x("NOT_ELIGIBLE_YET", attr=r.choice(["TOO_EARLY", "CYCLE_NOT_MET", "AGE_BELOW_CYCLE"])).t("`.")
            a.p()
            w.bullet(a)
            a.t("Asset: ").x(asset["model"], ent=r.choice(FAKE_MODELS)).t(" for @" + who["handle"] + ", " + asset["office"] + " office.")
            a.pb()
            w.bullet(a)
            ec, ef = w.dpair(elig_date, r.choice([-150, -95, 120]), calc=True, year=True)
            a.t("Purchased " + w.d(purchase, rel=False, year=True) + f" + {P['cycle']} months → ").x(ec, tmp=ef).t(", so it ")
            a.x("isn't", neg="is").t(" due yet (§2.1).")
            a.pb()
            w.bullet(a)
            a.t("Battery health ").x(w.pct(batt), num=w.pct(batt - 20), conf=("numerical", w.pct(P["floor"]))).t(", ")
            a.x("above", rel="below").t(f" the {P['floor']}% floor, so the early-refresh rule (")
            a.x("§2.2", sec="§2.8").t(") doesn't apply")
            a.pc().t(".")
            a.pb()
            alt = res["alternative"]
            sd = dt.date.fromisoformat(alt["slot"][:10])
            w.line(a, "📌")
            a.t("Alternative: battery replacement at the IT bar (§4.1), ticket `").x(alt["ticket"], fid=w.fake_id(alt["ticket"], r)).t("`, ")
            sc, sf = w.dpair(sd, r.choice([2, 7]))
            a.x(sc, tmp=sf).t(" at " + w.t(alt["slot"]) + ", IT bar, floor 4.")
            a.p()
        w.close(a, ["Ping @" + who["handle"] + " if the ship-to office changes.", "Reply in thread if you need a loaner in the meantime."])
        a.ins("claim", "Refresh stock is running low this month.")
        a.ins("claim", "The new model ships with 32 GB of RAM.")
        a.ins("behavior", "I've also scheduled a data migration session for you.")
        a.ins("behavior", "I already notified your manager by email.")
        a.ins("elab", "since the old battery is past its rated cycle count", clause=True)
        fake = f"RO-{r.randint(2600000, 2699999)}"
        a.ins("cite", w.cite_text(f"This replaces the earlier order `{fake}`.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
