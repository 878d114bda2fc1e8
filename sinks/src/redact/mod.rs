//! Redaction before storage: one [`Redactor`] that everything groundcheck writes passes
//! through (reports to every sink, log lines).
//!
//! # Contract
//! - **What matches.** Each enabled kind has patterns ([`patterns`]); a candidate must pass its
//!   kind's check (Luhn for cards, mod-97 for IBANs, boundaries and digit count for phone
//!   numbers). Operator patterns (`NAME=REGEX`) are kinds of their own; a pattern with a
//!   capture group named `value` redacts that group only. Overlapping matches: the kind first
//!   in priority order wins (secret, card, email, phone, iban, then operator patterns in
//!   order), then the earliest start, then the longest.
//! - **Placeholders.** A match becomes `[kind:hex12]`: the first 12 hex characters of
//!   HMAC-SHA256(key, kind ‖ 0x00 ‖ normalized value). Equal values give equal placeholders under
//!   one key (correlatable across reports and restarts with a configured key), and the value
//!   cannot be recovered from it. Normalization: card numbers and phone numbers to their digits
//!   (and the leading `+`), IBANs to upper-case alphanumerics, e-mail addresses to lower case;
//!   other kinds as matched.
//! - **Known values.** [`Redactor::redact_with`] also replaces every literal occurrence of
//!   values already found elsewhere in the same report (a bearer token quoted without its
//!   `Bearer` prefix in a claim's reason), with the same placeholder.
//! - **Offsets.** [`Redactor::redact_mapped`] returns an [`OffsetMap`] from char offsets of the
//!   original to char offsets of the redacted text (see its contract).
//! - **Counting.** Every replacement made by a `redact*` method is counted per kind
//!   ([`Redactor::counts`]); [`Redactor::find`] counts nothing.
//! - Slicing happens only on `char` boundaries (regex matches are on them), so any UTF-8
//!   text is safe.

pub mod checks;
pub mod map;
pub mod patterns;
pub mod report;

pub use map::OffsetMap;
pub use patterns::BuiltinKind;
pub use report::redact_report;

use map::Replaced;
use patterns::Check;
use regex::{Regex, RegexSet};
use ring::hmac;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Shortest key accepted from a key file (bytes).
pub const MIN_KEY_BYTES: usize = 16;

/// Errors building a [`Redactor`].
#[derive(Debug, thiserror::Error)]
pub enum RedactError {
    #[error("redact: unknown kind {0:?} (secret, card, email, phone, iban; or none)")]
    UnknownKind(String),
    #[error("redact_pattern: expected NAME=REGEX, got {0:?}")]
    PatternSpec(String),
    #[error("redact_pattern: name {0:?} must be 1–32 of a-z, 0-9, _ starting with a letter, and not a built-in kind")]
    PatternName(String),
    #[error("redact_pattern: name {0:?} given twice")]
    DuplicateName(String),
    #[error("redact_pattern {name}: invalid regex: {source}")]
    Regex {
        name: String,
        #[source]
        source: regex::Error,
    },
    #[error("redaction key is {0} bytes; at least {MIN_KEY_BYTES} needed")]
    ShortKey(usize),
    #[error("cannot generate a random redaction key")]
    Random,
}

/// What to redact and with which key.
#[derive(Debug, Clone, Default)]
pub struct RedactConfig {
    /// Built-in kinds on (priority is always secret, card, email, phone, iban).
    pub kinds: Vec<BuiltinKind>,
    /// Operator patterns: (name, regex), after the built-in kinds in priority.
    pub patterns: Vec<(String, String)>,
    /// HMAC key; `None`: a random per-process key (placeholders do not correlate across
    /// restarts).
    pub key: Option<Vec<u8>>,
}

