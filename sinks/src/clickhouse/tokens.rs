//! Deduplication tokens: the `insert_deduplication_token` of a set of rows, stable across
//! retries and spills of the same batch.

use super::rows::RowKey;
use groundcheck_detectors::report::HallucinationReport;
use groundcheck_detectors::text::{self, FNV_OFFSET};

pub(super) fn fnv1a(h: u64, bytes: &[u8]) -> u64 {
    text::fnv1a(h, bytes.iter().copied())
}

/// `insert_deduplication_token` of a set of rows: the table and each row's (run_id,
/// reported_at, index), 128 bits of FNV-1a. The same batch retried gets the same token.
pub fn dedup_token(table: &str, keys: &[RowKey], reports: &[HallucinationReport]) -> String {
    let (mut a, mut b) = (
        fnv1a(FNV_OFFSET, table.as_bytes()),
        fnv1a(FNV_OFFSET ^ 0x9e37_79b9_7f4a_7c15, table.as_bytes()),
    );
    for key in keys {
        let r = &reports[key.report];
        for part in [
            r.run_id.as_bytes(),
            &r.reported_at_unix_nano.to_le_bytes(),
            &key.index.to_le_bytes(),
            b"|",
        ] {
            a = fnv1a(a, part);
            b = fnv1a(b, part);
        }
    }
    format!("gc:{table}:{}:{a:016x}{b:016x}", keys.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clickhouse::testing::report;

    #[test]
    fn tokens_are_stable_and_distinct() {
        let reports = vec![report("a"), report("b")];
        let key = |report| RowKey { report, index: 0 };
        let k = vec![key(0), key(1)];
        assert_eq!(
            dedup_token("runs", &k, &reports),
            dedup_token("runs", &k, &reports.clone())
        );
        assert_ne!(
            dedup_token("runs", &k, &reports),
            dedup_token("claims", &k, &reports)
        );
        assert_ne!(
            dedup_token("runs", &k, &reports),
            dedup_token("runs", &k[..1], &reports)
        );
        assert_ne!(
            dedup_token("runs", &[key(0)], &reports),
            dedup_token("runs", &[key(1)], &reports)
        );
    }

    #[test]
    fn tokens_do_not_change_across_versions() {
        // Spilled batches are replayed with the token computed then: keep it stable.
        let reports = vec![report("a"), report("b")];
        let keys = [
            RowKey {
                report: 0,
                index: 0,
            },
            RowKey {
                report: 1,
                index: 3,
            },
        ];
        assert_eq!(
            dedup_token("claims", &keys, &reports),
            "gc:claims:2:3f4c63914dd461a6de9ed726970c9b9f"
        );
    }
}
