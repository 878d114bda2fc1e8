//! Soak under faults (issue 20, item 5): `groundcheck serve` with the ClickHouse sink and the
//! Kafka receiver, under mixed load for `GROUNDCHECK_SOAK_SECS` seconds (default 150; the
//! longer run is `deploy/soak.sh MINUTES`), while faults are injected:
//!
//! - load: OTLP/gRPC and OTLP/HTTP JSON (gzip) from `groundcheck loadgen` (two processes,
//!   open loop), and Kafka `otlp_proto` records (the labeled dev runs under fresh trace ids)
//!   from a producer here;
//! - hostile requests all along: malformed JSON, truncated protobuf, a body over
//!   `--max-body-bytes`, a gzip bomb, an unsupported content type, JSON nested 100,000 deep,
//!   spans with unusable ids, poison Kafka records, and valid Unicode-heavy runs (abbreviations
//!   before U+00A0/U+2003/U+3000, RTL, CJK, emoji, NUL, backslashes);
//! - ClickHouse killed (SIGKILL) at 25 % of the time and started again at 40 %;
//! - the Kafka broker killed (SIGKILL) at 60 % and started again (empty: tansu keeps its log
//!   in memory), its topic created anew.
//!
//! Both services are private to this test (deploy/clickhouse.sh and deploy/kafka.sh on free
//! ports, temporary data), so the faults disturb nothing else.
//!
//! **Acknowledged run**: an OTLP run whose request was answered 2xx (gRPC OK / HTTP 200, as
//! `loadgen --acked-out` records them), or a Kafka run whose record's offset the collector's
//! consumer group had committed (offset < the group's committed offset of its partition,
//! read from the broker just before the broker is killed and at the end). Records the broker
//! lost uncommitted when it was killed were never acknowledged to anyone.
//!
//! Goals, asserted: the `serve` process never exits (crashes: 0) and exits 0 on SIGTERM at the
//! end; every acknowledged run has exactly one row in ClickHouse (`runs`, no duplicate even
//! before merges); RSS, sampled every 2 s, stays under `GROUNDCHECK_SOAK_MAX_RSS_MB` (default
//! 1024). The figures are printed (and written as JSON to `GROUNDCHECK_SOAK_SUMMARY` if set).
//!
//! Needs ClickHouse and tansu installed (`deploy/clickhouse.sh install`, `deploy/kafka.sh
//! install`; deploy/test.sh and deploy/soak.sh do it) and the `groundcheck` binary built.

mod common;

use common::services::Service;
use common::{free_ports, groundcheck_bin, http_request, metric_value, Server};
use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use groundcheck_proto::prost::Message;
use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::producer::{BaseRecord, DeliveryResult, Producer, ProducerContext, ThreadedProducer};
use rdkafka::{ClientContext, Offset, TopicPartitionList};
use serde_json::json;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const TOPIC: &str = "soak";
const GROUP: &str = "groundcheck-soak";
const PARTITIONS: i32 = 4;
const DB: &str = "gc_soak";
const MAX_BODY: usize = 2 << 20;

// ---------------------------------------------------------------- private services

fn ch_query(addr: SocketAddr, sql: &str) -> Result<String, String> {
    let r = http_request(addr, "POST", "/", &[], sql.as_bytes()).map_err(|e| e.to_string())?;
    if r.status == 200 {
        Ok(r.text())
    } else {
        Err(format!("HTTP {}: {}", r.status, r.text()))
    }
}

// ---------------------------------------------------------------- Kafka producer with offsets

/// Where each delivered record landed: (broker epoch, partition, offset, run id).
type Delivered = Arc<Mutex<Vec<(u64, i32, i64, String)>>>;

struct Tracking {
    delivered: Delivered,
    epoch: Arc<AtomicU64>,
}

impl ClientContext for Tracking {}

impl ProducerContext for Tracking {
    type DeliveryOpaque = Box<String>;
    fn delivery(&self, result: &DeliveryResult<'_>, run_id: Box<String>) {
        use rdkafka::message::Message as _;
        if let Ok(m) = result {
            self.delivered.lock().unwrap().push((
                self.epoch.load(Relaxed),
                m.partition(),
                m.offset(),
                *run_id,
            ));
        }
    }
}

