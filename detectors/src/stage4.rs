//! Stage 4 — gating: emit / revise / block, exactly as the spec orders them.
//!
//! - **block** — a critical claim scores below `block`; or an unrecovered Stage-1 call is
//!   `fabricated` (an action was taken on an entity nobody supplied).
//! - **revise** — a claim scores below `revise`; or an unrecovered Stage-1 `invalid` call
//!   (the validation error must go back to the model); or a critical claim's consistency
//!   probe diverges; or a non-critical claim scores below `block`.
//! - **emit** — overall groundedness ≥ `emit`, no divergence, no Stage-1 rejection left
//!   standing in the final turn (rejected-then-corrected calls are recorded, not counted).
//! - A run whose overall score falls between `revise` and `emit` with no other finding is
//!   revised (it does not meet the emit condition).

use crate::report::{Action, Claim, ConsistencyProbe, ToolCallStatus, ToolCallValidation};
use crate::stage1::UnknownToolPolicy;
use crate::stage3::diverges;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    pub emit: f64,
    pub revise: f64,
    pub block: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            emit: 0.85,
            revise: 0.6,
            block: 0.4,
        }
    }
}

/// The gating settings of one run: the profile the collector selected for it (the detector's
/// own settings apply when none is given). Stage 1 always runs, whatever the profile.
#[derive(Debug, Clone, PartialEq)]
pub struct Gating {
    /// The profile's name, written to the report.
    pub profile: String,
    pub thresholds: Thresholds,
    pub aggregation: crate::stage2::Aggregation,
    /// Calls to tools without a schema: counted (revise) or allowed.
    pub unknown_tool: UnknownToolPolicy,
    /// Stage 2 groundedness scoring (and the Stage 3 work that rests on its claims); off: no
    /// claims are scored or gated.
    pub groundedness: bool,
    /// Claim types gated (empty: every type Stage 2 scores); claims of other types are left
    /// out of the report and its score.
    pub claim_types: Vec<crate::report::ClaimType>,
    /// Item kinds Stage 2 checks within a claim (empty: every kind); an item of another kind
    /// is not checked and never lowers its claim ([`crate::stage2::ItemKind`]).
    pub item_kinds: Vec<crate::stage2::ItemKind>,
    /// Stage-3 probe kinds (empty: every kind the prober is configured for); a claim's value
    /// of another kind is not probed ([`crate::stage3::PlanConfig::narrowed`]).
    pub probe_kinds: Vec<crate::stage3::slot::SlotKind>,
}

/// Errors of gate configuration.
#[derive(Debug, thiserror::Error)]
pub enum GateError {
    #[error("thresholds must satisfy 0 <= block <= revise <= emit <= 1 (got emit={emit}, revise={revise}, block={block})")]
    Order { emit: f64, revise: f64, block: f64 },
}

impl Thresholds {
    pub fn validate(&self) -> Result<(), GateError> {
        if (0.0..=1.0).contains(&self.block)
            && self.block <= self.revise
            && self.revise <= self.emit
            && self.emit <= 1.0
        {
            Ok(())
        } else {
            Err(GateError::Order {
                emit: self.emit,
                revise: self.revise,
                block: self.block,
            })
        }
    }
}

/// Decide the action; returns it with the reasons (written to the report's notes).
pub fn gate(
    t: &Thresholds,
    overall: f64,
    claims: &[Claim],
    calls: &[ToolCallValidation],
    probes: &[ConsistencyProbe],
    unknown_tool: UnknownToolPolicy,
) -> (Action, Vec<String>) {
    let mut block = Vec::new();
    let mut revise = Vec::new();
    for c in claims {
        if c.score < t.block && c.critical {
            block.push(format!(
                "critical claim below block threshold ({:.2}): {:?}",
                c.score, c.text
            ));
        } else if c.score < t.revise {
            revise.push(format!(
                "claim below revise threshold ({:.2}): {:?}",
                c.score, c.text
            ));
        }
    }
    for v in calls.iter().filter(|v| v.retried_by.is_none()) {
        match v.status {
            ToolCallStatus::Fabricated => block.push(format!(
                "unrecovered fabricated tool call {} ({})",
                v.call_id, v.tool
            )),
            ToolCallStatus::Invalid => revise.push(format!(
                "unrecovered invalid tool call {} ({})",
                v.call_id, v.tool
            )),
            ToolCallStatus::UnknownTool if unknown_tool == UnknownToolPolicy::Flagged => {
                revise.push(format!("call to unknown tool {} ({})", v.call_id, v.tool))
            }
            _ => {}
        }
    }
    for p in probes.iter().filter(|p| diverges(p)) {
        revise.push(format!(
            "consistency probe diverged (agreement {:.2}): {:?}",
            p.agreement, p.claim
        ));
    }
    if !block.is_empty() {
        (Action::Block, block)
    } else if !revise.is_empty() {
        (Action::Revise, revise)
    } else if overall >= t.emit {
        (Action::Emit, Vec::new())
    } else {
        (
            Action::Revise,
            vec![format!(
                "overall score {overall:.2} below emit threshold {:.2}",
                t.emit
            )],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::ClaimStatus;

    fn claim(score: f64, critical: bool) -> Claim {
        Claim {
            text: "x".into(),
            evidence_spans: vec![],
            score,
            critical,
            status: ClaimStatus::Unsupported,
            start: 0,
            end: 1,
            reason: String::new(),
            flagged_spans: vec![],
            claim_type: Default::default(),
        }
    }

    fn call(status: ToolCallStatus, retried: bool) -> ToolCallValidation {
        ToolCallValidation {
            tool: "t".into(),
            args: "{}".into(),
            status,
            errors: vec![],
            call_id: "c".into(),
            turn: 0,
            retry_of: None,
            retried_by: retried.then(|| "d".into()),
            error_rules: Vec::new(),
            span_id: None,
        }
    }

    #[test]
    fn thresholds() {
        let t = Thresholds::default();
        let g = |claims: &[Claim], calls: &[ToolCallValidation]| {
            gate(
                &t,
                crate::stage2::aggregate(claims, Default::default()),
                claims,
                calls,
                &[],
                UnknownToolPolicy::Allowed,
            )
            .0
        };
        assert_eq!(g(&[claim(1.0, true)], &[]), Action::Emit);
        assert_eq!(g(&[claim(0.5, true)], &[]), Action::Revise);
        assert_eq!(g(&[claim(0.2, true)], &[]), Action::Block);
        assert_eq!(g(&[claim(0.2, false)], &[]), Action::Revise);
        assert_eq!(g(&[claim(0.7, true)], &[]), Action::Revise);
        assert_eq!(
            g(&[], &[call(ToolCallStatus::Fabricated, false)]),
            Action::Block
        );
        assert_eq!(
            g(&[], &[call(ToolCallStatus::Fabricated, true)]),
            Action::Emit
        );
        assert_eq!(
            g(&[], &[call(ToolCallStatus::Invalid, false)]),
            Action::Revise
        );
        assert!(Thresholds {
            emit: 0.5,
            revise: 0.6,
            block: 0.4
        }
        .validate()
        .is_err());
    }
}
