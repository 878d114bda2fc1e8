//! The slowest runs we can construct, timed with the default bounds (BENCHMARKS.md, "Bounded
//! work per run"): `cargo run --release -p groundcheck-detectors --example worst_case`.
//! Prints each shape's wall time on one thread (the detector does CPU work only, so this is
//! its CPU time) and the bounds it reached.

use groundcheck_detectors::pipeline::{Detector, DetectorConfig};
use groundcheck_detectors::run::{AgentRun, ToolCall};
use groundcheck_detectors::stage1::{Stage1, Stage1Config};
use groundcheck_detectors::stage2::{Aggregation, DeterministicScorer, Stage2Config};
use groundcheck_detectors::stage4::Thresholds;
use std::sync::Arc;
use std::time::Instant;

fn run(answer: String, result: String) -> AgentRun {
    AgentRun {
        run_id: "0123456789abcdef0123456789abcdef".into(),
        user_input: "What do you have?".into(),
        tool_calls: vec![ToolCall {
            id: "c1".into(),
            name: "search".into(),
            arguments: Some("{}".into()),
            result: Some(result),
            ..Default::default()
        }],
        final_answer: Some(answer),
        ..Default::default()
    }
}

fn json_fields(n: usize) -> String {
    let body: Vec<String> = (0..n)
        .map(|i| format!("\"field_{i}\": {}.{}", i * 7, i % 100))
        .collect();
    format!("{{{}}}", body.join(", "))
}

fn json_records(n: usize) -> String {
    let body: Vec<String> = (0..n)
        .map(|i| {
            format!(
                "{{\"id\": \"R{i:05}\", \"name\": \"Item {i}\", \"price\": {}.{:02}, \"qty\": {}}}",
                i % 500,
                i % 100,
                i % 9
            )
        })
        .collect();
    format!("{{\"items\": [{}]}}", body.join(", "))
}

fn main() {
    let d = Detector::new(
        DetectorConfig::new(Thresholds::default(), Aggregation::Min),
        Stage1::new(Stage1Config::default(), None),
        vec![Arc::new(DeterministicScorer::new(Stage2Config::default()))],
    );
    let claims = |n: usize| -> String {
        (0..n)
            .map(|i| {
                format!(
                    "Item R{i:05} costs ${}.{:02} and ships on May {}.",
                    i % 500 + 1,
                    i % 97,
                    i % 28 + 1
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let prose: String = (0..40_000)
        .map(|i| format!("Sentence {i} mentions Alpha{} and {} units. ", i % 13, i))
        .collect();
    let shapes: Vec<(&str, AgentRun)> = vec![
        (
            "20k claims x 20k fields",
            run(claims(20_000), json_fields(20_000)),
        ),
        (
            "200 claims x 5k records",
            run(claims(200), json_records(5_000)),
        ),
        (
            "one 2k-number claim",
            run(
                (0..2_000).map(|i| format!("{}.{} ", i, i % 10)).collect(),
                json_fields(2_000),
            ),
        ),
        ("200 claims x 1 MiB prose", run(claims(200), prose)),
        ("10 MiB of one line", run(claims(50), "x".repeat(10 << 20))),
    ];
    let mut worst = 0.0f64;
    for (name, r) in &shapes {
        let t = Instant::now();
        let (report, panic) = d.detect_isolated(r, 0);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        worst = worst.max(ms);
        let bounds: Vec<&String> = report
            .notes
            .iter()
            .filter(|n| n.starts_with("not checked"))
            .collect();
        println!(
            "{name:<28} {ms:>8.1} ms  claims={:<4} panic={} bounds={:?}",
            report.claims.len(),
            panic.is_some(),
            bounds
                .iter()
                .map(|n| n.chars().take(60).collect::<String>())
                .collect::<Vec<_>>()
        );
    }
    println!("slowest run: {worst:.1} ms");
}
