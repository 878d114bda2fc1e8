//! `groundcheck send FILE…`: send OTLP trace files to a collector (groundcheck or any OTLP
//! endpoint) over gRPC, HTTP/protobuf or HTTP/JSON, and print what it answered — the
//! `telemetrygen`/`otel-cli`-style helper for one's own recorded runs.
//!
//! Input: OTLP/JSON (one `ExportTraceServiceRequest` per line, or one document per file — the
//! OpenTelemetry Collector file-exporter format `check` reads) or binary OTLP protobuf (one
//! `ExportTraceServiceRequest` per file); `-` reads stdin. Each request is sent as it is; the
//! answer (accepted, partial success with the rejected span count and message, or the error
//! with its status and `Retry-After`) is printed one line per request.

use groundcheck_proto::otlp::collector::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use prost::Message;
use std::io::{Read, Write};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SendProtocol {
    /// OTLP/gRPC (default endpoint http://127.0.0.1:4317).
    Grpc,
    /// OTLP/HTTP with a protobuf body (default endpoint http://127.0.0.1:4318/v1/traces).
    HttpProtobuf,
    /// OTLP/HTTP with a JSON body (JSON input only; sent as read).
    HttpJson,
}

#[derive(clap::Args, Debug, Clone)]
pub struct SendArgs {
    /// OTLP/JSON files (one request per line, or one document) or binary OTLP protobuf files
    /// (one request each); `-` for stdin.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "grpc")]
    pub protocol: SendProtocol,
    /// Where to send: `http://HOST:PORT` for gRPC, the full URL (`…/v1/traces`) for HTTP.
    #[arg(long)]
    pub endpoint: Option<String>,
    /// Extra header / gRPC metadata `NAME=VALUE` (repeatable), e.g. `authorization=Bearer …`.
    #[arg(long = "header", value_parser = parse_header)]
    pub headers: Vec<(String, String)>,
    /// Compress requests with gzip.
    #[arg(long)]
    pub gzip: bool,
    /// TLS for `https://` endpoints.
    #[command(flatten)]
    pub tls: crate::client_tls::ClientTlsArgs,
}

fn parse_header(s: &str) -> Result<(String, String), String> {
    let (k, v) = s
        .split_once('=')
        .or_else(|| s.split_once(':'))
        .ok_or_else(|| format!("expected NAME=VALUE, got {s:?}"))?;
    let k = k.trim().to_ascii_lowercase();
    if k.is_empty() {
        return Err(format!("empty header name in {s:?}"));
    }
    Ok((k, v.trim().to_owned()))
}

#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {detail}")]
    Decode { path: String, detail: String },
    #[error("{path}: binary OTLP protobuf cannot be sent as OTLP/JSON; use --protocol grpc or http-protobuf")]
    NotJson { path: String },
    #[error("bad endpoint {0:?} (expected http[s]://HOST:PORT[/PATH])")]
    Endpoint(String),
    #[error("cannot connect to {endpoint}: {detail}")]
    Connect { endpoint: String, detail: String },
}

/// One request read from a file, with the bytes to send as OTLP/JSON when it was JSON.
struct Item {
    origin: String,
    request: ExportTraceServiceRequest,
    json: Option<Vec<u8>>,
}

fn read(path: &PathBuf) -> Result<(String, Vec<u8>), SendError> {
    let name = path.display().to_string();
    let mut buf = Vec::new();
    let r = if name == "-" {
        std::io::stdin().read_to_end(&mut buf).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut buf).map(|_| ()))
    };
    r.map_err(|source| SendError::Read {
        path: name.clone(),
        source,
    })?;
    Ok((name, buf))
}

/// The requests of one file: JSON when its first non-blank byte is `{`, protobuf otherwise.
fn items(name: &str, data: &[u8]) -> Result<Vec<Item>, SendError> {
    let first = data.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'{') {
        let request = ExportTraceServiceRequest::decode(data).map_err(|e| SendError::Decode {
            path: name.to_owned(),
            detail: format!("neither OTLP/JSON nor OTLP protobuf: {e}"),
        })?;
        return Ok(vec![Item {
            origin: name.to_owned(),
            request,
            json: None,
        }]);
    }
    let mut out = Vec::new();
    let mut bad = None;
    for (i, line) in data.split(|b| *b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match groundcheck_proto::json::decode_export_request(line) {
            Ok(request) => out.push(Item {
                origin: format!("{name}:{}", i + 1),
                request,
                json: Some(line.to_vec()),
            }),
            Err(e) => {
                bad.get_or_insert((i + 1, e.to_string()));
            }
        }
    }
    match bad {
        None => Ok(out),
        Some((line, detail)) => {
            // Not JSON Lines: maybe one pretty-printed document.
            if let Ok(request) = groundcheck_proto::json::decode_export_request(data) {
                return Ok(vec![Item {
                    origin: name.to_owned(),
                    request,
                    json: Some(data.to_vec()),
                }]);
            }
            Err(SendError::Decode {
                path: name.to_owned(),
                detail: format!("line {line}: {detail}"),
            })
        }
    }
}

