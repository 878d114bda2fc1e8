//! Normalizer: OTLP spans (three dialects) → [`NormalizedSpan`].
//!
//! | canonical field | OTel GenAI (current / deprecated) | OpenInference | OpenLLMetry |
//! |---|---|---|---|
//! | run root | `gen_ai.operation.name=invoke_agent`, or the span without parent | `openinference.span.kind=AGENT` | `traceloop.span.kind=agent\|workflow` |
//! | model turn | `gen_ai.operation.name=chat\|text_completion\|generate_content` | `openinference.span.kind=LLM` | `llm.request.type` / `gen_ai.prompt.N.*` |
//! | system prompt | `gen_ai.system_instructions`; system message; event `gen_ai.system.message` | `llm.input_messages.N.message` role system | `gen_ai.prompt.N` role system |
//! | user input | first user message of `gen_ai.input.messages`; event `gen_ai.user.message`; `gen_ai.prompt.N` | AGENT `input.value`; `llm.input_messages` role user | agent `traceloop.entity.input` (`args[0]`); `gen_ai.prompt.N` role user |
//! | tool definitions | `gen_ai.tool.definitions` | `llm.tools.N.tool.json_schema` | `llm.request.functions.N.name\|description\|parameters` |
//! | tool calls (model side) | `tool_call` parts of `gen_ai.output.messages`; `gen_ai.completion.N.tool_calls.J.*`; event `gen_ai.choice` | `llm.output_messages.N.message.tool_calls.K.tool_call.*` | `gen_ai.completion.N.tool_calls.J.*` |
//! | tool execution | `execute_tool`: `gen_ai.tool.name`, `gen_ai.tool.call.id\|arguments\|result` | TOOL: `tool.name`, `tool_call.id`, `input.value`, `output.value` | `traceloop.span.kind=tool`: `traceloop.entity.name\|input(kwargs)\|output` (no call id: matched by order and name) |
//! | tool results (history) | `tool_call_response` parts (`response` or `result`); event `gen_ai.tool.message` | `llm.input_messages` role tool + `tool_call_id` | `gen_ai.prompt.N` role tool + `tool_call_id` |
//! | final answer | text of the last `chat` output with `finish_reason=stop`, else the agent span's output | last LLM output, else AGENT `output.value` | last completion, else agent `traceloop.entity.output` (JSON-decoded) |
//! | evidence documents | — | RETRIEVER `retrieval.documents.N.document.content` | — |
//!
//! Spans that match no dialect (HTTP client spans and the like) are kept with
//! [`Dialect::Unknown`] and [`SpanRole::Other`]: they count toward the run but detection
//! ignores them.

mod genai;
mod openinference;
mod openllmetry;

use crate::attrs::{json_to_text, Attrs};
use crate::span::{Message, NormalizedSpan, SpanFacts, ToolCallPart, ToolDefinition};
use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use groundcheck_proto::otlp::trace::{status::StatusCode, Span};
use serde_json::Value as J;

/// Why a span could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpanRejection {
    #[error("span {index}: trace_id must be 16 non-zero bytes (got {len} bytes)")]
    BadTraceId { index: usize, len: usize },
    #[error("span {index}: span_id must be 8 non-zero bytes (got {len} bytes)")]
    BadSpanId { index: usize, len: usize },
    #[error("span {index}: parent_span_id must be empty or 8 bytes (got {len} bytes)")]
    BadParentId { index: usize, len: usize },
}

/// Result of normalizing one export request.
#[derive(Debug, Default)]
pub struct Normalized {
    pub spans: Vec<NormalizedSpan>,
    /// Spans that could not be used (OTLP `partial_success.rejected_spans`).
    pub rejected: Vec<SpanRejection>,
}

