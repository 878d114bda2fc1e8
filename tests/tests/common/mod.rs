//! Shared helpers of the end-to-end tests: start the real `groundcheck serve` binary on free
//! ports, talk to it over a minimal HTTP/1.1 client, and read its JSON Lines reports.
//!
//! The binary is NOT built by the tests. Build it first, with the profile of the tests:
//!
//! ```sh
//! cargo build --release -p groundcheck && deploy/setup-python.sh && cargo test --release -p groundcheck-tests
//! ```
//!
//! `GROUNDCHECK_BIN` overrides the binary path (default `<target>/<profile>/groundcheck`, the
//! profile the tests were built with; `<target>` is `$CARGO_TARGET_DIR` or `<workspace>/target`).

#![allow(dead_code)]

pub mod services;

use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The workspace root (parent of this package).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The dev data set shipped next to the workspace.
pub fn dev_data_dir() -> PathBuf {
    workspace_root().join("../shared/data/agent-runs-dev")
}

/// The `runs-*.jsonl` files of the dev data, in name order.
#[allow(dead_code)] // not every test binary reads the files
pub fn dev_run_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dev_data_dir())
        .expect("dev data dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("runs-") && n.ends_with(".jsonl"))
        })
        .collect();
    files.sort();
    files
}

/// Path of the prebuilt `groundcheck` binary; panics with instructions when it is missing.
pub fn groundcheck_bin() -> PathBuf {
    let path = match std::env::var_os("GROUNDCHECK_BIN") {
        Some(p) => PathBuf::from(p),
        None => {
            let target = std::env::var_os("CARGO_TARGET_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| workspace_root().join("target"));
            let target = if target.is_absolute() {
                target
            } else {
                workspace_root().join(target)
            };
            // The profile these tests were built with (deploy/test.sh: release).
            let profile = if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            };
            target.join(profile).join("groundcheck")
        }
    };
    assert!(
        path.is_file(),
        "groundcheck binary not found at {}: build it first with the tests' profile \
         (the end-to-end tests run the real binary; run `cargo build --release -p groundcheck && deploy/setup-python.sh && cargo test --release -p groundcheck-tests`)",
        path.display()
    );
    path
}

/// The Python interpreter of `.venv`; panics with instructions when it is missing.
pub fn venv_python() -> PathBuf {
    let py = workspace_root().join(".venv/bin/python");
    assert!(
        py.exists(),
        "{} not found: run deploy/setup-python.sh first (it creates .venv with the pinned OpenTelemetry Python SDK)",
        py.display()
    );
    py
}

/// Pick `n` distinct free TCP ports on 127.0.0.1 (bound together, then released).
pub fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0"))
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// A free port below the kernel's ephemeral range (32768 and up on Linux), for an endpoint that
/// stays down for a while before something listens on it. A client that keeps connecting to a
/// down port in the ephemeral range can be given that same port as its source port and connect
/// to itself (TCP simultaneous open on loopback), which then holds the port ("Address already
/// in use" when the test starts its receiver there). Below the range no client is given it.
pub fn free_port_below_ephemeral() -> u16 {
    let seed = std::process::id() as u64
        ^ std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos() as u64);
    const LOW: u64 = 20_000;
    const SPAN: u64 = 12_000;
    (0..SPAN)
        .map(|i| (LOW + (seed + i * 7919) % SPAN) as u16)
        .find(|&p| TcpListener::bind(("127.0.0.1", p)).is_ok())
        .expect("a free port in 20000..32000")
}

/// A running `groundcheck serve`; sent SIGTERM (then killed if it hangs) on drop.
pub struct Server {
    child: Option<Child>,
    pub grpc: SocketAddr,
    pub http: SocketAddr,
    pub admin: SocketAddr,
    pub data_dir: PathBuf,
    log_path: PathBuf,
    /// Holds the log (and `start`'s data directory); set once the server is up.
    _tmp: Option<tempfile::TempDir>,
}

impl Server {
    /// Start with `--grace-ms 300` plus `extra` flags; waits until `/healthz` answers.
    pub fn start(extra: &[&str]) -> Server {
        let tmp = tempfile::Builder::new()
            .prefix("groundcheck-e2e-")
            .tempdir()
            .expect("tempdir");
        let data_dir = tmp.path().join("data");
        Server::spawn(tmp, data_dir, extra, Duration::from_secs(15))
            .unwrap_or_else(|e| panic!("groundcheck serve {e}"))
    }

