//! Configuration: clap flags, each with a `GROUNDCHECK_…` env var, plus an optional TOML file
//! (`--config`). Precedence, highest first: a flag on the command line, the TOML file, the
//! environment, the built-in default. [`Settings`] is the resolved, validated result;
//! [`crate::wiring`] turns it into each component's own config, so nothing reads
//! configuration deeper down.

pub use crate::otel::OtlpProtocol;
use clap::parser::ValueSource;
use clap::{ArgMatches, Args};
use groundcheck_detectors::stage1::UnknownToolPolicy;
use groundcheck_detectors::stage2::Aggregation;
use groundcheck_detectors::stage4::Thresholds;
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Errors while resolving configuration.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("invalid config file {path}: {source}")]
    Parse {
        path: String,
        source: toml::de::Error,
    },
    #[error("invalid configuration: {0}")]
    Invalid(String),
}

macro_rules! settings {
    ($( $(#[$doc:meta])* $field:ident : $ty:ty = $default:expr, env = $env:literal, long = $long:literal ;)*) => {
        /// Flags shared by `serve`, `check` and `eval` (each also settable by env var and TOML key).
        #[derive(Debug, Clone, Args)]
        #[command(next_help_heading = "Collector settings (serve, check, eval; send and loadgen ignore them)")]
        pub struct SettingsArgs {
            /// TOML configuration file (keys are the flag names with `_`).
            #[arg(long, env = "GROUNDCHECK_CONFIG", global = true)]
            pub config: Option<PathBuf>,
            $(
                $(#[$doc])*
                #[arg(long = $long, env = $env, global = true)]
                pub $field: Option<$ty>,
            )*
        }

        /// The TOML file: the same keys, all optional.
        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct FileSettings {
            $( pub $field: Option<$ty>, )*
            #[serde(default)]
            pub allowlist: std::collections::HashMap<String, AllowlistFile>,
            #[serde(default)]
            pub kafka: KafkaFile,
            /// `[profiles.NAME]` and `[[profile_rules]]`: read by [`crate::profiles`].
            #[serde(default)]
            pub profiles: Option<toml::Value>,
            #[serde(default)]
            pub profile_rules: Option<toml::Value>,
        }

        /// Fully resolved settings.
        #[derive(Debug, Clone)]
        pub struct Settings {
            $( pub $field: $ty, )*
            pub allowlist: std::collections::HashMap<String, AllowlistFile>,
            /// librdkafka properties from `[kafka.librdkafka]` (overridden by `kafka_option`).
            pub kafka_librdkafka: std::collections::BTreeMap<String, String>,
            /// The TOML file (its gating profiles are re-read when it changes).
            pub config: Option<PathBuf>,
            /// The gating profiles and their rules ([`crate::profiles`]).
            pub profile_set: std::sync::Arc<crate::profiles::ProfileSet>,
        }

        impl Settings {
            /// Resolve flag > environment > TOML file > default (clap gives flag over env).
            pub fn resolve(args: &SettingsArgs, matches: &ArgMatches) -> Result<Settings, ConfigError> {
                let mut text = None;
                let file = match &args.config {
                    Some(p) => {
                        let t = std::fs::read_to_string(p).map_err(|source| ConfigError::Read { path: p.display().to_string(), source })?;
                        let f = toml::from_str::<FileSettings>(&t).map_err(|source| ConfigError::Parse { path: p.display().to_string(), source })?;
                        text = Some(t);
                        f
                    }
                    None => FileSettings::default(),
                };
                // Flag and environment variable arrive through clap; the source says which.
                let explicit = |id: &str| matches!(
                    find_source(matches, id),
                    Some(ValueSource::CommandLine | ValueSource::EnvVariable)
                );
                let s = Settings {
                    $( $field: {
                        let flag = args.$field.clone();
                        if explicit(stringify!($field)) { flag.unwrap() }
                        else if let Some(v) = file.$field.clone() { v }
                        else if let Some(v) = flag { v }
                        else { $default }
                    }, )*
                    allowlist: file.allowlist,
                    kafka_librdkafka: file.kafka.librdkafka.into_iter().map(|(k, v)| {
                        let v = match v { toml::Value::String(s) => s, other => other.to_string() };
                        (k, v)
                    }).collect(),
                    config: args.config.clone(),
                    profile_set: Default::default(),
                };
                let mut s = s;
                s.validate()?;
                let base = crate::profiles::Base::of(&s);
                s.profile_set = std::sync::Arc::new(match (&text, &args.config) {
                    (Some(t), Some(p)) => crate::profiles::ProfileSet::parse(t, &base)
                        .map_err(|e| ConfigError::Invalid(format!("{}: {e}", p.display())))?,
                    _ => crate::profiles::ProfileSet::presets_only(&base),
                });
                Ok(s)
            }
        }
    };
}

fn find_source(m: &ArgMatches, id: &str) -> Option<ValueSource> {
    if let Ok(Some(_)) = m.try_get_raw(id) {
        return m.value_source(id);
    }
    match m.subcommand() {
        Some((_, sub)) => find_source(sub, id),
        None => None,
    }
}

/// Allowlist entries for one tool (`[allowlist.TOOL]` or `[allowlist."*"]` in TOML).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllowlistFile {
    #[serde(default)]
    pub exact: Vec<String>,
    #[serde(default)]
    pub prefixes: Vec<String>,
    #[serde(default)]
    pub regexes: Vec<String>,
}

fn default_nli_runtime() -> PathBuf {
    std::env::var_os("ORT_DYLIB_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("deploy/.cache/onnxruntime-1.31.1/libonnxruntime.so"))
}

/// `[kafka]` table of the TOML file: `[kafka.librdkafka]` holds librdkafka properties passed
/// through unchanged to every Kafka client (security: `security.protocol`, `sasl.*`, `ssl.*`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KafkaFile {
    #[serde(default)]
    pub librdkafka: std::collections::BTreeMap<String, toml::Value>,
}

fn default_workers() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
}

settings! {
    /// OTLP/gRPC listen address.
    grpc_addr: SocketAddr = "127.0.0.1:4317".parse().unwrap(), env = "GROUNDCHECK_GRPC_ADDR", long = "grpc-addr";
    /// OTLP/HTTP listen address (`POST /v1/traces`).
    http_addr: SocketAddr = "127.0.0.1:4318".parse().unwrap(), env = "GROUNDCHECK_HTTP_ADDR", long = "http-addr";
    /// Admin listen address (`/metrics`, `/healthz`).
    admin_addr: SocketAddr = "127.0.0.1:9464".parse().unwrap(), env = "GROUNDCHECK_ADMIN_ADDR", long = "admin-addr";
    /// PEM certificate chain for TLS on the OTLP receivers (with `tls_key_file`; re-read when the file changes). Empty: plaintext.
    tls_cert_file: String = String::new(), env = "GROUNDCHECK_TLS_CERT_FILE", long = "tls-cert-file";
    /// PEM private key of `tls_cert_file`.
    tls_key_file: String = String::new(), env = "GROUNDCHECK_TLS_KEY_FILE", long = "tls-key-file";
    /// PEM bundle of client CAs: with it, every OTLP client must present a certificate issued by one (mTLS).
    tls_client_ca_file: String = String::new(), env = "GROUNDCHECK_TLS_CLIENT_CA_FILE", long = "tls-client-ca-file";
    /// Bearer tokens of the OTLP receivers: one per line, optionally followed by a tenant name (reloaded on change). Empty: no authentication.
    auth_tokens_file: String = String::new(), env = "GROUNDCHECK_AUTH_TOKENS_FILE", long = "auth-tokens-file";
    /// Bearer tokens for `/metrics` on the admin address (same format; tenants ignored). Empty: open (bind the admin address to loopback, the default).
    admin_auth_tokens_file: String = String::new(), env = "GROUNDCHECK_ADMIN_AUTH_TOKENS_FILE", long = "admin-auth-tokens-file";
    /// Max request body in bytes after decompression (413 above it).
    max_body_bytes: usize = 64 << 20, env = "GROUNDCHECK_MAX_BODY_BYTES", long = "max-body-bytes";
    /// Directory of the embedded JSON Lines sink.
    data_dir: PathBuf = PathBuf::from("./groundcheck-data"), env = "GROUNDCHECK_DATA_DIR", long = "data-dir";
    /// Print a one-line summary per run on stderr.
    summary: bool = true, env = "GROUNDCHECK_SUMMARY", long = "summary";
    /// A run is complete this long after its root span ended (ms).
    grace_ms: u64 = 2_000, env = "GROUNDCHECK_GRACE_MS", long = "grace-ms";
    /// A run with no new span for this long is finished as incomplete (ms).
    idle_timeout_ms: u64 = 30_000, env = "GROUNDCHECK_IDLE_TIMEOUT_MS", long = "idle-timeout-ms";
    /// Max runs being assembled at once; on overflow the oldest is finished early.
    max_open_runs: usize = 10_000, env = "GROUNDCHECK_MAX_OPEN_RUNS", long = "max-open-runs";
    /// Max spans kept per run; further spans finish the run early as incomplete.
    max_spans_per_run: usize = 2_000, env = "GROUNDCHECK_MAX_SPANS_PER_RUN", long = "max-spans-per-run";
    /// Capacity of the receivers → assembler queue (requests); full → 429 / UNAVAILABLE.
    ingest_queue: usize = 512, env = "GROUNDCHECK_INGEST_QUEUE", long = "ingest-queue";
    /// Worker threads for Stages 2–4.
    workers: usize = default_workers(), env = "GROUNDCHECK_WORKERS", long = "workers";
    /// Runs queued for the workers beyond those running; full → pushes back to ingestion.
    worker_queue: usize = 256, env = "GROUNDCHECK_WORKER_QUEUE", long = "worker-queue";
    /// Max reports per sink batch (a batch is written when full or after `sink_flush_ms`).
    sink_batch: usize = 2048, env = "GROUNDCHECK_SINK_BATCH", long = "sink-batch";
    /// Max time a report waits for its batch (ms).
    sink_flush_ms: u64 = 200, env = "GROUNDCHECK_SINK_FLUSH_MS", long = "sink-flush-ms";
    /// On shutdown, how long a sink keeps retrying a failing batch before spilling it to disk (ms).
    sink_shutdown_ms: u64 = 5_000, env = "GROUNDCHECK_SINK_SHUTDOWN_MS", long = "sink-shutdown-ms";
    /// ClickHouse HTTP URL (e.g. `http://127.0.0.1:8123`); empty: the ClickHouse sink is off.
    clickhouse_url: String = String::new(), env = "GROUNDCHECK_CLICKHOUSE_URL", long = "clickhouse-url";
    /// ClickHouse database (created with its tables if missing).
    clickhouse_database: String = "groundcheck".to_owned(), env = "GROUNDCHECK_CLICKHOUSE_DATABASE", long = "clickhouse-database";
    /// ClickHouse user (empty: the server's default user).
    clickhouse_user: String = String::new(), env = "GROUNDCHECK_CLICKHOUSE_USER", long = "clickhouse-user";
    /// ClickHouse password (prefer the environment variable).
    clickhouse_password: String = String::new(), env = "GROUNDCHECK_CLICKHOUSE_PASSWORD", long = "clickhouse-password";
    /// ClickHouse `async_insert=1` with `wait_for_async_insert=1`.
    clickhouse_async_insert: bool = false, env = "GROUNDCHECK_CLICKHOUSE_ASYNC_INSERT", long = "clickhouse-async-insert";
    /// ClickHouse retention in days by run time (0: keep forever); applied to existing tables at start.
    clickhouse_ttl_days: u32 = 90, env = "GROUNDCHECK_CLICKHOUSE_TTL_DAYS", long = "clickhouse-ttl-days";
    /// Refuse to start when ClickHouse is unreachable (false: start, and write once it is up).
    clickhouse_required: bool = true, env = "GROUNDCHECK_CLICKHOUSE_REQUIRED", long = "clickhouse-required";
    /// Limit per ClickHouse request (ms).
    clickhouse_timeout_ms: u64 = 10_000, env = "GROUNDCHECK_CLICKHOUSE_TIMEOUT_MS", long = "clickhouse-timeout-ms";
    /// Seconds in `Retry-After` when overloaded.
    retry_after_secs: u64 = 1, env = "GROUNDCHECK_RETRY_AFTER_SECS", long = "retry-after-secs";
    /// Gating: emit threshold.
    emit_threshold: f64 = 0.85, env = "GROUNDCHECK_EMIT_THRESHOLD", long = "emit-threshold";
    /// Gating: revise threshold.
    revise_threshold: f64 = 0.6, env = "GROUNDCHECK_REVISE_THRESHOLD", long = "revise-threshold";
    /// Gating: block threshold.
    block_threshold: f64 = 0.4, env = "GROUNDCHECK_BLOCK_THRESHOLD", long = "block-threshold";
    /// Overall score: `min` (worst claim) or `weighted_mean`.
    aggregation: AggregationArg = AggregationArg::Min, env = "GROUNDCHECK_AGGREGATION", long = "aggregation";
    /// Calls to tools with no known schema: `allowed` or `flagged`.
    unknown_tool: UnknownToolArg = UnknownToolArg::Allowed, env = "GROUNDCHECK_UNKNOWN_TOOL", long = "unknown-tool";
    /// Directory of tool schemas (JSON Schema files, tool definitions, OpenAPI 3 JSON); empty: none.
    schema_dir: PathBuf = PathBuf::new(), env = "GROUNDCHECK_SCHEMA_DIR", long = "schema-dir";
    /// Re-read the schema directory when its files change, polling every N seconds (0: load once).
    schema_reload_secs: u64 = 5, env = "GROUNDCHECK_SCHEMA_RELOAD_SECS", long = "schema-reload-secs";
    /// Regex whose matches in tool arguments are entities needing provenance (repeatable; TOML: `id_patterns = [...]`).
    id_patterns: Vec<String> = Vec::new(), env = "GROUNDCHECK_ID_PATTERN", long = "id-pattern";
    /// Stage 2 learned groundedness model: use it when it loads (false: deterministic scorer only).
    nli: bool = true, env = "GROUNDCHECK_NLI", long = "nli";
    /// The model (`.onnx`; `tokenizer.json` beside it). Relative paths are tried against the working directory, then above the executable.
    nli_model: PathBuf = PathBuf::from("models/nli/groundcheck-nli.int8.onnx"), env = "GROUNDCHECK_NLI_MODEL", long = "nli-model";
    /// `libonnxruntime.so` (deploy/onnxruntime.sh prints its path); default: `ORT_DYLIB_PATH`, else deploy/.cache/onnxruntime-1.31.1/libonnxruntime.so.
    nli_runtime: PathBuf = default_nli_runtime(), env = "GROUNDCHECK_NLI_RUNTIME", long = "nli-runtime";
    /// Tokens per claim–evidence pair (longest-first truncation of the evidence).
    nli_max_len: usize = 256, env = "GROUNDCHECK_NLI_MAX_LEN", long = "nli-max-len";
    /// Claim–evidence pairs scored per run at most (the rest keep the deterministic verdict).
    nli_max_pairs: usize = 32, env = "GROUNDCHECK_NLI_MAX_PAIRS", long = "nli-max-pairs";
    /// Pairs per inference batch.
    nli_batch: usize = 16, env = "GROUNDCHECK_NLI_BATCH", long = "nli-batch";
    /// ONNX Runtime sessions (one thread each; 0: one per worker).
    nli_sessions: usize = 0, env = "GROUNDCHECK_NLI_SESSIONS", long = "nli-sessions";
    /// Lower a supported claim when the model's p(contradiction) reaches this.
    nli_contradiction_threshold: f64 = crate::nli::NliThresholds::default().contradiction, env = "GROUNDCHECK_NLI_CONTRADICTION_THRESHOLD", long = "nli-contradiction-threshold";
    /// Lower a supported claim when the model's p(entailment) is at most this (0: never).
    nli_unsupported_threshold: f64 = crate::nli::NliThresholds::default().unsupported, env = "GROUNDCHECK_NLI_UNSUPPORTED_THRESHOLD", long = "nli-unsupported-threshold";
    /// Overrule a deterministic entity/clause flag when the model's p(entailment) reaches this (above 1: never).
    nli_entailment_threshold: f64 = crate::nli::NliThresholds::default().entailment, env = "GROUNDCHECK_NLI_ENTAILMENT_THRESHOLD", long = "nli-entailment-threshold";
    /// Conversation cache: remember the tool results of this many conversations and give them, as history, to later runs of the conversation sent without their history (0: off).
    conversation_cache_size: usize = 0, env = "GROUNDCHECK_CONVERSATION_CACHE_SIZE", long = "conversation-cache-size";
    /// Conversation cache: tool calls remembered per conversation at most (oldest dropped).
    conversation_cache_calls: usize = 64, env = "GROUNDCHECK_CONVERSATION_CACHE_CALLS", long = "conversation-cache-calls";
    /// Conversation cache: forget a conversation unused for this many seconds.
    conversation_cache_ttl_secs: u64 = 1800, env = "GROUNDCHECK_CONVERSATION_CACHE_TTL_SECS", long = "conversation-cache-ttl-secs";
    /// Let the learned model act on runs whose evidence is mostly JSON tool output too (default: prose only).
    nli_on_json: bool = crate::nli::NliThresholds::default().on_json, env = "GROUNDCHECK_NLI_ON_JSON", long = "nli-on-json";
    /// Calibration dump: append one JSON line per claim the learned model sees to this file (empty: off).
    nli_dump: PathBuf = PathBuf::new(), env = "GROUNDCHECK_NLI_DUMP", long = "nli-dump";
    /// Kafka bootstrap servers (`host:port,…`); empty: the Kafka receiver is off.
    kafka_brokers: String = String::new(), env = "GROUNDCHECK_KAFKA_BROKERS", long = "kafka-brokers";
    /// Topics to consume (repeatable or comma-separated); a name starting with `^` is a regex.
    #[arg(value_delimiter = ',')]
    kafka_topics: Vec<String> = vec!["otlp_spans".to_owned()], env = "GROUNDCHECK_KAFKA_TOPICS", long = "kafka-topic";
    /// Kafka consumer group.
    kafka_group_id: String = "groundcheck".to_owned(), env = "GROUNDCHECK_KAFKA_GROUP_ID", long = "kafka-group-id";
    /// Payload encoding of the Kafka records: `otlp_proto` or `otlp_json`.
    kafka_encoding: KafkaEncoding = KafkaEncoding::OtlpProto, env = "GROUNDCHECK_KAFKA_ENCODING", long = "kafka-encoding";
    /// Where a group without committed offsets starts: `latest` or `earliest`.
    kafka_initial_offset: KafkaInitialOffset = KafkaInitialOffset::Latest, env = "GROUNDCHECK_KAFKA_INITIAL_OFFSET", long = "kafka-initial-offset";
    /// Consumer group session timeout (ms).
    kafka_session_timeout_ms: u64 = 10_000, env = "GROUNDCHECK_KAFKA_SESSION_TIMEOUT_MS", long = "kafka-session-timeout-ms";
    /// How often acknowledged offsets are committed (ms).
    kafka_commit_interval_ms: u64 = 1_000, env = "GROUNDCHECK_KAFKA_COMMIT_INTERVAL_MS", long = "kafka-commit-interval-ms";
    /// On revoke or shutdown, wait this long for in-flight runs of the partitions to be written before committing (ms).
    kafka_revoke_timeout_ms: u64 = 10_000, env = "GROUNDCHECK_KAFKA_REVOKE_TIMEOUT_MS", long = "kafka-revoke-timeout-ms";
    /// librdkafka property `key=value` for every Kafka client (repeatable; SASL/SSL settings).
    kafka_options: Vec<String> = Vec::new(), env = "GROUNDCHECK_KAFKA_OPTION", long = "kafka-option";
    /// Topic for undecodable records (empty: poison records are only logged, counted and skipped).
    kafka_dead_letter_topic: String = String::new(), env = "GROUNDCHECK_KAFKA_DEAD_LETTER_TOPIC", long = "kafka-dead-letter-topic";
    /// Topic to write every HallucinationReport to (empty: off). Uses `kafka_brokers`.
    kafka_report_topic: String = String::new(), env = "GROUNDCHECK_KAFKA_REPORT_TOPIC", long = "kafka-report-topic";
    /// Encoding of the report topic: `json` or `protobuf`.
    kafka_report_format: KafkaReportFormat = KafkaReportFormat::Json, env = "GROUNDCHECK_KAFKA_REPORT_FORMAT", long = "kafka-report-format";
    /// Redaction before storage: kinds replaced by keyed-hash placeholders in everything written (reports, logs): comma list of `secret`, `card`, `email`, `phone`, `iban`; `none` for none (docs/redaction.md).
    redact: String = "secret,card".to_owned(), env = "GROUNDCHECK_REDACT", long = "redact";
    /// Operator redaction pattern `NAME=REGEX` (repeatable; TOML: `redact_patterns = [...]`); a capture group named `value` redacts that group only.
    redact_patterns: Vec<String> = Vec::new(), env = "GROUNDCHECK_REDACT_PATTERN", long = "redact-pattern";
    /// File holding the HMAC key of redaction placeholders (at least 16 bytes; trailing whitespace ignored). Empty: a random key per process (placeholders do not correlate across restarts).
    redaction_key_file: PathBuf = PathBuf::new(), env = "GROUNDCHECK_REDACTION_KEY_FILE", long = "redaction-key-file";
    /// Evaluations export: OTLP endpoint (gRPC `http(s)://host:4317`; HTTP the base URL `http(s)://host:4318`, the signal path is appended). Empty: off.
    otlp_export_endpoint: String = String::new(), env = "GROUNDCHECK_OTLP_EXPORT_ENDPOINT", long = "otlp-export-endpoint";
    /// Evaluations export: `grpc` or `http/protobuf`.
    otlp_export_protocol: OtlpProtocol = OtlpProtocol::Grpc, env = "GROUNDCHECK_OTLP_EXPORT_PROTOCOL", long = "otlp-export-protocol";
    /// Evaluations export: headers sent with every request, `key=value,key2=value2` (the OTEL_EXPORTER_OTLP_HEADERS format; prefer the environment variable for secrets).
    otlp_export_headers: String = String::new(), env = "GROUNDCHECK_OTLP_EXPORT_HEADERS", long = "otlp-export-headers";
    /// Evaluations export: `none` or `gzip`.
    otlp_export_compression: OtlpCompression = OtlpCompression::None, env = "GROUNDCHECK_OTLP_EXPORT_COMPRESSION", long = "otlp-export-compression";
    /// Evaluations export: limit per export request (ms).
    otlp_export_timeout_ms: u64 = 10_000, env = "GROUNDCHECK_OTLP_EXPORT_TIMEOUT_MS", long = "otlp-export-timeout-ms";
    /// Evaluations export: PEM CA bundle for an https:// endpoint (default: the Mozilla roots).
    otlp_export_ca_file: PathBuf = PathBuf::new(), env = "GROUNDCHECK_OTLP_EXPORT_CA_FILE", long = "otlp-export-ca-file";
    /// Evaluations export: PEM client certificate (mTLS), with the client key.
    otlp_export_client_cert: PathBuf = PathBuf::new(), env = "GROUNDCHECK_OTLP_EXPORT_CLIENT_CERT", long = "otlp-export-client-cert";
    /// Evaluations export: PEM private key of the client certificate.
    otlp_export_client_key: PathBuf = PathBuf::new(), env = "GROUNDCHECK_OTLP_EXPORT_CLIENT_KEY", long = "otlp-export-client-key";
    /// Evaluations export: the carrier of `gen_ai.evaluation.result`: `logs` (log records with the event name, as the conventions define events), `spans` (child spans of the evaluated span with a span event, for trace-only backends such as Jaeger, Tempo, Phoenix) or `both`.
    otlp_export_evaluations_as: EvaluationsAs = EvaluationsAs::Both, env = "GROUNDCHECK_OTLP_EXPORT_EVALUATIONS_AS", long = "otlp-export-evaluations-as";
    /// Forwarding (every accepted span to the next OTLP hop): OTLP endpoint (gRPC `http(s)://host:4317`; HTTP the base URL `http(s)://host:4318`, the signal path is appended). Empty: off.
    forward_endpoint: String = String::new(), env = "GROUNDCHECK_FORWARD_ENDPOINT", long = "forward-endpoint";
    /// Forwarding (every accepted span to the next OTLP hop): `grpc` or `http/protobuf`.
    forward_protocol: OtlpProtocol = OtlpProtocol::Grpc, env = "GROUNDCHECK_FORWARD_PROTOCOL", long = "forward-protocol";
    /// Forwarding (every accepted span to the next OTLP hop): headers sent with every request, `key=value,key2=value2` (the OTEL_EXPORTER_OTLP_HEADERS format; prefer the environment variable for secrets).
    forward_headers: String = String::new(), env = "GROUNDCHECK_FORWARD_HEADERS", long = "forward-headers";
    /// Forwarding (every accepted span to the next OTLP hop): `none` or `gzip`.
    forward_compression: OtlpCompression = OtlpCompression::None, env = "GROUNDCHECK_FORWARD_COMPRESSION", long = "forward-compression";
    /// Forwarding (every accepted span to the next OTLP hop): limit per export request (ms).
    forward_timeout_ms: u64 = 10_000, env = "GROUNDCHECK_FORWARD_TIMEOUT_MS", long = "forward-timeout-ms";
    /// Forwarding (every accepted span to the next OTLP hop): PEM CA bundle for an https:// endpoint (default: the Mozilla roots).
    forward_ca_file: PathBuf = PathBuf::new(), env = "GROUNDCHECK_FORWARD_CA_FILE", long = "forward-ca-file";
    /// Forwarding (every accepted span to the next OTLP hop): PEM client certificate (mTLS), with the client key.
    forward_client_cert: PathBuf = PathBuf::new(), env = "GROUNDCHECK_FORWARD_CLIENT_CERT", long = "forward-client-cert";
    /// Forwarding (every accepted span to the next OTLP hop): PEM private key of the client certificate.
    forward_client_key: PathBuf = PathBuf::new(), env = "GROUNDCHECK_FORWARD_CLIENT_KEY", long = "forward-client-key";
    /// Forwarding: spans waiting or in flight at most; beyond, OTLP requests are refused (429 / UNAVAILABLE) and Kafka partitions pause.
    forward_queue_spans: usize = 65_536, env = "GROUNDCHECK_FORWARD_QUEUE_SPANS", long = "forward-queue-spans";
    /// Forwarding: spans per export request at most (accepted requests are merged up to this).
    forward_batch_spans: usize = 8_192, env = "GROUNDCHECK_FORWARD_BATCH_SPANS", long = "forward-batch-spans";
    /// Forwarding: export requests in flight at once.
    forward_concurrency: usize = 2, env = "GROUNDCHECK_FORWARD_CONCURRENCY", long = "forward-concurrency";
    /// Forwarding: longest wait between retries (ms).
    forward_max_backoff_ms: u64 = 5_000, env = "GROUNDCHECK_FORWARD_MAX_BACKOFF_MS", long = "forward-max-backoff-ms";
    /// Forwarding: at shutdown, how long failing batches keep being retried (ms).
    forward_shutdown_ms: u64 = 5_000, env = "GROUNDCHECK_FORWARD_SHUTDOWN_MS", long = "forward-shutdown-ms";
    /// Self-telemetry (groundcheck's own spans and counters): OTLP endpoint (gRPC `http(s)://host:4317`; HTTP the base URL `http(s)://host:4318`, the signal path is appended). Empty: off.
    telemetry_otlp_endpoint: String = String::new(), env = "GROUNDCHECK_TELEMETRY_OTLP_ENDPOINT", long = "telemetry-otlp-endpoint";
    /// Self-telemetry (groundcheck's own spans and counters): `grpc` or `http/protobuf`.
    telemetry_otlp_protocol: OtlpProtocol = OtlpProtocol::Grpc, env = "GROUNDCHECK_TELEMETRY_OTLP_PROTOCOL", long = "telemetry-otlp-protocol";
    /// Self-telemetry (groundcheck's own spans and counters): headers sent with every request, `key=value,key2=value2` (the OTEL_EXPORTER_OTLP_HEADERS format; prefer the environment variable for secrets).
    telemetry_otlp_headers: String = String::new(), env = "GROUNDCHECK_TELEMETRY_OTLP_HEADERS", long = "telemetry-otlp-headers";
    /// Self-telemetry (groundcheck's own spans and counters): `none` or `gzip`.
    telemetry_otlp_compression: OtlpCompression = OtlpCompression::None, env = "GROUNDCHECK_TELEMETRY_OTLP_COMPRESSION", long = "telemetry-otlp-compression";
    /// Self-telemetry (groundcheck's own spans and counters): limit per export request (ms).
    telemetry_otlp_timeout_ms: u64 = 10_000, env = "GROUNDCHECK_TELEMETRY_OTLP_TIMEOUT_MS", long = "telemetry-otlp-timeout-ms";
    /// Self-telemetry (groundcheck's own spans and counters): PEM CA bundle for an https:// endpoint (default: the Mozilla roots).
    telemetry_otlp_ca_file: PathBuf = PathBuf::new(), env = "GROUNDCHECK_TELEMETRY_OTLP_CA_FILE", long = "telemetry-otlp-ca-file";
    /// Self-telemetry (groundcheck's own spans and counters): PEM client certificate (mTLS), with the client key.
    telemetry_otlp_client_cert: PathBuf = PathBuf::new(), env = "GROUNDCHECK_TELEMETRY_OTLP_CLIENT_CERT", long = "telemetry-otlp-client-cert";
    /// Self-telemetry (groundcheck's own spans and counters): PEM private key of the client certificate.
    telemetry_otlp_client_key: PathBuf = PathBuf::new(), env = "GROUNDCHECK_TELEMETRY_OTLP_CLIENT_KEY", long = "telemetry-otlp-client-key";
    /// Self-telemetry: metric export interval (seconds).
    telemetry_otlp_interval_secs: u64 = 15, env = "GROUNDCHECK_TELEMETRY_OTLP_INTERVAL_SECS", long = "telemetry-otlp-interval-secs";
    /// Log format: `text` or `json`.
    log_format: String = "text".to_owned(), env = "GROUNDCHECK_LOG_FORMAT", long = "log-format";
    /// OpenAI-compatible endpoint for Stage 3 probes and the LLM judge, `http(s)://host:port/v1` (empty: none).
    llm_base_url: String = String::new(), env = "GROUNDCHECK_LLM_BASE_URL", long = "llm-base-url";
    /// Model name sent to the endpoint.
    llm_model: String = "default".to_owned(), env = "GROUNDCHECK_LLM_MODEL", long = "llm-model";
    /// Name of the environment variable holding the endpoint's API key (sent as a Bearer token; unset: none).
    llm_api_key_env: String = "GROUNDCHECK_LLM_API_KEY".to_owned(), env = "GROUNDCHECK_LLM_API_KEY_ENV", long = "llm-api-key-env";
    /// Timeout of one request to the endpoint (ms).
    llm_timeout_ms: u64 = 10_000, env = "GROUNDCHECK_LLM_TIMEOUT_MS", long = "llm-timeout-ms";
    /// Retries of a request after 429, 5xx, bad JSON, connect errors or timeouts (within the run's budget and deadline).
    llm_max_retries: u32 = 2, env = "GROUNDCHECK_LLM_MAX_RETRIES", long = "llm-max-retries";
    /// First retry backoff (ms), doubled each retry.
    llm_backoff_ms: u64 = 200, env = "GROUNDCHECK_LLM_BACKOFF_MS", long = "llm-backoff-ms";
    /// Requests in flight to the endpoint, all runs together.
    llm_concurrency: usize = 4, env = "GROUNDCHECK_LLM_CONCURRENCY", long = "llm-concurrency";
    /// `max_tokens` of each completion.
    llm_max_tokens: u32 = 32, env = "GROUNDCHECK_LLM_MAX_TOKENS", long = "llm-max-tokens";
    /// Escalation: conversations whose consecutive revise verdicts are counted at most (least recently seen forgotten first).
    escalation_max_conversations: usize = 10_000, env = "GROUNDCHECK_ESCALATION_MAX_CONVERSATIONS", long = "escalation-max-conversations";
    /// Escalation: a conversation unseen this long starts counting afresh (seconds).
    escalation_ttl_secs: u64 = 3_600, env = "GROUNDCHECK_ESCALATION_TTL_SECS", long = "escalation-ttl-secs";
    /// Stage 2 bound: units of the answer scored per run; later ones are not scored (noted in the report, counted).
    stage2_max_claims: usize = 200, env = "GROUNDCHECK_STAGE2_MAX_CLAIMS", long = "stage2-max-claims";
    /// Stage 2 bound: evidence bytes indexed per run; the rest is not (noted, counted).
    stage2_max_evidence_bytes: usize = 1_048_576, env = "GROUNDCHECK_STAGE2_MAX_EVIDENCE_BYTES", long = "stage2-max-evidence-bytes";
    /// Stage 2 bound: evidence values taken into two-value arithmetic (computed values).
    stage2_max_derived_values: usize = 200, env = "GROUNDCHECK_STAGE2_MAX_DERIVED_VALUES", long = "stage2-max-derived-values";
    /// Stage 2 bound: time budget per run on the worker (ms); claims after it are not scored (noted, counted).
    stage2_time_budget_ms: u64 = 500, env = "GROUNDCHECK_STAGE2_TIME_BUDGET_MS", long = "stage2-time-budget-ms";
    /// How long a run's report waits for its probes and judge verdicts (ms); then it is written with what came back.
    llm_deadline_ms: u64 = 20_000, env = "GROUNDCHECK_LLM_DEADLINE_MS", long = "llm-deadline-ms";
    /// Runs waiting for the endpoint at once; beyond it runs are reported without probes/judge (counted).
    llm_max_pending_runs: usize = 256, env = "GROUNDCHECK_LLM_MAX_PENDING_RUNS", long = "llm-max-pending-runs";
    /// Per-run budget: requests (retries included) per component (probes, judge).
    llm_max_requests_per_run: u64 = 24, env = "GROUNDCHECK_LLM_MAX_REQUESTS_PER_RUN", long = "llm-max-requests-per-run";
    /// Per-run budget: tokens (prompt + completion, as the endpoint reports them) per component.
    llm_max_tokens_per_run: u64 = 20_000, env = "GROUNDCHECK_LLM_MAX_TOKENS_PER_RUN", long = "llm-max-tokens-per-run";
    /// Evidence (tool results) given to the model, at most this many characters.
    llm_max_evidence_chars: usize = 6_000, env = "GROUNDCHECK_LLM_MAX_EVIDENCE_CHARS", long = "llm-max-evidence-chars";
    /// Share of runs probed/judged (0..=1; by run id, deterministic).
    llm_sample_rate: f64 = 1.0, env = "GROUNDCHECK_LLM_SAMPLE_RATE", long = "llm-sample-rate";
    /// Only runs of these agents or services are probed/judged (repeatable; empty: all).
    llm_agents: Vec<String> = Vec::new(), env = "GROUNDCHECK_LLM_AGENT", long = "llm-agent";
    /// Stage 3 self-consistency probes of critical claims (needs `llm_base_url`).
    probes: bool = false, env = "GROUNDCHECK_PROBES", long = "probes";
    /// Probes (paraphrased re-asks) per critical claim; majority agreement is required.
    probes_per_claim: usize = 3, env = "GROUNDCHECK_PROBES_PER_CLAIM", long = "probes-per-claim";
    /// Sampling temperature of probes.
    probe_temperature: f64 = 0.7, env = "GROUNDCHECK_PROBE_TEMPERATURE", long = "probe-temperature";
    /// Per-run budget: probe questions (all claims together).
    probe_max_per_run: usize = 12, env = "GROUNDCHECK_PROBE_MAX_PER_RUN", long = "probe-max-per-run";
    /// Claim value kinds probed: number, date, time, identifier, entity, action (repeatable; empty: all).
    probe_kinds: Vec<String> = Vec::new(), env = "GROUNDCHECK_PROBE_KIND", long = "probe-kind";
    /// LLM judge as a Stage 2 scorer (needs `llm_base_url`).
    judge: bool = false, env = "GROUNDCHECK_JUDGE", long = "judge";
    /// How judge verdicts combine with the deterministic scores: `min`, `mean` or `replace`.
    judge_combine: String = "min".to_owned(), env = "GROUNDCHECK_JUDGE_COMBINE", long = "judge-combine";
    /// Verdicts cached by (claim, evidence hash); oldest evicted beyond this many.
    judge_cache_size: usize = 10_000, env = "GROUNDCHECK_JUDGE_CACHE_SIZE", long = "judge-cache-size";
    /// Per-run budget: claims judged (in answer order, critical first).
    judge_max_claims: usize = 8, env = "GROUNDCHECK_JUDGE_MAX_CLAIMS", long = "judge-max-claims";
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AggregationArg {
    Min,
    WeightedMean,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnknownToolArg {
    Allowed,
    Flagged,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KafkaEncoding {
    #[value(name = "otlp_proto", alias = "otlp-proto")]
    OtlpProto,
    #[value(name = "otlp_json", alias = "otlp-json")]
    OtlpJson,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KafkaInitialOffset {
    Latest,
    Earliest,
}

/// Compression of OTLP requests groundcheck sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OtlpCompression {
    None,
    Gzip,
}

/// Carrier of exported evaluations ([`crate::otel::evaluations`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EvaluationsAs {
    Logs,
    Spans,
    Both,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KafkaReportFormat {
    Json,
    Protobuf,
}

impl Settings {
    /// Whether the Kafka receiver is on.
    pub fn kafka_enabled(&self) -> bool {
        !self.kafka_brokers.trim().is_empty()
    }

    /// librdkafka properties for every client: `bootstrap.servers`, then `[kafka.librdkafka]`,
    /// then each `kafka_option`.
    pub fn kafka_client_options(&self) -> Result<Vec<(String, String)>, ConfigError> {
        let mut out: Vec<(String, String)> = vec![(
            "bootstrap.servers".to_owned(),
            self.kafka_brokers.trim().to_owned(),
        )];
        out.extend(
            self.kafka_librdkafka
                .iter()
                .map(|(k, v)| (k.clone(), v.clone())),
        );
        for o in &self.kafka_options {
            let (k, v) = o.split_once('=').ok_or_else(|| {
                ConfigError::Invalid(format!("kafka_option must be key=value, got {o:?}"))
            })?;
            out.push((k.trim().to_owned(), v.trim().to_owned()));
        }
        Ok(out)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let set = |s: &str| !s.trim().is_empty();
        if set(&self.tls_cert_file) != set(&self.tls_key_file) {
            return Err(ConfigError::Invalid(
                "tls_cert_file and tls_key_file go together: set both or neither".into(),
            ));
        }
        if set(&self.tls_client_ca_file) && !set(&self.tls_cert_file) {
            return Err(ConfigError::Invalid(
                "tls_client_ca_file (mTLS) needs tls_cert_file and tls_key_file".into(),
            ));
        }
        self.thresholds()
            .validate()
            .map_err(|e| ConfigError::Invalid(e.to_string()))?;
        for (name, v) in [
            ("max_open_runs", self.max_open_runs),
            ("max_spans_per_run", self.max_spans_per_run),
            ("ingest_queue", self.ingest_queue),
            ("workers", self.workers),
            ("worker_queue", self.worker_queue),
            ("sink_batch", self.sink_batch),
        ] {
            if v == 0 {
                return Err(ConfigError::Invalid(format!("{name} must be at least 1")));
            }
        }
        for (name, v) in [
            (
                "nli_contradiction_threshold",
                self.nli_contradiction_threshold,
            ),
            ("nli_unsupported_threshold", self.nli_unsupported_threshold),
            ("nli_entailment_threshold", self.nli_entailment_threshold),
        ] {
            // Probabilities; a threshold above 1 is never reached (the rule is off).
            if !(0.0..=2.0).contains(&v) {
                return Err(ConfigError::Invalid(format!(
                    "{name} must be within [0, 2] (above 1: off), got {v}"
                )));
            }
        }
        if self.nli_max_pairs == 0 || self.nli_batch == 0 || !(16..=512).contains(&self.nli_max_len)
        {
            return Err(ConfigError::Invalid(
                "nli_max_pairs and nli_batch must be at least 1, nli_max_len within 16..=512"
                    .into(),
            ));
        }
        if (self.probes || self.judge) && self.llm_base_url.trim().is_empty() {
            return Err(ConfigError::Invalid(
                "probes and judge need llm_base_url (an OpenAI-compatible endpoint)".into(),
            ));
        }
        for (name, v) in [
            ("llm_concurrency", self.llm_concurrency),
            ("llm_max_pending_runs", self.llm_max_pending_runs),
            ("judge_cache_size", self.judge_cache_size),
        ] {
            if v == 0 {
                return Err(ConfigError::Invalid(format!("{name} must be at least 1")));
            }
        }
        if !(0.0..=1.0).contains(&self.llm_sample_rate) {
            return Err(ConfigError::Invalid(format!(
                "llm_sample_rate must be within 0..=1, got {}",
                self.llm_sample_rate
            )));
        }
        if !(0.0..=2.0).contains(&self.probe_temperature) {
            return Err(ConfigError::Invalid(format!(
                "probe_temperature must be within 0..=2, got {}",
                self.probe_temperature
            )));
        }
        self.probe_kinds()?;
        self.judge_combine()?;
        self.kafka_client_options()?;
        if self.kafka_enabled() && self.kafka_topics.iter().all(|t| t.trim().is_empty()) {
            return Err(ConfigError::Invalid(
                "kafka_topics must name at least one topic".into(),
            ));
        }
        if !self.kafka_report_topic.is_empty() && !self.kafka_enabled() {
            return Err(ConfigError::Invalid(
                "kafka_report_topic needs kafka_brokers".into(),
            ));
        }
        groundcheck_sinks::RedactConfig::parse_kinds(&self.redact)
            .map_err(|e| ConfigError::Invalid(e.to_string()))?;
        for p in &self.redact_patterns {
            groundcheck_sinks::RedactConfig::parse_pattern(p)
                .map_err(|e| ConfigError::Invalid(e.to_string()))?;
        }
        if !matches!(self.log_format.as_str(), "text" | "json") {
            return Err(ConfigError::Invalid(format!(
                "log_format must be text or json, got {:?}",
                self.log_format
            )));
        }
        Ok(())
    }

    pub fn thresholds(&self) -> Thresholds {
        Thresholds {
            emit: self.emit_threshold,
            revise: self.revise_threshold,
            block: self.block_threshold,
        }
    }
    pub fn aggregation(&self) -> Aggregation {
        match self.aggregation {
            AggregationArg::Min => Aggregation::Min,
            AggregationArg::WeightedMean => Aggregation::WeightedMean,
        }
    }
    pub fn unknown_tool(&self) -> UnknownToolPolicy {
        match self.unknown_tool {
            UnknownToolArg::Allowed => UnknownToolPolicy::Allowed,
            UnknownToolArg::Flagged => UnknownToolPolicy::Flagged,
        }
    }
    /// Claim kinds to probe (all when none configured).
    pub fn probe_kinds(
        &self,
    ) -> Result<Vec<groundcheck_detectors::stage3::slot::SlotKind>, ConfigError> {
        use groundcheck_detectors::stage3::slot::SlotKind;
        if self.probe_kinds.is_empty() {
            return Ok(SlotKind::ALL.to_vec());
        }
        self.probe_kinds
            .iter()
            .flat_map(|k| k.split(','))
            .map(|k| SlotKind::parse(k).ok_or_else(|| ConfigError::Invalid(format!("probe_kinds: unknown kind {k:?} (number, date, time, identifier, entity, action)"))))
            .collect()
    }
    pub fn judge_combine(&self) -> Result<groundcheck_detectors::judge::JudgeCombine, ConfigError> {
        use groundcheck_detectors::judge::JudgeCombine;
        match self.judge_combine.as_str() {
            "min" => Ok(JudgeCombine::Min),
            "mean" => Ok(JudgeCombine::Mean),
            "replace" => Ok(JudgeCombine::Replace),
            o => Err(ConfigError::Invalid(format!(
                "judge_combine must be min, mean or replace, got {o:?}"
            ))),
        }
    }
    pub fn grace(&self) -> Duration {
        Duration::from_millis(self.grace_ms)
    }
    pub fn idle_timeout(&self) -> Duration {
        Duration::from_millis(self.idle_timeout_ms)
    }
}

/// Settings from command-line arguments (unit tests; the environment applies as in `main`).
#[cfg(test)]
pub(crate) fn settings_from_args(args: &[&str]) -> Result<Settings, ConfigError> {
    use clap::{CommandFactory, FromArgMatches, Parser};
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        settings: SettingsArgs,
    }
    let matches = Cli::command()
        .try_get_matches_from(std::iter::once("groundcheck").chain(args.iter().copied()))
        .map_err(|e| ConfigError::Invalid(e.to_string()))?;
    let cli = Cli::from_arg_matches(&matches).map_err(|e| ConfigError::Invalid(e.to_string()))?;
    Settings::resolve(&cli.settings, &matches)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test, so that nothing else in it races on the variable. `sink_shutdown_ms` is read
    /// by no other unit test.
    #[test]
    fn precedence_is_flag_then_env_then_toml_then_default() {
        const ENV: &str = "GROUNDCHECK_SINK_SHUTDOWN_MS";
        let dir = tempfile::tempdir().unwrap();
        let toml = dir.path().join("groundcheck.toml");
        std::fs::write(&toml, "sink_shutdown_ms = 222\n").unwrap();
        let toml = toml.to_str().unwrap();
        let shutdown_ms = |args: &[&str]| settings_from_args(args).unwrap().sink_shutdown_ms;

        std::env::remove_var(ENV);
        assert_eq!(shutdown_ms(&[]), 5_000, "default");
        assert_eq!(shutdown_ms(&["--config", toml]), 222, "TOML over default");
        assert_eq!(
            shutdown_ms(&["--config", toml, "--sink-shutdown-ms", "333"]),
            333,
            "flag over TOML"
        );
        std::env::set_var(ENV, "111");
        let with_env = (
            shutdown_ms(&[]),
            shutdown_ms(&["--config", toml]),
            shutdown_ms(&["--sink-shutdown-ms", "333"]),
            shutdown_ms(&["--config", toml, "--sink-shutdown-ms", "333"]),
        );
        std::env::remove_var(ENV);
        assert_eq!(
            with_env,
            (111, 111, 333, 333),
            "env over default; env over TOML; flag over env and TOML"
        );
    }

    #[test]
    fn invalid_values_are_refused_with_the_setting_named() {
        let e = settings_from_args(&["--workers", "0"]).unwrap_err();
        assert!(e.to_string().contains("workers must be at least 1"), "{e}");
        let e = settings_from_args(&["--judge", "true"]).unwrap_err();
        assert!(e.to_string().contains("llm_base_url"), "{e}");
        let e = settings_from_args(&["--kafka-option", "no-equals-sign"]).unwrap_err();
        assert!(e.to_string().contains("key=value"), "{e}");
        let e = settings_from_args(&["--redact", "secret,passport"]).unwrap_err();
        assert!(e.to_string().contains("unknown kind \"passport\""), "{e}");
        let e = settings_from_args(&["--redact-pattern", "no-name"]).unwrap_err();
        assert!(e.to_string().contains("NAME=REGEX"), "{e}");
    }
}
