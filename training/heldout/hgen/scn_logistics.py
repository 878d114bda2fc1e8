"""logistics: shipments, customs holds, purchase-order shipments, warehouse inventory."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, closer, d_full, d_long, d_med,
                     d_short, d_wd, fnum, money, mutate_id, nword, opener, other_than, plural, s_int, s_obj, s_str, t24,
                     words)

BASE = "https://api.freightlens.internal/v1"
LANES = [
    (("Shanghai", "CNSHA", "CN"), ("Los Angeles", "USLAX", "US"), "ocean"),
    (("Ningbo", "CNNGB", "CN"), ("Long Beach", "USLGB", "US"), "ocean"),
    (("Busan", "KRPUS", "KR"), ("Seattle", "USSEA", "US"), "ocean"),
    (("Rotterdam", "NLRTM", "NL"), ("Newark", "USEWR", "US"), "ocean"),
    (("Ho Chi Minh City", "VNSGN", "VN"), ("Savannah", "USSAV", "US"), "ocean"),
    (("Frankfurt", "DEFRA", "DE"), ("Chicago O'Hare", "USORD", "US"), "air"),
    (("Shenzhen", "CNSZX", "CN"), ("Dallas/Fort Worth", "USDFW", "US"), "air"),
]
CARRIERS = {"ocean": [("Maersk", "MAEU"), ("MSC", "MSCU"), ("CMA CGM", "CMDU"), ("Hapag-Lloyd", "HLCU"), ("ONE", "ONEY")],
            "air": [("Lufthansa Cargo", "LH"), ("Cathay Cargo", "CX"), ("FedEx Express", "FX")]}
OTHER_CARRIERS = ["Evergreen", "COSCO", "Yang Ming", "ZIM", "DHL Global Forwarding"]
BROKERS = ["Pacific Customs Brokers", "Harbor Trade Services", "Atlas Clearance Co.", "Meridian Customs Group"]
OTHER_CITIES = ["Oakland", "Houston", "Norfolk", "Charleston", "Tacoma", "Miami"]
HOLDS = {
    "documentation": ("DOCS_MISSING", "CBP", "19 CFR 141.86", ["Commercial invoice with unit values", "Packing list"]),
    "isf_late": ("ISF_LATE", "CBP", "19 CFR 149.2", ["Importer Security Filing (10+2) amendment"]),
    "exam": ("CET_EXAM", "CBP", "19 CFR 162.6", []),
    "fda_review": ("FDA_HOLD", "FDA", "21 CFR 1.283", ["FDA prior notice confirmation", "Manufacturer registration number"]),
}
FAKE_CODES = {"DOCS_MISSING": "DOCS_INCOMPLETE", "ISF_LATE": "ISF_MISSING", "CET_EXAM": "VACIS_EXAM", "FDA_HOLD": "FDA_DETAINED"}
FAKE_REGS = ["19 CFR 141.89", "19 CFR 149.5", "19 CFR 151.7", "21 CFR 1.279", "19 CFR 142.3"]
SKUS = [("BKT-2040", "Stainless steel mixing bowl set"), ("LMP-1187", "LED desk lamp, matte black"),
        ("CHR-5521", "Ergonomic office chair"), ("TWL-3309", "Cotton bath towel, 6-pack"),
        ("HDP-7712", "Wireless headphones"), ("KTL-0418", "Electric kettle 1.7 L")]
WAREHOUSES = {"us_east": [("WH-NJ01", "Edison DC", "Edison, NJ"), ("WH-GA02", "Atlanta DC", "McDonough, GA"), ("WH-PA03", "Allentown FC", "Allentown, PA")],
              "us_west": [("WH-CA01", "Ontario DC", "Ontario, CA"), ("WH-NV02", "Reno FC", "Reno, NV"), ("WH-WA03", "Kent DC", "Kent, WA")]}
EVENT_TEXT = {"GATE_OUT": "Gate out from origin terminal", "LOADED": "Loaded on vessel", "DEPARTED": "Vessel departed",
              "ARRIVED": "Vessel arrived at port of discharge", "DISCHARGED": "Container discharged",
              "CUSTOMS_HOLD": "Customs hold placed", "RELEASED": "Customs released", "OUT_FOR_DELIVERY": "Out for delivery",
              "DELIVERED": "Delivered"}


def iso_t(d, h, m):
    return f"{d.isoformat()}T{h:02d}:{m:02d}:00Z"


class Logistics(Scenario):
    name = "logistics"
    agent = "FreightLens"
    service = "freightlens-ops-agent"
    system = ("You are FreightLens, an operations assistant for a consumer-goods importer. Use the shipment, customs and "
              "warehouse tools to answer questions from the logistics team. Event times are UTC. Do not contact carriers "
              "or brokers on the user's behalf unless asked.")
    error_style = 2
    entity_noun = {"shipment_id": "Shipment", "entry_number": "Entry", "warehouse_id": "Warehouse", "po_number": "Purchase order"}
    preambles = ["Checking the shipment.", "Let me look that up.", "Pulling the latest tracking.", "One moment."]

    def __init__(self):
        self.tools = [
            Tool("get_shipment", "Shipment details, milestones and customs status.",
                 s_obj({"shipment_id": s_str("Shipment ID, e.g. 'SHP-4821937'.", pattern=r"^SHP-\d{7}$")}, ["shipment_id"]),
                 entity={"shipment_id": "id"}, http=BASE, extra=[("include_documents", True)]),
            Tool("list_shipments", "Shipments booked against a purchase order.",
                 s_obj({"po_number": s_str("Purchase order number, e.g. 'PO-448120'.", pattern=r"^PO-\d{6}$"),
                        "status": s_str("Status filter.", enum=["booked", "in_transit", "at_port", "customs_hold", "out_for_delivery", "delivered", "any"])},
                       ["po_number"]),
                 entity={"po_number": "id"}, http=BASE, extra=[("page_size", 50)]),
            Tool("get_customs_hold", "Details of a customs hold on an entry.",
                 s_obj({"entry_number": s_str("Customs entry number, e.g. 'AB1-2345678-9'.", pattern=r"^[A-Z0-9]{3}-\d{7}-\d$")}, ["entry_number"]),
                 entity={"entry_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("list_warehouses", "Warehouses in a region.",
                 s_obj({"region": s_str("Region.", enum=["us_east", "us_west"])}, ["region"]), http=BASE),
            Tool("get_inventory", "Stock position of one SKU in one warehouse.",
                 s_obj({"warehouse_id": s_str("Warehouse ID, e.g. 'WH-NJ01'.", pattern=r"^WH-[A-Z]{2}\d{2}$"),
                        "sku": s_str("SKU, e.g. 'LMP-1187'.", pattern=r"^[A-Z]{3}-\d{4}$"),
                        "include_inbound": {"type": "boolean", "description": "Include open inbound purchase orders."}},
                       ["warehouse_id", "sku"]),
                 entity={"warehouse_id": "id", "sku": "id"}, http=BASE, extra=[("lot_tracking", True)]),
        ]
        self.intents = [("shipment_status", self.status, False), ("customs_hold", self.customs, True),
                        ("inventory", self.inventory, True), ("po_shipments", self.po, False)]

    # ------------------------------------------------------------------ data
    def shipment(self, r: R, today, status=None):
        (o, ol, oc), (d, dl, dc), mode = r.choice(LANES)
        carrier = r.choice(CARRIERS[mode])
        status = status or r.choice(["in_transit", "at_port", "customs_hold", "out_for_delivery", "delivered"])
        transit = r.randint(16, 28) if mode == "ocean" else r.randint(2, 4)
        order = ["in_transit", "at_port", "customs_hold", "out_for_delivery", "delivered"]
        k = order.index(status)
        dep = today - dt.timedelta(days=(transit - r.randint(2, 6)) if k == 0 else transit + r.randint(1, 3) + k)
        arr_sched = dep + dt.timedelta(days=transit)
        ev = [("GATE_OUT", dep - dt.timedelta(days=1), o), ("LOADED", dep, o), ("DEPARTED", dep, o)]
        if k >= 1:
            arr = arr_sched + dt.timedelta(days=r.choice([0, 0, 1, 2]))
            ev += [("ARRIVED", arr, d), ("DISCHARGED", arr + dt.timedelta(days=1), d)]
        if status == "customs_hold":
            ev.append(("CUSTOMS_HOLD", ev[-1][1] + dt.timedelta(days=1), d))
        if k >= 3:
            ev += [("RELEASED", ev[-1][1] + dt.timedelta(days=1), d), ("OUT_FOR_DELIVERY", ev[-1][1] + dt.timedelta(days=2), d)]
        if k == 4:
            ev.append(("DELIVERED", ev[-1][1] + dt.timedelta(days=1), d))
        ev = [(c, min(day, today), loc) for c, day, loc in ev]
        events = [{"at": iso_t(day, r.randint(0, 23), r.randint(0, 59)), "location": loc, "code": c, "description": EVENT_TEXT[c]}
                  for c, day, loc in ev]
        eta = arr_sched if k == 0 else (today + dt.timedelta(days=r.randint(1, 5)) if k < 4 else None)
        cust = {"status": {"in_transit": "pending", "at_port": "pending", "customs_hold": "hold", "out_for_delivery": "cleared", "delivered": "cleared"}[status],
                "entry_number": f"{r.upalnum(3)}-{r.digits(7)}-{r.randint(0, 9)}", "broker": r.choice(BROKERS)}
        kg = r.randint(2200, 19800) if mode == "ocean" else r.randint(180, 2400)
        shp = {"shipment_id": f"SHP-{r.digits(7)}", "po_number": f"PO-{r.digits(6)}", "mode": mode, "status": status,
               "carrier": {"name": carrier[0], "code": carrier[1]},
               "container_number": f"{carrier[1] if mode == 'ocean' else 'AWB'}{r.digits(7)}" if mode == "ocean" else None,
               "air_waybill": f"{r.randint(100, 999)}-{r.digits(8)}" if mode == "air" else None,
               "origin": {"name": o, "locode": ol, "country": oc}, "destination": {"name": d, "locode": dl, "country": dc},
               "etd": dep.isoformat(), "eta": eta.isoformat() if eta else None,
               "delivered_at": events[-1]["at"] if status == "delivered" else None,
               "weight_kg": kg, "packages": r.randint(40, 1400), "events": events, "customs": cust}
        return shp

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        shp = self.shipment(r, today)
        sid = shp["shipment_id"]
        st = shp["status"]
        req = r.choice([f"Where is {sid}?", f"Status on shipment {sid}?", f"When will {sid} arrive?", f"{sid} — any update?"])
        last = shp["events"][-1]
        a = A()
        d, o = shp["destination"]["name"], shp["origin"]["name"]
        car = shp["carrier"]["name"]
        oth_car = other_than(r, OTHER_CARRIERS, car)
        oth_city = other_than(r, OTHER_CITIES, d, o)
        lbs = round(shp["weight_kg"] * 2.20462)
        sw = {"in_transit": "in transit", "at_port": "at the port", "customs_hold": "on customs hold", "out_for_delivery": "out for delivery", "delivered": "delivered"}
        alt = {"in_transit": "at the port", "at_port": "out for delivery", "customs_hold": "cleared customs", "out_for_delivery": "delivered", "delivered": "out for delivery"}
        style = r.choice(["prose", "bullets", "terse"])
        sd = lambda x, k=2: d_med(dt.date.fromisoformat(x[:10]) + dt.timedelta(days=k))
        if style == "terse":
            a.x(sid, fid="SHP-" + mutate_id(sid[4:], r)).t(" is ").x(sw[st], val=alt[st]).t(" — last scan: ").t(last["description"].lower()).t(", ").x(last["location"], ent=oth_city).t(", ").x(d_short(last["at"]), tmp=d_short(dt.date.fromisoformat(last["at"][:10]) - dt.timedelta(days=3))).t(".").p()
            if shp["eta"]:
                a(" ETA ").x(d_wd(shp["eta"]), tmp=d_wd(dt.date.fromisoformat(shp["eta"]) + dt.timedelta(days=r.choice([2, 4])))).t(".").p()
        elif style == "bullets":
            a("**").t(sid).t("** (").t(shp["po_number"]).t(")\n\n")
            a("- **Status:** ").x(st.replace("_", " ").capitalize(), val=alt[st].capitalize()).pb()
            a("\n- **Route:** ").t(o).t(" → ").x(d, ent=oth_city).t(" by ").t(shp["mode"]).t(" with ").x(car, ent=oth_car).pb()
            a("\n- **Last event:** ").t(last["description"]).t(" at ").t(last["location"]).t(", ").x(d_med(last["at"]) + " " + t24(last["at"]) + " UTC", tmp=sd(last["at"], -2) + " " + t24(last["at"]) + " UTC").pb()
            if shp["eta"]:
                a("\n- **ETA:** ").x(d_long(shp["eta"]), tmp=d_long(dt.date.fromisoformat(shp["eta"]) + dt.timedelta(days=3))).pb()
            a("\n- **Weight:** ").x(f"{fnum(shp['weight_kg'])} kg", num=f"{fnum(bump(shp['weight_kg'], r, dec=0))} kg").t(f" ({fnum(lbs)} lb), {fnum(shp['packages'])} packages").pb()
            closer(a, r, sep="\n\n")
        else:
            opener(a, r)
            a("Shipment ").t(sid).t(" (").t(shp["mode"]).t(", ").x(car, ent=oth_car).t(") ")
            if st == "delivered":
                a("was ").x("delivered", val="returned to the terminal").t(" in ").t(d).t(" on ").x(d_long(shp["delivered_at"]), tmp=d_long(dt.date.fromisoformat(shp["delivered_at"][:10]) - dt.timedelta(days=2))).t(".").p()
            elif st == "in_transit":
                a("is ").x("in transit", val="at the port").t(" from ").t(o).t(" to ").x(d, ent=oth_city).t(" and ").x("hasn't arrived yet", neg="has already arrived").t(". It left on ")
                a.x(d_med(shp["etd"]), tmp=d_med(dt.date.fromisoformat(shp["etd"]) + dt.timedelta(days=3)), conf=("temporal", d_med(shp["eta"]))).t(" and is due on ").x(d_long(shp["eta"]), tmp=d_long(dt.date.fromisoformat(shp["eta"]) - dt.timedelta(days=4))).t(".").p()
            else:
                a("arrived in ").x(d, ent=oth_city).t(" and is now ").x(sw[st], val=alt[st]).t(".").p()
                if st == "customs_hold":
                    a(" It ").x("hasn't cleared customs yet", neg="has already cleared customs").t(" — ").t(shp["customs"]["broker"]).t(" is the broker on the entry.").p()
                if shp["eta"]:
                    a(" The current delivery estimate is ").x(d_long(shp["eta"]), tmp=d_long(dt.date.fromisoformat(shp["eta"]) + dt.timedelta(days=3))).t(".").p()
            a(" The latest event was \"").t(last["description"]).t("\" at ").x(t24(last["at"]) + " UTC", tmp=f"{(int(t24(last['at'])[:2]) + 7) % 24:02d}:{t24(last['at'])[3:]} UTC").t(" on ").t(d_med(last["at"])).t(".").p()
            a(" It's ").x(f"{fnum(shp['weight_kg'])} kg", num=f"{fnum(bump(shp['weight_kg'], r, dec=0))} kg").t(" (about ").x(f"{fnum(round(lbs, -1))} lb", num=f"{fnum(round(lbs * 1.4, -1))} lb").t(") across ").x(f"{fnum(shp['packages'])} packages", num=f"{fnum(shp['packages'] + 120)} packages").t(".").p()
            closer(a, r, extra=["Want me to check the customs entry?", "I can keep an eye on it and flag any delay."])
        a.ins("claim", f"{car} has reported port congestion adding two days at {d}.")
        a.ins("claim", "The container is scheduled for a random X-ray exam.")
        a.ins("behavior", f"I've notified the {d} warehouse to expect it.")
        a.ins("behavior", "I've booked the drayage pickup for the day after release.")
        a.ins("elab", "mostly because of weather delays in the Pacific", clause=True)
        a.ins("elab", "Transit times on this lane have been slower than usual this month.")
        a.ins("cite", f"The carrier's booking reference is BKG{r.digits(9)}.")
        return Plan(req, [Turn([Call("get_shipment", {"shipment_id": sid}, shp)])], a)

    def customs(self, ctx):
        r, today = ctx.r, ctx.today
        shp = self.shipment(r, today, "customs_hold")
        sid = shp["shipment_id"]
        htype = r.choice(list(HOLDS))
        code, agency, reg, docs = HOLDS[htype]
        placed = [e for e in shp["events"] if e["code"] == "CUSTOMS_HOLD"][0]["at"]
        free_end = dt.date.fromisoformat(placed[:10]) + dt.timedelta(days=r.choice([3, 4, 5]))
        rate = float(r.choice([150, 175, 200, 250]))
        hold = {"entry_number": shp["customs"]["entry_number"], "shipment_id": sid, "status": "on_hold", "hold_type": htype,
                "hold_code": code, "agency": agency, "placed_at": placed, "regulation": reg, "missing_documents": docs,
                "broker": {"name": shp["customs"]["broker"], "email": "entries@" + shp["customs"]["broker"].lower().replace(" ", "").replace(".", "") + ".example"},
                "storage": {"free_time_ends": free_end.isoformat(), "daily_rate_usd": rate},
                "notes": {"documentation": "Invoice values do not match the ISF; resubmit with unit values.",
                          "isf_late": "ISF filed less than 24 hours before loading; liquidated damages may apply.",
                          "exam": "Container selected for a CET intensive exam at the CES.",
                          "fda_review": "Entry held pending FDA review of prior notice."}[htype]}
        gs = Call("get_shipment", {"shipment_id": sid}, shp)
        gh = Call("get_customs_hold", {"entry_number": hold["entry_number"]}, hold)
        history = None
        if ctx.followup:
            history = History().user(f"Where is {sid}?")
            history.call([gs])
            history.reply(f"{sid} arrived in {shp['destination']['name']} and is on customs hold (entry {hold['entry_number']}, broker {hold['broker']['name']}).")
            req = r.choice(["Why is it held, and what do we need to send?", "What's the hold about? What documents are missing?"])
            turns = [Turn([gh])]
        else:
            req = r.choice([f"Why is {sid} stuck in customs?", f"{sid} is on hold — what do we need to do to release it?",
                            f"What's the customs hold on {sid} and are we paying storage yet?"])
            turns = [Turn([gs]), Turn([gh])]
        a = A()
        days_after = 3
        fees = rate * days_after
        oth_b = other_than(r, BROKERS, hold["broker"]["name"])
        style = r.choice(["prose", "bullets"])
        hname = {"documentation": "a documentation hold", "isf_late": "a late-ISF hold", "exam": "an intensive exam",
                 "fda_review": "an FDA review hold"}[htype]
        if style == "prose":
            opener(a, r, p=0.3)
            a.t(sid).t(" is under ").x(hname, val=r.choice([v for k, v in {"documentation": "a documentation hold", "exam": "an intensive exam", "fda_review": "an FDA review hold"}.items() if k != htype])).t(" by ").x(agency, ent="USDA" if agency != "USDA" else "CBP").t(" (code ").x(f"`{code}`", attr=f"`{FAKE_CODES[code]}`").t(", placed ")
            a.x(d_med(placed), tmp=d_med(dt.date.fromisoformat(placed[:10]) - dt.timedelta(days=3))).t(") under ").x(reg, sec=r.choice([x for x in FAKE_REGS if x != reg])).t(".").p()
            if docs:
                a(" To release it, ").t(hold["broker"]["name"]).t(" needs: ").x(" and ".join(d.lower() if i else d[0].lower() + d[1:] for i, d in enumerate(docs)), ent=None).t(".").p()
            else:
                a(" No documents are missing — it's ").x("waiting on the exam", val="ready for release").t(" at the exam station.").p()
            a(" Free storage time ends ").x(d_long(free_end), tmp=d_long(free_end + dt.timedelta(days=r.choice([3, 5])))).t("; after that it's ").x(money(rate, dec=0), num=money(rate + r.choice([75, 100]), dec=0)).t(" a day")
            a(", so another three days would add ").x(money(fees, dec=0), num=money(fees + 300, dec=0)).t(".").p()
            closer(a, r, extra=[f"Want me to draft an email to {hold['broker']['name']}?", "Should I flag this to the warehouse so they can plan around it?"])
        else:
            a("**Customs hold on ").x(sid, fid="SHP-" + mutate_id(sid[4:], r)).t("**\n\n")
            a("- **Type:** ").t(words(htype).capitalize() if htype != "isf_late" else "Late ISF").t(" (").x(f"`{code}`", attr=f"`{FAKE_CODES[code]}`").t(") — ").x(agency, ent="USDA" if agency != "USDA" else "CBP").pb()
            a("\n- **Entry:** ").x(hold["entry_number"], fid=mutate_id(hold["entry_number"], r)).t(", broker ").x(hold["broker"]["name"], ent=oth_b).pb()
            a("\n- **Regulation cited:** ").x(reg, sec=r.choice([x for x in FAKE_REGS if x != reg])).pb()
            if docs:
                a("\n- **Missing:** ").t("; ".join(docs)).pb()
            a("\n- **Free time ends:** ").x(d_med(free_end), tmp=d_med(free_end - dt.timedelta(days=2))).t(", then ").x(money(rate, dec=0), num=money(rate * 2, dec=0)).t("/day").pb()
            a("\n\nNote from ").t(agency).t(": ").t(hold["notes"]).pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"{agency} typically releases holds like this within 48 hours of resubmission.")
        a.ins("claim", "The importer of record has had two similar holds this year.")
        a.ins("behavior", f"I've emailed {hold['broker']['name']} the missing documents.")
        a.ins("behavior", "I've requested an extension of the free storage time from the terminal.")
        a.ins("elab", "probably because the supplier changed its invoice template", clause=True)
        a.ins("cite", f"CBP's case number for this hold is CBP-{r.digits(8)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def inventory(self, ctx):
        r, today = ctx.r, ctx.today
        region = r.choice(list(WAREHOUSES))
        whs = WAREHOUSES[region]
        w1, w2 = r.sample(whs, 2)
        sku, desc = r.choice(SKUS)
        inv = []
        for w in (w1, w2):
            on = r.randint(0, 3800)
            alloc = min(on, r.randint(0, 900))
            inbound = [] if r.random() < 0.4 else [{"po_number": f"PO-{r.digits(6)}", "qty": r.choice([500, 800, 1200, 2400]),
                                                     "eta": (today + dt.timedelta(days=r.randint(3, 30))).isoformat()}]
            inv.append({"warehouse_id": w[0], "warehouse": w[1], "sku": sku, "description": desc, "unit": "each",
                        "on_hand": on, "allocated": alloc, "available": on - alloc, "reorder_point": r.choice([300, 500, 800]),
                        "inbound": inbound, "last_counted": (today - dt.timedelta(days=r.randint(1, 20))).isoformat()})
        lw = Call("list_warehouses", {"region": region}, {"region": region, "warehouses": [{"warehouse_id": w[0], "name": w[1], "city": w[2]} for w in whs]})
        calls = [Call("get_inventory", {"warehouse_id": x["warehouse_id"], "sku": sku} | ({"include_inbound": True} if r.random() < 0.5 else {}), x) for x in inv]
        rname = {"us_east": "East Coast", "us_west": "West Coast"}[region]
        history = None
        if ctx.followup:
            history = History().user(f"Which warehouses do we have on the {rname}?")
            history.call([lw])
            history.reply("We have " + ", ".join(f"{w[1]} ({w[0]}, {w[2]})" for w in whs) + ".")
            req = r.choice([f"How much {sku} do {w1[1]} and {w2[1]} have?", f"Check stock of {sku} at {w1[1]} and {w2[1]}."])
            turns = [Turn(calls)]
        else:
            req = r.choice([f"How many {sku} ({desc.lower()}) do we have available at {w1[1]} and {w2[1]}?",
                            f"Stock check: {sku} at our {rname} DCs {w1[1]} and {w2[1]}."])
            turns = [Turn([lw]), Turn(calls)]
        x1, x2 = inv
        tot = x1["available"] + x2["available"]
        a = A()
        more, less = (x1, x2) if x1["available"] >= x2["available"] else (x2, x1)
        style = r.choice(["prose", "table"])
        if style == "prose":
            opener(a, r)
            a("There are ").x(fnum(tot), num=fnum(bump(tot, r, dec=0) if tot else 350)).t(" units of ").t(sku).t(" available across the two sites: ")
            for i, x in enumerate((x1, x2)):
                if i:
                    a(" and ")
                a.x(fnum(x["available"]), num=fnum(bump(x["available"], r, dec=0) if x["available"] else 120) if i == 0 else None, conf=("numerical", fnum(x2["on_hand"])) if i == 0 and x2["on_hand"] != x1["available"] else None).t(" at ").x(x["warehouse"], ent=None).t(f" ({fnum(x['on_hand'])} on hand, {fnum(x['allocated'])} allocated)")
            a(".").p()
            if more["available"] != less["available"]:
                a(" ").t(more["warehouse"]).t(" has ").x("more", rel="less").t(" free stock").pc().t(".").p()
            for x in (x1, x2):
                if x["available"] < x["reorder_point"]:
                    a(" ").t(x["warehouse"]).t(" is ").x("below", rel="above").t(" its reorder point of ").x(fnum(x["reorder_point"]), num=fnum(x["reorder_point"] - 200 if x["reorder_point"] > 300 else 100)).t(".").p()
                    break
            ib = [(x, i) for x in (x1, x2) for i in x["inbound"]]
            if ib:
                x, i = ib[0]
                a(" ").x(fnum(i["qty"]), num=fnum(i["qty"] + 600)).t(" more are inbound to ").t(x["warehouse"]).t(" on ").x(i["po_number"], fid="PO-" + mutate_id(i["po_number"][3:], r)).t(", due ").x(d_long(i["eta"]), tmp=d_long(dt.date.fromisoformat(i["eta"]) + dt.timedelta(days=5))).t(".").p()
            else:
                a(" ").x("Neither site has inbound stock on order", neg="Both sites have inbound stock on order").t(".").p()
            closer(a, r, extra=["Want me to check the other warehouses in the region?"])
        else:
            a(f"{sku} — {desc}\n\n| Warehouse | On hand | Allocated | Available | Inbound |\n|---|---|---|---|---|\n")
            for x in (x1, x2):
                ibt = ", ".join(f"{fnum(i['qty'])} on {d_short(i['eta'])}" for i in x["inbound"]) or "none"
                a("| ").t(x["warehouse"]).t(" | ").t(fnum(x["on_hand"])).t(" | ").t(fnum(x["allocated"])).t(" | ")
                a.x(fnum(x["available"]), num=fnum(bump(x["available"], r, dec=0) if x["available"] else 200) if x is more else None, conf=("numerical", fnum(less["available"])) if x is more and less["available"] != more["available"] else None).t(" | ")
                a.x(ibt, tmp=(", ".join(f"{fnum(i['qty'])} on {d_short(dt.date.fromisoformat(i['eta']) + dt.timedelta(days=6))}" for i in x["inbound"])) if x["inbound"] else None).t(" |\n")
            a("\nTotal available: ").x(fnum(tot), num=fnum(tot + 450)).t(" units. ").t(more["warehouse"]).t(" has the ").x("larger", rel="smaller").t(" share.").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"{sku} is currently on a promotion, so demand is running higher than forecast.")
        a.ins("behavior", f"I've reserved 200 units at {more['warehouse']} for you.")
        a.ins("behavior", f"I've created a transfer order from {more['warehouse']} to {less['warehouse']}.")
        a.ins("elab", "mainly because of last week's large retail order", clause=True)
        a.ins("cite", f"The cycle count is logged as CC-{r.digits(6)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def po(self, ctx):
        r, today = ctx.r, ctx.today
        n = r.randint(3, 4)
        sts = r.sample(["in_transit", "at_port", "customs_hold", "out_for_delivery", "delivered", "delivered", "in_transit"], n)
        shps = [self.shipment(r, today, s) for s in sts]
        po = shps[0]["po_number"]
        rows = []
        for s in shps:
            s["po_number"] = po
            rows.append({"shipment_id": s["shipment_id"], "mode": s["mode"], "status": s["status"], "carrier": s["carrier"]["name"],
                         "origin": s["origin"]["locode"], "destination": s["destination"]["locode"], "eta": s["eta"],
                         "delivered_at": s["delivered_at"], "packages": s["packages"]})
        req = r.choice([f"How are the shipments on {po} doing?", f"Status of everything under {po}?", f"give me a rundown of {po}"])
        args = {"po_number": po}
        if r.random() < 0.4:
            args["status"] = "any"
        a = A()
        delivered = [x for x in rows if x["status"] == "delivered"]
        moving = [x for x in rows if x["status"] != "delivered"]
        sw = {"in_transit": "in transit", "at_port": "at the port", "customs_hold": "on customs hold", "out_for_delivery": "out for delivery", "delivered": "delivered"}
        alt = {"in_transit": "delivered", "at_port": "in transit", "customs_hold": "at the port", "out_for_delivery": "on customs hold", "delivered": "in transit"}
        pk = sum(x["packages"] for x in rows)
        etas = [x for x in moving if x["eta"]]
        nxt = min(etas, key=lambda x: x["eta"]) if etas else None
        oth = other_than(r, OTHER_CARRIERS, *[x["carrier"] for x in rows])
        opener(a, r, p=0.3)
        a.t(po).t(" has ").x(nword(len(rows)), num=nword(len(rows) + 1)).t(" shipments (").x(fnum(pk) + " packages", num=fnum(pk + 300) + " packages").t("):\n")
        for x in rows:
            a("\n- ").x(x["shipment_id"], fid="SHP-" + mutate_id(x["shipment_id"][4:], r) if x is rows[0] else None).t(f" ({x['mode']}, ").x(x["carrier"], ent=oth if x is rows[-1] else None).t(") — ").x(sw[x["status"]], val=alt[x["status"]] if x is rows[1] else None)
            if x["status"] == "delivered":
                a(" ").t(d_short(x["delivered_at"]))
            elif x["eta"]:
                a(", ETA ").x(d_short(x["eta"]), tmp=d_short(dt.date.fromisoformat(x["eta"]) + dt.timedelta(days=4)) if x is nxt else None,
                             conf=("temporal", d_short([y for y in etas if y is not x][0]["eta"])) if x is nxt and len(etas) > 1 and [y for y in etas if y is not x][0]["eta"] != x["eta"] else None)
            a.pb()
        a("\n\n")
        if delivered:
            a.x(nword(len(delivered)).capitalize(), num=nword(len(delivered) + 1).capitalize()).t(" ").t("has" if len(delivered) == 1 else "have").t(" been delivered")
            a("; ").x(nword(len(moving)), num=nword(max(0, len(moving) - 1))).t(" ").x("haven't arrived yet" if len(moving) > 1 else "hasn't arrived yet", neg="have all arrived" if len(moving) > 1 else "has arrived").t(".").pp()
        else:
            a("None ").x("have been delivered yet", neg="are still outstanding").t(".").pp()
        if any(x["status"] == "customs_hold" for x in rows):
            h = [x for x in rows if x["status"] == "customs_hold"][0]
            a(" ").t(h["shipment_id"]).t(" is the one to watch — it's on customs hold.").p()
        closer(a, r, sep="\n\n", extra=["Want details on the customs hold?", "Should I check the receiving warehouse's schedule?"])
        a.ins("claim", f"The supplier has confirmed the remaining cartons for {po} ship next week.")
        a.ins("behavior", f"I've updated the ETA on {po} in the ERP.")
        a.ins("elab", "which is typical for this lane in peak season", clause=True)
        a.ins("cite", f"The consolidated bill of lading is MBL{r.digits(10)}.")
        return Plan(req, [Turn([Call("list_shipments", args, {"po_number": po, "shipments": rows})])], a)
