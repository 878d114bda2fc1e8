//! The real OpenTelemetry Python SDK (`tests/python/emit_agent_run.py`, OTLP exporters over
//! gRPC and HTTP) against the real `groundcheck serve` binary.
//!
//! Needs `target/<profile>/groundcheck` and `.venv` (run `cargo build -p groundcheck &&
//! deploy/setup-python.sh` first); fails, never skips, when either is missing.

mod common;

use common::{assert_report_shape, venv_python, workspace_root, Server};
use serde_json::Value;
use std::process::Command;
use std::time::Duration;

const SERVICE: &str = "shopco-e2e";

/// Run the emitter; returns the trace id it printed.
fn emit(
    server: &Server,
    protocol: &str,
    scenario: &str,
    compression: &str,
    processor: &str,
) -> String {
    let endpoint = match protocol {
        "grpc" => server.grpc.to_string(),
        _ => format!("http://{}/v1/traces", server.http),
    };
    let script = workspace_root().join("tests/python/emit_agent_run.py");
    let out = Command::new(venv_python())
        .arg(&script)
        .args([
            "--protocol",
            protocol,
            "--endpoint",
            &endpoint,
            "--scenario",
            scenario,
            "--service-name",
            SERVICE,
            "--compression",
            compression,
            "--processor",
            processor,
        ])
        // Keep the SDK's environment configuration from interfering.
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .env_remove("OTEL_SDK_DISABLED")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "emit_agent_run.py --protocol {protocol} --scenario {scenario} failed ({}):\n{stderr}\nserver log:\n{}", out.status, server.log());
    let trace_id = stdout.trim().to_owned();
    assert!(
        trace_id.len() == 32 && trace_id.chars().all(|c| c.is_ascii_hexdigit()),
        "emitter printed {stdout:?}, not a trace id; stderr:\n{stderr}"
    );
    trace_id
}

fn check_common(r: &Value, trace_id: &str, protocol: &str, scenario: &str) {
    let ctx = format!("{protocol}/{scenario} report {r}");
    assert_report_shape(r);
    assert_eq!(r["run_id"], trace_id, "{ctx}");
    assert_eq!(r["dialect"], "genai", "{ctx}");
    assert_eq!(r["incomplete"], false, "{ctx}");
    assert_eq!(r["agent_name"], "ShopCo Support", "{ctx}");
    assert_eq!(r["service_name"], SERVICE, "{ctx}");
    let answer = r["final_answer"].as_str().unwrap_or_default();
    assert!(
        answer.contains("ORD-1001"),
        "final answer taken from the last chat span: {ctx}"
    );
    let calls = r["tool_call_validations"].as_array().unwrap();
    assert!(!calls.is_empty(), "tool calls are validated: {ctx}");
    let names: Vec<&str> = calls.iter().map(|c| c["tool"].as_str().unwrap()).collect();
    assert_eq!(&names[..2], ["get_order", "track_package"], "{ctx}");
    assert_eq!(calls[0]["call_id"], "call_get_order_1", "{ctx}");
    assert!(
        !r["claims"].as_array().unwrap().is_empty(),
        "the answer has claims: {ctx}"
    );
}

fn check_scenario(r: &Value, protocol: &str, scenario: &str) {
    let ctx = format!("{protocol}/{scenario} report {r}");
    let claims = r["claims"].as_array().unwrap();
    let calls = r["tool_call_validations"].as_array().unwrap();
    match scenario {
        "clean" => {
            assert_eq!(r["action"], "emit", "{ctx}");
            assert!(
                claims.iter().all(|c| c["status"] == "supported"),
                "every claim supported: {ctx}"
            );
            assert!(
                calls.iter().all(|c| c["status"] == "valid"),
                "every call valid: {ctx}"
            );
        }
        "hallucinated" => {
            assert!(
                matches!(r["action"].as_str(), Some("revise" | "block")),
                "{ctx}"
            );
            let flagged: Vec<&Value> = claims
                .iter()
                .filter(|c| c["status"] != "supported")
                .collect();
            assert!(
                flagged
                    .iter()
                    .any(|c| c["text"].as_str().unwrap().contains("229.50")),
                "a flagged claim holds the wrong total: {ctx}"
            );
            assert!(
                claims
                    .iter()
                    .filter(|c| c["status"] == "supported")
                    .all(|c| !c["text"].as_str().unwrap().contains("229.50")),
                "the wrong total is never supported: {ctx}"
            );
            assert!(
                calls.iter().all(|c| c["status"] == "valid"),
                "tool calls themselves are fine: {ctx}"
            );
        }
        "fabricated-call" => {
            assert_eq!(r["action"], "block", "{ctx}");
            let fab: Vec<&Value> = calls
                .iter()
                .filter(|c| c["status"] == "fabricated")
                .collect();
            assert_eq!(fab.len(), 1, "exactly one fabricated call: {ctx}");
            assert_eq!(fab[0]["tool"], "get_order", "{ctx}");
            assert!(
                fab[0]["args"].as_str().unwrap().contains("ORD-9999"),
                "{ctx}"
            );
            assert!(
                fab[0]["errors"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|e| e.as_str().unwrap().contains("ORD-9999")),
                "the error names the entity: {ctx}"
            );
            assert!(
                calls
                    .iter()
                    .filter(|c| c["call_id"] != fab[0]["call_id"])
                    .all(|c| c["status"] == "valid"),
                "{ctx}"
            );
        }
        other => unreachable!("scenario {other}"),
    }
}

fn run_protocol(protocol: &str) {
    let server = Server::start(&[]);
    // gzip over the wire for one scenario of each protocol (both exporters support it);
    // the SimpleSpanProcessor for another: one export request per span, children first,
    // the root last, so the run is assembled across requests.
    let cases = [
        ("clean", "none", "batch"),
        ("hallucinated", "gzip", "batch"),
        ("fabricated-call", "none", "simple"),
    ];
    let mut ids = Vec::new();
    for (scenario, compression, processor) in cases {
        ids.push((
            scenario,
            emit(&server, protocol, scenario, compression, processor),
        ));
    }
    for (scenario, trace_id) in &ids {
        let r = server.wait_report(trace_id, Duration::from_secs(15));
        check_common(&r, trace_id, protocol, scenario);
        check_scenario(&r, protocol, scenario);
    }
    // One report per run, none for anything else.
    let reports = server.reports();
    assert_eq!(
        reports.len(),
        ids.len(),
        "one report per emitted run: {reports:?}"
    );
    let m = server.metrics();
    let counter = if protocol == "grpc" {
        "groundcheck_receiver_grpc_requests_total"
    } else {
        "groundcheck_receiver_http_requests_total"
    };
    // 1 + 1 batched exports, 8 single-span exports.
    assert!(
        common::metric_value(&m, counter).unwrap_or(0.0) >= 10.0,
        "{counter} counts the exports:\n{m}"
    );
}

#[test]
fn python_sdk_over_grpc() {
    run_protocol("grpc");
}

#[test]
fn python_sdk_over_http() {
    run_protocol("http");
}
