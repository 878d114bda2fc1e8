"""hearing_clinic (set l): the patient phone line of a Colorado hearing-aid clinic chain — the latest hearing test read
out (pure-tone average per ear in decibels, its category, the change since the previous test, word recognition, the
better ear and at how many frequencies, the next annual test), device coverage (repair warranty and loss-and-damage
cover per aid, months left, the insurance hearing-aid benefit per ear, used and remaining, its renewal), booking a visit
(an audiologist unavailable by design and the offered time taken; read-back with duration and confirmation) and
questions answered from the warranty terms fetched by URL (a lost aid and the deductible, out-of-warranty repairs,
rechargeable batteries, the 45-day trial and the non-refundable fitting fee)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_obj, s_str
from .lstyle import Voice, add_months, at, cap, person, stamp, vet

BASE = "https://api.cleartonehearing.example/patients/v2"
TERMS = "https://cleartonehearing.example/warranty"
BRAND = "ClearTone Hearing Centers"
AGENT = "Ava"
ZONE = "MT"
CLINICS = {"DEN": "Denver Cherry Creek", "BLD": "Boulder", "LKW": "Lakewood", "AUR": "Aurora"}
OTHER_CLINICS = ["Littleton", "Westminster", "Fort Collins"]
AUDS = ["Dr. Hannah Moore", "Dr. Luis Ortega", "Dr. Grace Kim", "Dr. Samuel Reid"]
OTHER_AUDS = ["Dr. Nora Feld", "Dr. Owen Tate"]
MODELS = [("Lumen 7 RIC", "LM7"), ("Aria 5 BTE", "AR5"), ("Nova Mini ITC", "NVM")]
VISITS = {"clean_and_check": ("clean and check", 30), "hearing_test": ("hearing test", 60),
          "fitting_adjustment": ("fitting adjustment", 45), "repair_dropoff": ("repair drop-off", 15)}
FREQS = ["500", "1000", "2000", "4000"]
DOC = ("CLEARTONE HEARING CENTERS - DEVICE WARRANTY AND SERVICE TERMS\n\n"
       "1. REPAIR WARRANTY\n"
       "1.1 Hearing aids are covered for repairs, parts and labor included, for 3 years from the purchase date.\n"
       "1.2 After the repair warranty ends, a repair costs $245 per aid and carries its own 6-month repair warranty.\n"
       "2. LOSS AND DAMAGE\n"
       "2.1 Each aid has one loss and damage replacement within 1 year of the purchase date.\n"
       "2.2 A loss and damage replacement has a deductible of $275 per aid.\n"
       "3. BATTERIES\n"
       "3.1 Rechargeable batteries are replaced free of charge during the repair warranty; after that, $95 per aid.\n"
       "4. TRIAL PERIOD\n"
       "4.1 New hearing aids may be returned within 45 days of the purchase date for a refund of the price paid, less a "
       "fitting fee of $150 per aid.\n"
       "5. CLEAN AND CHECK\n"
       "5.1 Clean and check visits are free for the life of the hearing aids and take about 30 minutes.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.3", "2.3", "3.2", "4.2", "5.2", "6.1"] if s != real])


def category(db):
    return "normal" if db <= 25 else "mild" if db <= 40 else "moderate" if db <= 55 else "moderately severe" if db <= 70 else "severe"


def renewal(buy, today):
    k = 3
    while add_years(buy, k) <= today:
        k += 3
    return add_years(buy, k)


def add_years(d, n):
    try:
        return d.replace(year=d.year + n)
    except ValueError:
        return d.replace(year=d.year + n, day=28)


class HearingClinic(Scenario):
    name = "hearing_clinic"
    agent = "Ava"
    service = "cleartone-patient-line"
    system = ("You are Ava, the voice assistant on the ClearTone Hearing Centers patient line. Replies are read out by "
              "text-to-speech, so use short plain spoken sentences, no formatting. Use the tools to look up patients, "
              "hearing tests and devices, book visits, and answer questions from the warranty terms. Times are Mountain "
              "Time.")
    error_style = 2
    entity_noun = {"patient_id": "Patient", "test_id": "Hearing test", "terms_url": "Terms page"}
    preambles = ["Let me bring up your file.", "One moment please.", "Okay, checking that now."]

    def __init__(self):
        pp = r"^CT\d{6}$"
        self.tools = [
            Tool("get_patient", "A patient's file: hearing aids with serials, purchase dates, repair warranty and loss and "
                                "damage dates, home clinic, audiologist, last hearing test ID, next annual test, insurance "
                                "hearing benefit, warranty terms URL.",
                 s_obj({"patient_id": s_str("Patient ID, e.g. 'CT408172'.", pattern=pp)}, ["patient_id"]),
                 entity={"patient_id": "id"}, http=BASE, extra=[("include_notes", True)]),
            Tool("get_hearing_test", "A hearing test: date, audiologist, thresholds in dB HL per ear at 500 to 4000 Hz, "
                                     "pure-tone average per ear and at the previous test, word recognition, category.",
                 s_obj({"test_id": s_str("Hearing test ID, e.g. 'HT-204118'.", pattern=r"^HT-\d{6}$")}, ["test_id"]),
                 entity={"test_id": "id"}, http=BASE, extra=[("include_graph", True)]),
            Tool("book_visit", "Book a clinic visit for a patient.",
                 s_obj({"patient_id": s_str("Patient ID.", pattern=pp), "clinic_code": s_str("Clinic code.", enum=list(CLINICS)),
                        "visit_type": s_str("Visit type.", enum=list(VISITS)),
                        "start_time": s_str("Local start time, YYYY-MM-DDTHH:MM.", pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$")},
                       ["patient_id", "clinic_code", "visit_type", "start_time"]),
                 entity={"patient_id": "id"}, http=BASE, extra=[("send_reminder", True)]),
            Tool("get_warranty_terms", "The device warranty and service terms (plain text, numbered sections) by URL.",
                 s_obj({"terms_url": s_str("Terms URL from the patient file.", pattern=r"^https://cleartonehearing\.example/warranty/")},
                       ["terms_url"]),
                 entity={"terms_url": "url"}, extra=[("lang", "es")]),
        ]
        self.intents = [("test_results", self.results, False), ("device_coverage", self.coverage, False),
                        ("book_visit", self.book, True), ("warranty_question", self.warranty, True)]

    # ------------------------------------------------------------------ data
    def _patient(self, r, today, bought_days=None):
        pid = f"CT{r.randint(100000, 999999)}"
        full, first = person(r)
        model, pre = r.choice(MODELS)
        buy = today - dt.timedelta(days=bought_days if bought_days is not None else r.randint(20, 1500))
        ears = ["left", "right"] if r.random() < 0.75 else [r.choice(["left", "right"])]
        rech = r.random() < 0.6
        price = r.choice([1895.0, 2450.0, 3100.0])
        devs = []
        for e in ears:
            devs.append({"ear": e, "model": model, "serial": f"{pre}-{r.randint(10000, 99999)}", "purchase_date": buy.isoformat(),
                         "price_usd": price, "rechargeable": rech, "repair_warranty_until": add_years(buy, 3).isoformat(),
                         "loss_damage_until": add_years(buy, 1).isoformat(), "loss_damage_claims_used": r.choice([0, 0, 0, 1])})
        cc = r.choice(list(CLINICS))
        per = r.choice([1000.0, 1500.0, 2000.0])
        used = round(r.choice([0.0, 0.25, 0.5, 0.8, 1.0]) * per * len(ears), 2)
        last_test = today - dt.timedelta(days=r.randint(10, 300))
        res = {"patient_id": pid, "name": full, "home_clinic_code": cc, "home_clinic": CLINICS[cc], "audiologist": r.choice(AUDS),
               "devices": devs, "last_test_id": f"HT-{r.randint(100000, 999999)}", "last_test_date": last_test.isoformat(),
               "next_annual_test_due": add_years(last_test, 1).isoformat(),
               "insurance": {"plan": r.choice(["Aspen Health Silver", "Front Range Care PPO", "Summit Medicare Advantage"]),
                             "hearing_aid_benefit_per_ear_usd": per, "benefit_period_years": 3, "benefit_used_usd": used,
                             "renews_on": renewal(buy, today).isoformat()},
               "warranty_terms_url": f"{TERMS}/{r.choice(['2025', 'v4'])}", "as_of": stamp(today, r.randint(8, 18), r.randint(0, 59), ZONE)}
        return pid, res, first

    def _test(self, r, p):
        def ear(base):
            th = {}
            for k, f in enumerate(FREQS):
                th[f] = int(min(95, max(10, base + 5 * k + r.choice([-10, -5, 0, 5, 10]))) // 5 * 5)
            return th
        thr = {"left": ear(r.randint(20, 55)), "right": ear(r.randint(20, 55))}
        pta = {e: round(sum(thr[e].values()) / 4, 1) for e in thr}
        prev = {e: round(pta[e] - r.choice([0.0, 1.3, 2.5, 3.8, 5.0, -1.3]), 1) for e in thr}
        d = p["last_test_date"]
        return {"test_id": p["last_test_id"], "patient_id": p["patient_id"], "date": d, "audiologist": p["audiologist"],
                "thresholds_db_hl": thr, "pta_db_hl": pta, "previous_test_date": add_years(dt.date.fromisoformat(d), -1).isoformat(),
                "previous_pta_db_hl": prev, "word_recognition_pct": {"left": r.choice([76, 84, 88, 92, 96]), "right": r.choice([80, 88, 92, 96, 100])},
                "category": {e: category(pta[e]) for e in thr}, "category_scale_db_hl": "normal up to 25, mild 26-40, moderate 41-55, moderately severe 56-70, severe 71-90"}

    # ------------------------------------------------------------------ intents
    def results(self, ctx):
        r, today = ctx.r, ctx.today
        pid, p, first = self._patient(r, today)
        t = self._test(r, p)
        req = r.choice([f"Patient {pid}. Can you go over my last hearing test results?", f"Hi, my ID is {pid}. How did my hearing test turn out compared to last time?"])
        w = Voice(r, today, BRAND, AGENT, first)
        td = dt.date.fromisoformat(t["date"])
        a = A()
        w.opener(a)
        a.t("Your last hearing test was ").x("on " + w.d(td), tmp="on " + w.d(td - dt.timedelta(days=14))).t(", with ").x(t["audiologist"], ent=r.choice(OTHER_AUDS)).t(".")
        a.p()
        w.para(a)
        w.start()
        ears = ["left", "right"]
        for k, e in enumerate(ears):
            pta, prev = t["pta_db_hl"][e], t["previous_pta_db_hl"][e]
            cat = t["category"][e]
            other = ears[1 - k]
            a.t((" " if k else "") + w.item(last=(k == 1)) + f"your {e} ear. The average was ")
            a.x(w.about(pta, 1, lambda v: w.num(v), calc=False) if r.random() < 0.5 else w.num(pta), num=w.num(round(pta + 8.8, 1)),
                conf=("numerical", w.num(t["pta_db_hl"][other])) if t["pta_db_hl"][other] != pta and k == 0 else None).t(" decibels, which is in the ")
            a.x(cat, val=r.choice([c for c in ["mild", "moderate", "moderately severe", "severe"] if c != cat])).t(" range.")
            ch = round(pta - prev, 1)
            if ch:
                a.t(" That's ").x(w.num(abs(ch), calc=True) + " decibels", num=w.num(round(abs(ch) + 2.5, 1)) + " decibels").t(" ").x("worse" if ch > 0 else "better", rel="better" if ch > 0 else "worse").t(" than the test before.")
            else:
                a.t(" That's ").x("unchanged", val="slightly worse").t(" from the test before.")
        a.p()
        w.para(a)
        wl, wr = t["word_recognition_pct"]["left"], t["word_recognition_pct"]["right"]
        a.t("You understood ").x(w.pct(wl), num=w.pct(wl - 12)).t(" of words on the left and ").x(w.pct(wr), num=w.pct(min(100, wr + 8)) if wr <= 92 else w.pct(wr - 10)).t(" on the right.")
        a.p()
        thr = t["thresholds_db_hl"]
        better_r = sum(1 for f in FREQS if thr["right"][f] < thr["left"][f])
        better_l = sum(1 for f in FREQS if thr["left"][f] < thr["right"][f])
        if t["pta_db_hl"]["left"] != t["pta_db_hl"]["right"]:
            be = "right" if t["pta_db_hl"]["right"] < t["pta_db_hl"]["left"] else "left"
            nb = better_r if be == "right" else better_l
            a.t(" Your ").x(be, val="left" if be == "right" else "right").t(" ear is the better one overall")
            if nb:
                a.t(", and it did better at ").x(w.ratio(nb, 4), num=f"{w.num(min(4, nb + 1))} out of {w.num(4)}" if nb < 4 else f"{w.num(2)} out of {w.num(4)}").t(" frequencies")
            a.t(".")
            a.p()
        w.para(a)
        due = dt.date.fromisoformat(p["next_annual_test_due"])
        a.t("Your next annual test is due ").x(w.rel(due, lead=False) if abs((due - today).days) <= 40 else "on " + w.d(due), tmp="on " + w.d(add_months(due, 2))).t(".")
        a.p()
        if r.random() < 0.35:
            a.t(" Those averages are the ").x("pure-tone average", attr=r.choice(["speech threshold", "hearing score"])).t(" values on the report.")
            a.p()
        w.closer(a, ["Would you like to book a fitting adjustment?", "Do you want me to book your next test?"])
        a.ins("claim", "Results like these usually stay stable for several years.")
        a.ins("claim", "Your audiologist recommended a program change for noisy restaurants.")
        a.ins("behavior", "I've sent the full audiogram to your email.")
        a.ins("behavior", "I've shared these results with your primary care doctor.")
        a.ins("elab", "which is common at your age", clause=True)
        ref = f"AUD-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"The report number is {w._id_text(ref)}.", ref))
        turns = [Turn([Call("get_patient", {"patient_id": pid}, p)]), Turn([Call("get_hearing_test", {"test_id": p["last_test_id"]}, t)])]
        return vet(self, Plan(req, turns, a), w)

    def coverage(self, ctx):
        r, today = ctx.r, ctx.today
        pid, p, first = self._patient(r, today)
        req = r.choice([f"Patient {pid}. Are my hearing aids still under warranty, and how much of my insurance benefit is left?",
                        f"What's covered on my hearing aids? ID {pid}."])
        w = Voice(r, today, BRAND, AGENT, first)
        devs = p["devices"]
        d0 = devs[0]
        rw = dt.date.fromisoformat(d0["repair_warranty_until"])
        ld = dt.date.fromisoformat(d0["loss_damage_until"])
        a = A()
        w.opener(a)
        both = len(devs) == 2
        a.t(("Your " + w.num(2, calc=True) + " " if both else "Your ") + d0["model"] + (" aids were" if both else " aid was") + " bought ").x("on " + w.d(d0["purchase_date"]), tmp="on " + w.d(dt.date.fromisoformat(d0["purchase_date"]) + dt.timedelta(days=30))).t(".")
        a.p()
        w.para(a)
        if rw > today:
            months = (rw - today).days / 30.44
            a.t("The repair warranty ").x("runs until", neg="ended on").t(" ").x(w.d(rw), tmp=w.d(add_months(rw, -6)))
            if months >= 7:
                a.t(", so you have ").x(w.about(months, 1, lambda v: w.num(v)) + " months", num=w.num(round(months) + 6) + " months").t(" left")
            else:
                a.t(", so you have ").x(w.cnt((rw - today).days, "day", calc=True), num=w.cnt((rw - today).days + 20, "day")).t(" left")
            a.t(".")
        else:
            a.t("The repair warranty ").x("ended", neg="is still active, until").t(" ").x(w.d(rw), tmp=w.d(add_months(rw, 6))).t(".")
        a.p()
        claimed = [d for d in devs if d["loss_damage_claims_used"]]
        if ld > today:
            a.t(" Loss and damage cover ").x("lasts until", neg="ended").t(" ").x(w.d(ld), tmp=w.d(add_months(ld, 3))).t("")
            if claimed:
                a.t(", but the ").x(claimed[0]["ear"], val="left" if claimed[0]["ear"] == "right" else "right").t(" aid has ").x("already used", neg="not used").t(" its one replacement")
            a.t(".")
        else:
            a.t(" Loss and damage cover ").x("ended", neg="is still active until").t(" ").x(w.d(ld), tmp=w.d(add_months(ld, 6))).t(".")
        a.p()
        w.para(a)
        ins = p["insurance"]
        per, used = ins["hearing_aid_benefit_per_ear_usd"], ins["benefit_used_usd"]
        tot = per * len(devs)
        left = round(tot - used, 2)
        a.t("Your ").x(ins["plan"], ent=r.choice(["Rocky Mountain Choice HMO", "Peak Benefit Gold"])).t(" plan pays ").x(w.money(per, short=True), num=w.money(per + 500, short=True)).t(" per ear")
        if both:
            a.t(", so ").x(w.money(tot, calc=True), num=w.money(tot + 1000)).t(" for both")
        if used == 0:
            a.t(". You ").x("haven't used any of it", neg="have used part of it").t(" yet, so all ").x(w.money(tot), num=w.money(tot + 500)).t(" is still available.")
        else:
            a.t(". You've used ").x(w.money(used), num=w.money(used + 400))
        if used == 0:
            pass
        elif left > 0:
            a.t(", which leaves ").x(w.money(left, calc=True), num=w.money(left + 300), conf=("numerical", w.money(used)) if used != left else None).t(".")
        else:
            a.t(", so the benefit ").x("is used up", neg="still has money left").t(" until it renews.")
        a.p()
        ren = dt.date.fromisoformat(ins["renews_on"])
        a.t(" The benefit renews ").x("on " + w.d(ren) if abs((ren - today).days) > 40 else w.rel(ren, lead=False), tmp="on " + w.d(add_years(ren, 1)))
        a.pc().t(".")
        a.p()
        if r.random() < 0.35:
            a.t(" I'm reading the ").x("repair warranty until", attr=r.choice(["service plan end", "coverage expiry"])).t(" date from your file.")
            a.p()
        w.closer(a, ["Would you like me to book a clean and check?", "Do you want the serial numbers read out?"])
        a.ins("claim", "Your plan also covers batteries for the first year.")
        a.ins("claim", "Most of our patients upgrade when the warranty runs out.")
        a.ins("behavior", "I've extended your warranty by six months.")
        a.ins("behavior", "I've filed a benefit claim with your insurer for the rest.")
        a.ins("elab", "because your plan switched carriers last year", clause=True)
        ref = f"WR-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"Your warranty registration number is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_patient", {"patient_id": pid}, p)])], a), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        pid, p, first = self._patient(r, today)
        vt = r.choice(list(VISITS))
        vname, mins = VISITS[vt]
        cc = p["home_clinic_code"]
        want_d = today + dt.timedelta(days=r.randint(1, 12))
        if want_d.weekday() == 6:
            want_d += dt.timedelta(days=1)
        hh, mm = r.choice([(9, 0), (9, 30), (10, 15), (11, 0), (13, 30), (14, 45), (16, 0)])
        want = at(want_d, hh, mm, ZONE)
        key = lambda x: x.strftime("%Y-%m-%dT%H:%M")
        refuse = r.random() < 0.6
        turns = []
        aud = p["audiologist"]
        if refuse:
            got = want + dt.timedelta(minutes=r.choice([30, 60, 90])) if r.random() < 0.5 else at(want_d + dt.timedelta(days=1), hh, mm, ZONE)
            aud2 = r.choice([x for x in AUDS if x != aud])
            turns.append(Turn([Call("book_visit", {"patient_id": pid, "clinic_code": cc, "visit_type": vt, "start_time": key(want)},
                                    {"booked": False, "reason_code": "AUDIOLOGIST_UNAVAILABLE",
                                     "message": f"{aud} is not available at {key(want)}.",
                                     "alternatives": [{"start_time": key(got), "audiologist": aud2}]})]))
        else:
            got, aud2 = want, aud
        code = f"V{r.randint(10000, 99999)}"
        ok = {"booked": True, "confirmation": code, "patient_id": pid, "clinic_code": cc, "clinic": CLINICS[cc], "visit_type": vt,
              "start_time": got.isoformat(), "duration_minutes": mins, "audiologist": aud2, "as_of": p["as_of"]}
        turns.append(Turn([Call("book_visit", {"patient_id": pid, "clinic_code": cc, "visit_type": vt, "start_time": key(got)}, ok)]))
        gp = Call("get_patient", {"patient_id": pid}, p)
        w0 = Voice(r, today, BRAND, AGENT)
        ask = f"a {vname} on {want_d.isoformat()} at {w0.t(want)}"
        history = None
        if ctx.followup:
            history = History().user(f"Which clinic do I usually go to? Patient {pid}.")
            history.call([gp])
            history.reply(f"Your home clinic is {CLINICS[cc]}, with {aud}.")
            req = r.choice([f"Please book me {ask} there.", f"Can I get {ask}?"])
        else:
            req = f"Patient {pid}. I'd like {ask} at my usual clinic."
            turns = [Turn([gp])] + turns
        w = Voice(r, today, BRAND, AGENT, first)
        end = got + dt.timedelta(minutes=mins)
        a = A()
        w.opener(a, followup=ctx.followup)
        if refuse:
            a.t(f"{aud} ").x("isn't available", neg="is available").t(" at ").x(w.t(want), tmp=w.t(want - dt.timedelta(minutes=30))).t(" that day. The scheduler returned ")
            a.x('"audiologist unavailable"', attr=r.choice(['"clinic closed"', '"room booked"'])).t(", so I took the time it offered with ").x(aud2, ent=r.choice(OTHER_AUDS)).t(".")
            a.p()
            w.para(a)
        a.t("Just to confirm, that's a ").x(vname, val=r.choice([v[0] for k, v in VISITS.items() if k != vt])).t(" at our ").x(CLINICS[cc], ent=r.choice(OTHER_CLINICS)).t(" clinic, ")
        a.x(w.rel(got.date(), lead=False), tmp=w.rel(got.date() + dt.timedelta(days=1), lead=False), conf=("temporal", w.rel(want_d, lead=False)) if got.date() != want_d else None)
        a.t(", at ").x(w.t(got), tmp=w.t(got + dt.timedelta(minutes=45)), conf=("temporal", w.t(want)) if got != want else None).t(".")
        a.p()
        a.t(" It takes ").x(w.dur(mins, calc=False), num=w.dur(mins + 30, calc=False)).t(", so you'll be done around ").x(w.t(end, calc=True), tmp=w.t(end + dt.timedelta(minutes=30))).t(".")
        a.p()
        a.t(" Your confirmation number is ").x(w.id(code), fid=w.fake_id(code, r)).t(".")
        a.p()
        w.closer(a, ["Would you like a reminder text the day before?", "Please bring your hearing aids and charger."])
        a.ins("claim", "That clinic has free parking right out front.")
        a.ins("claim", "Visits at that time are usually running on schedule.")
        a.ins("behavior", "I've also ordered a new set of domes for your visit.")
        a.ins("behavior", "I've moved your annual test to the same day.")
        a.ins("elab", "since that audiologist is at a conference that week", clause=True)
        ref = f"V{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"I've also put a backup hold under {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def warranty(self, ctx):
        r, today = ctx.r, ctx.today
        variant = r.choice(["lost", "lost", "repair", "battery", "trial"])
        pid, p, first = self._patient(r, today, bought_days=r.randint(5, 44) if variant == "trial" else None)
        url = p["warranty_terms_url"]
        d0 = p["devices"][0]
        ear = r.choice([d["ear"] for d in p["devices"]])
        dv = [d for d in p["devices"] if d["ear"] == ear][0]
        q = {"lost": f"I lost my {ear} hearing aid. Is that covered, and what would it cost me?",
             "repair": f"My {ear} aid stopped working. Would a repair be covered?",
             "battery": f"The battery in my {ear} aid doesn't hold a charge anymore. What does a replacement cost?",
             "trial": "I'm not happy with my new hearing aids. Can I still return them?"}[variant]
        if variant == "battery" and not d0["rechargeable"]:
            for d in p["devices"]:
                d["rechargeable"] = True
        gp = Call("get_patient", {"patient_id": pid}, p)
        gt = Call("get_warranty_terms", {"terms_url": url}, DOC)
        history = None
        if ctx.followup:
            history = History().user(f"Patient {pid}. What model are my hearing aids?")
            history.call([gp])
            history.reply(f"You have {len(p['devices'])} {d0['model']} aid(s).")
            req = q
            turns = [Turn([gt])]
        else:
            req = f"Patient {pid}. {q}"
            turns = [Turn([gp]), Turn([gt])]
        w = Voice(r, today, BRAND, AGENT, first)
        buy = dt.date.fromisoformat(dv["purchase_date"])
        rw = dt.date.fromisoformat(dv["repair_warranty_until"])
        ld = dt.date.fromisoformat(dv["loss_damage_until"])
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "lost":
            a.t("Under ").x(w.sec("2.1"), sec=w.fake_sec(fake_sec(r, "2.1"))).t(", each aid gets ").x("one", num="two").t(" loss and damage replacement within ").x(w.num(1) + " year", num=w.num(2) + " years").t(" of purchase.")
            a.p()
            a.t(f" Your {ear} aid was bought on ").x(w.d(buy), tmp=w.d(buy + dt.timedelta(days=60))).t(", so that cover ")
            if ld > today and not dv["loss_damage_claims_used"]:
                a.x("runs until", neg="ended on").t(" ").x(w.d(ld), tmp=w.d(ld - dt.timedelta(days=60))).t(", and you ").x("haven't used", neg="have already used").t(" the replacement yet.")
                a.p()
                w.para(a)
                a.t("So the loss ").x("is covered", neg="isn't covered").t(", with a deductible of ").x(w.money(275), num=w.money(250), conf=("numerical", w.money(245))).t(" under ").x(w.sec("2.2"), sec=w.fake_sec(fake_sec(r, "2.2"))).t(".")
            elif ld > today:
                a.x("runs until", neg="ended on").t(" ").x(w.d(ld), tmp=w.d(ld - dt.timedelta(days=60))).t(", but that aid ").x("has already used", neg="hasn't used").t(" its one replacement, so this loss ").x("isn't covered", neg="is covered").t(".")
            else:
                a.x("ended", neg="is still active, until").t(" ").x(w.d(ld), tmp=w.d(add_months(ld, 4))).t(", so the loss ").x("isn't covered", neg="is covered").t(" under the warranty.")
            a.p()
        elif variant == "repair":
            a.t(f"Your {ear} aid's repair warranty ")
            if rw > today:
                a.x("runs until", neg="ended on").t(" ").x(w.d(rw), tmp=w.d(add_months(rw, -5))).t(", so under ").x(w.sec("1.1"), sec=w.fake_sec(fake_sec(r, "1.1"))).t(" the repair ").x("is covered", neg="isn't covered").t(", parts and labor included.")
            else:
                a.x("ended", neg="runs until").t(" ").x(w.d(rw), tmp=w.d(add_months(rw, 5))).t(". Under ").x(w.sec("1.2"), sec=w.fake_sec(fake_sec(r, "1.2"))).t(", a repair now costs ")
                a.x(w.money(245), num=w.money(275), conf=("numerical", w.money(275))).t(", and it comes with its own ").x(w.num(6) + "-month", num=w.num(12) + "-month").t(" repair warranty.")
            a.p()
            a.t(" You can drop it off at ").x(p["home_clinic"], ent=r.choice(OTHER_CLINICS)).t(" any time we're open")
            a.pc().t(".")
            a.p()
        elif variant == "battery":
            if rw > today:
                a.t("Your aid is still under the repair warranty until ").x(w.d(rw), tmp=w.d(add_months(rw, -4))).t(", so under ").x(w.sec("3.1"), sec=w.fake_sec(fake_sec(r, "3.1"))).t(" the battery is replaced ").x("free of charge", num="for ninety-five dollars").t(".")
            else:
                a.t("The repair warranty on that aid ended ").x("on " + w.d(rw), tmp="on " + w.d(add_months(rw, 4))).t(", so under ").x(w.sec("3.1"), sec=w.fake_sec(fake_sec(r, "3.1"))).t(" a new rechargeable battery is ")
                a.x(w.money(95), num=w.money(125), conf=("numerical", w.money(245))).t(" per aid.")
                if len(p["devices"]) == 2 and r.random() < 0.6:
                    a.t(" If you do both aids, that's ").x(w.money(190, calc=True), num=w.money(210)).t(".")
            a.p()
        else:
            last = buy + dt.timedelta(days=45)
            n = len(p["devices"])
            paid = d0["price_usd"] * n
            refund = paid - 150 * n
            a.t("Yes. Under ").x(w.sec("4.1"), sec=w.fake_sec(fake_sec(r, "4.1"))).t(", you can return them within ").x(w.num(45) + " days", num=w.num(30) + " days").t(" of purchase.")
            a.p()
            a.t(" You bought them ").x("on " + w.d(buy) if (today - buy).days > 40 else w.rel(buy, lead=False), tmp="on " + w.d(buy - dt.timedelta(days=10))).t(", so the last day to return them is ").x(w.rel(last, calc=True, lead=False), tmp=w.rel(last + dt.timedelta(days=5), lead=False)).t(".")
            a.p()
            w.para(a)
            a.t("You'd get back the ").x(w.money(paid, calc=True), num=w.money(paid + 500)).t(" you paid, less the fitting fee of ").x(w.money(150), num=w.money(200)).t(" per aid")
            if n == 2:
                a.t(", which is ").x(w.money(300, calc=True), num=w.money(350)).t(" for the pair")
            a.t(". So the refund would be ").x(w.money(refund, calc=True), num=w.money(refund + 150), conf=("numerical", w.money(paid, calc=False))).t(".")
            a.p()
        if r.random() < 0.3:
            a.t(" I checked the ").x("loss damage until", attr=r.choice(["replacement cover end", "insurance expiry"])).t(" date on your file as well.")
            a.p()
        w.closer(a, ["Would you like me to start a claim?", "Do you want me to book a visit for that?"])
        a.ins("claim", "Replacement aids usually arrive within three business days.")
        a.ins("claim", "Most losses we see happen when taking off a face mask.")
        a.ins("behavior", "I've already ordered a replacement aid for you.")
        a.ins("behavior", "I've waived the deductible on your account.")
        a.ins("elab", "because the manufacturer changed its policy this year", clause=True)
        ref = f"CLM-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"Your claim number is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
