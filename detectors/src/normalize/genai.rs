//! OpenTelemetry GenAI semantic conventions: the current form (`gen_ai.input.messages`,
//! `gen_ai.output.messages`, `gen_ai.system_instructions`, `gen_ai.tool.*`) and the deprecated
//! forms still emitted (per-message events and flattened `gen_ai.prompt.N.*` attributes).

use super::{
    flattened_functions, flattened_messages, message_from_json, messages_from_json,
    system_and_user, tool_def_from_json,
};
use crate::attrs::{any_to_json, json_to_text, Attrs};
use crate::span::{Dialect, Message, SpanFacts, SpanRole, ToolExec};
use groundcheck_proto::otlp::trace::Span;
use serde_json::Value as J;

pub(super) fn facts(attrs: &Attrs<'_>, span: &Span, ctx: &mut super::NormalizeCtx) -> SpanFacts {
    let op = attrs.str_ref("gen_ai.operation.name").unwrap_or("");
    let role = match op {
        "invoke_agent" | "create_agent" => SpanRole::Agent,
        "chat" | "text_completion" | "generate_content" => SpanRole::Llm,
        "execute_tool" => SpanRole::Tool,
        "retrieval" | "retrieve" => SpanRole::Retriever,
        "" if attrs.keys_with_prefix("gen_ai.prompt.").next().is_some()
            || !span.events.is_empty() =>
        {
            SpanRole::Llm
        }
        _ => SpanRole::Other,
    };
    let mut f = SpanFacts {
        role,
        dialect: Dialect::Genai,
        agent_name: attrs.str("gen_ai.agent.name"),
        conversation_id: attrs
            .str("gen_ai.conversation.id")
            .or_else(|| attrs.str("session.id")),
        model: attrs
            .str("gen_ai.response.model")
            .or_else(|| attrs.str("gen_ai.request.model")),
        ..Default::default()
    };

    // Messages: current attributes, else deprecated flattened attributes, else events.
    match attrs.str_ref("gen_ai.input.messages") {
        // Model spans: keep the JSON text; the run builder parses the longest history once.
        Some(raw) if role == SpanRole::Llm => f.input_raw = Some(raw.to_owned()),
        _ => {
            f.input = attrs
                .json("gen_ai.input.messages")
                .map(|v| messages_from_json(&v))
                .unwrap_or_default()
        }
    }
    f.output = attrs
        .json("gen_ai.output.messages")
        .map(|v| messages_from_json(&v))
        .unwrap_or_default();
    if f.input.is_empty() && f.input_raw.is_none() {
        f.input = flattened_messages(attrs, "gen_ai.prompt.");
    }
    if f.output.is_empty() {
        f.output = flattened_messages(attrs, "gen_ai.completion.");
    }
    if f.input.is_empty() && f.input_raw.is_none() && f.output.is_empty() {
        let (i, o) = event_messages(span);
        f.input = i;
        f.output = o;
    }
    f.system_prompt = attrs.json("gen_ai.system_instructions").map(|v| match v {
        J::Array(parts) => parts
            .iter()
            .filter_map(|p| p.get("content").or_else(|| p.get("text")).map(json_to_text))
            .collect::<Vec<_>>()
            .join("\n"),
        other => json_to_text(&other),
    });
    let (sys, user) = system_and_user(&f.input);
    if f.system_prompt.is_none() {
        f.system_prompt = sys;
    }
    let repeated = attrs
        .str_ref("gen_ai.tool.definitions")
        .is_some_and(|raw| !ctx.first_sighting(raw));
    if !repeated {
        f.tools = match attrs.json("gen_ai.tool.definitions") {
            Some(J::Array(defs)) => defs.iter().filter_map(tool_def_from_json).collect(),
            _ => flattened_functions(attrs),
        };
    }
    if role == SpanRole::Agent {
        f.agent_input = user;
        f.agent_output = f
            .output
            .iter()
            .rev()
            .find(|m| !m.content.is_empty())
            .map(|m| m.content.clone());
    }
    if role == SpanRole::Tool {
        f.tool = Some(ToolExec {
            call_id: attrs.str("gen_ai.tool.call.id"),
            name: attrs
                .str("gen_ai.tool.name")
                .unwrap_or_else(|| span.name.trim_start_matches("execute_tool ").to_owned()),
            arguments: attrs
                .get("gen_ai.tool.call.arguments")
                .map(|v| match &v.value {
                    Some(groundcheck_proto::otlp::common::any_value::Value::StringValue(s)) => {
                        s.clone()
                    }
                    _ => any_to_json(v).to_string(),
                }),
            result: attrs
                .get("gen_ai.tool.call.result")
                .map(|v| match &v.value {
                    Some(groundcheck_proto::otlp::common::any_value::Value::StringValue(s)) => {
                        s.clone()
                    }
                    _ => any_to_json(v).to_string(),
                }),
            error: false,
        });
    }
    if role == SpanRole::Retriever {
        if let Some(J::Array(docs)) = attrs.json("gen_ai.retrieval.documents") {
            f.documents = docs
                .iter()
                .map(|d| {
                    d.get("content")
                        .map(json_to_text)
                        .unwrap_or_else(|| json_to_text(d))
                })
                .collect();
        }
    }
    f
}

/// Deprecated per-message events: `gen_ai.system.message`, `gen_ai.user.message`,
/// `gen_ai.assistant.message`, `gen_ai.tool.message` (input history) and `gen_ai.choice`
/// (output); also the older `gen_ai.content.prompt` / `gen_ai.content.completion` events.
fn event_messages(span: &Span) -> (Vec<Message>, Vec<Message>) {
    let mut input = Vec::new();
    let mut output = Vec::new();
    for ev in &span.events {
        let a = Attrs::new(&ev.attributes);
        let role = match ev.name.as_str() {
            "gen_ai.system.message" => "system",
            "gen_ai.user.message" => "user",
            "gen_ai.assistant.message" => "assistant",
            "gen_ai.tool.message" => "tool",
            "gen_ai.choice" => {
                let msg = a.json("message").and_then(|m| message_from_json(&m));
                let mut m = msg.unwrap_or_else(|| Message {
                    role: "assistant".into(),
                    ..Default::default()
                });
                if m.role.is_empty() {
                    m.role = "assistant".into();
                }
                if m.content.is_empty() {
                    m.content = a.str("content").unwrap_or_default();
                }
                m.finish_reason = a.str("finish_reason").or(m.finish_reason);
                output.push(m);
                continue;
            }
            "gen_ai.content.prompt" => {
                input.extend(
                    a.json("gen_ai.prompt")
                        .map(|v| messages_from_json(&v))
                        .unwrap_or_default(),
                );
                continue;
            }
            "gen_ai.content.completion" => {
                output.extend(
                    a.json("gen_ai.completion")
                        .map(|v| messages_from_json(&v))
                        .unwrap_or_default(),
                );
                continue;
            }
            _ => continue,
        };
        let mut m = Message {
            role: a.str("role").unwrap_or_else(|| role.to_owned()),
            content: a
                .json("content")
                .map(|c| json_to_text(&c))
                .unwrap_or_default(),
            tool_call_id: a.str("id"),
            ..Default::default()
        };
        if let Some(J::Array(calls)) = a.json("tool_calls") {
            m.tool_calls = calls.iter().map(super::tool_call_from_json).collect();
        }
        input.push(m);
    }
    (input, output)
}
