//! Counts a claim states of the evidence's records: which noun a number counts (the head of a
//! compound), a count of some records whose values add up to a stated sum, a count of distinct
//! days, and the one weekday a sentence names (the records of a dated list on that weekday are
//! counted by [`super::records::ValueCounts::on_weekday`]). Used by [`super::number_check`].

use super::calc;
use super::evidence::Evidence;
use super::items::Item;
use super::numbers::{AnswerFacts, ClaimNumber};

/// The head of a compound whose first noun is the claim's counted `noun`: a singular noun
/// before a plural one modifies it ("19 desk days", "3 screen failures") — English compounds
/// put the plural on the head, which is what is counted. `after` is the text after the noun.
pub(super) fn compound_head(noun: Option<&str>, after: &str) -> Option<String> {
    let plural = |w: &str| w.ends_with('s') && !w.ends_with("ss");
    let noun = noun.filter(|n| !plural(n))?;
    let next = after
        .split_whitespace()
        .next()?
        .trim_matches(|ch: char| !ch.is_alphanumeric())
        .to_lowercase();
    (next.len() >= 4
        && next != noun
        && plural(&next)
        && next.chars().all(|ch| ch.is_ascii_alphabetic()))
    .then_some(next)
}

/// How far (bytes) from a count the sum it counts may be stated ("Usable kits: 31 across 3
/// lots").
const SUBSET_SUM_REACH: usize = 80;

/// A count of some records of a list the claim's noun names (`lens`: that list's length, more
/// than the count), whose values of one field add up to a number the answer states beside it:
/// "31 kits across 3 lots" when three of the four lots hold 14, 8 and 9 kits. The column must
/// be as long as the list, and the subset exactly as large as the count (two or more: one
/// record "adding up" to a stated value is only that value).
pub(super) fn counted_subset(
    ev: &Evidence,
    item: &Item,
    c: &ClaimNumber,
    facts: &AnswerFacts,
    lens: &[f64],
) -> bool {
    let n = c.value * c.magnitude;
    if c.value.fract() != 0.0 || !(2.0..=9.0).contains(&n) || !c.unit.is_empty() {
        return false;
    }
    let n = n as u32;
    let sums: Vec<f64> = facts
        .numbers
        .iter()
        .filter(|x| {
            x.quantity()
                && x.start() != item.start
                && x.start().abs_diff(item.start) <= SUBSET_SUM_REACH
        })
        .map(|x| x.value())
        .collect();
    ev.columns().any(|col| {
        lens.iter()
            .any(|&l| l == col.len() as f64 && l > f64::from(n))
            && calc::subset_sums(col, |k| k == n).any(|s| sums.iter().any(|x| (x - s).abs() < 1e-6))
    })
}

/// Records of a list, and distinct values of them, read by [`total_of_named_records`].
const MAX_NAMED_ROWS: usize = 64;
const MAX_NAMED_VALUES: usize = 32;

/// The total or mean of the field `key` over the records of a list that hold a value the
/// claim's sentence names ("2 orders ready and waiting (7 items all up)": `items` over the two
/// orders whose status is `ready`, not all four). The value must be held by some of the list's
/// records and not all, and `sentence` (normalized) must name it.
pub(super) fn total_of_named_records(
    ev: &Evidence,
    c: &ClaimNumber,
    sentence: &str,
    key: &str,
) -> bool {
    use super::numbers::matches_value;
    use super::terms::{contains_terms, normalize_terms};
    super::records::lists(&ev.records, MAX_NAMED_ROWS)
        .iter()
        .filter(|list| list.len() >= 2)
        .any(|list| {
            let col: Vec<(usize, f64)> = list
                .iter()
                .filter_map(|&r| ev.records[r].field(key).map(|v| (r, v)))
                .collect();
            if col.len() != list.len() {
                return false;
            }
            let mut values: Vec<&str> = list
                .iter()
                .flat_map(|&r| ev.records[r].keys.iter().map(String::as_str))
                .collect();
            values.sort_unstable();
            values.dedup();
            values.iter().take(MAX_NAMED_VALUES).any(|v| {
                let held: Vec<f64> = col
                    .iter()
                    .filter(|(r, _)| ev.records[*r].keys.iter().any(|k| k == v))
                    .map(|x| x.1)
                    .collect();
                if held.is_empty() || held.len() == col.len() {
                    return false;
                }
                let total: f64 = held.iter().sum();
                let fits = matches_value(c, total) || matches_value(c, total / held.len() as f64);
                fits && {
                    let named = normalize_terms(v);
                    !named.is_empty() && contains_terms(sentence, &named)
                }
            })
        })
}

