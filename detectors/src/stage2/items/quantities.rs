//! Quantities: durations as one number ("20m 43s", "1 hour 5 minutes"), then every number with
//! its currency, unit, magnitude, precision and the noun it counts.

use super::super::numbers::{approx_words_before, decimals, noun_before, ClaimNumber};
use super::{
    captured_currency, captured_frac, captured_magnitude, captured_unit, captured_value, re, Found,
    Item, ItemKind,
};

/// Durations as one number: the compact forms of consoles first ("20m 43s", "1h 2m 3s" in
/// seconds, "2d 4h" in hours), then "1 hour 5 minutes" in minutes.
pub(super) fn durations(f: &mut Found<'_>) {
    let r = re();
    let text = f.text;
    let compact = r.compact_duration.captures_iter(text).map(|c| {
        let n = |g: &str| {
            c.name(g)
                .map_or(0.0, |x| x.as_str().parse::<f64>().unwrap_or(0.0))
        };
        let (value, unit) = if c.name("d").is_some() {
            (n("d") * 24.0 + n("dh"), "h")
        } else {
            (n("h") * 3600.0 + n("m") * 60.0 + n("s"), "s")
        };
        (c.get(0).expect("match"), value, unit)
    });
    let spelled = r.duration.captures_iter(text).map(|c| {
        let n = |g: &str| c[g].parse::<f64>().unwrap_or(0.0);
        (c.get(0).expect("match"), n("h") * 60.0 + n("m"), "min")
    });
    for (w, value, unit) in compact.chain(spelled) {
        push_duration(f, w, value, unit);
    }
}

/// A duration as one number item, unless an earlier phase took its text.
pub(super) fn push_duration(f: &mut Found<'_>, w: regex::Match<'_>, value: f64, unit: &str) {
    let (s, e) = (f.cs + w.start(), f.cs + w.end());
    if f.is_taken(s, e) {
        return;
    }
    f.taken.push((s, e));
    f.numbers.push((
        Item {
            kind: ItemKind::Number,
            start: s,
            end: e,
            text: w.as_str().to_owned(),
        },
        ClaimNumber {
            value,
            decimals: 0,
            approx: false,
            unit: unit.into(),
            magnitude: 1.0,
            noun: None,
            noun_before: None,
            currency: String::new(),
        },
    ));
}

