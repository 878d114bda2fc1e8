//! Self-telemetry over OTLP (`--telemetry-otlp-endpoint`): groundcheck's own work per run as
//! spans, and its counters, beside the Prometheus `/metrics`.
//!
//! # Spans
//! One trace per run checked, written once the sinks answered:
//!
//! ```text
//! groundcheck.run                 opened → sinks done   (run id, action, profile, spans; a link
//! ├── groundcheck.assemble        first span → finished    to the agent's trace)
//! ├── groundcheck.stage1          tool-call verification (on the assembly path)
//! ├── groundcheck.queue           waiting for a worker
//! ├── groundcheck.stage2          groundedness
//! ├── groundcheck.stage3          LLM judge and probes (when any)
//! ├── groundcheck.stage4          gating
//! └── groundcheck.sinks           every sink's write, until acknowledged
//! ```
//!
//! Spans go through the SDK's batch processor (bounded queue of 2,048; when the backend is
//! slower than the pipeline the SDK drops its own spans rather than slowing detection —
//! self-telemetry is the one output allowed to shed load; the SDK logs it).
//!
//! # Metrics
//! Every plain counter and gauge of `/metrics` ([`Metrics::SAMPLES`]) is an observable
//! instrument of the same name (monotonic counters for `_total`, gauges otherwise), read at
//! each export interval: the two views never disagree. Latency histograms and the labeled
//! series (auth failures, redactions) stay on `/metrics` only.

use super::{transport, OtelError, OtlpTarget};
use crate::metrics::Metrics;
use groundcheck_detectors::report::HallucinationReport;
use opentelemetry::metrics::MeterProvider as _;
use opentelemetry::trace::{
    Link, SpanContext, SpanId, TraceContextExt, TraceFlags, TraceId, TraceState, Tracer as _,
    TracerProvider as _,
};
use opentelemetry::{Context, KeyValue};
use opentelemetry_sdk::metrics::{PeriodicReader, SdkMeterProvider};
use opentelemetry_sdk::trace::{SdkTracer, SdkTracerProvider};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime};

/// When each part of a run's processing happened (wall clock, for the spans).
#[derive(Debug, Clone, Copy)]
pub struct RunTimeline {
    /// The run's first span arrived.
    pub opened: SystemTime,
    /// The assembler finished the run.
    pub assembled: SystemTime,
    pub stage1_done: SystemTime,
    /// A worker took the run.
    pub worker_start: SystemTime,
    pub stage2_done: SystemTime,
    /// Stage 3 (LLM) done; equal to `stage2_done` when there was no LLM work.
    pub stage3_done: SystemTime,
    pub stage4_done: SystemTime,
    pub spans: usize,
}

impl RunTimeline {
    /// A timeline whose marks are all `now` (filled in as the run moves on).
    pub fn at(now: SystemTime) -> RunTimeline {
        RunTimeline {
            opened: now,
            assembled: now,
            stage1_done: now,
            worker_start: now,
            stage2_done: now,
            stage3_done: now,
            stage4_done: now,
            spans: 0,
        }
    }
}

struct Active {
    tracer: SdkTracer,
    metrics: Arc<Metrics>,
}

static ACTIVE: OnceLock<Active> = OnceLock::new();

/// The running exporters; [`SelfTelemetry::shutdown`] flushes them.
pub struct SelfTelemetry {
    traces: SdkTracerProvider,
    meters: SdkMeterProvider,
}

