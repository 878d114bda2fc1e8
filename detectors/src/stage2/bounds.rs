//! Bounded work per run: however large an answer or its evidence, Stage 2 does a bounded
//! amount of work, and a run that reaches a bound gets a partial report whose notes say what
//! was not checked (never a silent emit). The collector counts each bound reached
//! (`groundcheck_stage2_bounds_reached_total{bound=…}`).
//!
//! | bound | default | what happens when reached |
//! |---|---|---|
//! | `max_claims` | 200 | later units of the answer are not scored |
//! | `max_evidence_bytes` | 1 MiB | evidence beyond it (in run order) is not indexed |
//! | `max_derived_values` | 200 | computed values use the first values only |
//! | `time_budget` | 500 ms | claims after the budget are not scored |
//!
//! The time budget is measured on the scoring thread (a worker doing CPU work only), so it
//! bounds the CPU time a run takes in Stage 2; with the defaults no run takes more than about
//! a second of CPU on a 2-core machine, whatever it contains (BENCHMARKS.md).

use std::time::Duration;

/// Bounds of Stage 2's work per run.
#[derive(Debug, Clone, Copy)]
pub struct WorkBounds {
    pub max_claims: usize,
    pub max_evidence_bytes: usize,
    pub max_derived_values: usize,
    pub time_budget: Duration,
}

impl Default for WorkBounds {
    fn default() -> Self {
        WorkBounds {
            max_claims: 200,
            max_evidence_bytes: 1 << 20,
            max_derived_values: 200,
            time_budget: Duration::from_millis(500),
        }
    }
}

/// A bound a run reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    Claims,
    EvidenceBytes,
    TimeBudget,
}

impl Bound {
    pub fn as_str(self) -> &'static str {
        match self {
            Bound::Claims => "max_claims",
            Bound::EvidenceBytes => "max_evidence_bytes",
            Bound::TimeBudget => "time_budget",
        }
    }
}

/// A bound reached, with the note for the report.
#[derive(Debug, Clone)]
pub struct BoundReached {
    pub bound: Bound,
    pub note: String,
}

/// Claims scored, and the bounds reached while scoring them.
#[derive(Debug, Clone, Default)]
pub struct Scored {
    pub claims: Vec<crate::report::Claim>,
    pub bounds: Vec<BoundReached>,
}
