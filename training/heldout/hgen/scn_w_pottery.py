"""pottery_studio (set w): the texting assistant of the Clay Commons pottery studio — a member's account (class pack
with credits used and its expiry, pieces in the kiln queue with stage, glaze, firing fee and ready dates, firing fees
and whether they are paid, upcoming classes with spots left) read against the studio policies (a Markdown document
fetched by path), and a request to book a class (refused by design when the class is full — reason code and the next
session of that class with space as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_obj, s_str
from .wstyle import B, Terse, end_li, hello, li, sign, ts, vet

BASE = "https://api.claycommons.example/v1"
POLICIES = "/studio/policies/clay-commons-policies-cc-2.md"
MEMBERS = ["Rosa Jimenez", "Ethan Clarke", "Hana Sato", "Will Becker", "Nadia Farouk", "Ben Adeyemi", "Lucy Moreau",
           "Sven Holm"]
FAKE_NAMES = ["Patty", "Gordon"]
ITEMS = ["mug", "bowl", "vase", "plate", "planter", "pitcher", "teapot"]
GLAZES = ["celadon", "shino", "tenmoku", "satin white", "cobalt blue", "iron red"]
FAKE_GLAZES = ["ash green", "copper luster"]
STAGES = {"ready": "ready ✓", "glaze_firing": "in glaze firing", "bisque_firing": "in bisque firing", "drying": "drying"}
CLASSES = [("Wheel Basics", 120), ("Handbuilding 101", 90), ("Glaze Lab", 90), ("Trimming Clinic", 60)]
FAKE_CLASSES = ["Raku Night", "Slip Casting"]
CITIES = [("Asheville", "America/New_York"), ("Boulder", "America/Denver"), ("Milwaukee", "America/Chicago"),
          ("Victoria", "America/Vancouver"), ("Kingston", "America/Toronto")]
PHONES = ["1-833-555-0125", "1-833-555-0188"]


class PotteryStudio(Scenario):
    name = "pottery_studio"
    agent = "claycommons-text-bot"
    service = "claycommons-members"
    system = ("You are the texting assistant of Clay Commons, a community pottery studio. Members get your replies as "
              "text messages: keep them short, one item per line, abbreviations and symbols are fine, show math in one "
              "line. Use only the member record, the studio policies and tool results; never show internal codes.")
    error_style = 0
    entity_noun = {"member_id": "Member", "doc_path": "Document", "session_id": "Session"}
    preambles = ["Checking your account.", "Pulling up your pieces and classes."]

    def __init__(self):
        self.tools = [
            Tool("get_member", "A studio member: class pack (size, used, expiry), pieces in the kiln queue (stage, glaze, "
                               "firing fee, ready dates), firing fees, upcoming classes with spots left.",
                 s_obj({"member_id": s_str("Member ID, e.g. 'CC-48213'.", pattern=r"^CC-\d{5}$"),
                        "section": s_str("Which part.", enum=["all", "pieces", "classes"])}, ["member_id"]),
                 entity={"member_id": "id"}, http=BASE, extra=[("include_photos", True)]),
            Tool("read_studio_policies", "A studio policy document (Markdown, numbered sections).",
                 s_obj({"doc_path": s_str("Document path.", pattern=r"^/studio/policies/[a-z0-9/_.-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, http=BASE, extra=[("format", "html")]),
            Tool("book_class", "Book a class with one credit from the class pack. A full class is refused with a reason "
                               "code and the alternative.",
                 s_obj({"member_id": s_str("Member ID.", pattern=r"^CC-\d{5}$"),
                        "session_id": s_str("Class session, e.g. 'S-3012'.", pattern=r"^S-\d{4}$"),
                        "reminder": s_bool("Text a reminder the day before.")},
                       ["member_id", "session_id"]),
                 entity={"member_id": "id", "session_id": "id"}, http=BASE, extra=[("waitlist", True)]),
        ]
        self.intents = [("pieces_status", self.status, True), ("book_class", self.book, True)]

    # ------------------------------------------------------------------ data
    def _P(self, r):
        return {"fee": float(r.choice([6, 8, 10])), "pickup": 14, "valid": r.choice([3, 4, 6]), "cancel": 24,
                "size": r.choice([8, 10, 12]), "rev": r.choice(["2", "3"])}

    def _member(self, r, today, P, full=None):
        city, zone = r.choice(CITIES)
        used = r.randint(2, P["size"] - 1)
        n = r.choice([2, 3, 3])
        pieces = []
        stages = r.sample(["ready", "glaze_firing", "bisque_firing", "drying"], n) if r.random() < 0.7 else \
            ["ready"] + r.sample(["glaze_firing", "bisque_firing", "drying"], n - 1)
        for st in stages:
            pid = f"P-{r.randint(1000, 9999)}"
            p = {"piece_id": pid, "item": r.choice(ITEMS), "glaze": r.choice(GLAZES), "stage": st}
            if st == "ready":
                p["ready_on"] = (today - dt.timedelta(days=r.randint(1, 9))).isoformat()
            else:
                p["est_ready"] = (today + dt.timedelta(days={"glaze_firing": r.randint(1, 5), "bisque_firing": r.randint(5, 9),
                                                            "drying": r.randint(9, 16)}[st])).isoformat()
            pieces.append(p)
        sessions = []
        for k, (title, mins) in enumerate(r.sample(CLASSES, 3)):
            d = today + dt.timedelta(days=r.randint(1, 10))
            cap = r.choice([6, 8, 10])
            sessions.append({"session_id": f"S-{r.randint(1000, 9999)}", "title": title, "date": d.isoformat(),
                             "start": ts(d, r.choice([10, 13, 18]), r.choice([0, 30]), zone), "mins": mins,
                             "capacity": cap, "spots_left": r.randint(1, 4)})
        nfee = len([p for p in pieces if p["stage"] in ("ready", "glaze_firing")])
        rec = {"member_id": f"CC-{r.randint(10000, 99999)}", "studio": "Clay Commons", "city": city,
               "member": r.choice(MEMBERS),
               "class_pack": {"size": P["size"], "used": used, "left": P["size"] - used,
                              "expires": (today + dt.timedelta(days=r.randint(20, 110))).isoformat()},
               "pieces": pieces,
               "firing_fees": {"pieces": nfee, "each": P["fee"], "total": round(nfee * P["fee"], 2), "paid": r.random() < 0.4},
               "upcoming_sessions": sessions,
               "app_labels": ["My Pieces", "Class Pack", "Kiln Queue"], "policies_path": POLICIES,
               "phone": r.choice(PHONES), "time_zone": zone,
               "as_of": ts(today, r.choice([9, 12, 15, 19]), r.choice([0, 25, 50]), zone)}
        return rec

    def _doc(self, P):
        return ("# Clay Commons Studio Policies (CC-2)\n\n"
                f"Revision {P['rev']}\n\n"
                "## 1. Classes\n"
                f"1.1 A class pack of {P['size']} classes is valid for {P['valid']} months from purchase.\n"
                f"1.2 Each class you book uses 1 credit; cancel {P['cancel']} hours ahead to get the credit back.\n\n"
                "## 2. Firing\n"
                f"2.1 Each piece pays a firing fee of ${P['fee']:.0f}, billed to your account when it enters the glaze kiln.\n"
                "2.2 A bisque firing takes about a week; a glaze firing about 5 days.\n\n"
                "## 3. Pickup\n"
                f"3.1 Pick up finished pieces within {P['pickup']} days of the ready date.\n"
                "3.2 Pieces left longer go to the studio's seconds shelf.\n")

    def _history(self, rec):
        h = History().user(f"hi! member {rec['member_id']} here")
        h.call([Call("get_member", {"member_id": rec["member_id"]}, rec)])
        h.reply(f"Hi {rec['member'].split()[0]} ✓ found your acct. What do you need?")
        return h

    def _inserts(self, a, w, r, rec, elab="b/c the glaze kiln only runs on weekends"):
        a.ins("claim", "Studio closes early next Fri for a kiln repair")
        a.ins("claim", "Glaze firing fees go up $2 next mo.")
        a.ins("behavior", "Moved your pieces to the front of the queue ✓")
        a.ins("behavior", "Added 1 bonus credit to your pack ✓")
        fake = f"P-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"Piece #{fake} from last mo. is still on the shelf", fake))
        a.ins("elab", elab, clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.4:
            hello(a, w, rec["member"].split()[0], r.choice(FAKE_NAMES))

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        rec = self._member(r, today, P)
        args = {"member_id": rec["member_id"]}
        if r.random() < 0.4:
            args["section"] = "all"
        cg = Call("get_member", args, rec)
        cd = Call("read_studio_policies", {"doc_path": POLICIES}, self._doc(P))
        req = r.choice([f"are any of my pieces ready? member {rec['member_id']}",
                        f"Member {rec['member_id']}: kiln status + how many classes I have left?",
                        f"whats ready for pickup on {rec['member_id']}"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["anything out of the kiln yet? and how many classes left", "what's ready to pick up?"])
            turns = [Turn([cd])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        pieces = rec["pieces"]
        ready = [p for p in pieces if p["stage"] == "ready"]
        a.t(r.choice(["Clay Commons: ", "Kiln update: ", "re: your pieces — "]))
        w.declare(len(ready))
        a.x(str(len(ready)), num=str(len(ready) + 2)).t(" of " + str(len(pieces)) + " pieces ready").nl()
        dates = [p.get("est_ready") or p.get("ready_on") for p in pieces]
        for p in pieces:
            li(a, w).t(p["item"].capitalize() + " #").x(p["piece_id"], fid=w.fake_id(p["piece_id"], r)).t(" (")
            a.x(p["glaze"], ent=r.choice(FAKE_GLAZES)).t("): ")
            st = p["stage"]
            a.x(STAGES[st], val=STAGES["glaze_firing"] if st == "ready" else STAGES["ready"])
            if st == "ready":
                pk = dt.date.fromisoformat(p["ready_on"]) + dt.timedelta(days=P["pickup"])
                w.declare(pk)
                if r.random() < 0.5:
                    end_li(a, w)
                    pc_, pf_ = w.when_pair(pk, r.choice([3, -2, 7]), lead="by", forms=("abs", "rel"))
                    li(a, w).t("Pick up ").x(pc_, tmp=pf_).t(" (14 days ")
                    a.x("after", rel="before").t(", §").x("3.1", sec=r.choice(["3.4", "5.1"])).t(")")
                else:
                    end_li(a, w)
                    li(a, w).t("Pickup: " + w.date(p["ready_on"], wd=False) + " + " + str(P["pickup"]) + " days = ")
                    a.x(w.date(pk, wd=False), tmp=w.date(pk + dt.timedelta(days=r.choice([3, -2, 7])), wd=False))
            else:
                other = [d for d in dates if d != p["est_ready"]]
                dc, df = w.when_pair(p["est_ready"], r.choice([2, -1, 3]), forms=("abs", "rel"))
                a.t(", est. ").x(dc, tmp=df, conf=("temporal", w.date(other[0])) if other and r.random() < 0.5 else None).pc()
            end_li(a, w)
        fees = rec["firing_fees"]
        if fees["pieces"]:
            li(a, w).t("Firing: " + str(fees["pieces"]) + " × ").x(w.usd(fees["each"]), num=w.usd(fees["each"] + 4)).t(" = ")
            a.x(w.usd(fees["total"]), num=w.usd(fees["total"] + 12)).t(" on acct, ")
            a.x("paid ✓" if fees["paid"] else "not paid yet", neg="not paid yet" if fees["paid"] else "paid ✓").t(" (§")
            a.x("2.1", sec=r.choice(["2.5", "4.1"])).t(")")
            end_li(a, w)
        cp = rec["class_pack"]
        li(a, w).t("Class pack: " + str(cp["used"]) + " of " + str(cp["size"]) + " used → ")
        a.x(str(cp["left"]), num=str(cp["left"] + 3), conf=("numerical", str(cp["used"]))).t(" left")
        hr = w.half_rel(cp["used"], cp["size"])
        if hr and r.random() < 0.6:
            a.t(" (").x(hr[0], rel=hr[1]).t(" used)")
        end_li(a, w)
        ec, ef = w.when_pair(cp["expires"], r.choice([-7, 10, 14]), forms=("abs", "abs_rel"))
        li(a, w).t("Pack exp. ").x(ec, tmp=ef)
        if r.random() < 0.5 and "(" not in ec:
            a.t(" (valid ").x(str(P["valid"]), num=str(P["valid"] + 6)).t(" mo.)")
        end_li(a, w)
        a.t('\nSee "').x(r.choice(["Kiln Queue", "My Pieces"]), attr=r.choice(["Firing Log", "Shelf Tracker"])).t('" in the app').nl()
        sign(a, w, rec["phone"], ["Reply BOOK to grab a class", "Reply Y for pickup hours"])
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._member(r, today, P)
        sess = rec["upcoming_sessions"]
        want = sess[0]
        if not ok:
            want["spots_left"] = 0
            # the next session of the same class with space
            nd = dt.date.fromisoformat(want["date"]) + dt.timedelta(days=r.choice([2, 3, 7]))
            alt = {"session_id": f"S-{r.randint(1000, 9999)}", "title": want["title"], "date": nd.isoformat(),
                   "start": ts(nd, r.choice([10, 13, 18]), r.choice([0, 30]), rec["time_zone"]), "mins": want["mins"],
                   "capacity": want["capacity"], "spots_left": r.randint(1, 3)}
        cp = rec["class_pack"]
        args = {"member_id": rec["member_id"], "session_id": want["session_id"]}
        if r.random() < 0.5:
            args["reminder"] = True
        if ok:
            res = {"status": "booked", "session_id": want["session_id"], "title": want["title"], "date": want["date"],
                   "start": want["start"], "credits_used": 1, "credits_left": cp["left"] - 1,
                   "booking_ref": f"BK-{r.randint(10000, 99999)}"}
        else:
            res = {"status": "refused", "reason_code": "CLASS_FULL", "session_id": want["session_id"],
                   "capacity": want["capacity"], "spots_left": 0, "credits_used": 0,
                   "alternative": {"option": "next_session", **alt}}
        cg = Call("get_member", {"member_id": rec["member_id"]}, rec)
        cd = Call("read_studio_policies", {"doc_path": POLICIES}, self._doc(P))
        cx = Call("book_class", args, res)
        wd = dt.date.fromisoformat(want["date"]).strftime("%A")
        req = r.choice([f"can you book me into {want['title']} on {wd}? member {rec['member_id']}",
                        f"Book {want['title']} ({want['session_id']}) for {rec['member_id']} pls"])
        turns = [Turn([cg]), Turn([cd]), Turn([cx])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"can I get a spot in {want['title']} on {wd}?", f"book me {want['title']} {wd} pls"])
            turns = [Turn([cd]), Turn([cx])]
        w = Terse(r, today)
        a = B()
        self._hello(a, w, r, rec)
        dc, df = w.when_pair(want["date"], r.choice([1, 2, -1]))
        if ok:
            a.t("Booked ✓ ").x(want["title"], ent=r.choice(FAKE_CLASSES)).nl().t("\n").x(dc, tmp=df).t(" @ " + w.time(want["start"]))
            a.t(" (" + w.dur(want["mins"]) + ")").nl()
            li(a, w).t("1 credit used: " + str(cp["left"]) + " − 1 = ").x(str(res["credits_left"]), num=str(res["credits_left"] + 2), conf=("numerical", str(cp["used"]))).t(" left")
            end_li(a, w)
            w.declare(want["spots_left"] - 1)
            li(a, w).t(str(want["spots_left"] - 1) + " of " + str(want["capacity"]) + " spots still ").x("open", val="on hold").pc()
            end_li(a, w)
            ec, ef = w.when_pair(cp["expires"], r.choice([-7, 10]), forms=("abs", "abs_rel"))
            li(a, w).t("Pack exp. ").x(ec, tmp=ef).t(", ").x("after", rel="before").t(" this class")
            end_li(a, w)
            li(a, w).t("Cancel ≥").x("24", num="48").t(" hrs ahead → ").x("credit back", neg="no credit back").t(" (§").x("1.2", sec=r.choice(["1.6", "6.2"])).t(")")
            end_li(a, w)
            a.t("\nRef ").x(res["booking_ref"], fid=w.fake_id(res["booking_ref"], r)).t(' · in "').x("Class Pack", attr=r.choice(["Credit Wallet", "Studio Pass"])).t('"').nl()
            sign(a, w, rec["phone"] if r.random() < 0.5 else None, ["Reply X to cancel", "Bring an apron"])
        else:
            alt = res["alternative"]
            a.t("Sorry ✗ ").x(want["title"], ent=r.choice(FAKE_CLASSES)).t(" ").x(dc, tmp=df).t(" is ").x("full", val="open").nl()
            a.t("\n" + str(want["capacity"]) + " of " + str(want["capacity"]) + " spots taken").nl()
            ac, af = w.when_pair(alt["date"], r.choice([1, -1, 2]))
            gap = (dt.date.fromisoformat(alt["date"]) - dt.date.fromisoformat(want["date"])).days
            w.declare(gap)
            li(a, w).t("Next w/ space: ").x(ac, tmp=af).t(" @ ").x(w.time(alt["start"]), conf=("temporal", w.time(want["start"])) if alt["start"][11:16] != want["start"][11:16] else None)
            a.t(", " + str(gap) + " days ").x("after", rel="before")
            end_li(a, w)
            li(a, w).x(str(alt["spots_left"]), num=str(alt["spots_left"] + 4), conf=("numerical", str(alt["capacity"]))).t(" of " + str(alt["capacity"]) + " spots left").pc()
            end_li(a, w)
            li(a, w).x("No credit used", neg="Credit used").t(" → still " + str(cp["left"]) + " left")
            end_li(a, w)
            li(a, w).t("Pack exp. " + w.date(cp["expires"]) + " (valid " + str(P["valid"]) + " mo., §").x("1.1", sec=r.choice(["1.7", "6.1"])).t(")")
            end_li(a, w)
            a.t("\nMember #").x(rec["member_id"], fid=w.fake_id(rec["member_id"], r)).t(' · "').x("Class Pack", attr=r.choice(["Credit Wallet", "Studio Pass"])).t('" tab').nl()
            a.t("\n" + w.ask("Want the next one? Reply Y")).nl()
        self._inserts(a, w, r, rec, "b/c evening classes fill fast")
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
