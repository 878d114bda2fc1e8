//! A worker job: Stages 2–4 of one run on the worker pool, redaction, and the report's way
//! into the sink queue.

use super::*;

/// On a worker thread: Stage 2; then either Stages 3–4 right away, or — when the LLM judge or
/// prober has work for this run — hand the run to the I/O runtime, which awaits the endpoint
/// (bounded by the deadline), completes the report and sends it to the sinks. The worker
/// never waits on the network.
pub(super) fn worker_job(
    detector: &Arc<Detector>,
    job: Job,
    sink_tx: &mpsc::Sender<SinkItem>,
    metrics: &Arc<Metrics>,
    async_stage: &AsyncStage,
    escalations: &Arc<std::sync::Mutex<Escalations>>,
    redactor: &Arc<Redactor>,
) {
    let Job {
        acks,
        run,
        validations,
        finished_at,
        panic,
        profile,
        mut timeline,
    } = job;
    timeline.worker_start = SystemTime::now();
    let run = Arc::new(run);
    if let Some(p) = panic {
        // Assembly or Stage 1 panicked: report what there is, say why, carry on.
        let mut report = detector.panic_report(&run, validations, &p, now_unix_nano());
        report.profile = profile.gating.profile.clone();
        let report = redacted(report, &run, redactor);
        send_report(report, finished_at, acks, timeline, sink_tx, metrics);
        return;
    }
    let kept = validations.clone();
    // Groundedness off (e.g. `creative`): no claims scored, so no judge or probes either.
    let stage2 = if profile.gating.groundedness {
        isolate("stage2", || detector.stage2_for(&run, &profile.gating))
    } else {
        Ok(Stage2Result::default())
    };
    let mut stage2 = match stage2 {
        Ok(stage2) => stage2,
        Err(p) => {
            record_panic(&run.run_id, &p, metrics);
            let mut report = detector.panic_report(&run, kept, &p, now_unix_nano());
            report.profile = profile.gating.profile.clone();
            let report = redacted(report, &run, redactor);
            send_report(report, finished_at, acks, timeline, sink_tx, metrics);
            return;
        }
    };
    timeline.stage2_done = SystemTime::now();
    timeline.stage3_done = timeline.stage2_done;
    record_bounds(&stage2.bounds, metrics);
    let work = detector.async_work_for(&run, &stage2, &profile.gating.probe_kinds);
    if !work.is_empty() {
        match async_stage.pending.clone().try_acquire_owned() {
            Ok(slot) => {
                metrics.stage3_runs_pending.fetch_add(1, Relaxed);
                let (detector, sink_tx, metrics, deadline, escalations, redactor) = (
                    detector.clone(),
                    sink_tx.clone(),
                    metrics.clone(),
                    async_stage.deadline,
                    escalations.clone(),
                    redactor.clone(),
                );
                async_stage.rt.spawn(async move {
                    let t = Instant::now();
                    let both = async { tokio::join!(maybe(work.judge), maybe(work.probes)) };
                    let mut results = match tokio::time::timeout(deadline, both).await {
                        Ok((judge, probes)) => AsyncResults {
                            judge,
                            probes,
                            elapsed: Duration::ZERO,
                        },
                        Err(_) => {
                            stage2.notes.push(format!(
                                "stage3: LLM work abandoned after {} ms",
                                deadline.as_millis()
                            ));
                            AsyncResults::default()
                        }
                    };
                    results.elapsed = t.elapsed();
                    timeline.stage3_done = SystemTime::now();
                    let report = complete_stages(
                        &detector,
                        &run,
                        validations,
                        stage2,
                        results,
                        &metrics,
                        (&profile, &escalations),
                    );
                    timeline.stage4_done = SystemTime::now();
                    let report = redacted(report, &run, &redactor);
                    metrics.stage3_runs_pending.fetch_sub(1, Relaxed);
                    drop(slot);
                    let item = SinkItem {
                        report,
                        run_finished_at: finished_at,
                        acks,
                        timeline,
                    };
                    if let Err(mpsc::error::SendError(unsent)) = sink_tx.send(item).await {
                        metrics.sink_reports_dropped_total.fetch_add(1, Relaxed);
                        tracing::error!("sink runner gone: report dropped");
                        reject_all(unsent.acks, RejectReason::SinkRunnerGone);
                    }
                });
                return;
            }
            Err(_) => {
                drop(work);
                metrics.stage3_runs_skipped_total.fetch_add(1, Relaxed);
                stage2.notes.push(format!("stage3: skipped: {} runs already waiting for the LLM endpoint (llm_max_pending_runs)", async_stage.max_pending));
            }
        }
    }
    let report = complete_stages(
        detector,
        &run,
        validations,
        stage2,
        AsyncResults::default(),
        metrics,
        (&profile, escalations),
    );
    timeline.stage4_done = SystemTime::now();
    let report = redacted(report, &run, redactor);
    send_report(report, finished_at, acks, timeline, sink_tx, metrics);
}

