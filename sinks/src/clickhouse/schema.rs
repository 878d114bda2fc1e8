//! Schema: the versioned migrations embedded from `deploy/clickhouse/NNN_name.sql`, their
//! placeholders (`{ttl_ts}`, `{ttl_minute}`), and the startup steps that apply them: database
//! and `schema_migrations` created if missing, pending migrations applied in order, the
//! columns the sink writes checked, TTLs aligned with `ttl_days`.

use super::rows::{ClaimRow, ProbeRow, RunRow, ToolCallRow};
use super::tokens::fnv1a;
use super::ClickHouseSink;
use crate::SinkError;
use ::clickhouse::Row;
use groundcheck_detectors::text::FNV_OFFSET;

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
        sql: include_str!("../../../deploy/clickhouse/001_init.sql"),
    },
    Migration {
        version: 2,
        name: "002_minute_rollups",
        sql: include_str!("../../../deploy/clickhouse/002_minute_rollups.sql"),
    },
    Migration {
        version: 3,
        name: "003_probe_status",
        sql: include_str!("../../../deploy/clickhouse/003_probe_status.sql"),
    },
    Migration {
        version: 4,
        name: "004_tenant",
        sql: include_str!("../../../deploy/clickhouse/004_tenant.sql"),
    },
    Migration {
        version: 5,
        name: "005_profile",
        sql: include_str!("../../../deploy/clickhouse/005_profile.sql"),
    },
    Migration {
        version: 6,
        name: "006_flagged_kinds",
        sql: include_str!("../../../deploy/clickhouse/006_flagged_kinds.sql"),
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

impl ClickHouseSink {
    /// Create the database and tables, apply pending migrations, check the columns the sink
    /// writes, align TTLs.
    pub(super) async fn prepare(&self) -> Result<(), SinkError> {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
