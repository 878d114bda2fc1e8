//! The pipeline: receivers → (normalize) → assembler → Stage 1 inline → worker pool
//! (Stages 2–4) → sink runner.
//!
//! Every hop is bounded:
//! - receivers → assembler: `ingest_queue` requests (`try_send`; full → 429/UNAVAILABLE);
//! - assembler → workers: a semaphore of `workers + worker_queue` permits; when none is free
//!   the assembler waits (counted in `worker_backpressure_total`), its input queue fills and
//!   the receivers push back;
//! - workers → sinks: `sink_batch * 2` reports; a full sink queue blocks workers.
//!
//! Kafka acknowledgement: a Kafka record carries an [`AckToken`]; it moves with the spans into
//! the open run, with the finished run into the worker job, and with the report into the sink
//! runner. Every path settles it explicitly (contract on [`AckToken`]):
//! - the sink runner **acks** a report's tokens once every sink acknowledged its batch (or
//!   refused it for good: counted in `sink_reports_dropped_total`);
//! - it **rejects** them when a sink spilled the batch to disk at shutdown or its write task
//!   failed ([`RejectReason::NotWritten`]); a report lost because the sink runner is gone
//!   ([`RejectReason::SinkRunnerGone`]), a run never checked because the worker pool closed
//!   ([`RejectReason::WorkerPoolClosed`]) and a run handed back on revoke
//!   ([`RejectReason::HandedBack`]) are rejected too. A rejected record's offset is fenced:
//!   never committed by this owner, re-read by the partition's next owner.
//!
//! Redaction: every report is redacted (`groundcheck_sinks::redact::redact_report`, with its
//! run at hand for the evidence offsets) after detection and before it enters the sink queue,
//! so every sink — JSON Lines, ClickHouse and its spill and dead-letter files, the Kafka report
//! topic, the stderr summary — only ever sees redacted reports. Detection runs on the
//! original text. Log lines are redacted by the process's log writer ([`crate::redaction`]).
//!
//! Shutdown is ordered (see [`Pipeline::shutdown`]): receivers stop first, the assembler
//! drains its queue and finishes every open run as incomplete, the worker pool finishes every
//! run, the sink runner writes every report, then the process exits.

use crate::assembler::{AssemblerConfig, FinishedRun, RunBuffer};
use crate::conversations::{ConversationCache, ConversationCacheConfig};
use crate::escalation::{EscalationConfig, Escalations};
use crate::metrics::Metrics;
use crate::otel::selftelemetry::RunTimeline;
use crate::profiles::{Profile, Profiles, ProfilesConfig};
use crate::receivers::{ack_all, reject_all, AckToken, Ingest, IngestMsg, RejectReason, Tp};
use groundcheck_detectors::pipeline::{
    isolate, maybe, AsyncResults, Detector, DetectorPanic, Stage2Result, StageTimings,
};
use groundcheck_detectors::report::{Action, HallucinationReport, ToolCallValidation};
use groundcheck_detectors::run::{build_run, AgentRun};
use groundcheck_detectors::span::NormalizedSpan;
use groundcheck_sinks::redact::redact_report;
use groundcheck_sinks::{Redactor, ReportSink, SinkErrorKind};
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot, Semaphore};
use tokio::task::JoinHandle;

/// Errors starting the pipeline.
#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error("cannot build the worker pool: {0}")]
    Pool(#[from] rayon::ThreadPoolBuildError),
}

/// The pipeline's bounds and timings (resolved by [`crate::wiring`]).
#[derive(Debug, Clone)]
pub struct PipelineConfig {
    /// Capacity of the receivers → assembler queue (requests); full → 429 / UNAVAILABLE.
    pub ingest_queue: usize,
    /// Seconds in `Retry-After` when the ingest queue is full.
    pub retry_after_secs: u64,
    /// Max request body after decompression (413 above it).
    pub max_body_bytes: usize,
    pub assembler: AssemblerConfig,
    /// Worker threads for Stages 2–4.
    pub workers: usize,
    /// Runs queued for the workers beyond those running; when full the assembler waits.
    pub worker_queue: usize,
    /// Max reports per sink batch (the sink queue holds two batches).
    pub sink_batch: usize,
    /// Max time a report waits for its batch.
    pub sink_flush: Duration,
    /// On shutdown, how long a sink keeps retrying a failing batch before spilling it.
    pub sink_shutdown: Duration,
    /// Runs whose report may wait for the LLM endpoint at once.
    pub llm_max_pending_runs: usize,
    /// How long a run's report waits for its probes and judge verdicts.
    pub llm_deadline: Duration,
    /// Earlier results for runs sent without their history ([`crate::conversations`]).
    pub conversations: ConversationCacheConfig,
    /// Gating profiles chosen per run, reloaded with the config file ([`crate::profiles`]).
    pub profiles: ProfilesConfig,
    /// Revise verdicts escalated to block across a conversation ([`crate::escalation`]).
    pub escalation: EscalationConfig,
}

pub fn now_unix_nano() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The canonical run of a finished trace. A panic while building it (a bug) yields an empty,
/// incomplete run that says why, and the panic for the caller to count.
pub fn to_agent_run(f: FinishedRun) -> (AgentRun, Option<DetectorPanic>) {
    let FinishedRun {
        trace_id,
        spans,
        reason,
        ..
    } = f;
    let (mut run, panic) = match isolate("run assembly", || build_run(spans)) {
        Ok(run) => (run, None),
        Err(p) => {
            let run = AgentRun {
                incomplete: true,
                incomplete_reason: Some(p.to_string()),
                ..Default::default()
            };
            (run, Some(p))
        }
    };
    if run.run_id.is_empty() {
        run.run_id = groundcheck_detectors::span::hex(&trace_id);
    }
    if panic.is_some() {
        return (run, panic);
    }
    if let Some(r) = reason.incomplete_reason() {
        run.incomplete = true;
        run.incomplete_reason = Some(r.to_owned());
    }
    (run, None)
}

