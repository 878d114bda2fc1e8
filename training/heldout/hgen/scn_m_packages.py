"""package_registry (set m): a coding agent working against an organization's private package registry (npm-compatible,
scoped names) — a package's health (latest version and when it shipped, weekly downloads summed and week over week,
unpacked size change, yanked and deprecated versions, dependents), the versions that satisfy a semver range (what a
fresh install resolves to, yanked and pre-release versions left out), unpublishing a version (refused by design outside
the 72-hour window or with dependents; the offered yank or deprecate taken) and questions answered from the publishing
policy fetched by URL (the unpublish window, undoing a yank, storage included and the overage rate)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_bool, s_int, s_obj, s_str
from .mstyle import Term, add_days, plural, row, table_head, utc, vet, zulu

BASE = "https://registry.lumen.example/api/v2"
POLICY_BASE = "https://docs.registry.lumen.example/policies"
PKGS = ["@lumen/http-kit", "@lumen/config-loader", "@lumen/retry", "@lumen/log-format", "@lumen/schema-tools",
        "@lumen/cache-client", "@lumen/auth-middleware", "@lumen/feature-gate", "@lumen/queue-worker"]
OTHER_PKGS = ["@lumen/http-core", "@lumen/fetch-kit", "@lumen/net-utils", "@lumen/retry-policy"]
PEOPLE = ["dana.k", "ops-bot", "m.okafor", "priya.s", "jwalsh", "release-bot", "t.nguyen"]
OTHER_PEOPLE = ["mira.t", "sam.r", "deploy-bot", "k.lindqvist"]
GiB = 1024 ** 3
POLICY = ("LUMEN PACKAGE REGISTRY - PUBLISHING POLICY (v3)\n\n"
          "1. UNPUBLISHING\n"
          "1.1 A version can be unpublished within 72 hours of publication if the package has no dependents.\n"
          "1.2 After 72 hours, or when the package has dependents, unpublish is refused; deprecate or yank the version "
          "instead.\n"
          "1.3 An unpublished version number can never be reused.\n"
          "2. YANKING AND DEPRECATION\n"
          "2.1 A yanked version is skipped when ranges are resolved but still installs from an existing lockfile.\n"
          "2.2 Deprecation keeps the version installable and prints the deprecation message on install; messages are "
          "limited to 256 characters.\n"
          "2.3 A yank can be undone within 30 days of the yank.\n"
          "3. PRE-RELEASES\n"
          "3.1 Pre-release versions are never matched by ranges unless requested explicitly.\n"
          "3.2 Pre-release versions older than 180 days are archived.\n"
          "4. STORAGE\n"
          "4.1 Each organization includes 10 GiB of package storage.\n"
          "4.2 Storage above the included 10 GiB is billed at $0.10 per GiB-month.\n"
          "4.3 A single package version may not exceed 250 MB unpacked.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.4", "2.4", "3.3", "4.4", "5.1"] if s != real])


def vkey(v):
    core, _, pre = v.partition("-")
    return tuple(int(x) for x in core.split(".")), pre == ""


class PackageRegistry(Scenario):
    name = "package_registry"
    agent = "pkg-assistant"
    service = "lumen-registry-agent"
    system = ("You are a coding assistant running in the developer's terminal, with tools for Lumen's private package "
              "registry. Check facts with the tools before answering; answer in concise Markdown with identifiers, "
              "versions and commands in backticks. Timestamps are UTC.")
    error_style = 0
    entity_noun = {"package_id": "Package", "policy_url": "Policy document"}
    preambles = ["Let me check the registry.", "Querying the registry now.", "I'll pull the package metadata first."]
    literal_ok = ["TL;DR"]

    def __init__(self):
        pp = r"^@lumen/[a-z0-9-]+$"
        self.tools = [
            Tool("get_package", "Package metadata: dist-tags, versions (published_at, unpacked size, yanked, deprecated, "
                                "7-day downloads), weekly downloads, dependents, maintainers, org storage, policy URL.",
                 s_obj({"package_id": s_str("Scoped package name, e.g. '@lumen/http-kit'.", pattern=pp),
                        "include_versions": s_bool("Include the version list (default true).")}, ["package_id"]),
                 entity={"package_id": "id"}, http=BASE, extra=[("verbose", True)]),
            Tool("list_versions", "Versions of a package that satisfy a semver range, and what the range resolves to.",
                 s_obj({"package_id": s_str("Scoped package name.", pattern=pp),
                        "range": s_str("Semver range, e.g. '^2.3.0'.", min_len=1, max_len=64),
                        "include_prerelease": s_bool("Match pre-release versions too."),
                        "include_yanked": s_bool("List yanked versions too."),
                        "limit": s_int("Maximum versions to return.", 1, 50)},
                       ["package_id", "range"]),
                 entity={"package_id": "id"}, http=BASE, extra=[("sort", "desc")]),
            Tool("change_version_status", "Unpublish, yank or deprecate one version of a package.",
                 s_obj({"package_id": s_str("Scoped package name.", pattern=pp),
                        "version": s_str("Exact version, e.g. '2.4.0'.", pattern=r"^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$"),
                        "action": s_str("What to do.", enum=["unpublish", "yank", "deprecate"]),
                        "message": s_str("Deprecation message (deprecate only).", max_len=256)},
                       ["package_id", "version", "action"]),
                 entity={"package_id": "id"}, http=BASE, extra=[("force", True)]),
            Tool("get_policy", "A registry policy document (plain text, numbered sections) by URL.",
                 s_obj({"policy_url": s_str("Policy URL from the package metadata.",
                                            pattern=r"^https://docs\.registry\.lumen\.example/policies/")}, ["policy_url"]),
                 entity={"policy_url": "url"}, extra=[("format", "html")]),
        ]
        self.intents = [("package_health", self.health, False), ("version_range", self.range_, False),
                        ("unpublish_version", self.unpublish, True), ("policy_question", self.policy, True)]

    # ------------------------------------------------------------------ data
    def _now(self, r, today):
        return utc(today, r.randint(7, 21), r.randint(0, 59), r.randint(0, 59))

    def _package(self, r, now, pkg=None, prerelease=False):
        pkg = pkg or r.choice(PKGS)
        ma, mi, pa = r.randint(1, 4), r.randint(2, 9), r.randint(0, 3)
        cur = (ma, mi, pa)
        t = now - dt.timedelta(days=r.randint(1, 20), hours=r.randint(0, 23), minutes=r.randint(0, 59))
        size = r.randint(60_000, 2_400_000)
        dl = r.randint(3_000, 90_000)
        vers = []
        for k in range(r.randint(5, 7)):
            vers.append({"version": "%d.%d.%d" % cur, "published_at": zulu(t), "unpacked_size_bytes": size,
                         "file_count": r.randint(12, 140), "yanked": False, "deprecated": None,
                         "downloads_last_7d": dl})
            a, b, c = cur
            if c > 0 and r.random() < 0.6:
                cur = (a, b, c - 1)
            elif b > 0:
                cur = (a, b - 1, r.randint(0, 3))
            else:
                cur = (a - 1, r.randint(3, 9), r.randint(0, 4))
            t -= dt.timedelta(days=r.randint(5, 45), hours=r.randint(0, 23), minutes=r.randint(0, 59))
            size = int(size * r.uniform(0.9, 0.995))
            dl = int(dl * r.uniform(0.15, 0.7))
        if r.random() < 0.6:
            y = vers[r.randint(1, min(3, len(vers) - 1))]
            y["yanked"] = True
            y["yanked_at"] = zulu(dt.datetime.fromisoformat(y["published_at"].replace("Z", "+00:00"))
                                  + dt.timedelta(days=r.randint(1, 4), hours=r.randint(1, 20)))
        oldest_major = vkey(vers[-1]["version"])[0][0]
        if oldest_major < vkey(vers[0]["version"])[0][0]:
            for v in vers:
                if vkey(v["version"])[0][0] == oldest_major:
                    v["deprecated"] = f"{oldest_major}.x is no longer maintained; upgrade to {vkey(vers[0]['version'])[0][0]}.x"
        if prerelease:
            nm = vkey(vers[0]["version"])[0][0] + 1
            pre = {"version": f"{nm}.0.0-rc.{r.randint(1, 3)}", "published_at": zulu(now - dt.timedelta(days=r.randint(1, 9), hours=r.randint(1, 20))),
                   "unpacked_size_bytes": int(vers[0]["unpacked_size_bytes"] * r.uniform(1.01, 1.2)), "file_count": r.randint(12, 140),
                   "yanked": False, "deprecated": None, "downloads_last_7d": r.randint(40, 900)}
            vers.insert(0, pre)
        weeks = []
        w0 = (now.date() - dt.timedelta(days=now.date().weekday())) - dt.timedelta(days=28)
        base = r.randint(4_000, 400_000)
        for k in range(4):
            weeks.append({"week_start": (w0 + dt.timedelta(days=7 * k)).isoformat(), "downloads": base})
            base = int(base * r.uniform(0.82, 1.25))
        latest = next(v["version"] for v in vers if "-" not in v["version"] and not v["yanked"])
        tags = {"latest": latest}
        if prerelease:
            tags["next"] = vers[0]["version"]
        res = {"package_id": pkg, "dist_tags": tags, "license": r.choice(["MIT", "Apache-2.0", "ISC"]),
               "versions": vers, "weekly_downloads": weeks, "dependents_count": r.choice([0, r.randint(3, 40), r.randint(40, 900)]),
               "maintainers": r.sample(PEOPLE, r.randint(1, 3)),
               "org_storage_used_bytes": int(r.uniform(4.0, 19.0) * GiB),
               "policy_url": f"{POLICY_BASE}/{r.choice(['publishing-v3', 'registry-policy'])}", "as_of": zulu(now)}
        return pkg, res

    # ------------------------------------------------------------------ intents
    def health(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        pkg, res = self._package(r, now)
        req = r.choice([f"what's the latest {pkg} and how are downloads trending?",
                        f"Quick health check on {pkg}: latest version, download trend, anything yanked or deprecated?",
                        f"Can you summarize {pkg} for me — latest release, weekly downloads, size?"])
        w = Term(r, now)
        vers = res["versions"]
        latest = res["dist_tags"]["latest"]
        lv = next(v for v in vers if v["version"] == latest)
        prev = vers[vers.index(lv) + 1]
        pub = dt.datetime.fromisoformat(lv["published_at"].replace("Z", "+00:00"))
        wk = res["weekly_downloads"]
        tot = sum(x["downloads"] for x in wk)
        w._c("dur", len(wk) * 7 * 86400, True)
        chg = (wk[-1]["downloads"] - wk[-2]["downloads"]) / wk[-2]["downloads"] * 100
        a = A()
        target = w.c(pkg)
        style = r.choice(["narr", "tldr", "plain"])
        if style == "narr":
            a.t(w.narrate("get_package", target) + ". ")
        elif style == "tldr":
            a.t(w.tldr() + " ").x(w.c(latest), fid=w.fake_id(latest, r)).t(" is latest, ")
            a.x("up" if chg >= 0 else "down", rel="down" if chg >= 0 else "up").t(" ").x(w.pct(chg, calc=True), num=w.pct(chg + r.choice([-9, 7, 11]))).t(" week over week.")
            a.p()
            a.t("\n\n")
        # latest
        if style != "tldr":
            ppub = dt.datetime.fromisoformat(prev["published_at"].replace("Z", "+00:00"))
            a.t(r.choice(["Latest is ", "The `latest` dist-tag points at ", "Current release: "])).x(w.c(latest), fid=w.fake_id(latest, r))
            a.t(", published ").x(w.when(pub), tmp=w.when(pub - dt.timedelta(days=r.choice([5, 8, 12]))), conf=("temporal", w.when(ppub))).t(".")
            a.p()
        else:
            a.t(w.b("Latest") + ": " + w.c(latest) + ", published ").x(w.when(pub), tmp=w.when(pub - dt.timedelta(days=r.choice([5, 8, 12])))).t(".")
            a.p()
        a.t("\n\n")
        # downloads block
        if r.random() < 0.5:
            a.t(r.choice(["Weekly downloads (last 4 weeks):", "Downloads per week:", w.b("Downloads") + ":"]) + "\n\n")
            table_head(a, ["week of", "downloads"])
            for k, x in enumerate(wk):
                row(a, [w.d(x["week_start"]), (w.num(x["downloads"]), {"num": w.num(int(x["downloads"] * r.choice([0.8, 1.3])))} if k == len(wk) - 1 else {})])
            a.t("\n")
            a.t("Total ").x(w.num(tot, calc=True), num=w.num(tot + r.choice([-1, 1]) * r.randint(2000, 9000))).t(", and the last week is ")
            a.x("up" if chg >= 0 else "down", rel="down" if chg >= 0 else "up").t(" ").x(w.pct(chg, calc=True), num=w.pct(chg + r.choice([-6, 5, 9]))).t(" on the week before")
            a.pc().t(".")
            a.p()
        else:
            parts = " + ".join(w.num(x["downloads"]) for x in wk)
            a.t("- Downloads, last 4 weeks: " + parts + " = ").x(w.num(tot, calc=True), num=w.num(tot + r.choice([-1, 1]) * r.randint(2000, 9000)))
            a.pb()
            a.t(f"\n- Week over week: {w.num(wk[-2]['downloads'])} {w.arrow} ").x(w.num(wk[-1]['downloads']), conf=("numerical", w.num(wk[0]["downloads"]))).t(" (").x(w.pct(chg, calc=True, sign=True), num=w.pct(chg + r.choice([-6, 5, 9]), sign=True)).t(")")
            a.pc()
            a.pb()
        a.t("\n\n")
        # size change
        diff = lv["unpacked_size_bytes"] - prev["unpacked_size_bytes"]
        a.t(f"Unpacked size {w.c(prev['version'])} {w.arrow} {w.c(latest)}: ").x(w.size(prev["unpacked_size_bytes"]), num=w.size(int(prev["unpacked_size_bytes"] * 0.7))).t(f" {w.arrow} ")
        a.x(w.size(lv["unpacked_size_bytes"]), num=w.size(int(lv["unpacked_size_bytes"] * 1.4)),
            conf=("numerical", w.size(vers[-1]["unpacked_size_bytes"])) if w.size(vers[-1]["unpacked_size_bytes"]) != w.size(prev["unpacked_size_bytes"]) else None)
        a.t(" (").x(("+" if diff >= 0 else "−") + w.size(abs(diff), calc=True), num=("+" if diff >= 0 else "−") + w.size(abs(diff) * 3 + 2048)).t(f", {lv['file_count']} files).")
        a.p()
        a.t("\n\n")
        # yanked / deprecated
        yanked = [v for v in vers if v["yanked"]]
        dep = [v for v in vers if v["deprecated"]]
        lines = []
        if yanked:
            y = yanked[0]
            a.t("- ").x(w.c(y["version"]), fid=w.fake_id(y["version"], r)).t(" ").x("is yanked", neg="is not yanked", val="is deprecated").t(" (yanked ").x(w.d(y["yanked_at"]), tmp=w.d(add_days(dt.date.fromisoformat(y["yanked_at"][:10]), 6))).t(")")
            a.t(", so ranges skip it but existing lockfiles still install it" if r.random() < 0.5 else "")
            a.pb().t("\n")
        else:
            a.t("- No yanked versions in the " + w.n(len(vers), calc=True) + " listed.")
            a.pb().t("\n")
        if dep:
            a.t(f"- {w.n(len(dep), calc=True)} {plural(len(dep), 'version')} ").x("deprecated", val="yanked").t(f" ({w.c(dep[0]['version'])}" + (f" … {w.c(dep[-1]['version'])}" if len(dep) > 1 else "") + f"): \"{dep[0]['deprecated']}\"")
            a.pb().t("\n")
        dc = res["dependents_count"]
        a.t("- ").x(w.num(dc), num=w.num(dc + r.choice([30, 120]) if dc else 14)).t(f" dependent {plural(dc, 'package')} in the registry")
        a.pb().t("\n")
        a.t("- Maintainers: ").x(", ".join(w.c(m) for m in res["maintainers"]), ent=", ".join(w.c(m) for m in res["maintainers"][:-1] + [r.choice(OTHER_PEOPLE)]))
        a.pb()
        if r.random() < 0.4:
            a.t("\n\n(The weekly series is the ").x(w.c("weekly_downloads"), attr=w.c(r.choice(["weekly_installs", "downloads_by_week"]))).t(" field; per-version counts are in ")
            a.t(w.c("downloads_last_7d") + ".)")
        w.closer(a, [f"Want me to check which of your services still pin {w.c(prev['version'])}?",
                     f"I can diff {w.c(prev['version'])} and {w.c(latest)} if that helps."])
        a.ins("claim", f"{w.c(latest)} is the first release that drops Node 16 support.")
        a.ins("claim", "Most of that traffic comes from CI mirrors rather than developer machines.")
        a.ins("behavior", f"I've also bumped the pin in `services/api/package.json` to {w.c(latest)}.")
        a.ins("behavior", "I went ahead and cleared the registry cache for this package.")
        a.ins("elab", "mostly driven by the new retry helpers", clause=True)
        ref = f"GHSA-{r.choice('2345679cfghjmpqrvwx')}{r.upalnum(3).lower()}-{r.upalnum(4).lower()}-{r.upalnum(4).lower()}"
        a.ins("cite", w.cite(f"There's an open advisory for the previous minor: `{ref}`.", ref))
        return vet(self, Plan(req, [Turn([Call("get_package", {"package_id": pkg}, res)])], a), w)

    def range_(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        pkg, full = self._package(r, now, prerelease=r.random() < 0.5)
        vers = [v for v in full["versions"]]
        stable = [v for v in vers if "-" not in v["version"]]
        base = stable[min(len(stable) - 1, r.randint(2, 4))]
        (ma, mi, pa), _ = vkey(base["version"])
        op = r.choice(["^", "~"])
        rng = f"{op}{ma}.{mi}.{pa}"

        def sat(v):
            (a_, b_, c_), st = vkey(v)
            if not st:
                return False
            if op == "^":
                return a_ == ma and (b_, c_) >= (mi, pa)
            return a_ == ma and b_ == mi and c_ >= pa
        match = [v for v in vers if sat(v["version"])]
        okm = [v for v in match if not v["yanked"]]
        if not okm:
            match[0]["yanked"] = False
            match[0].pop("yanked_at", None)
            okm = [match[0]]
        resolved = max(okm, key=lambda v: vkey(v["version"])[0])
        pre = [v["version"] for v in vers if "-" in v["version"]]
        res = {"package_id": pkg, "range": rng, "include_prerelease": False,
               "matching": [{"version": v["version"], "published_at": v["published_at"], "yanked": v["yanked"],
                             "unpacked_size_bytes": v["unpacked_size_bytes"]} for v in match],
               "resolved": resolved["version"], "excluded_yanked": [v["version"] for v in match if v["yanked"]],
               "excluded_prerelease": pre, "total_versions": len(vers) + r.randint(0, 30), "as_of": zulu(now)}
        req = r.choice([f"Which versions of {pkg} satisfy {rng}, and what would a fresh install resolve to?",
                        f"our package.json has \"{pkg}\": \"{rng}\" — what does that resolve to right now?",
                        f"List the {pkg} versions matching {rng}."])
        w = Term(r, now)
        a = A()
        if r.random() < 0.5:
            a.t(w.narrate("list_versions", f"{w.c(pkg)} (range {w.c(rng)})") + ".")
            a.t(" " + w.tldr() + " it resolves to ").x(w.c(resolved["version"]), fid=w.fake_id(resolved["version"], r)).t(".")
        else:
            a.t(w.c(rng) + " on ").x(w.c(pkg), ent=w.c(r.choice(OTHER_PKGS))).t(" resolves to ").x(w.c(resolved["version"]), fid=w.fake_id(resolved["version"], r)).t(" right now")
            a.pc().t(".")
        a.p()
        a.t("\n\n")
        a.x(w.n(len(match), calc=True), num=w.n(len(match) + 2)).t(f" of the {w.n(res['total_versions'])} published versions {'matches' if len(match) == 1 else 'match'}:\n\n")
        table_head(a, ["version", "published", "unpacked", "status"])
        for k, v in enumerate(sorted(match, key=lambda v: vkey(v["version"])[0], reverse=True)):
            st = "yanked" if v["yanked"] else ("resolved" if v is resolved else "ok")
            row(a, [w.c(v["version"]), (w.d(v["published_at"]), {"tmp": w.d(add_days(dt.date.fromisoformat(v["published_at"][:10]), 9))} if k == 0 else {}),
                    (w.size(v["unpacked_size_bytes"]), {"num": w.size(int(v["unpacked_size_bytes"] * 1.35))} if k == 1 else {}),
                    (st, {"val": "ok" if v["yanked"] else "yanked"} if st != "ok" else {})])
        a.t("\n")
        if res["excluded_yanked"]:
            y = res["excluded_yanked"][0]
            a.t(f"{w.c(y)} ").x("matches the range but is yanked", neg="matches the range and isn't yanked").t(", so the resolver ")
            a.x("skips", neg="picks").t(" it.")
            a.p()
        else:
            a.t("Nothing in the range is yanked.")
        if pre:
            a.t(" The pre-release ").x(w.c(pre[0]), fid=w.fake_id(pre[0], r)).t(" ").x("isn't", neg="is").t(f" matched (pre-releases need {w.c('include_prerelease')}).")
            a.p()
        pub = dt.datetime.fromisoformat(resolved["published_at"].replace("Z", "+00:00"))
        a.t("\n\n" + r.choice(["To pin it explicitly:", "If you want to lock it:", "Pin command:"]) + "\n\n```sh\n")
        a.t(f"npm install {pkg}@{resolved['version']} --save-exact\n```\n\n")
        others = [v for v in match if v is not resolved]
        opub = dt.datetime.fromisoformat(others[0]["published_at"].replace("Z", "+00:00")) if others else None
        a.x(w.c(resolved["version"]), fid=w.fake_id(resolved["version"], r)).t(" was published ").x(w.when(pub), tmp=w.when(pub - dt.timedelta(days=r.choice([4, 10]))),
                                                                                                  conf=("temporal", w.when(opub)) if opub and opub.date() != pub.date() else None).t(".")
        a.p()
        if r.random() < 0.4:
            a.t(" The resolution is the tool's ").x(w.c("resolved"), attr=w.c(r.choice(["resolved_version", "install_target"]))).t(" field, not something I computed.")
        w.closer(a, ["Want me to check the changelog between these?", f"I can check what else in the repo depends on {w.c(pkg)}."])
        a.ins("claim", "The resolver caches this for about an hour, so CI may still see the old version.")
        a.ins("claim", f"{w.c(rng)} is the range most of the org's services use.")
        a.ins("behavior", "I've updated the lockfile to match.")
        a.ins("behavior", "I also ran `npm dedupe` in the workspace.")
        a.ins("elab", "since older minors are no longer rebuilt", clause=True)
        ref = f"REL-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"The release notes are tracked in `{ref}`.", ref))
        args = {"package_id": pkg, "range": rng}
        if r.random() < 0.5:
            args["limit"] = 20
        return vet(self, Plan(req, [Turn([Call("list_versions", args, res)])], a), w)

    def unpublish(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        pkg, res = self._package(r, now)
        vers = res["versions"]
        tgt = r.choice([v for v in vers[:3] if not v["yanked"]])
        ver = tgt["version"]
        pub = dt.datetime.fromisoformat(tgt["published_at"].replace("Z", "+00:00"))
        hours = int((now - pub).total_seconds() // 3600)
        dc = res["dependents_count"]
        mode = r.choice(["refuse", "refuse", "refuse", "direct"])
        if mode == "refuse" and hours < 72 and dc == 0:
            res["dependents_count"] = dc = r.randint(3, 40)
        alt = r.choice(["yank", "deprecate"])
        msg = f"{ver} ships a broken build; upgrade to {res['dist_tags']['latest']}" if ver != res["dist_tags"]["latest"] else f"{ver} ships a broken build; a fix is coming"
        turns = []
        gp = Call("get_package", {"package_id": pkg}, res)
        op = f"op_{r.upalnum(8)}"
        if mode == "refuse":
            code = "UNPUBLISH_WINDOW_CLOSED" if hours >= 72 else "PACKAGE_HAS_DEPENDENTS"
            refusal = {"ok": False, "reason_code": code,
                       "message": (f"{ver} was published {hours} hours ago; unpublish is only allowed within 72 hours."
                                   if code == "UNPUBLISH_WINDOW_CLOSED" else
                                   f"{pkg} has {dc} dependents; unpublish would break them."),
                       "published_ago_hours": hours, "window_hours": 72, "dependents_count": dc,
                       "alternatives": ["yank", "deprecate"], "as_of": zulu(now)}
            turns.append(Turn([Call("change_version_status", {"package_id": pkg, "version": ver, "action": "unpublish"}, refusal)]))
            act = alt
        else:
            act = alt
        args = {"package_id": pkg, "version": ver, "action": act}
        if act == "deprecate":
            args["message"] = msg
        eff = now + dt.timedelta(seconds=r.randint(2, 40))
        ok = {"ok": True, "package_id": pkg, "version": ver, "status": "yanked" if act == "yank" else "deprecated",
              "operation_id": op, "effective_at": zulu(eff), "still_installable_from_lockfiles": True,
              "dist_tags": res["dist_tags"], "as_of": zulu(now)}
        if act == "yank":
            ok["undo_until"] = zulu(eff + dt.timedelta(days=30))
        turns.append(Turn([Call("change_version_status", args, ok)]))
        if mode == "refuse":
            ask = r.choice([f"Please unpublish {ver} of {pkg}, it has a bad build.",
                            f"unpublish {pkg}@{ver} — it's broken. If you can't, do whatever the registry allows instead."])
        else:
            ask = (f"Please yank {pkg}@{ver}, it has a bad build." if act == "yank" else
                   f"Deprecate {pkg}@{ver} with the message \"{msg}\".")
        history = None
        if ctx.followup:
            history = History().user(f"What's the latest version of {pkg}?")
            history.call([gp])
            history.reply(f"The latest version of {pkg} is {res['dist_tags']['latest']}.")
            req = ask
        else:
            req = ask
            turns = [Turn([gp])] + turns
        w = Term(r, now)
        a = A()
        if mode == "refuse":
            lead = r.choice(["Unpublish was refused", "The registry refused the unpublish", "Couldn't unpublish"])
            a.t(lead + " with ").x(w.c(code), attr=w.c(r.choice(["UNPUBLISH_FORBIDDEN", "VERSION_LOCKED"]))).t(": ")
            if code == "UNPUBLISH_WINDOW_CLOSED":
                onv = [v for v in vers if v is not tgt]
                a.x(w.c(ver), fid=w.fake_id(ver, r)).t(" went out ").x(w.ts(pub), tmp=w.ts(pub + dt.timedelta(hours=r.choice([30, 50]))),
                                                                        conf=("temporal", w.ts(onv[0]["published_at"]))).t(", ")
                if hours < 120:
                    a.x(f"{hours}h ago", num=f"{hours - r.randint(30, 60)}h ago")
                else:
                    ago = (now.date() - pub.date()).days
                    a.x(w.rel(pub.date()), tmp=w.rel(pub.date() + dt.timedelta(days=r.choice([-9, 12]) if ago > 14 else 2)))
                a.t(", which is ").x("past", rel="inside").t(" the ").x("72h", num="96h").t(" window.")
            else:
                a.t("the package has ").x(w.num(dc), num=w.num(dc + r.choice([-2, 5, 9]) if dc > 9 else dc + 6)).t(" dependents, so unpublishing would break them (even though ")
                a.x(w.c(ver), fid=w.fake_id(ver, r)).t(" is only ").x(f"{hours}h", num=f"{hours + 40}h").t(" old).")
            a.p()
            a.t("\n\n")
            a.t(r.choice(["It offered `yank` or `deprecate`, so I ", "Alternatives were `yank` / `deprecate`; I "]))
            a.x("yanked" if act == "yank" else "deprecated", val="deprecated" if act == "yank" else "yanked").t(" it instead (")
            a.x(w.c(op), fid=w.fake_id(op, r)).t(").")
        else:
            a.t(r.choice(["Done — ", "Done. ", ""])).x(w.c(f"{pkg}@{ver}"), ent=w.c(f"{r.choice([p for p in OTHER_PKGS])}@{ver}")).t(" is now ")
            a.x("yanked" if act == "yank" else "deprecated", val="deprecated" if act == "yank" else "yanked").t(" (").x(w.c(op), fid=w.fake_id(op, r)).t(", effective ").x(w.t(eff), tmp=w.t(eff + dt.timedelta(minutes=r.choice([40, 95])))).t(").")
        a.p()
        a.t("\n\n" + r.choice(["What that means:", "Effect:", w.b("What changes") + ":"]) + "\n\n")
        if act == "yank":
            a.t("- New installs of ranges that include it ").x("skip", neg="still pick").t(" " + w.c(ver))
            a.t(f"; {w.c('latest')} stays on ").x(w.c(res["dist_tags"]["latest"]), fid=w.fake_id(res["dist_tags"]["latest"], r))
            a.pb().t("\n")
            a.t("- Existing lockfiles that pin it ").x("still install it", neg="can no longer install it")
            a.pc()
            a.pb().t("\n")
            a.t("- The yank can be undone until ").x(w.when(eff + dt.timedelta(days=30), paren=True), tmp=w.when(eff + dt.timedelta(days=r.choice([14, 45])), paren=True))
            a.pb()
        else:
            a.t("- " + w.c(ver) + " ").x("stays installable", neg="is no longer installable").t("; installs print the message")
            a.pb().t("\n")
            a.t("- Message shown on install: \"" + msg + "\"")
            a.pb()
        if mode == "refuse" and r.random() < 0.5:
            fld = "published_ago_hours" if code == "UNPUBLISH_WINDOW_CLOSED" else "dependents_count"
            a.t("\n\n(That number is the refusal's ").x(w.c(fld), attr=w.c(r.choice(["age_hours", "hours_since_publish"] if code == "UNPUBLISH_WINDOW_CLOSED" else ["dependent_packages", "dependents_total"]))).t(" field.)")
        w.closer(a, ["If you want it gone from `latest` entirely, I can publish a patch release next.",
                     "Want me to post a note in the package's changelog?"])
        a.ins("claim", "Yanked versions are also hidden from the registry's search page.")
        a.ins("claim", f"{w.c(ver)} had been downloaded by about a third of the dependents.")
        a.ins("behavior", "I've also notified the package maintainers by email.")
        a.ins("behavior", f"I also moved the `next` tag to {w.c(res['dist_tags']['latest'])}.")
        a.ins("elab", "because the registry keeps tarballs immutable once indexed", clause=True)
        ref = f"INC-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"I logged the change under `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        variant = r.choice(["unpublish", "storage", "storage", "yank"])
        pkg, res = self._package(r, now)
        if variant == "yank" and not any(v["yanked"] for v in res["versions"]):
            variant = "unpublish"
        if variant == "yank":
            y = next(v for v in res["versions"] if v["yanked"])
            ya = dt.datetime.fromisoformat(y["yanked_at"].replace("Z", "+00:00"))
            if (now - ya).days < 30 and r.random() < 0.3:
                pass
            q = f"Can we still un-yank {y['version']}?"
        elif variant == "unpublish":
            tgt = res["versions"][0] if not res["versions"][0]["yanked"] else res["versions"][1]
            if r.random() < 0.35 and tgt is res["versions"][0]:
                # a fresh release, sometimes still inside the window
                p2 = now - dt.timedelta(hours=r.randint(5, 70), minutes=r.randint(0, 59))
                tgt["published_at"] = zulu(p2)
                if r.random() < 0.5:
                    res["dependents_count"] = 0
            q = f"Can I still unpublish {tgt['version']}?"
        else:
            q = r.choice(["How much registry storage are we using vs. the quota, and what would the overage cost?",
                          "Are we over the org storage quota? What does the overage cost per month?"])
        url = res["policy_url"]
        gp = Call("get_package", {"package_id": pkg}, res)
        gpol = Call("get_policy", {"policy_url": url}, POLICY)
        history = None
        if ctx.followup:
            history = History().user(f"Pull up {pkg} for me.")
            history.call([gp])
            history.reply(f"{pkg}: latest {res['dist_tags']['latest']}, {len(res['versions'])} versions listed.")
            req = q
            turns = [Turn([gpol])]
        else:
            req = f"{pkg}: {q}"
            turns = [Turn([gp]), Turn([gpol])]
        w = Term(r, now)
        a = A()
        if r.random() < 0.6:
            a.t(r.choice([f"I fetched the publishing policy ({w.c(url)}) and checked it against the package metadata.",
                          f"Checked the policy at {w.c(url)} against {w.c(pkg)}'s metadata.",
                          f"I pulled {w.c(url)} via `get_policy`."]))
            a.t("\n\n")
        if variant == "unpublish":
            pub = dt.datetime.fromisoformat(tgt["published_at"].replace("Z", "+00:00"))
            hrs = (now - pub).total_seconds() / 3600
            dc = res["dependents_count"]
            inside = hrs < 72
            ok = inside and dc == 0
            a.t(w.tldr() + " ").x("yes" if ok else "no", neg="no" if ok else "yes").t(".")
            a.p()
            a.t("\n\n")
            a.t("- ").x(w.sec("1.1"), sec=w.fake_sec(fake_sec(r, "1.1"))).t(": unpublish is allowed within ").x("72 hours", num="96 hours").t(" of publication, and only if the package has no dependents")
            a.pb().t("\n")
            a.t("- " + w.c(tgt["version"]) + " was published ").x(w.ts(pub), tmp=w.ts(pub - dt.timedelta(hours=r.choice([26, 49])))).t(" → ")
            a.x(w.approx(hrs * 3600, "dur", style="h"), num=w.tilde + f"{round(hrs) + r.choice([-30, 40])}h").t(" ago, ")
            a.x("inside" if inside else "outside", rel="outside" if inside else "inside").t(" the window")
            a.pb().t("\n")
            a.t("- ").x(w.c(pkg), ent=w.c(r.choice(OTHER_PKGS))).t(" has ").x(w.num(dc), num=w.num(dc + 7 if dc else 4)).t(" dependents")
            a.pb()
            a.t("\n\n")
            if ok:
                a.t("So you can still unpublish it, until ").x(w.ts(pub + dt.timedelta(hours=72), calc=True), tmp=w.ts(pub + dt.timedelta(hours=96))).t(". Note ").x(w.sec("1.3"), sec=w.fake_sec(fake_sec(r, "1.3"))).t(": the version number can't be reused afterwards.")
            else:
                a.t("Per ").x(w.sec("1.2"), sec=w.fake_sec(fake_sec(r, "1.2"))).t(" the registry will refuse it")
                a.pc().t("; the options are yank (")
                a.t(w.sec("2.1") + ": skipped by ranges, still installs from lockfiles) or deprecate (" + w.sec("2.2") + ").")
            a.p()
        elif variant == "yank":
            until = ya + dt.timedelta(days=30)
            can = now < until
            ypub = dt.datetime.fromisoformat(y["published_at"].replace("Z", "+00:00"))
            a.t(w.c(y["version"]) + " was yanked ").x(w.when(ya), tmp=w.when(ya - dt.timedelta(days=r.choice([9, 16]))),
                                                     conf=("temporal", w.when(ypub)) if ypub.date() != ya.date() else None).t(". ")
            a.x(w.sec("2.3"), sec=w.fake_sec(fake_sec(r, "2.3"))).t(" allows undoing a yank within ").x("30 days", num="60 days").t(", so the cutoff ")
            a.t("is " if can else "was ").x(w.when(until, calc=True), tmp=w.when(until + dt.timedelta(days=r.choice([7, 14])))).t(".")
            a.p()
            a.t("\n\n")
            if can:
                a.t(w.tldr() + " ").x("yes, you can still un-yank it", neg="no, it's too late to un-yank it").t(".")
            else:
                a.t(w.tldr() + " ").x("no, the undo window has closed", neg="yes, you can still un-yank it").t("; you'd need to publish a new patch instead")
                a.pc().t(".")
            a.p()
        else:
            used = res["org_storage_used_bytes"]
            inc = 10 * GiB
            w.iec = True
            a.t("Org storage: ").x(w.size(used, unit="GiB"), num=w.size(used + 3 * GiB, unit="GiB")).t(" used, ")
            a.x("10 GiB", num="20 GiB").t(" included (").x(w.sec("4.1"), sec=w.fake_sec(fake_sec(r, "4.1"))).t(").")
            a.p()
            a.t("\n\n")
            if used > inc:
                over = used - inc
                og = over / GiB
                cost = round(og, 1) * 0.10
                a.t("Overage at ").x("$0.10/GiB-month", num="$0.25/GiB-month").t(" (" + w.sec("4.2") + "):\n\n```\n")
                a.t(f"{w.size(used, unit='GiB')} - 10 GiB = {w.size(over, unit='GiB', calc=True)}\n")
                a.t(f"{w.num(round(og, 1), 1, calc=True)} × $0.10 = {w.money(cost, calc=True)}/month\n```\n\n")
                a.t(w.tldr() + " you're ").x("over", rel="under").t(" the quota by ").x(w.size(over, unit="GiB"), num=w.size(over + 2 * GiB, unit="GiB")).t(", ")
                a.x(w.approx(cost, "money", calc=False), num=w.tilde + w.money(cost + 0.5)).t(" a month")
                a.pc().t(".")
                a.p()
            else:
                left = inc - used
                a.t(w.tldr() + " you're ").x("under", rel="over").t(" the quota, with ").x(w.size(left, unit="GiB", calc=True), num=w.size(left + 2 * GiB, unit="GiB")).t(" to spare, so ")
                a.x("no overage is billed", neg="overage is billed").t(" right now.")
                a.p()
            big = max(res["versions"], key=lambda v: v["unpacked_size_bytes"])
            w.iec = r.random() < 0.5
            small = min(res["versions"], key=lambda v: v["unpacked_size_bytes"])
            a.t("\n\nFor reference, the largest version of ").x(w.c(pkg), ent=w.c(r.choice(OTHER_PKGS))).t(" (" + w.c(big["version"]) + ") is ").x(w.size(big["unpacked_size_bytes"]), num=w.size(big["unpacked_size_bytes"] * 4),
                                                                                                      conf=("numerical", w.size(small["unpacked_size_bytes"])) if w.size(small["unpacked_size_bytes"]) != w.size(big["unpacked_size_bytes"]) else None)
            a.t(", well ").x("under", rel="over").t(" the ").x("250 MB", num="25 MB").t(" per-version limit.")
            a.p()
        if r.random() < 0.35:
            a.t("\n\n(Numbers are from ").x(w.c("org_storage_used_bytes") if variant == "storage" else w.c("published_at"),
                                             attr=w.c(r.choice(["storage_bytes_total", "quota_used"]) if variant == "storage" else r.choice(["released_at", "created"]))).t(" in the package metadata.)")
        w.closer(a, ["Want me to list the biggest packages in the org?", "I can draft the deprecation message if you go that route."])
        if variant == "storage":
            a.ins("claim", "Storage is measured once a day at midnight UTC.")
            a.ins("behavior", "I've already pruned the old pre-releases to free up space.")
        else:
            a.ins("claim", "Most unpublish requests in the org are for versions with dependents.")
            a.ins("behavior", "I've already deprecated the version with a short message.")
        a.ins("claim", "The policy was last revised at the start of this quarter.")
        a.ins("behavior", "I've opened a ticket with the registry team about it.")
        a.ins("elab", "since deprecated versions still count toward storage" if variant == "storage" else "because mirrors may already have cached the tarball", clause=True)
        ref = f"POL-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"This is also covered in the registry FAQ entry `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
