"""feature_flags (set m): a coding agent working against a feature-flag service — a flag's state (production rollout,
targeting rules, 24-hour evaluations and the share actually served true against the configured rollout, error rates of
the two variations, staging, last change), searching a project's flags (stale or by tag: rollout, last change, last
evaluation, 7-day evaluations summed), changing a rollout (a step above the production limit or a change inside the bake
time refused by the service's guard; the offered step or scheduled time taken) and questions answered from the
progressive-delivery guide fetched by URL (how many steps and days to 100 %, whether to roll back, when a flag goes stale
and is archived)."""
from __future__ import annotations

import datetime as dt
import math

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .mstyle import Term, plural, row, table_head, utc, vet, zulu

BASE = "https://api.tessera-flags.example/v2"
GUIDE_BASE = "https://docs.tessera-flags.example/guides"
KEYS = ["new-checkout-flow", "search-v2-ranking", "dark-mode-default", "pricing-page-ab", "async-invoice-export",
        "edge-cache-headers", "onboarding-checklist", "smart-retry-payments", "inline-address-autocomplete",
        "bulk-edit-orders", "graphql-gateway", "lazy-image-loading", "new-nav-sidebar", "webhooks-v3"]
OTHER_KEYS = ["checkout-redesign", "search-v3", "legacy-cart", "beta-dashboard"]
PEOPLE = ["dana.k", "m.okafor", "priya.s", "jwalsh", "t.nguyen", "lena.m", "carlos.r"]
OTHER_PEOPLE = ["mira.t", "sam.r", "k.lindqvist"]
PROJECTS = {"prj_7k2m9q": "checkout-web", "prj_4x8d2n": "mobile-api", "prj_9c3v5b": "search-svc", "prj_2h6w8t": "billing"}
TAGS = ["checkout", "experiment", "ops", "release", "perf", "ui"]
GUIDE = ("PROGRESSIVE DELIVERY GUIDE - FEATURE FLAGS\n\n"
         "1. ROLLOUT STEPS\n"
         "1.1 In production a rollout may grow by at most 25 percentage points per change.\n"
         "1.2 Wait at least 24 hours between two rollout changes of the same flag in production (bake time).\n"
         "1.3 Roll back at once if the error rate of the new variation is above 2.0% or more than 0.5 percentage "
         "points above the old variation.\n"
         "2. FLAG HYGIENE\n"
         "2.1 A flag that has served one variation to 100% of production traffic for 30 days is stale; remove it from "
         "code.\n"
         "2.2 Stale flags are archived automatically 90 days after their last change.\n"
         "3. TARGETING\n"
         "3.1 Individual user targets are limited to 1,000 per flag; use segments above that.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.4", "2.3", "3.2", "4.1"] if s != real])


