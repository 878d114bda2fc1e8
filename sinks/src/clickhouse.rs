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
//!   after the deadline is [spilled](ReportSink::spill) to `{data_dir}/clickhouse-spill/` and
//!   replayed (same batch, same dedup tokens) before the first write of the next start.
//! - **Idempotency**: every INSERT carries `insert_deduplication_token` = hash of the rows'
//!   (run_id, reported_at, index) and the table; the tables keep a deduplication window, so a
//!   retried batch is dropped by ClickHouse, materialized views included. Tables are
//!   ReplacingMergeTree keyed by run (and claim/call index) as a second line: `FINAL` is exact
//!   even for a run written twice in different batches.
//! - **Data errors** (ClickHouse codes such as 117 INCORRECT_DATA, 53 TYPE_MISMATCH, 27, 6,
//!   469 VIOLATED_CONSTRAINT; rows that cannot be serialized): the failing INSERT is bisected
//!   to the rows ClickHouse rejects; their reports go to
//!   `{data_dir}/clickhouse-dead-letter/dead-letter-YYYYMMDD.jsonl` (with table and error) and
//!   the batch counts as written. Everything else is transient and retried.
//! - **Startup** ([`ClickHouseSink::ensure_ready`]): database and `schema_migrations` created
//!   if missing, pending migrations applied in order, required columns checked, TTL brought in
//!   line with `ttl_days`, spilled batches replayed.

use crate::jsonl::civil_from_days;
use crate::{ReportSink, SinkError};
use ::clickhouse::error::Error as ChError;
use ::clickhouse::{Client, Compression, Row, RowWrite};
use async_trait::async_trait;
use groundcheck_detectors::report::{ClaimStatus, HallucinationReport, ToolCallStatus};
use groundcheck_detectors::text::{self, FNV_OFFSET};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::AsyncWriteExt;

/// A versioned schema migration (`deploy/clickhouse/NNN_name.sql`, embedded at build time).
pub struct Migration {
    pub version: u32,
    pub name: &'static str,
    pub sql: &'static str,
}

/// All migrations, in order. Applied versions are recorded in `schema_migrations`.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "001_init",
        sql: include_str!("../../deploy/clickhouse/001_init.sql"),
    },
    Migration {
        version: 2,
        name: "002_minute_rollups",
        sql: include_str!("../../deploy/clickhouse/002_minute_rollups.sql"),
    },
    Migration {
        version: 3,
        name: "003_probe_status",
        sql: include_str!("../../deploy/clickhouse/003_probe_status.sql"),
    },
];

/// Tables with a TTL, and the expression their TTL is computed from.
const TTL_TABLES: &[(&str, &str)] = &[
    ("runs", "toDateTime(ts)"),
    ("claims", "toDateTime(ts)"),
    ("tool_call_validations", "toDateTime(ts)"),
    ("consistency_probes", "toDateTime(ts)"),
    ("runs_per_minute", "minute"),
    ("tool_calls_per_minute", "minute"),
];

/// Minimum ClickHouse version the schema and the sink are designed for (see docs/clickhouse.md).
pub const MIN_VERSION: (u32, u32) = (23, 8);

impl Migration {
    /// The statements of this migration with the placeholders substituted (`{ttl_ts}`,
    /// `{ttl_minute}`); `--` comment lines dropped; statements end with `;` at a line end.
    pub fn statements(&self, ttl_days: u32) -> Vec<String> {
        let ttl = |expr: &str| {
            if ttl_days == 0 {
                String::new()
            } else {
                format!("TTL {expr} + toIntervalDay({ttl_days})")
            }
        };
        let text = self
            .sql
            .replace("{ttl_ts}", &ttl("toDateTime(ts)"))
            .replace("{ttl_minute}", &ttl("minute"));
        let mut out = Vec::new();
        let mut cur = String::new();
        for line in text.lines() {
            if line.trim_start().starts_with("--") {
                continue;
            }
            cur.push_str(line);
            cur.push('\n');
            if line.trim_end().ends_with(';') {
                let stmt = cur.trim().trim_end_matches(';').trim().to_owned();
                if !stmt.is_empty() {
                    out.push(stmt);
                }
                cur.clear();
            }
        }
        if !cur.trim().is_empty() {
            out.push(cur.trim().to_owned());
        }
        out
    }

