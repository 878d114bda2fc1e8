-- 003_probe_status: Stage 3 records, per probed claim, the kind of value probed, whether the
-- probes answered (answered | partial | timed_out | failed) and why not. Existing rows get
-- the defaults ('' / 'answered' / []), which is what a report without them meant.

ALTER TABLE consistency_probes
    ADD COLUMN IF NOT EXISTS kind LowCardinality(String) AFTER agreement,
    ADD COLUMN IF NOT EXISTS status LowCardinality(String) DEFAULT 'answered' COMMENT 'answered | partial | timed_out | failed' AFTER kind,
    ADD COLUMN IF NOT EXISTS errors Array(String) CODEC(ZSTD(3)) AFTER probe_answers;
