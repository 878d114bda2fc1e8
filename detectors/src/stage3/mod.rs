//! Stage 3 — self-consistency probing.
//!
//! The spec: critical claims (numbers, dates, citations, named entities, action commitments)
//! SHOULD be re-asked with a paraphrased prompt and the same evidence, and compared; more than
//! one probe with majority agreement is allowed. Probing needs a model endpoint, which is I/O:
//! this library holds the pure parts — which claims are probed and on which value
//! ([`slot`]), the paraphrased prompts ([`plan`]), extracting and comparing the answers
//! ([`evaluate`]) — and the [`ConsistencyProber`] interface the collector implements over an
//! OpenAI-compatible endpoint.
//!
//! # Contract
//! [`ConsistencyProber::probe`] returns a future and must not block the caller. The future:
//! - is `Send + 'static` and can be polled by any executor (an implementation that needs a
//!   runtime spawns its work there and awaits the join handle), so the collector awaits it
//!   on its I/O runtime while `check`/`eval` may [`block_on`] it;
//! - resolves by the prober's configured deadline, with every planned probe in the outcome:
//!   probes that got no answer in time are `timed_out`, failed ones `failed` with the
//!   errors — never silently dropped;
//! - respects the prober's bounds (concurrency, per-run probe and token budget).
//!
//! [`ConsistencyProber::wants`] is the cheap sampling decision (agent/service, rate), made
//! before any work is queued.

pub mod slot;

use crate::report::{Claim, ConsistencyProbe, ProbeStatus};
use crate::run::AgentRun;
use serde::{Deserialize, Serialize};
use slot::SlotKind;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A boxed `Send` future (the async trait shape of this crate; no runtime dependency).
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// Errors a prober reports (recorded in the report's notes, counted in metrics).
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    #[error("probe endpoint error: {0}")]
    Endpoint(String),
    #[error("probe deadline exceeded after {0} ms")]
    Timeout(u64),
}

/// What probing one run produced.
#[derive(Debug, Clone, Default)]
pub struct ProbeOutcome {
    pub probes: Vec<ConsistencyProbe>,
    /// Stage-3 notes for the report (budget cuts, errors).
    pub notes: Vec<String>,
}

pub trait ConsistencyProber: Send + Sync {
    /// Human-readable name for notes/metrics.
    fn name(&self) -> &'static str;
    /// Whether this run is probed (sampling by agent/service and rate). Cheap, no I/O.
    fn wants(&self, run: &AgentRun) -> bool;
    /// Probe the critical claims of the run (see the module contract), on slots of the
    /// prober's configured kinds that are also in `kinds` (the run's gating profile's
    /// `probe_kinds`; empty: every configured kind) — see [`PlanConfig::narrowed`].
    fn probe(
        &self,
        run: Arc<AgentRun>,
        claims: Arc<Vec<Claim>>,
        kinds: &[SlotKind],
    ) -> BoxFuture<ProbeOutcome>;
}

/// One chat message of an OpenAI-compatible request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: String,
    pub content: String,
}

impl ChatMessage {
    pub fn system(c: impl Into<String>) -> Self {
        ChatMessage {
            role: "system".into(),
            content: c.into(),
        }
    }
    pub fn user(c: impl Into<String>) -> Self {
        ChatMessage {
            role: "user".into(),
            content: c.into(),
        }
    }
}

/// What to probe and how much.
#[derive(Debug, Clone)]
pub struct PlanConfig {
    /// Claim value kinds that are probed.
    pub kinds: Vec<SlotKind>,
    /// Probes (re-asks) per claim.
    pub probes_per_claim: usize,
    /// Budget: probe requests per run, all claims together.
    pub max_probes: usize,
    /// Evidence given to the model, at most this many characters.
    pub max_evidence_chars: usize,
}

impl Default for PlanConfig {
    fn default() -> Self {
        PlanConfig {
            kinds: SlotKind::ALL.to_vec(),
            probes_per_claim: 3,
            max_probes: 12,
            max_evidence_chars: 6000,
        }
    }
}

impl PlanConfig {
    /// This plan for one run whose profile probes only `kinds` (empty: no narrowing): the
    /// configured kinds that are in `kinds`, in their order of preference. A kind the prober
    /// is not configured for is not added.
    pub fn narrowed(&self, kinds: &[SlotKind]) -> PlanConfig {
        let mut cfg = self.clone();
        if !kinds.is_empty() {
            cfg.kinds.retain(|k| kinds.contains(k));
        }
        cfg
    }
}

