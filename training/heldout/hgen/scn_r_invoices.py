"""vendor_invoices (set r): the finance-ops chat bot of Brixmoor Outdoor Co. answering in #ap-help threads — vendor
invoice status from the invoice, the purchase order with its goods receipts and the Accounts Payable Policy (a wiki page
fetched by URL, numbered sections), and payment scheduling (a payment refused by design when the invoice exceeds the
PO's remaining balance — reason code and a partial payment as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_num, s_obj, s_str
from .rstyle import Bot, ts, vet

BASE = "https://erp.brixmoor.example/ap/v1"
POLICY = "https://wiki.brixmoor.example/finance/accounts-payable-policy-fin-ap-02"
VENDORS = [("V-10442", "Northgate Packaging"), ("V-10587", "Alder Creek Textiles"), ("V-11203", "Summit Freight Lines"),
           ("V-11876", "Bluefin Print Co."), ("V-12019", "Cascade Zipper Supply"), ("V-12354", "Orion Label Works")]
FAKE_VENDORS = ["Northgate Plastics", "Ridgeway Textiles", "Harbor Freight Partners", "Keystone Print Co."]
OWNERS = ["nina.kowalski", "derek.osei", "paula.jensen", "sam.whitaker", "lucia.moreno"]
APPROVERS = ["frank.li", "tasha.green", "mo.rahman"]
FAKE_HANDLES = ["greg.hollis", "wendy.park", "arjun.mehta"]
TZ = "MT"


def run_days(start, n=8):
    """Tuesday and Thursday payment runs after ``start``."""
    out, d = [], start
    while len(out) < n:
        d += dt.timedelta(days=1)
        if d.weekday() in (1, 3):
            out.append(d)
    return out


class VendorInvoices(Scenario):
    name = "vendor_invoices"
    agent = "brixmoor-finbot"
    service = "brixmoor-accounts-payable"
    system = ("You are Finbot, the finance-ops bot of Brixmoor Outdoor Co. (Denver, America/Denver), replying in Slack/Teams "
              "threads in #ap-help. Short lines: a bold first line or a Summary line, status emoji, @mentions of PO owners and "
              "approvers, `code` for invoice, PO, vendor and payment IDs and codes, dates with a relative date, the working as "
              "arrow chains. Use only the ERP records, the AP policy and the payment system.")
    error_style = 2
    entity_noun = {"invoice_id": "Invoice", "po_number": "Purchase order", "doc_url": "Page"}
    preambles = ["Pulling the invoice…", "Checking the invoice and the PO.", "One sec — looking at the ERP."]

    def __init__(self):
        self.tools = [
            Tool("get_invoice", "A vendor invoice: vendor, PO, amount, dates, terms, status and hold reason, approver, policy link.",
                 s_obj({"invoice_id": s_str("Invoice, e.g. 'VI-2604417'.", pattern=r"^VI-\d{7}$")}, ["invoice_id"]),
                 entity={"invoice_id": "id"}, http=BASE, extra=[("include_pdf", True)]),
            Tool("get_po", "A purchase order: owner, cost center, authorized amount, amount invoiced to date, goods receipts.",
                 s_obj({"po_number": s_str("PO, e.g. 'PO-551234'.", pattern=r"^PO-\d{6}$"),
                        "include_receipts": {"type": "boolean", "description": "Include goods receipts."}}, ["po_number"]),
                 entity={"po_number": "id"}, http=BASE, extra=[("fiscal_year", 2026)]),
            Tool("fetch_ap_policy", "A finance wiki page (plain text, numbered sections).",
                 s_obj({"doc_url": s_str("Page URL.", pattern=r"^https://wiki\.brixmoor\.example/finance/.+$")}, ["doc_url"]),
                 entity={"doc_url": "url"}, http=BASE, extra=[("version", "latest")]),
            Tool("schedule_payment", "Schedule an approved invoice in a payment run. A payment the policy does not allow is refused "
                                     "with a reason code and an alternative.",
                 s_obj({"invoice_id": s_str("Invoice.", pattern=r"^VI-\d{7}$"), "run_date": s_date("Payment run, YYYY-MM-DD."),
                        "method": s_str("Method.", enum=["ach", "wire", "check"]),
                        "amount": s_num("Amount in USD.", 0.01, 1000000)}, ["invoice_id", "run_date", "method"]),
                 entity={"invoice_id": "id"}, http=BASE, extra=[("priority", "urgent")]),
        ]
        self.intents = [("invoice_status", self.status, True), ("payment_run", self.pay, True)]

    # ------------------------------------------------------------------ data
    def _data(self, r, today, held=None, over_po=None):
        vid, vname = r.choice(VENDORS)
        P = {"tol_pct": r.choice([2, 3, 5]), "tol_abs": r.choice([250, 500]), "rev": (today - dt.timedelta(days=r.randint(40, 300))).isoformat()}
        received = round(r.randint(180, 1900) * 10 + r.choice([0, 0.5, 0.25]) * 10, 2)
        tol = min(received * P["tol_pct"] / 100, P["tol_abs"])
        if held is None:
            held = r.random() < 0.5
        over = round(tol + r.randint(40, 900), 2) if held else round(r.uniform(0.1, 0.8) * tol, 0)
        amount = round(received + over, 2)
        auth = r.choice([25000, 40000, 60000, 80000])
        if over_po:
            invoiced = round(auth - amount + round(r.uniform(0.08, 0.35) * amount, -1), 2)
        else:
            invoiced = round(r.uniform(0.2, 0.6) * (auth - amount), -1)
        inv_date = today - dt.timedelta(days=r.randint(4, 20))
        due = inv_date + dt.timedelta(days=30)
        po = f"PO-{r.randint(500000, 599999)}"
        owner = r.choice(OWNERS)
        inv = {"invoice_id": f"VI-{r.randint(2600000, 2699999)}", "vendor": {"vendor_id": vid, "name": vname},
               "vendor_invoice_ref": f"{vname.split()[0][:3].upper()}-{r.randint(10000, 99999)}", "po_number": po,
               "amount": amount, "currency": "USD", "invoice_date": inv_date.isoformat(),
               "received": (inv_date + dt.timedelta(days=r.randint(1, 3))).isoformat(), "terms": "net_30", "due": due.isoformat(),
               "status": "on_hold" if held else "approved", "hold_reason_code": "PRICE_VARIANCE" if held else None,
               "approver": None if held else r.choice(APPROVERS), "as_of": ts(today, r.randint(8, 16), r.choice([5, 25, 50]), TZ),
               "policy_url": POLICY}
        grn_date = inv_date - dt.timedelta(days=r.randint(2, 9))
        pod = {"po_number": po, "owner": owner, "cost_center": f"CC-{r.randint(4100, 4899)}", "amount_authorized": float(auth),
               "invoiced_to_date": invoiced, "remaining": round(auth - invoiced, 2),
               "receipts": [{"receipt_id": f"GR-{r.randint(700000, 799999)}", "date": grn_date.isoformat(), "amount_received": received}]}
        return inv, pod, P, received, tol, over

    def _policy(self, P):
        return ("ACCOUNTS PAYABLE POLICY (FIN-AP-02)\n"
                f"Revised {P['rev']}\n\n"
                "3. Matching\n"
                f"3.1 An invoice is matched to its PO and goods receipt; it may exceed the received amount by up to {P['tol_pct']}% "
                f"or ${P['tol_abs']}, whichever is lower.\n"
                "3.2 An invoice over the tolerance is put on hold with PRICE_VARIANCE until the PO owner approves the difference.\n"
                "3.3 An invoice that exceeds the PO's remaining balance cannot be paid in full; the excess stays on hold until the PO is raised.\n\n"
                "4. Payment runs\n"
                "4.1 Payment runs are on Tuesdays and Thursdays; an invoice must be approved by 12:00 PM the business day before.\n"
                "4.2 Invoices on net 30 terms are paid in the last payment run before the due date.\n")

    def _history(self, inv):
        h = History().user(f"status of {inv['invoice_id']}?")
        h.call([Call("get_invoice", {"invoice_id": inv["invoice_id"]}, inv)])
        h.reply(f"`{inv['invoice_id']}` from {inv['vendor']['name']}: {inv['status'].replace('_', ' ')}.")
        return h

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        inv, pod, P, received, tol, over = self._data(r, today)
        held = inv["status"] == "on_hold"
        ci = Call("get_invoice", {"invoice_id": inv["invoice_id"]}, inv)
        pargs = {"po_number": pod["po_number"]}
        if r.random() < 0.5:
            pargs["include_receipts"] = True
        cp = Call("get_po", pargs, pod)
        cd = Call("fetch_ap_policy", {"doc_url": POLICY}, self._policy(P))
        req = r.choice([f"why hasn't {inv['vendor']['name']} been paid for {inv['invoice_id']}? they're chasing us",
                        f"@finbot what's the status of invoice {inv['invoice_id']}?",
                        f"when will {inv['invoice_id']} get paid?"])
        turns = [Turn([ci]), Turn([cp, cd])]
        history = None
        if ctx.followup:
            history = self._history(inv)
            req = r.choice(["why? and when will it get paid?", "what's blocking it / when does it pay?"])
            turns = [Turn([cp, cd])]
        w = Bot(r, today, TZ)
        a = A()
        w.head(a, "Invoice `", (inv["invoice_id"], {"fid": w.fake_id(inv["invoice_id"], r)}), "` (" + inv["vendor"]["name"] + "): "
               + ("⚠️ on hold" if held else "✅ "), *([] if held else [("approved", {"val": "on hold"})]))
        amount, due = inv["amount"], dt.date.fromisoformat(inv["due"])
        w.line(a, "⚠️" if held else "✅")
        if held:
            a.t("Status `").x("on_hold", attr="held_variance").t("`, reason `").x("PRICE_VARIANCE", attr=r.choice(["QTY_VARIANCE", "PRICE_MISMATCH"])).t("` — not ")
            a.x("approved", val="rejected").t(" yet.")
        else:
            a.t("Status `").x("approved", attr="approved_final").t("` by @").x(inv["approver"], ent=r.choice(FAKE_HANDLES)).t("; ").x("no", neg="a").t(" hold on it.")
        a.p()
        w.bullet(a)
        a.t("Invoiced ").x(w.money(amount, cents=True), num=w.money(amount + r.choice([300, 850]), cents=True)).t(" vs. received ")
        a.x(w.money(received, cents=True), conf=("numerical", w.money(pod["amount_authorized"], cents=True))).t(" (`" + pod["receipts"][0]["receipt_id"] + "`): ")
        a.t(w.money(amount, cents=True) + " − " + w.money(received, cents=True) + " → " + w.money(over, calc=True, cents=True) + " over")
        if held:
            a.t(" (approx. " + w.pct(over / received * 100, 1, calc=True) + ")")
        a.t(".")
        a.pb()
        w.bullet(a)
        pct_amt = received * P["tol_pct"] / 100
        w.declare(pct_amt)
        a.t("Tolerance (").x("§3.1", sec="§3.5").t("): " + w.money(received, cents=True) + f" × {P['tol_pct']}% → " + w.money(pct_amt, cents=True))
        if pct_amt > P["tol_abs"]:
            a.t(f", capped at ${P['tol_abs']}")
        a.t("; " + w.money(over, cents=True) + " is ")
        a.x("over" if held else "within", rel="within" if held else "over").t(" it.")
        a.pb()
        w.bullet(a)
        left = pod["remaining"]
        a.t("PO `").x(pod["po_number"], fid=w.fake_id(pod["po_number"], r)).t("` (owner @" + pod["owner"] + "): "
                                                                               + w.money(pod["amount_authorized"]) + " − " + w.money(pod["invoiced_to_date"]) + " invoiced → ")
        a.x(w.money(left, calc=True), num=w.money(left + 2500)).t(" left.")
        a.pb()
        runs = [d for d in run_days(today, 12) if d < due]
        if held:
            w.line(a, "📌")
            a.t("Next: @").x(pod["owner"], ent=r.choice(FAKE_HANDLES)).t(" approves the " + w.money(over, cents=True) + " difference (")
            a.x("§3.2", sec="§3.6").t("), then it ").x("can", neg="can't").t(" go in a Tue/Thu run. Due ")
            dc, df = w.dpair(due, r.choice([-9, 12]))
            a.x(dc, tmp=df)
            a.pc().t(".")
            a.p()
        else:
            last = runs[-1] if runs else run_days(today, 1)[0]
            w.declare(last)
            w.line(a, "⏳")
            dc, df = w.dpair(due, r.choice([-9, 12]))
            a.t("Due ").x(dc, tmp=df).t(" (net 30 from " + w.d(inv["invoice_date"], rel=False) + "); pays in the last run before that, ")
            lc, lf = w.dpair(last, 7, calc=True)
            a.x(lc, tmp=lf).t(" (§4.2)")
            a.pc().t(".")
            a.p()
        w.close(a, ["FYI @" + pod["owner"] + " owns the PO.", "Want me to schedule it once it's approved?"])
        a.ins("claim", f"{inv['vendor']['name']} raised its prices in the last quarter.")
        a.ins("claim", "This vendor usually offers an early-payment discount.")
        a.ins("behavior", "I've already emailed the vendor about the difference.")
        a.ins("behavior", "I also moved the invoice to the priority queue.")
        a.ins("elab", "most likely a freight surcharge that wasn't on the PO", clause=True)
        fake = f"VI-{r.randint(2600000, 2699999)}"
        a.ins("cite", w.cite_text(f"Same issue as `{fake}` last month.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def pay(self, ctx):
        r, today = ctx.r, ctx.today
        over_po = r.random() < 0.45
        inv, pod, P, received, tol, over = self._data(r, today, held=False, over_po=over_po)
        amount, left = inv["amount"], pod["remaining"]
        run = run_days(today + dt.timedelta(days=1), 1)[0]
        method = r.choice(["ach", "ach", "wire", "check"])
        args = {"invoice_id": inv["invoice_id"], "run_date": run.isoformat(), "method": method}
        if r.random() < 0.5:
            args["amount"] = amount
        if not over_po:
            res = {"status": "scheduled", "payment_id": f"PAY-{r.randint(3000000, 3999999)}", "invoice_id": inv["invoice_id"],
                   "run_date": run.isoformat(), "amount": amount, "method": method, "po_remaining_after": round(left - amount, 2)}
        else:
            res = {"status": "refused", "reason_code": "EXCEEDS_PO_BALANCE", "invoice_id": inv["invoice_id"], "invoice_amount": amount,
                   "po_remaining": left, "received": today.isoformat(),
                   "alternative": {"option": "partial_payment", "amount": left, "run_date": run.isoformat(),
                                   "on_hold": round(amount - left, 2)}}
        ci = Call("get_invoice", {"invoice_id": inv["invoice_id"]}, inv)
        cp = Call("get_po", {"po_number": pod["po_number"]}, pod)
        cd = Call("fetch_ap_policy", {"doc_url": POLICY}, self._policy(P))
        cs = Call("schedule_payment", args, res)
        mname = {"ach": "ACH", "wire": "wire", "check": "check"}[method]
        req = r.choice([f"please put {inv['invoice_id']} in the next payment run, {mname}",
                        f"@finbot schedule payment for invoice {inv['invoice_id']} ({inv['vendor']['name']}) — next run, pay by {mname}"])
        turns = [Turn([ci]), Turn([cp, cd]), Turn([cs])]
        history = None
        if ctx.followup:
            history = self._history(inv)
            req = r.choice([f"ok schedule it for the next run, {mname}", f"great — put it in the next run pls ({mname})"])
            turns = [Turn([cp, cd]), Turn([cs])]
        w = Bot(r, today, TZ)
        a = A()
        ok = not over_po
        w.head(a, "Payment for `", (inv["invoice_id"], {"fid": w.fake_id(inv["invoice_id"], r)}), "`: " + ("✅ scheduled" if ok else "❌ not scheduled"))
        rc, rf = w.dpair(run, 7)
        if ok:
            w.line(a, "✅")
            a.t("`").x(res["payment_id"], fid=w.fake_id(res["payment_id"], r)).t("` ").x("scheduled", val="queued for review").t(": ")
            a.x(w.money(amount, cents=True), num=w.money(amount * 1.1, cents=True)).t(" to ").x(inv["vendor"]["name"], ent=r.choice(FAKE_VENDORS))
            a.t(" via `").x(method, attr={"ach": "ach_credit", "wire": "fedwire", "check": "paper_check"}[method]).t("` in the ").x(rc, tmp=rf).t(" run.")
            a.p()
            w.bullet(a)
            after = res["po_remaining_after"]
            a.t("PO `" + pod["po_number"] + "`: " + w.money(left) + " left − " + w.money(amount, cents=True) + " → ")
            a.x(w.money(after, calc=True, cents=True), num=w.money(after + 1000, cents=True), conf=("numerical", w.money(left, cents=True))).t(" left after this.")
            a.pb()
            w.bullet(a)
            due = dt.date.fromisoformat(inv["due"])
            a.t("Due " + w.d(due) + ", so the run is ").x("before", rel="after").t(" the due date and the payment ")
            a.x("won't", neg="will").t(" be late (").x("§4.2", sec="§4.5").t(")")
            a.pc().t(".")
            a.pb()
        else:
            w.line(a, "❌")
            a.t("Payment ").x("refused", val="scheduled").t(" — `").x("EXCEEDS_PO_BALANCE", attr=r.choice(["PO_OVERDRAWN", "INSUFFICIENT_PO_FUNDS"])).t("`.")
            a.p()
            w.bullet(a)
            a.t("Invoice ").x(w.money(amount, cents=True), num=w.money(amount - 2000, cents=True)).t(" vs. ")
            a.x(w.money(left, cents=True), conf=("numerical", w.money(pod["amount_authorized"], cents=True))).t(" left on PO `")
            a.x(pod["po_number"], fid=w.fake_id(pod["po_number"], r)).t("` — ").x("more", rel="less").t(" than the PO has left, so it ")
            a.x("can't", neg="can").t(" be paid in full (")
            a.x("§3.3", sec="§3.8").t(").")
            a.pb()
            alt = res["alternative"]
            w.line(a, "📌")
            a.t("Alternative: partial payment of " + w.money(left, cents=True) + " in the ").x(rc, tmp=rf).t(" run; " + w.money(amount, cents=True) + " − "
                                                                                                     + w.money(left, cents=True) + " → ")
            a.x(w.money(alt["on_hold"], calc=True, cents=True), num=w.money(alt["on_hold"] + 400, cents=True)).t(" stays on hold until @")
            a.x(pod["owner"], ent=r.choice(FAKE_HANDLES)).t(" raises the PO")
            a.pc().t(".")
            a.p()
        w.close(a, ["Runs go out Tue/Thu — approvals by 12:00 PM the business day before.", "Ping me here if the vendor asks for a remittance."])
        a.ins("claim", "The vendor has agreed to accept partial payments.")
        a.ins("claim", "ACH payments usually land the same afternoon.")
        a.ins("behavior", "I've also sent the remittance advice to the vendor.")
        a.ins("behavior", "I already asked the PO owner to raise the PO.")
        a.ins("elab", "since the vendor's bank details were re-verified last week", clause=True)
        fake = f"PAY-{r.randint(3000000, 3999999)}"
        a.ins("cite", w.cite_text(f"Previous payment was `{fake}`.", fake))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
