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
}
