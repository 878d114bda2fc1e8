//! Run assembly: groups normalized spans by trace id into open runs and decides when a run
//! is finished.
//!
//! - A run is **complete** when its root span (an agent span, or a span without a parent) has
//!   ended and `grace` has passed with the run still open (late children arrive in that time).
//! - A run with no new span for `idle_timeout` is finished **incomplete** (`idle timeout`).
//! - Bounds: at most `max_open_runs` runs; inserting a span of a new run when full finishes
//!   the oldest open run early: complete if its root span had already ended (it was only
//!   waiting out the grace period), else incomplete (`evicted: max_open_runs reached`).
//!   Either way `evicted` is counted. A run that
//!   reaches `max_spans_per_run` is finished early, incomplete (`truncated`); its later spans
//!   count as late.
//! - Spans for a run finished recently (remembered in a bounded ring) are counted as late
//!   and logged, never merged into a new run of the same id.
//!
//! - Kafka: each insert may carry the record's [`AckToken`]; an open run keeps a clone of the
//!   token of every record that contributed spans to it and hands them on in the
//!   [`FinishedRun`] (so the record is acknowledged only after the run's report is written);
//!   the inserted token itself is acked once its spans are placed (spans late for a finished
//!   run are disposed of for good).
//!   [`RunBuffer::hand_back`] removes, without finishing them, the open runs whose spans all
//!   came from revoked partitions.
//!
//! [`RunBuffer`] is a pure state machine: time is passed in, so it is tested without sleeping.

use crate::receivers::{AckToken, Tp};
use groundcheck_detectors::span::{NormalizedSpan, SpanRole};
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// INFO lines about late spans per minute at most (each run is logged once; the rest: DEBUG).
pub const LATE_LOGS_PER_MINUTE: u32 = 20;

#[derive(Debug, Clone)]
pub struct AssemblerConfig {
    pub grace: Duration,
    pub idle_timeout: Duration,
    pub max_open_runs: usize,
    pub max_spans_per_run: usize,
    /// How many finished run ids to remember for late-span detection.
    pub finished_memory: usize,
}

/// Why a run was finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinishReason {
    Complete,
    IdleTimeout,
    Evicted,
    Truncated,
    Shutdown,
}

impl FinishReason {
    pub fn incomplete_reason(self) -> Option<&'static str> {
        match self {
            FinishReason::Complete => None,
            FinishReason::IdleTimeout => Some("idle timeout: root span not ended"),
            FinishReason::Evicted => Some("evicted: max_open_runs reached"),
            FinishReason::Truncated => Some("truncated: max_spans_per_run reached"),
            FinishReason::Shutdown => Some("shutdown before the run completed"),
        }
    }
}

/// A run handed to detection.
#[derive(Debug)]
pub struct FinishedRun {
    pub trace_id: [u8; 16],
    pub spans: Vec<NormalizedSpan>,
    pub reason: FinishReason,
    /// Tokens of the Kafka records that contributed spans (empty for OTLP).
    pub acks: Vec<AckToken>,
    /// When the run's first span arrived.
    pub opened_at: Instant,
}

/// A run removed by [`RunBuffer::hand_back`].
#[derive(Debug)]
pub struct HandedBack {
    pub trace_id: [u8; 16],
    pub spans: usize,
    pub acks: Vec<AckToken>,
}

struct OpenRun {
    spans: Vec<NormalizedSpan>,
    first_seen: Instant,
    last_seen: Instant,
    root_ended_at: Option<Instant>,
    bytes: usize,
    seq: u64,
    acks: Vec<AckToken>,
    /// Some spans came without a token (OTLP): never handed back.
    has_otlp_spans: bool,
    /// The tenant of the credentials of the run's first span.
    tenant: Option<std::sync::Arc<str>>,
}

/// Counters the buffer reports after each call.
#[derive(Debug, Default, Clone, Copy)]
pub struct AssemblerStats {
    pub late_spans: u64,
    /// Finished runs that received late spans (each logged once at INFO, rate-limited).
    pub late_runs: u64,
    pub evicted: u64,
    pub truncated: u64,
    /// Spans refused because their run was opened by another tenant's credentials.
    pub tenant_mismatch: u64,
}