impl Normalized {
    /// A one-line message for OTLP `partial_success.error_message` (first few reasons).
    pub fn error_message(&self) -> String {
        let mut msg: Vec<String> = self
            .rejected
            .iter()
            .take(3)
            .map(|r| r.to_string())
            .collect();
        if self.rejected.len() > 3 {
            msg.push(format!("and {} more", self.rejected.len() - 3));
        }
        msg.join("; ")
    }
}

/// Per-request normalization state: tool-definition lists already seen in this request.
/// Model spans repeat the same definitions on every turn; only the first span of a request
/// carries them (the run builder merges definitions across spans), so each distinct list is
/// parsed once per request.
#[derive(Default)]
pub struct NormalizeCtx {
    seen_tool_defs: std::collections::HashSet<u64>,
}

impl NormalizeCtx {
    /// True the first time this raw definitions text is seen.
    pub(crate) fn first_sighting(&mut self, raw: &str) -> bool {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        raw.hash(&mut h);
        self.seen_tool_defs.insert(h.finish())
    }
}

/// Normalize every span of an export request.
pub fn normalize_request(req: &ExportTraceServiceRequest) -> Normalized {
    let mut out = Normalized::default();
    let mut ctx = NormalizeCtx::default();
    let mut index = 0usize;
    for rs in &req.resource_spans {
        let service = rs.resource.as_ref().and_then(|r| {
            r.attributes
                .iter()
                .find(|kv| kv.key == "service.name")
                .and_then(|kv| kv.value.as_ref())
                .map(crate::attrs::any_to_text)
        });
        for ss in &rs.scope_spans {
            for span in &ss.spans {
                match normalize_span_in(span, service.as_deref(), index, &mut ctx) {
                    Ok(s) => out.spans.push(s),
                    Err(e) => out.rejected.push(e),
                }
                index += 1;
            }
        }
    }
    out
}

fn id16(b: &[u8]) -> Option<[u8; 16]> {
    let a: [u8; 16] = b.try_into().ok()?;
    (a != [0; 16]).then_some(a)
}
fn id8(b: &[u8]) -> Option<[u8; 8]> {
    let a: [u8; 8] = b.try_into().ok()?;
    (a != [0; 8]).then_some(a)
}

/// Normalize one span. `index` is its position in the request (for error messages).
pub fn normalize_span(
    span: &Span,
    service: Option<&str>,
    index: usize,
) -> Result<NormalizedSpan, SpanRejection> {
    normalize_span_in(span, service, index, &mut NormalizeCtx::default())
}

/// Trace id, span id and parent span id (`None`: a root span).
pub type SpanIds = ([u8; 16], [u8; 8], Option<[u8; 8]>);

/// The span's trace, span and parent ids, or why the span is unusable (the one rule the
/// receivers apply: what it rejects is reported in OTLP partial success and never forwarded).
/// An empty or all-zero parent id means a root span.
pub fn span_ids(span: &Span, index: usize) -> Result<SpanIds, SpanRejection> {
    let trace_id = id16(&span.trace_id).ok_or(SpanRejection::BadTraceId {
        index,
        len: span.trace_id.len(),
    })?;
    let span_id = id8(&span.span_id).ok_or(SpanRejection::BadSpanId {
        index,
        len: span.span_id.len(),
    })?;
    let parent_span_id =
        if span.parent_span_id.is_empty() || span.parent_span_id.iter().all(|b| *b == 0) {
            None
        } else {
            Some(id8(&span.parent_span_id).ok_or(SpanRejection::BadParentId {
                index,
                len: span.parent_span_id.len(),
            })?)
        };
    Ok((trace_id, span_id, parent_span_id))
}