/// Count the bounds of the work per run that a run reached (its report's notes say what was
/// not checked).
pub(crate) fn record_bounds(reached: &[groundcheck_detectors::stage2::bounds::Bound], m: &Metrics) {
    use groundcheck_detectors::stage2::bounds::Bound;
    for b in reached {
        match b {
            Bound::Claims => m.stage2_bound_max_claims_total.fetch_add(1, Relaxed),
            Bound::EvidenceBytes => m
                .stage2_bound_max_evidence_bytes_total
                .fetch_add(1, Relaxed),
            Bound::TimeBudget => m.stage2_bound_time_budget_total.fetch_add(1, Relaxed),
        };
    }
}

/// Count and log a panic caught while one run was checked.
pub(crate) fn record_panic(run_id: &str, panic: &DetectorPanic, metrics: &Metrics) {
    metrics.detector_panics_total.fetch_add(1, Relaxed);
    tracing::error!(run_id, stage = panic.stage, error = %panic.message, "detector panicked; run reported as incomplete, collector carries on");
}

/// The running pipeline.
pub struct Pipeline {
    pub ingest: Ingest,
    close_tx: Option<oneshot::Sender<()>>,
    assembler: JoinHandle<()>,
    sink_runner: JoinHandle<()>,
    /// Set at shutdown: after this instant a sink still failing spills its batch to disk.
    sink_deadline: tokio::sync::watch::Sender<Option<tokio::time::Instant>>,
    sink_shutdown: Duration,
}

/// A report on its way to the sinks, with the Kafka tokens of its run.
struct SinkItem {
    report: HallucinationReport,
    /// When the assembler finished the run (the run latency histogram ends at the write).
    run_finished_at: Instant,
    /// Settled by the sink runner once every sink has answered (see the module docs).
    acks: Vec<AckToken>,
    /// When each stage happened (self-telemetry spans).
    timeline: RunTimeline,
}

/// A finished run on its way to the worker pool.
struct Job {
    acks: Vec<AckToken>,
    run: AgentRun,
    /// Stage 1's verdicts (computed on the assembly path).
    validations: Vec<ToolCallValidation>,
    finished_at: Instant,
    /// Set when assembling the run or Stage 1 panicked (already counted and logged).
    panic: Option<DetectorPanic>,
    /// The run's gating profile.
    profile: Profile,
    timeline: RunTimeline,
}

/// Bounds of the asynchronous (LLM) part of a run.
#[derive(Clone)]
struct AsyncStage {
    rt: tokio::runtime::Handle,
    /// Runs whose report waits for the LLM endpoint; when none is free the run is reported
    /// without probes/judge (never waits: ingestion must not block on the endpoint).
    pending: Arc<Semaphore>,
    max_pending: usize,
    /// Outer bound on the wait (the prober and judge enforce the deadline themselves).
    deadline: Duration,
}

/// What the assembler task hands finished runs to: the detector, the worker pool and its
/// slots, the sink queue.
struct Dispatch {
    detector: Arc<Detector>,
    pool: Arc<rayon::ThreadPool>,
    /// `worker_slot_count` permits: running plus queued jobs. When none is free the assembler
    /// waits (backpressure).
    worker_slots: Arc<Semaphore>,
    worker_slot_count: usize,
    sink_tx: mpsc::Sender<SinkItem>,
    metrics: Arc<Metrics>,
    async_stage: AsyncStage,
    /// Applied on the assembler task only (the lock is never contended).
    conversations: std::sync::Mutex<ConversationCache>,
    profiles: Arc<Profiles>,
    /// Applied on the workers as reports complete.
    escalations: Arc<std::sync::Mutex<Escalations>>,
    /// Applied to every report before the sink queue.
    redactor: Arc<Redactor>,
}

impl Pipeline {
    /// Start the assembler task, the worker pool and the sink runner on the current Tokio
    /// runtime; the receivers enqueue through [`Pipeline::ingest`].
    pub fn start(
        cfg: PipelineConfig,
        detector: Arc<Detector>,
        sinks: Vec<Arc<dyn ReportSink>>,
        metrics: Arc<Metrics>,
        redactor: Arc<Redactor>,
    ) -> Result<Pipeline, PipelineError> {
        let (tx, rx) = mpsc::channel::<IngestMsg>(cfg.ingest_queue);
        let ingest = Ingest::new(
            tx,
            metrics.clone(),
            cfg.retry_after_secs,
            cfg.max_body_bytes,
        );
        let (sink_tx, sink_rx) = mpsc::channel::<SinkItem>(cfg.sink_batch * 2);
        // Every job isolates its own panics (see `worker_job`); this handler is the last line so
        // that a panic outside them is counted instead of aborting the process.
        let panic_metrics = metrics.clone();
        let pool = Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(cfg.workers)
                .thread_name(|i| format!("gc-worker-{i}"))
                .panic_handler(move |_| {
                    panic_metrics.detector_panics_total.fetch_add(1, Relaxed);
                    tracing::error!("worker job panicked outside the detector's isolation");
                })
                .build()?,
        );
        let worker_slot_count = cfg.workers + cfg.worker_queue;
        let (close_tx, close_rx) = oneshot::channel();
        let profiles = Profiles::new(&cfg.profiles, metrics.clone());
        if let Err(e) = crate::profiles::spawn_watcher(&profiles, cfg.profiles.reload) {
            tracing::warn!(error = %e, "cannot start the gating-profile reload thread: profiles fixed until restart");
        }
        let dispatch = Dispatch {
            detector,
            pool,
            worker_slots: Arc::new(Semaphore::new(worker_slot_count)),
            worker_slot_count,
            sink_tx,
            metrics: metrics.clone(),
            async_stage: AsyncStage {
                rt: tokio::runtime::Handle::current(),
                pending: Arc::new(Semaphore::new(cfg.llm_max_pending_runs)),
                max_pending: cfg.llm_max_pending_runs,
                deadline: cfg.llm_deadline + Duration::from_secs(2),
            },
            conversations: std::sync::Mutex::new(ConversationCache::new(cfg.conversations)),
            profiles,
            escalations: Arc::new(std::sync::Mutex::new(Escalations::new(cfg.escalation))),
            redactor,
        };
        let assembler = tokio::spawn(assembler_loop(
            rx,
            close_rx,
            RunBuffer::new(cfg.assembler),
            dispatch,
        ));
        let (sink_deadline, deadline_rx) = tokio::sync::watch::channel(None);
        let sink_runner = tokio::spawn(sink_loop(
            sink_rx,
            sinks,
            cfg.sink_batch,
            cfg.sink_flush,
            metrics,
            deadline_rx,
        ));
        Ok(Pipeline {
            ingest,
            close_tx: Some(close_tx),
            assembler,
            sink_runner,
            sink_deadline,
            sink_shutdown: cfg.sink_shutdown,
        })
    }

    /// Ordered shutdown. Call after the receivers have stopped accepting.
    pub async fn shutdown(mut self) {
        drop(self.ingest);
        let _ = self
            .sink_deadline
            .send(Some(tokio::time::Instant::now() + self.sink_shutdown));
        if let Some(c) = self.close_tx.take() {
            let _ = c.send(());
        }
        if let Err(e) = self.assembler.await {
            tracing::error!(error = %e, "assembler task failed");
        }
        if let Err(e) = self.sink_runner.await {
            tracing::error!(error = %e, "sink task failed");
        }
    }
}

