//! Dates and periods of a claim beyond their literal match ([`super::check`]): a month's or a
//! season's name, spans of days a sentence states, a date copied from another field of the
//! evidence, and a date stated relative to another date of the answer.

use super::calc;
use super::check::Outcome;
use super::coverage::{COVERAGE_STOP, STOPWORDS};
use super::evidence::Evidence;
use super::items::{date_parts, re, time_minutes, Item};
use super::terms::{contains_terms, normalize_terms};

mod expiry;
mod fields;
mod order;
mod relative;
mod spans;
#[cfg(test)]
mod tests;
mod working;

pub(super) use expiry::expired_until;
pub(super) use fields::{date_field_words, date_of_another_field};
pub(super) use order::event_order_conflict;
use relative::states_an_offset;
pub(super) use relative::{
    days_between_stated_dates, days_from_a_stated_date, days_from_today, relation_to_the_other_date,
};
pub(super) use spans::{computed_date, weekly_recurrence, Span};
pub(super) use working::working_conflict;

/// A month and its year written as one token ("Jan-2026", "Feb-26", "Mar/2026", "2026-Jan"
/// is not one): the month's name, `-` or `/`, and a four- or two-digit year.
pub(super) fn month_year_token(text: &str) -> Option<(u32, i32)> {
    let t = text.trim_end_matches(['.', ',', ')', ';', ':']);
    let (m, y) = t.split_once(['-', '/'])?;
    if m.len() < 3 || !m.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let month = month_name(m).or_else(|| {
        (m.len() <= 4)
            .then(|| super::items::month_index(m))
            .flatten()
    })?;
    if !(y.len() == 2 || y.len() == 4) || !y.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year: i32 = y.parse().ok()?;
    Some((month, if year < 100 { 2000 + year } else { year }))
}

/// The months' full names, lower-case, in order.
pub(super) const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The month a whole name denotes ("May", "February's"), if it is one.
pub(super) fn month_name(text: &str) -> Option<u32> {
    let w = text
        .trim_end_matches(['.', ',', ')'])
        .trim_end_matches("'s")
        .trim_end_matches("’s");
    let w = w.to_ascii_lowercase();
    // The full name, or its first three letters ("Dec 2025"; "Sept" too).
    MONTHS
        .iter()
        .position(|m| *m == w || m.starts_with(w.as_str()) && (w.len() == 3 || w == "sept"))
        .map(|p| p as u32 + 1)
}

