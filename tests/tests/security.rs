//! TLS, mTLS and bearer tokens on the receivers, with the real OpenTelemetry Python SDK
//! exporters (`tests/python/emit_agent_run.py`, gRPC and HTTP) against `groundcheck serve`.
//! Certificates are made per test (rcgen): a CA, the server's certificate for
//! localhost/127.0.0.1, client certificates of the trusted and of a foreign CA.
//!
//! Needs `target/<profile>/groundcheck` and `.venv` (deploy/setup-python.sh).

mod common;

use common::{http_request, metric_value, venv_python, workspace_root, Server};
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const TOKEN_A: &str = "tok-a-0123456789abcdef";
const TOKEN_B: &str = "tok-b-fedcba9876543210";

/// A certificate authority of the test.
struct Ca {
    issuer: CertifiedIssuer<'static, KeyPair>,
}

impl Ca {
    fn new(name: &str) -> Ca {
        let mut p = CertificateParams::new(Vec::<String>::new()).unwrap();
        p.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        p.distinguished_name.push(
            rcgen::DnType::CommonName,
            format!("groundcheck test {name}"),
        );
        Ca {
            issuer: CertifiedIssuer::self_signed(p, KeyPair::generate().unwrap()).unwrap(),
        }
    }
    /// (certificate PEM, key PEM) for `names`.
    fn issue(&self, names: &[&str]) -> (String, String) {
        let key = KeyPair::generate().unwrap();
        let p = CertificateParams::new(names.iter().map(|s| s.to_string()).collect::<Vec<_>>())
            .unwrap();
        let issuer: &rcgen::Issuer<'_, KeyPair> = &self.issuer;
        let cert = p.signed_by(&key, issuer).unwrap();
        (cert.pem(), key.serialize_pem())
    }
    fn write(&self, dir: &Path, name: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, self.issuer.pem()).unwrap();
        p
    }
}

/// Write (cert, key) as `{stem}.crt` / `{stem}.key`; returns the paths.
fn write_pair(dir: &Path, stem: &str, pair: &(String, String)) -> (PathBuf, PathBuf) {
    let c = dir.join(format!("{stem}.crt"));
    let k = dir.join(format!("{stem}.key"));
    std::fs::write(&c, &pair.0).unwrap();
    std::fs::write(&k, &pair.1).unwrap();
    (c, k)
}

/// Replace a file atomically (as cert-manager and friends do: write, then rename).
fn replace(path: &Path, text: &str) {
    let tmp = path.with_extension("new");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

#[derive(Default)]
struct Client<'a> {
    token: Option<&'a str>,
    ca: Option<&'a Path>,
    cert: Option<(&'a Path, &'a Path)>,
}

