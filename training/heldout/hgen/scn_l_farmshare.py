"""farm_share (set l): the member phone line of a Vermont community-supported-agriculture farm (weekly vegetable boxes
over a 20-week season) — a membership's status (share and price, weeks picked up and skipped, weeks left and the last
pickup, skips left, the next pickup, installments paid and due), this week's box (items and quantities, pounds of
produce, the farm's estimated retail value against the weekly share price), skipping a week (the skip cutoff passed
refused by design and the next week skipped instead; skips left, the season extended) and questions answered from the
member handbook fetched by URL (cancellation refund before the sixth week, boxes left after the pickup window, work
shares, adding the egg share pro-rated)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_obj, s_str
from .lstyle import Voice, cap, person, stamp, vet

BASE = "https://api.cedarhollowfarm.example/members/v1"
HANDBOOK = "https://cedarhollowfarm.example/handbook"
BRAND = "Cedar Hollow Farm"
AGENT = "Casey"
ZONE = "ET"
SHARES = {"small": 480.0, "full": 630.0, "family": 840.0}
WEEKS = 20
SITES = {"MKT": ("Market Street Co-op", 3, "15:00-19:00"), "LIB": ("Riverside Library", 2, "16:00-19:00"),
         "FRM": ("the farm stand", 5, "09:00-13:00")}
OTHER_SITES = ["Elm Street Church", "the Depot Square lot", "Northfield Grange"]
PRODUCE = [("salad mix", "lb", 0.5, 4.5), ("carrots", "lb", 2.0, 3.0), ("kale", "bunch", 1, 3.5), ("tomatoes", "lb", 1.5, 5.25),
           ("zucchini", "lb", 2.0, 3.0), ("sweet corn", "ear", 6, 4.5), ("strawberries", "pint", 1, 5.0),
           ("garlic scapes", "bunch", 1, 2.5), ("potatoes", "lb", 3.0, 4.5), ("cucumbers", "each", 2, 2.0),
           ("basil", "bunch", 1, 3.0), ("onions", "lb", 2.0, 2.75), ("lettuce", "head", 1, 3.0), ("beets", "bunch", 1, 3.5)]
OTHER_PRODUCE = ["snap peas", "radishes", "Swiss chard", "green beans"]
DOC = ("CEDAR HOLLOW FARM - MEMBER HANDBOOK 2026\n\n"
       "1. SHARES\n"
       "1.1 The season has 20 weekly pickups.\n"
       "1.2 Share prices for the season: small $480, full $630, family $840.\n"
       "2. PICKUPS\n"
       "2.1 Pickup days and windows are set by site. Please bring your own bags.\n"
       "2.2 Each member may skip up to 2 weeks per season. Skips must be requested by 8:00 PM on the Sunday before the "
       "pickup week.\n"
       "2.3 Skipped boxes are added to the end of the season, one week per skip.\n"
       "2.4 Boxes not picked up by the end of the pickup window are donated to the Riverside Food Shelf and are not "
       "credited.\n"
       "3. PAYMENTS\n"
       "3.1 Shares may be paid in full or in 3 equal installments on the due dates in your account.\n"
       "3.2 A $15 late fee applies to an installment paid more than 7 days after its due date.\n"
       "4. CANCELLATIONS\n"
       "4.1 Before your sixth pickup week you may cancel for a refund of what you have paid, minus the weekly share "
       "price for each week already past and a $25 administration fee.\n"
       "4.2 From the sixth pickup week on, shares are not refunded but may be transferred to another person at no "
       "charge.\n"
       "5. WORK SHARES\n"
       "5.1 Members who work 4 shifts of 3 hours each during the season get 10% of their share price back at the end "
       "of the season.\n"
       "6. ADD-ONS\n"
       "6.1 The egg share costs $5.50 per dozen per week, pro-rated for the pickups left in the season.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.3", "2.5", "3.3", "4.3", "5.2", "6.2", "7.1"] if s != real])


def next_weekday(d, wd):
    return d + dt.timedelta(days=(wd - d.weekday()) % 7)


class FarmShare(Scenario):
    name = "farm_share"
    agent = "Casey"
    service = "cedarhollow-member-line"
    system = ("You are Casey, the voice assistant on Cedar Hollow Farm's member phone line. Your replies are converted to "
              "speech, so speak in short plain sentences with no formatting. Use the tools to look up memberships and "
              "weekly boxes, skip pickups, and answer questions from the member handbook. Amounts in US dollars.")
    error_style = 0
    entity_noun = {"member_id": "Member", "handbook_url": "Handbook"}
    preambles = ["Let me look that up.", "One moment.", "Sure, checking your share."]

    def __init__(self):
        mp = r"^CH-\d{4}$"
        self.tools = [
            Tool("get_membership", "A member's share: size and price, pickup site, day and window, season dates, weeks "
                                   "picked up and skipped, skips allowed, installments, next pickup, handbook URL.",
                 s_obj({"member_id": s_str("Member ID, e.g. 'CH-4821'.", pattern=mp)}, ["member_id"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("include_payments", True)]),
            Tool("get_week_box", "The contents of a week's box for a pickup site and share size: items, quantities, "
                                 "estimated retail value.",
                 s_obj({"site_code": s_str("Pickup site code.", enum=list(SITES)), "share": s_str("Share size.", enum=list(SHARES)),
                        "pickup_date": s_date("Pickup date, YYYY-MM-DD.")}, ["site_code", "share", "pickup_date"]),
                 http=BASE, extra=[("include_recipes", True)]),
            Tool("skip_week", "Skip a member's pickup for one week.",
                 s_obj({"member_id": s_str("Member ID.", pattern=mp), "pickup_date": s_date("Pickup date to skip, YYYY-MM-DD.")},
                       ["member_id", "pickup_date"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("notify", "email")]),
            Tool("get_handbook", "The member handbook (plain text, numbered sections) by URL.",
                 s_obj({"handbook_url": s_str("Handbook URL from the membership.", pattern=r"^https://cedarhollowfarm\.example/handbook/")},
                       ["handbook_url"]),
                 entity={"handbook_url": "url"}, extra=[("lang", "fr")]),
        ]
        self.intents = [("membership_status", self.status, False), ("weekly_box", self.box, False),
                        ("skip_week", self.skip, True), ("handbook_question", self.handbook, True)]

    # ------------------------------------------------------------------ data
    def _member(self, r, today, k=None, skips=None):
        mid = f"CH-{r.randint(1000, 9999)}"
        full, first = person(r)
        share = r.choice(list(SHARES))
        site = r.choice(list(SITES))
        sname, wd, win = SITES[site]
        nxt = next_weekday(today + dt.timedelta(days=1), wd)
        k = k if k is not None else r.randint(2, 15)
        start = nxt - dt.timedelta(days=7 * k)
        skipped = skips if skips is not None else min(k, r.choice([0, 0, 1, 1, 2]))
        price = SHARES[share]
        inst = round(price / 3, 2)
        due = [start - dt.timedelta(days=21), start + dt.timedelta(days=35), start + dt.timedelta(days=84)]
        insts = []
        for j, d in enumerate(due):
            paid = d <= today and r.random() < 0.9 or j == 0
            insts.append({"number": j + 1, "due_date": d.isoformat(), "amount_usd": inst, "status": "paid" if paid else "unpaid"})
        last = start + dt.timedelta(days=7 * (WEEKS - 1 + skipped))
        res = {"member_id": mid, "name": full, "share": share, "share_price_usd": price, "weekly_price_usd": round(price / WEEKS, 2),
               "pickup_site_code": site, "pickup_site": sname, "pickup_day": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][wd],
               "pickup_window": win, "season_weeks": WEEKS, "season_start": start.isoformat(), "last_pickup": last.isoformat(),
               "weeks_picked_up": k - skipped, "weeks_skipped": skipped, "skips_allowed": 2, "next_pickup": nxt.isoformat(),
               "installments": insts, "handbook_url": f"{HANDBOOK}/{r.choice(['2026', 'season-2026'])}",
               "as_of": stamp(today, r.randint(8, 19), r.randint(0, 59), ZONE)}
        return mid, res, first

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        mid, m, first = self._member(r, today)
        req = r.choice([f"Hi, member {mid}. Where am I in the season, and do I owe anything?", f"Can you check my farm share? Member number {mid}."])
        w = Voice(r, today, BRAND, AGENT, first)
        w.tstyle = r.choice(["AM", "a.m.", "spoken", "clock"])
        k_done = m["weeks_picked_up"] + m["weeks_skipped"]
        left = WEEKS - k_done
        h0, h1 = int(m["pickup_window"][:2]), int(m["pickup_window"][6:8])
        a = A()
        w.opener(a)
        a.t("You have a ").x(m["share"], val=r.choice([s for s in SHARES if s != m["share"]])).t(" share, picked up at ").x(m["pickup_site"], ent=r.choice(OTHER_SITES))
        a.t(f" on {m['pickup_day']}s, ").x(w.trange((h0, 0), (h1, 0)), tmp=w.trange((h0 + 1, 0), (h1 + 1, 0))).t(".")
        a.p()
        w.para(a)
        a.t("You've picked up ").x(w.cnt(m["weeks_picked_up"], "box", "boxes"), num=w.cnt(m["weeks_picked_up"] + 3, "box", "boxes"))
        if m["weeks_skipped"]:
            a.t(" and skipped ").x(w.n(m["weeks_skipped"]), num=w.n(m["weeks_skipped"] + 1))
        a.t(", so ").x(w.n(k_done, calc=True), num=w.n(k_done + 2)).t(f" of the {w.num(WEEKS)} weeks are done and ").x(w.n(left, calc=True), num=w.n(left + 2)).t(" are left")
        a.pc().t(".")
        a.p()
        sl = m["skips_allowed"] - m["weeks_skipped"]
        if sl:
            a.t(" You ").x("still have " + w.cnt(sl, "skip", calc=True), num="still have " + w.cnt(sl + 1, "skip")).t(" left this season.")
        else:
            a.t(" You've ").x("used both", neg="not used any").t(" of your skips.")
        a.p()
        nxt = dt.date.fromisoformat(m["next_pickup"])
        a.t(" Your next pickup is ").x(w.rel(nxt, lead=False), tmp=w.rel(nxt + dt.timedelta(days=7), lead=False)).t(", and the last one of the season is ")
        last = dt.date.fromisoformat(m["last_pickup"])
        a.x(w.d(last), tmp=w.d(last + dt.timedelta(days=7))).t(".")
        a.p()
        w.para(a)
        paid = [x for x in m["installments"] if x["status"] == "paid"]
        unpaid = [x for x in m["installments"] if x["status"] != "paid"]
        inst = m["installments"][0]["amount_usd"]
        a.t("On payments, you've paid ").x(w.n(len(paid), calc=True) + " of three installments", num=w.n(min(3, len(paid) + 1)) + " of three installments" if len(paid) < 3 else None)
        a.t(f". That's {w.n(len(paid))} times {w.money(inst, short=True)}, so ").x(w.money(round(inst * len(paid), 2), calc=True), num=w.money(round(inst * len(paid) + 70, 2)))
        a.t(" of the ").x(w.money(m["share_price_usd"], short=True), num=w.money(m["share_price_usd"] + 150, short=True)).t(" for your share.")
        a.p()
        if unpaid:
            u = unpaid[0]
            ud = dt.date.fromisoformat(u["due_date"])
            if ud < today:
                a.t(" The next installment, ").x(w.money(inst), num=w.money(inst + 35)).t(", ").x("was due", neg="isn't due until").t(" ")
                a.x(w.rel(ud, lead=False) if (today - ud).days <= 40 else "on " + w.d(ud), tmp="on " + w.d(ud + dt.timedelta(days=14))).t(", so it's ").x("overdue", val="paid").t(".")
            else:
                a.t(" The next installment, ").x(w.money(inst), num=w.money(inst + 35)).t(", is due ").x(w.rel(ud, lead=False), tmp=w.rel(ud + dt.timedelta(days=7), lead=False)).t(".")
        else:
            a.t(" You're ").x("paid in full", neg="not paid in full").t(".")
        a.p()
        if r.random() < 0.35:
            a.t(" The weeks come from the ").x("weeks picked up", attr=r.choice(["boxes collected", "pickup count"])).t(" count on your account.")
            a.p()
        w.closer(a, ["Would you like to hear what's in this week's box?", "Do you want me to skip a week for you?"])
        a.ins("claim", "Your site has the highest pickup rate of all our locations.")
        a.ins("claim", "Full share members get first pick of the strawberry crop.")
        a.ins("behavior", "I've set up autopay for your remaining installment.")
        a.ins("behavior", "I've added a bonus bunch of flowers to your next box.")
        a.ins("elab", "since the season started a week late because of the frost", clause=True)
        ref = f"CH-PAY-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"Your payment reference is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, [Turn([Call("get_membership", {"member_id": mid}, m)])], a), w)

    def box(self, ctx):
        r, today = ctx.r, ctx.today
        site = r.choice(list(SITES))
        share = r.choice(list(SHARES))
        sname, wd, win = SITES[site]
        pd = next_weekday(today, wd)
        items = []
        for name, unit, qty, val in r.sample(PRODUCE, r.randint(7, 10)):
            f = {"small": 0.75, "full": 1.0, "family": 1.5}[share]
            q = qty * f
            q = round(q * 2) / 2 if unit == "lb" else max(1, int(round(q)))
            items.append({"item": name, "quantity": q, "unit": unit, "est_value_usd": round(val * f, 2)})
        tv = round(sum(x["est_value_usd"] for x in items), 2)
        weekly = round(SHARES[share] / WEEKS, 2)
        res = {"site_code": site, "site_name": sname, "share": share, "pickup_date": pd.isoformat(), "pickup_window": win,
               "items": items, "total_est_value_usd": tv, "weekly_share_price_usd": weekly,
               "as_of": stamp(today, r.randint(7, 18), r.randint(0, 59), ZONE)}
        req = r.choice([f"What's in the {share} share box at {sname} this week?", f"What am I getting in my {share} share on {pd.isoformat()} at {sname}?"])
        w = Voice(r, today, BRAND, AGENT)
        a = A()
        w.opener(a)
        a.t(f"The {share} share box at ").x(sname, ent=r.choice(OTHER_SITES)).t(" ").x(w.rel(pd, lead=False), tmp=w.rel(pd + dt.timedelta(days=7), lead=False)).t(", has ")
        a.x(w.cnt(len(items), "item", calc=True), num=w.cnt(len(items) + 3, "item"))
        a.pc().t(".")
        a.p()
        w.start()
        show = items[:4]

        def qty(x):
            u, q = x["unit"], x["quantity"]
            if u == "lb":
                return f"{w.num(q)} {'pound' if q == 1 else 'pounds'} of {x['item']}"
            if u in ("bunch", "head", "pint"):
                return f"{w.cnt(q, u, 'bunches' if u == 'bunch' else None)} of {x['item']}"
            if u == "ear":
                return f"{w.cnt(q, 'ear')} of {x['item']}"
            return f"{w.num(q)} {x['item']}"
        for k, x in enumerate(show):
            a.t(" " + w.item(last=(k == len(show) - 1)))
            alt = dict(x)
            alt["quantity"] = x["quantity"] + (1 if x["unit"] == "lb" else 2)
            a.x(qty(x), num=qty(alt) if k < 2 else None)
            a.t(".")
        rest = len(items) - len(show)
        if rest:
            a.t(" Plus ").x(w.n(rest, calc=True) + " more", num=w.n(rest + 2) + " more").t(".")
        a.p()
        w.para(a)
        lbs = sum(x["quantity"] for x in items if x["unit"] == "lb")
        if lbs:
            a.t("The items sold by weight add up to ").x(w.num(lbs, calc=True) + (" pound" if lbs == 1 else " pounds"), num=w.num(lbs + 2) + " pounds").t(".")
            a.p()
        diff = round(tv - weekly, 2)
        a.t(" The farm puts the box at ").x(w.money(tv), num=w.money(round(tv + 9, 2)), conf=("numerical", w.money(weekly))).t(" at retail prices, ")
        if diff > 0:
            a.x(w.money(diff, calc=True), num=w.money(diff + 5)).t(" ").x("more", rel="less").t(" than your weekly share cost of ").x(w.money(weekly, short=True), num=w.money(weekly + 4, short=True)).t(".")
        elif diff < 0:
            a.x(w.money(-diff, calc=True), num=w.money(-diff + 5)).t(" ").x("less", rel="more").t(" than your weekly share cost of ").x(w.money(weekly, short=True), num=w.money(weekly + 4, short=True)).t(".")
        else:
            a.t("the same as your weekly share cost.")
        a.p()
        big = max(items, key=lambda x: x["est_value_usd"])
        if sum(1 for x in items if x["est_value_usd"] == big["est_value_usd"]) == 1:
            a.t(" The ").x("most valuable", rel="least valuable").t(" item is the ").x(big["item"], ent=r.choice(OTHER_PRODUCE)).t(", at ").x(w.money(big["est_value_usd"]), num=w.money(big["est_value_usd"] + 2)).t(".")
            a.p()
        if r.random() < 0.35:
            a.t(" Those prices are the ").x("estimated value", attr=r.choice(["market price", "shelf price"])).t(" figures from the farm.")
            a.p()
        w.closer(a, ["Would you like recipe ideas for any of that?", "Do you want me to check your pickup time?"])
        a.ins("claim", "Everything in this week's box was picked the morning before.")
        a.ins("claim", "The tomatoes this week are an heirloom variety from the upper field.")
        a.ins("behavior", "I've swapped the kale for extra carrots in your box.")
        a.ins("behavior", "I've added a dozen eggs to your pickup.")
        a.ins("elab", "because the cool spring pushed the harvest back", clause=True)
        ref = f"BX-{pd.strftime('%m%d')}-{r.randint(10, 99)}"
        a.ins("cite", w.cite(f"The box list is posted as sheet {w._id_text(ref)}.", ref))
        args = {"site_code": site, "share": share, "pickup_date": pd.isoformat()}
        return vet(self, Plan(req, [Turn([Call("get_week_box", args, res)])], a), w)

    def skip(self, ctx):
        r, today = ctx.r, ctx.today
        mid, m, first = self._member(r, today, k=r.randint(2, 14), skips=r.choice([0, 0, 1]))
        nxt = dt.date.fromisoformat(m["next_pickup"])
        monday = nxt - dt.timedelta(days=nxt.weekday())
        cutoff = monday - dt.timedelta(days=1)
        refuse = today >= monday and r.random() < 0.85
        want = nxt if refuse else nxt + dt.timedelta(days=7 * r.choice([0, 1, 2]))
        if want == nxt and today >= monday:
            refuse = True
        turns = []
        if refuse:
            got = nxt + dt.timedelta(days=7)
            turns.append(Turn([Call("skip_week", {"member_id": mid, "pickup_date": want.isoformat()},
                                    {"skipped": False, "reason_code": "SKIP_CUTOFF_PASSED",
                                     "cutoff": stamp(cutoff, 20, 0, ZONE),
                                     "message": f"Skips for the week of {monday.isoformat()} closed on {cutoff.isoformat()} at 20:00.",
                                     "next_skippable_pickup": got.isoformat()})]))
        else:
            got = want
        used = m["weeks_skipped"] + 1
        last = dt.date.fromisoformat(m["last_pickup"])
        ext = last + dt.timedelta(days=7)
        conf = f"SK-{r.randint(10000, 99999)}"
        ok = {"skipped": True, "confirmation": conf, "member_id": mid, "pickup_date": got.isoformat(), "skips_used": used,
              "skips_left": 2 - used, "season_extended_to": ext.isoformat(), "as_of": m["as_of"]}
        turns.append(Turn([Call("skip_week", {"member_id": mid, "pickup_date": got.isoformat()}, ok)]))
        gm = Call("get_membership", {"member_id": mid}, m)
        history = None
        if ctx.followup:
            history = History().user(f"When's my next pickup? Member {mid}.")
            history.call([gm])
            history.reply(f"Your next pickup is {m['next_pickup']} at {m['pickup_site']}.")
            req = r.choice([f"I'll be away. Can you skip the pickup on {want.isoformat()}?", f"Please skip my box for {want.isoformat()}."])
        else:
            req = f"Member {mid}. Please skip my pickup on {want.isoformat()}."
            turns = [Turn([gm])] + turns
        w = Voice(r, today, BRAND, AGENT, first)
        a = A()
        w.opener(a, followup=ctx.followup)
        if refuse:
            a.t("I couldn't skip ").x(w.d(want), tmp=w.d(want + dt.timedelta(days=7))).t(", because the cutoff for that week ").x("has passed", neg="hasn't passed").t(". It was ")
            a.x(w.t((20, 0)) + " on " + w.d(cutoff), tmp=w.t((20, 0)) + " on " + w.d(cutoff + dt.timedelta(days=1))).t(", and the system answered ")
            a.x('"skip cutoff passed"', attr=r.choice(['"week locked"', '"pickup closed"'])).t(".")
            a.p()
            a.t(" So I skipped the next week you can, ").x(w.rel(got, lead=False), tmp=w.rel(got + dt.timedelta(days=7), lead=False), conf=("temporal", w.rel(want, lead=False))).t(", instead.")
            a.p()
            w.para(a)
            a.t("You'll still get your box on ").x(w.d(want), tmp=w.d(want + dt.timedelta(days=1))).t(", so please pick it up as usual.")
        else:
            a.t("Done. The pickup you asked about, ").x(w.rel(got, lead=False), tmp=w.rel(got + dt.timedelta(days=7), lead=False)).t(", is ").x("skipped", val="on hold").t(".")
        a.p()
        w.para(a)
        a.t("Just to confirm, you've now used ").x(w.n(used) + (" skip" if used == 1 else " skips"), num=w.n(used + 1) + " skips").t(", and you have ")
        a.x(w.n(2 - used) if used < 2 else "none", num=w.n(3 - used)).t(" left.")
        a.p()
        a.t(" The skipped box is added to the end of the season, so your last pickup moves from ").x(w.d(last), tmp=w.d(last - dt.timedelta(days=7))).t(" to ")
        a.x(w.d(ext), tmp=w.d(ext + dt.timedelta(days=7)), conf=("temporal", w.d(last)))
        a.pc().t(".")
        a.p()
        a.t(" Your confirmation is ").x(w.id(conf), fid=w.fake_id(conf, r)).t(".")
        a.p()
        w.closer(a, ["Would you like a reminder before your next pickup?", "Is there anything else I can do for you?"])
        a.ins("claim", "Skipped boxes are usually the biggest of the season.")
        a.ins("claim", "You can skip a third week for a ten dollar fee.")
        a.ins("behavior", "I've also donated your skipped box to the food shelf.")
        a.ins("behavior", "I've credited your account for the skipped week.")
        a.ins("elab", "since the farm plans harvests a week ahead", clause=True)
        ref = f"SK-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"I've also logged a note under {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def handbook(self, ctx):
        r, today = ctx.r, ctx.today
        variant = r.choice(["cancel", "cancel", "late", "work", "eggs"])
        mid, m, first = self._member(r, today, k=r.randint(1, 9) if variant == "cancel" else None)
        url = m["handbook_url"]
        q = {"cancel": "If I cancel my share now, what would I get back?",
             "late": "What happens if I can't make it to pickup before the window closes?",
             "work": "How does the work share work, and what would I get back?",
             "eggs": "How much would it cost to add the egg share now?"}[variant]
        gm = Call("get_membership", {"member_id": mid}, m)
        gh = Call("get_handbook", {"handbook_url": url}, DOC)
        history = None
        if ctx.followup:
            history = History().user(f"Member {mid}. What size share do I have?")
            history.call([gm])
            history.reply(f"You have a {m['share']} share at {m['pickup_site']}.")
            req = q
            turns = [Turn([gh])]
        else:
            req = f"Member {mid}. {q}"
            turns = [Turn([gm]), Turn([gh])]
        w = Voice(r, today, BRAND, AGENT, first)
        a = A()
        w.opener(a, followup=ctx.followup)
        k_done = m["weeks_picked_up"] + m["weeks_skipped"]
        weekly, price = m["weekly_price_usd"], m["share_price_usd"]
        if variant == "cancel":
            nxt_week = k_done + 1
            paid = round(sum(x["amount_usd"] for x in m["installments"] if x["status"] == "paid"), 2)
            if nxt_week < 6:
                used = round(weekly * k_done, 2)
                refund = round(paid - used - 25, 2)
                a.t("Your next pickup is week ").x(w.n(nxt_week, calc=True), num=w.n(nxt_week + 2)).t(", so you're ").x("before", rel="past").t(" the sixth week, and ")
                a.x(w.sec("4.1"), sec=w.fake_sec(fake_sec(r, "4.1"))).t(" of the handbook lets you cancel for a refund.")
                a.p()
                w.para(a)
                a.t("You've paid ").x(w.money(paid, calc=True), num=w.money(paid + 105)).t(". ")
                a.t(f"{cap(w.cnt(k_done, 'week'))} have passed at {w.money(weekly, short=True)} a week, which is ").x(w.money(used, calc=True), num=w.money(used + 31.5))
                a.t(", and there's an administration fee of ").x(w.money(25), num=w.money(35)).t(".")
                a.p()
                if refund > 0:
                    a.t(" So you'd get back ").x(w.money(refund, calc=True), num=w.money(refund + 40), conf=("numerical", w.money(paid))).t(".")
                else:
                    a.t(" That ").x("uses up", neg="doesn't touch").t(" what you've paid, so there'd be no refund.")
                a.p()
            else:
                a.t("You're at week ").x(w.n(nxt_week, calc=True), num=w.n(nxt_week - 3)).t(" now, which is ").x("past", rel="before").t(" the sixth week, so under ")
                a.x(w.sec("4.2"), sec=w.fake_sec(fake_sec(r, "4.2"))).t(" the share ").x("can't be refunded", neg="can be refunded").t(".")
                a.p()
                a.t(" You can transfer it to someone else ").x("at no charge", num="for a twenty-five dollar fee").t(", though")
                a.pc().t(".")
                a.p()
        elif variant == "late":
            h1 = int(m["pickup_window"][6:8])
            a.t(f"Your pickup at {m['pickup_site']} ends at ").x(w.t((h1, 0)), tmp=w.t((h1 + 1, 0))).t(".")
            a.t(" Under ").x(w.sec("2.4"), sec=w.fake_sec(fake_sec(r, "2.4"))).t(", boxes not picked up by then are donated to the ").x("Riverside Food Shelf", ent=r.choice(["Hillside Community Pantry", "Valley Food Bank"]))
            a.t(", and they ").x("aren't credited", neg="are credited").t(" to you.")
            a.p()
            w.para(a)
            a.t("If you know ahead of time, you can skip the week instead. Skips have to be in by ").x(w.t((20, 0)), tmp=w.t((18, 0))).t(" on the Sunday before, and you get ")
            a.x(w.num(2), num=w.num(3)).t(" per season")
            sl = 2 - m["weeks_skipped"]
            a.t(". You have ").x(w.n(sl, calc=True), num=w.n(sl + 1)).t(" left.")
            a.p()
        elif variant == "work":
            back = round(price * 0.10, 2)
            a.t("Under ").x(w.sec("5.1"), sec=w.fake_sec(fake_sec(r, "5.1"))).t(", if you work ").x(w.num(4) + " shifts", num=w.num(6) + " shifts").t(" of ")
            a.x(w.num(3) + " hours", num=w.num(4) + " hours").t(" each, that's ").x(w.num(12, calc=True) + " hours", num=w.num(16) + " hours").t(" over the season")
            a.t(", and you get ").x(w.pct(10), num=w.pct(15)).t(" of your share price back.")
            a.p()
            w.para(a)
            a.t(f"For your {m['share']} share at ").x(w.money(price, short=True), num=w.money(price + 150, short=True)).t(", that's ").x(w.money(back, calc=True), num=w.money(back + 20)).t(", paid ")
            a.x("at the end of the season", tmp="at the start of the season").t(".")
            a.p()
        else:
            left = WEEKS - k_done
            cost = round(5.5 * left, 2)
            a.t("The egg share is ").x(w.money(5.5, short=True), num=w.money(6.5, short=True)).t(" per dozen a week, pro-rated under ").x(w.sec("6.1"), sec=w.fake_sec(fake_sec(r, "6.1"))).t(".")
            a.p()
            a.t(" You have ").x(w.cnt(left, "pickup", calc=True), num=w.cnt(left + 2, "pickup")).t(" left, so ")
            a.t(f"{w.num(left)} times {w.money(5.5, short=True)} is ").x(w.money(cost, calc=True), num=w.money(cost + 11)).t(".")
            a.p()
            a.t(" That's ").x(w.money(5.5), num=w.money(7.5)).t(" a week for ").x("a dozen eggs" if w.dozen else "twelve eggs", num="eighteen eggs").t(".")
            w.calc_nums.append(12.0)
            a.p()
        if r.random() < 0.3:
            a.t(" I used the ").x("weeks picked up", attr=r.choice(["boxes collected", "pickup count"])).t(" and skip counts on your account for that.")
            a.p()
        w.closer(a, ["Would you like me to email you that part of the handbook?", "Is there anything else about your share?"])
        a.ins("claim", "Most members who cancel do so because of a move.")
        a.ins("claim", "The handbook changes every spring after the member meeting.")
        a.ins("behavior", "I've gone ahead and started the cancellation for you.")
        a.ins("behavior", "I've signed you up for the next work shift.")
        a.ins("elab", "because the farm buys seed based on the member count", clause=True)
        ref = f"HB-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"That's in handbook appendix {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
