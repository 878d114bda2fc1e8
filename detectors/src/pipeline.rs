//! The detector: Stages 1–4 for one run, producing its [`HallucinationReport`].
//!
//! # Contract
//! [`Detector`] is `Send + Sync` and shared by all workers. [`Detector::stage1`] is cheap and
//! runs inline on the assembly path; [`Detector::finish`] runs Stages 2–4 and is CPU-bound
//! (plus the prober's bounded wait when Stage 3 is enabled): call it on a bounded worker
//! pool. Neither panics on any input.

use crate::report::{HallucinationReport, ToolCallValidation};
use crate::run::AgentRun;
use crate::stage1::Stage1;
use crate::stage2::{aggregate, Aggregation, Scorer};
use crate::stage3::ConsistencyProber;
use crate::stage4::{gate, Thresholds};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Time spent per stage for one run.
#[derive(Debug, Default, Clone, Copy)]
pub struct StageTimings {
    pub stage2: Duration,
    pub stage3: Duration,
    pub stage4: Duration,
}

pub struct DetectorConfig {
    pub thresholds: Thresholds,
    pub aggregation: Aggregation,
}

pub struct Detector {
    pub cfg: DetectorConfig,
    pub stage1: Stage1,
    pub scorers: Vec<Arc<dyn Scorer>>,
    pub prober: Option<Arc<dyn ConsistencyProber>>,
}

impl Detector {
    /// Stage 1 for every tool call of the run.
    pub fn stage1(&self, run: &AgentRun) -> Vec<ToolCallValidation> {
        self.stage1.verify(run)
    }

    /// Stages 2–4. `validations` are Stage 1's results (computed inline earlier).
    pub fn finish(&self, run: &AgentRun, validations: Vec<ToolCallValidation>, now_unix_nano: u64) -> HallucinationReport {
        self.finish_timed(run, validations, now_unix_nano).0
    }

    /// [`Detector::finish`] plus the time spent in each stage (for self-telemetry).
    pub fn finish_timed(&self, run: &AgentRun, validations: Vec<ToolCallValidation>, now_unix_nano: u64) -> (HallucinationReport, StageTimings) {
        let mut timings = StageTimings::default();
        let t2 = Instant::now();
        let mut notes: Vec<String> = self.scorers.iter().filter_map(|s| s.note()).collect();
        let answer = run.final_answer.clone();
        let mut claims = Vec::new();
        match &answer {
            Some(a) => {
                // Scorers combine by taking, per claim, the lowest score (the first scorer
                // defines the claims; later scorers may only lower scores of the same span).
                for (i, s) in self.scorers.iter().enumerate() {
                    let scored = s.score(run, a);
                    if i == 0 {
                        claims = scored;
                    } else {
                        for c in scored {
                            if let Some(existing) = claims.iter_mut().find(|e| e.text == c.text) {
                                if c.score < existing.score {
                                    *existing = c;
                                }
                            }
                        }
                    }
                }
            }
            None => notes.push("no final answer in the run: groundedness not scored".to_owned()),
        }
        timings.stage2 = t2.elapsed();
        let t3 = Instant::now();
        let probes = match (&self.prober, claims.iter().any(|c| c.critical)) {
            (Some(p), true) => match p.probe(run, &claims) {
                Ok(p) => p,
                Err(e) => {
                    notes.push(format!("stage3: {e}"));
                    Vec::new()
                }
            },
            (Some(_), false) => Vec::new(),
            (None, _) => {
                notes.push("stage3: disabled (no probe endpoint configured)".to_owned());
                Vec::new()
            }
        };
        timings.stage3 = t3.elapsed();
        let t4 = Instant::now();
        let overall = aggregate(&claims, self.cfg.aggregation);
        let (action, reasons) = gate(&self.cfg.thresholds, overall, &claims, &validations, &probes, self.stage1.config().unknown_tool);
        notes.extend(reasons);
        if run.incomplete {
            notes.push(format!("run incomplete: {}", run.incomplete_reason.as_deref().unwrap_or("unknown")));
        }
        timings.stage4 = t4.elapsed();
        let report = HallucinationReport {
            run_id: run.run_id.clone(),
            claims,
            tool_call_validations: validations,
            consistency_probes: probes,
            overall_score: overall,
            action,
            version: crate::SPEC_VERSION.to_owned(),
            trace_id: run.run_id.clone(),
            agent_name: run.agent_name.clone(),
            service_name: run.service_name.clone(),
            model: run.model.clone(),
            dialect: run.dialect.as_str().to_owned(),
            start_time_unix_nano: run.start_unix_nano,
            end_time_unix_nano: run.end_unix_nano,
            reported_at_unix_nano: now_unix_nano,
            incomplete: run.incomplete,
            incomplete_reason: run.incomplete_reason.clone(),
            final_answer: answer,
            notes,
        };
        (report, timings)
    }

    /// All stages at once (used by `groundcheck check` and tests).
    pub fn detect(&self, run: &AgentRun, now_unix_nano: u64) -> HallucinationReport {
        let v = self.stage1(run);
        self.finish(run, v, now_unix_nano)
    }
}
