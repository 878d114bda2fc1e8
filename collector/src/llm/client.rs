//! A minimal client for OpenAI-compatible `POST {base}/chat/completions` over HTTP/1.1
//! (hyper, already in the tree for the receivers and loadgen): `http://` endpoints (a local
//! model server) and `https://` endpoints (hosted APIs; rustls with the Mozilla root store,
//! certificates and host names verified).
//!
//! Every call is bounded: a per-attempt timeout, the caller's deadline, a per-run
//! [`RunBudget`] of requests and tokens, and a capped response body. Transient failures
//! (connect errors, timeouts, HTTP 429 and 5xx, replies that fail the caller's validation)
//! are retried with exponential backoff (honouring `Retry-After`, capped) while the budget and
//! the deadline allow. Each attempt and failure is counted in [`Metrics`].

use crate::metrics::Metrics;
use bytes::Bytes;
use groundcheck_detectors::stage3::ChatMessage;
use http_body_util::{BodyExt, Full, Limited};
use hyper_util::rt::TokioIo;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Largest reply body read (bytes).
const MAX_REPLY_BYTES: usize = 1 << 20;
/// Longest `Retry-After` honoured.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(5);

/// Errors of one chat call.
#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("invalid endpoint {0}")]
    Url(String),
    #[error("connect: {0}")]
    Connect(String),
    #[error("http: {0}")]
    Http(String),
    #[error("HTTP {status}: {body}")]
    Status {
        status: u16,
        body: String,
        retry_after: Option<Duration>,
    },
    #[error("bad reply: {0}")]
    BadJson(String),
    /// A well-formed reply the caller cannot use (not retried).
    #[error("unusable reply: {0}")]
    Unusable(String),
    #[error("request timed out")]
    Timeout,
    #[error("per-run budget spent ({0})")]
    Budget(&'static str),
    #[error("run deadline reached")]
    Deadline,
}

impl LlmError {
    pub fn is_retryable(&self) -> bool {
        match self {
            LlmError::Connect(_) | LlmError::Http(_) | LlmError::BadJson(_) | LlmError::Timeout => {
                true
            }
            LlmError::Status { status, .. } => *status == 429 || *status >= 500,
            LlmError::Url(_) | LlmError::Unusable(_) | LlmError::Budget(_) | LlmError::Deadline => {
                false
            }
        }
    }

    /// Short reason for notes and metrics.
    pub fn reason(&self) -> String {
        match self {
            LlmError::Status { status, .. } => format!("http_{status}"),
            LlmError::Url(_) => "endpoint".into(),
            LlmError::Connect(_) => "connect".into(),
            LlmError::Http(_) => "http".into(),
            LlmError::BadJson(_) => "bad_json".into(),
            LlmError::Unusable(_) => "unusable".into(),
            LlmError::Timeout => "timeout".into(),
            LlmError::Budget(_) => "budget".into(),
            LlmError::Deadline => "deadline".into(),
        }
    }

    fn count(&self, m: &Metrics) {
        let c = match self {
            LlmError::Status { status: 429, .. } => &m.llm_errors_rate_limited_total,
            LlmError::Status { status, .. } if *status >= 500 => &m.llm_errors_server_total,
            LlmError::Status { .. } | LlmError::Url(_) => &m.llm_errors_client_total,
            LlmError::Connect(_) | LlmError::Http(_) => &m.llm_errors_connect_total,
            LlmError::BadJson(_) | LlmError::Unusable(_) => &m.llm_errors_bad_json_total,
            LlmError::Timeout | LlmError::Deadline => &m.llm_errors_timeout_total,
            LlmError::Budget(_) => &m.llm_budget_exhausted_total,
        };
        c.fetch_add(1, Relaxed);
    }
}

/// Where and how to call.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// `http(s)://host[:port][/prefix]`, e.g. `http://127.0.0.1:8089/v1`, `https://api.openai.com/v1`.
    pub base_url: String,
    pub model: String,
    pub api_key: Option<String>,
    /// Per attempt.
    pub request_timeout: Duration,
    /// Retries after the first attempt.
    pub max_retries: u32,
    pub backoff: Duration,
    /// `max_tokens` of each completion.
    pub max_tokens: u32,
}

