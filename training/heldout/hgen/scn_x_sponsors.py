"""expo_sponsorships (set x): the integration agent of the Harborline Tech Expo's sponsorship desk — a sponsor's contract
(package tier and price, booth, extras ordered with quantities and unit prices, invoices by milestone with due dates and
payment status, the extras order deadline) read against the sponsor terms (a plain-text page fetched by URL), and a
request to add an extra to the contract (refused by design after the extras deadline — reason code and an on-site order
at a surcharge as the alternative). Final answers are JSON objects with camelCase keys."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_int, s_obj, s_str
from .xstyle import JB, Js, O, S, V, emit, sentence, shuffle_keys, ts, vet

BASE = "https://api.harborlineexpo.example/sponsors/v2"
TERMS = "https://sponsors.harborlineexpo.example/terms/sponsor-terms-ht-26"
SPONSORS = ["Brightwave Analytics", "Corvid Security", "Tessellate Cloud", "Pinecrest Payments", "Quorum Robotics",
            "Saltmarsh Networks"]
FAKE_SPONSORS = ["Halcyon Data", "Meridian Stack"]
TIERS = [("Bronze", 9500.0), ("Silver", 18000.0), ("Gold", 32000.0), ("Platinum", 55000.0)]
EXTRAS = [("LEAD_SCAN", "Lead scanner licence", 240.0), ("POWER_16A", "Power outlet (16 amp)", 180.0),
          ("TV_55", "55-inch display", 420.0), ("CARPET_PLUS", "Premium carpet", 12.5),
          ("WIFI_PRIVATE", "Private Wi-Fi line", 650.0), ("BADGE_EXTRA", "Extra staff badge", 95.0)]
CONTACTS = ["Nadia Brooks", "Tom Okafor", "Elise Martin", "Ravi Shah", "Jonas Weber", "Hannah Price"]
CITIES = [("Rotterdam", "Europe/Amsterdam"), ("Dublin", "Europe/Dublin"), ("Vienna", "Europe/Vienna"),
          ("Berlin", "Europe/Berlin")]


class ExpoSponsorships(Scenario):
    name = "expo_sponsorships"
    agent = "harborline-sponsor-integration"
    service = "harborline-sponsor-desk"
    system = ("You are the integration agent of the Harborline Tech Expo sponsorship desk. Your final answer feeds the "
              "sponsor portal and is shown to the account manager: reply with one JSON object only (response_format "
              "json_schema 'sponsorAnswer', strict), camelCase keys, no text outside the object. \"status\" is one of "
              "\"info\", \"added\", \"refused\"; \"summary\" is one or two plain sentences; amounts are JSON numbers with a "
              "currency; dates are ISO; a refusal gives the \"reasonCode\" and the alternative. Use only the sponsorship "
              "record, the sponsor terms and tool results.")
    error_style = 1
    entity_noun = {"sponsorship_id": "Sponsorship", "terms_url": "Page"}
    preambles = ["Looking up the sponsorship.", "Checking the contract and the sponsor terms."]

    def __init__(self):
        self.tools = [
            Tool("get_sponsorship", "A sponsor contract: sponsor, event, package tier and price, booth, extras ordered, "
                                    "invoices with due dates and status, extras catalogue and order deadline.",
                 s_obj({"sponsorship_id": s_str("Sponsorship id, e.g. 'SP-24817'.", pattern=r"^SP-\d{5}$"),
                        "expand": s_str("Which parts to expand.", enum=["all", "invoices", "extras"])}, ["sponsorship_id"]),
                 entity={"sponsorship_id": "id"}, http=BASE, extra=[("include_floorplan", True)]),
            Tool("fetch_sponsor_terms", "The published sponsor terms (plain text, numbered clauses).",
                 s_obj({"terms_url": s_str("Terms page URL.", pattern=r"^https://sponsors\.harborlineexpo\.example/.+$")},
                       ["terms_url"]),
                 entity={"terms_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("add_extra", "Add an extra from the catalogue to a sponsorship. After the extras deadline the request is "
                              "refused with a reason code and the on-site alternative.",
                 s_obj({"sponsorship_id": s_str("Sponsorship id.", pattern=r"^SP-\d{5}$"),
                        "extra_code": s_str("Catalogue code.", enum=[e[0] for e in EXTRAS]),
                        "quantity": s_int("How many.", 1, 200)},
                       ["sponsorship_id", "extra_code", "quantity"]),
                 entity={"sponsorship_id": "id"}, http=BASE, extra=[("override_deadline", True)]),
        ]
        self.intents = [("contract_status", self.status, True), ("add_extra", self.add, True)]

    def _P(self, r):
        return {"surcharge": r.choice([25, 30]), "pay_days": r.choice([14, 30]), "rev": r.choice(["2026.1", "2026.2"])}

    def _rec(self, r, today, P, late=False):
        city, zone = r.choice(CITIES)
        tier, price = r.choice(TIERS)
        ev_start = today + dt.timedelta(days=r.randint(20, 60))
        deadline = today - dt.timedelta(days=r.randint(2, 10)) if late else today + dt.timedelta(days=r.randint(4, 15))
        extras = []
        for code, nm, up in r.sample(EXTRAS, r.choice([2, 3])):
            q = r.choice([20, 36, 48]) if code == "CARPET_PLUS" else r.randint(1, 4)
            extras.append({"code": code, "name": nm, "quantity": q, "unit_price": up})
        ext_total = round(sum(e["quantity"] * e["unit_price"] for e in extras), 2)
        total = round(price + ext_total, 2)
        first = round(price / 2, 2)
        inv = [{"invoice_id": f"INV-26-{r.randint(10000, 99999)}", "label": "Deposit (50% of package)", "amount": first,
                "due_date": (today - dt.timedelta(days=r.randint(20, 60))).isoformat(), "status": "paid"},
               {"invoice_id": f"INV-26-{r.randint(10000, 99999)}", "label": "Balance and extras",
                "amount": round(total - first, 2), "due_date": (ev_start - dt.timedelta(days=14)).isoformat(),
                "status": "open"}]
        return {"sponsorship_id": f"SP-{r.randint(10000, 99999)}", "sponsor": r.choice(SPONSORS),
                "contact": r.choice(CONTACTS), "event": {"name": "Harborline Tech Expo 2026", "city": city,
                                                         "starts": ev_start.isoformat()},
                "package": {"tier": tier, "price": price}, "booth": {"booth_id": f"H{r.randint(1, 4)}-B{r.randint(100, 299)}",
                                                                     "size_sqm": r.choice([9, 18, 27, 36])},
                "extras": extras, "extras_total": ext_total, "contract_total": total, "currency": "EUR",
                "invoices": inv, "extras_deadline": deadline.isoformat(),
                "catalogue": [{"code": c, "name": n, "unit_price": u} for c, n, u in EXTRAS],
                "portal_sections": ["Sponsor Hub", "Invoices", "Booth Plan"], "terms_url": TERMS, "time_zone": zone,
                "as_of": ts(today, r.choice([9, 11, 15]), r.choice([0, 20, 40]), zone)}

    def _doc(self, P):
        return ("HARBORLINE TECH EXPO — SPONSOR TERMS (" + P["rev"] + ")\n\n"
                "1. Packages\n"
                "1.1 The package price covers the booth, listing and badges of the tier.\n"
                "1.2 50% of the package price is invoiced on signature; the balance and all extras are invoiced 14 days "
                "before the event.\n\n"
                "2. Extras\n"
                "2.1 Extras are ordered from the catalogue before the extras deadline on the sponsorship.\n"
                f"2.2 After the deadline, extras can only be ordered on site at the catalogue price plus {P['surcharge']}%.\n\n"
                "3. Payment\n"
                f"3.1 Invoices are payable within {P['pay_days']} days and before the event opens.\n"
                "3.2 Booths of sponsors with open invoices on the opening day are not built.\n")

    def _history(self, rec):
        h = History().user(f"Hi, can you open sponsorship {rec['sponsorship_id']}?")
        h.call([Call("get_sponsorship", {"sponsorship_id": rec["sponsorship_id"]}, rec)])
        h.reply('{"status": "info", "summary": "Sponsorship ' + rec["sponsorship_id"] + ' for ' + rec["sponsor"] + ' is open."}')
        return h

    def _inserts(self, a, w, r, elab="because the hall plan was revised last month"):
        a.ins("claim", "Gold sponsors also get a free keynote slot this year.")
        a.ins("claim", "The booth will be built by Expowerk Stands.")
        a.ins("behavior", "The updated invoice was already emailed to the sponsor's finance team.")
        a.ins("behavior", "A 5% loyalty discount was applied to the open invoice.")
        fake = f"INV-26-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"See credit note {fake} for the earlier correction.", fake))
        a.ins("elab", elab, clause=True)

    def _money(self, w, r, x, bump):
        if r.random() < 0.5:
            return O([("amount", V(w.amt(x), num=w.amt(x + bump))), ("currency", "EUR")])
        return V(w.amt(x), num=w.amt(x + bump))

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._rec(r, today, P, late=r.random() < 0.3)
        args = {"sponsorship_id": rec["sponsorship_id"]}
        if r.random() < 0.4:
            args["expand"] = "all"
        cg = Call("get_sponsorship", args, rec)
        cd = Call("fetch_sponsor_terms", {"terms_url": TERMS}, self._doc(P))
        req = r.choice([f"What does {rec['sponsor']} still owe on sponsorship {rec['sponsorship_id']}?",
                        f"Contract summary for {rec['sponsorship_id']} please: package, extras, invoices.",
                        f"{rec['sponsorship_id']}: total contract value and what's outstanding?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["What's the contract total and how much is still open?", "Which invoices are still open?"])
            turns = [Turn([cd])]
        w = Js(r, today, "camel")
        a = JB()
        price = rec["package"]["price"]
        ext = rec["extras"]
        paid = sum(i["amount"] for i in rec["invoices"] if i["status"] == "paid")
        total = rec["contract_total"]
        out = w.declare(round(total - paid, 2))
        w.declare(rec["extras_total"])
        rows = []
        for i, e in enumerate(ext):
            lt = w.declare(round(e["quantity"] * e["unit_price"], 2))
            oth = ext[(i + 1) % len(ext)]
            rows.append(O([("name", S(V(e["name"], ent=None))),
                           ("quantity", V(str(e["quantity"]), num=str(e["quantity"] + r.choice([2, 3])))),
                           ("unitPrice", V(w.amt(e["unit_price"]), num=w.amt(e["unit_price"] + 40),
                                           conf=("numerical", w.amt(oth["unit_price"])) if oth["unit_price"] != e["unit_price"] else None)),
                           ("lineTotal", V(w.amt(lt), num=w.amt(lt * 1.4)))]))
        open_inv = [i for i in rec["invoices"] if i["status"] == "open"][0]
        paid_inv = [i for i in rec["invoices"] if i["status"] == "paid"][0]
        dl = rec["extras_deadline"]
        dl_open = dt.date.fromisoformat(dl) >= today
        summ = S(*sentence(V(rec["sponsor"], ent=r.choice(FAKE_SPONSORS)), f" has a {rec['package']['tier']} package with a contract total of EUR {total:,.2f}, of which EUR ",
                           V(f"{out:,.2f}", num=f"{out + 1500:,.2f}", conf=("numerical", f"{total:,.2f}")), " is still open"))
        if r.random() < 0.5:
            summ.segs += [" "] + sentence("The extras deadline ", V("is still ahead" if dl_open else "has passed", neg="has passed" if dl_open else "is still ahead"), clause=False)
        elif r.random() < 0.6:
            summ.segs += [" "] + sentence("The open invoice falls due 14 days ", V("before", rel="after"), " the event starts", clause=False)
        pairs = [("status", S(V("info", val="added"))),
                 ("summary", summ),
                 ("sponsorshipId", S(V(rec["sponsorship_id"], fid=w.fake_id(rec["sponsorship_id"], r)))),
                 ("sponsor", rec["sponsor"]),
                 ("package", O([("tier", S(V(rec["package"]["tier"], val=r.choice([t for t, _ in TIERS if t != rec["package"]["tier"]])))),
                                ("price", self._money(w, r, price, 4000))])),
                 ("booth", S(V(rec["booth"]["booth_id"], fid=w.fake_id(rec["booth"]["booth_id"], r)))),
                 ("extras", rows),
                 ("contractTotal", V(w.amt(total), num=w.amt(total + 2500))),
                 ("calculation", S(f"{w.plain(price)} + {w.plain(rec['extras_total'])} = ", V(w.plain(total), num=w.plain(total + 900)),
                                   f"; {w.plain(total)} - {w.plain(paid)} = ", V(w.plain(out), num=w.plain(out - 700)))),
                 ("currency", "EUR"),
                 ("amountPaid", V(w.amt(paid), num=w.amt(paid + 2000))),
                 ("amountOutstanding", V(w.amt(out), num=w.amt(out + 1200), conf=("numerical", w.amt(total)))),
                 ("openInvoice", O([("invoiceId", S(V(open_inv["invoice_id"], fid=w.fake_id(open_inv["invoice_id"], r)))),
                                    ("dueDate", S(V(w.date(open_inv["due_date"]), tmp=w.date(dt.date.fromisoformat(open_inv["due_date"]) + dt.timedelta(days=r.choice([7, 10]))),
                                                    conf=("temporal", w.date(paid_inv["due_date"]))))),
                                    ("paid", V("false", neg="true"))])),
                 ("extrasDeadline", S(V(w.date(dl), tmp=w.date(dt.date.fromisoformat(dl) + dt.timedelta(days=r.choice([5, 9])))))),
                 ("extrasStillOrderable", V("true" if dl_open else "false", neg="false" if dl_open else "true")),
                 ("termsRef", S("clause ", V("1.2", sec=r.choice(["1.7", "4.2"]))))]
        if r.random() < 0.5:
            pairs.append(("portalSection", S(V("Invoices", attr=r.choice(["Billing Center", "Payments Desk"])))))
        if r.random() < 0.3:
            pairs.append(("purchaseOrder", None))
        emit(a, w, O(shuffle_keys(w, pairs)))
        self._inserts(a, w, r)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def add(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._rec(r, today, P, late=not ok)
        code, nm, up = r.choice(EXTRAS)
        qty = r.choice([12, 18, 24]) if code == "CARPET_PLUS" else r.randint(1, 5)
        args = {"sponsorship_id": rec["sponsorship_id"], "extra_code": code, "quantity": qty}
        lt = round(qty * up, 2)
        if ok:
            new_total = round(rec["contract_total"] + lt, 2)
            inv = [i for i in rec["invoices"] if i["status"] == "open"][0]
            res = {"status": "added", "line": {"code": code, "name": nm, "quantity": qty, "unit_price": up, "line_total": lt},
                   "new_contract_total": new_total, "invoice_id": inv["invoice_id"],
                   "invoice_amount": round(inv["amount"] + lt, 2), "invoice_due": inv["due_date"]}
        else:
            sur = round(up * (1 + P["surcharge"] / 100), 2)
            res = {"status": "refused", "reason_code": "EXTRAS_DEADLINE_PASSED", "extras_deadline": rec["extras_deadline"],
                   "alternative": {"option": "onsite_order", "unit_price": sur, "surcharge_pct": P["surcharge"],
                                   "line_total": round(qty * sur, 2), "where": "Sponsor service desk, hall entrance"}}
        cg = Call("get_sponsorship", {"sponsorship_id": rec["sponsorship_id"]}, rec)
        cd = Call("fetch_sponsor_terms", {"terms_url": TERMS}, self._doc(P))
        cx = Call("add_extra", args, res)
        req = r.choice([f"Please add {qty} x {nm} to sponsorship {rec['sponsorship_id']}.",
                        f"{rec['sponsor']} wants {qty} more of the {nm.lower()} on {rec['sponsorship_id']} - can you add it?",
                        f"Add extra {code} (qty {qty}) to {rec['sponsorship_id']}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Can you add {qty} x {nm} to it?", f"They'd like {qty} of the {nm.lower()} added, please."])
            turns = [Turn([cd]), Turn([cx])]
        w = Js(r, today, "camel")
        a = JB()
        if ok:
            nt = w.declare(res["new_contract_total"])
            w.declare(lt)
            ia = w.declare(res["invoice_amount"])
            summ = S(*sentence(f"Added {qty} x {nm} for EUR ", V(f"{lt:,.2f}", num=f"{lt * 1.5:,.2f}"), ", bringing the contract total ",
                               V("up", rel="down"), " to EUR ",
                               V(f"{nt:,.2f}", num=f"{nt + 1000:,.2f}")))
            if r.random() < 0.5:
                summ.segs += [" "] + sentence("The amount goes on the open invoice due ", V(w.date(res["invoice_due"]), tmp=w.date(dt.date.fromisoformat(res["invoice_due"]) + dt.timedelta(days=7))), clause=False)
            pairs = [("status", S(V("added", val="refused"))),
                     ("summary", summ),
                     ("sponsorshipId", S(V(rec["sponsorship_id"], fid=w.fake_id(rec["sponsorship_id"], r)))),
                     ("sponsor", S(V(rec["sponsor"], ent=r.choice(FAKE_SPONSORS)))),
                     ("line", O([("code", S(V(code, attr=code.split("_")[0] + "_PRO"))), ("name", nm),
                                 ("quantity", V(str(qty), num=str(qty + 2))),
                                 ("unitPrice", V(w.amt(up), num=w.amt(up + 35))),
                                 ("lineTotal", V(w.amt(lt), num=w.amt(lt + 120)))])),
                     ("working", S(f"{qty} x {w.plain(up)} = ", V(w.plain(lt), num=w.plain(lt + 60)),
                                   f"; {w.plain(rec['contract_total'])} + {w.plain(lt)} = ", V(w.plain(nt), num=w.plain(nt + 300)))),
                     ("newContractTotal", self._money(w, r, nt, 800)),
                     ("invoice", O([("invoiceId", S(V(res["invoice_id"], fid=w.fake_id(res["invoice_id"], r)))),
                                    ("amount", V(w.amt(ia), num=w.amt(ia + 450), conf=("numerical", w.amt(nt)))),
                                    ("dueDate", S(V(w.date(res["invoice_due"]), tmp=w.date(dt.date.fromisoformat(res["invoice_due"]) - dt.timedelta(days=5)))))])),
                     ("beforeDeadline", V("true", neg="false")),
                     ("termsRef", S("clause ", V("2.1", sec=r.choice(["2.5", "6.1"]))))]
            if r.random() < 0.5:
                pairs.append(("nextSteps", ["Send the updated invoice to the sponsor's finance contact.",
                                            S("Check the ", V("Booth Plan", attr=r.choice(["Stand Designer", "Floor Builder"])), " tab for placement.")]))
        else:
            alt = res["alternative"]
            sur_lt = w.declare(alt["line_total"])
            w.declare(alt["unit_price"])
            w.declare(lt)
            summ = S(*sentence(f"The {nm.lower()} could not be added because the extras deadline of ",
                               V(w.date(rec["extras_deadline"]), tmp=w.date(dt.date.fromisoformat(rec["extras_deadline"]) + dt.timedelta(days=r.choice([14, 21])))),
                               " has ", V("passed", neg="not passed yet"), clause=False))
            if r.random() < 0.6:
                summ.segs += [" "] + sentence("It can still be ordered on site at EUR ", V(f"{alt['unit_price']:,.2f}", num=f"{up:,.2f}"), " each")
            alt_o = O([("option", "onsite_order"),
                       ("unitPrice", V(w.amt(alt["unit_price"]), num=w.amt(alt["unit_price"] + 50), conf=("numerical", w.amt(up)))),
                       ("surchargePct", V(str(alt["surcharge_pct"]), num=str(alt["surcharge_pct"] + 15))),
                       ("calculation", S(f"{w.plain(up)} x 1.{alt['surcharge_pct']} = {w.plain(alt['unit_price'])}; {qty} x {w.plain(alt['unit_price'])} = ",
                                         V(w.plain(sur_lt), num=w.plain(sur_lt + 90)))),
                       ("lineTotal", V(w.amt(sur_lt), num=w.amt(sur_lt * 1.3), conf=("numerical", w.amt(lt)) if lt != sur_lt else None)),
                       ("priceVsCatalogue", S(V("higher", rel="lower"))),
                       ("where", alt["where"])])
            w.declare(1 + alt["surcharge_pct"] / 100)
            pairs = [("status", S(V("refused", val="added"))),
                     ("reasonCode", S(V("EXTRAS_DEADLINE_PASSED", attr=r.choice(["ORDER_WINDOW_CLOSED", "DEADLINE_EXCEEDED"])))),
                     ("summary", summ),
                     ("sponsorshipId", S(V(rec["sponsorship_id"], fid=w.fake_id(rec["sponsorship_id"], r)))),
                     ("sponsor", S(V(rec["sponsor"], ent=r.choice(FAKE_SPONSORS)))),
                     ("requested", O([("code", code), ("quantity", V(str(qty), num=str(qty + 3)))])),
                     ("catalogueLineTotal", V(w.amt(lt), num=w.amt(lt + 80))),
                     ("extrasDeadline", S(V(w.date(rec["extras_deadline"]), tmp=w.date(dt.date.fromisoformat(rec["extras_deadline"]) + dt.timedelta(days=r.choice([12, 20])))))),
                     ("termsRef", S("clause ", V("2.2", sec=r.choice(["2.8", "5.2"])))),
                     ("contractChanged", V("false", neg="true")),
                     ("alternative", alt_o)]
        emit(a, w, O(shuffle_keys(w, pairs, fixed_first=("status", "reasonCode"))))
        self._inserts(a, w, r, elab="because the hall contractor closed its order book" if not ok else "because the hall plan was revised last month")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
