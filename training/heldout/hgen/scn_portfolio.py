"""stock_portfolio: holdings, quotes, currency conversion, position performance."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, approx_money, bump, bump_int, closer, d_full,
                     d_long, d_med, d_short, fnum, money, mutate_id, nword, opener, other_than, pct, plural, s_arr,
                     s_date, s_int, s_num, s_obj, s_str)

BASE = "https://api.foliobot.internal/v1"
TICKERS = {"AAPL": ("Apple Inc.", 150, 240), "MSFT": ("Microsoft Corp.", 340, 480), "NVDA": ("NVIDIA Corp.", 95, 180),
           "AMZN": ("Amazon.com Inc.", 150, 230), "GOOGL": ("Alphabet Inc. Class A", 140, 210), "VTI": ("Vanguard Total Stock Market ETF", 240, 310),
           "VXUS": ("Vanguard Total International Stock ETF", 55, 72), "BND": ("Vanguard Total Bond Market ETF", 70, 76),
           "JNJ": ("Johnson & Johnson", 145, 175), "COST": ("Costco Wholesale Corp.", 780, 1010), "KO": ("Coca-Cola Co.", 58, 74),
           "ASML": ("ASML Holding N.V. (ADR)", 620, 980)}
OTHER_TICKERS = ["TSLA", "META", "NFLX", "ORCL", "INTC", "PEP"]
FX = {"EUR": 0.9231, "GBP": 0.7874, "CHF": 0.8812, "CAD": 1.3642, "JPY": 149.62}
CURWORD = {"EUR": "euros", "GBP": "pounds", "CHF": "Swiss francs", "CAD": "Canadian dollars", "JPY": "yen"}


def fxm(x, c):
    return money(x, c, 0 if c == "JPY" else 2)


class Portfolio(Scenario):
    name = "stock_portfolio"
    agent = "FolioBot"
    service = "folio-wealth-agent"
    system = ("You are FolioBot, a read-only portfolio assistant for retail investors. Use the portfolio, quote and FX tools "
              "to answer questions about holdings, prices and values. Do not give investment advice or place trades. "
              "Quotes may be delayed up to 15 minutes.")
    error_style = 0
    entity_noun = {"portfolio_id": "Portfolio", "symbols": "Symbol", "symbol": "Symbol"}
    preambles = ["Let me pull your holdings.", "Fetching the latest quotes.", "One moment.", "Checking."]

    def __init__(self):
        sym = s_str("Ticker symbol.", pattern=r"^[A-Z][A-Z.]{0,5}$")
        self.tools = [
            Tool("list_portfolios", "The user's portfolios.", s_obj({}), http=BASE, extra=[("include_closed", False)]),
            Tool("get_holdings", "Positions, cost basis and market values of one portfolio.",
                 s_obj({"portfolio_id": s_str("Portfolio ID, e.g. 'PF-204518'.", pattern=r"^PF-\d{6}$"),
                        "as_of": s_date("Valuation date (YYYY-MM-DD); defaults to the latest close.")}, ["portfolio_id"]),
                 entity={"portfolio_id": "id"}, http=BASE, extra=[("include_lots", True), ("currency", "USD")]),
            Tool("get_quotes", "Delayed quotes for up to 20 symbols.",
                 s_obj({"symbols": s_arr("Ticker symbols.", sym, 1, 20)}, ["symbols"]),
                 entity={"symbols": "id"}, http=BASE, extra=[("extended_hours", True)]),
            Tool("get_fx_rate", "Spot FX rate between two currencies.",
                 s_obj({"base": s_str("Base currency (ISO 4217).", pattern=r"^[A-Z]{3}$"), "quote": s_str("Quote currency (ISO 4217).", pattern=r"^[A-Z]{3}$")},
                       ["base", "quote"]),
                 http=BASE, extra=[("source", "ecb")]),
            Tool("get_price_history", "Daily closing prices for a symbol.",
                 s_obj({"symbol": sym, "start": s_date("Start date (YYYY-MM-DD)."), "end": s_date("End date (YYYY-MM-DD)."),
                        "interval": s_str("Sampling interval.", enum=["1d", "1wk", "1mo"])}, ["symbol", "start", "end"]),
                 entity={"symbol": "id"}, http=BASE, extra=[("adjusted", True)]),
        ]
        self.intents = [("portfolio_value", self.value, True), ("quote_comparison", self.quotes, False),
                        ("currency_value", self.fxvalue, True), ("position_performance", self.performance, False)]

    # ------------------------------------------------------------------ data
    def portfolios(self, r: R):
        return [{"portfolio_id": f"PF-{r.digits(6)}", "name": "Individual brokerage", "type": "taxable", "base_currency": "USD"},
                {"portfolio_id": f"PF-{r.digits(6)}", "name": "Roth IRA", "type": "roth_ira", "base_currency": "USD"}]

    def holdings(self, r: R, pf, today, k=None):
        k = k or r.randint(4, 6)
        syms = r.sample(list(TICKERS), k)
        pos = []
        for s in syms:
            name, lo, hi = TICKERS[s]
            last = round(r.uniform(lo, hi), 2)
            qty = r.choice([5, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 100, 120, 150])
            cost = round(last * r.uniform(0.6, 1.25), 2)
            mv = round(qty * last, 2)
            pl = round(mv - qty * cost, 2)
            pos.append({"symbol": s, "name": name, "quantity": qty, "avg_cost": cost, "last_price": last, "currency": "USD",
                        "market_value": mv, "unrealized_pl": pl, "unrealized_pl_pct": round(pl / (qty * cost) * 100, 2)})
        cash = round(r.uniform(150, 9000), 2)
        total = round(sum(p["market_value"] for p in pos) + cash, 2)
        return {"portfolio_id": pf["portfolio_id"], "name": pf["name"], "as_of": today.isoformat(), "base_currency": "USD",
                "cash": cash, "total_value": total, "positions": sorted(pos, key=lambda p: -p["market_value"])}

    # ------------------------------------------------------------------ intents
    def value(self, ctx):
        r, today = ctx.r, ctx.today
        pfs = self.portfolios(r)
        pf = r.choice(pfs)
        h = self.holdings(r, pf, today)
        lp = Call("list_portfolios", {}, {"portfolios": pfs})
        args = {"portfolio_id": pf["portfolio_id"]}
        if r.random() < 0.3:
            args["as_of"] = today.isoformat()
        gh = Call("get_holdings", args, h)
        history = None
        which = "IRA" if pf["type"] == "roth_ira" else "brokerage account"
        if ctx.followup:
            history = History().user("Which accounts do you see for me?")
            history.call([lp])
            history.reply(f"I see two: {pfs[0]['name']} ({pfs[0]['portfolio_id']}) and {pfs[1]['name']} ({pfs[1]['portfolio_id']}).")
            req = r.choice([f"What's the {which} worth right now?", f"How is the {which} doing overall?"])
            turns = [Turn([gh])]
        else:
            req = r.choice([f"What's my {which} worth?", f"How much is in my {which}, and what's my biggest position?",
                            f"give me a summary of my {which}"])
            turns = [Turn([lp]), Turn([gh])]
        pos = h["positions"]
        total = h["total_value"]
        top, second = pos[0], pos[1]
        share = round(top["market_value"] / total * 100, 1)
        gain = round(sum(p["unrealized_pl"] for p in pos), 2)
        basis = sum(p["quantity"] * p["avg_cost"] for p in pos)
        gpct = round(gain / basis * 100, 1)
        winners = [p for p in pos if p["unrealized_pl"] > 0]
        losers = [p for p in pos if p["unrealized_pl"] < 0]
        a = A()
        oth = other_than(r, OTHER_TICKERS, *[p["symbol"] for p in pos])
        style = r.choice(["prose", "table", "terse"])
        if style == "terse":
            a("Your ").t(pf["name"]).t(" is worth ").x(money(total), num=money(bump(total, r))).t(", including ").x(money(h["cash"]), num=money(bump(h["cash"], r))).t(" in cash. Biggest position: ")
            a.x(top["symbol"], ent=oth, conf=("entity", second["symbol"])).t(" at ").x(f"{share}%", num=f"{round(share + r.choice([9, 14, -8]), 1)}%").t(".").p()
        elif style == "prose":
            opener(a, r)
            a("As of the ").x(d_med(today), tmp=d_med(today - dt.timedelta(days=r.choice([1, 3, 7])))).t(" close, your ").t(pf["name"]).t(" is worth about ").x(approx_money(total), num=approx_money(bump(total, r, 0.3, 0.6))).t(" (").x(money(total), num=money(bump(total, r))).t(", of which ")
            a.x(money(h["cash"]), num=money(bump(h["cash"], r))).t(" is cash).").p()
            a(" Your largest holding is ").x(top["name"], conf=("entity", second["name"])).t(" (").x(top["symbol"], ent=oth).t("), ").x(f"{share}%", num=f"{round(share + 11, 1)}%").t(" of the account at ").x(money(top["market_value"]), num=money(bump(top["market_value"], r)), conf=("numerical", money(second["market_value"]))).t(".").p()
            sign = "up" if gain >= 0 else "down"
            a(" Overall you're ").x(f"{sign} {money(abs(gain))}", num=f"{sign} {money(abs(bump(abs(gain), r)))}", neg=f"{'down' if gain >= 0 else 'up'} {money(abs(gain))}").t(" on your positions (").x(f"{gpct:+}%", num=f"{round(gpct + r.choice([8, -6, 12]), 1):+}%").t(")").pc().t(".").p()
            if winners and losers:
                b = max(pos, key=lambda p: p["unrealized_pl_pct"])
                w = min(pos, key=lambda p: p["unrealized_pl_pct"])
                a(" ").t(b["symbol"]).t(" has done ").x("best", rel="worst").t(" at ").x(f"{b['unrealized_pl_pct']:+}%", num=f"{round(b['unrealized_pl_pct'] + 15, 2):+}%", conf=("numerical", f"{w['unrealized_pl_pct']:+}%")).t(", while ").t(w["symbol"]).t(" is ").x("below", rel="above").t(" your cost at ").t(f"{w['unrealized_pl_pct']:+}%").t(".").p()
            closer(a, r, extra=["Want to see what that's worth in another currency?", "Want a breakdown by sector?"])
        else:
            a(f"**{pf['name']}** — {d_med(h['as_of'])}\n\n| Symbol | Shares | Price | Value | Gain/loss |\n|---|---|---|---|---|\n")
            for p in pos:
                t = p is top
                a("| ").x(p["symbol"], ent=oth if t else None).t(" | ").x(str(p["quantity"]), num=str(p["quantity"] + 10) if t else None).t(" | ").t(money(p["last_price"])).t(" | ")
                a.x(money(p["market_value"]), num=money(bump(p["market_value"], r)) if t else None, conf=("numerical", money(second["market_value"])) if t else None).t(" | ").x(f"{p['unrealized_pl_pct']:+}%", num=f"{round(-p['unrealized_pl_pct'], 2):+}%" if p is second and p["unrealized_pl_pct"] != 0 else None).t(" |\n")
            a("\n**Total:** ").x(money(total), num=money(bump(total, r))).t(" including ").t(money(h["cash"])).t(" cash. ").x(nword(len(winners)).capitalize(), num=nword(min(len(pos), len(winners) + 2)).capitalize()).t(" of your ").t(nword(len(pos))).t(" positions are ")
            a.x("in the green", val="in the red").t(".").pp()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"{top['symbol']} also pays a quarterly dividend that's reinvested automatically.")
        a.ins("claim", "That puts you ahead of the S&P 500 this year.")
        a.ins("behavior", "I've rebalanced the account back to your target allocation.")
        a.ins("behavior", f"I've set a price alert on {top['symbol']} for you.")
        a.ins("elab", f"mostly thanks to the rally in {top['symbol']} after earnings", clause=True)
        a.ins("cite", f"Your latest statement is STMT-{today.year}{today.month:02d}-{r.digits(5)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def quotes(self, ctx):
        r, today = ctx.r, ctx.today
        syms = r.sample(list(TICKERS), r.choice([2, 2, 3]))
        qs = []
        ts = f"{today.isoformat()}T{r.randint(14, 19)}:{r.randint(0, 59):02d}:00Z"
        for s in syms:
            name, lo, hi = TICKERS[s]
            prev = round(r.uniform(lo, hi), 2)
            chp = round(r.uniform(-3.5, 3.8), 2)
            price = round(prev * (1 + chp / 100), 2)
            chg = round(price - prev, 2)
            chp = round(chg / prev * 100, 2)
            qs.append({"symbol": s, "name": name, "price": price, "currency": "USD", "change": chg, "change_pct": chp,
                       "prev_close": prev, "day_high": round(max(price, prev) * r.uniform(1.002, 1.015), 2),
                       "day_low": round(min(price, prev) * r.uniform(0.985, 0.998), 2), "volume": r.randint(2_000_000, 90_000_000),
                       "exchange": "NASDAQ" if s in ("AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "COST", "ASML", "VXUS", "BND") else "NYSE", "as_of": ts})
        req = r.choice([f"How are {' and '.join(syms)} doing today?", f"Quote {', '.join(syms)} — which one's up more today?",
                        f"compare {' vs '.join(syms)} today"])
        gq = Call("get_quotes", {"symbols": syms}, {"quotes": qs, "delayed_minutes": 15})
        best = max(qs, key=lambda q: q["change_pct"])
        worst = min(qs, key=lambda q: q["change_pct"])
        a = A()
        style = r.choice(["prose", "bullets"])
        mv = lambda q: ("up" if q["change"] >= 0 else "down")
        if style == "prose":
            opener(a, r, p=0.3)
            for i, q in enumerate(qs):
                a(" " if i else "").x(q["symbol"], conf=("entity", qs[(i + 1) % len(qs)]["symbol"]) if i == 0 else None).t(" is at ").x(money(q["price"]), num=money(bump(q["price"], r, 0.05, 0.2)) if i == 0 else None).t(", ")
                a.x(f"{mv(q)} {abs(q['change_pct']):.2f}%", neg=(f"{'down' if mv(q) == 'up' else 'up'} {abs(q['change_pct']):.2f}%") if i == len(qs) - 1 else None,
                    num=f"{mv(q)} {abs(q['change_pct']) + r.choice([1.5, 2.2]):.2f}%" if i == 1 else None).t(" (")
                a.x(f"{q['change']:+.2f}", num=f"{q['change'] * 2.5:+.2f}" if i == 0 else None).t(") on the day.").p()
            a(" So ").t(best["symbol"]).t(" is ").x("ahead of", rel="behind").t(" ").t(worst["symbol"]).t(" today by ").x(f"{best['change_pct'] - worst['change_pct']:.2f}", num=f"{best['change_pct'] - worst['change_pct'] + 1.3:.2f}").t(" percentage points").pc().t(".").p()
            a(" Quotes are delayed 15 minutes").t(" (as of ").x(f"{ts[11:16]} UTC", tmp=f"{(int(ts[11:13]) + 2) % 24:02d}:{ts[14:16]} UTC").t(").").p()
        else:
            a("Delayed quotes (").x(f"{ts[11:16]} UTC", tmp=f"{(int(ts[11:13]) - 3) % 24:02d}:{ts[14:16]} UTC").t("):\n")
            for i, q in enumerate(qs):
                a("\n- **").t(q["symbol"]).t("** ").x(money(q["price"]), num=money(bump(q["price"], r, 0.05, 0.2)) if q is best else None, conf=("numerical", money(worst["price"])) if q is best and worst is not best else None).t(" (")
                a.x(f"{q['change_pct']:+.2f}%", num=f"{q['change_pct'] + 2.4:+.2f}%" if q is worst else None).t("), range ").x(f"{money(q['day_low'])}–{money(q['day_high'])}", num=f"{money(q['day_low'])}–{money(round(q['day_high'] * 1.06, 2))}" if q is best else None).pb()
            a("\n\n").t(best["symbol"]).t(" is the ").x("strongest", rel="weakest").t(" of the ").t(nword(len(qs))).t(" today").pc().t(".").pp()
            closer(a, r, sep="\n\n", extra=["Want me to check how these affect your portfolio?"])
        a.ins("claim", f"{best['symbol']} hit a new 52-week high this morning.")
        a.ins("claim", f"Trading volume in {worst['symbol']} is about twice its 30-day average.")
        a.ins("behavior", f"I've added {worst['symbol']} to your watchlist.")
        a.ins("elab", "likely on the back of strong quarterly earnings", clause=True)
        a.ins("elab", "The whole sector is trading lower today on rate worries.")
        a.ins("cite", f"See the analyst note at https://research.foliobot.example/notes/{best['symbol'].lower()}-{today.isoformat()}.")
        return Plan(req, [Turn([gq])], a)

    def fxvalue(self, ctx):
        r, today = ctx.r, ctx.today
        pfs = self.portfolios(r)
        pf = pfs[0]
        h = self.holdings(r, pf, today, r.randint(3, 5))
        c = r.choice(list(FX))
        rate = round(FX[c] * r.uniform(0.985, 1.015), 2 if c == "JPY" else 4)
        fx = {"pair": f"USD/{c}", "base": "USD", "quote": c, "rate": rate, "as_of": f"{today.isoformat()}T16:00:00Z", "source": "ECB reference"}
        gh = Call("get_holdings", {"portfolio_id": pf["portfolio_id"]}, h)
        gf = Call("get_fx_rate", {"base": "USD", "quote": c}, fx)
        total = h["total_value"]
        conv = round(total * rate, 0 if c == "JPY" else 2)
        history = None
        if ctx.followup:
            history = History().user(f"What's my brokerage account ({pf['portfolio_id']}) worth?")
            history.call([gh])
            history.reply(f"Your {pf['name']} is worth {money(total)} as of {d_med(today)}, including {money(h['cash'])} in cash.")
            req = r.choice([f"And what is that in {CURWORD[c]}?", f"How much is that in {c}?"])
            turns = [Turn([gf])]
        else:
            req = r.choice([f"What's my brokerage account {pf['portfolio_id']} worth in {CURWORD[c]}?", f"Value of {pf['portfolio_id']} in {c}, please."])
            turns = [Turn([gh, gf])]
        top = h["positions"][0]
        a = A()
        opener(a, r, p=0.35)
        a("At ").x(f"{rate} {c} per dollar", num=f"{round(rate * r.choice([1.08, 0.91]), 4)} {c} per dollar").t(", your ").t(pf["name"]).t("'s ").x(money(total), num=money(bump(total, r))).t(" is worth about ")
        a.x(fxm(conv, c), num=fxm(bump(conv, r, dec=0 if c == "JPY" else 2), c)).pc().t(".").p()
        if r.random() < 0.6:
            a(" Your largest position, ").x(top["symbol"], ent=other_than(r, OTHER_TICKERS, *[p["symbol"] for p in h["positions"]])).t(", accounts for ").x(fxm(round(top["market_value"] * rate, 0 if c == 'JPY' else 2), c), num=fxm(round(top["market_value"] * rate * 1.3, 0 if c == 'JPY' else 2), c), conf=("numerical", fxm(round(h["positions"][1]["market_value"] * rate, 0 if c == 'JPY' else 2), c))).t(" of that.").p()
        a(" The rate is the ECB reference rate from ").x(d_long(today), tmp=d_long(today - dt.timedelta(days=r.choice([1, 2, 7])))).t(", and the holdings are valued at the latest close").t(".").p()
        closer(a, r, extra=["Want me to convert it into another currency too?"])
        a.ins("claim", f"The dollar has weakened about 3% against the {c} this year.")
        a.ins("behavior", f"I've switched your dashboard's display currency to {c}.")
        a.ins("elab", f"which is a little better than last month's average rate", clause=True)
        a.ins("cite", f"The conversion is recorded as FX quote FXQ-{r.digits(7)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def performance(self, ctx):
        r, today = ctx.r, ctx.today
        pfs = self.portfolios(r)
        pf = r.choice(pfs)
        h = self.holdings(r, pf, today)
        p = r.choice(h["positions"][:3])
        s = p["symbol"]
        start = dt.date(today.year, 1, 2)
        closes = []
        d = start
        lvl = p["last_price"] * r.uniform(0.72, 1.2)
        while d <= today:
            closes.append({"date": d.isoformat(), "close": round(lvl, 2)})
            lvl *= r.uniform(0.94, 1.07)
            d += dt.timedelta(days=r.choice([28, 30, 31]))
        closes.append({"date": today.isoformat(), "close": p["last_price"]})
        hist = {"symbol": s, "interval": "1mo", "currency": "USD", "closes": closes}
        first, lastc = closes[0]["close"], closes[-1]["close"]
        ytd = round((lastc - first) / first * 100, 1)
        gh = Call("get_holdings", {"portfolio_id": pf["portfolio_id"]}, h)
        ph = Call("get_price_history", {"symbol": s, "start": start.isoformat(), "end": today.isoformat(), "interval": "1mo"}, hist)
        which = "IRA" if pf["type"] == "roth_ira" else "brokerage account"
        req = r.choice([f"How has my {s} position done? (it's in {pf['portfolio_id']})", f"In {pf['portfolio_id']}, what's my gain on {s}, and how has it done this year?"])
        turns = [Turn([gh, ph])] if r.random() < 0.5 else [Turn([gh]), Turn([ph])]
        a = A()
        cost = round(p["quantity"] * p["avg_cost"], 2)
        pl = p["unrealized_pl"]
        hi = max(closes, key=lambda x: x["close"])
        style = r.choice(["prose", "bullets"])
        if style == "prose":
            opener(a, r)
            a("You hold ").x(plural(p["quantity"], "share"), num=plural(p["quantity"] + 15, "share")).t(" of ").t(s).t(" at an average cost of ").x(money(p["avg_cost"]), num=money(bump(p["avg_cost"], r))).t(", and it last closed at ").x(money(p["last_price"]), num=money(bump(p["last_price"], r, 0.1, 0.3))).t(".").p()
            a(" That makes the position worth ").x(money(p["market_value"]), num=money(bump(p["market_value"], r))).t(" — ").x(f"{'a gain' if pl >= 0 else 'a loss'} of {money(abs(pl))}", num=f"{'a gain' if pl >= 0 else 'a loss'} of {money(abs(bump(abs(pl), r)))}", neg=f"{'a loss' if pl >= 0 else 'a gain'} of {money(abs(pl))}").t(" (").x(f"{p['unrealized_pl_pct']:+}%", num=f"{round(p['unrealized_pl_pct'] + 9, 2):+}%").t(") on a ").x(money(cost), num=money(bump(cost, r))).t(" cost basis.").p()
            a(" Year to date the stock is ").x(f"{'up' if ytd >= 0 else 'down'} {abs(ytd)}%", num=f"{'up' if ytd >= 0 else 'down'} {abs(round(ytd * 1.8 + 4, 1))}%").t(", from ").x(money(first), num=money(bump(first, r)), conf=("numerical", money(hi["close"])) if hi["close"] != first else None).t(" on ").x(d_med(closes[0]["date"]), tmp=d_med(dt.date.fromisoformat(closes[0]["date"]) + dt.timedelta(days=14))).t(".").p()
            if hi["close"] > lastc:
                a(" It's ").x("below", rel="above").t(" its ").t(d_med(hi["date"])).t(" level of ").x(money(hi["close"]), num=money(bump(hi["close"], r))).pc().t(".").p()
            closer(a, r, extra=["Want me to compare it with the rest of your holdings?"])
        else:
            a(f"**{s}** in your {pf['name']}\n\n")
            a("- Shares: ").x(str(p["quantity"]), num=str(p["quantity"] * 2)).t(" @ ").x(money(p["avg_cost"]), num=money(bump(p["avg_cost"], r))).t(" avg cost").pb()
            a("\n- Last close: ").x(money(p["last_price"]), num=money(bump(p["last_price"], r, 0.1, 0.3)), conf=("numerical", money(p["avg_cost"]))).pb()
            a("\n- Market value: ").x(money(p["market_value"]), num=money(bump(p["market_value"], r))).pb()
            a("\n- Unrealized ").x("gain" if pl >= 0 else "loss", neg="loss" if pl >= 0 else "gain").t(": ").x(money(abs(pl)), num=money(abs(bump(abs(pl), r)))).t(" (").t(f"{p['unrealized_pl_pct']:+}%").t(")").pb()
            a("\n- YTD: ").x(f"{ytd:+}%", num=f"{round(ytd + r.choice([7, -9]), 1):+}%").t(" (").t(money(first)).t(" → ").t(money(lastc)).t(")").pb()
            closer(a, r, sep="\n\n")
        a.ins("claim", f"{s} reports earnings next week.")
        a.ins("claim", f"Analysts' consensus price target for {s} is about 20% above the current price.")
        a.ins("behavior", f"I've set up tax-lot tracking for your {s} shares.")
        a.ins("behavior", f"I've placed a stop-loss order on {s} to protect the gain.")
        a.ins("elab", "mostly because of strong data-center demand", clause=True)
        a.ins("cite", f"The cost basis details are in tax lot report TLR-{r.digits(6)}.")
        return Plan(req, turns, a)
