//! The LLM judge (a Stage-2 scorer, off by default): one chat request per claim with the
//! strict rubric, the reply validated against the verdict schema (retried when malformed),
//! verdicts cached by (claim, evidence hash). Critical claims first, at most
//! `judge_max_claims` per run; the run waits until its deadline.

use super::cache::VerdictCache;
use super::client::RunBudget;
use super::Shared;
use groundcheck_detectors::judge::{
    evidence_hash, judge_messages, parse_verdict, ClaimJudge, JudgeOutcome, Verdict,
};
use groundcheck_detectors::report::Claim;
use groundcheck_detectors::run::AgentRun;
use groundcheck_detectors::stage3::{evidence_text, BoxFuture};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

pub struct LlmJudge {
    sh: Arc<Shared>,
    cache: Arc<VerdictCache>,
    max_claims: usize,
}

impl LlmJudge {
    pub fn new(sh: Arc<Shared>, cache_size: usize, max_claims: usize) -> Self {
        LlmJudge {
            sh,
            cache: Arc::new(VerdictCache::new(cache_size)),
            max_claims,
        }
    }
}

impl ClaimJudge for LlmJudge {
    fn name(&self) -> &'static str {
        "llm-judge"
    }

    fn wants(&self, run: &AgentRun) -> bool {
        self.sh.sampling.wants(run)
    }

    fn judge(&self, run: Arc<AgentRun>, claims: Arc<Vec<Claim>>) -> BoxFuture<JudgeOutcome> {
        let (sh, cache, max_claims) = (self.sh.clone(), self.cache.clone(), self.max_claims);
        Box::pin(async move {
            let task = sh
                .rt
                .spawn(judge_run(sh.clone(), cache, max_claims, run, claims));
            task.await.unwrap_or_else(|e| JudgeOutcome {
                verdicts: Vec::new(),
                notes: vec![format!("stage2 judge: task failed: {e}")],
            })
        })
    }
}

async fn judge_run(
    sh: Arc<Shared>,
    cache: Arc<VerdictCache>,
    max_claims: usize,
    run: Arc<AgentRun>,
    claims: Arc<Vec<Claim>>,
) -> JudgeOutcome {
    let evidence = Arc::new(evidence_text(&run, sh.max_evidence_chars));
    let hash = evidence_hash(&evidence);
    let m = &sh.metrics;
    let mut order: Vec<usize> = (0..claims.len()).collect();
    order.sort_by_key(|i| !claims[*i].critical);
    let skipped = order.len().saturating_sub(max_claims);
    order.truncate(max_claims);
    let deadline = tokio::time::Instant::now() + sh.deadline;
    let budget = RunBudget::new(sh.max_requests, sh.max_tokens);
    let mut verdicts = Vec::new();
    let mut cached = 0usize;
    let mut set = tokio::task::JoinSet::new();
    for i in order {
        let text = claims[i].text.clone();
        if let Some(v) = cache.get(&text, hash) {
            m.judge_cache_hits_total.fetch_add(1, Relaxed);
            cached += 1;
            verdicts.push((i, v));
            continue;
        }
        let (sh, budget, evidence, cache) =
            (sh.clone(), budget.clone(), evidence.clone(), cache.clone());
        set.spawn(async move {
            let Ok(_permit) = sh.sem.acquire().await else {
                return (i, Err("closed".to_owned()));
            };
            if tokio::time::Instant::now() >= deadline {
                return (i, Err("deadline".to_owned()));
            }
            sh.metrics.judge_calls_total.fetch_add(1, Relaxed);
            let msgs = judge_messages(&text, &evidence);
            let r = sh
                .client
                .chat(&msgs, 0.0, &budget, deadline, |t| {
                    parse_verdict(t, &evidence).map_err(|e| (e.is_retryable(), e.to_string()))
                })
                .await;
            match r {
                Ok((v, _)) => {
                    sh.metrics.judge_verdicts_total.fetch_add(1, Relaxed);
                    cache.insert(&text, hash, v.clone());
                    (i, Ok::<Verdict, String>(v))
                }
                Err(e) => (i, Err(e.reason())),
            }
        });
    }
    let mut failed: Vec<String> = Vec::new();
    let mut pending = set.len();
    loop {
        match tokio::time::timeout_at(deadline, set.join_next()).await {
            Ok(Some(Ok((i, Ok(v))))) => {
                pending -= 1;
                verdicts.push((i, v));
            }
            Ok(Some(Ok((_, Err(reason))))) => {
                pending -= 1;
                failed.push(reason);
            }
            Ok(Some(Err(_))) => pending -= 1,
            Ok(None) => break,
            Err(_) => {
                set.abort_all();
                break;
            }
        }
    }
    let unjudged = failed.len() + pending;
    m.judge_failed_total.fetch_add(unjudged as u64, Relaxed);
    verdicts.sort_by_key(|(i, _)| *i);
    let mut notes = vec![format!(
        "stage2 judge: {} claim(s) judged ({cached} cached), {unjudged} without verdict",
        verdicts.len()
    )];
    if !failed.is_empty() || pending > 0 {
        failed.sort();
        failed.dedup();
        if pending > 0 {
            failed.push(format!("{pending} past the deadline"));
        }
        notes.push(format!(
            "stage2 judge: no verdict for some claims: {}",
            failed.join(", ")
        ));
    }
    if skipped > 0 {
        notes.push(format!(
            "stage2 judge: {skipped} claim(s) not judged: judge_max_claims budget"
        ));
    }
    JudgeOutcome { verdicts, notes }
}
