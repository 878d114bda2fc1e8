"""banking: balances, transactions, transfers, card status, fee schedules."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, approx_money, bump, bump_int, closer, d_full,
                     d_long, d_med, d_short, d_wd, fnum, money, mutate_id, nword, opener, other_than, pct, plural,
                     s_bool, s_date, s_int, s_obj, s_str, t12)

BASE = "https://api.northbank.internal/v2"
MERCHANTS = {
    "dining": ["Sweetgreen", "Chipotle", "Joe's Pizza", "Blue Bottle Coffee", "Shake Shack", "Nando's", "Tatte Bakery",
               "Panera Bread", "Cava", "Le Pain Quotidien"],
    "groceries": ["Trader Joe's", "Whole Foods Market", "Safeway", "Kroger", "Wegmans", "Aldi"],
    "travel": ["Delta Air Lines", "Uber", "Lyft", "Marriott Bonvoy", "Amtrak", "Hertz"],
    "shopping": ["Amazon", "Target", "Best Buy", "IKEA", "Uniqlo", "REI"],
}
OTHER_MERCHANTS = ["Starbucks", "Dunkin'", "Wendy's", "Taco Bell", "Subway", "Olive Garden", "Costco", "Walmart"]
BENEFICIARIES = [("Marta Ruiz", "CaixaBank", "ES", "EUR", 0.9214), ("Lukas Becker", "Deutsche Bank", "DE", "EUR", 0.9187),
                 ("Sophie Laurent", "BNP Paribas", "FR", "EUR", 0.9231), ("Oliver Grant", "Barclays", "GB", "GBP", 0.7893),
                 ("Priya Nair", "HDFC Bank", "IN", "INR", 83.412), ("Kenji Watanabe", "MUFG Bank", "JP", "JPY", 149.37),
                 ("Emma Lindqvist", "Nordea", "SE", "SEK", 10.412), ("Camila Rocha", "Itaú Unibanco", "BR", "BRL", 5.0621)]
OTHER_BANKS = ["Santander", "ING", "HSBC", "Société Générale", "Commerzbank", "UBS", "Rabobank"]
OTHER_PEOPLE = ["Ana Torres", "Julia Moreau", "Tom Hughes", "Ravi Menon", "Lena Fischer"]
CUR_SYMS = {"EUR": "€", "GBP": "£", "INR": "₹", "JPY": "¥", "SEK": "SEK ", "BRL": "R$"}


def fx(x, cur):
    if cur == "JPY":
        return f"¥{x:,.0f}"
    sym = CUR_SYMS[cur]
    return f"{sym}{x:,.2f}"


class Banking(Scenario):
    name = "banking"
    agent = "Penny"
    service = "northbank-assistant"
    system = ("You are Penny, NorthBank's digital banking assistant. The customer is already authenticated. Use the "
              "banking tools to answer questions about their accounts, transactions, transfers, cards and fees. Never "
              "guess account, card or transfer identifiers; look them up. Do not move money unless asked.")
    error_style = 0
    entity_noun = {"account_id": "Account", "transfer_id": "Transfer", "card_id": "Card"}
    preambles = ["Let me pull that up.", "One moment while I check your accounts.", "Checking now.",
                 "I'll look that up for you."]

    def __init__(self):
        acct = s_str("Account identifier, e.g. 'ACCT-40718832'.", pattern=r"^ACCT-\d{8}$")
        self.tools = [
            Tool("list_accounts", "List the customer's deposit and credit accounts with current balances.",
                 s_obj({"include_closed": s_bool("Include closed accounts.")}), http=BASE,
                 extra=[("customer_id", "me"), ("currency", "USD")]),
            Tool("get_transactions", "Transactions on one account between two dates, newest first.",
                 s_obj({"account_id": acct, "from_date": s_date("Start date (YYYY-MM-DD), inclusive."),
                        "to_date": s_date("End date (YYYY-MM-DD), inclusive."),
                        "category": s_str("Spending category filter.", enum=["dining", "groceries", "travel", "shopping",
                                                                              "utilities", "transfers", "income", "other"]),
                        "status": s_str("Posting status filter.", enum=["posted", "pending", "all"]),
                        "limit": s_int("Maximum number of transactions.", 1, 100)},
                       ["account_id", "from_date", "to_date"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("sort", "desc"), ("include_running_balance", True)]),
            Tool("get_transfer", "Status and details of an outgoing transfer.",
                 s_obj({"transfer_id": s_str("Transfer reference, e.g. 'TRF-8K2L9QXA'.", pattern=r"^TRF-[A-Z0-9]{8}$")},
                       ["transfer_id"]),
                 entity={"transfer_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("list_cards", "List the customer's debit and credit cards.",
                 s_obj({"status": s_str("Filter by card status.", enum=["active", "frozen", "blocked", "expired", "any"])}),
                 http=BASE, extra=[("include_virtual", True)]),
            Tool("get_card_status", "Status, recent declines and replacement details for one card.",
                 s_obj({"card_id": s_str("Card identifier, e.g. 'CARD-381204'.", pattern=r"^CARD-\d{6}$"),
                        "declines_limit": s_int("How many recent declines to return.", 1, 20)}, ["card_id"]),
                 entity={"card_id": "id"}, http=BASE, extra=[("include_pan", False)]),
            Tool("get_fee_schedule", "Current fee schedule document for a product.",
                 s_obj({"product": s_str("Product code.", enum=["everyday_checking", "high_yield_savings",
                                                                 "travel_rewards_visa"]),
                        "region": s_str("Fee region.", enum=["US", "international"])}, ["product"]),
                 http=BASE, extra=[("language", "en"), ("version", "latest")]),
        ]
        self.intents = [("balances", self.balances, False), ("transactions", self.transactions, True),
                        ("transfer_status", self.transfer, False), ("card_status", self.card, True),
                        ("fees", self.fees, False)]

    # ------------------------------------------------------------------ data
    def accounts(self, r: R, today):
        chk = round(r.uniform(900, 9000), 2)
        pend = round(r.uniform(40, 480), 2)
        sav = round(r.uniform(6000, 48000), 2)
        limit = r.choice([5000, 8000, 10000, 12000, 15000])
        owed = round(r.uniform(250, 3200), 2)
        due = today + dt.timedelta(days=r.randint(5, 22))
        apy = r.choice([3.65, 3.85, 4.0, 4.1, 3.5])
        nums = [r.digits(8) for _ in range(3)]
        return {
            "customer_id": f"CUS-{r.digits(6)}", "as_of": f"{today.isoformat()}T{r.randint(7, 20):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}Z",
            "accounts": [
                {"account_id": f"ACCT-{nums[0]}", "type": "checking", "nickname": "Everyday Checking", "currency": "USD",
                 "status": "open", "last4": nums[0][-4:], "balances": {"current": chk, "available": round(chk - pend, 2)}},
                {"account_id": f"ACCT-{nums[1]}", "type": "savings", "nickname": "High-Yield Savings", "currency": "USD",
                 "status": "open", "last4": nums[1][-4:], "balances": {"current": sav, "available": sav},
                 "interest_rate_apy": apy},
                {"account_id": f"ACCT-{nums[2]}", "type": "credit_card", "nickname": "Travel Rewards Visa",
                 "currency": "USD", "status": "open", "last4": nums[2][-4:],
                 "balances": {"current": owed, "available": round(limit - owed, 2)}, "credit_limit": limit,
                 "payment_due": {"minimum": float(max(35, round(owed * 0.02))), "due_date": due.isoformat(), "past_due": False}},
            ]}

    # ------------------------------------------------------------------ intents
    def balances(self, ctx):
        r, today = ctx.r, ctx.today
        data = self.accounts(r, today)
        chk, sav, cc = data["accounts"]
        c, s, k = chk["balances"]["current"], sav["balances"]["current"], cc["balances"]["current"]
        ca = chk["balances"]["available"]
        total = round(c + s, 2)
        due = cc["payment_due"]["due_date"]
        mn = cc["payment_due"]["minimum"]
        req = r.choice(["What are my account balances?", "How much money do I have right now?",
                        "Can you give me a quick overview of my balances?", "balances pls",
                        "What's in checking and savings, and what do I owe on the card?"])
        calls = [Call("list_accounts", {} if r.random() < 0.6 else {"include_closed": False}, data)]
        a = A()
        style = r.choice(["terse", "prose", "table", "bullets"])
        shift = lambda d: (dt.date.fromisoformat(d) + dt.timedelta(days=r.choice([-3, -2, 2, 3, 7]))).isoformat()
        if style == "terse":
            a("Checking: ").x(money(c), num=money(bump(c, r)), conf=("numerical", money(s)))
            a(" · Savings: ").x(money(s), num=money(bump(s, r)))
            a(" · Visa balance: ").x(money(k), num=money(bump(k, r)))
            a(" (minimum ").x(money(mn), num=money(bump(mn, r, dec=0))).t(" due ").x(d_short(due), tmp=d_short(shift(due))).t(").")
            a.p()
        elif style == "prose":
            opener(a, r)
            a("Your Everyday Checking has ").x(money(c), num=money(bump(c, r)), conf=("numerical", money(s)))
            a(" (").x(money(ca), num=money(bump(ca, r))).t(" available after pending charges), and High-Yield Savings holds ")
            a.x(money(s), num=money(bump(s, r))).t(" earning ").x(pct(sav["interest_rate_apy"], 2), num=pct(sav["interest_rate_apy"] + r.choice([0.5, 0.75, -0.6]), 2))
            a(" APY — so about ").x(approx_money(total), num=approx_money(bump(total, r))).t(" in cash across the two")
            a.pc().t(".").p()
            if s > c:
                a(" You have ").x("more", rel="less").t(" in savings than in checking.").p()
            a(" Your Travel Rewards Visa has a balance of ").x(money(k), num=money(bump(k, r)), conf=("numerical", money(c)))
            a("; the minimum payment of ").x(money(mn), num=money(bump(mn, r, dec=0))).t(" is due ")
            a.x(d_long(due), tmp=d_long(shift(due))).t(", and the card ").x("isn't past due", neg="is already past due").t(".").p()
            closer(a, r, extra=["Want me to move some money between accounts?", "Would you like to see recent transactions on any of these?"])
        elif style == "table":
            a(r.choice(["Here are your balances:", "Here's where things stand:", "Sure — here are your current balances:"]))
            a("\n\n| Account | Balance | Available |\n|---|---|---|\n")
            a("| Everyday Checking (…").x(chk["last4"], fid=mutate_id(chk["last4"], r)).t(") | ").x(money(c), num=money(bump(c, r)))
            a(" | ").x(money(ca), num=money(bump(ca, r))).t(" |\n")
            a("| High-Yield Savings (…").t(sav["last4"]).t(") | ").x(money(s), num=money(bump(s, r)), conf=("numerical", money(c)))
            a(" | ").t(money(s)).t(" |\n")
            a("| Travel Rewards Visa (…").t(cc["last4"]).t(") | ").x(money(k), num=money(bump(k, r))).t(" owed | ")
            a.x(money(cc["balances"]["available"]), num=money(bump(cc["balances"]["available"], r))).t(" credit |\n\n")
            a("**Total cash:** ").x(money(total), num=money(bump(total, r))).t("  \n**Next card payment:** ")
            a.x(money(mn), num=money(bump(mn, r, dec=0))).t(" minimum, due ").x(d_wd(due), tmp=d_wd(shift(due))).pp()
            closer(a, r, sep="\n\n")
        else:
            a("Here's a snapshot as of ").x(d_med(today), tmp=d_med(today - dt.timedelta(days=r.choice([1, 2, 7])))).t(":\n\n")
            a("- **Everyday Checking:** ").x(money(c), num=money(bump(c, r)), conf=("numerical", money(s))).pb()
            a("\n- **High-Yield Savings:** ").x(money(s), num=money(bump(s, r))).t(" (").x(pct(sav["interest_rate_apy"], 2), num=pct(sav["interest_rate_apy"] + 0.6, 2)).t(" APY)").pb()
            a("\n- **Travel Rewards Visa:** ").x(money(k), num=money(bump(k, r))).t(" balance, ")
            a.x(money(cc["balances"]["available"]), num=money(bump(cc["balances"]["available"], r))).t(" of your ")
            a.x(money(cc["credit_limit"], dec=0), num=money(cc["credit_limit"] + r.choice([2000, 5000]), dec=0)).t(" limit available").pb()
            a("\n\nThe card's minimum payment is due ").x(d_long(due), tmp=d_long(shift(due))).t(".").p()
            closer(a, r, extra=["Would you like me to set up a payment reminder?"])
        a.ins("claim", f"Your savings rate is locked in through {d_med(today + dt.timedelta(days=120))}.")
        a.ins("claim", "Checking has no monthly maintenance fee this cycle.")
        a.ins("behavior", "I've also scheduled the minimum card payment from checking so you don't miss it.")
        a.ins("behavior", "I went ahead and turned on low-balance alerts for checking.")
        a.ins("elab", "mostly thanks to last week's payroll deposit", clause=True)
        a.ins("elab", "Savings is up because of the interest credited at the start of the month.")
        a.ins("cite", f"Your latest statement is STM-{today.year}-{r.digits(4)} in the Documents tab.")
        return Plan(req, [Turn(calls)], a)

    def transactions(self, ctx):
        r, today = ctx.r, ctx.today
        data = self.accounts(r, today)
        chk = data["accounts"][0] if r.random() < 0.6 else data["accounts"][2]
        cat = r.choice(["dining", "groceries", "shopping"])
        start = today.replace(day=1) if today.day > 8 else (today - dt.timedelta(days=30))
        n = r.randint(4, 6)
        days = sorted({start + dt.timedelta(days=r.randint(0, (today - start).days)) for _ in range(n)}, reverse=True)
        merchants = r.sample(MERCHANTS[cat], len(days))
        txns = []
        for i, (d, m) in enumerate(zip(days, merchants)):
            amt = round(r.uniform(8, 65) if cat == "dining" else r.uniform(18, 190), 2)
            txns.append({"transaction_id": f"TXN-{r.upalnum(8)}", "date": d.isoformat(), "description": f"{m.upper()} #{r.randint(100, 9999)}",
                         "merchant": m, "category": cat, "amount": -amt, "currency": "USD",
                         "status": "pending" if (i == 0 and d >= today - dt.timedelta(days=2)) or (i == 0 and r.random() < 0.5) else "posted"})
        result = {"account_id": chk["account_id"], "from": start.isoformat(), "to": today.isoformat(), "transactions": txns,
                  "next_page_token": None}
        args = {"account_id": chk["account_id"], "from_date": start.isoformat(), "to_date": today.isoformat(), "category": cat}
        if r.random() < 0.5:
            args["limit"] = r.choice([25, 50, 100])
        name = "checking" if chk["type"] == "checking" else "Visa"
        period = "this month" if start.day == 1 else "in the last 30 days"
        catword = {"dining": "eating out", "groceries": "groceries", "shopping": "shopping"}[cat]
        req0 = r.choice([f"How much have I spent on {catword} {period} on my {name}?",
                         f"What did my {name} {catword} spending look like {period}?"])
        history = None
        if ctx.followup:
            history = History().user(r.choice(["What accounts do I have?", "Show me my accounts."]))
            history.call([Call("list_accounts", {}, data)], "Let me pull up your accounts.")
            history.reply(f"You have three accounts: Everyday Checking (…{data['accounts'][0]['last4']}), High-Yield Savings "
                          f"(…{data['accounts'][1]['last4']}) and the Travel Rewards Visa (…{data['accounts'][2]['last4']}).")
            req = r.choice([f"And how much went on {catword} {period} on the {name}?",
                            f"Thanks. What did I spend on {catword} on the {name} {period}?"])
            turns = [Turn([Call("get_transactions", args, result)])]
        else:
            req = req0
            turns = [Turn([Call("list_accounts", {}, data)]), Turn([Call("get_transactions", args, result)])]
        amts = [-t["amount"] for t in txns]
        total = round(sum(amts), 2)
        big = max(range(len(txns)), key=lambda i: amts[i])
        second = sorted(amts, reverse=True)[1]
        other = r.choice([i for i in range(len(txns)) if i != big])
        pending = [t for t in txns if t["status"] == "pending"]
        a = A()
        style = r.choice(["prose", "bullets", "terse"])
        bt = txns[big]
        ent_rep = other_than(r, OTHER_MERCHANTS, *merchants)
        shiftd = lambda d: d_med(dt.date.fromisoformat(d) + dt.timedelta(days=r.choice([-4, -2, 3, 5])))
        if style == "terse":
            a("You've spent ").x(money(total), num=money(bump(total, r))).t(" on ").t(catword).t(" ").t(period)
            a(" across ").x(plural(len(txns), "transaction"), num=plural(bump_int(len(txns), r, (2, 3)), "transaction")).t(".").p()
            a(" Biggest: ").x(money(amts[big]), num=money(bump(amts[big], r)), conf=("numerical", money(amts[other])))
            a(" at ").x(bt["merchant"], ent=ent_rep).t(" on ").x(d_short(bt["date"]), tmp=d_short(dt.date.fromisoformat(bt["date"]) + dt.timedelta(days=3))).t(".").p()
        elif style == "prose":
            opener(a, r)
            a(f"{period[0].upper() + period[1:]} you've spent ").x(money(total), num=money(bump(total, r))).t(f" on {catword} with your {name}, over ")
            a.x(nword(len(txns)), num=nword(bump_int(len(txns), r, (2, 3)))).t(" transactions — an average of ")
            a.x(money(round(total / len(txns), 2)), num=money(bump(round(total / len(txns), 2), r))).t(" each.").p()
            a(" The largest was ").x(money(amts[big]), num=money(bump(amts[big], r)), conf=("numerical", money(amts[other])))
            a(" at ").x(bt["merchant"], ent=ent_rep).t(" on ").x(d_long(bt["date"]), tmp=d_long(dt.date.fromisoformat(bt["date"]) + dt.timedelta(days=r.choice([-2, 2, 4])))).pc()
            ratio = amts[big] / second
            if ratio >= 2:
                a(", ").x("more than double", rel="less than half").t(" the next biggest charge")
            a(".").p()
            if pending:
                p = pending[0]
                a(" The ").x(money(-p["amount"]), num=money(bump(-p["amount"], r))).t(" charge at ").x(p["merchant"], ent=other_than(r, OTHER_MERCHANTS, *merchants, ent_rep))
                a(" ").x("hasn't posted yet", neg="has already posted", val="was declined").t(".").p()
            closer(a, r, extra=["Want me to break this down by week?", "Would you like me to set a monthly budget alert for this category?"])
        else:
            a(f"**{catword.capitalize()} {period}** ({name}): ").x(money(total), num=money(bump(total, r))).t(f" across {len(txns)} transactions\n")
            for i, t in enumerate(txns):
                a("\n- ").x(d_short(t["date"]), tmp=shiftd(t["date"]) if i == big else None).t(" — ")
                a.x(t["merchant"], ent=ent_rep if i == big else None).t(": ")
                a.x(money(amts[i]), num=money(bump(amts[i], r)) if i == big else None,
                    conf=("numerical", money(amts[other])) if i == big else None)
                if t["status"] == "pending":
                    a(" (").x("pending", val="declined").t(")")
                if i == big and r.random() < 0.5:
                    a(" · ref ").x(t["transaction_id"], fid="TXN-" + mutate_id(t["transaction_id"][4:], r))
                a.pb()
            a("\n\n").x("The largest", rel="The smallest").t(" charge was at ").t(bt["merchant"]).t(".").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"You earn 3% cash back on {catword} with this account.")
        a.ins("claim", f"That's about 15% lower than your {catword} spending last month.")
        a.ins("behavior", f"I've flagged the {txns[other]['merchant']} charge for review with our disputes team.")
        a.ins("behavior", f"I've also set a monthly {catword} budget alert at {money(round(total * 1.2, -1), dec=0)} for you.")
        a.ins("elab", "mostly from weekday lunches near your office", clause=True)
        a.ins("elab", f"{'Spending' if cat != 'groceries' else 'Grocery spending'} was heavier in the first week because of a one-off group dinner.")
        a.ins("cite", f"You can download the full list as report RPT-{r.digits(5)} from the Statements page.")
        return Plan(req, turns, a, history.msgs if history else None)

    def transfer(self, ctx):
        r, today = ctx.r, ctx.today
        name, bank, country, cur, rate = r.choice(BENEFICIARIES)
        rate = round(rate * r.uniform(0.985, 1.015), 4 if rate < 20 else 3)
        amount = float(r.choice([500, 750, 1000, 1200, 1500, 2000, 2500, 3000, 4200]))
        fee = float(r.choice([15, 25, 30, 35]))
        target = round(amount * rate, 0 if cur == "JPY" else 2)
        created = today - dt.timedelta(days=r.randint(1, 3))
        status = r.choice(["processing", "processing", "completed", "returned"])
        settle = created + dt.timedelta(days=r.randint(1, 3))
        if status == "processing" and settle <= today:
            settle = today + dt.timedelta(days=r.randint(1, 2))
        tid = f"TRF-{r.upalnum(8)}"
        hist = [{"status": "submitted", "at": f"{created.isoformat()}T{r.randint(8, 17):02d}:{r.randint(0, 59):02d}:00Z"},
                {"status": "processing", "at": f"{created.isoformat()}T{r.randint(18, 21):02d}:{r.randint(0, 59):02d}:00Z"}]
        res = {"transfer_id": tid, "type": "international_wire", "status": status,
               "amount": {"value": amount, "currency": "USD"}, "fee": {"value": fee, "currency": "USD"},
               "fx": {"rate": rate, "target_amount": target, "target_currency": cur},
               "from_account": f"ACCT-{r.digits(8)}",
               "beneficiary": {"name": name, "bank": bank, "country": country, "iban_last4": r.digits(4)},
               "created_at": hist[0]["at"], "expected_settlement": settle.isoformat(), "status_history": hist,
               "uetr": f"{r.hexid(4)}-{r.hexid(2)}-4{r.hexid(2)[1:]}-a{r.hexid(2)[1:]}-{r.hexid(6)}"}
        if status == "completed":
            res["status_history"].append({"status": "completed", "at": f"{settle.isoformat()}T{r.randint(8, 15):02d}:{r.randint(0, 59):02d}:00Z"})
            res["expected_settlement"] = settle.isoformat()
            if settle > today:
                settle = today
                res["expected_settlement"] = settle.isoformat()
                res["status_history"][-1]["at"] = f"{settle.isoformat()}T{r.randint(6, 9):02d}:{r.randint(0, 59):02d}:00Z"
        if status == "returned":
            res["return"] = {"reason_code": "AC04", "reason": "Beneficiary account closed", "refunded_amount": amount,
                             "refund_posted": today.isoformat()}
            res["status_history"].append({"status": "returned", "at": f"{today.isoformat()}T{r.randint(6, 12):02d}:00:00Z"})
        first = name.split()[0]
        req = r.choice([f"Did my transfer {tid} to {first} go through?", f"What's the status of transfer {tid}?",
                        f"Has {first} received the money yet? Reference {tid}",
                        f"can you check on wire {tid}"])
        a = A()
        oth_bank = other_than(r, OTHER_BANKS, bank)
        oth_name = other_than(r, OTHER_PEOPLE, name)
        sd = lambda d: d_long(d + dt.timedelta(days=r.choice([1, 2, 3])))
        total = amount + fee
        style = r.choice(["prose", "bullets"]) if status != "returned" else "prose"
        if style == "prose":
            opener(a, r)
            a("Your ").x(money(amount), num=money(bump(amount, r, dec=0))).t(" transfer to ").x(name, ent=oth_name).t(" at ").x(bank, ent=oth_bank)
            if status == "processing":
                a(" is still ").x("processing", val="completed").t(" and ").x("hasn't been credited yet", neg="has already been credited").t(".").p()
                a(" It's expected to settle on ").x(d_long(settle), tmp=sd(settle)).t(".").p()
            elif status == "completed":
                a(" ").x("has completed", val="is still pending review").t(" — it settled on ").x(d_long(settle), tmp=sd(settle)).t(".").p()
            else:
                a(" ").x("was returned", val="has completed").t(" by the receiving bank because the beneficiary account is closed. The full ")
                a.x(money(amount), num=money(bump(amount, r, dec=0))).t(" was refunded to your account on ").x(d_long(today), tmp=sd(today)).t(".").p()
            if status != "returned":
                a(" At the locked-in rate of ").x(f"{rate}", num=f"{round(rate * r.choice([1.06, 0.93]), 4 if rate < 20 else 3)}").t(", ")
                a.x(first, ent=oth_name.split()[0]).t(" receives ").x(fx(target, cur), num=fx(bump(target, r, dec=0 if cur == 'JPY' else 2), cur)).pc().t(".").p()
                a(" Including the ").x(money(fee), num=money(bump(fee, r, 0.3, 0.8, 0)), conf=("numerical", money(amount))).t(" wire fee, ")
                a.x(money(total), num=money(bump(total, r, dec=0))).t(" left your account in total.").p()
                if status == "processing":
                    closer(a, r, extra=["I'll keep an eye on it if you'd like — just ask me to check again tomorrow.",
                                        "Would you like the UETR tracking reference to share with the recipient?"])
                else:
                    closer(a, r)
            else:
                a(" If you have updated account details for ").t(first).t(", I can help you set up a new transfer.").p()
        else:
            a("**Transfer ").x(tid, fid="TRF-" + mutate_id(tid[4:], r)).t("**\n\n")
            a("- **Status:** ").x(status.capitalize(), val="Returned" if status == "processing" else "Processing").pb()
            a("\n- **Amount:** ").x(money(amount), num=money(bump(amount, r, dec=0))).t(" → ").x(fx(target, cur), num=fx(bump(target, r, dec=0 if cur == 'JPY' else 2), cur))
            a(" at ").x(str(rate), num=str(round(rate * 1.07, 4 if rate < 20 else 3))).pb()
            a("\n- **Fee:** ").x(money(fee), num=money(bump(fee, r, 0.3, 0.8, 0))).pb()
            a("\n- **Recipient:** ").x(name, ent=oth_name).t(", ").x(bank, ent=oth_bank).t(f" ({country})").pb()
            lab = "Expected settlement" if status == "processing" else "Settled"
            a(f"\n- **{lab}:** ").x(d_wd(settle), tmp=d_wd(settle + dt.timedelta(days=2))).pb()
            if status == "processing":
                a("\n\nIt ").x("hasn't reached", neg="has already reached").t(f" {first}'s account yet.").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"Transfers to {country} usually clear within 4 hours once released.")
        a.ins("claim", f"{bank} has confirmed receipt of the payment instruction.")
        a.ins("behavior", f"I've sent {first} an email notification with the payment details.")
        a.ins("behavior", "I've also requested a trace on the payment with our wire desk.")
        a.ins("elab", "because international wires are batched overnight", clause=True)
        a.ins("elab", "The delay is due to a routine compliance review on the receiving side.")
        a.ins("cite", f"The SWIFT reference for this payment is NBKUS33XXX{r.digits(6)}.")
        a.ins("cite", f"Your case number for this transfer is CASE-{r.digits(7)}.")
        return Plan(req, [Turn([Call("get_transfer", {"transfer_id": tid}, res)])], a)

    def card(self, ctx):
        r, today = ctx.r, ctx.today
        cards = []
        for net, typ in [("Visa", "debit"), ("Visa", "credit"), ("Mastercard", "credit")][: r.randint(2, 3)]:
            cards.append({"card_id": f"CARD-{r.digits(6)}", "last4": r.digits(4), "network": net, "type": typ,
                          "status": "active", "linked_account": f"ACCT-{r.digits(8)}"})
        tgt = r.choice(cards)
        case = r.choice(["frozen", "limit", "expired"])
        changed = today - dt.timedelta(days=r.randint(1, 4))
        merch = r.sample(["Best Buy", "Apple Store", "Shell", "Delta Air Lines", "Costco", "Home Depot", "Airbnb"], 2)
        declines = [{"at": f"{(today - dt.timedelta(days=i)).isoformat()}T{r.randint(9, 21):02d}:{r.randint(0, 59):02d}:00Z",
                     "merchant": merch[i], "amount": round(r.uniform(60, 900), 2), "currency": "USD"} for i in range(2)]
        st = {"card_id": tgt["card_id"], "last4": tgt["last4"], "network": tgt["network"], "type": tgt["type"]}
        limit = r.choice([1000, 1500, 2500, 3000])
        if case == "frozen":
            tgt["status"] = "frozen"
            st.update({"status": "frozen", "status_reason": "suspected_fraud", "status_changed_at": f"{changed.isoformat()}T{r.randint(1, 23):02d}:{r.randint(0, 59):02d}:00Z",
                       "replacement": {"status": "not_requested"}})
            code = "CARD_FROZEN"
        elif case == "limit":
            st.update({"status": "active", "status_reason": None, "status_changed_at": None,
                       "replacement": {"status": "not_requested"}})
            code = "DAILY_LIMIT_EXCEEDED"
            declines[0]["amount"] = round(limit * r.uniform(0.4, 0.9), 2)
        else:
            tgt["status"] = "expired"
            ship = today - dt.timedelta(days=r.randint(2, 6))
            st.update({"status": "expired", "status_reason": "expired", "status_changed_at": f"{today.replace(day=1).isoformat()}T00:00:00Z",
                       "replacement": {"status": "shipped", "shipped_on": ship.isoformat(),
                                       "expected_delivery": (today + dt.timedelta(days=r.randint(1, 4))).isoformat(), "carrier": "USPS"}})
            code = "CARD_EXPIRED"
        for d in declines:
            d["reason_code"] = code
        st["recent_declines"] = declines
        st["limits"] = {"purchase_daily": limit, "atm_daily": r.choice([500, 800, 1000])}
        desc = f"{tgt['network']} {'debit card' if tgt['type'] == 'debit' else 'credit card'}"
        req0 = r.choice([f"Why is my {desc} ending {tgt['last4']} getting declined?",
                         f"My card ending in {tgt['last4']} didn't work at {merch[0]} — what's going on?",
                         f"card {tgt['last4']} keeps declining, help"])
        lc = Call("list_cards", {} if r.random() < 0.5 else {"status": "any"}, {"cards": cards})
        gc = Call("get_card_status", {"card_id": tgt["card_id"]} if r.random() < 0.6 else {"card_id": tgt["card_id"], "declines_limit": 5}, st)
        history = None
        if ctx.followup:
            history = History().user("Which cards do I have with you?")
            history.call([lc], "Let me check your cards.")
            history.reply("You have " + ", ".join(f"a {c['network']} {c['type']} card ending {c['last4']}" for c in cards) + ".")
            req = r.choice([f"The one ending {tgt['last4']} got declined at {merch[0]}. Why?",
                            f"Why isn't the {tgt['last4']} card working?"])
            turns = [Turn([gc])]
        else:
            req, turns = req0, [Turn([lc]), Turn([gc])]
        a = A()
        d0 = declines[0]
        oth_m = other_than(r, ["Target", "Walmart", "Amazon", "Chevron", "Whole Foods Market", "Uber"], *merch)
        opener(a, r, p=0.35)
        if case == "frozen":
            a("Your card ending ").x(tgt["last4"], fid=mutate_id(tgt["last4"], r)).t(" is ").x("frozen", val="blocked")
            a(" — our fraud team put a hold on it on ").x(d_long(changed), tmp=d_long(changed - dt.timedelta(days=r.choice([1, 2, 3])))).t(" after suspicious activity")
            a.pc().t(".").p()
        elif case == "limit":
            a("Your card ending ").x(tgt["last4"], fid=mutate_id(tgt["last4"], r)).t(" is ").x("active", val="frozen")
            a(", so it isn't a block — the ").x(money(d0["amount"]), num=money(bump(d0["amount"], r))).t(" charge at ").x(d0["merchant"], ent=oth_m)
            a(" was declined because it would have taken you over your ").x(money(limit, dec=0), num=money(bump(limit, r, dec=0), dec=0)).t(" daily purchase limit.").p()
        else:
            a("Your card ending ").x(tgt["last4"], fid=mutate_id(tgt["last4"], r)).t(" has ").x("expired", val="been frozen")
            a(", which is why it's being declined.").p()
            rep = st["replacement"]
            a(" The good news: a replacement ").x("already shipped", neg="hasn't shipped yet").t(" via USPS on ").x(d_med(rep["shipped_on"]), tmp=d_med(dt.date.fromisoformat(rep["shipped_on"]) - dt.timedelta(days=3)))
            a(" and should arrive by ").x(d_long(rep["expected_delivery"]), tmp=d_long(dt.date.fromisoformat(rep["expected_delivery"]) + dt.timedelta(days=r.choice([2, 4])))).t(".").p()
        if case != "limit":
            a(" The recent declines")
            if r.random() < 0.5:
                a(" (code ").x(f"`{code}`", attr=f"`{ {'CARD_FROZEN': 'CARD_LOCKED', 'CARD_EXPIRED': 'CARD_INACTIVE'}[code] }`").t(")")
            a(" were ").x(money(d0["amount"]), num=money(bump(d0["amount"], r)), conf=("numerical", money(declines[1]["amount"]))).t(" at ")
            a.x(d0["merchant"], ent=oth_m).t(" and ").t(money(declines[1]["amount"])).t(" at ").t(declines[1]["merchant"]).t(".").p()
        else:
            a(" The limit resets daily, and your ATM limit is ").x(money(st["limits"]["atm_daily"], dec=0), num=money(st["limits"]["atm_daily"] + 500, dec=0)).t(".").p()
            if r.random() < 0.5:
                a(" The decline code was ").x(f"`{code}`", attr="`PURCHASE_LIMIT_REACHED`").t(".").p()
        if case == "frozen":
            a(" ").x("No replacement card has been ordered yet", neg="A replacement card has already been ordered").t(".").p()
            closer(a, r, p=0.8, extra=["If you recognize those charges, I can help you confirm them so the card can be unfrozen. Would you like to do that?",
                                       "Would you like me to connect you with the fraud team to review the activity?"])
        else:
            closer(a, r, extra=["Would you like me to request a temporary limit increase?"] if case == "limit" else ["Want me to send you tracking details?"])
        if case == "frozen":
            a.ins("claim", "Your card will automatically unfreeze after 72 hours.")
            a.ins("behavior", "I've already unfrozen the card for you, so you can try the purchase again.")
            a.ins("behavior", "I've ordered a replacement card to your address on file.")
        elif case == "limit":
            a.ins("claim", f"Contactless payments are still enabled on the card ending {tgt['last4']}.")
            a.ins("behavior", f"I've raised your daily purchase limit to {money(limit * 2, dec=0)} for the next 24 hours.")
        else:
            a.ins("claim", "Your new card will have the same number, so saved payment details keep working.")
            a.ins("behavior", "I've activated the replacement card so it works as soon as it arrives.")
        a.ins("elab", "probably because the purchase was made from a new device", clause=True)
        a.ins("elab", "This usually happens when several large purchases are made in different states on the same day.")
        a.ins("cite", f"Your fraud case reference is FRD-{r.digits(6)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def fees(self, ctx):
        r, today = ctx.r, ctx.today
        eff = dt.date(today.year, 1, 1)
        visa = {"product": "travel_rewards_visa", "title": "Travel Rewards Visa — Schedule of Fees", "version": f"{today.year}.1",
                "effective_date": eff.isoformat(), "url": f"https://www.northbank.example/legal/fees/travel-rewards-visa-{today.year}",
                "sections": [{"number": "1", "heading": "Annual fee", "text": f"${r.choice([95, 99, 120])} per year, charged on the account anniversary."},
                             {"number": "3.1", "heading": "Balance transfer fee", "text": "3% of each transfer, minimum $5."},
                             {"number": "3.2", "heading": "Foreign transaction fee", "text": "None."},
                             {"number": "3.4", "heading": "Cash advance fee", "text": "5% of the advance, minimum $10."},
                             {"number": "5.1", "heading": "Late payment fee", "text": "Up to $40."}]}
        ftf = r.choice([3, 2.5])
        atm_pct, atm_flat = r.choice([(1, 3.0), (1, 2.5), (2, 3.0)])
        chk = {"product": "everyday_checking", "title": "Everyday Checking — Fee Schedule", "version": f"{today.year}.2",
               "effective_date": eff.replace(month=3).isoformat(), "url": f"https://www.northbank.example/legal/fees/everyday-checking-{today.year}",
               "sections": [{"number": "2.1", "heading": "Monthly maintenance fee", "text": "$12, waived with a $1,500 minimum daily balance or $500 in monthly direct deposits."},
                            {"number": "4.3", "heading": "ATM withdrawals outside the US", "text": f"{atm_pct}% of the amount plus ${atm_flat:.2f} per withdrawal."},
                            {"number": "4.5", "heading": "Foreign transaction fee", "text": f"{ftf}% of each purchase made in a foreign currency."},
                            {"number": "6", "heading": "Overdraft", "text": "$0 — NorthBank does not charge overdraft fees."}]}
        both = r.random() < 0.6
        req = (r.choice(["I'm traveling to Portugal next month. Which card should I use abroad — the Travel Rewards Visa or my debit card? Any ATM fees?",
                         "Going to Japan soon. What fees will I pay using my Visa vs my checking debit card overseas?"])
               if both else r.choice(["What are the fees for using my checking debit card at ATMs abroad?",
                                      "Does my checking account charge foreign transaction fees?"]))
        calls = [Call("get_fee_schedule", {"product": "everyday_checking", "region": "international"} if r.random() < 0.5 else {"product": "everyday_checking"}, chk)]
        if both:
            calls.insert(0, Call("get_fee_schedule", {"product": "travel_rewards_visa"}, visa))
        wd = r.choice([200, 300, 400])
        cost = round(wd * atm_pct / 100 + atm_flat, 2)
        a = A()
        secs = ["2.4", "4.4", "4.7", "4.8", "3.3", "5.2", "7.1"]
        if both:
            style = r.choice(["prose", "markdown"])
            if style == "prose":
                opener(a, r)
                a("Use the Travel Rewards Visa for purchases — ").x("it doesn't charge", neg="it charges").t(" foreign transaction fees (section ")
                a.x("3.2", sec=r.choice(["3.3", "3.6", "2.2"])).t(" of its fee schedule), while your debit card adds ").x(f"{ftf}%", num=f"{ftf + r.choice([1, 1.5])}%").t(" to each foreign purchase (section ")
                a.x("4.5", sec=r.choice(["4.6", "4.9", "5.5"])).t(" of the checking schedule).").p()
                a(" For cash, the debit card is the ").x("cheaper", rel="more expensive").t(" option: foreign ATM withdrawals cost ").x(f"{atm_pct}%", num=f"{atm_pct + 2}%").t(" plus ")
                a.x(money(atm_flat), num=money(atm_flat + 2)).t(", so taking out ").t(money(wd, dec=0)).t(" would cost ").x(money(cost), num=money(bump(cost, r))).pc().t(".").p()
                a(" A cash advance on the Visa would be 5% with a $10 minimum.").p()
                closer(a, r, extra=["Would you like me to add a travel notice to your cards?", "Have a great trip!"])
            else:
                a("### Using your cards abroad\n\n")
                a("**Travel Rewards Visa** — foreign transaction fee: ").x("none", num=f"{ftf}%").t(" (§").x("3.2", sec=r.choice(["3.3", "3.6"])).t("); cash advances cost 5%, minimum $10 (§3.4).").pp()
                a("\n\n**Debit card (Everyday Checking)** — ").x(f"{ftf}%", num=f"{ftf + 1}%").t(" on foreign purchases (§4.5); ATM withdrawals abroad cost ")
                a.x(f"{atm_pct}% + {money(atm_flat)}", num=f"{atm_pct + 1}% + {money(atm_flat + 1)}").t(" each (§").x("4.3", sec=r.choice(["4.4", "4.7"])).t(").").pp()
                a("\n\n**Bottom line:** pay with the Visa, and use the debit card only for cash — a ").t(money(wd, dec=0)).t(" withdrawal would cost ")
                a.x(money(cost), num=money(bump(cost, r))).t(".").pp()
                closer(a, r, sep="\n\n")
        else:
            opener(a, r)
            a("With your Everyday Checking debit card, ATM withdrawals outside the US cost ").x(f"{atm_pct}%", num=f"{atm_pct + 1}%").t(" of the amount plus ")
            a.x(money(atm_flat), num=money(atm_flat + 1.5)).t(" per withdrawal (section ").x("4.3", sec=r.choice(secs[:4])).t(" of the fee schedule). Card purchases in a foreign currency add ")
            a.x(f"{ftf}%", num=f"{ftf + 1}%").t(" (section ").x("4.5", sec=r.choice(["4.6", "4.9", "5.5"])).t(").").p()
            a(" For example, withdrawing ").t(money(wd, dec=0)).t(" would cost ").x(money(cost), num=money(bump(cost, r))).t(" in fees.").p()
            if r.random() < 0.6:
                a(" The schedule is at ").x(chk["url"], fid=chk["url"].replace("everyday-checking", r.choice(["checking-fees", "everyday-checking-intl"]))).t(".").p()
            closer(a, r, extra=["Would you like me to compare this with the Travel Rewards Visa?"])
        a.ins("claim", "NorthBank reimburses up to $15 a month in foreign ATM fees for Premier customers.")
        a.ins("claim", "Both cards also include free travel insurance.")
        a.ins("behavior", "I've added a travel notice to both of your cards.")
        a.ins("behavior", "I've switched your debit card's foreign purchases to the no-fee plan.")
        a.ins("elab", "which is one of the lowest rates among US banks", clause=True)
        a.ins("elab", "These fees were lowered at the start of the year after customer feedback.")
        a.ins("cite", "The full fee table is at https://www.northbank.example/legal/fees/international-2026.")
        return Plan(req, [Turn(calls)], a)
