//! Sustained insert throughput of the ClickHouse sink alone (no receivers, no detection):
//! writes copies of real reports (fresh run ids, current timestamps) batch after batch, one
//! batch in flight — exactly how the collector's sink runner drives it.
//!
//! ```sh
//! target/release/groundcheck check ../shared/data/agent-runs-dev/runs-*.jsonl > /tmp/reports.jsonl
//! cargo run --release -p groundcheck-sinks --example clickhouse_insert -- \
//!     http://127.0.0.1:8123 /tmp/reports.jsonl [SECONDS=20] [BATCH=512] [DATABASE=gc_bench]
//! ```

use groundcheck_detectors::report::HallucinationReport;
use groundcheck_sinks::{ClickHouseConfig, ClickHouseEvent, ClickHouseSink, ReportSink};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: clickhouse_insert URL REPORTS.jsonl [SECONDS] [BATCH] [DATABASE]");
        std::process::exit(2);
    }
    let url = &args[1];
    let templates: Vec<HallucinationReport> = std::fs::read_to_string(&args[2])
        .expect("reports file")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("report"))
        .collect();
    let seconds: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let batch: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(512);
    let db = args
        .get(5)
        .cloned()
        .unwrap_or_else(|| "gc_bench".to_owned());
    let tmp = std::env::temp_dir().join(format!("gc-bench-{}", std::process::id()));
    let mut cfg = ClickHouseConfig::new(url.clone(), db.clone(), &tmp);
    cfg.ttl_days = 0;
    cfg.timeout = Duration::from_secs(60);
    let rows = Arc::new(AtomicU64::new(0));
    let lat: Arc<Mutex<Vec<Duration>>> = Arc::default();
    let (r2, l2) = (rows.clone(), lat.clone());
    let sink = ClickHouseSink::new(cfg)
        .expect("config")
        .with_observer(Arc::new(move |e: ClickHouseEvent<'_>| {
            if let ClickHouseEvent::Inserted { rows, latency, .. } = e {
                r2.fetch_add(rows, Relaxed);
                l2.lock().unwrap().push(latency);
            }
        }));
    sink.ensure_ready().await.expect("ClickHouse ready");
    let now = || {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
    };
    let started = Instant::now();
    let mut written = 0u64;
    let mut batch_times = Vec::new();
    let mut next = 0u64;
    while started.elapsed() < Duration::from_secs(seconds) {
        let t = now();
        let reports: Vec<HallucinationReport> = (0..batch)
            .map(|i| {
                let mut r = templates[(next as usize + i) % templates.len()].clone();
                r.run_id = format!("{:016x}{:016x}", std::process::id(), next + i as u64);
                r.trace_id = r.run_id.clone();
                r.end_time_unix_nano = t;
                r.reported_at_unix_nano = t;
                r
            })
            .collect();
        next += batch as u64;
        let bt = Instant::now();
        sink.write_batch(&reports).await.expect("write");
        batch_times.push(bt.elapsed());
        written += reports.len() as u64;
    }
    let secs = started.elapsed().as_secs_f64();
    batch_times.sort();
    let p = |v: &[Duration], q: f64| {
        v[((v.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0
    };
    let mut l = lat.lock().unwrap().clone();
    l.sort();
    println!(
        "database={db} batch={batch} duration={secs:.1}s reports={written} ({:.0} reports/s) rows={} ({:.0} rows/s, all tables)\n\
         batch write (4 INSERTs, concurrent) p50={:.1}ms p99={:.1}ms; single INSERT p50={:.1}ms p99={:.1}ms",
        written as f64 / secs,
        rows.load(Relaxed),
        rows.load(Relaxed) as f64 / secs,
        p(&batch_times, 0.5),
        p(&batch_times, 0.99),
        p(&l, 0.5),
        p(&l, 0.99),
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
