"""recreation_programs (set q): the correspondence assistant of the City of Lakeshore Heights' Recreation Services —
drafts replies about program registrations (swimming lessons, skating, day camps) from the household record (members and
fee assistance), the program search, the Recreation Fees Policy (a web page with numbered sections) and the registration
system (a registration refused by design when the class is full — reason code and a wait-list alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .qstyle import Clerk, vet

BASE = "https://rec.lakeshoreheights.example/api/v1"
POLICY = "https://www.lakeshoreheights.example/recreation/fees-policy-rp-07"
PARENTS = [("Ms.", "Fatima", "Haddad"), ("Mr.", "Jean-François", "Roy"), ("Ms.", "Emily", "Nguyen"), ("Mr.", "Marcus", "Campbell"),
           ("Ms.", "Isabelle", "Fortin"), ("Mr.", "Gurpreet", "Dhillon")]
KIDS = ["Amélie", "Noah", "Zara", "Liam", "Maya", "Owen", "Chloé", "Ethan"]
FAKE_NAMES = ["Bergeron", "Patel-Ross", "Kowalski", "Thibodeau"]
PROGS = {"swim": [("Swimmer 2", "Westgate Pool"), ("Swimmer 3", "Westgate Pool"), ("Swimmer 4", "Lakeview Aquatic Centre")],
         "skating": [("Learn to Skate 1", "Harbourfront Arena"), ("Learn to Skate 2", "Millbrook Arena")],
         "day_camp": [("Adventure Camp", "Pinecrest Community Centre"), ("Nature Explorers", "Lakeview Park Pavilion")]}
FAKE_PLACES = ["Eastview Pool", "Bayridge Arena", "Oakwood Community Centre"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Saturday", "Sunday"]
OFFICE = "Customer Service Office\nRecreation Services, City of Lakeshore Heights"


class RecreationPrograms(Scenario):
    name = "recreation_programs"
    agent = "lakeshore-correspondence-assistant"
    service = "lakeshore-recreation-registration"
    system = ("You are the correspondence assistant of Recreation Services, City of Lakeshore Heights. Draft the reply e-mail "
              "to the resident: a Subject line, a salutation, short numbered paragraphs with the household and program codes, "
              "the sections of the Recreation Fees Policy you rely on, the fees and any fee assistance worked out in words, and a "
              "closing from the Customer Service Office.")
    error_style = 2
    entity_noun = {"household_id": "Household", "doc_url": "Page", "program_code": "Program", "member_id": "Member"}
    preambles = ["Checking the household and the program list.", "Let me look up the programs.", "One moment."]

    def __init__(self):
        self.tools = [
            Tool("get_household", "A household record: members with ages, fee assistance status and share, and the fees policy link.",
                 s_obj({"household_id": s_str("Household, e.g. 'HH-20411'.", pattern=r"^HH-\d{5}$")}, ["household_id"]),
                 entity={"household_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("search_programs", "Programs open for registration: code, name, location, day, time, dates, classes, fee, places left.",
                 s_obj({"program_type": s_str("Type.", enum=["swim", "skating", "day_camp", "art"]),
                        "age": s_int("Participant age in years.", 3, 17),
                        "session": s_str("Session.", enum=["winter", "spring", "summer", "fall"])}, ["program_type", "age"]),
                 http=BASE, extra=[("location", "any")]),
            Tool("fetch_policy", "A Recreation Services policy page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Policy URL.", pattern=r"^https://www\.lakeshoreheights\.example/recreation/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("lang", "fr")]),
            Tool("register_participant", "Register a household member in a program. A registration that cannot be taken is "
                                         "refused with a reason code and an alternative.",
                 s_obj({"household_id": s_str("Household.", pattern=r"^HH-\d{5}$"),
                        "member_id": s_str("Member, e.g. 'M-204113'.", pattern=r"^M-\d{6}$"),
                        "program_code": s_str("Program code, e.g. 'SW-3142'.", pattern=r"^[A-Z]{2}-\d{4}$"),
                        "apply_fee_assistance": s_bool("Apply the household's fee assistance.")},
                       ["household_id", "member_id", "program_code"]),
                 entity={"household_id": "id", "member_id": "id", "program_code": "id"}, http=BASE, extra=[("notify", True)]),
        ]
        self.intents = [("program_options", self.options, True), ("registration", self.register, True)]

    def _data(self, r, today):
        title, first, last = r.choice(PARENTS)
        hid = f"HH-{r.randint(10000, 99999)}"
        kid = r.choice(KIDS)
        age = r.randint(5, 12)
        born = dt.date(today.year - age, r.randint(1, 12), r.randint(1, 28))
        if (today.month, today.day) < (born.month, born.day):
            born = born.replace(year=born.year - 1)
        subsidy = r.choice([0, 50, 50, 75])
        hh = {"household_id": hid, "primary_contact": {"title": title, "first_name": first, "last_name": last},
              "members": [{"member_id": f"M-{r.randint(100000, 999999)}", "first_name": kid, "birth_date": born.isoformat(), "age": age}],
              "fee_assistance": ({"status": "approved", "share_pct": subsidy, "valid_until": dt.date(today.year, 12, 31).isoformat()}
                                 if subsidy else {"status": "none"}),
              "fees_policy_url": POLICY}
        ptype = r.choice(list(PROGS))
        prefix = {"swim": "SW", "skating": "SK", "day_camp": "DC"}[ptype]
        session = r.choice(["spring", "summer", "fall"])
        progs = []
        for nm, loc in r.sample(PROGS[ptype], 2):
            start = today + dt.timedelta(days=r.randint(10, 40))
            day = r.choice(DAYS) if ptype != "day_camp" else "Monday to Friday"
            wd = WEEKDAYS.index(day) if day in DAYS else 0
            start += dt.timedelta(days=(wd - start.weekday()) % 7)
            classes = r.choice([6, 8, 10]) if ptype != "day_camp" else 5
            per = r.choice([11.0, 12.0, 13.5]) if ptype != "day_camp" else r.choice([38.0, 42.0, 45.0])
            progs.append({"program_code": f"{prefix}-{r.randint(1000, 9999)}", "name": nm, "location": loc,
                          "day": day,
                          "start_time": r.choice(["09:30", "10:15", "16:45", "18:00"] if ptype != "day_camp" else ["08:30", "09:00"]),
                          "start_date": start.isoformat(),
                          "end_date": (start + dt.timedelta(days=7 * (classes - 1) if ptype != "day_camp" else 4)).isoformat(),
                          "classes": classes, "fee": round(per * classes, 2), "places_left": r.randint(0, 6)})
        progs[0]["places_left"] = max(progs[0]["places_left"], 0)
        sres = {"session": session, "program_type": ptype, "age": age, "results": progs}
        P = {"cap": r.choice([300, 400]), "admin": r.choice([10.0, 15.0]), "refund_days": r.choice([7, 10]),
             "updated": (today - dt.timedelta(days=r.randint(30, 200))).isoformat()}
        return hh, sres, P

    def _policy(self, P):
        return ("CITY OF LAKESHORE HEIGHTS\nRECREATION FEES POLICY RP-07\nLast updated " + P["updated"] + "\n\n"
                "3. Fee assistance\n"
                "3(1) Approved households pay program fees less their approved fee assistance share.\n"
                f"3(2) Fee assistance is capped at ${P['cap']:.2f} per participant per calendar year.\n\n"
                "5. Withdrawals and refunds\n"
                f"5(1) A withdrawal received at least {P['refund_days']} days before the first class is refunded in full less an "
                f"administration fee of ${P['admin']:.2f}.\n"
                "5(2) No refund is given after the first class, except for medical reasons.\n\n"
                "6. Full programs\n"
                "6(1) When a program is full, the participant may be placed on the wait list; places are offered in wait-list order.\n")

    def _history(self, hh, call):
        h = History().user(f"Please open household {hh['household_id']}.")
        h.call([call])
        m = hh["members"][0]
        h.reply(f"Household {hh['household_id']}: {hh['primary_contact']['first_name']} {hh['primary_contact']['last_name']} and "
                f"{m['first_name']} (age {m['age']}).")
        return h

    def _search_call(self, r, sres):
        args = {"program_type": sres["program_type"], "age": sres["age"]}
        if r.random() < 0.7:
            args["session"] = sres["session"]
        return Call("search_programs", args, sres)

    def _prog_sentence(self, a, w, r, p, other, first):
        a.x(p["name"], conf=("entity", other["name"]) if first and other["name"] != p["name"] else None).t(" (")
        a.x(p["program_code"], fid=w.fake_id(p["program_code"], r) if first else None).t(") at ")
        a.x(p["location"], ent=r.choice(FAKE_PLACES) if first else None).t(", " + ("on " + p["day"] + "s" if p["day"] in DAYS else p["day"])
                                                                          + " at " + p["start_time"] + ", starting ")
        a.x(w.d(p["start_date"]), tmp=w.d(D2(p["start_date"], 14)) if first else None).t(": ")
        unit, pl = ("day", "days") if p["day"] not in DAYS else ("class", "classes")
        a.x(w.n(p["classes"], unit, pl=pl), num=w.n(p["classes"] + 2, unit, pl=pl) if first else None)
        a.t(" for ").x(w.money(p["fee"]), num=w.money(p["fee"] + 24) if first else None, conf=("numerical", w.money(other["fee"])) if first and other["fee"] != p["fee"] else None)

    def _assist(self, a, w, hh, fee, P):
        fa = hh["fee_assistance"]
        if fa["status"] == "approved":
            share = fee * fa["share_pct"] / 100
            w.declare(share)
            a.t("Your household's fee assistance" + w.fr("aide financière") + " is ").x("approved", val="pending").t(" at " + w.pct(fa["share_pct"], 0) + " (s. 3(1)): ")
            a.t(w.money(fee, cents=True) + " at " + w.pct(fa["share_pct"], 0) + " comes to " + w.money(share, calc=True, cents=True) + ", and the fee of "
                + w.money(fee, cents=True) + " less the " + w.money(share, cents=True) + " assistance leaves ")
            a.x(w.money(fee - share, calc=True, cents=True), num=w.money(fee - share + 18, cents=True)).t(" to pay. This is ")
            a.x("well under", rel="over").t(" the annual cap of " + w.money(P["cap"]) + " under s. 3(2).")
            return fee - share
        a.t("Your household has ").x("no fee assistance", neg="fee assistance").t(" on file, so the full fee applies (s. 3(1)).")
        return fee

    def options(self, ctx):
        r, today = ctx.r, ctx.today
        hh, sres, P = self._data(r, today)
        ch = Call("get_household", {"household_id": hh["household_id"]}, hh)
        cs = self._search_call(r, sres)
        cp = Call("fetch_policy", {"doc_url": POLICY}, self._policy(P))
        c = hh["primary_contact"]
        m = hh["members"][0]
        req = r.choice([f"{c['first_name']} {c['last_name']} (household {hh['household_id']}) asks which {sres['program_type'].replace('_', ' ')} "
                        f"programs {m['first_name']} can join and what they would cost. Please draft the reply.",
                        f"Draft a reply to household {hh['household_id']} listing the {sres['program_type'].replace('_', ' ')} options for {m['first_name']} with the cost."])
        turns = [Turn([ch]), Turn([cs, cp])]
        history = None
        if ctx.followup:
            history = self._history(hh, ch)
            req = r.choice([f"Which {sres['program_type'].replace('_', ' ')} programs could {m['first_name']} join, and at what cost? Draft the reply.",
                            f"Please draft the reply with the {sres['program_type'].replace('_', ' ')} options for {m['first_name']}."])
            turns = [Turn([cs, cp])]
        w = Clerk(r, today, OFFICE)
        a = A()
        p1, p2 = sres["results"]
        w.subject(a, "Program options for " + m["first_name"] + ", household ", (hh["household_id"], {"fid": w.fake_id(hh["household_id"], r)}))
        w.dear(a, c["title"], c["first_name"], c["last_name"], ent=r.choice(FAKE_NAMES))
        w.para(a)
        a.t("Thank you for your enquiry. For " + m["first_name"] + " (age " + str(m["age"]) + "), ")
        a.x(w.n(2, "program", word=True), num=w.n(4, "program", word=True)).t(" of program type ")
        a.x(sres["program_type"], attr={"swim": "aquatics", "skating": "ice_skating", "day_camp": "summer_camp"}[sres["program_type"]])
        a.t(" are open for registration" + w.fr("inscription") + ":")
        w.declare(2)
        w.para(a)
        self._prog_sentence(a, w, r, p1, p2, True)
        if p1["places_left"] == 0:
            a.t(". It is ").x("full", val="open").t(" at the moment.")
        else:
            a.t(". It is ").x("open", val="full").t(", with " + w.n(p1["places_left"], "place") + " left.")
        a.p()
        w.para(a)
        self._prog_sentence(a, w, r, p2, p1, False)
        a.t(". " + ("It is full at the moment" if p2["places_left"] == 0 else "There " + ("is " if p2["places_left"] == 1 else "are ")
                                                                             + w.n(p2["places_left"], "place") + " left") + ".")
        w.para(a)
        self._assist(a, w, hh, p1["fee"], P)
        a.p()
        w.para(a)
        a.t("Should you withdraw at least ").x(w.n(P["refund_days"], "day"), num=w.n(P["refund_days"] + 7, "day")).t(" before the first class, the fee ").x("is refunded", neg="is not refunded").t(" less an administration fee of "
            + w.money(P["admin"]) + " (").x("s. 5(1)", sec="s. 5(4)").t(")")
        a.pc().t(".")
        a.p()
        w.close(a, ["We would be glad to complete the registration for you.", "Please reply with your preferred program."])
        a.ins("claim", "Both programs are taught by certified Lifesaving Society instructors.")
        a.ins("claim", "Programs at this location usually fill within two days.")
        a.ins("behavior", "We have placed a courtesy hold on a spot for " + m["first_name"] + ".")
        a.ins("behavior", "We have added " + m["first_name"] + " to the wait list for both programs.")
        a.ins("elab", "as demand has been unusually high this session", clause=True)
        fake = f"{p1['program_code'][:2]}-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite_text(f"A further class, {fake}, may open later in the session.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def register(self, ctx):
        r, today = ctx.r, ctx.today
        hh, sres, P = self._data(r, today)
        ch = Call("get_household", {"household_id": hh["household_id"]}, hh)
        cs = self._search_call(r, sres)
        c = hh["primary_contact"]
        m = hh["members"][0]
        p = sres["results"][0]
        full = r.random() < 0.45
        p["places_left"] = 0 if full else max(1, p["places_left"])
        fa = hh["fee_assistance"]["status"] == "approved"
        args = {"household_id": hh["household_id"], "member_id": m["member_id"], "program_code": p["program_code"]}
        if fa or r.random() < 0.5:
            args["apply_fee_assistance"] = fa
        share = p["fee"] * hh["fee_assistance"].get("share_pct", 0) / 100
        if full:
            pos = r.randint(2, 9)
            res = {"status": "refused", "reason_code": "PROGRAM_FULL", "program_code": p["program_code"],
                   "alternative": {"option": "wait_list", "position": pos, "added": True}}
        else:
            res = {"status": "registered", "registration_number": f"REG-{r.randint(100000, 999999)}",
                   "program_code": p["program_code"], "member_id": m["member_id"], "fee": p["fee"],
                   "fee_assistance_applied": round(share, 2), "amount_due": round(p["fee"] - share, 2),
                   "payment_due": (today + dt.timedelta(days=7)).isoformat()}
        cr = Call("register_participant", args, res)
        cp = Call("fetch_policy", {"doc_url": POLICY}, self._policy(P))
        req = r.choice([f"Please register {m['first_name']} (household {hh['household_id']}) in {p['name']} ({p['program_code']}) and draft the reply to {c['first_name']} {c['last_name']}.",
                        f"Household {hh['household_id']} wants {m['first_name']} in {p['program_code']}. Register and write back, please."])
        turns = [Turn([ch, cs]), Turn([cr]), Turn([cp])]
        history = None
        if ctx.followup:
            history = self._history(hh, ch)
            req = r.choice([f"Please register {m['first_name']} in {p['program_code']} ({p['name']}) and draft the reply.",
                            f"Go ahead and sign {m['first_name']} up for {p['program_code']}, then write to the parent."])
            turns = [Turn([cs]), Turn([cr]), Turn([cp])]
        w = Clerk(r, today, OFFICE)
        a = A()
        w.subject(a, "Registration in " + p["name"] + ", program ", (p["program_code"], {"fid": w.fake_id(p["program_code"], r)}))
        w.dear(a, c["title"], c["first_name"], c["last_name"], ent=r.choice(FAKE_NAMES))
        w.para(a)
        a.t("Thank you for your request to register " + m["first_name"] + " in ")
        self._prog_sentence(a, w, r, p, sres["results"][1], True)
        a.t(".")
        a.p()
        w.para(a)
        if full:
            a.t("Unfortunately the program is ").x("full", val="open").t(" and the registration system ")
            a.x("could not accept", neg="accepted").t(" the registration (reason code ")
            a.x("PROGRAM_FULL", attr=r.choice(["CLASS_FULL", "NO_SPACE", "CAPACITY_REACHED"])).t(").")
            a.p()
            w.para(a)
            a.t("As provided in s. 6(1), " + m["first_name"] + " has been added to the wait list at position ")
            a.x(str(res["alternative"]["position"]), num=str(res["alternative"]["position"] + 3)).t("; places are offered in ")
            a.x("wait-list order", rel="reverse wait-list order").t(", and we will contact you if one becomes available")
            a.pc().t(".")
            a.p()
        else:
            a.t(m["first_name"] + " is now ").x("registered", val="wait-listed").t(" under registration number ")
            a.x(res["registration_number"], fid=w.fake_id(res["registration_number"], r)).t(" (status code ")
            a.x("registered", attr=r.choice(["enrolled", "confirmed_paid", "active_enrolment"])).t(").")
            a.p()
            w.para(a)
            self._assist(a, w, hh, p["fee"], P)
            a.t(" Payment is ").x("due", neg="not due").t(" by " + w.d2(res["payment_due"]) + ".")
            a.p()
            w.para(a)
            a.t("Under ").x("s. 5(1)", sec="s. 5(3)").t(", a withdrawal received at least " + w.n(P["refund_days"], "day")
                                                     + " before the first class is refunded less " + w.money(P["admin"]) + ".")
        w.close(a, ["Please keep this e-mail for your records.", "Please reply to this e-mail if you have any questions."])
        a.ins("claim", "Swimmers who miss two classes are moved to the next session.")
        a.ins("claim", "Parking at the facility is free during program hours.")
        a.ins("behavior", "We have also e-mailed the instructor about " + m["first_name"] + "'s needs.")
        a.ins("behavior", "A receipt for income tax purposes has been issued to you.")
        a.ins("elab", "because several families registered in the first hour" if full else "as the class size was reduced this session", clause=True)
        fake = f"REG-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite_text(f"An earlier registration, {fake}, is also on your account.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)


def D2(s, days):
    return dt.date.fromisoformat(str(s)[:10]) + dt.timedelta(days=days)
