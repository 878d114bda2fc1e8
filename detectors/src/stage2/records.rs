//! Records: which numbers of a JSON tool result belong to which thing.
//!
//! A value copied from the wrong record is the most common numeric hallucination of agents
//! reading structured results: "AA1937 is $548" when $548 is DL2234's fare and AA1937's is
//! $576. Matching numbers anywhere in the evidence cannot see it. So the evidence is also
//! indexed by *record*: the document itself, every element of an array and every value of a
//! map keyed by identifiers — each with its *keys* (the short strings it holds, in nested
//! objects too, and the values of its identifier fields) and its numbers (nested ones, array
//! lengths, and numbers written inside short strings such as "17F" or "28 inch").
//!
//! A claim that names a record (an identifier or name it mentions equals one of the record's
//! keys, and no other record's) *anchors* to it. A number of that claim is then
//! - supported when an anchored record holds it;
//! - contradicted when no anchored record holds it, an anchored record holds a different
//!   value of the same order of magnitude (within a factor of 3: the same kind of quantity),
//!   and another record — one that neither contains nor is contained in a record the claim
//!   names, even ambiguously — holds it: the value belongs to something else.
//!
//! (Only siblings count as "another record": the classic error is the wrong row of a list.)
//! Everything else falls back to the evidence-wide checks. Bounded: at most [`MAX_RECORDS`]
//! records per run and [`MAX_NUMBERS`] numbers per record.

use super::terms::field_name;
use serde_json::Value as J;

pub const MAX_RECORDS: usize = 2048;
pub const MAX_NUMBERS: usize = 256;
/// Longest string value taken as a record key.
const MAX_KEY_LEN: usize = 80;

/// One record of the evidence.
#[derive(Debug, Default)]
pub struct Record {
    /// Normalized short string values and identifier-field values in the record.
    pub keys: Vec<String>,
    /// Every number in the record, nested ones included.
    pub numbers: Vec<f64>,
    /// Its numeric fields by name (nested objects that are no records of their own included;
    /// at most [`MAX_NUMBERS`]): what a ranking of the records compares.
    pub fields: Vec<(String, f64)>,
    /// The enclosing record (the document, or the array element / map value around it).
    pub parent: Option<usize>,
    /// The values of its own identifier fields that look like identifiers (a digit in them,
    /// and a letter or five characters: `FLD-362-01`, `48213`), normalized: the same thing
    /// in another tool result carries the same one ([`bind_by`] joins them).
    pub ids: Vec<String>,
    /// The names of its boolean fields that are `true` (`"available": true`), at most
    /// [`MAX_FLAGS`]: what "11 available" counts across a list.
    pub flags: Vec<String>,
    /// The names of its boolean fields that are `false` (`"accepted": false`), at most
    /// [`MAX_FLAGS`]: a status word's negation.
    pub unflags: Vec<String>,
    /// Its short string fields by name (`"status": "complete"` → `("status", "complete")`, the
    /// value as [`key_of`] writes it; at most [`MAX_TEXTS`], dates and long texts left out):
    /// what a table cell under the field's column states of the record.
    pub texts: Vec<(String, String)>,
}

/// Most short string fields kept per record.
const MAX_TEXTS: usize = 32;

/// Longest string kept as a short string field, in bytes, and most words in it.
const MAX_TEXT_LEN: usize = 40;
const MAX_TEXT_WORDS: usize = 4;

/// Most boolean fields kept per record.
const MAX_FLAGS: usize = 16;

/// Normalized form of a record key or an anchor: lower case, `#` and surrounding
/// punctuation trimmed, inner whitespace collapsed.
pub fn key_of(s: &str) -> String {
    let t = s
        .trim()
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A field whose value identifies its record (`id`, `order_id`, `number`, `code`, …).
fn is_id_field(k: &str) -> bool {
    // `customerId`, `orderNumber` like `customer_id`, `order_number`.
    let k = field_name(k);
    k == "id"
        || k.ends_with("_id")
        || k.ends_with("id") && k.len() <= 8
        || k == "number"
        || k.ends_with("_number")
        || k == "code"
        || k.ends_with("_code")
}

/// Numbers written in a short string ("17F", "28 inch", "15-inch", "$12.50"). A code —
/// one token with a letter before its first digit ("cnd_96e19fcc", "A-1", "TR-2035027") —
/// holds no quantity: the "19" inside an identifier is no value of its record.
fn numbers_in(s: &str, out: &mut Vec<f64>) {
    let token = !s.contains(char::is_whitespace);
    let first_digit = s.find(|c: char| c.is_ascii_digit());
    let letter_first = first_digit.is_some_and(|i| s[..i].contains(|c: char| c.is_alphabetic()));
    if token && letter_first {
        return;
    }
    let mut cur = String::new();
    for c in s.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || (c == '.' && !cur.is_empty() && !cur.contains('.')) {
            cur.push(c);
        } else {
            if let Ok(v) = cur.trim_end_matches('.').parse::<f64>() {
                out.push(v);
            }
            cur.clear();
        }
    }
}

