//! Times an answer works out as a clock runs: a time reached from an earlier time of the answer
//! by the durations it states between them (an itinerary: "leaving at 10 am: … 7 min drive,
//! there at 10:07 am; … about 20 min there. … 14 min drive, there at 10:41 am"), a time placed
//! by the duration in parentheses after it ("until 06:45 (4 h before drop-off)"), and a time
//! restated in another time zone ("15:50 local time (23:50 your time)") by the difference of two
//! UTC offsets the evidence states, and the date of such a time ([`dated_instant`]).

use crate::stage2::evidence::Evidence;
use crate::stage2::items::{civil_from_days, re, time_minutes, Item};

/// Earlier times of the answer a running clock is read from.
const MAX_EARLIER: usize = 8;
/// Durations read from one stretch of text.
const MAX_STEPS: usize = 32;
/// Durations of the evidence one of which may be added (a leg the answer does not state).
const MAX_EVIDENCE_STEPS: usize = 24;

/// Durations the text states, in minutes, in order: "7 min", "about 20 min", "1 h 4 min",
/// "1 hour 22 minutes" (one duration), "2 hours", "4h10" (hours and minutes), at most
/// [`MAX_STEPS`].
fn durations(text: &str) -> Vec<u32> {
    static DURATION: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = DURATION.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?:(?P<ch>\d{1,2})\s?(?:hours?|hrs?)\s*(?:and\s+)?(?P<cm>[0-5]?\d)\s?(?:minutes?|mins?)|(?P<hm>\d{1,2})\s?h\s?(?P<mm>[0-5]?\d)(?:\s?m(?:ins?|inutes?)?)?|(?P<n>\d{1,3})[\s-]?(?P<u>hours?|hrs?|h|minutes?|mins?)|(?P<half>half an hour)|(?P<an>an) hour)\b",
        )
        .expect("duration regex")
    });
    re.captures_iter(text)
        .filter_map(|c| {
            if c.name("half").is_some() {
                return Some(30);
            }
            if c.name("an").is_some() {
                return Some(60);
            }
            if let (Some(h), Some(m)) =
                (c.name("ch").or(c.name("hm")), c.name("cm").or(c.name("mm")))
            {
                return Some(
                    h.as_str().parse::<u32>().ok()? * 60 + m.as_str().parse::<u32>().ok()?,
                );
            }
            let n: u32 = c.name("n")?.as_str().parse().ok()?;
            let hours = c.name("u")?.as_str().to_ascii_lowercase().starts_with('h');
            Some(if hours { n * 60 } else { n })
        })
        .filter(|&d| d > 0 && d <= 24 * 60)
        .take(MAX_STEPS)
        .collect()
}

/// Whether the time `mins` at `item` is reached from an earlier time of the answer by the
/// durations written between them, with at most one duration the evidence holds in a field of
/// minutes more often than the answer states it (a leg it leaves out: "Back home by 11:21 am"
/// after the last stop, though another leg of the same minutes is written). The nearest [`MAX_EARLIER`] earlier times are tried; durations written with
/// "before" or "after" between them place a time, they do not run the clock, so such a stretch
/// is not read.
pub(super) fn running_clock(ev: &Evidence, answer: &str, item: &Item, mins: u32) -> bool {
    let earlier: Vec<(u32, usize)> = re()
        .time
        .captures_iter(&answer[..item.start])
        .filter_map(|c| Some((time_minutes(&c)?, c.get(0)?.end())))
        .collect();
    // A leg the answer does not state: a value of fields of minutes that the answer writes as
    // a duration fewer times than the evidence holds it (read once, when a stretch first
    // needs it).
    let mut legs: Option<Vec<u32>> = None;
    for &(t, end) in earlier.iter().rev().take(MAX_EARLIER) {
        let between = &answer[end..item.start];
        let lower = between.to_ascii_lowercase();
        if lower.contains("before") || lower.contains("after") || lower.contains("early") {
            continue;
        }
        let steps = durations(between);
        if steps.is_empty() {
            continue;
        }
        let reached = (t + steps.iter().sum::<u32>()) % 1440;
        if reached == mins {
            return true;
        }
        let legs = legs.get_or_insert_with(|| {
            let stated = durations(answer);
            ev.minute_fields()
                .iter()
                .filter(|&&(d, held)| stated.iter().filter(|&&s| s == d).count() < held)
                .map(|&(d, _)| d)
                .collect()
        });
        if legs
            .iter()
            .take(MAX_EVIDENCE_STEPS)
            .any(|&d| (reached + d) % 1440 == mins)
        {
            return true;
        }
    }
    false
}