/// The assembler task: spans in, finished runs out to [`dispatch`]; at close, every open run
/// is finished and every job awaited before the sink queue closes.
async fn assembler_loop(
    mut rx: mpsc::Receiver<IngestMsg>,
    mut close_rx: oneshot::Receiver<()>,
    mut buffer: RunBuffer,
    to: Dispatch,
) {
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut closing = false;
    let mut inline_schemas: HashMap<String, serde_json::Value> = HashMap::new();
    loop {
        let finished = tokio::select! {
            biased;
            _ = &mut close_rx, if !closing => {
                closing = true;
                rx.close();
                continue;
            }
            msg = rx.recv() => match msg {
                Some(IngestMsg::Spans { spans, ack, .. }) => {
                    inline_stage1(&to.detector, &mut inline_schemas, &spans, &to.metrics);
                    buffer.insert_acked(spans, ack, Instant::now())
                }
                Some(IngestMsg::HandBack { partitions, reply }) => {
                    let _ = reply.send(hand_back(&mut buffer, &partitions, &to.metrics));
                    Vec::new()
                }
                None => break,
            },
            _ = tick.tick() => buffer.tick(Instant::now()),
        };
        record_buffer(&buffer, &to.metrics);
        dispatch(finished, &to).await;
    }
    let rest = buffer.drain(false);
    tracing::info!(runs = rest.len(), "shutdown: finishing open runs");
    record_buffer(&buffer, &to.metrics);
    dispatch(rest, &to).await;
    // Wait for every job to finish before the sink channel closes (runs still waiting for the
    // LLM endpoint hold their own sender; they end by their deadline).
    let _all = to
        .worker_slots
        .acquire_many(to.worker_slot_count as u32)
        .await;
}

/// Stage 1 inline, per tool span as it arrives (schema only, against the schema last seen
/// declared for the tool on any span, else the registry): a bad call is logged and counted
/// before its run finishes. The run-level check in [`dispatch`] stays authoritative (it adds
/// provenance and retry linking, and its result goes into the report).
pub(crate) fn inline_stage1(
    detector: &Detector,
    seen: &mut HashMap<String, serde_json::Value>,
    spans: &[NormalizedSpan],
    metrics: &Metrics,
) {
    for d in spans.iter().flat_map(|s| s.facts.tools.iter()) {
        if let Some(p) = &d.parameters {
            if seen.get(&d.name) != Some(p) {
                if seen.len() >= 4096 {
                    seen.clear();
                }
                seen.insert(d.name.clone(), p.clone());
            }
        }
    }
    for s in spans {
        let Some(exec) = &s.facts.tool else { continue };
        let Some(args) = exec.arguments.as_deref() else {
            continue;
        };
        let call_id = exec
            .call_id
            .clone()
            .unwrap_or_else(|| format!("span-{}", groundcheck_detectors::span::hex(&s.span_id)));
        let Some(v) =
            detector
                .stage1
                .check_inline(&exec.name, &call_id, Some(args), seen.get(&exec.name))
        else {
            continue;
        };
        metrics.stage1_inline_tool_calls_total.fetch_add(1, Relaxed);
        if v.status.is_rejection() {
            metrics.stage1_inline_rejected_total.fetch_add(1, Relaxed);
            tracing::info!(run_id = %groundcheck_detectors::span::hex(&s.trace_id), tool = %v.tool, call_id = %v.call_id, status = v.status.as_str(), errors = ?v.errors, "stage 1 (inline) rejected a tool call");
        }
    }
}

/// Remove the open runs of revoked partitions (see [`RunBuffer::hand_back`]); returns the
/// lowest record offset handed back per partition (the committer's fence). The handed-back
/// runs' tokens are rejected here ([`RejectReason::HandedBack`]: their offsets are fenced).
fn hand_back(buffer: &mut RunBuffer, partitions: &[Tp], metrics: &Metrics) -> Vec<(Tp, i64)> {
    let runs = buffer.hand_back(partitions);
    // Runs that stay open but hold records of these partitions (split across partitions, or
    // mixed with OTLP spans) are not waited for: their records are fenced too.
    let held = buffer.held_records(partitions);
    let mut low: HashMap<Tp, i64> = HashMap::new();
    let mut spans = 0;
    for r in &runs {
        spans += r.spans;
    }
    let handed_back = runs
        .iter()
        .flat_map(|r| r.acks.iter())
        .map(|a| (a.tp(), a.offset()));
    for (tp, offset) in handed_back.chain(held.iter().map(|(tp, offset)| (tp, *offset))) {
        let lowest = low.entry(tp.clone()).or_insert(offset);
        *lowest = (*lowest).min(offset);
    }
    metrics
        .kafka_runs_handed_back_total
        .fetch_add(runs.len() as u64, Relaxed);
    if !runs.is_empty() {
        tracing::info!(runs = runs.len(), spans, partitions = ?partitions.iter().map(|p| p.to_string()).collect::<Vec<_>>(), "kafka: handed back open runs of revoked partitions");
    }
    reject_all(
        runs.into_iter().flat_map(|r| r.acks),
        RejectReason::HandedBack,
    );
    record_buffer(buffer, metrics);
    low.into_iter().collect()
}

