"""event_ticketing (set c): event search, seat maps with fees, ticket orders, rescheduled/cancelled events and the ticket terms."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, money, mutate_id, nword, other_than, plural,
                     s_date, s_int, s_num, s_obj, s_str)
from .cstyle import (about_money, day_of, day_ord, dur_words, hm12, lead, mdy, month_ord, nudge, nudge_int, pct1, stamp,
                     tail)

BASE = "https://api.stagepass.example/v2"
TERMS = "https://stagepass.example/terms"
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ACTS = [("The Paper Lanterns", "indie folk"), ("Mara Vey", "pop"), ("Dust & Copper", "alt-country"), ("Kōji Tanaka Trio", "jazz"),
        ("Neon Harbor", "synth-pop"), ("Ruth Ocampo", "singer-songwriter")]
OTHER_ACTS = ["The Velvet Hours", "Sam Okonjo", "Glass Animals Tribute", "Lia Brandt"]
VENUES = [("The Fillmore Annex", "San Francisco", "-07:00"), ("Riverside Hall", "Chicago", "-05:00"), ("The Alcott Theatre", "Boston", "-04:00"),
          ("Union Stage", "Austin", "-05:00"), ("Pine Street Ballroom", "Seattle", "-07:00")]
OTHER_VENUES = ["The Roxy", "Orpheum Theatre", "Crescent Ballroom", "Lincoln Hall"]
SECTIONS = [("Floor GA", "standing"), ("Orchestra", "seated"), ("Mezzanine", "seated"), ("Balcony", "seated")]
STATUS_WORDS = {"on_sale": "on sale", "low_availability": "almost sold out", "sold_out": "sold out", "presale": "in presale only"}


def evid(r: R):
    return "ev_" + "".join(r.choice(CROCK) for _ in range(12))


class Tickets(Scenario):
    name = "event_ticketing"
    agent = "Cue"
    service = "stagepass-fan-support"
    system = ("You are Cue, StagePass's fan support assistant. The fan is signed in. Use the tools to find events, price seats, "
              "look up ticket orders and explain the ticket terms. Prices include per-ticket fees only where the tool says so. "
              "Quote the terms by clause number. You cannot issue refunds yourself.")
    error_style = 1
    entity_noun = {"event_id": "Event", "order_number": "Order", "terms_url": "Terms page"}
    preambles = ["Let me check the listings.", "Looking up your order.", "One moment — checking seats."]

    def __init__(self):
        ev = s_str("Event id, e.g. 'ev_01J8KQ4M2XZT'.", pattern=r"^ev_[0-9A-HJKMNP-TV-Z]{12}$")
        self.tools = [
            Tool("search_events", "Upcoming events matching a performer or keyword, optionally by city and date range.",
                 s_obj({"query": s_str("Performer, genre or keyword.", min_len=2, max_len=80),
                        "city": s_str("City name."),
                        "date_from": s_date("Earliest date (YYYY-MM-DD)."), "date_to": s_date("Latest date (YYYY-MM-DD)."),
                        "max_price": s_num("Maximum face value per ticket.", 0, 2000)}, ["query"]), http=BASE,
                 extra=[("sort", "date"), ("include_past", False)]),
            Tool("get_event_seating", "Sections with prices, per-ticket fees and how many seats are available together.",
                 s_obj({"event_id": ev, "quantity": s_int("Number of tickets wanted.", 1, 8)}, ["event_id"]),
                 entity={"event_id": "id"}, http=BASE, extra=[("show_resale", True)]),
            Tool("get_order", "A ticket order: event, tickets, delivery, amounts and the applicable terms page.",
                 s_obj({"order_number": s_str("Order number, e.g. 'SP-5521-0847-33'.", pattern=r"^SP-\d{4}-\d{4}-\d{2}$")},
                       ["order_number"]), entity={"order_number": "id"}, http=BASE, extra=[("include_barcodes", True)]),
            Tool("get_terms", "Plain-text purchase terms (numbered clauses) by URL.",
                 s_obj({"terms_url": s_str("Terms URL from the order.", pattern=r"^https://stagepass\.example/terms/[a-z0-9-]+$")},
                       ["terms_url"]), entity={"terms_url": "url"}, extra=[("region", "us")]),
        ]
        self.intents = [("find_events", self.find, False), ("seat_prices", self.seats, True),
                        ("my_tickets", self.my_order, True), ("refund_terms", self.refund, False)]

    # ------------------------------------------------------------------ data
    def shows(self, r: R, today, act, n):
        out = []
        vs = r.sample(VENUES, n)
        d = today + dt.timedelta(days=r.randint(6, 20))
        for k in range(n):
            vn, city, off = vs[k]
            h = r.choice([19, 20, 20, 21])
            st = r.choice(["on_sale", "on_sale", "low_availability", "sold_out", "presale"])
            lo = round(r.uniform(28, 65), 2)
            out.append({"event_id": evid(r), "name": f"{act} — {r.choice(['Spring', 'Summer', 'North America'])} Tour {today.year}",
                        "performer": act, "venue": {"name": vn, "city": city},
                        "starts_at": stamp(d, h, 0, off), "doors_at": stamp(d, h - r.choice([1, 1, 2]), r.choice([0, 30]), off),
                        "status": st, "price_range": {"min": lo, "max": round(lo * r.uniform(1.8, 3.2), 2), "currency": "USD"}})
            d = d + dt.timedelta(days=r.randint(1, 5))
        return out

    def seatmap(self, r: R, ev, qty):
        secs = []
        lo = ev["price_range"]["min"]
        for k, (nm, kind) in enumerate(r.sample(SECTIONS, 3)):
            price = round(lo * (1 + 0.45 * k) + r.choice([0, 5, 10]), 2)
            fee = round(price * r.choice([0.12, 0.15, 0.18]) + 2.5, 2)
            avail = r.choice([0, 2, 4, 12, 40]) if k else r.choice([6, 18, 60])
            tog = min(avail, r.choice([2, 4, 6, 8])) if kind == "seated" else avail
            secs.append({"section": nm, "type": kind, "price": price, "fee_per_ticket": fee, "available": avail,
                         "max_together": tog})
        return {"event_id": ev["event_id"], "quantity_requested": qty, "currency": "USD", "sections": secs,
                "order_fee": r.choice([0.0, 3.5, 4.95]), "max_per_order": 8}

    # ------------------------------------------------------------------ intents
    def find(self, ctx):
        r, today = ctx.r, ctx.today
        act, genre = r.choice(ACTS)
        evs = self.shows(r, today, act, r.randint(3, 4))
        args = {"query": act}
        if r.random() < 0.4:
            args["date_from"] = today.isoformat()
            args["date_to"] = (today + dt.timedelta(days=60)).isoformat()
        se = Call("search_events", args, {"events": evs, "total": len(evs)})
        req = r.choice([f"When is {act} playing next?", f"Is {act} touring near me? What are the dates?",
                        f"find me {act} tickets — which shows still have seats?"])
        first = evs[0]
        t0 = dt.datetime.fromisoformat(first["starts_at"])
        soon = (t0.date() - today).days
        avail = [e for e in evs if e["status"] in ("on_sale", "low_availability")]
        cheapest = min(evs, key=lambda e: e["price_range"]["min"])
        a = A()
        lead(a, r, p=0.3)
        style = r.choice(["list", "prose"])
        if style == "list":
            a(f"{act} has ").x(nword(len(evs)), num=nword(len(evs) + 1)).t(" upcoming dates:\n")
            for e in evs:
                t = dt.datetime.fromisoformat(e["starts_at"])
                oth = [x for x in evs if x is not e][0]
                ost = {"on_sale": "sold_out", "low_availability": "on_sale", "sold_out": "on_sale", "presale": "sold_out"}[e["status"]]
                a("\n- ").x(day_of(t.date()), tmp=day_of(t.date() + dt.timedelta(days=r.choice([1, 2, 7])))).t(" — ").x(e["venue"]["name"], ent=r.choice(OTHER_VENUES)).t(", ").t(e["venue"]["city"]).t(" · ").x(STATUS_WORDS[e["status"]], val=STATUS_WORDS[ost])
                if e["status"] != "sold_out":
                    a(", from ").x(money(e["price_range"]["min"]), num=money(nudge(e["price_range"]["min"], r, 0.15, 0.4)), conf=("numerical", money(oth["price_range"]["min"])))
                a.pb()
            a("\n\nThe ").x("earliest", rel="latest").t(" is ").x(plural(soon, "day"), num=plural(soon + r.choice([3, 5]), "day")).t(" away").pc().t(", and the ").x("lowest", rel="highest").t(" starting price is in ").t(cheapest["venue"]["city"]).t(".").pp()
            tail(a, r, p=0.5, sep="\n\n", own=["Want me to check seats for one of them?"])
        else:
            doors = dt.datetime.fromisoformat(first["doors_at"])
            gap = int((t0 - doors).total_seconds() // 60)
            a("The next show for ").t(act).t(" is ").x(f"{day_ord(t0.date())} at {e_venue(first)}", ent=f"{day_ord(t0.date())} at {r.choice(OTHER_VENUES)}", tmp=f"{day_ord(t0.date() + dt.timedelta(days=r.choice([2, 3])))} at {e_venue(first)}").t(" in ").t(first["venue"]["city"]).t(" — doors ").x(hm12(doors), tmp=hm12(doors - dt.timedelta(minutes=r.choice([30, 60])))).t(", show ").x(hm12(t0), tmp=hm12(t0 + dt.timedelta(hours=1)), conf=("temporal", hm12(doors))).t(", so ")
            a.x(dur_words(gap), num=dur_words(gap + 30)).t(" between the two.").p()
            a(" It's ").x(STATUS_WORDS[first["status"]], val=STATUS_WORDS["sold_out" if first["status"] != "sold_out" else "on_sale"]).t(".").p()
            a(" Of the ").x(nword(len(evs)), num=nword(len(evs) - 1)).t(" dates listed, ").x(nword(len(avail)), num=nword(len(avail) + 1)).t(" ").x("can", neg="can't").t(" still be bought on general sale").pc().t(".").p()
            later = evs[-1]
            tl = dt.datetime.fromisoformat(later["starts_at"])
            a(" The last date is ").x(month_ord(tl.date()), tmp=month_ord(tl.date() + dt.timedelta(days=r.choice([4, 9])))).t(" at ").x(later["venue"]["name"], ent=r.choice(OTHER_VENUES)).t(", with tickets from ").x(money(later["price_range"]["min"]), num=money(nudge(later["price_range"]["min"], r, 0.15, 0.4))).t(".").p()
            tail(a, r, p=0.5, own=["Should I price seats for the first date?"])
        a.ins("claim", f"{act} usually adds a second night when the first one sells out.")
        a.ins("claim", "All of these shows are all-ages.")
        a.ins("claim", "Presale tickets come with early entry to the floor.")
        a.ins("behavior", "Alert set — you'll hear from me when more tickets are released.")
        a.ins("behavior", f"I've followed {act} on your account so new dates show up in your feed.")
        a.ins("elab", "since the tour was extended after strong early sales", clause=True)
        a.ins("elab", f"Shows in {first['venue']['city']} tend to sell out in the last week.")
        a.ins("cite", f"The tour page is https://stagepass.example/a/{act.lower().replace(' ', '-').replace('&', 'and')}-{r.digits(4)}.")
        return Plan(req, [Turn([se])], a)

    def seats(self, ctx):
        r, today = ctx.r, ctx.today
        act, _ = r.choice(ACTS)
        evs = self.shows(r, today, act, 2)
        ev = evs[0]
        ev["status"] = r.choice(["on_sale", "low_availability"])
        qty = r.choice([2, 2, 3, 4])
        sm = self.seatmap(r, ev, qty)
        secs = sm["sections"]
        if not any(s["max_together"] >= qty for s in secs) or all(s["max_together"] >= qty for s in secs):
            secs[0]["available"] = secs[0]["max_together"] = max(qty, secs[0]["available"])
            secs[-1]["available"] = secs[-1]["max_together"] = qty - 1
        se = Call("search_events", {"query": act}, {"events": evs, "total": 2})
        gs = Call("get_event_seating", {"event_id": ev["event_id"], "quantity": qty}, sm)
        t0 = dt.datetime.fromisoformat(ev["starts_at"])
        history = None
        if ctx.followup:
            history = History().user(f"When's the next {act} show?")
            history.call([se])
            history.reply(f"{day_of(t0.date())} at {ev['venue']['name']}, {ev['venue']['city']}.")
            req = f"How much for {nword(qty)} tickets together?"
            turns = [Turn([gs])]
        else:
            req = r.choice([f"How much would {qty} tickets to {act} at {ev['venue']['name']} cost, sitting together?",
                            f"I need {nword(qty)} seats together for the next {act} show. Options?"])
            turns = [Turn([se]), Turn([gs])]
        ok = [s for s in secs if s["max_together"] >= qty]
        no = [s for s in secs if s["max_together"] < qty]
        tot = lambda s: round((s["price"] + s["fee_per_ticket"]) * qty + sm["order_fee"], 2)
        best = min(ok, key=tot)
        a = A()
        lead(a, r, p=0.3)
        a(f"For {nword(qty)} together at ").x(ev["venue"]["name"], ent=r.choice(OTHER_VENUES)).t(" on ").x(day_of(t0.date()), tmp=day_of(t0.date() + dt.timedelta(days=1))).t(", here's what works (ticket + fee each, then the total")
        if sm["order_fee"]:
            a(" with the ").x(money(sm["order_fee"]), num=money(sm["order_fee"] + 2)).t(" order fee")
        a("):\n\n")
        for k, s in enumerate(ok):
            each = round(s["price"] + s["fee_per_ticket"], 2)
            oth = [x for x in secs if x is not s][0]
            a("\n- **" if k else "- **").x(s["section"], ent=r.choice(["Upper Circle", "Loge", "Terrace", "Pit"])).t("** — ").x(money(s["price"]), num=money(nudge(s["price"], r, 0.1, 0.3)), conf=("numerical", money(oth["price"]))).t(" + ").x(money(s["fee_per_ticket"]), num=money(nudge(s["fee_per_ticket"], r, 0.2, 0.5))).t(" = ").t(money(each)).t("; ").x(money(tot(s)), num=money(nudge(tot(s), r, 0.08, 0.2))).t(" total")
            if s["type"] == "standing":
                a(" (standing)")
            a.pb()
        a("\n\n")
        for s in no:
            if s["max_together"]:
                a("**").t(s["section"]).t("** ").x("won't", neg="will").t(" work — it only has ").x(plural(s["max_together"], "seat") if s["max_together"] > 1 else "one seat", num=plural(s["max_together"] + 2, "seat")).t(" together right now")
                if r.random() < 0.5:
                    a(" (").x("`max_together`", attr=r.choice(["`adjacent_seats`", "`contiguous_available`", "`seats_in_row`"])).t(" is ").t(str(s["max_together"])).t(")")
                a(".").p()
            else:
                a("**").t(s["section"]).t("** is ").x("sold out", val="available").t(".").p()
            a(" ")
        fee_share = sum(s["fee_per_ticket"] for s in [best]) * qty + sm["order_fee"]
        pct_fee = fee_share / tot(best) * 100
        a("The ").x("cheapest", rel="most expensive").t(" way to sit together is ").t(best["section"]).t(", and fees make up ").x(pct1(pct_fee), num=pct1(pct_fee + r.choice([6, 9]))).t(" of that total").pc().t(".").pp()
        tail(a, r, p=0.5, sep="\n\n", own=["Want me to check the other date too?", "I can hold off until you've decided — just say which section."], generic=False)
        a.ins("claim", "Seats in the first rows of each section carry a small premium.")
        a.ins("claim", f"{ev['venue']['name']} has a strict clear-bag policy.")
        a.ins("claim", "Fees drop by about a third if you choose box-office pickup.")
        a.ins("behavior", f"I put a 10-minute hold on {nword(qty)} seats in {best['section']}.")
        a.ins("behavior", "I added ticket insurance to the quote.")
        a.ins("elab", "because the venue adds a facility charge to every ticket", clause=True)
        a.ins("elab", "Prices for this tour have gone up twice since tickets went on sale.")
        a.ins("cite", f"Your price hold reference is HLD-{r.upalnum(6)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def order(self, r: R, today, status=None):
        act, _ = r.choice(ACTS)
        ev = self.shows(r, today, act, 1)[0]
        ev["status"] = status or "on_sale"
        on = f"SP-{r.digits(4)}-{r.digits(4)}-{r.digits(2)}"
        qty = r.choice([2, 2, 3, 4])
        sec = r.choice(["Orchestra", "Mezzanine", "Balcony"])
        row = r.choice("ABCDEFGHJKLM")
        s0 = r.randint(1, 20)
        price = round(r.uniform(45, 140), 2)
        fee = round(price * 0.15 + 2.5, 2)
        tickets = [{"ticket_id": f"TK{r.digits(8)}", "section": sec, "row": row, "seat": s0 + k, "type": "adult",
                    "barcode_status": "active"} for k in range(qty)]
        sub = round(price * qty, 2)
        fees = round(fee * qty, 2)
        slug = r.choice(["us-standard-2026", "us-standard-2025", "us-venue-partner"])
        o = {"order_number": on, "placed_at": stamp(today - dt.timedelta(days=r.randint(10, 90)), r.randint(9, 22), r.randint(0, 59), ev["starts_at"][-6:]),
             "event": {"event_id": ev["event_id"], "name": ev["name"], "performer": act, "venue": ev["venue"],
                       "starts_at": ev["starts_at"], "doors_at": ev["doors_at"], "status": ev["status"]},
             "tickets": tickets, "delivery": {"method": "mobile", "available_from": (dt.date.fromisoformat(ev["starts_at"][:10]) - dt.timedelta(days=2)).isoformat()},
             "amounts": {"face_value": price, "fee_per_ticket": fee, "subtotal": sub, "fees": fees, "total": round(sub + fees, 2), "currency": "USD"},
             "ticket_insurance": r.random() < 0.3, "terms_url": f"{TERMS}/{slug}"}
        return o, act

    def my_order(self, ctx):
        r, today = ctx.r, ctx.today
        o, act = self.order(r, today)
        ev = o["event"]
        on = o["order_number"]
        go = Call("get_order", {"order_number": on}, o)
        history = None
        if ctx.followup:
            history = History().user(f"I bought tickets for {act}, order {on}. Which venue was it?")
            history.call([go])
            history.reply(f"It's at {ev['venue']['name']} in {ev['venue']['city']}.")
            req = r.choice(["What time should I get there, and where are we sitting?", "and the seats? what time do doors open?"])
            turns = []
        else:
            req = r.choice([f"What are my seats for order {on}, and what time are doors?", f"Remind me about my tickets for {act} ({on})?"])
            turns = [Turn([go])]
        t0 = dt.datetime.fromisoformat(ev["starts_at"])
        doors = dt.datetime.fromisoformat(ev["doors_at"])
        tk = o["tickets"]
        qty = len(tk)
        until = (t0.date() - today).days
        avail = dt.date.fromisoformat(o["delivery"]["available_from"])
        am = o["amounts"]
        a = A()
        lead(a, r, p=0.3)
        seats = f"{tk[0]['seat']}–{tk[-1]['seat']}"
        style = r.choice(["bold", "chat"])
        if style == "bold":
            a("**").x(act, ent=r.choice(OTHER_ACTS)).t("** at ").x(ev["venue"]["name"], ent=r.choice(OTHER_VENUES)).t(", ").x(day_of(t0.date()), tmp=day_of(t0.date() + dt.timedelta(days=r.choice([1, 7])))).t("\n\n")
            a("**Doors:** ").x(hm12(doors), tmp=hm12(doors + dt.timedelta(minutes=r.choice([30, 60]))), conf=("temporal", hm12(t0))).t(" · **Show:** ").x(hm12(t0), tmp=hm12(t0 - dt.timedelta(minutes=30))).t("\n")
            a("**Seats:** ").x(tk[0]["section"], val=r.choice([s for s in ["Orchestra", "Mezzanine", "Balcony", "Floor GA"] if s != tk[0]["section"]])).t(", row ").t(tk[0]["row"]).t(", seats ").x(seats, num=f"{tk[0]['seat'] + 4}–{tk[-1]['seat'] + 4}").t(" — ").x(nword(qty), num=nword(qty + 1)).t(" tickets side by side\n")
            if r.random() < 0.6:
                a("**Order:** ").x(on, fid=f"SP-{mutate_id(on[3:], r)}").t("\n")
            a("**Paid:** ").x(money(am["total"]), num=money(nudge(am["total"], r, 0.06, 0.2)), conf=("numerical", money(am["subtotal"]))).t(" (").x(money(am["fees"]), num=money(nudge(am["fees"], r, 0.2, 0.4))).t(" of that in fees)").pp()
            a("\n\nThe show is ").x(plural(until, "day"), num=plural(until + r.choice([2, 3]), "day")).t(" away. The mobile tickets ").x("aren't", neg="are").t(" in your app yet — they appear on ").x(day_of(avail), tmp=day_of(avail - dt.timedelta(days=3))).t(", two days before").pc().t(".").pp()
            a.ins("elab", "because mobile tickets are released only after the venue's final seat check", clause=True)
            tail(a, r, p=0.45, sep="\n\n", own=["Want me to explain how to transfer a ticket to a friend?"])
        else:
            gap = int((t0 - doors).total_seconds() // 60)
            if r.random() < 0.5:
                a("On order ").x(on, fid=f"SP-{mutate_id(on[3:], r)}").t(", you")
            else:
                a("You")
            a("'ve got ").x(nword(qty), num=nword(qty + 1)).t(" seats together in the ").x(tk[0]["section"], val=r.choice([s for s in ["Orchestra", "Mezzanine", "Balcony"] if s != tk[0]["section"]])).t(" — row ").t(tk[0]["row"]).t(", seats ").x(seats, num=f"{tk[0]['seat'] + 2}–{tk[-1]['seat'] + 2}").t(".").p()
            a(" Doors open at ").x(hm12(doors), tmp=hm12(doors - dt.timedelta(minutes=r.choice([30, 60])))).t(" and the show starts at ").x(hm12(t0), tmp=hm12(t0 + dt.timedelta(minutes=30))).t(", so arriving any time in that ").x(dur_words(gap), num=dur_words(gap + 30)).t(" window is fine").pc().t(".").p()
            a.ins("elab", "since the venue runs a timed entry system at the main gate", clause=True)
            a(" It's on ").x(day_ord(t0.date()), tmp=day_ord(t0.date() - dt.timedelta(days=r.choice([1, 2])))).t(", ").x(plural(until, "day"), num=plural(until - 2 if until > 3 else until + 2, "day")).t(" from now.").p()
            if o["ticket_insurance"]:
                a(" You ").x("did", neg="didn't").t(" add ticket insurance to this order.").p()
            else:
                a(" You ").x("didn't", neg="did").t(" add ticket insurance to this order.").p()
            if r.random() < 0.5:
                a(" All ").t(nword(qty)).t(" barcodes show ").x("`active`", attr=r.choice(["`valid`", "`issued`", "`ready`"])).t(".").p()
            tail(a, r, p=0.45, own=["Enjoy the show!", "Let me know if you need to transfer any of them."], generic=False)
        a.ins("claim", "The venue opens the bar an hour before doors.")
        a.ins("claim", "Your seats have an unobstructed view of the stage.")
        a.ins("claim", f"{act} is scheduled to play for about 90 minutes.")
        a.ins("behavior", "I've added the event to your calendar.")
        a.ins("behavior", "I've sent the tickets to your email as a backup.")
        a.ins("elab", "Lines at this venue are usually longest in the 20 minutes before the show.")
        a.ins("cite", f"Your entry confirmation code is EN-{r.upalnum(8)}.")
        return Plan(req, turns, a, history.msgs if history else None)

    def refund(self, ctx):
        r, today = ctx.r, ctx.today
        kind = r.choice(["rescheduled", "rescheduled", "cancelled", "on_sale"])
        o, act = self.order(r, today, status=kind)
        ev = o["event"]
        on = o["order_number"]
        window = r.choice([14, 21, 30])
        refund_days = r.choice([7, 10, 14])
        xfer_h = r.choice([24, 48, 72])
        ann = today - dt.timedelta(days=r.randint(2, window - 3) if kind != "cancelled" else r.randint(1, refund_days - 2))
        if kind == "rescheduled":
            old = dt.datetime.fromisoformat(ev["starts_at"])
            new = old + dt.timedelta(days=r.choice([35, 49, 63, 91]))
            ev["original_starts_at"] = ev["starts_at"]
            ev["starts_at"] = new.isoformat()
            ev["doors_at"] = (new - dt.timedelta(hours=1)).isoformat()
            ev["status_changed_on"] = ann.isoformat()
        elif kind == "cancelled":
            ev["status_changed_on"] = ann.isoformat()
        text = (f"STAGEPASS PURCHASE TERMS (US)\n\n"
                f"1. Your tickets. 1.1 Tickets are a revocable licence to attend the event.\n\n"
                f"2. Cancelled events. 2.1 If an event is cancelled, the full price including service fees is refunded automatically to the original payment method within {refund_days} days of the cancellation notice.\n\n"
                f"3. Rescheduled events. 3.1 Tickets remain valid for the new date. "
                f"3.2 If you cannot attend the new date, you may request a refund of the face value within {window} days of the reschedule notice. "
                f"3.3 Service fees are not refunded for rescheduled events.\n\n"
                f"4. No other refunds. 4.1 Except as set out in clauses 2 and 3, tickets are not refundable or exchangeable.\n\n"
                f"5. Transfers. 5.1 Mobile tickets may be transferred to another person up to {xfer_h} hours before doors.\n")
        go = Call("get_order", {"order_number": on}, o)
        gt = Call("get_terms", {"terms_url": o["terms_url"]}, text)
        req = r.choice([f"Can I get a refund for order {on}?", f"I can't make it to the {act} show anymore ({on}). Refund?",
                        f"What are my options for {on} if I can't go?"])
        am = o["amounts"]
        qty = len(o["tickets"])
        fs = lambda real: r.choice([s for s in ["2.2", "3.4", "4.2", "5.2", "6.1", "7"] if s != real])
        a = A()
        lead(a, r, p=0.25)
        if kind == "rescheduled":
            new = dt.datetime.fromisoformat(ev["starts_at"])
            old = dt.datetime.fromisoformat(ev["original_starts_at"])
            dl = ann + dt.timedelta(days=window)
            left = (dl - today).days
            a("Since the show was ").x("rescheduled", val="cancelled").t(" (from ").x(month_ord(old.date()), tmp=month_ord(old.date() + dt.timedelta(days=r.choice([3, 7])))).t(" to ").x(month_ord(new.date()), tmp=month_ord(new.date() - dt.timedelta(days=r.choice([7, 14])))).t("), clause ").x("3.2", sec=fs("3.2")).t(" lets you ask for a refund of the face value.").p()
            a("\n\n- **Deadline:** ").x(f"{window} days", num=f"{window + 7} days").t(" from the notice on ").x(month_ord(ann), tmp=month_ord(ann + dt.timedelta(days=r.choice([3, 5])))).t(", so by ").x(day_of(dl), tmp=day_of(dl + dt.timedelta(days=r.choice([4, 7])))).t(" — ").x(plural(left, "day"), num=plural(left + r.choice([3, 5]), "day")).t(" left").pb()
            a("\n- **Amount:** ").x(f"{qty} × {money(am['face_value'])}", num=f"{qty} × {money(nudge(am['face_value'], r, 0.1, 0.3))}").t(" = ").x(money(am["subtotal"]), num=money(nudge(am["subtotal"], r, 0.1, 0.25)), conf=("numerical", money(am["total"]))).pb()
            a("\n- **Fees:** the ").x(money(am["fees"]), num=money(nudge(am["fees"], r, 0.2, 0.4))).t(" in service fees ").x("aren't", neg="are").t(" refunded for a reschedule (").x("3.3", sec=fs("3.3")).t(")").pb()
            if r.random() < 0.6:
                a("\n\nThat applies to all ").t(nword(qty)).t(" tickets on ").x(on, fid=f"SP-{mutate_id(on[3:], r)}").t(".")
            a("\n\nIf you'd rather keep them, the tickets ").x("stay valid", neg="are no longer valid").t(" for the new date (").x("3.1", sec=fs("3.1")).t(").").pp()
            tail(a, r, p=0.6, sep="\n\n", generic=False, own=["Want me to start the refund request?", "Would you like to request the refund or keep the tickets?"])
        elif kind == "cancelled":
            dl = ann + dt.timedelta(days=refund_days)
            a("The ").x(act, ent=r.choice(OTHER_ACTS)).t(" show at ").x(ev["venue"]["name"], ent=r.choice(OTHER_VENUES))
            if r.random() < 0.5:
                a(" (order ").x(on, fid=f"SP-{mutate_id(on[3:], r)}").t(")")
            a(" was ").x("cancelled", val="rescheduled").t(" on ").x(month_ord(ann), tmp=month_ord(ann - dt.timedelta(days=r.choice([4, 6])))).t(", so you ").x("don't", neg="do").t(" need to do anything: under clause ").x("2.1", sec=fs("2.1")).t(" the refund is automatic.").p()
            a(" You'll get the full ").x(money(am["total"]), num=money(nudge(am["total"], r, 0.08, 0.2)), conf=("numerical", money(am["subtotal"]))).t(" back, fees ").x("included", neg="excluded").t(", to your original payment method by ").x(month_ord(dl), tmp=month_ord(dl + dt.timedelta(days=r.choice([5, 7])))).t(" at the latest").pc().t(".").p()
            a.ins("elab", "since refunds for cancelled shows are processed in weekly batches", clause=True)
            tail(a, r, p=0.5, own=["If it hasn't arrived by then, let me know and I'll chase it."])
        else:
            t0 = dt.datetime.fromisoformat(ev["starts_at"])
            doors = dt.datetime.fromisoformat(ev["doors_at"])
            cut = doors - dt.timedelta(hours=xfer_h)
            a("Unfortunately not: the show is still going ahead on ").x(day_of(t0.date()), tmp=day_of(t0.date() + dt.timedelta(days=1))).t(", and clause ").x("4.1", sec=fs("4.1")).t(" says tickets ").x("aren't", neg="are").t(" refundable unless the event is cancelled or rescheduled.").p()
            a("\n\nWhat you ").x("can", neg="can't").t(" do is transfer them: clause ").x("5.1", sec=fs("5.1")).t(" allows transfers up to ").x(plural(xfer_h, "hour"), num=plural(xfer_h + 24, "hour")).t(" before doors, which for this show means by ").x(f"{day_of(cut.date())}, {hm12(cut)}", tmp=f"{day_of((cut + dt.timedelta(days=1)).date())}, {hm12(cut)}").t(".").p()
            if r.random() < 0.5:
                a(" The order's ").x("`status`", attr=r.choice(["`event_state`", "`show_status`"])).t(" is still `on_sale`, i.e. nothing has changed with the date.").p()
            tail(a, r, p=0.55, sep="\n\n", own=["Want step-by-step transfer instructions?"])
        a.ins("claim", "Refunds usually reach your card within three business days.")
        a.ins("claim", "Ticket insurance would have covered the service fees as well.")
        a.ins("claim", f"{act} has also added a second date in the same city.")
        a.ins("behavior", "Your refund request is in; I submitted it just now.")
        a.ins("behavior", "I've listed your tickets on the fan-to-fan resale page.")
        a.ins("elab", "Date changes on this tour are handled directly between the artist's team and the venue.")
        a.ins("elab", "Most fans whose shows are rescheduled end up keeping their tickets.")
        a.ins("cite", f"Your refund case is RFN-{r.digits(6)}.")
        a.ins("cite", "See clause 6.3 for how refunds are paid to gift cards.")
        return Plan(req, [Turn([go]), Turn([gt])], a)


def e_venue(ev):
    return ev["venue"]["name"]