    /// FNV-1a of the unsubstituted text (recorded; a changed applied migration is logged).
    pub fn checksum(&self) -> String {
        format!("{:016x}", fnv1a(FNV_OFFSET, self.sql.as_bytes()))
    }
}

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
            return Err(SinkError::Remote {
                sink: "clickhouse",
                message: format!(
                    "invalid database name {:?} (letters, digits, `_`)",
                    cfg.database
                ),
                retryable: false,
            });
        }
        if !(cfg.url.starts_with("http://") || cfg.url.starts_with("https://")) {
            return Err(SinkError::Remote { sink: "clickhouse", message: format!("invalid URL {:?}: expected http://host:port (the HTTP interface, usually :8123)", cfg.url), retryable: false });
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

    async fn prepare(&self) -> Result<(), SinkError> {
        let version: String = self
            .timed(self.admin.query("SELECT version()").fetch_one::<String>())
            .await
            .map_err(|e| {
                self.startup_error(
                    "unreachable (is it running? for a local one: deploy/clickhouse.sh start)",
                    e,
                )
            })?;
        let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
        let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
        if (major, minor) < MIN_VERSION {
            tracing::warn!(version = %version, "ClickHouse {version} is older than the minimum supported {}.{}; the schema may not apply", MIN_VERSION.0, MIN_VERSION.1);
        }
        let db = &self.cfg.database;
        self.timed(
            self.admin
                .query(&format!("CREATE DATABASE IF NOT EXISTS `{db}`"))
                .execute(),
        )
        .await
        .map_err(|e| self.startup_error("cannot create the database", e))?;
        self.timed(
            self.client
                .query_raw(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version UInt32, name String, checksum String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3)) \
                     ENGINE = ReplacingMergeTree ORDER BY version",
                )
                .execute(),
        )
        .await
        .map_err(|e| self.startup_error("cannot create schema_migrations", e))?;
        let applied: Vec<(u32, String)> = self
            .timed(
                self.client
                    .query_raw(
                        "SELECT version, checksum FROM schema_migrations FINAL ORDER BY version",
                    )
                    .fetch_all(),
            )
            .await
            .map_err(|e| self.startup_error("cannot read schema_migrations", e))?;
        for m in MIGRATIONS {
            if let Some((_, sum)) = applied.iter().find(|(v, _)| *v == m.version) {
                if *sum != m.checksum() {
                    tracing::warn!(
                        migration = m.name,
                        "ClickHouse migration {} changed since it was applied; not re-applied",
                        m.name
                    );
                }
                continue;
            }
            tracing::info!(migration = m.name, database = %db, "applying ClickHouse migration");
            for stmt in m.statements(self.cfg.ttl_days) {
                self.timed(self.client.query_raw(&stmt).execute())
                    .await
                    .map_err(|e| self.startup_error(&format!("migration {} failed", m.name), e))?;
            }
            self.timed(
                self.client
                    .query(
                        "INSERT INTO schema_migrations (version, name, checksum) VALUES (?, ?, ?)",
                    )
                    .bind(m.version)
                    .bind(m.name)
                    .bind(m.checksum())
                    .execute(),
            )
            .await
            .map_err(|e| self.startup_error("cannot record the migration", e))?;
        }
        // The columns this sink writes must exist (a table created by hand, an old schema).
        let required: [(&str, &[&str]); 4] = [
            ("runs", RunRow::COLUMN_NAMES),
            ("claims", ClaimRow::COLUMN_NAMES),
            ("tool_call_validations", ToolCallRow::COLUMN_NAMES),
            ("consistency_probes", ProbeRow::COLUMN_NAMES),
        ];
        let cols: Vec<(String, String)> = self
            .timed(
                self.client
                    .query("SELECT table, name FROM system.columns WHERE database = ?")
                    .bind(db.as_str())
                    .fetch_all(),
            )
            .await
            .map_err(|e| self.startup_error("cannot read system.columns", e))?;
        let mut missing = Vec::new();
        for (table, names) in required {
            for n in names {
                if !cols.iter().any(|(t, c)| t == table && c == n) {
                    missing.push(format!("{table}.{n}"));
                }
            }
        }
        if !missing.is_empty() {
            return Err(self.startup_error(
                "schema check",
                format!("missing columns {}", missing.join(", ")),
            ));
        }
        self.sync_ttl().await?;
        self.client.clear_cached_metadata().await;
        Ok(())
    }

    /// Make each table's TTL match `ttl_days` (tables created earlier with another value).
    async fn sync_ttl(&self) -> Result<(), SinkError> {
        let engines: Vec<(String, String)> = self
            .timed(
                self.client
                    .query("SELECT name, engine_full FROM system.tables WHERE database = ?")
                    .bind(self.cfg.database.as_str())
                    .fetch_all(),
            )
            .await
            .map_err(|e| self.startup_error("cannot read system.tables", e))?;
        for (table, expr) in TTL_TABLES {
            let Some((_, engine)) = engines.iter().find(|(n, _)| n == table) else {
                continue;
            };
            let has_ttl = engine.contains(" TTL ");
            let sql = if self.cfg.ttl_days == 0 {
                if !has_ttl {
                    continue;
                }
                format!("ALTER TABLE {table} REMOVE TTL")
            } else {
                if has_ttl && engine.contains(&format!("toIntervalDay({})", self.cfg.ttl_days)) {
                    continue;
                }
                format!("ALTER TABLE {table} MODIFY TTL {expr} + toIntervalDay({}) SETTINGS materialize_ttl_after_modify = 0", self.cfg.ttl_days)
            };
            tracing::info!(
                table,
                ttl_days = self.cfg.ttl_days,
                "ClickHouse: changing TTL"
            );
            self.timed(self.client.query_raw(&sql).execute())
                .await
                .map_err(|e| self.startup_error(&format!("cannot change the TTL of {table}"), e))?;
        }
        Ok(())
    }

    /// Write spilled batches (oldest first), each exactly as it was spilled (same dedup tokens).
    async fn replay_spilled(&self) -> Result<(), SinkError> {
        let dir = self.spill_dir();
        let mut files = match std::fs::read_dir(&dir) {
            Ok(rd) => rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .collect::<Vec<_>>(),
            Err(_) => return Ok(()),
        };
        files.sort();
        for f in files {
            let io = |source| SinkError::Io {
                path: f.display().to_string(),
                source,
            };
            let text = tokio::fs::read_to_string(&f).await.map_err(io)?;
            let mut reports = Vec::new();
            for (i, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                match serde_json::from_str::<HallucinationReport>(line) {
                    Ok(r) => reports.push(r),
                    Err(e) => {
                        tracing::error!(file = %f.display(), line = i + 1, error = %e, "spilled report does not parse; skipped")
                    }
                }
            }
            self.write_reports(&reports).await?;
            tokio::fs::remove_file(&f).await.map_err(io)?;
            self.emit(ClickHouseEvent::Replayed {
                reports: reports.len() as u64,
            });
            tracing::info!(file = %f.display(), reports = reports.len(), "ClickHouse: replayed spilled batch");
        }
        Ok(())
    }

    /// One INSERT per table (concurrently); data errors dead-lettered.
    async fn write_reports(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
        if reports.is_empty() {
            return Ok(());
        }
        self.emit(ClickHouseEvent::Pending {
            reports: reports.len() as u64,
        });
        let rows = Rows::build(reports);
        let (a, b, c, d) = tokio::join!(
            self.write_table::<RunRow<'_>>("runs", &rows.runs, &rows.run_keys, reports),
            self.write_table::<ClaimRow<'_>>("claims", &rows.claims, &rows.claim_keys, reports),
            self.write_table::<ToolCallRow<'_>>(
                "tool_call_validations",
                &rows.calls,
                &rows.call_keys,
                reports
            ),
            self.write_table::<ProbeRow<'_>>(
                "consistency_probes",
                &rows.probes,
                &rows.probe_keys,
                reports
            ),
        );
        let mut dead = Vec::new();
        for r in [a, b, c, d] {
            dead.extend(r?);
        }
        if !dead.is_empty() {
            self.dead_letter(&dead, reports).await?;
        }
        self.emit(ClickHouseEvent::Pending { reports: 0 });
        Ok(())
    }

    /// INSERT `rows` into `table`; on a data error bisect to the rejected rows. Returns the
    /// rejected rows as (report index, table, error); `Err` on a transient error.
    async fn write_table<T: RowWrite>(
        &self,
        table: &'static str,
        rows: &[T::Value<'_>],
        keys: &[(usize, u32)],
        reports: &[HallucinationReport],
    ) -> Result<Vec<DeadRow>, SinkError> {
        let mut dead = Vec::new();
        let mut stack = vec![(0usize, rows.len())];
        while let Some((lo, hi)) = stack.pop() {
            if lo >= hi {
                continue;
            }
            let token = dedup_token(table, &keys[lo..hi], reports);
            let t = Instant::now();
            let res = self
                .timed(async {
                    let mut ins = self
                        .client
                        .insert::<T>(table)
                        .await?
                        .with_setting("insert_deduplication_token", token);
                    for r in &rows[lo..hi] {
                        ins.write(r).await?;
                    }
                    ins.end().await
                })
                .await;
            match res {
                Ok(()) => self.emit(ClickHouseEvent::Inserted {
                    table,
                    rows: (hi - lo) as u64,
                    latency: t.elapsed(),
                }),
                Err(e) => {
                    let data = is_data_error(&e);
                    let msg = e.to_string();
                    self.emit(ClickHouseEvent::Failed {
                        table,
                        retryable: !data,
                        error: &msg,
                    });
                    if !data {
                        if matches!(e, ChError::SchemaMismatch(_)) || error_code(&msg) == Some(16) {
                            // The table changed under us: fetch its columns again next time.
                            self.client.clear_cached_metadata().await;
                        }
                        return Err(SinkError::Remote {
                            sink: "clickhouse",
                            message: format!(
                                "INSERT INTO {table} ({} rows) failed: {msg}",
                                hi - lo
                            ),
                            retryable: true,
                        });
                    }
                    if hi - lo > 1 {
                        let mid = lo + (hi - lo) / 2;
                        stack.push((mid, hi));
                        stack.push((lo, mid));
                    } else {
                        tracing::warn!(table, run_id = %reports[keys[lo].0].run_id, error = %msg, "ClickHouse rejected a row; dead-lettered");
                        dead.push(DeadRow {
                            report: keys[lo].0,
                            table,
                            error: msg,
                        });
                    }
                }
            }
        }
        Ok(dead)
    }

    async fn dead_letter(
        &self,
        dead: &[DeadRow],
        reports: &[HallucinationReport],
    ) -> Result<(), SinkError> {
        let dir = self.dead_letter_dir();
        let now = now_nanos();
        let (y, m, d) = civil_from_days((now / 86_400_000_000_000) as i64);
        let path = dir.join(format!("dead-letter-{y:04}{m:02}{d:02}.jsonl"));
        let io = |source| SinkError::Io {
            path: path.display().to_string(),
            source,
        };
        let mut buf = Vec::new();
        let mut seen: Vec<(usize, &str)> = Vec::new();
        for row in dead {
            if seen.contains(&(row.report, row.table)) {
                continue;
            }
            seen.push((row.report, row.table));
            let line = serde_json::json!({
                "dead_lettered_at_unix_nano": now,
                "table": row.table,
                "code": error_code(&row.error),
                "error": row.error,
                "report": &reports[row.report],
            });
            serde_json::to_writer(&mut buf, &line)?;
            buf.push(b'\n');
        }
        tokio::fs::create_dir_all(&dir).await.map_err(io)?;
        let mut f = tokio::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .await
            .map_err(io)?;
        f.write_all(&buf).await.map_err(io)?;
        f.sync_data().await.map_err(io)?;
        let mut distinct: Vec<usize> = dead.iter().map(|d| d.report).collect();
        distinct.sort_unstable();
        distinct.dedup();
        self.emit(ClickHouseEvent::DeadLettered {
            reports: distinct.len() as u64,
        });
        tracing::warn!(path = %path.display(), reports = distinct.len(), rows = dead.len(), "ClickHouse rejected rows (data errors); reports written to the dead-letter file");
        Ok(())
    }
}

