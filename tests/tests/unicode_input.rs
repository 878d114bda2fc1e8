//! Issue 20 against the running binary: an OTLP/HTTP JSON request whose final answer holds an
//! abbreviation followed by a non-breaking space (`Under Cal.\u00a0Civ.\u00a0Code § 1714 …`,
//! which once made a worker panic and rayon abort the process), and a second one full of
//! other Unicode (wide spaces after abbreviations, right-to-left text and controls, CJK,
//! emoji, combining marks, NUL, lone backslashes). Each is accepted and reported with
//! character offsets inside its answer; the process stays up: a later request still gets 200
//! and its report, `/metrics` still answers, and no detector panic was counted.

mod common;

use common::{genai_run, metric_value, GenaiRun, Server};
use serde_json::Value;
use std::time::Duration;

/// One GenAI-dialect run as OTLP/JSON: the agent span, a tool execution whose result is
/// `evidence`, and the model turn whose output is `answer`.
fn run_request(trace_id: &str, question: &str, evidence: &str, answer: &str) -> Vec<u8> {
    genai_run(&GenaiRun {
        trace_id,
        service: "unicode-e2e",
        agent: "Counsel",
        tool: "lookup_statute",
        call_id: "call_1",
        args: r#"{"q":"Cal. Civ. Code § 1714"}"#,
        result: evidence,
        question,
        answer,
        conversation: None,
    })
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
