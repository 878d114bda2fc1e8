//! ClickHouse sink: every report becomes one `runs` row plus one row per claim, tool call and
//! consistency probe (schema: `deploy/clickhouse/*.sql`, documented in `docs/clickhouse.md`).
//!
//! - **Transport**: the `clickhouse` crate over HTTP, RowBinaryWithNamesAndTypes (rows are
//!   validated against the table's columns), LZ4-compressed request bodies. Optional
//!   `async_insert=1` with `wait_for_async_insert=1` (an acknowledged insert is durable either
//!   way).
//! - **Batching**: the collector's sink runner hands over batches (`--sink-batch`,
//!   `--sink-flush-ms`); each batch is one INSERT per table, the four tables concurrently.
//! - **Acknowledged delivery**: `write_batch` returns `Ok` only when ClickHouse acknowledged
//!   every table's INSERT; until then the runner keeps the batch and retries (transient
//!   errors), which back-pressures the receivers. At shutdown a batch that is still failing
//!   after the deadline is [spilled](crate::ReportSink::spill) to `{data_dir}/clickhouse-spill/` and
//!   replayed (same batch, same dedup tokens) before the first write of the next start.
//! - **Idempotency**: every INSERT carries `insert_deduplication_token` = hash of the rows'
//!   (run_id, reported_at, index) and the table; the tables keep a deduplication window, so a
//!   retried batch is dropped by ClickHouse, materialized views included. Tables are
//!   ReplacingMergeTree keyed by run (and claim/call index) as a second line: `FINAL` is exact
//!   even for a run written twice in different batches. A token is not proof of a write: a
//!   non-replicated MergeTree logs a block's token before it commits the part, so a server that
//!   crashes in between keeps the token without the rows, and the retry is acknowledged as a
//!   duplicate of nothing. So an INSERT that succeeds after a transient failure of the same
//!   rows (or replays a spill) reads its rows' keys back and writes the missing ones again
//!   under a new token.
//! - **Data errors** (ClickHouse codes such as 117 INCORRECT_DATA, 53 TYPE_MISMATCH, 27, 6,
//!   469 VIOLATED_CONSTRAINT; rows that cannot be serialized): the failing INSERT is bisected
//!   to the rows ClickHouse rejects; their reports go to
//!   `{data_dir}/clickhouse-dead-letter/dead-letter-YYYYMMDD.jsonl` (with table and error) and
//!   the batch counts as written. Everything else is transient and retried.
//! - **Startup** ([`ClickHouseSink::ensure_ready`]): database and `schema_migrations` created
//!   if missing, pending migrations applied in order, required columns checked, TTL brought in
//!   line with `ttl_days`, spilled batches replayed.
//!
//! # Layout
//! - `schema`: the embedded migrations, their placeholders, and applying them at startup
//!   (with the column check and the TTL alignment);
//! - `rows`: one row type per table and the mapping from reports to rows;
//! - `client`: the write path (INSERT per table, bisection of data errors, dead letters,
//!   spill and replay) and the [`ReportSink`](crate::ReportSink) implementation;
//! - `errors`: which ClickHouse errors are data errors (never retried) and which are
//!   transient;
//! - `tokens`: the `insert_deduplication_token` of a set of rows.

mod client;
mod errors;
mod rows;
mod schema;
mod tokens;

pub use errors::{error_code, is_data_error, DATA_ERROR_CODES};
pub use rows::{rule_from_error_message, run_ts, RowKey};
pub use schema::{Migration, MIGRATIONS, MIN_VERSION};
pub use tokens::dedup_token;

use crate::SinkError;
use ::clickhouse::error::Error as ChError;
use ::clickhouse::{Client, Compression};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Settings of the ClickHouse sink.
#[derive(Clone)]
pub struct ClickHouseConfig {
    /// HTTP interface, e.g. `http://127.0.0.1:8123`.
    pub url: String,
    pub database: String,
    /// Empty: the server's default user.
    pub user: String,
    pub password: String,
    /// `async_insert=1` with `wait_for_async_insert=1`.
    pub async_insert: bool,
    /// Rows older than this (by run time) are dropped by ClickHouse; 0 keeps everything.
    pub ttl_days: u32,
    /// Limit per request (INSERT, startup query).
    pub timeout: Duration,
    /// Dead-letter and spill files go under this directory.
    pub data_dir: PathBuf,
}

