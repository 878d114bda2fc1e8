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

/// Words that state the result of the arithmetic before them, as `=` does: "CAD 60.00 plus
/// CAD 20.00 plus the CAD 25.00 late fee comes to CAD 105.00", "$450.00 less the $150.00 already
/// paid leaves $300.00". (A closed class of English result phrases, longest first.)
const RESULT_WORDS: &[&str] = &[
    "brings the total to",
    "for a total of",
    "works out to",
    "works out at",
    "comes out to",
    "comes to",
    "come to",
    "coming to",
    "adds up to",
    "add up to",
    "totalling",
    "totaling",
    "totals",
    "equals",
    "leaves",
    "leaving",
    "makes",
    "gives",
    "giving",
    "that's",
    "that is",
    "is",
    "are",
];

/// A currency code or abbreviation written before an amount ("CAD ", "USD ", "Rs. "): the
/// text before it, trimmed; the text itself without one.
fn before_currency_code(before: &str) -> &str {
    let word_start = before.rfind(' ').map_or(0, |i| i + 1);
    let word = &before[word_start..];
    let code = (word.len() == 3 && word.bytes().all(|b| b.is_ascii_uppercase()))
        || word == "Rs."
        || word == "Rs";
    if code {
        before[..word_start].trim_end()
    } else {
        before
    }
}

/// The expression written before a result: the text from the start of the result's clause (a
/// colon, semicolon, parenthesis, line break or earlier `=`, at most 120 bytes back) to the sign
/// (one of `signs`) right before the result, with its start and whether a sign (not a word)
/// stated the result; `None` without such a sign. With `words`, a result phrase
/// ([`RESULT_WORDS`]) serves as `=`; a currency code between the sign and the number is passed
/// over.
fn written_lhs<'a>(
    answer: &'a str,
    item: &Item,
    signs: &[char],
    words: bool,
) -> Option<(usize, &'a str, bool)> {
    let before = before_currency_code(answer[..item.start].trim_end());
    let signed = before.ends_with(signs);
    let lhs_end = match before.strip_suffix(signs) {
        Some(rest) => rest.len(),
        None if words => {
            let lower = before.to_ascii_lowercase();
            let w = RESULT_WORDS.iter().find(|w| {
                lower
                    .strip_suffix(*w)
                    .is_some_and(|rest| rest.ends_with(' '))
            })?;
            before.len() - w.len()
        }
        None => return None,
    };
    let clause_start = before[..lhs_end]
        .rfind([':', ';', '(', '\n', '='])
        .map_or(0, |i| i + 1);
    let clause_start = clause_start.max(lhs_end.saturating_sub(120));
    let clause_start = crate::text::ceil_char_boundary(answer, clause_start);
    Some((clause_start, &answer[clause_start..lhs_end], signed))
}

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
    let Some((clause_start, lhs, signed)) = written_lhs(answer, item, &['=', '≈', '→'], true)
    else {
        return false;
    };
    // The expression may open after a clause break inside the stretch ("Split between 6
    // passengers, Runway Limo comes to $375 ÷ 6 = $62.50"; "(term 4.1), a 30% deposit is due —
    // $100 × 30% = $30"): the longest tail that reads as one.
    let Some((operands, ops)) = expression(lhs).or_else(|| {
        lhs.match_indices([',', ')', '\u{2014}', '\u{2013}', '.'])
            .filter(|&(k, m)| m != "." || lhs[k + 1..].starts_with(' '))
            .map(|(k, m)| k + m.len())
            .find_map(|k| expression(&lhs[k..]))
    }) else {
        // "1.5x the median = $86.24" needs the sign; a result word after a lone multiple is
        // too loose a reading ("the 3x premium is $86").
        return signed && multiple_of_stated(lhs, c, facts, clause_start);
    };
    // Exact: the operands as written.
    let Some((value, _)) = interval(&operands, &ops, false) else {
        return false;
    };
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

