//! The normalizer per dialect, with structure: spans whose attribute keys come from each
//! dialect's own vocabulary (OTel GenAI current and deprecated, OpenInference, OpenLLMetry),
//! whose values are arbitrary text, words of the dialect (span kinds, roles, finish reasons)
//! or JSON built from the message/tool vocabulary, plus GenAI events → normalization → run
//! building → Stages 1–4 → report checks and encodings.
#![no_main]

use arbitrary::Arbitrary;
use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use groundcheck_proto::otlp::common::{
    any_value::Value as AV, AnyValue, ArrayValue, KeyValue, KeyValueList,
};
use groundcheck_proto::otlp::resource::Resource;
use groundcheck_proto::otlp::trace::{span::Event, ResourceSpans, ScopeSpans, Span, Status};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Map, Value as J};

const GENAI: &[&str] = &[
    "gen_ai.operation.name",
    "gen_ai.agent.name",
    "gen_ai.request.model",
    "gen_ai.response.model",
    "gen_ai.system",
    "gen_ai.system_instructions",
    "gen_ai.input.messages",
    "gen_ai.output.messages",
    "gen_ai.tool.definitions",
    "gen_ai.tool.name",
    "gen_ai.tool.call.id",
    "gen_ai.tool.call.arguments",
    "gen_ai.tool.call.result",
    "gen_ai.retrieval.documents",
    "gen_ai.prompt.{n}.role",
    "gen_ai.prompt.{n}.content",
    "gen_ai.prompt.{n}.tool_call_id",
    "gen_ai.completion.{n}.role",
    "gen_ai.completion.{n}.content",
    "gen_ai.completion.{n}.finish_reason",
    "gen_ai.completion.{n}.tool_calls.{m}.id",
    "gen_ai.completion.{n}.tool_calls.{m}.name",
    "gen_ai.completion.{n}.tool_calls.{m}.arguments",
    "gen_ai.prompt",
    "gen_ai.completion",
    "error.type",
];

const OPENINFERENCE: &[&str] = &[
    "openinference.span.kind",
    "agent.name",
    "input.value",
    "output.value",
    "input.mime_type",
    "output.mime_type",
    "llm.model_name",
    "llm.input_messages.{n}.message.role",
    "llm.input_messages.{n}.message.content",
    "llm.input_messages.{n}.message.tool_call_id",
    "llm.input_messages.{n}.message.contents.{m}.message_content.text",
    "llm.output_messages.{n}.message.role",
    "llm.output_messages.{n}.message.content",
    "llm.output_messages.{n}.message.tool_calls.{m}.tool_call.id",
    "llm.output_messages.{n}.message.tool_calls.{m}.tool_call.function.name",
    "llm.output_messages.{n}.message.tool_calls.{m}.tool_call.function.arguments",
    "llm.tools.{n}.tool.json_schema",
    "tool.name",
    "tool.description",
    "tool.parameters",
    "tool_call.id",
    "tool.id",
    "retrieval.documents.{n}.document.content",
    "error.type",
];

const OPENLLMETRY: &[&str] = &[
    "traceloop.span.kind",
    "traceloop.entity.name",
    "traceloop.entity.input",
    "traceloop.entity.output",
    "traceloop.workflow.name",
    "llm.request.type",
    "llm.request.functions.{n}.name",
    "llm.request.functions.{n}.description",
    "llm.request.functions.{n}.parameters",
    "gen_ai.system",
    "gen_ai.request.model",
    "gen_ai.prompt.{n}.role",
    "gen_ai.prompt.{n}.content",
    "gen_ai.prompt.{n}.tool_call_id",
    "gen_ai.completion.{n}.role",
    "gen_ai.completion.{n}.content",
    "gen_ai.completion.{n}.finish_reason",
    "gen_ai.completion.{n}.tool_calls.{m}.id",
    "gen_ai.completion.{n}.tool_calls.{m}.name",
    "gen_ai.completion.{n}.tool_calls.{m}.arguments",
];

const EVENTS: &[&str] = &[
    "gen_ai.system.message",
    "gen_ai.user.message",
    "gen_ai.assistant.message",
    "gen_ai.tool.message",
    "gen_ai.choice",
    "gen_ai.content.prompt",
    "gen_ai.content.completion",
    "exception",
];

const EVENT_KEYS: &[&str] = &[
    "content",
    "role",
    "id",
    "message",
    "finish_reason",
    "index",
    "tool_calls",
    "gen_ai.prompt",
    "gen_ai.completion",
    "gen_ai.system",
];

