//! The detector: Stages 1–4 for one run, producing its [`HallucinationReport`].
//!
//! # Contract
//! [`Detector`] is `Send + Sync` and shared by all workers. [`Detector::stage1`] is cheap and
//! runs inline on the assembly path; [`Detector::finish`] runs Stages 2–4 and is CPU-bound
//! (plus, synchronously, the judge's and prober's bounded waits when they are enabled): call
//! it on a bounded worker pool. The collector splits it instead — [`Detector::stage2`] on
//! the worker pool, [`Detector::async_work`]'s futures on its I/O runtime, then
//! [`Detector::complete`] (judge verdicts, probes, Stage 4) — so no worker waits on the
//! network. Nothing here panics on any input.

use crate::judge::{combine, ClaimJudge, JudgeCombine, JudgeOutcome, VerdictScores};
use crate::report::{Claim, HallucinationReport, ToolCallValidation};
use crate::run::AgentRun;
use crate::stage1::Stage1;
use crate::stage2::{aggregate, Aggregation, ItemKind, Scorer};
use crate::stage3::slot::SlotKind;
use crate::stage3::{block_on, join2, BoxFuture, ConsistencyProber, ProbeOutcome};
use crate::stage4::{gate, Gating, Thresholds};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A panic caught while one run was checked: a bug, never an expected outcome. The run is
/// reported with this as its `incomplete_reason`; the caller logs and counts it
/// (`groundcheck_detector_panics_total`), and every other run carries on.
#[derive(Debug, Clone, thiserror::Error)]
#[error("detector panicked in {stage}: {message}")]
pub struct DetectorPanic {
    /// The step that panicked (`stage1`, `stage2`, `stage4`).
    pub stage: &'static str,
    /// The panic payload, when it was a string.
    pub message: String,
}

/// Run `work`, turning a panic into a [`DetectorPanic`] (the detector holds no state that a
/// panic could leave half-updated: every stage works on the run it is given).
pub fn isolate<T>(stage: &'static str, work: impl FnOnce() -> T) -> Result<T, DetectorPanic> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "non-string panic payload".to_owned());
        DetectorPanic { stage, message }
    })
}

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
    /// How LLM-judge verdicts combine with the other scorers' scores.
    pub judge_combine: JudgeCombine,
    pub verdict_scores: VerdictScores,
}

impl DetectorConfig {
    pub fn new(thresholds: Thresholds, aggregation: Aggregation) -> Self {
        DetectorConfig {
            thresholds,
            aggregation,
            judge_combine: JudgeCombine::default(),
            verdict_scores: VerdictScores::default(),
        }
    }
}

pub struct Detector {
    pub cfg: DetectorConfig,
    pub stage1: Stage1,
    pub scorers: Vec<Arc<dyn Scorer>>,
    /// Stage-2 LLM judge (asynchronous; off when `None`).
    pub judge: Option<Arc<dyn ClaimJudge>>,
    /// Stage-3 prober (asynchronous; off when `None`).
    pub prober: Option<Arc<dyn ConsistencyProber>>,
}

/// Stage 2's synchronous result: claims scored by the synchronous scorers, and notes.
#[derive(Debug, Clone, Default)]
pub struct Stage2Result {
    pub claims: Vec<Claim>,
    pub notes: Vec<String>,
    /// Bounds of the work per run that this run reached (its notes say what was not checked).
    pub bounds: Vec<crate::stage2::bounds::Bound>,
    pub elapsed: Duration,
}

/// The asynchronous part of a run (LLM judge and probes), as futures to await.
#[derive(Default)]
pub struct AsyncWork {
    pub judge: Option<BoxFuture<JudgeOutcome>>,
    pub probes: Option<BoxFuture<ProbeOutcome>>,
}

impl AsyncWork {
    pub fn is_empty(&self) -> bool {
        self.judge.is_none() && self.probes.is_none()
    }
}

/// What the asynchronous part returned.
#[derive(Debug, Default)]
pub struct AsyncResults {
    pub judge: Option<JudgeOutcome>,
    pub probes: Option<ProbeOutcome>,
    pub elapsed: Duration,
}

