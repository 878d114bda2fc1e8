//! Stage 2, learned: groundcheck's claim–evidence cross-encoder run through ONNX Runtime.
//!
//! The model (`models/nli/`, trained by `training/train.py`, card: `training/MODEL_CARD.md`)
//! reads `[CLS] evidence [SEP] claim [SEP]` and returns logits for entailment / neutral /
//! contradiction. [`NliScorer`] wraps the deterministic scorer: the deterministic scorer
//! defines the claims and its decisive findings stand (a contradicted value, a fabricated
//! identifier); on runs whose evidence is mostly prose (retrieved documents, text tool output)
//! the model decides where the deterministic scorer is unsure:
//! - a claim the deterministic scorer supports (or in which it found nothing to check) is
//!   lowered to `unsupported_score` when the model says the evidence contradicts it
//!   (p(contradiction) ≥ `contradiction_threshold`) or, for a claim with nothing checkable,
//!   that the evidence does not entail it (p(entailment) ≤ `unsupported_threshold`);
//! - a claim the deterministic scorer flags as unsupported only for a named entity, an
//!   explanatory clause or content words absent from prose evidence (paraphrase territory) is raised to supported when the model entails
//!   it with p(entailment) ≥ `entailment_threshold`.
//!
//! Evidence windowing: each evidence document (JSON tool results flattened to `path: value`
//! lines) is cut into chunks; the chunks sharing the most (rarity-weighted) words with the
//! claim are concatenated, best first, up to the token budget, so long evidence is scored
//! against its best-retrieved chunks and truncation only drops the least relevant text.
//!
//! Placement: this module lives in the collector, not in `groundcheck-detectors` (a pure
//! library without file or native-library I/O); the collector loads the runtime and the model
//! from configured paths at startup and hands the scorer to the detector.
//!
//! # Contract
//! - [`NliModel::load`] fails with an [`NliError`] naming the missing or broken file; callers
//!   fall back to the deterministic scorer ([`fallback`]) and say so in the notes and metrics.
//! - [`Scorer::score`] is synchronous CPU work on the caller's thread (the collector's bounded
//!   rayon worker pool); each run's pairs are batched, at most `max_pairs` per run (the rest
//!   keep their deterministic verdict, counted). ONNX Runtime sessions are reused: a pool of
//!   `sessions` sessions with one intra-op thread each, so parallelism comes from the worker
//!   pool. An inference error leaves the deterministic claims unchanged (counted, logged).
//!   Nothing panics on any input.

use crate::metrics::Metrics;
use groundcheck_detectors::bm25::{self, Bm25};
use groundcheck_detectors::report::{Claim, ClaimStatus, ClaimType};
use groundcheck_detectors::run::AgentRun;
use groundcheck_detectors::stage2::bounds::Scored;
use groundcheck_detectors::stage2::{self, ItemKind, Scorer, Stage2Config};
use ort::session::Session;
use ort::value::TensorRef;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use tokenizers::Tokenizer;

/// Errors loading or running the model.
#[derive(Debug, thiserror::Error)]
pub enum NliError {
    #[error("ONNX Runtime library not found at {0} (run deploy/onnxruntime.sh and set --nli-runtime / GROUNDCHECK_NLI_RUNTIME)")]
    RuntimeMissing(String),
    #[error("cannot load ONNX Runtime from {path}: {message}")]
    Runtime { path: String, message: String },
    #[error("model file not found at {0} (set --nli-model / GROUNDCHECK_NLI_MODEL)")]
    ModelMissing(String),
    #[error("cannot load the model {path}: {message}")]
    Model { path: String, message: String },
    #[error("cannot load the tokenizer {path}: {message}")]
    Tokenizer { path: String, message: String },
    #[error("inference failed: {0}")]
    Inference(String),
}

/// Model configuration (resolved from the collector's settings).
#[derive(Debug, Clone)]
pub struct NliConfig {
    /// The `.onnx` file; `tokenizer.json` is read from the same directory.
    pub model: PathBuf,
    /// `libonnxruntime.so` (from the PyPI `onnxruntime` wheel, see deploy/onnxruntime.sh).
    pub runtime: PathBuf,
    /// Token budget per claim–evidence pair (longest-first truncation).
    pub max_len: usize,
    /// Pairs scored per run at most; the rest keep their deterministic verdict.
    pub max_pairs: usize,
    /// Pairs per inference call.
    pub batch: usize,
    /// ONNX Runtime sessions (one intra-op thread each).
    pub sessions: usize,
    pub thresholds: NliThresholds,
    /// Calibration dump: one JSON line per claim appended to this file (`None`: off).
    pub dump: Option<PathBuf>,
}

/// Decision thresholds (calibrated on the tuning split; see BENCHMARKS.md).
#[derive(Debug, Clone, Copy)]
pub struct NliThresholds {
    /// Lower a supported claim when p(contradiction) reaches this.
    pub contradiction: f64,
    /// Lower a supported claim when p(entailment) is at most this (the evidence does not state
    /// what the claim says, although its items were found).
    pub unsupported: f64,
    /// Raise an entity/clause-only flag when p(entailment) reaches this (above 1: never).
    pub entailment: f64,
    /// Act on runs whose evidence is mostly structured (JSON tool output) too, not only prose.
    pub on_json: bool,
}

impl Default for NliThresholds {
    fn default() -> Self {
        NliThresholds {
            // Fitted by training/calibrate.py on development data for the GPU-recipe model,
            // within a false-alarm budget of 1.5 % of grounded claims lowered (0.8 % at these
            // values; BENCHMARKS.md, "Learned groundedness model").
            contradiction: 0.99,
            unsupported: 0.1,
            entailment: 0.5,
            on_json: false,
        }
    }
}

