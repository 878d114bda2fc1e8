"""eyewear_remakes (set aa): the lab desk of Clearsight Opticians, a chain of optician practices with its own lens lab.
The desk assistant looks a spectacle order up (the patient, the frame, the lenses and coatings with their prices, when
it was ordered and dispensed, the complaint and when it came in, how many remakes were used), sometimes reads the
practice's numbered remake guarantee by path (free remake window in days, the charge for further remakes, the frame
restocking fee, the lab turnaround) and, for the write intent, requests a lens remake from the lab (refused by design
with ``GUARANTEE_EXPIRED`` / ``REMAKE_ALREADY_USED`` and a discount on new lenses as the alternative). The answer is a
hand-off note for the dispensing optician: the order total with the working, the days since dispensing against the
guarantee window, the remake's ready date or the refusal and the offer."""
from __future__ import annotations

import datetime as dt

from .aastyle import AaScenario, Layout, Nw, bad_section, doc_keys, items, open_q
from .common import A, Call, Tool, mutate_id, s_bool, s_int, s_obj, s_str

FRAMES = ["Rowan", "Ellery", "Marlo", "Hollis", "Sutton", "Ines", "Tamsin", "Wilder"]
LENSES = [("single_vision", "single-vision", 95, 180), ("progressive", "progressive", 240, 420),
          ("occupational", "occupational", 160, 260)]
COATINGS = [("anti-reflective", 35, 60), ("blue-light filter", 25, 45), ("photochromic", 60, 110), ("scratch-resistant", 15, 30)]
COMPLAINTS = ["blurry at distance", "headaches after an hour of reading", "reading zone too narrow", "double vision at night"]
STATUS = {"dispensed": "dispensed", "remake_in_lab": "remake in the lab", "adjustment_booked": "adjustment booked"}
PRACTICES = ["Clearsight Harbour Road", "Clearsight Market Square", "Clearsight Westgate"]
FAKE_PRACTICES = ["Clearsight Riverside", "Clearsight Old Town"]


