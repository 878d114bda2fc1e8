//! Connections to an [`OtlpTarget`]: a lazily connecting tonic channel (TLS by the operator's
//! CA and client certificate, as `send` does), an HTTP/1.1 client that the OpenTelemetry
//! exporters use through [`opentelemetry_http::HttpClient`], and the `opentelemetry-otlp`
//! exporters (spans, logs, metrics) built on them.
//!
//! Contract of [`HyperClient`]: one request at a time per client on one kept-alive
//! connection (re-opened after an error), each bounded by the target's timeout; the response
//! body is read whole, at most 4 MiB. The work runs on the Tokio runtime the client was made
//! on, so the SDK may call it from its own threads.

use super::{OtelError, OtlpProtocol, OtlpTarget};
use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use opentelemetry_http::{HttpClient, HttpError, Request, Response};
use opentelemetry_otlp::{WithExportConfig, WithHttpConfig, WithTonicConfig};
use std::sync::Arc;
use tokio_rustls::TlsConnector;

/// Largest response body read from an OTLP endpoint.
const MAX_RESPONSE: usize = 4 << 20;

/// A tonic channel to a gRPC target; connects on first use and reconnects by itself.
pub fn grpc_channel(t: &OtlpTarget) -> Result<tonic::transport::Channel, OtelError> {
    t.validate()?;
    let bad = |detail: String| OtelError::Endpoint {
        endpoint: t.endpoint.clone(),
        detail,
    };
    if t.endpoint.starts_with("https://") {
        let connector = t.tls.connector(&[b"h2"])?;
        let uri: http::Uri = t.endpoint.parse().map_err(|e| bad(format!("{e}")))?;
        let host = uri.host().unwrap_or("localhost").to_owned();
        let port = uri.port_u16().unwrap_or(443);
        // tonic wants an http:// URI with a custom connector; the connector does the TLS.
        Ok(
            tonic::transport::Endpoint::from_shared(format!("http://{host}:{port}"))
                .map_err(|e| bad(e.to_string()))?
                .timeout(t.timeout)
                .connect_with_connector_lazy(tower::service_fn(move |_: http::Uri| {
                    let connector = connector.clone();
                    let host = host.clone();
                    async move {
                        crate::client_tls::connect(&connector, &host, port)
                            .await
                            .map(TokioIo::new)
                            .map_err(std::io::Error::other)
                    }
                })),
        )
    } else {
        Ok(tonic::transport::Endpoint::from_shared(t.endpoint.clone())
            .map_err(|e| bad(e.to_string()))?
            .timeout(t.timeout)
            .connect_lazy())
    }
}

/// The target's headers as gRPC metadata.
pub fn metadata(t: &OtlpTarget) -> Result<tonic::metadata::MetadataMap, OtelError> {
    let mut m = tonic::metadata::MetadataMap::new();
    for (k, v) in &t.headers {
        let key = tonic::metadata::MetadataKey::from_bytes(k.as_bytes())
            .map_err(|_| OtelError::Header(k.clone()))?;
        let val = v.parse().map_err(|_| OtelError::Header(k.clone()))?;
        m.insert(key, val);
    }
    Ok(m)
}

/// HTTP/1.1 client of one target (see the module contract).
#[derive(Clone)]
pub struct HyperClient {
    handle: tokio::runtime::Handle,
    tls: Option<TlsConnector>,
    timeout: std::time::Duration,
    conn: Arc<tokio::sync::Mutex<Option<SendRequest<Full<Bytes>>>>>,
}

impl std::fmt::Debug for HyperClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HyperClient")
            .field("tls", &self.tls.is_some())
            .finish()
    }
}

impl HyperClient {
    /// A client for `t`; must be called inside a Tokio runtime.
    pub fn new(t: &OtlpTarget) -> Result<HyperClient, OtelError> {
        t.validate()?;
        let tls = if t.endpoint.starts_with("https://") {
            Some(t.tls.connector(&[b"http/1.1"])?)
        } else {
            None
        };
        Ok(HyperClient {
            handle: tokio::runtime::Handle::current(),
            tls,
            timeout: t.timeout,
            conn: Arc::new(tokio::sync::Mutex::new(None)),
        })
    }

