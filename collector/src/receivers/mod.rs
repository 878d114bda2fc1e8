//! OTLP receivers (gRPC and HTTP) and the ingest handle they share.
//!
//! Every receiver decodes a request into the same prost `ExportTraceServiceRequest`, then
//! calls [`Ingest::submit`], which normalizes the spans (rejecting unusable ones for OTLP
//! partial success) and enqueues them for the assembler without waiting. A full queue is an
//! explicit refusal (HTTP 429 / gRPC UNAVAILABLE, with a retry delay), never a silent drop:
//! a request is acknowledged only once its spans are in the bounded queue.

pub mod grpc;
pub mod http;

use crate::metrics::Metrics;
use groundcheck_detectors::normalize::normalize_request;
use groundcheck_detectors::span::NormalizedSpan;
use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Why a request was refused as a whole.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("groundcheck is overloaded: the ingest queue is full, retry later")]
    Overloaded,
    #[error("groundcheck is shutting down")]
    ShuttingDown,
}

/// Outcome of an accepted request.
#[derive(Debug, Default)]
pub struct Accepted {
    pub accepted_spans: u64,
    pub rejected_spans: u64,
    pub error_message: String,
}

/// Cloneable handle the receivers use to enqueue spans.
#[derive(Clone)]
pub struct Ingest {
    tx: mpsc::Sender<Vec<NormalizedSpan>>,
    metrics: Arc<Metrics>,
    pub retry_after_secs: u64,
    pub max_body_bytes: usize,
}

impl Ingest {
    pub fn new(tx: mpsc::Sender<Vec<NormalizedSpan>>, metrics: Arc<Metrics>, retry_after_secs: u64, max_body_bytes: usize) -> Self {
        Ingest { tx, metrics, retry_after_secs, max_body_bytes }
    }

    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// Normalize and enqueue. Never blocks.
    pub fn submit(&self, req: &ExportTraceServiceRequest) -> Result<Accepted, Refused> {
        let n = normalize_request(req);
        let accepted = n.spans.len() as u64;
        let rejected = n.rejected.len() as u64;
        let error_message = if rejected > 0 { n.error_message() } else { String::new() };
        if accepted > 0 {
            match self.tx.try_send(n.spans) {
                Ok(()) => {}
                Err(e) => {
                    self.metrics.receiver_requests_refused_total.fetch_add(1, Relaxed);
                    self.metrics.receiver_spans_refused_total.fetch_add(accepted + rejected, Relaxed);
                    return Err(match e {
                        mpsc::error::TrySendError::Full(_) => Refused::Overloaded,
                        mpsc::error::TrySendError::Closed(_) => Refused::ShuttingDown,
                    });
                }
            }
        }
        self.metrics.receiver_spans_accepted_total.fetch_add(accepted, Relaxed);
        self.metrics.receiver_spans_rejected_total.fetch_add(rejected, Relaxed);
        if rejected > 0 {
            tracing::warn!(rejected, accepted, error = %error_message, "rejected unusable spans");
        }
        Ok(Accepted { accepted_spans: accepted, rejected_spans: rejected, error_message })
    }
}
