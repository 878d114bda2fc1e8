"""errand_runs (set z): Ivy, the principal's personal assistant, plans a round of errands through Errandly (the errand
list she keeps for the principal): the list for a day (pickups and drop-offs with places, readiness, ready-on and
hold-until dates, amounts due and minutes needed at each stop, and the principal's free block that day), the places'
opening hours on that date, a route with leg times, the runner service's numbered terms fetched by path (notice
needed, fee per request and per stop) and a runner request (refused by design with a reason code and another day as
the alternative). The note works out arrival times along the route, margins before closing, the time back home,
deadlines, counts and totals."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, Tool, mutate_id, s_arr, s_date, s_obj, s_str
from .zstyle import WORDN, ZScenario, Zw, bad_section, doc_keys, fmt_off, from_local, iso, isoz, offset_min, qphrase

HOMES = [("America/Los_Angeles", "USD"), ("America/New_York", "USD"), ("America/Chicago", "USD"),
         ("Europe/London", "GBP"), ("Europe/Paris", "EUR"), ("Europe/Berlin", "EUR"), ("Europe/Madrid", "EUR")]
PLACES = [("Pick up the framed print", "Hartley Framing", "pickup"),
          ("Collect the repaired watch", "Brightwell Watch Repair", "pickup"),
          ("Drop off the donation bags", "Second Chapter Thrift", "dropoff"),
          ("Pick up the printed photos", "Lumen Photo Lab", "pickup"),
          ("Get the spare keys", "Keystone Hardware", "pickup"),
          ("Collect the altered jacket", "Stitch & Press", "pickup"),
          ("Return the rented projector", "Parkside AV Rentals", "dropoff"),
          ("Pick up the birthday cake", "Crumb & Co Bakery", "pickup"),
          ("Collect the serviced bike", "Spoke House Cycles", "pickup"),
          ("Drop off the parcel return", "Corner Parcel Kiosk", "dropoff")]
HHMM = r"^([01]\d|2[0-3]):[0-5]\d$"
pid_pat = s_str("Place id.", pattern=r"^PL-\d{4}$")


class ErrandRuns(ZScenario):
    name = "errand_runs"
    agent = "ivy-personal-assistant"
    service = "errandly-planner"
    assistant = "Ivy"
    system = ("You are Ivy, the personal assistant of the account owner. You keep their errand list in Errandly, check "
              "opening hours, plan routes and book Dashly Runners when asked. Write short first-person notes to the owner; "
              "work out arrival times, deadlines and totals from the tool results and quote only what the tools return.")
    error_style = 2
    preambles = ["Checking your errand list.", "Let me look at the errands for that day."]
    entity_noun = {"place_ids": "Place", "terms_path": "File", "list_id": "List"}
    rd_names = ("name", "place")
    rd_ids = ("place_id", "errand_id")
    rd_local = "timezone"
    fake_names = ["Oakmont Tailors", "Riverside Print Shop", "Baxter Hardware"]
    base = "https://api.errandly.example/v1"

    def __init__(self):
        self.tools = [
            Tool("list_errands", "The owner's errand list for a date, with the owner's free block that day.",
                 s_obj({"list_id": s_str("Errand list id.", pattern=r"^EL-\d{4}$"), "date": s_date("Date (YYYY-MM-DD)."),
                        "status": s_str("Which errands.", enum=["open", "all"])}, ["list_id", "date"]),
                 entity={"list_id": "id"}, http=self.base, extra=[("include_done", True)]),
            Tool("get_place_hours", "Opening hours of places on a date.",
                 s_obj({"place_ids": s_arr("Place ids.", pid_pat, 1, 6), "date": s_date("Date (YYYY-MM-DD).")},
                       ["place_ids", "date"]),
                 http=self.base, extra=[("include_holidays", True)]),
            Tool("plan_route", "Leg times for a round trip from home through stops in the given order.",
                 s_obj({"stop_ids": s_arr("Place ids in visiting order.", pid_pat, 1, 5),
                        "depart_at": s_str("Departure time HH:MM.", pattern=HHMM), "date": s_date("Date (YYYY-MM-DD)."),
                        "mode": s_str("Travel mode.", enum=["drive", "walk", "transit"])},
                       ["stop_ids", "depart_at", "date", "mode"]),
                 http=self.base, extra=[("avoid_tolls", True)]),
            Tool("read_runner_terms", "The runner service's numbered terms (Markdown).",
                 s_obj({"terms_path": s_str("Terms file.", pattern=r"^terms/[a-z-]+\.md$")}, ["terms_path"]),
                 entity={"terms_path": "path"}, http=self.base),
            Tool("request_runner", "Ask a runner to collect ready items. Refused with a reason code and another day when not possible.",
                 s_obj({"date": s_date("Date (YYYY-MM-DD)."), "window_start": s_str("Start of the pickup window HH:MM.", pattern=HHMM),
                        "errand_ids": s_arr("Errands to collect.", s_str("Errand id.", pattern=r"^ER-\d{4}$"), 1, 5)},
                       ["date", "window_start", "errand_ids"]),
                 http=self.base, extra=[("leave_at_door", True)]),
        ]
        self.intents = [("plan_errands", self.plan_errands, True), ("book_runner", self.book_runner, True)]

    def plan_errands(self, ctx):
        return self.build(ctx, False)

    def book_runner(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        Z, cur = r.choice(HOMES)
        first, owner = self.principal(r)
        now = self.now_in(r, today, Z, 7, 20)
        htoday = dt.datetime.fromisoformat(iso(now, Z)).date()
        day = htoday + dt.timedelta(days=r.randint(1, 6))
        at = lambda m: from_local(day, m, Z)
        w_from = r.choice([9 * 60, 9 * 60 + 30, 10 * 60, 10 * 60 + 30, 13 * 60, 14 * 60])
        w_to = w_from + r.choice([150, 180, 210, 240])
        n = r.choice([3, 4, 4, 5])
        errands, places = [], []
        used = set()
        for task, place, kind in r.sample(PLACES, n):
            eid, pid = f"ER-{r.randint(1000, 9999)}", f"PL-{r.randint(1000, 9999)}"
            while eid in used or pid in used:
                eid, pid = f"ER-{r.randint(1000, 9999)}", f"PL-{r.randint(1000, 9999)}"
            used |= {eid, pid}
            e = {"errand_id": eid, "task": task, "place": place, "place_id": pid, "kind": kind,
                 "est_minutes": r.choice([5, 10, 10, 15, 20]), "status_code": "DROP_OFF"}
            if kind == "pickup":
                e["ready"] = r.random() < 0.75
                e["status_code"] = "READY_FOR_PICKUP" if e["ready"] else "IN_PROGRESS"
                if e["ready"]:
                    e["hold_until"] = (day + dt.timedelta(days=r.randint(2, 9))).isoformat()
                else:
                    e["ready_on"] = (day + dt.timedelta(days=r.randint(1, 6))).isoformat()
                e["amount_due"] = r.choice([0.0, 0.0, float(r.randint(8, 60)), round(r.uniform(8, 60), 2)])
            errands.append(e)
            closed = r.random() < 0.12
            places.append({"place_id": pid, "name": place, "closed": closed,
                           "opens": None if closed else hm_(r.choice([8 * 60, 8 * 60 + 30, 9 * 60, 9 * 60 + 30, 10 * 60])),
                           "closes": None if closed else hm_(r.choice([13 * 60, 14 * 60, 16 * 60, 17 * 60 + 30, 18 * 60, 19 * 60]))})
        if not any(e["kind"] == "pickup" and e["ready"] for e in errands):
            e = next((e for e in errands if e["kind"] == "pickup"), errands[0])
            e.update({"kind": "pickup", "ready": True, "hold_until": (day + dt.timedelta(days=3)).isoformat(),
                      "amount_due": e.get("amount_due", 0.0), "status_code": "READY_FOR_PICKUP"})
            e.pop("ready_on", None)
        pl = {p["place_id"]: p for p in places}
        # stops: ready pickups and drop-offs at open places, earliest closing first, at most four
        elig = [e for e in errands if (e["kind"] == "dropoff" or e["ready"]) and not pl[e["place_id"]]["closed"]]
        if not elig:
            e = next(e for e in errands if e["kind"] == "dropoff" or e["ready"])
            p = pl[e["place_id"]]
            p.update({"closed": False, "opens": "09:00", "closes": "18:00"})
            elig = [e]
        elig = sorted(elig, key=lambda e: (pl[e["place_id"]]["closes"], e["errand_id"]))[:4]
        mode = r.choice(["drive", "drive", "walk", "transit"])
        legs = [r.randint(4, 18) for _ in range(len(elig) + 1)]
        # make the places fit the route: open on arrival, not closing before the stop is done
        t = w_from
        arrivals = []
        for e, lg in zip(elig, legs):
            t += lg
            arrivals.append(t)
            p = pl[e["place_id"]]
            if mins_(p["opens"]) > t:
                p["opens"] = hm_(t - t % 30)
            if mins_(p["closes"]) < t + e["est_minutes"] + 10:
                p["closes"] = hm_(((t + e["est_minutes"] + 40) // 30) * 30)
            t += e["est_minutes"]
        back = t + legs[-1]
        if back > w_to:
            w_to = ((back + 30) // 30) * 30
        noon = dt.datetime.combine(day, dt.time(12), tzinfo=dt.timezone.utc)
        off = fmt_off(offset_min(Z, noon))
        lid = f"EL-{r.randint(1000, 9999)}"
        runner_terms = "terms/runner-service.md"
        lst = {"list_id": lid, "date": day.isoformat(), "timezone": Z, "utc_offset": off,
               "out_window": {"from": iso(at(w_from), Z), "to": iso(at(w_to), Z)}, "currency": cur,
               "errands": errands, "runner": {"service": "Dashly Runners", "terms_path": runner_terms},
               "account": self.account(owner, Z, now), "as_of": isoz(now)}
        c_list = Call("list_errands", {"list_id": lid, "date": day.isoformat()} | ({"status": "open"} if r.random() < 0.4 else {}), lst)
        later = []
        hours = route = doc = res = None
        fee_base, fee_stop, notice = r.choice([4.0, 5.0, 6.0]), r.choice([2.5, 3.0, 4.0]), r.choice([2, 3, 4])
        runner = [e for e in errands if e["kind"] == "pickup" and e["ready"]]
        if not write:
            hours = {"date": day.isoformat(), "timezone": Z, "utc_offset": off, "places": places}
            later.append(Call("get_place_hours", {"place_ids": [e["place_id"] for e in errands], "date": day.isoformat()}, hours))
            route = {"date": day.isoformat(), "timezone": Z, "mode": mode, "depart_at": iso(at(w_from), Z),
                     "stops": [e["place_id"] for e in elig],
                     "legs": [{"from": a_, "to": b_, "minutes": m}
                              for a_, b_, m in zip(["home"] + [e["place_id"] for e in elig], [e["place_id"] for e in elig] + ["home"], legs)],
                     "total_travel_min": sum(legs)}
            later.append(Call("plan_route", {"stop_ids": [e["place_id"] for e in elig], "depart_at": hm_(w_from),
                                             "date": day.isoformat(), "mode": mode}, route))
        else:
            doc = ("# Dashly Runners — service terms\n\n1.1 Runners collect items that are marked ready and deliver them "
                   "to your address the same day.\n"
                   f"2.1 Requests must be placed at least {notice} hours before the pickup window starts.\n"
                   f"2.2 Each request costs {cur_sym(cur)}{fee_base:.2f} plus {cur_sym(cur)}{fee_stop:.2f} per stop.\n"
                   "3.1 Items must be paid for in advance; runners cannot pay at the counter.\n")
            later.append(Call("read_runner_terms", {"terms_path": runner_terms}, doc))
            ok = r.random() < 0.5
            total = fee_base + fee_stop * len(runner)
            if ok:
                res = {"status": "scheduled", "request_id": f"RN-{r.randint(10000, 99999)}", "date": day.isoformat(),
                       "window": {"start": iso(at(w_from), Z), "end": iso(at(w_from + 120), Z)},
                       "stops": len(runner), "fee_total": total, "currency": cur}
            else:
                d2 = day + dt.timedelta(days=r.choice([1, 2]))
                res = {"status": "refused", "reason_code": r.choice(["NO_RUNNER_AVAILABLE", "AREA_AT_CAPACITY"]),
                       "message": "No runner can take this request.",
                       "alternative": {"date": d2.isoformat(), "window_start": iso(from_local(d2, w_from, Z), Z),
                                       "fee_total": total}}
            later.append(Call("request_runner", {"date": day.isoformat(), "window_start": hm_(w_from),
                                                 "errand_ids": [e["errand_id"] for e in runner]}, res))
        w = Zw(r, now, Z, lst["account"]["locale"], cur)
        dtext = w.date(day, True)
        req = r.choice([f"I'm out running errands on {dtext} ({w.clock(dt.datetime.fromisoformat(iso(at(w_from), Z)).replace(tzinfo=None))} "
                        f"onwards). List {lid} — what can I get done, and in what order?",
                        f"Plan my errands for {dtext} from list {lid}, please."]) if not write else \
            r.choice([f"I won't make it out on {dtext}. Can Dashly collect whatever's ready on list {lid}?",
                      f"Book a runner for the ready pickups on list {lid} for {dtext}."])
        fu = r.choice(["What order should I do them in?", "Can you plan the route?"]) if not write else \
            r.choice(["Actually, just send a runner for the ready ones.", "Book a runner instead."])
        a = A()
        self.compose(w, a, r, first, lst, hours, route, doc, res, elig, runner, legs, day, Z, write,
                     fee_base, fee_stop, notice)
        return self.plan(ctx, req, c_list, later, fu, "I've pulled up that day's errand list. Want me to plan it?", w, a)

    # ------------------------------------------------------------------ the note
    def compose(self, w, a, r, first, lst, hours, route, doc, res, elig, runner, legs, day, Z, write,
                fee_base, fee_stop, notice):
        T = lambda x: dt.datetime.fromisoformat(x).astimezone(dt.timezone.utc)
        errands = lst["errands"]
        n = len(errands)
        self.greet(a, r, first)
        a("For ")
        w.Date(a, day, ("g", "out_window.from"), Z)
        a(" (")
        w.Rel(a, day, ("g", "out_window.from"), Z)
        a(") you've got ")
        w.Count(a, lambda j: f"{WORDN[j]} errand{'s' if j != 1 else ''}", n, n + 2, "errands", None, lo=1)
        a(" on the list")
        a.pc()
        a(".")
        a.p()
        pick_list = ("errands", ("eq", "kind", "pickup"))
        npk = sum(1 for e in errands if e["kind"] == "pickup")
        if npk >= 2:
            k = sum(1 for e in errands if e["kind"] == "pickup" and e["ready"])
            a(" ")

            def ready(j):
                p = qphrase(j, npk, r)
                if " of the " in p:
                    p += " pickups"
                elif p.startswith("All ") and p != "All of them":
                    p += " pickups"
                elif p == "All of them":
                    p = f"All {WORDN[npk]} pickups"
                elif p == "Both":
                    p = "Both pickups"
                elif p == "Only one":
                    p = "Only one pickup"
                elif p.startswith("None"):
                    p = "None of the pickups"
                elif p == "Neither":
                    p = "Neither pickup"
                return p + (" is" if j == 1 or p.startswith("Neither") else " are")
            w.Count(a, ready, k, npk, pick_list, ("true", "ready"))
            a(" ready to collect.")
            a.p()
        # not ready / closed
        for e in errands:
            if e["kind"] == "pickup" and not e["ready"]:
                a(" ")
                a.x(e["place"], ent=r.choice(self.fake_names))
                a(" won't have yours ready until ")
                d = dt.date.fromisoformat(e["ready_on"])
                w.Date(a, d, ("r", e["errand_id"], "ready_on"), Z, owner=e["place"])
                a(" (")
                w.Rel(a, d, ("r", e["errand_id"], "ready_on"), Z, owner=e["place"])
                a("), so that one waits.")
                w.claim("val", id=e["errand_id"], key="ready", value=False)
                a.p()
        if hours is not None:
            for p in hours["places"]:
                if p["closed"]:
                    a(" ")
                    a.x(p["name"], ent=r.choice(self.fake_names))
                    a(" is ")
                    a.x("closed", val="open")
                    a(" that day.")
                    w.claim("val", id=p["place_id"], key="closed", value=True)
                    a.p()
        a("\n\n")
        if not write:
            self._route(w, a, r, lst, hours, route, elig, legs, Z)
        else:
            self._runner(w, a, r, lst, doc, res, runner, day, Z, fee_base, fee_stop, notice)
        # hold deadline of one ready pickup
        held = [e for e in errands if e["kind"] == "pickup" and e["ready"]]
        if held and r.random() < 0.7:
            e = r.choice(held)
            d = dt.date.fromisoformat(e["hold_until"])
            a("\n\n")
            a.x(e["place"], ent=r.choice(self.fake_names))
            if r.random() < 0.6:
                a(" shows ")
                a.x(f"`{e['status_code']}`", attr=f"`{r.choice(['AWAITING_PAYMENT', 'ON_HOLD_AT_DESK', 'COLLECTED'])}`")
                w.claim("val", id=e["errand_id"], key="status_code", value=e["status_code"])
                a(" and")
            a(" holds yours until ")
            w.Date(a, d, ("r", e["errand_id"], "hold_until"), Z, owner=e["place"])
            a(" (")
            w.Rel(a, d, ("r", e["errand_id"], "hold_until"), Z, owner=e["place"])
            a("), ")
            a.x("after", rel="before")
            a(" your errand day")
            w.claim("cmp", op="gt", a=("r", e["errand_id"], "hold_until"), b=("g", "date"))
            a.pc()
            a(".")
            a.p()
        self.sign(a, r)
        P = elig[0]["place"] if not write else (runner[0]["place"] if runner else elig[0]["place"])
        a.ins("claim", f"{P} has free parking right outside.")
        a.ins("claim", f"{P} stays open late on that day.")
        a.ins("behavior", "I've already called ahead so they'll have everything at the counter.")
        a.ins("behavior", "I've put the stops in your maps app.")
        fake = f"ER-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"I logged the plan as Errandly note {fake}.", fake))
        a.ins("elab", r.choice(["since the Saturday traffic builds up after lunch", "because the shops get busy later on"]), clause=True)

    def _route(self, w, a, r, lst, hours, route, elig, legs, Z):
        T = lambda x: dt.datetime.fromisoformat(x).astimezone(dt.timezone.utc)
        pl = {p["place_id"]: p for p in hours["places"]}
        dep = T(route["depart_at"])
        word = {"drive": "drive", "walk": "walk", "transit": "ride"}[route["mode"]]
        show_ids = r.random() < 0.5
        a("Suggested loop, leaving at ")
        w.T(a, dep, Z, ("g", "depart_at"))
        a(":\n")
        t = dep
        acc = []
        for i, (e, lg) in enumerate(zip(elig, legs)):
            p = pl[e["place_id"]]
            t = t + dt.timedelta(minutes=lg)
            acc.append(("g", f"legs.{i}.minutes"))
            e_arr = ("add", ("g", "depart_at"), ("sum",) + tuple(acc))
            oth = [x for x in elig if x is not e]
            a(f"{i + 1}. ")
            a.x(e["place"], ent=r.choice(self.fake_names))
            if show_ids:
                a(" (")
                a.x(e["errand_id"], fid=mutate_id(e["errand_id"], r))
                a(")")
            a(" — ")
            w.Dur(a, lg, ("g", f"legs.{i}.minutes"), owner=e["place"])
            a(f" {word}, there at ")
            w.T(a, t, Z, e_arr, owner=e["place"])
            a("; ")
            closes = from_local(dt.date.fromisoformat(lst["date"]), mins_(p["closes"]), Z)
            a("open until ")
            w.T(a, closes, Z, ("r", e["place_id"], "closes"), owner=e["place"],
                conf=[from_local(dt.date.fromisoformat(lst["date"]), mins_(pl[x["place_id"]]["closes"]), Z) for x in oth])
            a(", about ")
            w.Dur(a, e["est_minutes"], ("r", e["errand_id"], "est_minutes"), owner=e["place"],
                  conf=[x["est_minutes"] for x in oth])
            a(" there")
            if e["kind"] == "pickup":
                a(", ")
                a.x("ready", val="still in progress")
                w.claim("val", id=e["errand_id"], key="ready", value=True)
            if e["kind"] == "pickup" and e.get("amount_due"):
                a(", ")
                w.Money(a, e["amount_due"], ("r", e["errand_id"], "amount_due"), owner=e["place"],
                        conf=[x.get("amount_due", 0) for x in oth if x.get("amount_due")])
                a(" due")
            a(".")
            a.pb()
            a("\n")
            t = t + dt.timedelta(minutes=e["est_minutes"])
            acc.append(("r", e["errand_id"], "est_minutes"))
        t = t + dt.timedelta(minutes=legs[-1])
        acc.append(("g", f"legs.{len(elig)}.minutes"))
        e_back = ("add", ("g", "depart_at"), ("sum",) + tuple(acc))
        a("\nBack home by ")
        w.T(a, t, Z, e_back)
        a(" — ")
        w.Dur(a, sum(legs), ("g", "total_travel_min"))
        a(" of travel in all, ")
        a.x("inside", neg="outside")
        a(" your free block (")
        w.Range(a, T(lst["out_window"]["from"]), T(lst["out_window"]["to"]), Z, ("g", "out_window.from"), ("g", "out_window.to"))
        a(").")
        w.claim("cmp", op="le", a=e_back, b=("g", "out_window.to"))
        a.p()
        # the tightest margin before closing
        margins = []
        t = dep
        acc = []
        for i, (e, lg) in enumerate(zip(elig, legs)):
            t = t + dt.timedelta(minutes=lg)
            acc.append(("g", f"legs.{i}.minutes"))
            closes = from_local(dt.date.fromisoformat(lst["date"]), mins_(pl[e["place_id"]]["closes"]), Z)
            margins.append((int((closes - t).total_seconds() // 60), e, ("add", ("g", "depart_at"), ("sum",) + tuple(acc))))
            t = t + dt.timedelta(minutes=e["est_minutes"])
            acc.append(("r", e["errand_id"], "est_minutes"))
        mg, e, e_arr = min(margins, key=lambda x: x[0])
        if len(elig) >= 2 and r.random() < 0.7:
            a(" Tightest stop: ")
            a.x(e["place"], ent=r.choice(self.fake_names))
            a(" closes ")
            w.Dur(a, mg, ("sub", ("r", e["place_id"], "closes"), e_arr), owner=e["place"])
            a(" ")
            a.x("after", rel="before")
            a(" you'd get there.")
            w.claim("cmp", op="gt", a=("r", e["place_id"], "closes"), b=e_arr)
            for mg2, e2, e_arr2 in margins:
                if e2 is not e:
                    w.claim("cmp", op="le", a=("sub", ("r", e["place_id"], "closes"), e_arr),
                            b=("sub", ("r", e2["place_id"], "closes"), e_arr2))
            a.p()
        dues = [x for x in elig if x["kind"] == "pickup" and x.get("amount_due")]
        if len(dues) >= 2:
            a("\n\nTo pay at the counters: ")
            a(" + ".join(w.m(x["amount_due"]) for x in dues))
            a(" = ")
            tot = round(sum(x["amount_due"] for x in dues), 2)
            w.Money(a, tot, ("sum",) + tuple(("r", x["errand_id"], "amount_due") for x in dues))
            a(".")
            a.p()

    def _runner(self, w, a, r, lst, doc, res, runner, day, Z, fee_base, fee_stop, notice):
        T = lambda x: dt.datetime.fromisoformat(x).astimezone(dt.timezone.utc)
        k = len(runner)
        names = [e["place"] for e in runner]
        a("I asked Dashly Runners to collect the ready pickups (")
        a(", ".join(names))
        a(f"). Per their terms (")
        a.x("§2.2", sec=f"§{bad_section('2.2', doc_keys(doc), r)}")
        a("), each request costs ")
        w.Money(a, fee_base, ("doc", None, "2.2", "num0"))
        a(" plus ")
        w.Money(a, fee_stop, ("doc", None, "2.2", "num1"))
        a(" per stop: ")
        a(w.m(fee_base) + " + ")
        w.Num(a, k, ("len", ("errands", ("and", ("eq", "kind", "pickup"), ("true", "ready")))), edit=False)
        a(f" × {w.m(fee_stop)} = ")
        w.Money(a, fee_base + k * fee_stop, ("add", ("doc", None, "2.2", "num0"),
                                             ("mul", ("len", ("errands", ("and", ("eq", "kind", "pickup"), ("true", "ready")))),
                                              ("doc", None, "2.2", "num1"))))
        a(".")
        a.p()
        wf = T(lst["out_window"]["from"])
        dl = wf - dt.timedelta(hours=notice)
        a(" Requests must be placed ")
        w.Dur(a, notice * 60, ("doc", None, "2.1", "h"))
        a(" before the pickup window starts (§2.1), so for a ")
        w.T(a, wf, Z, ("g", "out_window.from"))
        a(" start the cut-off is ")
        e_dl = ("sub", ("g", "out_window.from"), ("doc", None, "2.1", "h"))
        w.T(a, dl, Z, e_dl)
        dd = dt.datetime.fromisoformat(iso(dl, Z)).date()
        if dd != day:
            a(" on ")
            w.Date(a, dd, e_dl, Z)
        a(" — ")
        a.x("plenty of time", neg="already past")
        a(".")
        w.claim("cmp", op="lt", a=("now",), b=e_dl)
        a.p()
        dues = [e for e in runner if e.get("amount_due")]
        if dues:
            e = r.choice(dues)
            a(" Heads-up: ")
            a.x(e["place"], ent=r.choice(self.fake_names))
            a(" still shows ")
            w.Money(a, e["amount_due"], ("r", e["errand_id"], "amount_due"), owner=e["place"],
                    conf=[x["amount_due"] for x in dues if x is not e])
            a(" due, and runners can't pay at the counter (§3.1), so pay that online first.")
            a.p()
        a("\n\n")
        if res["status"] == "scheduled":
            a("Booked: request ")
            a.x(res["request_id"], fid=mutate_id(res["request_id"], r))
            a(", runner window ")
            w.Range(a, T(res["window"]["start"]), T(res["window"]["end"]), Z, ("g", "window.start"), ("g", "window.end"))
            a(" on ")
            w.Date(a, day, ("g", "window.start"), Z)
            a(", ")
            w.Money(a, res["fee_total"], ("g", "fee_total"))
            a(" in fees. Status: ")
            a.x("scheduled", val="pending")
            a(".")
            a.p()
        else:
            alt = res["alternative"]
            a("Dashly ")
            a.x("refused", neg="accepted")
            a(" the request (")
            a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['RUNNER_ON_BREAK', 'ITEMS_TOO_HEAVY', 'ADDRESS_UNVERIFIED'])}`")
            a("). It offers ")
            d2 = dt.date.fromisoformat(alt["date"])
            w.Date(a, d2, ("g", "alternative.window_start"), Z)
            a(" (")
            w.Rel(a, d2, ("g", "alternative.window_start"), Z)
            a(") from ")
            w.T(a, T(alt["window_start"]), Z, ("g", "alternative.window_start"))
            a(" for the same ")
            w.Money(a, alt["fee_total"], ("g", "alternative.fee_total"))
            a(" — want me to take it?")
            a.p()


def hm_(m):
    return f"{m // 60:02d}:{m % 60:02d}"


def mins_(s):
    return int(s[:2]) * 60 + int(s[3:])


def cur_sym(cur):
    return {"EUR": "€", "GBP": "£", "USD": "$"}[cur]
