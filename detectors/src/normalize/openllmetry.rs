//! Traceloop OpenLLMetry: `traceloop.span.kind` workflow/agent/task/tool,
//! `traceloop.entity.input|output` (`{"args":[…],"kwargs":{…}}`), LLM spans with flattened
//! `gen_ai.prompt.N.*` / `gen_ai.completion.N.*` and `llm.request.functions.N.*`.
//! Tool spans carry no call id: the run builder matches them by order and name.

use super::{flattened_functions, flattened_messages, system_and_user, unquote_json_string};
use crate::attrs::{json_to_text, Attrs};
use crate::span::{Dialect, SpanFacts, SpanRole, ToolExec};
use serde_json::Value as J;

pub(super) fn facts(attrs: &Attrs<'_>) -> SpanFacts {
    let kind = attrs.str_ref("traceloop.span.kind").unwrap_or("");
    let role = match kind {
        "agent" | "workflow" => SpanRole::Agent,
        "tool" => SpanRole::Tool,
        _ if attrs.contains("llm.request.type") => SpanRole::Llm,
        _ => SpanRole::Other,
    };
    let mut f = SpanFacts {
        role,
        dialect: Dialect::Openllmetry,
        model: attrs
            .str("gen_ai.response.model")
            .or_else(|| attrs.str("gen_ai.request.model")),
        // Traceloop association properties carry the session (`Traceloop.set_association_
        // properties({"session_id": …})`); newer versions also set the GenAI attribute.
        conversation_id: attrs
            .str("gen_ai.conversation.id")
            .or_else(|| attrs.str("traceloop.association.properties.session_id"))
            .or_else(|| attrs.str("traceloop.association.properties.conversation_id")),
        ..Default::default()
    };
    match role {
        SpanRole::Agent => {
            f.agent_name = attrs
                .str("traceloop.entity.name")
                .or_else(|| attrs.str("traceloop.workflow.name"));
            f.agent_input = attrs
                .str("traceloop.entity.input")
                .map(|s| entity_input_text(&s));
            f.agent_output = attrs
                .str("traceloop.entity.output")
                .map(|s| unquote_json_string(&s));
        }
        SpanRole::Llm => {
            f.input = flattened_messages(attrs, "gen_ai.prompt.");
            f.output = flattened_messages(attrs, "gen_ai.completion.");
            f.tools = flattened_functions(attrs);
            f.system_prompt = system_and_user(&f.input).0;
        }
        SpanRole::Tool => {
            f.tool = Some(ToolExec {
                call_id: None,
                name: attrs.str("traceloop.entity.name").unwrap_or_default(),
                arguments: attrs
                    .str("traceloop.entity.input")
                    .map(|s| entity_input_args(&s)),
                result: attrs
                    .str("traceloop.entity.output")
                    .map(|s| unquote_json_string(&s)),
                error: false,
            });
        }
        _ => {}
    }
    f
}

/// `{"args":[…],"kwargs":{…}}` → the user-facing text (first string arg, else kwargs values).
fn entity_input_text(s: &str) -> String {
    match serde_json::from_str::<J>(s) {
        Ok(J::Object(o)) => {
            if let Some(J::Array(args)) = o.get("args") {
                if let Some(first) = args.iter().find_map(J::as_str) {
                    return first.to_owned();
                }
            }
            if let Some(J::Object(kw)) = o.get("kwargs") {
                return kw.values().map(json_to_text).collect::<Vec<_>>().join("\n");
            }
            s.to_owned()
        }
        Ok(J::String(t)) => t,
        _ => s.to_owned(),
    }
}

/// `{"args":[],"kwargs":{…}}` → the kwargs object as JSON text (the call's arguments).
fn entity_input_args(s: &str) -> String {
    match serde_json::from_str::<J>(s) {
        Ok(J::Object(o)) if o.contains_key("kwargs") || o.contains_key("args") => {
            match (o.get("kwargs"), o.get("args")) {
                (Some(J::Object(kw)), _) if !kw.is_empty() => J::Object(kw.clone()).to_string(),
                (_, Some(J::Array(a))) if a.len() == 1 && a[0].is_object() => a[0].to_string(),
                (Some(kw), _) => kw.to_string(),
                _ => s.to_owned(),
            }
        }
        _ => s.to_owned(),
    }
}
