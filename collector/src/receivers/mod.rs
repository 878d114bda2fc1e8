//! OTLP receivers (gRPC and HTTP) and the ingest handle they share.
//!
//! Every receiver decodes a request into the same prost `ExportTraceServiceRequest`, then
//! calls [`Ingest::submit`], which normalizes the spans (rejecting unusable ones for OTLP
//! partial success) and enqueues them for the assembler without waiting. A full queue is an
//! explicit refusal (HTTP 429 / gRPC UNAVAILABLE, with a retry delay), never a silent drop:
//! a request is acknowledged only once its spans are in the bounded queue.
//!
//! The Kafka receiver ([`kafka`]) shares the queue but acknowledges end to end: each record
//! it enqueues carries an [`AckToken`] that the pipeline acks only once the spans were written
//! by every sink, and rejects (fencing the offset) when they were not; the contract is on
//! [`AckToken`] (see also [`kafka::offsets`]).

pub mod auth;
pub mod grpc;
pub mod http;
pub mod kafka;
pub mod tls;

pub use kafka::offsets::{ack_all, reject_all, AckToken, RejectReason, Tp};

use crate::metrics::Metrics;
use groundcheck_detectors::normalize::normalize_request;
use groundcheck_detectors::span::NormalizedSpan;
use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use tokio::sync::mpsc;

/// What the receivers put on the ingest queue.
#[derive(Debug)]
pub enum IngestMsg {
    /// Normalized spans of one request or record; `ack` is `None` for OTLP (acknowledged on
    /// enqueue) and the record's token for Kafka (acknowledged when the last run holding
    /// these spans was written by the sinks).
    Spans {
        spans: Vec<NormalizedSpan>,
        ack: Option<AckToken>,
        /// Kafka with `--forward-endpoint`: the record's request, forwarded by
        /// [`Ingest::offer`] once the spans are enqueued (OTLP requests are forwarded by
        /// [`Ingest::submit`]). The pipeline ignores it.
        forward: Option<bytes::Bytes>,
    },
    /// Kafka revoke or shutdown: remove the open runs whose spans all came from these
    /// partitions, without reporting them (the partitions' next owner re-reads them from the
    /// committed offset), and reply with the lowest record offset handed back per partition.
    HandBack {
        partitions: Vec<Tp>,
        reply: std::sync::mpsc::SyncSender<Vec<(Tp, i64)>>,
    },
}

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
    tx: mpsc::Sender<IngestMsg>,
    metrics: Arc<Metrics>,
    pub retry_after_secs: u64,
    pub max_body_bytes: usize,
    /// Bearer-token check of the OTLP receivers; `None`: open.
    pub auth: Option<Arc<auth::Authenticator>>,
    /// `--forward-endpoint`: accepted spans also go to the next OTLP hop.
    pub forward: Option<crate::otel::forward::Forwarder>,
}

impl Ingest {
    pub fn new(
        tx: mpsc::Sender<IngestMsg>,
        metrics: Arc<Metrics>,
        retry_after_secs: u64,
        max_body_bytes: usize,
    ) -> Self {
        Ingest {
            tx,
            metrics,
            retry_after_secs,
            max_body_bytes,
            auth: None,
            forward: None,
        }
    }

    /// Forward every accepted span to the next OTLP hop.
    pub fn with_forward(mut self, forward: Option<crate::otel::forward::Forwarder>) -> Self {
        self.forward = forward;
        self
    }

    /// Require a bearer token from `auth` on every OTLP request.
    pub fn with_auth(mut self, auth: Option<Arc<auth::Authenticator>>) -> Self {
        self.auth = auth;
        self
    }

