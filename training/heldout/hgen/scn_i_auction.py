"""auction_house (set i): an online auction house's bidder desk — invoices for won lots (buyer's premium, sales tax,
shipping), proxy bids that must land on the bid increment (an off-increment bid refused by design and re-placed at
the nearest valid amount), collection and storage charges from the conditions of sale fetched by URL, and two lots
compared side by side."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, bump, mutate_id, s_bool, s_num, s_obj, s_str
from .istyle import Desk, screen, stamp

BASE = "https://api.lotline.example/v2"
COND = "https://lotline.example/legal"
STD = -5    # Eastern
SALES = {
    "MCD": ("Mid-Century Design", ["Eames-style lounge chair", "teak sideboard", "Nelson bubble lamp", "walnut credenza",
                                   "tulip side table", "sunburst wall clock", "Danish rosewood desk", "boomerang coffee table"]),
    "AMR": ("Spring Americana", ["folk-art weathervane", "Shaker blanket chest", "stoneware crock", "quilt, c. 1890",
                                 "redware pie plate", "pewter tankard", "hooked rug", "tin lantern"]),
    "TOY": ("Vintage Toys & Comics", ["tin wind-up robot", "cast-iron bank", "comic run, issues 1-12", "die-cast fire truck",
                                      "Lionel locomotive", "pressed-steel dump truck", "marble collection", "celluloid doll"]),
    "CNS": ("Coins & Currency", ["1921 Morgan dollar", "proof set, 1964", "silver certificate lot", "Indian head cent roll",
                                 "walking liberty half", "gold-tone commemorative set", "bust dime", "fractional note"]),
}
OTHER_TITLES = ["Tiffany-style lamp", "bronze bust", "art-deco vanity", "oak roll-top desk", "cloisonne vase",
                "Victorian settee", "brass telescope"]


def increment_for(bid):
    if bid < 250:
        return 10
    if bid < 1000:
        return 25
    return 50


class AuctionHouse(Scenario):
    name = "auction_house"
    agent = "Paddle"
    service = "lotline-bidder-desk"
    system = ("You are Paddle, the bidder support desk for LotLine online auctions. Use the tools to explain invoices for "
              "won lots, look up lots, place proxy bids for the bidder and answer questions from the conditions of sale. "
              "Times are US Eastern; amounts in USD.")
    error_style = 0
    entity_noun = {"bidder_id": "Bidder", "sale_id": "Sale", "lot_id": "Lot", "conditions_url": "Document"}
    preambles = ["Checking the lot.", "Pulling that invoice.", "One sec — looking it up."]

    def __init__(self):
        bid_p = r"^BD-\d{5}$"
        sale_p = r"^[A-Z]{3}\d{2}$"
        lot_p = r"^[A-Z]{3}\d{2}-\d{4}$"
        self.tools = [
            Tool("get_invoice", "A bidder's invoice for one sale: won lots with hammer prices, premium and tax rates, shipping quote, due date, pickup window.",
                 s_obj({"bidder_id": s_str("Bidder ID, e.g. 'BD-40218'.", pattern=bid_p),
                        "sale_id": s_str("Sale ID, e.g. 'MCD26'.", pattern=sale_p),
                        "include_shipping": s_bool("Include the shipping quote.")}, ["bidder_id", "sale_id"]),
                 entity={"bidder_id": "id", "sale_id": "id"}, http=BASE, extra=[("currency", "USD")]),
            Tool("get_lot", "Live state of a lot: current bid, increment, estimate, bids, reserve and closing time.",
                 s_obj({"lot_id": s_str("Lot ID, e.g. 'MCD26-0112'.", pattern=lot_p)}, ["lot_id"]),
                 entity={"lot_id": "id"}, http=BASE, extra=[("include_images", True)]),
            Tool("place_bid", "Place a proxy (maximum) bid for the bidder on a lot.",
                 s_obj({"lot_id": s_str("Lot ID.", pattern=lot_p),
                        "bidder_id": s_str("Bidder ID.", pattern=bid_p),
                        "max_bid_usd": s_num("Maximum bid in USD.", 1, 250000),
                        "bid_type": s_str("Bid type.", enum=["proxy", "direct"])},
                       ["lot_id", "bidder_id", "max_bid_usd", "bid_type"]),
                 entity={"lot_id": "id", "bidder_id": "id"}, http=BASE, extra=[("notify_sms", True)]),
            Tool("get_conditions", "Conditions of sale (plain text, numbered sections) by URL.",
                 s_obj({"conditions_url": s_str("Conditions URL from an invoice or lot.", pattern=r"^https://lotline\.example/")},
                       ["conditions_url"]),
                 entity={"conditions_url": "url"}, extra=[("format", "text")]),
        ]
        self.intents = [("invoice_breakdown", self.invoice, False), ("place_bid", self.bid, True),
                        ("storage_charges", self.storage, True), ("compare_lots", self.compare, False)]

    # ------------------------------------------------------------------ data
    def _sale(self, r, today):
        code = r.choice(list(SALES))
        sid = f"{code}{r.choice([25, 26])}"
        return code, sid

    def _invoice(self, r, today, closed_ago=None):
        code, sid = self._sale(r, today)
        sale_name, titles = SALES[code]
        bidder = f"BD-{r.randint(10000, 99999)}"
        closed = today - dt.timedelta(days=closed_ago if closed_ago is not None else r.randint(1, 3))
        nums = sorted(r.sample(range(5, 420), r.randint(3, 5)))
        picks = r.sample(titles, len(nums))
        lots = []
        for k, (no, t) in enumerate(zip(nums, picks)):
            ham = r.choice([40, 55, 70, 85, 110, 140, 175, 220, 260, 325, 400, 475, 550, 700, 850, 1100, 1350])
            lots.append({"lot_id": f"{sid}-{no:04d}", "lot_no": no, "title": t, "hammer_usd": float(ham)})
        hams = [x["hammer_usd"] for x in lots]
        if len(set(hams)) < len(hams):
            for k, x in enumerate(lots):
                x["hammer_usd"] += 5 * k
        prem = r.choice([20, 22, 25, 28])
        tax = r.choice([6.0, 6.25, 6.625, 7.0, 8.0])
        pay_days, free_days = r.choice([(5, 7), (7, 10), (5, 10)])
        inv = {"invoice_number": f"INV-{r.randint(100000, 999999)}", "bidder_id": bidder, "sale_id": sid,
               "sale_name": sale_name, "sale_closed": closed.isoformat(), "as_of": stamp(today, r.randint(8, 18), r.randint(0, 59), STD),
               "lots": lots, "buyers_premium_pct": prem, "sales_tax_pct": tax, "tax_base": "hammer_plus_premium",
               "shipping_quote_usd": r.choice([None, 65.0, 85.0, 120.0, 145.0]),
               "payment_due": (closed + dt.timedelta(days=pay_days)).isoformat(),
               "pickup": {"location": r.choice(["Warehouse B, 14 Mill Rd, Hackensack NJ", "Dock 3, 220 Canal St, Lowell MA"]),
                          "window_end": (closed + dt.timedelta(days=free_days)).isoformat()},
               "amount_paid_usd": 0.0, "status": "unpaid", "card_last4": r.digits(4),
               "conditions_url": f"{COND}/conditions-of-sale-{r.choice(['2026', '2026r2'])}"}
        return inv, (pay_days, free_days)

    @staticmethod
    def _totals(inv):
        ham = sum(x["hammer_usd"] for x in inv["lots"])
        prem = round(ham * inv["buyers_premium_pct"] / 100, 2)
        tax = round((ham + prem) * inv["sales_tax_pct"] / 100, 2)
        ship = inv["shipping_quote_usd"] or 0.0
        return ham, prem, tax, ship, round(ham + prem + tax + ship, 2)

    def _lot(self, r, today, sid=None, no=None):
        code = r.choice(list(SALES))
        sid = sid or f"{code}{26}"
        titles = SALES[sid[:3]][1]
        low = r.choice([150, 200, 300, 400, 600, 800, 1200, 1500])
        high = low * r.choice([1.5, 2]) if low < 1000 else low + r.choice([500, 800, 1000])
        cur = round(low * r.choice([0.4, 0.6, 0.75, 0.9, 1.1, 1.25]) / 5) * 5
        inc = increment_for(cur)
        close_day = today + dt.timedelta(days=r.choice([0, 0, 1, 2, 3]))
        ch, cm = r.choice([(14, 0), (15, 30), (19, 0), (20, 15), (21, 0)])
        lot = {"lot_id": f"{sid}-{(no or r.randint(5, 420)):04d}", "title": r.choice(titles), "sale_id": sid,
               "estimate_low_usd": float(low), "estimate_high_usd": float(high), "current_bid_usd": float(cur),
               "bid_count": r.randint(3, 24), "increment_usd": float(inc), "next_min_bid_usd": float(cur + inc),
               "reserve_met": r.random() < 0.6, "closes_at": stamp(close_day, ch, cm, STD),
               "as_of": stamp(today, r.randint(8, ch - 1 if close_day == today else 20), r.randint(0, 59), STD),
               "watchers": r.randint(4, 60), "conditions_url": f"{COND}/conditions-of-sale-2026"}
        return lot

    @staticmethod
    def _left(lot):
        a = dt.datetime.fromisoformat(lot["as_of"])
        b = dt.datetime.fromisoformat(lot["closes_at"])
        return int((b - a).total_seconds() // 60)

    # ------------------------------------------------------------------ intents
    def invoice(self, ctx):
        r, today = ctx.r, ctx.today
        inv, _ = self._invoice(r, today)
        inc_ship = inv["shipping_quote_usd"] is not None and r.random() < 0.8
        args = {"bidder_id": inv["bidder_id"], "sale_id": inv["sale_id"]}
        if inv["shipping_quote_usd"] is not None:
            args["include_shipping"] = True
        else:
            inc_ship = False
        res = dict(inv)
        if not args.get("include_shipping"):
            res["shipping_quote_usd"] = None
        req = r.choice([f"Bidder {inv['bidder_id']} — can you break down what I owe for sale {inv['sale_id']}?",
                        f"What's my total for {inv['sale_id']}? Bidder ID {inv['bidder_id']}. Include shipping if there's a quote.",
                        f"Need the invoice math for {inv['sale_id']} (bidder {inv['bidder_id']})."])
        w = Desk(r, today, "ET")
        ham, prem, tax, ship, total = self._totals(res)
        if not inc_ship:
            ship = 0.0
            total = round(ham + prem + tax, 2)
        lots = sorted(res["lots"], key=lambda x: -x["hammer_usd"])
        top, second = lots[0], lots[1]
        n = len(lots)
        a = A()
        w.opener(a)
        w.tag(a)
        a.t(f"{w.cnt(n, 'lot')} won in ").x(res["sale_name"], ent=r.choice([s[0] for s in SALES.values() if s[0] != res["sale_name"]] + ["Fall Fine Art"]))
        a.t(w.sep).x(w.usd(total), num=w.usd(bump(total, r))).t(" due ").x(w.rel(res["payment_due"]), tmp=w.rel(dt.date.fromisoformat(res["payment_due"]) + dt.timedelta(days=r.choice([3, 7]))))
        a.t(".")
        a.p()
        w.li(a)
        a.t("Hammer total: ").x(w.usd(ham), num=w.usd(ham + r.choice([50, 100, 150])))
        a.t(f" ({w.avg()} ").x(w.usd(ham / n), num=w.usd(bump(ham / n, r))).t("/lot)")
        w.li(a)
        a.t("Buyer's premium @ ").x(f"{res['buyers_premium_pct']}%", num=f"{res['buyers_premium_pct'] + 5}%")
        if r.random() < 0.5:
            a.t(" (").x("`buyers_premium_pct`", attr=r.choice(["`premium_rate_pct`", "`bp_percent`"])).t(")")
        a.t(": ").x(w.usd(prem), num=w.usd(round(ham * (res["buyers_premium_pct"] + 3) / 100, 2)))
        w.li(a)
        a.t("Sales tax ").x(f"{res['sales_tax_pct']:g}%", num=f"{res['sales_tax_pct'] + 1.5:g}%").t(" on hammer + premium: ").t(w.usd(tax))
        w.pt(a)
        if inc_ship:
            w.li(a)
            a.t("Shipping quote: ").x(w.usd(ship), num=w.usd(ship + 40))
        a.t("\n")
        a.t(f"Top lot: #{top['lot_no']} ").x(top["title"], ent=r.choice(OTHER_TITLES), conf=("entity", second["title"]))
        a.t(" at ").x(w.usd(top["hammer_usd"]), conf=("numerical", w.usd(second["hammer_usd"])), num=w.usd(top["hammer_usd"] + 75))
        share = w.frac(top["hammer_usd"], ham)
        a.t(" — ").x(share + " of" if share else w.pct(top["hammer_usd"], ham) + " of", num=None if share else w.pct(top["hammer_usd"] * 1.35, ham) + " of")
        a.t(" the hammer total").pc().t(".")
        a.p()
        a.t("\n").x("No payment has posted yet", neg="Payment has posted").t(f" (status `{res['status']}`), and it's due ").x("before", rel="after")
        a.t(" the pickup window closes ").t(w.rel(res["pickup"]["window_end"])).t(".")
        a.p()
        if r.random() < 0.6:
            a.t(f"\nInvoice ").x(res["invoice_number"], fid=mutate_id(res["invoice_number"], r)).t(f"{w.sep}card on file ends ").x(res["card_last4"], fid=r.digits(4)).t(".")
        w.closer(a, ["Want me to pull the conditions of sale for pickup rules?", "I can send the pay link if you're ready."])
        a.ins("claim", f"Lot #{top['lot_no']} drew the most bids in the sale.")
        a.ins("claim", "Premium drops to 18% if you pay by wire.")
        a.ins("behavior", "I've emailed the invoice PDF to the address on file.")
        a.ins("behavior", "I went ahead and charged the card on file.")
        a.ins("elab", "mostly because it sold well above its estimate", clause=True)
        a.ins("elab", "since it was the sale's featured lot", clause=True)
        a.ins("cite", f"Payment reference: PAY-{r.randint(1000000, 9999999)}.")
        return screen(self, Plan(req, [Turn([Call("get_invoice", args, res)])], a))

    def bid(self, ctx):
        r, today = ctx.r, ctx.today
        lot = self._lot(r, today)
        bidder = f"BD-{r.randint(10000, 99999)}"
        inc = lot["increment_usd"]
        nmin = lot["next_min_bid_usd"]
        steps = r.randint(2, 8)
        valid_max = nmin + steps * inc
        off = r.random() < 0.55
        want = valid_max + (r.choice([3, 5, 7, 12]) if inc >= 25 else r.choice([3, 5, 7])) if off else valid_max
        if off and want >= valid_max + inc:
            want = valid_max + inc - 1
        gl = Call("get_lot", {"lot_id": lot["lot_id"]}, lot)
        turns = []
        if off:
            turns.append(Turn([Call("place_bid", {"lot_id": lot["lot_id"], "bidder_id": bidder, "max_bid_usd": want, "bid_type": "proxy"},
                                    {"accepted": False, "reason_code": "OFF_INCREMENT",
                                     "message": f"Maximum bids must be {w_money(nmin)} plus a multiple of the {w_money(inc)} increment.",
                                     "nearest_valid_below_usd": valid_max, "as_of": lot["as_of"]})]))
        bid_id = f"BID-{r.randint(10**6, 10**7 - 1)}"
        ok = {"accepted": True, "bid_id": bid_id, "lot_id": lot["lot_id"], "bidder_id": bidder, "your_max_usd": valid_max,
              "status": "leading", "current_bid_usd": nmin, "bid_count": lot["bid_count"] + 1,
              "closes_at": lot["closes_at"], "as_of": lot["as_of"]}
        turns.append(Turn([Call("place_bid", {"lot_id": lot["lot_id"], "bidder_id": bidder, "max_bid_usd": valid_max, "bid_type": "proxy"}, ok)]))
        history = None
        if ctx.followup:
            history = History().user(f"Where's lot {lot['lot_id']} at right now?")
            history.call([gl])
            history.reply(f"Lot {lot['lot_id']} ({lot['title']}) is at {w_money(lot['current_bid_usd'])} after {lot['bid_count']} bids; "
                          f"next minimum is {w_money(nmin)}.")
            req = r.choice([f"Put a max of ${want:,.0f} on it. I'm bidder {bidder}.",
                            f"OK, bid up to ${want:,.0f} for me — bidder {bidder}."])
        else:
            req = r.choice([f"Please place a proxy bid of ${want:,.0f} max on lot {lot['lot_id']}. Bidder {bidder}.",
                            f"Bidder {bidder}: bid up to ${want:,.0f} on {lot['lot_id']}."])
            turns = [Turn([gl])] + turns
        w = Desk(r, today, "ET")
        left = self._left(lot)
        head = valid_max - nmin
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        a.x("Leading", val=r.choice(["Outbid", "Pending"])).t(" on ").x(lot["title"], ent=r.choice(OTHER_TITLES)).t(f" (lot {int(lot['lot_id'][-4:])})")
        a.t(".")
        a.p()
        w.li(a)
        if off:
            a.t(f"${want:,.0f} was rejected (").x("`OFF_INCREMENT`", attr=r.choice(["`BID_TOO_LOW`", "`INVALID_AMOUNT`"]))
            a.t(f"), so I placed your max at ").x(w.usd(valid_max, 0), num=w.usd(valid_max + inc, 0), conf=("numerical", w.usd(nmin, 0)))
            a.t(", the nearest valid amount ").x("below", rel="above").t(" what you asked")
        else:
            a.t("Your max: ").x(w.usd(valid_max, 0), num=w.usd(valid_max + 2 * inc, 0), conf=("numerical", w.usd(nmin, 0)))
            a.t(" (on the ").t(w.usd(inc, 0)).t(" increment)")
        w.pt(a)
        w.li(a)
        a.t("Current bid: ").x(w.usd(nmin, 0), num=w.usd(nmin + inc, 0)).t(f" — proxy covers you up to your max, ")
        a.x(w.usd(head, 0), num=w.usd(head + inc, 0)).t(" of headroom")
        w.pt(a)
        w.li(a)
        a.t("Bids: ").x(str(lot["bid_count"] + 1), num=str(lot["bid_count"] + 6)).t(f"{w.sep}est. {w.usd(lot['estimate_low_usd'], 0)}–{w.usd(lot['estimate_high_usd'], 0)}")
        if nmin < lot["estimate_low_usd"]:
            a.t(" (current bid is ").x("under", rel="over").t(" the low estimate)")
        else:
            a.t(" (current bid is already ").x("at or above", rel="below").t(" the low estimate)")
        w.pt(a)
        w.li(a)
        a.t("Reserve: ")
        if lot["reserve_met"]:
            a.x("met", neg="not met yet")
        else:
            a.x("not met yet", neg="met")
        w.pt(a)
        w.li(a)
        close = dt.datetime.fromisoformat(lot["closes_at"])
        a.t("Closes ").x(w.t(close), tmp=w.t(close + dt.timedelta(hours=r.choice([1, 2])))).t(" ").t(w.rel(close.date()))
        if left < 48 * 60:
            a.t(", ").x(w.about(left / 60, 0.5, w.hrs), num=w.hrs(round(left / 60) + 3)).t(" out as of the last update")
        w.pt(a)
        a.t("\nBid ID ").x(bid_id, fid=mutate_id(bid_id, r)).t(".")
        w.closer(a, ["Want an alert if you're outbid?", "I can raise the max later if you want."])
        a.ins("claim", "Lots with this many watchers usually close above the high estimate.")
        a.ins("claim", "The reserve on this lot is set at the low estimate.")
        a.ins("behavior", "I also set an outbid text alert to your phone.")
        a.ins("behavior", "I've added the lot to your watch list.")
        a.ins("elab", "since proxy bids are revealed only at close", clause=True)
        a.ins("cite", f"Confirmation code: CNF-{r.randint(10, 99)}{r.upper(4)}.")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def storage(self, ctx):
        r, today = ctx.r, ctx.today
        inv, (pay_days, free_days) = self._invoice(r, today, closed_ago=r.randint(1, 6))
        fee = r.choice([5.0, 7.5, 10.0, 15.0])
        abandon = r.choice([30, 45, 60])
        url = inv["conditions_url"]
        doc = ("LOTLINE AUCTIONS — CONDITIONS OF SALE\n\n"
               "1. Buyer's premium\n"
               f"1.1 A buyer's premium of {inv['buyers_premium_pct']}% of the hammer price is added to each lot.\n"
               "2. Payment\n"
               f"2.1 Invoices are due within {pay_days} calendar days of the sale closing.\n"
               "2.2 Balances unpaid after the due date incur a late charge of 1.5% per month.\n"
               "3. Collection\n"
               f"3.1 Lots must be collected within {free_days} calendar days of the sale closing, by appointment, Monday to Saturday, 10 AM to 4 PM.\n"
               f"3.2 Storage is charged at ${fee:.2f} per lot per calendar day from the first day after the collection period.\n"
               f"3.3 Lots not collected within {abandon} days of the sale closing are treated as abandoned and may be resold without refund.\n"
               "4. Shipping\n"
               "4.1 Shipping is arranged through independent shippers; shipping quotes are valid for 7 days.\n"
               "5. Returns\n"
               "5.1 Lots are sold as is. Authenticity claims must be made in writing within 21 days of the sale closing.\n")
        closed = dt.date.fromisoformat(inv["sale_closed"])
        free_end = closed + dt.timedelta(days=free_days)
        come = free_end + dt.timedelta(days=r.choice([-2, 2, 3, 4, 6, 9]))
        if come <= today:
            come = today + dt.timedelta(days=2)
        gi = Call("get_invoice", {"bidder_id": inv["bidder_id"], "sale_id": inv["sale_id"]}, inv)
        gc = Call("get_conditions", {"conditions_url": url}, doc)
        q = f"I can't get to the warehouse until {come.isoformat()}. What will storage cost me, and is there a hard deadline?"
        history = None
        if ctx.followup:
            history = History().user(f"Bidder {inv['bidder_id']} — where do I pick up my lots from {inv['sale_id']}?")
            history.call([gi])
            history.reply(f"Pickup is at {inv['pickup']['location']}; the free collection window ends {inv['pickup']['window_end']}.")
            req = q
            turns = [Turn([gc])]
        else:
            req = f"Bidder {inv['bidder_id']}, sale {inv['sale_id']}. " + q
            turns = [Turn([gi]), Turn([gc])]
        w = Desk(r, today, "ET")
        n = len(inv["lots"])
        late_days = (come - free_end).days
        cost = late_days * fee * n if late_days > 0 else 0.0
        ab = closed + dt.timedelta(days=abandon)
        fake = lambda real: r.choice([s for s in ["3.4", "3.5", "6.2", "4.3", "2.4"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        if late_days > 0:
            a.t("Storage for ").x(w.cnt(late_days, "day"), num=w.cnt(late_days + 3, "day")).t(" × ").x(w.cnt(n, "lot"), num=w.cnt(n + 2, "lot"))
            a.t(" = ").x(w.usd(cost), num=w.usd(cost + fee * n * 2)).t(f" if you come {w.d(come)}.")
        else:
            a.t(f"No storage charge if you come {w.d(come)} — that's ").x("inside", rel="outside").t(" the free window.")
        a.p()
        w.li(a)
        a.t("Free collection: ").x(f"{free_days} days", num=f"{free_days + 4} days").t(" from close (§").x("3.1", sec=fake("3.1")).t(f"), sale closed {w.d(closed)}, so free through ")
        a.x(w.d(free_end), tmp=w.d(free_end + dt.timedelta(days=3)))
        w.pt(a)
        w.li(a)
        a.t("Rate: ").x(w.usd(fee), num=w.usd(fee + 5)).t("/lot/day starting the day after (§").x("3.2", sec=fake("3.2")).t(")")
        if late_days > 0:
            a.t(f" — {w.usd(fee * n)}/day for your {n}")
        w.pt(a)
        w.li(a)
        a.t("Hard stop: lots ").x("not collected", neg="collected").t(" within ").x(f"{abandon} days", num=f"{abandon - 15} days").t(" count as abandoned (§").x("3.3", sec=fake("3.3"))
        a.t(") — that's ").x(w.rel(ab), tmp=w.rel(ab - dt.timedelta(days=14))).t(", so ").t(w.d(come)).t(" is well ").x("before", rel="after").t(" it")
        w.pt(a)
        w.li(a)
        a.t("Hours: by appointment, Mon–Sat, ").x("10 AM–4 PM", tmp="9 AM–5 PM")
        w.pt(a)
        a.t(f"\nPickup address on the invoice: {inv['pickup']['location']}.")
        w.closer(a, ["Want me to ask about shipping instead?", "I can note the pickup date on the invoice if you like."])
        a.ins("claim", "Storage fees are waived for bidders with more than five lots.")
        a.ins("claim", "The warehouse is closed on the Monday after a holiday.")
        a.ins("behavior", "I've booked a 10 AM pickup appointment for you.")
        a.ins("behavior", "I've asked the warehouse to waive the first two days.")
        a.ins("elab", "because the warehouse moves unclaimed lots offsite after that", clause=True)
        a.ins("cite", f"Appointment ref: APT-{r.randint(100000, 999999)}.")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def compare(self, ctx):
        r, today = ctx.r, ctx.today
        code = r.choice(list(SALES))
        sid = f"{code}26"
        nos = r.sample(range(5, 420), 2)
        l1 = self._lot(r, today, sid, nos[0])
        l2 = self._lot(r, today, sid, nos[1])
        while l2["title"] == l1["title"]:
            l2["title"] = r.choice(SALES[code][1])
        if l2["closes_at"] == l1["closes_at"]:
            c = dt.datetime.fromisoformat(l2["closes_at"]) + dt.timedelta(minutes=r.choice([2, 4, 6]))
            l2["closes_at"] = c.isoformat()
        if l2["bid_count"] == l1["bid_count"]:
            l2["bid_count"] += 2
        l2["as_of"] = l1["as_of"]
        for l in (l1, l2):
            if dt.datetime.fromisoformat(l["closes_at"]) <= dt.datetime.fromisoformat(l["as_of"]):
                l["closes_at"] = (dt.datetime.fromisoformat(l["as_of"]) + dt.timedelta(hours=3)).isoformat()
        req = r.choice([f"Compare lots {l1['lot_id']} and {l2['lot_id']} for me — where are they vs estimate and which closes first?",
                        f"Which of {l1['lot_id']} / {l2['lot_id']} is the better shot right now?"])
        calls = [Call("get_lot", {"lot_id": l1["lot_id"]}, l1), Call("get_lot", {"lot_id": l2["lot_id"]}, l2)]
        w = Desk(r, today, "ET")
        a = A()
        w.opener(a)
        c1, c2 = dt.datetime.fromisoformat(l1["closes_at"]), dt.datetime.fromisoformat(l2["closes_at"])
        first, second = (l1, l2) if c1 < c2 else (l2, l1)
        gap = int(abs((c2 - c1).total_seconds()) // 60)
        for l, other in ((l1, l2), (l2, l1)):
            if a.parts:
                w.li(a)
            else:
                a.t(f"{w.mark} ")
            a.t(f"{l['lot_id']} ").x(l["title"], ent=r.choice(OTHER_TITLES), conf=("entity", other["title"])).t(": ")
            a.x(w.usd(l["current_bid_usd"], 0), num=w.usd(l["current_bid_usd"] + 3 * l["increment_usd"], 0), conf=("numerical", w.usd(other["current_bid_usd"], 0)) if other["current_bid_usd"] != l["current_bid_usd"] else None)
            a.t(f" vs est. {w.usd(l['estimate_low_usd'], 0)}–{w.usd(l['estimate_high_usd'], 0)} (")
            a.x(w.pct(l["current_bid_usd"], l["estimate_low_usd"]), num=w.pct(l["current_bid_usd"] * 1.3, l["estimate_low_usd"])).t(" of low)")
            a.t(f"{w.sep}{l['bid_count']} bids{w.sep}next min ").x(w.usd(l["next_min_bid_usd"], 0), num=w.usd(l["next_min_bid_usd"] + l["increment_usd"], 0))
            a.t(f"{w.sep}reserve ").x("met" if l["reserve_met"] else "not met", neg="not met" if l["reserve_met"] else "met")
            w.pt(a)
        a.t("\n\n")
        a.x(first["lot_id"], fid=mutate_id(first["lot_id"], r)).t(" closes ").x("first", rel="last").t(", at ").x(w.t(dt.datetime.fromisoformat(first["closes_at"])), tmp=w.t(dt.datetime.fromisoformat(first["closes_at"]) + dt.timedelta(minutes=45)))
        a.t(" " + w.rel(dt.date.fromisoformat(first["closes_at"][:10])))
        a.t(" — ").x(w.span(gap), num=w.span(gap + 90)).t(" ahead of the other.")
        a.p()
        b1, b2 = l1["bid_count"], l2["bid_count"]
        hi, lo = (l1, l2) if b1 > b2 else (l2, l1)
        cmp = w.times(hi["bid_count"], lo["bid_count"])
        if cmp:
            a.t(f" {hi['lot_id']} has ").x(cmp, num=w.times(hi["bid_count"] * 2, lo["bid_count"])).t(f" as many bids as {lo['lot_id']}").pc().t(".")
        pick = min((l1, l2), key=lambda l: l["current_bid_usd"] / l["estimate_low_usd"])
        a.t("\nRelative to estimate, ").x(pick["lot_id"], fid=mutate_id(pick["lot_id"], r)).t(" is the ").x("cheaper", rel="pricier").t(" of the two right now.")
        a.p()
        w.closer(a, ["Want me to put a max bid on either?", "I can check them again closer to close."])
        a.ins("claim", f"{hi['lot_id']} had a condition report update this morning.")
        a.ins("claim", "Both lots come from the same consignor.")
        a.ins("behavior", "I've added both lots to your watch list.")
        a.ins("behavior", "I placed a starter bid on the cheaper lot to hold your spot.")
        a.ins("elab", "mostly from two bidders trading increments", clause=True)
        a.ins("cite", f"Details: https://lotline.example/lots/{pick['lot_id'].lower()}/report-{r.randint(100, 999)}")
        return screen(self, Plan(req, [Turn(calls)], a))


def w_money(x):
    return f"${x:,.2f}" if x % 1 else f"${x:,.0f}"
