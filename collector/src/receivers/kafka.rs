//! Kafka receiver: consumes `ExportTraceServiceRequest`s (encodings `otlp_proto`, the
//! default, and `otlp_json`, as written by the OpenTelemetry Collector's Kafka exporter) from
//! one or more topics in a consumer group, with **at-least-once** delivery.
//!
//! # Delivery
//! - Offsets are committed by groundcheck only (`enable.auto.commit=false`), and only up to the
//!   contiguous prefix of records whose spans were written by every sink ([`offsets`]).
//!   Reports of records past a crash are written again by the partition's next owner
//!   (duplicates by `run_id`, deduplicated downstream; ClickHouse inserts are idempotent).
//! - Poison records (no payload, or a payload that does not decode) are logged, counted,
//!   written to the dead-letter topic when one is configured, and acknowledged: a bad record
//!   never wedges its partition.
//! - Backpressure: records go into the pipeline's bounded ingest queue with `try_send`; when
//!   it is full the receiver keeps the records it holds, **pauses** every assigned partition
//!   (counted) and resumes them once its backlog is enqueued. The consumer keeps polling
//!   while paused, so group membership and rebalances are served.
//! - Revoke (rebalance) and shutdown: the receiver drops its backlog for the revoked
//!   partitions, asks the assembler to **hand back** the open runs whose spans all came from
//!   them (removed unreported; the next owner re-reads them), fences the commit position at
//!   the lowest handed-back offset (or the lowest offset still held by an open run that also
//!   has spans of other partitions), waits up to `kafka_revoke_timeout_ms` for the revoked
//!   partitions' in-flight runs to be written, commits synchronously and forgets the
//!   partitions. It never commits past a record whose spans were not written.
//! - All brokers down: a broker may come back without its log. The positions held are not
//!   committed until each partition's next record confirms them ([`offsets`]), so a position
//!   of the lost log is never committed into the new one (where the next owner would start at
//!   it and skip the new log's records below it).
//!
//! # Threading
//! The consumer (`BaseConsumer`) runs on its own OS thread: rebalance callbacks run inside
//! `poll` on that thread and may block while they wait for the pipeline. Only that thread
//! commits; the pipeline settles tokens ([`AckToken::ack`] / [`AckToken::reject`]) in a
//! mutex-protected tracker.
//!
//! # Broker features used
//! Consumer groups with broker-side offset storage (OffsetCommit/OffsetFetch, Kafka ≥ 0.10),
//! pause/resume (client side), either rebalance protocol: the librdkafka default
//! (`range,roundrobin`, eager) or `cooperative-sticky` via
//! `--kafka-option partition.assignment.strategy=cooperative-sticky`. Topic regexes (`^…`) are
//! matched client-side from metadata. Nothing broker-specific: Apache Kafka, Redpanda and
//! tansu all work.
//!
//! # Partitioning
//! A run is assembled from the spans one instance sees. The producer must key records by
//! trace id (contrib Kafka exporter: `partition_traces_by_id: true`) so a run's spans share a
//! partition. A run whose spans arrive on several partitions is counted
//! (`groundcheck_kafka_runs_split_total`); if another instance owns the other partition, each
//! instance finishes its part as incomplete after the idle timeout, never merged wrong.

pub mod offsets;

use crate::metrics::Metrics;
use crate::receivers::{Ingest, IngestMsg};
use groundcheck_detectors::normalize::normalize_request;
use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use offsets::{AckToken, OffsetTracker, RejectReason, Tp};
use prost::Message as _;
use rdkafka::client::ClientContext;
use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer, ConsumerContext, Rebalance};
use rdkafka::error::KafkaResult;
use rdkafka::message::{BorrowedMessage, Message};
use rdkafka::producer::{BaseRecord, DeliveryResult, Producer, ProducerContext, ThreadedProducer};
use rdkafka::topic_partition_list::{Offset, TopicPartitionList};
use rdkafka::types::RDKafkaErrorCode;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::error::TrySendError;

