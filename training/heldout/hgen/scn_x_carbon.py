"""carbon_credits (set x): the integration agent of the Verdant Carbon Registry's corporate desk — a company's registry
account (reporting year, retirement target, tonnes retired so far, lots of credits by project and vintage with a price
per tonne) read against the retirement rules (a plain-text page fetched by URL), and a request to retire tonnes from a
lot for the reporting year (refused by design when the lot's vintage is too old for the year — reason code and an
eligible lot as the alternative). Final answers are JSON objects with snake_case keys."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .xstyle import JB, Js, O, P, S, V, add_bdays, emit, sentence, shuffle_keys, ts, vet

BASE = "https://api.verdantcarbon.example/registry/v3"
RULES = "https://registry.verdantcarbon.example/rules/retirement-rules-v4"
COMPANIES = [("Halden Logistics GmbH", "Europe/Berlin"), ("Brisa Foods S.L.", "Europe/Madrid"),
             ("Noorderlicht Data B.V.", "Europe/Amsterdam"), ("Kestrel Print Ltd", "Europe/London"),
             ("Ostara Textiles AB", "Europe/Stockholm"), ("Lumen Cement SAS", "Europe/Paris")]
FAKE_COMPANIES = ["Aldermoor Shipping", "Vireo Packaging"]
PROJECTS = [("Rio Verde Reforestation", "PRJ-1142", "VCS"), ("Baltic Peatland Rewetting", "PRJ-2087", "Gold Standard"),
            ("Sahel Clean Cookstoves", "PRJ-3310", "Gold Standard"), ("Andes Run-of-River Hydro", "PRJ-0954", "VCS"),
            ("Mekong Rice Methane", "PRJ-4471", "VCS")]
FAKE_PROJECTS = ["Carpathian Forest Guard", "Tana Delta Mangroves"]
CONTACTS = ["Lena Vogt", "Marco Ruiz", "Sanne de Boer", "Oliver Grant", "Ingrid Holm", "Claire Dubois"]
SECTIONS = ["Holdings", "Retirements", "Certificates"]


class CarbonCredits(Scenario):
    name = "carbon_credits"
    agent = "verdant-registry-integration"
    service = "verdant-registry-desk"
    system = ("You are the integration agent of the Verdant Carbon Registry's corporate desk. Your final answer is consumed "
              "by the client's sustainability system and shown in its UI: reply with one JSON object only (response_format "
              "json_schema 'registry_answer', strict), snake_case keys, no text outside the object. \"status\" is one of "
              "\"info\", \"completed\", \"refused\"; \"summary\" is one or two plain sentences; numbers are JSON numbers; "
              "dates are ISO; on a refusal give the \"reason_code\" and the alternative. Use only the account record, the "
              "retirement rules and tool results.")
    error_style = 0
    entity_noun = {"account_id": "Account", "lot_id": "Lot", "rules_url": "Page"}
    preambles = ["Pulling the registry account.", "Checking the account and the retirement rules."]

    def __init__(self):
        self.tools = [
            Tool("get_registry_account", "A corporate registry account: company, reporting year, retirement target, tonnes "
                                         "retired year to date, lots of credits (project, vintage, available tonnes, price "
                                         "per tonne).",
                 s_obj({"account_id": s_str("Account id, e.g. 'ACC-40312'.", pattern=r"^ACC-\d{5}$"),
                        "include_retired_lots": s_bool("Also list fully retired lots.")}, ["account_id"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("include_prices_history", True)]),
            Tool("fetch_retirement_rules", "The registry's published retirement rules (plain text, numbered rules).",
                 s_obj({"rules_url": s_str("Rules page URL.", pattern=r"^https://registry\.verdantcarbon\.example/.+$")},
                       ["rules_url"]),
                 entity={"rules_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("retire_credits", "Retire tonnes from a lot against a reporting year. A lot whose vintage is too old for "
                                   "the year is refused with a reason code and an alternative lot.",
                 s_obj({"account_id": s_str("Account id.", pattern=r"^ACC-\d{5}$"),
                        "lot_id": s_str("Lot id, e.g. 'VCR-2021-004817'.", pattern=r"^VCR-\d{4}-\d{6}$"),
                        "quantity_t": s_int("Tonnes to retire.", 1, 50000),
                        "reporting_year": s_int("Reporting year of the claim.", 2020, 2030)},
                       ["account_id", "lot_id", "quantity_t", "reporting_year"]),
                 entity={"account_id": "id", "lot_id": "id"}, http=BASE, extra=[("dry_run", False)]),
        ]
        self.intents = [("account_position", self.position, True), ("retire_tonnes", self.retire, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r, year):
        age = r.choice([4, 5])
        return {"age": age, "min_vintage": year - age, "cert_days": r.choice([3, 5]), "rev": r.choice(["v4.1", "v4.2"])}

    def _account(self, r, today, P, old_lot=False):
        company, zone = r.choice(COMPANIES)
        year = today.year
        target = r.choice([2500, 3000, 4000, 5000, 6000])
        retired = r.randrange(target // 5, target * 4 // 5, 50)
        projs = r.sample(PROJECTS, 3)
        lots = []
        for i, (pname, pid, std) in enumerate(projs):
            if old_lot and i == 0:
                vintage = P["min_vintage"] - r.randint(1, 3)
            else:
                vintage = r.randint(P["min_vintage"] - (1 if i == 2 else 0), year - 1)
            lots.append({"lot_id": f"VCR-{vintage}-{r.randint(1000, 999999):06d}", "project": pname, "project_id": pid,
                         "standard": std, "vintage": vintage, "available_t": r.randrange(400, 4000, 10),
                         "price_eur_per_t": r.choice([8.5, 11.25, 12.8, 14.5, 16.0, 18.75, 21.4]), "status": "active"})
        if not old_lot and all(l["vintage"] >= P["min_vintage"] for l in lots):
            pass
        rec = {"account_id": f"ACC-{r.randint(10000, 99999)}", "company": company, "contact": r.choice(CONTACTS),
               "reporting_year": year, "target_t": target, "retired_ytd_t": retired, "lots": lots,
               "currency": "EUR", "portal_sections": SECTIONS, "rules_url": RULES, "time_zone": zone,
               "as_of": ts(today, r.choice([8, 10, 14, 16]), r.choice([0, 15, 45]), zone)}
        return rec

    def _doc(self, P, year):
        return ("VERDANT CARBON REGISTRY — RETIREMENT RULES (" + P["rev"] + ")\n\n"
                "1. General\n"
                "1.1 A retirement is final and cannot be reversed.\n"
                "1.2 Each retirement names one lot and one reporting year.\n\n"
                "2. Eligibility\n"
                f"2.1 Credits claimed against a reporting year must have a vintage no more than {P['age']} years before "
                f"that year (for {year}: vintage {P['min_vintage']} or later).\n"
                "2.2 A retirement may not exceed the tonnes available in the lot.\n\n"
                "3. Certificates and value\n"
                f"3.1 The retirement certificate is issued within {P['cert_days']} business days.\n"
                "3.2 The disclosed value of a retirement is the tonnes retired times the lot's price per tonne.\n")

    def _history(self, rec):
        h = History().user(f"Can you pull registry account {rec['account_id']}?")
        h.call([Call("get_registry_account", {"account_id": rec["account_id"]}, rec)])
        h.reply('{"status": "info", "summary": "Account ' + rec["account_id"] + ' found with ' + str(len(rec["lots"]))
                + ' active lots."}')
        return h

    def _inserts(self, a, w, r, elab="because the registry revalued the lot last quarter"):
        a.ins("claim", "Prices on this project rise by 8% from next quarter.")
        a.ins("claim", "Lots of this standard also count toward the 2027 target.")
        a.ins("behavior", "The retirement certificate has already been emailed to the sustainability team.")
        a.ins("behavior", "A hold was placed on the remaining tonnes of the lot.")
        fake = f"RT-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Linked to earlier retirement {fake}.", fake))
        a.ins("elab", elab, clause=True)

    # ------------------------------------------------------------------ intents
    def position(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r, today.year)
        rec = self._account(r, today, P)
        args = {"account_id": rec["account_id"]}
        if r.random() < 0.3:
            args["include_retired_lots"] = False
        cg = Call("get_registry_account", args, rec)
        cd = Call("fetch_retirement_rules", {"rules_url": RULES}, self._doc(P, today.year))
        req = r.choice([f"Where does account {rec['account_id']} stand against its {today.year} target, and which lots can we still use?",
                        f"Status check for registry account {rec['account_id']}: remaining target and eligible stock.",
                        f"{rec['account_id']} - how many tonnes are left to retire this year and do we have enough eligible credits?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["How far are we from the target, and is the eligible stock enough?",
                            "Which of those lots can still count for this year?"])
            turns = [Turn([cd])]
        w = Js(r, today)
        a = JB()
        year, tgt, done = rec["reporting_year"], rec["target_t"], rec["retired_ytd_t"]
        rem = w.declare(tgt - done)
        lots = rec["lots"]
        elig = [l for l in lots if l["vintage"] >= P["min_vintage"]]
        elig_t = w.declare(sum(l["available_t"] for l in elig))
        covers = elig_t >= rem
        rows = []
        for i, l in enumerate(lots):
            other = lots[(i + 1) % len(lots)]
            ok = l["vintage"] >= P["min_vintage"]
            val = w.declare(round(l["available_t"] * l["price_eur_per_t"], 2))
            row = O([("lot_id", S(V(l["lot_id"], fid=w.fake_id(l["lot_id"], r)))),
                     ("project", S(V(l["project"], ent=r.choice(FAKE_PROJECTS)))),
                     ("vintage", V(str(l["vintage"]), tmp=str(l["vintage"] - r.choice([2, 3])) if ok else None,
                                   conf=("temporal", str(other["vintage"])) if other["vintage"] != l["vintage"] else None)),
                     ("available_t", V(str(l["available_t"]), num=str(l["available_t"] + r.choice([300, 500, -200])),
                                       conf=("numerical", str(other["available_t"])))),
                     ("eligible_for_year", V(("true" if ok else "false"), neg=("false" if ok else "true")))])
            if r.random() < 0.6:
                row.add("value", S(V(w.money(val, "EUR"), num=w.money(val * 1.3, "EUR"))))
            rows.append(row)
        summ = S(*sentence(V(rec["company"], ent=r.choice(FAKE_COMPANIES)), f" has {rem} t left to retire for {year}, and its eligible stock of {elig_t} t is ",
                           V("above" if covers else "below", rel="below" if covers else "above"), " that"))
        if r.random() < 0.5:
            summ.segs += [" "] + sentence(f"Only vintages from {P['min_vintage']} count for {year}", clause=False)
        pairs = [("status", S(V("info", val="completed"))),
                 ("summary", summ),
                 ("account_id", S(V(rec["account_id"], fid=w.fake_id(rec["account_id"], r)))),
                 ("company", rec["company"]),
                 ("reporting_year", year),
                 ("target_t", V(str(tgt), num=str(tgt + 1000))),
                 ("retired_ytd_t", V(str(done), num=str(done + r.choice([250, 400])))),
                 ("remaining_t", V(str(rem), num=str(rem + r.choice([150, 350])), conf=("numerical", str(done)))),
                 ("calculation", S(f"{tgt} - {done} = ", V(str(rem), num=str(rem + 100)))),
                 ("lots", rows),
                 ("eligible_available_t", V(str(elig_t), num=str(elig_t + 600))),
                 ("covers_remaining", V("true" if covers else "false", neg="false" if covers else "true")),
                 ("min_vintage", V(str(P["min_vintage"]), tmp=str(P["min_vintage"] - 2))),
                 ("policy_ref", S("§", V("2.1", sec=r.choice(["2.4", "5.1"]))))]
        if r.random() < 0.5:
            pairs.append(("see_in_portal", S(V("Holdings", attr=r.choice(["Offset Wallet", "Credit Vault"])))))
        if r.random() < 0.4:
            pairs.append(("data_as_of", S(V(w.date(rec["as_of"]), tmp=w.date(today - dt.timedelta(days=r.choice([2, 5])))))))
        if r.random() < 0.3:
            pairs.append(("contact", None))
        a_obj = O(shuffle_keys(w, pairs))
        emit(a, w, a_obj)
        self._inserts(a, w, r)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def retire(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r, today.year)
        ok = r.random() < 0.5
        rec = self._account(r, today, P, old_lot=not ok)
        lots = rec["lots"]
        if ok:
            cands = [l for l in lots if l["vintage"] >= P["min_vintage"]]
            if not cands:
                lots[1]["vintage"] = P["min_vintage"]
                lots[1]["lot_id"] = f"VCR-{P['min_vintage']}-{lots[1]['lot_id'][-6:]}"
                cands = [lots[1]]
            lot = r.choice(cands)
        else:
            lot = lots[0]
        room = rec["target_t"] - rec["retired_ytd_t"]
        qty = r.randrange(100, max(101, min(lot["available_t"], 1500, room) + 1), 50)
        year = rec["reporting_year"]
        args = {"account_id": rec["account_id"], "lot_id": lot["lot_id"], "quantity_t": qty, "reporting_year": year}
        if ok:
            cert = add_bdays(today, P["cert_days"])
            res = {"status": "retired", "retirement_id": f"RT-{r.randint(10000, 99999)}", "lot_id": lot["lot_id"],
                   "quantity_t": qty, "remaining_in_lot_t": lot["available_t"] - qty, "reporting_year": year,
                   "retired_ytd_t": rec["retired_ytd_t"] + qty, "certificate_due": cert.isoformat(),
                   "value_eur": round(qty * lot["price_eur_per_t"], 2)}
        else:
            alts = [l for l in lots if l["vintage"] >= P["min_vintage"] and l["available_t"] >= qty]
            if not alts:
                lots[1]["vintage"] = max(lots[1]["vintage"], P["min_vintage"])
                lots[1]["lot_id"] = f"VCR-{lots[1]['vintage']}-{lots[1]['lot_id'][-6:]}"
                lots[1]["available_t"] = max(lots[1]["available_t"], qty + 200)
                alts = [lots[1]]
            alt = r.choice(alts)
            res = {"status": "refused", "reason_code": "VINTAGE_NOT_ELIGIBLE", "lot_id": lot["lot_id"],
                   "lot_vintage": lot["vintage"], "min_vintage": P["min_vintage"], "reporting_year": year,
                   "alternative": {"option": "use_eligible_lot", "lot_id": alt["lot_id"], "project": alt["project"],
                                   "vintage": alt["vintage"], "available_t": alt["available_t"],
                                   "price_eur_per_t": alt["price_eur_per_t"],
                                   "value_eur": round(qty * alt["price_eur_per_t"], 2)}}
        cg = Call("get_registry_account", {"account_id": rec["account_id"]}, rec)
        cd = Call("fetch_retirement_rules", {"rules_url": RULES}, self._doc(P, year))
        cx = Call("retire_credits", args, res)
        req = r.choice([f"Please retire {qty} t from lot {lot['lot_id']} on account {rec['account_id']} for {year}.",
                        f"Account {rec['account_id']}: retire {qty} tonnes of {lot['lot_id']} against our {year} target.",
                        f"retire {qty}t from {lot['lot_id']} ({rec['account_id']}), reporting year {year}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Retire {qty} t from {lot['lot_id']} for {year}, please.",
                            f"Go ahead and retire {qty} tonnes from lot {lot['lot_id']}."])
            turns = [Turn([cd]), Turn([cx])]
        w = Js(r, today)
        a = JB()
        if ok:
            rem_lot, ytd = res["remaining_in_lot_t"], res["retired_ytd_t"]
            left = w.declare(rec["target_t"] - ytd)
            w.declare(rem_lot)
            w.declare(ytd)
            val = w.declare(res["value_eur"])
            w.declare(cert)
            summ = S(*sentence(f"Retired {qty} t from ", V(lot["project"], ent=r.choice(FAKE_PROJECTS)),
                               f" against {year}, leaving {left} t to the target"))
            if r.random() < 0.5:
                summ.segs += [" "] + sentence("The certificate is due by ", V(w.date(cert), tmp=w.date(cert + dt.timedelta(days=r.choice([3, 7])))), clause=False)
            calc = S(f"{lot['available_t']} - {qty} = ", V(str(rem_lot), num=str(rem_lot + 200)), f"; {qty} x {w.plain(lot['price_eur_per_t'])} = ",
                     V(w.plain(val), num=w.plain(val * 1.25)))
            value = O([("amount", V(w.amt(val), num=w.amt(val + 500))), ("currency", "EUR")]) if r.random() < 0.5 else \
                S(V(w.money(val, "EUR"), num=w.money(val + 750, "EUR")))
            pairs = [("status", S(V("completed", val="refused"))),
                     ("summary", summ),
                     ("retirement_id", S(V(res["retirement_id"], fid=w.fake_id(res["retirement_id"], r)))),
                     ("account_id", rec["account_id"]),
                     ("lot_id", S(V(lot["lot_id"], fid=w.fake_id(lot["lot_id"], r)))),
                     ("quantity_t", V(str(qty), num=str(qty + 100))),
                     ("remaining_in_lot_t", V(str(rem_lot), num=str(rem_lot + 300), conf=("numerical", str(lot["available_t"])))),
                     ("calculation", calc),
                     ("value", value),
                     ("retired_ytd_t", V(str(ytd), num=str(ytd + 500))),
                     ("remaining_to_target_t", V(str(left), num=str(left + 250))),
                     ("certificate_due", S(V(w.date(cert), tmp=w.date(cert + dt.timedelta(days=r.choice([2, 4])))))),
                     ("final", V("true", neg="false")),
                     ("policy_refs", [S("§", V("1.1", sec=r.choice(["1.5", "6.1"]))), S("§", V("3.1", sec=r.choice(["3.4", "7.1"])))])]
            if r.random() < 0.5:
                pairs.append(("next_steps", [S("Download the certificate from ", V("Certificates", attr=r.choice(["Proof Center", "Offset Wallet"])), " once issued."),
                                             "Record the retirement in the annual disclosure."]))
        else:
            alt = res["alternative"]
            val = w.declare(alt["value_eur"])
            summ = S(*sentence(f"Lot {lot['lot_id']} has vintage ", V(str(lot["vintage"]), tmp=str(P["min_vintage"] + 1)),
                               f", older than the {P['min_vintage']} minimum for {year}, so nothing was retired"))
            if r.random() < 0.6:
                summ.segs += [" "] + sentence("Lot ", V(alt["lot_id"], fid=w.fake_id(alt["lot_id"], r)), f" from ",
                                              V(alt["project"], ent=r.choice(FAKE_PROJECTS)), " is eligible instead", clause=False)
            alt_o = O([("option", "use_eligible_lot"),
                       ("lot_id", S(V(alt["lot_id"], fid=w.fake_id(alt["lot_id"], r)))),
                       ("project", S(V(alt["project"], ent=r.choice(FAKE_PROJECTS)))),
                       ("vintage", V(str(alt["vintage"]), tmp=str(lot["vintage"]) if lot["vintage"] != alt["vintage"] else None)),
                       ("available_t", V(str(alt["available_t"]), num=str(alt["available_t"] + 400))),
                       ("price_eur_per_t", V(w.amt(alt["price_eur_per_t"]), num=w.amt(alt["price_eur_per_t"] + 3),
                                             conf=("numerical", w.amt(lot["price_eur_per_t"])) if lot["price_eur_per_t"] != alt["price_eur_per_t"] else None)),
                       ("working", S(f"{qty} x {w.plain(alt['price_eur_per_t'])} = ", V(w.plain(val), num=w.plain(val * 1.3)))),
                       ("covers_request", V("true", neg="false"))])
            pairs = [("status", S(V("refused", val="completed"))),
                     ("reason_code", S(V("VINTAGE_NOT_ELIGIBLE", attr=r.choice(["VINTAGE_EXPIRED", "LOT_TOO_OLD"])))),
                     ("summary", summ),
                     ("account_id", rec["account_id"]),
                     ("requested", O([("lot_id", S(V(lot["lot_id"], fid=w.fake_id(lot["lot_id"], r)))),
                                      ("quantity_t", V(str(qty), num=str(qty + 150))),
                                      ("reporting_year", year)])),
                     ("lot_vintage", V(str(lot["vintage"]), tmp=str(lot["vintage"] + 2))),
                     ("min_vintage", V(str(P["min_vintage"]), tmp=str(P["min_vintage"] - 2), conf=("temporal", str(lot["vintage"])))),
                     ("rule", S("§", V("2.1", sec=r.choice(["2.6", "4.1"])))),
                     ("tonnes_retired", V(w.int_(0, calc=True), num="100")),
                     ("alternative", alt_o)]
            if r.random() < 0.5:
                pairs.append(("next_steps", ["Confirm the alternative lot to retire from it.",
                                             S("Check the ", V("Holdings", attr=r.choice(["Offset Wallet", "Lot Browser"])), " screen for other eligible lots.")]))
        emit(a, w, O(shuffle_keys(w, pairs, fixed_first=("status", "reason_code"))))
        self._inserts(a, w, r, elab="because the lot is under a registry review" if not ok else "because the registry revalued the lot last quarter")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
