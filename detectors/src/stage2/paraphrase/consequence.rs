//! A rule applied with its consequence reversed: "Line 3 is more than 3 percentage points
//! under target, so under § 2.2 it doesn't go to the mill manager for review" beside the rule
//! "2.2 A line more than 3 percentage points below its target for a week is reviewed by the
//! mill manager".
//!
//! The claim's sentence states a premise, a consequence word ("so", "hence", "therefore",
//! "thus", "which means", "meaning") after a comma, semicolon or dash, and a consequence. It
//! is compared with an evidence clause that states a threshold rule: the premise meets the
//! rule's condition when it states the rule's comparison words in the same senses ("more
//! than … under" for "more than … below"), every number of the rule (with the consequence's
//! section reference) and no negation; the consequence names the rule's outcome when most of
//! its content words are the rule's. A consequence whose polarity differs from the rule's
//! reverses it. A premise that does not meet the condition ("0.5 points under target, so it
//! isn't reviewed") applies the rule legitimately and is left alone, and so are rules with an
//! exception or a necessary condition ("unless", "except", "only") and premises with a
//! contrast ("but", "although").

use std::collections::HashSet;

use super::{has_word, read, sentences, Index, Reading, Reversal};

/// Words that open a consequence after a comma, semicolon or dash.
const CONSEQUENCE_WORDS: &[&str] = &["so", "hence", "therefore", "thus", "which means", "meaning"];
/// A rule with these states an exception or a necessary condition, not a sufficient one.
pub(super) const NOT_SUFFICIENT: &[&str] = &["unless", "except", "only", "may", "might"];
/// A premise with these qualifies what it states.
const CONTRAST: &[&str] = &["but", "although", "though", "however", "except", "unless"];
/// Content words the rule's clause needs to share with each of the premise and the
/// consequence.
const MIN_SIDE_SHARED: usize = 2;

/// Where the consequence of `text[st..en]` starts: the byte after the consequence word, and
/// where the premise ends (before the punctuation).
fn split(text: &str, st: usize, en: usize) -> Option<(usize, usize)> {
    let s = &text[st..en];
    let lower = s.to_ascii_lowercase();
    for (i, c) in s.char_indices() {
        if !matches!(c, ',' | ';' | '—' | '–') {
            continue;
        }
        let after = &lower[i + c.len_utf8()..];
        let rest = after.trim_start();
        for w in CONSEQUENCE_WORDS {
            let boundary = rest
                .strip_prefix(w)
                .is_some_and(|r| r.starts_with([' ', ',']));
            // "so that" states a purpose.
            if boundary && !rest[w.len()..].trim_start().starts_with("that ") {
                let q = st + i + c.len_utf8() + (after.len() - rest.len()) + w.len();
                return Some((st + i, q));
            }
        }
    }
    None
}

impl Index {
    /// The span (in `text`) of a consequence that reverses the threshold rule its premise
    /// meets, if any (see the module docs).
    pub(in crate::stage2) fn reversed_consequence(
        &self,
        text: &str,
    ) -> Option<(usize, usize, Reversal)> {
        for (ss, se) in sentences(text) {
            let Some((pe, qs)) = split(text, ss, se) else {
                continue;
            };
            let premise = &text[ss..pe];
            if has_word(premise, CONTRAST) {
                continue;
            }
            let p = read(premise);
            let q = read(&text[qs..se]);
            if p.negations + p.determiners > 0 || p.relations.is_empty() || q.content.is_empty() {
                continue;
            }
            if let Some(span) = self.rule_reversed(&p, &q) {
                return Some((qs + span.0, qs + span.1, Reversal::Negation));
            }
        }
        None
    }