pub struct RunBuffer {
    cfg: AssemblerConfig,
    open: HashMap<[u8; 16], OpenRun>,
    /// Insertion order for eviction (trace id, seq); stale entries are skipped.
    order: VecDeque<([u8; 16], u64)>,
    /// Recently finished runs → whether a late span for it was already logged.
    finished: HashMap<[u8; 16], bool>,
    finished_order: VecDeque<[u8; 16]>,
    /// INFO lines about late spans in the current minute (at most [`LATE_LOGS_PER_MINUTE`]).
    late_log_window: Option<(Instant, u32)>,
    next_seq: u64,
    bytes: usize,
    pub stats: AssemblerStats,
}

fn is_root(s: &NormalizedSpan) -> bool {
    s.parent_span_id.is_none() || (s.facts.role == SpanRole::Agent && s.parent_span_id.is_none())
}

impl RunBuffer {
    pub fn new(cfg: AssemblerConfig) -> Self {
        RunBuffer {
            cfg,
            open: HashMap::new(),
            order: VecDeque::new(),
            finished: HashMap::new(),
            finished_order: VecDeque::new(),
            late_log_window: None,
            next_seq: 0,
            bytes: 0,
            stats: AssemblerStats::default(),
        }
    }

    pub fn open_runs(&self) -> usize {
        self.open.len()
    }

    pub fn open_bytes(&self) -> usize {
        self.bytes
    }

    /// Add spans; returns runs finished early by the bounds.
    pub fn insert(&mut self, spans: Vec<NormalizedSpan>, now: Instant) -> Vec<FinishedRun> {
        self.insert_acked(spans, None, now)
    }

    /// Add the spans of one Kafka record (or OTLP request when `ack` is `None`); every run
    /// that takes one of them keeps a clone of `ack`, and `ack` itself is then acked (its
    /// obligation passed on to the clones).
    pub fn insert_acked(
        &mut self,
        spans: Vec<NormalizedSpan>,
        ack: Option<AckToken>,
        now: Instant,
    ) -> Vec<FinishedRun> {
        let mut out = Vec::new();
        for span in spans {
            let tid = span.trace_id;
            if !self.open.contains_key(&tid) {
                if self.finished.contains_key(&tid) {
                    self.late_span(tid, &span.name, now);
                    continue;
                }
                while self.open.len() >= self.cfg.max_open_runs {
                    match self.pop_oldest() {
                        Some(victim) => {
                            self.stats.evicted += 1;
                            // A run whose root already ended is only waiting out its grace
                            // period: finishing it early loses nothing but stragglers.
                            let rooted = self
                                .open
                                .get(&victim)
                                .is_some_and(|r| r.root_ended_at.is_some());
                            out.push(self.finish(
                                victim,
                                if rooted {
                                    FinishReason::Complete
                                } else {
                                    FinishReason::Evicted
                                },
                            ));
                        }
                        None => break,
                    }
                }
                let seq = self.next_seq;
                self.next_seq += 1;
                self.order.push_back((tid, seq));
                self.open.insert(
                    tid,
                    OpenRun {
                        spans: Vec::new(),
                        first_seen: now,
                        last_seen: now,
                        root_ended_at: None,
                        bytes: 0,
                        seq,
                        acks: Vec::new(),
                        has_otlp_spans: false,
                        tenant: span.tenant.clone(),
                    },
                );
            }
            let run = self.open.get_mut(&tid).expect("inserted above");
            if run.tenant != span.tenant {
                // A trace belongs to the tenant whose credentials opened it: another tenant
                // cannot add spans to (or read its answer into) someone else's run.
                self.stats.tenant_mismatch += 1;
                tracing::warn!(run_id = %groundcheck_detectors::span::hex(&tid), "span refused: its run belongs to another tenant");
                continue;
            }
            run.last_seen = now;
            if is_root(&span) && span.end_unix_nano > 0 && run.root_ended_at.is_none() {
                run.root_ended_at = Some(now);
            }
            let b = span.approx_bytes();
            run.bytes += b;
            self.bytes += b;
            run.spans.push(span);
            match &ack {
                Some(a) if !run.acks.last().is_some_and(|l| l.same_record(a)) => {
                    run.acks.push(a.clone())
                }
                Some(_) => {}
                None => run.has_otlp_spans = true,
            }
            if run.spans.len() >= self.cfg.max_spans_per_run {
                self.stats.truncated += 1;
                out.push(self.finish(tid, FinishReason::Truncated));
            }
        }
        if let Some(ack) = ack {
            ack.ack();
        }
        out
    }

