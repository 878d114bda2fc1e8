"""customs_brokerage (set l): the client phone line of a US customs broker at the Port of Long Beach — an entry's status
and duty (entered value × duty rate per tariff line, the merchandise processing and harbor maintenance fees, total due,
payment date), an importer's entries over a period (released and pending counts, total duty, average and longest
clearance time, entries on hold), booking a terminal pickup (a full appointment window refused by design and the offered
window taken; the last free day and demurrage) and questions answered from the fee guide fetched by path (MPF with its
minimum and maximum, HMF on ocean freight, demurrage tiers, payment ten business days after release, filing fees)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_obj, s_str
from .lstyle import Voice, cap, person, stamp, vet

BASE = "https://api.harborline.example/broker/v2"
BRAND = "Harborline Customs Brokerage"
AGENT = "Sam"
ZONE = "PT"
GOODS = [("stainless steel cookware", "7323.93.0045", 2.0), ("cotton bath towels", "6302.60.0020", 9.1),
         ("LED desk lamps", "9405.21.8010", 3.9), ("wooden cutting boards", "4419.11.0000", 3.2),
         ("ceramic mugs", "6912.00.4810", 9.8), ("bicycle helmets", "6506.10.3030", 0.0),
         ("polyester backpacks", "4202.92.3120", 17.6), ("glass food containers", "7013.49.5000", 6.0)]
STATUS = {"filed": "filed and waiting for review", "cbp_review": "under review by CBP", "exam_hold": "on hold for a CBP exam",
          "released": "released"}
VESSELS = ["MSC Aurora", "CMA CGM Tage", "Maersk Kolkata", "Ever Lotus", "ONE Harmony"]
OTHER_VESSELS = ["Cosco Pride", "Hapag Dublin", "Yang Ming Wisdom"]
TERMINALS = {"PIER-T": "Pier T", "PIER-J": "Pier J", "PIER-E": "Pier E"}
OTHER_TERMINALS = ["Pier A", "Pier G", "Pier S"]
WINDOWS = ["06:00-10:00", "10:00-14:00", "14:00-18:00"]
TRUCKERS = ["Coastline Drayage", "Bayshore Trucking", "Pacific Link Haulers"]
MPF_PCT, MPF_MIN, MPF_MAX = 0.3464, 33.58, 651.50
HMF_PCT = 0.125
DOC = ("# Harborline Customs Brokerage - Fee Guide FY2026\n\n"
       "## 1. Government fees\n"
       "1.1 Merchandise Processing Fee (MPF): 0.3464% of the total entered value, minimum $33.58 and maximum $651.50 per "
       "entry.\n"
       "1.2 Harbor Maintenance Fee (HMF): 0.125% of the total entered value, ocean shipments only.\n"
       "1.3 Duties are charged line by line at the rates of the Harmonized Tariff Schedule.\n\n"
       "## 2. Payment\n"
       "2.1 Duties and fees are collected by ACH 10 business days (Monday to Friday) after release.\n\n"
       "## 3. Terminal charges\n"
       "3.1 A container may stay at the terminal until its last free day at no charge.\n"
       "3.2 Demurrage after the last free day: $150 per day for days 1 to 4, then $275 per day from day 5.\n\n"
       "## 4. Brokerage fees\n"
       "4.1 Entry filing: $125 per entry, plus $4.50 for each line after the first 5.\n"
       "4.2 CBP exam coordination: $95 per exam, plus the exam station's own charges.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.4", "2.2", "3.3", "4.3", "5.1"] if s != real])


def business_days_after(d, n):
    k = 0
    while k < n:
        d += dt.timedelta(days=1)
        if d.weekday() < 5:
            k += 1
    return d


def check_digit(s):
    return str(sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(s)) % 10)


class CustomsBroker(Scenario):
    name = "customs_brokerage"
    agent = "Sam"
    service = "harborline-client-line"
    system = ("You are Sam, the voice assistant on Harborline Customs Brokerage's client phone line. Your answers are "
              "spoken by a text-to-speech engine, so use plain sentences without any formatting. Use the tools to look up "
              "customs entries, an importer's entries, book terminal pickups and answer fee questions from the fee "
              "guide. Amounts in US dollars; times Pacific.")
    error_style = 2
    entity_noun = {"entry_number": "Entry", "client_id": "Client", "guide_path": "Document"}
    preambles = ["Let me pull up that entry.", "One moment please.", "Checking with the system now."]

    def __init__(self):
        ep = r"^[A-Z0-9]{3}-\d{7}-\d$"
        self.tools = [
            Tool("get_entry", "A customs entry: importer, status and status time, vessel, arrival, bill of lading, "
                              "container, tariff lines with entered value, duty rate and duty, MPF, HMF, total due, payment "
                              "due date, terminal and last free day, fee guide path.",
                 s_obj({"entry_number": s_str("Entry number, e.g. 'HB7-0412587-3'.", pattern=ep)}, ["entry_number"]),
                 entity={"entry_number": "id"}, http=BASE, extra=[("include_documents", True)]),
            Tool("list_entries", "An importer's entries with arrival dates between two dates: status, duty, clearance "
                                 "hours.",
                 s_obj({"client_id": s_str("Importer client ID, e.g. 'IMP-20417'.", pattern=r"^IMP-\d{5}$"),
                        "from_date": s_date("First arrival date, YYYY-MM-DD."), "to_date": s_date("Last arrival date, YYYY-MM-DD.")},
                       ["client_id", "from_date", "to_date"]),
                 entity={"client_id": "id"}, http=BASE, extra=[("page_size", 50)]),
            Tool("schedule_pickup", "Book a terminal pickup appointment for a released container.",
                 s_obj({"entry_number": s_str("Entry number.", pattern=ep), "pickup_date": s_date("Pickup date, YYYY-MM-DD."),
                        "window": s_str("Appointment window.", enum=WINDOWS)},
                       ["entry_number", "pickup_date", "window"]),
                 entity={"entry_number": "id"}, http=BASE, extra=[("chassis_needed", True)]),
            Tool("get_fee_guide", "The broker's fee guide (Markdown, numbered sections) by path.",
                 s_obj({"guide_path": s_str("Fee guide path from the entry, e.g. 'docs/fees/harborline-fy2026.md'.",
                                            pattern=r"^docs/fees/[a-z0-9-]+\.md$")}, ["guide_path"]),
                 entity={"guide_path": "path"}, extra=[("format", "pdf")]),
        ]
        self.intents = [("entry_status", self.status, False), ("entries_overview", self.overview, False),
                        ("pickup_booking", self.pickup, True), ("fee_question", self.fees, True)]

    # ------------------------------------------------------------------ data
    def _entry(self, r, today, status=None, nlines=None):
        body = f"{r.randint(0, 9999999):07d}"
        num = f"HB7-{body}-{check_digit(body)}"
        imp = r.choice(["Brightside Home Goods", "Trailhead Outfitters", "Maple & Finch Kitchen", "Northstar Retail"])
        status = status or r.choice(list(STATUS))
        arr = today - dt.timedelta(days=r.randint(1, 9))
        lines = []
        for k, (desc, hts, rate) in enumerate(r.sample(GOODS, nlines or r.randint(2, 4))):
            val = float(r.randint(25, 400) * 50)
            lines.append({"line": k + 1, "description": desc, "hts_code": hts, "entered_value_usd": val,
                          "duty_rate_pct": rate, "duty_usd": round(val * rate / 100, 2)})
        tv = sum(x["entered_value_usd"] for x in lines)
        duty = round(sum(x["duty_usd"] for x in lines), 2)
        mpf = round(min(max(tv * MPF_PCT / 100, MPF_MIN), MPF_MAX), 2)
        hmf = round(tv * HMF_PCT / 100, 2)
        st_day = arr + dt.timedelta(days=r.randint(0, (today - arr).days))
        st_time = stamp(st_day, r.randint(6, 18), r.choice([0, 15, 30, 45]), ZONE)
        term = r.choice(list(TERMINALS))
        res = {"entry_number": num, "importer": imp, "client_id": f"IMP-{r.randint(10000, 99999)}", "status": status,
               "status_time": st_time, "mode": "ocean", "port": "Long Beach, CA", "vessel": r.choice(VESSELS),
               "arrival_date": arr.isoformat(), "bill_of_lading": f"MEDU{r.randint(1000000, 9999999)}",
               "container": f"MSCU{r.randint(1000000, 9999999)}", "lines": lines, "total_entered_value_usd": tv,
               "duty_total_usd": duty, "mpf_usd": mpf, "hmf_usd": hmf, "total_due_usd": round(duty + mpf + hmf, 2),
               "terminal_code": term, "terminal": TERMINALS[term], "last_free_day": (arr + dt.timedelta(days=4)).isoformat(),
               "fee_guide_path": f"docs/fees/{r.choice(['harborline-fy2026', 'fee-guide-2026'])}.md",
               "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), ZONE)}
        if status == "released":
            res["payment_due_date"] = business_days_after(st_day, 10).isoformat()
        return num, res

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        num, e = self._entry(r, today)
        req = r.choice([f"What's the status of entry {num}, and how much do we owe?", f"Hi, can you give me the duty breakdown for entry {num}?"])
        w = Voice(r, today, BRAND, AGENT)
        st = e["status"]
        sday = dt.date.fromisoformat(e["status_time"][:10])
        a = A()
        w.opener(a)
        a.t("Entry ").x(w.id(num), fid=w.fake_id(num, r)).t(" is ").x(STATUS[st], val=r.choice([v for k, v in STATUS.items() if k != st]))
        a.t(", as of ").x(w.rel(sday, lead=False) if (today - sday).days <= 6 else w.d(sday), tmp=w.d(sday - dt.timedelta(days=2))).t(".")
        a.p()
        a.t(" It arrived on the ").x(e["vessel"], ent=r.choice(OTHER_VESSELS)).t(" ").x(w.rel(dt.date.fromisoformat(e["arrival_date"]), lead=False) if (today - dt.date.fromisoformat(e["arrival_date"])).days <= 6 else "on " + w.d(e["arrival_date"]),
                                                                                tmp="on " + w.d(dt.date.fromisoformat(e["arrival_date"]) - dt.timedelta(days=3))).t(".")
        a.p()
        w.para(a)
        lines = e["lines"]
        a.t("There ").x("are " + w.cnt(len(lines), "line", calc=True), num="are " + w.cnt(len(lines) + 1, "line")).t(".")
        w.start()
        for k, ln in enumerate(lines):
            oth = [x for x in lines if x is not ln and x["duty_usd"] != ln["duty_usd"]]
            a.t(" " + w.item(last=(k == len(lines) - 1)) + ln["description"] + ", ")
            a.x(w.money(ln["entered_value_usd"]), num=w.money(ln["entered_value_usd"] + 1500) if k == 0 else None)
            if ln["duty_rate_pct"]:
                a.t(" at ").x(w.pct(ln["duty_rate_pct"]), num=w.pct(round(ln["duty_rate_pct"] + 2.5, 1)) if k == len(lines) - 1 else None).t(", so ")
                a.x(w.money(ln["duty_usd"]), num=w.money(round(ln["duty_usd"] * 1.4 + 10, 2)),
                    conf=("numerical", w.money(oth[0]["duty_usd"])) if oth and k == 0 else None).t(" in duty.")
            else:
                a.t(", which is ").x("duty free", val="dutiable at two percent").t(".")
        a.p()
        w.para(a)
        a.t("Total duty is ").x(w.money(e["duty_total_usd"]), num=w.money(round(e["duty_total_usd"] + 180, 2))).t(". Add the merchandise processing fee of ")
        a.x(w.money(e["mpf_usd"]), num=w.money(round(e["mpf_usd"] + 40, 2)), conf=("numerical", w.money(e["hmf_usd"]))).t(" and the harbor maintenance fee of ")
        a.x(w.money(e["hmf_usd"]), num=w.money(round(e["hmf_usd"] + 12, 2))).t(", and the total due is ").x(w.money(e["total_due_usd"]), num=w.money(round(e["total_due_usd"] + 250, 2)),
                                                                                                         conf=("numerical", w.money(e["duty_total_usd"]))).t(".")
        a.p()
        big = max(lines, key=lambda x: x["duty_usd"])
        if len(lines) > 1 and big["duty_usd"] > 0 and sum(1 for x in lines if x["duty_usd"] == big["duty_usd"]) == 1:
            share = 100 * big["duty_usd"] / e["duty_total_usd"]
            a.t(" The ").x(big["description"], ent=r.choice([g[0] for g in GOODS if g[0] not in [x["description"] for x in lines]])).t(" line is ")
            if 45 < share < 55:
                a.t("about half of the duty")
                w.calc_nums.append(share)
                a.t(".")
            else:
                a.x("more than half" if share > 50 else "less than half", rel="less than half" if share > 50 else "more than half").t(" of the duty, ")
                a.x(w.about(share, 1, lambda v: w.pct(v)), num=w.pct(round(share) + 15 if share < 80 else round(share) - 20)).t(".")
            a.p()
        w.para(a)
        if st == "released":
            pd = dt.date.fromisoformat(e["payment_due_date"])
            a.t("Payment ").x("will be collected", neg="won't be collected").t(" by ACH ").x(w.rel(pd, lead=False), tmp=w.rel(pd + dt.timedelta(days=5), lead=False)).t(".")
        else:
            a.t("Nothing is ").x("due yet", neg="overdue").t(", because the entry ").x("hasn't been released", neg="has been released").t(".")
        a.p()
        if r.random() < 0.35:
            a.t(" The values I read are the ").x("entered value", attr=r.choice(["invoice worth", "customs basis"])).t(" amounts on the entry.")
            a.p()
        w.closer(a, ["Would you like me to email you the entry summary?", "Do you want me to book a terminal pickup?"])
        a.ins("claim", "CBP has been sampling more shipments from that origin this quarter.")
        a.ins("claim", "Your bond covers up to fifty thousand dollars in duties.")
        a.ins("behavior", "I've already submitted the ACH payment for you.")
        a.ins("behavior", "I've asked CBP to expedite the review.")
        a.ins("elab", "which is typical for goods of this kind", clause=True)
        ref = f"HB-CASE-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"I've opened case {w._id_text(ref)} for this entry.", ref))
        return vet(self, Plan(req, [Turn([Call("get_entry", {"entry_number": num}, e)])], a), w)

    def overview(self, ctx):
        r, today = ctx.r, ctx.today
        cid = f"IMP-{r.randint(10000, 99999)}"
        frm = today - dt.timedelta(days=r.choice([14, 21, 30]))
        ents = []
        for k in range(r.randint(4, 7)):
            body = f"{r.randint(0, 9999999):07d}"
            arr = frm + dt.timedelta(days=r.randint(0, (today - frm).days - 1))
            st = r.choice(["released", "released", "released", "cbp_review", "exam_hold"])
            x = {"entry_number": f"HB7-{body}-{check_digit(body)}", "arrival_date": arr.isoformat(), "status": st,
                 "duty_usd": round(r.uniform(150, 4800), 2)}
            x["clearance_hours"] = r.randint(6, 70) if st == "released" else None
            ents.append(x)
        ents.sort(key=lambda x: x["arrival_date"])
        rel = [x for x in ents if x["status"] == "released"]
        if not rel:
            ents[0]["status"], ents[0]["clearance_hours"] = "released", 30
            rel = [ents[0]]
        res = {"client_id": cid, "from_date": frm.isoformat(), "to_date": today.isoformat(), "entries": ents,
               "as_of": stamp(today, r.randint(7, 17), r.randint(0, 59), ZONE)}
        req = r.choice([f"Client {cid}. How did our entries do since {frm.isoformat()}?", f"Can you summarize our customs entries from {frm.isoformat()} to today? Client ID {cid}."])
        w = Voice(r, today, BRAND, AGENT)
        tot = round(sum(x["duty_usd"] for x in ents), 2)
        a = A()
        w.opener(a)
        a.t("Since ").x(w.d(frm), tmp=w.d(frm + dt.timedelta(days=7))).t(", you've had ").x(w.cnt(len(ents), "entry", "entries", calc=True), num=w.cnt(len(ents) + 3, "entry", "entries")).t(". ")
        pend = [x for x in ents if x["status"] != "released"]
        a.x(cap(w.num(len(rel), calc=True)), num=cap(w.num(len(rel) + 1))).t(f" {'have' if len(rel) > 1 else 'has'} been released")
        if pend:
            a.t(" and ").x(w.num(len(pend), calc=True), num=w.num(len(pend) + 2)).t(f" {'are' if len(pend) > 1 else 'is'} still open")
        a.t(".")
        a.p()
        a.t(" Duty across all of them comes to ").x(w.money(tot, calc=True), num=w.money(round(tot * 1.3, 2))).t(".")
        a.p()
        w.para(a)
        hrs = [x["clearance_hours"] for x in rel]
        avg = sum(hrs) / len(hrs)
        if len(rel) > 1:
            a.t("Released entries cleared in ").x(w.about(avg, 1, lambda v: w.num(v)) + " hours", num=w.num(round(avg) + 12) + " hours").t(" on average")
            a.pc().t(".")
            a.p()
            slow = max(rel, key=lambda x: x["clearance_hours"])
            if hrs.count(slow["clearance_hours"]) == 1:
                sa = dt.date.fromisoformat(slow["arrival_date"])
                a.t(" The ").x("slowest", rel="fastest").t(" was the one that arrived on ").x(w.d(sa), tmp=w.d(sa + dt.timedelta(days=1))).t(", at ")
                d_, h_ = divmod(slow["clearance_hours"], 24)
                a.x(w.num(slow["clearance_hours"]) + " hours", num=w.num(slow["clearance_hours"] + 20) + " hours")
                if d_ >= 1:
                    w.calc_nums += [float(d_), float(h_)]
                    a.t(", that's " + (f"{w.cnt(d_, 'day')} and {w.cnt(h_, 'hour')}" if h_ else w.cnt(d_, "day")))
                a.t(".")
                a.p()
        hold = [x for x in ents if x["status"] == "exam_hold"]
        if hold:
            x = hold[0]
            w.para(a)
            a.t("Entry ").x(w.id(x["entry_number"]), fid=w.fake_id(x["entry_number"], r)).t(" is ").x("on hold for a CBP exam", val="released").t(", and it ")
            a.x("carries", neg="doesn't carry").t(" ").x(w.money(x["duty_usd"]), num=w.money(round(x["duty_usd"] + 300, 2))).t(" in duty.")
            a.p()
        if r.random() < 0.35:
            a.t(" Clearance times are from the ").x("clearance hours", attr=r.choice(["release lag", "dwell time"])).t(" field.")
            a.p()
        w.closer(a, ["Would you like the list by email?", "Do you want details on any one entry?"])
        a.ins("claim", "That's faster than the port average this month.")
        a.ins("claim", "Exams at Long Beach are running about two weeks behind.")
        a.ins("behavior", "I've flagged the open entries for a follow-up call.")
        a.ins("behavior", "I've already paid the duty on the released entries.")
        a.ins("elab", "mostly because of the holiday backlog", clause=True)
        ref = f"RPT-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"The full report is number {w._id_text(ref)}.", ref))
        args = {"client_id": cid, "from_date": frm.isoformat(), "to_date": today.isoformat()}
        return vet(self, Plan(req, [Turn([Call("list_entries", args, res)])], a), w)

    def pickup(self, ctx):
        r, today = ctx.r, ctx.today
        num, e = self._entry(r, today, status="released")
        lfd = dt.date.fromisoformat(e["last_free_day"])
        want = today + dt.timedelta(days=r.randint(1, 5))
        win = r.choice(WINDOWS)
        refuse = r.random() < 0.6
        turns = []
        if refuse:
            alt_d, alt_w = r.choice([(want, WINDOWS[(WINDOWS.index(win) + 1) % 3]), (want + dt.timedelta(days=1), win)])
            if alt_d == want and WINDOWS.index(alt_w) == 0:
                alt_d = want + dt.timedelta(days=1)
            turns.append(Turn([Call("schedule_pickup", {"entry_number": num, "pickup_date": want.isoformat(), "window": win},
                                    {"booked": False, "reason_code": "TERMINAL_APPOINTMENT_FULL",
                                     "message": f"{e['terminal']} has no appointments left in the {win} window on {want.isoformat()}.",
                                     "alternatives": [{"pickup_date": alt_d.isoformat(), "window": alt_w}]})]))
            gd, gw = alt_d, alt_w
        else:
            gd, gw = want, win
        trucker = r.choice(TRUCKERS)
        appt = f"TA-{r.randint(10000, 99999)}"
        late = max(0, (gd - lfd).days)
        dem = sum(150 if k < 4 else 275 for k in range(late))
        ok = {"booked": True, "appointment_number": appt, "entry_number": num, "terminal": e["terminal"], "pickup_date": gd.isoformat(),
              "window": gw, "trucker": trucker, "container": e["container"], "last_free_day": e["last_free_day"],
              "demurrage_days": late, "estimated_demurrage_usd": float(dem), "as_of": e["as_of"]}
        turns.append(Turn([Call("schedule_pickup", {"entry_number": num, "pickup_date": gd.isoformat(), "window": gw}, ok)]))
        ge = Call("get_entry", {"entry_number": num}, e)
        history = None
        a_ = f"{want.isoformat()}, {win[:5]} to {win[6:]}"
        if ctx.followup:
            history = History().user(f"Has entry {num} been released?")
            history.call([ge])
            history.reply(f"Yes, entry {num} was released; the container is at {e['terminal']}.")
            req = r.choice([f"Great, please book a pickup for {a_}.", f"Can you set up the terminal pickup on {a_}?"])
        else:
            req = f"Entry {num} - please book a terminal pickup on {a_}."
            turns = [Turn([ge])] + turns
        w = Voice(r, today, BRAND, AGENT)
        a = A()
        w.opener(a, followup=ctx.followup)
        h0, h1 = int(gw[:2]), int(gw[6:8])
        if refuse:
            a.t(f"{e['terminal']} was ").x("full", neg="open").t(" for the window you asked for, with the code ").x('"terminal appointment full"', attr=r.choice(['"gate closed"', '"chassis shortage"'])).t(".")
            a.t(" So I took the slot it offered instead.")
            a.p()
            w.para(a)
        a.t("Just to confirm, the pickup is at ").x(e["terminal"], ent=r.choice(OTHER_TERMINALS)).t(", ")
        a.x(w.rel(gd, lead=False), tmp=w.rel(gd + dt.timedelta(days=1), lead=False), conf=("temporal", w.rel(want, lead=False)) if gd != want else None).t(", ")
        a.x(w.trange((h0, 0), (h1, 0)), tmp=w.trange(((h0 + 2) % 24, 0), ((h1 + 2) % 24, 0))).t(", with ").x(trucker, ent=r.choice([t for t in ["Harbor Express Freight", "Sunrise Cartage"]])).t(".")
        a.p()
        a.t(" Your appointment number is ").x(w.id(appt), fid=w.fake_id(appt, r)).t(".")
        a.p()
        w.para(a)
        a.t("The last free day " + ("was " if lfd < today else "is ")).x(w.d(lfd) if (lfd - today).days < -6 or (lfd - today).days > 40 else w.rel(lfd, lead=False), tmp=w.d(lfd + dt.timedelta(days=2))).t(". ")
        if late == 0:
            days_before = (lfd - gd).days
            if days_before == 0:
                a.t("The pickup is on the last free day itself, so there's ").x("no demurrage", neg="a day of demurrage").t(".")
            else:
                a.t("The pickup is ").x(w.cnt(days_before, "day", calc=True), num=w.cnt(days_before + 2, "day")).t(" ").x("before", rel="after").t(" that, so there's ").x("no demurrage", neg="a day of demurrage").t(".")
        else:
            a.t("The pickup is ").x(w.cnt(late, "day"), num=w.cnt(late + 2, "day")).t(" ").x("after", rel="before").t(" that, so demurrage of about ")
            a.x(w.money(dem), num=w.money(dem + 150)).t(" is expected.")
            w.calc_nums.append(float(dem))
        a.p()
        w.closer(a, ["Would you like me to send the appointment to your trucker?", "Do you need anything else for this container?"])
        a.ins("claim", "Pier wait times have been under an hour this week.")
        a.ins("claim", "The trucker has already picked up two of your containers this month.")
        a.ins("behavior", "I've sent the pickup details to the trucker.")
        a.ins("behavior", "I've extended the last free day by two days.")
        a.ins("elab", "since the terminal is short of chassis", clause=True)
        ref = f"GT{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"The gate ticket is {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def fees(self, ctx):
        r, today = ctx.r, ctx.today
        variant = r.choice(["mpf", "mpf", "hmf", "demurrage", "payment", "filing"])
        num, e = self._entry(r, today, status="released" if variant == "payment" else None, nlines=r.randint(5, 8) if variant == "filing" else None)
        if variant == "mpf" and r.random() < 0.4:
            # push the value past the cap or under the minimum
            big = r.random() < 0.5
            for ln in e["lines"]:
                ln["entered_value_usd"] = float(r.randint(60, 90) * 1000) if big else float(r.randint(10, 30) * 100)
                ln["duty_usd"] = round(ln["entered_value_usd"] * ln["duty_rate_pct"] / 100, 2)
            tv = sum(x["entered_value_usd"] for x in e["lines"])
            e["total_entered_value_usd"] = tv
            e["duty_total_usd"] = round(sum(x["duty_usd"] for x in e["lines"]), 2)
            e["mpf_usd"] = round(min(max(tv * MPF_PCT / 100, MPF_MIN), MPF_MAX), 2)
            e["hmf_usd"] = round(tv * HMF_PCT / 100, 2)
            e["total_due_usd"] = round(e["duty_total_usd"] + e["mpf_usd"] + e["hmf_usd"], 2)
        path = e["fee_guide_path"]
        if variant == "mpf":
            q = "How was the merchandise processing fee worked out?"
        elif variant == "hmf":
            q = "What's the harbor maintenance fee on this one and why?"
        elif variant == "demurrage":
            pick = dt.date.fromisoformat(e["last_free_day"]) + dt.timedelta(days=r.randint(1, 8))
            q = f"If the trucker can only pick up on {pick.isoformat()}, what will demurrage cost?"
        elif variant == "payment":
            q = "When will the duty be pulled from our account?"
        else:
            q = "What will your filing fee be for this entry?"
        ge = Call("get_entry", {"entry_number": num}, e)
        gf = Call("get_fee_guide", {"guide_path": path}, DOC)
        history = None
        if ctx.followup:
            history = History().user(f"Pull up entry {num}, please.")
            history.call([ge])
            history.reply(f"Entry {num}: {len(e['lines'])} lines, entered value {e['total_entered_value_usd']:.2f} dollars, status {e['status']}.")
            req = q
            turns = [Turn([gf])]
        else:
            req = f"Entry {num}. {q}"
            turns = [Turn([ge]), Turn([gf])]
        w = Voice(r, today, BRAND, AGENT)
        a = A()
        w.opener(a, followup=ctx.followup)
        tv = e["total_entered_value_usd"]
        if variant == "mpf":
            raw = round(tv * MPF_PCT / 100, 2)
            a.t("Under ").x(w.sec("1.1"), sec=w.fake_sec(fake_sec(r, "1.1"))).t(" of the fee guide, the merchandise processing fee is ").x(w.pct(MPF_PCT), num=w.pct(0.3125)).t(" of the total entered value.")
            a.p()
            a.t(" Your entered value is ").x(w.money(tv), num=w.money(tv + 5000)).t(", and ").x(w.pct(MPF_PCT), num=w.pct(0.3125)).t(" of that is ").x(w.money(raw, calc=True), num=w.money(round(raw + 20, 2))).t(".")
            a.p()
            w.para(a)
            if raw > MPF_MAX:
                a.t("That's ").x("above", rel="below").t(" the maximum of ").x(w.money(MPF_MAX), num=w.money(600)).t(", so you're charged the maximum, ").x(w.money(e["mpf_usd"]), num=w.money(round(raw, 2))).t(".")
            elif raw < MPF_MIN:
                a.t("That's ").x("below", rel="above").t(" the minimum of ").x(w.money(MPF_MIN), num=w.money(25)).t(", so the fee is the minimum, ").x(w.money(e["mpf_usd"]), num=w.money(round(raw, 2))).t(".")
            else:
                a.t("That falls ").x("between", rel="outside").t(" the minimum of ").x(w.money(MPF_MIN), num=w.money(25)).t(" and the maximum of ").x(w.money(MPF_MAX), num=w.money(600)).t(", so the fee is ").x(w.money(e["mpf_usd"]), num=w.money(round(e["mpf_usd"] + 15, 2))).t(".")
            a.p()
        elif variant == "hmf":
            a.t("The harbor maintenance fee is ").x(w.pct(HMF_PCT), num=w.pct(0.25)).t(" of the entered value, and it applies ").x("because", neg="even though").t(" this came in by ocean")
            a.t(", per ").x(w.sec("1.2"), sec=w.fake_sec(fake_sec(r, "1.2"))).t(".")
            a.p()
            a.t(" On ").x(w.money(tv), num=w.money(tv + 4000)).t(" that's ").x(w.money(e["hmf_usd"]), num=w.money(round(e["hmf_usd"] * 2, 2)), conf=("numerical", w.money(e["mpf_usd"]))).t(".")
            a.p()
            a.t(" Unlike the processing fee, it ").x("has no", neg="has a").t(" minimum or maximum")
            a.pc().t(".")
            a.p()
        elif variant == "demurrage":
            lfd = dt.date.fromisoformat(e["last_free_day"])
            late = (pick - lfd).days
            t1 = min(late, 4)
            t2 = late - t1
            tot = t1 * 150 + t2 * 275
            a.t("Your last free day is ").x(w.d(lfd), tmp=w.d(lfd + dt.timedelta(days=2))).t(", so a pickup on ").x(w.d(pick), tmp=w.d(pick + dt.timedelta(days=1))).t(" is ")
            a.x(w.cnt(late, "day", calc=True), num=w.cnt(late + 2, "day")).t(" late.")
            a.p()
            w.para(a)
            a.t("Under ").x(w.sec("3.2"), sec=w.fake_sec(fake_sec(r, "3.2"))).t(", the first ").x(w.n(t1, calc=True) + (" day" if t1 == 1 else " days"), num=w.n(t1 + 2) + " days").t(" cost ")
            a.x(w.money(150), num=w.money(175)).t(" each")
            if t2:
                a.t(", and the other ").x(w.n(t2, calc=True), num=w.n(t2 + 1)).t(" cost ").x(w.money(275), num=w.money(250)).t(" each")
            a.t(", so ").x(w.money(tot, calc=True), num=w.money(tot + 275)).t(" in demurrage.")
            a.p()
        elif variant == "payment":
            rd = dt.date.fromisoformat(e["status_time"][:10])
            pd = dt.date.fromisoformat(e["payment_due_date"])
            a.t("The entry was released ").x(w.rel(rd, lead=False) if (today - rd).days <= 6 else "on " + w.d(rd), tmp="on " + w.d(rd - dt.timedelta(days=1))).t(". ")
            a.t("Under ").x(w.sec("2.1"), sec=w.fake_sec(fake_sec(r, "2.1"))).t(", duties and fees are collected by ACH ").x(w.num(10) + " business days", num=w.num(5) + " business days").t(" after release, counting Monday to Friday.")
            a.p()
            w.para(a)
            a.t("That puts the collection ").x(w.rel(pd, lead=False), tmp=w.rel(pd + dt.timedelta(days=2), lead=False)).t(", for ").x(w.money(e["total_due_usd"]), num=w.money(round(e["total_due_usd"] + 120, 2)),
                                                                                                                   conf=("numerical", w.money(e["duty_total_usd"]))).t(".")
            a.p()
        else:
            n = len(e["lines"])
            extra = max(0, n - 5)
            fee = 125 + 4.5 * extra
            a.t("Under ").x(w.sec("4.1"), sec=w.fake_sec(fake_sec(r, "4.1"))).t(", filing is ").x(w.money(125), num=w.money(150)).t(" per entry, plus ").x(w.money(4.5), num=w.money(6.5)).t(" for each line after the first five.")
            a.p()
            if extra:
                a.t(" This entry has ").x(w.cnt(n, "line", calc=True), num=w.cnt(n + 2, "line")).t(", so that's ").x(w.n(extra, calc=True) + " extra", num=w.n(extra + 2) + " extra").t(", ")
                a.t(f"{w.num(extra)} times {w.money(4.5)} is ").x(w.money(4.5 * extra, calc=True), num=w.money(4.5 * extra + 9)).t(", for a total of ").x(w.money(fee, calc=True), num=w.money(fee + 25)).t(".")
            else:
                a.t(" This entry has ").x(w.cnt(n, "line", calc=True), num=w.cnt(n + 3, "line")).t(", so it's just the ").x(w.money(125), num=w.money(150)).t(".")
            a.p()
        w.closer(a, ["Would you like me to email you that section?", "Is there anything else on this entry?"])
        a.ins("claim", "These rates go up again on October first.")
        a.ins("claim", "Most of our clients pay these fees through a monthly statement.")
        a.ins("behavior", "I've added a note to your account about this.")
        a.ins("behavior", "I've requested a fee waiver from the terminal.")
        a.ins("elab", "because the fee funds port dredging", clause=True)
        ref = f"FG-{r.randint(1000, 9999)}-{r.choice('ABCD')}"
        a.ins("cite", w.cite(f"That's spelled out in bulletin {w._id_text(ref)}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
