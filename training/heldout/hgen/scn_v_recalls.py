"""vehicle_recalls (set v): the helper of the Ridgeway Motors owner center — a vehicle's safety recalls (campaign,
part, whether the fix is ready, parts on order or already done, how long the repair takes, when parts are expected)
and the nearest dealer, read against the recall program guide (a plain-text page fetched by URL), and booking a recall
repair (refused by design while the parts are not available — reason code and the expected parts date with a text
alert as the alternative)."""
from __future__ import annotations

import datetime as dt

from .common import Call, History, Plan, Scenario, Tool, Turn, s_bool, s_date, s_obj, s_str
from .vstyle import B, Plain, closing, means_list, opener, ts, vet

BASE = "https://owners-api.ridgewaymotors.example/v4"
GUIDE = "https://owners.ridgewaymotors.example/recalls/program-guide-rm-6"
OWNERS = ["Carla Jensen", "Patrick Doyle", "Alicia Moreno", "Ben Hartley", "Keisha Rowe", "Stefan Novak", "Irene Walsh",
          "Omar Farouk"]
FAKE_NAMES = ["Dolores Finch", "Hank Mercer"]
MODELS = ["Tamarack", "Sierra Vista", "Juniper", "Canyon XT"]
PARTS = [("rear camera", [1.0, 1.5]), ("fuel pump", [2.0, 3.0]), ("seat belt buckle", [1.0, 1.5]),
         ("brake hose", [1.5, 2.0]), ("airbag sensor", [1.0, 2.0])]
DEALERS = [("Summit Ridgeway", "Boise", "America/Denver"), ("Riverside Ridgeway", "Sacramento", "America/Los_Angeles"),
           ("Lakeshore Ridgeway", "Milwaukee", "America/Chicago"), ("Capitol Ridgeway", "Richmond", "America/New_York"),
           ("Desert Ridgeway", "Tucson", "America/Phoenix")]
FAKE_DEALERS = ["Valley Ridgeway", "Northside Ridgeway"]
PHONES = ["1-800-555-0177", "1-800-555-0138"]
STATUS = {"fix_available": "the fix is ready", "parts_pending": "the parts aren't ready yet",
          "completed": "this one is already fixed"}
VINCH = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def hours_words(h, w):
    if h == 1.5:
        return "an hour and a half"
    return f"{w.num(h)} hour" + ("s" if h != 1 else "")