/// Every number the earlier phases left free, with what it counts; then the lower bound of a
/// range takes the upper bound's unit.
pub(super) fn numbers(f: &mut Found<'_>) {
    let r = re();
    let (answer, text, cs) = (f.answer, f.text, f.cs);
    for c in r.number_in(answer).captures_iter(text) {
        let w = c.get(0).unwrap();
        let num = c.name("num").unwrap();
        let (s, e) = (
            cs + c.name("cur").map_or(num.start(), |x| x.start()),
            cs + w.end(),
        );
        if f.is_taken(cs + num.start(), cs + num.end()) {
            continue;
        }
        // The end of a day range after a date ("March 25–26"): a day of that month, not a
        // quantity.
        let before = text[..num.start()].trim_end_matches(' ');
        if c.name("cur").is_none()
            && before.ends_with(['–', '-', '—'])
            && f.items.iter().any(|i| {
                i.kind == ItemKind::Date
                    && i.end == cs + before.trim_end_matches(['–', '-', '—', ' ']).len()
            })
        {
            continue;
        }
        let value = captured_value(&c).unwrap_or(0.0);
        let mag = captured_magnitude(&c);
        let e = e.min(cs + text.len());
        let claim_end = cs + text.len();
        let mut unit = captured_unit(&c);
        if unit.is_empty() && captured_currency(&c).is_empty() && mag == 1.0 {
            if let Some(u) = label_duration_unit(before, &answer[e..claim_end]) {
                unit = u;
            }
        }
        // The denominator of a fraction ("15/24 randomized") is the whole; the noun after it
        // counts the numerator.
        let denominator = before
            .strip_suffix('/')
            .is_some_and(|b| b.ends_with(|ch: char| ch.is_ascii_digit()));
        let noun = if (unit.is_empty() || unit == "%")
            && captured_currency(&c).is_empty()
            && mag == 1.0
            && !denominator
        {
            // Within the claim: the word right after the number ("15 comments"), not one
            // behind punctuation ("3% (section 4.5)").
            answer[e..claim_end]
                .split_whitespace()
                .next()
                .filter(|w| w.starts_with(|ch: char| ch.is_alphabetic()))
                .map(|w| {
                    w.trim_matches(|ch: char| !ch.is_alphanumeric())
                        .to_lowercase()
                })
                .filter(|w| w.len() >= 4 && w.chars().all(|ch| ch.is_ascii_alphabetic()))
        } else {
            None
        };
        // The item covers its counted noun ("4 items") so a flag points at the phrase.
        let e = match &noun {
            Some(n) => answer[e..claim_end]
                .find(|ch: char| !ch.is_whitespace())
                .map_or(e, |off| {
                    let ws = e + off;
                    // The noun is ASCII: it must be there byte for byte (ASCII
                    // case-insensitively), so the end is a character boundary.
                    let word = answer.as_bytes()[ws..claim_end].get(..n.len());
                    if word.is_some_and(|w| w.eq_ignore_ascii_case(n.as_bytes())) {
                        ws + n.len()
                    } else {
                        e
                    }
                }),
            None => e,
        };
        f.taken.push((s, e));
        f.numbers.push((
            Item {
                kind: ItemKind::Number,
                start: s,
                end: e,
                text: answer[s..e].trim_end().to_owned(),
            },
            ClaimNumber {
                value,
                decimals: decimals(captured_frac(&c)),
                approx: approx_words_before(answer, s),
                unit,
                magnitude: mag,
                noun,
                noun_before: noun_before(answer, s, e),
                currency: captured_currency(&c).to_owned(),
            },
        ));
    }
    // The lower bound of a range has the upper bound's unit ("2–8 °C", "35.6–46.4 °F",
    // "10 to 15 minutes").
    for i in 1..f.numbers.len() {
        let (head, tail) = f.numbers.split_at_mut(i);
        let (a, b) = (&mut head[i - 1], &tail[0]);
        let gap = answer.get(a.0.end..b.0.start).unwrap_or("x").trim();
        if matches!(gap, "-" | "–" | "—" | "to")
            && a.1.unit.is_empty()
            && a.1.currency.is_empty()
            && a.1.noun.is_none()
            && !b.1.unit.is_empty()
        {
            a.1.unit = b.1.unit.clone();
        }
    }
}

/// The unit of time a label names for the bare number that is its whole value ("Days late:
/// 102", "Notice period (weeks): 4", "**Hours:** 6"): a duration, as "102 days" would say it.
/// `before` is the claim's text before the number, `after` the rest of the claim.
fn label_duration_unit(before: &str, after: &str) -> Option<String> {
    const UNITS: &[&str] = &[
        "minutes", "mins", "hours", "hrs", "days", "weeks", "months", "years",
    ];
    let head = before.trim_end_matches([' ', '*']).strip_suffix(':')?;
    let label = head
        .rsplit(['\n', '.', ';', '(', '—'])
        .next()
        .unwrap_or(head);
    let label = label.trim_start_matches(['-', '*', '#', ' ']);
    let whole = after
        .trim_start_matches(['*', ' '])
        .chars()
        .next()
        .is_none_or(|c| matches!(c, '\n' | '(' | ')' | '.' | ';' | ','));
    if !whole || label.split_whitespace().count() > 5 {
        return None;
    }
    label
        .split(|c: char| !c.is_alphabetic())
        .map(str::to_ascii_lowercase)
        .find(|w| UNITS.contains(&w.as_str()) || UNITS.contains(&format!("{w}s").as_str()))
}
