//! Run assembly across requests, and the graceful shutdown drain, against the running binary
//! with runs from `../shared/data/agent-runs-dev`.

mod common;

use common::{dev_labels, dev_request, filter_spans, is_root, spans_of, Server};
use std::time::Duration;

/// First line of runs-000.jsonl: one whole run; returns (request, trace id).
fn first_run() -> (serde_json::Value, String) {
    let req = dev_request("runs-000.jsonl", 0);
    let spans = spans_of(&req);
    let trace_id = spans[0].0.clone();
    assert!(spans.iter().all(|s| s.0 == trace_id), "line 0 is one run");
    assert_eq!(
        spans.iter().filter(|s| s.2.is_none()).count(),
        1,
        "line 0 has exactly one root span"
    );
    assert!(spans.len() >= 3, "line 0 has children to split off");
    (req, trace_id)
}

#[test]
fn split_out_of_order_run_yields_one_complete_report() {
    let (req, trace_id) = first_run();
    let label = dev_labels().remove(&trace_id).expect("line 0 is labeled");
    let children = filter_spans(&req, |s| !is_root(s));
    let root = filter_spans(&req, is_root);
    assert_eq!(
        spans_of(&children).len() + spans_of(&root).len(),
        spans_of(&req).len()
    );

    let server = Server::start(&[]);
    let r = server.post_json(children.to_string().as_bytes());
    assert_eq!(r.status, 200, "children: {} {:?}", r.status, r.text());
    assert!(
        r.json().get("partialSuccess").is_none(),
        "no span rejected: {}",
        r.text()
    );
    // Longer than the grace period: a run without its root must not be finished yet.
    std::thread::sleep(Duration::from_millis(1000));
    assert!(
        server
            .reports()
            .iter()
            .all(|x| x["run_id"] != trace_id.as_str()),
        "no report before the root arrived"
    );
    let r = server.post_json(root.to_string().as_bytes());
    assert_eq!(r.status, 200, "root: {} {:?}", r.status, r.text());

    let report = server.wait_report(&trace_id, Duration::from_secs(15));
    common::assert_report_shape(&report);
    assert_eq!(report["incomplete"], false, "{report}");
    assert_eq!(report["dialect"], label["dialect"], "{report}");
    assert_eq!(
        report["final_answer"], label["answer"],
        "the whole run was assembled: {report}"
    );
    let labeled_calls = label["tool_calls"].as_array().unwrap().len();
    assert_eq!(
        report["tool_call_validations"].as_array().unwrap().len(),
        labeled_calls,
        "every tool call of the run: {report}"
    );

    // Nothing else arrives later (no second, partial report for the same trace).
    std::thread::sleep(Duration::from_millis(1500));
    let n = server
        .reports()
        .iter()
        .filter(|x| x["run_id"] == trace_id.as_str())
        .count();
    assert_eq!(n, 1, "exactly one report for {trace_id}");
    let m = server.metrics();
    assert_eq!(
        common::metric_value(&m, "groundcheck_assembler_runs_completed_total"),
        Some(1.0),
        "{m}"
    );
    assert_eq!(
        common::metric_value(&m, "groundcheck_assembler_runs_incomplete_total"),
        Some(0.0),
        "{m}"
    );
}

#[test]
fn sigterm_drains_open_runs_as_incomplete() {
    let (req, trace_id) = first_run();
    let children = filter_spans(&req, |s| !is_root(s));

    let mut server = Server::start(&["--idle-timeout-ms", "600000"]);
    let r = server.post_json(children.to_string().as_bytes());
    assert_eq!(r.status, 200, "children: {} {:?}", r.status, r.text());
    std::thread::sleep(Duration::from_millis(1000));
    assert!(
        server.reports().is_empty(),
        "the rootless run is still open"
    );

    let status = server.terminate(Duration::from_secs(20));
    assert!(
        status.success(),
        "groundcheck exits 0 on SIGTERM, got {status}; log:\n{}",
        server.log()
    );

    // Everything is flushed by the time the process has exited: no polling.
    let reports = server.reports();
    assert_eq!(
        reports.len(),
        1,
        "the open run was drained into exactly one report: {reports:?}"
    );
    let report = &reports[0];
    common::assert_report_shape(report);
    assert_eq!(report["run_id"], trace_id, "{report}");
    assert_eq!(report["incomplete"], true, "{report}");
    assert!(
        report["incomplete_reason"]
            .as_str()
            .is_some_and(|s| !s.is_empty()),
        "the report says why it is incomplete: {report}"
    );
}