/// The process's ONNX Runtime environment (ONNX Runtime allows one per process).
static ENV: OnceLock<Result<(PathBuf, ort::environment::Environment), String>> = OnceLock::new();

fn environment(runtime: &Path) -> Result<ort::environment::Environment, NliError> {
    let path = runtime.display().to_string();
    if ENV.get().is_none() && !runtime.is_file() {
        return Err(NliError::RuntimeMissing(path));
    }
    let r = ENV.get_or_init(|| {
        ort::init_from(runtime)
            .map_err(|e| e.to_string())
            .and_then(|b| {
                b.with_name("groundcheck")
                    .build()
                    .map_err(|e| e.to_string())
            })
            .map(|env| (runtime.to_path_buf(), env))
    });
    match r {
        Ok((loaded, env)) => {
            if loaded != runtime {
                tracing::warn!(loaded = %loaded.display(), requested = %runtime.display(), "ONNX Runtime already loaded in this process; reusing it");
            }
            Ok(env.clone())
        }
        Err(message) => Err(NliError::Runtime {
            path,
            message: message.clone(),
        }),
    }
}

/// Resolve a relative path against the working directory, then against the directories above
/// the executable (so `target/debug/groundcheck` finds the repository's `models/`).
pub fn resolve(p: &Path) -> PathBuf {
    if p.is_absolute() || p.exists() {
        return p.to_path_buf();
    }
    if let Ok(exe) = std::env::current_exe() {
        for dir in exe.ancestors().skip(1).take(4) {
            let c = dir.join(p);
            if c.exists() {
                return c;
            }
        }
    }
    p.to_path_buf()
}

/// The loaded model: tokenizer plus a pool of ONNX Runtime sessions.
pub struct NliModel {
    sessions: Vec<Mutex<Session>>,
    next: AtomicUsize,
    tokenizer: Tokenizer,
    max_len: usize,
    batch: usize,
    /// `file name (size MiB)`, for notes and the info gauge.
    pub description: String,
}

impl NliModel {
    pub fn load(cfg: &NliConfig) -> Result<NliModel, NliError> {
        let model = resolve(&cfg.model);
        let runtime = resolve(&cfg.runtime);
        if !model.is_file() {
            return Err(NliError::ModelMissing(model.display().to_string()));
        }
        let tok_path = model.with_file_name("tokenizer.json");
        let tokenizer = Tokenizer::from_file(&tok_path).map_err(|e| NliError::Tokenizer {
            path: tok_path.display().to_string(),
            message: e.to_string(),
        })?;
        let env = environment(&runtime)?;
        let merr = |message: String| NliError::Model {
            path: model.display().to_string(),
            message,
        };
        let mut sessions = Vec::new();
        for _ in 0..cfg.sessions.max(1) {
            let b = Session::builder(&env).map_err(|e| merr(e.to_string()))?;
            let b = b.with_intra_threads(1).map_err(|e| merr(e.to_string()))?;
            let mut b = b.with_inter_threads(1).map_err(|e| merr(e.to_string()))?;
            let s = b
                .commit_from_file(&model)
                .map_err(|e| merr(e.to_string()))?;
            sessions.push(Mutex::new(s));
        }
        let size = std::fs::metadata(&model).map(|m| m.len()).unwrap_or(0);
        let name = model
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        Ok(NliModel {
            sessions,
            next: AtomicUsize::new(0),
            tokenizer,
            max_len: cfg.max_len.clamp(16, 512),
            batch: cfg.batch.max(1),
            description: format!("{name} ({:.1} MiB)", size as f64 / (1024.0 * 1024.0)),
        })
    }

    /// Probabilities `[entailment, neutral, contradiction]` for each `(evidence, hypothesis)`.
    pub fn predict(&self, pairs: &[(String, String)]) -> Result<Vec<[f32; 3]>, NliError> {
        let mut encoded = Vec::with_capacity(pairs.len());
        for (p, h) in pairs {
            let e = self
                .tokenizer
                .encode((p.as_str(), h.as_str()), true)
                .map_err(|e| NliError::Inference(format!("tokenizer: {e}")))?;
            encoded.push(truncate_pair(e.get_ids(), e.get_type_ids(), self.max_len));
        }
        // Length-sorted batches waste the least padding.
        let mut order: Vec<usize> = (0..encoded.len()).collect();
        order.sort_by_key(|&i| encoded[i].0.len());
        let mut out = vec![[0f32; 3]; pairs.len()];
        for chunk in order.chunks(self.batch) {
            let t = chunk
                .iter()
                .map(|&i| encoded[i].0.len())
                .max()
                .unwrap_or(1)
                .max(1);
            let b = chunk.len();
            let mut ids = ndarray::Array2::<i64>::zeros((b, t));
            let mut mask = ndarray::Array2::<i64>::zeros((b, t));
            let mut types = ndarray::Array2::<i64>::zeros((b, t));
            for (r, &i) in chunk.iter().enumerate() {
                let (x, tt) = &encoded[i];
                for (c, (&id, &ty)) in x.iter().zip(tt.iter()).enumerate() {
                    ids[[r, c]] = id as i64;
                    types[[r, c]] = ty as i64;
                    mask[[r, c]] = 1;
                }
            }
            let logits = self.run(&ids, &mask, &types)?;
            for (r, &i) in chunk.iter().enumerate() {
                out[i] = softmax(&logits[r * 3..r * 3 + 3]);
            }
        }
        Ok(out)
    }

