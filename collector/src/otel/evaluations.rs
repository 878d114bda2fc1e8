//! Reports as OpenTelemetry evaluations: `gen_ai.evaluation.result` in the run's own trace.
//!
//! # Mapping (GenAI semantic conventions, `gen_ai.evaluation.result`)
//! One evaluation per run, per flagged claim and per rejected tool call:
//!
//! | evaluation | `gen_ai.evaluation.name` | `…score.label` | `…score.value` | `…explanation` | parented to |
//! |---|---|---|---|---|---|
//! | the run | `groundcheck.action` | `emit` / `revise` / `block` | overall score | the report's notes | the agent (root) span |
//! | a claim not supported | `groundcheck.claim` | `unsupported` / `contradicted` | the claim's score | reason and offending text | the final model span |
//! | a rejected tool call | `groundcheck.tool_call` | `invalid` / `fabricated` | — | the errors | the tool span (else the model span that asked for it) |
//!
//! Calls that are only `unknown_tool` (no schema known) or `unverified` are not rejections:
//! they get no evaluation of their own (when the profile counts them, the run's explanation
//! says so).
//!
//! Attributes beyond the four conventional ones are in the `groundcheck.` namespace (run id,
//! profile, claim offsets in characters of the final answer, claim type, flag kinds) plus
//! `gen_ai.tool.name` and `gen_ai.tool.call.id` on tool-call evaluations.
//!
//! # Carriers
//! The conventions define the evaluation as an **event**, which OpenTelemetry now emits as a
//! log record with an event name ([`Carrier::Logs`]: `event_name = gen_ai.evaluation.result`,
//! trace and span id of the evaluated span). Many trace backends (Jaeger, Tempo, Phoenix)
//! take no logs; [`Carrier::Spans`] writes each evaluation as a zero-length child span of the
//! evaluated span, named `evaluation <name>`, with the same attributes and one span event
//! `gen_ai.evaluation.result`. Span ids are derived from the run and the evaluation, so a
//! retried batch re-sends the same spans.
//!
//! # Delivery
//! [`EvaluationSink`] is a [`ReportSink`]: it calls the `opentelemetry-otlp` exporter
//! directly for each batch and succeeds only when the backend accepted it, so the pipeline's
//! sink runner retries, counts and acknowledges evaluations like every other output (no SDK
//! batch queue that could drop them unseen).

use super::{transport, OtelError, OtlpTarget};
use async_trait::async_trait;
use groundcheck_detectors::report::{ClaimStatus, HallucinationReport};
use groundcheck_sinks::{ReportSink, SinkError};
use opentelemetry::logs::{AnyValue, LogRecord as _, Logger as _, LoggerProvider as _, Severity};
use opentelemetry::trace::{
    SpanContext, SpanId, SpanKind, Status, TraceFlags, TraceId, TraceState,
};
use opentelemetry::{InstrumentationScope, KeyValue, Value};
use opentelemetry_sdk::logs::{LogBatch, LogExporter as _, SdkLogRecord, SdkLoggerProvider};
use opentelemetry_sdk::trace::{SpanData, SpanEvents, SpanExporter as _, SpanLinks};
use opentelemetry_sdk::Resource;
use std::borrow::Cow;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The event's name in the conventions.
pub const EVENT_NAME: &str = "gen_ai.evaluation.result";

// The GenAI attributes moved to the `semantic-conventions-genai` repository; the crate marks
// its constants deprecated for that reason only (the names are unchanged).
#[allow(deprecated)]
mod attr {
    use opentelemetry_semantic_conventions::attribute as a;
    pub const NAME: &str = a::GEN_AI_EVALUATION_NAME;
    pub const SCORE_VALUE: &str = a::GEN_AI_EVALUATION_SCORE_VALUE;
    pub const SCORE_LABEL: &str = a::GEN_AI_EVALUATION_SCORE_LABEL;
    pub const EXPLANATION: &str = a::GEN_AI_EVALUATION_EXPLANATION;
    pub const TOOL_NAME: &str = a::GEN_AI_TOOL_NAME;
    pub const TOOL_CALL_ID: &str = a::GEN_AI_TOOL_CALL_ID;
}

/// Longest explanation exported (characters); longer ones end with `…`.
const MAX_EXPLANATION_CHARS: usize = 1_000;

