//! Self-telemetry: Prometheus text exposition of the collector's own counters.
//!
//! Every component counts what it accepted, refused and dropped; nothing is lost without a
//! counter moving. Names follow `groundcheck_<component>_<what>_total`.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// A fixed-bucket histogram (seconds).
pub struct Histogram {
    bounds: &'static [f64],
    counts: Vec<AtomicU64>,
    sum_micros: AtomicU64,
    count: AtomicU64,
}

const LATENCY_BOUNDS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

impl Histogram {
    fn new() -> Self {
        Histogram {
            bounds: LATENCY_BOUNDS,
            counts: LATENCY_BOUNDS.iter().map(|_| AtomicU64::new(0)).collect(),
            sum_micros: AtomicU64::new(0),
            count: AtomicU64::new(0),
        }
    }
    pub fn observe(&self, d: Duration) {
        let s = d.as_secs_f64();
        for (i, b) in self.bounds.iter().enumerate() {
            if s <= *b {
                self.counts[i].fetch_add(1, Relaxed);
            }
        }
        self.sum_micros.fetch_add(d.as_micros() as u64, Relaxed);
        self.count.fetch_add(1, Relaxed);
    }
    fn render(&self, out: &mut String, name: &str, labels: &str) {
        let sep = if labels.is_empty() { "" } else { "," };
        for (i, b) in self.bounds.iter().enumerate() {
            let _ = writeln!(
                out,
                "{name}_bucket{{{labels}{sep}le=\"{b}\"}} {}",
                self.counts[i].load(Relaxed)
            );
        }
        let c = self.count.load(Relaxed);
        let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {c}");
        let braces = if labels.is_empty() {
            String::new()
        } else {
            format!("{{{labels}}}")
        };
        let _ = writeln!(
            out,
            "{name}_sum{braces} {}",
            self.sum_micros.load(Relaxed) as f64 / 1e6
        );
        let _ = writeln!(out, "{name}_count{braces} {c}");
    }
}

