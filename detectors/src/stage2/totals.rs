//! A total the answer states against the parts it lists. "$79.99 a month plus recovery lounge
//! ($15.00) and towel service ($6.00), so $79.99 in total": every amount is an evidence value,
//! so each checks out on its own, yet the total cannot be both one of its parts and their sum.
//!
//! A total is an amount after a total word ("Total:", "a total of", "comes to", "all told") or
//! before "in total" / "altogether". Its parts are the amounts of the same currency and unit
//! the answer lists before it: earlier in the same sentence, or — when the total opens its own
//! line ("**Total:** $1,836.00") — on the lines just above it, back to the first line that
//! has none. A line that works a part out ("85 seats × $24.00 = $2,040.00") contributes its
//! result, the amount after its last `=`; a part written negative ("−$204.00") or named as a
//! deduction (discount, credit, refund, "less", "minus", "off") is subtracted.
//!
//! The total conflicts with its parts only when it equals one of them while the others do not
//! add up to zero — a total equal to one of two or more non-zero parts is wrong whatever the
//! parts leave out (a tax, a fee): the other parts are listed as included. A total that differs
//! from the parts' sum in any other way is left to the number checks: the answer may omit a
//! part it does not list.

use super::items::{captured_currency, captured_magnitude, captured_unit, captured_value, re};
use regex::Regex;
use std::sync::OnceLock;

/// Most lines above a total's own line searched for its parts.
const MAX_PART_LINES: usize = 8;
/// Most parts a total is compared with.
const MAX_PARTS: usize = 12;

fn total_word() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)\b(?:grand total|total(?: cost| price| due| charge| amount| of)?|comes? to|came to|all told)\b[*:\s]*",
        )
        .expect("total word")
    })
}

fn total_after() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"(?i)^[^\w\n]{0,3}(?:in total|altogether)\b").expect("in total"))
}

fn deduction() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:discount|credit|refund|rebate|less|minus|off|deduct\w*|waived?)\b")
            .expect("deduction")
    })
}

fn additive() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"(?i)\b(?:plus|and|less|minus)\b|[+−]|\s-\s").expect("additive"))
}

/// An amount of money the text states: its byte range, signed value and kind.
#[derive(Debug, Clone)]
pub(super) struct Amount {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) value: f64,
    decimals: usize,
    /// Currency and unit, lower-cased.
    pub(super) kind: (String, String),
}

/// Amounts with a currency in `text[from..to]`, offsets into `text`.
pub(super) fn amounts(text: &str, from: usize, to: usize) -> Vec<Amount> {
    let scope = &text[from..to];
    re().number_in(scope)
        .captures_iter(scope)
        .take(64)
        .filter_map(|c| {
            let currency = captured_currency(&c);
            if currency.is_empty() {
                return None;
            }
            let num = c.name("num")?;
            let start = c
                .name("cur")
                .map_or(num.start(), |x| x.start())
                .min(num.start());
            let end = c.get(0)?.end().max(num.end());
            let mut value = captured_value(&c)? * captured_magnitude(&c);
            let before = scope[..start].trim_end_matches([' ', '\u{a0}']);
            if before.ends_with(['−', '-', '–'])
                && !before
                    .trim_end_matches(['−', '-', '–'])
                    .ends_with(char::is_alphanumeric)
            {
                value = -value.abs();
            }
            let digits = num.as_str();
            let decimals = digits
                .rsplit_once(['.', ','])
                .filter(|(_, d)| d.len() <= 2)
                .map_or(0, |(_, d)| d.len());
            Some(Amount {
                start: from + start,
                end: from + end,
                value,
                decimals,
                kind: (currency.to_lowercase(), captured_unit(&c).to_lowercase()),
            })
        })
        .collect()
}

fn same(a: f64, b: f64, decimals: usize) -> bool {
    let tol = if decimals > 0 { 0.005 } else { 0.5 };
    (a - b).abs() <= tol + 1e-9 * a.abs().max(b.abs())
}

/// The part a line of a list contributes: the amount after its last `=`, else its only
/// amount (a line with several amounts and no `=` is a breakdown of its own and gives none);
/// negative when the line names a deduction.
fn line_part(answer: &str, ls: usize, le: usize) -> Option<Amount> {
    let line = &answer[ls..le];
    let found = amounts(answer, ls, le);
    let mut part = match line.rfind('=') {
        Some(eq) => found.into_iter().find(|a| a.start >= ls + eq)?,
        None if found.len() == 1 => found.into_iter().next()?,
        None => return None,
    };
    if part.value > 0.0 && deduction().is_match(&answer[ls..part.start]) {
        part.value = -part.value;
    }
    Some(part)
}