impl ClickHouseConfig {
    pub fn new(
        url: impl Into<String>,
        database: impl Into<String>,
        data_dir: impl Into<PathBuf>,
    ) -> Self {
        ClickHouseConfig {
            url: url.into(),
            database: database.into(),
            user: String::new(),
            password: String::new(),
            async_insert: false,
            ttl_days: 90,
            timeout: Duration::from_secs(10),
            data_dir: data_dir.into(),
        }
    }
}

/// What the sink reports to its observer (the collector turns these into metrics).
#[derive(Debug, Clone, Copy)]
pub enum ClickHouseEvent<'a> {
    /// One INSERT acknowledged.
    Inserted {
        table: &'static str,
        rows: u64,
        latency: Duration,
    },
    /// An INSERT (or, with `table` = `"startup"`, the startup checks) failed.
    Failed {
        table: &'static str,
        retryable: bool,
        error: &'a str,
    },
    /// Reports written to the dead-letter file.
    DeadLettered { reports: u64 },
    /// Reports spilled to disk at shutdown.
    Spilled { reports: u64 },
    /// Spilled reports written after a restart.
    Replayed { reports: u64 },
    /// Reports of the batch in flight not acknowledged yet (0 when done).
    Pending { reports: u64 },
}

pub type Observer = Arc<dyn Fn(ClickHouseEvent<'_>) + Send + Sync>;

pub struct ClickHouseSink {
    cfg: ClickHouseConfig,
    /// Without a database (CREATE DATABASE).
    admin: Client,
    /// With the database and the insert settings.
    client: Client,
    ready: tokio::sync::Mutex<bool>,
    observer: Option<Observer>,
    /// Dedup tokens of INSERTs that failed transiently (their outcome unknown): when one
    /// succeeds later, its rows are read back (see `write_table`).
    unconfirmed: std::sync::Mutex<std::collections::HashSet<String>>,
}

impl ClickHouseSink {
    /// Build the clients (no I/O). Fails on an unusable database name.
    pub fn new(cfg: ClickHouseConfig) -> Result<Self, SinkError> {
        if cfg.database.is_empty()
            || !cfg
                .database
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(SinkError::Config {
                sink: "clickhouse",
                message: format!(
                    "invalid database name {:?} (letters, digits, `_`)",
                    cfg.database
                ),
            });
        }
        if !(cfg.url.starts_with("http://") || cfg.url.starts_with("https://")) {
            return Err(SinkError::Config { sink: "clickhouse", message: format!("invalid URL {:?}: expected http://host:port (the HTTP interface, usually :8123)", cfg.url) });
        }
        let mut base = Client::default()
            .with_url(cfg.url.clone())
            .with_compression(Compression::Lz4);
        if !cfg.user.is_empty() {
            base = base.with_user(cfg.user.clone());
        }
        if !cfg.password.is_empty() {
            base = base.with_password(cfg.password.clone());
        }
        let admin = base.clone();
        let mut client = base
            .with_database(cfg.database.clone())
            .with_setting("insert_deduplicate", "1")
            // Historical runs may span many days (= partitions) in one batch.
            .with_setting("max_partitions_per_insert_block", "0");
        client = if cfg.async_insert {
            client
                .with_setting("async_insert", "1")
                .with_setting("wait_for_async_insert", "1")
                .with_setting("async_insert_deduplicate", "1")
        } else {
            client
                .with_setting("async_insert", "0")
                .with_setting("deduplicate_blocks_in_dependent_materialized_views", "1")
        };
        Ok(ClickHouseSink {
            cfg,
            admin,
            client,
            ready: tokio::sync::Mutex::new(false),
            observer: None,
            unconfirmed: Default::default(),
        })
    }

    /// Receive [`ClickHouseEvent`]s (metrics).
    pub fn with_observer(mut self, observer: Observer) -> Self {
        self.observer = Some(observer);
        self
    }

    pub fn config(&self) -> &ClickHouseConfig {
        &self.cfg
    }

    /// The client bound to the sink's database (tests, tools).
    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn spill_dir(&self) -> PathBuf {
        self.cfg.data_dir.join("clickhouse-spill")
    }

    pub fn dead_letter_dir(&self) -> PathBuf {
        self.cfg.data_dir.join("clickhouse-dead-letter")
    }

    fn emit(&self, e: ClickHouseEvent<'_>) {
        if let Some(o) = &self.observer {
            o(e);
        }
    }

    fn startup_error(&self, what: &str, e: impl std::fmt::Display) -> SinkError {
        let message = format!(
            "ClickHouse at {} (database {}): {what}: {e}",
            self.cfg.url, self.cfg.database
        );
        self.emit(ClickHouseEvent::Failed {
            table: "startup",
            retryable: true,
            error: &message,
        });
        SinkError::Remote {
            sink: "clickhouse",
            message,
            retryable: true,
        }
    }

    async fn timed<T>(
        &self,
        f: impl std::future::Future<Output = Result<T, ChError>>,
    ) -> Result<T, ChError> {
        match tokio::time::timeout(self.cfg.timeout, f).await {
            Ok(r) => r,
            Err(_) => Err(ChError::TimedOut),
        }
    }

    /// Connect, create the database and tables (migrations), check the columns the sink
    /// writes, align TTLs, replay spilled batches. Idempotent; done once (again after a
    /// failure). Every error is retryable (the server may come up later).
    pub async fn ensure_ready(&self) -> Result<(), SinkError> {
        let mut ready = self.ready.lock().await;
        if *ready {
            return Ok(());
        }
        self.prepare().await?;
        self.replay_spilled().await?;
        *ready = true;
        Ok(())
    }
}

