"""ci_pipelines (set m): a coding agent working against a hosted CI/CD service — one pipeline run (status, commit, wall
time against the sum of job times, queue time, the slowest and the failed job with its failing tests, cache hits,
artifact size, billable minutes and cost), a pipeline's recent runs on a branch (pass rate, mean and median duration,
the failures with their commits, the last failure), deploying a run (a production deploy freeze or a run with failing
checks refused by design; the offered staging deploy or last green run taken) and questions answered from the CI/CD
policy fetched by path (what a run cost per job at the runner rates with minutes rounded up, when its artifact expires
and the size limit, whether a production deploy is allowed right now)."""
from __future__ import annotations

import datetime as dt
import math

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_date, s_int, s_obj, s_str
from .mstyle import Term, plural, row, sha40, table_head, utc, vet, zulu

BASE = "https://api.forgeci.example/v3"
PIPES = {"api-service": "pl_k3m9x2", "web-frontend": "pl_7q2w8e", "billing-worker": "pl_4n6b1v", "mobile-app": "pl_9r5t3y",
         "search-indexer": "pl_2d8f6g"}
AUTHORS = ["dana.k", "m.okafor", "priya.s", "jwalsh", "t.nguyen", "lena.m", "carlos.r"]
OTHER_AUTHORS = ["mira.t", "sam.r", "k.lindqvist"]
RATES = {"linux-x64-4c": 0.008, "linux-x64-8c": 0.008, "linux-arm64-4c": 0.005, "macos-14": 0.08}
RATE_NAME = {"linux-x64-4c": "Linux x64", "linux-x64-8c": "Linux x64", "linux-arm64-4c": "Linux arm64", "macos-14": "macOS"}
MSGS = ["fix: retry idempotency keys on 409", "feat: add CSV export to reports", "chore: bump grpc to 1.64",
        "refactor: split invoice renderer", "fix: flaky clock in scheduler tests", "feat: paginate search results",
        "perf: cache tenant config lookups", "fix: handle empty cart in checkout"]
TESTS = ["test_checkout_total_rounding", "test_retry_backoff_jitter", "test_invoice_pdf_fonts", "test_search_pagination_cursor",
         "test_tenant_cache_eviction", "test_webhook_signature", "test_clock_skew_tolerance"]
POLICY = ("# CI/CD pipeline policy\n\n"
          "## 1. Deploys\n"
          "1.1 Production deploys need a passing pipeline run for the same commit.\n"
          "1.2 Production deploys are frozen from Friday 15:00 UTC to Monday 07:00 UTC, and during announced release "
          "freezes.\n"
          "1.3 Canary deploys hold at 10% of traffic for 15 minutes before continuing.\n\n"
          "## 2. Caches and artifacts\n"
          "2.1 Build caches are evicted 7 days after their last use.\n"
          "2.2 Artifacts are kept for 30 days; release artifacts (tags) for 365 days.\n"
          "2.3 A single artifact may not exceed 2 GiB.\n\n"
          "## 3. Billing\n"
          "3.1 Linux x64 runners cost $0.008 per minute, Linux arm64 runners $0.005 per minute and macOS runners $0.08 "
          "per minute; each job is rounded up to a whole minute.\n"
          "3.2 Each project includes 3,000 runner minutes per month.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.4", "2.4", "3.3", "4.1"] if s != real])


def in_freeze(t):
    wd, h = t.weekday(), t.hour
    return (wd == 4 and h >= 15) or wd in (5, 6) or (wd == 0 and h < 7)


def freeze_end(t):
    d = t.date()
    while d.weekday() != 0 or utc(d, 7, 0) <= t:
        d += dt.timedelta(days=1)
    return utc(d, 7, 0)


