//! Kafka receiver end to end, against a real Kafka-protocol broker (`deploy/kafka.sh start`
//! runs tansu on 127.0.0.1:9092; `GROUNDCHECK_TEST_KAFKA` points elsewhere, e.g. a real
//! Apache Kafka or Redpanda). Each test uses its own topics and consumer group.
//!
//! - `two_instances_share_partitions_and_survive_sigkill`: the labeled dev runs, produced to
//!   a 4-partition topic keyed by trace id (`otlp_proto`, like the contrib exporter with
//!   `partition_traces_by_id`), consumed by two groundcheck instances in one group; one is
//!   SIGKILLed mid-stream; every run must be reported, duplicates only for runs the killed
//!   instance had reported without committing, and the survivor commits every record.
//! - `poison_records_are_skipped_counted_and_dead_lettered`: undecodable records between
//!   valid ones (`otlp_json`) are counted, sent to the dead-letter topic and committed; the
//!   valid run still produces its report, which also goes to the report topic (protobuf).
//! - `backpressure_pauses_partitions_and_loses_nothing`: a backlog into a tiny pipeline.
//! - `run_split_across_partitions_is_counted_not_lost`: one run's spans on two partitions.
//! - `shutdown_hands_back_open_runs_to_the_next_owner`: SIGTERM with an open run.

mod common;
#[path = "common/otlp.rs"]
mod otlp;

use common::{metric_value, Server};
use groundcheck_proto::prost::Message as _;
use rdkafka::admin::{AdminClient, AdminOptions, NewTopic, TopicReplication};
use rdkafka::client::DefaultClientContext;
use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::message::Message;
use rdkafka::producer::{BaseRecord, DefaultProducerContext, Producer, ThreadedProducer};
use rdkafka::topic_partition_list::{Offset, TopicPartitionList};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::future::Future;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

fn brokers() -> String {
    let b = std::env::var("GROUNDCHECK_TEST_KAFKA").unwrap_or_else(|_| "127.0.0.1:9092".to_owned());
    let addr = b.split(',').next().unwrap_or_default().to_owned();
    assert!(
        std::net::TcpStream::connect_timeout(&addr.parse().expect("GROUNDCHECK_TEST_KAFKA is host:port"), Duration::from_secs(2)).is_ok(),
        "no Kafka broker on {b}: start one with `deploy/kafka.sh start` (deploy/test.sh does), or set GROUNDCHECK_TEST_KAFKA"
    );
    b
}

fn unique(prefix: &str) -> String {
    let ns = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{prefix}-{}-{ns}", std::process::id())
}

