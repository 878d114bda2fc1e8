"""immigration_cases (set e): an immigration law firm's client portal — case status with history (and a mistyped
receipt number found again through the case list), processing-time ranges, RFE response with documents attached
(write action), and biometrics rules from a client guide fetched by URL (with an optional reschedule request)."""
from __future__ import annotations

import datetime as dt

from .common import (A, Call, History, Plan, R, Scenario, Tool, Turn, bump, mutate_id, plural, s_int, s_obj, s_str)
from .estyle import W, fm, pc, seal
from .faults import error_result

BASE = "https://portal.harborvale.example/api"
GUIDE_URL = "https://help.harborvale.example/guides/biometrics-appointments"
FORMS = [("I-765", "Application for Employment Authorization"),
         ("I-485", "Application to Register Permanent Residence or Adjust Status"),
         ("I-130", "Petition for Alien Relative"), ("N-400", "Application for Naturalization"),
         ("I-131", "Application for Travel Document"), ("I-539", "Application to Extend/Change Nonimmigrant Status")]
CENTERS = [("IOE", "National Benefits Center"), ("EAC", "Vermont Service Center"), ("WAC", "California Service Center"),
           ("LIN", "Nebraska Service Center"), ("SRC", "Texas Service Center"), ("IOE", "Potomac Service Center")]
OTHER_CENTERS = ["Chicago Lockbox", "Dallas Field Office", "Missouri Service Center"]
PEOPLE = ["Ana Souza", "Mehmet Yilmaz", "Lucía Fernández", "Kwame Asante", "Nguyen Thi Lan", "Dmitri Volkov", "Farah Haddad"]
ATTORNEYS = ["R. Castillo", "J. Whitman", "S. Iyer", "M. Okafor"]
OTHER_ATTORNEYS = ["D. Feldman", "L. Marchetti", "K. Tanaka"]
ASCS = [("ASC Seattle", "12500 Tukwila International Blvd, Seattle, WA"), ("ASC Chicago", "101 W Congress Pkwy, Chicago, IL"),
        ("ASC Houston", "8505 Gulf Fwy, Houston, TX"), ("ASC Newark", "970 Broad St, Newark, NJ")]
STATUS_TEXT = {"RECEIVED": "Case Was Received", "BIOMETRICS_SCHEDULED": "Biometrics Appointment Was Scheduled",
               "BIOMETRICS_COMPLETED": "Fingerprints Were Taken", "RFE_SENT": "Request for Additional Evidence Was Sent",
               "INTERVIEW_SCHEDULED": "Interview Was Scheduled", "APPROVED": "Case Was Approved"}


NEXT_ACTION = {"RECEIVED": "Awaiting biometrics appointment notice from USCIS",
               "BIOMETRICS_SCHEDULED": "Client to attend the biometrics appointment",
               "BIOMETRICS_COMPLETED": "No client action needed; awaiting USCIS review",
               "RFE_SENT": "Attorney and client to prepare the RFE response",
               "INTERVIEW_SCHEDULED": "Attorney to prepare client for the interview",
               "APPROVED": "Attorney to review the approval notice with the client"}


def receipt(r: R, prefix):
    return f"{prefix}{r.randint(2190000000, 2699999999)}"


def tsz(d, h, m):
    return f"{d.isoformat()}T{h:02d}:{m:02d}:00-05:00"


def months_between(a, b):
    return (b - a).days / 30.44


