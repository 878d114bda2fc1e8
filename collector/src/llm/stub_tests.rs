//! Stage 3 probes and the LLM judge against a STUB: a tiny in-process OpenAI-compatible
//! server (axum) standing in for a remote LLM API, so these tests are deterministic and need no
//! model. The real-model end-to-end test is `tests/tests/stage3_llm.rs`.

use crate::config::{Settings, SettingsArgs};
use crate::metrics::Metrics;
use crate::wiring::build_detector_with;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use clap::{CommandFactory, FromArgMatches, Parser};
use groundcheck_detectors::pipeline::{AsyncResults, Detector};
use groundcheck_detectors::report::{Action, ClaimStatus, HallucinationReport, ProbeStatus};
use groundcheck_detectors::run::{build_run, AgentRun, ToolCall};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    s: SettingsArgs,
}

fn settings(args: &[&str]) -> Settings {
    let mut all = vec!["t"];
    all.extend_from_slice(args);
    let m = Cli::command().try_get_matches_from(all).unwrap();
    let cli = Cli::from_arg_matches(&m).unwrap();
    Settings::resolve(&cli.s, &m).unwrap()
}

/// What the stub answers for the n-th request (0-based): status, body, delay.
type Behaviour = Arc<dyn Fn(usize, &Value) -> (u16, String, Duration) + Send + Sync>;

#[derive(Clone)]
struct Stub {
    calls: Arc<AtomicUsize>,
    behaviour: Behaviour,
}

fn completion(content: &str) -> String {
    json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}], "usage": {"total_tokens": 20}}).to_string()
}

async fn handle(State(s): State<Stub>, body: bytes::Bytes) -> Response {
    let req: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let n = s.calls.fetch_add(1, SeqCst);
    let (status, body, delay) = (s.behaviour)(n, &req);
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    (
        StatusCode::from_u16(status).unwrap(),
        [("content-type", "application/json"), ("retry-after", "0")],
        body,
    )
        .into_response()
}

/// Start the stub on a free loopback port; returns its base URL and request counter.
async fn stub(
    behaviour: impl Fn(usize, &Value) -> (u16, String, Duration) + Send + Sync + 'static,
) -> (String, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let state = Stub {
        calls: calls.clone(),
        behaviour: Arc::new(behaviour),
    };
    let app = Router::new()
        .route("/v1/chat/completions", post(handle))
        .with_state(state);
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(l, app).await;
    });
    (format!("http://{addr}/v1"), calls)
}