class EyewearRemakes(AaScenario):
    name = "eyewear_remakes"
    agent = "clearsight-lab-desk-agent"
    service = "clearsight-lab-desk"
    system = ("You are the lab-desk assistant of Clearsight Opticians. Look spectacle orders up with the tools and write "
              "case notes and hand-off summaries for the dispensing opticians: past tense, third person about the patient, "
              "dates, the working for every figure, and only what the tools return.")
    error_style = 0
    preambles = ["Pulling up the order.", "Checking the spectacle order."]
    entity_noun = {"order_id": "Order", "policy_path": "File"}
    base = "https://api.clearsight.example/lab"

    def __init__(self):
        oid = s_str("Spectacle order id.", pattern=r"^EW-\d{5}$")
        self.tools = [
            Tool("get_eyewear_order", "A spectacle order with frame, lenses, coatings, dates and remake history.",
                 s_obj({"order_id": oid, "include_prices": s_bool("Include line prices.")}, ["order_id"]),
                 entity={"order_id": "id"}, http=self.base, extra=[("expand", "patient")]),
            Tool("read_remake_policy", "The numbered remake guarantee (Markdown).",
                 s_obj({"policy_path": s_str("Path of the policy file.", pattern=r"^policies/[a-z-]+\.md$")}, ["policy_path"]),
                 entity={"policy_path": "path"}, http=self.base, extra=[("format", "markdown")]),
            Tool("request_remake", "Ask the lab to remake the lenses. Refused with a reason code and an alternative when "
                 "the guarantee does not cover it.",
                 s_obj({"order_id": oid, "reason": s_str("Why.", enum=["prescription_change", "non_adaptation", "lens_defect"]),
                        "rush_days": s_int("Requested turnaround in days.", 1, 14)},
                       ["order_id", "reason"]),
                 entity={"order_id": "id"}, http=self.base, extra=[("notify_patient", True)]),
        ]
        self.intents = [("review_order", self.review, True), ("request_remake", self.remake, True)]

    def review(self, ctx):
        return self.build(ctx, False)

    def remake(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        cur = r.choice(["GBP", "GBP", "EUR"])
        cust = self.customer(r)
        colleague = r.choice(self.colleagues)
        window = r.choice([30, 60, 90])
        charge_pct = r.choice([25, 50])
        restock = r.choice([10, 15, 20])
        turn = r.choice([5, 7, 10])
        since = r.randint(max(5, window - 40), window + 30)
        complaint_day = today - dt.timedelta(days=r.randint(0, 3))
        dispensed = complaint_day - dt.timedelta(days=since)
        ordered = dispensed - dt.timedelta(days=r.randint(7, 14))
        lt = r.choice(LENSES)
        coats = r.sample(COATINGS, r.choice([1, 2]))
        frame = {"sku": f"FR-{r.randint(1000, 9999)}", "name": f"{r.choice(FRAMES)} {r.choice([50, 52, 54])}",
                 "price": float(r.randint(89, 249))}
        lenses = {"type": lt[0], "price": float(r.randint(lt[2], lt[3]))}
        coatings = [{"name": n, "price": float(r.randint(lo, hi))} for n, lo, hi in coats]
        used = 0 if r.random() < 0.8 else 1
        oid = f"EW-{r.randint(10000, 99999)}"
        now = self.as_of(r, today)
        rec = {"order": {"order_id": oid, "status": "dispensed" if write else r.choice(list(STATUS)),
                         "patient": {"name": cust, "patient_id": f"PT-{r.randint(10000, 99999)}"},
                         "practice": r.choice(PRACTICES), "frame": frame, "lenses": lenses, "coatings": coatings,
                         "currency": cur, "ordered": ordered.isoformat(), "dispensed": dispensed.isoformat(),
                         "complaint": {"date": complaint_day.isoformat(), "text": r.choice(COMPLAINTS)},
                         "remakes_used": used, "policy_path": "policies/" + r.choice(["remake-guarantee", "lens-guarantee"]) + ".md"},
               "as_of": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
        c1 = Call("get_eyewear_order", {"order_id": oid} | ({"include_prices": True} if r.random() < 0.5 else {}), rec)
        fetch = write or ctx.followup or r.random() < 0.6
        later, doc = [], None
        if fetch:
            doc = (f"# Clearsight remake guarantee\n\n## 1.1 One free lens remake within {window} days of dispensing.\n"
                   f"## 1.2 Further remakes are charged at {charge_pct}% of the lens price.\n"
                   f"## 2.1 A frame change after dispensing carries a restocking fee of {restock}% of the frame price.\n"
                   f"## 3.1 Remade lenses are ready within {turn} days of the request.\n")
            later.append(Call("read_remake_policy", {"policy_path": rec["order"]["policy_path"]}, doc))
        res = None
        expired = since > window
        if write:
            if expired or used:
                disc = r.choice([20, 25, 30])
                res = {"status": "refused", "reason_code": "GUARANTEE_EXPIRED" if expired else "REMAKE_ALREADY_USED",
                       "order_id": oid, "message": "The remake guarantee does not cover this request.",
                       "alternative": {"type": "discount", "discount_pct": disc,
                                       "new_lens_price": round(lenses["price"] * (100 - disc) / 100, 2)}}
            else:
                res = {"status": "accepted", "remake_id": f"RM-{r.randint(10000, 99999)}", "order_id": oid,
                       "charge": 0.0, "ready_by": (today + dt.timedelta(days=turn)).isoformat()}
            later.append(Call("request_remake", {"order_id": oid, "reason": r.choice(["prescription_change", "non_adaptation"])}, res))
        req = r.choice([f"Can you write up {oid} for {colleague} at the practice? Patient came back unhappy with the new glasses.",
                        f"Hand-off note pls on order {oid} — {colleague} sees the patient next.",
                        f"{colleague} needs a case note on {oid} before the patient's recheck."])
        if write:
            req += r.choice([" If the guarantee covers it, request a remake from the lab.", " Please ask the lab for a remake if allowed."])
        fu = ("Request the remake if the guarantee allows and write the note." if write else f"Check the remake guarantee and write it up for {colleague}.")
        w = Nw(r, cur, year_in_dates=True if ordered.year != today.year else None)
        a = A()
        self.compose(w, a, r, rec, doc, res, window, since, turn, restock, colleague, write)
        return self.plan(ctx, req, c1, later, fu, f"Found {oid}. Want me to check the guarantee?", w, a)

    def compose(self, w, a, r, rec, doc, res, window, since, turn, restock, colleague, write):
        o = rec["order"]
        D = dt.date.fromisoformat
        L = Layout(r)
        lines = [("frame", o["frame"]["price"], ("g", "order.frame.price"))] + \
                [("lenses", o["lenses"]["price"], ("g", "order.lenses.price"))] + \
                [(c["name"], c["price"], ("r", c["name"], "price")) for c in o["coatings"]]
        total = round(sum(x[1] for x in lines), 2)
        since_e = ("sub", ("g", "order.complaint.date"), ("g", "order.dispensed"))
        if L.kind != "prose":
            a(r.choice([f"Order {o['order_id']} — hand-off", f"Case note `{o['order_id']}`", f"{o['order_id']}: remake query"]))
            a("\n")
        L.head(a, "issue")
        a("Patient ")
        a.x(o["patient"]["name"], ent=r.choice(self.fake_customers))
        a(" (")
        a.x(o["patient"]["patient_id"], fid=mutate_id(o["patient"]["patient_id"], r))
        a(") came back to ")
        a.x(o["practice"], ent=r.choice(FAKE_PRACTICES))
        a(" reporting \"" + o["complaint"]["text"] + "\" with the " + o["lenses"]["type"].replace("_", "-") + " pair in ")
        a.x(o["frame"]["name"], ent=None)
        a(".")
        a.p()
        bl = L.list_head(a, "timeline")

        def od():
            w.Date(a, D(o["ordered"]), ("g", "order.ordered"), conf=[D(o["dispensed"])])
            a(" – ordered")

        def ds():
            w.Date(a, D(o["dispensed"]), ("g", "order.dispensed"), conf=[D(o["ordered"])])
            a(" – dispensed")

        def cp():
            w.Date(a, D(o["complaint"]["date"]), ("g", "order.complaint.date"))
            a(" – complaint logged")
        items(a, L, bl, [od, ds, cp] if r.random() < 0.6 else [ds, cp])
        bl = L.list_head(a, "findings")
        fns = []

        def tot():
            a("order total ")
            for i, (nm, pr, ex) in enumerate(lines):
                if i:
                    a(" + ")
                w.Money(a, pr, ex, edit=False)
            a(" = ")
            w.Money(a, total, ("r2", ("add", *[x[2] for x in lines])))
            a(" (" + ", ".join(x[0] for x in lines) + ")")
            fp, lp = o["frame"]["price"], o["lenses"]["price"]
            if fp != lp:
                a("; lenses cost ")
                a.x("more" if lp > fp else "less", rel="less" if lp > fp else "more")
                a(" than the frame")
                w.claim("cmp", op="gt" if lp > fp else "lt", a=("g", "order.lenses.price"), b=("g", "order.frame.price"))
        fns.append(tot)

        def sincef():
            a(w.d(D(o["dispensed"])) + " → " + w.d(D(o["complaint"]["date"])) + " = ")
            w.Days(a, since, since_e)
            a(" since dispensing")
            if doc is not None:
                a(", ")
                a.x("outside" if since > window else "within", neg="within" if since > window else "outside")
                a(" the ")
                w.Num(a, window, ("doc", "1.1", 0))
                a("-day free remake window (")
                a.x("§1.1", sec=f"§{bad_section('1.1', doc_keys(doc), r)}")
                a(" remake from dispensing)")
                w.claim("cmp", op="gt" if since > window else "le", a=since_e, b=("doc", "1.1", 0))
        fns.append(sincef)

        def used():
            k = o["remakes_used"]
            a.x("no remake used yet" if k == 0 else "one remake already used",
                neg="one remake already used" if k == 0 else "no remake used yet")
            w.claim("val", id=o["order_id"], key="remakes_used", value=k)
            a("; order ")
            a.x(STATUS[o["status"]], val=STATUS[r.choice([s for s in STATUS if s != o["status"]])])
            w.claim("val", id=o["order_id"], key="status", value=o["status"])
            a(" (")
            a.x(f"`{o['status']}`", attr=f"`{r.choice(['lab_hold', 'awaiting_rx', 'qc_failed'])}`")
            a(")")
        fns.append(used)
        if doc is not None and r.random() < 0.5:
            def rs():
                a("if the patient switches frame instead: ")
                w.Money(a, o["frame"]["price"], ("g", "order.frame.price"), conf=[o["lenses"]["price"]])
                a(" × ")
                w.Pct(a, restock, ("doc", "2.1", 0))
                a(" = ")
                w.Money(a, round(o["frame"]["price"] * restock / 100, 2), ("pct", ("g", "order.frame.price"), ("doc", "2.1", 0)))
                a(" restocking fee per ")
                a.x("§2.1", sec=f"§{bad_section('2.1', doc_keys(doc), r)}")
                a(" (frame change after dispensing)")
            fns.append(rs)
        items(a, L, bl, fns)
        if write:
            L.head(a, "action")
            if res["status"] == "accepted":
                a("Remake ")
                a.x("requested and accepted", val="requested, awaiting lab sign-off")
                w.claim("val", id=res["remake_id"], key="status", value="accepted")
                a(" — ")
                a.x(f"`{res['remake_id']}`", fid=f"`{mutate_id(res['remake_id'], r)}`")
                a(", no charge; lab ETA ")
                w.Date(a, D(res["ready_by"]), ("g", "ready_by"))
                a(" (")
                w.Days(a, turn, ("doc", "3.1", 0))
                a(" turnaround, ")
                a.x("§3.1", sec=f"§{bad_section('3.1', doc_keys(doc), r)}")
                a(" remade lenses ready)")
                a.pc()
                a(".")
                a.p()
            else:
                alt = res["alternative"]
                a("Remake not requested — lab refused w/ ")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['WINDOW_CLOSED', 'NOT_ELIGIBLE', 'LIMIT_REACHED'])}`")
                a(". Offered ")
                w.Pct(a, alt["discount_pct"], ("g", "alternative.discount_pct"))
                a(" off new lenses: ")
                w.Money(a, o["lenses"]["price"], ("g", "order.lenses.price"), edit=False)
                a(" − ")
                w.Money(a, round(o["lenses"]["price"] - alt["new_lens_price"], 2),
                        ("r2", ("sub", ("g", "order.lenses.price"), ("g", "alternative.new_lens_price"))), edit=False)
                a(" = ")
                w.Money(a, alt["new_lens_price"], ("g", "alternative.new_lens_price"))
                a.pc()
                a(".")
                a.p()
        open_q(a, L, r, ['Has the patient had a new eye test elsewhere since?', 'Does the patient want to keep the same frame?', 'Was the fitting checked at collection? Not noted on the order.'])
        L.head(a, "next")
        a(f"{colleague} " + r.choice(["to ", "— pls "]))
        if write and res["status"] == "accepted":
            a("book the collection appt once the lab confirms.")
        elif write:
            a("discuss the discount w/ the patient; nothing ordered.")
        else:
            a("recheck the Rx at the appt before anything goes to the lab.")
        a.p()
        ref = f"LB-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Lab notes are under ticket {ref}.", ref))
        a.ins("claim", "Patient mentioned the previous pair from another optician worked fine.")
        a.ins("claim", f"The {o['frame']['name']} frame is being discontinued next month.")
        a.ins("behavior", "Already booked a recheck with the optometrist.")
        a.ins("behavior", "Sent the patient the guarantee terms by email.")
        a.ins("elab", r.choice(["probably because the fitting height was measured too low", "likely a centration error at the lab"]), clause=True)