fn record_buffer(buffer: &RunBuffer, metrics: &Metrics) {
    metrics
        .assembler_runs_open
        .store(buffer.open_runs() as u64, Relaxed);
    metrics
        .assembler_runs_open_bytes
        .store(buffer.open_bytes() as u64, Relaxed);
    metrics
        .assembler_late_spans_total
        .store(buffer.stats.late_spans, Relaxed);
    metrics
        .assembler_tenant_mismatch_spans_total
        .store(buffer.stats.tenant_mismatch, Relaxed);
    metrics
        .assembler_late_runs_total
        .store(buffer.stats.late_runs, Relaxed);
    metrics
        .assembler_runs_evicted_total
        .store(buffer.stats.evicted, Relaxed);
    metrics
        .assembler_runs_truncated_total
        .store(buffer.stats.truncated, Relaxed);
}

/// Count each finished run, run Stage 1 on it, and queue it for the worker pool (waiting for
/// a worker slot when all are taken: backpressure).
async fn dispatch(finished: Vec<FinishedRun>, to: &Dispatch) {
    let Dispatch {
        detector,
        pool,
        worker_slots,
        sink_tx,
        metrics,
        async_stage,
        conversations,
        profiles,
        escalations,
        redactor,
        ..
    } = to;
    for mut f in finished {
        let finished_at = Instant::now();
        let mut timeline = RunTimeline::at(SystemTime::now());
        timeline.opened = timeline.assembled - f.opened_at.elapsed();
        timeline.spans = f.spans.len();
        if f.reason.incomplete_reason().is_some() {
            metrics
                .assembler_runs_incomplete_total
                .fetch_add(1, Relaxed);
        } else {
            metrics.assembler_runs_completed_total.fetch_add(1, Relaxed);
        }
        let acks = std::mem::take(&mut f.acks);
        if let Some(first) = acks.first() {
            if acks.iter().any(|a| a.tp() != first.tp()) {
                metrics.kafka_runs_split_total.fetch_add(1, Relaxed);
                tracing::warn!(
                    run_id = %groundcheck_detectors::span::hex(&f.trace_id),
                    partitions = ?acks.iter().map(|a| a.tp().to_string()).collect::<std::collections::BTreeSet<_>>(),
                    "kafka: run's spans arrived on several partitions (producer not partitioning by trace id?)"
                );
            }
        }
        let (mut run, mut panic) = to_agent_run(f);
        if let Some(p) = &panic {
            record_panic(&run.run_id, p, metrics);
        }
        if let Ok(mut cache) = conversations.lock() {
            let a = cache.apply(&mut run, finished_at);
            metrics
                .conversation_cache_conversations
                .store(cache.len() as u64, Relaxed);
            metrics
                .conversation_cache_hits_total
                .fetch_add(u64::from(a.hit), Relaxed);
            metrics
                .conversation_cache_calls_supplied_total
                .fetch_add(a.supplied as u64, Relaxed);
            metrics
                .conversation_cache_evictions_total
                .fetch_add(a.evicted as u64, Relaxed);
        }
        let profile = profiles.select(&run);
        // Stage 1 inline, on the assembly path.
        let t = Instant::now();
        let validations = match isolate("stage1", || detector.stage1(&run)) {
            Ok(v) => v,
            Err(p) => {
                record_panic(&run.run_id, &p, metrics);
                panic = Some(p);
                Vec::new()
            }
        };
        metrics.stage1_latency.observe(t.elapsed());
        timeline.stage1_done = SystemTime::now();
        metrics
            .stage1_tool_calls_total
            .fetch_add(validations.len() as u64, Relaxed);
        for v in validations.iter().filter(|v| v.status.is_rejection()) {
            metrics
                .stage1_tool_calls_rejected_total
                .fetch_add(1, Relaxed);
            tracing::info!(run_id = %run.run_id, tool = %v.tool, call_id = %v.call_id, status = v.status.as_str(), errors = ?v.errors, "stage 1 rejected a tool call");
        }
        let job = Job {
            acks,
            run,
            validations,
            finished_at,
            panic,
            profile,
            timeline,
        };
        let permit = match worker_slots.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                metrics.worker_backpressure_total.fetch_add(1, Relaxed);
                match worker_slots.clone().acquire_owned().await {
                    Ok(p) => p,
                    Err(_) => {
                        reject_all(job.acks, RejectReason::WorkerPoolClosed);
                        return;
                    }
                }
            }
        };
        metrics.worker_queue_depth.fetch_add(1, Relaxed);
        let detector = detector.clone();
        let sink_tx = sink_tx.clone();
        let metrics = metrics.clone();
        let async_stage = async_stage.clone();
        let escalations = escalations.clone();
        let redactor = redactor.clone();
        pool.spawn(move || {
            worker_job(
                &detector,
                job,
                &sink_tx,
                &metrics,
                &async_stage,
                &escalations,
                &redactor,
            );
            metrics.worker_queue_depth.fetch_sub(1, Relaxed);
            drop(permit);
        });
    }
}

