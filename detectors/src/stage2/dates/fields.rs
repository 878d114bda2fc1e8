//! A date copied from another field of the evidence than the one the claim's words name.

use super::*;
use crate::stage2::evidence::KeyedDate;

/// Words of a date field's name that say "when", not "what" (`drop_deadline` is named by
/// "drop", `created_at` by "created").
pub(super) const DATE_FIELD_WORDS: &[&str] = &[
    "date",
    "dates",
    "day",
    "time",
    "at",
    "on",
    "ts",
    "timestamp",
    "utc",
    "iso",
    "local",
    "datetime",
    "deadline",
    "dt",
    "until",
    "till",
    "through",
    "thru",
    "since",
];

/// A date copied from another field than the one the claim names ("Drop without a W: by
/// Monday, November 2" where `drop_deadline` is 2026-10-05 and `withdraw_deadline`
/// 2026-11-02): the claim's sentence names date fields (every word of the field's name that
/// is not a when-word, [`DATE_FIELD_WORDS`], is in it), none of them holds the date, another
/// field does. Only a sentence with one date: with two, which field each states is open. In a
/// Markdown table the column's header is what names the field.
pub(in crate::stage2) fn date_of_another_field(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
    year: Option<i32>,
) -> bool {
    let nameable = ev.keyed_dates.iter().any(|x| !x.name.is_empty());
    if ev.keyed_dates.len() < 2 || !nameable || mon == 0 || day == 0 {
        return false;
    }
    // In a table the column's header names the date's field; the row's other cells are
    // values ("| Seventeen Bridges | May 21 | checked out |" under "Due").
    let mut raw = match crate::text::table_header(answer, item.start) {
        Some(header) => header.to_owned(),
        None => super::super::states::whole_sentence_around(answer, item.start, item.end),
    };
    // A timeline of several dates ("Mar 3 – delivered 15:25; Mar 12 – cust. reported it"):
    // each entry, up to a semicolon or a line's end, names the field of its one date.
    if re().date_text.find_iter(&raw).take(2).count() > 1 {
        if let Some(entry) = timeline_entry(answer, item.start, item.end) {
            raw = entry.to_owned();
        }
    }
    if re().date_text.find_iter(&raw).take(2).count() > 1 || states_an_offset(&raw) {
        return false;
    }
    let sentence = normalize_terms(&raw);
    let same = |x: &KeyedDate| x.month == mon && x.day == day && year.is_none_or(|y| y == x.year);
    let named =
        |words: &str| !words.is_empty() && words.split(' ').all(|w| contains_terms(&sentence, w));
    let mut any_named = false;
    for x in &ev.keyed_dates {
        if named(&x.name) {
            if same(x) {
                return false;
            }
            any_named = true;
        }
    }
    if !any_named {
        return false;
    }
    // A field holding the date whose name qualifies a name the sentence says states it too:
    // `next_claim_deadline` is a claim deadline ("the 2025-Q4 claim, due by 2026-02-14" beside
    // a `claim_deadline` of 2025-11-14).
    let qualifies = |x: &KeyedDate| {
        ev.keyed_dates
            .iter()
            .any(|y| named(&y.name) && y.name.split(' ').all(|w| x.name.split(' ').any(|v| v == w)))
    };
    if ev.keyed_dates.iter().any(|x| same(x) && qualifies(x)) {
        return false;
    }
    // A time the sentence states beside the date, as the field holding the date writes it
    // ("that's platelets, … February 12, at 2:15 PM" of `"start_time":
    // "2026-02-12T14:15:00-06:00"`), says which field the sentence states, whatever else it
    // names.
    let times: Vec<u32> = re()
        .time
        .captures_iter(&raw)
        .filter_map(|c| time_minutes(&c))
        .collect();
    let mut held = false;
    for x in ev.keyed_dates.iter().filter(|x| same(x)) {
        if x.time.is_some_and(|t| times.contains(&t)) {
            return false;
        }
        held = true;
    }
    held
}

/// The entry of a timeline around `start..end`: the text between the semicolons or line breaks
/// around it, when it opens with the date and a dash follows the date ("Mar 12 – cust.
/// reported it by chat at 11:33"); `None` otherwise.
fn timeline_entry(answer: &str, start: usize, end: usize) -> Option<&str> {
    let from = answer[..start].rfind([';', '\n']).map_or(0, |i| i + 1);
    let to = answer[end..]
        .find([';', '\n'])
        .map_or(answer.len(), |i| end + i);
    let entry = &answer[from..to];
    let lead = &answer[from..start];
    let lead_ok = lead.chars().all(|c| !c.is_alphanumeric() || c == ' ')
        || lead.trim_end().ends_with(['—', '–', ':']);
    let dash = answer[end..to].trim_start().starts_with(['–', '—', '-']);
    (lead_ok && dash).then_some(entry)
}

/// The words of a date field's name (and label) that say what the date is of: normalized,
/// without when-words ([`DATE_FIELD_WORDS`]) and stop words, space-separated; empty when none
/// is left (`"date"`, `"created_at"` keeps "created"). Computed once per evidence field.
pub(in crate::stage2) fn date_field_words(key: &str) -> String {
    let normalized = normalize_terms(key);
    let words: Vec<&str> = normalized
        .split(' ')
        .filter(|w| !w.is_empty() && !DATE_FIELD_WORDS.contains(w) && !STOPWORDS.contains(w))
        .collect();
    // A name of function words only names nothing: `as_of` is "as of", which any sentence
    // with "as" and "of" would otherwise name. Beside a content word they narrow it
    // (`cap_as_of` is not every "cap").
    if words
        .iter()
        .all(|w| w.len() < 3 || COVERAGE_STOP.contains(w))
    {
        return String::new();
    }
    words.join(" ")
}
