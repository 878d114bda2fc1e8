//! A bare OTLP receiver (traces, logs, metrics over gRPC) for the tests and the forwarding
//! benchmark: it keeps what it is sent ([`Receiver::keep`]) or only counts spans.

#![allow(dead_code)]

use opentelemetry_proto::tonic::collector::logs::v1::logs_service_server::{
    LogsService, LogsServiceServer,
};
use opentelemetry_proto::tonic::collector::logs::v1::{
    ExportLogsServiceRequest, ExportLogsServiceResponse,
};
use opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::{
    MetricsService, MetricsServiceServer,
};
use opentelemetry_proto::tonic::collector::metrics::v1::{
    ExportMetricsServiceRequest, ExportMetricsServiceResponse,
};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::logs::v1::LogRecord;
use opentelemetry_proto::tonic::trace::v1::Span;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// Everything the receiver was sent.
#[derive(Default)]
pub struct Received {
    pub traces: Vec<ExportTraceServiceRequest>,
    pub logs: Vec<ExportLogsServiceRequest>,
    pub metrics: Vec<ExportMetricsServiceRequest>,
}

#[derive(Clone)]
pub struct Receiver(
    pub Arc<Mutex<Received>>,
    pub Arc<AtomicU64>,
    Arc<AtomicBool>,
);

impl Receiver {
    /// `keep`: store every request (tests); else only count spans (benchmarks).
    pub fn new(keep: bool) -> Receiver {
        Receiver(
            Default::default(),
            Default::default(),
            Arc::new(AtomicBool::new(keep)),
        )
    }

    /// Spans received so far.
    pub fn spans(&self) -> u64 {
        self.1.load(Relaxed)
    }

    /// Every span kept so far, with its resource's attributes.
    pub fn kept_spans(&self) -> Vec<(Vec<KeyValue>, Span)> {
        let g = self.0.lock().unwrap();
        let mut out = Vec::new();
        for rs in g.traces.iter().flat_map(|r| r.resource_spans.iter()) {
            let resource = rs.resource.as_ref().map(|r| r.attributes.clone());
            for s in rs.scope_spans.iter().flat_map(|ss| ss.spans.iter()) {
                out.push((resource.clone().unwrap_or_default(), s.clone()));
            }
        }
        out
    }

    /// Every log record kept so far.
    pub fn log_records(&self) -> Vec<LogRecord> {
        let g = self.0.lock().unwrap();
        g.logs
            .iter()
            .flat_map(|r| r.resource_logs.iter())
            .flat_map(|rl| rl.scope_logs.iter())
            .flat_map(|sl| sl.log_records.iter())
            .cloned()
            .collect()
    }

    /// The names of every metric kept so far.
    pub fn metric_names(&self) -> BTreeSet<String> {
        let g = self.0.lock().unwrap();
        g.metrics
            .iter()
            .flat_map(|r| r.resource_metrics.iter())
            .flat_map(|rm| rm.scope_metrics.iter())
            .flat_map(|sm| sm.metrics.iter())
            .map(|m| m.name.clone())
            .collect()
    }
}

#[tonic::async_trait]
impl TraceService for Receiver {
    async fn export(
        &self,
        r: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let r = r.into_inner();
        let n: usize = r
            .resource_spans
            .iter()
            .flat_map(|rs| rs.scope_spans.iter())
            .map(|ss| ss.spans.len())
            .sum();
        self.1.fetch_add(n as u64, Relaxed);
        if self.2.load(Relaxed) {
            self.0.lock().unwrap().traces.push(r);
        }
        Ok(tonic::Response::new(Default::default()))
    }
}

#[tonic::async_trait]
impl LogsService for Receiver {
    async fn export(
        &self,
        r: tonic::Request<ExportLogsServiceRequest>,
    ) -> Result<tonic::Response<ExportLogsServiceResponse>, tonic::Status> {
        if self.2.load(Relaxed) {
            self.0.lock().unwrap().logs.push(r.into_inner());
        }
        Ok(tonic::Response::new(Default::default()))
    }
}

#[tonic::async_trait]
impl MetricsService for Receiver {
    async fn export(
        &self,
        r: tonic::Request<ExportMetricsServiceRequest>,
    ) -> Result<tonic::Response<ExportMetricsServiceResponse>, tonic::Status> {
        if self.2.load(Relaxed) {
            self.0.lock().unwrap().metrics.push(r.into_inner());
        }
        Ok(tonic::Response::new(Default::default()))
    }
}

/// Serve `recv` on 127.0.0.1:`port` (0: any) from the current runtime; returns the port.
pub async fn serve(recv: Receiver, port: u16) -> u16 {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .expect("bind the OTLP receiver");
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(recv.clone()).max_decoding_message_size(256 << 20))
            .add_service(LogsServiceServer::new(recv.clone()))
            .add_service(MetricsServiceServer::new(recv))
            .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener))
            .await
            .unwrap();
    });
    port
}

/// A keeping receiver on 127.0.0.1:`port` (0: any), on a runtime of its own.
pub fn start_receiver(port: u16) -> (Receiver, u16, tokio::runtime::Runtime) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let recv = Receiver::new(true);
    let port = rt.block_on(serve(recv.clone(), port));
    (recv, port, rt)
}