/// The dev runs as one `ExportTraceServiceRequest` per run (templates; trace ids replaced
/// per record).
fn run_templates() -> Vec<ExportTraceServiceRequest> {
    let mut by_trace: BTreeMap<Vec<u8>, ExportTraceServiceRequest> = BTreeMap::new();
    let files = common::dev_run_files();
    for f in files.iter().take(2) {
        for line in std::fs::read_to_string(f).unwrap().lines() {
            if line.trim().is_empty() {
                continue;
            }
            let req = groundcheck_proto::json::decode_export_request(line.as_bytes()).unwrap();
            for rs in &req.resource_spans {
                for ss in &rs.scope_spans {
                    for s in &ss.spans {
                        let r = by_trace.entry(s.trace_id.clone()).or_default();
                        let mut nrs = rs.clone();
                        nrs.scope_spans = vec![ss.clone()];
                        nrs.scope_spans[0].spans = vec![s.clone()];
                        r.resource_spans.push(nrs);
                    }
                }
            }
        }
    }
    by_trace.into_values().collect()
}

fn with_trace_id(t: &ExportTraceServiceRequest, id: &[u8; 16]) -> ExportTraceServiceRequest {
    let mut r = t.clone();
    for rs in &mut r.resource_spans {
        for ss in &mut rs.scope_spans {
            for s in &mut ss.spans {
                s.trace_id = id.to_vec();
            }
        }
    }
    r
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The group's committed offset per partition, from the broker.
fn committed(brokers: &str) -> Option<HashMap<i32, i64>> {
    let c: BaseConsumer = ClientConfig::new()
        .set("bootstrap.servers", brokers)
        .set("group.id", GROUP)
        .create()
        .ok()?;
    let mut tpl = TopicPartitionList::new();
    for p in 0..PARTITIONS {
        tpl.add_partition(TOPIC, p);
    }
    let got = c.committed_offsets(tpl, Duration::from_secs(5)).ok()?;
    Some(
        got.elements()
            .iter()
            .map(|e| {
                let o = match e.offset() {
                    Offset::Offset(o) => o,
                    _ => 0,
                };
                (e.partition(), o)
            })
            .collect(),
    )
}

// ---------------------------------------------------------------- hostile and Unicode input

fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
}

const UNICODE_ANSWERS: &[&str] = &[
    "Under Cal.\u{a0}Civ.\u{a0}Code § 1714 everyone is responsible for an injury. The owner owes $25,000.",
    "Per Dr.\u{3000}Smith, e.g.\u{2003}today 東京 has 18°C and light rain 🌧\u{fe0f}. עדכון: גשם קל \u{202e}txet\u{202c}.",
    "Cafe\u{301} 👩\u{200d}👩\u{200d}👧 costs ¥1,200\0 \\ No.\u{2009}5 St.\u{202f}Mark's.\u{3000}Z\u{36b}\u{36c}.",
    "مرحبا Mr.\u{85}Ali: flight AC1471 departs 4:30\u{a0}PM on April 13, 2026; i.e.\u{2028}gate B61745.",
];