/// "5 different days", "3 distinct dates": a count of distinct days. `noun` is the word
/// after the number, `after` the text after its item (which ends with that word).
pub(super) fn distinct_days_counted(noun: Option<&str>, after: &str) -> bool {
    let distinct = noun.is_some_and(|n| matches!(n, "different" | "distinct" | "separate"));
    let head = after.split_whitespace().next().map(|w| {
        w.trim_end_matches(|ch: char| !ch.is_alphanumeric())
            .to_ascii_lowercase()
    });
    distinct && matches!(head.as_deref(), Some("days" | "dates"))
}

/// The one weekday a sentence names, singular or plural ("Mondays"), as 0 =
/// Sunday … 6 = Saturday; `None` when it names none or several.
pub(super) fn named_weekday(sentence: &str) -> Option<i64> {
    let mut named = sentence
        .split(|ch: char| !ch.is_alphanumeric())
        .filter_map(|w| {
            let w = w.to_ascii_lowercase();
            let w = w.strip_suffix('s').unwrap_or(&w);
            calc::WEEKDAYS.iter().position(|d| *d == w)
        });
    let first = named.next()?;
    named.all(|d| d == first).then_some(first as i64)
}
/// Most values of a list [`enumerated_count`] counts.
const MAX_LISTED: usize = 24;

/// The shape of one listed value: a date, or a number with its currency and unit.
#[derive(PartialEq)]
enum Shape {
    Date,
    Number(String, String),
}

/// The shape of `s` when it is one value and nothing else: a date ("20 May", "3 Jun", "31/3",
/// "2026-03-02"), or a number with an optional currency before it and a percent sign or a
/// short unit after it ("6.5%", "$12.50", "38 t", "12kg").
fn shape(s: &str) -> Option<Shape> {
    let s = s
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(['.', ';', ':', ')'])
        .trim();
    if s.is_empty() || s.len() > 24 {
        return None;
    }
    if let Some(m) = super::items::re().date_text.find(s) {
        if m.start() == 0 && m.end() == s.len() {
            return Some(Shape::Date);
        }
    }
    // A month with its year ("January 2026", "Jan-2026"): a period.
    if let Some((m, y)) = s.split_once([' ', '-']) {
        let year = (y.len() == 4 || y.len() == 2) && y.bytes().all(|b| b.is_ascii_digit());
        if year && super::dates::month_name(m).is_some() {
            return Some(Shape::Date);
        }
    }
    // Day/month without a year ("31/3").
    if let Some((d, m)) = s.split_once('/') {
        let small = |x: &str, max: u32| {
            (1..=2).contains(&x.len()) && x.parse::<u32>().is_ok_and(|v| (1..=max).contains(&v))
        };
        if small(d, 31) && small(m, 31) {
            return Some(Shape::Date);
        }
    }
    let currency: String = s
        .chars()
        .take_while(|c| matches!(c, '$' | '€' | '£'))
        .collect();
    let rest = &s[currency.len()..];
    let digits = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(rest.len());
    if digits == 0 || !rest.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let unit = rest[digits..].trim_start();
    let unit_ok = unit.is_empty()
        || unit == "%"
        || unit.len() <= 5 && unit.chars().all(|c| c.is_alphabetic() || c == '/');
    unit_ok.then(|| Shape::Number(currency, unit.to_lowercase()))
}

