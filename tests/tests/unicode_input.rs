//! Issue 20 against the running binary: an OTLP/HTTP JSON request whose final answer holds an
//! abbreviation followed by a non-breaking space (`Under Cal.\u00a0Civ.\u00a0Code § 1714 …`,
//! which once made a worker panic and rayon abort the process), and a second one full of
//! other Unicode (wide spaces after abbreviations, right-to-left text and controls, CJK,
//! emoji, combining marks, NUL, lone backslashes). Each is accepted and reported with
//! character offsets inside its answer; the process stays up: a later request still gets 200
//! and its report, `/metrics` still answers, and no detector panic was counted.

mod common;

use common::{metric_value, Server};
use serde_json::{json, Value};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

fn attr(key: &str, value: &str) -> Value {
    json!({ "key": key, "value": { "stringValue": value } })
}

/// One GenAI-dialect run as OTLP/JSON: the agent span, a tool execution whose result is
/// `evidence`, and the model turn whose output is `answer`.
fn run_request(trace_id: &str, question: &str, evidence: &str, answer: &str) -> Vec<u8> {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let root = "a1a2a3a4a5a6a7a8";
    let input = json!([{ "role": "user", "parts": [{ "type": "text", "content": question }] }]);
    let output = json!([{ "role": "assistant", "parts": [{ "type": "text", "content": answer }],
                          "finish_reason": "stop" }]);
    let span = |id: &str, parent: Option<&str>, name: &str, s: u64, e: u64, attrs: Vec<Value>| {
        json!({
            "traceId": trace_id, "spanId": id, "parentSpanId": parent.unwrap_or(""),
            "name": name, "kind": 1,
            "startTimeUnixNano": (now - s).to_string(), "endTimeUnixNano": (now - e).to_string(),
            "attributes": attrs,
        })
    };
    let req = json!({ "resourceSpans": [{
        "resource": { "attributes": [attr("service.name", "unicode-e2e")] },
        "scopeSpans": [{ "scope": { "name": "e2e.unicode" }, "spans": [
            span("b1b2b3b4b5b6b7b8", Some(root), "execute_tool lookup_statute", 3_000_000, 2_500_000, vec![
                attr("gen_ai.operation.name", "execute_tool"),
                attr("gen_ai.tool.name", "lookup_statute"),
                attr("gen_ai.tool.call.id", "call_1"),
                attr("gen_ai.tool.call.arguments", r#"{"q":"Cal. Civ. Code § 1714"}"#),
                attr("gen_ai.tool.call.result", evidence),
            ]),
            span("c1c2c3c4c5c6c7c8", Some(root), "chat gpt-4o", 2_000_000, 1_000_000, vec![
                attr("gen_ai.operation.name", "chat"),
                attr("gen_ai.request.model", "gpt-4o"),
                attr("gen_ai.input.messages", &input.to_string()),
                attr("gen_ai.output.messages", &output.to_string()),
            ]),
            span(root, None, "invoke_agent Counsel", 4_000_000, 0, vec![
                attr("gen_ai.operation.name", "invoke_agent"),
                attr("gen_ai.agent.name", "Counsel"),
            ]),
        ]}],
    }]});
    serde_json::to_vec(&req).unwrap()
}

/// The report's claims lie inside the answer (character offsets) and name its text.
fn assert_offsets_inside(report: &Value, answer: &str) {
    let chars: Vec<char> = answer.chars().collect();
    let claims = report["claims"].as_array().expect("claims");
    assert!(!claims.is_empty(), "no claims: {report}");
    for c in claims {
        let (s, e) = (c["start"].as_u64().unwrap(), c["end"].as_u64().unwrap());
        assert!(
            s <= e && e as usize <= chars.len(),
            "claim ({s}, {e}) outside: {c}"
        );
        for f in c["flagged_spans"].as_array().into_iter().flatten() {
            let (fs, fe) = (f["start"].as_u64().unwrap(), f["end"].as_u64().unwrap());
            assert!(
                fs <= fe && fe as usize <= chars.len(),
                "flagged ({fs}, {fe}): {c}"
            );
            let named: String = chars[fs as usize..fe as usize].iter().collect();
            assert_eq!(
                Some(named.as_str()),
                f["text"].as_str(),
                "flagged text: {c}"
            );
        }
    }
}

fn alive(s: &Server) -> bool {
    std::path::Path::new(&format!("/proc/{}", s.pid())).exists()
}

#[test]
fn unicode_answers_are_reported_and_the_collector_stays_up() {
    let server = Server::start(&["--summary", "false"]);
    let cases = [
        (
            "20202020202020202020202020200001",
            "Is the owner liable under Cal. Civ. Code § 1714?",
            "Cal. Civ. Code § 1714 (a): Everyone is responsible for an injury occasioned to \
             another by his or her want of ordinary care.",
            "Under Cal.\u{a0}Civ.\u{a0}Code § 1714 everyone is responsible for an injury \
             caused by a want of ordinary care. The owner owes $25,000 in damages.",
        ),
        (
            "20202020202020202020202020200002",
            "東京の天気は？ Dr. Smith asks.",
            "Weather for 東京: 18°C, light rain; עדכון: גשם קל. Forecast by Dr. Smith.",
            "Per Dr.\u{3000}Smith, e.g.\u{2003}today 東京 has 18°C and light rain \u{1F327}\u{FE0F}. \
             עדכון: גשם קל \u{202e}txet\u{202c}. Cafe\u{301} \u{1F469}\u{200d}\u{1F469}\u{200d}\u{1F467} \
             costs ¥1,200\0 \\ No.\u{2009}5 St.\u{202f}Mark's.\u{3000}",
        ),
    ];
    for (tid, question, evidence, answer) in cases {
        let r = server.post_json(&run_request(tid, question, evidence, answer));
        assert_eq!(
            r.status,
            200,
            "{tid}: {} (log:\n{})",
            r.text(),
            server.log()
        );
        let report = server.wait_report(tid, Duration::from_secs(30));
        common::assert_report_shape(&report);
        assert_eq!(report["final_answer"].as_str(), Some(answer), "{report}");
        assert_eq!(report["incomplete"], false, "{report}");
        assert_offsets_inside(&report, answer);
        assert!(
            alive(&server),
            "groundcheck exited after {tid}; log:\n{}",
            server.log()
        );
    }
    // The $25,000 the statute does not mention is flagged at its character offset.
    let first = server.wait_report(cases[0].0, Duration::from_secs(1));
    let answer = cases[0].3;
    let at = answer[..answer.find("25,000").unwrap()].chars().count() as u64;
    let flagged = first["claims"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["flagged_spans"].as_array().cloned().unwrap_or_default())
        .find(|f| f["text"].as_str().is_some_and(|t| t.contains("25,000")))
        .unwrap_or_else(|| panic!("$25,000 not flagged: {first}"));
    assert!(
        flagged["start"].as_u64().unwrap() <= at && at < flagged["end"].as_u64().unwrap(),
        "{flagged} vs char offset {at}"
    );

    // Still up: a later ordinary request is accepted and reported, /metrics answers, and no
    // run needed the panic isolation.
    let later = "20202020202020202020202020200003";
    let r = server.post_json(&run_request(
        later,
        "Which code section?",
        "Section 1714 applies.",
        "Section 1714 applies.",
    ));
    assert_eq!(r.status, 200, "{}", r.text());
    server.wait_report(later, Duration::from_secs(30));
    let m = server.metrics();
    assert_eq!(
        metric_value(&m, "groundcheck_detector_panics_total"),
        Some(0.0),
        "{m}"
    );
    assert!(alive(&server));
}