/// [`normalize_span`] within a request's context.
pub fn normalize_span_in(
    span: &Span,
    service: Option<&str>,
    index: usize,
    ctx: &mut NormalizeCtx,
) -> Result<NormalizedSpan, SpanRejection> {
    let (trace_id, span_id, parent_span_id) = span_ids(span, index)?;
    let status_error = span
        .status
        .as_ref()
        .is_some_and(|s| s.code == StatusCode::Error as i32);
    let attrs = Attrs::new(&span.attributes);
    let facts = if attrs.contains("openinference.span.kind") {
        openinference::facts(&attrs, ctx)
    } else if attrs.contains("traceloop.span.kind") || attrs.contains("llm.request.type") {
        openllmetry::facts(&attrs)
    } else if attrs.keys_with_prefix("gen_ai.").next().is_some()
        || span.events.iter().any(|e| e.name.starts_with("gen_ai."))
    {
        genai::facts(&attrs, span, ctx)
    } else {
        SpanFacts::default()
    };
    let mut facts = facts;
    for kv in &span.attributes {
        if facts.selectors.len() >= crate::span::SELECTOR_MAX {
            break;
        }
        let k = kv.key.as_str();
        if !(crate::span::SELECTOR_KEYS.contains(&k) || k.starts_with("groundcheck.")) {
            continue;
        }
        if let Some(v) = attrs.str_ref(k) {
            if v.len() <= crate::span::SELECTOR_MAX_VALUE {
                facts.selectors.push((k.to_owned(), v.to_owned()));
            }
        }
    }
    if let Some(t) = facts.tool.as_mut() {
        t.error |= status_error || attrs.contains("error.type");
    }
    Ok(NormalizedSpan {
        trace_id,
        span_id,
        parent_span_id,
        name: span.name.clone(),
        start_unix_nano: span.start_time_unix_nano,
        end_unix_nano: span.end_time_unix_nano,
        service_name: service.map(str::to_owned),
        status_error,
        facts,
        tenant: None,
    })
}

// ---- helpers shared by the dialect modules ----

/// Parse a message list in either the GenAI parts shape (`{role, parts:[…]}`) or the
/// OpenAI chat shape (`{role, content, tool_calls, tool_call_id}`).
pub(crate) fn messages_from_json(v: &J) -> Vec<Message> {
    match v {
        J::Array(items) => items.iter().filter_map(message_from_json).collect(),
        J::Object(_) => message_from_json(v).into_iter().collect(),
        _ => Vec::new(),
    }
}

pub(crate) fn message_from_json(v: &J) -> Option<Message> {
    let o = v.as_object()?;
    let mut m = Message {
        role: o.get("role").and_then(J::as_str).unwrap_or("").to_owned(),
        finish_reason: o
            .get("finish_reason")
            .and_then(J::as_str)
            .map(str::to_owned),
        tool_call_id: o.get("tool_call_id").and_then(J::as_str).map(str::to_owned),
        ..Default::default()
    };
    let mut texts: Vec<String> = Vec::new();
    if let Some(J::Array(parts)) = o.get("parts") {
        for p in parts {
            let ty = p.get("type").and_then(J::as_str).unwrap_or("text");
            match ty {
                "tool_call" => m.tool_calls.push(tool_call_from_json(p)),
                "tool_call_response" => {
                    if m.tool_call_id.is_none() {
                        m.tool_call_id = p.get("id").and_then(J::as_str).map(str::to_owned);
                    }
                    if let Some(r) = p.get("response").or_else(|| p.get("result")) {
                        texts.push(json_to_text(r));
                    }
                }
                _ => {
                    if let Some(c) = p.get("content").or_else(|| p.get("text")) {
                        texts.push(json_to_text(c));
                    }
                }
            }
        }
    }
    match o.get("content") {
        Some(J::String(s)) => texts.push(s.clone()),
        Some(J::Array(parts)) => {
            for p in parts {
                if let Some(t) = p.get("text").or_else(|| p.get("content")) {
                    texts.push(json_to_text(t));
                }
            }
        }
        _ => {}
    }
    if let Some(J::Array(calls)) = o.get("tool_calls") {
        m.tool_calls.extend(calls.iter().map(tool_call_from_json));
    }
    m.content = texts.join("\n");
    Some(m)
}

