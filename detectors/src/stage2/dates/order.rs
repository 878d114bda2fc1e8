//! Two events set apart by a number of days, with the working written beside them: "reported 9
//! days after delivery (Mar 3 → Mar 12 = 9 days)". The working orders its two dates; the event
//! the relation is counted from names a date field of the evidence ([`KeyedDate`]) holding one
//! of them, so the other is the subject's, and "before" / "after" must agree with the order.

use super::super::calc;
use super::super::evidence::{Evidence, KeyedDate};
use super::super::items::{date_parts, re};
use super::super::terms::normalize_terms;

/// The relation of `answer[cs..ce]` that its working contradicts: byte span and reason.
pub(in crate::stage2) fn event_order_conflict(
    ev: &Evidence,
    answer: &str,
    cs: usize,
    ce: usize,
) -> Option<(usize, usize, &'static str)> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let rel = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?P<n>\d{1,4})\s+(?P<u>days?|weeks?)\s+(?P<rel>before|after|ahead\s+of|behind|earlier\s+than|later\s+than|past)\s+(?P<obj>[^()\n;:.]{1,60}?)\s*\(\s*(?P<a>[^()→=]{3,30}?)\s*(?:→|->)\s*(?P<b>[^()→=]{3,30}?)\s*=\s*(?P<m>\d{1,4})\s+(?P<v>days?|weeks?)\s*\)",
        )
        .expect("event order")
    });
    let text = answer.get(cs..ce)?;
    for c in rel.captures_iter(text).take(4) {
        let unit = |g: &str| c[g].to_ascii_lowercase().starts_with('w');
        if c["n"] != c["m"] || unit("u") != unit("v") {
            continue;
        }
        let (Some(a), Some(b)) = (date_of(&c["a"]), date_of(&c["b"])) else {
            continue;
        };
        let n: i64 = c["n"].parse().ok()?;
        let n = if unit("u") { n * 7 } else { n };
        // The working's order: which of its two dates is the later.
        let b_later = match day_count(b) - day_count(a) {
            d if d == n => true,
            d if d == -n => false,
            _ => continue,
        };
        // The event counted from: the date fields its words name, all on one of the dates.
        let object = normalize_terms(&c["obj"]);
        let object: Vec<&str> = object.split(' ').filter(|w| w.len() >= 3).collect();
        let named: Vec<&KeyedDate> = ev
            .keyed_dates
            .iter()
            .filter(|k| !k.name.is_empty() && k.name.split(' ').all(|w| names(&object, w)))
            .collect();
        let on = |x: (u32, u32, Option<i32>)| {
            named
                .iter()
                .any(|k| k.month == x.0 && k.day == x.1 && x.2.is_none_or(|y| y == k.year))
        };
        let object_is_later = match (on(a), on(b)) {
            (true, false) => !b_later,
            (false, true) => b_later,
            _ => continue,
        };
        let rel_word = c.name("rel").expect("group");
        let says_later = matches!(
            rel_word
                .as_str()
                .to_ascii_lowercase()
                .split_whitespace()
                .next(),
            Some("after" | "behind" | "later" | "past")
        );
        // The subject is later exactly when the object is the earlier date.
        if says_later == object_is_later {
            return Some((
                cs + rel_word.start(),
                cs + rel_word.end(),
                "relation contradicts the working of the dates stated with it",
            ));
        }
        return None;
    }
    None
}

/// Month, day and year (when written) of the one date of `text`.
fn date_of(text: &str) -> Option<(u32, u32, Option<i32>)> {
    let caps = re().date_text.captures(text)?;
    let (mon, day, year) = date_parts(&caps);
    Some((mon?, day?, year))
}

/// Days since the epoch, in a leap year when the year is not written.
fn day_count(x: (u32, u32, Option<i32>)) -> i64 {
    calc::days_from_civil(x.2.unwrap_or(2024), x.0, x.1)
}

/// Whether a word of a field's name is one of `words` (the object's), or an abbreviation of it
/// (`est` of "estimated").
fn names(words: &[&str], w: &str) -> bool {
    words.iter().any(|o| {
        *o == w || (w.len() >= 3 && o.starts_with(w)) || (o.len() >= 5 && w.starts_with(o))
    })
}
