"""locksmith_callouts (set u): the dispatch assistant of KeyRight Locksmiths — a call-out ticket (lockout or lock job,
customer and site, assigned tech, dispatch time and drive estimate, call-out fee, after-hours surcharge, quoted parts)
read against the rate card (a plain-text page fetched by URL: call-out fee, after-hours surcharge in percent, ID check,
rekey price per cylinder), and booking a rekey (refused by design while the customer's proof of residence is not
verified — reason code and a booking after verification, with the upload link's deadline, as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .ustyle import M, Sms, add_bdays, add_min, emit_cta, hm, ts, vet

BASE = "https://dispatch.keyright.example/api/v1"
RATES = "https://keyright.example/service/rate-card-kr-2"
TECHS = [("Omar Haddad", "LT-208"), ("Kelsey Brandt", "LT-215"), ("Victor Amaya", "LT-221"), ("June Pak", "LT-233")]
FAKE_TECHS = ["Russ Calloway", "Denise Albright"]
CUSTOMERS = ["Sam Whitaker", "Lena Moreau", "Derek Osei", "Tricia Lund", "Paulo Reyes", "Anya Petrova"]
FAKE_CUSTOMERS = ["Gail Henshaw", "Nico Ferrante"]
STREETS = ["Larkin St", "Bayshore Blvd", "Geary Blvd", "Mission St", "Dolores St", "Fulton St"]
FAKE_STREETS = ["Clement St", "Taraval St"]
KINDS = [("home_lockout", "home lockout"), ("car_lockout", "car lockout"), ("broken_key", "broken key extraction")]
ZONES = ["America/Los_Angeles", "America/New_York", "America/Chicago"]
PHONES = ["555-0187", "555-0123", "555-0158"]


class LocksmithCallouts(Scenario):
    name = "locksmith_callouts"
    agent = "keyright-dispatch-assistant"
    service = "keyright-dispatch"
    system = ("You are the dispatch assistant of KeyRight Locksmiths. You text customers and techs: short lines, ETA and "
              "price math, the rate-card section when needed, one call to action. Use only the dispatch system and the rate "
              "card.")
    error_style = 2
    entity_noun = {"ticket_id": "Ticket", "page_url": "Page", "customer_id": "Customer"}
    preambles = ["Checking the ticket.", "Looking up the call-out and the rate card."]

    def __init__(self):
        self.tools = [
            Tool("get_callout", "A call-out ticket: job type, customer, site, assigned tech, dispatch time, drive estimate, "
                                "status, call-out fee, after-hours flag, quoted parts and ID check.",
                 s_obj({"ticket_id": s_str("Ticket, e.g. 'KR-58213'.", pattern=r"^KR-\d{5}$"),
                        "include_quote": s_bool("Include the parts quote.")}, ["ticket_id"]),
                 entity={"ticket_id": "id"}, http=BASE, extra=[("include_location", True)]),
            Tool("fetch_rate_card", "The public rate card (plain text, numbered items).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://keyright\.example/service/.+$")}, ["page_url"]),
                 entity={"page_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("book_rekey", "Book a rekey visit. Customers without verified proof of residence are refused with a reason "
                               "code and the alternative.",
                 s_obj({"customer_id": s_str("Customer, e.g. 'CU-30418'.", pattern=r"^CU-\d{5}$"),
                        "date": s_date("Visit day, YYYY-MM-DD."),
                        "cylinders": s_int("Cylinders to rekey.", 1, 12),
                        "slot": s_str("Slot.", enum=["morning", "afternoon", "evening"])},
                       ["customer_id", "date", "cylinders"]),
                 entity={"customer_id": "id"}, http=BASE, extra=[("skip_id_check", True)]),
        ]
        self.intents = [("callout_status", self.status, True), ("book_rekey", self.rekey, True)]

    def _P(self, r):
        return {"callout": r.choice([89, 95, 110]), "ah": r.choice([25, 40, 50]), "rekey": r.choice([18, 22, 25]),
                "verify": r.choice([2, 3]), "rev": r.choice(["2", "3"])}

    def _ticket(self, r, today, P, verified=True):
        zone = r.choice(ZONES)
        tech, tid = r.choice(TECHS)
        kind = r.choice(KINDS)
        ah = r.random() < 0.45
        h = r.choice([19, 20, 21, 22]) if ah else r.choice([9, 10, 11, 13, 14, 15])
        disp = ts(today, h, r.choice([5, 10, 20, 35, 40]), zone)
        drive = r.choice([18, 22, 25, 30, 35, 40])
        parts = r.sample([("deadbolt cylinder", 38.5), ("car key blank", 24.0), ("knob set", 42.0), ("mortise cylinder", 56.5)], r.randint(1, 2))
        rec = {"ticket_id": f"KR-{r.randint(10000, 99999)}", "job_type": kind[0], "customer": r.choice(CUSTOMERS),
               "customer_id": f"CU-{r.randint(10000, 99999)}",
               "site": f"{r.randint(100, 4899)} {r.choice(STREETS)}", "tech": {"name": tech, "tech_id": tid},
               "dispatched_at": disp, "drive_est_min": drive, "status": r.choice(["en_route", "en_route", "dispatched"]),
               "after_hours": ah, "callout_fee": float(P["callout"]),
               "quote": [{"part": p, "qty": r.randint(1, 2), "unit_price": u} for p, u in parts],
               "id_check": "verified" if verified else "pending", "rate_card_url": RATES, "dispatch_phone": r.choice(PHONES), "time_zone": zone,
               "as_of": add_min(disp, r.randint(3, 12))}
        return rec

    def _doc(self, P):
        return ("KEYRIGHT LOCKSMITHS — RATE CARD (KR-2)\n"
                f"Version {P['rev']}\n\n"
                "1. Call-outs\n"
                f"1.1 Call-out fee ${P['callout']}, covers travel and the first 15 minutes on site.\n"
                f"1.2 After-hours call-outs (6 PM to 7 AM) add {P['ah']}% to the call-out fee.\n"
                "1.3 Parts are quoted before work starts.\n\n"
                "2. Rekeying\n"
                f"2.1 Rekeying is ${P['rekey']} per cylinder.\n"
                "2.2 We rekey only for a verified resident or owner (photo ID and proof of address).\n"
                f"2.3 Proof uploaded through the link is checked within {P['verify']} business days.\n")

    def _history(self, rec):
        h = History().user(f"who's on ticket {rec['ticket_id']}?")
        h.call([Call("get_callout", {"ticket_id": rec["ticket_id"]}, rec)])
        h.reply(f"{rec['tech']['name']} ({rec['tech']['tech_id']}) for {rec['customer']}.")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "Tech carries a spare smart lock in the van.")
        a.ins("claim", "Building manager already confirmed access.")
        a.ins("behavior", "Sent the tech the gate code.")
        a.ins("behavior", "Waived the ID check for this visit.")
        fake = f"KR-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Prior lockout here logged as {fake}.", fake))

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._ticket(r, today, P)
        args = {"ticket_id": rec["ticket_id"]}
        if r.random() < 0.5:
            args["include_quote"] = True
        cg = Call("get_callout", args, rec)
        cd = Call("fetch_rate_card", {"page_url": RATES}, self._doc(P))
        req = r.choice([f"customer on {rec['ticket_id']} asking ETA and total",
                        f"Where's the tech for ticket {rec['ticket_id']}? And what will it cost?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["ETA? and how much will it be", "when does the tech get there + cost?"])
            turns = [Turn([cd])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        kind = dict(KINDS)[rec["job_type"]]
        a.t(kind[0].upper() + kind[1:])
        if r.random() < 0.5:
            a.t(" (").x(rec["job_type"], attr=r.choice(["lockout_residential", "key_extraction", "vehicle_entry"])).t(")")
        a.t(" · ").x(rec["ticket_id"], fid=w.fake_id(rec["ticket_id"], r)).t("\n")
        a.t(w.b() + "Tech: ").x(rec["tech"]["name"], ent=r.choice(FAKE_TECHS)).t(", ")
        st = "en route" if rec["status"] == "en_route" else "dispatched"
        a.x(st, val=r.choice(["on site", "finished"])).t("\n")
        eta = add_min(rec["dispatched_at"], rec["drive_est_min"])
        dc, df = w.tpair(rec["dispatched_at"], r.choice([-30, 25]))
        ec, ef = w.tpair(eta, r.choice([-20, 35]), calc=True)
        a.t(w.b() + "Left @ ").x(dc, tmp=df).t(" + ~" + w.dur(rec["drive_est_min"]) + " → ETA ~").x(ec, tmp=ef, conf=("temporal", dc)).t(" 📍 " if not w.emoji else " @ ")
        a.x(rec["site"], ent=f"{rec['site'].split(' ')[0]} {r.choice(FAKE_STREETS)}").pc().t("\n")
        a.ins("elab", "probably due to traffic on the bridge", clause=True)
        fee = rec["callout_fee"]
        if rec["after_hours"]:
            sur = round(fee * P["ah"] / 100, 2)
            tot = round(fee + sur, 2)
            a.t(w.b() + "Dispatched ").x("after", rel="before").t(" 6 PM → after-hrs rate\n")
            a.t(w.b() + "After-hrs: " + w.pct(P["ah"]) + " of " + w.usd(fee) + " = " + w.usd(sur, calc=True) + " (")
            a.x("§1.2", sec=r.choice(["§1.5", "§3.2"])).t(")\n")
            a.t(w.b() + "Call-out " + w.usd(fee) + " + " + w.usd(sur) + " = ").x(w.usd(tot, calc=True), num=w.usd(round(tot + 45, 2))).pp().t("\n")
        else:
            a.t(w.b() + "Dispatched ").x("before", rel="after").t(" 6 PM → standard rate\n")
            a.t(w.b() + "Call-out ").x(w.usd(fee), num=w.usd(fee + 40)).t(" (").x("§1.1", sec=r.choice(["§1.5", "§3.1"])).t("), ")
            a.x("no after-hrs charge", neg="after-hrs charge applies").t("\n")
        q = rec["quote"]
        if len(q) > 1:
            a.t(w.b() + "Parts quoted: ").x(str(len(q)), num=str(len(q) + 2)).t(" items, ")
            w.declare(len(q))
        else:
            a.t(w.b() + "Parts quoted: ")
        p0 = q[0]
        line = round(p0["qty"] * p0["unit_price"], 2)
        a.t(p0["part"] + " ").x("x" + str(p0["qty"]), num="x" + str(p0["qty"] + 3)).t(" @ " + w.usd(p0["unit_price"]))
        if p0["qty"] > 1:
            a.t(" → " + str(p0["qty"]) + " × " + w.usd(p0["unit_price"]) + " = " + w.usd(line, calc=True))
        a.t(w.lc(", only if needed") + " (§1.3)").pp().t("\n")
        if len(q) > 1:
            p1 = q[1]
            a.t(w.b() + p1["part"] + " x" + str(p1["qty"]) + " @ ").x(w.usd(p1["unit_price"]), conf=("numerical", w.usd(p0["unit_price"])) if p0["unit_price"] != p1["unit_price"] else None).pp().t("\n")
        a.t(w.b() + w.fy() + w.lc("ID check ")).x("verified", val="pending").pp().t("\n")
        emit_cta(a, w, rec["dispatch_phone"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def rekey(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._ticket(r, today, P, verified=ok)
        want = today + dt.timedelta(days=r.randint(1, 5))
        while want.weekday() >= 5:
            want += dt.timedelta(days=1)
        cyl = r.randint(2, 6)
        slot = r.choice(["morning", "afternoon", "evening"])
        args = {"customer_id": rec["customer_id"], "date": want.isoformat(), "cylinders": cyl}
        if r.random() < 0.6:
            args["slot"] = slot
        zone = rec["time_zone"]
        sh = {"morning": 9, "afternoon": 13, "evening": 17}[args.get("slot", "morning")]
        if ok:
            res = {"status": "booked", "booking_id": f"RK-{r.randint(100000, 999999)}", "customer_id": rec["customer_id"],
                   "window_start": ts(want, sh, 0, zone), "window_end": ts(want, sh + 2, 0, zone), "cylinders": cyl,
                   "price_per_cylinder": float(P["rekey"]), "tech": rec["tech"]["name"]}
        else:
            upload_by = add_bdays(today, P["verify"])
            res = {"status": "refused", "reason_code": "RESIDENCY_UNVERIFIED", "customer_id": rec["customer_id"],
                   "cylinders_requested": cyl, "id_check": "pending", "alternative": {"option": "upload_proof_then_book", "link": f"https://keyright.example/verify/{rec['customer_id'].lower()}",
                                                          "checked_by": upload_by.isoformat()}}
        cg = Call("get_callout", {"ticket_id": rec["ticket_id"]}, rec)
        cd = Call("fetch_rate_card", {"page_url": RATES}, self._doc(P))
        cb = Call("book_rekey", args, res)
        req = r.choice([f"{rec['customer']} ({rec['customer_id']}, ticket {rec['ticket_id']}) wants {cyl} locks rekeyed {want.isoformat()}. book it",
                        f"Book a rekey for customer {rec['customer_id']} on {want.isoformat()}, {cyl} cylinders. Ticket {rec['ticket_id']}."])
        turns = [Turn([cg]), Turn([cd]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"they also want {cyl} cylinders rekeyed on {want.isoformat()}, cust {rec['customer_id']}. book pls",
                            f"book rekey x{cyl} for {rec['customer_id']} {want.isoformat()}"])
            turns = [Turn([cd]), Turn([cb])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        price = cyl * P["rekey"]
        if ok:
            a.t("Rekey ").x("booked", val="on hold").t(" ✓ ").x(res["booking_id"], fid=w.fake_id(res["booking_id"], r)).t("\n")
            dc, df = w.dpair(want, r.choice([-1, 1]))
            wc, wf = w.rpair(res["window_start"], res["window_end"], r.choice([-120, 60]))
            a.t(w.b()).x(dc, tmp=df).t(", ").x(wc, tmp=wf).t(" @ " + rec["site"]).pp().t("\n")
            a.t(w.b()).x(str(cyl), num=str(cyl + 3)).t(" cyl × " + w.usd(P["rekey"]) + " = ").x(w.usd(price, calc=True), num=w.usd(price + 30))
            a.t(" (").x("§2.1", sec=r.choice(["§2.4", "§4.1"])).t(")").pc().t("\n")
            a.ins("elab", "since all the locks are the same brand", clause=True)
            a.t(w.b() + "ID ").x("verified", val="pending").t(", ").x(w.lc("no extra paperwork"), neg=w.lc("extra paperwork needed")).pp().t("\n")
            a.t(w.b() + "Tech: ").x(rec["tech"]["name"], ent=r.choice(FAKE_TECHS)).pp().t("\n")
            emit_cta(a, w, rec["dispatch_phone"])
        else:
            alt = res["alternative"]
            upload_by = dt.date.fromisoformat(alt["checked_by"])
            a.t("Can't book rekey for ").x(rec["customer_id"], fid=w.fake_id(rec["customer_id"], r)).t(" yet ✗\n")
            a.t(w.b() + "Reason: ID check ").x("pending", val="failed").t(" (").x("RESIDENCY_UNVERIFIED", attr=r.choice(["ID_REQUIRED", "OWNER_UNVERIFIED"])).t(")").pc().t("\n")
            a.ins("elab", "as the lease on file has expired", clause=True)
            a.t(w.b() + "Rekey only for verified resident/owner per ").x("§2.2", sec=r.choice(["§2.5", "§1.4"])).t("\n")
            uc, uf = w.dpair(alt["checked_by"], r.choice([-1, 3]), calc=True)
            a.t(w.b() + "Alt: upload proof → checked within " + str(P["verify"]) + " business days: " + w.d(today) + " + " + str(P["verify"])
                + " business days = ").x(uc, tmp=uf).pp().t("\n")
            a.t(w.b() + "Requested " + w.d(want) + " is ").x("before" if want <= upload_by else "after", rel="after" if want <= upload_by else "before")
            a.t(" the check date").pp().t("\n")
            a.t(w.b() + "Then book after " + w.d(alt["checked_by"]) + "; est. ").x(str(cyl), num=str(cyl + 3)).t(" × " + w.usd(P["rekey"]) + " = ")
            a.x(w.usd(price, calc=True), num=w.usd(price + 30)).pp().t("\n")
            a.t("Upload link: " + alt["link"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
