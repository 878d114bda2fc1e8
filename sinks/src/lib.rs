//! Report sinks.
//!
//! A sink receives batches of finished [`HallucinationReport`]s. The collector's sink runner
//! owns batching, retries and metrics; sinks only write.
//!
//! # Contract (every sink)
//! - [`ReportSink::write_batch`] returns `Ok(())` only once the whole batch is durable in the
//!   sink's sense (written and flushed to the OS for files; acknowledged by the server for
//!   databases). Only then does the collector count the reports as delivered.
//! - On `Err`, nothing of the batch may be assumed written; the runner retries the same batch
//!   (sinks must tolerate a retried batch: files may hold a duplicate line after a partial
//!   write, which readers dedupe by `run_id`; databases use idempotent inserts).
//! - [`SinkError::is_retryable`] tells transient failures (I/O, network) from data errors that
//!   no retry will fix.
//! - `write_batch` is async and must not block the runtime; blocking file I/O goes through
//!   `tokio::fs` / `spawn_blocking` (bounded: one batch in flight per sink).

pub mod jsonl;
pub mod kafka;
pub mod summary;

use async_trait::async_trait;
use groundcheck_detectors::report::HallucinationReport;

/// Errors of a sink.
#[derive(Debug, thiserror::Error)]
pub enum SinkError {
    #[error("i/o error writing {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("report could not be serialized: {0}")]
    Serialize(#[from] serde_json::Error),
    #[error("kafka: {0}")]
    Kafka(String),
}

impl SinkError {
    pub fn is_retryable(&self) -> bool {
        matches!(self, SinkError::Io { .. } | SinkError::Kafka(_))
    }
}

#[async_trait]
pub trait ReportSink: Send + Sync {
    /// Component name for logs and metrics (`jsonl`, `stderr_summary`, `clickhouse`, …).
    fn name(&self) -> &'static str;
    /// Write a batch; see the module contract.
    async fn write_batch(&self, reports: &[HallucinationReport]) -> Result<(), SinkError>;
}

pub use jsonl::JsonlSink;
pub use kafka::{KafkaSink, ReportFormat};
pub use summary::SummarySink;
