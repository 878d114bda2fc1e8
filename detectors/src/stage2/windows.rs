//! A clock time said to be within or outside a window of times its own sentence states: "ETA
//! ~9:35a (window 9–11a) ✓ outside window", "arrives 5:10 PM, inside the 2–4 PM slot". The
//! window is the claim's one range of two clock times joined by a dash or "to"; the time
//! compared is the nearest other clock time before the window (or, with none there, the first
//! after it and before the word); "within" / "inside" hold when it lies in the window, ends
//! included, "outside" when it does not. A negated word ("not within") is left alone.

use super::items::{item_time_minutes, range_start_minutes, Item, ItemKind};
use super::states::negated_before;

/// The byte span of a "within" / "inside" / "outside" of `answer[cs..ce]` that the claim's own
/// times contradict, with the reason.
pub(super) fn window_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
    items: &[&Item],
) -> Option<(usize, usize, &'static str)> {
    let mut times: Vec<(&Item, u32)> = items
        .iter()
        .filter(|i| i.kind == ItemKind::Time)
        .filter_map(|i| {
            let m = range_start_minutes(answer, i.start).or_else(|| item_time_minutes(&i.text))?;
            Some((*i, m))
        })
        .collect();
    times.sort_by_key(|(i, _)| i.start);
    // The one window: two consecutive times joined by a dash or "to".
    let joined = |a: &Item, b: &Item| {
        answer
            .get(a.end..b.start)
            .is_some_and(|g| matches!(g.trim(), "-" | "–" | "—" | "to"))
    };
    let ranges: Vec<usize> = (1..times.len())
        .filter(|&k| joined(times[k - 1].0, times[k].0))
        .collect();
    let [k] = ranges[..] else {
        return None;
    };
    let (lo, hi) = (times[k - 1].1, times[k].1);
    let lower = answer[cs..ce].to_ascii_lowercase();
    for (word, inside) in [("within", true), ("inside", true), ("outside", false)] {
        let Some(p) = lower.find(word) else { continue };
        let at = cs + p;
        if negated_before(answer, at) {
            continue;
        }
        let subject = times[..k - 1]
            .last()
            .or_else(|| times[k + 1..].iter().find(|(i, _)| i.end <= at))
            .filter(|(i, _)| i.end <= at || times[k].0.end <= at);
        let Some(&(_, t)) = subject else { continue };
        let in_window = lo <= t && t <= hi;
        if in_window != inside {
            return Some((
                at,
                at + word.len(),
                "time compared with the window its sentence states contradicts it",
            ));
        }
        return None;
    }
    None
}

/// A count of days (weeks, months, hours) said to be within or outside a period named by its
/// length: "(… = 605 days); outside the 730-day motor cover", "4 days from delivery to report;
/// within the 5-day report window". The count is the sentence's last one of that unit before
/// the word, not right before it ("10 days beyond the 30-day window" states a margin); "within" /
/// "inside" hold when it is at most the period, "outside" / "beyond" when it exceeds it. A
/// negated word is left alone.
pub(super) fn period_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
) -> Option<(usize, usize, &'static str)> {
    static PERIOD: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    static COUNT: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let period = PERIOD.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?P<w>within|inside|outside|beyond)\s+(?:the|its|their|your|our|a|an)\s+(?P<n>\d{1,4})-(?P<u>day|week|month|hour)\b",
        )
        .expect("period")
    });
    let count = COUNT.get_or_init(|| {
        regex::Regex::new(r"(?i)\b(?P<n>\d{1,4})\s+(?P<u>days|weeks|months|hours)\b")
            .expect("count")
    });
    let text = answer.get(cs..ce)?;
    let c = period.captures(text)?;
    let w = c.name("w").expect("group");
    if negated_before(answer, cs + w.start()) {
        return None;
    }
    let unit = c["u"].to_ascii_lowercase();
    // The count may stand in an earlier clause of the sentence ("= 605 days); outside …").
    let before = &answer[super::states::whole_sentence_start(answer, cs).min(cs)..cs + w.start()];
    let last = count
        .captures_iter(before)
        .filter(|k| k["u"].to_ascii_lowercase().trim_end_matches('s') == unit)
        .last()?;
    let gap = &before[last.get(0)?.end()..];
    if !gap.contains(|ch: char| ch.is_alphanumeric() || ch == ')' || ch == ';') {
        return None;
    }
    let (m, n): (u32, u32) = (last["n"].parse().ok()?, c["n"].parse().ok()?);
    let inside = matches!(
        w.as_str().to_ascii_lowercase().as_str(),
        "within" | "inside"
    );
    ((m <= n) != inside).then_some((
        cs + w.start(),
        cs + w.end(),
        "count compared with the period its sentence names contradicts it",
    ))
}

#[cfg(test)]
mod tests {
    use crate::report::FlagKind;
    use crate::stage2::test_support::flagged_as;

    fn flagged(ev: &str, a: &str) -> bool {
        flagged_as(ev, a, FlagKind::DirectionConflict)
    }

    #[test]
    fn a_time_within_or_outside_the_window_its_sentence_states() {
        let ev = r#"{"left_at":"2026-05-12T09:10:00-05:00","drive_minutes":25,"window_start":"2026-05-12T09:00:00-05:00","window_end":"2026-05-12T11:00:00-05:00"}"#;
        assert!(!flagged(
            ev,
            "ETA 9:10a + 25 mins → ~9:35a (window 9–11a) ✓ within window"
        ));
        assert!(flagged(
            ev,
            "ETA 9:10a + 25 mins → ~9:35a (window 9–11a) ✓ outside window"
        ));
        assert!(flagged(
            ev,
            "The crew arrives at 9:35 AM, outside the 9:00 AM–11:00 AM window."
        ));
        assert!(!flagged(
            ev,
            "The crew arrives at 9:35 AM, inside the 9:00 AM–11:00 AM window."
        ));
        // Negated, or no window: nothing to judge.
        assert!(!flagged(
            ev,
            "The crew arrives at 9:35 AM, not outside the 9:00 AM–11:00 AM window."
        ));
        assert!(!flagged(
            ev,
            "The crew arrives at 9:35 AM, within 25 minutes."
        ));
    }

    #[test]
    fn a_count_of_days_within_or_outside_a_period_named_by_its_length() {
        let ev = r#"{"purchased":"2024-08-30","reported":"2026-04-27","motor_cover_days":730}"#;
        let a = |word: &str| {
            format!("Bike is 605 days old at the report (30 Aug 2024 → 27 Apr 2026 = 605 days); {word} the 730-day motor cover.")
        };
        assert!(!flagged(ev, &a("inside")));
        assert!(flagged(ev, &a("outside")));
        // A margin right before the word is no count compared.
        assert!(!flagged(
            ev,
            "The claim came 10 days beyond the 730-day motor cover."
        ));
    }
}