class FeatureFlags(Scenario):
    name = "feature_flags"
    agent = "flags-assistant"
    service = "tessera-flags-agent"
    system = ("You are a coding assistant working in the developer's terminal, with access to the Tessera feature-flag "
              "API. Look things up before answering, never change a flag without being asked, and answer in short "
              "Markdown with flag keys and IDs in backticks. Times are UTC.")
    error_style = 2
    entity_noun = {"flag_id": "Flag", "project_id": "Project", "guide_url": "Guide"}
    preambles = ["Checking the flag.", "Let me look that up in Tessera.", "Pulling the flag config."]
    literal_ok = ["TL;DR"]

    def __init__(self):
        fp = r"^flg_[A-Za-z0-9]{6}$"
        envs = ["production", "staging"]
        self.tools = [
            Tool("get_flag", "A flag: key, environments (on/off, rollout %, targeting rules, last change), 24h "
                             "evaluations per variation, production error rates per variation, guide URL.",
                 s_obj({"flag_id": s_str("Flag ID, e.g. 'flg_7Q2m9X'.", pattern=fp)}, ["flag_id"]),
                 entity={"flag_id": "id"}, http=BASE, extra=[("include_history", True)]),
            Tool("list_flags", "Flags of a project, filtered by status and tag.",
                 s_obj({"project_id": s_str("Project ID, e.g. 'prj_7k2m9q'.", pattern=r"^prj_[a-z0-9]{6}$"),
                        "environment": s_str("Environment.", enum=envs),
                        "status": s_str("Flag status.", enum=["active", "stale", "archived", "all"]),
                        "tag": s_str("Only flags with this tag.", max_len=40),
                        "limit": s_int("Maximum flags.", 1, 100)}, ["project_id", "environment"]),
                 entity={"project_id": "id"}, http=BASE, extra=[("include_archived", True)]),
            Tool("update_rollout", "Change a flag's percentage rollout in one environment, now or at a scheduled time.",
                 s_obj({"flag_id": s_str("Flag ID.", pattern=fp), "environment": s_str("Environment.", enum=envs),
                        "rollout_pct": s_int("New rollout percentage of the true variation.", 0, 100),
                        "schedule_at": s_str("Apply at this UTC time instead of now.", fmt="date-time"),
                        "notify": s_bool("Post the change to the project's channel.")},
                       ["flag_id", "environment", "rollout_pct"]),
                 entity={"flag_id": "id"}, http=BASE, extra=[("force", True)]),
            Tool("get_guide", "A Tessera guide (plain text, numbered sections) by URL.",
                 s_obj({"guide_url": s_str("Guide URL from the flag.", pattern=r"^https://docs\.tessera-flags\.example/guides/")}, ["guide_url"]),
                 entity={"guide_url": "url"}, extra=[("lang", "en")]),
        ]
        self.intents = [("flag_status", self.status, False), ("flag_search", self.search, False),
                        ("rollout_change", self.change, True), ("guide_question", self.guide, True)]

    # ------------------------------------------------------------------ data
    def _now(self, r, today):
        return utc(today, r.randint(7, 21), r.randint(0, 59), r.randint(0, 59))

    def _flag(self, r, now, rollout=None, last_h=None):
        key = r.choice(KEYS)
        fid = "flg_" + r.alnum(6)
        proj = r.choice(list(PROJECTS))
        ro = rollout if rollout is not None else r.choice([5, 10, 20, 25, 30, 50, 60, 75, 100])
        last = now - dt.timedelta(hours=last_h if last_h is not None else r.randint(3, 24 * 40), minutes=r.randint(0, 59))
        tot = r.randint(200_000, 3_000_000)
        internal = r.random() < 0.6
        extra = r.uniform(0.2, 1.5) if internal and ro < 100 else 0.0
        tshare = min(100.0, ro + extra) / 100
        t = int(tot * tshare)
        ert = round(r.uniform(0.2, 2.8), 2)
        erf = round(r.uniform(0.2, 1.2), 2)
        by = r.choice(PEOPLE)
        rules = []
        if internal:
            rules.append({"rule_id": "rul_" + r.alnum(4, "abcdefghjkmnpqrstuvwxyz23456789"), "description": "internal staff (email ends with @tessera.example)", "serve": True})
        if r.random() < 0.3:
            rules.append({"rule_id": "rul_" + r.alnum(4, "abcdefghjkmnpqrstuvwxyz23456789"), "description": "segment: beta-testers", "serve": True})
        st_last = last - dt.timedelta(days=r.randint(1, 20), hours=r.randint(0, 20))
        res = {"flag_id": fid, "key": key, "project_id": proj, "kind": "boolean", "tags": r.sample(TAGS, 2),
               "environments": [
                   {"environment": "production", "on": True, "rollout_pct": ro, "rules": rules,
                    "last_modified_at": zulu(last), "modified_by": by},
                   {"environment": "staging", "on": True, "rollout_pct": 100, "rules": [],
                    "last_modified_at": zulu(st_last), "modified_by": r.choice(PEOPLE)}],
               "evaluations_24h": {"true": t, "false": tot - t}, "evaluation_window_hours": 24,
               "error_rate_true_pct": ert, "error_rate_false_pct": erf,
               "guide_url": f"{GUIDE_BASE}/{r.choice(['progressive-delivery', 'rollouts'])}", "as_of": zulu(now)}
        return fid, res

    # ------------------------------------------------------------------ intents
    def status(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        fid, f = self._flag(r, now, rollout=r.choice([5, 10, 20, 25, 30, 50, 60, 75]))
        key = f["key"]
        req = r.choice([f"What's the state of {fid} in prod?", f"how is the {key} rollout going? ({fid})",
                        f"Check flag {fid}: rollout, evaluations, error rates."])
        w = Term(r, now)
        prod, stg = f["environments"]
        ev = f["evaluations_24h"]
        tot = ev["true"] + ev["false"]
        share = ev["true"] / tot * 100
        last = dt.datetime.fromisoformat(prod["last_modified_at"].replace("Z", "+00:00"))
        a = A()
        if r.random() < 0.5:
            a.t(w.narrate("get_flag", w.c(fid)) + f" ({w.c(key)}). ")
        else:
            a.x(w.c(key), ent=w.c(r.choice(OTHER_KEYS))).t(" (").x(w.c(fid), fid=w.fake_id(fid, r)).t(") is a ").x(w.c("boolean"), val=w.c(r.choice(["multivariate", "string"]))).t(" flag. ")
        a.t(r.choice(["In production it's ", "Production: ", "Prod is "])).x("on", neg="off").t(" at ").x(w.pct(prod["rollout_pct"], 0), num=w.pct(prod["rollout_pct"] + r.choice([10, 15, 25]), 0),
                                                                                                            conf=("numerical", w.pct(stg["rollout_pct"], 0))).t(" rollout")
        if prod["rules"]:
            a.t(", plus ").x(w.n(len(prod["rules"]), calc=True), num=w.n(len(prod["rules"]) + 2)).t(" targeting " + plural(len(prod["rules"]), "rule") + " serving " + w.c("true") + " — " + "; ".join(x["description"] for x in prod["rules"]))
        a.t(".")
        a.p()
        a.t(" Last changed ").x(w.when(last), tmp=w.when(last - dt.timedelta(days=r.choice([3, 9])))).t(" by ").x(w.c(prod["modified_by"]), ent=w.c(r.choice(OTHER_PEOPLE))).t(".")
        a.p()
        a.t("\n\n" + w.b("Last 24h") + ":\n\n")
        if r.random() < 0.5:
            a.t("| variation | evaluations | error rate |\n|---|---|---|\n")
            row(a, [w.c("true"), (w.big(ev["true"]), {"num": w.big(int(ev["true"] * 1.6))}), (w.pct(f["error_rate_true_pct"], 2), {"num": w.pct(f["error_rate_true_pct"] + 0.9, 2), "conf": ("numerical", w.pct(f["error_rate_false_pct"], 2))})])
            row(a, [w.c("false"), w.big(ev["false"]), w.pct(f["error_rate_false_pct"], 2)])
            a.t("\n")
            a.t(w.c("true") + " share: ").x(w.num(ev["true"]), num=None).t(" / ").x(w.num(tot, calc=True), num=w.num(int(tot * 1.3))).t(" = ").x(w.pct(share, 2, calc=True), num=w.pct(share + r.choice([4, 7]), 2)).t("")
        else:
            a.t(f"- {w.c('true')}: ").x(w.big(ev["true"]), num=w.big(int(ev["true"] * 1.6))).t(" evals, error rate ").x(w.pct(f["error_rate_true_pct"], 2), num=w.pct(f["error_rate_true_pct"] + 0.9, 2), conf=("numerical", w.pct(f["error_rate_false_pct"], 2)))
            a.pb()
            a.t(f"\n- {w.c('false')}: {w.big(ev['false'])} evals, error rate {w.pct(f['error_rate_false_pct'], 2)}")
            a.pb()
            a.t(f"\n- {w.c('true')} share: ").x(w.pct(share, 2, calc=True), num=w.pct(share + r.choice([4, 7]), 2)).t(" of ").x(w.big(tot, calc=True), num=w.big(int(tot * 1.3))).t("")
        if prod["rules"]:
            a.t(" — ").x("a bit above", rel="a bit below").t(" the configured " + w.pct(prod["rollout_pct"], 0) + " because the targeting rules add users on top")
        a.t("\n\n")
        ert, erf = f["error_rate_true_pct"], f["error_rate_false_pct"]
        if ert != erf:
            d = abs(ert - erf)
            a.t("The new variation's error rate is ").x("higher" if ert > erf else "lower", rel="lower" if ert > erf else "higher").t(" than the old one's by ")
            a.x(f"{w.num(d, 2, calc=True)} points", num=f"{w.num(d + 0.6, 2)} points").t(f" ({w.pct(ert, 2)} vs {w.pct(erf, 2)})")
            a.pc().t(".")
            a.p()
        a.t(" Staging is at ").x(w.pct(stg["rollout_pct"], 0), num=w.pct(60, 0)).t(".")
        a.p()
        if r.random() < 0.35:
            a.t("\n\n(Error rates are the flag's ").x(w.c("error_rate_true_pct"), attr=w.c(r.choice(["error_pct_true", "true_error_rate"]))).t(" / " + w.c("error_rate_false_pct") + " fields.)")
        w.closer(a, ["Want me to bump the rollout to the next step?", "I can pull the guide's rollback thresholds if you want a second opinion."])
        a.ins("claim", "Most of the extra errors come from Safari on iOS.")
        a.ins("claim", "The flag is evaluated server-side only, so there's no client cache lag.")
        a.ins("behavior", "I've also turned on change notifications for this flag.")
        a.ins("behavior", "I went ahead and raised staging to match production.")
        a.ins("elab", "likely because the new flow adds an extra API round trip", clause=True)
        ref = f"EXP-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"This rollout is tracked in experiment `{ref}`.", ref))
        return vet(self, Plan(req, [Turn([Call("get_flag", {"flag_id": fid}, f)])], a), w)

    def search(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        proj = r.choice(list(PROJECTS))
        mode = r.choice(["stale", "stale", "tag"])
        tag = r.choice(TAGS)
        flags = []
        for key in r.sample(KEYS, r.randint(3, 6)):
            ro = r.choice([0, 100, 100]) if mode == "stale" else r.choice([0, 10, 25, 50, 100])
            lm = now - dt.timedelta(days=r.randint(31, 200) if mode == "stale" else r.randint(1, 90), hours=r.randint(0, 23))
            le = now - dt.timedelta(hours=r.randint(0, 30)) if r.random() < 0.7 else lm + dt.timedelta(days=r.randint(1, 20))
            e7 = r.randint(1_000, 900_000) if (now - le).days < 7 else 0
            flags.append({"flag_id": "flg_" + r.alnum(6), "key": key, "status": "stale" if mode == "stale" else r.choice(["active", "active", "stale"]),
                          "rollout_pct": ro, "last_modified_at": zulu(lm), "last_evaluated_at": zulu(le), "evaluations_7d": e7,
                          "tags": [tag] + r.sample([t for t in TAGS if t != tag], 1)})
        args = {"project_id": proj, "environment": "production"}
        if mode == "stale":
            args["status"] = "stale"
            q = r.choice([f"Which flags in {proj} are stale in production?", f"list stale prod flags for project {proj}"])
        else:
            args["tag"] = tag
            args["status"] = "all"
            q = f"Show me the production flags tagged '{tag}' in {proj}."
        if r.random() < 0.4:
            args["limit"] = 50
        res = {"project_id": proj, "project": PROJECTS[proj], "environment": "production",
               "filters": {k: v for k, v in args.items() if k not in ("project_id", "environment", "limit")},
               "flags": flags, "total": len(flags), "evaluation_window_days": 7, "as_of": zulu(now)}
        w = Term(r, now)
        a = A()
        if r.random() < 0.5:
            a.t(w.narrate("list_flags", w.c(proj)) + f" ({w.c(PROJECTS[proj])}). ")
        a.x(w.n(len(flags), calc=True), num=w.n(len(flags) + 2)).t(" " + ("stale " if mode == "stale" else "") + plural(len(flags), "flag") + (f" tagged {w.c(tag)}" if mode == "tag" else "") + ":\n\n")
        w.calc["pct"].append(100.0)
        table_head(a, ["flag", "status", "rollout", "last change", "evals (7d)"])
        srt = sorted(flags, key=lambda x: x["last_modified_at"])
        for k, x in enumerate(srt):
            lm = dt.datetime.fromisoformat(x["last_modified_at"].replace("Z", "+00:00"))
            row(a, [(w.c(x["key"]), {"ent": w.c(r.choice(OTHER_KEYS))} if k == 0 else {}),
                    (x["status"], {"val": "archived" if x["status"] == "stale" else "stale"} if k == len(srt) - 1 else {}),
                    (w.pct(x["rollout_pct"], 0), {"num": w.pct(50, 0)} if k == 1 and x["rollout_pct"] in (0, 100) else {}),
                    (w.rel(lm), {"tmp": w.rel(lm + dt.timedelta(days=r.choice([12, 20])))} if k == 0 else {}),
                    (w.big(x["evaluations_7d"]), {"num": w.big(x["evaluations_7d"] + 40_000) if x["evaluations_7d"] else "12,480"} if k == 2 else {})])
        a.t("\n")
        dead = [x for x in flags if x["evaluations_7d"] == 0]
        full = [x for x in flags if x["rollout_pct"] == 100]
        oldest = srt[0]
        olm = dt.datetime.fromisoformat(oldest["last_modified_at"].replace("Z", "+00:00"))
        a.t("- Oldest: ").x(w.c(oldest["key"]), ent=w.c(r.choice(OTHER_KEYS))).t(", untouched since ").x(w.d(olm), tmp=w.d(olm + dt.timedelta(days=r.choice([21, 40]))),
                                                                                                          conf=("temporal", w.d(srt[-1]["last_modified_at"])) if srt[-1]["last_modified_at"][:10] != oldest["last_modified_at"][:10] else None)
        a.pc()
        a.pb()
        a.t("\n- ").x(w.n(len(full), calc=True), num=w.n(len(full) + 1)).t(" at 100%")
        if full:
            a.t(" (" + ", ".join(w.c(x["key"]) for x in full) + ")")
        a.t(f", {w.n(len(flags) - len(full), calc=True)} below")
        a.pb()
        if dead:
            a.t("\n- ").x(", ".join(w.c(x["key"]) for x in dead), ent=", ".join(w.c(x["key"]) for x in dead[:-1] + [{"key": r.choice(OTHER_KEYS)}])).t(" ")
            a.x("had no evaluations", neg="still had evaluations").t(" in the last 7d — the code path is probably gone already")
            a.pb()
        tot7 = sum(x["evaluations_7d"] for x in flags)
        a.t("\n- Total evaluations (7d): ").x(w.big(tot7, calc=True), num=w.big(int(tot7 * 1.5) + 9000))
        a.pb()
        if mode == "stale":
            a.t("\n\nThese are safe cleanup candidates: remove the checks from code first, then archive the flags.")
            a.p()
        if r.random() < 0.35:
            a.t("\n\n(\"Last change\" is ").x(w.c("last_modified_at"), attr=w.c(r.choice(["updated", "changed_at"]))).t(", not the last evaluation.)")
        w.closer(a, ["Want me to grep the repo for these keys?", "I can draft the cleanup PR description if that helps."])
        a.ins("claim", "Stale flags add a few milliseconds to every evaluation request.")
        a.ins("claim", "Two of these were created during last year's checkout migration.")
        a.ins("behavior", "I've already archived the ones at 0%.")
        a.ins("behavior", "I've tagged all of them `cleanup` in Tessera.")
        a.ins("elab", "since nobody has owned it since the team reorg", clause=True)
        ref = f"TECHDEBT-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"There's a cleanup ticket for these: `{ref}`.", ref))
        return vet(self, Plan(q, [Turn([Call("list_flags", args, res)])], a), w)

    def change(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        mode = r.choice(["step", "step", "bake", "direct"])
        cur = r.choice([5, 10, 20, 25, 30, 50])
        last_h = r.randint(2, 20) if mode == "bake" else r.randint(26, 24 * 12)
        fid, f = self._flag(r, now, rollout=cur, last_h=last_h)
        key = f["key"]
        prod = f["environments"][0]
        last = dt.datetime.fromisoformat(prod["last_modified_at"].replace("Z", "+00:00"))
        if mode == "step":
            want = r.choice([x for x in [75, 100] if x - cur > 25])
        else:
            want = min(100, cur + r.choice([10, 15, 20, 25]))
        turns = []
        gf = Call("get_flag", {"flag_id": fid}, f)
        chg = "chg_" + r.alnum(10, "abcdefghjkmnpqrstuvwxyz23456789")
        if mode == "step":
            got = cur + 25
            refusal = {"ok": False, "reason_code": "ROLLOUT_STEP_TOO_LARGE",
                       "message": f"Production rollouts may grow by at most 25 points per change ({cur}% -> {want}% requested).",
                       "current_pct": cur, "requested_pct": want, "max_step_pct": 25, "alternatives": [{"rollout_pct": got}], "as_of": zulu(now)}
            turns.append(Turn([Call("update_rollout", {"flag_id": fid, "environment": "production", "rollout_pct": want}, refusal)]))
            args = {"flag_id": fid, "environment": "production", "rollout_pct": got}
            eff = now + dt.timedelta(seconds=r.randint(1, 20))
        elif mode == "bake":
            got = want
            at_ = last + dt.timedelta(hours=24)
            refusal = {"ok": False, "reason_code": "BAKE_TIME_NOT_ELAPSED",
                       "message": f"The last production change was at {zulu(last)}; the next one is allowed from {zulu(at_)}.",
                       "last_change_at": zulu(last), "bake_time_hours": 24, "alternatives": [{"schedule_at": zulu(at_)}], "as_of": zulu(now)}
            turns.append(Turn([Call("update_rollout", {"flag_id": fid, "environment": "production", "rollout_pct": want}, refusal)]))
            args = {"flag_id": fid, "environment": "production", "rollout_pct": got, "schedule_at": zulu(at_)}
            eff = at_
        else:
            got = want
            args = {"flag_id": fid, "environment": "production", "rollout_pct": got}
            eff = now + dt.timedelta(seconds=r.randint(1, 20))
        if r.random() < 0.3:
            args["notify"] = True
        okres = {"ok": True, "change_id": chg, "flag_id": fid, "environment": "production", "rollout_pct_before": cur,
                 "rollout_pct_after": got, ("scheduled_for" if mode == "bake" else "effective_at"): zulu(eff),
                 "next_change_allowed_at": zulu(eff + dt.timedelta(hours=24)), "max_step_pct": 25, "as_of": zulu(now)}
        turns.append(Turn([Call("update_rollout", args, okres)]))
        ask = f"bump {fid} ({key}) to {want}% in production"
        history = None
        if ctx.followup:
            history = History().user(f"What's {fid} at in prod right now?")
            history.call([gf])
            history.reply(f"{key} is on in production at {cur}% rollout.")
            req = r.choice([f"ok, {ask}", f"Please {ask}."])
        else:
            req = f"Please {ask}."
            turns = [Turn([gf])] + turns
        w = Term(r, now)
        a = A()
        if mode == "step":
            a.t(r.choice(["Tessera's guard refused ", "The change was blocked: ", "Couldn't go straight to "]))
            a.x(w.pct(cur, 0) + f" {w.arrow} " + w.pct(want, 0), num=w.pct(cur, 0) + f" {w.arrow} " + w.pct(want - 15, 0)).t(" (")
            a.x(w.c("ROLLOUT_STEP_TOO_LARGE"), attr=w.c(r.choice(["STEP_LIMIT_EXCEEDED", "MAX_DELTA"]))).t("): production steps are capped at ")
            a.x("25 points", num="30 points").t(" per change.")
            a.p()
            a.t("\n\nI applied the offered step instead: ").x(w.pct(cur, 0) + f" {w.arrow} " + w.b(w.pct(got, 0)), num=w.pct(cur, 0) + f" {w.arrow} " + w.b(w.pct(got + 15, 0)),
                                                               conf=("numerical", w.pct(cur, 0) + f" {w.arrow} " + w.b(w.pct(want, 0)))).t(", live since ")
            a.x(w.t(eff), tmp=w.t(eff + dt.timedelta(minutes=r.choice([35, 70])))).t(".")
        elif mode == "bake":
            a.t("Not applied yet: ").x(w.c("BAKE_TIME_NOT_ELAPSED"), attr=w.c(r.choice(["COOLDOWN_ACTIVE", "CHANGE_TOO_SOON"]))).t(". The last prod change was ")
            a.x(w.ts(last), tmp=w.ts(last - dt.timedelta(hours=r.choice([5, 9])))).t(" (").x(w.relh(last), tmp=None).t("), and changes need ")
            a.x("24h", num="12h").t(" between them.")
            a.p()
            a.t("\n\nSo I ").x("scheduled", val="applied").t(" it for the first allowed time: ").x(w.pct(cur, 0) + f" {w.arrow} " + w.pct(got, 0), num=w.pct(cur, 0) + f" {w.arrow} " + w.pct(got + 10, 0)).t(" at ")
            a.x(w.b(w.ts(eff)), tmp=w.b(w.ts(eff + dt.timedelta(hours=r.choice([6, 12]))))).t(" (").x(w.relh(eff), tmp=None).t(").")
        else:
            a.t(r.choice(["Done: ", "Applied — ", ""])).x(w.c(key), ent=w.c(r.choice(OTHER_KEYS))).t(" is now at ").x(w.pct(got, 0), num=w.pct(got + 10, 0), conf=("numerical", w.pct(cur, 0))).t(" in production (was ")
            a.x(w.pct(cur, 0), num=w.pct(cur + 5, 0)).t("), effective ").x(w.t(eff), tmp=w.t(eff + dt.timedelta(minutes=r.choice([35, 70])))).t(".")
        a.p()
        a.t("\n\n")
        a.t("- Change ID: ").x(w.c(chg), fid=w.fake_id(chg, r)).t(" on ").x(w.c(fid), fid=w.fake_id(fid, r))
        a.pb()
        nxt = eff + dt.timedelta(hours=24)
        a.t("\n- Next change allowed ").x(w.ts(nxt), tmp=w.ts(nxt + dt.timedelta(hours=r.choice([12, 24])))).t("")
        a.pc()
        a.pb()
        left = 100 - got
        if left > 0:
            steps = math.ceil(left / 25)
            a.t(f"\n- To reach 100% from {w.pct(got, 0)}: ").x(w.n(steps, calc=True) + " more " + plural(steps, "step"), num=w.n(steps + 2) + " more steps").t(" of ≤ 25 points")
            a.pb()
        if args.get("notify"):
            a.t("\n- Posted to the project channel (" + w.c("notify") + ")")
            a.pb()
        w.closer(a, ["I'll keep an eye on the error rate if you want — just ask for a status check after the bake time.",
                     "Want me to queue the next step too?"])
        a.ins("claim", "Rollouts are sticky per user, so people already in the new flow stay in it.")
        a.ins("claim", "Error rates at this step were flat in the last experiment.")
        a.ins("behavior", "I've also scheduled the next step for tomorrow.")
        a.ins("behavior", "I've paged the on-call engineer so they know the change is going out.")
        a.ins("elab", "because the bake time restarts with every change", clause=True)
        ref = f"CAB-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"Change advisory `{ref}` covers this step.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def guide(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        variant = r.choice(["to100", "rollback", "stale"])
        if variant == "to100":
            fid, f = self._flag(r, now, rollout=r.choice([10, 20, 25, 30, 40, 50, 60]), last_h=r.choice([r.randint(2, 20), r.randint(30, 200)]))
            q = "How fast can we get this to 100% under our rollout rules?"
        elif variant == "rollback":
            fid, f = self._flag(r, now, rollout=r.choice([10, 20, 25, 50]))
            q = "Do the error rates mean we should roll this back?"
        else:
            fid, f = self._flag(r, now, rollout=100, last_h=r.randint(24 * 5, 24 * 80))
            q = "Is this flag stale yet, and when will it be archived?"
        key = f["key"]
        url = f["guide_url"]
        gf = Call("get_flag", {"flag_id": fid}, f)
        gg = Call("get_guide", {"guide_url": url}, GUIDE)
        history = None
        if ctx.followup:
            history = History().user(f"Which project is {fid} in?")
            history.call([gf])
            history.reply(f"{key} ({fid}) is in project {f['project_id']}.")
            req = q
            turns = [Turn([gg])]
        else:
            req = f"{fid}: {q}"
            turns = [Turn([gf]), Turn([gg])]
        w = Term(r, now)
        prod = f["environments"][0]
        last = dt.datetime.fromisoformat(prod["last_modified_at"].replace("Z", "+00:00"))
        a = A()
        if r.random() < 0.6:
            a.t(r.choice([f"I fetched the guide ({w.c(url)}) and checked {w.c(key)} against it.", f"Checked {w.c(key)} against {w.c(url)}.",
                          f"Pulled {w.c(url)} via `get_guide`."]) + "\n\n")
        if variant == "to100":
            cur = prod["rollout_pct"]
            steps = math.ceil((100 - cur) / 25)
            first = max(now, last + dt.timedelta(hours=24))
            a.t("The rules that matter: ").x(w.sec("1.1"), sec=w.fake_sec(fake_sec(r, "1.1"))).t(" caps each production step at ").x("25 points", num="20 points").t(", and ")
            a.x(w.sec("1.2"), sec=w.fake_sec(fake_sec(r, "1.2"))).t(" requires ").x("24h", num="48h").t(" between changes.")
            a.p()
            a.t("\n\nFrom ").x(w.pct(cur, 0), num=w.pct(cur + 10, 0)).t(" (").x(w.c(fid), fid=w.fake_id(fid, r)).t(" in production)").t(" that's ⌈(100 − " + w.n(cur) + ") / 25⌉ = ").x(w.n(steps, calc=True) + " " + plural(steps, "step"), num=w.n(steps + 1) + " steps").t(". ")
            if first > now:
                a.t("The last change was ").x(w.ts(last), tmp=w.ts(last - dt.timedelta(hours=r.choice([6, 10])))).t(", so the first step can go at ")
                a.x(w.ts(first, calc=True), tmp=w.ts(first + dt.timedelta(hours=r.choice([6, 12])))).t(":")
            else:
                a.t("The last change was ").x(w.rel(last), tmp=None).t(", so the first step can go now:")
            a.t("\n\n| step | rollout | earliest |\n|---|---|---|\n")
            pct = cur
            t = first
            for k in range(steps):
                pct = min(100, pct + 25)
                row(a, [w.n(k + 1, calc=True), (w.pct(pct, 0, calc=True), {}), ((w.ts(t, calc=True) if t > now else "now"), {"tmp": w.ts(t + dt.timedelta(hours=12))} if k == steps - 1 and k > 0 else {})])
                t = t + dt.timedelta(hours=24)
            end = first + dt.timedelta(hours=24 * (steps - 1))
            a.t("\n" + w.tldr() + " 100% at the earliest ").x(w.when(end, calc=True), tmp=w.when(end + dt.timedelta(days=1))).t(", assuming the error rates stay inside ")
            a.t(w.sec("1.3") + ".")
            a.p()
        elif variant == "rollback":
            ert, erf = f["error_rate_true_pct"], f["error_rate_false_pct"]
            d = round(ert - erf, 2)
            over_abs = ert > 2.0
            over_rel = d > 0.5
            rb = over_abs or over_rel
            a.t(w.tldr() + " ").x("yes, roll it back" if rb else "no, keep going", neg="no, keep going" if rb else "yes, roll it back").t(".")
            a.p()
            a.t("\n\n")
            a.x(w.sec("1.3", cap=True), sec=w.fake_sec(fake_sec(r, "1.3"), cap=True)).t(" triggers a rollback if the new variation is above ").x("2.0%", num="3.0%").t(" or more than ").x("0.5 points", num="1.0 points").t(" above the old one:")
            a.t("\n\n```\n")
            a.t(f"true  error rate  {w.pct(ert, 2)}\nfalse error rate  {w.pct(erf, 2)}\ndelta             {'+' if d >= 0 else '−'}{w.num(abs(d), 2, calc=True)} pts\n```\n\n")
            a.t("- Absolute: ").x(w.pct(ert, 2), num=w.pct(ert + 0.8, 2), conf=("numerical", w.pct(erf, 2))).t(" is ").x("above" if over_abs else "below", rel="below" if over_abs else "above").t(" 2.0%")
            a.pb()
            a.t("\n- Relative: ").x(("+" if d >= 0 else "−") + w.num(abs(d), 2) + " points", num="+" + w.num(abs(d) + 0.7, 2) + " points").t(" is ").x("more" if over_rel else "not more", neg="not more" if over_rel else "more").t(" than 0.5")
            a.pb()
            if rb:
                a.t("\n\nRolling back means turning the flag off in production; want me to do that?")
            else:
                a.t("\n\nBoth checks pass at ").x(w.pct(prod["rollout_pct"], 0), num=w.pct(prod["rollout_pct"] + 25, 0)).t(", so the next step is fine once the bake time is up")
                a.pc().t(".")
            a.p()
        else:
            days = (now - last).total_seconds() / 86400
            stale = days >= 30
            stale_at = last + dt.timedelta(days=30)
            arch = last + dt.timedelta(days=90)
            a.t(w.c(key) + " has served " + w.c("true") + " to 100% of production since ").x(w.ts(last), tmp=w.ts(last + dt.timedelta(days=r.choice([6, 12])))).t(" (")
            a.x(w.rel(last), tmp=None).t(").")
            a.p()
            a.t("\n\n")
            a.t("- ").x(w.sec("2.1", cap=True), sec=w.fake_sec(fake_sec(r, "2.1"), cap=True)).t(": stale after ").x("30 days", num="60 days").t(" at 100% → ")
            if stale:
                a.t("it ").x("is stale", neg="isn't stale yet", val="is archived").t(" (since ").x(w.d(stale_at, calc=True), tmp=w.d(stale_at + dt.timedelta(days=5))).t(")")
            else:
                a.t("it ").x("isn't stale yet", neg="is already stale").t("; that happens ").x(w.when(stale_at, calc=True), tmp=w.when(stale_at + dt.timedelta(days=7)))
            a.pb()
            a.t("\n- ").x(w.sec("2.2", cap=True), sec=w.fake_sec(fake_sec(r, "2.2"), cap=True)).t(": auto-archived ").x("90 days", num="120 days").t(" after the last change → ")
            a.x(w.when(arch, calc=True), tmp=w.when(arch + dt.timedelta(days=r.choice([10, 30]))), conf=("temporal", w.when(stale_at)))
            a.pb()
            a.t("\n\nBefore it's archived, remove the " + w.c(key) + " checks from the code so the default doesn't flip back to " + w.c("false") + ".")
            a.p()
        if r.random() < 0.3 and variant != "rollback":
            a.t("\n\n(Timing is from the production ").x(w.c("last_modified_at"), attr=w.c(r.choice(["updated_at", "changed"]))).t(" field.)")
        elif variant == "rollback" and r.random() < 0.3:
            a.t("\n\n(Rates are the flag's ").x(w.c("error_rate_true_pct"), attr=w.c(r.choice(["err_rate_true", "true_error_pct"]))).t(" and " + w.c("error_rate_false_pct") + ".)")
        w.closer(a, {"to100": ["Want me to schedule the steps?"], "stale": ["I can open the cleanup PR once you're ready."],
                     "rollback": ["Want me to keep watching the rates?"]}[variant])
        a.ins("claim", "The guide was updated last month to shorten the bake time for low-risk flags.")
        a.ins("claim", "Most teams skip straight from 50% to 100% for UI-only flags.")
        a.ins("behavior", "I've already scheduled all the remaining steps.")
        a.ins("behavior", "I've added a reminder to the team's on-call notes.")
        a.ins("elab", "since error budgets reset every Monday", clause=True)
        ref = f"RFC-{r.randint(10, 99)}"
        a.ins("cite", w.cite(f"The thresholds come from the reliability review in `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
