//! The optional conversation cache (issue 13): earlier results for runs that arrive without
//! their history.
//!
//! Instrumentations that record the conversation's earlier messages in
//! `gen_ai.input.messages` give each run its history, and run assembly turns it into context
//! calls ([`ToolCall::history`]). Others send each turn as a bare trace: an identifier the agent
//! copies from an earlier turn's tool result then has no provenance in this run, and a claim
//! resting on that result no evidence. With `--conversation-cache-size N` (0: off) the collector
//! remembers, per conversation id, the tool calls (with results) of its most recent runs, and a
//! run of that conversation that carries **no history of its own** gets them as history calls,
//! numbered before its own turns — exactly as if the instrumentation had sent the history.
//! Runs that carry history are left alone (theirs is authoritative).
//!
//! Bounded: at most `max_conversations` conversations (least recently used evicted), at most
//! `max_calls` remembered calls per conversation (oldest dropped), entries unused for `ttl`
//! expire. Runs are applied in the order the assembler finishes them (one thread), so a turn
//! sees the turns that finished before it. Size, hits, calls supplied and evictions are on
//! `/metrics` (`groundcheck_conversation_cache_*`).

use groundcheck_detectors::run::{AgentRun, ToolCall};
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// Settings of the cache.
#[derive(Debug, Clone, Copy)]
pub struct ConversationCacheConfig {
    /// Conversations remembered at most (0: the cache is off).
    pub max_conversations: usize,
    /// Calls remembered per conversation at most (oldest dropped first).
    pub max_calls: usize,
    /// A conversation unused this long is forgotten.
    pub ttl: Duration,
}

/// What [`ConversationCache::apply`] did to one run.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Applied {
    /// The run had no history and the cache knew its conversation.
    pub hit: bool,
    /// History calls added to the run.
    pub supplied: usize,
    /// Conversations evicted or expired while doing so.
    pub evicted: usize,
}

struct Entry {
    /// Calls of earlier runs, oldest first, each with the index of the run it came from.
    calls: VecDeque<(usize, ToolCall)>,
    /// Runs seen for this conversation (numbers the cached runs' turns).
    runs: usize,
    last_used: Instant,
}

/// The cache. Not thread-safe by itself: the pipeline applies runs from one task.
pub struct ConversationCache {
    cfg: ConversationCacheConfig,
    entries: HashMap<String, Entry>,
}

impl ConversationCache {
    pub fn new(cfg: ConversationCacheConfig) -> ConversationCache {
        ConversationCache {
            cfg,
            entries: HashMap::new(),
        }
    }

    /// Conversations currently remembered.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Supply earlier results to `run` when it carries no history, then remember its own calls.
    pub fn apply(&mut self, run: &mut AgentRun, now: Instant) -> Applied {
        let mut out = Applied::default();
        if self.cfg.max_conversations == 0 {
            return out;
        }
        let Some(conv) = run.conversation_id.clone().filter(|c| !c.is_empty()) else {
            return out;
        };
        out.evicted += self.expire(now);
        let has_history = run.history_turns > 0 || run.tool_calls.iter().any(|c| c.history);
        if !has_history {
            if let Some(e) = self.entries.get(&conv) {
                out.hit = true;
                out.supplied = supply(run, e);
            }
        }
        if !self.entries.contains_key(&conv) && self.entries.len() >= self.cfg.max_conversations {
            out.evicted += self.evict_lru();
        }
        let max_calls = self.cfg.max_calls;
        let e = self.entries.entry(conv).or_insert_with(|| Entry {
            calls: VecDeque::new(),
            runs: 0,
            last_used: now,
        });
        let index = e.runs;
        e.runs += 1;
        e.last_used = now;
        for c in run.own_calls().filter(|c| c.result.is_some()) {
            e.calls.push_back((index, c.clone()));
        }
        while e.calls.len() > max_calls {
            e.calls.pop_front();
        }
        out
    }

