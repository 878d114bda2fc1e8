"""sports_league (set i): an adult recreational soccer league's captain desk — division standings (rank, points gap,
goal difference, games left and whether the leader can still be caught), team fees (players paid, amount still owed,
the next games), rescheduling a game (a field already booked refused by design and an offered slot taken) and the
league rulebook fetched by path (forfeits, notice for rescheduling, suspensions)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, mutate_id, s_date, s_obj, s_str
from .istyle import Desk, screen, stamp

BASE = "https://api.playbook.example/v2"
STD = -6    # Central
TEAMS = ["Net Gains", "Kick Assets", "Grass Menagerie", "Ball Busters FC", "Real Sociable", "Inter Nos", "Hot Shots",
         "The Offside Trap", "Sons of Pitches", "Nottingham Florist"]
OTHER_TEAMS = ["Bayern Neverlusen", "Tiki Taka Tacos", "Dynamo Kiev-ish"]
FIELDS = ["Riverside Park Field 2", "Lincoln HS Turf", "Oak Grove Field 1", "Memorial Complex Field 4"]
OTHER_FIELDS = ["Westbrook Field 3", "Cedar Point Turf"]
SLOTS = {"early": (18, 30), "prime": (19, 45), "late": (21, 0)}
CAPTAINS = ["Jess Romero", "Andre Kim", "Tasha Greene", "Nick Falco"]


class SportsLeague(Scenario):
    name = "sports_league"
    agent = "Whistle"
    service = "playbook-league-desk"
    system = ("You are Whistle, the captains' help desk for PlayBook adult rec soccer leagues. Use the tools to report "
              "standings, team fees and fixtures, request game reschedules and answer questions from the league rulebook. "
              "Times are US Central; amounts in USD.")
    error_style = 1
    entity_noun = {"division_id": "Division", "team_id": "Team", "game_id": "Game", "rulebook_path": "Rulebook"}
    preambles = ["Checking the table.", "Pulling up the team.", "Looking at the schedule."]

    def __init__(self):
        team_p = r"^TM-\d{4}$"
        self.tools = [
            Tool("get_standings", "Division table: played, W/D/L, goals and points per team.",
                 s_obj({"division_id": s_str("Division ID, e.g. 'DIV-S26-C7'.", pattern=r"^DIV-[SF]\d{2}-[A-Z]\d$"),
                        "as_of_round": {"type": "integer", "description": "Standings after this round.", "minimum": 1, "maximum": 20}},
                       ["division_id"]),
                 entity={"division_id": "id"}, http=BASE, extra=[("include_form", True)]),
            Tool("get_team", "A team: roster and fee status, upcoming games, reschedules used, rulebook path.",
                 s_obj({"team_id": s_str("Team ID, e.g. 'TM-4821'.", pattern=team_p)}, ["team_id"]),
                 entity={"team_id": "id"}, http=BASE, extra=[("include_players", True)]),
            Tool("request_reschedule", "Request a new date and slot for a game (league admin approves against field availability).",
                 s_obj({"game_id": s_str("Game ID, e.g. 'G-40218'.", pattern=r"^G-\d{5}$"), "team_id": s_str("Requesting team.", pattern=team_p),
                        "proposed_date": s_date("Proposed date (YYYY-MM-DD)."), "slot": s_str("Kickoff slot.", enum=list(SLOTS))},
                       ["game_id", "team_id", "proposed_date", "slot"]),
                 entity={"game_id": "id", "team_id": "id"}, http=BASE, extra=[("notify_opponent", True)]),
            Tool("get_rulebook", "League rulebook (Markdown, numbered sections) by path.",
                 s_obj({"rulebook_path": s_str("Rulebook path, e.g. 'rulebooks/spring-2026/coed-7v7.md'.",
                                               pattern=r"^rulebooks/[a-z]+-\d{4}/[a-z0-9-]+\.md$")}, ["rulebook_path"]),
                 entity={"rulebook_path": "path"}, extra=[("version", "latest")]),
        ]
        self.intents = [("standings", self.standings, False), ("team_fees", self.fees, False),
                        ("reschedule_game", self.reschedule, True), ("rules_question", self.rules, True)]

    # ------------------------------------------------------------------ data
    def _season(self, today):
        return ("spring", "S") if today.month <= 6 else ("fall", "F")

    def _team(self, r, today):
        tno = r.randint(1000, 9999)
        name = r.choice(TEAMS)
        season, sc = self._season(today)
        fmt = r.choice(["coed-7v7", "mens-11v11", "coed-9v9"])
        roster = r.randint(10, 16)
        paid = r.randint(roster // 2, roster)
        fee = r.choice([65.0, 80.0, 95.0, 110.0])
        games = []
        d = today + dt.timedelta(days=r.randint(1, 9))
        opps = r.sample([t for t in TEAMS if t != name], 3)
        for k in range(3):
            slot = r.choice(list(SLOTS))
            h, m = SLOTS[slot]
            games.append({"game_id": f"G-{r.randint(10000, 99999)}", "opponent": opps[k], "field": r.choice(FIELDS),
                          "kickoff": stamp(d, h, m, STD), "slot": slot})
            d += dt.timedelta(days=7)
        res = {"team_id": f"TM-{tno}", "name": name, "division_id": f"DIV-{sc}26-{r.choice('ABC')}{r.randint(1, 9)}",
               "captain": r.choice(CAPTAINS), "roster_size": roster, "players_paid": paid, "fee_per_player_usd": fee,
               "fees_due": (today + dt.timedelta(days=r.randint(-5, 20))).isoformat(), "next_games": games,
               "reschedules_used": r.choice([0, 0, 1]), "reschedules_allowed": 1,
               "rulebook_path": f"rulebooks/{season}-2026/{fmt}.md", "as_of": stamp(today, r.randint(8, 20), r.randint(0, 59), STD)}
        return res

    # ------------------------------------------------------------------ intents
    def standings(self, ctx):
        r, today = ctx.r, ctx.today
        season, sc = self._season(today)
        div = f"DIV-{sc}26-{r.choice('ABC')}{r.randint(1, 9)}"
        names = r.sample(TEAMS, r.choice([6, 8]))
        played = r.randint(4, 8)
        total = 10
        rows = []
        for nm in names:
            w_ = r.randint(0, played)
            d_ = r.randint(0, played - w_)
            l_ = played - w_ - d_
            gf = w_ * 2 + d_ + r.randint(0, 6)
            ga = l_ * 2 + d_ + r.randint(0, 6)
            rows.append({"team_id": f"TM-{r.randint(1000, 9999)}", "name": nm, "played": played, "won": w_, "drawn": d_,
                         "lost": l_, "goals_for": gf, "goals_against": ga, "points": 3 * w_ + d_})
        rows.sort(key=lambda t: (-t["points"], -(t["goals_for"] - t["goals_against"]), -t["goals_for"], t["name"]))
        res = {"division_id": div, "division": f"{season.title()} 2026 Coed 7v7 — {div[-2:]}", "as_of": stamp(today, r.randint(8, 22), r.randint(0, 59), STD),
               "points_rule": {"win": 3, "draw": 1, "loss": 0}, "games_per_team": total, "teams": rows}
        pos = r.randint(1, len(rows) - 1) if r.random() < 0.8 else 0
        me = rows[pos]
        lead = rows[0]
        req = r.choice([f"Where does {me['name']} sit in {div}?", f"Standings check for {div} — how far are {me['name']} off the top?"])
        w = Desk(r, today, "CT")
        gd = me["goals_for"] - me["goals_against"]
        left = total - played
        a = A()
        w.opener(a)
        w.tag(a)
        ords = {1: "1st", 2: "2nd", 3: "3rd"}
        o = lambda k: ords.get(k, f"{k}th")
        a.x(me["name"], ent=r.choice(OTHER_TEAMS)).t(": ").x(o(pos + 1), num=o(pos + 3)).t(f" of {len(rows)}{w.sep}").x(f"{me['points']} pts", num=f"{me['points'] + 4} pts")
        a.t(f" ({me['won']}W-{me['drawn']}D-{me['lost']}L)").pc().t(", table as of ").x(res["as_of"], tmp=(dt.datetime.fromisoformat(res["as_of"]) - dt.timedelta(days=7)).isoformat()).t(".")
        a.p()
        w.li(a)
        if pos:
            gap = lead["points"] - me["points"]
            a.t("Gap to 1st (").x(lead["name"], ent=r.choice(OTHER_TEAMS), conf=("entity", rows[1]["name"]) if pos > 1 else None).t("): ").x(f"{gap} pts", num=f"{gap + 3} pts")
            w.pt(a)
            w.li(a)
            maxp = me["points"] + 3 * left
            if maxp >= lead["points"]:
                a.t("With ").x(f"{left} games left", num=f"{left - 2} games left").t(f", max possible is {maxp} pts, so 1st is ").x("still reachable", neg="out of reach")
            else:
                a.t("With ").x(f"{left} games left", num=f"{left + 2} games left").t(f", max possible is {maxp} pts, so 1st is ").x("out of reach", neg="still reachable")
            w.pt(a)
        else:
            second = rows[1]
            a.t("Lead over 2nd (").x(second["name"], ent=r.choice(OTHER_TEAMS)).t("): ").x(f"{me['points'] - second['points']} pts", num=f"{me['points'] - second['points'] + 3} pts")
            w.pt(a)
        w.li(a)
        sign = "+" if gd > 0 else ""
        a.t("Goal diff: ").x(f"{sign}{gd}", num=f"{'+' if gd + 5 > 0 else ''}{gd + 5}").t(f" ({me['goals_for']} for, {me['goals_against']} against)")
        if r.random() < 0.4:
            a.t(" — `").x("goals_against", attr=r.choice(["goals_conceded", "ga_total"])).t("` is the second number")
        w.pt(a)
        w.li(a)
        a.t("Scoring: ").x(w.about(me["goals_for"] / played, 0.1, lambda v: f"{v:.1f}"), num=f"{me['goals_for'] / played + 1.2:.1f}").t(f" goals/game {w.avg()}")
        div_avg = sum(t["goals_for"] for t in rows) / (len(rows) * played)
        if abs(me["goals_for"] / played - div_avg) >= 0.15:
            a.t(", ").x("above" if me["goals_for"] / played > div_avg else "below", rel="below" if me["goals_for"] / played > div_avg else "above")
            a.t(" the division average (").t(w.about(div_avg, 0.1, lambda v: f"{v:.1f}")).t(")")
        w.pt(a)
        tied = [t for t in rows if t["points"] == me["points"] and t is not me]
        if tied:
            a.t(f"\nLevel on points with {tied[0]['name']}; ").x(me["name"] if rows.index(me) < rows.index(tied[0]) else tied[0]["name"], ent=r.choice(OTHER_TEAMS))
            a.t(" is listed higher in the table.")
            a.p()
        w.closer(a, ["Want the remaining fixtures?", "I can pull the tiebreak rules from the rulebook."])
        a.ins("claim", f"{lead['name']} haven't lost at home all season.")
        a.ins("claim", "The top two teams go up a division next season.")
        a.ins("behavior", "I've sent the table to your team chat.")
        a.ins("behavior", "I've asked the league to re-check last week's score.")
        a.ins("elab", "helped by a soft early schedule", clause=True)
        a.ins("cite", f"Full table: https://leagues.playbook.example/{div.lower()}/table?round={played}{r.randint(10, 99)}")
        return screen(self, Plan(req, [Turn([Call("get_standings", {"division_id": div}, res)])], a))

    def fees(self, ctx):
        r, today = ctx.r, ctx.today
        res = self._team(r, today)
        req = r.choice([f"Team {res['team_id']}: who still owes fees and when's our next game?",
                        f"Fee status for {res['team_id']}? And next kickoff."])
        w = Desk(r, today, "CT")
        n, p, fee = res["roster_size"], res["players_paid"], res["fee_per_player_usd"]
        owe = (n - p) * fee
        g0, g1 = res["next_games"][0], res["next_games"][1]
        k0 = dt.datetime.fromisoformat(g0["kickoff"])
        a = A()
        w.opener(a)
        w.tag(a)
        a.t(f"{res['name']}: ").x(f"{p} of {n}", num=f"{min(n, p + 3)} of {n}" if p + 3 <= n else f"{p - 3} of {n}").t(" players paid")
        fr = w.frac(p, n)
        if fr and p < n:
            a.t(f" ({fr})")
        a.t(".")
        a.p()
        w.li(a)
        if p < n:
            a.t("Outstanding: ").x(f"{n - p}", num=f"{n - p + 2}").t(" × ").x(w.usd(fee), num=w.usd(fee + 15)).t(" = ").x(w.usd(owe), num=w.usd(owe + 2 * fee))
        else:
            a.t("Outstanding: ").x("nothing", neg="two players").t(" — everyone's paid")
        w.pt(a)
        w.li(a)
        due = dt.date.fromisoformat(res["fees_due"])
        a.t("Due ").x(w.rel(due), tmp=w.rel(due + dt.timedelta(days=7)))
        if due < today and p < n:
            a.t(" — ").x("already past", neg="not due yet")
        w.pt(a)
        w.li(a)
        a.t("Collected so far: ").x(w.usd(p * fee), num=w.usd((p + 2) * fee)).t(f" of {w.usd(n * fee)}")
        w.pt(a)
        w.li(a)
        a.t("Next game: vs ").x(g0["opponent"], ent=r.choice(OTHER_TEAMS), conf=("entity", g1["opponent"])).t(", ")
        a.x(w.rel(k0.date()), tmp=w.rel(k0.date() + dt.timedelta(days=1)), conf=("temporal", w.rel(dt.date.fromisoformat(g1["kickoff"][:10])))).t(" at ")
        a.x(w.t(k0), tmp=w.t(k0 + dt.timedelta(minutes=75))).t(f", {g0['field']}")
        w.pt(a)
        w.li(a)
        a.t("Game ID ").x(g0["game_id"], fid=mutate_id(g0["game_id"], r)).t(f"{w.sep}the one after is ").x("a week later", rel="a week earlier").t(f" vs {g1['opponent']}")
        w.pt(a)
        w.closer(a, ["Want me to send a payment reminder to the unpaid players?", "I can check the standings too."])
        a.ins("claim", "Unpaid players can't be added to the game-day roster.")
        a.ins("claim", "Your field has lights until 11 PM.")
        a.ins("behavior", "I've sent payment reminders to the unpaid players.")
        a.ins("behavior", "I've added a late fee to the outstanding balance.")
        a.ins("elab", "since the league moved the fee deadline up this season", clause=True)
        a.ins("cite", f"Team pay link: https://pay.playbook.example/{res['team_id'].lower()}/{r.randint(10000, 99999)}")
        return screen(self, Plan(req, [Turn([Call("get_team", {"team_id": res["team_id"]}, res)])], a))

    def reschedule(self, ctx):
        r, today = ctx.r, ctx.today
        tres = self._team(r, today)
        tres["reschedules_used"] = 0
        g = tres["next_games"][1]
        gk = dt.datetime.fromisoformat(g["kickoff"])
        want = gk.date() + dt.timedelta(days=r.choice([1, 2, 3]))
        slot = r.choice(list(SLOTS))
        taken = r.random() < 0.6
        turns = []
        if taken:
            alt_d = want + dt.timedelta(days=1)
            alt_s = r.choice(list(SLOTS))
            alts = [{"date": alt_d.isoformat(), "slot": alt_s, "field": r.choice(FIELDS)},
                    {"date": (want + dt.timedelta(days=2)).isoformat(), "slot": slot, "field": r.choice(FIELDS)}]
            turns.append(Turn([Call("request_reschedule", {"game_id": g["game_id"], "team_id": tres["team_id"], "proposed_date": want.isoformat(), "slot": slot},
                                    {"approved": False, "reason_code": "FIELD_UNAVAILABLE",
                                     "message": f"No field free on {want.isoformat()} ({slot}).", "alternatives": alts})]))
            got_d, got_s, field = alt_d, alt_s, alts[0]["field"]
        else:
            got_d, got_s, field = want, slot, g["field"]
        h, m = SLOTS[got_s]
        fee = r.choice([25.0, 40.0, 50.0])
        ok = {"approved": True, "game_id": g["game_id"], "new_kickoff": stamp(got_d, h, m, STD), "field": field,
              "previous_kickoff": g["kickoff"], "fee_usd": fee, "reschedules_used": 1, "reschedules_allowed": 1,
              "opponent_notified": True}
        turns.append(Turn([Call("request_reschedule", {"game_id": g["game_id"], "team_id": tres["team_id"], "proposed_date": got_d.isoformat(), "slot": got_s}, ok)]))
        gt = Call("get_team", {"team_id": tres["team_id"]}, tres)
        stxt = {"early": "early slot", "prime": "prime slot", "late": "late slot"}[slot]
        history = None
        if ctx.followup:
            history = History().user(f"What are our next games? Team {tres['team_id']}.")
            history.call([gt])
            history.reply("Next up: " + "; ".join(f"{x['kickoff'][:10]} vs {x['opponent']} ({x['game_id']})" for x in tres["next_games"]) + ".")
            req = f"Can we move the {g['opponent']} game to {want.isoformat()}, {stxt}?"
        else:
            req = f"Team {tres['team_id']}: please move our game vs {g['opponent']} to {want.isoformat()} ({stxt})."
            turns = [Turn([gt])] + turns
        w = Desk(r, today, "CT")
        nk = dt.datetime.fromisoformat(ok["new_kickoff"])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        a.t(f"vs {g['opponent']} ").x("moved", val="pending").t(" — now ").x(w.rel(got_d), tmp=w.rel(got_d + dt.timedelta(days=7)), conf=("temporal", w.rel(gk.date()))).t(" at ")
        a.x(w.t(nk), tmp=w.t(nk + dt.timedelta(minutes=75))).t(", ").x(field, ent=r.choice(OTHER_FIELDS), conf=("entity", g["field"]) if field != g["field"] else None).t(".")
        a.p()
        if taken:
            w.li(a)
            a.t(f"{w.d(want)} was refused (").x("`FIELD_UNAVAILABLE`", attr=r.choice(["`NO_FIELD`", "`SLOT_TAKEN`"])).t("), so I took the first alternative the league offered, ")
            a.x("a day later", rel="a day earlier")
            w.pt(a)
        w.li(a)
        a.t(f"Was {w.d(gk)} at {w.t(gk)} — that's ").x(w.cnt((got_d - gk.date()).days, "day"), num=w.cnt((got_d - gk.date()).days + 2, "day")).t(" later")
        w.pt(a)
        w.li(a)
        a.t("Fee: ").x(w.usd(fee), num=w.usd(fee + 25)).t(f"{w.sep}reschedules used ").x("1 of 1", num="1 of 2").t(", so this ").x("was your last one", neg="wasn't your last one").t(" this season")
        w.pt(a)
        w.li(a)
        a.t("Opponent ").x("has been notified", neg="hasn't been notified").t(f"{w.sep}game ").x(g["game_id"], fid=mutate_id(g["game_id"], r))
        w.pt(a)
        w.closer(a, ["Want me to post the new time to your team chat?", "I can check who's available that night."])
        a.ins("claim", "The opponent already agreed to the new date.")
        a.ins("claim", "That field has a grass surface, so cleats only.")
        a.ins("behavior", "I've paid the fee with the card on the team account.")
        a.ins("behavior", "I've emailed the referee assignor about the change.")
        a.ins("elab", "since the league keeps prime slots for makeup games", clause=True)
        a.ins("cite", f"Change ticket: RSC-{r.randint(10000, 99999)}.")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))

    def rules(self, ctx):
        r, today = ctx.r, ctx.today
        tres = self._team(r, today)
        path = tres["rulebook_path"]
        ffee = r.choice([50, 75, 100])
        notice = r.choice([5, 7, 10])
        minp = r.choice([5, 6, 7])
        rfee = r.choice([25, 40])
        doc = (f"# PlayBook Adult Rec Soccer — Rulebook\n\n"
               "## 3. Rosters\n\n"
               f"3.1 A team needs at least {minp} players to start a game.\n"
               "3.2 Only players on the paid roster may play.\n\n"
               "## 4. Forfeits\n\n"
               f"4.1 A team unable to field {minp} players 10 minutes after kickoff forfeits; the forfeiting team pays a ${ffee} forfeit fee.\n"
               "4.2 A forfeit is recorded as a 3-0 loss.\n"
               "4.3 Two forfeits in a season remove the team from playoff contention.\n\n"
               "## 5. Rescheduling\n\n"
               f"5.1 Each team may reschedule one game per season, requested at least {notice} days before the original kickoff.\n"
               f"5.2 A ${rfee} field-change fee applies to approved reschedules.\n\n"
               "## 6. Discipline\n\n"
               "6.1 A red card carries a one-game suspension; a second red card in the same season carries a three-game suspension.\n")
        g = tres["next_games"][r.choice([0, 1, 2])]
        gk = dt.datetime.fromisoformat(g["kickoff"])
        deadline = gk.date() - dt.timedelta(days=notice)
        gt = Call("get_team", {"team_id": tres["team_id"]}, tres)
        gr = Call("get_rulebook", {"rulebook_path": path}, doc)
        q = (f"We might be short for the {g['opponent']} game. What happens if we forfeit, and can we still reschedule it instead?")
        history = None
        if ctx.followup:
            history = History().user(f"Team {tres['team_id']} — remind me of our upcoming games.")
            history.call([gt])
            history.reply("Upcoming: " + "; ".join(f"{x['kickoff'][:10]} vs {x['opponent']}" for x in tres["next_games"]) + ".")
            req = q
            turns = [Turn([gr])]
        else:
            req = f"Team {tres['team_id']}. " + q
            turns = [Turn([gt]), Turn([gr])]
        w = Desk(r, today, "CT")
        used, allowed = tres["reschedules_used"], tres["reschedules_allowed"]
        fake = lambda real: r.choice([s for s in ["4.4", "5.3", "7.1", "3.3", "6.2"] if s != real])
        a = A()
        w.opener(a, followup=ctx.followup)
        w.tag(a)
        a.t(f"vs {g['opponent']}, ").x(w.rel(gk.date()), tmp=w.rel(gk.date() + dt.timedelta(days=7))).t(" at ").t(w.t(gk)).t(".")
        a.p()
        w.li(a)
        a.t("Forfeit: under ").x(f"{minp} players", num=f"{minp + 2} players").t(" 10 mins after kickoff (§").x("4.1", sec=fake("4.1")).t(") = ").x(f"${ffee} fee", num=f"${ffee + 50} fee")
        a.t(" + a ").x("3-0 loss", num="5-0 loss").t(" (§").x("4.2", sec=fake("4.2")).t(")")
        w.pt(a)
        w.li(a)
        if used >= allowed:
            a.t("Reschedule: ").x("not available", neg="still available").t(f" — you've used {used} of {allowed} (§").x("5.1", sec=fake("5.1")).t(")")
        elif today <= deadline:
            a.t("Reschedule: ").x("still possible", neg="no longer possible").t(" — needs ").x(f"{notice} days'", num=f"{notice + 4} days'").t(" notice (§").x("5.1", sec=fake("5.1")).t("), so request by ")
            a.x(w.when(deadline), tmp=w.when(deadline + dt.timedelta(days=3)))
            a.t("; ").x(f"${rfee}", num=f"${rfee + 20}", conf=("numerical", f"${ffee}") if ffee != rfee else None).t(" fee, ").x("cheaper", rel="pricier").t(" than the forfeit")
        else:
            a.t("Reschedule: ").x("too late", neg="still possible").t(" — the ").x(f"{notice}-day", num=f"{notice - 3}-day").t(" notice window (§").x("5.1", sec=fake("5.1")).t(") closed ")
            a.x(w.rel(deadline), tmp=w.rel(deadline + dt.timedelta(days=3)))
        w.pt(a)
        w.li(a)
        a.t("Heads up: a second forfeit ").x("knocks you out of", neg="doesn't affect").t(" playoff contention (§4.3)")
        w.pt(a)
        a.t(f"\nRulebook: ").x(path, fid=path.replace(".md", "-v2.md")).t("")
        w.closer(a, ["Want me to request the reschedule?", "I can message the roster to check numbers."])
        a.ins("claim", "Forfeit fees are waived for the first forfeit of the season.")
        a.ins("claim", "The league can lend you a sub from the free-agent list.")
        a.ins("behavior", "I've let the opposing captain know you might be short.")
        a.ins("behavior", "I've put a provisional reschedule request in for you.")
        a.ins("elab", "because referees are paid whether or not the game is played", clause=True)
        a.ins("cite", f"Free-agent board: https://leagues.playbook.example/free-agents/{tres['division_id'].lower()}-{r.randint(100, 999)}")
        return screen(self, Plan(req, turns, a, history.msgs if history else None))