/// Errors starting the Kafka receiver.
#[derive(Debug, thiserror::Error)]
pub enum KafkaError {
    #[error("cannot create the Kafka consumer: {0}")]
    Consumer(rdkafka::error::KafkaError),
    #[error("cannot create the dead-letter producer: {0}")]
    Producer(rdkafka::error::KafkaError),
    #[error("cannot subscribe to {topics:?}: {source}")]
    Subscribe {
        topics: Vec<String>,
        source: rdkafka::error::KafkaError,
    },
    #[error("cannot start the Kafka thread: {0}")]
    Thread(std::io::Error),
}

/// Payload encoding of the records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KafkaEncoding {
    /// Protobuf `ExportTraceServiceRequest` (the OpenTelemetry Collector's default).
    OtlpProto,
    /// OTLP/JSON `ExportTraceServiceRequest`.
    OtlpJson,
}

/// Where a group without committed offsets starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KafkaInitialOffset {
    Latest,
    Earliest,
}

/// The receiver's configuration (resolved by [`crate::wiring`]).
#[derive(Debug, Clone)]
pub struct KafkaConfig {
    /// librdkafka properties for every client (`bootstrap.servers`, security settings).
    pub client: Vec<(String, String)>,
    /// Topics to consume; a name starting with `^` is a regex.
    pub topics: Vec<String>,
    pub group_id: String,
    pub encoding: KafkaEncoding,
    pub initial_offset: KafkaInitialOffset,
    pub session_timeout_ms: u64,
    /// How often acknowledged offsets are committed.
    pub commit_interval: Duration,
    /// On revoke or shutdown, how long to wait for in-flight runs to be written.
    pub revoke_timeout: Duration,
    /// Topic for undecodable records; `None`: they are only logged, counted and skipped.
    pub dead_letter_topic: Option<String>,
}

/// State shared by the poll loop and the rebalance callbacks (both on the Kafka thread).
struct Shared {
    tracker: Arc<OffsetTracker>,
    ingest: Ingest,
    metrics: Arc<Metrics>,
    /// Records read but not yet accepted by the ingest queue (bounded by librdkafka's
    /// prefetch: partitions are paused while it is non-empty).
    backlog: Mutex<VecDeque<IngestMsg>>,
    revoke_timeout: Duration,
    /// The assignment changed: re-apply pause state.
    assignment_changed: AtomicBool,
    /// The pipeline is gone (shutdown): do not wait for it.
    pipeline_gone: AtomicBool,
}

struct Ctx {
    shared: Arc<Shared>,
}

impl ClientContext for Ctx {
    fn error(&self, error: rdkafka::error::KafkaError, reason: &str) {
        self.shared
            .metrics
            .kafka_consume_errors_total
            .fetch_add(1, Relaxed);
        tracing::warn!(error = %error, reason, "kafka client error");
        // Every broker down: the logs may come back empty; hold the commits of the positions
        // held until a record of the current log confirms each ([`offsets`]).
        if error.rdkafka_error_code() == Some(RDKafkaErrorCode::AllBrokersDown) {
            let n = self.shared.tracker.suspect_logs();
            tracing::info!(
                partitions = n,
                "kafka: all brokers down; commits wait until each partition's next record confirms its log"
            );
        }
    }
}

impl ConsumerContext for Ctx {
    fn pre_rebalance(&self, consumer: &BaseConsumer<Self>, rebalance: &Rebalance<'_>) {
        let m = &self.shared.metrics;
        match rebalance {
            Rebalance::Revoke(tpl) => {
                m.kafka_rebalances_total.fetch_add(1, Relaxed);
                let parts = tps(tpl);
                let lost = consumer.assignment_lost();
                tracing::info!(partitions = ?parts.iter().map(|p| p.to_string()).collect::<Vec<_>>(), lost, "kafka: partitions revoked");
                release(&self.shared, consumer, &parts, !lost);
            }
            Rebalance::Assign(tpl) => {
                m.kafka_rebalances_total.fetch_add(1, Relaxed);
                let parts = tps(tpl);
                tracing::info!(partitions = ?parts.iter().map(|p| p.to_string()).collect::<Vec<_>>(), "kafka: partitions assigned");
                for p in &parts {
                    self.shared.tracker.assign(p);
                }
                // Where the group left off (for metrics; consumption itself resumes there).
                match consumer.committed_offsets((*tpl).clone(), Duration::from_secs(5)) {
                    Ok(c) => {
                        for e in c.elements() {
                            if let Offset::Offset(o) = e.offset() {
                                let tp = Tp::new(e.topic(), e.partition());
                                self.shared.tracker.set_committed(&tp, o);
                                self.shared
                                    .metrics
                                    .set_info(&committed_key(&tp), &o.to_string());
                            }
                        }
                    }
                    Err(e) => {
                        tracing::debug!(error = %e, "kafka: cannot fetch committed offsets for metrics")
                    }
                }
            }
            Rebalance::Error(e) => {
                m.kafka_consume_errors_total.fetch_add(1, Relaxed);
                tracing::warn!(error = %e, "kafka: rebalance error");
            }
        }
    }

