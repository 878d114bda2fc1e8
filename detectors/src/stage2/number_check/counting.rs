//! Counts: of the records holding a value the words after a number name, of the distinct days a
//! list's records are dated, of a list its noun names, of records dated on a weekday; and a
//! number an evidence document writes with its noun.

use super::super::check::Outcome;
use super::super::counts::{compound_head, distinct_days_counted, named_weekday};
use super::fields::names_field;
use super::framing::range_continues;
use super::Claim;

impl Claim<'_> {
    /// A count of the records holding a value, or of distinct days (rule 2); and whether
    /// the words of a count name a value some records hold.
    pub(super) fn counted(&self) -> (Option<Outcome>, bool) {
        let (ev, answer, item, c) = (self.ev, self.answer, self.item, self.c);
        let (before, whole, count) = (self.before.as_str(), self.whole, self.count);
        // A count of the records holding the value the words after it name ("4 in
        // service, 1 in the shop": `"status": "in_service"` on four vehicles) is that
        // count, or wrong.
        // The lower bound of a range ("5-7 business days", "3 to 4 weeks") counts nothing
        // itself: the words after it belong to the range. Nor does the whole of "1 of 3 tasks
        // complete": its counted noun names the list, nor the denominator of "7/8 passed".
        let of_total = before
            .strip_suffix(" of")
            .or_else(|| before.strip_suffix('/'))
            .is_some_and(|b| b.trim_end().ends_with(|ch: char| ch.is_ascii_digit()));
        // A part of a whole the answer states right after it ("1 of 3 items is ready", "3
        // loads of your 4 at that grade"): the records of a list of that length holding some
        // value, which the sentence may only refer to. The whole is checked on its own.
        if count {
            if let Some(len) = part_of_stated_whole(&answer[item.end..]) {
                if ev.value_counts().held_by_part(c.value as usize, len) {
                    return (Some(Outcome::supported(None)), false);
                }
            }
        }
        // Whether the words of a count name a value some records hold: the count is then of
        // those records, right or wrong.
        let mut names_held_value = false;
        if count && !range_continues(&answer[item.end..]) && !of_total {
            // The numerator of "7/8 passed": the words after the denominator.
            let after = &answer[item.end..];
            let after = after
                .strip_prefix('/')
                .map(|d| d.trim_start_matches(|ch: char| ch.is_ascii_digit()))
                .filter(|d| d.len() + 1 < after.len())
                .unwrap_or(after);
            let rest: Vec<&str> = after
                .split([',', ';', '.', ')', '(', ':', '\n', '—'])
                .next()
                .unwrap_or("")
                .split_whitespace()
                .take(4)
                .collect();
            let holding = |words: &[&str]| {
                (1..=words.len())
                    .rev()
                    .map(|n| ev.value_counts().holding(&words[..n].join(" ")))
                    .find(|counts| !counts.is_empty())
            };
            // The item covers its counted noun ("2 open deferrals"): the value's words may
            // start there. Which list holds them is not known ("4 graded classes" where
            // assignments are `graded`), so such a count only supports.
            if let Some(noun) = &c.noun {
                let with_noun: Vec<&str> = std::iter::once(noun.as_str())
                    .chain(rest.iter().copied())
                    .take(4)
                    .collect();
                if let Some(counts) = holding(&with_noun) {
                    if counts.iter().any(|&(h, _)| h == c.value as usize) {
                        return (Some(Outcome::supported(None)), names_held_value);
                    }
                    names_held_value = true;
                }
            }
            // The longest run of words after it that names a value some records hold decides.
            let counts = holding(&rest);
            if let Some(counts) = counts {
                names_held_value = true;
                let n = c.value as usize;
                if counts.iter().any(|&(holding, _)| holding == n) {
                    return (Some(Outcome::supported(None)), names_held_value);
                }
                // No more than a list holds: a count of it, and a wrong one.
                if counts.iter().any(|&(_, len)| n <= len) {
                    return (Some(Outcome::contradicted()), names_held_value);
                }
            }
        }
        // "on 5 different days": the number of distinct days a list's records are dated,
        // not a field named `days`.
        if whole && distinct_days_counted(c.noun.as_deref(), &answer[item.end..]) {
            let counts = ev.value_counts();
            match counts.distinct_days(c.value as usize) {
                Some(true) => return (Some(Outcome::supported(None)), names_held_value),
                Some(false) => return (Some(Outcome::contradicted()), names_held_value),
                None => {}
            }
        }
        (None, names_held_value)
    }

    /// A number its noun is written with in a document, the length of a list its noun
    /// names, a count of records dated on a weekday (rule 4).
    pub(super) fn listed(&self) -> Option<Outcome> {
        let (ev, answer, item, c) = (self.ev, self.answer, self.item, self.c);
        let (count, count_of_things) = (self.count, self.count_of_things);
        let (raw_sentence, sentence, head) = (&self.raw_sentence, &self.sentence, &self.head);
        // The number with its counted noun written in an evidence document ("a letter home at
        // 6 unexcused absences" in a handbook): a quantity the text states, whatever a field
        // of that name or another record holds (the user's own "I use roughly 22 desk days").
        // In a compound ("24 desk days") the head counts: "about 24 days a month" states it.
        if let (Some(_), Some((number, _))) = (&c.noun, item.text.rsplit_once(' ')) {
            let head = compound_head(c.noun.as_deref(), &answer[item.end..]);
            let phrases = std::iter::once(item.text.to_lowercase())
                .chain(head.map(|h| format!("{} {h}", number.to_lowercase())));
            for phrase in phrases {
                if let Some(cite) = ev.find_text(&phrase) {
                    return Some(Outcome::supported(Some(cite)));
                }
            }
        }
        // The length of a list the counted noun (or the noun it modifies) names: "1 of the 2
        // required inspections" counts the `inspections` array, whichever of its records the
        // claim also names.
        if count {
            let n = c.value as usize;
            let counts_list = c.noun.iter().chain(head.iter()).any(|noun| {
                noun.len() >= 4
                    && ev
                        .list_lengths
                        .iter()
                        .any(|(k, len)| *len == n && names_field(k, noun, sentence))
            });
            if counts_list {
                return Some(Outcome::supported(None));
            }
        }
        // A count of the records dated on the one weekday the sentence names ("Mondays are
        // your busiest day, with 4 visits"): the calculator counts them per list.
        if count_of_things {
            if let Some(wd) = named_weekday(raw_sentence) {
                if ev.value_counts().on_weekday(wd, c.value as usize) {
                    return Some(Outcome::supported(None));
                }
            }
        }
        None
    }
}

/// The whole a count is stated a part of, from the text right after it: " of 3 items", " loads
/// of your 4", " of the 12".
fn part_of_stated_whole(after: &str) -> Option<usize> {
    static WHOLE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = WHOLE.get_or_init(|| {
        regex::Regex::new(
            r"^\s*(?:[A-Za-z]+\s+)?of\s+(?:(?:the|your|their|its|our|all|my)\s+)?(\d{1,4})\b",
        )
        .expect("whole regex")
    });
    re.captures(after)?.get(1)?.as_str().parse().ok()
}
