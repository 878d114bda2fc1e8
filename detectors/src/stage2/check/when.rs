//! Times and dates against the evidence: held, inside a written window, a worked example's
//! own, or computed from what the sentence states.

use super::Outcome;
use crate::stage2::dates;
use crate::stage2::evidence::Evidence;
use crate::stage2::items::{
    civil_from_days, date_parts, item_time_minutes, re, relative_day_offset, time_minutes, Item,
};
use crate::stage2::score::DeterministicScorer;

impl DeterministicScorer {
    /// Check a time of day.
    pub(super) fn check_time(&self, ev: &Evidence, answer: &str, item: &Item) -> Outcome {
        let no = Outcome::neither();
        // The start of a range whose end carries the meridiem ("1:30–3p" is 1:30 p.m.) first.
        let Some(mins) = crate::stage2::items::range_start_minutes(answer, item.start)
            .or_else(|| item_time_minutes(&item.text))
        else {
            return no;
        };
        // A worked example's premise ("if you learn of an event at 9:00 on a Monday,")
        // states its own time; the same time in what it yields ("due by 9:00 Tuesday")
        // is the premise's.
        if let Some((ps, pe)) = crate::stage2::premises::example_premise(answer, item.start) {
            let in_premise = ps <= item.start && item.end <= pe;
            let premise_time = re()
                .time
                .captures_iter(&answer[ps..pe])
                .any(|t| time_minutes(&t) == Some(mins));
            if in_premise || premise_time {
                return Outcome::supported(None);
            }
        }
        if let Some(&(_, d, s, e)) = ev.times.iter().find(|t| t.0 == mins) {
            return Outcome::supported(Some((d, s, e)));
        }
        // A time inside a window the evidence writes out ("at 6 PM" in a 4–9 PM peak
        // window; an overnight window wraps past midnight).
        let inside = |&&(from, to, ..): &&(u32, u32, usize, usize, usize)| {
            if from < to {
                from < mins && mins < to
            } else {
                mins > from || mins < to
            }
        };
        if let Some(&(_, _, d, s, e)) = ev.time_ranges.iter().find(inside) {
            return Outcome::supported(Some((d, s, e)));
        }
        // A time the sentence computes from a time it states before it, by a duration
        // the evidence writes out ("for a class at 6:00 PM, … cancel by 6:00 AM" under
        // "less than 12 hours before the class starts").
        let start = crate::stage2::states::whole_sentence_start(answer, item.start);
        let computed = re()
            .time
            .captures_iter(&answer[start..item.start])
            .filter_map(|t| time_minutes(&t))
            .any(|t| {
                ev.written_durations().iter().any(|&d| {
                    let d = d % 1440;
                    (t + d) % 1440 == mins || (t + 1440 - d) % 1440 == mins
                })
            });
        if computed {
            return Outcome::supported(None);
        }
        // A time the evidence's rule places after a time of the evidence ("re-entry 6 hours
        // after application" and a spray applied at 9:55 → "back out after 3:55 PM"): a time
        // of the evidence plus a duration the evidence writes, after a word that places it
        // ("after", "from", "until", "by", "at").
        let placed = answer[start..item.start]
            .trim_end()
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .is_some_and(|w| {
                matches!(
                    w.to_ascii_lowercase().as_str(),
                    "after" | "from" | "until" | "till" | "by" | "since"
                )
            });
        if placed {
            let later = ev.times.iter().take(MAX_BASE_TIMES).any(|t| {
                ev.written_durations()
                    .iter()
                    .any(|&d| (t.0 + d % 1440) % 1440 == mins)
            });
            if later {
                return Outcome::supported(None);
            }
        }
        // A time the sentence places a duration it states before or after a time the answer
        // stated earlier ("It starts at 10:30 AM. Please arrive 15 minutes early, at 10:15
        // AM."): that time less or plus the duration. Only right after the duration and its
        // relation word, so no duration of another clause is applied.
        if let Some(offset) = stated_offset(&answer[start..item.start]) {
            let placed = re()
                .time
                .captures_iter(&answer[..item.start])
                .filter_map(|t| time_minutes(&t))
                .any(|t| (t as i64 + offset).rem_euclid(1440) == i64::from(mins));
            if placed {
                return Outcome::supported(None);
            }
        }
        // A time the answer works out from a time it or the evidence states and a duration its
        // sentence states before it, then a word of consequence ("It takes an hour and a
        // half, so you should be done by 3:15 p.m."; "4 hours → 1:55 PM" from a spray applied
        // at 9:55): that time plus the duration.
        if let Some(d) = worked_duration(&answer[start..item.start]) {
            let worked = re()
                .time
                .captures_iter(&answer[..item.start])
                .filter_map(|t| time_minutes(&t))
                .chain(ev.times.iter().map(|t| t.0))
                .take(MAX_BASE_TIMES)
                .any(|t| (t + d) % 1440 == mins);
            if worked {
                return Outcome::supported(None);
            }
        }
        // A clock the answer runs, a time its parenthesis places, a time in another zone.
        if super::clock::running_clock(ev, answer, item, mins)
            || super::clock::placed_by_parenthesis(ev, answer, item, mins)
            || super::clock::other_zone(ev, answer, item, mins)
        {
            return Outcome::supported(None);
        }
        Outcome {
            supported: false,
            contradicted: !ev.times.is_empty(),
            citation: None,
        }
    }
}