/// Whether the time `mins` at `item` is placed by the duration in parentheses after it from a
/// time the answer states before it or the evidence holds: "Free cancellation runs until 06:45
/// (4 h before drop-off)" after "Drop-off at 10:45"; "(2h10 after you land)".
pub(super) fn placed_by_parenthesis(ev: &Evidence, answer: &str, item: &Item, mins: u32) -> bool {
    let Some((_, inner)) = gloss_after(&answer[item.end..]) else {
        return false;
    };
    let lower = inner.to_ascii_lowercase();
    let sign: i64 = if lower.contains(" before") || lower.contains(" earlier") {
        1
    } else if lower.contains(" after") || lower.contains(" later") {
        -1
    } else {
        return false;
    };
    let Some(&d) = durations(inner).first() else {
        return false;
    };
    // The time the duration is counted from: `mins` plus it (before) or less it (after).
    let from = (i64::from(mins) + sign * i64::from(d)).rem_euclid(1440) as u32;
    re().time
        .captures_iter(&answer[..item.start])
        .filter_map(|c| time_minutes(&c))
        .chain(ev.times.iter().map(|t| t.0))
        .any(|t| t == from)
}

/// A time placed the wrong way round by the duration after it: in "closes at 18:00, 15 min
/// after you'd collect", the time the duration is counted from (17:45) is stated nowhere
/// before it in the answer while the time on the other side (18:15) is. The byte span of the
/// "before" / "after" word of `answer[cs..ce]`, with the reason.
pub(in crate::stage2) fn placed_the_other_way(
    answer: &str,
    cs: usize,
    ce: usize,
) -> Option<(usize, usize, &'static str)> {
    let text = answer.get(cs..ce)?;
    for c in re().time.captures_iter(text).take(MAX_EARLIER) {
        let (Some(m), Some(mins)) = (c.get(0), time_minutes(&c)) else {
            continue;
        };
        let Some((at, inner)) = gloss_after(&text[m.end()..]) else {
            continue;
        };
        let inner = inner.split(',').next().unwrap_or("");
        let lower = inner.to_ascii_lowercase();
        let Some(&d) = durations(inner).first() else {
            continue;
        };
        // The duration must be the parenthesis's first words, the relation right after it:
        // its word's offset in `inner`, its length and the sign it gives the duration.
        let Some((p, len, sign)) = [(" before", 1i64), (" after", -1)]
            .iter()
            .filter_map(|&(w, sign)| Some((lower.find(w)? + 1, w.len() - 1, sign)))
            .min_by_key(|x| x.0)
        else {
            continue;
        };
        if lower[..p].split_whitespace().count() > 4 {
            continue;
        }
        let stated: Vec<u32> = re()
            .time
            .captures_iter(&answer[..cs + m.start()])
            .filter_map(|t| time_minutes(&t))
            .collect();
        let shifted = |delta: i64| (i64::from(mins) + delta).rem_euclid(1440) as u32;
        let (from, other) = (shifted(sign * i64::from(d)), shifted(-sign * i64::from(d)));
        if !stated.contains(&from) && stated.contains(&other) {
            let word = cs + m.end() + at + p;
            return Some((
                word,
                word + len,
                "time placed the other way round from the time its duration is counted from",
            ));
        }
    }
    None
}

/// The gloss right after a time: the text of the parenthesis or of the ", " clause that
/// follows it ("(4 h before drop-off)", ", 15 min after you'd collect"), up to its close, a
/// semicolon or a line's end, with its offset in `rest`.
fn gloss_after(rest: &str) -> Option<(usize, &str)> {
    let trimmed = rest.trim_start();
    let (open, inner) = match trimmed.strip_prefix('(') {
        Some(inner) => (1, inner),
        None => (2, trimmed.strip_prefix(", ")?),
    };
    let inner = inner.split([')', ';', '\n']).next().unwrap_or("");
    Some((rest.len() - trimmed.len() + open, inner))
}

