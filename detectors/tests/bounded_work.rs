//! Bounded work per run (issue 20): an answer of 20,000 short claims against a tool result
//! with 20,000 fields is scored partly, and the report says what was not checked; a run past
//! no bound has no such note. Timing is measured in BENCHMARKS.md, never asserted here.

use groundcheck_detectors::pipeline::{Detector, DetectorConfig};
use groundcheck_detectors::run::{AgentRun, ToolCall};
use groundcheck_detectors::stage1::{Stage1, Stage1Config};
use groundcheck_detectors::stage2::bounds::{Bound, WorkBounds};
use groundcheck_detectors::stage2::{Aggregation, DeterministicScorer, Stage2Config};
use groundcheck_detectors::stage4::Thresholds;
use std::sync::Arc;
use std::time::Duration;

fn detector(bounds: WorkBounds) -> Detector {
    Detector::new(
        DetectorConfig::new(Thresholds::default(), Aggregation::Min),
        Stage1::new(Stage1Config::default(), None),
        vec![Arc::new(DeterministicScorer::new(Stage2Config {
            bounds,
            ..Default::default()
        }))],
    )
}

fn run(claims: usize, fields: usize) -> AgentRun {
    let result: String = format!(
        "{{{}}}",
        (0..fields)
            .map(|i| format!("\"field_{i}\": {}", i * 7))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let answer: String = (0..claims)
        .map(|i| format!("Item {i} costs ${}.", i * 3 + 1))
        .collect::<Vec<_>>()
        .join(" ");
    AgentRun {
        run_id: "0123456789abcdef0123456789abcdef".into(),
        user_input: "List the items.".into(),
        tool_calls: vec![ToolCall {
            id: "c1".into(),
            name: "list_items".into(),
            arguments: Some("{}".into()),
            result: Some(result),
            ..Default::default()
        }],
        final_answer: Some(answer),
        ..Default::default()
    }
}

#[test]
fn a_huge_run_is_scored_partly_and_says_so() {
    let d = detector(WorkBounds::default());
    let r = run(20_000, 20_000);
    let s2 = d.stage2(&r);
    assert!(
        s2.claims.len() <= WorkBounds::default().max_claims,
        "{}",
        s2.claims.len()
    );
    assert!(s2.bounds.contains(&Bound::Claims) || s2.bounds.contains(&Bound::TimeBudget));
    let (report, panic) = d.detect_isolated(&r, 0);
    assert!(panic.is_none());
    assert!(
        report.notes.iter().any(|n| n.starts_with("not checked:")),
        "{:?}",
        report.notes
    );
}

#[test]
fn evidence_past_its_bound_is_not_indexed_and_noted() {
    let d = detector(WorkBounds {
        max_evidence_bytes: 1_000,
        ..Default::default()
    });
    let s2 = d.stage2(&run(3, 5_000));
    assert_eq!(s2.bounds, vec![Bound::EvidenceBytes]);
    assert!(
        s2.notes.iter().any(|n| n.contains("max_evidence_bytes")),
        "{:?}",
        s2.notes
    );
}

#[test]
fn a_spent_time_budget_stops_scoring_with_a_note() {
    let d = detector(WorkBounds {
        time_budget: Duration::ZERO,
        ..Default::default()
    });
    let s2 = d.stage2(&run(50, 10));
    assert!(s2.claims.is_empty());
    assert_eq!(s2.bounds, vec![Bound::TimeBudget]);
    assert!(
        s2.notes.iter().any(|n| n.contains("time budget")),
        "{:?}",
        s2.notes
    );
}

#[test]
fn a_small_run_reaches_no_bound() {
    let d = detector(WorkBounds::default());
    let s2 = d.stage2(&run(5, 10));
    assert!(s2.bounds.is_empty());
    assert!(!s2.notes.iter().any(|n| n.starts_with("not checked:")));
    assert_eq!(s2.claims.len(), 5);
}
