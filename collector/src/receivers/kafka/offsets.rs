//! Per-partition offset tracking for at-least-once Kafka consumption.
//!
//! Every consumed record is registered here ([`OffsetTracker::register`]) in offset order and
//! gets an [`AckToken`]. The token travels with the record's spans through the pipeline
//! (ingest queue → open run in the assembler → finished run → report in the sink runner) and
//! is cloned into every run that holds spans of the record. Every clone is settled
//! explicitly, with [`AckToken::ack`] or [`AckToken::reject`] (the contract is on the type).
//! When the last clone is settled the record is no longer outstanding; if none was rejected
//! its offset counts as acknowledged.
//!
//! The committable position of a partition is the lowest offset still outstanding (registered
//! and not settled), or one past the highest registered offset when none is outstanding:
//! only the **contiguous acknowledged prefix** is ever committed, like rotel's offset tracker
//! or vector's ordered finalizer. Out-of-order acknowledgements are kept until the gap below
//! them closes.
//!
//! A partition is **fenced** at an offset ([`OffsetTracker::fence`]) when a record there was
//! not delivered: a rejected token fences at its record's offset, and on revoke the receiver
//! fences at the lowest offset handed back. The committable position never passes the fence,
//! so the partition's next owner re-reads the record. [`OffsetTracker::remove`] then forgets
//! the partition; settlements of tokens from an earlier assignment (older epoch) are ignored.
//!
//! When every broker was down ([`OffsetTracker::suspect_logs`]), the logs may have come back
//! empty (a broker without replicas or persistent storage): a position of the old log is then
//! **not committed until the partition's next record confirms it** — an offset at or past the
//! position continues the same log, an offset below it starts a new one. Committing the old
//! position into a new log would make the next owner start there and skip the new log's
//! records below it (no error tells: the offset is valid in the new log once it has grown past
//! it).

use crate::metrics::Metrics;
use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};

/// A topic partition.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tp {
    pub topic: Arc<str>,
    pub partition: i32,
}

impl Tp {
    pub fn new(topic: &str, partition: i32) -> Tp {
        Tp {
            topic: Arc::from(topic),
            partition,
        }
    }
}

impl std::fmt::Display for Tp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.topic, self.partition)
    }
}

#[derive(Debug)]
struct PartitionState {
    epoch: u64,
    /// Registered, not yet acknowledged.
    outstanding: BTreeSet<i64>,
    /// One past the highest registered offset (`None` before the first record).
    next: Option<i64>,
    /// Never commit at or past this offset (records handed back on revoke).
    fence: Option<i64>,
    /// Last position committed (or handed to the committer).
    committed: Option<i64>,
    /// Every broker was down since the last record: the log of `next` may be gone, so nothing
    /// is committed until a record of the current log arrives.
    unconfirmed: bool,
}

impl PartitionState {
    fn new(epoch: u64) -> PartitionState {
        PartitionState {
            epoch,
            outstanding: BTreeSet::new(),
            next: None,
            fence: None,
            committed: None,
            unconfirmed: false,
        }
    }

    fn committable(&self) -> Option<i64> {
        let pos = match self.outstanding.first() {
            Some(o) => Some(*o),
            None => self.next,
        }?;
        Some(match self.fence {
            Some(f) => pos.min(f),
            None => pos,
        })
    }
}

#[derive(Debug, Default)]
struct Inner {
    parts: HashMap<Tp, PartitionState>,
    next_epoch: u64,
}

/// Offset bookkeeping shared by the Kafka poll thread (register, commit) and the pipeline
/// (settling tokens). Cheap: one mutex, O(log n) per record.
#[derive(Debug, Default)]
pub struct OffsetTracker {
    inner: Mutex<Inner>,
    /// Rejections and unsettled tokens are counted here.
    metrics: Arc<Metrics>,
}

/// Why a record's spans were not delivered (for logs; every reason fences the offset).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RejectReason {
    /// A sink did not write the report: at shutdown the batch was spilled to local disk (it is
    /// written on the next start, but that is not delivery in Kafka's sense), or the sink's
    /// write task failed.
    NotWritten,
    /// The report was lost on its way to the sinks (the sink runner was gone).
    SinkRunnerGone,
    /// The run was never checked: the worker pool was closed.
    WorkerPoolClosed,
    /// Kafka revoke or shutdown: the open run was handed back unreported.
    HandedBack,
    /// The record never reached the assembler (still in the receiver's backlog when its
    /// partition was revoked, or the pipeline was closed).
    NotEnqueued,
    /// `--forward-endpoint`: the spans were not forwarded to the next hop before shutdown.
    NotForwarded,
    /// The token was dropped without an outcome (a bug; see [`AckToken`]).
    Unsettled,
}

