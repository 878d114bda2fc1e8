"""dpa_register (set t): the privacy counsel's assistant of Lindqvist Retail Group — the register of data processing
agreements with processors (breach notification period, last audit and the next one computed from it, sub-processors
and the transfer basis, retention after termination, contract value) against the Processor Standard (a Markdown
document fetched by path, numbered clauses with lettered sub-clauses and a schedule), and registering a new
sub-processor (refused by design when a transfer outside the EEA has no adequacy decision and no transfer impact
assessment on file — reason code and the assessment form with a deadline as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_int, s_obj, s_str
from .tstyle import Memo, add_months, ts, vet, words_fig

BASE = "https://privacy-api.lindqvist.example/v1"
POLICY = "/policies/privacy/processor-standard-priv-std-07.md"
ZONE = "Europe/Stockholm"
VENDORS = [("Cloudberry Mail GmbH", "transactional email delivery", "email"),
           ("Nordlys Analytics AS", "customer analytics", "analytics"),
           ("Fernhill Support Ltd", "customer support outsourcing", "support"),
           ("Quayside Payments BV", "payment processing", "payments")]
FAKE_VENDORS = ["Brightfjord Data AB", "Kestrel Cloud Oy", "Maris Hosting SA"]
SUBS = [("Amazon Web Services EMEA SARL", "LU", "hosting"), ("Hetzner Online GmbH", "DE", "hosting"),
        ("Freshdesk Technologies Ltd", "GB", "support ticketing"), ("Infobip Ltd", "GB", "SMS delivery"),
        ("Teleperformance Philippines Inc", "PH", "first-line support"), ("Tata Consultancy Services Ltd", "IN", "application support"),
        ("Sendwave Nordic AB", "SE", "email routing"), ("Mercadolabs Ltda", "BR", "fraud screening"),
        ("Kyoto Data Works KK", "JP", "data analytics"), ("Glacier Backup AG", "CH", "backup storage")]
NEW_SUBS = [("Cebu Care Services Inc", "PH", "support"), ("Pune Analytics Pvt Ltd", "IN", "analytics"),
            ("Recife Cloud Ltda", "BR", "hosting"), ("Dublin Mailworks Ltd", "IE", "email"),
            ("Lyon Data Centre SAS", "FR", "hosting"), ("Toronto Insight Inc", "CA", "analytics"),
            ("Zurich Secure Mail AG", "CH", "email")]
COUNTRY = {"LU": "Luxembourg", "DE": "Germany", "GB": "the United Kingdom", "PH": "the Philippines", "IN": "India",
           "SE": "Sweden", "BR": "Brazil", "JP": "Japan", "CH": "Switzerland", "IE": "Ireland", "FR": "France",
           "CA": "Canada"}
FAKE_COUNTRIES = ["Singapore", "Mexico", "South Africa"]
EEA = {"LU", "DE", "SE", "IE", "FR"}
ADEQUATE = {"GB", "JP", "CH", "CA"}
OWNERS = ["Astrid Nyberg", "Jonas Berglund", "Maja Holm"]
FAKE_OWNERS = ["Erik Sandell", "Linnea Falk"]
ROMAN = ["(i)", "(ii)", "(iii)"]


def basis(codes):
    if any(c not in EEA and c not in ADEQUATE for c in codes):
        return "scc_module_3_with_tia"
    if any(c in ADEQUATE for c in codes):
        return "adequacy_decision"
    return "within_eea"


class DpaRegister(Scenario):
    name = "dpa_register"
    agent = "lindqvist-privacy-assistant"
    service = "lindqvist-dpa-register"
    system = ("You are the assistant of the privacy counsel of Lindqvist Retail Group. Answer business users in a formal, "
              "careful register: defined terms in quotes, figures in words followed by digits, references to the clauses "
              "and schedules of the Processor Standard, the working for every date, and a closing recommendation. Rely "
              "only on the DPA register, the Processor Standard and the sub-processor register.")
    error_style = 2
    entity_noun = {"vendor_id": "Vendor", "doc_path": "Document"}
    preambles = ["Retrieving the DPA register entry.", "Reviewing the register entry and the Processor Standard."]

    def __init__(self):
        self.tools = [
            Tool("get_dpa", "A data processing agreement register entry: vendor, DPA reference and dates, breach notice "
                            "period, audits, sub-processors, transfer basis, retention, contract value and the path of the "
                            "Processor Standard.",
                 s_obj({"vendor_id": s_str("Vendor, e.g. 'VEN-2041'.", pattern=r"^VEN-\d{4}$"),
                        "include_subprocessors": s_bool("List the sub-processors.")}, ["vendor_id"]),
                 entity={"vendor_id": "id"}, http=BASE, extra=[("include_contacts", True)]),
            Tool("read_privacy_standard", "A privacy standard (Markdown, numbered clauses and schedules).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/policies/privacy/[a-z0-9/_-]+\.md$"),
                        "section": s_int("Only this section.", 1, 20)}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "html")]),
            Tool("register_subprocessor", "Register a new sub-processor of a vendor. A transfer without a valid basis is "
                                          "refused with a reason code and an alternative.",
                 s_obj({"vendor_id": s_str("Vendor.", pattern=r"^VEN-\d{4}$"),
                        "subprocessor_name": s_str("Legal name of the sub-processor.", min_len=3, max_len=80),
                        "country": s_str("ISO country code.", pattern=r"^[A-Z]{2}$"),
                        "service_category": s_str("Service.", enum=["hosting", "support", "analytics", "email", "payments"]),
                        "notice_date": s_date("Date of the vendor's notice, YYYY-MM-DD.")},
                       ["vendor_id", "subprocessor_name", "country", "notice_date"]),
                 entity={"vendor_id": "id"}, http=BASE, extra=[("skip_review", True)]),
        ]
        self.intents = [("dpa_review", self.review, True), ("register_subprocessor", self.register, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"breach": 72, "audit": r.choice([12, 24]), "objection": r.choice([14, 30]), "retention": 30,
                "onsite": r.choice([50000.0, 75000.0])}

    def _data(self, r, today, P, allow_risky=True):
        vendor, service, cat = r.choice(VENDORS)
        for _ in range(50):
            subs = r.sample(SUBS, r.randint(2, 3))
            codes = [s[1] for s in subs]
            if allow_risky or basis(codes) != "scc_module_3_with_tia":
                break
        b = basis(codes)
        last = today - dt.timedelta(days=r.randint(120, 30 * P["audit"] + 90))
        signed = last - dt.timedelta(days=r.randint(60, 500))
        rec = {"vendor_id": f"VEN-{r.randint(1000, 9999)}", "vendor": vendor, "service": service, "role": "processor",
               "dpa_id": f"DPA-{r.randint(10000, 99999)}", "dpa_signed": signed.isoformat(), "status": "in_force",
               "breach_notice_hours": r.choice([24, 36, 48, 96]), "last_audit": last.isoformat(),
               "retention_days_after_termination": r.choice([14, 30, 45, 60]),
               "subprocessors": [{"name": n, "country": c, "country_name": COUNTRY[c], "service": s} for n, c, s in subs],
               "transfer_basis": b, "tia_on_file": b == "scc_module_3_with_tia",
               "annual_contract_value": float(r.choice([28000, 42500, 64000, 84000, 112000])), "currency": "EUR",
               "privacy_owner": r.choice(OWNERS), "standard_path": POLICY, "time_zone": ZONE,
               "as_of": ts(today, r.randint(8, 16), r.choice([10, 30, 55]), ZONE)}
        return rec

    def _doc(self, P):
        return ("# Processor Standard (PRIV-STD-07)\n\nOwner: Data Protection Officer\n\n"
                "## 4. Security incidents\n"
                "4.1 Processors maintain an incident response plan.\n"
                f"4.2 A processor notifies the Company of a personal data breach within {words_fig(P['breach'], 'hour')} of "
                "becoming aware of it.\n\n"
                "## 6. Audits\n"
                f"6.1 Every processor is audited at least once every {words_fig(P['audit'], 'month')}.\n"
                "6.2 An audit that is overdue is escalated to the Data Protection Officer.\n"
                f"6.3 Processors with an annual contract value above EUR {P['onsite']:,.2f} are audited on site; others may be "
                "audited remotely.\n\n"
                "## 8. Sub-processors\n"
                f"8.1 A processor gives {words_fig(P['objection'], 'day')}' notice of a new sub-processor, and the Company may "
                "object within that period.\n"
                "8.2 A transfer outside the EEA relies on one of the following:\n"
                "  (a) an adequacy decision for the destination country;\n"
                "  (b) standard contractual clauses together with a transfer impact assessment.\n\n"
                "## Schedule 2 — Retention and return\n"
                f"1. Personal data is returned or deleted within {words_fig(P['retention'], 'day')} after termination.\n"
                "2. Deletion is confirmed in writing.\n")

    def _history(self, rec):
        h = History().user(f"which sub-processors does {rec['vendor_id']} use?")
        h.call([Call("get_dpa", {"vendor_id": rec["vendor_id"], "include_subprocessors": True}, rec)])
        names = ", ".join(s["name"] for s in rec["subprocessors"])
        h.reply(f"{rec['vendor']} ({rec['vendor_id']}) lists the following sub-processors: {names}.")
        return h

    def _inserts(self, a, r, w, rec):
        v = rec["vendor"]
        a.ins("claim", f"{v} reported a personal data breach to the supervisory authority last year.")
        a.ins("claim", f"{v} is in the process of being acquired by a non-EEA group.")
        a.ins("behavior", "We have already asked the Data Protection Officer to schedule the next audit.")
        a.ins("behavior", f"I have also written to {v} requesting an updated list of sub-processors.")
        a.ins("elab", "mainly because the DPA was negotiated before the current version of the Processor Standard", clause=True)
        fake = f"SPC-{r.randint(100000, 499999)}"
        a.ins("cite", w.cite_text(f"A previous sub-processor change for this vendor is recorded under reference {fake}.", fake))

    def _basis_sentence(self, a, r, w, rec, codes, subj):
        b = basis(codes)
        if b == "within_eea":
            a.t(subj + " located within the EEA, the transfer basis is recorded as ")
            a.x('"within_eea"', attr=r.choice(['"eea_only"', '"intra_eea"'])).t(" and Clause 8.2 ")
            a.x("does not apply", neg="applies").t(".")
        elif b == "adequacy_decision":
            a.t("Transfers outside the EEA rely on an adequacy decision, the transfer basis is recorded as ")
            a.x('"adequacy_decision"', attr=r.choice(['"adequacy_finding"', '"adequate_country"'])).t(", and this is permitted by ")
            a.x("Clause 8.2(a)", sec=r.choice(["Clause 8.2(c)", "Clause 8.4(a)"])).t(".")
        else:
            a.t("Transfers outside the EEA rely on standard contractual clauses, the transfer basis is recorded as ")
            a.x('"scc_module_3_with_tia"', attr=r.choice(['"scc_module_2"', '"binding_corporate_rules"'])).t(", and a transfer impact assessment ")
            a.x("is on file", neg="is not on file").t(", as required by ").x("Clause 8.2(b)", sec=r.choice(["Clause 8.2(c)", "Clause 8.4(b)"])).t(".")
        a.p()

    # ------------------------------------------------------------------ intents
    def review(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._data(r, today, P)
        args = {"vendor_id": rec["vendor_id"]}
        if r.random() < 0.5:
            args["include_subprocessors"] = True
        cg = Call("get_dpa", args, rec)
        dargs = {"doc_path": POLICY}
        cd = Call("read_privacy_standard", dargs, self._doc(P))
        req = r.choice([f"Can you review the DPA position for vendor {rec['vendor_id']} against our Processor Standard?",
                        f"Is {rec['vendor_id']} compliant with the Processor Standard, and when is its next audit due?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["Thanks. Does its DPA meet the Processor Standard, and when is the next audit due?",
                            "Please review that vendor's DPA against the Processor Standard."])
            turns = [Turn([cd])]
        w = Memo(r, today, "EUR")
        a = A()
        v = rec["vendor"]
        subs = rec["subprocessors"]
        last = dt.date.fromisoformat(rec["last_audit"])
        due = add_months(last, P["audit"])
        w.declare(due)
        w.head(a, "Data processing agreement — " + v + " (" + rec["vendor_id"] + ")")
        w.lead(a, "we have reviewed the register entry for the data processing agreement with ")
        a.x(v, ent=r.choice(FAKE_VENDORS)).t(' (the "DPA", reference ').x(rec["dpa_id"], fid=w.fake_id(rec["dpa_id"], r))
        a.t('), under which ' + v + ' acts as a "processor" for ' + rec["service"] + ". The DPA was signed on ")
        sc, sf = w.dpair(rec["dpa_signed"], r.choice([-40, 61]))
        a.x(sc, tmp=sf).t(" and is recorded as ").x('"in_force"', attr=r.choice(['"active_review"', '"in_effect"'])).t(".")
        a.p()
        h = rec["breach_notice_hours"]
        shorter = h < P["breach"]
        a.t("\n\nUnder the DPA, " + v + " must notify the Company of a personal data breach within ")
        a.x(w.n(h, "hour"), num=w.n(h + 30, "hour")).t(", which is ").x("shorter than" if shorter else "longer than",
                                                                       rel="longer than" if shorter else "shorter than")
        a.t(" the " + w.n(P["breach"], "hour") + " permitted by ").x("Clause 4.2", sec=r.choice(["Clause 4.5", "Clause 5.2"]))
        a.t(" of the Processor Standard, so the DPA ").x("meets" if shorter else "does not meet", neg="does not meet" if shorter else "meets")
        a.t(" the Standard in this respect.")
        a.p()
        a.t(" The last audit of " + v + " took place on ")
        lc, lf = w.dpair(last, r.choice([-45, 38]))
        a.x(lc, tmp=lf).t(", and " + w.n(P["audit"], "month") + " after " + w.d(last) + " is ")
        dc, dfk = w.dpair(due, r.choice([-30, 28]), calc=True)
        a.x(dc, tmp=dfk).t(".")
        a.p()
        if due < today:
            a.t(" That date ").x("has passed", neg="has not yet passed").t(", so the audit is ").x("overdue", val="up to date")
            a.t(" and, under ").x("Clause 6.2", sec="Clause 6.5").t(", must be escalated to the Data Protection Officer")
            a.pc().t(".")
        else:
            left = (due - today).days
            w.declare(left)
            a.t(" As at the date of this note, " + w.d(today) + ", that date ").x("has not yet passed", neg="has passed")
            a.t(": between " + w.d(today) + " and " + w.d(due) + " there are ").x(w.n(left, "day"), num=w.n(left + 23, "day"))
            a.pc().t(".")
        a.p()
        val = rec["annual_contract_value"]
        above = val > P["onsite"]
        a.t(" As the annual contract value of " + w.amt(val) + " is ").x("above" if above else "below", rel="below" if above else "above")
        a.t(" the EUR " + f"{P['onsite']:,.2f}" + " threshold in Clause 6.3, the next audit ")
        if above:
            a.x("is to be carried out on site", val="may be carried out remotely")
        else:
            a.x("may be carried out remotely", val="is to be carried out on site")
        a.t(".")
        a.p()
        a.t("\n\nThe register lists ").x(w.n(len(subs), "sub-processor"), num=w.n(len(subs) + 2, "sub-processor")).t(": ")
        w.declare(len(subs))
        k0 = r.randrange(len(subs))
        for i, s in enumerate(subs):
            other = subs[(i + 1) % len(subs)]
            if i == len(subs) - 1:
                a.t("and ")
            a.t(ROMAN[i] + " ")
            a.x(s["name"], ent=r.choice(["Northgate Hosting Ltd", "Alpine Support GmbH"])) if i == k0 else a.t(s["name"])
            a.t(", located in ")
            if i == k0:
                a.x(s["country_name"], ent=r.choice(FAKE_COUNTRIES))
            elif i == (k0 + 1) % len(subs) and other["country_name"] != s["country_name"]:
                a.x(s["country_name"], conf=("entity", other["country_name"]))
            else:
                a.t(s["country_name"])
            a.t(", for " + s["service"] + ("; " if i < len(subs) - 1 else "."))
        a.p()
        a.t(" ")
        self._basis_sentence(a, r, w, rec, [s["country"] for s in subs], "As all sub-processors are")
        ret = rec["retention_days_after_termination"]
        a.t("\n\n" + w.note.rstrip() + ", under ")
        a.x("Schedule 2, paragraph 1", sec=r.choice(["Schedule 3, paragraph 1", "Schedule 2, paragraph 4"]))
        a.t(", personal data is to be returned or deleted within " + w.n(P["retention"], "day") + " after termination; the DPA "
            "provides for ").x(w.n(ret, "day"), num=w.n(ret + 11, "day")).t(", which ")
        if ret <= P["retention"]:
            a.x("is within", rel="exceeds").t(" the period required by the Standard.")
        else:
            a.x("exceeds", rel="is within").t(" the period permitted by the Standard, and the DPA should be amended accordingly.")
        a.p()
        a.t("\n\n" + w.rec)
        a.x(rec["privacy_owner"], ent=r.choice(FAKE_OWNERS)).t(", as privacy owner, ")
        if due < today:
            a.t("arrange the overdue audit without delay and record the escalation to the Data Protection Officer. ")
        else:
            a.t("schedule the next audit well before " + w.d(due) + ". ")
        a.t("For the avoidance of doubt, this note does not amend the DPA. " + w.confirm + "whether you would like us to "
            "take any further step.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def register(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.55
        rec = self._data(r, today, P, allow_risky=ok)
        for _ in range(50):
            sub, cc, cat = r.choice(NEW_SUBS)
            risky = cc not in EEA and cc not in ADEQUATE
            if ok == (not risky or rec["tia_on_file"]):
                break
        else:
            raise RuntimeError("no sub-processor")
        notice = today - dt.timedelta(days=r.randint(0, 5))
        end = notice + dt.timedelta(days=P["objection"])
        args = {"vendor_id": rec["vendor_id"], "subprocessor_name": sub, "country": cc, "notice_date": notice.isoformat()}
        if r.random() < 0.7:
            args["service_category"] = cat
        codes = [s["country"] for s in rec["subprocessors"]] + [cc]
        if ok:
            res = {"status": "registered", "change_id": f"SPC-{r.randint(500000, 999999)}", "subprocessor": sub, "country": cc,
                   "country_name": COUNTRY[cc], "transfer_basis": basis([cc]) if not risky else "scc_module_3_with_tia",
                   "objection_period_days": P["objection"], "objection_period_ends": end.isoformat()}
        else:
            res = {"status": "refused", "reason_code": "TIA_REQUIRED", "subprocessor": sub, "country": cc,
                   "country_name": COUNTRY[cc], "tia_on_file": False,
                   "alternative": {"option": "submit_tia", "form": "TIA-FORM-2", "resubmit_by": end.isoformat()}}
        cg = Call("get_dpa", {"vendor_id": rec["vendor_id"]}, rec)
        cd = Call("read_privacy_standard", {"doc_path": POLICY}, self._doc(P))
        cr = Call("register_subprocessor", args, res)
        req = r.choice([f"Please register {sub} ({cc}) as a new sub-processor of {rec['vendor_id']}; the vendor notified us on {notice.isoformat()}.",
                        f"{rec['vendor_id']} gave notice on {notice.isoformat()} that it will use {sub} in {cc}. Can you register it?"])
        turns = [Turn([cg]), Turn([cd]), Turn([cr])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"They notified us on {notice.isoformat()} of a new one, {sub} ({cc}). Please register it.",
                            f"Please add {sub} in {cc} to that list — notice was given on {notice.isoformat()}."])
            turns = [Turn([cd]), Turn([cr])]
        w = Memo(r, today, "EUR")
        a = A()
        v = rec["vendor"]
        cn = COUNTRY[cc]
        w.declare(end)
        w.head(a, "New sub-processor — " + sub + " for " + v)
        if ok:
            w.lead(a, "we confirm that ")
            a.x(sub, ent=r.choice(["Harbour Data Services Ltd", "Eastgate Cloud Inc"])).t(", located in ")
            a.x(cn, ent=r.choice(FAKE_COUNTRIES)).t(", ").x("has been registered", val="is pending registration")
            a.t(" as a sub-processor of ").x(v, ent=r.choice(FAKE_VENDORS)).t(" under change reference ")
            a.x(res["change_id"], fid=w.fake_id(res["change_id"], r)).t(".")
            a.p()
            a.t("\n\nUnder ").x("Clause 8.1", sec=r.choice(["Clause 8.3", "Clause 9.1"])).t(", the Company may object to a new "
                                                                                      "sub-processor within ")
            a.x(w.n(P["objection"], "day"), num=w.n(P["objection"] + 16, "day")).t(" of the vendor's notice; " + w.n(P["objection"], "day")
                                                                                    + " after the notice of " + w.d(notice) + " is ")
            ec, ef = w.dpair(end, r.choice([-5, 9]), calc=True)
            a.x(ec, tmp=ef, conf=("temporal", w.d(notice))).t(", and any objection must therefore be raised ").x("by", rel="after")
            a.t(" that date.")
            a.p()
            a.t(" ")
            if risky:
                self._basis_sentence(a, r, w, rec, [cc], "")
            elif cc in ADEQUATE:
                self._basis_sentence(a, r, w, rec, [cc], "")
            else:
                self._basis_sentence(a, r, w, rec, [cc], "As " + sub + " is")
            a.t("\n\nFor the avoidance of doubt, the registration does not amend the DPA, and the breach notification period of "
                )
            a.x(w.n(rec["breach_notice_hours"], "hour"), num=w.n(rec["breach_notice_hours"] + 30, "hour")).t(" continues to apply. " + w.rec)
            a.x(rec["privacy_owner"], ent=r.choice(FAKE_OWNERS)).t(" note the objection deadline of " + w.d(end)
                                                                  + " and raise any concerns with " + v + " before then")
            a.pc().t(". " + w.confirm + "receipt of this note.")
        else:
            w.lead(a, "we regret to advise that ")
            a.x(sub, ent=r.choice(["Harbour Data Services Ltd", "Eastgate Cloud Inc"])).t(" ")
            a.x("could not be registered", val="has been registered").t(" as a sub-processor of ").x(v, ent=r.choice(FAKE_VENDORS))
            a.t(": the register refused the request with reason code ").x("TIA_REQUIRED", attr=r.choice(["TRANSFER_BASIS_MISSING", "SCC_REQUIRED"]))
            a.t(".")
            a.p()
            a.t("\n\n").x(cn[0].upper() + cn[1:], ent=r.choice(FAKE_COUNTRIES)).t(" is ").x("outside", rel="within").t(" the EEA and no adequacy decision is "
                                                                                          "recorded for it, so, under ")
            a.x("Clause 8.2(b)", sec=r.choice(["Clause 8.2(d)", "Clause 8.5(b)"])).t(", the transfer requires standard contractual "
                                                                                 "clauses together with a transfer impact "
                                                                                 "assessment, and ")
            a.x("no transfer impact assessment is", neg="a transfer impact assessment is").t(" on file for " + v + ".")
            a.p()
            a.t("\n\nAs an alternative, the system proposes that " + v + " submit a transfer impact assessment on form ")
            a.x("TIA-FORM-2", fid="TIA-FORM-" + str(r.choice([3, 5, 7]))).t("; " + w.n(P["objection"], "day") + " after the notice of "
                                                                          + w.d(notice) + " is ")
            ec, ef = w.dpair(end, r.choice([-5, 9]), calc=True)
            a.x(ec, tmp=ef, conf=("temporal", w.d(notice))).t(", by which date the assessment is to be submitted, that date also "
                                                             "being the end of the objection period under ")
            a.x("Clause 8.1", sec=r.choice(["Clause 8.3", "Clause 9.1"])).t(".")
            a.p()
            a.t(" " + w.note.rstrip() + ", unless otherwise agreed, " + sub + " must not process personal data on behalf of the Company "
                "until the registration is complete")
            a.pc().t(".")
            a.p()
            a.t("\n\n" + w.rec)
            a.x(rec["privacy_owner"], ent=r.choice(FAKE_OWNERS)).t(" ask " + v + " for the completed form, provided that the "
                                                                  "commercial timetable allows, and, failing that, consider "
                                                                  "objecting to the change. " + w.confirm + "how you wish to "
                                                                  "proceed.")
        w.close(a)
        self._inserts(a, r, w, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
