//! Issue 16 against a real OTLP backend: Arize Phoenix (PyPI `arize-phoenix`, started by
//! `deploy/phoenix.sh`). groundcheck sits between the agent and Phoenix: it forwards the
//! agent's spans over OTLP/gRPC and exports its evaluations over OTLP/HTTP as evaluation spans
//! (Phoenix takes no logs). Read back through Phoenix's REST API: the agent's spans and each
//! evaluation attached to the right span; then Phoenix's own trace view, rendered by a
//! headless Chromium (Debian `chromium`, `deploy/chromium.sh`), shows the evaluation. The
//! screenshot is kept as a test artifact (`target/test-artifacts/phoenix-trace.png`).
//!
//! Phoenix: `GROUNDCHECK_TEST_PHOENIX_URL` (default `http://127.0.0.1:6006`) and
//! `GROUNDCHECK_TEST_PHOENIX_GRPC` (default `127.0.0.1:4417`). When it does not answer, the
//! test runs `deploy/phoenix.sh start` (`deploy/test.sh` starts it before the tests and stops
//! it on exit).

mod common;

use common::{genai_run, http_request, workspace_root, GenaiRun, Server};
use serde_json::Value;
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

// The span ids `genai_run` writes; each run replaces them with fresh ones ([`fresh_span_ids`]).
const BUILDER_ROOT: &str = "a1a2a3a4a5a6a7a8";
const BUILDER_TOOL: &str = "b1b2b3b4b5b6b7b8";
const BUILDER_CHAT: &str = "c1c2c3c4c5c6c7c8";

fn phoenix() -> (String, SocketAddr, String) {
    let url = std::env::var("GROUNDCHECK_TEST_PHOENIX_URL")
        .unwrap_or_else(|_| "http://127.0.0.1:6006".to_owned());
    let grpc = std::env::var("GROUNDCHECK_TEST_PHOENIX_GRPC")
        .unwrap_or_else(|_| "127.0.0.1:4417".to_owned());
    let addr: SocketAddr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .expect("GROUNDCHECK_TEST_PHOENIX_URL is http://IP:PORT");
    let up = || {
        http_request(addr, "GET", "/healthz", &[], b"")
            .map(|r| r.status == 200)
            .unwrap_or(false)
    };
    if !up() {
        let st = Command::new(workspace_root().join("deploy/phoenix.sh"))
            .arg("start")
            .status()
            .expect("run deploy/phoenix.sh start");
        assert!(st.success(), "deploy/phoenix.sh start failed");
        assert!(
            up(),
            "Phoenix does not answer on {url} after deploy/phoenix.sh start"
        );
    }
    (url, addr, grpc)
}

fn get_json(addr: SocketAddr, path: &str) -> Value {
    let r = http_request(addr, "GET", path, &[], b"").expect("Phoenix REST");
    assert_eq!(r.status, 200, "GET {path}: {}", r.text());
    r.json()
}

/// Span ids (root, tool, chat) no earlier run of this test used: Phoenix keys a span by its
/// span id alone and drops a second span with the same id, so a second run against the same
/// Phoenix with the builder's fixed ids showed only groundcheck's evaluation spans.
fn fresh_span_ids(trace: &str) -> [String; 3] {
    let low = u64::from_str_radix(&trace[16..], 16).expect("hex trace id");
    [1u64, 2, 3].map(|k| format!("{:016x}", low ^ (k << 60)))
}

/// A trace id no earlier run of this test used (Phoenix keeps its data while it runs).
fn fresh_trace_id() -> String {
    let n = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{:032x}", n | (0x7e << 120))
}