    fn post_rebalance(&self, _consumer: &BaseConsumer<Self>, _rebalance: &Rebalance<'_>) {
        self.shared.assignment_changed.store(true, Relaxed);
        let n = self.shared.tracker.assigned().len() as u64;
        self.shared
            .metrics
            .kafka_partitions_assigned
            .store(n, Relaxed);
        self.shared
            .metrics
            .kafka_group_assigned
            .store((n > 0) as u64, Relaxed);
    }

    fn commit_callback(&self, result: KafkaResult<()>, offsets: &TopicPartitionList) {
        if let Err(e) = result {
            self.shared
                .metrics
                .kafka_commit_errors_total
                .fetch_add(1, Relaxed);
            tracing::warn!(error = %e, "kafka: offset commit failed; retrying on the next round");
            for e in offsets.elements() {
                if let Offset::Offset(o) = e.offset() {
                    self.shared
                        .tracker
                        .commit_failed(&Tp::new(e.topic(), e.partition()), o);
                }
            }
        }
    }
}

fn tps(tpl: &TopicPartitionList) -> Vec<Tp> {
    tpl.elements()
        .iter()
        .map(|e| Tp::new(e.topic(), e.partition()))
        .collect()
}

fn msg_tp(m: &IngestMsg) -> Option<(&Tp, i64)> {
    match m {
        IngestMsg::Spans { ack: Some(a), .. } => Some((a.tp(), a.offset())),
        _ => None,
    }
}

/// A message that will not reach the assembler: reject its record's token.
fn reject_msg(m: IngestMsg, reason: RejectReason) {
    if let IngestMsg::Spans { ack: Some(a), .. } = m {
        a.reject(reason);
    }
}