    /// A span for a run already reported: counted, and logged at INFO once per run (at most
    /// [`LATE_LOGS_PER_MINUTE`] lines a minute; the rest at DEBUG) with what to do about it.
    fn late_span(&mut self, tid: [u8; 16], name: &str, now: Instant) {
        self.stats.late_spans += 1;
        let run = groundcheck_detectors::span::hex(&tid);
        let logged = self.finished.get_mut(&tid).expect("finished run");
        if *logged {
            tracing::debug!(run = %run, span = %name, "late span for a finished run");
            return;
        }
        *logged = true;
        self.stats.late_runs += 1;
        let window = match self.late_log_window {
            Some((start, n)) if now.duration_since(start) < Duration::from_secs(60) => (start, n),
            _ => (now, 0),
        };
        if window.1 >= LATE_LOGS_PER_MINUTE {
            self.late_log_window = Some(window);
            tracing::debug!(run = %run, span = %name, "late span for a finished run");
            return;
        }
        self.late_log_window = Some((window.0, window.1 + 1));
        tracing::info!(
            run = %run,
            span = %name,
            grace_ms = self.cfg.grace.as_millis() as u64,
            "span arrived for a run that was already reported; it is not checked (counted in groundcheck_assembler_late_spans_total). To check the run again send it with a new trace id; if spans of one run arrive further apart than the grace period, raise --grace-ms"
        );
    }

    fn pop_oldest(&mut self) -> Option<[u8; 16]> {
        while let Some((tid, seq)) = self.order.pop_front() {
            if self.open.get(&tid).is_some_and(|r| r.seq == seq) {
                return Some(tid);
            }
        }
        None
    }

    fn finish(&mut self, tid: [u8; 16], reason: FinishReason) -> FinishedRun {
        let run = self.open.remove(&tid).expect("open run");
        self.bytes -= run.bytes;
        self.finished.insert(tid, false);
        self.finished_order.push_back(tid);
        while self.finished_order.len() > self.cfg.finished_memory {
            if let Some(old) = self.finished_order.pop_front() {
                self.finished.remove(&old);
            }
        }
        FinishedRun {
            trace_id: tid,
            spans: run.spans,
            reason,
            acks: run.acks,
            opened_at: run.first_seen,
        }
    }

    /// Records (partition, offset) of `revoked` partitions still held by open runs (after
    /// [`hand_back`](Self::hand_back): runs that also hold spans of other partitions or OTLP
    /// requests). Those records stay uncommitted: the revoke fences at them instead of waiting
    /// for the runs to finish.
    pub fn held_records(&self, revoked: &[Tp]) -> Vec<(Tp, i64)> {
        self.open
            .values()
            .flat_map(|r| r.acks.iter())
            .filter(|a| revoked.contains(a.tp()))
            .map(|a| (a.tp().clone(), a.offset()))
            .collect()
    }

    /// Kafka revoke: remove (without finishing or remembering them) the open runs whose spans
    /// all came from records of `revoked` partitions; the partitions' next owner re-reads
    /// those records. Runs that also hold spans of other partitions or of OTLP requests stay
    /// open and finish as usual.
    pub fn hand_back(&mut self, revoked: &[Tp]) -> Vec<HandedBack> {
        let victims: Vec<[u8; 16]> = self
            .open
            .iter()
            .filter(|(_, r)| {
                !r.has_otlp_spans
                    && !r.acks.is_empty()
                    && r.acks.iter().all(|a| revoked.contains(a.tp()))
            })
            .map(|(t, _)| *t)
            .collect();
        victims
            .into_iter()
            .filter_map(|tid| {
                let run = self.open.remove(&tid)?;
                self.bytes -= run.bytes;
                Some(HandedBack {
                    trace_id: tid,
                    spans: run.spans.len(),
                    acks: run.acks,
                })
            })
            .collect()
    }

    /// Finish runs whose grace period or idle timeout has passed, oldest first.
    pub fn tick(&mut self, now: Instant) -> Vec<FinishedRun> {
        let mut due: Vec<(u64, [u8; 16], FinishReason)> = self
            .open
            .iter()
            .filter_map(|(tid, r)| {
                if r.root_ended_at
                    .is_some_and(|t| now.duration_since(t) >= self.cfg.grace)
                {
                    Some((r.seq, *tid, FinishReason::Complete))
                } else if now.duration_since(r.last_seen) >= self.cfg.idle_timeout {
                    Some((r.seq, *tid, FinishReason::IdleTimeout))
                } else {
                    None
                }
            })
            .collect();
        due.sort_unstable_by_key(|d| d.0);
        due.into_iter()
            .map(|(_, tid, reason)| self.finish(tid, reason))
            .collect()
    }

