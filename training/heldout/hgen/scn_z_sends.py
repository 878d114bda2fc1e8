"""scheduled_sends (set z): Rhea, the principal's executive assistant, manages messages queued to go out to contacts in
other time zones through Sendwise (a scheduled-send outbox): the outbox (send times stored in UTC, each message with the
recipient's time zone and UTC offset, channel, subject and status), one contact's card (time zone, working hours and
quiet hours as wall-clock times), the numbered sending policy fetched by URL (quiet hours hold messages, edits allowed
until N minutes before the send time) and a new scheduled message (refused by design with a reason code and another
send time as the alternative). The note converts every send time into the recipient's and the principal's local time
(across the date line), works out how far ahead or behind a contact is, the edit cut-off, relative dates and counts."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, Tool, mutate_id, s_int, s_obj, s_str
from .zstyle import WORDN, ZScenario, Zw, bad_section, doc_keys, fmt_off, from_local, iso, isoz, local, offset_min, qphrase, zone_label

HOMES = ["America/Los_Angeles", "America/New_York", "America/Chicago", "Europe/London", "Europe/Berlin"]
CONTACTS = [("Kenji Sato", "Tokyo", "Asia/Tokyo", "he"), ("Priya Nair", "Mumbai", "Asia/Kolkata", "she"),
            ("Lena Fischer", "Berlin", "Europe/Berlin", "she"), ("Tom Okafor", "London", "Europe/London", "he"),
            ("Ana Ribeiro", "São Paulo", "America/Sao_Paulo", "she"), ("Mei Lin Tan", "Singapore", "Asia/Singapore", "she"),
            ("Rafael Costa", "Lisbon", "Europe/Lisbon", "he"), ("Grace Whitman", "Sydney", "Australia/Sydney", "she"),
            ("Hamid Qureshi", "Dubai", "Asia/Dubai", "he"), ("Noa Levin", "Auckland", "Pacific/Auckland", "they"),
            ("Jordan Blake", "New York", "America/New_York", "they"), ("Carmen Ruiz", "Madrid", "Europe/Madrid", "she")]
SUBJECTS = ["Happy birthday!", "Thank you for dinner", "Contract signed — next steps", "Congratulations on the launch",
            "Quick check-in", "Welcome to the board", "Notes from our call", "Season's greetings"]
STATUS = {"scheduled": "scheduled", "paused": "paused", "sent": "sent", "failed": "failed"}
POSS = {"she": "her", "he": "his", "they": "their"}


class ScheduledSends(ZScenario):
    name = "scheduled_sends"
    agent = "rhea-exec-assistant"
    service = "sendwise-outbox"
    assistant = "Rhea"
    system = ("You are Rhea, the executive assistant of the account owner. You manage the owner's scheduled messages in "
              "Sendwise (send times are stored in UTC). Write short first-person notes to the owner; convert send times "
              "into the recipient's and the owner's local time, work out deadlines from the tool results and quote only "
              "what the tools return.")
    error_style = 2
    preambles = ["Checking the outbox.", "Let me look at your scheduled messages."]
    entity_noun = {"contact_id": "Contact", "policy_url": "Page", "message_id": "Message"}
    rd_names = ("to", "name")
    rd_ids = ("message_id", "contact_id")
    rd_local = None
    fake_names = ["Olivia Hart", "Diego Ferraz"]
    base = "https://api.sendwise.example/v1"

    def __init__(self):
        cid = s_str("Contact id.", pattern=r"^CT-\d{4}$")
        self.tools = [
            Tool("list_scheduled", "Messages in the outbox (send times in UTC).",
                 s_obj({"status": s_str("Which messages.", enum=["all", "scheduled", "sent"]),
                        "days": s_int("Look ahead this many days.", 1, 14)}, ["status"]),
                 http=self.base, extra=[("include_drafts", True)]),
            Tool("get_contact", "A contact's card: time zone, working hours and quiet hours.",
                 s_obj({"contact_id": cid}, ["contact_id"]), entity={"contact_id": "id"}, http=self.base,
                 extra=[("fields", "all")]),
            Tool("get_sending_policy", "Sendwise's numbered sending policy (plain text).",
                 s_obj({"policy_url": s_str("Policy page.", pattern=r"^https://sendwise\.example/policy/[a-z-]+$")}, ["policy_url"]),
                 entity={"policy_url": "url"}, http=self.base),
            Tool("schedule_message", "Schedule a message. Refused with a reason code and another send time when not possible.",
                 s_obj({"contact_id": cid, "send_at": s_str("Send time in UTC.", pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$"),
                        "channel": s_str("Channel.", enum=["email", "sms", "ecard"]),
                        "subject": s_str("Subject line.", max_len=80)},
                       ["contact_id", "send_at", "channel", "subject"]),
                 entity={"contact_id": "id"}, http=self.base, extra=[("track_opens", True)]),
        ]
        self.intents = [("review_outbox", self.review, True), ("schedule_message", self.schedule, True)]

    def review(self, ctx):
        return self.build(ctx, False)

    def schedule(self, ctx):
        return self.build(ctx, True)

    def build(self, ctx, write):
        r, today = ctx.r, ctx.today
        home = r.choice(HOMES)
        first, owner = self.principal(r)
        now = self.now_in(r, today, home, 8, 20)
        htoday = dt.datetime.fromisoformat(iso(now, home)).date()
        n = r.choice([3, 4, 4, 5])
        cands = [c for c in CONTACTS if c[2] != home and offset_min(c[2], now) != offset_min(home, now)]
        people = r.sample(cands, n + (1 if write else 0))
        msgs, ids = [], set()

        def new_id(p, k=4):
            while True:
                x = f"{p}-{r.randint(10 ** (k - 1), 10 ** k - 1)}"
                if x not in ids:
                    ids.add(x)
                    return x
        contact_ids = {}
        for name, city, Z, pron in people:
            contact_ids[name] = new_id("CT")
        for name, city, Z, pron in people[:n]:
            st = r.choice(["scheduled"] * 5 + ["paused", "sent", "failed"])
            if st in ("sent", "failed"):
                ld = dt.datetime.fromisoformat(iso(now, Z)).date() - dt.timedelta(days=r.randint(1, 3))
            else:
                ld = dt.datetime.fromisoformat(iso(now, Z)).date() + dt.timedelta(days=r.randint(1, 8))
            lm = r.choice([8 * 60, 8 * 60 + 30, 9 * 60, 9 * 60 + 30, 10 * 60, 12 * 60, 17 * 60, 18 * 60 + 30])
            sa = from_local(ld, lm, Z)
            msgs.append({"message_id": new_id("MSG", 5), "to": name, "contact_id": contact_ids[name],
                         "channel": r.choice(["email", "email", "sms", "ecard"]), "subject": r.choice(SUBJECTS),
                         "send_at": isoz(sa), "timezone": Z, "utc_offset": fmt_off(offset_min(Z, sa)), "status": st,
                         "read_receipt": r.random() < 0.5,
                         "delivery_rule": r.choice(["SEND_AT_TIME", "RESPECT_QUIET_HOURS"])})
        # send times are distinct instants
        seen = set()
        for m in msgs:
            while m["send_at"] in seen:
                t = dt.datetime.fromisoformat(m["send_at"].replace("Z", "+00:00")) + dt.timedelta(minutes=30)
                m["send_at"], m["utc_offset"] = isoz(t), fmt_off(offset_min(m["timezone"], t))
            seen.add(m["send_at"])
        rec = {"messages": msgs, "policy_url": "https://sendwise.example/policy/sending",
               "account": self.account(owner, home, now), "as_of": isoz(now)}
        c1 = Call("list_scheduled", {"status": "all"} | ({"days": 14} if r.random() < 0.4 else {}), rec)
        # the contact looked up: a recipient of the queue, or the new recipient when scheduling
        if write:
            name, city, Z, pron = people[n]
            rec["contacts_recent"] = [{"contact_id": contact_ids[name], "name": name}]
        else:
            m0 = r.choice(msgs)
            name, city, Z, pron = next(p for p in people if p[0] == m0["to"])
        cz = dt.datetime.fromisoformat(iso(now, Z)).date()
        card = {"contact_id": contact_ids[name], "name": name, "city": city, "pronoun": pron, "timezone": Z,
                "utc_offset": fmt_off(offset_min(Z, now)),
                "working_hours": {"start": r.choice(["08:30", "09:00", "09:30"]), "end": r.choice(["17:00", "17:30", "18:00"])},
                "quiet_hours": {"start": r.choice(["21:00", "22:00"]), "end": r.choice(["07:00", "08:00"])}}
        later = [Call("get_contact", {"contact_id": contact_ids[name]}, card)]
        doc, res, edit_m = None, None, r.choice([10, 15, 30, 60])
        if r.random() < (0.5 if write else 0.6):
            doc = ("SENDWISE SENDING POLICY\n\n1.1 Send times are stored in UTC.\n"
                   "2.1 Messages due inside a recipient's quiet hours are held until the quiet period ends.\n"
                   f"2.2 A scheduled message can be edited or cancelled until {edit_m} minutes before its send time.\n"
                   "3.1 Paused messages are not sent until they are resumed.\n")
            later.append(Call("get_sending_policy", {"policy_url": rec["policy_url"]}, doc))
        req_local = None
        if write:
            qd = cz + dt.timedelta(days=r.randint(1, 5))
            qe = int(card["quiet_hours"]["end"][:2]) * 60
            refuse = r.random() < 0.5
            code = r.choice(["QUIET_HOURS", "DAILY_LIMIT_REACHED"]) if refuse else None
            lm = (qe - r.choice([30, 60])) if code == "QUIET_HOURS" else r.choice([9 * 60, 9 * 60 + 30, 10 * 60, 11 * 60, 14 * 60])
            req_local = from_local(qd, lm, Z)
            chan, subj = r.choice(["email", "sms", "ecard"]), r.choice(SUBJECTS)
            if not refuse:
                res = {"status": "scheduled", "message_id": new_id("MSG", 5), "contact_id": contact_ids[name],
                       "send_at": isoz(req_local), "recipient_local": iso(req_local, Z)}
            else:
                alt = from_local(qd, qe, Z) if code == "QUIET_HOURS" else from_local(qd + dt.timedelta(days=1), lm, Z)
                res = {"status": "refused", "reason_code": code, "message": "The message cannot be sent at that time.",
                       "contact_id": contact_ids[name], "requested_send_at": isoz(req_local),
                       "requested_local": iso(req_local, Z),
                       "alternative": {"send_at": isoz(alt), "recipient_local": iso(alt, Z)}}
            later.append(Call("schedule_message", {"contact_id": contact_ids[name], "send_at": isoz(req_local),
                                                   "channel": chan, "subject": subj}, res))
        w = Zw(r, now, home, rec["account"]["locale"])
        if not write:
            req = r.choice(["What's going out from my outbox, and when will people get it?",
                            f"Walk me through my scheduled messages — and remind me where {name} is."])
        else:
            lt = dt.datetime.fromisoformat(iso(req_local, Z)).replace(tzinfo=None)
            req = (f"Schedule a {chan} to {name} (\"{subj}\") for {w.clock(lt)} {POSS[pron]} time on "
                   f"{w.date(lt.date(), True)}. Also, what's already queued?")
        fu = r.choice(["When do those land for each of them?", "What time is that for them?"]) if not write else req
        a = A()
        self.compose(w, a, r, first, rec, card, doc, res, home, write, req_local, edit_m)
        return self.plan(ctx, req, c1, later, fu, "I've opened your outbox. Want me to go through it?", w, a,
                         hist_req="What's in my outbox?" if write else None)

    # ------------------------------------------------------------------ the note
    def compose(self, w, a, r, first, rec, card, doc, res, home, write, req_local, edit_m):
        T = lambda x: dt.datetime.fromisoformat(x.replace("Z", "+00:00")).astimezone(dt.timezone.utc)
        msgs = sorted(rec["messages"], key=lambda m: m["send_at"])
        n = len(msgs)
        hl = r.choice(["your time", zone_label(home)])
        show_ids = r.random() < 0.5
        self.greet(a, r, first)
        a(f"There are {WORDN[n]} messages in your Sendwise outbox; ")
        w.claim("cmp", op="eq", a=("len", "messages"), b=("c", n))
        k = sum(1 for m in msgs if m["status"] == "scheduled")

        def sched(j):
            p = qphrase(j, n, r, cap=False)
            return p + (" is" if j == 1 or p.startswith("neither") else " are")
        w.Count(a, sched, k, n, "messages", ("eq", "status", "scheduled"))
        a(" still scheduled.")
        a.p()
        a("\n\n")
        for m in msgs:
            Z, M, N = m["timezone"], m["message_id"], m["to"]
            sa = T(m["send_at"])
            oth = [x for x in msgs if x is not m]
            a("- To **")
            a.x(N, ent=r.choice(self.fake_names))
            a("** (")
            if show_ids:
                a.x(M, fid=mutate_id(M, r))
                a(", ")
            a(f"{m['channel']}, “{m['subject']}”) — ")
            ld = local(sa, Z).date()
            w.T(a, sa, Z, ("r", M, "send_at"), owner=N, label=zone_label(Z))
            a(" on ")
            w.Date(a, ld, ("r", M, "send_at"), Z, owner=N)
            a(" = ")
            w.T(a, sa, home, ("r", M, "send_at"), owner=N, label=hl)
            hd = local(sa, home).date()
            if hd != ld:
                a(" on ")
                w.Date(a, hd, ("r", M, "send_at"), home, owner=N)
            a(" (")
            w.Rel(a, hd, ("r", M, "send_at"), home, owner=N)
            a("); ")
            alt = {"scheduled": "paused", "paused": "scheduled", "sent": "failed", "failed": "sent"}[m["status"]]
            a.x(STATUS[m["status"]], val=STATUS[alt])
            w.claim("val", id=M, key="status", value=m["status"])
            a(", ")
            a.x("read receipt on" if m["read_receipt"] else "no read receipt",
                neg="no read receipt" if m["read_receipt"] else "read receipt on")
            w.claim("val", id=M, key="read_receipt", value=m["read_receipt"])
            a.pb()
            a("\n")
        a("\n")
        # the next one out
        fut = [m for m in msgs if m["status"] == "scheduled"]
        if len(fut) >= 2:
            nx = min(fut, key=lambda m: m["send_at"])
            a("Next out is ")
            a.x(nx["to"], conf=("entity", r.choice([m["to"] for m in fut if m is not nx])), ent=r.choice(self.fake_names))
            a("'s — the ")
            a.x("earliest", rel="latest")
            a(" of the scheduled ones")
            w.claim("sup", lst=("messages", ("eq", "status", "scheduled")), key=("self", "send_at"), mm="min", id=nx["message_id"])
            a(".")
            a.p()
            if r.random() < 0.7:
                a(" It's set to ")
                a.x(f"`{nx['delivery_rule']}`", attr=f"`{r.choice(['SEND_IMMEDIATELY', 'BATCH_DAILY', 'LOCAL_MORNING_ONLY'])}`")
                w.claim("val", id=nx["message_id"], key="delivery_rule", value=nx["delivery_rule"])
                a(".")
                a.p()
            a(" ")
        # the contact card
        C, Cid, Z = card["name"], card["contact_id"], card["timezone"]
        pron = POSS[card["pronoun"]]
        diff = offset_min(Z, w.now) - offset_min(home, w.now)
        a.x(C, ent=r.choice(self.fake_names))
        a(f" is in {card['city']}, ")
        w.Dur(a, abs(diff), ("tzdiff", ("r", Cid, "timezone"), ("g", "account.timezone"), "abs"), owner=C,
              deltas=(-60, 60, 120, -120, 30))
        a(" ")
        a.x("ahead of" if diff > 0 else "behind", rel="behind" if diff > 0 else "ahead of")
        a(" you right now")
        w.claim("cmp", op="gt" if diff > 0 else "lt", a=("tzdiff", ("r", Cid, "timezone"), ("g", "account.timezone")), b=("c", 0))
        a.pc()
        a(".")
        a.p()
        cz = local(w.now, Z).date()
        wl = lambda s: from_local(cz, int(s[:2]) * 60 + int(s[3:]), Z)
        wh = card["working_hours"]
        a(f" {C}'s working hours are ")
        w.Range(a, wl(wh["start"]), wl(wh["end"]), Z, ("r", Cid, "working_hours.start"), ("r", Cid, "working_hours.end"),
                owner=C, label=f"{pron} time")
        a(", i.e. ")
        w.Range(a, wl(wh["start"]), wl(wh["end"]), home, ("r", Cid, "working_hours.start"), ("r", Cid, "working_hours.end"),
                owner=C, label=hl)
        a(", and ")
        qh = card["quiet_hours"]
        a("quiet hours are ")
        w.Range(a, wl(qh["start"]), wl(qh["end"]), Z, ("r", Cid, "quiet_hours.start"), ("r", Cid, "quiet_hours.end"),
                owner=C, label=f"{pron} time")
        a(".")
        a.p()
        if doc is not None and fut:
            m = r.choice(fut)
            sa = T(m["send_at"])
            cut = sa - dt.timedelta(minutes=edit_m)
            e_cut = ("sub", ("r", m["message_id"], "send_at"), ("doc", None, "2.2", "min"))
            a("\n\nPer Sendwise's policy (")
            a.x("rule 2.2", sec=f"rule {bad_section('2.2', doc_keys(doc), r)}")
            a("), you can still edit the one to ")
            a(m["to"])
            a(" until ")
            w.T(a, cut, home, e_cut, owner=m["to"], label=hl)
            hd = local(cut, home).date()
            a(" on ")
            w.Date(a, hd, e_cut, home, owner=m["to"])
            a(", ")
            w.Dur(a, edit_m, ("doc", None, "2.2", "min"), owner=m["to"])
            a(" before it goes.")
            w.claim("cmp", op="lt", a=("now",), b=e_cut)
            a.p()
        if write:
            a("\n\n")
            if res["status"] == "scheduled":
                sa = T(res["send_at"])
                a("Scheduled your note to ")
                a(C)
                a(" (")
                a.x(res["message_id"], fid=mutate_id(res["message_id"], r))
                a("): it lands at ")
                w.T(a, sa, Z, ("g", "recipient_local"), owner=C, label=f"{pron} time")
                a(" on ")
                w.Date(a, local(sa, Z).date(), ("g", "recipient_local"), Z, owner=C)
                a(", which is ")
                w.T(a, sa, home, ("g", "send_at"), owner=C, label=hl)
                hd = local(sa, home).date()
                a(" on ")
                w.Date(a, hd, ("g", "send_at"), home, owner=C)
                a(". Status: ")
                a.x("scheduled", val="sent")
                a(".")
                a.p()
            else:
                alt = T(res["alternative"]["send_at"])
                a("Sendwise ")
                a.x("refused", neg="accepted")
                a(" your note to ")
                a(C)
                a(" (")
                a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(['RECIPIENT_ASLEEP', 'CHANNEL_BLOCKED', 'SENDER_THROTTLED'])}`")
                a(")")
                if res["reason_code"] == "QUIET_HOURS":
                    a(": ")
                    w.T(a, req_local, Z, ("g", "requested_local"), owner=C, label=f"{pron} time")
                    a(" is ")
                    a.x("inside", neg="outside")
                    a(f" {pron} quiet hours")
                    w.claim("cmp", op="lt", a=("g", "requested_local"),
                            b=("wall", ("mins", Cid, "quiet_hours.end"), ("g", "requested_local")))
                a("; it suggests ")
                w.T(a, alt, Z, ("g", "alternative.recipient_local"), owner=C, label=f"{pron} time")
                a(" on ")
                w.Date(a, local(alt, Z).date(), ("g", "alternative.recipient_local"), Z, owner=C)
                a(" (")
                w.T(a, alt, home, ("g", "alternative.send_at"), owner=C, label=hl)
                hd = local(alt, home).date()
                if hd != local(alt, Z).date():
                    a(" on ")
                    w.Date(a, hd, ("g", "alternative.send_at"), home, owner=C)
                a(") instead — shall I?")
                a.p()
        self.sign(a, r)
        a.ins("claim", f"{C} usually opens messages within the hour.")
        a.ins("claim", f"{C} is travelling that week.")
        a.ins("behavior", f"I've also texted {C} a heads-up.")
        a.ins("behavior", "I've moved the paused one back into the queue.")
        fake = f"SW-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Sendwise support ticket {fake} confirms the send window.", fake))
        a.ins("elab", r.choice(["since mornings there are the quietest for email", "as that's when inboxes are emptiest"]), clause=True)