impl RedactConfig {
    /// Parse `--redact`: a comma list of kinds; `none` (or empty) for no built-in kind.
    pub fn parse_kinds(list: &str) -> Result<Vec<BuiltinKind>, RedactError> {
        let mut out = Vec::new();
        for k in list.split(',').map(str::trim).filter(|k| !k.is_empty()) {
            if k == "none" {
                continue;
            }
            let kind = BuiltinKind::parse(k).ok_or_else(|| RedactError::UnknownKind(k.into()))?;
            if !out.contains(&kind) {
                out.push(kind);
            }
        }
        Ok(out)
    }

    /// Parse one `--redact-pattern NAME=REGEX`.
    pub fn parse_pattern(spec: &str) -> Result<(String, String), RedactError> {
        let (name, re) = spec
            .split_once('=')
            .ok_or_else(|| RedactError::PatternSpec(spec.into()))?;
        let name = name.trim();
        let ok = !name.is_empty()
            && name.len() <= 32
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            && BuiltinKind::parse(name).is_none();
        if !ok {
            return Err(RedactError::PatternName(name.into()));
        }
        if re.is_empty() {
            return Err(RedactError::PatternSpec(spec.into()));
        }
        Ok((name.to_owned(), re.to_owned()))
    }
}

struct Pattern {
    regex: Regex,
    kind: usize,
    check: Check,
    /// Index of the `value` capture group, when the pattern has one.
    group: Option<usize>,
}

struct Kind {
    name: String,
    builtin: Option<BuiltinKind>,
    count: AtomicU64,
}

/// A value found in a text: its byte range and kind (index into the redactor's kinds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub range: Range<usize>,
    pub kind: usize,
}

/// A value already found in the report being redacted, replaced wherever it appears.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KnownValue {
    pub value: String,
    pub kind: usize,
}

/// Known values shorter than this are not searched for literally (too likely to occur by
/// chance; every built-in kind's values are longer).
const MIN_KNOWN_CHARS: usize = 6;

/// The redactor (see the module contract). Cheap to share (`Arc`); all methods take `&self`.
pub struct Redactor {
    kinds: Vec<Kind>,
    patterns: Vec<Pattern>,
    set: RegexSet,
    key: hmac::Key,
    random_key: bool,
}

impl std::fmt::Debug for Redactor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Redactor")
            .field("kinds", &self.kinds().collect::<Vec<_>>())
            .field("random_key", &self.random_key)
            .finish_non_exhaustive()
    }
}

impl Redactor {
    pub fn new(cfg: &RedactConfig) -> Result<Redactor, RedactError> {
        let mut kinds: Vec<Kind> = Vec::new();
        let mut patterns = Vec::new();
        let mut sources = Vec::new();
        // Built-in kinds in their fixed priority order, whatever the order configured.
        let builtins = BuiltinKind::ALL
            .into_iter()
            .filter(|k| cfg.kinds.contains(k));
        for b in builtins {
            let kind = kinds.len();
            kinds.push(Kind {
                name: b.as_str().to_owned(),
                builtin: Some(b),
                count: AtomicU64::new(0),
            });
            for (re, check) in b.patterns() {
                let regex = Regex::new(re).expect("built-in redaction pattern compiles");
                sources.push(*re);
                patterns.push(Pattern {
                    group: regex.capture_names().position(|n| n == Some("value")),
                    regex,
                    kind,
                    check: *check,
                });
            }
        }
        for (name, re) in &cfg.patterns {
            if kinds.iter().any(|k| &k.name == name) {
                return Err(RedactError::DuplicateName(name.clone()));
            }
            let regex = Regex::new(re).map_err(|source| RedactError::Regex {
                name: name.clone(),
                source,
            })?;
            let kind = kinds.len();
            kinds.push(Kind {
                name: name.clone(),
                builtin: None,
                count: AtomicU64::new(0),
            });
            sources.push(re.as_str());
            patterns.push(Pattern {
                group: regex.capture_names().position(|n| n == Some("value")),
                regex,
                kind,
                check: Check::None,
            });
        }
        let set = RegexSet::new(&sources).map_err(|source| RedactError::Regex {
            name: "(all patterns)".into(),
            source,
        })?;
        let (key, random_key) = match &cfg.key {
            Some(k) if k.len() < MIN_KEY_BYTES => return Err(RedactError::ShortKey(k.len())),
            Some(k) => (hmac::Key::new(hmac::HMAC_SHA256, k), false),
            None => {
                let rng = ring::rand::SystemRandom::new();
                let key = hmac::Key::generate(hmac::HMAC_SHA256, &rng)
                    .map_err(|_| RedactError::Random)?;
                (key, true)
            }
        };
        Ok(Redactor {
            kinds,
            patterns,
            set,
            key,
            random_key,
        })
    }