/// Give up `parts` (revoke or shutdown); see the module docs. `commit`: false when the
/// assignment was lost (the commit would be rejected).
fn release(shared: &Shared, consumer: &BaseConsumer<Ctx>, parts: &[Tp], commit: bool) {
    if parts.is_empty() {
        return;
    }
    let tracker = &shared.tracker;
    // 1. Records still in our backlog were never enqueued: reject them (fences their offsets).
    let dropped: Vec<IngestMsg> = {
        let mut b = shared.backlog.lock().unwrap_or_else(|e| e.into_inner());
        let (gone, keep): (VecDeque<IngestMsg>, VecDeque<IngestMsg>) = b
            .drain(..)
            .partition(|m| msg_tp(m).is_some_and(|(tp, _)| parts.contains(tp)));
        *b = keep;
        gone.into_iter().collect()
    };
    for m in dropped {
        reject_msg(m, RejectReason::NotEnqueued);
    }
    let deadline = Instant::now() + shared.revoke_timeout;
    // 2. Hand back the open runs of these partitions.
    if !shared.pipeline_gone.load(Relaxed) {
        let (reply_tx, reply_rx) = std::sync::mpsc::sync_channel(1);
        let mut msg = IngestMsg::HandBack {
            partitions: parts.to_vec(),
            reply: reply_tx,
        };
        let sent = loop {
            match shared.ingest.offer(msg) {
                Ok(()) => break true,
                Err(TrySendError::Full(m)) if Instant::now() < deadline => {
                    msg = m;
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(_) => break false,
            }
        };
        let reply = if sent {
            reply_rx
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .ok()
        } else {
            None
        };
        match reply {
            Some(fences) => {
                for (tp, off) in fences {
                    tracker.fence(&tp, off);
                }
            }
            None => {
                // The assembler did not answer: its open runs keep their tokens (settlements
                // are ignored once we forget the partition), so the prefix stays safe.
                shared
                    .metrics
                    .kafka_revoke_timeouts_total
                    .fetch_add(1, Relaxed);
                tracing::warn!("kafka: the pipeline did not hand back open runs in time; their records will be re-read by the next owner");
            }
        }
    }
    // 3. Wait for in-flight runs of these partitions to be written.
    loop {
        let left: usize = parts
            .iter()
            .map(|p| tracker.outstanding_below_fence(p))
            .sum();
        if left == 0 {
            break;
        }
        if Instant::now() >= deadline || shared.pipeline_gone.load(Relaxed) {
            shared
                .metrics
                .kafka_revoke_timeouts_total
                .fetch_add(1, Relaxed);
            tracing::warn!(records = left, "kafka: revoke timeout with records still in flight; the next owner re-reads them (duplicates possible)");
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    // 4. Commit synchronously what is safe, then forget the partitions.
    if commit {
        commit_now(shared, consumer, CommitMode::Sync);
    }
    for p in parts {
        tracker.remove(p);
        shared.metrics.remove_info_prefix(&committed_key(p));
        shared.metrics.remove_info_prefix(&consumed_key(p));
    }
}

fn committed_key(tp: &Tp) -> String {
    format!(
        "groundcheck_kafka_partition_committed_offset{{topic=\"{}\",partition=\"{}\"}}",
        tp.topic, tp.partition
    )
}

fn consumed_key(tp: &Tp) -> String {
    format!(
        "groundcheck_kafka_partition_consumed_offset{{topic=\"{}\",partition=\"{}\"}}",
        tp.topic, tp.partition
    )
}

fn commit_now(shared: &Shared, consumer: &BaseConsumer<Ctx>, mode: CommitMode) {
    let commits = shared.tracker.take_commits();
    if commits.is_empty() {
        return;
    }
    let mut tpl = TopicPartitionList::new();
    for (tp, off) in &commits {
        if let Err(e) = tpl.add_partition_offset(&tp.topic, tp.partition, Offset::Offset(*off)) {
            tracing::warn!(error = %e, partition = %tp, "kafka: bad commit offset");
        }
    }
    match consumer.commit(&tpl, mode) {
        Ok(()) => {
            shared
                .metrics
                .kafka_commits_total
                .fetch_add(commits.len() as u64, Relaxed);
            for (tp, off) in &commits {
                tracing::debug!(partition = %tp, offset = off, "kafka: committed");
                shared
                    .metrics
                    .set_info(&committed_key(tp), &off.to_string());
            }
        }
        Err(e) => {
            shared
                .metrics
                .kafka_commit_errors_total
                .fetch_add(1, Relaxed);
            tracing::warn!(error = %e, "kafka: offset commit failed; retrying on the next round");
            for (tp, off) in &commits {
                shared.tracker.commit_failed(tp, *off);
            }
        }
    }
}

/// Dead-letter producer: the poison record's token rides along as the delivery opaque and is
/// acked when the broker answers, either way (a poison record never wedges its partition).
struct DlqCtx {
    metrics: Arc<Metrics>,
}
impl ClientContext for DlqCtx {}
impl ProducerContext for DlqCtx {
    type DeliveryOpaque = Box<Option<AckToken>>;
    fn delivery(&self, r: &DeliveryResult<'_>, token: Self::DeliveryOpaque) {
        match r {
            Ok(_) => self.metrics.kafka_dead_letter_total.fetch_add(1, Relaxed),
            Err((e, _)) => {
                tracing::warn!(error = %e, "kafka: dead-letter write failed; poison record skipped anyway");
                self.metrics
                    .kafka_dead_letter_errors_total
                    .fetch_add(1, Relaxed)
            }
        };
        if let Some(token) = *token {
            token.ack();
        }
    }
}

/// A running Kafka receiver. Stop it with [`KafkaReceiver::stop`] before the pipeline
/// shuts down.
pub struct KafkaReceiver {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl KafkaReceiver {
    pub fn start(
        cfg: KafkaConfig,
        ingest: Ingest,
        metrics: Arc<Metrics>,
    ) -> Result<KafkaReceiver, KafkaError> {
        let shared = Arc::new(Shared {
            tracker: Arc::new(OffsetTracker::new(metrics.clone())),
            ingest,
            metrics: metrics.clone(),
            backlog: Mutex::new(VecDeque::new()),
            revoke_timeout: cfg.revoke_timeout,
            assignment_changed: AtomicBool::new(false),
            pipeline_gone: AtomicBool::new(false),
        });
        let mut cc = ClientConfig::new();
        for (k, v) in &cfg.client {
            cc.set(k, v);
        }
        cc.set("group.id", &cfg.group_id)
            .set("enable.auto.commit", "false")
            .set("enable.auto.offset.store", "false")
            .set("session.timeout.ms", cfg.session_timeout_ms.to_string())
            .set(
                "auto.offset.reset",
                match cfg.initial_offset {
                    KafkaInitialOffset::Latest => "latest",
                    KafkaInitialOffset::Earliest => "earliest",
                },
            );
        if cc.get("client.id").is_none() {
            cc.set("client.id", "groundcheck");
        }
        let consumer: BaseConsumer<Ctx> = cc
            .create_with_context(Ctx {
                shared: shared.clone(),
            })
            .map_err(KafkaError::Consumer)?;
        let topics: Vec<&str> = cfg.topics.iter().map(String::as_str).collect();
        consumer
            .subscribe(&topics)
            .map_err(|source| KafkaError::Subscribe {
                topics: cfg.topics.clone(),
                source,
            })?;
        let dlq = match &cfg.dead_letter_topic {
            Some(topic) => {
                let mut pc = ClientConfig::new();
                for (k, v) in &cfg.client {
                    pc.set(k, v);
                }
                let p: ThreadedProducer<DlqCtx> = pc
                    .create_with_context(DlqCtx {
                        metrics: metrics.clone(),
                    })
                    .map_err(KafkaError::Producer)?;
                Some((p, topic.clone()))
            }
            None => None,
        };
        tracing::info!(topics = ?cfg.topics, group = %cfg.group_id, encoding = ?cfg.encoding, dead_letter = ?cfg.dead_letter_topic, "kafka receiver subscribed");
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = stop.clone();
        let thread = std::thread::Builder::new()
            .name("gc-kafka".into())
            .spawn(move || poll_loop(consumer, shared, cfg, dlq, stop2))
            .map_err(KafkaError::Thread)?;
        Ok(KafkaReceiver {
            stop,
            thread: Some(thread),
        })
    }

    /// Stop consuming: hand back open runs, wait for in-flight runs to be written (up to the
    /// revoke timeout), commit, leave the group. Blocking; call from `spawn_blocking` or a
    /// plain thread while the pipeline still runs.
    pub fn stop(mut self) {
        self.stop.store(true, Relaxed);
        if let Some(t) = self.thread.take() {
            if t.join().is_err() {
                tracing::error!("kafka receiver thread panicked");
            }
        }
    }
}

impl Drop for KafkaReceiver {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
    }
}

fn poll_loop(
    consumer: BaseConsumer<Ctx>,
    shared: Arc<Shared>,
    cfg: KafkaConfig,
    dlq: Option<(ThreadedProducer<DlqCtx>, String)>,
    stop: Arc<AtomicBool>,
) {
    let m = shared.metrics.clone();
    let mut paused = false;
    let mut last_commit = Instant::now();
    let mut last_positions = Instant::now();
    let mut unassigned_since = Some(Instant::now());
    let mut last_stuck_log = Instant::now();
    let stuck_after = Duration::from_millis(cfg.session_timeout_ms.saturating_mul(3).max(10_000));
    while !stop.load(Relaxed) {
        // Move the backlog into the pipeline; pause while it does not fit.
        let backlog_left = {
            let mut b = shared.backlog.lock().unwrap_or_else(|e| e.into_inner());
            while let Some(msg) = b.pop_front() {
                match shared.ingest.offer(msg) {
                    Ok(()) => {}
                    Err(TrySendError::Full(msg)) => {
                        b.push_front(msg);
                        break;
                    }
                    Err(TrySendError::Closed(msg)) => {
                        // Pipeline gone: nothing will be written; never commit this record.
                        reject_msg(msg, RejectReason::NotEnqueued);
                        shared.pipeline_gone.store(true, Relaxed);
                        stop.store(true, Relaxed);
                        break;
                    }
                }
            }
            b.len()
        };
        if shared.assignment_changed.swap(false, Relaxed) {
            paused = false;
            m.kafka_partitions_paused.store(0, Relaxed);
        }
        if backlog_left > 0 && !paused {
            if let Ok(a) = consumer.assignment() {
                if let Err(e) = consumer.pause(&a) {
                    tracing::warn!(error = %e, "kafka: pause failed");
                }
                m.kafka_partitions_paused.store(a.count() as u64, Relaxed);
            }
            paused = true;
            m.kafka_pauses_total.fetch_add(1, Relaxed);
            tracing::debug!(
                backlog = backlog_left,
                "kafka: pipeline full, partitions paused"
            );
        } else if backlog_left == 0 && paused {
            if let Ok(a) = consumer.assignment() {
                if let Err(e) = consumer.resume(&a) {
                    tracing::warn!(error = %e, "kafka: resume failed");
                }
            }
            paused = false;
            m.kafka_partitions_paused.store(0, Relaxed);
            tracing::debug!("kafka: pipeline drained, partitions resumed");
        }
        match consumer.poll(Duration::from_millis(if paused { 20 } else { 100 })) {
            Some(Ok(msg)) => handle(&shared, &cfg, dlq.as_ref(), &msg),
            Some(Err(e)) => {
                m.kafka_consume_errors_total.fetch_add(1, Relaxed);
                tracing::warn!(error = %e, "kafka: consume error");
            }
            None => {}
        }
        if last_commit.elapsed() >= cfg.commit_interval {
            commit_now(&shared, &consumer, CommitMode::Async);
            last_commit = Instant::now();
        }
        // A stuck or idle group is visible in metrics and logs.
        if shared.tracker.assigned().is_empty() {
            let since = *unassigned_since.get_or_insert_with(Instant::now);
            m.kafka_unassigned_seconds
                .store(since.elapsed().as_secs(), Relaxed);
            if since.elapsed() >= stuck_after && last_stuck_log.elapsed() >= Duration::from_secs(30)
            {
                last_stuck_log = Instant::now();
                tracing::warn!(group = %cfg.group_id, seconds = since.elapsed().as_secs(), "kafka: subscribed but no partitions assigned (more members than partitions, or the group is stuck rebalancing)");
            }
        } else {
            unassigned_since = None;
            m.kafka_unassigned_seconds.store(0, Relaxed);
        }
        if last_positions.elapsed() >= Duration::from_secs(1) {
            last_positions = Instant::now();
            for (tp, next) in shared.tracker.consumed() {
                m.set_info(&consumed_key(&tp), &next.to_string());
            }
        }
    }
    // Shutdown: give everything back cleanly, then leave the group.
    let parts = shared.tracker.assigned();
    tracing::info!(
        partitions = parts.len(),
        "kafka receiver stopping: handing back open runs and committing"
    );
    release(&shared, &consumer, &parts, true);
    // Whatever is left in the backlog (partitions already forgotten) was never enqueued.
    let left: Vec<IngestMsg> = shared
        .backlog
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .drain(..)
        .collect();
    for m in left {
        reject_msg(m, RejectReason::NotEnqueued);
    }
    consumer.unsubscribe();
    if let Some((p, _)) = &dlq {
        let _ = p.flush(Duration::from_secs(5));
    }
    m.kafka_partitions_assigned.store(0, Relaxed);
    m.kafka_group_assigned.store(0, Relaxed);
    drop(consumer);
    tracing::info!("kafka receiver stopped");
}

/// Decode errors of one record.
#[derive(Debug, thiserror::Error)]
enum PoisonError {
    #[error("record has no payload")]
    Empty,
    #[error("not an OTLP protobuf ExportTraceServiceRequest: {0}")]
    Proto(#[from] prost::DecodeError),
    #[error("not an OTLP/JSON ExportTraceServiceRequest: {0}")]
    Json(String),
}

fn decode(
    encoding: KafkaEncoding,
    payload: Option<&[u8]>,
) -> Result<ExportTraceServiceRequest, PoisonError> {
    let p = payload.ok_or(PoisonError::Empty)?;
    match encoding {
        KafkaEncoding::OtlpProto => Ok(ExportTraceServiceRequest::decode(p)?),
        KafkaEncoding::OtlpJson => groundcheck_proto::json::decode_export_request(p)
            .map_err(|e| PoisonError::Json(e.to_string())),
    }
}

fn handle(
    shared: &Shared,
    cfg: &KafkaConfig,
    dlq: Option<&(ThreadedProducer<DlqCtx>, String)>,
    msg: &BorrowedMessage<'_>,
) {
    let m = &shared.metrics;
    let tp = Tp::new(msg.topic(), msg.partition());
    let Some(token) = shared.tracker.register(&tp, msg.offset()) else {
        tracing::debug!(partition = %tp, offset = msg.offset(), "kafka: record of an unassigned partition ignored");
        return;
    };
    m.kafka_records_total.fetch_add(1, Relaxed);
    m.kafka_record_bytes_total
        .fetch_add(msg.payload_len() as u64, Relaxed);
    let req = match decode(cfg.encoding, msg.payload()) {
        Ok(r) => r,
        Err(e) => {
            m.kafka_records_poison_total.fetch_add(1, Relaxed);
            tracing::warn!(partition = %tp, offset = msg.offset(), error = %e, "kafka: poison record skipped");
            if let Some((p, topic)) = dlq {
                let mut rec: BaseRecord<'_, [u8], [u8], Box<Option<AckToken>>> =
                    BaseRecord::with_opaque_to(topic, Box::new(Some(token)))
                        .payload(msg.payload().unwrap_or(&[]));
                if let Some(k) = msg.key() {
                    rec = rec.key(k);
                }
                if let Err((e, rec)) = p.send(rec) {
                    m.kafka_dead_letter_errors_total.fetch_add(1, Relaxed);
                    tracing::warn!(error = %e, "kafka: dead-letter enqueue failed; poison record skipped anyway");
                    if let Some(token) = *rec.delivery_opaque {
                        token.ack();
                    }
                }
            } else {
                token.ack();
            }
            return;
        }
    };
    let n = normalize_request(&req);
    let accepted = n.spans.len() as u64;
    if !n.rejected.is_empty() {
        m.receiver_spans_rejected_total
            .fetch_add(n.rejected.len() as u64, Relaxed);
        tracing::warn!(partition = %tp, offset = msg.offset(), rejected = n.rejected.len(), error = %n.error_message(), "kafka: rejected unusable spans");
    }
    m.kafka_spans_total.fetch_add(accepted, Relaxed);
    m.receiver_spans_accepted_total.fetch_add(accepted, Relaxed);
    if accepted == 0 {
        token.ack(); // nothing to write: the record is done
        return;
    }
    shared
        .backlog
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push_back(IngestMsg::Spans {
            spans: n.spans,
            ack: Some(token),
            forward: shared.ingest.forward.is_some().then(|| {
                match (n.rejected.is_empty(), cfg.encoding, msg.payload()) {
                    // The record is the encoded request: forwarded as read.
                    (true, KafkaEncoding::OtlpProto, Some(p)) => bytes::Bytes::copy_from_slice(p),
                    (true, ..) => bytes::Bytes::from(req.encode_to_vec()),
                    (false, ..) => {
                        bytes::Bytes::from(crate::otel::forward::accepted_only(req).encode_to_vec())
                    }
                }
            }),
        });
}
