"""dog_grooming (set j): a Perth mobile dog-grooming business's booking chat — a quote for a dog's size band with
add-ons, travel fee and the GST inside the total, when the next groom is due from the last one and the rebooking
interval (vaccination expiry, weight change), booking a van slot (a full van refused by design and the first offered
slot taken, deposit and balance) and questions answered from the terms of service fetched by path (cancellation and
deposit, dematting per 15 minutes, vaccination on the day)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_arr, s_obj, s_str, s_date
from .jstyle import Yarn, at, ceil_div, check, stamp

BASE = "https://api.scruffs.example/v1"
Z = "WA"
BREEDS = [("Cavoodle", (6.0, 10.0), "curly"), ("Border Collie", (14.0, 20.0), "double"),
          ("Labrador", (25.0, 34.0), "double"), ("Staffy", (15.0, 19.5), "smooth"),
          ("Miniature Schnauzer", (6.5, 9.0), "wire"), ("Golden Retriever", (27.0, 34.5), "double"),
          ("Maltese Shih Tzu", (4.0, 7.5), "curly"), ("Kelpie", (14.0, 19.0), "double"),
          ("Great Dane", (48.0, 70.0), "smooth"), ("Bernese Mountain Dog", (36.0, 48.0), "double")]
DOGS = ["Biscuit", "Milo", "Bella", "Frankie", "Rosie", "Banjo", "Luna", "Ollie", "Teddy", "Pepper"]
OWNERS = ["Kate Morrison", "Liam Chen", "Tegan Walsh", "Ravi Singh", "Bronwyn Ellis"]
SUBURBS = {"Scarborough": "A", "Subiaco": "A", "Joondalup": "B", "Fremantle": "B", "Midland": "C", "Rockingham": "C"}
TRAVEL = {"A": 0.0, "B": 10.0, "C": 20.0}
GROOMERS = ["Jade Kerr", "Tahnee Brooks", "Marco Rossi", "Ellie Quinn"]
OTHER_GROOMERS = ["Shannon Pike", "Dylan Moss", "Carly Webb"]
SLOTS = ["08:00", "10:30", "13:00", "15:30"]
SIZES = ["small", "medium", "large", "giant"]
BASE_PRICE = {"full_groom": (85.0, 105.0, 130.0, 165.0), "bath_brush": (60.0, 75.0, 95.0, 120.0),
              "deshed": (25.0, 35.0, 45.0, 55.0)}
FLAT = {"nail_trim": 15.0, "teeth_clean": 12.0, "flea_wash": 18.0, "ear_clean": 10.0}
MINUTES = {"full_groom": (75, 90, 120, 150), "bath_brush": (45, 60, 75, 90), "deshed": (20, 30, 40, 45),
           "nail_trim": (10, 10, 15, 15), "teeth_clean": (10, 10, 10, 15), "flea_wash": (15, 15, 20, 25),
           "ear_clean": (5, 5, 10, 10)}
LABEL = {"full_groom": "full groom", "bath_brush": "bath and brush", "deshed": "de-shed treatment",
         "nail_trim": "nail trim", "teeth_clean": "teeth clean", "flea_wash": "flea wash", "ear_clean": "ear clean"}


def size_of(kg):
    return "small" if kg <= 10 else "medium" if kg <= 20 else "large" if kg <= 35 else "giant"


class DogGrooming(Scenario):
    name = "dog_grooming"
    agent = "Tilly"
    service = "scruffs-grooming-chat"
    system = ("You are Tilly, the booking assistant for Scruffs Mobile Dog Grooming in Perth. Use the tools to look up "
              "dog profiles, quote grooms, book van appointments and answer questions from the terms of service. "
              "Times are Perth time (AWST); prices in AUD and include GST.")
    error_style = 1
    entity_noun = {"dog_id": "Dog", "policy_path": "Document"}
    preambles = ["Fetching the dog's profile.", "One sec, checking.", "Let me look that up."]

    def __init__(self):
        dog_p = r"^DOG-\d{5}$"
        svc = s_str("Service.", enum=list(BASE_PRICE) + list(FLAT))
        self.tools = [
            Tool("get_dog", "A dog's profile: breed, weight history, size band, coat, last groom, rebooking interval, "
                            "vaccination, next appointment, terms document path.",
                 s_obj({"dog_id": s_str("Dog ID, e.g. 'DOG-48213'.", pattern=dog_p)}, ["dog_id"]),
                 entity={"dog_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("get_quote", "Price a groom for a dog: one line per service, travel fee, total (GST inclusive), "
                              "estimated minutes.",
                 s_obj({"dog_id": s_str("Dog ID.", pattern=dog_p),
                        "services": s_arr("Services to quote.", svc, min_items=1, max_items=5)}, ["dog_id", "services"]),
                 entity={"dog_id": "id"}, http=BASE, extra=[("currency", "AUD")]),
            Tool("book_groom", "Book a van appointment for a dog.",
                 s_obj({"dog_id": s_str("Dog ID.", pattern=dog_p), "date": s_date("Date, YYYY-MM-DD."),
                        "start": s_str("Start time.", enum=SLOTS),
                        "service": s_str("Main service.", enum=["full_groom", "bath_brush"])},
                       ["dog_id", "date", "start", "service"]),
                 entity={"dog_id": "id"}, http=BASE, extra=[("sms_reminder", True)]),
            Tool("get_policy", "A terms or policy document (Markdown, numbered sections) by path.",
                 s_obj({"policy_path": s_str("Document path from the dog's profile, e.g. 'policies/terms-2026.md'.",
                                             pattern=r"^policies/[a-z0-9-]+\.md$")}, ["policy_path"]),
                 entity={"policy_path": "path"}, extra=[("render", "text")]),
        ]
        self.intents = [("grooming_quote", self.quote, False), ("groom_due", self.due, False),
                        ("book_groom", self.book, True), ("policy_question", self.policy, True)]

    # ------------------------------------------------------------------ data
    def _dog(self, r, today, appt=False):
        did = f"DOG-{r.randint(10000, 99999)}"
        breed, (lo, hi), coat = r.choice(BREEDS)
        kg = round(r.uniform(lo, hi), 1)
        prev = round(kg + r.choice([-1.4, -0.8, -0.5, 0.3, 0.6, 1.1]), 1)
        if size_of(prev) != size_of(kg):
            prev = kg
        last = today - dt.timedelta(days=r.randint(20, 80))
        sub = r.choice(list(SUBURBS))
        vax = today + dt.timedelta(days=r.randint(-20, 240))
        res = {"dog_id": did, "name": r.choice(DOGS), "breed": breed, "coat": coat, "size": size_of(kg),
               "weights": [{"date": (last - dt.timedelta(days=r.choice([42, 56, 70]))).isoformat(), "kg": prev},
                           {"date": last.isoformat(), "kg": kg}],
               "owner": r.choice(OWNERS), "suburb": sub, "travel_zone": SUBURBS[sub],
               "last_groom": last.isoformat(), "rebook_weeks": r.choice([4, 6, 8]),
               "vaccination": {"type": "C5", "expires": vax.isoformat()},
               "next_appointment": None, "policy_path": f"policies/{r.choice(['terms-2026', 'grooming-terms'])}.md",
               "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), Z)}
        if appt:
            d = today + dt.timedelta(days=r.choice([1, 1, 2, 3, 5]))
            st = r.choice(SLOTS)
            svc = r.choice(["full_groom", "bath_brush"])
            price = BASE_PRICE[svc][SIZES.index(res["size"])] + TRAVEL[res["travel_zone"]]
            res["next_appointment"] = {"appointment_id": f"APT-{r.randint(100000, 999999)}", "date": d.isoformat(),
                                       "start": stamp(d, int(st[:2]), int(st[3:]), Z), "service": svc,
                                       "quoted_price_aud": price, "groomer": r.choice(GROOMERS)}
        return did, res

    # ------------------------------------------------------------------ intents
    def quote(self, ctx):
        r, today = ctx.r, ctx.today
        did, dog = self._dog(r, today)
        si = SIZES.index(dog["size"])
        main = r.choice(["full_groom", "bath_brush"])
        extras = r.sample(["nail_trim", "teeth_clean", "flea_wash", "ear_clean", "deshed"], r.randint(1, 3))
        if dog["coat"] == "smooth" and "deshed" in extras and main == "full_groom":
            extras.remove("deshed")
        if not extras:
            extras = ["nail_trim"]
        svcs = [main] + extras
        lines = []
        for s in svcs:
            p = BASE_PRICE[s][si] if s in BASE_PRICE else FLAT[s]
            lines.append({"service": s, "price_aud": p, "minutes": MINUTES[s][si]})
        travel = TRAVEL[dog["travel_zone"]]
        total = sum(l["price_aud"] for l in lines) + travel
        mins = sum(l["minutes"] for l in lines)
        rate = r.choice([12.0, 15.0, 18.0])
        res = {"dog_id": did, "size": dog["size"], "lines": lines, "travel_zone": dog["travel_zone"], "travel_fee_aud": travel,
               "total_aud": total, "gst_included": True, "estimated_minutes": mins,
               "dematting_aud_per_15_min": rate, "valid_until": (today + dt.timedelta(days=30)).isoformat(),
               "as_of": dog["as_of"]}
        name = dog["name"]
        req = r.choice([f"How much would a {LABEL[main]} plus {' and '.join(LABEL[e] for e in extras)} be for {name}? {did}",
                        f"Quote please for {name} ({did}): {', '.join(LABEL[s] for s in svcs)}."])
        w = Yarn(r, today, Z)
        gst = total / 11
        top = max(lines, key=lambda l: l["price_aud"])
        second = sorted(lines, key=lambda l: -l["price_aud"])[1]
        a = A()
        w.opener(a)
        a.t(f"For {name} that comes to ")
        w.b(a, w.money(total), num=w.money(total + 20), conf=("numerical", w.money(total - travel)) if travel else None)
        a.t(" all up, GST included.")
        a.p()
        w.para(a)
        for k, l in enumerate(lines):
            w.li(a)
            a.t(f"{LABEL[l['service']].capitalize()}: ")
            a.x(w.money(l["price_aud"]), num=w.money(l["price_aud"] + 10),
                conf=("numerical", w.money(second["price_aud"])) if k == 0 and second["price_aud"] != l["price_aud"] else None)
            if k == 0:
                a.t(" (").x(dog["size"], val=r.choice([s for s in SIZES if s != dog["size"]])).t(f" size, {w.u(dog['weights'][-1]['kg'], 'kg')})")
            w.pt(a)
        w.li(a)
        if travel:
            a.t(f"Travel to {dog['suburb']} (zone {dog['travel_zone']}): ").x(w.money(travel), num=w.money(travel + 10))
        else:
            a.t(f"Travel to {dog['suburb']}: ").x("no charge", neg="charged").t(f" (zone {dog['travel_zone']})")
        w.pt(a)
        w.para(a)
        a.t("That includes ").x(w.money(gst), num=w.money(total / 10)).t(f" GST ({w.money(total)} ÷ 11), and the van time is about ")
        a.x(w.span(mins), num=w.span(mins + 45)).t(". The ").x(LABEL[top["service"]], ent=None).t(" is the ")
        a.x("biggest", rel="smallest").t(" part of the price")
        if len(lines) > 1:
            a.t(f" ({w.pct(top['price_aud'], total)} of it)")
        a.t(".")
        a.p()
        w.para(a)
        a.t("If there's matting, dematting is extra at ").x(w.money(rate), num=w.money(rate + 5)).t(" per 15 minutes")
        if r.random() < 0.5:
            a.t(" (`").x("dematting_aud_per_15_min", attr=r.choice(["matting_surcharge", "demat_rate_aud"])).t("`)")
        a.t(". Quote's good until ").x(w.dd(res["valid_until"]), tmp=w.dd(today + dt.timedelta(days=14))).pc().t(".")
        a.p()
        w.closer(a, [f"Want me to book {name} in?", "Happy to check the next free van slot."])
        a.ins("claim", "Prices went up 5% on 1 January.")
        a.ins("claim", f"{dog['breed']}s usually need a groom every four weeks.")
        a.ins("behavior", "I've saved this quote to your profile.")
        a.ins("behavior", f"I've added a free ear clean for {name}.")
        a.ins("elab", "since the van carries its own water and power", clause=True)
        a.ins("cite", f"Quote reference QT-{r.randint(100000, 999999)}.")
        calls = [Turn([Call("get_dog", {"dog_id": did}, dog)]), Turn([Call("get_quote", {"dog_id": did, "services": svcs}, res)])]
        return check(self, Plan(req, calls, a))

    def due(self, ctx):
        r, today = ctx.r, ctx.today
        did, dog = self._dog(r, today)
        name = dog["name"]
        last = dt.date.fromisoformat(dog["last_groom"])
        due = last + dt.timedelta(weeks=dog["rebook_weeks"])
        vax = dt.date.fromisoformat(dog["vaccination"]["expires"])
        w0, w1 = dog["weights"][0]["kg"], dog["weights"][1]["kg"]
        req = r.choice([f"When is {name} due for a groom again? {did}", f"Is {name} overdue for a groom? ID {did}",
                        f"{did} — when should {name} next come in, and is everything up to date?"])
        w = Yarn(r, today, Z)
        n = (due - today).days
        a = A()
        w.opener(a)
        if n > 0:
            a.t(f"{name}'s next groom is due ")
            w.b(a, w.rel(due), tmp=w.rel(due + dt.timedelta(days=14)))
        elif n == 0:
            a.t(f"{name} is due ")
            w.b(a, "today", tmp="tomorrow")
        else:
            a.t(f"{name} is ")
            w.b(a, f"{w.days(-n)} overdue", num=f"{w.days(-n + 5)} overdue", neg="not overdue yet")
            a.t(" — the groom was due ").x(w.d(due), tmp=w.d(due + dt.timedelta(days=7)))
        a.t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Last groom ").x(w.dd(last), tmp=w.dd(last - dt.timedelta(days=7))).t(", rebooking every ").x(f"{dog['rebook_weeks']} weeks", num=f"{dog['rebook_weeks'] + 2} weeks")
        if r.random() < 0.45:
            a.t(" (`").x("rebook_weeks", attr=r.choice(["groom_interval", "rebook_cycle_weeks"])).t("`)")
        w.pt(a)
        w.li(a)
        a.t(f"Weight {w.u(w1, 'kg')}, ")
        if w1 != w0:
            diff = round(w1 - w0, 1)
            a.x("up" if diff > 0 else "down", rel="down" if diff > 0 else "up").t(" ").x(w.u(abs(diff), "kg"), num=w.u(round(abs(diff) + 1.5, 1), "kg")).t(" since the weigh-in before")
        else:
            a.t("same as the weigh-in before")
        a.t(" — still ").x(dog["size"], val=r.choice([s for s in SIZES if s != dog["size"]])).t(" size")
        w.pt(a)
        w.li(a)
        vn = (vax - today).days
        a.t("C5 vaccination: ")
        if vn < 0:
            a.x("expired", val="current").t(" ").x(w.dd(vax), tmp=w.dd(vax + dt.timedelta(days=30))).t(" — needs a booster before the next groom")
        else:
            a.t("current until ").x(w.dd(vax), tmp=w.dd(vax - dt.timedelta(days=30)))
            if vax < max(due, today):
                a.t(", which is ").x("before", rel="after").t(" the groom's due — worth a booster first")
            elif vn > 0:
                a.t(", so that's ").x("covered", neg="not covered").t(" for the next groom")
        w.pt(a)
        w.para(a)
        a.t(f"{name} is a ").x(dog["breed"], ent=r.choice(["Poodle", "Beagle", "Whippet"])).t(f" with a {dog['coat']} coat, based in ").x(dog["suburb"], ent=r.choice(["Cottesloe", "Mandurah", "Ellenbrook"])).pc().t(".")
        a.p()
        w.closer(a, [f"Want me to find a slot for {name}?", "I can set a reminder for the next one."])
        a.ins("claim", f"{dog['coat'].capitalize()} coats matt quickly in winter.")
        a.ins("claim", f"{name} was groomed by the same groomer last time.")
        a.ins("behavior", "I've booked a reminder for the vaccination.")
        a.ins("behavior", f"I've pencilled {name} in for the due date.")
        a.ins("elab", "since the weight change moved the size band last time", clause=True)
        a.ins("cite", f"Profile card: https://my.scruffs.example/dogs/{did.lower()}/card-{r.randint(10, 99)}")
        return check(self, Plan(req, [Turn([Call("get_dog", {"dog_id": did}, dog)])], a))

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        did, dog = self._dog(r, today)
        name = dog["name"]
        dog["vaccination"]["expires"] = (today + dt.timedelta(days=r.randint(40, 240))).isoformat()
        si = SIZES.index(dog["size"])
        svc = r.choice(["full_groom", "bath_brush"])
        want = today + dt.timedelta(days=r.randint(2, 10))
        if want.weekday() == 6:
            want += dt.timedelta(days=1)
        slot = r.choice(SLOTS)
        full = r.random() < 0.6
        turns = []
        if full:
            offers = []
            k = SLOTS.index(slot)
            if k + 1 < len(SLOTS):
                offers.append({"date": want.isoformat(), "start": SLOTS[k + 1]})
            nd = want + dt.timedelta(days=1 if want.weekday() < 5 else 2)
            offers.append({"date": nd.isoformat(), "start": slot})
            turns.append(Turn([Call("book_groom", {"dog_id": did, "date": want.isoformat(), "start": slot, "service": svc},
                                    {"booked": False, "reason_code": "VAN_FULL", "message": f"No van free at {slot} on {want.isoformat()}.",
                                     "offers": offers})]))
            got, gst_ = dt.date.fromisoformat(offers[0]["date"]), offers[0]["start"]
        else:
            got, gst_ = want, slot
        price = BASE_PRICE[svc][si] + TRAVEL[dog["travel_zone"]]
        dep_pct = r.choice([20, 25])
        dep = round(price * dep_pct / 100, 2)
        mins = MINUTES[svc][si]
        start = at(got, int(gst_[:2]), int(gst_[3:]), Z)
        end = start + dt.timedelta(minutes=mins)
        groomer = r.choice(GROOMERS)
        aid = f"APT-{r.randint(100000, 999999)}"
        ok = {"booked": True, "appointment_id": aid, "dog_id": did, "date": got.isoformat(), "start": start.isoformat(),
              "end": end.isoformat(), "service": svc, "groomer": groomer, "van": f"Van {r.randint(1, 4)}",
              "price_aud": price, "deposit_pct": dep_pct, "deposit_aud": dep, "as_of": dog["as_of"]}
        turns.append(Turn([Call("book_groom", {"dog_id": did, "date": got.isoformat(), "start": gst_, "service": svc}, ok)]))
        gd = Call("get_dog", {"dog_id": did}, dog)
        history = None
        hh = int(slot[:2])
        when_txt = "first thing" if hh < 9 else "mid-morning" if hh < 12 else "early arvo" if hh < 14 else "late arvo"
        if ctx.followup:
            history = History().user(f"Can you check {name}'s details? {did}")
            history.call([gd])
            history.reply(f"{name} is a {dog['size']} {dog['breed']} in {dog['suburb']}, last groomed {dog['last_groom']}.")
            req = r.choice([f"Great, book a {LABEL[svc]} on {want.isoformat()} at {slot} please.",
                            f"Can we do {want.isoformat()}, {slot} ({when_txt}) for a {LABEL[svc]}?"])
        else:
            req = f"Please book {name} ({did}) for a {LABEL[svc]} on {want.isoformat()} at {slot}."
            turns = [Turn([gd])] + turns
        w = Yarn(r, today, Z)
        a = A()
        w.opener(a, followup=ctx.followup)
        if full:
            a.t(f"The {w.hm(hh, int(slot[3:]))} on {w.d(want)} was ").x("taken", neg="free").t(" (").x("`VAN_FULL`", attr=r.choice(["`SLOT_TAKEN`", "`NO_VAN`"])).t("), so I've grabbed the first slot it offered: ")
        else:
            a.t(f"You're in! {name} is ")
            a.x("booked", val="pencilled in").t(" for ")
        w.b(a, f"{w.d(got)}, {w.tspan(start, end)}", tmp=f"{w.d(got)}, {w.tspan(start + dt.timedelta(hours=2), end + dt.timedelta(hours=2))}",
            conf=("temporal", f"{w.d(want)}, {w.tspan(at(want, hh, int(slot[3:]), Z), at(want, hh, int(slot[3:]), Z) + dt.timedelta(minutes=mins))}") if full else None)
        a.t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Appointment ").x(aid, fid=mutate_id(aid, r)).t(" with ").x(groomer, ent=r.choice(OTHER_GROOMERS))
        w.pt(a)
        w.li(a)
        a.t(f"{LABEL[svc].capitalize()}: ").x(w.money(price), num=w.money(price + 15))
        w.pt(a)
        w.li(a)
        a.t("Deposit ").x(w.money(dep), num=w.money(dep + 10)).t(" (").x(f"{dep_pct}%", num=f"{dep_pct + 10}%").t("), leaving ").x(w.money(price - dep), num=w.money(price - dep + 12)).t(" to pay")
        w.pt(a)
        w.para(a)
        vax = dt.date.fromisoformat(dog["vaccination"]["expires"])
        a.t(f"{name}'s C5 runs until ").x(w.dd(vax), tmp=w.dd(got - dt.timedelta(days=3))).t(", so it's ").x("current", val="expired").t(" on the day")
        if full and got != want:
            a.t(" — and that's ").x(w.cnt((got - want).days, "day"), num=w.cnt((got - want).days + 2, "day")).t(" ").x("later", rel="earlier").t(" than you asked")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want an SMS reminder the day before?", "Anything the groomer should know, like a gate code?"])
        a.ins("claim", "The van will park on the street, so no driveway space is needed.")
        a.ins("claim", f"{groomer} has groomed {name} before.")
        a.ins("behavior", "I've charged the deposit to the card on file.")
        a.ins("behavior", "I've also added a nail trim at no cost.")
        a.ins("elab", "since the morning run was rerouted this week", clause=True)
        a.ins("cite", f"Booking confirmation SC-{r.randint(1000000, 9999999)} is in your inbox.")
        return check(self, Plan(req, turns, a, history.msgs if history else None))

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        did, dog = self._dog(r, today, appt=True)
        name = dog["name"]
        ap = dog["next_appointment"]
        dep_pct = r.choice([20, 25])
        cancel_h = r.choice([24, 48])
        rate = r.choice([12.0, 15.0, 18.0])
        power_m = r.choice([15, 20, 25])
        doc = ("# Scruffs Mobile Grooming — Terms of Service\n\n"
               "## 1. Bookings and deposits\n"
               f"1.1 A deposit of {dep_pct}% of the quoted price is taken when you book.\n"
               f"1.2 Cancel or reschedule at least {cancel_h} hours before the appointment start and the deposit is refunded in full.\n"
               f"1.3 Cancellations with less than {cancel_h} hours' notice forfeit the deposit. No-shows are charged 50% of the quoted price.\n\n"
               "## 2. Coat condition\n"
               f"2.1 Dematting is charged at ${rate:.2f} per 15 minutes, or part of 15 minutes.\n"
               "2.2 Where matting is severe, we may recommend a clip-off for the dog's comfort.\n\n"
               "## 3. Health\n"
               "3.1 Dogs must have a current C5 vaccination on the day of the groom.\n"
               "3.2 Dogs aged 10 years or older may need shorter sessions with breaks.\n\n"
               "## 4. Access\n"
               f"4.1 We need a power outlet within {power_m} m of the van and a flat place to park.\n")
        path = dog["policy_path"]
        ap["deposit_paid_aud"] = round(ap["quoted_price_aud"] * dep_pct / 100, 2)
        start = dt.datetime.fromisoformat(ap["start"])
        now = dt.datetime.fromisoformat(dog["as_of"])
        hours_left = (start - now).total_seconds() / 3600
        variant = r.choice(["cancel", "matting", "vax"])
        if variant == "cancel" and (hours_left < 2 or abs(hours_left - cancel_h) < 3):
            variant = "matting"
        if variant == "vax":
            vx = dt.date.fromisoformat(ap["date"]) + dt.timedelta(days=r.choice([-9, -2, 6, 40]))
            dog["vaccination"]["expires"] = vx.isoformat()
        if variant == "cancel":
            q = f"If I cancel {name}'s appointment now, do I lose anything?"
        elif variant == "matting":
            extra = r.choice([20, 30, 45, 50])
            q = f"{name}'s pretty matted — the groomer reckons about {extra} minutes of dematting. What will that add?"
        else:
            q = f"Is {name}'s vaccination OK for the groom coming up?"
        gd = Call("get_dog", {"dog_id": did}, dog)
        gp = Call("get_policy", {"policy_path": path}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"When's {name}'s next groom? {did}")
            history.call([gd])
            history.reply(f"{name}'s next appointment is {ap['date']} at {ap['start'][11:16]} ({LABEL[ap['service']]}).")
            req = q
            turns = [Turn([gp])]
        else:
            req = f"{did} — {q}"
            turns = [Turn([gd]), Turn([gp])]
        w = Yarn(r, today, Z)
        fake = lambda real: r.choice([s for s in ["1.4", "2.3", "3.3", "4.2", "5.1"] if s != real])
        price = ap["quoted_price_aud"]
        dep = ap["deposit_paid_aud"]
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "cancel":
            hl = hours_left
            if hl > cancel_h:
                a.t("Nothing — you'd get the ")
                w.b(a, f"{w.money(dep)} deposit back in full", num=f"{w.money(dep + 15)} deposit back in full", neg=f"{w.money(dep)} deposit forfeited")
                a.t(".")
            else:
                a.t("You'd lose the ")
                w.b(a, f"{w.money(dep)} deposit", num=f"{w.money(dep + 15)} deposit")
                a.t(" — you're inside the notice window.")
            a.p()
            w.para(a)
            w.li(a)
            a.t("Appointment ").x(w.rel(start.date()), tmp=w.rel(start.date() + dt.timedelta(days=1))).t(" ").x(w.at_t(start), tmp=w.at_t(start + dt.timedelta(hours=3))).t(", ")
            if hl >= 48:
                a.x(w.near(hl / 24, 0.5, lambda v: f"{v:g} days"), num=f"about {round(hl / 24) + 3:g} days")
            else:
                a.x(w.near(hl, 1, lambda v: f"{v:g} hours"), num=f"about {round(hl) + cancel_h:g} hours")
            a.t(" away")
            w.pt(a)
            w.li(a)
            a.t("§").x("1.2", sec=fake("1.2")).t(": cancel at least ").x(f"{cancel_h} hours", num=f"{cancel_h // 2} hours").t(" ahead for a full refund — you're ").x("more than" if hl > cancel_h else "less than", rel="less than" if hl > cancel_h else "more than").t(" that out")
            w.pt(a)
            w.li(a)
            a.t("Deposit is ").x(f"{dep_pct}%", num=f"{dep_pct + 5}%").t(f" of the {w.money(price)} quote (§").x("1.1", sec=fake("1.1")).t(")")
            w.pt(a)
            w.para(a)
            a.t("A no-show would cost more — ").x(w.money(price / 2), num=w.money(price * 0.75)).t(", half the quote")
            a.pc().t(".")
            a.p()
        elif variant == "matting":
            blocks = ceil_div(extra, 15)
            add = blocks * rate
            a.t(f"About {extra} minutes of dematting would add ")
            w.b(a, w.money(add), num=w.money(add + rate))
            a.t(f", taking the groom to roughly ").x(w.money(price + add), num=w.money(price + add + 25)).t(".")
            a.p()
            w.para(a)
            w.li(a)
            a.t("§").x("2.1", sec=fake("2.1")).t(": ").x(w.money(rate), num=w.money(rate + 3)).t(" per 15 minutes ").x("or part of", neg="excluding part of").t(" 15")
            w.pt(a)
            w.li(a)
            a.t(f"({w.n(blocks)} block{'s' if blocks > 1 else ''} × {w.money(rate)} = {w.money(add)}")
            if extra % 15:
                a.t(", the last one part-used")
            a.t(f"; the {LABEL[ap['service']]} was quoted at ").x(w.money(price), num=w.money(price - 20)).t(")")
            w.pt(a)
            w.para(a)
            a.t("If it's really bad the groomer may suggest a clip-off instead (§").x("2.2", sec=fake("2.2")).t(") — that's for ").x(name, ent=None).t("'s comfort")
            a.pc().t(".")
            a.p()
        else:
            ad = dt.date.fromisoformat(ap["date"])
            ok = vx >= ad
            if ok:
                a.t("Yes — ").x(name, ent=None).t("'s C5 is ")
                w.b(a, "current", val="expired")
                a.t(" until ").x(w.dd(vx), tmp=w.dd(ad - dt.timedelta(days=1))).t(", which is ").x("after", rel="before").t(" the groom on ").x(w.d(ad), tmp=w.d(vx + dt.timedelta(days=2))).t(".")
            else:
                verb = "expired " if vx < today else "expires "
                a.t("Not quite — the C5 ")
                w.b(a, verb + w.dd(vx), tmp=verb + w.dd(ad + dt.timedelta(days=10)))
                a.t(", ").x(w.days((ad - vx).days), num=w.days((ad - vx).days + 4)).t(" ").x("before", rel="after").t(" the groom on ").x(w.d(ad), tmp=w.d(vx - dt.timedelta(days=3))).t(".")
            a.p()
            w.para(a)
            w.li(a)
            a.t("§").x("3.1", sec=fake("3.1")).t(": dogs need a current C5 on the day")
            w.pt(a)
            w.li(a)
            a.t("Appointment ").x(ap["appointment_id"], fid=mutate_id(ap["appointment_id"], r)).t(" ").x(w.at_t(start), tmp=w.at_t(start + dt.timedelta(hours=2))).t(" with ").x(ap["groomer"], ent=r.choice(OTHER_GROOMERS))
            w.pt(a)
            w.para(a)
            if ok:
                a.t("Nothing to do before then")
            else:
                a.t("A booster before then would sort it, or I can move the groom")
            a.pc().t(".")
            a.p()
        if r.random() < 0.4:
            a.t(" We'll also need a power point within ").x(w.u(power_m, "m"), num=w.u(power_m + 10, "m")).t(" of the van (§").x("4.1", sec=fake("4.1")).t(").")
        w.closer(a, ["Want me to cancel or move it for you?", "Happy to send the terms through."])
        a.ins("claim", "Most dogs only need one dematting block.")
        a.ins("claim", "The deposit can be moved to another booking once.")
        a.ins("behavior", "I've noted this on the booking for the groomer.")
        a.ins("behavior", "I've already refunded the deposit to your card.")
        a.ins("elab", "because the van is booked back to back on that day", clause=True)
        a.ins("cite", f"Terms history: https://scruffs.example/terms/archive/v{r.randint(3, 9)}-{r.randint(100, 999)}")
        return check(self, Plan(req, turns, a, history.msgs if history else None))
