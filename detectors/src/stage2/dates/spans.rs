//! Spans of days: those a sentence states ("from Monday to Friday", "7 working days"), those
//! the evidence holds, dates computed from them, weekly recurrences.

use super::*;

/// A span of calendar time ("10 days", "a 4-week notice", "15 years", "12 months").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::stage2) enum Span {
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
        let (y, m, d) = super::super::items::civil_from_days(day);
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
pub(in crate::stage2) fn stated_spans(text: &str, max: usize) -> Vec<Span> {
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
        // Digits in parentheses after the number in words ("ninety (90) days") read as digits.
        let Ok(n) = w[0]
            .strip_prefix('(')
            .map_or(w[0], |d| d.strip_suffix(')').unwrap_or(d))
            .parse::<i64>()
        else {
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
pub(super) fn evidence_spans(ev: &Evidence) -> Vec<Span> {
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
pub(in crate::stage2) fn computed_date(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
    year: Option<i32>,
) -> bool {
    let is_claim = |d: i64| {
        let (cy, cm, cd) = super::super::items::civil_from_days(d);
        cm == mon && cd == day && year.is_none_or(|y| y == cy)
    };
    // A term of months or years from a date runs to the day before its anniversary as often
    // as to the anniversary ("10 years from the invoice date of 10.10.2017, i.e. till
    // 09.10.2027").
    let reaches = |base: i64, spans: &[Span]| {
        spans.iter().any(|s| {
            let term = matches!(s, Span::Months(_) | Span::Years(_));
            is_claim(s.shift(base, 1))
                || is_claim(s.shift(base, -1))
                || term && is_claim(s.shift(base, 1) - 1)
        })
    };
    let sentence = super::super::states::whole_sentence_around(answer, item.start, item.end);
    let local = stated_spans(&sentence, 8);
    let bases: Vec<i64> = ev.dated_days().chain(ev.run_day).collect();
    if !local.is_empty() && bases.iter().any(|&b| reaches(b, &local)) {
        return true;
    }
    // Dates the sentence states besides the claim's; one without a year takes the claim's, the
    // evidence's for that day, the run's, or any evidence date's.
    let run_year = ev
        .run_day
        .map(|d| super::super::items::civil_from_days(d).0);
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
        // An evidence date moved by a term an evidence line states of what the sentence
        // names ("still under warranty — until 27 October 2027": purchased 2025-10-27, "a
        // 24-month warranty from the date of purchase"). Not where the sentence states its
        // own span ("up to 96 hours before doors"): that is the one it computes with.
        if !stated_spans(&without_approximations(&sentence), 1).is_empty() {
            return false;
        }
        let named = named_evidence_spans(ev, &sentence);
        return !named.is_empty() && ev.dated_days().take(64).any(|b| reaches(b, &named));
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
pub(in crate::stage2) fn weekly_recurrence(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
    year: Option<i32>,
) -> bool {
    let sentence = super::super::states::whole_sentence_around(answer, item.start, item.end);
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
        .or_else(|| {
            ev.run_day
                .map(|d| super::super::items::civil_from_days(d).0)
        })
        .or_else(|| ev.dates.iter().find_map(|x| x.2))
    else {
        return false;
    };
    // The answer's dates outside this sentence bound it too ("before then": the change date
    // it computed), each checked on its own; the sentence's own list bounds nothing.
    let (ss, se) = super::super::states::whole_sentence_range(answer, item.start, item.end);
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

/// Evidence lines read for [`named_evidence_spans`], and spans kept.
const MAX_NAMED_SPAN_LINES: usize = 256;
const MAX_NAMED_SPANS: usize = 8;

/// Spans an evidence line states when the line shares a content word (five letters or more,
/// no stop word) with the claim's `sentence` (lower-cased): a term of the thing the sentence
/// names ("a 24-month warranty" for "still under warranty").
fn named_evidence_spans(ev: &Evidence, sentence: &str) -> Vec<Span> {
    // Words and codes ("ehs-120": the course whose refresh interval a table row states).
    let token = |c: char| !(c.is_alphanumeric() || c == '-');
    let words: Vec<&str> = sentence
        .split(token)
        .map(|w| w.trim_matches('-'))
        .filter(|w| {
            w.len() >= 5
                && w.starts_with(char::is_alphabetic)
                && !STOPWORDS.contains(w)
                && !COVERAGE_STOP.contains(w)
        })
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let lines = ev
        .lower
        .iter()
        .flat_map(|doc| doc.split(['\n', '.']))
        .take(MAX_NAMED_SPAN_LINES);
    for line in lines {
        let shares = line
            .split(token)
            .any(|w| words.contains(&w.trim_matches('-')));
        if !shares {
            continue;
        }
        for span in stated_spans(line, MAX_NAMED_SPANS) {
            if !out.contains(&span) && out.len() < MAX_NAMED_SPANS {
                out.push(span);
            }
        }
    }
    out
}
