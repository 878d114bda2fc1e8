"""security_deposits (set v): the helper of the Keystone Deposit Protection scheme — a tenant's protected rental
deposit (amount, landlord, property, protected since, tenancy end, the landlord's proposed deductions, the tenant's
answer deadline) read against the scheme rules (a Markdown document fetched by path), and a request to pay out the part
nobody disputes (refused by design while the landlord's time to answer is still running — reason code and the first day
to ask again as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_num, s_obj, s_str
from .vstyle import B, Plain, add_bdays, closing, means_list, opener, ts, vet

BASE = "https://api.keystonedeposits.example/v1"
RULES = "/scheme/rules/deposit-rules-dp-4.md"
TENANTS = ["Chloe Martin", "Ravi Shah", "Emily Tremblay", "Noah Wilson", "Amira Hassan", "Lucas Roy", "Hannah Fraser",
           "Diego Alvarez"]
FAKE_NAMES = ["Wendy Parsons", "Gary Holt"]
LANDLORDS = ["Harbor Lane Properties", "Maplewood Rentals", "Birchview Homes", "Northgate Living"]
FAKE_LANDLORDS = ["Summit Crest Realty", "Lakeside Property Group"]
STREETS = ["Elm Street", "Queen Street", "Oak Avenue", "Cedar Road", "Lakeview Drive"]
CITIES = [("Toronto", "America/Toronto"), ("Halifax", "America/Halifax"), ("Winnipeg", "America/Winnipeg"),
          ("Edmonton", "America/Edmonton"), ("Vancouver", "America/Vancouver"), ("Regina", "America/Regina")]
FAKE_CITIES = ["Ottawa", "Saskatoon"]
DEDUCTIONS = [("carpet cleaning", [120, 150, 180]), ("a broken blind", [60, 85, 140]), ("wall repair and paint", [200, 240, 310]),
              ("a missing key", [40, 55]), ("oven cleaning", [75, 90])]
PHONES = ["1-866-555-0114", "1-866-555-0171"]
STATUS = {"held": "we're keeping your deposit safe", "release_requested": "your landlord has asked us to pay out your deposit",
          "in_dispute": "we're looking into a disagreement about your deposit"}


class SecurityDeposits(Scenario):
    name = "security_deposits"
    agent = "keystone-deposit-helper"
    service = "keystone-deposit-scheme"
    system = ("You are the helper of the Keystone Deposit Protection scheme. You explain a tenant's own deposit record to "
              "them in plain, calm, friendly words a twelve-year-old could follow: no legal words, no codes. Use only the "
              "deposit record and the scheme rules, and end with a clear next step.")
    error_style = 0
    entity_noun = {"deposit_id": "Deposit", "doc_path": "Document"}
    preambles = ["Let me look up your deposit.", "Checking your deposit and the scheme rules."]

    def __init__(self):
        self.tools = [
            Tool("get_deposit", "A protected deposit: tenant, landlord, property, amount, protected date, tenancy end, "
                                "status, proposed deductions, the tenant's answer deadline.",
                 s_obj({"deposit_id": s_str("Deposit ID, e.g. 'DP-482193'.", pattern=r"^DP-\d{6}$"),
                        "include_deductions": s_bool("Include proposed deductions.")}, ["deposit_id"]),
                 entity={"deposit_id": "id"}, http=BASE, extra=[("include_documents", True)]),
            Tool("read_scheme_rules", "A scheme rules document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/scheme/rules/[a-z0-9/_.-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "pdf")]),
            Tool("request_release", "Ask for the undisputed part of a deposit to be paid to the tenant. Refused while the "
                                    "landlord's time to answer is running, with a reason code and the first day to ask again.",
                 s_obj({"deposit_id": s_str("Deposit ID.", pattern=r"^DP-\d{6}$"),
                        "amount": s_num("Amount to release in dollars.", 1, 10000),
                        "payout": s_str("How to pay.", enum=["direct_deposit", "cheque"])},
                       ["deposit_id", "amount", "payout"]),
                 entity={"deposit_id": "id"}, http=BASE, extra=[("notify_landlord", False)]),
        ]
        self.intents = [("deposit_status", self.status, True), ("request_release", self.release, True)]

    def _P(self, r):
        return {"answer": r.choice([14, 21]), "landlord": r.choice([10, 15]), "pay": 5, "rev": r.choice(["4", "5"])}

    def _deposit(self, r, today, P, status=None):
        city, zone = r.choice(CITIES)
        amount = float(r.choice([950, 1200, 1475, 1650, 1850, 2100, 2400]))
        n = r.choice([1, 2, 2])
        ded = [{"reason": k, "amount": float(r.choice(v))} for k, v in r.sample(DEDUCTIONS, n)]
        status = status or r.choice(["held", "release_requested", "in_dispute"])
        end = today - dt.timedelta(days=r.randint(3, 20))
        rec = {"deposit_id": f"DP-{r.randint(100000, 999999)}", "tenant": r.choice(TENANTS), "landlord": r.choice(LANDLORDS),
               "property": f"{r.randint(12, 980)} {r.choice(STREETS)}, {city}", "amount": amount,
               "protected_on": (end - dt.timedelta(days=r.randint(200, 700))).isoformat(),
               "tenancy_end": end.isoformat(), "status": status, "proposed_deductions": ded,
               "release_requested_on": (today - dt.timedelta(days=r.randint(1, 6))).isoformat(),
               "tenant_answer_due": (today + dt.timedelta(days=r.randint(4, 18))).isoformat(),
               "portal_labels": ["Deposit held", "Proposed deductions", "Your share"],
               "rules_path": RULES, "phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([9, 11, 13, 16]), r.choice([0, 10, 35]), zone)}
        return rec

    def _doc(self, P):
        return ("# Keystone Deposit Protection — Scheme Rules (DP-4)\n\n"
                f"Revision {P['rev']}\n\n"
                "## 3. Protection\n"
                "3.1 We hold the whole deposit until the landlord and the tenant agree, or a decision is made.\n\n"
                "## 4. Paying out\n"
                f"4.1 Money nobody disputes is paid within {P['pay']} business days of a release.\n"
                f"4.2 When a landlord asks for deductions, the landlord has {P['landlord']} business days to send proof "
                "before any part is paid out.\n\n"
                "## 5. Disagreements\n"
                "5.1 A tenant who does not agree with a deduction must tell us by the answer date on the record.\n"
                "5.2 Raising a disagreement is free.\n")

    def _history(self, rec):
        h = History().user(f"Hi, I moved out and want to know about my deposit. It's {rec['deposit_id']}.")
        h.call([Call("get_deposit", {"deposit_id": rec["deposit_id"]}, rec)])
        h.reply("I found your deposit record. What would you like to know?")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "Your landlord has already sent photos of the damage.")
        a.ins("claim", "Most landlords in your city drop deductions like these.")
        a.ins("behavior", "I've also told your landlord that you disagree.")
        a.ins("behavior", "I've sent the undisputed part to your bank today.")
        fake = f"DP-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"Your old deposit {fake} from your last home is still open with us.", fake))
        a.ins("elab", "because the move-out check was done in a hurry", clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.5:
            a.t("Hi ").x(rec["tenant"].split()[0], ent=r.choice(FAKE_NAMES).split()[0]).t("! ")
        else:
            opener(a, w)

    def _deductions(self, a, w, r, rec):
        ded = rec["proposed_deductions"]
        amt = rec["amount"]
        tot = round(sum(d["amount"] for d in ded), 2)
        share = round(amt - tot, 2)
        w.declare(tot)
        w.declare(share)
        a.t("\n\nYour landlord, ").x(rec["landlord"], ent=r.choice(FAKE_LANDLORDS)).t(", wants to keep ")
        if len(ded) == 1:
            d0 = ded[0]
            a.x(w.usd(tot), num=w.usd(tot + 100)).t(" of it for " + d0["reason"] + ".").p()
        else:
            d0, d1 = ded
            a.t("part of it: ").x(w.usd(d0["amount"]), num=w.usd(d0["amount"] + 60), conf=("numerical", w.usd(d1["amount"])) if d0["amount"] != d1["amount"] else None)
            a.t(" for " + d0["reason"] + " and " + w.usd(d1["amount"]) + " for " + d1["reason"] + ".")
            a.t(" " + w.usd(d0["amount"]) + " plus " + w.usd(d1["amount"]) + " is " + w.usd(tot) + ".").p()
        a.t(" " + w.usd(amt) + " minus " + w.usd(tot) + " leaves ").x(w.bold(w.usd(share)), num=w.usd(share + 150)).t(" for you.").p()
        lt = tot / amt < 0.5
        w.ratio(tot, amt)
        a.t(" What your landlord wants is ").x("less" if lt else "more", rel="more" if lt else "less").t(" than half of your deposit.").p()
        return tot, share

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._deposit(r, today, P)
        args = {"deposit_id": rec["deposit_id"]}
        if r.random() < 0.5:
            args["include_deductions"] = True
        cg = Call("get_deposit", args, rec)
        cd = Call("read_scheme_rules", {"doc_path": RULES}, self._doc(P))
        req = r.choice([f"What's happening with my deposit {rec['deposit_id']}? Am I getting it back?",
                        f"can you explain my deposit record {rec['deposit_id']} in simple terms"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["How much am I getting back, and what do I need to do?", "so is my landlord keeping some of it?"])
            turns = [Turn([cd])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        st = rec["status"]
        other = [x for x in STATUS if x != st]
        a.t("Here's where your deposit stands: ").x(STATUS[st], val=STATUS[r.choice(other)]).t(".").p()
        a.t(" We're holding the full ").x(w.usd(rec["amount"]), num=w.usd(rec["amount"] + 300)).t(" for your home at " + rec["property"].split(", ")[0] + " in ")
        a.x(rec["property"].split(", ")[1], ent=r.choice(FAKE_CITIES)).t(" (section ").x("3.1", sec=r.choice(["3.4", "6.1"])).t(").").p()
        k = r.choice([-30, 45])
        a.t(" It has been protected since ").x(w.date(rec["protected_on"]), tmp=w.date(dt.date.fromisoformat(rec["protected_on"]) + dt.timedelta(days=k))).t(".")
        self._deductions(a, w, r, rec)

        def answer():
            dc, df = w.when_pair(rec["tenant_answer_due"], r.choice([-3, 4, 7]), lead="by")
            a.t("If you don't agree, please tell us ").x(dc, tmp=df).t(" (section ").x("5.1", sec=r.choice(["5.4", "2.1"])).t(").")

        def free():
            a.t("It ").x("doesn't cost", neg="costs").t(" anything to tell us you disagree.")

        def where():
            a.t('In your online account, the amount for you shows as "').x("Your share", attr=r.choice(["Tenant balance", "Refund due"])).t('".')

        def deposit_id():
            a.t("Your deposit number is ").x(rec["deposit_id"], fid=w.fake_id(rec["deposit_id"], r)).t(".")

        means_list(a, w, [answer, free, where, deposit_id])
        closing(a, w, rec["phone"], "Would you like help telling us you disagree?")
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def release(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._deposit(r, today, P, status="release_requested")
        tot = round(sum(d["amount"] for d in rec["proposed_deductions"]), 2)
        share = round(rec["amount"] - tot, 2)
        asked = dt.date.fromisoformat(rec["release_requested_on"])
        if not ok:
            asked = today - dt.timedelta(days=r.randint(1, 5))
            rec["release_requested_on"] = asked.isoformat()
        else:
            asked = today - dt.timedelta(days=r.randint(16, 25))
            rec["release_requested_on"] = asked.isoformat()
        due = add_bdays(asked, P["landlord"])
        payout = r.choice(["direct_deposit", "cheque"])
        args = {"deposit_id": rec["deposit_id"], "amount": share, "payout": payout}
        if ok:
            res = {"status": "released", "release_id": f"RL-{r.randint(100000, 999999)}", "deposit_id": rec["deposit_id"],
                   "amount": share, "payout": payout, "pay_by": add_bdays(today, P["pay"]).isoformat()}
        else:
            res = {"status": "refused", "reason_code": "LANDLORD_RESPONSE_PENDING", "deposit_id": rec["deposit_id"],
                   "landlord_proof_due": due.isoformat(),
                   "alternative": {"option": "ask_again_from", "date": (due + dt.timedelta(days=1)).isoformat()}}
        cg = Call("get_deposit", {"deposit_id": rec["deposit_id"]}, rec)
        cd = Call("read_scheme_rules", {"doc_path": RULES}, self._doc(P))
        cr = Call("request_release", args, res)
        how = "by direct deposit" if payout == "direct_deposit" else "by cheque"
        req = r.choice([f"Can I at least get the part of my deposit that isn't disputed? {rec['deposit_id']}, {how} please.",
                        f"please release the undisputed money from deposit {rec['deposit_id']} to me {how}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cr])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Can you send me the part nobody is arguing about? {how} is fine.", f"ok please pay me the undisputed part {how}"])
            turns = [Turn([cd]), Turn([cr])]
        w = Plain(r, today)
        w.declare(share)
        w.declare(tot)
        a = B()
        self._hello(a, w, r, rec)
        if ok:
            a.t("Good news — we ").x("released", val=r.choice(["are still reviewing", "put on hold"])).t(" the part of your deposit that nobody disputes.").p()
            a.t(" " + w.usd(rec["amount"]) + " minus the " + w.usd(tot) + " your landlord wants to keep leaves ").x(w.bold(w.usd(share)), num=w.usd(share + 120)).t(".").p()
            pc, pf = w.when_pair(res["pay_by"], r.choice([-2, 3, 5]), lead="by")
            a.t("\n\nWe pay within " + w.num(P["pay"]) + " business days (section ").x("4.1", sec=r.choice(["4.4", "7.1"])).t("), so the money should reach you " + ("by direct deposit " if payout == "direct_deposit" else "as a cheque in the mail "))
            a.x(pc, tmp=pf).t(".").p()
            a.t(" You ").x("don't need to do anything else", neg="still need to send us a form").t(" to get it.").p()
            a.t(" Your release number is ").x(res["release_id"], fid=w.fake_id(res["release_id"], r)).t(".").p()
            a.t("\n\nThe other ").x(w.usd(tot), num=w.usd(tot + 90)).t(" ").x("stays with us", val="goes to your landlord").t(" until you and ")
            a.x(rec["landlord"], ent=r.choice(FAKE_LANDLORDS)).t(" agree.").p()
            a.t(' In your online account, this shows as "').x("Your share", attr=r.choice(["Tenant balance", "Refund due"])).t('".').p()
        else:
            alt = res["alternative"]["date"]
            a.t("I'm sorry — we ").x("can't", neg="can").t(" pay out any of your deposit just yet.").p()
            a.t(" Your landlord asked to keep part of it, and they get " + w.num(P["landlord"]) + " business days to send proof (section ")
            a.x("4.2", sec=r.choice(["4.6", "2.2"])).t(").").p()
            ac, af = w.when_pair(asked, r.choice([-3, 3]))
            a.t("\n\nThey asked ").x(ac, tmp=af).t(", and " + w.num(P["landlord"]) + " business days after " + w.date(asked, wd=False) + " is ")
            a.x(w.date(due, wd=False, calc=True), conf=("temporal", w.date(asked, wd=False))).t(".").p()
            nc, nf = w.when_pair(alt, r.choice([-2, 5]))
            a.t(" So you can ask again starting " + (nc[3:] if nc.startswith("on ") else nc) + ".").p()
            a.t("\n\nThe good news: if things go your way, ").x(w.usd(share), num=w.usd(share + 200)).t(" of your ")
            a.x(w.usd(rec["amount"]), num=w.usd(rec["amount"] + 250), conf=("numerical", w.usd(tot))).t(" deposit would come back to you. Your money ").x("stays safe", val="has been paid out").t(" with us until then.").p()
            a.t(" Your deposit number is ").x(rec["deposit_id"], fid=w.fake_id(rec["deposit_id"], r)).t(".").p()
            a.t("\n\n" + w.ask("Would you like a reminder on the day you can ask again?"))
        closing(a, w, rec["phone"] if r.random() < 0.5 else None)
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
