//! Run model: all normalized spans of one trace → one canonical [`AgentRun`].
//!
//! Tool calls are taken from the model's side (tool-call parts of each model turn's output)
//! and joined with the executions (tool spans) by call id; tool spans without an id
//! (OpenLLMetry) are matched to the model's calls by tool name and order. Tool spans that
//! match no model call become calls of their own, placed in the turn that preceded them.

use crate::normalize::messages_from_json;
use crate::span::{hex, Dialect, Message, NormalizedSpan, SpanRole, ToolDefinition};
use crate::text::resolve_unicode_escapes;
use std::collections::HashMap;

/// One model turn (one model/LLM span).
#[derive(Debug, Clone, Default)]
pub struct ModelTurn {
    pub index: usize,
    pub text: String,
    pub finish_reason: Option<String>,
    pub model: Option<String>,
}

/// One tool call, model side joined with its execution.
#[derive(Debug, Clone, Default)]
pub struct ToolCall {
    /// Call id (synthesized as `turnT-callK` when the telemetry has none).
    pub id: String,
    pub name: String,
    /// Arguments as JSON text (possibly invalid JSON).
    pub arguments: Option<String>,
    /// Model turn that requested the call (0-based).
    pub turn: usize,
    pub result: Option<String>,
    /// The execution failed (span status ERROR / `error.type`).
    pub error: bool,
    pub start_unix_nano: u64,
    /// Known only from the input history of an earlier turn of the conversation: context for
    /// this run (its result is evidence, its values have provenance), not judged again here.
    pub history: bool,
    /// The execution's span (`execute_tool`), else the model span that requested the call
    /// (16 hex characters; `None` for calls known only from the history).
    pub span_id: Option<String>,
}

/// A piece of evidence text the answer may rest on.
#[derive(Debug, Clone)]
pub struct EvidenceDoc {
    /// Tool call id, `retriever:N`, `user` or `system`.
    pub source: String,
    pub text: String,
}

/// The canonical agent run.
#[derive(Debug, Clone, Default)]
pub struct AgentRun {
    /// 32 lower-case hex characters of the trace id.
    pub run_id: String,
    pub service_name: Option<String>,
    pub agent_name: Option<String>,
    pub model: Option<String>,
    /// The conversation (session) this run is a turn of: `gen_ai.conversation.id`,
    /// OpenInference `session.id`, OpenLLMetry association property `session_id` /
    /// `conversation_id`.
    pub conversation_id: Option<String>,
    /// Model turns of earlier runs of the conversation, known from the input history; this
    /// run's own model turns are numbered from here, so that calls and results of earlier
    /// turns come first in [`AgentRun::tool_calls`].
    pub history_turns: usize,
    pub dialect: Dialect,
    pub start_unix_nano: u64,
    pub end_unix_nano: u64,
    pub system_prompt: String,
    pub user_input: String,
    pub tool_definitions: Vec<ToolDefinition>,
    pub turns: Vec<ModelTurn>,
    pub tool_calls: Vec<ToolCall>,
    pub final_answer: Option<String>,
    pub documents: Vec<String>,
    pub span_count: usize,
    /// Spans kept but ignored by detection (no GenAI dialect).
    pub ignored_spans: usize,
    pub incomplete: bool,
    pub incomplete_reason: Option<String>,
    /// The tenant of the credentials the run's spans arrived with (all spans of a run share
    /// one: the assembler refuses a span of another tenant).
    pub tenant: Option<String>,
    /// Span attributes kept for selecting a gating profile ([`crate::span::SELECTOR_KEYS`],
    /// `groundcheck.*`): the root span's value first, else the first span's that has one.
    pub attributes: std::collections::BTreeMap<String, String>,
    /// The agent (root) span, 16 hex characters.
    pub agent_span_id: Option<String>,
    /// The span the final answer came from (a model span, else the agent span).
    pub answer_span_id: Option<String>,
}

impl AgentRun {
    /// Evidence the final answer may rest on: every tool result, retrieved documents, the
    /// user request and the system prompt. Results and documents are read with their JSON
    /// `\uXXXX` escapes resolved ([`resolve_unicode_escapes`]); evidence offsets in a report
    /// count characters of that text.
    pub fn evidence(&self) -> Vec<EvidenceDoc> {
        let mut ev: Vec<EvidenceDoc> = self
            .tool_calls
            .iter()
            .filter_map(|c| {
                c.result.as_ref().map(|r| EvidenceDoc {
                    source: c.id.clone(),
                    text: resolve_unicode_escapes(r).into_owned(),
                })
            })
            .collect();
        ev.extend(self.documents.iter().enumerate().map(|(i, d)| EvidenceDoc {
            source: format!("retriever:{i}"),
            text: resolve_unicode_escapes(d).into_owned(),
        }));
        if !self.user_input.is_empty() {
            ev.push(EvidenceDoc {
                source: "user".into(),
                text: self.user_input.clone(),
            });
        }
        if !self.system_prompt.is_empty() {
            ev.push(EvidenceDoc {
                source: "system".into(),
                text: self.system_prompt.clone(),
            });
        }
        ev
    }

