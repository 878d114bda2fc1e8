//! Stage 3 over an OpenAI-compatible endpoint: each planned probe question (paraphrases of
//! "which value goes in this claim's blank?", same evidence) is one chat request, all of a
//! run's requests concurrently under the shared semaphore; the run waits for them until its
//! deadline, then every unanswered probe is reported `timed_out`.

use super::client::{LlmError, RunBudget};
use super::Shared;
use groundcheck_detectors::report::{Claim, ProbeStatus};
use groundcheck_detectors::run::AgentRun;
use groundcheck_detectors::stage3::slot::SlotKind;
use groundcheck_detectors::stage3::{
    diverges, evaluate, plan, BoxFuture, ConsistencyProber, PlanConfig, ProbeAnswer, ProbeOutcome,
};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub struct LlmProber {
    sh: Arc<Shared>,
    plan: PlanConfig,
    temperature: f64,
}

impl LlmProber {
    pub fn new(sh: Arc<Shared>, plan: PlanConfig, temperature: f64) -> Self {
        LlmProber {
            sh,
            plan,
            temperature,
        }
    }
}

impl ConsistencyProber for LlmProber {
    fn name(&self) -> &'static str {
        "llm"
    }

    fn wants(&self, run: &AgentRun) -> bool {
        self.sh.sampling.wants(run)
    }

    fn probe(
        &self,
        run: Arc<AgentRun>,
        claims: Arc<Vec<Claim>>,
        kinds: &[SlotKind],
    ) -> BoxFuture<ProbeOutcome> {
        let (sh, cfg, temperature) = (self.sh.clone(), self.plan.narrowed(kinds), self.temperature);
        // Nothing starts until the future is polled (a dropped future costs nothing).
        Box::pin(async move {
            let task = sh
                .rt
                .spawn(probe_run(sh.clone(), cfg, temperature, run, claims));
            task.await.unwrap_or_else(|e| ProbeOutcome {
                probes: Vec::new(),
                notes: vec![format!("stage3: probe task failed: {e}")],
            })
        })
    }
}

async fn probe_run(
    sh: Arc<Shared>,
    cfg: PlanConfig,
    temperature: f64,
    run: Arc<AgentRun>,
    claims: Arc<Vec<Claim>>,
) -> ProbeOutcome {
    let (planned, mut notes) = plan(&run, &claims, &cfg);
    if planned.is_empty() {
        return ProbeOutcome {
            probes: Vec::new(),
            notes,
        };
    }
    let m = &sh.metrics;
    m.stage3_runs_probed_total.fetch_add(1, Relaxed);
    let start = Instant::now();
    let deadline = tokio::time::Instant::now() + sh.deadline;
    let budget = RunBudget::new(sh.max_requests, sh.max_tokens);
    let answers: Arc<Mutex<Vec<Vec<ProbeAnswer>>>> = Arc::new(Mutex::new(
        planned
            .iter()
            .map(|p| vec![ProbeAnswer::TimedOut; p.prompts.len()])
            .collect(),
    ));
    let mut left: Vec<usize> = planned.iter().map(|p| p.prompts.len()).collect();
    let mut set = tokio::task::JoinSet::new();
    for (i, p) in planned.iter().enumerate() {
        for (j, msgs) in p.prompts.iter().cloned().enumerate() {
            let (sh, budget, answers) = (sh.clone(), budget.clone(), answers.clone());
            set.spawn(async move {
                let Ok(_permit) = sh.sem.acquire().await else {
                    return i;
                };
                if tokio::time::Instant::now() >= deadline {
                    // Got a slot only after the run's deadline: stays `timed_out`, nothing sent.
                    return i;
                }
                sh.metrics.stage3_probes_sent_total.fetch_add(1, Relaxed);
                let r = sh
                    .client
                    .chat(&msgs, temperature, &budget, deadline, |t| {
                        if t.trim().is_empty() {
                            Err((true, "empty reply".to_owned()))
                        } else {
                            Ok(t.to_owned())
                        }
                    })
                    .await;
                let a = match r {
                    Ok((text, _)) => {
                        sh.metrics
                            .stage3_probes_answered_total
                            .fetch_add(1, Relaxed);
                        ProbeAnswer::Answered(text)
                    }
                    Err(LlmError::Deadline) => ProbeAnswer::TimedOut,
                    Err(e) => {
                        sh.metrics.stage3_probes_failed_total.fetch_add(1, Relaxed);
                        ProbeAnswer::Failed(e.to_string())
                    }
                };
                if let Ok(mut g) = answers.lock() {
                    g[i][j] = a;
                }
                i
            });
        }
    }
    loop {
        match tokio::time::timeout_at(deadline, set.join_next()).await {
            Ok(Some(Ok(i))) => {
                left[i] -= 1;
                if left[i] == 0 {
                    m.probe_claim_latency.observe(start.elapsed());
                }
            }
            Ok(Some(Err(_))) => {}
            Ok(None) => break,
            Err(_) => {
                set.abort_all();
                break;
            }
        }
    }
    let answers = answers.lock().map(|g| g.clone()).unwrap_or_default();
    let probes: Vec<_> = planned
        .iter()
        .zip(&answers)
        .map(|(p, a)| evaluate(p, a))
        .collect();
    let timed_out = answers
        .iter()
        .flatten()
        .filter(|a| **a == ProbeAnswer::TimedOut)
        .count();
    let failed = answers
        .iter()
        .flatten()
        .filter(|a| matches!(a, ProbeAnswer::Failed(_)))
        .count();
    m.stage3_probes_timed_out_total
        .fetch_add(timed_out as u64, Relaxed);
    m.stage3_probes_divergent_total.fetch_add(
        probes.iter().filter(|p| diverges(p)).count() as u64,
        Relaxed,
    );
    if timed_out > 0 {
        notes.push(format!(
            "stage3: {timed_out} probe(s) without an answer by the deadline ({} ms)",
            sh.deadline.as_millis()
        ));
    }
    if failed > 0 {
        notes.push(format!(
            "stage3: {failed} probe(s) failed (see consistency_probes[].errors)"
        ));
    }
    let unanswered = probes
        .iter()
        .filter(|p| matches!(p.status, ProbeStatus::TimedOut | ProbeStatus::Failed))
        .count();
    tracing::debug!(run_id = %run.run_id, claims = probes.len(), unanswered, timed_out, failed, ms = start.elapsed().as_millis() as u64, "stage 3 probes done");
    ProbeOutcome { probes, notes }
}
