//! Dates and periods of a claim beyond their literal match ([`super::check`]): a month's or a
//! season's name, spans of days a sentence states, a date copied from another field of the
//! evidence, and a date stated relative to another date of the answer.

use super::calc;
use super::coverage::STOPWORDS;
use super::evidence::Evidence;
use super::items::{date_parts, re, Item};
use super::states::sentence_around;
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

/// A date copied from another field than the one the claim names ("Drop without a W: by
/// Monday, November 2" where `drop_deadline` is 2026-10-05 and `withdraw_deadline`
/// 2026-11-02): the claim's sentence names date fields (every word of the field's name that
/// is not a when-word, [`DATE_FIELD_WORDS`], is in it), none of them holds the date, another
/// field does. Only a sentence with one date: with two, which field each states is open.
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
    let raw = sentence_around(answer, item.start, item.end);
    if re().date_text.find_iter(&raw).take(2).count() != 1 {
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
    normalize_terms(key)
        .split(' ')
        .filter(|w| !w.is_empty() && !DATE_FIELD_WORDS.contains(w) && !STOPWORDS.contains(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The month a whole name denotes ("May", "February's"), if it is one.
pub(super) fn month_name(text: &str) -> Option<u32> {
    let w = text
        .trim_end_matches(['.', ',', ')'])
        .trim_end_matches("'s")
        .trim_end_matches("’s");
    let full = [
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
    let w = w.to_ascii_lowercase();
    // The full name, or its first three letters ("Dec 2025"; "Sept" too).
    full.iter()
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

/// Words after a count of days that measure it from today ("16 days ago", "6 days away",
/// "15 days from now", "9 days left").
const FROM_TODAY: &[&str] = &["ago", "away", "from now", "left", "remaining", "to go"];

/// A count of days or weeks measured from a date the answer states just before it ("last
/// activity March 7th (16 days ago)", "by Tue 17 Feb — 9 days left"): `Some(true)` when the
/// run's day or the evidence's reference day (a date field that says no more than when:
/// `as_of`, `today`, `date`) lies that far from the date, `Some(false)` when none does, `None` when the number is
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
    if !FROM_TODAY.iter().any(|w| after.starts_with(w)) {
        return None;
    }
    // The nearest date before it, in the same sentence, at most 48 bytes away.
    let mut from = item.start.saturating_sub(48);
    while !answer.is_char_boundary(from) {
        from += 1;
    }
    let before = &answer[from..item.start];
    let sentence_start = before.rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
    let caps = re()
        .date_text
        .captures_iter(&before[sentence_start..])
        .last()?;
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
    if refs.is_empty() {
        return None;
    }
    let year = year
        .or_else(|| {
            ev.dates
                .iter()
                .find(|x| x.0 == mon && x.1 == day)
                .and_then(|x| x.2)
        })
        .or_else(|| ev.run_day.map(|d| super::items::civil_from_days(d).0))?;
    let date = calc::days_from_civil(year, mon, day);
    Some(refs.iter().any(|r| {
        let span = (r - date).abs();
        if per == 1 {
            span as f64 == value
        } else {
            ((span as f64 / 7.0) - value).abs() < 0.5
        }
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
    const DAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
    let wd = DAYS
        .iter()
        .position(|d| word.starts_with(d) && (word.len() <= 4 || word.ends_with("day")))?;
    Some((day, wd as i64))
}

/// Spans of days a sentence states ("60 days", "a 30-day notice", "2 weeks", "24 hours"
/// when they make whole days), in days; at most four.
pub(super) fn stated_spans_in_days(sentence: &str) -> Vec<i64> {
    let words: Vec<&str> = sentence
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for w in words.windows(2) {
        let Ok(n) = w[0].trim_start_matches('(').parse::<i64>() else {
            continue;
        };
        let unit = w[1].to_ascii_lowercase();
        let days = if unit.starts_with("day") {
            n
        } else if unit.starts_with("week") {
            n * 7
        } else if unit.starts_with("hour") && n % 24 == 0 {
            // "24 hours before doors" is the day before.
            n / 24
        } else {
            continue;
        };
        if (1..=730).contains(&days) && out.len() < 4 {
            out.push(days);
        }
    }
    out
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
        // A status beside a date is no label of it.
        assert!(ok("Your refund was posted; the charge was on March 3."));
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
        // A count not measured from today is left to the other checks.
        assert!(ok(
            "Amaka Obi applied on March 1st and was active 16 days later."
        ));
    }
}
