"""community_gardens (set o): the help assistant of an allotment association — answers plot holders' and applicants'
questions from the association's handbook pages (searched, then fetched by URL: rents and charges for this year and last,
the cultivation rules with their inspection and notice procedure, the waiting-list policy, the equipment loan scheme)
together with the member record, and books equipment loans (a booking refused by design — monthly limit reached, item
out for repair — comes back with the next date it can take, which the agent books instead)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .ostyle import D, Kb, Src, add_months, vet

BASE = "https://greenway-allotments.example"
SITES = {"HL": "Holloway Lane", "MF": "Mill Field", "CO": "Cherry Orchard", "BS": "Brook Street"}
NAMES = ["Maureen Hollis", "Tariq Aziz", "Bethan Rees", "Colin Marsh", "Grace Osei", "Pawel Nowak", "Sunita Rao", "Fergus Kerr"]
OTHER_TITLES = ["Plot Holder Handbook", "Allotment Tenancy Agreement", "Site Rules 2026", "Members' FAQ"]
OTHER_SITES = ["Station Road", "Hill Top", "Canal Side"]


class CommunityGardens(Scenario):
    name = "community_gardens"
    agent = "greenway-help-assistant"
    service = "greenway-allotments-agent"
    system = ("You are the online helper of the Greenway Allotment Association. Answer plot holders' and applicants' "
              "questions from the association's handbook pages (search, then read the page) and the member record. "
              "Paraphrase accurately, quote rules where the wording matters, say which page you used, and work out "
              "amounts and dates step by step. You can book equipment from the loan scheme.")
    error_style = 2
    entity_noun = {"member_id": "Member", "page_url": "Page"}
    preambles = ["Let me check the handbook.", "Looking that up in the handbook.", "One moment — searching the handbook pages."]
    literal_ok = []

    def __init__(self):
        self.tools = [
            Tool("search_handbook", "Search the association's handbook and notices. Returns ranked hits with title, URL, "
                                    "snippet and last-updated date.",
                 s_obj({"query": s_str("Search words.", min_len=3, max_len=160),
                        "topic": s_str("Topic filter.", enum=["rules", "fees", "waiting_list", "equipment", "water"]),
                        "limit": s_int("Maximum hits.", 1, 8)}, ["query"]),
                 http=BASE, extra=[("site", "all")]),
            Tool("fetch_page", "A handbook or notice page by URL (HTML or plain text).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://greenway-allotments\.example/(handbook|notices)/[a-z0-9-]+$")},
                       ["page_url"]),
                 entity={"page_url": "url"}, extra=[("strip_html", True)]),
            Tool("get_plot_holder", "A member record: site, plot, plot size, concession, invoice and payment, inspection "
                                    "scores and notices, or waiting-list position for applicants.",
                 s_obj({"member_id": s_str("Member ID, e.g. 'GA-20417'.", pattern=r"^GA-\d{5}$")}, ["member_id"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("book_equipment", "Book an item from the equipment loan scheme. A booking the rules don't allow comes "
                                   "back as not booked, with a reason code and the next date that can be booked.",
                 s_obj({"member_id": s_str("Member ID.", pattern=r"^GA-\d{5}$"),
                        "item": s_str("Item.", enum=["rotavator", "strimmer", "trailer", "woodchip"]),
                        "date": s_date("Loan date, YYYY-MM-DD."),
                        "days": s_int("Number of days.", 1, 3)}, ["member_id", "item", "date"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("deliver", True)]),
        ]
        self.intents = [("rent_charges", self.rent, True), ("inspection_notice", self.notice, True),
                        ("waiting_list", self.waiting, True), ("equipment_loan", self.loan, True)]

    # ------------------------------------------------------------------ data
    def _params(self, r, today):
        y = today.year
        full = r.choice([92, 96, 98])
        P = {"y": y, "full": full, "half": full // 2 + r.choice([2, 4]), "starter": r.choice([28, 30, 32]),
             "water": r.choice([12, 14, 15]), "conc": 50, "pay_days": 30, "vacant_days": 60,
             "cult": r.choice([70, 75]), "score": r.choice([50, 60]), "notice_days": r.choice([21, 28]), "quit_n": 2,
             "join": r.choice([10, 12, 15]), "declines": 2,
             "waits": {"HL": r.choice([18, 20]), "MF": r.choice([8, 9]), "CO": r.choice([24, 30]), "BS": r.choice([5, 6])},
             "price": {"rotavator": r.choice([8, 10]), "strimmer": 5, "trailer": 6, "woodchip": 25}, "max_book": 2,
             "agm": dt.date(y - 1, 11, r.randint(10, 20)),
             "upd": [(today - dt.timedelta(days=r.randint(10, 200))).isoformat() for _ in range(6)]}
        P["upd"][0] = (P["agm"] + dt.timedelta(days=r.randint(3, 40))).isoformat()
        P["old_full"], P["old_half"] = P["full"] - r.choice([4, 6]), P["half"] - r.choice([2, 4])
        P["old_starter"], P["old_water"] = P["starter"] - 2, P["water"] - 2
        return P

    def _pages(self, P):
        y = P["y"]
        lab = f"{y}/{(y + 1) % 100:02d}"
        olab = f"{y - 1}/{y % 100:02d}"
        pg = {}
        rents = (f"<h1>Rents and Charges {lab}</h1>\n"
                 f"<p>Effective 1 April {y}. Approved at the AGM on {P['agm'].day} {P['agm'].strftime('%B')} {P['agm'].year}.</p>\n"
                 "<table>\n<tr><th>Plot size</th><th>Annual rent</th></tr>\n"
                 f"<tr><td>Full plot (250 m²)</td><td>£{P['full']}.00</td></tr>\n"
                 f"<tr><td>Half plot (125 m²)</td><td>£{P['half']}.00</td></tr>\n"
                 f"<tr><td>Starter plot (60 m²)</td><td>£{P['starter']}.00</td></tr>\n</table>\n"
                 f"<p><strong>Water charge:</strong> £{P['water']}.00 per plot per year, whatever the size.</p>\n"
                 "<h2>Concessions</h2>\n"
                 f"<p>Plot holders receiving Pension Credit or Universal Credit pay {P['conc']}% of the rent. Concessions apply to the rent only, not to the water charge.</p>\n"
                 "<h2>Paying</h2>\n"
                 f"<p>Renewal invoices are sent on 1 April. Payment is due within {P['pay_days']} days of the invoice date. "
                 f"If rent is still unpaid {P['vacant_days']} days after the invoice date, the plot is treated as vacant and may be re-let.</p>\n")
        pg["rents"] = (f"Rents and Charges {lab}", f"{BASE}/handbook/rents-and-charges-{y}", rents,
                       f"Half plot (125 m²): £{P['half']}.00. Water charge: £{P['water']}.00 per plot per year.", P["upd"][0])
        old = (f"<h1>Rents and Charges {olab}</h1>\n<p>Effective 1 April {y - 1}.</p>\n"
               f"<p>Full plot £{P['old_full']}.00, half plot £{P['old_half']}.00, starter plot £{P['old_starter']}.00. "
               f"Water charge £{P['old_water']}.00 per plot.</p>\n")
        pg["old"] = (f"Rents and Charges {olab}", f"{BASE}/handbook/rents-and-charges-{y - 1}", old,
                     f"Full plot £{P['old_full']}.00, half plot £{P['old_half']}.00, starter plot £{P['old_starter']}.00. Water charge £{P['old_water']}.00 per plot.",
                     (dt.date(y - 1, 3, 1) + dt.timedelta(days=10)).isoformat())
        rules = ("PLOT CULTIVATION RULES\nRevised: " + P["upd"][1] + "\n\n"
                 "4. CULTIVATION AND INSPECTIONS\n"
                 f"4.1 At least {P['cult']}% of each plot must be under cultivation from April to October.\n"
                 f"4.2 Site reps inspect every plot three times a year, in April, July and September. Each inspection is scored out of 100, and a score below {P['score']} means the plot is below standard.\n"
                 f"4.3 A plot that is below standard receives a non-cultivation notice. The plot holder then has {P['notice_days']} days to bring the plot up to standard, after which it is re-inspected.\n"
                 f"4.4 A plot holder who receives {P['quit_n']} non-cultivation notices in any 12-month period may be given notice to quit.\n"
                 f"4.5 The committee may extend the {P['notice_days']} days for illness or bereavement, but only if the plot holder asks before the re-inspection date.\n\n"
                 "5. STRUCTURES AND WATER\n"
                 "5.1 Sheds may be no larger than 2.4 m by 1.8 m and need the site rep's written consent.\n"
                 "5.2 Hosepipes may only be used to fill water butts and troughs. Sprinklers are not allowed.\n")
        pg["rules"] = ("Plot Cultivation Rules", f"{BASE}/handbook/plot-cultivation-rules", rules,
                       f"A plot that is below standard receives a non-cultivation notice. The plot holder then has {P['notice_days']} days to bring the plot up to standard, after which it is re-inspected.",
                       P["upd"][1])
        w = P["waits"]
        wl = ("# Waiting List Policy\n\nUpdated: " + P["upd"][2] + "\n\n"
              "1. Anyone aged 18 or over who lives in the borough can join the list.\n"
              f"2. Joining costs £{P['join']}, which is not refundable.\n"
              "3. Offers are made in list order as plots become vacant.\n"
              f"4. If you turn down {P['declines']} offers, you move to the bottom of the list.\n"
              "5. Typical waiting times last year:\n\n"
              "| Site | Typical wait |\n|---|---|\n"
              + "".join(f"| {SITES[k]} | {w[k]} months |\n" for k in SITES)
              + "\nWaiting times are a guide only and change as plots are given up.\n")
        pg["waiting"] = ("Waiting List Policy", f"{BASE}/handbook/waiting-list", wl,
                         f"Offers are made in list order as plots become vacant. If you turn down {P['declines']} offers, you move to the bottom of the list.",
                         P["upd"][2])
        pr = P["price"]
        eq = ("# Equipment Loan Scheme\n\nUpdated: " + P["upd"][3] + "\n\n"
              "- Members can borrow the rotavator, strimmer and trailer from the Brook Street store.\n"
              f"- Charges: rotavator £{pr['rotavator']} per day, strimmer £{pr['strimmer']} per day, trailer £{pr['trailer']} per day. Woodchip deliveries cost £{pr['woodchip']} per load.\n"
              f"- Each member may make up to {P['max_book']} bookings per calendar month.\n"
              "- Collect from 9:00 and return by 17:00 on the same day. Fuel is included for the rotavator and strimmer.\n")
        pg["equipment"] = ("Equipment Loan Scheme", f"{BASE}/handbook/equipment-loans", eq,
                           f"Charges: rotavator £{pr['rotavator']} per day, strimmer £{pr['strimmer']} per day, trailer £{pr['trailer']} per day. Each member may make up to {P['max_book']} bookings per calendar month.",
                           P["upd"][3])
        return pg

    def _search(self, r, pg, want, query, topic, extra=()):
        keys = [want] + [k for k in extra if k != want]
        keys += r.sample([k for k in pg if k not in keys], max(0, r.randint(3, 4) - len(keys)))
        if r.random() < 0.3 and len(keys) > 1 and not extra:
            keys[0], keys[1] = keys[1], keys[0]
        res = []
        for i, k in enumerate(keys):
            title, url, text, snip, upd = pg[k]
            res.append({"rank": i + 1, "title": title, "url": url, "snippet": snip, "updated_at": upd,
                        "score": round(0.9 - 0.09 * i - r.uniform(0, 0.04), 2)})
        args = {"query": query}
        if r.random() < 0.55:
            args["topic"] = topic
        if r.random() < 0.3:
            args["limit"] = r.choice([3, 5, 8])
        srcs = {k: Src(h["rank"], h["title"], h["url"], h["updated_at"]) for k, h in zip(keys, res)}
        return Call("search_handbook", args, {"query": query, "results": res}), srcs

    @staticmethod
    def _fetch(pg, k):
        return Call("fetch_page", {"page_url": pg[k][1]}, pg[k][2])

    def _member(self, r, today, P):
        code = r.choice(list(SITES))
        size = r.choice(["full", "half", "half", "starter"])
        mid = f"GA-{r.randint(10000, 99999)}"
        inv = dt.date(P["y"], 4, 1)
        rec = {"member_id": mid, "name": r.choice(NAMES), "status": "plot_holder", "site": SITES[code],
               "plot": f"{code}-{r.randint(1, 40)}{r.choice(['A', 'B', ''])}", "plot_size": size,
               "area_m2": {"full": 250, "half": 125, "starter": 60}[size], "concession": r.random() < 0.4,
               "invoice_date": inv.isoformat(), "rent_paid": False, "inspections": [], "notices": [],
               "as_of": today.isoformat()}
        return mid, rec

    # ------------------------------------------------------------------ intents
    def rent(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        pg = self._pages(P)
        mid, rec = self._member(r, today, P)
        size = rec["plot_size"]
        rent = P[size]
        old_rent = P["old_" + size]
        share = rent * P["conc"] / 100 if rec["concession"] else rent
        total = share + P["water"]
        inv = D(rec["invoice_date"])
        due = inv + dt.timedelta(days=P["pay_days"])
        vac = inv + dt.timedelta(days=P["vacant_days"])
        paid = today > due
        if paid:
            rec["rent_paid"] = True
            rec["paid_on"] = (inv + dt.timedelta(days=r.randint(3, P["pay_days"] - 2))).isoformat()
            rec["amount_paid"] = float(total)
        search, srcs = self._search(r, pg, "rents", "annual rent charges plot", "fees", extra=["old"])
        src, osrc = srcs["rents"], srcs["old"]
        get = self._fetch(pg, "rents")
        mem = Call("get_plot_holder", {"member_id": mid}, rec)
        req = r.choice([f"How much is my rent this year? Member {mid}.", f"{mid}: what do I owe for my plot, and by when?"])
        turns = [Turn([mem, search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Which plot have I got? I'm {mid}.")
            history.call([mem])
            history.reply(f"You have plot {rec['plot']} at {rec['site']}, a {size} plot of {rec['area_m2']} m².")
            req = r.choice(["And what's the rent on that this year?", "How much do I have to pay for it this year, and when?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        label = {"full": "full plot", "half": "half plot", "starter": "starter plot"}[size]
        yl = src.title.replace("Rents and Charges ", "")
        a.t(r.choice([f"For {yl}, your bill comes to ", f"Your bill for {yl} comes to "]))
        a.x(w.money(total, calc=True, cents=True), num=w.money(total + 10, cents=True))
        if paid:
            a.t(", and your record shows it ").x("was paid", neg="hasn't been paid").t(" on " + w.d(rec["paid_on"]) + ".")
        else:
            a.t(".")
        a.p()
        a.t("\n\n")
        led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES))
        a.t("A" if not led else "a").t(" " + label + " (yours is ").x(rec["plot"], fid=w.fake_id(rec["plot"], r)).t(" at " + rec["site"] + ") is ").x(w.money(rent, cents=True), num=w.money(rent + 8, cents=True),
                                                           conf=("numerical", w.money(P["full" if size != "full" else "half"], cents=True)))
        a.t(" a year")
        cmp_ = r.random() < 0.6
        if cmp_:
            a.t(", ").x("up", rel="down").t(" from ").x(w.money(old_rent, cents=True), conf=("numerical", w.money(P["old_water"], cents=True)))
            a.t(" in " + osrc.title.replace("Rents and Charges ", ""))
        if cmp_ and w.can_num(osrc):
            a.t(" ")
            for s_ in sorted([src, osrc], key=lambda s_: s_.rank):
                if s_ is src:
                    a.x(f"[{src.rank}]", sec=f"[{len(srcs) + r.randint(1, 3)}]")
                else:
                    a.t(f"[{osrc.rank}]")
        else:
            w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        if rec["concession"]:
            a.t(" Because your record shows a concession, you pay ").x(w.pct(P["conc"]), num=w.pct(P["conc"] - 25)).t(" of the rent — but ")
            a.t(w.q("Concessions apply to the rent only, not to the water charge") + ".")
            a.t(f"\n\n{w.pct(P['conc'])} × {w.money(rent, cents=True)} = {w.money(share, calc=True, cents=True)}; plus water ")
            a.x(w.money(P["water"], cents=True), num=w.money(P["water"] + 6, cents=True)).t(f": {w.money(share, cents=True)} + {w.money(P['water'], cents=True)} = {w.money(total, cents=True)}.")
        else:
            a.t(" On top of that there's the water charge of ").x(w.money(P["water"], cents=True), num=w.money(P["water"] + 6, cents=True))
            a.t(", which is the same ").x("whatever the plot size", neg="only for full plots").t(f" ({w.money(rent, cents=True)} + {w.money(P['water'], cents=True)} = {w.money(total, cents=True)}).")
        a.p()
        a.t("\n\n" + r.choice(["When to pay: ", "Deadline: ", "Timing: "]))
        a.t("invoices go out on 1 April and payment is due within ").x(w.n(P["pay_days"], "day"), num=w.n(P["pay_days"] + 14, "day"))
        a.t(f" of the invoice date, so yours {'was' if paid else 'is'} due by ").x(w.d(due, calc=True), tmp=w.d(due + dt.timedelta(days=r.choice([14, 30]))))
        a.t(f" ({w.d(inv, year=True)} + {w.n(P['pay_days'], 'day')} = {w.d(due, year=True)}).")
        a.p()
        a.t(" If rent is still unpaid after ").x(w.n(P["vacant_days"], "day"), num=w.n(P["vacant_days"] + 30, "day"))
        a.t(" (" + w.d(vac, calc=True) + "), the plot ")
        a.x("is treated as vacant", val="is put on a warning list").t(" and may be re-let")
        a.pc().t(".")
        a.p()
        if r.random() < 0.4:
            a.t("\n\n(The plot size comes from ").x("`plot_size`", attr="`" + r.choice(["plot_type", "size_class", "plot_category"]) + "`")
            a.t(" on your record: " + label + ", " + str(rec["area_m2"]) + " m².)")
        if w.cstyle == "num" and r.random() < 0.6:
            w.sources(a, sorted([src, osrc], key=lambda s: s.rank) if ("[" + str(osrc.rank) + "]") in a.text else [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to check how to pay online?", "Anything else about your plot?"])
        a.ins("claim", "Most plot holders pay by bank transfer in the first week.")
        a.ins("claim", "The water charge has not changed for three years.")
        a.ins("behavior", "I've sent the invoice to your email again.")
        a.ins("behavior", "I've applied the concession to your invoice.")
        a.ins("elab", "because the council raised the association's ground rent", clause=True)
        fake = f"INV-{P['y']}-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite_text(f"Your invoice number is {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def notice(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        pg = self._pages(P)
        mid, rec = self._member(r, today, P)
        issued = today - dt.timedelta(days=r.randint(2, 10))
        reins = issued + dt.timedelta(days=P["notice_days"])
        score = P["score"] - r.randint(3, 14)
        prev_score = P["score"] + r.randint(5, 25)
        prev_date = issued - dt.timedelta(days=r.randint(60, 100))
        rec["inspections"] = [{"date": prev_date.isoformat(), "score": prev_score, "result": "satisfactory"},
                              {"date": (issued - dt.timedelta(days=2)).isoformat(), "score": score, "result": "below standard"}]
        earlier = r.random() < 0.45
        notes = []
        if earlier:
            e = issued - dt.timedelta(days=r.randint(100, 300))
            notes.append({"type": "non-cultivation", "issued": e.isoformat(), "status": "closed"})
        notes.append({"type": "non-cultivation", "issued": issued.isoformat(), "reinspection_due": reins.isoformat(), "status": "open"})
        rec["notices"] = notes
        n12 = len(notes)
        search, srcs = self._search(r, pg, "rules", "non-cultivation notice inspection", "rules")
        src = srcs["rules"]
        get = self._fetch(pg, "rules")
        mem = Call("get_plot_holder", {"member_id": mid}, rec)
        req = r.choice([f"I've had a non-cultivation notice ({mid}). What happens now?",
                        f"{mid} — got a letter saying my plot is below standard. What does that mean for me?"])
        turns = [Turn([mem]), Turn([search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"What was my last inspection score? {mid}")
            history.call([mem])
            history.reply(f"Your last inspection scored {score} out of 100.")
            req = r.choice(["That's why I got the notice, I guess. What do I have to do?", "So what happens next with the notice?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        w.opener(a, 0.2)
        a.t("Your plot scored ").x(w.n(score), num=w.n(score + 12), conf=("numerical", w.n(prev_score))).t(" at the last inspection, and ")
        led = w.lead(a, src, sec="4.2", fake_sec="4.7", fake_title=r.choice(OTHER_TITLES), mid=True)
        a.t("a score ").x("below", rel="above").t(" ").x(w.n(P["score"]), num=w.n(P["score"] + 10)).t(" out of 100 means the plot is below standard")
        w.tail(a, src, sec="4.2", fake_rank=len(srcs) + r.randint(1, 3), fake_sec="4.8", fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t("\n\nWhat happens next:\n")
        a.t(w.step(1) + "You have ").x(w.n(P["notice_days"], "day"), num=w.n(P["notice_days"] + 14, "day"))
        a.t(" from the notice to bring the plot up to standard. Yours was issued on ").x(w.d(issued), tmp=w.d(issued - dt.timedelta(days=r.choice([7, 9]))))
        a.t(f", so that runs to {w.d(reins, calc=True)} ({w.d(issued)} + {w.n(P['notice_days'], 'day')} = {w.d(reins)}).\n")
        a.t(w.step(2) + "The plot is then re-inspected.\n")
        a.t(w.step(3) + "In the growing season at least ").x(w.pct(P["cult"]), num=w.pct(P["cult"] + 15)).t(" of the plot must be under cultivation, so that's the bar to aim for.")
        a.t("\n\n")
        if n12 >= P["quit_n"]:
            a.t("This matters more than usual: it's your ").x("second", val="first").t(" notice in 12 months, and ")
            a.t(w.q(f"A plot holder who receives {P['quit_n']} non-cultivation notices in any 12-month period may be given notice to quit") + ".")
        else:
            a.t("It's your ").x("first", val="second").t(" notice in the last 12 months. A ")
            a.x("second", val="third").t(" within 12 months could lead to notice to quit, so it's worth acting now.")
        a.p()
        a.t("\n\nIf illness or bereavement is the reason, the committee can extend the deadline — ")
        a.x("but only if", neg="even if").t(" you ask before the re-inspection date")
        a.pc().t(".")
        a.p()
        if r.random() < 0.5:
            a.t(" (The date is the ").x("`reinspection_due`", attr="`" + r.choice(["review_date", "recheck_on", "deadline_date"]) + "`").t(" on your notice.)")
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to find the site rep's contact details?", "I can book the rotavator for you if that would help."])
        a.ins("claim", "Most plots pass the re-inspection.")
        a.ins("claim", f"Your site rep usually re-inspects on a Saturday morning.")
        a.ins("behavior", "I've asked the committee to extend your deadline.")
        a.ins("behavior", "I've let your site rep know you're working on it.")
        a.ins("elab", "since the rules were tightened after complaints about overgrown plots", clause=True)
        fake = f"NCN-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite_text(f"The notice reference is {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def waiting(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        pg = self._pages(P)
        code, other = r.sample(list(SITES), 2)
        mid = f"GA-{r.randint(10000, 99999)}"
        joined = today - dt.timedelta(days=r.randint(60, 400))
        pos = r.randint(3, 40)
        dec = r.choice([0, 1, 1])
        rec = {"member_id": mid, "name": r.choice(NAMES), "status": "waiting_list", "site_applied": SITES[code],
               "position": pos, "joined_list": joined.isoformat(), "offers_declined": dec, "as_of": today.isoformat()}
        wait = P["waits"][code]
        owait = P["waits"][other]
        est = add_months(joined, wait)
        search, srcs = self._search(r, pg, "waiting", "waiting list how long offers", "waiting_list")
        src = srcs["waiting"]
        get = self._fetch(pg, "waiting")
        mem = Call("get_plot_holder", {"member_id": mid}, rec)
        req = r.choice([f"How long until I get a plot? I'm {mid} on the {SITES[code]} list. Would {SITES[other]} be quicker?",
                        f"{mid}: what's the wait at {SITES[code]} looking like, compared with {SITES[other]}?"])
        turns = [Turn([mem, search]), Turn([get])]
        history = None
        if ctx.followup:
            history = History().user(f"Where am I on the waiting list? {mid}")
            history.call([mem])
            history.reply(f"You're number {pos} on the {SITES[code]} list.")
            req = r.choice([f"Roughly how long is that, and would {SITES[other]} be quicker?", f"How long might that take? Is {SITES[other]} shorter?"])
            turns = [Turn([search]), Turn([get])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        a.t("There's no fixed date, but as a rough guide: ")
        led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
        a.t("the typical wait at " + SITES[code] + " was ").x(w.n(wait, "month"), num=w.n(wait + 6, "month"), conf=("numerical", w.n(owait, "month")))
        a.t(" last year")
        w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
        a.t(".")
        a.p()
        a.t(" You joined on ").x(w.d(joined), tmp=w.d(joined - dt.timedelta(days=r.choice([61, 92]))))
        if est > today:
            a.t(f", so on that pattern an offer might come around {w.d(est, calc=True)} ({w.d(joined, year=True)} + {w.n(wait, 'month')} = {w.d(est, year=True)})")
        else:
            a.t(f", so on that pattern you'd already be due one ({w.d(joined, year=True)} + {w.n(wait, 'month')} = {w.d(est, calc=True, year=True)})")
        a.t(" — but the page stresses that ").t(w.q("Waiting times are a guide only") + ".")
        a.p()
        a.t("\n\n")
        quicker = owait < wait
        a.t(SITES[other] + " has been ").x("quicker" if quicker else "slower", rel="slower" if quicker else "quicker")
        a.t(", at ").x(w.n(owait, "month"), num=w.n(owait + 5, "month")).t(".")
        a.p()
        a.t(" You're currently number ").x(w.n(pos), num=w.n(pos + 9)).t(" on the " + SITES[code] + " list, and offers ").x("are", neg="aren't").t(" made in list order as plots become vacant.")
        a.t("\n\nOne thing to watch: if you turn down ").x(w.n(P["declines"], "offer"), num=w.n(P["declines"] + 1, "offer"))
        a.t(", you move to the bottom of the list. ")
        if dec:
            a.t("Your record shows you've already declined ").x(w.n(dec, "offer"), num=w.n(dec + 1, "offer")).t(", so ").x("one more", val="two more").t(" would do it.")
        else:
            a.t("You ").x("haven't", neg="have").t(" declined any so far.")
        a.p()
        if w.cstyle == "num" and r.random() < 0.5:
            w.sources(a, [src], fake=src.rank, r=r)
        else:
            a.pp()
        w.closer(a, ["Want me to check whether you can be on two site lists?", "Anything else about the waiting list?"])
        a.ins("claim", f"{SITES[other]} also has a separate list for raised beds.")
        a.ins("claim", "Around a third of offers are turned down.")
        a.ins("behavior", f"I've added you to the {SITES[other]} list as well.")
        a.ins("behavior", "I've moved you up the list.")
        a.ins("elab", f"because {SITES[code]} has the most full plots", clause=True)
        fake = f"{BASE}/notices/vacant-plots-{today.year}"
        a.ins("cite", w.cite_text(f"Vacant plots are listed at {fake}.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def loan(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._params(r, today)
        pg = self._pages(P)
        mid, rec = self._member(r, today, P)
        item = r.choice(["rotavator", "rotavator", "strimmer", "trailer"])
        reason = r.choice(["MONTHLY_LIMIT_REACHED", "ITEM_UNAVAILABLE"])
        want = today + dt.timedelta(days=r.randint(2, 9))
        if want.month != today.month:
            reason = "ITEM_UNAVAILABLE"
        if reason == "MONTHLY_LIMIT_REACHED":
            nxt = dt.date(want.year + (want.month == 12), want.month % 12 + 1, 1)
            rec["bookings_this_month"] = P["max_book"]
            msg = f"Member already has {P['max_book']} bookings in {want.strftime('%B %Y')}."
        else:
            nxt = want + dt.timedelta(days=r.randint(2, 6))
            rec["bookings_this_month"] = r.randint(0, 1)
            msg = f"The {item} is out for repair until {(nxt - dt.timedelta(days=1)).isoformat()}."
        days = r.choice([1, 1, 2])
        price = P["price"][item]
        cost = price * days
        lref = f"LN-{r.randint(10000, 99999)}"
        a1 = {"member_id": mid, "item": item, "date": want.isoformat()}
        a2 = {"member_id": mid, "item": item, "date": nxt.isoformat()}
        if days > 1:
            a1["days"] = days
            a2["days"] = days
        r1 = {"status": "not_booked", "reason_code": reason, "message": msg, "next_available_date": nxt.isoformat()}
        r2 = {"status": "booked", "loan_ref": lref, "item": item, "date": nxt.isoformat(), "days": days,
              "collect_from": "Brook Street store", "charge": float(cost), "currency": "GBP"}
        search, srcs = self._search(r, pg, "equipment", f"borrow {item} loan charges", "equipment")
        src = srcs["equipment"]
        mem = Call("get_plot_holder", {"member_id": mid}, rec)
        req = r.choice([f"Can I borrow the {item} on {want.isoformat()}? Member {mid}.",
                        f"{mid}: please book the {item} for {want.isoformat()}" + (f" for {days} days." if days > 1 else ".")])
        turns = [Turn([mem, search]), Turn([Call("book_equipment", a1, r1)]), Turn([Call("book_equipment", a2, r2)])]
        history = None
        if ctx.followup:
            history = History().user(f"How many equipment bookings have I made this month? {mid}")
            history.call([mem])
            history.reply(f"You've made {rec['bookings_this_month']} this month.")
            req = r.choice([f"Could you book the {item} for me on {want.isoformat()}?", f"Then please book the {item} on {want.isoformat()}."])
            turns = [Turn([search]), Turn([Call("book_equipment", a1, r1)]), Turn([Call("book_equipment", a2, r2)])]
        w = Kb(r, today, "GBP", num_ok=True)
        a = A()
        a.t("I couldn't get the " + item + " for " + w.d(want) + ": ")
        if reason == "MONTHLY_LIMIT_REACHED":
            a.t("you've already made ").x(w.n(P["max_book"], "booking"), num=w.n(P["max_book"] + 1, "booking")).t(" this month, and ")
            led = w.lead(a, src, fake_title=r.choice(OTHER_TITLES), mid=True)
            a.t("each member may make up to ").x(w.n(P["max_book"], "booking"), num=w.n(P["max_book"] + 2, "booking")).t(" per calendar month")
            w.tail(a, src, fake_rank=len(srcs) + r.randint(1, 3), fake_title=r.choice(OTHER_TITLES))
        else:
            a.t("it's ").x("out for repair", val="already on loan").t(" until " + w.d(nxt - dt.timedelta(days=1)))
        a.t(" (").x(f"`{reason}`", attr="`" + r.choice(["BOOKING_LIMIT", "ITEM_ON_HOLD", "NOT_AVAILABLE"]) + "`").t(").")
        a.p()
        a.t("\n\nThe first date it could take was " + w.d(nxt, wd=r.random() < 0.5) + ", so I've booked that instead:\n")
        a.t(w.li() + "Reference: ").x(lref, fid=w.fake_id(lref, r))
        w.pb(a)
        a.t("\n" + w.li() + "Date: ").x(w.d(nxt), tmp=w.d(nxt + dt.timedelta(days=r.choice([1, 3])))).t(", collect from the ")
        a.x("Brook Street", ent=r.choice(OTHER_SITES)).t(" store")
        if days > 1:
            a.t(" (" + w.n(days, "day") + ")")
        w.pb(a)
        a.t("\n" + w.li() + "Charge: ")
        if days > 1:
            a.x(w.money(cost, calc=True), num=w.money(cost + 6)).t(f" ({w.money(price)} × {days} = {w.money(cost)})")
        else:
            a.x(w.money(cost), num=w.money(cost + 4), conf=("numerical", w.money(P["price"]["trailer" if item != "trailer" else "strimmer"])))
            a.t(" for the day")
        w.pb(a)
        if reason == "ITEM_UNAVAILABLE":
            a.t("\n\nThat's ").x(w.n((nxt - want).days, "day", calc=True), num=w.n((nxt - want).days + 3, "day")).t(" later than you asked for")
            a.pc().t(".")
        if item in ("rotavator", "strimmer") and r.random() < 0.6:
            a.t("\n\nFuel ").x("is", neg="isn't").t(" included for the " + item + ".")
        a.pp()
        w.closer(a, ["Want me to book anything else for that day?", "Shall I check the trailer for the same day?"])
        a.ins("claim", f"The {item} is usually booked out most weekends.")
        a.ins("claim", "Loans can be extended by phone on the day.")
        a.ins("behavior", "I've added you to the waiting list for the original date too.")
        a.ins("behavior", "I've paid the charge from your account balance.")
        a.ins("elab", "because demand peaks in spring", clause=True)
        fake = f"{BASE}/notices/{item}-safety-briefing"
        a.ins("cite", w.cite_text(f"Please read the safety briefing at {fake} before collecting.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
