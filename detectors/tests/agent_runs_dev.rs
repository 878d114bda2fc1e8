//! Normalization + run building over every labeled run of `../shared/data/agent-runs-dev`:
//! each run's final answer must equal the label's `answer` exactly (offsets depend on it) and
//! its tool calls must be the labeled calls, in order, with the same ids (where the dialect
//! carries ids) and tool names.

use groundcheck_detectors::normalize::normalize_request;
use groundcheck_detectors::run::build_run;
use groundcheck_detectors::span::{hex, NormalizedSpan};
use std::collections::HashMap;
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/agent-runs-dev")
}

#[test]
fn every_labeled_run_normalizes_to_its_answer_and_calls() {
    let dir = data_dir();
    assert!(dir.exists(), "shared data missing at {}", dir.display());
    let mut spans: HashMap<String, Vec<NormalizedSpan>> = HashMap::new();
    for i in 0..6 {
        let text = std::fs::read_to_string(dir.join(format!("runs-00{i}.jsonl"))).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let req = groundcheck_proto::json::decode_export_request(line.as_bytes()).unwrap();
            let n = normalize_request(&req);
            assert!(n.rejected.is_empty(), "{:?}", n.rejected);
            for s in n.spans {
                spans.entry(hex(&s.trace_id)).or_default().push(s);
            }
        }
    }
    let labels = std::fs::read_to_string(dir.join("labels.jsonl")).unwrap();
    let mut checked = 0;
    let mut by_dialect: HashMap<String, usize> = HashMap::new();
    for line in labels.lines() {
        let l: serde_json::Value = serde_json::from_str(line).unwrap();
        let tid = l["trace_id"].as_str().unwrap();
        let run = build_run(
            spans
                .remove(tid)
                .unwrap_or_else(|| panic!("no spans for {tid}")),
        );
        assert_eq!(run.run_id, tid);
        let dialect = l["dialect"].as_str().unwrap();
        assert_eq!(run.dialect.as_str(), dialect, "{tid}");
        assert_eq!(
            run.final_answer.as_deref(),
            l["answer"].as_str(),
            "{tid} ({dialect})"
        );
        let gold: Vec<(&str, &str)> = l["tool_calls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["call_id"].as_str().unwrap(), c["tool"].as_str().unwrap()))
            .collect();
        let got: Vec<(&str, &str)> = run
            .tool_calls
            .iter()
            .map(|c| (c.id.as_str(), c.name.as_str()))
            .collect();
        assert_eq!(got, gold, "{tid} ({dialect})");
        assert!(
            run.tool_calls
                .iter()
                .all(|c| c.result.is_some() && c.arguments.is_some()),
            "{tid}: every call has arguments and a result"
        );
        assert!(!run.user_input.is_empty(), "{tid}: user input");
        assert!(
            !run.tool_definitions.is_empty() || run.tool_calls.is_empty(),
            "{tid}: tool definitions"
        );
        *by_dialect.entry(dialect.to_owned()).or_default() += 1;
        checked += 1;
    }
    assert_eq!(checked, 300);
    assert!(by_dialect.len() == 3, "{by_dialect:?}");
}
