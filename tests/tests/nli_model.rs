//! Stage 2's learned groundedness model end to end: `groundcheck check` with the committed
//! model and the ONNX Runtime library from the PyPI wheel (deploy/onnxruntime.sh, run by
//! deploy/test.sh), and the fallback when the runtime is missing.
//!
//! The runtime path comes from `GROUNDCHECK_NLI_RUNTIME` (deploy/test.sh exports it), else
//! `<workspace>/deploy/.cache/onnxruntime-1.31.1/libonnxruntime.so`.

mod common;

use std::path::PathBuf;
use std::process::Command;

fn runtime() -> PathBuf {
    let p = std::env::var_os("GROUNDCHECK_NLI_RUNTIME")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            common::workspace_root().join("deploy/.cache/onnxruntime-1.31.1/libonnxruntime.so")
        });
    assert!(
        p.is_file(),
        "ONNX Runtime library not found at {}: run deploy/onnxruntime.sh (deploy/test.sh does)",
        p.display()
    );
    p
}

fn model() -> PathBuf {
    common::workspace_root().join("models/nli/groundcheck-nli.int8.onnx")
}

fn check(extra: &[&str]) -> (Vec<serde_json::Value>, String) {
    let example = common::workspace_root().join("examples/agent-run.json");
    let out = Command::new(common::groundcheck_bin())
        .env_remove("ORT_DYLIB_PATH")
        .env_remove("GROUNDCHECK_NLI_RUNTIME")
        .env("GROUNDCHECK_LOG", "info")
        .args(extra)
        .arg("check")
        .arg(&example)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let reports = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (reports, stderr)
}

fn notes(r: &serde_json::Value) -> Vec<String> {
    r["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn check_with_the_model_on_says_so_in_every_report() {
    let rt = runtime();
    let (reports, stderr) = check(&[
        "--nli-runtime",
        rt.to_str().unwrap(),
        "--nli-model",
        model().to_str().unwrap(),
    ]);
    assert_eq!(reports.len(), 1);
    assert!(
        stderr.contains("learned groundedness model loaded"),
        "{stderr}"
    );
    let n = notes(&reports[0]);
    assert!(
        n.iter()
            .any(|x| x
                .starts_with("stage2: learned groundedness model on (groundcheck-nli.int8.onnx")),
        "{n:?}"
    );
    // The deterministic verdicts that are decisive survive: the example's rejected tool call
    // and its contradicted claim keep the run out of `emit`.
    assert_ne!(reports[0]["action"], "emit");
}

#[test]
fn missing_runtime_falls_back_with_a_clear_message() {
    let (reports, stderr) = check(&[
        "--nli-runtime",
        "/nonexistent/libonnxruntime.so",
        "--nli-model",
        model().to_str().unwrap(),
    ]);
    assert!(
        stderr.contains("falling back to the deterministic scorer"),
        "{stderr}"
    );
    assert!(
        stderr.contains("ONNX Runtime library not found at /nonexistent/libonnxruntime.so"),
        "{stderr}"
    );
    let n = notes(&reports[0]);
    assert!(n.iter().any(|x| x.starts_with("stage2: learned model off (ONNX Runtime library not found at /nonexistent/libonnxruntime.so")), "{n:?}");
}

#[test]
fn missing_model_falls_back_and_disabling_is_noted() {
    let rt = runtime();
    let (reports, stderr) = check(&[
        "--nli-runtime",
        rt.to_str().unwrap(),
        "--nli-model",
        "/nonexistent/model.onnx",
    ]);
    assert!(
        stderr.contains("model file not found at /nonexistent/model.onnx"),
        "{stderr}"
    );
    assert!(notes(&reports[0])
        .iter()
        .any(|x| x.contains("learned model off (model file not found")));
    let (reports, _) = check(&["--nli", "false"]);
    assert!(notes(&reports[0]).iter().any(|x| x == "stage2: learned model off (disabled by configuration (nli = false)); deterministic scorer only"), "{:?}", notes(&reports[0]));
}

#[test]
fn serve_reports_the_scorer_in_use_on_metrics() {
    let rt = runtime();
    let on = common::Server::start(&[
        "--nli-runtime",
        rt.to_str().unwrap(),
        "--nli-model",
        model().to_str().unwrap(),
    ]);
    let m = on.metrics();
    assert!(
        m.contains("groundcheck_stage2_scorer_info{scorer=\"deterministic\"} 0"),
        "{m}"
    );
    assert!(m.contains("groundcheck_stage2_nli_info{model=\"groundcheck-nli.int8.onnx (21.7 MiB)\",fallback_reason=\"\"} 1"), "{m}");
    assert!(m.contains("groundcheck_nli_pairs_total "), "{m}");
    drop(on);
    let off = common::Server::start(&["--nli-runtime", "/nonexistent/libonnxruntime.so"]);
    let m = off.metrics();
    assert!(
        m.contains("groundcheck_stage2_scorer_info{scorer=\"deterministic\"} 1"),
        "{m}"
    );
    assert!(m.contains("groundcheck_stage2_nli_info{model=\"\",fallback_reason=\"ONNX Runtime library not found at /nonexistent/libonnxruntime.so"), "{m}");
}
