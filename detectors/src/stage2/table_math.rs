//! Arithmetic a Markdown table states within itself: a total row whose cell is not the sum of
//! the column above it ("| **Total** | | | 408 | 720 |" under returns of 360 → 24), and a
//! change column that does not follow from the two values before it ("| Closed won |
//! $3,406,000 | $3,406,000 | -25.7% |"). Each value may check out against the evidence on its
//! own (a conflated value is another record's); the table's own arithmetic does not.
//!
//! Only cells holding one number (currency, magnitude suffix and unit allowed) are read, with
//! the rounding their written digits allow; a column with a cell of anything else is left
//! alone, and so is a percentage column's total.

use super::cells::cells;

/// Most rows above a total row read.
const MAX_ROWS: usize = 64;

/// A cell's number: value and half the unit of its last written digit; whether it is a
/// percentage.
#[derive(Debug, Clone, Copy)]
struct Cell {
    value: f64,
    half_unit: f64,
    percent: bool,
}

/// The one number of a cell ("$1,302.10", "€82.7K", "224,7 m³", "−9.8%", "**720**"), read
/// with a decimal comma when `comma` (the answer writes decimals so); `None` for a cell with
/// no number, or with more than one.
fn number(cell: &str, comma: bool) -> Option<Cell> {
    let t = cell.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '`' | '_'));
    let start = t.find(|c: char| c.is_ascii_digit())?;
    // Before the digits: a sign, a currency sign or code, spaces.
    let prefix = &t[..start];
    if prefix.chars().count() > 5
        || prefix.chars().any(|c| {
            !(c.is_whitespace()
                || c.is_ascii_uppercase()
                || matches!(c, '+' | '-' | '−' | '–' | '$' | '€' | '£' | '¥' | '₹' | '~'))
        })
    {
        return None;
    }
    let negative = prefix.contains(['-', '−', '–']);
    let (dec_sep, group_sep) = if comma { (',', '.') } else { ('.', ',') };
    let rest = &t[start..];
    let mut end = 0;
    let mut digits = String::new();
    let mut decimals: Option<i32> = None;
    let chars: Vec<(usize, char)> = rest.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let next_digit = chars.get(k + 1).is_some_and(|&(_, d)| d.is_ascii_digit());
        if c.is_ascii_digit() {
            digits.push(c);
            if let Some(d) = decimals.as_mut() {
                *d += 1;
            }
        } else if c == dec_sep && next_digit && decimals.is_none() {
            digits.push('.');
            decimals = Some(0);
        } else if (c == group_sep || c == ' ' || c == '\u{a0}' || c == '\u{202f}')
            && next_digit
            && decimals.is_none()
        {
        } else {
            break;
        }
        end = i + c.len_utf8();
    }
    let mut value: f64 = digits.parse().ok()?;
    let after = rest[end..].trim_start();
    // No second number in the cell ("3 of 5", "12 (40%)").
    if after.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let decimals = decimals.unwrap_or(0);
    let mut half_unit = 0.5 * 10f64.powi(-decimals);
    let magnitude = match after.chars().next() {
        Some('k' | 'K') if !after[1..].starts_with(|c: char| c.is_alphabetic()) => 1e3,
        Some('M') if !after[1..].starts_with(|c: char| c.is_alphabetic()) => 1e6,
        _ => 1.0,
    };
    if magnitude > 1.0 {
        value *= magnitude;
        half_unit *= magnitude;
    } else if decimals == 0 && !after.starts_with('%') {
        // A whole number as written is exact (a count, an amount in whole units); a whole
        // percentage is rounded ("-20%" of a fall of 19.98%).
        half_unit = 0.0;
    }
    if negative {
        value = -value;
    }
    Some(Cell {
        value,
        half_unit,
        percent: after.starts_with('%'),
    })
}

