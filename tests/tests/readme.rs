//! Issue 17: the README's Quick start runs verbatim, and what it promises is what the program
//! prints. The test reads README.md, starts `groundcheck serve` exactly as the README does
//! (default ports and data directory, from a copy of the repository layout: `examples/` and
//! `../shared`), runs every command of the Quick start's `sh` blocks as written with the built
//! binary on `PATH`, and checks:
//! - the summary line the README shows is the line serve printed for the example run;
//! - the report excerpt the README quotes is in the report the README's `tail` prints;
//! - every request `groundcheck send` sent was accepted, one output line per request;
//! - the Quick start's sentence about re-sending holds: the re-sent example produces no new
//!   report, and the collector says why at INFO once.
//!
//! A README that lies fails this test. It needs the default ports 4317, 4318 and 9464 free.

mod common;

use common::{groundcheck_bin, http_request, workspace_root};
use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The Quick start section: the text between its heading and the next `## `.
fn quick_start(readme: &str) -> &str {
    let start = readme
        .find("\n## Quick start")
        .expect("README.md has a Quick start section");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map(|e| e + 3).unwrap_or(rest.len());
    &rest[..end]
}

/// Fenced blocks of a section: (info string, body).
fn blocks(section: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = section.lines();
    while let Some(l) = lines.next() {
        if let Some(info) = l.trim_start().strip_prefix("```") {
            let mut body = String::new();
            for b in lines.by_ref() {
                if b.trim_start().starts_with("```") {
                    break;
                }
                body.push_str(b);
                body.push('\n');
            }
            out.push((info.trim().to_owned(), body));
        }
    }
    out
}

/// A block's commands: lines without their `# …` comments (a trailing `\` joins lines).
fn commands(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for l in body.lines() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        if let Some(head) = l.strip_suffix('\\') {
            cur.push_str(head);
            cur.push(' ');
            continue;
        }
        cur.push_str(l);
        out.push(std::mem::take(&mut cur));
    }
    out
}

fn wait_for(what: &str, timeout: Duration, mut f: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !f() {
        assert!(Instant::now() < deadline, "{what} within {timeout:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn report_lines(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                .map(|t| t.lines().count())
                .sum()
        })
        .unwrap_or(0)
}

