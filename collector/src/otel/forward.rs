//! `--forward-endpoint`: groundcheck as a pipeline stage. Every span it accepts is forwarded
//! unchanged to the next OTLP hop, so teams put groundcheck between their agents and their
//! trace backend and see the traces beside the evaluations.
//!
//! # Contract
//! - **Unchanged**: the request's resource and scope spans are sent as received, several
//!   requests merged into one export (batches of at most `batch_spans` spans). Spans the
//!   receiver rejected (bad ids, reported to the client in `partial_success`) are left out.
//!   Requests travel encoded: each is encoded once (a Kafka `otlp_proto` record not even
//!   that), and a batch is their concatenation — protobuf merges the repeated
//!   `resource_spans` of concatenated messages — sent as is over gRPC and HTTP.
//! - **Back-pressure, not loss**: capacity is reserved ([`Forwarder::reserve`]) before a
//!   request is accepted; when `queue_spans` spans are waiting, the receivers refuse the
//!   request (HTTP 429 / gRPC UNAVAILABLE with a retry delay, counted in
//!   `groundcheck_forward_refused_total`) and the Kafka receiver pauses its partitions.
//! - **Retries**: transport errors, gRPC UNAVAILABLE / DEADLINE_EXCEEDED / RESOURCE_EXHAUSTED /
//!   ABORTED / CANCELLED / DATA_LOSS / OUT_OF_RANGE and HTTP 429 / 502 / 503 / 504 are retried
//!   with exponential backoff (100 ms doubling to `max_backoff`, or the server's
//!   RetryInfo / Retry-After), for as long as groundcheck runs. Other answers are permanent:
//!   the batch is dropped, counted and logged. Spans the next hop rejects in its partial
//!   success are counted, not retried.
//! - **Kafka**: a record's token is settled by the forwarder too (a clone per record), so its
//!   offset is committed only once its spans were forwarded (or refused for good, counted) and
//!   its reports written. At shutdown, batches still failing after `shutdown` are given up:
//!   counted as dropped, and Kafka records rejected so that they are read again.

use super::{transport, OtelError, OtlpProtocol, OtlpTarget};
use crate::metrics::Metrics;
use crate::receivers::{AckToken, RejectReason};
use bytes::Bytes;
use groundcheck_proto::otlp::collector::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use prost::Message;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

/// Settings of the forwarder (from `--forward-*`).
#[derive(Debug, Clone)]
pub struct ForwardConfig {
    pub target: OtlpTarget,
    /// Spans waiting or in flight at most; beyond, requests are refused.
    pub queue_spans: usize,
    /// Spans per export request at most (requests are merged up to this).
    pub batch_spans: usize,
    /// Export requests in flight at once.
    pub concurrency: usize,
    pub max_backoff: Duration,
    /// At shutdown, how long failing batches keep being retried.
    pub shutdown: Duration,
}

struct Item {
    /// An encoded `ExportTraceServiceRequest`.
    req: Bytes,
    spans: usize,
    permit: OwnedSemaphorePermit,
    ack: Option<AckToken>,
}

/// The queue's room: one permit per span, `capacity` in all.
#[derive(Clone)]
struct Depth {
    permits: Arc<Semaphore>,
    capacity: usize,
}

impl Depth {
    /// Spans waiting or being exported.
    fn queued(&self) -> usize {
        self.capacity - self.permits.available_permits()
    }

    fn publish(&self, m: &Metrics) {
        m.forward_queue_spans.store(self.queued() as u64, Relaxed);
    }
}

/// Handle the receivers use to forward what they accept (cheap to clone).
#[derive(Clone)]
pub struct Forwarder {
    queue: Depth,
    tx: mpsc::UnboundedSender<Item>,
    metrics: Arc<Metrics>,
}

/// Capacity reserved for one request: [`Reservation::send`] it, or drop it to give it back.
pub struct Reservation {
    permit: OwnedSemaphorePermit,
    spans: usize,
    fwd: Forwarder,
}

/// The running forwarder: [`ForwarderTask::shutdown`] drains it.
pub struct ForwarderTask {
    stopping: Arc<AtomicBool>,
    workers: Vec<tokio::task::JoinHandle<()>>,
}

