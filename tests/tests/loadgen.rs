//! `groundcheck loadgen` against a real `groundcheck serve`: every protocol delivers, every
//! acknowledged run gets a report, and the server's counters agree with the generator.

mod common;

use std::process::Command;

fn field(out: &str, prefix: &str, key: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line {prefix:?} in:\n{out}"));
    let v = line
        .split_whitespace()
        .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    v.split('/').next().unwrap().parse().unwrap()
}

#[test]
fn every_protocol_delivers_and_every_acknowledged_run_is_reported() {
    let server = common::Server::start(&["--summary", "false"]);
    let mut acknowledged_runs = 0.0;
    for (protocol, target, gzip) in [
        ("grpc", server.grpc.to_string(), false),
        ("http-protobuf", server.http.to_string(), true),
        ("http-json", server.http.to_string(), false),
    ] {
        let mut cmd = Command::new(common::groundcheck_bin());
        cmd.args([
            "loadgen",
            "--protocol",
            protocol,
            "--target",
            &target,
            "--duration",
            "1",
            "--connections",
            "2",
            "--runs-per-request",
            "5",
        ])
        .args([
            "--spans-per-run",
            "6",
            "--result-bytes",
            "512",
            "--reports-dir",
        ])
        .arg(&server.data_dir)
        .args(["--report-wait", "20"]);
        if gzip {
            cmd.arg("--gzip");
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{protocol}: {}\n{text}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ok = field(&text, "requests", "ok");
        assert!(ok > 0.0, "{protocol}: no request accepted\n{text}");
        assert_eq!(
            field(&text, "requests", "errors"),
            0.0,
            "{protocol}\n{text}"
        );
        // "reports N/M acknowledged runs": every acknowledged run was reported.
        let line = text
            .lines()
            .find(|l| l.starts_with("reports "))
            .expect("reports line");
        let counts: Vec<f64> = line
            .split_whitespace()
            .nth(1)
            .unwrap()
            .split('/')
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(counts[0], counts[1], "{protocol}: {line}");
        assert_eq!(
            counts[1],
            ok * 5.0,
            "{protocol}: acknowledged runs = accepted requests × runs per request"
        );
        acknowledged_runs += counts[1];
    }
    let metrics = server.metrics();
    let reports = common::metric_value(&metrics, "groundcheck_reports_total").unwrap();
    assert!(
        reports >= acknowledged_runs,
        "server reported {reports} runs, generator had {acknowledged_runs} acknowledged"
    );
    // The generator's hallucinated share (0.2) shows up as revised runs.
    assert!(common::metric_value(&metrics, "groundcheck_reports_revise_total").unwrap() > 0.0);
}