impl RejectReason {
    pub fn as_str(self) -> &'static str {
        match self {
            RejectReason::NotWritten => "not written by every sink",
            RejectReason::SinkRunnerGone => "sink runner gone",
            RejectReason::WorkerPoolClosed => "worker pool closed",
            RejectReason::HandedBack => "run handed back on revoke",
            RejectReason::NotEnqueued => "never enqueued",
            RejectReason::NotForwarded => "not forwarded to the next OTLP hop",
            RejectReason::Unsettled => "token dropped without an outcome",
        }
    }
}

/// The delivery obligation for one Kafka record's spans. Each part of the pipeline that holds
/// some of the record's spans holds its own token; [`Clone`] makes a new obligation for the
/// same record (the assembler clones the token into every run the record contributes to).
///
/// # Contract
/// Every token is settled exactly once, by value:
/// - [`ack`](Self::ack): this holder is done with the spans for good. The report holding
///   them was acknowledged by every sink (or refused for good by one: counted in
///   `groundcheck_sink_reports_dropped_total`), or the spans were late for a finished run, or
///   the record held no usable span, or it was a poison record (dead-lettered or skipped).
///   The record counts as delivered once every clone was acked; its offset is committed once
///   every lower offset is delivered too.
/// - [`reject`](Self::reject): the spans were not delivered and must be read again. The
///   partition is **fenced** at the record's offset: this owner never commits that offset or
///   any later one, so the partition's next owner (after a restart or rebalance) re-reads the
///   record (at-least-once; reports are deduplicated downstream by `run_id`). Counted once per
///   record in `groundcheck_kafka_records_rejected_total`. One rejected clone is enough.
/// - Dropping a token without an outcome is a bug: it fails a `debug_assert` in debug builds
///   (unless the thread is already panicking); in release builds it is counted in
///   `groundcheck_ack_tokens_unsettled_total`, logged as an error and treated as a reject —
///   never as delivered.
///
/// OTLP requests carry no token: an OTLP request is acknowledged to its client (HTTP 200,
/// gRPC OK) as soon as its spans are in the ingest queue, and a client cannot be told later.
/// Reports of OTLP runs that a sink does not write are visible in the sink counters
/// (`groundcheck_sink_reports_dropped_total`, `groundcheck_sink_reports_spilled_total`).
#[derive(Debug)]
#[must_use = "an AckToken must be settled with ack() or reject()"]
pub struct AckToken {
    record: Arc<RecordAck>,
    settled: bool,
}

#[derive(Debug)]
struct RecordAck {
    tp: Tp,
    offset: i64,
    epoch: u64,
    tracker: Arc<OffsetTracker>,
    /// Some clone was rejected (the partition is fenced at `offset`).
    rejected: AtomicBool,
}

impl RecordAck {
    fn reject(&self, reason: RejectReason) {
        if !self.rejected.swap(true, Relaxed) {
            self.tracker
                .reject(&self.tp, self.epoch, self.offset, reason);
        }
    }
}

impl Drop for RecordAck {
    /// The last clone was settled: the record is no longer outstanding.
    fn drop(&mut self) {
        self.tracker.settle(&self.tp, self.epoch, self.offset);
    }
}

impl Clone for AckToken {
    /// A new obligation for the same record (settled separately).
    fn clone(&self) -> Self {
        AckToken {
            record: self.record.clone(),
            settled: false,
        }
    }
}

impl Drop for AckToken {
    fn drop(&mut self) {
        if self.settled {
            return;
        }
        let r = &self.record;
        r.tracker
            .metrics
            .ack_tokens_unsettled_total
            .fetch_add(1, Relaxed);
        tracing::error!(partition = %r.tp, offset = r.offset, "bug: a Kafka acknowledgement token was dropped without ack() or reject(); treated as rejected (the record is re-read by the partition's next owner)");
        r.reject(RejectReason::Unsettled);
        if !std::thread::panicking() {
            debug_assert!(
                false,
                "AckToken for {}@{} dropped without ack() or reject()",
                r.tp, r.offset
            );
        }
    }
}

