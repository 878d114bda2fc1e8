//! The `HallucinationReport` — exactly the spec's fields, plus groundcheck's additions
//! (character offsets, identity, timestamps, the incomplete flag).
//!
//! Claim `status` values:
//! - `supported` — every checkable item of the claim is entailed by a cited evidence span;
//! - `unsupported` — the claim introduces something (value, entity, identifier, action)
//!   that no evidence supports;
//! - `contradicted` — evidence states a conflicting value for the same thing.
//!
//! Tool-call `status` values: `valid`, `invalid` (schema or JSON), `fabricated` (an entity
//! with no provenance), `unknown_tool` (no schema known), `unverified` (schema did not compile).
//!
//! Offsets (`start`/`end`) are Unicode scalar indices (Python string indices), end exclusive.
//! Claim and flagged-span offsets index `final_answer`; evidence-span offsets index the
//! evidence text named by `tool_call_id` (a tool result, `retriever:N`, `user`, `system`).
//! In a report that left the collector, the texts are **redacted** (`groundcheck_sinks::redact`,
//! docs/redaction.md) and the offsets index the redacted texts: a boundary that fell inside a
//! redacted value is moved outward to the placeholder's boundary.

use groundcheck_proto::report as pb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Emit,
    Revise,
    Block,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Emit => "emit",
            Action::Revise => "revise",
            Action::Block => "block",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimStatus {
    Supported,
    Unsupported,
    Contradicted,
}

impl ClaimStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimStatus::Supported => "supported",
            ClaimStatus::Unsupported => "unsupported",
            ClaimStatus::Contradicted => "contradicted",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolCallStatus {
    Valid,
    Invalid,
    Fabricated,
    UnknownTool,
    Unverified,
}

impl ToolCallStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ToolCallStatus::Valid => "valid",
            ToolCallStatus::Invalid => "invalid",
            ToolCallStatus::Fabricated => "fabricated",
            ToolCallStatus::UnknownTool => "unknown_tool",
            ToolCallStatus::Unverified => "unverified",
        }
    }
    /// A rejection in the spec's sense (schema or provenance failure).
    pub fn is_rejection(self) -> bool {
        matches!(self, ToolCallStatus::Invalid | ToolCallStatus::Fabricated)
    }
}

/// What kind of statement a claim is (see `stage2::claim_type`). Only assertions and action
/// reports are scored, so only they appear among a report's claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimType {
    /// A statement about the world, checkable against the evidence.
    #[default]
    Assertion,
    /// The agent reports an action of its own (or its failure).
    ActionReport,
    /// An offer, an intent, a conditional promise: about the future, not the evidence.
    IntentOrOffer,
    Question,
    /// A request or instruction to the user.
    Instruction,
    /// Greetings, thanks, acknowledgements, the agent's feelings.
    Social,
}

impl ClaimType {
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimType::Assertion => "assertion",
            ClaimType::ActionReport => "action_report",
            ClaimType::IntentOrOffer => "intent_or_offer",
            ClaimType::Question => "question",
            ClaimType::Instruction => "instruction",
            ClaimType::Social => "social",
        }
    }

    /// Whether Stage 2 scores units of this type.
    pub fn is_scored(self) -> bool {
        matches!(self, ClaimType::Assertion | ClaimType::ActionReport)
    }
}

/// What a flagged span is: the machine-readable fact behind its `reason` text. Sinks, scorers
/// and dashboards read this; the reason wording may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagKind {
    /// An identifier, URL, e-mail or section reference found in no evidence.
    FabricatedReference,
    /// A number that no evidence value (or value computed from the evidence) supports.
    NumberNotInEvidence,
    /// A number where the evidence states another value for the same thing.
    NumberConflict,
    TimeNotInEvidence,
    DateNotInEvidence,
    /// A named entity found in no evidence.
    EntityNotInEvidence,
    /// The answer claims an action that no tool call performed.
    UnperformedAction,
    /// A categorical value (status, condition) where the evidence states another one.
    StateConflict,
    /// A causal explanation the evidence does not support.
    UnsupportedExplanation,
    /// Comparative or ranking words that contradict the stated values.
    DirectionConflict,
    /// Content words absent from every evidence document (prose evidence).
    ContentNotCovered,
    /// Found by another scorer (learned model, LLM judge).
    #[default]
    Other,
}

