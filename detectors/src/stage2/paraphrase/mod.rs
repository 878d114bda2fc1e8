//! A clause against the document line it paraphrases: a negation or a relation word reversed
//! ("Wet cleaning … is recommended" of "Wet cleaning … is not recommended"; "made after the
//! appointment" of "must be made before the appointment") ([`Index::conflict`]).
//!
//! A claim clause is compared only with a tool-result clause that holds nearly all of its
//! content words and that it covers for the most part — a close paraphrase, not a related
//! line — and that holds every number the clause states. The clause is reversed when every
//! such line disagrees with it:
//! - **relation**: both state relation words of the same kinds (magnitude: "more", "below";
//!   time: "before", "later"; bound: "within", "beyond"), in opposite senses, with the same
//!   negation; "no more than" is "less", and "7 days after the report" is an anchor, not a
//!   relation;
//! - **negation**: one negates the verb ("not", "n't", "never", "cannot") and the other does
//!   not, the negated verb is in the other clause, and determiner negations ("no charge",
//!   "without") do not make up the difference ("weren't any crews" is "No crews available").
//!
//! A line of a condition ("If your last dive was more than 12 months ago, …") is compared
//! only with a claim that states a condition too: applying a rule to the user's case
//! ("you don't need a refresher") negates its consequent legitimately.
//!
//! A rule applied with its consequence reversed is read by [`consequence`].
//!
//! Bounded: at most [`MAX_UNITS`] evidence clauses per run, indexed once by content word.

mod comparison;
mod consequence;

pub(in crate::stage2) use comparison::{labeled_comparison, labeled_comparison_conflict};

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use super::coverage::stem;
use crate::run::EvidenceDoc;

/// Evidence clauses indexed per run.
pub(super) const MAX_UNITS: usize = 8192;
/// Content words a clause needs to be compared, and shared with the line it paraphrases.
const MIN_SHARED: usize = 4;

const NEGATIONS: &[&str] = &["not", "never", "cannot"];
const DETERMINER_NEGATIONS: &[&str] = &[
    "no", "none", "nothing", "nobody", "without", "neither", "nor",
];
const CONDITIONS: &[&str] = &["if", "unless", "when", "whenever", "only"];

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Relation {
    Magnitude,
    Time,
    Bound,
}

/// Relation words, their kind and sense (`1`: the larger, later or outside side).
const RELATIONS: &[(&str, Relation, i8)] = &[
    ("more", Relation::Magnitude, 1),
    ("over", Relation::Magnitude, 1),
    ("above", Relation::Magnitude, 1),
    ("higher", Relation::Magnitude, 1),
    ("greater", Relation::Magnitude, 1),
    ("exceed", Relation::Magnitude, 1),
    ("exceeds", Relation::Magnitude, 1),
    ("exceeded", Relation::Magnitude, 1),
    ("exceeding", Relation::Magnitude, 1),
    ("longer", Relation::Magnitude, 1),
    ("less", Relation::Magnitude, -1),
    ("fewer", Relation::Magnitude, -1),
    ("under", Relation::Magnitude, -1),
    ("below", Relation::Magnitude, -1),
    ("lower", Relation::Magnitude, -1),
    ("shorter", Relation::Magnitude, -1),
    ("later", Relation::Time, 1),
    ("after", Relation::Time, 1),
    ("earlier", Relation::Time, -1),
    ("before", Relation::Time, -1),
    ("beyond", Relation::Bound, 1),
    ("outside", Relation::Bound, 1),
    ("within", Relation::Bound, -1),
    ("inside", Relation::Bound, -1),
];

/// Units of a duration: "7 calendar days after the report" anchors a date, it relates nothing.
const DURATION_WORDS: &[&str] = &[
    "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months",
    "year", "years", "business", "calendar", "working",
];

/// Function words: no content of a clause.
const FUNCTION_WORDS: &[&str] = &[
    "a", "an", "the", "of", "to", "in", "on", "at", "for", "by", "with", "from", "and", "or",
    "but", "so", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this",
    "that", "these", "those", "there", "here", "you", "your", "yours", "we", "our", "i", "me",
    "my", "he", "she", "they", "them", "their", "his", "her", "which", "who", "whom", "whose",
    "what", "when", "where", "why", "how", "if", "then", "than", "also", "just", "only", "can",
    "could", "will", "would", "shall", "should", "may", "might", "must", "do", "does", "did",
    "has", "have", "had", "having", "into", "onto", "about", "per", "via", "up", "out", "any",
    "all", "each", "every", "some", "such", "very", "most", "least", "still", "yet", "already",
    "again", "now", "today", "one", "both", "either", "other", "another", "same", "own", "s", "t",
];