impl AckToken {
    pub fn tp(&self) -> &Tp {
        &self.record.tp
    }
    pub fn offset(&self) -> i64 {
        self.record.offset
    }
    /// The same record (cheap identity check, used to avoid storing a token twice per run).
    pub fn same_record(&self, other: &AckToken) -> bool {
        Arc::ptr_eq(&self.record, &other.record)
    }

    /// Delivered: this holder is done with the record's spans for good (see the contract).
    pub fn ack(mut self) {
        self.settled = true;
    }

    /// Not delivered: fence the record's offset so that it is never committed by this owner
    /// and is re-read by the partition's next owner (see the contract).
    pub fn reject(mut self, reason: RejectReason) {
        self.settled = true;
        self.record.reject(reason);
    }
}

/// [`AckToken::ack`] every token.
pub fn ack_all(tokens: impl IntoIterator<Item = AckToken>) {
    tokens.into_iter().for_each(AckToken::ack);
}

/// [`AckToken::reject`] every token.
pub fn reject_all(tokens: impl IntoIterator<Item = AckToken>, reason: RejectReason) {
    for t in tokens {
        t.reject(reason);
    }
}

impl OffsetTracker {
    /// A tracker counting rejected records and unsettled tokens into `metrics`.
    pub fn new(metrics: Arc<Metrics>) -> OffsetTracker {
        OffsetTracker {
            inner: Mutex::default(),
            metrics,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A poisoned lock only means another thread panicked mid-update (which aborts the
        // process in this collector); the data is still consistent enough to read.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Start tracking a newly assigned partition (a new epoch; tokens of an earlier
    /// assignment of the same partition are ignored from now on).
    pub fn assign(&self, tp: &Tp) {
        let mut g = self.lock();
        g.next_epoch += 1;
        let epoch = g.next_epoch;
        g.parts.insert(tp.clone(), PartitionState::new(epoch));
    }

    /// Register a consumed record; `None` when the partition is not assigned (the record
    /// must then not be processed).
    ///
    /// Within one log a partition's offsets only grow. An offset at or below one already
    /// registered means the log this position belongs to is gone — the broker lost its data
    /// and the consumer reset to the new log's start (`auto.offset.reset`): the partition's
    /// bookkeeping starts over as a new epoch. Positions of the vanished log are never
    /// committed to the new one (they would skip its records after a rebalance), and tokens
    /// of the old log settle into nothing. Counted in `groundcheck_kafka_offset_resets_total`.
    pub fn register(self: &Arc<Self>, tp: &Tp, offset: i64) -> Option<AckToken> {
        let mut g = self.lock();
        let went_back = g.parts.get(tp)?.next.is_some_and(|next| offset < next);
        if went_back {
            g.next_epoch += 1;
            let epoch = g.next_epoch;
            let p = g.parts.get_mut(tp)?;
            tracing::warn!(partition = %tp, offset, previous_next = ?p.next, "kafka: partition offset went backwards (broker lost its log or the position was reset); offset tracking starts over");
            *p = PartitionState::new(epoch);
            self.metrics.kafka_offset_resets_total.fetch_add(1, Relaxed);
        }
        let p = g.parts.get_mut(tp)?;
        // A record of the current log confirms the position (see the module docs).
        p.unconfirmed = false;
        p.outstanding.insert(offset);
        p.next = Some(p.next.map_or(offset + 1, |n| n.max(offset + 1)));
        Some(AckToken {
            record: Arc::new(RecordAck {
                tp: tp.clone(),
                offset,
                epoch: p.epoch,
                tracker: self.clone(),
                rejected: AtomicBool::new(false),
            }),
            settled: false,
        })
    }

    /// Every token of the record was settled: it is no longer outstanding.
    fn settle(&self, tp: &Tp, epoch: u64, offset: i64) {
        let mut g = self.lock();
        if let Some(p) = g.parts.get_mut(tp) {
            if p.epoch == epoch {
                p.outstanding.remove(&offset);
            }
        }
    }

    /// A token of the record was rejected: fence the partition at its offset (same
    /// assignment only) and count the record.
    fn reject(&self, tp: &Tp, epoch: u64, offset: i64, reason: RejectReason) {
        self.metrics
            .kafka_records_rejected_total
            .fetch_add(1, Relaxed);
        tracing::debug!(partition = %tp, offset, reason = reason.as_str(), "kafka: record not delivered; offset fenced");
        let mut g = self.lock();
        if let Some(p) = g.parts.get_mut(tp) {
            if p.epoch == epoch {
                p.fence = Some(p.fence.map_or(offset, |f| f.min(offset)));
            }
        }
    }

    /// Cap the committable position of `tp` at `offset` (records from there on were handed
    /// back). Fences only move down.
    pub fn fence(&self, tp: &Tp, offset: i64) {
        let mut g = self.lock();
        if let Some(p) = g.parts.get_mut(tp) {
            p.fence = Some(p.fence.map_or(offset, |f| f.min(offset)));
        }
    }

    /// Committable position (next offset to consume) of `tp`.
    pub fn committable(&self, tp: &Tp) -> Option<i64> {
        self.lock().parts.get(tp).and_then(|p| p.committable())
    }

    /// Records of `tp` registered and not yet acknowledged, below the fence.
    pub fn outstanding_below_fence(&self, tp: &Tp) -> usize {
        let g = self.lock();
        match g.parts.get(tp) {
            Some(p) => match p.fence {
                Some(f) => p.outstanding.range(..f).count(),
                None => p.outstanding.len(),
            },
            None => 0,
        }
    }

    /// Every broker was down: the logs behind the partitions' positions may be gone. Until a
    /// partition's next record confirms its position, it is not committed (see the module
    /// docs). Returns how many partitions hold a position to confirm.
    pub fn suspect_logs(&self) -> usize {
        let mut g = self.lock();
        let mut n = 0;
        for p in g.parts.values_mut().filter(|p| p.next.is_some()) {
            p.unconfirmed = true;
            n += 1;
        }
        n
    }

    /// Positions that moved since the last call, marked as committed: `(tp, offset)` where
    /// `offset` is the next offset to consume (Kafka's commit convention). A position not
    /// confirmed since every broker was down is left for a later call.
    pub fn take_commits(&self) -> Vec<(Tp, i64)> {
        let mut g = self.lock();
        let mut out = Vec::new();
        for (tp, p) in g.parts.iter_mut().filter(|(_, p)| !p.unconfirmed) {
            if let Some(c) = p.committable() {
                if p.committed.is_none_or(|old| c > old) {
                    p.committed = Some(c);
                    out.push((tp.clone(), c));
                }
            }
        }
        out.sort();
        out
    }

    /// Undo [`take_commits`](Self::take_commits) for a partition whose commit failed, so the
    /// next round retries it.
    pub fn commit_failed(&self, tp: &Tp, offset: i64) {
        let mut g = self.lock();
        if let Some(p) = g.parts.get_mut(tp) {
            if p.committed == Some(offset) {
                p.committed = None;
            }
        }
    }

    /// The group's committed position of a freshly assigned partition (fetched from the
    /// broker): nothing at or below it is committed again.
    pub fn set_committed(&self, tp: &Tp, offset: i64) {
        let mut g = self.lock();
        if let Some(p) = g.parts.get_mut(tp) {
            if p.committed.is_none_or(|c| c < offset) {
                p.committed = Some(offset);
            }
        }
    }

    /// One past the highest registered offset per assigned partition that has consumed
    /// something (for metrics: consumed − committed = records in flight).
    pub fn consumed(&self) -> Vec<(Tp, i64)> {
        let g = self.lock();
        let mut v: Vec<_> = g
            .parts
            .iter()
            .filter_map(|(tp, p)| Some((tp.clone(), p.next?)))
            .collect();
        v.sort();
        v
    }

    /// Forget `tp` (revoked or lost). Later acknowledgements of its tokens are ignored.
    pub fn remove(&self, tp: &Tp) {
        self.lock().parts.remove(tp);
    }

    pub fn assigned(&self) -> Vec<Tp> {
        let mut v: Vec<Tp> = self.lock().parts.keys().cloned().collect();
        v.sort();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (Arc<OffsetTracker>, Tp) {
        let t = Arc::new(OffsetTracker::default());
        let tp = Tp::new("otlp_spans", 0);
        t.assign(&tp);
        (t, tp)
    }

    #[test]
    fn unassigned_partition_gives_no_token() {
        let t = Arc::new(OffsetTracker::default());
        assert!(t.register(&Tp::new("x", 1), 0).is_none());
        assert!(t.take_commits().is_empty());
    }

    #[test]
    fn only_contiguous_prefix_is_committable() {
        let (t, tp) = setup();
        let toks: Vec<AckToken> = (10..15).map(|o| t.register(&tp, o).unwrap()).collect();
        assert_eq!(
            t.committable(&tp),
            Some(10),
            "nothing acknowledged: resume at the first record"
        );
        let mut toks: Vec<Option<AckToken>> = toks.into_iter().map(Some).collect();
        let mut ack = |i: usize| toks[i].take().unwrap().ack();
        // Acknowledge out of order: 12 and 14 first.
        ack(2);
        ack(4);
        assert_eq!(t.committable(&tp), Some(10), "a gap below: still 10");
        ack(0);
        assert_eq!(t.committable(&tp), Some(11));
        ack(1);
        assert_eq!(
            t.committable(&tp),
            Some(13),
            "11 and 12 done, 13 outstanding"
        );
        ack(3);
        assert_eq!(t.committable(&tp), Some(15), "all done: one past the last");
        assert_eq!(t.take_commits(), vec![(tp.clone(), 15)]);
        assert!(t.take_commits().is_empty(), "no movement, no commit");
    }

    #[test]
    fn clones_ack_only_when_the_last_is_settled() {
        let (t, tp) = setup();
        let a = t.register(&tp, 0).unwrap();
        let b = a.clone();
        assert!(a.same_record(&b));
        a.ack();
        assert_eq!(t.committable(&tp), Some(0));
        b.ack();
        assert_eq!(t.committable(&tp), Some(1));
    }

    #[test]
    fn reject_fences_the_offset_and_is_counted_once_per_record() {
        let (t, tp) = setup();
        let done = t.register(&tp, 0).unwrap();
        let lost = t.register(&tp, 1).unwrap();
        let lost_clone = lost.clone();
        let later = t.register(&tp, 2).unwrap();
        done.ack();
        lost.reject(RejectReason::NotWritten);
        lost_clone.reject(RejectReason::NotWritten);
        later.ack();
        assert_eq!(
            t.committable(&tp),
            Some(1),
            "never past the rejected record, although everything was settled"
        );
        assert_eq!(
            t.outstanding_below_fence(&tp),
            0,
            "nothing left to wait for"
        );
        assert_eq!(t.take_commits(), vec![(tp.clone(), 1)]);
        assert_eq!(t.metrics.kafka_records_rejected_total.load(Relaxed), 1);
        assert_eq!(t.metrics.ack_tokens_unsettled_total.load(Relaxed), 0);
    }

    #[test]
    fn one_rejected_clone_is_enough() {
        let (t, tp) = setup();
        let a = t.register(&tp, 4).unwrap();
        let b = a.clone();
        a.ack();
        b.reject(RejectReason::HandedBack);
        assert_eq!(t.committable(&tp), Some(4));
    }

    #[test]
    #[cfg_attr(
        debug_assertions,
        should_panic(expected = "dropped without ack() or reject()")
    )]
    fn a_token_dropped_without_an_outcome_is_a_bug() {
        let (t, tp) = setup();
        let token = t.register(&tp, 3).unwrap();
        drop(token);
        // Release builds: counted and treated as a reject.
        assert_eq!(t.metrics.ack_tokens_unsettled_total.load(Relaxed), 1);
        assert_eq!(t.committable(&tp), Some(3));
    }

    #[test]
    fn offset_gaps_from_compaction_or_transactions_are_fine() {
        let (t, tp) = setup();
        let a = t.register(&tp, 5).unwrap();
        let b = t.register(&tp, 9).unwrap();
        b.ack();
        assert_eq!(t.committable(&tp), Some(5));
        a.ack();
        assert_eq!(t.committable(&tp), Some(10));
    }

    #[test]
    fn take_commits_only_moves_forward_and_retries_failures() {
        let (t, tp) = setup();
        t.register(&tp, 0).unwrap().ack();
        assert_eq!(t.take_commits(), vec![(tp.clone(), 1)]);
        t.commit_failed(&tp, 1);
        assert_eq!(
            t.take_commits(),
            vec![(tp.clone(), 1)],
            "failed commit is retried"
        );
        let held = t.register(&tp, 1).unwrap();
        assert!(t.take_commits().is_empty());
        held.ack();
        assert_eq!(t.take_commits(), vec![(tp, 2)]);
    }

    #[test]
    fn a_log_that_starts_over_is_tracked_as_a_new_one() {
        let (t, tp) = setup();
        for o in 0..500 {
            t.register(&tp, o).unwrap().ack();
        }
        let old_in_flight = t.register(&tp, 500).unwrap();
        assert_eq!(t.take_commits(), vec![(tp.clone(), 500)]);
        // The broker came back empty: the consumer reset to the new log's start. Before the
        // reset the stale position (501, one past the old log) would have been committed
        // to the new broker as soon as its first records were acknowledged, skipping
        // records 3..500 of the new log after a rebalance.
        let a = t.register(&tp, 0).unwrap();
        let b = t.register(&tp, 1).unwrap();
        let c = t.register(&tp, 2).unwrap();
        assert_eq!(t.metrics.kafka_offset_resets_total.load(Relaxed), 1);
        a.ack();
        b.ack();
        assert_eq!(t.committable(&tp), Some(2), "the new log's own prefix");
        assert_eq!(
            t.take_commits(),
            vec![(tp.clone(), 2)],
            "a position below the old log's is committed to the new log"
        );
        // The old log's token settles into nothing.
        old_in_flight.reject(RejectReason::HandedBack);
        assert_eq!(t.committable(&tp), Some(2));
        c.ack();
        assert_eq!(t.take_commits(), vec![(tp.clone(), 3)]);
        // Offsets that only grow (gaps included) never reset.
        t.register(&tp, 7).unwrap().ack();
        assert_eq!(t.metrics.kafka_offset_resets_total.load(Relaxed), 1);
        assert_eq!(t.take_commits(), vec![(tp, 8)]);
    }

    #[test]
    fn positions_held_while_every_broker_was_down_wait_for_a_record() {
        let (t, tp) = setup();
        for o in 0..3 {
            t.register(&tp, o).unwrap().ack();
        }
        // Every broker went down before position 3 was committed.
        assert_eq!(t.suspect_logs(), 1);
        assert_eq!(t.take_commits(), vec![], "the old log's position is held");
        // The broker came back empty: its first record starts the new log; 3 is never
        // committed to it.
        t.register(&tp, 0).unwrap().ack();
        assert_eq!(t.take_commits(), vec![(tp.clone(), 1)]);

        // The log survived: the next record continues it and confirms the position.
        let (t, tp) = setup();
        for o in 0..3 {
            t.register(&tp, o).unwrap().ack();
        }
        t.suspect_logs();
        assert_eq!(t.take_commits(), vec![]);
        let next = t.register(&tp, 3).unwrap();
        assert_eq!(t.take_commits(), vec![(tp.clone(), 3)]);
        next.ack();
        assert_eq!(t.take_commits(), vec![(tp.clone(), 4)]);
        // A partition that has consumed nothing has no position to hold.
        let (t, _) = setup();
        assert_eq!(t.suspect_logs(), 0);
    }

    #[test]
    fn revoke_fence_never_commits_handed_back_records() {
        let (t, tp) = setup();
        let done = t.register(&tp, 0).unwrap();
        let in_flight = t.register(&tp, 1).unwrap();
        let handed_back = t.register(&tp, 2).unwrap();
        let handed_back2 = t.register(&tp, 3).unwrap();
        done.ack();
        // Revoke: records 2 and 3 are in open runs, handed back to the next owner.
        t.fence(&tp, 2);
        handed_back.reject(RejectReason::HandedBack);
        handed_back2.reject(RejectReason::HandedBack);
        assert_eq!(
            t.outstanding_below_fence(&tp),
            1,
            "record 1 still in flight"
        );
        assert_eq!(t.committable(&tp), Some(1));
        in_flight.ack();
        assert_eq!(t.outstanding_below_fence(&tp), 0);
        assert_eq!(
            t.committable(&tp),
            Some(2),
            "capped at the fence although 2 and 3 were settled"
        );
        assert_eq!(t.take_commits(), vec![(tp.clone(), 2)]);
        t.remove(&tp);
        assert!(t.assigned().is_empty());
    }

    #[test]
    fn tokens_of_an_earlier_assignment_are_ignored() {
        let (t, tp) = setup();
        let old = t.register(&tp, 7).unwrap();
        let old_rejected = t.register(&tp, 1).unwrap();
        t.remove(&tp);
        t.assign(&tp);
        let new = t.register(&tp, 3).unwrap();
        old.ack();
        old_rejected.reject(RejectReason::NotWritten);
        assert_eq!(
            t.committable(&tp),
            Some(3),
            "stale settlements do not touch the new assignment"
        );
        new.ack();
        assert_eq!(t.committable(&tp), Some(4));
    }
}