/// A result the arithmetic written before it does not yield: "1,250 gal × $0.38 = $595" (the
/// product is $475), "5 cyl × $25 = $50". Only after `=`, for an expression of at least two
/// numbers whose value, with every operand's rounding and the result's, still misses the
/// result, and when no other amount of the line supplies a factor left out of a lone product
/// ([`written_result`]'s allowance). The evidence may hold the wrong result elsewhere — another
/// record's total — so this decides before the evidence is searched.
pub(super) fn written_result_conflict(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
) -> bool {
    // (Decimal commas make `.` a thousands separator, which the expression reader does not
    // know: "33 ÷ 1.146 = 2,9%".)
    if super::items::comma_decimals(answer) {
        return false;
    }
    let Some((_, lhs, _)) = written_lhs(answer, item, &['=', '→'], false) else {
        return false;
    };
    // Grouping the reader does not follow: "(32,000 − 31,133) ÷ 32,000 = 2.71%".
    if lhs.contains(')') {
        return false;
    }
    let Some((operands, ops)) = expression(lhs) else {
        return false;
    };
    let Some((lo, hi)) = interval(&operands, &ops, true) else {
        return false;
    };
    let n = c.value * c.magnitude;
    let tol = 0.5 * 10f64.powi(-c.decimals.max(0)) * c.magnitude + 1e-9;
    if n.is_nan() || (lo - tol <= n && n <= hi + tol) {
        return false;
    }
    // A percent result of a quotient ("3 ÷ 4 = 75%").
    if c.is_percent() && lo * 100.0 - tol <= n && n <= hi * 100.0 + tol {
        return false;
    }
    // A factor the formula leaves out, stated anywhere in the answer ("9 days × 5 lots =
    // $675.00" at the "$15.00/lot/day" of another line), for a lone product or quotient.
    if ops.iter().all(|&o| o == '×' || o == '÷') {
        let left_out = facts.numbers.iter().any(|x| {
            x.quantity() && x.value() != 0.0 && {
                let (a, b) = (lo * x.value(), hi * x.value());
                a.min(b) - tol <= n && n <= a.max(b) + tol
            }
        });
        if left_out {
            return false;
        }
    }
    !written_result(answer, item, c, facts)
}

/// A number the answer's own working yields elsewhere: "Balance: 607 opening + 504 − 360 = 751
/// pallets" supports the summary line's "holds 751 pallets" (and the "751 × $0.045" worked on
/// it). Each result of an expression the answer writes out (`=`, `≈` or `→` after it) whose
/// value it equals, to the result's decimals, is a value of the answer's working; its operands
/// are checked where they stand, so a wrong operand is flagged there, and a result the
/// expression does not yield supports nothing. Exact to the claim's decimals.
pub(super) fn worked_elsewhere(answer: &str, item: &Item, c: &ClaimNumber) -> bool {
    let n = c.value * c.magnitude;
    let tol = 0.5 * 10f64.powi(-c.decimals.max(0)) * c.magnitude + 1e-9;
    for (q, ch) in answer.char_indices() {
        if !matches!(ch, '=' | '≈' | '→') || (item.start..item.end).contains(&q) {
            continue;
        }
        let Some((result, decimals)) = leading_amount(&answer[q + ch.len_utf8()..]) else {
            continue;
        };
        if (result - n).abs() > tol {
            continue;
        }
        let before = answer[..q].trim_end();
        let clause_start = before
            .rfind([':', ';', '(', '\n', '=', '→'])
            .map_or(0, |i| i + 1)
            .max(before.len().saturating_sub(120));
        let clause_start = crate::text::ceil_char_boundary(answer, clause_start);
        let Some((operands, ops)) = expression(&answer[clause_start..before.len()]) else {
            continue;
        };
        let Some((value, _)) = interval(&operands, &ops, false) else {
            continue;
        };
        if (value - result).abs() <= 0.5 * 10f64.powi(-decimals) + 1e-9 {
            return true;
        }
    }
    false
}

