//! Periods: a rate restated per another period ("$765.20/yr ≈ $64/mo"), the ordinal of a
//! period ("the 3rd week"), the period a phrase names.

use super::*;

/// The period a rate is stated per, in days (month and year by their calendar factors), from
/// the text right after its number: "/mo", "a month", "per year", "monthly", "/wk", "a day".
pub(in crate::stage2) fn period_after(rest: &str) -> Option<f64> {
    let r = rest.trim_start().to_ascii_lowercase();
    let r = r
        .strip_prefix('/')
        .or_else(|| r.strip_prefix("per "))
        .or_else(|| r.strip_prefix("a "))
        .or_else(|| r.strip_prefix("an "))
        .or_else(|| r.strip_prefix("each "))
        .unwrap_or(&r);
    let word: String = r
        .chars()
        .take_while(|ch| ch.is_ascii_alphabetic())
        .collect();
    match word.as_str() {
        "day" | "daily" | "d" => Some(1.0),
        "week" | "weekly" | "wk" => Some(7.0),
        "month" | "monthly" | "mo" | "mth" => Some(365.0 / 12.0),
        "year" | "yearly" | "annually" | "annual" | "yr" | "annum" => Some(365.0),
        _ => None,
    }
}

/// A rate the answer restates per another period ("$765.20/yr, approx. $64/mo", "$12 a week
/// ($624 a year)"): the same amount of another of the answer's numbers, of the same currency
/// and stated per another period, converted by the calendar's factors (12 months, 52 weeks or
/// 365 days a year; 7 days a week; 30 days or 4 weeks a month besides the exact ratios). The
/// other number is checked on its own.
pub(in crate::stage2) fn period_restated(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    let Some(own) = period_after(&answer[item.end..]) else {
        return false;
    };
    facts
        .numbers
        .iter()
        .filter(|n| !n.date_part && !n.code && n.start != item.start && n.currency == c.currency)
        .take(MAX_ANSWER_OPERANDS * 4)
        .any(|n| {
            let tail = &answer[n.start..];
            let skip = tail
                .find(|ch: char| !(ch.is_ascii_digit() || "$€£¥,.".contains(ch)))
                .unwrap_or(tail.len());
            let Some(other) = period_after(&tail[skip..]) else {
                return false;
            };
            if (other - own).abs() < 1e-9 {
                return false;
            }
            let month = 365.0 / 12.0;
            let mut ratios = vec![own / other];
            // Calendar shorthands: a month of 30 days or 4 weeks, a year of 52 weeks.
            let pair = |a: f64, b: f64| (own - a).abs() < 1e-9 && (other - b).abs() < 1e-9;
            if pair(month, 1.0) {
                ratios.push(30.0);
            } else if pair(1.0, month) {
                ratios.push(1.0 / 30.0);
            } else if pair(month, 7.0) {
                ratios.push(4.0);
            } else if pair(7.0, month) {
                ratios.push(0.25);
            } else if pair(365.0, 7.0) {
                ratios.push(52.0);
            } else if pair(7.0, 365.0) {
                ratios.push(1.0 / 52.0);
            }
            ratios.into_iter().any(|r| matches_value(c, n.value * r))
        })
}

/// An ordinal week or day of a period that starts on an evidence date ("Monday, October 5
/// (week 7 of the term)" for a term starting August 24; "day 3 of your trip"): the claim's
/// sentence names the date, the evidence the start, at most a year before it.
pub(in crate::stage2) fn ordinal_of_period(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
) -> bool {
    let before = answer[..item.start].trim_end().to_ascii_lowercase();
    let step = if before.ends_with("week") {
        7
    } else if before.ends_with("day") {
        1
    } else {
        return false;
    };
    let n = c.value * c.magnitude;
    if c.decimals != 0 || n.fract() != 0.0 || !(1.0..=366.0).contains(&n) {
        return false;
    }
    let Some(default_year) = ev.dates.iter().find_map(|d| d.2) else {
        return false;
    };
    let sentence = super::super::states::sentence_around(answer, item.start, item.end);
    re().date_text.captures_iter(&sentence).take(8).any(|caps| {
        let (Some(m), Some(d), y) = date_parts(&caps) else {
            return false;
        };
        let y = y
            .or_else(|| {
                ev.dates
                    .iter()
                    .find(|x| x.0 == m && x.1 == d)
                    .and_then(|x| x.2)
            })
            .unwrap_or(default_year);
        let day = calc::days_from_civil(y, m, d);
        ev.dates.iter().any(|x| {
            let Some(sy) = x.2 else { return false };
            let start = calc::days_from_civil(sy, x.0, x.1);
            (0..=366).contains(&(day - start)) && (day - start) / step + 1 == n as i64
        })
    })
}
