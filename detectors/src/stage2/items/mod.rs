//! Checkable items of a claim ([`Item`], of a [`ItemKind`]) and their extraction from one claim
//! ([`extract`]). The regular expressions that find them are in [`regexes`], the reading of
//! their values (numbers, times, dates, relative days) in [`values`].
//!
//! Extraction runs in a fixed order, each phase taking the spans earlier ones left free
//! ([`Found::push`]): links, e-mail addresses and section references ([`codes`]); dates and
//! times ([`when`]); identifiers ([`codes`]); durations and numbers ([`quantities`]); then the
//! words: action reports, status values, causal clauses, quoted titles and names ([`words`]).

mod codes;
mod quantities;
mod regexes;
mod values;
mod when;
mod words;

use super::claim_type::label_span;
use super::evidence::Evidence;
use super::numbers::ClaimNumber;
use std::sync::OnceLock;

pub(super) use super::item_kind::ItemKind;
pub(super) use regexes::{comma_decimals, Regexes};
pub(super) use values::{
    captured_currency, captured_frac, captured_magnitude, captured_unit, captured_value,
    civil_from_days, date_parts, item_time_minutes, month_day, month_index, overlaps,
    relative_day_offset, time_minutes,
};
pub(super) use when::range_start_minutes;

#[derive(Debug, Clone)]
pub(super) struct Item {
    pub(super) kind: ItemKind,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) text: String,
}

pub(super) fn re() -> &'static Regexes {
    static R: OnceLock<Regexes> = OnceLock::new();
    R.get_or_init(Regexes::new)
}

/// The checkable items of one claim, with the byte spans (in the answer) they take.
pub(super) struct Extracted {
    pub(super) items: Vec<Item>,
    pub(super) numbers: Vec<(Item, ClaimNumber)>,
    pub(super) taken: Vec<(usize, usize)>,
}

/// The items of one claim found so far. Offsets are the answer's; `text` is the claim,
/// `answer[cs..cs + text.len()]`.
struct Found<'a> {
    answer: &'a str,
    cs: usize,
    text: &'a str,
    ev: &'a Evidence,
    /// A leading label ("**Current Item**:", "Total:"): it names what follows, so its words
    /// are not entities or states of their own.
    label: Option<(usize, usize)>,
    items: Vec<Item>,
    numbers: Vec<(Item, ClaimNumber)>,
    taken: Vec<(usize, usize)>,
}

impl Found<'_> {
    /// Take `s..e` (answer offsets) as an item of `kind`, unless an earlier item overlaps it.
    fn push(&mut self, kind: ItemKind, s: usize, e: usize) {
        if self.is_taken(s, e) {
            return;
        }
        self.taken.push((s, e));
        self.items.push(Item {
            kind,
            start: s,
            end: e,
            text: self.answer[s..e].to_owned(),
        });
    }

    /// [`Found::push`] for a match in the claim's text.
    fn push_match(&mut self, kind: ItemKind, m: regex::Match<'_>) {
        self.push(kind, self.cs + m.start(), self.cs + m.end());
    }

    /// Whether an earlier item overlaps `s..e` (answer offsets).
    fn is_taken(&self, s: usize, e: usize) -> bool {
        self.taken.iter().any(|t| overlaps(*t, (s, e)))
    }

    /// Whether the answer offset `s` lies in the claim's leading label.
    fn in_label(&self, s: usize) -> bool {
        self.label.is_some_and(|(ls, le)| s >= ls && s < le)
    }
}

/// Extract the checkable items of the claim `answer[cs..ce]`.
pub(super) fn extract(answer: &str, cs: usize, ce: usize, ev: &Evidence) -> Extracted {
    let text = &answer[cs..ce];
    let mut f = Found {
        answer,
        cs,
        text,
        ev,
        label: label_span(text).map(|(s, e)| (cs + s, cs + e)),
        items: Vec::new(),
        numbers: Vec::new(),
        taken: Vec::new(),
    };
    codes::links_and_sections(&mut f);
    when::dates_and_times(&mut f);
    codes::identifiers(&mut f);
    quantities::durations(&mut f);
    quantities::numbers(&mut f);
    words::actions(&mut f);
    words::states(&mut f);
    words::clauses_and_titles(&mut f);
    words::mentions(&mut f);
    words::names(&mut f);
    Extracted {
        items: f.items,
        numbers: f.numbers,
        taken: f.taken,
    }
}

#[cfg(test)]
mod tests;
