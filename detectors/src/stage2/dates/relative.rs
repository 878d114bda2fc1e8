//! Dates stated relative to another: a date the answer places before or after another of its
//! dates ("April 12, the day after the visit"), days counted from a stated date to today.

use super::*;
use crate::text::{ceil_char_boundary, floor_char_boundary};

/// A date stated relative to another date of the answer ("should arrive April 12, the day
/// after the visit" with the visit on Monday, April 13): `Some(false)` when the stated offset
/// leads to none of the answer's other dates, `Some(true)` when it leads to one, `None` when
/// the answer states no other date or the date is not followed by such an offset.
pub(in crate::stage2) fn relation_to_the_other_date(
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
) -> Option<bool> {
    let after = answer[item.end..]
        .trim_start_matches([',', ' ', '('])
        .to_ascii_lowercase();
    let words: Vec<&str> = after.split_whitespace().take(4).collect();
    // "(the day after tomorrow)", "the day before yesterday": a day named from today, not
    // from the answer's other date.
    if words.get(3).is_some_and(|w| {
        matches!(
            w.trim_end_matches(|c: char| !c.is_ascii_alphabetic()),
            "tomorrow" | "yesterday" | "today" | "tonight"
        )
    }) {
        return None;
    }
    let (n, unit, dir) = match words[..] {
        ["the", u, d, ..] | ["a", u, d, ..] | ["one", u, d, ..] => (1, u, d),
        [n, u, d, ..] => (
            match super::super::numbers::number_word(n) {
                Some(w) => i64::from(w),
                None => n.parse::<i64>().ok()?,
            },
            u,
            d,
        ),
        _ => return None,
    };
    let step = match unit.trim_end_matches('s') {
        "day" => 1,
        "week" => 7,
        _ => return None,
    };
    let sign = match dir.trim_end_matches([',', '.']) {
        "after" | "later" => 1,
        "before" | "earlier" => -1,
        _ => return None,
    };
    // The other dates of the answer: exactly one other day.
    let mut others: Vec<(u32, u32)> = Vec::new();
    for caps in re().date_text.captures_iter(answer).take(16) {
        let m = caps.get(0).expect("match");
        if m.start() < item.end && m.end() > item.start {
            continue;
        }
        if let (Some(om), Some(od), _) = date_parts(&caps) {
            if (om, od) != (mon, day) && !others.contains(&(om, od)) {
                others.push((om, od));
            }
        }
    }
    if others.is_empty() {
        return None;
    }
    // A year is needed only for the difference: both in one (leap) year, or across its end.
    let this = calc::days_from_civil(2024, mon, day);
    Some(others.iter().any(|&(om, od)| {
        let mut other = calc::days_from_civil(2024, om, od);
        if (this - other).abs() > 183 {
            other += if other < this { 366 } else { -366 };
        }
        this - other == sign * n * step
    }))
}

/// Whether a sentence states a span of days, weeks or months ("3 days past move-in", "±5
/// days around a target counted from randomization"): then it relates its date to a second
/// one, which may be the field it names.
pub(super) fn states_an_offset(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let mut words = lower.split_whitespace().peekable();
    while let Some(w) = words.next() {
        let number = w.trim_start_matches(['±', '+', '~']);
        if !number.is_empty() && number.chars().all(|ch| ch.is_ascii_digit()) {
            let unit = words
                .peek()
                .map_or("", |u| u.trim_end_matches([',', '.', ';']));
            if matches!(
                unit,
                "day" | "days" | "week" | "weeks" | "month" | "months" | "year" | "years"
            ) {
                return true;
            }
        }
    }
    false
}

/// The days "today" may be: the evidence's reference days (a date field that says no more than
/// when: `as_of`, `today`, `date`, …) and the run's own day.
fn reference_days(ev: &Evidence) -> Vec<i64> {
    let mut refs: Vec<i64> = ev
        .keyed_dates
        .iter()
        .filter(|k| {
            matches!(
                k.name.as_str(),
                "" | "as of" | "asof" | "today" | "now" | "current" | "snapshot"
            )
        })
        .map(|k| calc::days_from_civil(k.year, k.month, k.day))
        .collect();
    refs.extend(ev.run_day);
    refs
}

