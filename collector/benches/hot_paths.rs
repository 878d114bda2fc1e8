//! Criterion benchmarks for the ingest and detection hot paths.
//! Run: `cargo bench -p groundcheck --bench hot_paths` (results in BENCHMARKS.md).
//! Redaction alone: `cargo bench -p groundcheck --bench hot_paths -- redact_report`.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use groundcheck::assembler::{AssemblerConfig, RunBuffer};
use groundcheck::loadgen::gen::{gen_request, GenConfig, GenDialect, Rng};
use groundcheck_detectors::normalize::normalize_request;
use groundcheck_detectors::pipeline::{Detector, DetectorConfig};
use groundcheck_detectors::run::{build_run, AgentRun, ToolCall};
use groundcheck_detectors::stage1::{Stage1, Stage1Config};
use groundcheck_detectors::stage2::{DeterministicScorer, Scorer, Stage2Config};
use prost::Message;
use std::sync::Arc;
use std::time::{Duration, Instant};

const RUNS: usize = 100;

fn request(
    d: GenDialect,
    result_bytes: usize,
) -> groundcheck_proto::otlp::collector::ExportTraceServiceRequest {
    let cfg = GenConfig {
        spans_per_run: 6,
        result_bytes,
        hallucinated_share: 0.2,
        dialect: d,
        omit_root: false,
    };
    gen_request(&cfg, &mut Rng::new(42), RUNS, 2_000_000_000_000).0
}

/// The bundled OpenInference example run (OTLP/JSON, 5 spans with real attribute sizes).
fn example_json() -> Vec<u8> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/agent-run.json"
    ))
    .unwrap();
    text.into_bytes()
}

/// The assembler with `serve`'s defaults.
fn run_buffer() -> RunBuffer {
    RunBuffer::new(AssemblerConfig {
        grace: Duration::from_secs(2),
        idle_timeout: Duration::from_secs(30),
        max_open_runs: 10_000,
        max_spans_per_run: 2_000,
        finished_memory: 40_000,
    })
}

fn detector() -> Detector {
    Detector {
        cfg: DetectorConfig::new(Default::default(), Default::default()),
        stage1: Stage1::new(Stage1Config::default(), None),
        scorers: vec![Arc::new(DeterministicScorer::new(Stage2Config::default()))],
        judge: None,
        prober: None,
    }
}

fn bench_decode(c: &mut Criterion) {
    let req = request(GenDialect::Genai, 256);
    let spans = (RUNS * 6) as u64;
    let pb = req.encode_to_vec();
    let mut g = c.benchmark_group("decode");
    g.throughput(Throughput::Elements(spans));
    g.bench_function("otlp_protobuf_600_spans_256B_results", |b| {
        b.iter(|| {
            groundcheck_proto::otlp::collector::ExportTraceServiceRequest::decode(black_box(
                pb.as_slice(),
            ))
            .unwrap()
        })
    });
    let js = example_json();
    g.throughput(Throughput::Bytes(js.len() as u64));
    g.bench_function("otlp_json_example_run", |b| {
        b.iter(|| groundcheck_proto::json::decode_export_request(black_box(&js)).unwrap())
    });
    g.finish();
}

fn bench_normalize(c: &mut Criterion) {
    let mut g = c.benchmark_group("normalize");
    g.throughput(Throughput::Elements((RUNS * 6) as u64));
    for (name, d) in [
        ("genai", GenDialect::Genai),
        ("openinference", GenDialect::Openinference),
        ("openllmetry", GenDialect::Openllmetry),
    ] {
        let req = request(d, 256);
        g.bench_function(name, |b| b.iter(|| normalize_request(black_box(&req))));
    }
    g.finish();
}

