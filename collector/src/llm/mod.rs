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

use crate::config::Settings;
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
    #[error("LLM settings: {0}")]
    Config(#[from] crate::config::ConfigError),
    #[error("cannot start a runtime for LLM calls: {0}")]
    Runtime(std::io::Error),
}

/// Which runs are probed / judged.
#[derive(Debug, Clone)]
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

/// Build the judge and the prober the settings ask for (both `None` when off).
pub fn build(
    s: &Settings,
    metrics: Arc<Metrics>,
) -> Result<
    (
        Option<Arc<dyn ClaimJudge>>,
        Option<Arc<dyn ConsistencyProber>>,
    ),
    LlmSetupError,
> {
    if !(s.probes || s.judge) {
        return Ok((None, None));
    }
    let api_key = std::env::var(&s.llm_api_key_env)
        .ok()
        .filter(|k| !k.is_empty());
    let client = ChatClient::new(
        ClientConfig {
            base_url: s.llm_base_url.clone(),
            model: s.llm_model.clone(),
            api_key,
            request_timeout: Duration::from_millis(s.llm_timeout_ms),
            max_retries: s.llm_max_retries,
            backoff: Duration::from_millis(s.llm_backoff_ms.max(1)),
            max_tokens: s.llm_max_tokens,
        },
        metrics.clone(),
    )?;
    let shared = Arc::new(Shared {
        client,
        sem: Arc::new(Semaphore::new(s.llm_concurrency)),
        metrics,
        rt: Rt::current_or_own()?,
        sampling: Sampling {
            agents: s.llm_agents.clone(),
            rate: s.llm_sample_rate,
        },
        deadline: Duration::from_millis(s.llm_deadline_ms),
        max_requests: s.llm_max_requests_per_run,
        max_tokens: s.llm_max_tokens_per_run,
        max_evidence_chars: s.llm_max_evidence_chars,
    });
    let judge: Option<Arc<dyn ClaimJudge>> = s.judge.then(|| {
        Arc::new(judge::LlmJudge::new(
            shared.clone(),
            s.judge_cache_size,
            s.judge_max_claims,
        )) as Arc<dyn ClaimJudge>
    });
    let prober: Option<Arc<dyn ConsistencyProber>> = if s.probes {
        let plan = PlanConfig {
            kinds: s.probe_kinds()?,
            probes_per_claim: s.probes_per_claim,
            max_probes: s.probe_max_per_run,
            max_evidence_chars: s.llm_max_evidence_chars,
        };
        Some(Arc::new(probe::LlmProber::new(
            shared.clone(),
            plan,
            s.probe_temperature,
        )))
    } else {
        None
    };
    tracing::info!(endpoint = %s.llm_base_url, model = %s.llm_model, probes = s.probes, judge = s.judge, concurrency = s.llm_concurrency, deadline_ms = s.llm_deadline_ms, "LLM endpoint configured");
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
