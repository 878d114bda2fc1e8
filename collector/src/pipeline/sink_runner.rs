//! The sink runner: batches of reports written to every sink, then their Kafka records
//! acknowledged or rejected (see the module docs of [`super`]).

use super::*;

pub(super) async fn sink_loop(
    mut rx: mpsc::Receiver<SinkItem>,
    sinks: Vec<Arc<dyn ReportSink>>,
    batch_size: usize,
    flush: Duration,
    metrics: Arc<Metrics>,
    shutdown_deadline: tokio::sync::watch::Receiver<Option<tokio::time::Instant>>,
) {
    let mut batch: Vec<SinkItem> = Vec::with_capacity(batch_size);
    loop {
        let first = match rx.recv().await {
            Some(r) => r,
            None => break,
        };
        batch.push(first);
        let deadline = tokio::time::Instant::now() + flush;
        while batch.len() < batch_size {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(r)) => batch.push(r),
                Ok(None) | Err(_) => break,
            }
        }
        metrics.sink_queue_depth.store(rx.len() as u64, Relaxed);
        write_all(&sinks, &mut batch, &metrics, &shutdown_deadline).await;
    }
}

/// Resolves once the shutdown deadline is set and has passed (never before shutdown).
pub(super) async fn deadline_passed(
    rx: &mut tokio::sync::watch::Receiver<Option<tokio::time::Instant>>,
) {
    let deadline = match rx.wait_for(Option::is_some).await {
        Ok(d) => *d,
        Err(_) => None,
    };
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}

/// Write a batch to every sink (the sinks concurrently), retrying transient errors with
/// backoff until each sink has acknowledged it. Non-retryable errors drop the batch for that
/// sink, counted and logged. Once the shutdown deadline has passed, a sink still failing is
/// asked to spill the batch to disk (written on its next start); a sink that cannot spill keeps
/// being retried.
pub(super) async fn write_all(
    sinks: &[Arc<dyn ReportSink>],
    batch: &mut Vec<SinkItem>,
    metrics: &Arc<Metrics>,
    shutdown_deadline: &tokio::sync::watch::Receiver<Option<tokio::time::Instant>>,
) {
    let reports: Arc<[HallucinationReport]> =
        batch.iter().map(|item| item.report.clone()).collect();
    let sinks_start = SystemTime::now();
    let mut writes = tokio::task::JoinSet::new();
    for sink in sinks {
        writes.spawn(write_one(
            sink.clone(),
            reports.clone(),
            metrics.clone(),
            shutdown_deadline.clone(),
        ));
    }
    let mut written = true;
    while let Some(joined) = writes.join_next().await {
        match joined {
            Ok(SinkOutcome::Written | SinkOutcome::Refused) => {}
            Ok(SinkOutcome::Spilled) => written = false,
            Err(e) => {
                written = false;
                tracing::error!(error = %e, "sink write task failed");
            }
        }
    }
    metrics
        .sink_reports_written_total
        .fetch_add(batch.len() as u64, Relaxed);
    let sinks_done = SystemTime::now();
    for item in batch.iter() {
        metrics.run_latency.observe(item.run_finished_at.elapsed());
        if crate::otel::selftelemetry::enabled() {
            crate::otel::selftelemetry::record_run(
                &item.report,
                &item.timeline,
                sinks_start,
                sinks_done,
            );
        }
    }
    let acks = batch.drain(..).flat_map(|item| item.acks);
    if written {
        ack_all(acks);
    } else {
        // Spilled to local disk (or a sink task died): not delivered in Kafka's sense. Never
        // commit the records, so the partition's next owner writes them again (sinks dedupe
        // by run_id / insert token).
        reject_all(acks, RejectReason::NotWritten);
    }
}

/// What became of a batch at one sink.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SinkOutcome {
    /// The sink acknowledged the batch.
    Written,
    /// The sink refused the batch for good (a configuration or permanent error; counted in
    /// `sink_reports_dropped_total`). Retrying would not help: the batch counts as disposed of.
    Refused,
    /// Shutting down, the sink still failed and parked the batch on local disk.
    Spilled,
}

/// One sink's part of [`write_all`]: transient errors are retried with backoff; past the
/// shutdown deadline the batch is spilled.
pub(super) async fn write_one(
    sink: Arc<dyn ReportSink>,
    reports: Arc<[HallucinationReport]>,
    metrics: Arc<Metrics>,
    mut shutdown_deadline: tokio::sync::watch::Receiver<Option<tokio::time::Instant>>,
) -> SinkOutcome {
    let mut backoff = Duration::from_millis(100);
    loop {
        let t = Instant::now();
        match sink.write_batch(&reports).await {
            Ok(()) => {
                metrics.sink_latency.observe(t.elapsed());
                return SinkOutcome::Written;
            }
            Err(e) if e.is_retryable() => {
                metrics.sink_write_errors_total.fetch_add(1, Relaxed);
                let past_deadline = shutdown_deadline
                    .borrow()
                    .is_some_and(|d| tokio::time::Instant::now() >= d);
                if past_deadline {
                    match sink.spill(&reports).await {
                        Ok(()) => {
                            metrics
                                .sink_reports_spilled_total
                                .fetch_add(reports.len() as u64, Relaxed);
                            tracing::warn!(sink = sink.name(), error = %e, reports = reports.len(), "shutting down: sink still failing; batch spilled to disk");
                            return SinkOutcome::Spilled;
                        }
                        Err(se) => {
                            tracing::error!(sink = sink.name(), error = %se, "shutting down: cannot spill the batch; still retrying")
                        }
                    }
                }
                tracing::warn!(sink = sink.name(), error = %e, retry_in_ms = backoff.as_millis() as u64, "sink write failed; retrying");
                if past_deadline {
                    tokio::time::sleep(backoff).await;
                } else {
                    // Retry early when the shutdown deadline passes (then spill).
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {}
                        _ = deadline_passed(&mut shutdown_deadline) => {}
                    }
                }
                backoff = (backoff * 2).min(Duration::from_secs(10));
            }
            Err(e) => {
                metrics
                    .sink_reports_dropped_total
                    .fetch_add(reports.len() as u64, Relaxed);
                if e.kind() == SinkErrorKind::Config {
                    tracing::error!(sink = sink.name(), error = %e, reports = reports.len(), "sink is misconfigured; batch dropped");
                } else {
                    tracing::error!(sink = sink.name(), error = %e, reports = reports.len(), "sink rejected batch; dropped");
                }
                return SinkOutcome::Refused;
            }
        }
    }
}
