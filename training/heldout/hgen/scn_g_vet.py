"""vet_practice (set g): vaccination status per pet, booking a visit (slot taken by design), treatment estimates with
low/high ranges, and discharge care sheets fetched by URL."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_bool, s_date, s_int, s_obj, s_str
from .gstyle import Pen, pct, usd, vet

BASE = "https://api.pawsworth-vets.example/v2"
CARE = "https://care.pawsworth-vets.example/sheets"
PETS = [("Biscuit", "dog", "Beagle"), ("Miso", "cat", "Domestic Shorthair"), ("Juniper", "dog", "Border Collie"),
        ("Pickles", "cat", "Maine Coon"), ("Otis", "dog", "Labrador Retriever"), ("Nori", "cat", "Siamese"),
        ("Waffles", "dog", "Corgi"), ("Pepper", "dog", "Mini Schnauzer")]
VETS = ["Dr. Amara Osei", "Dr. Liam Kowalczyk", "Dr. Priya Natarajan", "Dr. Hannah Brooks"]
OTHER_VETS = ["Dr. Felix Moreau", "Dr. Sanne de Vries", "Dr. Marcus Hale"]
CLINICS = {"eastside": "Eastside", "riverside": "Riverside", "northgate": "Northgate"}
DOG_VAX = [("Rabies (3-yr)", 1095), ("DHPP", 1095), ("Leptospirosis", 365), ("Bordetella", 365), ("Lyme", 365)]
CAT_VAX = [("Rabies (1-yr)", 365), ("FVRCP", 1095), ("FeLV", 365)]
OWNERS = ["Dana Whitfield", "Marco Bellini", "Ruth Okafor", "Sam Lindqvist", "Yuki Tanaka", "Grace Mbeki"]


class VetPractice(Scenario):
    name = "vet_practice"
    agent = "Tails"
    service = "pawsworth-vet-assistant"
    system = ("You are Tails, the client assistant for Pawsworth Veterinary Group (Eastside, Riverside and Northgate "
              "clinics). Use the tools to look up clients, pets, vaccinations, appointments, estimates and discharge "
              "care sheets. Amounts are USD. Never give medical advice beyond what the records and care sheets say.")
    error_style = 1
    entity_noun = {"client_id": "Client", "pet_id": "Pet", "slot_id": "Slot", "estimate_id": "Estimate",
                   "visit_id": "Visit", "sheet_url": "Care sheet"}
    preambles = ["Let me pull the chart.", "Checking the records.", "One moment — looking that up."]

    def __init__(self):
        self.tools = [
            Tool("get_client", "Client record with the pets on file.",
                 s_obj({"client_id": s_str("Client ID, e.g. 'CL-20418'.", pattern=r"^CL-\d{5}$")}, ["client_id"]),
                 entity={"client_id": "id"}, http=BASE, extra=[("include_inactive", True)]),
            Tool("get_vaccinations", "Vaccination history and due dates for one pet.",
                 s_obj({"pet_id": s_str("Pet ID from get_client, e.g. 'P-311907'.", pattern=r"^P-\d{6}$"),
                        "include_expired": s_bool("Include lapsed vaccines.")}, ["pet_id"]),
                 entity={"pet_id": "id"}, http=BASE, extra=[("species", "dog")]),
            Tool("find_slots", "Open appointment slots at a clinic.",
                 s_obj({"clinic": s_str("Clinic.", enum=list(CLINICS)),
                        "service": s_str("Visit type.", enum=["wellness", "vaccine", "dental", "sick"]),
                        "from_date": s_date("First day to search (YYYY-MM-DD)."),
                        "days": s_int("Days to search.", 1, 14)}, ["clinic", "service", "from_date"]),
                 http=BASE, extra=[("vet_name", "any")]),
            Tool("book_appointment", "Book a slot from find_slots for a pet.",
                 s_obj({"slot_id": s_str("Slot ID from find_slots.", pattern=r"^SL-[A-Z]{2}\d{5}$"),
                        "pet_id": s_str("Pet ID.", pattern=r"^P-\d{6}$"),
                        "reason": s_str("Short reason for the visit.", min_len=3, max_len=120)},
                       ["slot_id", "pet_id", "reason"]),
                 entity={"slot_id": "id", "pet_id": "id"}, http=BASE, extra=[("send_sms", True)]),
            Tool("get_estimate", "A treatment estimate with low/high line items.",
                 s_obj({"estimate_id": s_str("Estimate ID, e.g. 'EST-88213'.", pattern=r"^EST-\d{5}$")}, ["estimate_id"]),
                 entity={"estimate_id": "id"}, http=BASE, extra=[("currency", "USD")]),
            Tool("get_visit", "A completed visit with diagnosis, medications and the discharge care-sheet link.",
                 s_obj({"visit_id": s_str("Visit ID, e.g. 'V-5590321'.", pattern=r"^V-\d{7}$")}, ["visit_id"]),
                 entity={"visit_id": "id"}, http=BASE, extra=[("include_labs", True)]),
            Tool("get_care_sheet", "Discharge care sheet (plain text, numbered sections) by URL.",
                 s_obj({"sheet_url": s_str("Care-sheet URL from get_visit.", pattern=r"^https://care\.pawsworth-vets\.example/")},
                       ["sheet_url"]),
                 entity={"sheet_url": "url"}, extra=[("lang", "en")]),
        ]
        self.intents = [("vaccines_due", self.vaccines, True), ("book_visit", self.book, True),
                        ("estimate_range", self.estimate, False), ("care_sheet", self.care, True)]

    # ------------------------------------------------------------------ helpers
    def client(self, r: R):
        cid = f"CL-{r.randint(10000, 99999)}"
        pets = []
        for name, sp, breed in r.sample(PETS, r.choice([1, 2, 2, 3])):
            pets.append({"pet_id": f"P-{r.randint(100000, 999999)}", "name": name, "species": sp, "breed": breed,
                         "weight_kg": round(r.uniform(3.5, 9.0) if sp == "cat" else r.uniform(8, 34), 1),
                         "dob": f"{r.randint(2014, 2023)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"})
        return cid, {"client_id": cid, "name": r.choice(OWNERS), "home_clinic": r.choice(list(CLINICS)), "pets": pets,
                     "balance_due": 0.0}

    # ------------------------------------------------------------------ intents
    def vaccines(self, ctx):
        r, today = ctx.r, ctx.today
        cid, cl = self.client(r)
        pet = r.choice(cl["pets"])
        pool = DOG_VAX if pet["species"] == "dog" else CAT_VAX
        vax = []
        offsets = r.sample([-40, -12, -3, 6, 11, 19, 27, 60, 140, 300], len(pool))
        for (vname, period), off in zip(pool, offsets):
            due = today + dt.timedelta(days=off)
            given = due - dt.timedelta(days=period)
            vax.append({"vaccine": vname, "last_given": given.isoformat(), "valid_until": due.isoformat(),
                        "administered_by": r.choice(VETS),
                        "status": "overdue" if off < 0 else ("due_soon" if off <= 30 else "current")})
        res = {"pet_id": pet["pet_id"], "pet_name": pet["name"], "as_of": today.isoformat(), "vaccinations": vax,
               "status_definitions": {"overdue": "past valid_until", "due_soon": "valid, expires within 30 days",
                                      "current": "valid for more than 30 days"}}
        gc = Call("get_client", {"client_id": cid}, cl)
        args = {"pet_id": pet["pet_id"]}
        if r.random() < 0.5:
            args["include_expired"] = True
        gv = Call("get_vaccinations", args, res)
        history = None
        if ctx.followup:
            history = History().user(f"Can you pull up my account? Client {cid}.")
            history.call([gc])
            history.reply(f"Found it — {len(cl['pets'])} pet(s) on file: " + ", ".join(p["name"] for p in cl["pets"]) + ".")
            req = r.choice([f"Is {pet['name']} behind on any shots?", f"What vaccines does {pet['name']} need soon?"])
            turns = [Turn([gv])]
        else:
            req = r.choice([f"Client {cid} — is {pet['name']} up to date on vaccines?",
                            f"I'm {cid}. Which of {pet['name']}'s vaccines are due?"])
            turns = [Turn([gc]), Turn([gv])]
        w = Pen(r, today)
        over = [v for v in vax if v["status"] == "overdue"]
        soon = [v for v in vax if v["status"] == "due_soon"]
        cur = [v for v in vax if v["status"] == "current"]
        other_names = [n for n, _ in (CAT_VAX if pet["species"] == "dog" else DOG_VAX)]
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        if over:
            a.t(f"{pet['name']} has ").x(f"{len(over)} lapsed", num=f"{len(over) + 1} lapsed").t(" vaccine" + ("s" if len(over) > 1 else "")).t(" and ")
        else:
            a.t(f"Nothing is lapsed for {pet['name']}; ").t("there are ")
        a.x(f"{len(soon)}" if soon else "none", num=f"{len(soon) + 2}").t(" coming due in the next 30 days").pc()
        w.src(a, "the vaccination record", "get_vaccinations")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Vaccine", "Valid until", "Status"])
            for v in vax:
                a("| ").t(v["vaccine"]).t(" | ")
                a.x(w.d(v["valid_until"]), tmp=w.d(dt.date.fromisoformat(v["valid_until"]) + dt.timedelta(days=r.choice([14, 30, 61]))))
                a(" | ")
                label = {"overdue": "overdue", "due_soon": "due soon", "current": "current"}[v["status"]]
                alt = {"overdue": "current", "due_soon": "current", "current": "overdue"}[v["status"]]
                a.x(label, val=alt).t(" |\n")
        else:
            for v in vax:
                a(w.bullet).t(v["vaccine"]).t(" — valid until ")
                a.x(w.d(v["valid_until"]), tmp=w.d(dt.date.fromisoformat(v["valid_until"]) + dt.timedelta(days=r.choice([14, 30, 61]))))
                label = {"overdue": "overdue", "due_soon": "due soon", "current": "current"}[v["status"]]
                alt = {"overdue": "current", "due_soon": "current", "current": "overdue"}[v["status"]]
                a.t(" (").x(label, val=alt).t(")").pb().t("\n")
        if over:
            o = min(over, key=lambda v: v["valid_until"])
            days = (today - dt.date.fromisoformat(o["valid_until"])).days
            a("\nMost overdue: ").x(o["vaccine"], ent=r.choice(other_names)).t(f", lapsed ").x(f"{days} days ago", num=f"{days + 9} days ago")
            a.t(" (`valid_until` = ").t(o["valid_until"]).t(").").p()
        nxt = min(soon + cur, key=lambda v: v["valid_until"]) if (soon or cur) else None
        if nxt:
            a("\nNext to come due is ").x(nxt["vaccine"], conf=("entity", max(soon + cur, key=lambda v: v["valid_until"])["vaccine"]) if len(soon + cur) > 1 else None)
            a.t(", ").x(w.rel(nxt["valid_until"]), tmp=w.d(dt.date.fromisoformat(nxt["valid_until"]) + dt.timedelta(days=7))).t(".")
            a.p()
        last = max(vax, key=lambda v: v["last_given"])
        a("\nThe most recent shot on file was ").t(last["vaccine"]).t(", given by ").x(last["administered_by"], ent=r.choice(OTHER_VETS)).t(".").p()
        a("\n\nIn plain terms, ").x("`status: due_soon`", attr="`status: due_window`").t(" means it's still valid but ")
        a.x("expires within 30 days", num="expires within 60 days").t(", so those ").x("are still covered", neg="are no longer covered").t(" today.")
        w.finish(a, ["Want me to find a vaccine slot?", "Should I book a vaccine visit?"])
        a.ins("claim", f"{pet['name']} is also due for a heartworm test this spring.")
        a.ins("claim", "Booster reminders are sent by text two weeks ahead.")
        a.ins("behavior", "I've added a reminder to your account for the next due date.")
        a.ins("behavior", f"I also emailed the vaccine certificate to {cl['name'].split()[0]}.")
        a.ins("elab", "since the clinic switched to a three-year protocol last year", clause=True)
        a.ins("elab", "Lapsed rabies coverage can also affect boarding.")
        a.ins("cite", f"The reminder reference is RM-{r.randint(100000, 999999)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        cid, cl = self.client(r)
        pet = r.choice(cl["pets"])
        clinic = cl["home_clinic"]
        service = r.choice(["wellness", "vaccine", "dental", "sick"])
        start = today + dt.timedelta(days=r.randint(1, 5))
        slots = []
        for k in range(r.choice([3, 4])):
            d = start + dt.timedelta(days=r.randint(0, 6))
            hh = r.choice([8, 9, 10, 11, 13, 14, 15, 16])
            mm = r.choice([0, 20, 40])
            slots.append({"slot_id": f"SL-{clinic[:2].upper()}{r.randint(10000, 99999)}",
                          "start": f"{d.isoformat()}T{hh:02d}:{mm:02d}:00-05:00", "duration_min": r.choice([20, 30, 40]),
                          "vet": r.choice(VETS), "room": f"Exam {r.randint(1, 6)}"})
        slots.sort(key=lambda s: s["start"])
        fres = {"clinic": clinic, "service": service, "slots": slots, "as_of": today.isoformat()}
        fargs = {"clinic": clinic, "service": service, "from_date": start.isoformat(), "days": 7}
        fs = Call("find_slots", fargs, fres)
        reason = {"wellness": "annual wellness exam", "vaccine": "vaccine boosters", "dental": "dental cleaning",
                  "sick": "limping on the left hind leg"}[service]
        taken = r.random() < 0.5
        first = slots[0]
        target = slots[1] if taken else first
        turns = []
        if taken:
            err = {"booked": False, "reason": "slot_taken", "detail": f"Slot {first['slot_id']} is no longer available."}
            turns.append(Turn([Call("book_appointment", {"slot_id": first["slot_id"], "pet_id": pet["pet_id"], "reason": reason},
                                    err)]))
        conf = {"appointment_id": f"AP-{r.randint(1000000, 9999999)}", "slot_id": target["slot_id"], "pet_id": pet["pet_id"],
                "clinic": clinic, "start": target["start"], "vet": target["vet"], "status": "booked",
                "arrive_minutes_early": r.choice([10, 15]), "deposit_required": service == "dental",
                "deposit_usd": 75.0 if service == "dental" else 0.0}
        turns.append(Turn([Call("book_appointment", {"slot_id": target["slot_id"], "pet_id": pet["pet_id"], "reason": reason}, conf)]))
        gc = Call("get_client", {"client_id": cid}, cl)
        history = None
        if ctx.followup:
            history = History().user(f"Client {cid}. Any {service} openings at {CLINICS[clinic]} this week for {pet['name']}?")
            history.call([gc])
            history.call([fs])
            history.reply(f"{len(slots)} openings; the earliest is {first['start'][:16].replace('T', ' ')} with {first['vet']}.")
            req = r.choice(["Book the earliest one please.", f"Grab the first slot for {pet['name']}."])
        else:
            req = f"Client {cid}: book {pet['name']} for {reason} at {CLINICS[clinic]}, earliest slot from {start.isoformat()}."
            turns = [Turn([gc]), Turn([fs])] + turns
        w = Pen(r, today)
        st = dt.datetime.fromisoformat(target["start"])
        a = A()
        w.opener(a, followup=ctx.followup, p=0.3)
        a.x("Booked", val="Waitlisted").t(f" — {pet['name']}, ").x(w.d(st), tmp=w.d(st + dt.timedelta(days=1))).t(" at ")
        a.x(w.t(st), tmp=w.t(st + dt.timedelta(minutes=60))).t(" with ").x(target["vet"], ent=r.choice(OTHER_VETS))
        a.t(f", {CLINICS[clinic]} clinic").t(".").p()
        if taken:
            a("\n\nThe first opening (").t(w.d(dt.datetime.fromisoformat(first["start"]))).t(" ").t(w.t(dt.datetime.fromisoformat(first["start"]))).t(") ")
            a.x("was taken", neg="was still open").t(" by the time I tried it")
            w.src(a, "the booking response", "book_appointment")
            a.t(", so this is the ").x("next", rel="previous").t(" one on the list.").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Field", "Value"])
            a("| Confirmation | ")
            a.x(w.idf(conf["appointment_id"]), fid=w.idf(f"AP-{r.randint(1000000, 9999999)}")).t(" |\n")
            a("| Length | ").x(f"{target['duration_min']} min", num=f"{target['duration_min'] + 20} min").t(" |\n")
            a("| Room | ").t(target["room"]).t(" |\n")
            a("| Arrive by | ").x(w.t(st - dt.timedelta(minutes=conf["arrive_minutes_early"])), tmp=w.t(st - dt.timedelta(minutes=conf["arrive_minutes_early"] + 15))).t(" |\n")
        else:
            a(w.bullet).t("Confirmation ").x(w.idf(conf["appointment_id"]), fid=w.idf(f"AP-{r.randint(1000000, 9999999)}")).pb().t("\n")
            a(w.bullet).x(f"{target['duration_min']}-minute", num=f"{target['duration_min'] + 20}-minute").t(" visit in ").t(target["room"]).pb().t("\n")
            a(w.bullet).t("Aim to arrive by ").x(w.t(st - dt.timedelta(minutes=conf["arrive_minutes_early"])), tmp=w.t(st - dt.timedelta(minutes=conf["arrive_minutes_early"] + 15)))
            a.t(f" ({conf['arrive_minutes_early']} min early)").pb().t("\n")
        if conf["deposit_required"]:
            a("\nA ").x(usd(conf["deposit_usd"]), num=usd(conf["deposit_usd"] + 50)).t(" deposit ").x("is required", neg="isn't required").t(" for dental bookings.").p()
        else:
            a("\nNo deposit ").x("is needed", neg="is required").t(" for this visit type.").p()
        a("\nRecord status: ").x("`booked`", attr="`confirmed_hold`").t(".")
        w.finish(a, ["Want a reminder the day before?", "Need directions to the clinic?"])
        a.ins("claim", "Parking is free in the clinic lot for the first hour.")
        a.ins("claim", "Appointments cancelled with under 24 hours' notice are billed a $35 fee.")
        a.ins("behavior", "I've sent the intake form to your email as well.")
        a.ins("behavior", f"I've also flagged {pet['name']}'s chart so the vet sees the reason ahead of time.")
        a.ins("elab", "since mornings tend to run on time at that clinic", clause=True)
        a.ins("cite", f"Your check-in code is CHK-{r.randint(10000, 99999)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def estimate(self, ctx):
        r, today = ctx.r, ctx.today
        eid = f"EST-{r.randint(10000, 99999)}"
        name, sp, breed = r.choice(PETS)
        kind = r.choice(["dental", "mass_removal", "cruciate"])
        if kind == "cruciate" and sp == "cat":
            kind = "mass_removal"
        items_pool = {
            "dental": [("Pre-anesthetic bloodwork", 140, 180), ("Anesthesia & monitoring", 280, 420), ("Dental cleaning & polish", 210, 260),
                       ("Extractions", 0, 480), ("Dental X-rays", 160, 220), ("Pain medication (take-home)", 28, 45)],
            "mass_removal": [("Pre-anesthetic bloodwork", 140, 180), ("Anesthesia & monitoring", 300, 460), ("Mass excision", 420, 780),
                             ("Histopathology", 190, 240), ("E-collar", 18, 18), ("Antibiotics (take-home)", 32, 55)],
            "cruciate": [("Radiographs", 260, 340), ("Anesthesia & monitoring", 520, 760), ("TPLO surgery", 3200, 4100),
                         ("Hospitalization (per night)", 180, 360), ("Rehab kit", 65, 65), ("Pain medication (take-home)", 40, 70)],
        }[kind]
        lines = [{"item": n, "low": float(lo), "high": float(hi)} for n, lo, hi in items_pool]
        lo_t = round(sum(l["low"] for l in lines), 2)
        hi_t = round(sum(l["high"] for l in lines), 2)
        dep_pct = r.choice([50, 40])
        weight = round(r.uniform(3.5, 9.0) if sp == "cat" else r.uniform(8, 34), 1)
        valid_days = r.choice([30, 60])
        created = today - dt.timedelta(days=r.randint(1, 12))
        vet_name = r.choice(VETS)
        res = {"estimate_id": eid, "pet": {"name": name, "species": sp, "breed": breed, "weight_kg": weight},
               "procedure": kind, "prepared_by": vet_name, "created": created.isoformat(),
               "valid_until": (created + dt.timedelta(days=valid_days)).isoformat(), "line_items": lines,
               "totals": {"low": lo_t, "high": hi_t}, "deposit_percent_of_high": dep_pct, "status": "awaiting_approval"}
        req = r.choice([f"What's the damage on estimate {eid}?", f"Can you explain estimate {eid} for {name}? What would I pay up front?"])
        w = Pen(r, today)
        dep = round(hi_t * dep_pct / 100, 2)
        big = max(lines, key=lambda l: l["high"])
        small_fixed = [l for l in lines if l["low"] == l["high"]]
        a = A()
        w.opener(a)
        w.lead(a)
        a.t("Estimate ").x(w.idf(eid), fid=w.idf(f"EST-{r.randint(10000, 99999)}")).t(f" for {name} runs ")
        a.x(usd(lo_t, 0), num=usd(bump(lo_t, r, dec=0), 0)).t("–").x(usd(hi_t, 0), num=usd(bump(hi_t, r, dec=0), 0))
        a.pc()
        w.src(a, "the estimate", "get_estimate")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Line item", "Low", "High"])
            for l in lines:
                a("| ").t(l["item"]).t(" | ").t(usd(l["low"], 0)).t(" | ")
                if l is big:
                    a.x(usd(l["high"], 0), num=usd(l["high"] + r.choice([300, 500, 900]), 0)).t(" |\n")
                else:
                    a.t(usd(l["high"], 0)).t(" |\n")
        else:
            for l in lines:
                a(w.bullet).t(l["item"]).t(": ")
                if l["low"] == l["high"]:
                    a.t(f"{usd(l['low'], 0)} flat").pb().t("\n")
                elif l is big:
                    a.t(usd(l["low"], 0)).t("–").x(usd(l["high"], 0), num=usd(l["high"] + r.choice([300, 500, 900]), 0)).pb().t("\n")
                else:
                    a.t(usd(l["low"], 0)).t("–").t(usd(l["high"], 0)).pb().t("\n")
        a("\nThe biggest line is ").x(big["item"], conf=("entity", min(lines, key=lambda l: l["high"])["item"])).t(", up to ").t(usd(big["high"], 0))
        a.t(f" — ").x(f"{big['high'] / hi_t * 100:.0f}%", num=f"{big['high'] / hi_t * 100 + 12:.0f}%").t(" of the high end.").p()
        a("\n\nUp-front deposit: ").x(f"{dep_pct}%", num=f"{dep_pct + 10}%").t(" of the high estimate, so ").x(usd(dep), num=usd(bump(dep, r))).t(".")
        a(" The spread between low and high is ").x(usd(hi_t - lo_t, 0), num=usd(bump(hi_t - lo_t, r, dec=0), 0)).t(".").p()
        a("\n\nThe quote ").x("is still valid", neg="has already expired").t(" — it runs through ").x(w.d(res["valid_until"]), tmp=w.d(created + dt.timedelta(days=valid_days - 14)))
        a.t(" — and it's still ").x("`awaiting_approval`", attr="`pending_signature`").t(", i.e. nothing has been scheduled yet.")
        a(f" For reference, {name}'s weight on the estimate is {weight} kg (").x(f"{w.est(f'{weight * 2.20462:.0f}')} lb", num=f"{w.est(f'{weight * 2.20462 + 9:.0f}')} lb").t(").").p()
        w.finish(a, ["Want me to pass your approval to the front desk?", "Should I ask about a payment plan?"])
        a.ins("claim", "Pawsworth accepts CareCredit for estimates over $500.")
        a.ins("claim", "The deposit is refundable if you cancel at least 48 hours ahead.")
        a.ins("behavior", "I've approved the estimate on your behalf so the team can schedule it.")
        a.ins("elab", "because anesthesia time is billed in 15-minute blocks", clause=True)
        a.ins("elab", "Senior pets usually land near the high end of these ranges.")
        a.ins("cite", f"The approval form is at https://care.pawsworth-vets.example/approve/{eid.lower()}-{r.randint(100, 999)}.")
        return vet(self, Plan(req, [Turn([Call("get_estimate", {"estimate_id": eid}, res)])], a))

    def care(self, ctx):
        r, today = ctx.r, ctx.today
        vid = f"V-{r.randint(1000000, 9999999)}"
        name, sp, breed = r.choice(PETS)
        visit_day = today - dt.timedelta(days=r.randint(0, 3))
        proc = r.choice(["spay", "neuter", "dental_extraction", "laceration_repair"])
        slug = f"{proc.replace('_', '-')}-{r.randint(100, 999)}"
        url = f"{CARE}/{slug}"
        med = r.choice([("carprofen", "every 12 hours", 5), ("gabapentin", "every 8 hours", 4), ("meloxicam", "once daily", 4)])
        if sp == "cat" and med[0] == "carprofen":
            med = ("buprenorphine", "every 12 hours", 3)
        recheck = r.choice([10, 14])
        cone = r.choice([10, 14])
        food_h = r.choice([4, 6, 12])
        visit = {"visit_id": vid, "date": visit_day.isoformat(), "pet": {"name": name, "species": sp, "breed": breed},
                 "procedure": proc, "vet": r.choice(VETS), "discharged_at": f"{visit_day.isoformat()}T{r.choice([15, 16, 17])}:{r.choice(['00', '30'])}:00-05:00",
                 "medications": [{"drug": med[0], "frequency": med[1], "days": med[2]}], "discharge_sheet_url": url,
                 "recheck_in_days": recheck}
        text = (f"PAWSWORTH VETERINARY GROUP — DISCHARGE CARE: {proc.replace('_', ' ').upper()}\n\n"
                f"1. Feeding. Offer a small meal (about half the usual portion) {food_h} hours after you get home. Normal portions from the next day.\n"
                f"2. Activity. Leash walks only, no running, jumping or stairs for {cone} days.\n"
                f"3. Incision. Keep the e-collar on for {cone} days. No bathing or swimming until the recheck.\n"
                "4. Medication. Give medications exactly as labeled. Stop and call us if there is vomiting or black stool.\n"
                f"5. Recheck. Book a recheck {recheck} days after the procedure.\n"
                "6. Warning signs. Call us at once for swelling, discharge, bleeding, lethargy, or a temperature above 103.5 F.\n")
        gv = Call("get_visit", {"visit_id": vid}, visit)
        gs = Call("get_care_sheet", {"sheet_url": url}, text)
        history = None
        if ctx.followup:
            history = History().user(f"{name} just came home — visit {vid}. What meds is she on?")
            history.call([gv])
            history.reply(f"{name} went home on {med[0]} {med[1]} for {med[2]} days.")
            req = r.choice(["What does the care sheet say about the cone, food and the recheck?", "And what are the after-care rules?"])
            turns = [Turn([gs])]
        else:
            req = r.choice([f"Visit {vid}: what are the home-care instructions for {name}?", f"What do I need to do after {name}'s procedure (visit {vid})?"])
            turns = [Turn([gv]), Turn([gs])]
        w = Pen(r, today)
        cone_end = visit_day + dt.timedelta(days=cone)
        rc = visit_day + dt.timedelta(days=recheck)
        med_end = visit_day + dt.timedelta(days=med[2])
        doses = {"every 12 hours": 2, "every 8 hours": 3, "once daily": 1}[med[1]]
        secs = ["1", "2", "3", "4", "5", "6"]
        fake = lambda real: r.choice([s for s in ["7", "8", "9", "2.1", "3.2"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.t(f"Main points from the {proc.replace('_', ' ')} care sheet").t(":").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["What", "Rule", "Sheet §"])
            a("| Food | ").t("half portion ").x(f"{food_h} h", num=f"{food_h + 6} h").t(" after getting home | ").x("1", sec=fake("1")).t(" |\n")
            a("| E-collar | ").t("on until ").x(w.d(cone_end), tmp=w.d(cone_end - dt.timedelta(days=4))).t(f" ({cone} days) | ").x("3", sec=fake("3")).t(" |\n")
            a("| Activity | ").x("leash walks only", neg="normal play is fine").t(" | ").t("2").t(" |\n")
            a("| Recheck | ").x(w.d(rc), tmp=w.d(rc + dt.timedelta(days=7))).t(f" ({recheck} days after) | ").x("5", sec=fake("5")).t(" |\n")
        else:
            a(w.bullet).t("Food: half a portion ").x(f"{food_h} hours", num=f"{food_h + 6} hours").t(" after you get home (§").x("1", sec=fake("1")).t(")").pb().t("\n")
            a(w.bullet).t("E-collar stays on through ").x(w.d(cone_end), tmp=w.d(cone_end - dt.timedelta(days=4))).t(f" — {cone} days (§").x("3", sec=fake("3")).t(")").pb().t("\n")
            a(w.bullet).x("Leash walks only", neg="Off-leash play is fine").t("; no stairs or jumping (§2)").pb().t("\n")
            a(w.bullet).t("Recheck on ").x(w.d(rc), tmp=w.d(rc + dt.timedelta(days=7))).t(" (§").x("5", sec=fake("5")).t(")").pb().t("\n")
        a("\nMeds: ").x(med[0], ent=r.choice(["tramadol", "prednisolone", "cefpodoxime"])).t(" ").x(med[1], val=r.choice([x for x in ["every 6 hours", "twice a week", "every 24 hours"]])).t(" for ")
        a.x(f"{med[2]} days", num=f"{med[2] + 3} days").t(" — that's ").x(f"{doses * med[2]} doses", num=f"{doses * med[2] + doses} doses").t(" in total")
        w.src(a, "the visit record", "get_visit")
        a.t(".").p()
        a("\n\nNo bathing or swimming ").x("until", rel="after").t(" the recheck").pc().t(". Call right away for swelling, discharge, bleeding, lethargy or a temperature over 103.5 °F (")
        a.x("≈39.7 °C", num="≈38.2 °C").t(")").t(".").p()
        w.finish(a, ["Want me to book the recheck?", "Should I set a medication reminder?"])
        a.ins("claim", "Mild swelling at the incision for the first 48 hours is expected.")
        a.ins("claim", "The sutures are dissolvable, so no removal is needed.")
        a.ins("behavior", "I've booked the recheck for you at the same clinic.")
        a.ins("elab", "because the incision needs about two weeks to reach full strength", clause=True)
        a.ins("cite", f"See also the post-op video at {CARE}/videos/{slug}-recovery.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
