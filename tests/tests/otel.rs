//! Issue 16, OpenTelemetry output against the real binary and a bare OTLP receiver (a tonic
//! server for traces, logs and metrics, in this process): spans forwarded unchanged,
//! `gen_ai.evaluation.result` as log records and as spans parented to the evaluated spans,
//! every attribute name checked against the semantic conventions, self-telemetry spans and
//! counters, and back-pressure while the next hop is down.

mod common;
#[path = "common/otlp.rs"]
mod otlp;

use common::{genai_run, metric_value, GenaiRun, Server};
use opentelemetry_proto::tonic::common::v1::{any_value, KeyValue};
use opentelemetry_proto::tonic::logs::v1::LogRecord;
use opentelemetry_proto::tonic::trace::v1::Span;
use otlp::{start_receiver, Receiver};
use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);

fn wait_for(what: &str, mut done: impl FnMut() -> bool, server: &Server) {
    let deadline = Instant::now() + WAIT;
    while !done() {
        assert!(
            Instant::now() < deadline,
            "{what} within {WAIT:?}; log:\n{}",
            server.log()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn attr<'a>(attrs: &'a [KeyValue], key: &str) -> Option<&'a any_value::Value> {
    attrs
        .iter()
        .find(|k| k.key == key)
        .and_then(|k| k.value.as_ref())
        .and_then(|v| v.value.as_ref())
}

fn attr_str(attrs: &[KeyValue], key: &str) -> String {
    match attr(attrs, key) {
        Some(any_value::Value::StringValue(s)) => s.clone(),
        other => panic!("{key}: not a string: {other:?}"),
    }
}

/// The names the conventions define for an evaluation (the crate marks the GenAI constants
/// deprecated only because they moved to the semantic-conventions-genai repository).
#[allow(deprecated)]
fn convention_names() -> BTreeSet<&'static str> {
    use opentelemetry_semantic_conventions::attribute as a;
    [
        a::GEN_AI_EVALUATION_NAME,
        a::GEN_AI_EVALUATION_SCORE_VALUE,
        a::GEN_AI_EVALUATION_SCORE_LABEL,
        a::GEN_AI_EVALUATION_EXPLANATION,
        a::GEN_AI_TOOL_NAME,
        a::GEN_AI_TOOL_CALL_ID,
    ]
    .into_iter()
    .collect()
}

/// Every attribute is a convention's name or in groundcheck's own namespace.
fn assert_names(attrs: &[KeyValue], whose: &str) {
    let conv = convention_names();
    for k in attrs {
        assert!(
            conv.contains(k.key.as_str()) || k.key.starts_with("groundcheck."),
            "{whose}: attribute {:?} is neither a semantic-conventions name nor groundcheck.*",
            k.key
        );
    }
    for required in ["gen_ai.evaluation.name", "gen_ai.evaluation.score.label"] {
        assert!(
            attrs.iter().any(|k| k.key == required),
            "{whose}: {required} is required"
        );
    }
}

/// A run with a fabricated tool argument and an answer its evidence does not support.
fn bad_run(trace: &str) -> Vec<u8> {
    genai_run(&GenaiRun {
        trace_id: trace,
        service: "otel-e2e",
        agent: "Support",
        tool: "cancel_order",
        call_id: "call_x1",
        args: r##"{"order_id":"#W9191919"}"##,
        result: r#"{"status":"cancelled"}"#,
        question: "Please cancel my last order.",
        answer: "I cancelled order #W9191919. It was delivered on 12 March 2024 to Oslo, with a refund of $950.",
        conversation: None,
    })
}

const ROOT: &str = "a1a2a3a4a5a6a7a8";
const TOOL: &str = "b1b2b3b4b5b6b7b8";
const CHAT: &str = "c1c2c3c4c5c6c7c8";

