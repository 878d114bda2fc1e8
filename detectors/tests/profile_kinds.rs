//! Issue 18, item and probe kinds per gating profile through the detector's split API (the
//! collector's path): `stage2_for` checks only the profile's `item_kinds`, `async_work_for`
//! asks the prober for the profile's `probe_kinds` only, and `complete_with` gates what is left.

use groundcheck_detectors::pipeline::{AsyncResults, Detector, DetectorConfig};
use groundcheck_detectors::report::{Action, Claim};
use groundcheck_detectors::run::{AgentRun, ToolCall};
use groundcheck_detectors::stage1::{Stage1, Stage1Config};
use groundcheck_detectors::stage2::{Aggregation, DeterministicScorer, ItemKind, Stage2Config};
use groundcheck_detectors::stage3::slot::SlotKind;
use groundcheck_detectors::stage3::{BoxFuture, ConsistencyProber, ProbeOutcome};
use groundcheck_detectors::stage4::{Gating, Thresholds};
use std::sync::{Arc, Mutex};

/// Records the kinds each run was probed for; answers nothing.
#[derive(Default)]
struct Recorder(Mutex<Vec<Vec<SlotKind>>>);

impl ConsistencyProber for Recorder {
    fn name(&self) -> &'static str {
        "recorder"
    }
    fn wants(&self, _: &AgentRun) -> bool {
        true
    }
    fn probe(
        &self,
        _: Arc<AgentRun>,
        _: Arc<Vec<Claim>>,
        kinds: &[SlotKind],
    ) -> BoxFuture<ProbeOutcome> {
        self.0.lock().unwrap().push(kinds.to_vec());
        Box::pin(async { ProbeOutcome::default() })
    }
}

fn detector(prober: Option<Arc<Recorder>>) -> Detector {
    let mut d = Detector::new(
        DetectorConfig::new(Thresholds::default(), Aggregation::Min),
        Stage1::new(Stage1Config::default(), None),
        vec![Arc::new(DeterministicScorer::new(Stage2Config::default()))],
    );
    d.prober = prober.map(|p| p as Arc<dyn ConsistencyProber>);
    d
}

/// The identifier is right, the total is not.
fn run() -> Arc<AgentRun> {
    Arc::new(AgentRun {
        run_id: "0123456789abcdef0123456789abcdef".into(),
        user_input: "What did order ORD-1001 cost?".into(),
        tool_calls: vec![ToolCall {
            id: "c1".into(),
            name: "get_order".into(),
            arguments: Some(r#"{"order_id":"ORD-1001"}"#.into()),
            result: Some(r#"{"order_id":"ORD-1001","total":129.5}"#.into()),
            ..Default::default()
        }],
        final_answer: Some("Order ORD-1001 cost $229.50.".into()),
        ..Default::default()
    })
}

fn gating(item_kinds: &[ItemKind], probe_kinds: &[SlotKind]) -> Gating {
    Gating {
        item_kinds: item_kinds.to_vec(),
        probe_kinds: probe_kinds.to_vec(),
        ..detector(None).gating("p")
    }
}

fn action(d: &Detector, g: &Gating) -> Action {
    let r = run();
    let s2 = d.stage2_for(&r, g);
    let v = d.stage1(&r);
    d.complete_with(&r, v, s2, AsyncResults::default(), 0, Some(g))
        .0
        .action
}

#[test]
fn an_item_kind_not_scored_does_not_lower_the_claim() {
    let d = detector(None);
    let r = run();
    assert_eq!(d.detect(&r, 0).action, Action::Revise, "the wrong total");
    assert_eq!(action(&d, &gating(&[], &[])), Action::Revise, "empty: all");
    assert_eq!(
        action(&d, &gating(&[ItemKind::Identifier, ItemKind::Date], &[])),
        Action::Emit
    );
    let s2 = d.stage2_for(&r, &gating(&[ItemKind::Identifier], &[]));
    assert!(s2.claims[0].critical && s2.claims[0].flagged_spans.is_empty());
    let off = Gating {
        groundedness: false,
        ..gating(&[], &[])
    };
    assert!(d.stage2_for(&r, &off).claims.is_empty());
}

#[test]
fn the_prober_is_asked_for_the_profile_probe_kinds_only() {
    let rec = Arc::new(Recorder::default());
    let d = detector(Some(rec.clone()));
    let r = run();
    let s2 = d.stage2(&r);
    assert!(d.async_work(&r, &s2).probes.is_some());
    assert!(d
        .async_work_for(&r, &s2, &[SlotKind::Number])
        .probes
        .is_some());
    // No critical claim has a date: nothing to probe, no request queued.
    assert!(d
        .async_work_for(&r, &s2, &[SlotKind::Date])
        .probes
        .is_none());
    assert_eq!(*rec.0.lock().unwrap(), [vec![], vec![SlotKind::Number]]);
}
