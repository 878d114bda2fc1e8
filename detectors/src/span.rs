//! The dialect-neutral span model produced by [`crate::normalize`].

use serde::{Deserialize, Serialize};

/// Which instrumentation convention a span follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    /// OpenTelemetry GenAI semantic conventions (current and deprecated forms).
    Genai,
    /// Arize OpenInference.
    Openinference,
    /// Traceloop OpenLLMetry.
    Openllmetry,
    /// No GenAI attributes (HTTP client spans, custom spans): kept, ignored by detection.
    #[default]
    Unknown,
}

impl Dialect {
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::Genai => "genai",
            Dialect::Openinference => "openinference",
            Dialect::Openllmetry => "openllmetry",
            Dialect::Unknown => "unknown",
        }
    }
}

/// What a span is in the agent run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SpanRole {
    /// The agent invocation (root of the run).
    Agent,
    /// One model call (a model turn).
    Llm,
    /// One tool execution.
    Tool,
    /// A retriever call whose documents count as evidence.
    Retriever,
    /// Anything else.
    #[default]
    Other,
}

/// One chat message as recorded on a model span.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Message {
    /// `system`, `user`, `assistant`, `tool`.
    pub role: String,
    /// Concatenated text parts (for `tool` messages: the tool result text).
    pub content: String,
    /// Tool calls requested by this (assistant) message.
    pub tool_calls: Vec<ToolCallPart>,
    /// For `tool` messages: the id of the call this message answers.
    pub tool_call_id: Option<String>,
    pub finish_reason: Option<String>,
}

/// A tool call as the model emitted it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolCallPart {
    pub id: Option<String>,
    pub name: String,
    /// Arguments as JSON text (structured arguments are serialized).
    pub arguments: Option<String>,
}

/// A tool definition offered to the model.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDefinition {
    pub name: String,
    pub description: Option<String>,
    /// JSON Schema of the arguments.
    pub parameters: Option<serde_json::Value>,
}

/// A tool execution span.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolExec {
    pub call_id: Option<String>,
    pub name: String,
    pub arguments: Option<String>,
    pub result: Option<String>,
    /// Span status ERROR or an `error.type` attribute.
    pub error: bool,
}

/// Dialect-neutral facts of one span.
#[derive(Debug, Clone, Default)]
pub struct SpanFacts {
    pub role: SpanRole,
    pub dialect: Dialect,
    pub agent_name: Option<String>,
    pub model: Option<String>,
    /// Conversation / session id, when the instrumentation records one.
    pub conversation_id: Option<String>,
    pub system_prompt: Option<String>,
    /// Model input history (for LLM spans).
    pub input: Vec<Message>,
    /// The same history still as JSON text (GenAI `gen_ai.input.messages`): every model span
    /// repeats the whole history, so it is parsed once per run, for the longest one, in
    /// [`crate::run::build_run`] rather than once per span.
    pub input_raw: Option<String>,
    /// Model output messages (for LLM spans).
    pub output: Vec<Message>,
    pub tools: Vec<ToolDefinition>,
    pub tool: Option<ToolExec>,
    /// Agent-level input (user request) and output (final answer) on agent/root spans.
    pub agent_input: Option<String>,
    pub agent_output: Option<String>,
    /// Retrieved documents (evidence).
    pub documents: Vec<String>,
    /// Attributes kept for selecting a gating profile: [`SELECTOR_KEYS`] and keys under
    /// `groundcheck.` (string values up to [`SELECTOR_MAX_VALUE`] bytes, at most
    /// [`SELECTOR_MAX`] per span).
    pub selectors: Vec<(String, String)>,
}

/// Span attributes kept for gating-profile rules (besides every `groundcheck.*` key).
pub const SELECTOR_KEYS: &[&str] = &[
    "gen_ai.agent.description",
    "gen_ai.agent.id",
    "gen_ai.operation.name",
    "task.type",
];
/// Longest selector value kept (bytes).
pub const SELECTOR_MAX_VALUE: usize = 256;
/// Selector attributes kept per span at most.
pub const SELECTOR_MAX: usize = 16;

/// One span after normalization. Owns only what detection needs, so an open run's memory is
/// its spans' text plus a fixed overhead.
#[derive(Debug, Clone, Default)]
pub struct NormalizedSpan {
    pub trace_id: [u8; 16],
    pub span_id: [u8; 8],
    pub parent_span_id: Option<[u8; 8]>,
    pub name: String,
    pub start_unix_nano: u64,
    pub end_unix_nano: u64,
    pub service_name: Option<String>,
    pub status_error: bool,
    pub facts: SpanFacts,
    /// The tenant of the credentials the span arrived with (set by the receiver, never read
    /// from the span itself, so a client cannot claim another tenant).
    pub tenant: Option<std::sync::Arc<str>>,
}

impl NormalizedSpan {
    /// Approximate heap size, used for per-run memory accounting.
    pub fn approx_bytes(&self) -> usize {
        let f = &self.facts;
        let msgs = |m: &Vec<Message>| -> usize {
            m.iter()
                .map(|m| {
                    m.content.len()
                        + 64
                        + m.tool_calls
                            .iter()
                            .map(|c| {
                                c.name.len() + c.arguments.as_ref().map_or(0, |a| a.len()) + 48
                            })
                            .sum::<usize>()
                })
                .sum()
        };
        std::mem::size_of::<Self>()
            + self.name.len()
            + msgs(&f.input)
            + f.input_raw.as_ref().map_or(0, |r| r.len())
            + msgs(&f.output)
            + f.tools.iter().map(|t| t.name.len() + 256).sum::<usize>()
            + f.tool.as_ref().map_or(0, |t| {
                t.arguments.as_ref().map_or(0, |a| a.len())
                    + t.result.as_ref().map_or(0, |r| r.len())
            })
            + f.system_prompt.as_ref().map_or(0, |s| s.len())
            + f.agent_input.as_ref().map_or(0, |s| s.len())
            + f.agent_output.as_ref().map_or(0, |s| s.len())
            + f.documents.iter().map(|d| d.len()).sum::<usize>()
    }

    pub fn is_root(&self) -> bool {
        self.parent_span_id.is_none()
    }
}

/// Lower-case hex of an id.
pub fn hex(bytes: &[u8]) -> String {
    const H: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(H[(b >> 4) as usize] as char);
        s.push(H[(b & 15) as usize] as char);
    }
    s
}
