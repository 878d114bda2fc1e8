-- 001_init: one row per run, per claim, per tool call, per consistency probe.
--
-- Applied by groundcheck's ClickHouse sink at startup (recorded in `schema_migrations`), in
-- the database given by --clickhouse-database. Placeholders substituted by the sink:
--   {ttl_ts}  `TTL toDateTime(ts) + toIntervalDay(N)` with N = --clickhouse-ttl-days, or
--             nothing when it is 0 (keep forever).
-- Statements are separated by `;` at the end of a line.
--
-- Engines: ReplacingMergeTree keyed by (…, run_id[, index]) so a run written twice (a batch
-- replayed after its acknowledgment was lost) collapses to one row; `FINAL` gives exact
-- counts at any time. Retried batches are not even written twice: every INSERT carries an
-- insert_deduplication_token, and `non_replicated_deduplication_window` keeps the tokens of
-- the last 10000 blocks.
-- ORDER BY: low-cardinality names first (agent, model), then time — what every dashboard
-- query filters on. `run_id` lookups (audit) use a bloom filter skip index.

CREATE TABLE IF NOT EXISTS runs
(
    run_id                   String,
    ts                       DateTime64(9, 'UTC') COMMENT 'end of the run (root span end; report time when unknown): time axis and partition',
    start_time               DateTime64(9, 'UTC'),
    end_time                 DateTime64(9, 'UTC'),
    reported_at              DateTime64(9, 'UTC') COMMENT 'when groundcheck produced the report',
    inserted_at              DateTime64(3, 'UTC') DEFAULT now64(3) COMMENT 'when ClickHouse received the row (pipeline lag)',
    agent_name               LowCardinality(String),
    service_name             LowCardinality(String),
    model                    LowCardinality(String),
    dialect                  LowCardinality(String),
    version                  LowCardinality(String),
    action                   LowCardinality(String) COMMENT 'emit | revise | block',
    overall_score            Float64,
    claims_total             UInt32,
    claims_flagged           UInt32 COMMENT 'claims not supported',
    claims_unsupported       UInt32,
    claims_contradicted      UInt32,
    claims_critical_flagged  UInt32,
    tool_calls_total         UInt32,
    tool_calls_invalid       UInt32,
    tool_calls_fabricated    UInt32,
    tool_calls_unrecovered   UInt32 COMMENT 'invalid or fabricated calls not followed by a valid retry',
    probes_total             UInt32,
    incomplete               Bool,
    incomplete_reason        LowCardinality(String),
    final_answer             String CODEC(ZSTD(3)),
    notes                    Array(String) CODEC(ZSTD(3)),
    report                   String COMMENT 'the whole HallucinationReport as JSON (audit)' CODEC(ZSTD(3)),
    INDEX idx_run_id run_id TYPE bloom_filter(0.001) GRANULARITY 1
)
ENGINE = ReplacingMergeTree
PARTITION BY toDate(ts)
PRIMARY KEY (agent_name, model, ts)
ORDER BY (agent_name, model, ts, run_id)
{ttl_ts}
SETTINGS non_replicated_deduplication_window = 10000;

CREATE TABLE IF NOT EXISTS claims
(
    run_id                   String,
    claim_index              UInt32 COMMENT 'position in the report',
    ts                       DateTime64(9, 'UTC') COMMENT 'the run''s ts',
    agent_name               LowCardinality(String),
    model                    LowCardinality(String),
    action                   LowCardinality(String) COMMENT 'the run''s action',
    status                   LowCardinality(String) COMMENT 'supported | unsupported | contradicted',
    score                    Float64,
    critical                 Bool,
    start_offset             UInt32 COMMENT 'character offsets in the final answer, end exclusive',
    end_offset               UInt32,
    text                     String CODEC(ZSTD(3)),
    reason                   String CODEC(ZSTD(3)),
    evidence_tool_call_ids   Array(String),
    evidence_starts          Array(UInt32),
    evidence_ends            Array(UInt32),
    evidence_texts           Array(String) CODEC(ZSTD(3)),
    flagged_starts           Array(UInt32),
    flagged_ends             Array(UInt32),
    flagged_texts            Array(String) CODEC(ZSTD(3)),
    flagged_reasons          Array(String) CODEC(ZSTD(3)),
    INDEX idx_run_id run_id TYPE bloom_filter(0.001) GRANULARITY 1
)
ENGINE = ReplacingMergeTree
PARTITION BY toDate(ts)
PRIMARY KEY (agent_name, model, status, ts)
ORDER BY (agent_name, model, status, ts, run_id, claim_index)
{ttl_ts}
SETTINGS non_replicated_deduplication_window = 10000;

CREATE TABLE IF NOT EXISTS tool_call_validations
(
    run_id                   String,
    call_index               UInt32 COMMENT 'position in the report',
    ts                       DateTime64(9, 'UTC'),
    agent_name               LowCardinality(String),
    model                    LowCardinality(String),
    action                   LowCardinality(String) COMMENT 'the run''s action',
    tool                     LowCardinality(String),
    status                   LowCardinality(String) COMMENT 'valid | invalid | fabricated | unknown_tool | unverified',
    call_id                  String,
    turn                     UInt32,
    retry_of                 String,
    retried_by               String,
    error_rules              Array(LowCardinality(String)) COMMENT 'the `(rule: …)` of each error: enum, format, pattern, provenance, …',
    errors                   Array(String) CODEC(ZSTD(3)),
    args                     String CODEC(ZSTD(3)),
    INDEX idx_run_id run_id TYPE bloom_filter(0.001) GRANULARITY 1
)
ENGINE = ReplacingMergeTree
PARTITION BY toDate(ts)
PRIMARY KEY (agent_name, model, tool, ts)
ORDER BY (agent_name, model, tool, ts, run_id, call_index)
{ttl_ts}
SETTINGS non_replicated_deduplication_window = 10000;

CREATE TABLE IF NOT EXISTS consistency_probes
(
    run_id                   String,
    probe_index              UInt32,
    ts                       DateTime64(9, 'UTC'),
    agent_name               LowCardinality(String),
    model                    LowCardinality(String),
    agreement                Float64,
    claim                    String CODEC(ZSTD(3)),
    original                 String CODEC(ZSTD(3)),
    probe_answers            Array(String) CODEC(ZSTD(3)),
    INDEX idx_run_id run_id TYPE bloom_filter(0.001) GRANULARITY 1
)
ENGINE = ReplacingMergeTree
PARTITION BY toDate(ts)
PRIMARY KEY (agent_name, model, ts)
ORDER BY (agent_name, model, ts, run_id, probe_index)
{ttl_ts}
SETTINGS non_replicated_deduplication_window = 10000;