/// An ISO date, date-time or clock time ("2025-12-08", "2026-03-01T15:52:00Z", "14:30").
fn is_date_or_time(s: &str) -> bool {
    let b = s.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|x| x.iter().all(u8::is_ascii_digit));
    (digits(0..4) && b.get(4) == Some(&b'-') && digits(5..7) && b.get(7) == Some(&b'-'))
        || (b.len() <= 8 && digits(0..2) && b.get(2) == Some(&b':') && digits(3..5))
}

/// The `YYYY-MM-DD` a string starts with (`2026-04-14`, `2026-04-14T09:00Z`).
pub(in crate::stage2) fn iso_date_prefix(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|x| x.iter().all(u8::is_ascii_digit));
    (digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10))
    .then(|| &s[..10])
}

/// The `MM-DD` of a string that starts with an ISO date (`2026-04-14`, `2026-04-14T09:00Z`).
fn iso_month_day(s: &str) -> Option<&str> {
    iso_date_prefix(s).map(|d| &d[5..])
}

/// Index the records of one parsed JSON document into `out`.
pub fn index(doc: &J, out: &mut Vec<Record>) {
    let mut acc = Acc::default();
    let children = collect(doc, &mut acc, out);
    push_record(acc, children, out);
}

/// What a subtree contributes to the record around it.
#[derive(Default)]
struct Acc {
    keys: Vec<String>,
    ids: Vec<String>,
    numbers: Vec<f64>,
    fields: Vec<(String, f64)>,
    flags: Vec<String>,
    unflags: Vec<String>,
    texts: Vec<(String, String)>,
}

impl Acc {
    fn number(&mut self, n: f64) {
        if self.numbers.len() < MAX_NUMBERS {
            self.numbers.push(n);
        }
    }
}

fn push_record(acc: Acc, children: Vec<usize>, out: &mut Vec<Record>) -> Option<usize> {
    if out.len() >= MAX_RECORDS {
        return None;
    }
    let id = out.len();
    out.push(Record {
        keys: acc.keys,
        numbers: acc.numbers,
        fields: acc.fields,
        parent: None,
        ids: acc.ids,
        flags: acc.flags,
        unflags: acc.unflags,
        texts: acc.texts,
    });
    for c in children {
        out[c].parent = Some(id);
    }
    Some(id)
}

/// Walk `v`, adding its keys and numbers to `acc` (the enclosing record) and pushing a record
/// per array element and identifier-keyed map value. Returns the records pushed directly
/// under the enclosing record.
fn collect(v: &J, acc: &mut Acc, out: &mut Vec<Record>) -> Vec<usize> {
    let mut children = Vec::new();
    match v {
        J::Number(n) => n.as_f64().into_iter().for_each(|n| acc.number(n)),
        J::String(s) if s.len() <= MAX_KEY_LEN => {
            acc.keys.push(key_of(s));
            // A date or a time ("2025-12-08", "14:30") is no quantity of its record.
            if !is_date_or_time(s) {
                let mut nums = Vec::new();
                numbers_in(s, &mut nums);
                nums.into_iter().for_each(|n| acc.number(n));
            }
        }
        J::Array(a) => {
            acc.number(a.len() as f64);
            for x in a {
                if x.is_object() || x.is_array() {
                    children.extend(element(x, None, acc, out));
                } else {
                    children.extend(collect(x, acc, out));
                }
            }
        }
        J::Object(o) => {
            for (k, x) in o {
                let id_keyed =
                    k.chars().any(|c| c.is_ascii_digit() || c == '#') && k.len() <= MAX_KEY_LEN;
                if id_keyed && x.is_object() {
                    children.extend(element(x, Some(k), acc, out));
                    continue;
                }
                match x.as_bool() {
                    Some(true) if acc.flags.len() < MAX_FLAGS => acc.flags.push(field_name(k)),
                    Some(false) if acc.unflags.len() < MAX_FLAGS => acc.unflags.push(field_name(k)),
                    _ => {}
                }
                if let J::String(t) = x {
                    if acc.texts.len() < MAX_TEXTS
                        && t.len() <= MAX_TEXT_LEN
                        && t.split_whitespace().count() <= MAX_TEXT_WORDS
                        && !is_date_or_time(t)
                    {
                        acc.texts.push((field_name(k), key_of(t)));
                    }
                }
                if let (Some(n), true) = (x.as_f64(), acc.fields.len() < MAX_NUMBERS) {
                    acc.fields.push((field_name(k), n));
                }
                if is_id_field(k) {
                    let id = match x {
                        J::Number(n) => Some(key_of(&n.to_string())),
                        J::String(s) if s.len() <= MAX_KEY_LEN => Some(key_of(s)),
                        _ => None,
                    };
                    if let Some(id) = id {
                        let digit = id.contains(|c: char| c.is_ascii_digit());
                        let letter = id.contains(char::is_alphabetic);
                        if digit && (letter || id.len() >= 5) && acc.ids.len() < 8 {
                            acc.ids.push(id.clone());
                        }
                        acc.keys.push(id);
                    }
                }
                children.extend(collect(x, acc, out));
            }
        }
        _ => {}
    }
    children
}

