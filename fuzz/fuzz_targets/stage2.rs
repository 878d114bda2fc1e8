//! Stage 2 scoring (the deterministic scorer) over an arbitrary answer and arbitrary evidence
//! (prose tool results, JSON tool results, retrieved documents, the user request), both built
//! from vocabulary pieces — abbreviations, every Unicode space, numbers, dates, money, IDs,
//! scripts, emoji — and raw strings → claims → report checks (offsets on characters inside
//! the answer, flagged spans inside their claim, evidence spans naming evidence text).
#![no_main]

use arbitrary::Arbitrary;
use groundcheck_detectors::run::{AgentRun, ToolCall};
use groundcheck_fuzz::{check_report, detector, FJson, FText};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Evidence {
    Prose(FText),
    Json(FJson),
}

#[derive(Arbitrary, Debug)]
struct Input {
    answer: FText,
    user: FText,
    results: Vec<Evidence>,
    documents: Vec<FText>,
}

fuzz_target!(|input: Input| {
    let mut run = AgentRun {
        run_id: "0123456789abcdef0123456789abcdef".into(),
        user_input: input.user.render(),
        final_answer: Some(input.answer.render()),
        documents: input.documents.iter().take(4).map(FText::render).collect(),
        ..Default::default()
    };
    for (i, e) in input.results.iter().take(6).enumerate() {
        run.tool_calls.push(ToolCall {
            id: format!("call_{i}"),
            name: "lookup".into(),
            arguments: Some("{}".into()),
            result: Some(match e {
                Evidence::Prose(t) => t.render(),
                Evidence::Json(j) => j.to_json().to_string(),
            }),
            ..Default::default()
        });
    }
    let s2 = detector().stage2(&run);
    let report = detector()
        .complete(&run, Vec::new(), s2, Default::default(), 1)
        .0;
    check_report(&report, &run);
    groundcheck_fuzz::check_encodings(&report);
});
