//! Unit tests of the pipeline.

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