/// Words of a column header that name a period or a version compared with another.
const PERIOD_WORDS: &[&str] = &[
    "last", "this", "previous", "prior", "current", "now", "before", "after", "old", "new", "then",
    "earlier", "later", "ly", "ytd", "mtd",
];

/// How a cell writes its number, without the digits: the characters before the first digit
/// and the first word after the last ("$", "€…K", "…%", "… kg").
fn shape(cell: &str) -> String {
    let t = cell.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '`' | '_'));
    let Some(first) = t.find(|c: char| c.is_ascii_digit()) else {
        return t.to_owned();
    };
    let last = t.rfind(|c: char| c.is_ascii_digit()).unwrap_or(first);
    let before: String = t[..first]
        .chars()
        .filter(|c| !matches!(c, '+' | '-' | '−' | '–' | ' '))
        .collect();
    let after = t[last + 1..].split_whitespace().next().unwrap_or("");
    format!("{before}…{after}")
}

/// Whether a cell is empty or a dash: no value in that column for the row.
fn blank(cell: &str) -> bool {
    cell.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '`' | '_'))
        .chars()
        .all(|c| matches!(c, '-' | '—' | '–' | '−'))
}

/// The rows of the table the row `answer[cs..ce]` belongs to, from its header down to the row
/// before it: the line ranges, header first; `None` unless the row is a table row under a
/// header and a separator line.
fn rows_above(answer: &str, cs: usize) -> Option<Vec<(usize, usize)>> {
    let mut rows = Vec::new();
    let mut end = answer[..cs].rfind('\n')?;
    loop {
        let start = answer[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = answer[start..end].trim();
        if !line.starts_with('|') {
            break;
        }
        rows.push((start, end));
        if start == 0 || rows.len() > MAX_ROWS {
            break;
        }
        end = start - 1;
    }
    rows.reverse();
    // Header, separator, and at least one row.
    let separator = |&(s, e): &(usize, usize)| {
        answer[s..e]
            .chars()
            .all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
    };
    let sep = rows.iter().position(separator)?;
    (sep == 1).then_some(rows)
}

/// A total row's cell that is not the sum of the column above it, or a change cell that does
/// not follow from the two values before it, in the table row `answer[cs..ce]`: the cell's
/// byte range and the reason.
pub(super) fn table_conflict(
    answer: &str,
    cs: usize,
    ce: usize,
) -> Option<(usize, usize, &'static str)> {
    let row = answer[cs..ce].trim_start();
    if !row.starts_with('|') {
        return None;
    }
    let comma = super::items::comma_decimals(answer);
    let own = cells(answer, cs, ce);
    let above = rows_above(answer, cs)?;
    let header: Vec<String> = cells(answer, above[0].0, above[0].1)
        .iter()
        .map(|&(s, e)| answer[s..e].to_lowercase())
        .collect();
    let first = own.first().map(|&(s, e)| answer[s..e].to_lowercase())?;
    let is_total = |c: &str| {
        c.split(|ch: char| !ch.is_alphanumeric())
            .any(|w| w == "total")
    };
    if is_total(&first) {
        let body: Vec<Vec<(usize, usize)>> = above[2..]
            .iter()
            .map(|&(s, e)| cells(answer, s, e))
            .collect();
        // A subtotal or another total among the rows: the column is not a plain sum.
        if body.len() < 2
            || body.iter().any(|r| {
                r.first().is_none_or(|&(s, e)| {
                    let c = answer[s..e].to_lowercase();
                    c.contains("total") || c.contains("average") || c.contains("avg")
                })
            })
        {
            return None;
        }
        for (k, &(ts, te)) in own.iter().enumerate().skip(1) {
            let Some(total) = number(&answer[ts..te], comma).filter(|c| !c.percent) else {
                continue;
            };
            let mut sum = (0.0, 0.0);
            let mut counted = 0;
            let column = body.iter().all(|r| match r.get(k) {
                Some(&(s, e)) if blank(&answer[s..e]) => true,
                Some(&(s, e)) => match number(&answer[s..e], comma) {
                    Some(c) if !c.percent => {
                        sum = (sum.0 + c.value, sum.1 + c.half_unit);
                        counted += 1;
                        true
                    }
                    _ => false,
                },
                None => false,
            });
            if !column || counted < 2 {
                continue;
            }
            let tol = sum.1 + total.half_unit + 1e-9 * total.value.abs().max(1.0);
            if (sum.0 - total.value).abs() > tol {
                return Some((
                    ts,
                    te,
                    "a table's total is not the sum of the column above it",
                ));
            }
        }
        return None;
    }
    // A change column: the two values before it.
    for (k, h) in header.iter().enumerate().skip(2) {
        let change_header = h.contains("change")
            || h.contains('Δ')
            || h.contains('δ')
            || h.split(|ch: char| !ch.is_alphanumeric())
                .any(|w| matches!(w, "delta" | "diff" | "difference"));
        if !change_header || k >= own.len() {
            continue;
        }
        // The two columns before it compare like with like: both headers name a period or
        // a version (a digit each: "Q1 2026", "KW 10", "FY25"; or a word of time each:
        // "Last week", "This week"), and both cells are written alike (the same currency,
        // unit, percent sign). A change beside two different measures ("| Sales |
        // Transactions | Change vs LY |") is against a value the table does not show.
        let period = |h: &str| {
            h.contains(|ch: char| ch.is_ascii_digit())
                || h.split(|ch: char| !ch.is_alphanumeric())
                    .any(|w| PERIOD_WORDS.contains(&w))
        };
        if !(period(&header[k - 2]) && period(&header[k - 1])) {
            continue;
        }
        if shape(&answer[own[k - 2].0..own[k - 2].1]) != shape(&answer[own[k - 1].0..own[k - 1].1])
        {
            continue;
        }
        let cell = |j: usize| number(&answer[own[j].0..own[j].1], comma);
        let (Some(a), Some(b), Some(c)) = (cell(k - 2), cell(k - 1), cell(k)) else {
            continue;
        };
        let points = {
            let t = answer[own[k].0..own[k].1].to_lowercase();
            t.contains("pt") || t.contains("pp") || t.contains("point")
        };
        // Each reading the units allow: a percent change either way round ((b − a) / a or
        // (a − b) / b); a difference either way round, of amounts or of percentages (in
        // points). A reading none applies to leaves the cell unjudged.
        let relative = |from: Cell, to: Cell| -> Option<bool> {
            if !c.percent || from.value.abs() <= from.half_unit {
                return None;
            }
            let mut v: Vec<f64> = Vec::new();
            for df in [-from.half_unit, from.half_unit] {
                for dt in [-to.half_unit, to.half_unit] {
                    v.push(((to.value + dt) - (from.value + df)) / (from.value + df) * 100.0);
                }
            }
            let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            Some(lo - c.half_unit - 1e-9 <= c.value && c.value <= hi + c.half_unit + 1e-9)
        };
        let absolute = || -> Option<bool> {
            let units = a.percent == b.percent && (c.percent == a.percent || a.percent && points);
            if !units {
                return None;
            }
            let tol = a.half_unit + b.half_unit + c.half_unit + 1e-9;
            Some(
                ((b.value - a.value) - c.value).abs() <= tol
                    || ((a.value - b.value) - c.value).abs() <= tol,
            )
        };
        let readings = [relative(a, b), relative(b, a), absolute()];
        let holds = readings.iter().all(Option::is_none) || readings.contains(&Some(true));
        if !holds {
            return Some((
                own[k].0,
                own[k].1,
                "a table's change does not follow from the two values before it",
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flagged(answer: &str, row: &str) -> Option<String> {
        let cs = answer.find(row).unwrap();
        table_conflict(answer, cs, cs + row.len()).map(|(s, e, _)| answer[s..e].to_owned())
    }

    #[test]
    fn a_total_row_against_its_column() {
        let table = |r: &str| {
            format!(
                "Movements:\n\n| Ref | Date | Type | Issued | Returned |\n|---|---|---|--:|--:|\n| MV-1 | 2026-05-11 | issue | 240 | — |\n| MV-2 | 2026-05-12 | return | — | 360 |\n| MV-3 | 2026-05-13 | return | — | {r} |\n| MV-4 | 2026-05-14 | issue | 168 | — |\n| **Total** |  |  | 408 | 720 |\n\nBalance follows."
            )
        };
        let ok = table("360");
        assert_eq!(flagged(&ok, "| **Total** |  |  | 408 | 720 |"), None);
        let bad = table("24");
        assert_eq!(
            flagged(&bad, "| **Total** |  |  | 408 | 720 |").as_deref(),
            Some("720")
        );
        // Rounded amounts carry their rounding.
        let rounded =
            "| Store | Fees |\n|---|---|\n| A | €87.6K |\n| B | €82.7K |\n| Total | €170K |\n";
        assert_eq!(flagged(rounded, "| Total | €170K |"), None);
    }

    #[test]
    fn a_change_column_against_its_two_values() {
        let table = |a: &str| {
            format!(
                "| Metric | Q1 2026 | Q2 2026 | Change |\n|---|---|---|---|\n| Closed won | {a} | $3,406,000 | -25.7% |\n| Win rate | 27.9% | 37.2% | +9.3 pts |\n"
            )
        };
        let ok = table("$4,584,000");
        assert_eq!(
            flagged(&ok, "| Closed won | $4,584,000 | $3,406,000 | -25.7% |"),
            None
        );
        assert_eq!(
            flagged(&ok, "| Win rate | 27.9% | 37.2% | +9.3 pts |"),
            None
        );
        let bad = table("$3,406,000");
        assert_eq!(
            flagged(&bad, "| Closed won | $3,406,000 | $3,406,000 | -25.7% |").as_deref(),
            Some("-25.7%")
        );
        // Decimal commas and grouping dots.
        let eu = "Woche:\n\n| Anlage | KW 9 | KW 10 | Δ |\n|---|--:|--:|--:|\n| Eindhoven | 1.171 | 1.329 | +13,5% |\n| Breda | 880 | 940 | +6,8% |\n";
        assert_eq!(flagged(eu, "| Eindhoven | 1.171 | 1.329 | +13,5% |"), None);
        assert_eq!(flagged(eu, "| Breda | 880 | 940 | +6,8% |"), None);
        // A whole percentage is rounded.
        let whole = "| M | Q1 | Q2 | Change |\n|---|---|---|---|\n| Pipeline | $8,705,000 | $6,966,000 | -20% |\n";
        assert_eq!(
            flagged(whole, "| Pipeline | $8,705,000 | $6,966,000 | -20% |"),
            None
        );
        // A change in percentage points, or a relative change, of two percentages.
        // Not two periods: a change against a value the table does not show.
        let other =
            "| Store | Sales | Visits | Change |\n|---|---|---|---|\n| A | 1,200 | 300 | +4% |\n";
        assert_eq!(flagged(other, "| A | 1,200 | 300 | +4% |"), None);
        let rates = "| Rate | Q1 | Q2 | Change |\n|---|---|---|---|\n| Win | 27.9% | 37.2% | +9.3% |\n| Loss | 30.0% | 40.0% | +33.3% |\n";
        assert_eq!(flagged(rates, "| Win | 27.9% | 37.2% | +9.3% |"), None);
        assert_eq!(flagged(rates, "| Loss | 30.0% | 40.0% | +33.3% |"), None);
        let eu_bad = eu.replace("+6,8%", "+16,8%");
        assert_eq!(
            flagged(&eu_bad, "| Breda | 880 | 940 | +16,8% |").as_deref(),
            Some("+16,8%")
        );
    }
}
