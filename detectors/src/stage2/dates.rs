//! Dates and periods of a claim beyond their literal match ([`super::check`]): a month's or a
//! season's name, spans of days a sentence states, a date copied from another field of the
//! evidence, and a date stated relative to another date of the answer.

use super::calc;
use super::check::Outcome;
use super::coverage::{COVERAGE_STOP, STOPWORDS};
use super::evidence::Evidence;
use super::items::{date_parts, re, Item};
use super::terms::{contains_terms, normalize_terms};

/// A date stated relative to another date of the answer ("should arrive April 12, the day
/// after the visit" with the visit on Monday, April 13): `Some(false)` when the stated offset
/// leads to none of the answer's other dates, `Some(true)` when it leads to one, `None` when
/// the answer states no other date or the date is not followed by such an offset.
pub(super) fn relation_to_the_other_date(
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
) -> Option<bool> {
    let after = answer[item.end..]
        .trim_start_matches([',', ' ', '('])
        .to_ascii_lowercase();
    let words: Vec<&str> = after.split_whitespace().take(4).collect();
    let (n, unit, dir) = match words[..] {
        ["the", u, d, ..] | ["a", u, d, ..] | ["one", u, d, ..] => (1, u, d),
        [n, u, d, ..] => (
            match super::numbers::number_word(n) {
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

/// Words of a date field's name that say "when", not "what" (`drop_deadline` is named by
/// "drop", `created_at` by "created").
const DATE_FIELD_WORDS: &[&str] = &[
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
];

/// Whether a sentence states a span of days, weeks or months ("3 days past move-in", "±5
/// days around a target counted from randomization"): then it relates its date to a second
/// one, which may be the field it names.
fn states_an_offset(sentence: &str) -> bool {
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

/// A date copied from another field than the one the claim names ("Drop without a W: by
/// Monday, November 2" where `drop_deadline` is 2026-10-05 and `withdraw_deadline`
/// 2026-11-02): the claim's sentence names date fields (every word of the field's name that
/// is not a when-word, [`DATE_FIELD_WORDS`], is in it), none of them holds the date, another
/// field does. Only a sentence with one date: with two, which field each states is open. In a
/// Markdown table the column's header is what names the field.
pub(super) fn date_of_another_field(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
    year: Option<i32>,
) -> bool {
    let nameable = ev.keyed_dates.iter().any(|x| !x.0.is_empty());
    if ev.keyed_dates.len() < 2 || !nameable || mon == 0 || day == 0 {
        return false;
    }
    // In a table the column's header names the date's field; the row's other cells are
    // values ("| Seventeen Bridges | May 21 | checked out |" under "Due").
    let raw = match crate::text::table_header(answer, item.start) {
        Some(header) => header.to_owned(),
        None => super::states::whole_sentence_around(answer, item.start, item.end),
    };
    if re().date_text.find_iter(&raw).take(2).count() > 1 || states_an_offset(&raw) {
        return false;
    }
    let sentence = normalize_terms(&raw);
    let same =
        |x: &(String, u32, u32, i32)| x.1 == mon && x.2 == day && year.is_none_or(|y| y == x.3);
    let named =
        |words: &str| !words.is_empty() && words.split(' ').all(|w| contains_terms(&sentence, w));
    let mut any_named = false;
    for x in &ev.keyed_dates {
        if named(&x.0) {
            if same(x) {
                return false;
            }
            any_named = true;
        }
    }
    any_named && ev.keyed_dates.iter().any(same)
}

/// The words of a date field's name (and label) that say what the date is of: normalized,
/// without when-words ([`DATE_FIELD_WORDS`]) and stop words, space-separated; empty when none
/// is left (`"date"`, `"created_at"` keeps "created"). Computed once per evidence field.
pub(super) fn date_field_words(key: &str) -> String {
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

/// Words after a count of days that measure it from today ("16 days ago", "3 days back", "6
/// days away", "15 days from now", "9 days left").
const FROM_TODAY: &[&str] = &[
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
pub(super) fn days_from_a_stated_date(
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
    let word = FROM_TODAY.iter().find(|w| word_at_start(w))?;
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
    let mut from = item.start.saturating_sub(48);
    while !answer.is_char_boundary(from) {
        from += 1;
    }
    let before = &answer[from..item.start];
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
    let mut refs: Vec<i64> = ev
        .keyed_dates
        .iter()
        .filter(|k| {
            matches!(
                k.0.as_str(),
                "" | "as of" | "asof" | "today" | "now" | "current" | "snapshot"
            )
        })
        .map(|k| calc::days_from_civil(k.3, k.1, k.2))
        .collect();
    refs.extend(ev.run_day);
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
            ys.extend(ev.run_day.map(|d| super::items::civil_from_days(d).0));
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

/// A span of calendar time ("10 days", "a 4-week notice", "15 years", "12 months").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Span {
    Days(i64),
    Months(i64),
    Years(i64),
    /// Working days: Monday to Friday, or to Saturday (`true`) where the text says so
    /// ("Monday to Saturday", "Sundays excluded").
    WorkDays(i64, bool),
}

impl Span {
    /// `day` (days since 1970-01-01) moved by the span, forwards (`sign` 1) or back (−1); a
    /// month or year shift keeps the day of the month (clamped to the month's length).
    fn shift(self, day: i64, sign: i64) -> i64 {
        let months = match self {
            Span::Days(n) => return day + sign * n,
            Span::WorkDays(n, saturday) => {
                // weekday_of: 0 = Sunday … 6 = Saturday.
                let working = |d: i64| match calc::weekday_of(d) {
                    0 => false,
                    6 => saturday,
                    _ => true,
                };
                let (mut d, mut left) = (day, n);
                while left > 0 {
                    d += sign;
                    left -= i64::from(working(d));
                }
                return d;
            }
            Span::Months(n) => n,
            Span::Years(n) => 12 * n,
        };
        let (y, m, d) = super::items::civil_from_days(day);
        let total = y as i64 * 12 + (m as i64 - 1) + sign * months;
        let (ny, nm) = (total.div_euclid(12) as i32, total.rem_euclid(12) as u32 + 1);
        let first = calc::days_from_civil(ny, nm, 1);
        let next = if nm == 12 {
            calc::days_from_civil(ny + 1, 1, 1)
        } else {
            calc::days_from_civil(ny, nm + 1, 1)
        };
        first + (d as i64 - 1).min(next - first - 1)
    }
}

/// Spans a text states: "60 days", "a 30-day notice", "2 weeks", "24 hours" when they make
/// whole days, "12 months", "a 15-year term"; at most `max`.
pub(super) fn stated_spans(text: &str, max: usize) -> Vec<Span> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    let lower = text.to_ascii_lowercase();
    let saturday = [
        "monday to saturday",
        "mon to sat",
        "mon-sat",
        "sundays excluded",
    ]
    .iter()
    .any(|p| lower.contains(p))
        || lower.contains("excluding sunday");
    for (i, w) in words.windows(2).enumerate() {
        let Ok(n) = w[0].trim_start_matches('(').parse::<i64>() else {
            continue;
        };
        let unit = w[1].to_ascii_lowercase();
        let working = matches!(unit.as_str(), "working" | "business")
            && words
                .get(i + 2)
                .is_some_and(|d| d.to_ascii_lowercase().starts_with("day"));
        let span = if working {
            Span::WorkDays(n, saturday)
        } else if unit.starts_with("day") {
            Span::Days(n)
        } else if unit.starts_with("week") {
            Span::Days(n * 7)
        } else if unit.starts_with("hour") && n % 24 == 0 {
            // "24 hours before doors" is the day before.
            Span::Days(n / 24)
        } else if unit.starts_with("month") {
            Span::Months(n)
        } else if unit.starts_with("year") {
            Span::Years(n)
        } else {
            continue;
        };
        let ok = match span {
            Span::Days(d) | Span::WorkDays(d, _) => (1..=730).contains(&d),
            Span::Months(m) => (1..=120).contains(&m),
            Span::Years(y) => (1..=60).contains(&y),
        };
        if ok && !out.contains(&span) && out.len() < max {
            out.push(span);
        }
    }
    out
}

/// Spans the evidence states: in its text ("at least 10 days before your billing date", "a
/// 25-year product warranty") and as numeric fields named for their unit
/// (`grace_period_days: 15`, `termYears: 25`); at most 24.
fn evidence_spans(ev: &Evidence) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    for (key, v) in &ev.keyed {
        if v.fract() != 0.0 || *v < 1.0 || out.len() >= 24 {
            continue;
        }
        let n = *v as i64;
        let span = if key.ends_with("days") {
            Span::Days(n)
        } else if key.ends_with("weeks") {
            Span::Days(7 * n)
        } else if key.ends_with("months") {
            Span::Months(n)
        } else if key.ends_with("years") {
            Span::Years(n)
        } else {
            continue;
        };
        if !out.contains(&span) {
            out.push(span);
        }
    }
    for doc in &ev.lower {
        if out.len() >= 24 {
            break;
        }
        for span in stated_spans(doc, 24) {
            if !out.contains(&span) && out.len() < 24 {
                out.push(span);
            }
        }
    }
    out
}

/// A date computed from another date and a span: "written notice at least 60 days before
/// [an evidence date] — so by Tuesday, September 1"; "with a 4-week notice period, the
/// earliest start would be around July 22nd" (from the run's day); "your next billing date is
/// March 5, so ask by February 23" (the 10 days in the club's rules); "installed on July 25,
/// 2025, so coverage runs through July 25, 2040" (a 15-year term in the warranty); "a 8-day
/// trip (February 22 to March 1)" (a period's inclusive end).
///
/// The span or the other date must be in the claim's sentence: an evidence date with a span
/// the sentence states, or a date the sentence states with a span the sentence or the
/// evidence states.
pub(super) fn computed_date(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
    year: Option<i32>,
) -> bool {
    let is_claim = |d: i64| {
        let (cy, cm, cd) = super::items::civil_from_days(d);
        cm == mon && cd == day && year.is_none_or(|y| y == cy)
    };
    let reaches = |base: i64, spans: &[Span]| {
        spans
            .iter()
            .any(|s| is_claim(s.shift(base, 1)) || is_claim(s.shift(base, -1)))
    };
    let sentence = super::states::whole_sentence_around(answer, item.start, item.end);
    let local = stated_spans(&sentence, 8);
    let bases: Vec<i64> = ev.dated_days().chain(ev.run_day).collect();
    if !local.is_empty() && bases.iter().any(|&b| reaches(b, &local)) {
        return true;
    }
    // Dates the sentence states besides the claim's; one without a year takes the claim's, the
    // evidence's for that day, the run's, or any evidence date's.
    let run_year = ev.run_day.map(|d| super::items::civil_from_days(d).0);
    let any_year = ev.dates.iter().find_map(|x| x.2);
    let year_of = |m: u32, d: u32| {
        year.or_else(|| {
            ev.dates
                .iter()
                .find(|x| x.0 == m && x.1 == d)
                .and_then(|x| x.2)
        })
        .or(run_year)
        .or(any_year)
    };
    let stated: Vec<i64> = re()
        .date_text
        .captures_iter(&sentence)
        .filter_map(|c| match date_parts(&c) {
            (Some(m), Some(d), y) if (m, d, y) != (mon, day, year) => {
                Some(calc::days_from_civil(y.or_else(|| year_of(m, d))?, m, d))
            }
            _ => None,
        })
        .take(4)
        .collect();
    if stated.is_empty() {
        return false;
    }
    // A period of N days from one stated date to another counts both ends.
    let inclusive: Vec<Span> = local
        .iter()
        .filter_map(|s| match s {
            Span::Days(n) if *n > 1 => Some(Span::Days(n - 1)),
            _ => None,
        })
        .collect();
    // A span the sentence states exactly is the one it computes with ("notice at least 90
    // days before November 30 — so by October 1" is wrong even if the lease says 60 days);
    // an approximate one ("about 14 more years") says how far off the date is, not how it
    // was computed, and leaves the evidence's spans in play.
    let exact = stated_spans(&without_approximations(&sentence), 8);
    let mut spans = local;
    spans.extend(inclusive);
    if exact.is_empty() {
        spans.extend(ev.date_spans.get_or_init(|| evidence_spans(ev)));
    }
    stated.iter().any(|&b| reaches(b, &spans))
}

/// A date of a weekly recurrence its sentence names ("Wednesdays before then are still charged:
/// 20 May, 27 May, 3 Jun"; "every Tuesday until the move: 7 Apr, 14 Apr"): the date falls on
/// that weekday, and within the days the run knows — from the earliest to the latest of the
/// run's day and the evidence's dates. Each week's date is computed, not copied; a date moved
/// off the weekday, or outside that span, is no such date.
pub(super) fn weekly_recurrence(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
    year: Option<i32>,
) -> bool {
    let sentence = super::states::whole_sentence_around(answer, item.start, item.end);
    let words: Vec<&str> = sentence
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let weekday = |w: &str| calc::WEEKDAYS.iter().position(|d| *d == w);
    let mut named = words.iter().enumerate().filter_map(|(i, w)| {
        let plural = w.strip_suffix('s').and_then(weekday);
        let every = (i > 0 && matches!(words[i - 1], "every" | "each"))
            .then(|| weekday(w))
            .flatten();
        plural.or(every)
    });
    let Some(wd) = named.next() else {
        return false;
    };
    if named.any(|d| d != wd) {
        return false;
    }
    let Some(year) = year
        .or_else(|| ev.run_day.map(|d| super::items::civil_from_days(d).0))
        .or_else(|| ev.dates.iter().find_map(|x| x.2))
    else {
        return false;
    };
    // The answer's dates outside this sentence bound it too ("before then": the change date
    // it computed), each checked on its own; the sentence's own list bounds nothing.
    let (ss, se) = super::states::whole_sentence_range(answer, item.start, item.end);
    let stated = re()
        .date_text
        .captures_iter(answer)
        .filter(|c| c.get(0).is_some_and(|m| m.end() <= ss || m.start() >= se))
        .filter_map(|c| match date_parts(&c) {
            (Some(m), Some(d), y) => Some(calc::days_from_civil(y.unwrap_or(year), m, d)),
            _ => None,
        })
        .take(64);
    let known: Vec<i64> = ev
        .dated_days()
        .take(256)
        .chain(ev.run_day)
        .chain(stated)
        .collect();
    let (Some(&lo), Some(&hi)) = (known.iter().min(), known.iter().max()) else {
        return false;
    };
    let date = calc::days_from_civil(year, mon, day);
    calc::weekday_of(date) == wd as i64 && (lo..=hi).contains(&date)
}

/// `sentence` without the numbers an approximation word leads ("about 14 more years").
fn without_approximations(sentence: &str) -> String {
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

#[cfg(test)]
mod tests {
    use crate::stage2::test_support::all_supported;

    #[test]
    fn a_date_copied_from_another_field() {
        let ev = r#"{"term":"2026FA","add_deadline":"2026-09-04","drop_deadline":"2026-10-05","withdraw_deadline":"2026-11-02"}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok("**Drop without a W:** by Monday, October 5."));
        assert!(ok("**Withdraw (W grade):** by Mon, Nov 2"));
        assert!(!ok("**Drop without a W:** by Monday, November 2."));
        // Two dates in one sentence: which field each states is left open.
        assert!(ok(
            "You can drop until October 5 and withdraw until November 2."
        ));
        // A date no field name in the sentence points at is judged as before.
        assert!(ok("The last day is November 2."));
        // A record labels its date.
        let ev = r#"{"deadlines":[{"event":"drop_deadline","date":"2026-10-05","description":"Last day to drop"},{"event":"withdraw_deadline","date":"2026-11-02"}],"charges":[{"merchant":"Cava","status":"posted","date":"2026-03-03"}]}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok("Drop without a W by Monday, October 5."));
        assert!(!ok("Drop without a W by Monday, November 2."));
        // A field named by function words only (`as_of`) is named by no sentence.
        let ev = r#"{"pourings":[{"date":"2026-03-25","shift":"evening","snf_pct":8.3,"accepted":false,"reason":"SNF below minimum"}],"as_of":"2026-03-29T14:51:00+05:30"}"#;
        assert!(all_supported(
            ev,
            "The evening pouring of 25 March 2026 was not accepted as SNF was below the minimum."
        ));
        assert!(!all_supported(
            ev,
            "The evening pouring of 26 March 2026 was not accepted as SNF was below the minimum."
        ));
        let ev = r#"{"deadlines":[{"event":"drop_deadline","date":"2026-10-05","description":"Last day to drop"},{"event":"withdraw_deadline","date":"2026-11-02"}],"charges":[{"merchant":"Cava","status":"posted","date":"2026-03-03"}]}"#;
        let ok = |a: &str| all_supported(ev, a);
        // A status beside a date is no label of it.
        assert!(ok("Your refund was posted; the charge was on March 3."));
        // A span of days relates the date to the field the sentence names.
        let ev = r#"{"unit":"BK-1931","move_in":"2026-04-15","hold_until":"2026-04-18"}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok("Held until April 18 — 3 days past move-in."));
        assert!(ok("Held until 4/18/26 — 3 days past move-in."));
        assert!(!ok("Held until April 19 — 3 days past move-in."));
        // In a table the column's header names the field, not the row's other cells.
        let ev = r#"{"loans":[{"title":"Seventeen Bridges","checked_out":"2026-04-30","due_date":"2026-05-21","status":"checked_out"},{"title":"Night Ferry","checked_out":"2026-05-02","due_date":"2026-05-23","status":"checked_out"}]}"#;
        let table = |due: &str| {
            format!("| Title | Due | Status |\n|---|---|---|\n| Seventeen Bridges | {due} | checked out |")
        };
        assert!(all_supported(ev, &table("May 21")));
        assert!(!all_supported(ev, &table("May 22")));
        let ev2 = r#"{"loans":[{"title":"Seventeen Bridges","checked_out":"2026-04-30","due_date":"2026-05-21"}]}"#;
        assert!(!all_supported(
            ev2,
            "| Title | Checked out |\n|---|---|\n| Seventeen Bridges | May 21 |"
        ));
    }

    #[test]
    fn dates_a_sentence_computes_and_the_present_compared_with() {
        // "i.e." ends no sentence: the span before it computes the date after it.
        let ev = r#"{"siteId":"SV-1","installedOn":"2023-09-06","warranty":"Product warranty: 25 years from the installation date."}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok(
            "**Product:** 25 years from installation, i.e. until September 6, 2048."
        ));
        assert!(!ok(
            "**Product:** 25 years from installation, i.e. until September 6, 2049."
        ));
        // "less than today": the present state a value is compared with, not a date.
        let ev =
            r#"{"escrow":{"monthly":"553.56","projected_monthly":"507.23"},"as_of":"2026-05-01"}"#;
        assert!(all_supported(
            ev,
            "Your escrow would be $507.23 a month ($46.33 less than today)."
        ));
    }

    #[test]
    fn days_to_a_date_without_its_year_in_any_year_the_evidence_gives_it() {
        use crate::report::ClaimStatus;
        use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};
        // Bought on 24 October 2023, covered until 24 October 2026; the run is on 4 April 2026.
        let ev = r#"{"purchased":"2023-10-24","repair_warranty_until":"2026-10-24"}"#;
        let mut run = crate::stage2::test_support::run(ev);
        run.start_unix_nano = 1_775_308_644_000_000_000;
        let ok = |a: &str| {
            DeterministicScorer::new(Stage2Config::default())
                .score(&run, a)
                .iter()
                .all(|c| c.status == ClaimStatus::Supported)
        };
        assert!(ok(
            "The repair warranty runs until October 24, so you have 203 days left."
        ));
        assert!(!ok(
            "The repair warranty runs until October 24, so you have 210 days left."
        ));
    }

    #[test]
    fn numeric_date_forms() {
        let acct = r#"{"unit":"BK-1931","paid_through":"2026-03-24","balance":0}"#;
        let ok = |a: &str| all_supported(acct, a);
        for date in [
            "2026-03-24",
            "2026-03-24 (Tue)",
            "3/24/26",
            "3/24/2026",
            "24-Mar-2026",
            "24-Mar-26",
        ] {
            assert!(
                ok(&format!("Paid through {date} with nothing owing.")),
                "{date}"
            );
        }
        for date in ["2026-03-25", "3/25/26", "25-Mar-2026", "2026-03-28 (Sat)"] {
            assert!(
                !ok(&format!("Paid through {date} with nothing owing.")),
                "{date}"
            );
        }
        // Not a date: a month of 20 ("AD 2020-20-12" is a directive's number).
        let ad = r#"{"ad":"2020-20-12","due_hours":9979.1}"#;
        assert!(all_supported(ad, "AD 2020-20-12 is due at 9,979.1 h."));
    }

    #[test]
    fn a_date_stated_relative_to_the_other_date() {
        let ev = r#"{"visit":{"date":"2026-04-13","window":"1:00 PM to 4:00 PM"},"part":{"eta":"2026-04-12"}}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok("They're coming Monday, April 13. The part should arrive April 12, the day before the visit."));
        assert!(!ok("They're coming Monday, April 13. The part should arrive April 12, the day after the visit."));
        // Any of the answer's other dates may be the one meant.
        let ev2 = r#"{"a":"2026-04-10","b":"2026-04-13","c":"2026-04-14","d":"2026-04-12"}"#;
        assert!(all_supported(
            ev2,
            "April 10 and April 13 are booked; it's due April 14, the day after."
        ));
        assert!(!all_supported(
            ev2,
            "April 10 and April 13 are booked; it's due April 12, the day after."
        ));
    }

    #[test]
    fn a_season_with_its_year_is_a_period() {
        let ev = r#"{"term":"2026FA","classes_begin":"2026-08-24"}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok("Here's your schedule for Fall 2026:"));
        assert!(!ok("Here's your schedule for Fall 2027:"));
    }

    #[test]
    fn a_date_a_stated_span_from_today_or_from_an_evidence_time() {
        use crate::report::ClaimStatus;
        use crate::stage2::test_support::run;
        use crate::stage2::{DeterministicScorer, Scorer, Stage2Config};
        let s = DeterministicScorer::new(Stage2Config::default());
        let ok = |r: &crate::run::AgentRun, a: &str| {
            s.score(r, a)
                .iter()
                .all(|c| c.status == ClaimStatus::Supported)
        };
        // The run happened on 2026-03-03 (UTC); four weeks later is March 31.
        let mut r = run(
            r#"{"candidate":"Lucas Petit","notice_weeks":4,"doors_at":"2026-05-23T19:00:00-05:00","transfer_cutoff_hours":24}"#,
        );
        r.start_unix_nano = 1_772_528_400_000_000_000;
        assert!(ok(
            &r,
            "With a 4-week notice period, the earliest start would be around March 31st."
        ));
        assert!(!ok(
            &r,
            "With a 4-week notice period, the earliest start would be around April 14th."
        ));
        // 24 hours before the doors open is the day before.
        assert!(ok(
            &r,
            "Transfers close 24 hours before doors, so by Fri 22 May."
        ));
        assert!(!ok(
            &r,
            "Transfers close 24 hours before doors, so by Thu 21 May."
        ));
    }

    #[test]
    fn a_date_from_a_stated_date_and_a_span_of_the_sentence_or_the_evidence() {
        let club = r#"{"member":"M5466363","next_billing_date":"2026-03-05","rules":"5.3 Freeze requests must be made at least 10 days before the next billing date."}"#;
        let ok = |ev: &str, a: &str| all_supported(ev, a);
        assert!(ok(club, "Your next billing date is March 5, so to freeze from then you'd need to ask by February 23."));
        assert!(!ok(club, "Your next billing date is March 5, so to freeze from then you'd need to ask by February 20."));
        // Years: a term in the evidence from a date the sentence states.
        let site = r#"{"installed_on":"2025-07-25","warranty":{"workmanship_years":15,"product_years":25}}"#;
        assert!(ok(
            site,
            "It was installed on July 25, 2025, so coverage runs through July 25, 2040."
        ));
        assert!(ok(
            site,
            "Installed on July 25, 2025, the panels are covered until July 25, 2050."
        ));
        assert!(!ok(
            site,
            "It was installed on July 25, 2025, so coverage runs through July 25, 2042."
        ));
        // A span the sentence states from an evidence date, past a decimal point in between.
        let loan = r#"{"next_payment":{"due_date":"2026-03-01","amount":"3009.74"},"grace_period_days":15}"#;
        assert!(ok(loan, "There's a 15-day grace period — the $3,009.74 payment is late only if it hasn't arrived by March 16, 2026."));
        assert!(!ok(loan, "There's a 15-day grace period — the $3,009.74 payment is late only if it hasn't arrived by March 18, 2026."));
        // A span the sentence states exactly is the one it computes with.
        let lease = r#"{"lease_end":"2026-11-30","clauses":[{"id":"12.1","text":"Written notice is required at least 60 days before the lease end."}]}"#;
        assert!(ok(
            lease,
            "Your lease ends on November 30, 2026, so give notice by October 1."
        ));
        assert!(!ok(lease, "Your lease ends on November 30, 2026, and you need notice 90 days before — so by October 1."));
        assert!(ok(site, "It was installed on July 25, 2025, so coverage runs through July 25, 2040 — about 14 more years."));
        // A period's inclusive end: 8 days from February 22 to March 1.
        let pass = r#"{"as_of":"2026-02-10","trip_days":8,"passes":[{"name":"Travel Week","validityDays":7,"price":"45.00"}]}"#;
        assert!(ok(
            pass,
            "For a 8-day trip (February 22 to March 1), here's how the passes compare:"
        ));
        assert!(!ok(
            pass,
            "For a 8-day trip (February 22 to March 4), here's how the passes compare:"
        ));
    }

    #[test]
    fn a_day_of_the_month_named_by_its_weekday() {
        // 2026-03-11 is a Wednesday.
        let ev = r#"{"events":[{"name":"Spring Tour","starts_at":"2026-03-11T19:00:00-07:00"}]}"#;
        assert!(all_supported(ev, "It's on Wednesday the 11th."));
        assert!(!all_supported(ev, "It's on Wednesday the 12th."));
        assert!(!all_supported(ev, "It's on Thursday the 11th."));
        assert_eq!(
            super::weekday_ordinal("on Wed the 11th", 11, 13),
            Some((11, 3))
        );
        assert_eq!(super::weekday_ordinal("the 11th", 4, 6), None);
    }

    #[test]
    fn a_date_some_working_days_after_an_evidence_date() {
        // 2026-02-16 is a Monday.
        let ev = r#"{"request":"SR-1","registered_on":"2026-02-16","turnaround":"7 working days"}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok(
            "As per our turnaround of 7 working days (Monday to Saturday), the repair is due by 24-Feb-2026."
        ));
        assert!(ok(
            "With a turnaround of 7 working days, the repair is due by 25-Feb-2026."
        ));
        assert!(!ok(
            "With a turnaround of 7 working days, the repair is due by 24-Feb-2026."
        ));
        assert!(!ok(
            "As per our turnaround of 7 working days (Monday to Saturday), the repair is due by 26-Feb-2026."
        ));
    }

    #[test]
    fn dates_of_a_weekly_recurrence_the_sentence_names() {
        // 2026-05-20, 05-27 and 06-03 are Wednesdays, between the snapshot and the move.
        let ev = r#"{"child":"CH-1","as_of":"2026-05-14","room_move":{"date":"2026-06-08","new_days":["Mon","Tue"]}}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok(
            "Wednesdays before the move are still charged: 20 May, 27 May and 3 Jun."
        ));
        // Off the weekday, outside the known days, or no weekday named: not supported.
        assert!(!ok(
            "Wednesdays before the move are still charged: 20 May, 28 May and 3 Jun."
        ));
        assert!(!ok(
            "Wednesdays before the move are still charged: 20 May and 17 Jun."
        ));
        assert!(!ok("Still charged: 20 May, 27 May and 3 Jun."));
        // A later date the answer states bounds the span too (that date is checked on its own).
        let ev = r#"{"child":"CH-1","as_of":"2026-05-14"}"#;
        let flagged = |a: &str| -> Vec<String> {
            crate::stage2::test_support::score(ev, a)
                .iter()
                .flat_map(|c| c.flagged_spans.iter().map(|f| f.text.clone()))
                .collect()
        };
        let listed = "Wednesdays before then are still charged: 20 May, 27 May and 3 Jun.";
        let with_end = flagged(&format!("From Friday 5 June you drop a day. {listed}"));
        assert!(
            !with_end.iter().any(|f| f.contains("May") || f == "3 Jun"),
            "{with_end:?}"
        );
        let alone = flagged(listed);
        assert!(alone.iter().any(|f| f == "27 May"), "{alone:?}");
    }

    #[test]
    fn days_ago_from_a_stated_date_to_the_snapshot_day() {
        let ev = r#"{"req_id":"REQ-26-8514","as_of":"2026-03-27","candidates":[{"name":"Olusegun Bakare","last_activity":"2026-03-07","applied_on":"2026-02-11"},{"name":"Amaka Obi","last_activity":"2026-03-17","applied_on":"2026-03-01"}]}"#;
        let ok = |a: &str| all_supported(ev, a);
        assert!(ok(
            "Olusegun Bakare — last activity March 7th (20 days ago)"
        ));
        assert!(!ok(
            "Olusegun Bakare — last activity March 7th (16 days ago)"
        ));
        assert!(ok("Amaka Obi — last activity March 17th, 10 days ago"));
        // The date in parentheses after the count is the one it counts to, not an earlier
        // date of the sentence.
        assert!(ok(
            "Amaka Obi applied March 1st; last active 10 days ago (March 17th)."
        ));
        assert!(!ok(
            "Amaka Obi applied March 1st; last active 26 days ago (March 17th)."
        ));
        assert!(ok(
            "Amaka Obi — last activity 17.03.2026, i.e. 10 days back."
        ));
        assert!(!ok(
            "Amaka Obi — last activity 17.03.2026, i.e. 12 days back."
        ));
        // "i.e." ends no sentence; a date after "i.e." is the one counted to; a slashed date
        // is read either way round.
        assert!(ok(
            "Amaka Obi's last activity was on 2026-03-17, i.e. 10 days back."
        ));
        assert!(ok("Amaka Obi — last active 10 days ago, i.e. 17-Mar-2026."));
        assert!(!ok(
            "Amaka Obi — last active 11 days ago, i.e. 17-Mar-2026."
        ));
        assert!(ok(
            "Olusegun Bakare — last activity 07/03/2026 (20 days ago)."
        ));
        // A count not measured from today is left to the other checks.
        assert!(ok(
            "Amaka Obi applied on March 1st and was active 16 days later."
        ));
        // Days late count from the due date to the date stated.
        let loan = r#"{"as_of":"2026-03-13","loans":[{"title":"The Ninth Lantern","due_date":"2026-03-11"}]}"#;
        let ok = |a: &str| all_supported(loan, a);
        assert!(ok(
            "Returning it on Friday (20 March 2026) would make it 9 days late."
        ));
        assert!(!ok(
            "Returning it on Friday (20 March 2026) would make it 11 days late."
        ));
    }
}
