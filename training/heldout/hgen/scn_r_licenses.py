"""software_licenses (set r): the IT software-asset chat bot of Ostrander Engineering answering in #it-software threads —
seat usage, cost and renewal of a software licence pool from the pool record and the vendor's order-form terms (a
contract page fetched by URL, numbered sections), and seat requests (a request refused by design when no seat is free —
reason code and reclaiming an inactive user's seat as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_obj, s_str
from .rstyle import Bot, ts, vet

BASE = "https://sam.ostrander.example/api/v1"
PRODUCTS = [("SW-DRAFTPRO", "Draftline Pro", "Draftline Inc.", [45.0, 52.5]),
            ("SW-QCAD26", "QuantaCAD Studio", "Quanta Systems", [118.0, 125.0]),
            ("SW-NOTELYT", "Notely Teams", "Notely Labs", [9.5, 12.0]),
            ("SW-PIXSUITE", "Pixmill Suite", "Pixmill GmbH", [38.0, 41.25])]
FAKE_PRODUCTS = ["Draftline Studio", "QuantaCAD Pro", "Notely Enterprise", "Pixmill Cloud"]
ADMINS = ["gwen.foster", "ali.haidari", "marta.nowak"]
USERS = ["ben.carter", "olga.ivanova", "tariq.aziz", "lily.zhou", "mateo.silva", "hana.kim", "zach.meyer", "ruth.obi",
         "kofi.asante", "elena.popescu"]
NEWBIES = ["dana.ortiz", "sam.reyes", "june.park", "nico.berg"]
FAKE_HANDLES = ["paul.dunn", "sara.lind", "ted.moss"]
TZ = "PT"


def terms_url(pid):
    return "https://vendors.ostrander.example/contracts/" + pid.lower() + "-order-form"


class SoftwareLicenses(Scenario):
    name = "software_licenses"
    agent = "ostrander-itbot"
    service = "ostrander-software-assets"
    system = ("You are ITbot, the software asset bot of Ostrander Engineering (Portland, America/Los_Angeles), replying in "
              "Slack/Teams threads in #it-software. Keep it short: a bold first line or a Summary line, status emoji at the "
              "start of lines, @mentions, `code` for product, assignment and cost-center IDs and codes, dates with a relative "
              "date, seat counts and costs worked out as arrow chains. Use only the licence pool, the contract terms and the "
              "assignment system.")
    error_style = 2
    entity_noun = {"product_id": "Product", "doc_url": "Page"}
    preambles = ["Checking the licence pool…", "Pulling the contract terms.", "One sec — looking at seat usage."]

    def __init__(self):
        self.tools = [
            Tool("get_license_pool", "A software licence pool: product, vendor, seats total and assigned, cost per seat per month, "
                                     "renewal date, admin, users inactive 30+ days, contract terms link.",
                 s_obj({"product_id": s_str("Product, e.g. 'SW-DRAFTPRO'.", pattern=r"^SW-[A-Z0-9]{3,12}$"),
                        "include_inactive": s_bool("List users inactive for 30+ days.")}, ["product_id"]),
                 entity={"product_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("fetch_terms", "A vendor contract page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Contract URL.", pattern=r"^https://vendors\.ostrander\.example/contracts/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("redline", True)]),
            Tool("assign_seat", "Assign a seat of a product to a user, charged to a cost center. A request the contract does not "
                                "allow is refused with a reason code and an alternative.",
                 s_obj({"product_id": s_str("Product.", pattern=r"^SW-[A-Z0-9]{3,12}$"),
                        "user": s_str("User handle, e.g. 'dana.ortiz'.", pattern=r"^[a-z]+\.[a-z]+$"),
                        "cost_center": s_str("Cost center, e.g. 'CC-4410'.", pattern=r"^CC-\d{4}$"),
                        "notify_user": s_bool("Send the invite e-mail.")}, ["product_id", "user", "cost_center"]),
                 entity={"product_id": "id"}, http=BASE, extra=[("tier", "enterprise")]),
        ]
        self.intents = [("pool_usage", self.usage, True), ("seat_request", self.request, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today, full=None):
        pid, pname, vendor, costs = r.choice(PRODUCTS)
        total = r.choice([20, 25, 40, 50, 75])
        if full is None:
            full = r.random() < 0.3
        assigned = total if full else total - r.randint(2, 7)
        cost = r.choice(costs)
        renewal = today + dt.timedelta(days=r.randint(40, 300))
        P = {"inactive": 30, "notice": r.choice([30, 60, 90]), "contract": f"OSE-{r.choice([2024, 2025])}-{r.randint(100, 199)}"}
        k = r.randint(1, 3)
        idle = []
        for h in r.sample(USERS, k):
            idle.append({"user": h, "last_active": (today - dt.timedelta(days=r.randint(33, 120))).isoformat()})
        idle.sort(key=lambda x: x["last_active"])
        pool = {"product_id": pid, "product": pname, "vendor": vendor, "plan": "Business", "status": "active", "seat_type": "named", "seats_total": total,
                "seats_assigned": assigned, "cost_per_seat_month": cost, "billing": "annual", "renewal_date": renewal.isoformat(),
                "admin": r.choice(ADMINS), "inactive_30d": idle, "as_of": ts(today, r.randint(8, 16), r.choice([0, 12, 48]), TZ),
                "terms_url": terms_url(pid)}
        return pool, P

    def _terms(self, pool, P):
        return (f"{pool['product'].upper()} — ORDER FORM TERMS (CONTRACT {P['contract']})\n\n"
                "2. Seats\n"
                f"2.1 The subscription covers {pool['seats_total']} named seats.\n"
                f"2.2 Seats added mid-term are prorated to the renewal date at ${pool['cost_per_seat_month']:.2f} per seat per month.\n"
                f"2.3 A seat may be reassigned when its user has been inactive for {P['inactive']} days or more.\n\n"
                "3. Renewal\n"
                f"3.1 The subscription renews on {pool['renewal_date']} unless cancelled in writing {P['notice']} days before.\n")

    def _history(self, pool):
        h = History().user(f"who owns the {pool['product']} licences? ({pool['product_id']})")
        h.call([Call("get_license_pool", {"product_id": pool["product_id"]}, pool)])
        h.reply(f"`{pool['product_id']}` ({pool['product']}) is administered by @{pool['admin']}.")
        return h

    # ------------------------------------------------------------------ intents
    def usage(self, ctx):
        r, today = ctx.r, ctx.today
        pool, P = self._data(r, today)
        total, used, cost = pool["seats_total"], pool["seats_assigned"], pool["cost_per_seat_month"]
        free = total - used
        args = {"product_id": pool["product_id"]}
        if r.random() < 0.5:
            args["include_inactive"] = True
        cp = Call("get_license_pool", args, pool)
        ct = Call("fetch_terms", {"doc_url": pool["terms_url"]}, self._terms(pool, P))
        req = r.choice([f"how many {pool['product']} seats do we have left ({pool['product_id']})? and when does it renew?",
                        f"@itbot seat usage + cost for {pool['product_id']} pls"])
        turns = [Turn([cp]), Turn([ct])]
        history = None
        if ctx.followup:
            history = self._history(pool)
            req = r.choice(["how many seats are free, and what's it costing us?", "seat usage + renewal date?"])
            turns = [Turn([ct])]
        w = Bot(r, today, TZ)
        a = A()
        w.head(a, pool["product"] + " (`", (pool["product_id"], {"fid": w.fake_id(pool["product_id"], r)}), "`): " + ("⚠️ " if not free else "") + w.n(free, "seat", calc=True) + " free")
        w.line(a, "📌")
        a.x(w.n(total, "seat"), num=w.n(total + 10, "seat")).t(" − " + str(used) + " assigned → ").x(str(free) + " free", num=str(free + 4) + " free")
        a.t(" (").x("§2.1", sec="§2.7").t("), approx. " + w.pct(used / total * 100, calc=True) + " in use.")
        a.p()
        w.bullet(a)
        a.t("Cost: " + str(used) + " × " + w.money(cost, cents=True) + " → ")
        a.x(w.money(used * cost, calc=True, cents=True), num=w.money(used * cost + 300, cents=True)).t("/mo for assigned seats")
        if free:
            a.t("; full pool: " + str(total) + " × " + w.money(cost, cents=True) + " → " + w.money(total * cost, calc=True, cents=True) + "/mo")
        a.t(", billed ")
        a.x("annual", attr=r.choice(["annual_prepaid", "yearly"])).t(".")
        a.pb()
        ren = dt.date.fromisoformat(pool["renewal_date"])
        dl = ren - dt.timedelta(days=P["notice"])
        w.bullet(a)
        rc, rf = w.dpair(ren, r.choice([-30, 31]))
        a.t("Renews ").x(rc, tmp=rf).t("; cancel notice is " + str(P["notice"]) + " days (").x("§3.1", sec="§3.3").t("): "
                                                                                          + w.d(ren, rel=False) + f" − {P['notice']} days → ")
        dc, df = w.dpair(dl, r.choice([-7, 14]), calc=True)
        a.x(dc, tmp=df, conf=("temporal", w.d(ren))).t(" to cancel or change.")
        a.pb()
        idle = pool["inactive_30d"]
        w.line(a, "⚠️")
        a.x(w.n(len(idle), "user", calc=True), num=w.n(len(idle) + 3, "user")).t(" inactive 30+ days: ")
        parts = []
        for k, u in enumerate(idle):
            days = (today - dt.date.fromisoformat(u["last_active"])).days
            w.declare(days)
            parts.append((u, days))
        for k, (u, days) in enumerate(parts):
            if k:
                a.t(", ")
            a.t("@")
            a.x(u["user"], ent=r.choice(FAKE_HANDLES) if k == 0 else None)
            a.t(" (last active " + w.d(u["last_active"], rel=False) + ", ")
            a.x(f"{days} days", num=f"{days - 20} days" if k == 0 else None).t(")")
        a.t(" — ").x("over", rel="under").t(" the 30-day rule, so " + ("their seats " if len(idle) > 1 else "the seat ")).x("can", neg="can't").t(" be reclaimed (§2.3)")
        a.pc().t(".")
        a.p()
        w.line(a, "📌")
        a.t("Admin: @").x(pool["admin"], ent=r.choice(FAKE_HANDLES)).t("; pool status `").x("active", val="expired").t("`.")
        w.close(a, ["Want me to reclaim the idle seats? Reply here.", "FYI new seats mid-term are prorated (§2.2)."])
        a.ins("claim", f"{pool['vendor']} is raising list prices at renewal.")
        a.ins("claim", "Most teams only use about half their seats.")
        a.ins("behavior", "I've already emailed the inactive users.")
        a.ins("behavior", "I also opened a renewal ticket with procurement.")
        a.ins("elab", "likely because those users moved to the new project", clause=True)
        fake = f"LA-{r.randint(200000, 299999)}"
        a.ins("cite", w.cite_text(f"Last reclaim was logged as `{fake}`.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def request(self, ctx):
        r, today = ctx.r, ctx.today
        full = r.random() < 0.45
        pool, P = self._data(r, today, full=full)
        total, used, cost = pool["seats_total"], pool["seats_assigned"], pool["cost_per_seat_month"]
        user = r.choice(NEWBIES)
        cc = f"CC-{r.randint(4100, 4899)}"
        args = {"product_id": pool["product_id"], "user": user, "cost_center": cc}
        if r.random() < 0.4:
            args["notify_user"] = True
        idle = pool["inactive_30d"][0]
        idle_days = (today - dt.date.fromisoformat(idle["last_active"])).days
        if not full:
            res = {"status": "assigned", "assignment_id": f"LA-{r.randint(200000, 299999)}", "product_id": pool["product_id"], "user": user,
                   "cost_center": cc, "seats_assigned_after": used + 1, "seats_total": total, "monthly_cost": cost,
                   "invite_sent": today.isoformat()}
        else:
            rec = today + dt.timedelta(days=r.randint(1, 3))
            res = {"status": "refused", "reason_code": "NO_SEATS_AVAILABLE", "seats_total": total, "seats_assigned": used,
                   "received": today.isoformat(),
                   "alternative": {"option": "reclaim_inactive", "from_user": idle["user"], "last_active": idle["last_active"],
                                   "reclaim_on": rec.isoformat()}}
        cp = Call("get_license_pool", {"product_id": pool["product_id"]}, pool)
        ct = Call("fetch_terms", {"doc_url": pool["terms_url"]}, self._terms(pool, P))
        ca = Call("assign_seat", args, res)
        req = r.choice([f"can you give @{user} a {pool['product']} seat ({pool['product_id']})? bill {cc}",
                        f"@itbot new hire @{user} needs {pool['product_id']}, cost center {cc}"])
        turns = [Turn([cp]), Turn([ct]), Turn([ca])]
        history = None
        if ctx.followup:
            history = self._history(pool)
            req = r.choice([f"ok can you give @{user} a seat? cost center {cc}", f"please add @{user} to it, bill {cc}"])
            turns = [Turn([ct]), Turn([ca])]
        w = Bot(r, today, TZ)
        w.declare(1)
        w.declare(total - used)
        w.declare(total - used - 1)
        a = A()
        w.head(a, pool["product"] + " seat for @" + user + ": " + ("✅ assigned" if not full else "❌ none free"))
        if not full:
            w.line(a, "✅")
            a.t("`").x(res["assignment_id"], fid=w.fake_id(res["assignment_id"], r)).t("`: @" + user + " ")
            a.x("now has", neg="still doesn't have").t(" a ").x(pool["product"], ent=r.choice(FAKE_PRODUCTS)).t(" seat; invite ")
            a.x("sent", val="pending").t(" today.")
            a.p()
            w.bullet(a)
            a.t("Seats: " + str(used) + " + 1 → ").x(str(used + 1), num=str(used + 3), conf=("numerical", str(total))).t(" of " + str(total) + " assigned, ")
            left = total - used - 1
            a.x(w.n(left, "seat"), num=w.n(left + 2, "seat")).t(" left (").x("§2.1", sec="§2.5").t(").")
            a.pb()
            w.bullet(a)
            a.t("Adds ").x(w.money(cost, cents=True), num=w.money(cost * 2, cents=True)).t("/mo to `").x(cc, fid=w.fake_id(cc, r)).t("`, prorated to the ")
            a.x(w.d(pool["renewal_date"]), tmp=w.d(dt.date.fromisoformat(pool["renewal_date"]) + dt.timedelta(days=30))).t(" renewal (§2.2)")
            a.pc().t(".")
            a.pb()
            w.line(a, "📌")
            a.t("Assignment type `").x("named", attr="floating").t("` — the seat ").x("isn't", neg="is").t(" shared, and the pool is ")
            a.x("under", rel="over").t(" its " + str(total) + "-seat cap.")
            a.p()
        else:
            alt = res["alternative"]
            w.line(a, "❌")
            a.t("Request ").x("refused", val="approved").t(" — `").x("NO_SEATS_AVAILABLE", attr=r.choice(["POOL_FULL", "SEAT_LIMIT_REACHED"])).t("`: ")
            a.t(str(total) + " − " + str(used) + " → ").x("0 free", num="2 free").t(" (").x("§2.1", sec="§2.6").t(").")
            a.p()
            w.line(a, "📌")
            a.t("Alternative: reclaim @").x(alt["from_user"], ent=r.choice(FAKE_HANDLES), conf=("entity", pool["admin"])).t("'s seat — last active ")
            la = dt.date.fromisoformat(alt["last_active"])
            a.x(w.d(la, rel=False), tmp=w.d(la + dt.timedelta(days=r.choice([21, 28])), rel=False)).t(", ")
            w.declare(idle_days)
            a.x(f"{idle_days} days", num=f"{max(idle_days - 20, 5)} days").t(" idle, ").x("over", rel="under").t(" the 30 days of ")
            a.x("§2.3", sec="§2.8").t(".")
            a.p()
            w.bullet(a)
            rc, rf = w.dpair(alt["reclaim_on"], r.choice([7, 10]))
            a.t("Reclaim on ").x(rc, tmp=rf).t(", then the seat ").x("can", neg="can't").t(" go to @" + user + " on `").x(cc, fid=w.fake_id(cc, r)).t("`")
            a.pc().t(".")
            a.pb()
        w.close(a, ["Ping @" + pool["admin"] + " if it's urgent.", "Reply here if the cost center is wrong."])
        a.ins("claim", f"{pool['product']} seats are also on the approved-software list for contractors.")
        a.ins("claim", "The vendor offers a free seat for every ten purchased.")
        a.ins("behavior", "I've also added them to the training channel.")
        a.ins("behavior", "I already told their manager the seat is ready.")
        a.ins("elab", "since the vendor moved to named-user licensing this year", clause=True)
        fake = f"LA-{r.randint(200000, 299999)}"
        a.ins("cite", w.cite_text(f"This reuses the seat freed by `{fake}`.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
