//! Building the [`Detector`] from its own configuration ([`DetectionConfig`]): Stage 1 with
//! its allowlists and the schema directory (loaded, and watched when configured), the Stage-2
//! scorer (the learned model when it loads, else the deterministic scorer), the LLM judge and
//! prober when configured, and the gating thresholds.
//!
//! [`crate::wiring`] resolves a [`DetectionConfig`] from the settings; tests build one
//! directly.

use crate::llm::{LlmConfig, LlmSetupError};
use crate::metrics::Metrics;
use crate::nli::NliConfig;
use groundcheck_detectors::pipeline::{Detector, DetectorConfig};
use groundcheck_detectors::stage1::{SchemaRegistry, SchemaSource, Stage1, Stage1Config};
use groundcheck_detectors::stage2::{DeterministicScorer, Scorer, Stage2Config};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Errors building the detector.
#[derive(Debug, thiserror::Error)]
pub enum DetectorSetupError {
    #[error("stage 1 configuration: {0}")]
    Stage1(#[from] groundcheck_detectors::stage1::Stage1Error),
    #[error("tool schemas: {0}")]
    Registry(#[from] crate::registry::RegistryError),
    #[error("cannot start the schema reload thread: {0}")]
    Watcher(std::io::Error),
    #[error("{0}")]
    Llm(#[from] LlmSetupError),
}

/// Everything the detector is built from.
pub struct DetectionConfig {
    /// Stage 1: unknown-tool policy, compiled allowlists and identifier patterns.
    pub stage1: Stage1Config,
    /// The schema directory; `None`: no registry (only schemas declared on spans).
    pub schemas: Option<SchemaDirConfig>,
    /// Stage 2's scorer.
    pub scorer: ScorerChoice,
    /// Stage 2's deterministic scorer: scores and bounds of the work per run.
    pub stage2: Stage2Config,
    /// The LLM judge and prober; `None`: both off.
    pub llm: Option<LlmConfig>,
    /// Gating thresholds, aggregation, how judge verdicts combine.
    pub detector: DetectorConfig,
}

/// The directory of tool schemas.
#[derive(Debug, Clone)]
pub struct SchemaDirConfig {
    pub dir: PathBuf,
    /// Re-read the directory when its files change, polling this often; `None`: load once.
    pub reload_every: Option<Duration>,
}

/// Which Stage-2 scorer to run.
#[derive(Debug, Clone)]
pub enum ScorerChoice {
    /// The deterministic scorer only; the reason goes into every report's notes.
    Deterministic { reason: String },
    /// The learned model beside the deterministic scorer, when it loads (else the
    /// deterministic scorer with the load error as the reason).
    Learned(NliConfig),
}

/// Build the detector; the Stage-2 model, the LLM judge and the prober count into `metrics`.
pub fn build(cfg: DetectionConfig, metrics: Arc<Metrics>) -> Result<Detector, DetectorSetupError> {
    let registry: Option<Arc<dyn SchemaRegistry>> = match &cfg.schemas {
        None => None,
        Some(schemas) => {
            let registry = crate::registry::FileRegistry::load(&schemas.dir)?;
            if let Some(every) = schemas.reload_every {
                crate::registry::spawn_watcher(&registry, every)
                    .map_err(DetectorSetupError::Watcher)?;
            }
            Some(registry)
        }
    };
    // Registry schemas that do not compile are logged by the registry when it loads them.
    let stage1 = Stage1::new(cfg.stage1, registry).with_schema_error_hook(|e| {
        if e.source == SchemaSource::Span {
            tracing::warn!(tool = %e.tool, "stage 1: {}; calls to it are `unverified`", e.message);
        }
    });
    let scorer = build_scorer(&cfg.scorer, &cfg.stage2, &metrics);
    let (judge, prober) = match &cfg.llm {
        Some(llm) => crate::llm::build(llm, metrics)?,
        None => (None, None),
    };
    Ok(Detector {
        cfg: cfg.detector,
        stage1,
        scorers: vec![scorer],
        judge,
        prober,
    })
}

/// Stage 2's scorer: the learned model beside the deterministic scorer when it loads, else the
/// deterministic scorer with a note saying why (logged once at startup, and set as the
/// `groundcheck_stage2_scorer_info` gauge).
pub fn build_scorer(
    choice: &ScorerChoice,
    stage2: &Stage2Config,
    metrics: &Arc<Metrics>,
) -> Arc<dyn Scorer> {
    let deterministic: Arc<dyn Scorer> = Arc::new(DeterministicScorer::new(stage2.clone()));
    let set_info = |scorer: &str, model: &str, reason: &str| {
        metrics.set_info(
            "groundcheck_stage2_scorer_info{scorer=\"deterministic\"}",
            if scorer == "deterministic" { "1" } else { "0" },
        );
        metrics.set_info(
            &format!(
                "groundcheck_stage2_nli_info{{model=\"{model}\",fallback_reason=\"{}\"}}",
                reason.replace(['"', '\\', '\n'], "'")
            ),
            if scorer == "nli" { "1" } else { "0" },
        );
    };
    let cfg = match choice {
        ScorerChoice::Deterministic { reason } => {
            set_info("deterministic", "", reason);
            return Arc::new(crate::nli::fallback(deterministic, reason));
        }
        ScorerChoice::Learned(cfg) => cfg,
    };
    let started = Instant::now();
    match crate::nli::NliModel::load(cfg) {
        Ok(model) => {
            tracing::info!(model = %model.description, seconds = started.elapsed().as_secs_f64(), "stage 2: learned groundedness model loaded");
            set_info("nli", &model.description, "");
            Arc::new(crate::nli::NliScorer::new(
                deterministic,
                Arc::new(model),
                stage2.clone(),
                cfg.thresholds,
                cfg.max_pairs,
                cfg.dump.as_deref(),
                metrics.clone(),
            ))
        }
        Err(e) => {
            tracing::warn!("stage 2: learned groundedness model unavailable, falling back to the deterministic scorer: {e}");
            set_info("deterministic", "", &e.to_string());
            Arc::new(crate::nli::fallback(deterministic, &e.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use groundcheck_detectors::stage2::Aggregation;

    fn config(schemas: Option<SchemaDirConfig>) -> DetectionConfig {
        DetectionConfig {
            stage1: Stage1Config::default(),
            schemas,
            scorer: ScorerChoice::Deterministic {
                reason: "disabled by configuration (nli = false)".into(),
            },
            stage2: Default::default(),
            llm: None,
            detector: DetectorConfig::new(Default::default(), Aggregation::Min),
        }
    }

    #[test]
    fn builds_from_its_own_config_without_settings() {
        let metrics = Arc::new(Metrics::default());
        let detector = build(config(None), metrics.clone()).unwrap();
        assert!(detector.judge.is_none() && detector.prober.is_none());
        assert_eq!(detector.scorers.len(), 1);
        assert!(
            metrics
                .render()
                .contains("groundcheck_stage2_scorer_info{scorer=\"deterministic\"} 1"),
            "the scorer in use is visible on /metrics"
        );
    }

    #[test]
    fn a_missing_schema_directory_is_an_error() {
        let missing = SchemaDirConfig {
            dir: PathBuf::from("/nonexistent/groundcheck-schemas"),
            reload_every: None,
        };
        match build(config(Some(missing)), Arc::new(Metrics::default())) {
            Err(e) => assert!(matches!(e, DetectorSetupError::Registry(_)), "{e}"),
            Ok(_) => panic!("a missing schema directory must fail"),
        }
    }
}
