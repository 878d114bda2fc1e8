//! Stage 1 with operator-provided schemas, end to end through OTLP/HTTP: a run whose spans
//! carry only tool names is verified against `--schema-dir`, inline as the tool span arrives
//! and at run completion.

mod common;

use serde_json::Value;
use std::time::Duration;

/// The first dev run (OpenInference: `search_flights` called with `cabin: "ECONOMY"`, which its
/// schema's enum forbids), with every tool definition stripped from the spans.
fn run_without_tool_schemas() -> (Value, Value, String) {
    let mut req = common::dev_request("runs-000.jsonl", 0);
    let mut schema = Value::Null;
    let mut trace = String::new();
    for rs in req["resourceSpans"].as_array_mut().unwrap() {
        for ss in rs["scopeSpans"].as_array_mut().unwrap() {
            for span in ss["spans"].as_array_mut().unwrap() {
                trace = span["traceId"].as_str().unwrap().to_owned();
                let attrs = span["attributes"].as_array_mut().unwrap();
                for a in attrs.iter() {
                    if a["key"].as_str().unwrap().starts_with("llm.tools.") {
                        let def: Value =
                            serde_json::from_str(a["value"]["stringValue"].as_str().unwrap())
                                .unwrap();
                        if def["function"]["name"] == "search_flights" {
                            schema = def["function"]["parameters"].clone();
                        }
                    }
                }
                attrs.retain(|a| {
                    let k = a["key"].as_str().unwrap();
                    !(k.starts_with("llm.tools.") || k == "tool.parameters")
                });
            }
        }
    }
    assert!(
        schema.is_object(),
        "schema of search_flights found in the dev run"
    );
    (req, schema, trace)
}

#[test]
fn without_a_registry_the_call_is_unknown_tool() {
    let (req, _, trace) = run_without_tool_schemas();
    let server = common::Server::start(&[]);
    assert_eq!(server.post_json(req.to_string().as_bytes()).status, 200);
    let report = server.wait_report(&trace, Duration::from_secs(15));
    let v = &report["tool_call_validations"][0];
    assert_eq!(v["tool"], "search_flights");
    assert_eq!(v["status"], "unknown_tool", "{v}");
}

#[test]
fn schema_dir_verifies_calls_inline_and_at_completion() {
    let (req, schema, trace) = run_without_tool_schemas();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("search_flights.json"), schema.to_string()).unwrap();
    let server = common::Server::start(&["--schema-dir", dir.path().to_str().unwrap()]);
    assert_eq!(server.post_json(req.to_string().as_bytes()).status, 200);
    let report = server.wait_report(&trace, Duration::from_secs(15));
    let v = &report["tool_call_validations"][0];
    assert_eq!(v["status"], "invalid", "{v}");
    let errors = v["errors"].to_string();
    assert!(
        errors.contains("/cabin") && errors.contains("enum"),
        "{errors}"
    );
    assert_eq!(
        report["action"], "revise",
        "an unrecovered schema violation asks for revision"
    );
    let m = server.metrics();
    assert!(
        common::metric_value(&m, "groundcheck_stage1_inline_rejected_total").unwrap_or(0.0) >= 1.0,
        "inline check counted:\n{m}"
    );
}
