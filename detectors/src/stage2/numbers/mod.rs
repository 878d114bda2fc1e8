//! Numbers of a claim and their match against the evidence: [`ClaimNumber`] (value, precision,
//! approximation, unit, magnitude, counted noun), the answer's own numbers, rounding, unit
//! conversions and values computed from the evidence ([`derived_value`]).

use super::calc;
use super::coverage::{COVERAGE_STOP, STOPWORDS};
use super::evidence::Evidence;
use super::items::{
    captured_magnitude, captured_unit, captured_value, civil_from_days, date_parts, month_index,
    re, Item,
};

mod derive;
mod matching;
mod periods;
#[cfg(test)]
mod tests;

pub(super) use derive::{
    approx_quotient, derived_value, difference_with_field, line_rate_product, nearest, scaled_pair,
    stated_difference,
};
pub(super) use matching::{conversions, matches_value};
pub(super) use periods::{ordinal_of_period, period_restated};

/// Decimal places of a numeric literal.
pub(super) fn decimals(frac: Option<&str>) -> i32 {
    frac.map_or(0, |f| f.len() as i32)
}

pub(super) fn approx_words_before(text: &str, pos: usize) -> bool {
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
        "≈",
        "approx",
        "up to",
        "at least",
    ]
    .iter()
    .any(|w| window.contains(w))
}

#[derive(Clone)]
pub(super) struct ClaimNumber {
    pub(super) value: f64,
    pub(super) decimals: i32,
    pub(super) approx: bool,
    pub(super) unit: String,
    pub(super) magnitude: f64,
    /// The counted noun right after a unit-less number ("15 comments").
    pub(super) noun: Option<String>,
    /// The content word naming the quantity before the number in its clause ("Humidity is at
    /// 40%").
    pub(super) noun_before: Option<String>,
    /// Currency symbol before the number, if any.
    pub(super) currency: String,
}

/// A percentage's unit: "%" or "percent" (any case).
fn percent_unit(unit: &str) -> bool {
    let u = unit.to_ascii_lowercase();
    unit.contains('%') || u.starts_with("percent") || u.starts_with("per cent")
}

impl ClaimNumber {
    /// A percentage: "%" or "percent" (any case) after the number.
    pub(super) fn is_percent(&self) -> bool {
        percent_unit(&self.unit)
    }

    /// The same unit as written ("kg" and "KG"), or both percentages however spelled ("96
    /// percent" written out and "85%").
    pub(super) fn same_unit(&self, other: &ClaimNumber) -> bool {
        self.unit.eq_ignore_ascii_case(&other.unit) || self.is_percent() && other.is_percent()
    }

    /// Precise enough that a coincidence with a value computed from the evidence is unlikely:
    /// a decimal ("$12.50"), or a value of 100 or more.
    pub(super) fn precise(&self) -> bool {
        self.decimals > 0 || self.value * self.magnitude >= 100.0
    }
}

/// A number stated anywhere in the answer (for totals the answer shows the parts of).
pub(super) struct AnswerNumber {
    /// Byte offset in the answer.
    start: usize,
    /// Value times magnitude.
    value: f64,
    /// Part of a date ("Nov 9", "2 March", the "11" of "2026-11-09"), not a quantity.
    date_part: bool,
    /// Part of a code ("#1613", "REQ-26-9941"), not a quantity.
    code: bool,
    /// Currency symbol and unit (lower-cased): only numbers of the same kind add up.
    currency: String,
    unit: String,
}

impl AnswerNumber {
    /// Value times magnitude.
    pub(super) fn value(&self) -> f64 {
        self.value
    }

    /// Byte offset in the answer.
    pub(super) fn start(&self) -> usize {
        self.start
    }

    /// Its unit, lower-cased.
    pub(super) fn unit(&self) -> &str {
        &self.unit
    }

    /// A quantity: no part of a date or a code.
    pub(super) fn quantity(&self) -> bool {
        !self.date_part && !self.code
    }
}

/// What the answer itself states that its numbers may be computed from: its numbers, and the
/// day counts of the periods it names ([`calc::day_counts`]).
pub(super) struct AnswerFacts {
    pub(super) numbers: Vec<AnswerNumber>,
    /// Small counts the answer writes as words ("four", "two"), in order.
    pub(super) words: Vec<u32>,
    /// Day counts of "November 2 to November 13", "Dec 21 – 31", "2026-03-01 to 2026-03-05".
    pub(super) day_counts: Vec<f64>,
    /// The weighted record sums at the answer's percents ([`weighted_record_sum`]), built on
    /// first use: the same for every claim number of the answer.
    weighted: std::cell::OnceCell<calc::DerivedIndex>,
}

/// How far (bytes) from a number a percent applied to it may be stated.
const PERCENT_REACH: usize = 160;

/// Numbers of the answer taken into differences (pairs of them).
const MAX_ANSWER_OPERANDS: usize = 16;

