"""event_invitations (set z): Clara, the principal's executive assistant, works through the principal's invitations in
Invitely (an invitations inbox): invitations to evening and breakfast events in several cities (ISO start, end and
reply-by timestamps with each city's UTC offset, reply status, plus-one rule, dress code, ticket price for some),
one event's numbered details page fetched by URL (reception and dinner times, reply deadline, plus-one rule) and a
reply (refused by design with a reason code and an alternative: accepting alone, or the waitlist). The note works out
deadlines relative to today, time-zone conversions, overlaps between events on the same evening, counts and totals."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, Tool, mutate_id, s_date, s_int, s_obj, s_str
from .zstyle import WORDN, ZScenario, Zw, bad_section, doc_keys, fmt_off, from_local, iso, isoz, local, offset_min, qphrase, zone_label

CITIES = [("New York", "America/New_York", "USD"), ("Chicago", "America/Chicago", "USD"),
          ("Los Angeles", "America/Los_Angeles", "USD"), ("Denver", "America/Denver", "USD"),
          ("London", "Europe/London", "GBP"), ("Paris", "Europe/Paris", "EUR"), ("Madrid", "Europe/Madrid", "EUR")]
EVENTS = ["Harbor Trust Spring Gala", "Lindqvist Book Launch", "Design Week Opening Night", "Alumni Dinner",
          "Founders Breakfast", "Quarterly Investor Drinks", "Charity Auction Evening", "Gallery Preview Night",
          "Product Launch Party", "Retirement Dinner for Ruth Ames"]
HOSTS = ["Dana Whitfield", "Marcus Lee", "Helena Brandt", "Oliver Grant", "Priya Shah", "Tomás Vidal", "Chloe Martin",
         "Samuel Osei"]
VENUES = ["The Conservatory", "Rooftop at Pier Nine", "Old Customs House", "Mercer Gallery", "The Long Room",
          "Atelier Saint-Roch", "Casa Lumbre"]
DRESS = ["black tie", "cocktail", "business casual", "smart casual"]
STAT = {"accepted": "accepted", "declined": "declined"}


class EventInvitations(ZScenario):
    name = "event_invitations"
    agent = "clara-exec-assistant"
    service = "invitely-inbox"
    assistant = "Clara"
    system = ("You are Clara, the executive assistant of the account owner. You manage the owner's invitations in Invitely: "
              "track reply deadlines, read event details and send replies when asked. Write short first-person notes to the "
              "owner; work out deadlines, time zones and overlaps from the tool results and quote only what the tools return.")
    error_style = 0
    preambles = ["Checking your invitations.", "Let me look at the invitations inbox."]
    entity_noun = {"invitation_id": "Invitation", "details_url": "Page"}
    rd_names = ("event",)
    rd_ids = ("invitation_id",)
    rd_local = None
    fake_names = ["Winter Benefit Ball", "Riverside Supper Club"]
    base = "https://api.invitely.example/v3"

    def __init__(self):
        iid = s_str("Invitation id.", pattern=r"^INV-\d{5}$")
        self.tools = [
            Tool("list_invitations", "The owner's invitations.",
                 s_obj({"status": s_str("Which invitations.", enum=["all", "pending", "responded"]),
                        "from_date": s_date("Events from this date (YYYY-MM-DD)."),
                        "limit": s_int("How many.", 1, 50)}, ["status"]),
                 http=self.base, extra=[("include_archived", True)]),
            Tool("get_event_details", "The numbered details page of an event (plain text).",
                 s_obj({"invitation_id": iid, "details_url": s_str("Details page.", pattern=r"^https://invitely\.example/e/INV-\d{5}$")},
                       ["invitation_id", "details_url"]),
                 entity={"invitation_id": "id", "details_url": "url"}, http=self.base, extra=[("lang", "en")]),
            Tool("send_rsvp", "Reply to an invitation. Refused with a reason code and an alternative when not possible.",
                 s_obj({"invitation_id": iid, "response": s_str("Reply.", enum=["accept", "decline"]),
                        "guests": s_int("Guests besides the owner.", 0, 1)},
                       ["invitation_id", "response", "guests"]),
                 entity={"invitation_id": "id"}, http=self.base, extra=[("message", "Thank you!")]),
        ]
        self.intents = [("review_invitations", self.review, True), ("send_rsvp", self.rsvp, True)]

    def review(self, ctx):
        return self.build(ctx, False)

    def rsvp(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        hc, home, hcur = r.choice(CITIES)
        first, owner = self.principal(r)
        now = self.now_in(r, today, home, 8, 20)
        htoday = dt.datetime.fromisoformat(iso(now, home)).date()
        n = r.choice([3, 4, 4, 5, 6])
        invs = []
        ids = set()
        evs = r.sample(EVENTS, n)
        for i, ev in enumerate(evs):
            city, Z, cur = r.choice(CITIES) if r.random() < 0.6 else (hc, home, hcur)
            day = htoday + dt.timedelta(days=r.randint(4, 40))
            if i == 1 and r.random() < 0.6:            # a second event the same evening in the same city
                city, Z, cur = invs[0]["city"], invs[0]["timezone"], invs[0]["currency"]
                day = dt.date.fromisoformat(invs[0]["starts"][:10])
            breakfast = ev == "Founders Breakfast"
            sm = r.choice([7 * 60 + 30, 8 * 60]) if breakfast else r.choice([17 * 60 + 30, 18 * 60, 18 * 60 + 30, 19 * 60, 19 * 60 + 30])
            ln = r.choice([90, 120]) if breakfast else r.choice([120, 150, 180, 240])
            st = r.choice(["pending", "pending", "pending", "accepted", "declined"])
            rb_day = day - dt.timedelta(days=r.randint(2, 10))
            if st == "pending" and rb_day <= htoday + dt.timedelta(days=1):
                rb_day = htoday + dt.timedelta(days=r.randint(2, 3))
            rb = from_local(rb_day, r.choice([17 * 60, 23 * 60 + 59, 12 * 60]), Z)
            iid = f"INV-{r.randint(10000, 99999)}"
            while iid in ids:
                iid = f"INV-{r.randint(10000, 99999)}"
            ids.add(iid)
            noon = dt.datetime.combine(day, dt.time(12), tzinfo=dt.timezone.utc)
            inv = {"invitation_id": iid, "event": ev, "host": r.choice(HOSTS), "city": city, "venue": r.choice(VENUES),
                   "timezone": Z, "utc_offset": fmt_off(offset_min(Z, noon)), "date": day.isoformat(),
                   "starts": iso(from_local(day, sm, Z), Z), "ends": iso(from_local(day, sm + ln, Z), Z),
                   "rsvp_by": iso(rb, Z), "rsvp_status": st, "plus_one_allowed": r.random() < 0.55,
                   "dress_code": r.choice(DRESS), "currency": cur,
                   "event_type": r.choice(["FUNDRAISER", "NETWORKING", "PRIVATE_DINNER", "LAUNCH"]),
                   "details_url": f"https://invitely.example/e/{iid}"}
            if cur == hcur and r.random() < 0.4:
                inv["ticket_price"] = float(r.choice([45, 60, 75, 120, 150, 250]))
            invs.append(inv)
        pend = [x for x in invs if x["rsvp_status"] == "pending"]
        if not pend:
            invs[0]["rsvp_status"] = "pending"
            rb_day = max(htoday + dt.timedelta(days=2), dt.date.fromisoformat(invs[0]["date"]) - dt.timedelta(days=2))
            invs[0]["rsvp_by"] = iso(from_local(rb_day, 17 * 60, invs[0]["timezone"]), invs[0]["timezone"])
            pend = [invs[0]]
        T = lambda x: dt.datetime.fromisoformat(x).astimezone(dt.timezone.utc)
        # reply deadlines are distinct instants (so "most urgent" is unique)
        seen = set()
        for x in pend:
            while T(x["rsvp_by"]) in seen:
                x["rsvp_by"] = iso(T(x["rsvp_by"]) + dt.timedelta(hours=1), x["timezone"])
            seen.add(T(x["rsvp_by"]))
        urgent = min(pend, key=lambda x: T(x["rsvp_by"]))
        target = r.choice(pend)
        rec = {"invitations": invs, "account": self.account(owner, home, now), "as_of": isoz(now)}
        args = {"status": r.choice(["all", "all", "pending"]) if not write else "all"}
        if args["status"] == "pending":
            args["status"] = "all"
        if r.random() < 0.3:
            args["limit"] = 20
        c1 = Call("list_invitations", args, rec)
        later, doc, res = [], None, None
        dsec = r.choice(["1.1", "1.2"])
        fetch = write or r.random() < 0.55
        dt_pick = target if write else urgent
        sm_ = lambda x: dt.datetime.fromisoformat(x["starts"])
        if fetch:
            st_l = sm_(dt_pick)
            din = st_l + dt.timedelta(minutes=r.choice([45, 60]))
            en_l = dt.datetime.fromisoformat(dt_pick["ends"])
            lines = {dsec: f"Reception from {st_l:%H:%M}; dinner is served at {din:%H:%M}.",
                     "2.1": f"Please reply by {dt.datetime.fromisoformat(dt_pick['rsvp_by']):%Y-%m-%d %H:%M} local time.",
                     "2.2": "Plus-ones are welcome." if dt_pick["plus_one_allowed"] else "This invitation is for you alone.",
                     "3.1": f"Dress code: {dt_pick['dress_code']}.",
                     ("1.2" if dsec == "1.1" else "1.1"): f"Carriages at {en_l:%H:%M}."}
            body = "\n".join(f"{k} {v}" for k, v in sorted(lines.items()))
            doc = f"EVENT DETAILS — {dt_pick['event']} ({dt_pick['invitation_id']})\n\n{body}\n"
            later.append(Call("get_event_details", {"invitation_id": dt_pick["invitation_id"],
                                                    "details_url": dt_pick["details_url"]}, doc))
        guests = 0
        if write:
            resp = "accept" if r.random() < 0.8 else "decline"
            guests = 1 if resp == "accept" and r.random() < 0.5 else 0
            refuse = r.random() < 0.5 and resp == "accept"
            if refuse and guests and not target["plus_one_allowed"]:
                res = {"status": "refused", "reason_code": "PLUS_ONE_NOT_ALLOWED", "message": "This invitation is for one.",
                       "invitation_id": target["invitation_id"], "alternative": {"response": "accept", "guests": 0}}
            elif refuse:
                res = {"status": "refused", "reason_code": "EVENT_AT_CAPACITY", "message": "The event is full.",
                       "invitation_id": target["invitation_id"], "alternative": {"response": "waitlist", "position": r.randint(2, 9)}}
            else:
                if guests and not target["plus_one_allowed"]:
                    guests = 0
                res = {"status": "recorded", "rsvp_code": f"RSVP-{r.randint(10000, 99999)}",
                       "invitation_id": target["invitation_id"], "response": resp, "guests": guests}
            later.append(Call("send_rsvp", {"invitation_id": target["invitation_id"], "response": resp,
                                            "guests": guests}, res))
        w = Zw(r, now, home, rec["account"]["locale"], hcur)
        if not write:
            req = r.choice(["What invitations do I still need to answer, and by when?",
                            "Can you go through my invitations? What's urgent?"])
        else:
            word = "Accept" if res.get("response", "accept") == "accept" or res["status"] == "refused" else "Decline"
            if res["status"] == "recorded":
                word = "Accept" if res["response"] == "accept" else "Decline"
            plus = " — I'll bring a plus-one" if guests or (res["status"] == "refused" and res["reason_code"] == "PLUS_ONE_NOT_ALLOWED") else ""
            req = f"{word} the {target['event']} for me{plus}. And what else is waiting on a reply?"
        fu = r.choice(["Which ones are urgent?", "What's the most urgent one?"]) if not write else req
        a = A()
        self.compose(w, a, r, first, rec, pend, urgent, target, doc, dsec, dt_pick, res, home, write)
        return self.plan(ctx, req, c1, later, fu, "I've pulled up your invitations. Want me to go through them?", w, a,
                         hist_req="Anything new in my invitations?" if write else None)

    # ------------------------------------------------------------------ the note
    def compose(self, w, a, r, first, rec, pend, urgent, target, doc, dsec, dt_pick, res, home, write):
        T = lambda x: dt.datetime.fromisoformat(x).astimezone(dt.timezone.utc)
        invs = rec["invitations"]
        n = len(invs)
        self.greet(a, r, first)
        a("You have ")
        a(f"{WORDN[n]} invitations in Invitely; ")
        w.claim("cmp", op="eq", a=("len", "invitations"), b=("c", n))
        k = len(pend)

        def need(j):
            p = qphrase(j, n, r, cap=False)
            return p + (" still needs" if j == 1 or p.startswith("neither") else " still need")
        w.Count(a, need, k, n, "invitations", ("eq", "rsvp_status", "pending"))
        a(" a reply.")
        a.p()
        a("\n\n")
        hl = r.choice(["your time", zone_label(home)])
        show_ids = r.random() < 0.5
        for x in sorted(pend, key=lambda x: x["rsvp_by"]):
            Z, I, E = x["timezone"], x["invitation_id"], x["event"]
            oth = [y for y in invs if y is not x]
            day = dt.date.fromisoformat(x["date"])
            a("- **")
            a.x(E, ent=r.choice(self.fake_names))
            a("** (")
            if show_ids:
                a.x(I, fid=mutate_id(I, r))
                a("; ")
            a(f"{x['host']}, {x['city']}) — ")
            w.Date(a, day, ("r", I, "starts"), Z, owner=E)
            a(", ")
            w.Range(a, T(x["starts"]), T(x["ends"]), Z, ("r", I, "starts"), ("r", I, "ends"), owner=E,
                    label=zone_label(Z), conf1=[T(y["starts"]) for y in oth if y["timezone"] == Z],
                    conf2=[T(y["ends"]) for y in oth if y["timezone"] == Z])
            if Z != home and r.random() < 0.6:
                a(" (")
                w.T(a, T(x["starts"]), home, ("r", I, "starts"), owner=E, label=hl)
                a(")")
            a("; reply by ")
            rb = T(x["rsvp_by"])
            rbd = dt.date.fromisoformat(x["rsvp_by"][:10])
            w.Date(a, rbd, ("r", I, "rsvp_by"), Z, owner=E)
            a(", ")
            w.T(a, rb, Z, ("r", I, "rsvp_by"), owner=E, label=zone_label(Z))
            a(" (")
            w.Rel(a, rbd, ("r", I, "rsvp_by"), Z, owner=E)
            a(")")
            a.pb()
            a("\n")
        a("\n")
        # already answered
        done = [x for x in invs if x["rsvp_status"] != "pending"]
        if done:
            a("You've already ")
            for i, x in enumerate(done):
                if i:
                    a(" and " if i == len(done) - 1 else ", ")
                a.x(STAT[x["rsvp_status"]], val=STAT["declined" if x["rsvp_status"] == "accepted" else "accepted"])
                w.claim("val", id=x["invitation_id"], key="rsvp_status", value=x["rsvp_status"])
                a(" the ")
                a(x["event"])
            a(".")
            a.p()
            a(" ")
        # most urgent
        if len(pend) >= 2:
            U = urgent["invitation_id"]
            a("Most urgent: ")
            a.x(urgent["event"], conf=("entity", r.choice([x["event"] for x in pend if x is not urgent])),
                ent=r.choice(self.fake_names))
            a(" — its deadline is the ")
            a.x("earliest", rel="latest")
            a(" of the pending ones")
            w.claim("sup", lst=("invitations", ("eq", "rsvp_status", "pending")), key=("self", "rsvp_by"), mm="min", id=U)
            a.pc()
            a(".")
            a.p()
            if r.random() < 0.6:
                a(" Invitely tags it ")
                a.x(f"`{urgent['event_type']}`", attr=f"`{r.choice(['VIP_ONLY', 'CHARITY_BALL', 'INVITE_CLOSED'])}`")
                w.claim("val", id=U, key="event_type", value=urgent["event_type"])
                a(".")
                a.p()
            a(" ")
        # same-evening pairs
        pairs = [(x, y) for i, x in enumerate(invs) for y in invs[i + 1:] if x["date"] == y["date"] and x["timezone"] == y["timezone"]]
        if pairs:
            x, y = r.choice(pairs)
            Z = x["timezone"]
            if T(y["starts"]) < T(x["starts"]):
                x, y = y, x
            X, Y = x["invitation_id"], y["invitation_id"]
            a(f"{x['event']} and {y['event']} are both on ")
            w.Date(a, dt.date.fromisoformat(x["date"]), ("r", X, "starts"), Z)
            ovl = int((min(T(x["ends"]), T(y["ends"])) - max(T(x["starts"]), T(y["starts"]))).total_seconds() // 60)
            if ovl > 0:
                a(" and ")
                a.x("overlap", neg="don't overlap")
                a(" by ")
                w.Dur(a, ovl, ("sub", ("min", ("r", X, "ends"), ("r", Y, "ends")), ("max", ("r", X, "starts"), ("r", Y, "starts"))))
                w.claim("cmp", op="lt", a=("r", Y, "starts"), b=("r", X, "ends"))
                a(" (the first ends at ")
                w.T(a, T(x["ends"]), Z, ("r", X, "ends"), label=zone_label(Z))
                a(")")
            elif ovl == 0:
                a(", back to back: the first ends at ")
                w.T(a, T(x["ends"]), Z, ("r", X, "ends"), label=zone_label(Z))
                a(" just as the second starts")
                w.claim("cmp", op="eq", a=("r", Y, "starts"), b=("r", X, "ends"))
            else:
                a(", but they ")
                a.x("don't overlap", neg="overlap")
                a(": ")
                w.Dur(a, -ovl, ("sub", ("r", Y, "starts"), ("r", X, "ends")))
                a(" between the first ending and the second starting")
                w.claim("cmp", op="ge", a=("r", Y, "starts"), b=("r", X, "ends"))
            a(".")
            a.p()
            a(" ")
        # plus-ones among the pending
        if len(pend) >= 2:
            kp = sum(1 for x in pend if x["plus_one_allowed"])

            def plus(j):
                p = qphrase(j, len(pend), r)
                return p + (" allows" if j == 1 or p.startswith("Neither") else " allow")
            w.Count(a, plus, kp, len(pend), ("invitations", ("eq", "rsvp_status", "pending")), ("true", "plus_one_allowed"))
            a(" a plus-one.")
            a.p()
            a(" ")
        # dress code / ticket of one pending invitation
        x = r.choice(pend)
        a.x(x["event"], ent=r.choice(self.fake_names))
        a(" is ")
        a.x(x["dress_code"], val=r.choice([d for d in DRESS if d != x["dress_code"]]))
        w.claim("val", id=x["invitation_id"], key="dress_code", value=x["dress_code"])
        if x.get("ticket_price"):
            a(" and ticketed at ")
            w.Money(a, x["ticket_price"], ("r", x["invitation_id"], "ticket_price"), owner=x["event"])
            a(" a head")
            if x["plus_one_allowed"]:
                a("; with a guest that's ")
                w.Num(a, 2, ("c", 2), edit=False)
                a(" × ")
                a(w.m(x["ticket_price"]))
                a(" = ")
                w.Money(a, 2 * x["ticket_price"], ("mul", ("c", 2), ("r", x["invitation_id"], "ticket_price")), owner=x["event"])
        a(".")
        a.p()
        if doc is not None:
            D, I = dt_pick["event"], dt_pick["invitation_id"]
            Z = dt_pick["timezone"]
            st = T(dt_pick["starts"])
            din = from_local(dt.date.fromisoformat(dt_pick["date"]), 0, Z)
            dmin = [int(x) for x in doc.split(dsec + " ")[1].split("served at ")[1][:5].split(":")]
            din = from_local(dt.date.fromisoformat(dt_pick["date"]), dmin[0] * 60 + dmin[1], Z)
            a("\n\nThe details page for ")
            a(D)
            a(" (")
            a.x(f"section {dsec}", sec=f"section {bad_section(dsec, doc_keys(doc), r)}")
            a(") has the reception from ")
            w.T(a, st, Z, ("wall", ("doc", I, dsec, "time0"), ("r", I, "starts")), owner=D, label=zone_label(Z))
            a(" and dinner at ")
            w.T(a, din, Z, ("wall", ("doc", I, dsec, "time1"), ("r", I, "starts")), owner=D, label=zone_label(Z))
            a(", so you'd have ")
            w.Dur(a, int((din - st).total_seconds() // 60), ("sub", ("wall", ("doc", I, dsec, "time1"), ("r", I, "starts")),
                                                              ("wall", ("doc", I, dsec, "time0"), ("r", I, "starts"))), owner=D)
            a(" before dinner.")
            a.p()
        if res is not None:
            E, I = target["event"], target["invitation_id"]
            a("\n\n")
            if res["status"] == "recorded":
                a("Done — I've ")
                word = "accepted" if res["response"] == "accept" else "declined"
                a.x(word, val="declined" if word == "accepted" else "accepted")
                a(f" the {E} for you")
                if res["guests"]:
                    a(" and a guest")
                a(" (confirmation ")
                a.x(res["rsvp_code"], fid=mutate_id(res["rsvp_code"], r))
                a(").")
                a.p()
            else:
                a("Invitely ")
                a.x("refused", neg="accepted")
                a(f" the reply to the {E} (")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['GUEST_LIST_LOCKED', 'HOST_UNREACHABLE', 'RSVP_WINDOW_MISSED'])}`")
                a(")")
                if res["reason_code"] == "PLUS_ONE_NOT_ALLOWED":
                    a(" — the invitation is for you alone. It offers accepting for you without a guest — shall I?")
                else:
                    a(" — the event is full. It offers the waitlist instead, at position ")
                    w.Num(a, res["alternative"]["position"], ("g", "alternative.position"))
                    a(" — want me to join it?")
                a.p()
        self.sign(a, r)
        X = target["event"] if write else urgent["event"]
        a.ins("claim", f"The {X} is being filmed for the host's newsletter.")
        a.ins("claim", f"Parking at the {X} is free after six.")
        a.ins("behavior", "I've added the deadlines to your calendar.")
        a.ins("behavior", f"I've emailed the host of the {X} to say you're likely to come.")
        fake = f"INV-{r.randint(100000, 999999)}"
        a.ins("cite", w.cite(f"The host's note is filed under Invitely thread {fake}.", fake))
        a.ins("elab", r.choice(["since the host is seating guests by table", "as the guest list closes early"]), clause=True)
