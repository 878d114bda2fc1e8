//! Numbers of a claim and their match against the evidence: [`ClaimNumber`] (value, precision,
//! approximation, unit, magnitude, counted noun), the answer's own numbers, rounding, unit
//! conversions and values computed from the evidence ([`derived_value`]).

use super::calc;
use super::coverage::{COVERAGE_STOP, STOPWORDS};
use super::evidence::Evidence;
use super::items::{captured_magnitude, captured_value, re, Item};

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

/// A number stated anywhere in the answer (for totals the answer shows the parts of).
pub(super) struct AnswerNumber {
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
pub(super) fn answer_numbers(answer: &str) -> Vec<AnswerNumber> {
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

pub(super) fn matches_value(c: &ClaimNumber, e: f64) -> bool {
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

pub(super) fn conversions(c: &ClaimNumber, e: f64) -> bool {
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

/// The first content word before `pos` in its clause (at most three words back), lower-cased:
/// what the number after it measures ("Humidity is at 40%" → `humidity`).
pub(super) fn noun_before(answer: &str, pos: usize) -> Option<String> {
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
    let noun = back[at].clone();
    (noun.len() >= 4
        && noun.chars().all(|c| c.is_ascii_alphabetic())
        && !STOPWORDS.contains(&noun.as_str())
        && !COVERAGE_STOP.contains(&noun.as_str()))
    .then_some(noun)
}

/// A claim number computed from the evidence or from the answer's own numbers (see
/// [`calc`]): two-value arithmetic, subset sums of a field, sums of the answer's own parts,
/// durations between dates.
pub(super) fn derived_value(
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

#[cfg(test)]
mod tests {
    use crate::report::ClaimStatus;
    use crate::stage2::test_support::{score, RESULT};

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
}