/// One claim to probe: its value, and one prompt per probe (paraphrases of one question).
#[derive(Debug, Clone)]
pub struct PlannedProbe {
    pub claim: String,
    pub kind: SlotKind,
    pub original: String,
    pub prompts: Vec<Vec<ChatMessage>>,
}

/// The run's evidence as the model sees it: tool results and documents, labeled, cut at
/// `max_chars` characters.
pub fn evidence_text(run: &AgentRun, max_chars: usize) -> String {
    let mut out = String::new();
    for d in run
        .evidence()
        .iter()
        .filter(|d| d.source != "user" && d.source != "system")
    {
        out.push_str(&format!("[{}] {}\n", d.source, d.text));
    }
    if out.chars().count() > max_chars {
        out = out.chars().take(max_chars).collect();
        out.push_str(" …(truncated)\n");
    }
    out
}

const PROBE_SYSTEM: &str = "You answer questions about an AI agent's task using only the evidence given (tool results). \
Reply with the requested value only: no sentence, no explanation. If the evidence does not say, reply: unknown.";

fn question(kind: SlotKind, masked: &str, claim: &str, i: usize) -> String {
    let noun = kind.noun();
    if kind == SlotKind::Action {
        return match i % 3 {
            0 => format!(
                "Based only on the evidence, did this happen: \"{claim}\"? Answer yes or no."
            ),
            1 => format!(
                "Does the evidence show that the following was done: \"{claim}\"? Reply yes or no."
            ),
            _ => format!(
                "Yes or no: according to the tool results, is this statement true? \"{claim}\""
            ),
        };
    }
    match i % 3 {
        0 => format!("Fill in the blank using only the evidence: \"{masked}\". Answer with the {noun} only."),
        1 => format!("According to the evidence, which {noun} belongs in place of ____ in: \"{masked}\"? Reply with the {noun} only."),
        _ => format!("Based on the tool results, what is the missing {noun} (____) in this statement: \"{masked}\"? Give only the {noun}."),
    }
}

/// Plan the probes of a run: for each critical claim in answer order, the first slot of a
/// configured kind, and `probes_per_claim` paraphrased prompts, until the per-run budget is
/// spent. Returns the plan and notes (claims left out for the budget).
pub fn plan(
    run: &AgentRun,
    claims: &[Claim],
    cfg: &PlanConfig,
) -> (Vec<PlannedProbe>, Vec<String>) {
    let evidence = evidence_text(run, cfg.max_evidence_chars);
    let mut left = cfg.max_probes;
    let mut out = Vec::new();
    let mut skipped = 0usize;
    for c in claims.iter().filter(|c| c.critical) {
        let Some(s) = slot::probe_slot(&c.text, &cfg.kinds) else {
            continue;
        };
        let n = cfg.probes_per_claim.min(left);
        if n == 0 {
            skipped += 1;
            continue;
        }
        left -= n;
        let masked = format!("{}____{}", &c.text[..s.start], &c.text[s.end..]);
        let original = if s.kind == SlotKind::Action {
            "yes".to_owned()
        } else {
            s.text.clone()
        };
        let prompts = (0..n)
            .map(|i| {
                let mut user = format!("Evidence:\n{evidence}\n");
                if !run.user_input.is_empty() {
                    user.push_str(&format!(
                        "The user asked: {}\n\n",
                        truncate_chars(&run.user_input, 1000)
                    ));
                }
                user.push_str(&question(s.kind, &masked, &c.text, i));
                vec![ChatMessage::system(PROBE_SYSTEM), ChatMessage::user(user)]
            })
            .collect();
        out.push(PlannedProbe {
            claim: c.text.clone(),
            kind: s.kind,
            original,
            prompts,
        });
    }
    let mut notes = Vec::new();
    if skipped > 0 {
        notes.push(format!(
            "stage3: {skipped} critical claim(s) not probed: per-run probe budget ({}) spent",
            cfg.max_probes
        ));
    }
    (out, notes)
}

pub(crate) fn truncate_chars(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_owned()
    } else {
        s.chars().take(n).collect::<String>() + "…"
    }
}

/// The result of one probe request.
#[derive(Debug, Clone, PartialEq)]
pub enum ProbeAnswer {
    /// The model's reply text.
    Answered(String),
    /// Gave up after retries (or the budget ran out): why.
    Failed(String),
    /// No reply by the run's deadline.
    TimedOut,
}