/// The amount that opens `text` ("  $33.80 a day", " 751 pallets", " Rs. 140.91"): its value
/// and decimals, after at most a short currency prefix; `None` for a percentage or a date.
fn leading_amount(text: &str) -> Option<(f64, i32)> {
    let t = text.trim_start();
    let at = t.find(|c: char| c.is_ascii_digit())?;
    let prefix = &t[..at];
    if prefix.chars().count() > 5
        || prefix
            .chars()
            .any(|c| !(c.is_alphabetic() || c == ' ' || c == '.' || "$€£¥₹".contains(c)))
    {
        return None;
    }
    let rest = &t[at..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
        .unwrap_or(rest.len());
    let digits = rest[..end].trim_end_matches([',', '.']);
    let after = rest[digits.len()..].trim_start();
    if after.starts_with(['%', '/', '-', ':']) {
        return None;
    }
    let value = digits.replace(',', "").parse::<f64>().ok()?;
    let decimals = digits.split_once('.').map_or(0, |(_, f)| f.len() as i32);
    Some((value, decimals))
}

/// "1.5x the median = $86.24": a multiple (a number with "x" or "×") of a quantity the words
/// name, where the answer states that quantity earlier (the median, £57.49): the result is the
/// multiple of a number the answer states before the clause, to the result's decimals (that
/// number's own rounding carried). The multiple is the clause's only number.
fn multiple_of_stated(
    lhs: &str,
    c: &ClaimNumber,
    facts: &AnswerFacts,
    clause_start: usize,
) -> bool {
    let Some(at) = lhs.find(|ch: char| ch.is_ascii_digit()) else {
        return false;
    };
    let end = lhs[at..]
        .find(|ch: char| !(ch.is_ascii_digit() || ch == '.'))
        .map_or(lhs.len(), |e| at + e);
    let Ok(k) = lhs[at..end].parse::<f64>() else {
        return false;
    };
    let times = lhs[end..]
        .trim_start()
        .strip_prefix(['x', '×'])
        .is_some_and(|rest| rest.starts_with(char::is_whitespace));
    if !times || lhs[end..].contains(|ch: char| ch.is_ascii_digit()) || k <= 0.0 {
        return false;
    }
    let n = c.value * c.magnitude;
    let tol = 0.5 * 10f64.powi(-c.decimals.max(0)) * c.magnitude;
    facts.numbers.iter().any(|x| {
        x.quantity()
            && x.start() < clause_start
            && (k * x.value() - n).abs() <= tol + k * 0.005 + 1e-9 * n.abs()
    })
}

/// A number of an expression the answer writes out: its value (a percent is a hundredth; "K",
/// "M", "bn" glued to it multiply) and half the unit of its last written digit — 0 for a whole
/// number with no magnitude (a count, an exact amount), "3.11M" ± 0.005M.
#[derive(Debug, Clone, Copy)]
struct Operand {
    value: f64,
    half_unit: f64,
}

/// The numbers and operators of an arithmetic expression (`+ - − × x * / ÷`, a spaced `-` or
/// `x` only), words between them ignored ("78 days", "€450 × 4 stores"); `None` unless it
/// alternates number, operator, number … with at least one operator and at most
/// [`MAX_OPERANDS`] numbers.
fn expression(text: &str) -> Option<(Vec<Operand>, Vec<char>)> {
    let mut nums: Vec<Operand> = Vec::new();
    let mut ops: Vec<char> = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, ch) = chars[i];
        if ch.is_ascii_digit() {
            let end = text[at..]
                .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
                .map_or(text.len(), |e| at + e);
            let digits = text[at..end].trim_end_matches([',', '.']);
            let mut v = digits.replace(',', "").parse::<f64>().ok()?;
            let decimals = digits.split_once('.').map_or(0, |(_, f)| f.len() as i32);
            let mut unit = if decimals > 0 {
                0.5 * 10f64.powi(-decimals)
            } else {
                0.0
            };
            let glued = &text[at + digits.len()..];
            let letter_after = |n: usize| glued[n..].starts_with(|c: char| c.is_alphabetic());
            let magnitude = if glued.starts_with(['k', 'K']) && !letter_after(1) {
                1e3
            } else if glued.starts_with('M') && !letter_after(1) {
                1e6
            } else if glued.starts_with("bn") && !letter_after(2) {
                1e9
            } else {
                1.0
            };
            if magnitude > 1.0 {
                unit = if decimals > 0 { unit } else { 0.5 } * magnitude;
                v *= magnitude;
            }
            let rest = glued.trim_start();
            if rest.starts_with('%') || rest.to_ascii_lowercase().starts_with("per cent") {
                v /= 100.0;
                unit /= 100.0;
            }
            if nums.len() > ops.len() || nums.len() >= MAX_OPERANDS {
                return None;
            }
            nums.push(Operand {
                value: v,
                half_unit: unit,
            });
            while i < chars.len() && chars[i].0 < at + digits.len() {
                i += 1;
            }
            continue;
        }
        let spaced = |j: usize| chars.get(j).is_none_or(|&(_, c)| c == ' ');
        // An operator written as a word ("$160, plus the $15 fee = $175"), between numbers.
        if ch.is_ascii_alphabetic() && (i == 0 || !chars[i - 1].1.is_alphanumeric()) {
            let rest = &text[at..];
            let word = rest
                .find(|c: char| !c.is_ascii_alphabetic())
                .map_or(rest, |e| &rest[..e]);
            let op = match word.to_ascii_lowercase().as_str() {
                "plus" => Some('+'),
                "minus" | "less" => Some('-'),
                "times" => Some('×'),
                _ => None,
            };
            if let Some(op) = op.filter(|_| rest[word.len()..].starts_with(' ')) {
                if nums.len() != ops.len() + 1 {
                    return None;
                }
                ops.push(op);
                i += word.len();
                continue;
            }
        }
        // A Markdown emphasis mark ("**Daily hire:**") is no product.
        let emphasis = ch == '*'
            && (i > 0 && chars[i - 1].1 == '*' || chars.get(i + 1).is_some_and(|&(_, c)| c == '*'));
        // "$120.60/mo", "4 t/day": a rate's unit, not a quotient.
        let per_unit = ch == '/' && chars.get(i + 1).is_some_and(|&(_, c)| c.is_alphabetic());
        let op = match ch {
            '*' if emphasis => None,
            '/' if per_unit => None,
            '×' | '*' | '÷' | '/' | '+' | '−' => Some(ch),
            '-' | 'x' | 'X' if i > 0 && spaced(i - 1) && spaced(i + 1) => Some(ch),
            _ => None,
        };
        if let Some(op) = op {
            if nums.len() != ops.len() + 1 {
                return None;
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
    (!ops.is_empty() && nums.len() == ops.len() + 1).then_some((nums, ops))
}

/// The range of values an expression's numbers allow, each within half the unit of its last
/// written digit when `rounded` (else each exactly as written: a range of one value); products
/// and quotients first, then sums.
fn interval(operands: &[Operand], ops: &[char], rounded: bool) -> Option<(f64, f64)> {
    let range = |o: &Operand| {
        let h = if rounded { o.half_unit } else { 0.0 };
        (o.value - h, o.value + h)
    };
    let mul = |(a, b): (f64, f64), (c, d): (f64, f64)| {
        let p = [a * c, a * d, b * c, b * d];
        (
            p.iter().copied().fold(f64::INFINITY, f64::min),
            p.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        )
    };
    let mut terms: Vec<(f64, f64)> = vec![range(operands.first()?)];
    let mut signs: Vec<f64> = vec![1.0];
    for (k, &op) in ops.iter().enumerate() {
        let x = range(operands.get(k + 1)?);
        let last = terms.last_mut()?;
        match op {
            '×' => *last = mul(*last, x),
            '÷' if x.0 > 0.0 || x.1 < 0.0 => *last = mul(*last, (1.0 / x.1, 1.0 / x.0)),
            '+' | '-' => {
                terms.push(x);
                signs.push(if op == '+' { 1.0 } else { -1.0 });
            }
            _ => return None,
        }
    }
    Some(
        terms
            .iter()
            .zip(&signs)
            .fold((0.0, 0.0), |(lo, hi), (t, &s)| {
                if s > 0.0 {
                    (lo + t.0, hi + t.1)
                } else {
                    (lo - t.1, hi - t.0)
                }
            }),
    )
}

/// The result of working the answer shows in parentheses right after it ("$44.66 ($412K ÷
/// 9,224)", "€186k (6.0% × €3.11M)", "79.7% (€648K ÷ €813K)", "37% of spend ($167K ÷
/// $449K)", a few words between): the expression's value, within the precision of every
/// number written (a rounded operand carries its rounding), equals the number as written; a
/// percent may be written for a quotient. Each operand is checked on its own; a changed
/// result no longer equals the expression.
pub(super) fn parenthetical_working(answer: &str, item: &Item, c: &ClaimNumber) -> bool {
    let after = &answer[item.end..];
    let Some(open) = after.find('(') else {
        return false;
    };
    let between = &after[..open];
    if between.split_whitespace().count() > 3
        || between.contains(|ch: char| ch.is_ascii_digit() || ".;:!?\n(—".contains(ch))
    {
        return false;
    }
    let inner = &after[open + 1..];
    let Some(close) = inner.find(')').filter(|&e| e <= 120) else {
        return false;
    };
    let Some((operands, ops)) = expression(&inner[..close]) else {
        return false;
    };
    let Some((lo, hi)) = interval(&operands, &ops, true) else {
        return false;
    };
    let n = c.value * c.magnitude;
    let half = 0.5 * 10f64.powi(-c.decimals.max(0)) * c.magnitude + 1e-9 * n.abs();
    let meets = |v: f64| v + half >= lo - 1e-9 * lo.abs() && v - half <= hi + 1e-9 * hi.abs();
    meets(n) || (c.unit == "%" && meets(n / 100.0))
}

/// A share the answer states in parentheses right after a part and its whole: "it has spent
/// €58.1K of the current €63K budget in the period (92%)", "2 of 5 sites (40%)". `A of [a few
/// words] B [a few words] (P%)`: P is A ÷ B, within the rounding of the three numbers as
/// written. `Some(true)` when it is, `Some(false)` when it is not (a share of something else
/// is written with its noun, "(75% of visits)", and is not read here), `None` without that
/// form.
pub(super) fn share_of_stated(answer: &str, item: &Item, c: &ClaimNumber) -> Option<bool> {
    if !c.is_percent() || !answer[item.end..].starts_with(')') {
        return None;
    }
    let open = answer[..item.start].strip_suffix('(')?;
    let open = open.trim_end();
    // The clause before it: back to a sentence end, a colon or a semicolon (at most 160 bytes).
    let from = crate::text::floor_char_boundary(answer, open.len().saturating_sub(160));
    let clause_start = answer[from..open.len()]
        .rfind(['.', ':', ';', '\n', '(', ')'])
        .map_or(from, |p| from + p + 1);
    // A period as a decimal point ("€58.1K") does not end the clause.
    let clause_start = if answer[..clause_start]
        .chars()
        .next_back()
        .is_some_and(|ch| ch == '.')
        && answer[clause_start..].starts_with(|ch: char| ch.is_ascii_digit())
    {
        from
    } else {
        clause_start
    };
    let clause = &answer[clause_start..open.len()];
    // Read in the answer's own number format ("405 of 1.136 washes (35,7 %)").
    let numbers: Vec<(usize, usize, f64, f64)> = super::items::re()
        .number_in(answer)
        .captures_iter(clause)
        .filter_map(|cap| {
            let m = cap.get(0)?;
            let v = super::items::captured_value(&cap)? * super::items::captured_magnitude(&cap);
            let frac = super::items::captured_frac(&cap).map_or(0, str::len) as i32;
            let half = 0.5 * 10f64.powi(-frac) * super::items::captured_magnitude(&cap);
            Some((m.start(), m.end(), v, half))
        })
        .collect();
    // The last "A of … B" pair: A right before "of", B within four words after it, and at most
    // four words from B to the parenthesis.
    let words = |t: &str| t.split_whitespace().count();
    for w in numbers.windows(2).rev() {
        let (a, b) = (w[0], w[1]);
        let between = clause[a.1..b.0].trim();
        let Some(rest) = between.strip_prefix("of") else {
            continue;
        };
        if !rest.starts_with(' ') && !rest.is_empty() || words(rest) > 4 {
            continue;
        }
        if words(&clause[b.1..]) > 4 || clause[b.1..].contains(|ch: char| ch.is_ascii_digit()) {
            return None;
        }
        let (a_lo, a_hi) = (a.2 - a.3, a.2 + a.3);
        let (b_lo, b_hi) = (b.2 - b.3, b.2 + b.3);
        if b_lo <= 0.0 {
            return None;
        }
        let (lo, hi) = (100.0 * a_lo / b_hi, 100.0 * a_hi / b_lo);
        let half = 0.5 * 10f64.powi(-c.decimals.max(0));
        return Some(c.value + half >= lo && c.value - half <= hi);
    }
    None
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
