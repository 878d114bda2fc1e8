"""handyman_visits (set w): the texting assistant of FixRight Handyman — a home-repair job (tasks with estimated hours,
the hourly rate, the trip fee, a parts estimate as a range, the tech, the visit day and arrival window) read against the
service terms (a Markdown document fetched by path), and a request to move the visit (refused by design when the
arrival window starts in under 24 hours — reason code and the same move for the trip fee as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_obj, s_str
from .wstyle import B, Terse, end_li, hello, li, sign, ts, vet

BASE = "https://api.fixright.example/v1"
TERMS = "/help/terms/fixright-service-terms-fr-5.md"
CUSTOMERS = ["Dana Pruitt", "Marcus Lee", "Aisha Bello", "Frank Dubois", "Nina Petrova", "Carlos Vega", "Helen Park",
             "Tyler Brooks"]
FAKE_NAMES = ["Gina", "Roland"]
TECHS = ["Marco Reyes", "Janelle Ford", "Kevin Tran", "Sofia Lindqvist", "Abdul Karim"]
FAKE_TECHS = ["Dylan K.", "Rosa M."]
AREAS = [("Maple Heights", "America/Chicago"), ("Riverbend", "America/New_York"), ("Westbrook", "America/Denver"),
         ("Lakeshore", "America/Toronto"), ("Cedar Park", "America/Los_Angeles")]
STREETS = ["Birch Ln", "Elm St", "Oak Ave", "Hillcrest Rd", "Juniper Ct"]
TASKS = [("mount a TV", [1.0, 1.5]), ("patch drywall", [1.5, 2.0]), ("replace a faucet", [1.0, 1.5]),
         ("assemble a dresser", [1.5, 2.0]), ("fix a sticking door", [0.5, 1.0]), ("install a ceiling fan", [1.5, 2.0]),
         ("re-caulk a tub", [1.0])]
PHONES = ["1-844-555-0133", "1-844-555-0176"]
STATUS = {"scheduled": "✓ booked", "en_route": "tech on the way", "awaiting_parts": "waiting on parts"}
SLOTS = {"morning": (8, 10), "midday": (10, 12), "afternoon": (13, 15), "late": (15, 17)}


class HandymanVisits(Scenario):
    name = "handyman_visits"
    agent = "fixright-sms-agent"
    service = "fixright-jobs"
    system = ("You are FixRight Handyman's texting assistant. Customers read your replies as text messages: keep them "
              "short, one fact per line, abbreviations OK, math on one line. Use only the job record, the service terms "
              "and tool results; never show internal codes.")
    error_style = 1
    entity_noun = {"job_number": "Job", "doc_path": "Document"}
    preambles = ["Looking up your job.", "Checking the job and the terms."]

    def __init__(self):
        self.tools = [
            Tool("get_job", "A handyman job: customer, address, status, tech, visit day and arrival window, tasks with "
                            "estimated hours, hourly rate, trip fee, parts estimate.",
                 s_obj({"job_number": s_str("Job number, e.g. 'FR-20418'.", pattern=r"^FR-\d{5}$"),
                        "include_tasks": s_bool("Include the task list.")}, ["job_number"]),
                 entity={"job_number": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("read_service_terms", "A service terms document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/help/terms/[a-z0-9/_.-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "pdf")]),
            Tool("reschedule_visit", "Move a visit to another day and arrival window. A move inside 24 hours of the "
                                     "window is refused with a reason code and the alternative.",
                 s_obj({"job_number": s_str("Job number.", pattern=r"^FR-\d{5}$"),
                        "new_date": s_date("New visit day, YYYY-MM-DD."),
                        "slot": s_str("Arrival window.", enum=list(SLOTS)),
                        "text_updates": s_bool("Text the customer when the tech is en route.")},
                       ["job_number", "new_date", "slot"]),
                 entity={"job_number": "id"}, http=BASE, extra=[("priority", "high")]),
        ]
        self.intents = [("job_status", self.status, True), ("reschedule", self.reschedule, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"rate": float(r.choice([62, 68, 75])), "trip": float(r.choice([29, 35, 45])), "free_hrs": 24,
                "rev": r.choice(["5", "6"])}

    def _job(self, r, today, P, status=None, days=None, slot=None):
        area, zone = r.choice(AREAS)
        status = status or r.choice(["scheduled", "scheduled", "en_route", "awaiting_parts"])
        if days is None:
            days = 0 if status == "en_route" else r.randint(1, 9)
        d = today + dt.timedelta(days=days)
        slot = slot or r.choice(list(SLOTS))
        h1, h2 = SLOTS[slot]
        if status == "en_route":
            h1, h2 = 13, 15
        n = r.choice([1, 2, 2, 3])
        tasks = [{"task": t, "est_hours": r.choice(hs)} for t, hs in r.sample(TASKS, n)]
        hours = sum(t["est_hours"] for t in tasks)
        lo, hi = r.choice([(20, 40), (40, 60), (60, 90), (30, 50)])
        labor = round(hours * P["rate"], 2)
        rec = {"job_number": f"FR-{r.randint(10000, 99999)}", "business": "FixRight Handyman",
               "customer": r.choice(CUSTOMERS),
               "address": {"street": f"{r.randint(12, 980)} {r.choice(STREETS)}", "area": area},
               "status": status, "tech": {"name": r.choice(TECHS)},
               "visit": {"date": d.isoformat(), "window_start": ts(d, h1, 0, zone), "window_end": ts(d, h2, 0, zone)},
               "tasks": tasks, "est_hours_total": hours, "hourly_rate": P["rate"], "est_labor": labor,
               "trip_fee": P["trip"], "est_total": round(labor + P["trip"], 2),
               "parts_estimate": {"low": float(lo), "high": float(hi)}, "payment": "after_job",
               "app_labels": ["Job Details", "Estimate", "Reschedule"], "terms_path": TERMS, "phone": r.choice(PHONES),
               "time_zone": zone,
               "as_of": ts(today, r.choice([11, 12]) if status == "en_route" else r.choice([8, 10, 14, 17]),
                           r.choice([0, 20, 45]), zone)}
        if status == "awaiting_parts":
            rec["parts_eta"] = (d - dt.timedelta(days=1)).isoformat() if days > 1 else d.isoformat()
        return rec

    def _doc(self, P):
        return ("# FixRight Service Terms (FR-5)\n\n"
                f"Revision {P['rev']}\n\n"
                "## 1. Visits\n"
                "1.1 Arrival windows are 2 hours. Your tech texts you when en route.\n"
                "1.2 Someone 18 or older must be home for the visit.\n\n"
                "## 2. Pricing\n"
                "2.1 Labor is billed per hour at the rate on your job, in 15-minute steps after the first hour.\n"
                f"2.2 Every visit has a trip fee of ${P['trip']:.0f}.\n"
                "2.3 Parts are extra and billed at cost.\n\n"
                "## 3. Changes\n"
                f"3.1 Reschedule for free up to {P['free_hrs']} hours before your arrival window starts.\n"
                "3.2 Later changes are possible for the trip fee.\n\n"
                "## 4. Payment\n"
                "4.1 Pay after the job by card or cash.\n")

    def _history(self, rec):
        h = History().user(f"hi this is about job {rec['job_number']}")
        h.call([Call("get_job", {"job_number": rec["job_number"]}, rec)])
        h.reply(f"Got it ✓ job {rec['job_number']} w/ {rec['tech']['name'].split()[0]}. What's up?")
        return h

    def _inserts(self, a, w, r, rec, elab="b/c the old fixtures are non-standard"):
        a.ins("claim", "Tech is licensed for electrical work too")
        a.ins("claim", "Rates go up $5/hr next mo.")
        a.ins("behavior", "Parts already ordered for you ✓")
        a.ins("behavior", "Waived the trip fee for this visit ✓")
        fake = f"FR-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Linked to your prior job #{fake}", fake))
        a.ins("elab", elab, clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.4:
            hello(a, w, rec["customer"].split()[0], r.choice(FAKE_NAMES))

    def _tech(self, rec):
        first, last = rec["tech"]["name"].split()
        return f"{first} {last[0]}."

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._job(r, today, P)
        args = {"job_number": rec["job_number"]}
        if r.random() < 0.5:
            args["include_tasks"] = True
        cg = Call("get_job", args, rec)
        cd = Call("read_service_terms", {"doc_path": TERMS}, self._doc(P))
        req = r.choice([f"when is the handyman coming for job {rec['job_number']} and what's it gonna cost",
                        f"Job {rec['job_number']} - can you text me the details?",
                        f"quick q on {rec['job_number']}: time + price?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["when's the tech coming and roughly how much?", "what will this cost me all in?"])
            turns = [Turn([cd])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        st, v = rec["status"], rec["visit"]
        a.t(r.choice(["FixRight: job #", "re: job #", "Job #"])).x(rec["job_number"], fid=w.fake_id(rec["job_number"], r)).t(" ")
        a.x(STATUS[st], val=r.choice([s for k, s in STATUS.items() if k != st] + ["cancelled"])).nl()
        dc, df = w.when_pair(v["date"], r.choice([1, 2, -1]))
        win = w.window(v["window_start"], v["window_end"])
        a.t("\nTech ").x(self._tech(rec), ent=r.choice(FAKE_TECHS)).t(" · ").x(dc, tmp=df).t(" ")
        a.t(win).nl()
        if st == "awaiting_parts":
            pc, pf = w.when_pair(rec["parts_eta"], r.choice([2, -2, 3]))
            li(a, w).t("Parts due ").x(pc, tmp=pf).t(", visit ").x("after", rel="before").t(" that")
            end_li(a, w)
        a.t("\n" + rec["address"]["street"] + ", ").x(rec["address"]["area"], ent=r.choice(["Glen Ridge", "Fairhaven"])).nl()
        hours, rate = rec["est_hours_total"], rec["hourly_rate"]
        tasks = rec["tasks"]
        if len(tasks) > 2 or (len(tasks) > 1 and r.random() < 0.6):
            big = max(tasks, key=lambda t: t["est_hours"])
            li(a, w).t(str(len(tasks)) + " tasks, est. ").x(w.num(hours), num=w.num(hours + 1.5)).t(" hrs; longest: " + big["task"] + " (")
            a.x(w.num(big["est_hours"]), num=w.num(big["est_hours"] + 1)).t(" hr" + ("" if big["est_hours"] == 1 else "s") + ")")
            end_li(a, w)
        else:
            li(a, w).t(" + ".join(t["task"] for t in tasks) + ", est. ").x(w.num(hours), num=w.num(hours + 1.5)).t(" hr" + ("" if hours == 1 else "s"))
            end_li(a, w)
        li(a, w).t(w.num(hours) + " hr" + ("" if hours == 1 else "s") + " × " + w.usd(rate) + "/hr = ")
        a.x(w.usd(rec["est_labor"]), num=w.usd(rec["est_labor"] + 34)).pc()
        end_li(a, w)
        total = rec["est_total"]
        if r.random() < 0.5:
            li(a, w).t(w.usd(rec["est_labor"]) + " + ").x(w.usd(rec["trip_fee"]), conf=("numerical", w.usd(rate))).t(" trip fee = ")
            a.x(w.usd(total), num=w.usd(total + 45)).t(" est. w/o parts")
        else:
            li(a, w).t("+ " + w.usd(rec["trip_fee"]) + " trip fee (§").x("2.2", sec=r.choice(["2.6", "5.2"])).t(") → ")
            a.x(w.approx_usd(total), num=w.past_usd(total)).t(" est. total")
        end_li(a, w)
        pe = rec["parts_estimate"]
        li(a, w).t("Parts ").x(f"{w.usd(pe['low'])}-{w.usd(pe['high'])[1:]}", num=f"{w.usd(pe['low'] + 40)}-{w.usd(pe['high'] + 60)[1:]}")
        a.t(" ").x("extra", neg="incl.").t(", at cost (§").x("2.3", sec=r.choice(["2.8", "4.3"])).t(")")
        end_li(a, w)
        ws = v["window_start"]
        if st == "scheduled" and (dt.date.fromisoformat(v["date"]) - today).days >= 2:
            cut = dt.date.fromisoformat(v["date"]) - dt.timedelta(days=1)
            cc, cf = w.when_pair(cut, r.choice([1, -1]), calc=True, forms=("abs",))
            li(a, w).t("Free reschedule until " + w.time(ws) + " ").x(cc, tmp=cf).t(" (24 hrs ")
            a.x("before", rel="after").t(", §").x("3.1", sec=r.choice(["3.5", "6.1"])).t(")")
            end_li(a, w)
        else:
            li(a, w).t("Someone 18+ ").x("must be home", neg="doesn't need to be home").t(" (§").x("1.2", sec=r.choice(["1.5", "7.2"])).t(")")
            end_li(a, w)
        a.t("\nPay after the job, card/cash · see \"").x("Estimate", attr=r.choice(["Quote Builder", "Price Lock"])).t('" in the app').nl()
        sign(a, w, rec["phone"], ["Reply R to reschedule", "Reply Y to confirm"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def reschedule(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        if ok:
            rec = self._job(r, today, P, status="scheduled", days=r.randint(2, 7))
        else:
            rec = self._job(r, today, P, status="scheduled", days=1, slot=r.choice(["morning", "midday"]))
            rec["as_of"] = ts(today, r.choice([13, 15, 17]), r.choice([0, 30]), rec["time_zone"])
        zone = rec["time_zone"]
        cur = dt.date.fromisoformat(rec["visit"]["date"])
        nd = cur + dt.timedelta(days=r.randint(1, 5))
        slot = r.choice(list(SLOTS))
        h1, h2 = SLOTS[slot]
        args = {"job_number": rec["job_number"], "new_date": nd.isoformat(), "slot": slot}
        if r.random() < 0.4:
            args["text_updates"] = True
        win = {"date": nd.isoformat(), "window_start": ts(nd, h1, 0, zone), "window_end": ts(nd, h2, 0, zone)}
        if ok:
            res = {"status": "rescheduled", "job_number": rec["job_number"], "visit": win, "fee": 0.0,
                   "confirmation": f"RS-{r.randint(10000, 99999)}"}
        else:
            now_h = int(rec["as_of"][11:13])
            left = 24 - now_h + int(rec["visit"]["window_start"][11:13])
            res = {"status": "refused", "reason_code": "INSIDE_24_HOURS", "job_number": rec["job_number"],
                   "hours_until_window": left,
                   "alternative": {"option": "reschedule_with_trip_fee", "fee": rec["trip_fee"], "visit": win}}
        cg = Call("get_job", {"job_number": rec["job_number"]}, rec)
        cd = Call("read_service_terms", {"doc_path": TERMS}, self._doc(P))
        cx = Call("reschedule_visit", args, res)
        wd_name = nd.strftime("%A")
        req = r.choice([f"can we move job {rec['job_number']} to {wd_name} {nd.strftime('%B')} {nd.day}, {slot} window?",
                        f"Need to reschedule {rec['job_number']} -> {nd.isoformat()} ({slot})"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"something came up, can you push it to {wd_name} {nd.strftime('%B')} {nd.day}? {slot} works",
                            f"pls move the visit to {nd.isoformat()}, {slot}"])
            turns = [Turn([cd]), Turn([cx])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        old_d = rec["visit"]["date"]
        nc, nf = w.when_pair(nd, r.choice([1, 2, -1]))
        nwin = w.window(win["window_start"], win["window_end"])
        if ok:
            a.t("Moved ✓ job #").x(rec["job_number"], fid=w.fake_id(rec["job_number"], r)).t(" ").x("rescheduled", val="on hold").nl()
            oc, of = w.when_pair(old_d, r.choice([1, -1]), forms=("abs",))
            a.t("\n").x(oc, conf=("temporal", w.date(nd))).t(" → ").x(nc, tmp=nf).t(" ").x(nwin, tmp=w.window(ts(nd, h1 + 2, 0, zone), ts(nd, h2 + 2, 0, zone)) if h2 < 17 else None).nl()
            a.t("\nSame tech: ").x(self._tech(rec), ent=r.choice(FAKE_TECHS)).nl()
            li(a, w).t("Fee: ").x("$0", num=w.usd(rec["trip_fee"] + 10)).t(" — ").x(">24 hrs", rel="<24 hrs").t(" notice (§").x("3.1", sec=r.choice(["3.4", "8.1"])).t(")").pc()
            end_li(a, w)
            li(a, w).t("Est. " + w.usd(rec["est_labor"]) + " + " + w.usd(rec["trip_fee"]) + " trip = ")
            a.x(w.usd(rec["est_total"]), num=w.usd(rec["est_total"] + 50)).t(", ").x("unchanged", val="re-quoted")
            end_li(a, w)
            a.t("\nConf. ").x(res["confirmation"], fid=w.fake_id(res["confirmation"], r)).t(' · see "')
            a.x("Reschedule", attr=r.choice(["Visit Planner", "Slot Swap"])).t('" tab').nl()
            sign(a, w, rec["phone"] if r.random() < 0.5 else None, ["Tech texts when en route"])
        else:
            alt = res["alternative"]
            w.declare(res["hours_until_window"])
            a.t("Can't move it free ✗ " + r.choice(["— window starts in ", "b/c the window starts in "])).x(str(res["hours_until_window"]) + " hrs", num=str(res["hours_until_window"] + 12) + " hrs").nl()
            a.t("\nThat's ").x("under", rel="over").t(" the 24-hr cutoff (§").x("3.1", sec=r.choice(["3.4", "8.1"])).t(")").pc().nl()
            a.t("\nOption: move to ").x(nc, tmp=nf).t(" " + nwin).nl()
            a.t("\nCosts the ").x(w.usd(alt["fee"]), num=w.usd(alt["fee"] + 20), conf=("numerical", w.usd(rec["hourly_rate"]))).t(" trip fee (§").x("3.2", sec=r.choice(["3.7", "9.2"])).t(")").nl()
            oc, of = w.when_pair(old_d, r.choice([1, -1]), forms=("abs", "rel"))
            a.t("\n#").x(rec["job_number"], fid=w.fake_id(rec["job_number"], r)).t(" ").x("still on", val="cancelled").t(": ").x(oc, tmp=of)
            a.t(" " + w.window(rec["visit"]["window_start"], rec["visit"]["window_end"]) + " w/ ").x(self._tech(rec), ent=r.choice(FAKE_TECHS)).nl()
            a.t("\nKeeping it ").x("costs nothing", neg="adds a fee").t(' · "').x("Reschedule", attr=r.choice(["Visit Planner", "Slot Swap"])).t('" tab has details').nl()
            a.t("\n" + w.ask("Move it anyway? Reply Y")).nl()
        self._inserts(a, w, r, rec, "b/c crews are scheduled a day ahead")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
