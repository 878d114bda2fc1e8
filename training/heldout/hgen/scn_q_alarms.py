"""false_alarm_fees (set q): the correspondence assistant of the City of Port Halden's Protective Services billing
office — drafts replies about false alarm fees from the alarm account record, the Alarm Systems By-law (numbered
sections) and the appeals system (an appeal refused by design after the appeal window — reason code and an alternative
instalment plan)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_int, s_obj, s_str
from .qstyle import Clerk, vet

BASE = "https://api.porthalden.example/alarms/v1"
BYLAW = "https://www.porthalden.example/bylaws/2024-117-alarm-systems"
PEOPLE = [("Ms.", "Geneviève", "Tremblay"), ("Mr.", "Harjit", "Sandhu"), ("Ms.", "Olivia", "MacLeod"),
          ("Mr.", "Étienne", "Gagnon"), ("Ms.", "Priya", "Raman"), ("Mr.", "Daniel", "O'Connor"),
          ("Ms.", "Mei", "Chen"), ("Mr.", "Luc", "Bouchard")]
FAKE_NAMES = ["Pelletier", "Wójcik", "Fitzgerald", "Nakamura", "Lachance"]
STREETS = ["Harbour Street", "Lighthouse Road", "Champlain Avenue", "Birchwood Crescent", "Queen Street East",
           "Rue des Érables", "Keefer Lane"]
COMPANIES = ["Maritime Alarm Monitoring", "Bayview Security", "SentryNorth Monitoring", "Atlantic Watch Systems"]
FAKE_COMPANIES = ["Coastal Guard Alarms", "NorthShield Security", "Fundy Protection"]
CAUSES = ["USER_ERROR", "DOOR_CONTACT", "PET_MOTION", "LOW_BATTERY"]
OFFICE = "Customer Service Office\nProtective Services Billing, City of Port Halden"


class FalseAlarmFees(Scenario):
    name = "false_alarm_fees"
    agent = "porthalden-correspondence-assistant"
    service = "porthalden-alarm-billing"
    system = ("You are the correspondence assistant of the Protective Services Billing office of the City of Port Halden. "
              "Draft the reply e-mail to the resident or business: a Subject line, a salutation, short numbered paragraphs, "
              "the account, incident and invoice numbers, the by-law sections you rely on, and a closing from the Customer "
              "Service Office. Base every figure on the account record and the by-law, and explain the calculation in words.")
    error_style = 0
    entity_noun = {"account_id": "Alarm account", "doc_url": "Page", "incident_id": "Incident"}
    preambles = ["Let me pull up the alarm account.", "Checking the account and the by-law.", "One moment while I look that up."]

    def __init__(self):
        self.tools = [
            Tool("get_alarm_account", "An alarm account: holder, premises, alarm permit, monitoring company, the false alarm "
                                      "incidents of the registration year with fees and invoices, and the by-law link.",
                 s_obj({"account_id": s_str("Alarm account, e.g. 'AL-204118'.", pattern=r"^AL-\d{6}$"),
                        "year": s_int("Registration year.", 2020, 2030)}, ["account_id"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("fetch_bylaw", "The consolidated text of a City by-law (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("By-law page URL.", pattern=r"^https://www\.porthalden\.example/bylaws/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("language", "fr")]),
            Tool("submit_appeal", "File an appeal of a false alarm fee. An appeal the by-law does not allow is refused with a "
                                  "reason code and an alternative.",
                 s_obj({"account_id": s_str("Alarm account.", pattern=r"^AL-\d{6}$"),
                        "incident_id": s_str("Incident, e.g. 'FA-26-01234'.", pattern=r"^FA-\d{2}-\d{5}$"),
                        "grounds": s_str("Grounds.", enum=["severe_weather", "power_failure", "monitoring_error", "other"]),
                        "notes": s_str("Notes from the resident.", min_len=5, max_len=500)},
                       ["account_id", "incident_id", "grounds"]),
                 entity={"account_id": "id", "incident_id": "id"}, http=BASE, extra=[("priority", "high")]),
        ]
        self.intents = [("fee_explanation", self.fees, True), ("fee_appeal", self.appeal, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today):
        title, first, last = r.choice(PEOPLE)
        acc = f"AL-{r.randint(100000, 999999)}"
        n = r.choice([2, 3, 3])
        f2, f3 = r.choice([150.0, 180.0, 225.0]), r.choice([300.0, 360.0, 450.0])
        year = today.year
        start = dt.date(year, 1, 1)
        span = (today - start).days - 12
        days = sorted(r.sample(range(1, max(span, 30)), n))
        incs = []
        for k, dd in enumerate(days):
            d = start + dt.timedelta(days=dd)
            if d >= today:
                d = today - dt.timedelta(days=3 * (n - k))
            fee = 0.0 if k == 0 else (f2 if k == 1 else f3)
            inv = None if k == 0 else f"INV-{r.randint(2600000, 2699999)}"
            incs.append({"incident_id": f"FA-{year % 100:02d}-{r.randint(10000, 99999)}", "date": d.isoformat(),
                         "type": "false_alarm", "cause_code": r.choice(CAUSES), "fee": fee, "invoice_number": inv,
                         "invoice_date": min(d + dt.timedelta(days=r.randint(3, 9)), today - dt.timedelta(days=1)).isoformat() if inv else None})
        paid = r.choice([0.0, f2]) if n == 3 else 0.0
        total = sum(i["fee"] for i in incs)
        acct = {"account_id": acc, "holder": {"title": title, "first_name": first, "last_name": last},
                "premises": f"{r.randint(12, 980)} {r.choice(STREETS)}, Port Halden",
                "alarm_permit": {"permit_number": f"AP-{year % 100:02d}-{r.randint(1000, 9999)}",
                                 "status": r.choice(["active", "active", "expired"]),
                                 "expires": dt.date(year, 12, 31).isoformat()},
                "monitoring_company": r.choice(COMPANIES), "registration_year": year, "incidents": incs,
                "fees_billed": total, "payments_received": paid, "balance_due": total - paid, "bylaw_url": BYLAW}
        P = {"f2": f2, "f3": f3, "window": r.choice([30, 45, 60]), "interest": r.choice([1.25, 1.5]),
             "cons": (today - dt.timedelta(days=r.randint(40, 300))).isoformat()}
        return acct, P

    def _bylaw(self, P):
        return ("CITY OF PORT HALDEN\nALARM SYSTEMS BY-LAW 2024-117\nOffice consolidation, " + P["cons"] + "\n\n"
                "6. False alarm fees\n"
                "6(1) No fee is charged for the first false alarm at a premises in a calendar year.\n"
                f"6(2) A fee of ${P['f2']:.2f} is charged for the second false alarm at a premises in a calendar year.\n"
                f"6(3) A fee of ${P['f3']:.2f} is charged for the third and each subsequent false alarm in a calendar year.\n"
                "6(4) An alarm caused by severe weather, or by a power failure confirmed by the utility, is not a false alarm.\n\n"
                "8. Appeals\n"
                f"8(1) An appeal of a false alarm fee must be filed within {P['window']} days of the invoice date.\n"
                "8(2) A fee under appeal is not payable while the appeal is under review.\n"
                "8(3) Appeals are decided within 30 days of filing.\n\n"
                "9. Payment\n"
                "9(1) Fees are due 30 days after the invoice date.\n"
                f"9(2) Overdue amounts bear interest at {P['interest']}% per month.\n")

    def _calls(self, r, acct, P):
        args = {"account_id": acct["account_id"]}
        if r.random() < 0.6:
            args["year"] = acct["registration_year"]
        return Call("get_alarm_account", args, acct), Call("fetch_bylaw", {"doc_url": BYLAW}, self._bylaw(P))

    def _history(self, acct, call):
        h = History().user(f"Can you look up alarm account {acct['account_id']}? The resident is asking about fees.")
        h.call([call])
        inc = acct["incidents"]
        h.reply(f"Account {acct['account_id']} ({acct['holder']['first_name']} {acct['holder']['last_name']}) has "
                f"{len(inc)} false alarms recorded this year.")
        return h

    # ------------------------------------------------------------------ intents
    def fees(self, ctx):
        r, today = ctx.r, ctx.today
        acct, P = self._data(r, today)
        ca, cb = self._calls(r, acct, P)
        h = acct["holder"]
        req = r.choice([f"Please draft a reply to {h['first_name']} {h['last_name']} (alarm account {acct['account_id']}), "
                        "who wants to know why they were charged false alarm fees this year.",
                        f"Resident on account {acct['account_id']} disputes the alarm fees — draft an explanation e-mail."])
        turns = [Turn([ca]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(acct, ca)
            req = r.choice(["Draft the reply explaining those fees, please.", "Please write the e-mail explaining how the fees were worked out."])
            turns = [Turn([cb])]
        w = Clerk(r, today, OFFICE)
        a = A()
        inc = acct["incidents"]
        n = len(inc)
        w.subject(a, "False alarm fees, account ", (acct["account_id"], {"fid": w.fake_id(acct["account_id"], r)}))
        w.dear(a, h["title"], h["first_name"], h["last_name"], ent=r.choice(FAKE_NAMES))
        w.para(a)
        a.t("Thank you for your enquiry about the false alarm fees on your account. Our records show ")
        a.x(w.n(n, "false alarm", word=True, calc=True), num=w.n(n + 2, "false alarm", word=True)).t(" at " + acct["premises"] + " in " + str(acct["registration_year"]) + ": ")
        ds = [w.d(i["date"]) for i in inc]
        if n == 2:
            a.t("on " + ds[0] + " and on ").x(ds[1], tmp=w.d(D2(inc[1]["date"], 9))).t(".")
        else:
            a.t("on " + ds[0] + ", on " + ds[1] + " and on ").x(ds[2], tmp=w.d(D2(inc[2]["date"], 11)), conf=("temporal", ds[1])).t(".")
        a.p()
        a.t(" The alarms were relayed by your monitoring company, ").x(acct["monitoring_company"], ent=r.choice(FAKE_COMPANIES)).t(".")
        w.para(a)
        a.t("Under the Alarm Systems By-law 2024-117, s. 6(1), the first false alarm in a calendar year ")
        a.x("is not charged", neg="is charged").t(". The second alarm (incident " + inc[1]["incident_id"] + ") was billed at ")
        a.x(w.money(P["f2"]), num=w.money(P["f2"] + 75)).t(" under ").x("s. 6(2)", sec="s. 6(6)")
        a.t(" on invoice ").x(inc[1]["invoice_number"], fid=w.fake_id(inc[1]["invoice_number"], r)).t(".")
        a.p()
        total = acct["fees_billed"]
        if n == 3:
            a.t(" The third (incident " + inc[2]["incident_id"] + ") was billed at ")
            a.x(w.money(P["f3"]), conf=("numerical", w.money(P["f2"]))).t(" under s. 6(3), which sets a ")
            a.x("higher", rel="lower").t(" fee for the third and each later false alarm. ")
            a.t(w.money(P["f2"]) + " plus " + w.money(P["f3"]) + " comes to ")
            a.x(w.money(total, calc=True), num=w.money(total + 120)).t(" in fees for the year")
            a.pc().t(".")
        else:
            a.t(" The total billed for the year is therefore ").x(w.money(total, calc=True), num=w.money(total * 2)).t(", the fee for the second alarm only")
            a.pc().t(".")
        w.para(a)
        cause = inc[-1]["cause_code"]
        a.t("The most recent alarm was recorded with cause code ")
        a.x(cause, attr=r.choice(["OPERATOR_FAULT", "SENSOR_TRIP", "KEYPAD_ERROR"])).t(" by the dispatch centre" + w.fr("centre de répartition") + ".")
        a.p()
        paid = acct["payments_received"]
        bal = acct["balance_due"]
        w.para(a)
        if paid:
            a.t("We have received a payment of " + w.money(paid) + ". The total of " + w.money(total) + " less the " + w.money(paid) + " already paid leaves ")
            a.x(w.money(bal), num=w.money(bal + 45)).t(" outstanding.")
        else:
            a.t("No payment has been received yet, so the balance of ").x(w.money(bal), num=w.money(bal + 60)).t(" ")
            a.x("remains outstanding", neg="has been paid in full").t(".")
        a.t(" Your alarm permit " + acct["alarm_permit"]["permit_number"] + " ")
        st = acct["alarm_permit"]["status"]
        a.x("is active" if st == "active" else "has expired", val="has been suspended" if st == "active" else "is active")
        a.t(" (valid to " + w.d2(acct["alarm_permit"]["expires"]) + ").")
        a.p()
        w.para(a)
        a.t("If you believe an alarm was caused by severe weather or a confirmed power failure, it is not a false alarm under "
            "s. 6(4), and you may appeal the fee within ").x(w.n(P["window"], "day"), num=w.n(P["window"] + 15, "day")).t(" of the invoice date (s. 8(1)).")
        a.p()
        w.close(a, ["We would be pleased to help you file an appeal if you wish.", "Please reply to this e-mail if you have any questions."])
        a.ins("claim", "False alarms in Port Halden fell by a third last year.")
        a.ins("claim", "Your monitoring company has confirmed that the equipment was working properly.")
        a.ins("behavior", "We have also forwarded the dispatch records to your monitoring company.")
        a.ins("behavior", "A reminder notice has been mailed to the premises today.")
        a.ins("elab", "most likely because the system was armed while the premises were occupied", clause=True)
        fake = f"DR-{today.year % 100:02d}-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite_text(f"The dispatch report is filed under {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def appeal(self, ctx):
        r, today = ctx.r, ctx.today
        acct, P = self._data(r, today)
        ca, cb = self._calls(r, acct, P)
        h = acct["holder"]
        inc = acct["incidents"][-1]
        inv_date = dt.date.fromisoformat(inc["invoice_date"])
        deadline = inv_date + dt.timedelta(days=P["window"])
        if deadline == today:
            deadline = inv_date + dt.timedelta(days=P["window"])
        ok = today <= deadline
        grounds = r.choice(["severe_weather", "power_failure", "monitoring_error"])
        args = {"account_id": acct["account_id"], "incident_id": inc["incident_id"], "grounds": grounds}
        if r.random() < 0.5:
            args["notes"] = "Resident reports the alarm was triggered during a storm." if grounds == "severe_weather" else "Resident disputes the alarm."
        if ok:
            case = f"APL-{today.year}-{r.randint(1000, 9999)}"
            decide = today + dt.timedelta(days=30)
            res = {"status": "received", "appeal_case": case, "incident_id": inc["incident_id"], "filed": today.isoformat(),
                   "decision_due": decide.isoformat(), "fee_on_hold": inc["fee"]}
        else:
            res = {"status": "refused", "reason_code": "APPEAL_WINDOW_CLOSED", "incident_id": inc["incident_id"],
                   "received": today.isoformat(),
                   "message": f"The appeal period ended on {deadline.isoformat()}.",
                   "alternative": {"option": "instalment_plan", "instalments": 3, "instalment_amount": round(acct["balance_due"] / 3, 2)}}
        cc = Call("submit_appeal", args, res)
        req = r.choice([f"{h['first_name']} {h['last_name']} (account {acct['account_id']}) wants to appeal the latest false alarm "
                        f"fee ({inc['incident_id']}). File it and draft the reply.",
                        f"Please file an appeal for incident {inc['incident_id']} on alarm account {acct['account_id']} and write to the resident."])
        turns = [Turn([ca]), Turn([cb]), Turn([cc])]
        history = None
        if ctx.followup:
            history = self._history(acct, ca)
            req = r.choice(["They want to appeal the most recent fee. Please file it and draft the reply.",
                            "Please appeal the latest incident on that account and write to the resident."])
            turns = [Turn([cb]), Turn([cc])]
        w = Clerk(r, today, OFFICE)
        a = A()
        w.subject(a, "Appeal of false alarm fee, incident ", (inc["incident_id"], {"fid": w.fake_id(inc["incident_id"], r)}))
        w.dear(a, h["title"], h["first_name"], h["last_name"], ent=r.choice(FAKE_NAMES))
        w.para(a)
        a.t("We have reviewed your request to appeal the fee of ").x(w.money(inc["fee"]), num=w.money(inc["fee"] + 90))
        prev = acct["incidents"][-2]
        a.t(" for the false alarm of ").x(w.d(inc["date"]), tmp=w.d(D2(inc["date"], -6)), conf=("temporal", w.d(prev["date"]))).t(" at " + acct["premises"] + ", billed on invoice ")
        a.x(inc["invoice_number"], fid=w.fake_id(inc["invoice_number"], r)).t(" dated " + w.d(inc["invoice_date"]) + ".")
        a.p()
        w.para(a)
        a.t("Under the Alarm Systems By-law 2024-117, ").x("s. 8(1)", sec="s. 8(4)").t(", an appeal must be filed within "
            + w.n(P["window"], "day") + " of the invoice date: " + w.d(inc["invoice_date"], style="iso") + " plus " + str(P["window"]) + " days is ")
        a.x(w.d(deadline, calc=True, style="iso"), tmp=w.d(deadline + dt.timedelta(days=14), style="iso")).t(".")
        a.t(" Your request was entered with the grounds code ").x(grounds, attr={"severe_weather": "storm_damage", "power_failure": "power_outage",
                                                                             "monitoring_error": "dispatch_error"}[grounds]).t(".")
        w.para(a)
        if ok:
            a.t("Your appeal was filed on " + w.d(today) + " ").x("within", rel="after").t(" that period and has been ")
            a.x("registered", val="refused").t(" as case ").x(res["appeal_case"], fid=w.fake_id(res["appeal_case"], r))
            a.t(w.fr("dossier d'appel") + ". Under s. 8(2), the fee ")
            a.x("is not payable", neg="remains payable").t(" while the appeal is under review, and a decision is due by ")
            a.x(w.d2(res["decision_due"]), tmp=w.d2(D2(res["decision_due"], 21))).t(" (s. 8(3))")
            a.pc().t(".")
            a.p()
        else:
            a.t("As the request reached us on " + w.d(today) + ", ").x("after", rel="before").t(" that date, the appeal system ")
            a.x("refused", val="accepted").t(" it (reason code ").x("APPEAL_WINDOW_CLOSED", attr=r.choice(["APPEAL_EXPIRED", "LATE_APPEAL", "WINDOW_ELAPSED"]))
            a.t("). The fee ").x("remains payable", neg="is no longer payable").t(".")
            a.p()
            alt = res["alternative"]
            w.para(a)
            a.t("As an alternative, the balance of " + w.money(acct["balance_due"]) + " can be paid in an instalment plan" + w.fr("plan de versements")
                + ": three instalments at ").x(w.money(alt["instalment_amount"], cents=True), num=w.money(alt["instalment_amount"] + 25, cents=True))
            a.t(" each comes to " + w.money(acct["balance_due"]) + ".")
            a.p()
        w.close(a, ["Please keep this e-mail for your records.", "Please reply to this e-mail if you have any questions."])
        a.ins("claim", "Most appeals on weather grounds are granted.")
        a.ins("claim", "The monitoring company has already confirmed the cause of the alarm.")
        a.ins("behavior", "We have also cancelled the late-payment interest on your account.")
        a.ins("behavior", "A copy of this decision has been sent to your monitoring company.")
        a.ins("elab", "as the storm records for that evening have not yet been received", clause=True)
        fake = f"APL-{today.year}-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite_text(f"Your earlier appeal, {fake}, is noted on the file.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)


def D2(s, days):
    return dt.date.fromisoformat(str(s)[:10]) + dt.timedelta(days=days)
