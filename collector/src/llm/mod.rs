//! The LLM side of Stages 2 and 3: an OpenAI-compatible chat client ([`client`]), the
//! Stage-3 prober ([`probe`]) and the Stage-2 judge ([`judge`]) with its verdict cache
//! ([`cache`]). The pure parts (prompts, value extraction and comparison, verdict schema,
//! score combination) live in `groundcheck-detectors`; this module does the I/O.
//!
//! Everything is bounded: one semaphore of `llm_concurrency` requests for all runs, a per-run
//! deadline (`llm_deadline_ms`), per-run budgets of requests and tokens, a bounded cache.
//! The collector's pipeline awaits the futures on its I/O runtime (never on a worker thread);
//! `check` and `eval` block on them, with a small runtime of their own.

pub mod cache;
pub mod client;
pub mod judge;
pub mod probe;

use crate::metrics::Metrics;
use client::{ChatClient, ClientConfig};
use groundcheck_detectors::judge::ClaimJudge;
use groundcheck_detectors::run::AgentRun;
use groundcheck_detectors::stage3::{ConsistencyProber, PlanConfig};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Errors setting the LLM side up.
#[derive(Debug, thiserror::Error)]
pub enum LlmSetupError {
    #[error("LLM endpoint: {0}")]
    Client(#[from] client::LlmError),
    #[error("cannot start a runtime for LLM calls: {0}")]
    Runtime(std::io::Error),
}

/// Which runs are probed / judged.
#[derive(Debug, Clone, PartialEq)]
pub struct Sampling {
    /// Agent or service names (empty: all).
    pub agents: Vec<String>,
    /// Share of runs, by a hash of the run id (deterministic).
    pub rate: f64,
}

impl Sampling {
    pub fn wants(&self, run: &AgentRun) -> bool {
        if !self.agents.is_empty() {
            let named = |n: &Option<String>| {
                n.as_ref()
                    .is_some_and(|n| self.agents.iter().any(|a| a == n))
            };
            if !named(&run.agent_name) && !named(&run.service_name) {
                return false;
            }
        }
        if self.rate >= 1.0 {
            return true;
        }
        let h = groundcheck_detectors::judge::evidence_hash(&run.run_id);
        ((h % 10_000) as f64) < self.rate * 10_000.0
    }
}

/// Where the LLM futures run: the caller's runtime, or one of our own for synchronous callers.
pub enum Rt {
    Handle(tokio::runtime::Handle),
    Owned(Option<tokio::runtime::Runtime>),
}

impl Rt {
    fn current_or_own() -> Result<Rt, LlmSetupError> {
        match tokio::runtime::Handle::try_current() {
            Ok(h) => Ok(Rt::Handle(h)),
            Err(_) => tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("gc-llm")
                .enable_all()
                .build()
                .map(|r| Rt::Owned(Some(r)))
                .map_err(LlmSetupError::Runtime),
        }
    }

    pub fn spawn<F>(&self, f: F) -> tokio::task::JoinHandle<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        match self {
            Rt::Handle(h) => h.spawn(f),
            Rt::Owned(Some(r)) => r.spawn(f),
            // Unreachable: the runtime is only taken in Drop.
            Rt::Owned(None) => tokio::spawn(f),
        }
    }
}

impl Drop for Rt {
    fn drop(&mut self) {
        if let Rt::Owned(r) = self {
            if let Some(r) = r.take() {
                r.shutdown_background();
            }
        }
    }
}

/// What the prober and the judge share.
pub struct Shared {
    pub client: ChatClient,
    pub sem: Arc<Semaphore>,
    pub metrics: Arc<Metrics>,
    pub rt: Rt,
    pub sampling: Sampling,
    pub deadline: Duration,
    pub max_requests: u64,
    pub max_tokens: u64,
    pub max_evidence_chars: usize,
}

/// The judge and the prober, each optional.
pub type LlmComponents = (
    Option<Arc<dyn ClaimJudge>>,
    Option<Arc<dyn ConsistencyProber>>,
);

