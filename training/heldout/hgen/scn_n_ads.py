"""ad_campaigns (set n): an analyst assistant briefing a marketing / finance manager from the AdPulse ad-reporting API —
a month's performance across an account's campaigns (spend, leads, blended CPL, ROAS, channel mix as shares of spend,
best and weakest CPL, top campaigns by revenue), one campaign's weekly or monthly trend (WoW / MoM changes of spend,
leads, CPL and CTR in points, the peak week, the weekly range and average, a provisional latest period), which campaigns
breach the review thresholds of the reporting methodology fetched by URL (CPL above 1.5x the account median, ROAS below
1.0x) and a monthly budget change (a change above 20 % refused by design and the capped change taken)."""
from __future__ import annotations

import calendar
import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_num, s_obj, s_str
from .nstyle import Brief, D, chg_pct, iso_week, median, table, vet, week_label, week_monday

BASE = "https://api.adpulse.example/v1"
DOC_URLS = ["https://docs.adpulse.example/methodology/kpi-definitions-v3",
            "https://docs.adpulse.example/methodology/reporting-standards"]
ACCOUNTS = ["Northwind Outdoor", "Bluefin Software", "Harbor & Pine Home", "Alder Health Clinics", "Kestrel Travel",
            "Marlow Financial"]
NAMES = {"search": ["Brand Terms – Search", "Competitor Terms – Search", "Free Trial – Search Generic",
                    "Spring Sale – Search"],
         "social": ["Lookalike Audiences – Social", "Webinar Series – LinkedIn", "Summer Preview – Instagram"],
         "display": ["Retargeting – Display", "Partner Co-marketing – Display"],
         "video": ["Product Launch – YouTube", "Customer Stories – Video"],
         "email": ["Newsletter Promo – Email", "Win-back – Email"]}
OTHER_NAMES = ["Holiday Countdown – Search", "Always-On Prospecting – Social", "Clearance Event – Display",
               "Podcast Sponsorship – Audio"]
CH = {  # ctr, lead rate per click, cost per click
    "search": ((0.03, 0.07), (0.04, 0.09), (2.0, 5.0)), "social": ((0.008, 0.016), (0.02, 0.05), (0.8, 2.0)),
    "display": ((0.001, 0.004), (0.01, 0.03), (0.5, 1.5)), "video": ((0.004, 0.01), (0.008, 0.025), (0.6, 1.8)),
    "email": ((0.02, 0.05), (0.03, 0.06), (0.3, 0.8))}
METHOD = ("ADPULSE REPORTING METHODOLOGY (v3)\n\n"
          "1. DEFINITIONS\n"
          "1.1 CTR = clicks / impressions.\n"
          "1.2 CPL (cost per lead) = spend / leads.\n"
          "1.3 ROAS = attributed revenue / spend, on a 30-day click attribution window.\n"
          "2. DATA FRESHNESS\n"
          "2.1 Conversions and revenue are restated for up to 7 days after the click; figures for the latest 7 days "
          "are provisional.\n"
          "3. REVIEW THRESHOLDS\n"
          "3.1 A campaign whose CPL is more than 1.5x the account median CPL is flagged for review.\n"
          "3.2 A campaign with ROAS below 1.0x for two consecutive weeks is flagged for pause.\n"
          "4. BUDGET CHANGES\n"
          "4.1 A change to a campaign's monthly budget of more than 20% needs finance approval.\n"
          "4.2 Approved changes take effect from the next calendar day.\n")
CH_WORD = {"search": "Search", "social": "Social", "display": "Display", "video": "Video", "email": "Email"}


def fake_sec(r, real):
    return r.choice([s for s in ["1.4", "2.2", "3.3", "3.4", "4.3", "5.1"] if s != real])