impl FlagKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FlagKind::FabricatedReference => "fabricated_reference",
            FlagKind::NumberNotInEvidence => "number_not_in_evidence",
            FlagKind::NumberConflict => "number_conflict",
            FlagKind::TimeNotInEvidence => "time_not_in_evidence",
            FlagKind::DateNotInEvidence => "date_not_in_evidence",
            FlagKind::EntityNotInEvidence => "entity_not_in_evidence",
            FlagKind::UnperformedAction => "unperformed_action",
            FlagKind::StateConflict => "state_conflict",
            FlagKind::UnsupportedExplanation => "unsupported_explanation",
            FlagKind::DirectionConflict => "direction_conflict",
            FlagKind::ContentNotCovered => "content_not_covered",
            FlagKind::Other => "other",
        }
    }
}

/// Evidence cited for a claim: a character range in one tool result (or the request).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvidenceSpan {
    /// Tool call id, `retriever:N`, `user` or `system`.
    pub tool_call_id: String,
    pub start: u32,
    pub end: u32,
    pub text: String,
}

/// The offending substring inside a claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlaggedSpan {
    pub start: u32,
    pub end: u32,
    pub text: String,
    pub reason: String,
    #[serde(default)]
    pub kind: FlagKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Claim {
    pub text: String,
    pub evidence_spans: Vec<EvidenceSpan>,
    pub score: f64,
    pub critical: bool,
    pub status: ClaimStatus,
    /// Offsets of the claim in the final answer. For flagged claims these narrow to the
    /// offending substring where the scorer can localize it; `flagged_spans` lists each one.
    pub start: u32,
    pub end: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flagged_spans: Vec<FlaggedSpan>,
    #[serde(default)]
    pub claim_type: ClaimType,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCallValidation {
    pub tool: String,
    pub args: String,
    pub status: ToolCallStatus,
    pub errors: Vec<String>,
    pub call_id: String,
    pub turn: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_of: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retried_by: Option<String>,
    /// The rule each of `errors` broke, index for index (a JSON Schema keyword such as `enum`
    /// or `required`, `json`, `provenance`; `other` when none): the typed fact sinks and
    /// dashboards read (groundcheck addition; the messages are for people).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub error_rules: Vec<String>,
    /// The span of the call's execution (`execute_tool`), else the model span that requested
    /// it: 16 lower-case hex characters (groundcheck addition; where an evaluation of the
    /// call is parented).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span_id: Option<String>,
}

impl ToolCallValidation {
    /// Record an error with the rule it broke.
    pub fn push_error(&mut self, rule: &str, message: String) {
        self.errors.push(message);
        self.error_rules.push(rule.to_owned());
    }
}

/// How a consistency probe ended (groundcheck addition).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProbeStatus {
    /// Every probe answered.
    #[default]
    Answered,
    /// Some answered; others timed out or failed.
    Partial,
    /// None answered by the run's deadline.
    TimedOut,
    /// None answered: every probe failed (HTTP errors, bad JSON, budget) after retries.
    Failed,
}

impl ProbeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ProbeStatus::Answered => "answered",
            ProbeStatus::Partial => "partial",
            ProbeStatus::TimedOut => "timed_out",
            ProbeStatus::Failed => "failed",
        }
    }
}

/// A Stage-3 self-consistency probe of one critical claim. `agreement` is the share of
/// answered probes whose value equals `original` (1.0 when none answered: see `status`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConsistencyProbe {
    pub claim: String,
    pub original: String,
    pub probe_answers: Vec<String>,
    pub agreement: f64,
    // ---- groundcheck additions ----
    /// Kind of the probed value: number, date, time, identifier, entity, action.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    #[serde(default)]
    pub status: ProbeStatus,
    /// Why probes got no answer (HTTP status, bad JSON, timeouts), one line each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HallucinationReport {
    pub run_id: String,
    pub claims: Vec<Claim>,
    pub tool_call_validations: Vec<ToolCallValidation>,
    pub consistency_probes: Vec<ConsistencyProbe>,
    pub overall_score: f64,
    pub action: Action,
    pub version: String,
    // ---- groundcheck additions ----
    pub trace_id: String,
    #[serde(default)]
    pub agent_name: Option<String>,
    #[serde(default)]
    pub service_name: Option<String>,
    #[serde(default)]
    pub model: Option<String>,
    pub dialect: String,
    pub start_time_unix_nano: u64,
    pub end_time_unix_nano: u64,
    pub reported_at_unix_nano: u64,
    pub incomplete: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incomplete_reason: Option<String>,
    #[serde(default)]
    pub final_answer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversation_id: Option<String>,
    /// The tenant of the bearer token the run's spans arrived with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
    /// The gating profile applied to the run (`default` unless a profile rule matched).
    #[serde(default)]
    pub profile: String,
    /// The run's agent (root) span, 16 lower-case hex characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_span_id: Option<String>,
    /// The model span that produced the final answer (the claims' span).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_span_id: Option<String>,
    /// Why the action was chosen, and stage notes (e.g. "stage3: disabled").
    #[serde(default)]
    pub notes: Vec<String>,
}

