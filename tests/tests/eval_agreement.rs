//! `groundcheck eval` agrees with the reference scorer (`../shared/tools/score-agent-runs.py`)
//! on the labeled dev runs, and detection quality does not fall below the floors measured when
//! this test was written (docs/quality.md): a regression guard, not a target.

mod common;

use std::collections::HashMap;
use std::process::Command;

fn summary(line: &str) -> HashMap<String, f64> {
    line.split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .filter_map(|(k, v)| Some((k.to_owned(), v.parse().ok()?)))
        .collect()
}

#[test]
fn eval_matches_reference_scorer_and_holds_quality_floors() {
    let bin = common::groundcheck_bin();
    let dir = tempfile::tempdir().unwrap();
    let reports = dir.path().join("reports.jsonl");
    let out = Command::new(&bin)
        .args(["eval", "--halueval", "none", "--agent-runs"])
        .arg(common::dev_data_dir())
        .arg("--reports-out")
        .arg(&reports)
        .output()
        .expect("run groundcheck eval");
    assert!(
        out.status.success(),
        "eval failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let ours = summary(
        text.lines()
            .find(|l| l.starts_with("example_f1="))
            .expect("summary line"),
    );

    let scorer = common::workspace_root().join("../shared/tools/score-agent-runs.py");
    let out = Command::new("python3")
        .arg(&scorer)
        .arg("--labels")
        .arg(common::dev_data_dir().join("labels.jsonl"))
        .arg("--reports")
        .arg(&reports)
        .output()
        .expect("run the reference scorer");
    assert!(
        out.status.success(),
        "reference scorer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let theirs = summary(text.lines().last().expect("summary line"));
    for key in ["example_f1", "span_f1", "stage1_f1", "action_acc"] {
        let (a, b) = (ours[key], theirs[key]);
        assert!(
            (a - b).abs() < 0.0015,
            "{key}: groundcheck eval {a} vs reference {b}"
        );
    }
    // Floors: the figures of docs/quality.md minus a small margin.
    assert!(ours["example_f1"] >= 0.77, "{ours:?}");
    assert!(ours["span_f1"] >= 0.64, "{ours:?}");
    assert!(ours["stage1_f1"] >= 0.97, "{ours:?}");
    assert!(ours["action_acc"] >= 0.79, "{ours:?}");
}
