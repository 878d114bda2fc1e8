//! Dialect forms not covered by the dev data: structured (AnyValue) messages, deprecated
//! events and flattened prompts, OpenInference retriever documents, bad ids.

use super::*;
use crate::run::build_run;
use crate::span::{Dialect, SpanRole};
use groundcheck_proto::otlp::common::{
    any_value::Value as AV, AnyValue, ArrayValue, KeyValue, KeyValueList,
};
use groundcheck_proto::otlp::trace::span::Event;

fn s(v: &str) -> Option<AnyValue> {
    Some(AnyValue {
        value: Some(AV::StringValue(v.into())),
    })
}
fn kv(k: &str, v: Option<AnyValue>) -> KeyValue {
    KeyValue {
        key: k.into(),
        value: v,
        ..Default::default()
    }
}
fn obj(fields: Vec<(&str, Option<AnyValue>)>) -> Option<AnyValue> {
    Some(AnyValue {
        value: Some(AV::KvlistValue(KeyValueList {
            values: fields.into_iter().map(|(k, v)| kv(k, v)).collect(),
        })),
    })
}
fn arr(items: Vec<Option<AnyValue>>) -> Option<AnyValue> {
    Some(AnyValue {
        value: Some(AV::ArrayValue(ArrayValue {
            values: items.into_iter().map(|i| i.unwrap()).collect(),
        })),
    })
}
fn span(id: u8, parent: Option<u8>, attrs: Vec<KeyValue>, events: Vec<Event>, start: u64) -> Span {
    Span {
        trace_id: vec![7; 16],
        span_id: vec![id; 8],
        parent_span_id: parent.map(|p| vec![p; 8]).unwrap_or_default(),
        start_time_unix_nano: start,
        end_time_unix_nano: start + 10,
        attributes: attrs,
        events,
        ..Default::default()
    }
}

#[test]
fn genai_structured_messages() {
    let out = obj(vec![
        ("role", s("assistant")),
        (
            "parts",
            arr(vec![obj(vec![
                ("type", s("text")),
                ("content", s("The answer is 42.")),
            ])]),
        ),
        ("finish_reason", s("stop")),
    ]);
    let sp = span(
        2,
        Some(1),
        vec![
            kv("gen_ai.operation.name", s("chat")),
            kv("gen_ai.output.messages", arr(vec![out])),
        ],
        vec![],
        5,
    );
    let n = normalize_span(&sp, Some("svc"), 0).unwrap();
    assert_eq!(n.facts.role, SpanRole::Llm);
    assert_eq!(n.facts.output[0].content, "The answer is 42.");
    assert_eq!(n.facts.output[0].finish_reason.as_deref(), Some("stop"));
}

