//! Wiring of the ClickHouse sink (`groundcheck-sinks`) into `serve`: settings → config, sink
//! events → metrics, and the startup check (fail fast unless `--clickhouse-required false`).

use crate::config::Settings;
use crate::metrics::Metrics;
use anyhow::bail;
use groundcheck_sinks::clickhouse::Observer;
use groundcheck_sinks::{ClickHouseConfig, ClickHouseEvent, ClickHouseSink, ReportSink};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Duration;

pub fn config(s: &Settings) -> ClickHouseConfig {
    let mut c = ClickHouseConfig::new(
        s.clickhouse_url.trim_end_matches('/'),
        s.clickhouse_database.clone(),
        s.data_dir.clone(),
    );
    c.user = s.clickhouse_user.clone();
    c.password = s.clickhouse_password.clone();
    c.async_insert = s.clickhouse_async_insert;
    c.ttl_days = s.clickhouse_ttl_days;
    c.timeout = Duration::from_millis(s.clickhouse_timeout_ms.max(1));
    c
}

/// Sink events → `groundcheck_clickhouse_*` metrics.
pub fn observer(metrics: Arc<Metrics>) -> Observer {
    Arc::new(move |e: ClickHouseEvent<'_>| match e {
        ClickHouseEvent::Inserted { rows, latency, .. } => {
            metrics
                .clickhouse_rows_written_total
                .fetch_add(rows, Relaxed);
            metrics.clickhouse_inserts_total.fetch_add(1, Relaxed);
            metrics.clickhouse_insert_latency.observe(latency);
        }
        ClickHouseEvent::Failed { retryable, .. } => {
            metrics
                .clickhouse_insert_failures_total
                .fetch_add(1, Relaxed);
            if retryable {
                metrics.clickhouse_retries_total.fetch_add(1, Relaxed);
            }
        }
        ClickHouseEvent::DeadLettered { reports } => {
            metrics
                .clickhouse_dead_lettered_total
                .fetch_add(reports, Relaxed);
        }
        ClickHouseEvent::Spilled { .. } => {}
        ClickHouseEvent::Replayed { reports } => {
            metrics
                .clickhouse_replayed_total
                .fetch_add(reports, Relaxed);
        }
        ClickHouseEvent::Pending { reports } => {
            metrics.clickhouse_pending_reports.store(reports, Relaxed)
        }
    })
}

/// The ClickHouse sink when `--clickhouse-url` is set. Connects, migrates and replays spilled
/// batches before returning; when ClickHouse is unusable, fails unless
/// `--clickhouse-required false` (then the sink retries — back-pressuring — until it is up).
pub async fn build(
    s: &Settings,
    metrics: Arc<Metrics>,
) -> anyhow::Result<Option<Arc<dyn ReportSink>>> {
    if s.clickhouse_url.trim().is_empty() {
        return Ok(None);
    }
    let cfg = config(s);
    let url = cfg.url.clone();
    let sink = ClickHouseSink::new(cfg)
        .map_err(|e| anyhow::anyhow!("ClickHouse sink: {e}"))?
        .with_observer(observer(metrics.clone()));
    match sink.ensure_ready().await {
        Ok(()) => {
            tracing::info!(url = %url, database = %s.clickhouse_database, async_insert = s.clickhouse_async_insert, ttl_days = s.clickhouse_ttl_days, "ClickHouse sink ready");
            metrics.set_info("groundcheck_clickhouse_ready", "1");
        }
        Err(e) if s.clickhouse_required => {
            bail!("{e}\n(start it, e.g. deploy/clickhouse.sh for a local one; or pass --clickhouse-required false to start anyway and write once it is reachable)")
        }
        Err(e) => {
            tracing::warn!(error = %e, "ClickHouse not ready; starting anyway (--clickhouse-required false): reports wait for it (back-pressure) and the JSON Lines sink keeps writing");
            metrics.set_info("groundcheck_clickhouse_ready", "0");
        }
    }
    Ok(Some(Arc::new(sink)))
}
