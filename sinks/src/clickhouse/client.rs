//! The write path: one INSERT per table (the four tables concurrently), data errors bisected
//! to the rejected rows and dead-lettered, spill at shutdown and replay at the next start,
//! and the [`ReportSink`] implementation.

use super::errors::{error_code, is_data_error};
use super::rows::{ClaimRow, ProbeRow, RowKey, Rows, RunRow, ToolCallRow};
use super::tokens::dedup_token;
use super::{ClickHouseEvent, ClickHouseSink};
use crate::jsonl::civil_from_days;
use crate::{ReportSink, SinkError};
use ::clickhouse::error::Error as ChError;
use ::clickhouse::RowWrite;
use async_trait::async_trait;
use groundcheck_detectors::report::HallucinationReport;
use std::path::Path;
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use tokio::io::AsyncWriteExt;

impl ClickHouseSink {
    /// Write spilled batches (oldest first), each exactly as it was spilled (same dedup tokens).
    pub(super) async fn replay_spilled(&self) -> Result<(), SinkError> {
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
            // A spilled batch failed before: its outcome is unknown, so its rows are read back.
            self.write_reports(&reports, true).await?;
            tokio::fs::remove_file(&f).await.map_err(io)?;
            self.emit(ClickHouseEvent::Replayed {
                reports: reports.len() as u64,
            });
            tracing::info!(file = %f.display(), reports = reports.len(), "ClickHouse: replayed spilled batch");
        }
        Ok(())
    }

    /// One INSERT per table (concurrently); data errors dead-lettered. `suspect`: every INSERT
    /// is checked by reading its rows back (see `write_table`).
    async fn write_reports(
        &self,
        reports: &[HallucinationReport],
        suspect: bool,
    ) -> Result<(), SinkError> {
        if reports.is_empty() {
            return Ok(());
        }
        self.emit(ClickHouseEvent::Pending {
            reports: reports.len() as u64,
        });
        let rows = Rows::build(reports);
        let (a, b, c, d) = tokio::join!(
            self.write_table::<RunRow<'_>>("runs", &rows.runs, &rows.run_keys, reports, suspect),
            self.write_table::<ClaimRow<'_>>(
                "claims",
                &rows.claims,
                &rows.claim_keys,
                reports,
                suspect
            ),
            self.write_table::<ToolCallRow<'_>>(
                "tool_call_validations",
                &rows.calls,
                &rows.call_keys,
                reports,
                suspect
            ),
            self.write_table::<ProbeRow<'_>>(
                "consistency_probes",
                &rows.probes,
                &rows.probe_keys,
                reports,
                suspect
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
    ///
    /// An INSERT that succeeds after the same rows failed transiently (or with `suspect`) is
    /// checked: a non-replicated MergeTree writes a block's token to its deduplication log
    /// before it commits the part, so a server killed in between keeps the token without the
    /// rows, and the retry is then "deduplicated" against nothing. The rows' keys are read back
    /// and the missing rows written again under a new token.
    async fn write_table<T: RowWrite>(
        &self,
        table: &'static str,
        rows: &[T::Value<'_>],
        keys: &[RowKey],
        reports: &[HallucinationReport],
        suspect: bool,
    ) -> Result<Vec<DeadRow>, SinkError> {
        let mut dead = Vec::new();
        let mut stack = vec![(0usize, rows.len())];
        while let Some((lo, hi)) = stack.pop() {
            if lo >= hi {
                continue;
            }
            let token = dedup_token(table, &keys[lo..hi], reports);
            let t = Instant::now();
            let all: Vec<usize> = (lo..hi).collect();
            let res = self.insert_rows::<T>(table, rows, &all, &token).await;
            let res = match res {
                Ok(()) => {
                    self.emit(ClickHouseEvent::Inserted {
                        table,
                        rows: (hi - lo) as u64,
                        latency: t.elapsed(),
                    });
                    let retried = self.unconfirmed.lock().unwrap().contains(&token);
                    if suspect || retried {
                        self.ensure_stored::<T>(table, rows, keys, reports, lo..hi, &token)
                            .await
                    } else {
                        Ok(())
                    }
                }
                Err(e) => Err(e),
            };
            match res {
                Ok(()) => {
                    self.unconfirmed.lock().unwrap().remove(&token);
                }
                Err(e) => {
                    let data = is_data_error(&e);
                    let msg = e.to_string();
                    if !data {
                        self.unconfirmed.lock().unwrap().insert(token.clone());
                    }
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
                        tracing::warn!(table, run_id = %reports[keys[lo].report].run_id, error = %msg, "ClickHouse rejected a row; dead-lettered");
                        dead.push(DeadRow {
                            report: keys[lo].report,
                            table,
                            error: msg,
                        });
                    }
                }
            }
        }
        Ok(dead)
    }

    /// One INSERT of `rows[i]` for each `i` in `idx`, with `token`.
    async fn insert_rows<T: RowWrite>(
        &self,
        table: &'static str,
        rows: &[T::Value<'_>],
        idx: &[usize],
        token: &str,
    ) -> Result<(), ChError> {
        self.timed(async {
            let mut ins = self
                .client
                .insert::<T>(table)
                .await?
                .with_setting("insert_deduplication_token", token.to_owned());
            for &i in idx {
                ins.write(&rows[i]).await?;
            }
            ins.end().await
        })
        .await
    }

    /// Read back the keys of `rows[range]` and write the missing rows again, each time under a
    /// new token (`{token of the missing rows}:v{n}`; the same `n` on the next attempt, so that
    /// a write whose answer was lost is deduplicated, and a new `n` when that token too was
    /// kept without its rows). `Err` (transient) when rows are still missing.
    async fn ensure_stored<T: RowWrite>(
        &self,
        table: &'static str,
        rows: &[T::Value<'_>],
        keys: &[RowKey],
        reports: &[HallucinationReport],
        range: std::ops::Range<usize>,
        token: &str,
    ) -> Result<(), ChError> {
        // (run_id, reported_at) for runs, (run_id, index) for the others.
        let key_of = |k: &RowKey| {
            let r = &reports[k.report];
            let second = if table == "runs" {
                r.reported_at_unix_nano.min(i64::MAX as u64) as i64
            } else {
                i64::from(k.index)
            };
            (r.run_id.as_str(), second)
        };
        let second_col = match table {
            "runs" => "toUnixTimestamp64Nano(reported_at)",
            "claims" => "toInt64(claim_index)",
            "tool_call_validations" => "toInt64(call_index)",
            _ => "toInt64(probe_index)",
        };
        let mut ids: Vec<&str> = keys[range.clone()]
            .iter()
            .map(|k| reports[k.report].run_id.as_str())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        for generation in 1..=5u32 {
            let present: std::collections::HashSet<(String, i64)> = self
                .timed(
                    self.client
                        .query(&format!(
                            "SELECT run_id, {second_col} FROM {table} WHERE run_id IN ?"
                        ))
                        .bind(&ids)
                        .fetch_all::<(String, i64)>(),
                )
                .await
                // Never a data error (that would dead-letter the rows): transient.
                .map_err(|e| {
                    ChError::BadResponse(format!(
                        "reading back the rows of INSERT INTO {table}: {}",
                        e.to_string().replace("Code: ", "code ")
                    ))
                })?
                .into_iter()
                .collect();
            let missing: Vec<usize> = range
                .clone()
                .filter(|&i| {
                    let (id, second) = key_of(&keys[i]);
                    !present.contains(&(id.to_owned(), second))
                })
                .collect();
            if missing.is_empty() {
                return Ok(());
            }
            let missing_keys: Vec<RowKey> = missing.iter().map(|&i| keys[i]).collect();
            let new_token = format!(
                "{}:v{generation}",
                dedup_token(table, &missing_keys, reports)
            );
            tracing::warn!(
                table,
                rows = missing.len(),
                token,
                new_token,
                "ClickHouse acknowledged an INSERT whose rows are not in the table (its token was kept by a server that stopped before committing them); writing them again"
            );
            self.insert_rows::<T>(table, rows, &missing, &new_token)
                .await?;
        }
        // Transient (not `Custom`, a data error): the batch is retried.
        Err(ChError::BadResponse(format!(
            "INSERT INTO {table}: rows still missing after acknowledged writes"
        )))
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
        self.write_reports(reports, false).await
    }

    /// `{data_dir}/clickhouse-spill/spill-<unix nanos>-<token>.jsonl`, written to a temporary
    /// name, synced, renamed.
    async fn spill(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
        let dir = self.spill_dir();
        let keys: Vec<RowKey> = (0..reports.len())
            .map(|report| RowKey { report, index: 0 })
            .collect();
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

fn now_nanos() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clickhouse::testing::report;
    use crate::clickhouse::ClickHouseConfig;
    use std::time::Duration;

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
