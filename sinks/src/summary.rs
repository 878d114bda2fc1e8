//! One line per run on stderr: run id, action, score, number of flagged claims and tool calls.

use crate::{ReportSink, SinkError};
use async_trait::async_trait;
use groundcheck_detectors::report::HallucinationReport;
use std::io::Write;

pub struct SummarySink;

/// The summary line of a report.
pub fn summary_line(r: &HallucinationReport) -> String {
    let bad_calls = r
        .tool_call_validations
        .iter()
        .filter(|v| v.status.is_rejection())
        .count();
    format!(
        "run {} action={} score={:.2} flagged_claims={} claims={} rejected_tool_calls={} agent={} incomplete={}",
        r.run_id,
        r.action.as_str(),
        r.overall_score,
        r.flagged_claims(),
        r.claims.len(),
        bad_calls,
        r.agent_name.as_deref().unwrap_or("-"),
        r.incomplete
    )
}

#[async_trait]
impl ReportSink for SummarySink {
    fn name(&self) -> &'static str {
        "stderr_summary"
    }

    async fn write_batch(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
        let mut out = String::new();
        for r in reports {
            out.push_str(&summary_line(r));
            out.push('\n');
        }
        let mut e = std::io::stderr().lock();
        e.write_all(out.as_bytes()).map_err(|source| SinkError::Io {
            path: "stderr".into(),
            source,
        })
    }
}
