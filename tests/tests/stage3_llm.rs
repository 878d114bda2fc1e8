//! Stage 3 end to end against a REAL local model: SmolLM2-135M-Instruct served by
//! `deploy/llm.sh` (node-llama-cpp, OpenAI-compatible `/v1/chat/completions` on loopback).
//! The bundled example run goes over OTLP/HTTP to `groundcheck serve` configured with the
//! endpoint; the report must carry a consistency probe per critical claim with the model's
//! answers, and the judge's notes. A 135M model answers poorly: this checks the protocol and
//! the report, not the model's wisdom.
//!
//! The endpoint: `GROUNDCHECK_TEST_LLM_URL` (default `http://127.0.0.1:8089/v1`). When it
//! does not answer, the test runs `deploy/llm.sh start` (which installs into deploy/.cache
//! and leaves the server running; `deploy/test.sh` stops it on exit).

mod common;

use common::{http_request, metric_value, Server};
use std::net::SocketAddr;
use std::time::Duration;

fn endpoint() -> String {
    let url = std::env::var("GROUNDCHECK_TEST_LLM_URL")
        .unwrap_or_else(|_| "http://127.0.0.1:8089/v1".to_owned());
    let authority = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap_or("127.0.0.1:8089")
        .to_owned();
    let addr: SocketAddr = authority
        .parse()
        .expect("GROUNDCHECK_TEST_LLM_URL must be http://IP:PORT/v1");
    let answering = || {
        http_request(addr, "GET", "/healthz", &[], b"")
            .map(|r| r.status == 200)
            .unwrap_or(false)
    };
    if !answering() {
        let st = std::process::Command::new(common::workspace_root().join("deploy/llm.sh"))
            .arg("start")
            .env("LLM_PORT", addr.port().to_string())
            .status()
            .expect("run deploy/llm.sh start");
        assert!(st.success(), "deploy/llm.sh start failed");
    }
    assert!(answering(), "no model endpoint at {url}");
    url
}

#[test]
fn critical_claims_are_probed_against_a_real_local_model() {
    let url = endpoint();
    let server = Server::start(&[
        "--llm-base-url",
        &url,
        "--llm-model",
        "smollm2-135m-instruct",
        "--probes",
        "true",
        "--probes-per-claim",
        "2",
        "--probe-max-per-run",
        "4",
        "--llm-max-tokens",
        "12",
        "--llm-max-evidence-chars",
        "1200",
        "--llm-concurrency",
        "1",
        "--llm-deadline-ms",
        "240000",
        "--llm-timeout-ms",
        "120000",
        "--judge",
        "true",
        "--judge-max-claims",
        "1",
        "--llm-max-retries",
        "0",
    ]);
    let body = std::fs::read(common::workspace_root().join("examples/agent-run.json")).unwrap();
    let r = server.post_json(&body);
    assert_eq!(r.status, 200, "{}", r.text());
    let report = server.wait_report("ff1ce79b1c87ae55c352abb61911d2d4", Duration::from_secs(300));
    common::assert_report_shape(&report);

    let critical: Vec<&str> = report["claims"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["critical"] == true)
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert_eq!(critical.len(), 2, "{report:#}");
    let probes = report["consistency_probes"].as_array().unwrap();
    assert_eq!(probes.len(), 2, "one probe per critical claim: {report:#}");
    for (p, claim) in probes.iter().zip(&critical) {
        assert_eq!(p["claim"], *claim);
        assert_eq!(
            p["kind"], "identifier",
            "AC1471 / B61745 are the claims' identifiers: {p}"
        );
        assert!(
            p["original"] == "AC1471" || p["original"] == "B61745",
            "{p}"
        );
        assert_eq!(
            p["status"], "answered",
            "the model answered every probe: {p}"
        );
        let answers = p["probe_answers"].as_array().unwrap();
        assert_eq!(answers.len(), 2, "{p}");
        assert!(
            answers
                .iter()
                .all(|a| a.as_str().is_some_and(|s| !s.is_empty())),
            "{p}"
        );
        let agreement = p["agreement"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&agreement), "{p}");
    }
    // Gating used the probes exactly as the spec says: a diverging critical claim cannot emit.
    let diverged = probes
        .iter()
        .any(|p| p["agreement"].as_f64().unwrap() <= 0.5);
    if diverged {
        assert_ne!(report["action"], "emit", "{report:#}");
        assert!(
            report["notes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|n| n.as_str().unwrap().contains("consistency probe diverged")),
            "{report:#}"
        );
    }
    let notes: Vec<&str> = report["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        notes.iter().any(|n| n.starts_with("stage2 judge: ")),
        "{notes:?}"
    );
    assert!(
        !notes.iter().any(|n| n.contains("stage3: disabled")),
        "{notes:?}"
    );

    let m = server.metrics();
    assert_eq!(
        metric_value(&m, "groundcheck_stage3_probes_answered_total"),
        Some(4.0),
        "{m}"
    );
    assert_eq!(
        metric_value(&m, "groundcheck_stage3_runs_probed_total"),
        Some(1.0)
    );
    assert_eq!(metric_value(&m, "groundcheck_judge_calls_total"), Some(1.0));
    assert_eq!(metric_value(&m, "groundcheck_stage3_enabled"), Some(1.0));
}