    fn run(
        &self,
        ids: &ndarray::Array2<i64>,
        mask: &ndarray::Array2<i64>,
        types: &ndarray::Array2<i64>,
    ) -> Result<Vec<f32>, NliError> {
        let ierr = |e: ort::Error| NliError::Inference(e.to_string());
        let n = self.sessions.len();
        let start = self.next.fetch_add(1, Relaxed) % n;
        // A free session if there is one, else wait for ours.
        let mut guard = None;
        for k in 0..n {
            if let Ok(g) = self.sessions[(start + k) % n].try_lock() {
                guard = Some(g);
                break;
            }
        }
        let mut session = match guard {
            Some(g) => g,
            None => self.sessions[start]
                .lock()
                .map_err(|_| NliError::Inference("session lock poisoned".into()))?,
        };
        let outputs = session
            .run(ort::inputs![
                "input_ids" => TensorRef::from_array_view(ids.view()).map_err(ierr)?,
                "attention_mask" => TensorRef::from_array_view(mask.view()).map_err(ierr)?,
                "token_type_ids" => TensorRef::from_array_view(types.view()).map_err(ierr)?
            ])
            .map_err(ierr)?;
        let (shape, data) = outputs["logits"]
            .try_extract_tensor::<f32>()
            .map_err(ierr)?;
        if shape.len() != 2 || shape[1] != 3 || data.len() != ids.nrows() * 3 {
            return Err(NliError::Inference(format!(
                "unexpected logits shape {shape:?}"
            )));
        }
        Ok(data.to_vec())
    }
}

/// Longest-first truncation of an encoded pair to `max_len` tokens, keeping `[SEP]`s.
fn truncate_pair(ids: &[u32], types: &[u32], max_len: usize) -> (Vec<u32>, Vec<u32>) {
    if ids.len() <= max_len || ids.len() < 3 {
        return (ids.to_vec(), types.to_vec());
    }
    // Layout: [CLS] a… [SEP] b… [SEP]; type 0 for the first two parts, 1 for the rest.
    let split = types.iter().position(|&t| t == 1).unwrap_or(ids.len());
    let a = &ids[1..split.saturating_sub(1).max(1)];
    let b = &ids[split.min(ids.len())..ids.len().saturating_sub(1).max(split)];
    let (cls, sep) = (ids[0], ids[ids.len() - 1]);
    let budget = max_len.saturating_sub(3);
    let (mut la, mut lb) = (a.len(), b.len());
    while la + lb > budget {
        if la >= lb {
            la -= 1;
        } else {
            lb -= 1;
        }
    }
    let mut x = Vec::with_capacity(max_len);
    x.push(cls);
    x.extend_from_slice(&a[..la]);
    x.push(sep);
    let n0 = x.len();
    x.extend_from_slice(&b[..lb]);
    x.push(sep);
    let mut t = vec![0u32; n0];
    t.resize(x.len(), 1);
    (x, t)
}

fn softmax(l: &[f32]) -> [f32; 3] {
    let m = l.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = l.iter().map(|x| (x - m).exp()).collect();
    let s: f32 = e.iter().sum::<f32>().max(f32::MIN_POSITIVE);
    [e[0] / s, e[1] / s, e[2] / s]
}

/// The hypothesis the model reads: the claim, prefixed with the user's question when the claim
/// is too short to stand alone ("Delhi"). Same rule as `training/train.py`.
pub fn hypothesis(question: &str, claim: &str) -> String {
    if !question.is_empty()
        && claim.split_whitespace().count() < 8
        && question.chars().count() < 300
    {
        format!("{question} {claim}")
    } else {
        claim.to_owned()
    }
}

/// JSON flattened to `path: value` lines (as in training); other text unchanged.
pub fn flatten_json(text: &str) -> String {
    let t = text.trim_start();
    if !(t.starts_with('{') || t.starts_with('[')) || text.len() > 1 << 20 {
        return text.to_owned();
    }
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(v) => {
            let mut out = String::new();
            flatten_into(&v, "", &mut out, 0);
            out
        }
        Err(_) => text.to_owned(),
    }
}

fn flatten_into(v: &serde_json::Value, prefix: &str, out: &mut String, depth: usize) {
    use serde_json::Value as J;
    if depth > 32 || out.len() > 1 << 20 {
        return;
    }
    match v {
        J::Object(m) => {
            for (k, x) in m {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten_into(x, &p, out, depth + 1);
            }
        }
        J::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                flatten_into(x, &format!("{prefix}[{i}]"), out, depth + 1);
            }
        }
        J::String(s) => {
            out.push_str(prefix);
            out.push_str(": ");
            out.push_str(s);
            out.push('\n');
        }
        other => {
            out.push_str(prefix);
            out.push_str(": ");
            out.push_str(&other.to_string());
            out.push('\n');
        }
    }
}

/// Evidence of a run for the model's premises: the tool results and retrieved documents (JSON
/// flattened the way the model was trained), indexed with Stage 2's retrieval
/// ([`groundcheck_detectors::bm25`]); whether it is mostly prose comes from Stage 2's prose
/// rule ([`groundcheck_detectors::stage2::prose_docs`]), so both scorers agree on it.
struct EvidenceIndex {
    mix: Mix,
    texts: Vec<String>,
    index: Option<Bm25>,
}

/// What a run's evidence is made of, as the model's rules need it ([`NliScorer::combine`]).
#[derive(Debug, Clone, Copy)]
struct Mix {
    /// More of the evidence is prose than JSON, with a passage to read.
    prose: bool,
    /// Some tool result is structured (JSON).
    structured: bool,
}