/// Whether the time `mins` at `item` restates a time in another time zone: the sentence names a
/// zone ("your time", "local", "Tokyo time", "PT", "UTC") and the time differs from one its
/// sentence states before it, or from a time of the evidence, by the difference of two UTC
/// offsets the evidence states (`"utc_offset": "+10:00"`, "2026-06-05T15:50:00+02:00").
pub(super) fn other_zone(ev: &Evidence, answer: &str, item: &Item, mins: u32) -> bool {
    let offsets = ev.utc_offsets();
    if offsets.len() < 2 {
        return false;
    }
    let (ss, se) = crate::stage2::states::whole_sentence_range(answer, item.start, item.end);
    let sentence = &answer[ss..se];
    let zone_named = {
        let lower = sentence.to_ascii_lowercase();
        lower.contains(" time") || lower.contains("local") || lower.contains("utc") || {
            sentence.split(|c: char| !c.is_ascii_alphabetic()).any(|w| {
                (2..=5).contains(&w.len())
                    && w.ends_with('T')
                    && w.bytes().all(|b| b.is_ascii_uppercase())
            })
        }
    };
    if !zone_named {
        return false;
    }
    let stated: Vec<u32> = re()
        .time
        .captures_iter(&answer[ss..item.start])
        .filter_map(|c| time_minutes(&c))
        .collect();
    let diffs: Vec<i64> = offsets
        .iter()
        .flat_map(|&a| offsets.iter().map(move |&b| i64::from(a) - i64::from(b)))
        .filter(|&d| d != 0)
        .collect();
    let converts = |t: u32| {
        diffs
            .iter()
            .any(|&d| (i64::from(t) + d).rem_euclid(1440) == i64::from(mins))
    };
    stated.iter().any(|&t| converts(t)) || ev.times.iter().take(32).any(|t| converts(t.0))
}

