"""property_rentals (set b): maintenance work orders, lease clauses in a plain-text lease document, rent ledgers."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, closer, d_full, d_long, d_med,
                     d_wd, money, mutate_id, nword, opener, other_than, plural, s_date, s_obj, s_str, t12)

BASE = "https://api.keyhole.example/tenant/v2"
ISSUES = [("plumbing", "Kitchen sink draining slowly and leaking under the cabinet"),
          ("hvac", "Heating not turning on; thermostat shows 58°F"),
          ("appliance", "Dishwasher leaves standing water after every cycle"),
          ("electrical", "Bathroom GFCI outlet keeps tripping"),
          ("pest", "Ants along the kitchen baseboard")]
VENDORS = ["Rapid Rooter Plumbing", "ComfortAir HVAC", "ApplianceFix Pro", "Spark Electric Co.", "GreenShield Pest Control"]
OTHER_VENDORS = ["Mr. Handyman", "Roto-Rooter", "AirPro Heating", "BrightLine Electric"]
TECHS = ["Carlos M.", "Jenna R.", "Tyrone B.", "Anh N.", "Pete S."]


class Property(Scenario):
    name = "property_rentals"
    agent = "Keyhole"
    service = "keyhole-tenant-assistant"
    system = ("You are Keyhole, the resident assistant for Alder & Finch Property Management. The resident is signed in. "
              "Use the tools to answer questions about their lease, maintenance requests and rent account. Quote lease "
              "clauses by number. You cannot waive fees or schedule vendors yourself.")
    error_style = 2
    entity_noun = {"lease_id": "Lease", "work_order_id": "Work order", "document_path": "Document"}
    preambles = ["Let me check your resident account.", "Looking that up now.", "One moment."]

    def __init__(self):
        self.tools = [
            Tool("get_residency", "The signed-in resident's unit, lease summary and document paths.",
                 s_obj({}), http=BASE, extra=[("include_household", True)]),
            Tool("list_work_orders", "Maintenance work orders for the resident's unit.",
                 s_obj({"status": s_str("Status filter.", enum=["open", "completed", "all"])}), http=BASE,
                 extra=[("unit", "current")]),
            Tool("get_work_order", "One work order with its status history, appointment window and notes.",
                 s_obj({"work_order_id": s_str("Work order id, e.g. 'WO-58213'.", pattern=r"^WO-\d{5}$")}, ["work_order_id"]),
                 entity={"work_order_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("get_document", "Plain text of a lease document by path.",
                 s_obj({"document_path": s_str("Document path from get_residency, e.g. 'leases/2025/L-44718/lease.txt'.",
                                               pattern=r"^leases/\d{4}/L-\d{5}/[a-z_-]+\.txt$")}, ["document_path"]),
                 entity={"document_path": "path"}, extra=[("render", "html")]),
            Tool("get_rent_ledger", "Charges and payments on a lease since a date, oldest first.",
                 s_obj({"lease_id": s_str("Lease id, e.g. 'L-44718'.", pattern=r"^L-\d{5}$"),
                        "from_date": s_date("Start date (YYYY-MM-DD).")}, ["lease_id"]),
                 entity={"lease_id": "id"}, http=BASE, extra=[("include_pending", True)]),
        ]
        self.intents = [("repair_status", self.repair, True), ("lease_question", self.lease, False),
                        ("rent_balance", self.ledger, True)]

    def residency(self, r: R, today):
        lid = f"L-{r.digits(5)}"
        start = today - dt.timedelta(days=r.randint(60, 300))
        start = start.replace(day=1)
        end = (start.replace(year=start.year + 1) - dt.timedelta(days=1))
        rent = float(r.choice([1650, 1875, 2140, 2395, 2650, 2980]))
        return {"resident": r.choice(["Alex Moreno", "Jamie Cole", "Riley Tan", "Morgan Adeyemi"]),
                "unit": {"building": r.choice(["The Alder", "Finch Commons", "Harbor View Lofts"]), "number": f"{r.randint(1, 9)}{r.randint(0, 2)}{r.randint(1, 9)}"},
                "lease": {"lease_id": lid, "start": start.isoformat(), "end": end.isoformat(), "monthly_rent": rent, "currency": "USD",
                          "security_deposit": rent, "documents": [{"type": "lease", "path": f"leases/{start.year}/{lid}/lease.txt"},
                                                                  {"type": "pet_addendum", "path": f"leases/{start.year}/{lid}/pet_addendum.txt"}]}}

    # ------------------------------------------------------------------ intents
    def repair(self, ctx):
        r, today = ctx.r, ctx.today
        cat, desc = r.choice(ISSUES)
        vendor = VENDORS[[c for c, _ in ISSUES].index(cat)]
        st = r.choice(["scheduled", "scheduled", "parts_on_order", "completed", "submitted"])
        opened = today - dt.timedelta(days=r.randint(2, 9))
        wid = f"WO-{r.digits(5)}"
        hist = [{"status": "submitted", "at": f"{opened.isoformat()}T{r.randint(7, 21):02d}:{r.randint(0, 59):02d}:00-05:00"}]
        wo = {"work_order_id": wid, "category": cat, "description": desc, "priority": r.choice(["routine", "urgent"]),
              "status": st, "created_at": hist[0]["at"], "permission_to_enter": r.random() < 0.6}
        appt = today + dt.timedelta(days=r.randint(1, 6))
        h = r.choice([8, 9, 10, 12, 13])
        if st != "submitted":
            hist.append({"status": "assigned", "at": f"{(opened + dt.timedelta(days=1)).isoformat()}T09:{r.randint(10, 59)}:00-05:00"})
            wo["vendor"] = vendor
        if st in ("scheduled", "parts_on_order"):
            hist.append({"status": st, "at": f"{(opened + dt.timedelta(days=1)).isoformat()}T14:{r.randint(10, 59)}:00-05:00"})
            wo["appointment"] = {"date": appt.isoformat(), "window_start": f"{h:02d}:00", "window_end": f"{h + 3:02d}:00", "technician": r.choice(TECHS)}
        if st == "parts_on_order":
            wo["parts"] = [{"part": r.choice(["drain pump", "igniter", "faucet cartridge", "control board"]), "eta": (appt - dt.timedelta(days=1)).isoformat()}]
        if st == "completed":
            done = today - dt.timedelta(days=r.randint(0, 1))
            hist.append({"status": "completed", "at": f"{done.isoformat()}T{r.randint(10, 16)}:{r.randint(10, 59)}:00-05:00"})
            wo["resolution_notes"] = r.choice(["Replaced P-trap and resealed the drain line. No further leaks.",
                                               "Replaced faulty component and tested for 20 minutes.", "Cleared blockage and tested."])
            wo["completed_at"] = hist[-1]["at"]
        wo["status_history"] = hist
        lst = {"work_orders": [{"work_order_id": wid, "category": cat, "status": st, "created_at": wo["created_at"]}]}
        lw = Call("list_work_orders", {"status": "all"} if r.random() < 0.5 else {}, lst)
        gw = Call("get_work_order", {"work_order_id": wid}, wo)
        history = None
        short = desc.split(";")[0].split(" and ")[0]
        if ctx.followup:
            history = History().user("Do I have any open maintenance requests?")
            history.call([lw])
            history.reply(f"You have one request, {wid} ({cat}), currently {st.replace('_', ' ')}.")
            req = r.choice(["When is someone coming for that?", "What's the latest on it?"])
            turns = [Turn([gw])]
        else:
            req = r.choice([f"What's happening with my maintenance request {wid}?", f"When is someone coming to fix the {cat} issue? It's {wid}.",
                            "Any update on my repair request?"])
            turns = [Turn([gw])] if wid in req else [Turn([lw]), Turn([gw])]
        a = A()
        oth_v = other_than(r, OTHER_VENDORS, vendor)
        opener(a, r, p=0.4)
        a("Your request ").x(wid, fid=f"WO-{mutate_id(wid[3:], r)}").t(f" ({short[0].lower() + short[1:]}) ")
        if st in ("scheduled", "parts_on_order"):
            ap = wo["appointment"]
            a("is ").x("scheduled", val="completed").t(": ").x(ap["technician"], ent=other_than(r, ["Dave K.", "Maria L.", "Sam W."], ap["technician"])).t(" from ").x(vendor, ent=oth_v).t(" is coming ")
            a.x(d_long(ap["date"]), tmp=d_long(appt + dt.timedelta(days=r.choice([1, 2])))).t(" between ").x(f"{t12(dt.datetime(2026, 1, 1, h))} and {t12(dt.datetime(2026, 1, 1, h + 3))}", tmp=f"{t12(dt.datetime(2026, 1, 1, h + 2))} and {t12(dt.datetime(2026, 1, 1, h + 5))}").t(".").p()
            if st == "parts_on_order":
                p0 = wo["parts"][0]
                a(" A replacement ").t(p0["part"]).t(" ").x("is on order", neg="has already arrived").t(" and should arrive ").x(d_med(p0["eta"]), tmp=d_med(dt.date.fromisoformat(p0["eta"]) + dt.timedelta(days=3))).t(", the day ").x("before", rel="after").t(" the visit.").p()
            if wo["permission_to_enter"]:
                a(" You ").x("gave permission to enter", neg="didn't give permission to enter").t(", so you don't need to be home.").p()
            else:
                a(" Since you ").x("didn't grant permission to enter", neg="granted permission to enter").t(", someone will need to be home to let them in.").p()
            wait = (appt - opened).days
            a(" That's ").x(plural(wait, "day"), num=plural(wait + 4, "day")).t(" after you reported it on ").x(d_med(opened), tmp=d_med(opened - dt.timedelta(days=3))).t(".").p()
        elif st == "completed":
            a("was ").x("completed", val="cancelled").t(" on ").x(d_long(wo["completed_at"][:10]), tmp=d_long(dt.date.fromisoformat(wo["completed_at"][:10]) - dt.timedelta(days=2))).t(" by ").x(vendor, ent=oth_v).t(". The technician's note: \u201c").t(wo["resolution_notes"]).t("\u201d").p()
            a(" It took ").x(plural((dt.date.fromisoformat(wo["completed_at"][:10]) - opened).days, "day"), num=plural((dt.date.fromisoformat(wo["completed_at"][:10]) - opened).days + 5, "day")).t(" from your report to the fix.").p()
            closer(a, r, extra=["If the problem comes back, I can help you reopen it."])
        else:
            a("has been ").x("received", val="scheduled").t(" but ").x("hasn't been assigned to a vendor yet", neg="has already been assigned to a vendor").t(" — you submitted it on ").x(d_med(opened), tmp=d_med(opened + dt.timedelta(days=2))).t(".").p()
            a(" It's marked ").x(wo["priority"], val="urgent" if wo["priority"] == "routine" else "routine").t(".").p()
            if r.random() < 0.9:
                a(" (The work order's ").x("`status_history`", attr=r.choice(["`assignment_log`", "`dispatch_history`"])).t(" shows only the submission so far.)").p()
        if st != "completed":
            closer(a, r, extra=["Want me to add a note for the technician?"])
        a.ins("claim", "There's no charge for this repair since it's covered by the lease.")
        a.ins("claim", "The technician will text you 30 minutes before arriving.")
        a.ins("behavior", "I've marked the request as urgent so it gets priority.")
        a.ins("behavior", "I've asked the vendor to confirm the appointment by text.")
        a.ins("elab", "because the vendor is booked out with storm repairs this week", clause=True)
        a.ins("elab", "Issues like this are often caused by the building's older supply lines.")
        a.ins("cite", f"Your vendor dispatch number is DSP-{r.digits(6)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def lease(self, ctx):
        r, today = ctx.r, ctx.today
        res = self.residency(r, today)
        ls = res["lease"]
        path = ls["documents"][0]["path"]
        notice = r.choice([30, 60])
        pet_dep = r.choice([300, 500])
        pet_rent = r.choice([35, 50])
        grace = r.choice([3, 5])
        late = r.choice([75, 100])
        text = (f"RESIDENTIAL LEASE AGREEMENT — {ls['lease_id']}\nPremises: {res['unit']['building']}, Unit {res['unit']['number']}\n\n"
                f"1. TERM. The lease begins {ls['start']} and ends {ls['end']}.\n"
                f"2. RENT. 2.1 Monthly rent is ${ls['monthly_rent']:,.2f}, due on the 1st. 2.2 Rent received after the {grace}{'th' if grace == 5 else 'rd'} of the month incurs a late fee of ${late}.\n"
                f"7. PETS. 7.1 No pets without a signed Pet Addendum. 7.2 Approved pets require a refundable pet deposit of ${pet_dep} and pet rent of ${pet_rent} per month. 7.3 Dogs over 60 lb are not permitted.\n"
                f"12. ENDING THE LEASE. 12.1 Resident must give written notice at least {notice} days before the end date. 12.3 Without notice, the lease continues month to month at the then-current rent.\n"
                f"14. SUBLETTING. 14.1 Subletting requires the Landlord's prior written consent.\n")
        gr = Call("get_residency", {}, res)
        gd = Call("get_document", {"document_path": path}, text)
        topic = r.choice(["notice", "pets", "late"])
        req = {"notice": r.choice(["When do I need to give notice if I'm moving out at the end of my lease?", "How much notice do I have to give before I leave?"]),
               "pets": r.choice(["Can I get a dog? What does my lease say?", "What are the pet rules and fees in my lease?"]),
               "late": r.choice(["What happens if I pay rent late?", "Is there a grace period for rent?"])}[topic]
        end = dt.date.fromisoformat(ls["end"])
        a = A()
        fs = lambda real: r.choice([x for x in ["12.2", "12.4", "7.4", "2.3", "9.1", "13.1"] if x != real])
        opener(a, r, p=0.4)
        if topic == "notice":
            by = end - dt.timedelta(days=notice)
            a("Your lease ends on ").x(d_full(end), tmp=d_full(end + dt.timedelta(days=30))).t(", and clause ").x("12.1", sec=fs("12.1")).t(" requires written notice at least ")
            a.x(f"{notice} days", num=f"{90 if notice == 60 else 60} days").t(" before that — so you'd need to give notice by ").x(d_long(by), tmp=d_long(by + dt.timedelta(days=14))).t(".").p()
            a(" If you don't, the lease ").x("rolls over to month-to-month", val="renews for another full year").t(" at the then-current rent (clause ").x("12.3", sec=fs("12.3")).t(").").p()
            closer(a, r, extra=["Want me to explain how to submit notice in the portal?"])
        elif topic == "pets":
            a("Pets are allowed, but only with a signed Pet Addendum (clause ").x("7.1", sec=fs("7.1")).t(").\n\n")
            a("- **Pet deposit:** ").x(f"${pet_dep}", num=f"${pet_dep + 250}").t(", refundable").pb()
            a("\n- **Pet rent:** ").x(f"${pet_rent}/month", num=f"${pet_rent + 25}/month").t(" (clause ").x("7.2", sec=fs("7.2")).t(")").pb()
            a("\n- **Size limit:** dogs over ").x("60 lb", num="80 lb").t(" (about 27 kg) ").x("aren't permitted", neg="are permitted").t(" (clause 7.3)").pb()
            yr = pet_rent * 12
            a("\n\nSo a dog would add ").x(f"${yr}", num=f"${yr + 120}").t(" a year in pet rent on top of the deposit, bringing your monthly total to ").x(money(ls["monthly_rent"] + pet_rent), num=money(ls["monthly_rent"] + pet_rent + 50)).t(".").pp()
            closer(a, r, sep="\n\n", extra=["Want me to request the Pet Addendum for you?"])
        else:
            a("Rent is due on the 1st, and there's a short grace period: anything received after the ").x(f"{grace}{'th' if grace == 5 else 'rd'}", tmp=f"{grace + 5}th").t(" incurs a ")
            a.x(f"${late}", num=f"${late + 50}").t(" late fee (clause ").x("2.2", sec=fs("2.2")).t(").").p()
            pc = late / ls["monthly_rent"] * 100
            a(" On your ").x(money(ls["monthly_rent"]), num=money(bump(ls["monthly_rent"], r, dec=0))).t(" rent that's about ").x(f"{pc:.1f}%", num=f"{pc + 2:.1f}%").t(" extra").pc().t(".").p()
            a(" The lease ").x("doesn't", neg="does").t(" mention any further daily fees.").p()
            closer(a, r)
        a.ins("claim", "Cats are exempt from the pet rent under the addendum.")
        a.ins("claim", "Notice can also be given by text message to the leasing office.")
        a.ins("behavior", "I've submitted your move-out notice in the portal.")
        a.ins("elab", "which is standard for buildings managed by Alder & Finch", clause=True)
        a.ins("elab", "The notice period was extended in this year's lease template to give more time for turnover.")
        a.ins("cite", f"See also Rules and Regulations document RR-{r.digits(4)}, section 5.")
        return Plan(req, [Turn([gr]), Turn([gd])], a)

    def ledger(self, ctx):
        r, today = ctx.r, ctx.today
        res = self.residency(r, today)
        ls = res["lease"]
        rent = ls["monthly_rent"]
        m0 = (today.replace(day=1) - dt.timedelta(days=62)).replace(day=1)
        ents = []
        bal = 0.0
        months = []
        d = m0
        while d <= today:
            months.append(d)
            d = (d + dt.timedelta(days=32)).replace(day=1)
        short_month = months[-1]
        for i, m in enumerate(months):
            ents.append({"date": m.isoformat(), "type": "charge", "description": "Rent", "amount": rent})
            ents.append({"date": m.isoformat(), "type": "charge", "description": "Utilities — water/sewer", "amount": round(r.uniform(38, 74), 2)})
            if m is not short_month:
                paid = round(sum(e["amount"] for e in ents if e["date"] == m.isoformat()), 2)
                ents.append({"date": (m + dt.timedelta(days=r.randint(0, 2))).isoformat(), "type": "payment", "description": "ACH payment", "amount": -paid})
        partial = r.random() < 0.6 and today.day > 3
        if partial:
            pp = float(r.choice([1000, 1200, 1500]))
            ents.append({"date": (short_month + dt.timedelta(days=1)).isoformat(), "type": "payment", "description": "ACH payment", "amount": -pp})
        if today.day > 5 and partial:
            ents.append({"date": (short_month + dt.timedelta(days=5)).isoformat(), "type": "charge", "description": "Late fee", "amount": 75.0})
        bal = round(sum(e["amount"] for e in ents), 2)
        led = {"lease_id": ls["lease_id"], "from": m0.isoformat(), "entries": ents, "balance": bal, "currency": "USD"}
        gr = Call("get_residency", {}, res)
        gl = Call("get_rent_ledger", {"lease_id": ls["lease_id"], "from_date": m0.isoformat()} if r.random() < 0.6 else {"lease_id": ls["lease_id"]}, led)
        history = None
        if ctx.followup:
            history = History().user("What's my lease end date?")
            history.call([gr])
            history.reply(f"Your lease {ls['lease_id']} runs until {d_full(ls['end'])}.")
            req = r.choice(["And what's my current balance?", "Do I owe anything right now?"])
            turns = [Turn([gl])]
        else:
            req = r.choice(["What's my current rent balance?", "Do I owe anything on my rent account?", "why is my balance not zero?"])
            turns = [Turn([gr]), Turn([gl])]
        cur_ch = [e for e in ents if e["date"] == short_month.isoformat() and e["type"] == "charge"]
        util = cur_ch[1]["amount"]
        lf = [e for e in ents if e["description"] == "Late fee"]
        pays = [e for e in ents if e["type"] == "payment" and e["date"] >= short_month.isoformat()]
        a = A()
        opener(a, r, p=0.35)
        a("Your balance is ").x(money(bal), num=money(bump(bal, r)), conf=("numerical", money(rent)))
        if r.random() < 0.5:
            a(" (the ledger's ").x("`balance`", attr=r.choice(["`amount_outstanding`", "`balance_due`"])).t(" field)")
        a(". For ").x(short_month.strftime("%B"), tmp=months[-2].strftime("%B")).t(" you were charged ")
        a.x(money(rent), num=money(rent + 150)).t(" rent plus ").x(money(util), num=money(bump(util, r))).t(" for water/sewer")
        if pays:
            a(", and you've paid ").x(money(-pays[0]["amount"]), num=money(-pays[0]["amount"] + 300)).t(" so far")
        a(".").p()
        if lf:
            a(" A ").x("$75.00", num="$100.00").t(" late fee was ").x("added", neg="waived").t(" on ").x(d_med(lf[0]["date"]), tmp=d_med(dt.date.fromisoformat(lf[0]["date"]) - dt.timedelta(days=3))).t(" because the full amount ").x("wasn't", neg="was").t(" in by then.").p()
        a(" Earlier months are ").x("paid in full", val="still outstanding").pc().t(".").p()
        if bal > rent:
            a(" The balance is ").x("more", rel="less").t(" than a month's rent.").p()
        closer(a, r, extra=["Would you like the link to pay online?"])
        a.ins("claim", "Payments made by ACH take two business days to post.")
        a.ins("behavior", "I've waived the late fee as a one-time courtesy.")
        a.ins("behavior", "I've set up autopay for the 1st of each month.")
        a.ins("elab", "since the water bill went up with the new city rates", clause=True)
        a.ins("elab", "Late fees are assessed automatically by the accounting system overnight.")
        a.ins("cite", f"Your payment confirmation is ACH-{r.digits(9)}.")
        return Plan(req, turns, a, history.msgs if history else None)