/// A record of its own (array element, map value named `name`): indexed, and its numbers
/// also counted in the enclosing record.
fn element(v: &J, name: Option<&str>, parent: &mut Acc, out: &mut Vec<Record>) -> Option<usize> {
    let mut acc = Acc::default();
    if let Some(n) = name {
        acc.keys.push(key_of(n));
    }
    let children = collect(v, &mut acc, out);
    for &n in &acc.numbers {
        parent.number(n);
    }
    push_record(acc, children, out)
}

/// What the anchored records say about a claimed value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binding {
    /// An anchored record holds the value.
    Held,
    /// The value belongs to another record; the anchored ones hold a different value of the
    /// same magnitude.
    Conflict,
    /// Nothing to say (no anchors, or no comparable value in them).
    Unknown,
}

impl Record {
    /// The value of its numeric field `name`.
    pub fn field(&self, name: &str) -> Option<f64> {
        self.fields.iter().find(|(k, _)| k == name).map(|x| x.1)
    }
}

/// The records of each list — siblings under one parent — at most `max_rows` of each, lists in
/// the order their first record comes in the evidence.
pub fn lists(records: &[Record], max_rows: usize) -> Vec<Vec<usize>> {
    let mut at: std::collections::HashMap<Option<usize>, usize> = Default::default();
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let k = *at.entry(r.parent).or_insert_with(|| {
            out.push(Vec::new());
            out.len() - 1
        });
        if out[k].len() < max_rows {
            out[k].push(i);
        }
    }
    out
}

/// The columns of one list (see [`lists`]): each numeric field of its first record (the first
/// `max_fields`) on every record, and the ratio of two of them (a ÷ b) on every record, where
/// every record holds the fields and no divisor is zero. `(ratio, values)`, one column at a
/// time.
pub fn list_columns<'a>(
    records: &'a [Record],
    list: &'a [usize],
    max_fields: usize,
) -> impl Iterator<Item = (bool, Vec<f64>)> + 'a {
    let names: Vec<&str> = list.first().map_or(Vec::new(), |&r| {
        records[r]
            .fields
            .iter()
            .take(max_fields)
            .map(|(k, _)| k.as_str())
            .collect()
    });
    let n = names.len();
    (0..n * n).filter_map(move |ij| {
        let (a, b) = (names[ij / n], names[ij % n]);
        let col: Option<Vec<f64>> = list
            .iter()
            .map(|&r| {
                let x = records[r].field(a)?;
                if a == b {
                    return Some(x);
                }
                let d = records[r].field(b).filter(|d| *d != 0.0)?;
                Some(x / d)
            })
            .collect();
        col.map(|c| (a != b, c))
    })
}

/// How deep a record is nested: 0 for a document, 1 for its elements, … (at most 64).
pub fn depth(records: &[Record], mut r: usize) -> usize {
    let mut d = 0;
    while let Some(p) = records[r].parent {
        r = p;
        d += 1;
        if d > 64 {
            break;
        }
    }
    d
}

fn related(records: &[Record], a: usize, b: usize) -> bool {
    let up = |mut x: usize, target: usize| {
        for _ in 0..64 {
            if x == target {
                return true;
            }
            match records[x].parent {
                Some(p) => x = p,
                None => return false,
            }
        }
        false
    };
    up(a, b) || up(b, a)
}

/// The records a claim names: `anchored`, those named by a key no other record holds (a key
/// several records share, such as a color, identifies none of them); `named`, every record
/// holding a key the claim mentions, ambiguous ones included — a value such a record holds may
/// be what the claim says of it ("APAC led with $8.0 million, ahead of North America at $5.0
/// million" where North America is a row of two quarters).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Named {
    pub anchored: Vec<usize>,
    pub named: Vec<usize>,
    /// Records a lower-case word of the claim names ([`add_mentions`]): they keep a number
    /// such a record holds from being called another record's, nothing else (a status word is
    /// what a status claim states, not a name).
    pub mentioned: Vec<usize>,
    /// Records of other tool results carrying an identifier of an anchored record
    /// ([`joined`]): the same thing, so what they hold is said of it.
    pub joined: Vec<usize>,
}

/// Records searched for one that refers to an anchored record ([`bind_by`]).
const MAX_REFERRING: usize = 512;

/// At most this many records anchored or named per claim.
const MAX_NAMED: usize = 64;
/// A key held by more records than this is an attribute they share (a currency, a carrier),
/// not a name.
const MAX_HOLDERS_OF_A_NAME: usize = 3;

/// The index key of a record's identifier ([`Record::ids`]), for [`joined`]; no claim key
/// starts with a control character.
const ID: &str = "\u{1}id:";

