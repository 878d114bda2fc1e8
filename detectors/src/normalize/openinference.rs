//! Arize OpenInference: `openinference.span.kind` AGENT / LLM / TOOL / CHAIN / RETRIEVER,
//! flattened `llm.input_messages.N.message.*` / `llm.output_messages.N.message.*`.

use super::{system_and_user, tool_def_from_json, unquote_json_string};
use crate::attrs::Attrs;
use crate::span::{Dialect, Message, SpanFacts, SpanRole, ToolCallPart, ToolExec};

pub(super) fn facts(attrs: &Attrs<'_>, ctx: &mut super::NormalizeCtx) -> SpanFacts {
    let kind = attrs
        .str_ref("openinference.span.kind")
        .unwrap_or("")
        .to_ascii_uppercase();
    let role = match kind.as_str() {
        "AGENT" => SpanRole::Agent,
        "LLM" => SpanRole::Llm,
        "TOOL" => SpanRole::Tool,
        "RETRIEVER" => SpanRole::Retriever,
        _ => SpanRole::Other,
    };
    let mut f = SpanFacts {
        role,
        dialect: Dialect::Openinference,
        agent_name: attrs.str("agent.name"),
        conversation_id: attrs.str("session.id"),
        model: attrs.str("llm.model_name"),
        ..Default::default()
    };
    match role {
        SpanRole::Agent => {
            f.agent_input = attrs.str("input.value");
            f.agent_output = attrs.str("output.value").map(|s| unquote_json_string(&s));
        }
        SpanRole::Llm => {
            f.input = messages(attrs, "llm.input_messages.");
            f.output = messages(attrs, "llm.output_messages.");
            let (sys, _) = system_and_user(&f.input);
            f.system_prompt = sys;
            let idx = attrs.indices("llm.tools.");
            let raw: String = idx
                .iter()
                .filter_map(|n| attrs.str_ref(&format!("llm.tools.{n}.tool.json_schema")))
                .collect::<Vec<_>>()
                .join("\u{1e}");
            if ctx.first_sighting(&raw) {
                f.tools = idx
                    .into_iter()
                    .filter_map(|n| attrs.json(&format!("llm.tools.{n}.tool.json_schema")))
                    .filter_map(|v| tool_def_from_json(&v))
                    .collect();
            }
        }
        SpanRole::Tool => {
            f.tool = Some(ToolExec {
                call_id: attrs.str("tool_call.id").or_else(|| attrs.str("tool.id")),
                name: attrs.str("tool.name").unwrap_or_default(),
                arguments: attrs
                    .str("input.value")
                    .or_else(|| attrs.str("tool.parameters_value")),
                result: attrs.str("output.value"),
                error: false,
            });
            if let Some(params) = attrs.json("tool.parameters").filter(|v| v.is_object()) {
                let name = f.tool.as_ref().map(|t| t.name.clone()).unwrap_or_default();
                f.tools.push(crate::span::ToolDefinition {
                    name,
                    description: attrs.str("tool.description"),
                    parameters: Some(params),
                });
            }
        }
        SpanRole::Retriever => {
            f.documents = attrs
                .indices("retrieval.documents.")
                .into_iter()
                .filter_map(|n| attrs.str(&format!("retrieval.documents.{n}.document.content")))
                .collect();
        }
        SpanRole::Other => {}
    }
    f
}

fn messages(attrs: &Attrs<'_>, prefix: &str) -> Vec<Message> {
    attrs
        .indices(prefix)
        .into_iter()
        .map(|n| {
            let p = format!("{prefix}{n}.message.");
            let calls_prefix = format!("{p}tool_calls.");
            let tool_calls = attrs
                .indices(&calls_prefix)
                .into_iter()
                .map(|k| {
                    let c = format!("{calls_prefix}{k}.tool_call.");
                    ToolCallPart {
                        id: attrs.str(&format!("{c}id")),
                        name: attrs.str(&format!("{c}function.name")).unwrap_or_default(),
                        arguments: attrs.str(&format!("{c}function.arguments")),
                    }
                })
                .collect();
            let mut content = attrs.str(&format!("{p}content")).unwrap_or_default();
            if content.is_empty() {
                let cp = format!("{p}contents.");
                content = attrs
                    .indices(&cp)
                    .into_iter()
                    .filter_map(|m| attrs.str(&format!("{cp}{m}.message_content.text")))
                    .collect::<Vec<_>>()
                    .join("\n");
            }
            Message {
                role: attrs.str(&format!("{p}role")).unwrap_or_default(),
                content,
                tool_calls,
                tool_call_id: attrs.str(&format!("{p}tool_call_id")),
                finish_reason: None,
            }
        })
        .collect()
}