impl EvidenceIndex {
    /// `index`: build the retrieval index (some claim may ask for a premise).
    fn new(run: &AgentRun, index: bool) -> EvidenceIndex {
        // The model reads passages: the evidence must be mostly prose (Stage 2's rule) and hold
        // at least one passage of a sentence's length. A bare identifier or a short status
        // string returned by a tool ("mei_davis_8935", "Error: user not found") is prose to
        // the byte count but nothing the model can read entailment from.
        let docs = run.evidence();
        let prose = stage2::prose_docs(&docs)
            && docs
                .iter()
                .filter(|d| stage2::is_result(d))
                .any(|d| is_passage(&d.text));
        let structured = docs
            .iter()
            .any(|d| stage2::is_result(d) && stage2::is_structured(&d.text));
        // The question goes into the hypothesis; the system prompt is not evidence of facts.
        let texts: Vec<String> = docs
            .iter()
            .filter(|d| stage2::is_result(d))
            .map(|d| flatten_json(&d.text))
            .collect();
        // Where the model does not act (structured evidence with `on_json` off, no dump), no
        // claim will ask for a premise: skip the index.
        let index = (prose || index)
            .then(|| Bm25::new(&texts.iter().map(String::as_str).collect::<Vec<_>>()));
        EvidenceIndex {
            mix: Mix { prose, structured },
            texts,
            index,
        }
    }

    /// The best passages for `claim`, best first (ties in document order), up to `budget`
    /// bytes; the evidence in order when no passage shares a term with the claim.
    fn premise(&self, claim: &str, budget: usize) -> String {
        let Some(index) = &self.index else {
            return String::new();
        };
        let mut passages: Vec<&str> = index
            .ranked(claim)
            .into_iter()
            .map(|(c, _)| self.texts[c.doc][c.start..c.end].trim())
            .collect();
        if passages.is_empty() {
            passages = self
                .texts
                .iter()
                .flat_map(|t| bm25::chunk(t).into_iter().map(move |(s, e)| t[s..e].trim()))
                .collect();
        }
        let mut out = String::new();
        for c in passages {
            if out.len() + c.len() > budget && !out.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(c);
            if out.len() >= budget {
                break;
            }
        }
        out
    }
}

/// Words a text needs to be a passage the model reads (about one sentence).
const PASSAGE_WORDS: usize = 8;

/// Free text (not a JSON object or array) of at least [`PASSAGE_WORDS`] words.
fn is_passage(text: &str) -> bool {
    !stage2::is_structured(text) && text.split_whitespace().nth(PASSAGE_WORDS - 1).is_some()
}

/// What the model did to a claim's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Lowered: the model contradicts the claim, or nothing entails it.
    Lowered,
    /// Raised: the model entails a claim whose deterministic flags were paraphrase.
    Raised,
    Unchanged,
}

/// The deterministic scorer's flags on this claim are all of the paraphrase-prone kinds: a
/// named entity, an explanatory clause, or content words absent from prose evidence.
fn only_soft_flags(c: &Claim) -> bool {
    use groundcheck_detectors::report::FlagKind;
    !c.flagged_spans.is_empty()
        && c.flagged_spans.iter().all(|f| {
            matches!(
                f.kind,
                FlagKind::EntityNotInEvidence
                    | FlagKind::UnsupportedExplanation
                    | FlagKind::ContentNotCovered
            )
        })
}

/// One claim–evidence pair the model scored.
struct Pair {
    premise: String,
    hypothesis: String,
    /// Probabilities (entailment, neutral, contradiction).
    p: [f32; 3],
    /// The model may change this claim (else it was scored for the calibration dump only).
    eligible: bool,
}

/// The probabilities the cascade may act on: those of a pair the model may change.
fn actionable(pair: Option<&Pair>) -> Option<[f32; 3]> {
    pair.filter(|x| x.eligible).map(|x| x.p)
}

/// Per claim, the model's probabilities (entailment, neutral, contradiction), `None` where the
/// model may not change the claim.
pub type ClaimProbabilities = Vec<Option<[f32; 3]>>;

/// The combined scorer: deterministic first, the model where the deterministic one is unsure.
pub struct NliScorer {
    inner: Arc<dyn Scorer>,
    model: Arc<NliModel>,
    det: Stage2Config,
    th: NliThresholds,
    max_pairs: usize,
    metrics: Arc<Metrics>,
    note: String,
    /// Calibration dump (`--nli-dump FILE`, appended): one JSON line per claim.
    dump: Option<Mutex<std::io::BufWriter<std::fs::File>>>,
}

impl NliScorer {
    pub fn new(
        inner: Arc<dyn Scorer>,
        model: Arc<NliModel>,
        det: Stage2Config,
        th: NliThresholds,
        max_pairs: usize,
        dump: Option<&Path>,
        metrics: Arc<Metrics>,
    ) -> NliScorer {
        let note = format!(
            "stage2: learned groundedness model on ({}) beside the deterministic scorer",
            model.description
        );
        let dump = dump.and_then(|path| match std::fs::OpenOptions::new().create(true).append(true).open(path) {
            Ok(f) => Some(Mutex::new(std::io::BufWriter::new(f))),
            Err(e) => {
                tracing::warn!(path = %path.display(), "cannot create the calibration dump: {e}");
                None
            }
        });
        NliScorer {
            inner,
            model,
            det,
            th,
            max_pairs: max_pairs.max(1),
            metrics,
            note,
            dump,
        }
    }

    fn write_dump(&self, run: &AgentRun, c: &Claim, pair: Option<&Pair>, prose: bool) {
        use std::io::Write;
        if let Some(d) = &self.dump {
            // `p` only where the model may change the claim (what calibration replays); the
            // pair's texts and probabilities for every assertion (what fine-tuning reads).
            let line = serde_json::json!({"run_id": run.run_id, "claim": c.text, "status": c.status.as_str(), "score": c.score,
                "soft": only_soft_flags(c), "cited": !c.evidence_spans.is_empty(), "prose": prose,
                "p": actionable(pair),
                "eligible": pair.is_some_and(|x| x.eligible), "p_all": pair.map(|x| x.p),
                "premise": pair.map(|x| x.premise.as_str()), "hypothesis": pair.map(|x| x.hypothesis.as_str())});
            if let Ok(mut w) = d.lock() {
                let _ = writeln!(w, "{line}");
                let _ = w.flush();
            }
        }
    }

