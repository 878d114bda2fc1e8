"""luggage_storage (set z): Milo, the principal's personal assistant, finds somewhere to leave luggage between a hotel
check-out and an onward train through Stowly (a luggage-storage marketplace; short-term bag drops in cafés, shops
and hotel desks — not self-storage units): a search near a station for a date, drop-off, pick-up and departure time
(echoed back as ISO timestamps with the city's UTC offset; 3-5 locations with wall-clock opening hours, walk to the
station, price per bag per day or per started hour, status), the chosen location's numbered terms fetched by path
(free cancellation up to N hours before drop-off) and a booking (refused by design with a reason code and another
location as the alternative). The note works out the storage time, which locations are open at both ends, the billed
hours and the total, the walk and the margin before the train, the cancellation cut-off and the home-time conversion."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, Tool, mutate_id, s_date, s_int, s_obj, s_str
from .zstyle import ZScenario, Zw, bad_section, doc_keys, fmt_off, from_local, iso, isoz, offset_min, qphrase, zone_label

CITIES = {"London": ("Europe/London", "GBP", ["King's Cross", "Paddington", "Victoria"]),
          "Paris": ("Europe/Paris", "EUR", ["Gare du Nord", "Gare de Lyon"]),
          "Rome": ("Europe/Rome", "EUR", ["Roma Termini"]),
          "Amsterdam": ("Europe/Amsterdam", "EUR", ["Amsterdam Centraal"]),
          "New York": ("America/New_York", "USD", ["Penn Station", "Grand Central"]),
          "Madrid": ("Europe/Madrid", "EUR", ["Atocha"])}
HOMES = ["America/Los_Angeles", "America/Chicago", "America/New_York", "Europe/London", "Asia/Singapore", "Asia/Tokyo",
         "Australia/Sydney", "America/Sao_Paulo"]
NAMES = ["Café Rossi", "Corner Books", "Hotel Albion desk", "Station Newsagent", "Luggage Hub", "The Left Luggage Co",
         "Print & Post Shop", "Green Door Café"]
HHMM = r"^([01]\d|2[0-3]):[0-5]\d$"
STATUS = {"available": "space available", "limited": "only a few spaces left", "full": "full that day"}


class LuggageStorage(ZScenario):
    name = "luggage_storage"
    agent = "milo-personal-assistant"
    service = "stowly-bag-drop"
    assistant = "Milo"
    system = ("You are Milo, the personal assistant of the account owner. On travel days you use Stowly to find and book "
              "short-term luggage storage near stations. Write short first-person notes to the owner; work out storage "
              "times, billed hours, walks, deadlines and time zones from the tool results and quote only what the tools return.")
    error_style = 1
    preambles = ["Looking for luggage storage near the station.", "Checking Stowly."]
    entity_noun = {"location_id": "Location", "terms_path": "File"}
    rd_names = ("name",)
    rd_ids = ("location_id",)
    rd_local = "timezone"
    fake_names = ["Bellhop Bags", "Parcel & Co", "Café Lumen"]
    base = "https://api.stowly.example/v1"

    def __init__(self):
        lid = s_str("Location id.", pattern=r"^LS-\d{4}$")
        self.tools = [
            Tool("search_storage", "Luggage storage near a station for a date, drop-off and pick-up time.",
                 s_obj({"city": s_str("City.", enum=sorted(CITIES)), "near": s_str("Station or landmark."),
                        "date": s_date("Local date (YYYY-MM-DD)."),
                        "drop_off": s_str("Drop-off time HH:MM.", pattern=HHMM),
                        "pick_up": s_str("Pick-up time HH:MM.", pattern=HHMM),
                        "onward_departure": s_str("Onward departure HH:MM.", pattern=HHMM),
                        "bags": s_int("Bags.", 1, 6)},
                       ["city", "near", "date", "drop_off", "pick_up", "bags"]),
                 http=self.base, extra=[("include_full", True), ("sort", "distance")]),
            Tool("read_storage_terms", "A location's numbered storage terms (Markdown).",
                 s_obj({"location_id": lid, "terms_path": s_str("Terms file.", pattern=r"^terms/LS-\d{4}\.md$")},
                       ["location_id", "terms_path"]),
                 entity={"location_id": "id", "terms_path": "path"}, http=self.base),
            Tool("book_storage", "Book storage. Refused with a reason code and an alternative location when not possible.",
                 s_obj({"location_id": lid, "date": s_date("Local date (YYYY-MM-DD)."),
                        "drop_off": s_str("Drop-off time HH:MM.", pattern=HHMM),
                        "pick_up": s_str("Pick-up time HH:MM.", pattern=HHMM), "bags": s_int("Bags.", 1, 6)},
                       ["location_id", "date", "drop_off", "pick_up", "bags"]),
                 entity={"location_id": "id"}, http=self.base, extra=[("insurance_upgrade", True)]),
        ]
        self.intents = [("compare_storage", self.compare, True), ("book_storage", self.book, True)]

    def compare(self, ctx):
        return self.build(ctx, False)

    def book(self, ctx):
        return self.build(ctx, True)

    def total(self, o, bags, minutes):
        if o["pricing"] == "per_day":
            return round(bags * o["price_per_bag"], 2)
        return round(bags * -(-minutes // 60) * o["price_per_bag"], 2)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        city = r.choice(sorted(CITIES))
        Z, cur, stations = CITIES[city]
        near = r.choice(stations)
        home = r.choice([h for h in HOMES if h != Z])
        first, owner = self.principal(r)
        now = self.now_in(r, today, home)
        htoday = dt.datetime.fromisoformat(iso(now, home)).date()
        day = htoday + dt.timedelta(days=r.randint(1, 10))
        drop_m = r.randrange(9 * 60 + 30, 13 * 60 + 1, 15)
        pick_m = r.randrange(15 * 60, 20 * 60 + 31, 15)
        dep_m = pick_m + r.randrange(30, 95, 5)
        bags = r.choice([1, 2, 2, 3, 4])
        at = lambda m: from_local(day, m, Z)
        n = r.choice([3, 4, 4, 5])
        walks = r.sample(range(2, 21), n)
        locs = []
        for i, nm in enumerate(r.sample(NAMES, n)):
            lid = f"LS-{r.randint(1000, 9999)}"
            while any(x["location_id"] == lid for x in locs):
                lid = f"LS-{r.randint(1000, 9999)}"
            per_day = r.random() < 0.6
            o = {"location_id": lid, "name": nm, "type": "hotel desk" if "Hotel" in nm else ("café" if "Café" in nm else "shop"),
                 "walk_to_station_min": walks[i], "opens": r.choice(["07:00", "08:00", "08:30", "09:00", "10:00"]),
                 "closes": r.choice(["17:00", "18:00", "19:00", "20:00", "21:00", "22:00", "23:00"]),
                 "pricing": "per_day" if per_day else "per_hour", "billed_per": "day" if per_day else "started_hour",
                 "price_per_bag": float(r.choice([6, 7, 8, 9, 10, 12])) if per_day else r.choice([0.9, 1.0, 1.2, 1.5]),
                 "rating": round(r.uniform(3.9, 4.9), 1), "large_suitcases": r.random() < 0.6,
                 "cover_plan": r.choice(["STANDARD_COVER", "STANDARD_COVER", "PLUS_COVER"]),
                 "status": r.choice(["available"] * 5 + ["limited"] * 2 + ["full"]),
                 "terms_path": f"terms/{lid}.md"}
            locs.append(o)
        mins = lambda s: int(s[:2]) * 60 + int(s[3:])
        usable = lambda o: o["status"] != "full" and mins(o["opens"]) <= drop_m and mins(o["closes"]) >= pick_m
        if not any(usable(o) for o in locs):
            o = min(locs, key=lambda o: o["walk_to_station_min"])
            o.update({"opens": "08:00", "closes": "22:00", "status": "available"})
        ok_locs = [o for o in locs if usable(o)]
        pick = min(ok_locs, key=lambda o: o["walk_to_station_min"])
        stay = pick_m - drop_m
        noon = dt.datetime.combine(day, dt.time(12), tzinfo=dt.timezone.utc)
        rec = {"query": {"city": city, "near": near, "date": day.isoformat(), "drop_off": iso(at(drop_m), Z),
                         "pick_up": iso(at(pick_m), Z), "onward_departure": iso(at(dep_m), Z), "bags": bags},
               "city": city, "timezone": Z, "utc_offset": fmt_off(offset_min(Z, noon)), "date": day.isoformat(),
               "currency": cur, "locations": locs, "account": self.account(owner, home, now), "as_of": isoz(now)}
        args = {"city": city, "near": near, "date": day.isoformat(), "drop_off": hm(drop_m), "pick_up": hm(pick_m),
                "bags": bags}
        if r.random() < 0.7:
            args["onward_departure"] = hm(dep_m)
        c1 = Call("search_storage", args, rec)
        later, doc, res = [], None, None
        h_cancel = r.choice([2, 4, 12, 24])
        fetch = write or r.random() < 0.6
        if fetch:
            unit = "per day" if pick["pricing"] == "per_day" else "per started hour"
            doc = (f"# {pick['name']} — storage terms ({pick['location_id']})\n\n"
                   f"1.1 Storage is charged per bag {unit}.\n"
                   f"2.1 Free cancellation up to {h_cancel} hours before drop-off.\n"
                   "2.2 Bags not collected by closing time stay overnight and are charged again.\n"
                   f"3.1 Each bag is covered up to {SYMS[cur]}{r.choice([500, 750, 1000])}.\n")
            later.append(Call("read_storage_terms", {"location_id": pick["location_id"], "terms_path": pick["terms_path"]}, doc))
        tot = self.total(pick, bags, stay)
        if write:
            alts = [o for o in ok_locs if o is not pick]
            ok = r.random() < 0.5 or not alts
            if ok:
                res = {"status": "booked", "booking_id": f"BK-{r.randint(10000, 99999)}", "location_id": pick["location_id"],
                       "drop_off": iso(at(drop_m), Z), "pick_up": iso(at(pick_m), Z), "bags": bags, "total": tot,
                       "currency": cur}
            else:
                alt = r.choice(alts)
                res = {"status": "refused", "reason_code": r.choice(["NO_SPACE_LEFT", "OVERSIZE_BAGS"]),
                       "message": "The location cannot take these bags.", "location_id": pick["location_id"],
                       "alternative": {"location_id": alt["location_id"], "name": alt["name"],
                                       "total": self.total(alt, bags, stay)}}
            later.append(Call("book_storage", {"location_id": pick["location_id"], "date": day.isoformat(),
                                               "drop_off": hm(drop_m), "pick_up": hm(pick_m), "bags": bags}, res))
        w = Zw(r, now, home, rec["account"]["locale"], cur)
        dtext = w.date(day, True)
        cl = lambda m: w.clock(dt.datetime.fromisoformat(iso(at(m), Z)).replace(tzinfo=None))
        bw = f"{bags} bag{'s' if bags != 1 else ''}"
        req = r.choice([f"I check out in {city} on {dtext} and my train from {near} is at {cl(dep_m)}. I need somewhere for "
                        f"{bw} from {cl(drop_m)} to {cl(pick_m)}.",
                        f"{dtext}: need to stash {bw} near {near} between {cl(drop_m)} and {cl(pick_m)}; train at {cl(dep_m)}."])
        if write:
            req += r.choice([" Book the best option.", " Please book it."])
        fu = r.choice(["Which one should I use?", "What would you pick?"]) if not write else \
            r.choice(["Book the best one.", "Go ahead and book it."])
        a = A()
        self.compose(w, a, r, first, rec, pick, doc, h_cancel, res, tot, day, Z, home, near, write, drop_m, pick_m, dep_m, mins)
        return self.plan(ctx, req, c1, later, fu, "I found some storage spots near the station. Want me to compare them?", w, a)

    # ------------------------------------------------------------------ the note
    def compose(self, w, a, r, first, rec, pick, doc, h_cancel, res, tot, day, Z, home, near, write, drop_m, pick_m, dep_m, mins):
        locs = rec["locations"]
        n = len(locs)
        bags = rec["query"]["bags"]
        at = lambda m: from_local(day, m, Z)
        G = lambda k: ("g", f"query.{k}")
        self.greet(a, r, first)
        a("Drop-off at ")
        w.T(a, at(drop_m), Z, G("drop_off"))
        a(" and pick-up at ")
        w.T(a, at(pick_m), Z, G("pick_up"))
        a(" on ")
        w.Date(a, day, G("drop_off"), Z)
        a(" (")
        w.Rel(a, day, G("drop_off"), Z)
        a(") is ")
        w.Dur(a, pick_m - drop_m, ("sub", G("pick_up"), G("drop_off")))
        a(" of storage; your train leaves at ")
        w.T(a, at(dep_m), Z, G("onward_departure"), label=r.choice([None, "local", "local time"]))
        if r.random() < 0.5:
            a(" (")
            w.T(a, at(dep_m), home, G("onward_departure"), label=r.choice(["your time", zone_label(home)]))
            a(")")
        a(".")
        a.p()
        a("\n\n")
        pred = ("and", ("not", ("eq", "status", "full")), ("le", ("self", "opens"), G("drop_off")),
                ("ge", ("self", "closes"), G("pick_up")))
        k = sum(1 for o in locs if o["status"] != "full" and mins(o["opens"]) <= drop_m and mins(o["closes"]) >= pick_m)

        def work(j):
            p = qphrase(j, n, r)
            return p + (" works" if j == 1 or p.startswith("Neither") else " work")
        w.Count(a, work, k, n, "locations", pred)
        a(f" — open at both ends with space.")
        a.p()
        a("\n\n")
        for o in sorted(locs, key=lambda o: o["walk_to_station_min"]):
            L, nm = o["location_id"], o["name"]
            oth = [x for x in locs if x is not o]
            a("- **")
            a.x(nm, ent=r.choice(self.fake_names))
            a("** (")
            if show := (r.random() < 0.4):
                a.x(L, fid=mutate_id(L, r))
                a(", ")
            a(f"{o['type']}) — ")
            w.Dur(a, o["walk_to_station_min"], ("r", L, "walk_to_station_min"), owner=nm,
                  conf=[x["walk_to_station_min"] for x in oth])
            a(f" walk to {near}, ")
            w.Range(a, at(mins(o["opens"])), at(mins(o["closes"])), Z, ("r", L, "opens"), ("r", L, "closes"), owner=nm,
                    conf1=[at(mins(x["opens"])) for x in oth], conf2=[at(mins(x["closes"])) for x in oth])
            a(", ")
            w.Money(a, o["price_per_bag"], ("r", L, "price_per_bag"), owner=nm,
                    conf=[x["price_per_bag"] for x in oth if x["pricing"] == o["pricing"]])
            a(" per bag ")
            a.x("per day" if o["pricing"] == "per_day" else "per hour", val="per hour" if o["pricing"] == "per_day" else "per day")
            w.claim("val", id=L, key="pricing", value=o["pricing"])
            a("; ")
            a.x("takes large suitcases" if o["large_suitcases"] else "no large suitcases",
                neg="no large suitcases" if o["large_suitcases"] else "takes large suitcases")
            w.claim("val", id=L, key="large_suitcases", value=o["large_suitcases"])
            a("; ")
            a.x(STATUS[o["status"]], val=STATUS["full" if o["status"] != "full" else "available"])
            w.claim("val", id=L, key="status", value=o["status"])
            a.pb()
            a("\n")
        a("\n")
        early = [o for o in locs if o["status"] != "full" and mins(o["closes"]) < pick_m]
        if early and r.random() < 0.8:
            o = r.choice(early)
            L = o["location_id"]
            a.x(o["name"], ent=r.choice(self.fake_names))
            a(" closes at ")
            w.T(a, at(mins(o["closes"])), Z, ("r", L, "closes"), owner=o["name"])
            a(", ")
            w.Dur(a, pick_m - mins(o["closes"]), ("sub", G("pick_up"), ("r", L, "closes")), owner=o["name"])
            a(" ")
            a.x("before", rel="after")
            a(" you'd collect, so it's out.")
            w.claim("cmp", op="lt", a=("r", L, "closes"), b=G("pick_up"))
            a.p()
            a(" ")
        P, pid = pick["name"], pick["location_id"]
        ok_list = ("locations", pred)
        a("I'd use ")
        a(P)
        a(" — ")
        if k >= 2:
            a.x("the closest", rel="the farthest")
            a(" of the ones that work")
            w.claim("sup", lst=ok_list, key=("self", "walk_to_station_min"), mm="min", id=pid)
        else:
            a("the only one that works")
            w.claim("cmp", op="eq", a=("len", ok_list), b=("c", 1))
        a.pc()
        a(".")
        a.p()
        if r.random() < 0.6:
            a(" Its cover plan is ")
            a.x(f"`{pick['cover_plan']}`", attr=f"`{r.choice(['PREMIUM_COVER', 'NO_COVER', 'FULL_VALUE_COVER'])}`")
            w.claim("val", id=pid, key="cover_plan", value=pick["cover_plan"])
            a(".")
            a.p()
        stay = pick_m - drop_m
        a(" ")
        if pick["pricing"] == "per_day":
            if bags > 1:
                a("For the day that's ")
                a(str(bags))
                a(f" × {w.m(pick['price_per_bag'])} = ")
                w.Money(a, tot, ("mul", G("bags"), ("r", pid, "price_per_bag")), owner=P)
            else:
                a("For your bag that's ")
                w.Money(a, tot, ("mul", G("bags"), ("r", pid, "price_per_bag")), owner=P)
                a(" for the day")
        else:
            hrs = -(-stay // 60)
            e_h = ("ceilh", ("sub", G("pick_up"), G("drop_off")))
            w.claim("val", id=pid, key="billed_per", value="started_hour")
            a("It charges by the started hour, so ")
            w.Dur(a, stay, ("sub", G("pick_up"), G("drop_off")), owner=P)
            a(" is billed as ")
            w.Dur(a, hrs * 60, ("mul", e_h, ("c", 60)), owner=P, deltas=(-60, 60, 120))
            a(": ")
            a(f"{bags} × ")
            w.Num(a, hrs, e_h, owner=P, edit=False)
            a(f" × {w.m(pick['price_per_bag'])} = ")
            w.Money(a, tot, ("mul", ("mul", G("bags"), e_h), ("r", pid, "price_per_bag")), owner=P)
        a(".")
        a.p()
        walk = pick["walk_to_station_min"]
        e_at = ("add", G("pick_up"), ("r", pid, "walk_to_station_min"))
        a(f" After pick-up at {P}, the walk (")
        w.Dur(a, walk, ("r", pid, "walk_to_station_min"), owner=P, conf=[x["walk_to_station_min"] for x in locs if x is not pick])
        a(f") gets you to {near} at ")
        w.T(a, at(pick_m + walk), Z, e_at, owner=P)
        a(", ")
        w.Dur(a, dep_m - pick_m - walk, ("sub", G("onward_departure"), e_at), owner=P)
        a(" before your train.")
        a.p()
        if doc is not None:
            dl = at(drop_m) - dt.timedelta(hours=h_cancel)
            e_dl = ("sub", G("drop_off"), ("doc", pid, "2.1", "h"))
            a("\n\nFree cancellation runs until ")
            w.T(a, dl, Z, e_dl, owner=P)
            dd = dt.datetime.fromisoformat(iso(dl, Z)).date()
            if dd != day:
                a(" on ")
                w.Date(a, dd, e_dl, Z, owner=P)
            a(" (")
            w.Dur(a, h_cancel * 60, ("doc", pid, "2.1", "h"), owner=P, deltas=(-60, 60, 120, 180))
            a(" before drop-off, ")
            a.x("§2.1", sec=f"§{bad_section('2.1', doc_keys(doc), r)}")
            a(").")
            a.p()
        if write:
            a("\n\n")
            if res["status"] == "booked":
                a("Booked: ")
                a(P)
                a(" for ")
                w.Num(a, bags, ("g", "bags"), owner=P)
                a(f" bag{'s' if bags != 1 else ''}, ")
                w.Range(a, at(drop_m), at(pick_m), Z, ("g", "drop_off"), ("g", "pick_up"), owner=P)
                a(" (")
                a.x(res["booking_id"], fid=mutate_id(res["booking_id"], r))
                a("), status ")
                a.x("booked", val="pending")
                a("; ")
                w.Money(a, res["total"], ("g", "total"), owner=P)
                a(" in total.")
                a.p()
            else:
                alt = res["alternative"]
                a(P)
                a(" ")
                a.x("turned the booking down", neg="accepted the booking")
                a(" (")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['STORE_CLOSED_EARLY', 'LOCKER_JAMMED', 'ID_REQUIRED'])}`")
                a("). Stowly offers ")
                a.x(alt["name"], ent=r.choice(self.fake_names))
                a(" instead, at ")
                w.Money(a, alt["total"], ("g", "alternative.total"), owner=alt["name"])
                a(" in total — shall I book it?")
                a.p()
        self.sign(a, r)
        a.ins("claim", f"{P} has CCTV and a staffed counter all day.")
        a.ins("claim", f"{P} also keeps bags overnight for free.")
        a.ins("behavior", "I've messaged the location with your arrival time.")
        a.ins("behavior", "I've added the drop-off to your calendar.")
        fake = f"ST-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Stowly support case {fake} has the store's directions.", fake))
        a.ins("elab", r.choice(["since the station concourse gets crowded in the evening", "as the queue at the counter can be long"]), clause=True)


SYMS = {"EUR": "€", "GBP": "£", "USD": "$"}


def hm(m):
    return f"{m // 60:02d}:{m % 60:02d}"