/// The index key of a month and day: `MONTH_DAY` + `MM-DD` ([`month_day_key`]).
const MONTH_DAY: &str = "month-day:";

/// The key a date of a claim names records by ("April 14" → the records holding 2026-04-14).
pub fn month_day_key(month: u32, day: u32) -> String {
    format!("{MONTH_DAY}{month:02}-{day:02}")
}

/// Records by key ([`key_index`]).
pub type KeyIndex = std::collections::HashMap<String, Vec<usize>>;

/// Records by key: every key of every record but the documents themselves (a document names
/// everything in it, so it anchors nothing). Built once per run.
pub fn key_index(records: &[Record]) -> KeyIndex {
    let mut index = KeyIndex::default();
    for (i, r) in records.iter().enumerate() {
        // Identifiers of every record, documents included, for [`joined`].
        for id in &r.ids {
            let holders = index.entry(format!("{ID}{id}")).or_default();
            if holders.last() != Some(&i) && holders.len() <= MAX_HOLDERS_OF_A_NAME {
                holders.push(i);
            }
        }
        if r.parent.is_none() {
            continue;
        }
        for k in &r.keys {
            // A name of two to four words is also known by each of its words ("Visa" for
            // "Travel Rewards Visa"); longer strings are text, not names.
            let words: Vec<&str> = k.split(' ').collect();
            let parts = (2..=4)
                .contains(&words.len())
                .then_some(words)
                .into_iter()
                .flatten()
                .filter(|w| w.chars().count() >= 3);
            // An ISO date is also known by its month and day ("April 14" for "2026-04-14").
            let month_day = iso_month_day(k).map(|md| format!("{MONTH_DAY}{md}"));
            for key in std::iter::once(k.as_str())
                .chain(parts)
                .chain(month_day.as_deref())
            {
                let holders = index.entry(key.to_owned()).or_default();
                if holders.last() != Some(&i) && holders.len() <= MAX_HOLDERS_OF_A_NAME {
                    holders.push(i);
                }
            }
        }
    }
    index
}

/// Candidate names in a claim: every run of one to six words with a code, a capital that is
/// not there only because the word starts a sentence ("Mid-Market", "SMB", "North America"),
/// a label ("Checking:"), or a capitalized word the evidence spells the same way
/// (`spelled_so`: "Enterprise" for a row "Enterprise"; not "One has been delivered" for a
/// carrier "ONE"), normalized like record keys.
pub fn candidate_keys(text: &str, spelled_so: impl Fn(&str) -> bool) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().take(200).collect();
    let naming: Vec<bool> = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let initial = i == 0
                || words[i - 1].ends_with(['.', '!', '?', ':'])
                || !words[i - 1].chars().any(char::is_alphanumeric)
                || words[i - 1].ends_with('.')
                    && words[i - 1].chars().all(|c| c.is_ascii_digit() || c == '.');
            // A code ("W123", "#1613", "4609"), not a quantity ("$12", "3").
            let code = w.starts_with('#')
                || w.chars().filter(char::is_ascii_digit).count() >= 4
                    && !w.starts_with(['$', '€', '£', '¥'])
                || w.chars().any(|c| c.is_ascii_digit()) && w.chars().any(char::is_alphabetic);
            let w = w.trim_start_matches(|c: char| !c.is_alphanumeric());
            let capital = w.chars().next().is_some_and(char::is_uppercase);
            let bare = w.trim_end_matches(|c: char| !c.is_alphanumeric());
            code || w.chars().skip(1).any(char::is_uppercase)
                || !initial && capital
                // A label names what follows ("Checking: $4,526.95").
                || capital && w.ends_with(':')
                // Capitalized by its position, and spelled so in the evidence ("Enterprise
                // has …" for a row "Enterprise"; not "One has …" for a carrier "ONE").
                || capital && bare.chars().count() >= 3 && spelled_so(bare)
        })
        .collect();
    let mut out = Vec::new();
    for i in 0..words.len() {
        // Up to six words: a record's whole name may be long ("EU Consolidated Financial
        // Sanctions List"), and only the whole name tells it from a sibling sharing a word.
        for n in 1..=6.min(words.len() - i) {
            let phrase = words[i..i + n].join(" ");
            if naming[i..i + n].iter().any(|&b| b) {
                let k = key_of(&phrase);
                if !k.is_empty() {
                    out.push(k);
                }
            }
        }
    }
    out
}

/// The records `keys` name (see [`Named`]), looked up in `index` ([`key_index`] of
/// `records`).
pub fn named(records: &[Record], index: &KeyIndex, keys: &[String]) -> Named {
    let mut out = lookup(index, keys);
    out.joined = joined(records, index, &out.anchored);
    out
}