    /// Start on a data directory of the caller's (to restart on the same one); `Err` with the
    /// log when the process exits before `/healthz` answers (a refused start).
    pub fn try_start_in(data_dir: &Path, extra: &[&str]) -> Result<Server, String> {
        let tmp = tempfile::Builder::new()
            .prefix("groundcheck-e2e-")
            .tempdir()
            .expect("tempdir");
        Server::spawn(tmp, data_dir.to_owned(), extra, Duration::from_secs(30))
    }

    /// Start `serve` on three free ports. A port found free can be taken before the server
    /// binds it (by another test, or as the source port of an outgoing connection: free ports
    /// lie in the kernel's ephemeral range), so a start refused with "Address already in use"
    /// is tried again on other ports, up to three times.
    fn spawn(
        tmp: tempfile::TempDir,
        data_dir: PathBuf,
        extra: &[&str],
        timeout: Duration,
    ) -> Result<Server, String> {
        let bin = groundcheck_bin();
        let log_path = tmp.path().join("server.log");
        let mut attempt = 1;
        loop {
            let ports = free_ports(3);
            let addr = |p: u16| -> SocketAddr { format!("127.0.0.1:{p}").parse().unwrap() };
            let (grpc, http, admin) = (addr(ports[0]), addr(ports[1]), addr(ports[2]));
            let log = File::create(&log_path).expect("create server log");
            let mut cmd = Command::new(&bin);
            cmd.arg("serve")
                .args(["--grpc-addr", &grpc.to_string()])
                .args(["--http-addr", &http.to_string()])
                .args(["--admin-addr", &admin.to_string()])
                .arg("--data-dir")
                .arg(&data_dir)
                .args(["--grace-ms", "300"])
                .args(extra)
                .env("GROUNDCHECK_LOG", "info")
                .env_remove("GROUNDCHECK_CONFIG")
                .stdin(Stdio::null())
                .stdout(Stdio::from(log.try_clone().unwrap()))
                .stderr(Stdio::from(log));
            let child = cmd
                .spawn()
                .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
            let mut s = Server {
                child: Some(child),
                grpc,
                http,
                admin,
                data_dir: data_dir.clone(),
                log_path: log_path.clone(),
                _tmp: None,
            };
            match s.wait_healthy(timeout) {
                Ok(()) => {
                    s._tmp = Some(tmp);
                    return Ok(s);
                }
                Err(e) if attempt < 3 && e.contains("Address already in use") => attempt += 1,
                Err(e) => return Err(e),
            }
        }
    }