fn user_text(req: &Value) -> String {
    req["messages"]
        .as_array()
        .map(|m| {
            m.iter()
                .map(|x| x["content"].as_str().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

fn is_judge(req: &Value) -> bool {
    user_text(req).contains("fact-checking judge")
}

/// A run whose answer has one critical claim ("AC1471 ... $412") supported by its tool result.
fn run() -> AgentRun {
    let mut r = build_run(Vec::new());
    r.run_id = "0123456789abcdef0123456789abcdef".into();
    r.agent_name = Some("TravelDesk".into());
    r.user_input = "How much is flight AC1471?".into();
    r.tool_calls.push(ToolCall {
        id: "call_1".into(),
        name: "get_flight".into(),
        result: Some(r#"{"flight": "AC1471", "price": 412}"#.into()),
        ..Default::default()
    });
    r.final_answer = Some("Flight AC1471 costs $412.".into());
    r
}

/// The pipeline's path: Stage 2, the futures awaited on this runtime, then Stages 3–4.
async fn detect(d: &Detector, run: AgentRun) -> HallucinationReport {
    let run = Arc::new(run);
    let s2 = d.stage2(&run);
    let w = d.async_work(&run, &s2);
    let judge = match w.judge {
        Some(f) => Some(f.await),
        None => None,
    };
    let probes = match w.probes {
        Some(f) => Some(f.await),
        None => None,
    };
    d.complete(
        &run,
        Vec::new(),
        s2,
        AsyncResults {
            judge,
            probes,
            elapsed: Duration::ZERO,
        },
        0,
    )
    .0
}

fn detector(url: &str, extra: &[&str]) -> (Detector, Arc<Metrics>) {
    let mut args = vec!["--llm-base-url", url, "--llm-backoff-ms", "5"];
    args.extend_from_slice(extra);
    let m = Arc::new(Metrics::default());
    (build_detector_with(&settings(&args), m.clone()).unwrap(), m)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agreeing_probes_emit_and_diverging_probes_revise() {
    let (url, calls) = stub(|_, _| (200, completion("AC1471"), Duration::ZERO)).await;
    let (d, m) = detector(&url, &["--probes", "true"]);
    let r = detect(&d, run()).await;
    assert_eq!(r.consistency_probes.len(), 1, "{r:#?}");
    let p = &r.consistency_probes[0];
    assert_eq!(
        (p.original.as_str(), p.kind.as_str(), p.status),
        ("AC1471", "identifier", ProbeStatus::Answered)
    );
    assert_eq!(p.probe_answers, vec!["AC1471"; 3]);
    assert_eq!(p.agreement, 1.0);
    assert_eq!(r.action, Action::Emit, "{:?}", r.notes);
    assert_eq!(calls.load(SeqCst), 3, "probes_per_claim defaults to 3");
    assert_eq!(m.stage3_probes_answered_total.load(SeqCst), 3);

    // Two of three answers name another flight: no majority → the claim is flagged for revision.
    let (url, _) = stub(|n, _| {
        (
            200,
            completion(if n % 3 == 0 {
                "AC1471"
            } else {
                "The flight is BA0999."
            }),
            Duration::ZERO,
        )
    })
    .await;
    let (d, m) = detector(&url, &["--probes", "true"]);
    let r = detect(&d, run()).await;
    let p = &r.consistency_probes[0];
    assert!((p.agreement - 1.0 / 3.0).abs() < 1e-9, "{p:?}");
    assert!(p.probe_answers.contains(&"BA0999".to_owned()), "{p:?}");
    assert_eq!(
        r.action,
        Action::Revise,
        "critical divergence blocks emit: {:?}",
        r.notes
    );
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("consistency probe diverged")),
        "{:?}",
        r.notes
    );
    assert_eq!(m.stage3_probes_divergent_total.load(SeqCst), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probes_without_answer_by_the_deadline_are_timed_out_and_the_report_is_written() {
    let (url, _) = stub(|_, _| (200, completion("AC1471"), Duration::from_secs(30))).await;
    let (d, m) = detector(&url, &["--probes", "true", "--llm-deadline-ms", "300"]);
    let started = Instant::now();
    let r = detect(&d, run()).await;
    let waited = started.elapsed();
    let p = &r.consistency_probes[0];
    assert_eq!(p.status, ProbeStatus::TimedOut, "{p:?}");
    assert!(p.probe_answers.is_empty());
    assert_eq!(
        r.action,
        Action::Emit,
        "no answer is no divergence: {:?}",
        r.notes
    );
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("without an answer by the deadline")),
        "{:?}",
        r.notes
    );
    assert_eq!(m.stage3_probes_timed_out_total.load(SeqCst), 3);
    // The stub would answer after 30 s; the report did not wait for it.
    assert!(waited < Duration::from_secs(30), "{waited:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_server_errors_and_bad_json_are_retried_with_backoff() {
    // Each probe's first attempt gets 429, the second 503, the third bad JSON, the fourth an answer.
    let (url, calls) = stub(|n, _| match n {
        0..=2 => (429, "{}".into(), Duration::ZERO),
        3..=5 => (503, "{\"error\":\"overloaded\"}".into(), Duration::ZERO),
        6..=8 => (200, "this is not json".into(), Duration::ZERO),
        _ => (200, completion("AC1471"), Duration::ZERO),
    })
    .await;
    let (d, m) = detector(
        &url,
        &[
            "--probes",
            "true",
            "--llm-concurrency",
            "3",
            "--llm-max-retries",
            "3",
        ],
    );
    let r = detect(&d, run()).await;
    let p = &r.consistency_probes[0];
    assert_eq!(p.status, ProbeStatus::Answered, "{p:?} {:?}", r.notes);
    assert_eq!(p.probe_answers.len(), 3);
    assert_eq!(calls.load(SeqCst), 12);
    assert_eq!(m.llm_retries_total.load(SeqCst), 9);
    assert_eq!(m.llm_errors_rate_limited_total.load(SeqCst), 3);
    assert_eq!(m.llm_errors_server_total.load(SeqCst), 3);
    assert_eq!(m.llm_errors_bad_json_total.load(SeqCst), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retries_stop_at_the_per_run_budget() {
    let (url, calls) = stub(|_, _| (503, "{}".into(), Duration::ZERO)).await;
    let (d, m) = detector(
        &url,
        &[
            "--probes",
            "true",
            "--llm-max-retries",
            "10",
            "--llm-max-requests-per-run",
            "5",
        ],
    );
    let r = detect(&d, run()).await;
    let p = &r.consistency_probes[0];
    assert_eq!(p.status, ProbeStatus::Failed, "{p:?}");
    assert!(p.errors.iter().any(|e| e.contains("budget")), "{p:?}");
    assert_eq!(
        calls.load(SeqCst),
        5,
        "never more requests than the run's budget"
    );
    assert_eq!(m.stage3_probes_failed_total.load(SeqCst), 3);
    assert_eq!(r.action, Action::Emit, "{:?}", r.notes);
    assert!(
        r.notes.iter().any(|n| n.contains("failed")),
        "{:?}",
        r.notes
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn judge_verdicts_are_validated_combined_and_cached() {
    // Malformed first (schema: unknown verdict), then a valid "unsupported" verdict.
    let (url, calls) = stub(|n, req| {
        assert!(is_judge(req));
        if n == 0 {
            (200, completion("{\"verdict\": \"probably\", \"evidence_quote\": \"\"}"), Duration::ZERO)
        } else {
            (200, completion("```json\n{\"verdict\": \"unsupported\", \"evidence_quote\": \"\", \"reason\": \"no price\"}\n```"), Duration::ZERO)
        }
    })
    .await;
    let (d, m) = detector(&url, &["--judge", "true"]);
    let r = detect(&d, run()).await;
    assert_eq!(r.claims.len(), 1);
    assert_eq!(
        (r.claims[0].score, r.claims[0].status),
        (0.5, ClaimStatus::Unsupported),
        "{:?}",
        r.claims
    );
    assert!(r.claims[0].reason.contains("llm judge"));
    assert_eq!(r.action, Action::Revise);
    assert_eq!(calls.load(SeqCst), 2, "one schema failure retried");
    assert_eq!(m.llm_errors_bad_json_total.load(SeqCst), 1);
    assert_eq!(m.judge_verdicts_total.load(SeqCst), 1);
    // The same claim over the same evidence: served from the cache, no request.
    let r = detect(&d, run()).await;
    assert_eq!(r.claims[0].score, 0.5);
    assert_eq!(calls.load(SeqCst), 2);
    assert_eq!(m.judge_cache_hits_total.load(SeqCst), 1);
    assert!(
        r.notes.iter().any(|n| n.contains("(1 cached)")),
        "{:?}",
        r.notes
    );
    // Other evidence → another key → asked again.
    let mut other = run();
    other.tool_calls[0].result =
        Some(r#"{"flight": "AC1471", "price": 412, "seat": "12A"}"#.into());
    detect(&d, other).await;
    assert_eq!(calls.load(SeqCst), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn judge_quotes_must_come_from_the_evidence() {
    let (url, calls) = stub(|_, _| {
        (
            200,
            completion("{\"verdict\": \"supported\", \"evidence_quote\": \"price: 999\"}"),
            Duration::ZERO,
        )
    })
    .await;
    let (d, m) = detector(&url, &["--judge", "true", "--judge-combine", "replace"]);
    let mut r = run();
    r.final_answer = Some("Flight AC1471 costs $500.".into());
    let r = detect(&d, r).await;
    assert_ne!(
        r.claims[0].status,
        ClaimStatus::Supported,
        "an unquotable 'supported' verdict is not used: {:?}",
        r.claims
    );
    assert_eq!(r.claims[0].score, 0.5);
    assert_eq!(calls.load(SeqCst), 1, "not retried");
    assert_eq!(m.judge_failed_total.load(SeqCst), 1);
}

#[test]
fn synchronous_callers_block_on_their_own_runtime() {
    // `check` / `eval` have no runtime: the detector brings one for the LLM calls.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (url, _) = rt.block_on(stub(|_, _| (200, completion("AC1471"), Duration::ZERO)));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = std::thread::spawn(move || {
        rt.block_on(async {
            let _ = stopped.await;
        })
    });
    let (d, _) = detector(&url, &["--probes", "true"]);
    let r = d.detect(&run(), 0);
    assert_eq!(
        r.consistency_probes[0].probe_answers.len(),
        3,
        "{:?}",
        r.notes
    );
    drop(d);
    let _ = stop.send(());
    server.join().unwrap();
}

#[test]
fn probes_and_judge_need_an_endpoint() {
    let m = Cli::command()
        .try_get_matches_from(["t", "--probes", "true"])
        .unwrap();
    let cli = Cli::from_arg_matches(&m).unwrap();
    assert!(Settings::resolve(&cli.s, &m).is_err());
    let m = Cli::command()
        .try_get_matches_from(["t", "--llm-base-url", "http://x", "--probe-kind", "colour"])
        .unwrap();
    let cli = Cli::from_arg_matches(&m).unwrap();
    assert!(Settings::resolve(&cli.s, &m).is_err());
}
