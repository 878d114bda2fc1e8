//! The run's evidence indexed once per run ([`Evidence`]): its numbers, times, dates, JSON
//! records, fields, normalized terms and (prose only) vocabulary; and the prose
//! rule ([`prose_evidence`]).

use super::calc;
use super::coverage::stem;
use super::items::{captured_frac, captured_value, date_parts, overlaps, re, time_minutes};
use super::records;
use super::terms::{field_name, normalize_terms};
use crate::run::{AgentRun, EvidenceDoc};
use crate::stage1::contains_bounded;
use crate::text::word_hash;
use std::sync::OnceLock;

/// Hashed evidence words for content coverage ([`Evidence::vocab`]).
#[derive(Default)]
pub(super) struct Vocabulary {
    pub(super) words: std::collections::HashSet<u64>,
    pub(super) prefixes: std::collections::HashSet<u64>,
}

/// Evidence indexed once per run.
pub(super) struct Evidence {
    pub(super) lower: Vec<String>,
    pub(super) numbers: Vec<(f64, usize, usize, usize, bool)>, // value, doc, start, end, has_fraction
    pub(super) times: Vec<(u32, usize, usize, usize)>,         // minutes of day, doc, start, end
    /// Time windows the evidence writes out ("4:00 p.m. to 9:00 p.m.", "22:00–06:00"):
    /// from, to (minutes of day), doc, start, end.
    pub(super) time_ranges: Vec<(u32, u32, usize, usize, usize)>,
    /// Instants the evidence writes as ISO timestamps with a date and a time, in minutes since
    /// the epoch (UTC when an offset is given), at most [`MAX_INSTANTS`]: what "48 hours 45
    /// minutes ahead of the other" and "32.5 hours out as of the last update" compute.
    pub(super) instants: Vec<i64>,
    pub(super) dates: Vec<(u32, u32, Option<i32>, usize, usize, usize)>, // month, day, year, doc, start, end
    /// Arguments of the run's tool calls, lower-cased: an identifier the agent itself sent
    /// to a tool ("the order #W9502126 you gave is not found") is known to the run (Stage 1
    /// judges where the argument came from).
    pub(super) call_arguments: Vec<String>,
    /// The numeric arguments of the run's tool calls by field name ([`field_name`] of the
    /// lower-cased key), at most [`MAX_ARGUMENT_NUMBERS`] per call: what the agent itself asked
    /// for ("the request for 13 containers" after `"containers": 13`).
    pub(super) argument_numbers: Vec<(String, f64)>,
    /// What each option of a list costs for the request ([`request_quotes`]).
    pub(super) quotes: Vec<Quote>,
    /// The reason codes of the refusals tool results report ([`super::refusals`]).
    pub(super) refusal_codes: Vec<String>,
    /// Values of fields counted in minutes ([`Evidence::minute_fields`]), built on first use.
    minute_fields: OnceLock<Vec<(u32, usize)>>,
    /// UTC offsets the evidence states ([`Evidence::utc_offsets`]), built on first use.
    utc_offsets: OnceLock<Vec<i32>>,
    /// The run's tool declarations, lower-cased: the names of the tools it called and of the
    /// tools it was given, their descriptions and argument schemas. An identifier found there
    /// is one the agent was shown ("[get_account]" naming the source, "#W0000000" as the
    /// description's format example), not one it made up.
    pub(super) declarations: Vec<String>,
    /// Values taken into two-value arithmetic
    /// ([`super::bounds::WorkBounds::max_derived_values`]).
    pub(super) max_derived: usize,
    /// Computed values, built on first use ([`calc::DerivedIndex`]).
    pub(super) derived_additive: OnceLock<calc::DerivedIndex>,
    pub(super) derived_scaling: OnceLock<calc::DerivedIndex>,
    pub(super) derived_percent: OnceLock<calc::DerivedIndex>,
    pub(super) derived_subsets: OnceLock<calc::DerivedIndex>,
    /// The units that end numeric field names (`feed_kg`), distinct, as their dimension and
    /// size ([`super::measures::field_unit_factors`]), built on first use.
    pub(super) field_units: OnceLock<Vec<(super::measures::Dimension, f64)>>,
    /// Per-record ratios of two fields across a list ([`Evidence::ratio_columns`]), built on
    /// first use.
    pub(super) ratios: OnceLock<Vec<Vec<f64>>>,
    /// The workflow-state classes each record holds ([`Evidence::record_states`]), built on
    /// first use.
    pub(super) record_states: OnceLock<Vec<u16>>,
    /// Calendar spans the evidence states ([`super::dates`]), built on first use: every date
    /// claim an exact span does not pin down reads them.
    pub(super) date_spans: OnceLock<Vec<super::dates::Span>>,
    /// JSON objects of the evidence with their keys and numbers ([`records`]).
    pub(super) records: Vec<records::Record>,
    /// Records by key ([`records::key_index`]), built on first use.
    pub(super) record_keys: OnceLock<records::KeyIndex>,
    /// How many records of each list hold each value, built on first use
    /// ([`Evidence::value_counts`]).
    value_counts: OnceLock<records::ValueCounts>,
    /// Durations the evidence writes out in hours or minutes, built on first use
    /// ([`Evidence::written_durations`]).
    written_durations: OnceLock<Vec<u32>>,
    /// Values of every numeric field across a JSON array or map of records (at most
    /// [`MAX_FIELDS`] fields): where a value ranks among its siblings ("the largest was …"),
    /// and, for the short ones, which of its values may be summed ([`Evidence::columns`]).
    pub(super) fields: Vec<Vec<f64>>,
    /// The families of mutually exclusive status values: built-in and declared by the tools.
    pub(super) families: Vec<super::states::Family>,
    /// Numbers keyed by the JSON field name that holds them (and array lengths by the array's key).
    pub(super) keyed: Vec<(String, f64)>,
    /// The length of every array by its key (lower case): what "the 2 required inspections"
    /// counts.
    pub(super) list_lengths: Vec<(String, usize)>,
    /// ISO dates keyed by the JSON field name (and record label) that holds them, reduced to
    /// the words that say what the date is of (`"drop_deadline": "2026-10-05"` → ("drop",
    /// month 10, day 5, year 2026); [`super::dates::date_field_words`]); at most
    /// [`MAX_KEYED_DATES`].
    pub(super) keyed_dates: Vec<KeyedDate>,
    /// JSON booleans by the field holding them ([`super::flags`]).
    pub(super) booleans: Vec<(String, bool)>,
    /// Fields holding a direction word and its opposites ([`super::flags::keyed_polar`]).
    pub(super) polar: Vec<(String, &'static str, Vec<&'static str>)>,
    /// Evidence normalized for term matching ([`super::terms::normalize_terms`]).
    pub(super) norm: Vec<String>,
    /// The values the evidence states, normalized: the string values of a JSON document
    /// (not its field names: a `delay_minutes` field states no delay), or a prose document.
    pub(super) norm_values: Vec<String>,
    /// The string values of each JSON document, one a line, as written (`None` for a document
    /// that is no JSON object or array): what [`super::paraphrase::Index`] reads, so that a
    /// document is parsed once per run.
    pub(super) value_texts: Vec<Option<String>>,
    /// Every evidence word (JSON field names split at their underscores included), stemmed,
    /// and the 5-letter prefixes of longer words: content coverage ([`Evidence::vocab`]),
    /// built on first use — most runs over JSON never need it.
    vocab: OnceLock<Vocabulary>,
    /// Most of the tool-result / retrieved text is prose rather than structured data (JSON).
    pub(super) prose: bool,
    /// Some tool result is a structured record (a JSON object or array).
    pub(super) records_present: bool,
    /// The run's day (days since 1970-01-01, UTC) for relative dates ("tomorrow").
    pub(super) run_day: Option<i64>,
    /// Letter codes of the evidence that abbreviate a name ([`name_codes`]), lower-cased, at
    /// most [`MAX_NAME_CODES`].
    pub(super) name_codes: Vec<String>,
}

