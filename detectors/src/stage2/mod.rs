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
//!   whose content words are largely absent from the evidence (a quarter of them, at least one,
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

pub mod actions;
pub mod bounds;
pub mod calc;
pub mod claim_type;
pub mod records;
pub mod terms;

use crate::bm25::Bm25;
use crate::report::{Claim, ClaimStatus, ClaimType, EvidenceSpan, FlagKind, FlaggedSpan};
use crate::run::{AgentRun, EvidenceDoc};
use crate::stage1::contains_bounded;
use crate::text::{char_offset, segment, word_hash};
use claim_type::{classify, label_span};
use regex::Regex;
use std::sync::OnceLock;
use terms::{contains_terms, normalize_terms, strip_clitic, REGION_CODES};

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
    /// Bounds of the work per run ([`bounds`]).
    pub bounds: bounds::WorkBounds,
}

impl Default for Stage2Config {
    fn default() -> Self {
        Stage2Config {
            unsupported_score: 0.5,
            fabricated_score: 0.2,
            max_citations: 3,
            coverage_min_share: 0.25,
            coverage_min_words: 2,
            bounds: bounds::WorkBounds::default(),
        }
    }
}

/// A groundedness scorer. Implementations (deterministic, learned model, LLM judge) are
/// combined by the pipeline; each returns one [`Claim`] per factual claim of the answer.
pub trait Scorer: Send + Sync {
    fn name(&self) -> &'static str;
    fn score(&self, run: &AgentRun, answer: &str) -> Vec<Claim>;
    /// [`Scorer::score`] with the bounds of the work per run it reached (see [`bounds`]):
    /// scorers that bound their work override this; the default reaches none.
    fn score_bounded(&self, run: &AgentRun, answer: &str) -> bounds::Scored {
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

/// The deterministic scorer.
pub struct DeterministicScorer {
    cfg: Stage2Config,
}

impl DeterministicScorer {
    pub fn new(cfg: Stage2Config) -> Self {
        DeterministicScorer { cfg }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum ItemKind {
    Identifier,
    Number,
    Time,
    Date,
    Entity,
    Action,
    /// A categorical value / status (delivered, on time, nonstop, fog, north…).
    State,
    /// A causal or explanatory clause ("due to …", "driven by …").
    Clause,
}

#[derive(Debug, Clone)]
struct Item {
    kind: ItemKind,
    start: usize,
    end: usize,
    text: String,
}

struct Outcome {
    supported: bool,
    contradicted: bool,
    citation: Option<(usize, usize, usize)>, // (doc, byte start, byte end)
}

impl Outcome {
    fn supported(citation: Option<(usize, usize, usize)>) -> Outcome {
        Outcome {
            supported: true,
            contradicted: false,
            citation,
        }
    }

    fn contradicted() -> Outcome {
        Outcome {
            supported: false,
            contradicted: true,
            citation: None,
        }
    }
}

/// Evidence indexed once per run.
struct Evidence {
    lower: Vec<String>,
    numbers: Vec<(f64, usize, usize, usize, bool)>, // value, doc, start, end, has_fraction
    times: Vec<(u32, usize, usize, usize)>,         // minutes of day, doc, start, end
    dates: Vec<(u32, u32, Option<i32>, usize, usize, usize)>, // month, day, year, doc, start, end
    tool_names: Vec<String>,
    /// Arguments of the run's tool calls, lower-cased: an identifier the agent itself sent
    /// to a tool ("the order #W9502126 you gave is not found") is known to the run (Stage 1
    /// judges where the argument came from).
    call_arguments: Vec<String>,
    /// Values taken into two-value arithmetic ([`bounds::WorkBounds::max_derived_values`]).
    max_derived: usize,
    /// Computed values, built on first use ([`calc::DerivedIndex`]).
    derived_additive: OnceLock<calc::DerivedIndex>,
    derived_scaling: OnceLock<calc::DerivedIndex>,
    derived_subsets: OnceLock<calc::DerivedIndex>,
    /// JSON objects of the evidence with their keys and numbers ([`records`]).
    records: Vec<records::Record>,
    /// Values of one numeric field across a JSON array, for fields of at most
    /// [`calc::MAX_SUBSET`] values (subset sums: the refund of some of an order's items).
    columns: Vec<Vec<f64>>,
    /// Numbers keyed by the JSON field name that holds them (and array lengths by the array's key).
    keyed: Vec<(String, f64)>,
    /// Evidence normalized for term matching ([`terms::normalize_terms`]).
    norm: Vec<String>,
    /// The values the evidence states, normalized: the string values of a JSON document
    /// (not its field names: a `delay_minutes` field states no delay), or a prose document.
    norm_values: Vec<String>,
    /// Every evidence word, stemmed, and the 5-letter prefixes of longer words (content
    /// coverage; built only for prose evidence).
    vocab: std::collections::HashSet<u64>,
    vocab_prefix: std::collections::HashSet<u64>,
    /// Most of the tool-result / retrieved text is prose rather than structured data (JSON).
    prose: bool,
    /// The run's day (days since 1970-01-01, UTC) for relative dates ("tomorrow").
    run_day: Option<i64>,
}

fn re() -> &'static Regexes {
    static R: OnceLock<Regexes> = OnceLock::new();
    R.get_or_init(Regexes::new)
}

struct Regexes {
    url: Regex,
    email: Regex,
    ident: Regex,
    unit_number: Regex,
    section: Regex,
    number: Regex,
    time: Regex,
    iso_time: Regex,
    date_text: Regex,
    iso_date: Regex,
    entity: Regex,
    action: Regex,
    non_factual: Regex,
    duration: Regex,
    clause: Regex,
    quoted: Regex,
    relative_day: Regex,
    change_from: Regex,
}

const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

impl Regexes {
    fn new() -> Self {
        Regexes {
            url: Regex::new(r#"(?i)\b(?:https?://|www\.)[^\s<>"')\]]+[^\s<>"').,;:!?\]]"#).unwrap(),
            email: Regex::new(r"(?i)\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b").unwrap(),
            ident: Regex::new(r"(?x)
                \#\d+\b
              | \b[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]\b
              | \b[a-z0-9]+(?:[_-][a-z0-9]+)*\.(?:py|rs|js|ts|tsx|md|json|ya?ml|toml|txt|csv|sql|go|java|rb|sh|cfg|ini|log|html|css)\b
              | (?:\b[\w.-]+)?(?:/[\w.-]+){2,}/?
            ").unwrap(),
            unit_number: Regex::new(r"(?i)^\d+(?:\.\d+)?(?:st|nd|rd|th|am|pm|k|m|bn|km|mi|kg|lbs?|h|hrs?|min|mins|s|ms|gb|mb|kb|tb|x|c|f|mph|kph|kmh|d|w|y|yr|yrs)$").unwrap(),
            section: Regex::new(r"(?i)\b(?:section|sec\.|§|clause|article|paragraph|chapter|appendix|step|rule|page)\s*[\dA-Z]+(?:[.(][\dA-Za-z]+\)?)*").unwrap(),
            number: Regex::new(r"(?ix)
                (?P<cur>[$€£¥])?\s?
                \b(?P<num>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?
                (?:\s?(?P<mag>thousand|million|billion|trillion|k|m|bn)\b)?
                (?:\s?(?P<unit>%|percent\b|°\s?[CF]\b|degrees?(?:\s?(?:celsius|fahrenheit|[CF]))?\b|km/h|kph\b|mph\b|kilometers\b|kilometres\b|km\b|miles\b|mi\b|kg\b|lbs?\b|pounds\b|minutes?\b|mins?\b|hours?\b|hrs?\b|h\b|days?\b|weeks?\b|months?\b|years?\b|seconds?\b|secs?\b|ms\b|gb\b|mb\b|tb\b|kb\b))?").unwrap(),
            time: Regex::new(r"(?i)\b(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s?(?P<ap>a\.?m\.?|p\.?m\.?)|\b(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)\b").unwrap(),
            iso_time: Regex::new(r"(?:T|\b)(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?::\d{2})?").unwrap(),
            date_text: Regex::new(r"(?ix)
                \b(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?,?\s+)?
                (?:
                   (?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(?P<year>\d{4}))?
                 | (?P<day2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b(?:,?\s+(?P<year2>\d{4}))?
                )").unwrap(),
            iso_date: Regex::new(r"\b(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})|\b(?P<m2>\d{1,2})/(?P<d2>\d{1,2})/(?P<y2>\d{4})").unwrap(),
            entity: Regex::new(r"\b[A-Z][a-zA-Z'’&.-]*[a-z][a-zA-Z'’&-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][a-zA-Z'’&-]+)*|\b[A-Z]{2,6}\b").unwrap(),
            action: Regex::new(r"(?i)\bI(?:'ve|’ve| have| just| already|'ll|’ll| will| went ahead and)?\s+(?:also\s+|already\s+|just\s+|gone ahead and\s+)?(?P<verb>sent|emailed|booked|cancell?ed|created|updated|filed|scheduled|rescheduled|refunded|notified|escalated|opened|closed|submitted|reset|changed|added|removed|deleted|forwarded|messaged|reserved|ordered|placed|assigned|merged|commented|posted|flagged|reported|contacted|applied|issued|initiated|processed|saved|exported|shared|moved|renamed|locked|labeled|labelled|rebooked|upgraded|paid|logged|raised)\b").unwrap(),
            non_factual: Regex::new(r"(?i)^(?:sure|certainly|of course|absolutely|great|okay|ok|got it|happy to help|glad to help|no problem|here(?:'s| is| are) (?:what|the (?:latest|details|summary|status|result))|let me know|hope (?:this|that) helps|feel free|thanks|thank you|good news|unfortunately|i hope|anything else|is there anything|good question|great question)\b[^.!?]*[.!?:]?$").unwrap(),
            change_from: Regex::new(r"(?i)\b(?P<verb>up|down|increased|decreased|rose|fell|grew|dropped|climbed|declined)\s+from\b").unwrap(),
            relative_day: Regex::new(r"(?i)\b(?:today|tonight|tomorrow|yesterday)\b").unwrap(),
            quoted: Regex::new(r#"“[^”]{3,80}”|"[^"]{3,80}""#).unwrap(),
            clause: Regex::new(r"(?i)\b(?:due to|because(?: of)?|driven (?:mainly |largely |primarily |mostly )?by|as requested by|caused by|thanks to|owing to|as a result of|after (?:a|an|the) [a-z]+ (?:issue|problem|delay))\s+[^.,;!?]+").unwrap(),
            duration: Regex::new(r"(?i)\b(?P<h>\d+)\s*(?:hours?|hrs?|h)\s*(?:and\s*)?(?P<m>\d+)\s*(?:minutes?|mins?|m)\b").unwrap(),
        }
    }
}

fn month_index(s: &str) -> Option<u32> {
    let l = s.to_ascii_lowercase();
    MONTHS
        .iter()
        .position(|m| l.starts_with(m))
        .map(|p| p as u32 + 1)
}

/// Value of a `number` regex match: the integer part and its `frac` digits.
fn captured_value(c: &regex::Captures<'_>) -> Option<f64> {
    let num = c.name("num")?.as_str();
    let int = parse_num(num);
    match c.name("frac") {
        Some(f) => parse_num(&format!("{}.{}", num.replace(',', ""), f.as_str())).or(int),
        None => int,
    }
}

/// Multiplier of a `number` match's magnitude word ("1.2 million").
fn captured_magnitude(c: &regex::Captures<'_>) -> f64 {
    match c
        .name("mag")
        .map(|m| m.as_str().to_ascii_lowercase())
        .as_deref()
    {
        Some("thousand") | Some("k") => 1e3,
        Some("million") | Some("m") => 1e6,
        Some("billion") | Some("bn") => 1e9,
        Some("trillion") => 1e12,
        _ => 1.0,
    }
}

fn parse_num(s: &str) -> Option<f64> {
    s.replace(',', "").parse().ok()
}

impl Evidence {
    fn new(run: &AgentRun, docs: &[EvidenceDoc], max_derived: usize) -> Self {
        let r = re();
        let mut ev = Evidence {
            lower: docs.iter().map(|d| d.text.to_lowercase()).collect(),
            norm: docs.iter().map(|d| normalize_terms(&d.text)).collect(),
            norm_values: Vec::with_capacity(docs.len()),
            numbers: Vec::new(),
            times: Vec::new(),
            dates: Vec::new(),
            tool_names: run
                .tool_calls
                .iter()
                .map(|c| c.name.to_lowercase())
                .collect(),
            call_arguments: run
                .tool_calls
                .iter()
                .filter_map(|c| c.arguments.as_ref().map(|a| a.to_lowercase()))
                .collect(),
            keyed: Vec::new(),
            columns: Vec::new(),
            records: Vec::new(),
            max_derived,
            derived_additive: OnceLock::new(),
            derived_scaling: OnceLock::new(),
            derived_subsets: OnceLock::new(),
            vocab: std::collections::HashSet::new(),
            vocab_prefix: std::collections::HashSet::new(),
            prose: false,
            run_day: [run.start_unix_nano, run.end_unix_nano]
                .into_iter()
                .find(|t| *t > 0)
                .map(|t| (t / 86_400_000_000_000) as i64),
        };
        // Tool-result / retrieved bytes, and those that are not structured (JSON) data.
        let (mut prose_bytes, mut result_bytes) = (0usize, 0usize);
        for (i, d) in docs.iter().enumerate() {
            let t = &d.text;
            for m in r.iso_date.captures_iter(t) {
                let whole = m.get(0).unwrap();
                let (y, mo, da) = if let Some(y) = m.name("y") {
                    (
                        y.as_str().parse().ok(),
                        m["m"].parse().unwrap_or(0),
                        m["d"].parse().unwrap_or(0),
                    )
                } else {
                    (
                        m["y2"].parse().ok(),
                        m["m2"].parse().unwrap_or(0),
                        m["d2"].parse().unwrap_or(0),
                    )
                };
                ev.dates.push((mo, da, y, i, whole.start(), whole.end()));
            }
            for m in r.date_text.captures_iter(t) {
                let whole = m.get(0).unwrap();
                let mon = m
                    .name("mon")
                    .or(m.name("mon2"))
                    .and_then(|x| month_index(x.as_str()))
                    .unwrap_or(0);
                let day = m
                    .name("day")
                    .or(m.name("day2"))
                    .and_then(|x| x.as_str().parse().ok())
                    .unwrap_or(0);
                let year = m
                    .name("year")
                    .or(m.name("year2"))
                    .and_then(|x| x.as_str().parse().ok());
                ev.dates
                    .push((mon, day, year, i, whole.start(), whole.end()));
            }
            for m in r.iso_time.captures_iter(t) {
                let whole = m.get(0).unwrap();
                let h: u32 = m["h"].parse().unwrap_or(0);
                let mi: u32 = m["m"].parse().unwrap_or(0);
                ev.times.push((h * 60 + mi, i, whole.start(), whole.end()));
            }
            for m in r.time.captures_iter(t) {
                if let Some(mins) = time_minutes(&m) {
                    let whole = m.get(0).unwrap();
                    ev.times.push((mins, i, whole.start(), whole.end()));
                }
            }
            let spans_of_i: Vec<(usize, usize)> = ev
                .dates
                .iter()
                .filter(|d| d.3 == i)
                .map(|d| (d.4, d.5))
                .chain(ev.times.iter().filter(|x| x.1 == i).map(|x| (x.2, x.3)))
                .collect();
            for m in r.number.captures_iter(t) {
                let Some(num) = m.name("num") else { continue };
                if spans_of_i
                    .iter()
                    .any(|sp| overlaps(*sp, (num.start(), num.end())))
                {
                    continue;
                }
                let v = captured_value(&m).unwrap_or(0.0);
                let end = m.name("frac").map_or(num.end(), |f| f.end());
                ev.numbers
                    .push((v, i, num.start(), end, m.name("frac").is_some()));
            }
            // Array lengths count as numbers ("3 open issues" from a list of three).
            // Totals and averages of a column (the same numeric field across an array of
            // objects) count too ("about $14.6 million in total").
            let parsed = serde_json::from_str::<serde_json::Value>(t).ok();
            ev.norm_values.push(match &parsed {
                Some(j) if j.is_object() || j.is_array() => {
                    let mut values = String::new();
                    string_values(j, &mut values);
                    normalize_terms(&values)
                }
                _ => ev.norm[i].clone(),
            });
            if let Some(j) = &parsed {
                keyed_numbers(j, None, &mut ev.keyed);
                let mut derived = Vec::new();
                array_aggregates(j, &mut derived, &mut ev.columns);
                records::index(j, &mut ev.records);
                for n in derived {
                    ev.numbers.push((n, i, 0, 0, false));
                }
            }
            if is_result(d) {
                let len = t.trim_start().len();
                result_bytes += len;
                if !parsed
                    .as_ref()
                    .is_some_and(|j| j.is_object() || j.is_array())
                {
                    prose_bytes += len;
                }
            }
        }
        ev.prose = prose_rule(prose_bytes, result_bytes);
        // The coverage vocabulary is only needed (and only built) for prose evidence.
        if ev.prose {
            for l in &ev.lower {
                for w in l
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                {
                    ev.vocab.insert(word_hash(stem(w)));
                    if let Some((i, _)) = w.char_indices().nth(5) {
                        ev.vocab_prefix.insert(word_hash(&w[..i]));
                    }
                }
            }
        }
        ev
    }

    fn find_text(&self, needle_lower: &str) -> Option<(usize, usize, usize)> {
        for (i, l) in self.lower.iter().enumerate() {
            if contains_bounded(l, needle_lower) {
                let p = l.find(needle_lower).unwrap_or(0);
                return Some((i, p, p + needle_lower.len()));
            }
        }
        None
    }
}

/// (field name, value) for numeric fields, and (array key, length) for arrays.
fn keyed_numbers(v: &serde_json::Value, key: Option<&str>, out: &mut Vec<(String, f64)>) {
    use serde_json::Value as J;
    match v {
        J::Number(n) => {
            if let (Some(k), Some(x)) = (key, n.as_f64()) {
                out.push((k.to_lowercase(), x));
            }
        }
        J::Array(a) => {
            if let Some(k) = key {
                out.push((k.to_lowercase(), a.len() as f64));
                // "4 items" may count units: sums of the array's numeric columns.
                let mut sums: Vec<(&str, f64)> = Vec::new();
                for x in a {
                    if let J::Object(o) = x {
                        for (ck, cv) in o {
                            if let Some(n) = cv.as_f64() {
                                match sums.iter_mut().find(|s| s.0 == ck) {
                                    Some(s) => s.1 += n,
                                    None => sums.push((ck, n)),
                                }
                            }
                        }
                    }
                }
                out.extend(sums.into_iter().map(|(_, v)| (k.to_lowercase(), v)));
            }
            a.iter().for_each(|x| keyed_numbers(x, key, out));
        }
        J::Object(o) => o.iter().for_each(|(k, x)| keyed_numbers(x, Some(k), out)),
        _ => {}
    }
}

/// Array lengths, and per numeric field of an array of objects its sum and mean.
fn array_aggregates(v: &serde_json::Value, out: &mut Vec<f64>, columns: &mut Vec<Vec<f64>>) {
    use serde_json::Value as J;
    match v {
        J::Array(a) => {
            out.push(a.len() as f64);
            let mut cols: Vec<(&str, Vec<f64>)> = Vec::new();
            for x in a {
                if let J::Object(o) = x {
                    for (k, val) in o {
                        if let Some(n) = val.as_f64() {
                            match cols.iter_mut().find(|c| c.0 == k) {
                                Some(c) => c.1.push(n),
                                None => cols.push((k.as_str(), vec![n])),
                            }
                        }
                    }
                }
            }
            for (_, vals) in cols.into_iter().filter(|c| c.1.len() > 1) {
                let sum: f64 = vals.iter().sum();
                out.push(sum);
                out.push(sum / vals.len() as f64);
                out.push(vals.iter().copied().fold(f64::INFINITY, f64::min));
                out.push(vals.iter().copied().fold(f64::NEG_INFINITY, f64::max));
                if vals.len() <= calc::MAX_SUBSET && columns.len() < calc::MAX_COLUMNS {
                    columns.push(vals);
                }
            }
            a.iter().for_each(|x| array_aggregates(x, out, columns));
        }
        J::Object(o) => {
            // A map of records ({"W123": {...}, "W456": {...}}) is a collection too.
            let records: Vec<&J> = o.values().filter(|x| x.is_object()).collect();
            if records.len() > 1 && records.len() == o.len() {
                let mut cols: Vec<(&str, Vec<f64>)> = Vec::new();
                for r in &records {
                    for (k, val) in r.as_object().into_iter().flatten() {
                        if let Some(n) = val.as_f64() {
                            match cols.iter_mut().find(|c| c.0 == k) {
                                Some(c) => c.1.push(n),
                                None => cols.push((k.as_str(), vec![n])),
                            }
                        }
                    }
                }
                for (_, vals) in cols.into_iter().filter(|c| c.1.len() > 1) {
                    out.push(vals.iter().sum());
                    if vals.len() <= calc::MAX_SUBSET && columns.len() < calc::MAX_COLUMNS {
                        columns.push(vals);
                    }
                }
            }
            o.values().for_each(|x| array_aggregates(x, out, columns))
        }
        _ => {}
    }
}

/// A tool result or retrieved document (not the request or the system prompt).
fn is_result(d: &EvidenceDoc) -> bool {
    d.source != "user" && d.source != "system"
}

/// The prose rule: the run's tool results and retrieved documents are mostly prose (half or
/// more of their bytes are not a JSON object or array). Content coverage applies only then,
/// and the learned model acts only then.
fn prose_rule(prose_bytes: usize, result_bytes: usize) -> bool {
    result_bytes > 0 && prose_bytes * 2 >= result_bytes
}

/// Whether the run's evidence is mostly prose ([`prose_rule`]), for other scorers.
pub fn prose_evidence(run: &AgentRun) -> bool {
    let (mut prose_bytes, mut result_bytes) = (0usize, 0usize);
    for d in run.evidence().iter().filter(|d| is_result(d)) {
        let t = d.text.trim_start();
        result_bytes += t.len();
        let structured = t.starts_with(['{', '['])
            && serde_json::from_str::<serde_json::Value>(t)
                .is_ok_and(|j| j.is_object() || j.is_array());
        if !structured {
            prose_bytes += t.len();
        }
    }
    prose_rule(prose_bytes, result_bytes)
}

/// Every string value of a JSON document, separated by newlines (bounded by the document).
fn string_values(v: &serde_json::Value, out: &mut String) {
    use serde_json::Value as J;
    match v {
        J::String(s) => {
            out.push_str(s);
            out.push('\n');
        }
        J::Array(a) => a.iter().for_each(|x| string_values(x, out)),
        J::Object(o) => o.values().for_each(|x| string_values(x, out)),
        _ => {}
    }
}

/// Well-known aliases: a named place is supported when its airport code is in the evidence.
const PLACE_CODES: &[(&str, &[&str])] = &[
    ("new york", &["jfk", "lga", "ewr", "nyc"]),
    ("newark", &["ewr"]),
    ("los angeles", &["lax"]),
    ("san francisco", &["sfo"]),
    ("chicago", &["ord", "mdw"]),
    ("boston", &["bos"]),
    ("seattle", &["sea"]),
    ("miami", &["mia"]),
    ("atlanta", &["atl"]),
    ("dallas", &["dfw", "dal"]),
    ("denver", &["den"]),
    ("houston", &["iah", "hou"]),
    ("phoenix", &["phx"]),
    ("las vegas", &["las"]),
    ("orlando", &["mco"]),
    ("washington", &["iad", "dca", "bwi"]),
    ("philadelphia", &["phl"]),
    ("detroit", &["dtw"]),
    ("minneapolis", &["msp"]),
    ("portland", &["pdx"]),
    ("san diego", &["san"]),
    ("austin", &["aus"]),
    ("honolulu", &["hnl"]),
    ("toronto", &["yyz", "ytz"]),
    ("vancouver", &["yvr"]),
    ("montreal", &["yul"]),
    ("mexico city", &["mex"]),
    ("london", &["lhr", "lgw", "stn", "lcy"]),
    ("paris", &["cdg", "ory"]),
    ("amsterdam", &["ams"]),
    ("frankfurt", &["fra"]),
    ("munich", &["muc"]),
    ("madrid", &["mad"]),
    ("barcelona", &["bcn"]),
    ("lisbon", &["lis"]),
    ("rome", &["fco"]),
    ("milan", &["mxp", "lin"]),
    ("zurich", &["zrh"]),
    ("vienna", &["vie"]),
    ("dublin", &["dub"]),
    ("copenhagen", &["cph"]),
    ("stockholm", &["arn"]),
    ("oslo", &["osl"]),
    ("helsinki", &["hel"]),
    ("istanbul", &["ist"]),
    ("dubai", &["dxb"]),
    ("doha", &["doh"]),
    ("tokyo", &["hnd", "nrt"]),
    ("seoul", &["icn"]),
    ("beijing", &["pek", "pkx"]),
    ("shanghai", &["pvg", "sha"]),
    ("hong kong", &["hkg"]),
    ("singapore", &["sin"]),
    ("sydney", &["syd"]),
    ("melbourne", &["mel"]),
    ("delhi", &["del"]),
    ("mumbai", &["bom"]),
    ("bangkok", &["bkk"]),
    ("sao paulo", &["gru"]),
    ("são paulo", &["gru"]),
    ("johannesburg", &["jnb"]),
    ("cairo", &["cai"]),
    ("reykjavik", &["kef"]),
    ("brussels", &["bru"]),
];

fn time_minutes(m: &regex::Captures<'_>) -> Option<u32> {
    if let Some(h) = m.name("h") {
        let mut h: u32 = h.as_str().parse().ok()?;
        let mi: u32 = m.name("m").map_or(Some(0), |x| x.as_str().parse().ok())?;
        if h == 0 || h > 12 || mi > 59 {
            return None;
        }
        let pm = m
            .name("ap")
            .is_some_and(|a| a.as_str().to_ascii_lowercase().starts_with('p'));
        if h == 12 {
            h = 0;
        }
        if pm {
            h += 12;
        }
        Some(h * 60 + mi)
    } else {
        let h: u32 = m.name("h24")?.as_str().parse().ok()?;
        let mi: u32 = m.name("m24")?.as_str().parse().ok()?;
        Some(h * 60 + mi)
    }
}

/// Decimal places of a numeric literal.
fn decimals(frac: Option<&str>) -> i32 {
    frac.map_or(0, |f| f.len() as i32)
}

fn approx_words_before(text: &str, pos: usize) -> bool {
    let window = &text[text[..pos]
        .char_indices()
        .rev()
        .nth(24)
        .map_or(0, |(i, _)| i)..pos]
        .to_ascii_lowercase();
    [
        "about",
        "around",
        "approximately",
        "roughly",
        "nearly",
        "almost",
        "over",
        "under",
        "just",
        "some",
        "close to",
        "more than",
        "less than",
        "~",
        "up to",
        "at least",
    ]
    .iter()
    .any(|w| window.contains(w))
}

#[derive(Clone)]
struct ClaimNumber {
    value: f64,
    decimals: i32,
    approx: bool,
    unit: String,
    magnitude: f64,
    /// The counted noun right after a unit-less number ("15 comments").
    noun: Option<String>,
    /// The content word naming the quantity before the number in its clause ("Humidity is at
    /// 40%").
    noun_before: Option<String>,
    /// Currency symbol before the number, if any.
    currency: String,
}

/// A number stated anywhere in the answer (for totals the answer shows the parts of).
struct AnswerNumber {
    /// Byte offset in the answer.
    start: usize,
    /// Value times magnitude.
    value: f64,
    /// Currency and unit: only numbers of the same kind add up.
    kind: String,
}

fn number_kind(c: &ClaimNumber) -> String {
    format!("{}{}", c.currency, c.unit.to_lowercase())
}

/// Every number of the answer with its kind (the same reading as the claims' numbers).
fn answer_numbers(answer: &str) -> Vec<AnswerNumber> {
    re().number
        .captures_iter(answer)
        .take(64)
        .filter_map(|c| {
            let num = c.name("num")?;
            let value = captured_value(&c)? * captured_magnitude(&c);
            let start = c.name("cur").map_or(num.start(), |x| x.start());
            let kind = format!(
                "{}{}",
                c.name("cur").map_or("", |x| x.as_str()),
                c.name("unit")
                    .map_or(String::new(), |u| u.as_str().to_lowercase())
            );
            Some(AnswerNumber { start, value, kind })
        })
        .collect()
}

fn matches_value(c: &ClaimNumber, e: f64) -> bool {
    let v = c.value * c.magnitude;
    if c.magnitude > 1.0 || c.approx {
        let tol = if c.magnitude > 1.0 { 0.05 } else { 0.1 };
        return (v - e).abs() <= tol * e.abs().max(1e-9)
            || round_to(e / c.magnitude, c.decimals) == c.value;
    }
    round_to(e, c.decimals) == v || (v - e).abs() < 1e-9
}

fn round_to(x: f64, d: i32) -> f64 {
    let p = 10f64.powi(d.max(0));
    (x * p).round() / p
}

fn conversions(c: &ClaimNumber, e: f64) -> bool {
    let u = c.unit.to_ascii_lowercase();
    let mut alts = Vec::new();
    if u.contains('f') && (u.contains('°') || u.contains("deg") || u.contains("fahrenheit")) {
        alts.push(e * 9.0 / 5.0 + 32.0);
    }
    if u.contains('c') && (u.contains('°') || u.contains("deg") || u.contains("celsius")) {
        alts.push((e - 32.0) * 5.0 / 9.0);
    }
    if u == "mph" || u.starts_with("mi") {
        alts.push(e * 0.621371);
    }
    if u == "km/h" || u == "kph" || u.starts_with("km") || u.starts_with("kilomet") {
        alts.push(e * 1.609344);
    }
    if u.starts_with("lb") || u.starts_with("pound") {
        alts.push(e * 2.20462);
    }
    if u == "kg" {
        alts.push(e / 2.20462);
    }
    if u.starts_with('h') {
        alts.push(e / 60.0);
        alts.push(e / 3600.0);
    }
    if u.starts_with("min") {
        alts.push(e * 60.0);
        alts.push(e / 60.0);
    }
    if u.starts_with("day") {
        alts.push(e / 24.0);
        alts.push(e / 86400.0);
    }
    let relaxed = ClaimNumber {
        approx: true,
        ..c.clone()
    };
    alts.into_iter()
        .any(|a| round_to(a, c.decimals) == c.value * c.magnitude || matches_value(&relaxed, a))
}

impl DeterministicScorer {
    fn check(
        &self,
        ev: &Evidence,
        answer: &str,
        item: &Item,
        claim_num: Option<&ClaimNumber>,
        answer_numbers: &[AnswerNumber],
        anchored: &[usize],
    ) -> Outcome {
        let no = Outcome {
            supported: false,
            contradicted: false,
            citation: None,
        };
        match item.kind {
            ItemKind::Identifier | ItemKind::Entity => {
                let needle = item.text.trim_end_matches(['.', ',', ')']).to_lowercase();
                let needle = needle.trim_start_matches('#');
                if let Some(c) = ev.find_text(needle) {
                    return Outcome::supported(Some(c));
                }
                if item.kind == ItemKind::Identifier
                    && ev
                        .call_arguments
                        .iter()
                        .any(|a| contains_bounded(a, needle))
                {
                    return Outcome::supported(None);
                }
                if item.kind == ItemKind::Entity {
                    // The same term after normalization (case, separators, spelling, inflection).
                    let key = normalize_terms(needle);
                    if let Some(d) = ev.norm.iter().position(|d| contains_terms(d, &key)) {
                        return Outcome {
                            supported: true,
                            contradicted: false,
                            citation: ev
                                .find_text(needle.split_whitespace().next().unwrap_or(""))
                                .filter(|c| c.0 == d),
                        };
                    }
                    // At the start of a sentence (or after a label) the first word may be
                    // capitalized only by its position ("Current T-shirt price …"): the rest
                    // of the name decides.
                    let before = answer[..item.start].trim_end_matches([' ', '*', '_']);
                    let initial = before.is_empty()
                        || before.ends_with(['.', ':', '!', '?', '"', '(', '\n', '>', '#', '-']);
                    if initial {
                        if let Some((_, rest)) = needle.split_once(' ') {
                            let key = normalize_terms(rest);
                            if ev.norm.iter().any(|d| contains_terms(d, &key)) {
                                return Outcome::supported(None);
                            }
                        }
                    }
                    // A region by its code ("Florida" / "FL").
                    if let Some((_, code)) = REGION_CODES.iter().find(|(name, _)| *name == needle) {
                        if let Some(c) = ev.find_text(code) {
                            return Outcome::supported(Some(c));
                        }
                    }
                    if let Some((_, codes)) = PLACE_CODES.iter().find(|(name, _)| *name == needle) {
                        if let Some(c) = codes.iter().find_map(|code| ev.find_text(code)) {
                            return Outcome::supported(Some(c));
                        }
                    }
                    // Multi-word names: every significant word present counts (word order,
                    // possessives and articles vary in paraphrase).
                    let words: Vec<&str> = needle
                        .split(|c: char| !c.is_alphanumeric())
                        .filter(|w| w.len() > 2)
                        .collect();
                    if !words.is_empty() && words.iter().all(|w| ev.find_text(w).is_some()) {
                        return Outcome::supported(ev.find_text(words[0]));
                    }
                }
                no
            }
            ItemKind::Number => {
                let Some(c) = claim_num else { return no };
                // A value that belongs to another record than the one the claim names is
                // contradicted (see [`records`]); the other checks below only support.
                let direct = |n: f64| matches_value(c, n) || conversions(c, n);
                if records::bind(&ev.records, anchored, c.value * c.magnitude, direct)
                    == records::Binding::Conflict
                {
                    return Outcome::contradicted();
                }
                // A counted noun names the field: "15 comments" must match a `comments` field
                // (or the length of a `comments` array) when the evidence has one.
                // A noun names the field: "15 comments" must match a `comments` field (or
                // the length of a `comments` array), "Humidity is at 40%" a `humidity` one,
                // when the evidence has one.
                for noun in c.noun.iter().chain(c.noun_before.iter()) {
                    let stem = noun.trim_end_matches('s');
                    if stem.len() >= 4 {
                        let vals: Vec<f64> = ev
                            .keyed
                            .iter()
                            .filter(|(k, _)| k.contains(stem))
                            .map(|x| x.1)
                            .collect();
                        if !vals.is_empty() {
                            // The named field holds it, or it is computed (a new price
                            // difference, not the `price_difference` of an earlier exchange).
                            // Small whole numbers are too often a coincidental difference
                            // of two others: only precise values may be computed here.
                            let precise = c.decimals > 0 || c.value * c.magnitude >= 100.0;
                            let ok = vals.iter().any(|v| matches_value(c, *v))
                                || (precise && derived_value(ev, item, c, answer_numbers));
                            return Outcome {
                                supported: ok,
                                contradicted: !ok,
                                citation: None,
                            };
                        }
                    }
                }
                // A bare year ("2006") is supported by a date in that year ("September 2006").
                let year = c.unit.is_empty()
                    && c.magnitude == 1.0
                    && c.decimals == 0
                    && c.value.fract() == 0.0
                    && (1000.0..=2100.0).contains(&c.value)
                    && !item.text.starts_with(|ch: char| !ch.is_ascii_digit());
                if year {
                    let y = c.value as i32;
                    if let Some(&(_, _, _, d, s, e)) = ev.dates.iter().find(|dt| dt.2 == Some(y)) {
                        return Outcome::supported(Some((d, s, e)));
                    }
                }
                for &(v, d, s, e, _) in &ev.numbers {
                    if matches_value(c, v) || conversions(c, v) {
                        return Outcome::supported((e > s).then_some((d, s, e)));
                    }
                }
                // Durations computed from two times in the evidence ("runs 1 hour 30 minutes").
                let u = c.unit.to_ascii_lowercase();
                if u.starts_with("min") || u.starts_with('h') {
                    let minutes = if u.starts_with('h') {
                        c.value * c.magnitude * 60.0
                    } else {
                        c.value * c.magnitude
                    };
                    for a in &ev.times {
                        for b in &ev.times {
                            if b.0 > a.0 && (f64::from(b.0 - a.0) - minutes).abs() < 0.5 {
                                return Outcome::supported(None);
                            }
                        }
                    }
                }
                if derived_value(ev, item, c, answer_numbers) {
                    return Outcome::supported(None);
                }
                Outcome {
                    supported: false,
                    contradicted: !ev.numbers.is_empty(),
                    citation: None,
                }
            }
            ItemKind::Time => {
                let Some(caps) = re().time.captures(&item.text) else {
                    return no;
                };
                let Some(mins) = time_minutes(&caps) else {
                    return no;
                };
                if let Some(&(_, d, s, e)) = ev.times.iter().find(|t| t.0 == mins) {
                    return Outcome::supported(Some((d, s, e)));
                }
                Outcome {
                    supported: false,
                    contradicted: !ev.times.is_empty(),
                    citation: None,
                }
            }
            ItemKind::Date => {
                if let (Some(off), Some(day0)) = (relative_day_offset(&item.text), ev.run_day) {
                    // "arrives tomorrow": the evidence must hold that calendar day (UTC).
                    let (y, mo, d) = civil_from_days(day0 + off);
                    if let Some(&(_, _, _, di, s, e)) = ev
                        .dates
                        .iter()
                        .find(|x| x.0 == mo && x.1 == d && (x.2.is_none() || x.2 == Some(y)))
                    {
                        return Outcome::supported(Some((di, s, e)));
                    }
                    return Outcome::contradicted();
                }
                let Some(caps) = re().date_text.captures(&item.text) else {
                    return no;
                };
                let mon = caps
                    .name("mon")
                    .or(caps.name("mon2"))
                    .and_then(|x| month_index(x.as_str()))
                    .unwrap_or(0);
                let day: u32 = caps
                    .name("day")
                    .or(caps.name("day2"))
                    .and_then(|x| x.as_str().parse().ok())
                    .unwrap_or(0);
                let year: Option<i32> = caps
                    .name("year")
                    .or(caps.name("year2"))
                    .and_then(|x| x.as_str().parse().ok());
                if let Some(&(_, _, _, d, s, e)) = ev.dates.iter().find(|x| {
                    x.0 == mon && x.1 == day && (year.is_none() || x.2.is_none() || x.2 == year)
                }) {
                    return Outcome::supported(Some((d, s, e)));
                }
                Outcome {
                    supported: false,
                    contradicted: !ev.dates.is_empty(),
                    citation: None,
                }
            }
            ItemKind::State => {
                let phrase = item.text.to_lowercase().replace(['_', '-'], " ");
                // Values compare by their normalized terms: spelling variants and inflections
                // are the same value ("canceled" / "cancelled", "processed" / "processing").
                let key = normalize_terms(&phrase);
                let states = |p: &str| {
                    let k = normalize_terms(p);
                    ev.norm_values.iter().any(|d| contains_terms(d, &k))
                };
                let family = STATE_FAMILIES
                    .iter()
                    .find(|f| f.iter().any(|m| normalize_terms(m) == key));
                let stated = states(&phrase);
                if negated_before(answer, item.start) {
                    // "hasn't shipped yet": contradicted when the evidence states it — unless
                    // the same sentence states another value of the family that the evidence
                    // supports ("is still pending, so it hasn't been delivered yet": the
                    // sentence is about the pending record, not the delivered ones).
                    let sentence = sentence_around(answer, item.start, item.end);
                    let other_supported = family.is_some_and(|f| {
                        f.iter().any(|m| {
                            normalize_terms(m) != key && contains_bounded(&sentence, m) && states(m)
                        })
                    });
                    let contradicted = stated && !other_supported;
                    return Outcome {
                        supported: !contradicted,
                        contradicted,
                        citation: None,
                    };
                }
                if stated {
                    return Outcome::supported(None);
                }
                // Flag only when the evidence states another value of the same family — and,
                // for a past-tense claim on a lifecycle ("was shipped"), not a later stage of
                // it ("delivered": what was delivered was shipped).
                let past = state_frame(answer, item.start) == StateFrame::Past;
                let rank = lifecycle_rank(&key);
                let later_stated = past
                    && rank.is_some()
                    && family.is_some_and(|f| {
                        f.iter()
                            .any(|o| states(o) && lifecycle_rank(&normalize_terms(o)) > rank)
                    });
                let sibling = !later_stated
                    && family.is_some_and(|f| {
                        f.iter()
                            .any(|other| normalize_terms(other) != key && states(other))
                    });
                Outcome {
                    supported: !sibling,
                    contradicted: sibling,
                    citation: None,
                }
            }
            ItemKind::Clause => {
                let words: Vec<String> = item
                    .text
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| w.len() >= 4 && !STOPWORDS.contains(&w.to_lowercase().as_str()))
                    .map(|w| w.to_lowercase())
                    .collect();
                let missing = words
                    .iter()
                    .filter(|w| !ev.lower.iter().any(|d| d.contains(stem(w))))
                    .count();
                let supported =
                    words.is_empty() || missing < 2 || (missing as f64) < 0.5 * words.len() as f64;
                Outcome {
                    supported,
                    contradicted: false,
                    citation: None,
                }
            }
            ItemKind::Action => {
                let verb = item.text.to_lowercase();
                let stem: String = verb.chars().take(4).collect();
                let related: &[&str] = match stem.as_str() {
                    "sent" | "emai" | "mess" | "forw" | "noti" | "cont" => &[
                        "send", "email", "mail", "message", "notify", "forward", "contact", "post",
                    ],
                    "book" | "rese" | "rebo" => &["book", "reserve", "hold"],
                    "canc" => &["cancel"],
                    "refu" | "paid" | "issu" | "proc" | "init" => {
                        &["refund", "pay", "issue", "process", "return"]
                    }
                    "sche" | "resc" => &["schedule", "create", "book", "event", "meeting"],
                    "comm" | "post" => &["comment", "post", "reply"],
                    _ => &[],
                };
                let supported = ev
                    .tool_names
                    .iter()
                    .any(|t| t.contains(stem.as_str()) || related.iter().any(|r| t.contains(r)));
                Outcome {
                    supported,
                    contradicted: false,
                    citation: None,
                }
            }
        }
    }
}

fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0 < b.1 && b.0 < a.1
}

/// Mutually exclusive categorical values. A claim stating one member while the evidence states
/// another member of the same family (and not the claimed one) is contradicted.
const STATE_FAMILIES: &[&[&str]] = &[
    &[
        "on time",
        "delayed",
        "cancelled",
        "canceled",
        "diverted",
        "landed",
        "departed",
        "boarding",
    ],
    &[
        "delivered",
        "in transit",
        "out for delivery",
        "returned to the sender",
        "returned to sender",
        "held at depot",
        "processing",
        "processed",
        "pending",
        "shipped",
        "label created",
        "lost",
    ],
    &["open", "closed", "merged", "draft"],
    &["nonstop", "one stop", "two stops", "1 stop", "2 stops"],
    &[
        "clear",
        "sunny",
        "partly cloudy",
        "cloudy",
        "overcast",
        "fog",
        "foggy",
        "mist",
        "drizzle",
        "light rain",
        "rain",
        "heavy rain",
        "showers",
        "thunderstorms",
        "snow",
        "sleet",
        "hail",
    ],
    &[
        "north",
        "south",
        "east",
        "west",
        "northeast",
        "northwest",
        "southeast",
        "southwest",
    ],
    &["accepted", "declined", "tentative"],
    &["approved", "rejected", "under review"],
    &["paid", "unpaid", "overdue", "refunded"],
];

const STOPWORDS: &[&str] = &[
    "this",
    "that",
    "with",
    "from",
    "have",
    "will",
    "were",
    "been",
    "your",
    "their",
    "there",
    "which",
    "about",
    "into",
    "than",
    "then",
    "them",
    "they",
    "also",
    "some",
    "more",
    "most",
    "only",
    "just",
    "over",
    "under",
    "after",
    "before",
    "while",
    "would",
    "could",
    "should",
    "because",
    "mainly",
    "largely",
    "driven",
    "caused",
    "thanks",
    "owing",
    "result",
    "requested",
    "primarily",
    "mostly",
    "other",
];

/// A negation in the few words before `pos` ("hasn't shipped", "is not open", "no longer").
fn negated_before(text: &str, pos: usize) -> bool {
    let start = text[..pos]
        .char_indices()
        .rev()
        .nth(20)
        .map_or(0, |(i, _)| i);
    let window = text[start..pos]
        .to_lowercase()
        .replace('’', "'")
        .replace(['"', '“', '”', '*', '`'], " ");
    let window = window.rsplit(['.', ',', ';', ':']).next().unwrap_or("");
    let window = format!(" {window} ");
    ["n't", " not ", "no longer", "never", "yet to", " no "]
        .iter()
        .any(|n| window.contains(n))
}

/// The lower-cased sentence of `text` around `start..end`.
fn sentence_around(text: &str, start: usize, end: usize) -> String {
    // At most a few hundred bytes either way: bounded work however long the line.
    let from = crate::text::floor_char_boundary(text, start.saturating_sub(400));
    let to = crate::text::floor_char_boundary(text, end + 400);
    let s = text[from..start]
        .rfind(['.', '!', '?', '\n'])
        .map_or(from, |p| from + p + 1);
    let text = &text[..to];
    let e = text[end..]
        .find(['.', '!', '?', '\n'])
        .map_or(text.len(), |p| end + p);
    text[s..e].to_lowercase()
}

/// How a status word is used in its clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StateFrame {
    /// A present status: "is pending", "now delivered", "Status: shipped", or at the start.
    Present,
    /// A past or perfect one: "was shipped", "has been cancelled".
    Past,
    /// Not a statement of status: modal, future, infinitive or conditional ("can be
    /// cancelled", "will be shipped", "to be paid", "once delivered"), or a participle used as
    /// a verb with its complement ("Paid via PayPal", "shipped to you").
    NotAStatus,
}

/// A verb form among the status words (their participles need a status frame to state one).
fn is_participle(phrase: &str) -> bool {
    !phrase.contains(' ') && (phrase.ends_with("ed") || matches!(phrase, "paid" | "lost"))
}

/// The frame of the status word at `pos` in `text`: the words before it in its clause.
fn state_frame(text: &str, pos: usize) -> StateFrame {
    let pos = crate::text::floor_char_boundary(text, pos);
    let from = crate::text::floor_char_boundary(text, pos.saturating_sub(300));
    let clause_start = text[from..pos]
        .char_indices()
        .rev()
        .find(|&(_, c)| matches!(c, '.' | ',' | ';' | ':' | '(' | '!' | '?' | '\n' | '—'))
        .map_or(from, |(p, c)| from + p + c.len_utf8());
    let before = text[clause_start..pos].to_lowercase().replace('’', "'");
    let words: Vec<&str> = before
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let near: Vec<&str> = words.iter().rev().take(4).copied().collect();
    const NOT_A_STATUS: &[&str] = &[
        "can", "cannot", "can't", "could", "couldn't", "will", "won't", "would", "wouldn't",
        "should", "shall", "may", "might", "must", "to", "once", "if", "when", "until", "after",
        "before", "unless", "be", "i'll", "we'll", "it'll", "they'll", "you'll", "it'd", "i'd",
    ];
    const PAST: &[&str] = &[
        "was", "were", "been", "had", "has", "have", "got", "already", "hasn't", "haven't",
        "hadn't", "wasn't", "weren't", "never",
    ];
    const PRESENT: &[&str] = &[
        "is",
        "are",
        "it's",
        "that's",
        "now",
        "currently",
        "still",
        "remains",
        "status",
        "isn't",
        "aren't",
        "not",
        "yet",
    ];
    for w in &near {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        if NOT_A_STATUS.contains(&w) {
            return StateFrame::NotAStatus;
        }
        if PAST.contains(&w) {
            return StateFrame::Past;
        }
        if PRESENT.contains(&w) {
            return StateFrame::Present;
        }
    }
    // At the start of its clause: a participle there reports what happened ("Delivered on
    // May 3", "Paid via PayPal"); a label states the current value ("Status: shipped").
    if text[..clause_start].trim_end().ends_with(':') && words.len() <= 1 {
        return StateFrame::Present;
    }
    if words
        .iter()
        .all(|w| w.chars().all(|c| !c.is_alphanumeric()))
    {
        return StateFrame::Past;
    }
    StateFrame::NotAStatus
}

/// Position of a status on its lifecycle (later stages imply the earlier ones happened), or
/// `None` for values off any lifecycle (branches such as "lost" or "returned to sender").
fn lifecycle_rank(key: &str) -> Option<usize> {
    const LIFECYCLES: &[&[&str]] = &[
        &[
            "label created",
            "pending",
            "processing",
            "processed",
            "shipped",
            "in transit",
            "out for delivery",
            "delivered",
        ],
        &["unpaid", "paid", "refunded"],
        &["boarding", "departed", "landed"],
        &["draft", "open", "closed"],
    ];
    LIFECYCLES
        .iter()
        .find_map(|l| l.iter().position(|m| normalize_terms(m) == key))
}

/// Crude stem: drop common suffixes so "arriving" finds "arrive".
fn stem(w: &str) -> &str {
    for suf in ["ing", "ed", "es", "s", "e"] {
        if w.len() > suf.len() + 3 && w.ends_with(suf) {
            return &w[..w.len() - suf.len()];
        }
    }
    w
}

const ENTITY_STOP: &[&str] = &[
    "I",
    "The",
    "This",
    "That",
    "These",
    "Those",
    "It",
    "Its",
    "You",
    "Your",
    "We",
    "Our",
    "They",
    "There",
    "Here",
    "He",
    "She",
    "If",
    "For",
    "And",
    "But",
    "Or",
    "So",
    "Yes",
    "No",
    "Note",
    "Also",
    "However",
    "Both",
    "Each",
    "All",
    "Any",
    "Some",
    "Most",
    "As",
    "At",
    "In",
    "On",
    "To",
    "From",
    "With",
    "By",
    "Of",
    "A",
    "An",
    "Today",
    "Tomorrow",
    "Yesterday",
    "Tonight",
    "Currently",
    "Right",
    "Overall",
    "Total",
    "Then",
    "Next",
    "Last",
    "First",
    "Second",
    "Third",
    "Please",
    "OK",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "AM",
    "PM",
    "UTC",
    "Mon",
    "Tue",
    "Wed",
    "Thu",
    "Fri",
    "Sat",
    "Sun",
    "OK",
    "US",
    "USA",
    "UK",
    "EU",
    "ID",
    "FAQ",
    "PDF",
    "API",
    "URL",
    "ETA",
    "TBD",
    "FYI",
    "ASAP",
    "GMT",
    "EST",
    "PST",
    "CET",
    "USD",
    "EUR",
    "GBP",
    "JPY",
    "CAD",
    "AUD",
];

impl Scorer for DeterministicScorer {
    fn name(&self) -> &'static str {
        "deterministic"
    }

    fn score(&self, run: &AgentRun, answer: &str) -> Vec<Claim> {
        self.score_bounded(run, answer).claims
    }

    fn score_bounded(&self, run: &AgentRun, answer: &str) -> bounds::Scored {
        let started = std::time::Instant::now();
        let b = self.cfg.bounds;
        let mut reached: Vec<bounds::BoundReached> = Vec::new();
        let mut docs = run.evidence();
        // Evidence beyond max_evidence_bytes (in run order) is not indexed.
        let mut budget = b.max_evidence_bytes;
        let total: usize = docs.iter().map(|d| d.text.len()).sum();
        if total > budget {
            for d in docs.iter_mut() {
                let keep = crate::text::floor_char_boundary(&d.text, budget);
                d.text.truncate(keep);
                budget -= keep;
            }
            docs.retain(|d| !d.text.is_empty());
            reached.push(bounds::BoundReached {
                bound: bounds::Bound::EvidenceBytes,
                note: format!(
                    "not checked: evidence beyond {} of {} bytes was not indexed (max_evidence_bytes); claims resting on it may be flagged as unsupported",
                    b.max_evidence_bytes, total
                ),
            });
        }
        let ev = Evidence::new(run, &docs, b.max_derived_values);
        let r = re();
        let mut claims = Vec::new();
        let units = segment(answer);
        let mut scored_units = 0usize;
        // Built on first use: claims whose items carry no evidence position.
        let mut index: Option<Bm25> = None;
        let answer_numbers = answer_numbers(answer);
        for (unit, &(cs, ce)) in units.iter().enumerate() {
            if scored_units >= b.max_claims || started.elapsed() > b.time_budget {
                let (bound, why) = if scored_units >= b.max_claims {
                    (
                        bounds::Bound::Claims,
                        format!("max_claims = {}", b.max_claims),
                    )
                } else {
                    (
                        bounds::Bound::TimeBudget,
                        format!("time budget of {} ms per run", b.time_budget.as_millis()),
                    )
                };
                let from = char_offset(answer, cs);
                reached.push(bounds::BoundReached {
                    bound,
                    note: format!(
                        "not checked: {} of {} units of the answer, from character {from} on ({why})",
                        units.len() - unit,
                        units.len()
                    ),
                });
                break;
            }
            let text = &answer[cs..ce];
            let claim_type =
                if r.non_factual.is_match(text) || !text.chars().any(char::is_alphanumeric) {
                    ClaimType::Social
                } else {
                    classify(text)
                };
            if !claim_type.is_scored() {
                continue;
            }
            scored_units += 1;
            // A leading label ("**Current Item**:", "Total:") names what follows: its words
            // are not entities or states of their own.
            let label = label_span(text).map(|(s, e)| (cs + s, cs + e));
            let in_label = |s: usize| label.is_some_and(|(ls, le)| s >= ls && s < le);
            // Extract items (offsets relative to the answer).
            let mut items: Vec<Item> = Vec::new();
            let mut taken: Vec<(usize, usize)> = Vec::new();
            let push = |kind,
                        s: usize,
                        e: usize,
                        items: &mut Vec<Item>,
                        taken: &mut Vec<(usize, usize)>| {
                if taken.iter().any(|t| overlaps(*t, (s, e))) {
                    return;
                }
                taken.push((s, e));
                items.push(Item {
                    kind,
                    start: s,
                    end: e,
                    text: answer[s..e].to_owned(),
                });
            };
            for m in r.url.find_iter(text).chain(r.email.find_iter(text)) {
                push(
                    ItemKind::Identifier,
                    cs + m.start(),
                    cs + m.end(),
                    &mut items,
                    &mut taken,
                );
            }
            for m in r.section.find_iter(text) {
                push(
                    ItemKind::Identifier,
                    cs + m.start(),
                    cs + m.end(),
                    &mut items,
                    &mut taken,
                );
            }
            for m in r.date_text.find_iter(text) {
                let mt = m.as_str();
                if mt.chars().any(|c| c.is_ascii_digit()) {
                    push(
                        ItemKind::Date,
                        cs + m.start(),
                        cs + m.end(),
                        &mut items,
                        &mut taken,
                    );
                }
            }
            // Relative days are checkable when the run has a timestamp and the evidence dates.
            if ev.run_day.is_some() && !ev.dates.is_empty() {
                for m in r.relative_day.find_iter(text) {
                    push(
                        ItemKind::Date,
                        cs + m.start(),
                        cs + m.end(),
                        &mut items,
                        &mut taken,
                    );
                }
            }
            for m in r.time.find_iter(text) {
                push(
                    ItemKind::Time,
                    cs + m.start(),
                    cs + m.end(),
                    &mut items,
                    &mut taken,
                );
            }
            for m in r.ident.find_iter(text) {
                let t = m.as_str();
                let is_token = t
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '#');
                if is_token && !t.starts_with('#') {
                    // A plain token is an identifier when it mixes letters and digits (AC1471,
                    // ORD-88231, 1Z999AA1) or is snake_case code (`max_retries`), and is not
                    // a number with a unit (20km, 5pm, 3rd).
                    let digit = t.chars().any(|c| c.is_ascii_digit());
                    let alpha = t.chars().any(|c| c.is_ascii_alphabetic());
                    let snake = t.contains('_') && alpha;
                    // A number joined to a lower-case word by a hyphen is a measurement or
                    // a compound modifier ("28-inch", "3-day"), not a code.
                    let measure = t.split_once('-').is_some_and(|(n, w)| {
                        n.chars().all(|c| c.is_ascii_digit())
                            && !w.is_empty()
                            && w.chars().all(|c| c.is_ascii_lowercase())
                    });
                    if !(snake || (digit && alpha)) || r.unit_number.is_match(t) || measure {
                        continue;
                    }
                }
                push(
                    ItemKind::Identifier,
                    cs + m.start(),
                    cs + m.end(),
                    &mut items,
                    &mut taken,
                );
            }
            let mut numbers: Vec<(Item, ClaimNumber)> = Vec::new();
            // Durations "1 hour 5 minutes" as one number of minutes.
            for c in r.duration.captures_iter(text) {
                let w = c.get(0).unwrap();
                if taken
                    .iter()
                    .any(|t| overlaps(*t, (cs + w.start(), cs + w.end())))
                {
                    continue;
                }
                let mins = c["h"].parse::<f64>().unwrap_or(0.0) * 60.0
                    + c["m"].parse::<f64>().unwrap_or(0.0);
                taken.push((cs + w.start(), cs + w.end()));
                numbers.push((
                    Item {
                        kind: ItemKind::Number,
                        start: cs + w.start(),
                        end: cs + w.end(),
                        text: w.as_str().to_owned(),
                    },
                    ClaimNumber {
                        value: mins,
                        decimals: 0,
                        approx: false,
                        unit: "min".into(),
                        magnitude: 1.0,
                        noun: None,
                        noun_before: None,
                        currency: String::new(),
                    },
                ));
            }
            for c in r.number.captures_iter(text) {
                let w = c.get(0).unwrap();
                let num = c.name("num").unwrap();
                let (s, e) = (
                    cs + c.name("cur").map_or(num.start(), |x| x.start()),
                    cs + w.end(),
                );
                if taken
                    .iter()
                    .any(|t| overlaps(*t, (cs + num.start(), cs + num.end())))
                {
                    continue;
                }
                let value = captured_value(&c).unwrap_or(0.0);
                let mag = captured_magnitude(&c);
                let unit = c
                    .name("unit")
                    .map(|u| u.as_str().to_owned())
                    .unwrap_or_default();
                let e = e.min(cs + text.len());
                let claim_end = cs + text.len();
                let noun = if (unit.is_empty() || unit == "%")
                    && c.name("cur").is_none()
                    && mag == 1.0
                {
                    // Within the claim: the word after the number in the same unit.
                    answer[e..claim_end]
                        .split_whitespace()
                        .next()
                        .map(|w| {
                            w.trim_matches(|ch: char| !ch.is_alphanumeric())
                                .to_lowercase()
                        })
                        .filter(|w| w.len() >= 4 && w.chars().all(|ch| ch.is_ascii_alphabetic()))
                } else {
                    None
                };
                // The item covers its counted noun ("4 items") so a flag points at the phrase.
                let e = match &noun {
                    Some(n) => answer[e..claim_end]
                        .find(|ch: char| !ch.is_whitespace())
                        .map_or(e, |off| {
                            let ws = e + off;
                            // The noun is ASCII: it must be there byte for byte (ASCII
                            // case-insensitively), so the end is a character boundary.
                            let word = answer.as_bytes()[ws..claim_end].get(..n.len());
                            if word.is_some_and(|w| w.eq_ignore_ascii_case(n.as_bytes())) {
                                ws + n.len()
                            } else {
                                e
                            }
                        }),
                    None => e,
                };
                taken.push((s, e));
                numbers.push((
                    Item {
                        kind: ItemKind::Number,
                        start: s,
                        end: e,
                        text: answer[s..e].trim_end().to_owned(),
                    },
                    ClaimNumber {
                        value,
                        decimals: decimals(c.name("frac").map(|f| f.as_str())),
                        approx: approx_words_before(answer, s),
                        unit,
                        magnitude: mag,
                        noun,
                        noun_before: noun_before(answer, s),
                        currency: c
                            .name("cur")
                            .map_or(String::new(), |x| x.as_str().to_owned()),
                    },
                ));
            }
            for m in r.action.captures_iter(text) {
                let v = m.name("verb").unwrap();
                push(
                    ItemKind::Action,
                    cs + v.start(),
                    cs + v.end(),
                    &mut items,
                    &mut taken,
                );
            }
            // ASCII folding keeps every byte offset (the phrases searched are ASCII).
            let lower_text = text.to_ascii_lowercase();
            let mut phrases: Vec<&str> = STATE_FAMILIES
                .iter()
                .flat_map(|f| f.iter().copied())
                .collect();
            phrases.sort_by_key(|p| std::cmp::Reverse(p.len()));
            {
                for phrase in phrases {
                    let mut from = 0;
                    while let Some(p) = lower_text[from..].find(phrase) {
                        let st = from + p;
                        let en = st + phrase.len();
                        let b = lower_text.as_bytes();
                        if (st == 0 || !b[st - 1].is_ascii_alphanumeric())
                            && (en >= b.len() || !b[en].is_ascii_alphanumeric())
                            && !in_label(cs + st)
                            && (!is_participle(phrase)
                                || state_frame(answer, cs + st) != StateFrame::NotAStatus)
                        {
                            push(ItemKind::State, cs + st, cs + en, &mut items, &mut taken);
                        }
                        from = en;
                    }
                }
            }
            for m in r.clause.find_iter(text) {
                push(
                    ItemKind::Clause,
                    cs + m.start(),
                    cs + m.end(),
                    &mut items,
                    &mut taken,
                );
            }
            for m in r.quoted.find_iter(text) {
                let inner = m
                    .as_str()
                    .trim_matches(|c| c == '"' || c == '“' || c == '”');
                if inner.split_whitespace().count() >= 2
                    && inner.chars().next().is_some_and(char::is_uppercase)
                {
                    let s = cs + m.start() + m.as_str().find(inner).unwrap_or(0);
                    push(ItemKind::Entity, s, s + inner.len(), &mut items, &mut taken);
                }
            }
            for m in r.entity.find_iter(text) {
                if in_label(cs + m.start()) {
                    continue;
                }
                let t = strip_clitic(m.as_str().trim_end_matches(['.', '\'', '’', '-']));
                let first_word = t.split_whitespace().next().unwrap_or("");
                let sentence_initial =
                    m.start() == 0 || text[..m.start()].trim_end().ends_with([':', '"', '(']);
                let multi = t.split_whitespace().count() > 1;
                if ENTITY_STOP.contains(&first_word) && !multi {
                    continue;
                }
                if sentence_initial && !multi {
                    continue;
                }
                // Strip a leading stop word from a multi-word match ("The Hilton" → "Hilton").
                let (off, t) = if ENTITY_STOP.contains(&first_word) {
                    let rest = t[first_word.len()..].trim_start();
                    (t.len() - rest.len(), rest)
                } else {
                    (0, t)
                };
                if t.is_empty()
                    || (sentence_initial && t.split_whitespace().count() < 2 && off == 0)
                {
                    continue;
                }
                let s = cs + m.start() + off;
                push(ItemKind::Entity, s, s + t.len(), &mut items, &mut taken);
            }

            // The records this claim names (identifiers and names equal to a record's key).
            let anchored: Vec<usize> = {
                let keys: Vec<String> = items
                    .iter()
                    .filter(|i| matches!(i.kind, ItemKind::Identifier | ItemKind::Entity))
                    .map(|i| records::key_of(&i.text))
                    .filter(|k| !k.is_empty())
                    .collect();
                records::anchored(&ev.records, &keys)
            };
            // Score.
            let mut score: f64 = 1.0;
            let mut contradicted = false;
            let mut flagged: Vec<FlaggedSpan> = Vec::new();
            let mut citations: Vec<EvidenceSpan> = Vec::new();
            let mut reasons: Vec<String> = Vec::new();
            let mut critical = false;
            let mut supported_items = 0usize;
            let mut item_scores: Vec<f64> = Vec::new();
            let all: Vec<(Item, Option<ClaimNumber>)> = items
                .into_iter()
                .map(|i| (i, None))
                .chain(numbers.into_iter().map(|(i, n)| (i, Some(n))))
                .collect();
            let mut out_of_time = false;
            for (item, num) in &all {
                // The time budget holds inside a claim too (one claim may hold thousands of
                // numbers): its remaining items are not checked.
                if started.elapsed() > b.time_budget {
                    out_of_time = true;
                    break;
                }
                critical |= matches!(
                    item.kind,
                    ItemKind::Identifier
                        | ItemKind::Number
                        | ItemKind::Time
                        | ItemKind::Date
                        | ItemKind::Entity
                        | ItemKind::Action
                );
                let o = self.check(&ev, answer, item, num.as_ref(), &answer_numbers, &anchored);
                if o.supported {
                    supported_items += 1;
                    if let Some((d, s, e)) = o.citation {
                        if citations.len() < self.cfg.max_citations {
                            let t = &docs[d].text;
                            let (s, e) = (s.min(t.len()), e.min(t.len()));
                            if t.is_char_boundary(s) && t.is_char_boundary(e) {
                                citations.push(EvidenceSpan {
                                    tool_call_id: docs[d].source.clone(),
                                    start: char_offset(t, s) as u32,
                                    end: char_offset(t, e) as u32,
                                    text: t[s..e].to_owned(),
                                });
                            }
                        }
                    }
                    continue;
                }
                let (item_score, why, kind) = match item.kind {
                    ItemKind::Identifier => (
                        self.cfg.fabricated_score,
                        "fabricated reference: not found in any tool result",
                        FlagKind::FabricatedReference,
                    ),
                    ItemKind::Number if o.contradicted => (
                        self.cfg.unsupported_score,
                        "number not supported by the evidence (conflicting values present)",
                        FlagKind::NumberConflict,
                    ),
                    ItemKind::Number => (
                        self.cfg.unsupported_score,
                        "number not in evidence",
                        FlagKind::NumberNotInEvidence,
                    ),
                    ItemKind::Time => (
                        self.cfg.unsupported_score,
                        "time not supported by the evidence",
                        FlagKind::TimeNotInEvidence,
                    ),
                    ItemKind::Date => (
                        self.cfg.unsupported_score,
                        "date not supported by the evidence",
                        FlagKind::DateNotInEvidence,
                    ),
                    ItemKind::Entity => (
                        self.cfg.unsupported_score,
                        "named entity not in evidence",
                        FlagKind::EntityNotInEvidence,
                    ),
                    ItemKind::Action => (
                        self.cfg.unsupported_score,
                        "claims an action no tool call performed",
                        FlagKind::UnperformedAction,
                    ),
                    ItemKind::State => (
                        self.cfg.unsupported_score,
                        "value contradicts the evidence",
                        FlagKind::StateConflict,
                    ),
                    ItemKind::Clause => (
                        self.cfg.unsupported_score,
                        "explanation not supported by the evidence",
                        FlagKind::UnsupportedExplanation,
                    ),
                };
                contradicted |= o.contradicted;
                score = score.min(item_score);
                item_scores.push(item_score);
                reasons.push(format!("{why}: {:?}", item.text));
                flagged.push(FlaggedSpan {
                    start: char_offset(answer, item.start) as u32,
                    end: char_offset(answer, item.end) as u32,
                    text: item.text.clone(),
                    reason: why.to_owned(),
                    kind,
                });
            }
            // Direction words against the answer's own numbers: "A is colder than B: 6°C versus
            // -2°C", "the least discussed … 39 comments, followed by … 30", "up from 893,311".
            if let Some((s, e, why)) = direction_conflict(answer, cs, ce, &all) {
                contradicted = true;
                score = score.min(self.cfg.unsupported_score);
                item_scores.push(self.cfg.unsupported_score);
                reasons.push(format!("{why}: {:?}", &answer[s..e]));
                flagged.push(FlaggedSpan {
                    start: char_offset(answer, s) as u32,
                    end: char_offset(answer, e) as u32,
                    text: answer[s..e].to_owned(),
                    reason: why.to_owned(),
                    kind: FlagKind::DirectionConflict,
                });
            }
            // An action report whose verb no tool call of the run performed ("I've asked the
            // carrier …" with only lookups made). Reports the action regex already checked are
            // not checked twice.
            if claim_type == ClaimType::ActionReport
                && !all.iter().any(|(i, _)| i.kind == ItemKind::Action)
            {
                if let Some((vs, ve)) = actions::action_verb(text) {
                    let verb = &text[vs..ve];
                    if !actions::action_supported(verb, run) {
                        let (s, e) = (cs + vs, cs + ve);
                        let why = "claims an action no tool call performed";
                        score = score.min(self.cfg.unsupported_score);
                        item_scores.push(self.cfg.unsupported_score);
                        reasons.push(format!("{why}: {verb:?}"));
                        flagged.push(FlaggedSpan {
                            start: char_offset(answer, s) as u32,
                            end: char_offset(answer, e) as u32,
                            text: answer[s..e].to_owned(),
                            reason: why.to_owned(),
                            kind: FlagKind::UnperformedAction,
                        });
                    }
                }
            }
            // Content coverage: a claim whose items all check out (or that has none) but whose
            // content words are largely absent from the evidence is an unsupported addition.
            // Action reports are checked against the tool calls, not for wording.
            if flagged.is_empty()
                && ev.prose
                && self.cfg.coverage_min_words > 0
                && claim_type == ClaimType::Assertion
            {
                let missing = uncovered_words(&ev, answer, cs, ce, &taken);
                // Absent words needed: a share of the claim's content words, at least one and
                // at most `coverage_min_words` (long claims paraphrase more; a short factoid
                // answer with one unsupported word is unsupported).
                let need = ((missing.content as f64 * self.cfg.coverage_min_share).ceil() as usize)
                    .clamp(1, self.cfg.coverage_min_words);
                if missing.content > 0 && missing.missing.len() >= need {
                    let why = "not supported by the evidence: content words absent from every tool result";
                    score = score.min(self.cfg.unsupported_score);
                    item_scores.push(self.cfg.unsupported_score);
                    let words: Vec<&str> = missing
                        .missing
                        .iter()
                        .map(|&(s, e)| &answer[s..e])
                        .collect();
                    reasons.push(format!("{why}: {}", words.join(", ")));
                    for (s, e) in merge_close(answer, &missing.missing) {
                        flagged.push(FlaggedSpan {
                            start: char_offset(answer, s) as u32,
                            end: char_offset(answer, e) as u32,
                            text: answer[s..e].to_owned(),
                            reason: why.to_owned(),
                            kind: FlagKind::ContentNotCovered,
                        });
                    }
                }
            }
            // An action no tool performed makes the whole commitment the hallucination.
            let unperformed_action = flagged
                .iter()
                .any(|f| f.kind == FlagKind::UnperformedAction);
            let status = if score >= 1.0 {
                ClaimStatus::Supported
            } else if contradicted {
                ClaimStatus::Contradicted
            } else {
                ClaimStatus::Unsupported
            };
            // Localization: a claim in which nothing is supported and nothing contradicts the
            // evidence, or that claims an unperformed action, is unsupported as a whole (an
            // inserted sentence, a commitment); otherwise the claim narrows to the offending substrings —
            // all of them when they sit together, else the most severe one.
            let (start, end) = if flagged.is_empty()
                || (supported_items == 0 && !contradicted)
                || unperformed_action
            {
                (
                    char_offset(answer, cs) as u32,
                    char_offset(answer, ce) as u32,
                )
            } else {
                let lo = flagged.iter().map(|f| f.start).min().unwrap_or(0);
                let hi = flagged.iter().map(|f| f.end).max().unwrap_or(0);
                let covered: u32 = flagged.iter().map(|f| f.end - f.start).sum();
                if hi - lo <= 2 * covered {
                    (lo, hi)
                } else {
                    let worst = item_scores
                        .iter()
                        .enumerate()
                        .min_by(|a, b| a.1.total_cmp(b.1))
                        .map_or(0, |(i, _)| i);
                    (flagged[worst].start, flagged[worst].end)
                }
            };
            if citations.is_empty()
                && status == ClaimStatus::Supported
                && self.cfg.max_citations > 0
            {
                let idx = index.get_or_insert_with(|| {
                    Bm25::new(&docs.iter().map(|d| d.text.as_str()).collect::<Vec<_>>())
                });
                if let Some((c, _)) = idx.best(text) {
                    let t = &docs[c.doc].text;
                    citations.push(EvidenceSpan {
                        tool_call_id: docs[c.doc].source.clone(),
                        start: char_offset(t, c.start) as u32,
                        end: char_offset(t, c.end) as u32,
                        text: t[c.start..c.end].to_owned(),
                    });
                }
            }
            claims.push(Claim {
                text: text.to_owned(),
                evidence_spans: citations,
                score,
                critical,
                status,
                start,
                end,
                reason: reasons.join("; "),
                flagged_spans: flagged,
                claim_type,
            });
            if out_of_time {
                reached.push(bounds::BoundReached {
                    bound: bounds::Bound::TimeBudget,
                    note: format!(
                        "not checked: items of the claim at character {} on, and {} later units of the answer (time budget of {} ms per run)",
                        char_offset(answer, cs),
                        units.len() - unit - 1,
                        b.time_budget.as_millis()
                    ),
                });
                break;
            }
        }
        bounds::Scored {
            claims,
            bounds: reached,
        }
    }
}

/// The first content word before `pos` in its clause (at most three words back), lower-cased:
/// what the number after it measures ("Humidity is at 40%" → `humidity`).
fn noun_before(answer: &str, pos: usize) -> Option<String> {
    let pos = crate::text::floor_char_boundary(answer, pos);
    let from = crate::text::floor_char_boundary(answer, pos.saturating_sub(200));
    let clause = answer[from..pos]
        .rsplit([',', ';', ':', '.', '(', '\n', '—'])
        .next()?;
    // Only linking words may stand between the noun and its number; the noun is the head of
    // its phrase ("price difference of $0.60" measures a difference, not a price).
    const LINKING: &[&str] = &[
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "at",
        "of",
        "to",
        "about",
        "around",
        "roughly",
        "approximately",
        "now",
        "currently",
        "only",
        "just",
        "by",
        "stands",
        "sits",
        "reads",
    ];
    let noun = clause
        .split_whitespace()
        .rev()
        .take(4)
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .find(|w| !LINKING.contains(&w.as_str()))?;
    (noun.len() >= 4
        && noun.chars().all(|c| c.is_ascii_alphabetic())
        && !STOPWORDS.contains(&noun.as_str())
        && !COVERAGE_STOP.contains(&noun.as_str()))
    .then_some(noun)
}

/// A claim number computed from the evidence or from the answer's own numbers (see
/// [`calc`]): two-value arithmetic, subset sums of a field, sums of the answer's own parts,
/// durations between dates.
fn derived_value(
    ev: &Evidence,
    item: &Item,
    c: &ClaimNumber,
    answer_numbers: &[AnswerNumber],
) -> bool {
    // Computed values (see [`calc`]): two-value arithmetic, subset sums of a
    // field, sums of the answer's own parts, durations between dates.
    let vals: Vec<f64> = ev.numbers.iter().map(|n| n.0).collect();
    let relaxed = ClaimNumber {
        approx: true,
        ..c.clone()
    };
    // Products and ratios only for values precise enough that a coincidence is
    // unlikely (a decimal price, a value of 100 or more).
    let scaling = c.decimals > 0 || c.value * c.magnitude >= 100.0;
    let derived_ok =
        |d: f64| matches_value(c, d) || (c.unit.contains('%') && matches_value(&relaxed, d));
    // Every value the claim could round to or approximate lies in this window; the indexes
    // (built once per run) are searched only there, and each candidate is checked exactly.
    let v = c.value * c.magnitude;
    let half_unit = 0.5 * 10f64.powi(-c.decimals) * c.magnitude;
    let slack = 1e-9 * v.abs().max(1.0);
    let (lo, hi) = (
        (v - half_unit).min(v / 1.25) - slack,
        (v + half_unit).max(v / 0.75) + slack,
    );
    let pairs = if scaling {
        ev.derived_scaling
            .get_or_init(|| calc::DerivedIndex::pairs(&vals, ev.max_derived, true))
    } else {
        ev.derived_additive
            .get_or_init(|| calc::DerivedIndex::pairs(&vals, ev.max_derived, false))
    };
    let subsets = ev
        .derived_subsets
        .get_or_init(|| calc::DerivedIndex::subset_sums(&ev.columns));
    if pairs.any_between(lo, hi, derived_ok) || subsets.any_between(lo, hi, derived_ok) {
        return true;
    }
    let same_kind: Vec<f64> = answer_numbers
        .iter()
        .filter(|n| n.start != item.start && n.kind == number_kind(c))
        .map(|n| n.value)
        .collect();
    if calc::subset_sum(&same_kind, |d| matches_value(c, d)) {
        return true;
    }
    let unit = c.unit.to_ascii_lowercase();
    if matches!(
        unit.trim_end_matches('s'),
        "day" | "week" | "month" | "year"
    ) {
        let mut days: Vec<i64> = ev
            .dates
            .iter()
            .filter_map(|d| d.2.map(|y| calc::days_from_civil(y, d.0, d.1)))
            .collect();
        days.extend(ev.run_day);
        if calc::duration_matches(c.value * c.magnitude, &unit, &days) {
            return true;
        }
    }
    false
}

/// Signed value of a claim number (a `-` or `−` right before it makes it negative).
fn signed_value(answer: &str, item: &Item, n: &ClaimNumber) -> f64 {
    let before = answer[..item.start].chars().next_back();
    let v = n.value * n.magnitude;
    if matches!(before, Some('-') | Some('−'))
        && answer[..item.start]
            .chars()
            .rev()
            .nth(1)
            .is_none_or(|c| c.is_whitespace() || c == '(')
    {
        -v
    } else {
        v
    }
}

/// Comparatives: `true` when the first-named side is the larger value.
const COMPARATIVES: &[(&str, bool)] = &[
    ("warmer", true),
    ("hotter", true),
    ("higher", true),
    ("more", true),
    ("larger", true),
    ("bigger", true),
    ("greater", true),
    ("longer", true),
    ("heavier", true),
    ("faster", true),
    ("older", true),
    ("pricier", true),
    ("more expensive", true),
    ("colder", false),
    ("cooler", false),
    ("lower", false),
    ("less", false),
    ("fewer", false),
    ("smaller", false),
    ("shorter", false),
    ("lighter", false),
    ("slower", false),
    ("younger", false),
    ("cheaper", false),
    ("less expensive", false),
];
const SUPERLATIVES: &[(&str, bool)] = &[
    ("most", true),
    ("highest", true),
    ("largest", true),
    ("biggest", true),
    ("top", true),
    ("busiest", true),
    ("warmest", true),
    ("hottest", true),
    ("least", false),
    ("lowest", false),
    ("fewest", false),
    ("smallest", false),
    ("coldest", false),
    ("cheapest", false),
];

/// A direction word of the claim `answer[cs..ce]` that its own numbers contradict: a
/// comparative ("A is colder than B … 6°C versus -2°C": the first value must be the smaller),
/// a ranking ("the least discussed … 39 comments, followed by … 30": the order must rise), or
/// a change ("X were up from 893,311" against the value of X stated earlier in the answer).
/// Returns the byte span to flag and the reason.
fn direction_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
    all: &[(Item, Option<ClaimNumber>)],
) -> Option<(usize, usize, &'static str)> {
    let text = &answer[cs..ce];
    // ASCII folding keeps every byte offset (the words searched are ASCII).
    let lower = text.to_ascii_lowercase();
    let mut nums: Vec<(&Item, &ClaimNumber)> = all
        .iter()
        .filter_map(|(i, n)| n.as_ref().map(|n| (i, n)))
        .collect();
    nums.sort_by_key(|(i, _)| i.start);
    let word_at = |w: &str| -> Option<usize> {
        let mut from = 0;
        while let Some(p) = lower[from..].find(w) {
            let st = from + p;
            let en = st + w.len();
            let b = lower.as_bytes();
            if (st == 0 || !b[st - 1].is_ascii_alphanumeric())
                && (en >= b.len() || !b[en].is_ascii_alphanumeric())
            {
                return Some(st);
            }
            from = en;
        }
        None
    };
    // Comparative "… than …" with two values of the same unit after the word.
    for &(w, first_larger) in COMPARATIVES {
        let Some(p) = word_at(&format!("{w} than")) else {
            continue;
        };
        let after: Vec<&(&Item, &ClaimNumber)> =
            nums.iter().filter(|(i, _)| i.start >= cs + p).collect();
        if after.len() == 2
            && after[0].1.unit == after[1].1.unit
            && after[0].1.noun == after[1].1.noun
        {
            let (a, b) = (
                signed_value(answer, after[0].0, after[0].1),
                signed_value(answer, after[1].0, after[1].1),
            );
            if a != b && (a > b) != first_larger {
                return Some((
                    cs + p,
                    cs + p + w.len() + 5,
                    "comparison contradicts the values stated with it",
                ));
            }
        }
        return None;
    }
    // Ranking "the most/least …, followed by …": values must be ordered accordingly.
    if let Some(fb) = word_at("followed by") {
        for &(w, descending) in SUPERLATIVES {
            let Some(p) = word_at(w) else { continue };
            if p > fb {
                continue;
            }
            let before: Vec<f64> = nums
                .iter()
                .filter(|(i, _)| i.start > cs + p && i.start < cs + fb)
                .map(|(i, n)| signed_value(answer, i, n))
                .collect();
            let after: Vec<f64> = nums
                .iter()
                .filter(|(i, _)| i.start > cs + fb)
                .map(|(i, n)| signed_value(answer, i, n))
                .collect();
            if let (Some(&a), Some(&b)) = (before.last(), after.first()) {
                if a != b && (a > b) != descending {
                    let start = if lower[..p].trim_end().ends_with("the") {
                        lower[..p].trim_end().len() - 3
                    } else {
                        p
                    };
                    let end = p
                        + w.len()
                        + lower[p + w.len()..]
                            .split_whitespace()
                            .next()
                            .map_or(0, |nw| {
                                lower[p + w.len()..].find(nw).unwrap_or(0) + nw.len()
                            });
                    return Some((
                        cs + start,
                        cs + end.min(text.len()),
                        "ranking contradicts the values stated with it",
                    ));
                }
            }
            return None;
        }
    }
    // Change "X were up/down from N": compare N with the value of X stated earlier.
    let change = re().change_from.captures(text)?;
    let verb = change.name("verb")?;
    let up = matches!(
        verb.as_str().to_lowercase().as_str(),
        "up" | "increased" | "rose" | "grew" | "climbed"
    );
    let from = nums.iter().find(|(i, _)| i.start >= cs + verb.end())?;
    let subject = text[..verb.start()].to_lowercase();
    let subject = subject
        .trim()
        .trim_end_matches(" were")
        .trim_end_matches(" was")
        .trim_end_matches(" is")
        .trim_end_matches(" are")
        .trim_end_matches(" have")
        .trim_end_matches(" has")
        .trim();
    let subject: String = subject
        .split_whitespace()
        .rev()
        .take(2)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<Vec<_>>()
        .join(" ");
    if subject.is_empty() {
        return None;
    }
    // The last "<number> <subject>" before this claim.
    let earlier = answer[..cs].to_ascii_lowercase();
    let mut current: Option<f64> = None;
    for c in re().number.captures_iter(&answer[..cs]) {
        let w = c.get(0).unwrap();
        if earlier[w.end()..].trim_start().starts_with(&subject) {
            current = Some(captured_value(&c).unwrap_or(f64::NAN) * captured_magnitude(&c));
        }
    }
    let cur = current?;
    let prev = from.1.value * from.1.magnitude;
    if cur.is_finite() && cur != prev && (cur > prev) != up {
        return Some((
            cs + verb.start(),
            cs + verb.end(),
            "direction of change contradicts the values stated",
        ));
    }
    None
}

/// Day offset of a relative day word.
fn relative_day_offset(w: &str) -> Option<i64> {
    match w.to_ascii_lowercase().as_str() {
        "today" | "tonight" => Some(0),
        "tomorrow" => Some(1),
        "yesterday" => Some(-1),
        _ => None,
    }
}

/// (year, month, day) of a day count since 1970-01-01 (proleptic Gregorian; H. Hinnant).
fn civil_from_days(z: i64) -> (i32, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = (yoe + era * 400 + i64::from(m <= 2)) as i32;
    (y, m, d)
}

/// Content words of a claim and those absent from the evidence vocabulary.
struct Coverage {
    content: usize,
    /// Byte spans (in the answer) of the absent words.
    missing: Vec<(usize, usize)>,
}

/// Function words, discourse words of assistant answers and generic verbs that carry no
/// checkable content.
const COVERAGE_STOP: &[&str] = &[
    "the",
    "and",
    "for",
    "are",
    "but",
    "not",
    "you",
    "your",
    "yours",
    "all",
    "any",
    "can",
    "had",
    "has",
    "have",
    "having",
    "her",
    "hers",
    "his",
    "him",
    "its",
    "our",
    "ours",
    "out",
    "she",
    "they",
    "them",
    "their",
    "theirs",
    "this",
    "that",
    "these",
    "those",
    "with",
    "from",
    "into",
    "onto",
    "upon",
    "over",
    "under",
    "was",
    "were",
    "been",
    "being",
    "will",
    "would",
    "shall",
    "should",
    "could",
    "might",
    "must",
    "may",
    "did",
    "does",
    "doing",
    "done",
    "just",
    "also",
    "too",
    "very",
    "more",
    "most",
    "some",
    "such",
    "than",
    "then",
    "there",
    "here",
    "where",
    "when",
    "what",
    "which",
    "who",
    "whom",
    "whose",
    "why",
    "how",
    "about",
    "after",
    "before",
    "while",
    "during",
    "since",
    "until",
    "because",
    "though",
    "although",
    "however",
    "therefore",
    "thus",
    "yet",
    "both",
    "each",
    "either",
    "neither",
    "every",
    "other",
    "another",
    "same",
    "own",
    "only",
    "still",
    "even",
    "well",
    "now",
    "currently",
    "per",
    "via",
    "let",
    "lets",
    "know",
    "please",
    "thanks",
    "thank",
    "sure",
    "okay",
    "yes",
    "one",
    "ones",
    "get",
    "got",
    "make",
    "made",
    "see",
    "seen",
    "look",
    "looks",
    "like",
    "want",
    "need",
    "help",
    "found",
    "find",
    "show",
    "shows",
    "showed",
    "according",
    "based",
    "appears",
    "seems",
    "there",
    "it's",
    "that's",
    "i'm",
    "i've",
    "you're",
    "we're",
    "don",
    "doesn",
    "didn",
    "isn",
    "aren",
    "wasn",
    "weren",
    "won",
    "can't",
    "cannot",
    "around",
    "approximately",
    "roughly",
    "nearly",
    "almost",
    "over",
    "least",
    "across",
    "within",
    "without",
    "against",
    "between",
    "among",
    "through",
    "throughout",
    "below",
    "above",
    "along",
    "whether",
    "either",
    "etc",
    "able",
    "many",
    "much",
    "few",
    "several",
    "lot",
    "lots",
    "new",
    "currently",
    "right",
    "also",
    "again",
    "already",
    "still",
    "soon",
    "today",
    "tomorrow",
    "yesterday",
    "information",
    "details",
    "detail",
    "result",
    "results",
    "following",
    "listed",
    "below",
    "above",
    "mentioned",
    "noted",
    "note",
];

/// Content words of `answer[cs..ce]` outside already-checked items, and those absent from the
/// evidence (matched by crude stem or by a shared 5-letter prefix for longer words).
fn uncovered_words(
    ev: &Evidence,
    answer: &str,
    cs: usize,
    ce: usize,
    taken: &[(usize, usize)],
) -> Coverage {
    let mut cov = Coverage {
        content: 0,
        missing: Vec::new(),
    };
    let text = &answer[cs..ce];
    let mut pos = 0;
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        let (s, e) = (cs + pos, cs + pos + w.len());
        pos += w.len()
            + text[pos + w.len()..]
                .chars()
                .next()
                .map_or(0, char::len_utf8);
        if w.chars().count() < 3
            || w.chars().all(|c| c.is_ascii_digit())
            || taken.iter().any(|t| overlaps(*t, (s, e)))
        {
            continue;
        }
        let l = w.to_lowercase();
        if COVERAGE_STOP.contains(&l.as_str()) {
            continue;
        }
        cov.content += 1;
        let known = ev.vocab.contains(&word_hash(stem(&l)))
            || l.char_indices()
                .nth(5)
                .is_some_and(|(i, _)| ev.vocab_prefix.contains(&word_hash(&l[..i])));
        if !known {
            cov.missing.push((s, e));
        }
    }
    cov
}

/// Merge word spans separated only by spaces or one short word into phrases.
fn merge_close(answer: &str, spans: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &(s, e) in spans {
        if let Some(last) = out.last_mut() {
            let gap = &answer[last.1..s];
            if gap.split_whitespace().count() <= 1 && !gap.contains(['.', ',', ';', ':']) {
                last.1 = e;
                continue;
            }
        }
        out.push((s, e));
    }
    out
}

/// How per-claim scores combine into the run's groundedness score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aggregation {
    /// Worst claim (the spec's recommendation for high-stakes deployments).
    #[default]
    Min,
    /// Mean weighted 2:1 toward critical claims.
    WeightedMean,
}

pub fn aggregate(claims: &[Claim], how: Aggregation) -> f64 {
    if claims.is_empty() {
        return 1.0;
    }
    match how {
        Aggregation::Min => claims.iter().map(|c| c.score).fold(1.0, f64::min),
        Aggregation::WeightedMean => {
            let (num, den) = claims.iter().fold((0.0, 0.0), |(n, d), c| {
                let w = if c.critical { 2.0 } else { 1.0 };
                (n + w * c.score, d + w)
            });
            num / den
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::ToolCall;

    fn run(result: &str) -> AgentRun {
        AgentRun {
            user_input: "What's the status of order ORD-1001?".into(),
            tool_calls: vec![ToolCall {
                id: "call_1".into(),
                name: "get_order".into(),
                result: Some(result.into()),
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    fn score(result: &str, answer: &str) -> Vec<Claim> {
        DeterministicScorer::new(Stage2Config::default()).score(&run(result), answer)
    }

    const RESULT: &str = r#"{"order_id":"ORD-1001","status":"shipped","total":129.5,"carrier":"UPS","eta":"2026-03-04","window":"14:00","population":1198450}"#;

    #[test]
    fn paraphrase_rounding_and_dates_are_supported() {
        let c = score(RESULT, "Sure! Order ORD-1001 shipped with UPS. The total was $129.50 and it arrives on March 4 around 2:00 PM. About 1.2 million people live there.");
        assert!(
            c.iter().all(|c| c.status == ClaimStatus::Supported),
            "{c:#?}"
        );
        assert!(c
            .iter()
            .any(|c| !c.evidence_spans.is_empty() && c.evidence_spans[0].tool_call_id == "call_1"));
    }

    #[test]
    fn wrong_number_is_flagged_with_offsets() {
        let answer = "Order ORD-1001 shipped. The total was $229.50.";
        let c = score(RESULT, answer);
        let bad = c
            .iter()
            .find(|c| c.status != ClaimStatus::Supported)
            .expect("flagged");
        assert_eq!(bad.status, ClaimStatus::Contradicted);
        let s: String = answer
            .chars()
            .skip(bad.start as usize)
            .take((bad.end - bad.start) as usize)
            .collect();
        assert_eq!(s, "$229.50");
        assert!(bad.score < 0.6 && bad.score >= 0.4);
    }

    #[test]
    fn fabricated_identifier_scores_below_block() {
        let c = score(RESULT, "Your tracking number is 1Z999AA10123456784.");
        assert!(c[0].score < 0.4, "{c:#?}");
        assert!(c[0].critical);
    }

    #[test]
    fn swapped_entity_and_unperformed_action() {
        let c = score(RESULT, "It shipped with FedEx Ground.");
        assert_eq!(c[0].status, ClaimStatus::Unsupported, "{c:#?}");
        let c = score(RESULT, "I have cancelled the order for you.");
        assert_eq!(c[0].status, ClaimStatus::Unsupported, "{c:#?}");
    }

    #[test]
    fn prose_evidence_content_coverage() {
        let ev = "The Oberoi Group is a hotel company with its head office in Delhi. It runs thirty hotels in seven countries.";
        let ok = score(ev, "The Oberoi Group has its head office in Delhi.");
        assert!(
            ok.iter().all(|c| c.status == ClaimStatus::Supported),
            "{ok:?}"
        );
        // A claim with nothing checkable cites its best passage (BM25).
        let cited = score(ev, "It operates thirty hotels across seven countries.");
        assert_eq!(cited[0].status, ClaimStatus::Supported);
        assert!(
            cited[0]
                .evidence_spans
                .first()
                .is_some_and(|e| e.text.contains("thirty hotels") && e.tool_call_id == "call_1"),
            "{cited:?}"
        );
        let bad = score(
            ev,
            "The Oberoi Group is famous for its luxury spas and private airline.",
        );
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].status, ClaimStatus::Unsupported, "{bad:?}");
        let words: Vec<&str> = bad[0]
            .flagged_spans
            .iter()
            .map(|f| f.text.as_str())
            .collect();
        assert!(
            words.iter().any(|w| w.contains("spas")) && words.iter().any(|w| w.contains("airline")),
            "{words:?}"
        );
        // JSON evidence: answers verbalize fields, so coverage does not apply.
        let json = r#"{"group":"Oberoi","head_office":"Delhi"}"#;
        assert!(
            score(json, "The Oberoi Group keeps its headquarters in Delhi.")
                .iter()
                .all(|c| c.status == ClaimStatus::Supported)
        );
    }

    #[test]
    fn relative_days_against_the_run_timestamp() {
        assert_eq!(civil_from_days(20_528), (2026, 3, 16));
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        // The run happened on 2026-03-03 (UTC); the evidence says the parcel arrives on the 4th.
        let mut r = run(r#"{"status":"in_transit","eta":"2026-03-04"}"#);
        r.start_unix_nano = 1_772_528_400_000_000_000; // 2026-03-03T09:00:00Z
        let s = DeterministicScorer::new(Stage2Config::default());
        assert!(s
            .score(&r, "Your parcel arrives tomorrow.")
            .iter()
            .all(|c| c.status == ClaimStatus::Supported));
        let bad = s.score(&r, "Your parcel arrives today.");
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[0].flagged_spans[0].text, "today");
        // Without a date in the evidence a relative day is not checked.
        let mut r2 = run(r#"{"status":"in_transit"}"#);
        r2.start_unix_nano = r.start_unix_nano;
        assert!(s
            .score(&r2, "I will check again tomorrow.")
            .iter()
            .all(|c| c.status == ClaimStatus::Supported));
    }

    #[test]
    fn direction_words_against_the_stated_values() {
        let weather = r#"{"edinburgh":{"temp_c":6},"krakow":{"temp_c":-2}}"#;
        let bad = score(
            weather,
            "Edinburgh is colder than Krakow at the moment: 6°C versus -2°C.",
        );
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[0].flagged_spans[0].text, "colder than");
        assert!(score(
            weather,
            "Edinburgh is warmer than Krakow at the moment: 6°C versus -2°C."
        )
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
        let issues = r#"[{"number":2918,"comments":39},{"number":189,"comments":30}]"#;
        let bad = score(
            issues,
            "The least discussed is #2918 with 39 comments, followed by #189 with 30.",
        );
        assert_eq!(bad[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[0].flagged_spans[0].text, "The least discussed");
        assert!(score(
            issues,
            "The most discussed is #2918 with 39 comments, followed by #189 with 30."
        )
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
        let weekly = r#"{"active":826987,"previous_active":893311}"#;
        let bad = score(weekly, "There were 826,987 active customers. Active customers were up from 893,311 the week before.");
        assert_eq!(bad[1].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad[1].flagged_spans[0].text, "up");
        assert!(score(weekly, "There were 826,987 active customers. Active customers were down from 893,311 the week before.").iter().all(|c| c.status == ClaimStatus::Supported));
    }

    #[test]
    fn bare_years_match_dates() {
        // "September 2006" is a month and a year (not September 20); "5 January 2003" a full date.
        assert!(score(
            "It first aired in September 2006 and ended on December 4, 2009.",
            "2006"
        )
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
        assert!(score(
            "Roy Jenkins (11 November 1920 – 5 January 2003) was a politician.",
            "2003"
        )
        .iter()
        .all(|c| c.status == ClaimStatus::Supported));
        assert!(score(
            "It first aired in September 2006.",
            "It first aired in 2007."
        )
        .iter()
        .any(|c| c.status != ClaimStatus::Supported));
    }

    #[test]
    fn greetings_and_questions_are_not_claims() {
        assert!(score(RESULT, "Happy to help! Anything else I can do?").is_empty());
    }

    #[test]
    fn aggregation() {
        let c = score(RESULT, "Order ORD-1001 shipped. The total was $229.50.");
        assert_eq!(aggregate(&c, Aggregation::Min), 0.5);
        assert!(aggregate(&c, Aggregation::WeightedMean) > 0.5);
        assert_eq!(aggregate(&[], Aggregation::Min), 1.0);
    }
}