#[async_trait]
impl ReportSink for ClickHouseSink {
    fn name(&self) -> &'static str {
        "clickhouse"
    }

    async fn write_batch(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
        self.ensure_ready().await?;
        self.write_reports(reports).await
    }

    /// `{data_dir}/clickhouse-spill/spill-<unix nanos>-<token>.jsonl`, written to a temporary
    /// name, synced, renamed.
    async fn spill(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
        let dir = self.spill_dir();
        let keys: Vec<(usize, u32)> = (0..reports.len()).map(|i| (i, 0)).collect();
        let token = dedup_token("spill", &keys, reports);
        let name = format!(
            "spill-{:020}-{}.jsonl",
            now_nanos(),
            token.rsplit(':').next().unwrap_or_default()
        );
        let path = dir.join(&name);
        let tmp = dir.join(format!(".{name}.tmp"));
        let io = |p: &Path| {
            let p = p.display().to_string();
            move |source| SinkError::Io { path: p, source }
        };
        let mut buf = Vec::new();
        for r in reports {
            serde_json::to_writer(&mut buf, r)?;
            buf.push(b'\n');
        }
        tokio::fs::create_dir_all(&dir).await.map_err(io(&dir))?;
        let mut f = tokio::fs::File::create(&tmp).await.map_err(io(&tmp))?;
        f.write_all(&buf).await.map_err(io(&tmp))?;
        f.sync_all().await.map_err(io(&tmp))?;
        drop(f);
        tokio::fs::rename(&tmp, &path).await.map_err(io(&path))?;
        if let Ok(d) = tokio::fs::File::open(&dir).await {
            let _ = d.sync_all().await;
        }
        self.emit(ClickHouseEvent::Spilled {
            reports: reports.len() as u64,
        });
        self.emit(ClickHouseEvent::Pending { reports: 0 });
        tracing::warn!(path = %path.display(), reports = reports.len(), "ClickHouse: batch spilled to disk; it is written on the next start");
        Ok(())
    }
}

