//! A comparison whose subject is the previous sentence: "… leaves $47.50 to pay. This is well
//! over the annual cap of $400.00", "You've claimed $140 so far. It's less than the $100.86 you
//! have left". The claim opens with a pronoun ("it", "that", "this") and a comparison, and
//! states only the amount compared with; what "this" is, is one of the amounts of the same
//! currency the previous sentence states. When every one of them lies on the other side of the
//! amount, no reading of the pronoun makes the comparison true. When some lie on each side, or
//! one equals it, the antecedent is unknown and nothing is judged.

use std::sync::OnceLock;

use regex::Regex;

use super::states::whole_sentence_start;
use super::totals::amounts;

/// The opening: a pronoun, its verb, adverbs of degree, the comparison (`true`: the subject
/// is the larger).
fn opening() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        Regex::new(r"(?i)^(?:it|that|this)(?:'s|’s|\s+is|\s+was)\s+(?:(?:well|still|already|just|slightly|far|much|way|also|now|comfortably|easily)\s+)*(?P<w>more\s+than|less\s+than|higher\s+than|lower\s+than|greater\s+than|fewer\s+than|above|below|over|under)\b")
            .expect("antecedent regex")
    })
}

/// Most words between the comparison and the amount compared with ("the annual cap of").
const MAX_GAP_WORDS: usize = 5;

/// The span of a comparison of `answer[cs..ce]` that every amount of the previous sentence
/// contradicts (see the module docs).
pub(super) fn antecedent_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
) -> Option<(usize, usize, &'static str)> {
    let text = &answer[cs..ce];
    let lead = text.len()
        - text
            .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '*' | '•'))
            .len();
    let m = opening().captures(&text[lead..])?;
    let w = m.name("w")?;
    let word = w.as_str().to_ascii_lowercase();
    let larger = ["more", "higher", "greater", "above", "over"]
        .iter()
        .any(|x| word.starts_with(x));
    let (ws, we) = (cs + lead + w.start(), cs + lead + w.end());
    // The amount compared with: the claim's first, a few words after the comparison.
    let claim_amounts = amounts(answer, cs, ce);
    let base = claim_amounts.iter().find(|a| a.start >= we)?;
    if claim_amounts.iter().any(|a| a.start < ws)
        || answer[we..base.start].split_whitespace().count() > MAX_GAP_WORDS
    {
        return None;
    }
    // The previous sentence.
    let before = answer[..cs].trim_end();
    let before = before.strip_suffix(['.', '!', '?']).unwrap_or(before);
    let ps = whole_sentence_start(answer, before.len());
    let candidates: Vec<f64> = amounts(answer, ps, before.len())
        .into_iter()
        .filter(|a| a.kind == base.kind)
        .map(|a| a.value)
        .collect();
    let wrong = |v: f64| {
        if larger {
            v < base.value
        } else {
            v > base.value
        }
    };
    (!candidates.is_empty() && candidates.iter().all(|&v| wrong(v))).then_some((
        ws,
        we,
        "comparison that no amount of the previous sentence makes true",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conflict(answer: &str) -> Option<&str> {
        let cs = answer.rfind(". ").map_or(0, |i| i + 2);
        antecedent_conflict(answer, cs, answer.len()).map(|(s, e, _)| &answer[s..e])
    }

    #[test]
    fn a_pronouns_comparison_against_the_previous_sentence() {
        let paid = "The fee of $190.00 less the $142.50 assistance leaves $47.50 to pay. This is well over the annual cap of $400.00.";
        assert_eq!(conflict(paid), Some("over"));
        assert_eq!(conflict(&paid.replace("well over", "well under")), None);
        let spent = "You've sent receipts for $140. It's less than the $100.86 you have left.";
        assert_eq!(conflict(spent), Some("less than"));
        assert_eq!(conflict(&spent.replace("less", "more")), None);
        // Amounts on both sides leave the pronoun unknown; no amount before, or one in the
        // claim itself, leave it to the other checks.
        assert_eq!(
            conflict("You paid $50 of the $500. That's more than the $100 minimum."),
            None
        );
        assert_eq!(
            conflict("Thanks for waiting. That's more than the $100 minimum."),
            None
        );
        assert_eq!(
            conflict("You paid $50. That's $20 more than the $30 minimum."),
            None
        );
    }
}