impl Evidence {
    pub(super) fn new(run: &AgentRun, docs: &[EvidenceDoc], max_derived: usize) -> Self {
        let r = re();
        let mut ev = Evidence {
            lower: docs.iter().map(|d| d.text.to_lowercase()).collect(),
            norm: docs.iter().map(|d| normalize_terms(&d.text)).collect(),
            norm_values: Vec::with_capacity(docs.len()),
            value_texts: Vec::with_capacity(docs.len()),
            numbers: Vec::new(),
            times: Vec::new(),
            time_ranges: Vec::new(),
            instants: Vec::new(),
            dates: Vec::new(),
            call_arguments: run
                .tool_calls
                .iter()
                .filter_map(|c| c.arguments.as_ref().map(|a| a.to_lowercase()))
                .collect(),
            declarations: run
                .tool_calls
                .iter()
                .map(|c| c.name.as_str())
                .chain(run.tool_definitions.iter().map(|d| d.name.as_str()))
                .map(str::to_lowercase)
                .chain(run.declaration_texts().map(|t| t.to_lowercase()))
                .collect(),
            families: super::states::families(run),
            keyed: Vec::new(),
            list_lengths: Vec::new(),
            keyed_dates: Vec::new(),
            booleans: Vec::new(),
            polar: Vec::new(),
            fields: Vec::new(),
            records: Vec::new(),
            max_derived,
            record_keys: OnceLock::new(),
            value_counts: OnceLock::new(),
            written_durations: OnceLock::new(),
            derived_additive: OnceLock::new(),
            derived_scaling: OnceLock::new(),
            derived_percent: OnceLock::new(),
            derived_subsets: OnceLock::new(),
            field_units: OnceLock::new(),
            ratios: OnceLock::new(),
            record_states: OnceLock::new(),
            date_spans: OnceLock::new(),
            vocab: OnceLock::new(),
            prose: false,
            records_present: false,
            run_day: [run.start_unix_nano, run.end_unix_nano]
                .into_iter()
                .find(|t| *t > 0)
                .map(|t| (t / 86_400_000_000_000) as i64),
            name_codes: Vec::new(),
            argument_numbers: Vec::new(),
            quotes: Vec::new(),
            refusal_codes: Vec::new(),
            minute_fields: OnceLock::new(),
            utc_offsets: OnceLock::new(),
        };
        ev.argument_numbers = argument_numbers(&ev.call_arguments);
        // Tool-result / retrieved bytes, and those that are not structured (JSON) data.
        let (mut prose_bytes, mut result_bytes) = (0usize, 0usize);
        for (i, d) in docs.iter().enumerate() {
            let t = &d.text;
            for m in r.date_text.captures_iter(t) {
                let whole = m.get(0).unwrap();
                if let (Some(mon), Some(day), year) = date_parts(&m) {
                    ev.dates
                        .push((mon, day, year, i, whole.start(), whole.end()));
                }
            }
            for m in r.iso_time.captures_iter(t) {
                let whole = m.get(0).unwrap();
                if utc_offset(t, whole.start()) {
                    continue;
                }
                let h: u32 = m["h"].parse().unwrap_or(0);
                let mi: u32 = m["m"].parse().unwrap_or(0);
                ev.times.push((h * 60 + mi, i, whole.start(), whole.end()));
            }
            for m in r.time.captures_iter(t) {
                if let Some(mins) = time_minutes(&m) {
                    let whole = m.get(0).unwrap();
                    if utc_offset(t, whole.start()) {
                        continue;
                    }
                    ev.times.push((mins, i, whole.start(), whole.end()));
                }
            }
            ev.time_ranges.extend(time_windows(t, i, &ev.times));
            name_codes(t, &mut ev.name_codes);
            instants(t, &mut ev.instants);
            let spans_of_i: Vec<(usize, usize)> = ev
                .dates
                .iter()
                .filter(|d| d.3 == i)
                .map(|d| (d.4, d.5))
                .chain(ev.times.iter().filter(|x| x.1 == i).map(|x| (x.2, x.3)))
                .collect();
            // JSON has no decimal comma ("[1,25]" is two numbers).
            let json = t.trim_start().starts_with(['{', '[']);
            let number = if json { &r.number_json } else { r.number_in(t) };
            for m in number.captures_iter(t) {
                let Some(num) = m.name("num") else { continue };
                if spans_of_i
                    .iter()
                    .any(|sp| overlaps(*sp, (num.start(), num.end())))
                {
                    continue;
                }
                let v = captured_value(&m).unwrap_or(0.0);
                ev.numbers
                    .push((v, i, num.start(), num.end(), captured_frac(&m).is_some()));
            }
            // A number a field's name states ("randomized_last_8_weeks", "window_30d"): the
            // period or bound the value is of ("5 randomized in the last 8 weeks").
            for m in r.key_number.captures_iter(t) {
                let num = m.name("num").expect("group");
                let v = num.as_str().parse::<f64>().unwrap_or(0.0);
                ev.numbers.push((v, i, num.start(), num.end(), false));
            }
            // Array lengths count as numbers ("3 open issues" from a list of three).
            // Totals and averages of a column (the same numeric field across an array of
            // objects) count too ("about $14.6 million in total").
            let parsed = serde_json::from_str::<serde_json::Value>(t)
                .ok()
                .map(|j| columnar_records(j, 0));
            match &parsed {
                Some(j) if j.is_object() || j.is_array() => {
                    let mut values = String::new();
                    string_values(j, &mut values);
                    // Status values: not the words of a reason code.
                    let states: String = values
                        .lines()
                        .filter(|v| !reason_code(v))
                        .flat_map(|v| [v, "\n"])
                        .collect();
                    ev.norm_values.push(normalize_terms(&states));
                    ev.value_texts.push(Some(values));
                }
                _ => {
                    ev.norm_values.push(ev.norm[i].clone());
                    ev.value_texts.push(None);
                }
            }
            // A CSV export is a table: its rows are records too (its text stays prose).
            let table = if parsed.is_none() { csv_table(t) } else { None };
            if let Some(j) = parsed.as_ref().or(table.as_ref()) {
                keyed_numbers(j, None, &mut ev.keyed, &mut ev.list_lengths);
                let from = ev.keyed_dates.len();
                keyed_dates(j, None, &mut ev.keyed_dates);
                for x in &mut ev.keyed_dates[from..] {
                    x.name = super::dates::date_field_words(&x.name);
                }
                if is_result(d) {
                    super::refusals::refusal_codes(j, &mut ev.refusal_codes);
                }
                super::flags::keyed_booleans(j, None, &mut ev.booleans);
                super::flags::keyed_polar(j, None, &mut ev.polar);
                let mut derived = Vec::new();
                array_aggregates(j, &mut derived, &mut ev.fields);
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
                } else {
                    ev.records_present = true;
                }
            }
        }
        ev.prose = prose_rule(prose_bytes, result_bytes);
        ev.quotes = request_quotes(&ev.records, &ev.argument_numbers);
        ev
    }

    /// The coverage vocabulary, built on first use.
    pub(super) fn vocab(&self) -> &Vocabulary {
        self.vocab.get_or_init(|| {
            let mut v = Vocabulary::default();
            for l in &self.lower {
                for w in l
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                {
                    v.words.insert(word_hash(stem(w)));
                    if let Some((i, _)) = w.char_indices().nth(5) {
                        v.prefixes.insert(word_hash(&w[..i]));
                    }
                }
            }
            v
        })
    }

    pub(super) fn find_text(&self, needle_lower: &str) -> Option<(usize, usize, usize)> {
        for (i, l) in self.lower.iter().enumerate() {
            if contains_bounded(l, needle_lower) {
                let p = l.find(needle_lower).unwrap_or(0);
                return Some((i, p, p + needle_lower.len()));
            }
        }
        None
    }
}

