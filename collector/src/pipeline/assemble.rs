//! The assembler task: spans from the receivers into open runs, finished runs through
//! Stage 1 inline and onto the worker pool (bounded by its permits), runs handed back when
//! their Kafka partitions are revoked.

use super::*;

/// The assembler task: spans in, finished runs out to [`dispatch`]; at close, every open run
/// is finished and every job awaited before the sink queue closes.
pub(super) async fn assembler_loop(
    mut rx: mpsc::Receiver<IngestMsg>,
    mut close_rx: oneshot::Receiver<()>,
    mut buffer: RunBuffer,
    to: Dispatch,
) {
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut closing = false;
    let mut inline_schemas: HashMap<String, serde_json::Value> = HashMap::new();
    loop {
        let finished = tokio::select! {
            biased;
            _ = &mut close_rx, if !closing => {
                closing = true;
                rx.close();
                continue;
            }
            msg = rx.recv() => match msg {
                Some(IngestMsg::Spans { spans, ack, .. }) => {
                    inline_stage1(&to.detector, &mut inline_schemas, &spans, &to.metrics);
                    buffer.insert_acked(spans, ack, Instant::now())
                }
                Some(IngestMsg::HandBack { partitions, reply }) => {
                    let _ = reply.send(hand_back(&mut buffer, &partitions, &to.metrics));
                    Vec::new()
                }
                None => break,
            },
            _ = tick.tick() => buffer.tick(Instant::now()),
        };
        record_buffer(&buffer, &to.metrics);
        dispatch(finished, &to).await;
    }
    let rest = buffer.drain(false);
    tracing::info!(runs = rest.len(), "shutdown: finishing open runs");
    record_buffer(&buffer, &to.metrics);
    dispatch(rest, &to).await;
    // Wait for every job to finish before the sink channel closes (runs still waiting for the
    // LLM endpoint hold their own sender; they end by their deadline).
    let _all = to
        .worker_slots
        .acquire_many(to.worker_slot_count as u32)
        .await;
}

/// Stage 1 inline, per tool span as it arrives (schema only, against the schema last seen
/// declared for the tool on any span, else the registry): a bad call is logged and counted
/// before its run finishes. The run-level check in [`dispatch`] stays authoritative (it adds
/// provenance and retry linking, and its result goes into the report).
pub(crate) fn inline_stage1(
    detector: &Detector,
    seen: &mut HashMap<String, serde_json::Value>,
    spans: &[NormalizedSpan],
    metrics: &Metrics,
) {
    for d in spans.iter().flat_map(|s| s.facts.tools.iter()) {
        if let Some(p) = &d.parameters {
            if seen.get(&d.name) != Some(p) {
                if seen.len() >= 4096 {
                    seen.clear();
                }
                seen.insert(d.name.clone(), p.clone());
            }
        }
    }
    for s in spans {
        let Some(exec) = &s.facts.tool else { continue };
        let Some(args) = exec.arguments.as_deref() else {
            continue;
        };
        let call_id = exec
            .call_id
            .clone()
            .unwrap_or_else(|| format!("span-{}", groundcheck_detectors::span::hex(&s.span_id)));
        let Some(v) =
            detector
                .stage1
                .check_inline(&exec.name, &call_id, Some(args), seen.get(&exec.name))
        else {
            continue;
        };
        metrics.stage1_inline_tool_calls_total.fetch_add(1, Relaxed);
        if v.status.is_rejection() {
            metrics.stage1_inline_rejected_total.fetch_add(1, Relaxed);
            tracing::info!(run_id = %groundcheck_detectors::span::hex(&s.trace_id), tool = %v.tool, call_id = %v.call_id, status = v.status.as_str(), errors = ?v.errors, "stage 1 (inline) rejected a tool call");
        }
    }
}

/// Remove the open runs of revoked partitions (see [`RunBuffer::hand_back`]); returns the
/// lowest record offset handed back per partition (the committer's fence). The handed-back
/// runs' tokens are rejected here ([`RejectReason::HandedBack`]: their offsets are fenced).
pub(super) fn hand_back(
    buffer: &mut RunBuffer,
    partitions: &[Tp],
    metrics: &Metrics,
) -> Vec<(Tp, i64)> {
    let runs = buffer.hand_back(partitions);
    // Runs that stay open but hold records of these partitions (split across partitions, or
    // mixed with OTLP spans) are not waited for: their records are fenced too.
    let held = buffer.held_records(partitions);
    let mut low: HashMap<Tp, i64> = HashMap::new();
    let mut spans = 0;
    for r in &runs {
        spans += r.spans;
    }
    let handed_back = runs
        .iter()
        .flat_map(|r| r.acks.iter())
        .map(|a| (a.tp(), a.offset()));
    for (tp, offset) in handed_back.chain(held.iter().map(|(tp, offset)| (tp, *offset))) {
        let lowest = low.entry(tp.clone()).or_insert(offset);
        *lowest = (*lowest).min(offset);
    }
    metrics
        .kafka_runs_handed_back_total
        .fetch_add(runs.len() as u64, Relaxed);
    if !runs.is_empty() {
        tracing::info!(runs = runs.len(), spans, partitions = ?partitions.iter().map(|p| p.to_string()).collect::<Vec<_>>(), "kafka: handed back open runs of revoked partitions");
    }
    reject_all(
        runs.into_iter().flat_map(|r| r.acks),
        RejectReason::HandedBack,
    );
    record_buffer(buffer, metrics);
    low.into_iter().collect()
}