fn bench_assembly(c: &mut Criterion) {
    let req = request(GenDialect::Mix, 256);
    let spans = normalize_request(&req).spans;
    let mut g = c.benchmark_group("assembly");
    g.throughput(Throughput::Elements(spans.len() as u64));
    g.bench_function("run_buffer_insert_drain_build_run", |b| {
        b.iter_batched(
            || spans.clone(),
            |spans| {
                let mut buf = run_buffer();
                buf.insert(spans, Instant::now());
                buf.drain(true)
                    .into_iter()
                    .map(|f| build_run(f.spans))
                    .collect::<Vec<AgentRun>>()
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

/// The whole ingest path of `serve` minus the network: protobuf decode → normalize →
/// assemble → build run → Stage 1 (what the receivers and the assembler do per span).
fn bench_ingest(c: &mut Criterion) {
    let d = detector();
    let mut g = c.benchmark_group("ingest_path");
    for (name, bytes) in [
        ("small_spans_64B_results", 64usize),
        ("10KiB_tool_results", 10 * 1024),
    ] {
        let cfg = GenConfig {
            spans_per_run: 6,
            result_bytes: bytes,
            hallucinated_share: 0.2,
            dialect: GenDialect::Mix,
            omit_root: false,
        };
        let pb = gen_request(&cfg, &mut Rng::new(9), RUNS, 2_000_000_000_000)
            .0
            .encode_to_vec();
        if bytes > 1024 {
            g.throughput(Throughput::Bytes(pb.len() as u64));
        } else {
            g.throughput(Throughput::Elements((RUNS * 6) as u64));
        }
        g.bench_function(name, |b| {
            b.iter(|| {
                let req = groundcheck_proto::otlp::collector::ExportTraceServiceRequest::decode(
                    pb.as_slice(),
                )
                .unwrap();
                let n = normalize_request(&req);
                let mut buf = run_buffer();
                buf.insert(n.spans, Instant::now());
                let mut calls = 0;
                for f in buf.drain(true) {
                    let run = build_run(f.spans);
                    calls += d.stage1(&run).len();
                }
                black_box(calls)
            })
        });
    }
    g.finish();
}

fn stage2_run() -> (AgentRun, String) {
    // 100 tool results of ~1 KiB (100 KiB of evidence) and a 10-claim answer.
    let mut calls = Vec::new();
    for i in 0..100 {
        let pad = "lorem ipsum dolor sit amet ".repeat(34);
        calls.push(ToolCall {
            id: format!("call_{i}"),
            name: "get_order".into(),
            arguments: Some(format!(r#"{{"order_id":"ORD-{i}"}}"#)),
            result: Some(format!(r#"{{"order_id":"ORD-{i}","status":"shipped","total":{}.5,"carrier":"UPS","eta":"2026-03-{:02}","notes":"{pad}"}}"#, 100 + i, 1 + i % 28)),
            turn: i,
            ..Default::default()
        });
    }
    let answer = (0..10)
        .map(|i| {
            format!(
                "Order ORD-{i} shipped with UPS on March {} and the total was ${}.50.",
                1 + i % 28,
                100 + i + (i % 3) * 7
            )
        })
        .collect::<Vec<_>>()
        .join(" ");
    (
        AgentRun {
            run_id: "0".repeat(32),
            user_input: "status of my orders".into(),
            tool_calls: calls,
            final_answer: Some(answer.clone()),
            ..Default::default()
        },
        answer,
    )
}

fn bench_detection(c: &mut Criterion) {
    let (run, answer) = stage2_run();
    let scorer = DeterministicScorer::new(Stage2Config::default());
    let mut g = c.benchmark_group("detection");
    g.bench_function("stage2_deterministic_10_claims_100KiB_evidence", |b| {
        b.iter(|| scorer.score(black_box(&run), black_box(&answer)))
    });
    // The same with prose tool results (retrieved passages): the content-coverage check runs.
    let mut prose = run.clone();
    for (i, c) in prose.tool_calls.iter_mut().enumerate() {
        let pad =
            "the shipment left the regional warehouse and reached the sorting centre ".repeat(14);
        c.result = Some(format!(
            "Order ORD-{i} shipped with UPS on March {} and the total was ${}.50. {pad}",
            1 + i % 28,
            100 + i
        ));
    }
    g.bench_function(
        "stage2_deterministic_10_claims_100KiB_prose_evidence",
        |b| b.iter(|| scorer.score(black_box(&prose), black_box(&answer))),
    );
    let d = detector();
    let report = d.detect(&run, 0);
    g.bench_function("stages_1_to_4_same_run", |b| {
        b.iter(|| d.detect(black_box(&run), 0))
    });
    g.bench_function("report_serialize_json", |b| {
        b.iter(|| serde_json::to_vec(black_box(&report)).unwrap())
    });
    g.bench_function("report_serialize_protobuf", |b| {
        b.iter(|| black_box(&report).to_proto().encode_to_vec())
    });
    // Redaction before the sinks (issue 15): the same report and run, the default kinds
    // (secret, card) and every kind; the cited tool results are redacted too (evidence offsets).
    for (name, kinds) in [
        ("redact_report_default_kinds", "secret,card"),
        ("redact_report_all_kinds", "secret,card,email,phone,iban"),
    ] {
        let r = groundcheck_sinks::Redactor::new(&groundcheck_sinks::RedactConfig {
            kinds: groundcheck_sinks::RedactConfig::parse_kinds(kinds).unwrap(),
            patterns: vec![],
            key: Some(vec![7; 32]),
        })
        .unwrap();
        g.bench_function(name, |b| {
            b.iter_batched(
                || report.clone(),
                |mut rep| {
                    groundcheck_sinks::redact::redact_report(&r, &mut rep, Some(&run));
                    rep
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = bench_decode, bench_normalize, bench_assembly, bench_ingest, bench_detection
}
criterion_main!(benches);