/// Minimal executor for rdkafka's admin futures (the tests crate has no async runtime).
fn block_on<F: Future>(f: F) -> F::Output {
    struct ThreadWaker(std::thread::Thread);
    impl Wake for ThreadWaker {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(ThreadWaker(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    let mut f = std::pin::pin!(f);
    loop {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::park_timeout(Duration::from_millis(50));
    }
}

fn create_topic(brokers: &str, name: &str, partitions: i32) {
    let admin: AdminClient<DefaultClientContext> = ClientConfig::new()
        .set("bootstrap.servers", brokers)
        .create()
        .expect("admin client");
    let t = NewTopic::new(name, partitions, TopicReplication::Fixed(1));
    let res = block_on(admin.create_topics(
        [&t],
        &AdminOptions::new().operation_timeout(Some(Duration::from_secs(10))),
    ))
    .expect("create_topics");
    for r in res {
        r.unwrap_or_else(|(t, e)| panic!("cannot create topic {t}: {e}"));
    }
}

fn producer(brokers: &str) -> ThreadedProducer<DefaultProducerContext> {
    ClientConfig::new()
        .set("bootstrap.servers", brokers)
        .set("linger.ms", "5")
        .create()
        .expect("producer")
}

fn produce(
    p: &ThreadedProducer<DefaultProducerContext>,
    topic: &str,
    key: Option<&[u8]>,
    payload: &[u8],
) {
    let mut rec: BaseRecord<'_, [u8], [u8]> = BaseRecord::to(topic).payload(payload);
    if let Some(k) = key {
        rec = rec.key(k);
    }
    let mut rec = rec;
    loop {
        match p.send(rec) {
            Ok(()) => return,
            Err((e, r)) => {
                assert!(
                    matches!(
                        e,
                        rdkafka::error::KafkaError::MessageProduction(
                            rdkafka::types::RDKafkaErrorCode::QueueFull
                        )
                    ),
                    "produce failed: {e}"
                );
                rec = r;
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

/// The dev agent runs as `(trace id hex, otlp_proto record)`, one record per (request line,
/// trace id), in file order.
fn dev_records() -> Vec<(String, Vec<u8>)> {
    use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
    let files = common::dev_run_files();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read dev runs");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let req = groundcheck_proto::json::decode_export_request(line.as_bytes())
                .expect("dev line decodes");
            let mut by_trace: BTreeMap<Vec<u8>, ExportTraceServiceRequest> = BTreeMap::new();
            for rs in &req.resource_spans {
                for ss in &rs.scope_spans {
                    for s in &ss.spans {
                        let r = by_trace.entry(s.trace_id.clone()).or_insert_with(|| {
                            ExportTraceServiceRequest {
                                resource_spans: Vec::new(),
                            }
                        });
                        if r.resource_spans.last().map(|x| &x.resource) != Some(&rs.resource) {
                            let mut nrs = rs.clone();
                            nrs.scope_spans.clear();
                            r.resource_spans.push(nrs);
                        }
                        let nrs = r.resource_spans.last_mut().unwrap();
                        if nrs.scope_spans.last().map(|x| &x.scope) != Some(&ss.scope) {
                            let mut nss = ss.clone();
                            nss.spans.clear();
                            nrs.scope_spans.push(nss);
                        }
                        nrs.scope_spans.last_mut().unwrap().spans.push(s.clone());
                    }
                }
            }
            for (tid, r) in by_trace {
                let hex: String = tid.iter().map(|b| format!("{b:02x}")).collect();
                out.push((hex, r.encode_to_vec()));
            }
        }
    }
    out
}

fn kafka_server(brokers: &str, topic: &str, group: &str, extra: &[&str]) -> Server {
    let mut args = vec![
        "--kafka-brokers",
        brokers,
        "--kafka-topic",
        topic,
        "--kafka-group-id",
        group,
        "--kafka-initial-offset",
        "earliest",
        "--kafka-session-timeout-ms",
        "6000",
        "--kafka-commit-interval-ms",
        "200",
        "--summary",
        "false",
    ];
    args.extend_from_slice(extra);
    Server::start(&args)
}

fn metric(s: &Server, name: &str) -> f64 {
    metric_value(&s.metrics(), name).unwrap_or(0.0)
}

/// Sum of the per-partition committed offsets exported by `s`.
fn committed_sum(s: &Server) -> i64 {
    s.metrics()
        .lines()
        .filter(|l| l.starts_with("groundcheck_kafka_partition_committed_offset{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<i64>().ok())
        .sum()
}

fn wait_until(
    what: &str,
    timeout: Duration,
    mut cond: impl FnMut() -> bool,
    context: impl Fn() -> String,
) {
    let deadline = Instant::now() + timeout;
    while !cond() {
        assert!(
            Instant::now() < deadline,
            "timed out after {timeout:?} waiting for {what}\n{}",
            context()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn run_ids(reports: &[Value]) -> Vec<String> {
    reports
        .iter()
        .map(|r| r["run_id"].as_str().expect("run_id").to_owned())
        .collect()
}

#[test]
fn two_instances_share_partitions_and_survive_sigkill() {
    let brokers = brokers();
    let topic = unique("gc-e2e-spans");
    let group = unique("gc-e2e-group");
    create_topic(&brokers, &topic, 4);
    let records = dev_records();
    let expected: HashSet<String> = records.iter().map(|(t, _)| t.clone()).collect();
    assert!(expected.len() >= 300, "dev data: {} runs", expected.len());

    let a = kafka_server(&brokers, &topic, &group, &[]);
    let b = kafka_server(&brokers, &topic, &group, &[]);
    let logs = || {
        format!(
            "--- instance A log:\n{}\n--- instance B log:\n{}",
            a.log(),
            b.log()
        )
    };
    // Both members hold partitions: the group split the 4 partitions between them.
    wait_until(
        "both instances to get partitions",
        Duration::from_secs(90),
        || {
            let (pa, pb) = (
                metric(&a, "groundcheck_kafka_partitions_assigned"),
                metric(&b, "groundcheck_kafka_partitions_assigned"),
            );
            pa >= 1.0 && pb >= 1.0 && pa + pb == 4.0
        },
        logs,
    );
    assert_eq!(metric(&a, "groundcheck_kafka_group_assigned"), 1.0);
    assert_eq!(metric(&b, "groundcheck_kafka_group_assigned"), 1.0);

    // First half of the runs.
    let p = producer(&brokers);
    let half = records.len() / 2;
    for (tid, body) in &records[..half] {
        produce(&p, &topic, Some(tid.as_bytes()), body);
    }
    p.flush(Duration::from_secs(30)).expect("flush");
    // Mid-stream: both instances are writing reports and B has committed some offsets.
    wait_until(
        "reports from both instances",
        Duration::from_secs(60),
        || !a.reports().is_empty() && !b.reports().is_empty() && committed_sum(&b) > 0,
        logs,
    );

    // SIGKILL B (no shutdown, no final commit).
    let killed_at = Instant::now();
    let status = std::process::Command::new("kill")
        .args(["-9", &b.pid().to_string()])
        .status()
        .expect("kill -9");
    assert!(status.success());
    for (tid, body) in &records[half..] {
        produce(&p, &topic, Some(tid.as_bytes()), body);
    }
    p.flush(Duration::from_secs(30)).expect("flush");

    // The survivor takes over all partitions.
    wait_until(
        "the survivor to own all 4 partitions",
        Duration::from_secs(90),
        || metric(&a, "groundcheck_kafka_partitions_assigned") == 4.0,
        logs,
    );
    eprintln!("rebalance recovery: survivor owned all partitions {:.1}s after SIGKILL (session timeout 6 s)", killed_at.elapsed().as_secs_f64());
    // No run is lost.
    let all_reported = || {
        let mut seen: HashSet<String> = run_ids(&a.reports()).into_iter().collect();
        seen.extend(run_ids(&b.reports()));
        expected.is_subset(&seen)
    };
    wait_until(
        "a report for every run",
        Duration::from_secs(120),
        all_reported,
        || {
            let mut seen: HashSet<String> = run_ids(&a.reports()).into_iter().collect();
            seen.extend(run_ids(&b.reports()));
            let missing: Vec<&String> = expected.difference(&seen).take(10).collect();
            format!("missing (first 10): {missing:?}\n{}", logs())
        },
    );
    eprintln!(
        "all runs reported {:.1}s after SIGKILL",
        killed_at.elapsed().as_secs_f64()
    );
    // Every record is committed by the survivor (nothing left behind, nothing past the end).
    wait_until(
        "the survivor to commit every record",
        Duration::from_secs(60),
        || committed_sum(&a) == records.len() as i64,
        || {
            format!(
                "committed {} of {}\n{}\n{}",
                committed_sum(&a),
                records.len(),
                a.metrics()
                    .lines()
                    .filter(|l| l.contains("kafka"))
                    .collect::<Vec<_>>()
                    .join("\n"),
                a.log()
                    .lines()
                    .filter(|l| l.contains("kafka"))
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        },
    );

    let ra = run_ids(&a.reports());
    let rb = run_ids(&b.reports());
    let mut count: HashMap<&str, usize> = HashMap::new();
    for id in ra.iter().chain(rb.iter()) {
        *count.entry(id.as_str()).or_default() += 1;
    }
    let a_set: HashSet<&str> = ra.iter().map(String::as_str).collect();
    let b_set: HashSet<&str> = rb.iter().map(String::as_str).collect();
    assert_eq!(a_set.len(), ra.len(), "the survivor reported a run twice");
    assert_eq!(
        b_set.len(),
        rb.len(),
        "the killed instance reported a run twice"
    );
    let dups: Vec<&str> = count
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(id, _)| *id)
        .collect();
    for d in &dups {
        assert!(
            b_set.contains(d) && a_set.contains(d),
            "duplicate {d} must be a run the killed instance reported before its commit"
        );
    }
    for id in count.keys() {
        assert!(expected.contains(*id), "report for an unknown run {id}");
    }
    assert!(
        !rb.is_empty() && !ra.is_empty(),
        "partitions were shared: both instances reported"
    );
    eprintln!(
        "runs={} reports: survivor={} killed={} duplicates={} (re-read from the killed instance's uncommitted range)",
        expected.len(),
        ra.len(),
        rb.len(),
        dups.len()
    );
    assert_eq!(metric(&a, "groundcheck_kafka_records_poison_total"), 0.0);
    assert!(
        metric(&a, "groundcheck_kafka_rebalances_total") >= 2.0,
        "the survivor saw the rebalance"
    );
}

#[test]
fn backpressure_pauses_partitions_and_loses_nothing() {
    let brokers = brokers();
    let topic = unique("gc-e2e-backpressure");
    let group = unique("gc-e2e-group");
    create_topic(&brokers, &topic, 2);
    let records = dev_records();
    let expected: HashSet<String> = records.iter().map(|(t, _)| t.clone()).collect();
    // The whole backlog is on the topic before the consumer starts.
    let p = producer(&brokers);
    for (tid, body) in &records {
        produce(&p, &topic, Some(tid.as_bytes()), body);
    }
    p.flush(Duration::from_secs(30)).expect("flush");
    // A pipeline with room for almost nothing: the receiver must pause instead of dropping.
    let s = kafka_server(
        &brokers,
        &topic,
        &group,
        &[
            "--ingest-queue",
            "1",
            "--workers",
            "1",
            "--worker-queue",
            "1",
            "--sink-batch",
            "1",
        ],
    );
    let missing = s.wait_reports(&expected, Duration::from_secs(180));
    assert!(
        missing.is_empty(),
        "{} runs not reported, e.g. {:?}\n{}",
        missing.len(),
        missing.iter().take(5).collect::<Vec<_>>(),
        s.log()
    );
    assert!(
        metric(&s, "groundcheck_kafka_pauses_total") >= 1.0,
        "the consumer paused for backpressure:\n{}",
        s.metrics()
    );
    assert_eq!(
        metric(&s, "groundcheck_receiver_spans_refused_total"),
        0.0,
        "nothing refused or dropped"
    );
    wait_until(
        "every record committed",
        Duration::from_secs(60),
        || committed_sum(&s) == records.len() as i64,
        || s.metrics(),
    );
    wait_until(
        "partitions resumed",
        Duration::from_secs(30),
        || metric(&s, "groundcheck_kafka_partitions_paused") == 0.0,
        || s.metrics(),
    );
    let ids = run_ids(&s.reports());
    let unique_ids: HashSet<&String> = ids.iter().collect();
    assert_eq!(unique_ids.len(), ids.len(), "one report per run");
}

#[test]
fn poison_records_are_skipped_counted_and_dead_lettered() {
    let brokers = brokers();
    let topic = unique("gc-e2e-poison");
    let dlq = unique("gc-e2e-dlq");
    let reports_topic = unique("gc-e2e-reports");
    let group = unique("gc-e2e-group");
    create_topic(&brokers, &topic, 1);
    create_topic(&brokers, &dlq, 1);
    create_topic(&brokers, &reports_topic, 1);
    let s = kafka_server(
        &brokers,
        &topic,
        &group,
        &[
            "--kafka-encoding",
            "otlp_json",
            "--kafka-dead-letter-topic",
            &dlq,
            "--kafka-report-topic",
            &reports_topic,
            "--kafka-report-format",
            "protobuf",
        ],
    );
    let valid =
        std::fs::read_to_string(common::dev_data_dir().join("runs-000.jsonl")).expect("dev runs");
    let valid = valid.lines().next().expect("a line");
    let run_id = common::spans_of(&serde_json::from_str(valid).unwrap())[0]
        .0
        .clone();
    let p = producer(&brokers);
    let poison: [&[u8]; 2] = [b"\xff\xfe not OTLP at all", b"{\"resourceSpans\": 42}"];
    produce(&p, &topic, None, poison[0]);
    produce(&p, &topic, Some(run_id.as_bytes()), valid.as_bytes());
    produce(&p, &topic, None, poison[1]);
    p.flush(Duration::from_secs(30)).expect("flush");

    // The partition keeps flowing past the poison record: the valid run is reported.
    let r = s.wait_report(&run_id, Duration::from_secs(90));
    assert_eq!(r["run_id"], run_id.as_str());
    wait_until(
        "both poison records counted",
        Duration::from_secs(30),
        || metric(&s, "groundcheck_kafka_records_poison_total") == 2.0,
        || s.log(),
    );
    // Skipped records are committed: the committed position is past all three records.
    wait_until(
        "offsets committed past the poison records",
        Duration::from_secs(30),
        || committed_sum(&s) == 3,
        || s.metrics(),
    );
    assert_eq!(metric(&s, "groundcheck_kafka_records_total"), 3.0);
    wait_until(
        "dead-letter deliveries",
        Duration::from_secs(30),
        || metric(&s, "groundcheck_kafka_dead_letter_total") == 2.0,
        || s.metrics(),
    );

    // The dead-letter topic holds the two poison payloads, unchanged.
    let got = read_topic(&brokers, &dlq, 2);
    assert_eq!(got, poison.iter().map(|p| p.to_vec()).collect::<Vec<_>>());
    // The report topic holds the run's report as protobuf.
    let reports = read_topic(&brokers, &reports_topic, 1);
    let pb = groundcheck_proto::report::HallucinationReport::decode(reports[0].as_slice())
        .expect("report topic holds protobuf reports");
    assert_eq!(pb.run_id, run_id);
}

#[test]
fn run_split_across_partitions_is_counted_not_lost() {
    let brokers = brokers();
    let topic = unique("gc-e2e-split");
    let group = unique("gc-e2e-group");
    create_topic(&brokers, &topic, 2);
    let s = kafka_server(&brokers, &topic, &group, &["--kafka-encoding", "otlp_json"]);
    // A producer that does not partition by trace id: one run's spans on both partitions.
    let req = common::dev_request("runs-000.jsonl", 0);
    let spans = common::spans_of(&req);
    let run_id = spans[0].0.clone();
    assert!(spans.len() >= 2 && spans.iter().all(|s| s.0 == run_id));
    let first: HashSet<String> = spans
        .iter()
        .take(spans.len() / 2)
        .map(|s| s.1.clone())
        .collect();
    let part0 = common::filter_spans(&req, |sp| {
        first.contains(sp["spanId"].as_str().unwrap_or_default())
    });
    let part1 = common::filter_spans(&req, |sp| {
        !first.contains(sp["spanId"].as_str().unwrap_or_default())
    });
    let p = producer(&brokers);
    for (partition, body) in [(0, part0), (1, part1)] {
        let body = body.to_string();
        p.send(
            BaseRecord::<'_, [u8], [u8]>::to(&topic)
                .partition(partition)
                .payload(body.as_bytes()),
        )
        .map_err(|(e, _)| e)
        .expect("produce");
    }
    p.flush(Duration::from_secs(30)).expect("flush");
    // One instance owns both partitions: the run is assembled whole, and the split is counted.
    let r = s.wait_report(&run_id, Duration::from_secs(90));
    assert_eq!(r["run_id"], run_id.as_str());
    wait_until(
        "the split counted",
        Duration::from_secs(30),
        || metric(&s, "groundcheck_kafka_runs_split_total") == 1.0,
        || s.metrics(),
    );
    assert_eq!(s.reports().len(), 1, "one report for the run");
    wait_until(
        "both records committed",
        Duration::from_secs(30),
        || committed_sum(&s) == 2,
        || s.metrics(),
    );
}

#[test]
fn shutdown_hands_back_open_runs_to_the_next_owner() {
    let brokers = brokers();
    let topic = unique("gc-e2e-handback");
    let group = unique("gc-e2e-group");
    create_topic(&brokers, &topic, 1);
    let req = common::dev_request("runs-000.jsonl", 0);
    let spans = common::spans_of(&req);
    let run_id = spans[0].0.clone();
    let root: HashSet<String> = spans
        .iter()
        .filter(|s| s.2.is_none())
        .map(|s| s.1.clone())
        .collect();
    assert!(!root.is_empty() && root.len() < spans.len());
    let children = common::filter_spans(&req, |sp| {
        !root.contains(sp["spanId"].as_str().unwrap_or_default())
    });
    let root_part = common::filter_spans(&req, |sp| {
        root.contains(sp["spanId"].as_str().unwrap_or_default())
    });
    let p = producer(&brokers);
    let extra = ["--kafka-encoding", "otlp_json"];

    // A reads the children: the run is open (no root yet) when A is stopped.
    let mut a = kafka_server(&brokers, &topic, &group, &extra);
    produce(
        &p,
        &topic,
        Some(run_id.as_bytes()),
        children.to_string().as_bytes(),
    );
    p.flush(Duration::from_secs(30)).expect("flush");
    let n_children = (spans.len() - root.len()) as f64;
    wait_until(
        "A to consume the children into an open run",
        Duration::from_secs(90),
        || {
            metric(&a, "groundcheck_kafka_spans_total") == n_children
                && metric(&a, "groundcheck_assembler_runs_open") == 1.0
        },
        || a.log(),
    );
    let status = a.terminate(Duration::from_secs(30));
    assert!(status.success(), "clean exit: {status}");
    assert!(
        a.reports().is_empty(),
        "the open run was handed back, not reported incomplete: {:?}",
        a.reports()
    );
    assert!(a.log().contains("handed back open runs"), "{}", a.log());

    // B, same group, re-reads the children (not committed by A) and gets the root: one complete run.
    let b = kafka_server(&brokers, &topic, &group, &extra);
    produce(
        &p,
        &topic,
        Some(run_id.as_bytes()),
        root_part.to_string().as_bytes(),
    );
    p.flush(Duration::from_secs(30)).expect("flush");
    let r = b.wait_report(&run_id, Duration::from_secs(90));
    assert_eq!(
        r["incomplete"], false,
        "complete run from both records: {r}"
    );
    wait_until(
        "B to commit both records",
        Duration::from_secs(30),
        || committed_sum(&b) == 2,
        || b.metrics(),
    );
    assert_eq!(b.reports().len(), 1);
}

/// Read `n` records from partition 0 of `topic` from the beginning (no group: assigned).
fn read_topic(brokers: &str, topic: &str, n: usize) -> Vec<Vec<u8>> {
    let c: BaseConsumer = ClientConfig::new()
        .set("bootstrap.servers", brokers)
        .set("group.id", unique("gc-e2e-reader"))
        .set("enable.auto.commit", "false")
        .create()
        .expect("consumer");
    let mut tpl = TopicPartitionList::new();
    tpl.add_partition_offset(topic, 0, Offset::Beginning)
        .unwrap();
    c.assign(&tpl).expect("assign");
    let mut out = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while out.len() < n {
        assert!(
            Instant::now() < deadline,
            "timed out reading {n} records from {topic}; got {}",
            out.len()
        );
        if let Some(m) = c.poll(Duration::from_millis(200)) {
            let m = m.expect("consume");
            out.push(m.payload().unwrap_or_default().to_vec());
        }
    }
    out
}

#[test]
fn with_forwarding_an_offset_is_committed_only_after_its_spans_were_forwarded() {
    let brokers = brokers();
    let topic = unique("gc-e2e-forward");
    let group = unique("gc-e2e-group");
    create_topic(&brokers, &topic, 1);
    // The next hop is down at first.
    let port = common::free_port_below_ephemeral();
    let s = kafka_server(
        &brokers,
        &topic,
        &group,
        &[
            "--kafka-encoding",
            "otlp_json",
            "--forward-endpoint",
            &format!("http://127.0.0.1:{port}"),
            "--forward-max-backoff-ms",
            "200",
        ],
    );
    let valid =
        std::fs::read_to_string(common::dev_data_dir().join("runs-000.jsonl")).expect("dev runs");
    let valid = valid.lines().next().expect("a line");
    let spans = common::spans_of(&serde_json::from_str(valid).unwrap());
    let run_id = spans[0].0.clone();
    let p = producer(&brokers);
    produce(&p, &topic, Some(run_id.as_bytes()), valid.as_bytes());
    p.flush(Duration::from_secs(30)).expect("flush");

    // The report is written, but the record's spans are not forwarded: no commit.
    s.wait_report(&run_id, Duration::from_secs(90));
    wait_until(
        "forward attempts failing",
        Duration::from_secs(30),
        || metric(&s, "groundcheck_forward_retries_total") >= 2.0,
        || s.log(),
    );
    // Ten commit intervals after the report was written and forwarding failed: still none.
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(committed_sum(&s), 0, "{}", s.metrics());

    // The next hop comes up: the spans arrive, then the offset is committed.
    let (recv, _, _rt) = otlp::start_receiver(port);
    wait_until(
        "the record's spans forwarded",
        Duration::from_secs(30),
        || recv.spans() == spans.len() as u64,
        || s.log(),
    );
    wait_until(
        "the offset committed after the forward",
        Duration::from_secs(30),
        || committed_sum(&s) == 1,
        || s.metrics(),
    );
    assert_eq!(metric(&s, "groundcheck_forward_spans_dropped_total"), 0.0);
}
