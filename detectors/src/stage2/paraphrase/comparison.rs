//! A comparison with a threshold of a value the answer states elsewhere under a label ("The
//! subtotal is below the GBP 300.00 free-delivery line" beside "Subtotal: GBP 139.95"): the
//! label's value decides it, both against the answer itself and against a rule's line the claim
//! would otherwise be read as reversing.

use super::{Relation, FUNCTION_WORDS, RELATIONS};
use crate::stage2::items::{captured_magnitude, captured_value, re};

/// What the answer's labeled values say of the comparison the relation word at `s..e` of the
/// claim `text` makes: the subject (the last content word before the word) is a value the
/// answer states elsewhere under a label ("Subtotal: GBP 139.95", "New subtotal: …"), compared
/// with the number after the word — "The subtotal is below the GBP 300.00 free-delivery line".
/// `Some(true)` when the comparison holds (a rule's line, "free for subtotals of GBP 300.00 or
/// more", then only sets the threshold: the claim does not restate it reversed), `Some(false)`
/// when it fails, `None` when no label states the subject or the words are no comparison.
pub(in crate::stage2) fn labeled_comparison(
    answer: &str,
    text: &str,
    s: usize,
    e: usize,
) -> Option<bool> {
    let word = text[s..e].to_lowercase();
    let &(_, kind, sense) = RELATIONS.iter().find(|r| r.0 == word)?;
    if kind != Relation::Magnitude {
        return None;
    }
    // The number compared with, a few words on, a quantity of its own (not "7-week").
    let after = &text[e..];
    let at = after.find(|c: char| c.is_ascii_digit())?;
    if after[..at].split_whitespace().count() > 4 || after[..at].contains(['.', ';', ',']) {
        return None;
    }
    let digits = after[at..]
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, ',' | '.')))
        .map_or(after.len(), |k| at + k);
    if after[digits..].starts_with(['-', '–']) {
        return None;
    }
    let threshold = first_number(&after[at..])?;
    // The subject: a noun, then a copula, then at most adverbs of degree before the word
    // ("The subtotal is well below").
    let before: Vec<String> = text[..s]
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    const ADVERBS: &[&str] = &[
        "well", "still", "just", "slightly", "far", "much", "way", "now",
    ];
    let mut i = before.len();
    while i > 0 && ADVERBS.contains(&before[i - 1].as_str()) {
        i -= 1;
    }
    let copula = i.checked_sub(1).is_some_and(|k| {
        matches!(
            before[k].as_str(),
            "is" | "was" | "are" | "were" | "remains"
        )
    });
    if !copula {
        return None;
    }
    let subject = before.get(i.checked_sub(2)?)?.clone();
    if FUNCTION_WORDS.contains(&subject.as_str()) || subject.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut verdicts = answer.lines().filter_map(|line| {
        // The claim's own line is no other statement of the subject.
        if line.contains(text.trim()) {
            return None;
        }
        let line = line.trim().trim_start_matches(['-', '*', '•', ' ']);
        let (label, value) = line.split_once(':')?;
        let label = label
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        let names = label.split_whitespace().count() <= 4
            && label.split_whitespace().next_back() == Some(subject.as_str());
        let v = first_number(value).filter(|_| names)?;
        Some(if sense < 0 {
            v < threshold
        } else {
            v > threshold
        })
    });
    let first = verdicts.next()?;
    // Labels that disagree leave it open.
    verdicts.all(|v| v == first).then_some(first)
}

/// The first magnitude comparison of the claim `text` that the answer's labeled values
/// contradict ([`labeled_comparison`]): the relation word's span.
pub(in crate::stage2) fn labeled_comparison_conflict(
    answer: &str,
    text: &str,
) -> Option<(usize, usize)> {
    let mut start: Option<usize> = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                start = None;
                let w = &text[s..i];
                if RELATIONS.iter().any(|r| r.0.eq_ignore_ascii_case(w))
                    && labeled_comparison(answer, text, s, i) == Some(false)
                {
                    return Some((s, i));
                }
            }
            _ => {}
        }
    }
    None
}

/// The first number of `text` as Stage 2 reads every number of an answer ("GBP 1,300.00" →
/// 1300.0, "€1.2K" → 1200.0).
fn first_number(text: &str) -> Option<f64> {
    let c = re().number_in(text).captures_iter(text).next()?;
    Some(captured_value(&c)? * captured_magnitude(&c))
}
