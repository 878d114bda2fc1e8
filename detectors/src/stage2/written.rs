//! Arithmetic the answer writes out, and counts it implies: the result of an expression written
//! before it ("78 days x 21% / 365 = Rs. 140.91"), an operand of one whose result it states
//! ("$64,500 a year ÷ 26"), and how many containers a quantity needs at a capacity stated per
//! container ("at 38t a truck that's 4 truckloads"). Each supports a number that the evidence
//! alone does not place; the operands are checked on their own. Used by
//! [`super::number_check`].

use super::items::Item;
use super::numbers::{AnswerFacts, ClaimNumber};

/// Most operands of a written-out expression ([`written_result`]).
const MAX_OPERANDS: usize = 8;

/// The result of arithmetic the answer writes out before it: "78 days x 21% / 365 = Rs. 140.91"
/// is the value of "78 × 0.21 ÷ 365" times one other amount of its line (the bill of Rs. 3,140
/// the interest is on, which writers leave out of the formula), "2 x ₹450 + ₹80 = ₹980" the
/// value of the expression itself. Numbers (a percent is a hundredth) joined by `+ - − × x * /
/// ÷`, with words between them ignored ("78 days"), from the start of the clause to the `=`;
/// products and quotients first. Exact to the result's decimals. Each operand is checked on its
/// own; a changed result no longer equals the expression.
pub(super) fn written_result(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    let before = answer[..item.start].trim_end();
    let Some(lhs_end) = before.strip_suffix(['=', '≈']).map(str::len) else {
        return false;
    };
    let clause_start = before[..lhs_end]
        .rfind([':', ';', '(', '\n', '='])
        .map_or(0, |i| i + 1);
    let clause_start = clause_start.max(lhs_end.saturating_sub(120));
    let clause_start = crate::text::ceil_char_boundary(answer, clause_start);
    let lhs = &answer[clause_start..lhs_end];
    // Tokens: numbers (with their percent sign) and operators.
    let mut nums: Vec<f64> = Vec::new();
    let mut ops: Vec<char> = Vec::new();
    let chars: Vec<(usize, char)> = lhs.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, ch) = chars[i];
        if ch.is_ascii_digit() {
            let end = lhs[at..]
                .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
                .map_or(lhs.len(), |e| at + e);
            let text = lhs[at..end].trim_end_matches([',', '.']);
            let Ok(mut v) = text.replace(',', "").parse::<f64>() else {
                return false;
            };
            let rest = lhs[at + text.len()..].trim_start();
            if rest.starts_with('%') || rest.to_ascii_lowercase().starts_with("per cent") {
                v /= 100.0;
            }
            if nums.len() > ops.len() || nums.len() >= MAX_OPERANDS {
                return false;
            }
            nums.push(v);
            while i < chars.len() && chars[i].0 < at + text.len() {
                i += 1;
            }
            continue;
        }
        let spaced = |j: usize| chars.get(j).is_none_or(|&(_, c)| c == ' ');
        let op = match ch {
            '×' | '*' | '÷' | '/' | '+' | '−' => Some(ch),
            '-' | 'x' | 'X' if i > 0 && spaced(i - 1) && spaced(i + 1) => Some(ch),
            _ => None,
        };
        if let Some(op) = op {
            if nums.len() != ops.len() + 1 {
                return false;
            }
            ops.push(match op {
                'x' | 'X' | '*' => '×',
                '/' => '÷',
                '−' => '-',
                o => o,
            });
        }
        i += 1;
    }
    if ops.is_empty() || nums.len() != ops.len() + 1 {
        return false;
    }
    // Products and quotients first, then sums.
    let mut terms: Vec<f64> = vec![nums[0]];
    let mut signs: Vec<f64> = vec![1.0];
    for (k, &op) in ops.iter().enumerate() {
        let x = nums[k + 1];
        match op {
            '×' => *terms.last_mut().expect("a term") *= x,
            '÷' if x != 0.0 => *terms.last_mut().expect("a term") /= x,
            '+' | '-' => {
                terms.push(x);
                signs.push(if op == '+' { 1.0 } else { -1.0 });
            }
            _ => return false,
        }
    }
    let value: f64 = terms.iter().zip(&signs).map(|(t, s)| t * s).sum();
    let n = c.value * c.magnitude;
    let tol = 0.5 * 10f64.powi(-c.decimals.max(0)) + 1e-9;
    if (value - n).abs() <= tol {
        return true;
    }
    // One factor left out of a lone product: another amount of the line.
    if ops.iter().all(|&o| o == '×' || o == '÷') {
        let line_start = answer[..clause_start].rfind('\n').map_or(0, |i| i + 1);
        return facts.numbers.iter().any(|x| {
            x.quantity()
                && x.start() >= line_start
                && x.start() < clause_start
                && (value * x.value() - n).abs() <= tol
        });
    }
    false
}