/// Compare a claim's probe answers with its value: each reply's value of the same kind is
/// extracted ([`slot::extract`]) and compared ([`slot::same`]); `agreement` is the share of
/// answered probes that agree (1.0 when none answered — see `status`).
pub fn evaluate(p: &PlannedProbe, answers: &[ProbeAnswer]) -> ConsistencyProbe {
    let mut values = Vec::new();
    let mut agree = 0usize;
    let mut errors = Vec::new();
    let (mut timed_out, mut failed) = (0usize, 0usize);
    for a in answers {
        match a {
            ProbeAnswer::Answered(text) => {
                let v =
                    slot::extract(p.kind, text).unwrap_or_else(|| truncate_chars(text.trim(), 200));
                if slot::same(p.kind, &p.original, &v) {
                    agree += 1;
                }
                values.push(v);
            }
            ProbeAnswer::Failed(e) => {
                failed += 1;
                errors.push(e.clone());
            }
            ProbeAnswer::TimedOut => timed_out += 1,
        }
    }
    let status = match (values.len(), timed_out, failed) {
        (n, 0, 0) if n > 0 => ProbeStatus::Answered,
        (n, _, _) if n > 0 => ProbeStatus::Partial,
        (_, t, _) if t > 0 => ProbeStatus::TimedOut,
        _ => ProbeStatus::Failed,
    };
    if timed_out > 0 {
        errors.push(format!("{timed_out} probe(s) timed out"));
    }
    let agreement = if values.is_empty() {
        1.0
    } else {
        agree as f64 / values.len() as f64
    };
    ConsistencyProbe {
        claim: p.claim.clone(),
        original: p.original.clone(),
        probe_answers: values,
        agreement,
        kind: p.kind.as_str().to_owned(),
        status,
        errors,
    }
}

/// Agreement of probe answers with the original value: share of answers that normalize to
/// the same string (case, whitespace, thousands separators and currency symbols ignored).
pub fn agreement(original: &str, answers: &[String]) -> f64 {
    if answers.is_empty() {
        return 1.0;
    }
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric() || *c == '.')
            .collect::<String>()
            .to_lowercase()
    };
    let o = norm(original);
    answers.iter().filter(|a| norm(a) == o).count() as f64 / answers.len() as f64
}

/// A probe diverges when its answered probes do not agree by strict majority (a tie
/// diverges); a probe with no answers does not diverge (its `status` says why).
pub fn diverges(p: &ConsistencyProbe) -> bool {
    !p.probe_answers.is_empty() && p.agreement <= 0.5 + 1e-9
}

/// Await two futures concurrently (both are polled from the start).
pub async fn join2<A: Future, B: Future>(a: A, b: B) -> (A::Output, B::Output) {
    use std::task::Poll;
    let (mut a, mut b) = (std::pin::pin!(a), std::pin::pin!(b));
    let (mut ra, mut rb) = (None, None);
    std::future::poll_fn(move |cx| {
        if ra.is_none() {
            if let Poll::Ready(v) = a.as_mut().poll(cx) {
                ra = Some(v);
            }
        }
        if rb.is_none() {
            if let Poll::Ready(v) = b.as_mut().poll(cx) {
                rb = Some(v);
            }
        }
        match (ra.take(), rb.take()) {
            (Some(x), Some(y)) => Poll::Ready((x, y)),
            (x, y) => {
                ra = x;
                rb = y;
                Poll::Pending
            }
        }
    })
    .await
}