/// A valid GenAI run with a Unicode-heavy answer, as OTLP/JSON.
fn unicode_run(trace_id: &str, answer: &str) -> Vec<u8> {
    let now = now_ns();
    let attr = |k: &str, v: &str| json!({"key": k, "value": {"stringValue": v}});
    let out = json!([{"role": "assistant", "parts": [{"type": "text", "content": answer}],
                      "finish_reason": "stop"}]);
    let input = json!([{"role": "user", "parts": [{"type": "text", "content": "Frage: 東京? Cal.\u{a0}Civ."}]}]);
    let req = json!({"resourceSpans": [{"resource": {"attributes": [attr("service.name", "soak-unicode")]},
    "scopeSpans": [{"scope": {"name": "soak"}, "spans": [
        {"traceId": trace_id, "spanId": "0102030405060708", "name": "execute_tool lookup", "kind": 1,
         "parentSpanId": "1112131415161718",
         "startTimeUnixNano": (now - 3_000_000).to_string(), "endTimeUnixNano": (now - 2_000_000).to_string(),
         "attributes": [attr("gen_ai.operation.name", "execute_tool"), attr("gen_ai.tool.name", "lookup"),
                        attr("gen_ai.tool.call.id", "c1"),
                        attr("gen_ai.tool.call.result", "Cal. Civ. Code § 1714; 東京 18°C 🌧; AC1471 4:30 PM")]},
        {"traceId": trace_id, "spanId": "2122232425262728", "name": "chat", "kind": 1,
         "parentSpanId": "1112131415161718",
         "startTimeUnixNano": (now - 2_000_000).to_string(), "endTimeUnixNano": (now - 1_000_000).to_string(),
         "attributes": [attr("gen_ai.operation.name", "chat"),
                        attr("gen_ai.input.messages", &input.to_string()),
                        attr("gen_ai.output.messages", &out.to_string())]},
        {"traceId": trace_id, "spanId": "1112131415161718", "name": "invoke_agent", "kind": 1,
         "startTimeUnixNano": (now - 4_000_000).to_string(), "endTimeUnixNano": now.to_string(),
         "attributes": [attr("gen_ai.operation.name", "invoke_agent"), attr("gen_ai.agent.name", "Soak")]}
    ]}]}]});
    serde_json::to_vec(&req).unwrap()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

type Hostile = (
    &'static str,
    Vec<(&'static str, &'static str)>,
    Vec<u8>,
    &'static [u16],
);

/// The hostile requests: what, headers, body, and the statuses each may get.
fn hostiles(valid_pb: &[u8]) -> Vec<Hostile> {
    (0..7).map(|i| hostile(i, valid_pb)).collect()
}

fn hostile(i: usize, valid_pb: &[u8]) -> Hostile {
    const JSON: (&str, &str) = ("Content-Type", "application/json");
    const PB: (&str, &str) = ("Content-Type", "application/x-protobuf");
    match i % 7 {
        0 => ("malformed JSON", vec![JSON], br#"{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"#.to_vec(), &[400]),
        1 => ("truncated protobuf", vec![PB], valid_pb[..valid_pb.len() * 2 / 3].to_vec(), &[400]),
        2 => ("oversized body", vec![JSON], {
            let mut b = br#"{"resourceSpans":[],"x":""#.to_vec();
            b.extend(std::iter::repeat_n(b'a', MAX_BODY + 1024));
            b.extend_from_slice(b"\"}");
            b
        }, &[413]),
        3 => ("gzip bomb", vec![JSON, ("Content-Encoding", "gzip")], gzip(&vec![b' '; 64 << 20]), &[413, 400]),
        4 => ("unsupported content type", vec![("Content-Type", "text/plain")], b"hello".to_vec(), &[415]),
        5 => ("JSON nested 100000 deep", vec![JSON], {
            let mut b = b"{\"resourceSpans\":".to_vec();
            b.extend(std::iter::repeat_n(b'[', 100_000));
            b
        }, &[400]),
        _ => ("unusable span ids", vec![JSON], br#"{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"00","spanId":"zz","name":"x"}]}]}]}"#.to_vec(), &[200, 400]),
    }
}

// ---------------------------------------------------------------- the soak

fn rss_kb(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn loadgen(protocol: &str, target: &str, secs: u64, acked: &Path, extra: &[&str]) -> Child {
    Command::new(groundcheck_bin())
        .arg("loadgen")
        .args(["--protocol", protocol, "--target", target])
        .args(["--duration", &secs.to_string()])
        .args([
            "--connections",
            "1",
            "--rate",
            "2",
            "--runs-per-request",
            "5",
        ])
        .arg("--acked-out")
        .arg(acked)
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start groundcheck loadgen")
}

fn read_ids(p: &Path) -> HashSet<String> {
    std::fs::read_to_string(p)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.len() == 32)
        .map(str::to_owned)
        .collect()
}

#[test]
fn soak_under_faults_loses_no_acknowledged_run() {
    let secs: u64 = std::env::var("GROUNDCHECK_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(150);
    let max_rss_mb: u64 = std::env::var("GROUNDCHECK_SOAK_MAX_RSS_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1024);
    let started = Instant::now();
    let ports = free_ports(3);
    let ch = Service::clickhouse(ports[0], ports[1]);
    let kafka = Service::kafka(ports[2]);
    ch.run(&["start"]);
    kafka.run(&["start"]);
    kafka.run(&["topic", TOPIC, &PARTITIONS.to_string()]);
    let ch_addr: SocketAddr = format!("127.0.0.1:{}", ports[0]).parse().unwrap();
    let ch_url = format!("http://127.0.0.1:{}", ports[0]);
    let brokers = format!("127.0.0.1:{}", ports[2]);

    let tmp = tempfile::Builder::new()
        .prefix("gc-soak-")
        .tempdir()
        .unwrap();
    let mut server = Server::try_start_in(
        &tmp.path().join("data"),
        &[
            "--summary",
            "false",
            "--max-body-bytes",
            &MAX_BODY.to_string(),
            "--clickhouse-url",
            &ch_url,
            "--clickhouse-database",
            DB,
            "--clickhouse-ttl-days",
            "0",
            "--clickhouse-timeout-ms",
            "2000",
            "--sink-batch",
            "64",
            "--sink-flush-ms",
            "200",
            "--kafka-brokers",
            &brokers,
            "--kafka-topic",
            TOPIC,
            "--kafka-group-id",
            GROUP,
            "--kafka-initial-offset",
            "earliest",
            "--kafka-session-timeout-ms",
            "6000",
            "--kafka-commit-interval-ms",
            "500",
        ],
    )
    .unwrap_or_else(|e| panic!("groundcheck serve did not start: {e}"));
    let pid = server.pid();
    eprintln!(
        "soak: {secs}s; serve pid {pid}; ClickHouse {ch_url}; Kafka {brokers}; started in {:.1}s",
        started.elapsed().as_secs_f64()
    );

    let stop = Arc::new(AtomicBool::new(false));
    let t0 = Instant::now();

    // RSS sampler (and crash watch).
    let rss: Arc<Mutex<Vec<(f64, u64)>>> = Arc::default();
    let died_at: Arc<Mutex<Option<f64>>> = Arc::default();
    let sampler = {
        let (rss, died_at, stop) = (rss.clone(), died_at.clone(), stop.clone());
        std::thread::spawn(move || {
            while !stop.load(Relaxed) {
                match rss_kb(pid) {
                    Some(kb) => rss.lock().unwrap().push((t0.elapsed().as_secs_f64(), kb)),
                    None => {
                        *died_at.lock().unwrap() = Some(t0.elapsed().as_secs_f64());
                        return;
                    }
                }
                std::thread::sleep(Duration::from_secs(2));
            }
        })
    };

    // OTLP load.
    let acked_grpc = tmp.path().join("acked-grpc.txt");
    let acked_http = tmp.path().join("acked-http.txt");
    let grpc_load = loadgen(
        "grpc",
        &format!("http://{}", server.grpc),
        secs,
        &acked_grpc,
        &[],
    );
    let http_load = loadgen(
        "http-json",
        &server.http.to_string(),
        secs,
        &acked_http,
        &["--gzip"],
    );

    // Kafka load: dev runs under fresh trace ids, 5 runs/s, plus a poison record now and then.
    let delivered: Delivered = Arc::default();
    let epoch = Arc::new(AtomicU64::new(0));
    let paused = Arc::new(AtomicBool::new(false));
    let producer: Arc<ThreadedProducer<Tracking>> = Arc::new(
        ClientConfig::new()
            .set("bootstrap.servers", &brokers)
            .set("linger.ms", "5")
            .set("message.timeout.ms", "30000")
            .create_with_context(Tracking {
                delivered: delivered.clone(),
                epoch: epoch.clone(),
            })
            .expect("producer"),
    );
    let produced = Arc::new(AtomicU64::new(0));
    let kafka_thread = {
        let (producer, stop, paused, produced) = (
            producer.clone(),
            stop.clone(),
            paused.clone(),
            produced.clone(),
        );
        std::thread::spawn(move || {
            let templates = run_templates();
            let mut n: u64 = 0;
            while !stop.load(Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                if paused.load(Relaxed) {
                    continue;
                }
                n += 1;
                let mut id = [0u8; 16];
                id[..4].copy_from_slice(b"soak");
                id[4..12].copy_from_slice(&now_ns().to_be_bytes());
                id[12..].copy_from_slice(&(n as u32).to_be_bytes());
                let t = &templates[n as usize % templates.len()];
                let body = with_trace_id(t, &id).encode_to_vec();
                let key = hex(&id);
                let rec = BaseRecord::with_opaque_to(TOPIC, Box::new(key.clone()))
                    .key(key.as_bytes())
                    .payload(&body);
                if producer.send(rec).is_ok() {
                    produced.fetch_add(1, Relaxed);
                }
                if n.is_multiple_of(50) {
                    let poison = BaseRecord::with_opaque_to(TOPIC, Box::new(String::new()))
                        .payload(&b"\x0a\xff\xff\xff poison"[..]);
                    let _ = producer.send::<[u8], [u8]>(poison);
                }
            }
        })
    };

    // Hostile requests and Unicode-heavy runs over HTTP, all along.
    let unicode_acked: Arc<Mutex<HashSet<String>>> = Arc::default();
    let hostile_counts: Arc<Mutex<BTreeMap<String, BTreeMap<u16, u64>>>> = Arc::default();
    let hostile_thread = {
        let (stop, unicode_acked, counts) =
            (stop.clone(), unicode_acked.clone(), hostile_counts.clone());
        let http = server.http;
        std::thread::spawn(move || {
            let valid_pb = {
                let t = run_templates();
                with_trace_id(&t[0], &[7; 16]).encode_to_vec()
            };
            let hostile = hostiles(&valid_pb);
            let mut i = 0usize;
            let mut unexpected = Vec::new();
            while !stop.load(Relaxed) {
                i += 1;
                std::thread::sleep(Duration::from_millis(250));
                let (what, headers, body, ok, tid) = if i.is_multiple_of(2) {
                    let tid = format!("75{:030x}", now_ns() as u128 * 1000 + i as u128);
                    let body = unicode_run(&tid, UNICODE_ANSWERS[i / 2 % UNICODE_ANSWERS.len()]);
                    (
                        "unicode run",
                        vec![("Content-Type", "application/json")],
                        body,
                        &[200u16, 429, 503][..],
                        Some(tid),
                    )
                } else {
                    let (w, h, b, ok) = hostile[i / 2 % hostile.len()].clone();
                    (w, h, b, ok, None)
                };
                let status = match http_request(http, "POST", "/v1/traces", &headers, &body) {
                    Ok(r) => r.status,
                    Err(_) => 0,
                };
                *counts
                    .lock()
                    .unwrap()
                    .entry(what.to_owned())
                    .or_default()
                    .entry(status)
                    .or_default() += 1;
                if !ok.contains(&status) {
                    unexpected.push(format!("{what}: {status}"));
                }
                if status == 200 {
                    if let Some(t) = tid {
                        unicode_acked.lock().unwrap().insert(t);
                    }
                }
            }
            unexpected
        })
    };

    // The fault schedule.
    let at = |share: f64| Duration::from_secs_f64(secs as f64 * share);
    let wait_until = |d: Duration| {
        while t0.elapsed() < d {
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    let mut events: Vec<String> = Vec::new();
    let mut kafka_acked: HashSet<String> = HashSet::new();
    let mut kafka_delivered_total = 0usize;
    // Runs of the records delivered in `epoch` whose offsets the group has committed.
    let take_committed = |epoch_now: u64, acked: &mut HashSet<String>, total: &mut usize| {
        let c = committed(&brokers).unwrap_or_default();
        let d = delivered.lock().unwrap();
        for (e, p, o, id) in d.iter() {
            if *e == epoch_now && !id.is_empty() {
                *total += 1;
                if c.get(p).is_some_and(|&co| *o < co) {
                    acked.insert(id.clone());
                }
            }
        }
        c
    };

    wait_until(at(0.25));
    ch.kill9();
    events.push(format!(
        "{:.0}s ClickHouse killed (SIGKILL)",
        t0.elapsed().as_secs_f64()
    ));
    wait_until(at(0.40));
    ch.run(&["start"]);
    events.push(format!(
        "{:.0}s ClickHouse started again",
        t0.elapsed().as_secs_f64()
    ));

    wait_until(at(0.60));
    // Quiesce the producer (so every delivery report belongs to this broker), read what the
    // collector has committed, and kill the broker at once: records it consumed but had not
    // committed yet are lost with the in-memory log (never acknowledged).
    paused.store(true, Relaxed);
    let _ = producer.flush(Duration::from_secs(10));
    let c = take_committed(0, &mut kafka_acked, &mut kafka_delivered_total);
    kafka.kill9();
    events.push(format!(
        "{:.0}s Kafka broker killed (SIGKILL; committed before: {c:?})",
        t0.elapsed().as_secs_f64()
    ));
    std::thread::sleep(Duration::from_secs(2));
    epoch.store(1, Relaxed);
    kafka.run(&["start"]);
    kafka.run(&["topic", TOPIC, &PARTITIONS.to_string()]);
    paused.store(false, Relaxed);
    events.push(format!(
        "{:.0}s Kafka broker started again (empty), topic recreated",
        t0.elapsed().as_secs_f64()
    ));

    // End of load.
    let grpc_out = grpc_load.wait_with_output().expect("loadgen grpc");
    let http_out = http_load.wait_with_output().expect("loadgen http");
    stop.store(true, Relaxed);
    kafka_thread.join().unwrap();
    let unexpected = hostile_thread.join().unwrap();
    let _ = producer.flush(Duration::from_secs(30));
    let load_end = t0.elapsed().as_secs_f64();

    // Drain: the group commits everything delivered since the restart (or 90 s pass).
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let c = committed(&brokers).unwrap_or_default();
        let d = delivered.lock().unwrap();
        let done = d
            .iter()
            .filter(|(e, ..)| *e == 1)
            .all(|(_, p, o, _)| c.get(p).is_some_and(|&co| *o < co));
        drop(d);
        if done || Instant::now() > deadline {
            break;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    take_committed(1, &mut kafka_acked, &mut kafka_delivered_total);

    let grpc_acked = read_ids(&acked_grpc);
    let http_acked = read_ids(&acked_http);
    let unicode_acked = unicode_acked.lock().unwrap().clone();
    let mut acked: HashSet<String> = HashSet::new();
    for s in [&grpc_acked, &http_acked, &kafka_acked, &unicode_acked] {
        acked.extend(s.iter().cloned());
    }

    // Every acknowledged run reaches ClickHouse (or 120 s pass).
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut stored: HashSet<String>;
    loop {
        stored = ch_query(
            ch_addr,
            &format!("SELECT DISTINCT run_id FROM {DB}.runs FORMAT TSV"),
        )
        .map(|t| t.lines().map(str::to_owned).collect())
        .unwrap_or_default();
        if acked.is_subset(&stored) || Instant::now() > deadline {
            break;
        }
        std::thread::sleep(Duration::from_secs(2));
    }
    let missing: Vec<&String> = acked.difference(&stored).collect();
    let dup_rows = ch_query(
        ch_addr,
        &format!(
            "SELECT run_id, count() AS c FROM {DB}.runs GROUP BY run_id HAVING c > 1 FORMAT TSV"
        ),
    )
    .unwrap_or_else(|e| format!("query failed: {e}"));
    let duplicates: Vec<&str> = dup_rows.lines().collect();
    let rows: u64 = ch_query(
        ch_addr,
        &format!("SELECT count() FROM {DB}.runs FORMAT TSV"),
    )
    .ok()
    .and_then(|t| t.trim().parse().ok())
    .unwrap_or(0);
    // Reap rather than look at /proc/PID: a crashed child stays there as a zombie.
    let exited = server.exited();
    let alive_at_end = exited.is_none();
    if let Some(status) = exited {
        let log = server.log();
        let tail: Vec<&str> = log.lines().rev().take(40).collect();
        panic!(
            "serve died during the soak ({status}; first seen gone at {:?} s; no shutdown line \
             means a signal or a native abort); last log lines:\n{}",
            *died_at.lock().unwrap(),
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        );
    }
    let metrics = server.metrics();
    stop.store(true, Relaxed);
    sampler.join().unwrap();
    let died = *died_at.lock().unwrap();
    let log = server.log();
    let exit = if alive_at_end {
        Some(server.terminate(Duration::from_secs(60)))
    } else {
        None
    };

    let samples = rss.lock().unwrap().clone();
    let kb: Vec<u64> = samples.iter().map(|s| s.1).collect();
    let (rss_min, rss_max) = (
        kb.iter().min().copied().unwrap_or(0) / 1024,
        kb.iter().max().copied().unwrap_or(0) / 1024,
    );
    let third = kb.len() / 3;
    let rss_first_third_max = kb[..third.max(1).min(kb.len())]
        .iter()
        .max()
        .copied()
        .unwrap_or(0)
        / 1024;
    let rss_last_third_max = kb[kb.len().saturating_sub(third.max(1))..]
        .iter()
        .max()
        .copied()
        .unwrap_or(0)
        / 1024;
    let m = |n: &str| metric_value(&metrics, n).unwrap_or(0.0);
    let summary = json!({
        "seconds": secs,
        "load_seconds": load_end,
        "crashes": if died.is_some() || !alive_at_end { 1 } else { 0 },
        "serve_exit_on_sigterm": exit.map(|e| e.to_string()),
        "acknowledged": {
            "total": acked.len(),
            "otlp_grpc": grpc_acked.len(),
            "otlp_http_json_gzip": http_acked.len(),
            "unicode_http": unicode_acked.len(),
            "kafka_committed": kafka_acked.len(),
            "kafka_delivered_to_broker": kafka_delivered_total,
            "kafka_produced": produced.load(Relaxed),
        },
        "clickhouse": {
            "rows": rows,
            "distinct_run_ids": stored.len(),
            "acknowledged_missing": missing.len(),
            "duplicated_run_ids": duplicates.len(),
        },
        "rss_mb": { "min": rss_min, "max": rss_max, "first_third_max": rss_first_third_max,
                    "last_third_max": rss_last_third_max, "samples": kb.len() },
        "hostile_requests": *hostile_counts.lock().unwrap(),
        "unexpected_statuses": unexpected.len(),
        "events": events,
        "metrics": {
            "clickhouse_retries_total": m("groundcheck_clickhouse_retries_total"),
            "clickhouse_dead_lettered_total": m("groundcheck_clickhouse_dead_lettered_total"),
            "detector_panics_total": m("groundcheck_detector_panics_total"),
        },
        "loadgen_grpc": String::from_utf8_lossy(&grpc_out.stdout).lines().take(3).collect::<Vec<_>>(),
        "loadgen_http": String::from_utf8_lossy(&http_out.stdout).lines().take(3).collect::<Vec<_>>(),
    });
    let pretty = serde_json::to_string_pretty(&summary).unwrap();
    eprintln!("soak summary:\n{pretty}");
    if let Ok(p) = std::env::var("GROUNDCHECK_SOAK_SUMMARY") {
        std::fs::write(&p, &pretty).unwrap_or_else(|e| panic!("{p}: {e}"));
    }
    let missing_sample: Vec<&&String> = missing.iter().take(10).collect();
    let tail: String = log
        .lines()
        .rev()
        .take(40)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<Vec<_>>()
        .join("\n");

    assert!(
        died.is_none() && alive_at_end,
        "groundcheck serve died (at {died:?} s); log tail:\n{tail}"
    );
    assert!(
        exit.is_some_and(|e| e.success()),
        "serve did not exit 0 on SIGTERM: {exit:?}"
    );
    assert!(
        !grpc_acked.is_empty()
            && !http_acked.is_empty()
            && !kafka_acked.is_empty()
            && !unicode_acked.is_empty(),
        "every kind of load was acknowledged at least once: {pretty}"
    );
    assert!(missing.is_empty(), "{} acknowledged runs have no row in ClickHouse (e.g. {missing_sample:?}); {pretty}\nlog tail:\n{tail}", missing.len());
    assert!(
        duplicates.is_empty(),
        "runs stored more than once: {duplicates:?}"
    );
    assert!(
        unexpected.is_empty(),
        "hostile requests got unexpected statuses: {unexpected:?}"
    );
    assert!(
        rss_max <= max_rss_mb,
        "RSS peaked at {rss_max} MiB > {max_rss_mb} MiB"
    );
    assert_eq!(
        m("groundcheck_detector_panics_total"),
        0.0,
        "no detector panic"
    );
    assert!(
        m("groundcheck_clickhouse_retries_total") >= 1.0,
        "the ClickHouse outage reached the sink (else the fault was not injected): {pretty}"
    );
}