class VehicleRecalls(Scenario):
    name = "vehicle_recalls"
    agent = "ridgeway-recall-helper"
    service = "ridgeway-owner-center"
    system = ("You are the recall helper of the Ridgeway Motors owner center. Explain each owner's safety recalls to them "
              "in plain, calm words anyone can follow: short sentences, no part numbers or codes, no jargon. Use only the "
              "vehicle's recall record and the recall program guide, and end with a clear next step.")
    error_style = 1
    entity_noun = {"vin_number": "Vehicle", "page_url": "Page", "dealer_id": "Dealer"}
    preambles = ["Let me look up your car's recalls.", "Checking the recalls for your vehicle."]

    def __init__(self):
        self.tools = [
            Tool("get_vehicle_recalls", "A vehicle's safety recalls (campaign, part, status, repair time, parts expected) and "
                                        "the nearest dealer.",
                 s_obj({"vin_number": s_str("Vehicle identification number, 17 characters.", pattern=r"^[A-HJ-NPR-Z0-9]{17}$"),
                        "include_completed": s_bool("Include recalls already fixed.")}, ["vin_number"]),
                 entity={"vin_number": "id"}, http=BASE, extra=[("include_service_history", True)]),
            Tool("fetch_recall_guide", "The recall program guide (plain text, numbered items).",
                 s_obj({"page_url": s_str("Page URL.", pattern=r"^https://owners\.ridgewaymotors\.example/recalls/.+$")},
                       ["page_url"]),
                 entity={"page_url": "url"}, http=BASE, extra=[("lang", "en")]),
            Tool("book_recall_repair", "Book a recall repair at a dealer. Refused while parts are not available, with a "
                                       "reason code and the expected parts date.",
                 s_obj({"vin_number": s_str("Vehicle identification number.", pattern=r"^[A-HJ-NPR-Z0-9]{17}$"),
                        "dealer_id": s_str("Dealer, e.g. 'D-4821'.", pattern=r"^D-\d{4}$"),
                        "date": s_date("Preferred day, YYYY-MM-DD."),
                        "time_of_day": s_str("Preferred time.", enum=["morning", "afternoon"]),
                        "wants_loaner": s_bool("Ask for a loaner car.")},
                       ["vin_number", "dealer_id", "date"]),
                 entity={"vin_number": "id", "dealer_id": "id"}, http=BASE, extra=[("waive_inspection", True)]),
        ]
        self.intents = [("recall_status", self.status, True), ("book_repair", self.book, True)]

    def _P(self, r):
        return {"loaner": 2, "rev": r.choice(["6", "7"])}

    def _vehicle(self, r, today, statuses):
        dname, city, zone = r.choice(DEALERS)
        recalls = []
        for st, (part, hrs) in zip(statuses, r.sample(PARTS, len(statuses))):
            issued = today - dt.timedelta(days=r.randint(20, 300))
            rc = {"campaign": f"{str(issued.year)[2:]}V-{r.randint(100, 899)}", "part": part, "status": st,
                  "repair_hours": r.choice(hrs), "issued": issued.isoformat()}
            if st == "parts_pending":
                rc["parts_expected"] = (today + dt.timedelta(days=r.randint(9, 50))).isoformat()
            if st == "completed":
                rc["fixed_on"] = (today - dt.timedelta(days=r.randint(5, 15))).isoformat()
            recalls.append(rc)
        rec = {"vin_number": "".join(r.choice(VINCH) for _ in range(17)), "owner": r.choice(OWNERS),
               "vehicle": {"year": r.choice([2019, 2020, 2021, 2022, 2023]), "make": "Ridgeway", "model": r.choice(MODELS)},
               "mileage": r.randint(8000, 72000), "recalls": recalls,
               "dealer": {"dealer_id": f"D-{r.randint(1000, 9999)}", "name": dname, "city": city, "phone": r.choice(PHONES)},
               "portal_labels": ["Open recalls", "Repair status", "Parts expected"],
               "guide_url": GUIDE, "time_zone": zone,
               "as_of": ts(today, r.choice([8, 10, 13, 15, 19]), r.choice([0, 20, 50]), zone)}
        return rec

    def _doc(self, P):
        return ("RIDGEWAY MOTORS — SAFETY RECALL PROGRAM GUIDE (RM-6)\n"
                f"Version {P['rev']}\n\n"
                "1. Your recall repair\n"
                "1.1 Any Ridgeway dealer can do a recall repair.\n"
                "1.2 Recall repairs are free of charge, parts and labor included.\n\n"
                "2. Booking\n"
                "2.1 A repair can be booked once the parts for it are available.\n"
                f"2.2 If the repair takes {P['loaner']} hours or more, the dealer offers a free loaner car.\n"
                "2.3 When parts are not yet available, we text you as soon as they arrive.\n")

    def _history(self, rec):
        v = rec["vehicle"]
        h = History().user(f"Does my car have any recalls? VIN {rec['vin_number']}")
        h.call([Call("get_vehicle_recalls", {"vin_number": rec["vin_number"]}, rec)])
        h.reply(f"I found your {v['year']} {v['make']} {v['model']}. What would you like to know about its recalls?")
        return h

    def _inserts(self, a, w, r, rec):
        a.ins("claim", "This recall has caused no accidents so far.")
        a.ins("claim", "The dealer can also do your oil change during the same visit.")
        a.ins("behavior", "I've also let the dealer know you're coming.")
        a.ins("behavior", "I've reserved a loaner car for you.")
        fake = f"{rec['recalls'][0]['campaign'][:3]}-{r.randint(100, 899)}"
        a.ins("cite", w.cite(f"An older recall, {fake}, was closed for your car last year.", fake))
        a.ins("elab", "because the supplier changed factories", clause=True)

    def _hello(self, a, w, r, rec):
        if r.random() < 0.5:
            a.t("Hi ").x(rec["owner"].split()[0], ent=r.choice(FAKE_NAMES).split()[0]).t("! ")
        else:
            opener(a, w)

    def status(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        sts = r.choice([["fix_available"], ["parts_pending"], ["fix_available", "parts_pending"],
                        ["fix_available", "completed"], ["parts_pending", "completed"]])
        rec = self._vehicle(r, today, sts)
        args = {"vin_number": rec["vin_number"]}
        if r.random() < 0.5:
            args["include_completed"] = True
        cg = Call("get_vehicle_recalls", args, rec)
        cd = Call("fetch_recall_guide", {"page_url": GUIDE}, self._doc(P))
        req = r.choice([f"I got a recall letter. What does it mean for my car? VIN {rec['vin_number']}",
                        f"are there recalls on my car {rec['vin_number']}? is it fixed?"])
        turns = [Turn([cg]), Turn([cd])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice(["What do these recalls mean, and do I have to pay?", "ok so what do I need to do about them?"])
            turns = [Turn([cd])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        v = rec["vehicle"]
        rcs = rec["recalls"]
        open_ = [x for x in rcs if x["status"] != "completed"]
        w.declare(len(open_))
        a.t("Here's what the recalls mean for your " + str(v["year"]) + " ").x(v["model"], ent=r.choice(["Pathfinder", "Outlander"])).t(" (the car whose number ends in " + rec["vin_number"][-4:] + ").").p()
        done = len(rcs) - len(open_)
        if done:
            w.declare(len(rcs))
            w.declare(done)
            a.t(" ").x(w.num(done).capitalize(), num=w.num(done + 1).capitalize()).t(" of its " + w.num(len(rcs)) + " recalls is already fixed, so " + w.num(len(open_)) + " is still open.").p()
        else:
            n_ = len(open_)
            a.t(" It has ").x(w.num(n_) + " open recall" + ("s" if n_ != 1 else ""), num=w.num(n_ + 2) + " open recalls").t(".").p()
        for i, x in enumerate(rcs):
            other = [k for k in STATUS if k != x["status"]]
            a.t("\n\n" + ("First" if i == 0 else "Next") + ", the " + x["part"] + ": ").x(STATUS[x["status"]], val=STATUS[r.choice(other)]).t(".").p()
            if x["status"] == "completed":
                fc, ff = w.when_pair(x["fixed_on"], r.choice([-4, 3]))
                a.t(" The dealer fixed it ").x(fc, tmp=ff).t(".").p()
                continue
            hw = hours_words(x["repair_hours"], w)
            oth = [y for y in rcs if y is not x and y["repair_hours"] != x["repair_hours"]]
            a.t(" The repair takes about ").x(hw, num=hours_words(x["repair_hours"] + 2, w), conf=("numerical", hours_words(oth[0]["repair_hours"], w)) if oth else None).t(".").p()
            if x["status"] == "parts_pending":
                pc, pf = w.when_pair(x["parts_expected"], r.choice([-5, 6, 9]))
                a.t(" We expect the parts ").x(pc, tmp=pf).t(", and we'll text you as soon as they arrive (section ")
                a.x("2.3", sec=r.choice(["2.7", "4.3"])).t(").").p()
            else:
                long_ = x["repair_hours"] >= P["loaner"]
                if long_:
                    a.t(" Because it takes ").x("at least", rel="less than").t(" " + w.num(P["loaner"]) + " hours, the dealer will offer you a free loaner car (section 2.2).").p()
                else:
                    a.t(" Because it takes ").x("under", rel="over").t(" " + w.num(P["loaner"]) + " hours, a loaner car isn't included (section 2.2).").p()
        d = rec["dealer"]

        def cost():
            a.t("Recall repairs ").x("are free", neg="aren't free").t(" — you won't pay for parts or labor (section ").x("1.2", sec=r.choice(["1.5", "3.2"])).t(").")

        def dealer():
            a.t("Your nearest dealer is ").x(d["name"], ent=r.choice(FAKE_DEALERS)).t(" in " + d["city"] + ".")

        def where():
            a.t('In your owner account, look for "').x("Repair status", attr=r.choice(["Remedy stage", "Campaign state"])).t('" to see where each recall stands.')

        means_list(a, w, [cost, dealer, where])
        closing(a, w, d["phone"], "Would you like me to book a repair visit?")
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def book(self, ctx):
        r, today = ctx.r, ctx.today
        P = self._P(r)
        ok = r.random() < 0.5
        rec = self._vehicle(r, today, ["fix_available" if ok else "parts_pending"])
        x = rec["recalls"][0]
        d = rec["dealer"]
        want = today + dt.timedelta(days=r.randint(2, 9))
        while want.weekday() >= 5:
            want += dt.timedelta(days=1)
        tod = r.choice(["morning", "afternoon"])
        args = {"vin_number": rec["vin_number"], "dealer_id": d["dealer_id"], "date": want.isoformat()}
        if r.random() < 0.6:
            args["time_of_day"] = tod
        loaner = x["repair_hours"] >= P["loaner"]
        if ok:
            hh = 8 if args.get("time_of_day", "morning") == "morning" else 13
            res = {"status": "booked", "appointment_id": f"RA-{r.randint(100000, 999999)}", "dealer": d["name"],
                   "start": ts(want, hh, r.choice([0, 30]), rec["time_zone"]), "repair_hours": x["repair_hours"],
                   "loaner_offered": loaner}
        else:
            res = {"status": "refused", "reason_code": "PARTS_NOT_AVAILABLE", "campaign": x["campaign"],
                   "alternative": {"option": "text_when_parts_arrive", "parts_expected": x["parts_expected"]}}
        cg = Call("get_vehicle_recalls", {"vin_number": rec["vin_number"]}, rec)
        cd = Call("fetch_recall_guide", {"page_url": GUIDE}, self._doc(P))
        cb = Call("book_recall_repair", args, res)
        req = r.choice([f"Please book the recall repair for my car {rec['vin_number']} on {want.isoformat()}.",
                        f"can I get the recall fixed {want.isoformat()}? VIN {rec['vin_number']}"])
        turns = [Turn([cg]), Turn([cd]), Turn([cb])]
        history = None
        if ctx.followup:
            history = self._history(rec)
            req = r.choice([f"Can you book the repair for {want.isoformat()}?", f"book it for {want.isoformat()} please"])
            turns = [Turn([cd]), Turn([cb])]
        w = Plain(r, today)
        a = B()
        self._hello(a, w, r, rec)
        if ok:
            dc, df = w.when_pair(want, r.choice([-1, 2, 7]))
            a.t("You're ").x("booked", val=r.choice(["on the waitlist", "pending"])).t(" for the " + x["part"] + " repair at ")
            a.x(d["name"], ent=r.choice(FAKE_DEALERS)).t(" in " + d["city"] + ", ").x(dc, tmp=df).t(" at ")
            a.x(w.time(res["start"]), tmp=w.time(res["start"][:11] + f"{int(res['start'][11:13]) + 2:02d}" + res["start"][13:])).t(".").p()
            a.t(" Your appointment number is ").x(res["appointment_id"], fid=w.fake_id(res["appointment_id"], r)).t(".").p()
            a.t("\n\nThe repair takes about ").x(hours_words(x["repair_hours"], w), num=hours_words(x["repair_hours"] + 2, w)).t(", and it ")
            a.x("won't cost", neg="will cost").t(" you anything (section ").x("1.2", sec=r.choice(["1.5", "3.2"])).t(").").p()
            if loaner:
                a.t(" Since it takes " + w.num(P["loaner"]) + " hours or more, the dealer will offer you a free loaner car (section 2.2).").p()
            else:
                a.t(" It takes ").x("under", rel="over").t(" " + w.num(P["loaner"]) + " hours, so a loaner car isn't part of this visit (section 2.2).").p()
            a.t(' You\'ll see it in your owner account under "').x("Repair status", attr=r.choice(["Remedy stage", "Campaign state"])).t('".').p()
            closing(a, w, d["phone"] if r.random() < 0.5 else None)
        else:
            pe = x["parts_expected"]
            a.t("I'm sorry — we ").x("can't", neg="can").t(" book the " + x["part"] + " repair just yet, because ").x("the parts aren't ready", val="the dealer is fully booked").t(".").p()
            a.t(" A repair can only be booked after the parts are in (section ").x("2.1", sec=r.choice(["2.6", "5.1"])).t(").").p()
            pc, pf = w.when_pair(pe, r.choice([-6, 8, 12]))
            a.t("\n\nWe expect them ").x(w.bold(pc), tmp=pf).t(".").p()
            a.t(" That's ").x("after", rel="before").t(" the day you asked for, " + w.date(want) + ".").p()
            a.t(" We'll text you as soon as they arrive, and then you can pick a day at ").x(d["name"], ent=r.choice(FAKE_DEALERS)).t(".").p()
            a.t(" The repair ").x("will still be free", neg="won't be free").t(" when you do.").p()
            a.t(' In your owner account, "').x("Parts expected", attr=r.choice(["Supply forecast", "Part ETA"])).t('" shows the latest date.').p()
            closing(a, w, d["phone"] if r.random() < 0.5 else None)
        self._inserts(a, w, r, rec)
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
