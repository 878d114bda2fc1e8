//! Synthetic GenAI-shaped agent runs for load tests and benchmarks.
//!
//! A run is a root agent span, alternating model-turn and tool-execution spans, and a final
//! model turn with the answer, in one of the three dialects. Tool results are JSON padded to
//! the configured size; a configurable share of runs carries a hallucinated number in the
//! answer.

use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use groundcheck_proto::otlp::common::{
    any_value::Value as AV, AnyValue, InstrumentationScope, KeyValue,
};
use groundcheck_proto::otlp::resource::Resource;
use groundcheck_proto::otlp::trace::{ResourceSpans, ScopeSpans, Span};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GenDialect {
    Genai,
    Openinference,
    Openllmetry,
    Mix,
}

#[derive(Debug, Clone)]
pub struct GenConfig {
    /// Spans per run: root + (model turn, tool) pairs + final turn; even, ≥ 4 (odd rounds down).
    pub spans_per_run: usize,
    /// Approximate bytes of each tool result.
    pub result_bytes: usize,
    /// Share of runs whose answer contradicts the tool result.
    pub hallucinated_share: f64,
    pub dialect: GenDialect,
    /// Leave out the root span (runs stay open until the idle timeout: memory tests).
    pub omit_root: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            spans_per_run: 6,
            result_bytes: 256,
            hallucinated_share: 0.2,
            dialect: GenDialect::Genai,
            omit_root: false,
        }
    }
}

/// xorshift64* — deterministic, dependency-free.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn kv(k: &str, v: impl Into<String>) -> KeyValue {
    KeyValue {
        key: k.to_owned(),
        value: Some(AnyValue {
            value: Some(AV::StringValue(v.into())),
        }),
        ..Default::default()
    }
}

const SCHEMA: &str = r#"{"type":"object","properties":{"order_id":{"type":"string","pattern":"^ORD-\\d+$"}},"required":["order_id"],"additionalProperties":false}"#;

/// One generated run: its spans and trace id.
pub struct GenRun {
    pub trace_id: [u8; 16],
    pub spans: Vec<Span>,
    pub dialect: GenDialect,
    pub hallucinated: bool,
}

