//! Counts a claim states of the evidence's records: which noun a number counts (the head of a
//! compound), a count of some records whose values add up to a stated sum, a count of distinct
//! days, and the one weekday a sentence names (the records of a dated list on that weekday are
//! counted by [`super::records::ValueCounts::on_weekday`]). Used by [`super::number_check`].

use super::calc;
use super::evidence::Evidence;
use super::items::Item;
use super::numbers::{AnswerFacts, ClaimNumber};

/// The head of a compound whose first noun is the claim's counted `noun`: a singular noun
/// before a plural one modifies it ("19 desk days", "3 screen failures") — English compounds
/// put the plural on the head, which is what is counted. `after` is the text after the noun.
pub(super) fn compound_head(noun: Option<&str>, after: &str) -> Option<String> {
    let plural = |w: &str| w.ends_with('s') && !w.ends_with("ss");
    let noun = noun.filter(|n| !plural(n))?;
    let next = after
        .split_whitespace()
        .next()?
        .trim_matches(|ch: char| !ch.is_alphanumeric())
        .to_lowercase();
    (next.len() >= 4
        && next != noun
        && plural(&next)
        && next.chars().all(|ch| ch.is_ascii_alphabetic()))
    .then_some(next)
}

/// How far (bytes) from a count the sum it counts may be stated ("Usable kits: 31 across 3
/// lots").
const SUBSET_SUM_REACH: usize = 80;

/// A count of some records of a list the claim's noun names (`lens`: that list's length, more
/// than the count), whose values of one field add up to a number the answer states beside it:
/// "31 kits across 3 lots" when three of the four lots hold 14, 8 and 9 kits. The column must
/// be as long as the list, and the subset exactly as large as the count (two or more: one
/// record "adding up" to a stated value is only that value).
pub(super) fn counted_subset(
    ev: &Evidence,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
    lens: &[f64],
) -> bool {
    let n = c.value * c.magnitude;
    if c.value.fract() != 0.0 || !(2.0..=9.0).contains(&n) || !c.unit.is_empty() {
        return false;
    }
    let n = n as u32;
    let sums: Vec<f64> = facts
        .numbers
        .iter()
        .filter(|x| {
            x.quantity()
                && x.start() != item.start
                && x.start().abs_diff(item.start) <= SUBSET_SUM_REACH
        })
        .map(|x| x.value())
        .collect();
    ev.columns().any(|col| {
        lens.iter()
            .any(|&l| l == col.len() as f64 && l > f64::from(n))
            && calc::subset_sums(col, |k| k == n).any(|s| sums.iter().any(|x| (x - s).abs() < 1e-6))
    })
}

/// "5 different days", "3 distinct dates": a count of distinct days. `noun` is the word
/// after the number, `after` the text after its item (which ends with that word).
pub(super) fn distinct_days_counted(noun: Option<&str>, after: &str) -> bool {
    let distinct = noun.is_some_and(|n| matches!(n, "different" | "distinct" | "separate"));
    let head = after.split_whitespace().next().map(|w| {
        w.trim_end_matches(|ch: char| !ch.is_alphanumeric())
            .to_ascii_lowercase()
    });
    distinct && matches!(head.as_deref(), Some("days" | "dates"))
}

/// The one weekday a sentence names, singular or plural ("Mondays"), as 0 =
/// Sunday … 6 = Saturday; `None` when it names none or several.
pub(super) fn named_weekday(sentence: &str) -> Option<i64> {
    let mut named = sentence
        .split(|ch: char| !ch.is_alphanumeric())
        .filter_map(|w| {
            let w = w.to_ascii_lowercase();
            let w = w.strip_suffix('s').unwrap_or(&w);
            calc::WEEKDAYS.iter().position(|d| *d == w)
        });
    let first = named.next()?;
    named.all(|d| d == first).then_some(first as i64)
}
