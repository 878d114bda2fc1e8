"""instrument_rental (set l): the customer phone line of a Chicago-area music shop that rents band and string
instruments rent-to-own and tunes pianos — a rental account (months paid, rent paid as months × rate, the share credited
toward buying, the payoff amount, the next payment with the damage waiver), a contract's payment history (payments and
total, late fees, on-time payments out of all, the last payment), booking a piano tuning (no technician in the window by
design and the offered window taken; tuning fee plus a pitch raise when the piano was last tuned over a year ago) and
questions answered from the rent-to-own agreement fetched by path (buying out now with the first-year discount, how many
more payments until the instrument is owned and when, returning it, exchanging a string instrument for the next size)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_obj, s_str
from .lstyle import Voice, add_months, cap, ceil_div, person, stamp, vet

BASE = "https://api.harmonyrentals.example/accounts/v1"
BRAND = "Harmony Music Rentals"
AGENT = "Reese"
ZONE = "CT"
INSTR = [("flute", "Yamaha YFL-222", None, 29.0, 4.0, 799.0), ("clarinet", "Buffet Prodige", None, 27.0, 4.0, 749.0),
         ("trumpet", "Bach TR300H2", None, 31.0, 4.0, 899.0), ("alto saxophone", "Jupiter JAS700", None, 49.0, 4.0, 1699.0),
         ("violin", "Eastman VL80", "3/4", 22.0, 6.0, 529.0), ("cello", "Eastman VC80", "1/2", 45.0, 6.0, 1549.0),
         ("trombone", "Conn 52H", None, 33.0, 4.0, 1099.0)]
SIZES = {"1/4": "quarter size", "1/2": "half size", "3/4": "three-quarter size", "4/4": "full size"}
NEXT_SIZE = {"1/4": "1/2", "1/2": "3/4", "3/4": "4/4"}
TECHS = ["Marcus Bell", "Irene Novak", "Tom Alvarez"]
WINDOWS = ["08:00-11:00", "11:00-14:00", "14:00-17:00"]
DOC = ("# Harmony Music Rentals - Rent-to-Own Agreement Terms (2026)\n\n"
       "## 1. Rent and ownership credit\n"
       "1.1 Rent is charged monthly on the same day of the month as the rental start.\n"
       "1.2 90% of the rent paid (not the damage waiver) is credited toward buying the instrument.\n"
       "1.3 When the credited rent reaches the cash price, the instrument is yours.\n\n"
       "## 2. Early purchase\n"
       "2.1 You may buy the instrument at any time for the cash price minus your credited rent.\n"
       "2.2 If you buy within the first 12 months of the rental, a further 10% is taken off that remaining balance.\n\n"
       "## 3. Returns and exchanges\n"
       "3.1 You may return the instrument at any time; no further rent is due, and rent already paid is not refunded.\n"
       "3.2 String instruments may be exchanged for the next size up at no charge; the ownership credit carries over.\n\n"
       "## 4. Late payments and damage waiver\n"
       "4.1 A late fee of $10 applies to a payment more than 10 days late.\n"
       "4.2 The damage waiver ($4 per month for band instruments, $6 per month for string instruments) covers accidental "
       "damage with no deductible.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.4", "2.3", "3.3", "4.3", "5.1"] if s != real])


class InstrumentRental(Scenario):
    name = "instrument_rental"
    agent = "Reese"
    service = "harmony-rentals-line"
    system = ("You are Reese, the phone assistant of Harmony Music Rentals. What you write is spoken to the caller by "
              "text-to-speech, so use short plain sentences with no formatting. Use the tools to look up rental accounts "
              "and payments, book piano tunings, and answer questions from the rent-to-own agreement. Amounts in US "
              "dollars.")
    error_style = 1
    literal_ok = list(SIZES.values())
    entity_noun = {"account_number": "Account", "contract_id": "Contract", "agreement_path": "Document"}
    preambles = ["Let me pull up your account.", "One second.", "Okay, looking that up."]

    def __init__(self):
        ap = r"^HM\d{6}$"
        self.tools = [
            Tool("get_account", "A customer account: rentals (contract, instrument, size, serial, start date, monthly rate, "
                                "damage waiver, months paid, rent paid, cash price, ownership credit, payoff), piano and "
                                "last tuning, autopay, next payment, agreement path.",
                 s_obj({"account_number": s_str("Account number, e.g. 'HM408172'.", pattern=ap)}, ["account_number"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("include_closed", True)]),
            Tool("list_payments", "Payments on a rental contract: date, amount, kind (monthly or late fee).",
                 s_obj({"contract_id": s_str("Contract ID, e.g. 'RC-20451'.", pattern=r"^RC-\d{5}$")}, ["contract_id"]),
                 entity={"contract_id": "id"}, http=BASE, extra=[("limit", 100)]),
            Tool("book_tuning", "Book a piano tuning visit for an account on a date and arrival window.",
                 s_obj({"account_number": s_str("Account number.", pattern=ap), "date": s_date("Visit date, YYYY-MM-DD."),
                        "window": s_str("Arrival window.", enum=WINDOWS)}, ["account_number", "date", "window"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("pitch_raise", True)]),
            Tool("get_agreement", "The rent-to-own agreement terms (Markdown, numbered clauses) by path.",
                 s_obj({"agreement_path": s_str("Agreement path from the account, e.g. 'agreements/rent-to-own-2026.md'.",
                                                pattern=r"^agreements/[a-z0-9-]+\.md$")}, ["agreement_path"]),
                 entity={"agreement_path": "path"}, extra=[("format", "pdf")]),
        ]
        self.intents = [("rental_account", self.account, False), ("payment_history", self.payments, False),
                        ("tuning_booking", self.tuning, True), ("buyout_question", self.buyout, True)]

    # ------------------------------------------------------------------ data
    def _account(self, r, today, months=None, strings=None):
        acct = f"HM{r.randint(100000, 999999)}"
        full, first = person(r)
        pool = [x for x in INSTR if strings is None or (x[2] is not None) == strings]
        inst, model, size, rate, waiver, cash = r.choice(pool)
        m = months if months is not None else r.randint(2, 30)
        m = max(1, min(m, int(cash / (rate * 0.9)) - 1))
        start = add_months(today, -m) + dt.timedelta(days=r.randint(1, 20))
        if start > today:
            start = today - dt.timedelta(days=3)
        rent = round(rate * m, 2)
        credit = round(rent * 0.9, 2)
        payoff = round(max(0.0, cash - credit), 2)
        nxt = add_months(start, m)
        if nxt <= today:
            nxt = add_months(start, m + 1)
        con = {"contract_id": f"RC-{r.randint(10000, 99999)}", "instrument": inst, "model": model, "size": size,
               "serial": f"{r.upper(1)}{r.randint(100000, 999999)}", "start_date": start.isoformat(), "monthly_rate_usd": rate,
               "damage_waiver_usd": waiver, "months_paid": m, "rent_paid_usd": rent, "cash_price_usd": cash,
               "ownership_credit_pct": 90, "ownership_credit_usd": credit, "payoff_usd": payoff, "status": "active"}
        piano = {"make": r.choice(["Baldwin upright", "Yamaha U1 upright", "Kawai baby grand"]),
                 "last_tuned": (today - dt.timedelta(days=r.randint(120, 700))).isoformat()}
        res = {"account_number": acct, "name": full, "rentals": [con], "piano": piano, "autopay": r.random() < 0.7,
               "next_payment_date": nxt.isoformat(), "next_payment_usd": rate + waiver,
               "agreement_path": f"agreements/{r.choice(['rent-to-own-2026', 'rto-terms-v5'])}.md",
               "as_of": stamp(today, r.randint(8, 19), r.randint(0, 59), ZONE)}
        return acct, res, first

    # ------------------------------------------------------------------ intents
    def account(self, ctx):
        r, today = ctx.r, ctx.today
        acct, ac, first = self._account(r, today)
        c = ac["rentals"][0]
        req = r.choice([f"Account {acct}. How much have I paid on the {c['instrument']} and what would it take to buy it?",
                        f"Hi, can you tell me where I am on my rental? Account number {acct}."])
        w = Voice(r, today, BRAND, AGENT, first)
        m, rate = c["months_paid"], c["monthly_rate_usd"]
        a = A()
        w.opener(a)
        sz = f"{SIZES[c['size']]} " if c["size"] else ""
        a.t(f"You're renting a {sz}").x(c["model"], ent=r.choice(["Selmer Aristocrat", "Jean Paul USA", "Yamaha YCL-255"])).t(f" {c['instrument']}, contract ").x(w.id(c["contract_id"]), fid=w.fake_id(c["contract_id"], r)).t(".")
        a.p()
        w.para(a)
        a.t("You've paid ").x(w.cnt(m, "month"), num=w.cnt(m + 3, "month")).t(" so far. ")
        a.t(f"{cap(w.num(m))} months at {w.money(rate, short=True)} is ").x(w.money(c["rent_paid_usd"]), num=w.money(c["rent_paid_usd"] + 58), conf=("numerical", w.money(c["cash_price_usd"]))).t(" in rent.")
        a.p()
        a.t(" ").x(cap(w.pct(90)), num=cap(w.pct(75))).t(" of that, or ").x(w.money(c["ownership_credit_usd"]), num=w.money(round(c["ownership_credit_usd"] + 45, 2)),
                                                                         conf=("numerical", w.money(c["rent_paid_usd"]))).t(", counts toward buying it.")
        a.p()
        w.para(a)
        if c["payoff_usd"] > 0:
            a.t("The cash price is ").x(w.money(c["cash_price_usd"]), num=w.money(c["cash_price_usd"] + 100)).t(", so the payoff today would be ").x(w.money(c["payoff_usd"]), num=w.money(round(c["payoff_usd"] + 120, 2)),
                                                                                                                                             conf=("numerical", w.money(c["ownership_credit_usd"]))).t(".")
        else:
            a.t("Your credit has reached the cash price, so the instrument ").x("is yours", neg="isn't yours yet").t(".")
        a.p()
        nd = dt.date.fromisoformat(ac["next_payment_date"])
        a.t(" Your next payment, ").x(w.money(ac["next_payment_usd"]), num=w.money(ac["next_payment_usd"] + 10)).t(" including the damage waiver of ")
        a.x(w.money(c["damage_waiver_usd"]), num=w.money(c["damage_waiver_usd"] + 2)).t(", is ")
        a.x(w.rel(nd, lead=False) if (nd - today).days <= 40 else "on " + w.d(nd), tmp="on " + w.d(nd + dt.timedelta(days=10))).t(", and it ")
        a.x("will be charged automatically" if ac["autopay"] else "isn't on autopay", neg="won't be charged automatically" if ac["autopay"] else "is on autopay").t(".")
        a.p()
        if r.random() < 0.35:
            a.t(" The credit figure is the ").x("ownership credit", attr=r.choice(["equity balance", "purchase credit"])).t(" on your contract.")
            a.p()
        w.closer(a, ["Would you like to hear the buyout terms?", "Do you want me to email you a statement?"])
        a.ins("claim", "Most families buy the instrument after the second year.")
        a.ins("claim", "This model holds its resale value well.")
        a.ins("behavior", "I've turned on autopay for you.")
        a.ins("behavior", "I've applied a loyalty discount to your next payment.")
        a.ins("elab", "because the damage waiver isn't credited", clause=True)
        ref = f"ST-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"Your statement number is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_account", {"account_number": acct}, ac)])], a), w)

    def payments(self, ctx):
        r, today = ctx.r, ctx.today
        acct, ac, first = self._account(r, today, months=r.randint(5, 14))
        c = ac["rentals"][0]
        start = dt.date.fromisoformat(c["start_date"])
        amt = c["monthly_rate_usd"] + c["damage_waiver_usd"]
        pays = []
        late_idx = set(r.sample(range(c["months_paid"]), r.choice([0, 0, 1, 1, 2])))
        for k in range(c["months_paid"]):
            due = add_months(start, k)
            if k in late_idx:
                pd = due + dt.timedelta(days=r.randint(11, 20))
                pays.append({"date": pd.isoformat(), "amount_usd": amt, "kind": "monthly", "days_late": (pd - due).days})
                pays.append({"date": pd.isoformat(), "amount_usd": 10.0, "kind": "late_fee", "days_late": None})
            else:
                pd = due + dt.timedelta(days=r.choice([0, 0, 0, 1, 2]))
                pays.append({"date": pd.isoformat(), "amount_usd": amt, "kind": "monthly", "days_late": 0})
        pays = [p for p in pays if p["date"] <= today.isoformat()]
        res = {"contract_id": c["contract_id"], "payments": pays, "as_of": ac["as_of"]}
        req = r.choice([f"Can you go over the payments on contract {c['contract_id']}?", f"Have I been charged any late fees on {c['contract_id']}? How much have I paid in total?"])
        w = Voice(r, today, BRAND, AGENT)
        mon = [p for p in pays if p["kind"] == "monthly"]
        fees = [p for p in pays if p["kind"] == "late_fee"]
        tot = round(sum(p["amount_usd"] for p in pays), 2)
        ontime = [p for p in mon if p["days_late"] == 0]
        a = A()
        w.opener(a)
        a.t("On contract ").x(w.id(c["contract_id"]), fid=w.fake_id(c["contract_id"], r)).t(", I see ").x(w.cnt(len(mon), "monthly payment", calc=True), num=w.cnt(len(mon) + 2, "monthly payment"))
        a.t(f" of {w.money(amt, short=True)} each")
        if fees:
            a.t(", plus ").x(w.cnt(len(fees), "late fee", calc=True), num=w.cnt(len(fees) + 1, "late fee")).t(" of ").x(w.money(10), num=w.money(15))
        a.t(".")
        a.p()
        a.t(" Altogether that's ").x(w.money(tot, calc=True), num=w.money(tot + 35), conf=("numerical", w.money(round(amt * len(mon), 2), calc=True)) if fees else None).t(".")
        a.p()
        w.para(a)
        if fees:
            a.t("You paid on time ").x(w.ratio(len(ontime), len(mon)), num=f"{w.num(len(ontime) - 1)} out of {w.num(len(mon))}").t(" months. ")
            lp = [p for p in mon if p["days_late"]][0]
            a.t("The late one ").x("was", neg="wasn't").t(" paid ").x(w.rel(lp["date"], lead=False) if (today - dt.date.fromisoformat(lp["date"])).days <= 40 else "on " + w.d(lp["date"]),
                                                                     tmp="on " + w.d(dt.date.fromisoformat(lp["date"]) - dt.timedelta(days=9))).t(", ")
            a.x(w.cnt(lp["days_late"], "day"), num=w.cnt(lp["days_late"] - 8, "day")).t(" after it was due")
            a.pc().t(".")
        else:
            a.t("Every payment ").x("was on time", neg="was late").t(", so there ").x("are no late fees", neg="is one late fee").t(".")
        a.p()
        last = mon[-1]
        a.t(" Your most recent payment was ").x(w.rel(last["date"], lead=False) if (today - dt.date.fromisoformat(last["date"])).days <= 40 else "on " + w.d(last["date"]),
                                                tmp="on " + w.d(dt.date.fromisoformat(last["date"]) - dt.timedelta(days=30))).t(".")
        a.p()
        if r.random() < 0.35:
            a.t(" Late payments show a ").x("days late", attr=r.choice(["grace overrun", "delinquency age"])).t(" count on the record.")
            a.p()
        w.closer(a, ["Would you like me to set up autopay to avoid late fees?", "Do you want a receipt for any of these?"])
        a.ins("claim", "Late fees are refunded once you've made six on-time payments.")
        a.ins("claim", "Your payments are reported to the credit bureaus.")
        a.ins("behavior", "I've refunded the late fee as a courtesy.")
        a.ins("behavior", "I've moved your payment date to the first of the month.")
        a.ins("elab", "because the card on file had expired", clause=True)
        ref = f"PMT-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"The payment summary is saved as {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, [Turn([Call("list_payments", {"contract_id": c["contract_id"]}, res)])], a), w)

    def tuning(self, ctx):
        r, today = ctx.r, ctx.today
        acct, ac, first = self._account(r, today)
        pi = ac["piano"]
        lt = dt.date.fromisoformat(pi["last_tuned"])
        months = (today.year - lt.year) * 12 + today.month - lt.month - (1 if today.day < lt.day else 0)
        want = today + dt.timedelta(days=r.randint(2, 14))
        if want.weekday() == 6:
            want += dt.timedelta(days=1)
        win = r.choice(WINDOWS)
        refuse = r.random() < 0.6
        turns = []
        if refuse:
            gd = want + dt.timedelta(days=r.choice([1, 2, 3]))
            if gd.weekday() == 6:
                gd += dt.timedelta(days=1)
            gw = r.choice(WINDOWS)
            turns.append(Turn([Call("book_tuning", {"account_number": acct, "date": want.isoformat(), "window": win},
                                    {"booked": False, "reason_code": "NO_TECHNICIAN_AVAILABLE",
                                     "message": f"No technician is free in the {win} window on {want.isoformat()}.",
                                     "alternatives": [{"date": gd.isoformat(), "window": gw}]})]))
        else:
            gd, gw = want, win
        raise_fee = 60.0 if months > 12 else 0.0
        tech = r.choice(TECHS)
        appt = f"TU-{r.randint(1000, 9999)}"
        ok = {"booked": True, "appointment_id": appt, "account_number": acct, "date": gd.isoformat(), "window": gw,
              "technician": tech, "tuning_fee_usd": 145.0, "pitch_raise_fee_usd": raise_fee,
              "pitch_raise_reason": "more than 12 months since the last tuning" if raise_fee else None,
              "months_since_last_tuning": months, "total_usd": 145.0 + raise_fee, "as_of": ac["as_of"]}
        turns.append(Turn([Call("book_tuning", {"account_number": acct, "date": gd.isoformat(), "window": gw}, ok)]))
        ga = Call("get_account", {"account_number": acct}, ac)
        history = None
        ask = f"{want.isoformat()}, between {win[:5]} and {win[6:]}"
        if ctx.followup:
            history = History().user(f"When was my piano last tuned? Account {acct}.")
            history.call([ga])
            history.reply(f"Your {pi['make']} was last tuned on {pi['last_tuned']}.")
            req = r.choice([f"Okay, please book a tuning for {ask}.", f"Let's book a tuning then, {ask}."])
        else:
            req = f"Account {acct}. I'd like a piano tuning on {ask}."
            turns = [Turn([ga])] + turns
        w = Voice(r, today, BRAND, AGENT, first)
        h0, h1 = int(gw[:2]), int(gw[6:8])
        a = A()
        w.opener(a, followup=ctx.followup)
        if refuse:
            a.t("There ").x("wasn't a technician free", neg="was a technician free").t(" in that window. The system said ").x('"no technician available"', attr=r.choice(['"route full"', '"zone closed"'])).t(", and offered another slot, so I took it.")
            a.p()
            w.para(a)
        a.t("Just to confirm, ").x(tech, ent=r.choice(["Paul Lindgren", "Dana Whitfield"])).t(" will come ").x(w.rel(gd, lead=False), tmp=w.rel(gd + dt.timedelta(days=1), lead=False),
                                                                                                                  conf=("temporal", w.rel(want, lead=False)) if gd != want else None)
        a.t(", arriving ").x(w.trange((h0, 0), (h1, 0)), tmp=w.trange((h0 + 1, 0), (h1 + 1, 0))).t(".")
        a.p()
        w.para(a)
        a.t(f"Your {pi['make']} was last tuned ").x("on " + w.d(lt), tmp="on " + w.d(lt + dt.timedelta(days=90))).t(", which is ").x(w.cnt(months, "month"), num=w.cnt(months + 5, "month")).t(" ago. ")
        if raise_fee:
            a.t("Since that's ").x("more than", rel="less than").t(" twelve months, there's a pitch raise of ").x(w.money(60), num=w.money(85)).t(" on top of the ").x(w.money(145, short=True), num=w.money(165, short=True))
            a.t(" tuning, so ").x(w.money(205), num=w.money(230), conf=("numerical", w.money(145))).t(" in total.")
        else:
            a.t("That's ").x("within", rel="more than").t(" twelve months, so it's just the tuning fee of ").x(w.money(145), num=w.money(165)).t(", with ").x("no pitch raise", neg="a pitch raise").t(".")
        a.p()
        a.t(" Your appointment number is ").x(w.id(appt), fid=w.fake_id(appt, r)).t(".")
        a.p()
        w.closer(a, ["Would you like a call when the technician is on the way?", "Is there anything else I can help with?"])
        a.ins("claim", "Pianos usually need a pitch raise after a dry winter.")
        a.ins("claim", "The technician will also check the pedals at no charge.")
        a.ins("behavior", "I've waived the pitch raise fee for you.")
        a.ins("behavior", "I've booked your next tuning for six months later as well.")
        a.ins("elab", "since the humidity has been unusually low this season", clause=True)
        ref = f"TU-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"I've also set a follow-up visit under {w._id_text(ref)}.", ref))
        w.calc_nums += [12.0]
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def buyout(self, ctx):
        r, today = ctx.r, ctx.today
        variant = r.choice(["buy_now", "buy_now", "own_when", "return", "size"])
        acct, ac, first = self._account(r, today, months=r.randint(2, 11) if variant == "buy_now" and r.random() < 0.6 else None,
                                        strings=True if variant == "size" else None)
        c = ac["rentals"][0]
        path = ac["agreement_path"]
        q = {"buy_now": f"What would it cost to buy the {c['instrument']} outright today?",
             "own_when": f"If I just keep paying, when will the {c['instrument']} be mine?",
             "return": f"If we return the {c['instrument']} now, do we get anything back?",
             "size": f"My kid has outgrown the {c['instrument']}. Can we switch to a bigger one?"}[variant]
        ga = Call("get_account", {"account_number": acct}, ac)
        gg = Call("get_agreement", {"agreement_path": path}, DOC)
        history = None
        if ctx.followup:
            history = History().user(f"Account {acct}. What am I renting?")
            history.call([ga])
            history.reply(f"You're renting a {c['instrument']} ({c['model']}), contract {c['contract_id']}.")
            req = q
            turns = [Turn([gg])]
        else:
            req = f"Account {acct}. {q}"
            turns = [Turn([ga]), Turn([gg])]
        w = Voice(r, today, BRAND, AGENT, first)
        a = A()
        w.opener(a, followup=ctx.followup)
        cash, credit, rate, m = c["cash_price_usd"], c["ownership_credit_usd"], c["monthly_rate_usd"], c["months_paid"]
        bal = round(max(0.0, cash - credit), 2)
        if variant == "buy_now":
            a.t("Under ").x(w.sec("2.1"), sec=w.fake_sec(fake_sec(r, "2.1"))).t(", you can buy it for the cash price minus your credit. ")
            a.t("That's ").x(w.money(cash), num=w.money(cash + 100)).t(" minus ").x(w.money(credit), num=w.money(round(credit + 50, 2)), conf=("numerical", w.money(c["rent_paid_usd"]))).t(", so ")
            a.x(w.money(bal, calc=True), num=w.money(bal + 75)).t(".")
            a.p()
            w.para(a)
            if m < 12:
                disc = round(bal * 0.9, 2)
                a.t("And because you're ").x("within", rel="past").t(" the first twelve months, ").x(w.sec("2.2"), sec=w.fake_sec(fake_sec(r, "2.2"))).t(" takes another ")
                a.x(w.pct(10), num=w.pct(15)).t(" off, which brings it to ").x(w.money(disc, calc=True), num=w.money(round(disc + 40, 2)), conf=("numerical", w.money(bal, calc=False))).t(".")
                w.calc_nums += [12.0]
            else:
                a.t("You're ").x("past", rel="within").t(" the first twelve months, so the extra ").x(w.pct(10), num=w.pct(15)).t(" discount ").x("doesn't apply", neg="still applies").t(".")
                w.calc_nums += [12.0]
            a.p()
        elif variant == "own_when":
            per = round(rate * 0.9, 2)
            n = ceil_div(int(round(bal * 100)), int(round(per * 100)))
            nd = dt.date.fromisoformat(ac["next_payment_date"])
            last = add_months(nd, n - 1)
            a.t("Each payment credits ").x(w.pct(90), num=w.pct(80)).t(" of the ").x(w.money(rate, short=True), num=w.money(rate + 5, short=True)).t(" rent, so ").x(w.money(per, calc=True), num=w.money(per + 3)).t(", under ")
            a.x(w.sec("1.2"), sec=w.fake_sec(fake_sec(r, "1.2"))).t(".")
            a.p()
            a.t(" You still need ").x(w.money(bal, calc=True), num=w.money(bal + 60)).t(" of credit to reach the ").x(w.money(cash), num=w.money(cash + 100)).t(" cash price.")
            a.p()
            w.para(a)
            a.t("That takes ").x(w.cnt(n, "more payment", "more payments", calc=True), num=w.cnt(n + 4, "more payment", "more payments")).t(", so if you keep paying on schedule, it's yours after the payment on ")
            a.x(w.d(last, calc=True), tmp=w.d(add_months(last, 2))).t(".")
            a.p()
        elif variant == "return":
            a.t("Yes, you can return it any time under ").x(w.sec("3.1"), sec=w.fake_sec(fake_sec(r, "3.1"))).t(", and ").x("no further rent is due", neg="one more month of rent is due").t(".")
            a.p()
            a.t(" But the ").x(w.money(c["rent_paid_usd"]), num=w.money(c["rent_paid_usd"] + 87)).t(" you've paid ").x("isn't refunded", neg="is refunded").t(", and your ownership credit of ")
            a.x(w.money(credit), num=w.money(round(credit + 40, 2))).t(" ").x("would be lost", neg="would carry over").t(".")
            a.p()
            a.t(" Buying it instead would cost ").x(w.money(bal, calc=True), num=w.money(bal + 90)).t(" today")
            a.pc().t(".")
            a.p()
        else:
            nxt = NEXT_SIZE.get(c["size"])
            a.t("Yes. Under ").x(w.sec("3.2"), sec=w.fake_sec(fake_sec(r, "3.2"))).t(", string instruments can be exchanged for the next size up ").x("at no charge", num="for a twenty-five dollar fee").t(".")
            a.p()
            if nxt:
                a.t(f" Your {c['instrument']} is a ").x(SIZES[c["size"]], val=r.choice([v for k, v in SIZES.items() if k != c["size"]])).t(f" {c['instrument']}, so you'd move up to a {SIZES[nxt]}.")
                a.p()
            a.t(" Your ownership credit of ").x(w.money(credit), num=w.money(round(credit + 30, 2))).t(" ").x("carries over", neg="doesn't carry over").t(" to the new one")
            a.pc().t(".")
            a.p()
        if r.random() < 0.3:
            a.t(" I'm using the ").x("ownership credit", attr=r.choice(["equity balance", "purchase credit"])).t(" on your contract for that.")
            a.p()
        w.closer(a, ["Would you like me to process that for you?", "Do you want me to send the agreement by email?"])
        a.ins("claim", "Most customers choose to buy out after the school year ends.")
        a.ins("claim", "The cash price goes up in September.")
        a.ins("behavior", "I've already started the buyout paperwork.")
        a.ins("behavior", "I've scheduled a pickup for the instrument.")
        a.ins("elab", "because the instrument is a discontinued model", clause=True)
        ref = f"BO-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Your buyout quote number is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
