//! Date and clock-time arithmetic the answer writes out, checked on its own terms
//! ([`working_conflict`]): "March 27, 2026 + 9 days = April 2, 2026", "60 days after November
//! 21, 2025 is November 21, 2025", "Left @ 7:40p + ~40 mins → ETA ~7:40p". Whatever the
//! evidence says, a working whose result its own operands do not give is wrong somewhere.
//!
//! Two forms: `<date> + <n> <unit> (= | → | is) <date>` and `<n> <unit> (after | before |
//! from) [a few words] <date> (is | was | = | →) <date>`; units days (calendar, business or
//! working days), weeks, months and years; for clock times `<time> + <n> (min | h) (= | →)
//! <time>`. Conventions people follow are allowed: a day either way for days, months and
//! years (counting the first day or not, a month's end), holidays after business days (up to
//! four days later), five minutes either way where the working says "~" or "approx." A date
//! without a year takes the other's, or the run's; business days need a year (the weekdays).

use super::calc;
use super::{date_parts, re, time_minutes};
use crate::stage2::items::civil_from_days;
use crate::stage2::numbers::number_word;
use regex::Regex;
use std::sync::OnceLock;

struct Patterns {
    /// After a date or time: "+ 9 days =", "plus 60 days is", "+ ~40 mins →".
    plus: Regex,
    /// Before a date: "60 days after", "three (3) business days after the notice of".
    after: Regex,
    /// Between the two dates of the second form: "is", "was", "=", "→".
    result: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| Patterns {
        plus: Regex::new(
            r"(?i)^\s*\)?\s*(?:\+|plus)\s*(?P<approx>~|≈|approx\.?\s*|about\s+)?(?P<n>\d{1,4})\s*(?P<cal>calendar\s+|business\s+|working\s+|biz\s+)?(?P<u>days?|d|weeks?|wks?|months?|mos?|years?|yrs?|minutes|mins?|m|hours|hrs?|h)\b\.?\s*(?:=|→|->|is|comes to|gives|lands on)\s*(?:ETA\s*|due\s*)?(?P<approx2>~|≈|approx\.?\s*|about\s+)?$",
        )
        .expect("regex"),
        after: Regex::new(
            r"(?i)\b(?P<n>\d{1,3}|[a-z]+(?:-[a-z]+)?)(?:\s*\(\d{1,3}\))?\s+(?P<cal>calendar\s+|business\s+|working\s+)?(?P<u>days?|weeks?|months?|years?)\s+(?P<dir>after|before|from|following)\s+(?:(?:the|a|an|your|its|their|our)\s+)?(?:[a-z]+\s+){0,2}(?:of\s+)?(?:(?:the|a|an|your|its|their|our)\s+)?$",
        )
        .expect("regex"),
        result: Regex::new(
            r"(?i)^\s*,?\s*(?:is|was|will be|would be|=|→|->|falls on|comes to|lands on)\s*$",
        )
        .expect("regex"),
    })
}

/// A date of the claim: byte range and (year, month, day) with the year if written.
struct Stated {
    start: usize,
    end: usize,
    year: Option<i32>,
    mon: u32,
    day: u32,
}

/// The dates of `text` with a month and a day.
fn dates(text: &str) -> Vec<Stated> {
    re().date_text
        .captures_iter(text)
        .take(32)
        .filter_map(|c| {
            let m = c.get(0)?;
            let (mon, day, year) = date_parts(&c);
            Some(Stated {
                start: m.start(),
                end: m.end(),
                year,
                mon: mon?,
                day: day?,
            })
        })
        .collect()
}

/// The number of a working: digits or a number word ("sixty", "three").
fn count(n: &str) -> Option<i64> {
    n.parse::<i64>()
        .ok()
        .or_else(|| number_word(&n.to_ascii_lowercase()).map(i64::from))
}

/// Whether a unit of a working (lower case) is one of dates: days, weeks, months, years — not
/// minutes ("m", "min") or hours.
fn is_date_unit(u: &str) -> bool {
    u == "d"
        || u.starts_with("day")
        || u.starts_with("week")
        || u.starts_with("wk")
        || u.starts_with("mo")
        || u.starts_with("year")
        || u.starts_with("yr")
}

