//! `groundcheck eval` — detection quality on labeled data, with Wilson 95% intervals.
//!
//! - `agent-runs-dev` (OTLP runs + `labels.jsonl`): the same runs → reports path as
//!   `check`, scored exactly like `../shared/tools/score-agent-runs.py` (example level
//!   flagged = action ≠ emit; span level character overlap of non-supported claims; action
//!   accuracy and confusion; Stage-1 P/R/F1 matched by tool name and order; per category; per
//!   dialect). Reported for all runs and separately for the tuning files (`runs-000..003`)
//!   and the held-out files (`runs-004..005`), to show whether changes generalize.
//! - `halueval-dev.jsonl`: each row's `context` is the tool evidence and `answer` the final
//!   answer; flagged = action ≠ emit; accuracy and P/R/F1 per source, beside the naive
//!   baseline (flag when ≥ 10% of the answer's content words are absent from the evidence).

use crate::config::Settings;
use crate::pipeline::now_unix_nano;
use crate::wiring::build_detector;
use groundcheck_detectors::pipeline::Detector;
use groundcheck_detectors::report::{Action, ClaimStatus, HallucinationReport};
use groundcheck_detectors::run::{AgentRun, ToolCall};
use serde_json::Value as J;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Errors of `eval`.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Check(#[from] crate::check::CheckError),
    #[error("{0}")]
    Setup(String),
}

/// Wilson score interval (95%) for k successes out of n.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let center = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

#[derive(Default, Clone, Copy)]
pub struct Prf {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
    pub tn: usize,
}

impl Prf {
    pub fn add(&mut self, gold: bool, pred: bool) {
        match (gold, pred) {
            (true, true) => self.tp += 1,
            (false, true) => self.fp += 1,
            (true, false) => self.fn_ += 1,
            (false, false) => self.tn += 1,
        }
    }
    pub fn precision(&self) -> f64 {
        if self.tp + self.fp == 0 {
            0.0
        } else {
            self.tp as f64 / (self.tp + self.fp) as f64
        }
    }
    pub fn recall(&self) -> f64 {
        if self.tp + self.fn_ == 0 {
            0.0
        } else {
            self.tp as f64 / (self.tp + self.fn_) as f64
        }
    }
    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
    /// `P=… [lo,hi] R=… [lo,hi] F1=…` with Wilson intervals on P and R.
    pub fn line(&self) -> String {
        let (pl, ph) = wilson(self.tp, self.tp + self.fp);
        let (rl, rh) = wilson(self.tp, self.tp + self.fn_);
        format!(
            "P={:.3} [{pl:.3},{ph:.3}] R={:.3} [{rl:.3},{rh:.3}] F1={:.3} (tp={} fp={} fn={})",
            self.precision(),
            self.recall(),
            self.f1(),
            self.tp,
            self.fp,
            self.fn_
        )
    }
}

/// The JSON lines of a labels or data file. A line that does not parse is reported on stderr
/// with its number and reason and skipped: `eval` never gives up on a file.
fn read_jsonl(path: &Path) -> Result<Vec<J>, EvalError> {
    let text = std::fs::read_to_string(path).map_err(|source| EvalError::Read {
        path: path.display().to_string(),
        source,
    })?;
    let mut rows = Vec::new();
    for (i, l) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        match serde_json::from_str(l) {
            Ok(row) => rows.push(row),
            Err(e) => eprintln!("{}:{}: skipped: {e}", path.display(), i + 1),
        }
    }
    Ok(rows)
}

fn claim_interval(
    c: &groundcheck_detectors::report::Claim,
    answer: &[char],
) -> Option<(usize, usize)> {
    let (s, e) = (c.start as usize, c.end as usize);
    if s < e && e <= answer.len() {
        return Some((s, e));
    }
    None
}

/// Scores of one subset of agent runs.
#[derive(Default)]
struct RunScores {
    n: usize,
    example: Prf,
    span: Prf,
    stage1: Prf,
    action_ok: usize,
    confusion: BTreeMap<(String, String), usize>,
    clean_flagged: usize,
    clean: usize,
    cat_total: BTreeMap<String, usize>,
    cat_hit: BTreeMap<String, usize>,
    cat_runs: BTreeMap<String, usize>,
    cat_runs_flagged: BTreeMap<String, usize>,
    dialect: BTreeMap<String, Prf>,
    /// Per flag kind: flagged claims on a labeled span, on clean runs, and elsewhere in
    /// hallucinated runs.
    kinds: BTreeMap<&'static str, KindCounts>,
}

/// How often a kind of flag points at a labeled hallucination ([`RunScores::kinds`]).
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
struct KindCounts {
    on_span: usize,
    clean_run: usize,
    elsewhere: usize,
}

impl KindCounts {
    /// Claims of this kind, wherever they are.
    fn total(&self) -> usize {
        self.on_span + self.clean_run + self.elsewhere
    }
}