/// A parsed endpoint.
#[derive(Clone)]
struct Endpoint {
    authority: String,
    host: String,
    port: u16,
    path: String,
    /// `https://`: TLS with the server name taken from the host.
    tls: Option<(
        tokio_rustls::TlsConnector,
        tokio_rustls::rustls::pki_types::ServerName<'static>,
    )>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("authority", &self.authority)
            .field("path", &self.path)
            .field("tls", &self.tls.is_some())
            .finish()
    }
}

/// TLS client configuration shared by every https endpoint (ring provider, Mozilla roots).
fn tls_connector() -> Result<tokio_rustls::TlsConnector, LlmError> {
    use tokio_rustls::rustls;
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    let cfg = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(|e| LlmError::Url(format!("TLS setup: {e}")))?
    .with_root_certificates(roots)
    .with_no_client_auth();
    Ok(tokio_rustls::TlsConnector::from(Arc::new(cfg)))
}

fn parse_endpoint(base: &str) -> Result<Endpoint, LlmError> {
    let uri: http::Uri = base
        .trim_end_matches('/')
        .parse()
        .map_err(|e| LlmError::Url(format!("{base:?}: {e}")))?;
    let https = match uri.scheme_str() {
        Some("http") => false,
        Some("https") => true,
        _ => {
            return Err(LlmError::Url(format!(
                "{base:?}: expected http(s)://host[:port][/prefix]"
            )))
        }
    };
    let host = uri
        .host()
        .ok_or_else(|| LlmError::Url(format!("{base:?}: no host")))?
        .to_owned();
    let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
    let prefix = uri.path().trim_end_matches('/');
    let tls = if https {
        let name = tokio_rustls::rustls::pki_types::ServerName::try_from(
            host.trim_start_matches('[')
                .trim_end_matches(']')
                .to_owned(),
        )
        .map_err(|e| LlmError::Url(format!("{base:?}: server name: {e}")))?;
        Some((tls_connector()?, name))
    } else {
        None
    };
    Ok(Endpoint {
        authority: uri
            .authority()
            .map(|a| a.to_string())
            .unwrap_or_else(|| host.clone()),
        host,
        port,
        path: format!("{prefix}/chat/completions"),
        tls,
    })
}

/// Per-run budget of requests (attempts, retries included) and tokens (as reported by the
/// endpoint's `usage.total_tokens`, else estimated at 4 characters a token).
#[derive(Debug)]
pub struct RunBudget {
    requests_left: AtomicU64,
    tokens_left: AtomicU64,
}

impl RunBudget {
    pub fn new(max_requests: u64, max_tokens: u64) -> Arc<Self> {
        Arc::new(RunBudget {
            requests_left: AtomicU64::new(max_requests),
            tokens_left: AtomicU64::new(max_tokens),
        })
    }
    fn take_request(&self) -> Result<(), LlmError> {
        if self.tokens_left.load(Relaxed) == 0 {
            return Err(LlmError::Budget("tokens"));
        }
        self.requests_left
            .fetch_update(Relaxed, Relaxed, |n| n.checked_sub(1))
            .map(|_| ())
            .map_err(|_| LlmError::Budget("requests"))
    }
    fn spend_tokens(&self, n: u64) {
        let _ = self
            .tokens_left
            .fetch_update(Relaxed, Relaxed, |t| Some(t.saturating_sub(n)));
    }
}

/// The client (cheap to share: one per collector).
pub struct ChatClient {
    cfg: ClientConfig,
    endpoint: Endpoint,
    metrics: Arc<Metrics>,
}

/// One successful completion.
#[derive(Debug, Clone)]
pub struct Completion {
    pub text: String,
    pub tokens: u64,
    pub latency: Duration,
}

impl ChatClient {
    pub fn new(cfg: ClientConfig, metrics: Arc<Metrics>) -> Result<ChatClient, LlmError> {
        let endpoint = parse_endpoint(&cfg.base_url)?;
        Ok(ChatClient {
            cfg,
            endpoint,
            metrics,
        })
    }

    pub fn config(&self) -> &ClientConfig {
        &self.cfg
    }