#[test]
fn genai_deprecated_events_and_flattened_prompts() {
    let ev = |name: &str, attrs: Vec<KeyValue>| Event {
        name: name.into(),
        attributes: attrs,
        ..Default::default()
    };
    let chat = span(
        2,
        Some(1),
        vec![kv("gen_ai.system", s("openai"))],
        vec![
            ev(
                "gen_ai.system.message",
                vec![kv("content", s("Be precise."))],
            ),
            ev(
                "gen_ai.user.message",
                vec![kv("content", s("Weather in Oslo?"))],
            ),
            ev(
                "gen_ai.choice",
                vec![
                    kv("finish_reason", s("stop")),
                    kv(
                        "message",
                        s(r#"{"role":"assistant","content":"Oslo is 4°C."}"#),
                    ),
                ],
            ),
        ],
        5,
    );
    let root = span(
        1,
        None,
        vec![
            kv("gen_ai.operation.name", s("invoke_agent")),
            kv("gen_ai.agent.name", s("wx")),
        ],
        vec![],
        1,
    );
    let spans = vec![
        normalize_span(&root, None, 0).unwrap(),
        normalize_span(&chat, None, 1).unwrap(),
    ];
    let run = build_run(spans);
    assert_eq!(run.dialect, Dialect::Genai);
    assert_eq!(run.system_prompt, "Be precise.");
    assert_eq!(run.user_input, "Weather in Oslo?");
    assert_eq!(run.final_answer.as_deref(), Some("Oslo is 4°C."));

    let flat = span(
        3,
        Some(1),
        vec![
            kv("gen_ai.prompt.0.role", s("user")),
            kv("gen_ai.prompt.0.content", s("hi")),
            kv("gen_ai.completion.0.role", s("assistant")),
            kv("gen_ai.completion.0.tool_calls.0.id", s("c1")),
            kv("gen_ai.completion.0.tool_calls.0.name", s("get")),
            kv("gen_ai.completion.0.tool_calls.0.arguments", s("{}")),
        ],
        vec![],
        5,
    );
    let n = normalize_span(&flat, None, 0).unwrap();
    assert_eq!(n.facts.role, SpanRole::Llm);
    assert_eq!(n.facts.output[0].tool_calls[0].name, "get");
}

#[test]
fn openinference_retriever_documents_are_evidence() {
    let sp = span(
        2,
        Some(1),
        vec![
            kv("openinference.span.kind", s("RETRIEVER")),
            kv(
                "retrieval.documents.0.document.content",
                s("Policy 7: refunds within 30 days."),
            ),
        ],
        vec![],
        5,
    );
    let run = build_run(vec![normalize_span(&sp, None, 0).unwrap()]);
    assert!(run
        .evidence()
        .iter()
        .any(|e| e.source == "retriever:0" && e.text.contains("30 days")));
}

#[test]
fn unusable_ids_are_rejected_with_reasons() {
    let mut sp = span(2, None, vec![], vec![], 1);
    sp.trace_id = vec![1, 2, 3];
    assert!(matches!(
        normalize_span(&sp, None, 4),
        Err(SpanRejection::BadTraceId { index: 4, len: 3 })
    ));
    let mut sp = span(2, None, vec![], vec![], 1);
    sp.span_id = vec![0; 8];
    assert!(normalize_span(&sp, None, 0).is_err());
    let mut sp = span(2, None, vec![], vec![], 1);
    sp.parent_span_id = vec![1; 5];
    assert!(normalize_span(&sp, None, 0).is_err());
}

#[test]
fn unknown_spans_are_kept_but_ignored() {
    let sp = span(
        2,
        Some(1),
        vec![kv("http.request.method", s("POST"))],
        vec![],
        1,
    );
    let n = normalize_span(&sp, None, 0).unwrap();
    assert_eq!(n.facts.dialect, Dialect::Unknown);
    let run = build_run(vec![n]);
    assert_eq!(run.ignored_spans, 1);
    assert_eq!(run.span_count, 1);
}

#[test]
fn profile_selector_attributes_are_kept_root_first() {
    let long = "x".repeat(crate::span::SELECTOR_MAX_VALUE + 1);
    let root = span(
        1,
        None,
        vec![
            kv("gen_ai.operation.name", s("invoke_agent")),
            kv("gen_ai.agent.description", s("refunds")),
            kv("groundcheck.task_type", s("brainstorm")),
            kv("groundcheck.too_long", s(&long)),
            kv("user.secret", s("not kept")),
        ],
        vec![],
        1,
    );
    let child = span(
        2,
        Some(1),
        vec![
            kv("gen_ai.operation.name", s("chat")),
            kv("groundcheck.task_type", s("child value")),
            kv("task.type", s("support")),
        ],
        vec![],
        2,
    );
    let run = build_run(vec![
        normalize_span(&child, None, 0).unwrap(),
        normalize_span(&root, None, 1).unwrap(),
    ]);
    let a = &run.attributes;
    assert_eq!(a["groundcheck.task_type"], "brainstorm", "root first");
    assert_eq!(a["gen_ai.agent.description"], "refunds");
    assert_eq!(a["task.type"], "support", "else the first span with one");
    assert_eq!(a["gen_ai.operation.name"], "invoke_agent");
    assert!(!a.contains_key("user.secret"));
    assert!(!a.contains_key("groundcheck.too_long"));
}
