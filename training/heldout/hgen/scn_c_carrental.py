"""car_rental (set c): vehicle offers, reservations, rental-agreement clauses (plain text), closed-rental invoices with FX."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, fnum, money, mutate_id, nword, other_than, plural,
                     s_int, s_obj, s_str)
from .cstyle import (about_money, day_of, day_ord, hm12, hm24, lead, mdy, month_ord, nudge, nudge_int, pct1, stamp, tail)

BASE = "https://api.vantage.example/rentals/v1"
AGREE = "https://vantage.example/agreements"
BRANCHES = [("SEA01", "Seattle–Tacoma Airport", "-07:00", "USD"), ("PDX03", "Portland Downtown", "-07:00", "USD"),
            ("DEN02", "Denver International Airport", "-06:00", "USD"), ("YVR01", "Vancouver Airport", "-07:00", "CAD"),
            ("YYC04", "Calgary Beltline", "-06:00", "CAD"), ("BOS05", "Boston Back Bay", "-04:00", "USD")]
OTHER_BRANCHES = ["Tacoma Mall", "Spokane Airport", "Salt Lake City Airport", "Boise Downtown"]
CLASSES = {"economy": ("Mitsubishi Mirage or similar", 4, 1, 38.0), "compact": ("Toyota Corolla or similar", 5, 2, 44.0),
           "midsize": ("Hyundai Elantra or similar", 5, 2, 49.0), "suv": ("Ford Escape or similar", 5, 3, 67.0),
           "minivan": ("Chrysler Pacifica or similar", 7, 4, 89.0)}
OTHER_MODELS = ["Nissan Versa or similar", "Jeep Compass or similar", "Kia Sorento or similar", "Honda Civic or similar"]
DRIVERS = ["Priya Natarajan", "Marcus Bell", "Elena Sokolova", "Tom Whitfield", "Aisha Karim"]
EXTRAS = {"GPS": ("GPS navigation", 11.99), "CHILD_SEAT": ("child seat", 13.50), "ADDITIONAL_DRIVER": ("additional driver", 13.0),
          "TOLL_PASS": ("toll pass", 5.95)}


class CarRental(Scenario):
    name = "car_rental"
    agent = "Juno"
    service = "vantage-rentals-assistant"
    system = ("You are Juno, Vantage Car Rental's booking assistant. The customer is signed in to their Vantage account. "
              "Use the tools to search vehicles, look up reservations and closed rentals, and explain the rental agreement. "
              "Quote agreement clauses by number. You cannot waive charges.")
    error_style = 2
    entity_noun = {"confirmation_number": "Reservation", "agreement_url": "Agreement", "agreement_number": "Rental agreement"}
    preambles = ["Let me check that reservation.", "Pulling up the rental details.", "One sec, searching availability."]

    def __init__(self):
        conf = s_str("Reservation confirmation number, 10 characters, e.g. 'K7Q2M94TX1'.", pattern=r"^[A-Z0-9]{10}$")
        self.tools = [
            Tool("search_vehicles", "Available vehicle offers at a branch for a pickup and return time.",
                 s_obj({"pickup_location": s_str("Branch code, e.g. 'SEA01'.", pattern=r"^[A-Z]{3}\d{2}$"),
                        "pickup_at": s_str("Local pickup date-time, YYYY-MM-DDTHH:MM.", pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$"),
                        "return_at": s_str("Local return date-time, YYYY-MM-DDTHH:MM.", pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$"),
                        "vehicle_class": s_str("Vehicle class filter.", enum=["economy", "compact", "midsize", "suv", "minivan", "any"]),
                        "driver_age": s_int("Age of the main driver.", 18, 99)},
                       ["pickup_location", "pickup_at", "return_at"]), http=BASE,
                 extra=[("currency", "USD"), ("include_unavailable", True)]),
            Tool("list_reservations", "The customer's upcoming and recent reservations.",
                 s_obj({"status": s_str("Filter.", enum=["upcoming", "past", "all"])}), http=BASE, extra=[("limit", 10)]),
            Tool("get_reservation", "One reservation: times, branches, vehicle class, rate, extras, estimate and agreement link.",
                 s_obj({"confirmation_number": conf}, ["confirmation_number"]), entity={"confirmation_number": "id"}, http=BASE,
                 extra=[("include_agreement", True)]),
            Tool("get_rental_agreement", "Plain-text rental terms (numbered clauses) for a reservation, by URL.",
                 s_obj({"agreement_url": s_str("Agreement URL from the reservation.", pattern=r"^https://vantage\.example/agreements/[A-Za-z0-9-]+$")},
                       ["agreement_url"]), entity={"agreement_url": "url"}, extra=[("lang", "en-US")]),
            Tool("get_final_invoice", "Final invoice of a closed rental: odometer, fuel, times and every charge.",
                 s_obj({"agreement_number": s_str("Rental agreement number, e.g. 'RA204417839'.", pattern=r"^RA\d{9}$"),
                        "include_receipt_pdf": {"type": "boolean", "description": "Also return a PDF link."}},
                       ["agreement_number"]), entity={"agreement_number": "id"}, http=BASE, extra=[("format", "pdf")]),
        ]
        self.intents = [("compare_vehicles", self.compare, False), ("reservation_details", self.reservation, True),
                        ("agreement_question", self.agreement, True), ("final_invoice", self.invoice, False)]

    # ------------------------------------------------------------------ data
    def res(self, r: R, today, start_in=None):
        code, bname, off, cur = r.choice(BRANCHES)
        cls = r.choice(list(CLASSES))
        model, seats, bags, base = CLASSES[cls]
        start = today + dt.timedelta(days=start_in if start_in is not None else r.randint(2, 30))
        days = r.randint(2, 8)
        ph = r.choice([9, 10, 11, 12, 14])
        pu = stamp(start, ph, r.choice([0, 30]), off)
        ret = stamp(start + dt.timedelta(days=days), ph, int(pu[14:16]), off)
        daily = round(base * r.uniform(0.9, 1.3), 2)
        ex = r.sample(list(EXTRAS), r.randint(0, 2))
        extras = [{"code": e, "description": EXTRAS[e][0], "daily": EXTRAS[e][1]} for e in ex]
        ext_total = round(sum(e["daily"] for e in extras) * days, 2)
        taxes = round((daily * days + ext_total) * 0.1725, 2)
        cn = r.upalnum(10)
        ag = f"{AGREE}/{cn}-{r.choice(['US', 'US', 'CA'])}{r.randint(22, 26)}"
        prepaid = r.random() < 0.4
        return {"confirmation_number": cn, "status": "confirmed", "driver": {"name": r.choice(DRIVERS), "age": r.randint(23, 64)},
                "pickup": {"branch_code": code, "branch": bname, "at": pu}, "return": {"branch_code": code, "branch": bname, "at": ret},
                "vehicle": {"class": cls, "example": model, "seats": seats, "bags": bags},
                "rate": {"daily": daily, "days": days, "currency": cur, "prepaid": prepaid},
                "extras": extras, "taxes_and_fees": taxes,
                "estimated_total": round(daily * days + ext_total + taxes, 2),
                "cancellation": {"free_until": stamp(start - dt.timedelta(days=1), ph, int(pu[14:16]), off) if prepaid else None,
                                 "fee_after": 50.0 if prepaid else 0.0},
                "mileage": {"policy": r.choice(["unlimited", "limited"]), "miles_per_day": 200, "overage_per_mile": 0.25},
                "agreement_url": ag}

    # ------------------------------------------------------------------ intents
    def compare(self, ctx):
        r, today = ctx.r, ctx.today
        code, bname, off, cur = r.choice([b for b in BRANCHES if b[3] == "USD"])
        start = today + dt.timedelta(days=r.randint(5, 40))
        days = r.randint(3, 7)
        h = r.choice([9, 10, 12])
        pu = f"{start.isoformat()}T{h:02d}:00"
        rt = f"{(start + dt.timedelta(days=days)).isoformat()}T{h:02d}:00"
        classes = r.sample(["economy", "compact", "midsize", "suv", "minivan"], 3)
        offers = []
        for c in classes:
            model, seats, bags, base = CLASSES[c]
            daily = round(base * r.uniform(0.85, 1.25), 2)
            lim = r.choice([None, None, 150, 200])
            tax = round(daily * days * 0.1725, 2)
            offers.append({"offer_id": f"OF-{r.upalnum(6)}", "class": c, "example": model, "seats": seats, "bags": bags,
                           "daily_rate": daily, "days": days, "base_total": round(daily * days, 2), "taxes_and_fees": tax,
                           "total": round(daily * days + tax, 2),
                           "mileage": {"unlimited": lim is None, "miles_per_day": lim, "overage_per_mile": 0.25 if lim else None},
                           "pay_now_discount_pct": r.choice([0, 10, 15])})
        offers.sort(key=lambda o: o["total"])
        res = {"branch": {"code": code, "name": bname}, "pickup_at": pu, "return_at": rt, "currency": cur, "offers": offers}
        args = {"pickup_location": code, "pickup_at": pu, "return_at": rt}
        if r.random() < 0.5:
            args["vehicle_class"] = "any"
        if r.random() < 0.4:
            args["driver_age"] = r.randint(25, 60)
        sv = Call("search_vehicles", args, res)
        req = r.choice([f"What can I get at {code} from {start.isoformat()} {h}:00 for {days} days? Cheapest first please.",
                        f"Compare cars at {bname} ({code}), pickup {pu.replace('T', ' ')}, return {rt.replace('T', ' ')}.",
                        f"Need a car at {code} {pu.replace('T', ' ')} to {rt.replace('T', ' ')}. Which is the best deal?"])
        cheap, mid, top = offers
        diff = round(top["total"] - cheap["total"], 2)
        a = A()
        lead(a, r, p=0.3)
        style = r.choice(["table", "bullets", "prose"])
        lim_txt = lambda o: "unlimited miles" if o["mileage"]["unlimited"] else f"{o['mileage']['miles_per_day']} mi/day"
        lim_bad = lambda o: f"{o['mileage']['miles_per_day'] + 100} mi/day" if not o["mileage"]["unlimited"] else "150 mi/day"
        seats_hi = max(offers, key=lambda o: o["seats"])
        if style == "table":
            a(f"Three options at {bname} for ").x(plural(days, "day"), num=plural(days + 1, "day")).t(" (").x(day_of(start), tmp=day_of(start + dt.timedelta(days=1))).t(" to ").x(day_of(start + dt.timedelta(days=days)), tmp=day_of(start + dt.timedelta(days=days + 2))).t("):\n\n")
            a("| Class | Car | Per day | Total incl. tax | Mileage |\n|---|---|---|---|---|\n")
            for o in offers:
                oth = [x for x in offers if x is not o][0]
                a("| ").t(o["class"].title() if o["class"] != "suv" else "SUV").t(" | ").x(o["example"], ent=r.choice(OTHER_MODELS)).t(" | ").x(money(o["daily_rate"]), num=money(nudge(o["daily_rate"], r, 0.1, 0.3)), conf=("numerical", money(oth["daily_rate"])))
                a(" | ").x(money(o["total"]), num=money(nudge(o["total"], r, 0.08, 0.25))).t(" | ").x(lim_txt(o), num=lim_bad(o) if not o["mileage"]["unlimited"] else None, val="150 mi/day" if o["mileage"]["unlimited"] else "unlimited miles").t(" |\n")
            a("\nThe ").t(cheap["class"] if cheap["class"] != "suv" else "SUV").t(" is the ").x("cheapest", rel="most expensive").t(" at ").x(money(cheap["total"]), num=money(nudge(cheap["total"], r, 0.08, 0.2))).t(" all in — ").x(money(diff), num=money(nudge(diff, r, 0.15, 0.4))).t(" less than the ").t(top["class"] if top["class"] != "suv" else "SUV").pc().t(".").p()
            pnd = [o for o in offers if o["pay_now_discount_pct"]]
            if pnd:
                o = pnd[0]
                sv_amt = round(o["base_total"] * o["pay_now_discount_pct"] / 100, 2)
                a(" Paying now knocks ").x(f"{o['pay_now_discount_pct']}%", num=f"{o['pay_now_discount_pct'] + 5}%").t(" off the ").t(o["class"] if o["class"] != "suv" else "SUV").t("'s base rate — ").x(about_money(sv_amt), num=about_money(sv_amt * 1.6)).t(" saved.").p()
            a.pp()
            tail(a, r, p=0.5, sep="\n\n", own=["Want me to hold one of these for you?", "Should I check a different pickup time?"])
        elif style == "bullets":
            a("Cheapest first, totals including taxes and fees:\n")
            for o in offers:
                a("\n- **").t(o["class"].title() if o["class"] != "suv" else "SUV").t("** (").x(o["example"], ent=r.choice(OTHER_MODELS)).t("): ").x(money(o["total"]), num=money(nudge(o["total"], r, 0.08, 0.25)), conf=("numerical", money([x for x in offers if x is not o][0]["total"]))).t(", ").x(f"{o['seats']} seats", num=f"{o['seats'] + 2} seats").t(", ").x(lim_txt(o), val="150 mi/day" if o["mileage"]["unlimited"] else "unlimited miles").pb()
            allowance = [o for o in offers if not o["mileage"]["unlimited"]]
            if allowance:
                o = allowance[0]
                tot_mi = o["mileage"]["miles_per_day"] * days
                a("\n\nThe ").t(o["class"] if o["class"] != "suv" else "SUV").t(" has a mileage cap: ").x(f"{fnum(tot_mi)} miles", num=f"{fnum(tot_mi + 250)} miles").t(" over the ").t(plural(days, "day")).t(", then ").x("$0.25", num="$0.35").t(" a mile.").pp()
            if sum(1 for o in offers if o["seats"] == seats_hi["seats"]) == 1:
                a("\n\nIf you need room for ").x(f"{seats_hi['seats']} people", num=f"{seats_hi['seats'] + 1} people").t(", the ").t(seats_hi["class"] if seats_hi["class"] != "suv" else "SUV").t(" is the ").x("only", neg="not the").t(" one that fits.").pp()
            tail(a, r, p=0.4, sep="\n\n")
        else:
            a("The best price is the ").x(cheap["class"] if cheap["class"] != "suv" else "SUV", val=mid["class"] if mid["class"] != "suv" else "SUV").t(" (").t(cheap["example"]).t(") at ").x(money(cheap["daily_rate"]), num=money(nudge(cheap["daily_rate"], r, 0.1, 0.3)), conf=("numerical", money(mid["daily_rate"]))).t(" a day, ")
            a.x(money(cheap["total"]), num=money(nudge(cheap["total"], r, 0.08, 0.25))).t(" for the whole ").x(plural(days, "day"), num=plural(days + 2, "day")).t(" with tax").pc().t(".").p()
            a(" Next up is the ").t(mid["class"] if mid["class"] != "suv" else "SUV").t(" at ").x(money(mid["total"]), num=money(nudge(mid["total"], r, 0.08, 0.25))).t(", and the ").t(top["class"] if top["class"] != "suv" else "SUV").t(" is ").x("the priciest", rel="the cheapest").t(" at ").t(money(top["total"])).t(".").p()
            avg = sum(o["daily_rate"] for o in offers) / 3
            a(" Across the three, the average daily rate is ").x(about_money(avg), num=about_money(avg + 9)).t(".").p()
            if cheap["mileage"]["unlimited"]:
                a(" The cheapest one ").x("comes with", neg="doesn't come with").t(" unlimited miles, too.").p()
            else:
                a(" Watch the mileage on the cheapest one: it's capped at ").x(f"{cheap['mileage']['miles_per_day']} miles a day", num=f"{cheap['mileage']['miles_per_day'] + 50} miles a day").t(".").p()
            tail(a, r, p=0.5, own=["Want me to book the cheapest one?"])
        a.ins("claim", "All three come with free cancellation up to pickup.")
        a.ins("claim", f"The {top['class'] if top['class'] != 'suv' else 'SUV'} is usually a hybrid at this branch.")
        a.ins("claim", "Drivers under 30 pay a daily surcharge on top of these rates.")
        a.ins("behavior", f"I've put a 24-hour hold on the {cheap['class'] if cheap['class'] != 'suv' else 'SUV'} so the rate doesn't change.")
        a.ins("behavior", "I applied your member discount to these totals.")
        a.ins("elab", "because demand at this branch spikes on weekends", clause=True)
        a.ins("elab", "since airport branches add a concession recovery fee", clause=True)
        a.ins("elab", "Rates at airport branches usually drop if you book more than two weeks out.")
        a.ins("cite", f"The quote is saved as QT-{r.upalnum(7)}.")
        return Plan(req, [Turn([sv])], a)

    def reservation(self, ctx):
        r, today = ctx.r, ctx.today
        rs = self.res(r, today)
        cn = rs["confirmation_number"]
        pu = dt.datetime.fromisoformat(rs["pickup"]["at"])
        rt = dt.datetime.fromisoformat(rs["return"]["at"])
        days = rs["rate"]["days"]
        cur = rs["rate"]["currency"]
        gr = Call("get_reservation", {"confirmation_number": cn}, rs)
        history = None
        if ctx.followup:
            lst = {"reservations": [{"confirmation_number": cn, "pickup_at": rs["pickup"]["at"], "branch": rs["pickup"]["branch"], "status": "confirmed"}]}
            history = History().user("Do I have any rentals coming up?")
            history.call([Call("list_reservations", {"status": "upcoming"}, lst)])
            history.reply(f"Yes, one: {cn}, picking up at {rs['pickup']['branch']} on {day_of(pu.date())}.")
            req = r.choice(["What did I book exactly, and what's it going to cost?", "remind me of the details for that one?"])
        else:
            req = r.choice([f"Can you give me the details of reservation {cn}?", f"What's the total for {cn}, and when do I pick up?",
                            f"details for booking {cn} pls"])
        until = (pu.date() - today).days
        ext = rs["extras"]
        ext_total = round(sum(e["daily"] for e in ext) * days, 2)
        base = round(rs["rate"]["daily"] * days, 2)
        a = A()
        lead(a, r, p=0.3)
        cls_name = rs["vehicle"]["class"] if rs["vehicle"]["class"] != "suv" else "SUV"
        oth_cls = r.choice([c for c in ["economy", "compact", "midsize", "minivan", "full-size"] if c != rs["vehicle"]["class"]])
        a("You're booked for ").x(f"an {cls_name}" if cls_name[0] in "aeiouAEIOUS" else f"a {cls_name}", val=f"a {oth_cls}" if oth_cls[0] not in "aeiou" else f"an {oth_cls}").t(" (").x(rs["vehicle"]["example"], ent=r.choice(OTHER_MODELS)).t(") from ")
        a.x(rs["pickup"]["branch"], ent=r.choice(OTHER_BRANCHES)).t(":\n\n")
        a("- **Pick up:** ").x(f"{day_of(pu.date())}, {hm12(pu)}", tmp=f"{day_of(pu.date() + dt.timedelta(days=1))}, {hm12(pu)}").pb()
        a("\n- **Return:** ").x(f"{day_of(rt.date())}, {hm12(rt)}", tmp=f"{day_of(rt.date())}, {hm12(rt + dt.timedelta(hours=r.choice([2, 3])))}").t(" (").x(plural(days, "day"), num=plural(days + 1, "day")).t(")").pb()
        a("\n- **Rate:** ").x(money(rs["rate"]["daily"], cur), num=money(nudge(rs["rate"]["daily"], r, 0.1, 0.3), cur)).t(" a day → ").x(money(base, cur), num=money(nudge(base, r, 0.1, 0.3), cur)).pb()
        if ext:
            names = " and ".join(e["description"] for e in ext)
            a("\n- **Extras:** ").t(names).t(", ").x(money(ext_total, cur), num=money(nudge(ext_total, r, 0.2, 0.5), cur)).t(" for the trip").pb()
        a("\n- **Estimated total:** ").x(money(rs["estimated_total"], cur), num=money(nudge(rs["estimated_total"], r, 0.05, 0.15), cur), conf=("numerical", money(base, cur))).t(" including ").x(money(rs["taxes_and_fees"], cur), num=money(nudge(rs["taxes_and_fees"], r), cur)).t(" taxes and fees").pb()
        a("\n\nPickup is ").x(f"{plural(until, 'day')} away", num=f"{plural(until + r.choice([2, 3]), 'day')} away").t(".").p()
        if rs["rate"]["prepaid"]:
            fu = dt.datetime.fromisoformat(rs["cancellation"]["free_until"])
            if r.random() < 0.6:
                a(" The booking's ").x("`cancellation.free_until`", attr=r.choice(["`cancellation.deadline`", "`free_cancel_by`", "`refund_cutoff`"])).t(" is the cutoff that matters.")
            a(" Because it's prepaid, you ").x("can", neg="can't").t(" cancel free until ").x(f"{day_of(fu.date())} at {hm12(fu)}", tmp=f"{day_of(fu.date() - dt.timedelta(days=2))} at {hm12(fu)}").t("; after that there's a ").x(money(50, cur), num=money(75, cur)).t(" fee.").p()
        else:
            a(" It's ").x("pay at the counter", val="prepaid").t(", so nothing has been charged yet").pc().t(".").p()
        if rs["mileage"]["policy"] == "unlimited":
            a(" Mileage is ").x("unlimited", val="capped at 200 miles a day").t(".").p()
        else:
            cap = rs["mileage"]["miles_per_day"] * days
            a(" Mileage is capped at ").x(f"{fnum(cap)} miles in total", num=f"{fnum(cap + 300)} miles in total").t(" (200 a day), then $0.25 a mile.").p()
        if r.random() < 0.35:
            a(" (Confirmation ").x(cn, fid=mutate_id(cn, r)).t(".)").p()
        a.pp()
        tail(a, r, p=0.45, sep="\n\n", own=["Want me to pull up the rental agreement too?", "Need directions to the branch?"])
        a.ins("claim", "The branch offers a free shuttle from the terminal every 10 minutes.")
        a.ins("claim", "Your rate includes collision damage coverage.")
        a.ins("claim", "Early returns are refunded for any unused full days.")
        a.ins("behavior", "Done — you're on express pickup now, so you can skip the counter.")
        a.ins("behavior", "I upgraded the booking to the next class at no extra cost.")
        a.ins("elab", "because the booking was made under a corporate rate", clause=True)
        a.ins("elab", "Airport branches tend to have the longest counter queues before 10am.")
        a.ins("cite", f"Your pickup barcode reference is PK-{r.digits(8)}.")
        return Plan(req, [Turn([gr])], a, history.msgs if history else None)

    def agreement(self, ctx):
        r, today = ctx.r, ctx.today
        rs = self.res(r, today)
        cn, cur = rs["confirmation_number"], rs["rate"]["currency"]
        daily = rs["rate"]["daily"]
        grace = r.choice([29, 30, 59])
        hourly_frac = r.choice([3, 4])
        refuel = r.choice([8.49, 9.25, 9.99]) if cur == "USD" else r.choice([2.29, 2.49])
        unit = "gallon" if cur == "USD" else "litre"
        add_drv = r.choice([13.0, 15.0])
        young = r.choice([25.0, 29.0])
        text = (f"VANTAGE RENTAL AGREEMENT — TERMS AND CONDITIONS\nReservation {cn}\n\n"
                f"1. Definitions. \"Rental Period\" runs from the pickup time to the time the vehicle is returned.\n\n"
                f"2. Authorized drivers.\n2.1 Only the renter and drivers listed at the counter may drive.\n"
                f"2.2 Each additional driver costs {money(add_drv, cur)} per day; a spouse or domestic partner is added at no charge.\n"
                f"2.3 Drivers aged 21 to 24 pay a young driver fee of {money(young, cur)} per day.\n\n"
                f"3. Return.\n3.1 A grace period of {grace} minutes applies to late returns.\n"
                f"3.2 After the grace period, each additional hour is charged at one-{'third' if hourly_frac == 3 else 'quarter'} of the daily rate, up to one full day's rate.\n"
                f"3.3 Returning to a different branch without prior agreement incurs a fee of {money(150, cur)}.\n\n"
                f"4. Fuel.\n4.1 The vehicle is supplied with a full tank and must be returned full.\n"
                f"4.2 Missing fuel is charged at {money(refuel, cur)} per {unit}.\n\n"
                f"5. Mileage.\n5.1 Mileage terms are as shown on the reservation.\n\n"
                f"6. Cancellation.\n6.1 Prepaid reservations cancelled more than 24 hours before pickup are refunded less a {money(50, cur)} fee.\n"
                f"6.2 Prepaid reservations cancelled within 24 hours of pickup, or not collected, are not refunded.\n")
        gr = Call("get_reservation", {"confirmation_number": cn}, rs)
        ga = Call("get_rental_agreement", {"agreement_url": rs["agreement_url"]}, text)
        topic = r.choice(["late", "late", "driver", "fuel"])
        rt = dt.datetime.fromisoformat(rs["return"]["at"])
        history = None
        if topic == "late":
            late_h = r.choice([2, 3, 4, 5])
            while abs(late_h * round(rs["rate"]["daily"] / hourly_frac, 2) - rs["rate"]["daily"]) < 3:
                late_h += 1
            new_rt = rt + dt.timedelta(hours=late_h)
            q = f"If I bring the car back at {hm12(new_rt)} instead of {hm12(rt)}, what will that cost?"
        elif topic == "driver":
            q = r.choice(["Can my brother drive it too? What does that cost?", "I want to add my friend as a second driver — how much?"])
        else:
            q = r.choice(["What happens if I return it without filling up?", "Do I have to refill the tank before returning it?"])
        if ctx.followup:
            history = History().user(f"Can you check reservation {cn}?")
            history.call([gr])
            history.reply(f"Found it — {rs['vehicle']['class']} from {rs['pickup']['branch']}, returning {day_of(rt.date())} at {hm12(rt)}.")
            req = q
            turns = [Turn([ga])]
        else:
            req = f"Reservation {cn}: {q[0].lower() + q[1:]}"
            turns = [Turn([gr]), Turn([ga])]
        fs = lambda real: r.choice([s for s in ["3.4", "2.5", "4.3", "7.1", "5.2", "6.4", "8"] if s != real])
        a = A()
        lead(a, r, p=0.3)
        if topic == "late":
            billable = late_h
            hour_rate = round(daily / hourly_frac, 2)
            cost = round(min(billable * hour_rate, daily), 2)
            capped = billable * hour_rate >= daily
            a("Under clause ").x("3.1", sec=fs("3.1")).t(" you get a ").x(f"{grace}-minute", num=f"{grace + 30}-minute").t(" grace period, and after that clause ").x("3.2", sec=fs("3.2")).t(" charges each extra hour at one-").t("third" if hourly_frac == 3 else "quarter").t(" of your ")
            a.x(money(daily, cur), num=money(nudge(daily, r, 0.1, 0.3), cur)).t(" daily rate (").x(money(hour_rate, cur), num=money(nudge(hour_rate, r, 0.15, 0.35), cur)).t(" an hour), capped at one full day.").p()
            a("\n\nComing back ").x(plural(late_h, "hour"), num=plural(late_h + 1, "hour")).t(" late means ").x(plural(billable, "billable hour"), num=plural(billable + 1, "billable hour")).t(", so expect about ")
            if capped:
                a.x(money(cost, cur), num=money(nudge(cost, r, 0.2, 0.4), cur)).t(" — the cap kicks in, so it's the same as ").x("one extra day", num="two extra days").t(".").p()
            else:
                a.x(money(cost, cur), num=money(nudge(cost, r, 0.2, 0.4), cur), conf=("numerical", money(daily, cur))).t(", which is ").x("less", rel="more").t(" than a full extra day").pc().t(".").p()
                a.ins("elab", "because the car is often booked again the same afternoon", clause=True)
            a(" Taxes would apply on top.").pp()
            tail(a, r, p=0.5, sep="\n\n", own=["Want me to see whether extending the reservation would be cheaper?"])
        elif topic == "driver":
            days = rs["rate"]["days"]
            tot = round(add_drv * days, 2)
            a("Yes, as long as they're added at the counter (clause ").x("2.1", sec=fs("2.1")).t("). An additional driver is ").x(money(add_drv, cur), num=money(add_drv + 4, cur)).t(" a day (").x("2.2", sec=fs("2.2")).t("), so for your ")
            a.x(plural(days, "day"), num=plural(days + 1, "day")).t(" rental that's ").x(money(tot, cur), num=money(nudge(tot, r, 0.15, 0.4), cur)).t(".").p()
            a(" A spouse or domestic partner ").x("is", neg="isn't").t(" added free, though").pc().t(".").p()
            a(" If they're between 21 and 24, there's also a young driver fee of ").x(money(young, cur), num=money(young + 10, cur)).t(" per day (").x("2.3", sec=fs("2.3")).t(").").p()
            tail(a, r, p=0.5, own=["They'll need their licence with them at pickup."])
        else:
            tank = r.choice([12, 14, 16]) if cur == "USD" else r.choice([50, 55, 60])
            quarter = tank / 4
            cost_q = round(quarter * refuel, 2)
            a("It needs to come back full — clause ").x("4.1", sec=fs("4.1")).t(". If it isn't, missing fuel is billed at ").x(f"{money(refuel, cur)} per {unit}", num=f"{money(refuel + 1.5 if cur == 'USD' else refuel + 0.6, cur)} per {unit}").t(" (").x("4.2", sec=fs("4.2")).t(").").p()
            a(" There ").x("isn't", neg="is").t(" a separate flat refuelling fee in the agreement").pc().t(".").p()
            a(" For a sense of scale, ").t(f"if the tank holds about {tank} {unit}s, ").t("a quarter tank short would be roughly ").x(about_money(cost_q, cur), num=about_money(cost_q * 1.5, cur)).t(".").p()
            tail(a, r, p=0.5, own=["Want me to find a gas station near the return branch?"] if cur == "USD" else ["Want the nearest fuel stop to the branch?"])
        a.ins("claim", "Late fees are waived once per year for Vantage Gold members.")
        a.ins("claim", "The grace period doesn't apply to one-way rentals.")
        a.ins("claim", f"The {rs['pickup']['branch']} branch closes at 10pm, after which returns go in the key drop.")
        a.ins("behavior", "I went ahead and noted the later return time on your reservation.")
        a.ins("behavior", "I've added the second driver to your booking.")
        a.ins("elab", "which matches what most airport branches charge", clause=True)
        a.ins("cite", f"Clause 9.4 of the agreement covers the details.")
        a.ins("cite", f"The full fee schedule is at {AGREE}/fees-{r.upalnum(6)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def invoice(self, ctx):
        r, today = ctx.r, ctx.today
        code, bname, off, cur = r.choice(BRANCHES)
        cls = r.choice(list(CLASSES))
        model = CLASSES[cls][0]
        days = r.randint(2, 6)
        start = today - dt.timedelta(days=days + r.randint(1, 5))
        ph = r.choice([9, 10, 11, 13])
        pu = dt.datetime.fromisoformat(stamp(start, ph, r.choice([0, 15, 30]), off))
        due = pu + dt.timedelta(days=days)
        late_min = r.choice([0, 0, 20, 95, 140])
        back = due + dt.timedelta(minutes=late_min)
        metric = cur == "CAD"
        odo_out = r.randint(12000, 48000)
        dist = r.randint(180, 1400)
        odo_in = odo_out + dist
        daily = round(CLASSES[cls][3] * r.uniform(0.9, 1.2), 2)
        lines = [{"code": "TM", "description": f"Time & mileage, {days} days", "quantity": days, "rate": daily, "amount": round(daily * days, 2)}]
        fuel_out, fuel_in = 8, r.choice([8, 8, 6, 5])
        if fuel_in < 8:
            tank = 55 if metric else 14
            miss = round(tank * (8 - fuel_in) / 8, 1)
            price = 2.49 if metric else 9.25
            lines.append({"code": "FUEL", "description": f"Refuel, {miss} {'L' if metric else 'gal'}", "quantity": miss, "rate": price, "amount": round(miss * price, 2)})
        if late_min > 59:
            hrs = late_min // 60
            lines.append({"code": "LATE", "description": f"Late return, {hrs} h", "quantity": hrs, "rate": round(daily / 3, 2), "amount": round(hrs * round(daily / 3, 2), 2)})
        if r.random() < 0.6:
            lines.append({"code": "TOLL", "description": "Tolls (3 crossings)", "quantity": 3, "rate": None, "amount": round(r.uniform(6, 24), 2)})
        sub = round(sum(l["amount"] for l in lines), 2)
        tax = round(sub * 0.12, 2)
        total = round(sub + tax, 2)
        est = round(daily * days * 1.12, 2)
        an = f"RA{r.digits(9)}"
        inv = {"agreement_number": an, "status": "closed", "currency": cur, "branch": {"code": code, "name": bname},
               "vehicle": {"class": cls, "model": model.replace(" or similar", ""), "plate": f"{r.upper(3)} {r.digits(4)}"},
               "pickup_at": pu.isoformat(), "due_back_at": due.isoformat(), "returned_at": back.isoformat(),
               "odometer": {"unit": "km" if metric else "mi", "out": odo_out, "in": odo_in},
               "fuel_level_eighths": {"out": fuel_out, "in": fuel_in},
               "charges": lines, "subtotal": sub, "tax": tax, "total": total, "estimate_at_pickup": est,
               "payment": {"card": f"visa ••{r.digits(4)}", "charged_currency": "USD" if metric else cur}}
        if metric:
            inv["payment"]["fx_rate_cad_usd"] = fx = r.choice([0.7312, 0.7268, 0.7395])
            inv["payment"]["charged_amount"] = round(total * fx, 2)
        gi = Call("get_final_invoice", {"agreement_number": an} if r.random() < 0.7 else {"agreement_number": an, "include_receipt_pdf": False}, inv)
        req = r.choice([f"Why is my final bill for {an} higher than the estimate?", f"Can you explain the charges on rental {an}?",
                        f"How far did I drive on {an}, and what did it cost in the end?"])
        a = A()
        lead(a, r, p=0.3)
        over = round(total - est, 2)
        unit = "km" if metric else "miles"
        a("Rental ").x(an, fid="RA" + mutate_id(an[2:], r)).t(" came to ").x(money(total, cur), num=money(nudge(total, r, 0.06, 0.2), cur), conf=("numerical", money(est, cur))).t(" including ").x(money(tax, cur), num=money(nudge(tax, r), cur)).t(" tax")
        if abs(over) >= 0.01:
            a(", which is ").x(money(abs(over), cur), num=money(nudge(abs(over), r, 0.2, 0.5), cur)).t(" ").x("more" if over > 0 else "less", rel="less" if over > 0 else "more").t(" than the ").t(money(est, cur)).t(" estimate at pickup")
        a.pc().t(".").p()
        if metric:
            usd = inv["payment"]["charged_amount"]
            a(" Your card was charged in US dollars: at the ").x(f"{inv['payment']['fx_rate_cad_usd']:.4f}", num=f"{inv['payment']['fx_rate_cad_usd'] + 0.021:.4f}").t(" rate on the invoice that's ").x(money(usd), num=money(nudge(usd, r, 0.06, 0.2))).t(".").p()
        a("\n\n")
        a("- **Distance:** ").x(f"{fnum(dist)} {unit}", num=f"{fnum(nudge(dist, r, 0.15, 0.4, dec=0))} {unit}")
        if metric:
            a(" (about ").x(f"{fnum(round(dist * 0.621371))} miles", num=f"{fnum(round(dist * 0.621371 * 1.3))} miles").t(")")
        if r.random() < 0.55:
            a(", from the ").x("`odometer.out`", attr=r.choice(["`odometer_start`", "`mileage.out`", "`odo_pickup`"])).t(" and ").t("`odometer.in`").t(" readings (").t(fnum(odo_out)).t(" → ").t(fnum(odo_in)).t(")").pb()
        else:
            a(", odometer ").t(fnum(odo_out)).t(" → ").t(fnum(odo_in)).pb()
        for l in lines:
            if l["code"] == "TM":
                a("\n- **Time & mileage:** ").x(plural(days, "day"), num=plural(days + 1, "day")).t(" × ").x(money(daily, cur), num=money(nudge(daily, r, 0.1, 0.25), cur)).t(" = ").t(money(l["amount"], cur)).pb()
            elif l["code"] == "FUEL":
                a("\n- **Fuel:** it went out full and came back at ").x(f"{fuel_in}/8", num=f"{fuel_in - 2}/8")
                if r.random() < 0.6:
                    a(" (").x("`fuel_level_eighths.in`", attr=r.choice(["`fuel_return_level`", "`fuel_in_pct`", "`tank_level.in`"])).t(")")
                a(", so ").x(f"{l['quantity']} {'litres' if metric else 'gallons'}", num=f"{round(l['quantity'] * 1.5, 1)} {'litres' if metric else 'gallons'}").t(" were charged at ").t(money(l["rate"], cur)).t(" — ").x(money(l["amount"], cur), num=money(nudge(l["amount"], r, 0.2, 0.4), cur)).pb()
            elif l["code"] == "LATE":
                a("\n- **Late return:** returned ").x(hm12(back), tmp=hm12(back - dt.timedelta(minutes=late_min))).t(", ").x(dur_text(late_min), num=dur_text(late_min + 60)).t(" after the ").t(hm12(due)).t(" due time, billed as ").x(plural(l["quantity"], "hour"), num=plural(l["quantity"] + 1, "hour")).t(" (").t(money(l["amount"], cur)).t(")").pb()
            else:
                a("\n- **Tolls:** ").x(money(l["amount"], cur), num=money(nudge(l["amount"], r, 0.2, 0.5), cur)).t(" for ").x("three", num="five").t(" crossings").pb()
        if not any(l["code"] == "FUEL" for l in lines):
            a("\n\nThere ").x("was no", neg="was a").t(" fuel charge — it came back full.").pp()
        if late_min and late_min <= 59:
            a("\n\nYou returned it ").x(plural(late_min, "minute"), num=plural(late_min + 45, "minute")).t(" after the due time, and ").x("no late charge was added", neg="a late charge was added").t(" for that.").pp()
        tail(a, r, p=0.4, sep="\n\n", own=["Want a copy of the receipt emailed over?", "If any of these look wrong, I can help you open a billing review."])
        a.ins("claim", "The toll charges include a $3.95 daily service fee for the toll pass.")
        a.ins("claim", "Fuel is charged at a discounted rate for Vantage members.")
        a.ins("claim", "The estimate at pickup didn't include tax, which explains most of the difference.")
        a.ins("behavior", "I've disputed the fuel charge with the branch for you.")
        a.ins("behavior", "The itemized receipt is on its way to the address on file; I sent it a moment ago.")
        if any(l["code"] == "TOLL" for l in lines):
            a.ins("elab", "since tolls are billed by the plate-reading system a few days later", clause=True)
        else:
            a.ins("elab", "because the estimate was based on last season's rate card", clause=True)
        a.ins("elab", "Refuel charges are the most common reason final bills exceed the estimate.")
        a.ins("cite", f"The billing review case for this rental is BR-{r.digits(7)}.")
        return Plan(req, [Turn([gi])], a)


def dur_text(minutes):
    h, m = divmod(minutes, 60)
    if h and m:
        return f"{h} h {m} min"
    if h:
        return plural(h, "hour")
    return f"{m} min"