/// One occurrence of a needle in an evidence document ([`Evidence::occurrences`]).
pub(super) struct Occurrence<'a> {
    pub(super) doc: usize,
    pub(super) start: usize,
    pub(super) end: usize,
    /// The document (lower-cased) it was found in.
    pub(super) text: &'a str,
}

impl Occurrence<'_> {
    /// The `n`-th character before the occurrence (0 = the one right before it).
    pub(super) fn before(&self, n: usize) -> Option<char> {
        self.text[..self.start].chars().rev().nth(n)
    }

    /// The `n`-th character after the occurrence (0 = the one right after it).
    pub(super) fn after(&self, n: usize) -> Option<char> {
        self.text[self.end..].chars().nth(n)
    }

    pub(super) fn span(&self) -> (usize, usize, usize) {
        (self.doc, self.start, self.end)
    }
}

impl Evidence {
    /// The evidence's dates that carry a year, as day numbers (days since 1970-01-01), in
    /// evidence order.
    pub(super) fn dated_days(&self) -> impl Iterator<Item = i64> + '_ {
        self.dates
            .iter()
            .filter_map(|d| d.2.map(|y| super::calc::days_from_civil(y, d.0, d.1)))
    }

    /// Every occurrence of `needle` (lower-case) in the evidence documents, in document order;
    /// callers apply their own boundary rule with [`Occurrence::before`] / [`Occurrence::after`].
    pub(super) fn occurrences<'a>(
        &'a self,
        needle: &'a str,
    ) -> impl Iterator<Item = Occurrence<'a>> + 'a {
        self.lower.iter().enumerate().flat_map(move |(doc, text)| {
            text.match_indices(needle)
                .map(move |(start, _)| Occurrence {
                    doc,
                    start,
                    end: start + needle.len(),
                    text,
                })
        })
    }

    /// The first run of exactly these digits in the evidence (not part of a longer number):
    /// a long plain number in a claim may be a fragment of an identifier (`credit_card_7455506`).
    pub(super) fn find_digits(&self, digits: &str) -> Option<(usize, usize, usize)> {
        let glued = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        // A decimal point or a thousands comma joins digit runs into one number.
        let joined = |c: Option<char>, d: Option<char>| matches!(c, Some('.' | ',')) && glued(d);
        self.occurrences(digits)
            .find(|o| {
                !glued(o.before(0))
                    && !glued(o.after(0))
                    && !joined(o.before(0), o.before(1))
                    && !joined(o.after(0), o.after(1))
            })
            .map(|o| o.span())
    }

    /// How many records of each list hold each value ([`records::ValueCounts`]), built on
    /// first use.
    pub(super) fn value_counts(&self) -> &records::ValueCounts {
        self.value_counts
            .get_or_init(|| records::ValueCounts::new(&self.records))
    }

    /// Whole values of the fields counted in minutes (`"minutes": 9`, `walk_to_station_min`,
    /// `est_minutes`): legs and stays an itinerary adds up. Each value with the number of
    /// fields holding it; at most 24 values.
    pub(super) fn minute_fields(&self) -> &[(u32, usize)] {
        self.minute_fields.get_or_init(|| {
            let mut out: Vec<(u32, usize)> = Vec::new();
            for (name, v) in &self.keyed {
                let minutes = name
                    .rsplit(['_', ' '])
                    .next()
                    .is_some_and(|w| matches!(w, "min" | "mins" | "minutes"));
                if minutes && v.fract() == 0.0 && *v > 0.0 && *v <= 1440.0 {
                    let v = *v as u32;
                    if let Some(held) = out.iter_mut().find(|x| x.0 == v) {
                        held.1 += 1;
                    } else if out.len() < 24 {
                        out.push((v, 1));
                    }
                }
            }
            out
        })
    }

    /// The UTC offsets the evidence states, in minutes, distinct (at most 8): those ending ISO
    /// timestamps ("2026-06-05T15:50:00+02:00"; "Z" is 0) and whole quoted offsets
    /// (`"utc_offset": "+10:00"`).
    pub(super) fn utc_offsets(&self) -> &[i32] {
        self.utc_offsets.get_or_init(|| {
            static OFFSET: OnceLock<regex::Regex> = OnceLock::new();
            let re = OFFSET.get_or_init(|| {
                // (The documents are lower-cased: ISO's "T" and "Z" read "t" and "z".)
                regex::Regex::new(r#"t\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:(?P<z>z)\b|(?P<s>[+-])(?P<h>0\d|1[0-4]):?(?P<m>[0-5]\d)\b)|"(?P<qs>[+-])(?P<qh>0\d|1[0-4]):(?P<qm>[0-5]\d)""#)
                    .expect("offset regex")
            });
            let mut out: Vec<i32> = Vec::new();
            for doc in &self.lower {
                for c in re.captures_iter(doc) {
                    let part = |a: &str, b: &str| {
                        c.name(a)
                            .or_else(|| c.name(b))
                            .and_then(|x| x.as_str().parse::<i32>().ok())
                            .unwrap_or(0)
                    };
                    let v = if c.name("z").is_some() {
                        0
                    } else {
                        let v = part("h", "qh") * 60 + part("m", "qm");
                        let sign = c.name("s").or_else(|| c.name("qs")).map(|x| x.as_str());
                        if sign == Some("-") {
                            -v
                        } else {
                            v
                        }
                    };
                    if !out.contains(&v) && out.len() < 8 {
                        out.push(v);
                    }
                }
            }
            out
        })
    }

    /// Durations the evidence writes in hours or minutes ("less than 12 hours before", "a
    /// 30-minute grace period"), in minutes; at most [`MAX_WRITTEN_DURATIONS`].
    pub(super) fn written_durations(&self) -> &[u32] {
        self.written_durations.get_or_init(|| {
            let mut out = Vec::new();
            for doc in &self.lower {
                let b = doc.as_bytes();
                let mut i = 0;
                while i < b.len() && out.len() < MAX_WRITTEN_DURATIONS {
                    let starts = b[i].is_ascii_digit()
                        && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'));
                    if !starts {
                        i += 1;
                        continue;
                    }
                    let mut j = i;
                    while j < b.len() && b[j].is_ascii_digit() {
                        j += 1;
                    }
                    let n: Option<u32> = doc[i..j].parse().ok().filter(|_| j - i <= 3);
                    let k = if matches!(b.get(j), Some(b' ' | b'-')) {
                        j + 1
                    } else {
                        j
                    };
                    let word = &doc[k..];
                    let unit = if HOUR_WORDS.iter().any(|u| unit_word(word, u)) {
                        Some(60)
                    } else if MINUTE_WORDS.iter().any(|u| unit_word(word, u)) {
                        Some(1)
                    } else {
                        None
                    };
                    if let (Some(n), Some(u)) = (n, unit) {
                        if !out.contains(&(n * u)) {
                            out.push(n * u);
                        }
                    }
                    i = j;
                }
            }
            out
        })
    }

    /// Fields of at most [`calc::MAX_SUBSET`] values, at most [`calc::MAX_COLUMNS`] of them:
    /// those searched for subset sums (the refund of some of an order's items).
    pub(super) fn columns(&self) -> impl Iterator<Item = &Vec<f64>> {
        self.fields
            .iter()
            .filter(|f| f.len() <= calc::MAX_SUBSET)
            .take(calc::MAX_COLUMNS)
    }

    /// Per record, the classes of general workflow states it holds
    /// ([`super::states::lifecycle_classes_held`]), one bit each; computed once per run.
    pub(super) fn record_states(&self) -> &[u16] {
        self.record_states.get_or_init(|| {
            self.records
                .iter()
                .map(super::states::lifecycle_classes_held)
                .collect()
        })
    }

    /// The ratio of two numeric fields on each record of a list, as a column (spend ÷ leads per
    /// campaign: the cost per lead a superlative ranks by). Lists of 3 to [`MAX_RATIO_ROWS`]
    /// records, fields every record holds (the first [`MAX_RATIO_FIELDS`] of the first record),
    /// at most [`MAX_RATIO_COLUMNS`] columns.
    pub(super) fn ratio_columns(&self) -> &[Vec<f64>] {
        self.ratios.get_or_init(|| {
            let mut out = Vec::new();
            for list in records::lists(&self.records, MAX_RATIO_ROWS + 1) {
                if !(3..=MAX_RATIO_ROWS).contains(&list.len()) {
                    continue;
                }
                for (_, col) in records::list_columns(&self.records, &list, MAX_RATIO_FIELDS)
                    .filter(|(ratio, _)| *ratio)
                {
                    out.push(col);
                    if out.len() >= MAX_RATIO_COLUMNS {
                        return out;
                    }
                }
            }
            out
        })
    }

    /// Whether the evidence names a period of month `m` as `YYYY-MM` (a billing period
    /// `"2026-05"`, a date `"2026-05-31"`).
    pub(super) fn has_month_period(&self, m: u32) -> bool {
        let mm = format!("-{m:02}");
        let found = self.occurrences(&mm).any(|o| {
            (0..4).all(|i| o.before(i).is_some_and(|c| c.is_ascii_digit()))
                && !o.before(4).is_some_and(|c| c.is_ascii_alphanumeric())
                && !o.after(0).is_some_and(|c| c.is_ascii_digit())
        });
        found
    }

    /// The first run of digits in the evidence that ends with these digits: the last digits of
    /// a card, account or phone number ("ending in 3692" for `"card_number": "4111…3692"` or
    /// `"last4": "3692"`).
    pub(super) fn find_digit_suffix(&self, digits: &str) -> Option<(usize, usize, usize)> {
        let glued = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        self.occurrences(digits)
            .find(|o| {
                !(glued(o.after(0)) || matches!(o.after(0), Some('.' | ',')) && glued(o.after(1)))
            })
            .map(|o| o.span())
    }
}

