//! An expiry stated up to a date: "the certificate is lapsed until 2027-06-28", "it's expired
//! until December 5". A thing expires *on* or *since* a date and is valid *until* one; an
//! expired state that lasts until a date yet to come is a validity reported as its opposite.

use super::*;

/// Words that state an expiry (a closed class of English adjectives).
const EXPIRED: &[&str] = &["expired", "lapsed", "out of date"];

/// The span of an expiry word followed by "until" and a date that is not before the run's day
/// (a date without its year is one to come), within the claim `cs..ce`; the expiry is not
/// negated ("won't be expired until").
pub(in crate::stage2) fn expired_until(
    answer: &str,
    cs: usize,
    ce: usize,
    run_day: Option<i64>,
) -> Option<(usize, usize)> {
    let text = &answer[cs..ce];
    let lower = text.to_ascii_lowercase();
    for w in EXPIRED {
        for (i, _) in lower.match_indices(w) {
            let bounded = !lower[..i].ends_with(|c: char| c.is_ascii_alphanumeric())
                && !lower[i + w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
            let Some(rest) = lower[i + w.len()..].strip_prefix(" until ") else {
                continue;
            };
            if !bounded || super::super::states::negated_before(text, i) {
                continue;
            }
            let at = text.len() - rest.len();
            let Some(c) = re().date_text.captures(&text[at..]) else {
                continue;
            };
            if c.get(0).is_none_or(|m| m.start() != 0) {
                continue;
            }
            let (Some(mon), Some(day), year) = date_parts(&c) else {
                continue;
            };
            let to_come = match (year, run_day) {
                (Some(y), Some(today)) => calc::days_from_civil(y, mon, day) >= today,
                _ => true,
            };
            if to_come {
                return Some((cs + i, cs + i + w.len()));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flagged(answer: &str, today: Option<(i32, u32, u32)>) -> Option<&str> {
        let day = today.map(|(y, m, d)| calc::days_from_civil(y, m, d));
        expired_until(answer, 0, answer.len(), day).map(|(s, e)| &answer[s..e])
    }

    #[test]
    fn an_expiry_lasting_until_a_date_to_come() {
        let today = Some((2026, 3, 1));
        assert_eq!(
            flagged("Poutine's certificate is lapsed until 2027-06-28.", today),
            Some("lapsed")
        );
        assert_eq!(
            flagged("So it's expired until December 5.", today),
            Some("expired")
        );
        // Valid until a date, expired since one, or an expiry that has not come: no conflict.
        assert_eq!(
            flagged("The certificate is valid until 2027-06-28.", today),
            None
        );
        assert_eq!(flagged("It expired on 2026-02-03.", today), None);
        assert_eq!(
            flagged("It won't be expired until 2027-06-28.", today),
            None
        );
        // A past "until": the expiry of a period that is over.
        assert_eq!(
            flagged("It was lapsed until 2025-12-01, then renewed.", today),
            None
        );
    }
}
