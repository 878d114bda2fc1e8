//! Issue 18, gating profiles against the real binary: profiles chosen per run by rules of the
//! `--config` file (agent name, a span attribute), the report naming its profile, Stage 1
//! still blocking under `creative`, an item kind switched off by a profile, escalation of repeated revise verdicts across a
//! conversation, and a broken config reload that keeps the last good profiles.

mod common;

use common::{genai_run, metric_value, GenaiRun, Server};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);

/// A run whose tool call is valid (the email comes from the question) and whose answer says
/// more than the tool result supports.
fn run(trace_id: &str, agent: &str, conversation: Option<&str>) -> Vec<u8> {
    genai_run(&GenaiRun {
        trace_id,
        service: "profiles-e2e",
        agent,
        tool: "find_order",
        call_id: &format!("call_{trace_id}"),
        args: r#"{"email":"mei.davis@example.com"}"#,
        result: r##"{"order_id":"#W4817420","status":"processing"}"##,
        question: "Where is my order? I am mei.davis@example.com",
        answer:
            "Your order #W4817420 was delivered on 12 March 2024 to Oslo, with a refund of $950.",
        conversation,
    })
}

fn write_config(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

fn send(server: &Server, body: &[u8], trace_id: &str) -> Value {
    let r = server.post_json(body);
    assert_eq!(r.status, 200, "{}", r.text());
    server.wait_report(trace_id, WAIT)
}

fn notes(r: &Value) -> String {
    r["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect::<Vec<_>>()
        .join(" | ")
}

#[test]
fn two_agents_with_different_profiles_get_different_actions_for_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("groundcheck.toml");
    write_config(
        &cfg,
        r#"
summary = false

[profiles.lenient]
emit_threshold = 0.0
revise_threshold = 0.0
block_threshold = 0.0

[[profile_rules]]
profile = "high_stakes"
agent = "Payments"

[[profile_rules]]
profile = "lenient"
agent = "Helpdesk"
"#,
    );
    let server = Server::start(&["--config", cfg.to_str().unwrap()]);
    let strict = send(
        &server,
        &run("40404040404040404040404040400001", "Payments", None),
        "40404040404040404040404040400001",
    );
    let lenient = send(
        &server,
        &run("40404040404040404040404040400002", "Helpdesk", None),
        "40404040404040404040404040400002",
    );
    let other = send(
        &server,
        &run("40404040404040404040404040400003", "Other", None),
        "40404040404040404040404040400003",
    );
    assert_eq!(strict["profile"], "high_stakes", "{strict}");
    assert_eq!(lenient["profile"], "lenient", "{lenient}");
    assert_eq!(other["profile"], "default", "no rule matched: {other}");
    assert_eq!(strict["overall_score"], lenient["overall_score"]);
    assert_eq!(lenient["action"], "emit", "{lenient}");
    assert_ne!(strict["action"], "emit", "{strict}");
    assert_ne!(strict["action"], lenient["action"]);
}

#[test]
fn an_item_kind_switched_off_changes_the_verdict_of_the_same_run() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("groundcheck.toml");
    write_config(
        &cfg,
        r#"
summary = false

[profiles.no_numbers]
item_kinds = ["identifier", "time", "date", "entity", "action", "state", "clause"]

[[profile_rules]]
profile = "no_numbers"
agent = "Concierge"
"#,
    );
    let server = Server::start(&["--config", cfg.to_str().unwrap()]);
    // Everything is right but the total.
    let run = |trace_id: &str, agent: &str| {
        genai_run(&GenaiRun {
            trace_id,
            service: "profiles-e2e",
            agent,
            tool: "find_order",
            call_id: &format!("call_{trace_id}"),
            args: r#"{"email":"mei.davis@example.com"}"#,
            result: r##"{"order_id":"#W4817420","status":"processing","total":129.5}"##,
            question: "What did my order cost? I am mei.davis@example.com",
            answer: "Your order #W4817420 is processing, and its total is $229.50.",
            conversation: None,
        })
    };
    let (t1, t2) = (
        "44444444444444444444444444440001",
        "44444444444444444444444444440002",
    );
    let all = send(&server, &run(t1, "Ledger"), t1);
    let no_numbers = send(&server, &run(t2, "Concierge"), t2);
    assert_eq!(all["profile"], "default", "{all}");
    assert_eq!(all["action"], "revise", "{all}");
    let flags = &all["claims"][0]["flagged_spans"];
    assert_eq!(flags[0]["kind"], "number_conflict", "{all}");
    assert_eq!(flags[0]["text"], "$229.50", "{all}");
    assert_eq!(no_numbers["profile"], "no_numbers", "{no_numbers}");
    assert_eq!(no_numbers["action"], "emit", "{no_numbers}");
    let claim = &no_numbers["claims"][0];
    assert_eq!(claim["status"], "supported", "{no_numbers}");
    assert!(
        claim["flagged_spans"].as_array().is_none_or(Vec::is_empty),
        "{no_numbers}"
    );
    assert_eq!(claim["text"], all["claims"][0]["text"], "the same claim");
}