    fn wait_healthy(&mut self, timeout: Duration) -> Result<(), String> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                self.child = None;
                return Err(format!("exited early with {status}; log:\n{}", self.log()));
            }
            if let Ok(r) = http_request(self.admin, "GET", "/healthz", &[], b"") {
                if r.status == 200 {
                    return Ok(());
                }
            }
            assert!(
                Instant::now() < deadline,
                "groundcheck serve did not answer /healthz within {timeout:?}; log:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// `Some(status)` once the process has exited (reaped: a dead child is not mistaken for a
    /// live one by `/proc/PID` still existing as a zombie). `ExitStatus`'s `Display` names the
    /// signal of a crash (`signal: 11 (SIGSEGV) (core dumped)`).
    pub fn exited(&mut self) -> Option<ExitStatus> {
        let child = self.child.as_mut()?;
        child.try_wait().expect("wait for groundcheck")
    }

    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("server still running").id()
    }

    /// Everything the server wrote on stdout/stderr so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log_path).unwrap_or_default()
    }

    /// `POST /v1/traces` on the OTLP/HTTP port.
    pub fn post_traces(&self, headers: &[(&str, &str)], body: &[u8]) -> Response {
        http_request(self.http, "POST", "/v1/traces", headers, body)
            .unwrap_or_else(|e| panic!("POST /v1/traces failed: {e}; log:\n{}", self.log()))
    }

    pub fn post_json(&self, body: &[u8]) -> Response {
        self.post_traces(&[("Content-Type", "application/json")], body)
    }

    pub fn get_admin(&self, path: &str) -> Response {
        http_request(self.admin, "GET", path, &[], b"")
            .unwrap_or_else(|e| panic!("GET {path} failed: {e}; log:\n{}", self.log()))
    }

    /// Prometheus text of `/metrics`.
    pub fn metrics(&self) -> String {
        let r = self.get_admin("/metrics");
        assert_eq!(r.status, 200, "/metrics answered {}", r.status);
        r.text()
    }

    /// All reports written so far.
    pub fn reports(&self) -> Vec<Value> {
        read_reports(&self.data_dir)
    }

    /// Wait (up to `timeout`) until a report for `trace_id` exists and return it.
    pub fn wait_report(&self, trace_id: &str, timeout: Duration) -> Value {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(r) = self.reports().into_iter().find(|r| r["run_id"] == trace_id) {
                return r;
            }
            assert!(
                Instant::now() < deadline,
                "no report for trace {trace_id} within {timeout:?} in {}; log:\n{}",
                self.data_dir.display(),
                self.log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The run ids of every report written so far.
    pub fn report_ids(&self) -> HashSet<String> {
        self.reports()
            .iter()
            .filter_map(|r| r["run_id"].as_str().map(str::to_owned))
            .collect()
    }

    /// Wait (up to `timeout`) until every id in `ids` has a report; returns the ids still missing.
    pub fn wait_reports(&self, ids: &HashSet<String>, timeout: Duration) -> HashSet<String> {
        let deadline = Instant::now() + timeout;
        loop {
            let seen = self.report_ids();
            let missing: HashSet<String> = ids.difference(&seen).cloned().collect();
            if missing.is_empty() || Instant::now() >= deadline {
                return missing;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Send SIGTERM and wait (up to `timeout`) for the process to exit.
    pub fn terminate(&mut self, timeout: Duration) -> ExitStatus {
        let mut child = self.child.take().expect("server already stopped");
        sigterm(child.id());
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = child.try_wait().expect("wait for groundcheck") {
                return status;
            }
            if Instant::now() >= deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "groundcheck did not exit within {timeout:?} of SIGTERM; log:\n{}",
                    self.log()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            sigterm(child.id());
            let deadline = Instant::now() + Duration::from_secs(10);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn sigterm(pid: u32) {
    let status = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(status.success(), "kill -TERM {pid} failed: {status}");
}

/// Every report line of every `reports-*.jsonl` in `dir` (a partially written last line is skipped).
pub fn read_reports(dir: &Path) -> Vec<Value> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("reports-") && n.ends_with(".jsonl"))
        })
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            if let Ok(v) = serde_json::from_str::<Value>(line) {
                out.push(v);
            }
        }
    }
    out
}

/// An HTTP response.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    /// Header names lower-cased.
    pub headers: BTreeMap<String, String>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("response body is not JSON ({e}): {:?}", self.text()))
    }
}

/// A minimal HTTP/1.1 client: one request per connection (`Connection: close`).
pub fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Response> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5))?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    stream.set_write_timeout(Some(Duration::from_secs(120)))?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    let mut request = head.into_bytes();
    request.extend_from_slice(body);
    // The server may answer (and close) before reading a whole body it refuses; still read
    // its answer then.
    let write_err = stream
        .write_all(&request)
        .and_then(|_| stream.flush())
        .err();
    let mut raw = Vec::new();
    if let Err(e) = stream.read_to_end(&mut raw) {
        if raw.is_empty() {
            return Err(write_err.unwrap_or(e));
        }
    }
    if raw.is_empty() {
        return Err(write_err.unwrap_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "empty response")
        }));
    }
    parse_response(&raw)
}

fn parse_response(raw: &[u8]) -> std::io::Result<Response> {
    let bad = |m: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, m.to_owned());
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| bad("no end of headers"))?;
    let head = std::str::from_utf8(&raw[..end]).map_err(|_| bad("headers not UTF-8"))?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next().ok_or_else(|| bad("no status line"))?;
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("bad status line"))?;
    let mut headers = BTreeMap::new();
    for l in lines {
        if let Some((k, v)) = l.split_once(':') {
            headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_owned());
        }
    }
    let mut body = raw[end + 4..].to_vec();
    if headers
        .get("transfer-encoding")
        .is_some_and(|t| t.eq_ignore_ascii_case("chunked"))
    {
        body = dechunk(&body).ok_or_else(|| bad("bad chunked body"))?;
    } else if let Some(n) = headers
        .get("content-length")
        .and_then(|n| n.parse::<usize>().ok())
    {
        body.truncate(n);
    }
    Ok(Response {
        status,
        headers,
        body,
    })
}

fn dechunk(mut b: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let eol = b.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&b[..eol]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        b = &b[eol + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(b.get(..size)?);
        b = b.get(size + 2..)?;
    }
}