    async fn connect(&self, uri: &http::Uri) -> Result<SendRequest<Full<Bytes>>, HttpError> {
        let host = uri.host().ok_or("URL without a host")?.to_owned();
        let https = uri.scheme_str() == Some("https");
        let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
        let sender = match (&self.tls, https) {
            (Some(tls), true) => {
                let stream = crate::client_tls::connect(tls, &host, port).await?;
                let (s, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
                tokio::spawn(conn);
                s
            }
            (None, true) => return Err("https:// endpoint without a TLS configuration".into()),
            _ => {
                let stream = tokio::net::TcpStream::connect((host.as_str(), port)).await?;
                let _ = stream.set_nodelay(true);
                let (s, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
                tokio::spawn(conn);
                s
            }
        };
        Ok(sender)
    }

    /// Send one request on the kept-alive connection (opened, or re-opened, as needed).
    pub async fn send(&self, request: Request<Bytes>) -> Result<Response<Bytes>, HttpError> {
        let (mut parts, body) = request.into_parts();
        if !parts.headers.contains_key(http::header::HOST) {
            if let Some(a) = parts.uri.authority() {
                parts
                    .headers
                    .insert(http::header::HOST, a.as_str().parse()?);
            }
        }
        let uri = parts.uri.clone();
        // HTTP/1.1 on a bare connection takes the path, not the absolute URI.
        parts.uri = uri
            .path_and_query()
            .map(|p| p.as_str())
            .unwrap_or("/")
            .parse()?;
        let req = Request::from_parts(parts, Full::new(body));
        let mut guard = self.conn.lock().await;
        let mut sender = match guard.take() {
            Some(s) if !s.is_closed() => s,
            _ => self.connect(&uri).await?,
        };
        sender.ready().await?;
        let resp = sender.send_request(req).await?;
        let (parts, body) = resp.into_parts();
        let body = Limited::new(body, MAX_RESPONSE)
            .collect()
            .await
            .map_err(|e| -> HttpError { format!("reading the response: {e}").into() })?
            .to_bytes();
        *guard = Some(sender);
        Ok(Response::from_parts(parts, body))
    }
}

#[async_trait::async_trait]
impl HttpClient for HyperClient {
    async fn send_bytes(&self, request: Request<Bytes>) -> Result<Response<Bytes>, HttpError> {
        let this = self.clone();
        let timeout = self.timeout;
        self.handle
            .spawn(async move {
                match tokio::time::timeout(timeout, this.send(request)).await {
                    Ok(r) => r,
                    Err(_) => {
                        // A timed-out request leaves the connection in an unknown state.
                        *this.conn.lock().await = None;
                        Err(format!("no answer within {timeout:?}").into())
                    }
                }
            })
            .await
            .map_err(|e| -> HttpError { format!("HTTP task failed: {e}").into() })?
    }
}

/// The `opentelemetry-otlp` exporter of one signal for `t`: tonic on [`grpc_channel`], or
/// HTTP/protobuf on a [`HyperClient`] at the signal's URL.
macro_rules! exporter {
    ($name:ident, $ty:ty, $path:literal) => {
        pub fn $name(t: &OtlpTarget) -> Result<$ty, OtelError> {
            let b = <$ty>::builder();
            let built = match t.protocol {
                OtlpProtocol::Grpc => {
                    let b = b
                        .with_tonic()
                        .with_channel(grpc_channel(t)?)
                        .with_metadata(metadata(t)?)
                        .with_timeout(t.timeout);
                    if t.gzip {
                        b.with_compression(opentelemetry_otlp::Compression::Gzip)
                            .build()
                    } else {
                        b.build()
                    }
                }
                OtlpProtocol::HttpProtobuf => {
                    let b = b
                        .with_http()
                        .with_http_client(HyperClient::new(t)?)
                        .with_endpoint(t.signal_url($path))
                        .with_protocol(opentelemetry_otlp::Protocol::HttpBinary)
                        .with_headers(t.headers.iter().cloned().collect())
                        .with_timeout(t.timeout);
                    if t.gzip {
                        b.with_compression(opentelemetry_otlp::Compression::Gzip)
                            .build()
                    } else {
                        b.build()
                    }
                }
            };
            built.map_err(|e| OtelError::Exporter(e.to_string()))
        }
    };
}

exporter!(
    span_exporter,
    opentelemetry_otlp::SpanExporter,
    "/v1/traces"
);
exporter!(log_exporter, opentelemetry_otlp::LogExporter, "/v1/logs");
exporter!(
    metric_exporter,
    opentelemetry_otlp::MetricExporter,
    "/v1/metrics"
);
