//! OTLP/HTTP receiver: `POST /v1/traces` with `application/x-protobuf` or `application/json`,
//! optionally `Content-Encoding: gzip`.
//!
//! | situation | answer |
//! |---|---|
//! | accepted (some spans unusable) | 200, `partial_success.rejected_spans` + `error_message` |
//! | body not decodable | 400, `google.rpc.Status` in the request's encoding |
//! | unsupported content type / encoding | 415 |
//! | body above `max_body_bytes` after decompression | 413 |
//! | missing or invalid bearer token (with `--auth-tokens-file`) | 401 + `WWW-Authenticate: Bearer` |
//! | ingest queue full | 429 + `Retry-After` |
//! | shutting down | 503 + `Retry-After` |
//!
//! Responses use the request's encoding (protobuf or JSON).

use super::{Ingest, Refused};
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use groundcheck_proto::otlp::collector::{
    ExportTracePartialSuccess, ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message;
use std::io::Read;
use std::sync::atomic::Ordering::Relaxed;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Encoding {
    Protobuf,
    Json,
}

/// `google.rpc.Status` (code + message), the OTLP/HTTP error body.
#[derive(Clone, PartialEq, prost::Message)]
struct RpcStatus {
    #[prost(int32, tag = "1")]
    code: i32,
    #[prost(string, tag = "2")]
    message: String,
}

pub fn router(ingest: Ingest) -> Router {
    Router::new()
        .route("/v1/traces", post(export))
        .with_state(ingest)
}

fn content_type(headers: &HeaderMap) -> Option<Encoding> {
    let ct = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let mime = ct.split(';').next()?.trim().to_ascii_lowercase();
    match mime.as_str() {
        "application/x-protobuf" | "application/protobuf" => Some(Encoding::Protobuf),
        "application/json" => Some(Encoding::Json),
        _ => None,
    }
}

fn error(enc: Encoding, status: StatusCode, grpc_code: i32, message: String) -> Response {
    let (ct, body) = match enc {
        Encoding::Json => (
            "application/json",
            serde_json::json!({"code": grpc_code, "message": message})
                .to_string()
                .into_bytes(),
        ),
        Encoding::Protobuf => (
            "application/x-protobuf",
            RpcStatus {
                code: grpc_code,
                message,
            }
            .encode_to_vec(),
        ),
    };
    (status, [(header::CONTENT_TYPE, ct)], body).into_response()
}

fn with_retry_after(mut r: Response, secs: u64) -> Response {
    if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
    r
}

/// A 401 with the challenge RFC 6750 asks for.
pub fn unauthorized(mut r: Response) -> Response {
    r.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer realm=\"groundcheck\""),
    );
    r
}

/// Errors of reading a request body.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    #[error("request body exceeds the limit of {0} bytes")]
    TooLarge(usize),
    #[error("unsupported Content-Encoding {0:?} (supported: gzip, identity)")]
    UnsupportedEncoding(String),
    #[error("body is not valid gzip: {0}")]
    BadGzip(std::io::Error),
}

