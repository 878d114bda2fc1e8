//! Wiring: the one place where the resolved [`Settings`] become the small configuration
//! structs each component is built from — receivers ([`KafkaConfig`], [`ReceiversConfig`]),
//! the pipeline ([`PipelineConfig`], [`AssemblerConfig`]), the sinks ([`SinksConfig`],
//! [`ClickHouseSetup`]), detection ([`DetectionConfig`], [`NliConfig`]) and the LLM side
//! ([`LlmConfig`]).
//!
//! Components never see [`Settings`], clap or the environment: each is constructed (and
//! unit-tested) from its own config. The environment is read here and in [`crate::config`]
//! only (the LLM API key, by the name `llm_api_key_env` gives).
//!
//! Dependencies point one way: `config` ← `wiring` → components; no component imports
//! `wiring` or `config`.

use crate::assembler::AssemblerConfig;
use crate::clickhouse::ClickHouseSetup;
use crate::config::{ConfigError, EvaluationsAs, KafkaReportFormat, Settings};
use crate::detection::{DetectionConfig, DetectorSetupError, SchemaDirConfig, ScorerChoice};
use crate::llm::client::ClientConfig;
use crate::llm::{JudgeConfig, LlmConfig, ProbeConfig, Sampling};
use crate::metrics::Metrics;
use crate::nli::{NliConfig, NliThresholds};
use crate::otel::evaluations::Carrier;
use crate::otel::forward::ForwardConfig;
use crate::otel::OtlpTarget;
use crate::pipeline::PipelineConfig;
use crate::receivers::kafka::{KafkaConfig, KafkaEncoding, KafkaInitialOffset};
use crate::receivers::tls::TlsFiles;
use groundcheck_detectors::pipeline::{Detector, DetectorConfig};
use groundcheck_detectors::stage1::{Allowlist, Stage1Config};
use groundcheck_detectors::stage3::PlanConfig;
use groundcheck_sinks::{ClickHouseConfig, RedactConfig, RedactError, Redactor, ReportFormat};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Errors turning settings into component configs.
#[derive(Debug, thiserror::Error)]
pub enum WiringError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Detector(#[from] DetectorSetupError),
    #[error("cannot read the redaction key file {path}: {source}")]
    RedactionKey {
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Redaction(#[from] RedactError),
    #[error(transparent)]
    Otel(#[from] crate::otel::OtelError),
}

/// Everything `serve` builds, by component.
pub struct ServeConfig {
    pub receivers: ReceiversConfig,
    pub pipeline: PipelineConfig,
    pub sinks: SinksConfig,
    pub detection: DetectionConfig,
    pub otel: OtelConfig,
}

impl ServeConfig {
    pub fn from_settings(s: &Settings) -> Result<ServeConfig, WiringError> {
        Ok(ServeConfig {
            receivers: receivers_config(s)?,
            pipeline: pipeline_config(s),
            sinks: sinks_config(s)?,
            detection: detection_config(s)?,
            otel: otel_config(s)?,
        })
    }
}

/// Listen addresses and the Kafka receiver.
#[derive(Debug, Clone)]
pub struct ReceiversConfig {
    pub grpc_addr: SocketAddr,
    pub http_addr: SocketAddr,
    /// `/metrics`, `/healthz`.
    pub admin_addr: SocketAddr,
    /// Max request body after decompression (gRPC message limit; HTTP checks it in `Ingest`).
    pub max_body_bytes: usize,
    /// TLS on the OTLP receivers; `None`: plaintext.
    pub tls: Option<TlsFiles>,
    /// Bearer tokens of the OTLP receivers; `None`: open.
    pub auth_tokens: Option<PathBuf>,
    /// Bearer tokens of `/metrics`; `None`: open.
    pub admin_auth_tokens: Option<PathBuf>,
    /// `None`: the Kafka receiver is off.
    pub kafka: Option<KafkaConfig>,
}

/// The sinks `serve` writes every report to, in this order.
#[derive(Clone)]
pub struct SinksConfig {
    /// The embedded JSON Lines sink's directory (always on).
    pub jsonl_dir: PathBuf,
    pub clickhouse: Option<ClickHouseSetup>,
    /// One summary line per run on stderr.
    pub summary: bool,
    pub kafka_report: Option<KafkaReportConfig>,
}

/// The report output topic.
#[derive(Debug, Clone)]
pub struct KafkaReportConfig {
    /// librdkafka properties (`bootstrap.servers`, security settings).
    pub client: Vec<(String, String)>,
    pub topic: String,
    pub format: ReportFormat,
}

pub fn receivers_config(s: &Settings) -> Result<ReceiversConfig, ConfigError> {
    Ok(ReceiversConfig {
        grpc_addr: s.grpc_addr,
        http_addr: s.http_addr,
        admin_addr: s.admin_addr,
        max_body_bytes: s.max_body_bytes,
        tls: (!s.tls_cert_file.trim().is_empty()).then(|| TlsFiles {
            cert: PathBuf::from(s.tls_cert_file.trim()),
            key: PathBuf::from(s.tls_key_file.trim()),
            client_ca: (!s.tls_client_ca_file.trim().is_empty())
                .then(|| PathBuf::from(s.tls_client_ca_file.trim())),
        }),
        auth_tokens: path_setting(&s.auth_tokens_file),
        admin_auth_tokens: path_setting(&s.admin_auth_tokens_file),
        kafka: kafka_receiver_config(s)?,
    })
}

fn path_setting(s: &str) -> Option<PathBuf> {
    (!s.trim().is_empty()).then(|| PathBuf::from(s.trim()))
}

/// The Kafka receiver's config; `None` without `kafka_brokers`.
pub fn kafka_receiver_config(s: &Settings) -> Result<Option<KafkaConfig>, ConfigError> {
    if !s.kafka_enabled() {
        return Ok(None);
    }
    Ok(Some(KafkaConfig {
        client: s.kafka_client_options()?,
        topics: s
            .kafka_topics
            .iter()
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect(),
        group_id: s.kafka_group_id.clone(),
        encoding: match s.kafka_encoding {
            crate::config::KafkaEncoding::OtlpProto => KafkaEncoding::OtlpProto,
            crate::config::KafkaEncoding::OtlpJson => KafkaEncoding::OtlpJson,
        },
        initial_offset: match s.kafka_initial_offset {
            crate::config::KafkaInitialOffset::Latest => KafkaInitialOffset::Latest,
            crate::config::KafkaInitialOffset::Earliest => KafkaInitialOffset::Earliest,
        },
        session_timeout_ms: s.kafka_session_timeout_ms,
        commit_interval: Duration::from_millis(s.kafka_commit_interval_ms.max(10)),
        revoke_timeout: Duration::from_millis(s.kafka_revoke_timeout_ms),
        dead_letter_topic: (!s.kafka_dead_letter_topic.trim().is_empty())
            .then(|| s.kafka_dead_letter_topic.trim().to_owned()),
    }))
}

pub fn pipeline_config(s: &Settings) -> PipelineConfig {
    PipelineConfig {
        ingest_queue: s.ingest_queue,
        retry_after_secs: s.retry_after_secs,
        max_body_bytes: s.max_body_bytes,
        assembler: assembler_config(s),
        workers: s.workers,
        worker_queue: s.worker_queue,
        sink_batch: s.sink_batch,
        sink_flush: Duration::from_millis(s.sink_flush_ms),
        sink_shutdown: Duration::from_millis(s.sink_shutdown_ms),
        llm_max_pending_runs: s.llm_max_pending_runs,
        llm_deadline: Duration::from_millis(s.llm_deadline_ms),
        conversations: conversation_cache_config(s),
        profiles: crate::profiles::ProfilesConfig {
            initial: s.profile_set.clone(),
            path: s.config.clone(),
            base: crate::profiles::Base::of(s),
            reload: Duration::from_secs(s.schema_reload_secs),
        },
        escalation: crate::escalation::EscalationConfig {
            max_conversations: s.escalation_max_conversations,
            ttl: Duration::from_secs(s.escalation_ttl_secs),
        },
    }
}

pub fn conversation_cache_config(s: &Settings) -> crate::conversations::ConversationCacheConfig {
    crate::conversations::ConversationCacheConfig {
        max_conversations: s.conversation_cache_size,
        max_calls: s.conversation_cache_calls,
        ttl: Duration::from_secs(s.conversation_cache_ttl_secs),
    }
}

pub fn assembler_config(s: &Settings) -> AssemblerConfig {
    AssemblerConfig {
        grace: s.grace(),
        idle_timeout: s.idle_timeout(),
        max_open_runs: s.max_open_runs,
        max_spans_per_run: s.max_spans_per_run,
        finished_memory: s.max_open_runs.max(1024) * 4,
    }
}

pub fn sinks_config(s: &Settings) -> Result<SinksConfig, ConfigError> {
    let kafka_report = if s.kafka_report_topic.is_empty() {
        None
    } else {
        Some(KafkaReportConfig {
            client: s.kafka_client_options()?,
            topic: s.kafka_report_topic.clone(),
            format: match s.kafka_report_format {
                KafkaReportFormat::Json => ReportFormat::Json,
                KafkaReportFormat::Protobuf => ReportFormat::Protobuf,
            },
        })
    };
    Ok(SinksConfig {
        jsonl_dir: s.data_dir.clone(),
        clickhouse: clickhouse_setup(s),
        summary: s.summary,
        kafka_report,
    })
}

/// The ClickHouse sink; `None` without `clickhouse_url`.
pub fn clickhouse_setup(s: &Settings) -> Option<ClickHouseSetup> {
    if s.clickhouse_url.trim().is_empty() {
        return None;
    }
    let mut sink = ClickHouseConfig::new(
        s.clickhouse_url.trim_end_matches('/'),
        s.clickhouse_database.clone(),
        s.data_dir.clone(),
    );
    sink.user = s.clickhouse_user.clone();
    sink.password = s.clickhouse_password.clone();
    sink.async_insert = s.clickhouse_async_insert;
    sink.ttl_days = s.clickhouse_ttl_days;
    sink.timeout = Duration::from_millis(s.clickhouse_timeout_ms.max(1));
    Some(ClickHouseSetup {
        sink,
        required: s.clickhouse_required,
    })
}

/// Redaction: the kinds, operator patterns and key (read from `redaction_key_file`, trailing
/// whitespace trimmed; none: a random per-process key).
pub fn redaction_config(s: &Settings) -> Result<RedactConfig, WiringError> {
    let key = if s.redaction_key_file.as_os_str().is_empty() {
        None
    } else {
        let mut k =
            std::fs::read(&s.redaction_key_file).map_err(|source| WiringError::RedactionKey {
                path: s.redaction_key_file.display().to_string(),
                source,
            })?;
        while k.last().is_some_and(u8::is_ascii_whitespace) {
            k.pop();
        }
        Some(k)
    };
    Ok(RedactConfig {
        kinds: RedactConfig::parse_kinds(&s.redact)?,
        patterns: s
            .redact_patterns
            .iter()
            .map(|p| RedactConfig::parse_pattern(p))
            .collect::<Result<_, _>>()?,
        key,
    })
}

/// The redactor every output passes (reports, logs): one per process.
pub fn build_redactor(s: &Settings) -> Result<Arc<Redactor>, WiringError> {
    Ok(Arc::new(Redactor::new(&redaction_config(s)?)?))
}

/// Detection: Stage 1 (allowlists and identifier patterns compiled here), the schema
/// directory, the Stage-2 scorer, the LLM side, gating.
pub fn detection_config(s: &Settings) -> Result<DetectionConfig, WiringError> {
    let mut allowlists = HashMap::new();
    for (tool, entries) in &s.allowlist {
        allowlists.insert(
            tool.clone(),
            Allowlist::new(
                entries.exact.clone(),
                entries.prefixes.clone(),
                &entries.regexes,
                tool,
            )
            .map_err(DetectorSetupError::from)?,
        );
    }
    let schemas = (!s.schema_dir.as_os_str().is_empty()).then(|| SchemaDirConfig {
        dir: s.schema_dir.clone(),
        reload_every: (s.schema_reload_secs > 0).then(|| Duration::from_secs(s.schema_reload_secs)),
    });
    let stage1 = Stage1Config {
        unknown_tool: s.unknown_tool(),
        allowlists,
        disable_provenance: false,
        id_patterns: Stage1Config::compile_id_patterns(&s.id_patterns)
            .map_err(DetectorSetupError::from)?,
    };
    let mut detector = DetectorConfig::new(s.thresholds(), s.aggregation());
    detector.judge_combine = s.judge_combine()?;
    Ok(DetectionConfig {
        stage1,
        schemas,
        scorer: scorer_choice(s),
        stage2: stage2_config(s),
        llm: llm_config(s)?,
        detector,
    })
}

/// Stage 2's deterministic scorer: default scores, the bounds of the work per run from the
/// settings.
pub fn stage2_config(s: &Settings) -> groundcheck_detectors::stage2::Stage2Config {
    groundcheck_detectors::stage2::Stage2Config {
        bounds: groundcheck_detectors::stage2::bounds::WorkBounds {
            max_claims: s.stage2_max_claims,
            max_evidence_bytes: s.stage2_max_evidence_bytes,
            max_derived_values: s.stage2_max_derived_values,
            time_budget: Duration::from_millis(s.stage2_time_budget_ms),
        },
        ..Default::default()
    }
}

/// The Stage-2 scorer the settings ask for.
pub fn scorer_choice(s: &Settings) -> ScorerChoice {
    if s.nli {
        ScorerChoice::Learned(nli_config(s))
    } else {
        ScorerChoice::Deterministic {
            reason: "disabled by configuration (nli = false)".to_owned(),
        }
    }
}

pub fn nli_config(s: &Settings) -> NliConfig {
    NliConfig {
        model: s.nli_model.clone(),
        runtime: s.nli_runtime.clone(),
        max_len: s.nli_max_len,
        max_pairs: s.nli_max_pairs,
        batch: s.nli_batch,
        sessions: if s.nli_sessions == 0 {
            s.workers
        } else {
            s.nli_sessions
        },
        thresholds: NliThresholds {
            contradiction: s.nli_contradiction_threshold,
            unsupported: s.nli_unsupported_threshold,
            entailment: s.nli_entailment_threshold,
            on_json: s.nli_on_json,
        },
        dump: (!s.nli_dump.as_os_str().is_empty()).then(|| s.nli_dump.clone()),
    }
}

/// The LLM judge and prober; `None` when neither is on. Reads the API key from the
/// environment variable named by `llm_api_key_env`.
pub fn llm_config(s: &Settings) -> Result<Option<LlmConfig>, ConfigError> {
    if !(s.probes || s.judge) {
        return Ok(None);
    }
    let api_key = std::env::var(&s.llm_api_key_env)
        .ok()
        .filter(|k| !k.is_empty());
    let probes = if s.probes {
        Some(ProbeConfig {
            plan: PlanConfig {
                kinds: s.probe_kinds()?,
                probes_per_claim: s.probes_per_claim,
                max_probes: s.probe_max_per_run,
                max_evidence_chars: s.llm_max_evidence_chars,
            },
            temperature: s.probe_temperature,
        })
    } else {
        None
    };
    Ok(Some(LlmConfig {
        client: ClientConfig {
            base_url: s.llm_base_url.clone(),
            model: s.llm_model.clone(),
            api_key,
            request_timeout: Duration::from_millis(s.llm_timeout_ms),
            max_retries: s.llm_max_retries,
            backoff: Duration::from_millis(s.llm_backoff_ms.max(1)),
            max_tokens: s.llm_max_tokens,
        },
        concurrency: s.llm_concurrency,
        sampling: Sampling {
            agents: s.llm_agents.clone(),
            rate: s.llm_sample_rate,
        },
        deadline: Duration::from_millis(s.llm_deadline_ms),
        max_requests_per_run: s.llm_max_requests_per_run,
        max_tokens_per_run: s.llm_max_tokens_per_run,
        max_evidence_chars: s.llm_max_evidence_chars,
        judge: s.judge.then_some(JudgeConfig {
            cache_size: s.judge_cache_size,
            max_claims: s.judge_max_claims,
        }),
        probes,
    }))
}

/// Build the detector from resolved settings (model and LLM counters go to a private
/// [`Metrics`]).
pub fn build_detector(s: &Settings) -> Result<Detector, WiringError> {
    build_detector_with(s, Arc::new(Metrics::default()))
}

/// Build the detector from resolved settings; the Stage-2 model, the LLM judge and prober
/// (when configured) count into `metrics`.
pub fn build_detector_with(s: &Settings, metrics: Arc<Metrics>) -> Result<Detector, WiringError> {
    let detector = crate::detection::build(detection_config(s)?, metrics)?;
    Ok(detector)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::settings_from_args;

    #[test]
    fn each_component_gets_its_own_config() {
        let s = settings_from_args(&[
            "--workers",
            "3",
            "--worker-queue",
            "5",
            "--sink-flush-ms",
            "7",
            "--llm-deadline-ms",
            "900",
            "--kafka-brokers",
            "b1:9092",
            "--kafka-topic",
            " spans ,",
            "--kafka-dead-letter-topic",
            " dlq ",
            "--kafka-commit-interval-ms",
            "1",
            "--kafka-encoding",
            "otlp_json",
            "--clickhouse-url",
            "http://127.0.0.1:8123/",
            "--clickhouse-required",
            "false",
            "--summary",
            "false",
        ])
        .unwrap();
        let pipeline = pipeline_config(&s);
        assert_eq!((pipeline.workers, pipeline.worker_queue), (3, 5));
        assert_eq!(pipeline.sink_flush, Duration::from_millis(7));
        assert_eq!(pipeline.llm_deadline, Duration::from_millis(900));
        assert_eq!(pipeline.assembler.grace, Duration::from_millis(2_000));

        let kafka = receivers_config(&s).unwrap().kafka.expect("kafka on");
        assert_eq!(kafka.topics, vec!["spans".to_owned()]);
        assert_eq!(kafka.dead_letter_topic.as_deref(), Some("dlq"));
        assert_eq!(kafka.encoding, KafkaEncoding::OtlpJson);
        assert_eq!(kafka.commit_interval, Duration::from_millis(10), "floored");
        assert!(kafka
            .client
            .contains(&("bootstrap.servers".to_owned(), "b1:9092".to_owned())));

        let sinks = sinks_config(&s).unwrap();
        let clickhouse = sinks.clickhouse.expect("clickhouse on");
        assert_eq!(clickhouse.sink.url, "http://127.0.0.1:8123");
        assert!(!clickhouse.required && !sinks.summary);
        assert!(sinks.kafka_report.is_none());

        let nli = nli_config(&s);
        assert_eq!(nli.sessions, 3, "0 sessions: one per worker");
        assert!(nli.dump.is_none());
        assert!(llm_config(&s).unwrap().is_none(), "no probes, no judge");
    }

    #[test]
    fn off_by_default() {
        let s = settings_from_args(&[]).unwrap();
        assert!(receivers_config(&s).unwrap().kafka.is_none());
        let sinks = sinks_config(&s).unwrap();
        assert!(sinks.clickhouse.is_none() && sinks.kafka_report.is_none() && sinks.summary);
        let detection = detection_config(&s).unwrap();
        assert!(detection.schemas.is_none() && detection.llm.is_none());
        assert!(matches!(detection.scorer, ScorerChoice::Learned(_)));
    }

    #[test]
    fn the_llm_api_key_comes_from_the_named_variable() {
        const KEY_VAR: &str = "GROUNDCHECK_WIRING_TEST_API_KEY";
        std::env::set_var(KEY_VAR, "secret");
        let s = settings_from_args(&[
            "--llm-base-url",
            "http://127.0.0.1:9/v1",
            "--judge",
            "true",
            "--llm-api-key-env",
            KEY_VAR,
        ])
        .unwrap();
        let llm = llm_config(&s).unwrap().expect("judge on");
        std::env::remove_var(KEY_VAR);
        assert_eq!(llm.client.api_key.as_deref(), Some("secret"));
        assert!(llm.judge.is_some() && llm.probes.is_none());
    }

    #[test]
    fn redaction_defaults_to_secrets_and_cards_with_a_random_key() {
        let s = settings_from_args(&[]).unwrap();
        let r = build_redactor(&s).unwrap();
        assert_eq!(r.kinds().collect::<Vec<_>>(), ["secret", "card"]);
        assert!(r.key_is_random());
        let none = build_redactor(&settings_from_args(&["--redact", "none"]).unwrap()).unwrap();
        assert!(!none.is_enabled());
    }

    #[test]
    fn redaction_key_file_patterns_and_errors() {
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("key");
        std::fs::write(&key, "0123456789abcdef0123\n").unwrap();
        let key = key.to_str().unwrap();
        let s = settings_from_args(&[
            "--redact",
            "email,secret",
            "--redact-pattern",
            "employee=EMP-[0-9]{6}",
            "--redaction-key-file",
            key,
        ])
        .unwrap();
        let cfg = redaction_config(&s).unwrap();
        assert_eq!(
            cfg.key.as_deref(),
            Some(&b"0123456789abcdef0123"[..]),
            "newline trimmed"
        );
        let r = build_redactor(&s).unwrap();
        assert!(!r.key_is_random());
        assert_eq!(
            r.kinds().collect::<Vec<_>>(),
            ["secret", "email", "employee"]
        );
        assert!(r.redact("EMP-123456").starts_with("[employee:"));

        let bad = settings_from_args(&["--redact-pattern", "x=("]).unwrap();
        let e = build_redactor(&bad).unwrap_err().to_string();
        assert!(e.contains("redact_pattern x: invalid regex"), "{e}");
        let missing = settings_from_args(&["--redaction-key-file", "/nonexistent/key"]).unwrap();
        let e = build_redactor(&missing).unwrap_err().to_string();
        assert!(
            e.contains("cannot read the redaction key file /nonexistent/key"),
            "{e}"
        );
    }

    #[test]
    fn nli_off_means_the_deterministic_scorer_with_a_reason() {
        let s = settings_from_args(&["--nli", "false", "--nli-dump", "/tmp/dump.jsonl"]).unwrap();
        match scorer_choice(&s) {
            ScorerChoice::Deterministic { reason } => assert!(reason.contains("nli = false")),
            ScorerChoice::Learned(_) => panic!("nli is off"),
        }
        assert_eq!(nli_config(&s).dump, Some(PathBuf::from("/tmp/dump.jsonl")));
    }
}

/// OpenTelemetry output ([`crate::otel`]): each part off unless its endpoint is set.
#[derive(Debug, Clone, Default)]
pub struct OtelConfig {
    /// Evaluations export: the target and the carriers (logs, spans or both).
    pub evaluations: Option<(OtlpTarget, Vec<Carrier>)>,
    pub forward: Option<ForwardConfig>,
    /// Self-telemetry: the target and the metric interval.
    pub telemetry: Option<(OtlpTarget, Duration)>,
}

/// One OTLP destination from its settings; `None` when `endpoint` is empty.
#[allow(clippy::too_many_arguments)]
fn otlp_target(
    endpoint: &str,
    protocol: crate::config::OtlpProtocol,
    headers: &str,
    compression: crate::config::OtlpCompression,
    timeout_ms: u64,
    ca_file: &std::path::Path,
    client_cert: &std::path::Path,
    client_key: &std::path::Path,
) -> Result<Option<OtlpTarget>, WiringError> {
    let endpoint = endpoint.trim();
    if endpoint.is_empty() {
        return Ok(None);
    }
    let path = |p: &std::path::Path| (!p.as_os_str().is_empty()).then(|| p.to_path_buf());
    let (cert, key) = (path(client_cert), path(client_key));
    if cert.is_some() != key.is_some() {
        return Err(ConfigError::Invalid(format!(
            "{endpoint}: the client certificate and key go together"
        ))
        .into());
    }
    let t = OtlpTarget {
        endpoint: endpoint.to_owned(),
        protocol,
        headers: crate::otel::parse_headers(headers)?,
        gzip: compression == crate::config::OtlpCompression::Gzip,
        timeout: Duration::from_millis(timeout_ms.max(1)),
        tls: crate::client_tls::ClientTlsArgs {
            ca_file: path(ca_file),
            client_cert: cert,
            client_key: key,
        },
    };
    t.validate()?;
    Ok(Some(t))
}

pub fn otel_config(s: &Settings) -> Result<OtelConfig, WiringError> {
    let evaluations = otlp_target(
        &s.otlp_export_endpoint,
        s.otlp_export_protocol,
        &s.otlp_export_headers,
        s.otlp_export_compression,
        s.otlp_export_timeout_ms,
        &s.otlp_export_ca_file,
        &s.otlp_export_client_cert,
        &s.otlp_export_client_key,
    )?
    .map(|t| {
        let carriers = match s.otlp_export_evaluations_as {
            EvaluationsAs::Logs => vec![Carrier::Logs],
            EvaluationsAs::Spans => vec![Carrier::Spans],
            EvaluationsAs::Both => vec![Carrier::Logs, Carrier::Spans],
        };
        (t, carriers)
    });
    let forward = otlp_target(
        &s.forward_endpoint,
        s.forward_protocol,
        &s.forward_headers,
        s.forward_compression,
        s.forward_timeout_ms,
        &s.forward_ca_file,
        &s.forward_client_cert,
        &s.forward_client_key,
    )?
    .map(|target| ForwardConfig {
        target,
        queue_spans: s.forward_queue_spans.max(1),
        batch_spans: s.forward_batch_spans.max(1),
        concurrency: s.forward_concurrency.max(1),
        max_backoff: Duration::from_millis(s.forward_max_backoff_ms.max(100)),
        shutdown: Duration::from_millis(s.forward_shutdown_ms),
    });
    let telemetry = otlp_target(
        &s.telemetry_otlp_endpoint,
        s.telemetry_otlp_protocol,
        &s.telemetry_otlp_headers,
        s.telemetry_otlp_compression,
        s.telemetry_otlp_timeout_ms,
        &s.telemetry_otlp_ca_file,
        &s.telemetry_otlp_client_cert,
        &s.telemetry_otlp_client_key,
    )?
    .map(|t| {
        (
            t,
            Duration::from_secs(s.telemetry_otlp_interval_secs.max(1)),
        )
    });
    Ok(OtelConfig {
        evaluations,
        forward,
        telemetry,
    })
}