/// Configuration of the LLM side (resolved by [`crate::wiring`]; the API key is read from the
/// environment there, never here).
#[derive(Debug, Clone)]
pub struct LlmConfig {
    /// Endpoint, model, API key, timeouts and retries of every request.
    pub client: ClientConfig,
    /// Requests in flight to the endpoint, all runs together.
    pub concurrency: usize,
    /// Which runs are probed / judged.
    pub sampling: Sampling,
    /// How long a run's report waits for its probes and verdicts.
    pub deadline: Duration,
    /// Per-run budget per component: requests (retries included) and tokens.
    pub max_requests_per_run: u64,
    pub max_tokens_per_run: u64,
    /// Tool results given to the model, at most this many characters.
    pub max_evidence_chars: usize,
    /// The LLM judge as a Stage-2 scorer; `None`: off.
    pub judge: Option<JudgeConfig>,
    /// Stage-3 self-consistency probes; `None`: off.
    pub probes: Option<ProbeConfig>,
}

/// The LLM judge's bounds.
#[derive(Debug, Clone, Copy)]
pub struct JudgeConfig {
    /// Verdicts cached by (claim, evidence hash); oldest evicted beyond this many.
    pub cache_size: usize,
    /// Claims judged per run at most (critical first).
    pub max_claims: usize,
}

/// Stage-3 probes.
#[derive(Debug, Clone)]
pub struct ProbeConfig {
    /// Claim kinds, probes per claim, probe budget per run, evidence size.
    pub plan: PlanConfig,
    /// Sampling temperature of probes.
    pub temperature: f64,
}

/// Build the judge and the prober `cfg` asks for (both `None` when neither is configured).
pub fn build(cfg: &LlmConfig, metrics: Arc<Metrics>) -> Result<LlmComponents, LlmSetupError> {
    if cfg.judge.is_none() && cfg.probes.is_none() {
        return Ok((None, None));
    }
    let client = ChatClient::new(cfg.client.clone(), metrics.clone())?;
    let shared = Arc::new(Shared {
        client,
        sem: Arc::new(Semaphore::new(cfg.concurrency)),
        metrics,
        rt: Rt::current_or_own()?,
        sampling: cfg.sampling.clone(),
        deadline: cfg.deadline,
        max_requests: cfg.max_requests_per_run,
        max_tokens: cfg.max_tokens_per_run,
        max_evidence_chars: cfg.max_evidence_chars,
    });
    let judge: Option<Arc<dyn ClaimJudge>> = cfg.judge.map(|j| {
        Arc::new(judge::LlmJudge::new(
            shared.clone(),
            j.cache_size,
            j.max_claims,
        )) as Arc<dyn ClaimJudge>
    });
    let prober: Option<Arc<dyn ConsistencyProber>> = cfg.probes.as_ref().map(|p| {
        Arc::new(probe::LlmProber::new(
            shared.clone(),
            p.plan.clone(),
            p.temperature,
        )) as Arc<dyn ConsistencyProber>
    });
    tracing::info!(endpoint = %cfg.client.base_url, model = %cfg.client.model, probes = cfg.probes.is_some(), judge = cfg.judge.is_some(), concurrency = cfg.concurrency, deadline_ms = cfg.deadline.as_millis() as u64, "LLM endpoint configured");
    Ok((judge, prober))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_by_agent_and_rate() {
        let mut run = groundcheck_detectors::run::build_run(Vec::new());
        run.agent_name = Some("TravelDesk".into());
        run.run_id = "abc".into();
        assert!(Sampling {
            agents: vec![],
            rate: 1.0
        }
        .wants(&run));
        assert!(Sampling {
            agents: vec!["TravelDesk".into()],
            rate: 1.0
        }
        .wants(&run));
        assert!(!Sampling {
            agents: vec!["Other".into()],
            rate: 1.0
        }
        .wants(&run));
        assert!(!Sampling {
            agents: vec![],
            rate: 0.0
        }
        .wants(&run));
        let share = (0..1000)
            .filter(|i| {
                run.run_id = format!("{i:032x}");
                Sampling {
                    agents: vec![],
                    rate: 0.25,
                }
                .wants(&run)
            })
            .count();
        assert!((150..350).contains(&share), "{share}");
    }
}

#[cfg(test)]
mod stub_tests;
