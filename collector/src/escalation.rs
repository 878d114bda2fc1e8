//! Escalation across a conversation: when a conversation has had `escalate_after`
//! consecutive revise verdicts, its next revise is a block ("repeated revise loops failed",
//! as the spec's gating says). State is per conversation id, bounded (least recently seen
//! forgotten at capacity) and expires after a TTL; an emit or a block starts the count afresh.

use groundcheck_detectors::report::{Action, HallucinationReport};
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

/// The note written to an escalated report.
pub const NOTE: &str = "repeated revise loops failed";

#[derive(Debug, Clone, Copy)]
pub struct EscalationConfig {
    pub max_conversations: usize,
    pub ttl: Duration,
}

struct Entry {
    revises: u32,
    seen: Instant,
    seq: u64,
}

/// Consecutive revise verdicts per conversation.
pub struct Escalations {
    cfg: EscalationConfig,
    map: HashMap<String, Entry>,
    /// Recency order: sequence number → conversation id (oldest first).
    order: BTreeMap<u64, String>,
    next: u64,
}

/// What [`Escalations::apply`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Applied {
    pub escalated: bool,
    pub evicted: usize,
}

impl Escalations {
    pub fn new(cfg: EscalationConfig) -> Self {
        Escalations {
            cfg,
            map: HashMap::new(),
            order: BTreeMap::new(),
            next: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    fn remove(&mut self, id: &str) -> Option<Entry> {
        let e = self.map.remove(id)?;
        self.order.remove(&e.seq);
        Some(e)
    }

    /// Forget conversations unseen for the TTL, then the least recently seen beyond capacity
    /// (making room for one more).
    fn evict(&mut self, now: Instant) -> usize {
        let mut n = 0;
        while let Some((_, id)) = self.order.first_key_value() {
            let id = id.clone();
            let expired = self
                .map
                .get(&id)
                .is_none_or(|e| now.saturating_duration_since(e.seen) >= self.cfg.ttl);
            if !expired && self.map.len() < self.cfg.max_conversations {
                break;
            }
            self.remove(&id);
            n += 1;
        }
        n
    }

    /// Count the report's verdict for its conversation and escalate a revise to block when
    /// the conversation already had `escalate_after` consecutive revises (0: never).
    pub fn apply(
        &mut self,
        report: &mut HallucinationReport,
        escalate_after: u32,
        now: Instant,
    ) -> Applied {
        let mut out = Applied::default();
        let Some(conv) = report.conversation_id.clone().filter(|c| !c.is_empty()) else {
            return out;
        };
        if escalate_after == 0 || self.cfg.max_conversations == 0 {
            return out;
        }
        let prior = match self.remove(&conv) {
            Some(e) if now.saturating_duration_since(e.seen) < self.cfg.ttl => e.revises,
            _ => 0,
        };
        let revises = match report.action {
            Action::Revise if prior >= escalate_after => {
                report.action = Action::Block;
                report.notes.push(format!(
                    "{NOTE}: {prior} consecutive revise verdicts in conversation {conv:?} (escalate_after {escalate_after}, profile {})",
                    report.profile
                ));
                out.escalated = true;
                0
            }
            Action::Revise => prior + 1,
            Action::Emit | Action::Block => 0,
        };
        if revises > 0 {
            out.evicted = self.evict(now);
            let seq = self.next;
            self.next += 1;
            self.order.insert(seq, conv.clone());
            self.map.insert(
                conv,
                Entry {
                    revises,
                    seen: now,
                    seq,
                },
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(conv: &str, action: Action) -> HallucinationReport {
        let mut r: HallucinationReport = serde_json::from_value(serde_json::json!({
            "run_id": "r", "claims": [], "tool_call_validations": [], "consistency_probes": [],
            "overall_score": 0.5, "action": "revise", "version": "1", "trace_id": "r",
            "dialect": "genai", "start_time_unix_nano": 0, "end_time_unix_nano": 0,
            "reported_at_unix_nano": 0, "incomplete": false,
        }))
        .unwrap();
        r.conversation_id = Some(conv.into());
        r.action = action;
        r
    }

    fn cfg(max: usize) -> EscalationConfig {
        EscalationConfig {
            max_conversations: max,
            ttl: Duration::from_secs(60),
        }
    }

    #[test]
    fn third_consecutive_revise_is_blocked_and_emit_resets() {
        let mut e = Escalations::new(cfg(10));
        let t = Instant::now();
        for _ in 0..2 {
            let mut r = report("c", Action::Revise);
            assert!(!e.apply(&mut r, 2, t).escalated);
            assert_eq!(r.action, Action::Revise);
        }
        let mut r = report("c", Action::Revise);
        assert!(e.apply(&mut r, 2, t).escalated);
        assert_eq!(r.action, Action::Block);
        assert!(r.notes.iter().any(|n| n.contains(NOTE)), "{:?}", r.notes);
        // Counting starts afresh after the block, and an emit resets too.
        let mut r = report("c", Action::Revise);
        e.apply(&mut r, 2, t);
        let mut r = report("c", Action::Emit);
        e.apply(&mut r, 2, t);
        for _ in 0..2 {
            let mut r = report("c", Action::Revise);
            assert!(!e.apply(&mut r, 2, t).escalated);
        }
        // Other conversations and 0 (off) are untouched.
        let mut r = report("d", Action::Revise);
        assert!(!e.apply(&mut r, 0, t).escalated);
    }

    #[test]
    fn bounded_and_expiring() {
        let mut e = Escalations::new(cfg(2));
        let t = Instant::now();
        for c in ["a", "b", "c"] {
            e.apply(&mut report(c, Action::Revise), 1, t);
        }
        assert_eq!(e.len(), 2, "least recently seen forgotten");
        let mut r = report("a", Action::Revise);
        assert!(!e.apply(&mut r, 1, t).escalated, "a was forgotten");
        let mut r = report("c", Action::Revise);
        assert!(
            !e.apply(&mut r, 1, t + Duration::from_secs(61)).escalated,
            "expired"
        );
    }
}