/// The value of an unlabeled Prometheus sample `name` in `text`.
pub fn metric_value(text: &str, name: &str) -> Option<f64> {
    text.lines().filter(|l| !l.starts_with('#')).find_map(|l| {
        let (n, v) = l.split_once(' ')?;
        (n == name).then(|| v.trim().parse().ok()).flatten()
    })
}

/// Assert that a report has every field of the spec (and groundcheck's identity fields),
/// with the right JSON types.
pub fn assert_report_shape(r: &Value) {
    let obj = r
        .as_object()
        .unwrap_or_else(|| panic!("report is not an object: {r}"));
    for key in [
        "run_id",
        "claims",
        "tool_call_validations",
        "consistency_probes",
        "overall_score",
        "action",
        "version",
        "trace_id",
        "agent_name",
        "service_name",
        "dialect",
        "incomplete",
        "final_answer",
        "notes",
        "profile",
    ] {
        assert!(obj.contains_key(key), "report lacks {key:?}: {r}");
    }
    let run_id = r["run_id"].as_str().expect("run_id is a string");
    assert!(
        run_id.len() == 32
            && run_id
                .chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()),
        "run_id {run_id:?} is not 32 lowercase hex"
    );
    assert_eq!(r["trace_id"], r["run_id"], "trace_id equals run_id");
    let score = r["overall_score"]
        .as_f64()
        .expect("overall_score is a number");
    assert!(
        (0.0..=1.0).contains(&score),
        "overall_score {score} in [0, 1]"
    );
    assert!(
        matches!(r["action"].as_str(), Some("emit" | "revise" | "block")),
        "action: {}",
        r["action"]
    );
    assert!(
        r["version"].as_str().is_some_and(|v| !v.is_empty()),
        "version: {}",
        r["version"]
    );
    assert!(
        r["incomplete"].is_boolean(),
        "incomplete: {}",
        r["incomplete"]
    );
    assert!(r["notes"].is_array(), "notes: {}", r["notes"]);
    assert!(
        r["consistency_probes"].is_array(),
        "consistency_probes: {}",
        r["consistency_probes"]
    );
    for c in r["claims"].as_array().expect("claims is an array") {
        for key in [
            "text",
            "evidence_spans",
            "score",
            "critical",
            "status",
            "start",
            "end",
        ] {
            assert!(c.get(key).is_some(), "claim lacks {key:?}: {c}");
        }
        assert!(
            c["evidence_spans"].is_array() && c["score"].is_number() && c["critical"].is_boolean(),
            "claim field types: {c}"
        );
        assert!(
            matches!(
                c["status"].as_str(),
                Some("supported" | "unsupported" | "contradicted")
            ),
            "claim status: {c}"
        );
        assert!(
            c["start"].as_u64().unwrap() <= c["end"].as_u64().unwrap(),
            "claim start <= end: {c}"
        );
    }
    for t in r["tool_call_validations"]
        .as_array()
        .expect("tool_call_validations is an array")
    {
        for key in ["tool", "args", "status", "errors", "call_id"] {
            assert!(
                t.get(key).is_some(),
                "tool call validation lacks {key:?}: {t}"
            );
        }
        assert!(t["errors"].is_array(), "errors is an array: {t}");
    }
}

/// Parse one dev-data line (an OTLP/JSON ExportTraceServiceRequest).
pub fn dev_request(file: &str, line: usize) -> Value {
    let path = dev_data_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let l = text
        .lines()
        .nth(line)
        .unwrap_or_else(|| panic!("{} has no line {line}", path.display()));
    serde_json::from_str(l).expect("dev data line is JSON")
}

/// `(trace id, span id, parent span id)` of every span of an OTLP/JSON request.
pub fn spans_of(req: &Value) -> Vec<(String, String, Option<String>)> {
    let mut out = Vec::new();
    for rs in req["resourceSpans"].as_array().into_iter().flatten() {
        for ss in rs["scopeSpans"].as_array().into_iter().flatten() {
            for s in ss["spans"].as_array().into_iter().flatten() {
                let parent = s["parentSpanId"]
                    .as_str()
                    .filter(|p| !p.is_empty())
                    .map(str::to_owned);
                out.push((
                    s["traceId"].as_str().unwrap_or_default().to_owned(),
                    s["spanId"].as_str().unwrap_or_default().to_owned(),
                    parent,
                ));
            }
        }
    }
    out
}