#[test]
fn quick_start_runs_verbatim_and_prints_what_the_readme_says() {
    let root = workspace_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let qs = quick_start(&readme);
    let bl = blocks(qs);
    let sh: Vec<&String> = bl
        .iter()
        .filter(|(i, _)| i == "sh")
        .map(|(_, b)| b)
        .collect();
    assert!(sh.len() >= 2, "Quick start has its sh blocks: {bl:?}");
    let promised = bl
        .iter()
        .find(|(i, b)| i.is_empty() && b.starts_with("run "))
        .map(|(_, b)| b.trim().to_owned())
        .expect("Quick start shows the summary line serve prints");

    // The repository layout the README assumes, in a scratch directory: the checkout (with
    // `examples/`) beside `shared/`.
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("groundcheck");
    std::fs::create_dir(&repo).unwrap();
    std::os::unix::fs::symlink(root.join("examples"), repo.join("examples")).unwrap();
    std::os::unix::fs::symlink(root.join("../shared"), tmp.path().join("shared")).unwrap();
    let bin = groundcheck_bin();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );

    // `groundcheck serve` as the README starts it: defaults only.
    let log_path = tmp.path().join("serve.log");
    let log = File::create(&log_path).unwrap();
    let mut serve = Command::new(&bin)
        .arg("serve")
        .current_dir(&repo)
        .env("PATH", &path)
        .env_remove("GROUNDCHECK_CONFIG")
        .env_remove("GROUNDCHECK_DATA_DIR")
        .stdin(Stdio::null())
        .stdout(Stdio::from(log.try_clone().unwrap()))
        .stderr(Stdio::from(log))
        .spawn()
        .unwrap();
    let guard = Term(serve.id());
    let admin = "127.0.0.1:9464".parse().unwrap();
    let serve_log = || std::fs::read_to_string(&log_path).unwrap_or_default();
    wait_for("serve answers /healthz", Duration::from_secs(60), || {
        if let Ok(Some(st)) = serve.try_wait() {
            panic!(
                "serve exited ({st}); are ports 4317/4318/9464 free? log:\n{}",
                serve_log()
            );
        }
        http_request(admin, "GET", "/healthz", &[], b"").is_ok_and(|r| r.status == 200)
    });

    let data = repo.join("groundcheck-data");
    let mut outputs = Vec::new();
    for cmd in sh.iter().flat_map(|b| commands(b)) {
        if cmd.contains("groundcheck-data/") {
            // The README says the run completes 2 s after its root span ended: wait for it.
            wait_for("a report is written", Duration::from_secs(60), || {
                report_lines(&data) > 0
            });
        }
        let before = report_lines(&data);
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", &cmd])
            .current_dir(&repo)
            .env("PATH", &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "README command failed: {cmd}\nstdout:\n{stdout}\nstderr:\n{}\nserve log:\n{}",
            String::from_utf8_lossy(&out.stderr),
            serve_log()
        );
        outputs.push((cmd, stdout, before));
    }

    // 1. The summary line.
    wait_for(
        "the example's summary line",
        Duration::from_secs(30),
        || serve_log().contains(" action="),
    );
    let log_text = serve_log();
    let printed: Vec<&str> = log_text
        .lines()
        .filter(|l| l.starts_with("run ff1ce79b1c87ae55c352abb61911d2d4 "))
        .collect();
    assert_eq!(
        printed.first().copied(),
        Some(promised.as_str()),
        "README promises {promised:?}; serve printed {printed:?}"
    );

    // 2. The report excerpt the README quotes, in what its `tail | json.tool` printed.
    let (_, tail_out, _) = outputs
        .iter()
        .find(|(c, _, _)| c.contains("json.tool"))
        .expect("Quick start prints the report");
    let excerpt = qs
        .split("(`\"")
        .nth(1)
        .and_then(|s| s.split('…').next())
        .expect("Quick start quotes the rejected call's error")
        .trim_end_matches([',', ' ']);
    // The README quotes it as it appears in the JSON report (quotes escaped).
    assert!(
        tail_out.contains(excerpt),
        "README quotes {excerpt:?}; the report is:\n{tail_out}"
    );

    // 3. `groundcheck send`: one accepted line per request.
    let sends: Vec<&(String, String, usize)> = outputs
        .iter()
        .filter(|(c, _, _)| c.starts_with("groundcheck send"))
        .collect();
    assert!(
        !sends.is_empty(),
        "Quick start shows groundcheck send: {outputs:?}"
    );
    for (cmd, out, _) in &sends {
        assert!(!out.trim().is_empty(), "{cmd} printed nothing");
        for l in out.lines() {
            assert!(
                l.ends_with("accepted"),
                "{cmd}: every request accepted, got {l:?}"
            );
        }
    }

    // 4. A re-send of the example: no new report, and one INFO line saying why.
    let resend = outputs
        .iter()
        .filter(|(c, _, _)| c.contains("examples/agent-run.json"))
        .nth(1)
        .expect("Quick start re-sends the example");
    std::thread::sleep(Duration::from_secs(3));
    let reports = std::fs::read_dir(&data)
        .unwrap()
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .collect::<String>();
    assert_eq!(
        reports
            .lines()
            .filter(|l| l.contains("\"run_id\":\"ff1ce79b1c87ae55c352abb61911d2d4\""))
            .count(),
        1,
        "the re-sent example ({}) is not reported again",
        resend.0
    );
    let log_text = serve_log();
    let late: Vec<&str> = log_text
        .lines()
        .filter(|l| {
            l.contains("already reported") && l.contains("ff1ce79b1c87ae55c352abb61911d2d4")
        })
        .collect();
    assert_eq!(late.len(), 1, "one INFO line for the re-send:\n{log_text}");
    assert!(
        late[0].contains("INFO") && late[0].contains("--grace-ms"),
        "{}",
        late[0]
    );
    drop(guard);
    let _ = serve.wait();
}

/// SIGTERM the server when the test ends, also on a failed assertion.
struct Term(u32);

impl Drop for Term {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.to_string()])
            .status();
    }
}