    /// Ask, retrying transient failures within `budget` and before `deadline`. `validate`
    /// turns the reply text into the caller's value; its `Err(retry, message)` counts as bad
    /// JSON (retried when `retry`).
    pub async fn chat<T>(
        &self,
        messages: &[ChatMessage],
        temperature: f64,
        budget: &RunBudget,
        deadline: tokio::time::Instant,
        validate: impl Fn(&str) -> Result<T, (bool, String)>,
    ) -> Result<(T, Completion), LlmError> {
        let body = serde_json::json!({
            "model": self.cfg.model,
            "messages": messages,
            "temperature": temperature,
            "max_tokens": self.cfg.max_tokens,
            "stream": false,
        });
        let body =
            Bytes::from(serde_json::to_vec(&body).map_err(|e| LlmError::BadJson(e.to_string()))?);
        let mut backoff = self.cfg.backoff;
        let mut attempt = 0u32;
        loop {
            budget.take_request()?;
            let now = tokio::time::Instant::now();
            if now >= deadline {
                return Err(LlmError::Deadline);
            }
            let limit = self.cfg.request_timeout.min(deadline - now);
            self.metrics.llm_requests_total.fetch_add(1, Relaxed);
            let t = Instant::now();
            let res = match tokio::time::timeout(limit, self.once(body.clone())).await {
                Ok(r) => r,
                Err(_) => Err(if tokio::time::Instant::now() >= deadline {
                    LlmError::Deadline
                } else {
                    LlmError::Timeout
                }),
            };
            self.metrics.llm_request_latency.observe(t.elapsed());
            let e = match res {
                Ok(c) => {
                    budget.spend_tokens(c.tokens);
                    self.metrics.llm_tokens_total.fetch_add(c.tokens, Relaxed);
                    match validate(&c.text) {
                        Ok(v) => {
                            return Ok((
                                v,
                                Completion {
                                    latency: t.elapsed(),
                                    ..c
                                },
                            ))
                        }
                        Err((true, m)) => LlmError::BadJson(m),
                        Err((false, m)) => {
                            let e = LlmError::Unusable(m);
                            e.count(&self.metrics);
                            return Err(e);
                        }
                    }
                }
                Err(e) => e,
            };
            e.count(&self.metrics);
            attempt += 1;
            let wait = match &e {
                LlmError::Status {
                    retry_after: Some(r),
                    ..
                } => (*r).min(MAX_RETRY_AFTER).max(backoff),
                _ => backoff,
            };
            if !e.is_retryable()
                || attempt > self.cfg.max_retries
                || tokio::time::Instant::now() + wait >= deadline
            {
                tracing::debug!(error = %e, attempt, "llm call failed; giving up");
                return Err(e);
            }
            self.metrics.llm_retries_total.fetch_add(1, Relaxed);
            tracing::debug!(error = %e, attempt, wait_ms = wait.as_millis() as u64, "llm call failed; retrying");
            tokio::time::sleep(wait).await;
            backoff = (backoff * 2).min(Duration::from_secs(5));
        }
    }

    /// One HTTP attempt.
    async fn once(&self, body: Bytes) -> Result<Completion, LlmError> {
        let ep = &self.endpoint;
        let stream = tokio::net::TcpStream::connect((ep.host.as_str(), ep.port))
            .await
            .map_err(|e| LlmError::Connect(e.to_string()))?;
        let _ = stream.set_nodelay(true);
        let (mut sender, conn) = match &ep.tls {
            None => {
                let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
                    .await
                    .map_err(|e| LlmError::Http(e.to_string()))?;
                (
                    sender,
                    tokio::spawn(async move {
                        let _ = conn.await;
                    }),
                )
            }
            Some((connector, name)) => {
                let tls = connector
                    .connect(name.clone(), stream)
                    .await
                    .map_err(|e| LlmError::Connect(format!("TLS: {e}")))?;
                let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tls))
                    .await
                    .map_err(|e| LlmError::Http(e.to_string()))?;
                (
                    sender,
                    tokio::spawn(async move {
                        let _ = conn.await;
                    }),
                )
            }
        };
        let mut req = http::Request::post(ep.path.as_str())
            .header(http::header::HOST, ep.authority.as_str())
            .header(http::header::CONTENT_TYPE, "application/json")
            .header(http::header::ACCEPT, "application/json");
        if let Some(k) = &self.cfg.api_key {
            req = req.header(http::header::AUTHORIZATION, format!("Bearer {k}"));
        }
        let req = req
            .body(Full::new(body))
            .map_err(|e| LlmError::Http(e.to_string()))?;
        let result = async {
            let resp = sender
                .send_request(req)
                .await
                .map_err(|e| LlmError::Http(e.to_string()))?;
            let status = resp.status().as_u16();
            let retry_after = resp
                .headers()
                .get(http::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(Duration::from_secs);
            let bytes = Limited::new(resp.into_body(), MAX_REPLY_BYTES)
                .collect()
                .await
                .map_err(|e| LlmError::Http(e.to_string()))?
                .to_bytes();
            if status != 200 {
                let text: String = String::from_utf8_lossy(&bytes).chars().take(300).collect();
                return Err(LlmError::Status {
                    status,
                    body: text,
                    retry_after,
                });
            }
            parse_completion(&bytes)
        }
        .await;
        conn.abort();
        result
    }
}