/// The time of day an ISO timestamp writes after its date ("2026-02-12T14:15:00-06:00" →
/// 14:15 as minutes after midnight), as written (the offset ignored).
fn clock_of_timestamp(s: &str) -> Option<u32> {
    let b = s.as_bytes();
    if b.len() < 16 || !matches!(b[10], b'T' | b' ') || b[13] != b':' {
        return None;
    }
    let h: u32 = s.get(11..13)?.parse().ok()?;
    let m: u32 = s.get(14..16)?.parse().ok()?;
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// Numeric arguments kept per call.
const MAX_ARGUMENT_NUMBERS: usize = 32;

/// The numeric arguments of each call (a JSON object of arguments; at most
/// [`MAX_ARGUMENT_NUMBERS`] keys read per call) by field name.
fn argument_numbers(calls: &[String]) -> Vec<(String, f64)> {
    calls
        .iter()
        .filter_map(|a| match serde_json::from_str::<serde_json::Value>(a) {
            Ok(serde_json::Value::Object(o)) => Some(o),
            _ => None,
        })
        .flat_map(|o| {
            o.into_iter()
                .take(MAX_ARGUMENT_NUMBERS)
                .filter_map(|(k, v)| Some((field_name(&k), v.as_f64()?)))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Options quoted for a request ([`request_quotes`]): records read, and counts of the request.
const MAX_QUOTED: usize = 16;
const MAX_QUOTE_COUNTS: usize = 4;

/// Words that name a charge added to a quote (`registration_fee`, `cleaning_charge`).
const ADD_ON_WORDS: &[&str] = &[
    "fee",
    "fees",
    "charge",
    "charges",
    "surcharge",
    "deposit",
    "tax",
];

/// Words of a field name that make it a rate: "per" (`price_per_lesson`), "pp" (per person)
/// and the adjectives of a period (`hourly_rate`, `nightly_price`, `monthly_rent`). Each is
/// one unit the rate is counted in.
const RATE_WORDS: &[&str] = &[
    "per", "pp", "hourly", "daily", "nightly", "weekly", "monthly", "yearly", "annual",
];

/// An option's cost for the request: the record, its form (the rate's field, the added
/// charge's field or none, the count) and the value.
pub(super) struct Quote {
    pub(super) record: usize,
    pub(super) form: (String, String, u32),
    pub(super) value: f64,
}

/// What each option of a list costs for the request the agent made: a rate field of the record
/// (a name with a word of [`RATE_WORDS`]: `price_per_lesson`, `nightly_rate`) times a count the
/// agent asked for (`"lessons": 10`) — or, for a rate counted in two units
/// (`price_per_person_per_hour`, `hourly_rate_pp`), times two counts (`"guests": 6, "hours":
/// 3`) —, alone or with one charge of the record added (`registration_fee`: "10 × £41 + £35 =
/// £445"). Counts: whole numbers from 1 to 366 among the calls' arguments, at most
/// [`MAX_QUOTE_COUNTS`]; at most [`MAX_QUOTED`] records, two rates and three charges each.
fn request_quotes(records: &[records::Record], arguments: &[(String, f64)]) -> Vec<Quote> {
    let counts: Vec<f64> = arguments
        .iter()
        .map(|a| a.1)
        .filter(|c| c.fract() == 0.0 && (1.0..=366.0).contains(c))
        .take(MAX_QUOTE_COUNTS)
        .collect();
    let named = |name: &str, words: &[&str]| name.split('_').any(|w| words.contains(&w));
    let units = |name: &str| name.split('_').filter(|w| RATE_WORDS.contains(w)).count();
    let mut quotes = Vec::new();
    for (k, r) in records
        .iter()
        .enumerate()
        .filter(|(_, r)| r.parent.is_some() && r.fields.iter().any(|f| units(&f.0) > 0))
        .take(MAX_QUOTED)
    {
        for (rate_name, rate) in r.fields.iter().filter(|f| units(&f.0) > 0).take(2) {
            // The counts a rate is multiplied by: each one, or each pair for two units.
            let multipliers: Vec<f64> = if units(rate_name) >= 2 {
                counts
                    .iter()
                    .enumerate()
                    .flat_map(|(i, a)| counts[i + 1..].iter().map(move |b| a * b))
                    .collect()
            } else {
                counts.clone()
            };
            for &c in &multipliers {
                let base = rate * c;
                let form = |charge: &str| (rate_name.clone(), charge.to_owned(), c as u32);
                quotes.push(Quote {
                    record: k,
                    form: form(""),
                    value: base,
                });
                for (name, add) in r
                    .fields
                    .iter()
                    .filter(|f| named(&f.0, ADD_ON_WORDS))
                    .take(3)
                {
                    quotes.push(Quote {
                        record: k,
                        form: form(name),
                        value: base + add,
                    });
                }
            }
        }
    }
    quotes
}

/// Letter codes kept per run.
const MAX_NAME_CODES: usize = 64;

/// Letter codes that abbreviate a name, as places, sites and centres are coded (`CC-OTR` for
/// Otur, `SITE-RVG` for Riverview Gallery, `"hub": "LHR"`): three or four capital letters that
/// end an identifier after a hyphen or underscore, or are a whole quoted value. Pushed
/// lower-cased, once each, at most [`MAX_NAME_CODES`].
fn name_codes(text: &str, out: &mut Vec<String>) {
    let token_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let mut rest = text;
    while out.len() < MAX_NAME_CODES {
        let Some(start) = rest.find(token_char) else {
            return;
        };
        let before = rest[..start].chars().next_back();
        let tail = &rest[start..];
        let end = tail.find(|c: char| !token_char(c)).unwrap_or(tail.len());
        let token = &tail[..end];
        let after = tail[end..].chars().next();
        rest = &tail[end..];
        let letters =
            |s: &str| (3..=4).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_uppercase());
        let code = match token.rsplit_once(['-', '_']) {
            Some((head, last)) if !head.is_empty() && letters(last) => last,
            None if before == Some('"') && after == Some('"') && letters(token) => token,
            _ => continue,
        };
        let code = code.to_ascii_lowercase();
        if !out.contains(&code) {
            out.push(code);
        }
    }
}

/// Dates kept by their field per run.
const MAX_KEYED_DATES: usize = 256;

/// An ISO date of the evidence by the field holding it ([`Evidence::keyed_dates`]).
#[derive(Debug, Clone)]
pub(super) struct KeyedDate {
    /// The field's name (and the record's label), as [`super::dates::date_field_words`]
    /// reduces it once the result is read.
    pub(super) name: String,
    pub(super) month: u32,
    pub(super) day: u32,
    pub(super) year: i32,
    /// The time of day the value writes after its date (`"2026-02-12T14:15:00-06:00"` →
    /// 14:15, as written, offset ignored), in minutes after midnight.
    pub(super) time: Option<u32>,
}

/// ISO dates by the field holding them (at most [`MAX_KEYED_DATES`]).
fn keyed_dates(v: &serde_json::Value, key: Option<&str>, out: &mut Vec<KeyedDate>) {
    use serde_json::Value as J;
    if out.len() >= MAX_KEYED_DATES {
        return;
    }
    match v {
        J::String(s) => {
            let b = s.as_bytes();
            let num = |r: std::ops::Range<usize>| s.get(r).and_then(|x| x.parse::<u32>().ok());
            let iso = b.len() >= 10 && b[4] == b'-' && b[7] == b'-';
            if let (Some(k), true, Some(y), Some(m), Some(d)) =
                (key, iso, num(0..4), num(5..7), num(8..10))
            {
                if (1..=12).contains(&m) && (1..=31).contains(&d) {
                    out.push(KeyedDate {
                        name: field_name(k),
                        month: m,
                        day: d,
                        year: y as i32,
                        time: clock_of_timestamp(s),
                    });
                }
            }
        }
        J::Array(a) => a.iter().for_each(|x| keyed_dates(x, key, out)),
        J::Object(o) => {
            // A record says what its date is of by a label beside it: `{"event":
            // "drop_deadline", "date": "2026-10-05"}` keys the date by "date drop_deadline".
            // Only a record with one date: beside several (`status_time`, `arrival_date`,
            // `as_of`), a label (`"status": "exam_hold"`) says which of them it is of no more
            // than their names do.
            let dated = o
                .values()
                .filter(|x| {
                    x.as_str()
                        .is_some_and(|s| records::iso_date_prefix(s).is_some())
                })
                .count();
            let labels: Vec<&str> = o
                .iter()
                .filter_map(|(k, x)| {
                    let s = x.as_str()?;
                    let label_field = matches!(
                        k.to_ascii_lowercase().as_str(),
                        "event"
                            | "type"
                            | "kind"
                            | "name"
                            | "label"
                            | "title"
                            | "milestone"
                            | "stage"
                            | "step"
                    );
                    (s.len() <= 40 && (label_field || s.contains('_') && !s.contains(' ')))
                        .then_some(s)
                })
                .take(if dated == 1 { 4 } else { 0 })
                .collect();
            for (k, x) in o {
                let before = out.len();
                keyed_dates(x, Some(k), out);
                if matches!(x, J::String(_)) && out.len() > before {
                    let date = out[before].clone();
                    for l in &labels {
                        if out.len() < MAX_KEYED_DATES {
                            out.push(KeyedDate {
                                name: format!("{} {}", field_name(k), l.to_lowercase()),
                                ..date.clone()
                            });
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// A JSON number, or a number written as a plain string (`"gross_pay": "2442.40"`, `"count":
/// "7"`): digits with at most one decimal point, no sign, no leading zero (not "007", "12A",
/// "+1 555"), at most 12 characters.
fn numeric_value(v: &serde_json::Value) -> Option<f64> {
    match v {
        serde_json::Value::Number(n) => n.as_f64(),
        serde_json::Value::String(s) => {
            let plain = !s.is_empty()
                && s.len() <= 12
                && s.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                && s.bytes().filter(|&b| b == b'.').count() <= 1
                && !(s.len() > 1 && s.starts_with('0') && !s.starts_with("0."));
            plain.then(|| s.parse::<f64>().ok()).flatten()
        }
        _ => None,
    }
}

/// Minutes of a clock time ("19:20", "7:05:30") — `(minutes of the day, true)` — or of an ISO
/// timestamp ("2026-03-02T19:20:00Z", offsets ignored) — `(minutes since 1970, false)`.
fn clock_minutes(s: &str) -> Option<(i64, bool)> {
    let hm = |t: &str| -> Option<i64> {
        let mut p = t.split(':');
        let (h, m) = (p.next()?, p.next()?);
        if h.is_empty() || h.len() > 2 || m.len() != 2 {
            return None;
        }
        let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
        (h < 24 && m < 60).then_some(h * 60 + m)
    };
    if s.len() <= 8 && !s.contains('-') {
        return hm(s).map(|m| (m, true));
    }
    let (date, time) = s.split_once('T')?;
    let mut d = date.split('-');
    let (y, mo, dd): (i32, u32, u32) = (
        d.next()?.parse().ok()?,
        d.next()?.parse().ok()?,
        d.next()?.parse().ok()?,
    );
    if !(1..=12).contains(&mo) || !(1..=31).contains(&dd) {
        return None;
    }
    let time = time.get(..5)?;
    let days = calc::days_from_civil(y, mo, dd);
    Some((days * 1440 + hm(time)?, false))
}

/// Most instants kept per run ([`Evidence::instants`]).
const MAX_INSTANTS: usize = 32;

/// ISO timestamps of `text` with a date and a time (`2026-03-18T20:15:00-05:00`), as minutes
/// since the epoch, moved to UTC by their offset; distinct, at most [`MAX_INSTANTS`].
fn instants(text: &str, out: &mut Vec<i64>) {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"\b(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?",
        )
        .expect("instant regex")
    });
    for c in re.captures_iter(text) {
        if out.len() >= MAX_INSTANTS {
            return;
        }
        let n = |k: usize| c[k].parse::<i64>().unwrap_or(0);
        let (y, mo, d, h, mi) = (n(1), n(2), n(3), n(4), n(5));
        if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 {
            continue;
        }
        let offset = c.get(6).map_or(0, |o| {
            let o = o.as_str();
            if o == "Z" {
                return 0;
            }
            let digits: String = o[1..].chars().filter(char::is_ascii_digit).collect();
            let m = digits[..2].parse::<i64>().unwrap_or(0) * 60
                + digits[2..].parse::<i64>().unwrap_or(0);
            if o.starts_with('-') {
                -m
            } else {
                m
            }
        });
        let day = calc::days_from_civil(y as i32, mo as u32, d as u32);
        let at = day * 1440 + h * 60 + mi - offset;
        if !out.contains(&at) {
            out.push(at);
        }
    }
}

/// Most durations taken from a run's evidence ([`Evidence::written_durations`]).
const MAX_WRITTEN_DURATIONS: usize = 32;
const HOUR_WORDS: &[&str] = &["hours", "hour", "hrs", "hr"];
const MINUTE_WORDS: &[&str] = &["minutes", "minute", "mins", "min"];

/// Whether `text` starts with the unit word `unit`, as a whole word.
fn unit_word(text: &str, unit: &str) -> bool {
    text.starts_with(unit) && !text[unit.len()..].starts_with(|ch: char| ch.is_ascii_alphabetic())
}

/// (field name, value) for numeric fields, and (array key, length) for arrays.
fn keyed_numbers(
    v: &serde_json::Value,
    key: Option<&str>,
    out: &mut Vec<(String, f64)>,
    lists: &mut Vec<(String, usize)>,
) {
    use serde_json::Value as J;
    match v {
        J::Number(n) => {
            if let (Some(k), Some(x)) = (key, n.as_f64()) {
                out.push((field_name(k), x));
            }
        }
        J::Array(a) => {
            if let Some(k) = key {
                out.push((field_name(k), a.len() as f64));
                lists.push((field_name(k), a.len()));
                // "4 items" may count units: sums of the array's numeric columns.
                let mut sums: Vec<(&str, f64)> = Vec::new();
                for x in a {
                    if let J::Object(o) = x {
                        for (ck, cv) in o {
                            if let Some(n) = numeric_value(cv) {
                                match sums.iter_mut().find(|s| s.0 == ck) {
                                    Some(s) => s.1 += n,
                                    None => sums.push((ck, n)),
                                }
                            }
                        }
                    }
                }
                out.extend(sums.into_iter().map(|(_, v)| (field_name(k), v)));
                // A list whose every record names one thing by its ID (`"lines": [{"unit_id":
                // …}, …]`) is also a list of those things: "4 units" counts the booking's
                // lines.
                if let Some(J::Object(first)) = a.first() {
                    for id_key in first.keys() {
                        let Some(thing) = id_key
                            .strip_suffix("_id")
                            .or_else(|| id_key.strip_suffix("Id"))
                            .filter(|t| t.len() >= 3)
                        else {
                            continue;
                        };
                        let every = a
                            .iter()
                            .all(|x| x.as_object().is_some_and(|o| o.contains_key(id_key)));
                        if every && field_name(thing) != field_name(k) {
                            lists.push((field_name(thing), a.len()));
                        }
                    }
                }
            }
            a.iter().for_each(|x| keyed_numbers(x, key, out, lists));
        }
        J::Object(o) => o
            .iter()
            .for_each(|(k, x)| keyed_numbers(x, Some(k), out, lists)),
        // A number written as a string is its field's value too: `"seats": ["58", "46"]`,
        // `"coach": "7"`. (Only a whole plain number: not "12A", "+1 555", "007".)
        J::String(_) => {
            if let (Some(k), Some(x)) = (key, numeric_value(v)) {
                out.push((field_name(k), x));
            }
        }
        _ => {}
    }
}

/// Numeric fields kept per run for ranking ([`Evidence::fields`]).
pub const MAX_FIELDS: usize = 64;

/// Array lengths, and per numeric field of an array of objects its sum and mean.
fn array_aggregates(v: &serde_json::Value, out: &mut Vec<f64>, fields: &mut Vec<Vec<f64>>) {
    use serde_json::Value as J;
    match v {
        J::Array(a) => {
            out.push(a.len() as f64);
            let mut cols: Vec<(&str, Vec<f64>)> = Vec::new();
            // Per element, the minutes between its first two clock times or timestamps
            // (`"checkIn": "19:20", "checkOut": "20:33"`; `start`/`end`): their total and mean
            // are what "Average session 72 min" and "Total time about 6 hours" compute.
            let mut durations: Vec<f64> = Vec::new();
            for x in a {
                if let J::Object(o) = x {
                    // Exactly two: which is the start is not known (keys come sorted), so
                    // the duration is the shorter way round the clock for times of day.
                    let clocks: Vec<(i64, bool)> = o
                        .values()
                        .filter_map(|v| v.as_str().and_then(clock_minutes))
                        .take(3)
                        .collect();
                    if let [a, b] = clocks[..] {
                        let d = if a.1 && b.1 {
                            (b.0 - a.0)
                                .rem_euclid(1440)
                                .min((a.0 - b.0).rem_euclid(1440))
                        } else if a.1 == b.1 {
                            (b.0 - a.0).abs()
                        } else {
                            0
                        };
                        if d > 0 {
                            durations.push(d as f64);
                        }
                    }
                    for (k, val) in o {
                        if let Some(n) = numeric_value(val) {
                            match cols.iter_mut().find(|c| c.0 == k) {
                                Some(c) => c.1.push(n),
                                None => cols.push((k.as_str(), vec![n])),
                            }
                        }
                    }
                }
            }
            if durations.len() >= 2 {
                let sum: f64 = durations.iter().sum();
                let mean = sum / durations.len() as f64;
                out.extend([sum, mean, sum / 60.0, mean / 60.0]);
            }
            // Weighted totals: the sum over the elements of the product of two fields (amount ×
            // probability: "$351,900 weighted"), for fields every element has; a percent
            // field weighs as a fraction too. At most the first 8 such fields.
            let full: Vec<&Vec<f64>> = cols
                .iter()
                .map(|c| &c.1)
                .filter(|v| v.len() == a.len() && v.len() > 1)
                .take(8)
                .collect();
            for (i, x) in full.iter().enumerate() {
                for y in &full[i + 1..] {
                    let dot: f64 = x.iter().zip(y.iter()).map(|(p, q)| p * q).sum();
                    out.push(dot);
                    out.push(dot / 100.0);
                }
            }
            for (_, vals) in cols.into_iter().filter(|c| c.1.len() > 1) {
                let sum: f64 = vals.iter().sum();
                out.push(sum);
                out.push(sum / vals.len() as f64);
                // The rest of a column after one of its values ("the other 4 recommendations
                // … another $1,079.08 combined"): precise sums only (a decimal or 100 and
                // more), so small counts do not multiply coincidences.
                if vals.len() > 2 {
                    out.extend(
                        vals.iter()
                            .map(|v| sum - v)
                            .filter(|r| r.fract() != 0.0 || r.abs() >= 100.0),
                    );
                }
                out.push(vals.iter().copied().fold(f64::INFINITY, f64::min));
                out.push(vals.iter().copied().fold(f64::NEG_INFINITY, f64::max));
                if fields.len() < MAX_FIELDS {
                    fields.push(vals);
                }
            }
            a.iter().for_each(|x| array_aggregates(x, out, fields));
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
                    if fields.len() < MAX_FIELDS {
                        fields.push(vals);
                    }
                }
            }
            o.values().for_each(|x| array_aggregates(x, out, fields))
        }
        _ => {}
    }
}

/// A tool result or retrieved document (not the request or the system prompt).
pub fn is_result(d: &EvidenceDoc) -> bool {
    d.source != "user" && d.source != "system"
}

/// The text is a JSON object or array (structured tool output), not prose.
pub fn is_structured(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with(['{', '['])
        && serde_json::from_str::<serde_json::Value>(t).is_ok_and(|j| j.is_object() || j.is_array())
}

/// The prose rule: the run's tool results and retrieved documents are mostly prose (half or
/// more of their bytes are not a JSON object or array). Content coverage applies only then,
/// and the learned model acts only then.
fn prose_rule(prose_bytes: usize, result_bytes: usize) -> bool {
    result_bytes > 0 && prose_bytes * 2 >= result_bytes
}

/// Whether the run's evidence is mostly prose ([`prose_rule`]), for other scorers.
pub fn prose_evidence(run: &AgentRun) -> bool {
    prose_docs(&run.evidence())
}

/// [`prose_evidence`] over evidence already collected ([`AgentRun::evidence`]).
pub fn prose_docs(docs: &[EvidenceDoc]) -> bool {
    let (mut prose_bytes, mut result_bytes) = (0usize, 0usize);
    for d in docs.iter().filter(|d| is_result(d)) {
        let t = d.text.trim_start();
        result_bytes += t.len();
        if !is_structured(t) {
            prose_bytes += t.len();
        }
    }
    prose_rule(prose_bytes, result_bytes)
}

/// Most rows and fields read from a CSV export.
const MAX_CSV_ROWS: usize = 4096;
const MAX_CSV_FIELDS: usize = 64;

/// A CSV export (`Programma;Prijs (EUR);Aantal` over rows of as many fields; comment lines
/// starting with `#` before it) as `{"rows": [{field: value, …}, …]}`, for the record, field and
/// total indexes. The delimiter is `;`, a tab or `,` — the first of them the header holds and
/// every data row holds as often; at least two data rows. Numbers follow the text's locale
/// ([`super::items::comma_decimals`]; a `;` export writes decimal commas): "2.603,00" is
/// 2603.0, "36783,00" 36783.0; other cells are strings. `None` for anything else.
fn csv_table(text: &str) -> Option<serde_json::Value> {
    use serde_json::Value as J;
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .skip_while(|l| l.starts_with('#'));
    let header = lines.next()?;
    let delim = [';', '\t', ','].into_iter().find(|d| header.contains(*d))?;
    let names: Vec<&str> = header.split(delim).map(str::trim).collect();
    if names.len() < 2 || names.len() > MAX_CSV_FIELDS || names.iter().any(|n| n.is_empty()) {
        return None;
    }
    let comma = delim == ';' || super::items::comma_decimals(text);
    let number = |cell: &str| -> Option<f64> {
        let c: String = cell
            .chars()
            .filter(|ch| !matches!(ch, ' ' | '\u{a0}' | '\u{202f}'))
            .collect();
        if c.is_empty()
            || !c
                .chars()
                .all(|ch| ch.is_ascii_digit() || matches!(ch, '.' | ',' | '-'))
        {
            return None;
        }
        let plain = if comma {
            c.replace('.', "").replace(',', ".")
        } else {
            c.replace(',', "")
        };
        plain.parse().ok()
    };
    let mut rows = Vec::new();
    for line in lines.take(MAX_CSV_ROWS) {
        let cells: Vec<&str> = line.split(delim).map(str::trim).collect();
        if cells.len() != names.len() {
            break;
        }
        let record: serde_json::Map<String, J> = names
            .iter()
            .zip(&cells)
            .map(|(n, c)| {
                let v = number(c)
                    .and_then(serde_json::Number::from_f64)
                    .map_or_else(|| J::String((*c).to_owned()), J::Number);
                ((*n).to_owned(), v)
            })
            .collect();
        rows.push(J::Object(record));
    }
    (rows.len() >= 2).then(|| serde_json::json!({ "rows": rows }))
}

/// A query result written as columns and rows (`{"columns": ["line", "sawn_m3"], "rows":
/// [["Line 1", 449.4], …]}`, as SQL APIs return it) with its rows as records keyed by the
/// column names (`{"line": "Line 1", "sawn_m3": 449.4}`), so that fields, totals and record
/// binding read them as they read a list of objects. Nested results too (at most 8 deep); a
/// row whose length is not the columns' is left as it is.
fn columnar_records(j: serde_json::Value, depth: usize) -> serde_json::Value {
    use serde_json::Value as J;
    let J::Object(mut o) = j else { return j };
    if depth < 8 {
        let keys: Vec<String> = o.keys().cloned().collect();
        for k in keys {
            if let Some(v) = o.remove(&k) {
                o.insert(k, columnar_records(v, depth + 1));
            }
        }
    }
    let columns: Option<Vec<String>> = o.get("columns").and_then(|c| {
        c.as_array()?
            .iter()
            .map(|x| {
                x.as_str()
                    .map(str::to_owned)
                    .or_else(|| x.get("name")?.as_str().map(str::to_owned))
            })
            .collect()
    });
    let Some(columns) = columns.filter(|c| !c.is_empty()) else {
        return J::Object(o);
    };
    if let Some(J::Array(rows)) = o.get_mut("rows") {
        for row in rows.iter_mut() {
            if let J::Array(cells) = row {
                if cells.len() == columns.len() {
                    let record = columns.iter().cloned().zip(cells.drain(..)).collect();
                    *row = J::Object(record);
                }
            }
        }
    }
    J::Object(o)
}

/// Whether a string value is a reason code: three or more upper-case words joined by
/// underscores ("DISPUTE_WINDOW_CLOSED", "LEAD_TIME_TOO_SHORT"). The status word inside one
/// is the state of the reason's subject (the dispute window), not of a record the answer
/// names, so it is no status value of the evidence.
fn reason_code(v: &str) -> bool {
    upper_snake_words(v).is_some_and(|n| n >= 3)
}

/// The number of words of an upper-case snake-case value ("SLOT_FULL" → 2: upper-case letters
/// and digits joined by underscores, none empty), `None` for any other value. What a reason
/// code is made of ([`reason_code`], [`super::refusals`]).
pub(super) fn upper_snake_words(v: &str) -> Option<usize> {
    let mut n = 0;
    for p in v.split('_') {
        if p.is_empty()
            || !p
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        {
            return None;
        }
        n += 1;
    }
    Some(n)
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

/// The windows a document writes as two times joined by "to", "until", "through" or a dash
/// ("Peak: 4:00 p.m. to 9:00 p.m."). Two fields of a JSON record (`"start": "10:30", "end":
/// "11:15"`) are no window: a slot's times are its own values, not a range of allowed ones.
/// Whether the time-like text at `start` is the UTC offset of a timestamp ("-05:00" of
/// "2026-05-12T14:00:00-05:00", "+01:00"): a sign right after a digit. Read as a time, it
/// would be a clock time of its own and the end of a window from the timestamp's time.
fn utc_offset(text: &str, start: usize) -> bool {
    let Some(before) = text[..start]
        .strip_suffix('-')
        .or_else(|| text[..start].strip_suffix('+'))
    else {
        return false;
    };
    // The time before the sign follows the `T` of an ISO date-time ("10:00-16:00" is a window).
    let core = before.trim_end_matches(|c: char| c.is_ascii_digit() || c == ':' || c == '.');
    core.ends_with('T') && before.len() - core.len() >= 4
}

fn time_windows(
    text: &str,
    doc: usize,
    times: &[(u32, usize, usize, usize)],
) -> Vec<(u32, u32, usize, usize, usize)> {
    // The doc's times in order, the longer of two overlapping readings ("4:00 p.m.", not "4:00").
    let mut own: Vec<(u32, usize, usize)> = times
        .iter()
        .filter(|t| t.1 == doc)
        .map(|t| (t.0, t.2, t.3))
        .collect();
    own.sort_by_key(|t| (t.1, std::cmp::Reverse(t.2)));
    let mut kept: Vec<(u32, usize, usize)> = Vec::with_capacity(own.len());
    for t in own {
        if kept.last().is_none_or(|k| t.1 >= k.2) {
            kept.push(t);
        }
    }
    kept.windows(2)
        .filter_map(|w| {
            let gap = text.get(w[0].2..w[1].1)?.trim().to_ascii_lowercase();
            let joined = matches!(
                gap.as_str(),
                "to" | "until" | "till" | "through" | "-" | "\u{2013}" | "\u{2014}"
            );
            (joined && w[0].0 != w[1].0).then_some((w[0].0, w[1].0, doc, w[0].1, w[1].2))
        })
        .collect()
}

/// Most records of a list, numeric fields of a record and columns in
/// [`Evidence::ratio_columns`].
const MAX_RATIO_ROWS: usize = 24;
const MAX_RATIO_FIELDS: usize = 8;
const MAX_RATIO_COLUMNS: usize = 128;
