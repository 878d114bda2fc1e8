"""toll_accounts (set v): the helper of the PinePass toll-road account — a driver's prepaid toll account (balance, the
low-balance line and the automatic top-up from a card, the vehicle, this month's trips with plazas and amounts) read
against the account terms (a Markdown document fetched by path), and a request to dispute one toll (refused by design
when the trip is older than the dispute window — reason code and a one-time courtesy credit of half the toll as the
alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .vstyle import B, Plain, add_bdays, closing, means_list, opener, ts, vet

BASE = "https://api.pinepass.example/v1"
TERMS = "/accounts/terms/pinepass-account-terms-pp-3.md"
HOLDERS = ["Kevin Marsh", "Olivia Chen", "Derek Simmons", "Lauren Pierce", "Andre Baptiste", "Megan Flores", "Tom Kowalski",
           "Yuki Sato"]
FAKE_NAMES = ["Brenda Cole", "Rick Nolan"]
PLAZAS = ["Cedar Creek Plaza", "Mill River Plaza", "Pine Ridge Plaza", "Harbor Bridge Plaza", "Summit Road Plaza"]
FAKE_PLAZAS = ["Eagle Point Plaza", "Stone Gate Plaza"]
CARS = ["Honda Civic", "Toyota RAV4", "Ford F-150", "Subaru Outback", "Chevy Malibu"]
AMOUNTS = [1.9, 2.5, 3.2, 4.5, 5.8, 6.4]
ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"]
PHONES = ["1-877-555-0158", "1-877-555-0109"]
STATUS = {"active": "your account is in good shape", "low_balance": "your balance is running low"}


class TollAccounts(Scenario):
    name = "toll_accounts"
    agent = "pinepass-helper"
    service = "pinepass-accounts"
    system = ("You are the PinePass helper. Explain each driver's own toll account to them in plain, friendly words that "
              "anyone can follow: short sentences, no codes or jargon, simple math in words. Use only the account record and "
              "the account terms, and end with a next step.")
    error_style = 2
    entity_noun = {"account_number": "Account", "doc_path": "Document", "trip_id": "Trip"}
    preambles = ["Let me pull up your PinePass account.", "One moment while I check your account."]

    def __init__(self):
        self.tools = [
            Tool("get_toll_account", "A PinePass account: holder, vehicle, balance, low-balance line, automatic top-up and "
                                     "card, status, this month's trips with plaza, date and amount.",
                 s_obj({"account_number": s_str("Account number, e.g. 'PP40218391'.", pattern=r"^PP\d{8}$"),
                        "trip_limit": s_int("Most trips to return.", 1, 50)}, ["account_number"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("include_images", True)]),
            Tool("read_account_terms", "An account terms document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/accounts/terms/[a-z0-9/_.-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "html")]),
            Tool("dispute_toll", "Dispute one toll on the account. A trip older than the dispute window is refused with a "
                                 "reason code and the alternative.",
                 s_obj({"account_number": s_str("Account number.", pattern=r"^PP\d{8}$"),
                        "trip_id": s_str("Trip, e.g. 'TR-5820193'.", pattern=r"^TR-\d{7}$"),
                        "reason": s_str("Why.", enum=["not_my_vehicle", "charged_twice", "wrong_amount"]),
                        "send_receipt": s_bool("Email a receipt.")},
                       ["account_number", "trip_id", "reason"]),
                 entity={"account_number": "id", "trip_id": "id"}, http=BASE, extra=[("priority", "high")]),
        ]
        self.intents = [("account_summary", self.summary, True), ("dispute_toll", self.dispute, True)]

    def _P(self, r):
        return {"low": r.choice([10, 15]), "top": r.choice([25, 40, 50]), "window": r.choice([60, 90]), "decide": 10,
                "rev": r.choice(["3", "4"])}

    def _account(self, r, today, P, old_trip=None):
        zone = r.choice(ZONES)
        n = r.randint(3, 4)
        trips = []
        days = sorted(r.sample(range(1, 25), n), reverse=True)
        for k in days:
            d = today - dt.timedelta(days=k)
            trips.append({"trip_id": f"TR-{r.randint(1000000, 9999999)}", "date": d.isoformat(),
                          "time": ts(d, r.randint(6, 19), r.choice([5, 20, 40, 55]), zone), "plaza": r.choice(PLAZAS),
                          "amount": r.choice(AMOUNTS)})
        if old_trip:
            d = today - dt.timedelta(days=old_trip)
            trips.insert(0, {"trip_id": f"TR-{r.randint(1000000, 9999999)}", "date": d.isoformat(),
                             "time": ts(d, r.randint(6, 19), r.choice([5, 20, 40]), zone), "plaza": r.choice(PLAZAS),
                             "amount": r.choice(AMOUNTS)})
        bal = round(r.uniform(4, 45), 2)
        rec = {"account_number": f"PP{r.randint(10000000, 99999999)}", "holder": r.choice(HOLDERS),
               "vehicle": {"plate": f"{r.choice(['BKR', 'LMT', 'JXW', 'PRD'])} {r.randint(1000, 9999)}", "car": r.choice(CARS)},
               "balance": bal, "low_balance_line": float(P["low"]), "auto_top_up": float(P["top"]),
               "card_last4": str(r.randint(1000, 9999)), "status": "low_balance" if bal < P["low"] else "active",
               "trips": trips, "portal_labels": ["Current balance", "Recent trips", "Auto top-up"],
               "terms_path": TERMS, "phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([7, 9, 12, 18]), r.choice([0, 15, 45]), zone)}
        return rec

    def _doc(self, P):
        return ("# PinePass Account Terms (PP-3)\n\n"
                f"Revision {P['rev']}\n\n"
                "## 2. Balance\n"
                f"2.1 When your balance drops below ${P['low']}, we add ${P['top']} from your card on file.\n"
                "2.2 Each toll is taken from your balance when you pass the plaza.\n\n"
                "## 3. Disputes\n"
                f"3.1 You can dispute a toll within {P['window']} days of the trip.\n"
                f"3.2 We decide a dispute within {P['decide']} business days. The toll is not charged while we decide.\n"
                "3.3 For a trip past the dispute window we may offer a one-time courtesy credit of half the toll.\n")

    def _history(self, rec):
        h = History().user(f"hi can you check my pinepass account {rec['account_number']}")
        h.call([Call("get_toll_account", {"account_number": rec["account_number"]}, rec)])
        h.reply("Sure! I found your account. What would you like to know?")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "Tolls on this road go up next month.")
        a.ins("claim", "Your card on file expires soon.")
        a.ins("behavior", "I've also turned on text alerts for your account.")
        a.ins("behavior", "I've added a $5 credit for the trouble.")
        fake = f"PP{r.randint(10000000, 99999999)}"
        a.ins("cite", w.cite(f"Your second account {fake} is linked to this one.", fake))
        a.ins("elab", "because the plaza camera misread the plate", clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.5:
            a.t("Hi ").x(rec["holder"].split()[0], ent=r.choice(FAKE_NAMES).split()[0]).t("! ")
        else:
            opener(a, w)

    def summary(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._account(r, today, P)
        args = {"account_number": rec["account_number"]}
        if r.random() < 0.5:
            args["trip_limit"] = 10
        cg = Call("get_toll_account", args, rec)
        cd = Call("read_account_terms", {"doc_path": TERMS}, self._doc(P))
        req = r.choice([f"What's my balance and what did I get charged this month? Account {rec['account_number']}",
                        f"can you explain my pinepass account {rec['account_number']} simply"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["How much is left, and what did my trips cost?", "what's my balance and will it top up by itself?"])
            turns = [Turn([cd])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        st = rec["status"]
        a.t("Here's the short version: ").x(STATUS[st], val=STATUS["active" if st == "low_balance" else "low_balance"]).t(".").p()
        a.t(" Your balance is ").x(w.bold(w.usd(rec["balance"])), num=w.usd(round(rec["balance"] + 20, 2))).t(".").p()
        below = rec["balance"] < rec["low_balance_line"]
        a.t(" That's ").x("below" if below else "above", rel="above" if below else "below").t(" the " + w.usd(rec["low_balance_line"]) + " line.").p()
        a.t("\n\nWhen your balance drops below " + w.usd(rec["low_balance_line"]) + ", we add ")
        a.x(w.usd(rec["auto_top_up"]), num=w.usd(rec["auto_top_up"] + 15)).t(" from your card ending in " + rec["card_last4"] + " (section ")
        a.x("2.1", sec=r.choice(["2.4", "5.1"])).t(").").p()
        a.t(" You ").x("don't need to do anything", neg="need to call us each time").t(" for that to happen.").p()
        trips = rec["trips"]
        tot = round(sum(t["amount"] for t in trips), 2)
        w.declare(tot)
        big = max(trips, key=lambda t: t["amount"])
        others = [t for t in trips if t is not big]

        def count():
            a.t("You went through ").x(w.num(len(trips), calc=True), num=w.num(len(trips) + 2)).t(" tolls in the last few weeks. ")
            a.t(" plus ".join(w.usd(t["amount"]) for t in trips).capitalize() + " comes to ").x(w.usd(tot), num=w.usd(round(tot + 6, 2))).t(".")

        def biggest():
            dc, df = w.when_pair(big["date"], r.choice([-2, 3]))
            oth = [t for t in others if t["plaza"] != big["plaza"]]
            a.t("Your biggest toll was ").x(w.usd(big["amount"]), num=w.usd(big["amount"] + 3)).t(" at ")
            a.x(big["plaza"], ent=r.choice(FAKE_PLAZAS), conf=("entity", oth[0]["plaza"]) if oth else None).t(" ").x(dc, tmp=df).t(".")

        def where():
            a.t('You can see every trip in the app under "').x("Recent trips", attr=r.choice(["Toll history log", "Plaza charges"])).t('".')

        def acct():
            a.t("Your account number is ").x(rec["account_number"], fid=w.fake_id(rec["account_number"], r)).t(".")

        means_list(a, w, [count, biggest, where, acct])
        closing(a, w, rec["phone"], "Would you like to change how much we add each time?")
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def dispute(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._account(r, today, P, old_trip=None if ok else P["window"] + r.randint(3, 25))
        trip = rec["trips"][0] if not ok else r.choice(rec["trips"])
        reason = r.choice(["not_my_vehicle", "charged_twice", "wrong_amount"])
        args = {"account_number": rec["account_number"], "trip_id": trip["trip_id"], "reason": reason}
        if r.random() < 0.5:
            args["send_receipt"] = True
        td = dt.date.fromisoformat(trip["date"])
        if ok:
            res = {"status": "under_review", "dispute_id": f"DSP-{r.randint(100000, 999999)}", "trip_id": trip["trip_id"],
                   "amount_on_hold": trip["amount"], "decide_by": add_bdays(today, P["decide"]).isoformat()}
        else:
            res = {"status": "refused", "reason_code": "DISPUTE_WINDOW_CLOSED", "trip_id": trip["trip_id"],
                   "trip_date": trip["date"], "window_days": P["window"],
                   "alternative": {"option": "courtesy_credit", "amount": round(trip["amount"] / 2, 2), "one_time": True}}
        cg = Call("get_toll_account", {"account_number": rec["account_number"]}, rec)
        cd = Call("read_account_terms", {"doc_path": TERMS}, self._doc(P))
        cx = Call("dispute_toll", args, res)
        why = {"not_my_vehicle": "that wasn't my car", "charged_twice": "I was charged twice", "wrong_amount": "the amount is wrong"}[reason]
        req = r.choice([f"I want to dispute trip {trip['trip_id']} on account {rec['account_number']}, {why}.",
                        f"please dispute toll {trip['trip_id']} ({rec['account_number']}) - {why}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"The toll {trip['trip_id']} is wrong, {why}. Can you dispute it?", f"dispute {trip['trip_id']} please, {why}"])
            turns = [Turn([cd]), Turn([cx])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        dc, df = w.when_pair(td, r.choice([-3, 4]))
        if ok:
            a.t("Got it — we're ").x("looking into", val=r.choice(["refunding", "closing"])).t(" your ").x(w.usd(trip["amount"]), num=w.usd(trip["amount"] + 2))
            a.t(" toll at " + trip["plaza"] + " ").x(dc, tmp=df).t(".").p()
            a.t(" Your dispute number is ").x(res["dispute_id"], fid=w.fake_id(res["dispute_id"], r)).t(".").p()
            bc, bf = w.when_pair(res["decide_by"], r.choice([-4, 5]), lead="by")
            a.t("\n\nWe decide within " + w.num(P["decide"]) + " business days (section ").x("3.2", sec=r.choice(["3.5", "6.2"])).t("), so you'll hear from us ")
            a.x(bc, tmp=bf).t(".").p()
            a.t(" While we look, you ").x("won't be charged", neg="will still be charged").t(" for this toll.").p()
            a.t(' You can follow it in the app under "').x("Recent trips", attr=r.choice(["Toll history log", "Dispute center"])).t('".').p()
        else:
            alt = res["alternative"]
            a.t("I'm sorry — we ").x("can't", neg="can").t(" look into the " + w.usd(trip["amount"]) + " toll from ").x(dc, tmp=df).t(" anymore.").p()
            a.t(" You can only dispute a toll within ").x(str(P["window"]), num=str(P["window"] - 30)).t(" days of the trip (section ")
            a.x("3.1", sec=r.choice(["3.6", "4.1"])).t(").").p()
            end = td + dt.timedelta(days=P["window"])
            a.t("\n\n" + str(P["window"]) + " days after " + w.date(td, wd=False) + " is ").x(w.date(end, wd=False, calc=True), conf=("temporal", w.date(td, wd=False)))
            a.t(", and that day has ").x("already passed", rel="not come yet").t(".").p()
            w.declare(alt["amount"])
            a.t(" Here's what we can do: a one-time courtesy credit. Half of " + w.usd(trip["amount"]) + " is ")
            a.x(w.bold(w.usd(alt["amount"])), num=w.usd(round(alt["amount"] + 1.5, 2))).t(" (section ").x("3.3", sec=r.choice(["3.8", "2.3"])).t(").").p()
            a.t("\n\n" + w.ask("Would you like me to add that credit to your account?") + " Your account ").x(rec["account_number"], fid=w.fake_id(rec["account_number"], r)).t(" ").x("stays open", val="has been paused").t(" either way.").p()
        closing(a, w, rec["phone"] if r.random() < 0.5 else None)
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