/// A day the evidence's rule places in the month after one the sentence names: under "Fees
/// for a calendar month are due by the 15th day of the following month", "the March instalment
/// is due by Apr 15". The evidence writes the rule ("the 15th day of the following month", "the
/// 15th of the next month", "the 15th day of the month following"); the claim's sentence names
/// the month before the claimed date's, by name, besides the date itself.
pub(super) fn day_of_following_month(
    ev: &Evidence,
    answer: &str,
    item: &crate::stage2::items::Item,
    mon: u32,
    day: u32,
) -> bool {
    let suffix = match (day % 10, day % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    let n = format!("{day}{suffix}");
    let rules = [
        format!("{n} day of the following month"),
        format!("{n} of the following month"),
        format!("{n} day of the next month"),
        format!("{n} of the next month"),
        format!("{n} day of the month following"),
        format!("{n} of the month following"),
    ];
    if !rules.iter().any(|r| ev.find_text(r).is_some()) {
        return false;
    }
    let before = if mon == 1 { 12 } else { mon - 1 };
    let sentence = crate::stage2::states::whole_sentence_range(answer, item.start, item.end);
    let (s, e) = sentence;
    answer[s..e]
        .split(|ch: char| !ch.is_alphabetic())
        .filter(|w| !w.is_empty())
        .any(|w| month_name(w) == Some(before) && w.len() > 3)
}

/// The year of a season named with it: "Fall" followed by " 2026".
pub(super) fn season_year(word: &str, after: &str) -> Option<i32> {
    let w = word.trim_end_matches(['.', ',', ')']).to_ascii_lowercase();
    if !matches!(
        w.as_str(),
        "spring" | "summer" | "fall" | "autumn" | "winter"
    ) {
        return None;
    }
    let digits: String = after
        .strip_prefix(' ')?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    (digits.len() == 4).then(|| digits.parse().ok())?
}

/// The day of the month of an ordinal after a weekday ("Wednesday the 11th", "Tue the 3rd"),
/// with the weekday (0 = Sunday … 6 = Saturday), when the number at `start..end` of `answer`
/// is one.
pub(super) fn weekday_ordinal(answer: &str, start: usize, end: usize) -> Option<(u32, i64)> {
    let day: u32 = answer.get(start..end)?.parse().ok()?;
    let after = answer.get(end..)?.to_ascii_lowercase();
    if !["st", "nd", "rd", "th"]
        .iter()
        .any(|s| after.starts_with(s))
        || !(1..=31).contains(&day)
    {
        return None;
    }
    let before = answer.get(..start)?.trim_end().to_ascii_lowercase();
    let before = before.strip_suffix("the")?.trim_end().trim_end_matches(',');
    let word = before.rsplit(|c: char| !c.is_ascii_alphabetic()).next()?;
    // "wed", "Weds", "Wednesday": the name's first three letters.
    let wd = calc::WEEKDAYS
        .iter()
        .position(|d| word.starts_with(&d[..3]) && (word.len() <= 4 || word.ends_with("day")))?;
    Some((day, wd as i64))
}

/// `sentence` without the numbers an approximation word leads ("about 14 more years") and
/// those of spans counted from today ([`without_offsets_from_today`]).
fn without_approximations(sentence: &str) -> String {
    let sentence = without_offsets_from_today(sentence);
    let sentence = sentence.as_str();
    const APPROX: &[&str] = &[
        "about",
        "around",
        "roughly",
        "approximately",
        "nearly",
        "almost",
        "over",
        "under",
        "~",
    ];
    let mut out = String::with_capacity(sentence.len());
    let mut skip_next_number = false;
    for w in sentence.split_whitespace() {
        if skip_next_number && w.starts_with(|c: char| c.is_ascii_digit()) {
            skip_next_number = false;
            continue;
        }
        skip_next_number = APPROX.contains(&w);
        out.push_str(w);
        out.push(' ');
    }
    out
}

/// A weekday and a day of the month without the month ("today (Friday 13th)", "the next run,
/// Friday 17th"): supported by an evidence date on that day of a month whose weekday (where its
/// year is known) is the one named, or by such a day from a week before the run to nine weeks
/// after it (a weekday and a day of the month meet about once a quarter, so a changed day rarely
/// still fits). Otherwise contradicted where the evidence holds dates.
pub(super) fn day_of_month(ev: &Evidence, weekday: &str, day: u32) -> Outcome {
    let wd = weekday.to_ascii_lowercase();
    let Some(named) = calc::WEEKDAYS.iter().position(|d| d.starts_with(&wd[..3])) else {
        return Outcome {
            supported: false,
            contradicted: false,
            citation: None,
        };
    };
    let fits = |n: i64| calc::weekday_of(n) == named as i64;
    let held = ev
        .dates
        .iter()
        .find(|x| x.1 == day && x.2.is_none_or(|y| fits(calc::days_from_civil(y, x.0, day))));
    if let Some(&(_, _, _, d, s, e)) = held {
        return Outcome::supported(Some((d, s, e)));
    }
    let near_run = ev.run_day.is_some_and(|r| {
        (r - 7..=r + 63).any(|n| super::items::civil_from_days(n).2 == day && fits(n))
    });
    if near_run {
        return Outcome::supported(None);
    }
    Outcome {
        supported: false,
        contradicted: !ev.dates.is_empty(),
        citation: None,
    }
}

/// The sentence without the numbers of spans counted from today ("due by 9 days ago, i.e.
/// 28-May-2026", "5 days from today", "2 weeks back"): they place a date from the run's day,
/// not a date from another the sentence states.
fn without_offsets_from_today(sentence: &str) -> String {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let unit = |w: &str| {
        let w = w.to_ascii_lowercase();
        ["day", "week", "month", "year"]
            .iter()
            .any(|u| w.starts_with(u))
    };
    // The words after the unit, as [`relative::FROM_TODAY`] reads them ("ago", "from now").
    let today = |i: usize| {
        let rest = words
            .get(i..(i + 2).min(words.len()))
            .unwrap_or_default()
            .join(" ")
            .to_ascii_lowercase();
        relative::FROM_TODAY.iter().any(|w| {
            rest.strip_prefix(w)
                .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
        })
    };
    let mut out = String::with_capacity(sentence.len());
    for (i, w) in words.iter().enumerate() {
        let offset = w.starts_with(|c: char| c.is_ascii_digit())
            && words.get(i + 1).is_some_and(|u| unit(u))
            && today(i + 2);
        if !offset {
            out.push_str(w);
            out.push(' ');
        }
    }
    out
}
