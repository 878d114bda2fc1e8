-- 005_profile: the gating profile applied to a run (README "Gating profiles"), on `runs` and
-- the `runs_per_minute` rollup, so block/revise rates can be compared per profile. Existing
-- rows get 'default' (the only profile before profiles existed).
--
-- The rollup gains `profile` at the end of its sorting key (SummingMergeTree keeps rows of
-- different profiles apart) and its materialized view is re-created with it. Between the DROP
-- and the CREATE of the view, rows inserted by another groundcheck replica are not rolled up
-- (the base table keeps them); run this migration while no other replica writes, or accept
-- that gap of a few milliseconds.

ALTER TABLE runs ADD COLUMN IF NOT EXISTS profile LowCardinality(String) DEFAULT 'default' COMMENT 'gating profile applied to the run' AFTER tenant;

ALTER TABLE runs_per_minute ADD COLUMN IF NOT EXISTS profile LowCardinality(String), MODIFY ORDER BY (agent_name, model, action, incomplete, minute, tenant, profile);
DROP VIEW IF EXISTS runs_per_minute_mv;
CREATE MATERIALIZED VIEW IF NOT EXISTS runs_per_minute_mv TO runs_per_minute AS
SELECT
    toStartOfMinute(toDateTime(ts)) AS minute,
    agent_name,
    model,
    action,
    incomplete,
    tenant,
    profile,
    count() AS runs,
    sum(claims_total) AS claims,
    sum(claims_flagged) AS claims_flagged,
    sum(tool_calls_total) AS tool_calls,
    sum(tool_calls_fabricated) AS tool_calls_fabricated,
    sum(overall_score) AS score_sum
FROM runs
GROUP BY minute, agent_name, model, action, incomplete, tenant, profile;