/// The report as it may leave the process (detection is done; see the module docs).
pub(super) fn redacted(
    mut report: HallucinationReport,
    run: &AgentRun,
    r: &Redactor,
) -> HallucinationReport {
    redact_report(r, &mut report, Some(run));
    report
}

/// From a worker thread: hand a report to the sink runner (waits while its queue is full).
pub(super) fn send_report(
    report: HallucinationReport,
    finished_at: Instant,
    acks: Vec<AckToken>,
    timeline: RunTimeline,
    sink_tx: &mpsc::Sender<SinkItem>,
    metrics: &Metrics,
) {
    let item = SinkItem {
        report,
        run_finished_at: finished_at,
        acks,
        timeline,
    };
    if let Err(mpsc::error::SendError(unsent)) = sink_tx.blocking_send(item) {
        metrics.sink_reports_dropped_total.fetch_add(1, Relaxed);
        tracing::error!("sink runner gone: report dropped");
        reject_all(unsent.acks, RejectReason::SinkRunnerGone);
    }
}

/// Judge verdicts, probes and Stage 4 under the run's profile, then escalation across its
/// conversation, with metrics.
pub(super) fn complete_stages(
    detector: &Detector,
    run: &AgentRun,
    validations: Vec<ToolCallValidation>,
    stage2: Stage2Result,
    results: AsyncResults,
    metrics: &Metrics,
    (profile, escalations): (&Profile, &std::sync::Mutex<Escalations>),
) -> HallucinationReport {
    let had_async = results.judge.is_some() || results.probes.is_some();
    let kept = validations.clone();
    let (mut report, timings) = match isolate("stage4", || {
        detector.complete_with(
            run,
            validations,
            stage2,
            results,
            now_unix_nano(),
            Some(&profile.gating),
        )
    }) {
        Ok(done) => done,
        Err(p) => {
            record_panic(&run.run_id, &p, metrics);
            let mut report = detector.panic_report(run, kept, &p, now_unix_nano());
            report.profile = profile.gating.profile.clone();
            (report, StageTimings::default())
        }
    };
    if let Ok(mut e) = escalations.lock() {
        let a = e.apply(&mut report, profile.escalate_after, Instant::now());
        metrics
            .escalation_conversations
            .store(e.len() as u64, Relaxed);
        metrics
            .escalation_evictions_total
            .fetch_add(a.evicted as u64, Relaxed);
        if a.escalated {
            metrics.escalations_total.fetch_add(1, Relaxed);
            tracing::info!(run_id = %report.run_id, conversation_id = ?report.conversation_id, profile = %report.profile, "revise escalated to block: {}", crate::escalation::NOTE);
        }
    }
    record_report(&report, timings, had_async, metrics);
    report
}

pub(super) fn record_report(
    report: &HallucinationReport,
    timings: StageTimings,
    stage3: bool,
    metrics: &Metrics,
) {
    metrics.stage2_latency.observe(timings.stage2);
    if stage3 {
        metrics.stage3_latency.observe(timings.stage3);
    }
    metrics.stage4_latency.observe(timings.stage4);
    metrics.reports_total.fetch_add(1, Relaxed);
    match report.action {
        Action::Emit => metrics.reports_emit_total.fetch_add(1, Relaxed),
        Action::Revise => metrics.reports_revise_total.fetch_add(1, Relaxed),
        Action::Block => metrics.reports_block_total.fetch_add(1, Relaxed),
    };
}

/// Stages 2–4 with metrics, synchronously (LLM futures, if any, are blocked on).
pub fn run_stages(
    detector: &Detector,
    run: AgentRun,
    validations: Vec<ToolCallValidation>,
    metrics: &Metrics,
) -> HallucinationReport {
    let stage3 = detector.judge.is_some() || detector.prober.is_some();
    let (report, timings) = detector.finish_timed(&run, validations, now_unix_nano());
    record_report(&report, timings, stage3, metrics);
    report
}