/// Which signal carries the evaluations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Carrier {
    Logs,
    Spans,
}

/// One evaluation, ready for either carrier.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    pub trace_id: TraceId,
    /// The evaluated span (`INVALID` when the report names none).
    pub parent: SpanId,
    /// `groundcheck.action`, `groundcheck.claim`, `groundcheck.tool_call`.
    pub name: &'static str,
    pub label: String,
    pub score: Option<f64>,
    pub explanation: String,
    /// Further attributes (`groundcheck.*`, `gen_ai.tool.*`).
    pub attributes: Vec<KeyValue>,
    /// Position among the run's evaluations (derives the span id).
    pub ordinal: usize,
    pub time: SystemTime,
}

impl Evaluation {
    /// The four conventional attributes, then the others.
    pub fn all_attributes(&self) -> Vec<KeyValue> {
        let mut v = vec![
            KeyValue::new(attr::NAME, self.name),
            KeyValue::new(attr::SCORE_LABEL, self.label.clone()),
        ];
        if let Some(s) = self.score {
            v.push(KeyValue::new(attr::SCORE_VALUE, s));
        }
        if !self.explanation.is_empty() {
            v.push(KeyValue::new(attr::EXPLANATION, self.explanation.clone()));
        }
        v.extend(self.attributes.iter().cloned());
        v
    }
}

fn span_id_of(hex: Option<&str>) -> SpanId {
    hex.and_then(|h| SpanId::from_hex(h).ok())
        .unwrap_or(SpanId::INVALID)
}

/// At most `MAX_EXPLANATION_CHARS` characters (cut on a character boundary).
fn bounded(s: String) -> String {
    match s.char_indices().nth(MAX_EXPLANATION_CHARS) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s,
    }
}

/// A string-array attribute.
fn string_array(key: &'static str, values: impl Iterator<Item = String>) -> KeyValue {
    let values: Vec<opentelemetry::StringValue> = values.map(Into::into).collect();
    KeyValue::new(key, Value::Array(values.into()))
}