/// Values that mean something to some dialect.
const WORDS: &[&str] = &[
    "invoke_agent",
    "chat",
    "text_completion",
    "generate_content",
    "execute_tool",
    "create_agent",
    "AGENT",
    "LLM",
    "TOOL",
    "RETRIEVER",
    "CHAIN",
    "agent",
    "workflow",
    "tool",
    "task",
    "user",
    "assistant",
    "system",
    "developer",
    "stop",
    "tool_calls",
    "length",
    "application/json",
    "text/plain",
    "{}",
    "[]",
    "null",
    "",
];

const JSON_KEYS: &[&str] = &[
    "role",
    "content",
    "parts",
    "type",
    "text",
    "id",
    "name",
    "arguments",
    "response",
    "result",
    "finish_reason",
    "tool_calls",
    "function",
    "properties",
    "required",
    "parameters",
    "args",
    "kwargs",
    "inputs",
    "outputs",
    "description",
    "enum",
    "format",
    "items",
    "message",
    "index",
];

#[derive(Arbitrary, Debug)]
struct Input {
    service: Option<String>,
    spans: Vec<FSpan>,
}

#[derive(Arbitrary, Debug)]
struct FSpan {
    dialect: u8,
    trace: bool,
    id: u8,
    parent: Option<u8>,
    name: String,
    start: u16,
    duration: u16,
    error: bool,
    attrs: Vec<(u8, u8, FValue)>,
    events: Vec<(u8, Vec<(u8, FValue)>)>,
}

#[derive(Arbitrary, Debug)]
enum FValue {
    Text(String),
    Word(u8),
    Json(FJson),
    Messages(Vec<FMsg>),
    Int(i64),
    Bool(bool),
    Double(f64),
    Bytes(Vec<u8>),
    Array(Vec<String>),
    Kv(Vec<(u8, String)>),
}

#[derive(Arbitrary, Debug)]
enum FJson {
    Null,
    Bool(bool),
    Num(f64),
    Int(i64),
    Str(String),
    Word(u8),
    Arr(Vec<FJson>),
    Obj(Vec<(u8, FJson)>),
}

/// A chat message in the GenAI parts form or the flat `content` form.
#[derive(Arbitrary, Debug)]
struct FMsg {
    role: u8,
    text: String,
    parts: bool,
    finish: Option<u8>,
    tool_call: Option<(String, u8, FJson)>,
    tool_response: Option<(String, FJson)>,
}

fn word(i: u8) -> &'static str {
    WORDS[i as usize % WORDS.len()]
}

fn json(v: &FJson, depth: usize) -> J {
    if depth > 24 {
        return J::Null;
    }
    match v {
        FJson::Null => J::Null,
        FJson::Bool(b) => J::Bool(*b),
        FJson::Num(f) => serde_json::Number::from_f64(*f).map_or(J::Null, J::Number),
        FJson::Int(i) => json!(i),
        FJson::Str(s) => J::String(s.clone()),
        FJson::Word(w) => J::String(word(*w).to_owned()),
        FJson::Arr(a) => J::Array(a.iter().map(|x| json(x, depth + 1)).collect()),
        FJson::Obj(kv) => {
            let mut m = Map::new();
            for (k, x) in kv {
                m.insert(
                    JSON_KEYS[*k as usize % JSON_KEYS.len()].to_owned(),
                    json(x, depth + 1),
                );
            }
            J::Object(m)
        }
    }
}

fn message(m: &FMsg) -> J {
    let role = ["user", "assistant", "system", "tool"][m.role as usize % 4];
    let mut out = Map::new();
    out.insert("role".into(), json!(role));
    if m.parts {
        let mut parts = vec![json!({"type": "text", "content": m.text})];
        if let Some((id, name, args)) = &m.tool_call {
            parts.push(json!({"type": "tool_call", "id": id, "name": word(*name),
                              "arguments": json(args, 0)}));
        }
        if let Some((id, resp)) = &m.tool_response {
            parts.push(json!({"type": "tool_call_response", "id": id, "response": json(resp, 0)}));
        }
        out.insert("parts".into(), J::Array(parts));
    } else {
        out.insert("content".into(), json!(m.text));
        if let Some((id, name, args)) = &m.tool_call {
            out.insert(
                "tool_calls".into(),
                json!([{"id": id, "type": "function",
                         "function": {"name": word(*name), "arguments": json(args, 0).to_string()}}]),
            );
        }
        if let Some((id, _)) = &m.tool_response {
            out.insert("tool_call_id".into(), json!(id));
        }
    }
    if let Some(f) = m.finish {
        out.insert("finish_reason".into(), json!(word(f)));
    }
    J::Object(out)
}