pub(super) fn record_buffer(buffer: &RunBuffer, metrics: &Metrics) {
    metrics
        .assembler_runs_open
        .store(buffer.open_runs() as u64, Relaxed);
    metrics
        .assembler_runs_open_bytes
        .store(buffer.open_bytes() as u64, Relaxed);
    metrics
        .assembler_late_spans_total
        .store(buffer.stats.late_spans, Relaxed);
    metrics
        .assembler_tenant_mismatch_spans_total
        .store(buffer.stats.tenant_mismatch, Relaxed);
    metrics
        .assembler_late_runs_total
        .store(buffer.stats.late_runs, Relaxed);
    metrics
        .assembler_runs_evicted_total
        .store(buffer.stats.evicted, Relaxed);
    metrics
        .assembler_runs_truncated_total
        .store(buffer.stats.truncated, Relaxed);
}

/// Count each finished run, run Stage 1 on it, and queue it for the worker pool (waiting for
/// a worker slot when all are taken: backpressure).
pub(super) async fn dispatch(finished: Vec<FinishedRun>, to: &Dispatch) {
    let Dispatch {
        detector,
        pool,
        worker_slots,
        sink_tx,
        metrics,
        async_stage,
        conversations,
        profiles,
        escalations,
        redactor,
        ..
    } = to;
    for mut f in finished {
        let finished_at = Instant::now();
        let mut timeline = RunTimeline::at(SystemTime::now());
        timeline.opened = timeline.assembled - f.opened_at.elapsed();
        timeline.spans = f.spans.len();
        if f.reason.incomplete_reason().is_some() {
            metrics
                .assembler_runs_incomplete_total
                .fetch_add(1, Relaxed);
        } else {
            metrics.assembler_runs_completed_total.fetch_add(1, Relaxed);
        }
        let acks = std::mem::take(&mut f.acks);
        if let Some(first) = acks.first() {
            if acks.iter().any(|a| a.tp() != first.tp()) {
                metrics.kafka_runs_split_total.fetch_add(1, Relaxed);
                tracing::warn!(
                    run_id = %groundcheck_detectors::span::hex(&f.trace_id),
                    partitions = ?acks.iter().map(|a| a.tp().to_string()).collect::<std::collections::BTreeSet<_>>(),
                    "kafka: run's spans arrived on several partitions (producer not partitioning by trace id?)"
                );
            }
        }
        let (mut run, mut panic) = to_agent_run(f);
        if let Some(p) = &panic {
            record_panic(&run.run_id, p, metrics);
        }
        if let Ok(mut cache) = conversations.lock() {
            let a = cache.apply(&mut run, finished_at);
            metrics
                .conversation_cache_conversations
                .store(cache.len() as u64, Relaxed);
            metrics
                .conversation_cache_hits_total
                .fetch_add(u64::from(a.hit), Relaxed);
            metrics
                .conversation_cache_calls_supplied_total
                .fetch_add(a.supplied as u64, Relaxed);
            metrics
                .conversation_cache_evictions_total
                .fetch_add(a.evicted as u64, Relaxed);
        }
        let profile = profiles.select(&run);
        // Stage 1 inline, on the assembly path.
        let t = Instant::now();
        let validations = match isolate("stage1", || detector.stage1(&run)) {
            Ok(v) => v,
            Err(p) => {
                record_panic(&run.run_id, &p, metrics);
                panic = Some(p);
                Vec::new()
            }
        };
        metrics.stage1_latency.observe(t.elapsed());
        timeline.stage1_done = SystemTime::now();
        metrics
            .stage1_tool_calls_total
            .fetch_add(validations.len() as u64, Relaxed);
        for v in validations.iter().filter(|v| v.status.is_rejection()) {
            metrics
                .stage1_tool_calls_rejected_total
                .fetch_add(1, Relaxed);
            tracing::info!(run_id = %run.run_id, tool = %v.tool, call_id = %v.call_id, status = v.status.as_str(), errors = ?v.errors, "stage 1 rejected a tool call");
        }
        let job = Job {
            acks,
            run,
            validations,
            finished_at,
            panic,
            profile,
            timeline,
        };
        let permit = match worker_slots.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                metrics.worker_backpressure_total.fetch_add(1, Relaxed);
                match worker_slots.clone().acquire_owned().await {
                    Ok(p) => p,
                    Err(_) => {
                        reject_all(job.acks, RejectReason::WorkerPoolClosed);
                        return;
                    }
                }
            }
        };
        metrics.worker_queue_depth.fetch_add(1, Relaxed);
        let detector = detector.clone();
        let sink_tx = sink_tx.clone();
        let metrics = metrics.clone();
        let async_stage = async_stage.clone();
        let escalations = escalations.clone();
        let redactor = redactor.clone();
        pool.spawn(move || {
            worker_job(
                &detector,
                job,
                &sink_tx,
                &metrics,
                &async_stage,
                &escalations,
                &redactor,
            );
            metrics.worker_queue_depth.fetch_sub(1, Relaxed);
            drop(permit);
        });
    }
}
