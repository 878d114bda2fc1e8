"""tool_crib (set s): the operations reporting agent of Ardent Aerostructures' plant tool cribs — tools checked out, due
back and due for calibration, overdue charges and the value of tools out against the tool-control procedure (a QMS page
fetched by URL, numbered sections), and tool reservations (a reservation refused by design when the tool's calibration
falls due inside the loan — reason code and a sister tool as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .sstyle import Rep, ts, vet

BASE = "https://mes.ardentaero.example/api/v1"
QP = "https://qms.ardentaero.example/procedures/qp-7-1-tool-control"
PLANTS = [("Wichita Plant 2", "CT"), ("Everett Composite Shop", "PT"), ("Greenville Assembly", "ET"), ("Tucson MRO Hangar", "MT")]
ZONE = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
TOOLS = [("Torque wrench 20-100 Nm", 412.0), ("Digital caliper 300 mm", 268.5), ("Rivet gun 3X", 655.0),
         ("Borescope 6 mm", 2450.0), ("Crimp tool M22520", 1180.0), ("Pressure gauge 0-300 psi", 345.0),
         ("Torque multiplier 4:1", 1725.0)]
FAKE_TOOLS = ["Ultrasonic thickness gauge", "Hydraulic rivet squeezer"]
TECHS = [("Ana Ribeiro", "EMP-20417"), ("Joel Kim", "EMP-31852"), ("Marta Wolff", "EMP-44120"), ("Devon Price", "EMP-52076"),
         ("Sara Osei", "EMP-60931")]
FAKE_TECHS = ["Leo Marsh", "Tanya Greer"]
ATTENDANTS = ["Rick Dolan", "Vera Lindqvist", "Hugo Pereira"]


class ToolCrib(Scenario):
    name = "tool_crib"
    agent = "ardent-crib-reporter"
    service = "ardent-tool-crib"
    system = ("You are the tool-crib reporting agent of Ardent Aerostructures. Report to supervisors in Markdown: a one-line "
              "summary, a table with units in the headers and ISO dates, a totals row where figures add up, key-value lines, "
              "footnotes citing the tool-control procedure (QP-7.1) and a Next steps list. Use only the crib record, the "
              "procedure and the reservation system; show the working.")
    error_style = 2
    entity_noun = {"crib_id": "Crib", "tool_id": "Tool", "technician_id": "Employee", "doc_url": "Page"}
    preambles = ["Pulling the crib record.", "Checking the crib and the tool-control procedure."]

    def __init__(self):
        self.tools = [
            Tool("get_crib_status", "A plant tool crib: tools with checkout holder, due-back date, calibration due date and "
                                    "replacement cost, the attendant and the procedure link.",
                 s_obj({"crib_id": s_str("Crib, e.g. 'CRB-204'.", pattern=r"^CRB-\d{3}$"),
                        "include_calibration": s_bool("Include calibration due dates.")}, ["crib_id"]),
                 entity={"crib_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("fetch_procedure", "A QMS procedure page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Procedure URL.", pattern=r"^https://qms\.ardentaero\.example/procedures/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("revision", "all")]),
            Tool("reserve_tool", "Reserve a crib tool for a technician. A reservation the procedure does not allow is refused "
                                 "with a reason code and an alternative.",
                 s_obj({"crib_id": s_str("Crib.", pattern=r"^CRB-\d{3}$"),
                        "tool_id": s_str("Tool, e.g. 'TL-20417'.", pattern=r"^TL-\d{5}$"),
                        "technician_id": s_str("Employee, e.g. 'EMP-20417'.", pattern=r"^EMP-\d{5}$"),
                        "pickup_date": s_date("Pickup day, YYYY-MM-DD."),
                        "days": s_int("Loan days.", 1, 14)},
                       ["crib_id", "tool_id", "technician_id", "pickup_date", "days"]),
                 entity={"crib_id": "id", "tool_id": "id", "technician_id": "id"}, http=BASE, extra=[("priority", "aog")]),
        ]
        self.intents = [("crib_report", self.report, True), ("reserve_tool", self.reserve, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today):
        plant, tz = r.choice(PLANTS)
        P = {"loan": r.choice([7, 10]), "grace": r.choice([2, 3]), "fee": r.choice([15.0, 25.0]), "calwin": r.choice([5, 7]),
             "rev": r.choice(["F", "G", "H"])}
        tools, used = [], set()
        k = r.randint(3, 5)
        n_over = r.randint(1, k - 1)
        for i, (desc, cost) in enumerate(r.sample(TOOLS, k)):
            tid = f"TL-{r.randint(10000, 99999)}"
            while tid in used:
                tid = f"TL-{r.randint(10000, 99999)}"
            used.add(tid)
            name, emp = r.choice(TECHS)
            out = today - dt.timedelta(days=r.randint(P["loan"] + 2, P["loan"] + 12) if i < n_over else r.randint(1, P["loan"] - 2))
            due = out + dt.timedelta(days=P["loan"])
            tools.append({"tool_id": tid, "description": desc, "checked_out_to": {"name": name, "employee_id": emp},
                          "checked_out": ts(out, r.randint(6, 15), r.choice([5, 20, 40]), tz), "due_back": due.isoformat(),
                          "calibration_due": (today + dt.timedelta(days=r.randint(10, 160))).isoformat(),
                          "replacement_cost_usd": cost})
        r.shuffle(tools)
        rec = {"crib_id": f"CRB-{r.randint(100, 899)}", "plant": plant, "time_zone": ZONE[tz], "attendant": r.choice(ATTENDANTS),
               "tools_out": tools, "as_of": ts(today, r.randint(6, 14), r.choice([0, 30]), tz), "procedure_url": QP,
               "charge_mode": "cost_center"}
        return rec, P, tz

    def _qp(self, P):
        return (f"QP-7.1 TOOL CONTROL — REVISION {P['rev']}\n\n"
                "4. Checkout\n"
                f"4.1 Tools are checked out for up to {P['loan']} days.\n"
                f"4.2 Tools more than {P['grace']} days overdue are charged to the holder's cost center at ${P['fee']:.2f} per day "
                "beyond the grace period.\n\n"
                "5. Calibration\n"
                f"5.1 A calibrated tool is not issued when its calibration falls due within the loan or within {P['calwin']} days "
                "of pickup.\n"
                "5.2 Tools past their calibration due date are quarantined.\n\n"
                "6. Reservations\n"
                "6.1 Reservations are held until 10:00 on the pickup day.\n")

    def _history(self, rec):
        h = History().user(f"who's the attendant at crib {rec['crib_id']}?")
        h.call([Call("get_crib_status", {"crib_id": rec["crib_id"]}, rec)])
        h.reply(f"`{rec['crib_id']}` at {rec['plant']} — attendant {rec['attendant']}, {len(rec['tools_out'])} tools out.")
        return h

    def _inserts(self, a, r, w, rec):
        a.ins("claim", "Two of these tools failed their last calibration check.")
        a.ins("claim", f"{rec['plant']} lost three borescopes last quarter.")
        a.ins("behavior", "I've already sent recall notices to the holders.")
        a.ins("behavior", "I also booked the calibration lab for next week.")
        a.ins("elab", "mostly because second shift skips the end-of-shift return scan", clause=True)
        fake = f"RSV-{r.randint(100000, 199999)}"
        a.ins("cite", w.cite_text(f"See reservation `{fake}` for the earlier hold.", fake))

    # ------------------------------------------------------------------ intents
    def report(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        tl = rec["tools_out"]
        args = {"crib_id": rec["crib_id"]}
        if r.random() < 0.5:
            args["include_calibration"] = True
        cc = Call("get_crib_status", args, rec)
        cp = Call("fetch_procedure", {"doc_url": QP}, self._qp(P))
        req = r.choice([f"Tools-out report for crib {rec['crib_id']}? Which are overdue?",
                        f"What's checked out of {rec['crib_id']} right now and what's overdue?"])
        turns = [Turn([cc]), Turn([cp])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Which of those tools are overdue?", "Can I get the tools-out report for that crib?"])
            turns = [Turn([cp])]
        w = Rep(r, today, tz)
        a = A()
        over = [t for t in tl if dt.date.fromisoformat(t["due_back"]) < today]
        value = sum(t["replacement_cost_usd"] for t in tl)
        for v in (len(tl), len(over)):
            w.declare(v)
        w.summary(a, rec["plant"] + " crib `", (rec["crib_id"], {"fid": w.fake_id(rec["crib_id"], r)}), "`: ",
                  (w.n(len(tl), "tool"), {"num": w.n(len(tl) + 3, "tool")}), " out, " + str(len(over)) + " overdue, "
                  + w.money(value, calc=True) + " of tooling on loan.")
        rows = []
        k0 = r.randrange(len(tl))
        for i, t in enumerate(tl):
            other = tl[(i + 1) % len(tl)]
            dc, df = w.dpair(t["due_back"], r.choice([-5, 6]), iso=True)
            rows.append([("`" + t["tool_id"] + "`", {"fid": "`" + w.fake_id(t["tool_id"], r) + "`"}) if i == k0 else "`" + t["tool_id"] + "`",
                         (t["description"], {"ent": r.choice(FAKE_TOOLS)}) if i == k0 else t["description"],
                         (t["checked_out_to"]["name"], {"ent": r.choice(FAKE_TECHS)}) if i == (k0 + 1) % len(tl) else t["checked_out_to"]["name"],
                         (dc, {"tmp": df, "conf": ("temporal", other["due_back"]) if other["due_back"] != t["due_back"] else None}) if i == k0 else dc,
                         w.iso(t["calibration_due"]),
                         w.money(t["replacement_cost_usd"], sym=False)])
        w.table(a, ["Tool", "Description", "Holder", "Due back", "Cal. due", "Replacement (USD)"], ["l", "l", "l", "c", "c", "r"],
                rows, total=["", "", "", "", (w.money(value, sym=False), {"num": w.money(value + 880, sym=False)})])
        worst = min(over, key=lambda t: t["due_back"])
        wd = dt.date.fromisoformat(worst["due_back"])
        late = (today - wd).days
        w.declare(late)
        a.t("\nMost overdue: `" + worst["tool_id"] + "`, due " + w.d(wd) + ", now ").x(w.n(late, "day"), num=w.n(late + 5, "day")).t(" late")
        a.pc().t(".")
        a.p()
        a.t("\n")
        if late > P["grace"]:
            charge = (late - P["grace"]) * P["fee"]
            w.declare(late - P["grace"])
            w.kv(a, "Overdue charge¹", f"{late - P['grace']} chargeable days × {w.money(P['fee'])} = {w.money(charge, calc=True)}, ")
            a.x("past", rel="within").t(f" the {P['grace']}-day grace")
        else:
            w.kv(a, "Overdue charge¹", "none yet — still ").x("within", rel="past").t(f" the {P['grace']}-day grace")
        w.kv(a, "Holder", worst["checked_out_to"]["name"] + " (`" + worst["checked_out_to"]["employee_id"] + "`)")
        w.kv(a, "Charged to", "`").x("cost_center", attr=r.choice(["department_budget", "holder_payroll"])).t("`")
        w.kv(a, "Attendant", "").x(rec["attendant"], ent=r.choice(FAKE_TECHS))
        w.kv(a, "Status", "").x("open", val="closed").t(" — " + str(len(over)) + " recall" + ("s" if len(over) != 1 else "") + " needed")
        a.t("\n")
        w.foot(a, 1, "per ").x("§4.2", sec=r.choice(["§4.5", "§4.8"])).t(f" (${P['fee']:.2f} per day beyond the grace period)")
        w.steps(a, [["Recall the overdue tools; loans are " + str(P["loan"]) + " days (§4.1)."],
                    ["Tools past calibration ", ("are", {"neg": "aren't"}), " quarantined (§5.2)."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def reserve(self, ctx):
        r, today = ctx.r, ctx.today
        rec, P, tz = self._data(r, today)
        tl = rec["tools_out"]
        tool, sister = r.sample(tl, 2)
        name, emp = r.choice(TECHS)
        pickup = today + dt.timedelta(days=r.randint(1, 5))
        days = r.randint(2, P["loan"])
        ok = r.random() < 0.55
        if ok:
            cal = pickup + dt.timedelta(days=days + P["calwin"] + r.randint(5, 60))
        else:
            cal = pickup + dt.timedelta(days=r.randint(1, days))
        tool["calibration_due"] = cal.isoformat()
        ret = pickup + dt.timedelta(days=days)
        args = {"crib_id": rec["crib_id"], "tool_id": tool["tool_id"], "technician_id": emp, "pickup_date": pickup.isoformat(), "days": days}
        if ok:
            res = {"status": "reserved", "reservation_id": f"RSV-{r.randint(200000, 299999)}", "tool_id": tool["tool_id"],
                   "technician_id": emp, "pickup_date": pickup.isoformat(), "hold_until": "10:00", "return_by": ret.isoformat()}
        else:
            res = {"status": "refused", "reason_code": "CAL_DUE_IN_LOAN", "tool_id": tool["tool_id"],
                   "calibration_due": cal.isoformat(), "return_by": ret.isoformat(),
                   "alternative": {"option": "sister_tool", "tool_id": sister["tool_id"], "description": sister["description"]}}
        cc = Call("get_crib_status", {"crib_id": rec["crib_id"]}, rec)
        cp = Call("fetch_procedure", {"doc_url": QP}, self._qp(P))
        cr = Call("reserve_tool", args, res)
        req = r.choice([f"Reserve {tool['tool_id']} from crib {rec['crib_id']} for {name} ({emp}), pickup {pickup.isoformat()}, {days} days.",
                        f"Please hold tool {tool['tool_id']} at {rec['crib_id']} for {emp} — pickup {pickup.isoformat()} for {days} days"])
        turns = [Turn([cc]), Turn([cp]), Turn([cr])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Reserve {tool['tool_id']} for {emp}, pickup {pickup.isoformat()}, {days} days.",
                            f"Can you hold {tool['tool_id']} for {name} ({emp}) from {pickup.isoformat()} for {days} days?"])
            turns = [Turn([cp]), Turn([cr])]
        w = Rep(r, today, tz)
        a = A()
        w.declare(days)
        if ok:
            w.summary(a, "Reservation for `" + tool["tool_id"] + "` (" + tool["description"] + "): ", ("confirmed", {"val": "pending"}), ".")
        else:
            w.summary(a, "Reservation for `" + tool["tool_id"] + "` (" + tool["description"] + "): ", ("refused", {"val": "confirmed"}), " — `",
                      ("CAL_DUE_IN_LOAN", {"attr": r.choice(["CALIBRATION_EXPIRED", "CAL_OVERDUE"])}), "`.")
        rows = [[("`" + tool["tool_id"] + "`", {"fid": "`" + w.fake_id(tool["tool_id"], r) + "`"}), tool["description"],
                 w.iso(pickup), (w.iso(ret, calc=True), {"tmp": (ret + dt.timedelta(days=4)).isoformat()}), w.iso(cal),
                 (w.money(tool["replacement_cost_usd"], sym=False), {"conf": ("numerical", w.money(sister["replacement_cost_usd"], sym=False))})]]
        if not ok:
            rows.append(["`" + sister["tool_id"] + "`", (sister["description"], {"ent": r.choice(FAKE_TOOLS)}), "—", "—",
                         w.iso(sister["calibration_due"]), w.money(sister["replacement_cost_usd"], sym=False)])
        w.table(a, ["Tool", "Description", "Pickup", "Return by", "Cal. due", "Replacement (USD)"], ["l", "l", "c", "c", "c", "r"], rows)
        a.t("\nLoan: " + w.d(pickup) + " + ").x(f"{days} days", num=f"{days + 3} days").t(" = " + w.d(ret, calc=True) + ".")
        a.p()
        a.t("\n")
        if ok:
            w.kv(a, "Reservation", "`").x(res["reservation_id"], fid=w.fake_id(res["reservation_id"], r)).t("`")
            w.kv(a, "Technician", "").x(name, ent=r.choice(FAKE_TECHS)).t(" (`" + emp + "`)")
            w.kv(a, "Hold", "until " + w.t(ts(pickup, 10, 0, tz)) + " on the pickup day (")
            a.x("§6.1", sec="§6.4").t(")")
            w.kv(a, "Calibration", "due ")
            cc_, cf = w.dpair(cal, r.choice([-60, -45]))
            a.x(cc_, tmp=cf, conf=("temporal", w.d(pickup))).t(", ").x("after", rel="before").t(" the return date, so the loan ")
            a.x("is", neg="isn't").t(" allowed under §5.1")
            a.pc().t(".")
            a.p()
            w.yaml(a, [("reservation_id", res["reservation_id"]), ("pickup_date", w.iso(pickup)), ("return_by", w.iso(ret)),
                       ("hold_until", '"10:00"')])
        else:
            w.kv(a, "Status", "").x("refused", val="reserved").t(": calibration is due ")
            cc_, cf = w.dpair(cal, r.choice([30, 45]))
            a.x(cc_, tmp=cf).t(", ").x("before", rel="after").t(" the " + w.d(ret) + " return, so the tool ")
            a.x("can't", neg="can").t(" be issued (")
            a.x("§5.1", sec="§5.4").t(")")
            a.pc().t(".")
            a.p()
            w.kv(a, "Alternative", "sister tool `").x(sister["tool_id"], fid=w.fake_id(sister["tool_id"], r)).t("`, " + sister["description"])
            w.kv(a, "Technician", name + " (`" + emp + "`)")
            w.yaml(a, [("reason_code", res["reason_code"]), ("tool_id", tool["tool_id"]), ("calibration_due", w.iso(cal)),
                       ("alternative_tool", sister["tool_id"])])
        w.steps(a, [["Loans run up to " + str(P["loan"]) + " days (§4.1)."],
                    ["Crib attendant: ", (rec["attendant"], {"ent": r.choice(FAKE_TECHS)}), "."]])
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