/// A count of the values its sentence lists: "3 loads went to feed, with screenings of 6.5%,
/// 7.1%, 6.1%"; "still charged: 20 May, 27 May, 3 Jun (3 days)". A list is a run of two or more
/// values of one [`Shape`] joined only by commas, "and" or "&" — the first may end a longer
/// phrase ("screenings of 6.5%"), the last may begin one ("3 Jun (3 days)"). The count is
/// supported when such a list that does not hold it is exactly as long. Each listed value is
/// checked on its own; the count only says how many there are, so a changed count ("4 loads",
/// three values listed) is no such count.
pub(super) fn enumerated_count(answer: &str, item: &Item, c: &ClaimNumber) -> bool {
    let n = c.value * c.magnitude;
    if c.value.fract() != 0.0 || !(2.0..=MAX_LISTED as f64).contains(&n) || !c.currency.is_empty() {
        return false;
    }
    if c.is_percent() {
        return false;
    }
    let (offset, sentence_end) = super::states::whole_sentence_range(answer, item.start, item.end);
    let sentence = &answer[offset..sentence_end];
    let own = (item.start - offset, item.end - offset);
    // The parts between separators, with their byte ranges in the sentence.
    let mut parts: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    let bytes = sentence.as_bytes();
    let mut i = 0;
    while i < bytes.len() && parts.len() < 4 * MAX_LISTED {
        let at = |p: &[u8]| bytes[i..].starts_with(p);
        let sep = if at(b", and ") {
            6
        } else if at(b", ") || at(b" & ") {
            2 + usize::from(at(b" & "))
        } else if at(b" and ") {
            5
        } else {
            0
        };
        if sep > 0 {
            parts.push((from, i));
            from = i + sep;
            i += sep;
        } else {
            i += 1;
        }
    }
    parts.push((from, sentence.len()));
    // The value a part ends with (its last one to three words) and begins with (its first one
    // to three words), when it has one.
    let words = |r: (usize, usize)| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut at = r.0;
        for w in sentence[r.0..r.1].split(' ') {
            if !w.is_empty() {
                out.push((at, at + w.len()));
            }
            at += w.len() + 1;
        }
        out
    };
    let ending = |r: (usize, usize)| -> Option<(Shape, usize)> {
        let w = words(r);
        (1..=3.min(w.len())).rev().find_map(|k| {
            let s = w[w.len() - k].0;
            shape(&sentence[s..r.1]).map(|sh| (sh, s))
        })
    };
    let beginning = |r: (usize, usize)| -> Option<(Shape, usize)> {
        let w = words(r);
        (1..=3.min(w.len())).rev().find_map(|k| {
            let e = w[k - 1].1;
            let t = sentence[r.0..e].trim_end_matches([')', '(']);
            shape(t).map(|sh| (sh, e))
        })
    };
    let holds_count = |s: usize, e: usize| s < own.1 && own.0 < e;
    // Maximal lists only: a list's tail is no list of its own.
    let mut first = 0;
    while first + 1 < parts.len() {
        let Some((kind, s)) = ending(parts[first]) else {
            first += 1;
            continue;
        };
        let mut len = 1;
        let mut end = parts[first].1;
        let mut k = first + 1;
        // Whole parts of the same shape, then a part that begins with one.
        while k < parts.len() && len < MAX_LISTED {
            let whole = shape(&sentence[parts[k].0..parts[k].1]);
            if whole.as_ref() == Some(&kind) && k + 1 < parts.len() {
                len += 1;
                end = parts[k].1;
                k += 1;
                continue;
            }
            if let Some((sh, e)) = beginning(parts[k]) {
                if sh == kind {
                    len += 1;
                    end = e;
                }
            }
            break;
        }
        if len >= 2 && len as f64 == n && !holds_count(s, end) {
            return true;
        }
        first = k.max(first + 1);
    }
    false
}

/// Most records of one list, and numeric fields of a record, a threshold count looks at.
const MAX_THRESHOLD_RECORDS: usize = 64;
const MAX_THRESHOLD_FIELDS: usize = 12;

