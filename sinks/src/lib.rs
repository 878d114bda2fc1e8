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
//! - [`SinkError::kind`] tells the three kinds of failure apart: a **configuration** error
//!   (the sink cannot work as configured; fix the configuration, no retry helps), a
//!   **transient** failure (I/O, network, an overloaded or unreachable server: retry the same
//!   batch) and a **permanent** one (the data itself is refused: retrying changes nothing).
//!   [`SinkError::is_retryable`] is true for transient failures only.
//! - `write_batch` is async and must not block the runtime; blocking file I/O goes through
//!   `tokio::fs` / `spawn_blocking` (bounded: one batch in flight per sink).
//! - [`ReportSink::spill`]: at shutdown, a batch the sink could not write before the deadline
//!   is handed to `spill`; a sink that supports it parks the batch durably on local disk and
//!   writes it on its next start (the ClickHouse sink does). The default refuses, and the
//!   runner keeps retrying.

pub mod clickhouse;
pub mod jsonl;
pub mod kafka;
pub mod redact;
pub mod summary;

use async_trait::async_trait;
use groundcheck_detectors::report::HallucinationReport;

/// What a caller can do about a [`SinkError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SinkErrorKind {
    /// The sink cannot work as configured (bad URL, database name, client property). Raised
    /// when the sink is built; fix the configuration.
    Config,
    /// Transient: local I/O, the network, an unreachable, slow or overloaded server. The same
    /// batch may succeed later.
    Transient,
    /// The data is refused for good (cannot be serialized, the server rejects it), or the
    /// operation is not supported. Retrying the same batch changes nothing.
    Permanent,
}

/// Errors of a sink.
#[derive(Debug, thiserror::Error)]
pub enum SinkError {
    /// The sink's configuration is unusable ([`SinkErrorKind::Config`]).
    #[error("{sink}: {message}")]
    Config { sink: &'static str, message: String },
    #[error("i/o error writing {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("report could not be serialized: {0}")]
    Serialize(#[from] serde_json::Error),
    /// A remote store (database, broker) failed; `retryable` for transient failures
    /// (unreachable, timeouts, overload), not for data the server rejects.
    #[error("{sink}: {message}")]
    Remote {
        sink: &'static str,
        message: String,
        retryable: bool,
    },
    #[error("sink {0} cannot spill batches")]
    SpillUnsupported(&'static str),
}

impl SinkError {
    pub fn kind(&self) -> SinkErrorKind {
        match self {
            SinkError::Config { .. } => SinkErrorKind::Config,
            SinkError::Io { .. } => SinkErrorKind::Transient,
            SinkError::Remote {
                retryable: true, ..
            } => SinkErrorKind::Transient,
            SinkError::Remote {
                retryable: false, ..
            }
            | SinkError::Serialize(_)
            | SinkError::SpillUnsupported(_) => SinkErrorKind::Permanent,
        }
    }

    /// A transient failure: retrying the same batch may succeed.
    pub fn is_retryable(&self) -> bool {
        self.kind() == SinkErrorKind::Transient
    }
}

#[async_trait]
pub trait ReportSink: Send + Sync {
    /// Component name for logs and metrics (`jsonl`, `stderr_summary`, `clickhouse`, …).
    fn name(&self) -> &'static str;
    /// Write a batch; see the module contract.
    async fn write_batch(&self, reports: &[HallucinationReport]) -> Result<(), SinkError>;
    /// Park a batch that could not be written before the shutdown deadline, durably, to be
    /// written on the next start. `Ok` only once it is safely on disk. Default: unsupported.
    async fn spill(&self, _reports: &[HallucinationReport]) -> Result<(), SinkError> {
        Err(SinkError::SpillUnsupported(self.name()))
    }
}

pub use crate::clickhouse::{ClickHouseConfig, ClickHouseEvent, ClickHouseSink};
pub use jsonl::JsonlSink;
pub use kafka::{KafkaSink, ReportFormat};
pub use redact::{RedactConfig, RedactError, Redactor};
pub use summary::SummarySink;