/// `choices[0].message.content` and `usage.total_tokens` of a chat-completions reply.
fn parse_completion(bytes: &[u8]) -> Result<Completion, LlmError> {
    let v: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|e| LlmError::BadJson(format!("reply is not JSON: {e}")))?;
    let text = v["choices"][0]["message"]["content"]
        .as_str()
        .ok_or_else(|| LlmError::BadJson("reply has no choices[0].message.content".into()))?
        .to_owned();
    let tokens = v["usage"]["total_tokens"]
        .as_u64()
        .unwrap_or((bytes.len() as u64) / 4);
    Ok(Completion {
        text,
        tokens,
        latency: Duration::ZERO,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints() {
        let e = parse_endpoint("http://127.0.0.1:8089/v1/").unwrap();
        assert_eq!(
            (e.host.as_str(), e.port, e.path.as_str()),
            ("127.0.0.1", 8089, "/v1/chat/completions")
        );
        assert_eq!(
            parse_endpoint("http://localhost").unwrap().path,
            "/chat/completions"
        );
        let e = parse_endpoint("https://api.example.com/v1").unwrap();
        assert_eq!(
            (e.host.as_str(), e.port, e.path.as_str(), e.tls.is_some()),
            ("api.example.com", 443, "/v1/chat/completions", true)
        );
        assert!(parse_endpoint("http://localhost").unwrap().tls.is_none());
        assert!(parse_endpoint("ftp://example.com").is_err());
        assert!(parse_endpoint("not a url").is_err());
    }

    /// An https endpoint whose server does not speak TLS (here: plain HTTP) fails the
    /// handshake with a connect error naming TLS — it never falls back to plaintext.
    #[test]
    fn https_requires_a_tls_handshake() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let port = listener.local_addr().unwrap().port();
            tokio::spawn(async move {
                use tokio::io::AsyncWriteExt;
                while let Ok((mut s, _)) = listener.accept().await {
                    let _ = s
                        .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}")
                        .await;
                }
            });
            let cfg = ClientConfig {
                base_url: format!("https://localhost:{port}/v1"),
                model: "m".into(),
                api_key: None,
                request_timeout: Duration::from_secs(5),
                max_retries: 0,
                backoff: Duration::from_millis(10),
                max_tokens: 8,
            };
            let c = ChatClient::new(cfg, Arc::new(Metrics::default())).unwrap();
            match c.once(Bytes::from_static(b"{}")).await {
                Err(LlmError::Connect(m)) => assert!(m.starts_with("TLS"), "{m}"),
                other => panic!("expected a TLS connect error, got {other:?}"),
            }
        });
    }

    #[test]
    fn completions() {
        let c = parse_completion(
            br#"{"choices":[{"message":{"content":"412"}}],"usage":{"total_tokens":9}}"#,
        )
        .unwrap();
        assert_eq!((c.text.as_str(), c.tokens), ("412", 9));
        assert!(matches!(parse_completion(b"{}"), Err(LlmError::BadJson(_))));
        assert!(matches!(
            parse_completion(b"<html>"),
            Err(LlmError::BadJson(_))
        ));
    }

    #[test]
    fn budget() {
        let b = RunBudget::new(2, 100);
        assert!(b.take_request().is_ok() && b.take_request().is_ok());
        assert!(matches!(
            b.take_request(),
            Err(LlmError::Budget("requests"))
        ));
        let b = RunBudget::new(5, 10);
        b.spend_tokens(50);
        assert!(matches!(b.take_request(), Err(LlmError::Budget("tokens"))));
    }
}