/// On a worker thread: Stage 2; then either Stages 3–4 right away, or — when the LLM judge or
/// prober has work for this run — hand the run to the I/O runtime, which awaits the endpoint
/// (bounded by the deadline), completes the report and sends it to the sinks. The worker
/// never waits on the network.
fn worker_job(
    detector: &Arc<Detector>,
    job: Job,
    sink_tx: &mpsc::Sender<SinkItem>,
    metrics: &Arc<Metrics>,
    async_stage: &AsyncStage,
    escalations: &Arc<std::sync::Mutex<Escalations>>,
    redactor: &Arc<Redactor>,
) {
    let Job {
        acks,
        run,
        validations,
        finished_at,
        panic,
        profile,
        mut timeline,
    } = job;
    timeline.worker_start = SystemTime::now();
    let run = Arc::new(run);
    if let Some(p) = panic {
        // Assembly or Stage 1 panicked: report what there is, say why, carry on.
        let mut report = detector.panic_report(&run, validations, &p, now_unix_nano());
        report.profile = profile.gating.profile.clone();
        let report = redacted(report, &run, redactor);
        send_report(report, finished_at, acks, timeline, sink_tx, metrics);
        return;
    }
    let kept = validations.clone();
    // Groundedness off (e.g. `creative`): no claims scored, so no judge or probes either.
    let stage2 = if profile.gating.groundedness {
        isolate("stage2", || detector.stage2_for(&run, &profile.gating))
    } else {
        Ok(Stage2Result::default())
    };
    let mut stage2 = match stage2 {
        Ok(stage2) => stage2,
        Err(p) => {
            record_panic(&run.run_id, &p, metrics);
            let mut report = detector.panic_report(&run, kept, &p, now_unix_nano());
            report.profile = profile.gating.profile.clone();
            let report = redacted(report, &run, redactor);
            send_report(report, finished_at, acks, timeline, sink_tx, metrics);
            return;
        }
    };
    timeline.stage2_done = SystemTime::now();
    timeline.stage3_done = timeline.stage2_done;
    record_bounds(&stage2.bounds, metrics);
    let work = detector.async_work_for(&run, &stage2, &profile.gating.probe_kinds);
    if !work.is_empty() {
        match async_stage.pending.clone().try_acquire_owned() {
            Ok(slot) => {
                metrics.stage3_runs_pending.fetch_add(1, Relaxed);
                let (detector, sink_tx, metrics, deadline, escalations, redactor) = (
                    detector.clone(),
                    sink_tx.clone(),
                    metrics.clone(),
                    async_stage.deadline,
                    escalations.clone(),
                    redactor.clone(),
                );
                async_stage.rt.spawn(async move {
                    let t = Instant::now();
                    let both = async { tokio::join!(maybe(work.judge), maybe(work.probes)) };
                    let mut results = match tokio::time::timeout(deadline, both).await {
                        Ok((judge, probes)) => AsyncResults {
                            judge,
                            probes,
                            elapsed: Duration::ZERO,
                        },
                        Err(_) => {
                            stage2.notes.push(format!(
                                "stage3: LLM work abandoned after {} ms",
                                deadline.as_millis()
                            ));
                            AsyncResults::default()
                        }
                    };
                    results.elapsed = t.elapsed();
                    timeline.stage3_done = SystemTime::now();
                    let report = complete_stages(
                        &detector,
                        &run,
                        validations,
                        stage2,
                        results,
                        &metrics,
                        (&profile, &escalations),
                    );
                    timeline.stage4_done = SystemTime::now();
                    let report = redacted(report, &run, &redactor);
                    metrics.stage3_runs_pending.fetch_sub(1, Relaxed);
                    drop(slot);
                    let item = SinkItem {
                        report,
                        run_finished_at: finished_at,
                        acks,
                        timeline,
                    };
                    if let Err(mpsc::error::SendError(unsent)) = sink_tx.send(item).await {
                        metrics.sink_reports_dropped_total.fetch_add(1, Relaxed);
                        tracing::error!("sink runner gone: report dropped");
                        reject_all(unsent.acks, RejectReason::SinkRunnerGone);
                    }
                });
                return;
            }
            Err(_) => {
                drop(work);
                metrics.stage3_runs_skipped_total.fetch_add(1, Relaxed);
                stage2.notes.push(format!("stage3: skipped: {} runs already waiting for the LLM endpoint (llm_max_pending_runs)", async_stage.max_pending));
            }
        }
    }
    let report = complete_stages(
        detector,
        &run,
        validations,
        stage2,
        AsyncResults::default(),
        metrics,
        (&profile, escalations),
    );
    timeline.stage4_done = SystemTime::now();
    let report = redacted(report, &run, redactor);
    send_report(report, finished_at, acks, timeline, sink_tx, metrics);
}

/// The report as it may leave the process (detection is done; see the module docs).
fn redacted(mut report: HallucinationReport, run: &AgentRun, r: &Redactor) -> HallucinationReport {
    redact_report(r, &mut report, Some(run));
    report
}

/// From a worker thread: hand a report to the sink runner (waits while its queue is full).
fn send_report(
    report: HallucinationReport,
    finished_at: Instant,
    acks: Vec<AckToken>,
    timeline: RunTimeline,
    sink_tx: &mpsc::Sender<SinkItem>,
    metrics: &Metrics,
) {
    let item = SinkItem {
        report,
        run_finished_at: finished_at,
        acks,
        timeline,
    };
    if let Err(mpsc::error::SendError(unsent)) = sink_tx.blocking_send(item) {
        metrics.sink_reports_dropped_total.fetch_add(1, Relaxed);
        tracing::error!("sink runner gone: report dropped");
        reject_all(unsent.acks, RejectReason::SinkRunnerGone);
    }
}

/// Judge verdicts, probes and Stage 4 under the run's profile, then escalation across its
/// conversation, with metrics.
fn complete_stages(
    detector: &Detector,
    run: &AgentRun,
    validations: Vec<ToolCallValidation>,
    stage2: Stage2Result,
    results: AsyncResults,
    metrics: &Metrics,
    (profile, escalations): (&Profile, &std::sync::Mutex<Escalations>),
) -> HallucinationReport {
    let had_async = results.judge.is_some() || results.probes.is_some();
    let kept = validations.clone();
    let (mut report, timings) = match isolate("stage4", || {
        detector.complete_with(
            run,
            validations,
            stage2,
            results,
            now_unix_nano(),
            Some(&profile.gating),
        )
    }) {
        Ok(done) => done,
        Err(p) => {
            record_panic(&run.run_id, &p, metrics);
            let mut report = detector.panic_report(run, kept, &p, now_unix_nano());
            report.profile = profile.gating.profile.clone();
            (report, StageTimings::default())
        }
    };
    if let Ok(mut e) = escalations.lock() {
        let a = e.apply(&mut report, profile.escalate_after, Instant::now());
        metrics
            .escalation_conversations
            .store(e.len() as u64, Relaxed);
        metrics
            .escalation_evictions_total
            .fetch_add(a.evicted as u64, Relaxed);
        if a.escalated {
            metrics.escalations_total.fetch_add(1, Relaxed);
            tracing::info!(run_id = %report.run_id, conversation_id = ?report.conversation_id, profile = %report.profile, "revise escalated to block: {}", crate::escalation::NOTE);
        }
    }
    record_report(&report, timings, had_async, metrics);
    report
}

