"""clinic_appointments: providers, open slots, appointments, referrals, booking."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, bump_int, closer, d_full, d_long, d_med,
                     d_short, d_wd, money, mutate_id, nword, opener, other_than, plural, s_bool, s_date, s_int, s_obj, s_str, t12)

BASE = "https://fhir-gw.carenav.internal/scheduling/v2"
SPECIALTIES = {"dermatology": "Dermatology", "cardiology": "Cardiology", "orthopedics": "Orthopedics",
               "gastroenterology": "Gastroenterology", "family_medicine": "Family Medicine", "endocrinology": "Endocrinology"}
DOCTORS = ["Amara Okafor", "Daniel Whitcombe", "Mei Lin Chen", "Rafael Ortiz", "Sarah Goldberg", "Vikram Rao",
           "Hannah Lindgren", "Kwame Mensah", "Elena Petrakis", "Thomas Byrne", "Aiko Suzuki", "Laila Haddad"]
OTHER_DOCTORS = ["Dr. Michael Brandt", "Dr. Olivia Hart", "Dr. Samuel Adeyemi", "Dr. Grace Whitfield", "Dr. Ivan Sokolov"]
CLINICS = [("Riverside Medical Group", "2100 River Rd, Suite 300", "Portland"), ("Northgate Specialty Clinic", "455 Northgate Blvd", "Portland"),
           ("CareNav Downtown", "18 SW 5th Ave, Floor 4", "Portland"), ("Lakeview Health Center", "920 Lakeview Dr", "Lake Oswego"),
           ("Eastside Family Practice", "7711 E Burnside St", "Portland")]
OTHER_CLINICS = ["Westhills Medical Plaza", "Pearl District Clinic", "Cedar Hills Health"]
INSURERS = ["Aetna", "Blue Cross Blue Shield", "UnitedHealthcare", "Cigna", "Kaiser Permanente"]
OFFSET = "-07:00"


def slot_time(d, h, m):
    return f"{d.isoformat()}T{h:02d}:{m:02d}:00{OFFSET}"


class Clinic(Scenario):
    name = "clinic_appointments"
    agent = "CareNav"
    service = "carenav-scheduling-agent"
    system = ("You are CareNav, the scheduling assistant for a regional clinic network. Help patients find doctors, see "
              "open appointment slots, check appointment details and referral status, and book appointments when "
              "asked. Do not give medical advice. Slot times are local clinic time.")
    error_style = 1
    entity_noun = {"provider_id": "Provider", "appointment_id": "Appointment", "referral_id": "Referral",
                   "slot_id": "Slot", "patient_id": "Patient"}
    preambles = ["Let me check the schedule.", "Looking that up for you.", "One moment while I check.", "Checking now."]

    def __init__(self):
        prv = s_str("Provider ID, e.g. 'PRV-10482'.", pattern=r"^PRV-\d{5}$")
        self.tools = [
            Tool("get_patient_profile", "Profile of the signed-in patient.", s_obj({}), http=BASE, extra=[("include_insurance", True)]),
            Tool("search_providers", "Search doctors by specialty or name.",
                 s_obj({"specialty": s_str("Specialty.", enum=list(SPECIALTIES)), "name": s_str("Doctor name (partial).", min_len=2),
                        "accepting_new_patients": s_bool("Only doctors accepting new patients."),
                        "city": s_str("City."), "limit": s_int("Maximum number of providers.", 1, 25)}, []),
                 http=BASE, extra=[("radius_miles", 10), ("insurance", "any")]),
            Tool("get_available_slots", "Open appointment slots for a provider in a date range.",
                 s_obj({"provider_id": prv, "date_from": s_date("First date (YYYY-MM-DD)."), "date_to": s_date("Last date (YYYY-MM-DD)."),
                        "visit_type": s_str("Visit type.", enum=["new_patient", "follow_up", "telehealth"])},
                       ["provider_id", "date_from", "date_to", "visit_type"]),
                 entity={"provider_id": "id"}, http=BASE, extra=[("timezone", "America/Los_Angeles"), ("max_results", 20)]),
            Tool("get_appointment", "Details of one appointment.",
                 s_obj({"appointment_id": s_str("Appointment ID, e.g. 'APT-402913'.", pattern=r"^APT-\d{6}$")}, ["appointment_id"]),
                 entity={"appointment_id": "id"}, http=BASE, extra=[("include_prep", True)]),
            Tool("get_referral", "Status of a specialist referral and its insurance authorization.",
                 s_obj({"referral_id": s_str("Referral ID, e.g. 'REF-55120'.", pattern=r"^REF-\d{5}$")}, ["referral_id"]),
                 entity={"referral_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("book_appointment", "Book an open slot for the patient.",
                 s_obj({"slot_id": s_str("Slot ID from get_available_slots.", pattern=r"^SLT-[A-Z0-9]{6}$"),
                        "patient_id": s_str("Patient ID.", pattern=r"^PAT-\d{7}$"),
                        "reason": s_str("Reason for visit.", min_len=3, max_len=200)}, ["slot_id", "patient_id", "reason"]),
                 entity={"slot_id": "id", "patient_id": "id"}, http=BASE, extra=[("send_reminder", True)]),
        ]
        self.intents = [("find_doctor", self.find, True), ("appointment_details", self.appointment, False),
                        ("referral_status", self.referral, False), ("book_earliest", self.book, False)]

    # ------------------------------------------------------------------ data
    def providers(self, r: R, spec, today, k=3):
        out = []
        for name in r.sample(DOCTORS, k):
            cl = r.choice(CLINICS)
            out.append({"provider_id": f"PRV-{r.randint(10000, 99999)}", "name": f"Dr. {name}", "credentials": r.choice(["MD", "MD", "DO"]),
                        "specialty": spec, "clinic": {"name": cl[0], "address": cl[1], "city": cl[2]},
                        "languages": r.choice([["English"], ["English", "Spanish"], ["English", "Mandarin"], ["English", "Hindi"]]),
                        "accepting_new_patients": r.random() < 0.75, "rating": round(r.uniform(4.2, 4.9), 1),
                        "next_available": (today + dt.timedelta(days=r.randint(2, 30))).isoformat()})
        return out

    def slots(self, r: R, prov, today, vt, n=None):
        n = n or r.randint(3, 5)
        out = []
        d = today + dt.timedelta(days=r.randint(2, 9))
        while len(out) < n:
            if d.weekday() < 5 and r.random() < 0.7:
                h, m = r.choice([(8, 0), (8, 30), (9, 15), (10, 0), (11, 30), (13, 0), (14, 45), (15, 30), (16, 15)])
                out.append({"slot_id": f"SLT-{r.upalnum(6)}", "start": slot_time(d, h, m),
                            "location": "Video visit" if vt == "telehealth" else prov["clinic"]["name"]})
            d += dt.timedelta(days=1)
        return out

    # ------------------------------------------------------------------ intents
    def find(self, ctx):
        r, today = ctx.r, ctx.today
        spec = r.choice(list(SPECIALTIES))
        provs = self.providers(r, spec, today)
        provs[0]["accepting_new_patients"] = True
        p = provs[0]
        vt = r.choice(["new_patient", "new_patient", "telehealth"])
        dur = 40 if vt == "new_patient" else 20
        sl = self.slots(r, p, today, vt)
        d0, d1 = today, today + dt.timedelta(days=21)
        s_args = {"specialty": spec, "accepting_new_patients": True}
        if r.random() < 0.4:
            s_args["city"] = "Portland"
        if r.random() < 0.4:
            s_args["limit"] = r.choice([5, 10])
        sc = Call("search_providers", s_args, {"total": len(provs), "providers": provs})
        gc = Call("get_available_slots", {"provider_id": p["provider_id"], "date_from": d0.isoformat(), "date_to": d1.isoformat(), "visit_type": vt},
                  {"provider_id": p["provider_id"], "visit_type": vt, "duration_min": dur, "slots": sl})
        sname = SPECIALTIES[spec].lower()
        history = None
        if ctx.followup:
            history = History().user(f"I need a {sname} doctor who's taking new patients.")
            history.call([sc], "Let me search.")
            history.reply("These are accepting new patients: " + "; ".join(f"{x['name']} at {x['clinic']['name']} (rated {x['rating']})" for x in provs if x["accepting_new_patients"]) + ".")
            req = r.choice([f"When can I see {p['name']}?", f"What openings does {p['name']} have in the next few weeks?"]) + (" A video visit is fine." if vt == "telehealth" else "")
            turns = [Turn([gc])]
        else:
            req = r.choice([f"I need to see a {sname} specialist — who's taking new patients and when's the earliest appointment?",
                            f"Find me a {sname} doctor with availability in the next three weeks." + (" Telehealth is fine." if vt == "telehealth" else "")])
            turns = [Turn([sc]), Turn([gc])]
        a = A()
        first = sl[0]
        oth = other_than(r, OTHER_DOCTORS, *[x["name"] for x in provs])
        vt_txt = {"new_patient": "new-patient visit", "telehealth": "video visit"}[vt]
        style = r.choice(["prose", "bullets"])
        if style == "prose":
            opener(a, r)
            a.x(p["name"], ent=oth, conf=("entity", provs[1]["name"])).t(" (").t(SPECIALTIES[spec]).t(", ").x(p["clinic"]["name"], ent=other_than(r, OTHER_CLINICS, p["clinic"]["name"])).t(") is accepting new patients and is rated ").x(str(p["rating"]), num=str(round(p["rating"] - 0.7, 1)), conf=("numerical", str(provs[1]["rating"])) if provs[1]["rating"] != p["rating"] else None).t(".").p()
            a(" The earliest ").t(vt_txt).t(" is ").x(d_long(first["start"]), tmp=d_long(dt.date.fromisoformat(first["start"][:10]) + dt.timedelta(days=r.choice([1, 2, 7])))).t(" at ").x(t12(first["start"]), tmp=t12(dt.datetime.fromisoformat(first["start"]) + dt.timedelta(hours=r.choice([1, 2, -1])))).t(" (").x(f"{dur} minutes", num=f"{dur + 20} minutes").t(")")
            if vt != "telehealth":
                a(" at ").t(p["clinic"]["address"])
            a(".").p()
            others = sl[1:3]
            a(" Other openings: ").t(", ".join(f"{d_wd(s['start'])} at {t12(s['start'])}" for s in others)).t(".").p()
            if len(p["languages"]) > 1:
                a(" They also speak ").x(p["languages"][1], ent=other_than(r, ["French", "Portuguese", "Korean", "Arabic"], p["languages"][1])).t(".").p()
            closer(a, r, extra=["Would you like me to book one of these?", "Want me to hold the earliest slot?"])
        else:
            a("**").x(p["name"], ent=oth).t(f", {p['credentials']}** — {SPECIALTIES[spec]}, ").t(p["clinic"]["name"]).t("\n\n")
            a("Open ").t(vt_txt).t("s (").x(f"{dur} min", num=f"{dur + 15} min").t("):\n")
            for i, s in enumerate(sl):
                a("\n- ").x(d_wd(s["start"]), tmp=d_wd(dt.date.fromisoformat(s["start"][:10]) + dt.timedelta(days=1)) if i == 0 else None).t(", ").x(t12(s["start"]), tmp=t12(dt.datetime.fromisoformat(s["start"]) + dt.timedelta(minutes=90)) if i == 1 else None).pb()
            a("\n\n").x(nword(len(sl)).capitalize(), num=nword(len(sl) + 3).capitalize()).t(" slots in the next three weeks; ").t(p["name"]).t(" ").x("is", neg="isn't").t(" accepting new patients.").pp()
            closer(a, r, sep="\n\n", extra=["Shall I book the first one?"])
        a.ins("claim", f"{p['name']} is in network with most major insurers, including yours.")
        a.ins("claim", "New patients are asked to arrive 30 minutes early for paperwork.")
        a.ins("behavior", f"I've put a 15-minute hold on the {t12(first['start'])} slot for you.")
        a.ins("behavior", "I've added you to the waitlist for earlier cancellations.")
        a.ins("elab", "since demand for this specialty is high this season", clause=True)
        a.ins("cite", f"You can also book online at https://carenav.example/book/{p['provider_id'].lower()}-new.")
        return Plan(req, turns, a, history.msgs if history else None)

    def appointment(self, ctx):
        r, today = ctx.r, ctx.today
        spec = r.choice(list(SPECIALTIES))
        prov = self.providers(r, spec, today, 1)[0]
        d = today + dt.timedelta(days=r.randint(2, 25))
        while d.weekday() >= 5:
            d += dt.timedelta(days=1)
        h, m = r.choice([(8, 0), (9, 30), (10, 15), (13, 45), (15, 0)])
        start = slot_time(d, h, m)
        vt = r.choice(["follow_up", "new_patient", "telehealth"])
        fast = spec in ("gastroenterology", "endocrinology") and r.random() < 0.8
        prep = [f"Arrive {r.choice([10, 15, 20])} minutes early to check in."] if vt != "telehealth" else ["Join the video link 5 minutes early from a quiet, private space."]
        if fast:
            prep.append(f"Do not eat for {r.choice([8, 10, 12])} hours before the appointment; water is fine.")
        prep.append("Bring a list of your current medications.")
        if vt == "new_patient":
            prep.append("Bring your insurance card and a photo ID.")
        copay = float(r.choice([0, 25, 40, 50, 75]))
        apt = {"appointment_id": f"APT-{r.digits(6)}", "status": r.choice(["booked", "booked", "confirmed"]), "visit_type": vt,
               "start": start, "duration_min": 20 if vt != "new_patient" else 40,
               "provider": {"provider_id": prov["provider_id"], "name": prov["name"], "specialty": spec},
               "location": {"name": "Video visit", "join_url": f"https://video.carenav.example/j/{r.digits(10)}"} if vt == "telehealth" else {"name": prov["clinic"]["name"], "address": prov["clinic"]["address"], "room": f"Suite {r.randint(100, 450)}"},
               "prep_instructions": [{"step": i + 1, "text": t} for i, t in enumerate(prep)], "fasting_required": fast,
               "estimated_copay": {"amount": copay, "currency": "USD"}, "cancellation_window_hours": 24}
        aid = apt["appointment_id"]
        req = r.choice([f"What do I need to know for appointment {aid}?", f"When is my appointment {aid} and do I need to prepare anything?",
                        f"Can you check {aid}? Do I need to fast?"])
        a = A()
        oth = other_than(r, OTHER_DOCTORS, prov["name"])
        steps = apt["prep_instructions"]
        fk = lambda n: str(r.choice([x for x in range(len(steps) + 1, len(steps) + 4)]))
        style = r.choice(["prose", "bullets"])
        if style == "prose":
            opener(a, r)
            a("Your ").t({"follow_up": "follow-up", "new_patient": "new-patient visit", "telehealth": "video visit"}[vt]).t(" with ").x(prov["name"], ent=oth).t(" is on ").x(d_long(start), tmp=d_long(d + dt.timedelta(days=r.choice([1, 7])))).t(" at ").x(t12(start), tmp=t12(dt.datetime.fromisoformat(start) + dt.timedelta(hours=r.choice([1, 2])))).t(" and is ")
            a.x(apt["status"], val="cancelled" if r.random() < 0.5 else "pending").t(".").p()
            if vt != "telehealth":
                a(" It's at ").t(apt["location"]["name"]).t(", ").t(apt["location"]["address"]).t(", ").t(apt["location"]["room"]).t(".").p()
            if fast:
                ft = [s for s in steps if "eat" in s["text"]][0]
                hrs = ft["text"].split("for ")[1].split(" hours")[0]
                a(" You ").x("do need to fast", neg="don't need to fast").t(": nothing to eat for ").x(f"{hrs} hours", num=f"{int(hrs) + 4} hours").t(" beforehand, though water is fine (step ").x(str(ft["step"]), sec=fk(ft["step"])).t(" of the prep instructions).").p()
            else:
                a(" No fasting is required").pc().t(".").p()
            a(" Please bring a list of your current medications").t(" and your insurance card and photo ID" if vt == "new_patient" else "").t(".").p()
            a(" Your estimated copay is ").x(money(copay, dec=0) if copay else "$0", num=money(copay + 30, dec=0)).t(", and you can cancel without a fee up to ").x("24 hours", num="48 hours").t(" before.").p()
            closer(a, r, extra=["Would you like a reminder the day before?", "Need directions to the clinic?"])
        else:
            a("**").x(aid, fid="APT-" + mutate_id(aid[4:], r)).t("** — ").x(prov["name"], ent=oth).t(f" ({SPECIALTIES[spec]})\n\n")
            a("- **When:** ").x(d_wd(start) + ", " + t12(start), tmp=d_wd(d + dt.timedelta(days=1)) + ", " + t12(start)).pb()
            a("\n- **Where:** ").t(apt["location"]["name"] if vt == "telehealth" else f"{apt['location']['name']}, {apt['location']['room']}").pb()
            a("\n- **Status:** ").x(apt["status"].capitalize(), val="Cancelled").pb()
            a("\n- **Copay:** ").x(money(copay, dec=0) if copay else "$0", num=money(copay + 25, dec=0)).pb()
            a("\n\n**Before your visit:**\n")
            for s in steps:
                a(f"\n{s['step']}. ").x(s["text"], neg=("Eating beforehand is fine." if "eat" in s["text"] else None))
            a("\n\nFasting is ").x("required" if fast else "not required", neg="not required" if fast else "required").t(".").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", "Parking in the clinic garage is validated for up to two hours.")
        a.ins("claim", f"{prov['name']} usually runs about 10 minutes behind in the afternoons.")
        a.ins("behavior", "I've sent the prep instructions to your phone.")
        a.ins("behavior", "I've confirmed the appointment with the front desk for you.")
        a.ins("elab", "because the visit includes routine bloodwork", clause=True)
        a.ins("cite", f"Your check-in code is CHK-{r.upalnum(5)}.")
        return Plan(req, [Turn([Call("get_appointment", {"appointment_id": aid}, apt)])], a)

    def referral(self, ctx):
        r, today = ctx.r, ctx.today
        spec = r.choice(list(SPECIALTIES))
        st = r.choice(["approved", "approved", "pending_auth", "denied"])
        visits = r.choice([3, 4, 6])
        used = r.randint(0, visits - 1) if st == "approved" else 0
        exp = today + dt.timedelta(days=r.randint(20, 150))
        ins = r.choice(INSURERS)
        fromdoc = f"Dr. {r.choice(DOCTORS)}"
        ref = {"referral_id": f"REF-{r.digits(5)}", "status": st, "specialty": spec, "referred_by": fromdoc,
               "created": (today - dt.timedelta(days=r.randint(5, 40))).isoformat(), "insurer": ins,
               "authorization": ({"number": f"AUTH-{r.digits(9)}", "approved_visits": visits, "visits_used": used,
                                  "valid_until": exp.isoformat()} if st == "approved" else None),
               "status_reason": {"approved": None, "pending_auth": "Awaiting insurer review; submitted with clinical notes.",
                                 "denied": "Insurer requires 6 weeks of documented conservative treatment first."}[st]}
        if st == "pending_auth":
            ref["expected_decision_by"] = (today + dt.timedelta(days=r.randint(2, 10))).isoformat()
        rid = ref["referral_id"]
        req = r.choice([f"Has my referral {rid} been approved?", f"What's the status of referral {rid}?", f"How many visits do I have left on referral {rid}?"])
        a = A()
        sname = SPECIALTIES[spec].lower()
        oth_ins = other_than(r, INSURERS, ins)
        opener(a, r)
        if st == "approved":
            au = ref["authorization"]
            left = visits - used
            a("Yes — your ").t(sname).t(" referral ").x(rid, fid="REF-" + mutate_id(rid[4:], r)).t(" is ").x("approved", val="still pending").t(" by ").x(ins, ent=oth_ins).t(".").p()
            a(" It covers ").x(plural(visits, "visit"), num=plural(visits + 2, "visit")).t(", and you've used ").x(nword(used) if used else "none", num=nword(used + 1) if used + 1 < visits else None).t(", so ").x(f"{nword(left)} remain{'s' if left == 1 else ''}", num=f"{nword(left + 2)} remain").t(".").p()
            a(" The authorization (").x(au["number"], fid=mutate_id(au["number"], r)).t(") is valid until ").x(d_full(exp), tmp=d_full(exp + dt.timedelta(days=r.choice([30, 60])))).t(", so book any remaining visits before then.").p()
            closer(a, r, extra=[f"Want me to find {sname} openings?"])
        elif st == "pending_auth":
            a("Your ").t(sname).t(" referral ").x(rid, fid="REF-" + mutate_id(rid[4:], r)).t(" ").x("hasn't been approved yet", neg="has been approved").t(" — it's waiting on ").x(ins, ent=oth_ins).t("'s review, which was submitted with your clinical notes.").p()
            a(" A decision is expected by ").x(d_long(ref["expected_decision_by"]), tmp=d_long(dt.date.fromisoformat(ref["expected_decision_by"]) + dt.timedelta(days=5))).t(".").p()
            closer(a, r, p=0.7, extra=["I can check again later if you'd like.", "Want me to let you know once it's decided?"])
        else:
            a("Unfortunately, referral ").x(rid, fid="REF-" + mutate_id(rid[4:], r)).t(" to ").t(sname).t(" was ").x("denied", val="approved").t(" by ").x(ins, ent=oth_ins).t(".").p()
            a(" The reason given is that they require ").x("6 weeks", num="12 weeks").t(" of documented conservative treatment first.").p()
            a(" ").x(fromdoc, ent=other_than(r, OTHER_DOCTORS, fromdoc)).t(", who made the referral, can help with next steps or an appeal.").p()
            closer(a, r, extra=[f"Would you like me to book a follow-up with {fromdoc}?"])
        a.ins("claim", "Approved referrals can be extended once by phone.")
        a.ins("claim", f"{ins} usually decides within three business days.")
        a.ins("behavior", f"I've asked {fromdoc}'s office to send additional records.")
        a.ins("behavior", f"I've booked your next {sname} visit for you.")
        a.ins("elab", "which is common for specialist referrals under this plan", clause=True)
        a.ins("cite", f"The insurer's case number is {ins.split()[0].upper()[:4]}-{r.digits(8)}.")
        return Plan(req, [Turn([Call("get_referral", {"referral_id": rid}, ref)])], a)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        spec = r.choice(list(SPECIALTIES))
        provs = self.providers(r, spec, today, 2)
        p = provs[0]
        last = p["name"].split()[-1]
        vt = r.choice(["follow_up", "telehealth"])
        pat = {"patient_id": f"PAT-{r.digits(7)}", "first_name": r.choice(["Jamie", "Alex", "Morgan", "Priya", "Luis", "Hana"]),
               "date_of_birth": f"19{r.randint(55, 99)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
               "insurance": {"carrier": r.choice(INSURERS), "member_id": f"M{r.digits(9)}"},
               "preferred_contact": r.choice(["sms", "email"])}
        sl = self.slots(r, p, today, vt, r.randint(3, 4))
        first = sl[0]
        d0, d1 = today, today + dt.timedelta(days=14)
        reason = r.choice(["Follow-up on lab results", "Medication review", "Follow-up visit", "Check-in after treatment"])
        dur = 20
        booked = {"appointment_id": f"APT-{r.digits(6)}", "status": "booked", "start": first["start"], "duration_min": dur,
                  "provider": {"provider_id": p["provider_id"], "name": p["name"]}, "location": first["location"],
                  "visit_type": vt, "reason": reason, "confirmation_sent_to": pat["preferred_contact"]}
        prev_day = today - dt.timedelta(days=r.randint(20, 90))
        while prev_day.weekday() >= 5:
            prev_day -= dt.timedelta(days=1)
        prev = {"appointment_id": f"APT-{r.digits(6)}", "status": "completed", "visit_type": r.choice(["new_patient", "follow_up"]),
                "start": slot_time(prev_day, r.choice([9, 10, 14]), 0), "duration_min": 20,
                "patient": {"patient_id": pat["patient_id"], "first_name": pat["first_name"]},
                "provider": {"provider_id": p["provider_id"], "name": p["name"], "specialty": spec},
                "location": {"name": p["clinic"]["name"], "address": p["clinic"]["address"]},
                "follow_up": {"recommended": True, "within_weeks": r.choice([2, 4, 6])}}
        turns = [Turn([Call("get_appointment", {"appointment_id": prev["appointment_id"]}, prev)]),
                 Turn([Call("get_available_slots", {"provider_id": p["provider_id"], "date_from": d0.isoformat(), "date_to": d1.isoformat(), "visit_type": vt},
                            {"provider_id": p["provider_id"], "visit_type": vt, "duration_min": dur, "slots": sl})]),
                 Turn([Call("book_appointment", {"slot_id": first["slot_id"], "patient_id": pat["patient_id"], "reason": reason}, booked)])]
        req = r.choice([f"Please book me the earliest {'video ' if vt == 'telehealth' else ''}follow-up in the next two weeks with the doctor I saw at appointment {prev['appointment_id']}. Reason: {reason.lower()}.",
                        f"Book the first available {'telehealth ' if vt == 'telehealth' else ''}follow-up with the same doctor as {prev['appointment_id']} — {reason.lower()}."])
        a = A()
        oth = other_than(r, OTHER_DOCTORS, p["name"], provs[1]["name"])
        opener(a, r, p=0.5, pool=["Done!", "All set!", "You're booked!", "Booked."])
        a("Your ").t("video visit" if vt == "telehealth" else "follow-up").t(" with ").x(p["name"], ent=oth).t(" is ").x("booked", val="on the waitlist").t(" for ").x(d_long(first["start"]), tmp=d_long(dt.date.fromisoformat(first["start"][:10]) + dt.timedelta(days=r.choice([1, 2])))).t(" at ")
        a.x(t12(first["start"]), tmp=t12(dt.datetime.fromisoformat(first["start"]) + dt.timedelta(minutes=r.choice([30, 60, -60]))), conf=("temporal", t12(sl[1]["start"])) if t12(sl[1]["start"]) != t12(first["start"]) else None).t(" (").x(f"{dur} minutes", num=f"{dur + 20} minutes").t(")")
        if vt == "telehealth":
            a(" by video")
        else:
            a(" at ").t(first["location"])
        a(".").p()
        a(" Your confirmation number is ").x(booked["appointment_id"], fid="APT-" + mutate_id(booked["appointment_id"][4:], r)).t(", and a confirmation was sent by ").x({"sms": "text message", "email": "email"}[pat["preferred_contact"]], val={"sms": "email", "email": "text message"}[pat["preferred_contact"]]).t(".").p()
        later = sl[1]
        a(" It was the ").x("earliest", rel="latest").t(" opening; the next one would have been ").t(d_wd(later["start"])).t(" at ").t(t12(later["start"])).t(".").p()
        closer(a, r, extra=["Would you like a reminder the day before?", "Anything else you need for the visit?"])
        a.ins("claim", f"{p['name']} will have your latest lab results ready at the visit.")
        a.ins("behavior", "I've also cancelled your previous appointment so you aren't double-booked.")
        a.ins("behavior", "I've added the visit to your Google Calendar.")
        a.ins("elab", "since afternoon slots fill up fastest", clause=True)
        a.ins("cite", f"Your visit summary will be posted at https://carenav.example/visits/{r.digits(8)}.")
        return Plan(req, turns, a)