/// Whether `to` is `n` `unit`s after (`sign` 1) or before (−1) `from`, within the conventions
/// of the module doc. A date without a year may be in any year next to the other's (or the
/// run's): it holds when it holds in one of them. `None` when it cannot be told (business days
/// and no year anywhere).
fn date_holds(
    from: &Stated,
    to: &Stated,
    n: i64,
    unit: &str,
    business: bool,
    sign: i64,
    run_year: Option<i32>,
) -> Option<bool> {
    let base = to.year.or(run_year);
    if business && from.year.is_none() && base.is_none() {
        return None;
    }
    let base = base.unwrap_or(2025);
    let years: Vec<i32> = match from.year {
        Some(y) => vec![y],
        None => vec![base - 1, base, base + 1],
    };
    let unit = unit.to_ascii_lowercase();
    let unit = unit.trim_end_matches('.').trim_end_matches('s');
    let holds_from = |y1: i32| -> Option<bool> {
        let start = calc::days_from_civil(y1, from.mon, from.day);
        // The result a year-less `to` names: its day nearest to `day`.
        let end_near = |day: i64| -> i64 {
            match to.year {
                Some(y) => calc::days_from_civil(y, to.mon, to.day),
                None => {
                    let y = civil_from_days(day).0;
                    (y - 1..=y + 1)
                        .map(|y| calc::days_from_civil(y, to.mon, to.day))
                        .min_by_key(|d| (d - day).abs())
                        .unwrap_or(day)
                }
            }
        };
        let expected = match unit {
            "day" | "d" if business => {
                let mut d = start;
                let mut left = n.min(3660);
                while left > 0 {
                    d += sign;
                    if (1..=5).contains(&calc::weekday_of(d)) {
                        left -= 1;
                    }
                }
                // Holidays push the result further on.
                let later = sign * (end_near(d) - d);
                return Some((0..=4).contains(&later));
            }
            "day" | "d" => start + sign * n,
            "week" | "wk" => start + sign * 7 * n,
            "month" | "mo" | "year" | "yr" => {
                let months = if unit.starts_with('m') { n } else { 12 * n };
                let total = i64::from(y1) * 12 + i64::from(from.mon) - 1 + sign * months;
                let (ny, nm) = (total.div_euclid(12) as i32, total.rem_euclid(12) as u32 + 1);
                // Clamped to the month's end.
                let mut day = from.day;
                while day > 28 && civil_from_days(calc::days_from_civil(ny, nm, day)).2 != day {
                    day -= 1;
                }
                calc::days_from_civil(ny, nm, day)
            }
            _ => return None,
        };
        Some((end_near(expected) - expected).abs() <= 1)
    };
    let mut told = None;
    for y in years {
        match holds_from(y) {
            Some(true) => return Some(true),
            Some(false) => told = Some(false),
            None => {}
        }
    }
    told
}

