//! Wiring of the ClickHouse sink (`groundcheck-sinks`) into `serve`: sink events → metrics,
//! and the startup check (fail fast unless `clickhouse_required` is false).

use crate::metrics::Metrics;
use anyhow::bail;
use groundcheck_sinks::clickhouse::Observer;
use groundcheck_sinks::{ClickHouseConfig, ClickHouseEvent, ClickHouseSink, ReportSink};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

/// The ClickHouse sink and how `serve` treats it at startup (resolved by [`crate::wiring`]).
#[derive(Clone)]
pub struct ClickHouseSetup {
    pub sink: ClickHouseConfig,
    /// Refuse to start when ClickHouse is unusable (false: start, and write once it is up).
    pub required: bool,
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

/// The ClickHouse sink. Connects, migrates and replays spilled batches before returning; when
/// ClickHouse is unusable, fails unless `setup.required` is false (then the sink retries —
/// back-pressuring — until it is up).
pub async fn build(
    setup: ClickHouseSetup,
    metrics: Arc<Metrics>,
) -> anyhow::Result<Arc<dyn ReportSink>> {
    let ClickHouseSetup {
        sink: cfg,
        required,
    } = setup;
    let (url, database, async_insert, ttl_days) = (
        cfg.url.clone(),
        cfg.database.clone(),
        cfg.async_insert,
        cfg.ttl_days,
    );
    let sink = ClickHouseSink::new(cfg)
        .map_err(|e| anyhow::anyhow!("ClickHouse sink: {e}"))?
        .with_observer(observer(metrics.clone()));
    match sink.ensure_ready().await {
        Ok(()) => {
            tracing::info!(url = %url, database = %database, async_insert, ttl_days, "ClickHouse sink ready");
            metrics.set_info("groundcheck_clickhouse_ready", "1");
        }
        Err(e) if required => {
            bail!("{e}\n(start it, e.g. deploy/clickhouse.sh for a local one; or pass --clickhouse-required false to start anyway and write once it is reachable)")
        }
        Err(e) => {
            tracing::warn!(error = %e, "ClickHouse not ready; starting anyway (--clickhouse-required false): reports wait for it (back-pressure) and the JSON Lines sink keeps writing");
            metrics.set_info("groundcheck_clickhouse_ready", "0");
        }
    }
    Ok(Arc::new(sink))
}