fn record_report(
    report: &HallucinationReport,
    timings: StageTimings,
    stage3: bool,
    metrics: &Metrics,
) {
    metrics.stage2_latency.observe(timings.stage2);
    if stage3 {
        metrics.stage3_latency.observe(timings.stage3);
    }
    metrics.stage4_latency.observe(timings.stage4);
    metrics.reports_total.fetch_add(1, Relaxed);
    match report.action {
        Action::Emit => metrics.reports_emit_total.fetch_add(1, Relaxed),
        Action::Revise => metrics.reports_revise_total.fetch_add(1, Relaxed),
        Action::Block => metrics.reports_block_total.fetch_add(1, Relaxed),
    };
}

/// Stages 2–4 with metrics, synchronously (LLM futures, if any, are blocked on).
pub fn run_stages(
    detector: &Detector,
    run: AgentRun,
    validations: Vec<ToolCallValidation>,
    metrics: &Metrics,
) -> HallucinationReport {
    let stage3 = detector.judge.is_some() || detector.prober.is_some();
    let (report, timings) = detector.finish_timed(&run, validations, now_unix_nano());
    record_report(&report, timings, stage3, metrics);
    report
}

async fn sink_loop(
    mut rx: mpsc::Receiver<SinkItem>,
    sinks: Vec<Arc<dyn ReportSink>>,
    batch_size: usize,
    flush: Duration,
    metrics: Arc<Metrics>,
    shutdown_deadline: tokio::sync::watch::Receiver<Option<tokio::time::Instant>>,
) {
    let mut batch: Vec<SinkItem> = Vec::with_capacity(batch_size);
    loop {
        let first = match rx.recv().await {
            Some(r) => r,
            None => break,
        };
        batch.push(first);
        let deadline = tokio::time::Instant::now() + flush;
        while batch.len() < batch_size {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(r)) => batch.push(r),
                Ok(None) | Err(_) => break,
            }
        }
        metrics.sink_queue_depth.store(rx.len() as u64, Relaxed);
        write_all(&sinks, &mut batch, &metrics, &shutdown_deadline).await;
    }
}

/// Resolves once the shutdown deadline is set and has passed (never before shutdown).
async fn deadline_passed(rx: &mut tokio::sync::watch::Receiver<Option<tokio::time::Instant>>) {
    let deadline = match rx.wait_for(Option::is_some).await {
        Ok(d) => *d,
        Err(_) => None,
    };
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}

/// Write a batch to every sink (the sinks concurrently), retrying transient errors with
/// backoff until each sink has acknowledged it. Non-retryable errors drop the batch for that
/// sink, counted and logged. Once the shutdown deadline has passed, a sink still failing is
/// asked to spill the batch to disk (written on its next start); a sink that cannot spill keeps
/// being retried.
async fn write_all(
    sinks: &[Arc<dyn ReportSink>],
    batch: &mut Vec<SinkItem>,
    metrics: &Arc<Metrics>,
    shutdown_deadline: &tokio::sync::watch::Receiver<Option<tokio::time::Instant>>,
) {
    let reports: Arc<[HallucinationReport]> =
        batch.iter().map(|item| item.report.clone()).collect();
    let sinks_start = SystemTime::now();
    let mut writes = tokio::task::JoinSet::new();
    for sink in sinks {
        writes.spawn(write_one(
            sink.clone(),
            reports.clone(),
            metrics.clone(),
            shutdown_deadline.clone(),
        ));
    }
    let mut written = true;
    while let Some(joined) = writes.join_next().await {
        match joined {
            Ok(SinkOutcome::Written | SinkOutcome::Refused) => {}
            Ok(SinkOutcome::Spilled) => written = false,
            Err(e) => {
                written = false;
                tracing::error!(error = %e, "sink write task failed");
            }
        }
    }
    metrics
        .sink_reports_written_total
        .fetch_add(batch.len() as u64, Relaxed);
    let sinks_done = SystemTime::now();
    for item in batch.iter() {
        metrics.run_latency.observe(item.run_finished_at.elapsed());
        if crate::otel::selftelemetry::enabled() {
            crate::otel::selftelemetry::record_run(
                &item.report,
                &item.timeline,
                sinks_start,
                sinks_done,
            );
        }
    }
    let acks = batch.drain(..).flat_map(|item| item.acks);
    if written {
        ack_all(acks);
    } else {
        // Spilled to local disk (or a sink task died): not delivered in Kafka's sense. Never
        // commit the records, so the partition's next owner writes them again (sinks dedupe
        // by run_id / insert token).
        reject_all(acks, RejectReason::NotWritten);
    }
}

/// What became of a batch at one sink.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SinkOutcome {
    /// The sink acknowledged the batch.
    Written,
    /// The sink refused the batch for good (a configuration or permanent error; counted in
    /// `sink_reports_dropped_total`). Retrying would not help: the batch counts as disposed of.
    Refused,
    /// Shutting down, the sink still failed and parked the batch on local disk.
    Spilled,
}