    /// Forget conversations unused for the TTL; returns how many.
    fn expire(&mut self, now: Instant) -> usize {
        let ttl = self.cfg.ttl;
        let before = self.entries.len();
        self.entries
            .retain(|_, e| now.saturating_duration_since(e.last_used) < ttl);
        before - self.entries.len()
    }

    /// Evict the least recently used conversation; returns 1 when one was evicted.
    fn evict_lru(&mut self) -> usize {
        let oldest = self
            .entries
            .iter()
            .min_by_key(|(_, e)| e.last_used)
            .map(|(k, _)| k.clone());
        match oldest {
            Some(k) => {
                self.entries.remove(&k);
                1
            }
            None => 0,
        }
    }
}

/// Prepend the cached calls as history: each earlier run becomes one earlier turn, and the
/// run's own turns and calls are numbered after them (Stage 1 provenance looks at results of
/// earlier turns). A cached call whose id this run also uses is left out.
fn supply(run: &mut AgentRun, e: &Entry) -> usize {
    let mut runs: Vec<usize> = e.calls.iter().map(|(r, _)| *r).collect();
    runs.dedup();
    let shift = runs.len();
    if shift == 0 {
        return 0;
    }
    let own_ids: std::collections::HashSet<String> =
        run.tool_calls.iter().map(|c| c.id.clone()).collect();
    let mut history: Vec<ToolCall> = Vec::new();
    for (r, c) in &e.calls {
        if own_ids.contains(&c.id) {
            continue;
        }
        let turn = runs.iter().position(|x| x == r).unwrap_or(0);
        history.push(ToolCall {
            turn,
            history: true,
            ..c.clone()
        });
    }
    for c in &mut run.tool_calls {
        c.turn += shift;
    }
    for t in &mut run.turns {
        t.index += shift;
    }
    run.history_turns += shift;
    let n = history.len();
    history.append(&mut run.tool_calls);
    run.tool_calls = history;
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(max_conversations: usize) -> ConversationCacheConfig {
        ConversationCacheConfig {
            max_conversations,
            max_calls: 3,
            ttl: Duration::from_secs(60),
        }
    }

    fn run(conv: &str, calls: &[(&str, &str, &str, &str)]) -> AgentRun {
        AgentRun {
            run_id: format!("{conv}-{}", calls.len()),
            conversation_id: Some(conv.into()),
            tool_calls: calls
                .iter()
                .map(|(id, name, args, result)| ToolCall {
                    id: (*id).into(),
                    name: (*name).into(),
                    arguments: Some((*args).into()),
                    result: Some((*result).into()),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn a_bare_turn_gets_the_earlier_turns_results_numbered_before_its_own() {
        let t0 = Instant::now();
        let mut c = ConversationCache::new(cfg(10));
        let mut first = run(
            "conv-1",
            &[("a", "find_user", "{}", r#"{"user_id":"mei_davis_8935"}"#)],
        );
        assert_eq!(c.apply(&mut first, t0), Applied::default());
        let mut second = run(
            "conv-1",
            &[("b", "get_user", r#"{"user_id":"mei_davis_8935"}"#, "{}")],
        );
        let a = c.apply(&mut second, t0 + Duration::from_secs(1));
        assert_eq!(
            a,
            Applied {
                hit: true,
                supplied: 1,
                evicted: 0
            }
        );
        assert_eq!(second.history_turns, 1);
        assert_eq!(second.tool_calls.len(), 2);
        assert!(second.tool_calls[0].history && second.tool_calls[0].turn == 0);
        assert!(!second.tool_calls[1].history && second.tool_calls[1].turn == 1);
        assert_eq!(
            second.own_calls().count(),
            1,
            "only this run's call is judged"
        );
        // Another conversation sees nothing.
        let mut other = run("conv-2", &[("c", "get_user", "{}", "{}")]);
        assert!(!c.apply(&mut other, t0).hit);
        assert_eq!(other.tool_calls.len(), 1);
    }

    /// Stage 1 end to end: the identifier copied from the earlier turn's result has provenance
    /// once the cache supplies that result; without the cache it is called fabricated.
    #[test]
    fn provenance_sees_the_supplied_results() {
        use groundcheck_detectors::report::ToolCallStatus;
        use groundcheck_detectors::stage1::{Stage1, Stage1Config};
        let stage1 = Stage1::new(Stage1Config::default(), None);
        let first = run(
            "conv-9",
            &[(
                "a",
                "find_order",
                r#"{"email":"x@example.com"}"#,
                r##"{"order_id":"#W4817420"}"##,
            )],
        );
        let second = || {
            let mut r = run(
                "conv-9",
                &[(
                    "b",
                    "cancel_order",
                    r##"{"order_id":"#W4817420"}"##,
                    r#"{"ok":true}"#,
                )],
            );
            r.user_input = "please cancel it".into();
            r.tool_definitions = vec![groundcheck_detectors::span::ToolDefinition {
                name: "cancel_order".into(),
                description: None,
                parameters: Some(serde_json::json!({
                    "type": "object",
                    "properties": {"order_id": {"type": "string"}},
                    "required": ["order_id"]
                })),
            }];
            r
        };
        let without = stage1.verify(&second());
        assert_eq!(without[0].status, ToolCallStatus::Fabricated, "{without:?}");
        let mut c = ConversationCache::new(cfg(10));
        let t0 = Instant::now();
        c.apply(&mut first.clone(), t0);
        let mut with = second();
        c.apply(&mut with, t0);
        let v = stage1.verify(&with);
        assert_eq!(v.len(), 1, "history calls are context, not judged: {v:?}");
        assert_eq!(v[0].status, ToolCallStatus::Valid, "{v:?}");
    }

    #[test]
    fn runs_with_their_own_history_are_left_alone() {
        let t0 = Instant::now();
        let mut c = ConversationCache::new(cfg(10));
        c.apply(&mut run("k", &[("a", "t", "{}", "1")]), t0);
        let mut r = run("k", &[("b", "t", "{}", "2")]);
        r.history_turns = 1;
        let a = c.apply(&mut r, t0);
        assert!(!a.hit && a.supplied == 0);
        assert_eq!(r.tool_calls.len(), 1);
    }

    #[test]
    fn bounded_by_conversations_calls_and_ttl() {
        let t0 = Instant::now();
        let mut c = ConversationCache::new(cfg(2));
        c.apply(&mut run("a", &[("1", "t", "{}", "r")]), t0);
        c.apply(
            &mut run("b", &[("2", "t", "{}", "r")]),
            t0 + Duration::from_secs(1),
        );
        let a = c.apply(
            &mut run("c", &[("3", "t", "{}", "r")]),
            t0 + Duration::from_secs(2),
        );
        assert_eq!(a.evicted, 1, "the least recently used conversation goes");
        assert_eq!(c.len(), 2);
        assert!(!c.apply(&mut run("a", &[]), t0 + Duration::from_secs(3)).hit);
        // Calls per conversation: the oldest are dropped.
        let mut c = ConversationCache::new(cfg(10));
        for i in 0..5 {
            let id = format!("call{i}");
            c.apply(&mut run("x", &[(id.as_str(), "t", "{}", "r")]), t0);
        }
        let mut r = run("x", &[]);
        assert_eq!(c.apply(&mut r, t0).supplied, 3);
        assert_eq!(r.tool_calls[0].id, "call2");
        // TTL: unused for a minute, forgotten.
        let a = c.apply(&mut run("x", &[]), t0 + Duration::from_secs(120));
        assert!(!a.hit && a.evicted == 1);
        // Off: nothing remembered.
        let mut off = ConversationCache::new(cfg(0));
        off.apply(&mut run("x", &[("1", "t", "{}", "r")]), t0);
        assert!(off.is_empty());
    }
}