fn any(v: &FValue) -> AnyValue {
    let value = match v {
        FValue::Text(s) => AV::StringValue(s.clone()),
        FValue::Word(w) => AV::StringValue(word(*w).to_owned()),
        FValue::Json(j) => AV::StringValue(json(j, 0).to_string()),
        FValue::Messages(ms) => {
            AV::StringValue(J::Array(ms.iter().map(message).collect()).to_string())
        }
        FValue::Int(i) => AV::IntValue(*i),
        FValue::Bool(b) => AV::BoolValue(*b),
        FValue::Double(d) => AV::DoubleValue(*d),
        FValue::Bytes(b) => AV::BytesValue(b.clone()),
        FValue::Array(a) => AV::ArrayValue(ArrayValue {
            values: a
                .iter()
                .map(|s| AnyValue {
                    value: Some(AV::StringValue(s.clone())),
                })
                .collect(),
        }),
        FValue::Kv(kv) => AV::KvlistValue(KeyValueList {
            values: kv
                .iter()
                .map(|(k, s)| KeyValue {
                    key: JSON_KEYS[*k as usize % JSON_KEYS.len()].to_owned(),
                    value: Some(AnyValue {
                        value: Some(AV::StringValue(s.clone())),
                    }),
                    ..Default::default()
                })
                .collect(),
        }),
    };
    AnyValue { value: Some(value) }
}

fn key(dialect: u8, k: u8, n: u8) -> String {
    let table = [GENAI, OPENINFERENCE, OPENLLMETRY][dialect as usize % 3];
    table[k as usize % table.len()]
        .replace("{n}", &(n % 4).to_string())
        .replace("{m}", &((n / 4) % 3).to_string())
}

fn span_id(i: u8) -> Vec<u8> {
    vec![0x5a, 0, 0, 0, 0, 0, 1, i.max(1)]
}

fuzz_target!(|input: Input| {
    let base: u64 = 1_774_269_169_000_000_000;
    let spans: Vec<Span> = input
        .spans
        .iter()
        .take(16)
        .map(|s| Span {
            trace_id: if s.trace {
                vec![0x11; 16]
            } else {
                vec![0x22; 16]
            },
            span_id: span_id(s.id),
            parent_span_id: s.parent.map(span_id).unwrap_or_default(),
            name: s.name.clone(),
            kind: 1,
            start_time_unix_nano: base + u64::from(s.start) * 1000,
            end_time_unix_nano: base + (u64::from(s.start) + u64::from(s.duration)) * 1000,
            attributes: s
                .attrs
                .iter()
                .take(32)
                .map(|(k, n, v)| KeyValue {
                    key: key(s.dialect, *k, *n),
                    value: Some(any(v)),
                    ..Default::default()
                })
                .collect(),
            events: s
                .events
                .iter()
                .take(8)
                .map(|(name, attrs)| Event {
                    time_unix_nano: base,
                    name: EVENTS[*name as usize % EVENTS.len()].to_owned(),
                    attributes: attrs
                        .iter()
                        .take(8)
                        .map(|(k, v)| KeyValue {
                            key: EVENT_KEYS[*k as usize % EVENT_KEYS.len()].to_owned(),
                            value: Some(any(v)),
                            ..Default::default()
                        })
                        .collect(),
                    dropped_attributes_count: 0,
                })
                .collect(),
            status: s.error.then(|| Status {
                message: "error".into(),
                code: 2,
            }),
            ..Default::default()
        })
        .collect();
    let req = ExportTraceServiceRequest {
        resource_spans: vec![ResourceSpans {
            resource: Some(Resource {
                attributes: input
                    .service
                    .iter()
                    .map(|s| KeyValue {
                        key: "service.name".into(),
                        value: Some(AnyValue {
                            value: Some(AV::StringValue(s.clone())),
                        }),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }),
            scope_spans: vec![ScopeSpans {
                spans,
                ..Default::default()
            }],
            ..Default::default()
        }],
    };
    groundcheck_fuzz::detect_all(&req);
});