/// [`named`] without the joined records.
fn lookup(index: &KeyIndex, keys: &[String]) -> Named {
    let mut out = Named::default();
    for k in keys {
        let Some(holders) = index.get(k.as_str()) else {
            continue;
        };
        if holders.len() > MAX_HOLDERS_OF_A_NAME {
            continue;
        }
        if let [only] = holders[..] {
            if !out.anchored.contains(&only) && out.anchored.len() < 16 {
                out.anchored.push(only);
            }
        }
        for &h in holders {
            if !out.named.contains(&h) && out.named.len() < MAX_NAMED {
                out.named.push(h);
            }
        }
    }
    out
}

/// Add to `names.mentioned` every record that a run of one to three words of `text` names in
/// any case ("the minivan" for a record `{"class": "minivan", …}`). Lower-case words anchor
/// nothing (too many are ordinary words); they only keep a number such a record holds from
/// being called another record's ([`bind`]).
pub fn add_mentions(index: &KeyIndex, text: &str, names: &mut Named) {
    let words: Vec<&str> = text
        .split_whitespace()
        .take(200)
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    let mut keys = Vec::new();
    for i in 0..words.len() {
        for n in 1..=3.min(words.len() - i) {
            let phrase = words[i..i + n].join(" ");
            if phrase.chars().count() >= 3 {
                keys.push(key_of(&phrase));
            }
        }
    }
    // The same lookup as for names; only what it names, never what it anchors, is kept.
    for h in lookup(index, &keys).named {
        if !names.mentioned.contains(&h) && names.mentioned.len() < MAX_NAMED {
            names.mentioned.push(h);
        }
    }
}