impl SelfTelemetry {
    /// Start exporting to `target` (inside a Tokio runtime); metrics every `interval`. One per
    /// process: a second start is an error.
    pub fn start(
        target: &OtlpTarget,
        interval: Duration,
        metrics: Arc<Metrics>,
    ) -> Result<SelfTelemetry, OtelError> {
        let resource = super::evaluations::resource();
        let traces = SdkTracerProvider::builder()
            .with_batch_exporter(transport::span_exporter(target)?)
            .with_resource(resource.clone())
            .build();
        let reader = PeriodicReader::builder(transport::metric_exporter(target)?)
            .with_interval(interval)
            .build();
        let meters = SdkMeterProvider::builder()
            .with_reader(reader)
            .with_resource(resource)
            .build();
        let meter = meters.meter("groundcheck");
        for (i, (name, help)) in Metrics::SAMPLES.iter().enumerate() {
            let m = metrics.clone();
            if name.ends_with("_total") {
                let _counter = meter
                    .u64_observable_counter(*name)
                    .with_description(*help)
                    .with_callback(move |o| o.observe(m.sample_values()[i], &[]))
                    .build();
            } else {
                let _gauge = meter
                    .u64_observable_gauge(*name)
                    .with_description(*help)
                    .with_callback(move |o| o.observe(m.sample_values()[i], &[]))
                    .build();
            }
        }
        ACTIVE
            .set(Active {
                tracer: traces.tracer("groundcheck"),
                metrics,
            })
            .map_err(|_| OtelError::Exporter("self-telemetry is already running".into()))?;
        Ok(SelfTelemetry { traces, meters })
    }

    /// Flush and stop both exporters.
    pub fn shutdown(self) {
        if let Err(e) = self.traces.shutdown() {
            tracing::warn!(error = %e, "self-telemetry spans: shutdown");
        }
        if let Err(e) = self.meters.shutdown() {
            tracing::warn!(error = %e, "self-telemetry metrics: shutdown");
        }
    }
}

/// Whether runs' spans are exported (checked before building a timeline's spans).
pub fn enabled() -> bool {
    ACTIVE.get().is_some()
}

/// The spans of one run's processing (no-op unless [`SelfTelemetry::start`] ran).
pub fn record_run(
    report: &HallucinationReport,
    t: &RunTimeline,
    sinks_start: SystemTime,
    sinks_done: SystemTime,
) {
    let Some(a) = ACTIVE.get() else { return };
    let tracer = &a.tracer;
    let mut root = tracer
        .span_builder("groundcheck.run")
        .with_start_time(t.opened)
        .with_attributes([
            KeyValue::new("groundcheck.run_id", report.run_id.clone()),
            KeyValue::new("groundcheck.action", report.action.as_str()),
            KeyValue::new("groundcheck.profile", report.profile.clone()),
            KeyValue::new("groundcheck.spans", t.spans as i64),
            KeyValue::new("groundcheck.claims", report.claims.len() as i64),
        ]);
    if let (Ok(tid), Some(sid)) = (
        TraceId::from_hex(&report.trace_id),
        report
            .agent_span_id
            .as_deref()
            .and_then(|s| SpanId::from_hex(s).ok()),
    ) {
        root = root.with_links(vec![Link::with_context(SpanContext::new(
            tid,
            sid,
            TraceFlags::SAMPLED,
            true,
            TraceState::default(),
        ))]);
    }
    let root = tracer.build(root);
    let cx = Context::current_with_span(root);
    let child = |name: &'static str, start: SystemTime, end: SystemTime| {
        use opentelemetry::trace::Span as _;
        let mut s = tracer
            .span_builder(name)
            .with_start_time(start)
            .start_with_context(tracer, &cx);
        s.end_with_timestamp(end.max(start));
    };
    child("groundcheck.assemble", t.opened, t.assembled);
    child("groundcheck.stage1", t.assembled, t.stage1_done);
    child("groundcheck.queue", t.stage1_done, t.worker_start);
    child("groundcheck.stage2", t.worker_start, t.stage2_done);
    if t.stage3_done > t.stage2_done {
        child("groundcheck.stage3", t.stage2_done, t.stage3_done);
    }
    child("groundcheck.stage4", t.stage3_done, t.stage4_done);
    child("groundcheck.sinks", sinks_start, sinks_done);
    cx.span().end_with_timestamp(sinks_done);
    a.metrics.selftelemetry_runs_total.fetch_add(1, Relaxed);
}
