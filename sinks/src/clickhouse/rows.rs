//! Rows: one row type per table (`runs`, `claims`, `tool_call_validations`,
//! `consistency_probes`) and the mapping from a batch of reports to rows.

use ::clickhouse::Row;
use groundcheck_detectors::report::{ClaimStatus, HallucinationReport, ToolCallStatus};
use serde::Serialize;

#[derive(Row, Serialize)]
pub(super) struct RunRow<'a> {
    run_id: &'a str,
    ts: i64,
    start_time: i64,
    end_time: i64,
    reported_at: i64,
    agent_name: &'a str,
    service_name: &'a str,
    tenant: &'a str,
    profile: &'a str,
    model: &'a str,
    dialect: &'a str,
    version: &'a str,
    action: &'a str,
    overall_score: f64,
    claims_total: u32,
    claims_flagged: u32,
    claims_unsupported: u32,
    claims_contradicted: u32,
    claims_critical_flagged: u32,
    tool_calls_total: u32,
    tool_calls_invalid: u32,
    tool_calls_fabricated: u32,
    tool_calls_unrecovered: u32,
    probes_total: u32,
    incomplete: bool,
    incomplete_reason: &'a str,
    final_answer: &'a str,
    notes: &'a [String],
    report: String,
}

#[derive(Row, Serialize)]
pub(super) struct ClaimRow<'a> {
    run_id: &'a str,
    claim_index: u32,
    ts: i64,
    agent_name: &'a str,
    model: &'a str,
    tenant: &'a str,
    action: &'a str,
    status: &'a str,
    score: f64,
    critical: bool,
    start_offset: u32,
    end_offset: u32,
    text: &'a str,
    reason: &'a str,
    evidence_tool_call_ids: Vec<&'a str>,
    evidence_starts: Vec<u32>,
    evidence_ends: Vec<u32>,
    evidence_texts: Vec<&'a str>,
    flagged_starts: Vec<u32>,
    flagged_ends: Vec<u32>,
    flagged_texts: Vec<&'a str>,
    flagged_reasons: Vec<&'a str>,
    flagged_kinds: Vec<&'static str>,
}

#[derive(Row, Serialize)]
pub(super) struct ToolCallRow<'a> {
    run_id: &'a str,
    call_index: u32,
    ts: i64,
    agent_name: &'a str,
    model: &'a str,
    tenant: &'a str,
    action: &'a str,
    tool: &'a str,
    status: &'a str,
    call_id: &'a str,
    turn: u32,
    retry_of: &'a str,
    retried_by: &'a str,
    error_rules: Vec<&'a str>,
    errors: &'a [String],
    args: &'a str,
}

#[derive(Row, Serialize)]
pub(super) struct ProbeRow<'a> {
    run_id: &'a str,
    probe_index: u32,
    ts: i64,
    agent_name: &'a str,
    model: &'a str,
    tenant: &'a str,
    agreement: f64,
    kind: &'a str,
    status: &'static str,
    claim: &'a str,
    original: &'a str,
    probe_answers: &'a [String],
    errors: &'a [String],
}

/// Which report a row comes from, and its index among that report's rows of the table
/// (claim, tool call or probe index; 0 for `runs`): the input of dedup tokens, and how a
/// rejected row finds its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowKey {
    /// Index of the report in the batch.
    pub report: usize,
    pub index: u32,
}

/// The rows of a batch, with a [`RowKey`] per row for tokens and dead letters.
pub(super) struct Rows<'a> {
    pub(super) runs: Vec<RunRow<'a>>,
    pub(super) run_keys: Vec<RowKey>,
    pub(super) claims: Vec<ClaimRow<'a>>,
    pub(super) claim_keys: Vec<RowKey>,
    pub(super) calls: Vec<ToolCallRow<'a>>,
    pub(super) call_keys: Vec<RowKey>,
    pub(super) probes: Vec<ProbeRow<'a>>,
    pub(super) probe_keys: Vec<RowKey>,
}

