//! Criterion bench of the learned groundedness model: claim–evidence pairs per second at 128
//! and 256 tokens (tokenization included), one ONNX Runtime session with one intra-op thread (= per core), batches of 16.
//! Run: `GROUNDCHECK_NLI_RUNTIME=$(deploy/onnxruntime.sh) cargo bench -p groundcheck --bench nli`
//! (results in BENCHMARKS.md, "Learned groundedness model"). Without the runtime or the model
//! the bench says why and measures nothing.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use groundcheck::nli::{NliConfig, NliModel, NliThresholds};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn load(max_len: usize, batch: usize) -> Option<NliModel> {
    let runtime = std::env::var_os("GROUNDCHECK_NLI_RUNTIME")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("deploy/.cache/onnxruntime-1.31.1/libonnxruntime.so"));
    let cfg = NliConfig {
        model: root().join("models/nli/groundcheck-nli.int8.onnx"),
        runtime,
        max_len,
        max_pairs: 64,
        batch,
        sessions: 1,
        thresholds: NliThresholds::default(),
        dump: None,
    };
    match NliModel::load(&cfg) {
        Ok(m) => Some(m),
        Err(e) => {
            eprintln!("nli bench skipped: {e}");
            None
        }
    }
}

fn pairs(n: usize, repeat: usize) -> Vec<(String, String)> {
    // Evidence long enough that every pair is truncated to exactly max_len tokens.
    let evidence = "order.id: ORD-48213\norder.status: shipped\norder.total: 129.5\norder.carrier: UPS\norder.estimated_delivery: 2026-03-14\n".repeat(repeat);
    (0..n)
        .map(|i| {
            (
                evidence.clone(),
                format!(
                    "Order ORD-48213 has shipped with UPS and costs ${}.50.",
                    100 + i
                ),
            )
        })
        .collect()
}

fn bench_nli(c: &mut Criterion) {
    let mut g = c.benchmark_group("nli");
    g.sample_size(20);
    for max_len in [128, 256] {
        let Some(model) = load(max_len, 16) else {
            return;
        };
        let ps = pairs(16, max_len / 10);
        g.throughput(Throughput::Elements(ps.len() as u64));
        g.bench_function(format!("pairs_{max_len}_tokens_batch16_1thread"), |b| {
            b.iter(|| model.predict(black_box(&ps)).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench_nli);
criterion_main!(benches);