/// A written-out date or time working of the claim `answer[cs..ce]` whose result its operands
/// do not give: the byte range of the working and the reason.
pub(in crate::stage2) fn working_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
    run_year: Option<i32>,
) -> Option<(usize, usize, &'static str)> {
    let text = &answer[cs..ce];
    let p = patterns();
    let stated = dates(text);
    for pair in stated.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let between = &text[a.end..b.start];
        // "<date> + 9 days = <date>"
        if let Some(c) = p.plus.captures(between) {
            let unit = c["u"].to_ascii_lowercase();
            if is_date_unit(&unit) {
                let Some(n) = count(&c["n"]) else { continue };
                let business = c.name("cal").is_some_and(|m| {
                    let w = m.as_str().trim().to_ascii_lowercase();
                    w != "calendar"
                });
                if date_holds(a, b, n, &unit, business, 1, run_year) == Some(false) {
                    return Some((
                        cs + a.start,
                        cs + b.end,
                        "date arithmetic written out does not hold",
                    ));
                }
            }
        }
        // "60 days after <date> is <date>"
        if p.result.is_match(between) {
            let head = &text[..a.start];
            if let Some(c) = p.after.captures(head) {
                let Some(n) = count(&c["n"]) else { continue };
                let business = c.name("cal").is_some_and(|m| {
                    let w = m.as_str().trim().to_ascii_lowercase();
                    w != "calendar"
                });
                let sign = if c["dir"].eq_ignore_ascii_case("before") {
                    -1
                } else {
                    1
                };
                if date_holds(a, b, n, &c["u"], business, sign, run_year) == Some(false) {
                    return Some((
                        cs + c.get(0).map_or(a.start, |m| m.start()),
                        cs + b.end,
                        "date arithmetic written out does not hold",
                    ));
                }
            }
        }
    }
    // "<time> + ~40 mins → <time>"
    let times: Vec<(usize, usize, u32)> = re()
        .time
        .captures_iter(text)
        .take(32)
        .filter_map(|c| {
            let m = c.get(0)?;
            Some((m.start(), m.end(), time_minutes(&c)?))
        })
        .collect();
    for pair in times.windows(2) {
        let ((s1, e1, t1), (_, e2, t2)) = (pair[0], pair[1]);
        let between = &text[e1..pair[1].0];
        let Some(c) = p.plus.captures(between) else {
            continue;
        };
        let unit = c["u"].to_ascii_lowercase();
        let per = if unit.starts_with('h') {
            60
        } else if unit.starts_with("mi") || unit == "m" {
            1
        } else {
            continue;
        };
        let Some(n) = count(&c["n"]) else { continue };
        let expected = (i64::from(t1) + n * per).rem_euclid(1440);
        let approx = c.name("approx").is_some() || c.name("approx2").is_some();
        let off = (i64::from(t2) - expected).rem_euclid(1440);
        let off = off.min(1440 - off);
        if off > if approx { 5 } else { 0 } {
            return Some((
                cs + s1,
                cs + e2,
                "time arithmetic written out does not hold",
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::working_conflict;

    fn wrong(text: &str) -> bool {
        working_conflict(text, 0, text.len(), Some(2026)).is_some()
    }

    #[test]
    fn a_date_working_must_give_its_result() {
        assert!(!wrong("Loan: March 27, 2026 + 6 days = April 2, 2026."));
        assert!(wrong("Loan: March 27, 2026 + 9 days = April 2, 2026."));
        assert!(!wrong("2026-04-09 plus 60 days is 2026-06-08."));
        assert!(!wrong(
            "60 days after November 21, 2025 is January 20, and that day has passed."
        ));
        assert!(wrong(
            "60 days after November 21, 2025 is November 21, 2025, and that day has passed."
        ));
        assert!(!wrong(
            "thirty (30) days after the notice of the 2nd of February 2026 is the 4th of March 2026"
        ));
        assert!(!wrong("Sun 9 Apr 2023 + 48 months → Sun 9 Apr 2027."));
        // A result without a year is in the year the working reaches.
        assert!(!wrong(
            "completed Fri 7 Feb 2025 + 12 months → Sat 7 Feb, i.e. before today"
        ));
        assert!(wrong(
            "completed Fri 7 Feb 2025 + 12 months → Sat 7 Mar, i.e. before today"
        ));
        assert!(!wrong(
            "Feb 12 + 30 days = March 14, so it is 16 days late."
        ));
        // Business days skip the weekend (Friday 2026-03-06 + 1 = Monday 2026-03-09).
        assert!(!wrong(
            "one (1) business day after the 6th of March 2026 is the 9th of March 2026"
        ));
        assert!(wrong(
            "three (3) business days after May 1, 2026 is May 1, 2026."
        ));
        // Not a working: two dates with a plain "is" between and no offset before.
        assert!(!wrong("The deadline of March 3 is March 5 now."));
    }

    #[test]
    fn a_time_working_must_give_its_result() {
        assert!(!wrong("Left @ 7:40p + ~40 mins → ETA ~8:20p"));
        assert!(wrong("Left @ 7:40p + ~40 mins → ETA ~7:40p"));
        assert!(!wrong("(13:15 + 18 hours = 07:15 the next day)"));
        assert!(wrong("(13:15 + 18 hours = 09:15 the next day)"));
        assert!(!wrong("ETA 9:10a + 25 mins → ~9:35a (window 9–11a)"));
    }
}