impl RunScores {
    fn add(&mut self, label: &J, report: Option<&HallucinationReport>) {
        self.n += 1;
        let action = report.map_or("emit", |r| r.action.as_str());
        let pred = action != "emit";
        let gold = label["hallucinated"].as_bool().unwrap_or(false);
        self.example.add(gold, pred);
        let dialect = label["dialect"].as_str().unwrap_or("?").to_owned();
        self.dialect.entry(dialect).or_default().add(gold, pred);
        let expected = label["expected_action"]
            .as_str()
            .unwrap_or("emit")
            .to_owned();
        if expected == action {
            self.action_ok += 1;
        }
        if !gold {
            self.clean += 1;
            self.clean_flagged += pred as usize;
        }
        *self
            .confusion
            .entry((expected, action.to_owned()))
            .or_default() += 1;

        let answer: Vec<char> = label["answer"].as_str().unwrap_or("").chars().collect();
        let spans = label["spans"].as_array().cloned().unwrap_or_default();
        let mut gold_chars = HashSet::new();
        for s in &spans {
            for i in s["start"].as_u64().unwrap_or(0)..s["end"].as_u64().unwrap_or(0) {
                gold_chars.insert(i as usize);
            }
        }
        let mut pred_chars = HashSet::new();
        if let Some(r) = report {
            for c in r
                .claims
                .iter()
                .filter(|c| c.status != ClaimStatus::Supported)
            {
                let interval = claim_interval(c, &answer);
                if let Some((s, e)) = interval {
                    pred_chars.extend(s..e);
                }
                // Each kind once per claim; a claim flagged by another scorer is `other`.
                let mut kinds: Vec<&'static str> =
                    c.flagged_spans.iter().map(|f| f.kind.as_str()).collect();
                if kinds.is_empty() {
                    kinds.push(groundcheck_detectors::report::FlagKind::Other.as_str());
                }
                kinds.sort_unstable();
                kinds.dedup();
                let on_span =
                    interval.is_some_and(|(s, e)| (s..e).any(|i| gold_chars.contains(&i)));
                for k in kinds {
                    let n = self.kinds.entry(k).or_default();
                    if !gold {
                        n.clean_run += 1;
                    } else if on_span {
                        n.on_span += 1;
                    } else {
                        n.elsewhere += 1;
                    }
                }
            }
        }
        self.span.tp += gold_chars.intersection(&pred_chars).count();
        self.span.fp += pred_chars.difference(&gold_chars).count();
        self.span.fn_ += gold_chars.difference(&pred_chars).count();
        let mut cats = HashSet::new();
        for s in &spans {
            let cat = s["category"].as_str().unwrap_or("?").to_owned();
            let (a, b) = (
                s["start"].as_u64().unwrap_or(0) as usize,
                s["end"].as_u64().unwrap_or(0) as usize,
            );
            *self.cat_total.entry(cat.clone()).or_default() += b - a;
            *self.cat_hit.entry(cat.clone()).or_default() +=
                (a..b).filter(|i| pred_chars.contains(i)).count();
            cats.insert(cat);
        }
        for c in cats {
            *self.cat_runs.entry(c.clone()).or_default() += 1;
            *self.cat_runs_flagged.entry(c).or_default() += pred as usize;
        }
        // Stage 1: match by tool name and order of occurrence.
        let mut gold_by_tool: HashMap<String, Vec<&J>> = HashMap::new();
        for c in label["tool_calls"].as_array().into_iter().flatten() {
            gold_by_tool
                .entry(c["tool"].as_str().unwrap_or("").to_owned())
                .or_default()
                .push(c);
        }
        let mut pred_by_tool: HashMap<String, Vec<bool>> = HashMap::new();
        for v in report
            .map(|r| r.tool_call_validations.as_slice())
            .unwrap_or(&[])
        {
            pred_by_tool
                .entry(v.tool.clone())
                .or_default()
                .push(v.status != groundcheck_detectors::report::ToolCallStatus::Valid);
        }
        let tools: HashSet<String> = gold_by_tool
            .keys()
            .chain(pred_by_tool.keys())
            .cloned()
            .collect();
        for t in tools {
            let g = gold_by_tool.get(&t).cloned().unwrap_or_default();
            let p = pred_by_tool.get(&t).cloned().unwrap_or_default();
            for k in 0..g.len().max(p.len()) {
                let gold_call = g.get(k);
                let gold_invalid = gold_call.is_some_and(|c| !c["valid"].as_bool().unwrap_or(true));
                let pred_invalid = p.get(k).copied().unwrap_or(false);
                self.stage1.add(gold_invalid, pred_invalid);
                if gold_invalid {
                    let cat = format!(
                        "tool_call/{}",
                        gold_call.and_then(|c| c["reason"].as_str()).unwrap_or("?")
                    );
                    *self.cat_total.entry(cat.clone()).or_default() += 1;
                    *self.cat_hit.entry(cat).or_default() += pred_invalid as usize;
                }
            }
        }
    }

