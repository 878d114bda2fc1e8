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
    for c in r.time.captures_iter(text) {
        let m = c.get(0).expect("match");
        // "4h10" of a layover is a duration ([`compact_hm_duration`]): a number of minutes,
        // taken before identifiers, which would read the token as a code.
        if compact_hm_duration(text, m.start(), m.end()) {
            let part = |g: &str| c.name(g).and_then(|x| x.as_str().parse::<f64>().ok());
            if let (Some(h), Some(mi)) = (part("hh"), part("mh")) {
                super::quantities::push_duration(f, m, h * 60.0 + mi, "min");
            }
            continue;
        }
        f.push_match(ItemKind::Time, m);
    }
    // Hours with a one-letter meridiem, as terse messages write them ("2–4p", "10a–12p",
    // "9-11a", "since 8a"): in a range, or after a word that places a time.
    for c in short_range().captures_iter(text) {
        for (h, a) in [("h1", "a1"), ("h2", "a2")] {
            if let Some(hm) = c.name(h) {
                let end = c.name(a).map_or_else(|| hm.end(), |x| x.end());
                let end = c
                    .name(if h == "h1" { "m1" } else { "m2" })
                    .map_or(end, |x| x.end().max(end));
                f.push(ItemKind::Time, cs + hm.start(), cs + end);
            }
        }
    }
    for m in short_hour().find_iter(text) {
        if placed_time(&text[..m.start()]) {
            f.push_match(ItemKind::Time, m);
        }
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

/// Prepositions after which a number is read as a clock time ("at 0915", "since 8a").
const TIME_PREPOSITIONS: &[&str] = &[
    "at", "by", "from", "until", "till", "before", "after", "since", "between",
];

/// A range of clock times whose end carries a one-letter meridiem ("2–4p", "9-11a",
/// "10a–12p", "7:30–9a"); the start takes the end's meridiem when it has none.
pub(in crate::stage2) fn short_range() -> &'static regex::Regex {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?P<h1>1[0-2]|0?[1-9])(?::(?P<m1>[0-5]\d))?(?P<a1>[ap])?\s?[-–]\s?(?P<h2>1[0-2]|0?[1-9])(?::(?P<m2>[0-5]\d))?(?P<a2>[ap])\b",
        )
        .expect("short range")
    })
}

/// A range of clock times whose end alone carries a written meridiem ("2:10–6:10 pm", "9–11
/// a.m."): the start is read by [`range_start_minutes`] as [`short_range`]'s is.
fn meridiem_range() -> &'static regex::Regex {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(
            r"(?i)^(?P<h1>1[0-2]|0?[1-9])(?::(?P<m1>[0-5]\d))?\s?[-–]\s?(?P<h2>1[0-2]|0?[1-9])(?::(?P<m2>[0-5]\d))?\s?(?P<a2>[ap])\.?m\b",
        )
        .expect("meridiem range")
    })
}

/// An hour with a one-letter meridiem ("8a", "3p").
fn short_hour() -> &'static regex::Regex {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| regex::Regex::new(r"(?i)\b(?:1[0-2]|0?[1-9])[ap]\b").expect("short hour"))
}

/// Whether the text before an hour places a time there ("at", "@", "since", "by", "until",
/// "ETA", "~"): "8a" is a time after them, and a code or an amount in pence elsewhere ("Form
/// 2a", "8p a page").
fn placed_time(before: &str) -> bool {
    let b = before.trim_end();
    if b.ends_with(['@', '~', '≈']) {
        return true;
    }
    let w = b
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    TIME_PREPOSITIONS.contains(&w.as_str())
        || matches!(
            w.as_str(),
            "til"
                | "around"
                | "eta"
                | "arrive"
                | "arrives"
                | "arrival"
                | "starts"
                | "ends"
                | "opens"
                | "closes"
                | "open"
                | "close"
        )
}

/// The minutes after midnight of a clock time that starts a range with a meridiem at its end
/// only ("9" of "9-11a", "11" of "11–1p", "2:10" of "2:10–6:10 pm"): the end's meridiem, or the other one when the
/// start would come after the end.
pub(in crate::stage2) fn range_start_minutes(answer: &str, start: usize) -> Option<u32> {
    let rest = answer.get(start..)?;
    let c = short_range()
        .captures(rest)
        .filter(|c| c.get(0).is_some_and(|m| m.start() == 0))
        .or_else(|| meridiem_range().captures(rest))?;
    if c.name("a1").is_some() {
        return None;
    }
    let h1: u32 = c["h1"].parse().ok()?;
    let m1: u32 = c.name("m1").map_or(Some(0), |m| m.as_str().parse().ok())?;
    let h2: u32 = c["h2"].parse().ok()?;
    let pm = c["a2"].eq_ignore_ascii_case("p");
    let clock = |h: u32, pm: bool| (h % 12 + if pm { 12 } else { 0 }) * 60;
    let end = clock(h2, pm) + c.name("m2").map_or(0, |m| m.as_str().parse().unwrap_or(0));
    let same = clock(h1, pm) + m1;
    Some(if same <= end {
        same
    } else {
        clock(h1, !pm) + m1
    })
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

/// Whether hours and minutes written "4h10" at `start..end` of `text` are a duration rather
/// than a clock time ("14h30" is one in French usage): the words around it make it a length of
/// time — after "is", "of", "for", "takes", "about", "~", "only", "just", "so" ("the layover is
/// 4h10", "so 7h15 is billed as 8h"), or before "of", "after", "before", "later", "earlier",
/// "left", "to spare", "is", "was" ("7h15 of storage", "2h10 after you land").
pub(in crate::stage2) fn compact_hm_duration(text: &str, start: usize, end: usize) -> bool {
    let t = &text[start..end];
    let compact =
        t.contains('h') && !t.contains(':') && t.bytes().all(|b| b.is_ascii_digit() || b == b'h');
    if !compact {
        return false;
    }
    let before = text[..start]
        .trim_end()
        .rsplit(|c: char| !(c.is_alphanumeric() || c == '~'))
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let after = text[end..]
        .trim_start()
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        before.as_str(),
        "is" | "of" | "for" | "takes" | "about" | "only" | "just" | "so" | "around" | "roughly"
    ) || text[..start].trim_end().ends_with('~')
        || matches!(
            after.as_str(),
            "of" | "after" | "before" | "later" | "earlier" | "left" | "to" | "is" | "was"
        )
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
        .is_some_and(|w| TIME_PREPOSITIONS.contains(&w.to_lowercase().as_str()));
    (range_after && !glued_before)
        || (range_before && !glued_after)
        || (!glued_before && !glued_after && (hours_after || preposition))
}
