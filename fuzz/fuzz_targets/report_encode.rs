//! Report encoding: an arbitrary report (any text in every string field, any offsets, finite
//! scores) encodes to JSON and protobuf and decodes back to the same report.
#![no_main]

use arbitrary::Arbitrary;
use groundcheck_detectors::report::*;
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct FClaim {
    text: String,
    ev: Vec<(String, u32, u32, String)>,
    score: u16,
    critical: bool,
    status: u8,
    start: u32,
    end: u32,
    reason: String,
    flagged: Vec<(u32, u32, String, String)>,
}

#[derive(Arbitrary, Debug)]
struct FCall {
    tool: String,
    args: String,
    status: u8,
    errors: Vec<String>,
    call_id: String,
    turn: u32,
    retry_of: Option<String>,
    retried_by: Option<String>,
    span_id: Option<String>,
}

#[derive(Arbitrary, Debug)]
struct FProbe {
    claim: String,
    original: String,
    answers: Vec<String>,
    agreement: u16,
    kind: String,
    status: u8,
    errors: Vec<String>,
}

#[derive(Arbitrary, Debug)]
struct Input {
    run_id: String,
    span_ids: (Option<String>, Option<String>),
    claims: Vec<FClaim>,
    calls: Vec<FCall>,
    probes: Vec<FProbe>,
    score: u16,
    action: u8,
    agent: Option<String>,
    service: Option<String>,
    model: Option<String>,
    dialect: String,
    times: (u64, u64, u64),
    incomplete: bool,
    incomplete_reason: Option<String>,
    answer: Option<String>,
    notes: Vec<String>,
}

fn unit(v: u16) -> f64 {
    f64::from(v) / f64::from(u16::MAX)
}

fuzz_target!(|i: Input| {
    let r = HallucinationReport {
        run_id: i.run_id.clone(),
        claims: i
            .claims
            .into_iter()
            .map(|c| Claim {
                text: c.text,
                evidence_spans: c
                    .ev
                    .into_iter()
                    .map(|(id, s, e, t)| EvidenceSpan {
                        tool_call_id: id,
                        start: s,
                        end: e,
                        text: t,
                    })
                    .collect(),
                score: unit(c.score),
                critical: c.critical,
                status: [
                    ClaimStatus::Supported,
                    ClaimStatus::Unsupported,
                    ClaimStatus::Contradicted,
                ][c.status as usize % 3],
                start: c.start,
                end: c.end,
                reason: c.reason,
                flagged_spans: c
                    .flagged
                    .into_iter()
                    .map(|(s, e, t, r)| FlaggedSpan {
                        start: s,
                        end: e,
                        text: t,
                        reason: r,
                        kind: FlagKind::default(),
                    })
                    .collect(),
                claim_type: ClaimType::default(),
            })
            .collect(),
        tool_call_validations: i
            .calls
            .into_iter()
            .map(|c| ToolCallValidation {
                tool: c.tool,
                args: c.args,
                status: [
                    ToolCallStatus::Valid,
                    ToolCallStatus::Invalid,
                    ToolCallStatus::Fabricated,
                    ToolCallStatus::UnknownTool,
                    ToolCallStatus::Unverified,
                ][c.status as usize % 5],
                errors: c.errors,
                call_id: c.call_id,
                turn: c.turn,
                retry_of: c.retry_of,
                retried_by: c.retried_by,
                error_rules: Vec::new(),
                span_id: c.span_id,
            })
            .collect(),
        consistency_probes: i
            .probes
            .into_iter()
            .map(|p| ConsistencyProbe {
                claim: p.claim,
                original: p.original,
                probe_answers: p.answers,
                agreement: unit(p.agreement),
                kind: p.kind,
                status: [
                    ProbeStatus::Answered,
                    ProbeStatus::Partial,
                    ProbeStatus::TimedOut,
                    ProbeStatus::Failed,
                ][p.status as usize % 4],
                errors: p.errors,
            })
            .collect(),
        overall_score: unit(i.score),
        action: [Action::Emit, Action::Revise, Action::Block][i.action as usize % 3],
        version: groundcheck_detectors::SPEC_VERSION.into(),
        trace_id: i.run_id,
        agent_name: i.agent,
        service_name: i.service,
        model: i.model,
        dialect: i.dialect,
        start_time_unix_nano: i.times.0,
        end_time_unix_nano: i.times.1,
        reported_at_unix_nano: i.times.2,
        incomplete: i.incomplete,
        incomplete_reason: i.incomplete_reason,
        final_answer: i.answer.clone(),
        conversation_id: i.answer.clone(),
        tenant: i.answer,
        profile: "default".into(),
        agent_span_id: i.span_ids.0,
        answer_span_id: i.span_ids.1,
        notes: i.notes,
    };
    groundcheck_fuzz::check_encodings(&r);
    let _ = r.flagged_claims();
});
