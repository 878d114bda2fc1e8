//! Lead-ins before the statement of a unit ("Right then — I've checked …", "As discussed,
//! …"): the clause after them is what the unit states.

use super::lexicon::{words, FIRST_PERSON, SUBORDINATORS};

/// The clause after a lead-in of at most eight words without a digit, set off by a dash or a
/// colon (or of at most two words, by a comma), when that clause opens with the agent as its
/// subject.
pub(super) fn lead_in(t: &str) -> Option<&str> {
    let (at, sep) = t
        .char_indices()
        .find(|&(_, c)| matches!(c, '—' | '–' | ':' | ','))?;
    let head = &t[..at];
    let rest = t[at + sep.len_utf8()..].trim_start();
    let head_words = head.split_whitespace().count();
    let most = if sep == ',' { 2 } else { 8 };
    let first = words(rest);
    let agent = first
        .first()
        .is_some_and(|w| FIRST_PERSON.contains(&w.as_str()));
    (head_words >= 1
        && head_words <= most
        && !head.contains(|c: char| c.is_ascii_digit())
        && agent
        && words(head).first().is_none_or(|w| {
            !FIRST_PERSON.contains(&w.as_str()) && !SUBORDINATORS.contains(&w.as_str())
        }))
    .then_some(rest)
}

/// Words that open a prepositional lead-in ("as" of "As discussed above", "further" of
/// "Further to").
pub(super) const LEAD_PREPOSITIONS: &[&str] = &[
    "as",
    "with",
    "in",
    "on",
    "regarding",
    "concerning",
    "per",
    "following",
    "further",
    "pursuant",
];

/// The clause after a comma that ends a lead-in of at most eight words without a digit
/// opening with a preposition ([`LEAD_PREPOSITIONS`]; "further" only as "further to").
pub(super) fn prepositional_lead(t: &str) -> Option<&str> {
    let at = t.find(',')?;
    let head = words(&t[..at]);
    let rest = t[at + 1..].trim_start();
    let opens = head.first().is_some_and(|w| {
        LEAD_PREPOSITIONS.contains(&w.as_str())
            && (w != "further" || head.get(1).is_some_and(|n| n == "to"))
    });
    (opens
        && head.len() <= 8
        && !t[..at].contains(|c: char| c.is_ascii_digit())
        && !rest.is_empty())
    .then_some(rest)
}
