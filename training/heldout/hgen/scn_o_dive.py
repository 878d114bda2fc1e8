"""dive_center (set o): the knowledge-base assistant of a dive centre's front desk — answers divers' questions from the
centre's help articles (searched by keyword, fetched by article ID: course prerequisites and depth limits, flying after
diving, booking changes and refunds, the scuba refresher rule) together with the diver's profile, and books guided boat
trips (a booking refused by design — refresher needed, certification too low — comes back with an offered alternative,
which the agent books instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .ostyle import D, Kb, Src, add_months, table, vet

BASE = "https://api.bluereef-divers.example/v2"
CENTRES = {"sagres": ("Sagres", "Europe/Lisbon", "the road up to Fóia (902 m)"),
           "gozo": ("Gozo", "Europe/Malta", "the drive up to Ta' Dbiegi (195 m) is fine, but any mountain trip abroad"),
           "lanzarote": ("Lanzarote", "Atlantic/Canary", "the road up to Peñas del Chache (670 m)")}
SITES = {"sagres": [("Pedra da Agulha", 14), ("Baleeira Wreck", 28), ("Ponta da Atalaia Reef", 18), ("Cabo Arches", 24)],
         "gozo": [("Blue Hole", 26), ("Xlendi Tunnel", 16), ("Wied il-Mielaħ", 18), ("Mġarr ix-Xini", 12)],
         "lanzarote": [("Playa Chica", 12), ("Museo Atlántico", 14), ("Los Erizos", 18), ("Veril Reef", 28)]}
DIVERS = ["Sam Okafor", "Lena Brandt", "Tomás Rey", "Priya Nair", "Jonas Weber", "Aoife Byrne", "Marco Ricci", "Hana Sato"]
CERTS = ["Open Water Diver", "Advanced Open Water Diver", "Rescue Diver"]
DEPTH = {"Open Water Diver": 18, "Advanced Open Water Diver": 30, "Rescue Diver": 30}
OTHER_TITLES = ["Dive Safety Standards", "Diving and Travel FAQ", "Refunds and Credits Policy", "Student Handbook"]
OTHER_SITES = ["Anchor Reef", "Grotto Bay", "Lighthouse Pinnacle"]


def _fmt_pct(x):
    return f"{x:g}%"


class DiveCenter(Scenario):
    name = "dive_center"
    agent = "bluereef-kb-assistant"
    service = "bluereef-dive-desk-agent"
    system = ("You are the front-desk assistant of BlueReef Divers. Answer divers' questions from the help-centre "
              "articles (search them, then read the article) and the diver's profile. Quote the article where the "
              "wording matters, cite the articles you used, and never promise anything the articles don't say. You can "
              "book guided trips; if a booking is declined, explain why and offer the alternative.")
    error_style = 1
    entity_noun = {"diver_id": "Diver", "article_id": "Article", "trip_id": "Trip"}
    preambles = ["Let me look that up in the help centre.", "Checking the articles.", "One moment — searching the help centre."]
    literal_ok = []

    def __init__(self):
        self.tools = [
            Tool("search_kb", "Search the help-centre articles. Returns ranked hits with article ID, title, snippet and "
                              "last-updated date.",
                 s_obj({"query": s_str("Search words.", min_len=3, max_len=200),
                        "category": s_str("Article category.", enum=["courses", "safety", "bookings", "equipment"]),
                        "limit": s_int("Maximum hits.", 1, 10)}, ["query"]),
                 http=BASE, extra=[("include_drafts", True)]),
            Tool("get_article", "A help-centre article by ID (HTML or Markdown, numbered sections).",
                 s_obj({"article_id": s_str("Article ID, e.g. 'KB-2041'.", pattern=r"^KB-\d{4}$")}, ["article_id"]),
                 entity={"article_id": "id"}, http=BASE, extra=[("format", "plain")]),
            Tool("get_diver", "A diver's profile: certification, logged dives, last dive, medical form and first-aid "
                              "dates, upcoming bookings.",
                 s_obj({"diver_id": s_str("Diver ID, e.g. 'DVR-204871'.", pattern=r"^DVR-\d{6}$"),
                        "include_bookings": s_bool("Include upcoming bookings.")}, ["diver_id"]),
                 entity={"diver_id": "id"}, http=BASE, extra=[("expand", "logbook")]),
            Tool("list_trips", "Guided trips leaving on a date from a centre, with site, maximum depth, minimum "
                               "certification, price and spaces left.",
                 s_obj({"date": s_date("Trip date, YYYY-MM-DD."),
                        "centre": s_str("Centre.", enum=["sagres", "gozo", "lanzarote"]),
                        "min_spaces": s_int("Only trips with at least this many spaces.", 1, 12)}, ["date", "centre"]),
                 http=BASE, extra=[("include_full", True)]),
            Tool("book_trip", "Book a diver on a guided trip. A booking the rules don't allow is declined with a "
                              "reason code and, where possible, an offered alternative.",
                 s_obj({"diver_id": s_str("Diver ID.", pattern=r"^DVR-\d{6}$"),
                        "trip_id": s_str("Trip ID, e.g. 'TRP-40213'.", pattern=r"^TRP-\d{5}$"),
                        "rental_kit": s_bool("Rent a full kit for the trip.")}, ["diver_id", "trip_id"]),
                 entity={"diver_id": "id", "trip_id": "id"}, http=BASE, extra=[("notify", "sms")]),
        ]
        self.intents = [("course_eligibility", self.course, True), ("fly_after_diving", self.flying, True),
                        ("cancellation_refund", self.cancel, True), ("trip_booking", self.booking, True)]

    # ------------------------------------------------------------------ data
    def _params(self, r, today):
        return {"ow": r.choice([490, 520, 545]), "aow": r.choice([360, 380, 395]), "resc": r.choice([410, 420, 445]),
                "deep": r.choice([290, 310, 325]), "comp": r.choice([8, 10, 12]), "deep_min": r.choice([20, 20, 25]),
                "med": 12, "fa": 24, "single": 12, "multi": 18, "deco": 24, "alt": 300,
                "full_h": r.choice([48, 48, 72]), "part_h": 24, "part_pct": r.choice([50, 50, 40]),
                "change_fee": r.choice([10, 15, 20]), "credit_m": 12, "note_days": 7, "refund_lo": 5, "refund_hi": 10,
                "refr_m": 12, "refr_fee": r.choice([60, 65, 70, 75]), "refr_h": 2,
                "ids": [f"KB-{x}" for x in r.sample(range(1000, 9999), 6)],
                "upd": [(today - dt.timedelta(days=r.randint(20, 400))).isoformat() for _ in range(6)]}

    def _articles(self, P, centre):
        cname, tz, alt_example = CENTRES[centre]
        arts = {}
        arts["courses"] = ("Course Prerequisites and Depth Limits",
                           "# Course Prerequisites and Depth Limits\n\nUpdated: " + P["upd"][0] + "\n\n"
                           "## 1. Before any course\n"
                           f"1.1 Every student completes the medical questionnaire. It must have been signed within the last {P['med']} months on the first day of the course.\n"
                           "1.2 If you answer yes to any question, you need a physician's sign-off before any in-water training.\n\n"
                           "## 2. Requirements by course\n\n"
                           "| Course | Minimum age | You need | Depth limit after the course |\n|---|---|---|---|\n"
                           "| Open Water Diver | 10 | no previous experience | 18 m (12 m under age 15) |\n"
                           "| Advanced Open Water Diver | 12 | Open Water Diver | 30 m |\n"
                           f"| Rescue Diver | 12 | Advanced Open Water Diver and first-aid training completed within the last {P['fa']} months | 30 m |\n"
                           f"| Deep Diver specialty | 15 | Advanced Open Water Diver and at least {P['deep_min']} logged dives | 40 m |\n\n"
                           "## 3. Fees\n"
                           f"3.1 Open Water Diver €{P['ow']}, Advanced Open Water Diver €{P['aow']}, Rescue Diver €{P['resc']}, Deep Diver specialty €{P['deep']}.\n"
                           f"3.2 Fees include equipment rental and boat dives, except a dive computer (€{P['comp']} a day).\n\n"
                           "## 4. Depth on guided trips\n"
                           "4.1 On our guided trips you may dive to the depth limit of your highest certification.\n"
                           "4.2 Dives below 30 m are only offered to Deep Diver specialty holders.\n",
                           f"Every student completes the medical questionnaire. It must have been signed within the last {P['med']} months on the first day of the course.")
        arts["flying"] = ("Flying After Diving",
                          "# Flying After Diving\n\nLast updated: " + P["upd"][1] + "\n\n"
                          "Flying too soon after diving raises the risk of decompression sickness. We follow the widely used guidance below.\n\n"
                          "## 1. Minimum surface interval before flying\n"
                          f"1.1 After a single no-decompression dive: at least {P['single']} hours.\n"
                          f"1.2 After more than one dive in a day, or dives on several days in a row: at least {P['multi']} hours.\n"
                          f"1.3 After a dive that needed decompression stops: substantially longer than {P['multi']} hours; we recommend {P['deco']} hours.\n\n"
                          "## 2. How to count\n"
                          "2.1 Count from the end of your last dive. For our boat trips, use the scheduled return time to the harbour.\n"
                          f"2.2 The same intervals apply before travelling above {P['alt']} m altitude: {alt_example} counts.\n\n"
                          "## 3. On the day of your flight\n"
                          "3.1 We don't take divers on the water on the day of their flight. Snorkelling is fine.\n",
                          f"After more than one dive in a day, or dives on several days in a row: at least {P['multi']} hours.")
        arts["cancel"] = ("Booking Changes, Cancellations and Refunds",
                          "<h1>Booking Changes, Cancellations and Refunds</h1>\n<p>Updated " + P["upd"][2] + "</p>\n"
                          "<h2>1. If you cancel</h2>\n<ol>\n"
                          f"<li>1.1 More than {P['full_h']} hours before departure: full refund, or move your booking free of charge.</li>\n"
                          f"<li>1.2 Between {P['part_h']} and {P['full_h']} hours before departure: {P['part_pct']}% refund, or move your booking for a €{P['change_fee']} change fee.</li>\n"
                          f"<li>1.3 Less than {P['part_h']} hours before departure, or if you don't show up: no refund.</li>\n</ol>\n"
                          "<h2>2. If we cancel</h2>\n"
                          f"<p>2.1 If we cancel because of weather or sea conditions, you get a full refund or a credit valid for {P['credit_m']} months.</p>\n"
                          "<h2>3. Medical reasons</h2>\n"
                          f"<p>3.1 If you can't dive for medical reasons, we give a credit valid for {P['credit_m']} months instead of a refund, provided you send a doctor's note within {P['note_days']} days.</p>\n"
                          "<h2>4. Refund timing</h2>\n"
                          f"<p>4.1 Refunds go back to the original payment method and normally arrive within {P['refund_lo']}–{P['refund_hi']} working days.</p>\n",
                          f"Between {P['part_h']} and {P['full_h']} hours before departure: {P['part_pct']}% refund, or move your booking for a €{P['change_fee']} change fee.")
        arts["refresher"] = ("Scuba Refresher Requirement",
                             "# Scuba Refresher Requirement\n\nUpdated: " + P["upd"][3] + "\n\n"
                             f"1. If your last logged dive was more than {P['refr_m']} months ago, you need a Scuba Refresher before any boat dive.\n"
                             f"2. The refresher takes about {P['refr_h']} hours in the pool with an instructor and costs €{P['refr_fee']}.\n"
                             "3. You can do the refresher the day before your boat trip or on the same morning as a shore dive.\n"
                             "4. Bring your certification card and logbook.\n",
                             f"If your last logged dive was more than {P['refr_m']} months ago, you need a Scuba Refresher before any boat dive.")
        arts["rental"] = ("Equipment Rental Prices",
                          "# Equipment Rental Prices\n\nUpdated: " + P["upd"][4] + "\n\n"
                          "| Item | Per day |\n|---|---|\n| Full kit | €30 |\n| Wetsuit | €8 |\n| Dive computer | €" + str(P["comp"]) + " |\n\n"
                          "Rentals of 5 days or more get 20% off.\n",
                          "Full kit €30 a day; rentals of 5 days or more get 20% off.")
        arts["medical"] = ("Medical Questionnaire: What You Need to Know",
                           "# Medical Questionnaire: What You Need to Know\n\nUpdated: " + P["upd"][5] + "\n\n"
                           "1. Everyone who dives with us signs the questionnaire.\n"
                           f"2. A signed questionnaire is valid for {P['med']} months.\n"
                           "3. A yes answer means a doctor must sign the physician's form before you dive.\n",
                           f"A signed questionnaire is valid for {P['med']} months.")
        return arts

    def _search(self, r, P, arts, want, query, category):
        keys = [want] + r.sample([k for k in arts if k != want], r.randint(2, 3))
        if r.random() < 0.35:
            keys[0], keys[1] = keys[1], keys[0]
        order = ["courses", "flying", "cancel", "refresher", "rental", "medical"]
        res = []
        for i, k in enumerate(keys):
            title, text, snip = arts[k]
            res.append({"rank": i + 1, "article_id": P["ids"][order.index(k)], "title": title, "snippet": snip,
                        "updated_at": P["upd"][order.index(k)], "score": round(0.93 - 0.11 * i - r.uniform(0, 0.05), 2)})
        args = {"query": query}
        if r.random() < 0.6:
            args["category"] = category
        if r.random() < 0.4:
            args["limit"] = r.choice([3, 5, 5, 10])
        result = {"query": query, "total": len(res), "results": res}
        src = next(Src(h["rank"], h["title"], h["article_id"], h["updated_at"]) for h in res if h["title"] == arts[want][0])
        return Call("search_kb", args, result), src, [Src(h["rank"], h["title"], h["article_id"], h["updated_at"]) for h in res]

    def _article(self, P, arts, key):
        order = ["courses", "flying", "cancel", "refresher", "rental", "medical"]
        return Call("get_article", {"article_id": P["ids"][order.index(key)]}, arts[key][1])

    def _diver(self, r, today, cert=None, dives=None, last=None, bookings=None):
        did = f"DVR-{r.randint(100000, 999999)}"
        cert = cert or r.choice(CERTS)
        certified = today - dt.timedelta(days=r.randint(200, 1800))
        rec = {"diver_id": did, "name": r.choice(DIVERS), "age": r.randint(19, 61), "certification": cert,
               "certified_on": certified.isoformat(), "logged_dives": dives if dives is not None else r.randint(6, 60),
               "last_dive": (last or today - dt.timedelta(days=r.randint(20, 300))).isoformat(),
               "medical_form_signed": (today - dt.timedelta(days=r.randint(30, 520))).isoformat(),
               "first_aid_completed": (today - dt.timedelta(days=r.randint(60, 1000))).isoformat(),
               "home_centre": r.choice(list(CENTRES)), "upcoming_bookings": bookings or []}
        return did, rec

    @staticmethod
    def _get_diver(rec, r):
        args = {"diver_id": rec["diver_id"]}
        if r.random() < 0.4:
            args["include_bookings"] = True
        return Call("get_diver", args, rec)

    # ------------------------------------------------------------------ intents
    def course(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        course = r.choice(["Advanced Open Water Diver", "Rescue Diver", "Deep Diver specialty"])
        if course == "Advanced Open Water Diver":
            cert = r.choice(["Open Water Diver", "Open Water Diver", "Open Water Diver"])
        else:
            cert = r.choice(["Open Water Diver", "Advanced Open Water Diver", "Advanced Open Water Diver"])
        did, rec = self._diver(r, today, cert=cert, dives=r.randint(8, 40))
        arts = self._articles(P, rec["home_centre"])
        fee = {"Advanced Open Water Diver": P["aow"], "Rescue Diver": P["resc"], "Deep Diver specialty": P["deep"]}[course]
        other_fee = {"Advanced Open Water Diver": P["resc"], "Rescue Diver": P["aow"], "Deep Diver specialty": P["aow"]}[course]
        depth = {"Advanced Open Water Diver": 30, "Rescue Diver": 30, "Deep Diver specialty": 40}[course]
        need = {"Advanced Open Water Diver": "Open Water Diver", "Rescue Diver": "Advanced Open Water Diver",
                "Deep Diver specialty": "Advanced Open Water Diver"}[course]
        has_cert = CERTS.index(cert) >= CERTS.index(need)
        fa_end = add_months(rec["first_aid_completed"], P["fa"])
        fa_ok = fa_end >= today
        dives_ok = rec["logged_dives"] >= P["deep_min"]
        ok = has_cert and (course != "Rescue Diver" or fa_ok) and (course != "Deep Diver specialty" or dives_ok)
        med = D(rec["medical_form_signed"])
        med_end = add_months(med, P["med"])
        med_ok = med_end >= today
        search, src, srcs = self._search(r, P, arts, "courses", f"{course} prerequisites", "courses")
        art = self._article(P, arts, "courses")
        req = r.choice([f"Can I sign up for the {course} course? My diver ID is {did}.",
                        f"{did} here — am I eligible for {course}?",
                        f"What do I need for the {course}? (diver {did})"])
        history = None
        turns = [Turn([self._get_diver(rec, r)]), Turn([search]), Turn([art])]
        if ctx.followup:
            history = History().user(f"What courses do you run after Open Water? I'm {did}.")
            history.call([search])
            history.reply("We run " + ", ".join(h["title"] for h in search.result["results"][:1]) + " — the article lists "
                          "Advanced Open Water Diver, Rescue Diver and the Deep Diver specialty.")
            req = r.choice([f"OK, and could I do the {course}?", f"Would I qualify for the {course} then?"])
            turns = [Turn([self._get_diver(rec, r), art])]
        w = Kb(r, today, "EUR", num_ok=True)
        a = A()
        w.opener(a, 0.25)
        pre = r.choice(["", "", "Short answer: ", "In short: "])
        if ok:
            a.t(pre + ("y" if pre else "Y") + "es, ").x("you meet", neg="you don't meet").t(" the prerequisites for the " + course)
            a.t(" — with one thing to sort out first." if not med_ok else ".")
        else:
            miss = (need if not has_cert else
                    f"first-aid training within the last {w.n(P['fa'], 'month')}" if course == "Rescue Diver" else
                    f"{w.n(P['deep_min'], 'logged dive')}")
            a.t(pre + ("n" if pre else "N") + "ot yet — the " + course + " needs " + miss + ", and your profile doesn't show that yet.")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, sec="2", fake_sec="2.4", fake_title=r.choice(OTHER_TITLES),
                     fake_date=w.d(D(src.updated) - dt.timedelta(days=r.randint(20, 60))))
        a.t("T" if not led else "t")
        a.t("he course requires ")
        if course == "Deep Diver specialty":
            a.t(need + " and at least ").x(w.n(P["deep_min"], "logged dive"), num=w.n(P["deep_min"] + 10, "logged dive"))
        elif course == "Rescue Diver":
            a.t(need + " plus first-aid training completed within the last ").x(w.n(P["fa"], "month"), num=w.n(P["fa"] - 12, "month"))
        else:
            a.t(w.q("Open Water Diver") + " certification")
        a.t(", with a minimum age of ").x(w.n(15 if course == "Deep Diver specialty" else 12), num=w.n(18))
        w.tail(a, src, sec="2", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="2.3", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t(" Your profile (").x(did, fid=w.fake_id(did, r)).t(") shows ").x(cert, val=r.choice([c for c in CERTS if c != cert]))
        a.t(" (certified " + w.d(rec["certified_on"]) + ") and ")
        a.x(w.n(rec["logged_dives"], "logged dive"), num=w.n(rec["logged_dives"] + r.choice([-5, 6]), "logged dive"))
        if course == "Deep Diver specialty" and has_cert:
            more = rec["logged_dives"] >= P["deep_min"]
            a.t(", ").x("which is enough" if more else "which is short of the minimum",
                        neg="which is short of the minimum" if more else "which is enough")
        elif r.random() < 0.6:
            a.t(" (the ").x("`logged_dives`", attr="`" + r.choice(["total_dives", "dive_count", "logbook_entries"]) + "`").t(" field)")
        a.pc().t(".")
        if CERTS.index(cert) != CERTS.index(need):
            hi = CERTS.index(cert) > CERTS.index(need)
            a.t(" That certification is ").x("above" if hi else "below", rel="below" if hi else "above").t(" the " + need + " level the course asks for.")
        if course == "Rescue Diver" and has_cert:
            a.t(" Your first-aid training was on " + w.d(rec["first_aid_completed"]) + ", so it counts until ")
            a.x(w.d(fa_end, calc=True), tmp=w.d(fa_end + dt.timedelta(days=r.choice([-62, 61]))))
            a.t(f" ({w.d(rec['first_aid_completed'])} + {w.n(P['fa'], 'month')} = {w.d(fa_end)})")
            a.t(" — " + ("still in date." if fa_ok else "that has already passed, so you'd need to redo it."))
        a.p()
        a.t("\n\n")
        a.t("Separately, your medical questionnaire was signed on ").x(w.d(med), tmp=w.d(med + dt.timedelta(days=r.choice([-45, 40]))))
        a.t(", and it has to be signed within the last " + w.n(P["med"], "month") + " on the first day of the course")
        if med_ok:
            a.t(", so it's ").x("valid", val="expired").t(" until " + w.d(med_end, calc=True) + ".")
        else:
            a.t(". Yours ran out on " + w.d(med_end, calc=True) + ", so you'll need to fill in a new one first.")
        a.p()
        if r.random() < 0.5:
            a.t(" If you answer yes to any question, " + w.q("you need a physician's sign-off before any in-water training") + ".")
        a.t("\n\n")
        if r.random() < 0.5:
            a.t(w.li() + "Fee: ").x(w.money(fee), num=w.money(fee + 45), conf=("numerical", w.money(other_fee)))
            a.t(", equipment and boat dives included except a dive computer (" + w.money(P["comp"]) + " a day)")
            w.pb(a)
            a.t("\n" + w.li() + "Depth afterwards: ").x(f"{depth} m", num=f"{depth + 5} m").t(" on guided trips")
            w.pb(a)
        else:
            a.t("The course fee is ").x(w.money(fee), num=w.money(fee + 45), conf=("numerical", w.money(other_fee)))
            a.t(", which ").x("includes", neg="doesn't include").t(" equipment rental and boat dives, except a dive computer at " + w.money(P["comp"]) + " a day.")
            a.p()
            a.t(" Afterwards you can dive to ").x(f"{depth} m", num=f"{depth + 5} m").t(" on guided trips")
            a.pc().t(".")
        if course == "Deep Diver specialty" or r.random() < 0.3:
            a.t("\n\nWorth knowing: " + w.q("Dives below 30 m are only offered to Deep Diver specialty holders") + ".")
        if w.cstyle == "num" and r.random() < 0.6:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to check the next course dates?", "Shall I send you the medical questionnaire link?"])
        a.ins("claim", f"The {course} usually runs over two days.")
        a.ins("claim", "Most students finish the course in a single weekend.")
        a.ins("behavior", "I've reserved a place for you on the next course.")
        a.ins("behavior", "I've emailed you a fresh medical questionnaire.")
        a.ins("elab", "which is the standard across most dive agencies", clause=True)
        fake = f"KB-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite_text(f"The full course outline is in article {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def flying(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        centre = r.choice(list(CENTRES))
        tz = CENTRES[centre][1]
        day = today + dt.timedelta(days=r.randint(2, 20))
        site1, site2 = r.sample(SITES[centre], 2)
        dives = r.choice([1, 2, 2])
        dep_h, dep_m = r.choice([(8, 30), (9, 0), (13, 0)])
        dur = 180 if dives == 1 else r.choice([285, 300, 315])
        ret = dt.datetime(day.year, day.month, day.day, dep_h, dep_m) + dt.timedelta(minutes=dur)
        bref = f"BK-{r.randint(10000, 99999)}"
        trip = {"booking_ref": bref, "trip": (f"Two-tank boat dive: {site1[0]} and {site2[0]}" if dives == 2 else f"Single boat dive: {site1[0]}"),
                "dives": dives, "departs": f"{day.isoformat()}T{dep_h:02d}:{dep_m:02d}:00",
                "returns": ret.strftime("%Y-%m-%dT%H:%M:00"), "timezone": tz, "price_paid": 95.0 if dives == 2 else 60.0, "status": "confirmed"}
        did, rec = self._diver(r, today, bookings=[trip])
        rec["home_centre"] = centre
        arts = self._articles(P, centre)
        need = P["multi"] if dives == 2 else P["single"]
        earliest = ret + dt.timedelta(hours=need)
        gaps = [-75, -40, -20, 25, 50, 130, -150, 200]
        r.shuffle(gaps)
        for gap in gaps:
            flight = earliest + dt.timedelta(minutes=gap)
            flight = flight.replace(minute=(flight.minute // 5) * 5)
            if 5 <= flight.hour <= 22:
                break
        okf = flight >= earliest
        if flight.date() == ret.date():
            fday = "that evening" if flight.hour >= 17 else "the same day"
        else:
            fday = "the next morning" if flight.hour < 12 else "the next afternoon" if flight.hour < 18 else "the next evening"
        ftxt = f"{flight.hour:02d}:{flight.minute:02d}"
        search, src, srcs = self._search(r, P, arts, "flying", "flying after diving", "safety")
        art = self._article(P, arts, "flying")
        req = r.choice([f"I'm {did}. My flight home is at {ftxt} {fday} after my boat trip {bref}. Is that OK?",
                        f"Diver {did}: can I fly at {ftxt} {fday} after booking {bref}?"])
        turns = [Turn([self._get_diver(rec, r)]), Turn([search]), Turn([art])]
        history = None
        if ctx.followup:
            history = History().user(f"What have I got booked? {did}")
            history.call([self._get_diver(rec, r)])
            history.reply(f"You're booked on {trip['trip']} ({bref}), leaving {day.isoformat()} at {dep_h:02d}:{dep_m:02d}.")
            req = r.choice([f"Great. My flight home is at {ftxt} {fday} after that trip — is that too soon?",
                            f"Can I still fly at {ftxt} {fday} after it?"])
            turns = [Turn([search]), Turn([art])]
        w = Kb(r, today, "EUR", num_ok=True)
        a = A()
        rule_sec = "1.2" if dives == 2 else "1.1"
        if okf:
            a.t(r.choice(["Yes, that works", "You should be fine", "That's OK"]) + " — ").x("but only just" if gap < 45 else "with some margin",
                                                                                           val="with plenty of margin" if gap < 45 else None)
            a.t(".")
        else:
            a.t(r.choice(["No, that's too soon", "Unfortunately that's cutting it too fine", "I'd advise against that flight"]) + ".")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, sec=rule_sec, fake_sec="1.4", fake_title=r.choice(OTHER_TITLES))
        a.t("A" if not led else "a").t("fter ")
        if dives == 2:
            a.x("more than one dive in a day", val="a single dive")
        else:
            a.x("a single no-decompression dive", val="more than one dive in a day")
        a.t(", the minimum surface interval before flying is at least ").x(w.n(need, "hour"), num=w.n(need - 6, "hour"),
                                                                      conf=("numerical", w.n(P["single"] if dives == 2 else P["multi"], "hour")))
        w.tail(a, src, sec=rule_sec, fake_rank=len(srcs) + r.randint(1, 3), fake_sec="1.5", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t(" The article says to count from the end of your last dive, and for boat trips to ")
        a.t(w.q("use the scheduled return time to the harbour") + ".")
        a.t("\n\n")
        a.t("Your trip (").x(bref, fid=w.fake_id(bref, r)).t(") has ").x(w.n(dives, "dive", word=True), num=w.n(3 if dives == 2 else 2, "dive", word=True))
        a.t(" and is due back at ").x(w.tm(ret), tmp=w.tm(ret + dt.timedelta(minutes=r.choice([-90, 75])))).t(" on ").x(w.d(day), tmp=w.d(day + dt.timedelta(days=r.choice([-1, 1, 2]))))
        a.t(f", so the earliest you should fly is {w.tm(earliest, calc=True)} {'the next day' if earliest.date() != day else 'that day'}")
        a.t(f" ({w.tm(ret)} + {w.n(need, 'hour')} = {w.tm(earliest)}{' the next day' if earliest.date() != day else ''})")
        if r.random() < 0.5:
            a.t(", using the ").x("`returns`", attr="`" + r.choice(["return_time", "back_at", "arrives"]) + "`").t(" time on your booking")
        a.pc().t(".")
        mins = abs(int((flight - earliest).total_seconds() // 60))
        hh, mm = divmod(mins, 60)
        if hh:
            span_txt = w.n(hh, "hour", calc=True, word=False) + (" " + w.n(mm, "minute", calc=True, word=False) if mm else "")
            span_bad = w.n(hh + 1, "hour", word=False) + (" " + w.n(mm, "minute", word=False) if mm else "")
        else:
            span_txt, span_bad = w.n(mins, "minute", calc=True), w.n(mins + 30, "minute")
        a.t(" Your " + w.tm((flight.hour, flight.minute)) + " flight is ").x(span_txt, num=span_bad)
        if okf:
            a.t(" ").x("after", rel="before").t(" that.")
        else:
            a.t(" ").x("too early", rel="later than needed").t(".")
        a.p()
        a.t("\n\n")
        if okf:
            a.t("A couple of things to keep in mind:\n")
        else:
            a.t("Your options:\n")
            a.t(w.step(1) + "Move to a later flight (" + w.tm(earliest) + " or after).\n")
            a.t(w.step(2) + ("Switch to a single dive, which needs " if dives == 2 else "Skip the boat trip; ") + (w.n(P["single"], "hour") + " instead of " + w.n(P["multi"], "hour") + ".\n" if dives == 2 else "snorkelling is fine.\n"))
        if not okf:
            a.t("\nAlso worth knowing:\n")
        a.t(w.li() + "We ").x("don't", neg="do").t(" take divers on the water on the day of their flight")
        w.pb(a)
        a.t("\n" + w.li() + "The same intervals apply before going above ").x(f"{P['alt']} m", num=f"{P['alt'] + 200} m").t(" altitude")
        w.pb(a)
        a.t("\n" + w.li() + "If a dive needed decompression stops, the article recommends ").x(w.n(P["deco"], "hour"), num=w.n(P["deco"] + 12, "hour"))
        a.t(" instead")
        w.pb(a)
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to look at moving your trip to an earlier day?", "I can check single-dive trips that day if that helps."])
        a.ins("claim", "Most airlines ask divers to wait 24 hours before flying.")
        a.ins("claim", "The harbour return time is usually about 30 minutes after the last diver surfaces.")
        a.ins("behavior", "I've added a note to your booking about the flight.")
        a.ins("behavior", "I've moved your trip to the morning departure.")
        a.ins("elab", "because cabin pressure is equivalent to being at around 2,400 m", clause=True)
        fake = f"KB-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite_text(f"There's more detail in article {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def cancel(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        centre = r.choice(list(CENTRES))
        band = r.choice(["full", "part", "part", "none"])
        hours = {"full": r.randint(P["full_h"] + 6, P["full_h"] + 120), "part": r.randint(P["part_h"] + 2, P["full_h"] - 2),
                 "none": r.randint(3, P["part_h"] - 3)}[band]
        for _ in range(300):
            dep = dt.datetime(today.year, today.month, today.day, *r.choice([(8, 30), (9, 15), (13, 30), (14, 0)]))
            dep += dt.timedelta(days=r.randint(0, 7))
            now = dep - dt.timedelta(hours=hours, minutes=r.choice([0, 10, 25, 40]))
            if now.date() == today and 7 <= now.hour <= 21:
                break
            hours = {"full": r.randint(P["full_h"] + 6, P["full_h"] + 120), "part": r.randint(P["part_h"] + 2, P["full_h"] - 2),
                     "none": r.randint(3, P["part_h"] - 3)}[band]
        else:
            now = dt.datetime(today.year, today.month, today.day, 9, 0)
            dep = now + dt.timedelta(hours=hours)
        hrs = (dep - now).total_seconds() / 3600
        site1 = r.choice(SITES[centre])
        price = r.choice([60.0, 75.0, 95.0, 110.0])
        bref = f"BK-{r.randint(10000, 99999)}"
        trip = {"booking_ref": bref, "trip": f"Boat dive: {site1[0]}", "dives": 1 if price < 90 else 2,
                "departs": dep.strftime("%Y-%m-%dT%H:%M:00"), "timezone": CENTRES[centre][1], "price_paid": price,
                "status": "confirmed"}
        did, rec = self._diver(r, today, bookings=[trip])
        rec["home_centre"] = centre
        rec["as_of"] = now.strftime("%Y-%m-%dT%H:%M:00")
        arts = self._articles(P, centre)
        search, src, srcs = self._search(r, P, arts, "cancel", "cancel booking refund", "bookings")
        art = self._article(P, arts, "cancel")
        req = r.choice([f"I need to cancel {bref} (diver {did}). Do I get my money back?",
                        f"{did}: what happens if I cancel booking {bref} now?"])
        turns = [Turn([self._get_diver(rec, r), search]), Turn([art])]
        history = None
        if ctx.followup:
            history = History().user(f"Can you show my bookings? {did}")
            history.call([self._get_diver(rec, r)])
            history.reply(f"You have one: {trip['trip']} ({bref}).")
            req = r.choice(["I might have to cancel that one. What would I get back?", f"If I cancel {bref} today, is it refunded?"])
            turns = [Turn([search]), Turn([art])]
        w = Kb(r, today, "EUR", num_ok=True)
        a = A()
        sec = {"full": "1.1", "part": "1.2", "none": "1.3"}[band]
        h = int(hrs)
        refund = {"full": price, "part": price * P["part_pct"] / 100, "none": 0.0}[band]
        w.declare("num", h)
        if band == "full":
            a.t("Yes — you'd get a ").x("full refund", val="50% refund").t(".")
        elif band == "part":
            a.t("You'd get ").x(w.money(refund, calc=True), num=w.money(refund + 20), conf=("numerical", w.money(price)))
            a.t(" back, not the full " + w.money(price) + ".")
        else:
            a.t("Unfortunately ").x("no", neg="yes").t(" — at this point the booking isn't refundable.")
        a.p()
        a.t("\n\n")
        a.t("Your trip (").x(bref, fid=w.fake_id(bref, r)).t(") leaves at " + w.tm(dep) + " on ").x(w.d(dep.date()), tmp=w.d(dep.date() + dt.timedelta(days=r.choice([-1, 1]))))
        if h >= 72:
            a.t(", which is ").x(w.n(h // 24, "day", calc=True) + " and " + w.n(h % 24, "hour", calc=True), num=w.n(h // 24 - 2, "day") + " and " + w.n(h % 24, "hour"))
            a.t(" from now. ")
        else:
            a.t(", which is about ").x(w.n(h, "hour", calc=True), num=w.n(h + 30, "hour")).t(" from now. ")
        led = w.lead(a, src, sec=sec, fake_sec="1.6", fake_title=r.choice(OTHER_TITLES))
        if band == "full":
            a.t("C" if not led else "c").t("ancelling ").x("more than", rel="less than").t(" " + w.n(P["full_h"], "hour"))
            a.t(" before departure gets a full refund, or you can move the booking free of charge")
        elif band == "part":
            a.t("C" if not led else "c").t("ancelling between " + w.n(P["part_h"], "hour", word=False) + " and ")
            a.x(w.n(P["full_h"], "hour", word=False), num=w.n(P["full_h"] + 24, "hour", word=False)).t(" before departure gets a ")
            a.x(w.pct(P["part_pct"]), num=w.pct(P["part_pct"] + 25)).t(" refund")
        else:
            a.t("C" if not led else "c").t("ancellations less than ").x(w.n(P["part_h"], "hour"), num=w.n(P["part_h"] + 12, "hour"))
            a.t(" before departure ").x("aren't", neg="are").t(" refunded")
        w.tail(a, src, sec=sec, fake_rank=len(srcs) + r.randint(1, 3), fake_sec="1.5", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        if band == "part":
            a.t(f" That's {w.pct(P['part_pct'])} × {w.money(price)} = {w.money(refund)}.")
        a.p()
        a.t("\n\n")
        if band != "none":
            if band == "part":
                a.t(r.choice(["If you'd rather keep the dive, you can ", "Alternatively, you can "]))
                a.t("move the booking instead for a ").x(w.money(P["change_fee"]), num=w.money(P["change_fee"] + 10)).t(" change fee.")
                a.p()
                a.t(" ")
            a.t("Refunds go back to the original payment method and ").x("normally", val="always").t(" arrive within ")
            a.x(f"{P['refund_lo']}–{P['refund_hi']} working days", num=f"{P['refund_lo'] - 2}–{P['refund_hi'] - 5} working days")
            a.pc().t(".")
            a.p()
        else:
            a.t("Two exceptions are worth checking:\n")
            a.t(w.li() + "If we cancel for weather or sea conditions, you get a full refund or a credit valid for ")
            a.x(w.n(P["credit_m"], "month"), num=w.n(P["credit_m"] + 12, "month"))
            w.pb(a)
            a.t("\n" + w.li() + "If you can't dive for medical reasons, you get a credit instead of a refund, ")
            a.x("provided you send a doctor's note within " + w.n(P["note_days"], "day"), neg="and no doctor's note is needed")
            w.pb(a)
            a.t("\n\nOtherwise the no-refund rule applies")
            a.pc().t(".")
        a.t("\n\n(The amount paid is the ").x("`price_paid`", attr=r.choice(["`amount_charged`", "`total_paid`"])).t(" on your booking: " + w.money(price) + ".)")
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Do you want me to go ahead and cancel it?", "Shall I look for another date instead?"])
        a.ins("claim", "Most divers choose to move their booking rather than cancel.")
        a.ins("claim", "Refunds to credit cards usually arrive within two days.")
        a.ins("behavior", "I've cancelled the booking for you.")
        a.ins("behavior", "I've started the refund to your card.")
        a.ins("elab", "because the boat crew is booked two days ahead", clause=True)
        fake = f"RF-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"Your refund reference is {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def booking(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        centre = r.choice(list(CENTRES))
        day = today + dt.timedelta(days=r.randint(3, 25))
        reason = r.choice(["REFRESHER_REQUIRED", "CERT_LEVEL_INSUFFICIENT"])
        sites = SITES[centre]
        deep = max(sites, key=lambda s: s[1])
        shallow = [s for s in sites if s[1] <= 18]
        if reason == "REFRESHER_REQUIRED":
            cert = r.choice(CERTS)
            target = r.choice([s for s in sites if s[1] <= DEPTH[cert]])
            last = today - dt.timedelta(days=r.randint(400, 800))
        else:
            cert = "Open Water Diver"
            target = deep
            last = today - dt.timedelta(days=r.randint(20, 200))
        did, rec = self._diver(r, today, cert=cert, last=last)
        rec["home_centre"] = centre
        arts = self._articles(P, centre)
        trips = []
        ids = r.sample(range(10000, 99999), 4)
        hrs = [(8, 30), (9, 0), (13, 30), (14, 0)]
        for i, (s, dmax) in enumerate(sites):
            price = 60.0 if dmax <= 18 else 75.0
            trips.append({"trip_id": f"TRP-{ids[i]}", "site": s, "max_depth_m": dmax,
                          "min_certification": "Open Water Diver" if dmax <= 18 else "Advanced Open Water Diver",
                          "departs": f"{day.isoformat()}T{hrs[i][0]:02d}:{hrs[i][1]:02d}:00", "price": price,
                          "spaces_left": r.randint(2, 8)})
        tt = next(t for t in trips if t["site"] == target[0])
        bref = f"BK-{r.randint(10000, 99999)}"
        if reason == "REFRESHER_REQUIRED":
            prev = day - dt.timedelta(days=1)
            offer_id = f"TRP-{r.randint(10000, 99999)}"
            offer = {"trip_id": offer_id, "name": "Scuba Refresher (pool)", "departs": f"{prev.isoformat()}T16:00:00",
                     "price": float(P["refr_fee"])}
            declined = {"status": "declined", "reason_code": reason,
                        "message": f"Last logged dive {rec['last_dive']} is more than {P['refr_m']} months ago; a refresher is required before boat dives.",
                        "offer": offer}
            booked = {"status": "confirmed", "booking_ref": bref, "trip_id": offer_id, "name": offer["name"],
                      "departs": offer["departs"], "price": offer["price"], "currency": "EUR"}
            alt_name, alt_when, alt_price = offer["name"], D(offer["departs"]), offer["price"]
        else:
            alt = r.choice([t for t in trips if t["max_depth_m"] <= 18])
            declined = {"status": "declined", "reason_code": reason,
                        "message": f"{target[0]} goes to {target[1]} m; {cert} is limited to {DEPTH[cert]} m.",
                        "offer": {"trip_id": alt["trip_id"], "site": alt["site"], "departs": alt["departs"], "price": alt["price"]}}
            booked = {"status": "confirmed", "booking_ref": bref, "trip_id": alt["trip_id"], "site": alt["site"],
                      "departs": alt["departs"], "price": alt["price"], "currency": "EUR"}
            alt_name, alt_when, alt_price = alt["site"], D(alt["departs"]), alt["price"]
        kit = r.random() < 0.4
        b1 = {"diver_id": did, "trip_id": tt["trip_id"]}
        if kit:
            b1["rental_kit"] = True
        b2 = {"diver_id": did, "trip_id": booked["trip_id"]}
        if kit:
            b2["rental_kit"] = True
        search, src, srcs = self._search(r, P, arts, "refresher" if reason == "REFRESHER_REQUIRED" else "courses",
                                         "refresher requirement" if reason == "REFRESHER_REQUIRED" else "depth limits certification",
                                         "safety" if reason == "REFRESHER_REQUIRED" else "courses")
        art = self._article(P, arts, "refresher" if reason == "REFRESHER_REQUIRED" else "courses")
        lt = Call("list_trips", {"date": day.isoformat(), "centre": centre}, {"date": day.isoformat(), "centre": centre, "trips": trips})
        req = r.choice([f"Please book me on the {target[0]} trip on {day.isoformat()} — diver {did}.",
                        f"{did}: I'd like the {target[0]} dive on {day.isoformat()}."])
        turns = [Turn([self._get_diver(rec, r), lt]), Turn([Call("book_trip", b1, declined)]), Turn([search]), Turn([art]),
                 Turn([Call("book_trip", b2, booked)])]
        history = None
        if ctx.followup:
            history = History().user(f"What trips are there from {CENTRES[centre][0]} on {day.isoformat()}?")
            history.call([lt])
            history.reply("; ".join(f"{t['site']} at {t['departs'][11:16]} ({t['trip_id']})" for t in trips) + ".")
            req = r.choice([f"Book me on {target[0]} please, diver {did}.", f"I'll take {target[0]} — my ID is {did}."])
            turns = [Turn([Call("book_trip", b1, declined)]), Turn([search]), Turn([art]), Turn([Call("book_trip", b2, booked)])]
        w = Kb(r, today, "EUR", num_ok=True)
        a = A()
        a.t("I couldn't book " + target[0] + " — the booking system ").x("declined", val="waitlisted").t(" it with ")
        a.x(f"`{reason}`", attr="`" + r.choice(["DEPTH_NOT_PERMITTED", "REFRESHER_OVERDUE", "DIVER_NOT_ELIGIBLE"]) + "`").t(".")
        a.p()
        a.t(" ")
        if reason == "REFRESHER_REQUIRED":
            a.t("Your last logged dive was on ").x(w.d(rec["last_dive"]), tmp=w.d(D(rec["last_dive"]) + dt.timedelta(days=r.choice([120, 200]))))
            a.t(", and ")
            led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
            a.t("if your last logged dive was ").x("more than", rel="less than").t(" ").x(w.n(P["refr_m"], "month"), num=w.n(P["refr_m"] + 12, "month"))
            a.t(" ago you need a Scuba Refresher before any boat dive")
            w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
            a.t(".")
        else:
            a.t(target[0] + " goes to ").x(f"{target[1]} m", num=f"{target[1] - 6} m").t(", and your ").x(cert, val="Advanced Open Water Diver")
            a.t(" certification is limited to ").x(f"{DEPTH[cert]} m", num=f"{DEPTH[cert] + 6} m")
            w.tail(a, src, sec="2", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="2.4", fake_title=r.choice(OTHER_TITLES))
            a.t(".")
        a.p()
        a.t("\n\n")
        a.t("It offered " + alt_name + " instead, so I've booked that: ")
        if w.bold:
            a.t("**").x(bref, fid=w.fake_id(bref, r)).t("**")
        else:
            a.t("booking ").x(bref, fid=w.fake_id(bref, r))
        a.t(", ").x(w.d(alt_when, wd=r.random() < 0.4), tmp=w.d(alt_when + dt.timedelta(days=r.choice([1, 2])))).t(" at " + w.tm(booked["departs"]))
        a.t(", ").x(w.money(alt_price), num=w.money(alt_price + 15), conf=("numerical", w.money(tt["price"])) if tt["price"] != alt_price else None).t(".")
        a.p()
        if reason == "REFRESHER_REQUIRED":
            a.t(" It's ").x("about " + w.n(P["refr_h"], "hour"), num="about " + w.n(P["refr_h"] + 2, "hour")).t(" in the pool with an instructor")
            a.pc().t(".")
            a.t(" Once it's done you can rebook " + target[0] + ", which ").x("still had", neg="no longer had").t(" " + w.n(tt["spaces_left"], "space") + " left when I checked.")
        else:
            a.t(" Its maximum depth is ").x(f"{alt['max_depth_m']} m", num=f"{alt['max_depth_m'] + 10} m").t(", ").x("within", rel="beyond").t(" your limit.")
            a.t(" To dive " + target[0] + " you'd need the Advanced Open Water Diver course first.")
        a.p()
        if kit:
            a.t("\n\nI've kept the rental kit on the booking.")
        if reason == "REFRESHER_REQUIRED":
            a.t("\n\n" + r.choice(["Bring your certification card and logbook.", "Remember your certification card and logbook on the day."]))
        a.pp()
        w.closer(a, ["Want me to hold a place on " + target[0] + " for later?", "Anything else for your trip?"])
        a.ins("claim", "The refresher also counts towards your logged dives.")
        a.ins("claim", f"{target[0]} usually sells out a week ahead.")
        a.ins("behavior", f"I've also added you to the waiting list for {target[0]}.")
        a.ins("behavior", "I've charged the card on file.")
        a.ins("elab", "since the boat only takes certified divers", clause=True)
        fake = f"INV-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"The invoice number is {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