struct DeadRow {
    report: usize,
    table: &'static str,
    error: String,
}

// ---- rows ----

#[derive(Row, Serialize)]
struct RunRow<'a> {
    run_id: &'a str,
    ts: i64,
    start_time: i64,
    end_time: i64,
    reported_at: i64,
    agent_name: &'a str,
    service_name: &'a str,
    model: &'a str,
    dialect: &'a str,
    version: &'a str,
    action: &'a str,
    overall_score: f64,
    claims_total: u32,
    claims_flagged: u32,
    claims_unsupported: u32,
    claims_contradicted: u32,
    claims_critical_flagged: u32,
    tool_calls_total: u32,
    tool_calls_invalid: u32,
    tool_calls_fabricated: u32,
    tool_calls_unrecovered: u32,
    probes_total: u32,
    incomplete: bool,
    incomplete_reason: &'a str,
    final_answer: &'a str,
    notes: &'a [String],
    report: String,
}

#[derive(Row, Serialize)]
struct ClaimRow<'a> {
    run_id: &'a str,
    claim_index: u32,
    ts: i64,
    agent_name: &'a str,
    model: &'a str,
    action: &'a str,
    status: &'a str,
    score: f64,
    critical: bool,
    start_offset: u32,
    end_offset: u32,
    text: &'a str,
    reason: &'a str,
    evidence_tool_call_ids: Vec<&'a str>,
    evidence_starts: Vec<u32>,
    evidence_ends: Vec<u32>,
    evidence_texts: Vec<&'a str>,
    flagged_starts: Vec<u32>,
    flagged_ends: Vec<u32>,
    flagged_texts: Vec<&'a str>,
    flagged_reasons: Vec<&'a str>,
}

