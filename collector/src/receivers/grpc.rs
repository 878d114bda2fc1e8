//! OTLP/gRPC receiver: `opentelemetry.proto.collector.trace.v1.TraceService/Export`.
//!
//! The service is hand-wired (rather than the generated `TraceServiceServer`) so that a body
//! that is not a valid protobuf answers `INVALID_ARGUMENT` (tonic's prost codec would answer
//! `INTERNAL`). gzip request compression is accepted; messages above the body limit answer
//! `RESOURCE_EXHAUSTED`; overload answers `UNAVAILABLE` with a `RetryInfo` detail.

use super::{Ingest, Refused};
use groundcheck_proto::otlp::collector::{
    ExportTracePartialSuccess, ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use prost::Message;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tonic::codec::{Codec, CompressionEncoding, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::{Request, Response, Status};
use tonic_types::{ErrorDetails, StatusExt};

pub const PATH: &str = "/opentelemetry.proto.collector.trace.v1.TraceService/Export";

/// Codec that reports undecodable requests as `INVALID_ARGUMENT`.
#[derive(Default, Clone, Copy)]
pub struct OtlpCodec;

pub struct OtlpEncoder;
pub struct OtlpDecoder;

impl Encoder for OtlpEncoder {
    type Item = ExportTraceServiceResponse;
    type Error = Status;
    fn encode(&mut self, item: Self::Item, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        item.encode(dst)
            .map_err(|e| Status::internal(e.to_string()))
    }
}

impl Decoder for OtlpDecoder {
    type Item = ExportTraceServiceRequest;
    type Error = Status;
    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<Self::Item>, Status> {
        ExportTraceServiceRequest::decode(src)
            .map(Some)
            .map_err(|e| {
                Status::invalid_argument(format!(
                    "request is not a valid ExportTraceServiceRequest protobuf: {e}"
                ))
            })
    }
}

impl Codec for OtlpCodec {
    type Encode = ExportTraceServiceResponse;
    type Decode = ExportTraceServiceRequest;
    type Encoder = OtlpEncoder;
    type Decoder = OtlpDecoder;
    fn encoder(&mut self) -> OtlpEncoder {
        OtlpEncoder
    }
    fn decoder(&mut self) -> OtlpDecoder {
        OtlpDecoder
    }
}

/// The tenant of the request's bearer token, passed from the authenticating service to the
/// handler in the request's extensions.
#[derive(Clone)]
struct Tenant(Option<std::sync::Arc<str>>);

/// The export handler.
pub struct GrpcReceiver {
    ingest: Ingest,
}

impl GrpcReceiver {
    pub fn new(ingest: Ingest) -> Self {
        GrpcReceiver { ingest }
    }

    pub async fn export(
        &self,
        request: Request<ExportTraceServiceRequest>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        let m = self.ingest.metrics();
        m.receiver_grpc_requests_total.fetch_add(1, Relaxed);
        let tenant = request
            .extensions()
            .get::<Tenant>()
            .and_then(|t| t.0.clone());
        let req = request.into_inner();
        match self.ingest.submit(&req, tenant) {
            Ok(a) => Ok(Response::new(ExportTraceServiceResponse {
                partial_success: (a.rejected_spans > 0).then_some(ExportTracePartialSuccess {
                    rejected_spans: a.rejected_spans as i64,
                    error_message: a.error_message,
                }),
            })),
            Err(e @ Refused::Overloaded) | Err(e @ Refused::ShuttingDown) => {
                let details = ErrorDetails::with_retry_info(Some(Duration::from_secs(
                    self.ingest.retry_after_secs,
                )));
                Err(Status::with_error_details(
                    tonic::Code::Unavailable,
                    e.to_string(),
                    details,
                ))
            }
        }
    }
}

/// Tower service routing the Export method; anything else is UNIMPLEMENTED.
#[derive(Clone)]
pub struct TraceServiceServer {
    inner: Arc<GrpcReceiver>,
    max_decoding: usize,
}

impl TraceServiceServer {
    pub fn new(rx: GrpcReceiver, max_decoding: usize) -> Self {
        TraceServiceServer {
            inner: Arc::new(rx),
            max_decoding,
        }
    }
}

impl tonic::server::NamedService for TraceServiceServer {
    const NAME: &'static str = "opentelemetry.proto.collector.trace.v1.TraceService";
}

struct ExportSvc(Arc<GrpcReceiver>);

impl tonic::server::UnaryService<ExportTraceServiceRequest> for ExportSvc {
    type Response = ExportTraceServiceResponse;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Self::Response>, Status>> + Send>>;
    fn call(&mut self, request: Request<ExportTraceServiceRequest>) -> Self::Future {
        let inner = self.0.clone();
        Box::pin(async move { inner.export(request).await })
    }
}

impl<B> tower::Service<http::Request<B>> for TraceServiceServer
where
    B: tonic::codegen::Body + Send + 'static,
    B::Error: Into<tonic::codegen::StdError> + Send + 'static,
{
    type Response = http::Response<tonic::body::Body>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, mut req: http::Request<B>) -> Self::Future {
        if req.uri().path() == PATH {
            // Authenticate before decoding: an unauthenticated client costs no decoding.
            let auth = self.inner.ingest.authenticate(
                "grpc",
                req.headers()
                    .get(http::header::AUTHORIZATION)
                    .map(http::HeaderValue::as_bytes),
            );
            match auth {
                Ok(t) => {
                    req.extensions_mut().insert(Tenant(t));
                }
                Err(f) => {
                    self.inner
                        .ingest
                        .metrics()
                        .receiver_grpc_requests_total
                        .fetch_add(1, Relaxed);
                    return Box::pin(async move {
                        Ok(Status::unauthenticated(f.message()).into_http())
                    });
                }
            }
            let inner = self.inner.clone();
            let max = self.max_decoding;
            Box::pin(async move {
                let mut grpc = tonic::server::Grpc::new(OtlpCodec)
                    .accept_compressed(CompressionEncoding::Gzip)
                    .max_decoding_message_size(max)
                    .max_encoding_message_size(1 << 20);
                Ok(grpc.unary(ExportSvc(inner), req).await)
            })
        } else {
            Box::pin(async move {
                Ok(Status::unimplemented("only TraceService/Export is served").into_http())
            })
        }
    }
}