    /// The tool calls this run made itself (not those of earlier turns in its history).
    pub fn own_calls(&self) -> impl Iterator<Item = &ToolCall> {
        self.tool_calls.iter().filter(|c| !c.history)
    }

    /// The texts of the tool declarations the model was given, in order: each definition's
    /// description (empty when it has none), then its argument schema as JSON when it has one.
    /// Both stages search them: they are part of the agent's context, like the system prompt.
    pub fn declaration_texts(&self) -> impl Iterator<Item = std::borrow::Cow<'_, str>> {
        self.tool_definitions.iter().flat_map(|d| {
            let description = std::borrow::Cow::Borrowed(d.description.as_deref().unwrap_or(""));
            let schema = d
                .parameters
                .as_ref()
                .map(|p| std::borrow::Cow::Owned(p.to_string()));
            std::iter::once(description).chain(schema)
        })
    }

    pub fn tool_definition(&self, name: &str) -> Option<&ToolDefinition> {
        self.tool_definitions.iter().rev().find(|d| d.name == name)
    }
}

/// Build the run from its spans (any order), in named steps: identity and dialect; the root
/// span's names; tool definitions; the request context from the longest model history; model
/// turns (numbered after the earlier turns the history holds) and the model's calls; calls
/// and results known only from the history; tool executions joined to their calls; the final
/// answer and retrieved documents.
pub fn build_run(mut spans: Vec<NormalizedSpan>) -> AgentRun {
    spans.sort_by(|a, b| {
        (a.start_unix_nano, a.end_unix_nano, a.span_id).cmp(&(
            b.start_unix_nano,
            b.end_unix_nano,
            b.span_id,
        ))
    });
    let mut run = identity(&spans);
    let root = root_span(&spans);
    run.agent_span_id = root.map(|r| hex(&r.span_id));
    run.service_name = root
        .and_then(|r| r.service_name.clone())
        .or_else(|| spans.iter().find_map(|s| s.service_name.clone()));
    run.agent_name = spans.iter().find_map(|s| s.facts.agent_name.clone());
    run.tenant = spans
        .iter()
        .find_map(|s| s.tenant.as_deref().map(str::to_owned));
    for s in root.into_iter().chain(spans.iter()) {
        for (k, v) in &s.facts.selectors {
            run.attributes.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
    run.conversation_id = root
        .and_then(|r| r.facts.conversation_id.clone())
        .or_else(|| spans.iter().find_map(|s| s.facts.conversation_id.clone()));

    let llm: Vec<&NormalizedSpan> = spans
        .iter()
        .filter(|s| s.facts.role == SpanRole::Llm)
        .collect();
    run.model = llm
        .iter()
        .rev()
        .find_map(|s| s.facts.model.clone())
        .or_else(|| root.and_then(|r| r.facts.model.clone()));
    run.tool_definitions = tool_definitions(&spans);

    let (longest, history) = longest_history(&llm);
    request_context(&mut run, &llm, &history, root);
    // Earlier turns of the conversation: the longest history holds one assistant message per
    // model turn before its span; those not produced by this trace's own model spans (which
    // precede it) belong to earlier runs. This trace's model turns are numbered after them.
    let history_assistant = history.iter().filter(|m| m.role == "assistant").count();
    let longest_pos = longest
        .and_then(|l| llm.iter().position(|s| std::ptr::eq(*s, l)))
        .unwrap_or(0);
    run.history_turns = history_assistant.saturating_sub(longest_pos);

    let mut calls = model_turns(&mut run, &llm);
    let history_results = history_calls(&mut calls, &history, &llm, run.history_turns);
    join_executions(&mut calls, &spans, &llm, run.history_turns);
    for c in calls.iter_mut() {
        if c.result.is_none() {
            c.result = history_results.get(&c.id).cloned();
        }
    }
    // Stable order: by turn, then by position within the turn.
    let mut indexed: Vec<(usize, ToolCall)> = calls.into_iter().enumerate().collect();
    indexed.sort_by_key(|(i, c)| (c.turn, *i));
    run.tool_calls = indexed.into_iter().map(|(_, c)| c).collect();

    (run.final_answer, run.answer_span_id) = match final_answer(&run, &llm, root, &spans) {
        Some((text, span)) => (Some(text), Some(hex(&span.span_id))),
        None => (None, None),
    };
    run.documents = spans
        .iter()
        .flat_map(|s| s.facts.documents.iter().cloned())
        .collect();
    run
}

/// Run id, time range, ignored spans and the dialect (the most frequent known one).
fn identity(spans: &[NormalizedSpan]) -> AgentRun {
    let mut run = AgentRun {
        span_count: spans.len(),
        ..Default::default()
    };
    if let Some(first) = spans.first() {
        run.run_id = hex(&first.trace_id);
    }
    run.start_unix_nano = spans
        .iter()
        .map(|s| s.start_unix_nano)
        .filter(|t| *t > 0)
        .min()
        .unwrap_or(0);
    run.end_unix_nano = spans.iter().map(|s| s.end_unix_nano).max().unwrap_or(0);
    run.ignored_spans = spans
        .iter()
        .filter(|s| s.facts.dialect == Dialect::Unknown)
        .count();
    let mut counts: HashMap<Dialect, usize> = HashMap::new();
    for s in spans.iter().filter(|s| s.facts.dialect != Dialect::Unknown) {
        *counts.entry(s.facts.dialect).or_default() += 1;
    }
    run.dialect = counts
        .into_iter()
        .max_by_key(|(d, n)| (*n, *d as u8))
        .map(|(d, _)| d)
        .unwrap_or_default();
    run
}

/// The agent span at the root, else any agent span, else the span without a parent.
fn root_span(spans: &[NormalizedSpan]) -> Option<&NormalizedSpan> {
    spans
        .iter()
        .find(|s| s.facts.role == SpanRole::Agent && s.is_root())
        .or_else(|| spans.iter().find(|s| s.facts.role == SpanRole::Agent))
        .or_else(|| spans.iter().find(|s| s.is_root()))
}

/// Tool definitions of every span: the last definition of each name wins (one with a schema
/// over one without).
fn tool_definitions(spans: &[NormalizedSpan]) -> Vec<ToolDefinition> {
    let mut defs: Vec<ToolDefinition> = Vec::new();
    for d in spans.iter().flat_map(|s| s.facts.tools.iter()) {
        if let Some(existing) = defs.iter_mut().find(|e| e.name == d.name) {
            if d.parameters.is_some() || existing.parameters.is_none() {
                *existing = d.clone();
            }
        } else {
            defs.push(d.clone());
        }
    }
    defs
}

/// The model span with the longest input history, and that history parsed (every model span
/// repeats the whole history, so only the longest is parsed).
fn longest_history<'a>(llm: &[&'a NormalizedSpan]) -> (Option<&'a NormalizedSpan>, Vec<Message>) {
    let longest = llm
        .iter()
        .max_by_key(|s| {
            (
                s.facts.input_raw.as_ref().map_or(0, |r| r.len()),
                s.facts.input.len(),
            )
        })
        .copied();
    let history = match longest {
        Some(s) => match &s.facts.input_raw {
            Some(raw) => serde_json::from_str::<serde_json::Value>(raw)
                .map(|v| messages_from_json(&v))
                .unwrap_or_default(),
            None => s.facts.input.clone(),
        },
        None => Vec::new(),
    };
    (longest, history)
}

