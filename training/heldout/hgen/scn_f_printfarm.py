"""print_farm (set f): 3D-print jobs with ETAs and filament cost, printer fleet state and nozzle service,
a Markdown maintenance SOP fetched by path."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_int, s_obj, s_str
from .fstyle import St, guard, hm_long, m, pc

BASE = "https://farm.filaforge.example/api"
MODELS = ["Prusa MK4", "Bambu Lab X1C", "Prusa XL", "Voron 2.4", "Creality K1 Max"]
OTHER_MODELS = ["Ultimaker S7", "Raise3D Pro3", "Formbot T-Rex"]
PARTS = ["drone arm bracket v3", "enclosure lid (matte)", "cable clip 12-pack", "gear housing rev B", "sensor mount",
         "prototype handle, left", "fixture jig #4", "lamp shade shell"]
MATERIALS = {"PLA": 21.0, "PETG": 24.5, "ASA": 31.0, "TPU": 38.0}
COLORS = ["black", "galaxy grey", "signal white", "traffic red", "ocean blue"]


class PrintFarm(Scenario):
    name = "print_farm"
    agent = "Layer"
    service = "filaforge-farm-assistant"
    system = ("You are Layer, the operations assistant of the FilaForge print farm. Use the tools to report print job "
              "progress, printer states, filament stock and maintenance procedures. Times are in the farm's local time "
              "(UTC offset in each timestamp). Never start, pause or cancel a print.")
    error_style = 2
    entity_noun = {"job_id": "Job", "printer_id": "Printer", "sop_path": "File"}
    preambles = ["Checking the farm dashboard.", "Pulling the job record.", "Looking at the printer list."]

    def __init__(self):
        self.tools = [
            Tool("list_printers", "Printers of a bay with state, current job and nozzle hours.",
                 s_obj({"bay": s_str("Bay letter.", enum=["A", "B", "C"]),
                        "state": s_str("Only printers in this state.", enum=["printing", "idle", "error", "maintenance"])}, ["bay"]),
                 http=BASE, extra=[("include_offline", True)]),
            Tool("get_job", "A print job: part, printer, material, filament use, start time and progress.",
                 s_obj({"job_id": s_str("Job ID, e.g. 'J-204117'.", pattern=r"^J-\d{6}$")}, ["job_id"]),
                 entity={"job_id": "id"}, http=BASE, extra=[("include_gcode_meta", True)]),
            Tool("get_spools", "Filament spools in stock for one material.",
                 s_obj({"material": s_str("Material.", enum=list(MATERIALS)),
                        "min_remaining_g": s_int("Only spools with at least this many grams left.", 0, 5000)}, ["material"]),
                 http=BASE, extra=[("warehouse", "main")]),
            Tool("get_sop", "A standard operating procedure (Markdown) by its repository path.",
                 s_obj({"sop_path": s_str("Path, e.g. 'sops/maintenance/nozzle-swap.md'.", pattern=r"^sops/[a-z0-9/_-]+\.md$")}, ["sop_path"]),
                 entity={"sop_path": "path"}, extra=[("ref", "main")]),
        ]
        self.intents = [("job_eta", self.job, True), ("fleet_overview", self.fleet, False), ("nozzle_sop", self.sop, True)]

    def printers(self, r: R, bay, today, off):
        out = []
        for k in r.sample(range(1, 16), 5):
            state = r.choice(["printing", "printing", "printing", "idle", "error", "maintenance"])
            interval = r.choice([200, 250, 300])
            p = {"printer_id": f"PF-{bay}{k:02d}", "model": r.choice(MODELS), "state": state,
                 "nozzle_hours": round(r.uniform(0.4, 1.25) * interval, 1), "nozzle_service_interval_h": interval,
                 "sop_path": "sops/maintenance/nozzle-swap.md"}
            p["current_job_id"] = f"J-{r.randint(100000, 999999)}" if state == "printing" else None
            if state == "error":
                p["error_code"] = r.choice(["THERMAL_RUNAWAY", "FILAMENT_RUNOUT", "BED_LEVEL_FAIL"])
            out.append(p)
        return {"bay": bay, "as_of": f"{today.isoformat()}T{r.randint(8, 21):02d}:{r.randint(0, 59):02d}:00{off}", "printers": out}

    def job(self, ctx):
        r, today = ctx.r, ctx.today
        off = r.choice(["-05:00", "-06:00", "+01:00"])
        bay = r.choice(["A", "B", "C"])
        fl = self.printers(r, bay, today, off)
        pr = r.choice([p for p in fl["printers"] if p["state"] == "printing"] or [fl["printers"][0]])
        pr["state"] = "printing"
        if not pr.get("current_job_id"):
            pr["current_job_id"] = f"J-{r.randint(100000, 999999)}"
        pr.pop("error_code", None)
        jid = pr["current_job_id"]
        mat = r.choice(list(MATERIALS))
        dur = r.randint(180, 1500)
        prog = r.randint(12, 88)
        asof = dt.datetime.fromisoformat(fl["as_of"])
        start = asof - dt.timedelta(minutes=int(dur * prog / 100))
        start = start.replace(second=0)
        grams = r.randint(60, 900)
        lt = r.randint(300, 2400)
        job = {"job_id": jid, "part_name": r.choice(PARTS), "customer_order": f"SO-{r.randint(40000, 49999)}", "printer_id": pr["printer_id"],
               "material": mat, "color": r.choice(COLORS), "filament_g": grams, "cost_per_kg": MATERIALS[mat],
               "started_at": start.isoformat(timespec="seconds"), "est_duration_min": dur, "progress_pct": prog,
               "layer_current": int(lt * prog / 100), "layer_total": lt, "status": "printing", "as_of": fl["as_of"]}
        finish = start + dt.timedelta(minutes=dur)
        gj = Call("get_job", {"job_id": jid}, job)
        calls = [gj]
        spools = None
        if r.random() < 0.5:
            spools = {"material": mat, "spools": [{"spool_id": f"SP-{r.digits(5)}", "color": c, "remaining_g": r.randint(80, 1000)}
                                                   for c in r.sample(COLORS, 3)]}
            if not any(s["color"] == job["color"] for s in spools["spools"]):
                spools["spools"][0]["color"] = job["color"]
        history = None
        if ctx.followup:
            history = History().user(f"What's running in bay {bay}?")
            history.call([Call("list_printers", {"bay": bay}, fl)])
            history.reply(f"Bay {bay}: " + ", ".join(f"{p['printer_id']} {p['state']}" for p in fl["printers"]) + ".")
            req = r.choice([f"When will the job on {pr['printer_id']} be done?", f"What's {pr['printer_id']} printing and how long is left?"])
            turns = [Turn([gj])]
        else:
            req = r.choice([f"ETA on job {jid}?", f"How far along is print job {jid}, and when does it finish?"])
            turns = [Turn([gj])]
        if spools:
            req += " Do we have enough of that filament for a rerun if it fails?"
            turns.append(Turn([Call("get_spools", {"material": mat}, spools)]))
        st = St(r, today)
        left = dur - int(dur * prog / 100)
        left = int((finish - asof).total_seconds() // 60)
        cost = grams / 1000 * MATERIALS[mat]
        a = A()
        st.opener(a, followup=ctx.followup)
        a("Job ")
        st.idx(a, jid, fid=f"J-{r.randint(100000, 999999)}")
        a(" (").x(job["part_name"], ent=None).t(", ").t(mat).t(") on ").x(pr["printer_id"], fid=f"PF-{bay}{r.randint(16, 30)}").t(" is ").x(f"{prog}%", num=f"{min(99, prog + 25)}%").t(" done — layer ")
        a.t(f"{job['layer_current']:,} of {lt:,}").t(".").p()
        a(" It started at ").x(st.t(start), tmp=st.t(start - dt.timedelta(hours=2))).t(" and the slicer estimate is ").x(hm_long(dur), num=hm_long(dur + 120)).t(", so it should finish around ")
        same = finish.date() == asof.date()
        a.x(st.t(finish) + ("" if same else f" {st.rel(finish)}"), tmp=st.t(finish + dt.timedelta(minutes=90)) + ("" if same else f" {st.rel(finish)}")).t(" — roughly ").x(hm_long(left), num=hm_long(left + 75)).t(" from the last update.").p()
        a("\n\n")
        a(st.bullet).t("Filament: ").x(f"{grams} g", num=f"{bump(grams, r, dec=0)} g").t(f" (~{grams / 28.35:.1f} oz)").t(" at ").t(m(MATERIALS[mat])).t("/kg ≈ ").x(m(cost), num=m(bump(cost, r))).t(" in material").pb().t("\n")
        a(st.bullet).t("Order: ").t(job["customer_order"]).pb().t("\n")
        if spools:
            same_c = [s for s in spools["spools"] if s["color"] == job["color"]]
            have = sum(s["remaining_g"] for s in same_c)
            enough = have >= grams
            other = [s for s in spools["spools"] if s["color"] != job["color"]]
            a("\nOn the rerun question: there's ").x(f"{have} g", num=f"{have + 400} g", conf=("numerical", f"{other[0]['remaining_g']} g") if other and other[0]["remaining_g"] != have else None).t(f" of {job['color']} {mat} on the shelf, which ")
            a.x("covers" if enough else "doesn't cover", neg="doesn't cover" if enough else "covers").t(f" the {grams} g this part needs.").p()
        a("\n\n" if spools else "\n")
        a("(That ETA is just the start time plus the slicer's ").x("`est_duration_min`", attr="`eta_minutes`").t(", so any pause pushes it back.)")
        st.closer(a, ["Want me to check the other printers in the bay?", "I can keep an eye on this one if you tell me what to watch for."])
        a.ins("claim", "The printer's chamber camera hasn't flagged any spaghetti so far.")
        a.ins("claim", "This part usually needs supports removed by hand, so add 15 minutes after it finishes.")
        a.ins("behavior", "I've bumped the next job in the queue to this printer so it starts right after.")
        a.ins("behavior", "I've notified the customer that the order ships tomorrow.")
        a.ins("elab", "since the infill switches to gyroid in the top third", clause=True)
        a.ins("elab", f"{mat} jobs on this model tend to run a little over the slicer estimate.")
        a.ins("cite", f"The QC ticket for this part is QC-{r.digits(5)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def fleet(self, ctx):
        r, today = ctx.r, ctx.today
        off = r.choice(["-05:00", "-06:00", "+01:00"])
        bay = r.choice(["A", "B", "C"])
        fl = self.printers(r, bay, today, off)
        ps = fl["printers"]
        req = r.choice([f"Status of bay {bay}?", f"Which printers in bay {bay} are down or due for a nozzle change?",
                        f"Give me a quick rundown of bay {bay}."])
        st = St(r, today)
        by = {s: [p for p in ps if p["state"] == s] for s in ("printing", "idle", "error", "maintenance")}
        due = [p for p in ps if p["nozzle_hours"] >= p["nozzle_service_interval_h"]]
        ok = [p for p in ps if p["nozzle_hours"] < p["nozzle_service_interval_h"]]
        util = len(by["printing"]) / len(ps) * 100
        a = A()
        st.opener(a)
        a("Bay ").t(bay).t(f" has {len(ps)} printers: ").x(f"{len(by['printing'])} printing", num=f"{len(by['printing']) + 1} printing").t(", ")
        a.t(f"{len(by['idle'])} idle, {len(by['error'])} in error and {len(by['maintenance'])} in maintenance").t(" — about ").x(pc(util), num=pc(util + 20)).t(" busy.").p()
        a("\n\n")
        a("| Printer | Model | State | Nozzle hours |\n|---|---|---|---|\n")
        first = True
        for p in ps:
            a("| ").t(p["printer_id"]).t(" | ").x(p["model"], ent=r.choice(OTHER_MODELS) if first else None).t(" | ")
            alt = {"printing": "idle", "idle": "printing", "error": "maintenance", "maintenance": "printing"}[p["state"]]
            a.x(p["state"].replace("_", " "), val=alt if first else None).t(" | ")
            a.x(f"{p['nozzle_hours']:.0f} / {p['nozzle_service_interval_h']}", num=f"{p['nozzle_hours'] * 0.5:.0f} / {p['nozzle_service_interval_h']}" if first else None).t(" |\n")
            first = False
        a("\n")
        if due:
            a("Nozzle service: ").x(", ".join(p["printer_id"] for p in due), ent=None).t(f" {'is' if len(due) == 1 else 'are'} ")
            a.x("past", rel="under").t(" the service interval")
            worst = max(due, key=lambda p: p["nozzle_hours"] - p["nozzle_service_interval_h"])
            over = worst["nozzle_hours"] - worst["nozzle_service_interval_h"]
            a(" (" + ("" if len(due) == 1 else worst["printer_id"] + " ")).t("by ").x(f"{over:.0f} hours", num=f"{over + 40:.0f} hours").t(").").p()
        else:
            a("No printer is ").x("past", rel="under").t(" its nozzle service interval yet.").p()
        if by["error"]:
            e = by["error"][0]
            other_code = {"THERMAL_RUNAWAY": "`HEATBREAK_CLOG`", "FILAMENT_RUNOUT": "`SPOOL_EMPTY`", "BED_LEVEL_FAIL": "`Z_PROBE_FAIL`"}[e["error_code"]]
            a(" ").t(e["printer_id"]).t(" is reporting ").x(f"`{e['error_code']}`", attr=other_code).t(" and ").x("isn't", neg="is").t(" printing until someone clears it.").p()
        st.closer(a, ["Want the nozzle-swap procedure for the overdue ones?", "I can pull the job on any of the busy printers."])
        a.ins("claim", "Bay utilization was about the same at this time last week.")
        a.ins("claim", "All of the idle printers have fresh build plates loaded.")
        a.ins("behavior", "I've put the overdue printers into maintenance mode.")
        a.ins("behavior", "I've paged the on-shift technician about the error.")
        a.ins("elab", "probably because of the humid week", clause=True)
        a.ins("elab", "The older machines in this bay tend to log nozzle wear faster.")
        a.ins("cite", f"There's an open maintenance ticket, MNT-{r.digits(4)}, for this bay.")
        return guard(self, Plan(req, [Turn([Call("list_printers", {"bay": bay}, fl)])], a))

    def sop(self, ctx):
        r, today = ctx.r, ctx.today
        off = r.choice(["-05:00", "-06:00", "+01:00"])
        bay = r.choice(["A", "B", "C"])
        fl = self.printers(r, bay, today, off)
        pr = r.choice(fl["printers"])
        pr["nozzle_hours"] = round(pr["nozzle_service_interval_h"] * r.uniform(1.02, 1.2), 1)
        temp = r.choice([250, 260, 280])
        torque = r.choice(["1.5", "2.0", "2.5"])
        cool = r.choice([10, 15])
        doc = ("# SOP-M-04 Nozzle swap\n\n## 1. Scope\n1.1 Applies to all farm printers once `nozzle_hours` reaches the service interval.\n\n"
               "## 2. Preparation\n2.1 Set the printer to maintenance state from the dashboard before touching it.\n"
               f"2.2 Heat the hotend to {temp} °C to soften residual filament.\n\n## 3. Swap\n3.1 Unload filament, then unscrew the nozzle while hot.\n"
               f"3.2 Tighten the new nozzle to {torque} N·m hot; do not overtighten.\n3.3 Record the swap; this resets `nozzle_hours` to 0.\n\n"
               f"## 4. Verification\n4.1 Let the hotend cool for {cool} minutes, then run the first-layer calibration print.\n")
        args = {"sop_path": pr["sop_path"]}
        lp = Call("list_printers", {"bay": bay}, fl)
        gs = Call("get_sop", args, doc)
        history = None
        if ctx.followup:
            history = History().user(f"Show me bay {bay}.")
            history.call([lp])
            history.reply(f"Bay {bay} loaded; {pr['printer_id']} is at {pr['nozzle_hours']} nozzle hours.")
            req = r.choice([f"{pr['printer_id']} is over its nozzle hours — walk me through the swap.", f"How do I do the nozzle change on {pr['printer_id']}?"])
            turns = [Turn([gs])]
        else:
            req = r.choice([f"Printer {pr['printer_id']} in bay {bay} needs a nozzle swap. What's the procedure?",
                            f"Nozzle swap steps for {pr['printer_id']} (bay {bay}) please."])
            turns = [Turn([lp]), Turn([gs])]
        st = St(r, today)
        over = pr["nozzle_hours"] - pr["nozzle_service_interval_h"]
        fs = lambda real: r.choice([x for x in ["2.3", "3.4", "4.2", "5.1", "1.2", "3.5"] if x != real])
        f_temp = temp * 9 / 5 + 32
        a = A()
        st.opener(a, followup=ctx.followup)
        a.x(pr["printer_id"], fid=f"PF-{bay}{r.randint(16, 30)}").t(" is at ").x(f"{pr['nozzle_hours']:.0f} nozzle hours", num=f"{pr['nozzle_hours'] - 60:.0f} nozzle hours").t(", ")
        a.x(f"about {over:.0f} hours", num=f"about {over + 35:.0f} hours").t(" ").x("over", rel="short of").t(" its ").t(f"{pr['nozzle_service_interval_h']}-hour").t(" interval, so the swap is due. Here's the short version of the SOP (")
        st.idx(a, pr["sop_path"], fid="sops/maintenance/hotend-service.md")
        a("):\n\n")
        a("1. Put it in maintenance state from the dashboard first (").x("2.1", sec=fs("2.1")).t(").\n")
        a("2. Heat the hotend to ").x(f"{temp} °C", num=f"{temp - 40} °C").t(f" (~{f_temp:.0f} °F) (").x("2.2", sec=fs("2.2")).t("), unload the filament and unscrew the nozzle ").x("while hot", neg="once it's cold").t(".\n")
        a("3. Torque the new nozzle to ").x(f"{torque} N·m", num=f"{float(torque) + 2:.1f} N·m").t(" hot — don't overtighten (").x("3.2", sec=fs("3.2")).t(").\n")
        a("4. Record the swap, which resets ").x("`nozzle_hours`", attr="`nozzle_runtime_h`").t(" to 0 (").x("3.3", sec=fs("3.3")).t(").\n")
        a("5. Let it cool ").x(f"{cool} minutes", num=f"{cool + 20} minutes").t(", then run the first-layer calibration print (").x("4.1", sec=fs("4.1")).t(").")
        a.pp()
        if pr["state"] == "printing":
            a("\n\nHeads-up: it's ").x("still printing", val="idle").t(" right now, so you'd need to wait for the current job to end.")
        st.closer(a, ["Want me to check which nozzle spares are in stock?"])
        a.ins("claim", "The swap takes about 20 minutes on this model.")
        a.ins("claim", "Hardened steel nozzles are required for this printer.")
        a.ins("behavior", "I've already switched the printer to maintenance state for you.")
        a.ins("elab", "because a cold nozzle can strip the heater block threads", clause=True)
        a.ins("cite", f"Log the swap against work order WO-{r.digits(5)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
