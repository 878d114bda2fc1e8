//! `groundcheck check`: one report per labeled run, stdin, and clear failures on bad input.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn one_report_per_labeled_run_in_order_of_completion() {
    let dir = common::dev_data_dir();
    let files: Vec<_> = (0..6)
        .map(|i| dir.join(format!("runs-00{i}.jsonl")))
        .collect();
    let out = Command::new(common::groundcheck_bin())
        .arg("check")
        .args(&files)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let labels = std::fs::read_to_string(dir.join("labels.jsonl")).unwrap();
    let label_ids: std::collections::HashSet<String> = labels
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["trace_id"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    let reports: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), label_ids.len());
    let ids: std::collections::HashSet<String> = reports
        .iter()
        .map(|r| r["run_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(ids, label_ids, "every labeled run has exactly one report");
    assert!(reports
        .iter()
        .all(|r| r["incomplete"] == false && r["version"].is_string()));
    // Split runs (two requests in different lines) are reassembled: no run is reported twice.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("300 runs (0 incomplete"), "{stderr}");
}

#[test]
fn reads_stdin_and_whole_documents() {
    let doc =
        std::fs::read_to_string(common::workspace_root().join("examples/agent-run.json")).unwrap();
    // Pretty-printed over several lines: one document, not JSON Lines.
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&doc).unwrap())
            .unwrap();
    let mut child = Command::new(common::groundcheck_bin())
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pretty.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reports: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0]["run_id"], "ff1ce79b1c87ae55c352abb61911d2d4");
    assert_eq!(
        reports[0]["action"], "revise",
        "the run's search_flights call violates its enum"
    );
}

#[test]
fn unreadable_input_fails_clearly() {
    let out = Command::new(common::groundcheck_bin())
        .args(["check", "/nonexistent/file.jsonl"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot read /nonexistent/file.jsonl"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"resourceSpans\": [\nnot json at all\n").unwrap();
    let out = Command::new(common::groundcheck_bin())
        .arg("check")
        .arg(&bad)
        .output()
        .unwrap();
    // Every undecodable line is reported with its number and reason and skipped; the exit
    // status says something failed.
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.jsonl:1: skipped") && err.contains("bad.jsonl:2: skipped"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_bad_line_does_not_lose_the_good_ones() {
    let good = std::fs::read_to_string(common::dev_data_dir().join("runs-000.jsonl")).unwrap();
    let first = good.lines().next().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mixed = dir.path().join("mixed.jsonl");
    std::fs::write(&mixed, format!("{{\"resourceSpans\": [\n{first}\n")).unwrap();
    let out = Command::new(common::groundcheck_bin())
        .arg("check")
        .arg(&mixed)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mixed.jsonl:1: skipped"), "{err}");
    let reports: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(reports.len(), 1, "{err}");
    assert!(reports[0].contains("\"run_id\""));
}
