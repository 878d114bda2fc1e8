//! Overload: with the smallest queues and one worker, concurrent large requests must be
//! refused explicitly (429 + Retry-After), and every acknowledged run must be reported —
//! nothing the server said 200 to is lost, and nothing it refused is half-ingested.

mod common;

use common::{dev_labels, dev_request, spans_of, Server};
use serde_json::Value;
use std::collections::HashSet;
use std::sync::{Arc, Barrier};
use std::time::Duration;

const THREADS: usize = 8;
const MAX_ROUNDS: usize = 30;

/// One request per dev-data file holding all of its runs that are not split across requests.
fn templates() -> Vec<(String, Vec<String>)> {
    let labels = dev_labels();
    let mut out = Vec::new();
    for file in [
        "runs-000.jsonl",
        "runs-001.jsonl",
        "runs-002.jsonl",
        "runs-003.jsonl",
        "runs-004.jsonl",
        "runs-005.jsonl",
    ] {
        let lines = std::fs::read_to_string(common::dev_data_dir().join(file))
            .expect("dev data")
            .lines()
            .count();
        let mut merged: Vec<Value> = Vec::new();
        let mut ids: Vec<String> = Vec::new();
        for i in 0..lines {
            let req = dev_request(file, i);
            let tids: HashSet<String> = spans_of(&req).into_iter().map(|s| s.0).collect();
            if tids
                .iter()
                .all(|t| labels.get(t).is_some_and(|l| l["split"] == false))
            {
                merged.extend(req["resourceSpans"].as_array().unwrap().iter().cloned());
                ids.extend(tids);
            }
        }
        assert!(ids.len() >= 20, "{file} has whole runs");
        out.push((
            serde_json::json!({ "resourceSpans": merged }).to_string(),
            ids,
        ));
    }
    out
}

/// A copy of a template with every trace id rewritten for copy `k` (so each request carries
/// runs of its own).
fn instantiate(t: &(String, Vec<String>), k: usize) -> (Vec<u8>, Vec<String>) {
    let mut body = t.0.clone();
    let mut ids = Vec::new();
    for id in &t.1 {
        let new = format!("{:08x}{}", 0x7e00_0000 + k, &id[8..]);
        body = body.replace(id.as_str(), &new);
        ids.push(new);
    }
    (body.into_bytes(), ids)
}

struct Outcome {
    status: u16,
    retry_after: Option<String>,
    partial: bool,
    ids: Vec<String>,
}

#[test]
fn overload_is_refused_with_429_and_nothing_acknowledged_is_lost() {
    let templates = Arc::new(templates());
    let server = Arc::new(Server::start(&[
        "--ingest-queue",
        "1",
        "--worker-queue",
        "1",
        "--workers",
        "1",
    ]));

    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut rounds = 0;
    while rounds < MAX_ROUNDS {
        let barrier = Arc::new(Barrier::new(THREADS));
        let handles: Vec<_> = (0..THREADS)
            .map(|i| {
                let (templates, server, barrier) =
                    (templates.clone(), server.clone(), barrier.clone());
                let k = rounds * THREADS + i;
                std::thread::spawn(move || {
                    let (body, ids) = instantiate(&templates[k % templates.len()], k);
                    barrier.wait();
                    let r = server.post_json(&body);
                    let partial = r.status == 200 && r.json().get("partialSuccess").is_some();
                    Outcome {
                        status: r.status,
                        retry_after: r.header("retry-after").map(str::to_owned),
                        partial,
                        ids,
                    }
                })
            })
            .collect();
        outcomes.extend(
            handles
                .into_iter()
                .map(|h| h.join().expect("client thread")),
        );
        rounds += 1;
        if rounds >= 3 && outcomes.iter().any(|o| o.status == 429) {
            break;
        }
    }

    let statuses: Vec<u16> = outcomes.iter().map(|o| o.status).collect();
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 429),
        "only 200 or 429 under overload: {statuses:?}"
    );
    let refused: Vec<&Outcome> = outcomes.iter().filter(|o| o.status == 429).collect();
    assert!(
        !refused.is_empty(),
        "no 429 after {rounds} rounds of {THREADS} concurrent requests: {statuses:?}"
    );
    for o in &refused {
        let ra = o
            .retry_after
            .as_deref()
            .unwrap_or_else(|| panic!("429 without Retry-After"));
        assert!(
            ra.parse::<u64>().is_ok_and(|s| s >= 1),
            "Retry-After is a positive number of seconds: {ra:?}"
        );
    }
    assert!(
        outcomes.iter().any(|o| o.status == 200),
        "some requests are accepted: {statuses:?}"
    );
    assert!(
        outcomes.iter().all(|o| !o.partial),
        "dev-data spans are all usable"
    );

    let acked: HashSet<String> = outcomes
        .iter()
        .filter(|o| o.status == 200)
        .flat_map(|o| o.ids.iter().cloned())
        .collect();
    let refused_ids: HashSet<String> = refused.iter().flat_map(|o| o.ids.iter().cloned()).collect();
    let missing = server.wait_reports(&acked, Duration::from_secs(180));
    assert!(
        missing.is_empty(),
        "{} of {} acknowledged runs never got a report, e.g. {:?}",
        missing.len(),
        acked.len(),
        missing.iter().take(5).collect::<Vec<_>>()
    );

    // Give stragglers a moment, then check nothing refused was ingested and nothing doubled.
    std::thread::sleep(Duration::from_millis(1000));
    let reports = server.reports();
    let mut seen = HashSet::new();
    for r in &reports {
        let id = r["run_id"].as_str().unwrap().to_owned();
        assert!(
            !refused_ids.contains(&id),
            "run {id} of a refused request was reported"
        );
        assert!(acked.contains(&id), "unexpected report {id}");
        assert_eq!(
            r["incomplete"], false,
            "acknowledged whole runs are complete: {id}"
        );
        assert!(seen.insert(id.clone()), "two reports for {id}");
    }
    assert_eq!(seen.len(), acked.len());

    let m = server.metrics();
    let refused_total = common::metric_value(&m, "groundcheck_receiver_requests_refused_total")
        .expect("refused counter");
    assert_eq!(
        refused_total,
        refused.len() as f64,
        "every 429 is counted:\n{m}"
    );
    eprintln!("overload: {rounds} rounds, {} requests, {} refused (429), {} runs acknowledged and reported", outcomes.len(), refused.len(), acked.len());
}
