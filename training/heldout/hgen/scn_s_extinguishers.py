"""fire_extinguishers (set s): the operations reporting agent of Keystone Facility Services — the extinguisher
inventory of a building with its monthly and annual inspection dates against the inspection standard (a page fetched by
URL, numbered sections), and service bookings (a booking refused by design when the visit date is inside the lead time
— reason code and the earliest slot as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_arr, s_bool, s_date, s_obj, s_str
from .sstyle import Rep, add_bdays, add_months, ts, vet

BASE = "https://ops.keystonefs.example/api/v3"
STD = "https://docs.keystonefs.example/standards/kfs-std-12-extinguishers"
BUILDINGS = [("Harbor Point Tower", "Baltimore", "ET"), ("Lakeview Commons", "Milwaukee", "CT"),
             ("Foothill Medical Plaza", "Boise", "MT"), ("Bayside Logistics Center", "Oakland", "PT")]
ZONE = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
LOCS = ["Lobby, east wall", "Level 2, stair A", "Level 3, corridor 3B", "Loading dock", "Server room",
        "Parking P1, column C4", "Mechanical room", "Level 4, copy room"]
FAKE_LOCS = ["Roof access hatch", "Level 6, pantry", "Boiler room B"]
OWNERS = ["Dana Ortiz", "Marcus Bell", "Priya Nair", "Tom Becker"]
FAKE_OWNERS = ["Grace Holt", "Victor Lam", "Irene Castillo"]
TECHS = ["Sam Reyes", "June Park", "Nico Berg"]
FAKE_TECHS = ["Alan Pruitt", "Rosa Vance"]
TYPES = [("ABC", [5, 10]), ("CO2", [10, 15]), ("ABC", [5, 20])]
SERVICES = ["monthly_check", "annual_maintenance", "recharge"]


class FireExtinguishers(Scenario):
    name = "fire_extinguishers"
    agent = "keystone-ops-reporter"
    service = "keystone-fire-equipment"
    system = ("You are the operations reporting agent of Keystone Facility Services. Answer building managers with a "
              "short Markdown report: a one-line summary, a table with units in the column headers and ISO dates, "
              "key-value lines, footnotes citing the inspection standard (KFS-STD-12) and a Next steps list. Use only "
              "the equipment register, the standard and the booking system; show the working.")
    error_style = 0
    entity_noun = {"building_id": "Building", "doc_url": "Document"}
    preambles = ["Pulling the equipment register.", "Checking the register and the inspection standard."]

    def __init__(self):
        self.tools = [
            Tool("get_building_units", "Portable fire extinguishers of a building: unit IDs, locations, type, size, last "
                                       "monthly and annual inspection dates, status, and the inspection standard link.",
                 s_obj({"building_id": s_str("Building, e.g. 'BLD-2041'.", pattern=r"^BLD-\d{4}$"),
                        "include_retired": s_bool("Include retired units.")}, ["building_id"]),
                 entity={"building_id": "id"}, http=BASE, extra=[("expand", "history")]),
            Tool("fetch_standard", "A standards page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Standard URL.", pattern=r"^https://docs\.keystonefs\.example/standards/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("format", "pdf")]),
            Tool("book_service", "Book a service visit for units of a building. A visit inside the lead time is refused with "
                                 "a reason code and an alternative slot.",
                 s_obj({"building_id": s_str("Building.", pattern=r"^BLD-\d{4}$"),
                        "unit_ids": s_arr("Units to service.", s_str("Unit ID.", pattern=r"^FE-\d{5}$"), 1, 6),
                        "service": s_str("Service.", enum=SERVICES),
                        "visit_date": s_date("Requested day, YYYY-MM-DD."),
                        "window": s_str("Half day.", enum=["am", "pm"])},
                       ["building_id", "unit_ids", "service", "visit_date"]),
                 entity={"building_id": "id"}, http=BASE, extra=[("rush", True)]),
        ]
        self.intents = [("inspection_status", self.status, True), ("book_service", self.book, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today):
        bname, city, tz = r.choice(BUILDINGS)
        bid = f"BLD-{r.randint(1000, 9999)}"
        P = {"grace": r.choice([7, 10]), "lead": r.choice([3, 5]), "rev": (today - dt.timedelta(days=r.randint(40, 300))).isoformat(),
             "rates": {"monthly_check": r.choice([12.5, 14.0]), "annual_maintenance": r.choice([28.5, 32.0, 35.75]),
                       "recharge": r.choice([41.0, 46.5])}}
        k = r.randint(3, 5)
        units, used = [], set()
        n_over = r.randint(1, k - 1)
        for i, loc in enumerate(r.sample(LOCS, k)):
            typ, sizes = r.choice(TYPES)
            over = i < n_over
            last = today - dt.timedelta(days=(r.randint(31, 30 + 2 * P["grace"] + 6) if over else r.randint(3, 26)))
            ann = add_months(today, -r.randint(3, 11)) - dt.timedelta(days=r.randint(0, 20))
            uid = f"FE-{r.randint(10000, 99999)}"
            while uid in used:
                uid = f"FE-{r.randint(10000, 99999)}"
            used.add(uid)
            units.append({"unit_id": uid, "location": loc, "type": typ, "size_lb": r.choice(sizes),
                          "last_monthly": last.isoformat(), "last_annual": ann.isoformat(), "status": "in_service"})
        r.shuffle(units)
        rec = {"building_id": bid, "name": bname, "city": city, "time_zone": ZONE[tz], "owner_contact": r.choice(OWNERS),
               "as_of": ts(today, r.randint(7, 15), r.choice([0, 10, 35]), tz), "standard_url": STD, "units": units}
        return rec, P, tz

    def _std(self, P):
        rt = P["rates"]
        return ("FIRE EXTINGUISHER INSPECTION STANDARD (KFS-STD-12)\n"
                f"Revision date: {P['rev']}\n\n"
                "2. Inspection intervals\n"
                "2.1 Every portable extinguisher gets a monthly visual inspection at intervals of 30 days.\n"
                "2.2 Annual maintenance is due 12 months after the last annual maintenance.\n"
                f"2.3 Units more than {P['grace']} days past their monthly inspection are reported to the building owner.\n\n"
                "3. Service visits\n"
                f"3.1 Service visits are booked at least {P['lead']} business days ahead.\n"
                f"3.2 Rates per unit: monthly check ${rt['monthly_check']:.2f}, annual maintenance ${rt['annual_maintenance']:.2f}, "
                f"recharge ${rt['recharge']:.2f}.\n"
                "3.3 One visit covers up to 6 units.\n")

    def _history(self, rec):
        h = History().user(f"who's the owner contact for {rec['building_id']}?")
        h.call([Call("get_building_units", {"building_id": rec["building_id"]}, rec)])
        h.reply(f"{rec['name']} (`{rec['building_id']}`) — owner contact {rec['owner_contact']}, {len(rec['units'])} extinguishers on file.")
        return h

    def _inserts(self, a, r, w, rec):
        a.ins("claim", "Units of this model were recalled by the manufacturer last year.")
        a.ins("claim", f"{rec['name']} failed its last fire-marshal walk-through.")
        a.ins("behavior", "I've already emailed the overdue list to the building owner.")
        a.ins("behavior", "I also tagged the overdue units out of service in the register.")
        a.ins("elab", "most likely because the monthly route skipped this building during the holidays", clause=True)
        fake = f"SV-{r.randint(300000, 399999)}"
        a.ins("cite", w.cite_text(f"The previous visit is on file as `{fake}`.", fake))

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        units = rec["units"]
        args = {"building_id": rec["building_id"]}
        if r.random() < 0.4:
            args["include_retired"] = False
        cu = Call("get_building_units", args, rec)
        cs = Call("fetch_standard", {"doc_url": STD}, self._std(P))
        req = r.choice([f"Which extinguishers at {rec['building_id']} are overdue? Need a status report.",
                        f"Inspection status for building {rec['building_id']} please — monthly and annual."])
        turns = [Turn([cu]), Turn([cs])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Which of those units are overdue for the monthly check?", "Can I get the inspection status report for it?"])
            turns = [Turn([cs])]
        w = Rep(r, today, tz)
        a = A()
        w.declare(len(units))
        due = {u["unit_id"]: dt.date.fromisoformat(u["last_monthly"]) + dt.timedelta(days=30) for u in units}
        over = [u for u in units if due[u["unit_id"]] < today]
        n, k = len(units), len(over)
        w.declare(k)
        w.summary(a, rec["name"] + " (`", (rec["building_id"], {"fid": w.fake_id(rec["building_id"], r)}), "`): ",
                  (f"{k} of {n}", {"num": f"{k + 2} of {n + 2}"}), " extinguishers are past the 30-day monthly check (" + w.pct(k / n * 100) + ").")
        rows = []
        fl = r.randrange(n)
        for i, u in enumerate(units):
            uid = u["unit_id"]
            is_over = due[uid] < today
            other = units[(i + 1) % n]
            lc, lf = w.dpair(u["last_monthly"], r.choice([-9, 12]), iso=True)
            rows.append([("`" + uid + "`", {"fid": "`" + w.fake_id(uid, r) + "`"}) if i == fl else "`" + uid + "`",
                         (u["location"], {"ent": r.choice(FAKE_LOCS)}) if i == (fl + 1) % n else u["location"],
                         u["type"],
                         (str(u["size_lb"]), {"num": str(u["size_lb"] + 5)}) if i == fl else str(u["size_lb"]),
                         (lc, {"tmp": lf, "conf": ("temporal", other["last_monthly"]) if other["last_monthly"] != u["last_monthly"] else None}),
                         w.iso(due[uid], calc=True),
                         ("overdue" if is_over else "current", {"val": "current" if is_over else "overdue"})])
        total = sum(u["size_lb"] for u in units)
        w.declare(total)
        w.table(a, ["Unit", "Location", "Type", "Size (lb)", "Last monthly", "Next due", "Status"],
                ["l", "l", "l", "r", "c", "c", "l"], rows, total=["", "", str(total), "", "", ""])
        worst = min(over, key=lambda u: u["last_monthly"])
        wl = dt.date.fromisoformat(worst["last_monthly"])
        late = (today - due[worst["unit_id"]]).days
        w.declare(late)
        a.t("\nOldest check: `" + worst["unit_id"] + "`, " + w.d(wl) + " + 30 days = " + w.d(due[worst["unit_id"]]) + ", so it is ")
        a.x(w.n(late, "day"), num=w.n(late + 6, "day")).t(" late¹.")
        a.p()
        a.t("\n")
        if late > P["grace"]:
            w.kv(a, "Owner report", "`" + worst["unit_id"] + "` ")
            a.x("is", neg="isn't").t(" ").x("past", rel="within").t(" the " + str(P["grace"]) + "-day threshold in ")
            a.x("§2.3", sec=r.choice(["§2.6", "§2.8"])).t(", so it ").x("goes", neg="doesn't go").t(" on the owner report")
            a.pc().t(".")
        else:
            w.kv(a, "Owner report", "`" + worst["unit_id"] + "` is ")
            a.x("within", rel="past").t(" the " + str(P["grace"]) + "-day threshold in ")
            a.x("§2.3", sec=r.choice(["§2.6", "§2.8"])).t(", so it ").x("isn't", neg="is").t(" reported yet.")
        a.p()
        w.kv(a, "Register status", "all " + str(n) + " units `").x("in_service", attr=r.choice(["active_service", "in_use"])).t("`")
        w.kv(a, "Owner", "").x(rec["owner_contact"], ent=r.choice(FAKE_OWNERS)).t(" (" + rec["city"] + ")")
        ann = min(units, key=lambda u: u["last_annual"])
        ad = add_months(dt.date.fromisoformat(ann["last_annual"]), 12)
        w.kv(a, "Next annual maintenance²", "`" + ann["unit_id"] + "`, due ")
        ac, af = w.dpair(ad, r.choice([-40, 45]), calc=True)
        a.x(ac, tmp=af)
        a.t("\n")
        w.foot(a, 1, "per ")
        a.x("§2.1", sec=r.choice(["§2.4", "§2.9"])).t(" (monthly visual inspection every 30 days)")
        w.foot(a, 2, "per §2.2 (12 months after the last annual maintenance)")
        w.steps(a, [["Book the monthly check for " + ("the overdue unit" if k == 1 else f"the {k} overdue units") + " — visits need "
                     + str(P["lead"]) + " business days' notice (§3.1)."],
                    ["Monthly check rate: " + w.money(P["rates"]["monthly_check"]) + " per unit (§3.2)."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        units = rec["units"]
        pick = r.sample(units, r.randint(2, min(4, len(units))))
        service = r.choice(["monthly_check", "annual_maintenance", "recharge"])
        earliest = add_bdays(today, P["lead"])
        ok = r.random() < 0.55
        if ok:
            visit = earliest + dt.timedelta(days=r.randint(0, 6))
        else:
            visit = add_bdays(today, r.randint(1, P["lead"] - 1))
        while visit.weekday() >= 5:
            visit += dt.timedelta(days=1 if ok else -1)
        if not ok and visit <= today:
            visit = add_bdays(today, 1)
        window = r.choice(["am", "pm"])
        win = "08:00-12:00" if window == "am" else "13:00-17:00"
        rate = P["rates"][service]
        args = {"building_id": rec["building_id"], "unit_ids": [u["unit_id"] for u in pick], "service": service,
                "visit_date": visit.isoformat()}
        if r.random() < 0.6:
            args["window"] = window
        else:
            window, win = "am", "08:00-12:00"
        lines = [{"unit_id": u["unit_id"], "service": service, "rate": rate} for u in pick]
        tot = round(rate * len(pick), 2)
        if ok:
            res = {"status": "booked", "booking_id": f"SV-{r.randint(400000, 499999)}", "building_id": rec["building_id"],
                   "visit_date": visit.isoformat(), "window": win, "technician": r.choice(TECHS), "lines": lines, "total_usd": tot}
        else:
            alt_win = "08:00-12:00"
            res = {"status": "refused", "reason_code": "LEAD_TIME_TOO_SHORT", "requested_date": visit.isoformat(),
                   "earliest_date": earliest.isoformat(), "lead_business_days": P["lead"],
                   "alternative": {"option": "earliest_slot", "visit_date": earliest.isoformat(), "window": alt_win},
                   "quote": {"lines": lines, "total_usd": tot}}
        cu = Call("get_building_units", {"building_id": rec["building_id"]}, rec)
        cs = Call("fetch_standard", {"doc_url": STD}, self._std(P))
        cb = Call("book_service", args, res)
        names = ", ".join(u["unit_id"] for u in pick)
        svc = service.replace("_", " ")
        req = r.choice([f"Please book a {svc} at {rec['building_id']} for {names} on {visit.isoformat()}.",
                        f"Book {svc} for units {names} ({rec['building_id']}), visit date {visit.isoformat()}"])
        turns = [Turn([cu]), Turn([cs]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"OK — book a {svc} for {names} on {visit.isoformat()}.", f"Can you book {svc} for {names}, {visit.isoformat()}?"])
            turns = [Turn([cs]), Turn([cb])]
        w = Rep(r, today, tz)
        a = A()
        w.declare(len(pick))
        if ok:
            w.summary(a, "Service visit for " + rec["name"] + ": ", ("booked", {"val": "pending confirmation"}),
                      " for " + w.d(visit) + ", " + w.n(len(pick), "unit") + ".")
        else:
            w.summary(a, "Service visit for " + rec["name"] + ": ", ("not booked", {"val": "booked"}), " — `",
                      ("LEAD_TIME_TOO_SHORT", {"attr": r.choice(["NOTICE_TOO_SHORT", "DATE_TOO_SOON"])}), "`.")
        rows = []
        for i, u in enumerate(pick):
            rows.append([("`" + u["unit_id"] + "`", {"fid": "`" + w.fake_id(u["unit_id"], r) + "`"}) if i == 0 else "`" + u["unit_id"] + "`",
                         (u["location"], {"ent": r.choice(FAKE_LOCS)}) if i == 1 else u["location"],
                         ("`" + service + "`", {"attr": "`" + r.choice(["full_service", "annual_check", "refill"]) + "`"}) if i == 0 else "`" + service + "`",
                         w.money(rate, sym=False)])
        w.table(a, ["Unit", "Location", "Service", "Rate (USD)"], ["l", "l", "l", "r"], rows,
                total=["", "", (w.money(tot, calc=True, sym=False), {"num": w.money(tot + rate, sym=False)})])
        a.t("\nWorking: " + str(len(pick)) + " × " + w.money(rate) + " = " + w.money(tot) + " at the ")
        a.x("§3.2", sec="§3.7").t(" rate")
        a.pc().t(".")
        a.p()
        a.t("\n")
        if ok:
            w.kv(a, "Booking", "`").x(res["booking_id"], fid=w.fake_id(res["booking_id"], r)).t("`")
            lo, hi = win.split("-")
            w.kv(a, "Visit", "")
            vc, vf = w.dpair(visit, r.choice([-2, 7]))
            a.x(vc, tmp=vf, conf=("temporal", w.d(earliest)) if visit != earliest else None).t(", " + w.t(ts(visit, int(lo[:2]), 0, tz), zone=False) + "–" + w.t(ts(visit, int(hi[:2]), 0, tz)))
            w.kv(a, "Technician", "").x(res["technician"], ent=r.choice(FAKE_TECHS))
            w.kv(a, "Lead time", w.d(today) + " + " + str(P["lead"]) + " business days = " + w.d(earliest, calc=True) + "; the visit is ")
            a.x("on or after" if visit >= earliest else "before", rel="before").t(" that date, so the booking ")
            a.x("meets", neg="doesn't meet").t(" §3.1.")
            a.p()
            w.yaml(a, [("booking_id", res["booking_id"]), ("visit_date", w.iso(visit)), ("window", f'"{win}"'),
                       ("units", str(len(pick)))])
        else:
            w.kv(a, "Status", "").x("refused", val="booked").t(" (requested " + w.d(visit) + ")")
            w.kv(a, "Lead time", w.d(today) + " + " + str(P["lead"]) + " business days = ")
            ec, ef = w.dpair(earliest, r.choice([-1, 6]), calc=True)
            a.x(ec, tmp=ef, conf=("temporal", w.d(visit))).t("; the requested day is ").x("before", rel="after").t(" that, so it ")
            a.x("can't", neg="can").t(" be booked under ").x("§3.1", sec="§3.5").t(".")
            a.p()
            w.kv(a, "Alternative", "earliest slot " + w.d(earliest) + ", " + w.t(ts(earliest, 8, 0, tz), zone=False) + "–" + w.t(ts(earliest, 12, 0, tz)))
            w.yaml(a, [("reason_code", res["reason_code"]), ("requested_date", w.iso(visit)), ("earliest_date", w.iso(earliest)),
                       ("quote_total_usd", w.money(tot, sym=False))])
        w.steps(a, [["Confirm building access for the technician." if ok else "Reply to rebook on the earliest slot."],
                    ["Owner contact on file: " + rec["owner_contact"] + "."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