/// Decompress (if needed) with the limit applied to the decompressed size.
pub fn decode_body(headers: &HeaderMap, body: Bytes, limit: usize) -> Result<Bytes, BodyError> {
    let enc = headers
        .get(header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("identity")
        .trim()
        .to_ascii_lowercase();
    match enc.as_str() {
        "" | "identity" => {
            if body.len() > limit {
                return Err(BodyError::TooLarge(limit));
            }
            Ok(body)
        }
        "gzip" | "x-gzip" => {
            let mut out = Vec::with_capacity((body.len() * 4).min(limit));
            let mut dec = flate2::read::MultiGzDecoder::new(&body[..]).take(limit as u64 + 1);
            dec.read_to_end(&mut out).map_err(BodyError::BadGzip)?;
            if out.len() > limit {
                return Err(BodyError::TooLarge(limit));
            }
            Ok(Bytes::from(out))
        }
        other => Err(BodyError::UnsupportedEncoding(other.to_owned())),
    }
}

async fn export(State(ingest): State<Ingest>, headers: HeaderMap, body: Body) -> Response {
    let m = ingest.metrics();
    m.receiver_http_requests_total.fetch_add(1, Relaxed);
    // Authenticate before reading the body: an unauthenticated client costs no decoding.
    let tenant = match ingest.authenticate(
        "http",
        headers
            .get(header::AUTHORIZATION)
            .map(HeaderValue::as_bytes),
    ) {
        Ok(t) => t,
        Err(f) => {
            let enc = content_type(&headers).unwrap_or(Encoding::Json);
            return unauthorized(error(enc, StatusCode::UNAUTHORIZED, 16, f.message().into()));
        }
    };
    let Some(enc) = content_type(&headers) else {
        m.receiver_requests_invalid_total.fetch_add(1, Relaxed);
        let got = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("none")
            .to_owned();
        return error(
            Encoding::Json,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            3,
            format!(
                "unsupported Content-Type {got:?}: use application/x-protobuf or application/json"
            ),
        );
    };
    // The wire body may not exceed the limit either (a compressed body is smaller).
    let raw = match axum::body::to_bytes(body, ingest.max_body_bytes).await {
        Ok(b) => b,
        Err(e) => {
            m.receiver_requests_too_large_total.fetch_add(1, Relaxed);
            return error(
                enc,
                StatusCode::PAYLOAD_TOO_LARGE,
                8,
                format!(
                    "request body exceeds the limit of {} bytes: {e}",
                    ingest.max_body_bytes
                ),
            );
        }
    };
    let bytes = match decode_body(&headers, raw, ingest.max_body_bytes) {
        Ok(b) => b,
        Err(e @ BodyError::TooLarge(_)) => {
            m.receiver_requests_too_large_total.fetch_add(1, Relaxed);
            return error(enc, StatusCode::PAYLOAD_TOO_LARGE, 8, e.to_string());
        }
        Err(e @ BodyError::UnsupportedEncoding(_)) => {
            m.receiver_requests_invalid_total.fetch_add(1, Relaxed);
            return error(enc, StatusCode::UNSUPPORTED_MEDIA_TYPE, 3, e.to_string());
        }
        Err(e) => {
            m.receiver_requests_invalid_total.fetch_add(1, Relaxed);
            return error(enc, StatusCode::BAD_REQUEST, 3, e.to_string());
        }
    };
    let req = match enc {
        Encoding::Protobuf => ExportTraceServiceRequest::decode(bytes.as_ref())
            .map_err(|e| format!("body is not a valid ExportTraceServiceRequest protobuf: {e}")),
        Encoding::Json => {
            groundcheck_proto::json::decode_export_request(&bytes).map_err(|e| e.to_string())
        }
    };
    let req = match req {
        Ok(r) => r,
        Err(msg) => {
            m.receiver_requests_invalid_total.fetch_add(1, Relaxed);
            return error(enc, StatusCode::BAD_REQUEST, 3, msg);
        }
    };
    match ingest.submit(&req, tenant) {
        Ok(a) => {
            let partial = (a.rejected_spans > 0).then_some(ExportTracePartialSuccess {
                rejected_spans: a.rejected_spans as i64,
                error_message: a.error_message,
            });
            match enc {
                Encoding::Protobuf => {
                    let body = ExportTraceServiceResponse {
                        partial_success: partial,
                    }
                    .encode_to_vec();
                    (
                        StatusCode::OK,
                        [(header::CONTENT_TYPE, "application/x-protobuf")],
                        body,
                    )
                        .into_response()
                }
                Encoding::Json => {
                    let body = match partial {
                        Some(p) => {
                            serde_json::json!({"partialSuccess": {"rejectedSpans": p.rejected_spans.to_string(), "errorMessage": p.error_message}})
                        }
                        None => serde_json::json!({}),
                    };
                    (
                        StatusCode::OK,
                        [(header::CONTENT_TYPE, "application/json")],
                        body.to_string(),
                    )
                        .into_response()
                }
            }
        }
        Err(e @ Refused::Overloaded) => with_retry_after(
            error(enc, StatusCode::TOO_MANY_REQUESTS, 14, e.to_string()),
            ingest.retry_after_secs,
        ),
        Err(e @ Refused::ShuttingDown) => with_retry_after(
            error(enc, StatusCode::SERVICE_UNAVAILABLE, 14, e.to_string()),
            ingest.retry_after_secs,
        ),
    }
}