/// System prompt and user input: from the model spans and their history, else the agent span.
fn request_context(
    run: &mut AgentRun,
    llm: &[&NormalizedSpan],
    history: &[Message],
    root: Option<&NormalizedSpan>,
) {
    run.system_prompt = llm
        .iter()
        .find_map(|s| s.facts.system_prompt.clone())
        .or_else(|| {
            history
                .iter()
                .find(|m| m.role == "system" || m.role == "developer")
                .map(|m| m.content.clone())
        })
        .unwrap_or_default();
    let users: Vec<String> = history
        .iter()
        .filter(|m| m.role == "user")
        .map(|m| m.content.clone())
        .collect();
    run.user_input = if users.is_empty() {
        root.and_then(|r| r.facts.agent_input.clone())
            .unwrap_or_default()
    } else {
        users.join("\n")
    };
}

/// This trace's model turns (numbered after `run.history_turns`) into `run.turns`, and the
/// tool calls they request.
fn model_turns(run: &mut AgentRun, llm: &[&NormalizedSpan]) -> Vec<ToolCall> {
    let mut calls: Vec<ToolCall> = Vec::new();
    for (position, span) in llm.iter().enumerate() {
        let t = run.history_turns + position;
        let mut turn = ModelTurn {
            index: t,
            model: span.facts.model.clone(),
            ..Default::default()
        };
        let mut texts = Vec::new();
        for m in span
            .facts
            .output
            .iter()
            .filter(|m| m.role.is_empty() || m.role == "assistant")
        {
            if !m.content.is_empty() {
                texts.push(m.content.clone());
            }
            turn.finish_reason = m.finish_reason.clone().or(turn.finish_reason);
            for (k, c) in m.tool_calls.iter().enumerate() {
                calls.push(ToolCall {
                    id: c.id.clone().unwrap_or_else(|| format!("turn{t}-call{k}")),
                    name: c.name.clone(),
                    arguments: c.arguments.clone(),
                    turn: t,
                    start_unix_nano: span.end_unix_nano,
                    span_id: Some(hex(&span.span_id)),
                    ..Default::default()
                });
            }
        }
        turn.text = texts.join("\n");
        run.turns.push(turn);
    }
    calls
}

