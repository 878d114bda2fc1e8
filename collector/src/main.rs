//! `groundcheck` — the collector binary.
//!
//! - `groundcheck serve`: OTLP/gRPC + OTLP/HTTP receivers, run assembly, detection, sinks.
//! - `groundcheck check FILE...`: the same detection offline over OTLP/JSON files.
//! - `groundcheck send FILE...`: send OTLP files to a collector, print its answers.
//! - `groundcheck loadgen`, `groundcheck eval`: load generator, detection quality.

use anyhow::Context;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use groundcheck::config::{Settings, SettingsArgs};
use std::path::PathBuf;
use std::sync::Arc;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = "groundcheck",
    version,
    about = "Catch hallucinations in AI-agent runs from their OpenTelemetry spans"
)]
struct Cli {
    #[command(flatten)]
    settings: SettingsArgs,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run the collector (OTLP gRPC :4317, HTTP :4318, admin :9464).
    Serve,
    /// Check OTLP/JSON files offline; prints one HallucinationReport JSON per line.
    Check {
        /// Files of OTLP/JSON (one ExportTraceServiceRequest per line, or one document); `-` for stdin.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Send OTLP trace files (JSON or protobuf) to a collector and print what it answered.
    Send(groundcheck::send::SendArgs),
    /// Send generated agent runs to a running collector and report throughput and latency.
    Loadgen(groundcheck::loadgen::LoadgenArgs),
    /// Measure detection quality on labeled data (precision/recall/F1 with Wilson 95% intervals).
    Eval {
        /// Labeled agent runs (OTLP/JSON + labels.jsonl).
        #[arg(long, default_value = "../shared/data/agent-runs-dev")]
        agent_runs: PathBuf,
        /// HaluEval dev rows (`context` = evidence, `answer` = final answer); `none` to skip.
        #[arg(long, default_value = "../shared/data/halueval-dev.jsonl")]
        halueval: PathBuf,
        /// Real agent traffic without labels (false-alarm rate): `real-agent-retail` itself
        /// (converted with its `to_otlp.py`) or a folder with its `runs.jsonl` +
        /// `labels.jsonl`; `none` to skip.
        #[arg(long, default_value = "../shared/data/real-agent-retail")]
        real_traffic: PathBuf,
        /// Print development figures only: the validation splits are scored but not shown (use
        /// while developing a detector; docs/quality.md names the splits).
        #[arg(long, env = "GROUNDCHECK_EVAL_HIDE_VALIDATION", value_parser = clap::builder::BoolishValueParser::new())]
        hide_validation: bool,
        /// Also write the agent-runs reports here (for the reference scorer).
        #[arg(long)]
        reports_out: Option<PathBuf>,
    },
}

/// Logs on stderr, every line through the redactor (and panic messages too).
fn init_tracing(json: bool, redactor: Arc<groundcheck_sinks::Redactor>) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("GROUNDCHECK_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    groundcheck::redaction::install_panic_hook(redactor.clone());
    let b = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(groundcheck::redaction::RedactingStderr::new(redactor));
    if json {
        b.json().init();
    } else {
        b.init();
    }
}

fn main() -> anyhow::Result<()> {
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches)?;
    let settings = Settings::resolve(&cli.settings, &matches).context("configuration")?;
    // One redactor (one key) for the process: reports, logs and panic messages.
    let redactor = groundcheck::wiring::build_redactor(&settings).context("redaction")?;
    init_tracing(settings.log_format == "json", redactor.clone());
    if redactor.is_enabled() && redactor.key_is_random() && matches!(cli.cmd, Cmd::Serve) {
        tracing::warn!(kinds = ?redactor.kinds().collect::<Vec<_>>(), "redaction: no --redaction-key-file; using a random key for this process, so placeholders will not correlate across restarts");
    }
    match cli.cmd {
        Cmd::Serve => {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .thread_name("gc-io")
                .build()?;
            rt.block_on(groundcheck::serve::serve(
                settings,
                Arc::new(groundcheck::metrics::Metrics::default()),
                redactor,
            ))
        }
        Cmd::Check { files } => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let stats =
                groundcheck::check::run_check_redacted(&settings, &files, &mut out, &redactor)?;
            eprintln!(
                "checked {} requests, {} spans ({} rejected), {} runs ({} incomplete, {} flagged) in {:.3}s: {:.0} spans/s",
                stats.requests,
                stats.spans,
                stats.rejected_spans,
                stats.runs,
                stats.incomplete,
                stats.flagged,
                stats.seconds,
                stats.spans as f64 / stats.seconds.max(1e-9)
            );
            if stats.failed() {
                anyhow::bail!("{} undecodable input lines skipped, {} runs failed (see above); every other run was reported", stats.undecodable_lines, stats.panicked_runs);
            }
            Ok(())
        }
        Cmd::Send(args) => {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            let (text, ok) = rt.block_on(groundcheck::send::run(args))?;
            print!("{text}");
            if !ok {
                anyhow::bail!("the collector refused some requests (see above)");
            }
            Ok(())
        }
        Cmd::Loadgen(args) => {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            let text = rt.block_on(groundcheck::loadgen::run(args))?;
            print!("{text}");
            Ok(())
        }
        Cmd::Eval {
            agent_runs,
            halueval,
            real_traffic,
            hide_validation,
            reports_out,
        } => {
            let h = (halueval.as_os_str() != "none").then_some(halueval.as_path());
            let rt = (real_traffic.as_os_str() != "none").then_some(real_traffic.as_path());
            let text = groundcheck::eval::run_eval(
                &settings,
                &agent_runs,
                h,
                rt,
                reports_out.as_deref(),
                hide_validation,
            )?;
            print!("{text}");
            Ok(())
        }
    }
}
