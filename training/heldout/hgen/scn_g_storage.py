"""self_storage (set g): unit quotes with promotions and area conversion, reserving a unit (one rented moments before
by design), balance and late-fee / lien timeline from the rental agreement fetched by path, and gate-access activity."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_bool, s_date, s_int, s_obj, s_str
from .gstyle import Pen, pct, usd, vet

BASE = "https://api.stowaway-storage.example/v3"
FACILITIES = {"oak-park": "Oak Park", "bayside": "Bayside", "mill-creek": "Mill Creek"}
SIZES = {"5x5": 25, "5x10": 50, "10x10": 100, "10x15": 150, "10x20": 200}
NAMES = ["Priya Raman", "Jonah Feld", "Carmen Ruiz", "Owen Gallagher", "Mei Lin", "Tomás Herrera"]
SQFT_M2 = 0.092903


class SelfStorage(Scenario):
    name = "self_storage"
    agent = "Locker"
    service = "stowaway-storage-assistant"
    system = ("You are Locker, the customer assistant for Stowaway Self Storage (Oak Park, Bayside and Mill Creek). Use the "
              "tools to quote and reserve units, explain account balances and the rental agreement, and report gate "
              "activity. Amounts are USD per month unless stated.")
    error_style = 2
    entity_noun = {"unit_id": "Unit", "account_number": "Account", "lease_path": "Document"}
    preambles = ["Checking unit availability.", "Pulling up the account.", "Opening the rental agreement."]

    def __init__(self):
        acct = r"^ST\d{7}$"
        self.tools = [
            Tool("search_units", "Available units at a facility by size.",
                 s_obj({"facility": s_str("Facility.", enum=list(FACILITIES)), "size": s_str("Unit size in feet.", enum=list(SIZES)),
                        "climate_controlled": s_bool("Only climate-controlled units."), "move_in": s_date("Planned move-in date (YYYY-MM-DD).")},
                       ["facility", "size"]), http=BASE, extra=[("floor", 1)]),
            Tool("reserve_unit", "Reserve a unit from search_units (no charge until move-in).",
                 s_obj({"unit_id": s_str("Unit ID, e.g. 'OP-2114'.", pattern=r"^[A-Z]{2}-\d{4}$"), "move_in": s_date("Move-in date."),
                        "name": s_str("Renter's full name.", min_len=3, max_len=80)}, ["unit_id", "move_in", "name"]),
                 entity={"unit_id": "id"}, http=BASE, extra=[("insurance", True)]),
            Tool("get_account", "Renter account: units, rent, balance, paid-through date, agreement path.",
                 s_obj({"account_number": s_str("Account number, e.g. 'ST4410287'.", pattern=acct)}, ["account_number"]),
                 entity={"account_number": "id"}, http=BASE, extra=[("include_ledger", True)]),
            Tool("get_lease", "Rental agreement (plain text, numbered clauses) by document path.",
                 s_obj({"lease_path": s_str("Agreement path from get_account.", pattern=r"^leases/ST\d{7}/[a-z0-9-]+\.txt$")}, ["lease_path"]),
                 entity={"lease_path": "path"}, extra=[("version", "signed")]),
            Tool("get_gate_log", "Gate keypad access events for a unit.",
                 s_obj({"unit_id": s_str("Unit ID.", pattern=r"^[A-Z]{2}-\d{4}$"), "days": s_int("Days back.", 1, 90)}, ["unit_id", "days"]),
                 entity={"unit_id": "id"}, http=BASE, extra=[("include_denied", True)]),
        ]
        self.intents = [("unit_quote", self.quote, False), ("reserve_unit", self.reserve, True),
                        ("late_balance", self.late, True), ("gate_activity", self.gate, True)]

    def units(self, r: R, fac, size, climate):
        out = []
        pre = "".join(w[0] for w in FACILITIES[fac].split()).upper().ljust(2, "K")[:2]
        base = {"5x5": 45, "5x10": 72, "10x10": 128, "10x15": 169, "10x20": 215}[size] * (1.2 if climate else 1.0)
        for k in range(3):
            std = round(base + r.choice([-8, 0, 6, 14]), 0)
            out.append({"unit_id": f"{pre}-{r.randint(1000, 3999)}", "size": size, "sq_ft": SIZES[size], "floor": r.choice([1, 1, 2, 3]),
                        "door": r.choice(["roll-up", "swing"]), "climate_controlled": climate, "standard_rate": std,
                        "web_rate": round(std * 0.9, 2), "promo": r.choice([None, "50% off first month", "first month $1"])})
        return out

    def quote(self, ctx):
        r, today = ctx.r, ctx.today
        fac = r.choice(list(FACILITIES))
        size = r.choice(list(SIZES))
        climate = r.random() < 0.5
        us = self.units(r, fac, size, climate)
        fee = r.choice([22.0, 25.0, 29.0])
        res = {"facility": fac, "size": size, "units": us, "admin_fee": fee, "as_of": today.isoformat(),
               "rate_notes": "web_rate applies to reservations made online or through the assistant"}
        args = {"facility": fac, "size": size}
        if climate or r.random() < 0.4:
            args["climate_controlled"] = climate
        months = r.choice([3, 4, 6])
        req = r.choice([f"How much is a {size} at {FACILITIES[fac]}" + (" with climate control" if climate else "") + f" for {months} months?",
                        f"Quote me a {size} unit at {FACILITIES[fac]}, {months} months."])
        w = Pen(r, today)
        def total(u):
            first = u["web_rate"] * 0.5 if u["promo"] == "50% off first month" else (1.0 if u["promo"] == "first month $1" else u["web_rate"])
            return round(first + u["web_rate"] * (months - 1) + fee, 2)
        best = min(us, key=total)
        worst = max(us, key=total)
        bt = total(best)
        a = A()
        w.opener(a)
        w.lead(a)
        a.t(f"{len(us)} {size} units open at {FACILITIES[fac]} (").x(f"{SIZES[size]} sq ft", num=f"{SIZES[size] + 25} sq ft").t(", ").x(w.est(f"{SIZES[size] * SQFT_M2:.1f}") + " m²", num=w.est(f"{SIZES[size] * SQFT_M2 + 3:.1f}") + " m²").t(")")
        w.src(a, "the unit search", "search_units")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Unit", "Floor", "Web rate", "Promo", f"{months}-mo total*"])
            for u in us:
                a("| ").t(w.idf(u["unit_id"])).t(" | ").t(str(u["floor"])).t(" | ")
                if u is best:
                    a.x(usd(u["web_rate"]), num=usd(u["web_rate"] + 12), conf=("numerical", usd(u["standard_rate"]))).t(" | ")
                else:
                    a.t(usd(u["web_rate"])).t(" | ")
                a.t(u["promo"] or "—").t(" | ")
                if u is best:
                    a.x(usd(total(u)), num=usd(bump(total(u), r))).t(" |\n")
                else:
                    a.t(usd(total(u))).t(" |\n")
            a("\n*incl. the ").x(usd(fee), num=usd(fee + 10)).t(" admin fee").pp()
        else:
            for u in us:
                a(w.bullet).t(w.idf(u["unit_id"])).t(f", floor {u['floor']}: ")
                if u is best:
                    a.x(usd(u["web_rate"]), num=usd(u["web_rate"] + 12), conf=("numerical", usd(u["standard_rate"])))
                else:
                    a.t(usd(u["web_rate"]))
                a.t("/mo web rate").t(f", {u['promo']}" if u["promo"] else "").t(" → ")
                if u is best:
                    a.x(usd(total(u)), num=usd(bump(total(u), r)))
                else:
                    a.t(usd(total(u)))
                a.t(f" for {months} months").pb().t("\n")
            a("\nTotals include the ").x(usd(fee), num=usd(fee + 10)).t(" admin fee.").p()
        a("\n\nCheapest over ").t(f"{months} months").t(": ").x(w.idf(best["unit_id"]), fid=w.idf(f"{best['unit_id'][:2]}-{r.randint(4000, 9999)}")).t(" at ").t(usd(bt))
        if worst is not best:
            a.t(", ").x(usd(total(worst) - bt), num=usd(total(worst) - bt + 40)).t(" ").x("less", rel="more").t(" than ").t(w.idf(worst["unit_id"]))
        a.pc().t(". ")
        a.t("The web rate is ").x("10%", num="15%").t(" below the standard rate (").t(usd(best["standard_rate"])).t(" for that unit)")
        a.t(", and it ").x("applies", neg="doesn't apply").t(" when you reserve through me.").p()
        w.finish(a, ["Want me to reserve it?", "Should I check the other facilities?"])
        a.ins("claim", "Rates are locked for the first 12 months.")
        a.ins("claim", "Tenant protection starts at $12 a month and is required.")
        a.ins("behavior", "I've put a 24-hour hold on the cheapest unit.")
        a.ins("elab", "since ground-floor units get most of the drive-up traffic", clause=True)
        a.ins("elab", "Units near the elevator tend to go first.")
        a.ins("cite", f"Your quote reference is QR-{r.randint(100000, 999999)}.")
        return vet(self, Plan(req, [Turn([Call("search_units", args, res)])], a))

    def reserve(self, ctx):
        r, today = ctx.r, ctx.today
        fac = r.choice(list(FACILITIES))
        size = r.choice(list(SIZES))
        us = self.units(r, fac, size, False)
        us.sort(key=lambda u: u["web_rate"])
        move = today + dt.timedelta(days=r.randint(2, 20))
        name = r.choice(NAMES)
        res = {"facility": fac, "size": size, "units": us, "admin_fee": 25.0, "as_of": today.isoformat()}
        su = Call("search_units", {"facility": fac, "size": size, "move_in": move.isoformat()}, res)
        taken = r.random() < 0.5
        first = us[0]
        target = us[1] if taken else first
        turns = []
        if taken:
            turns.append(Turn([Call("reserve_unit", {"unit_id": first["unit_id"], "move_in": move.isoformat(), "name": name},
                                    f"Reservation not created: unit {first['unit_id']} was rented by another customer a few minutes ago.")]))
        conf = {"reservation_id": f"RSV-{r.upalnum(6)}", "unit_id": target["unit_id"], "move_in": move.isoformat(), "name": name,
                "monthly_rate": target["web_rate"], "due_at_move_in": round(target["web_rate"] + 25.0, 2), "hold_until": (move + dt.timedelta(days=3)).isoformat(),
                "status": "reserved", "charged_now": 0.0, "access_hours": "06:00-22:00"}
        turns.append(Turn([Call("reserve_unit", {"unit_id": target["unit_id"], "move_in": move.isoformat(), "name": name}, conf)]))
        history = None
        if ctx.followup:
            history = History().user(f"Any {size} units at {FACILITIES[fac]} for {move.isoformat()}?")
            history.call([su])
            history.reply(f"{len(us)} available; the lowest web rate is {usd(first['web_rate'])} ({first['unit_id']}).")
            req = r.choice([f"Reserve the cheapest one for me — {name}.", f"Book {first['unit_id']} under {name}."])
        else:
            req = f"Reserve the cheapest {size} at {FACILITIES[fac]} for move-in {move.isoformat()}, name {name}."
            turns = [Turn([su])] + turns
        w = Pen(r, today)
        a = A()
        w.opener(a, followup=ctx.followup, p=0.3)
        a.x("Reserved", val="Waitlisted").t(": ").x(w.idf(target["unit_id"]), fid=w.idf(f"{target['unit_id'][:2]}-{r.randint(4000, 9999)}")).t(f" ({size}, floor {target['floor']}) for ").x(name, ent=r.choice([n for n in ["Ana Petrova", "Greg Holt", "Leah Sommer"]]))
        a.t(", move-in ").x(w.rel(move), tmp=w.d(move + dt.timedelta(days=7))).t(".")
        a(" Confirmation ").x(w.idf(conf["reservation_id"]), fid=w.idf(f"RSV-{r.upalnum(6)}"))
        w.src(a, "the reservation", "reserve_unit")
        a.t(".").p()
        if taken:
            a("\n\n").t(first["unit_id"]).t(" ").x("had just been rented", neg="was still available").t(" when I tried it, so I took ").t(target["unit_id"]).t(", the ").x("next-cheapest", rel="most expensive").t(" at ")
            a.x(usd(target["web_rate"]), num=usd(target["web_rate"] + 9), conf=("numerical", usd(first["web_rate"])) if first["web_rate"] != target["web_rate"] else None).t("/mo").pc().t(".").p()
        a("\n\n")
        a(w.bullet).t("Due at move-in: ").x(usd(conf["due_at_move_in"]), num=usd(conf["due_at_move_in"] + 25)).t(" (first month + $25 admin fee)").pb().t("\n")
        a(w.bullet).t("Held until ").x(w.d(conf["hold_until"]), tmp=w.d(move + dt.timedelta(days=10))).t(f" — {(dt.date.fromisoformat(conf['hold_until']) - move).days} days past move-in").pb().t("\n")
        a(w.bullet).t("Gate hours ").x(w.t("06:00") + "–" + w.t("22:00"), tmp=w.t("07:00") + "–" + w.t("21:00")).pb().t("\n")
        a("\nYou ").x("haven't been charged", neg="have already been charged").t(" anything yet; status is ").x("`reserved`", attr="`pending_payment`").t(".")
        w.finish(a, ["Want a reminder the day before?", "Need a moving-truck checklist?"])
        a.ins("claim", "Reservations can be moved once for free.")
        a.ins("behavior", "I've also added tenant protection to the reservation.")
        a.ins("elab", "because upper-floor units stay cooler in summer", clause=True)
        a.ins("cite", f"Your gate code will be sent under ticket GT-{r.randint(10000, 99999)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def account(self, r: R, today, late=True):
        acct = f"ST{r.randint(1000000, 9999999)}"
        fac = r.choice(list(FACILITIES))
        size = r.choice(list(SIZES))
        rent = float({"5x5": 52, "5x10": 79, "10x10": 139, "10x15": 176, "10x20": 229}[size])
        days_late = r.randint(6, 40) if late else 0
        due = today - dt.timedelta(days=days_late)
        pre = "".join(w[0] for w in FACILITIES[fac].split()).upper().ljust(2, "K")[:2]
        uid = f"{pre}-{r.randint(1000, 3999)}"
        return acct, {"account_number": acct, "name": r.choice(NAMES), "facility": fac,
                      "units": [{"unit_id": uid, "size": size, "monthly_rent": rent, "move_in": (today - dt.timedelta(days=r.randint(200, 900))).isoformat()}],
                      "rent_due_date": due.isoformat(), "paid_through": (due - dt.timedelta(days=1)).isoformat(),
                      "balance": rent, "autopay": False, "agreement_path": f"leases/{acct}/rental-agreement-{r.randint(2023, 2025)}.txt",
                      "as_of": today.isoformat()}

    def late(self, ctx):
        r, today = ctx.r, ctx.today
        fee_a = r.choice([20, 25])
        fee_d = r.choice([5, 6])
        fee_b = r.choice([15, 20])
        fee_b_d = r.choice([15, 20])
        lien_d = r.choice([30, 45])
        while True:     # keep clear of the clause thresholds so "applies now" is unambiguous
            acct, ac = self.account(r, today)
            if (today - dt.date.fromisoformat(ac["rent_due_date"])).days not in (fee_d, fee_b_d, lien_d):
                break
        path = ac["agreement_path"]
        due = dt.date.fromisoformat(ac["rent_due_date"])
        text = ("STOWAWAY SELF STORAGE — RENTAL AGREEMENT\n\n"
                "3. RENT. Rent is due in advance on the rent due date each month.\n"
                f"4. LATE FEES. If rent is not received within {fee_d} days after the due date, a late fee of ${fee_a} is charged. "
                f"A second late fee of ${fee_b} is charged if rent remains unpaid {fee_b_d} days after the due date.\n"
                f"5. DENIAL OF ACCESS. Gate access is suspended when any amount is more than {fee_d} days past due.\n"
                f"7. LIEN. If rent remains unpaid {lien_d} days after the due date, the Owner may enforce its lien and sell the contents after notice as required by law.\n"
                "9. NOTICE TO VACATE. Tenant must give 10 days' written notice before moving out.\n")
        ga = Call("get_account", {"account_number": acct}, ac)
        gl = Call("get_lease", {"lease_path": path}, text)
        history = None
        if ctx.followup:
            history = History().user(f"What do I owe on account {acct}?")
            history.call([ga])
            history.reply(f"The balance is {usd(ac['balance'])}; rent was due {ac['rent_due_date']}.")
            req = r.choice(["What happens now that it's late? Any fees?", "Am I going to get charged late fees, and can I still get in?"])
            turns = [Turn([gl])]
        else:
            req = r.choice([f"Account {acct}: I'm behind on rent. What fees apply and when could you auction my stuff?",
                            f"I missed a payment on {acct} — what does the agreement say about late fees?"])
            turns = [Turn([ga]), Turn([gl])]
        w = Pen(r, today)
        late_days = (today - due).days
        fees = (fee_a if late_days > fee_d else 0) + (fee_b if late_days > fee_b_d else 0)
        lien_day = due + dt.timedelta(days=lien_d)
        fake = lambda real: r.choice([x for x in ["6", "8", "10", "11", "12"] if x != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.t("Rent of ").x(usd(ac["balance"]), num=usd(ac["balance"] + 40)).t(" was due ").x(w.d(due), tmp=w.d(due + dt.timedelta(days=7))).t(", so it's ").x(f"{late_days} days", num=f"{late_days + 6} days").t(" late")
        w.src(a, "your account", "get_account")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Clause", "Rule", "Applies now?"])
            a("| §").x("4", sec=fake("4")).t(" | ").x(f"${fee_a}", num=f"${fee_a + 15}").t(f" after {fee_d} days | ").x("yes" if late_days > fee_d else "no", val="no" if late_days > fee_d else "yes").t(" |\n")
            a("| §4 | ").t(f"${fee_b} more after ").x(f"{fee_b_d} days", num=f"{fee_b_d + 10} days").t(" | ").t("yes" if late_days > fee_b_d else "no").t(" |\n")
            a("| §").x("5", sec=fake("5")).t(" | gate access suspended after ").t(f"{fee_d} days").t(" | ").t("yes" if late_days > fee_d else "no").t(" |\n")
            a("| §").x("7", sec=fake("7")).t(" | lien sale possible after ").x(f"{lien_d} days", num=f"{lien_d + 30} days").t(" | ").t("yes" if late_days > lien_d else "not yet").t(" |\n")
        else:
            a(w.bullet).t("Late fee: ").x(f"${fee_a}", num=f"${fee_a + 15}").t(f" once rent is more than {fee_d} days late, then another ${fee_b} at ").x(f"{fee_b_d} days", num=f"{fee_b_d + 10} days").t(" (§").x("4", sec=fake("4")).t(")").pb().t("\n")
            a(w.bullet).t(f"Gate access is suspended past {fee_d} days (§").x("5", sec=fake("5")).t(")").pb().t("\n")
            a(w.bullet).t("Lien: after ").x(f"{lien_d} days", num=f"{lien_d + 30} days").t(" unpaid the owner may sell the contents after legal notice (§").x("7", sec=fake("7")).t(")").pb().t("\n")
        a(f"\nAt {late_days} days that's ").x(usd(fees, 0) if fees else "$0", num=usd(fees + fee_a, 0)).t(" in late fees under the agreement, for ").x(usd(ac["balance"] + fees), num=usd(ac["balance"] + fees + 35)).t(" total if nothing else posts")
        a.t(". Your gate access ").x("is suspended" if late_days > fee_d else "is still active", neg="is still active" if late_days > fee_d else "is suspended").t(" right now.").p()
        if late_days <= lien_d:
            a("\n\nThe earliest the lien could be enforced is ").x(w.rel(lien_day), tmp=w.d(lien_day + dt.timedelta(days=30))).t(f" ({lien_d} days after the due date)").pc().t(" — that point ").x("hasn't been reached", neg="has already been reached").t(" yet.")
        else:
            a("\n\nYou're ").x("past", rel="short of").t(f" the {lien_d}-day lien threshold, so the owner may enforce the lien after the legally required notice").pc().t(".")
        a(" Autopay is ").x("off", val="on").t(" on this account.")
        w.finish(a, ["Want me to send a payment link?", "Should I check whether any notice has gone out?"])
        a.ins("claim", "Partial payments don't stop the late-fee schedule.")
        a.ins("claim", "A lien notice has already been mailed to the address on file.")
        a.ins("behavior", "I've waived the first late fee as a courtesy.")
        a.ins("elab", "since the facility's auction partner only runs sales quarterly", clause=True)
        a.ins("cite", f"The lien notice on file is LN-{ac['account_number'][2:6]}-{r.randint(100, 999)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def gate(self, ctx):
        r, today = ctx.r, ctx.today
        acct, ac = self.account(r, today, late=False)
        ac["balance"] = 0.0
        ac["paid_through"] = (today + dt.timedelta(days=r.randint(5, 25))).isoformat()
        ac["rent_due_date"] = (dt.date.fromisoformat(ac["paid_through"]) + dt.timedelta(days=1)).isoformat()
        uid = ac["units"][0]["unit_id"]
        days = r.choice([14, 30])
        evs = []
        for _ in range(r.randint(3, 7)):
            t = dt.datetime.combine(today - dt.timedelta(days=r.randint(0, days - 1)), dt.time(r.randint(6, 21), r.randint(0, 59)))
            evs.append({"at": t.strftime("%Y-%m-%dT%H:%M:00-07:00"), "event": "gate_open", "code_holder": ac["name"]})
        denied = r.random() < 0.5
        if denied:
            t = dt.datetime.combine(today - dt.timedelta(days=r.randint(0, days - 1)), dt.time(r.choice([22, 23]), r.randint(5, 59)))
            evs.append({"at": t.strftime("%Y-%m-%dT%H:%M:00-07:00"), "event": "denied_outside_hours", "code_holder": ac["name"]})
        evs.sort(key=lambda e: e["at"], reverse=True)
        res = {"unit_id": uid, "days": days, "events": evs, "access_hours": "06:00-22:00", "as_of": today.isoformat()}
        ga = Call("get_account", {"account_number": acct}, ac)
        gg = Call("get_gate_log", {"unit_id": uid, "days": days}, res)
        history = None
        if ctx.followup:
            history = History().user(f"Can you look up account {acct}?")
            history.call([ga])
            history.reply(f"Found it: unit {uid} at {FACILITIES[ac['facility']]}, paid through {ac['paid_through']}.")
            req = r.choice([f"Has anyone been into my unit in the last {days} days?", "When was the gate last opened with my code?"])
            turns = [Turn([gg])]
        else:
            req = f"Account {acct}: show gate activity for my unit over the last {days} days."
            turns = [Turn([ga]), Turn([gg])]
        w = Pen(r, today)
        opens = [e for e in evs if e["event"] == "gate_open"]
        last = opens[0]
        firsto = opens[-1]
        lt = dt.datetime.fromisoformat(last["at"])
        distinct = len({e["at"][:10] for e in opens})
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.x(f"{len(opens)} gate entries", num=f"{len(opens) + 2} gate entries").t(" with your code in the last ").x(f"{days} days", num=f"{days + 30} days").t(", on ").x(f"{distinct} different day" + ("s" if distinct > 1 else ""), num=f"{distinct + 2} different days")
        w.src(a, "the gate log", "get_gate_log")
        a.t(".").p()
        a("\n\nMost recent: ").x(w.d(lt), tmp=w.d(lt - dt.timedelta(days=2))).t(" at ").x(w.t(lt), tmp=w.t(lt + dt.timedelta(hours=3))).t("; earliest entry in the window: ")
        a.x(w.d(dt.datetime.fromisoformat(firsto["at"])), tmp=w.d(dt.datetime.fromisoformat(firsto["at"]) + dt.timedelta(days=4))).t(".")
        if denied:
            de = [e for e in evs if e["event"] != "gate_open"][0]
            dtm = dt.datetime.fromisoformat(de["at"])
            a(" One attempt ").x("was denied", neg="was let through").t(" at ").t(w.t(dtm)).t(" on ").t(w.d(dtm)).t(" — that's ").x("after", rel="before").t(" the ").t(w.t("22:00")).t(" close (").x("`denied_outside_hours`", attr="`denied_bad_code`").t(")").pc().t(".")
        else:
            a(" The log shows ").x("no", neg="some").t(" denied attempts.")
        a.p()
        a("\n\nAll entries are under ").x(ac["name"], ent=r.choice(["Ana Petrova", "Greg Holt", "Leah Sommer"])).t("'s code. Account is paid through ").x(w.d(ac["paid_through"]), tmp=w.d(dt.date.fromisoformat(ac["paid_through"]) - dt.timedelta(days=20))).t(" with ").x("nothing", neg="a balance").t(" owing.")
        w.finish(a, ["Want me to change your gate code?", "Should I add a second authorized user?"])
        a.ins("claim", "The facility's cameras keep footage for 30 days.")
        a.ins("claim", "Nobody else is listed as an authorized user on the unit.")
        a.ins("behavior", "I've reset your gate code as a precaution.")
        a.ins("elab", "which is typical for units used as overflow garage space", clause=True)
        a.ins("cite", f"The access report is saved as AR-{uid}-{r.randint(10, 99)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))
