"""building_permits (set e): municipal permit portal — plan review status by discipline and fees, inspection results,
booking an inspection (write action, with a full-slot rejection and rebooking), permit expiration and extensions from
the municipal code (plain text with numbered sections) fetched by URL."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, plural, s_date, s_int, s_obj,
                     s_str)
from .estyle import W, bump_pct, fm, seal
from .faults import error_result

BASE = "https://permits.maplefalls.example/api"
CODE_URL = "https://codes.maplefalls.example/title-14/chapter-14-08"
STREETS = ["Alder Ridge Rd", "Birchwood Ln", "N Cascade Ave", "Heron Point Dr", "Quarry Hill Rd", "W 14th St",
           "Larkspur Ct", "Old Mill Way"]
KINDS = [("BP", "Residential Alteration", "Kitchen remodel; remove non-bearing wall between kitchen and dining room",
          ["Framing", "Rough Electrical", "Rough Plumbing", "Insulation", "Drywall", "Final"]),
         ("BP", "Accessory Dwelling Unit", "Detached 540 sq ft ADU with bathroom and kitchenette",
          ["Footing", "Foundation", "Framing", "Rough Electrical", "Rough Plumbing", "Insulation", "Final"]),
         ("BP", "Deck", "New 16 x 20 ft attached deck, 6 ft above grade", ["Footing", "Framing", "Final"]),
         ("EP", "Electrical Service Upgrade", "Upgrade main panel from 100 A to 200 A service", ["Rough Electrical", "Final"]),
         ("BP", "Basement Finish", "Finish 780 sq ft basement: family room, bedroom with egress window, bathroom",
          ["Framing", "Rough Electrical", "Rough Plumbing", "Insulation", "Final"])]
CONTRACTORS = ["Cedar & Stone Builders LLC", "Brightline Electric Inc.", "Halvorsen Home Renovation",
               "Northgate Decks & Fencing", "Summit Basement Co."]
OTHER_CONTRACTORS = ["Pinecrest Contracting", "Redwood Valley Builders", "Ironclad Remodeling"]
REVIEWERS = ["M. Ortega", "J. Lindqvist", "P. Banerjee", "S. Adeyemi", "K. Novak", "H. Castellanos"]
INSPECTORS = ["R. Chen", "T. Alvarez", "L. Brennan", "D. Okoro", "E. Marsh"]
OTHER_PEOPLE = ["B. Whitaker", "G. Moreau", "F. Nakamura", "A. Kowalczyk"]
APPLICANTS = ["Dana Whitfield", "Luis Carvalho", "Priya Raman", "Tom Eriksen", "Grace Mbeki", "Owen Lachance"]
FAIL_NOTES = {"Framing": "Missing hold-down at east wall; fire blocking incomplete at soffit",
              "Footing": "Footing depth 14 in. at NW corner, 18 in. minimum required",
              "Rough Electrical": "Box fill exceeded in kitchen island box; missing AFCI on bedroom circuit",
              "Rough Plumbing": "Test not holding on drain line; no cleanout at base of stack",
              "Insulation": "Vapor retarder torn at rim joist; baffles missing in two bays",
              "Foundation": "Anchor bolt spacing over 6 ft on south wall"}
TYPE_ENUM = ["Footing", "Foundation", "Framing", "Rough Electrical", "Rough Plumbing", "Rough Mechanical", "Insulation",
             "Drywall", "Final"]


def wk(d):
    """Inspections happen on weekdays: a weekend date moves back to Friday."""
    return d - dt.timedelta(days=max(0, d.weekday() - 4))


def ts(d, h, m, off="-08:00"):
    return f"{d.isoformat()}T{h:02d}:{m:02d}:00{off}"


def off_for(d):
    return "-07:00" if (d.month, d.day) >= (3, 8) and d.month < 11 else "-08:00"


class Permits(Scenario):
    name = "building_permits"
    agent = "Clara"
    service = "maplefalls-permits-assistant"
    system = ("You are Clara, the City of Maple Falls permit assistant for homeowners and contractors. Use the tools to "
              "look up permits, plan review, fees and inspections, to book inspections when asked, and to quote the "
              "municipal code. Quote code sections exactly; do not promise approval dates the city has not set.")
    error_style = 1
    entity_noun = {"permit_number": "Permit", "code_url": "Code page"}
    preambles = ["Let me look that permit up.", "Checking the permit record.", "I'll pull the inspection history."]

    def __init__(self):
        pn = s_str("Permit number, e.g. 'BP-2026-004817'.", pattern=r"^(BP|EP|PP|MP)-\d{4}-\d{6}$")
        self.tools = [
            Tool("search_permits", "Find permits by street address.",
                 s_obj({"address": s_str("Street address (number and street).", min_len=5, max_len=120),
                        "status": s_str("Only permits in this status.", enum=["IN_REVIEW", "CORRECTIONS_REQUIRED", "APPROVED", "ISSUED", "FINALED", "EXPIRED"]),
                        "limit": s_int("Maximum results.", 1, 20)}, ["address"]),
                 http=BASE, extra=[("include_closed", True), ("city", "Maple Falls")]),
            Tool("get_permit", "A permit with its plan review by discipline, fees and key dates.",
                 s_obj({"permit_number": pn}, ["permit_number"]), entity={"permit_number": "id"}, http=BASE,
                 extra=[("expand", "reviews")]),
            Tool("list_inspections", "Inspections of a permit: results, notes, scheduled dates and prerequisites.",
                 s_obj({"permit_number": pn}, ["permit_number"]), entity={"permit_number": "id"}, http=BASE,
                 extra=[("include_cancelled", False)]),
            Tool("schedule_inspection", "Book an inspection for a permit in the AM (8:00-12:00) or PM (12:00-16:00) window.",
                 s_obj({"permit_number": pn, "inspection_type": s_str("Inspection type.", enum=TYPE_ENUM),
                        "date": s_date("Requested date (YYYY-MM-DD), a weekday."),
                        "window": s_str("Time window.", enum=["AM", "PM"]),
                        "contact_phone": s_str("On-site contact phone, 10 digits.", pattern=r"^\d{10}$")},
                       ["permit_number", "inspection_type", "date", "window"]),
                 entity={"permit_number": "id"}, http=BASE, extra=[("notify_contractor", True)]),
            Tool("get_code_section", "Fetch a chapter of the Maple Falls Municipal Code as plain text.",
                 s_obj({"code_url": s_str("Code chapter URL from the permit record.", pattern=r"^https://codes\.maplefalls\.example/")},
                       ["code_url"]),
                 entity={"code_url": "url"}, extra=[("format", "text")]),
        ]
        self.intents = [("review_status", self.review, True), ("inspection_results", self.inspections, False),
                        ("book_inspection", self.book, True), ("expiration_rules", self.expiration, False)]

    # ------------------------------------------------------------------ data
    def permit(self, r: R, today, status):
        pre, typ, work, insp = r.choice(KINDS)
        addr = f"{r.randint(12, 4890)} {r.choice(STREETS)}"
        submitted = today - dt.timedelta(days=r.randint(18, 55) if status != "ISSUED" else r.randint(150, 420))
        num = f"{pre}-{submitted.year}-{r.randint(1000, 9999):06d}"
        valuation = r.choice([9800, 14500, 22000, 48500, 86000, 131000])
        bfee = round(120 + valuation * 0.0105, 2)
        pfee = round(bfee * 0.65, 2)
        tfee = round((bfee + pfee) * 0.03, 2)
        p = {"permit_number": num, "type": typ, "work_description": work, "address": addr,
             "applicant": {"name": r.choice(APPLICANTS), "role": "owner"},
             "contractor": {"name": r.choice(CONTRACTORS), "license": f"CBL-{r.randint(10000, 99999)}"},
             "status": status, "submitted_at": ts(submitted, r.randint(8, 16), r.choice([4, 17, 38, 51]), off_for(submitted)),
             "valuation": valuation,
             "fees": [{"code": "PLN", "description": "Plan review fee", "amount": f"{pfee:.2f}", "status": "paid",
                       "paid_on": submitted.isoformat()},
                      {"code": "BLD", "description": "Building permit fee", "amount": bfee, "status": "due"},
                      {"code": "TECH", "description": "Technology surcharge", "amount": f"{tfee:.2f}", "status": "due"}],
             "inspections_required": insp, "code_url": CODE_URL}
        return p

    # ------------------------------------------------------------------ review status
    def review(self, ctx):
        r, today = ctx.r, ctx.today
        state = r.choice(["IN_REVIEW", "CORRECTIONS_REQUIRED", "APPROVED"])
        p = self.permit(r, today, state)
        submitted = dt.date.fromisoformat(p["submitted_at"][:10])
        discs = ["Building", "Structural", "Fire"] if r.random() < 0.6 else ["Building", "Structural", "Fire", "Zoning"]
        revs = []
        names = r.sample(REVIEWERS, len(discs))
        for k, dname in enumerate(discs):
            done = submitted + dt.timedelta(days=r.randint(5, max(6, (today - submitted).days - 2)))
            revs.append({"discipline": dname, "reviewer": names[k], "status": "APPROVED", "completed_on": done.isoformat()})
        if state == "IN_REVIEW":
            pend = r.sample(range(len(revs)), r.randint(1, 2))
            for i in pend:
                revs[i] = {"discipline": revs[i]["discipline"], "reviewer": revs[i]["reviewer"], "status": "PENDING",
                           "due_by": (today + dt.timedelta(days=r.randint(1, 9))).isoformat()}
        elif state == "CORRECTIONS_REQUIRED":
            i = r.randrange(1, len(revs))
            revs[i]["status"] = "CORRECTIONS_REQUIRED"
            revs[i]["comments"] = r.randint(2, 6)
            if r.random() < 0.5:
                j = r.choice([k for k in range(len(revs)) if k != i])
                revs[j] = {"discipline": revs[j]["discipline"], "reviewer": revs[j]["reviewer"], "status": "PENDING",
                           "due_by": (today + dt.timedelta(days=r.randint(1, 9))).isoformat()}
        p["reviews"] = revs
        pend_names = [x["discipline"] for x in revs if x["status"] == "PENDING"]
        p["next_action"] = {"IN_REVIEW": f"Awaiting {' and '.join(pend_names)} review", 
                            "CORRECTIONS_REQUIRED": "Applicant to upload corrected plans and a response to each comment",
                            "APPROVED": "Pay outstanding fees to issue the permit"}[state]
        p["as_of"] = ts(today, r.randint(7, 10), r.choice([2, 30, 45]), off_for(today))
        hist = [{"status": "SUBMITTED", "at": p["submitted_at"]},
                {"status": "INTAKE_COMPLETE", "at": ts(submitted + dt.timedelta(days=2), 9, 12, off_for(submitted))},
                {"status": "IN_REVIEW", "at": ts(submitted + dt.timedelta(days=3), 8, 40, off_for(submitted))}]
        if state != "IN_REVIEW":
            last = max(dt.date.fromisoformat(x["completed_on"]) for x in revs if "completed_on" in x)
            hist.append({"status": state, "at": ts(last, 15, 5, off_for(last))})
        p["status_history"] = hist
        gp = Call("get_permit", {"permit_number": p["permit_number"]}, p)
        history = None
        turns = []
        typo = False
        if ctx.followup:
            others = [{"permit_number": f"{r.choice(['EP', 'PP'])}-{today.year - 1}-{r.randint(1000, 9999):06d}", "type": "Water Heater Replacement",
                       "status": "FINALED"}]
            sp = Call("search_permits", {"address": p["address"]},
                      {"results": [{"permit_number": p["permit_number"], "type": p["type"], "status": state,
                                    "submitted_on": submitted.isoformat()}] + others, "count": 2})
            history = History().user(f"What permits are on file for {p['address']}?")
            history.call([sp])
            history.reply(f"There are two permits at {p['address']}: {p['permit_number']} ({p['type']}, currently "
                          f"{state.replace('_', ' ').lower()}) and {others[0]['permit_number']} (water heater, finaled).")
            req = r.choice([f"What's holding up the {p['type'].lower()} one?", "Where is the first one in review? Anything I need to do?"])
            turns.append(Turn([gp]))
        else:
            typo = r.random() < 0.35
            if typo:
                bad_num = mutate_id(p["permit_number"], r)
                req = f"Can you check on permit {bad_num}? It's for {p['address']}."
                tool = self.tool("get_permit")
                turns.append(Turn([Call("get_permit", {"permit_number": bad_num},
                                        error_result(r, self, tool, f"Permit {bad_num} not found", "not_found"), error="not_found")]))
                sp = Call("search_permits", {"address": p["address"]},
                          {"results": [{"permit_number": p["permit_number"], "type": p["type"], "status": state,
                                        "submitted_on": submitted.isoformat()}], "count": 1})
                turns.append(Turn([sp], "That number didn't match; searching by the address instead."))
                turns.append(Turn([gp]))
            else:
                req = r.choice([f"Status of permit {p['permit_number']}? We submitted on {w_d(submitted)}.",
                                f"Where is {p['permit_number']} in plan review? Anything I need to do?",
                                f"Any update on my permit {p['permit_number']}?"])
                turns.append(Turn([gp]))
        w = W(r, today)
        a = A()
        due = [f for f in p["fees"] if f["status"] == "due"]
        due_total = round(sum(float(f["amount"]) for f in due), 2)
        st_words = {"IN_REVIEW": "still in plan review", "CORRECTIONS_REQUIRED": "waiting on corrections from you",
                    "APPROVED": "approved and ready to issue once the fees are paid"}
        st_alt = {"IN_REVIEW": "approved and ready to issue", "CORRECTIONS_REQUIRED": "still in its first round of review",
                  "APPROVED": "still in plan review"}
        days = (today - submitted).days
        if typo:
            a("The number you gave (").t("`" if w.code else "").t(bad_num).t("`" if w.code else "").t(") ").x("didn't match any permit", neg="matched a closed permit")
            a(", so I searched by the address instead and found ").t("`" if w.code else "").x(p["permit_number"], fid=mutate_id(p["permit_number"], r)).t("`" if w.code else "").t(" — the number was probably mistyped.").p()
            a("\n\n")
        else:
            w.opener(a, f"permit {p['permit_number']}", p=0.45)
        if w.layout == "headings":
            a(w.h("Where it stands"))
        a("The ").x(p["type"].lower(), ent=None).t(" permit ")
        if not typo:
            a("(")
            w.idt(a, p["permit_number"], fid=mutate_id(p["permit_number"], r))
            a(") ")
        a("for ").x(p["address"], ent=f"{p['address'].split()[0]} {r.choice([s for s in STREETS if s not in p['address']])}").t(" is ")
        a.x(st_words[state], val=st_alt[state]).t(". It was submitted ").x(w.d(submitted), tmp=w.d(submitted + dt.timedelta(days=r.choice([-7, 5, 9])))).t(", so it's been ")
        a.x(plural(days, "day"), num=plural(days + r.choice([-9, 8, 12]), "day")).t(" since submission.").p()
        if w.code and r.random() < 0.6:
            a(" (The record's status field reads `").x(state, attr={"IN_REVIEW": "UNDER_REVIEW", "CORRECTIONS_REQUIRED": "REVISIONS_REQUESTED", "APPROVED": "APPROVED_PENDING_FEES"}[state]).t("`.)")
        a("\n\n")
        done = [x for x in revs if x["status"] == "APPROVED"]
        if w.layout in ("table",):
            a("| Discipline | Reviewer | Status |\n|---|---|---|\n")
            for k, x in enumerate(revs):
                a(f"| {x['discipline']} | ").x(x["reviewer"], ent=r.choice(OTHER_PEOPLE) if k == 0 else None,
                                                conf=("entity", revs[(k + 1) % len(revs)]["reviewer"]) if k == 1 else None).t(" | ")
                if x["status"] == "APPROVED":
                    a.x("Approved", val="Pending" if k != 1 else None).t(" ").x(w.dshort(x["completed_on"]), tmp=w.dshort(dt.date.fromisoformat(x["completed_on"]) + dt.timedelta(days=r.choice([-4, 3, 6])))).t(" |\n")
                elif x["status"] == "PENDING":
                    a.x("Pending", val="Approved" if k != 1 else None).t(", due ").x(w.dshort(x["due_by"]), tmp=w.dshort(dt.date.fromisoformat(x["due_by"]) + dt.timedelta(days=r.choice([5, 8])))).t(" |\n")
                else:
                    a.x(f"Corrections required ({x['comments']} comments)", num=f"Corrections required ({x['comments'] + 3} comments)").t(" |\n")
            a.pp()
        else:
            if len(done) == len(revs):
                a(f"All {len(revs)} reviews are approved:\n\n")
            else:
                a(f"{len(done)} of the {len(revs)} reviews {'are' if len(done) != 1 else 'is'} approved:\n\n")
            for k, x in enumerate(revs):
                a(f"- **{x['discipline']}**" if w.bold else f"- {x['discipline']}").t(" (").x(x["reviewer"], ent=r.choice(OTHER_PEOPLE) if k == 0 else None,
                                                                                       conf=("entity", revs[(k + 1) % len(revs)]["reviewer"]) if k == 1 else None).t(") — ")
                if x["status"] == "APPROVED":
                    a.x("approved", val="still pending" if k != 1 else None).t(" on ").x(w.d(x["completed_on"]), tmp=w.d(dt.date.fromisoformat(x["completed_on"]) + dt.timedelta(days=r.choice([-4, 3, 6]))))
                elif x["status"] == "PENDING":
                    a.x("still pending", val="approved" if k != 1 else None).t(", due back ").x(w.when(x["due_by"]), tmp=w.when(dt.date.fromisoformat(x["due_by"]) + dt.timedelta(days=r.choice([5, 8]))))
                else:
                    a.x("needs corrections", val="approved").t(" — the reviewer left ").x(f"{x['comments']} comments", num=f"{x['comments'] + 3} comments")
                a.pb().t("\n")
        a("\n")
        if state == "CORRECTIONS_REQUIRED":
            c = next(x for x in revs if x["status"] == "CORRECTIONS_REQUIRED")
            a("The next step is on your side: upload corrected plans with a response to each of the ").x(c["discipline"].lower(), ent=None).t(" comments.").p()
            a(" Until the corrections are in, the permit ").x("can't move forward", neg="can still be issued").t(".").p()
        elif state == "IN_REVIEW":
            pend = [x for x in revs if x["status"] == "PENDING"]
            a("Nothing is needed from you right now — the city is ").x("still waiting on", neg="no longer waiting on").t(" ")
            a(" and ".join(x["discipline"].lower() for x in pend)).t(" review.").p()
        else:
            a("All reviews are done, but the permit ").x("hasn't been issued yet", neg="has already been issued").t(" — the outstanding fees have to be paid first.").p()
        a("\n\n")
        if w.layout == "bullets" or w.voice == "gpt":
            a("Fees still due:\n")
            for f in due:
                a("- ").t(f["description"]).t(": ").x(fm(float(f["amount"])), num=fm(bump(float(f["amount"]), r)) if f["code"] == "BLD" else None).t("\n")
            a("- ").t("**Total due:** " if w.bold else "Total due: ").x(fm(due_total), num=fm(bump(due_total, r)), conf=("numerical", fm(float(p["fees"][0]["amount"])))).pb()
            a("\n\nThe ").x(fm(float(p["fees"][0]["amount"])), num=fm(bump(float(p["fees"][0]["amount"]), r))).t(" plan review fee ").x("was paid", neg="is still unpaid").t(" at submission.").p()
        else:
            a("On fees: the plan review fee (").x(fm(float(p["fees"][0]["amount"])), num=fm(bump(float(p["fees"][0]["amount"]), r))).t(") ").x("was paid", neg="is still unpaid").t(" at submission, and ")
            a.x(fm(due_total), num=fm(bump(due_total, r)), conf=("numerical", fm(float(p["fees"][0]["amount"])))).t(" is still due — the building permit fee plus the technology surcharge").pc().t(".").p()
        if ctx.followup and r.random() < 0.5:
            a(" (The water heater permit you also have at this address is already ").x("finaled", val="in review").t(", so that one needs nothing.)")
        w.closer(a, ["explain what the corrections usually involve" if state == "CORRECTIONS_REQUIRED" else "check again when the pending review is back",
                     "list the inspections this permit will need", "show how the permit fee was calculated"])
        a.ins("claim", "Plan review in Maple Falls typically takes about four weeks for this type of project.")
        a.ins("claim", "The permit fee can be paid online or at the counter with no surcharge.")
        a.ins("behavior", f"I've sent a reminder to {p['contractor']['name']} about the outstanding items.")
        a.ins("behavior", "I've asked the reviewer to prioritize your file.")
        a.ins("elab", "mostly because the city is short on reviewers this quarter", clause=True)
        a.ins("elab", "Resubmittals are usually reviewed faster than the first round.")
        a.ins("cite", f"Your correction response should reference case CR-{r.digits(6)}.")
        a.ins("cite", f"The review comments are posted at https://permits.maplefalls.example/portal/comments/{r.digits(7)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ inspection results
    def insp_list(self, r, today, p, n_done=None):
        types = p["inspections_required"]
        n_done = n_done if n_done is not None else r.randint(1, max(1, len(types) - 2))
        p["status"] = "ISSUED"
        out = []
        gaps = [r.randint(5, 16) for _ in range(n_done)]
        d = today - dt.timedelta(days=r.randint(1, 10) + sum(gaps[1:]))
        failed_any = False
        for k, t in enumerate(types):
            rec = {"inspection_id": f"INS-{r.randint(100000, 999999)}", "type": t, "sequence": k + 1}
            if k < n_done:
                if k == n_done - 1 and r.random() < 0.55 and t in FAIL_NOTES:
                    rec.update({"status": "FAILED", "date": wk(d).isoformat(), "inspector": r.choice(INSPECTORS),
                                "notes": FAIL_NOTES[t], "reinspection_fee": "95.00"})
                    failed_any = True
                else:
                    rec.update({"status": "PASSED", "date": wk(d).isoformat(), "inspector": r.choice(INSPECTORS)})
                d = d + dt.timedelta(days=gaps[min(k + 1, n_done - 1)])
            elif k == n_done and not failed_any and r.random() < 0.6:
                nd = today + dt.timedelta(days=r.randint(1, 8))
                while nd.weekday() > 4:
                    nd += dt.timedelta(days=1)
                wi = r.choice(["AM", "PM"])
                rec.update({"status": "SCHEDULED", "date": nd.isoformat(), "window": wi,
                            "window_hours": "08:00-12:00" if wi == "AM" else "12:00-16:00"})
            else:
                rec.update({"status": "NOT_SCHEDULED"})
                if k > 0:
                    rec["requires"] = [types[k - 1]]
            out.append(rec)
        last_pass = [x for x in out if x["status"] == "PASSED"]
        if last_pass and max(x["date"] for x in last_pass) >= today.isoformat():
            pass
        return out

    def inspections(self, ctx):
        r, today = ctx.r, ctx.today
        p = self.permit(r, today, "ISSUED")
        ins = self.insp_list(r, today, p)
        res = {"permit_number": p["permit_number"], "permit_status": "ISSUED", "address": p["address"],
               "inspections": ins, "as_of": ts(today, r.randint(7, 11), 0, off_for(today))}
        req = r.choice([f"How are the inspections going on {p['permit_number']}?",
                        f"Did we pass the last inspection on permit {p['permit_number']}? What's next?",
                        f"Inspection status for {p['permit_number']} please"])
        turns = [Turn([Call("list_inspections", {"permit_number": p["permit_number"]}, res)])]
        w = W(r, today)
        a = A()
        passed = [x for x in ins if x["status"] == "PASSED"]
        failed = [x for x in ins if x["status"] == "FAILED"]
        sched = [x for x in ins if x["status"] == "SCHEDULED"]
        todo = [x for x in ins if x["status"] == "NOT_SCHEDULED"]
        header = w.layout != "headings" and r.random() < 0.6
        if not header:
            w.opener(a, f"the inspections on {p['permit_number']}", p=0.5)
        if w.layout == "headings":
            a(w.h("Results so far"))
        elif header:
            a("Inspections for ")
            w.idt(a, p["permit_number"], fid=mutate_id(p["permit_number"], r))
            a(" at ").x(p["address"], ent=f"{p['address'].split()[0]} {r.choice([s for s in STREETS if s not in p['address']])}").t(":\n\n")
        if passed:
            a.x(str(len(passed)), num=str(len(passed) + 1)).t(" of the ").x(str(len(ins)), num=str(len(ins) + 2)).t(" required inspections ")
            a("have" if len(passed) > 1 else "has").t(" passed")
            if len(passed) == 1:
                a(" (the ").t(passed[0]["type"].lower()).t(", on ")
                a.x(w.d(passed[-1]["date"]), tmp=w.d(dt.date.fromisoformat(passed[-1]["date"]) + dt.timedelta(days=r.choice([-3, 4])))).t(")")
            elif len(passed) == 2:
                a(" (").t(" and ".join(x["type"].lower() for x in passed)).t(", most recently on ").x(w.d(passed[-1]["date"]), tmp=w.d(dt.date.fromisoformat(passed[-1]["date"]) + dt.timedelta(days=r.choice([-3, 4])))).t(")")
            a(".").p()
        else:
            a("No inspection has ").x("passed yet", neg="been failed so far").t(".").p()
        if failed:
            f = failed[0]
            a("\n\n")
            a("The ").x(f["type"].lower(), ent=None).t(" inspection on ").x(w.d(f["date"]), tmp=w.d(dt.date.fromisoformat(f["date"]) + dt.timedelta(days=r.choice([-2, 2, 7])))).t(" ").x("did not pass", neg="passed").t(". ")
            a.x(f["inspector"], ent=r.choice(OTHER_PEOPLE), conf=("entity", passed[0]["inspector"]) if passed and passed[0]["inspector"] != f["inspector"] else None).t(" noted:\n\n")
            notes = f["notes"].split("; ")
            for k, note in enumerate(notes):
                a("\n" if k else "").t("- ").t(note[0].upper() + note[1:])
            a("\n\nOnce " + ("those are" if len(notes) > 1 else "that's") + " fixed you'll need a re-inspection, which carries a ").x(fm(95.0), num=fm(r.choice([65.0, 125.0, 150.0]))).t(" fee.").p()
        if sched:
            s = sched[0]
            a("\n\n")
            a("The ").x(s["type"].lower(), ent=None).t(" inspection is ").x("booked", val="not booked yet").t(" for ").x(w.when(s["date"]), tmp=w.when(dt.date.fromisoformat(s["date"]) + dt.timedelta(days=r.choice([1, 2, 7]))))
            a(" in the ").x("morning (8:00–12:00)" if s["window"] == "AM" else "afternoon (12:00–4:00)", val="afternoon (12:00–4:00)" if s["window"] == "AM" else "morning (8:00–12:00)").t(" window.").p()
        if todo:
            a("\n\n")
            nxt = todo[0]
            if w.layout == "bullets" or len(todo) > 2:
                if w.code:
                    a("Still to come (all `").x("NOT_SCHEDULED", attr="PENDING_BOOKING").t("` for now):\n")
                else:
                    a("Still to come:\n")
                for k, x in enumerate(todo):
                    a("\n- " if k else "- ").x(x["type"], ent=None)
                    if x.get("requires"):
                        a(" (").x("can't be booked until", neg="can be booked before").t(" ").t(x["requires"][0].lower()).t(" passes)") if k == 0 else a(f" (after {x['requires'][0].lower()})")
                    a.pb()
            else:
                if len(todo) == 1:
                    a("The ").t(todo[0]["type"].lower()).t(" inspection is the last one left, and it ").x("isn't scheduled yet", neg="is already scheduled").t(".").p()
                else:
                    a("The ").t(" and ".join(x["type"].lower() for x in todo)).t(" inspections are still ahead; ").x("neither is scheduled yet", neg="both are already scheduled").t(".").p()
                if nxt.get("requires"):
                    a(" ").t(nxt["type"]).t(" ").x("can't be booked until", neg="can be booked before").t(" ").t(nxt["requires"][0].lower()).t(" passes.").p()
        w.closer(a, ["book the next inspection", "explain the re-inspection process" if failed else "check the permit's expiration date",
                     "send you the inspector's notes as a checklist"])
        a.ins("claim", "Inspectors in Maple Falls call about 30 minutes before they arrive.")
        a.ins("claim", "Re-inspections are usually available within two business days.")
        a.ins("behavior", "I've already requested the re-inspection for you." if failed else "I've booked the next inspection for you.")
        a.ins("behavior", f"I've emailed the results to {p['contractor']['name']}.")
        a.ins("elab", "which is one of the most common reasons inspections fail in older homes", clause=True)
        a.ins("elab", "The inspector was probably stricter than usual because of the new energy code.")
        a.ins("cite", f"The inspection report number is IR-{r.digits(7)}.")
        return seal(Plan(req, turns, a), self)

    # ------------------------------------------------------------------ book an inspection (write)
    def book(self, ctx):
        r, today = ctx.r, ctx.today
        p = self.permit(r, today, "ISSUED")
        ins = self.insp_list(r, today, p)
        for x in ins:
            if x["status"] in ("SCHEDULED", "FAILED"):
                x.update({"status": "PASSED", "inspector": r.choice(INSPECTORS), "date": x.get("date") or (today - dt.timedelta(days=2)).isoformat()})
                x.pop("notes", None)
                x.pop("reinspection_fee", None)
                x.pop("window", None)
        for x in ins:
            if x["status"] == "PASSED" and x["date"] >= today.isoformat():
                x["date"] = (today - dt.timedelta(days=r.randint(1, 3))).isoformat()
        nxt = next((x for x in ins if x["status"] == "NOT_SCHEDULED"), None)
        if nxt is None:
            nxt = ins[-1]
            nxt["status"] = "NOT_SCHEDULED"
            for k in ("date", "inspector"):
                nxt.pop(k, None)
        nxt.pop("requires", None)
        res = {"permit_number": p["permit_number"], "permit_status": "ISSUED", "address": p["address"], "inspections": ins,
               "as_of": ts(today, 8, 15, off_for(today))}
        ask = today + dt.timedelta(days=r.randint(1, 6))
        while ask.weekday() > 4:
            ask += dt.timedelta(days=1)
        win = r.choice(["AM", "PM"])
        full = r.random() < 0.4
        got = ask
        if full:
            got = ask + dt.timedelta(days=1)
            while got.weekday() > 4:
                got += dt.timedelta(days=1)
        conf_no = f"C-{r.randint(1000000, 9999999)}"
        result = {"inspection_id": f"INS-{r.randint(100000, 999999)}", "permit_number": p["permit_number"], "type": nxt["type"],
                  "date": got.isoformat(), "window": win, "window_hours": "08:00-12:00" if win == "AM" else "12:00-16:00",
                  "status": "SCHEDULED", "confirmation_number": conf_no,
                  "instructions": "An adult (18+) must be on site. Approved plans and the permit card must be available to the inspector."}
        li = Call("list_inspections", {"permit_number": p["permit_number"]}, res)
        args = {"permit_number": p["permit_number"], "inspection_type": nxt["type"], "date": ask.isoformat(), "window": win}
        w = W(r, today)
        wname = "morning" if win == "AM" else "afternoon"
        day_phrase = w.rel(ask) or w.d(ask)
        if day_phrase.startswith("in ") or day_phrase.endswith("ago"):
            day_phrase = f"{WEEKDAYS[ask.weekday()]}, {w_d(ask)}"
        history = None
        turns = []
        if ctx.followup:
            history = History().user(f"What inspections are left on {p['permit_number']}?")
            history.call([li])
            left = [x["type"] for x in ins if x["status"] == "NOT_SCHEDULED"]
            history.reply(f"{plural(len([x for x in ins if x['status'] == 'PASSED']), 'inspection')} passed so far; still to do: {', '.join(left)}.")
            req = f"Great, please book the {nxt['type'].lower()} for {day_phrase}, {wname} window."
        else:
            req = f"Can you book the next inspection on {p['permit_number']} for {day_phrase}? {wname.capitalize()} works best."
            turns.append(Turn([li]))
        tool = self.tool("schedule_inspection")
        if full:
            msg = f"No {win} capacity for {nxt['type']} on {ask.isoformat()}; next available {win} slot: {got.isoformat()}"
            err = {"detail": [{"type": "capacity_error", "loc": ["body", "date"], "msg": msg}], "status": 409} if self.error_style == 1 else error_result(r, self, tool, msg)
            turns.append(Turn([Call("schedule_inspection", dict(args), err, error="slot_unavailable")]))
            args2 = dict(args, date=got.isoformat())
            turns.append(Turn([Call("schedule_inspection", args2, result)], "That slot is full; booking the next available one."))
        else:
            turns.append(Turn([Call("schedule_inspection", dict(args), result)]))
        a = A()
        if full:
            a("The ").t(wname).t(" slots for ").t(w.d(ask)).t(" were ").x("already full", neg="still open").t(", so I booked the next available one instead: the ")
        else:
            a(r.choice(["Done — the ", "You're booked. The ", "All set! The "]))
        a.x(nxt["type"].lower(), ent=None).t(" inspection is ").x("scheduled", val="pending confirmation").t(" for ").x(w.when(got), tmp=w.when(got + dt.timedelta(days=r.choice([1, 7]))))
        a(", ").x("8:00 AM–12:00 PM" if win == "AM" else "12:00–4:00 PM", val="12:00–4:00 PM" if win == "AM" else "8:00 AM–12:00 PM").t(".").p()
        a("\n\n")
        if w.layout in ("bullets", "headings", "table"):
            a("- Confirmation number: ").t("`" if w.code else "").x(conf_no, fid=f"C-{mutate_id(conf_no[2:], r)}").t("`" if w.code else "").t("\n")
            a("- Permit: ").t("`" if w.code else "").x(p["permit_number"], fid=mutate_id(p["permit_number"], r)).t("`" if w.code else "").t(" at ").x(p["address"], ent=f"{p['address'].split()[0]} {r.choice([s for s in STREETS if s not in p['address']])}").t("\n")
            a("- On the day: an adult (18+) ").x("must be", neg="doesn't need to be").t(" on site, and the approved plans and permit card need to be available to the inspector.").pb()
        else:
            a("Your confirmation number is ").t("`" if w.code else "").x(conf_no, fid=f"C-{mutate_id(conf_no[2:], r)}").t("`" if w.code else "").t(". On the day, an adult (18+) ")
            a.x("must be", neg="doesn't need to be").t(" on site at ").x(p["address"], ent=f"{p['address'].split()[0]} {r.choice([s for s in STREETS if s not in p['address']])}").t(", and the approved plans and permit card need to be available to the inspector.").p()
        prev = [x for x in ins if x["status"] == "PASSED"]
        if prev and r.random() < 0.7:
            a("\n\nThis comes ").x("after", rel="before").t(" the ").t(prev[-1]["type"].lower()).t(" inspection, which passed on ").x(w.d(prev[-1]["date"]), tmp=w.d(dt.date.fromisoformat(prev[-1]["date"]) - dt.timedelta(days=r.choice([3, 6])))).t(".").p()
        if ctx.followup and r.random() < 0.5:
            rest = [x["type"].lower() for x in ins if x["status"] == "NOT_SCHEDULED" and x is not nxt]
            if rest:
                a(" That leaves ").t(rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]).t(" ").x("still to schedule", neg="already scheduled").t(" after this one.")
        w.closer(a, ["add a reminder the day before", "book the following inspection as well", "change the window"], p=0.5)
        a.ins("claim", "You'll get a call from the inspector about 30 minutes before arrival.")
        a.ins("claim", "Same-day cancellations are free up to 7:00 AM.")
        a.ins("behavior", "I've also texted the confirmation to the contractor on file.")
        a.ins("behavior", "I've added the final inspection to the calendar as a tentative booking.")
        a.ins("elab", "since inspectors cover the east side of the city in that window", clause=True)
        a.ins("elab", "Morning slots tend to fill up about a week ahead in spring.")
        a.ins("cite", f"Your inspector assignment is IA-{r.digits(6)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ expiration rules
    def code_text(self, days, ext_pct, ext_min, react):
        return ("MAPLE FALLS MUNICIPAL CODE\nTitle 14 - BUILDINGS AND CONSTRUCTION\nChapter 14.08 - PERMITS\n\n"
                "14.08.040 Permit card.\n(a) The permit card shall be posted at the job site and kept available to the inspector until the final inspection.\n\n"
                "14.08.050 Expiration.\n"
                f"(a) A permit expires if the work it authorizes is not commenced within {days} days after the permit is issued.\n"
                f"(b) A permit expires if the work is suspended or abandoned for {days} days after the last approved inspection.\n\n"
                "14.08.060 Extensions.\n"
                f"(a) The building official may grant one or more extensions of up to {days} days each, upon written request "
                "received before the permit expires and showing that circumstances beyond the permit holder's control prevented action.\n"
                f"(b) The extension fee is {ext_pct} percent of the original building permit fee, but not less than ${ext_min}.\n\n"
                "14.08.070 Reactivation.\n"
                f"(a) An expired permit may be reactivated within {react} year(s) of expiration upon payment of 50 percent of the "
                "original building permit fee, provided no change to the approved plans or to the adopted codes affects the work.\n"
                "(b) Work on an expired permit that is not reactivated requires a new permit.\n")

    def expiration(self, ctx):
        r, today = ctx.r, ctx.today
        p = self.permit(r, today, "ISSUED")
        days = r.choice([180, 180, 365])
        ext_pct, ext_min, react = r.choice([25, 25, 30]), r.choice([75, 100]), r.choice([1, 1, 2])
        last_insp = wk(today - dt.timedelta(days=r.randint(days - 60, days - 8)))
        issued = last_insp - dt.timedelta(days=r.randint(20, 60))
        expires = last_insp + dt.timedelta(days=days)
        p["issued_on"] = issued.isoformat()
        sub = issued - dt.timedelta(days=r.randint(20, 45))
        p["submitted_at"] = ts(sub, 10, 12, off_for(sub))
        p["permit_number"] = p["permit_number"][:3] + str(sub.year) + p["permit_number"][7:]
        p["last_approved_inspection"] = {"type": r.choice(["Framing", "Rough Electrical", "Footing"]), "date": last_insp.isoformat()}
        p["expires_on"] = expires.isoformat()
        for f in p["fees"]:
            f["status"] = "paid"
            f["paid_on"] = issued.isoformat()
        p["as_of"] = ts(today, 9, 0, off_for(today))
        doc = self.code_text(days, ext_pct, ext_min, react)
        bfee = float(p["fees"][1]["amount"])
        ext_fee = max(round(bfee * ext_pct / 100, 2), float(ext_min))
        gp = Call("get_permit", {"permit_number": p["permit_number"]}, p)
        gc = Call("get_code_section", {"code_url": CODE_URL}, doc)
        req = r.choice([f"We've had to pause work on {p['permit_number']}. When does the permit expire, and can we extend it?",
                        f"Permit {p['permit_number']} — how long do we have before it lapses? The project is on hold.",
                        f"Is my permit {p['permit_number']} about to expire? What are the rules for an extension?"])
        turns = [Turn([gp]), Turn([gc])]
        w = W(r, today)
        a = A()
        left = (expires - today).days
        w.opener(a, f"the expiration rules for {p['permit_number']}", p=0.45)
        if w.layout == "headings":
            a(w.h("When it expires"))
        a("Your permit's last approved inspection was the ").x(p["last_approved_inspection"]["type"].lower(), ent=None).t(" on ").x(w.d(last_insp), tmp=w.d(last_insp + dt.timedelta(days=r.choice([-14, 10, 21])))).t(". ")
        a("Under section ").x("14.08.050(b)", sec=r.choice(["14.08.055(b)", "14.08.050(d)"])).t(", a permit expires once work has been suspended for ").x(f"{days} days", num=f"{days - 90} days").t(" after the last approved inspection, so it ")
        a.x("expires on " + w.d(expires), tmp="expires on " + w.d(expires + dt.timedelta(days=r.choice([-30, 14, 31])))).t(" — ").x(f"{left} days from now", num=f"{left + r.choice([-12, 10, 21])} days from now").t(".").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("Extending it"))
        if w.layout == "bullets" or w.voice == "gemini":
            a("Your options:\n\n")
            a("1. **Extension** (").x("14.08.060", sec=r.choice(["14.08.065", "14.08.080"])).t("): the building official can grant extensions of up to ").x(f"{days} days", num=f"{days // 2} days").t(" each. The written request has to arrive ")
            a.x("before", rel="after").t(" the permit expires and show that the delay was beyond your control. The fee is ").x(f"{ext_pct}%", num=f"{ext_pct + 15}%").t(" of the original building permit fee (minimum $").t(str(ext_min)).t(") — for you that's ").x(fm(ext_fee), num=fm(bump(ext_fee, r))).t(".").pb()
            a("\n2. **If it lapses** (").x("14.08.070", sec=r.choice(["14.08.075", "14.08.090"])).t("): you can reactivate it within ").x(plural(react, "year"), num=plural(react + 2, "year")).t(" of expiration for ").x("50%", num="75%").t(" of the original fee, provided nothing in the plans or the adopted codes has changed in a way that affects the work. Otherwise you'd need a new permit.").pb()
        else:
            a("If the pause will run past that date, section ").x("14.08.060", sec=r.choice(["14.08.065", "14.08.080"])).t(" lets the building official grant extensions of up to ").x(f"{days} days", num=f"{days // 2} days").t(" each. The written request must be received ")
            a.x("before", rel="after").t(" the permit expires and show that the delay was beyond your control. The fee is ").x(f"{ext_pct}%", num=f"{ext_pct + 15}%").t(" of the original building permit fee with a $").t(str(ext_min)).t(" minimum")
            a(" — with your ").t(fm(bfee)).t(" building fee, that comes to ").x(fm(ext_fee), num=fm(bump(ext_fee, r))).pc().t(".").p()
            a("\n\nIf it does lapse, it ").x("can still be reactivated", neg="can't be reactivated").t(" within ").x(plural(react, "year"), num=plural(react + 2, "year")).t(" for half of the original fee (section ").x("14.08.070", sec=r.choice(["14.08.075", "14.08.090"])).t("), as long as no plan or code change affects the work.").p()
        a("\n\n")
        if left > 45:
            a("So there's no rush yet, but I'd set a reminder for about a month before the expiry date.")
        else:
            a("With only ").t(plural(left, "day")).t(" left, I'd send the extension request soon.")
        w.closer(a, ["draft the extension request", "check whether any inspection could be booked before the deadline",
                     "pull the full permit record"])
        a.ins("claim", "Extension requests are normally decided within ten business days.")
        a.ins("claim", "Only one extension is allowed per permit.")
        a.ins("behavior", "I've already submitted an extension request on your behalf.")
        a.ins("behavior", "I've set a reminder for the permit holder 30 days before expiry.")
        a.ins("elab", "since the city tightened enforcement of lapsed permits last year", clause=True)
        a.ins("elab", "Most extension requests for weather or supply delays are approved.")
        a.ins("cite", f"Reference the extension under case EXT-{r.digits(6)} when you write in.")
        return seal(Plan(req, turns, a), self)


WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def w_d(d):
    return f"{d.strftime('%B')} {d.day}"