/// Run the SDK emitter; `Ok(trace id)` when every span was exported, `Err(stderr)` otherwise.
fn emit(server: &Server, protocol: &str, c: &Client<'_>) -> Result<String, String> {
    let endpoint = match protocol {
        "grpc" => format!("localhost:{}", server.grpc.port()),
        _ => format!(
            "{}://localhost:{}/v1/traces",
            if c.ca.is_some() { "https" } else { "http" },
            server.http.port()
        ),
    };
    let script = workspace_root().join("tests/python/emit_agent_run.py");
    let mut cmd = Command::new(venv_python());
    cmd.arg(&script)
        .args(["--protocol", protocol, "--endpoint", &endpoint])
        .args([
            "--scenario",
            "clean",
            "--processor",
            "simple",
            "--timeout",
            "4",
        ])
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .env_remove("OTEL_SDK_DISABLED")
        // requests lets REQUESTS_CA_BUNDLE override the exporter's certificate_file.
        .env_remove("REQUESTS_CA_BUNDLE")
        .env_remove("CURL_CA_BUNDLE");
    if let Some(t) = c.token {
        cmd.args(["--token", t]);
    }
    if let Some(ca) = c.ca {
        cmd.arg("--ca-file").arg(ca);
    }
    if let Some((crt, key)) = c.cert {
        cmd.arg("--client-cert")
            .arg(crt)
            .arg("--client-key")
            .arg(key);
    }
    let out = cmd.output().expect("run emit_agent_run.py");
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if out.status.success() && stdout.len() == 32 {
        Ok(stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// One HTTPS request through Python's ssl (no Rust TLS client in the tests): (status,
/// WWW-Authenticate).
fn https_post(server: &Server, ca: &Path, auth: Option<&str>) -> (u16, String) {
    let code = r#"
import sys, ssl, urllib.request, urllib.error
url, ca, auth = sys.argv[1], sys.argv[2], sys.argv[3]
req = urllib.request.Request(url, data=b"{}", method="POST", headers={"Content-Type": "application/json"})
if auth:
    req.add_header("Authorization", auth)
ctx = ssl.create_default_context(cafile=ca)
try:
    r = urllib.request.urlopen(req, context=ctx, timeout=5)
    print(r.status, "")
except urllib.error.HTTPError as e:
    print(e.code, e.headers.get("WWW-Authenticate", ""))
"#;
    let out = Command::new(venv_python())
        .args(["-c", code])
        .arg(format!(
            "https://localhost:{}/v1/traces",
            server.http.port()
        ))
        .arg(ca)
        .arg(auth.unwrap_or(""))
        .output()
        .expect("python");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "python https request failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (code, rest) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
    (code.parse().unwrap(), rest.to_owned())
}

fn metric(server: &Server, name: &str) -> f64 {
    metric_value(&server.metrics(), name).unwrap_or(0.0)
}

fn wait_until(what: &str, timeout: Duration, mut f: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !f() {
        assert!(Instant::now() < deadline, "{what} within {timeout:?}");
        std::thread::sleep(Duration::from_millis(250));
    }
}

#[test]
fn tls_and_bearer_tokens_with_the_sdk_exporters_tenants_on_reports() {
    let dir = tempfile::tempdir().unwrap();
    let ca = Ca::new("server CA");
    let ca_file = ca.write(dir.path(), "ca.pem");
    let (crt, key) = write_pair(dir.path(), "server", &ca.issue(&["localhost", "127.0.0.1"]));
    let tokens = dir.path().join("tokens");
    std::fs::write(
        &tokens,
        format!("# team tokens\n{TOKEN_A} team-a\n{TOKEN_B}\n"),
    )
    .unwrap();
    let s = Server::start(&[
        "--tls-cert-file",
        crt.to_str().unwrap(),
        "--tls-key-file",
        key.to_str().unwrap(),
        "--auth-tokens-file",
        tokens.to_str().unwrap(),
        "--summary",
        "false",
    ]);
    assert!(!s.log().contains(TOKEN_A), "tokens never appear in the log");

    // Valid token over TLS: accepted, and the report names the token's tenant.
    let grpc_run = emit(
        &s,
        "grpc",
        &Client {
            token: Some(TOKEN_A),
            ca: Some(&ca_file),
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("gRPC over TLS with a token: {e}\nlog:\n{}", s.log()));
    let http_run = emit(
        &s,
        "http",
        &Client {
            token: Some(TOKEN_B),
            ca: Some(&ca_file),
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("HTTP over TLS with a token: {e}\nlog:\n{}", s.log()));
    let r = s.wait_report(&grpc_run, Duration::from_secs(20));
    assert_eq!(r["tenant"], "team-a", "{r}");
    let r = s.wait_report(&http_run, Duration::from_secs(20));
    assert!(r.get("tenant").is_none(), "a token without tenant: {r}");

    // No token / a wrong token: refused by both receivers, and counted.
    for (protocol, token) in [
        ("grpc", None),
        ("http", None),
        ("grpc", Some("not-a-valid-token-at-all")),
        ("http", Some("not-a-valid-token-at-all")),
    ] {
        let e = emit(
            &s,
            protocol,
            &Client {
                token,
                ca: Some(&ca_file),
                ..Default::default()
            },
        )
        .expect_err("refused");
        assert!(!e.is_empty());
    }
    let m = s.metrics();
    for (receiver, reason) in [
        ("grpc", "missing"),
        ("http", "missing"),
        ("grpc", "invalid"),
        ("http", "invalid"),
    ] {
        let name = format!(
            "groundcheck_receiver_auth_failures_total{{receiver=\"{receiver}\",reason=\"{reason}\"}}"
        );
        assert!(
            metric_value(&m, &name).unwrap_or(0.0) >= 1.0,
            "{name} counted:\n{m}"
        );
    }
    // HTTP answers 401 with the Bearer challenge.
    let (code, challenge) = https_post(&s, &ca_file, None);
    assert_eq!(code, 401);
    assert!(challenge.starts_with("Bearer"), "{challenge:?}");
    let (code, _) = https_post(&s, &ca_file, Some("Bearer not-a-valid-token-at-all"));
    assert_eq!(code, 401);
    let (code, _) = https_post(&s, &ca_file, Some(&format!("Bearer {TOKEN_A}")));
    assert_eq!(code, 200, "a valid token gets through (empty request)");

    // `groundcheck send` over TLS with a token, both protocols.
    for (protocol, endpoint) in [
        ("grpc", format!("https://localhost:{}", s.grpc.port())),
        (
            "http-json",
            format!("https://localhost:{}/v1/traces", s.http.port()),
        ),
    ] {
        let out = Command::new(common::groundcheck_bin())
            .args(["send", "--protocol", protocol, "--endpoint", &endpoint])
            .arg("--ca-file")
            .arg(&ca_file)
            .args(["--header", &format!("authorization=Bearer {TOKEN_A}")])
            .arg(workspace_root().join("examples/agent-run.json"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "send over {protocol}+TLS: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let out = Command::new(common::groundcheck_bin())
            .args(["send", "--protocol", protocol, "--endpoint", &endpoint])
            .arg("--ca-file")
            .arg(&ca_file)
            .arg(workspace_root().join("examples/agent-run.json"))
            .output()
            .unwrap();
        assert!(
            !out.status.success(),
            "send without a token over {protocol} is refused"
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("401") || text.contains("Unauthenticated"),
            "{protocol}: {text}"
        );
    }

    // A TLS port speaks nothing else: plaintext is refused at the handshake, counted.
    let plain = http_request(
        s.http,
        "POST",
        "/v1/traces",
        &[
            ("Content-Type", "application/json"),
            ("Authorization", &format!("Bearer {TOKEN_A}")),
        ],
        b"{}",
    );
    assert!(
        plain.as_ref().map_or(true, |r| r.status == 0),
        "plaintext on the TLS port must not be served: {:?}",
        plain.map(|r| r.status)
    );
    wait_until("a failed handshake counted", Duration::from_secs(5), || {
        metric(
            &s,
            "groundcheck_receiver_tls_handshake_failures_total{receiver=\"http\"}",
        ) >= 1.0
    });
    assert!(!s.log().contains(TOKEN_A) && !s.log().contains(TOKEN_B));
}

#[test]
fn mtls_accepts_only_client_certificates_of_the_configured_ca() {
    let dir = tempfile::tempdir().unwrap();
    let server_ca = Ca::new("server CA");
    let client_ca = Ca::new("client CA");
    let foreign_ca = Ca::new("foreign CA");
    let ca_file = server_ca.write(dir.path(), "ca.pem");
    let client_ca_file = client_ca.write(dir.path(), "client-ca.pem");
    let (crt, key) = write_pair(dir.path(), "server", &server_ca.issue(&["localhost"]));
    let (good_crt, good_key) = write_pair(dir.path(), "agent", &client_ca.issue(&["agent-1"]));
    let (bad_crt, bad_key) = write_pair(dir.path(), "intruder", &foreign_ca.issue(&["agent-1"]));
    let s = Server::start(&[
        "--tls-cert-file",
        crt.to_str().unwrap(),
        "--tls-key-file",
        key.to_str().unwrap(),
        "--tls-client-ca-file",
        client_ca_file.to_str().unwrap(),
        "--summary",
        "false",
    ]);
    for protocol in ["grpc", "http"] {
        let run = emit(
            &s,
            protocol,
            &Client {
                ca: Some(&ca_file),
                cert: Some((&good_crt, &good_key)),
                ..Default::default()
            },
        )
        .unwrap_or_else(|e| {
            panic!(
                "{protocol} with a valid client certificate: {e}\nlog:\n{}",
                s.log()
            )
        });
        s.wait_report(&run, Duration::from_secs(20));
        let none = emit(
            &s,
            protocol,
            &Client {
                ca: Some(&ca_file),
                ..Default::default()
            },
        );
        assert!(
            none.is_err(),
            "{protocol} without a client certificate is refused"
        );
        let foreign = emit(
            &s,
            protocol,
            &Client {
                ca: Some(&ca_file),
                cert: Some((&bad_crt, &bad_key)),
                ..Default::default()
            },
        );
        assert!(
            foreign.is_err(),
            "{protocol} with a foreign-CA certificate is refused"
        );
    }
    let m = s.metrics();
    for r in ["grpc", "http"] {
        let name = format!("groundcheck_receiver_tls_handshake_failures_total{{receiver=\"{r}\"}}");
        assert!(
            metric_value(&m, &name).unwrap_or(0.0) >= 2.0,
            "{name}:\n{m}"
        );
    }
    assert_eq!(
        s.reports().len(),
        2,
        "only the two authenticated runs were reported"
    );
}

#[test]
fn certificates_and_tokens_replaced_on_disk_are_used_without_restart() {
    let dir = tempfile::tempdir().unwrap();
    let old_ca = Ca::new("old CA");
    let new_ca = Ca::new("new CA");
    let old_ca_file = old_ca.write(dir.path(), "old-ca.pem");
    let new_ca_file = new_ca.write(dir.path(), "new-ca.pem");
    let (crt, key) = write_pair(dir.path(), "server", &old_ca.issue(&["localhost"]));
    let tokens = dir.path().join("tokens");
    std::fs::write(&tokens, format!("{TOKEN_A} team-a\n")).unwrap();
    let admin_tokens = dir.path().join("admin-tokens");
    let scrape = "scrape-0123456789abcdef";
    std::fs::write(&admin_tokens, format!("{scrape}\n")).unwrap();
    let s = Server::start(&[
        "--tls-cert-file",
        crt.to_str().unwrap(),
        "--tls-key-file",
        key.to_str().unwrap(),
        "--auth-tokens-file",
        tokens.to_str().unwrap(),
        "--admin-auth-tokens-file",
        admin_tokens.to_str().unwrap(),
        "--summary",
        "false",
    ]);
    let metrics = || {
        let r = http_request(
            s.admin,
            "GET",
            "/metrics",
            &[("Authorization", &format!("Bearer {scrape}"))],
            b"",
        )
        .unwrap();
        assert_eq!(r.status, 200);
        r.text()
    };
    // The admin endpoint: /metrics needs its token, /healthz stays open.
    let r = s.get_admin("/metrics");
    assert_eq!(r.status, 401);
    assert!(r
        .header("www-authenticate")
        .is_some_and(|v| v.starts_with("Bearer")));
    assert_eq!(s.get_admin("/healthz").status, 200);
    assert!(metrics().contains("groundcheck_reports_total"));

    let with = |token: &'static str, ca: &Path| {
        emit(
            &s,
            "http",
            &Client {
                token: Some(token),
                ca: Some(ca),
                ..Default::default()
            },
        )
    };
    with(TOKEN_A, &old_ca_file).unwrap_or_else(|e| panic!("before rotation: {e}"));

    // Rotate the certificate: the new CA's clients get through without a restart.
    let pair = new_ca.issue(&["localhost"]);
    replace(&key, &pair.1);
    replace(&crt, &pair.0);
    wait_until(
        "the new certificate served",
        Duration::from_secs(30),
        || with(TOKEN_A, &new_ca_file).is_ok(),
    );
    assert!(
        with(TOKEN_A, &old_ca_file).is_err(),
        "the old certificate is gone"
    );
    assert!(metric_value(&metrics(), "groundcheck_tls_reloads_total").unwrap_or(0.0) >= 1.0);

    // A broken certificate file keeps the last good one.
    replace(
        &crt,
        "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n",
    );
    wait_until("the broken file noticed", Duration::from_secs(15), || {
        metric_value(&metrics(), "groundcheck_tls_reload_failures_total").unwrap_or(0.0) >= 1.0
    });
    with(TOKEN_A, &new_ca_file).unwrap_or_else(|e| panic!("last good certificate kept: {e}"));

    // Rotate the token: the old one stops working, the new one works.
    replace(&tokens, &format!("{TOKEN_B} team-b\n"));
    wait_until("the new token accepted", Duration::from_secs(15), || {
        with(TOKEN_B, &new_ca_file).is_ok()
    });
    assert!(
        with(TOKEN_A, &new_ca_file).is_err(),
        "the rotated-out token is refused"
    );
    assert!(metric_value(&metrics(), "groundcheck_auth_reloads_total").unwrap_or(0.0) >= 1.0);
    let log = s.log();
    assert!(!log.contains(TOKEN_A) && !log.contains(TOKEN_B) && !log.contains(scrape));
}