#[derive(Row, Serialize)]
struct ToolCallRow<'a> {
    run_id: &'a str,
    call_index: u32,
    ts: i64,
    agent_name: &'a str,
    model: &'a str,
    action: &'a str,
    tool: &'a str,
    status: &'a str,
    call_id: &'a str,
    turn: u32,
    retry_of: &'a str,
    retried_by: &'a str,
    error_rules: Vec<&'a str>,
    errors: &'a [String],
    args: &'a str,
}

#[derive(Row, Serialize)]
struct ProbeRow<'a> {
    run_id: &'a str,
    probe_index: u32,
    ts: i64,
    agent_name: &'a str,
    model: &'a str,
    agreement: f64,
    kind: &'a str,
    status: &'static str,
    claim: &'a str,
    original: &'a str,
    probe_answers: &'a [String],
    errors: &'a [String],
}

/// The rows of a batch, with (report index, row index) keys for tokens and dead letters.
struct Rows<'a> {
    runs: Vec<RunRow<'a>>,
    run_keys: Vec<(usize, u32)>,
    claims: Vec<ClaimRow<'a>>,
    claim_keys: Vec<(usize, u32)>,
    calls: Vec<ToolCallRow<'a>>,
    call_keys: Vec<(usize, u32)>,
    probes: Vec<ProbeRow<'a>>,
    probe_keys: Vec<(usize, u32)>,
}

/// Time axis of a run: its end (root span end), else the report time. Nanoseconds.
pub fn run_ts(r: &HallucinationReport) -> i64 {
    let t = if r.end_time_unix_nano > 0 {
        r.end_time_unix_nano
    } else {
        r.reported_at_unix_nano
    };
    t.min(i64::MAX as u64) as i64
}

