"""mailroom_parcels (set r): the workplace/facilities chat bot of Brightline Robotics answering in #mailroom threads —
parcels held for an employee from the mailroom system and the Mailroom Rules (a KB article fetched by path, numbered
sections), and desk deliveries (a delivery refused by design when the parcel is over the weight limit — reason code and a
loading-dock pickup as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_int, s_obj, s_str
from .rstyle import Bot, ts, vet

BASE = "https://workplace.brightline.example/mailroom/api"
RULES = "/kb/facilities/mailroom-rules.md"
PEOPLE = [("Dana Ortiz", "dana.ortiz"), ("Sven Larsen", "sven.larsen"), ("Amara Eze", "amara.eze"), ("Jake Moreau", "jake.moreau"),
          ("Ines Carvalho", "ines.carvalho"), ("Ray Tanaka", "ray.tanaka"), ("Hugo Becker", "hugo.becker")]
SITES = [("Pittsburgh HQ", "ET", "America/New_York"), ("Austin Lab", "CT", "America/Chicago")]
FAKE_SITES = ["Cleveland Office", "Dallas Lab"]
CARRIERS = ["UPS", "FedEx", "USPS", "DHL"]
FAKE_CARRIERS = ["OnTrac", "Purolator", "LaserShip"]
SHELVES = ["Shelf B3", "Shelf A1", "Locker 14", "Locker 22", "Cage 2"]
FAKE_SHELVES = ["Shelf D7", "Locker 31", "Cage 5"]


class MailroomParcels(Scenario):
    name = "mailroom_parcels"
    agent = "brightline-workplace-bot"
    service = "brightline-mailroom"
    system = ("You are the Workplace bot of Brightline Robotics, replying in Slack/Teams threads in #mailroom. Keep replies "
              "short: a bold first line or a Summary line, status emoji at the start of lines, @mentions, `code` for parcel "
              "and delivery IDs, desks and codes, dates with a relative date, times with the site's time zone, and the "
              "working as arrow chains. Use only the mailroom system and the Mailroom Rules.")
    error_style = 1
    entity_noun = {"employee_id": "Employee", "parcel_id": "Parcel", "kb_path": "KB article"}
    preambles = ["Checking the mailroom log…", "Looking up your parcels.", "One sec — checking the mailroom rules."]

    def __init__(self):
        self.tools = [
            Tool("list_parcels", "Parcels received for an employee: carrier, tracking, received time, weight, location, status, "
                                 "hold date; the employee's site, desk and time zone; the rules path.",
                 s_obj({"employee_id": s_str("Employee ID, e.g. 'E204417'.", pattern=r"^E\d{6}$"),
                        "status": s_str("Filter.", enum=["held", "all"]), "days": s_int("Look-back days.", 1, 60)},
                       ["employee_id"]),
                 entity={"employee_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("read_kb", "A KB article (Markdown, numbered sections).",
                 s_obj({"kb_path": s_str("Article path.", pattern=r"^/kb/[a-z]+/[a-z0-9-]+\.md$")}, ["kb_path"]),
                 entity={"kb_path": "path"}, http=BASE, extra=[("render", "html")]),
            Tool("request_desk_delivery", "Ask the mailroom to bring a held parcel to a desk on the next run. A delivery the rules do "
                                          "not allow is refused with a reason code and an alternative.",
                 s_obj({"parcel_id": s_str("Parcel, e.g. 'PKG-260412-07'.", pattern=r"^PKG-\d{6}-\d{2}$"),
                        "desk": s_str("Desk, e.g. '4N-27'.", pattern=r"^\d{1,2}[NSEW]-\d{2}$"),
                        "floor": s_int("Floor.", 1, 12)}, ["parcel_id", "desk"]),
                 entity={"parcel_id": "id"}, http=BASE, extra=[("signature_required", True)]),
        ]
        self.intents = [("parcel_status", self.status, True), ("desk_delivery", self.deliver, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today, heavy=None):
        name, handle = r.choice(PEOPLE)
        site, tz, zone = r.choice(SITES)
        P = {"hold": r.choice([10, 14]), "lim": r.choice([25, 30]), "run_h": r.choice([1, 2, 3]), "pers": r.choice([3, 5])}
        floor = r.randint(2, 9)
        desk = f"{floor}{r.choice('NSEW')}-{r.randint(10, 48)}"
        n = r.choice([1, 2, 2, 3])
        parcels = []
        carriers = r.sample(CARRIERS, n)
        shelves = r.sample(SHELVES, n)
        if heavy is None:
            heavy = r.random() < 0.5
        for k in range(n):
            rd = today - dt.timedelta(days=r.randint(0, P["hold"] - 3) if k else r.randint(1, P["hold"] - 3))
            while rd.weekday() >= 5:
                rd -= dt.timedelta(days=1)
            if k == 0 and heavy:
                wt = round(P["lim"] + r.choice([2.5, 4.0, 6.5, 9.0, 13.5]), 1)
            else:
                wt = round(r.uniform(0.4, P["lim"] - 6), 1)
            parcels.append({"parcel_id": f"PKG-{rd.strftime('%y%m%d')}-{r.randint(1, 40):02d}", "carrier": carriers[k],
                            "tracking": "1Z" + r.upalnum(16) if carriers[k] == "UPS" else r.digits(12),
                            "received": ts(rd, r.randint(9, 15), r.choice([5, 15, 25, 40, 50]), tz), "weight_lb": wt,
                            "location": shelves[k], "status": "held",
                            "hold_until": (rd + dt.timedelta(days=P["hold"])).isoformat()})
        parcels.sort(key=lambda p: p["received"])
        emp = {"employee_id": f"E{r.randint(100000, 999999)}", "name": name, "handle": handle, "site": site, "floor": floor,
               "desk": desk, "time_zone": zone}
        res = {"employee": emp, "parcels": parcels, "as_of": ts(today, r.randint(8, 12), r.choice([0, 20, 45]), tz), "rules_path": RULES}
        return res, P, tz, heavy

    def _rules(self, P):
        return ("# Mailroom Rules (FAC-MR-01)\n\n"
                "## 1. Holding\n"
                f"1.1 Parcels are held in the mailroom for {P['hold']} days after receipt, then returned to the sender.\n"
                "1.2 Lockers open with the 6-digit code emailed when the parcel is scanned in.\n\n"
                "## 2. Desk delivery\n"
                f"2.1 Parcels up to {P['lim']} lb can be delivered to a desk on the daily run, which starts at {12 + P['run_h']}:00.\n"
                "2.2 Heavier parcels are picked up at Loading Dock B with a cart, 07:00-16:00.\n\n"
                "## 3. Personal parcels\n"
                f"3.1 Personal parcels are limited to {P['pers']} a week per employee.\n")

    def _history(self, res):
        e = res["employee"]
        h = History().user(f"any packages for me? {e['employee_id']}")
        h.call([Call("list_parcels", {"employee_id": e["employee_id"]}, res)])
        n = len(res["parcels"])
        h.reply(f"{n} parcel{'s' if n != 1 else ''} held for @{e['handle']}: " + ", ".join(f"`{p['parcel_id']}` ({p['carrier']})" for p in res["parcels"]) + ".")
        return h

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        res, P, tz, heavy = self._data(r, today)
        e, ps = res["employee"], res["parcels"]
        args = {"employee_id": e["employee_id"]}
        if r.random() < 0.5:
            args["status"] = "held"
        if r.random() < 0.3:
            args["days"] = 30
        cl = Call("list_parcels", args, res)
        ck = Call("read_kb", {"kb_path": RULES}, self._rules(P))
        req = r.choice([f"do I have anything in the mailroom? ({e['employee_id']})",
                        f"@workplace-bot any parcels waiting for {e['employee_id']}? how long will they keep them?"])
        turns = [Turn([cl]), Turn([ck])]
        history = None
        if ctx.followup:
            history = self._history(res)
            req = r.choice(["how long will they hold those, and can any go to my desk?", "when do those get sent back?"])
            turns = [Turn([ck])]
        w = Bot(r, today, tz)
        a = A()
        n = len(ps)
        w.head(a, "Mailroom: ", (w.n(n, "parcel", calc=True), {"num": w.n(n + 2, "parcel")}), " held for @" + e["handle"])
        heavy_p = ps[[p["weight_lb"] for p in ps].index(max(p["weight_lb"] for p in ps))]
        for k, p in enumerate(ps):
            rd = dt.date.fromisoformat(p["received"][:10])
            hu = dt.date.fromisoformat(p["hold_until"])
            w.line(a, "⚠️" if p["weight_lb"] > P["lim"] else "📌")
            a.t("`").x(p["parcel_id"], fid=w.fake_id(p["parcel_id"], r) if k == 0 else None).t("` — ")
            a.x(p["carrier"], ent=r.choice(FAKE_CARRIERS) if k == 0 else None).t(", ")
            a.x(w.num(p["weight_lb"], 1, "lb"), num=w.num(p["weight_lb"] + 7, 1, "lb") if k == 0 else None,
                conf=("numerical", w.num(ps[1 - k]["weight_lb"] if n > 1 and k < 2 else P["lim"], 1 if n > 1 and k < 2 else 0, "lb")) if k == 0 else None)
            rc, rf = w.dpair(rd, -3)
            a.t(", received ").x(rc, tmp=rf if k == 0 else None).t(" at " + w.t(p["received"]) + ", ")
            a.x(p["location"], ent=r.choice(FAKE_SHELVES) if k == n - 1 else None).t(".")
            a.p()
            w.bullet(a)
            hc, hf = w.dpair(hu, r.choice([7, -4]), calc=True)
            a.t(w.d(rd, rel=False) + f" + {P['hold']} days → ").x(hc, tmp=hf if k == n - 1 else None).t(", then back to the sender (")
            a.x("§1.1", sec="§1.4" if k == 0 else None).t(").")
            a.pb()
        w.line(a, "⚠️" if heavy else "✅")
        if heavy:
            over = round(heavy_p["weight_lb"] - P["lim"], 1)
            a.t("`" + heavy_p["parcel_id"] + "` is ").x("over", rel="under").t(f" the {P['lim']} lb desk-delivery limit: ")
            a.t(w.num(heavy_p["weight_lb"], 1, "lb") + f" − {P['lim']} lb → " + w.num(over, 1, "lb", calc=True) + " over, so it ")
            a.x("has to be", neg="doesn't have to be").t(" picked up at Loading Dock B w/ a cart (").x("§2.2", sec="§2.5").t(")")
            a.pc().t(".")
        else:
            a.t("All " if n > 1 else "It's ").x("under", rel="over").t(f" the {P['lim']} lb limit, so " + ("they " if n > 1 else "it ")).x("can", neg="can't").t(" go to `" + e["desk"] + "` on the ")
            a.x(w.t(ts(today, 12 + P["run_h"], 0, tz)), tmp=w.t(ts(today, 12 + P["run_h"] + 2, 0, tz))).t(" desk run (").x("§2.1", sec="§2.6").t(")")
            a.pc().t(".")
        a.p()
        w.line(a, "📌")
        a.t("Status `").x("held", attr=r.choice(["ready_for_pickup", "awaiting_pickup"])).t("` — ").x("waiting", val="returned").t(" at " + e["site"] + ".")
        w.close(a, ["Want any of them brought to your desk? Reply w/ the parcel ID.", "FYI locker codes come by email when a parcel is scanned in."])
        a.ins("claim", "The mailroom is short-staffed this week.")
        a.ins("claim", f"{ps[0]['carrier']} drops off twice a day at {e['site']}.")
        a.ins("behavior", "I've already asked the mailroom to extend the hold.")
        a.ins("behavior", "I also emailed you the locker codes again.")
        a.ins("elab", "since the dock is closed for deliveries on Fridays", clause=True)
        fake = f"PKG-{today.strftime('%y%m%d')}-{r.randint(41, 99)}"
        a.ins("cite", w.cite_text(f"There's also `{fake}` waiting at reception.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def deliver(self, ctx):
        r, today = ctx.r, ctx.today
        res, P, tz, heavy = self._data(r, today)
        e, ps = res["employee"], res["parcels"]
        p = ps[0] if not heavy else max(ps, key=lambda x: x["weight_lb"])
        too_heavy = p["weight_lb"] > P["lim"]
        args = {"parcel_id": p["parcel_id"], "desk": e["desk"]}
        if r.random() < 0.5:
            args["floor"] = e["floor"]
        run = ts(today, 12 + P["run_h"], 0, tz)
        if not too_heavy:
            out = {"status": "scheduled", "delivery_id": f"DD-{r.randint(100000, 999999)}", "parcel_id": p["parcel_id"], "desk": e["desk"],
                   "window_start": run, "window_end": ts(today, 13 + P["run_h"], 0, tz), "requested": res["as_of"]}
        else:
            out = {"status": "refused", "reason_code": "OVER_WEIGHT_LIMIT", "parcel_id": p["parcel_id"], "weight_lb": p["weight_lb"],
                   "limit_lb": P["lim"], "requested": res["as_of"],
                   "alternative": {"option": "dock_pickup", "location": "Loading Dock B", "hours": "07:00-16:00", "cart": "available"}}
        cl = Call("list_parcels", {"employee_id": e["employee_id"]}, res)
        ck = Call("read_kb", {"kb_path": RULES}, self._rules(P))
        cd = Call("request_desk_delivery", args, out)
        req = r.choice([f"can the mailroom bring my {p['carrier']} parcel to my desk {e['desk']}? I'm {e['employee_id']}",
                        f"@workplace-bot please send my {p['carrier']} package to desk {e['desk']} ({e['employee_id']})"])
        turns = [Turn([cl]), Turn([ck]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(res)
            req = r.choice([f"can you get the {p['carrier']} one sent to my desk {e['desk']}?", f"please bring the {p['carrier']} parcel to {e['desk']}"])
            turns = [Turn([ck]), Turn([cd])]
        w = Bot(r, today, tz)
        a = A()
        w.head(a, "Desk delivery for `", (p["parcel_id"], {"fid": w.fake_id(p["parcel_id"], r)}), "`: " + ("✅ booked" if not too_heavy else "❌ not possible"))
        hu = dt.date.fromisoformat(p["hold_until"])
        if not too_heavy:
            w.line(a, "✅")
            a.t("Delivery `").x(out["delivery_id"], fid=w.fake_id(out["delivery_id"], r)).t("` ").x("scheduled", val="pending").t(": ")
            a.x(p["carrier"], ent=r.choice(FAKE_CARRIERS)).t(" parcel → desk `" + e["desk"] + "`, ")
            dc, df = w.dpair(today, r.choice([1, 2]))
            a.x(dc, tmp=df).t(", " + w.t(run, zone=False) + "–").x(w.t(out["window_end"]), tmp=w.t(ts(today, 15 + P["run_h"], 0, tz))).t(" run.")
            a.p()
            w.bullet(a)
            a.t(w.num(p["weight_lb"], 1, "lb") + ", ").x("under", rel="over").t(" the ")
            a.x(f"{P['lim']} lb", num=f"{P['lim'] + 15} lb", conf=("numerical", w.num(p["weight_lb"], 1, "lb"))).t(" limit (").x("§2.1", sec="§2.4").t(").")
            a.pb()
            w.bullet(a)
            hc, hf = w.dpair(hu, r.choice([5, -6]), calc=True)
            a.t("It's at ").x(p["location"], ent=r.choice(FAKE_SHELVES)).t(" until then; per §1.1 the hold ends ").x(hc, tmp=hf)
            a.pc().t(".")
            a.pb()
            w.line(a, "📌")
            a.t("Someone ").x("needs", neg="doesn't need").t(" to be at the desk to sign — status `")
            a.x("scheduled", attr="out_for_desk").t("`.")
            a.p()
        else:
            over = round(p["weight_lb"] - P["lim"], 1)
            w.line(a, "❌")
            a.t("Desk delivery ").x("refused", val="scheduled").t(" — `").x("OVER_WEIGHT_LIMIT", attr=r.choice(["TOO_HEAVY", "WEIGHT_EXCEEDED"])).t("`: ")
            a.x(w.num(p["weight_lb"], 1, "lb"), num=w.num(p["weight_lb"] - 8, 1, "lb")).t(f" − {P['lim']} lb → ")
            a.x(w.num(over, 1, "lb", calc=True), num=w.num(over + 5, 1, "lb"), conf=("numerical", f"{P['lim']} lb")).t(" ")
            a.x("over", rel="under").t(" the limit (").x("§2.1", sec="§2.9").t(").")
            a.p()
            w.line(a, "📌")
            a.t("Alternative: pick it up at ").x("Loading Dock B", ent=r.choice(["Loading Dock D", "the front desk"])).t(" w/ a cart, "
                                                                                                                     + w.t(ts(today, 7, 0, tz), zone=False) + "–")
            a.x(w.t(ts(today, 16, 0, tz)), tmp=w.t(ts(today, 18, 0, tz))).t(" (§2.2)")
            a.pc().t(".")
            a.p()
            w.bullet(a)
            hc, hf = w.dpair(hu, r.choice([5, -6]), calc=True)
            a.t("The ").x(p["carrier"], ent=r.choice(FAKE_CARRIERS)).t(" parcel is at " + p["location"] + "; it ").x("stays", neg="doesn't stay").t(" there until ")
            a.x(hc, tmp=hf).t(", then goes back to the sender.")
            a.pb()
        w.close(a, ["Ping #mailroom if it doesn't show up.", "Reply here if you need a cart reserved."])
        a.ins("claim", "The desk run is usually early on Fridays.")
        a.ins("claim", "Carts are in short supply this week.")
        a.ins("behavior", "I've also reserved a cart for you at the dock.")
        a.ins("behavior", "I already let reception know you're coming.")
        a.ins("elab", "since the freight elevator is out of service until Monday", clause=True)
        fake = f"DD-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"Your earlier request `{fake}` was cancelled.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