/// Periods taken from one answer.
const MAX_PERIODS: usize = 8;

impl AnswerFacts {
    /// Whether the answer states two quantities of the same kind (currency and unit; no part of
    /// a date or a code) between byte offsets `from` and `to`: values side by side ("$1.99 vs
    /// $3.99").
    pub(super) fn compares_in(&self, from: usize, to: usize) -> bool {
        let q: Vec<&AnswerNumber> = self
            .numbers
            .iter()
            .filter(|n| !n.date_part && !n.code && n.start >= from && n.start < to)
            .collect();
        q.iter().enumerate().any(|(i, a)| {
            q[i + 1..]
                .iter()
                .any(|b| a.currency == b.currency && a.unit == b.unit)
        })
    }

    pub(super) fn new(answer: &str, ev: &Evidence) -> Self {
        AnswerFacts {
            numbers: answer_numbers(answer),
            words: answer
                .split(|c: char| !c.is_alphabetic())
                .filter_map(number_word)
                .take(MAX_ANSWER_OPERANDS)
                .collect(),
            day_counts: day_counts(answer, ev),
            weighted: std::cell::OnceCell::new(),
        }
    }
}

/// Every number of the answer with its kind (the same reading as the claims' numbers).
fn answer_numbers(answer: &str) -> Vec<AnswerNumber> {
    re().number_in(answer)
        .captures_iter(answer)
        .take(64)
        .filter_map(|c| {
            let num = c.name("num")?;
            let value = captured_value(&c)? * captured_magnitude(&c);
            let start = c.name("cur").map_or(num.start(), |x| x.start());
            let currency = super::items::captured_currency(&c).to_owned();
            let unit = captured_unit(&c).to_lowercase();
            let after = &answer[num.end()..];
            let before = answer[..start].trim_end();
            let date_part =
                month_index(before.rsplit(' ').next().unwrap_or("")).is_some_and(|_| {
                    before.ends_with(|ch: char| ch.is_ascii_alphabetic() || ch == '.')
                }) || after
                    .trim_start()
                    .split(|ch: char| !ch.is_ascii_alphabetic())
                    .next()
                    .is_some_and(|w| w.len() >= 3 && month_index(w).is_some())
                    || before.ends_with(['-', '/', '–'])
                        // (not a list marker: "- 120t of ASW1" on a line of its own)
                        && !before
                            .trim_end_matches(['-', '/', '–'])
                            .rsplit('\n')
                            .next()
                            .is_some_and(|line| line.trim().is_empty());
            let code = answer[..start]
                .chars()
                .next_back()
                .is_some_and(|ch| ch == '#' || ch == '-' || ch == '_' || ch.is_alphanumeric());
            Some(AnswerNumber {
                start,
                value,
                code,
                date_part,
                currency,
                unit,
            })
        })
        .collect()
}

/// Day counts of the periods the answer names: two dates joined by "to", "through", "until",
/// a dash, or a month's day range ("Dec 21–31"). A date without a year takes the year of the
/// same day in the evidence, else the evidence's first year, else the run's.
fn day_counts(answer: &str, ev: &Evidence) -> Vec<f64> {
    let r = re();
    let default_year = ev
        .dates
        .iter()
        .find_map(|d| d.2)
        .or_else(|| ev.run_day.map(|d| civil_from_days(d).0));
    let Some(default_year) = default_year else {
        return Vec::new();
    };
    let year_of = |m: u32, d: u32, y: Option<i32>| {
        y.or_else(|| {
            ev.dates
                .iter()
                .find(|x| x.0 == m && x.1 == d)
                .and_then(|x| x.2)
        })
        .unwrap_or(default_year)
    };
    // (start, end, day number) of each date of the answer.
    let mut dates: Vec<(usize, usize, i64)> = Vec::new();
    for c in r.date_text.captures_iter(answer).take(32) {
        let whole = c.get(0).expect("match");
        let (Some(m), Some(d), year) = date_parts(&c) else {
            continue;
        };
        if !(1..=31).contains(&d) {
            continue;
        }
        let y = year_of(m, d, year);
        dates.push((whole.start(), whole.end(), calc::days_from_civil(y, m, d)));
        // "Dec 21–31": the end of the range is a day of the same month.
        let rest = &answer[whole.end()..];
        let t = rest.trim_start_matches([' ', '–', '-', '—']);
        let dashed =
            rest.len() - t.len() > 0 && rest[..rest.len() - t.len()].contains(['–', '-', '—']);
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        if dashed && !digits.is_empty() && digits.len() <= 2 {
            let after = t[digits.len()..].trim_start();
            let month_follows = after
                .split(|ch: char| !ch.is_ascii_alphabetic())
                .next()
                .is_some_and(|w| w.len() >= 3 && month_index(w).is_some());
            if let (Ok(d2), false) = (digits.parse::<u32>(), month_follows) {
                if (1..=31).contains(&d2) && d2 > d {
                    let s2 = whole.end() + (rest.len() - t.len());
                    dates.push((s2, s2 + digits.len(), calc::days_from_civil(y, m, d2)));
                }
            }
        }
    }
    dates.sort_by_key(|d| d.0);
    let holidays: Vec<i64> = ev.dated_days().collect();
    let mut out = Vec::new();
    let mut periods = 0;
    for w in dates.windows(2) {
        let (a, b) = (w[0], w[1]);
        let Some(between) = answer.get(a.1..b.0) else {
            continue;
        };
        let between = between.trim().trim_matches('*').trim().to_ascii_lowercase();
        let joins = matches!(
            between.as_str(),
            "to" | "through" | "thru" | "until" | "till" | "-" | "–" | "—" | "and" | ""
        );
        if !joins || b.2 < a.2 || b.2 - a.2 > 366 || periods >= MAX_PERIODS {
            continue;
        }
        periods += 1;
        // Days off inside the period: the evidence's dates strictly inside it (its own ends are
        // often in the evidence as the request's dates), or the other dates the answer names
        // within it ("Thanksgiving Day (Nov 26), Day after Thanksgiving (Nov 27)").
        let named: Vec<i64> = dates
            .iter()
            .filter(|d| d.0 != a.0 && d.0 != b.0 && d.2 >= a.2 && d.2 <= b.2)
            .map(|d| d.2)
            .collect();
        let inner: Vec<i64> = holidays
            .iter()
            .copied()
            .filter(|&d| d > a.2 && d < b.2)
            .collect();
        out.extend(calc::day_counts(a.2, b.2, &[&inner, &named]));
    }
    out
}