/// A day reached by counting from today with nothing beside it ("Cancelled ✓ — in 11 days @
/// 3:30pm", "in 2 wks"): `Some(true)` when a date of the evidence lies that many days (weeks,
/// to the nearest) after the run's day or the evidence's reference day (`as_of`, `today`, …),
/// `Some(false)` when none does and the evidence states no such number of days at all (a
/// policy's "5 days" read as "in 5 days" is a duration, which the number checks judge), `None`
/// when the count is not one of "in N days" or there is no reference day.
pub(in crate::stage2) fn days_from_today(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    value: f64,
    unit: &str,
) -> Option<bool> {
    let per = match unit.to_ascii_lowercase().trim_end_matches('s') {
        "day" => 1,
        "week" | "wk" => 7,
        _ => return None,
    };
    let in_before = answer[..item.start]
        .trim_end()
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("in"));
    // A date right after it ("in 9 days (June 1)", "in twenty days, on March twenty-ninth")
    // is the date it reaches: [`days_from_a_stated_date`] and the date checks judge that.
    let after = &answer[item.end..floor_char_boundary(answer, item.end + 48)];
    let after = &after[..after.find(['\n', '.', ';']).unwrap_or(after.len())];
    let month_named = after
        .split(|c: char| !c.is_alphabetic())
        .any(|w| month_name(w).is_some());
    if !in_before
        || month_named
        || re().date_text.is_match(after)
        || value.fract() != 0.0
        || value <= 0.0
    {
        return None;
    }
    let mut refs = reference_days(ev);
    refs.sort_unstable();
    refs.dedup();
    let days: Vec<i64> = ev.dated_days().take(256).collect();
    if refs.is_empty() || days.is_empty() {
        return None;
    }
    let reached = refs.iter().any(|r| {
        days.iter().any(|d| {
            let span = (d - r) as f64;
            if per == 1 {
                span == value
            } else {
                (span / 7.0 - value).abs() < 0.5
            }
        })
    });
    if reached {
        return Some(true);
    }
    let stated = ev.numbers.iter().any(|n| n.0 == value);
    (!stated).then_some(false)
}

/// Words after a count of days that measure it from today ("16 days ago", "3 days back", "6
/// days away", "15 days from now", "9 days left").
pub(super) const FROM_TODAY: &[&str] = &[
    "ago",
    "back",
    "away",
    "from now",
    "from today",
    "left",
    "remaining",
    "to go",
    "late",
    "overdue",
];

/// A count of days or weeks measured from a date the answer states just before it ("last
/// activity March 7th (16 days ago)", "by Tue 17 Feb — 9 days left"): `Some(true)` when the
/// run's day or the evidence's reference day (a date field that says no more than when:
/// `as_of`, `today`, `date`) — for a count of days late or overdue, any date of the evidence
/// (the due date) — lies that far from the date, `Some(false)` when none does, `None` when the number is
/// no such count or there is no reference day.
pub(in crate::stage2) fn days_from_a_stated_date(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    value: f64,
    unit: &str,
) -> Option<bool> {
    let per = match unit.to_ascii_lowercase().trim_end_matches('s') {
        "day" => 1,
        "week" => 7,
        _ => return None,
    };
    let after = answer[item.end..]
        .trim_start_matches([' ', ')'])
        .to_ascii_lowercase();
    let word_at_start = |w: &&str| {
        after.starts_with(*w) && !after[w.len()..].starts_with(|c: char| c.is_alphanumeric())
    };
    // "in 57 days (April 26)": a count after "in" with the date it reaches in parentheses.
    let counted_in = after.starts_with('(')
        && answer[..item.start]
            .trim_end()
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("in"));
    let word: &str = match FROM_TODAY.iter().find(|w| word_at_start(w)) {
        Some(w) => w,
        None if counted_in => "",
        None => return None,
    };
    // Lateness counts from a due date to the date stated ("Returning it a week from today (20
    // March) would make it 9 days late"): any date of the evidence may be the due date.
    let late = ["late", "overdue"].iter().any(word_at_start);
    // The date it counts to: one in parentheses right after it ("13 days ago (21 Apr)"),
    // else the nearest before it in the same sentence, at most 48 bytes away.
    let rest = answer[item.end..].trim_start_matches([' ', ')']);
    // Also set off by "i.e." or a dash ("9 days ago, i.e. 28-May-2026").
    let bracketed = rest.get(word.len()..).and_then(|r| {
        let r = r.trim_start_matches([',', ' ']);
        let r = ["(", "i.e.", "ie", "—", "–", ":"]
            .iter()
            .find_map(|p| r.strip_prefix(p))?
            .trim_start();
        let caps = re().date_text.captures(r)?;
        (caps.get(0)?.start() == 0).then_some(caps)
    });
    // The date an "in N days" count reaches must be one the evidence holds: a date the count
    // itself places is no support for the count.
    let held = |caps: &regex::Captures<'_>| {
        let (m, d, _) = date_parts(caps);
        ev.dates.iter().any(|x| Some(x.0) == m && Some(x.1) == d)
    };
    if word.is_empty() && !bracketed.as_ref().is_some_and(held) {
        return None;
    }
    let before = &answer[ceil_char_boundary(answer, item.start.saturating_sub(48))..item.start];
    // A full stop of "i.e." or "e.g." (a letter between stops) ends no sentence.
    let sentence_start = before
        .char_indices()
        .rev()
        .find(|&(i, c)| {
            matches!(c, '!' | '?' | '\n')
                || c == '.' && {
                    let mut back = before[..i].chars().rev();
                    let letter = back.next().is_some_and(char::is_alphabetic);
                    let stop = back.next().is_none_or(|b| b == '.' || b.is_whitespace());
                    !(letter && stop)
                }
        })
        .map_or(0, |(i, _)| i + 1);
    let caps = match bracketed {
        Some(c) => c,
        None => re()
            .date_text
            .captures_iter(&before[sentence_start..])
            .last()?,
    };
    let (Some(mon), Some(day), year) = date_parts(&caps) else {
        return None;
    };
    let mut refs = reference_days(ev);
    if late {
        refs.extend(ev.dated_days().take(64));
    }
    if refs.is_empty() {
        return None;
    }
    // A date without its year is in a year the evidence gives that day (each of them: a
    // warranty's end and a purchase can share a day of the year), else the run's.
    let years: Vec<i32> = match year {
        Some(y) => vec![y],
        None => {
            let mut ys: Vec<i32> = ev
                .dates
                .iter()
                .filter(|x| x.0 == mon && x.1 == day)
                .filter_map(|x| x.2)
                .collect();
            ys.extend(
                ev.run_day
                    .map(|d| super::super::items::civil_from_days(d).0),
            );
            ys.sort_unstable();
            ys.dedup();
            ys.truncate(8);
            ys
        }
    };
    // "01/03/2026": 3 January as one writer means it, 1 March as another.
    let slashed = ["sm", "wm", "pm", "fm"]
        .iter()
        .any(|g| caps.name(g).is_some());
    let mut dates: Vec<i64> = years
        .iter()
        .map(|&y| calc::days_from_civil(y, mon, day))
        .collect();
    if slashed && mon <= 12 && day <= 12 && mon != day {
        dates.extend(years.iter().map(|&y| calc::days_from_civil(y, day, mon)));
    }
    if dates.is_empty() {
        return None;
    }
    Some(refs.iter().any(|r| {
        dates.iter().any(|date| {
            let span = (r - date).abs();
            if per == 1 {
                span as f64 == value
            } else {
                ((span as f64 / 7.0) - value).abs() < 0.5
            }
        })
    }))
}