class CiPipelines(Scenario):
    name = "ci_pipelines"
    agent = "ci-assistant"
    service = "forgeci-agent"
    system = ("You are a coding assistant in the developer's terminal with access to the ForgeCI API. Look up runs before "
              "answering, don't deploy without being asked, and answer in concise Markdown with run IDs, job names and "
              "commit SHAs in backticks. All times are UTC.")
    error_style = 2
    entity_noun = {"run_id": "Run", "pipeline_id": "Pipeline", "doc_path": "Document"}
    preambles = ["Checking the run.", "Pulling it from ForgeCI.", "Let me look at the pipeline."]
    literal_ok = ["TL;DR"]

    def __init__(self):
        rp = r"^run_\d{5,7}$"
        self.tools = [
            Tool("get_run", "A pipeline run: commit, branch, trigger, status, timings, jobs (runner, duration, status, "
                            "cache, artifacts, tests), billable minutes and cost.",
                 s_obj({"run_id": s_str("Run ID, e.g. 'run_81422'.", pattern=rp)}, ["run_id"]),
                 entity={"run_id": "id"}, http=BASE, extra=[("include_logs", True)]),
            Tool("list_runs", "Recent runs of a pipeline, filtered by branch, status and start date.",
                 s_obj({"pipeline_id": s_str("Pipeline ID, e.g. 'pl_k3m9x2'.", pattern=r"^pl_[a-z0-9]{6}$"),
                        "branch": s_str("Branch name.", max_len=100),
                        "status": s_str("Run status.", enum=["any", "passed", "failed", "cancelled"]),
                        "since": s_date("Only runs started on or after this date, YYYY-MM-DD."),
                        "limit": s_int("Maximum runs.", 1, 100)}, ["pipeline_id", "branch"]),
                 entity={"pipeline_id": "id"}, http=BASE, extra=[("include_jobs", True)]),
            Tool("trigger_deploy", "Deploy the artifacts of a pipeline run to an environment.",
                 s_obj({"run_id": s_str("Run ID.", pattern=rp),
                        "environment": s_str("Target environment.", enum=["staging", "production"]),
                        "strategy": s_str("Rollout strategy.", enum=["rolling", "canary"])},
                       ["run_id", "environment", "strategy"]),
                 entity={"run_id": "id"}, http=BASE, extra=[("skip_checks", True)]),
            Tool("get_doc", "A Markdown document from the engineering repo by path.",
                 s_obj({"doc_path": s_str("Path, e.g. 'docs/ci/pipeline-policy.md'.", pattern=r"^docs/[a-z0-9/_-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("ref", "main")]),
        ]
        self.intents = [("run_details", self.details, False), ("recent_runs", self.recent, False),
                        ("deploy_run", self.deploy, True), ("policy_question", self.policy, True)]

    # ------------------------------------------------------------------ data
    def _now(self, r, today, hour=None):
        return utc(today, hour if hour is not None else r.randint(6, 21), r.randint(0, 59), r.randint(0, 59))

    def _run(self, r, now, status=None, pipe=None, branch=None, ago_h=None):
        pipe = pipe or r.choice(list(PIPES))
        rid = f"run_{r.randint(10000, 999999)}"
        st = status or r.choice(["passed", "passed", "failed"])
        mobile = pipe == "mobile-app"
        jobs = [("lint", "linux-x64-4c", r.randint(25, 110)), ("unit-tests", "linux-x64-4c", r.randint(140, 620)),
                ("build-image", "linux-x64-8c" if not mobile else "macos-14", r.randint(180, 900)),
                ("integration", r.choice(["linux-x64-4c", "linux-arm64-4c"]), r.randint(200, 1100))]
        if r.random() < 0.4:
            jobs.append(("e2e", "linux-arm64-4c", r.randint(300, 1300)))
        fail_job = r.choice([j[0] for j in jobs if j[0] in ("unit-tests", "integration", "e2e")]) if st == "failed" else None
        out = []
        for name, runner, d in jobs:
            j = {"name": name, "runner": runner, "status": "failed" if name == fail_job else "passed", "duration_s": d,
                 "cache_hit": r.random() < 0.7 if name != "lint" else True}
            if name == "unit-tests":
                tot = r.randint(600, 3200)
                fl = r.randint(1, 4) if name == fail_job else 0
                j["tests"] = {"passed": tot - fl - 12, "failed": fl, "skipped": 12}
                if fl:
                    j["failed_tests"] = r.sample(TESTS, fl)
            if name in ("integration", "e2e") and name == fail_job:
                j["failed_tests"] = r.sample(TESTS, r.randint(1, 2))
            if name == "build-image":
                j["artifact_bytes"] = r.randint(180, 1900) * 1024 * 1024 + r.randint(0, 1024 * 1024)
            out.append(j)
        par = [d for n, _, d in jobs if n not in ("lint", "build-image")]
        wall = jobs[0][2] + jobs[2][2] + max(par) + r.randint(5, 40)
        queued = r.randint(4, 240)
        fin = now - dt.timedelta(hours=ago_h if ago_h is not None else r.randint(1, 60), minutes=r.randint(0, 59))
        started = fin - dt.timedelta(seconds=wall)
        mins = sum(math.ceil(j["duration_s"] / 60) for j in out)
        cost = round(sum(math.ceil(j["duration_s"] / 60) * RATES[j["runner"]] for j in out), 3)
        br = branch or r.choice(["main", "main", "release/4.2", f"feature/{r.choice(['csv-export', 'retry-keys', 'search-cursor'])}"])
        sha = sha40(r)
        res = {"run_id": rid, "pipeline": pipe, "pipeline_id": PIPES[pipe], "branch": br, "commit_sha": sha,
               "commit_message": r.choice(MSGS), "author": r.choice(AUTHORS), "trigger": r.choice(["push", "push", "schedule", "manual"]),
               "status": st, "queued_s": queued, "started_at": zulu(started), "finished_at": zulu(fin), "duration_s": wall,
               "jobs": out, "billable_minutes": mins, "cost_usd": cost, "policy_path": "docs/ci/pipeline-policy.md", "as_of": zulu(now)}
        return rid, res

    @staticmethod
    def _t(s):
        return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))

    # ------------------------------------------------------------------ intents
    def details(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        rid, run = self._run(r, now)
        req = r.choice([f"why did {rid} fail?" if run["status"] == "failed" else f"how did {rid} go?",
                        f"Summarize pipeline run {rid}.", f"What happened in {rid}, and what did it cost?"])
        w = Term(r, now)
        jobs = run["jobs"]
        fin = self._t(run["finished_at"])
        sumj = sum(j["duration_s"] for j in jobs)
        slow = max(jobs, key=lambda j: j["duration_s"])
        fast = min(jobs, key=lambda j: j["duration_s"])
        a = A()
        if r.random() < 0.5:
            a.t(w.narrate("get_run", w.c(rid)) + ". ")
        a.x(w.c(rid), fid=w.fake_id(rid, r)).t(" on ").x(w.c(run["branch"]), ent=w.c(r.choice(["develop", "main" if run["branch"] != "main" else "release/4.1"]))).t(" ")
        a.x("passed" if run["status"] == "passed" else "failed", val="failed" if run["status"] == "passed" else "passed").t(" — commit ")
        a.x(w.c(run["commit_sha"][:7]), fid=w.c(w.fake_id(run["commit_sha"][:7], r, tick=False))).t(f" (\"{run['commit_message']}\") by ").x(w.c(run["author"]), ent=w.c(r.choice(OTHER_AUTHORS))).t(", finished ")
        a.x(w.relh(fin) if (now - fin).total_seconds() < 86400 else w.when(fin, ts=True), tmp=None if (now - fin).total_seconds() < 86400 else w.when(fin - dt.timedelta(days=1), ts=True)).t(".")
        a.p()
        a.t("\n\n")
        table_head(a, ["job", "runner", "time", "cache", "status"])
        for k, j in enumerate(jobs):
            oth = [x for x in jobs if x is not j and x["duration_s"] != j["duration_s"]]
            row(a, [w.c(j["name"]), w.c(j["runner"]),
                    (w.dur(j["duration_s"]), {"num": w.dur(j["duration_s"] + r.choice([120, 300])), "conf": ("numerical", w.dur(oth[0]["duration_s"])) if oth else None} if j is slow else {}),
                    ("hit" if j["cache_hit"] else "miss", {"neg": "miss" if j["cache_hit"] else "hit"} if k == 1 else {}),
                    (("✅ " if j["status"] == "passed" else "❌ ") + j["status"], {"val": ("✅ passed" if j["status"] == "failed" else "❌ failed")} if j["status"] == "failed" else {})])
        a.t("\n")
        a.t("- Wall time ").x(w.dur(run["duration_s"]), num=w.dur(run["duration_s"] + 420)).t(" vs ").x(w.dur(sumj, calc=True), num=w.dur(sumj - 400)).t(" of job time — the test jobs run in parallel")
        a.pb()
        a.t("\n- Queued ").x(w.dur(run["queued_s"]), num=w.dur(run["queued_s"] + 180)).t(" before starting")
        a.pc()
        a.pb()
        a.t("\n- Slowest: ").x(w.c(slow["name"]), ent=w.c(fast["name"]) if fast is not slow else None).t(f" at {w.dur(slow['duration_s'])}; ")
        a.x("fastest", rel="slowest").t(f": {w.c(fast['name'])} at {w.dur(fast['duration_s'])}")
        a.pb()
        hits = sum(1 for j in jobs if j["cache_hit"])
        a.t(f"\n- Cache hits: ").x(f"{w.n(hits, calc=True)}/{w.n(len(jobs), calc=True)}", num=f"{w.n(min(len(jobs), hits + 1) if hits < len(jobs) else hits - 2)}/{w.n(len(jobs))}")
        a.pb()
        img = next(j for j in jobs if j["name"] == "build-image")
        a.t("\n- Image artifact: ").x(w.size(img["artifact_bytes"]), num=w.size(img["artifact_bytes"] * 2))
        a.pb()
        a.t("\n- Billable: ").x(f"{w.n(run['billable_minutes'])} min", num=f"{w.n(run['billable_minutes'] + 12)} min").t(" → ").x(w.money(run["cost_usd"], 3), num=w.money(run["cost_usd"] * 2 + 0.05, 3))
        a.pb()
        if run["status"] == "failed":
            fj = next(j for j in jobs if j["status"] == "failed")
            ft = fj.get("failed_tests", [])
            a.t("\n\n" + w.b("Failure") + ": ").x(w.c(fj["name"]), ent=w.c(next(j["name"] for j in jobs if j["status"] == "passed" and j["name"] != "lint"))).t(" ")
            if "tests" in fj:
                a.t("— ").x(w.n(fj["tests"]["failed"]) + " failed", num=w.n(fj["tests"]["failed"] + 3) + " failed").t(", ").x(w.num(fj["tests"]["passed"]), num=w.num(fj["tests"]["passed"] - 140)).t(" passed, ")
                a.t(w.n(fj["tests"]["skipped"]) + " skipped:")
            else:
                a.t("failed on:")
            a.t("\n\n```\n" + "\n".join(f"FAILED {t}" for t in ft) + "\n```\n\nTo reproduce locally:\n\n```sh\n")
            a.t(f"pytest -k \"{' or '.join(ft)}\"\n```")
        if r.random() < 0.35:
            a.t("\n\n(Cost is the run's ").x(w.c("cost_usd"), attr=w.c(r.choice(["billed_usd", "runner_cost"]))).t(" field; minutes are rounded up per job.)")
        w.closer(a, ["Want me to re-run just the failed job?" if run["status"] == "failed" else "Want me to deploy it to staging?",
                     "I can compare this with the previous run on the branch."])
        a.ins("claim", "This job has been flaky on arm64 runners since last week.")
        a.ins("claim", "The image is about a third larger than last month's builds.")
        a.ins("behavior", "I've already re-run the failed job.")
        a.ins("behavior", "I cleared the build cache for this branch.")
        a.ins("elab", "because the runner pool was scaled down overnight", clause=True)
        ref = f"BUG-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"This matches the known flaky-test issue `{ref}`.", ref))
        return vet(self, Plan(req, [Turn([Call("get_run", {"run_id": rid}, run)])], a), w)

    def recent(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        pipe = r.choice(list(PIPES))
        pid = PIPES[pipe]
        br = r.choice(["main", "main", "release/4.2"])
        since = now.date() - dt.timedelta(days=r.choice([3, 5, 7, 10]))
        runs = []
        t = now - dt.timedelta(hours=r.randint(1, 5))
        n = r.randint(5, 9)
        for k in range(n):
            rid, run = self._run(r, now, status=r.choice(["passed", "passed", "passed", "failed"]), pipe=pipe, branch=br,
                                 ago_h=max(0, int((now - t).total_seconds() // 3600)))
            runs.append({"run_id": rid, "status": run["status"], "commit_sha": run["commit_sha"], "author": run["author"],
                         "started_at": run["started_at"], "duration_s": run["duration_s"]})
            t -= dt.timedelta(hours=r.randint(3, int((now - utc(since)).total_seconds() // 3600 // n) + 3))
            if t.date() < since:
                break
        runs = sorted((x for x in runs if self._t(x["started_at"]).date() >= since), key=lambda x: x["started_at"], reverse=True)
        if len(runs) < 3:
            return self.recent(ctx)
        if not any(x["status"] == "failed" for x in runs) and r.random() < 0.7:
            runs[1]["status"] = "failed"
        args = {"pipeline_id": pid, "branch": br, "status": "any", "since": since.isoformat()}
        if r.random() < 0.4:
            args["limit"] = 50
        res = {"pipeline_id": pid, "pipeline": pipe, "branch": br, "since": since.isoformat(), "runs": runs, "total": len(runs), "as_of": zulu(now)}
        req = r.choice([f"How healthy has {pipe} ({pid}) been on {br} since {since.isoformat()}?",
                        f"list runs of {pid} on {br} since {since.isoformat()} — pass rate and typical duration?"])
        w = Term(r, now)
        a = A()
        ok = [x for x in runs if x["status"] == "passed"]
        bad = [x for x in runs if x["status"] == "failed"]
        durs = sorted(x["duration_s"] for x in runs)
        mean = sum(durs) / len(durs)
        med = durs[len(durs) // 2] if len(durs) % 2 else (durs[len(durs) // 2 - 1] + durs[len(durs) // 2]) / 2
        rate = len(ok) / len(runs) * 100
        if r.random() < 0.5:
            a.t(w.narrate("list_runs", f"{w.c(pid)} / {w.c(br)}") + ". ")
        a.t(w.tldr() + " ").x(f"{w.n(len(ok), calc=True)}/{w.n(len(runs), calc=True)}", num=f"{w.n(len(ok) + 1 if len(ok) < len(runs) else len(ok) - 2)}/{w.n(len(runs))}").t(" passed (")
        a.x(w.pct(rate, 1, calc=True), num=w.pct(min(100, rate + 15) if rate < 100 else 85.0, 1)).t("), median ").x(w.dur(med, calc=True), num=w.dur(med + 240)).t("")
        a.pc().t(".")
        a.p()
        a.t("\n\n")
        table_head(a, ["run", "started", "commit", "author", "time", "result"])
        for k, x in enumerate(runs):
            st = self._t(x["started_at"])
            row(a, [(w.c(x["run_id"]), {"fid": w.fake_id(x["run_id"], r)} if x["status"] == "failed" else {}),
                    (w.ts(st), {"tmp": w.ts(st - dt.timedelta(hours=r.choice([5, 26])))} if k == 0 else {}),
                    w.c(x["commit_sha"][:7]), (w.c(x["author"]), {"ent": w.c(r.choice(OTHER_AUTHORS))} if k == 1 else {}),
                    (w.dur(x["duration_s"]), {"num": w.dur(x["duration_s"] + 300)} if k == 2 else {}),
                    ("✅" if x["status"] == "passed" else "❌", {"val": "✅" if x["status"] == "failed" else "❌"} if k == 0 else {})])
        a.t("\n")
        a.t("- Mean ").x(w.dur(mean, calc=True), num=w.dur(mean + 200)).t(f", median {w.dur(med)}")
        if abs(mean - med) > 30:
            a.t(" — the mean is ").x("higher" if mean > med else "lower", rel="lower" if mean > med else "higher").t(" because of ").t("one slow run" if mean > med else "a few fast runs")
        a.pb()
        lo, hi = durs[0], durs[-1]
        a.t("\n- Range ").x(w.dur(lo), num=w.dur(lo - 60 if lo > 120 else lo + 60)).t(f" {w.arrow} ").x(w.dur(hi), num=w.dur(hi + 360))
        a.pb()
        if bad:
            lb = max(bad, key=lambda x: x["started_at"])
            a.t("\n- Failures: " + ", ".join(f"{w.c(x['run_id'])} ({w.c(x['commit_sha'][:7])})" for x in bad) + "; last one started ")
            a.x(w.relh(lb["started_at"]) if (now - self._t(lb["started_at"])).total_seconds() < 86400 * 2 else w.rel(lb["started_at"]), tmp=None)
            a.pb()
            if runs[0]["status"] == "passed":
                a.t("\n\nThe latest run is ").x("green", neg="red").t(", so " + w.c(br) + " is currently ").x("passing", neg="failing").t(".")
            else:
                a.t("\n\nThe latest run ").x("failed", val="passed").t(", so " + w.c(br) + " is currently red.")
            a.p()
        else:
            a.t("\n- ").x("No failures", neg="Two failures").t(" in the window")
            a.pb()
        w.closer(a, ["Want me to pull the logs of the failed runs?", "I can check whether the failures share a test."])
        a.ins("claim", "That's the best pass rate this pipeline has had this quarter.")
        a.ins("claim", "Most of the failures came from the arm64 runner pool.")
        a.ins("behavior", "I've re-queued the failed runs.")
        a.ins("behavior", "I've marked the failing tests as quarantined.")
        a.ins("elab", "since the integration suite was split into shards", clause=True)
        ref = f"CI-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"The flaky runs are tracked in `{ref}`.", ref))
        return vet(self, Plan(req, [Turn([Call("list_runs", args, res)])], a), w)

    def deploy(self, ctx):
        r, today = ctx.r, ctx.today
        mode = r.choice(["freeze", "checks", "checks", "direct"])
        wd = today.weekday()
        if mode == "freeze" and not (wd in (4, 5, 6, 0)):
            mode = r.choice(["checks", "direct"])
        if mode == "freeze":
            hour = {4: r.randint(15, 21), 5: r.randint(6, 21), 6: r.randint(6, 21), 0: r.randint(0, 6)}[wd]
        else:
            hour = r.randint(8, 14) if wd == 4 else (r.randint(7, 21) if wd == 0 else None)
            if wd in (5, 6):
                mode = "freeze"
                hour = r.randint(6, 21)
        now = self._now(r, today, hour)
        rid, run = self._run(r, now, status="failed" if mode == "checks" else "passed", ago_h=r.randint(0, 3) if now.hour > 3 else 0)
        env = "production"
        strat = r.choice(["rolling", "canary"])
        turns = []
        gr = Call("get_run", {"run_id": rid}, run)
        dep = "dep_" + r.alnum(8, "abcdefghjkmnpqrstuvwxyz23456789")
        target_run, target_env = rid, env
        green = None
        if mode == "freeze":
            fe = freeze_end(now)
            refusal = {"ok": False, "reason_code": "DEPLOY_FREEZE", "message": f"Production deploys are frozen until {zulu(fe)} (weekend freeze).",
                       "freeze_ends_at": zulu(fe), "alternatives": [{"environment": "staging"}], "as_of": zulu(now)}
            turns.append(Turn([Call("trigger_deploy", {"run_id": rid, "environment": env, "strategy": strat}, refusal)]))
            target_env = "staging"
        elif mode == "checks":
            green = f"run_{r.randint(10000, 999999)}"
            gsha = sha40(r)
            fj = next(j for j in run["jobs"] if j["status"] == "failed")
            gfin = self._t(run["started_at"]) - dt.timedelta(hours=r.randint(2, 30))
            refusal = {"ok": False, "reason_code": "CHECKS_NOT_PASSED", "message": f"{rid} has a failed job ({fj['name']}).",
                       "failed_jobs": [fj["name"]], "alternatives": [{"run_id": green, "commit_sha": gsha, "finished_at": zulu(gfin),
                                                                      "status": "passed"}], "as_of": zulu(now)}
            turns.append(Turn([Call("trigger_deploy", {"run_id": rid, "environment": env, "strategy": strat}, refusal)]))
            target_run = green
        st = now + dt.timedelta(seconds=r.randint(5, 50))
        eta = r.choice([240, 360, 480, 600, 900])
        okres = {"ok": True, "deployment_id": dep, "run_id": target_run, "environment": target_env, "strategy": strat,
                 "status": "in_progress", "started_at": zulu(st), "eta_s": eta, "as_of": zulu(now)}
        if strat == "canary":
            okres["canary"] = {"traffic_pct": 10, "hold_minutes": 15}
        turns.append(Turn([Call("trigger_deploy", {"run_id": target_run, "environment": target_env, "strategy": strat}, okres)]))
        ask = f"deploy {rid} to production ({strat})"
        history = None
        if ctx.followup:
            history = History().user(f"Did {rid} pass?")
            history.call([gr])
            history.reply(f"{rid} {run['status']} on {run['branch']} (commit {run['commit_sha'][:7]}).")
            req = r.choice([f"ok, {ask}", f"Please {ask}."])
        else:
            req = f"Please {ask}."
            turns = [Turn([gr])] + turns
        w = Term(r, now)
        a = A()
        if mode == "freeze":
            fe = freeze_end(now)
            a.t(r.choice(["Production is frozen: ", "ForgeCI refused the prod deploy — ", "Blocked: "])).x(w.c("DEPLOY_FREEZE"), attr=w.c(r.choice(["CHANGE_FREEZE", "FREEZE_WINDOW"]))).t(" until ")
            a.x(w.ts(fe), tmp=w.ts(fe + dt.timedelta(hours=r.choice([2, 24])))).t(" (").x(w.relh(fe) if (fe - now).total_seconds() < 86400 * 2 else w.rel(fe), tmp=None).t(").")
            a.p()
            a.t("\n\nIt offered staging instead, so I deployed ").x(w.c(rid), fid=w.fake_id(rid, r)).t(" there:")
        elif mode == "checks":
            fj = next(j for j in run["jobs"] if j["status"] == "failed")
            a.t("Refused with ").x(w.c("CHECKS_NOT_PASSED"), attr=w.c(r.choice(["PIPELINE_FAILED", "STATUS_CHECK_FAILED"]))).t(": ")
            a.x(w.c(rid), fid=w.fake_id(rid, r)).t(" has a failed ").x(w.c(fj["name"]), ent=w.c(next(j["name"] for j in run["jobs"] if j["status"] == "passed" and j["name"] != "lint"))).t(" job.")
            a.p()
            a.t("\n\nThe offered alternative was the last green run, ").x(w.c(green), fid=w.fake_id(green, r)).t(" (commit ").x(w.c(gsha[:7]), fid=w.c(w.fake_id(gsha[:7], r, tick=False))).t(", finished ")
            a.x(w.ts(gfin), tmp=w.ts(gfin - dt.timedelta(hours=r.choice([6, 20]))), conf=("temporal", w.ts(run["finished_at"]))).t("), so I deployed that to production instead:")
        else:
            a.t(r.choice(["Deploy started:", "Kicked off the production deploy:", "Done — deploying:"]))
        a.t("\n\n")
        a.t("- Deployment ").x(w.c(dep), fid=w.fake_id(dep, r)).t(": ").x(w.c(target_run), fid=w.fake_id(target_run, r) if target_run != rid else None).t(f" {w.arrow} ").x(w.c(target_env), val=w.c("production" if target_env == "staging" else "staging")).t(f", {w.c(strat)}")
        a.pb()
        a.t("\n- Status ").x(w.c("in_progress"), val=w.c(r.choice(["succeeded", "queued"]))).t(", started ").x(w.t(st), tmp=w.t(st + dt.timedelta(minutes=r.choice([25, 50])))).t(", ETA ")
        a.x(w.approx(eta, "dur", calc=False, style="min"), num=w.tilde + f"{eta // 60 + 10} min")
        a.pc()
        a.pb()
        if strat == "canary":
            a.t("\n- Canary holds at ").x("10%", num="25%").t(" of traffic for ").x("15 min", num="30 min").t(" before continuing")
            a.pb()
        if mode == "freeze":
            a.t("\n\nProduction stays ").x("untouched", neg="updated").t("; I can queue the prod deploy for when the freeze lifts if you want.")
        elif mode == "checks":
            a.t("\n\n" + w.c(rid) + " itself ").x("was not deployed", neg="was deployed too").t("; fix " + w.c(fj["name"]) + " and it can go out once it's green.")
        w.closer(a, ["I'll watch the rollout if you like — ask me for a status check in a few minutes."])
        a.ins("claim", "Staging currently mirrors about 5% of production traffic.")
        a.ins("claim", "The freeze was extended this week because of the quarter-end release.")
        a.ins("behavior", "I've also notified #deploys about it.")
        a.ins("behavior", "I've scheduled the production deploy for Monday morning.")
        a.ins("elab", "since the previous deploy is still draining connections", clause=True)
        ref = f"CHG-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"The change ticket is `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        variant = r.choice(["cost", "cost", "artifact", "deploy"])
        rid, run = self._run(r, now, status="passed" if variant != "deploy" else r.choice(["passed", "failed"]),
                             branch="v4.2.0" if variant == "artifact" and r.random() < 0.3 else None)
        path = run["policy_path"]
        if variant == "cost":
            q = "What did this run cost at our runner rates? Break it down per job."
        elif variant == "artifact":
            q = "When does the image artifact from this run expire, and is it within the size limit?"
        else:
            q = "Can this run go to production right now?"
        gr = Call("get_run", {"run_id": rid}, run)
        gd = Call("get_doc", {"doc_path": path}, POLICY)
        history = None
        if ctx.followup:
            history = History().user(f"Which commit did {rid} build?")
            history.call([gr])
            history.reply(f"{rid} built {run['commit_sha'][:7]} on {run['branch']}.")
            req = q
            turns = [Turn([gd])]
        else:
            req = f"{rid}: {q}"
            turns = [Turn([gr]), Turn([gd])]
        w = Term(r, now)
        a = A()
        if r.random() < 0.6:
            a.t(r.choice([f"I read {w.c(path)} and applied it to {w.c(rid)}.", f"Pulled {w.c(path)} via `get_doc`.",
                          f"Checked {w.c(rid)} against the policy in {w.c(path)}."]) + "\n\n")
        if variant == "cost":
            a.t("Per ").x(w.sec("3.1"), sec=w.fake_sec(fake_sec(r, "3.1"))).t(", each job is rounded up to a whole minute and billed at its runner's rate:\n\n")
            table_head(a, ["job", "runner", "time", "billed min", "rate", "cost"])
            total = 0.0
            tm = 0
            for k, j in enumerate(run["jobs"]):
                m = math.ceil(j["duration_s"] / 60)
                c = m * RATES[j["runner"]]
                total += c
                tm += m
                row(a, [w.c(j["name"]), w.c(j["runner"]), w.dur(j["duration_s"]),
                        (w.n(m, calc=True), {"num": w.n(m + 3)} if k == 1 else {}),
                        (w.money(RATES[j["runner"]], 3), {"conf": ("numerical", w.money(0.005 if RATES[j["runner"]] != 0.005 else 0.008, 3))} if k == 2 else {}),
                        (w.money(c, 3, calc=True), {"num": w.money(c + 0.04, 3)} if k == 3 else {})])
            a.t("\n")
            a.t(w.tldr() + " ").x(w.n(tm, calc=True) + " billed minutes", num=w.n(tm + 9) + " billed minutes").t(", ").x(w.b(w.money(total, 3, calc=True)), num=w.b(w.money(total + 0.07, 3))).t("")
            if abs(total - run["cost_usd"]) < 0.0005:
                a.t(" — ").x("matches", neg="doesn't match").t(" the run's " + w.c("cost_usd") + ".")
            else:
                a.t(".")
            a.p()
            big = max(run["jobs"], key=lambda j: math.ceil(j["duration_s"] / 60) * RATES[j["runner"]])
            a.t(" The ").x("biggest", rel="smallest").t(" line is " + w.c(big["name"]) + " on " + w.c(big["runner"]))
            a.pc().t(".")
            a.p()
            a.t("\n\nFor scale: the project allowance in ").x(w.sec("3.2"), sec=w.fake_sec(fake_sec(r, "3.2"))).t(" is ").x("3,000", num="2,000").t(" runner minutes a month, and this run used ").x(w.pct(tm / 3000 * 100, 2, calc=True), num=w.pct(tm / 3000 * 100 + 2, 2)).t(" of that.")
            a.p()
        elif variant == "artifact":
            img = next(j for j in run["jobs"] if j["name"] == "build-image")
            fin = self._t(run["finished_at"])
            release = run["branch"].startswith("v")
            keep = 365 if release else 30
            exp = fin + dt.timedelta(days=keep)
            a.t("The image from " + w.c("build-image") + " is ").x(w.size(img["artifact_bytes"]), num=w.size(img["artifact_bytes"] * 1.6)).t(", ")
            a.x("under", rel="over").t(" the ").x("2 GiB", num="1 GiB").t(" per-artifact limit (").x(w.sec("2.3"), sec=w.fake_sec(fake_sec(r, "2.3"))).t(").")
            a.p()
            a.t("\n\n")
            a.x(w.sec("2.2", cap=True), sec=w.fake_sec(fake_sec(r, "2.2"), cap=True)).t(" keeps ")
            if release:
                a.t("release artifacts (tags) for ").x("365 days", num="180 days").t(", and " + w.c(run["branch"]) + " is a tag, so:")
            else:
                a.t("artifacts for ").x("30 days", num="90 days").t(" (" + w.c(run["branch"]) + " isn't a release tag), so:")
            a.t("\n\n```\n" + w.ts(fin) + f" + {keep} days = " + w.ts(exp, calc=True) + "\n```\n\n")
            a.t(w.tldr() + " expires ").x(w.when(exp), tmp=w.when(exp + dt.timedelta(days=r.choice([7, 30]))), conf=("temporal", w.when(fin))).t("")
            a.pc().t(".")
            a.p()
        else:
            passed = run["status"] == "passed"
            frozen = in_freeze(now)
            ok = passed and not frozen
            a.t(w.tldr() + " ").x("yes" if ok else "no", neg="no" if ok else "yes").t(".")
            a.p()
            a.t("\n\n- ").x(w.sec("1.1", cap=True), sec=w.fake_sec(fake_sec(r, "1.1"), cap=True)).t(" (passing run): " + w.c(rid) + " ")
            a.x(run["status"], val="failed" if passed else "passed").t(" → ").t("✅" if passed else "❌")
            a.pb()
            a.t("\n- ").x(w.sec("1.2", cap=True), sec=w.fake_sec(fake_sec(r, "1.2"), cap=True)).t(" (freeze Fri 15:00 → Mon 07:00 UTC): it's ").x(w.ts(now, calc=True), tmp=None).t(", ")
            if frozen:
                fe = freeze_end(now)
                a.x("inside", rel="outside").t(" the freeze, which ends ").x(w.ts(fe, calc=True), tmp=w.ts(fe + dt.timedelta(days=1))).t(" → ❌")
            else:
                a.x("outside", rel="inside").t(" the weekend freeze → ✅")
            a.pb()
            if not passed:
                fj = next(j for j in run["jobs"] if j["status"] == "failed")
                a.t("\n\nThe blocker is the failed ").x(w.c(fj["name"]), ent=w.c(next(j["name"] for j in run["jobs"] if j["status"] == "passed" and j["name"] != "lint"))).t(" job; re-run it or push a fix first.")
                a.p()
            elif ok and r.random() < 0.5:
                a.t("\n\nIf you go canary, it holds at 10% for ").x("15 minutes", num="30 minutes").t(" first (" + w.sec("1.3") + ").")
                a.p()
        if variant == "cost" and r.random() < 0.4:
            a.t("\n\n(Job times are each job's ").x(w.c("duration_s"), attr=w.c(r.choice(["elapsed_s", "runtime_seconds"]))).t(".)")
        w.closer(a, {"cost": ["Want the same breakdown for the whole week?"], "artifact": ["Want me to pin the artifact so it isn't cleaned up?"],
                     "deploy": ["Want me to start the deploy?"]}[variant])
        a.ins("claim", "Runner prices went up at the start of the year.")
        a.ins("claim", "The project is already past its included minutes this month.")
        a.ins("behavior", "I've pinned the artifact so it won't expire.")
        a.ins("behavior", "I've switched the integration job to arm64 to save money.")
        a.ins("elab", "because that job can't use the build cache" if variant == "cost" else "since the artifact store is replicated to a second region", clause=True)
        ref = f"FIN-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"Finance tracks CI spend under cost center `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