fn span_count(r: &ExportTraceServiceRequest) -> usize {
    r.resource_spans
        .iter()
        .flat_map(|rs| &rs.scope_spans)
        .map(|ss| ss.spans.len())
        .sum()
}

/// How a response reads; `ok` is false for anything but full or partial acceptance.
fn describe(resp: &ExportTraceServiceResponse) -> String {
    match &resp.partial_success {
        Some(p) if p.rejected_spans > 0 || !p.error_message.is_empty() => format!(
            "partial success: {} spans rejected: {}",
            p.rejected_spans, p.error_message
        ),
        _ => "accepted".to_owned(),
    }
}

/// An OTLP/HTTP export request: `POST path` with the content type of the encoding and
/// `Content-Encoding: gzip` when the body is compressed (also used by `loadgen`).
pub fn otlp_http_request(path: &str, host: &str, json: bool, gzip: bool) -> http::request::Builder {
    let b = http::Request::post(path).header("host", host).header(
        "content-type",
        if json {
            "application/json"
        } else {
            "application/x-protobuf"
        },
    );
    if gzip {
        b.header("content-encoding", "gzip")
    } else {
        b
    }
}

/// A gzip body (fast compression: `send` and `loadgen` favour throughput over ratio).
pub fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let _ = e.write_all(data);
    e.finish().unwrap_or_default()
}

