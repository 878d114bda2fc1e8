-- 006_flagged_kinds: the machine-readable kind of each flagged span of a claim
-- (`fabricated_reference`, `number_conflict`, `content_not_covered`, …; README "How much to
-- trust a flag"), parallel to `flagged_texts` / `flagged_reasons`. The reason wording may
-- change between versions; the kinds are stable, so alerts and dashboards filter on them.
-- Existing rows get [] (their kinds remain in the `report` JSON of `runs`).

ALTER TABLE claims ADD COLUMN IF NOT EXISTS flagged_kinds Array(LowCardinality(String)) DEFAULT [] COMMENT 'FlagKind of each flagged span (parallel to flagged_texts)' AFTER flagged_reasons;