/// Whether the date `mon`/`day` at `item` is the local date of an instant of the evidence at a
/// time its sentence states: the instant seen at a UTC offset the evidence states ("10:25 pm PT
/// on Fri, May 29" for a landing at 05:25 UTC on May 30), possibly moved by a duration the
/// sentence states ("until 10:45 pm on Thu, May 14 (12 hours before drop-off)" for a drop-off
/// at 10:45 on May 15). The date and the time must both agree with one such instant.
pub(super) fn dated_instant(ev: &Evidence, answer: &str, item: &Item, mon: u32, day: u32) -> bool {
    if ev.instants.is_empty() {
        return false;
    }
    let (ss, se) = crate::stage2::states::whole_sentence_range(answer, item.start, item.end);
    let sentence = &answer[ss..se];
    let times: Vec<u32> = re()
        .time
        .captures_iter(sentence)
        .filter_map(|c| time_minutes(&c))
        .take(MAX_EARLIER)
        .collect();
    if times.is_empty() {
        return false;
    }
    let shifts: Vec<i64> = std::iter::once(0)
        .chain(
            durations(sentence)
                .into_iter()
                .flat_map(|d| [i64::from(d), -i64::from(d)]),
        )
        .collect();
    let offsets: Vec<i64> = std::iter::once(0)
        .chain(ev.utc_offsets().iter().map(|&o| i64::from(o)))
        .collect();
    ev.instants.iter().any(|&at| {
        offsets.iter().any(|&o| {
            shifts.iter().any(|&s| {
                let local = at + o + s;
                let (_, m, d) = civil_from_days(local.div_euclid(1440));
                (m, d) == (mon, day) && times.contains(&(local.rem_euclid(1440) as u32))
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::stage2::test_support::all_supported;

    #[test]
    fn an_itinerary_runs_its_clock() {
        // The legs refer to the errands' places by their identifiers.
        let route = r#"{"depart_at":"2026-05-23T10:00:00-05:00","legs":[{"to":"PL-1001","minutes":7},{"to":"PL-2002","minutes":14},{"to":"home","minutes":9}],"errands":[{"place":"Second Chapter Thrift","place_id":"PL-1001","est_minutes":20},{"place":"Stitch & Press","place_id":"PL-2002","est_minutes":10}]}"#;
        let plan = |second: &str, home: &str| {
            format!(
                "Suggested loop, leaving at 10 am:\n1. Second Chapter Thrift — 7 min drive, there at 10:07 am; about 20 min there.\n2. Stitch & Press — 14 min drive, there at {second}; about 10 min there.\n\nBack home by {home}."
            )
        };
        assert!(all_supported(route, &plan("10:41 am", "11:00 am")));
        // A time the stated durations do not reach.
        assert!(!all_supported(route, &plan("10:51 am", "11:00 am")));
        assert!(!all_supported(route, &plan("10:41 am", "11:20 am")));
    }

    #[test]
    fn a_time_placed_by_its_parenthesis_and_one_in_another_zone() {
        let storage = r#"{"drop_off":"2026-06-05T10:45:00+02:00","onward_departure":"2026-06-05T15:50:00+02:00","utc_offset":"+02:00","owner":{"utc_offset":"+10:00"}}"#;
        assert!(all_supported(
            storage,
            "Free cancellation runs until 06:45 (4 h before drop-off)."
        ));
        assert!(!all_supported(
            storage,
            "Free cancellation runs until 07:45 (4 h before drop-off)."
        ));
        assert!(all_supported(
            storage,
            "Your train leaves at 15:50 local time (23:50 your time)."
        ));
        assert!(!all_supported(
            storage,
            "Your train leaves at 15:50 local time (22:50 your time)."
        ));
    }

    #[test]
    fn hours_and_minutes_written_4h10_as_a_length_of_time() {
        let layover =
            r#"{"arrival":"2026-02-15T11:00:00+00:00","departure":"2026-02-15T15:10:00+00:00"}"#;
        assert!(all_supported(
            layover,
            "Your layover is 4h10: you land at 11:00 and your connection leaves at 15:10."
        ));
        assert!(!all_supported(
            layover,
            "Your layover is 4h25: you land at 11:00 and your connection leaves at 15:10."
        ));
        // From a time the sentence states to one of the evidence.
        assert!(all_supported(
            layover,
            "You can get in from 13:10, 2h10 after you land."
        ));
    }

    #[test]
    fn open_with_its_hours_is_no_status() {
        let lounges = r#"{"lounges":[{"name":"Skyward Lounge","opens":"07:00","closes":"21:00","status":"limited"},{"name":"Northlight Lounge","opens":"05:30","closes":"23:00","status":"open"}]}"#;
        assert!(all_supported(
            lounges,
            "Skyward Lounge is open 7:00 am–9:00 pm."
        ));
        assert!(all_supported(
            lounges,
            "Skyward Lounge doesn't open until 7 am."
        ));
    }

    #[test]
    fn a_date_across_midnight_of_a_moved_or_converted_instant() {
        let storage = r#"{"drop_off":"2026-02-12T11:45:00+01:00","pick_up":"2026-02-12T16:45:00+01:00","utc_offset":"+01:00","account":{"utc_offset":"-08:00"},"terms":"2.1 Free cancellation until 24 h before drop-off."}"#;
        // 24 hours before the drop-off, on the day before it.
        assert!(all_supported(
            storage,
            "Free cancellation runs until 11:45 on Wednesday 11 February (24 h before drop-off)."
        ));
        assert!(all_supported(
            storage,
            "Free cancellation runs until 11:45 on 11 February (24 h before drop-off)."
        ));
        // The date must be the moved instant's, at the time the sentence states.
        assert!(!all_supported(
            storage,
            "Free cancellation runs until 11:45 on 10 February (24 h before drop-off)."
        ));
        // A landing seen in the account's zone, on the day before.
        let lounge = r#"{"arrival":"2026-05-30T07:25:00+02:00","account":{"utc_offset":"-07:00"}}"#;
        assert!(all_supported(
            lounge,
            "That's 10:25 pm PT on Fri, May 29 when you touch down."
        ));
        assert!(!all_supported(
            lounge,
            "That's 10:25 pm PT on Thu, May 28 when you touch down."
        ));
    }

    #[test]
    fn a_leg_of_the_same_minutes_as_a_stated_one() {
        // The way home takes 11 minutes, as the second leg does; the answer writes 11 once.
        let route = r#"{"depart_at":"2026-05-26T09:30:00-05:00","legs":[{"to":"PL-1","minutes":16},{"to":"PL-2","minutes":11},{"to":"home","minutes":11}],"errands":[{"place":"Hartley Framing","place_id":"PL-1","est_minutes":10},{"place":"Stitch & Press","place_id":"PL-2","est_minutes":10}]}"#;
        let plan = |home: &str| {
            format!(
                "Suggested loop, leaving at 9:30 am:\n1. Hartley Framing — 16 minutes ride, there at 9:46 am; about 10 minutes there.\n2. Stitch & Press — 11 minutes ride, there at 10:07 am; about 10 minutes there.\n\nBack home by {home}."
            )
        };
        assert!(all_supported(route, &plan("10:28 am")));
        assert!(!all_supported(route, &plan("10:38 am")));
    }

    #[test]
    fn a_range_whose_end_alone_says_pm_and_hours_in_hours_and_minutes() {
        let pass = r#"{"pass_id":"LP-20508","valid_from":"2026-04-02T14:10:00+01:00","valid_to":"2026-04-02T18:10:00+01:00","total":42}"#;
        assert!(all_supported(
            pass,
            "Booked: the pass (LP-20508) is confirmed for 2:10–6:10 pm, $42 in total."
        ));
        assert!(!all_supported(
            pass,
            "Booked: the pass (LP-20508) is confirmed for 2:40–6:10 pm, $42 in total."
        ));
        // "1 hour 22 minutes" is one duration that places the time before the train.
        let train = r#"{"pick_up":"2026-03-18T15:00:00+00:00","train":{"station":"Victoria","departs":"2026-03-18T16:25:00+00:00"}}"#;
        assert!(all_supported(
            train,
            "Your train leaves at 4:25 pm. After pick-up the walk gets you to Victoria at 3:03 pm, 1 hour 22 minutes before your train."
        ));
        assert!(!all_supported(
            train,
            "Your train leaves at 4:25 pm. After pick-up the walk gets you to Victoria at 3:13 pm, 1 hour 22 minutes before your train."
        ));
    }

    #[test]
    fn closing_time_beside_a_closed_flag_is_no_yes_or_no() {
        let places = r#"{"place":{"name":"Brightwell Watch Repair","closed":false,"opens":"09:00","closes":"18:00"}}"#;
        assert!(all_supported(
            places,
            "Brightwell Watch Repair closes at 6 pm."
        ));
        // A closed flag still speaks where no hours follow.
        assert!(!all_supported(places, "Brightwell Watch Repair is closed."));
    }

    #[test]
    fn a_time_placed_the_wrong_way_round_by_its_duration() {
        use crate::report::FlagKind;
        use crate::stage2::test_support::flagged_as;
        let ev = r#"{"location":{"name":"The Left Luggage Co","closes":"18:00"},"pick_up":"2026-03-18T18:15:00+01:00"}"#;
        let flagged = |a: &str| flagged_as(ev, a, FlagKind::DirectionConflict);
        let note = |w: &str| {
            format!("Pick-up is at 18:15. The Left Luggage Co closes at 18:00, 15 min {w} you'd collect, so it's out.")
        };
        assert!(!flagged(&note("before")));
        assert!(flagged(&note("after")));
        let golf = r#"{"tee_time":"2026-05-14T15:20:00-06:00","check_in_rule":"check in 20 minutes before"}"#;
        assert!(!flagged_as(
            golf,
            "Thu @ 3:20pm · Aspen Ridge\nCheck in by 3pm (20 mins before, §1.1)",
            FlagKind::DirectionConflict
        ));
        assert!(flagged_as(
            golf,
            "Thu @ 3:20pm · Aspen Ridge\nCheck in by 3pm (20 mins after, §1.1)",
            FlagKind::DirectionConflict
        ));
    }
}
