//! Issue 13, the optional conversation cache, against the real binary: two turns of one
//! conversation sent as bare traces (no `gen_ai.input.messages` history). Turn 2 cancels an
//! order whose id only turn 1's tool result holds. Without the cache Stage 1 calls the id
//! fabricated (nothing in turn 2 supplies it); with `--conversation-cache-size` the cache gives
//! turn 2 the earlier result as history, the call has provenance, and `/metrics` counts the
//! hit and the supplied call.

mod common;

use common::{genai_run, metric_value, GenaiRun, Server};
use serde_json::Value;
use std::time::Duration;

/// One GenAI-dialect turn of the conversation: the agent span, one tool execution and the
/// model turn that answers, every span with the conversation id.
fn turn(
    trace_id: &str,
    tool: &str,
    args: &str,
    result: &str,
    question: &str,
    answer: &str,
) -> Vec<u8> {
    genai_run(&GenaiRun {
        trace_id,
        service: "conversation-e2e",
        agent: "Shop",
        tool,
        call_id: &format!("call_{trace_id}"),
        args,
        result,
        question,
        answer,
        conversation: Some("conv-e2e-1"),
    })
}

/// Send both turns (the second after the first is reported) and return turn 2's report.
fn second_turn_report(server: &Server) -> Value {
    let t1 = "30303030303030303030303030300001";
    let t2 = "30303030303030303030303030300002";
    let r = server.post_json(&turn(
        t1,
        "find_order",
        r#"{"email":"mei.davis@example.com"}"#,
        r##"{"order_id":"#W4817420","status":"delivered"}"##,
        "Where is my order? I am mei.davis@example.com",
        "Your order was delivered.",
    ));
    assert_eq!(r.status, 200, "{}", r.text());
    server.wait_report(t1, Duration::from_secs(30));
    let r = server.post_json(&turn(
        t2,
        "cancel_order",
        r##"{"order_id":"#W4817420"}"##,
        r#"{"status":"cancelled"}"#,
        "Please cancel it.",
        "Your order has been cancelled.",
    ));
    assert_eq!(r.status, 200, "{}", r.text());
    server.wait_report(t2, Duration::from_secs(30))
}

fn call_status(report: &Value) -> String {
    let v = report["tool_call_validations"]
        .as_array()
        .expect("validations");
    assert_eq!(v.len(), 1, "only this turn's call is judged: {report}");
    v[0]["status"].as_str().unwrap().to_owned()
}

#[test]
fn without_the_cache_the_copied_id_has_no_provenance() {
    let server = Server::start(&["--summary", "false"]);
    let r = second_turn_report(&server);
    assert_eq!(call_status(&r), "fabricated", "{r}");
    assert_eq!(
        metric_value(
            &server.metrics(),
            "groundcheck_conversation_cache_hits_total"
        ),
        Some(0.0)
    );
}

#[test]
fn the_cache_supplies_the_earlier_result_and_counts_it() {
    let server = Server::start(&["--summary", "false", "--conversation-cache-size", "100"]);
    let r = second_turn_report(&server);
    assert_ne!(call_status(&r), "fabricated", "{r}");
    assert_eq!(r["conversation_id"], "conv-e2e-1");
    let m = server.metrics();
    assert_eq!(
        metric_value(&m, "groundcheck_conversation_cache_hits_total"),
        Some(1.0),
        "{m}"
    );
    assert_eq!(
        metric_value(&m, "groundcheck_conversation_cache_calls_supplied_total"),
        Some(1.0),
        "{m}"
    );
    assert_eq!(
        metric_value(&m, "groundcheck_conversation_cache_conversations"),
        Some(1.0),
        "{m}"
    );
}