macro_rules! counters {
    ($($name:ident : $help:literal,)*) => {
        /// All counters and gauges of the collector.
        pub struct Metrics {
            $( pub $name: AtomicU64, )*
            pub stage1_latency: Histogram,
            pub stage2_latency: Histogram,
            pub stage3_latency: Histogram,
            pub stage4_latency: Histogram,
            pub run_latency: Histogram,
            pub sink_latency: Histogram,
            /// One request to the LLM endpoint (each attempt).
            pub llm_request_latency: Histogram,
            /// All probes of one claim answered (or given up), from the start of the run's probing.
            pub probe_claim_latency: Histogram,
            pub clickhouse_insert_latency: Histogram,
            /// Free-form info gauges (`name{labels} value`), e.g. fallbacks in effect.
            pub info: Mutex<Vec<(String, String)>>,
            /// Requests refused for authentication, by receiver × reason
            /// ([`RECEIVERS`] × missing, invalid).
            pub auth_failures: [[AtomicU64; 2]; 3],
            /// Failed or timed-out TLS handshakes, by receiver ([`RECEIVERS`]).
            pub tls_handshake_failures: [AtomicU64; 3],
            /// The redactor whose per-kind counts `groundcheck_redactions_total` shows.
            redactor: OnceLock<Arc<groundcheck_sinks::Redactor>>,
        }
        impl Default for Metrics {
            fn default() -> Self {
                Metrics {
                    $( $name: AtomicU64::new(0), )*
                    stage1_latency: Histogram::new(),
                    stage2_latency: Histogram::new(),
                    stage3_latency: Histogram::new(),
                    stage4_latency: Histogram::new(),
                    run_latency: Histogram::new(),
                    sink_latency: Histogram::new(),
                    llm_request_latency: Histogram::new(),
                    probe_claim_latency: Histogram::new(),
                    clickhouse_insert_latency: Histogram::new(),
                    info: Mutex::new(Vec::new()),
                    auth_failures: Default::default(),
                    tls_handshake_failures: Default::default(),
                    redactor: OnceLock::new(),
                }
            }
        }
        impl Metrics {
            /// Name (with the `groundcheck_` prefix) and help of every plain counter and
            /// gauge, in the order of [`Metrics::sample_values`].
            pub const SAMPLES: &'static [(&'static str, &'static str)] = &[
                $( (concat!("groundcheck_", stringify!($name)), $help), )*
            ];

            /// The current value of every plain counter and gauge (see [`Metrics::SAMPLES`]).
            pub fn sample_values(&self) -> Vec<u64> {
                vec![ $( self.$name.load(Relaxed), )* ]
            }

            /// Prometheus text exposition format 0.0.4.
            pub fn render(&self) -> String {
                let mut out = String::with_capacity(8192);
                $(
                    let n = concat!("groundcheck_", stringify!($name));
                    let kind = if n.ends_with("_total") { "counter" } else { "gauge" };
                    let _ = writeln!(out, "# HELP {n} {}", $help);
                    let _ = writeln!(out, "# TYPE {n} {kind}");
                    let _ = writeln!(out, "{n} {}", self.$name.load(Relaxed));
                )*
                let _ = writeln!(out, "# HELP groundcheck_stage_latency_seconds Time spent in each detection stage per run");
                let _ = writeln!(out, "# TYPE groundcheck_stage_latency_seconds histogram");
                self.stage1_latency.render(&mut out, "groundcheck_stage_latency_seconds", "stage=\"1\"");
                self.stage2_latency.render(&mut out, "groundcheck_stage_latency_seconds", "stage=\"2\"");
                self.stage3_latency.render(&mut out, "groundcheck_stage_latency_seconds", "stage=\"3\"");
                self.stage4_latency.render(&mut out, "groundcheck_stage_latency_seconds", "stage=\"4\"");
                let _ = writeln!(out, "# HELP groundcheck_run_detection_latency_seconds Time from run completion to report written");
                let _ = writeln!(out, "# TYPE groundcheck_run_detection_latency_seconds histogram");
                self.run_latency.render(&mut out, "groundcheck_run_detection_latency_seconds", "");
                let _ = writeln!(out, "# HELP groundcheck_sink_write_latency_seconds Time per sink batch write");
                let _ = writeln!(out, "# TYPE groundcheck_sink_write_latency_seconds histogram");
                self.sink_latency.render(&mut out, "groundcheck_sink_write_latency_seconds", "");
                let _ = writeln!(out, "# HELP groundcheck_llm_request_latency_seconds Time per request to the LLM endpoint (each attempt)");
                let _ = writeln!(out, "# TYPE groundcheck_llm_request_latency_seconds histogram");
                self.llm_request_latency.render(&mut out, "groundcheck_llm_request_latency_seconds", "");
                let _ = writeln!(out, "# HELP groundcheck_stage3_claim_latency_seconds Time until all probes of one claim answered or gave up");
                let _ = writeln!(out, "# TYPE groundcheck_stage3_claim_latency_seconds histogram");
                self.probe_claim_latency.render(&mut out, "groundcheck_stage3_claim_latency_seconds", "");
                let _ = writeln!(out, "# HELP groundcheck_clickhouse_insert_latency_seconds Time per acknowledged ClickHouse INSERT (one table, one batch)");
                let _ = writeln!(out, "# TYPE groundcheck_clickhouse_insert_latency_seconds histogram");
                self.clickhouse_insert_latency.render(&mut out, "groundcheck_clickhouse_insert_latency_seconds", "");
                let _ = writeln!(out, "# HELP groundcheck_receiver_auth_failures_total Requests refused for a missing or invalid bearer token (401 / UNAUTHENTICATED)");
                let _ = writeln!(out, "# TYPE groundcheck_receiver_auth_failures_total counter");
                for (i, r) in RECEIVERS.iter().enumerate() {
                    for (j, reason) in ["missing", "invalid"].iter().enumerate() {
                        let _ = writeln!(out, "groundcheck_receiver_auth_failures_total{{receiver=\"{r}\",reason=\"{reason}\"}} {}", self.auth_failures[i][j].load(Relaxed));
                    }
                }
                let _ = writeln!(out, "# HELP groundcheck_receiver_tls_handshake_failures_total TLS handshakes that failed or timed out (plaintext on a TLS port, no or a foreign client certificate, …)");
                let _ = writeln!(out, "# TYPE groundcheck_receiver_tls_handshake_failures_total counter");
                for (i, r) in RECEIVERS.iter().enumerate() {
                    let _ = writeln!(out, "groundcheck_receiver_tls_handshake_failures_total{{receiver=\"{r}\"}} {}", self.tls_handshake_failures[i].load(Relaxed));
                }
                if let Some(r) = self.redactor.get().filter(|r| r.is_enabled()) {
                    let _ = writeln!(out, "# HELP groundcheck_redactions_total Values replaced by placeholders before storage (reports and log lines), per kind");
                    let _ = writeln!(out, "# TYPE groundcheck_redactions_total counter");
                    for (kind, n) in r.counts() {
                        let _ = writeln!(out, "groundcheck_redactions_total{{kind=\"{kind}\"}} {n}");
                    }
                }
                if let Ok(info) = self.info.lock() {
                    for (k, v) in info.iter() {
                        let _ = writeln!(out, "{k} {v}");
                    }
                }
                out
            }
        }
    };
}