pub fn gen_run(cfg: &GenConfig, rng: &mut Rng, now_ns: u64) -> GenRun {
    let mut trace_id = [0u8; 16];
    trace_id[..8].copy_from_slice(&rng.next_u64().to_be_bytes());
    trace_id[8..].copy_from_slice(&rng.next_u64().to_be_bytes());
    let dialect = match cfg.dialect {
        GenDialect::Mix => match rng.next_u64() % 10 {
            0..=6 => GenDialect::Genai,
            7 | 8 => GenDialect::Openinference,
            _ => GenDialect::Openllmetry,
        },
        d => d,
    };
    let hallucinated = rng.f64() < cfg.hallucinated_share;
    let order = 1000 + rng.next_u64() % 9000;
    let total = 100 + rng.next_u64() % 900;
    let base = format!(
        r#"{{"order_id":"ORD-{order}","status":"shipped","total":{total}.5,"carrier":"UPS","notes":""}}"#
    );
    let pad = "x".repeat(cfg.result_bytes.saturating_sub(base.len()));
    let result = format!(
        r#"{{"order_id":"ORD-{order}","status":"shipped","total":{total}.5,"carrier":"UPS","notes":"{pad}"}}"#
    );
    let answer = format!(
        "Order ORD-{order} has shipped with UPS. The total was ${}.50.",
        if hallucinated { total + 100 } else { total }
    );
    let user = format!("Where is my order ORD-{order}?");
    let tool_turns = (cfg.spans_per_run.max(4) - 2) / 2;
    let mut span_id = rng.next_u64() | 1;
    let mut next_id = || {
        span_id = span_id.wrapping_add(0x9e37_79b9_7f4a_7c15) | 1;
        span_id.to_be_bytes().to_vec()
    };
    let root_id = next_id();
    let t0 = now_ns.saturating_sub(1_000_000_000);
    let mut spans = Vec::with_capacity(cfg.spans_per_run);
    let mk = |id: Vec<u8>,
              parent: Option<&Vec<u8>>,
              name: String,
              start: u64,
              end: u64,
              attrs: Vec<KeyValue>| Span {
        trace_id: trace_id.to_vec(),
        span_id: id,
        parent_span_id: parent.cloned().unwrap_or_default(),
        name,
        kind: 1,
        start_time_unix_nano: start,
        end_time_unix_nano: end,
        attributes: attrs,
        ..Default::default()
    };
    let args = format!(r#"{{"order_id":"ORD-{order}"}}"#);
    let mut t = t0 + 1000;
    for k in 0..tool_turns {
        let call_id = format!("call_{order}_{k}");
        let (chat_attrs, tool_attrs, chat_name, tool_name) = match dialect {
            GenDialect::Openinference => (
                vec![
                    kv("openinference.span.kind", "LLM"),
                    kv("llm.input_messages.0.message.role", "user"),
                    kv("llm.input_messages.0.message.content", user.clone()),
                    kv("llm.output_messages.0.message.role", "assistant"),
                    kv(
                        "llm.output_messages.0.message.tool_calls.0.tool_call.id",
                        call_id.clone(),
                    ),
                    kv(
                        "llm.output_messages.0.message.tool_calls.0.tool_call.function.name",
                        "get_order",
                    ),
                    kv(
                        "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments",
                        args.clone(),
                    ),
                    kv(
                        "llm.tools.0.tool.json_schema",
                        format!(
                            r#"{{"type":"function","function":{{"name":"get_order","parameters":{SCHEMA}}}}}"#
                        ),
                    ),
                ],
                vec![
                    kv("openinference.span.kind", "TOOL"),
                    kv("tool.name", "get_order"),
                    kv("tool_call.id", call_id.clone()),
                    kv("input.value", args.clone()),
                    kv("output.value", result.clone()),
                ],
                "Messages".to_owned(),
                "get_order".to_owned(),
            ),
            GenDialect::Openllmetry => (
                vec![
                    kv("llm.request.type", "chat"),
                    kv("gen_ai.prompt.0.role", "user"),
                    kv("gen_ai.prompt.0.content", user.clone()),
                    kv("gen_ai.completion.0.role", "assistant"),
                    kv("gen_ai.completion.0.tool_calls.0.id", call_id.clone()),
                    kv("gen_ai.completion.0.tool_calls.0.name", "get_order"),
                    kv("gen_ai.completion.0.tool_calls.0.arguments", args.clone()),
                    kv("llm.request.functions.0.name", "get_order"),
                    kv("llm.request.functions.0.parameters", SCHEMA),
                ],
                vec![
                    kv("traceloop.span.kind", "tool"),
                    kv("traceloop.entity.name", "get_order"),
                    kv(
                        "traceloop.entity.input",
                        format!(r#"{{"args":[],"kwargs":{args}}}"#),
                    ),
                    kv("traceloop.entity.output", result.clone()),
                ],
                "openai.chat".to_owned(),
                "get_order.tool".to_owned(),
            ),
            _ => (
                vec![
                    kv("gen_ai.operation.name", "chat"),
                    kv(
                        "gen_ai.input.messages",
                        format!(
                            r#"[{{"role":"user","parts":[{{"type":"text","content":"{user}"}}]}}]"#
                        ),
                    ),
                    kv(
                        "gen_ai.output.messages",
                        format!(
                            r#"[{{"role":"assistant","parts":[{{"type":"tool_call","id":"{call_id}","name":"get_order","arguments":{args}}}],"finish_reason":"tool_call"}}]"#
                        ),
                    ),
                    kv(
                        "gen_ai.tool.definitions",
                        format!(
                            r#"[{{"type":"function","name":"get_order","parameters":{SCHEMA}}}]"#
                        ),
                    ),
                ],
                vec![
                    kv("gen_ai.operation.name", "execute_tool"),
                    kv("gen_ai.tool.name", "get_order"),
                    kv("gen_ai.tool.call.id", call_id.clone()),
                    kv("gen_ai.tool.call.arguments", args.clone()),
                    kv("gen_ai.tool.call.result", result.clone()),
                ],
                "chat gpt-4o".to_owned(),
                "execute_tool get_order".to_owned(),
            ),
        };
        spans.push(mk(
            next_id(),
            Some(&root_id),
            chat_name,
            t,
            t + 1000,
            chat_attrs,
        ));
        t += 2000;
        spans.push(mk(
            next_id(),
            Some(&root_id),
            tool_name,
            t,
            t + 1000,
            tool_attrs,
        ));
        t += 2000;
    }
    let final_attrs = match dialect {
        GenDialect::Openinference => vec![
            kv("openinference.span.kind", "LLM"),
            kv("llm.input_messages.0.message.role", "user"),
            kv("llm.input_messages.0.message.content", user.clone()),
            kv("llm.output_messages.0.message.role", "assistant"),
            kv("llm.output_messages.0.message.content", answer.clone()),
        ],
        GenDialect::Openllmetry => vec![
            kv("llm.request.type", "chat"),
            kv("gen_ai.prompt.0.role", "user"),
            kv("gen_ai.prompt.0.content", user.clone()),
            kv("gen_ai.completion.0.role", "assistant"),
            kv("gen_ai.completion.0.content", answer.clone()),
            kv("gen_ai.completion.0.finish_reason", "stop"),
        ],
        _ => vec![
            kv("gen_ai.operation.name", "chat"),
            kv(
                "gen_ai.input.messages",
                format!(r#"[{{"role":"user","parts":[{{"type":"text","content":"{user}"}}]}}]"#),
            ),
            kv(
                "gen_ai.output.messages",
                format!(
                    r#"[{{"role":"assistant","parts":[{{"type":"text","content":"{answer}"}}],"finish_reason":"stop"}}]"#
                ),
            ),
        ],
    };
    spans.push(mk(
        next_id(),
        Some(&root_id),
        "chat final".to_owned(),
        t,
        t + 1000,
        final_attrs,
    ));
    let root_attrs = match dialect {
        GenDialect::Openinference => vec![
            kv("openinference.span.kind", "AGENT"),
            kv("input.value", user.clone()),
            kv("output.value", answer.clone()),
        ],
        GenDialect::Openllmetry => vec![
            kv("traceloop.span.kind", "agent"),
            kv("traceloop.entity.name", "shop-agent"),
        ],
        _ => vec![
            kv("gen_ai.operation.name", "invoke_agent"),
            kv("gen_ai.agent.name", "shop-agent"),
        ],
    };
    if !cfg.omit_root {
        spans.push(mk(
            root_id,
            None,
            "invoke_agent shop-agent".to_owned(),
            t0,
            now_ns,
            root_attrs,
        ));
    }
    GenRun {
        trace_id,
        spans,
        dialect,
        hallucinated,
    }
}

/// A request holding `runs` whole runs.
pub fn gen_request(
    cfg: &GenConfig,
    rng: &mut Rng,
    runs: usize,
    now_ns: u64,
) -> (ExportTraceServiceRequest, Vec<[u8; 16]>) {
    let mut spans = Vec::new();
    let mut ids = Vec::with_capacity(runs);
    for _ in 0..runs {
        let r = gen_run(cfg, rng, now_ns);
        ids.push(r.trace_id);
        spans.extend(r.spans);
    }
    let req = ExportTraceServiceRequest {
        resource_spans: vec![ResourceSpans {
            resource: Some(Resource {
                attributes: vec![kv("service.name", "loadgen-agent")],
                ..Default::default()
            }),
            scope_spans: vec![ScopeSpans {
                scope: Some(InstrumentationScope {
                    name: "groundcheck-loadgen".into(),
                    ..Default::default()
                }),
                spans,
                ..Default::default()
            }],
            ..Default::default()
        }],
    };
    (req, ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use groundcheck_detectors::normalize::normalize_request;
    use groundcheck_detectors::run::build_run;

    #[test]
    fn generated_runs_normalize_in_every_dialect() {
        for d in [
            GenDialect::Genai,
            GenDialect::Openinference,
            GenDialect::Openllmetry,
        ] {
            let cfg = GenConfig {
                dialect: d,
                spans_per_run: 8,
                result_bytes: 1024,
                hallucinated_share: 0.0,
                omit_root: false,
            };
            let (req, ids) = gen_request(&cfg, &mut Rng::new(7), 1, 2_000_000_000);
            let n = normalize_request(&req);
            assert!(n.rejected.is_empty());
            assert_eq!(n.spans.len(), 8);
            let run = build_run(n.spans);
            assert_eq!(run.run_id, groundcheck_detectors::span::hex(&ids[0]));
            assert_eq!(run.tool_calls.len(), 3, "{d:?}");
            assert!(run
                .tool_calls
                .iter()
                .all(|c| c.result.as_ref().is_some_and(|r| r.len() == 1024)));
            assert!(
                run.final_answer
                    .as_deref()
                    .unwrap_or("")
                    .contains("The total was"),
                "{d:?}"
            );
        }
    }
}
