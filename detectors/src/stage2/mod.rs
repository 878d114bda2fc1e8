//! Stage 2 — groundedness.
//!
//! The final answer is segmented into claims ([`crate::text::segment`]); non-factual ones
//! (greetings, offers, questions back to the user) are dropped. Each claim's checkable items
//! are extracted — identifiers and URLs, numbers with units, times, dates, named entities,
//! action claims — and each is looked up in the run's evidence (tool results, retrieved
//! documents, the user request, the system prompt).
//!
//! Scores (configurable through [`Stage2Config`]):
//! - every item supported → `supported`, score 1.0;
//! - a number, time, date or entity that the evidence does not support → `contradicted`
//!   (when the evidence has a conflicting value of the same kind) or `unsupported`,
//!   score `unsupported_score` (default 0.5: revise);
//! - an identifier, URL, e-mail, citation or section reference absent from the evidence
//!   (a fabricated reference) → `unsupported`, score `fabricated_score` (default 0.2: block);
//! - content coverage, only when the run's tool results are mostly prose (retrieved passages,
//!   not JSON, whose answers necessarily verbalize field names): a claim whose items pass but
//!   whose content words are largely absent from the evidence (two fifths of them, at least one,
//!   at most two) → `unsupported` with the absent words flagged.
//!
//! Evidence citations: an item cites where it matched; a supported claim with no positioned
//! item cites its best passage by BM25 over evidence chunks ([`crate::bm25`]).
//!
//! Numbers are matched with rounding (the claim's precision), approximation words
//! ("about", "around"), magnitudes (thousand/million/billion), unit conversions (°C/°F,
//! km/mi, km/h/mph, kg/lb, minutes/hours), and values computed from two evidence numbers
//! (sums, differences, percentage changes) — paraphrase and computation are not
//! hallucinations under the spec.
//!
//! # Contract
//! [`Scorer::score`] is synchronous CPU work, `Send + Sync`, deterministic, and bounded by the
//! size of the answer and evidence (evidence is indexed once per run). It runs on the
//! collector's worker pool, never on an I/O thread.
//!
//! # Modules
//! - `score`: [`DeterministicScorer`], the per-claim scoring loop (bounds, localization,
//!   citations);
//! - `items`: the regular expressions, value parsing and the extraction of a claim's
//!   checkable items;
//! - `item_kind`: [`ItemKind`], the kinds of items, and which a run scores (a gating
//!   profile's `item_kinds`: an item of a kind not scored is extracted but not checked, so it
//!   never lowers a claim);
//! - `check`: the check of one item against the evidence and its outcome;
//! - `number_check`: the check of one claim number, its rules in order (the words around it,
//!   counts, days from a stated date, record binding, named fields, computed values);
//! - `counts`: what a count counts (a compound's head, a subset adding up to a stated sum,
//!   distinct days, the weekday a sentence names);
//! - `premises`: a worked example's or a hypothetical instance's own premise;
//! - `dates`: month and season names, stated spans, dates copied from another field or stated
//!   relative to another date;
//! - `evidence`: the evidence index built once per run, and the prose rule;
//! - `numbers`: claim numbers, rounding, conversions and computed values;
//! - `states`: status words, negation, status frames and lifecycles;
//! - `entities`: entity stop words and place codes;
//! - `direction`: comparatives, rankings and changes against the claim's own numbers;
//! - `paraphrase`: a negation or relation word reversed against the tool-result line a clause
//!   paraphrases;
//! - `coverage`: content coverage, stop lists and the crude stem;
//! - `spoken`: an answer written to be read aloud, rewritten into written forms (numbers,
//!   amounts, dates, times and codes in words) with a map back to the answer's offsets;
//! - `layout`: a line's status symbol, a block quote's mark and no-break spaces, scored as the
//!   spaces they stand for (character offsets unchanged);
//! - `flags`: yes/no claims against the JSON booleans they name;
//! - `aggregate`: how claim scores combine into the run's score;
//! - `test_support` (tests only): the one-tool run and scorer the unit tests share;
//! - [`actions`], [`bounds`], [`calc`], [`claim_type`], [`records`], [`terms`]: action
//!   reports, work bounds, computed values, claim types, JSON records, term normalization.

pub mod actions;
pub mod bounds;
pub mod calc;
pub mod claim_type;
pub mod records;
pub mod terms;

mod aggregate;
mod antecedent;
mod cells;
mod check;
mod citations;
mod code_gloss;
mod counts;
mod coverage;
mod dates;
mod direction;
mod entities;
mod evidence;
mod flags;
mod item_kind;
mod items;
mod layout;
mod measures;
mod number_check;
mod numbers;
mod paraphrase;
mod premises;
mod referent;
mod refusals;
mod rewrite;
mod salutation;
mod score;
mod spoken;
mod states;
mod structured;
mod table_math;
mod tally;
#[cfg(test)]
mod test_support;
mod totals;
mod unscored;
mod windows;
mod written;

pub use aggregate::{aggregate, Aggregation};
pub use evidence::{is_result, is_structured, prose_docs, prose_evidence};
pub use item_kind::ItemKind;
pub use score::DeterministicScorer;
pub use structured::rendered_text;

use crate::report::Claim;
use crate::run::AgentRun;

/// Stage 2 configuration.
#[derive(Debug, Clone)]
pub struct Stage2Config {
    pub unsupported_score: f64,
    pub fabricated_score: f64,
    /// Max evidence spans cited per claim.
    pub max_citations: usize,
    /// Content coverage (prose evidence only): a claim whose checkable items all pass (or that
    /// has none) is still unsupported when this share of its content words (rounded up, at
    /// least one) ...
    pub coverage_min_share: f64,
    /// ... or this many of them, whichever is fewer, are absent from the evidence (0 disables
    /// the check).
    pub coverage_min_words: usize,
    /// Content coverage of a claim that holds a supported item where the evidence also has
    /// structured records (JSON): unsupported when at least this share of its content — its
    /// content words and its supported items — is absent from the evidence (no word cap).
    pub coverage_anchored_share: f64,
    /// Bounds of the work per run ([`bounds`]).
    pub bounds: bounds::WorkBounds,
}

impl Default for Stage2Config {
    fn default() -> Self {
        Stage2Config {
            unsupported_score: 0.5,
            fabricated_score: 0.2,
            max_citations: 3,
            coverage_min_share: 0.4,
            coverage_min_words: 2,
            coverage_anchored_share: 0.5,
            bounds: bounds::WorkBounds::default(),
        }
    }
}

/// A groundedness scorer. Implementations (deterministic, learned model, LLM judge) are
/// combined by the pipeline; each returns one [`Claim`] per factual claim of the answer.
pub trait Scorer: Send + Sync {
    fn name(&self) -> &'static str;
    fn score(&self, run: &AgentRun, answer: &str) -> Vec<Claim>;
    /// [`Scorer::score`] with the bounds of the work per run it reached (see [`bounds`]),
    /// checking only items of the kinds in `kinds` (empty: every kind; see [`ItemKind`]).
    /// Scorers that bound their work or check items override this, and a scorer wrapping
    /// another passes `kinds` on; the default is [`Scorer::score`], for scorers that do neither.
    fn score_bounded(&self, run: &AgentRun, answer: &str, _kinds: &[ItemKind]) -> bounds::Scored {
        bounds::Scored {
            claims: self.score(run, answer),
            bounds: Vec::new(),
        }
    }
    /// A note added to every report this scorer takes part in (e.g. which model is in use, or
    /// why a learned scorer fell back to the deterministic one).
    fn note(&self) -> Option<String> {
        None
    }
}