    /// Finish every open run (shutdown, or end of input for `check`). Runs whose root has
    /// ended count as complete.
    pub fn drain(&mut self, end_of_input: bool) -> Vec<FinishedRun> {
        let mut all: Vec<(u64, [u8; 16], bool)> = self
            .open
            .iter()
            .map(|(t, r)| (r.seq, *t, r.root_ended_at.is_some()))
            .collect();
        all.sort_unstable_by_key(|d| d.0);
        all.into_iter()
            .map(|(_, tid, rooted)| {
                let reason = if rooted {
                    FinishReason::Complete
                } else if end_of_input {
                    FinishReason::IdleTimeout
                } else {
                    FinishReason::Shutdown
                };
                self.finish(tid, reason)
            })
            .collect()
    }

    /// Age of the oldest open run (for diagnostics).
    pub fn oldest_age(&self, now: Instant) -> Option<Duration> {
        self.open
            .values()
            .map(|r| now.duration_since(r.first_seen))
            .max()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(trace: u8, id: u8, parent: Option<u8>) -> NormalizedSpan {
        NormalizedSpan {
            trace_id: [trace; 16],
            span_id: [id; 8],
            parent_span_id: parent.map(|p| [p; 8]),
            end_unix_nano: 10,
            ..Default::default()
        }
    }

    fn cfg() -> AssemblerConfig {
        AssemblerConfig {
            grace: Duration::from_secs(2),
            idle_timeout: Duration::from_secs(30),
            max_open_runs: 2,
            max_spans_per_run: 3,
            finished_memory: 10,
        }
    }

    #[test]
    fn out_of_order_and_split_requests_make_one_run() {
        let t0 = Instant::now();
        let mut b = RunBuffer::new(cfg());
        assert!(b.insert(vec![span(1, 2, Some(1))], t0).is_empty());
        assert!(
            b.tick(t0 + Duration::from_secs(5)).is_empty(),
            "no root yet: not complete"
        );
        b.insert(vec![span(1, 1, None)], t0 + Duration::from_secs(5));
        assert!(
            b.tick(t0 + Duration::from_secs(6)).is_empty(),
            "within grace"
        );
        let done = b.tick(t0 + Duration::from_secs(7));
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].spans.len(), 2);
        assert_eq!(done[0].reason, FinishReason::Complete);
    }

    #[test]
    fn idle_timeout_finishes_incomplete() {
        let t0 = Instant::now();
        let mut b = RunBuffer::new(cfg());
        b.insert(vec![span(1, 2, Some(1))], t0);
        let done = b.tick(t0 + Duration::from_secs(31));
        assert_eq!(done[0].reason, FinishReason::IdleTimeout);
    }

    #[test]
    fn late_spans_are_counted_per_span_and_logged_once_per_run() {
        let t0 = Instant::now();
        let mut b = RunBuffer::new(AssemblerConfig {
            max_open_runs: 100,
            finished_memory: 100,
            ..cfg()
        });
        for t in 1..=30u8 {
            b.insert(vec![span(t, 1, None)], t0);
        }
        assert_eq!(b.tick(t0 + Duration::from_secs(3)).len(), 30);
        // The same requests again (a re-send): every span is late, each run counted once.
        for t in 1..=30u8 {
            assert!(b
                .insert(
                    vec![span(t, 1, None), span(t, 2, Some(1))],
                    t0 + Duration::from_secs(4)
                )
                .is_empty());
        }
        assert_eq!(b.stats.late_spans, 60);
        assert_eq!(b.stats.late_runs, 30);
        assert_eq!(b.open_runs(), 0, "late spans do not reopen a run");
        // The INFO budget of the minute is spent after LATE_LOGS_PER_MINUTE runs.
        assert_eq!(b.late_log_window.map(|w| w.1), Some(LATE_LOGS_PER_MINUTE));
        b.insert(vec![span(1, 3, Some(1))], t0 + Duration::from_secs(70));
        assert_eq!(b.stats.late_runs, 30, "run 1 was already logged");
        assert_eq!(b.late_log_window.map(|w| w.1), Some(LATE_LOGS_PER_MINUTE));
    }

    #[test]
    fn overflow_evicts_oldest_and_late_spans_are_counted() {
        let t0 = Instant::now();
        let mut b = RunBuffer::new(cfg());
        b.insert(vec![span(1, 2, Some(1))], t0);
        b.insert(vec![span(2, 1, None)], t0);
        let ev = b.insert(vec![span(3, 2, Some(1))], t0);
        assert_eq!(ev.len(), 1);
        assert_eq!(ev[0].trace_id, [1; 16]);
        assert_eq!(ev[0].reason, FinishReason::Evicted);
        assert_eq!(b.open_runs(), 2);
        b.insert(vec![span(1, 3, Some(1))], t0);
        assert_eq!(b.stats.late_spans, 1);
        assert_eq!(b.stats.evicted, 1);
        // The next victim (run 2) had its root: finished complete.
        let ev = b.insert(vec![span(4, 2, Some(1))], t0);
        assert_eq!(ev[0].trace_id, [2; 16]);
        assert_eq!(ev[0].reason, FinishReason::Complete);
        assert_eq!(b.stats.evicted, 2);
    }

    #[test]
    fn span_limit_truncates() {
        let t0 = Instant::now();
        let mut b = RunBuffer::new(cfg());
        let out = b.insert(
            vec![
                span(1, 2, Some(1)),
                span(1, 3, Some(1)),
                span(1, 4, Some(1)),
                span(1, 5, Some(1)),
            ],
            t0,
        );
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].reason, FinishReason::Truncated);
        assert_eq!(out[0].spans.len(), 3);
        assert_eq!(b.stats.late_spans, 1);
        assert_eq!(b.open_bytes(), 0);
    }

    #[test]
    fn hand_back_removes_only_runs_wholly_from_revoked_partitions() {
        use crate::receivers::kafka::offsets::OffsetTracker;
        use std::sync::Arc;
        let t0 = Instant::now();
        let tracker = Arc::new(OffsetTracker::default());
        let (p0, p1) = (Tp::new("t", 0), Tp::new("t", 1));
        tracker.assign(&p0);
        tracker.assign(&p1);
        let mut b = RunBuffer::new(AssemblerConfig {
            max_open_runs: 10,
            ..cfg()
        });
        b.insert_acked(vec![span(1, 2, Some(1))], tracker.register(&p0, 0), t0);
        b.insert_acked(vec![span(1, 3, Some(1))], tracker.register(&p0, 1), t0);
        b.insert_acked(vec![span(2, 2, Some(1))], tracker.register(&p0, 2), t0);
        b.insert_acked(vec![span(2, 3, Some(1))], tracker.register(&p1, 0), t0); // split run
        b.insert_acked(vec![span(3, 2, Some(1))], tracker.register(&p1, 1), t0);
        b.insert(vec![span(4, 2, Some(1))], t0); // OTLP
        let back = b.hand_back(std::slice::from_ref(&p0));
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].trace_id, [1; 16]);
        assert_eq!(back[0].acks.len(), 2);
        assert_eq!(b.open_runs(), 3);
        // Not remembered as finished: the run may come back (re-read after reassignment).
        assert!(b.insert(vec![span(1, 2, Some(1))], t0).is_empty());
        assert_eq!(b.stats.late_spans, 0);
        let held = b.held_records(std::slice::from_ref(&p0));
        assert_eq!(
            held,
            vec![(p0.clone(), 2)],
            "the split run still holds record p0@2"
        );
        let done = b.drain(false);
        let split = done.iter().find(|f| f.trace_id == [2; 16]).unwrap();
        assert_eq!(
            split.acks.len(),
            2,
            "a split run carries the tokens of both partitions"
        );
        let reject = crate::receivers::kafka::offsets::RejectReason::HandedBack;
        crate::receivers::kafka::offsets::reject_all(back.into_iter().flat_map(|r| r.acks), reject);
        crate::receivers::kafka::offsets::ack_all(done.into_iter().flat_map(|r| r.acks));
        assert_eq!(
            tracker.committable(&p0),
            Some(0),
            "fenced at the handed-back records"
        );
        assert_eq!(tracker.committable(&p1), Some(2));
    }

    #[test]
    fn drain_marks_rootless_runs() {
        let t0 = Instant::now();
        let mut b = RunBuffer::new(cfg());
        b.insert(vec![span(1, 1, None)], t0);
        b.insert(vec![span(2, 2, Some(1))], t0);
        let d = b.drain(false);
        assert_eq!(d[0].reason, FinishReason::Complete);
        assert_eq!(d[1].reason, FinishReason::Shutdown);
    }
}
