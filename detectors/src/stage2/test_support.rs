//! Shared by the unit tests of the Stage 2 modules: a run with one tool call and the
//! deterministic scorer over it.

use super::{DeterministicScorer, Scorer, Stage2Config};
use crate::report::{Claim, ClaimStatus, FlagKind};
use crate::run::{AgentRun, ToolCall};

pub(super) fn run(result: &str) -> AgentRun {
    AgentRun {
        user_input: "What's the status of order ORD-1001?".into(),
        tool_calls: vec![ToolCall {
            id: "call_1".into(),
            name: "get_order".into(),
            result: Some(result.into()),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// A run with one tool call per result, in order.
pub(super) fn run_with(results: &[&str]) -> AgentRun {
    AgentRun {
        user_input: "What's the status?".into(),
        tool_calls: results
            .iter()
            .enumerate()
            .map(|(i, r)| ToolCall {
                id: format!("call_{}", i + 1),
                name: format!("tool_{}", i + 1),
                result: Some((*r).into()),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

/// A run of one call the agent made: the user's request, the tool, its arguments and result.
pub(super) fn run_with_call(user: &str, tool: &str, arguments: &str, result: &str) -> AgentRun {
    AgentRun {
        user_input: user.into(),
        tool_calls: vec![ToolCall {
            id: "c1".into(),
            name: tool.into(),
            arguments: Some(arguments.into()),
            result: Some(result.into()),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// Whether every claim of the answer is supported by the run's evidence.
pub(super) fn all_supported_in(run: &AgentRun, answer: &str) -> bool {
    DeterministicScorer::new(Stage2Config::default())
        .score(run, answer)
        .iter()
        .all(|c| c.status == ClaimStatus::Supported)
}

/// Whether every claim of the answer is supported by the results together.
pub(super) fn all_supported_by(results: &[&str], answer: &str) -> bool {
    DeterministicScorer::new(Stage2Config::default())
        .score(&run_with(results), answer)
        .iter()
        .all(|c| c.status == ClaimStatus::Supported)
}

/// The claims of the answer against the results together.
pub(super) fn score_by(results: &[&str], answer: &str) -> Vec<Claim> {
    DeterministicScorer::new(Stage2Config::default()).score(&run_with(results), answer)
}

pub(super) fn score(result: &str, answer: &str) -> Vec<Claim> {
    DeterministicScorer::new(Stage2Config::default()).score(&run(result), answer)
}

/// Whether every claim of the answer is supported by the result.
pub(super) fn all_supported(result: &str, answer: &str) -> bool {
    score(result, answer)
        .iter()
        .all(|c| c.status == ClaimStatus::Supported)
}

/// Whether some claim of the answer carries a flag of `kind` against the result.
pub(super) fn flagged_as(result: &str, answer: &str, kind: FlagKind) -> bool {
    score(result, answer)
        .iter()
        .any(|c| c.flagged_spans.iter().any(|f| f.kind == kind))
}

pub(super) const RESULT: &str = r#"{"order_id":"ORD-1001","status":"shipped","total":129.5,"carrier":"UPS","eta":"2026-03-04","window":"14:00","population":1198450}"#;