/// Most times a worked time is searched from ([`worked_duration`]).
const MAX_BASE_TIMES: usize = 32;

/// The duration the text before a time states and then concludes from: the last duration of
/// [`stated_durations`], followed by "so", "→", "=", "done", "finish" or "end" and no
/// semicolon ("Parking opens 15 minutes early; the desk opens at 7:45 AM" works nothing out).
fn worked_duration(before: &str) -> Option<u32> {
    static LAST: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let consequence = LAST.get_or_init(|| {
        regex::Regex::new(r"(?i)\bso\b|→|->|=|\bdone\b|\bfinish|\bends?\b|\bleave by\b|\bout by\b")
            .expect("consequence")
    });
    let (at, d) = stated_durations(before).into_iter().last()?;
    let rest = &before[at..];
    (consequence.is_match(rest) && !rest.contains(';')).then_some(d)
}

/// Durations of a few hours or minutes the text states, with the offset where each ends, in
/// minutes: "4 hours", "2 hrs", "30 minutes", "90 min", "1h 45m", "an hour and a half", "two
/// and a half hours", "half an hour". At most four.
fn stated_durations(text: &str) -> Vec<(usize, u32)> {
    static DURATION: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = DURATION.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?:(?P<half>half an hour)|(?P<hm>\d{1,2})\s?h\s?(?P<mm>\d{1,2})\s?m(?:in)?\b|(?P<n>\d{1,3}(?:\.5)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?P<and>\s+and\s+a\s+half)?[\s-]?(?P<u>hours?|hrs?|h|minutes?|mins?)\b(?P<after>\s+and\s+a\s+half)?)",
        )
        .expect("duration regex")
    });
    let words = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    re.captures_iter(text)
        .filter_map(|c| {
            let end = c.get(0)?.end();
            if c.name("half").is_some() {
                return Some((end, 30));
            }
            if let (Some(h), Some(m)) = (c.name("hm"), c.name("mm")) {
                let d = h.as_str().parse::<u32>().ok()? * 60 + m.as_str().parse::<u32>().ok()?;
                return Some((end, d));
            }
            let n = c.name("n")?.as_str().to_ascii_lowercase();
            let n: f64 = match n.as_str() {
                "a" | "an" => 1.0,
                w => match words.iter().position(|x| *x == w) {
                    Some(p) => p as f64 + 1.0,
                    None => w.parse().ok()?,
                },
            };
            let half = c.name("and").is_some() || c.name("after").is_some();
            let n = n + if half { 0.5 } else { 0.0 };
            let unit = c.name("u")?.as_str().to_ascii_lowercase();
            let minutes = if unit.starts_with('h') { n * 60.0 } else { n };
            (minutes.fract() == 0.0 && minutes > 0.0 && minutes <= 24.0 * 60.0)
                .then_some((end, minutes as u32))
        })
        .take(4)
        .collect()
}

/// The offset in minutes a text ending right before a time states ("15 minutes early, at",
/// "an hour before —", "30 mins later, at"): negative before, positive after.
fn stated_offset(before: &str) -> Option<i64> {
    static OFFSET: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = OFFSET.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?P<n>\d{1,3}|an?)\s*(?P<u>minutes?|mins?|hours?|hrs?)\s+(?P<rel>early|earlier|before|ahead|prior|later|after)\b[\s,:(—–-]*(?:at|by|around|for)?\s*$",
        )
        .expect("offset regex")
    });
    let c = re.captures(before)?;
    let n: i64 = match &c["n"] {
        "a" | "an" | "A" | "An" => 1,
        n => n.parse().ok()?,
    };
    let per = if c["u"].to_ascii_lowercase().starts_with('h') {
        60
    } else {
        1
    };
    let sign = match c["rel"].to_ascii_lowercase().as_str() {
        "later" | "after" => 1,
        _ => -1,
    };
    Some(sign * n * per)
}