    fn print(&self, out: &mut String, name: &str, detailed: bool) {
        let _ = writeln!(out, "-- {name}: {} runs", self.n);
        let _ = writeln!(out, "  example  {}", self.example.line());
        let _ = writeln!(out, "  span     {}", self.span.line());
        let _ = writeln!(out, "  stage1   {}", self.stage1.line());
        let (al, ah) = wilson(self.action_ok, self.n);
        let _ = writeln!(
            out,
            "  action accuracy={:.3} [{al:.3},{ah:.3}]",
            self.action_ok as f64 / self.n.max(1) as f64
        );
        let (cl, ch) = wilson(self.clean_flagged, self.clean);
        let _ = writeln!(
            out,
            "  clean runs falsely flagged: {}/{} = {:.3} [{cl:.3},{ch:.3}]",
            self.clean_flagged,
            self.clean,
            self.clean_flagged as f64 / self.clean.max(1) as f64
        );
        if !detailed {
            return;
        }
        let _ = writeln!(out, "  confusion (gold -> predicted):");
        for g in ["emit", "revise", "block"] {
            let row: Vec<String> = ["emit", "revise", "block"]
                .iter()
                .map(|p| {
                    format!(
                        "{:>5}",
                        self.confusion
                            .get(&(g.to_owned(), p.to_string()))
                            .copied()
                            .unwrap_or(0)
                    )
                })
                .collect();
            let _ = writeln!(out, "    {g:<7}{}", row.join(""));
        }
        let _ = writeln!(out, "  per category recall:");
        for (cat, total) in &self.cat_total {
            let hit = self.cat_hit.get(cat).copied().unwrap_or(0);
            if cat.starts_with("tool_call/") {
                let (l, h) = wilson(hit, *total);
                let _ = writeln!(
                    out,
                    "    {cat:<36} calls={total:>4} recall={:.3} [{l:.3},{h:.3}]",
                    hit as f64 / (*total).max(1) as f64
                );
            } else {
                let runs = self.cat_runs.get(cat).copied().unwrap_or(0);
                let flagged = self.cat_runs_flagged.get(cat).copied().unwrap_or(0);
                let _ = writeln!(
                    out,
                    "    {cat:<36} runs={runs:>4} span_recall={:.3} run_recall={:.3}",
                    hit as f64 / (*total).max(1) as f64,
                    flagged as f64 / runs.max(1) as f64
                );
            }
        }
        // Which flags to trust: the share of the claims a kind of flag marks that lie on a
        // labeled hallucination (README "How much to trust a flag").
        let _ = writeln!(
            out,
            "  flag precision by kind (flagged claims on a labeled span / all; on clean runs, elsewhere in hallucinated runs):"
        );
        let mut kinds: Vec<(&&str, &KindCounts)> = self.kinds.iter().collect();
        kinds.sort_by_key(|(k, n)| (std::cmp::Reverse(n.total()), **k));
        for (kind, n) in kinds {
            let all = n.total();
            let (l, h) = wilson(n.on_span, all);
            let _ = writeln!(
                out,
                "    {kind:<24} {}/{all} = {:.3} [{l:.3},{h:.3}]  clean={} elsewhere={}",
                n.on_span,
                n.on_span as f64 / all.max(1) as f64,
                n.clean_run,
                n.elsewhere
            );
        }
        let _ = writeln!(out, "  per dialect (example level):");
        for (d, p) in &self.dialect {
            let _ = writeln!(out, "    {d:<14} {}", p.line());
        }
    }
}

/// The agent-runs-dev scenarios set aside as the validation split: rules are developed on the
/// other four and never looked at on these (see docs/quality.md).
pub const VALIDATION_SCENARIOS: [&str; 2] = ["calendar", "sql_analytics"];

/// real-agent-retail conversations with `task_id >= 50` are the validation split.
pub const REAL_TRAFFIC_VALIDATION_TASK: u64 = 50;

/// Whether a label belongs to the validation split: its `heldout_split` field when it has one
/// (sets written after the dev set, such as `training/heldout`, name the split of each run),
/// else the scenario rule of agent-runs-dev.
fn is_validation(label: &serde_json::Value) -> bool {
    match label["heldout_split"].as_str() {
        Some(split) => split == "validation",
        None => VALIDATION_SCENARIOS.contains(&label["scenario"].as_str().unwrap_or("")),
    }
}

