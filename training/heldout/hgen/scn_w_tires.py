"""tire_fitting (set w): the texting assistant of TreadRight tire shops — a tire-install appointment (shop, vehicle,
day and time, estimated minutes, tire model, quantity and price each, per-tire mount-and-balance and disposal fees,
whether the tires are in stock, a tread check per wheel against the shop's 3 mm line) read against the service terms (a
Markdown document fetched by path), and a request to add a service (refused by design when the added time does not fit
the free bay time after the appointment — reason code and a later slot as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .wstyle import B, Terse, end_li, hello, li, sign, ts, vet

BASE = "https://api.treadright.example/v2"
TERMS = "/service/terms/treadright-service-terms-tw-3.md"
CUSTOMERS = ["Greg Novak", "Alicia Torres", "Sean Murphy", "Bea Lindgren", "Kofi Mensah", "Rachel Stein", "Hugo Blanc",
             "Tara Quinn"]
FAKE_NAMES = ["Doreen", "Miles"]
SHOPS = [("TreadRight Westside", "America/Edmonton"), ("TreadRight Eastgate", "America/Toronto"),
         ("TreadRight Airport Rd", "America/Chicago"), ("TreadRight Harbour", "America/Halifax"),
         ("TreadRight Valley", "America/Los_Angeles")]
FAKE_SHOPS = ["TreadRight Northgate", "TreadRight Midtown"]
VEHICLES = ["Honda CR-V", "Toyota Corolla", "Ford Escape", "Subaru Forester", "Mazda CX-5", "Kia Sorento"]
TIRES = [("Kestrel AT2", [128.0, 136.0]), ("Northline Grip", [112.0, 119.0]), ("Vantage HP", [219.0, 249.0, 268.0]),
         ("Alpine Trek", [124.0, 131.0, 189.0])]
FAKE_TIRES = ["Summit TrailMax", "Corsa Eco"]
POS = ["FL", "FR", "RL", "RR"]
ADDONS = {"alignment": ("wheel alignment", 99.0, 60), "valve_stems": ("new valve stems", 20.0, 15),
          "tire_storage": ("seasonal tire storage", 80.0, 0)}
PHONES = ["1-888-555-0138", "1-888-555-0184"]


class TireFitting(Scenario):
    name = "tire_fitting"
    agent = "treadright-txt"
    service = "treadright-appointments"
    system = ("You are the texting assistant of TreadRight tire shops. Customers get your replies as SMS: keep them "
              "short, one line per fact, abbreviations and symbols OK, math on one line. Use only the appointment, the "
              "service terms and tool results; never show internal codes.")
    error_style = 0
    entity_noun = {"appointment_id": "Appointment", "doc_path": "Document"}
    preambles = ["Checking your appointment.", "Pulling up the appointment and our terms."]

    def __init__(self):
        self.tools = [
            Tool("get_appointment", "A tire appointment: customer, shop, vehicle, day and start time, estimated minutes, "
                                    "tires (model, quantity, price each, stock), per-tire services, totals, tread check.",
                 s_obj({"appointment_id": s_str("Appointment ID, e.g. 'TW-58201'.", pattern=r"^TW-\d{5}$"),
                        "include_tread": s_bool("Include the tread check.")}, ["appointment_id"]),
                 entity={"appointment_id": "id"}, http=BASE, extra=[("include_invoice", True)]),
            Tool("read_service_terms", "A service terms document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/service/terms/[a-z0-9/_.-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "pdf")]),
            Tool("add_service", "Add a service to an appointment. A service that does not fit the free bay time is refused "
                                "with a reason code and a later slot.",
                 s_obj({"appointment_id": s_str("Appointment ID.", pattern=r"^TW-\d{5}$"),
                        "service": s_str("Service to add.", enum=list(ADDONS)),
                        "quantity": s_int("How many (tires or seasons).", 1, 4),
                        "confirm_by_sms": s_bool("Text a confirmation.")},
                       ["appointment_id", "service"]),
                 entity={"appointment_id": "id"}, http=BASE, extra=[("skip_check", True)]),
        ]
        self.intents = [("appointment_status", self.status, True), ("add_service", self.add, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"mount": float(r.choice([20, 22, 25])), "disposal": float(r.choice([4, 5])), "min_mm": 3.0,
                "early": 10, "typ_lo": 60, "typ_hi": 90, "hazard": 12, "rev": r.choice(["3", "4"])}

    def _appt(self, r, today, P, qty=None, days=None):
        shop, zone = r.choice(SHOPS)
        model, prices = r.choice(TIRES)
        qty = qty or r.choice([4, 4, 2])
        d = today + dt.timedelta(days=r.randint(1, 8) if days is None else days)
        hh, mm = r.choice([(8, 0), (9, 30), (11, 0), (13, 30), (15, 0)])
        est = r.choice([60, 75, 90]) if qty == 4 else r.choice([45, 60])
        price = r.choice(prices)
        in_stock = qty if r.random() < 0.7 else r.randint(0, qty - 1)
        tt = round(qty * price, 2)
        mt = round(qty * P["mount"], 2)
        dp = round(qty * P["disposal"], 2)
        tread = [{"position": p, "mm": round(r.choice([1.8, 2.2, 2.6, 2.8, 3.4, 4.1, 4.6, 5.2]), 1)} for p in POS]
        rec = {"appointment_id": f"TW-{r.randint(10000, 99999)}", "shop": shop, "customer": r.choice(CUSTOMERS),
               "vehicle": {"year": r.choice([2016, 2018, 2019, 2021, 2022]), "model": r.choice(VEHICLES)},
               "date": d.isoformat(), "start": ts(d, hh, mm, zone), "est_mins": est,
               "tires": {"model": model, "qty": qty, "price_each": price, "in_stock": in_stock},
               "services": [{"name": "mount and balance", "per_tire": P["mount"]}, {"name": "disposal", "per_tire": P["disposal"]}],
               "tires_total": tt, "mount_total": mt, "disposal_total": dp, "subtotal": round(tt + mt + dp, 2),
               "prices_before_tax": True, "tread_check": tread, "min_tread_mm": P["min_mm"],
               "status": "booked" if in_stock == qty else "tires_on_order",
               "app_labels": ["My Garage", "Appointments", "Tread Report"], "terms_path": TERMS,
               "phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([8, 10, 13, 16]), r.choice([0, 20, 40]), zone)}
        if in_stock < qty:
            rec["tires"]["stock_eta"] = (d - dt.timedelta(days=r.randint(0, 1))).isoformat() if (d - today).days > 1 else d.isoformat()
        return rec

    def _doc(self, P):
        return ("# TreadRight Service Terms (TW-3)\n\n"
                f"Revision {P['rev']}\n\n"
                "## 1. Appointments\n"
                f"1.1 Arrive {P['early']} minutes early. Most installs take {P['typ_lo']} to {P['typ_hi']} minutes.\n"
                f"1.2 We recommend new tires when the tread is below {P['min_mm']:.0f} mm.\n\n"
                "## 2. Pricing\n"
                "2.1 Mount and balance is charged per tire; old tires are disposed of for a fee per tire.\n"
                "2.2 Prices are before tax.\n\n"
                "## 3. Add-ons\n"
                "3.1 An add-on needs free bay time right after your appointment.\n"
                "3.2 A wheel alignment adds 60 minutes; new valve stems add 15 minutes.\n\n"
                "## 4. Warranty\n"
                f"4.1 Road-hazard coverage lasts {P['hazard']} months from the install.\n")

    def _history(self, rec):
        h = History().user(f"hi, about my tire appt {rec['appointment_id']}")
        h.call([Call("get_appointment", {"appointment_id": rec["appointment_id"]}, rec)])
        h.reply(f"Got it ✓ {rec['vehicle']['model']} at {rec['shop']}. What do you need?")
        return h

    def _inserts(self, a, w, r, rec, elab="b/c the supplier raised prices this mo."):
        a.ins("claim", "Free rotation @ 10k km incl.")
        a.ins("claim", "These tires are rated for snow too")
        a.ins("behavior", "Price-matched to the online rate ✓")
        a.ins("behavior", "Moved you up to the 8am bay ✓")
        fake = f"TW-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Same as your last install, appt #{fake}", fake))
        a.ins("elab", elab, clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.4:
            hello(a, w, rec["customer"].split()[0], r.choice(FAKE_NAMES))

    def _money(self, a, w, r, rec, P):
        t = rec["tires"]
        q = t["qty"]
        li(a, w).t(r.choice(["", "Qty "]) + str(q) + " × ").x(t["model"], ent=r.choice(FAKE_TIRES)).t(" @ ")
        a.x(w.usd(t["price_each"]), num=w.usd(t["price_each"] + 20)).t(" = " + w.usd(rec["tires_total"]))
        end_li(a, w)
        li(a, w).t("Mount+balance " + str(q) + " × " + w.usd(P["mount"]) + " = ")
        a.x(w.usd(rec["mount_total"]), num=w.usd(rec["mount_total"] + 16), conf=("numerical", w.usd(rec["disposal_total"]))).pc()
        end_li(a, w)
        if r.random() < 0.5:
            li(a, w).t("Disposal " + str(q) + " × " + w.usd(P["disposal"]) + " = " + w.usd(rec["disposal_total"]))
            end_li(a, w)
            li(a, w).t(w.usd(rec["tires_total"]) + " + " + w.usd(rec["mount_total"]) + " + " + w.usd(rec["disposal_total"]) + " = ")
            a.x(w.usd(rec["subtotal"]), num=w.usd(rec["subtotal"] + 40)).t(" + tax")
        else:
            li(a, w).t("All in w/ disposal: ").x(w.approx_usd(rec["subtotal"]), num=w.past_usd(rec["subtotal"])).t(" + tax")
        end_li(a, w)
        li(a, w).t("Prices ").x("before tax", neg="incl. tax").t(" (§").x("2.2", sec=r.choice(["2.5", "6.2"])).t(")")
        end_li(a, w)

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._appt(r, today, P)
        args = {"appointment_id": rec["appointment_id"]}
        if r.random() < 0.5:
            args["include_tread"] = True
        cg = Call("get_appointment", args, rec)
        cd = Call("read_service_terms", {"doc_path": TERMS}, self._doc(P))
        req = r.choice([f"when's my tire appt {rec['appointment_id']} and whats the total",
                        f"Appointment {rec['appointment_id']}: details pls",
                        f"are my tires in for {rec['appointment_id']}?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["what's the total and are the tires in stock?", "how bad is my tread and what will it cost"])
            turns = [Turn([cd])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        st, t = rec["status"], rec["tires"]
        a.t(r.choice(["TreadRight appt #", "re: appt #", "Appt #"])).x(rec["appointment_id"], fid=w.fake_id(rec["appointment_id"], r)).t(" ")
        a.x("✓ booked" if st == "booked" else "booked, tires on order", val="tires on order" if st == "booked" else "✓ all tires in").nl()
        dc, df = w.when_pair(rec["date"], r.choice([1, -1, 2]))
        a.t("\n").x(dc, tmp=df).t(" @ " + w.time(rec["start"]) + " · ").x(rec["shop"], ent=r.choice(FAKE_SHOPS)).nl()
        a.t("\n" + str(rec["vehicle"]["year"]) + " " + rec["vehicle"]["model"] + ", est. ")
        a.x(str(rec["est_mins"]), num=str(rec["est_mins"] + 45)).t(" mins (" + str(P["typ_lo"]) + "–" + str(P["typ_hi"]) + " typical)").nl()
        if t["in_stock"] < t["qty"]:
            w.declare(t["qty"] - t["in_stock"])
            li(a, w).t(str(t["in_stock"]) + " of " + str(t["qty"]) + " tires in stock → ")
            a.x(str(t["qty"] - t["in_stock"]), num=str(t["qty"] - t["in_stock"] + 2)).t(" on order")
            end_li(a, w)
            ec, ef = w.when_pair(t["stock_eta"], r.choice([2, 3, -2]))
            li(a, w).t("Tires ETA ").x(ec, tmp=ef)
            if t["stock_eta"] < rec["date"]:
                a.t(", 1 day ").x("before", rel="after").t(" the appt")
            else:
                a.t(", same day as the appt")
            end_li(a, w)
        else:
            li(a, w).t(("All " + str(t["qty"]) if t["qty"] > 2 else "Both") + " tires ").x("in stock ✓", neg="not in stock yet")
            end_li(a, w)
        self._money(a, w, r, rec, P)
        low = [x for x in rec["tread_check"] if x["mm"] < P["min_mm"]]
        w.declare(len(low))
        worst = min(rec["tread_check"], key=lambda x: x["mm"])
        below = worst["mm"] < P["min_mm"]
        li(a, w).t("Tread: worst " + worst["position"] + " ").x(f"{worst['mm']:g} mm", num=f"{worst['mm'] + 2.5:g} mm")
        if below and r.random() < 0.5:
            a.t(" → replace b/c it's ").x("below", rel="above").t(" 3 mm (§")
        else:
            a.t(", ").x("below" if below else "above", rel="above" if below else "below").t(" the 3 mm line (§")
        a.x("1.2", sec=r.choice(["1.5", "5.2"])).t(")")
        end_li(a, w)
        if low:
            li(a, w).x(str(len(low)), num=str(len(low) + 2) if len(low) + 2 <= 4 else str(len(low) - 1)).t(" of 4 under 3 mm")
            fr = w.frac(len(low), 4)
            if fr and len(low) < 4:
                a.t(" (" + fr + ")")
            end_li(a, w)
        if r.random() < 0.4:
            w.declare(P["hazard"] / 12)
            li(a, w).t("Road-hazard cover " + w.num(P["hazard"] / 12) + " yr (" + str(P["hazard"]) + " mo., §").x("4.1", sec=r.choice(["4.4", "6.1"])).t(")")
            end_li(a, w)
        a.t('\nFull report in "').x("Tread Report", attr=r.choice(["Wear Index", "Tire Health"])).t('" tab').nl()
        sign(a, w, rec["phone"], ["Reply ADD for an alignment", "Arrive 10 mins early"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def add(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        key = r.choice(["alignment", "valve_stems", "tire_storage"] if ok else ["alignment", "alignment", "valve_stems"])
        name, price, mins = ADDONS[key]
        rec = self._appt(r, today, P, qty=4)
        rec["tires"]["in_stock"] = 4
        rec["tires"].pop("stock_eta", None)
        rec["status"] = "booked"
        zone = rec["time_zone"]
        args = {"appointment_id": rec["appointment_id"], "service": key}
        if key == "tire_storage":
            args["quantity"] = 1
        if r.random() < 0.4:
            args["confirm_by_sms"] = True
        st = rec["start"]
        sm = int(st[11:13]) * 60 + int(st[14:16])
        if ok:
            new_mins = rec["est_mins"] + mins
            done = sm + new_mins
            res = {"status": "added", "appointment_id": rec["appointment_id"], "service": key, "price": price,
                   "adds_mins": mins, "new_est_mins": new_mins, "est_done": ts(rec["date"], done // 60, done % 60, zone),
                   "new_subtotal": round(rec["subtotal"] + price, 2), "ref": f"AD-{r.randint(10000, 99999)}"}
        else:
            free = r.choice([0, 15, 30]) if mins == 60 else 0
            nd = dt.date.fromisoformat(rec["date"]) + dt.timedelta(days=r.choice([0, 1, 2]))
            hh = r.choice([14, 15]) if nd.isoformat() == rec["date"] and sm < 13 * 60 else r.choice([8, 9, 13])
            res = {"status": "refused", "reason_code": "NO_BAY_TIME", "appointment_id": rec["appointment_id"],
                   "service": key, "needs_mins": mins, "free_bay_mins": free,
                   "alternative": {"option": "later_slot", "date": nd.isoformat(), "start": ts(nd, hh, 0, zone),
                                   "est_mins": rec["est_mins"] + mins, "price": price}}
        cg = Call("get_appointment", {"appointment_id": rec["appointment_id"]}, rec)
        cd = Call("read_service_terms", {"doc_path": TERMS}, self._doc(P))
        cx = Call("add_service", args, res)
        req = r.choice([f"can you add {name} to appt {rec['appointment_id']}?",
                        f"Add {name} to {rec['appointment_id']} pls"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"can you also add {name}?", f"pls add {name} while the car's in"])
            turns = [Turn([cd]), Turn([cx])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        dc, df = w.when_pair(rec["date"], r.choice([1, -1, 2]))
        if ok:
            a.x("Added ✓", val=r.choice(["Requested", "Waitlisted"])).t(" " + name + " → appt #").x(rec["appointment_id"], fid=w.fake_id(rec["appointment_id"], r)).nl()
            li(a, w).t(w.usd(rec["subtotal"]) + " + ").x(w.usd(price), num=w.usd(price + 30)).t(" = ")
            a.x(w.usd(res["new_subtotal"]), num=w.usd(res["new_subtotal"] + 30), conf=("numerical", w.usd(rec["subtotal"]))).t(" + tax")
            end_li(a, w)
            li(a, w).x("Up", rel="Down").t(" " + w.usd(price) + " from the quoted " + w.usd(rec["subtotal"]))
            end_li(a, w)
            if mins:
                li(a, w).t(str(rec["est_mins"]) + " + " + str(mins) + " mins = ").x(str(res["new_est_mins"]), num=str(res["new_est_mins"] + 30)).t(" mins (§")
                a.x("3.2", sec=r.choice(["3.6", "7.2"])).t(")")
                end_li(a, w)
                li(a, w).t("Done ≈ ").x(w.time(res["est_done"]), conf=("temporal", w.time(rec["start"]))).t(", fits the free bay time").pc()
                end_li(a, w)
            else:
                li(a, w).x("No extra bay time", neg="Extra bay time needed").t("; tires stored after the install")
                end_li(a, w)
            a.t("\nStill ").x(dc, tmp=df).t(" @ " + w.time(rec["start"]) + " · ").x(rec["shop"], ent=r.choice(FAKE_SHOPS)).nl()
            a.t("\nRef ").x(res["ref"], fid=w.fake_id(res["ref"], r)).t(' · "').x("Appointments", attr=r.choice(["Service Cart", "Bay Planner"])).t('" tab').nl()
            sign(a, w, rec["phone"] if r.random() < 0.5 else None)
        else:
            alt = res["alternative"]
            a.t("Can't add " + name + " ✗").nl()
            a.t("\nNeeds ").x(str(mins), num=str(mins + 30)).t(" mins, ")
            if res["free_bay_mins"]:
                a.t("only ").x(str(res["free_bay_mins"]), num=str(res["free_bay_mins"] + 45)).t(" free after")
            else:
                a.x("no", neg="plenty of").t(" free bay time after")
            a.t(" (§").x("3.1", sec=r.choice(["3.4", "7.1"])).t(")").pc().nl()
            ac, af = w.when_pair(alt["date"], r.choice([1, 2, -1]))
            li(a, w).t("Option: ").x(ac, tmp=af).t(" @ ").x(w.time(alt["start"]), conf=("temporal", w.time(rec["start"])))
            end_li(a, w)
            li(a, w).t(str(rec["est_mins"]) + " + " + str(mins) + " = " + str(alt["est_mins"]) + " mins all in")
            end_li(a, w)
            li(a, w).x(w.usd(price), num=w.usd(price + 25), conf=("numerical", w.usd(rec["mount_total"]))).t(" " + name + ", prices ").x("before tax", neg="incl. tax")
            end_li(a, w)
            a.t("\nAppt #").x(rec["appointment_id"], fid=w.fake_id(rec["appointment_id"], r)).t(" ").x("unchanged", val="cancelled").t(": ").x(dc, tmp=df)
            a.t(" @ " + w.time(rec["start"])).nl()
            a.t("\n" + w.usd(rec["subtotal"]) + " + tax, ").x("in stock ✓", neg="tires not in yet").t(' · see "').x("Appointments", attr=r.choice(["Service Cart", "Bay Planner"])).t('"').nl()
            a.t("\n" + w.ask("Move to the later slot? Reply Y")).nl()
        self._inserts(a, w, r, rec, "b/c the next booking cancelled" if ok else "b/c the next bay booking starts right after")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