/// Drive a future to completion on the current thread (for synchronous callers such as
/// `groundcheck check`/`eval`). The future must not need a runtime on this thread (see the
/// module contract).
pub fn block_on<F: Future>(f: F) -> F::Output {
    use std::task::{Context, Poll, Wake, Waker};
    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    let mut f = std::pin::pin!(f);
    loop {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::park();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::ClaimStatus;

    #[test]
    fn agreement_normalizes() {
        assert_eq!(
            agreement(
                "$1,200",
                &["1200".into(), "$1200".into(), "900".into(), "1,200".into()]
            ),
            0.75
        );
        assert_eq!(agreement("x", &[]), 1.0);
    }

    fn claim(text: &str, critical: bool) -> Claim {
        Claim {
            text: text.into(),
            evidence_spans: vec![],
            score: 1.0,
            critical,
            status: ClaimStatus::Supported,
            start: 0,
            end: 1,
            reason: String::new(),
            flagged_spans: vec![],
            claim_type: Default::default(),
        }
    }

    fn run() -> AgentRun {
        let mut r: AgentRun = crate::run::build_run(Vec::new());
        r.user_input = "How much is flight AC1471?".into();
        r.tool_calls.push(crate::run::ToolCall {
            id: "call_1".into(),
            name: "get_flight".into(),
            arguments: None,
            turn: 0,
            result: Some("{\"price\": 412}".into()),
            error: false,
            start_unix_nano: 0,
            history: false,
            span_id: None,
        });
        r
    }

    #[test]
    fn plan_masks_the_slot_and_respects_the_budget() {
        let claims = vec![
            claim("The flight costs $412.", true),
            claim("Enjoy your trip.", false),
            claim("It departs on March 3.", true),
        ];
        let cfg = PlanConfig {
            probes_per_claim: 3,
            max_probes: 4,
            ..Default::default()
        };
        let (p, notes) = plan(&run(), &claims, &cfg);
        assert_eq!(p.len(), 2);
        assert_eq!(
            (p[0].kind, p[0].original.as_str(), p[0].prompts.len()),
            (SlotKind::Number, "$412", 3)
        );
        assert_eq!(p[1].prompts.len(), 1);
        let user = &p[0].prompts[0][1].content;
        assert!(
            user.contains("The flight costs ____.")
                && user.contains("[call_1] {\"price\": 412}")
                && user.contains("AC1471"),
            "{user}"
        );
        assert_ne!(
            p[0].prompts[0][1].content, p[0].prompts[1][1].content,
            "paraphrases differ"
        );
        assert!(notes.is_empty());
        let (p, notes) = plan(
            &run(),
            &claims,
            &PlanConfig {
                max_probes: 3,
                ..Default::default()
            },
        );
        assert_eq!(p.len(), 1);
        assert_eq!(notes.len(), 1);
    }

    #[test]
    fn a_profile_narrows_the_probed_kinds() {
        let claims = vec![
            claim("Flight AC1471 costs $412.", true),
            claim("It departs on March 3.", true),
        ];
        let base = PlanConfig::default();
        let kinds_of = |cfg: &PlanConfig| -> Vec<SlotKind> {
            plan(&run(), &claims, cfg)
                .0
                .iter()
                .map(|p| p.kind)
                .collect()
        };
        assert_eq!(base.narrowed(&[]).kinds, base.kinds, "empty: no narrowing");
        assert_eq!(
            kinds_of(&base),
            [SlotKind::Identifier, SlotKind::Date],
            "the preferred slot of each claim"
        );
        // Identifiers not probed: the first claim is probed on its number instead.
        let narrowed = base.narrowed(&[SlotKind::Number, SlotKind::Date]);
        assert_eq!(narrowed.kinds, [SlotKind::Date, SlotKind::Number]);
        assert_eq!(kinds_of(&narrowed), [SlotKind::Number, SlotKind::Date]);
        // Only numbers: the date claim is not probed at all.
        assert_eq!(
            kinds_of(&base.narrowed(&[SlotKind::Number])),
            [SlotKind::Number]
        );
        // Never wider than the prober's configuration.
        let numbers_only = PlanConfig {
            kinds: vec![SlotKind::Number],
            ..Default::default()
        };
        assert!(kinds_of(&numbers_only.narrowed(&[SlotKind::Date])).is_empty());
    }

    #[test]
    fn evaluate_majority_and_status() {
        let (p, _) = plan(
            &run(),
            &[claim("The flight costs $412.", true)],
            &PlanConfig::default(),
        );
        let p = &p[0];
        let ok = evaluate(
            p,
            &[
                ProbeAnswer::Answered("412".into()),
                ProbeAnswer::Answered("The price is $412.".into()),
                ProbeAnswer::Answered("500".into()),
            ],
        );
        assert_eq!(ok.status, ProbeStatus::Answered);
        assert!((ok.agreement - 2.0 / 3.0).abs() < 1e-9);
        assert!(!diverges(&ok));
        let bad = evaluate(
            p,
            &[
                ProbeAnswer::Answered("500".into()),
                ProbeAnswer::TimedOut,
                ProbeAnswer::Answered("412".into()),
            ],
        );
        assert_eq!(bad.status, ProbeStatus::Partial);
        assert!(diverges(&bad), "a tie is no majority");
        let none = evaluate(
            p,
            &[
                ProbeAnswer::TimedOut,
                ProbeAnswer::Failed("HTTP 503".into()),
            ],
        );
        assert_eq!(none.status, ProbeStatus::TimedOut);
        assert!(!diverges(&none) && none.probe_answers.is_empty());
        assert!(none.errors.iter().any(|e| e.contains("503")));
        assert_eq!(
            evaluate(p, &[ProbeAnswer::Failed("x".into())]).status,
            ProbeStatus::Failed
        );
    }

    #[test]
    fn block_on_runs_a_future() {
        assert_eq!(block_on(async { 41 + 1 }), 42);
        assert_eq!(block_on(join2(async { 1 }, async { "two" })), (1, "two"));
    }
}
