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

mod assemble;
mod sink_runner;
#[cfg(test)]
mod tests;
mod work;

use assemble::assembler_loop;
#[cfg(test)]
pub(crate) use assemble::inline_stage1;
use sink_runner::sink_loop;
pub use work::run_stages;
use work::worker_job;

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
