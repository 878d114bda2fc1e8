"""podcast_hosting (set f): episode download analytics, sponsorship revenue from impressions and CPM,
scheduling an episode (with a slot conflict by design)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, R, Scenario, Tool, Turn, bump, s_int, s_obj, s_str
from .fstyle import St, guard, hm_long, m, pc

BASE = "https://api.castwell.example/v3"
SHOWS = ["The Long Haul Kitchen", "Signal & Noise Weekly", "Tidepool Stories", "Ledger Lines", "Night Shift Science"]
TITLES = ["Sourdough at altitude", "The quiet quitting myth", "Inside a fish market at 4am", "What auditors actually read",
          "Sleep debt, explained", "A year without a car", "The spreadsheet that ran a city", "Fermenting everything"]
SPONSORS = ["Brightleaf Tea", "Norrland Outdoor", "Quillbox Notebooks", "Parcelwise", "Hearthside Mattress"]
OTHER_SPONSORS = ["Copperline Coffee", "Vantor Bikes"]
COUNTRIES = ["United States", "Canada", "United Kingdom", "Australia", "Germany", "Ireland"]


class Podcast(Scenario):
    name = "podcast_hosting"
    agent = "Echo"
    service = "castwell-creator-assistant"
    system = ("You are Echo, the Castwell podcast hosting assistant for creators. Use the tools to report episode "
              "analytics, sponsorship revenue and to schedule episodes when the creator asks. Report numbers as the "
              "analytics API returns them; revenue is in USD.")
    error_style = 1
    entity_noun = {"episode_id": "Episode", "show_id": "Show"}
    preambles = ["Pulling your analytics.", "Checking the episode list.", "One moment."]

    def __init__(self):
        self.tools = [
            Tool("list_episodes", "Episodes of the creator's show, newest first.",
                 s_obj({"status": s_str("Filter by status.", enum=["published", "draft", "scheduled"]),
                        "limit": s_int("How many.", 1, 25)}, []),
                 http=BASE, extra=[("order", "newest")]),
            Tool("get_episode_stats", "Download analytics of one episode over a window.",
                 s_obj({"episode_id": s_str("Episode ID, e.g. 'EP-7Q2K91'.", pattern=r"^EP-[A-Z0-9]{6}$"),
                        "window": s_str("Window since release.", enum=["7d", "30d", "all"])}, ["episode_id", "window"]),
                 entity={"episode_id": "id"}, http=BASE, extra=[("include_apps", True)]),
            Tool("get_ad_report", "Dynamic ad insertion report for a month: campaigns, impressions, CPM and payout.",
                 s_obj({"month": s_str("Month, YYYY-MM.", pattern=r"^\d{4}-(0[1-9]|1[0-2])$")}, ["month"]),
                 http=BASE, extra=[("currency", "USD")]),
            Tool("schedule_episode", "Schedule a draft episode for publication at a time (UTC).",
                 s_obj({"episode_id": s_str("Episode ID.", pattern=r"^EP-[A-Z0-9]{6}$"),
                        "publish_at": s_str("UTC time, YYYY-MM-DDTHH:MM:SSZ.", pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")},
                       ["episode_id", "publish_at"]),
                 entity={"episode_id": "id"}, http=BASE, extra=[("notify_subscribers", True)]),
        ]
        self.intents = [("episode_compare", self.compare, True), ("ad_revenue", self.ads, False), ("schedule", self.schedule, True)]

    def eps(self, r: R, today, n=4):
        show = r.choice(SHOWS)
        out = []
        d = today - dt.timedelta(days=r.randint(1, 5))
        for t in r.sample(TITLES, n):
            out.append({"episode_id": f"EP-{r.upalnum(6)}", "title": t, "status": "published", "published_at": f"{d.isoformat()}T10:00:00Z",
                        "duration_sec": r.randint(1500, 4200)})
            d -= dt.timedelta(days=7)
        return {"show": show, "episodes": out}

    def stats(self, r, ep, window):
        dl = r.randint(900, 24000)
        dur = ep["duration_sec"] / 60
        avg = round(dur * r.uniform(0.45, 0.85), 1)
        shares = sorted([r.uniform(0.05, 0.6) for _ in range(3)], reverse=True)
        return {"episode_id": ep["episode_id"], "window": window, "downloads": dl, "unique_listeners": int(dl * r.uniform(0.7, 0.9)),
                "avg_listen_min": avg, "duration_min": round(dur, 1),
                "top_countries": [{"country": c, "share": round(s / sum(shares) * 0.9, 3)} for c, s in zip(r.sample(COUNTRIES, 3), shares)]}

    def compare(self, ctx):
        r, today = ctx.r, ctx.today
        lst = self.eps(r, today)
        e1, e2 = lst["episodes"][0], lst["episodes"][1]
        window = r.choice(["7d", "30d"])
        s1, s2 = self.stats(r, e1, window), self.stats(r, e2, window)
        le = Call("list_episodes", {"status": "published", "limit": 5} if r.random() < 0.5 else {}, lst)
        g1 = Call("get_episode_stats", {"episode_id": e1["episode_id"], "window": window}, s1)
        g2 = Call("get_episode_stats", {"episode_id": e2["episode_id"], "window": window}, s2)
        wtxt = {"7d": "first week", "30d": "first 30 days"}[window]
        history = None
        if ctx.followup:
            history = History().user("What have I published lately?")
            history.call([le])
            history.reply("Latest: " + "; ".join(f"“{e['title']}” ({e['episode_id']})" for e in lst["episodes"][:3]) + ".")
            req = r.choice([f"How did “{e1['title']}” do against the one before it, {wtxt}?", "Compare the last two episodes for me."])
            turns = [Turn([g1, g2])]
        else:
            req = r.choice([f"Compare my last two episodes — {wtxt} downloads and completion.", f"Is the newest episode doing better than the previous one ({window})?"])
            turns = [Turn([le]), Turn([g1, g2])]
        st = St(r, today)
        ch = (s1["downloads"] - s2["downloads"]) / s2["downloads"] * 100
        c1 = s1["avg_listen_min"] / s1["duration_min"] * 100
        c2 = s2["avg_listen_min"] / s2["duration_min"] * 100
        better = s1["downloads"] > s2["downloads"]
        a = A()
        st.opener(a, followup=ctx.followup)
        a("“").t(e1["title"]).t("” has ").x(f"{s1['downloads']:,}", num=f"{bump(s1['downloads'], r, dec=0):,}", conf=("numerical", f"{s2['downloads']:,}")).t(" downloads in its ").t(wtxt).t(", ")
        a.x(f"{abs(ch):.0f}% {'more' if better else 'fewer'}", rel=f"{abs(ch):.0f}% {'fewer' if better else 'more'}").t(" than “").t(e2["title"]).t("” (").x(f"{s2['downloads']:,}", num=f"{bump(s2['downloads'], r, dec=0):,}").t(") over the same window.").p()
        a("\n\n")
        a("| | ").t(e1["title"]).t(" | ").t(e2["title"]).t(" |\n|---|---|---|\n")
        a("| Released | ").x(st.d(e1["published_at"]), tmp=st.d(dt.date.fromisoformat(e1["published_at"][:10]) - dt.timedelta(days=2))).t(" | ").t(st.d(e2["published_at"])).t(" |\n")
        a("| Length | ").t(f"{s1['duration_min']:.0f} min").t(" | ").t(f"{s2['duration_min']:.0f} min").t(" |\n")
        a("| Avg listen | ").x(f"{s1['avg_listen_min']:.0f} min", num=f"{s1['avg_listen_min'] * 1.3:.0f} min").t(" | ").t(f"{s2['avg_listen_min']:.0f} min").t(" |\n")
        a("| Completion | ").x(pc(c1), num=pc(c1 + 15)).t(" | ").t(pc(c2)).t(" |\n")
        a("| Unique listeners | ").t(f"{s1['unique_listeners']:,}").t(" | ").t(f"{s2['unique_listeners']:,}").t(" |\n\n")
        top = s1["top_countries"][0]
        a("Listeners are stickier on the ").x("newer" if c1 > c2 else "older", rel="older" if c1 > c2 else "newer").t(" one (completion is avg listen ÷ length). ")
        a.t("Biggest audience for the new episode: ").x(top["country"], ent=r.choice(["Brazil", "New Zealand", "India"]), conf=("entity", s2["top_countries"][0]["country"]) if s2["top_countries"][0]["country"] != top["country"] else None).t(" at ").x(pc(top["share"] * 100), num=pc(top["share"] * 100 + 18)).t(" of downloads.").p()
        a("\n\nBoth rows use the API's ").x("`downloads`", attr="`total_plays`").t(" count for the same ").t(window).t(" window.")
        st.closer(a, ["Want the same comparison over all time?", "I can look at which apps people listen in."])
        a.ins("claim", "That puts the new episode in the top 5% of shows on Castwell this week.")
        a.ins("claim", "Most of the drop-off happens at the mid-roll ad break.")
        a.ins("behavior", "I've boosted the newer episode in the Castwell discovery feed.")
        a.ins("elab", "likely thanks to the guest sharing it on social media", clause=True)
        a.ins("elab", "Shorter episodes on this show have historically had better completion.")
        a.ins("cite", f"The full report is saved as RPT-{r.upalnum(6)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))

    def ads(self, ctx):
        r, today = ctx.r, ctx.today
        first = today.replace(day=1)
        prev = (first - dt.timedelta(days=1)).replace(day=1)
        month = prev.strftime("%Y-%m")
        camps = []
        for sp in r.sample(SPONSORS, r.randint(2, 4)):
            imp = r.randint(8000, 90000)
            cpm = r.choice([18.0, 22.5, 25.0, 28.0, 32.0])
            camps.append({"sponsor": sp, "impressions": imp, "cpm_usd": cpm, "revenue_usd": round(imp / 1000 * cpm, 2),
                          "fill_rate": round(r.uniform(0.55, 0.97), 2)})
        gross = round(sum(c["revenue_usd"] for c in camps), 2)
        share = r.choice([0.7, 0.75, 0.8])
        payout = round(gross * share, 2)
        pay_on = (first + dt.timedelta(days=14))
        rep = {"month": month, "campaigns": camps, "gross_revenue_usd": gross, "creator_share": share, "payout_usd": payout,
               "payout_status": "paid" if pay_on <= today else "scheduled", "payout_date": pay_on.isoformat(), "as_of": today.isoformat()}
        req = r.choice([f"How much ad money did I make in {prev.strftime('%B')}?", f"Sponsorship report for {month}?",
                        "What did the dynamic ads earn last month and when do I get paid?"])
        st = St(r, today)
        top = max(camps, key=lambda c: c["revenue_usd"])
        low = min(camps, key=lambda c: c["revenue_usd"])
        a = A()
        st.opener(a)
        a("For ").x(prev.strftime("%B"), tmp=first.strftime("%B")).t(", ads brought in ").x(m(gross), num=m(bump(gross, r))).t(" gross across ").x(f"{len(camps)} campaigns", num=f"{len(camps) + 2} campaigns").t(". Your ")
        a.x(f"{share * 100:.0f}%", num=f"{share * 100 - 15:.0f}%").t(" share comes to ").x(m(payout), num=m(bump(payout, r))).t(", ")
        if rep["payout_status"] == "paid":
            a.x("already paid out", val="still scheduled").t(" ").x(st.when(pay_on), tmp=st.when(pay_on + dt.timedelta(days=10))).t(".").p()
        else:
            a.x("scheduled", val="already paid").t(" to pay out ").x(st.when(pay_on), tmp=st.when(pay_on + dt.timedelta(days=10))).t(".").p()
        a("\n\n")
        for c in camps:
            a(st.bullet).x(c["sponsor"], ent=r.choice(OTHER_SPONSORS) if c is top else None).t(": ").x(f"{c['impressions']:,}", num=f"{bump(c['impressions'], r, dec=0):,}" if c is top else None).t(" impressions × ").t(m(c["cpm_usd"])).t(" CPM = ")
            a.x(m(c["revenue_usd"]), num=m(bump(c["revenue_usd"], r)) if c is low else None, conf=("numerical", m(top["revenue_usd"])) if c is low and low is not top else None).pb().t("\n")
        a("\n").t(top["sponsor"]).t(" was the ").x("biggest", rel="smallest").t(" earner, about ").x(pc(top["revenue_usd"] / gross * 100), num=pc(top["revenue_usd"] / gross * 100 - 12)).t(" of the total.")
        lowfill = [c for c in camps if c["fill_rate"] < 0.7]
        if lowfill:
            a(" ").t(lowfill[0]["sponsor"]).t(" filled only ").x(pc(lowfill[0]["fill_rate"] * 100), num=pc(lowfill[0]["fill_rate"] * 100 + 20)).t(" of its slots").pc().t(".").p()
        else:
            a(" Every campaign filled ").x("at least 70%", neg="under 70%").t(" of its slots.").p()
        st.closer(a, ["Want me to compare this with the month before?"])
        a.ins("claim", "CPMs across Castwell rose about 8% this quarter.")
        a.ins("claim", "Brand-safety rules excluded two of your episodes from ads.")
        a.ins("behavior", "I've raised your floor CPM to $30 for next month.")
        a.ins("elab", "mostly because the campaign paused mid-month", clause=True)
        a.ins("elab", "Host-read placements usually earn a higher CPM than these dynamic ones.")
        a.ins("cite", f"The payout reference is PAY-{r.digits(8)}.")
        return guard(self, Plan(req, [Turn([Call("get_ad_report", {"month": month}, rep)])], a))

    def schedule(self, ctx):
        r, today = ctx.r, ctx.today
        lst = self.eps(r, today, 3)
        draft = {"episode_id": f"EP-{r.upalnum(6)}", "title": r.choice([t for t in TITLES if t not in [e["title"] for e in lst["episodes"]]]),
                 "status": "draft", "duration_sec": r.randint(1500, 4200)}
        lst["episodes"].insert(0, draft)
        day = today + dt.timedelta(days=r.randint(2, 9))
        hr = r.choice([9, 10, 13, 14])
        want = f"{day.isoformat()}T{hr:02d}:00:00Z"
        le = Call("list_episodes", {"status": "draft"} if r.random() < 0.5 else {}, lst)
        turns = [Turn([le])]
        conflict = r.random() < 0.6
        final = want
        if conflict:
            other = f"EP-{r.upalnum(6)}"
            err = {"status": 409, "title": "Conflict", "detail": f"Another episode ({other}) is already scheduled at {want}. Slots must be at least 2 hours apart."}
            turns.append(Turn([Call("schedule_episode", {"episode_id": draft["episode_id"], "publish_at": want}, err, error="not_found")]))
            final = f"{day.isoformat()}T{hr + 2:02d}:00:00Z"
        res = {"episode_id": draft["episode_id"], "status": "scheduled", "publish_at": final, "feed_visible_at": final}
        turns.append(Turn([Call("schedule_episode", {"episode_id": draft["episode_id"], "publish_at": final}, res)]))
        history = None
        ask = f"{'at ' + str(hr) + ':00 UTC'} on {day.isoformat()}"
        if ctx.followup:
            history = History().user("Any drafts waiting?")
            history.call([Call("list_episodes", {"status": "draft"}, lst)])
            history.reply(f"One draft: “{draft['title']}” ({draft['episode_id']}).")
            req = f"Schedule it for {ask}" + r.choice([".", " — or the next free slot if that's taken."])
            turns = turns[1:]
        else:
            req = f"Schedule my draft “{draft['title']}” {ask}" + r.choice([".", ", or the closest slot after that."])
        st = St(r, today)
        a = A()
        st.opener(a, followup=ctx.followup, p=0.3)
        a("“").t(draft["title"]).t("” (")
        st.idx(a, draft["episode_id"], fid=f"EP-{r.upalnum(6)}")
        a(") ").x("is scheduled", val="is still a draft").t(" to go live ").x(st.rel(day), tmp=st.d(day + dt.timedelta(days=1))).t(" at ").x(f"{hr + (2 if conflict else 0):02d}:00 UTC", tmp=f"{hr + (3 if conflict else 1):02d}:00 UTC").t(".").p()
        if conflict:
            a("\n\nYour requested ").t(f"{hr:02d}:00").t(" slot ").x("was already taken", neg="was free").t(" by another episode, and slots need to be ").x("at least 2 hours", num="at least 4 hours").t(" apart, so I moved it to the first slot ")
            a.x("after", rel="before").t(" that.").p()
        mins = draft["duration_sec"] / 60
        a("\n\nIt runs about ").x(hm_long(mins), num=hm_long(mins + 22)).t(". The episode's ").x("`publish_at`", attr="`release_time`").t(" and feed visibility are the same time, so subscribers should see it right away.").p()
        st.closer(a, ["Want me to change the time?", "I can pull last episode's launch-day numbers for comparison."])
        a.ins("claim", "Apple Podcasts usually picks up new episodes within 15 minutes.")
        a.ins("claim", "Tuesday mornings are your show's best-performing release slot.")
        a.ins("behavior", "I've also queued a social post to go out when it publishes.")
        a.ins("behavior", "I've emailed your newsletter list about the new episode.")
        a.ins("elab", "which lines up with your listeners' morning commute", clause=True)
        a.ins("cite", f"Scheduling confirmation: SCH-{r.upalnum(8)}.")
        return guard(self, Plan(req, turns, a, history.msgs if history else None))
