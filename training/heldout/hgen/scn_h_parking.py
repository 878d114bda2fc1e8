"""parking (set h): a month of parking sessions against a season ticket, pre-booking a space (the nearest car park
full by design and the next-nearest booked), penalty charge notices with the appeal terms fetched by URL, and
resident permits (days left, monthly equivalent, renewal price)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, s_date, s_obj, s_str
from .hstyle import Quill, guard

BASE = "https://api.citypark.example/v3"
TERMS = "https://help.citypark.example/pcn"
TOWNS = {"york": ["Marygate", "Bootham Row", "Piccadilly", "Foss Bank"],
         "bath": ["Charlotte Street", "Avon Street", "Podium", "Manvers Street"],
         "chester": ["Frodsham Street", "Pepper Street", "Delamere Street", "Old Market"],
         "cambridge": ["Grand Arcade", "Park Street", "Queen Anne", "Castle Hill"]}
OTHER_PARKS = ["Riverside Multi-storey", "Station Approach", "Kingsway East"]
PLATES = ["YK21 HFD", "WU19 KLP", "BD70 XRA", "CX22 MNT", "LR68 ZSE", "AF23 PYO"]


class Parking(Scenario):
    name = "parking"
    agent = "Kerb"
    service = "citypark-driver-assistant"
    system = ("You are Kerb, the driver assistant for CityPark car parks (York, Bath, Chester and Cambridge). Use the "
              "tools to summarise parking sessions, pre-book spaces, explain penalty charge notices and appeal terms, "
              "and look up resident permits. Amounts are in GBP.")
    error_style = 0
    entity_noun = {"account_id": "Account", "car_park_id": "Car park", "pcn_number": "PCN", "terms_url": "Terms page",
                   "permit_id": "Permit"}
    preambles = ["Let me check that.", "One moment while I look.", "I'll just check availability."]

    def __init__(self):
        vrm = s_str("Vehicle registration, e.g. 'YK21 HFD'.", pattern=r"^[A-Z]{2}\d{2} [A-Z]{3}$")
        self.tools = [
            Tool("list_sessions", "Parking sessions for an account in a month, with the season-ticket price of the most used car park.",
                 s_obj({"account_id": s_str("Account ID, e.g. 'CP-482913'.", pattern=r"^CP-\d{6}$"),
                        "month": s_str("Month (YYYY-MM).", pattern=r"^\d{4}-\d{2}$")}, ["account_id", "month"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("include_receipts", True)]),
            Tool("find_spaces", "Car parks with pre-bookable spaces in a town for a period.",
                 s_obj({"town": s_str("Town.", enum=list(TOWNS)), "date": s_date("Date (YYYY-MM-DD)."),
                        "arrive": s_str("Arrival (HH:MM).", pattern=r"^([01]\d|2[0-3]):[0-5]\d$"),
                        "leave": s_str("Departure (HH:MM).", pattern=r"^([01]\d|2[0-3]):[0-5]\d$")}, ["town", "date", "arrive", "leave"]),
                 http=BASE, extra=[("ev_only", False)]),
            Tool("prebook_space", "Pre-book a space at a car park for a vehicle.",
                 s_obj({"car_park_id": s_str("Car park ID from find_spaces, e.g. 'CPK-0412'.", pattern=r"^CPK-\d{4}$"),
                        "vrm": vrm, "date": s_date("Date (YYYY-MM-DD)."),
                        "arrive": s_str("Arrival (HH:MM).", pattern=r"^([01]\d|2[0-3]):[0-5]\d$"),
                        "leave": s_str("Departure (HH:MM).", pattern=r"^([01]\d|2[0-3]):[0-5]\d$")},
                       ["car_park_id", "vrm", "date", "arrive", "leave"]),
                 entity={"car_park_id": "id"}, http=BASE, extra=[("send_receipt", True)]),
            Tool("get_pcn", "A penalty charge notice: contravention, amounts, deadlines, status and the appeal terms URL.",
                 s_obj({"pcn_number": s_str("PCN number, e.g. 'YO41822037'.", pattern=r"^[A-Z]{2}\d{8}$")}, ["pcn_number"]),
                 entity={"pcn_number": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("get_terms", "A terms page (plain text, numbered paragraphs) by URL.",
                 s_obj({"terms_url": s_str("Terms URL from get_pcn.", pattern=r"^https://help\.citypark\.example/")}, ["terms_url"]),
                 entity={"terms_url": "url"}, extra=[("lang", "en-GB")]),
            Tool("get_permit", "A resident parking permit.",
                 s_obj({"permit_id": s_str("Permit ID, e.g. 'RP-204187'.", pattern=r"^RP-\d{6}$")}, ["permit_id"]),
                 entity={"permit_id": "id"}, http=BASE, extra=[("include_history", True)]),
        ]
        self.intents = [("month_sessions", self.sessions, False), ("prebook", self.prebook, True),
                        ("pcn_appeal", self.pcn, True), ("resident_permit", self.permit, False)]

    # ------------------------------------------------------------------ intents
    def sessions(self, ctx):
        r, today = ctx.r, ctx.today
        acc = f"CP-{r.randint(100000, 999999)}"
        town = r.choice(list(TOWNS))
        parks = r.sample(TOWNS[town], 2)
        lm = (today.replace(day=1) - dt.timedelta(days=1)).replace(day=1)
        vrm = r.choice(PLATES)
        sess = []
        for dd in sorted(r.sample(range(1, 28), r.randint(6, 12))):
            h = r.choice([7, 8, 9, 10, 13])
            dur = r.choice([95, 180, 245, 300, 480, 535, 560])
            s = dt.datetime(lm.year, lm.month, dd, h, r.choice([2, 14, 31, 47]))
            e = s + dt.timedelta(minutes=dur)
            park = parks[0] if r.random() < 0.7 else parks[1]
            amt = 2.2 if dur <= 120 else (4.5 if dur <= 240 else (6.8 if dur <= 360 else 9.5))
            sess.append({"session_id": f"PS-{r.randint(10**7, 10**8 - 1)}", "car_park": park, "vrm": vrm,
                         "start": s.strftime("%Y-%m-%dT%H:%M:00"), "end": e.strftime("%Y-%m-%dT%H:%M:00"), "amount_gbp": amt})
        top = max(parks, key=lambda p: (sum(1 for x in sess if x["car_park"] == p), p == parks[0]))
        season = float(r.choice([55, 65, 75, 85]))
        res = {"account_id": acc, "month": lm.strftime("%Y-%m"), "sessions": sess,
               "season_ticket": {"car_park": top, "monthly_gbp": season}, "payment_card_last4": r.digits(4)}
        req = r.choice([f"Account {acc}: what did I spend on parking in {lm.strftime('%B')}? Would a season ticket have been cheaper?",
                        f"Can you total up my parking for {lm.strftime('%Y-%m')}? Account {acc}."])
        w = Quill(r, today)
        total = sum(x["amount_gbp"] for x in sess)
        mins = [(dt.datetime.fromisoformat(x["end"]) - dt.datetime.fromisoformat(x["start"])).seconds // 60 for x in sess]
        avg = sum(mins) / len(mins)
        li = max(range(len(sess)), key=lambda i: mins[i])
        si = min(range(len(sess)), key=lambda i: mins[i])
        n_top = sum(1 for x in sess if x["car_park"] == top)
        other = [p for p in parks if p != top][0]
        a = A()
        w.opener(a)
        a.t(f"In {lm.strftime('%B')} you parked ").x(w.cnt(len(sess), "time"), num=w.cnt(len(sess) + 3, "time")).t(" and spent ")
        a.x(w.gbp(total), num=w.gbp(total + 13.5)).t(" in all").t(".").p()
        w.lead_break(a)
        a.t("Most of those stays were at ").x(top, conf=("entity", other) if n_top < len(sess) else None, ent=r.choice(OTHER_PARKS)).t(f" ({w.n(n_top)} of the {w.n(len(sess))})")
        a.t(", and the average stay was ").x(w.about(avg / 60, 0.5, lambda v: f"{v:g} hours"), num=f"{avg / 60 + 1.5:.1f} hours").t(".").p()
        ls = sess[li]
        a.t(" The longest was on ").x(w.d(ls["start"]), tmp=w.d(dt.date.fromisoformat(ls["start"][:10]) + dt.timedelta(days=1)))
        a.t(", from ").t(w.t(ls["start"])).t(" to ").x(w.t(ls["end"]), tmp=w.t(dt.datetime.fromisoformat(ls["end"]) + dt.timedelta(hours=2)))
        a.t(f" ({mins[li] // 60} h {mins[li] % 60:02d} min), which cost ").x(w.gbp(ls["amount_gbp"]), num=w.gbp(ls["amount_gbp"] + 3), conf=("numerical", w.gbp(sess[si]["amount_gbp"])) if sess[si]["amount_gbp"] != ls["amount_gbp"] else None).t(".").p()
        w.par(a)
        diff = total - season
        a.t(f"A season ticket at {top} is ").x(w.gbp(season), num=w.gbp(season + 20)).t(" a month. ")
        if diff > 0:
            a.t(f"{w.work('comes')} ").x(w.gbp(diff), num=w.gbp(diff + 10)).t(" less than you paid in total, so it ").x("would have been cheaper", neg="wouldn't have been cheaper")
            a.t(f"{w.side('assuming you park in roughly the same way')}").pc().t(".").p()
        else:
            a.t("You spent ").x(w.gbp(-diff), num=w.gbp(-diff + 10)).t(" less than that, so pay-as-you-go ").x("was the cheaper option", rel="was the dearer option").pc().t(".").p()
        if w.aside:
            a.t(" (All of it was charged to the card ending ").x(res["payment_card_last4"], fid=r.digits(4)).t(".)")
        w.closer(a, ["Would you like me to set up the season ticket?", "Shall I email you the receipts?"])
        a.ins("claim", "Season tickets also cover evenings and Sundays at no extra cost.")
        a.ins("claim", "Prices at that car park went up by 10% on the first of the month.")
        a.ins("behavior", "I've emailed a VAT receipt for the month to you.")
        a.ins("behavior", "I've applied for the season ticket on your behalf.")
        a.ins("elab", "since weekday tariffs are higher before 10:00", clause=True)
        a.ins("cite", f"Your statement reference is ST-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, [Turn([Call("list_sessions", {"account_id": acc, "month": lm.strftime("%Y-%m")}, res)])], a))

    def prebook(self, ctx):
        r, today = ctx.r, ctx.today
        town = r.choice(list(TOWNS))
        day = today + dt.timedelta(days=r.randint(1, 8))
        arrive, leave = r.choice([("08:30", "17:30"), ("09:00", "15:00"), ("10:00", "18:00"), ("18:30", "23:00")])
        hrs = (int(leave[:2]) * 60 + int(leave[3:]) - int(arrive[:2]) * 60 - int(arrive[3:])) / 60
        parks = []
        used = set()
        for nm in TOWNS[town]:
            cid = r.randint(1000, 9999)
            while cid in used:
                cid += 1
            used.add(cid)
            parks.append({"car_park_id": f"CPK-{cid}", "name": nm, "walk_m": r.randint(150, 1200),
                          "prebook_price_gbp": round(hrs * r.choice([0.9, 1.1, 1.3, 1.5]), 2),
                          "spaces_free": r.randint(3, 40), "height_limit_m": r.choice([1.9, 2.0, 2.1, None])})
        parks.sort(key=lambda p: p["walk_m"])
        for k in range(1, len(parks)):
            if parks[k]["walk_m"] == parks[k - 1]["walk_m"]:
                parks[k]["walk_m"] += 10
        fs = Call("find_spaces", {"town": town, "date": day.isoformat(), "arrive": arrive, "leave": leave},
                  {"town": town, "date": day.isoformat(), "car_parks": parks})
        vrm = r.choice(PLATES)
        full = r.random() < 0.55
        first = parks[0]
        target = parks[1] if full else first
        turns = []
        if full:
            turns.append(Turn([Call("prebook_space", {"car_park_id": first["car_park_id"], "vrm": vrm, "date": day.isoformat(), "arrive": arrive, "leave": leave},
                                    {"booked": False, "reason_code": "PREBOOK_ALLOCATION_FULL",
                                     "message": f"All pre-bookable spaces at {first['name']} are taken between {arrive} and {leave}."})]))
        ref = f"PB-{r.upalnum(7)}"
        conf = {"booked": True, "booking_ref": ref, "car_park_id": target["car_park_id"], "car_park": target["name"], "vrm": vrm,
                "date": day.isoformat(), "arrive": arrive, "leave": leave, "price_gbp": target["prebook_price_gbp"],
                "grace_minutes": r.choice([10, 15]), "entry": "ANPR — no ticket needed"}
        turns.append(Turn([Call("prebook_space", {"car_park_id": target["car_park_id"], "vrm": vrm, "date": day.isoformat(), "arrive": arrive, "leave": leave}, conf)]))
        history = None
        if ctx.followup:
            history = History().user(f"Where can I park in {town.title()} on {day.isoformat()}, {arrive} to {leave}?")
            history.call([fs])
            history.reply(f"{len(parks)} car parks have pre-bookable spaces; the closest is {first['name']} ({first['walk_m']} m walk).")
            req = r.choice([f"Book the closest one for {vrm}, please.", f"Go for the nearest — my reg is {vrm}."])
        else:
            req = f"Please pre-book me a space in {town.title()} on {day.isoformat()} from {arrive} to {leave}, as close to the centre as possible. Reg {vrm}."
            turns = [Turn([fs])] + turns
        w = Quill(r, today)
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("You're ").x("booked", val="waitlisted").t(" at ").x(target["name"], ent=r.choice(OTHER_PARKS)).t(" ").x(w.rel(day), tmp=w.d(day + dt.timedelta(days=7)))
        a.t(", ").x(w.t(dt.datetime.fromisoformat(day.isoformat() + "T" + arrive)), tmp=w.hm(int(arrive[:2]) + 1, int(arrive[3:]))).t(" to ").t(w.t(dt.datetime.fromisoformat(day.isoformat() + "T" + leave))).t(".").p()
        if full:
            w.par(a)
            a.t(f"I tried {first['name']} first, as it's the ").x("closest", rel="furthest").t(", but its pre-bookable spaces ").x("were all taken", neg="were still available").t(" for those hours, so ")
            a.t("I booked the next-nearest instead").t(".").p()
            if w.aside:
                a.t(" (The reason given was ").x("`PREBOOK_ALLOCATION_FULL`", attr="`CAPACITY_EXCEEDED`").t(".)")
        w.par(a)
        walk = target["walk_m"]
        a.t(f"It's a {walk} m walk (").x(w.about(walk * 1.0936, 10, lambda v: f"{v:,.0f} yards"), num=f"{walk * 1.0936 + 250:,.0f} yards")
        a.t("), and the booking costs ").x(w.gbp(target["prebook_price_gbp"]), num=w.gbp(target["prebook_price_gbp"] + 4), conf=("numerical", w.gbp(first["prebook_price_gbp"])) if full and first["prebook_price_gbp"] != target["prebook_price_gbp"] else None)
        a.t(f" for the {hrs:g} hours").t(".").p()
        a.t(" Entry is by number-plate recognition, so there's ").x("no ticket to collect", neg="a ticket to collect").t(", and you have a ")
        a.x(f"{conf['grace_minutes']}-minute", num=f"{conf['grace_minutes'] + 20}-minute").t(" grace period at the end").pc().t(".").p()
        if target["height_limit_m"]:
            hl = target["height_limit_m"]
            ft = hl * 3.28084
            a.t(f" Bear in mind there's a height limit of {hl} m there (").x(f"about {int(ft)} ft {round((ft - int(ft)) * 12)} in", num=f"about {int(ft) + 1} ft {round((ft - int(ft)) * 12)} in").t(").").p()
        a.t(" Your booking reference is ").x(ref, fid=f"PB-{r.upalnum(7)}").t(f", registered to {vrm}.")
        w.closer(a, ["Would you like directions to the entrance?", "Shall I add an EV charging bay if one's free?"])
        a.ins("claim", "That car park is staffed until 20:00.")
        a.ins("claim", "Pre-booked spaces are on the ground floor, near the pay stations.")
        a.ins("behavior", "I've sent the confirmation to your email and phone.")
        a.ins("behavior", "I've also added an extra hour in case you're running late.")
        a.ins("elab", "since match days fill the closer car parks early", clause=True)
        a.ins("cite", f"Your entry code is EC-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def pcn(self, ctx):
        r, today = ctx.r, ctx.today
        town = r.choice(list(TOWNS))
        num = f"{town[:2].upper()}{r.randint(10**7, 10**8 - 1)}"
        issued = today - dt.timedelta(days=r.randint(2, 20))
        t_iss = dt.datetime(issued.year, issued.month, issued.day, r.randint(8, 19), r.randint(0, 59))
        code, text = r.choice([("83", "Parked without clearly displaying a valid pay-and-display ticket or voucher"),
                               ("82", "Parked after the expiry of paid-for time"),
                               ("86", "Parked beyond the bay markings"), ("87", "Parked in a disabled person's parking space without displaying a valid badge")])
        full_amt = 70.0 if code in ("83", "86", "82") else 110.0
        disc_days, appeal_days, charge_cert = 14, 28, r.choice([28, 56])
        url = f"{TERMS}/appeals-{r.choice(['2025', '2026'])}"
        p = {"pcn_number": num, "vrm": r.choice(PLATES), "issued_at": t_iss.strftime("%Y-%m-%dT%H:%M:00"),
             "car_park": r.choice(TOWNS[town]), "contravention_code": code, "contravention": text,
             "amount_gbp": full_amt, "discounted_amount_gbp": full_amt / 2, "discount_period_days": disc_days,
             "status": "open", "appeal_terms_url": url}
        doc = ("CITYPARK — PENALTY CHARGE NOTICES: PAYMENT AND APPEALS\n\n"
               f"1. Discount. The charge is reduced by 50% if paid within {disc_days} days of the date of issue.\n"
               f"2. Informal challenge. You may challenge a PCN in writing within {appeal_days} days of issue. If a challenge is made within the discount period, the discount is held open for a further {disc_days} days if the challenge is rejected.\n"
               "3. Evidence. Include photographs, receipts or a copy of any valid ticket or permit.\n"
               f"4. Charge certificate. If the PCN is neither paid nor challenged within {charge_cert} days, a charge certificate may be issued and the charge increased by 50%.\n"
               "5. Independent adjudication. If a formal representation is rejected, you may appeal to the Traffic Penalty Tribunal.\n")
        gp = Call("get_pcn", {"pcn_number": num}, p)
        gt = Call("get_terms", {"terms_url": url}, doc)
        q = "Can I still get the discount, and how long do I have to appeal?"
        history = None
        if ctx.followup:
            history = History().user(f"I've had a parking ticket, {num}. What's it for?")
            history.call([gp])
            history.reply(f"PCN {num} was issued at {p['car_park']} for contravention code {code}: {text.lower()}. The charge is £{full_amt:.2f}.")
            req = q
            turns = [Turn([gt])]
        else:
            req = f"PCN {num}: " + q
            turns = [Turn([gp]), Turn([gt])]
        w = Quill(r, today)
        d_end = issued + dt.timedelta(days=disc_days)
        a_end = issued + dt.timedelta(days=appeal_days)
        fake = lambda real: r.choice([s for s in ["6", "7", "2.1", "4.2", "8"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("Notice ").x(num, fid=f"{num[:2]}{(int(num[2:]) + r.choice([7, 310, 5021])) % 10**8:08d}").t(" was issued on ").x(w.d(issued), tmp=w.d(issued - dt.timedelta(days=5))).t(" at ").t(w.t(t_iss))
        a.t(", at ").x(p["car_park"], ent=r.choice(OTHER_PARKS)).t(", for code ")
        a.x(code, val=r.choice([c for c in ["80", "84", "85", "89"]])).t(".").p()
        w.lead_break(a)
        if today <= d_end:
            a.t("Yes, you can still pay the discounted ").x(w.gbp(full_amt / 2), num=w.gbp(full_amt * 0.75)).t(" (half the ").x(w.gbp(full_amt), num=w.gbp(full_amt + 30)).t(" charge) until ")
            a.x(w.d(d_end), tmp=w.d(d_end + dt.timedelta(days=7))).t(", which is ").x(f"{disc_days} days", num=f"{disc_days + 7} days").t(" from issue under paragraph ").x("1", sec=fake("1")).t(".").p()
        else:
            a.t("I'm afraid the discount period ").x("has ended", neg="hasn't ended").t(": it ran for ").x(f"{disc_days} days", num=f"{disc_days + 7} days").t(" from issue (paragraph ").x("1", sec=fake("1"))
            a.t(") and closed on ").x(w.d(d_end), tmp=w.d(d_end + dt.timedelta(days=7))).t(", so the full ").x(w.gbp(full_amt), num=w.gbp(full_amt / 2)).t(" is now due.").p()
        w.par(a)
        a.t("You can challenge it in writing within ").x(f"{appeal_days} days", num=f"{appeal_days + 14} days").t(" of issue (paragraph ").x("2", sec=fake("2")).t("), so the last day is ")
        a.x(w.d(a_end), tmp=w.d(a_end + dt.timedelta(days=14))).t(f" — {w.cnt((a_end - today).days, 'day')} from today.").p()
        if today <= d_end:
            a.t(" Helpfully, if you challenge ").x("within", rel="after").t(" the discount period and it's rejected, the discount is held open for another ").t(f"{disc_days} days").pc().t(".").p()
        w.par(a)
        a.t("If it's ").x("neither paid nor challenged", neg="paid or challenged").t(f" within {charge_cert} days, paragraph ").x("4", sec=fake("4")).t(" allows a charge certificate that puts the charge up by half, to ")
        a.x(w.gbp(full_amt * 1.5), num=w.gbp(full_amt * 2)).t(". Photos, receipts or a copy of a valid ticket will help any challenge (paragraph 3).").p()
        w.closer(a, ["Would you like help drafting the challenge?", "Shall I send you the payment link?"])
        a.ins("claim", "Most challenges are answered within ten working days.")
        a.ins("claim", "The warden's photos show the ticket was displayed face down.")
        a.ins("behavior", "I've put the notice on hold while you decide.")
        a.ins("behavior", "I've submitted an informal challenge for you already.")
        a.ins("elab", "because the car park switched to number-plate recognition this year", clause=True)
        a.ins("cite", f"Your challenge reference is CH-{r.randint(100000, 999999)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def permit(self, ctx):
        r, today = ctx.r, ctx.today
        pid = f"RP-{r.randint(100000, 999999)}"
        town = r.choice(list(TOWNS))
        start = today - dt.timedelta(days=r.randint(250, 350))
        end = start + dt.timedelta(days=364)
        price = float(r.choice([96, 120, 145, 180]))
        renew = round(price * r.choice([1.05, 1.08, 1.1]), 2)
        band = r.choice(["A", "B", "D", "F"])
        disc = {"A": 50, "B": 25, "D": 0, "F": 0}[band]
        res = {"permit_id": pid, "town": town, "zone": f"{town[:1].upper()}{r.randint(1, 9)}", "vrm": r.choice(PLATES),
               "valid_from": start.isoformat(), "valid_to": end.isoformat(), "price_paid_gbp": price,
               "renewal_price_gbp": renew, "emissions_band": band, "emissions_discount_pct": disc,
               "renewal_opens": (end - dt.timedelta(days=30)).isoformat(), "status": "active"}
        req = r.choice([f"When does my resident permit {pid} run out, and what will renewal cost?",
                        f"Permit {pid}: how long is left on it and how much is the renewal?"])
        w = Quill(r, today)
        left = (end - today).days
        net = renew * (1 - disc / 100)
        a = A()
        w.opener(a)
        a.t(f"Your zone {res['zone']} permit for {res['vrm']} is ").x("active", val="suspended").t(" and runs until ").x(w.dy(end), tmp=w.dy(end + dt.timedelta(days=31)))
        a.t(", which is ").x(w.cnt(left, "day"), num=w.cnt(left + 30, "day")).t(" from today.").p()
        w.lead_break(a)
        a.t("Renewal opens on ").x(w.d(res["renewal_opens"]), tmp=w.d(end - dt.timedelta(days=14))).t(", ").x("30", num="14").t(" days before expiry. The renewal price is ")
        a.x(w.gbp(renew), num=w.gbp(renew + 25), conf=("numerical", w.gbp(price))).t(f", up from the {w.gbp(price)} you paid last time")
        a.t(f" ({w.about((renew / price - 1) * 100, 1, lambda v: f'{v:g}%')} more)").t(".").p()
        if disc:
            a.t(" As your car is in emissions band ").x(band, val=r.choice([b for b in "CEG"])).t(f", you get a {disc}% discount, {w.work('so')} you'd actually pay ")
            a.x(w.gbp(net), num=w.gbp(renew)).t(" — ").x(w.about(net / 12, 0.5, lambda v: w.gbp(v)), num=w.gbp(net / 12 + 3)).t(" a month").pc().t(".").p()
        else:
            a.t(" Your car is in emissions band ").x(band, val=r.choice([b for b in "CEG"])).t(", which ").x("doesn't qualify", neg="qualifies").t(" for a discount, ")
            a.t(w.work("so")).t(" that works out at ").x(w.about(renew / 12, 0.5, lambda v: w.gbp(v)), num=w.gbp(renew / 12 + 3)).t(" a month").pc().t(".").p()
        if w.aside:
            a.t(" (For reference, the permit number is ").x(pid, fid=f"RP-{int(pid[3:]) + r.choice([1, 9, 120]):06d}").t(".)")
        w.closer(a, ["Would you like a reminder when renewal opens?", "Shall I check visitor permits as well?"])
        a.ins("claim", "Renewing late incurs a £15 administration fee.")
        a.ins("claim", "Each household can hold up to two resident permits.")
        a.ins("behavior", "I've set up automatic renewal for you.")
        a.ins("behavior", "I've sent a renewal reminder to your email.")
        a.ins("elab", "because the council raised permit charges across all zones", clause=True)
        a.ins("cite", f"You can renew at https://permits.citypark.example/renew/{pid.lower()}-{r.randint(10, 99)}.")
        return guard(self, Plan(req, [Turn([Call("get_permit", {"permit_id": pid}, res)])], a))