impl Detector {
    /// A detector with the deterministic scorer only and no LLM.
    pub fn new(cfg: DetectorConfig, stage1: Stage1, scorers: Vec<Arc<dyn Scorer>>) -> Self {
        Detector {
            cfg,
            stage1,
            scorers,
            judge: None,
            prober: None,
        }
    }

    /// Stage 1 for every tool call of the run.
    pub fn stage1(&self, run: &AgentRun) -> Vec<ToolCallValidation> {
        self.stage1.verify(run)
    }

    /// Stage 2 with the synchronous scorers (CPU only), every item kind scored.
    pub fn stage2(&self, run: &AgentRun) -> Stage2Result {
        self.stage2_kinds(run, &[])
    }

    /// [`Detector::stage2`] under a run's gating profile: nothing scored with groundedness
    /// off, and only the profile's `item_kinds` checked.
    pub fn stage2_for(&self, run: &AgentRun, g: &Gating) -> Stage2Result {
        if g.groundedness {
            self.stage2_kinds(run, &g.item_kinds)
        } else {
            Stage2Result::default()
        }
    }

    fn stage2_kinds(&self, run: &AgentRun, kinds: &[ItemKind]) -> Stage2Result {
        let t2 = Instant::now();
        let mut notes: Vec<String> = self.scorers.iter().filter_map(|s| s.note()).collect();
        let mut claims = Vec::new();
        let mut bounds = Vec::new();
        match &run.final_answer {
            Some(a) => {
                // Scorers combine by taking, per claim, the lowest score (the first scorer
                // defines the claims; later scorers may only lower scores of the same span).
                for (i, s) in self.scorers.iter().enumerate() {
                    let out = s.score_bounded(run, a, kinds);
                    for b in out.bounds {
                        if !bounds.contains(&b.bound) {
                            bounds.push(b.bound);
                            notes.push(b.note);
                        }
                    }
                    let scored = out.claims;
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
        Stage2Result {
            claims,
            notes,
            bounds,
            elapsed: t2.elapsed(),
        }
    }

    /// The LLM judge's and the prober's futures for this run (none when off, not sampled, or
    /// nothing to do). The futures do the I/O; nothing blocks here.
    pub fn async_work(&self, run: &Arc<AgentRun>, s2: &Stage2Result) -> AsyncWork {
        self.async_work_for(run, s2, &[])
    }

    /// [`Detector::async_work`] probing only the `probe_kinds` of the run's profile (empty:
    /// every configured kind); no probes when no critical claim has a value of those kinds.
    pub fn async_work_for(
        &self,
        run: &Arc<AgentRun>,
        s2: &Stage2Result,
        probe_kinds: &[SlotKind],
    ) -> AsyncWork {
        let mut w = AsyncWork::default();
        if s2.claims.is_empty() {
            return w;
        }
        let claims = Arc::new(s2.claims.clone());
        if let Some(j) = self.judge.as_ref().filter(|j| j.wants(run)) {
            w.judge = Some(j.judge(run.clone(), claims.clone()));
        }
        if let Some(p) = self.prober.as_ref().filter(|p| p.wants(run)) {
            if claims
                .iter()
                .any(|c| c.critical && has_slot(c, probe_kinds))
            {
                w.probes = Some(p.probe(run.clone(), claims, probe_kinds));
            }
        }
        w
    }

    /// Stage 2's judge verdicts, Stage 3's probes and Stage 4's gate, into the report.
    pub fn complete(
        &self,
        run: &AgentRun,
        validations: Vec<ToolCallValidation>,
        s2: Stage2Result,
        results: AsyncResults,
        now_unix_nano: u64,
    ) -> (HallucinationReport, StageTimings) {
        self.complete_with(run, validations, s2, results, now_unix_nano, None)
    }

    /// The detector's own gating settings, as a [`Gating`] named `profile`.
    pub fn gating(&self, profile: &str) -> Gating {
        Gating {
            profile: profile.to_owned(),
            thresholds: self.cfg.thresholds,
            aggregation: self.cfg.aggregation,
            unknown_tool: self.stage1.config().unknown_tool,
            groundedness: true,
            claim_types: Vec::new(),
            item_kinds: Vec::new(),
            probe_kinds: Vec::new(),
        }
    }

    /// [`Detector::complete`] under a run's gating profile (`None`: the detector's own
    /// settings, reported as profile `default`). With groundedness off the claims (if any were
    /// scored) are dropped; claims of types the profile does not gate are left out.
    pub fn complete_with(
        &self,
        run: &AgentRun,
        validations: Vec<ToolCallValidation>,
        s2: Stage2Result,
        results: AsyncResults,
        now_unix_nano: u64,
        gating: Option<&Gating>,
    ) -> (HallucinationReport, StageTimings) {
        let own;
        let g = match gating {
            Some(g) => g,
            None => {
                own = self.gating("default");
                &own
            }
        };
        let mut timings = StageTimings {
            stage2: s2.elapsed,
            stage3: results.elapsed,
            ..Default::default()
        };
        let Stage2Result {
            mut claims,
            mut notes,
            ..
        } = s2;
        if let Some(j) = results.judge {
            combine(
                &mut claims,
                &j.verdicts,
                self.cfg.judge_combine,
                self.cfg.verdict_scores,
            );
            notes.extend(j.notes);
        }
        let probes = match results.probes {
            Some(p) => {
                notes.extend(p.notes);
                p.probes
            }
            None => {
                if self.prober.is_none() {
                    notes.push("stage3: disabled (no probe endpoint configured)".to_owned());
                }
                Vec::new()
            }
        };
        let t4 = Instant::now();
        if !g.groundedness {
            claims.clear();
            notes.push(format!(
                "groundedness not scored (profile {}); tool calls verified",
                g.profile
            ));
        } else if !g.claim_types.is_empty() {
            let before = claims.len();
            claims.retain(|c| g.claim_types.contains(&c.claim_type));
            if claims.len() < before {
                notes.push(format!(
                    "{} claims of types the profile {} does not gate left out",
                    before - claims.len(),
                    g.profile
                ));
            }
        }
        let overall = aggregate(&claims, g.aggregation);
        let (action, reasons) = gate(
            &g.thresholds,
            overall,
            &claims,
            &validations,
            &probes,
            g.unknown_tool,
        );
        notes.extend(reasons);
        if run.incomplete {
            notes.push(format!(
                "run incomplete: {}",
                run.incomplete_reason.as_deref().unwrap_or("unknown")
            ));
        }
        timings.stage4 = t4.elapsed();
        let report = HallucinationReport {
            claims,
            tool_call_validations: validations,
            consistency_probes: probes,
            overall_score: overall,
            action,
            notes,
            profile: g.profile.clone(),
            ..report_of(run, now_unix_nano)
        };
        (report, timings)
    }

    /// Stages 2–4. `validations` are Stage 1's results (computed inline earlier).
    pub fn finish(
        &self,
        run: &AgentRun,
        validations: Vec<ToolCallValidation>,
        now_unix_nano: u64,
    ) -> HallucinationReport {
        self.finish_timed(run, validations, now_unix_nano).0
    }

    /// [`Detector::finish`] plus the time spent in each stage, synchronously: the judge's and
    /// prober's futures (if any) are awaited on this thread with [`block_on`] — for `check`,
    /// `eval` and tests; the collector's pipeline awaits them on its runtime instead.
    pub fn finish_timed(
        &self,
        run: &AgentRun,
        validations: Vec<ToolCallValidation>,
        now_unix_nano: u64,
    ) -> (HallucinationReport, StageTimings) {
        let s2 = self.stage2(run);
        let results = if self.judge.is_none() && self.prober.is_none() {
            AsyncResults::default()
        } else {
            let arc = Arc::new(run.clone());
            let w = self.async_work(&arc, &s2);
            let t3 = Instant::now();
            // Judge and probes run concurrently, each bounded by its deadline.
            let (judge, probes) = block_on(join2(maybe(w.judge), maybe(w.probes)));
            AsyncResults {
                judge,
                probes,
                elapsed: t3.elapsed(),
            }
        };
        self.complete(run, validations, s2, results, now_unix_nano)
    }

    /// All stages at once (used by `groundcheck check` and tests).
    pub fn detect(&self, run: &AgentRun, now_unix_nano: u64) -> HallucinationReport {
        let v = self.stage1(run);
        self.finish(run, v, now_unix_nano)
    }

    /// [`Detector::detect`] with panic isolation: a panic in any stage still yields a report
    /// (see [`Detector::panic_report`]) and the panic itself, for the caller to log and count.
    pub fn detect_isolated(
        &self,
        run: &AgentRun,
        now_unix_nano: u64,
    ) -> (HallucinationReport, Option<DetectorPanic>) {
        let validations = match isolate("stage1", || self.stage1(run)) {
            Ok(v) => v,
            Err(p) => {
                return (
                    self.panic_report(run, Vec::new(), &p, now_unix_nano),
                    Some(p),
                )
            }
        };
        let kept = validations.clone();
        match isolate("stage2", || self.finish(run, validations, now_unix_nano)) {
            Ok(r) => (r, None),
            Err(p) => (self.panic_report(run, kept, &p, now_unix_nano), Some(p)),
        }
    }

    /// The report of a run whose check panicked: what was validated before the panic (Stage 1
    /// results, if any), no claims, `incomplete` with the panic as its reason, and a note that
    /// says what was not checked. The action comes from the gate over what is left; it never
    /// hides the failure, which is in `incomplete_reason` and the notes.
    pub fn panic_report(
        &self,
        run: &AgentRun,
        validations: Vec<ToolCallValidation>,
        panic: &DetectorPanic,
        now_unix_nano: u64,
    ) -> HallucinationReport {
        let s2 = Stage2Result {
            notes: vec![format!("not checked: {panic}; groundedness, probes and gating of claims skipped for this run")],
            ..Default::default()
        };
        let (mut report, _) = match isolate("stage4", || {
            self.complete(run, validations, s2, AsyncResults::default(), now_unix_nano)
        }) {
            Ok(r) => r,
            Err(_) => (
                self.bare_report(run, now_unix_nano),
                StageTimings::default(),
            ),
        };
        report.incomplete = true;
        report.incomplete_reason = Some(panic.to_string());
        report
    }

    /// A report with nothing checked (the last resort when even gating panicked).
    fn bare_report(&self, run: &AgentRun, now_unix_nano: u64) -> HallucinationReport {
        HallucinationReport {
            action: crate::report::Action::Revise,
            incomplete: true,
            incomplete_reason: None,
            notes: vec!["not checked: the detector panicked".to_owned()],
            ..report_of(run, now_unix_nano)
        }
    }
}

/// The report of `run` with its identity, timing and answer, and nothing found yet (no
/// claims, calls or probes, score 1.0, emit): what [`Detector::complete`] and
/// [`Detector::panic_report`] fill in.
fn report_of(run: &AgentRun, now_unix_nano: u64) -> HallucinationReport {
    HallucinationReport {
        run_id: run.run_id.clone(),
        claims: Vec::new(),
        tool_call_validations: Vec::new(),
        consistency_probes: Vec::new(),
        overall_score: 1.0,
        action: crate::report::Action::Emit,
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
        final_answer: run.final_answer.clone(),
        conversation_id: run.conversation_id.clone(),
        tenant: run.tenant.clone(),
        profile: "default".to_owned(),
        agent_span_id: run.agent_span_id.clone(),
        answer_span_id: run.answer_span_id.clone(),
        notes: Vec::new(),
    }
}

/// Whether a claim has a value to probe among `kinds` (empty: any claim may).
fn has_slot(c: &Claim, kinds: &[SlotKind]) -> bool {
    kinds.is_empty() || crate::stage3::slot::probe_slot(&c.text, kinds).is_some()
}

/// Await an optional future.
pub async fn maybe<T>(f: Option<BoxFuture<T>>) -> Option<T> {
    match f {
        Some(f) => Some(f.await),
        None => None,
    }
}