/// A date the answer computes in another sentence and restates here ("twenty-four (24) months
/// after January 10, 2025 is January 10, 2027. … schedule the next audit well before January
/// 10, 2027"): the same day, written anywhere else in the answer, is a date computed from the
/// evidence there. Only as a bound ("before", "by", "until", "after"): a deadline computed once
/// and restated, not a date of another event that happens to fall on it ("Visit — June 24"
/// beside "June 19 + 3 business days = June 24"). At most 16 other dates are looked at.
fn computed_elsewhere(
    ev: &Evidence,
    answer: &str,
    item: &Item,
    mon: u32,
    day: u32,
    year: Option<i32>,
) -> bool {
    let before = answer[..item.start].trim_end().to_ascii_lowercase();
    let before = before.strip_suffix(" the").unwrap_or(&before);
    let bound = ["before", "by", "until", "till", "after", "no later than"]
        .iter()
        .any(|w| {
            before
                .strip_suffix(w)
                .is_some_and(|r| r.is_empty() || r.ends_with([' ', '(']))
        });
    bound
        && re()
            .date_text
            .captures_iter(answer)
            .take(16)
            .filter_map(|caps| {
                let m = caps.get(0)?;
                let (om, od, oy) = date_parts(&caps);
                let same = om == Some(mon) && od == Some(day) && (year.is_none() || oy == year);
                let elsewhere = m.end() <= item.start || m.start() >= item.end;
                let sentence = |at: usize| super::super::states::whole_sentence_start(answer, at);
                (same && elsewhere && sentence(m.start()) != sentence(item.start)).then(|| Item {
                    kind: item.kind,
                    start: m.start(),
                    end: m.end(),
                    text: m.as_str().to_owned(),
                })
            })
            .any(|other| dates::computed_date(ev, answer, &other, mon, day, year))
}

impl DeterministicScorer {
    /// Check a date.
    pub(super) fn check_date(&self, ev: &Evidence, answer: &str, item: &Item) -> Outcome {
        let no = Outcome::neither();
        // "$46.33 less than today": the day after a comparative is what the value is
        // compared with (the present state), not a date the answer reports.
        let compared = answer[..item.start]
            .trim_end()
            .rsplit(|ch: char| !ch.is_alphabetic())
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("than"));
        if compared && relative_day_offset(&item.text).is_some() {
            return Outcome::supported(None);
        }
        if let (Some(off), Some(day0)) = (relative_day_offset(&item.text), ev.run_day) {
            // "arrives tomorrow": the evidence must hold that calendar day (UTC).
            let (y, mo, d) = civil_from_days(day0 + off);
            if let Some(&(_, _, _, di, s, e)) = ev
                .dates
                .iter()
                .find(|x| x.0 == mo && x.1 == d && (x.2.is_none() || x.2 == Some(y)))
            {
                return Outcome::supported(Some((di, s, e)));
            }
            return Outcome::contradicted();
        }
        let Some(caps) = re().date_text.captures(&item.text) else {
            return no;
        };
        let (mon, day, year) = date_parts(&caps);
        if let (Some(wd), Some(day)) = (caps.name("odw"), day) {
            return dates::day_of_month(ev, wd.as_str(), day);
        }
        let (mon, day) = (mon.unwrap_or(0), day.unwrap_or(0));
        if dates::date_of_another_field(ev, answer, item, mon, day, year)
            || dates::relation_to_the_other_date(answer, item, mon, day) == Some(false)
        {
            return Outcome::contradicted();
        }
        let held = |mon: u32, day: u32| {
            ev.dates.iter().find(|x| {
                x.0 == mon && x.1 == day && (year.is_none() || x.2.is_none() || x.2 == year)
            })
        };
        if let Some(&(_, _, _, d, s, e)) = held(mon, day) {
            return Outcome::supported(Some((d, s, e)));
        }
        // "04/05/2026", "Tue (4/5)": 5 April as one writer means it, 4 May as another.
        let slashed = ["sm", "wm", "pm", "fm"]
            .iter()
            .any(|g| caps.name(g).is_some());
        if slashed && mon <= 12 && day <= 12 {
            if let Some(&(_, _, _, d, s, e)) = held(day, mon) {
                return Outcome::supported(Some((d, s, e)));
            }
        }
        let computed = dates::computed_date(ev, answer, item, mon, day, year)
            || computed_elsewhere(ev, answer, item, mon, day, year)
            || super::clock::dated_instant(ev, answer, item, mon, day);
        if computed
            || dates::weekly_recurrence(ev, answer, item, mon, day, year)
            || dates::day_of_following_month(ev, answer, item, mon, day)
        {
            return Outcome::supported(None);
        }
        Outcome {
            supported: false,
            contradicted: !ev.dates.is_empty(),
            citation: None,
        }
    }
}