class AdCampaigns(Scenario):
    name = "ad_campaigns"
    agent = "media-briefing-analyst"
    service = "adpulse-insights-agent"
    system = ("You are an analyst assistant for the marketing and finance leadership team, with access to the AdPulse "
              "ad-reporting API. Write executive briefings: lead with a one-line headline, then the KPIs. Use only "
              "figures from the tools and show how derived figures were computed. Only change budgets when asked.")
    error_style = 0
    entity_noun = {"account_id": "Account", "campaign_id": "Campaign", "doc_url": "Document"}
    preambles = ["Pulling the campaign numbers.", "Let me get the AdPulse data first.", "Checking the account."]
    literal_ok = ["CPL", "ROAS", "CTR", "WoW", "MoM", "YoY"]

    def __init__(self):
        cp = r"^CMP-\d{5}$"
        self.tools = [
            Tool("list_campaigns", "Campaigns of an ad account with spend, impressions, clicks, leads, conversions and "
                                   "attributed revenue between two dates, plus monthly budgets and the methodology URL.",
                 s_obj({"account_id": s_str("Account ID, e.g. 'ACC-20417'.", pattern=r"^ACC-\d{5}$"),
                        "start_date": s_date("First day, YYYY-MM-DD."), "end_date": s_date("Last day, YYYY-MM-DD."),
                        "channel": s_str("Only this channel.", enum=["all", "search", "social", "display", "video", "email"]),
                        "status": s_str("Only campaigns in this status.", enum=["any", "active", "paused", "ended"]),
                        "limit": s_int("Maximum campaigns.", 1, 50)}, ["account_id", "start_date", "end_date"]),
                 entity={"account_id": "id"}, http=BASE, extra=[("include_archived", True)]),
            Tool("get_campaign_trend", "One campaign's metrics per ISO week or calendar month, most recent last.",
                 s_obj({"campaign_id": s_str("Campaign ID, e.g. 'CMP-48213'.", pattern=cp),
                        "granularity": s_str("Period length.", enum=["week", "month"]),
                        "periods": s_int("How many periods, ending with the latest.", 2, 12)},
                       ["campaign_id", "granularity"]),
                 entity={"campaign_id": "id"}, http=BASE, extra=[("include_forecast", True)]),
            Tool("get_methodology", "A reporting-methodology document (plain text, numbered sections) by URL.",
                 s_obj({"doc_url": s_str("Document URL.", pattern=r"^https://docs\.adpulse\.example/methodology/")},
                       ["doc_url"]),
                 entity={"doc_url": "url"}, extra=[("version", "latest")]),
            Tool("update_budget", "Change a campaign's monthly budget from an effective date. Changes above the "
                                  "account's limit are refused with the largest change allowed.",
                 s_obj({"campaign_id": s_str("Campaign ID.", pattern=cp),
                        "monthly_budget": s_num("New monthly budget in the account currency.", 0, 5000000),
                        "effective_date": s_date("First day the new budget applies, YYYY-MM-DD."),
                        "note": s_str("Reason for the change.", max_len=200)},
                       ["campaign_id", "monthly_budget", "effective_date"]),
                 entity={"campaign_id": "id"}, http=BASE, extra=[("dry_run", False)]),
        ]
        self.intents = [("account_briefing", self.briefing, False), ("campaign_trend", self.trend, True),
                        ("review_thresholds", self.review, True), ("budget_change", self.budget, True)]

    # ------------------------------------------------------------------ data
    def _period(self, r, today):
        """(start, end, data_through): last month, or this month to date."""
        if today.day > 6 and r.random() < 0.4:
            start = today.replace(day=1)
            end = today.replace(day=calendar.monthrange(today.year, today.month)[1])
            through = today - dt.timedelta(days=1)
        else:
            end = today.replace(day=1) - dt.timedelta(days=1)
            start = end.replace(day=1)
            through = end
        return start, end, through

    def _campaign(self, r, ch, name, days, mdays, aov, hot=False):
        ctr, lr, cpc = CH[ch]
        spend = round(r.uniform(3000, 95000) * days / mdays, 2)
        clicks = max(40, int(spend / r.uniform(*cpc)))
        impressions = int(clicks / r.uniform(*ctr))
        lrate = r.uniform(*lr) * (0.4 if hot else 1)
        leads = max(6, int(clicks * lrate))
        conversions = max(1, int(leads * r.uniform(0.08, 0.3)))
        revenue = round(conversions * aov * r.uniform(0.6, 1.4), 2)
        status = r.choice(["active"] * 6 + ["paused", "ended"])
        budget = (int(spend * mdays / days / 1000) + r.choice([1, 2, 5])) * 1000
        return {"campaign_id": "CMP-" + r.digits(5), "name": name, "channel": ch, "status": status,
                "spend": spend, "impressions": impressions, "clicks": clicks, "leads": leads,
                "conversions": conversions, "revenue": revenue, "monthly_budget": budget}

    def _account(self, r, today, n=None):
        start, end, through = self._period(r, today)
        days = (through - start).days + 1
        chans = r.sample(list(NAMES), r.randint(3, 5))
        pool = []
        for ch in chans:
            for nm in r.sample(NAMES[ch], r.randint(1, min(2, len(NAMES[ch])))):
                pool.append((ch, nm))
        r.shuffle(pool)
        pool = pool[:n or r.randint(5, 8)]
        if len(pool) < 4:
            extra = [(ch, nm) for ch in NAMES for nm in NAMES[ch] if (ch, nm) not in pool]
            pool += r.sample(extra, 4 - len(pool))
        hot = r.randrange(len(pool))
        mdays = calendar.monthrange(start.year, start.month)[1]
        aov = r.uniform(400, 1200)
        camps = [self._campaign(r, ch, nm, days, mdays, aov, hot=(i == hot and r.random() < 0.7)) for i, (ch, nm) in enumerate(pool)]
        ids = set()
        for c in camps:
            while c["campaign_id"] in ids:
                c["campaign_id"] = "CMP-" + r.digits(5)
            ids.add(c["campaign_id"])
        acct = "ACC-" + r.digits(5)
        res = {"account_id": acct, "account_name": r.choice(ACCOUNTS), "currency": r.choice(["USD"] * 3 + ["EUR", "GBP"]),
               "period": {"start": start.isoformat(), "end": end.isoformat()}, "data_through": through.isoformat(),
               "campaigns": camps, "methodology_url": r.choice(DOC_URLS), "as_of": today.isoformat()}
        return acct, res

    @staticmethod
    def _args(res, r):
        args = {"account_id": res["account_id"], "start_date": res["period"]["start"], "end_date": res["period"]["end"]}
        if r.random() < 0.4:
            args["channel"] = "all"
        if r.random() < 0.4:
            args["limit"] = 50
        return args

    # ------------------------------------------------------------------ intents
    def briefing(self, ctx):
        r, today = ctx.r, ctx.today
        acct, res = self._account(r, today)
        cs = res["campaigns"]
        start, end, through = D(res["period"]["start"]), D(res["period"]["end"]), D(res["data_through"])
        mon_s = f"{start.strftime('%B')} {start.year}"
        req = r.choice([f"Can you give me a quick briefing on {res['account_name']} ({acct}) paid media for {mon_s}?",
                        f"I need the headline numbers for {acct} for {mon_s} — spend, leads, CPL, ROAS. It's for the "
                        f"Monday leadership call, keep it tight.",
                        f"How did our paid campaigns do in {mon_s}? Account {acct}."])
        w = Brief(r, today, res["currency"])
        sp, ld, rv = sum(c["spend"] for c in cs), sum(c["leads"] for c in cs), sum(c["revenue"] for c in cs)
        cpl, roas = sp / ld, rv / sp
        by_ch = {}
        for c in cs:
            by_ch[c["channel"]] = by_ch.get(c["channel"], 0) + c["spend"]
        chs = sorted(by_ch.items(), key=lambda kv: -kv[1])
        cpls = sorted(cs, key=lambda c: c["spend"] / c["leads"])
        best, worst = cpls[0], cpls[-1]
        mon = w.mon(start)
        alt_mon = w.mon(*((start.year, start.month - 1) if start.month > 1 else (start.year - 1, 12)))
        a = A()
        pre, post = w.head()
        a.t(pre)
        v = r.randrange(3)
        if v == 0:
            a.t(res["account_name"] + " spent ").x(w.m(sp), num=w.m(sp * 1.18)).t(" in ").x(mon, tmp=alt_mon).t(" for ")
            a.x(w.k(ld) + " leads", num=w.k(ld * 0.8) + " leads").t(" — blended CPL ").x(w.money(cpl, calc=True), num=w.money(cpl * 1.21))
            a.t(", ROAS ").x(w.mult(roas, calc=True), num=w.mult(roas + 0.8)).t(".")
        elif v == 1:
            a.x(mon, tmp=alt_mon).t(": ").x(w.m(rv), num=w.m(rv * 0.82)).t(" of attributed revenue on ").x(w.m(sp, calc=True), num=w.m(sp * 1.15))
            a.t(" of spend, a ").x(w.mult(roas, calc=True), num=w.mult(roas + 0.6)).t(" ROAS.")
        else:
            a.t("Paid media returned ").x(w.mult(roas, calc=True), num=w.mult(roas * 1.3 + 0.2)).t(" in ").x(mon, tmp=alt_mon)
            a.t(", with ").x(CH_WORD[chs[0][0]], val=CH_WORD[chs[-1][0]] if len(chs) > 1 else None).t(" the ")
            a.x("largest", rel="smallest").t(" channel by spend.")
        a.t(post + "\n\n")
        # KPI bullets
        n_act = sum(c["status"] == "active" for c in cs)
        a.t(w.li() + w.lbl("Spend") + w.m(sp, calc=True) + " across ").x(w.n(len(cs), calc=True) + " campaigns", num=w.n(len(cs) + 2) + " campaigns")
        if n_act < len(cs):
            a.t(" (").x(w.n(n_act, calc=True), num=w.n(n_act + 1)).t(" still active)")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Leads") + w.k(ld, calc=True) + " at a blended CPL of ").x(w.money(cpl, calc=True), num=w.money(cpl * 0.84))
        if r.random() < 0.7:
            a.t(f" ({w.m(sp)} {w.div} {w.n(ld)})")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Revenue") + w.m(rv, calc=True) + " attributed, so ").x(w.mult(roas), num=w.mult(roas * 0.7)).t(" ROAS")
        if roas >= 1:
            w._c("money", 1, True)
            a.t(" — each " + w.sym + "1 of spend brought back ").x(w.money(roas, calc=True), num=w.money(roas + 0.9))
        w.pb(a)
        top = chs[0]
        a.t("\n" + w.li() + w.lbl("Mix") + CH_WORD[top[0]] + " is ").x(w.pct(top[1] / sp * 100, 0, calc=True) + " of spend", num=w.pct(top[1] / sp * 100 + 9, 0) + " of spend")
        a.t(f" ({w.m(top[1], calc=True)} {w.div} {w.m(sp)})")
        if len(chs) > 1:
            sec = chs[1]
            a.t(", then " + CH_WORD[sec[0]].lower() + " at ").x(w.pct(sec[1] / sp * 100, 0, calc=True), num=w.pct(sec[1] / sp * 100 + 6, 0))
        w.pb(a)
        a.t("\n\n")
        # best / weakest
        bc, wc = best["spend"] / best["leads"], worst["spend"] / worst["leads"]
        second = cpls[1]
        a.t(r.choice(["Efficiency", "On cost per lead", "Campaign level"]) + ": ").x(best["name"], ent=r.choice(OTHER_NAMES))
        a.t(" had the ").x("lowest", rel="highest").t(" CPL at ").x(w.money(bc, calc=True), num=w.money(bc * 1.3), conf=("numerical", w.money(second["spend"] / second["leads"])))
        a.t(", while ").x(worst["name"], ent=r.choice(OTHER_NAMES)).t(" (").x(worst["campaign_id"], fid=w.fake_id(worst["campaign_id"], r)).t(") was the weakest at ")
        a.x(w.money(wc, calc=True), num=w.money(wc * 0.75)).t(" — ")
        vb = w.verbal(wc / bc)
        a.t(vb if vb else w.mult(wc / bc, calc=True)).t(" the best campaign's cost per lead.")
        a.p()
        st = worst["status"]
        if st != "active":
            a.t(" It is already ").x(st, val="active").t(".")
        else:
            a.t(" It is still ").x("active", val="paused").t(".")
        a.p()
        ch_roas = {ch: sum(c["revenue"] for c in cs if c["channel"] == ch) / by_ch[ch] for ch in by_ch}
        losers = [ch for ch in ch_roas if ch_roas[ch] < 1]
        if not losers:
            a.t(" ").x("Every channel", neg="Not every channel").t(" returned more than it spent")
            a.pc().t(".")
        else:
            lc = min(losers, key=lambda ch: ch_roas[ch])
            a.t(" " + CH_WORD[lc] + " ").x("didn't", neg="did").t(" cover its spend (ROAS ").x(w.mult(ch_roas[lc], calc=True), num=w.mult(ch_roas[lc] + 0.7)).t(")")
            a.pc().t(".")
        a.p()
        if r.random() < 0.45:
            top3 = sorted(cs, key=lambda c: -c["revenue"])[:3]
            a.t("\n\nTop " + w.n(3, calc=True) + " by revenue:\n\n")
            rows = []
            for i, c in enumerate(top3):
                rows.append([c["name"], CH_WORD[c["channel"]].lower(), w.m(c["spend"]),
                             (w.m(c["revenue"]), {"num": w.m(c["revenue"] * 0.78)} if i == 0 else {}),
                             w.mult(c["revenue"] / c["spend"], calc=True)])
            table(a, ["Campaign", "Channel", "Spend", "Revenue", "ROAS"], rows)
            a.t("\n\n(ROAS uses the attributed ").x("`revenue`", attr=r.choice(["`booked_revenue`", "`assisted_revenue`"])).t(" field.)")
        if through < end:
            a.t("\n\n" + w.fresh(through, end))
        a.pp()
        a.t("\n\n" + w.rec() + r.choice([f"shift some of {worst['name']}'s budget toward {best['name']} and recheck in two weeks.",
                                          f"review targeting on {worst['name']} before next month's budget is set.",
                                          f"hold total spend flat and move budget from the weakest CPL campaigns to {best['name']}."]))
        w.closer(a, ["I can split this by week if you want to see the run-rate."])
        a.ins("claim", "That's the account's best ROAS this fiscal year.")
        a.ins("claim", f"{CH_WORD[top[0]]} CPCs were up across the industry this month.")
        a.ins("behavior", f"I've flagged {worst['name']} for review in AdPulse.")
        a.ins("behavior", "I've shared these numbers with the channel leads.")
        a.ins("elab", "mostly thanks to the new bidding strategy", clause=True)
        ref = f"FIN-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"Finance signed off this channel split in memo {ref}.", ref))
        return vet(self, Plan(req, [Turn([Call("list_campaigns", self._args(res, r), res)])], a), w)

    def _series(self, r, today, camp, gran, n):
        """Weekly (ISO weeks up to last week) or monthly (up to last month) rows; the latest week is provisional."""
        rows = []
        base_sp = camp["monthly_budget"] * r.uniform(0.7, 0.95) / (4.3 if gran == "week" else 1)
        ctr = camp["clicks"] / camp["impressions"]
        lr = camp["leads"] / camp["clicks"]
        if gran == "week":
            y, wk = iso_week(today - dt.timedelta(days=7))
            mon = week_monday(y, wk)
            labels = [week_label(mon - dt.timedelta(days=7 * k)) for k in range(n - 1, -1, -1)]
        else:
            first = today.replace(day=1)
            labels = []
            d = first
            for _ in range(n):
                d = (d - dt.timedelta(days=1)).replace(day=1)
                labels.append(f"{d.year}-{d.month:02d}")
            labels.reverse()
        f = 1.0
        for i, lab in enumerate(labels):
            f *= r.uniform(0.85, 1.18)
            sp = round(base_sp * f, 2)
            imp = int(sp / (camp["spend"] / camp["impressions"]) * r.uniform(0.9, 1.1))
            cl = max(10, int(imp * ctr * r.uniform(0.9, 1.1)))
            ld = max(3, int(cl * lr * r.uniform(0.85, 1.15)))
            cv = max(1, int(ld * r.uniform(0.08, 0.3)))
            rows.append({"period": lab, "spend": sp, "impressions": imp, "clicks": cl, "leads": ld, "conversions": cv,
                         "revenue": round(cv * camp["revenue"] / camp["conversions"] * r.uniform(0.8, 1.2), 2)})
        if gran == "week":
            rows[-1]["provisional"] = True
        return rows

    def trend(self, ctx):
        r, today = ctx.r, ctx.today
        acct, res = self._account(r, today)
        camp = r.choice(res["campaigns"])
        gran = "week" if r.random() < 0.7 else "month"
        n = r.randint(6, 8) if gran == "week" else r.randint(4, 6)
        rows = self._series(r, today, camp, gran, n)
        tr = {"campaign_id": camp["campaign_id"], "name": camp["name"], "channel": camp["channel"], "granularity": gran,
              "currency": res["currency"], "series": rows, "as_of": today.isoformat()}
        pw = "WoW" if gran == "week" else "MoM"
        history = None
        turns = [Turn([Call("get_campaign_trend", {"campaign_id": camp["campaign_id"], "granularity": gran, "periods": n}, tr)])]
        if ctx.followup:
            history = History().user(f"Which campaigns are running on {acct} this month?")
            history.call([Call("list_campaigns", self._args(res, r), res)])
            history.reply(f"{len(res['campaigns'])} campaigns, including {camp['name']} ({camp['campaign_id']}).")
            req = r.choice([f"How is {camp['name']} trending {pw}?", f"ok — what does the {gran}ly trend look like for {camp['name']}?"])
        else:
            req = r.choice([f"How is {camp['campaign_id']} trending {'week over week' if gran == 'week' else 'month over month'}?",
                            f"{camp['name']} ({camp['campaign_id']}): what happened to CPL over the last {n} {gran}s?",
                            f"Quick read on {camp['campaign_id']} by {gran}, please — is it getting more or less efficient?"])
        w = Brief(r, today, res["currency"])
        cur, prv = rows[-1], rows[-2]
        cpl_c, cpl_p = cur["spend"] / cur["leads"], prv["spend"] / prv["leads"]
        d_cpl = chg_pct(cpl_p, cpl_c)
        d_ld = chg_pct(prv["leads"], cur["leads"])
        d_sp = chg_pct(prv["spend"], cur["spend"])
        ctr_c, ctr_p = cur["clicks"] / cur["impressions"] * 100, prv["clicks"] / prv["impressions"] * 100
        P = (lambda x, **k: w.wk(x["period"], **k)) if gran == "week" else (lambda x, **k: w.mon(x["period"], **k))
        lab_c, lab_p = P(cur), P(prv)
        alt_lab = w.wk(int(cur["period"][-2:]) + 1) if gran == "week" else w.mon(int(cur["period"][:4]) - 1, int(cur["period"][5:]))
        a = A()
        pre, post = w.head()
        a.t(pre).x(camp["name"], ent=r.choice(OTHER_NAMES))
        if r.random() < 0.5:
            a.t(" (").x(camp["campaign_id"], fid=w.fake_id(camp["campaign_id"], r)).t(")")
        a.t(": CPL ").x(w.updown(d_cpl), rel=w.updown(-d_cpl)).t(" ")
        a.x(w.pct(abs(d_cpl), 1, calc=True), num=w.pct(abs(d_cpl) + 7.5, 1)).t(f" {pw} to ").x(w.money(cpl_c, calc=True), num=w.money(cpl_c * 0.8), conf=("numerical", w.money(cpl_p, calc=True)))
        a.t(" in ").x(lab_c, tmp=alt_lab)
        if cur["leads"] == prv["leads"]:
            a.t(", on flat leads")
        else:
            a.t(", on ").x(w.updown(d_ld, "more", "fewer"), rel=w.updown(-d_ld, "more", "fewer")).t(" leads")
        a.pc().t("." + post + "\n\n")
        a.t(w.li() + w.lbl("Spend") + w.m(cur["spend"]) + " vs " + w.m(prv["spend"]) + " (").x(w.pct(d_sp, 1, calc=True, sign=True), num=w.pct(-d_sp if abs(d_sp) > 3 else d_sp + 6, 1, sign=True)).t(")")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Leads")).x(w.n(cur["leads"]), num=w.n(cur["leads"] + max(6, cur["leads"] // 5))).t(" vs " + w.n(prv["leads"]) + " (" + (w.pct(d_ld, 1, calc=True, sign=True) if cur["leads"] != prv["leads"] else "flat") + ")")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("CPL") + w.money(cpl_c))
        if r.random() < 0.5:
            a.t(f" ({w.m(cur['spend'])} {w.div} {w.n(cur['leads'])})")
        a.t(" vs " + w.money(cpl_p, calc=True))
        w.pb(a)
        d_ctr = ctr_c - ctr_p
        if abs(round(d_ctr, 1)) >= 0.1:
            a.t("\n" + w.li() + w.lbl("CTR") + w.pct(ctr_c, 1 if ctr_c >= 1 else 2, calc=True) + ", ").x(w.updown(d_ctr), rel=w.updown(-d_ctr)).t(" ")
            a.x(w.pts(abs(d_ctr), 1 if abs(d_ctr) >= 0.1 else 2, calc=True), num=w.pts(abs(d_ctr) + 0.6, 1)).t(" " + pw)
            w.pb(a)
        a.t("\n\n")
        lds = [x["leads"] for x in rows]
        pk = max(rows, key=lambda x: x["leads"])
        tot_ld = sum(lds)
        unit = "week" if gran == "week" else "month"
        a.t(f"Across the {w.n(len(rows), calc=True)} {unit}s, leads ranged ").x(w.rng(min(lds), max(lds), w.n), num=w.rng(min(lds), max(lds) + 40, w.n)).t(f" per {unit}")
        a.t(" and peaked in ").x(P(pk), tmp=None, conf=("temporal", P(min(rows, key=lambda x: x["leads"])))).t(f" ({w.n(pk['leads'])}).")
        a.p()
        avg_sp = sum(x["spend"] for x in rows) / len(rows)
        a.t(" Average spend was ").x(w.m(avg_sp, calc=True), num=w.m(avg_sp * 1.25)).t(f" per {unit}, for ")
        a.x(w.k(tot_ld, calc=True) + " leads", num=w.k(tot_ld * 1.2) + " leads").t(" in total.")
        a.p()
        kept = d_ld >= d_sp
        a.t(" In the latest " + unit + ", leads ").x("kept" if kept else "didn't keep", neg="didn't keep" if kept else "kept").t(" pace with spend")
        a.pc().t(".")
        a.p()
        if r.random() < 0.4:
            a.t(" (CPL is ").x("`spend`", attr=r.choice(["`cost`", "`media_cost`"])).t(" " + w.div + " ").x("`leads`", attr=r.choice(["`qualified_leads`", "`lead_count`"])).t(" per row of the feed.)")
        if r.random() < 0.4:
            a.t("\n\n")
            tab = []
            for i, x in enumerate(rows):
                tab.append([P(x), w.m(x["spend"]), w.n(x["leads"]),
                            (w.money(x["spend"] / x["leads"], calc=True), {"num": w.money(x["spend"] / x["leads"] * 1.2)} if i == len(rows) - 1 else {})])
            table(a, [unit.capitalize(), "Spend", "Leads", "CPL"], tab)
        if gran == "week":
            a.t("\n\n" + r.choice(["Caveat: ", "Note: ", ""]) + w.wk(cur["period"]) + " is ").x("flagged provisional", val="final").t(" in the feed, so its conversions may still move.")
        a.pp()
        trend_up = d_cpl > 0
        a.t("\n\n" + w.rec() + (r.choice(["check search terms and creative fatigue before adding budget.",
                                           "hold budget flat until CPL settles for another period."]) if trend_up else
                                r.choice(["keep the current setup; the efficiency gain looks real so far.",
                                          "consider a modest budget increase if the next period confirms it."])))
        w.closer(a, ["I can put this next to the account average if that helps."])
        a.ins("claim", f"{camp['name']} is now the account's most efficient campaign.")
        a.ins("claim", "The landing page was changed the same week.")
        a.ins("behavior", "I've lowered the campaign's bids to compensate.")
        a.ins("behavior", "I've set up an alert for when CPL moves more than 10% again.")
        a.ins("elab", "largely because a competitor stopped bidding on the same terms", clause=True)
        ref = f"EXP-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"The creative test behind this is logged as {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def review(self, ctx):
        r, today = ctx.r, ctx.today
        acct, res = self._account(r, today, n=r.randint(5, 8))
        cs = res["campaigns"]
        # make one or two campaigns expensive often enough
        if r.random() < 0.7:
            for c in r.sample(cs, r.choice([1, 1, 2])):
                c["leads"] = max(6, int(c["leads"] * r.uniform(0.25, 0.45)))
                c["conversions"] = max(1, min(c["conversions"], c["leads"] // 3))
        url = res["methodology_url"]
        gd = Call("get_methodology", {"doc_url": url}, METHOD)
        lc = Call("list_campaigns", self._args(res, r), res)
        start = D(res["period"]["start"])
        mon_s = f"{start.strftime('%B')} {start.year}"
        history = None
        if ctx.followup:
            history = History().user(f"What's running on {acct} for {mon_s}?")
            history.call([lc])
            history.reply(f"{len(cs)} campaigns on {res['account_name']}, {sum(c['status'] == 'active' for c in cs)} active.")
            req = r.choice(["Which of these breach the review thresholds in our methodology?",
                            "ok, and which ones should be flagged for review under the methodology?"])
            turns = [Turn([gd])]
        else:
            req = r.choice([f"For {acct} in {mon_s}, which campaigns should be flagged for review under the AdPulse methodology?",
                            f"Run {acct} ({mon_s}) against the review thresholds in the methodology doc, please."])
            turns = [Turn([lc]), Turn([gd])]
        w = Brief(r, today, res["currency"])
        cpl = {c["campaign_id"]: c["spend"] / c["leads"] for c in cs}
        med = median(list(cpl.values()))
        thr = med * 1.5
        flagged = sorted([c for c in cs if cpl[c["campaign_id"]] > thr], key=lambda c: -cpl[c["campaign_id"]])
        okc = [c for c in cs if cpl[c["campaign_id"]] <= thr]
        lowroas = [c for c in cs if c["revenue"] / c["spend"] < 1]
        a = A()
        pre, post = w.head()
        nf = len(flagged)
        if nf:
            a.t(pre).x(w.n(nf, calc=True) + " of " + w.n(len(cs), calc=True), num=w.n(nf + 1) + " of " + w.n(len(cs))).t(" campaigns " + ("breaches" if nf == 1 else "breach") + " the CPL review threshold in ")
            a.x(w.sec("3.1"), sec=w.sec(fake_sec(r, "3.1"))).t(" for ").x(w.mon(start), tmp=w.mon(start.year - 1, start.month)).t("." + post + "\n\n")
        else:
            a.t(pre).x("No campaign", neg="One campaign").t(" breaches the CPL review threshold in ").x(w.sec("3.1"), sec=w.sec(fake_sec(r, "3.1"))).t(" for ").x(w.mon(start), tmp=w.mon(start.year - 1, start.month)).t("." + post + "\n\n")
        a.t(w.li() + w.lbl("Median CPL")).x(w.money(med, calc=True), num=w.money(med * 1.2)).t(" across the " + w.n(len(cs), calc=True) + " campaigns (CPL = spend " + w.div + " leads, ")
        a.x(w.sec("1.2"), sec=w.sec(fake_sec(r, "1.2"))).t(")")
        w.pb(a)
        a.t("\n" + w.li() + w.lbl("Threshold") + w.mult(1.5) + " the median = ").x(w.money(thr, calc=True), num=w.money(thr * 0.85))
        w.pb(a)
        for i, c in enumerate(flagged[:3]):
            v = cpl[c["campaign_id"]]
            a.t("\n" + w.li())
            a.x(c["name"], ent=r.choice(OTHER_NAMES) if i == 0 else None).t(" (").x(c["campaign_id"], fid=w.fake_id(c["campaign_id"], r) if i == 0 else None).t("): CPL ")
            other = okc[0] if okc else None
            a.x(w.money(v, calc=True), num=w.money(v * 0.8) if i == 0 else None,
                conf=("numerical", w.money(cpl[other["campaign_id"]])) if i == 0 and other else None).t(", ")
            a.x(w.mult(v / med, calc=True), num=w.mult(v / med + 0.9) if i == 0 else None).t(" the median")
            if c["status"] != "active":
                a.t(" — already ").x(c["status"], val="active" if i == 0 else None)
            w.pb(a)
        if nf > 3:
            a.t("\n" + w.li() + "plus " + w.n(nf - 3, calc=True) + " more")
        a.t("\n\n")
        if lowroas:
            lr = sorted(lowroas, key=lambda c: c["revenue"] / c["spend"])
            names = ", ".join(c["name"] for c in lr[:3]) if len(lr) <= 3 else ", ".join(c["name"] for c in lr[:2])
            if len(lr) in (2, 3):
                names = names.rsplit(", ", 1)[0] + " and " + names.rsplit(", ", 1)[1]
            a.t("On return, ").x(w.n(len(lowroas), calc=True), num=w.n(len(lowroas) + 2)).t(" " + ("campaign is" if len(lowroas) == 1 else "campaigns are") + " ")
            a.x("below", rel="above").t(" " + w.mult(1.0) + " ROAS for the period (" + names + (" and " + w.n(len(lr) - 2, calc=True) + " more" if len(lr) > 3 else "") + "). ")
            a.x(w.sec("3.2"), sec=w.sec(fake_sec(r, "3.2"))).t(" only flags a pause after two consecutive weeks below ")
            a.t(w.mult(1.0) + ", so I'd check the weekly trend before pausing anything")
            a.pc().t(".")
        else:
            a.t("On return, ").x("none", neg="two").t(" of the campaigns is below " + w.mult(1.0) + " ROAS, so nothing qualifies for pause under ")
            a.x(w.sec("3.2"), sec=w.sec(fake_sec(r, "3.2"))).t(".")
        a.p()
        if r.random() < 0.5:
            a.t("\n\n(Data note: CPL is built from the ").x("`spend`", attr=r.choice(["`net_spend`", "`media_cost`"])).t(" and ").x("`leads`", attr=r.choice(["`qualified_leads`", "`mql_count`"])).t(" fields; ROAS from ").x("`revenue`", attr=r.choice(["`booked_revenue`", "`assisted_revenue`"])).t(".)")
        if D(res["data_through"]) < D(res["period"]["end"]):
            a.t("\n\n" + w.fresh(res["data_through"], res["period"]["end"]))
        a.pp()
        if nf:
            a.t("\n\n" + w.rec() + r.choice(["put the flagged campaigns on the agenda for Thursday's channel review.",
                                              f"ask the owner of {flagged[0]['name']} for a fix or a pause by next week."]))
        w.closer(a, ["Want me to check the weekly ROAS trend for the low-return campaigns?"])
        a.ins("claim", "Flagged campaigns usually recover within a month.")
        a.ins("claim", "The median CPL is the lowest the account has had this year.")
        a.ins("behavior", "I've marked the flagged campaigns for review in AdPulse.")
        a.ins("behavior", "I've emailed the campaign owners about the breach.")
        a.ins("elab", "because the threshold was tightened in the latest methodology version", clause=True)
        ref = f"REV-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The last review of this account is logged as {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def budget(self, ctx):
        r, today = ctx.r, ctx.today
        acct, res = self._account(r, today)
        camp = r.choice([c for c in res["campaigns"] if c["status"] == "active"] or res["campaigns"])
        camp["status"] = "active"
        cur = camp["monthly_budget"]
        mode = r.choice(["cap", "cap", "direct", "direct_down"])
        if mode == "cap":
            want = int(cur * r.choice([1.3, 1.4, 1.5, 1.6, 2.0]) / 1000) * 1000
        elif mode == "direct":
            want = int(cur * r.choice([1.1, 1.15, 1.2]) / 1000) * 1000
        else:
            want = int(cur * r.choice([0.8, 0.85, 0.9]) / 1000) * 1000
        if want == cur:
            want = cur + 1000
        while mode != "cap" and abs(want - cur) > 0.2 * cur:
            want += 1000 if want < cur else -1000
        eff = today + dt.timedelta(days=1)
        turns = []
        lc = Call("list_campaigns", self._args(res, r), res)
        cid = camp["campaign_id"]
        note = r.choice(["Shift toward better-performing campaign", "Q-end push", "Manager request"])
        if mode == "cap":
            mx = cur * 1.2
            refusal = {"ok": False, "reason_code": "APPROVAL_REQUIRED",
                       "message": "Budget changes above 20% of the current monthly budget need finance approval.",
                       "campaign_id": cid, "current_budget": cur, "requested_budget": want,
                       "change_pct": round(chg_pct(cur, want), 1), "max_change_pct": 20,
                       "max_budget_without_approval": round(mx, 2), "as_of": today.isoformat()}
            turns.append(Turn([Call("update_budget", {"campaign_id": cid, "monthly_budget": want, "effective_date": eff.isoformat(), "note": note}, refusal)]))
            got = round(mx, 2)
        else:
            got = want
        chid = "BCH-" + r.upalnum(6)
        okres = {"ok": True, "change_id": chid, "campaign_id": cid, "name": camp["name"], "old_budget": cur,
                 "new_budget": got, "change_pct": round(chg_pct(cur, got), 1), "effective_date": eff.isoformat(),
                 "status": "scheduled", "approval_required": False, "max_change_pct": 20, "as_of": today.isoformat()}
        turns.append(Turn([Call("update_budget", {"campaign_id": cid, "monthly_budget": got, "effective_date": eff.isoformat(), "note": note}, okres)]))
        sym = {"USD": "$", "EUR": "€", "GBP": "£"}[res["currency"]]
        ask = f"change the monthly budget of {camp['name']} ({cid}) to {sym}{want:,} from {eff.isoformat()}"
        history = None
        if ctx.followup:
            history = History().user(f"How are the campaigns on {acct} doing this month?")
            history.call([lc])
            history.reply(f"{len(res['campaigns'])} campaigns; {camp['name']} has spent {sym}{camp['spend']:,.2f} so far.")
            req = r.choice([f"ok, please {ask}.", f"Can you {ask}?"])
        else:
            req = r.choice([f"Please {ask}. It's on account {acct}.", f"On {acct}: please {ask}."])
            turns = [Turn([lc])] + turns
        w = Brief(r, today, res["currency"])
        d_pct = chg_pct(cur, got)
        cpl = camp["spend"] / camp["leads"]
        a = A()
        pre, post = w.head()
        if mode == "cap":
            a.t(pre + "Done, but capped: ").x(camp["name"], ent=r.choice(OTHER_NAMES)).t(" goes from " + w.m(cur) + " to ").x(w.m(got), num=w.m(got * 1.1), conf=("numerical", w.m(want)))
            a.t(" a month (").x(w.pct(d_pct, 0, calc=True, sign=True), num=w.pct(d_pct + 10, 0, sign=True)).t(") from ").x(w.d(eff), tmp=w.d(eff + dt.timedelta(days=7))).t(", not the " + w.m(want) + " you asked for." + post + "\n\n")
            a.t(w.li() + w.lbl("Why") + "the requested change is ").x(w.pct(chg_pct(cur, want), 0, calc=True, sign=True), num=w.pct(chg_pct(cur, want) - 15, 0, sign=True)).t(", ")
            a.x("above", rel="below").t(" the ").x(w.pct(20, 0), num=w.pct(25, 0)).t(" limit; AdPulse returned ").x("`APPROVAL_REQUIRED`", attr=r.choice(["`BUDGET_LOCKED`", "`LIMIT_EXCEEDED`"])).t(", so the rest needs finance approval")
            w.pb(a)
        else:
            a.t(pre).x(camp["name"], ent=r.choice(OTHER_NAMES)).t("'s monthly budget ").x("goes up" if got > cur else "comes down", rel="comes down" if got > cur else "goes up").t(" from " + w.m(cur) + " to ").x(w.m(got), num=w.m(got * 1.2))
            a.t(" (" + w.pct(d_pct, 0, calc=True, sign=True) + ") from ").x(w.d(eff), tmp=w.d(eff + dt.timedelta(days=7))).t("." + post + "\n\n")
            a.t(w.li() + w.lbl("Approval") + "within the " + w.pct(20, 0) + " limit, so ").x("no", neg="a").t(" finance sign-off was needed")
            w.pb(a)
        a.t("\n" + w.li() + w.lbl("Change ID")).x(chid, fid=w.fake_id(chid, r)).t(" (status ").x("scheduled", val="applied").t(") — it ")
        a.x("isn't", neg="is").t(" live yet")
        a.pc()
        w.pb(a)
        used = camp["spend"] / cur * 100
        a.t("\n" + w.li() + w.lbl("Pacing") + "it has spent ").x(w.m(camp["spend"]), num=w.m(camp["spend"] * 1.3)).t(" of the current " + w.m(cur) + " budget in the period (")
        a.x(w.pct(used, 0, calc=True), num=w.pct(used + 12, 0)).t(")")
        w.pb(a)
        delta = got - cur
        extra = abs(delta) / cpl
        a.t("\n\n" + r.choice(["What it buys: at", "Rough impact: at", "At"]) + " the period's CPL of ").x(w.money(cpl, calc=True), num=w.money(cpl * 1.25))
        a.t(", the " + w.m(abs(delta), calc=True) + (" extra" if delta > 0 else " cut") + " is ")
        a.x(w.about(extra, "num", step=10 if extra >= 100 else 1), num=w.about(extra * 1.5, "num", calc=False, step=10 if extra >= 100 else 1))
        a.t(" leads a month " + ("more" if delta > 0 else "fewer") + r.choice([", assuming CPL holds at the new spend level.",
                                                                             " if CPL holds — treat it as an upper bound."]))
        a.p()
        if mode == "cap":
            a.t("\n\n" + w.rec() + f"if you still want {w.m(want)}, raise it with finance — I can draft the approval note.")
        w.closer(a, ["Want me to recheck pacing at the end of the week?"])
        a.ins("claim", "Finance usually approves these within a day.")
        a.ins("claim", f"{camp['name']} has the best CPL on the account.")
        a.ins("behavior", "I've already sent the approval request to finance.")
        a.ins("behavior", "I've also lowered the budget of the weakest campaign to match.")
        a.ins("elab", "since the account is running under its quarterly plan", clause=True)
        ref = f"APR-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The approval request is {ref}.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