class Immigration(Scenario):
    name = "immigration_cases"
    agent = "Beacon"
    service = "harborvale-immigration-assistant"
    system = ("You are Beacon, the client assistant of Harbor & Vale LLP, an immigration law firm. Clients ask about "
              "their USCIS cases. Use the tools to read case status, processing times, requests for evidence and the firm's "
              "client guides; attach documents to an RFE response or submit reschedule requests only when the client asks. "
              "Do not predict decisions or give legal advice; refer legal questions to the assigned attorney.")
    error_style = 0
    entity_noun = {"receipt_number": "Receipt number", "case_id": "Case", "file_path": "File", "guide_url": "Guide"}
    preambles = ["Let me check your case.", "Looking up the case record.", "One moment while I check with the portal."]

    def __init__(self):
        rn = s_str("USCIS receipt number: three letters and ten digits, e.g. 'IOE0923456781'.", pattern=r"^[A-Z]{3}\d{10}$")
        cid = s_str("Firm case ID, e.g. 'HV-24-0381'.", pattern=r"^HV-\d{2}-\d{4}$")
        self.tools = [
            Tool("list_my_cases", "The signed-in client's cases with forms, receipt numbers and assigned attorneys.",
                 s_obj({"include_closed": {"type": "boolean", "description": "Include closed cases."}}), http=BASE,
                 extra=[("page", 1)]),
            Tool("get_case_status", "USCIS status of a case by receipt number, with its history and biometrics appointment.",
                 s_obj({"receipt_number": rn}, ["receipt_number"]), entity={"receipt_number": "id"}, http=BASE,
                 extra=[("refresh", True)]),
            Tool("get_processing_times", "Published USCIS processing-time range for a form at an office.",
                 s_obj({"form": s_str("Form number.", enum=[f for f, _ in FORMS]),
                        "office": s_str("USCIS office or service center name.", min_len=3, max_len=80)}, ["form", "office"]),
                 http=BASE, extra=[("category", "all")]),
            Tool("get_rfe", "The request for evidence (RFE) on a case: items requested, due date and item status.",
                 s_obj({"receipt_number": rn}, ["receipt_number"]), entity={"receipt_number": "id"}, http=BASE,
                 extra=[("include_scan", True)]),
            Tool("list_uploads", "Documents the client has uploaded to a case.",
                 s_obj({"case_id": cid, "since": s_str("Only uploads on or after this date (YYYY-MM-DD).", pattern=r"^\d{4}-\d{2}-\d{2}$")}, ["case_id"]),
                 entity={"case_id": "id"}, http=BASE, extra=[("sort", "newest")]),
            Tool("attach_to_response", "Attach an uploaded document to an item of the RFE response packet for attorney review.",
                 s_obj({"case_id": cid, "rfe_item": s_int("RFE item number.", 1, 20),
                        "file_path": s_str("Path of the uploaded file.", pattern=r"^uploads/HV-\d{2}-\d{4}/[A-Za-z0-9._/-]+\.pdf$")},
                       ["case_id", "rfe_item", "file_path"]),
                 entity={"case_id": "id", "file_path": "path"}, http=BASE, extra=[("notify_attorney", True)]),
            Tool("get_guide", "Fetch a Harbor & Vale client guide (plain text) by URL.",
                 s_obj({"guide_url": s_str("Guide URL.", pattern=r"^https://help\.harborvale\.example/")}, ["guide_url"]),
                 entity={"guide_url": "url"}, extra=[("lang", "en")]),
            Tool("request_reschedule", "Ask the firm to file a biometrics reschedule request with USCIS.",
                 s_obj({"receipt_number": rn, "reason": s_str("Reason category.", enum=["illness", "medical_appointment", "family_emergency", "travel", "other"]),
                        "note": s_str("Details for the attorney.", max_len=400)}, ["receipt_number", "reason"]),
                 entity={"receipt_number": "id"}, http=BASE, extra=[("urgent", True)]),
        ]
        self.intents = [("case_status", self.status, True), ("processing_estimate", self.estimate, False),
                        ("rfe_documents", self.rfe, False), ("biometrics_rules", self.biometrics, True)]

    # ------------------------------------------------------------------ data
    def cases(self, r: R, today, n=None):
        n = n or r.randint(2, 3)
        forms = r.sample(FORMS, n)
        people = r.sample(PEOPLE, 2)
        out = []
        for k, (f, title) in enumerate(forms):
            pre, center = r.choice(CENTERS)
            out.append({"case_id": f"HV-{str(today.year - r.choice([0, 1]))[2:]}-{r.randint(1000, 9999)}", "form": f, "form_title": title,
                        "receipt_number": receipt(r, pre), "service_center": center,
                        "beneficiary": people[0] if k == 0 or r.random() < 0.5 else people[1],
                        "attorney": r.choice(ATTORNEYS)})
        return {"client_id": f"CL-{r.randint(10000, 99999)}", "cases": out}

    def status_record(self, r: R, today, case, state, received=None):
        received = received or today - dt.timedelta(days=r.randint(40, 200))
        hist = [{"date": received.isoformat(), "event": "Case Was Received"}]
        bio = None
        asc = r.choice(ASCS)
        if state in ("BIOMETRICS_SCHEDULED", "BIOMETRICS_COMPLETED", "RFE_SENT", "INTERVIEW_SCHEDULED", "APPROVED"):
            notice = received + dt.timedelta(days=r.randint(10, 20))
            hist.append({"date": notice.isoformat(), "event": "Biometrics Appointment Was Scheduled"})
            if state == "BIOMETRICS_SCHEDULED":
                appt = today + dt.timedelta(days=r.randint(2, 16))
                while appt.weekday() > 4:
                    appt += dt.timedelta(days=1)
                bio = {"status": "scheduled", "appointment_at": tsz(appt, r.choice([8, 9, 10, 13, 14]), r.choice([0, 30])),
                       "location": asc[0], "address": asc[1]}
            else:
                taken = notice + dt.timedelta(days=r.randint(14, 30))
                if taken >= today:
                    taken = today - dt.timedelta(days=3)
                taken -= dt.timedelta(days=max(0, taken.weekday() - 4))
                hist.append({"date": taken.isoformat(), "event": "Fingerprints Were Taken"})
                bio = {"status": "completed", "appointment_at": tsz(taken, 9, 0), "location": asc[0], "address": asc[1]}
        if state == "RFE_SENT":
            hist.append({"date": (today - dt.timedelta(days=r.randint(6, 30))).isoformat(), "event": "Request for Additional Evidence Was Sent"})
        if state == "APPROVED":
            hist.append({"date": (today - dt.timedelta(days=r.randint(1, 6))).isoformat(), "event": "Case Was Approved"})
        hist.sort(key=lambda h: h["date"])
        rec = {"receipt_number": case["receipt_number"], "form": case["form"], "form_title": case["form_title"],
               "service_center": case["service_center"], "received_date": received.isoformat(), "status": state,
               "status_text": STATUS_TEXT[state], "history": hist, "next_action": NEXT_ACTION[state], "guide_url": GUIDE_URL,
               "checked_at": tsz(today, 7, r.randint(0, 59))}
        if bio:
            rec["biometrics"] = bio
        return rec

    # ------------------------------------------------------------------ case status
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        cl = self.cases(r, today)
        case = cl["cases"][0] if not ctx.followup else cl["cases"][1]
        state = r.choice(["RECEIVED", "BIOMETRICS_SCHEDULED", "BIOMETRICS_COMPLETED", "RFE_SENT", "APPROVED"])
        if state == "RECEIVED":
            received = today - dt.timedelta(days=r.randint(5, 14))
        else:
            received = None
        rec = self.status_record(r, today, case, state, received)
        lc = Call("list_my_cases", {}, cl)
        gs = Call("get_case_status", {"receipt_number": case["receipt_number"]}, rec)
        history = None
        typo = False
        turns = []
        if ctx.followup:
            first = cl["cases"][0]
            history = History().user("Which cases do you have open for me?")
            history.call([lc])
            history.reply("You have " + plural(len(cl["cases"]), "open case") + ": " + "; ".join(
                f"{c['form']} for {c['beneficiary']} (receipt {c['receipt_number']})" for c in cl["cases"]) + ".")
            req = r.choice([f"What's happening with the {case['form']}?", f"Any news on the {case['form']} for {case['beneficiary']}?"])
            turns.append(Turn([gs]))
        else:
            typo = r.random() < 0.4
            if typo:
                bad = case["receipt_number"][:3] + mutate_id(case["receipt_number"][3:], r)
                req = f"Can you check my case {bad}? It's the {case['form']}."
                tool = self.tool("get_case_status")
                turns.append(Turn([Call("get_case_status", {"receipt_number": bad},
                                        error_result(r, self, tool, f"No case found for receipt number {bad}", "not_found"), error="not_found")]))
                turns.append(Turn([lc], "That receipt number didn't match anything; checking your case list."))
                turns.append(Turn([gs]))
            else:
                req = r.choice([f"Any update on {case['receipt_number']}?", f"What's the status of my {case['form']}?",
                                f"Where are we with the {case['form']} ({case['receipt_number']})?"])
                turns.append(Turn([lc]) if "receipt" not in req and case["receipt_number"] not in req else None)
                turns = [t for t in turns if t is not None]
                turns.append(Turn([gs]))
        w = W(r, today)
        a = A()
        rcv = dt.date.fromisoformat(rec["received_date"])
        days = (today - rcv).days
        if typo:
            a("I couldn't find anything under ").t(f"`{bad}`" if w.code else bad).t(", so I checked your case list — your ").t(case["form"]).t(" is actually under ")
            w.idt(a, case["receipt_number"], fid=case["receipt_number"][:3] + mutate_id(case["receipt_number"][3:], r))
            a(" — the number you had was slightly off.\n\n")
        else:
            w.opener(a, f"your {case['form']}", p=0.45)
        if w.layout == "headings":
            a(w.h("Current status"))
        a("The ").x(case["form"], ent=None).t(" (").t(case["form_title"]).t(") for ").x(case["beneficiary"], ent=r.choice([x for x in PEOPLE if x not in (c["beneficiary"] for c in cl["cases"])]))
        if not typo and r.random() < 0.6:
            a(", receipt ")
            w.idt(a, case["receipt_number"], fid=case["receipt_number"][:3] + mutate_id(case["receipt_number"][3:], r))
            a(",")
        a(" is at: ")
        a("**" if w.bold else "").x(STATUS_TEXT[state], val=STATUS_TEXT[{"RECEIVED": "BIOMETRICS_COMPLETED", "BIOMETRICS_SCHEDULED": "BIOMETRICS_COMPLETED", "BIOMETRICS_COMPLETED": "INTERVIEW_SCHEDULED", "RFE_SENT": "APPROVED", "APPROVED": "RFE_SENT"}[state]]).t("**" if w.bold else "").t(".")
        a(" USCIS received it on ").x(w.d(rcv), tmp=w.d(rcv + dt.timedelta(days=r.choice([-14, 10, 30])))).t(" at the ").x(case["service_center"], ent=r.choice(OTHER_CENTERS)).t(", so it's been ")
        approx = f"about {round(days / 30.44)} month{'s' if round(days / 30.44) != 1 else ''}" if days > 45 else f"{days} days"
        a.x(approx, num=f"about {round(days / 30.44) + 2} months" if days > 45 else f"{days + 9} days").t(".").p()
        if w.code and r.random() < 0.5:
            a(" (Status code in the portal: `").x(state, attr={"RECEIVED": "CASE_RECEIVED", "BIOMETRICS_SCHEDULED": "BIO_SCHEDULED", "BIOMETRICS_COMPLETED": "BIO_DONE", "RFE_SENT": "RFE_ISSUED", "APPROVED": "CASE_APPROVED"}[state]).t("`.)")
        a("\n\n")
        if w.layout == "headings":
            a(w.h("History"))
        evs = rec["history"]
        if len(evs) > 1 and (w.layout in ("bullets", "headings", "table") or len(evs) > 2):
            a("What's happened so far:\n")
            for k, h in enumerate(evs):
                a("\n- ").x(w.d(h["date"]), tmp=w.d(dt.date.fromisoformat(h["date"]) + dt.timedelta(days=r.choice([-5, 6]))) if k == len(evs) - 1 else None,
                            conf=("temporal", w.d(evs[0]["date"])) if k == len(evs) - 1 and k > 0 else None).t(": ").t(h["event"])
            a.pb()
            a("\n\n")
        bio = rec.get("biometrics")
        if state == "RECEIVED":
            a("Nothing has happened since the receipt yet — ").x("no biometrics appointment has been scheduled", neg="the biometrics appointment has already been scheduled").t(" so far, and the portal shows the case waiting on that notice from USCIS.").p()
        elif state == "BIOMETRICS_SCHEDULED":
            at = bio["appointment_at"]
            appt = dt.date.fromisoformat(at[:10])
            a("The next step is the biometrics appointment: ").x(w.when(appt), tmp=w.when(appt + dt.timedelta(days=r.choice([1, 7])))).t(" at ").x(w.t(at), tmp=w.t(dt.datetime.fromisoformat(at) + dt.timedelta(hours=2))).t(", at ").x(bio["location"], ent=r.choice([x[0] for x in ASCS if x[0] != bio["location"]])).t(" (").t(bio["address"]).t(").").p()
        elif state == "BIOMETRICS_COMPLETED":
            a("Biometrics are ").x("done", neg="still outstanding").t(" — fingerprints were taken on ").x(w.d(bio["appointment_at"]), tmp=w.d(dt.date.fromisoformat(bio["appointment_at"][:10]) + dt.timedelta(days=r.choice([-7, 5])))).t(". There's ").x("nothing you need to do", neg="one more step you need to take").t(" right now; the case is waiting on USCIS review.").p()
        elif state == "RFE_SENT":
            sent = dt.date.fromisoformat([h for h in evs if h["event"].startswith("Request")][0]["date"])
            a("USCIS sent a request for additional evidence on ").x(w.d(sent), tmp=w.d(sent - dt.timedelta(days=r.choice([5, 9])))).t(", so the next step is the response, which ").x("you'll prepare together with", neg="doesn't need any input from").t(" your attorney, ").x(case["attorney"], ent=r.choice(OTHER_ATTORNEYS)).t(".").p()
        else:
            appr = dt.date.fromisoformat(evs[-1]["date"])
            a("Good news — it was ").x("approved", val="denied").t(" on ").x(w.d(appr), tmp=w.d(appr - dt.timedelta(days=r.choice([3, 8])))).t(".").p()
            a(" Your attorney, ").x(case["attorney"], ent=r.choice(OTHER_ATTORNEYS)).t(", will go over the approval notice with you.")
        if ctx.followup and r.random() < 0.6:
            other = cl["cases"][0]
            a("\n\n(You asked about your cases earlier — this is separate from the ").x(other["form"], ent=None).t(" for ").t(other["beneficiary"]).t(", receipt ").t(other["receipt_number"]).t(".)")
        w.closer(a, ["check the current processing times for this form", "send a note to your attorney", "set up alerts for status changes"])
        a.ins("claim", "Cases at this service center are currently being processed in the order they were received.")
        a.ins("claim", "No interview is expected for this type of case.")
        a.ins("behavior", f"I've asked {case['attorney']} to follow up with USCIS on the timing.")
        a.ins("behavior", "I've turned on text alerts so you'll hear about the next status change right away.")
        a.ins("elab", "mostly because the service center is working through a backlog from last year", clause=True)
        a.ins("elab", "Status updates tend to appear online a few days after the mail notice is sent.")
        a.ins("cite", f"The firm's internal ticket for your case is HV-T-{r.digits(6)}.")
        a.ins("cite", f"You can download the receipt notice at https://portal.harborvale.example/docs/{r.hexid(6)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)

    # ------------------------------------------------------------------ processing estimate
    def estimate(self, ctx):
        r, today = ctx.r, ctx.today
        cl = self.cases(r, today)
        case = cl["cases"][0]
        state = r.choice(["RECEIVED", "BIOMETRICS_COMPLETED", "BIOMETRICS_COMPLETED"])
        rcv = today - dt.timedelta(days=r.randint(25, 160))
        rec = self.status_record(r, today, case, state, rcv)
        lo = r.choice([2.5, 3.0, 4.5, 6.0, 7.5])
        hi = lo + r.choice([2.0, 3.5, 4.0, 6.5])
        p80 = round((lo + (hi - lo) * r.uniform(0.6, 0.85)) * 2) / 2
        pub = today - dt.timedelta(days=r.randint(5, 30))
        pt = {"form": case["form"], "office": case["service_center"], "unit": "months",
              "range": {"min": lo, "max": hi}, "percentile_80": p80, "published_on": pub.isoformat(),
              "note": f"80% of {case['form']} cases at this office were completed within {p80:g} months."}
        gs = Call("get_case_status", {"receipt_number": case["receipt_number"]}, rec)
        gp = Call("get_processing_times", {"form": case["form"], "office": case["service_center"]}, pt)
        req = r.choice([f"How long is my {case['form']} going to take? Receipt {case['receipt_number']}.",
                        f"When can I expect a decision on {case['receipt_number']}?"])
        turns = [Turn([gs]), Turn([gp])]
        w = W(r, today)
        a = A()
        el = months_between(rcv, today)
        d_lo = rcv + dt.timedelta(days=round(lo * 30.44))
        d_hi = rcv + dt.timedelta(days=round(hi * 30.44))
        d80 = rcv + dt.timedelta(days=round(p80 * 30.44))
        mo = lambda d: f"{d.strftime('%B')}" + (f" {d.year}" if d.year != today.year else "")
        early = lambda d: ("early " if d.day <= 10 else "mid-" if d.day <= 20 else "late ") + mo(d)
        w.opener(a, f"processing times for your {case['form']}", p=0.45)
        if w.voice == "claude" and r.random() < 0.5:
            a("I can't predict exactly when USCIS will decide, but the published numbers give a reasonable window.\n\n")
        a("The ").x(case["service_center"], ent=r.choice(OTHER_CENTERS)).t(" currently lists ").x(f"{lo:g} to {hi:g} months", num=f"{lo + 2:g} to {hi + 3:g} months").t(" for ").t(case["form"]).t(" cases (published ")
        a.x(w.d(pub), tmp=w.d(pub - dt.timedelta(days=r.choice([30, 60])))).t("), and ").x("80%", num="90%").t(" of cases there were completed within ").x(f"{p80:g} months", num=f"{p80 - 1.5:g} months" if p80 - 1.5 > lo else f"{p80 + 2:g} months").t(".").p()
        a("\n\n")
        a("Your case (")
        w.idt(a, case["receipt_number"], fid=case["receipt_number"][:3] + mutate_id(case["receipt_number"][3:], r))
        ago = (today - rcv).days
        a(") was received on ").x(w.d(rcv), tmp=w.d(rcv + dt.timedelta(days=r.choice([-21, 14, 30])))).t(", ")
        if ago < 45:
            a.x(f"{ago} days", num=f"{ago + 16} days")
        else:
            a("about ").x(f"{el:.1f}".replace(".0", "") + " months", num=f"{el + 1.5:.1f}".replace(".0", "") + " months").t(" ago. Counting from that date, the published range would put a decision somewhere between ")
        a.x(early(d_lo), tmp=early(d_lo + dt.timedelta(days=45))).t(" and ").x(early(d_hi), tmp=early(d_hi - dt.timedelta(days=50))).t(", with most cases done by around ").x(early(d80), tmp=early(d80 + dt.timedelta(days=40))).t(".").p()
        if el < lo:
            a(" So you're still ").x("short of", rel="past").t(" the published range — nothing looks delayed yet.").p()
        elif el <= hi:
            a(" You're now within the published range, so a decision could come any time; it ").x("isn't", neg="is").t(" considered outside normal processing yet.").p()
        else:
            a(" You're ").x("past", rel="still short of").t(" the upper end of the range, so it may be worth asking your attorney about next steps.").p()
        a("\n\nFor context, the case is currently at \"").x(STATUS_TEXT[state], val=STATUS_TEXT["INTERVIEW_SCHEDULED"]).t("\"")
        if state == "BIOMETRICS_COMPLETED":
            a(" — fingerprints were taken on ").x(w.d(rec["biometrics"]["appointment_at"]), tmp=w.d(dt.date.fromisoformat(rec["biometrics"]["appointment_at"][:10]) + dt.timedelta(days=10))).t(".")
        else:
            a(" — ").x("no biometrics appointment has been scheduled yet", neg="the biometrics appointment has already been scheduled").t(".")
        a("\n\nThese are published ranges, not a promise for your case.")
        w.closer(a, ["let you know when the published times change", "ask your attorney whether a service request makes sense",
                     "check the other cases on your account"])
        a.ins("claim", "Premium processing isn't available for this form.")
        a.ins("claim", "Processing times at this office have been getting shorter over the last three months.")
        a.ins("behavior", "I've added a reminder to check in with USCIS if nothing happens by the end of the range.")
        a.ins("behavior", "I've filed a case inquiry with USCIS on your behalf.")
        a.ins("elab", "largely because USCIS moved some of the workload to other centers this year", clause=True)
        a.ins("elab", "Cases that had biometrics taken early tend to be decided near the short end of the range.")
        a.ins("cite", f"USCIS tracks the inquiry under service request SR-{r.digits(9)}.")
        return seal(Plan(req, turns, a), self)

    # ------------------------------------------------------------------ RFE documents (write)
    def rfe(self, ctx):
        r, today = ctx.r, ctx.today
        cl = self.cases(r, today)
        case = cl["cases"][0]
        sent = today - dt.timedelta(days=r.randint(5, 70))
        due = sent + dt.timedelta(days=r.choice([84, 87]))
        items_all = [("Recent pay statements showing continuous employment since the date of filing", "pay-statements"),
                     ("Letter from current employer confirming job title, duties and salary", "employment-letter"),
                     ("Copy of the applicant's passport biographic page", "passport-bio-page"),
                     ("Certified English translation of the birth certificate", "birth-certificate-translation"),
                     ("Form I-864 affidavit of support with the sponsor's most recent tax return", "i-864-tax-return")]
        picks = r.sample(items_all, r.choice([3, 3, 4]))
        items = []
        for k, (desc, slug) in enumerate(picks):
            items.append({"item": k + 1, "description": desc, "status": "outstanding"})
        done_idx = r.randrange(len(items))
        items[done_idx]["status"] = "attached"
        rfe = {"receipt_number": case["receipt_number"], "form": case["form"], "issued_on": sent.isoformat(),
               "response_due": due.isoformat(), "items": items, "case_id": case["case_id"], "attorney": case["attorney"],
               "as_of": today.isoformat()}
        up_date = today - dt.timedelta(days=r.randint(0, 4))
        match = [k for k in range(len(items)) if k != done_idx]
        target = r.choice(match)
        slug = picks[target][1]
        fpath = f"uploads/{case['case_id']}/{up_date.strftime('%Y-%m')}/{slug}.pdf"
        other_slug = picks[done_idx][1]
        files = [{"file_path": fpath, "label": slug.replace("-", " "), "uploaded_at": tsz(up_date, r.randint(8, 20), r.randint(0, 59)),
                  "size_kb": r.randint(180, 2400)},
                 {"file_path": f"uploads/{case['case_id']}/{sent.strftime('%Y-%m')}/{other_slug}.pdf", "label": other_slug.replace("-", " "),
                  "uploaded_at": tsz(sent + dt.timedelta(days=2), 10, 5), "size_kb": r.randint(180, 2400)}]
        result = {"case_id": case["case_id"], "rfe_item": target + 1, "file_path": fpath, "status": "attached",
                  "packet_status": "in_preparation", "attorney_review_by": (today + dt.timedelta(days=r.choice([3, 5, 7]))).isoformat()}
        gr = Call("get_rfe", {"receipt_number": case["receipt_number"]}, rfe)
        lu = Call("list_uploads", {"case_id": case["case_id"]}, {"case_id": case["case_id"], "files": files})
        at = Call("attach_to_response", {"case_id": case["case_id"], "rfe_item": target + 1, "file_path": fpath}, result)
        label = {"pay-statements": "pay statements", "employment-letter": "employment letter", "passport-bio-page": "passport bio page",
                 "birth-certificate-translation": "birth certificate translation", "i-864-tax-return": "I-864 and tax return"}[slug]
        req = r.choice([f"I just uploaded the {label} for the RFE on {case['receipt_number']}. Can you add the file to the response? What's still missing?",
                        f"RFE on {case['receipt_number']}: I've uploaded the {label} — please attach the file and tell me what else you need and by when."])
        turns = [Turn([gr]), Turn([lu]), Turn([at])]
        w = W(r, today)
        a = A()
        left = (due - today).days
        outstanding = [x for k, x in enumerate(items) if x["status"] == "outstanding" and k != target]
        a(r.choice(["Done — ", "Got it. ", ""])).t("I attached ").t(f"`{slug}.pdf`" if w.code else f"{slug}.pdf").t(" to item ").x(str(target + 1), num=str(target + 2) if target + 2 <= len(items) else str(target)).t(" of the response (")
        a.t(items[target]["description"][0].lower() + items[target]["description"][1:]).t("). It's ").x("queued for attorney review", val="already filed with USCIS").t(" — ")
        a.x(case["attorney"], ent=r.choice(OTHER_ATTORNEYS)).t(" should go through it by ").x(w.when(result["attorney_review_by"]), tmp=w.when(dt.date.fromisoformat(result["attorney_review_by"]) + dt.timedelta(days=7))).t(".").p()
        a("\n\n")
        if w.layout == "headings":
            a(w.h("Where the response stands"))
        if outstanding:
            a("Still missing" + (":\n" if len(outstanding) > 1 else ": "))
            for k, x in enumerate(outstanding):
                if len(outstanding) > 1:
                    a("\n- ").t(f"Item {x['item']}: ")
                else:
                    a(f"item {x['item']}, ")
                a(x["description"][0].lower() + x["description"][1:] if len(outstanding) == 1 else x["description"])
                if len(outstanding) > 1:
                    a.pb()
            a("\n\n" if len(outstanding) > 1 else ".\n\n")
        a("Item ").x(str(items[done_idx]["item"]), num=None).t(" was ").x("already attached", neg="not attached yet").t(" earlier, so with this upload ").x(f"{len(items) - len(outstanding)} of {len(items)}", num=f"{len(items) - len(outstanding) - 1} of {len(items)}").t(" items are covered.").p()
        a("\n\n")
        a("The response is due ").x(w.d(due), tmp=w.d(due - dt.timedelta(days=14))).t(", ").x(f"{left} days", num=f"{left + r.choice([-10, 12])} days").t(" from today (the RFE was issued on ")
        a.x(w.d(sent), tmp=w.d(sent + dt.timedelta(days=6))).t(").").p()
        if left > 30:
            a(" There's still time, but I'd aim to get the rest uploaded soon.")
        else:
            a(" That's ").x("fewer", rel="more").t(" than 30 days, so it's worth getting the rest uploaded this week.")
        w.closer(a, ["check which of your other uploads could cover the missing items", "send the attorney a note about the remaining items",
                     "remind you a week before the due date"])
        a.ins("claim", "USCIS doesn't grant extensions for RFE deadlines, so the date is firm.")
        a.ins("claim", "Documents in a language other than English will need a certified translation.")
        a.ins("behavior", "I've also filed the response packet with USCIS.")
        a.ins("behavior", "I've emailed you a checklist of the remaining items.")
        a.ins("elab", "because USCIS flagged a gap in the employment history", clause=True)
        a.ins("elab", "Employer letters are the item that most often delays RFE responses.")
        a.ins("cite", f"The response packet is tracked as RFP-{r.digits(6)}.")
        return seal(Plan(req, turns, a), self)

    # ------------------------------------------------------------------ biometrics rules (+ reschedule)
    def guide(self, minutes, delay):
        return ("HARBOR & VALE LLP — CLIENT GUIDE\nBiometrics appointments\n\n"
                "1. What happens\n1.1 USCIS collects fingerprints, a photograph and a signature at an Application Support Center (ASC).\n"
                f"1.2 Once you are called, the appointment usually takes {minutes}.\n\n"
                "2. What to bring\n2.1 The appointment notice (Form I-797C).\n"
                "2.2 A valid, unexpired government-issued photo ID, such as a passport or driver's license.\n"
                "2.3 Do not bring food or large bags; some ASCs do not allow phones inside.\n\n"
                "3. Rescheduling\n3.1 A reschedule request must be made before the appointment and must show good cause, for example "
                "illness, a medical appointment that cannot be moved, or a family emergency.\n"
                f"3.2 Rescheduling usually delays the case by {delay}.\n"
                "3.3 Missing the appointment without rescheduling may lead USCIS to treat the case as abandoned.\n\n"
                "4. Walk-ins\n4.1 Some ASCs accept walk-ins before the scheduled date. Bring your notice and expect to be turned away "
                "if the center is busy.\n")

    def biometrics(self, ctx):
        r, today = ctx.r, ctx.today
        cl = self.cases(r, today)
        case = cl["cases"][0]
        rec = self.status_record(r, today, case, "BIOMETRICS_SCHEDULED")
        bio = rec["biometrics"]
        appt = dt.date.fromisoformat(bio["appointment_at"][:10])
        minutes, delay = r.choice(["15 to 30 minutes", "20 to 40 minutes"]), r.choice(["4 to 8 weeks", "6 to 10 weeks"])
        doc = self.guide(minutes, delay)
        gs = Call("get_case_status", {"receipt_number": case["receipt_number"]}, rec)
        gg = Call("get_guide", {"guide_url": GUIDE_URL}, doc)
        resched = r.random() < 0.45
        reason = r.choice(["medical_appointment", "illness", "travel"])
        why = {"medical_appointment": "I have a surgery follow-up that day that I can't move",
               "illness": "I'm recovering from the flu and my doctor said to stay home",
               "travel": "I'll be out of the country for a family wedding"}[reason]
        history = None
        if ctx.followup:
            history = History().user(f"When is my biometrics appointment for {case['receipt_number']}?")
            history.call([gs])
            history.reply(f"It's on {appt.strftime('%A')}, {w_md(appt)} at {bio['location']}.")
            req = (f"I can't make it — {why}. Can you ask to reschedule? What happens if I do?" if resched else
                   "What do I need to bring, and what if I can't make it that day?")
            turns = [Turn([gg])]
        else:
            req = (f"My biometrics for {case['receipt_number']} — {why}. Can you request a reschedule, and will it slow things down?" if resched else
                   f"What should I bring to my biometrics appointment for {case['receipt_number']}, and can I reschedule if I need to?")
            turns = [Turn([gs]), Turn([gg])]
        rr = None
        if resched:
            rr = {"request_id": f"RR-{r.randint(100000, 999999)}", "receipt_number": case["receipt_number"], "reason": reason,
                  "status": "submitted_to_attorney", "submitted_at": tsz(today, r.randint(9, 17), r.randint(0, 59)),
                  "attorney": case["attorney"]}
            turns.append(Turn([Call("request_reschedule", {"receipt_number": case["receipt_number"], "reason": reason}, rr)]))
        w = W(r, today)
        a = A()
        fsec = lambda real: r.choice([x for x in ["3.4", "3.5", "2.5", "5.1", "1.4"] if x != real])
        if resched:
            a("I've sent the reschedule request to your attorney, ").x(case["attorney"], ent=r.choice(OTHER_ATTORNEYS)).t(" (request ")
            w.idt(a, rr["request_id"], fid=f"RR-{mutate_id(rr['request_id'][3:], r)}")
            a("), with the reason recorded as ").t(reason.replace("_", " ")).t(". It ").x("hasn't gone to USCIS yet", neg="has already been accepted by USCIS").t(" — it's with the attorney for now.").p()
            a("\n\n")
            a("A few things from the firm's biometrics guide that matter here:\n\n")
            a("- The request has to be made ").x("before", rel="after").t(" the appointment and show good cause — illness, a medical appointment that can't be moved, or a family emergency are the examples given (section ").x("3.1", sec=fsec("3.1")).t(").")
            if reason == "travel":
                a(" Travel isn't one of the listed examples, so it's up to your attorney how to present it.")
            a.pb()
            a("\n- Rescheduling usually delays the case by ").x(delay, num=delay.replace("4 to 8", "2 to 3").replace("6 to 10", "3 to 4")).t(" (section ").x("3.2", sec=fsec("3.2")).t(").").pb()
            a("\n- Until the new date is confirmed, treat ").x(w.when(appt), tmp=w.when(appt + dt.timedelta(days=7))).t(" as still on — missing it without a reschedule ").x("may", neg="won't").t(" lead USCIS to treat the case as abandoned (section ").x("3.3", sec=fsec("3.3")).t(").").pb()
        else:
            w.opener(a, "your biometrics appointment", p=0.4)
            a("Your appointment is ").x(w.when(appt), tmp=w.when(appt + dt.timedelta(days=r.choice([1, 7])))).t(" at ").x(w.t(bio["appointment_at"]), tmp=w.t(dt.datetime.fromisoformat(bio["appointment_at"]) + dt.timedelta(hours=1))).t(", at ")
            a.x(bio["location"], ent=r.choice([x[0] for x in ASCS if x[0] != bio["location"]])).t(" (").t(bio["address"]).t(").").p()
            a("\n\n")
            if w.layout == "headings":
                a(w.h("What to bring"))
            else:
                a("**What to bring** (section " if w.bold else "What to bring (section ").x("2", sec="6").t(" of the firm's guide):\n\n" if w.bold else " of the firm's guide):\n\n")
            a("- The appointment notice (Form I-797C)\n")
            a("- A valid, unexpired photo ID such as a passport or driver's license\n")
            a("- ").x("Leave food and large bags at home", neg="Food and large bags are fine to bring").t("; some centers don't allow phones inside").pb()
            a("\n\nOnce you're called, it usually takes ").x(minutes, num=minutes.replace("15 to 30", "45 to 60").replace("20 to 40", "60 to 90")).t(".").p()
            a("\n\n")
            if w.layout == "headings":
                a(w.h("If you can't make it"))
            a("You can reschedule, but the request must be made ").x("before", rel="after").t(" the appointment and show good cause, like illness or a medical appointment that can't be moved (section ").x("3.1", sec=fsec("3.1")).t("). ")
            a("Expect a delay of about ").x(delay, num=delay.replace("4 to 8", "2 to 3").replace("6 to 10", "3 to 4")).t(" if you do (").x("3.2", sec=fsec("3.2")).t("), and missing it without rescheduling ").x("may", neg="won't").t(" lead USCIS to treat the case as abandoned (").x("3.3", sec=fsec("3.3")).t(").").p()
            if r.random() < 0.6:
                a(" Some centers also take walk-ins before the scheduled date, but you ").x("may be turned away", neg="won't be turned away").t(" if they're busy.")
        if ctx.followup:
            a("\n\n(That's the ").x(bio["location"], ent=r.choice([x[0] for x in ASCS if x[0] != bio["location"]])).t(" appointment we looked up a moment ago.)")
        w.closer(a, ["ask your attorney to file a reschedule request" if not resched else "let you know when the new date comes through",
                     "add the appointment to your calendar", "check what else is pending on the case"])
        a.ins("claim", "The ASC has free parking for applicants.")
        a.ins("claim", "Children under 14 don't need to attend biometrics.")
        a.ins("behavior", "I've also added the appointment to your calendar with a reminder the day before." if not resched else "I've also booked a new appointment slot for you.")
        a.ins("behavior", "I've confirmed the appointment with USCIS for you.")
        a.ins("elab", "because USCIS has been strict about missed appointments lately", clause=True)
        a.ins("elab", "Morning appointments at this center usually have shorter waits.")
        a.ins("cite", f"USCIS will reference the change under notice number BIO-{r.digits(8)}.")
        return seal(Plan(req, turns, a, history.msgs if history else None), self)


def w_md(d):
    return f"{d.strftime('%B')} {d.day}"