    /// Model probabilities for each claim the model may change (`None` elsewhere). Exposed for
    /// calibration (`groundcheck eval --nli-dump`) and tests.
    /// Also returns whether the run's evidence is mostly prose (see [`NliScorer::combine`]).
    pub fn probabilities(
        &self,
        run: &AgentRun,
        claims: &[Claim],
    ) -> Result<(ClaimProbabilities, bool), NliError> {
        let (pairs, mix) = self.pairs(run, claims)?;
        let probs = pairs.iter().map(|x| actionable(x.as_ref())).collect();
        Ok((probs, mix.prose))
    }

    /// The scored pair of each claim the model reads: the claims it may change and, with a
    /// calibration dump, every assertion (so the dump can also serve as training data).
    fn pairs(
        &self,
        run: &AgentRun,
        claims: &[Claim],
    ) -> Result<(Vec<Option<Pair>>, Mix), NliError> {
        let idx = EvidenceIndex::new(run, self.th.on_json || self.dump.is_some());
        let mut out: Vec<Option<Pair>> = (0..claims.len()).map(|_| None).collect();
        if idx.texts.iter().all(|t| t.trim().is_empty()) {
            return Ok((out, idx.mix));
        }
        // Premise budget in characters: about 3.5 characters per token, minus the claim.
        let mut pairs = Vec::new();
        let mut which = Vec::new();
        // Pairs scored for the dump only have their own bound, so they never take the place of
        // a claim the model may change.
        let (mut n_eligible, mut n_dump_only) = (0, 0);
        for (i, c) in claims.iter().enumerate() {
            let eligible = self.eligible(c, idx.mix.prose);
            let dump_only = self.dump.is_some() && c.claim_type == ClaimType::Assertion;
            if !(eligible || dump_only) {
                continue;
            }
            let n = if eligible {
                &mut n_eligible
            } else {
                &mut n_dump_only
            };
            if *n >= self.max_pairs {
                self.metrics.nli_pairs_capped_total.fetch_add(1, Relaxed);
                continue;
            }
            *n += 1;
            let h = hypothesis(&run.user_input, &c.text);
            let budget = (self.model.max_len as f64 * 3.5) as usize;
            let budget = budget.saturating_sub(h.len()).max(200);
            pairs.push((idx.premise(&c.text, budget), h));
            which.push((i, eligible));
        }
        if pairs.is_empty() {
            return Ok((out, idx.mix));
        }
        let probs = self.model.predict(&pairs)?;
        self.metrics
            .nli_pairs_total
            .fetch_add(pairs.len() as u64, Relaxed);
        for (((i, eligible), p), (premise, hypothesis)) in which.into_iter().zip(probs).zip(pairs) {
            out[i] = Some(Pair {
                premise,
                hypothesis,
                p,
                eligible,
            });
        }
        Ok((out, idx.mix))
    }

    /// The model acts on this run: its evidence is mostly prose, or `on_json` is set.
    fn acts(&self, prose: bool) -> bool {
        prose || self.th.on_json
    }

    /// The claims the deterministic scorer leaves undecided (the cascade): supported claims
    /// (the model may still find a contradiction, or, with nothing checkable, no entailment) and
    /// unsupported claims whose flags are all paraphrase-prone. Decisive findings (a conflicting
    /// value, a fabricated identifier) are never sent. With a calibration dump every such claim
    /// is scored, also where the model does not act, so the dump can calibrate `on_json`.
    fn eligible(&self, c: &Claim, prose: bool) -> bool {
        if !self.acts(prose) && self.dump.is_none() {
            return false;
        }
        // Assertions about the world only: an action report ("I've cancelled the order") is
        // checked against the calls the agent made (Stage 2's action check), not read as
        // entailment from a tool result.
        if c.claim_type != ClaimType::Assertion {
            return false;
        }
        match c.status {
            ClaimStatus::Supported => true,
            ClaimStatus::Contradicted => false,
            ClaimStatus::Unsupported => c.score > self.det.fabricated_score && only_soft_flags(c),
        }
    }

    /// Apply the model's verdict to one deterministic claim. Returns +1 raised, -1 lowered, 0.
    ///
    /// `prose`: the run's evidence is mostly prose. The model acts only then unless `on_json`
    /// is set: on structured tool output (JSON) the deterministic scorer checks every field
    /// value, and whether the model helps there is a calibration question (see BENCHMARKS.md,
    /// "Learned groundedness model"); with `on_json` off, JSON-evidence runs keep the
    /// deterministic verdicts and cost no inference.
    ///
    /// `structured`: some tool result of the run is structured (JSON). A claim may then draw on
    /// it while the premise is a passage, so "nothing entails it" lowers a claim only on runs
    /// whose results are all prose: on the pooled development sets of seven writers, lowering
    /// on mixed runs flagged 65 of 726 clean runs against 42 without it, for seven hallucinated
    /// runs caught (docs/quality.md, twelfth round).
    pub fn combine(&self, c: &mut Claim, p: [f32; 3], prose: bool, structured: bool) -> Change {
        let (pe, pc) = (p[0] as f64, p[2] as f64);
        let acts = self.acts(prose);
        match c.status {
            ClaimStatus::Supported if acts => {
                if pc >= self.th.contradiction {
                    c.score = c.score.min(self.det.unsupported_score);
                    c.status = ClaimStatus::Contradicted;
                    c.reason =
                        format!("learned model: the evidence contradicts the claim (p={pc:.2})");
                    Change::Lowered
                } else if pe <= self.th.unsupported && !structured {
                    // The deterministic checks found the claim's items (or it had none); the
                    // model judges what they cannot: whether the evidence states the relation.
                    c.score = c.score.min(self.det.unsupported_score);
                    c.status = ClaimStatus::Unsupported;
                    c.reason = format!(
                        "learned model: the evidence does not entail the claim (p(entailed)={pe:.2})"
                    );
                    Change::Lowered
                } else {
                    Change::Unchanged
                }
            }
            ClaimStatus::Unsupported if acts && only_soft_flags(c) && pe >= self.th.entailment => {
                c.score = 1.0;
                c.status = ClaimStatus::Supported;
                c.reason = format!("learned model: the evidence entails the claim (p={pe:.2}); deterministic flags were paraphrase");
                c.flagged_spans.clear();
                Change::Raised
            }
            _ => Change::Unchanged,
        }
    }
}

