//! OpenTelemetry output: groundcheck speaks OTLP back.
//!
//! - [`evaluations`]: every report becomes `gen_ai.evaluation.result` events in the run's own
//!   trace (log records with that event name, and/or evaluation spans for trace-only
//!   backends), written by a [`groundcheck_sinks::ReportSink`] so that they are acknowledged,
//!   retried and counted like every other output.
//! - [`forward`]: groundcheck as a pipeline stage: every accepted span is forwarded unchanged
//!   to the next OTLP hop (bounded queue, batches, retries with backoff, back-pressure to the
//!   receivers instead of loss; Kafka offsets commit only after forwarding).
//! - [`selftelemetry`]: groundcheck's own work per run as spans, and its `/metrics` counters,
//!   over OTLP.
//!
//! [`transport`] holds what the three share: an OTLP destination ([`OtlpTarget`]: endpoint,
//! protocol, headers, compression, timeout, TLS as in the OTel exporter conventions), a tonic
//! channel and an HTTP client for it.

pub mod evaluations;
pub mod forward;
pub mod selftelemetry;
pub mod transport;

use crate::client_tls::ClientTlsArgs;
use std::time::Duration;

/// OTLP transport of a destination (the exporter conventions' `grpc` and `http/protobuf`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize, clap::ValueEnum)]
pub enum OtlpProtocol {
    #[default]
    #[serde(rename = "grpc")]
    #[value(name = "grpc")]
    Grpc,
    #[serde(rename = "http/protobuf")]
    #[value(name = "http/protobuf")]
    HttpProtobuf,
}

/// One OTLP destination, as the OTel exporter conventions configure one.
#[derive(Debug, Clone)]
pub struct OtlpTarget {
    /// gRPC: `http(s)://host:port`. HTTP: the base URL (`http(s)://host:port[/prefix]`); the
    /// signal path (`/v1/traces`, `/v1/logs`, `/v1/metrics`) is appended.
    pub endpoint: String,
    pub protocol: OtlpProtocol,
    /// Sent with every request (gRPC metadata or HTTP headers), e.g. an `authorization`.
    pub headers: Vec<(String, String)>,
    pub gzip: bool,
    /// Limit per export request.
    pub timeout: Duration,
    /// `https://` endpoints: the CA bundle (default: the Mozilla roots) and a client
    /// certificate for mTLS.
    pub tls: ClientTlsArgs,
}

/// Errors configuring an OTLP destination.
#[derive(Debug, thiserror::Error)]
pub enum OtelError {
    #[error("invalid OTLP endpoint {endpoint:?}: {detail}")]
    Endpoint { endpoint: String, detail: String },
    #[error("invalid OTLP header {0:?}: expected key=value")]
    Header(String),
    #[error("OTLP TLS: {0}")]
    Tls(#[from] crate::client_tls::ClientTlsError),
    #[error("cannot build the OTLP exporter: {0}")]
    Exporter(String),
}

impl OtlpTarget {
    /// The URL of one signal: gRPC endpoints are used as given; HTTP ones get `path`
    /// (`/v1/logs`, …) appended unless they already end with it.
    pub fn signal_url(&self, path: &str) -> String {
        match self.protocol {
            OtlpProtocol::Grpc => self.endpoint.clone(),
            OtlpProtocol::HttpProtobuf => {
                let base = self.endpoint.trim_end_matches('/');
                if base.ends_with(path) {
                    base.to_owned()
                } else {
                    format!("{base}{path}")
                }
            }
        }
    }

    /// Check the endpoint: an `http://` or `https://` URL with a host.
    pub fn validate(&self) -> Result<(), OtelError> {
        let bad = |detail: &str| OtelError::Endpoint {
            endpoint: self.endpoint.clone(),
            detail: detail.to_owned(),
        };
        let uri: http::Uri = self.endpoint.parse().map_err(|_| bad("not a URL"))?;
        match uri.scheme_str() {
            Some("http") | Some("https") => {}
            _ => return Err(bad("the scheme must be http:// or https://")),
        }
        if uri.host().is_none() {
            return Err(bad("no host"));
        }
        Ok(())
    }
}

/// Parse OTLP exporter headers, `key1=value1,key2=value2` (the `OTEL_EXPORTER_OTLP_HEADERS`
/// format; values may be percent-encoded). Keys are lower-cased.
pub fn parse_headers(s: &str) -> Result<Vec<(String, String)>, OtelError> {
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| OtelError::Header(part.to_owned()))?;
        let k = k.trim().to_ascii_lowercase();
        if k.is_empty() {
            return Err(OtelError::Header(part.to_owned()));
        }
        let v = percent_encoding::percent_decode_str(v.trim()).decode_utf8_lossy();
        out.push((k, v.into_owned()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_in_the_exporter_format() {
        let h = parse_headers("Authorization=Bearer%20abc, x-tenant = a=b ,").unwrap();
        assert_eq!(
            h,
            vec![
                ("authorization".to_owned(), "Bearer abc".to_owned()),
                ("x-tenant".to_owned(), "a=b".to_owned())
            ]
        );
        assert!(parse_headers("novalue").is_err());
        assert!(parse_headers("=v").is_err());
        assert_eq!(parse_headers("k=%zz%4").unwrap()[0].1, "%zz%4");
    }

    #[test]
    fn http_signal_urls_follow_the_exporter_rules() {
        let mut t = OtlpTarget {
            endpoint: "http://h:4318/".into(),
            protocol: OtlpProtocol::HttpProtobuf,
            headers: vec![],
            gzip: false,
            timeout: Duration::from_secs(1),
            tls: Default::default(),
        };
        assert_eq!(t.signal_url("/v1/logs"), "http://h:4318/v1/logs");
        t.endpoint = "http://h:6006/v1/traces".into();
        assert_eq!(t.signal_url("/v1/traces"), "http://h:6006/v1/traces");
        t.protocol = OtlpProtocol::Grpc;
        t.endpoint = "http://h:4317".into();
        assert_eq!(t.signal_url("/v1/logs"), "http://h:4317");
        assert!(t.validate().is_ok());
        t.endpoint = "h:4317".into();
        assert!(t.validate().is_err());
    }
}