impl HallucinationReport {
    /// Number of claims not `supported`.
    pub fn flagged_claims(&self) -> usize {
        self.claims
            .iter()
            .filter(|c| c.status != ClaimStatus::Supported)
            .count()
    }

    /// Protobuf form (`groundcheck.report.v1.HallucinationReport`).
    pub fn to_proto(&self) -> pb::HallucinationReport {
        pb::HallucinationReport {
            run_id: self.run_id.clone(),
            claims: self
                .claims
                .iter()
                .map(|c| pb::Claim {
                    text: c.text.clone(),
                    evidence_spans: c
                        .evidence_spans
                        .iter()
                        .map(|e| pb::EvidenceSpan {
                            tool_call_id: e.tool_call_id.clone(),
                            start: e.start,
                            end: e.end,
                            text: e.text.clone(),
                        })
                        .collect(),
                    score: c.score,
                    critical: c.critical,
                    status: c.status.as_str().into(),
                    start: c.start,
                    end: c.end,
                    reason: c.reason.clone(),
                    flagged_spans: c
                        .flagged_spans
                        .iter()
                        .map(|f| pb::FlaggedSpan {
                            start: f.start,
                            end: f.end,
                            text: f.text.clone(),
                            reason: f.reason.clone(),
                            kind: f.kind.as_str().into(),
                        })
                        .collect(),
                    claim_type: c.claim_type.as_str().into(),
                })
                .collect(),
            tool_call_validations: self
                .tool_call_validations
                .iter()
                .map(|t| pb::ToolCallValidation {
                    tool: t.tool.clone(),
                    args: t.args.clone(),
                    status: t.status.as_str().into(),
                    errors: t.errors.clone(),
                    call_id: t.call_id.clone(),
                    turn: t.turn,
                    retry_of: t.retry_of.clone().unwrap_or_default(),
                    error_rules: t.error_rules.clone(),
                    span_id: t.span_id.clone().unwrap_or_default(),
                })
                .collect(),
            consistency_probes: self
                .consistency_probes
                .iter()
                .map(|p| pb::ConsistencyProbe {
                    claim: p.claim.clone(),
                    original: p.original.clone(),
                    probe_answers: p.probe_answers.clone(),
                    agreement: p.agreement,
                    kind: p.kind.clone(),
                    status: p.status.as_str().into(),
                    errors: p.errors.clone(),
                })
                .collect(),
            overall_score: self.overall_score,
            action: self.action.as_str().into(),
            version: self.version.clone(),
            trace_id: self.trace_id.clone(),
            agent_name: self.agent_name.clone().unwrap_or_default(),
            service_name: self.service_name.clone().unwrap_or_default(),
            start_time_unix_nano: self.start_time_unix_nano,
            end_time_unix_nano: self.end_time_unix_nano,
            reported_at_unix_nano: self.reported_at_unix_nano,
            incomplete: self.incomplete,
            incomplete_reason: self.incomplete_reason.clone().unwrap_or_default(),
            dialect: self.dialect.clone(),
            final_answer: self.final_answer.clone().unwrap_or_default(),
            conversation_id: self.conversation_id.clone().unwrap_or_default(),
            tenant: self.tenant.clone().unwrap_or_default(),
            profile: self.profile.clone(),
            agent_span_id: self.agent_span_id.clone().unwrap_or_default(),
            answer_span_id: self.answer_span_id.clone().unwrap_or_default(),
            notes: self.notes.clone(),
        }
    }
}
