//! Per-partition offset tracking for at-least-once Kafka consumption.
//!
//! Every consumed record is registered here ([`OffsetTracker::register`]) in offset order and
//! gets an [`AckToken`]. The token travels with the record's spans through the pipeline
//! (ingest queue → open run in the assembler → finished run → report in the sink runner) and
//! is cloned into every run that holds spans of the record. When the last clone is dropped,
//! the record counts as *processed* and its offset is marked acknowledged.
//!
//! The pipeline drops a token only once the data is disposed of for good: every report that
//! holds it was acknowledged by every sink (or rejected by a sink with a non-retryable
//! error, counted), the spans were counted as late, the record was a poison record, … A
//! worker panic aborts the process (rayon's default), so a crash never acknowledges.
//!
//! The committable position of a partition is the lowest offset still outstanding (registered
//! and not acknowledged), or one past the highest registered offset when none is outstanding:
//! only the **contiguous acknowledged prefix** is ever committed, like rotel's offset tracker
//! or vector's ordered finalizer. Out-of-order acknowledgements are kept until the gap below
//! them closes.
//!
//! On revoke, a partition can be **fenced** ([`OffsetTracker::fence`]): records at or above
//! the fence were handed back (their spans dropped unreported, for the new owner to re-read),
//! so the committable position never passes the fence even though dropping those tokens
//! acknowledges them. [`OffsetTracker::remove`] then forgets the partition; acknowledgements
//! of tokens from an earlier assignment (older epoch) are ignored.

use std::collections::{BTreeSet, HashMap};
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
}

impl PartitionState {
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
/// (acknowledgements via dropped tokens). Cheap: one mutex, O(log n) per record.
#[derive(Debug, Default)]
pub struct OffsetTracker {
    inner: Mutex<Inner>,
}

/// Marks one record processed when the last clone is dropped. See the module docs.
#[derive(Debug, Clone)]
pub struct AckToken(Arc<RecordAck>);

#[derive(Debug)]
struct RecordAck {
    tp: Tp,
    offset: i64,
    epoch: u64,
    tracker: Arc<OffsetTracker>,
}

impl Drop for RecordAck {
    fn drop(&mut self) {
        self.tracker.ack(&self.tp, self.epoch, self.offset);
    }
}

impl AckToken {
    pub fn tp(&self) -> &Tp {
        &self.0.tp
    }
    pub fn offset(&self) -> i64 {
        self.0.offset
    }
    /// The same record (cheap identity check, used to avoid storing a token twice per run).
    pub fn same_record(&self, other: &AckToken) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl OffsetTracker {
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
        g.parts.insert(
            tp.clone(),
            PartitionState {
                epoch,
                outstanding: BTreeSet::new(),
                next: None,
                fence: None,
                committed: None,
            },
        );
    }

    /// Register a consumed record; `None` when the partition is not assigned (the record
    /// must then not be processed).
    pub fn register(self: &Arc<Self>, tp: &Tp, offset: i64) -> Option<AckToken> {
        let mut g = self.lock();
        let p = g.parts.get_mut(tp)?;
        p.outstanding.insert(offset);
        p.next = Some(p.next.map_or(offset + 1, |n| n.max(offset + 1)));
        Some(AckToken(Arc::new(RecordAck {
            tp: tp.clone(),
            offset,
            epoch: p.epoch,
            tracker: self.clone(),
        })))
    }

    fn ack(&self, tp: &Tp, epoch: u64, offset: i64) {
        let mut g = self.lock();
        if let Some(p) = g.parts.get_mut(tp) {
            if p.epoch == epoch {
                p.outstanding.remove(&offset);
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

    /// Positions that moved since the last call, marked as committed: `(tp, offset)` where
    /// `offset` is the next offset to consume (Kafka's commit convention).
    pub fn take_commits(&self) -> Vec<(Tp, i64)> {
        let mut g = self.lock();
        let mut out = Vec::new();
        for (tp, p) in g.parts.iter_mut() {
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
        // Acknowledge out of order: 12 and 14 first.
        toks[2] = None;
        toks[4] = None;
        assert_eq!(t.committable(&tp), Some(10), "a gap below: still 10");
        toks[0] = None;
        assert_eq!(t.committable(&tp), Some(11));
        toks[1] = None;
        assert_eq!(
            t.committable(&tp),
            Some(13),
            "11 and 12 done, 13 outstanding"
        );
        toks[3] = None;
        assert_eq!(t.committable(&tp), Some(15), "all done: one past the last");
        assert_eq!(t.take_commits(), vec![(tp.clone(), 15)]);
        assert!(t.take_commits().is_empty(), "no movement, no commit");
    }

    #[test]
    fn clones_ack_only_when_the_last_is_dropped() {
        let (t, tp) = setup();
        let a = t.register(&tp, 0).unwrap();
        let b = a.clone();
        assert!(a.same_record(&b));
        drop(a);
        assert_eq!(t.committable(&tp), Some(0));
        drop(b);
        assert_eq!(t.committable(&tp), Some(1));
    }

    #[test]
    fn offset_gaps_from_compaction_or_transactions_are_fine() {
        let (t, tp) = setup();
        let a = t.register(&tp, 5).unwrap();
        let b = t.register(&tp, 9).unwrap();
        drop(b);
        assert_eq!(t.committable(&tp), Some(5));
        drop(a);
        assert_eq!(t.committable(&tp), Some(10));
    }

    #[test]
    fn take_commits_only_moves_forward_and_retries_failures() {
        let (t, tp) = setup();
        drop(t.register(&tp, 0).unwrap());
        assert_eq!(t.take_commits(), vec![(tp.clone(), 1)]);
        t.commit_failed(&tp, 1);
        assert_eq!(
            t.take_commits(),
            vec![(tp.clone(), 1)],
            "failed commit is retried"
        );
        let held = t.register(&tp, 1).unwrap();
        assert!(t.take_commits().is_empty());
        drop(held);
        assert_eq!(t.take_commits(), vec![(tp, 2)]);
    }

    #[test]
    fn revoke_fence_never_commits_handed_back_records() {
        let (t, tp) = setup();
        let done = t.register(&tp, 0).unwrap();
        let in_flight = t.register(&tp, 1).unwrap();
        let handed_back = t.register(&tp, 2).unwrap();
        let handed_back2 = t.register(&tp, 3).unwrap();
        drop(done);
        // Revoke: records 2 and 3 are in open runs, handed back to the next owner.
        t.fence(&tp, 2);
        drop(handed_back);
        drop(handed_back2);
        assert_eq!(
            t.outstanding_below_fence(&tp),
            1,
            "record 1 still in flight"
        );
        assert_eq!(t.committable(&tp), Some(1));
        drop(in_flight);
        assert_eq!(t.outstanding_below_fence(&tp), 0);
        assert_eq!(
            t.committable(&tp),
            Some(2),
            "capped at the fence although 2 and 3 were dropped"
        );
        assert_eq!(t.take_commits(), vec![(tp.clone(), 2)]);
        t.remove(&tp);
        assert!(t.assigned().is_empty());
    }

    #[test]
    fn tokens_of_an_earlier_assignment_are_ignored() {
        let (t, tp) = setup();
        let old = t.register(&tp, 7).unwrap();
        t.remove(&tp);
        t.assign(&tp);
        let new = t.register(&tp, 3).unwrap();
        drop(old);
        assert_eq!(
            t.committable(&tp),
            Some(3),
            "the stale ack does not touch the new assignment"
        );
        drop(new);
        assert_eq!(t.committable(&tp), Some(4));
    }
}
