-- 002_minute_rollups: per-minute counts maintained by materialized views, so rate panels and
-- alert rules read thousands of rows instead of billions.
--
-- SummingMergeTree: rows with the same key are summed on merge; always query with
-- sum(...) GROUP BY. The targets keep their own deduplication window: an INSERT into the
-- source table that is deduplicated by its token is deduplicated here as well
-- (deduplicate_blocks_in_dependent_materialized_views = 1, set by the sink).
-- Placeholders: {ttl_minute} `TTL minute + toIntervalDay(N)` or nothing.

CREATE TABLE IF NOT EXISTS runs_per_minute
(
    minute                   DateTime('UTC'),
    agent_name               LowCardinality(String),
    model                    LowCardinality(String),
    action                   LowCardinality(String),
    incomplete               Bool,
    runs                     UInt64,
    claims                   UInt64,
    claims_flagged           UInt64,
    tool_calls               UInt64,
    tool_calls_fabricated    UInt64,
    score_sum                Float64
)
ENGINE = SummingMergeTree
PARTITION BY toYYYYMM(minute)
ORDER BY (agent_name, model, action, incomplete, minute)
{ttl_minute}
SETTINGS non_replicated_deduplication_window = 10000;

CREATE MATERIALIZED VIEW IF NOT EXISTS runs_per_minute_mv TO runs_per_minute AS
SELECT
    toStartOfMinute(toDateTime(ts)) AS minute,
    agent_name,
    model,
    action,
    incomplete,
    count() AS runs,
    sum(claims_total) AS claims,
    sum(claims_flagged) AS claims_flagged,
    sum(tool_calls_total) AS tool_calls,
    sum(tool_calls_fabricated) AS tool_calls_fabricated,
    sum(overall_score) AS score_sum
FROM runs
GROUP BY minute, agent_name, model, action, incomplete;

CREATE TABLE IF NOT EXISTS tool_calls_per_minute
(
    minute                   DateTime('UTC'),
    agent_name               LowCardinality(String),
    model                    LowCardinality(String),
    tool                     LowCardinality(String),
    status                   LowCardinality(String),
    action                   LowCardinality(String) COMMENT 'the run''s action',
    calls                    UInt64
)
ENGINE = SummingMergeTree
PARTITION BY toYYYYMM(minute)
ORDER BY (agent_name, model, tool, status, action, minute)
{ttl_minute}
SETTINGS non_replicated_deduplication_window = 10000;

CREATE MATERIALIZED VIEW IF NOT EXISTS tool_calls_per_minute_mv TO tool_calls_per_minute AS
SELECT
    toStartOfMinute(toDateTime(ts)) AS minute,
    agent_name,
    model,
    tool,
    status,
    action,
    count() AS calls
FROM tool_call_validations
GROUP BY minute, agent_name, model, tool, status, action;
