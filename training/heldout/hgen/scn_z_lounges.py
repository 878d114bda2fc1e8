"""airport_lounges (set z): Nora, the principal's executive assistant, finds an airport lounge for a layover through
Layova (a lounge-access app): a search for the lounges of an airport on a date with the layover echoed back (arrival,
departure and boarding as ISO timestamps with the airport's UTC offset; 3-5 lounges with wall-clock opening hours,
status, walk to the departure gate, price per person, maximum stay, showers), the chosen lounge's numbered access
conditions fetched by URL (entry only from N hours before departure), and a pass booking (refused by design with a
reason code and another lounge as the alternative). The note works out the layover, which lounges are open on
arrival, when the principal can get in and must leave, the time there, the home-time conversion and the total."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, Tool, mutate_id, s_date, s_int, s_obj, s_str
from .zstyle import ZScenario, Zw, bad_section, doc_keys, from_local, fmt_off, iso, isoz, offset_min, qphrase, zone_label

AIRPORTS = {
    "FRA": ("Frankfurt Airport", "Europe/Berlin", "EUR", "ABZ"),
    "AMS": ("Amsterdam Schiphol", "Europe/Amsterdam", "EUR", "BCD"),
    "LHR": ("London Heathrow", "Europe/London", "GBP", "ABC"),
    "ORD": ("Chicago O'Hare", "America/Chicago", "USD", "BCK"),
    "DXB": ("Dubai International", "Asia/Dubai", "USD", "ABC"),
    "SIN": ("Singapore Changi", "Asia/Singapore", "USD", "ABD"),
}
HOMES = ["America/Los_Angeles", "America/New_York", "America/Chicago", "America/Denver", "Europe/London",
         "Europe/Paris", "Asia/Tokyo", "Australia/Sydney", "Asia/Kolkata"]
HHMM = r"^([01]\d|2[0-3]):[0-5]\d$"
STATUS = {"open": "normal entry", "limited": "limited entry", "closed": "closed that day"}


class AirportLounges(ZScenario):
    name = "airport_lounges"
    agent = "nora-exec-assistant"
    service = "layova-lounge-desk"
    assistant = "Nora"
    system = ("You are Nora, the executive assistant of the account owner. For travel days you use Layova to find and "
              "book airport lounges during layovers. Write short first-person notes to the owner: work out layovers, "
              "opening hours, entry windows and time zones from the tool results, and quote only what the tools return.")
    error_style = 0
    preambles = ["Checking lounges for that layover.", "Let me look at the lounges there."]
    entity_noun = {"lounge_id": "Lounge", "conditions_url": "Page"}
    rd_names = ("name",)
    rd_ids = ("lounge_id",)
    rd_local = "timezone"
    names = ["Aurora Lounge", "Skyward Lounge", "Meridian Club", "Quiet Wing", "Horizon Lounge", "Northlight Lounge",
             "Cirrus Club", "Atrium Lounge", "Vantage Lounge", "Compass Club"]
    fake_names = ["Zephyr Lounge", "Orchid Club", "Summit Lounge"]
    base = "https://api.layova.example/v2"

    def __init__(self):
        lid = s_str("Lounge id.", pattern=r"^LG-\d{4}$")
        self.tools = [
            Tool("search_lounges", "Lounges of an airport on a date, with the layover echoed back.",
                 s_obj({"airport": s_str("IATA airport code.", enum=sorted(AIRPORTS)),
                        "date": s_date("Local date of the layover (YYYY-MM-DD)."),
                        "arrival_time": s_str("Local arrival time HH:MM.", pattern=HHMM),
                        "departure_time": s_str("Local departure time HH:MM.", pattern=HHMM),
                        "boarding_time": s_str("Local boarding time HH:MM.", pattern=HHMM),
                        "departure_gate": s_str("Departure gate.", pattern=r"^[A-Z]\d{1,2}$"),
                        "guests": s_int("Guests travelling with the member.", 0, 3)},
                       ["airport", "date", "arrival_time", "departure_time"]),
                 http=self.base, extra=[("include_closed", True), ("lang", "en")]),
            Tool("get_lounge_conditions", "The numbered access conditions of a lounge (plain text).",
                 s_obj({"lounge_id": lid, "conditions_url": s_str("Conditions page.",
                                                                  pattern=r"^https://layova\.example/lounges/LG-\d{4}/conditions$")},
                       ["lounge_id", "conditions_url"]),
                 entity={"lounge_id": "id", "conditions_url": "url"}, http=self.base, extra=[("format", "text")]),
            Tool("book_lounge_pass", "Book a lounge pass. Refused with a reason code and an alternative lounge when not possible.",
                 s_obj({"lounge_id": lid, "date": s_date("Local date (YYYY-MM-DD)."),
                        "arrival_time": s_str("Local arrival time HH:MM.", pattern=HHMM),
                        "guests": s_int("Guests.", 0, 3)},
                       ["lounge_id", "date", "arrival_time", "guests"]),
                 entity={"lounge_id": "id"}, http=self.base, extra=[("notify_member", True)]),
        ]
        self.intents = [("find_lounge", self.find, True), ("book_pass", self.book, True)]

    def find(self, ctx):
        return self.build(ctx, False)

    def book(self, ctx):
        return self.build(ctx, True)

    # ------------------------------------------------------------------ data
    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        apt = r.choice(sorted(AIRPORTS))
        apt_name, Z, cur, concs = AIRPORTS[apt]
        home = r.choice([h for h in HOMES if h != Z])
        first, owner = self.principal(r)
        now = self.now_in(r, today, home)
        htoday = dt.datetime.fromisoformat(iso(now, home)).date()
        day = htoday + dt.timedelta(days=r.randint(1, 12))
        arr_m = r.randint(330, 900) // 5 * 5
        lay = r.randint(80, 290) // 5 * 5
        dep_m = arr_m + lay
        board_m = dep_m - r.choice([25, 30, 35, 40])
        arr, dep, board = (from_local(day, x, Z) for x in (arr_m, dep_m, board_m))
        gate = f"{r.choice(concs)}{r.randint(2, 60)}"
        guests = r.choice([0, 0, 1, 2])
        n = r.choice([3, 4, 4, 5])
        walks = r.sample(range(3, 25), n)
        prices = r.sample(range(25, 66), n)
        lounges = []
        for i, nm in enumerate(r.sample(self.names, n)):
            lid = f"LG-{r.randint(1000, 9999)}"
            while any(x["lounge_id"] == lid for x in lounges):
                lid = f"LG-{r.randint(1000, 9999)}"
            lounges.append({"lounge_id": lid, "name": nm, "concourse": r.choice(concs),
                            "opens": r.choice(["05:00", "05:30", "06:00", "07:00", "08:00", "09:00", "10:00"]),
                            "closes": r.choice(["21:00", "21:30", "22:00", "23:00", "23:30"]),
                            "status": r.choice(["open"] * 6 + ["limited"] * 2 + ["closed"]),
                            "walk_to_gate_min": walks[i], "price_per_person": float(prices[i]),
                            "max_stay_hours": r.choice([2, 3, 4]), "showers": r.random() < 0.55,
                            "access": r.choice(["PAY_PER_USE", "PAY_PER_USE", "MEMBERSHIP_INCLUDED", "CARDHOLDER_ONLY"]),
                            "conditions_url": f"https://layova.example/lounges/{lid}/conditions"})
        mins = lambda s: int(s[:2]) * 60 + int(s[3:])
        usable = [o for o in lounges if o["status"] != "closed" and max(arr_m, mins(o["opens"])) < board_m - o["walk_to_gate_min"] - 15]
        if not usable:
            lounges[0]["status"] = "open"
            lounges[0]["opens"] = "05:00"
            usable = [o for o in lounges if o["status"] != "closed" and max(arr_m, mins(o["opens"])) < board_m - o["walk_to_gate_min"] - 15]
        pick = min([o for o in lounges if o["status"] != "closed"], key=lambda o: o["walk_to_gate_min"])
        if pick not in usable:
            pick["opens"] = "05:00"
        noon = dt.datetime.combine(day, dt.time(12), tzinfo=dt.timezone.utc)
        rec = {"query": {"airport": apt, "date": day.isoformat(), "arrival": iso(arr, Z), "departure": iso(dep, Z),
                         "boarding": iso(board, Z), "departure_gate": gate, "guests": guests},
               "airport_name": apt_name, "timezone": Z, "utc_offset": fmt_off(offset_min(Z, noon)),
               "date": day.isoformat(), "currency": cur, "lounges": lounges,
               "account": self.account(owner, home, now), "as_of": isoz(now)}
        hh = lambda t: iso(t, Z)[11:16]
        args = {"airport": apt, "date": day.isoformat(), "arrival_time": hh(arr), "departure_time": hh(dep)}
        if r.random() < 0.7:
            args["boarding_time"] = hh(board)
        if r.random() < 0.5:
            args["departure_gate"] = gate
        if guests or r.random() < 0.5:
            args["guests"] = guests
        c_search = Call("search_lounges", args, rec)
        fetch = write or r.random() < 0.6
        later = []
        doc = None
        H = r.choice([2, 3, 4])
        sec = r.choice(["2.1", "2.2", "3.1"])
        if fetch:
            secs = {"1.1": "Access is for members holding a valid same-day boarding pass.",
                    sec: f"Entry is permitted from {H} hours before the scheduled departure of your onward flight.",
                    "4.1": f"Shower suites are booked at the desk in {r.choice([20, 30])}-minute slots.",
                    "1.2": f"Each member may bring up to {r.choice([2, 3])} guests at the member price."}
            body = "\n".join(f"{k} {v}" for k, v in sorted(secs.items(), key=lambda kv: tuple(map(int, kv[0].split(".")))))
            doc = f"ACCESS CONDITIONS — {pick['name']} ({pick['lounge_id']})\n\n{body}\n"
            later.append(Call("get_lounge_conditions", {"lounge_id": pick["lounge_id"], "conditions_url": pick["conditions_url"]}, doc))
        opens = lambda o: from_local(day, mins(o["opens"]), Z)
        closes = lambda o: from_local(day, mins(o["closes"]), Z)
        entry = max(arr, opens(pick)) if doc is None else max(arr, opens(pick), dep - dt.timedelta(hours=H))
        total = (1 + guests) * pick["price_per_person"]
        res = None
        if write:
            alts = [o for o in usable if o is not pick and o["status"] != "closed"]
            ok = r.random() < 0.5 or not alts
            if ok:
                res = {"status": "confirmed", "pass_id": f"LP-{r.randint(10000, 99999)}", "lounge_id": pick["lounge_id"],
                       "date": day.isoformat(), "valid_from": iso(entry, Z),
                       "valid_until": iso(entry + dt.timedelta(hours=pick["max_stay_hours"]), Z), "guests": guests,
                       "total": total, "currency": cur}
            else:
                alt = r.choice(alts)
                res = {"status": "refused", "reason_code": r.choice(["CAPACITY_REACHED", "PASS_SALES_PAUSED"]),
                       "message": "The lounge cannot take this booking.", "lounge_id": pick["lounge_id"],
                       "alternative": {"lounge_id": alt["lounge_id"], "name": alt["name"],
                                       "valid_from": iso(max(arr, opens(alt)), Z),
                                       "total": (1 + guests) * alt["price_per_person"]}}
            later.append(Call("book_lounge_pass", {"lounge_id": pick["lounge_id"], "date": day.isoformat(),
                                                   "arrival_time": hh(arr), "guests": guests}, res))
        # request
        w = Zw(r, now, home, rec["account"]["locale"], cur)
        dtext = w.date(day, True)
        tt = lambda t: w.clock(dt.datetime.fromisoformat(iso(t, Z)).replace(tzinfo=None))
        gtxt = {0: "", 1: " I'm travelling with one guest.", 2: " Two guests with me."}[guests]
        req = r.choice([f"Layover at {apt} on {dtext}: I land {tt(arr)} and my connection leaves {tt(dep)} from {gate} "
                        f"(boarding {tt(board)}).{gtxt} Which lounge should I use?",
                        f"I'm connecting through {apt} on {dtext} — in at {tt(arr)}, out at {tt(dep)}, gate {gate}, boarding "
                        f"{tt(board)}.{gtxt} Find me a lounge."])
        if write:
            req += r.choice([" Book a pass for the best one.", " Please book it."])
        fu = r.choice(["Which one should I use?", "Pick one for me and tell me when I can get in."]) if not write else \
            r.choice(["Book the best one for me.", "Go ahead and book whichever you'd pick."])
        a = A()
        self.compose(w, a, r, first, rec, pick, doc, sec, H, res, entry, total, arr, dep, board, day, Z, home,
                     opens, closes, gate, guests, write)
        return self.plan(ctx, req, c_search, later, fu,
                         "I found the lounges at that airport for your layover. Want me to pick one?", w, a)

    # ------------------------------------------------------------------ the note
    def compose(self, w, a, r, first, rec, pick, doc, sec, H, res, entry, total, arr, dep, board, day, Z, home,
                opens, closes, gate, guests, write):
        lounges = rec["lounges"]
        n = len(lounges)
        G = lambda k: ("g", f"query.{k}")
        self.greet(a, r, first)
        home_lab = r.choice(["your time", zone_label(home)])
        # layover summary
        a(f"Your {rec['query']['airport']} layover on ")
        w.Date(a, day, G("arrival"), Z)
        a(" (")
        w.Rel(a, day, G("arrival"), Z)
        a(") is ")
        w.Dur(a, int((dep - arr).total_seconds() // 60), ("sub", G("departure"), G("arrival")))
        a(": you land at ")
        w.T(a, arr, Z, G("arrival"))
        a(" and your connection leaves at ")
        w.T(a, dep, Z, G("departure"), label=r.choice([None, "local", "local time"]))
        a(".")
        if r.random() < 0.5:
            a(" That's ")
            w.T(a, arr, home, G("arrival"), label=home_lab)
            hd = dt.datetime.fromisoformat(iso(arr, home)).date()
            if hd != day:
                a(" on ")
                w.Date(a, hd, G("arrival"), home)
            a(" when you touch down.")
        a.p()
        a("\n\n")
        # count open on arrival
        open_pred = ("and", ("not", ("eq", "status", "closed")), ("le", ("self", "opens"), G("arrival")),
                     ("lt", G("arrival"), ("self", "closes")))
        k = sum(1 for o in lounges if o["status"] != "closed" and opens(o) <= arr < closes(o))
        verb = lambda j, p: p + (" is" if j == 1 or p.startswith(("Neither", "One of")) else " are")
        w.Count(a, lambda j: verb(j, qphrase(j, n, r)), k, n, "lounges", open_pred)
        a(f" open when you land.")
        a.p()
        a("\n\n")
        # listing
        order = sorted(lounges, key=lambda o: o["walk_to_gate_min"])
        layout = r.choice(["bullets", "bullets", "prose"])
        show_ids = r.random() < 0.5
        for i, o in enumerate(order):
            others = [x for x in lounges if x is not o]
            nm, lid = o["name"], o["lounge_id"]
            if layout == "bullets":
                a("- **")
                a.x(nm, ent=r.choice(self.fake_names))
                a("** (")
                if show_ids:
                    a.x(lid, fid=mutate_id(lid, r))
                    a(", ")
                a(f"concourse {o['concourse']}) — ")
            else:
                a.x(nm, ent=r.choice(self.fake_names))
                a(" is ")
            if o["status"] == "closed":
                a.x(STATUS["closed"], val=STATUS[r.choice(["open", "limited"])])
                w.claim("val", id=lid, key="status", value="closed")
                a(", ")
            else:
                if layout == "prose":
                    a("open ")
                w.Range(a, opens(o), closes(o), Z, ("r", lid, "opens"), ("r", lid, "closes"), owner=nm,
                        conf1=[opens(x) for x in others], conf2=[closes(x) for x in others])
                a(", ")
            w.Dur(a, o["walk_to_gate_min"], ("r", lid, "walk_to_gate_min"), owner=nm,
                  conf=[x["walk_to_gate_min"] for x in others])
            a(f" walk to {gate}, ")
            w.Money(a, o["price_per_person"], ("r", lid, "price_per_person"), owner=nm,
                    conf=[x["price_per_person"] for x in others])
            a(" per person; ")
            a.x("showers" if o["showers"] else "no showers", neg="no showers" if o["showers"] else "showers")
            w.claim("val", id=lid, key="showers", value=o["showers"])
            if o["status"] != "closed":
                a("; ")
                a.x(STATUS[o["status"]], val=STATUS["limited" if o["status"] == "open" else "open"])
                w.claim("val", id=lid, key="status", value=o["status"])
            if layout == "bullets":
                a.pb()
                a("\n")
            else:
                a(".")
                a.p()
                a(" " if i < n - 1 else "\n")
        a("\n")
        # a lounge that opens after arrival
        late = [o for o in lounges if o["status"] != "closed" and opens(o) > arr]
        if late and r.random() < 0.7:
            o = r.choice(late)
            lid = o["lounge_id"]
            a.x(o["name"], ent=r.choice(self.fake_names))
            a(" doesn't open until ")
            w.T(a, opens(o), Z, ("r", lid, "opens"), owner=o["name"])
            a(", ")
            w.Dur(a, int((opens(o) - arr).total_seconds() // 60), ("sub", ("r", lid, "opens"), G("arrival")), owner=o["name"])
            a(" ")
            a.x("after", rel="before")
            a(" you land.")
            w.claim("cmp", op="gt", a=("r", lid, "opens"), b=G("arrival"))
            a.p()
            a(" ")
        # closest open lounge
        open_list = ("lounges", ("not", ("eq", "status", "closed")))
        a("I'd go with ")
        a(pick["name"])
        a(" — ")
        if sum(1 for x in lounges if x["status"] != "closed") >= 2:
            a.x("the closest", rel="the farthest")
            a(f" of the open lounges to {gate}")
            w.claim("sup", lst=open_list, key=("self", "walk_to_gate_min"), mm="min", id=pick["lounge_id"])
        else:
            a("the only one that isn't closed that day")
            w.claim("cmp", op="eq", a=("len", open_list), b=("c", 1))
        a.pc()
        a(".")
        a.p()
        P, pid = pick["name"], pick["lounge_id"]
        if r.random() < 0.7:
            a(" Layova lists its access as ")
            fake_acc = r.choice(["DAY_PASS", "PRIORITY_ENTRY", "GUEST_LIST"])
            a.x(f"`{pick['access']}`", attr=f"`{fake_acc}`")
            w.claim("val", id=pid, key="access", value=pick["access"])
            a(".")
            a.p()
        a("\n\n")
        e_entry = ("max", G("arrival"), ("r", pid, "opens")) if doc is None else \
            ("max", G("arrival"), ("r", pid, "opens"), ("sub", G("departure"), ("doc", pid, sec, "h")))
        if doc is not None:
            a("Its conditions (")
            a.x(f"rule {sec}", sec=f"rule {bad_section(sec, doc_keys(doc), r)}")
            a(") only allow entry from ")
            w.Dur(a, H * 60, ("doc", pid, sec, "h"), owner=P)
            a(" before departure, so you can get in from ")
            w.T(a, entry, Z, e_entry, owner=P)
            if entry > arr:
                a(", ")
                w.Dur(a, int((entry - arr).total_seconds() // 60), ("sub", e_entry, G("arrival")), owner=P)
                a(" after you land.")
            else:
                a(" — as soon as you land.")
            a.p()
            a(" ")
        leave = board - dt.timedelta(minutes=pick["walk_to_gate_min"])
        e_leave = ("sub", G("boarding"), ("r", pid, "walk_to_gate_min"))
        a("To make boarding at ")
        w.T(a, board, Z, G("boarding"))
        a(" you'd leave by ")
        w.T(a, leave, Z, e_leave, owner=P)
        a(", which gives you ")
        stay = int((leave - entry).total_seconds() // 60)
        w.Dur(a, stay, ("sub", e_leave, e_entry), owner=P)
        a(" there")
        limit = pick["max_stay_hours"] * 60
        e_lim = ("mul", ("r", pid, "max_stay_hours"), ("c", 60))
        if stay <= limit:
            a(" — ")
            a.x("within", neg="over")
            a(" its stay limit of ")
            w.Dur(a, limit, e_lim, owner=P, deltas=(-60, 60, 120))
            a(".")
            w.claim("cmp", op="le", a=("sub", e_leave, e_entry), b=("mul", ("r", pid, "max_stay_hours"), ("c", 60)))
        else:
            a("; with its stay limit of ")
            w.Dur(a, limit, e_lim, owner=P, deltas=(-60, 60, 120))
            a(" you'd have to leave by ")
            w.T(a, entry + dt.timedelta(minutes=limit), Z, ("add", e_entry, ("mul", ("r", pid, "max_stay_hours"), ("c", 60))), owner=P)
            a(" instead.")
            w.claim("cmp", op="gt", a=("sub", e_leave, e_entry), b=("mul", ("r", pid, "max_stay_hours"), ("c", 60)))
        a.p()
        a(" ")
        price = pick["price_per_person"]
        if guests:
            a(f"For you and {'one guest' if guests == 1 else 'two guests'}: ")
            w.Num(a, 1 + guests, ("add", G("guests"), ("c", 1)), owner=P, edit=False)
            a(" × ")
            a(w.m(price))
            a(" = ")
            w.Money(a, total, ("mul", ("add", G("guests"), ("c", 1)), ("r", pid, "price_per_person")), owner=P)
            a(".")
        else:
            a("Entry is ")
            w.Money(a, price, ("r", pid, "price_per_person"), owner=P,
                    conf=[x["price_per_person"] for x in lounges if x is not pick])
            a(" for you.")
        a.p()
        if write:
            a("\n\n")
            if res["status"] != "refused":
                a("Booked: the pass (")
                a.x(res["pass_id"], fid=mutate_id(res["pass_id"], r))
                a(") is ")
                a.x("confirmed", val="pending")
                a(" for ")
                w.Range(a, entry, entry + dt.timedelta(minutes=limit), Z, ("g", "valid_from"), ("g", "valid_until"),
                        label=r.choice([None, "local"]))
                a(", ")
                w.Money(a, res["total"], ("g", "total"))
                a(" in total.")
                a.p()
            else:
                alt = res["alternative"]
                a(f"I tried to book {P}, but Layova ")
                a.x("refused it", neg="accepted it")
                a(" (")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['LOUNGE_FULL', 'MEMBER_SUSPENDED', 'ENTRY_WINDOW_CLOSED'])}`")
                a("). It offers ")
                a.x(alt["name"], ent=r.choice(self.fake_names))
                a(" instead, from ")
                aw = dt.datetime.fromisoformat(alt["valid_from"]).astimezone(dt.timezone.utc)
                w.T(a, aw, Z, ("g", "alternative.valid_from"), owner=alt["name"])
                a(", ")
                w.Money(a, alt["total"], ("g", "alternative.total"), owner=alt["name"])
                a(" in total — want me to book that?")
                a.p()
        elif r.random() < 0.4:
            a(" " + r.choice(["Want me to book a pass?", "Shall I book it?", "Happy to book it if you like."]))
        self.sign(a, r)
        a.ins("claim", f"{P} also has a spa with massage chairs.")
        a.ins("claim", f"{P} serves a hot breakfast until 10:30.")
        a.ins("behavior", "I've also added the lounge to your trip notes.")
        a.ins("behavior", f"I've let {P} know you're coming.")
        fake = f"LY-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Layova ticket {fake} has the walking directions.", fake))
        a.ins("elab", r.choice(["since passport control there can be slow", "as the terminal shuttle adds a few minutes"]), clause=True)
