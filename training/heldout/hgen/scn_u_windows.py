"""window_cleaning (set u): the crew assistant of ClearView Window Crew — a window-cleaning job (customer, site, crew
lead and crew size, pane counts inside and out, price per pane, start time and estimated duration, ladder / lift work,
status) read against the service promise (a plain-text page fetched by URL: per-pane prices, screens, the streak-free
re-clean guarantee window, paid re-clean discount), and booking a free re-clean (refused by design once the guarantee
window has passed — reason code and a paid re-clean at a discount as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .ustyle import M, Sms, add_min, emit_cta, ts, vet

BASE = "https://jobs.clearviewcrew.example/api/v3"
PROMISE = "https://clearviewcrew.example/promise/service-promise-cv-1"
LEADS = [("Travis Keane", "CV-L07"), ("Maya Delacroix", "CV-L11"), ("Kwame Asante", "CV-L04")]
FAKE_LEADS = ["Bryce Holloway", "Nora Fitzgerald"]
CUSTOMERS = ["Harbor Point Dental", "Lydia Chen", "Oakridge Library", "Sal Moretti", "Brightside Bakery", "Tanya Ivers"]
FAKE_CUSTOMERS = ["Westgate Pharmacy", "Olive Tran"]
STREETS = ["N Lamar Blvd", "S Congress Ave", "Burnet Rd", "W 6th St", "Manchaca Rd"]
FAKE_STREETS = ["Guadalupe St", "Airport Blvd"]
ZONES = ["America/Chicago", "America/Denver", "America/New_York"]
PHONES = ["555-0114", "555-0161"]


class WindowCleaning(Scenario):
    name = "window_cleaning"
    agent = "clearview-crew-assistant"
    service = "clearview-jobs"
    system = ("You are the crew assistant of ClearView Window Crew. You send push notifications and texts to crew leads and "
              "customers: short lines, counts and quick math, the service-promise item when it matters, one call to action. "
              "Use only the job system and the service promise.")
    error_style = 2
    entity_noun = {"job_id": "Job", "promise_url": "Page"}
    preambles = ["Checking the job.", "Pulling the job and the service promise."]

    def __init__(self):
        self.tools = [
            Tool("get_job", "A window-cleaning job: customer, site, crew lead and size, pane counts, price per pane, start "
                            "time, estimated minutes, ladder or lift work, screens, completion date and status.",
                 s_obj({"job_id": s_str("Job, e.g. 'WJ-204117'.", pattern=r"^WJ-\d{6}$"),
                        "include_panes": s_bool("Include the pane breakdown.")}, ["job_id"]),
                 entity={"job_id": "id"}, http=BASE, extra=[("include_invoice", True)]),
            Tool("fetch_service_promise", "The service promise page (plain text, numbered items).",
                 s_obj({"promise_url": s_str("Page URL.", pattern=r"^https://clearviewcrew\.example/promise/.+$")},
                       ["promise_url"]),
                 entity={"promise_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("book_reclean", "Book a re-clean of a finished job under the streak-free guarantee. Requests after the "
                                 "guarantee window are refused with a reason code and a paid alternative.",
                 s_obj({"job_id": s_str("Job.", pattern=r"^WJ-\d{6}$"),
                        "date": s_date("Re-clean day, YYYY-MM-DD."),
                        "panes": s_int("Panes to re-clean.", 1, 200),
                        "side": s_str("Side.", enum=["interior", "exterior", "both"])},
                       ["job_id", "date", "panes"]),
                 entity={"job_id": "id"}, http=BASE, extra=[("waive_window", True)]),
        ]
        self.intents = [("job_status", self.status, True), ("book_reclean", self.reclean, True)]

    def _P(self, r):
        return {"out": r.choice([7.5, 8.0, 8.5]), "in": r.choice([5.0, 5.5, 6.0]), "days": r.choice([7, 10]),
                "disc": r.choice([50, 40]), "rev": r.choice(["1", "2"])}

    def _job(self, r, today, P, done_days=None):
        zone = r.choice(ZONES)
        lead, lid = r.choice(LEADS)
        outp, inp = r.choice([18, 24, 32, 40, 46]), r.choice([0, 12, 20, 28])
        start = ts(today, r.choice([8, 9, 10, 12]), r.choice([0, 30]), zone)
        est = r.choice([90, 105, 120, 150, 165])
        rec = {"job_id": f"WJ-{r.randint(100000, 999999)}", "customer": r.choice(CUSTOMERS),
               "site": f"{r.randint(100, 9899)} {r.choice(STREETS)}", "crew_lead": {"name": lead, "lead_id": lid},
               "crew_size": r.randint(2, 4), "panes_exterior": outp, "panes_interior": inp,
               "price_per_pane": {"exterior": P["out"], "interior": P["in"]}, "start_at": start, "est_minutes": est,
               "lift_required": r.random() < 0.35, "screens_included": r.random() < 0.5,
               "status": "in_progress", "promise_url": PROMISE, "office_phone": r.choice(PHONES), "time_zone": zone,
               "as_of": add_min(start, r.randint(20, 60))}
        if done_days is not None:
            rec["status"] = "completed"
            rec["completed_on"] = (today - dt.timedelta(days=done_days)).isoformat()
        return rec

    def _doc(self, P):
        return ("CLEARVIEW WINDOW CREW — SERVICE PROMISE (CV-1)\n"
                f"Revision {P['rev']}\n\n"
                "1. Pricing\n"
                f"1.1 Exterior panes ${P['out']:.2f} each; interior panes ${P['in']:.2f} each.\n"
                "1.2 Screens are brushed and rinsed at no charge when listed on the job.\n"
                "1.3 Panes above the second floor need a lift, booked by the office.\n\n"
                "4. Streak-free guarantee\n"
                f"4.1 Streaks reported within {P['days']} days of completion are re-cleaned free.\n"
                f"4.2 After that, a re-clean is billed at {P['disc']}% of the original pane price.\n")

    def _history(self, rec):
        h = History().user(f"who's leading job {rec['job_id']}?")
        h.call([Call("get_job", {"job_id": rec["job_id"]}, rec)])
        h.reply(f"{rec['crew_lead']['name']} ({rec['crew_lead']['lead_id']}), crew of {rec['crew_size']} at {rec['site']}.")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "Two panes on the east side are cracked.")
        a.ins("claim", "Customer asked for gutter cleaning too.")
        a.ins("behavior", "Booked the lift for Thursday.")
        a.ins("behavior", "Emailed the customer the invoice.")
        fake = f"WJ-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"Same site was job {fake} last spring.", fake))

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._job(r, today, P)
        args = {"job_id": rec["job_id"]}
        if r.random() < 0.5:
            args["include_panes"] = True
        cg = Call("get_job", args, rec)
        cd = Call("fetch_service_promise", {"promise_url": PROMISE}, self._doc(P))
        req = r.choice([f"when will the crew finish {rec['job_id']} and what's the total?",
                        f"{rec['customer']} asking about job {rec['job_id']} — done by when? price?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["when do they finish + total?", "done by when, and how much?"])
            turns = [Turn([cd])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        a.t("Job ").x(rec["job_id"], fid=w.fake_id(rec["job_id"], r)).t(" · ").x(rec["customer"], ent=r.choice(FAKE_CUSTOMERS))
        a.t(" @ ").x(rec["site"], ent=f"{rec['site'].split(' ')[0]} {r.choice(FAKE_STREETS)}").t("\n")
        a.t(w.b() + "Crew of ").x(str(rec["crew_size"]), num=str(rec["crew_size"] + 3)).t(" w/ ").x(rec["crew_lead"]["name"], ent=r.choice(FAKE_LEADS))
        a.t(", ")
        if r.random() < 0.4:
            a.x("in_progress", attr=r.choice(["on_site_working", "in_service"]))
        else:
            a.x("working now", val=r.choice(["finished", "not started"]))
        a.t("\n")
        end = add_min(rec["start_at"], rec["est_minutes"])
        sc, sf = w.tpair(rec["start_at"], r.choice([-60, 45]))
        ec, ef = w.tpair(end, r.choice([-40, 50]), calc=True)
        a.t(w.b() + "Started ").x(sc, tmp=sf).t(" + est. " + w.dur(rec["est_minutes"]) + " → done ~").x(ec, tmp=ef).pc().t("\n")
        a.ins("elab", "mostly because of hard-water spots", clause=True)
        po, pi = rec["panes_exterior"], rec["panes_interior"]
        lo = round(po * P["out"], 2)
        a.t(w.b() + "Ext: ").x(str(po), num=str(po + 12), conf=("numerical", str(pi)) if pi and pi != po else None).t(" panes × " + w.usd(P["out"]) + " = " + w.usd(lo, calc=True)).t("\n")
        if pi:
            li = round(pi * P["in"], 2)
            tot = round(lo + li, 2)
            a.t(w.b() + "Int: " + str(pi) + " panes × " + w.usd(P["in"]) + " = " + w.usd(li, calc=True) + "\n")
            a.t(w.b() + "Total " + w.usd(lo) + " + " + w.usd(li) + " = ").x(w.usd(tot, calc=True), num=w.usd(round(tot + 64, 2))).t(" (")
            a.x("§1.1", sec=r.choice(["§1.4", "§2.1"])).t(")").pp().t("\n")
        else:
            a.t(w.b()).x(w.lc("no interior panes"), neg=w.lc("interior panes included")).t(w.lc(" on this job (") + "§1.1)").pp().t("\n")
        if rec["screens_included"]:
            a.t(w.b() + "Screens ").x("included", neg="not included").t(", no charge (§1.2)").pp().t("\n")
        else:
            a.t(w.b() + w.fy() + w.lc("screens not on this job")).pp().t("\n")
        if rec["lift_required"]:
            a.t(w.b() + "⚠️ " if not w.emoji else w.b()).t("Lift needed ").x("above", rel="below").t(" the second floor (")
            a.x("§1.3", sec=r.choice(["§1.6", "§3.3"])).t(")").pp().t("\n")
        emit_cta(a, w, rec["office_phone"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def reclean(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        days = r.randint(1, P["days"] - 1) if ok else r.randint(P["days"] + 1, P["days"] + 12)
        rec = self._job(r, today, P, done_days=days)
        done = dt.date.fromisoformat(rec["completed_on"])
        until = done + dt.timedelta(days=P["days"])
        want = today + dt.timedelta(days=r.randint(1, 4))
        panes = r.randint(3, min(12, rec["panes_exterior"]))
        side = r.choice(["exterior", "interior"]) if rec["panes_interior"] else "exterior"
        args = {"job_id": rec["job_id"], "date": want.isoformat(), "panes": panes}
        if r.random() < 0.6:
            args["side"] = side
        else:
            side = "exterior"
        unit = P["out"] if side == "exterior" else P["in"]
        zone = rec["time_zone"]
        if ok:
            res = {"status": "booked", "reclean_id": f"RC-{r.randint(10000, 99999)}", "job_id": rec["job_id"],
                   "window_start": ts(want, 9, 0, zone), "window_end": ts(want, 11, 0, zone), "panes": panes,
                   "charge": 0, "guarantee_until": until.isoformat()}
        else:
            paid = round(panes * unit * P["disc"] / 100, 2)
            res = {"status": "refused", "reason_code": "GUARANTEE_EXPIRED", "job_id": rec["job_id"],
                   "guarantee_until": until.isoformat(),
                   "alternative": {"option": "paid_reclean", "discount_pct": P["disc"], "price": paid}}
        cg = Call("get_job", {"job_id": rec["job_id"]}, rec)
        cd = Call("fetch_service_promise", {"promise_url": PROMISE}, self._doc(P))
        cb = Call("book_reclean", args, res)
        req = r.choice([f"{rec['customer']} says streaks on {panes} panes from job {rec['job_id']}. book a re-clean {want.isoformat()}",
                        f"Re-clean {panes} {side} panes on {rec['job_id']}, {want.isoformat()} pls"])
        turns = [Turn([cg]), Turn([cd]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"customer reports streaks on {panes} panes there. re-clean {want.isoformat()}?",
                            f"book a re-clean of {panes} panes on that job for {want.isoformat()}"])
            turns = [Turn([cd]), Turn([cb])]
        w = Sms(r, today)
        a = M()
        a.bullet = w.bul
        if w.emoji:
            a.t(w.emoji + " ")
        cc, cf = w.dpair(done, r.choice([-4, 3]))
        uc, uf = w.dpair(until, r.choice([-3, 6]), calc=True)
        if ok:
            a.t("Re-clean ").x("booked", val="declined").t(" ✓ ").x(res["reclean_id"], fid=w.fake_id(res["reclean_id"], r)).t("\n")
            dc, df = w.dpair(want, r.choice([-1, 2]))
            wc, wf = w.rpair(res["window_start"], res["window_end"], r.choice([-60, 180]))
            a.t(w.b()).x(dc, tmp=df).t(", ").x(wc, tmp=wf).t(", ").x(str(panes), num=str(panes + 9)).t(" " + side + " panes").pp().t("\n")
            a.t(w.b() + "Done ").x(cc, tmp=cf).t(" + " + str(P["days"]) + " days = ").x(uc, tmp=uf, conf=("temporal", w.d(done))).t(" → ")
            a.x("within", rel="outside").t(" guarantee (").x("§4.1", sec=r.choice(["§4.3", "§5.1"])).t(")").pc().t("\n")
            a.ins("elab", "since the streaks came from the rain that evening", clause=True)
            a.t(w.b()).x("No charge", neg="Charge applies").pp().t("\n")
            a.t(w.b() + "Crew lead: ").x(rec["crew_lead"]["name"], ent=r.choice(FAKE_LEADS)).pp().t("\n")
            emit_cta(a, w, rec["office_phone"])
        else:
            alt = res["alternative"]
            a.t("Free re-clean ✗ for ").x(rec["job_id"], fid=w.fake_id(rec["job_id"], r)).t("\n")
            a.t(w.b() + "Done ").x(cc, tmp=cf).t(" + " + str(P["days"]) + " days = ").x(uc, tmp=uf).t(" → guarantee ")
            a.x("expired", val="active").t(" (").x("GUARANTEE_EXPIRED", attr=r.choice(["WARRANTY_LAPSED", "OUTSIDE_WINDOW"])).t(")").pc().t("\n")
            a.ins("elab", "since the report came in after the holiday weekend", clause=True)
            a.t(w.b() + "Request ").x("after", rel="before").t(" the " + str(P["days"]) + "-day window per ").x("§4.1", sec=r.choice(["§4.3", "§5.1"])).t("\n")
            base = round(panes * unit, 2)
            a.t(w.b() + "Alt: paid re-clean @ " + w.pct(P["disc"]) + " (")
            a.x("§4.2", sec=r.choice(["§4.5", "§5.2"])).t(")\n")
            a.t(w.b() + str(panes) + " × " + w.usd(unit) + " = " + w.usd(base, calc=True) + "; " + w.pct(P["disc"]) + " of " + w.usd(base) + " = ")
            a.x(w.usd(alt["price"], calc=True), num=w.usd(round(alt["price"] + 35, 2))).pp().t("\n")
            a.t("Reply Y to book paid re-clean " + w.d(want))
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