/// A copy of `req` keeping only the spans for which `keep` is true (empty scopes and
/// resources are dropped).
pub fn filter_spans(req: &Value, keep: impl Fn(&Value) -> bool) -> Value {
    let mut out = req.clone();
    let rss = out["resourceSpans"].as_array_mut().expect("resourceSpans");
    for rs in rss.iter_mut() {
        let sss = rs["scopeSpans"].as_array_mut().expect("scopeSpans");
        for ss in sss.iter_mut() {
            ss["spans"].as_array_mut().expect("spans").retain(&keep);
        }
        sss.retain(|ss| !ss["spans"].as_array().unwrap().is_empty());
    }
    rss.retain(|rs| !rs["scopeSpans"].as_array().unwrap().is_empty());
    out
}

/// Is this OTLP/JSON span a root (no parent)?
pub fn is_root(span: &Value) -> bool {
    span["parentSpanId"].as_str().is_none_or(str::is_empty)
}

/// The labels of the dev data set, by trace id.
pub fn dev_labels() -> BTreeMap<String, Value> {
    let path = dev_data_dir().join("labels.jsonl");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("label line is JSON");
            (v["trace_id"].as_str().unwrap().to_owned(), v)
        })
        .collect()
}

/// One GenAI-dialect run (one trace), for [`genai_run`].
pub struct GenaiRun<'a> {
    pub trace_id: &'a str,
    pub service: &'a str,
    pub agent: &'a str,
    pub tool: &'a str,
    pub call_id: &'a str,
    pub args: &'a str,
    pub result: &'a str,
    pub question: &'a str,
    pub answer: &'a str,
    /// `gen_ai.conversation.id` on every span, when set.
    pub conversation: Option<&'a str>,
}

/// The run as an OTLP/JSON request: the agent span, one tool execution (`tool` called with
/// `args`, returning `result`) and the model turn that answers `question` with `answer`; the
/// spans ended just now.
pub fn genai_run(r: &GenaiRun<'_>) -> Vec<u8> {
    use serde_json::json;
    let attr = |key: &str, value: &str| json!({ "key": key, "value": { "stringValue": value } });
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let root = "a1a2a3a4a5a6a7a8";
    let input = json!([{ "role": "user", "parts": [{ "type": "text", "content": r.question }] }]);
    let output = json!([{ "role": "assistant", "parts": [{ "type": "text", "content": r.answer }],
                          "finish_reason": "stop" }]);
    let span = |id: &str,
                parent: Option<&str>,
                name: &str,
                s: u64,
                e: u64,
                mut attrs: Vec<Value>| {
        if let Some(c) = r.conversation {
            attrs.push(attr("gen_ai.conversation.id", c));
        }
        json!({
            "traceId": r.trace_id, "spanId": id, "parentSpanId": parent.unwrap_or(""),
            "name": name, "kind": 1,
            "startTimeUnixNano": (now - s).to_string(), "endTimeUnixNano": (now - e).to_string(),
            "attributes": attrs,
        })
    };
    let req = json!({ "resourceSpans": [{
        "resource": { "attributes": [attr("service.name", r.service)] },
        "scopeSpans": [{ "scope": { "name": format!("e2e.{}", r.service) }, "spans": [
            span("b1b2b3b4b5b6b7b8", Some(root), &format!("execute_tool {}", r.tool), 3_000_000, 2_500_000, vec![
                attr("gen_ai.operation.name", "execute_tool"),
                attr("gen_ai.tool.name", r.tool),
                attr("gen_ai.tool.call.id", r.call_id),
                attr("gen_ai.tool.call.arguments", r.args),
                attr("gen_ai.tool.call.result", r.result),
            ]),
            span("c1c2c3c4c5c6c7c8", Some(root), "chat gpt-4o", 2_000_000, 1_000_000, vec![
                attr("gen_ai.operation.name", "chat"),
                attr("gen_ai.request.model", "gpt-4o"),
                attr("gen_ai.input.messages", &input.to_string()),
                attr("gen_ai.output.messages", &output.to_string()),
            ]),
            span(root, None, &format!("invoke_agent {}", r.agent), 4_000_000, 0, vec![
                attr("gen_ai.operation.name", "invoke_agent"),
                attr("gen_ai.agent.name", r.agent),
            ]),
        ]}],
    }]});
    serde_json::to_vec(&req).unwrap()
}
