//! A comparison whose other side is a value its own sentence stated before, named by a
//! pronoun: "Halden Logistics has 4100 t left to retire, and its eligible stock of 2240 t is
//! above that", "you had 4.5 hours against an allowance of 8 hours, which goes beyond it"
//! ([`referent_conflict`]).
//!
//! The pronoun ("that", "it", "this") must close the comparison's clause, and the sentence
//! before the comparison word must state exactly two values of one kind (currency, unit,
//! percent) — the subject and the value the pronoun names:
//! - a value right before the linking verb ("stock of 2240 t is above that") is the subject,
//!   the other value the pronoun's;
//! - after a relative pronoun ("…, which is within it") the subject is the value that is not
//!   set against the other: "A against B" (or "versus", "vs") makes B the standard.
//!
//! Anything else (a distance before the comparison word, "$20 above that"; a third value of
//! the kind; no "against" after "which") leaves the sentence unjudged.

use super::direction::{word_at, DEGREE, LINKING, THRESHOLDS};
use super::items::Item;
use super::numbers::{signed_value, ClaimNumber};

/// Pronouns that name a value stated before them in the sentence.
const REFERENTS: &[&str] = &["that", "it", "this"];

/// Verbs of motion that predicate a comparison as a linking verb does ("goes beyond it").
const MOTION: &[&str] = &["goes", "went", "falls", "fell", "comes", "came"];

/// Words that set a value against a standard ("4.5 hours against an allowance of 8 hours"),
/// one word each (they are matched as tokens).
const AGAINST: &[&str] = &["against", "versus", "vs", "vs."];

/// The word right after a value ("4100 t left": "t"), which a unit-less value's kind is read
/// from: "2240 t" is of the kind of "4100 t", not of "2026,".
fn word_after<'a>(answer: &'a str, item: &Item) -> &'a str {
    let rest = answer.get(item.end..).unwrap_or("");
    let rest = rest.strip_prefix(' ').unwrap_or(rest);
    let n = rest
        .find(|ch: char| !ch.is_alphabetic())
        .unwrap_or(rest.len());
    &rest[..n]
}