/// The rule keyword of a Stage 1 error (`… (rule: enum)` → `enum`), `other` without one.
pub fn error_rule(e: &str) -> &str {
    match e.find("(rule: ") {
        Some(i) => {
            let rest = &e[i + 7..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            if end == 0 {
                "other"
            } else {
                &rest[..end]
            }
        }
        None => "other",
    }
}

impl<'a> Rows<'a> {
    fn build(reports: &'a [HallucinationReport]) -> Rows<'a> {
        let mut rows = Rows {
            runs: Vec::with_capacity(reports.len()),
            run_keys: Vec::with_capacity(reports.len()),
            claims: Vec::new(),
            claim_keys: Vec::new(),
            calls: Vec::new(),
            call_keys: Vec::new(),
            probes: Vec::new(),
            probe_keys: Vec::new(),
        };
        for (ri, r) in reports.iter().enumerate() {
            let ts = run_ts(r);
            let agent = r.agent_name.as_deref().unwrap_or("");
            let model = r.model.as_deref().unwrap_or("");
            let action = r.action.as_str();
            let count = |s: ClaimStatus| r.claims.iter().filter(|c| c.status == s).count() as u32;
            let calls = |s: ToolCallStatus| {
                r.tool_call_validations
                    .iter()
                    .filter(|v| v.status == s)
                    .count() as u32
            };
            rows.runs.push(RunRow {
                run_id: &r.run_id,
                ts,
                start_time: r.start_time_unix_nano.min(i64::MAX as u64) as i64,
                end_time: r.end_time_unix_nano.min(i64::MAX as u64) as i64,
                reported_at: r.reported_at_unix_nano.min(i64::MAX as u64) as i64,
                agent_name: agent,
                service_name: r.service_name.as_deref().unwrap_or(""),
                model,
                dialect: &r.dialect,
                version: &r.version,
                action,
                overall_score: r.overall_score,
                claims_total: r.claims.len() as u32,
                claims_flagged: r.flagged_claims() as u32,
                claims_unsupported: count(ClaimStatus::Unsupported),
                claims_contradicted: count(ClaimStatus::Contradicted),
                claims_critical_flagged: r
                    .claims
                    .iter()
                    .filter(|c| c.critical && c.status != ClaimStatus::Supported)
                    .count() as u32,
                tool_calls_total: r.tool_call_validations.len() as u32,
                tool_calls_invalid: calls(ToolCallStatus::Invalid),
                tool_calls_fabricated: calls(ToolCallStatus::Fabricated),
                tool_calls_unrecovered: r
                    .tool_call_validations
                    .iter()
                    .filter(|v| v.status.is_rejection() && v.retried_by.is_none())
                    .count() as u32,
                probes_total: r.consistency_probes.len() as u32,
                incomplete: r.incomplete,
                incomplete_reason: r.incomplete_reason.as_deref().unwrap_or(""),
                final_answer: r.final_answer.as_deref().unwrap_or(""),
                notes: &r.notes,
                report: serde_json::to_string(r).unwrap_or_default(),
            });
            rows.run_keys.push((ri, 0));
            for (i, c) in r.claims.iter().enumerate() {
                rows.claims.push(ClaimRow {
                    run_id: &r.run_id,
                    claim_index: i as u32,
                    ts,
                    agent_name: agent,
                    model,
                    action,
                    status: c.status.as_str(),
                    score: c.score,
                    critical: c.critical,
                    start_offset: c.start,
                    end_offset: c.end,
                    text: &c.text,
                    reason: &c.reason,
                    evidence_tool_call_ids: c
                        .evidence_spans
                        .iter()
                        .map(|e| e.tool_call_id.as_str())
                        .collect(),
                    evidence_starts: c.evidence_spans.iter().map(|e| e.start).collect(),
                    evidence_ends: c.evidence_spans.iter().map(|e| e.end).collect(),
                    evidence_texts: c.evidence_spans.iter().map(|e| e.text.as_str()).collect(),
                    flagged_starts: c.flagged_spans.iter().map(|f| f.start).collect(),
                    flagged_ends: c.flagged_spans.iter().map(|f| f.end).collect(),
                    flagged_texts: c.flagged_spans.iter().map(|f| f.text.as_str()).collect(),
                    flagged_reasons: c.flagged_spans.iter().map(|f| f.reason.as_str()).collect(),
                });
                rows.claim_keys.push((ri, i as u32));
            }
            for (i, v) in r.tool_call_validations.iter().enumerate() {
                rows.calls.push(ToolCallRow {
                    run_id: &r.run_id,
                    call_index: i as u32,
                    ts,
                    agent_name: agent,
                    model,
                    action,
                    tool: &v.tool,
                    status: v.status.as_str(),
                    call_id: &v.call_id,
                    turn: v.turn,
                    retry_of: v.retry_of.as_deref().unwrap_or(""),
                    retried_by: v.retried_by.as_deref().unwrap_or(""),
                    error_rules: v.errors.iter().map(|e| error_rule(e)).collect(),
                    errors: &v.errors,
                    args: &v.args,
                });
                rows.call_keys.push((ri, i as u32));
            }
            for (i, p) in r.consistency_probes.iter().enumerate() {
                rows.probes.push(ProbeRow {
                    run_id: &r.run_id,
                    probe_index: i as u32,
                    ts,
                    agent_name: agent,
                    model,
                    agreement: p.agreement,
                    kind: &p.kind,
                    status: p.status.as_str(),
                    claim: &p.claim,
                    original: &p.original,
                    probe_answers: &p.probe_answers,
                    errors: &p.errors,
                });
                rows.probe_keys.push((ri, i as u32));
            }
        }
        rows
    }
}

// ---- errors, tokens ----

/// ClickHouse error codes for data the server will never accept (no retry; dead-letter).
pub const DATA_ERROR_CODES: &[i32] = &[
    6,   // CANNOT_PARSE_TEXT
    26,  // CANNOT_PARSE_QUOTED_STRING
    27,  // CANNOT_PARSE_INPUT_ASSERTION_FAILED
    38,  // CANNOT_PARSE_DATE
    41,  // CANNOT_PARSE_DATETIME
    53,  // TYPE_MISMATCH
    69,  // ARGUMENT_OUT_OF_BOUND
    70,  // CANNOT_CONVERT_TYPE
    72,  // CANNOT_PARSE_NUMBER
    117, // INCORRECT_DATA
    131, // TOO_LARGE_STRING_SIZE
    321, // VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE
    349, // CANNOT_INSERT_NULL_IN_ORDINARY_COLUMN
    469, // VIOLATED_CONSTRAINT
];

/// The `Code: N.` of a ClickHouse exception message.
pub fn error_code(msg: &str) -> Option<i32> {
    let i = msg.find("Code: ")?;
    let digits: String = msg[i + 6..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// A data error: the server rejected the rows themselves, or they cannot be serialized.
pub fn is_data_error(e: &ChError) -> bool {
    match e {
        ChError::BadResponse(m) => error_code(m).is_some_and(|c| DATA_ERROR_CODES.contains(&c)),
        ChError::Custom(_)
        | ChError::SequenceMustHaveLength
        | ChError::VariantDiscriminatorIsOutOfBound(_) => true,
        _ => false,
    }
}

fn fnv1a(h: u64, bytes: &[u8]) -> u64 {
    text::fnv1a(h, bytes.iter().copied())
}

/// `insert_deduplication_token` of a set of rows: the table and each row's (run_id,
/// reported_at, index), 128 bits of FNV-1a. The same batch retried gets the same token.
pub fn dedup_token(table: &str, keys: &[(usize, u32)], reports: &[HallucinationReport]) -> String {
    let (mut a, mut b) = (
        fnv1a(FNV_OFFSET, table.as_bytes()),
        fnv1a(FNV_OFFSET ^ 0x9e37_79b9_7f4a_7c15, table.as_bytes()),
    );
    for (ri, idx) in keys {
        let r = &reports[*ri];
        for part in [
            r.run_id.as_bytes(),
            &r.reported_at_unix_nano.to_le_bytes(),
            &idx.to_le_bytes(),
            b"|",
        ] {
            a = fnv1a(a, part);
            b = fnv1a(b, part);
        }
    }
    format!("gc:{table}:{}:{a:016x}{b:016x}", keys.len())
}

fn now_nanos() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use groundcheck_detectors::report::{Action, Claim, ToolCallValidation};

    fn report(id: &str) -> HallucinationReport {
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
            }],
            consistency_probes: vec![],
            overall_score: 0.5,
            action: Action::Block,
            version: "1".into(),
            trace_id: id.into(),
            agent_name: Some("A".into()),
            conversation_id: None,
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

    #[test]
    fn migrations_split_and_substitute() {
        for m in MIGRATIONS {
            let with = m.statements(30);
            let without = m.statements(0);
            assert!(
                !with.is_empty() && with.len() == without.len(),
                "{}",
                m.name
            );
            for s in &with {
                assert!(!s.contains("{ttl"), "placeholder left in {}: {s}", m.name);
                assert!(!s.ends_with(';'), "{s}");
            }
            assert!(
                without.iter().all(|s| !s.contains("TTL ")),
                "no TTL when ttl_days = 0"
            );
        }
        let init = MIGRATIONS[0].statements(30);
        assert_eq!(init.len(), 4);
        assert!(
            init[0].starts_with("CREATE TABLE IF NOT EXISTS runs")
                && init[0].contains("TTL toDateTime(ts) + toIntervalDay(30)"),
            "{}",
            init[0]
        );
        assert_eq!(
            MIGRATIONS.iter().map(|m| m.version).collect::<Vec<_>>(),
            (1..=MIGRATIONS.len() as u32).collect::<Vec<_>>(),
            "versions are 1..n in order"
        );
    }

    #[test]
    fn rows_and_rules() {
        let reports = vec![report("a"), report("b")];
        let rows = Rows::build(&reports);
        assert_eq!(
            (
                rows.runs.len(),
                rows.claims.len(),
                rows.calls.len(),
                rows.probes.len()
            ),
            (2, 2, 2, 0)
        );
        assert_eq!(rows.runs[0].ts, 7, "no end time: report time");
        assert_eq!(rows.runs[0].tool_calls_fabricated, 1);
        assert_eq!(rows.runs[0].claims_critical_flagged, 1);
        assert_eq!(rows.calls[0].error_rules, vec!["provenance", "enum"]);
        assert_eq!(error_rule("no rule"), "other");
        assert!(
            RunRow::COLUMN_NAMES.contains(&"report")
                && ClaimRow::COLUMN_NAMES.contains(&"evidence_texts")
        );
    }

    #[test]
    fn tokens_are_stable_and_distinct() {
        let reports = vec![report("a"), report("b")];
        let k: Vec<(usize, u32)> = vec![(0, 0), (1, 0)];
        assert_eq!(
            dedup_token("runs", &k, &reports),
            dedup_token("runs", &k, &reports.clone())
        );
        assert_ne!(
            dedup_token("runs", &k, &reports),
            dedup_token("claims", &k, &reports)
        );
        assert_ne!(
            dedup_token("runs", &k, &reports),
            dedup_token("runs", &k[..1], &reports)
        );
        assert_ne!(
            dedup_token("runs", &[(0, 0)], &reports),
            dedup_token("runs", &[(1, 0)], &reports)
        );
    }

    #[test]
    fn error_classes() {
        let bad = |m: &str| ChError::BadResponse(m.into());
        assert!(is_data_error(&bad(
            "Code: 117. DB::Exception: Incorrect data (INCORRECT_DATA)"
        )));
        assert!(is_data_error(&bad(
            "Code: 53. DB::Exception: Type mismatch"
        )));
        assert!(is_data_error(&bad(
            "Code: 469. DB::Exception: Constraint `c` is violated"
        )));
        assert!(!is_data_error(&bad(
            "Code: 252. DB::Exception: Too many parts"
        )));
        assert!(!is_data_error(&bad(
            "Code: 241. DB::Exception: Memory limit exceeded"
        )));
        assert!(!is_data_error(&bad("bad response without a code")));
        assert!(!is_data_error(&ChError::TimedOut));
        assert_eq!(error_code("x Code: 27. DB::Exception"), Some(27));
        let e = SinkError::Remote {
            sink: "clickhouse",
            message: "down".into(),
            retryable: true,
        };
        assert!(e.is_retryable());
        assert!(!SinkError::SpillUnsupported("x").is_retryable());
    }

    #[test]
    fn config_checks() {
        assert!(ClickHouseSink::new(ClickHouseConfig::new(
            "http://127.0.0.1:8123",
            "bad-name",
            "/tmp"
        ))
        .is_err());
        assert!(
            ClickHouseSink::new(ClickHouseConfig::new("127.0.0.1:8123", "gc", "/tmp")).is_err()
        );
        assert!(ClickHouseSink::new(ClickHouseConfig::new(
            "http://127.0.0.1:8123",
            "gc_1",
            "/tmp"
        ))
        .is_ok());
    }

    #[tokio::test]
    async fn unreachable_server_is_a_retryable_error_and_spill_writes_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut cfg = ClickHouseConfig::new("http://127.0.0.1:9", "gc", dir.path());
        cfg.timeout = Duration::from_secs(2);
        let sink = ClickHouseSink::new(cfg).unwrap();
        let reports = vec![report("a")];
        let e = sink.write_batch(&reports).await.unwrap_err();
        assert!(e.is_retryable(), "{e}");
        assert!(
            e.to_string().contains("unreachable") && e.to_string().contains("deploy/clickhouse.sh"),
            "{e}"
        );
        sink.spill(&reports).await.unwrap();
        let files: Vec<_> = std::fs::read_dir(sink.spill_dir())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        let text = std::fs::read_to_string(&files[0]).unwrap();
        let back: HallucinationReport = serde_json::from_str(text.trim()).unwrap();
        assert_eq!(back, reports[0]);
    }
}