/// The parts a total at `total` lists before it: the amounts earlier in its sentence
/// (`sentence_start..total.start`), or, when the total's line has no amount before the total,
/// the parts of the lines above it.
fn parts(answer: &str, sentence_start: usize, total: &Amount) -> Vec<Amount> {
    // Operands before an `=` are worked into the result after it ("3 × $20.00 = $60.00").
    let from = answer[sentence_start..total.start]
        .rfind('=')
        .map_or(sentence_start, |i| sentence_start + i);
    let in_sentence: Vec<Amount> = amounts(answer, from, total.start)
        .into_iter()
        .filter(|a| a.kind == total.kind)
        .map(|mut a| {
            // A deduction word just before the amount ("less $20.00", "a discount of $5.00").
            let mut ns = a.start.saturating_sub(24).max(from);
            while !answer.is_char_boundary(ns) {
                ns += 1;
            }
            if a.value > 0.0 && deduction().is_match(&answer[ns..a.start]) {
                a.value = -a.value;
            }
            a
        })
        .collect();
    if !in_sentence.is_empty() {
        // Summed only when the sentence joins them as a sum: "plus", "and", "+", "less", "minus"
        // between each part and the next ("a 25% fee with a $75.00 minimum … comes to $75.00"
        // is no sum).
        let joined = in_sentence
            .windows(2)
            .all(|w| additive().is_match(&answer[w[0].end..w[1].start]));
        return if joined { in_sentence } else { Vec::new() };
    }
    let line_start = answer[..total.start].rfind('\n').map_or(0, |i| i + 1);
    let mut out = Vec::new();
    let mut end = line_start;
    let mut lines = 0;
    while end > 0 && lines < MAX_PART_LINES + 2 {
        let le = end - 1; // the '\n' ending the line above
        let ls = answer[..le].rfind('\n').map_or(0, |i| i + 1);
        end = ls;
        lines += 1;
        if answer[ls..le].trim().is_empty() {
            // One blank line between the list and its total.
            if out.is_empty() && lines <= 1 {
                continue;
            }
            break;
        }
        match line_part(answer, ls, le) {
            Some(p) if p.kind == total.kind => out.push(p),
            _ => break,
        }
    }
    out.truncate(MAX_PARTS);
    out
}

/// A total in `answer[cs..ce]` that equals one of the two or more parts listed before it
/// while the others do not cancel out: its byte range and the reason.
pub(super) fn total_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
) -> Option<(usize, usize, &'static str)> {
    let claim = &answer[cs..ce];
    for m in total_word().find_iter(claim) {
        let at = cs + m.end();
        // The amount right after the total word, on the same line.
        let Some(total) = amounts(answer, at, ce)
            .into_iter()
            .next()
            .filter(|a| !answer[at..a.start].contains('\n') && a.start - at <= 4)
        else {
            continue;
        };
        if let Some(c) = conflict(answer, cs, &total) {
            return Some(c);
        }
    }
    // "… so $79.99 in total".
    for a in amounts(answer, cs, ce) {
        if total_after().is_match(&answer[a.end..ce]) {
            if let Some(c) = conflict(answer, cs, &a) {
                return Some(c);
            }
        }
    }
    None
}

fn conflict(answer: &str, cs: usize, total: &Amount) -> Option<(usize, usize, &'static str)> {
    let parts = parts(answer, cs, total);
    if parts.len() < 2 || parts.iter().any(|p| p.value == 0.0) {
        return None;
    }
    let sum: f64 = parts.iter().map(|p| p.value).sum();
    let d = total.decimals;
    let equals_a_part = parts.iter().any(|p| same(p.value, total.value, d));
    (equals_a_part && !same(sum, total.value, d)).then_some((
        total.start,
        total.end,
        "total equals one of the parts the answer lists, not their sum",
    ))
}

#[cfg(test)]
mod tests {
    use super::total_conflict;

    fn conflicts(a: &str) -> bool {
        total_conflict(a, 0, a.len()).is_some()
    }

    #[test]
    fn a_total_in_the_sentence_of_its_parts() {
        assert!(conflicts(
            "You're paying $79.99 a month plus recovery lounge ($15.00) and towel service ($6.00), so $79.99 in total."
        ));
        assert!(!conflicts(
            "You're paying $79.99 a month plus recovery lounge ($15.00) and towel service ($6.00), so $100.99 in total."
        ));
        // A total that leaves a part out but equals none of them is left alone.
        assert!(!conflicts(
            "$40.00 plus $10.00 delivery, $52.30 in total with tax."
        ));
        // One part only: nothing to add.
        assert!(!conflicts("The plan is $79.99, so $79.99 in total."));
        // Parts not joined as a sum.
        assert!(!conflicts(
            "The fee is 25% of the permit fee with a $75 minimum — with your $272.25 fee, that comes to $75.00."
        ));
        // A deduction in the sentence.
        assert!(!conflicts("$120.00 less a $20.00 credit comes to $100.00."));
        assert!(conflicts("$120.00 less a $20.00 credit comes to $120.00."));
    }

    #[test]
    fn a_total_line_below_its_list() {
        let list = "Your subscription renews on April 21:\n\n- 85 seats × $24.00 = $2,040.00\n- 10% partner discount: −$204.00\n\n";
        assert!(conflicts(&format!(
            "{list}**Total:** $2,040.00 plus any applicable tax"
        )));
        assert!(!conflicts(&format!(
            "{list}**Total:** $1,836.00 plus any applicable tax"
        )));
        // A list of other currencies is no list of parts.
        assert!(!conflicts(
            "- Deposit: €200.00\n- Fee: €20.00\nTotal: $200.00"
        ));
        // The line above without an amount ends the list: one part.
        assert!(!conflicts(
            "Here is the bill:\n- Rent: $900.00\nTotal: $900.00"
        ));
    }
}
