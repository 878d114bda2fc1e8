//! Dates and times: dates as prose and numeric forms write them (with the time inside an ISO
//! date-time), relative days where the run has a day to count from, clock times, and 24-hour
//! times written without a colon where the writing says so ([`hhmm_time`]).

use super::{date_parts, re, Found, ItemKind};

pub(super) fn dates_and_times(f: &mut Found<'_>) {
    let r = re();
    let (text, cs) = (f.text, f.cs);
    for c in r.date_text.captures_iter(text) {
        let m = c.get(0).expect("match");
        if matches!(date_parts(&c), (Some(_), Some(_), _)) || c.name("od").is_some() {
            f.push_match(ItemKind::Date, m);
            // An ISO date-time ("2026-02-09T07:00Z", "2026-02-09T07:00:00+01:00"): the time
            // after the `T` is a time of its own.
            if c.name("iy").is_some() {
                if let Some(t) = text[m.end()..]
                    .strip_prefix('T')
                    .and_then(|rest| r.iso_time.find(rest))
                    .filter(|t| t.start() == 0)
                {
                    let rest = &text[m.end() + 1 + t.end()..];
                    let s = cs + m.end() + 1;
                    f.push(ItemKind::Time, s, s + t.end() + zone_len(rest));
                }
            }
        }
    }
    // Relative days are checkable when the run has a timestamp and the evidence dates.
    if f.ev.run_day.is_some() && !f.ev.dates.is_empty() {
        for m in r.relative_day.find_iter(text) {
            f.push_match(ItemKind::Date, m);
        }
    }
    for m in r.time.find_iter(text) {
        f.push_match(ItemKind::Time, m);
    }
    for m in r.time_hhmm.find_iter(text) {
        // Four digits the evidence writes as they are (a year, a part of a code) stay a number.
        if !f.ev.times.is_empty()
            && hhmm_time(text, m.start(), m.end())
            && f.ev.find_digits(m.as_str()).is_none()
        {
            f.push_match(ItemKind::Time, m);
        }
    }
}

/// The length of the zone designator at the start of `rest`, after an ISO time: "Z", "+01:00",
/// "-0500"; 0 when there is none.
fn zone_len(rest: &str) -> usize {
    if rest.starts_with('Z') {
        return 1;
    }
    let b = rest.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    match b.first() {
        Some(b'+' | b'-') if digits(1..3) && b.get(3) == Some(&b':') && digits(4..6) => 6,
        Some(b'+' | b'-') if digits(1..5) => 5,
        _ => 0,
    }
}

/// Whether the four digits at `start..end` of `text` are a 24-hour time written without a colon
/// ("at 0915", "0800–1200", "1430 hrs"): standing alone (no part of a code: "DK-SH-0426"), in a
/// range of two such numbers, after a temporal preposition or before "hrs". Elsewhere "1200" is a
/// quantity, "0848" the end of a card number and "1638" a year.
fn hhmm_time(text: &str, start: usize, end: usize) -> bool {
    let four = |s: &str| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit());
    let after = text[end..].trim_start_matches(' ');
    let before = text[..start].trim_end_matches(' ');
    let glued_before = text[..start]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '/' | '#' | '.' | ','));
    let glued_after = text[end..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '/'));
    let range_after = after
        .strip_prefix(['–', '-', '—'])
        .map(|a| a.trim_start_matches(' '))
        .is_some_and(|a| {
            a.get(..4).is_some_and(four) && !a[4..].starts_with(|c: char| c.is_ascii_digit())
        });
    let range_before = before
        .strip_suffix(['–', '-', '—'])
        .map(|b| b.trim_end_matches(' '))
        .is_some_and(|b| {
            b.len() >= 4 && b.is_char_boundary(b.len() - 4) && four(&b[b.len() - 4..])
        });
    let hours_after = after
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "hrs" | "hours" | "h"));
    let preposition = before
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .is_some_and(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "at" | "by" | "from" | "until" | "till" | "before" | "after" | "since" | "between"
            )
        });
    (range_after && !glued_before)
        || (range_before && !glued_after)
        || (!glued_before && !glued_after && (hours_after || preposition))
}