/// Words between a negation and the verb it negates ("not yet been billed").
const NEGATED_FILLERS: &[&str] = &["get", "got", "currently", "always", "ever", "really"];

/// A word's hash (FNV-1a): content words are compared and indexed by it.
fn key(w: &str) -> u64 {
    w.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One clause, read for its polarity.
#[derive(Debug, Default)]
struct Reading {
    /// Verb negations.
    negations: usize,
    /// Determiner negations ("no charge").
    determiners: usize,
    /// Relation words, sorted.
    relations: Vec<(Relation, i8)>,
    /// Content stems and numbers (hashed), sorted and distinct.
    content: Vec<u64>,
    numbers: Vec<u64>,
    /// The stems of the verbs negated (hashed).
    negated: Vec<u64>,
    /// Byte spans (in the clause) of the negations, relation words and content words, for
    /// the flag.
    negation_spans: Vec<(usize, usize)>,
    relation_spans: Vec<(usize, usize, Relation, i8)>,
    /// The clause lower-cased (ASCII: byte offsets are the clause's) and its words' spans.
    lower: String,
    words: Vec<(usize, usize)>,
}

impl Reading {
    fn word(&self, i: usize) -> &str {
        let (s, e) = self.words[i];
        &self.lower[s..e]
    }
}

/// A verb negated by its clitic: "isn't", "won’t".
fn negative_clitic(w: &str) -> bool {
    w.ends_with("n't") || w.ends_with("n’t")
}

/// The words of `text`: ASCII letters and digits, numbers with their separators ("1,200.50"),
/// a clitic kept on its word ("isn't", "won’t"): byte spans.
fn words(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let st = i;
        let digits = b[i].is_ascii_digit();
        while i < b.len() {
            let number_separator = digits
                && matches!(b[i], b'.' | b',')
                && b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if b[i].is_ascii_alphanumeric() || number_separator {
                i += 1;
            } else {
                break;
            }
        }
        // A clitic: "'t", "’s".
        let rest = &text[i..];
        let apos = if rest.starts_with('\'') {
            1
        } else if rest.starts_with('’') {
            '’'.len_utf8()
        } else {
            0
        };
        if apos > 0 && rest[apos..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            i += apos;
            while i < b.len() && b[i].is_ascii_alphabetic() {
                i += 1;
            }
        }
        out.push((st, i));
    }
    out
}

/// The word lists as sets: a clause's every word is looked up in them.
struct Lexicon {
    function: HashSet<&'static str>,
    fillers: HashSet<&'static str>,
    durations: HashSet<&'static str>,
    relations: HashMap<&'static str, (Relation, i8)>,
}

fn lexicon() -> &'static Lexicon {
    static L: OnceLock<Lexicon> = OnceLock::new();
    L.get_or_init(|| Lexicon {
        function: FUNCTION_WORDS.iter().copied().collect(),
        fillers: NEGATED_FILLERS.iter().copied().collect(),
        durations: DURATION_WORDS.iter().copied().collect(),
        relations: RELATIONS.iter().map(|&(w, k, s)| (w, (k, s))).collect(),
    })
}

fn relation(w: &str) -> Option<(Relation, i8)> {
    lexicon().relations.get(w).copied()
}

fn read(text: &str) -> Reading {
    let ws = words(text);
    let lower = text.to_ascii_lowercase();
    let word = |i: usize| ws.get(i).map_or("", |&(s, e)| &lower[s..e]);
    let lex = lexicon();
    let mut r = Reading::default();
    let mut content: Vec<u64> = Vec::new();
    let mut heads: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < ws.len() {
        let ((s, e), w) = (ws[i], word(i));
        if negative_clitic(w) {
            // "isn't", "won't", "doesn't": the auxiliary is no content.
            r.negations += 1;
            r.negation_spans.push((s, e));
            heads.push(i + 1);
            i += 1;
            continue;
        }
        let negation = NEGATIONS.contains(&w);
        let determiner = DETERMINER_NEGATIONS.contains(&w);
        if negation || determiner {
            // "no more than", "not later than": the opposite relation, no negation.
            if let Some((k, sense)) = relation(word(i + 1)) {
                r.relations.push((k, -sense));
                r.relation_spans.push((s, ws[i + 1].1, k, -sense));
                i += 2;
                continue;
            }
            if negation {
                r.negations += 1;
                r.negation_spans.push((s, e));
                heads.push(i + 1);
            } else {
                r.determiners += 1;
            }
            i += 1;
            continue;
        }
        if let Some((k, sense)) = relation(w) {
            let after_duration = i > 0 && lex.durations.contains(word(i - 1));
            if !(k == Relation::Time && after_duration) {
                r.relations.push((k, sense));
                r.relation_spans.push((s, e, k, sense));
            }
            i += 1;
            continue;
        }
        if w.starts_with(|c: char| c.is_ascii_digit()) {
            let n = key(&w.replace(',', ""));
            r.numbers.push(n);
            content.push(n);
        } else if w.len() > 1 && !lex.function.contains(w) {
            content.push(key(stem(w)));
        }
        i += 1;
    }
    for h in heads {
        let head = (h..ws.len())
            .map(word)
            .find(|x| !lex.function.contains(x) && !lex.fillers.contains(x));
        if let Some(x) = head {
            if !x.starts_with(|c: char| c.is_ascii_digit()) {
                r.negated.push(key(stem(x)));
            }
        }
    }
    content.sort();
    content.dedup();
    r.content = content;
    r.numbers.sort();
    r.numbers.dedup();
    r.relations.sort();
    r.words = ws;
    r.lower = lower;
    r
}