    /// Authenticate a request's `Authorization` value: the token's tenant (`Ok(None)` without
    /// authentication or for a token without tenant). Failures are counted per receiver.
    pub fn authenticate(
        &self,
        receiver: &'static str,
        authorization: Option<&[u8]>,
    ) -> Result<Option<Arc<str>>, auth::AuthFailure> {
        let Some(a) = &self.auth else {
            return Ok(None);
        };
        a.check(authorization).inspect_err(|f| {
            self.metrics.auth_failed(receiver, *f);
        })
    }

    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// Enqueue a prepared message without waiting (Kafka); a full queue hands it back. With
    /// forwarding, a message carrying its request needs room in the forward queue too (else
    /// it is handed back as `Full`); once enqueued, the request is forwarded with a clone of
    /// the record's token, so the offset waits for the forward as well.
    pub fn offer(&self, mut msg: IngestMsg) -> Result<(), mpsc::error::TrySendError<IngestMsg>> {
        let fwd = match (&self.forward, &mut msg) {
            (
                Some(f),
                IngestMsg::Spans {
                    spans,
                    ack,
                    forward: forward @ Some(_),
                },
            ) => {
                let Some(r) = f.reserve(spans.len()) else {
                    return Err(mpsc::error::TrySendError::Full(msg));
                };
                Some((r, forward.take(), ack.clone()))
            }
            _ => None,
        };
        match self.tx.try_send(msg) {
            Ok(()) => {
                if let Some((r, Some(req), ack)) = fwd {
                    r.send(req, ack);
                }
                Ok(())
            }
            Err(mut e) => {
                if let Some((_, req, ack)) = fwd {
                    // Not enqueued: the request goes back with the message; the unused
                    // clone of the token is settled (the record's own token still counts).
                    let (mpsc::error::TrySendError::Full(m) | mpsc::error::TrySendError::Closed(m)) =
                        &mut e;
                    if let IngestMsg::Spans { forward, .. } = m {
                        *forward = req;
                    }
                    if let Some(a) = ack {
                        a.ack();
                    }
                }
                Err(e)
            }
        }
    }

    /// Count a request of `spans` spans refused as a whole (`why`), and return `why`.
    fn refuse(&self, spans: u64, why: Refused) -> Refused {
        self.metrics
            .receiver_requests_refused_total
            .fetch_add(1, Relaxed);
        self.metrics
            .receiver_spans_refused_total
            .fetch_add(spans, Relaxed);
        why
    }

    /// Normalize and enqueue, recording `tenant` on every span. Never blocks.
    pub fn submit(
        &self,
        req: &ExportTraceServiceRequest,
        tenant: Option<Arc<str>>,
    ) -> Result<Accepted, Refused> {
        let mut n = normalize_request(req);
        if tenant.is_some() {
            for s in &mut n.spans {
                s.tenant = tenant.clone();
            }
        }
        let accepted = n.spans.len() as u64;
        let rejected = n.rejected.len() as u64;
        let error_message = if rejected > 0 {
            n.error_message()
        } else {
            String::new()
        };
        if accepted > 0 {
            let reserved = match &self.forward {
                Some(f) => match f.reserve(accepted as usize) {
                    Some(r) => Some(r),
                    None => return Err(self.refuse(accepted + rejected, Refused::Overloaded)),
                },
                None => None,
            };
            match self.tx.try_send(IngestMsg::Spans {
                spans: n.spans,
                ack: None,
                forward: None,
            }) {
                Ok(()) => {
                    if let Some(r) = reserved {
                        use prost::Message as _;
                        let encoded = if rejected > 0 {
                            crate::otel::forward::accepted_only(req.clone()).encode_to_vec()
                        } else {
                            req.encode_to_vec()
                        };
                        r.send(bytes::Bytes::from(encoded), None);
                    }
                }
                Err(e) => {
                    return Err(self.refuse(
                        accepted + rejected,
                        match e {
                            mpsc::error::TrySendError::Full(_) => Refused::Overloaded,
                            mpsc::error::TrySendError::Closed(_) => Refused::ShuttingDown,
                        },
                    ));
                }
            }
        }
        self.metrics
            .receiver_spans_accepted_total
            .fetch_add(accepted, Relaxed);
        self.metrics
            .receiver_spans_rejected_total
            .fetch_add(rejected, Relaxed);
        if rejected > 0 {
            tracing::warn!(rejected, accepted, error = %error_message, "rejected unusable spans");
        }
        Ok(Accepted {
            accepted_spans: accepted,
            rejected_spans: rejected,
            error_message,
        })
    }
}