/// The report's notes with the verdict's reasons first and the stages' own notes
/// (`stageN: …`) after them.
fn run_explanation(notes: &[String]) -> String {
    let (stage, reasons): (Vec<&String>, Vec<&String>) =
        notes.iter().partition(|n| n.starts_with("stage"));
    reasons
        .into_iter()
        .chain(stage)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The evaluations of one report (see the module's mapping table).
pub fn evaluations(r: &HallucinationReport) -> Vec<Evaluation> {
    let trace_id = TraceId::from_hex(&r.trace_id).unwrap_or(TraceId::INVALID);
    let time = UNIX_EPOCH + Duration::from_nanos(r.reported_at_unix_nano);
    let agent = span_id_of(r.agent_span_id.as_deref());
    let answer = span_id_of(r.answer_span_id.as_deref());
    let answer_or_agent = if answer == SpanId::INVALID {
        agent
    } else {
        answer
    };
    let run_attrs = || {
        vec![
            KeyValue::new("groundcheck.run_id", r.run_id.clone()),
            KeyValue::new("groundcheck.profile", r.profile.clone()),
        ]
    };
    let mut out = Vec::new();
    let mut first = run_attrs();
    first.push(KeyValue::new("groundcheck.incomplete", r.incomplete));
    first.push(KeyValue::new(
        "groundcheck.claims.flagged",
        r.flagged_claims() as i64,
    ));
    out.push(Evaluation {
        trace_id,
        parent: if agent == SpanId::INVALID {
            answer
        } else {
            agent
        },
        name: "groundcheck.action",
        label: r.action.as_str().to_owned(),
        score: Some(r.overall_score),
        explanation: bounded(run_explanation(&r.notes)),
        attributes: first,
        ordinal: 0,
        time,
    });
    for c in r
        .claims
        .iter()
        .filter(|c| c.status != ClaimStatus::Supported)
    {
        let offending: Vec<&str> = c.flagged_spans.iter().map(|f| f.text.as_str()).collect();
        let explanation = if offending.is_empty() {
            format!("{}: \"{}\"", c.reason, c.text)
        } else {
            format!(
                "{}: \"{}\" in \"{}\"",
                c.reason,
                offending.join("\", \""),
                c.text
            )
        };
        let mut attributes = run_attrs();
        attributes.extend([
            KeyValue::new("groundcheck.claim.start", c.start as i64),
            KeyValue::new("groundcheck.claim.end", c.end as i64),
            KeyValue::new("groundcheck.claim.type", c.claim_type.as_str()),
            KeyValue::new("groundcheck.claim.critical", c.critical),
        ]);
        if !c.flagged_spans.is_empty() {
            attributes.push(string_array(
                "groundcheck.claim.flag_kinds",
                c.flagged_spans.iter().map(|f| f.kind.as_str().to_owned()),
            ));
        }
        out.push(Evaluation {
            trace_id,
            parent: answer_or_agent,
            name: "groundcheck.claim",
            label: c.status.as_str().to_owned(),
            score: Some(c.score),
            explanation: bounded(explanation),
            attributes,
            ordinal: out.len(),
            time,
        });
    }
    for v in r
        .tool_call_validations
        .iter()
        .filter(|v| v.status.is_rejection())
    {
        let mut attributes = run_attrs();
        attributes.extend([
            KeyValue::new(attr::TOOL_NAME, v.tool.clone()),
            KeyValue::new(attr::TOOL_CALL_ID, v.call_id.clone()),
            KeyValue::new("groundcheck.tool_call.turn", v.turn as i64),
        ]);
        if !v.error_rules.is_empty() {
            attributes.push(string_array(
                "groundcheck.tool_call.error_rules",
                v.error_rules.iter().cloned(),
            ));
        }
        let parent = span_id_of(v.span_id.as_deref());
        out.push(Evaluation {
            trace_id,
            parent: if parent == SpanId::INVALID {
                agent
            } else {
                parent
            },
            name: "groundcheck.tool_call",
            label: v.status.as_str().to_owned(),
            score: None,
            explanation: bounded(v.errors.join("; ")),
            attributes,
            ordinal: out.len(),
            time,
        });
    }
    out
}

/// A span id derived from the run and the evaluation's position (stable across retries).
fn derived_span_id(trace_id: TraceId, ordinal: usize) -> SpanId {
    let mut ctx = ring::digest::Context::new(&ring::digest::SHA256);
    ctx.update(&trace_id.to_bytes());
    ctx.update(b"groundcheck-evaluation");
    ctx.update(&(ordinal as u64).to_le_bytes());
    let d = ctx.finish();
    let mut b = [0u8; 8];
    b.copy_from_slice(&d.as_ref()[..8]);
    if b == [0; 8] {
        b[7] = 1;
    }
    SpanId::from_bytes(b)
}

/// groundcheck's instrumentation scope (built once: every exported record carries it).
fn scope() -> InstrumentationScope {
    static SCOPE: std::sync::OnceLock<InstrumentationScope> = std::sync::OnceLock::new();
    SCOPE
        .get_or_init(|| {
            InstrumentationScope::builder("groundcheck")
                .with_version(env!("CARGO_PKG_VERSION"))
                .build()
        })
        .clone()
}

/// The evaluation as a child span of the evaluated span (see the module's carriers).
pub fn to_span(e: &Evaluation) -> SpanData {
    let attributes = e.all_attributes();
    let mut events = SpanEvents::default();
    events.events.push(opentelemetry::trace::Event::new(
        EVENT_NAME,
        e.time,
        attributes.clone(),
        0,
    ));
    SpanData {
        span_context: SpanContext::new(
            e.trace_id,
            derived_span_id(e.trace_id, e.ordinal),
            TraceFlags::SAMPLED,
            false,
            TraceState::default(),
        ),
        parent_span_id: e.parent,
        parent_span_is_remote: true,
        span_kind: SpanKind::Internal,
        name: Cow::Owned(format!("evaluation {}", e.name)),
        start_time: e.time,
        end_time: e.time,
        attributes,
        dropped_attributes_count: 0,
        events,
        links: SpanLinks::default(),
        status: Status::Unset,
        instrumentation_scope: scope(),
    }
}

/// The resource of everything groundcheck exports: `service.name=groundcheck`.
pub fn resource() -> Resource {
    Resource::builder()
        .with_service_name("groundcheck")
        .with_attribute(KeyValue::new("service.version", env!("CARGO_PKG_VERSION")))
        .build()
}

/// Exports each report's evaluations; see the module's delivery contract.
pub struct EvaluationSink {
    carrier: Carrier,
    spans: Option<opentelemetry_otlp::SpanExporter>,
    logs: Option<opentelemetry_otlp::LogExporter>,
    /// Makes log records (a provider without processors: records go to the exporter
    /// directly); kept alive for `logger`.
    _records: SdkLoggerProvider,
    logger: opentelemetry_sdk::logs::SdkLogger,
}

impl EvaluationSink {
    /// A sink exporting to `target` with `carrier`; must be called inside a Tokio runtime.
    pub fn new(target: &OtlpTarget, carrier: Carrier) -> Result<EvaluationSink, OtelError> {
        let (mut spans, mut logs) = (None, None);
        match carrier {
            Carrier::Spans => spans = Some(transport::span_exporter(target)?),
            Carrier::Logs => logs = Some(transport::log_exporter(target)?),
        }
        if let Some(s) = spans.as_mut() {
            opentelemetry_sdk::trace::SpanExporter::set_resource(s, &resource());
        }
        if let Some(l) = logs.as_mut() {
            opentelemetry_sdk::logs::LogExporter::set_resource(l, &resource());
        }
        let records = SdkLoggerProvider::builder().build();
        let logger = records.logger("groundcheck");
        Ok(EvaluationSink {
            carrier,
            spans,
            logs,
            _records: records,
            logger,
        })
    }

    fn record(&self, e: &Evaluation) -> SdkLogRecord {
        let mut rec = self.logger.create_log_record();
        rec.set_event_name(EVENT_NAME);
        rec.set_timestamp(e.time);
        rec.set_observed_timestamp(SystemTime::now());
        rec.set_severity_number(Severity::Info);
        rec.set_severity_text("INFO");
        rec.set_trace_context(e.trace_id, e.parent, Some(TraceFlags::SAMPLED));
        for kv in e.all_attributes() {
            rec.add_attribute(kv.key, value_to_any(kv.value));
        }
        rec
    }
}

fn value_to_any(v: Value) -> AnyValue {
    match v {
        Value::Bool(b) => AnyValue::Boolean(b),
        Value::I64(i) => AnyValue::Int(i),
        Value::F64(f) => AnyValue::Double(f),
        Value::String(s) => AnyValue::String(s),
        Value::Array(opentelemetry::Array::String(a)) => {
            AnyValue::ListAny(Box::new(a.into_iter().map(AnyValue::String).collect()))
        }
        other => AnyValue::String(other.to_string().into()),
    }
}

fn remote(sink: &'static str, e: impl std::fmt::Display) -> SinkError {
    SinkError::Remote {
        sink,
        message: format!("OTLP export: {e}"),
        retryable: true,
    }
}

#[async_trait]
impl ReportSink for EvaluationSink {
    fn name(&self) -> &'static str {
        match self.carrier {
            Carrier::Logs => "otlp_evaluation_logs",
            Carrier::Spans => "otlp_evaluation_spans",
        }
    }

    async fn write_batch(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
        let evals: Vec<Evaluation> = reports
            .iter()
            .flat_map(evaluations)
            .filter(|e| e.trace_id != TraceId::INVALID)
            .collect();
        if evals.is_empty() {
            return Ok(());
        }
        if let Some(exp) = &self.spans {
            exp.export(evals.iter().map(to_span).collect())
                .await
                .map_err(|e| remote(self.name(), e))?;
        }
        if let Some(exp) = &self.logs {
            let scope = scope();
            let records: Vec<SdkLogRecord> = evals.iter().map(|e| self.record(e)).collect();
            let pairs: Vec<(&SdkLogRecord, &InstrumentationScope)> =
                records.iter().map(|r| (r, &scope)).collect();
            exp.export(LogBatch::new(&pairs))
                .await
                .map_err(|e| remote(self.name(), e))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use groundcheck_detectors::report::*;

    fn report() -> HallucinationReport {
        let mut r: HallucinationReport = serde_json::from_value(serde_json::json!({
            "run_id": "0af7651916cd43dd8448eb211c80319c",
            "trace_id": "0af7651916cd43dd8448eb211c80319c",
            "claims": [], "tool_call_validations": [], "consistency_probes": [],
            "overall_score": 0.3, "action": "block", "version": "1",
            "dialect": "genai", "start_time_unix_nano": 1, "end_time_unix_nano": 2,
            "reported_at_unix_nano": 1_700_000_000_000_000_000u64, "incomplete": false,
            "notes": ["a claim is contradicted"]
        }))
        .unwrap();
        r.agent_span_id = Some("00f067aa0ba902b7".into());
        r.answer_span_id = Some("00f067aa0ba902b8".into());
        r
    }

    #[test]
    fn a_clean_run_has_one_evaluation_on_the_agent_span() {
        let mut r = report();
        r.action = Action::Emit;
        let e = evaluations(&r);
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].name, "groundcheck.action");
        assert_eq!(e[0].label, "emit");
        assert_eq!(e[0].parent, SpanId::from_hex("00f067aa0ba902b7").unwrap());
        let names: Vec<String> = e[0]
            .all_attributes()
            .iter()
            .map(|k| k.key.to_string())
            .collect();
        for n in [
            "gen_ai.evaluation.name",
            "gen_ai.evaluation.score.label",
            "gen_ai.evaluation.score.value",
            "gen_ai.evaluation.explanation",
        ] {
            assert!(names.iter().any(|x| x == n), "{n} in {names:?}");
        }
    }

    #[test]
    fn flagged_claims_and_rejected_calls_are_parented_to_their_spans() {
        let mut r = report();
        r.claims.push(Claim {
            text: "The order ships on Tuesday.".into(),
            evidence_spans: vec![],
            score: 0.1,
            critical: true,
            status: ClaimStatus::Contradicted,
            start: 19,
            end: 26,
            reason: "the date differs from the evidence".into(),
            flagged_spans: vec![FlaggedSpan {
                start: 19,
                end: 26,
                text: "Tuesday".into(),
                reason: "date".into(),
                kind: FlagKind::Other,
            }],
            claim_type: ClaimType::default(),
        });
        r.tool_call_validations.push(ToolCallValidation {
            tool: "get_order".into(),
            args: "{}".into(),
            status: ToolCallStatus::Fabricated,
            errors: vec!["order_id 'X9' appears in no earlier evidence".into()],
            call_id: "call_1".into(),
            turn: 0,
            retry_of: None,
            retried_by: None,
            error_rules: vec!["provenance".into()],
            span_id: Some("00f067aa0ba902b9".into()),
        });
        for status in [ToolCallStatus::Valid, ToolCallStatus::UnknownTool] {
            r.tool_call_validations.push(ToolCallValidation {
                status,
                span_id: None,
                ..r.tool_call_validations[0].clone()
            });
        }
        let e = evaluations(&r);
        assert_eq!(e.len(), 3, "{e:?}");
        let claim = &e[1];
        assert_eq!(claim.label, "contradicted");
        assert_eq!(claim.parent, SpanId::from_hex("00f067aa0ba902b8").unwrap());
        assert!(claim.explanation.contains("\"Tuesday\""));
        assert!(claim
            .attributes
            .contains(&KeyValue::new("groundcheck.claim.start", 19i64)));
        let call = &e[2];
        assert_eq!(call.label, "fabricated");
        assert_eq!(call.parent, SpanId::from_hex("00f067aa0ba902b9").unwrap());
        assert_eq!(call.score, None);
        // Stable, distinct span ids per evaluation; the span carries the event.
        let spans: Vec<SpanData> = e.iter().map(to_span).collect();
        assert_ne!(
            spans[0].span_context.span_id(),
            spans[1].span_context.span_id()
        );
        assert_eq!(
            to_span(&e[1]).span_context.span_id(),
            spans[1].span_context.span_id()
        );
        assert_eq!(spans[2].parent_span_id, call.parent);
        assert_eq!(spans[2].events.events[0].name, EVENT_NAME);
    }

    #[test]
    fn long_explanations_are_cut_on_a_character_boundary() {
        let s = "é".repeat(MAX_EXPLANATION_CHARS + 5);
        let b = bounded(s);
        assert_eq!(b.chars().count(), MAX_EXPLANATION_CHARS + 1);
        assert!(b.ends_with('…'));
    }
}