/// The endpoints that authenticate and speak TLS, in the order of the labeled counters.
pub const RECEIVERS: [&str; 3] = ["grpc", "http", "admin"];

fn receiver_index(receiver: &str) -> usize {
    RECEIVERS.iter().position(|r| *r == receiver).unwrap_or(2)
}

impl Metrics {
    pub fn auth_failed(&self, receiver: &str, failure: crate::receivers::auth::AuthFailure) {
        let j = match failure {
            crate::receivers::auth::AuthFailure::Missing => 0,
            crate::receivers::auth::AuthFailure::Invalid => 1,
        };
        self.auth_failures[receiver_index(receiver)][j].fetch_add(1, Relaxed);
    }
    pub fn tls_handshake_failed(&self, receiver: &str) {
        self.tls_handshake_failures[receiver_index(receiver)].fetch_add(1, Relaxed);
    }
}

counters! {
    tls_reloads_total: "Times changed TLS certificate files were loaded",
    tls_reload_failures_total: "Times changed TLS certificate files could not be used (previous kept)",
    auth_reloads_total: "Times a changed tokens file was loaded",
    auth_reload_failures_total: "Times a changed tokens file could not be used (previous tokens kept)",
    assembler_tenant_mismatch_spans_total: "Spans refused because their run belongs to another tenant",
    receiver_grpc_requests_total: "OTLP/gRPC export requests received",
    receiver_http_requests_total: "OTLP/HTTP export requests received",
    receiver_requests_refused_total: "Requests refused because the pipeline was full (429/UNAVAILABLE)",
    receiver_requests_invalid_total: "Requests refused as malformed (400/INVALID_ARGUMENT/415)",
    receiver_requests_too_large_total: "Requests refused as larger than the body limit (413)",
    receiver_spans_accepted_total: "Spans accepted into the pipeline",
    receiver_spans_rejected_total: "Spans rejected as unusable (reported via partial_success)",
    receiver_spans_refused_total: "Spans in requests refused for overload or shutdown",
    forward_refused_total: "Requests refused (or Kafka records held back) because the forward queue was full",
    forward_queue_spans: "Spans waiting to be forwarded or being forwarded",
    forward_requests_total: "Export requests (attempts) sent to the next OTLP hop",
    forward_retries_total: "Forward attempts that failed and were retried",
    forward_spans_total: "Spans forwarded to the next OTLP hop",
    forward_spans_rejected_total: "Forwarded spans the next hop rejected in its partial success",
    forward_spans_dropped_total: "Spans not forwarded: refused for good by the next hop, or still failing at shutdown",
    selftelemetry_runs_total: "Runs whose pipeline spans were handed to the OTLP self-telemetry exporter",
    assembler_runs_open: "Runs currently being assembled",
    assembler_runs_open_bytes: "Approximate bytes held by open runs",
    assembler_runs_completed_total: "Runs finished complete (root ended + grace)",
    assembler_runs_incomplete_total: "Runs finished incomplete (idle timeout, overflow, shutdown)",
    assembler_runs_evicted_total: "Runs finished early because max_open_runs was reached",
    assembler_runs_truncated_total: "Runs finished early because max_spans_per_run was reached",
    assembler_late_spans_total: "Spans that arrived after their run was finished (logged, not merged)",
    conversation_cache_conversations: "Conversations remembered by the conversation cache (--conversation-cache-size)",
    conversation_cache_hits_total: "Runs without history that the conversation cache gave earlier results",
    conversation_cache_calls_supplied_total: "Tool calls of earlier turns supplied as history by the conversation cache",
    conversation_cache_evictions_total: "Conversations the cache forgot (least recently used at capacity, or unused for the TTL)",
    profile_reloads_total: "Times a changed config file's gating profiles were loaded",
    profile_reload_errors_total: "Times a changed config file's gating profiles could not be used (last good set kept)",
    escalations_total: "Revise verdicts escalated to block after repeated revise loops in one conversation",
    escalation_conversations: "Conversations whose consecutive revise verdicts are being counted",
    escalation_evictions_total: "Conversations the escalation state forgot (least recently seen at capacity, or unseen for the TTL)",
    assembler_late_runs_total: "Finished runs that received spans after their report (each logged once at INFO, rate-limited)",
    stage1_tool_calls_total: "Tool calls verified by Stage 1",
    stage1_tool_calls_rejected_total: "Tool calls rejected by Stage 1 (invalid or fabricated)",
    stage1_inline_tool_calls_total: "Tool spans checked by Stage 1 inline as they arrived (schema only)",
    stage1_inline_rejected_total: "Tool spans rejected by Stage 1 inline (schema), before their run finished",
    worker_queue_depth: "Runs queued or running on the worker pool",
    worker_backpressure_total: "Times the assembler waited because the worker pool was full",
    stage2_bound_max_claims_total: "Runs whose answer had more units than max_claims (the rest not scored; noted in the report)",
    stage2_bound_max_evidence_bytes_total: "Runs whose evidence exceeded max_evidence_bytes (the rest not indexed; noted in the report)",
    stage2_bound_time_budget_total: "Runs whose Stage 2 ran out of its time budget (the rest not scored; noted in the report)",
    detector_panics_total: "Runs whose check panicked (a bug): reported as incomplete with the panic as reason; the collector carries on",
    reports_total: "Reports produced",
    reports_emit_total: "Reports with action emit",
    reports_revise_total: "Reports with action revise",
    reports_block_total: "Reports with action block",
    sink_reports_written_total: "Reports acknowledged by every sink",
    sink_write_errors_total: "Failed sink batch writes (retried)",
    sink_reports_dropped_total: "Reports dropped after a non-retryable sink error",
    sink_queue_depth: "Reports waiting for the sinks",
    stage3_runs_probed_total: "Runs whose critical claims were probed (Stage 3)",
    stage3_runs_pending: "Runs whose report waits for the LLM endpoint (probes / judge)",
    stage3_runs_skipped_total: "Runs reported without probes/judge because llm_max_pending_runs were already waiting",
    stage3_probes_sent_total: "Probe questions sent (first attempts; retries in llm_retries_total)",
    stage3_probes_answered_total: "Probe questions answered",
    stage3_probes_failed_total: "Probe questions given up after retries or for the budget",
    stage3_probes_timed_out_total: "Probe questions without an answer by the run's deadline",
    stage3_probes_divergent_total: "Probed claims whose answers diverged (no majority agreement)",
    judge_calls_total: "Claims sent to the LLM judge",
    judge_cache_hits_total: "Judge verdicts served from the cache",
    judge_verdicts_total: "Valid judge verdicts received",
    judge_failed_total: "Claims left unjudged (invalid verdicts after retries, errors, budget, deadline)",
    llm_requests_total: "HTTP requests to the LLM endpoint (attempts, retries included)",
    llm_retries_total: "LLM requests retried after a transient failure",
    llm_errors_rate_limited_total: "LLM requests answered 429",
    llm_errors_server_total: "LLM requests answered 5xx",
    llm_errors_client_total: "LLM requests answered with another non-200 status",
    llm_errors_connect_total: "LLM requests that failed to connect or broke off",
    llm_errors_bad_json_total: "LLM replies that were not valid (JSON, schema, empty)",
    llm_errors_timeout_total: "LLM requests that timed out (request timeout or run deadline)",
    llm_budget_exhausted_total: "LLM requests not sent because the run's request/token budget was spent",
    llm_tokens_total: "Tokens used at the LLM endpoint (as reported in usage)",
    sink_reports_spilled_total: "Reports a sink spilled to disk at shutdown (written on the next start)",
    clickhouse_rows_written_total: "Rows acknowledged by ClickHouse (all tables)",
    clickhouse_inserts_total: "INSERTs acknowledged by ClickHouse",
    clickhouse_insert_failures_total: "Failed ClickHouse INSERTs and startup checks",
    clickhouse_retries_total: "ClickHouse failures that are retried (transient: unreachable, timeout, overload)",
    clickhouse_dead_lettered_total: "Reports written to the ClickHouse dead-letter file (rows ClickHouse rejected)",
    clickhouse_replayed_total: "Spilled reports written to ClickHouse after a restart",
    nli_runs_total: "Runs scored by the learned groundedness model",
    nli_pairs_total: "Claim–evidence pairs scored by the learned model",
    nli_pairs_capped_total: "Claims left to the deterministic scorer because the run reached nli_max_pairs",
    nli_claims_lowered_total: "Claims the learned model lowered (contradicted or not entailed)",
    nli_claims_raised_total: "Deterministic entity/clause flags the learned model overruled as paraphrase",
    nli_inference_errors_total: "Runs whose model inference failed (deterministic verdicts kept)",
    clickhouse_pending_reports: "Reports of the batch in flight not yet acknowledged by ClickHouse (buffer depth)",
    kafka_records_total: "Kafka records consumed",
    kafka_record_bytes_total: "Bytes of Kafka record payloads consumed",
    kafka_spans_total: "Spans accepted from Kafka records",
    kafka_records_poison_total: "Kafka records that did not decode (logged, skipped, offset committed)",
    kafka_dead_letter_total: "Poison records written to the dead-letter topic",
    kafka_dead_letter_errors_total: "Poison records the dead-letter topic did not accept (skipped anyway)",
    kafka_consume_errors_total: "Errors returned by the Kafka consumer (broker, fetch, group)",
    kafka_commits_total: "Offset commits sent (one per partition moved)",
    kafka_commit_errors_total: "Offset commits that failed (retried on the next round)",
    kafka_offset_resets_total: "Partitions whose consumed offsets went backwards (the broker lost its log, the consumer reset to the new log's start): offset tracking restarted, no position of the old log committed",
    kafka_rebalances_total: "Partition assignments and revocations",
    kafka_revoke_timeouts_total: "Revocations that gave up waiting for in-flight runs (their records are re-read by the next owner)",
    kafka_runs_handed_back_total: "Open runs handed back on revoke or shutdown (re-read by the partition's next owner)",
    kafka_records_rejected_total: "Kafka records not delivered (report spilled or lost, run handed back, record never enqueued): offset fenced, never committed by this owner, re-read by the partition's next owner",
    ack_tokens_unsettled_total: "Kafka acknowledgement tokens dropped without ack or reject (a bug; treated as rejected)",
    kafka_runs_split_total: "Runs whose spans came from several partitions (finished as usual, incomplete when the rest never arrives)",
    kafka_pauses_total: "Times the consumer paused its partitions because the pipeline was full",
    kafka_partitions_assigned: "Partitions currently assigned to this instance",
    kafka_partitions_paused: "Partitions currently paused for backpressure",
    kafka_group_assigned: "1 while the consumer group gave this instance an assignment (0: joining, stuck or idle member)",
    kafka_unassigned_seconds: "Seconds this instance has been subscribed without an assignment",
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Metrics {
    /// Drop every info gauge whose key starts with `prefix` (e.g. partitions no longer owned).
    pub fn remove_info_prefix(&self, prefix: &str) {
        if let Ok(mut i) = self.info.lock() {
            i.retain(|(k, _)| !k.starts_with(prefix));
        }
    }

    /// Show this redactor's counts as `groundcheck_redactions_total{kind}` (first call wins).
    pub fn set_redactor(&self, r: Arc<groundcheck_sinks::Redactor>) {
        let _ = self.redactor.set(r);
    }

    pub fn set_info(&self, key: &str, value: &str) {
        if let Ok(mut i) = self.info.lock() {
            i.retain(|(k, _)| k != key);
            i.push((key.to_owned(), value.to_owned()));
        }
    }
}