    fn rule_reversed(&self, p: &Reading, q: &Reading) -> Option<(usize, usize)> {
        let numbers: HashSet<u64> = p.numbers.iter().chain(&q.numbers).copied().collect();
        let content: HashSet<u64> = p.content.iter().chain(&q.content).copied().collect();
        let mut candidates: Vec<u32> = p
            .content
            .iter()
            .flat_map(|w| self.by_word.get(w).into_iter().flatten().copied())
            .collect();
        candidates.sort();
        candidates.dedup();
        let mut reversed = None;
        for id in candidates {
            let u = &self.units[id as usize];
            let e = &u.reading;
            if u.not_sufficient
                || e.numbers.is_empty()
                || e.relations != p.relations
                || !e.numbers.iter().all(|n| numbers.contains(n))
            {
                continue;
            }
            let in_e = |w: &u64| e.content.binary_search(w).is_ok();
            let p_shared = p.content.iter().filter(|w| in_e(w)).count();
            let q_shared = q.content.iter().filter(|w| in_e(w)).count();
            let covered = e.content.iter().filter(|w| content.contains(w)).count();
            if p_shared < MIN_SIDE_SHARED
                || q_shared < MIN_SIDE_SHARED
                || 2 * q_shared <= q.content.len()
                || (covered as f64) < 0.7 * e.content.len() as f64
            {
                continue;
            }
            let q_neg = (q.negations + q.determiners) % 2;
            let e_neg = (e.negations + e.determiners) % 2;
            if q_neg == e_neg {
                // A rule the consequence agrees with: nothing is reversed.
                return None;
            }
            let span = match q.negation_spans.first() {
                Some(&s) => s,
                // The rule's negation dropped: the consequence's first content word.
                None => *q.words.iter().find(|&&(s, e)| {
                    let w = &q.lower[s..e];
                    w.len() > 2 && !super::lexicon().function.contains(w)
                })?,
            };
            reversed = Some(span);
        }
        reversed
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::index;
    use super::*;

    const RULES: &str = "2.1 Target volume yield: Line 1 50 %, Line 2 46 %, Line 3 47 %.\n2.2 A line more than 3 percentage points below its target for a week is reviewed by the mill manager.\n3.3 A bay below 92 % in a week is reported to the regional technician.\n4.1 Refunds are issued only if the request is made more than 14 days before the start.";

    #[test]
    fn a_met_condition_with_its_consequence_negated_is_a_reversal() {
        let idx = index(RULES);
        let text = "Line 3 is more than 3 percentage points under target, so under § 2.2 it doesn't go to the mill manager for review.";
        let (s, e, k) = idx.reversed_consequence(text).expect("reversed");
        assert_eq!((k, &text[s..e]), (Reversal::Negation, "doesn't"));
        let text = "Bay 3 is under the 92% bay threshold, so it doesn't need to go to the regional technician (§ 3.3).";
        assert!(idx.reversed_consequence(text).is_some());
    }

    #[test]
    fn a_rule_applied_as_written_or_to_an_unmet_condition_is_no_reversal() {
        let idx = index(RULES);
        for text in [
            // The consequence as the rule states it.
            "Line 3 is more than 3 percentage points under target, so under § 2.2 it goes to the mill manager for review.",
            // The condition is not met: the consequence is negated legitimately.
            "Line 2 is less than 3 percentage points below target, so under § 2.2 it isn't reviewed by the mill manager.",
            "Bay 2 is above the 92% threshold, so it isn't reported to the regional technician (§ 3.3).",
            "Line 2 isn't more than 3 percentage points below target, so it isn't reviewed by the mill manager (§ 2.2).",
            // A contrast in the premise, and a necessary condition only.
            "Line 3 is more than 3 percentage points under target, but it was a maintenance week, so under § 2.2 it isn't reviewed by the mill manager.",
            "The request was made more than 14 days before the start, so under 4.1 no refund is issued.",
            // A purpose, not a consequence.
            "Bay 3 is below 92 %, so that the regional technician is not called twice (§ 3.3).",
        ] {
            assert!(idx.reversed_consequence(text).is_none(), "{text}");
        }
    }
}
