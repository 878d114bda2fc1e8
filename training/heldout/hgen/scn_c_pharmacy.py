"""pharmacy_refills (set c): prescriptions and refill eligibility, refill pickup status, counselling leaflets, 30- vs 90-day prices."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, money, mutate_id, nword, other_than, plural,
                     s_bool, s_int, s_obj, s_str)
from .cstyle import (about_money, day_of, day_ord, dur_words, hm12, hours_phrase, lead, mdy, month_ord, nudge, nudge_int, pct1,
                     stamp, tail)

BASE = "https://rx.larkspur.example/api/v2"
# key: (display, strength, form, doses/day, dose times, missed-dose cutoff h, food, avoid, store °C, use, brand)
DRUGS = {
    "atorvastatin": ("Atorvastatin", "20 mg", "tablet", 1, [20], 12, "with or without food",
                     "drinking large amounts of grapefruit juice (more than about 1.2 litres a day)", 25, "lower LDL cholesterol", "Lipitor"),
    "lisinopril": ("Lisinopril", "10 mg", "tablet", 1, [8], 8, "with or without food",
                   "potassium supplements and salt substitutes that contain potassium", 30, "treat high blood pressure", "Zestril"),
    "metformin": ("Metformin", "500 mg", "tablet", 2, [8, 19], 4, "with meals",
                  "drinking a lot of alcohol", 25, "control blood sugar in type 2 diabetes", "Glucophage"),
    "sertraline": ("Sertraline", "50 mg", "tablet", 1, [9], 8, "with or without food",
                   "St John's wort and drinking alcohol", 30, "treat depression and anxiety", "Zoloft"),
    "levothyroxine": ("Levothyroxine", "75 mcg", "tablet", 1, [7], 12, "on an empty stomach, 30 to 60 minutes before breakfast",
                      "taking calcium or iron supplements within 4 hours of your dose", 25, "replace thyroid hormone", "Synthroid"),
    "amlodipine": ("Amlodipine", "5 mg", "tablet", 1, [9], 12, "with or without food",
                   "grapefruit juice in large amounts", 25, "treat high blood pressure and angina", "Norvasc"),
}
OTHER_DRUGS = ["Rosuvastatin", "Losartan", "Omeprazole", "Escitalopram", "Simvastatin", "Glipizide"]
PRESCRIBERS = [("Dr. Amara Osei", "Fernhill Family Practice"), ("Dr. Felix Baumann", "Lakeside Internal Medicine"),
               ("Dr. Lena Ruiz", "Northgate Health Partners"), ("Dr. Samuel Park", "Cedar Row Clinic")]
OTHER_PRESCRIBERS = ["Dr. Helen Cho", "Dr. Rajiv Menon", "Dr. Paula Grant", "Dr. Owen Fitch"]
STORES = [("ST0412", "Elm & 5th", "8am–9pm"), ("ST0388", "Riverside Plaza", "9am–7pm"), ("ST0527", "Northgate Mall", "10am–8pm")]
OTHER_STORES = ["Harbor Point", "Westfield Commons", "Maple Junction"]
OFFS = ["-05:00", "-06:00", "-04:00", "-07:00"]
STATUS_WORDS = {"received": "received and waiting in the queue", "in_progress": "being filled",
                "ready_for_pickup": "ready to collect", "on_hold_insurance": "on hold while your insurance reviews it",
                "picked_up": "already picked up"}


class Pharmacy(Scenario):
    name = "pharmacy_refills"
    agent = "Marlow"
    service = "larkspur-pharmacy-assistant"
    system = ("You are Marlow, the virtual assistant for Larkspur Pharmacy. The patient is signed in. Use the tools to answer "
              "questions about their prescriptions, refills, pickups, prices and the patient information leaflets. Quote "
              "leaflet sections by number, never give advice beyond the leaflet, and suggest the pharmacist for anything else. "
              "Only request a refill when the patient asks for one.")
    error_style = 1
    entity_noun = {"rx_number": "Prescription", "refill_order_id": "Refill order", "leaflet_path": "Leaflet",
                   "pickup_store_id": "Store"}
    preambles = ["Let me check your prescription record.", "One moment while I look that up.", "Checking with the pharmacy system."]

    def __init__(self):
        rx = s_str("Prescription number as printed on the label, e.g. '7204418-03'.", pattern=r"^\d{7}-\d{2}$")
        self.tools = [
            Tool("list_prescriptions", "The patient's prescriptions on file.",
                 s_obj({"include_inactive": s_bool("Also list expired or transferred prescriptions."),
                        "sort": s_str("Sort order.", enum=["name", "next_refill", "last_filled"])}), http=BASE,
                 extra=[("patient", "self"), ("page_size", 50)]),
            Tool("get_prescription", "One prescription: drug, directions, supply, refills left, eligibility dates and prescriber.",
                 s_obj({"rx_number": rx}, ["rx_number"]), entity={"rx_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("request_refill", "Submit a refill for pickup or delivery.",
                 s_obj({"rx_number": rx,
                        "pickup_store_id": s_str("Store id, e.g. 'ST0412'.", pattern=r"^ST\d{4}$"),
                        "pickup": s_str("Pickup method.", enum=["in_store", "drive_thru", "delivery"])},
                       ["rx_number", "pickup_store_id"]), entity={"rx_number": "id", "pickup_store_id": "id"}, http=BASE,
                 extra=[("notify", "sms"), ("rush", True)]),
            Tool("get_refill_status", "Status of a refill order, pickup deadline and copay.",
                 s_obj({"refill_order_id": s_str("Refill order id, e.g. 'RF-K2Q9-4471'.", pattern=r"^RF-[A-Z0-9]{4}-\d{4}$")},
                       ["refill_order_id"]), entity={"refill_order_id": "id"}, http=BASE, extra=[("include_store", True)]),
            Tool("get_leaflet", "Plain-text patient information leaflet with numbered sections.",
                 s_obj({"leaflet_path": s_str("Leaflet path from the prescription, e.g. 'leaflets/en/atorvastatin-20mg.md'.",
                                              pattern=r"^leaflets/[a-z]{2}/[a-z0-9-]+\.md$")}, ["leaflet_path"]),
                 entity={"leaflet_path": "path"}, extra=[("lang", "es"), ("large_print", True)]),
            Tool("get_price_quote", "Copay quotes for a prescription under the patient's plan for a given supply.",
                 s_obj({"rx_number": rx, "days_supply": s_int("Days of supply to quote.", 7, 90),
                        "include_cash_price": s_bool("Also return the price without insurance.")}, ["rx_number", "days_supply"]),
                 entity={"rx_number": "id"}, http=BASE, extra=[("coupon", "auto"), ("zip", "60614")]),
        ]
        self.intents = [("refill_eligibility", self.eligibility, True), ("refill_status", self.status, True),
                        ("leaflet_question", self.leaflet, False), ("price_options", self.prices, False)]

    # ------------------------------------------------------------------ data
    def rx(self, r: R, today, key=None, state=None):
        key = key or r.choice(list(DRUGS))
        d = DRUGS[key]
        per_day = d[3]
        qty = r.choice([30, 90]) * per_day
        days = qty // per_day
        written = today - dt.timedelta(days=r.randint(60, 300))
        state = state or r.choice(["active", "active", "refill_too_soon", "needs_renewal"])
        if state == "refill_too_soon":
            ago = r.randint(5, int(days * 0.8) - 3)
        else:
            ago = r.randint(int(days * 0.8) + 1, days + 6)
        last = today - dt.timedelta(days=ago)
        nxt = last + dt.timedelta(days=int(days * 0.8))
        authorized = r.choice([3, 5, 11])
        remaining = 0 if state == "needs_renewal" else r.randint(1, authorized - 1)
        pres = r.choice(PRESCRIBERS)
        store = r.choice(STORES)
        num = f"{r.digits(7)}-{authorized - remaining:02d}"
        return {"rx_number": num, "as_of": today.isoformat(), "status": state,
                "drug": {"name": d[0], "strength": d[1], "form": d[2], "brand_equivalent": d[10], "generic": True},
                "directions": (f"Take 1 {d[2]} by mouth {'once daily' if per_day == 1 else 'twice daily'} " + d[6]),
                "quantity": qty, "days_supply": days, "refills_authorized": authorized, "refills_remaining": remaining,
                "written_on": written.isoformat(), "expires_on": (written + dt.timedelta(days=365)).isoformat(),
                "last_filled": last.isoformat(), "next_fill_eligible": nxt.isoformat(),
                "prescriber": {"name": pres[0], "practice": pres[1], "phone": f"+1-773-555-{r.digits(4)}"},
                "preferred_store": {"store_id": store[0], "name": f"Larkspur Pharmacy — {store[1]}", "hours": store[2]},
                "auto_refill": r.random() < 0.3,
                "leaflet_path": f"leaflets/en/{key}-{d[1].replace(' ', '')}.md"}, key

    def leaflet_text(self, key, r: R):
        d = DRUGS[key]
        f_store = round(d[8] * 9 / 5 + 32)
        ver = f"{r.randint(2023, 2025)}-{r.randint(1, 12):02d}"
        return (f"# {d[0]} {d[1]} {d[2]}s — patient information\nRevised {ver}\n\n"
                f"1. What this medicine is for\n1.1 {d[0]} is used to {d[9]}.\n\n"
                f"2. How to take it\n2.1 Take {d[0].lower()} exactly as your prescriber tells you, {d[6]}.\n"
                f"2.2 Swallow the {d[2]} whole with a glass of water.\n\n"
                f"3. If you miss a dose\n3.1 Take the missed dose as soon as you remember, unless your next dose is due within "
                f"{d[5]} hours. In that case skip the missed dose and take the next one at the usual time.\n"
                f"3.2 Never take two doses at the same time to make up for a missed one.\n\n"
                f"4. Things to avoid\n4.1 Avoid {d[7]}.\n4.2 Tell your pharmacist about any other medicines or supplements you take.\n\n"
                f"5. Possible side effects\n5.1 Common: headache, mild stomach upset, dizziness.\n"
                f"5.2 Get medical help right away if you have swelling of the face, lips or throat.\n\n"
                f"6. Storage\n6.1 Store below {d[8]}°C in a dry place, away from direct sunlight.\n6.2 Keep out of the reach of children.\n")

    @staticmethod
    def auto_note(a, r, p):
        if r.random() < 0.45:
            on = p["auto_refill"]
            a(" Auto-refill is ").x("on" if on else "off", val="off" if on else "on").t(" for this prescription (the ").x(
                "`auto_refill`", attr=r.choice(["`auto_renew`", "`refill_reminders`", "`autofill_enabled`"])).t(" setting on your record).").p()

    # ------------------------------------------------------------------ intents
    def eligibility(self, ctx):
        r, today = ctx.r, ctx.today
        p, key = self.rx(r, today)
        d = DRUGS[key]
        drug = d[0]
        gp = Call("get_prescription", {"rx_number": p["rx_number"]}, p)
        wants = p["status"] == "active" and r.random() < 0.45
        history = None
        if ctx.followup:
            lst = {"prescriptions": [{"rx_number": p["rx_number"], "drug": f"{drug} {d[1]}", "status": p["status"],
                                      "refills_remaining": p["refills_remaining"]},
                                     {"rx_number": f"{r.digits(7)}-0{r.randint(0, 4)}", "drug": "Cetirizine 10 mg", "status": "active", "refills_remaining": 2}]}
            history = History().user("What prescriptions do I have with you?")
            history.call([Call("list_prescriptions", {"sort": "name"} if r.random() < 0.5 else {}, lst)])
            history.reply(f"You have two on file: {drug} {d[1]} (Rx {p['rx_number']}) and Cetirizine 10 mg.")
            req = f"When can I refill the {drug.lower()}?" + (" If I can, please put it in." if wants else "")
            turns = [Turn([gp])]
        else:
            req = r.choice([f"Can I refill Rx {p['rx_number']} yet?", f"how many refills are left on {p['rx_number']}?",
                            f"Is my {drug.lower()} ({p['rx_number']}) due for a refill?"])
            if wants:
                req += " If so, go ahead and order it for pickup."
            turns = [Turn([gp])]
        last = dt.date.fromisoformat(p["last_filled"])
        nxt = dt.date.fromisoformat(p["next_fill_eligible"])
        runs_out = last + dt.timedelta(days=p["days_supply"])
        left = (runs_out - today).days
        exp = dt.date.fromisoformat(p["expires_on"])
        pres, practice = p["prescriber"]["name"], p["prescriber"]["practice"]
        oth_pres = other_than(r, OTHER_PRESCRIBERS, pres)
        rem = p["refills_remaining"]
        store = p["preferred_store"]
        a = A()
        lead(a, r, p=0.3)
        st = p["status"]
        if st == "needs_renewal":
            a("There are ").x("no refills left", neg=r.choice(["still refills left", "two refills left"])).t(" on your ").x(drug, ent=r.choice(OTHER_DRUGS)).t(" prescription")
            a(" — all ").x(nword(p["refills_authorized"]), num=nword(p["refills_authorized"] + r.choice([-1, 1]))).t(" authorized refills have been used").pc().t(".").p()
            a.ins("elab", "since this medication is only renewed after an annual check-up", clause=True)
            a(" It needs a new prescription from ").x(pres, ent=oth_pres).t(" (").t(practice).t(") before the pharmacy can fill it again.").p()
            if left > 0:
                a(" Your last fill on ").x(month_ord(last), tmp=month_ord(last - dt.timedelta(days=r.choice([7, 10, 14])))).t(" was a ").x(f"{p['days_supply']}-day supply", num=f"{p['days_supply'] + 30}-day supply").t(", so you should have about ")
                a.x(plural(left, "day"), num=plural(nudge_int(left, r, (4, 6, 9)), "day")).t("'s worth left" if left == 1 else "' worth left").t(".").p()
            else:
                a(" By the dates on file, the last ").x(f"{p['days_supply']}-day", num=f"{p['days_supply'] + 30}-day").t(" supply ").x("ran out", neg="hasn't run out yet").t(" on ").x(month_ord(runs_out), tmp=month_ord(runs_out + dt.timedelta(days=9))).t(".").p()
            self.auto_note(a, r, p)
            tail(a, r, p=0.7, generic=False, own=[f"Would you like me to show you {pres}'s office number?", "Want the prescriber's phone number so you can ask for a renewal?"])
        elif st == "refill_too_soon":
            wait = (nxt - today).days
            style = r.choice(["prose", "bullets"])
            if style == "prose":
                a("Not yet — it's ").x("too early", val="past due").t(" to refill. The first day you can refill it is ").x(day_ord(nxt) if wait <= 20 else mdy(nxt), tmp=(day_ord if wait <= 20 else mdy)(nxt + dt.timedelta(days=r.choice([3, 5, 7])))).t(", ")
                a.x(f"{plural(wait, 'day')} from now", num=f"{plural(nudge_int(wait, r, (3, 4, 6)), 'day')} from now").pc().t(".").p()
                a.ins("elab", "because your plan only pays once 80% of the previous fill has been used", clause=True)
                a(" You ").x("still have", neg="don't have any").t(" ").x(plural(rem, "refill"), num=plural(rem + r.choice([1, 2]), "refill"), conf=("numerical", plural(p["refills_authorized"], "refill"))).t(" remaining, and the prescription is good until ").x(mdy(exp), tmp=mdy(exp - dt.timedelta(days=r.choice([60, 92, 180])))).t(".").p()
                if left > 0:
                    a(" Going by the ").t(str(p["days_supply"])).t("-day fill on ").x(month_ord(last), tmp=month_ord(last + dt.timedelta(days=6))).t(", your current supply lasts roughly until ").x(month_ord(runs_out), tmp=month_ord(runs_out - dt.timedelta(days=8))).t(".").p()
                self.auto_note(a, r, p)
                tail(a, r, p=0.5, own=[f"I can remind you on {day_of(nxt)} if that helps.", "Want me to check the price of a 90-day fill instead?"])
            else:
                a("**").x(f"{drug} {d[1]}", ent=f"{r.choice(OTHER_DRUGS)} {d[1]}").t("** (Rx ").x(p["rx_number"], fid=mutate_id(p["rx_number"], r)).t(")\n\n")
                a("- Refillable from: ").x(day_of(nxt), tmp=day_of(nxt - dt.timedelta(days=r.choice([4, 6, 9])))).t(" — ").x("not", neg="already").t(" eligible today").pb()
                a("\n- Refills left: ").x(f"{rem} of {p['refills_authorized']}", num=f"{rem + 1} of {p['refills_authorized']}").pb()
                a("\n- Last filled: ").x(day_of(last), tmp=day_of(last - dt.timedelta(days=r.choice([5, 8])))).t(" (").x(f"{p['quantity']} {d[2]}s", num=f"{p['quantity'] + 30} {d[2]}s").t(")").pb()
                a("\n- Prescriber: ").x(pres, ent=oth_pres).pb()
                if r.random() < 0.4:
                    a("\n- Auto-refill: ").x("on" if p["auto_refill"] else "off", val="off" if p["auto_refill"] else "on").pb()
                if r.random() < 0.5:
                    a("\n\nThe record's ").x("`next_fill_eligible`", attr=r.choice(["`earliest_refill_date`", "`refill_after`", "`eligible_from`"])).t(" date is what your insurer goes by.").pp()
                tail(a, r, p=0.4, sep="\n\n", own=["I'll be here if you want to order it once that date comes around."])
        else:
            if wants:
                ro = f"RF-{r.upalnum(4)}-{r.digits(4)}"
                ready = dt.datetime.fromisoformat(stamp(today + dt.timedelta(days=r.choice([0, 1])), r.choice([14, 15, 16, 17]), r.choice([0, 30]), r.choice(OFFS)))
                copay = r.choice([0.0, 4.0, 10.0, 12.5, 15.0])
                res = {"refill_order_id": ro, "rx_number": p["rx_number"], "status": "received", "store_id": store["store_id"],
                       "pickup": "in_store", "promised_ready_at": ready.isoformat(), "copay": copay, "currency": "USD"}
                turns.append(Turn([Call("request_refill", {"rx_number": p["rx_number"], "pickup_store_id": store["store_id"], "pickup": "in_store"}, res)]))
                a("Yes, it was eligible, so I've ordered it. Refill ").x(ro, fid=f"RF-{mutate_id(ro[3:], r)}").t(" is in the queue at ").x(store["name"].split("— ")[1], ent=r.choice(OTHER_STORES)).t(" and should be ready ")
                a.x(f"{day_of(ready.date())} around {hm12(ready)}", tmp=f"{day_of(ready.date() + dt.timedelta(days=1))} around {hm12(ready)}").t(".").p()
                a(" Your copay will be ").x(money(copay) if copay else "$0", num=money(copay + r.choice([5, 7.5]))).t(".").p()
                a(" After this fill you'll have ").x(plural(rem - 1, "refill"), num=plural(rem + 1, "refill")).t(" left.").p()
                self.auto_note(a, r, p)
                tail(a, r, p=0.4, own=["I'll let you know here if the pharmacy flags anything.", "Want me to switch it to drive-thru pickup?"])
            else:
                a("Yes — you can refill it now. You've been eligible since ").x(month_ord(nxt), tmp=month_ord(nxt + dt.timedelta(days=r.choice([5, 8, 12])))).t(", and there ").x("are", neg="aren't").t(" ")
                a.x(plural(rem, "refill"), num=plural(rem + r.choice([1, 2]), "refill"), conf=("numerical", plural(p["refills_authorized"], "refill"))).t(" remaining on Rx ").x(p["rx_number"], fid=mutate_id(p["rx_number"], r)).t(".").p()
                if left > 7:
                    a(" Your last fill should last until about ").x(month_ord(runs_out), tmp=month_ord(runs_out + dt.timedelta(days=10))).t(", so there's no rush").pc().t(".").p()
                    a.ins("elab", "since refills at this store are usually ready within two hours", clause=True)
                elif left > 0:
                    a(" Your current supply runs out around ").x(month_ord(runs_out), tmp=month_ord(runs_out + dt.timedelta(days=10))).t(", so it's worth ordering soon.").p()
                else:
                    a(" By the fill dates you ").x("should already be out", neg="shouldn't be out yet").t(" — the last ").t(str(p["days_supply"])).t("-day supply ended ").x(month_ord(runs_out), tmp=month_ord(runs_out + dt.timedelta(days=7))).t(".").p()
                if exp - today < dt.timedelta(days=75):
                    a(" Heads-up: the prescription expires on ").x(mdy(exp), tmp=mdy(exp + dt.timedelta(days=90))).t(", which is ").x("under", rel="over").t(" three months away.").p()
                self.auto_note(a, r, p)
                tail(a, r, p=0.7, generic=False, own=[f"Want me to send it to {store['name'].split('— ')[1]} for pickup?", "Should I put the refill in for you?"])
        a.ins("claim", f"{drug} is on your plan's preferred list, so the copay stays the same all year.")
        a.ins("claim", f"{pres}'s office usually answers renewal requests within two business days.")
        a.ins("claim", "Your insurer allows early refills once every 12 months for travel.")
        a.ins("behavior", f"A renewal request is already on its way to {pres}'s office; I sent it just now.")
        a.ins("behavior", "I switched auto-refill on, so you won't have to ask next time.")
        a.ins("elab", f"{drug} prescriptions are usually written for a year at a time.")
        a.ins("cite", f"Your pharmacy reference for this is PHR-{r.digits(6)}.")
        a.ins("cite", f"Renewal forms are at https://rx.larkspur.example/renew/{r.alnum(8)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        p, key = self.rx(r, today, state="active")
        d = DRUGS[key]
        drug = d[0]
        off = r.choice(OFFS)
        st = r.choice(["ready_for_pickup", "ready_for_pickup", "in_progress", "on_hold_insurance", "received"])
        ro = f"RF-{r.upalnum(4)}-{r.digits(4)}"
        store_id, store_nm, hours = r.choice(STORES)
        copay = r.choice([0.0, 3.5, 8.0, 11.25, 20.0, 35.0])
        sub = stamp(today - dt.timedelta(days=r.randint(0, 3)), r.randint(8, 12), r.randint(0, 59), off)
        res = {"refill_order_id": ro, "rx_number": p["rx_number"], "drug": f"{drug} {d[1]}", "quantity": p["quantity"],
               "status": st, "submitted_at": sub, "as_of": stamp(today, r.randint(15, 18), r.randint(0, 59), off),
               "store": {"store_id": store_id, "name": f"Larkspur Pharmacy — {store_nm}", "hours_today": hours},
               "copay": copay, "currency": "USD"}
        ready_dt = dt.datetime.fromisoformat(sub) + dt.timedelta(hours=r.randint(2, 6), minutes=r.randint(0, 59))
        hold = (today + dt.timedelta(days=r.choice([5, 7, 10]))) if st == "ready_for_pickup" else None
        if st == "ready_for_pickup":
            if ready_dt > dt.datetime.fromisoformat(res["as_of"]) - dt.timedelta(minutes=30):
                ready_dt = dt.datetime.fromisoformat(res["as_of"]) - dt.timedelta(minutes=r.choice([30, 50, 75]))
            res["ready_at"] = ready_dt.isoformat()
            res["hold_until"] = hold.isoformat()
            res["bin"] = f"{r.choice('ABCD')}-{r.randint(1, 40)}"
        elif st in ("in_progress", "received"):
            promised = dt.datetime.fromisoformat(res["as_of"]) + dt.timedelta(hours=r.randint(1, 4))
            res["promised_ready_at"] = promised.replace(minute=r.choice([0, 15, 30, 45])).isoformat()
        else:
            res["hold_reason"] = "prior_authorization_required"
            res["insurer_contacted_on"] = (today - dt.timedelta(days=r.randint(0, 2))).isoformat()
            res["prescriber"] = p["prescriber"]["name"]
        gs = Call("get_refill_status", {"refill_order_id": ro}, res)
        history = None
        if ctx.followup:
            rr = {"refill_order_id": ro, "rx_number": p["rx_number"], "status": "received", "store_id": store_id, "copay": copay}
            history = History().user(f"Please refill my {drug.lower()}, Rx {p['rx_number']}, at {store_nm}.")
            history.call([Call("request_refill", {"rx_number": p["rx_number"], "pickup_store_id": store_id}, rr)])
            history.reply(f"Done — refill {ro} has been submitted to {store_nm}.")
            req = r.choice(["Is it ready yet?", "can I go pick it up?", "any news on that refill?"])
        else:
            req = r.choice([f"Is refill {ro} ready?", f"Can I pick up {ro} today?", f"What's the status of my refill {ro}?"])
        oth_st = {"ready_for_pickup": "in_progress", "in_progress": "ready_for_pickup", "received": "ready_for_pickup",
                  "on_hold_insurance": "ready_for_pickup"}[st]
        a = A()
        lead(a, r, p=0.3)
        asof = dt.datetime.fromisoformat(res["as_of"])
        if st == "ready_for_pickup":
            days_left = (hold - today).days
            style = r.choice(["bold", "chat"])
            if style == "bold":
                a("Your ").x(drug, ent=r.choice(OTHER_DRUGS)).t(" is ").x(STATUS_WORDS[st], val=STATUS_WORDS[oth_st]).t(".\n\n")
                a("**Where:** ").x(store_nm, ent=r.choice(OTHER_STORES)).t(" (open ").x(hours, tmp=r.choice(["7am–10pm", "9am–6pm", "24 hours"])).t(" today)").pb()
                a("\n**Bin:** ").x(res["bin"], fid=res["bin"][0] + "-" + str(int(res["bin"][2:]) + r.choice([3, 7, 11]))).pb()
                a("\n**Copay:** ").x(money(copay) if copay else "nothing", num=money(copay + r.choice([4, 6.5])) if copay else "$5.00").pb()
                a("\n**Pick up by:** ").x(day_of(hold), tmp=day_of(hold - dt.timedelta(days=r.choice([2, 3])))).t(" (").x(plural(days_left, "day"), num=plural(days_left + 3, "day")).t(" from today)").pb()
                sd = dt.datetime.fromisoformat(sub)
                a("\n\nThe refill was submitted ").x(f"{day_of(sd.date())} at {hm12(sd)}", tmp=f"{day_of(sd.date() - dt.timedelta(days=r.choice([1, 2])))} at {hm12(sd)}").t(" and ").x("has been", neg="hasn't been").t(" ready since ").x(hm12(ready_dt), tmp=hm12(ready_dt + dt.timedelta(hours=r.choice([2, 3])))).t(ready_on(ready_dt, today)).t(".").pp()
                tail(a, r, p=0.4, sep="\n\n", own=["Want directions to the store?"])
            else:
                a("Yep, it's ").x(STATUS_WORDS[st], val=STATUS_WORDS[oth_st]).t(" — it was ready at ").x(hm12(ready_dt), tmp=hm12(ready_dt + dt.timedelta(hours=r.choice([2, 3])))).t(" ").t("today" if ready_dt.date() == today else "on " + day_of(ready_dt.date())).t(" at ").x(store_nm, ent=r.choice(OTHER_STORES)).pc().t(".").p()
                a.ins("elab", "which is typical for refills sent in before noon", clause=True)
                a(" They'll hold it until ").x(month_ord(hold), tmp=month_ord(hold + dt.timedelta(days=r.choice([3, 4])))).t(", so you've got ").x(plural(days_left, "day"), num=plural(days_left + 2, "day")).t(".").p()
                if copay:
                    a(" Bring ").x(money(copay), num=money(copay + r.choice([2.5, 5]))).t(" for the copay.").p()
                else:
                    a(" There's ").x("no", neg="a").t(" copay on this one.").p()
                a(" The store is open ").t(hours).t(" today.").p()
                tail(a, r, p=0.35)
        elif st == "on_hold_insurance":
            a("It's ").x(STATUS_WORDS[st], val=STATUS_WORDS[oth_st]).t(" — your plan wants a prior authorization from ").x(res["prescriber"], ent=other_than(r, OTHER_PRESCRIBERS, res["prescriber"])).t(" before it will pay.").p()
            a(" The pharmacy contacted the insurer on ").x(month_ord(dt.date.fromisoformat(res["insurer_contacted_on"])), tmp=month_ord(dt.date.fromisoformat(res["insurer_contacted_on"]) - dt.timedelta(days=4))).t(", and the refill ").x("can't", neg="can").t(" be released until that's approved.").p()
            if r.random() < 0.5:
                a(" (The order's ").x("`hold_reason`", attr=r.choice(["`hold_code`", "`pa_status`"])).t(" is `prior_authorization_required`.)").p()
            a(" Once it clears, the copay shown is ").x(money(copay) if copay else "$0", num=money(copay + 10)).t(".").p()
            tail(a, r, p=0.6, generic=False, own=["Would you like the cash price in the meantime?", "If you're about to run out, the pharmacist may be able to help with a short supply."])
        else:
            promised = dt.datetime.fromisoformat(res["promised_ready_at"])
            mins = int((promised - asof).total_seconds() // 60)
            a("Not quite yet — it's ").x(STATUS_WORDS[st], val=STATUS_WORDS[oth_st]).t(" at ").x(store_nm, ent=r.choice(OTHER_STORES)).t(".").p()
            a(" The promised time is ").x(hm12(promised), tmp=hm12(promised + dt.timedelta(minutes=r.choice([60, 90])))).t(", ").x(hours_phrase(mins), num=hours_phrase(mins + 75)).t(" from the last update").pc().t(".").p()
            a.ins("elab", "since the pharmacy is short-staffed this afternoon", clause=True)
            a(" Your copay will be ").x(money(copay) if copay else "$0", num=money(copay + r.choice([3, 6]))).t(".").p()
            a(" It was submitted ").x(day_of(dt.date.fromisoformat(sub[:10])), tmp=day_of(dt.date.fromisoformat(sub[:10]) - dt.timedelta(days=2))).t(" at ").x(hm12(dt.datetime.fromisoformat(sub)), tmp=hm12(dt.datetime.fromisoformat(sub) + dt.timedelta(hours=3))).t(".").p()
            tail(a, r, p=0.5, own=["I can check again closer to that time if you like."])
        a.ins("claim", "Refills not collected in time are returned to stock and your insurer is refunded automatically.")
        a.ins("claim", f"{store_nm} has a drive-thru open until 10pm.")
        a.ins("claim", "Your copay is lower this month because you've met your deductible.")
        a.ins("behavior", "I've asked the store to send you a text when it's bagged.")
        a.ins("behavior", "I extended the hold by three days for you.")
        a.ins("cite", f"Show pickup code PU-{r.digits(6)} at the counter.")
        a.ins("cite", f"Track it at https://rx.larkspur.example/r/{r.alnum(12)}.")
        return Plan(req, [Turn([gs])], a, history.msgs if history else None)

    def leaflet(self, ctx):
        r, today = ctx.r, ctx.today
        p, key = self.rx(r, today, state="active")
        d = DRUGS[key]
        drug, path = d[0], p["leaflet_path"]
        other = r.choice([k for k in DRUGS if k != key])
        o2, _ = self.rx(r, today, key=other, state="active")
        lst = {"prescriptions": [{"rx_number": x["rx_number"], "drug": f"{x['drug']['name']} {x['drug']['strength']}", "status": "active",
                                  "leaflet_path": x["leaflet_path"]} for x in r.sample([p, o2], 2)]}
        lp = Call("list_prescriptions", {} if r.random() < 0.5 else {"include_inactive": False}, lst)
        text = self.leaflet_text(key, r)
        gl = Call("get_leaflet", {"leaflet_path": path}, text)
        topic = r.choice(["missed", "missed", "missed", "avoid", "storage"])
        fs = lambda real: r.choice([s for s in ["3.3", "2.4", "4.3", "6.3", "7.1", "5.4", "8.2"] if s != real])
        a = A()
        lead(a, r, p=0.25)
        if topic == "missed":
            dose_h = d[4][0]
            gap = 24 if d[3] == 1 else (d[4][1] - d[4][0])
            nxt = dt.datetime(2026, 1, 1, dose_h) + dt.timedelta(hours=gap)
            while True:
                now = dt.datetime(2026, 1, 1, dose_h) + dt.timedelta(hours=r.randint(1, min(gap - 1, 14)), minutes=r.choice([0, 15, 30, 45]))
                until = (nxt - now).total_seconds() / 3600
                if abs(until - d[5]) >= 0.75:
                    break
            take = until > d[5]
            req = f"I forgot my {hm12(dt.datetime(2026, 1, 1, dose_h))} {drug.lower()} and it's {hm12(now)} now. Should I still take it?"
            untxt = dur_words(round(until * 60))
            untxt_bad = dur_words(round(until * 60) + r.choice([180, 300]))
            if take:
                a("Yes, take it now. Your leaflet (section ").x("3.1", sec=fs("3.1")).t(") says to take a missed dose as soon as you remember unless the next one is due within ")
                a.x(plural(d[5], "hour"), num=plural(d[5] + r.choice([-2, 2, 4]) if d[5] > 4 else d[5] + 2, "hour")).t(".").p()
                a(" Your next dose is at ").x(hm12(nxt), tmp=hm12(nxt - dt.timedelta(hours=r.choice([2, 3])))).t(", ").x(untxt, num=untxt_bad).t(" away — ").x("more", rel="less").t(" than that cutoff").pc().t(".").p()
                a.ins("elab", "so the two doses won't overlap much in your bloodstream", clause=True)
            else:
                a("No — skip this one and take your next dose at the usual time, ").x(hm12(nxt), tmp=hm12(nxt + dt.timedelta(hours=r.choice([2, 3])))).t(".").p()
                a(" Section ").x("3.1", sec=fs("3.1")).t(" says to skip a missed dose when the next one is due within ").x(plural(d[5], "hour"), num=plural(d[5] - 2 if d[5] > 4 else d[5] + 4, "hour")).t(", and yours is only ").x(untxt, num=untxt_bad).t(" away, ").x("inside", rel="outside").t(" that window.").p()
            a(" Either way, ").x("don't", neg="do").t(" double up to make up for it (").x("3.2", sec=fs("3.2")).t(").").p()
            tail(a, r, p=0.5, own=["If you're unsure, the pharmacist on duty can talk it through with you.",
                                   "Would you like me to set a daily reminder time in your profile?"])
        elif topic == "avoid":
            req = r.choice([f"Is there anything I should avoid while taking {drug.lower()}?", f"what shouldn't I mix with my {drug.lower()}?"])
            a("According to the ").x(drug, ent=r.choice(OTHER_DRUGS)).t(" leaflet:\n\n")
            a("- **Avoid** ").t(d[7]).t(" (section ").x("4.1", sec=fs("4.1")).t(")").pb()
            a("\n- **How to take it:** ").t(d[6]).t(" (").x("2.1", sec=fs("2.1")).t(")").pb()
            a("\n- **Tell the pharmacist** about any other medicines or supplements you take (").x("4.2", sec=fs("4.2")).t(")").pb()
            a("\n\nSection 5 lists the side effects; swelling of the face, lips or throat ").x("needs", neg="doesn't need").t(" medical help right away.").pp()
            tail(a, r, p=0.5, sep="\n\n", own=["Want me to check it against your other prescription on file?"])
        else:
            c = d[8]
            f = round(c * 9 / 5 + 32)
            req = r.choice([f"Can I keep my {drug.lower()} in the car? It gets hot.", f"How should I store the {drug.lower()}?"])
            a("Keep it below ").x(f"{c}°C", num=f"{c + 5}°C").t(" (that's ").x(f"{f}°F", num=f"{f + 9}°F").t("), somewhere dry and out of direct sunlight — section ").x("6.1", sec=fs("6.1")).t(".").p()
            a(" A parked car ").x("can easily get hotter than that", neg="won't get hotter than that").t(" in warm weather, so the car isn't a good spot").pc().t(".").p()
            a.ins("elab", "because heat breaks down the active ingredient", clause=True)
            a(" The leaflet also says to keep it out of children's reach (").x("6.2", sec=fs("6.2")).t(").").p()
            tail(a, r, p=0.5)
        a.ins("claim", f"{drug} doesn't interact with any of your other prescriptions.")
        a.ins("claim", "Missing a single dose has no measurable effect on how well it works.")
        a.ins("claim", "The tablets can be crushed and mixed with food if that's easier.")
        a.ins("behavior", "I've added a note to your profile so the pharmacist can follow up.")
        a.ins("behavior", "Done — a daily dose reminder is set up for you.")
        a.ins("elab", "Most people find taking it at the same time as brushing their teeth helps them remember.")
        a.ins("cite", f"There's more detail in section 9 of the leaflet.")
        a.ins("cite", f"See also leaflets/en/{key}-interactions.md for the full interaction list.")
        return Plan(req, [Turn([lp]), Turn([gl])], a)

    def prices(self, ctx):
        r, today = ctx.r, ctx.today
        p, key = self.rx(r, today, state="active")
        d = DRUGS[key]
        drug = d[0]
        c30 = r.choice([10.0, 12.5, 15.0, 18.75, 22.0, 25.0])
        c90 = round(c30 * r.choice([2.0, 2.25, 2.5]), 2)
        cash30 = round(r.uniform(24, 80), 2)
        ded = r.choice([0.0, 0.0, 150.0, 320.0])
        q = {"rx_number": p["rx_number"], "plan": {"name": r.choice(["BlueRidge Silver PPO", "Meridian Choice HMO", "Keystone Gold 1500"]),
                                                   "formulary_tier": r.choice([1, 2]), "deductible_remaining": ded},
             "quotes": [{"days_supply": 30, "channel": "retail", "copay": c30, "cash_price": cash30},
                        {"days_supply": 90, "channel": "mail_order", "copay": c90, "ships_in_days": r.choice([3, 5, 7])}],
             "currency": "USD", "quoted_at": today.isoformat()}
        gp = Call("get_prescription", {"rx_number": p["rx_number"]}, p)
        gq = Call("get_price_quote", {"rx_number": p["rx_number"], "days_supply": 90, "include_cash_price": True} if r.random() < 0.5
                  else {"rx_number": p["rx_number"], "days_supply": 90}, q)
        req = r.choice([f"Would a 90-day supply of {drug.lower()} be cheaper? Rx {p['rx_number']}.",
                        f"How much would I save switching Rx {p['rx_number']} to 90-day fills?"])
        per_month90 = c90 / 3
        year30, year90 = c30 * 12, c90 * 4
        save = round(year30 - year90, 2)
        pct_save = save / year30 * 100
        ship = q["quotes"][1]["ships_in_days"]
        a = A()
        lead(a, r, p=0.3)
        style = r.choice(["table", "prose"])
        if style == "table":
            a("Here's how the two options compare for your ").x(drug, ent=r.choice(OTHER_DRUGS)).t(":\n\n")
            a("| | 30-day (retail) | 90-day (mail order) |\n|---|---|---|\n")
            a("| Copay per fill | ").x(money(c30), num=money(nudge(c30, r, 0.15, 0.4)), conf=("numerical", money(cash30))).t(" | ").x(money(c90), num=money(nudge(c90, r, 0.12, 0.3))).t(" |\n")
            a("| Per month | ").t(money(c30)).t(" | ").x(money(round(per_month90, 2)), num=money(round(per_month90 * 1.25, 2))).t(" |\n")
            a("| Per year | ").x(money(year30), num=money(year30 + r.choice([30, 45, 60]))).t(" | ").x(money(year90), num=money(nudge(year90, r, 0.15, 0.3))).t(" |\n")
            a("\nSo the 90-day fill is ").x("cheaper", rel="more expensive").pc().t(" — you'd save ").x(money(save), num=money(nudge(save, r, 0.2, 0.5))).t(" a year, about ").x(f"{round(pct_save)}%", num=f"{round(pct_save) + r.choice([8, 12])}%").t(".").p()
            a(" Mail-order fills ship in about ").x(plural(ship, "day"), num=plural(ship + r.choice([3, 4]), "day")).t(", so order a little before you run out.").p()
        else:
            a("Yes, it would be ").x("cheaper", rel="pricier").pc().t(". On your ").t(q["plan"]["name"]).t(" plan the 30-day copay is ").x(money(c30), num=money(nudge(c30, r, 0.15, 0.4))).t(", while a 90-day mail-order fill is ")
            a.x(money(c90), num=money(nudge(c90, r, 0.12, 0.3)), conf=("numerical", money(cash30))).t(" — ").x(about_money(per_month90), num=about_money(per_month90 * 1.3)).t(" a month instead of ").t(money(c30)).t(".").p()
            a(" Over a year that's ").x(money(year90), num=money(nudge(year90, r, 0.15, 0.3))).t(" versus ").x(money(year30), num=money(year30 + 45)).t(", a saving of ").x(money(save), num=money(nudge(save, r, 0.2, 0.5))).t(".").p()
            if r.random() < 0.5:
                hi_ = cash30 > c30
                a(" Paying cash without insurance would be ").x(money(cash30), num=money(nudge(cash30, r))).t(" per 30 days, which is ").x("more" if hi_ else "less", rel="less" if hi_ else "more").t(" than your copay.").p()
        if r.random() < 0.4:
            tier = q["plan"]["formulary_tier"]
            a(" Those copays reflect the plan's ").x("`formulary_tier`", attr=r.choice(["`coverage_tier`", "`drug_tier_level`", "`tier_code`"])).t(" of ").x(str(tier), num=str(tier + r.choice([1, 2]))).t(" for this drug.").p()
        if ded:
            a(" Note that you ").x("still have", neg="no longer have").t(" ").x(money(ded), num=money(ded + 100)).t(" of deductible left, so the first fill may cost more than the copay shown.").p()
        tail(a, r, p=0.6, own=["Want me to set up the switch to 90-day mail order?", "Should I ask the pharmacy to move it to mail order?"])
        a.ins("claim", "Mail-order shipping is free and includes a cold pack in summer.")
        a.ins("claim", f"Your plan will also cover a 90-day fill at the {r.choice(STORES)[1]} store for the same copay.")
        a.ins("claim", "The copay for 90-day fills drops again after your third order.")
        a.ins("behavior", "I've switched the prescription to 90-day mail order for you.")
        a.ins("behavior", "I've requested a new 90-day prescription from your prescriber.")
        a.ins("elab", "because mail order has lower dispensing costs", clause=True)
        a.ins("elab", f"Most patients on {drug.lower()} switch to 90-day fills after their first few months.")
        a.ins("cite", f"The quote reference is Q-{r.upalnum(8)}.")
        return Plan(req, [Turn([gp]), Turn([gq])], a)


def ready_on(ready_dt, today):
    return " today" if ready_dt.date() == today else f" on {ready_dt.strftime('%a')} {ready_dt.day} {ready_dt.strftime('%b')}"