/// A value as a phrase: lower case, `_`/`-` as spaces, articles dropped ("in_service",
/// "in the shop" → "in service", "in shop").
fn value_phrase(s: &str) -> String {
    s.to_lowercase()
        .split(|c: char| c.is_whitespace() || c == '_' || c == '-')
        .filter(|w| !w.is_empty() && !matches!(*w, "the" | "a" | "an"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many records of each list (siblings under one parent) hold each string value (or a
/// boolean field that is true, by its name), read as a phrase ([`value_phrase`]), with the
/// list's length: the counts a claim such as "4 in
/// service, 1 in the shop" states. Built once per run ([`ValueCounts::new`]).
#[derive(Debug, Default)]
pub struct ValueCounts {
    /// Phrase → (parent, records of that parent holding it).
    holding: std::collections::HashMap<String, Vec<(usize, usize)>>,
    /// Parent → number of its child records.
    lists: std::collections::HashMap<usize, usize>,
    /// Parent → the calendar day each of its child records is dated (an ISO date or
    /// timestamp among their keys, as written: a local timestamp keeps its local day) with the
    /// record's value phrases.
    dated: std::collections::HashMap<usize, Vec<(String, Vec<String>)>>,
}

impl ValueCounts {
    pub fn new(records: &[Record]) -> Self {
        let mut out = ValueCounts::default();
        for r in records {
            let Some(p) = r.parent else { continue };
            *out.lists.entry(p).or_default() += 1;
            // A boolean field that is true counts by its name: `"available": true`.
            let mut phrases: Vec<String> = r
                .keys
                .iter()
                .chain(&r.flags)
                .map(|k| value_phrase(k))
                .collect();
            phrases.sort();
            phrases.dedup();
            // One day per record: a record dated twice (created, updated) names no one day.
            let mut days = r.keys.iter().filter_map(|k| iso_day(k));
            if let (Some(day), None) = (days.next(), days.next()) {
                out.dated
                    .entry(p)
                    .or_default()
                    .push((day.to_owned(), phrases.clone()));
            }
            for ph in phrases.into_iter().filter(|p| !p.is_empty()) {
                let per = out.holding.entry(ph).or_default();
                match per.iter_mut().find(|x| x.0 == p) {
                    Some(x) => x.1 += 1,
                    None => per.push((p, 1)),
                }
            }
        }
        out
    }

    /// Whether the dated records of a list of two or more fall on `n` distinct days — all of
    /// them, or those holding one value ("3 gate entries … on 3 different days" where a denied
    /// attempt is dated a fourth day): what "on 5 different days" counts. `None` when no list
    /// has dated records.
    pub fn distinct_days(&self, n: usize) -> Option<bool> {
        use std::collections::BTreeSet;
        let mut any = false;
        for (p, recs) in &self.dated {
            if self.lists.get(p).copied().unwrap_or(0) < 2 {
                continue;
            }
            any = true;
            let days = |keep: &dyn Fn(&[String]) -> bool| {
                recs.iter()
                    .filter(|(_, ph)| keep(ph))
                    .map(|(d, _)| d.as_str())
                    .collect::<BTreeSet<_>>()
                    .len()
            };
            if days(&|_| true) == n {
                return Some(true);
            }
            let values: BTreeSet<&String> = recs.iter().flat_map(|(_, ph)| ph).collect();
            if values.iter().any(|v| days(&|ph| ph.contains(v)) == n) {
                return Some(true);
            }
        }
        any.then_some(false)
    }

    /// Whether a dated list of two or more holds `n` records dated on weekday `wd` (0 = Sunday
    /// … 6 = Saturday): what "Mondays are your busiest day, with 4 visits" counts.
    pub fn on_weekday(&self, wd: i64, n: usize) -> bool {
        self.dated.iter().any(|(p, recs)| {
            self.lists.get(p).copied().unwrap_or(0) >= 2
                && recs
                    .iter()
                    .filter(|(day, _)| {
                        let part = |r: std::ops::Range<usize>| day.get(r)?.parse::<u32>().ok();
                        match (part(0..4), part(5..7), part(8..10)) {
                            (Some(y), Some(m), Some(d)) => {
                                super::calc::weekday_of(super::calc::days_from_civil(
                                    y as i32, m, d,
                                )) == wd
                            }
                            _ => false,
                        }
                    })
                    .count()
                    == n
        })
    }

    /// Whether some value (or true boolean field) is held by exactly `n` of the records of a
    /// list of `len`: what "3 loads of your 4 at that grade" may count when the value is only
    /// referred to.
    pub fn held_by_part(&self, n: usize, len: usize) -> bool {
        self.holding.values().any(|per| {
            per.iter()
                .any(|&(p, h)| h == n && self.lists.get(&p) == Some(&len))
        })
    }

    /// The length of the longest list of records (0 when the evidence has none).
    pub fn longest_list(&self) -> usize {
        self.lists.values().copied().max().unwrap_or(0)
    }

    /// (records holding it, list length) for every list where some records hold the value
    /// `phrase` names and some do not: a value every record holds (a unit, a currency) is no
    /// category to count by.
    pub fn holding(&self, phrase: &str) -> Vec<(usize, usize)> {
        let Some(per) = self.holding.get(&value_phrase(phrase)) else {
            return Vec::new();
        };
        per.iter()
            .filter_map(|&(p, holding)| {
                let n = self.lists.get(&p).copied().unwrap_or(0);
                (holding < n).then_some((holding, n))
            })
            .collect()
    }
}

/// The calendar day of a key that is an ISO date or timestamp (`2026-03-11t12:33:00-07:00`,
/// lower-cased), not a longer code that starts like one.
fn iso_day(key: &str) -> Option<&str> {
    iso_date_prefix(key).filter(|_| {
        key[10..]
            .chars()
            .next()
            .is_none_or(|c| c == 't' || c == ' ')
    })
}

/// The outermost record (the tool result's document) around `r`.
fn root(records: &[Record], mut r: usize) -> usize {
    for _ in 0..64 {
        match records[r].parent {
            Some(p) => r = p,
            None => break,
        }
    }
    r
}

/// The records of *other* tool results that carry an identifier of an anchored record
/// (`"field_id": "FLD-362-01"` in a soil reading and in the field list): the same thing seen
/// by another call, so what they hold is said of it. An identifier more than
/// [`MAX_HOLDERS_OF_A_NAME`] records carry (a customer's ID on each of its orders) joins
/// nothing. Looked up in the identifier entries of `index` ([`key_index`]), once per claim.
fn joined(records: &[Record], index: &KeyIndex, anchored: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    for &a in anchored {
        let home = root(records, a);
        for id in &records[a].ids {
            let Some(holders) = index.get(&format!("{ID}{id}")) else {
                continue;
            };
            if holders.len() > MAX_HOLDERS_OF_A_NAME {
                continue;
            }
            for &h in holders {
                if root(records, h) != home && !out.contains(&h) {
                    out.push(h);
                }
            }
        }
    }
    out
}

/// Check `matches` against the records in `anchored` (indexes into `records`).
pub fn bind(
    records: &[Record],
    names: &Named,
    value: f64,
    matches: impl Fn(f64) -> bool,
) -> Binding {
    let v = value.abs();
    bind_by(
        records,
        names,
        true,
        |r| r.numbers.iter().any(|&n| matches(n)),
        |r| {
            r.numbers.iter().any(|&n| {
                let n = n.abs();
                v > 0.0 && n > 0.0 && n <= 3.0 * v && v <= 3.0 * n
            })
        },
    )
}

/// [`bind`] for any kind of value: `holds` says whether a record holds the claimed value,
/// `comparable` whether it holds a value of the same kind (a number of the same magnitude, a
/// status of the same family); with `mentions`, records named in lower case
/// ([`Named::mentioned`]) count as named too (for numbers, not for statuses).
pub fn bind_by(
    records: &[Record],
    names: &Named,
    mentions: bool,
    holds: impl Fn(&Record) -> bool,
    comparable: impl Fn(&Record) -> bool,
) -> Binding {
    let anchored = &names.anchored;
    if anchored.is_empty() {
        return Binding::Unknown;
    }
    if anchored.iter().any(|&a| holds(&records[a])) {
        return Binding::Held;
    }
    if names.joined.iter().any(|&j| holds(&records[j])) {
        return Binding::Held;
    }
    // A record that refers to an anchored record by one of its identifiers (a route's leg
    // `{"to": "PL-8413", "minutes": 7}` of the errand at place `PL-8413`): what it holds is
    // said of that record too, to keep a value from being called another record's. Not by an
    // identifier several records hold as their own (a customer's on each of its orders).
    // Bounded: the holders of the value first, then only the identifiers they refer to.
    let rare = |id: &String| {
        records
            .iter()
            .take(MAX_REFERRING)
            .filter(|r| r.ids.contains(id))
            .take(MAX_HOLDERS_OF_A_NAME + 1)
            .count()
            <= MAX_HOLDERS_OF_A_NAME
    };
    let referred = records.iter().take(MAX_REFERRING).any(|r| {
        holds(r)
            && anchored
                .iter()
                .flat_map(|&a| records[a].ids.iter())
                .any(|id| r.keys.contains(id) && rare(id))
    });
    if referred {
        return Binding::Held;
    }
    if !anchored.iter().any(|&a| comparable(&records[a])) {
        return Binding::Unknown;
    }
    // Held by a sibling: another element of the same list or map (the wrong row) that the
    // claim does not name at all.
    let elsewhere = records.iter().enumerate().any(|(i, r)| {
        r.parent.is_some()
            && anchored.iter().any(|&a| records[a].parent == r.parent)
            && !names
                .named
                .iter()
                .chain(mentions.then_some(&names.mentioned).into_iter().flatten())
                .any(|&a| related(records, a, i))
            && holds(r)
    });
    if elsewhere {
        Binding::Conflict
    } else {
        Binding::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a claim naming `keys` anchors.
    fn anchored(recs: &[Record], keys: &[String]) -> Named {
        named(recs, &key_index(recs), keys)
    }

    fn eq(x: f64) -> impl Fn(f64) -> bool {
        move |n: f64| (n - x).abs() < 1e-9
    }

    #[test]
    fn numbers_bind_to_their_records() {
        let j: J = serde_json::from_str(
            r#"{"results": [{"flight": "DL2234", "price": 548, "stops": 0, "seat": "17F"},
                            {"flight": "AA1937", "price": 576, "stops": 0}]}"#,
        )
        .unwrap();
        let mut recs = Vec::new();
        index(&j, &mut recs);
        let aa = anchored(&recs, &[key_of("AA1937")]);
        assert_eq!(aa.anchored.len(), 1);
        assert_eq!(bind(&recs, &aa, 576.0, eq(576.0)), Binding::Held);
        assert_eq!(bind(&recs, &aa, 548.0, eq(548.0)), Binding::Conflict);
        assert_eq!(bind(&recs, &aa, 5.0, eq(5.0)), Binding::Unknown);
        assert_eq!(
            bind(&recs, &Named::default(), 548.0, eq(548.0)),
            Binding::Unknown
        );
        let dl = anchored(&recs, &[key_of("DL2234")]);
        assert_eq!(bind(&recs, &dl, 17.0, eq(17.0)), Binding::Held);
    }

    #[test]
    fn nested_objects_belong_to_their_element() {
        // The city's name sits in a nested object; its temperature in a sibling one.
        let j: J = serde_json::from_str(
            r#"{"cities": [{"location": {"name": "Seville"}, "current": {"temp_c": 26}},
                           {"location": {"name": "Perth"}, "current": {"temp_c": 27}}]}"#,
        )
        .unwrap();
        let mut recs = Vec::new();
        index(&j, &mut recs);
        let sev = anchored(&recs, &[key_of("Seville")]);
        assert_eq!(bind(&recs, &sev, 26.0, eq(26.0)), Binding::Held);
        assert_eq!(bind(&recs, &sev, 27.0, eq(27.0)), Binding::Conflict);
    }

    #[test]
    fn a_value_of_a_record_the_claim_names_ambiguously_is_no_conflict() {
        let j: J = serde_json::from_str(
            r#"{"q3": [{"region": "APAC", "revenue": 8.0}, {"region": "North America", "revenue": 5.0}],
                "q2": [{"region": "North America", "revenue": 4.1}, {"region": "EMEA", "revenue": 6.2}]}"#,
        )
        .unwrap();
        let mut recs = Vec::new();
        index(&j, &mut recs);
        // "APAC led with 8.0, ahead of North America at 5.0": North America is in both
        // quarters (ambiguous), APAC in one.
        let both = anchored(&recs, &[key_of("APAC"), key_of("North America")]);
        assert_eq!(both.anchored.len(), 1);
        assert_eq!(both.named.len(), 3);
        assert_eq!(bind(&recs, &both, 8.0, eq(8.0)), Binding::Held);
        assert_eq!(bind(&recs, &both, 5.0, eq(5.0)), Binding::Unknown);
        // APAC alone: North America's value is another record's.
        let apac = anchored(&recs, &[key_of("APAC")]);
        assert_eq!(bind(&recs, &apac, 5.0, eq(5.0)), Binding::Conflict);
    }

    #[test]
    fn candidate_names() {
        let none = |_: &str| false;
        let k = candidate_keys(
            "One has been delivered; Mid-Market leads SMB and North America.",
            none,
        );
        assert!(!k.contains(&"one".to_string()), "{k:?}");
        for name in ["mid-market", "smb", "north america", "north"] {
            assert!(k.contains(&name.to_string()), "{name}: {k:?}");
        }
        assert!(candidate_keys("- shell: $12", none).is_empty());
        assert_eq!(candidate_keys("Checking: $12", none)[0], "checking");
        assert_eq!(
            candidate_keys("Enterprise leads.", |w| w == "Enterprise")[0],
            "enterprise"
        );
        assert!(candidate_keys("Order W123 shipped.", none).contains(&"w123".to_string()));
    }

    #[test]
    fn dates_are_no_quantities_of_a_record() {
        let j: J = serde_json::from_str(
            r#"[{"id": "A-1", "updated": "2025-12-08", "at": "14:30", "size": "28 inch",
                "candidate": "cnd_96e19fcc", "seat": "17F", "price": "$12.50", "screen": "15-inch"}]"#,
        )
        .unwrap();
        let mut recs = Vec::new();
        index(&j, &mut recs);
        let a = anchored(&recs, &[key_of("A-1")]);
        // Codes hold no quantity ("A-1", "cnd_96e19fcc"); a seat or a price written as a string does.
        assert_eq!(recs[a.anchored[0]].numbers, vec![12.5, 15.0, 17.0, 28.0]);
    }

    #[test]
    fn a_date_is_known_by_its_month_and_day() {
        assert_eq!(iso_month_day("2026-04-14"), Some("04-14"));
        assert_eq!(iso_month_day("2026-04-14T09:00:00Z"), Some("04-14"));
        // Not a full date: no key, and no slice through a multi-byte character.
        assert_eq!(iso_month_day("2026-04-€"), None);
        assert_eq!(iso_month_day("2026-04"), None);
        assert_eq!(iso_month_day("2026"), None);
        let j: J = serde_json::from_str(r#"[{"s":"2026-04-14"},{"s":"2026-04-€ note"}]"#).unwrap();
        let mut recs = Vec::new();
        index(&j, &mut recs);
        assert_eq!(
            key_index(&recs).get(&month_day_key(4, 14)).map(Vec::len),
            Some(1)
        );
    }

    #[test]
    fn maps_keyed_by_id() {
        let j: J = serde_json::from_str(
            r##"{"variants": {"9690244451": {"options": {"size": "60%"}, "price": 236.51},
                             "7706410293": {"available": true, "price": 269.16}}}"##,
        )
        .unwrap();
        let mut recs = Vec::new();
        index(&j, &mut recs);
        let r = anchored(&recs, &[key_of("7706410293")]);
        assert_eq!(r.anchored.len(), 1);
        assert_eq!(recs[r.anchored[0]].numbers, vec![269.16]);
    }

    #[test]
    fn another_tool_result_about_the_same_identifier_joins() {
        // The field list names the field; the soil reading of the same field ID is another
        // result. A sibling field's area equals the reading's refill point.
        let list: J = serde_json::from_str(
            r#"{"fields": [{"field_id": "FLD-362-01", "name": "Ten Acre", "area_ha": 22.5},
                           {"field_id": "FLD-362-02", "name": "Mill Field", "area_ha": 24.0}]}"#,
        )
        .unwrap();
        let soil: J =
            serde_json::from_str(r#"{"field_id": "FLD-362-01", "refill_point_pct": 24.0}"#)
                .unwrap();
        let mut recs = Vec::new();
        index(&list, &mut recs);
        index(&soil, &mut recs);
        let ten = anchored(&recs, &[key_of("Ten Acre")]);
        assert_eq!(bind(&recs, &ten, 24.0, eq(24.0)), Binding::Held);
        // Without the reading, 24.0 is the sibling's.
        let mut alone = Vec::new();
        index(&list, &mut alone);
        let ten = anchored(&alone, &[key_of("Ten Acre")]);
        assert_eq!(bind(&alone, &ten, 24.0, eq(24.0)), Binding::Conflict);
        // An identifier every order carries (its customer's) joins nothing.
        let orders: J = serde_json::from_str(
            r#"{"orders": [{"order_id": "A-1", "customer_id": "C-77", "total": 10},
                           {"order_id": "A-2", "customer_id": "C-77", "total": 12},
                           {"order_id": "A-3", "customer_id": "C-77", "total": 14},
                           {"order_id": "A-4", "customer_id": "C-77", "total": 16}]}"#,
        )
        .unwrap();
        let customer: J = serde_json::from_str(r#"{"customer_id": "C-77", "credit": 12}"#).unwrap();
        let mut recs = Vec::new();
        index(&orders, &mut recs);
        index(&customer, &mut recs);
        let a1 = anchored(&recs, &[key_of("A-1")]);
        assert_eq!(bind(&recs, &a1, 12.0, eq(12.0)), Binding::Conflict);
    }
}
