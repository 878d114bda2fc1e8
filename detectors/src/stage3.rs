//! Stage 3 — self-consistency probing.
//!
//! The spec: critical claims (numbers, dates, citations, named entities, action commitments)
//! SHOULD be re-asked with a paraphrased prompt and the same evidence, and compared. Probing
//! needs a model endpoint, which is I/O: this library defines the interface and the
//! comparison; the collector supplies an implementation when an endpoint is configured.
//!
//! # Contract
//! [`ConsistencyProber::probe`] is called on a worker-pool thread with the run and its scored
//! claims. It may block, but must return within its configured deadline; on timeout or error
//! it returns what it has (probes with no answers are reported, never silently dropped).
//! Implementations are `Send + Sync` and shared by all workers.

use crate::report::{Claim, ConsistencyProbe};
use crate::run::AgentRun;

/// Errors a prober reports (recorded in the report's notes, counted in metrics).
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    #[error("probe endpoint error: {0}")]
    Endpoint(String),
    #[error("probe deadline exceeded after {0} ms")]
    Timeout(u64),
}

pub trait ConsistencyProber: Send + Sync {
    /// Human-readable name for notes/metrics.
    fn name(&self) -> &'static str;
    /// Probe the critical claims of the run.
    fn probe(&self, run: &AgentRun, claims: &[Claim]) -> Result<Vec<ConsistencyProbe>, ProbeError>;
}

/// Agreement of probe answers with the original value: share of answers that normalize to
/// the same string (case, whitespace, thousands separators and currency symbols ignored).
pub fn agreement(original: &str, answers: &[String]) -> f64 {
    if answers.is_empty() {
        return 1.0;
    }
    let norm = |s: &str| -> String { s.chars().filter(|c| c.is_alphanumeric() || *c == '.').collect::<String>().to_lowercase() };
    let o = norm(original);
    answers.iter().filter(|a| norm(a) == o).count() as f64 / answers.len() as f64
}

/// A probe diverges when fewer than half of its answers agree with the original.
pub fn diverges(p: &ConsistencyProbe) -> bool {
    !p.probe_answers.is_empty() && p.agreement < 0.5
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreement_normalizes() {
        assert_eq!(agreement("$1,200", &["1200".into(), "$1200".into(), "900".into(), "1,200".into()]), 0.75);
        assert_eq!(agreement("x", &[]), 1.0);
    }
}