enum Client {
    Grpc(
        tonic::client::Grpc<tonic::transport::Channel>,
        tonic::metadata::MetadataMap,
    ),
    Http(transport::HyperClient, String),
}

/// gRPC codec sending an already encoded request and decoding the response.
#[derive(Clone, Copy, Default)]
struct EncodedCodec;
struct EncodedEncoder;
struct ResponseDecoder;

impl tonic::codec::Encoder for EncodedEncoder {
    type Item = Bytes;
    type Error = tonic::Status;
    fn encode(
        &mut self,
        item: Bytes,
        dst: &mut tonic::codec::EncodeBuf<'_>,
    ) -> Result<(), tonic::Status> {
        use bytes::BufMut;
        dst.put(item);
        Ok(())
    }
}

impl tonic::codec::Decoder for ResponseDecoder {
    type Item = ExportTraceServiceResponse;
    type Error = tonic::Status;
    fn decode(
        &mut self,
        src: &mut tonic::codec::DecodeBuf<'_>,
    ) -> Result<Option<ExportTraceServiceResponse>, tonic::Status> {
        ExportTraceServiceResponse::decode(src)
            .map(Some)
            .map_err(|e| tonic::Status::internal(format!("undecodable export response: {e}")))
    }
}

impl tonic::codec::Codec for EncodedCodec {
    type Encode = Bytes;
    type Decode = ExportTraceServiceResponse;
    type Encoder = EncodedEncoder;
    type Decoder = ResponseDecoder;
    fn encoder(&mut self) -> EncodedEncoder {
        EncodedEncoder
    }
    fn decoder(&mut self) -> ResponseDecoder {
        ResponseDecoder
    }
}

const EXPORT_PATH: &str = "/opentelemetry.proto.collector.trace.v1.TraceService/Export";

/// Outcome of one export attempt.
enum Attempt {
    Done {
        rejected: i64,
    },
    Retry {
        after: Option<Duration>,
        why: String,
    },
    Permanent(String),
}