/// A report with one flagged claim and one fabricated tool call (unit tests of the submodules).
#[cfg(test)]
mod testing {
    use groundcheck_detectors::report::{
        Action, Claim, ClaimStatus, HallucinationReport, ToolCallStatus, ToolCallValidation,
    };

    pub(super) fn report(id: &str) -> HallucinationReport {
        HallucinationReport {
            run_id: id.into(),
            claims: vec![Claim {
                text: "x".into(),
                evidence_spans: vec![],
                score: 0.5,
                critical: true,
                status: ClaimStatus::Unsupported,
                start: 0,
                end: 1,
                reason: String::new(),
                flagged_spans: vec![],
                claim_type: Default::default(),
            }],
            tool_call_validations: vec![ToolCallValidation {
                tool: "t".into(),
                args: "{}".into(),
                status: ToolCallStatus::Fabricated,
                errors: vec![
                    "/id: field value \"X\" was not supplied (rule: provenance; searched: …)"
                        .into(),
                    "/a: b (rule: enum)".into(),
                ],
                call_id: "c1".into(),
                turn: 0,
                retry_of: None,
                retried_by: None,
                error_rules: Vec::new(),
                span_id: None,
            }],
            consistency_probes: vec![],
            overall_score: 0.5,
            action: Action::Block,
            version: "1".into(),
            trace_id: id.into(),
            agent_name: Some("A".into()),
            conversation_id: None,
            tenant: None,
            profile: "default".into(),
            agent_span_id: None,
            answer_span_id: None,
            service_name: None,
            model: None,
            dialect: "genai".into(),
            start_time_unix_nano: 1,
            end_time_unix_nano: 0,
            reported_at_unix_nano: 7,
            incomplete: false,
            incomplete_reason: None,
            final_answer: None,
            notes: vec![],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_checks() {
        let config_error = |cfg| match ClickHouseSink::new(cfg) {
            Err(e) => e.kind() == crate::SinkErrorKind::Config && !e.is_retryable(),
            Ok(_) => false,
        };
        assert!(config_error(ClickHouseConfig::new(
            "http://127.0.0.1:8123",
            "bad-name",
            "/tmp"
        )));
        assert!(config_error(ClickHouseConfig::new(
            "127.0.0.1:8123",
            "gc",
            "/tmp"
        )));
        assert!(ClickHouseSink::new(ClickHouseConfig::new(
            "http://127.0.0.1:8123",
            "gc_1",
            "/tmp"
        ))
        .is_ok());
    }
}
