"""clinical_trial_site (set g): site enrollment against target, subject visit windows, protocol sections fetched by
path, and investigational-product kit inventory with expiry and temperature excursions."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_bool, s_obj, s_str
from .gstyle import Pen, pct, vet

SPONSORS = ["Veridian Bio", "Halcyon Therapeutics", "Northwind Pharma", "Aster Clinical"]
OTHER_SPONSORS = ["Lumen Biologics", "Caldera Pharma"]
TITLES = ["Phase 2 study of VRD-221 in moderate plaque psoriasis", "Phase 3 study of HT-08 in chronic migraine",
          "Phase 2b study of NW-515 in type 2 diabetes", "Phase 2 study of AC-19 in mild asthma"]
PIS = ["Dr. Elena Marsh", "Dr. Tobias Lindgren", "Dr. Nkechi Adeyemi", "Dr. Rafael Ortiz"]
OTHER_PIS = ["Dr. Joanna Pike", "Dr. Kenji Mori"]
VISITS = {"V2": (14, 3), "V3": (28, 3), "V4": (56, 5), "V5": (84, 7), "V6": (112, 7)}


class TrialSite(Scenario):
    name = "clinical_trial_site"
    agent = "Cohort"
    service = "trialdesk-site-assistant"
    system = ("You are Cohort, the study-coordinator assistant at Site 104 (Lakeshore Research Clinic). Use the tools to "
              "answer questions about enrollment, subject visit windows, the protocol and investigational-product (IP) kit "
              "inventory. Quote the protocol by section. Do not enter data or contact subjects.")
    error_style = 2
    entity_noun = {"study_id": "Study", "subject_id": "Subject", "protocol_path": "Document"}
    preambles = ["Checking the CTMS.", "Looking at the study record.", "Pulling the protocol."]

    def __init__(self):
        self.tools = [
            Tool("get_study", "Study record at this site: enrollment counts, protocol document path.",
                 s_obj({"study_id": s_str("Study code, e.g. 'VRD-221'.", pattern=r"^[A-Z]{2,3}-\d{2,3}$")}, ["study_id"]),
                 entity={"study_id": "id"}, extra=[("site", "104")]),
            Tool("list_subjects", "Subjects at this site for a study.",
                 s_obj({"study_id": s_str("Study code.", pattern=r"^[A-Z]{2,3}-\d{2,3}$"),
                        "status": s_str("Filter.", enum=["screening", "randomized", "completed", "withdrawn", "all"])},
                       ["study_id"]), entity={"study_id": "id"}, extra=[("page_size", 100)]),
            Tool("get_visit_window", "Protocol visit window for one subject and visit.",
                 s_obj({"subject_id": s_str("Subject number, e.g. '104-007'.", pattern=r"^\d{3}-\d{3}$"),
                        "visit": s_str("Visit code.", enum=list(VISITS))}, ["subject_id", "visit"]),
                 entity={"subject_id": "id"}, extra=[("timezone", "local")]),
            Tool("get_protocol_section", "One section of the protocol (Markdown) by document path and section number.",
                 s_obj({"protocol_path": s_str("Protocol path from get_study.", pattern=r"^protocols/[A-Z]{2,3}-\d{2,3}/[a-z0-9-]+\.md$"),
                        "section": s_str("Section number, e.g. '8.3'.", pattern=r"^\d{1,2}(\.\d{1,2})?$")},
                       ["protocol_path", "section"]), entity={"protocol_path": "path"}, extra=[("amendment", "latest")]),
            Tool("get_kit_inventory", "IP kits on site by lot, with expiry and storage excursions.",
                 s_obj({"study_id": s_str("Study code.", pattern=r"^[A-Z]{2,3}-\d{2,3}$"),
                        "include_quarantined": s_bool("Include quarantined kits.")}, ["study_id"]),
                 entity={"study_id": "id"}, extra=[("depot", "central")]),
        ]
        self.intents = [("enrollment_status", self.enrollment, False), ("visit_window", self.window, True),
                        ("protocol_section", self.protocol, True), ("kit_inventory", self.kits, False)]

    def study(self, r: R, today):
        k = r.randrange(len(TITLES))
        code = TITLES[k].split(" of ")[1].split(" in ")[0]
        target = r.choice([24, 30, 36, 40])
        rand = r.randint(target // 3, target - 4)
        scr_fail = r.randint(3, 14)
        withdrawn = r.randint(0, 3)
        screening = r.randint(1, 5)
        weeks8 = r.randint(3, 9)
        close = today + dt.timedelta(days=r.randint(40, 200))
        return code, {"study_id": code, "title": TITLES[k], "sponsor": SPONSORS[k], "principal_investigator": r.choice(PIS),
                      "site_number": "104", "protocol_version": f"v{r.randint(3, 6)}.0",
                      "protocol_path": f"protocols/{code}/protocol-amendment-{r.randint(2, 4)}.md",
                      "enrollment": {"target": target, "screened": rand + scr_fail + screening, "screen_failed": scr_fail,
                                     "in_screening": screening, "randomized": rand, "withdrawn_after_randomization": withdrawn},
                      "randomized_last_8_weeks": weeks8, "enrollment_closes": close.isoformat(), "status": "enrolling",
                      "as_of": today.isoformat()}

    def enrollment(self, ctx):
        r, today = ctx.r, ctx.today
        code, st = self.study(r, today)
        e = st["enrollment"]
        req = r.choice([f"Where are we on enrollment for {code}?", f"{code}: how close are we to target, and will we make it before enrollment closes?"])
        w = Pen(r, today)
        share = e["randomized"] / e["target"] * 100
        left = e["target"] - e["randomized"]
        sf = e["screen_failed"] / (e["screened"] - e["in_screening"]) * 100
        rate = st["randomized_last_8_weeks"] / 8
        weeks = left / rate
        close = dt.date.fromisoformat(st["enrollment_closes"])
        weeks_left = (close - today).days / 7
        a = A()
        w.opener(a)
        w.lead(a)
        a.t(f"{code} is at ").x(f"{e['randomized']}/{e['target']}", num=f"{e['randomized'] + 3}/{e['target']}").t(" randomized (").x(pct(share), num=pct(share + 11)).t(")")
        w.src(a, "the study record", "get_study")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Enrollment", "Count"])
            a("| Screened | ").x(str(e["screened"]), num=str(e["screened"] + 6)).t(" |\n")
            a("| Screen failures | ").x(str(e["screen_failed"]), num=str(e["screen_failed"] + 4), conf=("numerical", str(e["in_screening"])) if e["in_screening"] != e["screen_failed"] else None).t(" |\n")
            a("| Still in screening | ").t(str(e["in_screening"])).t(" |\n")
            a("| Withdrawn after randomization | ").t(str(e["withdrawn_after_randomization"])).t(" |\n")
        else:
            a(w.bullet).x(str(e["screened"]), num=str(e["screened"] + 6)).t(" screened, ").x(str(e["screen_failed"]), num=str(e["screen_failed"] + 4), conf=("numerical", str(e["in_screening"])) if e["in_screening"] != e["screen_failed"] else None).t(" screen failures, ").t(str(e["in_screening"])).t(" still in screening").pb().t("\n")
            a(w.bullet).t(str(e["withdrawn_after_randomization"])).t(" withdrawn after randomization").pb().t("\n")
        a("\nScreen-failure rate among completed screenings: ").x(pct(sf), num=pct(sf + 9)).t(f" ({e['screen_failed']} of {e['screened'] - e['in_screening']}).").p()
        a("\n\nPace: ").x(f"{st['randomized_last_8_weeks']} randomized", num=f"{st['randomized_last_8_weeks'] + 4} randomized").t(" in the last 8 weeks, ").x(f"{w.est(f'{rate:.1f}')} a week", num=f"{w.est(f'{rate + 1.5:.1f}')} a week").t(". ")
        a.t(f"With {left} to go that's ").x(f"{w.est(f'{weeks:.0f}')} weeks", num=f"{w.est(f'{weeks * 0.5:.0f}')} weeks").t(" if the pace holds; enrollment closes ").x(w.d(close), tmp=w.d(close - dt.timedelta(days=28)))
        a.t(f", {weeks_left:.0f} weeks out, so on this estimate the site ").x("would" if weeks <= weeks_left else "would not", neg="would not" if weeks <= weeks_left else "would").t(" reach target in time").pc().t(".").p()
        a("\n\nStatus reads ").x("`enrolling`", attr="`open_to_accrual`").t(" — i.e. still accepting new subjects. PI on record: ").x(st["principal_investigator"], ent=r.choice(OTHER_PIS)).t(".")
        w.finish(a, ["Want the subject list behind these numbers?", "Should I pull the eligibility criteria section?"])
        a.ins("claim", f"{st['sponsor']} has approved a second screening log for the site.")
        a.ins("claim", "The sponsor's target for the site was raised last quarter.")
        a.ins("behavior", "I've sent the enrollment summary to the CRA.")
        a.ins("elab", "mostly because of the washout requirement for prior biologics", clause=True)
        a.ins("elab", "Screen failures at this site are running above the study-wide average.")
        a.ins("cite", f"The monitoring visit report is MVR-{code}-{r.randint(10, 40)}.")
        return vet(self, Plan(req, [Turn([Call("get_study", {"study_id": code}, st)])], a))

    def window(self, ctx):
        r, today = ctx.r, ctx.today
        code, st = self.study(r, today)
        subs = []
        for k in range(r.randint(4, 7)):
            rd = today - dt.timedelta(days=r.randint(10, 100))
            subs.append({"subject_id": f"104-{r.randint(1, 60):03d}", "status": r.choice(["randomized", "randomized", "randomized", "completed"]),
                         "randomized_on": rd.isoformat(), "arm": "blinded"})
        subs = list({s["subject_id"]: s for s in subs}.values())
        live = [s for s in subs if s["status"] == "randomized"] or subs[:1]
        sub = r.choice(live)
        sub["status"] = "randomized"
        rd = dt.date.fromisoformat(sub["randomized_on"])
        # next visit whose window closes on/after today
        vname = None
        for v, (day, tol) in VISITS.items():
            if rd + dt.timedelta(days=day + tol) >= today:
                vname = v
                break
        if vname is None:
            vname = "V6"
        day, tol = VISITS[vname]
        target = rd + dt.timedelta(days=day)
        opn, cls = target - dt.timedelta(days=tol), target + dt.timedelta(days=tol)
        res = {"subject_id": sub["subject_id"], "visit": vname, "anchor": "randomization", "anchor_date": rd.isoformat(),
               "target_study_day": day, "window_days": {"minus": tol, "plus": tol}, "target_date": target.isoformat(),
               "window_open": opn.isoformat(), "window_close": cls.isoformat(), "completed": False,
               "procedures": r.sample(["vitals", "ECG", "PK blood draw", "urine pregnancy test", "PASI score", "diary review", "HbA1c"], 3)}
        ls = Call("list_subjects", {"study_id": code, "status": "randomized"}, {"study_id": code, "subjects": subs})
        gw = Call("get_visit_window", {"subject_id": sub["subject_id"], "visit": vname}, res)
        history = None
        if ctx.followup:
            history = History().user(f"List the randomized subjects on {code}.")
            history.call([ls])
            history.reply(f"{len(subs)} subjects listed; " + ", ".join(s["subject_id"] for s in subs) + ".")
            req = r.choice([f"When is {vname} due for {sub['subject_id']}?", f"What's the {vname} window for {sub['subject_id']}?"])
            turns = [Turn([gw])]
        else:
            req = f"{code}: when does subject {sub['subject_id']} need to come in for {vname}? Check they're on the study first."
            turns = [Turn([ls]), Turn([gw])]
        w = Pen(r, today)
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        a.t(f"{vname} for ").x(w.idf(sub["subject_id"]), fid=w.idf(f"104-{r.randint(61, 99):03d}")).t(" is targeted for ").x(w.d(target), tmp=w.d(target + dt.timedelta(days=7)))
        a.t(" (study day ").x(str(day), num=str(day + 14)).t(")")
        w.src(a, "the visit-window lookup", "get_visit_window")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Window", "Date"])
            a("| Opens | ").x(w.d(opn), tmp=w.d(opn - dt.timedelta(days=2))).t(" |\n")
            a("| Target | ").t(w.d(target)).t(" |\n")
            a("| Closes | ").x(w.d(cls), tmp=w.d(cls + dt.timedelta(days=3))).t(" |\n")
        else:
            a(w.bullet).t("Window opens ").x(w.d(opn), tmp=w.d(opn - dt.timedelta(days=2))).pb().t("\n")
            a(w.bullet).t("Window closes ").x(w.d(cls), tmp=w.d(cls + dt.timedelta(days=3))).pb().t("\n")
        a(f"\nThat's ±").x(f"{tol} days", num=f"{tol + 2} days").t(" around a target counted from randomization on ").x(w.d(rd), tmp=w.d(rd + dt.timedelta(days=5))).t(".")
        if today < opn:
            a(" The window ").x("hasn't opened yet", neg="is already open").t(f" — it opens in {(opn - today).days} days.").p()
        else:
            a(" The window ").x("is open now", neg="isn't open yet").t(f" and closes in {(cls - today).days} days").pc().t(".").p()
        a("\n\nProcedures at this visit: ").t(", ".join(res["procedures"])).t(".")
        a(" The visit ").x("isn't marked complete", neg="is already marked complete").t(" yet (").x("`completed: false`", attr="`visit_done: false`").t(").")
        w.finish(a, ["Want me to check the other subjects' windows too?", "Should I pull the protocol's visit schedule section?"])
        a.ins("claim", "Out-of-window visits at this site need a note-to-file within 5 days.")
        a.ins("claim", f"{sub['subject_id']} missed one diary entry last week.")
        a.ins("behavior", f"I've booked {sub['subject_id']} into the target date in the clinic calendar.")
        a.ins("elab", "since the sponsor tightened the windows in the latest amendment", clause=True)
        a.ins("cite", f"The scheduling request went in as SCH-{r.randint(10000, 99999)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def protocol(self, ctx):
        r, today = ctx.r, ctx.today
        code, st = self.study(r, today)
        path = st["protocol_path"]
        topic = r.choice(["sae", "ip_storage"])
        if topic == "sae":
            sec = "10.3"
            hrs = r.choice([24, 24, 48])
            fu = r.choice([7, 15])
            text = (f"## 10.3 Reporting of serious adverse events\n\n"
                    f"10.3.1 The investigator must report any SAE to the sponsor within {hrs} hours of becoming aware of it, using the SAE form in the EDC.\n"
                    f"10.3.2 Follow-up information must be submitted within {fu} calendar days of the initial report.\n"
                    "10.3.3 SAEs are followed until resolution, stabilization, or 30 days after the last dose, whichever is later.\n"
                    f"10.3.4 Pregnancy in a subject is reported within {hrs} hours on the pregnancy form, although it is not itself an SAE.\n")
        else:
            sec = "6.4"
            lo, hi = 2, 8
            exc = r.choice([30, 60])
            text = ("## 6.4 Storage of investigational product\n\n"
                    f"6.4.1 IP kits are stored refrigerated at {lo}–{hi} °C in a locked, temperature-monitored unit.\n"
                    f"6.4.2 Any excursion outside {lo}–{hi} °C lasting more than {exc} minutes must be reported to the sponsor, and affected kits quarantined until the sponsor releases them.\n"
                    "6.4.3 Kits must not be frozen. Frozen kits are destroyed on site after sponsor approval.\n"
                    "6.4.4 Temperature logs are reviewed by the monitor at each visit.\n")
        gs = Call("get_study", {"study_id": code}, st)
        gp = Call("get_protocol_section", {"protocol_path": path, "section": sec}, text)
        q = {"sae": "What's the SAE reporting timeline in the protocol?", "ip_storage": "How do we have to store the IP kits, and what if the fridge goes out of range?"}[topic]
        history = None
        if ctx.followup:
            history = History().user(f"Pull up study {code} for me.")
            history.call([gs])
            history.reply(f"{code}: {st['title']}, protocol {st['protocol_version']}.")
            req = q
            turns = [Turn([gp])]
        else:
            req = f"{code} — {q[0].lower()}{q[1:]}"
            turns = [Turn([gs]), Turn([gp])]
        w = Pen(r, today)
        fake = lambda real: r.choice([x for x in ["10.4.2", "10.2.5", "11.3.1", "6.5.2", "7.4.1", "6.3.3"] if x != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.lead(a)
        if topic == "sae":
            a.t("Report any SAE to ").x(st["sponsor"], ent=r.choice(OTHER_SPONSORS)).t(" within ").x(f"{hrs} hours", num=f"{hrs + 48} hours").t(" of becoming aware of it (§").x("10.3.1", sec=fake("10.3.1")).t(")")
            w.src(a, f"protocol section {sec}", "get_protocol_section")
            a.t(".").p()
            a("\n\n")
            if w.tab:
                w.thead(a, ["Step", "Deadline", "§"])
                a("| Initial SAE report | ").t(f"{hrs} h").t(" | 10.3.1 |\n")
                a("| Follow-up info | ").x(f"{fu} calendar days", num=f"{fu + 7} calendar days").t(" after the initial report | ").x("10.3.2", sec=fake("10.3.2")).t(" |\n")
                a("| Follow SAE until | resolution, stabilization or 30 days after last dose — ").x("whichever is later", rel="whichever is earlier").t(" | 10.3.3 |\n")
            else:
                a(w.bullet).t("Follow-up information: within ").x(f"{fu} calendar days", num=f"{fu + 7} calendar days").t(" of the initial report (§").x("10.3.2", sec=fake("10.3.2")).t(")").pb().t("\n")
                a(w.bullet).t("Keep following the event until resolution, stabilization or 30 days after the last dose, ").x("whichever is later", rel="whichever is earlier").t(" (§10.3.3)").pb().t("\n")
            a("\nPregnancy ").x("isn't", neg="is").t(" an SAE by itself, but it has the same ").t(f"{hrs}-hour").t(" clock on the pregnancy form (§").x("10.3.4", sec=fake("10.3.4")).t(").").p()
            a(f"\n\nIn practice: if you learn of an event at 9:00 on a Monday, the initial report is due by ").x(
                "9:00 Tuesday" if hrs == 24 else "9:00 Wednesday", tmp="9:00 Thursday" if hrs != 48 else "9:00 Tuesday").t(".")
            a(" Reports go through the SAE form in the EDC").pc().t(".")
        else:
            a.t("IP kits stay refrigerated at ").x("2–8 °C", num="2–12 °C").t(" (").x("35.6–46.4 °F", num="35.6–53.6 °F").t(") in a locked, monitored unit (§").x("6.4.1", sec=fake("6.4.1")).t(")")
            w.src(a, f"protocol section {sec}", "get_protocol_section")
            a.t(".").p()
            a("\n\n")
            a(w.bullet).t("Excursion outside range for more than ").x(f"{exc} minutes", num=f"{exc * 2} minutes").t(": report to ").x(st["sponsor"], ent=r.choice(OTHER_SPONSORS)).t(" and quarantine the affected kits (§").x("6.4.2", sec=fake("6.4.2")).t(")").pb().t("\n")
            a(w.bullet).t("Quarantined kits stay ").x("unusable until", neg="usable until").t(" the sponsor releases them").pb().t("\n")
            a(w.bullet).t("Kits ").x("must not", neg="may").t(" be frozen; frozen kits are destroyed on site after sponsor approval (§").x("6.4.3", sec=fake("6.4.3")).t(")").pb().t("\n")
            a("\nThe monitor reviews the temperature logs ").x("at each visit", tmp="once a quarter").t(" (§6.4.4).")
        w.finish(a, ["Want the adjacent section too?", "Should I check the current kit inventory?"])
        a.ins("claim", "The sponsor's safety desk is staffed 24/7.")
        a.ins("claim", "Amendment 3 shortened this timeline for US sites.")
        a.ins("behavior", "I've flagged this section in the site binder for the team.")
        if topic == "sae":
            a.ins("elab", "because the sponsor's pharmacovigilance vendor changed this year", clause=True)
        else:
            a.ins("elab", "Short power cuts are the most common cause of excursions at sites like this.")
        a.ins("cite", f"See also the sponsor's guidance memo SM-{code}-{r.randint(100, 999)}.")
        return vet(self, Plan(req, turns, a, history.msgs if history else None))

    def kits(self, ctx):
        r, today = ctx.r, ctx.today
        code, st = self.study(r, today)
        lots = []
        for k in range(r.choice([3, 4])):
            exp = today + dt.timedelta(days=r.choice([25, 48, 75, 120, 200, 310]) + k)
            lots.append({"lot_number": f"L{r.randint(2400, 2699)}{r.choice('ABCD')}", "kits": r.randint(2, 14),
                         "expiry": exp.isoformat(), "status": "available"})
        q = r.choice(lots)
        q["status"] = "quarantined"
        exc_day = today - dt.timedelta(days=r.randint(1, 9))
        peak = round(r.uniform(9.1, 12.4), 1)
        dur = r.choice([45, 70, 95])
        res = {"study_id": code, "as_of": today.isoformat(), "storage_range_c": [2, 8], "lots": lots,
               "excursions": [{"date": exc_day.isoformat(), "max_temp_c": peak, "duration_min": dur, "lot_numbers": [q["lot_number"]],
                               "sponsor_decision": "pending"}],
               "reorder_threshold_kits": r.choice([8, 10])}
        args = {"study_id": code}
        if r.random() < 0.6:
            args["include_quarantined"] = True
        req = r.choice([f"How many usable IP kits do we have for {code}?", f"{code} kit check: what's usable, what's expiring, anything quarantined?"])
        w = Pen(r, today)
        avail = [l for l in lots if l["status"] == "available"]
        usable = sum(l["kits"] for l in avail)
        soon = [l for l in avail if (dt.date.fromisoformat(l["expiry"]) - today).days <= 60]
        first = min(avail, key=lambda l: l["expiry"])
        a = A()
        w.opener(a)
        w.lead(a)
        a.t("Usable kits: ").x(str(usable), num=str(usable + q["kits"] + 2), conf=("numerical", str(usable + q["kits"]))).t(f" across {len(avail)} lots")
        a.t(", which is ").x("above" if usable > res["reorder_threshold_kits"] else "at or below", rel="at or below" if usable > res["reorder_threshold_kits"] else "above").t(" the reorder threshold of ").t(str(res["reorder_threshold_kits"]))
        w.src(a, "the kit inventory", "get_kit_inventory")
        a.t(".").p()
        a("\n\n")
        if w.tab:
            w.thead(a, ["Lot", "Kits", "Expiry", "Status"])
            for l in lots:
                a("| ").t(l["lot_number"]).t(" | ").t(str(l["kits"])).t(" | ")
                if l is first:
                    a.x(w.d(l["expiry"]), tmp=w.d(dt.date.fromisoformat(l["expiry"]) + dt.timedelta(days=90)))
                else:
                    a.t(w.d(l["expiry"]))
                a(" | ")
                if l is q:
                    a.x("quarantined", val="available").t(" |\n")
                else:
                    a.t("available").t(" |\n")
        else:
            for l in lots:
                a(w.bullet).t(l["lot_number"]).t(f": {l['kits']} kits, exp. ")
                if l is first:
                    a.x(w.d(l["expiry"]), tmp=w.d(dt.date.fromisoformat(l["expiry"]) + dt.timedelta(days=90)))
                else:
                    a.t(w.d(l["expiry"]))
                if l is q:
                    a.t(" — ").x("quarantined", val="available")
                a.pb().t("\n")
        a("\nEarliest expiry among usable lots: ").x(first["lot_number"], fid=f"L{r.randint(2700, 2999)}{r.choice('ABCD')}").t(", ").x(w.rel(first["expiry"]), tmp=w.d(dt.date.fromisoformat(first["expiry"]) + dt.timedelta(days=45))).t(".")
        a(" Lots expiring within 60 days: ").x(str(len(soon)) if soon else "none", num=str(len(soon) + 2)).t(".").p()
        a("\n\n").t(q["lot_number"]).t(f" ({q['kits']} kits) ").x("is on hold", neg="has been released").t(" after the ").x(w.d(exc_day), tmp=w.d(exc_day - dt.timedelta(days=7))).t(" excursion: it peaked at ")
        a.x(f"{peak} °C", num=f"{peak + 3.5:.1f} °C").t(" (").x(f"{peak * 9 / 5 + 32:.1f} °F", num=f"{peak * 9 / 5 + 32 - 6:.1f} °F").t(") for ").x(f"{dur} min", num=f"{dur - 30} min").t(", ")
        a.t("and the sponsor's decision is still ").x("`pending`", attr="`under_review`").t(".")
        w.finish(a, ["Want me to draft the resupply request?", "Should I pull the storage section of the protocol?"])
        a.ins("claim", "The depot normally ships resupply within 3 business days.")
        a.ins("claim", "The excursion was caused by a door left ajar during restocking.")
        a.ins("behavior", "I've submitted a resupply request to the depot.")
        a.ins("elab", "since the backup fridge was already at capacity", clause=True)
        a.ins("cite", f"The excursion is logged as TE-{r.randint(1000, 9999)}-{code[:2]}.")
        return vet(self, Plan(req, [Turn([Call("get_kit_inventory", args, res)])], a))
