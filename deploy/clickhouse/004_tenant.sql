-- 004_tenant: the tenant of the bearer token a run's spans arrived with (`--auth-tokens-file`),
-- on every table and both rollups, so dashboards and alerts can be split per team. Existing
-- rows get '' (no authentication).
--
-- The rollups gain `tenant` at the end of their sorting key (SummingMergeTree keeps rows of
-- different tenants apart) and their materialized views are re-created with it. Between the
-- DROP and the CREATE of a view, rows inserted by another groundcheck replica are not rolled
-- up (the base tables keep them); run this migration while no other replica writes, or
-- accept that gap of a few milliseconds.

ALTER TABLE runs ADD COLUMN IF NOT EXISTS tenant LowCardinality(String) DEFAULT '' COMMENT 'tenant of the bearer token ('''' without authentication)' AFTER service_name;
ALTER TABLE claims ADD COLUMN IF NOT EXISTS tenant LowCardinality(String) DEFAULT '' AFTER model;
ALTER TABLE tool_call_validations ADD COLUMN IF NOT EXISTS tenant LowCardinality(String) DEFAULT '' AFTER model;
ALTER TABLE consistency_probes ADD COLUMN IF NOT EXISTS tenant LowCardinality(String) DEFAULT '' AFTER model;

ALTER TABLE runs_per_minute ADD COLUMN IF NOT EXISTS tenant LowCardinality(String), MODIFY ORDER BY (agent_name, model, action, incomplete, minute, tenant);
DROP VIEW IF EXISTS runs_per_minute_mv;
CREATE MATERIALIZED VIEW IF NOT EXISTS runs_per_minute_mv TO runs_per_minute AS
SELECT
    toStartOfMinute(toDateTime(ts)) AS minute,
    agent_name,
    model,
    action,
    incomplete,
    tenant,
    count() AS runs,
    sum(claims_total) AS claims,
    sum(claims_flagged) AS claims_flagged,
    sum(tool_calls_total) AS tool_calls,
    sum(tool_calls_fabricated) AS tool_calls_fabricated,
    sum(overall_score) AS score_sum
FROM runs
GROUP BY minute, agent_name, model, action, incomplete, tenant;

ALTER TABLE tool_calls_per_minute ADD COLUMN IF NOT EXISTS tenant LowCardinality(String), MODIFY ORDER BY (agent_name, model, tool, status, action, minute, tenant);
DROP VIEW IF EXISTS tool_calls_per_minute_mv;
CREATE MATERIALIZED VIEW IF NOT EXISTS tool_calls_per_minute_mv TO tool_calls_per_minute AS
SELECT
    toStartOfMinute(toDateTime(ts)) AS minute,
    agent_name,
    model,
    tool,
    status,
    action,
    tenant,
    count() AS calls
FROM tool_call_validations
GROUP BY minute, agent_name, model, tool, status, action, tenant;