/// A count of days between the two dates its sentence states ("between April 17, 2026 and
/// November 7, 2027 there are five hundred sixty-nine (569) days", "from 1 March 2026 to 15
/// March 2026 is 14 days"): arithmetic over the answer's own dates, each checked on its own.
/// Both dates must carry their year; the count may include both ends. `Some(true)` when it
/// matches, `None` otherwise (the other rules then judge the number).
pub(in crate::stage2) fn days_between_stated_dates(
    answer: &str,
    item: &Item,
    value: f64,
    unit: &str,
) -> Option<bool> {
    // The unit: the claim number's, or the word after it, past digits in parentheses that
    // restate a number written in words ("five hundred sixty-nine (569) days").
    let mut after = answer[item.end..].trim_start_matches([' ', ')']);
    if let Some(r) = after.strip_prefix('(') {
        let digits = r.trim_start_matches(|c: char| c.is_ascii_digit() || c == ',');
        if digits.len() < r.len() && digits.starts_with(')') {
            after = digits[1..].trim_start();
        }
    }
    // (Or without them, as the layout reads them: "five hundred sixty-nine  569  days".)
    let after = after
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == ',')
        .trim_start();
    let word = after
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let unit = if unit.is_empty() { word.as_str() } else { unit };
    let per = match unit.to_ascii_lowercase().trim_end_matches('s') {
        "day" | "calendar day" => 1.0,
        "week" => 7.0,
        _ => return None,
    };
    let sentence = super::super::states::whole_sentence_around(answer, item.start, item.end);
    let lower = sentence.to_ascii_lowercase();
    let ranged = lower.contains("between") && lower.contains(" and ")
        || lower.contains("from ") && (lower.contains(" to ") || lower.contains(" until "));
    if !ranged {
        return None;
    }
    let mut days: Vec<i64> = Vec::new();
    for caps in re().date_text.captures_iter(&sentence).take(8) {
        if let (Some(m), Some(d), Some(y)) = date_parts(&caps) {
            let day = calc::days_from_civil(y, m, d);
            if !days.contains(&day) {
                days.push(day);
            }
        }
    }
    let [a, b] = days[..] else { return None };
    let span = (a - b).abs() as f64;
    let n = value * per;
    ((span - n).abs() < 0.5 || (span + 1.0 - n).abs() < 0.5).then_some(true)
}