/// A count of the records of a list that lie below or above a threshold the claim states ("2
/// stores are below the 85% watch line", "1 campaign is below 1.0× ROAS"): some numeric field
/// of the list's records, or the ratio of two of them (a percent: times 100), lies beyond the
/// threshold on exactly that many records. The comparison follows the counted noun ("are
/// below", "fell under", "sit above"); the threshold is the first number after it in the
/// clause. Supports only: a count no field or ratio gives is left to the other checks.
pub(super) fn threshold_count(answer: &str, item: &Item, c: &ClaimNumber, ev: &Evidence) -> bool {
    let n = c.value * c.magnitude;
    if c.value.fract() != 0.0 || n < 1.0 || !c.unit.is_empty() || !c.currency.is_empty() {
        return false;
    }
    let rest = answer[item.end..].to_ascii_lowercase();
    let mut words = rest.split_whitespace().peekable();
    let mut skipped = 0;
    while let Some(w) = words.peek() {
        let w = w.trim_matches(|ch: char| !ch.is_alphanumeric());
        if skipped < 3
            && matches!(
                w,
                "are"
                    | "is"
                    | "were"
                    | "was"
                    | "sit"
                    | "sits"
                    | "sat"
                    | "fall"
                    | "fell"
                    | "came"
                    | "come"
                    | "in"
                    | "ran"
                    | "run"
                    | "still"
                    | "now"
                    | "currently"
                    | "all"
            )
        {
            words.next();
            skipped += 1;
        } else {
            break;
        }
    }
    let Some(first) = words.next() else {
        return false;
    };
    let second = words.peek().copied().unwrap_or("");
    let below = match (first, second) {
        ("below" | "under", _) => true,
        ("above" | "over", _) => false,
        ("less" | "lower" | "fewer", "than") => true,
        ("more" | "higher" | "greater", "than") => false,
        _ => return false,
    };
    // The threshold: the first number after the comparison, in the same clause.
    let at = answer[item.end..]
        .to_ascii_lowercase()
        .find(first)
        .map_or(item.end, |p| item.end + p + first.len());
    let clause_end = answer[at..]
        .find(['.', ';', '\n', '(', '—'])
        .map_or(answer.len(), |e| at + e)
        .min(at + 80);
    let clause_end = crate::text::floor_char_boundary(answer, clause_end);
    let Some(t) = super::items::re()
        .number_in(answer)
        .captures(&answer[at..clause_end])
    else {
        return false;
    };
    let threshold =
        super::items::captured_value(&t).unwrap_or(f64::NAN) * super::items::captured_magnitude(&t);
    let percent = super::items::captured_unit(&t) == "%";
    if !threshold.is_finite() {
        return false;
    }
    // A ratio against a percent is a hundredth; so is a field's fraction (`0.797`).
    let beyond = |v: f64, ratio: bool| {
        let v = if percent && (ratio || v.abs() <= 1.0) {
            v * 100.0
        } else {
            v
        };
        if below {
            v < threshold
        } else {
            v > threshold
        }
    };
    let want = n as usize;
    super::records::lists(&ev.records, MAX_THRESHOLD_RECORDS)
        .iter()
        .filter(|l| l.len() >= want)
        .any(|list| {
            super::records::list_columns(&ev.records, list, MAX_THRESHOLD_FIELDS)
                .any(|(ratio, col)| col.iter().filter(|&&v| beyond(v, ratio)).count() == want)
        })
}

/// Words that name a statistic of a list's records.
const STATISTIC_WORDS: &[&str] = &["median", "average", "mean"];

/// A median or mean the words before the number name ("**Median CPL:** £68.37 across the 4
/// campaigns", "an average cost per visit of €4.20") of a field of a list's records, or of the
/// ratio of two of their fields (spend ÷ leads per campaign): the calculator's statistics of
/// per-record ratios. Only where the statistic is named in the number's sentence before it, so
/// a value is not matched against every statistic of every pair; bounded like
/// [`threshold_count`].
pub(super) fn statistic_of_ratios(
    answer: &str,
    item: &Item,
    c: &ClaimNumber,
    ev: &Evidence,
) -> bool {
    let start = super::states::whole_sentence_start(answer, item.start);
    let named = answer[start..item.start]
        .to_ascii_lowercase()
        .split(|ch: char| !ch.is_alphanumeric())
        .any(|w| STATISTIC_WORDS.contains(&w));
    if !named {
        return false;
    }
    let stats = |mut col: Vec<f64>| -> [f64; 2] {
        col.sort_by(f64::total_cmp);
        let n = col.len();
        let median = if n % 2 == 1 {
            col[n / 2]
        } else {
            (col[n / 2 - 1] + col[n / 2]) / 2.0
        };
        [median, col.iter().sum::<f64>() / n as f64]
    };
    let meets = |col: Vec<f64>| {
        col.len() >= 2
            && stats(col)
                .iter()
                .any(|&v| super::numbers::matches_value(c, v))
    };
    super::records::lists(&ev.records, MAX_THRESHOLD_RECORDS)
        .iter()
        .filter(|l| l.len() >= 2)
        .any(|list| {
            super::records::list_columns(&ev.records, list, MAX_THRESHOLD_FIELDS)
                .any(|(_, col)| meets(col))
        })
}