impl Forwarder {
    /// Start the forwarder's tasks on the current Tokio runtime.
    pub fn start(
        cfg: ForwardConfig,
        metrics: Arc<Metrics>,
    ) -> Result<(Forwarder, ForwarderTask), OtelError> {
        cfg.target.validate()?;
        let client = Arc::new(match cfg.target.protocol {
            OtlpProtocol::Grpc => {
                let mut c = tonic::client::Grpc::new(transport::grpc_channel(&cfg.target)?)
                    .max_encoding_message_size(usize::MAX);
                if cfg.target.gzip {
                    c = c.send_compressed(tonic::codec::CompressionEncoding::Gzip);
                }
                Client::Grpc(c, transport::metadata(&cfg.target)?)
            }
            OtlpProtocol::HttpProtobuf => Client::Http(
                transport::HyperClient::new(&cfg.target)?,
                cfg.target.signal_url("/v1/traces"),
            ),
        });
        let capacity = cfg.queue_spans.max(1);
        let permits = Arc::new(Semaphore::new(capacity));
        let depth = Depth {
            permits: permits.clone(),
            capacity,
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let rx = Arc::new(tokio::sync::Mutex::new(rx));
        let stopping = Arc::new(AtomicBool::new(false));
        let cfg = Arc::new(cfg);
        let workers = (0..cfg.concurrency.max(1))
            .map(|_| {
                tokio::spawn(worker(
                    rx.clone(),
                    client.clone(),
                    cfg.clone(),
                    metrics.clone(),
                    stopping.clone(),
                    depth.clone(),
                ))
            })
            .collect();
        Ok((
            Forwarder {
                queue: depth,
                tx,
                metrics,
            },
            ForwarderTask { stopping, workers },
        ))
    }

    /// Reserve room for `spans` spans (a request larger than the whole queue takes the whole
    /// queue); `None` when the queue is full (counted: the caller refuses the request).
    pub fn reserve(&self, spans: usize) -> Option<Reservation> {
        let n = spans.clamp(1, self.queue.capacity) as u32;
        match self.queue.permits.clone().try_acquire_many_owned(n) {
            Ok(permit) => Some(Reservation {
                permit,
                spans,
                fwd: self.clone(),
            }),
            Err(_) => {
                self.metrics.forward_refused_total.fetch_add(1, Relaxed);
                None
            }
        }
    }

    /// Spans waiting or being exported.
    pub fn queued_spans(&self) -> usize {
        self.queue.queued()
    }
}

impl Reservation {
    /// Queue `req`, an encoded `ExportTraceServiceRequest` holding only accepted spans;
    /// `ack` is settled once it was forwarded.
    pub fn send(self, req: Bytes, ack: Option<AckToken>) {
        let m = &self.fwd.metrics;
        self.fwd.queue.publish(m);
        let item = Item {
            req,
            spans: self.spans,
            permit: self.permit,
            ack,
        };
        if let Err(e) = self.fwd.tx.send(item) {
            // The forwarder stopped (shutdown): never forwarded.
            m.forward_spans_dropped_total
                .fetch_add(e.0.spans as u64, Relaxed);
            if let Some(a) = e.0.ack {
                a.reject(RejectReason::NotForwarded);
            }
        }
    }
}

/// The request without the spans the receivers reject
/// ([`groundcheck_detectors::normalize::span_ids`], the normalizer's own rule).
pub fn accepted_only(mut req: ExportTraceServiceRequest) -> ExportTraceServiceRequest {
    use groundcheck_detectors::normalize::span_ids;
    for rs in &mut req.resource_spans {
        for ss in &mut rs.scope_spans {
            ss.spans.retain(|s| span_ids(s, 0).is_ok());
        }
        rs.scope_spans.retain(|ss| !ss.spans.is_empty());
    }
    req.resource_spans.retain(|rs| !rs.scope_spans.is_empty());
    req
}

impl ForwarderTask {
    /// Stop taking new work once the queue is drained: waits for the workers, which keep
    /// retrying failing batches until the shutdown deadline.
    pub async fn shutdown(self) {
        self.stopping.store(true, Relaxed);
        for w in self.workers {
            let _ = w.await;
        }
    }
}

async fn worker(
    rx: Arc<tokio::sync::Mutex<mpsc::UnboundedReceiver<Item>>>,
    client: Arc<Client>,
    cfg: Arc<ForwardConfig>,
    m: Arc<Metrics>,
    stopping: Arc<AtomicBool>,
    depth: Depth,
) {
    loop {
        // Take one item (waiting), then whatever else fits in the batch.
        let batch = {
            let mut rx = rx.lock().await;
            let first = if stopping.load(Relaxed) {
                match rx.try_recv() {
                    Ok(i) => i,
                    Err(_) => return,
                }
            } else {
                match tokio::time::timeout(Duration::from_millis(200), rx.recv()).await {
                    Ok(Some(i)) => i,
                    Ok(None) => return,
                    Err(_) => continue,
                }
            };
            let mut spans = first.spans;
            let mut batch = vec![first];
            while spans < cfg.batch_spans {
                match rx.try_recv() {
                    Ok(i) => {
                        spans += i.spans;
                        batch.push(i);
                    }
                    Err(_) => break,
                }
            }
            batch
        };
        export_batch(batch, &client, &cfg, &m, &stopping).await;
        depth.publish(&m);
    }
}

async fn export_batch(
    batch: Vec<Item>,
    client: &Client,
    cfg: &ForwardConfig,
    m: &Metrics,
    stopping: &AtomicBool,
) {
    let spans: usize = batch.iter().map(|i| i.spans).sum();
    let mut acks = Vec::new();
    // The queue's room is given back only once the batch is settled.
    let mut permits = Vec::with_capacity(batch.len());
    let body = if batch.len() == 1 {
        batch[0].req.clone()
    } else {
        let mut b = bytes::BytesMut::with_capacity(batch.iter().map(|i| i.req.len()).sum());
        for it in &batch {
            b.extend_from_slice(&it.req);
        }
        b.freeze()
    };
    for it in batch {
        acks.extend(it.ack);
        permits.push(it.permit);
    }
    let mut backoff = Duration::from_millis(100);
    let mut deadline: Option<Instant> = None;
    let outcome = loop {
        m.forward_requests_total.fetch_add(1, Relaxed);
        match attempt(client, &body, cfg).await {
            Attempt::Done { rejected } => break Ok(rejected),
            Attempt::Permanent(why) => break Err(why),
            Attempt::Retry { after, why } => {
                m.forward_retries_total.fetch_add(1, Relaxed);
                if stopping.load(Relaxed) {
                    let d = *deadline.get_or_insert_with(|| Instant::now() + cfg.shutdown);
                    if Instant::now() >= d {
                        break Err(format!("still failing at shutdown: {why}"));
                    }
                }
                let wait = after.unwrap_or(backoff).min(Duration::from_secs(30));
                tracing::warn!(spans, error = %why, retry_in_ms = wait.as_millis() as u64, "forward: export failed, retrying");
                tokio::time::sleep(wait).await;
                backoff = (backoff * 2).min(cfg.max_backoff);
            }
        }
    };
    match outcome {
        Ok(rejected) => {
            m.forward_spans_total.fetch_add(spans as u64, Relaxed);
            if rejected > 0 {
                m.forward_spans_rejected_total
                    .fetch_add(rejected as u64, Relaxed);
                tracing::warn!(
                    rejected,
                    "forward: the next hop rejected spans (partial success)"
                );
            }
            crate::receivers::ack_all(acks);
        }
        Err(why) => {
            m.forward_spans_dropped_total
                .fetch_add(spans as u64, Relaxed);
            tracing::error!(spans, error = %why, "forward: spans not forwarded (dropped)");
            if stopping.load(Relaxed) {
                // Kafka records are read again by the next owner.
                crate::receivers::reject_all(acks, RejectReason::NotForwarded);
            } else {
                // Refused for good by the next hop: counted; re-reading would fail again.
                crate::receivers::ack_all(acks);
            }
        }
    }
    drop(permits);
}

async fn attempt(client: &Client, body: &Bytes, cfg: &ForwardConfig) -> Attempt {
    match client {
        Client::Grpc(c, md) => {
            let mut r = tonic::Request::new(body.clone());
            *r.metadata_mut() = md.clone();
            r.set_timeout(cfg.target.timeout);
            let mut c = c.clone();
            if let Err(e) = c.ready().await {
                return Attempt::Retry {
                    after: None,
                    why: format!("gRPC channel: {e}"),
                };
            }
            let path = http::uri::PathAndQuery::from_static(EXPORT_PATH);
            match c.unary(r, path, EncodedCodec).await {
                Ok(resp) => Attempt::Done {
                    rejected: resp
                        .get_ref()
                        .partial_success
                        .as_ref()
                        .map_or(0, |p| p.rejected_spans),
                },
                Err(s) => grpc_outcome(&s),
            }
        }
        Client::Http(http, url) => {
            let payload = if cfg.target.gzip {
                Bytes::from(crate::send::gzip(body))
            } else {
                body.clone()
            };
            let mut b =
                http::Request::post(url.as_str()).header("content-type", "application/x-protobuf");
            if cfg.target.gzip {
                b = b.header("content-encoding", "gzip");
            }
            for (k, v) in &cfg.target.headers {
                b = b.header(k.as_str(), v.as_str());
            }
            let request = match b.body(payload) {
                Ok(r) => r,
                Err(e) => return Attempt::Permanent(format!("bad request: {e}")),
            };
            use opentelemetry_http::HttpClient as _;
            match http.send_bytes(request).await {
                Ok(resp) => http_outcome(resp.status(), resp.headers(), resp.body()),
                Err(e) => Attempt::Retry {
                    after: None,
                    why: e.to_string(),
                },
            }
        }
    }
}

fn grpc_outcome(s: &tonic::Status) -> Attempt {
    use tonic::Code::*;
    use tonic_types::StatusExt;
    let why = format!("gRPC {:?}: {}", s.code(), s.message());
    let hint = s.get_details_retry_info().and_then(|r| r.retry_delay);
    match s.code() {
        Unavailable | DeadlineExceeded | Aborted | Cancelled | DataLoss | OutOfRange => {
            Attempt::Retry { after: hint, why }
        }
        ResourceExhausted if hint.is_some() => Attempt::Retry { after: hint, why },
        _ => Attempt::Permanent(why),
    }
}

fn http_outcome(status: http::StatusCode, headers: &http::HeaderMap, body: &Bytes) -> Attempt {
    if status.is_success() {
        let rejected = ExportTraceServiceResponse::decode(&body[..])
            .ok()
            .and_then(|r| r.partial_success)
            .map_or(0, |p| p.rejected_spans);
        return Attempt::Done { rejected };
    }
    let why = format!(
        "HTTP {}: {}",
        status.as_u16(),
        String::from_utf8_lossy(&body[..body.len().min(300)]).trim()
    );
    match status.as_u16() {
        429 | 502 | 503 | 504 => Attempt::Retry {
            after: headers
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(Duration::from_secs),
            why,
        },
        _ => Attempt::Permanent(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use groundcheck_proto::otlp::trace::{ResourceSpans, ScopeSpans, Span};

    fn span(tid: Vec<u8>, sid: Vec<u8>) -> Span {
        Span {
            trace_id: tid,
            span_id: sid,
            name: "s".into(),
            ..Default::default()
        }
    }

    #[test]
    fn only_accepted_spans_are_forwarded_and_empty_groups_go() {
        let req = ExportTraceServiceRequest {
            resource_spans: vec![
                ResourceSpans {
                    scope_spans: vec![ScopeSpans {
                        spans: vec![
                            span(vec![1; 16], vec![2; 8]),
                            span(vec![1; 3], vec![2; 8]),
                            // An all-zero parent of any length is a root: accepted.
                            Span {
                                parent_span_id: vec![0; 4],
                                ..span(vec![1; 16], vec![3; 8])
                            },
                        ],
                        ..Default::default()
                    }],
                    ..Default::default()
                },
                ResourceSpans {
                    scope_spans: vec![ScopeSpans {
                        spans: vec![span(vec![0; 16], vec![2; 8])],
                        ..Default::default()
                    }],
                    ..Default::default()
                },
            ],
        };
        let out = accepted_only(req);
        assert_eq!(out.resource_spans.len(), 1);
        assert_eq!(out.resource_spans[0].scope_spans[0].spans.len(), 2);
    }

    #[test]
    fn retryable_answers_follow_the_otlp_spec() {
        let h = http::HeaderMap::new();
        let b = Bytes::new();
        assert!(matches!(
            http_outcome(http::StatusCode::SERVICE_UNAVAILABLE, &h, &b),
            Attempt::Retry { .. }
        ));
        assert!(matches!(
            http_outcome(http::StatusCode::BAD_REQUEST, &h, &b),
            Attempt::Permanent(_)
        ));
        let mut h = http::HeaderMap::new();
        h.insert("retry-after", "7".parse().unwrap());
        match http_outcome(http::StatusCode::TOO_MANY_REQUESTS, &h, &b) {
            Attempt::Retry { after, .. } => assert_eq!(after, Some(Duration::from_secs(7))),
            _ => panic!("429 is retryable"),
        }
        assert!(matches!(
            grpc_outcome(&tonic::Status::unavailable("x")),
            Attempt::Retry { .. }
        ));
        assert!(matches!(
            grpc_outcome(&tonic::Status::resource_exhausted("no hint")),
            Attempt::Permanent(_)
        ));
        assert!(matches!(
            grpc_outcome(&tonic::Status::invalid_argument("x")),
            Attempt::Permanent(_)
        ));
    }

    #[tokio::test]
    async fn a_full_queue_refuses_and_frees_on_drop() {
        let cfg = ForwardConfig {
            target: OtlpTarget {
                endpoint: "http://127.0.0.1:9".into(),
                protocol: OtlpProtocol::HttpProtobuf,
                headers: vec![],
                gzip: false,
                timeout: Duration::from_secs(1),
                tls: Default::default(),
            },
            queue_spans: 10,
            batch_spans: 10,
            concurrency: 1,
            max_backoff: Duration::from_millis(100),
            shutdown: Duration::from_millis(10),
        };
        let m = Arc::new(Metrics::default());
        let (f, task) = Forwarder::start(cfg, m.clone()).unwrap();
        let r = f.reserve(8).expect("room for 8");
        assert!(f.reserve(3).is_none(), "8 + 3 > 10");
        assert_eq!(m.forward_refused_total.load(Relaxed), 1);
        drop(r);
        let big = f
            .reserve(50)
            .expect("a request larger than the queue takes all of it");
        assert!(f.reserve(1).is_none());
        drop(big);
        task.shutdown().await;
    }
}
