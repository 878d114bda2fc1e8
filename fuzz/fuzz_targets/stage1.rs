//! Stage 1 on a run built from fuzz input: tool definitions whose JSON Schema is arbitrary
//! (built from the JSON Schema vocabulary, or raw text that may not be JSON), calls whose
//! arguments are arbitrary JSON or text, and results / user input that may or may not hold
//! the arguments' entities (provenance) → schema validation + provenance (default config and
//! operator ID patterns) → the whole detector → report checks.
#![no_main]

use arbitrary::Arbitrary;
use groundcheck_detectors::run::{AgentRun, ToolCall};
use groundcheck_detectors::span::ToolDefinition;
use groundcheck_detectors::stage1::{Stage1, Stage1Config};
use groundcheck_fuzz::{check_report, detector, FJson, FText};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[derive(Arbitrary, Debug)]
enum Args {
    Json(FJson),
    Raw(String),
}

#[derive(Arbitrary, Debug)]
struct Call {
    tool: u8,
    id: Option<String>,
    args: Option<Args>,
    turn: u8,
    result: Option<FText>,
    error: bool,
}

#[derive(Arbitrary, Debug)]
struct Input {
    user: FText,
    system: String,
    schemas: Vec<(Option<FJson>, Option<String>)>,
    calls: Vec<Call>,
    answer: Option<FText>,
}

fn with_patterns() -> &'static Stage1 {
    static S: OnceLock<Stage1> = OnceLock::new();
    S.get_or_init(|| {
        let patterns = ["ORD-\\d+", "[A-Z]{2,5}-\\d+", "\\b\\d{6,}\\b"].map(String::from);
        Stage1::new(
            Stage1Config {
                id_patterns: Stage1Config::compile_id_patterns(&patterns).unwrap(),
                ..Default::default()
            },
            None,
        )
    })
}

fuzz_target!(|input: Input| {
    let names = ["search", "book", "refund", "lookup"];
    let mut run = AgentRun {
        run_id: "0123456789abcdef0123456789abcdef".into(),
        user_input: input.user.render(),
        system_prompt: input.system.clone(),
        final_answer: input.answer.as_ref().map(FText::render),
        ..Default::default()
    };
    for (i, (schema, desc)) in input.schemas.iter().take(6).enumerate() {
        run.tool_definitions.push(ToolDefinition {
            name: names[i % names.len()].into(),
            description: desc.clone(),
            parameters: schema.as_ref().map(FJson::to_json),
        });
    }
    for (i, c) in input.calls.iter().take(8).enumerate() {
        run.tool_calls.push(ToolCall {
            id: c.id.clone().unwrap_or_else(|| format!("call{i}")),
            name: names[c.tool as usize % names.len()].into(),
            arguments: c.args.as_ref().map(|a| match a {
                Args::Json(j) => j.to_json().to_string(),
                Args::Raw(s) => s.clone(),
            }),
            turn: usize::from(c.turn % 4),
            result: c.result.as_ref().map(FText::render),
            error: c.error,
            start_unix_nano: i as u64,
            // Calls of earlier turns known from the history: context, not judged.
            history: c.turn >= 200,
            span_id: None,
        });
    }
    let v = with_patterns().verify(&run);
    assert_eq!(v.len(), run.own_calls().count());
    let report = detector().detect(&run, 1);
    assert_eq!(report.tool_call_validations.len(), run.own_calls().count());
    check_report(&report, &run);
});
