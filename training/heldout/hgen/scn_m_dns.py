"""dns_zones (set m): a DevOps agent working against a managed DNS provider's API — a zone's overview (records by type,
TTL range, long-TTL records, DNSSEC, serial, when it last changed), searching records with filters (type, name, TTL
above a threshold; worst-case cache time), adding a record (a CNAME that would share a name with other records, or a TTL
below the provider minimum, refused by design; the offered ALIAS record or minimum TTL taken) and questions answered from
the team's DNS change runbook fetched by path (when to lower a TTL before a migration, how long to keep the old target,
TTL rules per record type)."""
from __future__ import annotations

import datetime as dt

from .common import A, Call, History, Plan, Scenario, Tool, Turn, s_arr, s_int, s_obj, s_str
from .mstyle import Term, plural, row, table_head, utc, vet, zulu

BASE = "https://api.nimbusdns.example/v1"
ZONES = ["acme.io", "getbrightly.com", "kestrel.dev", "orbitpay.io", "hollowapp.net", "tidewater.cloud"]
OTHER_ZONES = ["acme.dev", "brightly.io", "kestrel.app", "orbit-pay.com"]
TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "CAA"]
HOSTS = ["api", "www", "status", "cdn", "auth", "docs", "app", "grafana", "vpn", "mail", "assets", "hooks", "billing"]
TTLS = [60, 300, 300, 900, 3600, 3600, 3600, 14400, 86400]
NS = ["ns1.nimbusdns.example", "ns2.nimbusdns.example", "ns3.nimbusdns.example", "ns4.nimbusdns.example"]
RUNBOOK = ("# DNS change runbook\n\n"
           "## 1. Before a migration\n"
           "1.1 Lower the TTL of every record you will change to 300 seconds, at least 2 × its current TTL before the "
           "cutover.\n"
           "1.2 Keep the old target serving traffic for 24 hours after the cutover.\n\n"
           "## 2. TTLs\n"
           "2.1 The minimum TTL is 60 seconds; the default TTL is 3600 seconds.\n"
           "2.2 Apex and MX records use a TTL of at least 3600 seconds outside migrations.\n\n"
           "## 3. Record rules\n"
           "3.1 A CNAME cannot share a name with any other record; use an ALIAS record at the apex or when other records "
           "exist at that name.\n"
           "3.2 Every zone that serves HTTPS has a CAA record.\n\n"
           "## 4. Approvals\n"
           "4.1 Changes to NS records need two approvers.\n")


def fake_sec(r, real):
    return r.choice([s for s in ["1.3", "2.3", "3.3", "4.2", "5.1"] if s != real])


def hsecs(s):
    """TTL in the compact form engineers use: 300 -> 5m, 3600 -> 1h, 86400 -> 24h."""
    if s % 3600 == 0:
        return f"{s // 3600}h"
    if s % 60 == 0:
        return f"{s // 60}m"
    return f"{s}s"