#[test]
fn spans_forwarded_evaluations_and_self_telemetry_reach_a_bare_otlp_receiver() {
    let (recv, port, _rt) = start_receiver(0);
    let ep = format!("http://127.0.0.1:{port}");
    let server = Server::start(&[
        "--summary",
        "false",
        "--forward-endpoint",
        &ep,
        "--otlp-export-endpoint",
        &ep,
        "--otlp-export-evaluations-as",
        "both",
        "--telemetry-otlp-endpoint",
        &ep,
        "--telemetry-otlp-interval-secs",
        "1",
    ]);
    let trace = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0001";
    let body = bad_run(trace);
    let r = server.post_json(&body);
    assert_eq!(r.status, 200, "{}", r.text());
    let report = server.wait_report(trace, WAIT);
    assert_eq!(report["action"], "block", "{report}");
    assert_eq!(report["agent_span_id"], ROOT, "{report}");
    assert_eq!(report["answer_span_id"], CHAT, "{report}");
    assert_eq!(
        report["tool_call_validations"][0]["span_id"], TOOL,
        "{report}"
    );

    // 1. Forwarded unchanged: the three spans, byte for byte as decoded from what was sent.
    let sent = groundcheck_proto::json::decode_export_request(&body).unwrap();
    let sent_spans: HashMap<String, Vec<u8>> = sent.resource_spans[0].scope_spans[0]
        .spans
        .iter()
        .map(|s| (hex(&s.span_id), prost_bytes(s)))
        .collect();
    let trace_bytes: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&trace[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let forwarded = |recv: &Receiver| -> Vec<Span> {
        recv.kept_spans()
            .into_iter()
            .map(|(_, s)| s)
            .filter(|s| s.trace_id == trace_bytes && sent_spans.contains_key(&hex(&s.span_id)))
            .collect()
    };
    wait_for(
        "the agent's three spans forwarded",
        || forwarded(&recv).len() >= 3,
        &server,
    );
    for s in forwarded(&recv) {
        assert_eq!(
            prost_bytes(&s),
            sent_spans[&hex(&s.span_id)],
            "span {} forwarded changed",
            s.name
        );
    }
    let (resource, _) = recv
        .kept_spans()
        .into_iter()
        .find(|(_, s)| s.trace_id == trace_bytes && hex(&s.span_id) == ROOT)
        .unwrap();
    assert_eq!(
        attr_str(&resource, "service.name"),
        "otel-e2e",
        "the agent's resource travels with its spans"
    );

    // 2. Evaluations as log records: event name, trace context of the evaluated span.
    let records = |recv: &Receiver| -> Vec<LogRecord> {
        recv.log_records()
            .into_iter()
            .filter(|l| l.trace_id == trace_bytes)
            .collect()
    };
    wait_for(
        "evaluation log records",
        || records(&recv).len() >= 3,
        &server,
    );
    let recs = records(&recv);
    let by_name = |n: &str| -> Vec<&LogRecord> {
        recs.iter()
            .filter(|l| attr_str(&l.attributes, "gen_ai.evaluation.name") == n)
            .collect()
    };
    for l in &recs {
        assert_eq!(l.event_name, "gen_ai.evaluation.result");
        assert_names(&l.attributes, "log record");
    }
    let action = by_name("groundcheck.action");
    assert_eq!(action.len(), 1, "{recs:?}");
    assert_eq!(
        hex(&action[0].span_id),
        ROOT,
        "run evaluation on the agent span"
    );
    assert_eq!(
        attr_str(&action[0].attributes, "gen_ai.evaluation.score.label"),
        "block"
    );
    assert!(matches!(
        attr(&action[0].attributes, "gen_ai.evaluation.score.value"),
        Some(any_value::Value::DoubleValue(v)) if *v == report["overall_score"].as_f64().unwrap()
    ));
    let claims = by_name("groundcheck.claim");
    assert!(!claims.is_empty(), "flagged claims exported: {recs:?}");
    for c in &claims {
        assert_eq!(hex(&c.span_id), CHAT, "claims on the final model span");
        assert!(matches!(
            attr(&c.attributes, "groundcheck.claim.start"),
            Some(any_value::Value::IntValue(_))
        ));
        assert!(!attr_str(&c.attributes, "gen_ai.evaluation.explanation").is_empty());
    }
    let calls = by_name("groundcheck.tool_call");
    assert_eq!(calls.len(), 1, "{recs:?}");
    assert_eq!(
        hex(&calls[0].span_id),
        TOOL,
        "tool-call evaluation on the tool span"
    );
    assert_eq!(
        attr_str(&calls[0].attributes, "gen_ai.evaluation.score.label"),
        "fabricated"
    );
    assert_eq!(
        attr_str(&calls[0].attributes, "gen_ai.tool.name"),
        "cancel_order"
    );

    // 3. Evaluations as spans: children of the evaluated spans, with the event.
    let eval_spans = |recv: &Receiver| -> Vec<Span> {
        recv.kept_spans()
            .into_iter()
            .map(|(_, s)| s)
            .filter(|s| s.trace_id == trace_bytes && s.name.starts_with("evaluation "))
            .collect()
    };
    wait_for(
        "evaluation spans",
        || eval_spans(&recv).len() == recs.len(),
        &server,
    );
    for s in eval_spans(&recv) {
        assert_names(&s.attributes, "evaluation span");
        let expected = match attr_str(&s.attributes, "gen_ai.evaluation.name").as_str() {
            "groundcheck.action" => ROOT,
            "groundcheck.claim" => CHAT,
            "groundcheck.tool_call" => TOOL,
            other => panic!("unexpected evaluation {other}"),
        };
        assert_eq!(hex(&s.parent_span_id), expected, "{}", s.name);
        assert_eq!(s.events.len(), 1);
        assert_eq!(s.events[0].name, "gen_ai.evaluation.result");
        assert_names(&s.events[0].attributes, "span event");
    }

    // 4. Self-telemetry: the run's pipeline spans (linked to the agent's trace) and counters.
    let own = |recv: &Receiver| -> Vec<Span> {
        recv.kept_spans()
            .into_iter()
            .map(|(_, s)| s)
            .filter(|s| s.name.starts_with("groundcheck."))
            .collect()
    };
    wait_for(
        "self-telemetry spans",
        || own(&recv).iter().any(|s| s.name == "groundcheck.sinks"),
        &server,
    );
    let own = own(&recv);
    let run = own
        .iter()
        .find(|s| {
            s.name == "groundcheck.run"
                && s.links
                    .iter()
                    .any(|l| l.trace_id == trace_bytes && hex(&l.span_id) == ROOT)
        })
        .expect("a groundcheck.run span linked to the agent's run");
    for stage in [
        "groundcheck.assemble",
        "groundcheck.stage1",
        "groundcheck.stage2",
        "groundcheck.stage4",
        "groundcheck.sinks",
    ] {
        let s = own
            .iter()
            .find(|s| s.name == stage && s.trace_id == run.trace_id)
            .unwrap_or_else(|| panic!("{stage} span in the run's trace"));
        assert_eq!(
            s.parent_span_id, run.span_id,
            "{stage} is a child of the run span"
        );
        assert!(s.end_time_unix_nano >= s.start_time_unix_nano);
    }
    wait_for(
        "self-telemetry counters",
        || {
            recv.metric_names()
                .contains("groundcheck_receiver_spans_accepted_total")
        },
        &server,
    );
    let m = server.metrics();
    assert!(
        metric_value(&m, "groundcheck_forward_spans_total").unwrap() >= 3.0,
        "{m}"
    );
    assert_eq!(
        metric_value(&m, "groundcheck_forward_spans_dropped_total"),
        Some(0.0)
    );
}

fn prost_bytes(s: &Span) -> Vec<u8> {
    use prost::Message;
    s.encode_to_vec()
}

#[test]
fn a_next_hop_that_is_down_pushes_back_and_gets_the_spans_once_it_is_up() {
    // A port with nothing listening yet.
    let port = common::free_port_below_ephemeral();
    let ep = format!("http://127.0.0.1:{port}");
    let server = Server::start(&[
        "--summary",
        "false",
        "--forward-endpoint",
        &ep,
        "--forward-queue-spans",
        "3",
        "--forward-max-backoff-ms",
        "200",
        "--retry-after-secs",
        "2",
    ]);
    let first = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0101";
    let r = server.post_json(&bad_run(first));
    assert_eq!(r.status, 200, "{}", r.text());
    // The queue holds three spans: the next request is refused, not dropped.
    let second = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0102";
    let r = server.post_json(&bad_run(second));
    assert_eq!(r.status, 429, "{}", r.text());
    assert_eq!(r.header("retry-after"), Some("2"));
    let m = server.metrics();
    assert!(
        metric_value(&m, "groundcheck_forward_refused_total").unwrap() >= 1.0,
        "{m}"
    );
    assert_eq!(
        metric_value(&m, "groundcheck_forward_queue_spans"),
        Some(3.0),
        "{m}"
    );
    // The detection side is not held up by the next hop.
    server.wait_report(first, WAIT);

    // The next hop comes up: the held spans arrive (retried), the queue drains, and the
    // refused request goes through when the client retries.
    let (recv, _, _rt) = start_receiver(port);
    wait_for("the held spans forwarded", || recv.spans() == 3, &server);
    wait_for(
        "the forward queue drained",
        || metric_value(&server.metrics(), "groundcheck_forward_queue_spans") == Some(0.0),
        &server,
    );
    let m = server.metrics();
    assert!(
        metric_value(&m, "groundcheck_forward_retries_total").unwrap() >= 1.0,
        "{m}"
    );
    let r = server.post_json(&bad_run(second));
    assert_eq!(r.status, 200, "{}", r.text());
    wait_for(
        "the retried request forwarded",
        || recv.spans() == 6,
        &server,
    );
    assert_eq!(
        metric_value(&server.metrics(), "groundcheck_forward_spans_dropped_total"),
        Some(0.0)
    );
}
