"""conference_sessions (set z): Theo, the principal's executive assistant, plans a conference day through Eventra (an
attendee app): the principal's own agenda for the day (registered sessions with ISO start and end times in the
conference's time zone), a track's sessions (halls, speakers, seats left, status), the attendee guide fetched by path
(doors close N minutes after the start, reserved seats are held until N minutes before it), and a seat reservation
(refused by design with a reason code and a repeat of the session as the alternative). The note works out overlaps,
gaps and hall walks, session lengths, the home-time conversion and the check-in deadline."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, Tool, mutate_id, s_bool, s_date, s_obj, s_str
from .zstyle import WORDN, ZScenario, Zw, bad_section, doc_keys, fmt_off, from_local, iso, isoz, offset_min, qphrase, zone_label

CONFS = [("Northwind Data Summit", "Lisbon", "Europe/Lisbon", "FIL Lisboa"),
         ("Harborline Product Forum", "Berlin", "Europe/Berlin", "Estrel Congress Center"),
         ("Open Ledger Conference", "Singapore", "Asia/Singapore", "Suntec Convention Centre"),
         ("Cloudrise Summit", "Austin", "America/Chicago", "Austin Convention Center"),
         ("Vantage Health Forum", "Toronto", "America/Toronto", "Metro Toronto Convention Centre"),
         ("Meridian Platform Week", "Sydney", "Australia/Sydney", "ICC Sydney")]
HOMES = ["America/Los_Angeles", "America/New_York", "America/Denver", "Europe/London", "Europe/Madrid", "Asia/Tokyo",
         "Asia/Kolkata", "Asia/Dubai", "Pacific/Auckland"]
TRACKS = {"ai": "AI", "security": "Security", "product": "Product", "data": "Data", "leadership": "Leadership"}
TITLES = ["Shipping Models Without Drama", "Zero Trust in Practice", "Pricing Experiments That Worked",
          "Lakehouse Lessons Learned", "Leading Through a Reorg", "Evaluating Assistants Honestly",
          "Incident Reviews Without Blame", "Roadmaps Customers Believe", "Streaming Joins Explained",
          "Hiring Your First Managers", "Guardrails for Generative Search", "Secrets Rotation at Scale",
          "Onboarding That Sticks", "Data Contracts in the Wild", "Running Calm Offsites"]
AGENDA = ["Opening Keynote", "Partner Breakfast Briefing", "Customer Advisory Roundtable", "Closing Keynote",
          "Executive Lunch Panel", "Founders Fireside Chat"]
SPEAKERS = ["Amara Okafor", "Lucas Brandt", "Mei Tanaka", "Rafael Ortega", "Hannah Greaves", "Sanjay Iyer",
            "Clara Voss", "Tomasz Nowak", "Yasmin Haddad", "Eliot Carver"]
HALLS = ["Hall A", "Hall B", "Hall C", "Auditorium", "Forum", "Pavilion", "Studio"]
SLOTS = [9 * 60, 9 * 60 + 30, 10 * 60, 10 * 60 + 45, 11 * 60 + 30, 12 * 60 + 15, 13 * 60 + 30, 14 * 60 + 15,
         15 * 60, 15 * 60 + 45, 16 * 60 + 30]
STATUS = {"open": None, "waitlist": "waitlist only", "full": "full"}


class ConferenceSessions(ZScenario):
    name = "conference_sessions"
    agent = "theo-exec-assistant"
    service = "eventra-attendee-api"
    assistant = "Theo"
    system = ("You are Theo, the executive assistant of the account owner. At conferences you use Eventra to read the "
              "owner's agenda, look at tracks, read the attendee guide and reserve seats. Write short first-person notes "
              "to the owner; work out overlaps, gaps, hall walks and time zones from the tool results and quote only "
              "what the tools return.")
    error_style = 1
    preambles = ["Pulling up your agenda.", "Checking the conference app."]
    entity_noun = {"conference_id": "Conference", "session_id": "Session", "guide_path": "File"}
    rd_names = ("title",)
    rd_ids = ("session_id",)
    rd_local = "conference.timezone"
    fake_names = ["Scaling Trust Workshop", "The Future of Everything Panel"]
    base = "https://api.eventra.example/v1"

    def __init__(self):
        cid = s_str("Conference id.", pattern=r"^CF-\d{4}$")
        self.tools = [
            Tool("get_my_agenda", "The owner's registered sessions on a conference day.",
                 s_obj({"date": s_date("Local date (YYYY-MM-DD).")}, ["date"]),
                 http=self.base, extra=[("include_social", True)]),
            Tool("search_sessions", "Sessions of one track on a conference day.",
                 s_obj({"conference_id": cid, "date": s_date("Local date (YYYY-MM-DD)."),
                        "track": s_str("Track.", enum=sorted(TRACKS)),
                        "only_with_seats": s_bool("Only sessions with seats left.")},
                       ["conference_id", "date", "track"]),
                 entity={"conference_id": "id"}, http=self.base, extra=[("page_size", 50)]),
            Tool("read_attendee_guide", "The conference's numbered attendee guide (Markdown).",
                 s_obj({"conference_id": cid, "guide_path": s_str("Guide file.", pattern=r"^guides/CF-\d{4}/[a-z-]+\.md$")},
                       ["conference_id", "guide_path"]),
                 entity={"conference_id": "id", "guide_path": "path"}, http=self.base, extra=[("lang", "en")]),
            Tool("reserve_seat", "Reserve a seat in a session. Refused with a reason code and an alternative when not possible.",
                 s_obj({"conference_id": cid, "session_id": s_str("Session id.", pattern=r"^S-\d{4}$")},
                       ["conference_id", "session_id"]),
                 entity={"conference_id": "id", "session_id": "id"}, http=self.base, extra=[("notify_speaker", True)]),
        ]
        self.intents = [("plan_day", self.plan_day, True), ("reserve_session", self.reserve, True)]

    def plan_day(self, ctx):
        return self.build(ctx, False)

    def reserve(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        cname, city, Z, venue = r.choice(CONFS)
        home = r.choice([h for h in HOMES if h != Z])
        first, owner = self.principal(r)
        now = self.now_in(r, today, home)
        htoday = dt.datetime.fromisoformat(iso(now, home)).date()
        day = htoday + dt.timedelta(days=r.randint(1, 10))
        cid = f"CF-{r.randint(1000, 9999)}"
        ids = set()

        def sid():
            while True:
                x = f"S-{r.randint(1000, 9999)}"
                if x not in ids:
                    ids.add(x)
                    return x
        at = lambda m: from_local(day, m, Z)
        # own agenda: 2-3 non-overlapping sessions
        k = r.choice([2, 3, 3])
        starts = sorted(r.sample([9 * 60, 11 * 60, 13 * 60 + 30, 16 * 60], k))
        halls = r.sample(HALLS, 4)
        items = []
        for i, (s, t) in enumerate(zip(starts, r.sample(AGENDA, k))):
            items.append({"session_id": sid(), "title": t, "hall": r.choice(halls), "starts": iso(at(s), Z),
                          "ends": iso(at(s + r.choice([45, 60, 75])), Z), "status": "registered"})
        walk = r.randint(4, 12)
        track = r.choice(sorted(TRACKS))
        n = r.choice([3, 4, 4, 5])
        sess = []
        for t in r.sample(TITLES, n):
            s = r.choice(SLOTS)
            st = r.choice(["open", "open", "open", "waitlist", "full"])
            cap = r.choice([40, 60, 80, 120, 200])
            sess.append({"session_id": sid(), "title": t, "speaker": r.choice(SPEAKERS), "hall": r.choice(halls),
                         "starts": iso(at(s), Z), "ends": iso(at(s + r.choice([30, 45, 60, 90])), Z),
                         "capacity": cap, "seats_left": r.randint(1, cap // 2) if st == "open" else 0,
                         "status": st, "recorded": r.random() < 0.5,
                         "format": r.choice(["IN_PERSON", "IN_PERSON", "HYBRID", "LIVESTREAMED"])})
        T = lambda x: dt.datetime.fromisoformat(x).astimezone(dt.timezone.utc)
        ov = lambda a, b: T(a["starts"]) < T(b["ends"]) and T(b["starts"]) < T(a["ends"])
        fits = lambda s: s["status"] == "open" and not any(ov(s, i) for i in items) and all(
            (T(s["starts"]) - T(i["ends"])).total_seconds() / 60 >= walk + 5 or (T(i["starts"]) - T(s["ends"])).total_seconds() / 60 >= walk + 5
            for i in items)
        cands = [s for s in sess if fits(s)]
        if not cands:
            # place one session in a free stretch of the day
            s = sess[0]
            s["status"], s["seats_left"] = "open", max(1, s["seats_left"] or 7)
            opts = [(m, d) for m in range(8 * 60, 18 * 60, 15) for d in (30, 45)]
            r.shuffle(opts)
            for m, d in opts:
                s["starts"], s["ends"] = iso(at(m), Z), iso(at(m + d), Z)
                if fits(s):
                    break
            cands = [s for s in sess if fits(s)]
            if not cands:
                raise AssertionError("no session fits")
        pick = r.choice(cands)
        noon = dt.datetime.combine(day, dt.time(12), tzinfo=dt.timezone.utc)
        conf = {"conference_id": cid, "name": cname, "city": city, "venue": venue, "timezone": Z,
                "utc_offset": fmt_off(offset_min(Z, noon)), "guide_path": f"guides/{cid}/attendee-guide.md"}
        agenda = {"conference": conf, "date": day.isoformat(), "items": items,
                  "account": self.account(owner, home, now), "as_of": isoz(now)}
        search = {"conference_id": cid, "date": day.isoformat(), "track": track, "timezone": Z,
                  "utc_offset": conf["utc_offset"], "walk_between_halls_min": walk, "sessions": sess}
        c1 = Call("get_my_agenda", {"date": day.isoformat()}, agenda)
        sargs = {"conference_id": cid, "date": day.isoformat(), "track": track}
        if r.random() < 0.3:
            sargs["only_with_seats"] = False
        c2 = Call("search_sessions", sargs, search)
        later = [c2]
        doc, d_close, d_hold = None, r.choice([5, 10, 15]), r.choice([10, 15, 20, 30])
        fetch = r.random() < (0.5 if write else 0.6)
        if fetch:
            doc = (f"# Attendee guide — {cname}\n\n## 1 Badges\n1.1 Badge pickup opens at 08:00 on the first day.\n"
                   f"1.2 Badges must be worn at all times.\n\n## 2 Sessions\n2.1 Doors close {d_close} minutes after a "
                   f"session starts.\n2.3 Reserved seats are held until {d_hold} minutes before the start; unclaimed "
                   f"seats go to the waitlist.\n\n## 3 Recordings\n3.2 Recorded sessions are online within 24 hours.\n")
            later.append(Call("read_attendee_guide", {"conference_id": cid, "guide_path": conf["guide_path"]}, doc))
        res = None
        if write:
            ok = r.random() < 0.5
            if ok:
                res = {"status": "reserved", "reservation_id": f"RS-{r.randint(10000, 99999)}",
                       "session_id": pick["session_id"],
                       "held_until": iso(T(pick["starts"]) - dt.timedelta(minutes=d_hold), Z)}
            else:
                d2 = day + dt.timedelta(days=1)
                m2 = r.choice(SLOTS)
                ln = int((T(pick["ends"]) - T(pick["starts"])).total_seconds() // 60)
                res = {"status": "refused", "reason_code": r.choice(["SESSION_FULL", "RESERVATION_LIMIT"]),
                       "message": "The seat could not be reserved.", "session_id": pick["session_id"],
                       "alternative": {"session_id": sid(), "title": pick["title"], "hall": r.choice(halls),
                                       "starts": iso(from_local(d2, m2, Z), Z),
                                       "ends": iso(from_local(d2, m2 + ln, Z), Z)}}
            later.append(Call("reserve_seat", {"conference_id": cid, "session_id": pick["session_id"]}, res))
        w = Zw(r, now, home, agenda["account"]["locale"])
        tr = TRACKS[track]
        req = r.choice([f"What does my day at the {cname} look like on {w.date(day, True)}? Anything on the {tr} track that fits?",
                        f"For {w.date(day, True)} at {cname}: check my agenda and find me a {tr} session that doesn't clash."])
        if write:
            req += r.choice([" Reserve a seat in the best one.", " Grab me a seat if something fits."])
        fu = r.choice([f"Yes, check the {tr} track too.", f"What on the {tr} track fits around that?"]) if not write else \
            r.choice([f"Find a {tr} session that fits and reserve it.", f"Reserve me a seat in a {tr} session that fits."])
        a = A()
        self.compose(w, a, r, first, agenda, search, pick, doc, d_close, res, Z, home, day, tr)
        return self.plan(ctx, req, c1, later, fu, "Here's your agenda for that day. Want me to look at a track?", w, a)

    # ------------------------------------------------------------------ the note
    def compose(self, w, a, r, first, agenda, search, pick, doc, d_close, res, Z, home, day, tr):
        T = lambda x: dt.datetime.fromisoformat(x).astimezone(dt.timezone.utc)
        items = sorted(agenda["items"], key=lambda i: i["starts"])
        sess = search["sessions"]
        conf = agenda["conference"]
        self.greet(a, r, first)
        first_item = items[0]
        a("On ")
        w.Date(a, day, ("r", first_item["session_id"], "starts"), Z)
        a(" (")
        w.Rel(a, day, ("r", first_item["session_id"], "starts"), Z)
        a(f") you're down for ")
        w.Count(a, lambda j: f"{WORDN[j]} session{'s' if j != 1 else ''}", len(items), len(items) + 2, "items", None, lo=1)
        a(f" at {conf['name']} (times below are {zone_label(Z)}):")
        a("\n")
        for i in items:
            a("- ")
            a.x(i["title"], ent=r.choice(self.fake_names))
            a(", ")
            w.Range(a, T(i["starts"]), T(i["ends"]), Z, ("r", i["session_id"], "starts"), ("r", i["session_id"], "ends"),
                    owner=i["title"], conf1=[T(x["starts"]) for x in items if x is not i],
                    conf2=[T(x["ends"]) for x in items if x is not i])
            a(" in ")
            oth = [x["hall"] for x in items if x["hall"] != i["hall"]]
            a.x(i["hall"], conf=("entity", r.choice(oth)) if oth else None)
            a.pb()
            a("\n")
        if r.random() < 0.6:
            a("\n")
            a.x(first_item["title"], ent=r.choice(self.fake_names))
            a(" at ")
            w.T(a, T(first_item["starts"]), Z, ("r", first_item["session_id"], "starts"), owner=first_item["title"])
            a(" is ")
            w.T(a, T(first_item["starts"]), home, ("r", first_item["session_id"], "starts"), owner=first_item["title"],
                label=r.choice(["your time", zone_label(home)]))
            hd = dt.datetime.fromisoformat(iso(T(first_item["starts"]), home)).date()
            if hd != day:
                a(" on ")
                w.Date(a, hd, ("r", first_item["session_id"], "starts"), home, owner=first_item["title"])
            a(" back home, if you want to tell the team.")
            a.p()
            a("\n")
        a("\n")
        # the track
        n = len(sess)
        a(f"The {tr} track has {WORDN[n]} sessions that day; ")
        w.claim("cmp", op="eq", a=("len", "sessions"), b=("c", n))
        k = sum(1 for s in sess if s["status"] == "open")
        def still(j):
            p = qphrase(j, n, r, cap=False)
            return p + (" still has" if j == 1 or p.startswith("neither") else " still have")
        w.Count(a, still, k, n, "sessions", ("eq", "status", "open"))
        a(" seats.")
        a.p()
        a("\n")
        show_ids = r.random() < 0.5
        for s in sorted(sess, key=lambda x: x["starts"]):
            oth = [x for x in sess if x is not s]
            a("- **")
            a.x(s["title"], ent=r.choice(self.fake_names))
            a("** (")
            if show_ids:
                a.x(s["session_id"], fid=mutate_id(s["session_id"], r))
                a(", ")
            a(f"{s['speaker']}) — ")
            w.Range(a, T(s["starts"]), T(s["ends"]), Z, ("r", s["session_id"], "starts"), ("r", s["session_id"], "ends"),
                    owner=s["title"], conf1=[T(x["starts"]) for x in oth], conf2=[T(x["ends"]) for x in oth])
            a(f", {s['hall']}; ")
            if s["status"] == "open":
                w.Num(a, s["seats_left"], ("r", s["session_id"], "seats_left"), owner=s["title"],
                      conf=[x["seats_left"] for x in oth if x["seats_left"]])
                a(" seats left")
            else:
                a.x(STATUS[s["status"]], val=STATUS["full" if s["status"] == "waitlist" else "waitlist"])
            w.claim("val", id=s["session_id"], key="status", value=s["status"])
            a.pb()
            a("\n")
        a("\n")
        # clashes
        clash = [(s, i) for s in sess for i in items if T(s["starts"]) < T(i["ends"]) and T(i["starts"]) < T(s["ends"])]
        if clash:
            s, i = r.choice(clash)
            a.x(s["title"], ent=r.choice(self.fake_names))
            a(" ")
            a.x("clashes with", neg="doesn't clash with")
            a(" your ")
            a(i["title"])
            a(": they overlap by ")
            om = int((min(T(s["ends"]), T(i["ends"])) - max(T(s["starts"]), T(i["starts"]))).total_seconds() // 60)
            S, I = s["session_id"], i["session_id"]
            w.Dur(a, om, ("sub", ("min", ("r", S, "ends"), ("r", I, "ends")), ("max", ("r", S, "starts"), ("r", I, "starts"))))
            a(".")
            a.p()
            a(" ")
        # the pick
        P, pid = pick["title"], pick["session_id"]
        ln = int((T(pick["ends"]) - T(pick["starts"])).total_seconds() // 60)
        a("I'd add ")
        a(P)
        a(" — it ")
        a.x("doesn't clash", neg="clashes")
        a(" with anything on your agenda")
        ov_p = ("overlaps", ("self", "starts"), ("self", "ends"), ("r", pid, "starts"), ("r", pid, "ends"))
        w.claim("cmp", op="eq", a=("len", ("items", ov_p)), b=("c", 0))
        a(" and runs ")
        w.Dur(a, ln, ("sub", ("r", pid, "ends"), ("r", pid, "starts")), owner=P)
        a.pc()
        a(".")
        a.p()
        if r.random() < 0.6:
            a(" Eventra lists its format as ")
            a.x(f"`{pick['format']}`", attr=f"`{r.choice(['REMOTE_ONLY', 'INVITE_ONLY', 'VIP_SEATING'])}`")
            w.claim("val", id=pid, key="format", value=pick["format"])
            a(".")
            a.p()
        before = [i for i in items if T(i["ends"]) <= T(pick["starts"])]
        after = [i for i in items if T(i["starts"]) >= T(pick["ends"])]
        nb = max(before, key=lambda i: i["ends"]) if before else None
        na = min(after, key=lambda i: i["starts"]) if after else None
        walk = search["walk_between_halls_min"]
        if nb is not None and (na is None or r.random() < 0.5):
            I = nb["session_id"]
            gap = int((T(pick["starts"]) - T(nb["ends"])).total_seconds() // 60)
            a(" It starts ")
            w.Dur(a, gap, ("sub", ("r", pid, "starts"), ("r", I, "ends")))
            a(" ")
            a.x("after", rel="before")
            a(f" your {nb['title']} ends (")
            w.T(a, T(nb["ends"]), Z, ("r", I, "ends"), owner=nb["title"])
            a(")")
            hall_a, hall_b = nb["hall"], pick["hall"]
            e_gap = ("sub", ("r", pid, "starts"), ("r", I, "ends"))
        elif na is not None:
            I = na["session_id"]
            gap = int((T(na["starts"]) - T(pick["ends"])).total_seconds() // 60)
            a(f" {P} ends at ")
            w.T(a, T(pick["ends"]), Z, ("r", pid, "ends"), owner=P)
            a(", ")
            w.Dur(a, gap, ("sub", ("r", I, "starts"), ("r", pid, "ends")))
            a(" ")
            a.x("before", rel="after")
            a(f" your {na['title']}")
            hall_a, hall_b = pick["hall"], na["hall"]
            e_gap = ("sub", ("r", I, "starts"), ("r", pid, "ends"))
        else:
            gap, hall_a, hall_b, I = None, None, None, None
        if gap is not None:
            if hall_a != hall_b:
                a(f"; the walk from {hall_a} to {hall_b} takes ")
                w.Dur(a, walk, ("g", "walk_between_halls_min"))
                a(", leaving ")
                w.Dur(a, gap - walk, ("sub", e_gap, ("g", "walk_between_halls_min")))
                a(" to spare.")
            else:
                a(f", and both are in {hall_a}.")
            a.p()
        if doc is not None:
            a("\n\n")
            a("Per the attendee guide (")
            a.x("§2.1", sec=f"§{bad_section('2.1', doc_keys(doc), r)}")
            a("), doors close ")
            w.Dur(a, d_close, ("doc", None, "2.1", "min"))
            a(" after a session starts, so for ")
            a(P)
            a(", be in by ")
            w.T(a, T(pick["starts"]) + dt.timedelta(minutes=d_close), Z, ("add", ("r", pid, "starts"), ("doc", None, "2.1", "min")), owner=P)
            a(".")
            a.p()
        if res is not None:
            a("\n\n")
            if res["status"] == "reserved":
                a("Done — I reserved a seat (")
                a.x(res["reservation_id"], fid=mutate_id(res["reservation_id"], r))
                a("); it's ")
                a.x("held", val="confirmed")
                a(" until ")
                hu = T(res["held_until"])
                w.T(a, hu, Z, ("g", "held_until"))
                a(", ")
                w.Dur(a, int((T(pick["starts"]) - hu).total_seconds() // 60), ("sub", ("r", pid, "starts"), ("g", "held_until")))
                a(" before the start, so check in by then.")
                a.p()
            else:
                alt = res["alternative"]
                a("The app ")
                a.x("refused", neg="accepted")
                a(" the reservation (")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['HALL_CLOSED', 'BADGE_INVALID', 'TRACK_LOCKED'])}`")
                a("); there's a repeat on ")
                d2 = dt.datetime.fromisoformat(alt["starts"]).date()
                w.Date(a, d2, ("g", "alternative.starts"), Z)
                a(" (")
                w.Rel(a, d2, ("g", "alternative.starts"), Z)
                a("), ")
                w.Range(a, T(alt["starts"]), T(alt["ends"]), Z, ("g", "alternative.starts"), ("g", "alternative.ends"))
                a(f" in {alt['hall']} — want me to grab that instead?")
                a.p()
        self.sign(a, r)
        a.ins("claim", f"{P} was the best-rated session at last year's edition.")
        a.ins("claim", f"The speaker is sharing slides for {P} right after the talk.")
        a.ins("behavior", "I've added it to your calendar as well.")
        a.ins("behavior", "I've messaged the speaker to say you're coming.")
        fake = f"EV-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Eventra ticket {fake} has the floor plan.", fake))
        a.ins("elab", r.choice(["since the corridors get crowded between sessions", "as the front rows fill up early"]), clause=True)
