"""roadside_assistance (set j): a New South Wales motoring club's roadside chat — a live callout (patrol distance, ETA
in minutes from the last update, how long the member has waited), a membership's year (callouts used of those
included, last callout, towing distance, renewal fee and date), changing where a tow goes (a tow beyond the included
distance refused by design until the excess is accepted, then the excess per km charged) and cover questions answered
from the member guide fetched by URL (towing beyond the level's kilometres, extra callouts, a hire car after a tow,
free fuel)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_bool, s_obj, s_str
from .jstyle import Yarn, at, check, stamp

BASE = "https://api.scmc.example/roadside/v2"
GUIDE = "https://members.scmc.example/guide"
Z = "NSW"
TIERS = {"Classic": (4, 20), "Plus": (6, 100), "Premium": (8, 200)}
NAMES = ["Chloe Sutherland", "Mitchell Doyle", "Anita Kaur", "Brendan Fahey", "Leilani Moana"]
PATROLS = ["Dave Kearney", "Shaz Nguyen", "Rob McAllister", "Tina Vukovic"]
OTHER_PATROLS = ["Gus Hartigan", "Kim Lowe", "Ray Castellano"]
SUBURBS = ["Parramatta", "Penrith", "Hornsby", "Campbelltown", "Gosford", "Wollongong", "Katoomba"]
OTHER_SUBURBS = ["Blacktown", "Liverpool", "Ryde"]
CARS = [("Toyota Corolla", 2019), ("Mazda CX-5", 2021), ("Hyundai i30", 2017), ("Ford Ranger", 2022), ("Kia Sportage", 2020)]
PROBLEMS = {"flat_battery": "flat battery", "flat_tyre": "flat tyre", "lockout": "keys locked in", "no_start": "won't start",
            "out_of_fuel": "out of fuel"}
WORKSHOPS = [("Penrith Auto Centre", "Penrith"), ("Gosford Mechanical", "Gosford"), ("Illawarra Car Care", "Wollongong"),
             ("Hills Motor Repairs", "Castle Hill"), ("Blue Mountains Auto", "Katoomba")]


class RoadsideAssistance(Scenario):
    name = "roadside_assistance"
    agent = "Rover"
    service = "scmc-roadside-chat"
    system = ("You are Rover, the roadside assistance chat for the Southern Cross Motoring Club in NSW. Use the tools to "
              "check callouts and patrol ETAs, look up memberships, change tow destinations and answer questions from "
              "the member guide. Times are Sydney time; amounts in AUD; distances in km.")
    error_style = 2
    entity_noun = {"member_number": "Member", "job_id": "Job", "guide_url": "Guide page"}
    preambles = ["Checking now.", "One moment.", "Let me look that up."]

    def __init__(self):
        job_p = r"^RJ-\d{7}$"
        self.tools = [
            Tool("get_membership", "A membership: level, membership year, callouts included and used, towing distance, "
                                   "renewal, vehicles, member guide URL.",
                 s_obj({"member_number": s_str("Member number, e.g. 'SC4082913'.", pattern=r"^SC\d{7}$")}, ["member_number"]),
                 entity={"member_number": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("get_job", "A roadside job: status, problem, location, vehicle, patrol with distance and ETA, tow.",
                 s_obj({"job_id": s_str("Job ID, e.g. 'RJ-4082913'.", pattern=job_p)}, ["job_id"]),
                 entity={"job_id": "id"}, http=BASE, extra=[("live", True)]),
            Tool("set_tow_destination", "Change where a job's tow goes; a tow beyond the included distance needs "
                                        "accept_excess=true.",
                 s_obj({"job_id": s_str("Job ID.", pattern=job_p),
                        "destination": s_str("Workshop or address.", min_len=5, max_len=120),
                        "accept_excess": s_bool("Member accepts the excess-distance charge.")},
                       ["job_id", "destination"]),
                 entity={"job_id": "id"}, http=BASE, extra=[("notify_workshop", True)]),
            Tool("get_guide", "The member guide (plain text, numbered clauses) by URL.",
                 s_obj({"guide_url": s_str("Guide URL from a membership.", pattern=r"^https://members\.scmc\.example/")},
                       ["guide_url"]),
                 entity={"guide_url": "url"}, extra=[("lang", "en-AU")]),
        ]
        self.intents = [("job_status", self.job, False), ("membership_usage", self.usage, False),
                        ("tow_destination", self.tow, True), ("cover_question", self.cover, True)]

    # ------------------------------------------------------------------ data
    def _member(self, r, today, tier=None):
        mn = f"SC{r.randint(1000000, 9999999)}"
        tier = tier or r.choice(list(TIERS))
        inc, km = TIERS[tier]
        start = today - dt.timedelta(days=r.randint(20, 340))
        end = start + dt.timedelta(days=364)
        n = r.randint(0, inc + 1)
        days = sorted(r.sample(range(1, (today - start).days), min(n, (today - start).days - 1))) if (today - start).days > 2 else []
        used = [{"date": (start + dt.timedelta(days=d)).isoformat(), "job_id": f"RJ-{r.randint(1000000, 9999999)}",
                 "type": r.choice(list(PROBLEMS) + ["tow"])} for d in days]
        car, yr = r.choice(CARS)
        res = {"member_number": mn, "name": r.choice(NAMES), "level": tier, "member_since": (start - dt.timedelta(days=365 * r.randint(0, 9))).isoformat(),
               "membership_year": {"start": start.isoformat(), "end": end.isoformat()},
               "callouts_included": inc, "callouts_used": used, "tow_km_included": km,
               "renewal": {"date": (end + dt.timedelta(days=1)).isoformat(), "fee_aud": {"Classic": 109.0, "Plus": 169.0, "Premium": 239.0}[tier],
                           "auto_renew": r.random() < 0.6},
               "vehicles": [{"rego": f"{r.upper(3)}{r.randint(10, 99)}{r.upper(1)}", "make_model": car, "year": yr}],
               "guide_url": f"{GUIDE}/{r.choice(['roadside-2026', 'member-guide'])}",
               "as_of": stamp(today, r.randint(7, 21), r.randint(0, 59), Z)}
        return mn, res

    def _guide(self, r):
        extra = r.choice([89.0, 99.0, 119.0])
        perkm = r.choice([3.8, 4.4, 5.0])
        fuel = r.choice([5, 10])
        doc = ("SOUTHERN CROSS MOTORING CLUB — ROADSIDE MEMBER GUIDE\n\n"
               "1. SERVICE LEVELS\n"
               "1.1 Classic: 4 callouts per membership year; towing up to 20 km.\n"
               "1.2 Plus: 6 callouts per membership year; towing up to 100 km.\n"
               "1.3 Premium: 8 callouts per membership year; towing up to 200 km; a hire car for up to 3 days after a tow.\n"
               "2. EXTRA CALLOUTS AND TOWING\n"
               f"2.1 Callouts beyond your level's limit cost ${extra:.2f} each.\n"
               f"2.2 Towing beyond your included distance costs ${perkm:.2f} per km.\n"
               "3. WAITING PERIOD\n"
               "3.1 Service starts 48 hours after joining.\n"
               "4. BATTERIES AND FUEL\n"
               "4.1 Patrols carry batteries; a battery fitted at the roadside is paid for on the spot.\n"
               f"4.2 If you run out of fuel, we supply up to {fuel} litres free.\n")
        return doc, {"extra": extra, "perkm": perkm, "fuel": fuel}

    def _job(self, r, today, mn, veh, status=None, tow=False):
        jid = f"RJ-{r.randint(1000000, 9999999)}"
        created = at(today, r.randint(7, 19), r.randint(0, 59), Z)
        now = created + dt.timedelta(minutes=r.randint(8, 55))
        eta = now + dt.timedelta(minutes=r.randint(6, 48))
        prob = "no_start" if tow else r.choice(list(PROBLEMS))
        sub = r.choice(SUBURBS)
        res = {"job_id": jid, "member_number": mn, "status": status or r.choice(["dispatched", "en_route", "en_route"]),
               "created": created.isoformat(), "problem": prob,
               "location": {"address": f"{r.randint(2, 180)} {r.choice(['George St', 'Victoria Rd', 'Church St', 'Pacific Hwy', 'Great Western Hwy'])}", "suburb": sub},
               "vehicle": {"rego": veh["rego"], "make_model": veh["make_model"]},
               "patrol": {"name": r.choice(PATROLS), "unit": f"P-{r.randint(100, 499)}", "distance_km": round(r.uniform(2.5, 28.0), 1),
                          "eta": eta.isoformat()},
               "tow": None, "as_of": now.isoformat()}
        return jid, res

    # ------------------------------------------------------------------ intents
    def job(self, ctx):
        r, today = ctx.r, ctx.today
        mn, m = self._member(r, today)
        jid, j = self._job(r, today, mn, m["vehicles"][0])
        req = r.choice([f"How far away is the patrol? Job {jid}.", f"Any update on {jid}? I've been waiting a while.",
                        f"Where's my roadside help at? {jid}"])
        w = Yarn(r, today, Z)
        now, created = dt.datetime.fromisoformat(j["as_of"]), dt.datetime.fromisoformat(j["created"])
        eta = dt.datetime.fromisoformat(j["patrol"]["eta"])
        mins = int((eta - now).total_seconds() // 60)
        waited = int((now - created).total_seconds() // 60)
        p = j["patrol"]
        a = A()
        w.opener(a)
        a.t(f"{p['name'].split()[0]} is ")
        a.x("on the way" if j["status"] == "en_route" else "assigned", val="on scene")
        a.t(" — about ")
        w.b(a, f"{mins} minutes", num=f"{mins + 20} minutes")
        a.t(" out, due around ").x(w.t(eta), tmp=w.t(eta + dt.timedelta(minutes=35))).t(".")
        a.p()
        w.para(a)
        w.li(a)
        a.t("Patrol ").x(p["name"], ent=r.choice(OTHER_PATROLS)).t(f" ({p['unit']}), ").x(w.u(p["distance_km"], "km"), num=w.u(round(p["distance_km"] + 9.5, 1), "km")).t(" away as of ").x(w.t(now), tmp=w.t(now - dt.timedelta(minutes=40)))
        w.pt(a)
        w.li(a)
        a.t(f"Job {jid}: {PROBLEMS[j['problem']]}, {j['vehicle']['make_model']} ").x(j["vehicle"]["rego"], fid=mutate_id(j["vehicle"]["rego"], r)).t(" at ").x(j["location"]["address"] + ", " + j["location"]["suburb"], ent=j["location"]["address"] + ", " + r.choice(OTHER_SUBURBS))
        w.pt(a)
        w.li(a)
        a.t("Logged ").x(w.at_t(created), tmp=w.at_t(created + dt.timedelta(minutes=30))).t(", so you've been waiting ").x(w.span(waited), num=w.span(waited + 25)).t(" so far")
        w.pt(a)
        w.para(a)
        tot = waited + mins
        a.t("All up that's ")
        a.x(w.near(tot / 60, 0.5, lambda v: f"{v:g} hours") if tot >= 75 else f"{tot} minutes", num=f"{tot + 30} minutes" if tot < 75 else f"about {round(tot / 60 + 1.5):g} hours")
        a.t(" from the call to arrival")
        if j["status"] == "en_route" and r.random() < 0.5:
            a.t(" (status `").x("en_route", attr=r.choice(["dispatched_enroute", "in_transit"])).t("`)")
        a.pc().t(".")
        a.p()
        w.closer(a, ["Want me to text you when they're 5 minutes away?", "Stay with the car if it's safe to — I'll keep an eye on it."])
        a.ins("claim", "Patrols in your area are running about 20 minutes behind today.")
        a.ins("claim", f"{p['name']} carries a replacement battery for your car.")
        a.ins("behavior", "I've bumped your job up the queue.")
        a.ins("behavior", "I've asked the patrol to call you when they're close.")
        a.ins("elab", "because of a crash on the M4", clause=True)
        a.ins("cite", f"Live tracking: https://track.scmc.example/j/{jid.lower()}-{r.randint(100, 999)}")
        return check(self, Plan(req, [Turn([Call("get_job", {"job_id": jid}, j)])], a))

    def usage(self, ctx):
        r, today = ctx.r, ctx.today
        mn, m = self._member(r, today)
        used = m["callouts_used"]
        inc = m["callouts_included"]
        req = r.choice([f"How many callouts have I got left? Member {mn}.", f"Membership {mn} — what have I used this year and when do I renew?"])
        w = Yarn(r, today, Z)
        left = inc - len(used)
        ren = m["renewal"]
        rd = dt.date.fromisoformat(ren["date"])
        a = A()
        w.opener(a)
        a.t(f"You're on ")
        a.x(m["level"], val=r.choice([t for t in TIERS if t != m["level"]])).t(" and have used ")
        w.b(a, f"{len(used)} of {inc} callouts", num=f"{len(used) + 2} of {inc} callouts")
        a.t(" this membership year")
        if left > 0:
            a.t(", so ").x(w.cnt(left, "callout"), num=w.cnt(left + 2, "callout")).t(" ").x("left", neg="over the limit").t(".")
        elif left == 0:
            a.t(" — that's ").x("all of them", num="half of them").t(".")
        else:
            a.t(" — ").x(w.cnt(-left, "over the limit", "over the limit"), num=w.cnt(-left + 2, "over the limit", "over the limit")).t(".")
        a.p()
        w.para(a)
        if used:
            last = used[-1]
            w.li(a)
            a.t("Last callout: ").x(w.dd(last["date"]), tmp=w.dd(dt.date.fromisoformat(last["date"]) - dt.timedelta(days=10)),
                                     conf=("temporal", w.dd(used[-2]["date"])) if len(used) > 1 else None).t(f", {PROBLEMS.get(last['type'], 'tow')} (").x(last["job_id"], fid=mutate_id(last["job_id"], r)).t(")")
            w.pt(a)
        w.li(a)
        a.t("Towing included: up to ").x(w.u(m["tow_km_included"], "km"), num=w.u(m["tow_km_included"] + 50, "km"))
        if r.random() < 0.45:
            a.t(" (`").x("tow_km_included", attr=r.choice(["tow_limit_km", "free_tow_distance"])).t("`)")
        w.pt(a)
        w.li(a)
        a.t("Year runs ").x(f"{w.dd(m['membership_year']['start'])} – {w.dd(m['membership_year']['end'])}", tmp=f"{w.dd(m['membership_year']['start'])} – {w.dd(dt.date.fromisoformat(m['membership_year']['end']) + dt.timedelta(days=30))}")
        w.pt(a)
        w.para(a)
        a.t("Renewal is ").x(w.rel(rd) if (rd - today).days < 60 else w.dd(rd), tmp=w.rel(rd + dt.timedelta(days=7)) if (rd - today).days < 60 else w.dd(rd + dt.timedelta(days=7))).t(" at ")
        a.x(w.money(ren["fee_aud"]), num=w.money(ren["fee_aud"] + 30)).t(f" (roughly {w.money(round(ren['fee_aud'] / 12), 0)} a month)")
        a.t(", and auto-renew is ").x("on" if ren["auto_renew"] else "off", val="off" if ren["auto_renew"] else "on").pc().t(".")
        a.p()
        a.t(" Covered vehicle: ").x(m["vehicles"][0]["rego"], fid=mutate_id(m["vehicles"][0]["rego"], r)).t(f" ({m['vehicles'][0]['year']} {m['vehicles'][0]['make_model']}).")
        w.closer(a, ["Want to hear what Premium adds?", "Happy to switch auto-renew for you."])
        a.ins("claim", "Unused callouts roll over into the next membership year.")
        a.ins("claim", "Your renewal price is locked for loyalty members.")
        a.ins("behavior", "I've turned auto-renew on for you.")
        a.ins("behavior", "I've added a second vehicle to your cover.")
        a.ins("elab", "since you joined during the spring promotion", clause=True)
        a.ins("cite", f"Membership card: https://members.scmc.example/cards/{mn.lower()}-{r.randint(10, 99)}.pdf")
        return check(self, Plan(req, [Turn([Call("get_membership", {"member_number": mn}, m)])], a))

    def tow(self, ctx):
        r, today = ctx.r, ctx.today
        mn, m = self._member(r, today)
        jid, j = self._job(r, today, mn, m["vehicles"][0], status="on_scene", tow=True)
        j["tow"] = {"status": "required", "default_destination": "nearest approved repairer"}
        arrived = dt.datetime.fromisoformat(j["as_of"]) - dt.timedelta(minutes=r.randint(3, 12))
        j["patrol"]["eta"] = max(arrived, dt.datetime.fromisoformat(j["created"]) + dt.timedelta(minutes=5)).isoformat()
        j["patrol"]["distance_km"] = 0.0
        inc = m["tow_km_included"]
        shop, town = r.choice(WORKSHOPS)
        over = r.random() < 0.6
        km = round(inc + r.uniform(6, 60), 1) if over else round(r.uniform(4, inc - 2), 1)
        perkm = r.choice([3.8, 4.4, 5.0])
        excess = round(km - inc, 1) if over else 0.0
        cost = round(excess * perkm, 2)
        turns = []
        if over:
            turns.append(Turn([Call("set_tow_destination", {"job_id": jid, "destination": f"{shop}, {town}"},
                                    {"updated": False, "reason_code": "EXCEEDS_TOW_COVER", "tow_km": km, "included_km": inc,
                                     "excess_km": excess, "rate_aud_per_km": perkm, "excess_cost_aud": cost,
                                     "message": "Tow exceeds the member's cover; resubmit with accept_excess=true to proceed."})]))
        now = dt.datetime.fromisoformat(j["as_of"])
        truck = now + dt.timedelta(minutes=r.randint(20, 70))
        ok = {"updated": True, "job_id": jid, "destination": f"{shop}, {town}", "tow_km": km, "included_km": inc,
              "excess_km": excess, "excess_cost_aud": cost, "payment": "card on file" if over else None,
              "tow_truck_eta": truck.isoformat(), "as_of": j["as_of"]}
        args = {"job_id": jid, "destination": f"{shop}, {town}"}
        if over:
            args["accept_excess"] = True
        turns.append(Turn([Call("set_tow_destination", args, ok)]))
        gj = Call("get_job", {"job_id": jid}, j)
        pay = " I'm happy to pay extra if it's over." if over or r.random() < 0.5 else ""
        history = None
        if ctx.followup:
            history = History().user(f"Is the patrol there yet? Job {jid}.")
            history.call([gj])
            history.reply(f"{j['patrol']['name']} is with your car now; it needs a tow.")
            req = f"Can the tow go to {shop} in {town} instead? That's my mechanic.{pay}"
        else:
            req = f"Job {jid}: please tow it to {shop}, {town}.{pay}"
            turns = [Turn([gj])] + turns
        w = Yarn(r, today, Z)
        a = A()
        w.opener(a, followup=ctx.followup)
        a.t("Done — the tow's ").x("going", val="cancelled").t(f" to {shop} in ").x(town, ent=r.choice(OTHER_SUBURBS)).t(", ")
        w.b(a, w.u(km, "km"), num=w.u(round(km + 15, 1), "km"))
        a.t(" away.")
        a.p()
        w.para(a)
        if over:
            w.li(a)
            a.t("Your cover includes ").x(w.u(inc, "km"), num=w.u(inc + 20, "km")).t(", so that's ")
            a.x(w.u(excess, "km"), num=w.u(round(excess + 10, 1), "km")).t(" extra (`").x("EXCEEDS_TOW_COVER", attr=r.choice(["TOW_LIMIT_EXCEEDED", "OVER_DISTANCE"])).t("` on the first try)")
            w.pt(a)
            w.li(a)
            a.t("Excess: ").x(w.money(perkm), num=w.money(perkm + 1.5)).t(f"/km × {w.u(excess, 'km')} = ")
            w.b(a, w.money(cost), num=w.money(cost + 40))
            a.t(", ").x("charged to your card on file", neg="not charged")
            w.pt(a)
        else:
            w.li(a)
            a.t("That's ").x("inside", rel="outside").t(" the ").x(w.u(inc, "km"), num=w.u(round(km - 3), "km")).t(" your cover includes, so ").x("no extra charge", neg="an extra charge applies")
            w.pt(a)
        w.li(a)
        a.t("Tow truck due ").x(w.at_t(truck), tmp=w.at_t(truck + dt.timedelta(minutes=45))).t(", ").x(f"about {int((truck - now).total_seconds() // 60)} minutes", num=f"about {int((truck - now).total_seconds() // 60) + 30} minutes").t(" from the last update")
        w.pt(a)
        w.li(a)
        a.t("Job ").x(jid, fid=mutate_id(jid, r))
        w.pt(a)
        w.closer(a, ["Want me to let the workshop know it's coming?", "Need a taxi from the scene?"])
        a.ins("claim", f"{shop} is open until 17:30 today.")
        a.ins("claim", "The tow truck can take one passenger.")
        a.ins("behavior", "I've called the workshop to let them know.")
        a.ins("behavior", "I've booked you a taxi home from the scene.")
        a.ins("elab", "since the nearest approved repairer is closed today", clause=True)
        a.ins("cite", f"Tow docket TD-{r.randint(1000000, 9999999)} has been issued.")
        return check(self, Plan(req, turns, a, history.msgs if history else None))

    def cover(self, ctx):
        r, today = ctx.r, ctx.today
        mn, m = self._member(r, today)
        doc, g = self._guide(r)
        url = m["guide_url"]
        variant = r.choice(["tow", "extra", "hire", "fuel"])
        lvl = m["level"]
        inc, km = TIERS[lvl]
        sec = {"Classic": "1.1", "Plus": "1.2", "Premium": "1.3"}[lvl]
        if variant == "tow":
            dist = r.choice([35, 60, 85, 140, 180, 240, 320])
            place = r.choice(["Goulburn", "Bathurst", "Newcastle", "Nowra", "Lithgow"])
            q = f"If I broke down near {place} and needed a tow of about {dist} km home, would that be covered?"
        elif variant == "extra":
            q = "I've had a few callouts this year — what happens if I need another one?"
        elif variant == "hire":
            q = "Do I get a hire car if my car has to be towed?"
        else:
            q = "How much fuel do you bring if I run out?"
        gm = Call("get_membership", {"member_number": mn}, m)
        gg = Call("get_guide", {"guide_url": url}, doc)
        history = None
        if ctx.followup:
            history = History().user(f"What level am I on? Member {mn}.")
            history.call([gm])
            history.reply(f"You're on {lvl}, with {len(m['callouts_used'])} of {inc} callouts used this year.")
            req = q
            turns = [Turn([gg])]
        else:
            req = f"Member {mn}. {q}"
            turns = [Turn([gm]), Turn([gg])]
        w = Yarn(r, today, Z)
        fake = lambda real: r.choice([x for x in ["1.4", "2.3", "3.2", "4.3", "5.1"] if x != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        if variant == "tow":
            if dist <= km:
                a.t("Yes — a tow of about ").x(w.u(dist, "km"), num=w.u(dist + 150, "km")).t(" is ")
                w.b(a, "covered", neg="not covered")
                a.t(f" on {lvl}, which includes up to ").x(w.u(km, "km"), num=w.u(max(dist - 10, 10), "km")).t(" (clause ").x(sec, sec=fake(sec)).t(").")
            else:
                ex = dist - km
                a.t(f"Partly — {lvl} covers the first ").x(w.u(km, "km"), num=w.u(km + 40, "km")).t(" (clause ").x(sec, sec=fake(sec)).t("), and the other ")
                a.x(w.u(ex, "km"), num=w.u(ex + 20, "km")).t(" would be ")
                w.b(a, f"about {w.money(ex * g['perkm'])}", num=f"about {w.money(ex * g['perkm'] + 60)}")
                a.t(f" at {w.money(g['perkm'])}/km (clause ").x("2.2", sec=fake("2.2")).t(").")
            a.p()
        elif variant == "extra":
            used = len(m["callouts_used"])
            a.t(f"You've used {used} of {inc} on {lvl}. ")
            if used >= inc:
                a.t("Another callout this membership year would cost ")
                w.b(a, w.money(g["extra"]), num=w.money(g["extra"] + 30))
                a.t(" (clause ").x("2.1", sec=fake("2.1")).t(").")
            else:
                a.t("You've ").x(f"still got {w.cnt(inc - used, 'callout')}", num=f"still got {w.cnt(inc - used + 2, 'callout')}").t(" before the ")
                w.b(a, w.money(g["extra"]), num=w.money(g["extra"] + 30))
                a.t(" per-callout charge kicks in (clause ").x("2.1", sec=fake("2.1")).t(").")
            a.p()
            w.para(a)
            w.li(a)
            a.t("The count resets ").x(w.rel(m["renewal"]["date"]) if (dt.date.fromisoformat(m["renewal"]["date"]) - today).days < 60 else w.dd(m["renewal"]["date"]),
                                       tmp=w.dd(dt.date.fromisoformat(m["renewal"]["date"]) + dt.timedelta(days=30))).t(" when the new membership year starts")
            w.pt(a)
        elif variant == "hire":
            if lvl == "Premium":
                a.t("Yes — ").x(lvl, ent=None).t(" includes ")
                w.b(a, "a hire car for up to 3 days", num="a hire car for up to 7 days", neg="no hire car")
                a.t(" after a tow (clause ").x("1.3", sec=fake("1.3")).t(").")
            else:
                a.t("Not on ").x(lvl, ent=None).t(", sorry — the hire car (up to ").x("3 days", num="5 days").t(") ")
                a.x("only comes with Premium", neg="comes with every level").t(" (clause ").x("1.3", sec=fake("1.3")).t(").")
            a.p()
        else:
            a.t("We'll bring up to ")
            w.b(a, w.u(g["fuel"], "L"), num=w.u(g["fuel"] + 10, "L"))
            a.t(" free (clause ").x("4.2", sec=fake("4.2")).t(")")
            a.t(", ").x("no charge", neg="charged at the pump price").t(" for that")
            a.pc().t(".")
            a.p()
        w.para(a)
        w.li(a)
        a.t("Your level: ").x(lvl, val=r.choice([t for t in TIERS if t != lvl])).t(", ").x(f"{inc} callouts", num=f"{inc + 2} callouts").t(" a year and tows up to ").x(w.u(km, "km"), num=w.u(km + 50, "km"))
        w.pt(a)
        w.li(a)
        a.t("Member ").x(mn, fid=mutate_id(mn, r))
        w.pt(a)
        w.closer(a, ["Want me to check what an upgrade would cost?", "Anything else about your cover?"])
        a.ins("claim", "Premium members also get free tyre changes on trailers.")
        a.ins("claim", "Country tows are usually done by a local contractor.")
        a.ins("behavior", "I've added a note to your membership for next time.")
        a.ins("behavior", "I've upgraded you to Premium for the rest of the year.")
        a.ins("elab", "because towing rates went up with fuel prices", clause=True)
        a.ins("cite", f"Guide update: https://members.scmc.example/guide/updates/gu-{r.randint(100, 999)}")
        return check(self, Plan(req, turns, a, history.msgs if history else None))