/// An operand of arithmetic the answer writes out, whose result it states: the 26 of
/// "$2,480.77 for the period ($64,500 a year ÷ 26)", the 9 of "$2.70 (9 × $0.30)". The other
/// operand is the answer's number on the other side of the operator (at most 32 bytes away);
/// the result any other number of the answer (each checked on its own). A changed operand
/// ("÷ 24") no longer yields the stated result.
pub(super) fn written_operand(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    let is_op = |ch: char| matches!(ch, '÷' | '×' | '*' | '/');
    let n = c.value * c.magnitude;
    let before = answer[..item.start].trim_end_matches([' ', '$', '€', '£']);
    let after = answer[item.end..].trim_start();
    // (operator position, whether this number is the right-hand operand)
    let op_before = before
        .chars()
        .next_back()
        .filter(|&ch| is_op(ch) || before.ends_with(" x"));
    let op = if let Some(ch) = op_before {
        Some((before.len() - ch.len_utf8(), true))
    } else if after.starts_with(is_op) || after.starts_with("x ") {
        Some((answer.len() - after.len(), false))
    } else {
        None
    };
    let Some((at, right)) = op else {
        return false;
    };
    let others: Vec<(usize, f64)> = facts
        .numbers
        .iter()
        .filter(|x| x.start() != item.start && x.quantity())
        .map(|x| (x.start(), x.value()))
        .collect();
    let operand = if right {
        others
            .iter()
            .filter(|x| x.0 < at && at - x.0 <= 32)
            .max_by_key(|x| x.0)
    } else {
        others
            .iter()
            .filter(|x| x.0 > at && x.0 - at <= 32)
            .min_by_key(|x| x.0)
    };
    let Some(&(a_at, a)) = operand else {
        return false;
    };
    let op_char = answer[at..].chars().next().unwrap_or(' ');
    let result = match op_char {
        '÷' | '/' if right && n != 0.0 => a / n,
        '÷' | '/' if a != 0.0 => n / a,
        '×' | '*' | 'x' => a * n,
        _ => return false,
    };
    let close = |r: f64| (r - result).abs() <= 0.005 + 1e-4 * r.abs();
    others
        .iter()
        .any(|&(at, r)| at != a_at && at.abs_diff(item.start) <= 200 && close(r))
}

/// A count of containers or trips a quantity needs at a capacity stated before it on its line
/// ("120t of ASW1 — at 38t a truck that's 4 truckloads": ⌈120 / 38⌉): two quantities of one
/// unit (each checked on its own), the larger over the smaller, not a whole ratio (that is a
/// plain quotient), rounded up. A changed count ("5 truckloads") is no such count.
pub(super) fn containers_needed(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    let whole = c.decimals == 0 && c.magnitude == 1.0 && c.value >= 1.0 && c.value.fract() == 0.0;
    if !whole || !c.currency.is_empty() || !c.unit.is_empty() {
        return false;
    }
    let line_start = answer[..item.start].rfind('\n').map_or(0, |i| i + 1);
    // A capacity is stated per container: "38t a truck", "40 per crate", "12 each", "6/box".
    let per_container = |start: usize| {
        let rest = answer[start..]
            .trim_start_matches(['$', '€', '£'])
            .trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.' || ch == ',')
            .trim_start_matches(|ch: char| ch.is_alphabetic())
            .to_ascii_lowercase();
        let per = |rest: &str| {
            [" a ", " an ", " per ", " each", "/"]
                .iter()
                .any(|p| rest.starts_with(p))
        };
        // The unit may stand apart from the number ("38 t a truck").
        let unit_apart = rest
            .strip_prefix(' ')
            .map(|r| r.trim_start_matches(|ch: char| ch.is_alphabetic()));
        per(&rest) || unit_apart.is_some_and(|r| r.len() + 1 < rest.len() && per(r))
    };
    let q: Vec<(f64, &str, bool)> = facts
        .numbers
        .iter()
        .filter(|n| n.quantity() && n.start() >= line_start && n.start() < item.start)
        .map(|n| (n.value(), n.unit(), per_container(n.start())))
        .take(4)
        .collect();
    q.iter().enumerate().any(|(i, &(a, ua, pa))| {
        q[i + 1..].iter().any(|&(b, ub, pb)| {
            let (big, small, per) = if a >= b { (a, b, pb) } else { (b, a, pa) };
            let ratio = big / small.max(f64::MIN_POSITIVE);
            ua == ub && per && small > 0.0 && ratio.fract() != 0.0 && ratio.ceil() == c.value
        })
    })
}