impl Scorer for NliScorer {
    fn name(&self) -> &'static str {
        "deterministic+nli"
    }

    fn note(&self) -> Option<String> {
        Some(self.note.clone())
    }

    fn score(&self, run: &AgentRun, answer: &str) -> Vec<Claim> {
        self.score_bounded(run, answer, &[]).claims
    }

    /// The deterministic claims (only `kinds` checked), then the model's claim-level verdict
    /// on each: the model reads the whole claim, not its items.
    fn score_bounded(&self, run: &AgentRun, answer: &str, kinds: &[ItemKind]) -> Scored {
        let Scored { mut claims, bounds } = self.inner.score_bounded(run, answer, kinds);
        if claims.is_empty() {
            return Scored { claims, bounds };
        }
        self.metrics.nli_runs_total.fetch_add(1, Relaxed);
        match self.pairs(run, &claims) {
            Ok((pairs, mix)) => {
                for (c, pair) in claims.iter_mut().zip(pairs) {
                    self.write_dump(run, c, pair.as_ref(), mix.prose);
                    if let Some(p) = actionable(pair.as_ref()) {
                        match self.combine(c, p, mix.prose, mix.structured) {
                            Change::Lowered => {
                                self.metrics.nli_claims_lowered_total.fetch_add(1, Relaxed);
                            }
                            Change::Raised => {
                                self.metrics.nli_claims_raised_total.fetch_add(1, Relaxed);
                            }
                            Change::Unchanged => {}
                        }
                    }
                }
            }
            Err(e) => {
                self.metrics
                    .nli_inference_errors_total
                    .fetch_add(1, Relaxed);
                tracing::warn!(run = %run.run_id, "stage 2 learned model: {e}; deterministic verdicts kept");
            }
        }
        Scored { claims, bounds }
    }
}

/// The deterministic scorer with a note saying why the model is not in use.
pub struct Fallback {
    inner: Arc<dyn Scorer>,
    note: String,
}

pub fn fallback(inner: Arc<dyn Scorer>, why: &str) -> Fallback {
    Fallback {
        inner,
        note: format!("stage2: learned model off ({why}); deterministic scorer only"),
    }
}