/// Time axis of a run: its end (root span end), else the report time. Nanoseconds.
pub fn run_ts(r: &HallucinationReport) -> i64 {
    let t = if r.end_time_unix_nano > 0 {
        r.end_time_unix_nano
    } else {
        r.reported_at_unix_nano
    };
    t.min(i64::MAX as u64) as i64
}

/// The rule keyword of a Stage 1 error message (`… (rule: enum)` → `enum`), `other` without
/// one. Only for reports without the typed `error_rules` (written by a groundcheck before
/// they existed, e.g. replayed spills): current reports carry the rule of every error.
pub fn rule_from_error_message(message: &str) -> &str {
    match message.find("(rule: ") {
        Some(i) => {
            let rest = &message[i + 7..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            if end == 0 {
                "other"
            } else {
                &rest[..end]
            }
        }
        None => "other",
    }
}

impl<'a> Rows<'a> {
    pub(super) fn build(reports: &'a [HallucinationReport]) -> Rows<'a> {
        let mut rows = Rows {
            runs: Vec::with_capacity(reports.len()),
            run_keys: Vec::with_capacity(reports.len()),
            claims: Vec::new(),
            claim_keys: Vec::new(),
            calls: Vec::new(),
            call_keys: Vec::new(),
            probes: Vec::new(),
            probe_keys: Vec::new(),
        };
        for (ri, r) in reports.iter().enumerate() {
            let ts = run_ts(r);
            let agent = r.agent_name.as_deref().unwrap_or("");
            let model = r.model.as_deref().unwrap_or("");
            let tenant = r.tenant.as_deref().unwrap_or("");
            let action = r.action.as_str();
            let count = |s: ClaimStatus| r.claims.iter().filter(|c| c.status == s).count() as u32;
            let calls = |s: ToolCallStatus| {
                r.tool_call_validations
                    .iter()
                    .filter(|v| v.status == s)
                    .count() as u32
            };
            rows.runs.push(RunRow {
                run_id: &r.run_id,
                ts,
                start_time: r.start_time_unix_nano.min(i64::MAX as u64) as i64,
                end_time: r.end_time_unix_nano.min(i64::MAX as u64) as i64,
                reported_at: r.reported_at_unix_nano.min(i64::MAX as u64) as i64,
                agent_name: agent,
                service_name: r.service_name.as_deref().unwrap_or(""),
                tenant,
                profile: &r.profile,
                model,
                dialect: &r.dialect,
                version: &r.version,
                action,
                overall_score: r.overall_score,
                claims_total: r.claims.len() as u32,
                claims_flagged: r.flagged_claims() as u32,
                claims_unsupported: count(ClaimStatus::Unsupported),
                claims_contradicted: count(ClaimStatus::Contradicted),
                claims_critical_flagged: r
                    .claims
                    .iter()
                    .filter(|c| c.critical && c.status != ClaimStatus::Supported)
                    .count() as u32,
                tool_calls_total: r.tool_call_validations.len() as u32,
                tool_calls_invalid: calls(ToolCallStatus::Invalid),
                tool_calls_fabricated: calls(ToolCallStatus::Fabricated),
                tool_calls_unrecovered: r
                    .tool_call_validations
                    .iter()
                    .filter(|v| v.status.is_rejection() && v.retried_by.is_none())
                    .count() as u32,
                probes_total: r.consistency_probes.len() as u32,
                incomplete: r.incomplete,
                incomplete_reason: r.incomplete_reason.as_deref().unwrap_or(""),
                final_answer: r.final_answer.as_deref().unwrap_or(""),
                notes: &r.notes,
                report: serde_json::to_string(r).unwrap_or_default(),
            });
            rows.run_keys.push(RowKey {
                report: ri,
                index: 0,
            });
            for (i, c) in r.claims.iter().enumerate() {
                rows.claims.push(ClaimRow {
                    run_id: &r.run_id,
                    claim_index: i as u32,
                    ts,
                    agent_name: agent,
                    model,
                    tenant,
                    action,
                    status: c.status.as_str(),
                    score: c.score,
                    critical: c.critical,
                    start_offset: c.start,
                    end_offset: c.end,
                    text: &c.text,
                    reason: &c.reason,
                    evidence_tool_call_ids: c
                        .evidence_spans
                        .iter()
                        .map(|e| e.tool_call_id.as_str())
                        .collect(),
                    evidence_starts: c.evidence_spans.iter().map(|e| e.start).collect(),
                    evidence_ends: c.evidence_spans.iter().map(|e| e.end).collect(),
                    evidence_texts: c.evidence_spans.iter().map(|e| e.text.as_str()).collect(),
                    flagged_starts: c.flagged_spans.iter().map(|f| f.start).collect(),
                    flagged_ends: c.flagged_spans.iter().map(|f| f.end).collect(),
                    flagged_texts: c.flagged_spans.iter().map(|f| f.text.as_str()).collect(),
                    flagged_reasons: c.flagged_spans.iter().map(|f| f.reason.as_str()).collect(),
                    flagged_kinds: c.flagged_spans.iter().map(|f| f.kind.as_str()).collect(),
                });
                rows.claim_keys.push(RowKey {
                    report: ri,
                    index: i as u32,
                });
            }
            for (i, v) in r.tool_call_validations.iter().enumerate() {
                rows.calls.push(ToolCallRow {
                    run_id: &r.run_id,
                    call_index: i as u32,
                    ts,
                    agent_name: agent,
                    model,
                    tenant,
                    action,
                    tool: &v.tool,
                    status: v.status.as_str(),
                    call_id: &v.call_id,
                    turn: v.turn,
                    retry_of: v.retry_of.as_deref().unwrap_or(""),
                    retried_by: v.retried_by.as_deref().unwrap_or(""),
                    // The typed rules; parsed from the messages only for older reports.
                    error_rules: if v.error_rules.len() == v.errors.len() {
                        v.error_rules.iter().map(String::as_str).collect()
                    } else {
                        v.errors
                            .iter()
                            .map(|e| rule_from_error_message(e))
                            .collect()
                    },
                    errors: &v.errors,
                    args: &v.args,
                });
                rows.call_keys.push(RowKey {
                    report: ri,
                    index: i as u32,
                });
            }
            for (i, p) in r.consistency_probes.iter().enumerate() {
                rows.probes.push(ProbeRow {
                    run_id: &r.run_id,
                    probe_index: i as u32,
                    ts,
                    agent_name: agent,
                    model,
                    tenant,
                    agreement: p.agreement,
                    kind: &p.kind,
                    status: p.status.as_str(),
                    claim: &p.claim,
                    original: &p.original,
                    probe_answers: &p.probe_answers,
                    errors: &p.errors,
                });
                rows.probe_keys.push(RowKey {
                    report: ri,
                    index: i as u32,
                });
            }
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clickhouse::testing::report;

    #[test]
    fn rows_and_rules() {
        let reports = vec![report("a"), report("b")];
        let rows = Rows::build(&reports);
        assert_eq!(
            (
                rows.runs.len(),
                rows.claims.len(),
                rows.calls.len(),
                rows.probes.len()
            ),
            (2, 2, 2, 0)
        );
        assert_eq!(rows.runs[0].ts, 7, "no end time: report time");
        assert_eq!(rows.runs[0].tool_calls_fabricated, 1);
        assert_eq!(rows.runs[0].claims_critical_flagged, 1);
        assert_eq!(rows.calls[0].error_rules, vec!["provenance", "enum"]);
        assert_eq!(rule_from_error_message("no rule"), "other");
        assert!(
            RunRow::COLUMN_NAMES.contains(&"report")
                && ClaimRow::COLUMN_NAMES.contains(&"evidence_texts")
        );
    }
}