/// Whether `text` has one of the words of `list` (lower case).
fn has_word(text: &str, list: &[&str]) -> bool {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| list.iter().any(|l| l.eq_ignore_ascii_case(w)))
}

/// The sentences of `text`: ended by a line break, or by `.`, `!` or `?` before white space.
fn sentences(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut st = 0;
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let end = match c {
            '\n' => Some(i),
            '.' | '!' | '?' => it
                .peek()
                .is_none_or(|&(_, n)| n.is_whitespace())
                .then_some(i + 1),
            _ => None,
        };
        if let Some(e) = end {
            if !text[st..e].trim().is_empty() {
                out.push((st, e));
            }
            st = i + c.len_utf8();
        }
    }
    if !text[st..].trim().is_empty() {
        out.push((st, text.len()));
    }
    out
}

/// Conjunctions that open a clause after a comma.
const CLAUSE_OPENERS: &[&str] = &[
    "but", "so", "and", "which", "while", "whereas", "although", "though", "since", "because",
    "unless",
];

/// The clauses of a sentence `text[st..en]`: split at `;` `:` brackets, quotes and dashes,
/// at ", but" and the like and at " but ", " whereas ", " although " (`fine`: at every
/// comma too). Clauses of eight bytes or fewer are dropped.
fn clauses(text: &str, st: usize, en: usize, fine: bool) -> Vec<(usize, usize)> {
    let s = &text[st..en];
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for (i, c) in s.char_indices() {
        let l = c.len_utf8();
        if matches!(
            c,
            ';' | ':' | '(' | ')' | '[' | ']' | '{' | '}' | '"' | '—' | '–' | '\n'
        ) {
            cuts.push((i, i + l));
        } else if c == '.' && s[i + 1..].starts_with(char::is_whitespace) {
            cuts.push((i, i + 1));
        } else if c == ',' && s[i + 1..].starts_with(' ') {
            let next = s[i + 1..].trim_start();
            let opener = next
                .split(|c: char| !c.is_ascii_alphabetic())
                .next()
                .unwrap_or("");
            if fine || CLAUSE_OPENERS.contains(&opener) {
                cuts.push((i, i + 1));
            }
        } else if c == ' ' {
            for w in [" but ", " whereas ", " although ", " so that "] {
                if s[i..].starts_with(w) {
                    cuts.push((i, i + w.len()));
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut from = 0;
    cuts.sort();
    for (a, b) in cuts {
        if a >= from {
            if s[from..a].trim().len() > 8 {
                out.push((st + from, st + a));
            }
            from = b;
        }
    }
    if s[from..].trim().len() > 8 {
        out.push((st + from, en));
    }
    out
}

/// One evidence clause.
struct Unit {
    reading: Reading,
    /// Its sentence states a condition.
    conditional: bool,
    /// Its sentence states an exception or a necessary condition ([`consequence`]).
    not_sufficient: bool,
}

/// The tool results' clauses, indexed by content word.
pub(super) struct Index {
    units: Vec<Unit>,
    by_word: HashMap<u64, Vec<u32>>,
}

impl Index {
    /// The clauses of every tool result (the string values of a JSON one), coarse and fine,
    /// at most [`MAX_UNITS`].
    pub(super) fn new(docs: &[EvidenceDoc], value_texts: &[Option<String>]) -> Self {
        // A JSON document's string values, one a line, as the evidence index read them.
        let texts: Vec<&str> = docs
            .iter()
            .zip(value_texts)
            .filter(|(d, _)| super::evidence::is_result(d))
            .map(|(d, v)| v.as_deref().unwrap_or(&d.text))
            .collect();
        let mut idx = Index {
            units: Vec::new(),
            by_word: HashMap::new(),
        };
        // A line paraphrased shares MIN_SHARED content words: shorter texts are no line
        // (identifiers, names, dates of a JSON record).
        let long = |t: &str| t.split_whitespace().nth(MIN_SHARED - 1).is_some();
        'all: for t in texts.iter().filter(|t| long(t)) {
            for (ss, se) in sentences(t) {
                if !long(&t[ss..se]) {
                    continue;
                }
                let conditional = has_word(&t[ss..se], CONDITIONS);
                let not_sufficient = has_word(&t[ss..se], consequence::NOT_SUFFICIENT);
                let mut spans = clauses(t, ss, se, false);
                spans.extend(clauses(t, ss, se, true));
                spans.sort();
                spans.dedup();
                for (a, b) in spans {
                    if idx.units.len() >= MAX_UNITS {
                        break 'all;
                    }
                    let mut reading = read(&t[a..b]);
                    if reading.content.len() < 2 {
                        continue;
                    }
                    // Spans are the claim's only.
                    reading.lower = String::new();
                    reading.words = Vec::new();
                    let id = idx.units.len() as u32;
                    for &w in &reading.content {
                        idx.by_word.entry(w).or_default().push(id);
                    }
                    idx.units.push(Unit {
                        reading,
                        conditional,
                        not_sufficient,
                    });
                }
            }
        }
        idx
    }

    /// The span (in `text`, a claim) and kind of a negation or relation that every close
    /// paraphrase in the evidence reverses, if any.
    pub(super) fn conflict(&self, text: &str) -> Option<(usize, usize, Reversal)> {
        let claim_conditional = has_word(text, CONDITIONS);
        let mut out = None;
        for (ss, se) in sentences(text) {
            let fine = clauses(text, ss, se, true);
            let mut spans = clauses(text, ss, se, false);
            spans.extend(fine.iter().copied());
            spans.sort();
            spans.dedup();
            for (a, b) in spans {
                let r = read(&text[a..b]);
                if r.content.len() < MIN_SHARED {
                    continue;
                }
                if let Some((s, e, k)) =
                    self.reversed(&r, fine.contains(&(a, b)), claim_conditional)
                {
                    out = Some((a + s, a + e, k));
                    break;
                }
            }
            if out.is_some() {
                break;
            }
        }
        out
    }

    fn reversed(
        &self,
        c: &Reading,
        fine: bool,
        conditional: bool,
    ) -> Option<(usize, usize, Reversal)> {
        let mut shared: HashMap<u32, usize> = HashMap::new();
        for w in &c.content {
            for &id in self.by_word.get(w).into_iter().flatten() {
                *shared.entry(id).or_default() += 1;
            }
        }
        let mut best: Option<(usize, u32, Reversal)> = None;
        let mut ids: Vec<(u32, usize)> = shared.into_iter().collect();
        ids.sort();
        for (id, n) in ids {
            let u = &self.units[id as usize];
            let e = &u.reading;
            if u.conditional && !conditional
                || n < MIN_SHARED
                || (n as f64) < 0.75 * c.content.len() as f64
                || (n as f64) < 0.5 * e.content.len() as f64
                || !c.numbers.iter().all(|x| e.numbers.binary_search(x).is_ok())
            {
                continue;
            }
            let same_kinds = c
                .relations
                .iter()
                .map(|r| r.0)
                .eq(e.relations.iter().map(|r| r.0));
            let why = if !c.relations.is_empty()
                && same_kinds
                && c.relations != e.relations
                && c.negations % 2 == e.negations % 2
            {
                Some(Reversal::Relation)
            } else if fine
                && c.negations % 2 != e.negations % 2
                && (c.negations + c.determiners) % 2 != (e.negations + e.determiners) % 2
                && c.relations == e.relations
                && c.negated.iter().all(|w| e.content.binary_search(w).is_ok())
                && e.negated.iter().all(|w| c.content.binary_search(w).is_ok())
            {
                Some(Reversal::Negation)
            } else {
                None
            };
            // A paraphrase that agrees: nothing is reversed.
            let why = why?;
            if best.as_ref().is_none_or(|b| n > b.0) {
                best = Some((n, id, why));
            }
        }
        let (_, id, why) = best?;
        let e = &self.units[id as usize].reading;
        let span = match why {
            Reversal::Relation => c
                .relation_spans
                .iter()
                .find(|r| !e.relations.contains(&(r.2, r.3)))
                .map(|r| (r.0, r.1)),
            Reversal::Negation if c.negations > 0 => c.negation_spans.first().copied(),
            // The claim drops the evidence's negation: its verb (with its auxiliary).
            Reversal::Negation => (0..c.words.len())
                .find(|&i| e.negated.contains(&key(stem(c.word(i)))))
                .map(|i| {
                    let aux = i > 0
                        && matches!(
                            c.word(i - 1),
                            "is" | "are"
                                | "was"
                                | "were"
                                | "be"
                                | "do"
                                | "does"
                                | "did"
                                | "can"
                                | "will"
                                | "may"
                                | "must"
                                | "has"
                                | "have"
                                | "had"
                        );
                    let st = if aux { c.words[i - 1].0 } else { c.words[i].0 };
                    (st, c.words[i].1)
                }),
        }?;
        Some((span.0, span.1, why))
    }
}

/// What a claim reverses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reversal {
    Relation,
    Negation,
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The index of one tool result, its values read as the scorer's evidence reads them.
    pub(super) fn index(text: &str) -> Index {
        let docs = doc(text);
        let ev = super::super::evidence::Evidence::new(&Default::default(), &docs, 200);
        Index::new(&docs, &ev.value_texts)
    }

    fn doc(text: &str) -> Vec<EvidenceDoc> {
        vec![EvidenceDoc {
            source: "call_1".into(),
            text: text.into(),
        }]
    }

    #[test]
    fn a_dropped_negation_of_the_line_paraphrased_is_a_reversal() {
        let idx = index(
            "## Sensor care\n\nUse a blower first. Wet cleaning with swabs and fluid is not recommended at home.",
        );
        let text = "Use a blower first, and wet cleaning with swabs and fluid is recommended.";
        let (s, e, k) = idx.conflict(text).expect("reversed");
        assert_eq!(k, Reversal::Negation);
        assert_eq!(&text[s..e], "is recommended");
        // The negation kept, or said in other words, is no reversal.
        assert!(idx
            .conflict("Wet cleaning with swabs and fluid isn't recommended.")
            .is_none());
        assert!(idx.conflict("Use a blower first.").is_none());
    }

    #[test]
    fn a_reversed_relation_of_the_line_paraphrased() {
        let idx = index(
            r#"{"body": "3.1 A reschedule request must be made before the appointment and must show good cause."}"#,
        );
        let text = "The request must be made after the appointment and show good cause.";
        let (s, e, k) = idx.conflict(text).expect("reversed");
        assert_eq!((k, &text[s..e]), (Reversal::Relation, "after"));
        assert!(idx
            .conflict("The request must be made before the appointment and show good cause.")
            .is_none());
        // "no later than" is "before".
        assert!(idx
            .conflict("The request must be made no later than the appointment and show good cause.")
            .is_none());
    }

    #[test]
    fn a_condition_is_compared_only_with_a_condition() {
        let idx = index(
            "If your last logged dive was more than 12 months ago, you need a Scuba Refresher before any boat dive.",
        );
        // Applying the rule to the user's case negates its consequent legitimately.
        assert!(idx
            .conflict("You don't need a Scuba Refresher before the boat dive.")
            .is_none());
        let text = "If your last logged dive was less than 12 months ago you need a Scuba Refresher before any boat dive.";
        let (s, e, k) = idx.conflict(text).expect("reversed");
        assert_eq!((k, &text[s..e]), (Reversal::Relation, "less"));
    }

    #[test]
    fn anchors_determiner_negations_and_loose_lines_are_no_reversal() {
        let idx = index(
            "10.3.2 Follow-up information must be submitted within 7 calendar days of the initial report.\nNo crews available on 2026-06-30 for a 3-person move.\nLabel every container with the full chemical names, not formulas or abbreviations.",
        );
        // "7 calendar days after the report" anchors a date.
        assert!(idx
            .conflict("Follow-up information is due 7 calendar days after the initial report.")
            .is_none());
        assert!(idx
            .conflict("There weren't any crews available for a 3-person move that day.")
            .is_none());
        // A part of the line that agrees.
        assert!(idx
            .conflict("Label every container with the full chemical names.")
            .is_none());
    }

    #[test]
    fn words_keep_clitics_and_numbers() {
        let t = "It isn’t 1,200.50 € — won't.";
        let w: Vec<&str> = words(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(w, ["It", "isn’t", "1,200.50", "won't"]);
    }
}