impl Scorer for Fallback {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn note(&self) -> Option<String> {
        Some(self.note.clone())
    }
    fn score(&self, run: &AgentRun, answer: &str) -> Vec<Claim> {
        self.inner.score(run, answer)
    }
    fn score_bounded(&self, run: &AgentRun, answer: &str, kinds: &[ItemKind]) -> Scored {
        self.inner.score_bounded(run, answer, kinds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flattens_json_like_training() {
        let f = flatten_json(r#"{"order":{"total":129.5,"items":["a",{"b":true}]}}"#);
        // Keys come in serde_json's (sorted) order; training renders insertion order — the
        // model reads lines, not positions.
        assert_eq!(
            f,
            "order.items[0]: a\norder.items[1].b: true\norder.total: 129.5\n"
        );
        assert_eq!(flatten_json("plain text"), "plain text");
        assert_eq!(flatten_json("{not json"), "{not json");
    }

    #[test]
    fn truncation_keeps_specials_and_claim() {
        // [CLS]=101 a×10 [SEP]=102 b×3 [SEP]
        let mut ids = vec![101u32];
        ids.extend(std::iter::repeat_n(7, 10));
        ids.push(102);
        let n0 = ids.len();
        ids.extend([8, 8, 8, 102]);
        let mut types = vec![0u32; n0];
        types.resize(ids.len(), 1);
        let (x, t) = truncate_pair(&ids, &types, 10);
        assert_eq!(x.len(), 10);
        assert_eq!(x[0], 101);
        assert_eq!(*x.last().unwrap(), 102);
        assert_eq!(
            x.iter().filter(|&&i| i == 8).count(),
            3,
            "the short claim is kept whole"
        );
        assert_eq!(t.iter().filter(|&&v| v == 1).count(), 4);
        let (x2, _) = truncate_pair(&ids, &types, 100);
        assert_eq!(x2, ids);
    }

    #[test]
    fn premise_prefers_matching_chunks() {
        let run = AgentRun {
            tool_calls: vec![groundcheck_detectors::run::ToolCall {
                id: "c1".into(),
                name: "t".into(),
                result: Some(format!(
                    "{}The order ORD-1 total is 12.50 dollars.",
                    "Unrelated filler sentence about weather. ".repeat(30)
                )),
                ..Default::default()
            }],
            ..Default::default()
        };
        let idx = EvidenceIndex::new(&run, false);
        let p = idx.premise("The order total was $12.50.", 240);
        let best = p.lines().next().unwrap_or("");
        assert!(
            best.contains("The order ORD-1 total is 12.50 dollars."),
            "{p}"
        );
        assert!(p.len() <= 240, "{}", p.len());
    }

    #[test]
    fn hypothesis_prefixes_short_answers() {
        assert_eq!(hypothesis("Which city?", "Delhi"), "Which city? Delhi");
        assert_eq!(hypothesis("", "Delhi"), "Delhi");
        let long = "The hotel group has its head office in the city of Delhi in India.";
        assert_eq!(hypothesis("Which city?", long), long);
    }

    #[test]
    fn missing_files_are_clear_errors() {
        let cfg = NliConfig {
            model: PathBuf::from("/nonexistent/model.onnx"),
            runtime: PathBuf::from("/nonexistent/libonnxruntime.so"),
            max_len: 128,
            max_pairs: 8,
            batch: 8,
            sessions: 1,
            thresholds: NliThresholds::default(),
            dump: None,
        };
        let e = NliModel::load(&cfg).err().expect("must fail");
        assert!(
            e.to_string()
                .contains("model file not found at /nonexistent/model.onnx"),
            "{e}"
        );
    }
}

/// Against the committed model and the real ONNX Runtime (deploy/onnxruntime.sh; deploy/test.sh
/// exports GROUNDCHECK_NLI_RUNTIME).
#[cfg(test)]
mod model_tests {
    use super::*;

    fn model() -> NliModel {
        let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        let runtime = std::env::var_os("GROUNDCHECK_NLI_RUNTIME")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("deploy/.cache/onnxruntime-1.31.1/libonnxruntime.so"));
        let cfg = NliConfig {
            model: root.join("models/nli/groundcheck-nli.int8.onnx"),
            runtime,
            max_len: 256,
            max_pairs: 32,
            batch: 4,
            sessions: 2,
            thresholds: NliThresholds::default(),
            dump: None,
        };
        NliModel::load(&cfg).unwrap_or_else(|e| {
            panic!("{e} — run deploy/onnxruntime.sh first (deploy/test.sh does)")
        })
    }

    fn run_with(evidence: &str, question: &str, answer: &str) -> AgentRun {
        AgentRun {
            run_id: "0".repeat(32),
            user_input: question.into(),
            tool_calls: vec![groundcheck_detectors::run::ToolCall {
                id: "c1".into(),
                name: "search".into(),
                arguments: Some("{}".into()),
                result: Some(evidence.into()),
                ..Default::default()
            }],
            final_answer: Some(answer.into()),
            ..Default::default()
        }
    }

    fn scorer(th: NliThresholds) -> NliScorer {
        let det = Stage2Config::default();
        NliScorer::new(
            Arc::new(groundcheck_detectors::stage2::DeterministicScorer::new(
                det.clone(),
            )),
            Arc::new(model()),
            det,
            th,
            32,
            None,
            Arc::new(Metrics::default()),
        )
    }

    /// The cascade on prose evidence: an assertion whose words are all in the passage but whose
    /// relation is not (the QA-style hallucination the deterministic checks cannot see) is
    /// lowered by the model; the grounded one is kept. The model must rank the grounded claim
    /// above the swapped one; the not-entailed threshold is then set between the two, so the
    /// test checks the cascade's mechanics and the model's ordering, not one calibration.
    #[test]
    fn cascade_lowers_a_not_entailed_assertion_on_a_passage() {
        let ev = "Arthur's Magazine (1844-1846) was an American literary periodical published in Philadelphia. First for Women is a woman's magazine published by Bauer Media Group in the USA, started in 1989.";
        let q = "Which magazine was published in Philadelphia?";
        let bad_text =
            "First for Women was an American literary periodical published in Philadelphia.";
        let good_text =
            "Arthur's Magazine was an American literary periodical published in Philadelphia.";
        let (bad_run, good_run) = (run_with(ev, q, bad_text), run_with(ev, q, good_text));
        let probe = scorer(NliThresholds::default());
        let p_entailed = |r: &AgentRun, text: &str| {
            let claims = probe.inner.score(r, text);
            let (p, prose) = probe.probabilities(r, &claims).unwrap();
            assert!(prose);
            p[0].expect("an assertion on a passage is scored")[0] as f64
        };
        let (pb, pg) = (
            p_entailed(&bad_run, bad_text),
            p_entailed(&good_run, good_text),
        );
        assert!(pg > pb + 0.05, "grounded {pg} vs swapped {pb}");
        let s = scorer(NliThresholds {
            unsupported: (pb + pg) / 2.0,
            ..NliThresholds::default()
        });
        let bad = s.score(&bad_run, bad_text);
        let good = s.score(&good_run, good_text);
        assert!(
            bad.iter().any(|c| c.reason.starts_with("learned model")),
            "{bad:?}"
        );
        assert!(
            good.iter().all(|c| !c.reason.starts_with("learned model")),
            "{good:?}"
        );
        // Beside a structured result the claim may draw on it, which the passage premise
        // lacks: "nothing entails it" lowers nothing there.
        let mut mixed = bad_run.clone();
        mixed.tool_calls.push(groundcheck_detectors::run::ToolCall {
            id: "c2".into(),
            name: "lookup".into(),
            arguments: Some("{}".into()),
            result: Some(r#"{"magazine":"First for Women","started":1989}"#.into()),
            ..Default::default()
        });
        let kept = s.score(&mixed, bad_text);
        assert!(
            kept.iter().all(|c| !c.reason.contains("does not entail")),
            "{kept:?}"
        );
    }

    /// The gates: no passage in the evidence (a bare identifier), or a claim that is not an
    /// assertion (an action report), and the model does not score the claim at all.
    #[test]
    fn cascade_gates_bare_results_and_action_reports() {
        let s = scorer(NliThresholds::default());
        let id_only = run_with(
            "mei_davis_8935",
            "Find my account",
            "Your account is mei_davis_8935.",
        );
        let claims = s
            .inner
            .score(&id_only, id_only.final_answer.as_deref().unwrap());
        let (p, prose) = s.probabilities(&id_only, &claims).unwrap();
        assert!(!prose, "a bare identifier is not a passage");
        assert!(p.iter().all(Option::is_none), "{p:?}");
        let ev = "The customer account for Mei Davis was found in the directory after searching by e-mail address and zip code.";
        let action = run_with(
            ev,
            "Find my account",
            "I have successfully located your account.",
        );
        let claims = s
            .inner
            .score(&action, action.final_answer.as_deref().unwrap());
        assert!(
            claims
                .iter()
                .all(|c| c.claim_type == ClaimType::ActionReport),
            "{claims:?}"
        );
        let (p, prose) = s.probabilities(&action, &claims).unwrap();
        assert!(prose);
        assert!(
            p.iter().all(Option::is_none),
            "action reports are not read by the model: {p:?}"
        );
    }

    /// The calibration dump writes, per claim, the pair the model read (premise, hypothesis,
    /// probabilities) for every assertion — `p` only where the model may change the claim — and
    /// writing it changes no verdict.
    #[test]
    fn dump_holds_every_assertion_pair_and_changes_no_verdict() {
        let ev =
            r#"{"order_id": "ORD-1042", "status": "shipped", "carrier": "UPS", "total": 89.5}"#;
        let q = "Where is my order ORD-1042?";
        let a = "Order ORD-1042 has shipped with UPS. The total was $89.50. I've emailed you the tracking link.";
        let r = run_with(ev, q, a);
        let path = std::env::temp_dir().join(format!("gc-nli-dump-{}.jsonl", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let det = Stage2Config::default();
        let dumping = NliScorer::new(
            Arc::new(groundcheck_detectors::stage2::DeterministicScorer::new(
                det.clone(),
            )),
            Arc::new(model()),
            det,
            NliThresholds::default(),
            32,
            Some(&path),
            Arc::new(Metrics::default()),
        );
        let with_dump = dumping.score(&r, a);
        drop(dumping);
        let without = scorer(NliThresholds::default()).score(&r, a);
        assert_eq!(with_dump, without);
        let lines: Vec<serde_json::Value> = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let _ = std::fs::remove_file(&path);
        assert_eq!(lines.len(), without.len(), "{lines:?}");
        for (l, c) in lines.iter().zip(&without) {
            assert_eq!(l["claim"], c.text.as_str());
            let assertion = c.claim_type == ClaimType::Assertion;
            assert_eq!(l["premise"].is_string(), assertion, "{l}");
            assert_eq!(l["p_all"].is_array(), assertion, "{l}");
            if assertion {
                assert!(
                    l["premise"].as_str().unwrap().contains("carrier: UPS"),
                    "{l}"
                );
                assert!(l["hypothesis"].as_str().unwrap().contains(&c.text), "{l}");
            }
            // `p` (what calibration replays) exactly for the claims the cascade would send:
            // with a dump, also on JSON evidence where the model does not act by default.
            assert_eq!(l["eligible"].as_bool(), Some(l["p"].is_array()), "{l}");
            if assertion && c.status == ClaimStatus::Supported {
                assert_eq!(l["eligible"], true, "{l}");
            }
        }
        assert!(
            without.iter().any(|c| c.claim_type == ClaimType::Assertion)
                && without.iter().any(|c| c.claim_type != ClaimType::Assertion),
            "{without:?}"
        );
    }

    #[test]
    fn passages_are_free_text_of_a_sentence() {
        assert!(!is_passage("mei_davis_8935"));
        assert!(!is_passage("Error: user not found"));
        assert!(!is_passage(
            r#"{"a": "one two three four five six seven eight nine"}"#
        ));
        assert!(is_passage(
            "The order was shipped on Monday by the usual carrier to Boston."
        ));
    }

    #[test]
    fn entailed_pair_scores_high_and_contradicted_number_low() {
        let m = model();
        // A prose passage (the model acts on prose evidence; on flattened JSON it does not act by
        // default). The model is weak on plain restatements of values (BENCHMARKS.md), so the
        // entailed pair is a paraphrase it reads and the contradicted one swaps two values.
        let ev = "The customer's package was handed to UPS in Boston and is on its way. It was paid by credit card.".to_owned();
        let pairs = vec![
            (
                ev.clone(),
                "The package was paid by credit card.".to_owned(),
            ),
            (
                ev.clone(),
                "The package was paid in cash and handed to FedEx.".to_owned(),
            ),
        ];
        let p = m.predict(&pairs).unwrap();
        for q in &p {
            assert!((q.iter().sum::<f32>() - 1.0).abs() < 1e-4, "{q:?}");
        }
        assert!(p[0][0] > 0.5, "entailed pair: {:?}", p[0]);
        assert!(p[1][2] > 0.5, "contradicted values: {:?}", p[1]);
        assert!(p[0][0] > p[1][0] + 0.3, "{p:?}");
        // Batching does not change a pair's verdict. Dynamic int8 quantization scales the
        // activations per call, so the probabilities move with the batch's other pairs: by up to
        // about 0.1 with the GPU-recipe model (a few thousandths with the earlier one).
        let single = m.predict(&pairs[1..]).unwrap();
        let argmax = |q: &[f32]| (0..3).max_by(|&a, &b| q[a].total_cmp(&q[b])).unwrap();
        assert_eq!(argmax(&single[0]), argmax(&p[1]), "{single:?} vs {p:?}");
        assert!((single[0][2] - p[1][2]).abs() < 0.15, "{single:?} vs {p:?}");
        // Long evidence is truncated, not an error; empty input is fine.
        let long = vec![(ev.repeat(200), "Order ORD-48213 has shipped.".to_owned())];
        assert_eq!(m.predict(&long).unwrap().len(), 1);
        assert!(m.predict(&[]).unwrap().is_empty());
    }
}