/// The first content word before `pos` in its clause (at most three words back), lower-cased:
/// what the number after it measures ("Humidity is at 40%" → `humidity`).
pub(super) fn noun_before(answer: &str, pos: usize, end: usize) -> Option<String> {
    let pos = crate::text::floor_char_boundary(answer, pos);
    let from = crate::text::floor_char_boundary(answer, pos.saturating_sub(200));
    let before = &answer[from..pos];
    let mut clause = before.rsplit([',', ';', ':', '.', '(', '\n', '—']).next()?;
    // A label names the value after it when the number is the whole value ("Annual leave
    // available: 8", "**Balance:** $40"), not when it is part of one ("Screen size: 15-inch",
    // "Item: 8-inch, 128GB gold tablet").
    let rest = answer.get(end..).unwrap_or("");
    let whole_value = rest.is_empty()
        || rest.starts_with(['\n', ')', ' ', '*'])
            && rest
                .trim_start_matches(['*', ' '])
                .chars()
                .next()
                .is_none_or(|c| matches!(c, '\n' | '(' | ')'))
        || rest.starts_with(['.', ';', ','])
            && rest[1..].chars().next().is_none_or(char::is_whitespace);
    if whole_value
        && clause
            .trim_matches(|c: char| c.is_whitespace() || c == '*')
            .is_empty()
    {
        let head = &before[..before.len() - clause.len()];
        if let Some(label) = head
            .strip_suffix(':')
            .or_else(|| head.trim_end_matches('*').strip_suffix(':'))
        {
            clause = label.rsplit([',', ';', ':', '.', '(', '\n', '—']).next()?;
        }
    }
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
    let back: Vec<String> = clause
        .split_whitespace()
        .rev()
        .take(5)
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let at = back
        .iter()
        .take(4)
        .position(|w| !LINKING.contains(&w.as_str()))?;
    // After a subject pronoun the word is a verb ("the bookshelf you ordered is 5 feet"),
    // not what the number measures.
    const SUBJECTS: &[&str] = &["i", "you", "we", "they", "he", "she", "it"];
    if back
        .get(at + 1)
        .is_some_and(|w| SUBJECTS.contains(&w.as_str()))
    {
        return None;
    }
    // A noun another number counts ("three hours at €45", "6,200 words at €0.12") has its
    // quantity: the number after it is a rate or price of it, not its value.
    let counted = back.get(at + 1).is_some_and(|w| {
        number_word(w).is_some()
            || !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
    });
    if counted {
        return None;
    }
    let noun = back[at].clone();
    (noun.len() >= 4
        && noun.chars().all(|c| c.is_ascii_alphabetic())
        && !STOPWORDS.contains(&noun.as_str())
        && !COVERAGE_STOP.contains(&noun.as_str()))
    .then_some(noun)
}

/// A small count written as a word ("four together", "two add-ons").
pub(super) fn number_word(w: &str) -> Option<u32> {
    super::spoken::small(&w.to_ascii_lowercase())
        .filter(|v| (1..=12).contains(v))
        .map(|v| v as u32)
}

/// Signed value of a claim number (a `-` or `−` right before it makes it negative).
pub(super) fn signed_value(answer: &str, item: &Item, n: &ClaimNumber) -> f64 {
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
