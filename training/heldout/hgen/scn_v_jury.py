"""jury_service (set v): the helper of the Harmon County Jury Office — a juror's summons (report date and time,
courthouse, group number, standby or confirmed, the evening call-in, daily pay and mileage, postponements used) read
against the juror handbook (a Markdown document fetched by path), and a request to postpone service (refused by design
when the new date is past the postponement window — reason code and the latest date allowed as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .vstyle import B, Plain, closing, means_list, opener, ts, vet

BASE = "https://jury.harmoncounty.example/api"
RULES = "/rules/jury/juror-handbook-hc-2.md"
NAMES = ["Ana Delgado", "Brian Kessler", "Tonya Brooks", "Samuel Yoon", "Rachel Lindqvist", "Marcus Bell", "Heather Okoye",
         "Victor Nguyen"]
FAKE_NAMES = ["Doris Weller", "Kurt Hansen"]
COURTS = [("Harmon County Courthouse", "200 Main St"), ("Harmon County Justice Center", "1450 Ridge Ave")]
FAKE_COURTS = ["Lakeview County Courthouse", "Harmon Municipal Court"]
ZONES = ["America/Chicago", "America/New_York", "America/Denver"]
PHONES = ["1-800-555-0190", "1-800-555-0133"]
STATUS = {"confirmed": "you're all set to serve", "standby": "you're on standby"}


class JuryService(Scenario):
    name = "jury_service"
    agent = "harmon-jury-helper"
    service = "harmon-jury-portal"
    system = ("You are the helper of the Harmon County Jury Office. Explain each person's jury summons to them in plain, "
              "friendly words a sixth grader could follow, with no legal terms or codes. Use only the summons record and "
              "the juror handbook, and end with what the person should do next.")
    error_style = 0
    entity_noun = {"juror_id": "Juror", "doc_path": "Document"}
    preambles = ["Let me look up your summons.", "Checking your summons and the juror handbook."]

    def __init__(self):
        self.tools = [
            Tool("get_summons", "A juror's summons: report date and time, courthouse, group, status, call-in, pay, mileage, "
                                "postponements used.",
                 s_obj({"juror_id": s_str("Juror number, e.g. 'J4821937'.", pattern=r"^J\d{7}$"),
                        "include_pay": s_bool("Include pay and mileage.")}, ["juror_id"]),
                 entity={"juror_id": "id"}, http=BASE, extra=[("include_panel", True)]),
            Tool("read_juror_rules", "A juror handbook document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/rules/jury/[a-z0-9/_.-]+\.md$"),
                        "section": s_int("Only this section.", 1, 10)}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "pdf")]),
            Tool("request_postponement", "Move a juror's service to a later date. A date past the postponement window is "
                                         "refused with a reason code and the latest date allowed.",
                 s_obj({"juror_id": s_str("Juror number.", pattern=r"^J\d{7}$"),
                        "new_date": s_date("Requested new date, YYYY-MM-DD."),
                        "reason": s_str("Why.", enum=["work", "travel", "medical", "school", "caregiving"]),
                        "days_notice": s_int("Days of notice given.", 0, 365)},
                       ["juror_id", "new_date", "reason"]),
                 entity={"juror_id": "id"}, http=BASE, extra=[("skip_review", True)]),
        ]
        self.intents = [("summons_status", self.status, True), ("postpone_service", self.postpone, True)]

    def _P(self, r):
        return {"pay": r.choice([40, 45, 50]), "mile": r.choice([0.3, 0.35, 0.4]), "window": r.choice([60, 90]),
                "callin": 17, "rev": r.choice(["2", "3"])}

    def _summons(self, r, today, P, used=None):
        zone = r.choice(ZONES)
        d = today + dt.timedelta(days=r.randint(3, 30))
        while d.weekday() >= 5:
            d += dt.timedelta(days=1)
        court, addr = r.choice(COURTS)
        hh = r.choice([8, 8, 9])
        status = r.choice(["confirmed", "standby"])
        rec = {"juror_id": f"J{r.randint(1000000, 9999999)}", "name": r.choice(NAMES),
               "summons_number": f"HC-{today.year}-{r.randint(10000, 99999)}", "court": court, "address": addr,
               "report_date": d.isoformat(), "report_time": ts(d, hh, 0, zone), "group_number": r.randint(3, 48),
               "status": status, "postponements_used": used if used is not None else r.choice([0, 0, 1]),
               "postponements_allowed": 1,
               "call_in": {"opens_at": ts(d - dt.timedelta(days=1), P["callin"], 0, zone), "line": r.choice(PHONES)},
               "pay": {"per_day": float(P["pay"]), "per_mile": P["mile"], "round_trip_miles": r.choice([12, 18, 24, 26, 30, 42])},
               "parking_free": r.random() < 0.6,
               "portal_labels": ["Reporting group", "Report date", "Postponements left"],
               "rules_path": RULES, "office_phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([9, 10, 13, 15]), r.choice([0, 20, 40]), zone)}
        return rec

    def _doc(self, P):
        return ("# Harmon County Juror Handbook (HC-2)\n\n"
                f"Revision {P['rev']}\n\n"
                "## 2. Reporting\n"
                "2.1 Report to the jury room at the time on your summons.\n"
                f"2.2 After 5 PM on the evening before your date, call the juror line or check online to see if your group "
                "still needs to come in.\n\n"
                "## 3. Pay\n"
                f"3.1 Jurors are paid ${P['pay']} for each day of service.\n"
                f"3.2 Mileage is paid at ${P['mile']:.2f} per mile for the round trip.\n\n"
                "## 4. Postponing\n"
                f"4.1 Each juror may postpone 1 time, to a weekday within {P['window']} days of the first report date.\n")

    def _history(self, rec):
        h = History().user(f"I got a jury summons, my juror number is {rec['juror_id']}. Is it still on?")
        h.call([Call("get_summons", {"juror_id": rec["juror_id"]}, rec)])
        h.reply("Yes, I found your summons. What would you like to know about it?")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "Most trials this month are expected to finish in one day.")
        a.ins("claim", "Your employer has already been told about your service.")
        a.ins("behavior", "I've also sent a reminder to your email.")
        a.ins("behavior", "I've moved you to an earlier group so you can finish sooner.")
        fake = f"J{r.randint(1000000, 9999999)}"
        a.ins("cite", w.cite(f"Your last summons, {fake}, was closed after you served.", fake))
        a.ins("elab", "because the court has fewer trials that week", clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.5:
            a.t("Hi ").x(rec["name"].split()[0], ent=r.choice(FAKE_NAMES).split()[0]).t("! ")
        else:
            opener(a, w)

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._summons(r, today, P)
        args = {"juror_id": rec["juror_id"]}
        if r.random() < 0.5:
            args["include_pay"] = True
        cg = Call("get_summons", args, rec)
        cd = Call("read_juror_rules", {"doc_path": RULES}, self._doc(P))
        req = r.choice([f"I got a jury summons and I don't understand it. Juror number {rec['juror_id']}. When do I go and do I get paid?",
                        f"what does my jury summons say? number is {rec['juror_id']}"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["When and where do I go? And do I get paid anything?", "ok so what do I have to do and when"])
            turns = [Turn([cd])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        st = rec["status"]
        other = "standby" if st == "confirmed" else "confirmed"
        a.t("Here's what your summons means: ").x(STATUS[st], val=STATUS[other] if r.random() < 0.6 else "you've been excused").t(".")
        if st == "standby":
            a.t(" That means you only come in if your group is called.")
        a.p()
        a.t(" Your juror number is ").x(rec["juror_id"], fid=w.fake_id(rec["juror_id"], r)).t(".").p()
        dc, df = w.when_pair(rec["report_date"], r.choice([-7, 1, 7]))
        court = rec["court"]
        a.t("\n\nYou're due at the ").x(court, ent=r.choice(FAKE_COURTS)).t(" (" + rec["address"] + ") ").x(dc, tmp=df).t(".")
        a.t(" Please get there ").x("by", rel="after").t(" ").x(w.time(rec["report_time"]), conf=("temporal", "5 PM"))
        a.t(" " + w.zone_word(rec["time_zone"]) + ".").p()
        a.t(" You're in group ").x(str(rec["group_number"]), num=str(rec["group_number"] + r.choice([3, 6, 11]))).t(".").p()
        pay = rec["pay"]
        trip = round(pay["round_trip_miles"] * pay["per_mile"], 2)
        day = round(pay["per_day"] + trip, 2)
        w.declare(trip)
        w.declare(day)

        def callin():
            a.t("Call the juror line at " + rec["call_in"]["line"] + " after 5 PM ").x("the evening before", rel="the evening after")
            a.t(" to see if your group still needs to come in (section ").x("2.2", sec=r.choice(["2.5", "5.2"])).t(").")

        def money():
            a.t("You'll be paid ").x(w.usd(pay["per_day"]), num=w.usd(pay["per_day"] + 25)).t(" for each day you serve, plus ")
            a.t(w.cents(pay["per_mile"]) + " a mile for driving (section ").x("3.2", sec=r.choice(["3.4", "6.2"])).t(").")

        def miles():
            a.t("Your round trip is ").x(str(pay["round_trip_miles"]), num=str(pay["round_trip_miles"] + 14)).t(" miles, so ")
            a.t(str(pay["round_trip_miles"]) + " miles at " + w.cents(pay["per_mile"]) + " comes to " + w.usd(trip) + " a day.")

        def total():
            a.t("So each day you serve, " + w.usd(pay["per_day"]) + " plus " + w.usd(trip) + " comes to ").x(w.usd(day), num=w.usd(round(day + 20, 2))).t(".")

        def parking():
            if rec["parking_free"]:
                a.t("Parking ").x("is free", neg="isn't free").t(" while you serve.")
            else:
                a.t("Parking ").x("isn't free", neg="is free").t(", so plan a little extra money for it.")

        def moving():
            if rec["postponements_used"]:
                a.t("You've already moved your date once, so you ").x("can't", neg="can").t(" move it again (section 4.1).")
            else:
                a.t("If you need a different date, you ").x("can still move it", neg="can't move it").t(' once (section 4.1). It shows as "')
                a.x("Postponements left", attr=r.choice(["Deferrals remaining", "Reschedule credits"])).t('" on the juror website.')

        means_list(a, w, [callin, money, miles, total, parking, moving])
        closing(a, w, rec["office_phone"], "Is there anything about the day itself you'd like to know?")
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def postpone(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._summons(r, today, P, used=0)
        first = dt.date.fromisoformat(rec["report_date"])
        latest = first + dt.timedelta(days=P["window"])
        if ok:
            new = first + dt.timedelta(days=r.randint(14, P["window"] - 5))
        else:
            new = latest + dt.timedelta(days=r.randint(5, 40))
        while new.weekday() >= 5:
            new += dt.timedelta(days=1)
        zone = rec["time_zone"]
        reason = r.choice(["work", "travel", "medical", "school", "caregiving"])
        args = {"juror_id": rec["juror_id"], "new_date": new.isoformat(), "reason": reason}
        if r.random() < 0.5:
            args["days_notice"] = (first - today).days
        if ok:
            res = {"status": "postponed", "juror_id": rec["juror_id"], "confirmation": f"PP-{r.randint(100000, 999999)}",
                   "new_report_date": new.isoformat(), "new_report_time": ts(new, 8, 0, zone), "postponements_left": 0}
        else:
            res = {"status": "refused", "reason_code": "DATE_TOO_FAR", "juror_id": rec["juror_id"],
                   "requested_date": new.isoformat(), "first_report_date": first.isoformat(),
                   "alternative": {"option": "choose_date_by", "latest_date": latest.isoformat()}}
        cg = Call("get_summons", {"juror_id": rec["juror_id"]}, rec)
        cd = Call("read_juror_rules", {"doc_path": RULES}, self._doc(P))
        cp = Call("request_postponement", args, res)
        req = r.choice([f"Can I move my jury duty to {new.isoformat()}? I have a {reason} conflict. Juror {rec['juror_id']}.",
                        f"please postpone my jury service (juror number {rec['juror_id']}) to {new.isoformat()}, reason: {reason}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cp])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"I can't make that date because of {reason}. Can you move it to {new.isoformat()}?",
                            f"please move it to {new.isoformat()}, I have a {reason} conflict"])
            turns = [Turn([cd]), Turn([cp])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        if ok:
            nc, nf = w.when_pair(new, r.choice([-7, 1, 7]))
            a.t("Done! We ").x("moved", val=r.choice(["asked to move", "are still reviewing the move of"])).t(" your jury service. Your new date is ")
            a.x(nc.replace("on ", "", 1) if nc.startswith("on ") else nc, tmp=nf.replace("on ", "", 1) if nf.startswith("on ") else nf).t(".").p()
            a.t(" Please get there ").x("by", rel="after").t(" 8 AM " + w.zone_word(zone) + ".").p()
            a.t("\n\nYour confirmation number is ").x(res["confirmation"], fid=w.fake_id(res["confirmation"], r)).t(".").p()
            a.t(" That was your only chance to move it, so you ").x("can't", neg="can").t(" move it again (section ")
            a.x("4.1", sec=r.choice(["4.3", "2.4"])).t(").").p()

            def callin():
                a.t("The evening before your new date, call the juror line after 5 PM to see if your group still needs to come in.")

            def where():
                a.t('On the juror website, check "').x("Report date", attr=r.choice(["Service window", "Appearance slot"])).t('" to see your new date.')

            def who():
                a.t("We'll still send mail to ").x(rec["name"], ent=r.choice(FAKE_NAMES)).t(" at the address on your summons.")

            means_list(a, w, [callin, where, who])
        else:
            k = r.choice([-3, 4])
            a.t("I'm sorry — we ").x("couldn't", neg="could").t(" move your jury service to ").x(w.date(new), tmp=w.date(new + dt.timedelta(days=k))).t(".").p()
            a.t(" You can only move it to a weekday within ").x(str(P["window"]), num=str(P["window"] + 30)).t(" days of your first date (section ")
            a.x("4.1", sec=r.choice(["4.3", "2.4"])).t(").").p()
            a.t("\n\n" + str(P["window"]) + " days after " + w.date(first, wd=False) + " is ").x(w.date(latest, wd=False, calc=True), conf=("temporal", w.date(first, wd=False)))
            a.t(", and the date you asked for is ").x("after", rel="before").t(" that.").p()
            k = r.choice([-5, 6])
            a.t(" The good news: you can still pick any weekday up to " + ("and including " if r.random() < 0.5 else ""))
            a.x(w.date(latest), tmp=w.date(latest + dt.timedelta(days=k))).t(".").p()
            a.t(" Your summons ").x("is still active", val="has been cancelled").t(' — look for "').x("Report date", attr=r.choice(["Service window", "Appearance slot"])).t('" on the juror website.').p()
            a.t("\n\n" + w.ask("Would you like me to try a date before then?"))
        closing(a, w, rec["office_phone"] if r.random() < 0.5 else None)
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
