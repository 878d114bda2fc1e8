//! `groundcheck check FILE...` — offline detection over OTLP/JSON files.
//!
//! Input: one `ExportTraceServiceRequest` per line (the OpenTelemetry Collector file
//! exporter's format), or one JSON document per file; `-` reads stdin. Runs are assembled
//! exactly as in `serve` (same normalizer, same bounds); at end of input every open run is
//! finished (complete when its root span was seen, else incomplete), and one report per run
//! is printed as a JSON line, in the order the runs were first seen (runs finished early by
//! the bounds come first). `groundcheck check` prints them redacted as `serve` stores them
//! ([`run_check_redacted`]); `eval` reads them unredacted ([`run_check`]).

use crate::assembler::{FinishedRun, RunBuffer};
use crate::config::Settings;
use crate::pipeline::{now_unix_nano, to_agent_run};
use crate::wiring::{assembler_config, build_detector};
use groundcheck_detectors::normalize::normalize_request;
use groundcheck_detectors::pipeline::DetectorPanic;
use groundcheck_detectors::report::HallucinationReport;
use groundcheck_sinks::redact::redact_report;
use groundcheck_sinks::Redactor;
use rayon::prelude::*;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Errors of `check`.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: not OTLP/JSON (neither one ExportTraceServiceRequest per line nor one document): {detail}")]
    Decode { path: String, detail: String },
    #[error("{0}")]
    Setup(String),
    #[error("cannot write output: {0}")]
    Write(std::io::Error),
}

/// Statistics of a check run (printed to stderr).
#[derive(Debug, Default)]
pub struct CheckStats {
    pub requests: usize,
    pub spans: usize,
    pub rejected_spans: usize,
    pub runs: usize,
    pub incomplete: usize,
    pub flagged: usize,
    /// Input lines that could not be decoded (reported on stderr with their line number and
    /// skipped; every other line is processed).
    pub undecodable_lines: usize,
    /// Runs whose check panicked (reported with `incomplete_reason` and on stderr).
    pub panicked_runs: usize,
    pub seconds: f64,
}

impl CheckStats {
    /// True when some input was skipped or some run failed: `check` exits non-zero.
    pub fn failed(&self) -> bool {
        self.undecodable_lines > 0 || self.panicked_runs > 0
    }
}

/// One input line that could not be decoded.
#[derive(Debug, Clone)]
pub struct BadLine {
    pub line: usize,
    pub reason: String,
}

fn read_input(path: &PathBuf) -> Result<Vec<u8>, CheckError> {
    let name = path.display().to_string();
    if name == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|source| CheckError::Read { path: name, source })?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|source| CheckError::Read { path: name, source })
    }
}

/// Decode a file's requests: one `ExportTraceServiceRequest` per line (lines that fail to
/// decode are returned with their line number and skipped), or — when no line decodes — the
/// whole file as one document.
fn decode_file(
    path: &str,
    data: &[u8],
) -> Result<
    (
        Vec<groundcheck_proto::otlp::collector::ExportTraceServiceRequest>,
        Vec<BadLine>,
    ),
    CheckError,
> {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for (i, line) in data.split(|b| *b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match groundcheck_proto::json::decode_export_request(line) {
            Ok(r) => out.push(r),
            Err(e) => bad.push(BadLine {
                line: i + 1,
                reason: e.to_string(),
            }),
        }
    }
    if out.is_empty() && !bad.is_empty() {
        // Not JSON Lines: maybe one pretty-printed document.
        return match groundcheck_proto::json::decode_export_request(data) {
            Ok(r) => Ok((vec![r], Vec::new())),
            Err(_) if bad.len() == 1 => Err(CheckError::Decode {
                path: path.to_owned(),
                detail: format!("line {}: {}", bad[0].line, bad[0].reason),
            }),
            Err(_) => Ok((out, bad)),
        };
    }
    Ok((out, bad))
}

/// Check `files`, printing the reports unredacted (eval and tests read them).
pub fn run_check(
    settings: &Settings,
    files: &[PathBuf],
    out: &mut dyn Write,
) -> Result<CheckStats, CheckError> {
    check_inner(settings, files, out, None)
}

/// `groundcheck check`: reports printed redacted, as `serve` stores them.
pub fn run_check_redacted(
    settings: &Settings,
    files: &[PathBuf],
    out: &mut dyn Write,
    redactor: &Redactor,
) -> Result<CheckStats, CheckError> {
    check_inner(settings, files, out, Some(redactor))
}

fn check_inner(
    settings: &Settings,
    files: &[PathBuf],
    out: &mut dyn Write,
    redactor: Option<&Redactor>,
) -> Result<CheckStats, CheckError> {
    let started = Instant::now();
    let detector = build_detector(settings).map_err(|e| CheckError::Setup(e.to_string()))?;
    let mut buffer = RunBuffer::new(assembler_config(settings));
    let mut stats = CheckStats::default();
    let mut finished: Vec<FinishedRun> = Vec::new();
    let now = Instant::now();
    for f in files {
        let data = read_input(f)?;
        let (reqs, bad) = decode_file(&f.display().to_string(), &data)?;
        for b in &bad {
            eprintln!("{}:{}: skipped: {}", f.display(), b.line, b.reason);
        }
        stats.undecodable_lines += bad.len();
        for req in reqs {
            stats.requests += 1;
            let n = normalize_request(&req);
            stats.spans += n.spans.len();
            stats.rejected_spans += n.rejected.len();
            for r in &n.rejected {
                tracing::warn!(file = %f.display(), "{r}");
            }
            finished.extend(buffer.insert(n.spans, now));
        }
    }
    finished.extend(buffer.drain(true));
    let mut runs: Vec<_> = finished.into_par_iter().map(to_agent_run).collect();
    let cache_cfg = crate::wiring::conversation_cache_config(settings);
    if cache_cfg.max_conversations > 0 {
        // The conversation cache sees the turns in the order they started, as serve sees them
        // in the order they finish.
        runs.sort_by_key(|(r, _)| r.start_unix_nano);
        let mut cache = crate::conversations::ConversationCache::new(cache_cfg);
        for (r, _) in &mut runs {
            cache.apply(r, now);
        }
    }
    let results: Vec<(HallucinationReport, Option<DetectorPanic>)> = runs
        .into_par_iter()
        .map(|(run, panic)| {
            let (mut report, panic) = match panic {
                Some(p) => (
                    detector.panic_report(&run, Vec::new(), &p, now_unix_nano()),
                    Some(p),
                ),
                None => detector.detect_isolated(&run, now_unix_nano()),
            };
            if let Some(r) = redactor {
                redact_report(r, &mut report, Some(&run));
            }
            (report, panic)
        })
        .collect();
    for (r, panic) in &results {
        if let Some(p) = panic {
            stats.panicked_runs += 1;
            eprintln!("run {}: {p} (reported as incomplete)", r.run_id);
        }
        stats.runs += 1;
        stats.incomplete += r.incomplete as usize;
        stats.flagged += (r.action != groundcheck_detectors::report::Action::Emit) as usize;
        let line = serde_json::to_string(r).map_err(|e| CheckError::Write(e.into()))?;
        writeln!(out, "{line}").map_err(CheckError::Write)?;
    }
    out.flush().map_err(CheckError::Write)?;
    stats.seconds = started.elapsed().as_secs_f64();
    Ok(stats)
}