#[test]
fn phoenix_shows_the_agents_trace_with_groundchecks_evaluations_on_the_right_spans() {
    let (url, addr, grpc) = phoenix();
    let server = Server::start(&[
        "--summary",
        "false",
        "--forward-endpoint",
        &format!("http://{grpc}"),
        "--otlp-export-endpoint",
        &url,
        "--otlp-export-protocol",
        "http/protobuf",
        "--otlp-export-evaluations-as",
        "spans",
    ]);
    let trace = fresh_trace_id();
    let body = genai_run(&GenaiRun {
        trace_id: &trace,
        service: "phoenix-e2e",
        agent: "Support",
        tool: "cancel_order",
        call_id: "call_p1",
        args: r##"{"order_id":"#W9191919"}"##,
        result: r#"{"status":"cancelled"}"#,
        question: "Please cancel my last order.",
        answer: "I cancelled order #W9191919. It was delivered on 12 March 2024 to Oslo, with a refund of $950.",
        conversation: None,
    });
    let [root, tool, chat] = fresh_span_ids(&trace);
    let body = String::from_utf8(body)
        .expect("utf-8 OTLP/JSON")
        .replace(BUILDER_ROOT, &root)
        .replace(BUILDER_TOOL, &tool)
        .replace(BUILDER_CHAT, &chat)
        .into_bytes();
    let (root, tool, chat) = (root.as_str(), tool.as_str(), chat.as_str());
    let r = server.post_json(&body);
    assert_eq!(r.status, 200, "{}", r.text());
    let report = server.wait_report(&trace, Duration::from_secs(30));
    assert_eq!(report["action"], "block", "{report}");
    let flagged = report["claims"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] != "supported")
        .count();
    // The agent's 3 spans, the run's evaluation, one per flagged claim, one per rejected call.
    let expected = 3 + 1 + flagged + 1;

    let path = format!("/v1/projects/default/spans?trace_id={trace}&limit=1000");
    let deadline = Instant::now() + Duration::from_secs(60);
    let spans = loop {
        let v = get_json(addr, &path);
        let spans = v["data"].as_array().cloned().unwrap_or_default();
        if spans.len() >= expected {
            break spans;
        }
        assert!(
            Instant::now() < deadline,
            "Phoenix has {} of {expected} spans of trace {trace}: {v}\ngroundcheck log:\n{}",
            spans.len(),
            server.log()
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    let by_id = |id: &str| {
        spans
            .iter()
            .find(|s| s["context"]["span_id"] == id)
            .unwrap_or_else(|| panic!("span {id} in Phoenix: {spans:?}"))
    };
    // The agent's spans, forwarded unchanged (names, parents, attributes).
    assert_eq!(by_id(root)["name"], "invoke_agent Support");
    assert_eq!(by_id(chat)["parent_id"], root);
    assert_eq!(by_id(tool)["name"], "execute_tool cancel_order");
    assert_eq!(
        by_id(tool)["attributes"]["gen_ai.tool.call.arguments"],
        r##"{"order_id":"#W9191919"}"##
    );
    // Each evaluation on the span it evaluates.
    let evals: Vec<&Value> = spans
        .iter()
        .filter(|s| s["name"].as_str().unwrap().starts_with("evaluation "))
        .collect();
    assert_eq!(evals.len(), 1 + flagged + 1, "{evals:?}");
    let find = |name: &str| -> Vec<&&Value> {
        evals
            .iter()
            .filter(|s| s["attributes"]["gen_ai.evaluation.name"] == name)
            .collect()
    };
    let action = find("groundcheck.action");
    assert_eq!(action.len(), 1);
    assert_eq!(action[0]["parent_id"], root);
    assert_eq!(
        action[0]["attributes"]["gen_ai.evaluation.score.label"],
        "block"
    );
    assert_eq!(action[0]["events"][0]["name"], "gen_ai.evaluation.result");
    assert_eq!(
        action[0]["events"][0]["attributes"]["gen_ai.evaluation.score.label"],
        "block"
    );
    for c in find("groundcheck.claim") {
        assert_eq!(c["parent_id"], chat, "{c}");
        assert!(
            c["attributes"]["groundcheck.claim.start"].is_number(),
            "{c}"
        );
    }
    let call = find("groundcheck.tool_call");
    assert_eq!(call.len(), 1);
    assert_eq!(call[0]["parent_id"], tool);
    assert_eq!(
        call[0]["attributes"]["gen_ai.evaluation.score.label"],
        "fabricated"
    );

    // Phoenix's own trace view, with the run's evaluation selected.
    let chromium = Command::new(workspace_root().join("deploy/chromium.sh"))
        .output()
        .expect("run deploy/chromium.sh");
    assert!(
        chromium.status.success(),
        "deploy/chromium.sh: {}",
        String::from_utf8_lossy(&chromium.stderr)
    );
    let chromium = String::from_utf8(chromium.stdout)
        .unwrap()
        .trim()
        .to_owned();
    let eval_span = action[0]["context"]["span_id"].as_str().unwrap();
    let page = format!("{url}/redirects/spans/{eval_span}");
    let headless = |extra: &[&str]| {
        Command::new(&chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--virtual-time-budget=15000",
            ])
            .args(extra)
            .arg(&page)
            .output()
            .expect("run chromium")
    };
    let dom = String::from_utf8_lossy(&headless(&["--dump-dom"]).stdout).into_owned();
    for shown in [
        "evaluation groundcheck.action",
        "groundcheck.action",
        "block",
        eval_span,
    ] {
        assert!(
            dom.contains(shown),
            "Phoenix's trace view ({page}) does not show {shown:?}; DOM:\n{}",
            &dom[..dom.len().min(4000)]
        );
    }
    let artifacts = workspace_root().join("target/test-artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let png = artifacts.join("phoenix-trace.png");
    let _ = std::fs::remove_file(&png);
    let shot = headless(&[
        &format!("--screenshot={}", png.display()),
        "--window-size=1600,1000",
    ]);
    assert!(
        png.metadata().map(|m| m.len() > 10_000).unwrap_or(false),
        "screenshot {} not written: {}",
        png.display(),
        String::from_utf8_lossy(&shot.stderr)
    );
}