class DnsZones(Scenario):
    name = "dns_zones"
    agent = "dns-ops-agent"
    service = "nimbus-dns-agent"
    system = ("You are a DevOps assistant in the engineer's terminal with access to the Nimbus DNS API. Always check the "
              "zone with the tools before answering or changing anything. Reply in Markdown: record names, IDs and values "
              "in backticks, tables for lists. All times are UTC.")
    error_style = 1
    entity_noun = {"zone_id": "Zone", "doc_path": "Document"}
    preambles = ["Checking the zone.", "Let me pull the zone first.", "Querying Nimbus DNS."]
    unit_keys = {"ttl": ("dur", 1), "old_ttl": ("dur", 1), "min_ttl": ("dur", 1), "requested_ttl": ("dur", 1)}
    literal_ok = ["TL;DR"]

    def __init__(self):
        zp = r"^Z[0-9A-Z]{9}$"
        self.tools = [
            Tool("get_zone", "A DNS zone: name, status, DNSSEC, SOA serial, nameservers, every record (name, type, TTL in "
                             "seconds, values, updated_at), last change and the team runbook path.",
                 s_obj({"zone_id": s_str("Zone ID, e.g. 'Z3KX9Q2P1M'.", pattern=zp)}, ["zone_id"]),
                 entity={"zone_id": "id"}, http=BASE, extra=[("include_dnssec_keys", True)]),
            Tool("search_records", "Records of a zone matching filters.",
                 s_obj({"zone_id": s_str("Zone ID.", pattern=zp),
                        "type": s_str("Record type.", enum=TYPES + ["ALIAS", "any"]),
                        "name_contains": s_str("Substring of the record name.", max_len=63),
                        "min_ttl": s_int("Only records with a TTL of at least this many seconds.", 0, 604800),
                        "limit": s_int("Maximum records.", 1, 200)}, ["zone_id", "type"]),
                 entity={"zone_id": "id"}, http=BASE, extra=[("page_token", "")]),
            Tool("upsert_record", "Create or replace a record set.",
                 s_obj({"zone_id": s_str("Zone ID.", pattern=zp),
                        "name": s_str("Fully qualified record name.", max_len=253),
                        "type": s_str("Record type.", enum=TYPES + ["ALIAS"]),
                        "ttl": s_int("TTL in seconds.", 1, 604800),
                        "values": s_arr("Record values.", s_str("Value."), min_items=1, max_items=8)},
                       ["zone_id", "name", "type", "ttl", "values"]),
                 entity={"zone_id": "id"}, http=BASE, extra=[("dry_run", False)]),
            Tool("get_runbook", "A Markdown document from the infra repo by path.",
                 s_obj({"doc_path": s_str("Repository path, e.g. 'docs/dns/change-runbook.md'.",
                                          pattern=r"^docs/[a-z0-9/_-]+\.md$")}, ["doc_path"]),
                 entity={"doc_path": "path"}, extra=[("ref", "main")]),
        ]
        self.intents = [("zone_overview", self.overview, False), ("record_search", self.search, False),
                        ("add_record", self.add, True), ("runbook_question", self.runbook, True)]

    # ------------------------------------------------------------------ data
    def _now(self, r, today):
        return utc(today, r.randint(6, 21), r.randint(0, 59), r.randint(0, 59))

    def _ip(self, r, v6=False):
        if v6:
            return f"2001:db8:{r.randint(1, 0xfff):x}::{r.randint(1, 0xff):x}"
        return f"{r.choice(['192.0.2', '198.51.100', '203.0.113'])}.{r.randint(2, 250)}"

    def _zone(self, r, now):
        zone = r.choice(ZONES)
        zid = "Z" + r.upalnum(9)
        recs = []
        hosts = r.sample(HOSTS, r.randint(6, 9))
        last = now - dt.timedelta(days=r.randint(0, 20), hours=r.randint(1, 20), minutes=r.randint(0, 59))

        def add(name, typ, ttl, values):
            upd = last - dt.timedelta(days=r.randint(0, 200), hours=r.randint(0, 23)) if recs else last
            recs.append({"record_id": "rec_" + r.alnum(8, "abcdefghjkmnpqrstuvwxyz23456789"), "name": name, "type": typ,
                         "ttl": ttl, "values": values, "updated_at": zulu(upd)})
        add(zone, "A", r.choice([300, 3600, 3600]), [self._ip(r)])
        add(zone, "MX", r.choice([3600, 14400]), [f"10 mx1.mailroute.example.", f"20 mx2.mailroute.example."])
        add(zone, "TXT", 3600, ["v=spf1 include:_spf.mailroute.example ~all"])
        if r.random() < 0.75:
            add(zone, "CAA", 86400, ['0 issue "letsencrypt.org"'])
        for h in hosts:
            typ = r.choice(["A", "A", "CNAME", "CNAME", "AAAA"])
            fq = f"{h}.{zone}"
            if typ == "A":
                add(fq, "A", r.choice(TTLS), [self._ip(r) for _ in range(r.choice([1, 1, 2]))])
            elif typ == "AAAA":
                add(fq, "AAAA", r.choice(TTLS), [self._ip(r, True)])
            else:
                add(fq, "CNAME", r.choice(TTLS), [r.choice([f"{zone}.", f"edge-{r.randint(10, 99)}.cdnfront.example.",
                                                             f"{r.choice(['lb', 'ingress'])}-{r.randint(1, 9)}.{zone}."])])
        add(f"_dmarc.{zone}", "TXT", 3600, [f"v=DMARC1; p={r.choice(['quarantine', 'reject', 'none'])}; rua=mailto:dmarc@{zone}"])
        res = {"zone_id": zid, "name": zone, "status": "active", "dnssec": r.choice(["signed", "unsigned"]),
               "soa_serial": int(last.strftime("%Y%m%d")) * 100 + r.randint(1, 9), "nameservers": r.sample(NS, 2 if r.random() < 0.5 else 4),
               "records": recs, "record_count": len(recs), "last_change_at": zulu(last),
               "runbook_path": r.choice(["docs/dns/change-runbook.md", "docs/runbooks/dns-changes.md"]), "as_of": zulu(now)}
        return zid, res

    # ------------------------------------------------------------------ intents
    def overview(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        zid, z = self._zone(r, now)
        zone = z["name"]
        req = r.choice([f"Give me an overview of the {zone} zone ({zid}): record counts by type and anything with a long TTL.",
                        f"What's in zone {zid}? Counts per type, TTL range, DNSSEC status.",
                        f"quick audit of {zid} ({zone}) please"])
        w = Term(r, now)
        recs = z["records"]
        by = {}
        for x in recs:
            by[x["type"]] = by.get(x["type"], 0) + 1
        order = sorted(by.items(), key=lambda kv: (-kv[1], kv[0]))
        ttls = [x["ttl"] for x in recs]
        lo, hi = min(ttls), max(ttls)
        longs = [x for x in recs if x["ttl"] >= 14400]
        w.calc["dur"] += [14400.0, 3600.0]
        last = dt.datetime.fromisoformat(z["last_change_at"].replace("Z", "+00:00"))
        a = A()
        if r.random() < 0.55:
            a.t(w.narrate("get_zone", w.c(zid)) + f" ({w.c(zone)}).")
            a.t(" " + w.tldr() + " ").x(w.n(len(recs), calc=True), num=w.n(len(recs) + r.choice([-3, 4]))).t(" records, DNSSEC ")
            a.x(w.c(z["dnssec"]), val=w.c("unsigned" if z["dnssec"] == "signed" else "signed")).t(".")
        else:
            a.t(w.c(zone) + " (" + w.c(zid) + ") has ").x(w.n(len(recs), calc=True), num=w.n(len(recs) + r.choice([-3, 4]))).t(" records and DNSSEC is ")
            a.x(w.c(z["dnssec"]), val=w.c("unsigned" if z["dnssec"] == "signed" else "signed")).t(".")
        a.p()
        a.t("\n\n")
        if r.random() < 0.55:
            table_head(a, ["type", "count"])
            for k, (t, c) in enumerate(order):
                row(a, [w.c(t), (w.n(c, calc=True), {"num": w.n(c + 2)} if k == 0 else {})])
            a.t("\n")
        else:
            a.t("By type: " + " + ".join(f"{w.n(c, calc=True)} {t}" for t, c in order) + " = ").x(w.n(len(recs)), num=w.n(len(recs) + 2)).t(".")
            a.p()
            a.t("\n\n")
        lo_r = next(x for x in recs if x["ttl"] == lo)
        hi_r = next(x for x in recs if x["ttl"] == hi)
        a.t("- TTLs range from ").x(f"{w.n(lo)} s", num=f"{w.n(lo * 5)} s").t(f" on {w.c(lo_r['name'])} {w.c(lo_r['type'])} to ")
        mids = sorted({x["ttl"] for x in recs if lo < x["ttl"] < hi})
        a.x(f"{w.n(hi)} s ({hsecs(hi)})", num=f"{w.n(hi * 2)} s ({hsecs(hi * 2)})",
            conf=("numerical", f"{w.n(mids[-1])} s ({hsecs(mids[-1])})") if mids else None).t(f" on {w.c(hi_r['name'])} {w.c(hi_r['type'])}")
        a.pb().t("\n")
        if longs:
            a.t(f"- {w.n(len(longs), calc=True)} {plural(len(longs), 'record')} at ≥ 4h: " + ", ".join(f"{w.c(x['name'])} {w.c(x['type'])}" for x in longs[:4])
                + (f" and {w.n(len(longs) - 4, calc=True)} more" if len(longs) > 4 else ""))
            a.t(" — a change there can stay cached for up to ").x(hsecs(max(x["ttl"] for x in longs)), num=hsecs(max(x["ttl"] for x in longs) * 2))
            a.pc()
            a.pb().t("\n")
        else:
            a.t("- Nothing above 1h, so any change clears resolver caches within an hour")
            a.pb().t("\n")
        older = sorted((x for x in recs if x["updated_at"][:10] != z["last_change_at"][:10]), key=lambda x: x["updated_at"])
        a.t("- SOA serial ").x(w.c(str(z["soa_serial"])), fid=w.c(str(z["soa_serial"] + r.choice([1, 3, 10])))).t(", last change ")
        a.x(w.when(last), tmp=w.when(last - dt.timedelta(days=r.choice([3, 6, 11]), hours=r.choice([0, 5]))),
            conf=("temporal", w.when(older[-1]["updated_at"])) if older else None)
        a.pb().t("\n")
        a.t("- Nameservers: ").x(", ".join(w.c(n) for n in z["nameservers"]), ent=", ".join(w.c(n) for n in z["nameservers"][:-1]) + ", " + w.c("ns9.nimbusdns.example"))
        a.pb()
        apa = next(x for x in recs if x["name"] == zone and x["type"] == "A")
        amx = next(x for x in recs if x["name"] == zone and x["type"] == "MX")
        if apa["ttl"] != amx["ttl"] and r.random() < 0.7:
            a.t("\n\nThe apex " + w.c("A") + " TTL (").x(f"{w.n(apa['ttl'])} s", num=f"{w.n(apa['ttl'] * 3)} s").t(") is ")
            a.x("lower" if apa["ttl"] < amx["ttl"] else "higher", rel="higher" if apa["ttl"] < amx["ttl"] else "lower").t(" than the " + w.c("MX") + " TTL (" + f"{w.n(amx['ttl'])} s).")
            a.p()
        caa = [x for x in recs if x["type"] == "CAA"]
        if not caa:
            a.t("\n\nThere's ").x("no", neg="a").t(" " + w.c("CAA") + " record, so any CA can issue for " + w.c(zone) + ".")
            a.p()
        elif r.random() < 0.5:
            a.t("\n\nCAA ").x("is set", neg="isn't set").t(": ").x(w.c(caa[0]["values"][0]), ent=w.c('0 issue "digicert.com"')).t(" only.")
            a.p()
        if r.random() < 0.35:
            a.t("\n\n(TTLs are the raw ").x(w.c("ttl"), attr=w.c(r.choice(["ttl_seconds", "cache_ttl"]))).t(" values from the zone, in seconds.)")
        w.closer(a, ["Want me to lower any of those TTLs ahead of a change?", "I can export the zone as a BIND file if useful."])
        a.ins("claim", "Nimbus re-signs DNSSEC zones every 7 days.")
        a.ins("claim", "Most of these records were imported from the old Route 53 zone.")
        a.ins("behavior", "I've also kicked off a propagation check across the public resolvers.")
        a.ins("behavior", "I went ahead and lowered the apex TTL to 300 s.")
        a.ins("elab", "which is typical for records that sit behind the CDN", clause=True)
        ref = f"chg_{r.alnum(10, 'abcdefghjkmnpqrstuvwxyz23456789')}"
        a.ins("cite", w.cite(f"The last change was applied as `{ref}`.", ref))
        return vet(self, Plan(req, [Turn([Call("get_zone", {"zone_id": zid}, z)])], a), w)

    def search(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        zid, z = self._zone(r, now)
        zone = z["name"]
        mode = r.choice(["type", "ttl", "name"])
        recs = z["records"]
        if mode == "type":
            typ = r.choice(["A", "CNAME", "TXT"])
            args = {"zone_id": zid, "type": typ}
            hits = [x for x in recs if x["type"] == typ]
            q = r.choice([f"List the {typ} records in {zid}.", f"which {typ} records does {zone} ({zid}) have?"])
        elif mode == "ttl":
            thr = r.choice([3600, 14400])
            args = {"zone_id": zid, "type": "any", "min_ttl": thr}
            hits = [x for x in recs if x["ttl"] >= thr]
            if not hits:
                recs[-2]["ttl"] = 86400
                hits = [x for x in recs if x["ttl"] >= thr]
            q = f"Which records in {zid} have a TTL of {thr} seconds or more? We're planning a migration."
        else:
            sub = r.choice(["api", "www", "app", "cdn", "auth", "status", "docs"])
            if not any(sub in x["name"] for x in recs):
                recs.insert(3, {"record_id": "rec_" + r.alnum(8, "abcdefghjkmnpqrstuvwxyz23456789"), "name": f"{sub}.{zone}",
                                "type": "A", "ttl": r.choice(TTLS), "values": [self._ip(r)], "updated_at": recs[0]["updated_at"]})
                z["record_count"] = len(recs)
            args = {"zone_id": zid, "type": "any", "name_contains": sub}
            hits = [x for x in recs if sub in x["name"]]
            q = f"Show me every record with '{sub}' in the name in zone {zid}."
        req = q
        if r.random() < 0.4:
            args["limit"] = 50
        res = {"zone_id": zid, "zone_name": zone, "filters": {k: v for k, v in args.items() if k not in ("zone_id", "limit")},
               "records": hits, "total_matching": len(hits), "as_of": zulu(now)}
        w = Term(r, now)
        a = A()
        lead = r.choice(["narr", "count"])
        if lead == "narr":
            a.t(w.narrate("search_records", w.c(zid)) + " with " + ", ".join(f"{w.c(k + '=' + str(v))}" for k, v in res["filters"].items()) + ": ")
        a.x(w.n(len(hits), calc=True), num=w.n(len(hits) + r.choice([2, 3]))).t(f" {plural(len(hits), 'match', 'matches')}.")
        a.p()
        a.t("\n\n")
        table_head(a, ["name", "type", "TTL", "value"])
        for k, x in enumerate(hits[:8]):
            val = x["values"][0]
            more = f" (+{w.n(len(x['values']) - 1, calc=True)})" if len(x["values"]) > 1 else ""
            others = [y for y in hits if y["ttl"] != x["ttl"]]
            row(a, [(w.c(x["name"]), {"ent": w.c(x["name"].replace(zone, r.choice(OTHER_ZONES)))} if k == 0 else {}), w.c(x["type"]),
                    (f"{w.n(x['ttl'])} s", {"num": f"{w.n(x['ttl'] * 4)} s", "conf": ("numerical", f"{w.n(others[0]['ttl'])} s") if others else None} if k == 1 else {}),
                    [(w.c(val), {"fid": w.c(self._ip(r))} if k == 0 and x["type"] == "A" else {}), more]])
        if len(hits) > 8:
            a.t(f"\n…and {w.n(len(hits) - 8, calc=True)} more.\n")
        a.t("\n")
        worst = max(hits, key=lambda x: x["ttl"])
        best = min(hits, key=lambda x: x["ttl"])
        if best["ttl"] != worst["ttl"] and r.random() < 0.6:
            a.t(w.c(worst["name"]) + " " + w.c(worst["type"]) + " has the ").x("longest", rel="shortest").t(" TTL here and " + w.c(best["name"]) + " " + w.c(best["type"]) + " the ").x("shortest", rel="longest").t(f" ({w.dur(best['ttl'])}). ")
        a.t("Worst case, a change to ").x(w.c(worst["name"]), ent=w.c(worst["name"].replace(zone, r.choice(OTHER_ZONES)))).t(" " + w.c(worst["type"]) + " can stay cached for ")
        a.x(w.dur(worst["ttl"]), num=w.dur(worst["ttl"] * 3), conf=("numerical", w.dur(best["ttl"])) if best["ttl"] != worst["ttl"] else None).t(" (its TTL)")
        a.pc().t(".")
        a.p()
        if mode == "ttl":
            tot = len(hits)
            if tot > 1:
                a.t(" All ").x(w.n(tot), num=w.n(tot + 2)).t(" are at or above the threshold; lowering the ones you're moving to 300 s ahead of time means resolvers ")
            else:
                a.t(" For the migration, lowering it to 300 s ahead of time means resolvers ")
            a.x("pick up", neg="won't pick up").t(" the new targets within ").x("5 min", num="15 min").t(" of the switch.")
            a.p()
            w.calc["dur"].append(300)
        multi = [x for x in hits if len(x["values"]) > 1]
        if multi:
            mx = multi[0]
            a.t("\n\n" + w.c(mx["name"]) + " " + w.c(mx["type"]) + " has ").x(w.n(len(mx["values"]), calc=True) + " values", num=w.n(len(mx["values"]) + 1) + " values").t(": " + ", ".join(w.c(v) for v in mx["values"]) + ".")
            a.p()
        if r.random() < 0.4:
            a.t("\n\nFor a quick check from your machine:\n\n```sh\n")
            a.t(f"dig +noall +answer {worst['name']} {worst['type']}\n```")
        w.closer(a, ["Want me to lower the TTLs on these now?", "I can diff these against what the resolvers currently return."])
        a.ins("claim", "Two of these records are managed by the Kubernetes external-dns controller.")
        a.ins("claim", "Public resolvers here typically cap TTLs at 1h anyway.")
        a.ins("behavior", "I've also flushed the provider's edge cache for these names.")
        a.ins("behavior", "I've exported the matches to `dns-audit.csv` in the repo root.")
        a.ins("elab", "since that TTL was copied over from the previous provider's defaults", clause=True)
        ref = f"OPS-{r.randint(1000, 9999)}"
        a.ins("cite", w.cite(f"These are the records listed in the migration ticket `{ref}`.", ref))
        return vet(self, Plan(req, [Turn([Call("search_records", args, res)])], a), w)

    def add(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        zid, z = self._zone(r, now)
        zone = z["name"]
        recs = z["records"]
        mode = r.choice(["cname", "cname", "ttl", "direct"])
        target = r.choice(["acme-status.statuspage.example.", "custom.helpdesk.example.", "hosted.docsite.example.", "ghs.pages.example."])
        if mode == "cname":
            ex = next((x for x in recs if x["type"] in ("A", "AAAA") and x["name"] != zone), None)
            if ex is None:
                mode = "ttl"
        if mode == "cname":
            name = ex["name"]
            want = {"zone_id": zid, "name": name, "type": "CNAME", "ttl": r.choice([300, 3600]), "values": [target]}
        else:
            used = {x["name"] for x in recs}
            name = next(f"{h}.{zone}" for h in ["status", "help", "docs", "pages", "kb", "support"] if f"{h}.{zone}" not in used)
            want = {"zone_id": zid, "name": name, "type": "CNAME", "ttl": r.choice([30, 10]) if mode == "ttl" else r.choice([300, 3600]), "values": [target]}
        turns = []
        gz = Call("get_zone", {"zone_id": zid}, z)
        chg = "chg_" + r.alnum(10, "abcdefghjkmnpqrstuvwxyz23456789")
        sub = now + dt.timedelta(seconds=r.randint(3, 50))
        if mode == "cname":
            refusal = {"ok": False, "reason_code": "CNAME_CONFLICT",
                       "message": f"{name} already has a {ex['type']} record ({ex['record_id']}); a CNAME cannot share a name with other records.",
                       "conflicting_record_id": ex["record_id"], "alternatives": [{"type": "ALIAS", "name": name, "values": [target]}], "as_of": zulu(now)}
            turns.append(Turn([Call("upsert_record", dict(want), refusal)]))
            final = dict(want, type="ALIAS")
        elif mode == "ttl":
            refusal = {"ok": False, "reason_code": "TTL_BELOW_MINIMUM",
                       "message": f"TTL {want['ttl']} is below the zone minimum of 60 seconds.", "requested_ttl": want["ttl"], "min_ttl": 60,
                       "alternatives": [{"ttl": 60}], "as_of": zulu(now)}
            turns.append(Turn([Call("upsert_record", dict(want), refusal)]))
            final = dict(want, ttl=60)
        else:
            final = dict(want)
        okres = {"ok": True, "change_id": chg, "status": "PENDING", "record": {"name": final["name"], "type": final["type"], "ttl": final["ttl"], "values": final["values"]},
                 "submitted_at": zulu(sub), "propagation_estimate_s": r.choice([30, 45, 60, 90]), "as_of": zulu(now)}
        if mode == "cname":
            okres["replaces_record_id"] = ex["record_id"]
            okres["old_ttl"] = ex["ttl"]
        turns.append(Turn([Call("upsert_record", final, okres)]))
        ask = f"add a CNAME {name} -> {target} (TTL {want['ttl']}) in zone {zid}"
        history = None
        if ctx.followup:
            history = History().user(f"Is {zid} DNSSEC-signed?")
            history.call([gz])
            history.reply(f"{zone} is {'signed' if z['dnssec'] == 'signed' else 'not signed'} (dnssec: {z['dnssec']}).")
            req = r.choice([f"ok, now {ask}", f"Next: please {ask}."])
        else:
            req = f"Please {ask}."
            turns = [Turn([gz])] + turns
        w = Term(r, now)
        a = A()
        if mode == "cname":
            a.t(r.choice(["The CNAME was rejected: ", "Nimbus refused the CNAME with ", "First attempt failed — "]))
            a.x(w.c("CNAME_CONFLICT"), attr=w.c(r.choice(["RECORD_EXISTS", "NAME_IN_USE"]))).t(". ")
            a.x(w.c(name), ent=w.c(name.replace(zone, r.choice(OTHER_ZONES)))).t(" already has an ").x(w.c(ex["type"]), val=w.c("TXT")).t(" record (")
            a.x(w.c(ex["record_id"]), fid=w.fake_id(ex["record_id"], r)).t(")")
            a.t(", and a CNAME ").x("can't", neg="can").t(" share a name with other records.")
            a.p()
            a.t("\n\nIt offered an ").x(w.c("ALIAS"), val=w.c("A")).t(" record with the same target instead, so I created that:")
        elif mode == "ttl":
            a.t("Rejected with ").x(w.c("TTL_BELOW_MINIMUM"), attr=w.c(r.choice(["INVALID_TTL", "TTL_TOO_LOW"]))).t(": ")
            a.x(f"{want['ttl']} s", num=f"{want['ttl'] + 20} s").t(" is ").x("below", rel="above").t(" the zone minimum of ").x("60 s", num="120 s").t(".")
            a.p()
            a.t(" I used the offered minimum, 60 s, instead:")
        else:
            a.t(r.choice(["Done — created the record:", "Submitted:", "Created the record:"]))
        a.t("\n\n```\n")
        a.t(f"{final['name']}  {final['ttl']}  IN  {final['type']}  {target}\n```\n\n")
        a.t("- Change ").x(w.c(chg), fid=w.fake_id(chg, r)).t(" is ").x(w.c("PENDING"), val=w.c("INSYNC")).t(", submitted ").x(w.t(sub), tmp=w.t(sub + dt.timedelta(minutes=r.choice([20, 45]))))
        a.pb().t("\n")
        est = okres["propagation_estimate_s"]
        a.t("- Nimbus estimates ").x(w.dur(est, style="s" if r.random() < 0.5 else None), num=w.dur(est * 5, style="s")).t(" to reach all of its nameservers")
        a.pc()
        a.pb()
        if mode == "cname":
            a.t("\n- It replaces ").t(w.c(ex["record_id"])).t("; resolvers that cached the old ").t(w.c(ex["type"])).t(" may keep it for up to ")
            a.x(w.dur(ex["ttl"]), num=w.dur(ex["ttl"] * 4), conf=("numerical", w.dur(final["ttl"])) if final["ttl"] != ex["ttl"] else None).t(" (old TTL)")
            a.pb()
        if r.random() < 0.45:
            a.t("\n\nTo verify once it has propagated:\n\n```sh\n" + f"dig +short {final['name']}\n```")
        w.closer(a, ["Want me to poll the change until it's in sync?"] + (["Shout if you'd rather keep the old record and use another name."] if mode == "cname" else []))
        a.ins("claim", "ALIAS records are resolved at the edge, so they add no extra lookup for clients.")
        a.ins("claim", "Changes in this zone usually sync in under 10 seconds.")
        a.ins("behavior", "I've also deleted the old record so nothing conflicts.")
        a.ins("behavior", "I added a matching `AAAA` record as well.")
        a.ins("elab", "because the zone is served from anycast edges", clause=True)
        ref = f"CR-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"Logged against change request `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)

    def runbook(self, ctx):
        r, today = ctx.r, ctx.today
        now = self._now(r, today)
        zid, z = self._zone(r, now)
        zone = z["name"]
        recs = z["records"]
        path = z["runbook_path"]
        variant = r.choice(["migration", "migration", "compliance"])
        if variant == "migration":
            cand = [x for x in recs if x["type"] in ("A", "CNAME") and x["name"] != zone]
            tgt = r.choice(cand)
            if r.random() < 0.6:
                tgt["ttl"] = r.choice([14400, 86400, 3600])
            cut = utc(today + dt.timedelta(days=r.randint(3, 12)), r.choice([9, 14, 16, 20]), r.choice([0, 30]))
            q = f"We're moving {tgt['name']} to a new target at {cut.strftime('%Y-%m-%d %H:%M')} UTC. When do I need to lower the TTL, and how long do we keep the old target up?"
        else:
            q = "Does the zone follow the TTL and CAA rules in our runbook?"
        gz = Call("get_zone", {"zone_id": zid}, z)
        gd = Call("get_runbook", {"doc_path": path}, RUNBOOK)
        history = None
        if ctx.followup:
            history = History().user(f"How many records are in {zid}?")
            history.call([gz])
            history.reply(f"{zone} has {len(recs)} records.")
            req = q
            turns = [Turn([gd])]
        else:
            req = f"Zone {zid}: {q}"
            turns = [Turn([gz]), Turn([gd])]
        w = Term(r, now)
        a = A()
        if r.random() < 0.6:
            a.t(r.choice([f"I read {w.c(path)} and checked it against the zone.", f"Pulled {w.c(path)} from the infra repo and compared it with {w.c(zone)}.",
                          f"Checked the runbook ({w.c(path)}) against the live records."]) + "\n\n")
        if variant == "migration":
            ttl = tgt["ttl"]
            lead = 2 * ttl
            by = cut - dt.timedelta(seconds=lead)
            keep = cut + dt.timedelta(hours=24)
            a.t(w.c(tgt["name"]) + " currently has a TTL of ").x(f"{w.n(ttl)} s ({hsecs(ttl)})", num=f"{w.n(ttl * 2)} s ({hsecs(ttl * 2)})").t("")
            if ttl != 300:
                a.t(", ").x("longer" if ttl > 300 else "shorter", rel="shorter" if ttl > 300 else "longer").t(" than the 300 s migration value")
            a.t(". ")
            a.x(w.sec("1.1", cap=True), sec=w.fake_sec(fake_sec(r, "1.1"), cap=True)).t(" says to drop it to 300 s at least 2 × the current TTL before the cutover:")
            a.t("\n\n```\n" + f"2 × {hsecs(ttl)} = " + w.dur(lead, calc=True) + "\n")
            a.t(w.ts(cut) + " − " + w.dur(lead) + " = " + w.ts(by, calc=True) + "\n```\n\n")
            a.t("- Lower the TTL by ").x(w.b(w.ts(by)), tmp=w.b(w.ts(by + dt.timedelta(hours=ttl // 3600 if ttl >= 7200 else 6)))).t(" — that's ")
            a.x(w.relh(by) if abs((by - now).total_seconds()) < 86400 * 2 else w.rel(by), tmp=None).t("")
            a.pb().t("\n")
            a.t("- Keep the old target serving until ").x(w.ts(keep, calc=True), tmp=w.ts(keep + dt.timedelta(hours=24)), conf=("temporal", w.ts(cut))).t(" (").x("24h", num="48h").t(" after cutover, ")
            a.t(w.sec("1.2") + ")")
            a.pc()
            a.pb().t("\n")
            a.t("- After the migration, put it back to a normal TTL; the runbook default is ").x("3600 s", num="1800 s").t(" (" + w.sec("2.1") + ")")
            a.pb()
            if by <= now:
                a.t("\n\nHeads-up: that time is already ").x("past", rel="ahead").t(", so lower it now and push the cutover back if you can.")
                a.p()
            elif ttl <= 300:
                a.t("\n\nIt's already at 300 s, so there's nothing to lower.")
                a.p()
        else:
            apex = [x for x in recs if x["name"] == zone and x["type"] in ("A", "MX")]
            low = [x for x in apex if x["ttl"] < 3600]
            sub60 = [x for x in recs if x["ttl"] < 60]
            caa = [x for x in recs if x["type"] == "CAA"]
            a.t(w.tldr() + " ").x("mostly" if (low or not caa) else "yes", neg="no" if not (low or not caa) else None).t(".")
            a.p()
            a.t("\n\n| rule | status |\n|---|---|\n")
            row(a, [w.sec("2.1") + " min TTL 60 s", ("ok — lowest is " + w.n(min(x["ttl"] for x in recs)) + " s", {})])
            if low:
                row(a, [w.sec("2.2") + " apex & MX ≥ 3600 s", ("⚠️ " + ", ".join(f"{w.c(x['type'])} at {w.n(x['ttl'])} s" for x in low), {"neg": "ok"})])
            else:
                row(a, [w.sec("2.2") + " apex & MX ≥ 3600 s", ("ok", {"neg": "⚠️ apex A below 3600 s"})])
            row(a, [[(w.sec("3.2"), {"sec": w.fake_sec(fake_sec(r, "3.2"))}), " CAA present"], ("ok — " + w.c(caa[0]["values"][0]), {"neg": "⚠️ missing"}) if caa else ("⚠️ no CAA record", {"neg": "ok"})])
            a.t("\n")
            if low:
                a.t("Fix: raise ").x(w.c(low[0]["name"]) + " " + w.c(low[0]["type"]), ent=w.c(low[0]["name"].replace(zone, r.choice(OTHER_ZONES))) + " " + w.c(low[0]["type"])).t(" from ")
                a.x(f"{w.n(low[0]['ttl'])} s", num=f"{w.n(low[0]['ttl'] + 600)} s").t(" to 3600 s unless a migration is in progress.")
                a.p()
            if not caa:
                a.t(("\n\n" if low else "") + "Add a CAA record for the CA you use; " + w.c(zone) + " has ").x("none", neg="one").t(" today.")
                a.p()
            if caa and not low:
                a.t("Nothing to fix.")
        if r.random() < 0.3:
            a.t("\n\n(The TTLs come from each record's ").x(w.c("ttl"), attr=w.c(r.choice(["ttl_seconds", "max_age"]))).t(" in the zone.)")
        w.closer(a, ["Want me to make the TTL change now?", "I can open a PR against the runbook if the numbers look off."])
        a.ins("claim", "Most public resolvers honour TTLs down to 30 seconds.")
        a.ins("claim", "The runbook was last reviewed by the SRE team this quarter.")
        a.ins("behavior", "I've already lowered the TTL to 300 s.")
        a.ins("behavior", "I've scheduled a reminder in the team channel for that time.")
        a.ins("elab", "because some ISP resolvers ignore TTLs below five minutes", clause=True)
        ref = f"RB-{r.randint(100, 999)}"
        a.ins("cite", w.cite(f"This follows incident review `{ref}`.", ref))
        return vet(self, Plan(req, turns, a, history.msgs if history else None), w)