#[test]
fn a_creative_run_with_a_fabricated_tool_argument_is_still_blocked_by_stage1() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("groundcheck.toml");
    write_config(
        &cfg,
        r#"
[[profile_rules]]
profile = "creative"
attribute = { key = "groundcheck.task_type", value = "brainstorm" }
"#,
    );
    let server = Server::start(&["--summary", "false", "--config", cfg.to_str().unwrap()]);
    let trace = "41414141414141414141414141410001";
    let body = genai_run(&GenaiRun {
        trace_id: trace,
        service: "profiles-e2e",
        agent: "Ideas",
        tool: "cancel_order",
        call_id: "call_c1",
        args: r##"{"order_id":"#W9191919"}"##,
        result: r#"{"status":"cancelled"}"#,
        question: "Give me some gift ideas.",
        answer: "I cancelled order #W9191919. Here are some ideas: a kite, a book.",
        conversation: None,
    });
    // The task type as a span attribute on the agent (root) span.
    let mut req: Value = serde_json::from_slice(&body).unwrap();
    let spans = req["resourceSpans"][0]["scopeSpans"][0]["spans"]
        .as_array_mut()
        .unwrap();
    let root = spans.iter_mut().find(|s| s["parentSpanId"] == "").unwrap();
    root["attributes"].as_array_mut().unwrap().push(json!({
        "key": "groundcheck.task_type", "value": { "stringValue": "brainstorm" }
    }));
    let r = send(&server, &serde_json::to_vec(&req).unwrap(), trace);
    assert_eq!(r["profile"], "creative", "{r}");
    assert_eq!(r["tool_call_validations"][0]["status"], "fabricated", "{r}");
    assert_eq!(r["action"], "block", "{r}");
    assert!(
        r["claims"].as_array().unwrap().is_empty(),
        "groundedness off: {r}"
    );
    assert!(
        notes(&r).contains("groundedness not scored (profile creative)"),
        "{r}"
    );
}

#[test]
fn the_third_revising_turn_of_a_conversation_is_blocked() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("groundcheck.toml");
    // Every claim below 1.0 asks for a revision, none is blocked by its score.
    write_config(
        &cfg,
        r#"
summary = false

[profiles.loop]
emit_threshold = 1.0
revise_threshold = 1.0
block_threshold = 0.0
escalate_after = 2

[[profile_rules]]
profile = "loop"
service = "profiles-e2e"
"#,
    );
    let server = Server::start(&["--config", cfg.to_str().unwrap()]);
    let mut actions = Vec::new();
    let mut last = Value::Null;
    for i in 1..=3 {
        let trace = format!("4242424242424242424242424242000{i}");
        last = send(&server, &run(&trace, "Shop", Some("conv-loop-1")), &trace);
        assert_eq!(last["profile"], "loop", "{last}");
        actions.push(last["action"].as_str().unwrap().to_owned());
    }
    assert_eq!(actions, ["revise", "revise", "block"], "{last}");
    assert!(
        notes(&last).contains("repeated revise loops failed"),
        "{last}"
    );
    assert_eq!(
        metric_value(&server.metrics(), "groundcheck_escalations_total"),
        Some(1.0)
    );
    // Another conversation counts on its own.
    let trace = "42424242424242424242424242420009";
    let r = send(&server, &run(trace, "Shop", Some("conv-loop-2")), trace);
    assert_eq!(r["action"], "revise", "{r}");
}

fn wait_log(server: &Server, needle: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !server.log().contains(needle) {
        assert!(
            Instant::now() < deadline,
            "no {needle:?} in the log:\n{}",
            server.log()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_broken_config_reload_keeps_the_last_good_profiles_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("groundcheck.toml");
    write_config(
        &cfg,
        "summary = false\n\n[[profile_rules]]\nprofile = \"creative\"\nagent = \"Helpdesk\"\n",
    );
    let server = Server::start(&[
        "--config",
        cfg.to_str().unwrap(),
        "--schema-reload-secs",
        "1",
    ]);
    let t1 = "43434343434343434343434343430001";
    assert_eq!(
        send(&server, &run(t1, "Helpdesk", None), t1)["profile"],
        "creative"
    );

    // A rule naming a profile that does not exist: refused, the last good set stays.
    write_config(
        &cfg,
        "summary = false\n\n[[profile_rules]]\nprofile = \"no-such-profile\"\nagent = \"Helpdesk\"\n",
    );
    wait_log(&server, "gating profiles not reloaded");
    assert!(server.log().contains("no-such-profile"), "{}", server.log());
    let t2 = "43434343434343434343434343430002";
    assert_eq!(
        send(&server, &run(t2, "Helpdesk", None), t2)["profile"],
        "creative"
    );
    assert_eq!(
        metric_value(&server.metrics(), "groundcheck_profile_reload_errors_total"),
        Some(1.0)
    );

    // A good file again is taken.
    write_config(
        &cfg,
        "summary = false\n\n[[profile_rules]]\nprofile = \"high_stakes\"\nagent = \"Helpdesk\"\n\n# fixed\n",
    );
    wait_log(&server, "gating profiles reloaded");
    let t3 = "43434343434343434343434343430003";
    assert_eq!(
        send(&server, &run(t3, "Helpdesk", None), t3)["profile"],
        "high_stakes"
    );
}

#[test]
fn a_bad_profile_section_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("groundcheck.toml");
    write_config(
        &cfg,
        "[profiles.x]\nemit_threshold = 0.2\nblock_threshold = 0.5\n",
    );
    let data = dir.path().join("data");
    let e = Server::try_start_in(&data, &["--config", cfg.to_str().unwrap()])
        .err()
        .expect("refused");
    assert!(e.contains("profiles.x"), "{e}");
}
