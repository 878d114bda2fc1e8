//! The embedded default sink: reports appended as JSON Lines to
//! `{dir}/reports-YYYYMMDD.jsonl` (UTC date of the report), one report per line.

use crate::{ReportSink, SinkError};
use async_trait::async_trait;
use groundcheck_detectors::report::HallucinationReport;
use std::path::PathBuf;
use tokio::io::AsyncWriteExt;

pub struct JsonlSink {
    dir: PathBuf,
}

impl JsonlSink {
    /// Creates the directory if needed.
    pub fn new(dir: impl Into<PathBuf>) -> Result<Self, SinkError> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir).map_err(|source| SinkError::Io {
            path: dir.display().to_string(),
            source,
        })?;
        Ok(JsonlSink { dir })
    }

    /// File a report with this timestamp goes to.
    pub fn path_for(&self, unix_nano: u64) -> PathBuf {
        let (y, m, d) = civil_from_days((unix_nano / 1_000_000_000 / 86_400) as i64);
        self.dir.join(format!("reports-{y:04}{m:02}{d:02}.jsonl"))
    }
}

/// Days since 1970-01-01 → (year, month, day) in the proleptic Gregorian calendar
/// (Howard Hinnant's algorithm).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[async_trait]
impl ReportSink for JsonlSink {
    fn name(&self) -> &'static str {
        "jsonl"
    }

    async fn write_batch(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
        // Group by file (a batch may straddle midnight).
        let mut by_file: Vec<(PathBuf, Vec<u8>)> = Vec::new();
        for r in reports {
            let path = self.path_for(r.reported_at_unix_nano);
            let mut line = serde_json::to_vec(r)?;
            line.push(b'\n');
            match by_file.iter_mut().find(|(p, _)| *p == path) {
                Some((_, buf)) => buf.extend_from_slice(&line),
                None => by_file.push((path, line)),
            }
        }
        for (path, buf) in by_file {
            let io = |source| SinkError::Io {
                path: path.display().to_string(),
                source,
            };
            let mut f = tokio::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .await
                .map_err(io)?;
            f.write_all(&buf).await.map_err(io)?;
            f.flush().await.map_err(io)?;
            f.sync_data().await.map_err(io)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_528), (2026, 3, 16));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