/// The sentence's comparison of a value with a pronoun that names another value it stated,
/// when the two values contradict it: the byte span of the comparison word and the reason.
pub(super) fn referent_conflict(
    answer: &str,
    cs: usize,
    lower: &str,
    nums: &[(&Item, &ClaimNumber)],
) -> Option<(usize, usize, &'static str)> {
    for &(w, larger, inclusive) in THRESHOLDS {
        let Some(p) = word_at(lower, w) else { continue };
        let end = p + w.len();
        // The pronoun closes the clause: "above that.", "within it," — not "within that period".
        let rest = lower[end..].trim_start();
        let Some(_) = REFERENTS.iter().find(|r| {
            rest.strip_prefix(*r).is_some_and(|after| {
                after.is_empty()
                    || after.starts_with(|ch: char| ".,;:)!?\"\n".contains(ch))
                    || after.starts_with(" and ")
                    || after.starts_with(" but ")
            })
        }) else {
            continue;
        };
        // The sentence before the comparison word (back to a sentence or line break).
        let head = &lower[..p];
        let from = head
            .rfind([';', '\n'])
            .map(|k| k + 1)
            .max(head.rfind(". ").map(|k| k + 2))
            .unwrap_or(0);
        // The linking verb, after degree adverbs; no value right before the comparison word
        // (a distance: "$20 above that").
        let mut pre = head.trim_end();
        while let Some(d) = pre
            .rsplit(char::is_whitespace)
            .next()
            .filter(|d| DEGREE.contains(d))
        {
            pre = pre[..pre.len() - d.len()].trim_end();
        }
        let link = pre.rsplit(char::is_whitespace).next().unwrap_or("");
        let link = link.replace('\u{2019}', "'");
        if !LINKING.contains(&link.as_str()) && !MOTION.contains(&link.as_str()) {
            return None;
        }
        let link_start = pre.len() - pre.rsplit(char::is_whitespace).next().unwrap_or("").len();
        let before_link = lower[..link_start].trim_end();
        let in_sentence: Vec<&(&Item, &ClaimNumber)> = nums
            .iter()
            .filter(|(i, _)| i.start >= cs + from && i.end <= cs + link_start)
            .collect();
        // The subject's kind: the value right before the linking verb, or, after "which",
        // the kind both values share.
        let relative = before_link
            .trim_end_matches(',')
            .rsplit(char::is_whitespace)
            .next()
            .is_some_and(|t| matches!(t, "which" | "that"));
        let same_kind = |a: &(&Item, &ClaimNumber), b: &(&Item, &ClaimNumber)| {
            a.1.currency == b.1.currency
                && a.1.same_unit(b.1)
                && a.1.is_percent() == b.1.is_percent()
                && (!a.1.unit.is_empty() || word_after(answer, a.0) == word_after(answer, b.0))
        };
        let (subject, object) = if relative {
            // "A against B, which is within it": B is the standard, A the subject.
            let k = in_sentence.iter().position(|(i, _)| {
                let gap = lower[..i.start - cs].trim_end();
                let gap = gap
                    .trim_end_matches(" of")
                    .trim_end()
                    .rsplit(char::is_whitespace)
                    .take(3)
                    .collect::<Vec<_>>();
                // "against an allowance of 8 hours": up to two words between.
                gap.iter().any(|t| AGAINST.contains(t))
            })?;
            let standard = in_sentence[k];
            let kind: Vec<&&(&Item, &ClaimNumber)> = in_sentence
                .iter()
                .filter(|x| same_kind(x, standard))
                .collect();
            let [a, b] = kind[..] else { return None };
            if std::ptr::eq(*a, standard) {
                (*b, standard)
            } else {
                (*a, standard)
            }
        } else {
            // "its eligible stock of 2240 t is above that": the value right before the verb.
            let &&(si, sn) = in_sentence.last()?;
            // (Its unit word may stand between: "2240 t is".)
            let gap = answer[si.end..cs + link_start].trim();
            if !gap.is_empty() && (!sn.unit.is_empty() || gap != word_after(answer, si)) {
                return None;
            }
            let kind: Vec<&&(&Item, &ClaimNumber)> = in_sentence
                .iter()
                .filter(|x| same_kind(x, &(si, sn)))
                .collect();
            let [a, b] = kind[..] else { return None };
            (*b, *a)
        };
        let (x, y) = (
            signed_value(answer, subject.0, subject.1),
            signed_value(answer, object.0, object.1),
        );
        if x == y {
            return (!inclusive).then_some((
                cs + p,
                cs + end,
                "comparison contradicts the values stated with it",
            ));
        }
        let holds = match w {
            "within" | "inside" => x <= y,
            "beyond" | "outside" => x > y,
            _ => (x > y) == larger,
        };
        return (!holds).then_some((
            cs + p,
            cs + end,
            "comparison contradicts the values stated with it",
        ));
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
    fn a_value_compared_with_one_its_sentence_named_before() {
        let ev = r#"{"left_to_retire_t":4100,"eligible_stock_t":2240}"#;
        assert!(!flagged(
            ev,
            "Halden has 4100 t left to retire for 2026, and its eligible stock of 2240 t is below that."
        ));
        assert!(flagged(
            ev,
            "Halden has 4100 t left to retire for 2026, and its eligible stock of 2240 t is above that."
        ));
        let hours = r#"{"used_hours":4.5,"allowance_hours":8}"#;
        assert!(!flagged(
            hours,
            "You had 4.5 hours against an allowance of 8 hours, which is within it."
        ));
        assert!(flagged(
            hours,
            "You had 4.5 hours against an allowance of 8 hours, which goes beyond it."
        ));
        // "which" with no value set against another: the subject is unknown.
        assert!(!flagged(
            hours,
            "You had 4.5 hours and an allowance of 8 hours, which goes beyond it."
        ));
        // A distance before the comparison word is no subject.
        let fee = r#"{"base":50,"fee":70}"#;
        assert!(!flagged(
            fee,
            "The base is $50, and the fee is $20 above that."
        ));
        // A noun after the pronoun: not a value named before.
        assert!(!flagged(
            hours,
            "You had 4.5 hours, and 8 hours is within that period."
        ));
    }
}