/// Send every request; returns the lines printed and whether every request was accepted.
pub async fn run(args: SendArgs) -> Result<(String, bool), SendError> {
    let mut all = Vec::new();
    for f in &args.files {
        let (name, data) = read(f)?;
        let its = items(&name, &data)?;
        if args.protocol == SendProtocol::HttpJson {
            if let Some(i) = its.iter().find(|i| i.json.is_none()) {
                return Err(SendError::NotJson {
                    path: i.origin.clone(),
                });
            }
        }
        all.extend(its);
    }
    let mut out = String::new();
    let mut ok = true;
    match args.protocol {
        SendProtocol::Grpc => {
            let ep = args
                .endpoint
                .clone()
                .unwrap_or_else(|| "http://127.0.0.1:4317".into());
            let ep = if ep.contains("://") {
                ep
            } else {
                format!("http://{ep}")
            };
            let connect_err = |detail: String| SendError::Connect {
                endpoint: ep.clone(),
                detail,
            };
            let channel = if ep.starts_with("https://") {
                let tls = args
                    .tls
                    .connector(&[b"h2"])
                    .map_err(|e| connect_err(e.to_string()))?;
                crate::client_tls::grpc_channel(&ep, tls)
                    .await
                    .map_err(connect_err)?
            } else {
                tonic::transport::Endpoint::from_shared(ep.clone())
                    .map_err(|e| connect_err(e.to_string()))?
                    .connect()
                    .await
                    .map_err(|e| connect_err(e.to_string()))?
            };
            let mut client = TraceServiceClient::new(channel).max_encoding_message_size(256 << 20);
            if args.gzip {
                client = client.send_compressed(tonic::codec::CompressionEncoding::Gzip);
            }
            for it in all {
                let n = span_count(&it.request);
                let mut req = tonic::Request::new(it.request);
                for (k, v) in &args.headers {
                    match (
                        tonic::metadata::MetadataKey::from_bytes(k.as_bytes()),
                        v.parse(),
                    ) {
                        (Ok(k), Ok(v)) => {
                            req.metadata_mut().insert(k, v);
                        }
                        _ => {
                            return Err(SendError::Decode {
                                path: "--header".into(),
                                detail: format!("{k} is not valid gRPC metadata"),
                            })
                        }
                    }
                }
                let line = match client.export(req).await {
                    Ok(r) => format!("{} ({n} spans): {}", it.origin, describe(r.get_ref())),
                    Err(s) => {
                        ok = false;
                        format!(
                            "{} ({n} spans): refused: gRPC {:?}: {}",
                            it.origin,
                            s.code(),
                            s.message()
                        )
                    }
                };
                out.push_str(&line);
                out.push('\n');
            }
        }
        SendProtocol::HttpProtobuf | SendProtocol::HttpJson => {
            let json = args.protocol == SendProtocol::HttpJson;
            let ep = args
                .endpoint
                .clone()
                .unwrap_or_else(|| "http://127.0.0.1:4318/v1/traces".into());
            let uri: http::Uri = ep.parse().map_err(|_| SendError::Endpoint(ep.clone()))?;
            let https = match uri.scheme_str() {
                Some("http") => false,
                Some("https") => true,
                _ => return Err(SendError::Endpoint(ep)),
            };
            let authority = uri
                .authority()
                .ok_or_else(|| SendError::Endpoint(ep.clone()))?
                .clone();
            let host = authority.host();
            let port = authority.port_u16().unwrap_or(if https { 443 } else { 80 });
            let path = match uri.path() {
                "" | "/" => "/v1/traces".to_owned(),
                p => p.to_owned(),
            };
            let connect_err = |e: String| SendError::Connect {
                endpoint: ep.clone(),
                detail: e,
            };
            let mut sender = if https {
                let tls = args
                    .tls
                    .connector(&[b"http/1.1"])
                    .map_err(|e| connect_err(e.to_string()))?;
                let stream = crate::client_tls::connect(&tls, host, port)
                    .await
                    .map_err(connect_err)?;
                let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
                    .await
                    .map_err(|e| connect_err(e.to_string()))?;
                tokio::spawn(conn);
                sender
            } else {
                let stream = tokio::net::TcpStream::connect((host, port))
                    .await
                    .map_err(|e| connect_err(e.to_string()))?;
                let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
                    .await
                    .map_err(|e| connect_err(e.to_string()))?;
                tokio::spawn(conn);
                sender
            };
            for it in all {
                let n = span_count(&it.request);
                let body = match &it.json {
                    Some(j) if json => j.clone(),
                    _ => it.request.encode_to_vec(),
                };
                let body = if args.gzip { gzip(&body) } else { body };
                let mut b = otlp_http_request(&path, authority.as_str(), json, args.gzip);
                for (k, v) in &args.headers {
                    b = b.header(k.as_str(), v.as_str());
                }
                let req =
                    b.body(Full::new(bytes::Bytes::from(body)))
                        .map_err(|e| SendError::Decode {
                            path: "--header".into(),
                            detail: e.to_string(),
                        })?;
                let line = match sender.send_request(req).await {
                    Ok(resp) => {
                        let status = resp.status();
                        let retry = resp
                            .headers()
                            .get("retry-after")
                            .and_then(|v| v.to_str().ok())
                            .map(|v| format!(" (Retry-After: {v} s)"))
                            .unwrap_or_default();
                        let body = resp
                            .into_body()
                            .collect()
                            .await
                            .map(|b| b.to_bytes())
                            .unwrap_or_default();
                        if status.is_success() {
                            let answer = if json {
                                let text = String::from_utf8_lossy(&body);
                                if text.contains("partialSuccess") {
                                    format!("partial success: {}", text.trim())
                                } else {
                                    "accepted".to_owned()
                                }
                            } else {
                                ExportTraceServiceResponse::decode(&body[..])
                                    .map(|r| describe(&r))
                                    .unwrap_or_else(|_| "accepted".to_owned())
                            };
                            format!(
                                "{} ({n} spans): HTTP {}: {answer}",
                                it.origin,
                                status.as_u16()
                            )
                        } else {
                            ok = false;
                            format!(
                                "{} ({n} spans): refused: HTTP {}{retry}: {}",
                                it.origin,
                                status.as_u16(),
                                String::from_utf8_lossy(&body).trim()
                            )
                        }
                    }
                    Err(e) => {
                        ok = false;
                        format!("{} ({n} spans): error: {e}", it.origin)
                    }
                };
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    Ok((out, ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_parse_and_lowercase() {
        assert_eq!(
            parse_header("Authorization=Bearer abc").unwrap(),
            ("authorization".into(), "Bearer abc".into())
        );
        assert_eq!(
            parse_header("x-tenant: a").unwrap(),
            ("x-tenant".into(), "a".into())
        );
        assert!(parse_header("novalue").is_err());
        assert!(parse_header("=v").is_err());
    }

    #[test]
    fn json_lines_documents_and_protobuf_are_told_apart() {
        let doc = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/agent-run.json"
        ))
        .unwrap();
        let one = items("doc", &doc).unwrap();
        assert_eq!(one.len(), 1);
        assert!(span_count(&one[0].request) > 0);
        let pb = one[0].request.encode_to_vec();
        let back = items("pb", &pb).unwrap();
        assert_eq!(back[0].request, one[0].request);
        assert!(back[0].json.is_none());
        assert!(matches!(
            items("bad", b"{not json"),
            Err(SendError::Decode { .. })
        ));
    }
}