/// `{id, name, arguments}` or `{id, function:{name, arguments}}`.
pub(crate) fn tool_call_from_json(v: &J) -> ToolCallPart {
    let f = v.get("function").unwrap_or(v);
    ToolCallPart {
        id: v.get("id").and_then(J::as_str).map(str::to_owned),
        name: f.get("name").and_then(J::as_str).unwrap_or("").to_owned(),
        arguments: f.get("arguments").map(json_to_text),
    }
}

/// `{name, description, parameters}` or `{type:"function", function:{…}}`.
pub(crate) fn tool_def_from_json(v: &J) -> Option<ToolDefinition> {
    let f = v.get("function").unwrap_or(v);
    let name = f.get("name").and_then(J::as_str)?.to_owned();
    let parameters = f
        .get("parameters")
        .or_else(|| f.get("input_schema"))
        .or_else(|| f.get("json_schema"))
        .map(|p| match p {
            J::String(s) => serde_json::from_str(s).unwrap_or(J::Null),
            other => other.clone(),
        });
    Some(ToolDefinition {
        name,
        description: f.get("description").and_then(J::as_str).map(str::to_owned),
        parameters: parameters.filter(|p| !p.is_null()),
    })
}

/// Legacy flattened prompt/completion attributes shared by OpenLLMetry and the deprecated
/// GenAI form: `{prefix}N.role|content|finish_reason|tool_call_id|tool_calls.J.id|name|arguments`.
pub(crate) fn flattened_messages(attrs: &Attrs<'_>, prefix: &str) -> Vec<Message> {
    attrs
        .indices(prefix)
        .into_iter()
        .map(|n| {
            let p = format!("{prefix}{n}.");
            let calls_prefix = format!("{p}tool_calls.");
            let tool_calls = attrs
                .indices(&calls_prefix)
                .into_iter()
                .map(|j| {
                    let c = format!("{calls_prefix}{j}.");
                    ToolCallPart {
                        id: attrs.str(&format!("{c}id")),
                        name: attrs.str(&format!("{c}name")).unwrap_or_default(),
                        arguments: attrs.str(&format!("{c}arguments")),
                    }
                })
                .collect();
            Message {
                role: attrs.str(&format!("{p}role")).unwrap_or_default(),
                content: attrs.str(&format!("{p}content")).unwrap_or_default(),
                tool_calls,
                tool_call_id: attrs.str(&format!("{p}tool_call_id")),
                finish_reason: attrs.str(&format!("{p}finish_reason")),
            }
        })
        .collect()
}

/// `llm.request.functions.N.name|description|parameters`.
pub(crate) fn flattened_functions(attrs: &Attrs<'_>) -> Vec<ToolDefinition> {
    let prefix = "llm.request.functions.";
    attrs
        .indices(prefix)
        .into_iter()
        .filter_map(|n| {
            let p = format!("{prefix}{n}.");
            Some(ToolDefinition {
                name: attrs.str(&format!("{p}name"))?,
                description: attrs.str(&format!("{p}description")),
                parameters: attrs
                    .json(&format!("{p}parameters"))
                    .filter(|v| v.is_object()),
            })
        })
        .collect()
}

/// System prompt and the first user message of a history.
pub(crate) fn system_and_user(msgs: &[Message]) -> (Option<String>, Option<String>) {
    let sys = msgs
        .iter()
        .find(|m| m.role == "system" || m.role == "developer")
        .map(|m| m.content.clone());
    let user = msgs
        .iter()
        .find(|m| m.role == "user")
        .map(|m| m.content.clone());
    (sys, user)
}

/// A value that may be a JSON-encoded string literal (`"\"text\""`) → its text.
pub(crate) fn unquote_json_string(s: &str) -> String {
    let t = s.trim();
    if t.starts_with('"') {
        if let Ok(J::String(inner)) = serde_json::from_str::<J>(t) {
            return inner;
        }
    }
    s.to_owned()
}

#[cfg(test)]
mod tests;
