"""tls_certificates (set m): a DevOps agent working against the platform's certificate manager — one certificate
(days left, share of its validity used, SANs, key type, fingerprint, the renewal window and the last failed attempt with
the next retry, where it is deployed), certificates expiring within a window (soonest, without auto-renew, renewal
failed, by issuer), renewing a certificate (a SAN that has no validated DNS challenge, or the CA's duplicate-certificate
limit, refused by design; the offered renewal without the SAN or the scheduled retry taken) and questions answered from
the TLS policy fetched by URL (when renewal starts and when it pages, RSA keys allowed until a date, the SAN limit)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_arr, s_bool, s_int, s_obj, s_str
from .mstyle import Term, plural, row, table_head, utc, vet, zulu

BASE = "https://certs.platform.example/api/v1"
POLICY_BASE = "https://wiki.platform.example/security"
ZONES = ["acme.io", "orbitpay.io", "getbrightly.com", "kestrel.dev", "tidewater.cloud"]
HOSTS = ["api", "checkout", "auth", "www", "status", "grafana", "hooks", "billing", "admin", "ws", "cdn", "docs"]
ISSUERS = ["Let's Encrypt R11", "Let's Encrypt E6", "Sectigo RSA DV", "ZeroSSL ECC DV"]
TARGETS = ["lb-prod-eu-1", "lb-prod-us-2", "ingress-gke-prod", "cdn-edge", "api-gw-prod", "lb-staging-1"]
OTHER_TARGETS = ["lb-prod-ap-1", "ingress-eks-prod"]
POLICY = ("TLS CERTIFICATE POLICY - PLATFORM SECURITY\n\n"
          "1. ISSUANCE\n"
          "1.1 Public certificates are issued for 90 days.\n"
          "1.2 A certificate may cover at most 100 SANs.\n"
          "1.3 Wildcard certificates need approval from the security team.\n"
          "2. RENEWAL\n"
          "2.1 Automatic renewal starts 30 days before expiry and retries every 12 hours until it succeeds.\n"
          "2.2 A certificate with fewer than 7 days left pages the on-call engineer.\n"
          "3. KEYS\n"
          "3.1 Public endpoints use ECDSA P-256 keys.\n"
          "3.2 RSA 2048 keys are allowed only for legacy clients, until 2026-12-31.\n"
          "4. INCIDENTS\n"
          "4.1 Revoke and replace a certificate within 24 hours of a suspected key compromise.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.4", "2.3", "3.3", "4.2", "5.1"] if s != real])


class TlsCertificates(Scenario):
    name = "tls_certificates"
    agent = "cert-ops-agent"
    service = "certmgr-agent"
    system = ("You are an SRE assistant in the engineer's terminal with access to the platform certificate manager. Use "
              "the tools to check certificates before answering and only renew when asked. Answer in concise Markdown "
              "with hostnames and IDs in backticks. All times are UTC.")
    error_style = 0
    entity_noun = {"cert_id": "Certificate", "policy_url": "Policy page"}
    preambles = ["Checking the certificate manager.", "Let me look at the cert.", "Querying certmgr."]
    literal_ok = ["TL;DR", "SHA-256"]

    def __init__(self):
        cp = r"^crt_[a-z0-9]{10}$"
        self.tools = [
            Tool("get_certificate", "A certificate: common name, SANs, issuer, key type, serial, SHA-256 fingerprint, "
                                    "validity, auto-renew and renewal state, where it is deployed, policy URL.",
                 s_obj({"cert_id": s_str("Certificate ID, e.g. 'crt_8k2m9q4x1z'.", pattern=cp)}, ["cert_id"]),
                 entity={"cert_id": "id"}, http=BASE, extra=[("include_chain", True)]),
            Tool("list_certificates", "Certificates of an environment, optionally only those expiring within N days.",
                 s_obj({"environment": s_str("Environment.", enum=["production", "staging"]),
                        "expiring_within_days": s_int("Only certificates expiring within this many days.", 1, 365),
                        "auto_renew": s_bool("Filter on auto-renew."),
                        "limit": s_int("Maximum certificates.", 1, 200)}, ["environment"]),
                 http=BASE, extra=[("sort", "not_after")]),
            Tool("renew_certificate", "Request a renewal now or at a scheduled time, optionally with another key type or "
                                      "extra SANs.",
                 s_obj({"cert_id": s_str("Certificate ID.", pattern=cp),
                        "key_type": s_str("Key type of the new certificate.", enum=["ecdsa-p256", "rsa-2048", "rsa-4096"]),
                        "add_sans": s_arr("Extra hostnames to include.", s_str("Hostname."), max_items=20),
                        "schedule_at": s_str("Renew at this UTC time instead of now.", fmt="date-time")},
                       ["cert_id", "key_type"]),
                 entity={"cert_id": "id"}, http=BASE, extra=[("skip_validation", True)]),
            Tool("get_policy", "A security policy page (plain text, numbered sections) by URL.",
                 s_obj({"policy_url": s_str("Policy URL from the certificate.", pattern=r"^https://wiki\.platform\.example/security/")}, ["policy_url"]),
                 entity={"policy_url": "url"}, extra=[("format", "html")]),
        ]
        self.intents = [("cert_details", self.details, False), ("expiring_certs", self.expiring, False),
                        ("renew_cert", self.renew, True), ("policy_question", self.policy, True)]

    # ------------------------------------------------------------------ data
    def _now(self, r, today):
        return utc(today, r.randint(6, 21), r.randint(0, 59), r.randint(0, 59))

    def _cert(self, r, now, days_left=None, key=None, failed=None):
        zone = r.choice(ZONES)
        hosts = r.sample(HOSTS, r.randint(2, 6))
        cn = f"{hosts[0]}.{zone}"
        sans = [f"{h}.{zone}" for h in hosts]
        dl = days_left if days_left is not None else r.choice([r.randint(3, 29), r.randint(31, 85)])
        na = now + dt.timedelta(days=dl, hours=r.randint(-10, 10), minutes=r.randint(0, 59))
        nb = na - dt.timedelta(days=90)
        kt = key or r.choice(["ECDSA P-256", "ECDSA P-256", "RSA 2048"])
        issuer = r.choice([i for i in ISSUERS if ("E" in i.split()[-1] or "ECC" in i) == kt.startswith("ECDSA")] or ISSUERS)
        cid = "crt_" + r.alnum(10, "abcdefghijklmnopqrstuvwxyz0123456789")
        opens = na - dt.timedelta(days=30)
        in_window = opens <= now
        fail = failed if failed is not None else (in_window and r.random() < 0.55)
        ren = {"window_days": 30, "window_opens_at": zulu(opens)}
        if in_window:
            la = now - dt.timedelta(hours=r.randint(1, 11), minutes=r.randint(0, 59))
            ren.update({"last_attempt_at": zulu(la), "last_attempt_status": "failed" if fail else "pending_validation",
                        "last_error": r.choice(["DNS-01 challenge timed out for " + sans[-1], "CAA record forbids issuer for " + zone]) if fail else None,
                        "next_attempt_at": zulu(la + dt.timedelta(hours=12)), "retry_interval_hours": 12})
        else:
            ren.update({"last_attempt_at": None, "last_attempt_status": "not_started"})
        deployed = [{"target": t, "synced_at": zulu(nb + dt.timedelta(hours=r.randint(1, 30)))} for t in r.sample(TARGETS[:5], r.randint(1, 3))]
        fp = r.hexid(32)
        while not fp[0].isalpha():
            fp = r.hexid(32)
        res = {"cert_id": cid, "common_name": cn, "sans": sans, "issuer": issuer, "key_type": kt,
               "serial": ":".join(r.hexid(1) for _ in range(8)), "fingerprint_sha256": fp,
               "not_before": zulu(nb), "not_after": zulu(na), "validity_days": 90, "auto_renew": r.random() < 0.85,
               "renewal": ren, "deployed_to": deployed,
               "policy_url": f"{POLICY_BASE}/{r.choice(['tls-certificates', 'tls-policy'])}", "as_of": zulu(now)}
        return cid, res

    # ------------------------------------------------------------------ intents
    def details(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        cid, c = self._cert(r, now)
        req = r.choice([f"when does {cid} expire and is renewal working?", f"Check cert {cid} for me.",
                        f"Status of certificate {cid}? Days left, SANs, renewal."])
        w = Term(r, now)
        na = dt.datetime.fromisoformat(c["not_after"].replace("Z", "+00:00"))
        nb = dt.datetime.fromisoformat(c["not_before"].replace("Z", "+00:00"))
        left = (na - now).total_seconds() / 86400
        used = (now - nb).total_seconds() / (na - nb).total_seconds() * 100
        ren = c["renewal"]
        a = A()
        if r.random() < 0.5:
            a.t(w.narrate("get_certificate", w.c(cid)) + ". ")
        a.x(w.c(c["common_name"]), ent=w.c(c["common_name"].split(".")[0] + "." + r.choice([z for z in ZONES if z not in c["common_name"]]))).t(" expires ")
        a.x(w.when(na, ts=r.random() < 0.4), tmp=w.when(na + dt.timedelta(days=r.choice([7, 14]))), conf=("temporal", w.when(nb))).t(" — ")
        a.x(w.approx(left * 86400, "dur", style="d"), num=w.tilde + f"{round(left) + r.choice([9, 15])} days").t(" left, ")
        a.x(w.pct(used, 1, calc=True), num=w.pct(used - 20, 1)).t(" of its ").x("90-day", num="60-day").t(" validity used.")
        if abs(left - 30) > 1:
            a.t(" That's ").x("inside" if left < 30 else "outside", rel="outside" if left < 30 else "inside").t(" the 30-day renewal window.")
        a.p()
        w.calc["num"].append(90.0)
        a.t("\n\n")
        table_head(a, ["field", "value"])
        row(a, ["issuer", (w.c(c["issuer"]), {"ent": w.c(r.choice([i for i in ISSUERS if i != c["issuer"]]))})])
        row(a, ["key", (w.c(c["key_type"]), {"val": w.c("RSA 2048" if c["key_type"].startswith("ECDSA") else "ECDSA P-256")})])
        row(a, ["SANs", [(w.n(len(c["sans"]), calc=True), {"num": w.n(len(c["sans"]) + 3)}), " — " + ", ".join(w.c(s) for s in c["sans"][:4]) + (" …" if len(c["sans"]) > 4 else "")]])
        row(a, ["SHA-256", (w.c(c["fingerprint_sha256"][:16] + "…"), {"fid": w.c(w.fake_id(c["fingerprint_sha256"][:16], r, tick=False) + "…")})])
        row(a, ["auto-renew", ("on" if c["auto_renew"] else "off", {"neg": "off" if c["auto_renew"] else "on"})])
        a.t("\n")
        opens = dt.datetime.fromisoformat(ren["window_opens_at"].replace("Z", "+00:00"))
        if ren["last_attempt_status"] == "not_started":
            a.t("Renewal ").x("hasn't started", neg="has already started").t(": the ").x("30-day", num="14-day").t(" window opens ").x(w.when(opens), tmp=w.when(opens + dt.timedelta(days=r.choice([5, 10]))))
            a.pc().t(".")
            if not c["auto_renew"]:
                a.t(" Auto-renew is ").x("off", neg="on").t(" though, so nothing will happen on its own.")
            a.p()
        else:
            la = dt.datetime.fromisoformat(ren["last_attempt_at"].replace("Z", "+00:00"))
            nx = dt.datetime.fromisoformat(ren["next_attempt_at"].replace("Z", "+00:00"))
            a.t("The renewal window opened ").x(w.d(opens), tmp=w.d(opens + dt.timedelta(days=r.choice([4, 9])))).t(". ")
            if ren["last_attempt_status"] == "failed":
                a.t("⚠️ The last attempt ").x("failed", val="succeeded").t(" ").x(w.relh(la), tmp=None).t(":\n\n```\n" + ren["last_error"] + "\n```\n\n")
                a.t("Next retry ").x(w.relh(nx), tmp=None).t(" (").x(w.t(nx), tmp=w.t(nx + dt.timedelta(hours=r.choice([3, 6])))).t("), every ").x("12h", num="6h").t(" until it succeeds.")
            else:
                a.t("The last attempt (").x(w.relh(la), tmp=None).t(") is ").x(w.c("pending_validation"), val=w.c("failed")).t("; next check at ").x(w.t(nx), tmp=w.t(nx + dt.timedelta(hours=r.choice([3, 6])))).t(".")
            a.p()
        a.t("\n\nDeployed to ").x(w.n(len(c["deployed_to"]), calc=True) + " " + plural(len(c["deployed_to"]), "target"), num=w.n(len(c["deployed_to"]) + 2) + " targets").t(": ")
        a.x(", ".join(w.c(d["target"]) for d in c["deployed_to"]), ent=", ".join(w.c(d["target"]) for d in c["deployed_to"][:-1] + [{"target": r.choice(OTHER_TARGETS)}])).t(".")
        a.p()
        if r.random() < 0.35:
            a.t("\n\n(Days left are computed from ").x(w.c("not_after"), attr=w.c(r.choice(["expires_at", "valid_until"]))).t(" and the response's " + w.c("as_of") + ".)")
        w.closer(a, ["Want me to trigger a renewal now?", "I can check the DNS challenge record if the retry fails again."])
        a.ins("claim", "The CA's DNS-01 validation has been flaky for this zone all week.")
        a.ins("claim", "All other certs on these load balancers were renewed last night.")
        a.ins("behavior", "I've also re-triggered the DNS-01 challenge.")
        a.ins("behavior", "I've pushed the current cert to the other load balancers to be safe.")
        a.ins("elab", "which the platform team set after last year's outage", clause=True)
        ref = f"SEC-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"There's an open security ticket for it: `{ref}`.", ref))
        return vet(self, Plan(req, [Turn([Call("get_certificate", {"cert_id": cid}, c)])], a), w)

    def expiring(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        env = r.choice(["production", "production", "staging"])
        win = r.choice([14, 21, 30, 45])
        certs = []
        for k in range(r.randint(3, 6)):
            cid, c = self._cert(r, now, days_left=r.randint(2, win - 1))
            na = dt.datetime.fromisoformat(c["not_after"].replace("Z", "+00:00"))
            if na > now + dt.timedelta(days=win):
                na = now + dt.timedelta(days=win - 1)
            st = c["renewal"]["last_attempt_status"]
            certs.append({"cert_id": cid, "common_name": c["common_name"], "sans_count": len(c["sans"]), "issuer": c["issuer"],
                          "not_after": zulu(na), "remaining_days": (na.date() - now.date()).days, "auto_renew": c["auto_renew"],
                          "renewal_status": "failed" if st == "failed" else ("not_started" if st == "not_started" else "in_progress")})
        certs.sort(key=lambda x: x["not_after"])
        args = {"environment": env, "expiring_within_days": win}
        if r.random() < 0.3:
            args["limit"] = 100
        res = {"environment": env, "expiring_within_days": win, "certificates": certs, "total": len(certs), "as_of": zulu(now)}
        req = r.choice([f"Which {env} certs expire in the next {win} days?", f"list {env} certificates expiring within {win} days",
                        f"Anything in {env} expiring within {win} days that won't renew on its own?"])
        w = Term(r, now)
        a = A()
        if r.random() < 0.5:
            a.t(w.narrate("list_certificates", f"{w.c(env)} ({w.c('expiring_within_days=' + str(win))})") + ": ")
        a.x(w.n(len(certs), calc=True), num=w.n(len(certs) + 2)).t(" " + plural(len(certs), "certificate") + f" expire within {win} days.\n\n")
        table_head(a, ["cert", "CN", "expires", "days", "auto-renew", "renewal"])
        for k, x in enumerate(certs):
            na = dt.datetime.fromisoformat(x["not_after"].replace("Z", "+00:00"))
            row(a, [(w.c(x["cert_id"]), {"fid": w.fake_id(x["cert_id"], r)} if k == 0 else {}), w.c(x["common_name"]),
                    (w.d(na), {"tmp": w.d(na + dt.timedelta(days=r.choice([6, 11])))} if k == 0 else {}),
                    (w.n(x["remaining_days"]), {"num": w.n(x["remaining_days"] + 7), "conf": ("numerical", w.n(certs[-1]["remaining_days"])) if certs[-1]["remaining_days"] != x["remaining_days"] else None} if k == 0 else {}),
                    ("yes" if x["auto_renew"] else "**no**", {"neg": "yes"} if not x["auto_renew"] else {}),
                    (w.c(x["renewal_status"]), {"val": w.c("in_progress" if x["renewal_status"] == "failed" else "failed")} if x["renewal_status"] != "not_started" and k < 3 else {})])
        a.t("\n")
        soon = certs[0]
        sna = dt.datetime.fromisoformat(soon["not_after"].replace("Z", "+00:00"))
        a.t("- ").x("Soonest", rel="Latest").t(": ").x(w.c(soon["common_name"]), ent=w.c(certs[-1]["common_name"]) if certs[-1]["common_name"] != soon["common_name"] else None).t(" ").x(w.rel(sna), tmp=w.rel(sna + dt.timedelta(days=r.choice([5, 9]))))
        a.pb()
        manual = [x for x in certs if not x["auto_renew"]]
        failed = [x for x in certs if x["renewal_status"] == "failed"]
        if manual:
            a.t("\n- Auto-renew ").x("off", neg="on").t(" for " + ", ".join(w.c(x["common_name"]) for x in manual) + (" — these need a manual renewal" if len(manual) > 1 else " — it needs a manual renewal"))
            a.pb()
        else:
            a.t("\n- All of them have auto-renew on")
            a.pb()
        if failed:
            a.t("\n- Renewal ").x("failing", neg="working").t(" for ").x(w.n(len(failed), calc=True), num=w.n(len(failed) + 2)).t(": " + ", ".join(w.c(x["cert_id"]) for x in failed))
            a.pb()
        by = {}
        for x in certs:
            by[x["issuer"]] = by.get(x["issuer"], 0) + 1
        a.t("\n- By issuer: " + ", ".join(f"{w.c(i)} × {w.n(n, calc=True)}" for i, n in sorted(by.items(), key=lambda kv: -kv[1])))
        a.pb()
        under7 = [x for x in certs if x["remaining_days"] < 7]
        if under7:
            a.t("\n\n" + w.n(len(under7), calc=True) + " " + plural(len(under7), "is", "are") + " ").x("under", rel="over").t(" 7 days")
            a.pc().t(" — worth looking at today.")
            w.calc["dur"].append(7 * 86400.0)
            a.p()
        if r.random() < 0.35:
            a.t("\n\n(\"days\" is the API's ").x(w.c("remaining_days"), attr=w.c(r.choice(["days_left", "ttl_days"]))).t(", counted in calendar days.)")
        w.closer(a, ["Want me to kick off renewals for the manual ones?", "I can dig into the failed renewals one by one."])
        a.ins("claim", "Let's Encrypt had a short outage this morning, which explains the failures.")
        a.ins("claim", "The staging certs are excluded from paging, so nobody will be alerted.")
        a.ins("behavior", "I've already queued renewals for the two soonest.")
        a.ins("behavior", "I've posted this list to #sre-alerts.")
        a.ins("elab", "since they were all issued in the same batch", clause=True)
        ref = f"SEC-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"Tracking the manual renewals in `{ref}`.", ref))
        return vet(self, Plan(req, [Turn([Call("list_certificates", args, res)])], a), w)

    def renew(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        mode = r.choice(["san", "san", "rate", "direct"])
        cid, c = self._cert(r, now, days_left=r.randint(5, 40))
        zone = c["common_name"].split(".", 1)[1]
        kt = "ecdsa-p256" if c["key_type"].startswith("ECDSA") or r.random() < 0.5 else "rsa-2048"
        extra = f"{r.choice([h for h in ['status', 'metrics', 'partners', 'sso', 'pay'] if f'{h}.{zone}' not in c['sans']])}.{zone}"
        turns = []
        gc = Call("get_certificate", {"cert_id": cid}, c)
        new_id = "crt_" + r.alnum(10, "abcdefghijklmnopqrstuvwxyz0123456789")
        want = {"cert_id": cid, "key_type": kt}
        if mode == "san":
            want["add_sans"] = [extra]
            refusal = {"ok": False, "reason_code": "SAN_NOT_VALIDATED",
                       "message": f"{extra} has no validated DNS-01 challenge in this account.", "unvalidated_sans": [extra],
                       "alternatives": [{"add_sans": []}], "as_of": zulu(now)}
            turns.append(Turn([Call("renew_certificate", dict(want), refusal)]))
            final = {"cert_id": cid, "key_type": kt}
        elif mode == "rate":
            ra = now + dt.timedelta(hours=r.randint(3, 60), minutes=r.choice([0, 15, 30, 45]))
            ra = ra.replace(second=0)
            refusal = {"ok": False, "reason_code": "CA_RATE_LIMITED",
                       "message": f"Duplicate-certificate limit reached for {c['common_name']} (5 per 7 days).",
                       "limit_per_7_days": 5, "retry_after": zulu(ra), "alternatives": [{"schedule_at": zulu(ra)}], "as_of": zulu(now)}
            turns.append(Turn([Call("renew_certificate", dict(want), refusal)]))
            final = dict(want, schedule_at=zulu(ra))
        else:
            final = dict(want)
        if mode == "rate":
            okres = {"ok": True, "status": "scheduled", "renewal_id": "rnw_" + r.alnum(8, "abcdefghjkmnpqrstuvwxyz23456789"), "cert_id": cid,
                     "scheduled_for": zulu(ra), "key_type": kt, "as_of": zulu(now)}
        else:
            iss = now + dt.timedelta(minutes=r.randint(1, 4), seconds=r.randint(0, 59))
            okres = {"ok": True, "status": "issued", "new_cert_id": new_id, "replaces_cert_id": cid, "key_type": kt,
                     "sans": c["sans"], "not_before": zulu(iss), "not_after": zulu(iss + dt.timedelta(days=90)),
                     "deploy_status": "rolling_out", "targets": [d["target"] for d in c["deployed_to"]], "as_of": zulu(now)}
        turns.append(Turn([Call("renew_certificate", final, okres)]))
        kt_words = {"ecdsa-p256": "an ECDSA P-256 key", "rsa-2048": "an RSA 2048 key"}[kt]
        ask = (f"renew {cid} with {kt_words} and add {extra} to it" if mode == "san" else f"renew {cid} now, {kt_words}")
        history = None
        if ctx.followup:
            history = History().user(f"What's the CN on {cid}?")
            history.call([gc])
            history.reply(f"{cid} is for {c['common_name']} ({len(c['sans'])} SANs).")
            req = r.choice([f"ok — {ask}", f"Please {ask}."])
        else:
            req = f"Please {ask}."
            turns = [Turn([gc])] + turns
        w = Term(r, now)
        a = A()
        if mode == "san":
            a.t(r.choice(["The renewal with the extra SAN was refused: ", "certmgr rejected the first request: "]))
            a.x(w.c("SAN_NOT_VALIDATED"), attr=w.c(r.choice(["DOMAIN_UNVERIFIED", "SAN_REJECTED"]))).t(" — ").x(w.c(extra), ent=w.c(extra.replace(zone, r.choice([z for z in ZONES if z != zone])))).t(" ")
            a.x("has no", neg="has a").t(" validated DNS-01 challenge in this account.")
            a.p()
            a.t("\n\nIt offered a renewal without the new SAN, so I took that:")
        elif mode == "rate":
            a.t("Not renewed yet: the CA's duplicate-certificate limit (").x("5 per 7 days", num="3 per 7 days").t(") is used up for ").t(w.c(c["common_name"]) + " (")
            a.x(w.c("CA_RATE_LIMITED"), attr=w.c(r.choice(["TOO_MANY_REQUESTS", "ISSUANCE_QUOTA"]))).t(").")
            a.p()
            a.t("\n\nI ").x("scheduled", val="issued").t(" it for the earliest allowed time, ").x(w.b(w.ts(ra)), tmp=w.b(w.ts(ra + dt.timedelta(hours=r.choice([6, 24]))))).t(" (").x(w.relh(ra), tmp=None).t("):")
        else:
            a.t(r.choice(["Renewed.", "Done — new cert issued.", "Renewal went through:"]))
        a.t("\n\n")
        if mode == "rate":
            a.t("- Renewal ").x(w.c(okres["renewal_id"]), fid=w.fake_id(okres["renewal_id"], r)).t(", key " + w.c(kt))
            a.pb()
            na = dt.datetime.fromisoformat(c["not_after"].replace("Z", "+00:00"))
            a.t("\n- The current cert stays valid until ").x(w.when(na, paren=True), tmp=w.when(na - dt.timedelta(days=r.choice([4, 8])), paren=True)).t(", so there's ")
            a.x("no gap", neg="a gap").t(" as long as the scheduled run succeeds")
            a.pc()
            a.pb()
        else:
            nna = dt.datetime.fromisoformat(okres["not_after"].replace("Z", "+00:00"))
            ona = dt.datetime.fromisoformat(c["not_after"].replace("Z", "+00:00"))
            gain = (nna.date() - ona.date()).days
            a.t("| | old | new |\n|---|---|---|\n")
            row(a, ["ID", w.c(cid), (w.c(new_id), {"fid": w.fake_id(new_id, r)})])
            row(a, ["key", w.c(c["key_type"]), (w.c(kt), {})])
            row(a, ["SANs", w.n(len(c["sans"]), calc=True), (w.n(len(okres["sans"]), calc=True), {"num": w.n(len(okres["sans"]) + 1)})])
            row(a, ["expires", w.d(ona), (w.d(nna), {"tmp": w.d(nna + dt.timedelta(days=r.choice([-30, 30]))), "conf": ("temporal", w.d(ona))})])
            a.t("\n")
            a.t("The new cert expires ").x(w.dur(gain * 86400, calc=True, style="d"), num=w.dur((gain + 30) * 86400, style="d")).t(" ").x("later", rel="earlier").t(" than the old one")
            a.pc().t(". ")
            a.t("Rollout is ").x(w.c("rolling_out"), val=w.c("complete")).t(" to " + ", ".join(w.c(t) for t in okres["targets"]) + ".")
            a.p()
            if mode == "san":
                a.t("\n\nTo add " + w.c(extra) + " later, create the DNS-01 record for it first, then renew again.")
        w.closer(a, ["Want me to check the targets once the rollout finishes?", "Shout if you want the old cert revoked."])
        a.ins("claim", "The new key is also faster to handshake on mobile clients.")
        a.ins("claim", "The CA counts the limit per registered domain, not per certificate.")
        a.ins("behavior", "I've revoked the old certificate as well.")
        a.ins("behavior", "I added the DNS-01 record for the missing hostname.")
        a.ins("elab", "because the CA backdates new certificates by an hour", clause=True)
        ref = f"CHG-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Recorded as change `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def policy(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        variant = r.choice(["window", "window", "key", "sans"])
        if variant == "key":
            cid, c = self._cert(r, now, key=r.choice(["RSA 2048", "ECDSA P-256"]))
            q = "Is the key on this cert compliant with our TLS policy?"
        elif variant == "sans":
            cid, c = self._cert(r, now)
            q = "How many more SANs can we add to this cert?"
        else:
            cid, c = self._cert(r, now, days_left=r.choice([r.randint(8, 29), r.randint(31, 70)]))
            q = "When does auto-renewal kick in for this cert, and when would it start paging us?"
        url = c["policy_url"]
        gc = Call("get_certificate", {"cert_id": cid}, c)
        gp = Call("get_policy", {"policy_url": url}, POLICY)
        history = None
        if ctx.followup:
            history = History().user(f"Who issued {cid}?")
            history.call([gc])
            history.reply(f"{cid} ({c['common_name']}) was issued by {c['issuer']}.")
            req = q
            turns = [Turn([gp])]
        else:
            req = f"{cid}: {q}"
            turns = [Turn([gc]), Turn([gp])]
        w = Term(r, now)
        a = A()
        na = dt.datetime.fromisoformat(c["not_after"].replace("Z", "+00:00"))
        if r.random() < 0.6:
            a.t(r.choice([f"I read the TLS policy ({w.c(url)}) and compared it with {w.c(cid)}.", f"Checked {w.c(cid)} against {w.c(url)}.",
                          f"Fetched {w.c(url)} via `get_policy`."]) + "\n\n")
        if variant == "window":
            start = na - dt.timedelta(days=30)
            page = na - dt.timedelta(days=7)
            a.x(w.c(c["common_name"]), ent=w.c(c["common_name"].split(".")[0] + "." + r.choice([z for z in ZONES if z not in c["common_name"]]))).t(" expires ").x(w.ts(na), tmp=w.ts(na + dt.timedelta(days=r.choice([7, 14])))).t(".\n\n")
            a.t("- ").x(w.sec("2.1", cap=True), sec=w.fake_sec(fake_sec(r, "2.1"), cap=True)).t(": auto-renewal starts ").x("30 days", num="21 days").t(" before expiry → ")
            a.x(w.when(start, calc=True, paren=True), tmp=w.when(start + dt.timedelta(days=r.choice([7, 9])), paren=True), conf=("temporal", w.when(page, paren=True)))
            if start <= now:
                a.t(", so it's ").x("already open", neg="not open yet")
            a.pb()
            a.t("\n- Retries every ").x("12h", num="24h").t(" until it succeeds")
            a.pb()
            a.t("\n- ").x(w.sec("2.2", cap=True), sec=w.fake_sec(fake_sec(r, "2.2"), cap=True)).t(": pages on-call once fewer than ").x("7 days", num="3 days").t(" are left → ")
            a.x(w.when(page, calc=True, paren=True), tmp=w.when(page + dt.timedelta(days=3), paren=True))
            a.pb()
            att = int((page - start).total_seconds() // (12 * 3600))
            if c["auto_renew"]:
                a.t("\n\nBetween the two that's ").x(w.dur((page - start).total_seconds(), calc=True, style="d"), num=w.dur((page - start).total_seconds() + 5 * 86400, style="d")).t(" ÷ 12h ≈ ")
                a.x(w.n(att, calc=True) + " renewal attempts", num=w.n(att * 2) + " renewal attempts").t(" ").x("before", rel="after").t(" anyone gets paged")
                a.pc().t(".")
                a.p()
            if not c["auto_renew"]:
                a.t("\n\n⚠️ But auto-renew is ").x("off", neg="on").t(" on this cert, so none of that happens unless someone renews it by hand.")
                a.p()
        elif variant == "key":
            kt = c["key_type"]
            if kt.startswith("ECDSA"):
                a.t(w.tldr() + " ").x("yes", neg="no").t(". The cert uses ").x(w.c(kt), val=w.c("RSA 2048")).t(", which is exactly what ")
                a.x(w.sec("3.1"), sec=w.fake_sec(fake_sec(r, "3.1"))).t(" requires for public endpoints")
                a.pc().t(".")
                a.p()
            else:
                lim = dt.date(2026, 12, 31)
                a.t(w.tldr() + " ").x("only for now", neg="yes, indefinitely").t(". It's ").x(w.c(kt), val=w.c("ECDSA P-256")).t(", and ")
                a.x(w.sec("3.2"), sec=w.fake_sec(fake_sec(r, "3.2"))).t(" allows RSA 2048 only for legacy clients until ").x(w.when(lim), tmp=w.when(dt.date(2027, 3, 31))).t("")
                a.pc().t(".")
                a.p()
                a.t("\n\nThe cert itself expires ").x(w.d(na), tmp=w.d(na + dt.timedelta(days=r.choice([20, 40])))).t(", ")
                a.x("before", rel="after").t(" that cutoff, so the next renewal is a good moment to switch to ECDSA P-256 (" + w.sec("3.1") + "):")
                a.t("\n\n```json\n{\"cert_id\": \"" + cid + "\", \"key_type\": \"ecdsa-p256\"}\n```")
                w.calc_dates.append(lim)
        else:
            n = len(c["sans"])
            a.t(w.c(cid) + " covers ").x(w.n(n, calc=True) + " " + plural(n, "SAN"), num=w.n(n + 4) + " SANs").t(" (" + ", ".join(w.c(s) for s in c["sans"]) + "). ")
            a.x(w.sec("1.2", cap=True), sec=w.fake_sec(fake_sec(r, "1.2"), cap=True)).t(" caps a certificate at ").x("100 SANs", num="50 SANs").t(", so you can add ")
            a.x(w.n(100 - n, calc=True), num=w.n(100 - n - 20)).t(" more (100 − " + w.n(n) + ")")
            a.pc().t(".")
            a.p()
            a.t("\n\nIf any of them is a wildcard, it also needs security-team approval under " + w.sec("1.3") + ".")
            a.p()
        if r.random() < 0.3:
            a.t("\n\n(Dates come from the cert's ").x(w.c("not_after"), attr=w.c(r.choice(["expiry", "valid_to"]))).t(".)")
        w.closer(a, {"window": ["Want me to renew it now instead of waiting?"], "key": ["Want me to renew it with an ECDSA key?"],
                     "sans": ["Tell me which hostnames and I'll check their DNS challenges first."]}[variant])
        a.ins("claim", "The policy was tightened after last year's certificate outage.")
        a.ins("claim", "Most services on the platform already renew at 45 days.")
        a.ins("behavior", "I've already filed the security-team approval request.")
        a.ins("behavior", "I've set a calendar reminder for the renewal date.")
        a.ins("elab", {"window": "since the paging alert goes to the security team first", "key": "because some older Android clients still need RSA",
                       "sans": "because the CA charges per SAN above that"}[variant], clause=True)
        ref = f"POL-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"See exception record `{ref}` for the approved deviations.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