/// Calls visible only in the history (earlier turns, or a model span that is missing) are
/// added to `calls`; returns the results the history holds, by call id.
fn history_calls(
    calls: &mut Vec<ToolCall>,
    history: &[Message],
    llm: &[&NormalizedSpan],
    history_turns: usize,
) -> HashMap<String, String> {
    let mut results: HashMap<String, String> = HashMap::new();
    let mut assistant_ordinal = 0usize;
    for m in history {
        if m.role == "assistant" {
            for c in &m.tool_calls {
                if let Some(id) = &c.id {
                    if !calls.iter().any(|x| &x.id == id) {
                        calls.push(ToolCall {
                            id: id.clone(),
                            name: c.name.clone(),
                            arguments: c.arguments.clone(),
                            turn: assistant_ordinal,
                            history: assistant_ordinal < history_turns,
                            ..Default::default()
                        });
                    }
                }
            }
            assistant_ordinal += 1;
        } else if m.role == "tool" {
            if let Some(id) = &m.tool_call_id {
                results.insert(id.clone(), m.content.clone());
            }
        }
    }
    for m in llm
        .iter()
        .flat_map(|s| s.facts.input.iter())
        .filter(|m| m.role == "tool")
    {
        if let Some(id) = &m.tool_call_id {
            results
                .entry(id.clone())
                .or_insert_with(|| m.content.clone());
        }
    }
    results
}

/// Join each tool span to the model's call (by call id, else by name in order); a tool span
/// no call matches becomes a call of its own in the turn before it. Executed here means this
/// run's own call.
fn join_executions(
    calls: &mut Vec<ToolCall>,
    spans: &[NormalizedSpan],
    llm: &[&NormalizedSpan],
    history_turns: usize,
) {
    let mut matched = vec![false; calls.len()];
    for s in spans.iter().filter(|s| s.facts.role == SpanRole::Tool) {
        let Some(exec) = &s.facts.tool else { continue };
        let pos = match &exec.call_id {
            Some(id) => calls.iter().position(|c| &c.id == id),
            None => calls
                .iter()
                .enumerate()
                .position(|(i, c)| !matched[i] && c.name == exec.name),
        };
        let turn_before = history_turns
            + llm
                .iter()
                .filter(|l| l.start_unix_nano <= s.start_unix_nano)
                .count()
                .saturating_sub(1);
        let i = match pos {
            Some(i) => i,
            None => {
                calls.push(ToolCall {
                    id: exec
                        .call_id
                        .clone()
                        .unwrap_or_else(|| format!("span-{}", hex(&s.span_id))),
                    name: exec.name.clone(),
                    turn: turn_before,
                    ..Default::default()
                });
                matched.push(false);
                calls.len() - 1
            }
        };
        matched[i] = true;
        let c = &mut calls[i];
        if exec.arguments.is_some() {
            c.arguments = exec.arguments.clone();
        }
        if exec.result.is_some() {
            c.result = exec.result.clone();
        }
        if c.name.is_empty() {
            c.name = exec.name.clone();
        }
        c.error |= exec.error;
        c.start_unix_nano = s.start_unix_nano;
        c.history = false;
        c.span_id = Some(hex(&s.span_id));
    }
}

/// The last model turn that produced text and requested no tool, else the agent span's
/// output, else any span's agent output; with the span it came from.
fn final_answer<'s>(
    run: &AgentRun,
    llm: &[&'s NormalizedSpan],
    root: Option<&'s NormalizedSpan>,
    spans: &'s [NormalizedSpan],
) -> Option<(String, &'s NormalizedSpan)> {
    let final_turn = llm.iter().enumerate().rev().find(|(position, s)| {
        !run.turns[*position].text.is_empty()
            && s.facts.output.iter().all(|m| m.tool_calls.is_empty())
    });
    final_turn
        .map(|(position, s)| (run.turns[position].text.clone(), *s))
        .or_else(|| root.and_then(|r| r.facts.agent_output.clone().map(|o| (o, r))))
        .or_else(|| {
            spans
                .iter()
                .rev()
                .find_map(|s| s.facts.agent_output.clone().map(|o| (o, s)))
        })
}
