//! `groundcheck check FILE...` — offline detection over OTLP/JSON files.
//!
//! Input: one `ExportTraceServiceRequest` per line (the OpenTelemetry Collector file
//! exporter's format), or one JSON document per file; `-` reads stdin. Runs are assembled
//! exactly as in `serve` (same normalizer, same bounds); at end of input every open run is
//! finished (complete when its root span was seen, else incomplete), and one report per run
//! is printed as a JSON line, in the order the runs were first seen (runs finished early by
//! the bounds come first).

use crate::assembler::{FinishedRun, RunBuffer};
use crate::config::Settings;
use crate::pipeline::{assembler_config, build_detector, now_unix_nano, to_agent_run};
use groundcheck_detectors::normalize::normalize_request;
use groundcheck_detectors::report::HallucinationReport;
use rayon::prelude::*;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Errors of `check`.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
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
    pub seconds: f64,
}

fn read_input(path: &PathBuf) -> Result<Vec<u8>, CheckError> {
    let name = path.display().to_string();
    if name == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf).map_err(|source| CheckError::Read { path: name, source })?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|source| CheckError::Read { path: name, source })
    }
}

/// Decode a file's requests: JSON Lines first, then one whole document.
fn decode_file(path: &str, data: &[u8]) -> Result<Vec<groundcheck_proto::otlp::collector::ExportTraceServiceRequest>, CheckError> {
    let mut out = Vec::new();
    let mut line_err = None;
    for (i, line) in data.split(|b| *b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match groundcheck_proto::json::decode_export_request(line) {
            Ok(r) => out.push(r),
            Err(e) => {
                line_err = Some(format!("line {}: {e}", i + 1));
                break;
            }
        }
    }
    match line_err {
        None => Ok(out),
        Some(detail) => groundcheck_proto::json::decode_export_request(data)
            .map(|r| vec![r])
            .map_err(|_| CheckError::Decode { path: path.to_owned(), detail }),
    }
}

pub fn run_check(settings: &Settings, files: &[PathBuf], out: &mut dyn Write) -> Result<CheckStats, CheckError> {
    let started = Instant::now();
    let detector = build_detector(settings).map_err(|e| CheckError::Setup(e.to_string()))?;
    let mut buffer = RunBuffer::new(assembler_config(settings));
    let mut stats = CheckStats::default();
    let mut finished: Vec<FinishedRun> = Vec::new();
    let now = Instant::now();
    for f in files {
        let data = read_input(f)?;
        let reqs = decode_file(&f.display().to_string(), &data)?;
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
    let reports: Vec<HallucinationReport> = finished
        .into_par_iter()
        .map(|f| {
            let run = to_agent_run(f);
            detector.detect(&run, now_unix_nano())
        })
        .collect();
    for r in &reports {
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
