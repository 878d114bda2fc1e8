"""appliance_service (set k): an Indian home-appliance brand's customer-care desk — a service request's status (parts
on order and their ETAs, the turnaround date in working days Monday to Saturday, within or beyond it, warranty and
what is payable), a customer's requests over a year (open and closed counts, the oldest open one, closure times,
amounts paid), scheduling a technician visit (a full slot refused by design and the first alternative booked) and
questions answered from the warranty terms fetched by URL (compressor and motor cover in years, extended warranty
window and price, gas charging and visit charges, the turnaround date)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_int, s_obj, s_str
from .kstyle import Desk, at, person, stamp, vet, working_days_after

BASE = "https://api.coolbreeze.example/care/v2"
TERMS = "https://care.coolbreeze.example/terms"
BRAND = "CoolBreeze"
TEAM = "Team CoolBreeze Care"
AGENT = "Meera"
PRODUCTS = {
    "split_ac": ("Split AC 1.5 Ton Inverter", "CB-SAC15-I5", 38990.0),
    "window_ac": ("Window AC 1 Ton", "CB-WAC10-F3", 27490.0),
    "washer": ("Front Load Washing Machine 7 kg", "CB-FL7-1200", 31990.0),
    "fridge": ("Double Door Refrigerator 340 L", "CB-DD340-3S", 42490.0),
    "purifier": ("RO+UV Water Purifier 8 L", "CB-RO8-UV", 15990.0),
}
OTHER_PRODUCTS = ["Microwave Oven 28 L", "Chimney 60 cm", "Air Cooler 55 L"]
COMPLAINTS = {"split_ac": ["Not cooling", "Water leaking from indoor unit", "Error code E5 on display"],
              "window_ac": ["Not cooling", "Loud noise from unit"], "washer": ["Drum not spinning", "Water not draining"],
              "fridge": ["Freezer not cooling", "Excess frost in freezer"], "purifier": ["Low water flow", "Bad taste in water"]}
PARTS = {"split_ac": [("PCB-SAC-15", "indoor PCB assembly", 4850.0), ("FAN-IDU-15", "indoor fan motor", 2650.0),
                      ("CAP-35MF", "compressor capacitor", 450.0)],
         "window_ac": [("FAN-WAC-10", "fan motor", 2350.0), ("CAP-25MF", "run capacitor", 390.0)],
         "washer": [("PMP-FL7", "drain pump", 1450.0), ("BLT-FL7", "drive belt", 620.0), ("PCB-FL7", "control board", 5200.0)],
         "fridge": [("THM-DD340", "thermostat", 980.0), ("FAN-DD340", "freezer fan motor", 1750.0)],
         "purifier": [("MEM-RO8", "RO membrane", 2450.0), ("FLT-SED", "sediment filter", 350.0)]}
SHORT = {"split_ac": "AC", "window_ac": "AC", "washer": "washing machine", "fridge": "refrigerator",
         "purifier": "water purifier"}
KEY = {"split_ac": ("compressor", 5), "window_ac": ("compressor", 5), "fridge": ("compressor", 10), "washer": ("motor", 10)}
TECHS = ["Ramesh Yadav", "Sunil Pawar", "Mohammed Arif", "Kiran Shetty", "Ajay Thakur"]
OTHER_TECHS = ["Naveen Rao", "Dinesh Chauhan", "Sachin Patil"]
CITIES = [("Pune", "411038"), ("Bengaluru", "560076"), ("Hyderabad", "500081"), ("Chennai", "600041")]
SLOTS = {"09:00-12:00": (9, 12), "12:00-15:00": (12, 15), "15:00-18:00": (15, 18)}
SLOT_WORD = {"09:00-12:00": "morning", "12:00-15:00": "afternoon", "15:00-18:00": "evening"}
ST = {"registered": "Registered", "technician_assigned": "Technician assigned", "awaiting_parts": "Awaiting parts",
      "repaired": "Repaired", "closed": "Closed"}


def add_years(d, n):
    try:
        return d.replace(year=d.year + n)
    except ValueError:
        return d.replace(year=d.year + n, day=28)


def next_workday(d):
    while d.weekday() == 6:
        d += dt.timedelta(days=1)
    return d


class ApplianceService(Scenario):
    name = "appliance_service"
    agent = "Meera"
    service = "coolbreeze-care-desk"
    system = ("You are Meera, the customer-care assistant of CoolBreeze Appliances (India). Use the tools to look up "
              "service requests, schedule technician visits and answer questions from the warranty terms. Times are "
              "IST; amounts in INR, inclusive of GST.")
    error_style = 2
    entity_noun = {"ticket_number": "Service request", "customer_id": "Customer", "terms_url": "Terms page"}
    preambles = ["Let me check the same.", "Checking your service request.", "One moment please."]

    def __init__(self):
        tp = r"^SR\d{8}$"
        self.tools = [
            Tool("get_service_request", "A service request: customer, product (model, serial, invoice date and value, "
                                        "warranty), complaint, status, technician, visits, parts, charges, terms URL.",
                 s_obj({"ticket_number": s_str("Service request number, e.g. 'SR40817263'.", pattern=tp)}, ["ticket_number"]),
                 entity={"ticket_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("list_service_requests", "A customer's service requests over the last N months with status, dates and "
                                          "amounts paid.",
                 s_obj({"customer_id": s_str("Customer ID, e.g. 'CB2048173'.", pattern=r"^CB\d{7}$"),
                        "status": s_str("Filter.", enum=["all", "open", "closed"]),
                        "months": s_int("Look-back window in months.", 1, 24)}, ["customer_id"]),
                 entity={"customer_id": "id"}, http=BASE, extra=[("include_cancelled", True)]),
            Tool("schedule_visit", "Schedule a technician visit for a service request in a 3-hour slot (Monday to "
                                   "Saturday).",
                 s_obj({"ticket_number": s_str("Service request number.", pattern=tp), "date": s_date("Visit date, YYYY-MM-DD."),
                        "slot": s_str("Time slot.", enum=list(SLOTS))}, ["ticket_number", "date", "slot"]),
                 entity={"ticket_number": "id"}, http=BASE, extra=[("priority", "high")]),
            Tool("get_warranty_terms", "Warranty terms and service charges (plain text, numbered clauses) by URL.",
                 s_obj({"terms_url": s_str("Terms URL from the service request.",
                                           pattern=r"^https://care\.coolbreeze\.example/terms/")}, ["terms_url"]),
                 entity={"terms_url": "url"}, extra=[("lang", "en-IN")]),
        ]
        self.intents = [("request_status", self.status, False), ("request_history", self.history, False),
                        ("schedule_visit", self.schedule, True), ("warranty_question", self.warranty, True)]

    # ------------------------------------------------------------------ data
    def _request(self, r, today, status=None, cat=None):
        tn = f"SR{r.randint(10000000, 99999999)}"
        full, first, hon = person(r)
        cat = cat or r.choice(list(PRODUCTS))
        pname, model, price = PRODUCTS[cat]
        bought = today - dt.timedelta(days=r.choice([r.randint(40, 330), r.randint(400, 1500), r.randint(1500, 3300)]))
        wend = add_years(bought, 1) - dt.timedelta(days=1)
        inw = wend >= today
        reg = today - dt.timedelta(days=r.randint(2, 12))
        if reg.weekday() == 6:
            reg -= dt.timedelta(days=1)
        tat = r.choice([3, 5, 7])
        status = status or r.choice(["technician_assigned", "awaiting_parts", "awaiting_parts", "repaired"])
        city, pin = r.choice(CITIES)
        tech = r.choice(TECHS)
        v1 = next_workday(reg + dt.timedelta(days=1))
        if v1 > today:
            v1 = reg
        visits, parts = [], []
        if status in ("awaiting_parts", "repaired"):
            visits.append({"date": v1.isoformat(), "slot": r.choice(list(SLOTS)), "outcome": "diagnosed - part replacement required"})
            for code, desc, pp in r.sample(PARTS[cat], r.choice([1, 1, 2]) if len(PARTS[cat]) > 1 else 1):
                eta = today + dt.timedelta(days=r.randint(1, 6))
                parts.append({"part_code": code, "description": desc, "status": r.choice(["ordered", "dispatched"]) if status == "awaiting_parts" else "fitted",
                              "eta": eta.isoformat() if status == "awaiting_parts" else None, "chargeable": not inw, "price_inr": pp})
            if status == "awaiting_parts" and len(parts) == 2 and parts[0]["eta"] == parts[1]["eta"]:
                parts[1]["eta"] = (dt.date.fromisoformat(parts[1]["eta"]) + dt.timedelta(days=2)).isoformat()
        nxt = None
        if status == "technician_assigned":
            nxt = {"date": next_workday(today + dt.timedelta(days=r.randint(1, 3))).isoformat(), "slot": r.choice(list(SLOTS))}
        repaired_on = None
        if status == "repaired":
            repaired_on = max(v1, today - dt.timedelta(days=r.randint(0, 1))).isoformat()
        charge = 0.0 if inw else r.choice([399.0, 449.0])
        res = {"ticket_number": tn,
               "customer": {"customer_id": f"CB{r.randint(1000000, 9999999)}", "name": full, "city": city, "pincode": pin},
               "product": {"category": cat, "name": pname, "model": model, "serial_number": f"{model[3:6]}{r.randint(10, 99)}{r.upalnum(7)}",
                           "invoice_date": bought.isoformat(), "invoice_value_inr": price, "warranty_until": wend.isoformat()},
               "complaint": r.choice(COMPLAINTS[cat]), "registered_at": stamp(reg, r.randint(9, 19), r.randint(0, 59)),
               "status": status, "technician": {"name": tech, "employee_code": f"TE{r.randint(1000, 9999)}"},
               "visits": visits, "next_visit": nxt, "parts": parts, "repaired_on": repaired_on,
               "visit_charge_inr": charge, "amounts_include_gst": True, "tat_working_days": tat,
               "working_days": "Monday to Saturday",
               "terms_url": f"{TERMS}/{r.choice(['2026', 'in-2025-26'])}",
               "as_of": stamp(today, r.randint(9, 19), r.randint(0, 59))}
        return tn, res, (first, hon)

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        tn, sr, who = self._request(r, today)
        p = sr["product"]
        reg = dt.date.fromisoformat(sr["registered_at"][:10])
        req = r.choice([f"What is the status of my complaint {tn}? It has been many days.",
                        f"Hi, any update on service request {tn}?",
                        f"{tn} - when will my {SHORT[p['category']]} be repaired?"])
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        due = working_days_after(reg, sr["tat_working_days"])
        inw = dt.date.fromisoformat(p["warranty_until"]) >= today
        st = sr["status"]
        other_st = {"technician_assigned": "Awaiting parts", "awaiting_parts": "Repaired", "repaired": "Awaiting parts"}[st]
        a = A()
        w.opener(a)
        a.t(f"Your service request ").x(tn, fid=mutate_id(tn, r)).t(f" for the {p['name']} is presently in ")
        a.t('"').x(ST[st], val=other_st).t('" status')
        if r.random() < 0.5:
            a.t(" (`").x(st, attr=r.choice(["parts_pending", "awaiting_spares", "tech_allotted"])).t("`)")
        a.t(".")
        a.p()
        w.para(a)
        w.kv(a, "Complaint").t(sr["complaint"])
        w.kv(a, "Registered on").x(w.when(reg), tmp=w.when(reg - dt.timedelta(days=3)))
        w.kv(a, "Technician").x(sr["technician"]["name"], ent=r.choice(OTHER_TECHS))
        w.para(a)
        if st == "technician_assigned":
            nv = sr["next_visit"]
            h1, h2 = SLOTS[nv["slot"]]
            a.t("The technician visit is scheduled for ").x(w.rel(nv["date"]), tmp=w.rel(dt.date.fromisoformat(nv["date"]) + dt.timedelta(days=2)))
            a.t(" between ").x(w.trange(at(today, h1, 0), at(today, h2, 0)), tmp=w.trange(at(today, h1 + 3 if h1 < 15 else 9, 0), at(today, h2 + 3 if h1 < 15 else 12, 0)))
            nd = dt.date.fromisoformat(nv["date"])
            a.t(", which is ").x("before" if nd <= due else "after", rel="after" if nd <= due else "before").t(" the repair due date of ").x(w.d(due, wk=False), tmp=w.d(due + dt.timedelta(days=3), wk=False))
            a.t(f" ({sr['tat_working_days']} working days from registration, Sundays excluded)").pc().t(".")
            a.p()
        elif st == "awaiting_parts":
            parts = sr["parts"]
            a.t("The technician visited on ").x(w.d(sr["visits"][0]["date"]), tmp=w.d(dt.date.fromisoformat(sr["visits"][0]["date"]) - dt.timedelta(days=1)), conf=("temporal", w.d(reg)) if sr["visits"][0]["date"] != reg.isoformat() else None)
            a.t(f" and the following {'part is' if len(parts) == 1 else 'parts are'} on order:")
            w.start()
            for k, pt in enumerate(parts):
                eta = dt.date.fromisoformat(pt["eta"])
                oth = parts[1 - k]["eta"] if len(parts) == 2 else None
                w.li(a)
                a.t(f"{pt['description'][0].upper()}{pt['description'][1:]} ({pt['part_code']}) - ").x(pt["status"], val="received" if k == 0 else None).t(", expected by ")
                a.x(w.d(eta), tmp=w.d(eta + dt.timedelta(days=3)), conf=("temporal", w.d(oth)) if oth else None)
                w.pt(a)
            last = max(dt.date.fromisoformat(pt["eta"]) for pt in parts)
            w.para(a)
            a.t("As per our turnaround of ").x(f"{sr['tat_working_days']} working days", num=f"{sr['tat_working_days'] + 2} working days").t(" (Monday to Saturday), the repair is due by ")
            a.x(w.d(due), tmp=w.d(due + dt.timedelta(days=2))).t("; ")
            if due >= today:
                a.t("the request is ").x("within", rel="beyond").t(" the turnaround time as on date")
            else:
                a.t("the request is ").x("beyond", rel="within").t(" the turnaround time by ").x(w.cnt((today - due).days, "day"), num=w.cnt((today - due).days + 2, "day"))
            a.pc().t(".")
            a.p()
            if last > due:
                a.t(" The part ETA is " if len(parts) == 1 else " The later part ETA is ").x("after", rel="before").t(" the due date, hence the repair will be completed only once the part reaches the technician.")
                a.p()
        else:
            a.t("The repair was completed on ").x(w.d(sr["repaired_on"]), tmp=w.d(dt.date.fromisoformat(sr["repaired_on"]) - dt.timedelta(days=2))).t(" after replacing the ")
            a.t(" and ".join(pt["description"] for pt in sr["parts"])).t(".")
            a.p()
        w.para(a)
        chargeable = [pt for pt in sr["parts"] if pt["chargeable"]]
        if inw:
            a.t("Since the product is within warranty (valid till ").x(w.d(p["warranty_until"], wk=False), tmp=w.d(add_years(dt.date.fromisoformat(p["warranty_until"]), -1), wk=False)).t("), the repair ")
            a.x("is covered", neg="is not covered").t(" and no charges are payable.")
            a.p()
        else:
            tot = sr["visit_charge_inr"] + sum(pt["price_inr"] for pt in chargeable)
            a.t("As the warranty expired on ").x(w.d(p["warranty_until"], wk=False), tmp=w.d(add_years(dt.date.fromisoformat(p["warranty_until"]), 1), wk=False)).t(", the repair ")
            a.x("is chargeable", neg="is free of cost").t(": visit charge ").x(w.money(sr["visit_charge_inr"]), num=w.money(sr["visit_charge_inr"] + 200))
            if chargeable:
                a.t(" + parts ").x(w.money(sum(pt["price_inr"] for pt in chargeable)), num=w.money(sum(pt["price_inr"] for pt in chargeable) + 1200))
                a.t(", i.e. ").x(w.money(tot), num=w.money(tot + 500), conf=("numerical", w.money(chargeable[0]["price_inr"])) if chargeable[0]["price_inr"] != tot else None).t(" in total")
            a.t(", inclusive of GST.")
            a.p()
        w.closer(a, ["Shall I share the technician's contact details?", "Do you want me to escalate the request?"])
        a.ins("claim", "Parts for this model are usually delivered within 48 hours.")
        a.ins("claim", f"The {p['model']} has a known issue with this fault in summer.")
        a.ins("behavior", "I have escalated the ticket to the area service manager.")
        a.ins("behavior", "I have also sent the technician's contact details to you by SMS.")
        a.ins("elab", "as the part is being sourced from our central warehouse in Manesar", clause=True)
        a.ins("cite", f"Escalation reference: ESC-{r.randint(100000, 999999)}.")
        return vet(self, Plan(req, [Turn([Call("get_service_request", {"ticket_number": tn}, sr)])], a))

    def history(self, ctx):
        r, today = ctx.r, ctx.today
        cid = f"CB{r.randint(1000000, 9999999)}"
        full, first, hon = person(r)
        n = r.randint(3, 6)
        cats = [r.choice(list(PRODUCTS)) for _ in range(n)]
        rows = []
        days = sorted(r.sample(range(15, 360), n), reverse=True)
        n_open = r.choice([1, 1, 2]) if n > 3 else 1
        for k in range(n):
            reg = today - dt.timedelta(days=days[k])
            is_open = k >= n - n_open
            if is_open:
                reg = today - dt.timedelta(days=r.randint(2 + 3 * (k - (n - n_open)), 9 + 3 * (k - (n - n_open))))
                st = r.choice(["registered", "technician_assigned", "awaiting_parts"])
                closed, paid = None, None
                nxt = next_workday(today + dt.timedelta(days=r.randint(1, 3))).isoformat() if st == "technician_assigned" else None
            else:
                st = "closed"
                closed = (reg + dt.timedelta(days=r.randint(1, 9))).isoformat()
                paid = r.choice([0.0, 0.0, 399.0, 849.0, 1849.0, 2650.0])
                nxt = None
            rows.append({"ticket_number": f"SR{r.randint(10000000, 99999999)}", "product": PRODUCTS[cats[k]][0],
                         "registered_on": reg.isoformat(), "status": st, "closed_on": closed, "amount_paid_inr": paid,
                         "next_visit_date": nxt})
        rows.sort(key=lambda x: x["registered_on"])
        res = {"customer_id": cid, "customer_name": full, "months": 12, "requests": rows,
               "as_of": stamp(today, r.randint(9, 19), r.randint(0, 59))}
        req = r.choice([f"Customer ID {cid}. How many complaints have I raised this year and which are still open?",
                        f"Please give me the list of my service requests ({cid}) for the last 12 months."])
        w = Desk(r, today, BRAND, TEAM, AGENT, (first, hon))
        opn = [x for x in rows if x["status"] != "closed"]
        cls = [x for x in rows if x["status"] == "closed"]
        a = A()
        w.opener(a)
        a.t("As per our records, there are ").x(w.cnt(len(rows), "service request"), num=w.cnt(len(rows) + 2, "service request")).t(" in the last 12 months: ")
        a.x(f"{w.n(len(opn))} open", num=f"{w.n(len(opn) + 1)} open").t(" and ").x(f"{w.n(len(cls))} closed", num=f"{w.n(len(cls) - 1) if len(cls) > 1 else w.n(len(cls) + 2)} closed").t(".")
        a.p()
        flip = r.randint(0, len(rows) - 1)
        if w.table:
            w.head(a, ["S.No.", "Ticket No.", "Product", "Registered", "Status"])
            for k, x in enumerate(rows):
                w.row(a).t(str(k + 1))
                w.cell(a).t(x["ticket_number"])
                w.cell(a).x(x["product"], ent=r.choice(OTHER_PRODUCTS) if k == flip else None)
                w.cell(a).x(w.d(x["registered_on"], wk=False), tmp=w.d(dt.date.fromisoformat(x["registered_on"]) + dt.timedelta(days=4), wk=False) if k == flip else None)
                w.cell(a).x(ST[x["status"]], val=("Closed" if x["status"] != "closed" else "Awaiting parts") if k == flip else None)
                w.end_row(a)
            a.pp()
        else:
            w.start()
            for k, x in enumerate(rows):
                w.li(a)
                a.t(f"{x['ticket_number']} - ").x(x["product"], ent=r.choice(OTHER_PRODUCTS) if k == flip else None).t(", registered ")
                a.x(w.d(x["registered_on"], wk=False), tmp=w.d(dt.date.fromisoformat(x["registered_on"]) + dt.timedelta(days=4), wk=False) if k == flip else None).t(" - ")
                a.x(ST[x["status"]], val=("Closed" if x["status"] != "closed" else "Awaiting parts") if k == flip else None)
                w.pt(a)
        w.para(a)
        old = min(opn, key=lambda x: x["registered_on"])
        od = dt.date.fromisoformat(old["registered_on"])
        a.t("The oldest open request, ").x(old["ticket_number"], fid=mutate_id(old["ticket_number"], r)).t(", has been open for ")
        a.x(w.cnt((today - od).days, "day"), num=w.cnt((today - od).days + 5, "day")).t(f" (since {w.d(od, wk=False)})")
        if old["next_visit_date"]:
            a.t(" and ").x("has a technician visit scheduled", neg="has no technician visit scheduled yet").t(" on ").x(w.d(old["next_visit_date"]), tmp=w.d(dt.date.fromisoformat(old["next_visit_date"]) + dt.timedelta(days=1)))
        else:
            a.t(" and ").x("no technician visit is scheduled yet", neg="a technician visit is already scheduled")
        a.pc().t(".")
        a.p()
        if len(cls) >= 2:
            spans = [(dt.date.fromisoformat(x["closed_on"]) - dt.date.fromisoformat(x["registered_on"])).days for x in cls]
            avg = sum(spans) / len(spans)
            fast = min(range(len(cls)), key=lambda k: (spans[k], k))
            slow = max(range(len(cls)), key=lambda k: (spans[k], -k))
            a.t(" Closed requests took ").x(w.near(avg, 0.1, lambda v: f"{v:g} days"), num=f"{round(avg + 2.5, 1):g} days").t(" on average to close")
            if spans[fast] != spans[slow] and spans.count(spans[fast]) == 1:
                a.t("; the ").x("fastest", rel="slowest").t(" was ").x(cls[fast]["ticket_number"], fid=mutate_id(cls[fast]["ticket_number"], r)).t(f" ({w.cnt(spans[fast], 'day')})")
            a.t(".")
            a.p()
        if cls:
            paid = sum(x["amount_paid_inr"] for x in cls)
            big = max(x["amount_paid_inr"] for x in cls)
            w.para(a)
            if paid:
                a.t("Total amount paid on closed requests works out to ").x(w.money(paid), num=w.money(paid + 1000), conf=("numerical", w.money(big)) if big != paid else None)
                a.t(f" (`amount_paid_inr` summed over {w.cnt(len(cls), 'request')})" if r.random() < 0.4 else "").t(".")
            else:
                a.t("All closed requests were ").x("attended free of cost", neg="chargeable").t(".")
            a.p()
        if r.random() < 0.5:
            a.t(" Open means any `").x("status", attr=r.choice(["ticket_state", "sr_status"])).t("` other than closed.")
            a.p()
        w.closer(a, ["Shall I expedite the open request?", "Do you want the job sheets of the closed requests?"])
        a.ins("claim", "Customers with more than three requests a year are eligible for a free AMC.")
        a.ins("claim", f"The {rows[0]['product']} has the highest complaint rate in your city.")
        a.ins("behavior", "I have flagged your account for priority service.")
        a.ins("behavior", "I have emailed the job sheets of all closed requests to you.")
        a.ins("elab", "mostly because of voltage fluctuation in your area", clause=True)
        a.ins("cite", f"Account statement: https://care.coolbreeze.example/statements/{cid.lower()}-{today.year}.pdf")
        return vet(self, Plan(req, [Turn([Call("list_service_requests", {"customer_id": cid, "status": "all", "months": 12}, res)])], a))

    def schedule(self, ctx):
        r, today = ctx.r, ctx.today
        tn, sr, who = self._request(r, today, status=r.choice(["registered", "awaiting_parts"]))
        want = next_workday(today + dt.timedelta(days=r.randint(1, 6)))
        slot = r.choice(list(SLOTS))
        full = r.random() < 0.6
        turns = []
        if full:
            alts = []
            d = want
            for _ in range(2):
                opts = [s for s in SLOTS if (d, s) != (want, slot) and (d > want or SLOTS[s][0] > SLOTS[slot][0])]
                if not opts:
                    d = next_workday(d + dt.timedelta(days=1))
                    opts = list(SLOTS)
                s2 = opts[0]
                alts.append({"date": d.isoformat(), "slot": s2})
                d = next_workday(d + dt.timedelta(days=1))
            turns.append(Turn([Call("schedule_visit", {"ticket_number": tn, "date": want.isoformat(), "slot": slot},
                                    {"scheduled": False, "reason_code": "SLOT_FULL",
                                     "message": f"No technician free in pincode {sr['customer']['pincode']} for {want.isoformat()} {slot}.",
                                     "alternatives": alts})]))
            gd, gs = dt.date.fromisoformat(alts[0]["date"]), alts[0]["slot"]
        else:
            gd, gs = want, slot
        vref = f"VR-{r.randint(100000, 999999)}"
        tech = r.choice(TECHS)
        cb = r.choice([30, 45, 60])
        ok = {"scheduled": True, "visit_reference": vref, "ticket_number": tn, "date": gd.isoformat(), "slot": gs,
              "technician": tech, "call_before_min": cb, "visit_charge_inr": sr["visit_charge_inr"], "as_of": sr["as_of"]}
        turns.append(Turn([Call("schedule_visit", {"ticket_number": tn, "date": gd.isoformat(), "slot": gs}, ok)]))
        gc = Call("get_service_request", {"ticket_number": tn}, sr)
        h1, h2 = SLOTS[slot]
        history = None
        if ctx.followup:
            history = History().user(f"Status of {tn}?")
            history.call([gc])
            history.reply(f"{tn} ({sr['product']['name']}) is in '{ST[sr['status']]}' status.")
            req = r.choice([f"Can the technician come on {want.isoformat()} in the {SLOT_WORD[slot]} ({h1}:00 to {h2}:00)?",
                            f"Please schedule the visit for {want.isoformat()}, {SLOT_WORD[slot]} slot."])
        else:
            req = f"Please book a technician visit for {tn} on {want.isoformat()}, {SLOT_WORD[slot]} slot ({h1}:00 to {h2}:00)."
            turns = [Turn([gc])] + turns
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        g1, g2 = SLOTS[gs]
        a = A()
        w.opener(a, followup=ctx.followup)
        if full:
            a.t(f"The slot you requested ({w.d(want, wk=False)}, {w.trange(at(want, h1, 0), at(want, h2, 0))}) ")
            a.x("was not available", neg="was available").t(" (`").x("SLOT_FULL", attr=r.choice(["NO_SLOT_AVAILABLE", "TECH_UNAVAILABLE"])).t("`)").pc().t("; hence I have ")
            a.x("booked", val="tentatively held").t(" the first available alternative, viz. ")
            a.x(w.d(gd), tmp=w.d(gd + dt.timedelta(days=2)), conf=("temporal", w.d(want)) if gd != want else None).t(" between ")
            a.x(w.trange(at(gd, g1, 0), at(gd, g2, 0)), tmp=w.trange(at(gd, h1, 0), at(gd, h2, 0)) if gs != slot else None).t(".")
            a.p()
            if gd != want:
                a.t(" This is ").x(w.cnt((gd - want).days, "day"), num=w.cnt((gd - want).days + 1, "day")).t(" ").x("after", rel="before").t(" your preferred date.")
                a.p()
        else:
            a.t("I have ").x("booked", val="tentatively held").t(" the technician visit for ")
            a.x(w.rel(gd), tmp=w.rel(gd + dt.timedelta(days=1))).t(" between ").x(w.trange(at(gd, g1, 0), at(gd, g2, 0)), tmp=w.trange(at(gd, g1 + 3 if g1 < 15 else 9, 0), at(gd, g2 + 3 if g1 < 15 else 12, 0))).t(" as requested").pc().t(".")
            a.p()
        w.para(a)
        w.kv(a, "Visit Ref. No.").x(vref, fid=mutate_id(vref, r))
        w.kv(a, "Service Request").t(tn)
        w.kv(a, "Technician").x(tech, ent=r.choice(OTHER_TECHS))
        w.kv(a, "Visit charge")
        if sr["visit_charge_inr"]:
            a.x(w.money(sr["visit_charge_inr"]), num=w.money(sr["visit_charge_inr"] + 100)).t(" (product out of warranty)")
        else:
            a.x("Nil", num=w.money(399)).t(" (product within warranty)")
        w.para(a)
        a.t("The technician will call you ").x(f"{cb} minutes", num=f"{cb + 30} minutes").t(" before arrival. Kindly keep the invoice copy handy.")
        a.p()
        w.closer(a, ["Do you want me to send the visit details by SMS?", "Please confirm if the slot suits you."])
        a.ins("claim", "Visits booked in the morning slot are usually completed the same day.")
        a.ins("claim", f"{tech} is a senior technician certified for inverter models.")
        a.ins("behavior", "I have also waived the visit charge for this request.")
        a.ins("behavior", "I have sent the visit details to your registered email ID.")
        a.ins("elab", "because the technicians in your pincode are fully booked for the festive week" if full else
              "as the technician covering your pincode is on that beat the same day", clause=True)
        a.ins("cite", f"Visit confirmation: https://care.coolbreeze.example/visits/{vref.lower()}-{r.randint(10, 99)}")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def warranty(self, ctx):
        r, today = ctx.r, ctx.today
        cat = r.choice(list(PRODUCTS))
        tn, sr, who = self._request(r, today, cat=cat)
        p = sr["product"]
        bought = dt.date.fromisoformat(p["invoice_date"])
        visit = r.choice([399, 449])
        gas = r.choice([2499, 2799, 3199])
        ew_days = r.choice([180, 365])
        ew_pct = r.choice([6, 8, 10])
        tat = sr["tat_working_days"]
        url = sr["terms_url"]
        doc = ("COOLBREEZE APPLIANCES - WARRANTY TERMS AND SERVICE CHARGES (INDIA)\n\n"
               "1. STANDARD WARRANTY\n"
               "1.1 Every product carries a comprehensive warranty of 12 months from the invoice date.\n"
               "1.2 Air conditioner compressors are covered for 5 years and refrigerator compressors for 10 years from the "
               "invoice date (part only; gas charging and labour are chargeable after the first 12 months).\n"
               "1.3 Washing machine motors are covered for 10 years from the invoice date (part only).\n"
               "2. SERVICE CHARGES\n"
               f"2.1 Visit charge outside warranty: Rs. {visit}/- per visit, inclusive of GST.\n"
               f"2.2 Gas charging for air conditioners and refrigerators: Rs. {gas}/-, inclusive of GST.\n"
               "2.3 Parts outside warranty are charged at MRP.\n"
               "3. EXTENDED WARRANTY\n"
               f"3.1 Extended warranty can be purchased up to {ew_days} days from the invoice date.\n"
               f"3.2 Price: {ew_pct}% of the invoice value for each additional year, up to 3 years.\n"
               "4. TURNAROUND\n"
               f"4.1 Repairs are completed within {tat} working days of registration, subject to availability of parts. "
               "Working days are Monday to Saturday.\n")
        variants = ["ext", "tat"] + (["key"] * 2 if cat in KEY else [])
        variant = r.choice(variants)
        pn = p["name"]
        if variant == "key":
            part, yrs = KEY[cat]
            q = r.choice([f"The technician says the {part} of my {SHORT[cat]} has failed. Is it covered under warranty?",
                          f"Is the {part} still under warranty? What will I have to pay?"])
        elif variant == "ext":
            yrs_w = r.choice([1, 2, 3])
            q = f"Can I still buy {yrs_w} year{'s' if yrs_w > 1 else ''} of extended warranty for this product, and what will it cost?"
        else:
            q = "By when will the repair be completed as per your policy?"
        gc = Call("get_service_request", {"ticket_number": tn}, sr)
        gt = Call("get_warranty_terms", {"terms_url": url}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Please check service request {tn}.")
            history.call([gc])
            history.reply(f"{tn}: {pn}, invoice dated {p['invoice_date']}, status '{ST[sr['status']]}'.")
            req = q
            turns = [Turn([gt])]
        else:
            req = f"Service request {tn}. {q}"
            turns = [Turn([gc]), Turn([gt])]
        w = Desk(r, today, BRAND, TEAM, AGENT, who)
        fake = lambda real: r.choice([s for s in ["1.4", "2.4", "3.3", "4.2", "5.1"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "key":
            part, yrs = KEY[cat]
            kend = add_years(bought, yrs)
            first_year = add_years(bought, 1) > today
            sec = "1.2" if part == "compressor" else "1.3"
            if kend > today:
                a.t(f"Yes, the {part} ").x("is covered", neg="is not covered").t(". As per clause ").x(sec, sec=fake(sec)).t(f", the {part} is covered for ")
                a.x(f"{yrs} years", num=f"{yrs - 2} years").t(" from the invoice date, i.e. till ").x(w.d(kend - dt.timedelta(days=1), wk=False), tmp=w.d(add_years(kend, -1) - dt.timedelta(days=1), wk=False)).t(f" (invoice dated {w.d(bought, wk=False)}).")
                a.p()
                w.para(a)
                if first_year:
                    a.t("Since the product is also within the first 12 months, gas charging and labour are ").x("free of cost", neg="chargeable").t(" as well.")
                elif part == "compressor":
                    a.t("However, the product is ").x("beyond", rel="within").t(" the first 12 months, hence gas charging of ").x(w.money(gas), num=w.money(gas + 500)).t(" and the visit charge of ")
                    a.x(w.money(visit), num=w.money(visit + 150), conf=("numerical", w.money(gas))).t(" are payable, i.e. ").x(w.money(gas + visit), num=w.money(gas + visit + 600)).t(" in total (clauses ").x("2.1", sec=fake("2.1")).t(" and 2.2).")
                else:
                    a.t("However, the product is ").x("beyond", rel="within").t(" the first 12 months, hence labour and the visit charge of ").x(w.money(visit), num=w.money(visit + 150)).t(" are payable (clause ").x("2.1", sec=fake("2.1")).t(").")
                a.p()
            else:
                a.t(f"I am sorry, the {part} ").x("is no longer covered", neg="is still covered").t(". As per clause ").x(sec, sec=fake(sec)).t(f", {part} cover is ")
                a.x(f"{yrs} years", num=f"{yrs + 3} years").t(" from the invoice date, which ended on ").x(w.d(kend - dt.timedelta(days=1), wk=False), tmp=w.d(add_years(kend, 1), wk=False)).t(".")
                a.p()
                w.para(a)
                a.t("The part will be charged at MRP (clause ").x("2.3", sec=fake("2.3")).t(") plus the visit charge of ").x(w.money(visit), num=w.money(visit + 150)).t(".")
                a.p()
        elif variant == "ext":
            last = bought + dt.timedelta(days=ew_days)
            price = p["invoice_value_inr"] * ew_pct / 100 * yrs_w
            if last >= today:
                a.t("Yes, you are ").x("eligible", neg="not eligible").t(". Extended warranty can be purchased up to ").x(f"{ew_days} days", num=f"{ew_days - 90} days").t(" from the invoice date (clause ")
                a.x("3.1", sec=fake("3.1")).t("), i.e. till ").x(w.when(last), tmp=w.when(last - dt.timedelta(days=10))).t(".")
                a.p()
                w.para(a)
                a.t("The price is ").x(w.pc(ew_pct, 0), num=w.pc(ew_pct + 4, 0)).t(" of the invoice value per year: ")
                a.t(f"{w.money(p['invoice_value_inr'])} x {w.pc(ew_pct, 0)} x {w.cnt(yrs_w, 'year')} = ").x(w.money(price), num=w.money(price * 1.5))
                a.t(".")
                a.p()
            else:
                a.t("I am sorry, the window ").x("has closed", neg="is still open").t(". Extended warranty can be purchased only up to ").x(f"{ew_days} days", num=f"{ew_days + 180} days").t(" from the invoice date (clause ")
                a.x("3.1", sec=fake("3.1")).t("); for your invoice dated ").x(w.d(bought, wk=False), tmp=w.d(bought + dt.timedelta(days=120), wk=False)).t(" that was ").x(w.d(last, wk=False), tmp=w.d(last + dt.timedelta(days=60), wk=False))
                a.t(f", i.e. {w.cnt((today - last).days, 'day')} {w.ago}.")
                a.p()
        else:
            reg = dt.date.fromisoformat(sr["registered_at"][:10])
            due = working_days_after(reg, tat)
            sundays = sum(1 for k in range(1, (due - reg).days + 1) if (reg + dt.timedelta(days=k)).weekday() == 6)
            a.t("As per clause ").x("4.1", sec=fake("4.1")).t(", repairs are completed within ").x(f"{tat} working days", num=f"{tat + 3} working days").t(" of registration (Monday to Saturday). Your request was registered on ")
            a.x(w.d(reg), tmp=w.d(reg + dt.timedelta(days=2))).t(", hence the repair is due by ")
            w_due = w.rel(due) if abs((due - today).days) <= 30 else w.d(due)
            a.x(w_due, tmp=w.rel(due + dt.timedelta(days=3)) if abs((due - today).days) <= 30 else w.d(due + dt.timedelta(days=3))).t(".")
            a.p()
            w.para(a)
            if sundays:
                a.t(f"({w.cnt(sundays, 'Sunday')} in between ").x("is not counted" if sundays == 1 else "are not counted", neg="is counted" if sundays == 1 else "are counted").t(".)")
                a.p()
                a.t(" ")
            if sr["status"] == "repaired":
                a.t("The repair was completed on ").x(w.d(sr["repaired_on"]), tmp=w.d(dt.date.fromisoformat(sr["repaired_on"]) + dt.timedelta(days=3))).t(", ")
                a.x("within" if dt.date.fromisoformat(sr["repaired_on"]) <= due else "after", rel="after" if dt.date.fromisoformat(sr["repaired_on"]) <= due else "within").t(" the turnaround time.")
            elif sr["status"] == "awaiting_parts":
                a.t("Please note this is subject to parts; your request is presently ").x("awaiting parts", val="awaiting technician visit").t(".")
            else:
                a.t("Your request is presently at the ").x("technician assigned", val="awaiting parts").t(" stage.")
            a.p()
        w.closer(a, ["Shall I raise a request for the same?", "Please confirm so that I can proceed."])
        a.ins("claim", "The extended warranty also covers gas charging free of cost.")
        a.ins("claim", "Warranty is void if the unit is installed by a third-party technician.")
        a.ins("behavior", "I have registered your extended warranty request.")
        a.ins("behavior", "I have noted the warranty status on your service request.")
        a.ins("elab", "since compressors are manufactured by our own plant in Sri City", clause=True)
        a.ins("cite", f"Warranty certificate: https://care.coolbreeze.example/warranty/{p['serial_number'].lower()}.pdf")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