/// The `runs-*.jsonl` files of a labeled set, in name order.
fn run_files(dir: &Path) -> Result<Vec<PathBuf>, EvalError> {
    let entries = std::fs::read_dir(dir).map_err(|source| EvalError::Read {
        path: dir.display().to_string(),
        source,
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("runs-") && n.ends_with(".jsonl"))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Evaluate on `agent-runs-dev`. Returns the printed text.
/// `hide`: print development figures only (`--hide-validation`, while developing a detector).
pub fn eval_agent_runs(
    settings: &Settings,
    dir: &Path,
    reports_out: Option<&Path>,
    hide: bool,
) -> Result<String, EvalError> {
    let files = run_files(dir)?;
    let started = Instant::now();
    let mut buf = Vec::new();
    let stats = crate::check::run_check(settings, &files, &mut buf)?;
    let secs = started.elapsed().as_secs_f64();
    if let Some(p) = reports_out {
        std::fs::write(p, &buf).map_err(|source| EvalError::Read {
            path: p.display().to_string(),
            source,
        })?;
    }
    let mut reports: HashMap<String, HallucinationReport> = HashMap::new();
    for line in String::from_utf8_lossy(&buf).lines() {
        if let Ok(r) = serde_json::from_str::<HallucinationReport>(line) {
            reports.insert(r.run_id.clone(), r);
        }
    }
    let labels = read_jsonl(&dir.join("labels.jsonl"))?;
    let (mut all, mut dev, mut val) = (
        RunScores::default(),
        RunScores::default(),
        RunScores::default(),
    );
    let mut missing = 0;
    let mut val_names = std::collections::BTreeSet::new();
    for l in &labels {
        let tid = l["trace_id"].as_str().unwrap_or("").to_lowercase();
        let r = reports.get(&tid);
        missing += r.is_none() as usize;
        all.add(l, r);
        if is_validation(l) {
            val_names.insert(l["scenario"].as_str().unwrap_or("").to_string());
            val.add(l, r)
        } else {
            dev.add(l, r)
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "== agent-runs-dev ({}): {} labels, {} reports, {} missing",
        dir.display(),
        labels.len(),
        reports.len(),
        missing
    );
    if hide {
        dev.print(
            &mut out,
            "development scenarios (all but the validation ones)",
            true,
        );
        let _ = writeln!(
            out,
            "-- validation scenarios ({} of them): hidden (--hide-validation)",
            val_names.len()
        );
    } else {
        all.print(&mut out, "all runs", true);
        dev.print(
            &mut out,
            "development scenarios (all but the validation ones)",
            false,
        );
        if val_names.is_empty() {
            let _ = writeln!(out, "-- validation scenarios: none in this set");
        } else {
            val.print(
                &mut out,
                &format!(
                    "validation scenarios ({})",
                    val_names.iter().cloned().collect::<Vec<_>>().join(", ")
                ),
                false,
            );
        }
    }
    if stats.panicked_runs > 0 || stats.undecodable_lines > 0 {
        let _ = writeln!(
            out,
            "  FAILURES: {} runs panicked (reported incomplete, counted as emit), {} undecodable lines",
            stats.panicked_runs, stats.undecodable_lines
        );
    }
    let _ = writeln!(
        out,
        "  time: {:.3}s for {} spans / {} runs ({:.0} spans/s, {:.2} ms/run)",
        secs,
        stats.spans,
        stats.runs,
        stats.spans as f64 / secs.max(1e-9),
        secs * 1000.0 / stats.runs.max(1) as f64
    );
    // The last line (all runs, no prefix) is what the reference scorer prints.
    for (name, s) in [("dev: ", &dev), ("validation: ", &val), ("", &all)] {
        if hide && name != "dev: " || val_names.is_empty() && name == "validation: " {
            continue;
        }
        let _ = writeln!(
            out,
            "{name}example_f1={:.3} span_f1={:.3} stage1_f1={:.3} action_acc={:.3} \
             example_recall={:.3} clean_flagged={:.3}",
            s.example.f1(),
            s.span.f1(),
            s.stage1.f1(),
            s.action_ok as f64 / s.n.max(1) as f64,
            s.example.recall(),
            s.clean_flagged as f64 / s.clean.max(1) as f64
        );
    }
    if settings.probes || settings.judge {
        out.push_str(&llm_effect(settings, &files, &labels, &reports)?);
    }
    Ok(out)
}

/// With probes/judge on: what they changed against the same detection without them (run
/// again here, deterministic), on the runs the LLM actually worked on (`llm_sample_rate`,
/// `llm_agents` select them).
fn llm_effect(
    settings: &Settings,
    files: &[PathBuf],
    labels: &[J],
    with: &HashMap<String, HallucinationReport>,
) -> Result<String, EvalError> {
    let mut base_settings = settings.clone();
    base_settings.probes = false;
    base_settings.judge = false;
    let mut buf = Vec::new();
    crate::check::run_check(&base_settings, files, &mut buf)?;
    let base: HashMap<String, HallucinationReport> = String::from_utf8_lossy(&buf)
        .lines()
        .filter_map(|l| serde_json::from_str::<HallucinationReport>(l).ok())
        .map(|r| (r.run_id.clone(), r))
        .collect();
    let (mut touched, mut probed, mut judged) = (0usize, 0usize, 0usize);
    let (mut probes, mut answered, mut divergent, mut timed_out) = (0usize, 0usize, 0usize, 0usize);
    let (mut sub_base, mut sub_llm, mut act_base, mut act_llm) =
        (Prf::default(), Prf::default(), 0usize, 0usize);
    let mut flips: BTreeMap<(String, String, bool), usize> = BTreeMap::new();
    let mut claim_changes = 0usize;
    for l in labels {
        let tid = l["trace_id"].as_str().unwrap_or("").to_lowercase();
        let (Some(w), Some(b)) = (with.get(&tid), base.get(&tid)) else {
            continue;
        };
        let p = !w.consistency_probes.is_empty();
        let j = w.notes.iter().any(|n| n.starts_with("stage2 judge: "));
        if !(p || j) {
            continue;
        }
        touched += 1;
        probed += p as usize;
        judged += j as usize;
        probes += w.consistency_probes.len();
        for cp in &w.consistency_probes {
            answered += cp.probe_answers.len();
            divergent += groundcheck_detectors::stage3::diverges(cp) as usize;
            timed_out +=
                (cp.status == groundcheck_detectors::report::ProbeStatus::TimedOut) as usize;
        }
        claim_changes += w
            .claims
            .iter()
            .zip(&b.claims)
            .filter(|(x, y)| x.score != y.score || x.status != y.status)
            .count();
        let gold = l["hallucinated"].as_bool().unwrap_or(false);
        sub_base.add(gold, b.action != Action::Emit);
        sub_llm.add(gold, w.action != Action::Emit);
        let expected = l["expected_action"].as_str().unwrap_or("emit");
        act_base += (b.action.as_str() == expected) as usize;
        act_llm += (w.action.as_str() == expected) as usize;
        if b.action != w.action {
            *flips
                .entry((
                    b.action.as_str().to_owned(),
                    w.action.as_str().to_owned(),
                    gold,
                ))
                .or_default() += 1;
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "== LLM effect (probes={}, judge={}, endpoint {}, model {}): {touched} runs worked on ({probed} probed, {judged} judged)", settings.probes, settings.judge, settings.llm_base_url, settings.llm_model);
    let _ = writeln!(out, "  probes: {probes} claims probed, {answered} answers, {divergent} divergent, {timed_out} timed out");
    let _ = writeln!(
        out,
        "  judge/claims: {claim_changes} claim scores or statuses changed by the judge"
    );
    let _ = writeln!(
        out,
        "  on these runs, without LLM: example {}  action_acc={:.3}",
        sub_base.line(),
        act_base as f64 / touched.max(1) as f64
    );
    let _ = writeln!(
        out,
        "  on these runs, with LLM:    example {}  action_acc={:.3}",
        sub_llm.line(),
        act_llm as f64 / touched.max(1) as f64
    );
    for ((from, to, gold), n) in &flips {
        let _ = writeln!(
            out,
            "  action {from} -> {to}: {n} run(s) labeled {}",
            if *gold { "hallucinated" } else { "clean" }
        );
    }
    Ok(out)
}

const NAIVE_STOP: &[&str] = &[
    "the", "and", "for", "are", "was", "were", "with", "that", "this", "from", "his", "her", "its",
    "they", "them", "their", "has", "have", "had", "but", "not", "you", "your", "who", "what",
    "which", "when", "where", "will", "would", "can", "could", "also", "been", "than", "then",
    "there", "into", "about", "one", "our", "out", "all", "any", "she", "him", "how", "why", "yes",
    "did", "does", "just", "more", "most", "some", "such", "very",
];

fn content_words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 3)
        .map(str::to_lowercase)
        .filter(|w| !NAIVE_STOP.contains(&w.as_str()))
        .collect()
}

/// The naive baseline: flag when ≥ 10% of the answer's content words are absent from the evidence.
pub fn naive_flag(answer: &str, evidence: &str) -> bool {
    let ev: HashSet<String> = content_words(evidence).into_iter().collect();
    let words = content_words(answer);
    if words.is_empty() {
        return false;
    }
    let missing = words.iter().filter(|w| !ev.contains(*w)).count();
    missing as f64 / words.len() as f64 >= 0.10
}

fn halueval_run(row: &J, i: usize) -> AgentRun {
    let context: String = row["context"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(J::as_str)
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default();
    AgentRun {
        run_id: format!("{:032x}", i),
        user_input: row["question"].as_str().unwrap_or("").to_owned(),
        tool_calls: vec![ToolCall {
            id: "context".into(),
            name: "retrieve".into(),
            arguments: Some("{}".into()),
            result: Some(context),
            ..Default::default()
        }],
        final_answer: row["answer"].as_str().map(str::to_owned),
        ..Default::default()
    }
}

/// HaluEval rows come in pairs (`halueval-qa-17-right` / `-halluc`): rules are developed on the
/// even pairs; the odd pairs are only scored, to check that changes generalize.
fn held_out_pair(row: &J) -> bool {
    let id = row["id"].as_str().unwrap_or("");
    id.split('-')
        .find_map(|p| p.parse::<u64>().ok())
        .is_some_and(|n| n % 2 == 1)
}

/// Evaluate on HaluEval dev. Returns the printed text.
pub fn eval_halueval(detector: &Detector, path: &Path, hide: bool) -> Result<String, EvalError> {
    use rayon::prelude::*;
    let rows = read_jsonl(path)?;
    let started = Instant::now();
    let results: Vec<(String, bool, bool, bool, bool)> = rows
        .par_iter()
        .enumerate()
        .map(|(i, row)| {
            let run = halueval_run(row, i);
            let (report, panic) = detector.detect_isolated(&run, now_unix_nano());
            if let Some(p) = panic {
                eprintln!(
                    "halueval row {}: {p} (counted as flagged)",
                    row["id"].as_str().unwrap_or("?")
                );
            }
            let evidence = format!(
                "{}\n{}",
                run.user_input,
                run.tool_calls[0].result.as_deref().unwrap_or("")
            );
            let naive = naive_flag(run.final_answer.as_deref().unwrap_or(""), &evidence);
            (
                row["source"].as_str().unwrap_or("?").to_owned(),
                row["hallucinated"].as_bool().unwrap_or(false),
                report.action != Action::Emit,
                naive,
                held_out_pair(row),
            )
        })
        .collect();
    let secs = started.elapsed().as_secs_f64();
    let mut by: BTreeMap<String, (Prf, Prf, [Prf; 2])> = BTreeMap::new();
    for (src, gold, pred, naive, held_out) in &results {
        let e = by.entry(src.clone()).or_default();
        e.0.add(*gold, *pred);
        e.1.add(*gold, *naive);
        e.2[usize::from(*held_out)].add(*gold, *pred);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "== HaluEval dev ({}): {} rows in {:.2}s",
        path.display(),
        rows.len(),
        secs
    );
    for (src, (g, n, halves)) in &by {
        let total = g.tp + g.fp + g.fn_ + g.tn;
        let acc = |p: &Prf| (p.tp + p.tn) as f64 / (p.tp + p.fp + p.fn_ + p.tn).max(1) as f64;
        let (l, h) = wilson(g.tp + g.tn, total);
        let _ = writeln!(
            out,
            "  {src:<24} n={total:<5} groundcheck accuracy={:.3} [{l:.3},{h:.3}] {}",
            acc(g),
            g.line()
        );
        let _ = writeln!(
            out,
            "  {:<24} {:<7} naive-10%   accuracy={:.3} {}",
            "",
            "",
            acc(n),
            n.line()
        );
        for (name, p) in [
            ("tuning (even pairs)", &halves[0]),
            ("held-out (odd pairs)", &halves[1]),
        ] {
            if hide && name.starts_with("held-out") {
                continue;
            }
            let t = p.tp + p.fp + p.fn_ + p.tn;
            let (l, h) = wilson(p.tp + p.tn, t);
            let _ = writeln!(
                out,
                "  {:<24} {:<7} {name:<20} accuracy={:.3} [{l:.3},{h:.3}] F1={:.3}",
                "",
                format!("n={t}"),
                acc(p),
                p.f1()
            );
        }
    }
    Ok(out)
}

/// A folder removed when dropped (the converted real-traffic runs).
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One converted real-traffic turn: its label row and report.
struct TrafficTurn<'a> {
    label: &'a J,
    report: Option<&'a HallucinationReport>,
}

/// Figures of one real-traffic split.
#[derive(Default)]
struct TrafficScores {
    turns: usize,
    flagged: usize,
    blocked: usize,
    ok_turns: usize,
    ok_flagged: usize,
    ok_blocked: usize,
    /// Successful-conversation turns flagged, by the kind of finding (a turn counts once
    /// per kind it has).
    ok_by_reason: BTreeMap<String, usize>,
    /// This turn's tool calls judged, and rejected, per tool.
    calls: BTreeMap<String, (usize, usize)>,
}

impl TrafficScores {
    fn add(&mut self, t: &TrafficTurn<'_>) {
        let ok = t.label["reward"].as_f64().unwrap_or(0.0) >= 1.0;
        let action = t.report.map_or(Action::Emit, |r| r.action);
        let flagged = action != Action::Emit;
        self.turns += 1;
        self.flagged += flagged as usize;
        self.blocked += (action == Action::Block) as usize;
        if ok {
            self.ok_turns += 1;
            self.ok_flagged += flagged as usize;
            self.ok_blocked += (action == Action::Block) as usize;
        }
        let Some(r) = t.report else { return };
        let mut kinds: HashSet<String> = HashSet::new();
        for c in r
            .claims
            .iter()
            .filter(|c| c.status != ClaimStatus::Supported)
        {
            for f in &c.flagged_spans {
                kinds.insert(format!("stage2: {}", f.reason));
            }
            if c.flagged_spans.is_empty() {
                kinds.insert("stage2: (claim score only)".to_owned());
            }
        }
        for v in &r.tool_call_validations {
            let e = self.calls.entry(v.tool.clone()).or_default();
            e.0 += 1;
            if v.status.is_rejection() {
                e.1 += 1;
                kinds.insert(format!("stage1: {} call", v.status.as_str()));
            }
        }
        if ok && flagged {
            for k in kinds {
                *self.ok_by_reason.entry(k).or_default() += 1;
            }
        }
    }

    fn print(&self, out: &mut String, name: &str) {
        let share = |k: usize, n: usize| {
            let (l, h) = wilson(k, n);
            format!(
                "{k}/{n} = {:.3} [{l:.3},{h:.3}]",
                k as f64 / n.max(1) as f64
            )
        };
        let _ = writeln!(out, "-- {name}: {} turns", self.turns);
        let _ = writeln!(
            out,
            "  successful-conversation turns flagged: {}",
            share(self.ok_flagged, self.ok_turns)
        );
        let _ = writeln!(
            out,
            "  successful-conversation turns blocked: {}",
            share(self.ok_blocked, self.ok_turns)
        );
        let _ = writeln!(
            out,
            "  all turns flagged: {}",
            share(self.flagged, self.turns)
        );
        let _ = writeln!(
            out,
            "  all turns blocked: {}",
            share(self.blocked, self.turns)
        );
        let _ = writeln!(out, "  flagged successful turns by finding:");
        let mut by: Vec<(&String, &usize)> = self.ok_by_reason.iter().collect();
        by.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (k, n) in by {
            let _ = writeln!(out, "    {n:>4}  {k}");
        }
        let (judged, rejected) = self
            .calls
            .values()
            .fold((0, 0), |(a, b), (j, r)| (a + j, b + r));
        let _ = writeln!(
            out,
            "  stage1 rejections (this turn's calls): {}",
            share(rejected, judged)
        );
        for (tool, (j, r)) in self.calls.iter().filter(|(_, (_, r))| *r > 0) {
            let _ = writeln!(out, "    {tool:<36} {r}/{j}");
        }
    }
}

/// Real agent traffic without hallucination labels (`real-agent-retail`): the share of turns
/// of successful conversations that groundcheck flags (an upper bound on its false-alarm
/// rate), by finding, and Stage-1 rejections by tool. `dir` holds `runs.jsonl` +
/// `labels.jsonl` as written by the set's `to_otlp.py`, or is the set itself (then it is
/// converted with `python3 to_otlp.py` into a temporary folder first).
pub fn eval_real_traffic(settings: &Settings, dir: &Path, hide: bool) -> Result<String, EvalError> {
    if !dir.exists() {
        return Ok(format!(
            "== real traffic ({}): not found; skipped (--real-traffic DIR, or none)\n",
            dir.display()
        ));
    }
    let converted = TempDir(
        std::env::temp_dir().join(format!("groundcheck-real-traffic-{}", std::process::id())),
    );
    let runs_dir = if dir.join("runs.jsonl").exists() {
        dir.to_path_buf()
    } else {
        let status = std::process::Command::new("python3")
            .arg(dir.join("to_otlp.py"))
            .arg(dir.join("trajectories.json"))
            .arg(dir.join("tools.json"))
            .arg(&converted.0)
            .stdout(std::process::Stdio::null())
            .status()
            .map_err(|source| EvalError::Read {
                path: dir.join("to_otlp.py").display().to_string(),
                source,
            })?;
        if !status.success() {
            return Err(EvalError::Setup(format!(
                "{}: conversion failed ({status})",
                dir.join("to_otlp.py").display()
            )));
        }
        converted.0.clone()
    };
    let mut buf = Vec::new();
    let started = Instant::now();
    crate::check::run_check(settings, &[runs_dir.join("runs.jsonl")], &mut buf)?;
    let secs = started.elapsed().as_secs_f64();
    let mut reports: HashMap<String, HallucinationReport> = HashMap::new();
    for line in String::from_utf8_lossy(&buf).lines() {
        if let Ok(r) = serde_json::from_str::<HallucinationReport>(line) {
            reports.insert(r.run_id.clone(), r);
        }
    }
    let labels = read_jsonl(&runs_dir.join("labels.jsonl"))?;
    let (mut dev, mut val) = (TrafficScores::default(), TrafficScores::default());
    for label in &labels {
        let tid = label["trace_id"].as_str().unwrap_or("").to_lowercase();
        let turn = TrafficTurn {
            label,
            report: reports.get(&tid),
        };
        if label["task_id"].as_u64().unwrap_or(0) >= REAL_TRAFFIC_VALIDATION_TASK {
            val.add(&turn);
        } else {
            dev.add(&turn);
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "== real traffic ({}): {} turns, {} reports in {secs:.2}s",
        dir.display(),
        labels.len(),
        reports.len()
    );
    dev.print(&mut out, "development conversations (task_id < 50)");
    if hide {
        let _ = writeln!(
            out,
            "-- validation conversations (task_id >= 50): hidden (--hide-validation)"
        );
    } else {
        val.print(&mut out, "validation conversations (task_id >= 50)");
    }
    Ok(out)
}

pub fn run_eval(
    settings: &Settings,
    agent_runs: &Path,
    halueval: Option<&Path>,
    real_traffic: Option<&Path>,
    reports_out: Option<&Path>,
    hide_validation: bool,
) -> Result<String, EvalError> {
    let hide = hide_validation;
    let mut out = eval_agent_runs(settings, agent_runs, reports_out, hide)?;
    if let Some(dir) = real_traffic {
        out.push_str(&eval_real_traffic(settings, dir, hide)?);
    }
    if let Some(h) = halueval {
        let detector = build_detector(settings).map_err(|e| EvalError::Setup(e.to_string()))?;
        out.push_str(&eval_halueval(&detector, h, hide)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let (l, h) = wilson(8, 10);
        assert!(
            (l - 0.490).abs() < 0.001 && (h - 0.943).abs() < 0.001,
            "{l} {h}"
        );
        assert_eq!(wilson(0, 0), (0.0, 0.0));
    }

    #[test]
    fn flag_precision_by_kind_counts_claims_on_labeled_spans() {
        // A flagged claim at `start..end` with one flagged span per kind.
        let flagged = |start: u32, end: u32, kinds: &[&str]| {
            serde_json::json!({
                "text": "", "evidence_spans": [], "score": 0.5, "critical": false,
                "status": "unsupported", "start": start, "end": end,
                "flagged_spans": kinds.iter().map(|k| serde_json::json!({
                    "start": start, "end": end, "text": "", "reason": "", "kind": k
                })).collect::<Vec<_>>(),
            })
        };
        let answer = "Order 7 shipped. It costs $9. Delivery is free.";
        let label = |hallucinated: bool| {
            serde_json::json!({
                "hallucinated": hallucinated,
                "answer": answer,
                "spans": if hallucinated { serde_json::json!([{"start": 17, "end": 29, "category": "contradiction/numerical"}]) } else { serde_json::json!([]) },
                "tool_calls": [],
            })
        };
        let report = |claims: Vec<J>| -> HallucinationReport {
            serde_json::from_value(serde_json::json!({
                "run_id": "r", "claims": claims, "tool_call_validations": [],
                "consistency_probes": [], "overall_score": 0.5, "action": "revise",
                "version": "t", "trace_id": "t", "dialect": "genai",
                "start_time_unix_nano": 0, "end_time_unix_nano": 0,
                "reported_at_unix_nano": 0, "incomplete": false,
            }))
            .unwrap()
        };
        let mut scores = RunScores::default();
        // Hallucinated run: the number flag sits on the labeled span, the coverage flag not.
        scores.add(
            &label(true),
            Some(&report(vec![
                flagged(17, 29, &["number_conflict", "number_conflict"]),
                flagged(30, 47, &["content_not_covered"]),
            ])),
        );
        // Clean run: a coverage flag, and a claim lowered by another scorer (no span).
        scores.add(
            &label(false),
            Some(&report(vec![
                flagged(30, 47, &["content_not_covered"]),
                flagged(0, 16, &[]),
            ])),
        );
        let k = |name: &str| scores.kinds.get(name).copied().unwrap_or_default();
        assert_eq!(
            k("number_conflict"),
            KindCounts {
                on_span: 1,
                clean_run: 0,
                elsewhere: 0
            },
            "one claim counts once however many spans of the kind it has"
        );
        assert_eq!(
            k("content_not_covered"),
            KindCounts {
                on_span: 0,
                clean_run: 1,
                elsewhere: 1
            }
        );
        assert_eq!(
            k("other"),
            KindCounts {
                on_span: 0,
                clean_run: 1,
                elsewhere: 0
            }
        );
        let mut out = String::new();
        scores.print(&mut out, "t", true);
        assert!(
            out.contains("number_conflict          1/1 = 1.000"),
            "{out}"
        );
        assert!(
            out.contains("content_not_covered      0/2 = 0.000"),
            "{out}"
        );
    }

    #[test]
    fn naive_rule() {
        assert!(!naive_flag(
            "Paris is the capital",
            "The capital of France is Paris"
        ));
        assert!(naive_flag(
            "Lyon is the capital",
            "The capital of France is Paris"
        ));
    }
}