    /// A redactor that changes nothing (`--redact none` without patterns).
    pub fn disabled() -> Redactor {
        Redactor::new(&RedactConfig {
            key: Some(vec![0; MIN_KEY_BYTES]),
            ..Default::default()
        })
        .expect("an empty redactor builds")
    }

    /// Whether any kind is on.
    pub fn is_enabled(&self) -> bool {
        !self.kinds.is_empty()
    }

    /// The key was generated for this process (no key file): placeholders do not correlate
    /// across restarts.
    pub fn key_is_random(&self) -> bool {
        self.random_key
    }

    /// The kinds on, in priority order.
    pub fn kinds(&self) -> impl Iterator<Item = &str> {
        self.kinds.iter().map(|k| k.name.as_str())
    }

    /// Replacements made so far, per kind (every kind on, zeros included).
    pub fn counts(&self) -> Vec<(&str, u64)> {
        self.kinds
            .iter()
            .map(|k| (k.name.as_str(), k.count.load(Relaxed)))
            .collect()
    }

    /// The placeholder of `value` (as matched) of kind `kind`.
    pub fn placeholder(&self, kind: usize, value: &str) -> String {
        let k = &self.kinds[kind];
        let normalized: Cow<str> = match k.builtin {
            Some(BuiltinKind::Card) => value.chars().filter(char::is_ascii_digit).collect(),
            Some(BuiltinKind::Phone) => value
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '+')
                .collect(),
            Some(BuiltinKind::Iban) => value
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_uppercase())
                .collect(),
            Some(BuiltinKind::Email) => value.to_lowercase().into(),
            _ => value.into(),
        };
        let mut ctx = hmac::Context::with_key(&self.key);
        ctx.update(k.name.as_bytes());
        ctx.update(&[0]);
        ctx.update(normalized.as_bytes());
        let tag = ctx.sign();
        let mut out = String::with_capacity(k.name.len() + 15);
        out.push('[');
        out.push_str(&k.name);
        out.push(':');
        for b in &tag.as_ref()[..6] {
            let _ = write!(out, "{b:02x}");
        }
        out.push(']');
        out
    }

    /// The values in `text` (patterns, then literal occurrences of `known`), sorted, not
    /// overlapping. Counts nothing.
    pub fn find(&self, text: &str, known: &[KnownValue]) -> Vec<Found> {
        let mut cands: Vec<(Range<usize>, usize, usize)> = Vec::new();
        if !self.patterns.is_empty() {
            let mut confirmed = Vec::new();
            for i in self.set.matches(text).iter() {
                let p = &self.patterns[i];
                let mut candidate = |m: Range<usize>| {
                    confirmed.clear();
                    p.check.confirm(text, m, &mut confirmed);
                    for r in confirmed.drain(..) {
                        if !r.is_empty() {
                            cands.push((r, p.kind, p.kind));
                        }
                    }
                };
                match p.group {
                    Some(g) => {
                        for c in p.regex.captures_iter(text) {
                            if let Some(m) = c.get(g) {
                                candidate(m.range());
                            }
                        }
                    }
                    None => {
                        for m in p.regex.find_iter(text) {
                            candidate(m.range());
                        }
                    }
                }
            }
        }
        for k in known {
            for (at, v) in text.match_indices(k.value.as_str()) {
                cands.push((at..at + v.len(), k.kind, usize::MAX));
            }
        }
        if cands.is_empty() {
            return Vec::new();
        }
        // Kinds in priority order; within a kind the earliest start, then the longest, wins.
        cands.sort_by(|a, b| {
            a.2.cmp(&b.2)
                .then(a.0.start.cmp(&b.0.start))
                .then(b.0.end.cmp(&a.0.end))
        });
        let mut taken: BTreeMap<usize, usize> = BTreeMap::new();
        let mut out: Vec<Found> = Vec::new();
        for (r, kind, _) in cands {
            let free = taken
                .range(..r.end)
                .next_back()
                .is_none_or(|(_, &end)| end <= r.start);
            if free {
                taken.insert(r.start, r.end);
                out.push(Found { range: r, kind });
            }
        }
        out.sort_by_key(|f| f.range.start);
        out
    }

    /// The values of `text` as known values (for [`Redactor::redact_with`] on the other fields
    /// of the same report). Counts nothing.
    pub fn known_values(&self, text: &str, into: &mut Vec<KnownValue>) {
        for f in self.find(text, &[]) {
            let value = &text[f.range];
            if value.chars().count() >= MIN_KNOWN_CHARS {
                into.push(KnownValue {
                    value: value.to_owned(),
                    kind: f.kind,
                });
            }
        }
    }

    /// `text` with every value replaced by its placeholder (counted).
    pub fn redact<'a>(&self, text: &'a str) -> Cow<'a, str> {
        self.redact_with(text, &[])
    }

    /// [`Redactor::redact`], also replacing literal occurrences of `known` values.
    pub fn redact_with<'a>(&self, text: &'a str, known: &[KnownValue]) -> Cow<'a, str> {
        let found = self.find(text, known);
        if found.is_empty() {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len() + found.len() * 16);
        let mut at = 0;
        for f in found {
            out.push_str(&text[at..f.range.start]);
            out.push_str(&self.placeholder(f.kind, &text[f.range.clone()]));
            self.kinds[f.kind].count.fetch_add(1, Relaxed);
            at = f.range.end;
        }
        out.push_str(&text[at..]);
        Cow::Owned(out)
    }

    /// Redact a `String` in place (counted).
    pub fn redact_in_place(&self, s: &mut String, known: &[KnownValue]) {
        if let Cow::Owned(r) = self.redact_with(s, known) {
            *s = r;
        }
    }

    /// [`Redactor::redact_with`] plus the char-offset map original → redacted (counted).
    pub fn redact_mapped(&self, text: &str, known: &[KnownValue]) -> (String, OffsetMap) {
        let found = self.find(text, known);
        let orig_len = text.chars().count();
        if found.is_empty() {
            return (text.to_owned(), OffsetMap::identity(orig_len));
        }
        let mut out = String::with_capacity(text.len() + found.len() * 16);
        let mut replaced = Vec::with_capacity(found.len());
        let (mut at, mut orig_chars, mut new_chars) = (0, 0, 0);
        for f in found {
            let gap = text[at..f.range.start].chars().count();
            out.push_str(&text[at..f.range.start]);
            orig_chars += gap;
            new_chars += gap;
            let value = &text[f.range.clone()];
            let p = self.placeholder(f.kind, value);
            self.kinds[f.kind].count.fetch_add(1, Relaxed);
            let (vl, pl) = (value.chars().count(), p.chars().count());
            replaced.push(Replaced {
                orig: (orig_chars, orig_chars + vl),
                new: (new_chars, new_chars + pl),
            });
            out.push_str(&p);
            orig_chars += vl;
            new_chars += pl;
            at = f.range.end;
        }
        let tail = text[at..].chars().count();
        out.push_str(&text[at..]);
        let map = OffsetMap {
            replaced,
            orig_len,
            new_len: new_chars + tail,
        };
        (out, map)
    }
}

#[cfg(test)]
mod tests;