/// One sink's part of [`write_all`]: transient errors are retried with backoff; past the
/// shutdown deadline the batch is spilled.
async fn write_one(
    sink: Arc<dyn ReportSink>,
    reports: Arc<[HallucinationReport]>,
    metrics: Arc<Metrics>,
    mut shutdown_deadline: tokio::sync::watch::Receiver<Option<tokio::time::Instant>>,
) -> SinkOutcome {
    let mut backoff = Duration::from_millis(100);
    loop {
        let t = Instant::now();
        match sink.write_batch(&reports).await {
            Ok(()) => {
                metrics.sink_latency.observe(t.elapsed());
                return SinkOutcome::Written;
            }
            Err(e) if e.is_retryable() => {
                metrics.sink_write_errors_total.fetch_add(1, Relaxed);
                let past_deadline = shutdown_deadline
                    .borrow()
                    .is_some_and(|d| tokio::time::Instant::now() >= d);
                if past_deadline {
                    match sink.spill(&reports).await {
                        Ok(()) => {
                            metrics
                                .sink_reports_spilled_total
                                .fetch_add(reports.len() as u64, Relaxed);
                            tracing::warn!(sink = sink.name(), error = %e, reports = reports.len(), "shutting down: sink still failing; batch spilled to disk");
                            return SinkOutcome::Spilled;
                        }
                        Err(se) => {
                            tracing::error!(sink = sink.name(), error = %se, "shutting down: cannot spill the batch; still retrying")
                        }
                    }
                }
                tracing::warn!(sink = sink.name(), error = %e, retry_in_ms = backoff.as_millis() as u64, "sink write failed; retrying");
                if past_deadline {
                    tokio::time::sleep(backoff).await;
                } else {
                    // Retry early when the shutdown deadline passes (then spill).
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {}
                        _ = deadline_passed(&mut shutdown_deadline) => {}
                    }
                }
                backoff = (backoff * 2).min(Duration::from_secs(10));
            }
            Err(e) => {
                metrics
                    .sink_reports_dropped_total
                    .fetch_add(reports.len() as u64, Relaxed);
                if e.kind() == SinkErrorKind::Config {
                    tracing::error!(sink = sink.name(), error = %e, reports = reports.len(), "sink is misconfigured; batch dropped");
                } else {
                    tracing::error!(sink = sink.name(), error = %e, reports = reports.len(), "sink rejected batch; dropped");
                }
                return SinkOutcome::Refused;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The pipeline end to end within the process: a test sink, Kafka tokens from a real
    //! [`OffsetTracker`], a deterministic detector built from its own config.

    use super::*;
    use crate::detection::{DetectionConfig, ScorerChoice};
    use crate::receivers::kafka::offsets::OffsetTracker;
    use async_trait::async_trait;
    use groundcheck_detectors::pipeline::DetectorConfig;
    use groundcheck_detectors::stage1::Stage1Config;
    use groundcheck_detectors::stage2::Aggregation;
    use groundcheck_sinks::SinkError;
    use std::sync::atomic::AtomicU64;
    use std::sync::Mutex;

    /// How the test sink answers `write_batch`.
    #[derive(Clone, Copy, PartialEq)]
    enum Answer {
        Write,
        /// A transient failure every time (spilling works).
        FailTransient,
        /// A permanent refusal (the data is rejected).
        Refuse,
    }

    struct TestSink {
        answer: Answer,
        /// `write_batch` waits for a permit (closed: 0 permits).
        gate: tokio::sync::Semaphore,
        attempts: AtomicU64,
        written: Mutex<Vec<HallucinationReport>>,
        spilled: Mutex<Vec<HallucinationReport>>,
    }

    impl TestSink {
        fn new(answer: Answer) -> Arc<TestSink> {
            let sink = TestSink::gated(answer);
            sink.open_gate();
            sink
        }
        fn gated(answer: Answer) -> Arc<TestSink> {
            Arc::new(TestSink {
                answer,
                gate: tokio::sync::Semaphore::new(0),
                attempts: AtomicU64::new(0),
                written: Mutex::new(Vec::new()),
                spilled: Mutex::new(Vec::new()),
            })
        }
        fn open_gate(&self) {
            self.gate
                .add_permits(tokio::sync::Semaphore::MAX_PERMITS / 2);
        }
        fn written(&self) -> Vec<HallucinationReport> {
            self.written.lock().unwrap().clone()
        }
        fn spilled(&self) -> Vec<HallucinationReport> {
            self.spilled.lock().unwrap().clone()
        }
    }

    #[async_trait]
    impl ReportSink for TestSink {
        fn name(&self) -> &'static str {
            "test"
        }
        async fn write_batch(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
            let _open = self.gate.acquire().await.expect("gate never closed");
            self.attempts.fetch_add(1, Relaxed);
            match self.answer {
                Answer::Write => {
                    self.written.lock().unwrap().extend_from_slice(reports);
                    Ok(())
                }
                Answer::FailTransient => Err(SinkError::Remote {
                    sink: "test",
                    message: "unreachable".into(),
                    retryable: true,
                }),
                Answer::Refuse => Err(SinkError::Remote {
                    sink: "test",
                    message: "rejected".into(),
                    retryable: false,
                }),
            }
        }
        async fn spill(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
            self.spilled.lock().unwrap().extend_from_slice(reports);
            Ok(())
        }
    }

    fn config() -> PipelineConfig {
        PipelineConfig {
            ingest_queue: 64,
            retry_after_secs: 1,
            max_body_bytes: 1 << 20,
            assembler: AssemblerConfig {
                grace: Duration::ZERO,
                idle_timeout: Duration::from_secs(30),
                max_open_runs: 100,
                max_spans_per_run: 100,
                finished_memory: 1024,
            },
            workers: 1,
            worker_queue: 1,
            sink_batch: 1,
            sink_flush: Duration::from_millis(10),
            sink_shutdown: Duration::from_millis(200),
            llm_max_pending_runs: 1,
            llm_deadline: Duration::from_secs(1),
            conversations: ConversationCacheConfig {
                max_conversations: 0,
                max_calls: 0,
                ttl: Duration::ZERO,
            },
            profiles: ProfilesConfig::presets_only(),
            escalation: EscalationConfig {
                max_conversations: 16,
                ttl: Duration::from_secs(60),
            },
        }
    }

    fn detector(metrics: &Arc<Metrics>) -> Arc<Detector> {
        let cfg = DetectionConfig {
            stage1: Stage1Config::default(),
            schemas: None,
            scorer: ScorerChoice::Deterministic {
                reason: "test".into(),
            },
            stage2: Default::default(),
            llm: None,
            detector: DetectorConfig::new(Default::default(), Aggregation::Min),
        };
        Arc::new(crate::detection::build(cfg, metrics.clone()).unwrap())
    }

    fn start(sink: &Arc<TestSink>, cfg: PipelineConfig) -> (Pipeline, Arc<Metrics>) {
        let metrics = Arc::new(Metrics::default());
        let sinks: Vec<Arc<dyn ReportSink>> = vec![sink.clone()];
        let pipeline = Pipeline::start(
            cfg,
            detector(&metrics),
            sinks,
            metrics.clone(),
            Arc::new(Redactor::disabled()),
        )
        .unwrap();
        (pipeline, metrics)
    }

    /// A span of run `trace`; without a parent it is the run's (ended) root.
    fn span(trace: u8, id: u8, parent: Option<u8>) -> NormalizedSpan {
        NormalizedSpan {
            trace_id: [trace; 16],
            span_id: [id; 8],
            parent_span_id: parent.map(|p| [p; 8]),
            end_unix_nano: 10,
            ..Default::default()
        }
    }

    fn run_id(trace: u8) -> String {
        groundcheck_detectors::span::hex(&[trace; 16])
    }

    fn send(pipeline: &Pipeline, spans: Vec<NormalizedSpan>, ack: Option<AckToken>) {
        pipeline
            .ingest
            .offer(IngestMsg::Spans {
                spans,
                ack,
                forward: None,
            })
            .expect("ingest queue has room");
    }

    async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting: {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    fn kafka(metrics: &Arc<Metrics>) -> (Arc<OffsetTracker>, Tp) {
        let tracker = Arc::new(OffsetTracker::new(metrics.clone()));
        let tp = Tp::new("otlp_spans", 0);
        tracker.assign(&tp);
        (tracker, tp)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_written_report_acks_its_records() {
        let sink = TestSink::new(Answer::Write);
        let (pipeline, metrics) = start(&sink, config());
        let (tracker, tp) = kafka(&metrics);
        // One run from two records; a record of another run interleaved.
        send(
            &pipeline,
            vec![span(1, 2, Some(1))],
            tracker.register(&tp, 0),
        );
        send(&pipeline, vec![span(2, 1, None)], tracker.register(&tp, 1));
        send(&pipeline, vec![span(1, 1, None)], tracker.register(&tp, 2));
        eventually("both records acknowledged", || {
            tracker.committable(&tp) == Some(3)
        })
        .await;
        let mut written: Vec<String> = sink.written().into_iter().map(|r| r.run_id).collect();
        written.sort();
        assert_eq!(written, vec![run_id(1), run_id(2)]);
        pipeline.shutdown().await;
        assert_eq!(metrics.kafka_records_rejected_total.load(Relaxed), 0);
        assert_eq!(metrics.ack_tokens_unsettled_total.load(Relaxed), 0);
        assert_eq!(metrics.sink_reports_written_total.load(Relaxed), 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_report_spilled_at_shutdown_rejects_its_records() {
        let sink = TestSink::new(Answer::FailTransient);
        let (pipeline, metrics) = start(&sink, config());
        let (tracker, tp) = kafka(&metrics);
        send(&pipeline, vec![span(1, 1, None)], tracker.register(&tp, 0));
        eventually("the sink was tried", || sink.attempts.load(Relaxed) > 0).await;
        assert_eq!(
            tracker.committable(&tp),
            Some(0),
            "retrying: not acknowledged"
        );
        // Past `sink_shutdown` the failing batch is spilled instead of retried.
        pipeline.shutdown().await;
        let spilled: Vec<String> = sink.spilled().into_iter().map(|r| r.run_id).collect();
        assert_eq!(spilled, vec![run_id(1)]);
        assert_eq!(metrics.sink_reports_spilled_total.load(Relaxed), 1);
        assert!(sink.written().is_empty());
        assert_eq!(
            tracker.committable(&tp),
            Some(0),
            "spilled is not delivered: the offset is fenced"
        );
        assert_eq!(tracker.outstanding_below_fence(&tp), 0);
        assert_eq!(metrics.kafka_records_rejected_total.load(Relaxed), 1);
        assert_eq!(metrics.ack_tokens_unsettled_total.load(Relaxed), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn open_runs_are_finished_and_written_at_shutdown() {
        let sink = TestSink::new(Answer::Write);
        let (pipeline, metrics) = start(&sink, config());
        let (tracker, tp) = kafka(&metrics);
        // No root span: the run stays open until shutdown finishes it as incomplete.
        send(
            &pipeline,
            vec![span(7, 2, Some(1))],
            tracker.register(&tp, 0),
        );
        eventually("the span is in an open run", || {
            metrics.assembler_runs_open.load(Relaxed) == 1
        })
        .await;
        pipeline.shutdown().await;
        let written = sink.written();
        assert_eq!(written.len(), 1);
        assert!(written[0].incomplete, "{:?}", written[0].incomplete_reason);
        assert_eq!(
            tracker.committable(&tp),
            Some(1),
            "written, so acknowledged"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_batch_refused_for_good_is_dropped_counted_and_acked() {
        let sink = TestSink::new(Answer::Refuse);
        let (pipeline, metrics) = start(&sink, config());
        let (tracker, tp) = kafka(&metrics);
        send(&pipeline, vec![span(1, 1, None)], tracker.register(&tp, 0));
        eventually("the record is settled", || {
            tracker.committable(&tp) == Some(1)
        })
        .await;
        assert_eq!(sink.attempts.load(Relaxed), 1, "never retried");
        assert_eq!(metrics.sink_reports_dropped_total.load(Relaxed), 1);
        pipeline.shutdown().await;
        assert_eq!(metrics.kafka_records_rejected_total.load(Relaxed), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_worker_queue_makes_the_assembler_wait() {
        // One worker, one queued job, a sink queue of two reports and a sink that does not
        // answer: at most five runs fit (one in the sink, two queued for it, one on the
        // blocked worker, one queued for the worker); the sixth makes the assembler wait.
        let sink = TestSink::gated(Answer::Write);
        let (pipeline, metrics) = start(&sink, config());
        for trace in 1..=6 {
            send(&pipeline, vec![span(trace, 1, None)], None);
        }
        eventually("the assembler waited for a worker slot", || {
            metrics.worker_backpressure_total.load(Relaxed) > 0
        })
        .await;
        assert!(sink.written().is_empty());
        sink.open_gate();
        eventually("every report written", || sink.written().len() == 6).await;
        pipeline.shutdown().await;
        assert_eq!(metrics.worker_queue_depth.load(Relaxed), 0);
    }
}
